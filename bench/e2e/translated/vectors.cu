// Translated from OpenCL C to CUDA by xfence (docs/opencl-to-cuda.md).
#include <type_traits>
#include <utility>
typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;
typedef int atomic_int;
typedef unsigned int atomic_uint;
typedef long atomic_long;
typedef unsigned long atomic_ulong;
typedef float atomic_float;
typedef double atomic_double;
typedef int atomic_flag;
typedef int event_t;
typedef unsigned int cl_mem_fence_flags;
#define CLK_LOCAL_MEM_FENCE 0x01
#define CLK_GLOBAL_MEM_FENCE 0x02
#define CLK_IMAGE_MEM_FENCE 0x04
enum memory_order { memory_order_relaxed = 0, memory_order_acquire = 2, memory_order_release = 3, memory_order_acq_rel = 4, memory_order_seq_cst = 5 };
enum memory_scope { memory_scope_work_item = 0, memory_scope_work_group = 1, memory_scope_device = 2, memory_scope_all_svm_devices = 3, memory_scope_all_devices = 3, memory_scope_sub_group = 4 };
#define XFENCE_OCL_HD __host__ __device__
#define XFENCE_OCL_D __device__
namespace ocl {
// The types a vector lane can hold.
template <class S> struct is_scalar : std::is_arithmetic<S> {};
// The lane type of a comparison's result: a signed integer of the same size.
template <class T>
using mask_t = std::conditional_t<
    sizeof(T) == 1, char,
    std::conditional_t<sizeof(T) == 2, short,
                       std::conditional_t<sizeof(T) == 4, int, long>>>;

template <class T, int N, int... I> struct lanes;

// An OpenCL vector of N lanes of T (N = 2, 3, 4, 8 or 16); as in OpenCL, 3
// lanes take the room and the alignment of 4.
template <class T, int N> struct vec {
  static constexpr int size = N;
  alignas(sizeof(T) * (N == 3 ? 4 : N)) T s[N == 3 ? 4 : N];

  // Lanes left as they are, as for an OpenCL vector without an
  // initializer; a trivial constructor also lets a __local vector become a
  // __shared__ one (CUDA and HIP allow no initialization there).
  vec() = default;
  // (floatN)(x): x converted and copied into every lane.
  template <class S, std::enable_if_t<is_scalar<S>::value, int> = 0>
  XFENCE_OCL_HD constexpr vec(S x) : s{} {
    for (int i = 0; i < N; ++i)
      s[i] = T(x);
  }
  // (floatN)(a, b, ...): scalars and vectors, lane after lane.
  template <class A, class B, class... R>
  XFENCE_OCL_HD constexpr vec(A a, B b, R... r) : s{} {
    int i = 0;
    put(i, a);
    put(i, b);
    (put(i, r), ...);
  }
  XFENCE_OCL_HD constexpr T &operator[](int i) { return s[i]; }
  XFENCE_OCL_HD constexpr const T &operator[](int i) const {
    return s[i];
  }
  // The swizzle v.wzyx as a value: v.get<3, 2, 1, 0>().
  template <int... I>
  XFENCE_OCL_HD constexpr vec<T, sizeof...(I)> get() const {
    return vec<T, sizeof...(I)>(s[I]...);
  }
  // The same on a volatile vector (a volatile int4 *p in OpenCL C): each
  // lane read or written once. Templates, so that the implicit copy and
  // assignment stay trivial.
  XFENCE_OCL_HD T operator[](int i) const volatile { return s[i]; }
  XFENCE_OCL_HD volatile T &operator[](int i) volatile { return s[i]; }
  template <int... I>
  XFENCE_OCL_HD vec<T, sizeof...(I)> get() const volatile {
    return vec<T, sizeof...(I)>(T(s[I])...);
  }
  template <class V, std::enable_if_t<std::is_same<V, vec>::value, int> = 0>
  XFENCE_OCL_HD V operator=(const V &x) volatile {
    for (int i = 0; i < N; ++i)
      s[i] = x.s[i];
    return x;
  }
  // The swizzle v.xz as a place to assign: v.ref<0, 2>() = ...
  template <int... I> XFENCE_OCL_HD constexpr lanes<T, N, I...> ref() {
    return lanes<T, N, I...>{*this};
  }
  // The same with the lanes as one constant, for text that must not hold a
  // comma (a macro's argument): hex digits after a leading 1,
  // v.getc<0x13210>() is v.get<3, 2, 1, 0>().
  template <unsigned long long C>
  XFENCE_OCL_HD static constexpr int count() {
    int n = 0;
    for (unsigned long long c = C; c > 0xF; c >>= 4)
      ++n;
    return n;
  }
  template <unsigned long long C, int K>
  XFENCE_OCL_HD static constexpr int laneAt() {
    return int((C >> (4 * (count<C>() - 1 - K))) & 0xF);
  }
  template <unsigned long long C, int... K>
  XFENCE_OCL_HD constexpr vec<T, sizeof...(K)>
  getc(std::integer_sequence<int, K...>) const {
    return get<laneAt<C, K>()...>();
  }
  template <unsigned long long C>
  XFENCE_OCL_HD constexpr vec<T, count<C>()> getc() const {
    return getc<C>(std::make_integer_sequence<int, count<C>()>());
  }
  template <unsigned long long C, int... K>
  XFENCE_OCL_HD constexpr lanes<T, N, laneAt<C, K>()...>
  refc(std::integer_sequence<int, K...>) {
    return ref<laneAt<C, K>()...>();
  }
  template <unsigned long long C> XFENCE_OCL_HD constexpr auto refc() {
    return refc<C>(std::make_integer_sequence<int, count<C>()>());
  }

private:
  template <class S> XFENCE_OCL_HD constexpr void put(int &i, S x) {
    s[i++] = T(x);
  }
  template <class S, int M>
  XFENCE_OCL_HD constexpr void put(int &i, const vec<S, M> &v) {
    for (int k = 0; k < M; ++k)
      s[i++] = T(v.s[k]);
  }
};

// Lanes I... of a vector, as the target of an assignment.
template <class T, int N, int... I> struct lanes {
  static constexpr int K = sizeof...(I);
  vec<T, N> &v;
  XFENCE_OCL_HD constexpr operator vec<T, K>() const {
    return v.template get<I...>();
  }
  XFENCE_OCL_HD constexpr vec<T, K> operator=(const vec<T, K> &x) {
    int k = 0;
    ((v.s[I] = x.s[k++]), ...);
    return *this;
  }
#define OCL_LANES_ASSIGN(op)                                                   \
  template <class X>                                                           \
  XFENCE_OCL_HD constexpr vec<T, K> operator op##=(const X &x) {             \
    return *this = static_cast<vec<T, K>>(*this) op x;                         \
  }
  OCL_LANES_ASSIGN(+) OCL_LANES_ASSIGN(-) OCL_LANES_ASSIGN(*)
  OCL_LANES_ASSIGN(/) OCL_LANES_ASSIGN(%) OCL_LANES_ASSIGN(&)
  OCL_LANES_ASSIGN(|) OCL_LANES_ASSIGN(^) OCL_LANES_ASSIGN(<<)
  OCL_LANES_ASSIGN(>>)
#undef OCL_LANES_ASSIGN
};

