// The last-block reduction of the CUDA guide, written in OpenCL 2.0: a tree
// sum in local memory, then the last work-group of each group of `bpg` adds
// the partial sums. The legacy mem_fence beside each barrier adds nothing
// and coalescing drops it; the device-scope release/acquire pair stays.
__kernel void lbr_b(__global const uint *in, volatile __global uint *partial,
                    __global uint *count, __global uint *out, int bpg,
                    volatile __global uint *scratch, int scratch_n) {
  __local uint sums[256];
  __local int isLastBlockDone;
  int tid = get_local_id(0);
  int group = get_group_id(0) / bpg;
  sums[tid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int s = get_local_size(0) / 2; s > 0; s /= 2) {
    if (tid < s)
      sums[tid] += sums[tid + s];
    mem_fence(CLK_LOCAL_MEM_FENCE);
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (tid == 0) {
    partial[get_group_id(0)] = sums[0];
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release,
                           memory_scope_device);
    uint value = atomic_inc(&count[group]);
    isLastBlockDone = (value == (uint)(bpg - 1));
  } else {
    uint z = tid * 2654435761u;
    for (int i = 0; i < 8; ++i) {
      z = z * 1664525u + 1013904223u;
      volatile __global uint *p = scratch + (z % scratch_n);
      *p = *p + 1;
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (isLastBlockDone && tid == 0) {
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire,
                           memory_scope_device);
    uint total = 0;
    for (int b = 0; b < bpg; ++b)
      total += partial[group * bpg + b];
    out[group] = total;
  }
}
