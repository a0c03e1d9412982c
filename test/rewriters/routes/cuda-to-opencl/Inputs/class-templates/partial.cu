// A class template with a partial specialization: not copied.
template <typename T> struct Box { T v; };
template <typename T> struct Box<T *> { T *v; };
__global__ void k(int *p) { Box<int> b; b.v = 1; p[0] = b.v; }
