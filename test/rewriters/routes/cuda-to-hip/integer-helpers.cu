// CUDA to HIP: integer functions and tile queries that HIP 5.2 lacks,
// written as helpers of the prelude (each was an internal error of the
// output check, "use of undeclared identifier"):
// - __dp4a, the four-way byte dot product with a 32-bit accumulator, in
//   its int, unsigned, char4 and uchar4 forms (HeCBench's dp4a);
// - the SIMD minimum and maximum over 8- and 16-bit lanes, signed and
//   unsigned (__vmaxs4 of HeCBench's relu);
// - meta_group_rank()/meta_group_size() of a thread_block_tile: the tile's
//   index among the tiles its parent was cut into, and their number, where
//   the tile's type or the tiled_partition that initialized it says the
//   parent is the thread block (HeCBench's softmax). A tile whose parent is
//   not known is an error.
// bench/hip-helpers/run_gpu.sh compares each helper with CUDA's own on the
// GPU.
// REQUIRES: cuda-toolkit
// RUN: xfence translate %s --to hip --verify-output -o %t.hip
// RUN: grep -v '^ *// [A-Z-]*:' %t.hip | FileCheck %s
// RUN: not xfence translate %s --to hip -DUNKNOWN -o %t.bad.hip 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNKNOWN
// RUN: not test -e %t.bad.hip
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// CHECK: template <unsigned int N>
// CHECK-NEXT: __device__ inline unsigned int xfence_meta_group_rank() {
// CHECK-NEXT: return xfence_block_thread_rank() / N;
// The SIMD helpers' one template, once.
// CHECK: xfence_simd_minmax(unsigned int a, unsigned int b) {
// CHECK-NOT: xfence_simd_minmax(unsigned int a, unsigned int b) {
// CHECK: __host__ __device__ inline int xfence_dp4a(int a, int b, int c) {
// CHECK: __host__ __device__ inline unsigned int xfence_dp4a(uchar4 a, uchar4 b,
// CHECK: inline unsigned int xfence_vmaxs4(unsigned int a, unsigned int b) {
// CHECK-NEXT: return xfence_simd_minmax<8, true, true>(a, b);
// CHECK: inline unsigned int xfence_vminu2(unsigned int a, unsigned int b) {
// CHECK-NEXT: return xfence_simd_minmax<16, false, false>(a, b);
// CHECK: end of prelude

__global__ void bytes(const int *a, const int *b, int *out, unsigned *uout,
                      const char4 *c4, const uchar4 *u4) {
  int i = threadIdx.x;
  // CHECK: out[i] = xfence_dp4a(a[i], b[i], out[i]);
  out[i] = __dp4a(a[i], b[i], out[i]);
  // CHECK-NEXT: uout[i] = xfence_dp4a((unsigned)a[i], (unsigned)b[i], 7u);
  uout[i] = __dp4a((unsigned)a[i], (unsigned)b[i], 7u);
  // CHECK-NEXT: out[i] += xfence_dp4a(c4[i], c4[i + 1], 0) + (int)xfence_dp4a(u4[i], u4[i], 1u);
  out[i] += __dp4a(c4[i], c4[i + 1], 0) + (int)__dp4a(u4[i], u4[i], 1u);
  // CHECK-NEXT: uout[i] = xfence_vmaxs4(a[i], b[i]) ^ xfence_vminu2(a[i], b[i]);
  uout[i] = __vmaxs4(a[i], b[i]) ^ __vminu2(a[i], b[i]);
}

__global__ void tiles(unsigned *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  unsigned t = block.thread_rank();
  // CHECK: out[4 * t] = xfence_meta_group_rank<32>();
  out[4 * t] = warp.meta_group_rank();
  // CHECK-NEXT: out[4 * t + 1] = xfence_meta_group_size<32>();
  out[4 * t + 1] = warp.meta_group_size();
  // CHECK-NEXT: out[4 * t + 2] = xfence_meta_group_rank<16>();
  out[4 * t + 2] = cg::tiled_partition<16>(block).meta_group_rank();
#ifdef UNKNOWN
  // The tile is reassigned: which partition it holds is not known here.
  cg::thread_block_tile<32> other = cg::tiled_partition<32>(block);
  other = warp;
  // UNKNOWN: integer-helpers.cu:[[@LINE+1]]:12: error: meta_group_rank() of a 'cg::thread_block_tile<32>' has no HIP form that xfence writes
  out[t] = other.meta_group_rank();
#endif
}
