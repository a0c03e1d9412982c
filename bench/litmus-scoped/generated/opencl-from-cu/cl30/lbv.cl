// Translated from CUDA to OpenCL C (CL3.0) by xfence (docs/cuda-to-opencl.md).
static uint xfence_atomic_inc_global_uint(volatile __global uint *p, uint v, memory_order o, memory_scope s) {
  volatile __global atomic_uint *b = (volatile __global atomic_uint *)p;
  uint old = 0; /* a guess; the compare-exchange returns the truth */
  while (!atomic_compare_exchange_strong_explicit(b, &old, old >= v ? 0 : old + 1, o, memory_order_relaxed, s))
    ;
  return old;
}
// xfence: end of prelude
// The last-block sum of a vector (bench/litmus, DEFINE_LBV): each block adds
// `rows` rows of `in` column by column, every thread publishes its column's
// partial sum in its own 128-byte line (stride 32 words); after
// __syncthreads() thread 0 fences (a device fence is cumulative over the
// barrier) and takes its group's ticket with atomicInc; in the last block
// of each group of `bpg`, every thread adds its column over the group.
// Forbidden: a wrong column sum. The mutants narrow the fence to the block
// or remove it.
#define LBV_STRIDE 32

 __kernel void lbv_fence(const __global unsigned *in,
                                     volatile __global unsigned *partial,
                                     __global unsigned *count, __global unsigned *out, int bpg,
                                     int rows) {
  __local bool isLastBlockDone;
  int tid = (uint)get_local_id(0), n = (uint)get_local_size(0);
  int group = (uint)get_group_id(0) / bpg;
  unsigned s = 0;
  for (int r = 0; r < rows; ++r)
    s += in[((uint)get_group_id(0) * rows + r) * n + tid];
  partial[((uint)get_group_id(0) * n + tid) * LBV_STRIDE] = s;
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  if (tid == 0) {
    atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, memory_scope_device);
    unsigned value = xfence_atomic_inc_global_uint(&count[group], bpg, memory_order_seq_cst, memory_scope_device);
    isLastBlockDone = (value == (unsigned)(bpg - 1));
  }
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  if (isLastBlockDone) {
    unsigned total = 0;
    for (int b = 0; b < bpg; ++b)
      total += partial[((group * bpg + b) * n + tid) * LBV_STRIDE];
    out[group * n + tid] = total;
  }
}

 __kernel void lbv_block_mutant(const __global unsigned *in,
                                            volatile __global unsigned *partial,
                                            __global unsigned *count, __global unsigned *out,
                                            int bpg, int rows) {
  __local bool isLastBlockDone;
  int tid = (uint)get_local_id(0), n = (uint)get_local_size(0);
  int group = (uint)get_group_id(0) / bpg;
  unsigned s = 0;
  for (int r = 0; r < rows; ++r)
    s += in[((uint)get_group_id(0) * rows + r) * n + tid];
  partial[((uint)get_group_id(0) * n + tid) * LBV_STRIDE] = s;
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  if (tid == 0) {
    atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, memory_scope_device);
    unsigned value = xfence_atomic_inc_global_uint(&count[group], bpg, memory_order_seq_cst, memory_scope_device);
    isLastBlockDone = (value == (unsigned)(bpg - 1));
  }
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  if (isLastBlockDone) {
    unsigned total = 0;
    for (int b = 0; b < bpg; ++b)
      total += partial[((group * bpg + b) * n + tid) * LBV_STRIDE];
    out[group * n + tid] = total;
  }
}

 __kernel void lbv_none_mutant(const __global unsigned *in,
                                           volatile __global unsigned *partial,
                                           __global unsigned *count, __global unsigned *out,
                                           int bpg, int rows) {
  __local bool isLastBlockDone;
  int tid = (uint)get_local_id(0), n = (uint)get_local_size(0);
  int group = (uint)get_group_id(0) / bpg;
  unsigned s = 0;
  for (int r = 0; r < rows; ++r)
    s += in[((uint)get_group_id(0) * rows + r) * n + tid];
  partial[((uint)get_group_id(0) * n + tid) * LBV_STRIDE] = s;
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  if (tid == 0) {
    unsigned value = xfence_atomic_inc_global_uint(&count[group], bpg, memory_order_seq_cst, memory_scope_device);
    isLastBlockDone = (value == (unsigned)(bpg - 1));
  }
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  if (isLastBlockDone) {
    unsigned total = 0;
    for (int b = 0; b < bpg; ++b)
      total += partial[((group * bpg + b) * n + tid) * LBV_STRIDE];
    out[group * n + tid] = total;
  }
}
