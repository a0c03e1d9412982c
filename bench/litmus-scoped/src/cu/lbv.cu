// The last-block sum of a vector (bench/litmus, DEFINE_LBV): each block adds
// `rows` rows of `in` column by column, every thread publishes its column's
// partial sum in its own 128-byte line (stride 32 words); after
// __syncthreads() thread 0 fences (a device fence is cumulative over the
// barrier) and takes its group's ticket with atomicInc; in the last block
// of each group of `bpg`, every thread adds its column over the group.
// Forbidden: a wrong column sum. The mutants narrow the fence to the block
// or remove it.
#define LBV_STRIDE 32

extern "C" __global__ void lbv_fence(const unsigned *in,
                                     volatile unsigned *partial,
                                     unsigned *count, unsigned *out, int bpg,
                                     int rows) {
  __shared__ bool isLastBlockDone;
  int tid = threadIdx.x, n = blockDim.x;
  int group = blockIdx.x / bpg;
  unsigned s = 0;
  for (int r = 0; r < rows; ++r)
    s += in[(blockIdx.x * rows + r) * n + tid];
  partial[(blockIdx.x * n + tid) * LBV_STRIDE] = s;
  __syncthreads();
  if (tid == 0) {
    __threadfence();
    unsigned value = atomicInc(&count[group], bpg);
    isLastBlockDone = (value == (unsigned)(bpg - 1));
  }
  __syncthreads();
  if (isLastBlockDone) {
    unsigned total = 0;
    for (int b = 0; b < bpg; ++b)
      total += partial[((group * bpg + b) * n + tid) * LBV_STRIDE];
    out[group * n + tid] = total;
  }
}

extern "C" __global__ void lbv_block_mutant(const unsigned *in,
                                            volatile unsigned *partial,
                                            unsigned *count, unsigned *out,
                                            int bpg, int rows) {
  __shared__ bool isLastBlockDone;
  int tid = threadIdx.x, n = blockDim.x;
  int group = blockIdx.x / bpg;
  unsigned s = 0;
  for (int r = 0; r < rows; ++r)
    s += in[(blockIdx.x * rows + r) * n + tid];
  partial[(blockIdx.x * n + tid) * LBV_STRIDE] = s;
  __syncthreads();
  if (tid == 0) {
    __threadfence_block();
    unsigned value = atomicInc(&count[group], bpg);
    isLastBlockDone = (value == (unsigned)(bpg - 1));
  }
  __syncthreads();
  if (isLastBlockDone) {
    unsigned total = 0;
    for (int b = 0; b < bpg; ++b)
      total += partial[((group * bpg + b) * n + tid) * LBV_STRIDE];
    out[group * n + tid] = total;
  }
}

extern "C" __global__ void lbv_none_mutant(const unsigned *in,
                                           volatile unsigned *partial,
                                           unsigned *count, unsigned *out,
                                           int bpg, int rows) {
  __shared__ bool isLastBlockDone;
  int tid = threadIdx.x, n = blockDim.x;
  int group = blockIdx.x / bpg;
  unsigned s = 0;
  for (int r = 0; r < rows; ++r)
    s += in[(blockIdx.x * rows + r) * n + tid];
  partial[(blockIdx.x * n + tid) * LBV_STRIDE] = s;
  __syncthreads();
  if (tid == 0) {
    unsigned value = atomicInc(&count[group], bpg);
    isLastBlockDone = (value == (unsigned)(bpg - 1));
  }
  __syncthreads();
  if (isLastBlockDone) {
    unsigned total = 0;
    for (int b = 0; b < bpg; ++b)
      total += partial[((group * bpg + b) * n + tid) * LBV_STRIDE];
    out[group * n + tid] = total;
  }
}
