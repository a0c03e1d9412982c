// cl-std: CL3.0
// The OpenCL C built-ins of the CPU runtime (backends/cpu/runtime/
// Builtins.cl) against PoCL's: every work-item applies them to its inputs
// and writes the results; builtins_pocl.py compares the integer results
// exactly and the floating-point ones with a tolerance.

#define L(v) lo[n++] = (long)(v)
#define L2(v) do { L((v).s0); L((v).s1); } while (0)
#define L4(v) do { L2((v).s01); L2((v).s23); } while (0)
#define F(v) fo[m++] = (float)(v)
#define F4(v) do { F((v).x); F((v).y); F((v).z); F((v).w); } while (0)

__kernel void integers(__global const int *ia, __global const int *ib,
                       __global const long *la, __global const long *lb,
                       __global const float *fa, __global long *out,
                       uint per) {
  const size_t i = get_global_id(0);
  __global long *lo = out + i * per;
  uint n = 0;
  const int x = ia[i], y = ib[i];
  const uint ux = (uint)x, uy = (uint)y;
  const long p = la[i], q = lb[i];
  const ulong up = (ulong)p, uq = (ulong)q;
  const char cx = (char)x, cy = (char)y;
  const uchar ucx = (uchar)x, ucy = (uchar)y;
  const short sx = (short)x, sy = (short)y;
  const ushort usx = (ushort)x, usy = (ushort)y;

  L(abs(x)); L(abs(cx)); L(abs(p)); L(abs_diff(x, y)); L(abs_diff(cx, cy));
  L(abs_diff(ux, uy)); L(abs_diff(p, q));
  L(add_sat(x, y)); L(add_sat(cx, cy)); L(add_sat(ucx, ucy));
  L(add_sat(sx, sy)); L(add_sat(ux, uy)); L(add_sat(p, q)); L(add_sat(up, uq));
  L(sub_sat(x, y)); L(sub_sat(cx, cy)); L(sub_sat(ucx, ucy));
  L(sub_sat(usx, usy)); L(sub_sat(ux, uy)); L(sub_sat(p, q));
  L(sub_sat(up, uq));
  L(hadd(x, y)); L(hadd(ux, uy)); L(rhadd(x, y)); L(rhadd(cx, cy));
  L(hadd(p, q)); L(rhadd(up, uq));
  L(max(x, y)); L(min(ux, uy)); L(max(cx, cy)); L(min(p, q));
  L(clamp(x, -100, 1000)); L(clamp(ucx, (uchar)10, (uchar)200));
  L(clz(x)); L(clz(cx)); L(clz(usx)); L(clz(up)); L(ctz(x)); L(ctz(sx));
  L(popcount(x)); L(popcount(ucx)); L(popcount(p));
  L(rotate(x, y)); L(rotate(ucx, ucy)); L(rotate(sx, (short)-3));
  L(rotate(up, uq));
  L(mul_hi(x, y)); L(mul_hi(ux, uy)); L(mul_hi(cx, cy)); L(mul_hi(p, q));
  L(mul_hi(up, uq)); L(mad_hi(x, y, 7)); L(mad_sat(cx, cy, (char)100));
  L(mad_sat(x, y, x)); L(mad_sat(ux, uy, ux)); L(mad_sat(usx, usy, usx));
  L(mad24(x & 0x7fff, y & 0x7fff, x >> 2)); L(mul24(x & 0xffff, y & 0x3ff));
  L(upsample(cx, ucy)); L(upsample(usx, usy)); L(upsample(x, uy));

  const int4 v = (int4)(x, y, x ^ y, (int)(ux + uy));
  const int4 w = (int4)(y, -x, 3, x >> 4);
  L4(max(v, w)); L4(min(v, 5)); L4(clamp(v, -50, 50)); L4(abs(v));
  L4(add_sat(v, w)); L4(rotate(v, w)); L4(popcount(v));
  L4(select(v, w, v < w)); L4(select(v, w, (uint4)(ux, uy, 0x80000000u, 0)));
  L4(bitselect(v, w, (int4)(0x0f0f0f0f)));
  L(any(v)); L(all(v)); L(any((char2)(cx, cy))); L(all((long2)(p, q)));
  L(select(x, y, x > y)); L(select(cx, cy, (uchar)0x80));

  // Conversions.
  const float a = fa[i];
  const float4 a4 = (float4)(a, -a, a * 1e9f, a - 0.5f);
  L(convert_char_sat(x)); L(convert_uchar_sat(x)); L(convert_short_sat(p));
  L(convert_ushort_sat(y)); L(convert_int_sat(p)); L(convert_uint_sat(p));
  L(convert_uint_sat(x)); L(convert_long_sat(up)); L(convert_ulong_sat(p));
  L(convert_char(x)); L(convert_uint(cx)); L(convert_ushort(p));
  L(convert_int_rtz(a * 100.0f)); L(convert_int_rte(a * 100.0f));
  L(convert_int_rtp(a * 100.0f)); L(convert_int_rtn(a * 100.0f));
  L(convert_char_sat(a * 1000.0f)); L(convert_uchar_sat_rte(a * 1000.0f));
  L(convert_short_sat_rtp(a * 1e5f)); L(convert_int_sat(a * 1e10f));
  L(convert_uint_sat_rtn(a * 1e10f)); L(convert_long_sat(a * 1e20f));
  L(convert_ulong_sat_rte(a * 1e20f));
  L4(convert_int4_sat(a4)); L4(convert_int4_rte(a4)); L4(convert_int4(a4 * 1e-3f));
  L2(convert_uchar2_sat((int2)(x, y)));
  L(as_int(convert_float_rtz(x))); L(as_int(convert_float_rtp(x)));
  L(as_int(convert_float_rtn(x))); L(as_int(convert_float_rte(x)));
  L(as_int(convert_float_rtz(ux))); L(as_int(convert_float_rtp(ux)));
  L(as_int(convert_float(p))); L(as_long(convert_double(p)));
  L(as_int(convert_float((double)p * 1.000001)));
  L(as_int(convert_float_rtz((double)p * 1.000001)));
  L(as_int(convert_float_rtp((double)p * 1.000001)));
  L(as_int(convert_float_rtn((double)p * 1.000001)));
  L(as_long(convert_double(a)));

  // Relational functions of floats (exact: 0/1 for scalars, 0/-1 for
  // vectors).
  const float b = a * 3.0f - 1.0f;
  const float nan = as_float(0x7fc00000), inf = as_float(0x7f800000);
  const float4 r4 = (float4)(a, nan, inf, -0.0f);
  L(isnan(a)); L(isinf(a)); L(isfinite(a)); L(isnormal(a)); L(signbit(a));
  L4(isnan(r4)); L4(isinf(r4)); L4(isfinite(r4)); L4(isnormal(r4));
  L4(signbit(r4)); L4(isequal(r4, (float4)(b))); L4(isnotequal(r4, r4));
  L4(isgreater(r4, (float4)(b))); L4(islessgreater(r4, (float4)(b)));
  L4(isordered(r4, (float4)(b))); L4(isunordered(r4, (float4)(b)));
  L(isless(a, b)); L(isgreaterequal(a, b)); L(islessequal(a, b));
  L(any(isnan(r4))); L(all(isfinite(r4)));
  L(isnan((double)a)); L2(isinf((double2)(a, inf)));
}