// A volatile vector read as a whole.
template <class T, int N>
XFENCE_OCL_HD vec<T, N> load(const volatile vec<T, N> &v) {
  vec<T, N> r;
  for (int i = 0; i < N; ++i)
    r.s[i] = v.s[i];
  return r;
}

// Lane i of a vector; a scalar is the same in every lane.
template <class T> XFENCE_OCL_HD constexpr T lane(const T &x, int) {
  return x;
}
template <class T, int N>
XFENCE_OCL_HD constexpr T lane(const vec<T, N> &v, int i) {
  return v[i];
}
// The most significant bit, which selects in select() and vector ?:.
template <class T> XFENCE_OCL_HD constexpr bool msb(T x) {
  return std::is_signed<T>::value ? x < 0 : (x >> (8 * sizeof(T) - 1)) != 0;
}

// Lane-wise operators. The result of a comparison or logical operator has
// -1 (all bits set) in the lanes where it holds, 0 elsewhere; shift counts
// are taken modulo the lane width.
#define OCL_BINARY(op, R, lanewise)                                            \
  template <class T, int N>                                                    \
  XFENCE_OCL_HD constexpr vec<R, N> operator op(const vec<T, N> &a,            \
                                                      const vec<T, N> &b) {    \
    vec<R, N> r;                                                               \
    for (int i = 0; i < N; ++i)                                                \
      r[i] = lanewise;                                                         \
    return r;                                                                  \
  }                                                                            \
  template <class T, int N, class S,                                           \
            std::enable_if_t<is_scalar<S>::value, int> = 0>                    \
  XFENCE_OCL_HD constexpr vec<R, N> operator op(const vec<T, N> &a,            \
                                                      S b) {                   \
    return a op vec<T, N>(b);                                                  \
  }                                                                            \
  template <class T, int N, class S,                                           \
            std::enable_if_t<is_scalar<S>::value, int> = 0>                    \
  XFENCE_OCL_HD constexpr vec<R, N> operator op(S a,                           \
                                                      const vec<T, N> &b) {    \
    return vec<T, N>(a) op b;                                                  \
  }
