// Translated from CUDA to OpenCL C (CL3.0) by xfence (docs/cuda-to-opencl.md).
// xfence: CUDA's __half and __half2 are half and half2 of cl_khr_fp16.
#ifdef cl_khr_fp16
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#else
#error "xfence: the CUDA code computes in half precision (__half), which needs cl_khr_fp16; this OpenCL device lacks it"
#endif
static inline half xfence_hadd(half a, half b) { return a + b; }
static inline half xfence_hsub(half a, half b) { return a - b; }
static inline half xfence_hmul(half a, half b) { return a * b; }
static inline half xfence_hdiv(half a, half b) { return a / b; }
static inline half xfence_hneg(half a) { return -a; }
static inline half xfence_hrcp(half a) { return (half)1.0f / a; }
static inline half2 xfence_hadd2(half2 a, half2 b) { return a + b; }
static inline half2 xfence_hsub2(half2 a, half2 b) { return a - b; }
static inline half2 xfence_hmul2(half2 a, half2 b) { return a * b; }
static inline half2 xfence_h2div(half2 a, half2 b) { return a / b; }
static inline half2 xfence_hneg2(half2 a) { return -a; }
static inline bool xfence_heq(half a, half b) { return a == b; }
static inline bool xfence_hne(half a, half b) { return islessgreater(a, b); }
static inline bool xfence_hlt(half a, half b) { return a < b; }
static inline bool xfence_hle(half a, half b) { return a <= b; }
static inline bool xfence_hgt(half a, half b) { return a > b; }
static inline bool xfence_hge(half a, half b) { return a >= b; }
static inline bool xfence_hequ(half a, half b) { return !islessgreater(a, b); }
static inline bool xfence_hneu(half a, half b) { return a != b; }
static inline bool xfence_hltu(half a, half b) { return !(a >= b); }
static inline bool xfence_hleu(half a, half b) { return !(a > b); }
static inline bool xfence_hgtu(half a, half b) { return !(a <= b); }
static inline bool xfence_hgeu(half a, half b) { return !(a < b); }
static inline half2 xfence_heq2(half2 a, half2 b) { return convert_half2(-(a == b)); }
static inline half2 xfence_hne2(half2 a, half2 b) { return convert_half2(-islessgreater(a, b)); }
static inline half2 xfence_hlt2(half2 a, half2 b) { return convert_half2(-(a < b)); }
static inline half2 xfence_hle2(half2 a, half2 b) { return convert_half2(-(a <= b)); }
static inline half2 xfence_hgt2(half2 a, half2 b) { return convert_half2(-(a > b)); }
static inline half2 xfence_hge2(half2 a, half2 b) { return convert_half2(-(a >= b)); }
static inline bool xfence_hbeq2(half2 a, half2 b) { return all(a == b); }
static inline bool xfence_hbne2(half2 a, half2 b) { return all(islessgreater(a, b)); }
static inline bool xfence_hblt2(half2 a, half2 b) { return all(a < b); }
static inline bool xfence_hble2(half2 a, half2 b) { return all(a <= b); }
static inline bool xfence_hbgt2(half2 a, half2 b) { return all(a > b); }
static inline bool xfence_hbge2(half2 a, half2 b) { return all(a >= b); }
// __hisinf: -1 for -infinity, 1 for +infinity, 0 otherwise.
static inline int xfence_hisinf(half a) { return isinf(a) ? (signbit(a) ? -1 : 1) : 0; }
static inline half2 xfence_floats2half2_rn(float a, float b) { return (half2)(convert_half_rte(a), convert_half_rte(b)); }
static inline half2 xfence_float2half2_rn(float a) { return (half2)(convert_half_rte(a)); }
static inline half2 xfence_halves2half2(half a, half b) { return (half2)(a, b); }
static inline half2 xfence_half2half2(half a) { return (half2)(a); }
static inline half xfence_low2half(half2 a) { return a.x; }
static inline half xfence_high2half(half2 a) { return a.y; }
static inline float xfence_low2float(half2 a) { return a.x; }
static inline float xfence_high2float(half2 a) { return a.y; }
static inline half2 xfence_low2half2(half2 a) { return a.xx; }
static inline half2 xfence_high2half2(half2 a) { return a.yy; }
static inline half2 xfence_lows2half2(half2 a, half2 b) { return (half2)(a.x, b.x); }
static inline half2 xfence_highs2half2(half2 a, half2 b) { return (half2)(a.y, b.y); }
static inline half2 xfence_lowhigh2highlow(half2 a) { return a.yx; }
// xfence: end of prelude
// CUDA's half-precision types and functions, each applied to many inputs:
// the source that `translate --to opencl` turns into kernels.cl, and that
// compare.cu runs as CUDA beside it (README.md). Every output is written
// as bits (ushort or uint), so both sides compare exactly.
// xfence: #include <cuda_fp16.h>

