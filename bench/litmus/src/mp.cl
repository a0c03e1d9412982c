// Message passing across work-groups (OpenCL 2.0): x = 1; release; y = 1 ||
// spin on y; acquire; read x. Each side carries a legacy fence next to the
// 2.0 fence, as kernels ported from 1.2 do; coalescing merges each pair.
#include "litmus.h"

__kernel void mp_b(LITMUS_PARAMS) {
  LITMUS_PROLOGUE
  if ((r & 1) == 0) {
    *px = 1;
    write_mem_fence(CLK_GLOBAL_MEM_FENCE);
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release,
                           memory_scope_device);
    *py = 1;
  } else {
    uint v;
    int spins = 0;
    while ((v = *py) == 0 && ++spins < 20000) {
    }
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire,
                           memory_scope_device);
    read_mem_fence(CLK_GLOBAL_MEM_FENCE);
    r0[inst] = v;
    r1[inst] = *px;
  }
}