#define OCL_ARITHMETIC(op)                                                     \
  OCL_BINARY(op, T, T(a[i] op b[i]))                                           \
  template <class T, int N, class X>                                           \
  XFENCE_OCL_HD constexpr vec<T, N> &operator op##=(vec<T, N> &a,              \
                                                          const X &b) {        \
    return a = a op b;                                                         \
  }
#define OCL_SHIFT(op)                                                          \
  OCL_BINARY(op, T, T(a[i] op(b[i] & T(8 * sizeof(T) - 1))))                   \
  template <class T, int N, class X>                                           \
  XFENCE_OCL_HD constexpr vec<T, N> &operator op##=(vec<T, N> &a,              \
                                                          const X &b) {        \
    return a = a op b;                                                         \
  }
#define OCL_COMPARE(op)                                                        \
  OCL_BINARY(op, mask_t<T>, mask_t<T>(a[i] op b[i] ? -1 : 0))
OCL_ARITHMETIC(+) OCL_ARITHMETIC(-) OCL_ARITHMETIC(*) OCL_ARITHMETIC(/)
OCL_ARITHMETIC(%) OCL_ARITHMETIC(&) OCL_ARITHMETIC(|) OCL_ARITHMETIC(^)
OCL_SHIFT(<<) OCL_SHIFT(>>)
OCL_COMPARE(==) OCL_COMPARE(!=) OCL_COMPARE(<) OCL_COMPARE(>)
OCL_COMPARE(<=) OCL_COMPARE(>=) OCL_COMPARE(&&) OCL_COMPARE(||)
#undef OCL_COMPARE
#undef OCL_SHIFT
#undef OCL_ARITHMETIC
#undef OCL_BINARY

#define OCL_UNARY(op, R, lanewise)                                             \
  template <class T, int N>                                                    \
  XFENCE_OCL_HD constexpr vec<R, N> operator op(const vec<T, N> &a) {          \
    vec<R, N> r;                                                               \
    for (int i = 0; i < N; ++i)                                                \
      r[i] = lanewise;                                                         \
    return r;                                                                  \
  }
