// Producer/consumer publication (OpenCL 2.0 fences, 1.x atomics on the
// flag): payload; release fence; atomic flag = 1 || spin on the atomic flag;
// acquire fence; read the payload.
#include "litmus.h"

__kernel void pc_b(LITMUS_PARAMS) {
  LITMUS_PROLOGUE
  if ((r & 1) == 0) {
    px[0] = 11;
    px[1] = 22;
    px[2] = 33;
    px[3] = 44;
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release,
                           memory_scope_device);
    atomic_xchg(py, 1u);
  } else {
    uint v;
    int spins = 0;
    while ((v = atomic_add(py, 0u)) == 0 && ++spins < 20000) {
    }
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire,
                           memory_scope_device);
    r0[inst] = v;
    r1[inst] = (px[0] != 11) + (px[1] != 22) + (px[2] != 33) + (px[3] != 44);
  }
}
