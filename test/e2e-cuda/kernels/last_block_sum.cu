// The last block sums the partial sums of all blocks (the pattern of the
// CUDA guide's memory-fence example): each block publishes its partial sum,
// __threadfence() orders that store before the ticket, atomicInc takes a
// ticket (wrapping past gridDim.x), and the block that draws the last ticket
// (after an acquiring __threadfence()) adds the partial sums. No block ever
// waits for another.
#define LAST_BLOCK 128

__global__ void last_block_sum(const float *in, float *partial,
                               unsigned *count, float *total, int n) {
  __shared__ float s[LAST_BLOCK];
  __shared__ int isLast;
  unsigned t = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + t;
  s[t] = i < (unsigned)n ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (t < stride)
      s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) {
    partial[blockIdx.x] = s[0];
    __threadfence();
    unsigned ticket = atomicInc(count, gridDim.x);
    isLast = ticket == gridDim.x - 1;
  }
  __syncthreads();
  if (isLast && t == 0) {
    __threadfence();
    float sum = 0.0f;
    for (unsigned b = 0; b < gridDim.x; ++b)
      sum += partial[b];
    *total = sum;
    // The last ticket left the counter at gridDim.x (atomicInc wraps only
    // past its bound); reset it for the next launch, as the guide does.
    *count = 0;
  }
}
