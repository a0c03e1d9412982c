__kernel void k(__global volatile int4 *p, __global int *o, __global int2 *o2) { o[0] = p[1].y; o2[0] = p->yx; o[1] = (p[2] + 1).x; }
