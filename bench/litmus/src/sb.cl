// Store buffering across work-groups (OpenCL 2.0): x = 1; seq_cst fence;
// read y || y = 1; seq_cst fence; read x. The seq_cst fence must stay
// seq_cst through translation and coalescing (a local mem_fence beside it
// merges into it).
#include "litmus.h"

__kernel void sb_b(LITMUS_PARAMS) {
  LITMUS_PROLOGUE
  if ((r & 1) == 0) {
    *px = 1;
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst,
                           memory_scope_device);
    mem_fence(CLK_LOCAL_MEM_FENCE);
    r0[inst] = *py;
  } else {
    *py = 1;
    mem_fence(CLK_LOCAL_MEM_FENCE);
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst,
                           memory_scope_device);
    r1[inst] = *px;
  }
}
