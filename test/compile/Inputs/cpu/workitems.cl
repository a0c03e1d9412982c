// Every work-item writes what the work-item functions return to it.
__kernel void ids(__global ulong *out) {
  __global ulong *o = out + get_global_linear_id() * 24;
  for (uint d = 0; d < 3; ++d) {
    o[d] = get_global_id(d);
    o[3 + d] = get_local_id(d);
    o[6 + d] = get_group_id(d);
    o[9 + d] = get_local_size(d);
    o[12 + d] = get_num_groups(d);
    o[15 + d] = get_global_size(d);
    o[18 + d] = get_global_offset(d);
  }
  o[21] = get_work_dim();
  o[22] = get_local_linear_id();
  // Past the last dimension: sizes 1, ids and offsets 0.
  o[23] = get_global_id(3) + get_local_id(5) + get_group_id(3) +
          get_global_offset(3) + 10 * get_local_size(3) +
          100 * get_num_groups(4) + 1000 * get_global_size(3);
}

// A struct argument: the launch function takes a pointer to its bytes.
typedef struct {
  int offset;
  float4 scale;
  char sign;
  double bias;
} Params;

__kernel void with_struct(__global float *out, Params p) {
  const size_t i = get_global_id(0);
  out[i] = p.sign * (p.offset + p.scale[i % 4] * (float)i) + (float)p.bias;
}
