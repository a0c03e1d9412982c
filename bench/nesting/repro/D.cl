#define LANE(v, c) ((v).c)
#define IDX(e) ((e) & 63)
__kernel void k(__global int *gi, int4 vi) { gi[IDX(LANE(vi, s2))] = LANE(vi, y); }
