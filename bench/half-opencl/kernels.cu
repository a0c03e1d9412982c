// CUDA's half-precision types and functions, each applied to many inputs:
// the source that `translate --to opencl` turns into kernels.cl, and that
// compare.cu runs as CUDA beside it (README.md). Every output is written
// as bits (ushort or uint), so both sides compare exactly.
#include <cuda_fp16.h>

// Arithmetic of two halves: out[k * n + i] for function k.
__global__ void halfBinary(const __half *a, const __half *b, __half *out,
                           int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  __half x = a[i], y = b[i];
  out[0 * n + i] = __hadd(x, y);
  out[1 * n + i] = __hsub(x, y);
  out[2 * n + i] = __hmul(x, y);
  out[3 * n + i] = __hdiv(x, y);
  out[4 * n + i] = x + y;
  out[5 * n + i] = x / y - y;
  out[6 * n + i] = __hfma(x, y, x);
  out[7 * n + i] = __hmax(x, y);
  out[8 * n + i] = __hmin(x, y);
  __half t = x;
  t += y;
  t *= x;
  out[9 * n + i] = t;
  out[10 * n + i] = __hneg(x);
  out[11 * n + i] = -y;
  out[12 * n + i] = __habs(x);
}

// Comparisons: bit k of out[i] for comparison k.
__global__ void halfCompare(const __half *a, const __half *b, unsigned *out,
                            int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  __half x = a[i], y = b[i];
  bool r[] = {__heq(x, y),  __hne(x, y),  __hlt(x, y),  __hle(x, y),
              __hgt(x, y),  __hge(x, y),  __hequ(x, y), __hneu(x, y),
              __hltu(x, y), __hleu(x, y), __hgtu(x, y), __hgeu(x, y),
              x == y,       x != y,       x < y,        x >= y,
              __hisnan(x)};
  unsigned bits = 0;
  for (int k = 0; k < 17; ++k)
    bits |= (unsigned)r[k] << k;
  out[i] = bits | (unsigned)(__hisinf(x) + 1) << 20;
}

// Conversions between float, half and the integers, in each rounding mode.
__global__ void halfConvert(const float *f, const __half *h, __half *oh,
                            unsigned *oi, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float v = f[i];
  __half w = h[i];
  int k = __float_as_int(v) >> 12;
  oh[0 * n + i] = __float2half(v);
  oh[1 * n + i] = __float2half_rn(v);
  oh[2 * n + i] = __float2half_rz(v);
  oh[3 * n + i] = __float2half_rd(v);
  oh[4 * n + i] = __float2half_ru(v);
  oh[5 * n + i] = __half(v);
  __half implicit = v;
  oh[6 * n + i] = implicit;
  oh[7 * n + i] = __int2half_rn(k);
  oh[8 * n + i] = __int2half_rz(k);
  oh[9 * n + i] = __uint2half_rd((unsigned)k);
  oh[10 * n + i] = __short2half_ru((short)k);
  oh[11 * n + i] = __short_as_half(__half_as_short(w));
  oh[12 * n + i] = __ushort_as_half((unsigned short)k);
  oh[13 * n + i] = __double2half((double)v * 3.0);
  oi[0 * n + i] = __float_as_uint(__half2float(w));
  float asFloat = w;
  oi[1 * n + i] = __float_as_uint(asFloat);
  // Only where the value fits: CUDA and OpenCL C saturate differently.
  bool fits = !__hisnan(w) && __habs(w) < __float2half(30000.0f);
  oi[2 * n + i] = fits ? __half2int_rn(w) : 0;
  oi[3 * n + i] = fits ? __half2int_rz(w) : 0;
  oi[4 * n + i] = fits ? __half2int_rd(w) : 0;
  oi[5 * n + i] = fits ? __half2int_ru(w) : 0;
  oi[6 * n + i] = fits ? (unsigned)__half2short_rn(w) : 0;
  oi[7 * n + i] = __half_as_ushort(w);
}

// Pairs of halves.
__global__ void half2Ops(const __half2 *a, const __half2 *b, __half2 *out,
                         unsigned *flags, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  __half2 x = a[i], y = b[i];
  out[0 * n + i] = __hadd2(x, y);
  out[1 * n + i] = __hsub2(x, y);
  out[2 * n + i] = __hmul2(x, y);
  out[3 * n + i] = __h2div(x, y);
  out[4 * n + i] = __hfma2(x, y, x);
  out[5 * n + i] = __hneg2(x);
  out[6 * n + i] = __habs2(y);
  out[7 * n + i] = __hmax2(x, y);
  out[8 * n + i] = __hmin2(x, y);
  out[9 * n + i] = __heq2(x, y);
  out[10 * n + i] = __hne2(x, y);
  out[11 * n + i] = __hlt2(x, y);
  out[12 * n + i] = __hle2(x, y);
  out[13 * n + i] = __hgt2(x, y);
  out[14 * n + i] = __hge2(x, y);
  out[15 * n + i] = __halves2half2(__low2half(x), __high2half(y));
  out[16 * n + i] = __lowhigh2highlow(x);
  out[17 * n + i] = __lows2half2(x, y);
  out[18 * n + i] = __highs2half2(x, y);
  out[19 * n + i] = __low2half2(x) + __high2half2(y);
  out[20 * n + i] = x * y - x;
  out[21 * n + i] = __floats2half2_rn(__low2float(x), __high2float(y));
  out[22 * n + i] = __float22half2_rn(__half22float2(y));
  out[23 * n + i] = __half2half2(__high2half(x));
  out[24 * n + i] = __float2half2_rn(__low2float(y) * 3.0f);
  __half2 z(1.5f, -2.0f);
  __half2 t = __half2(__low2half(x), __float2half(0.25f));
  out[25 * n + i] = z * t;
  bool r[] = {__hbeq2(x, y), __hbne2(x, y), __hblt2(x, y),
              __hble2(x, y), __hbgt2(x, y), __hbge2(x, y)};
  unsigned bits = 0;
  for (int k = 0; k < 6; ++k)
    bits |= (unsigned)r[k] << k;
  flags[i] = bits;
}

// The math functions: not compared bit for bit (each platform has its own
// implementation), but by the distance in units in the last place.
__global__ void halfMath(const __half *a, __half *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  __half x = a[i];
  out[0 * n + i] = hsqrt(x);
  out[1 * n + i] = hrsqrt(x);
  out[2 * n + i] = hexp(x);
  out[3 * n + i] = hexp2(x);
  out[4 * n + i] = hlog(x);
  out[5 * n + i] = hlog2(x);
  out[6 * n + i] = hsin(x);
  out[7 * n + i] = hcos(x);
  out[8 * n + i] = hrcp(x);
  out[9 * n + i] = hceil(x);
  out[10 * n + i] = hfloor(x);
  out[11 * n + i] = htrunc(x);
  out[12 * n + i] = hrint(x);
  out[13 * n + i] = hexp10(x);
  out[14 * n + i] = hlog10(x);
}
