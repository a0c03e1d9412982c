// The last-block sum of a vector (kernels_cuda.cuh, DEFINE_LBV) in OpenCL
// 2.0: every work-item publishes its column's partial sum in its own
// 128-byte line; the barrier with CLK_GLOBAL_MEM_FENCE orders those stores
// before work-item 0's device-scope release fence and ticket; the work-item
// that draws the last ticket acquires at device scope, and the second
// barrier passes that on to the whole work-group, which adds the columns.
#define STRIDE 32

__kernel void lbv_b(__global const uint *in, volatile __global uint *partial,
                    __global uint *count, __global uint *out, int bpg,
                    int rows) {
  __local int isLastBlockDone;
  int tid = get_local_id(0), n = get_local_size(0);
  int wg = get_group_id(0), group = wg / bpg;
  uint s = 0;
  for (int r = 0; r < rows; ++r)
    s += in[(wg * rows + r) * n + tid];
  partial[(wg * n + tid) * STRIDE] = s;
  barrier(CLK_GLOBAL_MEM_FENCE);
  if (tid == 0) {
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release,
                           memory_scope_device);
    uint value = atomic_inc(&count[group]);
    int last = value == (uint)(bpg - 1);
    if (last)
      atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire,
                             memory_scope_device);
    isLastBlockDone = last;
  }
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  if (isLastBlockDone) {
    uint total = 0;
    for (int b = 0; b < bpg; ++b)
      total += partial[((group * bpg + b) * n + tid) * STRIDE];
    out[group * n + tid] = total;
  }
}
