// A class template with a member template: not copied.
template <typename T> struct Conv {
  template <typename U> __device__ static U to(T x) { return (U)x; }
};
__global__ void k(int *p) { p[0] = Conv<float>::to<int>(1.5f); }
