// HIP program for the HIP-to-CUDA end-to-end run (bench/hip-to-cuda): the
// programming guide's last-block sum, written with HIP's own spellings
// (__builtin_amdgcn_fence, __hip_atomic_*, s_barrier between work-group
// fences), and a message passed between blocks with a release store and an
// acquire load at agent scope. Prints PASS or FAIL per part.
#include <hip/hip_runtime.h>
#include <cstdio>

#define CHECK(e)                                                               \
  do {                                                                         \
    hipError_t err = (e);                                                      \
    if (err != hipSuccess) {                                                   \
      printf("%s\n", hipGetErrorString(err));                                  \
      return 1;                                                                \
    }                                                                          \
  } while (0)

__device__ unsigned int ticket = 0;

__global__ void lastBlockSum(const float *in, float *partial, float *out) {
  __shared__ float buf[256];
  __shared__ bool isLast;
  buf[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  // A work-group barrier in AMD's spelling: release, s_barrier, acquire.
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
  if (threadIdx.x == 0) {
    float s = 0;
    for (unsigned i = 0; i < blockDim.x; ++i)
      s += buf[i];
    partial[blockIdx.x] = s;
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "agent");
    unsigned v = atomicInc(&ticket, gridDim.x - 1);
    isLast = v == gridDim.x - 1;
  }
  __syncthreads();
  if (isLast && threadIdx.x == 0) {
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "agent");
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
      __hip_atomic_store(&flag[r], 1, __ATOMIC_RELEASE,
                         __HIP_MEMORY_SCOPE_AGENT);
    } else if (blockIdx.x == 1 && threadIdx.x == 0) {
      while (__hip_atomic_load(&flag[r], __ATOMIC_ACQUIRE,
                               __HIP_MEMORY_SCOPE_AGENT) == 0) {
      }
      if (data[r] != r + 1)
        __hip_atomic_fetch_add(result, 1, __ATOMIC_RELAXED,
                               __HIP_MEMORY_SCOPE_AGENT);
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
  CHECK(hipMalloc(&in, n * sizeof(float)));
  CHECK(hipMalloc(&partial, blocks * sizeof(float)));
  CHECK(hipMalloc(&out, sizeof(float)));
  CHECK(hipMemcpy(in, hin, n * sizeof(float), hipMemcpyHostToDevice));
  int failures = 0;
  for (int run = 0; run < 3; ++run) {
    hipLaunchKernelGGL(lastBlockSum, dim3(blocks), dim3(threads), 0, 0, in,
                       partial, out);
    CHECK(hipDeviceSynchronize());
    float got;
    CHECK(hipMemcpy(&got, out, sizeof got, hipMemcpyDeviceToHost));
    printf("last-block sum, run %d: %.0f (expected %.0f)\n", run, got,
           expected);
    failures += got != expected;
  }
  printf("last-block sum: %s\n", failures ? "FAIL" : "PASS");

  const int rounds = 20000;
  int *data, *flag, *result;
  CHECK(hipMalloc(&data, rounds * sizeof(int)));
  CHECK(hipMalloc(&flag, rounds * sizeof(int)));
  CHECK(hipMalloc(&result, sizeof(int)));
  CHECK(hipMemset(data, 0, rounds * sizeof(int)));
  CHECK(hipMemset(flag, 0, rounds * sizeof(int)));
  CHECK(hipMemset(result, 0, sizeof(int)));
  hipLaunchKernelGGL(messagePassing, dim3(2), dim3(32), 0, 0, data, flag,
                     result, rounds);
  CHECK(hipDeviceSynchronize());
  int stale;
  CHECK(hipMemcpy(&stale, result, sizeof stale, hipMemcpyDeviceToHost));
  printf("message passing: %d rounds, %d stale reads: %s\n", rounds, stale,
         stale ? "FAIL" : "PASS");
  CHECK(hipFree(in));
  CHECK(hipFree(partial));
  CHECK(hipFree(out));
  delete[] hin;
  return failures || stale ? 1 : 0;
}
