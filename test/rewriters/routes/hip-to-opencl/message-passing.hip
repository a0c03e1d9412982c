// A HIP message-passing kernel with an ordered flag: the acquire load and
// the release store keep their orders in OpenCL C 2.0 and 3.0; the file
// touches __shared__ and global memory, and an OpenCL atomic synchronizes
// its own space only, so ordered atomics get fences with both flags
// (docs/cuda-to-opencl.md, "Ordered atomics in OpenCL C 2.x"). OpenCL C
// 1.2 has no device scope: a located error, no output.
// RUN: xfence translate %s --to opencl -cl-std=CL3.0 --cuda-builtin-header -o %t30.cl
// RUN: grep -v '^ *//' %t30.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t30.cl
// RUN: not xfence translate %s --to opencl -cl-std=CL1.2 --cuda-builtin-header -o %t12.cl 2>&1 | FileCheck %s --check-prefix=CL12
// RUN: not test -e %t12.cl
#include <hip/hip_runtime.h>

__global__ void publish(int *data, int *flag, int *out) {
  __shared__ int tile[64];
  tile[threadIdx.x] = data[threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0) {
    data[64 + blockIdx.x] = tile[63];
    __hip_atomic_store(flag, 1, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_AGENT);
  }
  int v = __hip_atomic_load(flag, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_AGENT);
  out[hipBlockIdx_x] = v;
}
// CHECK-LABEL: __kernel void publish(
// CHECK: atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_device), atomic_store_explicit((volatile __global atomic_int *)(flag), 1, memory_order_relaxed, memory_scope_device)
// CHECK: int v = xfence_then_int_0(atomic_load_explicit((volatile __global atomic_int *)(flag), memory_order_relaxed, memory_scope_device));
// CHECK: out[(uint)get_group_id(0)] = v;
// CL12: message-passing.hip:[[@LINE-9]]:5: error: scope 'device' has no equal or wider form on target 'opencl1.2'; refusing to weaken it
