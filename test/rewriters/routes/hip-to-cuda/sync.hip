// HIP to CUDA: HIP's own scoped forms (__builtin_amdgcn_fence,
// __builtin_amdgcn_s_barrier, __hip_atomic_*) and the spellings HIP shares
// with CUDA, through the dialect; the runtime API, the launches and the
// headers renamed (docs/hip-to-cuda.md). The input is checked as HIP where
// the HIP headers are installed; the output is parsed again as CUDA.
// RUN: %if hip-headers %{ %hip-clang -fsyntax-only %s %}
// RUN: xfence translate %s --to cuda --cuda-builtin-header --no-coalesce -o %t.cu
// RUN: head -19 %t.cu | FileCheck %s --check-prefix=PRELUDE
// RUN: grep -v '^ *//' %t.cu | FileCheck %s
// RUN: xfence-translate --import-cuda --cuda-builtin-header %t.cu -o /dev/null
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -std=c++17 -c %t.cu -o %t.o %}
// RUN: xfence translate %s --to cuda --cuda-builtin-header -o - | FileCheck %s --check-prefix=COALESCED
#include <hip/hip_runtime.h>
#include <cstdio>

// PRELUDE: // Translated from HIP to CUDA by xfence (docs/hip-to-cuda.md).
// PRELUDE-NEXT: #include <cassert>
// PRELUDE-NEXT: #include <cmath>
// PRELUDE-NEXT: #include <cstddef>
// PRELUDE-NEXT: #include <cstdint>
// PRELUDE-NEXT: #include <cstdio>
// PRELUDE-NEXT: #include <cstdlib>
// PRELUDE-NEXT: #include <cstring>
// PRELUDE-NEXT: #include <ctime>
// PRELUDE-NEXT: #include <algorithm>
// PRELUDE-NEXT: #include <array>
// PRELUDE-NEXT: #include <limits>
// PRELUDE-NEXT: #include <sstream>
// PRELUDE-NEXT: #include <stdexcept>
// PRELUDE-NEXT: #include <string>
// PRELUDE-NEXT: #include <thread>
// PRELUDE-NEXT: #include <utility>
// PRELUDE-NEXT: #include <cuda/atomic>
// CHECK: #include <cuda_runtime.h>

#define CHECK(e) do { hipError_t err = (e); if (err != hipSuccess) { printf("%s\n", hipGetErrorString(err)); return 1; } } while (0)
// CHECK: #define CHECK(e) do { cudaError_t err = (e); if (err != cudaSuccess) { printf("%s\n", cudaGetErrorString(err)); return 1; } } while (0)

__device__ unsigned int count = 0;

// The spellings HIP shares with CUDA mean the same there: kept.
__global__ void shared_spellings(float *partial, unsigned *last) {
  partial[blockIdx.x] = 1.0f;
  __threadfence();
  unsigned v = atomicInc(&count, gridDim.x);
  __threadfence_block();
  __threadfence_system();
  __syncthreads();
  atomicAdd(last, v);
  atomicCAS(last, 0u, 1u);
  atomicMax_system(last, 2u);
}
// CHECK-LABEL: void shared_spellings(
// CHECK: __threadfence();
// CHECK-NEXT: unsigned v = atomicInc(&count, gridDim.x);
// CHECK-NEXT: __threadfence_block();
// CHECK-NEXT: __threadfence_system();
// CHECK-NEXT: __syncthreads();
// CHECK-NEXT: atomicAdd(last, v);
// CHECK-NEXT: atomicCAS(last, 0u, 1u);
// CHECK-NEXT: atomicMax_system(last, 2u);

// AMDGPU's sync scopes: "" is the system, "agent" the device; a "-one-as"
// scope is taken for all address spaces (stronger). s_barrier orders no
// memory: the fences around it stay.
__global__ void amdgcn(int *data) {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
  __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "agent");
  __builtin_amdgcn_fence(__ATOMIC_ACQ_REL, "");
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "agent-one-as");
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront");
}
// CHECK-LABEL: void amdgcn(
// CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_block);
// CHECK-NEXT: __syncthreads();
// CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_block);
// CHECK-NEXT: __threadfence();
// CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_acq_rel, cuda::thread_scope_system);
// CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_device);
// CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_block);

