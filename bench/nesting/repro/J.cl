__kernel void k(__global int *o, int a) { o[0] = ((int4)(((int4)(a)).w)).w; }
