// The CUDA programming guide's memory-fence example, written again for
// xfence's tests: every block sums its part of the input and publishes the
// partial sum; __threadfence() orders that store before the block takes a
// ticket from the __device__ counter with atomicInc; the block that draws
// the last ticket adds all partial sums and resets the counter for the
// next launch. Host code in the same file, as in a real .cu file.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define BLOCK 128

__device__ unsigned int count = 0;

// The sum of the block's part of `in`, in every thread of the block.
__device__ float blockSum(const float *in, unsigned n, float *scratch) {
  unsigned t = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + t;
  scratch[t] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (t < stride)
      scratch[t] += scratch[t + stride];
    __syncthreads();
  }
  return scratch[0];
}

__global__ void sum(const float *in, unsigned n, volatile float *partial,
                    float *total) {
  __shared__ float scratch[BLOCK];
  __shared__ bool isLastBlockDone;
  float mine = blockSum(in, n, scratch);
  if (threadIdx.x == 0) {
    partial[blockIdx.x] = mine;
    // The partial sum is visible to every block before the ticket is.
    __threadfence();
    unsigned int ticket = atomicInc(&count, gridDim.x);
    isLastBlockDone = (ticket == gridDim.x - 1);
  }
  __syncthreads();
  if (isLastBlockDone && threadIdx.x == 0) {
    float all = 0.0f;
    for (unsigned b = 0; b < gridDim.x; ++b)
      all += partial[b];
    *total = all;
    count = 0;
  }
}

int main() {
  const unsigned n = 1u << 16, grid = n / BLOCK;
  float *host = (float *)malloc(n * sizeof(float));
  int failures = 0;
  float *in, *partial, *total;
  cudaMalloc(&in, n * sizeof(float));
  cudaMalloc(&partial, grid * sizeof(float));
  cudaMalloc(&total, sizeof(float));
  // Three launches: the counter must be back at 0 after each.
  for (unsigned run = 0; run < 3; ++run) {
    double expected = 0;
    for (unsigned i = 0; i < n; ++i) {
      host[i] = (float)((i * (run + 3)) % 7);
      expected += host[i];
    }
    cudaMemcpy(in, host, n * sizeof(float), cudaMemcpyHostToDevice);
    sum<<<grid, BLOCK>>>(in, n, partial, total);
    float got = 0;
    cudaMemcpy(&got, total, sizeof(float), cudaMemcpyDeviceToHost);
    printf("run %u: sum %.1f, expected %.1f\n", run, got, expected);
    failures += got != (float)expected;
  }
  cudaFree(in);
  cudaFree(partial);
  cudaFree(total);
  free(host);
  printf(failures ? "FAIL\n" : "PASS\n");
  return failures != 0;
}
