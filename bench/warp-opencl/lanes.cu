//===- lanes.cu - the prelude's shuffles against CUDA's, on the GPU -------===//
//
//   nvcc -arch=sm_90 -DPRELUDE='"warp_prelude.h"' lanes.cu -o lanes && ./lanes
//
// warp_prelude.h is the shuffle part of the prelude that `translate --to
// opencl --assume-subgroup-size=32` writes: the lane rule and the macros
// that CUDA's shuffles become. Here the macros' sub_group_shuffle(v, j) is
// CUDA's own full-warp read of lane j (the one sub-group function they use,
// whose meaning is plain: the value of v in sub-group lane j) and
// get_sub_group_local_id() the lane. Every shuffle is run both ways for
// each lane, each width (1, 2, ..., 32), each offset or source lane from -8
// to 71 (PTX uses its low 5 bits), for int and double values, in blocks of
// 32 and 96 threads; the program counts the results that differ. Exit 0
// when none does.
//
//===----------------------------------------------------------------------===//
#include <cstdio>

typedef unsigned int uint;
__device__ static uint get_sub_group_local_id() { return threadIdx.x % 32u; }
#define sub_group_shuffle(v, j) __shfl_sync(0xffffffffu, (v), (int)(j))
#define inline __device__ inline
#include PRELUDE
#undef inline

template <typename T> __device__ T value(int lane, int salt) {
  return (T)(lane * 7 + salt * 1000 + 3);
}

template <typename T>
__global__ void lanes(unsigned long long *differ, unsigned long long *runs) {
  int lane = threadIdx.x % 32;
  for (int w = 1; w <= 32; w *= 2)
    for (int b = -8; b < 72; ++b) {
      T v = value<T>(lane, b + 8);
      T want[4] = {__shfl_sync(0xffffffffu, v, b, w),
                   __shfl_up_sync(0xffffffffu, v, (unsigned)b, w),
                   __shfl_down_sync(0xffffffffu, v, (unsigned)b, w),
                   __shfl_xor_sync(0xffffffffu, v, b, w)};
      T got[4] = {xfence_shfl_sync(0xffffffffu, v, b, w),
                  xfence_shfl_up_sync(0xffffffffu, v, (unsigned)b, w),
                  xfence_shfl_down_sync(0xffffffffu, v, (unsigned)b, w),
                  xfence_shfl_xor_sync(0xffffffffu, v, b, w)};
      for (int k = 0; k < 4; ++k) {
        if (want[k] != got[k])
          atomicAdd(&differ[k], 1ull);
        atomicAdd(&runs[k], 1ull);
      }
    }
}

int main() {
  unsigned long long *differ, *runs;
  cudaMallocManaged(&differ, 4 * sizeof *differ);
  cudaMallocManaged(&runs, 4 * sizeof *runs);
  const char *names[] = {"__shfl_sync", "__shfl_up_sync", "__shfl_down_sync",
                         "__shfl_xor_sync"};
  unsigned long long total = 0;
  for (int threads : {32, 96})
    for (int type = 0; type < 2; ++type) {
      for (int k = 0; k < 4; ++k)
        differ[k] = runs[k] = 0;
      if (type == 0)
        lanes<int><<<2, threads>>>(differ, runs);
      else
        lanes<double><<<2, threads>>>(differ, runs);
      if (cudaDeviceSynchronize() != cudaSuccess) {
        std::printf("CUDA error\n");
        return 2;
      }
      for (int k = 0; k < 4; ++k) {
        std::printf("%-18s %-6s blocks of %2d: %6llu of %6llu differ\n",
                    names[k], type ? "double" : "int", threads, differ[k],
                    runs[k]);
        total += differ[k];
      }
    }
  std::printf("differing results: %llu\n", total);
  return total ? 1 : 0;
}
