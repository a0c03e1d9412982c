// CUDA's math library and integer intrinsics in OpenCL C: every name of
// the table (rewriters/sources/cuda/CudaSyntax.cpp) once. The parse reads
// the CUDA toolkit's headers (each CUDA name is declared there), nvcc
// compiles the input, and clang's OpenCL C 3.0 mode compiles the output
// (each OpenCL C name is a built-in of the argument's type). Found on
// HeCBench and the CUDA samples (acosf, coshf, hypotf, expm1f, __umul64hi,
// __popcll, ... had no OpenCL C form).
// REQUIRES: cuda-toolkit
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -std=c++17 -c %s -o %t.o %}
// RUN: xfence translate %s --to opencl -cl-std=CL3.0 -o %t.cl
// RUN: grep -v '^ *//' %t.cl | FileCheck %s
// RUN: FileCheck %s --check-prefix=SINCOS --input-file=%t.cl
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t.cl

__global__ void floats(float *f, int *e, double *d) {
  float x = f[0];
  int i = 0;
  float ip;
  // CHECK: f[1] = acos(x) + asin(x) + atan(x) + acosh(x) + asinh(x) + atanh(x);
  f[1] = acosf(x) + asinf(x) + atanf(x) + acoshf(x) + asinhf(x) + atanhf(x);
  // CHECK-NEXT: f[2] = cosh(x) + sinh(x) + cbrt(x) + erf(x) + erfc(x) + expm1(x);
  f[2] = coshf(x) + sinhf(x) + cbrtf(x) + erff(x) + erfcf(x) + expm1f(x);
  // CHECK-NEXT: f[3] = exp10(x) + log1p(x) + logb(x) + ilogb(x) + hypot(x, 2.0f);
  f[3] = exp10f(x) + log1pf(x) + logbf(x) + ilogbf(x) + hypotf(x, 2.0f);
  // CHECK-NEXT: f[4] = rint(x) + rint(x) + copysign(x, -1.0f) + fdim(x, 1.0f);
  f[4] = rintf(x) + nearbyintf(x) + copysignf(x, -1.0f) + fdimf(x, 1.0f);
  // CHECK-NEXT: f[5] = remainder(x, 3.0f) + tgamma(x) + lgamma(x) + ldexp(x, 3);
  f[5] = remainderf(x, 3.0f) + tgammaf(x) + lgammaf(x) + ldexpf(x, 3);
  // CHECK-NEXT: f[6] = frexp(x, &i) + modf(x, &ip) + nextafter(x, 1.0f);
  f[6] = frexpf(x, &i) + modff(x, &ip) + nextafterf(x, 1.0f);
  // CHECK-NEXT: f[7] = sinpi(x) + cospi(x) + ip + i;
  f[7] = sinpif(x) + cospif(x) + ip + i;
  double y = d[0];
  // CHECK: d[1] = asinh(y) + expm1(y) + log1p(y) + rint(y) + rint(y) + copysign(y, 1.0);
  d[1] = asinh(y) + expm1(y) + log1p(y) + rint(y) + nearbyint(y) + copysign(y, 1.0);
  // CHECK-NEXT: e[0] = signbit(x) + isfinite(y);
  e[0] = signbit(x) + isfinite(y);
}

