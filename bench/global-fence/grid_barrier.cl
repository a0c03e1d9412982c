// A lock-based barrier across work-groups, written the way OpenCL 1.x code
// tested on vendor implementations writes it: every work-group publishes
// its values in global memory, fences them with CLK_GLOBAL_MEM_FENCE, counts
// itself in at a global counter and spins until all work-groups have
// arrived; then each work-item reads the values another work-group wrote.
// The OpenCL specification gives these fences work-group scope, so nothing
// here promises that the values are visible across work-groups; the program
// is correct only on a platform whose global fences are device-wide.
//
// Staleness is made easy to see: before the barrier every work-item reads
// the slots that it will check after it (so the old values sit in its
// compute unit's cache; compile with -DPRIME=0 to leave that out), and its
// values lie one per cache line of 32 words.
// Two buffers alternate between rounds, so that round r + 2 overwrites a
// buffer only after every work-group has passed the barrier of round r + 1,
// that is, finished its checks of round r.
//
// All work-groups must run at once (the host launches at most one per
// compute unit). A spin that outlasts SPIN_LIMIT polls gives up and is
// counted, so that a wrong launch geometry cannot hang the device.

#ifndef VALUES
#define VALUES 8
#endif
#ifndef PRIME
#define PRIME 1
#endif
#ifndef SPIN_LIMIT
#define SPIN_LIMIT (1u << 22)
#endif

// The value of slot k of work-item `item` of work-group `group` in `round`:
// different from the value of every other round in the same slot.
uint expected(uint round, uint group, uint item, uint k) {
  return round * 2654435761u + group * 65599u + item * 31u + k + 1u;
}

// Slot k of `item` of `group`, in a buffer of `groups` work-groups of
// `items` work-items: a warp's work-items share one cache line per k.
uint slot(uint group, uint item, uint k, uint items) {
  return (group * VALUES + k) * items + item;
}

// stats[0]: work-item checks that saw at least one stale value
// stats[1]: stale values
// stats[2]: spins that gave up (the barrier was not passed)
// round_bad[r]: set if any work-item saw a stale value in round r
__kernel void grid_barrier(__global uint *data, __global uint *arrived,
                           __global uint *stats, __global uint *round_bad,
                           __global uint *sink, uint rounds,
                           uint first_round) {
  uint g = get_group_id(0), n = get_num_groups(0);
  uint l = get_local_id(0), m = get_local_size(0);
  uint junk = 0;
  for (uint r = 0; r < rounds; r++) {
    uint round = first_round + r;
    __global uint *buf = data + (round & 1u) * n * m * VALUES;
    uint partner = (g + 1u + round % (n - 1u)) % n;

#if PRIME
    // Read the partner's slots: old values, now in this compute unit's
    // cache.
    for (uint k = 0; k < VALUES; k++)
      junk += buf[slot(partner, l, k, m)];
#endif

    // Publish this round's values.
    for (uint k = 0; k < VALUES; k++)
      buf[slot(g, l, k, m)] = expected(round, g, l, k);
    mem_fence(CLK_GLOBAL_MEM_FENCE);

    // The barrier across work-groups.
    barrier(CLK_GLOBAL_MEM_FENCE);
    if (l == 0) {
      mem_fence(CLK_GLOBAL_MEM_FENCE);
      atomic_inc(arrived);
      uint target = (r + 1u) * n, spins = 0;
      while (atomic_add(arrived, 0u) < target && ++spins < SPIN_LIMIT)
        ;
      if (spins >= SPIN_LIMIT)
        atomic_inc(&stats[2]);
      mem_fence(CLK_GLOBAL_MEM_FENCE);
    }
    barrier(CLK_GLOBAL_MEM_FENCE);

    // Check what the partner published.
    uint stale = 0;
    for (uint k = 0; k < VALUES; k++)
      stale += buf[slot(partner, l, k, m)] != expected(round, partner, l, k);
    if (stale != 0) {
      atomic_inc(&stats[0]);
      atomic_add(&stats[1], stale);
      round_bad[r] = 1u;
    }
  }
  sink[get_global_id(0)] = junk;
}
