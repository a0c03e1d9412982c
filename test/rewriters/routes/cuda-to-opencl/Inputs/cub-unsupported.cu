// CUB's forms without a translation (cub-collectives.cu): a located error.
#include <cub/cub.cuh>
struct Times {
  __device__ int operator()(int a, int b) const { return a * b; }
};
__global__ void k(int *out) {
  using Reduce = cub::BlockReduce<int, 64>;
  __shared__ Reduce::TempStorage reduce;
  int x = threadIdx.x;
  // CHECK: cub-unsupported.cu:[[#@LINE+1]]:37: error: 'cub::BlockReduce::Reduce' with an operator other than CUB's Sum, Max and Min
  out[0] = Reduce(reduce).Reduce(x, Times());
  // CHECK: cub-unsupported.cu:[[#@LINE+1]]:51: error: CUB's BlockLoad has no OpenCL C form that xfence writes
  __shared__ cub::BlockLoad<int, 64>::TempStorage load;
  int items[1];
  // CHECK: cub-unsupported.cu:[[#@LINE+1]]:3: error: CUB's BlockLoad has no OpenCL C form
  cub::BlockLoad<int, 64>(load).Load(out, items);
  __shared__ cub::BlockScan<int, 64>::TempStorage scan;
  // CHECK: cub-unsupported.cu:[[#@LINE+1]]:3: error: 'cub::BlockScan::InclusiveScan' in this form has no OpenCL C form
  cub::BlockScan<int, 64>(scan).InclusiveScan(x, x, cub::Sum());
}
