// Launch: three kernels, in order, all 1-D with local size 256.
//   scan_blocks:     global size n (= 65536, 256 work-groups);
//                    tmp = __local, 2 * 256 uints.
//   scan_block_sums: global size 256 (one work-group);
//                    tmp = __local, 2 * 256 uints; nblocks = 256.
//   add_block_offsets: global size n (256 work-groups).
// cl-std: CL1.2
//
// Inclusive prefix sum of n uints (wrapping arithmetic). Every work-group
// scans its block in local memory (Hillis-Steele, double buffered) and
// writes the block total; one work-group turns the block totals into an
// exclusive scan; a third pass adds each block's offset.

__kernel void scan_blocks(__global const uint *in, __global uint *out,
                          __global uint *block_sums, __local uint *tmp,
                          uint n) {
  const uint lid = get_local_id(0);
  const uint lsz = get_local_size(0);
  const uint gid = get_global_id(0);
  uint src = 0;
  tmp[lid] = gid < n ? in[gid] : 0u;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint off = 1; off < lsz; off <<= 1) {
    const uint dst = 1 - src;
    uint v = tmp[src * lsz + lid];
    if (lid >= off)
      v += tmp[src * lsz + lid - off];
    tmp[dst * lsz + lid] = v;
    src = dst;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (gid < n)
    out[gid] = tmp[src * lsz + lid];
  if (lid == lsz - 1)
    block_sums[get_group_id(0)] = tmp[src * lsz + lid];
}

// Exclusive scan of nblocks (<= local size) block totals, in place.
__kernel void scan_block_sums(__global uint *block_sums, __local uint *tmp,
                              uint nblocks) {
  const uint lid = get_local_id(0);
  const uint lsz = get_local_size(0);
  uint src = 0;
  tmp[lid] = (lid > 0 && lid - 1 < nblocks) ? block_sums[lid - 1] : 0u;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint off = 1; off < lsz; off <<= 1) {
    const uint dst = 1 - src;
    uint v = tmp[src * lsz + lid];
    if (lid >= off)
      v += tmp[src * lsz + lid - off];
    tmp[dst * lsz + lid] = v;
    src = dst;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid < nblocks)
    block_sums[lid] = tmp[src * lsz + lid];
}

__kernel void add_block_offsets(__global uint *out,
                                __global const uint *block_sums, uint n) {
  const uint gid = get_global_id(0);
  if (gid < n)
    out[gid] += block_sums[get_group_id(0)];
}