OCL_UNARY(+, T, a[i]) OCL_UNARY(-, T, T(-a[i])) OCL_UNARY(~, T, T(~a[i]))
OCL_UNARY(!, mask_t<T>, mask_t<T>(a[i] ? 0 : -1))
#undef OCL_UNARY
template <class T, int N>
XFENCE_OCL_HD constexpr vec<T, N> &operator++(vec<T, N> &a) {
  return a += T(1);
}
template <class T, int N>
XFENCE_OCL_HD constexpr vec<T, N> &operator--(vec<T, N> &a) {
  return a -= T(1);
}
template <class T, int N>
XFENCE_OCL_HD constexpr vec<T, N> operator++(vec<T, N> &a, int) {
  vec<T, N> old = a;
  a += T(1);
  return old;
}
template <class T, int N>
XFENCE_OCL_HD constexpr vec<T, N> operator--(vec<T, N> &a, int) {
  vec<T, N> old = a;
  a -= T(1);
  return old;
}
} // namespace ocl
namespace ocl {
typedef vec<float, 4> float4;
typedef vec<float, 8> float8;
typedef vec<int, 2> int2;
typedef vec<int, 4> int4;
typedef vec<uchar, 2> uchar2;
typedef vec<uchar, 4> uchar4;
typedef vec<uchar, 8> uchar8;
typedef vec<uchar, 16> uchar16;
// The OpenCL built-in functions that the kernel calls.
__device__ inline float clamp(float a0, float a1, float a2) { return ::fminf(::fmaxf(a0, a1), a2); }
__device__ inline float mix(float a0, float a1, float a2) { return a0 + (a1 - a0) * a2; }
__device__ inline int clamp(int a0, int a1, int a2) { return a0 < a1 ? a1 : a0 > a2 ? a2 : a0; }
__device__ inline int mad24(int a0, int a1, int a2) { return __mul24(a0, a1) + a2; }
__device__ inline int mul24(int a0, int a1) { return __mul24(a0, a1); }
__device__ inline uchar add_sat(uchar a0, uchar a1) { return a0 > 255 - a1 ? 255 : uchar(a0 + a1); }
__device__ inline uchar convert_uchar_sat(int a0) {
  return a0 < 0 ? 0 : (unsigned long)a0 > 255 ? 255 : (uchar)a0;
}
__device__ inline float dot(ocl::float4 a0, ocl::float4 a1) {
  float d = 0;
  for (int i = 0; i < 4; ++i)
    d += lane(a0, i) * lane(a1, i);
  return d;
}
__device__ inline ocl::float4 clamp(ocl::float4 a0, float a1, float a2) {
  ocl::float4 r;
  for (int i = 0; i < 4; ++i)
    r[i] = clamp(lane(a0, i), lane(a1, i), lane(a2, i));
  return r;
}
__device__ inline ocl::float4 mix(ocl::float4 a0, ocl::float4 a1, float a2) {
  ocl::float4 r;
  for (int i = 0; i < 4; ++i)
    r[i] = mix(lane(a0, i), lane(a1, i), lane(a2, i));
  return r;
}
__device__ inline ocl::float4 select(ocl::float4 a0, ocl::float4 a1, ocl::int4 a2) {
  ocl::float4 r;
  for (int i = 0; i < 4; ++i)
    r[i] = msb(a2[i]) ? a1[i] : a0[i];
  return r;
}
__device__ inline ocl::float4 vload4(ulong a0, const float *a1) {
  ocl::float4 r;
  for (int i = 0; i < 4; ++i)
    r[i] = a1[a0 * 4 + i];
  return r;
}
__device__ inline ocl::int2 vload2(ulong a0, const int *a1) {
  ocl::int2 r;
  for (int i = 0; i < 2; ++i)
    r[i] = a1[a0 * 2 + i];
  return r;
}
__device__ inline ocl::int4 as_int4(ocl::float4 a0) {
  ocl::int4 r;
  memcpy(&r, &a0, sizeof r);
  return r;
}
__device__ inline ocl::int4 clamp(ocl::int4 a0, int a1, int a2) {
  ocl::int4 r;
  for (int i = 0; i < 4; ++i)
    r[i] = clamp(lane(a0, i), lane(a1, i), lane(a2, i));
  return r;
}
__device__ inline ocl::int4 convert_int4(ocl::float4 a0) {
  ocl::int4 r;
  for (int i = 0; i < 4; ++i)
    r[i] = __float2int_rz(a0[i]);
  return r;
}
__device__ inline ocl::int4 convert_int4(ocl::uchar4 a0) {
  ocl::int4 r;
  for (int i = 0; i < 4; ++i)
    r[i] = (int)a0[i];
  return r;
}
__device__ inline ocl::int4 select(ocl::int4 a0, ocl::int4 a1, ocl::int4 a2) {
  ocl::int4 r;
  for (int i = 0; i < 4; ++i)
    r[i] = msb(a2[i]) ? a1[i] : a0[i];
  return r;
}
__device__ inline ocl::uchar16 vload16(ulong a0, const uchar *a1) {
  ocl::uchar16 r;
  for (int i = 0; i < 16; ++i)
    r[i] = a1[a0 * 16 + i];
  return r;
}
__device__ inline ocl::uchar4 as_uchar4(int a0) {
  ocl::uchar4 r;
  memcpy(&r, &a0, sizeof r);
  return r;
}
__device__ inline ocl::uchar8 add_sat(ocl::uchar8 a0, ocl::uchar8 a1) {
  ocl::uchar8 r;
  for (int i = 0; i < 8; ++i)
    r[i] = add_sat(lane(a0, i), lane(a1, i));
  return r;
}
__device__ inline void vstore16(ocl::uchar16 a0, ulong a1, uchar *a2) {
  for (int i = 0; i < 16; ++i)
    a2[a1 * 16 + i] = a0[i];
}
__device__ inline void vstore4(ocl::float4 a0, ulong a1, float *a2) {
  for (int i = 0; i < 4; ++i)
    a2[a1 * 4 + i] = a0[i];
}
__device__ inline void vstore4(ocl::int4 a0, ulong a1, int *a2) {
  for (int i = 0; i < 4; ++i)
    a2[a1 * 4 + i] = a0[i];
}
} // namespace ocl
// xfence: end of prelude
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

