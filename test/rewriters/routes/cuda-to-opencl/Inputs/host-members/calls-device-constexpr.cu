// A constexpr member that calls a device one: clang's CUDA mode makes it
// __host__ __device__, so both are lowered (host-members.cu).
struct Pixel {
  unsigned char r, g;
  __host__ __device__ constexpr int sum() const { return r + g; }
  constexpr int twice() const { return 2 * sum(); }
};
__global__ void k(const Pixel *px, int *out) { out[0] = px[0].sum(); }
