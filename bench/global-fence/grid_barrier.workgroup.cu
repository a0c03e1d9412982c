// Translated from OpenCL C to CUDA by xfence (docs/opencl-to-cuda.md).
#include <cuda/atomic>
typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;
typedef int atomic_int;
typedef unsigned int atomic_uint;
typedef long atomic_long;
typedef unsigned long atomic_ulong;
typedef float atomic_float;
typedef double atomic_double;
typedef int atomic_flag;
typedef unsigned int cl_mem_fence_flags;
#define CLK_LOCAL_MEM_FENCE 0x01
#define CLK_GLOBAL_MEM_FENCE 0x02
#define CLK_IMAGE_MEM_FENCE 0x04
enum memory_order { memory_order_relaxed = 0, memory_order_acquire = 2, memory_order_release = 3, memory_order_acq_rel = 4, memory_order_seq_cst = 5 };
enum memory_scope { memory_scope_work_item = 0, memory_scope_work_group = 1, memory_scope_device = 2, memory_scope_all_svm_devices = 3, memory_scope_all_devices = 3, memory_scope_sub_group = 4 };
// xfence: end of prelude
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
#define SPIN_LIMIT (1u << ((22) & 31))
#endif

// The value of slot k of work-item `item` of work-group `group` in `round`:
// different from the value of every other round in the same slot.
__device__ uint expected(uint round, uint group, uint item, uint k) {
  return round * 2654435761u + group * 65599u + item * 31u + k + 1u;
}

// Slot k of `item` of `group`, in a buffer of `groups` work-groups of
// `items` work-items: a warp's work-items share one cache line per k.
__device__ uint slot(uint group, uint item, uint k, uint items) {
  return (group * VALUES + k) * items + item;
}

// stats[0]: work-item checks that saw at least one stale value
// stats[1]: stale values
// stats[2]: spins that gave up (the barrier was not passed)
// round_bad[r]: set if any work-item saw a stale value in round r
__global__ void grid_barrier(uint *data, uint *arrived,
                           uint *stats, uint *round_bad,
                           uint *sink, uint rounds,
                           uint first_round) {
  uint g = blockIdx.x, n = gridDim.x;
  uint l = threadIdx.x, m = blockDim.x;
  uint junk = 0;
  for (uint r = 0; r < rounds; r++) {
    uint round = first_round + r;
    uint *buf = data + (round & 1u) * n * m * VALUES;
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
    ((void)0) /* xfence: mem_fence(CLK_GLOBAL_MEM_FENCE) removed: redundant */;

    // The barrier across work-groups.
    __syncthreads();
    if (l == 0) {
      cuda::atomic_thread_fence(cuda::memory_order_acq_rel, cuda::thread_scope_block);
      atomicAdd((unsigned int *)(arrived), (unsigned int)(1));
      uint target = (r + 1u) * n, spins = 0;
      while (atomicAdd((unsigned int *)(arrived), (unsigned int)(0u)) < target && ++spins < SPIN_LIMIT)
        ;
      if (spins >= SPIN_LIMIT)
        atomicAdd((unsigned int *)(&stats[2]), (unsigned int)(1));
      cuda::atomic_thread_fence(cuda::memory_order_acq_rel, cuda::thread_scope_block);
    }
    __syncthreads();

    // Check what the partner published.
    uint stale = 0;
    for (uint k = 0; k < VALUES; k++)
      stale += buf[slot(partner, l, k, m)] != expected(round, partner, l, k);
    if (stale != 0) {
      atomicAdd((unsigned int *)(&stats[0]), (unsigned int)(1));
      atomicAdd((unsigned int *)(&stats[1]), (unsigned int)(stale));
      round_bad[r] = 1u;
    }
  }
  sink[(blockIdx.x * blockDim.x + threadIdx.x)] = junk;
}

// xfence: host-side launch helpers, one per kernel.

// Launches the OpenCL kernel grid_barrier on an NDRange of global_size work-items in work-groups of local_size (docs/opencl-to-cuda.md).
inline cudaError_t launch_grid_barrier(dim3 global_size, dim3 local_size, uint *data, uint *arrived, uint *stats, uint *round_bad, uint *sink, uint rounds, uint first_round, cudaStream_t stream = 0) {
  if (local_size.x == 0 || local_size.y == 0 || local_size.z == 0 ||
      global_size.x % local_size.x || global_size.y % local_size.y ||
      global_size.z % local_size.z)
    return cudaErrorInvalidValue;
  const size_t shared_bytes = 0;
  grid_barrier<<<dim3(global_size.x / local_size.x, global_size.y / local_size.y,
           global_size.z / local_size.z),
      local_size, shared_bytes, stream>>>(data, arrived, stats, round_bad, sink, rounds, first_round);
  return cudaGetLastError();
}
