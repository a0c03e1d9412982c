#define LOCAL __local
__kernel void k(__global int *o) { LOCAL int t[4]; LOCAL int *p = t; t[0] = 1; o[0] = p[0]; }
