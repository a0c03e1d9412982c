// Clang's builtins for PTX's membar (__nvvm_membar_cta, _gl, _sys), which
// CUDA's headers define __threadfence_block, __threadfence and
// __threadfence_system with, are the same seq_cst fences. Not imported,
// `--to hip` kept them and HIP has no such builtin (exit 0, an output that
// did not compile); `--to opencl` refused them.
// RUN: xfence-translate --import-cuda --cuda-builtin-header %s | FileCheck %s
// RUN: xfence translate %s --to hip --cuda-builtin-header -o %t.hip
// RUN: grep -v '^//' %t.hip | FileCheck %s --check-prefix=HIP
// RUN: %if hip-headers %{ %hip-clang -std=c++17 -fsyntax-only %t.hip %}
// RUN: xfence translate %s --to opencl -cl-std=CL3.0 --cuda-builtin-header -o %t.cl
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t.cl

// CHECK-LABEL: func.func @k(
// CHECK: xfence.fence device seq_cst
// CHECK: xfence.fence system seq_cst
// CHECK: xfence.fence workgroup seq_cst
// HIP: __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "agent");
// HIP: __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "");
// HIP: __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "workgroup");
// HIP-NOT: __nvvm_membar
__global__ void k(int *p) {
  p[0] = 1;
  __nvvm_membar_gl();
  p[1] = 2;
  __nvvm_membar_sys();
  p[2] = 3;
  __nvvm_membar_cta();
  p[3] = 4;
}
