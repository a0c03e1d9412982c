// Launch: 1-D, global size 2048, local size 64.
// Arguments: fin (8 floats per work-item), iin (2 ints per work-item, each in
// [-1000, 1000]), bin (16 uchars per work-item), fout (8 floats per
// work-item, output), iout (8 ints per work-item, output), bout (16 uchars
// per work-item, output), t = 0.375.
// cl-std: CL1.2
//
// Vector types: float4/float8/int2/int4/uchar4/uchar8/uchar16, swizzles
// (.wzyx, .s05, .sfedcba9876543210, .lo/.hi/.even/.odd, as rvalues and as
// lvalues), vector literals, vloadN/vstoreN, convert_*/as_*, select, clamp,
// mix, dot, add_sat, mad24/mul24, component-wise comparisons.

__kernel void vector_ops(__global const float *fin, __global const int *iin,
                         __global const uchar *bin, __global float *fout,
                         __global int *iout, __global uchar *bout, float t) {
  const int i = get_global_id(0);

  // Floats.
  const float4 a = vload4(2 * i, fin);
  const float4 b = vload4(2 * i + 1, fin);
  float4 r = a.wzyx + b.xxyy;
  r.xz = r.zx;
  r.hi = r.hi * 2.0f;
  const float4 m = mix(a, b, t);
  const float4 c = clamp(a * 2.0f - b, -1.0f, 1.0f);
  const float8 w = (float8)(m, c);
  const float4 e = w.even + w.odd;
  const float d = dot(a, b);
  vstore4(r + e * d, 2 * i, fout);
  vstore4(select(m, c, a > b), 2 * i + 1, fout);

  // Ints.
  const int2 p = vload2(i, iin);
  int4 q = (int4)(p, p.yx * 3);
  q = select(q, -q, q < 0);
  const int4 g = (as_int4(a) >> 23) & 0xff;
  const int m24 = mad24(p.x, p.y, q.z);
  const int4 i1 = clamp(q, 0, 500) + convert_int4(a * 64.0f) + (g - 127);
  const int4 i2 = (int4)(q.odd, m24, mad24(p.y, 3, -p.x)) ^
                  convert_int4(as_uchar4(m24)) + mul24(p.x, 2);
  vstore4(i1, 2 * i, iout);
  vstore4(i2, 2 * i + 1, iout);

  // Bytes.
  const uchar16 u = vload16(i, bin);
  uchar16 v = u.sfedcba9876543210;
  v.even = u.odd;
  v.lo = add_sat(v.lo, u.hi);
  uchar16 x = v ^ (uchar16)(0x5a);
  x.s05 = (uchar2)(convert_uchar_sat(p.x), convert_uchar_sat(p.y));
  vstore16(x, i, bout);
}
