// HIP to OpenCL C: HIP's own scoped forms (__builtin_amdgcn_fence,
// __builtin_amdgcn_s_barrier, __hip_atomic_*) and the spellings HIP shares
// with CUDA, through the dialect to OpenCL C 2.0 and 3.0
// (docs/hip-to-opencl.md). Every output is compiled by clang's OpenCL C
// mode; the input is checked as HIP where the HIP headers are installed.
// RUN: %if hip-headers %{ %hip-clang -fsyntax-only %s %}
// RUN: xfence translate %s --to opencl -cl-std=CL2.0 --cuda-builtin-header --no-coalesce -o %t20.cl
// RUN: grep -v '^ *//' %t20.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL2.0 -Xclang -finclude-default-header -fsyntax-only %t20.cl
// RUN: xfence translate %s --to opencl -cl-std=CL3.0 --cuda-builtin-header -o %t30.cl
// RUN: grep -v '^ *//' %t30.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t30.cl
#include <hip/hip_runtime.h>

// The widest scope of the file is the agent's (a device), and OpenCL C 2.x
// synchronizes two operations only at one scope: every fence and atomic
// has it (docs/cuda-to-opencl.md, "equal scopes"). Fences order local and
// global memory: AMD's two-argument fence orders every address space.

// CHECK-LABEL: __kernel void fences(__global int *data, __global int *flag)
__global__ void fences(int *data, int *flag) {
  data[0] = 1;
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront");
  // CHECK: atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_device);
  data[1] = 2;
  __builtin_amdgcn_fence(__ATOMIC_ACQ_REL, "workgroup");
  // CHECK: atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_acq_rel, memory_scope_device);
  data[2] = 3;
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "agent");
  // CHECK: atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_acquire, memory_scope_device);
  data[3] = 4;
  // A -one-as scope orders one address space: imported for both (never
  // weaker).
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "agent-one-as");
  // CHECK: atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_device);
  flag[0] = 1;
}

// CHECK-LABEL: __kernel void barriers(__global int *out)
__global__ void barriers(int *out) {
  __shared__ int tile[64];
  // CHECK: __local int tile[64];
  tile[threadIdx.x] = out[threadIdx.x];
  // HIP's s_barrier orders no memory by itself: an execution-only barrier.
  __builtin_amdgcn_s_barrier();
  // CHECK: barrier(0);
  // HIP's own barrier expansion: fences around it.
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
  // CHECK-NEXT: atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_device);
  // CHECK-NEXT: barrier(0);
  // CHECK-NEXT: atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_acquire, memory_scope_device);
  // __syncthreads has CUDA's meaning (HIP 5.2's orders local memory only:
  // CUDA's reading is the stronger, docs/semantics.md §3.6).
  __syncthreads();
  // CHECK-NEXT: barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  out[threadIdx.x] = tile[63 - threadIdx.x];
}

// CHECK-LABEL: __kernel void atomics(__global int *p, __global unsigned int *u, __global int *out)
__global__ void atomics(int *p, unsigned int *u, int *out) {
  int a = __hip_atomic_fetch_add(p, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  // CHECK: int a = atomic_fetch_add_explicit((volatile __global atomic_int *)(p), 1, memory_order_relaxed, memory_scope_device);
  int b = __hip_atomic_exchange(p, 2, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
  // CHECK: int b = atomic_exchange_explicit((volatile __global atomic_int *)(p), 2, memory_order_relaxed, memory_scope_device);
  __hip_atomic_store(p, 3, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  // CHECK: atomic_store_explicit((volatile __global atomic_int *)(p), 3, memory_order_relaxed, memory_scope_device);
  int c = __hip_atomic_load(p, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  // CHECK: int c = atomic_load_explicit((volatile __global atomic_int *)(p), memory_order_relaxed, memory_scope_device);
  // CUDA's legacy atomics, which HIP declares with CUDA's meaning.
  int old = atomicCAS(p, 0, 5);
  // CHECK: int old = xfence_cas_global_int(p, 0, 5, memory_order_relaxed, memory_order_relaxed, memory_scope_device);
  int d = atomicAdd(p, 6);
  // CHECK: int d = atomic_fetch_add_explicit((volatile __global atomic_int *)(p), 6, memory_order_relaxed, memory_scope_device);
  unsigned int e = atomicInc(u, 9u);
  // CHECK: unsigned int e = xfence_atomic_inc_global_uint(u, 9u, memory_order_relaxed, memory_scope_device);
  out[0] = a + b + c + d + (int)e + old;
}

// Host code, HIP's runtime API and its launches, is left out.
int main() {
  int *d;
  hipMalloc(&d, 64 * sizeof(int));
  hipLaunchKernelGGL(barriers, dim3(1), dim3(64), 0, 0, d);
  return hipDeviceSynchronize() != hipSuccess;
}
// CHECK: /* xfence: host function 'main' left out */
