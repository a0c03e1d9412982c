// Prints xfence_alpaka's CPU forms of CUDA's intrinsics for
// intrinsics.cl (compiled with -include of a translation, which defines
// them); the expected values are CUDA's.
#include <cmath>
#include <cstdio>

int main() {
  using namespace xfence_alpaka;
  std::printf("mul24 %d %d %d\n", cuda_mul24(-3, 5), cuda_mul24(0x01000003, 2),
              cuda_mul24(0x00800000, 1));
  std::printf("umul24 %u\n", cuda_umul24(0xff000002u, 3u));
  std::printf("mulhi %d %u\n", cuda_mulhi(0x40000000, 8),
              cuda_umulhi(0xffffffffu, 0xffffffffu));
  std::printf("bits %d %d %d %d %d %d\n", cuda_popc(0xf0f0u), cuda_clz(0),
              cuda_clz(1), cuda_clz(-1), cuda_ffs(0), cuda_ffs(8));
  std::printf("float2int %d %d %d %d %d %d %u %lld\n", cuda_float2int_rz(-2.7f),
              cuda_float2int_rd(-2.7f), cuda_float2int_ru(-2.2f),
              cuda_float2int_rn(2.5f), cuda_float2int_rz(NAN),
              cuda_float2int_rz(3e9f), cuda_float2uint_rz(-1.0f),
              cuda_double2ll_rz(-1e30));
  return 0;
}
