// Search for a last-block-sum litmus that can tell a device-scope fence from
// a block-scope one on the GPU (the guide's scalar form shows 0 forbidden
// outcomes for every fence, bench/litmus/results/h100-full). Each
// configuration runs the last-block sum in groups of `bpg` blocks with three
// fences before the ticket (device, block, none) and counts the groups whose
// sum is wrong.
//
//   lbr_explore [groups per row, default 1000000]
//
// Shapes:
//   scalar  the guide's form: thread 0 stores the block's partial, fences,
//           takes the ticket; the last block's thread 0 adds the partials.
//   vector  every thread stores its column's partial sum, __syncthreads(),
//           thread 0 fences and takes the ticket; in the last block every
//           thread adds its column over the group (a column sum; the
//           device fence is cumulative over the barrier).
// `stride` spaces the partials (words): 1 packs them, 32 gives each its own
// 128-byte line.
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#define CK(x)                                                                  \
  do {                                                                         \
    cudaError_t e = (x);                                                       \
    if (e != cudaSuccess) {                                                    \
      std::printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e),           \
                  __FILE__, __LINE__);                                         \
      std::exit(2);                                                            \
    }                                                                          \
  } while (0)

template <int F> __device__ void fence() {
  if (F == 2)
    __threadfence();
  else if (F == 1)
    __threadfence_block();
}

template <int F>
__global__ void scalarSum(const unsigned *in, volatile unsigned *partial,
                          unsigned *count, unsigned *out, int bpg, int stride) {
  __shared__ unsigned sums[256];
  __shared__ bool isLast;
  int tid = threadIdx.x, group = blockIdx.x / bpg;
  sums[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s /= 2) {
    if (tid < s)
      sums[tid] += sums[tid + s];
    __syncthreads();
  }
  if (tid == 0) {
    partial[blockIdx.x * stride] = sums[0];
    fence<F>();
    unsigned v = atomicInc(&count[group], bpg);
    isLast = v == (unsigned)(bpg - 1);
  }
  __syncthreads();
  if (isLast && tid == 0) {
    unsigned t = 0;
    for (int b = 0; b < bpg; ++b)
      t += partial[(group * bpg + b) * stride];
    out[group] = t;
  }
}

template <int F>
__global__ void vectorSum(const unsigned *in, volatile unsigned *partial,
                          unsigned *count, unsigned *out, int bpg, int stride,
                          int rows) {
  __shared__ bool isLast;
  int tid = threadIdx.x, n = blockDim.x, group = blockIdx.x / bpg;
  unsigned s = 0;
  for (int r = 0; r < rows; ++r)
    s += in[(blockIdx.x * rows + r) * n + tid];
  partial[(blockIdx.x * n + tid) * stride] = s;
  __syncthreads();
  if (tid == 0) {
    fence<F>();
    unsigned v = atomicInc(&count[group], bpg);
    isLast = v == (unsigned)(bpg - 1);
  }
  __syncthreads();
  if (isLast) {
    unsigned t = 0;
    for (int b = 0; b < bpg; ++b)
      t += partial[((group * bpg + b) * n + tid) * stride];
    out[group * n + tid] = t;
  }
}

using ScalarK = void (*)(const unsigned *, volatile unsigned *, unsigned *,
                         unsigned *, int, int);
using VectorK = void (*)(const unsigned *, volatile unsigned *, unsigned *,
                         unsigned *, int, int, int);

int main(int argc, char **argv) {
  long want = argc > 1 ? std::atol(argv[1]) : 1000000;
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  std::printf("device: %s, %d SMs; %ld groups per row\n", prop.name,
              prop.multiProcessorCount, want);
  const int bs = 256, rows = 4;
  const int blocks = prop.multiProcessorCount * 8;
  std::mt19937 rng(7);
  std::vector<unsigned> in((size_t)blocks * bs * rows);
  for (auto &v : in)
    v = rng();
  unsigned *d_in, *d_partial, *d_count, *d_out;
  CK(cudaMalloc(&d_in, in.size() * 4));
  CK(cudaMalloc(&d_partial, (size_t)blocks * bs * 32 * 4));
  CK(cudaMalloc(&d_count, blocks * 4));
  CK(cudaMalloc(&d_out, (size_t)blocks * bs * 4));
  CK(cudaMemcpy(d_in, in.data(), in.size() * 4, cudaMemcpyHostToDevice));
  ScalarK sk[3] = {scalarSum<2>, scalarSum<1>, scalarSum<0>};
  VectorK vk[3] = {vectorSum<2>, vectorSum<1>, vectorSum<0>};
  const char *fname[3] = {"device", "block", "none"};
  std::printf("%-7s %4s %6s %-7s %10s %10s\n", "shape", "bpg", "stride",
              "fence", "groups", "wrong");
  for (int vec = 0; vec < 2; ++vec)
    for (int bpg : {4, 16})
      for (int stride : {1, 32})
        for (int f = 0; f < 3; ++f) {
          int groups = blocks / bpg;
          int per = vec ? bs : 1;
          // Expected sums per group (and column).
          std::vector<unsigned> expect((size_t)groups * per, 0),
              out((size_t)groups * per);
          for (int b = 0; b < blocks; ++b)
            for (int c = 0; c < (vec ? bs : 1); ++c) {
              unsigned s = 0;
              if (vec)
                for (int r = 0; r < rows; ++r)
                  s += in[((size_t)b * rows + r) * bs + c];
              else
                for (int t = 0; t < bs; ++t)
                  s += in[(size_t)b * bs + t];
              expect[(size_t)(b / bpg) * per + c] += s;
            }
          long launches = (want + groups - 1) / groups, total = 0, bad = 0;
          for (long l = 0; l < launches; ++l) {
            CK(cudaMemset(d_count, 0, groups * 4));
            CK(cudaMemset(d_out, 0, (size_t)groups * per * 4));
            if (vec)
              vk[f]<<<blocks, bs>>>(d_in, d_partial, d_count, d_out, bpg,
                                    stride, rows);
            else
              sk[f]<<<blocks, bs>>>(d_in, d_partial, d_count, d_out, bpg,
                                    stride);
            CK(cudaGetLastError());
            CK(cudaMemcpy(out.data(), d_out, out.size() * 4,
                          cudaMemcpyDeviceToHost));
            for (int g = 0; g < groups; ++g) {
              bool wrong = false;
              for (int c = 0; c < per; ++c)
                wrong |= out[(size_t)g * per + c] != expect[(size_t)g * per + c];
              ++total;
              bad += wrong;
            }
            // Stale partials of the last launch must not pass for fresh
            // ones: scramble them.
            CK(cudaMemset(d_partial, 0xff, (size_t)blocks * bs * 32 * 4));
          }
          std::printf("%-7s %4d %6d %-7s %10ld %10ld\n",
                      vec ? "vector" : "scalar", bpg, stride, fname[f], total,
                      bad);
          std::fflush(stdout);
        }
  return 0;
}
