//===- RuntimeData.cpp - the embedded runtime of --to cpu -----------------===//
//
// The bitcode files built from Runtime.c and Builtins.cl, and Launch.h,
// included in the library by the assembler (.incbin): xfence needs no file at
// run time.
//
//===----------------------------------------------------------------------===//

#include "backends/cpu/runtime/RuntimeData.h"

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

XFENCE_EMBED(xfence_cpu_runtime_bc, XFENCE_CPU_RUNTIME_BC)
XFENCE_EMBED(xfence_cpu_builtins_bc, XFENCE_CPU_BUILTINS_BC)
XFENCE_EMBED(xfence_cpu_launch_h, XFENCE_CPU_LAUNCH_H)

llvm::StringRef xfence::cpuRuntimeBitcode() {
  return llvm::StringRef(xfence_cpu_runtime_bc_begin,
                         xfence_cpu_runtime_bc_end -
                             xfence_cpu_runtime_bc_begin);
}

llvm::StringRef xfence::cpuBuiltinsBitcode() {
  return llvm::StringRef(xfence_cpu_builtins_bc_begin,
                         xfence_cpu_builtins_bc_end -
                             xfence_cpu_builtins_bc_begin);
}

llvm::StringRef xfence::cpuLaunchHeader() {
  return llvm::StringRef(xfence_cpu_launch_h_begin,
                         xfence_cpu_launch_h_end - xfence_cpu_launch_h_begin);
}
