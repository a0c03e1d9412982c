__kernel void k(__global atomic_int *flag, __global int *data, __global int *out) {
  int f = __opencl_atomic_load(flag, memory_order_acquire, memory_scope_device);
  out[0] = f ? data[0] : -1;
  __opencl_atomic_store(flag, 0, memory_order_release, memory_scope_device);
  __opencl_atomic_fetch_add(flag, 1, memory_order_seq_cst, memory_scope_work_group);
}
