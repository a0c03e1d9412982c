// Launch: 1-D, global size 16384 (64 work-groups), local size 256.
// Arguments: data (n uchars), bins (256 uints, zeroed, output),
// range (2 uints: [0] = max, [1] = min; initialised to 0 and 0xffffffff,
// output), n = 262144.
// cl-std: CL1.2
//
// 256-bin histogram: a private sub-histogram per work-group in a __local
// array (local atomics), merged into the global bins with global atomics.
// The work-group's largest and smallest byte are combined with local and then
// global atomic_max / atomic_min.

#define NBINS 256

__kernel void histogram256(__global const uchar *data, __global uint *bins,
                           __global uint *range, uint n) {
  __local uint hist[NBINS];
  __local uint lmax;
  __local uint lmin;
  const uint lid = get_local_id(0);
  const uint lsz = get_local_size(0);
  for (uint b = lid; b < NBINS; b += lsz)
    hist[b] = 0;
  if (lid == 0) {
    lmax = 0;
    lmin = 0xffffffffu;
  }
  barrier(CLK_LOCAL_MEM_FENCE);

  uint mymax = 0, mymin = 0xffffffffu;
  for (uint i = get_global_id(0); i < n; i += get_global_size(0)) {
    const uint v = data[i];
    atomic_inc(&hist[v]);
    mymax = max(mymax, v);
    mymin = min(mymin, v);
  }
  atomic_max(&lmax, mymax);
  atomic_min(&lmin, mymin);
  barrier(CLK_LOCAL_MEM_FENCE);

  for (uint b = lid; b < NBINS; b += lsz) {
    const uint c = hist[b];
    if (c != 0)
      atomic_add(&bins[b], c);
  }
  if (lid == 0) {
    atomic_max(&range[0], lmax);
    atomic_min(&range[1], lmin);
  }
}
