// A work-group passes values around a ring in __local memory: in round r
// every work-item writes its slot, waits at the barrier, reads its
// neighbour's slot and counts a value not of round r as stale; a second
// barrier keeps the next round's writes away from this round's reads.
// Built with -D NO_BARRIER the barriers are gone (the negative control).

#ifdef NO_BARRIER
#define SYNC()
#else
#define SYNC() barrier(CLK_LOCAL_MEM_FENCE)
#endif

static uint stamp(uint round, uint item, uint group) {
  return (round * 4096u + item) ^ (group << 24);
}

__kernel void ring(__global uint *stale, __global uint *sum,
                   __local uint *slots, uint rounds) {
  const uint lid = get_local_linear_id();
  const uint size = get_local_size(0) * get_local_size(1) * get_local_size(2);
  const uint group = get_group_id(0) + get_num_groups(0) *
                     (get_group_id(1) + get_num_groups(1) * get_group_id(2));
  const uint next = (lid + 1) % size;
  uint bad = 0, acc = 0;
  for (uint r = 0; r < rounds; ++r) {
    slots[lid] = stamp(r, lid, group);
    SYNC();
    const uint v = slots[next];
    bad += v != stamp(r, next, group);
    acc += v;
    SYNC();
  }
  stale[get_global_linear_id()] = bad;
  sum[get_global_linear_id()] = acc;
}

// Work-item 0 leaves before the barrier the others wait at: undefined in
// OpenCL; the runtime reports it instead of hanging.
__kernel void diverge(__global uint *out) {
  if (get_local_id(0) == 0)
    return;
  out[get_global_id(0)] = 1;
  barrier(CLK_GLOBAL_MEM_FENCE);
  out[get_global_id(0)] = 2;
}
