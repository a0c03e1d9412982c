__kernel void k(__global int *data, __global uint *arrived) {
  data[get_global_id(0)] = 1;
  barrier(CLK_GLOBAL_MEM_FENCE);
  if (get_local_id(0) == 0) {
    atomic_inc(arrived);
    while (atomic_add(arrived, 0) < get_num_groups(0))
      ;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  mem_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  data[get_global_id(0)] += data[0];
  mem_fence(CLK_LOCAL_MEM_FENCE);
}
