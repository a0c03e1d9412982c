// CUDA to HIP: every CUDA fence, barrier and atomic in AMD's own scoped
// forms (docs/semantics.md §3.4); the rest of the file as written. Where the
// HIP headers are installed, clang's HIP mode accepts the output.
// RUN: xfence translate %s --to hip --cuda-builtin-header --no-coalesce -o %t.hip
// RUN: head -3 %t.hip | FileCheck %s --check-prefix=PRELUDE
// RUN: grep '^// x[a-z]*: #include' %t.hip | FileCheck %s --check-prefix=INCLUDES
// RUN: grep -v '^ *//' %t.hip | FileCheck %s
// RUN: %if hip-headers %{ %hip-clang -fsyntax-only -Wno-unused-value %t.hip %}
#include <cuda_runtime.h>
#include <cuda/atomic>

// PRELUDE: #include <hip/hip_runtime.h>
// PRELUDE-NEXT: // xfence: end of prelude
// INCLUDES: // xfence: #include <cuda_runtime.h> (the prelude includes <hip/hip_runtime.h>)
// INCLUDES-NEXT: // xfence: #include <cuda/atomic> (the prelude includes <hip/hip_runtime.h>)

// CHECK-LABEL: __global__ void fences(int *p) {
__global__ void fences(int *p) {
  p[0] = 1;
  // CHECK-NEXT: p[0] = 1;
  // CHECK-NEXT: __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "workgroup");
  __threadfence_block();
  // CHECK-NEXT: __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "agent");
  __threadfence();
  // CHECK-NEXT: __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "");
  __threadfence_system();
  // CHECK-NEXT: __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_block);
  // CHECK-NEXT: __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "agent");
  cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_device);
  p[1] = 2;
}

// CUDA's barrier orders global and shared memory for the block: HIP 5.2's
// __syncthreads() fences only local memory, so the barrier is written with
// its fences.
// CHECK-LABEL: __global__ void barriers(int *p) {
__global__ void barriers(int *p) {
  __shared__ int s[64];
  s[threadIdx.x] = p[threadIdx.x];
  // CHECK: (__builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup"), __builtin_amdgcn_s_barrier(), __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup"));
  __syncthreads();
  // CHECK-NEXT: int n = ({ __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup"); int xfence_reduced = __syncthreads_count(s[63 - threadIdx.x] > 0); __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup"); xfence_reduced; });
  int n = __syncthreads_count(s[63 - threadIdx.x] > 0);
  // CHECK-NEXT: if (({ {{.*}} = __syncthreads_and(n > 3); {{.*}} }) || ({ {{.*}} = __syncthreads_or(n < 0); {{.*}} }))
  if (__syncthreads_and(n > 3) || __syncthreads_or(n < 0))
    p[threadIdx.x] = n;
  // A warp of 32 lies in one wavefront, whose lanes run in lockstep.
  // CHECK: (__builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront"), __builtin_amdgcn_wave_barrier(), __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront"));
  __syncwarp();
}

// HIP declares CUDA's legacy atomics with the same meaning (relaxed, agent
// or system scope): they stay as written. HIP has no _block forms.
// CHECK-LABEL: __global__ void atomics(int *i, unsigned *u, float *f, unsigned long long *l) {
__global__ void atomics(int *i, unsigned *u, float *f, unsigned long long *l) {
  // CHECK-NEXT: atomicAdd(i, 1);
  atomicAdd(i, 1);
  // CHECK-NEXT: atomicAdd_system(f, 1.0f);
  atomicAdd_system(f, 1.0f);
  // CHECK-NEXT: __builtin_amdgcn_atomic_inc32((unsigned int *)(u), (unsigned int)(7u), __ATOMIC_RELAXED, "agent");
  atomicInc(u, 7u);
  // CHECK-NEXT: atomicCAS(l, 0ull, 1ull);
  atomicCAS(l, 0ull, 1ull);
  // CHECK-NEXT: __hip_atomic_fetch_add((int *)(i), (int)(2), __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
  atomicAdd_block(i, 2);
  // CHECK-NEXT: __hip_atomic_fetch_max((unsigned int *)(u), (unsigned int)(3u), __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
  atomicMax_block(u, 3u);
  // CHECK-NEXT: __builtin_amdgcn_atomic_dec32((unsigned int *)(u), (unsigned int)(9u), __ATOMIC_RELAXED, "workgroup");
  atomicDec_block(u, 9u);
  // libcu++'s ordered atomics: the order and scope of the operation.
  // CHECK-NEXT: __hip_atomic_fetch_add((int *)(&(i[1])), (int)(1), __ATOMIC_ACQ_REL, __HIP_MEMORY_SCOPE_AGENT);
  cuda::atomic_ref<int, cuda::thread_scope_device>(i[1]).fetch_add(1, cuda::memory_order_acq_rel);
  // CHECK-NEXT: __hip_atomic_store((int *)(&(i[2])), (int)(5), __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_WORKGROUP);
  cuda::atomic_ref<int, cuda::thread_scope_block>(i[2]).store(5, cuda::memory_order_release);
}

// A template instantiated for two types: one text serves both.
// CHECK-LABEL: template <typename T> __global__ void scale(T *p, T *sum) {
template <typename T> __global__ void scale(T *p, T *sum) {
  // CHECK-NEXT: atomicAdd(sum, p[threadIdx.x]);
  atomicAdd(sum, p[threadIdx.x]);
  // CHECK-NEXT: (__builtin_amdgcn_fence
  __syncthreads();
}

// A template that the file never instantiates: what does not depend on its
// parameters is translated, the rest stays as written.
// CHECK-LABEL: template <int N> __device__ void unused(int *p) {
template <int N> __device__ void unused(int *p) {
  // CHECK-NEXT: p[N] = 1;
  p[N] = 1;
  // CHECK-NEXT: (__builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup"), __builtin_amdgcn_s_barrier(), __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup"));
  __syncthreads();
}

// Host code: the runtime API in HIP's names, launches as written.
// CHECK-LABEL: int main() {
int main() {
  int *d;
  float *f;
  // CHECK: hipError_t e = hipMalloc(&d, 256 * sizeof(int));
  cudaError_t e = cudaMalloc(&d, 256 * sizeof(int));
  // CHECK-NEXT: if (e != hipSuccess)
  if (e != cudaSuccess)
    return 1;
  cudaMalloc(&f, 256 * sizeof(float));
  // CHECK: scale<int><<<1, 256>>>(d, d);
  scale<int><<<1, 256>>>(d, d);
  scale<float><<<1, 256>>>(f, f);
  // CHECK: hipMemcpy(d, d, 4, hipMemcpyDeviceToDevice);
  cudaMemcpy(d, d, 4, cudaMemcpyDeviceToDevice);
  // CHECK-NEXT: hipDeviceSynchronize();
  cudaThreadSynchronize();
  // CHECK-NEXT: hipFree(d);
  cudaFree(d);
  // HIP takes the kernel as 'const void *'.
  // CHECK-NEXT: hipFuncSetCacheConfig(reinterpret_cast<const void *>(fences), hipFuncCachePreferL1);
  cudaFuncSetCacheConfig(fences, cudaFuncCachePreferL1);
  return 0;
}
