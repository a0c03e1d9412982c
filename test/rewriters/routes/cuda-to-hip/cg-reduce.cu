// CUDA to HIP: <cooperative_groups/reduce.h>, which HIP 5.2 lacks. Its
// reduce over a thread_block_tile and the operators plus, less, greater,
// bit_and, bit_or, bit_xor are defined by the prelude in HIP's namespace
// cooperative_groups (a butterfly of the tile's shuffles: every thread
// gets the tile's result, as in CUDA), so the user's text stays (HeCBench's
// groupnorm, softmax). Over a coalesced_group (any number of lanes) it is
// refused at the call (the CUDA samples' warpAggregatedAtomicsCG).
// REQUIRES: cuda-toolkit
// RUN: xfence translate %s --to hip --verify-output -o %t.hip
// RUN: grep -v '^ *// [A-Z-]*:' %t.hip | FileCheck %s
// RUN: not xfence translate %s --to hip -DCOALESCED -o %t.bad.hip 2>&1 \
// RUN:   | FileCheck %s --check-prefix=COALESCED
// RUN: not test -e %t.bad.hip

// CHECK: namespace cooperative_groups {
// CHECK: __device__ T reduce(const thread_block_tile<N, P> &g, T v, Op op) {
// CHECK: xfence: end of prelude
// CHECK: #include <hip/hip_cooperative_groups.h>
// CHECK-NEXT: // xfence: #include <cooperative_groups/reduce.h> (the prelude defines its reduce)
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void stats(const float *in, float *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  float v = in[block.thread_rank()];
  // CHECK: float sum = cg::reduce(warp, v, cg::plus<float>{});
  float sum = cg::reduce(warp, v, cg::plus<float>{});
  float top = cg::reduce(warp, v, cg::greater<float>());
  float low = cg::reduce(warp, v, cg::less<float>());
  unsigned bits = cg::reduce(warp, __float_as_uint(v), cg::bit_or<unsigned>());
  if (warp.thread_rank() == 0)
    out[block.thread_rank() / 32] = sum + top - low + (bits & 1u);
#ifdef COALESCED
  cg::coalesced_group active = cg::coalesced_threads();
  // COALESCED: cg-reduce.cu:[[@LINE+1]]:13: error: cooperative_groups::reduce over a 'const cooperative_groups::{{.*}}coalesced_group' has no HIP form that xfence writes
  out[0] += cg::reduce(active, v, cg::plus<float>());
#endif
}

int main() {
  float *p;
  cudaMalloc(&p, 256 * sizeof(float));
  stats<<<1, 256>>>(p, p);
  return cudaDeviceSynchronize() != cudaSuccess;
}
