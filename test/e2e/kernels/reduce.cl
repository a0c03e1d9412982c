// Launch: 1-D, global size 16384 (64 work-groups), local size 256.
// Arguments: in (n floats), partial (one float per work-group, output),
// scratch (__local, local size floats), n = 131072.
// cl-std: CL1.2
//
// Sum reduction: every work-item adds a grid-strided slice of `in`, then the
// work-group combines the 256 values in a tree in local memory, one barrier
// per level. Work-item 0 writes the work-group's sum to partial[group].

__kernel void reduce_sum(__global const float *in, __global float *partial,
                         __local float *scratch, uint n) {
  const uint lid = get_local_id(0);
  const uint stride = get_global_size(0);
  float acc = 0.0f;
  for (uint i = get_global_id(0); i < n; i += stride)
    acc += in[i];
  scratch[lid] = acc;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
    if (lid < s)
      scratch[lid] += scratch[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0)
    partial[get_group_id(0)] = scratch[0];
}
