// CUDA to HIP: the masked warp functions of CUDA 9 and warpSize. A CUDA
// warp (32 lanes) is a wavefront of 32 or one half of a wavefront of 64;
// each call becomes a helper of the prelude, written with HIP 5.2's
// wavefront functions (docs/cuda-to-hip.md). They were refused before
// (HeCBench's bh, bm3d, bsw, collision, attention-paged and 31 more files).
// The helpers are checked on a 64-lane wavefront emulated on the host,
// with HIP 5.2's own shuffles, against PTX's shfl.sync and vote.sync for
// every mode, width and lane operand from -70 to 100; the same check of
// helpers that pass the lane operand on as written (as a rename to HIP's
// function would) finds the lanes where HIP and CUDA differ.
// RUN: rm -rf %t && mkdir -p %t
// RUN: xfence translate %s --to hip -o %t/warp.hip
// RUN: grep -v '^ *//' %t/warp.hip | FileCheck %s
// RUN: xfence translate %s --to hip --cuda-builtin-header -o %t/builtin.hip
// RUN: grep -v '^ *//' %t/builtin.hip | FileCheck %s
// RUN: %if hip-headers %{ %hip-clang -std=c++17 --cuda-device-only -S %t/warp.hip -o %t/warp.s %}
// RUN: sed -n '/^__device__ inline unsigned xfence_warp_bits/,/end of prelude/p' %t/warp.hip > %t/helpers.h
// RUN: %if hip-headers && host-cxx %{ %host-cxx -std=c++17 -I %t %S/Inputs/wave64-host.cpp -o %t/check && %t/check | FileCheck %s --check-prefix=HOST %}
// RUN: sed -e 's/ & (width - 1)//' -e 's/ & 31u\{0,1\}//' -e 's/ >> (__lane_id() & 32u)//' %t/helpers.h > %t/naive.h
// RUN: mkdir -p %t/naive && cp %t/naive.h %t/naive/helpers.h
// RUN: %if hip-headers && host-cxx %{ %host-cxx -std=c++17 -I %t/naive %S/Inputs/wave64-host.cpp -o %t/naive-check && not %t/naive-check | FileCheck %s --check-prefix=NAIVE %}
// HOST: {{[0-9]+}} results checked, 0 differ from CUDA's
// NAIVE: results checked, {{[1-9][0-9]*}} differ from CUDA's
#include <cuda_runtime.h>

#define FULL 0xffffffffu
// A use in a macro's body: the name is rewritten there, once.
// CHECK: #define WARP_SUM(v) for (int o = 16; o > 0; o /= 2) v += xfence_shfl_down_sync(FULL, v, o)
#define WARP_SUM(v) for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(FULL, v, o)

// A function template: the call depends on T.
template <typename T> __device__ T warpMax(T v) {
  // CHECK: T other = xfence_shfl_xor_sync(FULL, v, o);
  for (int o = 1; o < 32; o *= 2) {
    T other = __shfl_xor_sync(FULL, v, o);
    v = other > v ? other : v;
  }
  return v;
}

__global__ void votes(const int *in, unsigned *out, float *f) {
  int v = in[threadIdx.x];
  // CHECK: int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  int lane = threadIdx.x % warpSize, warp = threadIdx.x / warpSize;
  // CHECK: unsigned b = xfence_ballot_sync(FULL, v > 0);
  unsigned b = __ballot_sync(FULL, v > 0);
  // CHECK: int any = xfence_any_sync(xfence_activemask(), v < 0), all = xfence_all_sync(FULL, v != 0);
  int any = __any_sync(__activemask(), v < 0), all = __all_sync(FULL, v != 0);
  // CHECK: int uni = xfence_uni_sync(FULL, v > 2);
  int uni = __uni_sync(FULL, v > 2);
  int sum = v;
  WARP_SUM(sum);
  // CHECK: float g = xfence_shfl_sync(FULL, f[threadIdx.x], 0, 16);
  float g = __shfl_sync(FULL, f[threadIdx.x], 0, 16);
  // CHECK: int up = xfence_shfl_up_sync(FULL, v, 1);
  int up = __shfl_up_sync(FULL, v, 1);
  if (lane == 0)
    out[warp] = b + any + all + uni + sum + warpMax(v) + warpMax(g) + up;
}

int main() {
  int *in;
  unsigned *out;
  float *f;
  cudaMalloc(&in, 256 * sizeof(int));
  cudaMalloc(&out, 8 * sizeof(unsigned));
  cudaMalloc(&f, 256 * sizeof(float));
  votes<<<1, 256>>>(in, out, f);
  return cudaDeviceSynchronize() != cudaSuccess;
}