// Arithmetic of two halves: out[k * n + i] for function k.
__kernel void halfBinary(const __global half *a, const __global half *b, __global half *out,
                           int n) {
  int i = (uint)get_group_id(0) * (uint)get_local_size(0) + (uint)get_local_id(0);
  if (i >= n)
    return;
  half x = a[i], y = b[i];
  out[0 * n + i] = xfence_hadd(x, y);
  out[1 * n + i] = xfence_hsub(x, y);
  out[2 * n + i] = xfence_hmul(x, y);
  out[3 * n + i] = xfence_hdiv(x, y);
  out[4 * n + i] = x + y;
  out[5 * n + i] = x / y - y;
  out[6 * n + i] = fma(x, y, x);
  out[7 * n + i] = fmax(x, y);
  out[8 * n + i] = fmin(x, y);
  half t = x;
  t += y;
  t *= x;
  out[9 * n + i] = t;
  out[10 * n + i] = xfence_hneg(x);
  out[11 * n + i] = -y;
  out[12 * n + i] = fabs(x);
}

// Comparisons: bit k of out[i] for comparison k.
__kernel void halfCompare(const __global half *a, const __global half *b, __global unsigned *out,
                            int n) {
  int i = (uint)get_group_id(0) * (uint)get_local_size(0) + (uint)get_local_id(0);
  if (i >= n)
    return;
  half x = a[i], y = b[i];
  bool r[] = {xfence_heq(x, y),  xfence_hne(x, y),  xfence_hlt(x, y),  xfence_hle(x, y),
              xfence_hgt(x, y),  xfence_hge(x, y),  xfence_hequ(x, y), xfence_hneu(x, y),
              xfence_hltu(x, y), xfence_hleu(x, y), xfence_hgtu(x, y), xfence_hgeu(x, y),
              x == y,       x != y,       x < y,        x >= y,
              isnan(x)};
  unsigned bits = 0;
  for (int k = 0; k < 17; ++k)
    bits |= (unsigned)r[k] << k;
  out[i] = bits | (unsigned)(xfence_hisinf(x) + 1) << 20;
}

// Conversions between float, half and the integers, in each rounding mode.
__kernel void halfConvert(const __global float *f, const __global half *h, __global half *oh,
                            __global unsigned *oi, int n) {
  int i = (uint)get_group_id(0) * (uint)get_local_size(0) + (uint)get_local_id(0);
  if (i >= n)
    return;
  float v = f[i];
  half w = h[i];
  int k = as_int(v) >> 12;
  oh[0 * n + i] = convert_half_rte(v);
  oh[1 * n + i] = convert_half_rte(v);
  oh[2 * n + i] = convert_half_rtz(v);
  oh[3 * n + i] = convert_half_rtn(v);
  oh[4 * n + i] = convert_half_rtp(v);
  oh[5 * n + i] = ((half)(v));
  half implicit = v;
  oh[6 * n + i] = implicit;
  oh[7 * n + i] = convert_half_rte(k);
  oh[8 * n + i] = convert_half_rtz(k);
  oh[9 * n + i] = convert_half_rtn((unsigned)k);
  oh[10 * n + i] = convert_half_rtp((short)k);
  oh[11 * n + i] = as_half(as_short(w));
  oh[12 * n + i] = as_half((unsigned short)k);
  oh[13 * n + i] = convert_half_rte((double)v * 3.0);
  oi[0 * n + i] = as_uint(convert_float(w));
  float asFloat = w;
  oi[1 * n + i] = as_uint(asFloat);
  // Only where the value fits: CUDA and OpenCL C saturate differently.
  bool fits = !isnan(w) && fabs(w) < convert_half_rte(30000.0f);
  oi[2 * n + i] = fits ? convert_int_rte(w) : 0;
  oi[3 * n + i] = fits ? convert_int_rtz(w) : 0;
  oi[4 * n + i] = fits ? convert_int_rtn(w) : 0;
  oi[5 * n + i] = fits ? convert_int_rtp(w) : 0;
  oi[6 * n + i] = fits ? (unsigned)convert_short_rte(w) : 0;
  oi[7 * n + i] = as_ushort(w);
}