__kernel void floats(__global const float *fa, __global const float *fb,
                     __global float *out, __global float *nout, uint per,
                     uint nper, __local float *scratch) {
  const size_t i = get_global_id(0);
  __global float *fo = out + i * per;
  __global float *no = nout + i * nper;
  uint m = 0;
  const float a = fa[i], b = fb[i];
  const float pa = fabs(a) + 0.25f; // positive
  const float ua = a / 8.0f;        // in [-1, 1)
  F(sqrt(pa)); F(rsqrt(pa)); F(cbrt(a)); F(exp(a)); F(exp2(a)); F(exp10(a));
  F(expm1(a)); F(log(pa)); F(log2(pa)); F(log10(pa)); F(log1p(pa));
  F(sin(a)); F(cos(a)); F(tan(ua)); F(asin(ua)); F(acos(ua)); F(atan(a));
  F(atan2(a, b)); F(sinh(ua)); F(cosh(ua)); F(tanh(a)); F(asinh(a));
  F(acosh(pa + 1.0f)); F(atanh(ua * 0.9f)); F(erf(ua)); F(erfc(ua));
  F(pow(pa, b)); F(powr(pa, b)); F(pown(a, 3)); F(fmod(a, b));
  F(remainder(a, b)); F(hypot(a, b)); F(floor(a)); F(ceil(a)); F(round(a));
  F(rint(a)); F(trunc(a)); F(fabs(a)); F(fmin(a, b)); F(fmax(a, b));
  F(fdim(a, b)); F(copysign(a, b)); F(logb(pa)); F(ldexp(a, 5));
  F(maxmag(a, b)); F(minmag(a, b)); F(nextafter(a, b));
  F(mad(a, b, 1.0f)); F(fma(a, b, -1.0f)); F(mix(a, b, 0.25f));
  F(step(b, a)); F(smoothstep(-2.0f, 2.0f, a)); F(sign(a)); F(degrees(a));
  F(radians(a)); F(clamp(a, -1.0f, 1.0f)); F(max(a, b)); F(min(a, b));
  F(lgamma(pa)); F(tgamma(ua + 2.0f));

  const float4 v = (float4)(a, b, a * b, a - b);
  const float4 w = (float4)(b, 1.0f, -a, 0.5f);
  F4(sqrt(fabs(v))); F4(exp(v * 0.1f)); F4(sin(v)); F4(clamp(v, -1.0f, 2.0f));
  F4(mix(v, w, 0.3f)); F4(mix(v, w, w)); F4(fmin(v, 0.0f)); F4(step(0.5f, v));
  F4(smoothstep(0.0f, 1.0f, v)); F4(fma(v, w, v)); F4(pow(fabs(v), w));
  F(dot(v, w)); F(dot(v.xy, w.xy)); F(length(v)); F(length(v.xyz));
  F(distance(v, w)); F4(normalize(v)); F4(cross(v, w)); F4(fast_normalize(w));
  F(fast_length(v)); F(fast_distance(v.xy, w.xy));
  const float4 c = cross(v.xyz, w.xyz).xyzz;
  F4(c);
  F4(select(v, w, v > w)); F4(bitselect(v, w, (float4)(as_float(0xffff0000))));

  // vloadN/vstoreN through __global, __local, __private and generic
  // pointers (gp).
  float priv[8];
  for (int k = 0; k < 8; ++k)
    priv[k] = fa[(i + k) % get_global_size(0)];
  const float4 pv = vload4(1, priv);
  F4(pv);
  F4(vload4(0, fa + min(i, get_global_size(0) - 4))); // within fa
  vstore4(v, 0, priv);
  F4(vload4(0, priv));
  const size_t l = get_local_id(0);
  vstore4(v, l, scratch);
  barrier(CLK_LOCAL_MEM_FENCE);
  F4(vload4((l + 1) % get_local_size(0), scratch));
  float *gp = priv;
  vstore2(w.lo, 1, gp);
  F4(vload4(0, gp));
  const float3 v3 = vload3(1, priv);
  F(v3.x); F(v3.y); F(v3.z);
  const float8 v8 = (float8)(v, w);
  vstore8(v8, 0, priv);
  F4(vload8(0, priv).hi);

  // native_ and half_ (looser tolerance in builtins_pocl.py).
  m = 0;
  fo = no;
  F(native_sin(a)); F(native_cos(a)); F(native_exp(a)); F(native_log(pa));
  F(native_sqrt(pa)); F(native_rsqrt(pa)); F(native_recip(pa));
  F(native_divide(a, pa)); F(native_powr(pa, b)); F(half_sin(a));
  F(half_exp2(a)); F(half_log2(pa)); F(half_sqrt(pa));
}
