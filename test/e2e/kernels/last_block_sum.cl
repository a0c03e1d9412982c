// Launch: 1-D, global size 8192 (32 work-groups), local size 256.
// Arguments: in (n uints), partial (one uint per work-group, output),
// total (1 uint, output), counter (1 atomic_uint, zeroed, output: must end
// as the number of work-groups), scratch (__local, 256 uints), n = 65536.
// cl-std: CL3.0
// The file is also valid OpenCL C 2.0 (clang -cl-std=CL2.0 checks it), but
// it runs as 3.0 (with __opencl_c_atomic_scope_device): PoCL 3.1 in 2.0 mode
// declares the atomic built-ins for generic pointers only, which it lacks.
//
// One-kernel sum with the "last work-group finishes" pattern. Every
// work-group reduces its slice, work-item 0 stores the partial sum, makes it
// visible with a device-scope release fence and takes a ticket with a relaxed
// device-scope fetch_add. The work-group that draws the last ticket (and only
// it: no work-group ever waits for another, so this cannot deadlock when the
// work-groups are not co-resident) issues a device-scope acquire fence and
// adds all partial sums. Arithmetic wraps modulo 2^32, so the result is exact.

__kernel void last_block_sum(__global const uint *in, __global uint *partial,
                             __global uint *total,
                             __global atomic_uint *counter,
                             __local uint *scratch, uint n) {
  __local int is_last;
  const uint lid = get_local_id(0);
  const uint lsz = get_local_size(0);
  const uint ngroups = get_num_groups(0);

  uint acc = 0;
  for (uint i = get_global_id(0); i < n; i += get_global_size(0))
    acc += in[i];
  scratch[lid] = acc;
  work_group_barrier(CLK_LOCAL_MEM_FENCE);
  for (uint s = lsz / 2; s > 0; s >>= 1) {
    if (lid < s)
      scratch[lid] += scratch[lid + s];
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
  }

  if (lid == 0) {
    partial[get_group_id(0)] = scratch[0];
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release,
                           memory_scope_device);
    const uint ticket = atomic_fetch_add_explicit(
        counter, 1u, memory_order_relaxed, memory_scope_device);
    is_last = ticket == ngroups - 1;
    if (is_last)
      atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire,
                             memory_scope_device);
  }
  // Makes is_last, and what work-item 0 acquired, visible to the work-group.
  work_group_barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  if (!is_last)
    return;

  uint sum = 0;
  for (uint g = lid; g < ngroups; g += lsz)
    sum += partial[g];
  scratch[lid] = sum;
  work_group_barrier(CLK_LOCAL_MEM_FENCE);
  for (uint s = lsz / 2; s > 0; s >>= 1) {
    if (lid < s)
      scratch[lid] += scratch[lid + s];
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0)
    *total = scratch[0];
}
