#define AT(p, v) atomic_add(p, v)
__kernel void k(__global int *o, __global uint *u) { AT(o, 1); AT(u, 1u); }
