// Written by make_prelude.sh from xfence's translation of uses.cu.
static inline uint xfence_shfl_lane(uint mode, uint b, uint c) {
  int lane = (int)get_sub_group_local_id();
  int bval = (int)(b & 31u), cval = (int)(c & 31u);
  int segmask = (int)((c >> 8) & 31u);
  int maxLane = (lane & segmask) | (cval & ~segmask);
  int minLane = lane & segmask;
  int j = mode == 0u ? (minLane | (bval & ~segmask))
          : mode == 1u ? lane - bval
          : mode == 2u ? lane + bval
          : lane ^ bval;
  int in = mode == 1u ? j >= maxLane : j <= maxLane;
  return (uint)(in ? j : lane);
}
#define xfence_shfl_sync(m, v, lane, w) sub_group_shuffle((v), xfence_shfl_lane(0u, (uint)(lane), ((32u - (uint)(w)) << 8) | 31u))
#define xfence_shfl_up_sync(m, v, d, w) sub_group_shuffle((v), xfence_shfl_lane(1u, (uint)(d), (32u - (uint)(w)) << 8))
#define xfence_shfl_down_sync(m, v, d, w) sub_group_shuffle((v), xfence_shfl_lane(2u, (uint)(d), ((32u - (uint)(w)) << 8) | 31u))
#define xfence_shfl_xor_sync(m, v, x, w) sub_group_shuffle((v), xfence_shfl_lane(3u, (uint)(x), ((32u - (uint)(w)) << 8) | 31u))
