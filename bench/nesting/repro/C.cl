#define GPTR(T) __global T *
__kernel void k(__global uint *gu, __global int *o) { o[0] = *(GPTR(int))gu; }
