// A class template whose parameter is used in a macro body: not copied.
#define FIELD(n) T n[N]
template <typename T, int N> struct Box { FIELD(v); __device__ T first() const { return v[0]; } };
__global__ void k(float *p) { Box<float, 2> b; b.v[0] = p[1]; p[0] = b.first(); }
