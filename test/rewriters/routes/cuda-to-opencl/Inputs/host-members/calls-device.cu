// Host code in a class that calls its device member functions
// (host-members.cu): HeCBench gemv's uint4_2, whose host constructor calls
// setX/setY. The device ones move after the class; the host ones stay there
// as declarations, left out with the host code.
#include <cstdint>
struct Packed {
  std::uint8_t data;
  Packed(std::uint8_t x = 0, std::uint8_t y = 0) : data(0) {
    setX(x);
    setY(y);
  }
  __host__ __device__ std::uint8_t getX() const { return data & 0x0F; }
  __host__ __device__ void setX(std::uint8_t x) {
    data = (data & 0xF0) | (x & 0x0F);
  }
  __host__ __device__ void setY(std::uint8_t y) {
    data = (data & 0x0F) | ((y & 0x0F) << 4);
  }
  int twice() const { return 2 * getX(); }
  friend bool same(const Packed &a, const Packed &b) {
    return a.getX() == b.getX();
  }
};
__global__ void k(Packed *px, int *out) {
  px[1].setX(5);
  out[0] = px[0].getX() + px[1].getX();
}
int host(Packed p) { return p.twice() + same(p, Packed(1, 2)); }