// __hip_atomic_*: relaxed read-modify-writes in CUDA's legacy functions at
// the scope asked for; the rest in cuda::atomic_ref, in parentheses (the
// comma of its template arguments would split a macro's argument).
__global__ void scoped(int *flag, unsigned *u, float *f, long long *l) {
  __hip_atomic_store(&flag[0], 1, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_AGENT);
  int seen = __hip_atomic_load(&flag[1], __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_WORKGROUP);
  __hip_atomic_fetch_add(&flag[2], seen, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
  __hip_atomic_fetch_max(u, 3u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_SYSTEM);
  __hip_atomic_fetch_add(f, 1.0f, __ATOMIC_ACQ_REL, __HIP_MEMORY_SCOPE_AGENT);
  __hip_atomic_exchange(l, 5ll, __ATOMIC_SEQ_CST, __HIP_MEMORY_SCOPE_AGENT);
  int expected = 0;
  bool ok = __hip_atomic_compare_exchange_strong(&flag[3], &expected, 7, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_AGENT);
  __hip_atomic_compare_exchange_weak(&flag[4], &expected, 8, __ATOMIC_RELAXED, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
}
// CHECK-LABEL: void scoped(
// CHECK-NEXT: (cuda::atomic_ref<int, cuda::thread_scope_device>(*(int *)(&flag[0])).store(1, cuda::memory_order_release));
// CHECK-NEXT: int seen = (cuda::atomic_ref<int, cuda::thread_scope_block>(*(int *)(&flag[1])).load(cuda::memory_order_acquire));
// CHECK-NEXT: atomicAdd_block((int *)(&flag[2]), (int)(seen));
// CHECK-NEXT: atomicMax_system((unsigned int *)(u), (unsigned int)(3u));
// CHECK-NEXT: (cuda::atomic_ref<float, cuda::thread_scope_device>(*(float *)(f)).fetch_add(1.0f, cuda::memory_order_acq_rel));
// CHECK-NEXT: (cuda::atomic_ref<long long, cuda::thread_scope_device>(*(long long *)(l)).exchange(5ll, cuda::memory_order_seq_cst));
// CHECK-NEXT: int expected = 0;
// CHECK-NEXT: bool ok = (cuda::atomic_ref<int, cuda::thread_scope_device>(*(int *)(&flag[3])).compare_exchange_strong(*(&expected), 7, cuda::memory_order_acq_rel, cuda::memory_order_acquire));
// CHECK-NEXT: (cuda::atomic_ref<int, cuda::thread_scope_block>(*(int *)(&flag[4])).compare_exchange_weak(*(&expected), 8, cuda::memory_order_relaxed, cuda::memory_order_relaxed));

// Cluster scope (clang 22's __HIP_MEMORY_SCOPE_CLUSTER): the `cuda` row
// widens it to device (CUDA 13.0's libcu++ has no public
// thread_scope_cluster; docs/semantics.md §3).
__global__ void cluster(int *p) {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "cluster");
  __hip_atomic_fetch_add(p, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_CLUSTER);
}
// CHECK-LABEL: void cluster(
// CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_device);
// CHECK-NEXT: atomicAdd((int *)(p), (int)(1));

// Early HIP's index macros, HIP_DYNAMIC_SHARED.
__global__ void indices(float *out) {
  HIP_DYNAMIC_SHARED(float, tile)
  tile[hipThreadIdx_x] = out[hipBlockIdx_x * hipBlockDim_x + hipThreadIdx_x];
  __syncthreads();
  out[hipBlockIdx_x] = tile[0] + hipGridDim_x;
}
// CHECK-LABEL: void indices(
// CHECK-NEXT: extern __shared__ float tile[];
// CHECK-NEXT: tile[threadIdx.x] = out[blockIdx.x * blockDim.x + threadIdx.x];

// With coalescing, a block fence next to a system fence adds nothing; the
// fences after s_barrier become one system fence (seq_cst).
// COALESCED-LABEL: void shared_spellings(
// COALESCED: unsigned v = atomicInc(&count, gridDim.x);
// COALESCED-NEXT: __threadfence_system();
// COALESCED-NEXT: ((void)0) /* xfence: __threadfence_system() merged into the construct at line 46, column 3 */;
// COALESCED-LABEL: void amdgcn(
// COALESCED-NEXT: cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_block);
// COALESCED-NEXT: __syncthreads();
// COALESCED-NEXT: __threadfence_system();
// COALESCED-COUNT-4: merged into the construct at line 69, column 3

int main() {
  float *d;
  unsigned *last;
  CHECK(hipMalloc(&d, 1024 * sizeof(float)));
  CHECK(hipMalloc((void **)&last, sizeof(unsigned)));
  hipLaunchKernelGGL(shared_spellings, dim3(4), dim3(256), 0, 0, d, last);
  hipLaunchKernelGGL(HIP_KERNEL_NAME(indices), dim3(4), dim3(64), 64 * sizeof(float), 0, d);
  hipLaunchKernelGGL(amdgcn, 1, 64, 0, 0, (int *)d);
  CHECK(hipDeviceSynchronize());
  hipFree(d);
  return 0;
}
// CHECK-LABEL: int main() {
// CHECK: CHECK(cudaMalloc(&d, 1024 * sizeof(float)));
// CHECK-NEXT: CHECK(cudaMalloc((void **)&last, sizeof(unsigned)));
// CHECK-NEXT: shared_spellings<<<dim3(4), dim3(256), 0, 0>>>(d, last);
// CHECK-NEXT: indices<<<dim3(4), dim3(64), 64 * sizeof(float), 0>>>(d);
// CHECK-NEXT: amdgcn<<<1, 64, 0, 0>>>((int *)d);
// CHECK-NEXT: CHECK(cudaDeviceSynchronize());
// CHECK-NEXT: cudaFree(d);
