//===- Builtins.cl - OpenCL C built-ins for `xfence compile --to cpu` -----===//
//
// The OpenCL C library functions a kernel compiled for the CPU may call,
// other than the work-item functions (Runtime.c) and the synchronization
// built-ins (raised into xfence ops). Clang compiles this file for spir64,
// as OpenCL C 2.0 (which declares the built-ins for the named and for the
// generic address space), when xfence is built; xfence links in only the
// functions a kernel calls, and reports a call of any other built-in as an
// error at the call (docs/compile.md, "CPU").
//
// Floating-point math goes to the C library (libm) through Clang's
// built-ins; `half_*` and `native_*` are the full-precision functions.
// Vector forms apply the scalar function to each component.
//
//===----------------------------------------------------------------------===//

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#define OV __attribute__((overloadable))

//===--- Component-wise vector forms --------------------------------------===//

// The vector form of width N of F: R##N F PARAMS, F ARGS on each component
// (ARGS name component i of a vector parameter as x[i]).
#define VN(R, F, PARAMS, ARGS, N)                                              \
  OV R##N F PARAMS {                                                           \
    R##N r;                                                                    \
    for (int i = 0; i < N; ++i)                                                \
      r[i] = F ARGS;                                                           \
    return r;                                                                  \
  }
#define VN_1(R, F, A, N) VN(R, F, (A##N x), (x[i]), N)
#define VN_2(R, F, A, B, N) VN(R, F, (A##N x, B##N y), (x[i], y[i]), N)
// Second argument a scalar.
#define VN_2S(R, F, A, B, N) VN(R, F, (A##N x, B y), (x[i], y), N)
#define VN_3(R, F, A, B, C, N)                                                 \
  VN(R, F, (A##N x, B##N y, C##N z), (x[i], y[i], z[i]), N)
// Second and third arguments scalars (clamp).
#define VN_3SS(R, F, A, B, C, N) VN(R, F, (A##N x, B y, C z), (x[i], y, z), N)
// Third argument a scalar (mix).
#define VN_3S(R, F, A, B, C, N)                                                \
  VN(R, F, (A##N x, B##N y, C z), (x[i], y[i], z), N)
// First and second arguments scalars (smoothstep, step).
#define VN_3FS(R, F, A, B, C, N) VN(R, F, (A x, B y, C##N z), (x, y, z[i]), N)
#define VN_2FS(R, F, A, B, N) VN(R, F, (A x, B##N y), (x, y[i]), N)

#define WIDTHS(M, ...)                                                         \
  M(__VA_ARGS__, 2) M(__VA_ARGS__, 3) M(__VA_ARGS__, 4) M(__VA_ARGS__, 8)      \
  M(__VA_ARGS__, 16)
#define V1(R, F, A) WIDTHS(VN_1, R, F, A)
#define V2(R, F, A, B) WIDTHS(VN_2, R, F, A, B)
#define V2S(R, F, A, B) WIDTHS(VN_2S, R, F, A, B)
#define V2FS(R, F, A, B) WIDTHS(VN_2FS, R, F, A, B)
#define V3(R, F, A, B, C) WIDTHS(VN_3, R, F, A, B, C)
#define V3SS(R, F, A, B, C) WIDTHS(VN_3SS, R, F, A, B, C)
#define V3S(R, F, A, B, C) WIDTHS(VN_3S, R, F, A, B, C)
#define V3FS(R, F, A, B, C) WIDTHS(VN_3FS, R, F, A, B, C)
// The vector forms of max, min and clamp (integer and floating), also with
// scalar bounds.
#define MAX_MIN_CLAMP_V(T)                                                     \
  V2(T, max, T, T)                                                             \
  V2S(T, max, T, T)                                                            \
  V2(T, min, T, T)                                                             \
  V2S(T, min, T, T)                                                            \
  V3(T, clamp, T, T, T)                                                        \
  V3SS(T, clamp, T, T, T)

// (type, its unsigned type) for every integer type.
#define INTEGER_TYPES(M)                                                       \
  M(char, uchar) M(uchar, uchar) M(short, ushort) M(ushort, ushort)            \
  M(int, uint) M(uint, uint) M(long, ulong) M(ulong, ulong)

#define MIN_char CHAR_MIN
#define MAX_char CHAR_MAX
#define MIN_uchar 0
#define MAX_uchar UCHAR_MAX
#define MIN_short SHRT_MIN
#define MAX_short SHRT_MAX
#define MIN_ushort 0
#define MAX_ushort USHRT_MAX
#define MIN_int INT_MIN
#define MAX_int INT_MAX
#define MIN_uint 0
#define MAX_uint UINT_MAX
#define MIN_long LONG_MIN
#define MAX_long LONG_MAX
#define MIN_ulong 0
#define MAX_ulong ULONG_MAX

#define IS_SIGNED(T) ((T)-1 < (T)0)

//===--- Integer functions ------------------------------------------------===//

static ulong xf_umulhi64(ulong a, ulong b) {
  ulong aLo = (uint)a, aHi = a >> 32, bLo = (uint)b, bHi = b >> 32;
  ulong p0 = aLo * bLo, p1 = aLo * bHi, p2 = aHi * bLo, p3 = aHi * bHi;
  ulong mid = (p0 >> 32) + (uint)p1 + (uint)p2;
  return p3 + (p1 >> 32) + (p2 >> 32) + (mid >> 32);
}

#define INTEGER_SCALAR(T, U)                                                   \
  OV U abs(T x) { return IS_SIGNED(T) && x < 0 ? (U)0 - (U)x : (U)x; }         \
  OV U abs_diff(T x, T y) { return x > y ? (U)x - (U)y : (U)y - (U)x; }        \
  OV T add_sat(T x, T y) {                                                     \
    T r;                                                                       \
    if (__builtin_add_overflow(x, y, &r))                                      \
      return IS_SIGNED(T) && x < 0 ? (T)MIN_##T : (T)MAX_##T;                  \
    return r;                                                                  \
  }                                                                            \
  OV T sub_sat(T x, T y) {                                                     \
    T r;                                                                       \
    if (__builtin_sub_overflow(x, y, &r))                                      \
      return IS_SIGNED(T) && y < 0 ? (T)MAX_##T : (T)MIN_##T;                  \
    return r;                                                                  \
  }                                                                            \
  OV T hadd(T x, T y) { return (x >> 1) + (y >> 1) + (x & y & 1); }            \
  OV T rhadd(T x, T y) { return (x >> 1) + (y >> 1) + ((x | y) & 1); }         \
  OV T max(T x, T y) { return x > y ? x : y; }                                 \
  OV T min(T x, T y) { return x < y ? x : y; }                                 \
  OV T clamp(T x, T lo, T hi) { return min(max(x, lo), hi); }                  \
  OV T clz(T x) { return (T)__builtin_clzg((U)x, (int)sizeof(T) * 8); }        \
  OV T ctz(T x) { return (T)__builtin_ctzg((U)x, (int)sizeof(T) * 8); }        \
  OV T popcount(T x) { return (T)__builtin_popcountg((U)x); }                  \
  OV T rotate(T x, T n) {                                                      \
    const int bits = sizeof(T) * 8;                                            \
    U s = (U)n & (U)(bits - 1);                                                \
    return (T)(((U)x << s) | ((U)x >> ((bits - s) & (bits - 1))));            \
  }                                                                            \
  OV T mul_hi(T x, T y) {                                                      \
    if (sizeof(T) == 8) {                                                      \
      ulong h = xf_umulhi64((ulong)x, (ulong)y);                               \
      if (IS_SIGNED(T))                                                        \
        h -= (x < 0 ? (ulong)y : 0) + (y < 0 ? (ulong)x : 0);                  \
      return (T)h;                                                             \
    }                                                                          \
    return (T)(((IS_SIGNED(T) ? (long)x * (long)y                              \
                              : (long)((ulong)x * (ulong)y))) >>               \
               (sizeof(T) * 8));                                               \
  }                                                                            \
  OV T mad_hi(T x, T y, T z) { return mul_hi(x, y) + z; }                      \
  V1(U, abs, T)                                                                \
  V2(U, abs_diff, T, T)                                                        \
  V2(T, add_sat, T, T)                                                         \
  V2(T, sub_sat, T, T)                                                         \
  V2(T, hadd, T, T)                                                            \
  V2(T, rhadd, T, T)                                                           \
  MAX_MIN_CLAMP_V(T)                                                           \
  V1(T, clz, T)                                                                \
  V1(T, ctz, T)                                                                \
  V1(T, popcount, T)                                                           \
  V2(T, rotate, T, T)                                                          \
  V2(T, mul_hi, T, T)                                                          \
  V3(T, mad_hi, T, T, T)
INTEGER_TYPES(INTEGER_SCALAR)

// mad_sat for the types with a wider type.
#define MAD_SAT(T, W)                                                          \
  OV T mad_sat(T x, T y, T z) {                                                \
    W r = (W)x * (W)y + (W)z;                                                  \
    return r < (W)MIN_##T ? (T)MIN_##T : r > (W)MAX_##T ? (T)MAX_##T : (T)r;   \
  }                                                                            \
  V3(T, mad_sat, T, T, T)
MAD_SAT(char, int)
MAD_SAT(uchar, int)
MAD_SAT(short, int)
MAD_SAT(ushort, int)
MAD_SAT(int, long)
OV uint mad_sat(uint x, uint y, uint z) {
  ulong p = (ulong)x * y;
  ulong r = p + z;
  return r > UINT_MAX || r < p ? UINT_MAX : (uint)r;
}
V3(uint, mad_sat, uint, uint, uint)

#define UPSAMPLE(R, H, L, BITS)                                                \
  OV R upsample(H hi, L lo) { return (R)(((R)hi << BITS) | (R)lo); }           \
  V2(R, upsample, H, L)
UPSAMPLE(short, char, uchar, 8)
UPSAMPLE(ushort, uchar, uchar, 8)
UPSAMPLE(int, short, ushort, 16)
UPSAMPLE(uint, ushort, ushort, 16)
UPSAMPLE(long, int, uint, 32)
UPSAMPLE(ulong, uint, uint, 32)

// The low 32 bits of the product (in unsigned arithmetic: no overflow).
#define MUL24(T)                                                               \
  OV T mul24(T x, T y) { return (T)((uint)x * (uint)y); }                      \
  OV T mad24(T x, T y, T z) { return (T)((uint)x * (uint)y + (uint)z); }       \
  V2(T, mul24, T, T)                                                           \
  V3(T, mad24, T, T, T)
MUL24(int)
MUL24(uint)

//===--- Math and common functions ----------------------------------------===//

#define MATH1(NAME)                                                            \
  OV float NAME(float x) { return __builtin_##NAME##f(x); }                    \
  OV double NAME(double x) { return __builtin_##NAME(x); }                     \
  V1(float, NAME, float)                                                       \
  V1(double, NAME, double)
#define MATH2(NAME)                                                            \
  OV float NAME(float x, float y) { return __builtin_##NAME##f(x, y); }        \
  OV double NAME(double x, double y) { return __builtin_##NAME(x, y); }        \
  V2(float, NAME, float, float)                                                \
  V2(double, NAME, double, double)
// NAME = FULL (half_ and native_ precision: the full-precision function).
#define ALIAS1(NAME, FULL)                                                     \
  OV float NAME(float x) { return FULL(x); }                                   \
  V1(float, NAME, float)
#define ALIAS2(NAME, FULL)                                                     \
  OV float NAME(float x, float y) { return FULL(x, y); }                       \
  V2(float, NAME, float, float)

MATH1(acos)
MATH1(acosh)
MATH1(asin)
MATH1(asinh)
MATH1(atan)
MATH1(atanh)
MATH1(cbrt)
MATH1(ceil)
MATH1(cos)
MATH1(cosh)
MATH1(erf)
MATH1(erfc)
MATH1(exp)
MATH1(exp2)
MATH1(exp10)
MATH1(expm1)
MATH1(fabs)
MATH1(floor)
MATH1(lgamma)
MATH1(log)
MATH1(log10)
MATH1(log1p)
MATH1(log2)
MATH1(logb)
MATH1(rint)
MATH1(round)
MATH1(sin)
MATH1(sinh)
MATH1(sqrt)
MATH1(tan)
MATH1(tanh)
MATH1(tgamma)
MATH1(trunc)
MATH2(atan2)
MATH2(copysign)
MATH2(fdim)
MATH2(fmod)
MATH2(hypot)
MATH2(nextafter)
MATH2(pow)
MATH2(remainder)

OV float fmax(float x, float y) { return __builtin_fmaxf(x, y); }
OV double fmax(double x, double y) { return __builtin_fmax(x, y); }
OV float fmin(float x, float y) { return __builtin_fminf(x, y); }
OV double fmin(double x, double y) { return __builtin_fmin(x, y); }
V2(float, fmax, float, float)
V2(double, fmax, double, double)
V2(float, fmin, float, float)
V2(double, fmin, double, double)
V2S(float, fmax, float, float)
V2S(double, fmax, double, double)
V2S(float, fmin, float, float)
V2S(double, fmin, double, double)

#define FLOAT_EXTRA(T)                                                         \
  OV T rsqrt(T x) { return (T)1 / sqrt(x); }                                   \
  OV T fma(T x, T y, T z) { return __builtin_elementwise_fma(x, y, z); }       \
  OV T mad(T x, T y, T z) { return x * y + z; }                                \
  OV T maxmag(T x, T y) {                                                      \
    T ax = fabs(x), ay = fabs(y);                                              \
    return ax > ay ? x : ay > ax ? y : fmax(x, y);                             \
  }                                                                            \
  OV T minmag(T x, T y) {                                                      \
    T ax = fabs(x), ay = fabs(y);                                              \
    return ax < ay ? x : ay < ax ? y : fmin(x, y);                             \
  }                                                                            \
  OV T powr(T x, T y) { return pow(x, y); }                                    \
  OV T pown(T x, int n) { return pow(x, (T)n); }                               \
  OV T ldexp(T x, int n) { return __builtin_ldexp##_##T(x, n); }               \
  OV T max(T x, T y) { return fmax(x, y); }                                    \
  OV T min(T x, T y) { return fmin(x, y); }                                    \
  OV T clamp(T x, T lo, T hi) { return fmin(fmax(x, lo), hi); }                \
  OV T degrees(T x) { return x * (T)(180.0 / M_PI); }                          \
  OV T radians(T x) { return x * (T)(M_PI / 180.0); }                          \
  OV T mix(T x, T y, T a) { return x + (y - x) * a; }                          \
  OV T step(T edge, T x) { return x < edge ? (T)0 : (T)1; }                    \
  OV T smoothstep(T e0, T e1, T x) {                                           \
    T t = clamp((x - e0) / (e1 - e0), (T)0, (T)1);                             \
    return t * t * ((T)3 - (T)2 * t);                                          \
  }                                                                            \
  OV T sign(T x) {                                                             \
    return x > (T)0 ? (T)1 : x < (T)0 ? (T)-1 : x == x ? x : (T)0;             \
  }                                                                            \
  V1(T, rsqrt, T)                                                              \
  V3(T, fma, T, T, T)                                                          \
  V3(T, mad, T, T, T)                                                          \
  V2(T, maxmag, T, T)                                                          \
  V2(T, minmag, T, T)                                                          \
  V2(T, powr, T, T)                                                            \
  V2(T, pown, T, int)                                                          \
  V2(T, ldexp, T, int)                                                         \
  V2S(T, ldexp, T, int)                                                        \
  MAX_MIN_CLAMP_V(T)                                                           \
  V1(T, degrees, T)                                                            \
  V1(T, radians, T)                                                            \
  V3(T, mix, T, T, T)                                                          \
  V3S(T, mix, T, T, T)                                                         \
  V2(T, step, T, T)                                                            \
  V2FS(T, step, T, T)                                                          \
  V3(T, smoothstep, T, T, T)                                                   \
  V3FS(T, smoothstep, T, T, T)                                                 \
  V1(T, sign, T)

#define __builtin_ldexp_float __builtin_ldexpf
#define __builtin_ldexp_double __builtin_ldexp
FLOAT_EXTRA(float)
FLOAT_EXTRA(double)

static float xf_divide(float x, float y) { return x / y; }

ALIAS1(half_cos, cos)
ALIAS1(half_exp, exp)
ALIAS1(half_exp2, exp2)
ALIAS1(half_exp10, exp10)
ALIAS1(half_log, log)
ALIAS1(half_log2, log2)
ALIAS1(half_log10, log10)
ALIAS1(half_recip, 1.0f /)
ALIAS1(half_rsqrt, rsqrt)
ALIAS1(half_sin, sin)
ALIAS1(half_sqrt, sqrt)
ALIAS1(half_tan, tan)
ALIAS2(half_divide, xf_divide)
ALIAS2(half_powr, powr)
ALIAS1(native_cos, cos)
ALIAS1(native_exp, exp)
ALIAS1(native_exp2, exp2)
ALIAS1(native_exp10, exp10)
ALIAS1(native_log, log)
ALIAS1(native_log2, log2)
ALIAS1(native_log10, log10)
ALIAS1(native_recip, 1.0f /)
ALIAS1(native_rsqrt, rsqrt)
ALIAS1(native_sin, sin)
ALIAS1(native_sqrt, sqrt)
ALIAS1(native_tan, tan)
ALIAS2(native_divide, xf_divide)
ALIAS2(native_powr, powr)

//===--- Geometric functions ----------------------------------------------===//

#define GEOMETRIC(T)                                                           \
  OV T dot(T x, T y) { return x * y; }                                         \
  OV T dot(T##2 x, T##2 y) { return x.x * y.x + x.y * y.y; }                   \
  OV T dot(T##3 x, T##3 y) { return x.x * y.x + x.y * y.y + x.z * y.z; }       \
  OV T dot(T##4 x, T##4 y) {                                                   \
    return x.x * y.x + x.y * y.y + x.z * y.z + x.w * y.w;                      \
  }                                                                            \
  OV T##3 cross(T##3 a, T##3 b) {                                              \
    return (T##3)(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z,                \
                  a.x * b.y - a.y * b.x);                                      \
  }                                                                            \
  OV T##4 cross(T##4 a, T##4 b) {                                              \
    return (T##4)(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z,                \
                  a.x * b.y - a.y * b.x, (T)0);                                \
  }                                                                            \
  GEOMETRIC_N(T, )                                                             \
  GEOMETRIC_N(T, 2)                                                            \
  GEOMETRIC_N(T, 3)                                                            \
  GEOMETRIC_N(T, 4)
#define GEOMETRIC_N(T, N)                                                      \
  OV T length(T##N x) { return sqrt(dot(x, x)); }                              \
  OV T distance(T##N x, T##N y) { return length(x - y); }                      \
  OV T##N normalize(T##N x) {                                                  \
    T l = length(x);                                                           \
    return l == (T)0 ? x : x / l;                                              \
  }                                                                            \
  OV T fast_length(T##N x) { return length(x); }                               \
  OV T fast_distance(T##N x, T##N y) { return distance(x, y); }                \
  OV T##N fast_normalize(T##N x) { return normalize(x); }
GEOMETRIC(float)
GEOMETRIC(double)

//===--- Relational functions ---------------------------------------------===//

// F: a floating type; I: the result type (int for scalars, the integer
// vector of the same width and size for vectors: -1 for true).
#define RELATIONAL(F, I, U)                                                    \
  OV I isequal(F x, F y) { return x == y; }                                    \
  OV I isnotequal(F x, F y) { return x != y; }                                 \
  OV I isgreater(F x, F y) { return x > y; }                                   \
  OV I isgreaterequal(F x, F y) { return x >= y; }                             \
  OV I isless(F x, F y) { return x < y; }                                      \
  OV I islessequal(F x, F y) { return x <= y; }                                \
  OV I islessgreater(F x, F y) { return (x < y) | (x > y); }                   \
  OV I isordered(F x, F y) { return (x == x) & (y == y); }                     \
  OV I isunordered(F x, F y) { return (x != x) | (y != y); }                   \
  OV I isnan(F x) { return x != x; }                                           \
  OV I isinf(F x) { return fabs(x) == (F)INFINITY; }                           \
  OV I isfinite(F x) { return fabs(x) < (F)INFINITY; }                         \
  OV I isnormal(F x) {                                                         \
    return (fabs(x) < (F)INFINITY) & (fabs(x) >= (F)U);                        \
  }
RELATIONAL(float, int, FLT_MIN)
RELATIONAL(double, int, DBL_MIN)
#define RELATIONAL_V(N)                                                        \
  RELATIONAL(float##N, int##N, FLT_MIN)                                        \
  RELATIONAL(double##N, long##N, DBL_MIN)                                      \
  OV int##N signbit(float##N x) { return as_int##N(x) < 0; }                   \
  OV long##N signbit(double##N x) { return as_long##N(x) < 0; }
RELATIONAL_V(2)
RELATIONAL_V(3)
RELATIONAL_V(4)
RELATIONAL_V(8)
RELATIONAL_V(16)
OV int signbit(float x) { return as_int(x) < 0; }
OV int signbit(double x) { return as_long(x) < 0; }

// any/all: the most significant bit of any/every component.
#define ANY_ALL(T)                                                             \
  OV int any(T x) { return x < 0; }                                            \
  OV int all(T x) { return x < 0; }                                            \
  ANY_ALL_N(T, 2) ANY_ALL_N(T, 3) ANY_ALL_N(T, 4) ANY_ALL_N(T, 8)              \
  ANY_ALL_N(T, 16)
#define ANY_ALL_N(T, N)                                                        \
  OV int any(T##N x) {                                                         \
    int r = 0;                                                                 \
    for (int i = 0; i < N; ++i)                                                \
      r |= x[i] < 0;                                                           \
    return r;                                                                  \
  }                                                                            \
  OV int all(T##N x) {                                                         \
    int r = 1;                                                                 \
    for (int i = 0; i < N; ++i)                                                \
      r &= x[i] < 0;                                                           \
    return r;                                                                  \
  }
ANY_ALL(char)
ANY_ALL(short)
ANY_ALL(int)
ANY_ALL(long)

// select(a, b, c): scalars: c ? b : a; vectors: the most significant bit
// of each component of c. bitselect: bit by bit.
#define SELECT_N(T, C, N)                                                      \
  OV T##N select(T##N a, T##N b, C##N c) {                                     \
    T##N r;                                                                    \
    for (int i = 0; i < N; ++i)                                                \
      r[i] = (c[i] >> (sizeof(c[i]) * 8 - 1)) & 1 ? b[i] : a[i];               \
    return r;                                                                  \
  }
#define SELECT(T, C)                                                           \
  OV T select(T a, T b, C c) { return c ? b : a; }                             \
  WIDTHS(SELECT_N, T, C)
#define SELECT_BOTH(T, S, U)                                                   \
  SELECT(T, S)                                                                 \
  SELECT(T, U)
SELECT_BOTH(char, char, uchar)
SELECT_BOTH(uchar, char, uchar)
SELECT_BOTH(short, short, ushort)
SELECT_BOTH(ushort, short, ushort)
SELECT_BOTH(int, int, uint)
SELECT_BOTH(uint, int, uint)
SELECT_BOTH(long, long, ulong)
SELECT_BOTH(ulong, long, ulong)
SELECT_BOTH(float, int, uint)
SELECT_BOTH(double, long, ulong)

#define BITSELECT_INT(T, U)                                                    \
  OV T bitselect(T a, T b, T c) { return (a & ~c) | (b & c); }                 \
  V3(T, bitselect, T, T, T)
INTEGER_TYPES(BITSELECT_INT)
OV float bitselect(float a, float b, float c) {
  return as_float((as_uint(a) & ~as_uint(c)) | (as_uint(b) & as_uint(c)));
}
OV double bitselect(double a, double b, double c) {
  return as_double((as_ulong(a) & ~as_ulong(c)) | (as_ulong(b) & as_ulong(c)));
}
V3(float, bitselect, float, float, float)
V3(double, bitselect, double, double, double)

//===--- vloadN / vstoreN -------------------------------------------------===//

#define VLOAD_N(T, AS, N)                                                      \
  OV T##N vload##N(size_t o, const AS T *p) {                                  \
    T##N r;                                                                    \
    for (int i = 0; i < N; ++i)                                                \
      r[i] = p[o * N + i];                                                     \
    return r;                                                                  \
  }
#define VSTORE_N(T, AS, N)                                                     \
  OV void vstore##N(T##N v, size_t o, AS T *p) {                               \
    for (int i = 0; i < N; ++i)                                                \
      p[o * N + i] = v[i];                                                     \
  }
#define VLOAD_STORE_AS(T, AS)                                                  \
  WIDTHS(VLOAD_N, T, AS)                                                       \
  WIDTHS(VSTORE_N, T, AS)
#define VLOAD_STORE(T)                                                         \
  VLOAD_STORE_AS(T, __global)                                                  \
  VLOAD_STORE_AS(T, __local)                                                   \
  VLOAD_STORE_AS(T, __private)                                                 \
  VLOAD_STORE_AS(T, )                                                          \
  WIDTHS(VLOAD_N, T, __constant)
VLOAD_STORE(char)
VLOAD_STORE(uchar)
VLOAD_STORE(short)
VLOAD_STORE(ushort)
VLOAD_STORE(int)
VLOAD_STORE(uint)
VLOAD_STORE(long)
VLOAD_STORE(ulong)
VLOAD_STORE(float)
VLOAD_STORE(double)

//===--- Conversions ------------------------------------------------------===//
//
// convert_<D>[N][_sat][_rte|_rtz|_rtp|_rtn](S[N]). To an integer: every
// source type, every rounding mode, saturated or not. To float or double:
// the default (= _rte) rounding from every type; _rtz, _rtp and _rtn from
// the types that a double holds exactly (not from long and ulong).

#define CVT_VECN(D, S, SUF, N)                                                 \
  OV D##N convert_##D##N##SUF(S##N x) {                                        \
    D##N r;                                                                    \
    for (int i = 0; i < N; ++i)                                                \
      r[i] = convert_##D##SUF(x[i]);                                           \
    return r;                                                                  \
  }
#define CVT(D, S, SUF, BODY)                                                   \
  OV D convert_##D##SUF(S x) { BODY }                                          \
  WIDTHS(CVT_VECN, D, S, SUF)

#define I2I_SAT(D, S)                                                          \
  if (IS_SIGNED(S)) {                                                          \
    long v = (long)x;                                                          \
    if (v < 0 && v < (long)MIN_##D)                                            \
      return (D)MIN_##D;                                                       \
    if (v > 0 && (ulong)v > (ulong)MAX_##D)                                    \
      return (D)MAX_##D;                                                       \
  } else if ((ulong)x > (ulong)MAX_##D) {                                      \
    return (D)MAX_##D;                                                         \
  }                                                                            \
  return (D)x;

#define I2I(D, S)                                                              \
  CVT(D, S, , return (D)x;)                                                    \
  CVT(D, S, _rte, return (D)x;)                                                \
  CVT(D, S, _rtz, return (D)x;)                                                \
  CVT(D, S, _rtp, return (D)x;)                                                \
  CVT(D, S, _rtn, return (D)x;)                                                \
  CVT(D, S, _sat, I2I_SAT(D, S))                                               \
  CVT(D, S, _sat_rte, I2I_SAT(D, S))                                           \
  CVT(D, S, _sat_rtz, I2I_SAT(D, S))                                           \
  CVT(D, S, _sat_rtp, I2I_SAT(D, S))                                           \
  CVT(D, S, _sat_rtn, I2I_SAT(D, S))

#define F2I_SAT(D, S, R)                                                       \
  S r = R(x);                                                                  \
  if (r != r)                                                                  \
    return 0;                                                                  \
  if (r <= (S)MIN_##D)                                                         \
    return (D)MIN_##D;                                                         \
  if (r >= (S)MAX_##D)                                                         \
    return (D)MAX_##D;                                                         \
  return (D)r;

#define F2I(D, S)                                                              \
  CVT(D, S, , return (D)x;)                                                    \
  CVT(D, S, _rtz, return (D)x;)                                                \
  CVT(D, S, _rte, return (D)rint(x);)                                          \
  CVT(D, S, _rtp, return (D)ceil(x);)                                          \
  CVT(D, S, _rtn, return (D)floor(x);)                                         \
  CVT(D, S, _sat, F2I_SAT(D, S, trunc))                                        \
  CVT(D, S, _sat_rtz, F2I_SAT(D, S, trunc))                                    \
  CVT(D, S, _sat_rte, F2I_SAT(D, S, rint))                                     \
  CVT(D, S, _sat_rtp, F2I_SAT(D, S, ceil))                                     \
  CVT(D, S, _sat_rtn, F2I_SAT(D, S, floor))

#define TO_INT(D, U)                                                           \
  I2I(D, char)                                                                 \
  I2I(D, uchar)                                                                \
  I2I(D, short)                                                                \
  I2I(D, ushort)                                                               \
  I2I(D, int)                                                                  \
  I2I(D, uint)                                                                 \
  I2I(D, long)                                                                 \
  I2I(D, ulong)                                                                \
  F2I(D, float)                                                                \
  F2I(D, double)
INTEGER_TYPES(TO_INT)

// A value `d` held exactly as a double, rounded to float toward zero, +inf
// or -inf: from the nearest float `f`, one step in the right direction.
static float xf_round_float(double d, int mode) {
  float f = (float)d;
  double back = (double)f;
  if (back == d || d != d)
    return f;
  if (mode == 0) // toward zero
    return fabs(back) > fabs(d) ? nextafter(f, 0.0f) : f;
  if (mode > 0) // toward +inf
    return back < d ? nextafter(f, (float)INFINITY) : f;
  return back > d ? nextafter(f, -(float)INFINITY) : f;
}

#define TO_FLOAT_EXACT(S)                                                      \
  CVT(float, S, , return (float)x;)                                            \
  CVT(float, S, _rte, return (float)x;)                                        \
  CVT(float, S, _rtz, return xf_round_float((double)x, 0);)                    \
  CVT(float, S, _rtp, return xf_round_float((double)x, 1);)                    \
  CVT(float, S, _rtn, return xf_round_float((double)x, -1);)                   \
  CVT(double, S, , return (double)x;)                                          \
  CVT(double, S, _rte, return (double)x;)                                      \
  CVT(double, S, _rtz, return (double)x;)                                      \
  CVT(double, S, _rtp, return (double)x;)                                      \
  CVT(double, S, _rtn, return (double)x;)
TO_FLOAT_EXACT(char)
TO_FLOAT_EXACT(uchar)
TO_FLOAT_EXACT(short)
TO_FLOAT_EXACT(ushort)
TO_FLOAT_EXACT(int)
TO_FLOAT_EXACT(uint)
TO_FLOAT_EXACT(float)
TO_FLOAT_EXACT(double)
#define TO_FLOAT_DEFAULT(S)                                                    \
  CVT(float, S, , return (float)x;)                                            \
  CVT(float, S, _rte, return (float)x;)                                        \
  CVT(double, S, , return (double)x;)                                          \
  CVT(double, S, _rte, return (double)x;)
TO_FLOAT_DEFAULT(long)
TO_FLOAT_DEFAULT(ulong)

//===--- Atomics that xfence-raise-llvm leaves as calls -------------------===//
//
// compare_exchange (which writes the value found to *expected on failure),
// the atomic_flag functions and atomic_init, on the generic address space
// (OpenCL C 2.0 and 3.0 declare them there).

#define CMPXCHG(A, T)                                                          \
  OV bool atomic_compare_exchange_strong_explicit(                             \
      volatile A *o, T *e, T d, memory_order s, memory_order f,                \
      memory_scope sc) {                                                       \
    return __opencl_atomic_compare_exchange_strong(o, e, d, s, f, sc);         \
  }                                                                            \
  OV bool atomic_compare_exchange_weak_explicit(                               \
      volatile A *o, T *e, T d, memory_order s, memory_order f,                \
      memory_scope sc) {                                                       \
    return __opencl_atomic_compare_exchange_weak(o, e, d, s, f, sc);           \
  }                                                                            \
  OV bool atomic_compare_exchange_strong_explicit(                             \
      volatile A *o, T *e, T d, memory_order s, memory_order f) {              \
    return __opencl_atomic_compare_exchange_strong(o, e, d, s, f,              \
                                                   memory_scope_device);       \
  }                                                                            \
  OV bool atomic_compare_exchange_weak_explicit(                               \
      volatile A *o, T *e, T d, memory_order s, memory_order f) {              \
    return __opencl_atomic_compare_exchange_weak(o, e, d, s, f,                \
                                                 memory_scope_device);         \
  }                                                                            \
  OV bool atomic_compare_exchange_strong(volatile A *o, T *e, T d) {           \
    return __opencl_atomic_compare_exchange_strong(                            \
        o, e, d, memory_order_seq_cst, memory_order_seq_cst,                   \
        memory_scope_device);                                                  \
  }                                                                            \
  OV bool atomic_compare_exchange_weak(volatile A *o, T *e, T d) {             \
    return __opencl_atomic_compare_exchange_weak(                              \
        o, e, d, memory_order_seq_cst, memory_order_seq_cst,                   \
        memory_scope_device);                                                  \
  }                                                                            \
  OV void atomic_init(volatile A *o, T v) { __opencl_atomic_init(o, v); }
CMPXCHG(atomic_int, int)
CMPXCHG(atomic_uint, uint)
CMPXCHG(atomic_long, long)
CMPXCHG(atomic_ulong, ulong)
CMPXCHG(atomic_float, float)
CMPXCHG(atomic_double, double)

OV bool atomic_flag_test_and_set_explicit(volatile atomic_flag *o,
                                          memory_order order,
                                          memory_scope scope) {
  return __opencl_atomic_exchange((volatile atomic_int *)o, 1, order, scope);
}
OV bool atomic_flag_test_and_set_explicit(volatile atomic_flag *o,
                                          memory_order order) {
  return atomic_flag_test_and_set_explicit(o, order, memory_scope_device);
}
OV bool atomic_flag_test_and_set(volatile atomic_flag *o) {
  return atomic_flag_test_and_set_explicit(o, memory_order_seq_cst,
                                           memory_scope_device);
}
OV void atomic_flag_clear_explicit(volatile atomic_flag *o, memory_order order,
                                   memory_scope scope) {
  __opencl_atomic_store((volatile atomic_int *)o, 0, order, scope);
}
OV void atomic_flag_clear_explicit(volatile atomic_flag *o,
                                   memory_order order) {
  atomic_flag_clear_explicit(o, order, memory_scope_device);
}
OV void atomic_flag_clear(volatile atomic_flag *o) {
  atomic_flag_clear_explicit(o, memory_order_seq_cst, memory_scope_device);
}

//===--- Async copies between global and local memory ---------------------===//
//
// Work-group functions: every work-item of the group calls them with the
// same arguments. Each work-item copies the elements i = its local linear
// id, + the group's size, ...; wait_group_events is a work-group barrier
// (the runtime's), after which the whole copy is done and visible. The
// event is the one passed in.

void __xfence_cpu_barrier(void);

static size_t xf_group_size(void) {
  return get_local_size(0) * get_local_size(1) * get_local_size(2);
}

#define ASYNC_COPY(T)                                                          \
  OV event_t async_work_group_copy(__local T *dst, const __global T *src,     \
                                   size_t n, event_t event) {                  \
    for (size_t i = get_local_linear_id(); i < n; i += xf_group_size())        \
      dst[i] = src[i];                                                         \
    return event;                                                              \
  }                                                                            \
  OV event_t async_work_group_copy(__global T *dst, const __local T *src,     \
                                   size_t n, event_t event) {                  \
    for (size_t i = get_local_linear_id(); i < n; i += xf_group_size())        \
      dst[i] = src[i];                                                         \
    return event;                                                              \
  }                                                                            \
  OV event_t async_work_group_strided_copy(__local T *dst,                    \
                                           const __global T *src, size_t n,    \
                                           size_t stride, event_t event) {     \
    for (size_t i = get_local_linear_id(); i < n; i += xf_group_size())        \
      dst[i] = src[i * stride];                                                \
    return event;                                                              \
  }                                                                            \
  OV event_t async_work_group_strided_copy(__global T *dst,                   \
                                           const __local T *src, size_t n,     \
                                           size_t stride, event_t event) {     \
    for (size_t i = get_local_linear_id(); i < n; i += xf_group_size())        \
      dst[i * stride] = src[i];                                                \
    return event;                                                              \
  }                                                                            \
  OV void prefetch(const __global T *p, size_t n) {}
#define ASYNC_COPY_N(T, N) ASYNC_COPY(T##N)
#define ASYNC_COPY_ALL(T) ASYNC_COPY(T) WIDTHS(ASYNC_COPY_N, T)
ASYNC_COPY_ALL(char)
ASYNC_COPY_ALL(uchar)
ASYNC_COPY_ALL(short)
ASYNC_COPY_ALL(ushort)
ASYNC_COPY_ALL(int)
ASYNC_COPY_ALL(uint)
ASYNC_COPY_ALL(long)
ASYNC_COPY_ALL(ulong)
ASYNC_COPY_ALL(float)
ASYNC_COPY_ALL(double)

OV void wait_group_events(int n, event_t *events) { __xfence_cpu_barrier(); }
OV void wait_group_events(int n, __private event_t *events) {
  __xfence_cpu_barrier();
}
