// __syncthreads_count/_and/_or: every block writes, for its part of the
// input, how many values are positive, whether all are, and whether any
// is: three uses of the count, one after the other.
__global__ void votes(const int *in, int *out) {
  __shared__ int seen[64];
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  int positive = in[i] > 0;
  seen[threadIdx.x] = positive;
  int count = __syncthreads_count(positive);
  int all = __syncthreads_and(positive);
  int any = __syncthreads_or(in[i] > 1000);
  // The barrier orders memory: every thread's store to `seen` is visible.
  int mine = seen[(threadIdx.x + 1) % blockDim.x];
  if (threadIdx.x == 0) {
    out[4 * blockIdx.x] = count;
    out[4 * blockIdx.x + 1] = all;
    out[4 * blockIdx.x + 2] = any;
    out[4 * blockIdx.x + 3] = mine;
  }
}
