// Every CUDA integer function and tile query that `translate --to hip`
// writes as a prelude helper; make_helpers.sh translates this file and keeps
// the prelude.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void uses(const int *a, unsigned *out, const char4 *c4,
                     const uchar4 *u4) {
  int i = threadIdx.x;
  out[i] = __dp4a(a[i], a[i + 1], 3) + __dp4a((unsigned)a[i], 1u, 2u) +
           __dp4a(c4[i], c4[i], 0) + __dp4a(u4[i], u4[i], 0u);
  out[i] += __vmaxs4(a[i], 1) + __vmaxu4(a[i], 1) + __vmins4(a[i], 1) +
            __vminu4(a[i], 1) + __vmaxs2(a[i], 1) + __vmaxu2(a[i], 1) +
            __vmins2(a[i], 1) + __vminu2(a[i], 1);
  cg::thread_block_tile<32> warp =
      cg::tiled_partition<32>(cg::this_thread_block());
  out[i] += warp.meta_group_rank() + warp.meta_group_size();
}
