# Precompiled headers (XFENCE_PRECOMPILED_HEADERS, on by default with
# clang): the LLVM, MLIR and Clang headers of cmake/XFencePrecompiled.h are
# parsed once, in the object library XFencePrecompiled, and every xfence
# library's files start from that parse (REUSE_FROM): each of them used to
# spend most of its compile time in those headers. The libraries are
# compiled with the same flags as the donor (position-independent, without
# exceptions); the xfence tool, built with exceptions (CLI11), precompiles
# the header for itself.
#
# xfence_precompile_headers(): call once, after every library is defined.

function(xfence_collect_object_libraries dir out)
  get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
  set(found)
  foreach(target ${targets})
    get_target_property(type ${target} TYPE)
    if(type STREQUAL "OBJECT_LIBRARY" AND target MATCHES "^obj\\.XFence")
      list(APPEND found ${target})
    endif()
  endforeach()
  get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
  foreach(subdir ${subdirs})
    xfence_collect_object_libraries(${subdir} more)
    list(APPEND found ${more})
  endforeach()
  set(${out} ${found} PARENT_SCOPE)
endfunction()

function(xfence_precompile_headers)
  set(header ${XFENCE_SOURCE_DIR}/cmake/XFencePrecompiled.h)
  add_library(XFencePrecompiled OBJECT
    ${XFENCE_SOURCE_DIR}/cmake/XFencePrecompiled.cpp)
  set_target_properties(XFencePrecompiled PROPERTIES
    POSITION_INDEPENDENT_CODE ON)
  llvm_update_compile_flags(XFencePrecompiled)
  target_precompile_headers(XFencePrecompiled PRIVATE ${header})

  xfence_collect_object_libraries(${XFENCE_SOURCE_DIR} libraries)
  foreach(library ${libraries})
    target_precompile_headers(${library} REUSE_FROM XFencePrecompiled)
  endforeach()
  if(TARGET xfence)
    target_precompile_headers(xfence PRIVATE ${header})
  endif()
endfunction()
