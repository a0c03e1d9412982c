#define PUBLISH(p) atomic_xchg(p, 1)
__kernel void k(__global int *data, __global int *flag, __local int *tmp) {
  tmp[get_local_id(0)] = data[get_global_id(0)];
  mem_fence(CLK_LOCAL_MEM_FENCE);
  barrier(CLK_LOCAL_MEM_FENCE);
  data[get_global_id(0)] = tmp[0];
  write_mem_fence(CLK_GLOBAL_MEM_FENCE);
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release,
                         memory_scope_device);
  PUBLISH(flag);
  atomic_work_item_fence(CLK_LOCAL_MEM_FENCE, memory_order_acquire,
                         memory_scope_sub_group);
  tmp[0] = 0;
}
