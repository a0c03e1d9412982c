// A two-level sum, written the way OpenCL 1.2 kernels usually are: a
// work-group tree reduction in local memory, then one atomic per work-group.
// `xfence translate reduce.cl --to cuda` maps each barrier and fence to the
// cheapest CUDA construct that keeps its meaning.

#define LOCAL_SIZE 256

__kernel __attribute__((reqd_work_group_size(LOCAL_SIZE, 1, 1)))
void reduce_sum(__global const int *in, __global int *total, int n) {
  __local int partial[LOCAL_SIZE];
  int lid = get_local_id(0);
  int gid = get_global_id(0);

  partial[lid] = gid < n ? in[gid] : 0;
  barrier(CLK_LOCAL_MEM_FENCE);

  for (int stride = LOCAL_SIZE / 2; stride > 0; stride /= 2) {
    if (lid < stride)
      partial[lid] += partial[lid + stride];
    barrier(CLK_LOCAL_MEM_FENCE);
  }

  if (lid == 0) {
    // Work-group scope is all OpenCL 1.2 promises here; a translator that
    // picks __threadfence() pays for device scope.
    mem_fence(CLK_LOCAL_MEM_FENCE);
    atomic_add(total, partial[0]);
  }
}
