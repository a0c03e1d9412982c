//===- EmbeddedFile.h - a file's bytes in the library -----------*- C++ -*-===//
//
// A file read into the library when xfence is built (the assembler's
// .incbin), so that xfence needs no file at run time: the CPU runtime's
// bitcode (backends/cpu/runtime) and the text libraries that translations
// carry (rewriters/sources/opencl/library, rewriters/targets/alpaka/library).
// PATH is a string literal, usually a compile definition set by CMake; the
// source file that embeds it lists the file in OBJECT_DEPENDS, so that an
// edit of the file rebuilds it.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_BACKENDS_COMMON_EMBEDDEDFILE_H
#define XFENCE_BACKENDS_COMMON_EMBEDDEDFILE_H

#include "llvm/ADT/StringRef.h"

/// Defines NAME_begin and NAME_end around the bytes of the file at PATH
/// (followed by a NUL byte that NAME_end does not count).
#define XFENCE_EMBED(NAME, PATH)                                               \
  __asm__(".section .rodata\n"                                                 \
          ".p2align 4\n"                                                       \
          ".globl " #NAME "_begin\n"                                           \
          ".hidden " #NAME "_begin\n" #NAME "_begin:\n"                        \
          ".incbin \"" PATH "\"\n"                                             \
          ".globl " #NAME "_end\n"                                             \
          ".hidden " #NAME "_end\n" #NAME "_end:\n"                            \
          ".byte 0\n"                                                          \
          ".previous\n");                                                      \
  extern "C" const char NAME##_begin[];                                        \
  extern "C" const char NAME##_end[];

/// The bytes embedded as NAME.
#define XFENCE_EMBEDDED(NAME)                                                  \
  llvm::StringRef(NAME##_begin, NAME##_end - NAME##_begin)

namespace xfence {

/// The text of an embedded source file without its leading comment block
/// (the lines that start with `//` before the first other line): what a
/// file says of itself to its maintainers stays out of the translations
/// that carry its text.
inline llvm::StringRef withoutFileHeader(llvm::StringRef text) {
  while (text.starts_with("//")) {
    size_t end = text.find('\n');
    text = end == llvm::StringRef::npos ? llvm::StringRef()
                                        : text.drop_front(end + 1);
  }
  return text.drop_while([](char c) { return c == '\n'; });
}

} // namespace xfence

#endif // XFENCE_BACKENDS_COMMON_EMBEDDEDFILE_H