// Pairs of halves.
__kernel void half2Ops(const __global half2 *a, const __global half2 *b, __global half2 *out,
                         __global unsigned *flags, int n) {
  int i = (uint)get_group_id(0) * (uint)get_local_size(0) + (uint)get_local_id(0);
  if (i >= n)
    return;
  half2 x = a[i], y = b[i];
  out[0 * n + i] = xfence_hadd2(x, y);
  out[1 * n + i] = xfence_hsub2(x, y);
  out[2 * n + i] = xfence_hmul2(x, y);
  out[3 * n + i] = xfence_h2div(x, y);
  out[4 * n + i] = fma(x, y, x);
  out[5 * n + i] = xfence_hneg2(x);
  out[6 * n + i] = fabs(y);
  out[7 * n + i] = fmax(x, y);
  out[8 * n + i] = fmin(x, y);
  out[9 * n + i] = xfence_heq2(x, y);
  out[10 * n + i] = xfence_hne2(x, y);
  out[11 * n + i] = xfence_hlt2(x, y);
  out[12 * n + i] = xfence_hle2(x, y);
  out[13 * n + i] = xfence_hgt2(x, y);
  out[14 * n + i] = xfence_hge2(x, y);
  out[15 * n + i] = xfence_halves2half2(xfence_low2half(x), xfence_high2half(y));
  out[16 * n + i] = xfence_lowhigh2highlow(x);
  out[17 * n + i] = xfence_lows2half2(x, y);
  out[18 * n + i] = xfence_highs2half2(x, y);
  out[19 * n + i] = xfence_low2half2(x) + xfence_high2half2(y);
  out[20 * n + i] = x * y - x;
  out[21 * n + i] = xfence_floats2half2_rn(xfence_low2float(x), xfence_high2float(y));
  out[22 * n + i] = convert_half2_rte(convert_float2(y));
  out[23 * n + i] = xfence_half2half2(xfence_high2half(x));
  out[24 * n + i] = xfence_float2half2_rn(xfence_low2float(y) * 3.0f);
  half2 z = (half2)(1.5f, -2.0f);
  half2 t = (half2)(xfence_low2half(x), convert_half_rte(0.25f));
  out[25 * n + i] = z * t;
  bool r[] = {xfence_hbeq2(x, y), xfence_hbne2(x, y), xfence_hblt2(x, y),
              xfence_hble2(x, y), xfence_hbgt2(x, y), xfence_hbge2(x, y)};
  unsigned bits = 0;
  for (int k = 0; k < 6; ++k)
    bits |= (unsigned)r[k] << k;
  flags[i] = bits;
}

// The math functions: not compared bit for bit (each platform has its own
// implementation), but by the distance in units in the last place.
__kernel void halfMath(const __global half *a, __global half *out, int n) {
  int i = (uint)get_group_id(0) * (uint)get_local_size(0) + (uint)get_local_id(0);
  if (i >= n)
    return;
  half x = a[i];
  out[0 * n + i] = sqrt(x);
  out[1 * n + i] = rsqrt(x);
  out[2 * n + i] = exp(x);
  out[3 * n + i] = exp2(x);
  out[4 * n + i] = log(x);
  out[5 * n + i] = log2(x);
  out[6 * n + i] = sin(x);
  out[7 * n + i] = cos(x);
  out[8 * n + i] = xfence_hrcp(x);
  out[9 * n + i] = ceil(x);
  out[10 * n + i] = floor(x);
  out[11 * n + i] = trunc(x);
  out[12 * n + i] = rint(x);
  out[13 * n + i] = exp10(x);
  out[14 * n + i] = log10(x);
}
