#define VEC(T, n) T##n
__kernel void k(__global int *o, int a) { VEC(int, 4) v = (VEC(int, 4))(a); VEC(float, 4) f = (VEC(float, 4))(1.0f); o[0] = v.y + (int)f.x; }
