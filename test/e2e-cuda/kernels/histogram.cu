// Histogram: a private histogram per block in shared memory (atomicAdd on
// shared memory), merged into the global one with atomicAdd.
#define HIST_BINS 64

__global__ void histogram(const unsigned *data, unsigned *bins, int n) {
  __shared__ unsigned local[HIST_BINS];
  for (unsigned b = threadIdx.x; b < HIST_BINS; b += blockDim.x)
    local[b] = 0;
  __syncthreads();
  unsigned stride = blockDim.x * gridDim.x;
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < (unsigned)n;
       i += stride)
    atomicAdd(&local[data[i] % HIST_BINS], 1u);
  __syncthreads();
  for (unsigned b = threadIdx.x; b < HIST_BINS; b += blockDim.x)
    atomicAdd(&bins[b], local[b]);
}
