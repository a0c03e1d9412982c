__kernel void k(__local int *a, __local int *b) { b[0] = 1; }