__global__ void vector_ops(const float *fin, const int *iin,
                         const uchar *bin, float *fout,
                         int *iout, uchar *bout, float t) {
  const int i = (blockIdx.x * blockDim.x + threadIdx.x);

  // Floats.
  const ocl::float4 a = ocl::vload4(2 * i, fin);
  const ocl::float4 b = ocl::vload4(2 * i + 1, fin);
  ocl::float4 r = (a.get<3, 2, 1, 0>()) + (b.get<0, 0, 1, 1>());
  (r.ref<0, 2>()) = (r.get<2, 0>());
  (r.ref<2, 3>()) = (r.get<2, 3>()) * 2.0f;
  const ocl::float4 m = ocl::mix(a, b, t);
  const ocl::float4 c = ocl::clamp(a * 2.0f - b, -1.0f, 1.0f);
  const ocl::float8 w = ocl::float8(m, c);
  const ocl::float4 e = (w.get<0, 2, 4, 6>()) + (w.get<1, 3, 5, 7>());
  const float d = ocl::dot(a, b);
  ocl::vstore4(r + e * d, 2 * i, fout);
  ocl::vstore4(ocl::select(m, c, a > b), 2 * i + 1, fout);

  // Ints.
  const ocl::int2 p = ocl::vload2(i, iin);
  ocl::int4 q = ocl::int4(p, (p.get<1, 0>()) * 3);
  q = ocl::select(q, -q, q < 0);
  const ocl::int4 g = (ocl::as_int4(a) >> 23) & 0xff;
  const int m24 = ocl::mad24(p[0], p[1], q[2]);
  const ocl::int4 i1 = ocl::clamp(q, 0, 500) + ocl::convert_int4(a * 64.0f) + (g - 127);
  const ocl::int4 i2 = ocl::int4((q.get<1, 3>()), m24, ocl::mad24(p[1], 3, -p[0])) ^
                  ocl::convert_int4(ocl::as_uchar4(m24)) + ocl::mul24(p[0], 2);
  ocl::vstore4(i1, 2 * i, iout);
  ocl::vstore4(i2, 2 * i + 1, iout);

  // Bytes.
  const ocl::uchar16 u = ocl::vload16(i, bin);
  ocl::uchar16 v = (u.get<15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0>());
  (v.ref<0, 2, 4, 6, 8, 10, 12, 14>()) = (u.get<1, 3, 5, 7, 9, 11, 13, 15>());
  (v.ref<0, 1, 2, 3, 4, 5, 6, 7>()) = ocl::add_sat((v.get<0, 1, 2, 3, 4, 5, 6, 7>()), (u.get<8, 9, 10, 11, 12, 13, 14, 15>()));
  ocl::uchar16 x = v ^ ocl::uchar16(0x5a);
  (x.ref<0, 5>()) = ocl::uchar2(ocl::convert_uchar_sat(p[0]), ocl::convert_uchar_sat(p[1]));
  ocl::vstore16(x, i, bout);
}

// xfence: host-side launch helpers, one per kernel.

// Launches the OpenCL kernel vector_ops on an NDRange of global_size work-items in work-groups of local_size (docs/opencl-to-cuda.md).
inline cudaError_t launch_vector_ops(dim3 global_size, dim3 local_size, const float *fin, const int *iin, const uchar *bin, float *fout, int *iout, uchar *bout, float t, cudaStream_t stream = 0) {
  if (local_size.x == 0 || local_size.y == 0 || local_size.z == 0 ||
      global_size.x % local_size.x || global_size.y % local_size.y ||
      global_size.z % local_size.z)
    return cudaErrorInvalidValue;
  const size_t xfence_shared_bytes = 0;
  vector_ops<<<dim3(global_size.x / local_size.x, global_size.y / local_size.y,
           global_size.z / local_size.z),
      local_size, xfence_shared_bytes, stream>>>(fin, iin, bin, fout, iout, bout, t);
  return cudaGetLastError();
}