__global__ void integers(int *out, unsigned *u, unsigned long long *w,
                         long long *l, float *f, double *d) {
  int a = out[0], b = out[1];
  unsigned c = u[0], e = u[1];
  // CHECK: out[2] = mul_hi(a, b) + mul_hi(c, e) + hadd(a, b) + rhadd(a, b);
  out[2] = __mulhi(a, b) + __umulhi(c, e) + __hadd(a, b) + __rhadd(a, b);
  // CHECK-NEXT: u[2] = hadd(c, e) + rhadd(c, e) + min(c, e) + max(c, e);
  u[2] = __uhadd(c, e) + __urhadd(c, e) + umin(c, e) + umax(c, e);
  // CUDA's counts are int (OpenCL C's have the argument's type).
  // CHECK-NEXT: out[3] = (int)popcount(c) + (int)popcount(w[0]) + (int)clz((long)(w[1])) + clz(a);
  out[3] = __popc(c) + __popcll(w[0]) + __clzll(w[1]) + __clz(a);
  // CHECK-NEXT: w[2] = mul_hi(w[0], w[1]) + min(w[0], w[1]);
  w[2] = __umul64hi(w[0], w[1]) + ullmin(w[0], w[1]);
  // CHECK-NEXT: l[2] = mul_hi(l[0], l[1]) + min(l[0], l[1]) + max(l[0], l[1]);
  l[2] = __mul64hi(l[0], l[1]) + llmin(l[0], l[1]) + llmax(l[0], l[1]);
  float x = f[0];
  // CHECK: out[4] = convert_int_rte(x) + convert_int_rtz(x) + convert_int_rtn(x) + convert_int_rtp(x);
  out[4] = __float2int_rn(x) + __float2int_rz(x) + __float2int_rd(x) + __float2int_ru(x);
  // CHECK-NEXT: u[3] = convert_uint_rte(x) + convert_uint_rtz(x) + convert_uint_rtn(x) + convert_uint_rtp(x);
  u[3] = __float2uint_rn(x) + __float2uint_rz(x) + __float2uint_rd(x) + __float2uint_ru(x);
  // CHECK-NEXT: l[3] = convert_long_rte(x) + convert_long_rtz(x);
  l[3] = __float2ll_rn(x) + __float2ll_rz(x);
  double y = d[0];
  // CHECK: out[5] = convert_int_rte(y) + convert_int_rtz(y) + convert_int_rtn(y) + convert_int_rtp(y);
  out[5] = __double2int_rn(y) + __double2int_rz(y) + __double2int_rd(y) + __double2int_ru(y);
  // CHECK-NEXT: f[1] = convert_float_rte(a) + convert_float_rte(c) + convert_float_rte(y) + convert_float_rtz(y);
  f[1] = __int2float_rn(a) + __uint2float_rn(c) + __double2float_rn(y) + __double2float_rz(y);
  // CHECK: d[1] = convert_double(a) + as_double(l[0]);
  d[1] = __int2double_rn(a) + __longlong_as_double(l[0]);
  // CHECK-NEXT: out[6] = as_int(x) + as_uint(x) + (int)as_float(a) +
  // CHECK-NEXT: (int)as_float(c) + (int)as_long(y);
  out[6] = __float_as_int(x) + __float_as_uint(x) + (int)__int_as_float(a) +
           (int)__uint_as_float(c) + (int)__double_as_longlong(y);
}

// sincos stores the sine through its second argument, OpenCL C's returns
// it: a macro of the prelude (each argument evaluated once). HeCBench's
// tsne (nbodyfft.cu) was refused at sincosf and fdividef.
// SINCOS: #define xfence_sincos(x, s, c) (*(s) = sincos((x), (c)))
// CHECK-LABEL: void trig(
__global__ void trig(float *f, double *d) {
  __shared__ float sines[64];
  float c;
  double dc;
  // CHECK: xfence_sincos(f[0], &sines[(uint)get_local_id(0)], &c);
  sincosf(f[0], &sines[threadIdx.x], &c);
  // CHECK-NEXT: xfence_sincos(d[0], &d[1], &dc);
  sincos(d[0], &d[1], &dc);
  // CHECK-NEXT: f[1] = sines[(uint)get_local_id(0)] + c + native_divide(c, 2.0f) + (float)dc;
  f[1] = sines[threadIdx.x] + c + fdividef(c, 2.0f) + (float)dc;
}

// CUDA's min and max of two types compute in their return type
// (`min(unsigned, int)` is `umin(a, (unsigned)b)`); OpenCL C's take one
// type: the other argument is cast to it (the CUDA samples' HSOpticalFlow,
// `min(bsx + threadIdx.x, w - 1)`, was ambiguous in OpenCL C).
// CHECK-LABEL: void mixed(
__global__ void mixed(int *p, int w, unsigned u) {
  // CHECK: unsigned a = min(u + (uint)get_local_id(0), (unsigned int)(w - 1));
  unsigned a = min(u + threadIdx.x, w - 1);
  // CHECK-NEXT: unsigned b = max(u, (unsigned int)(w));
  unsigned b = max(u, w);
  // CHECK-NEXT: int c = min(w, 3);
  int c = min(w, 3);
  p[threadIdx.x] = a + b + c;
}
