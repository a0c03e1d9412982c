// Translated from CUDA to OpenCL C (CL3.0) by xfence (docs/cuda-to-opencl.md).
// xfence: --assume-subgroup-size=32: __syncwarp() is sub_group_barrier and the warp shuffles and votes are sub-group functions, assuming sub-groups of 32 work-items (a CUDA warp); check it with clGetKernelSubGroupInfo where the device cannot be asked for that size.
#if defined(cl_intel_required_subgroup_size)
#define XFENCE_REQD_SUB_GROUP_SIZE __attribute__((intel_reqd_sub_group_size(32)))
#else
#define XFENCE_REQD_SUB_GROUP_SIZE
#endif
// xfence: CUDA's warp shuffles and votes as sub-group functions (--assume-subgroup-size=32: a warp is a sub-group of 32 work-items).
#if !defined(__opencl_c_subgroups) && !defined(cl_khr_subgroups)
#error "xfence: CUDA's warp functions need sub-groups (__opencl_c_subgroups or cl_khr_subgroups), which this device lacks"
#endif
#ifndef cl_khr_subgroup_shuffle
#error "xfence: CUDA's warp shuffles need cl_khr_subgroup_shuffle, which this device lacks"
#endif
// The lane a shuffle reads: PTX's shfl.sync rule for mode (0 idx, 1 up, 2 down, 3 bfly),
// b and c (segment mask in bits 8-12, clamp in 0-4); outside the segment, the own lane.
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
#ifndef cl_khr_subgroup_ballot
#error "xfence: CUDA's __ballot_sync needs cl_khr_subgroup_ballot, which this device lacks"
#endif
#define xfence_ballot_sync(m, p) (sub_group_ballot((p) != 0).x)
#define xfence_any_sync(m, p) sub_group_any((p) != 0)
#define xfence_all_sync(m, p) sub_group_all((p) != 0)
// xfence: end of prelude
// Warp code as CUDA programs write it, run as CUDA and, translated by
// `translate --to opencl -cl-std=CL3.0 --assume-subgroup-size=32` into
// kernels.cl, as OpenCL C on a device with sub-groups of 32 (e2e.cu).
 int warpSum(int v) {
  for (int offset = 16; offset > 0; offset /= 2)
    v += xfence_shfl_down_sync(0xffffffff, v, (unsigned int)(offset), 32);
  return v;
}

 int warpScan(int v, int width) {
  int lane = (uint)get_local_id(0) % 32;
  for (int d = 1; d < width; d *= 2) {
    int n = xfence_shfl_up_sync(0xffffffff, v, (unsigned int)(d), width);
    if (lane % width >= d)
      v += n;
  }
  return v;
}

// out[7 * i + k]: seven results per work-item.
__kernel XFENCE_REQD_SUB_GROUP_SIZE void warps(const __global int *in, __global int *out, __global unsigned *ballots) {
  int i = (uint)get_group_id(0) * (uint)get_local_size(0) + (uint)get_local_id(0);
  int v = in[i];
  int lane = (uint)get_local_id(0) % 32;
  out[7 * i + 0] = warpSum(v);
  out[7 * i + 1] = warpScan(v, 8);
  out[7 * i + 2] = xfence_shfl_sync(0xffffffff, v, (lane * 5 + 3) % 32, 32);
  out[7 * i + 3] = xfence_shfl_xor_sync(0xffffffff, v, 5, 16);
  out[7 * i + 4] = xfence_shfl_sync(0xffffffff, v, 2, 4);
  out[7 * i + 5] = xfence_any_sync(0xffffffff, (int)(v % 97 == 0)) +
                   2 * xfence_all_sync(0xffffffff, (int)(v % 2 == 0));
  float f = xfence_shfl_down_sync(0xffffffff, (float)v * 0.5f, (unsigned int)(3), 8);
  out[7 * i + 6] = (int)(f * 2.0f);
  ballots[i] = xfence_ballot_sync(0xffffffff, (int)((v & 3) == 1));
}
