// Compares the helpers of `translate --to hip`'s prelude (helpers.cuh, made
// by make_helpers.sh) with CUDA's own functions on an NVIDIA GPU: __dp4a in
// its four forms and the eight SIMD minimum/maximum functions over inputs
// of random bits and of lane values at the edges (0, 1, the signed minimum
// and maximum, all ones), and a tile's meta_group_rank/size for several
// block shapes. Prints the count of each comparison and of mismatches;
// exits 1 on any mismatch.
#include "helpers.cuh"
#include <cooperative_groups.h>
#include <cstdio>
#include <cstdlib>
namespace cg = cooperative_groups;

constexpr int kFunctions = 12;

__device__ unsigned int lanes(unsigned int seed) {
  // Inputs: random bits, or each byte one of the edge values.
  const unsigned char edges[] = {0x00, 0x01, 0x7f, 0x80, 0xff, 0xfe, 0x81};
  if (seed & 1u)
    return seed * 2654435761u ^ (seed >> 7);
  unsigned int r = 0;
  for (int i = 0; i < 4; ++i)
    r |= (unsigned int)edges[(seed >> (3 * i + 1)) % 7] << (8 * i);
  return r;
}

__global__ void simd(unsigned long long n, unsigned long long *bad) {
  for (unsigned long long k = blockIdx.x * blockDim.x + threadIdx.x; k < n;
       k += (unsigned long long)gridDim.x * blockDim.x) {
    unsigned int a = lanes((unsigned int)k * 3u + 1u),
                 b = lanes((unsigned int)(k >> 3) * 7u + 5u),
                 c = lanes((unsigned int)k ^ 0x5bd1e995u);
    char4 ca = *reinterpret_cast<char4 *>(&a),
          cb = *reinterpret_cast<char4 *>(&b);
    uchar4 ua = *reinterpret_cast<uchar4 *>(&a),
           ub = *reinterpret_cast<uchar4 *>(&b);
    bool ok[kFunctions] = {
        __dp4a((int)a, (int)b, (int)c) == xfence_dp4a((int)a, (int)b, (int)c),
        __dp4a(a, b, c) == xfence_dp4a(a, b, c),
        __dp4a(ca, cb, (int)c) == xfence_dp4a(ca, cb, (int)c),
        __dp4a(ua, ub, c) == xfence_dp4a(ua, ub, c),
        __vmaxs4(a, b) == xfence_vmaxs4(a, b),
        __vmaxu4(a, b) == xfence_vmaxu4(a, b),
        __vmins4(a, b) == xfence_vmins4(a, b),
        __vminu4(a, b) == xfence_vminu4(a, b),
        __vmaxs2(a, b) == xfence_vmaxs2(a, b),
        __vmaxu2(a, b) == xfence_vmaxu2(a, b),
        __vmins2(a, b) == xfence_vmins2(a, b),
        __vminu2(a, b) == xfence_vminu2(a, b)};
    for (int f = 0; f < kFunctions; ++f)
      if (!ok[f])
        atomicAdd(&bad[f], 1ull);
  }
}

template <unsigned int N> __global__ void tiles(unsigned long long *bad) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<N> tile = cg::tiled_partition<N>(block);
  auto named = cg::tiled_partition<N>(block); // its type names the block
  if (tile.meta_group_rank() != xfence_meta_group_rank<N>() ||
      tile.meta_group_size() != xfence_meta_group_size<N>() ||
      named.meta_group_rank() != xfence_meta_group_rank<N>() ||
      named.meta_group_size() != xfence_meta_group_size<N>())
    atomicAdd(bad, 1ull);
}

int main() {
  const char *names[kFunctions] = {
      "__dp4a(int)",  "__dp4a(unsigned)", "__dp4a(char4)", "__dp4a(uchar4)",
      "__vmaxs4",     "__vmaxu4",         "__vmins4",      "__vminu4",
      "__vmaxs2",     "__vmaxu2",         "__vmins2",      "__vminu2"};
  unsigned long long *bad;
  cudaMallocManaged(&bad, (kFunctions + 1) * sizeof(unsigned long long));
  for (int f = 0; f <= kFunctions; ++f)
    bad[f] = 0;
  const unsigned long long n = 1ull << 28;
  simd<<<1024, 256>>>(n, bad);
  // Block shapes: 1D and 3D, a multiple of the tile and not.
  const dim3 shapes[] = {dim3(256), dim3(96), dim3(32, 3, 2), dim3(8, 4, 4),
                         dim3(1024), dim3(16, 2, 3)};
  int launches = 0;
  for (dim3 s : shapes) {
    tiles<32><<<4, s>>>(&bad[kFunctions]);
    tiles<16><<<4, s>>>(&bad[kFunctions]);
    tiles<4><<<4, s>>>(&bad[kFunctions]);
    launches += 3;
  }
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    printf("CUDA error: %s\n", cudaGetErrorString(err));
    return 2;
  }
  unsigned long long total = 0;
  for (int f = 0; f < kFunctions; ++f) {
    printf("%-18s inputs %llu mismatches %llu\n", names[f], n, bad[f]);
    total += bad[f];
  }
  printf("%-18s launches %d (tiles of 32, 16, 4; 6 block shapes) "
         "mismatching threads %llu\n",
         "meta_group_*", launches, bad[kFunctions]);
  total += bad[kFunctions];
  printf("total mismatches %llu\n", total);
  return total != 0;
}
