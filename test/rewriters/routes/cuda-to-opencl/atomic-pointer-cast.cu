// An atomic member call through a pointer cast to cuda::atomic<T, S> *: the
// C++ type named in the cast has no OpenCL C spelling, so the object is the
// cast's operand (the translation used to keep the cast, an output that
// exited 0 and that no OpenCL C compiler accepts).
// RUN: xfence translate %s --to opencl --cuda-builtin-header -cl-std=CL3.0 -o %t30.cl
// RUN: grep -v '^ *//' %t30.cl | FileCheck %s
// RUN: not xfence translate %s --to opencl --cuda-builtin-header -cl-std=CL3.0 -DHELD -o %t.err.cl 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not test -e %t.err.cl
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t30.cl
#include <cuda/atomic>

__global__ void k(int *p, int *out) {
  // CHECK-LABEL: __kernel void k(
  // CHECK-NOT: cuda::
  // CHECK: atomic_store_explicit((volatile __global atomic_int *)(p), 1, memory_order_release, memory_scope_device);
  ((cuda::atomic<int, cuda::thread_scope_device> *)p)->store(1, cuda::memory_order_release);
  // CHECK: out[0] = atomic_load_explicit((volatile __global atomic_int *)((p + 1)), memory_order_acquire, memory_scope_device);
  out[0] = ((cuda::atomic<int, cuda::thread_scope_device> *)(p + 1))->load(cuda::memory_order_acquire);
  // CHECK-NOT: cuda::
  // CHECK: #ifdef HELD
#ifdef HELD
  // ERR: atomic-pointer-cast.cu:[[@LINE+1]]:53: error: a pointer to a cuda::atomic type has no OpenCL C form except as the object of an atomic member call
  cuda::atomic<int, cuda::thread_scope_device> *a = (cuda::atomic<int, cuda::thread_scope_device> *)p;
  a->store(2, cuda::memory_order_relaxed);
#endif
}
