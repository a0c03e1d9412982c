__kernel void k(int4 v, int2 z, __global int2 *o) { o[1] = (v.lo = z) + z; o[2] = (v.lo = z).yx; o[3] = (v.lo = z) ? z : z; }
