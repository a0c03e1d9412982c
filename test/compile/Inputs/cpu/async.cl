// async_work_group_copy and async_work_group_strided_copy into __local
// memory (a pointer argument and a kernel-scope array), wait_group_events,
// then reads of other work-items' elements.
kernel void copies(global const float4 *in, global float4 *out,
                   local float4 *tile, global const float *strided) {
  const size_t g = get_group_id(0), n = get_local_size(0);
  event_t e = async_work_group_copy(tile, in + g * n, n, 0);
  wait_group_events(1, &e);
  out[get_global_id(0)] = tile[(get_local_id(0) + 1) % n] * 2.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
  local float column[64];
  e = async_work_group_strided_copy(column, strided + g, n, 4, 0);
  wait_group_events(1, &e);
  out[get_global_id(0)].w = column[n - 1 - get_local_id(0)];
}
