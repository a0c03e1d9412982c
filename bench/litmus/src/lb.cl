// Load buffering across work-groups (OpenCL 2.0): read x; acq_rel fence;
// y = 1 || read y; acq_rel fence; x = 1.
#include "litmus.h"

__kernel void lb_b(LITMUS_PARAMS) {
  LITMUS_PROLOGUE
  if ((r & 1) == 0) {
    r0[inst] = *px;
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acq_rel,
                           memory_scope_device);
    *py = 1;
  } else {
    r1[inst] = *py;
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acq_rel,
                           memory_scope_device);
    *px = 1;
  }
}
