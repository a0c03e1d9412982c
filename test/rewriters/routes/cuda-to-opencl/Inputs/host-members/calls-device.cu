// A host member function that calls a device one (host-members.cu).
struct Pixel {
  unsigned char r, g;
  __host__ __device__ int sum() const { return r + g; }
  int twice() const { return 2 * sum(); }
};
__global__ void k(const Pixel *px, int *out) { out[0] = px[0].sum(); }
