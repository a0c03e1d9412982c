// Kernels of ptx.test: the fences of the census.
__kernel void local_fence(__global int *g, __local int *l) {
  l[get_local_id(0)] = g[0];
  mem_fence(CLK_LOCAL_MEM_FENCE);
  g[1] = l[0];
}
__kernel void device_fence(__global int *g) {
  g[0] = 1;
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_device);
  g[1] = 1;
}
__kernel void coalesced(__global int *g, __local int *l) {
  l[get_local_id(0)] = g[get_local_id(0)];
  mem_fence(CLK_LOCAL_MEM_FENCE);
  barrier(CLK_LOCAL_MEM_FENCE);
  g[get_local_id(0)] = l[0];
}
__kernel void global_fence(__global int *g) {
  g[0] = 1;
  mem_fence(CLK_GLOBAL_MEM_FENCE);
  g[1] = 1;
}
