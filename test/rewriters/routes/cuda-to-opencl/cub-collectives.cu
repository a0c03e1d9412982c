// CUDA to OpenCL C: CUB's BlockReduce and BlockScan become plain CUDA
// before the translation — the temporary storage a __shared__ array of
// CUB's block size, each call a __device__ function over it whose barriers
// are __syncthreads() (docs/cuda-to-opencl.md "CUB's block collectives").
// Before, every file that used CUB stopped at "'BlockReduce' is a type of
// a library" or, in a template, "a member type of a template parameter"
// (hecbench accuracy, dp, gd, scel, all-pairs-distance, ccsd-trpdrv,
// multinomial). The values below are CUB's, worked by hand from its
// documentation for one block of 64 threads whose thread t holds t + 1;
// PoCL must print them.
// RUN: xfence translate %s --to opencl -cl-std=CL3.0 -I %S/Inputs/cub-mock -o %t.cl
// RUN: grep -v '^ *// [^x]' %t.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t.cl
// RUN: xfence translate %s --to opencl -cl-std=CL1.2 -I %S/Inputs/cub-mock -o %t12.cl
// RUN: clang -x cl -cl-std=CL1.2 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t12.cl
// RUN: %if pocl %{ %python %S/Inputs/run_block64.py %t.cl | FileCheck %s --check-prefix=POCL %}
// Against NVIDIA's CUB, where the toolkit is installed: the same text.
// RUN: %if cuda-toolkit %{ xfence translate %s --to opencl -cl-std=CL3.0 -o %t.cub.cl %}
// RUN: %if cuda-toolkit %{ grep -v '^ *// [^x]' %t.cub.cl | FileCheck %s %}
// Sum 1..64, of the first 10, max, min; thread 5's exclusive and inclusive
// sums and the aggregate; a device function template's float sum (0.5
// each, doubled); thread 0's exclusive sum; the 8 x 8 block's sum.
// POCL: out 2080 55 64 1 15 21 2080 64 0 2080 0 0 0 0 0 0
// Forms without a translation: a located error, no output.
// RUN: not xfence translate %S/Inputs/cub-unsupported.cu --to opencl -cl-std=CL3.0 -I %S/Inputs/cub-mock -o %t.bad.cl 2>&1 | FileCheck %S/Inputs/cub-unsupported.cu
// RUN: not test -e %t.bad.cl
#include <cub/cub.cuh>

// CHECK: #ifndef XFENCE_CUB_BLOCK_FUNCTIONS
// CHECK: static {{ *}}int xfence_block_reduce_add_int(__local int *s, unsigned n, int x, unsigned valid) {
// CHECK: barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
// CHECK: static {{ *}}void xfence_block_scan_add_int(__local int *s, unsigned n, int exclusive, int x, int *out) {
// CHECK: static {{ *}}void xfence_block_scan_add_total_int(__local int *s, unsigned n, int exclusive, int x, int *out, int *all) {

template <typename T> __device__ T blockSum(T x) {
  typedef cub::BlockReduce<T, 64> Reduce;
  __shared__ typename Reduce::TempStorage storage;
  return Reduce(storage).Sum(x);
}
// CHECK: float blockSum__float(float x, __local float *storage) {
// CHECK: return xfence_block_reduce_add_float(storage, 64u, x, 64u);

__global__ void k(long long *out) {
  using Reduce = cub::BlockReduce<int, 64>;
  typedef cub::BlockScan<int, 64> Scan;
  __shared__ typename Reduce::TempStorage reduce, reduce2;
  __shared__ Scan::TempStorage scan;
  int t = threadIdx.x, x = t + 1;
  // CHECK: int sum = xfence_block_reduce_add_int(reduce, 64u, x, 64u);
  int sum = Reduce(reduce).Sum(x);
  __syncthreads();
  int some = Reduce(reduce).Sum(x, 10);
  __syncthreads();
  // CHECK: int most = xfence_block_reduce_max_int(reduce2, 64u, x, 64u);
  int most = Reduce(reduce2).Reduce(x, cuda::maximum<>());
  int least = cub::BlockReduce<int, 64>(reduce).Reduce(x, cuda::minimum<>());
  int before, upto, all;
  // CHECK: xfence_block_scan_add_int(scan, 64u, 1, x, &(before));
  Scan(scan).ExclusiveSum(x, before);
  __syncthreads();
  // CHECK: xfence_block_scan_add_total_int(scan, 64u, 0, x, &(upto), &(all));
  Scan(scan).InclusiveSum(x, upto, all);
  float half = blockSum(0.5f);
  if (t == 0) {
    out[0] = sum;
    out[1] = some;
    out[2] = most;
    out[3] = least;
    out[6] = all;
    out[7] = (long long)(half * 2);
    out[8] = before;
  }
  if (t == 5) {
    out[4] = before;
    out[5] = upto;
  }
}

// A block of 8 x 8 threads: CUB's size is BLOCK_DIM_X * BLOCK_DIM_Y.
__global__ void k2(long long *out) {
  typedef cub::BlockReduce<int, 8, cub::BLOCK_REDUCE_WARP_REDUCTIONS, 8> R;
  __shared__ R::TempStorage s;
  // CHECK: __local int s[64];
  int sum = R(s).Sum(threadIdx.y * 8 + threadIdx.x + 1);
  if (threadIdx.x == 0 && threadIdx.y == 0)
    out[9] = sum;
}
