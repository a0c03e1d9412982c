__kernel void k(__global int *flag, __global int *out) {
  out[0] = __atomic_fetch_nand(flag, 1, __ATOMIC_SEQ_CST);
}
