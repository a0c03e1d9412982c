// Translated from HIP to CUDA by xfence (docs/hip-to-cuda.md).
#include <cassert>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <cuda/atomic>
// xfence: end of prelude
// HIP program for the HIP-to-CUDA end-to-end run (bench/hip-to-cuda): the
// programming guide's last-block sum, written with HIP's own spellings
// (__builtin_amdgcn_fence, __hip_atomic_*, s_barrier between work-group
// fences), and a message passed between blocks with a release store and an
// acquire load at agent scope. Prints PASS or FAIL per part.
#include <cuda_runtime.h>
#include <cstdio>

#define CHECK(e)                                                               \
  do {                                                                         \
    cudaError_t err = (e);                                                      \
    if (err != cudaSuccess) {                                                   \
      printf("%s\n", cudaGetErrorString(err));                                  \
      return 1;                                                                \
    }                                                                          \
  } while (0)

__device__ unsigned int ticket = 0;

__global__ void lastBlockSum(const float *in, float *partial, float *out) {
  __shared__ float buf[256];
  __shared__ bool isLast;
  buf[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  // A work-group barrier in AMD's spelling: release, s_barrier, acquire.
  cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_block);
  __syncthreads();
  cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_block);
  if (threadIdx.x == 0) {
    float s = 0;
    for (unsigned i = 0; i < blockDim.x; ++i)
      s += buf[i];
    partial[blockIdx.x] = s;
    cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_device);
    unsigned v = atomicInc(&ticket, gridDim.x - 1);
    isLast = v == gridDim.x - 1;
  }
  __syncthreads();
  if (isLast && threadIdx.x == 0) {
    cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_device);
    float t = 0;
    for (unsigned i = 0; i < gridDim.x; ++i)
      t += partial[i];
    out[0] = t;
  }
}

__global__ void messagePassing(int *data, int *flag, int *result, int rounds) {
  for (int r = 0; r < rounds; ++r) {
    if (blockIdx.x == 0 && threadIdx.x == 0) {
      data[r] = r + 1;
      (cuda::atomic_ref<int, cuda::thread_scope_device>(*(int *)(&flag[r])).store(1, cuda::memory_order_release));
    } else if (blockIdx.x == 1 && threadIdx.x == 0) {
      while ((cuda::atomic_ref<int, cuda::thread_scope_device>(*(int *)(&flag[r])).load(cuda::memory_order_acquire)) == 0) {
      }
      if (data[r] != r + 1)
        atomicAdd((int *)(result), (int)(1));
    }
  }
}

int main() {
  const int blocks = 768, threads = 256, n = blocks * threads;
  float *hin = new float[n];
  for (int i = 0; i < n; ++i)
    hin[i] = (float)(i % 3);
  float expected = 0;
  for (int i = 0; i < n; ++i)
    expected += hin[i];
  float *in, *partial, *out;
  CHECK(cudaMalloc(&in, n * sizeof(float)));
  CHECK(cudaMalloc(&partial, blocks * sizeof(float)));
  CHECK(cudaMalloc(&out, sizeof(float)));
  CHECK(cudaMemcpy(in, hin, n * sizeof(float), cudaMemcpyHostToDevice));
  int failures = 0;
  for (int run = 0; run < 3; ++run) {
    lastBlockSum<<<dim3(blocks), dim3(threads), 0, 0>>>(in,
                       partial, out);
    CHECK(cudaDeviceSynchronize());
    float got;
    CHECK(cudaMemcpy(&got, out, sizeof got, cudaMemcpyDeviceToHost));
    printf("last-block sum, run %d: %.0f (expected %.0f)\n", run, got,
           expected);
    failures += got != expected;
  }
  printf("last-block sum: %s\n", failures ? "FAIL" : "PASS");

  const int rounds = 20000;
  int *data, *flag, *result;
  CHECK(cudaMalloc(&data, rounds * sizeof(int)));
  CHECK(cudaMalloc(&flag, rounds * sizeof(int)));
  CHECK(cudaMalloc(&result, sizeof(int)));
  CHECK(cudaMemset(data, 0, rounds * sizeof(int)));
  CHECK(cudaMemset(flag, 0, rounds * sizeof(int)));
  CHECK(cudaMemset(result, 0, sizeof(int)));
  messagePassing<<<dim3(2), dim3(32), 0, 0>>>(data, flag,
                     result, rounds);
  CHECK(cudaDeviceSynchronize());
  int stale;
  CHECK(cudaMemcpy(&stale, result, sizeof stale, cudaMemcpyDeviceToHost));
  printf("message passing: %d rounds, %d stale reads: %s\n", rounds, stale,
         stale ? "FAIL" : "PASS");
  CHECK(cudaFree(in));
  CHECK(cudaFree(partial));
  CHECK(cudaFree(out));
  delete[] hin;
  return failures || stale ? 1 : 0;
}
