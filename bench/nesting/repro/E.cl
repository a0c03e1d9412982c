#define LID(d) get_local_id(d)
__kernel void k(__global int *o) { o[LID(0)] = LID(1); }
