// Translated from OpenCL C to CUDA by xfence (docs/opencl-to-cuda.md).
#include <cuda_fp16.h>
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
typedef __half half;
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
// OpenCL images in device memory, read and written in software with
// OpenCL's addressing, filtering and conversion rules. A sampler is its
// CLK_* bits: normalized coordinates 1, addressing mode 0xE, filter 0x30.
typedef unsigned int sampler_t;
// An image: `data` is its first texel; a dimension it lacks is 1. The
// layers of an image array are its last dimension (height of a 1D array,
// depth of a 2D array), `array_size` their number; the pitches are bytes
// between rows and between slices (or layers). The format is OpenCL's
// channel order and data type (the CLK_* values, also cl.h's CL_* ones).
struct image {
  void *data;
  int width, height, depth, array_size;
  size_t row_pitch, slice_pitch;
  int channel_order, channel_data_type;
};
struct image1d_t : image {};
struct image1d_buffer_t : image {};
struct image1d_array_t : image {};
struct image2d_t : image {};
struct image2d_array_t : image {};
struct image3d_t : image {};
struct image2d_depth_t : image {};
struct image2d_array_depth_t : image {};

// Channel orders and data types (OpenCL's values).
enum : int {
  image_R = 0x10B0, image_A, image_RG, image_RA, image_RGB, image_RGBA,
  image_BGRA, image_ARGB, image_INTENSITY, image_LUMINANCE, image_Rx,
  image_RGx, image_RGBx, image_DEPTH, image_DEPTH_STENCIL, image_sRGB,
  image_sRGBx, image_sRGBA, image_sBGRA, image_ABGR
};
enum : int {
  image_SNORM_INT8 = 0x10D0, image_SNORM_INT16, image_UNORM_INT8,
  image_UNORM_INT16, image_UNORM_SHORT_565, image_UNORM_SHORT_555,
  image_UNORM_INT_101010, image_SIGNED_INT8, image_SIGNED_INT16,
  image_SIGNED_INT32, image_UNSIGNED_INT8, image_UNSIGNED_INT16,
  image_UNSIGNED_INT32, image_HALF_FLOAT, image_FLOAT
};

XFENCE_OCL_HD inline int image_channels(int order) {
  switch (order) {
  case image_RG: case image_RA: case image_RGx:
    return 2;
  case image_RGB: case image_RGBx: case image_sRGB: case image_sRGBx:
    return 3;
  case image_RGBA: case image_BGRA: case image_ARGB: case image_ABGR:
  case image_sRGBA: case image_sBGRA:
    return 4;
  default:
    return 1;
  }
}
XFENCE_OCL_HD inline bool image_packed(int type) {
  return type == image_UNORM_SHORT_565 || type == image_UNORM_SHORT_555 ||
         type == image_UNORM_INT_101010;
}
// Bytes of one texel.
XFENCE_OCL_HD inline size_t image_texel_bytes(int order, int type) {
  switch (type) {
  case image_UNORM_SHORT_565: case image_UNORM_SHORT_555:
    return 2;
  case image_UNORM_INT_101010:
    return 4;
  case image_SNORM_INT8: case image_UNORM_INT8: case image_SIGNED_INT8:
  case image_UNSIGNED_INT8:
    return image_channels(order);
  case image_SNORM_INT16: case image_UNORM_INT16: case image_SIGNED_INT16:
  case image_UNSIGNED_INT16: case image_HALF_FLOAT:
    return 2 * image_channels(order);
  default:
    return 4 * image_channels(order);
  }
}
XFENCE_OCL_HD inline bool image_has_alpha(int order) {
  return order == image_A || order == image_RA || order == image_RGBA ||
         order == image_BGRA || order == image_ARGB || order == image_ABGR ||
         order == image_INTENSITY || order == image_sRGBA ||
         order == image_sBGRA;
}
XFENCE_OCL_HD inline bool image_srgb(int order) {
  return order >= image_sRGB && order <= image_sBGRA;
}
XFENCE_OCL_D inline float image_srgb_to_linear(float c) {
  return c <= 0.04045f ? c / 12.92f : powf((c + 0.055f) / 1.055f, 2.4f);
}
XFENCE_OCL_D inline float image_linear_to_srgb(float c) {
  c = fminf(fmaxf(c, 0.0f), 1.0f);
  return c <= 0.0031308f ? 12.92f * c : 1.055f * powf(c, 1.0f / 2.4f) - 0.055f;
}

// Channel k of the texel at p, for read_imagef (normalized formats scaled
// to [0, 1] or [-1, 1]; integer formats, undefined there, as their value).
XFENCE_OCL_D inline float image_load_f(const unsigned char *p, int type, int k) {
  switch (type) {
  case image_SNORM_INT8:
    return fmaxf(-1.0f, reinterpret_cast<const signed char *>(p)[k] / 127.0f);
  case image_SNORM_INT16:
    return fmaxf(-1.0f, reinterpret_cast<const short *>(p)[k] / 32767.0f);
  case image_UNORM_INT8:
    return p[k] / 255.0f;
  case image_UNORM_INT16:
    return reinterpret_cast<const unsigned short *>(p)[k] / 65535.0f;
  case image_HALF_FLOAT:
    return float(reinterpret_cast<const half *>(p)[k]);
  case image_FLOAT:
    return reinterpret_cast<const float *>(p)[k];
  case image_SIGNED_INT8:
    return reinterpret_cast<const signed char *>(p)[k];
  case image_SIGNED_INT16:
    return reinterpret_cast<const short *>(p)[k];
  case image_SIGNED_INT32:
    return reinterpret_cast<const int *>(p)[k];
  case image_UNSIGNED_INT8:
    return p[k];
  case image_UNSIGNED_INT16:
    return reinterpret_cast<const unsigned short *>(p)[k];
  default:
    return reinterpret_cast<const unsigned *>(p)[k];
  }
}
// The same for read_imagei and read_imageui (the bits of a 32-bit channel;
// a float format, undefined there, converted).
XFENCE_OCL_D inline int image_load_i(const unsigned char *p, int type, int k) {
  switch (type) {
  case image_SIGNED_INT8:
    return reinterpret_cast<const signed char *>(p)[k];
  case image_SIGNED_INT16:
    return reinterpret_cast<const short *>(p)[k];
  case image_UNSIGNED_INT8:
    return p[k];
  case image_UNSIGNED_INT16:
    return reinterpret_cast<const unsigned short *>(p)[k];
  case image_SIGNED_INT32: case image_UNSIGNED_INT32:
    return reinterpret_cast<const int *>(p)[k];
  default:
    return int(image_load_f(p, type, k));
  }
}
template <class T>
XFENCE_OCL_D inline T image_load(const unsigned char *p, int type, int k) {
  if constexpr (std::is_same<T, float>::value)
    return image_load_f(p, type, k);
  else
    return T(image_load_i(p, type, k));
}

// The texel (x, y, z) as (r, g, b, a); outside the image, the border color:
// 0 in every channel, but alpha 1 for an order without alpha.
template <class T>
XFENCE_OCL_D vec<T, 4> image_texel(const image &img, int x, int y, int z) {
  int order = img.channel_order, type = img.channel_data_type;
  if (x < 0 || y < 0 || z < 0 || x >= img.width || y >= img.height ||
      z >= img.depth)
    return vec<T, 4>(T(0), T(0), T(0), T(image_has_alpha(order) ? 0 : 1));
  const unsigned char *p = static_cast<const unsigned char *>(img.data) +
                           x * image_texel_bytes(order, type) +
                           y * img.row_pitch + z * img.slice_pitch;
  T c[4] = {T(0), T(0), T(0), T(1)};
  if (image_packed(type)) {
    unsigned v = type == image_UNORM_INT_101010
                     ? *reinterpret_cast<const unsigned *>(p)
                     : *reinterpret_cast<const unsigned short *>(p);
    if (type == image_UNORM_SHORT_565) {
      c[0] = T((v >> 11 & 31) / 31.0f);
      c[1] = T((v >> 5 & 63) / 63.0f);
      c[2] = T((v & 31) / 31.0f);
    } else if (type == image_UNORM_SHORT_555) {
      c[0] = T((v >> 10 & 31) / 31.0f);
      c[1] = T((v >> 5 & 31) / 31.0f);
      c[2] = T((v & 31) / 31.0f);
    } else {
      c[0] = T((v >> 20 & 1023) / 1023.0f);
      c[1] = T((v >> 10 & 1023) / 1023.0f);
      c[2] = T((v & 1023) / 1023.0f);
    }
  } else {
    for (int k = 0; k < image_channels(order); ++k)
      c[k] = image_load<T>(p, type, k);
  }
  if constexpr (std::is_same<T, float>::value)
    if (image_srgb(order))
      for (int k = 0; k < 3; ++k)
        c[k] = image_srgb_to_linear(c[k]);
  T zero = T(0), one = T(1);
  switch (order) {
  case image_R: case image_Rx: case image_DEPTH:
    return vec<T, 4>(c[0], zero, zero, one);
  case image_A:
    return vec<T, 4>(zero, zero, zero, c[0]);
  case image_INTENSITY:
    return vec<T, 4>(c[0], c[0], c[0], c[0]);
  case image_LUMINANCE:
    return vec<T, 4>(c[0], c[0], c[0], one);
  case image_RG: case image_RGx:
    return vec<T, 4>(c[0], c[1], zero, one);
  case image_RA:
    return vec<T, 4>(c[0], zero, zero, c[1]);
  case image_RGB: case image_RGBx: case image_sRGB: case image_sRGBx:
    return vec<T, 4>(c[0], c[1], c[2], one);
  case image_BGRA: case image_sBGRA:
    return vec<T, 4>(c[2], c[1], c[0], c[3]);
  case image_ARGB:
    return vec<T, 4>(c[1], c[2], c[3], c[0]);
  case image_ABGR:
    return vec<T, 4>(c[3], c[2], c[1], c[0]);
  default:
    return vec<T, 4>(c[0], c[1], c[2], c[3]);
  }
}

// One coordinate through the sampler: the texel indices i0 (nearest) or
// i0, i1 and the weight a of i1 (linear). An index outside [0, n) reads the
// border color. CLK_ADDRESS_NONE, undefined outside the image, reads the
// border there too, as do the repeat modes with unnormalized coordinates
// (which OpenCL does not allow).
struct image_axis {
  int i0, i1;
  float a;
};
XFENCE_OCL_D inline image_axis image_address(float s, int n, unsigned sampler,
                                           bool linear) {
  bool normalized = sampler & 1;
  unsigned mode = sampler & 0xE;
  image_axis r = {0, 0, 0.0f};
  if (normalized && mode == 6) { // CLK_ADDRESS_REPEAT
    float u = (s - floorf(s)) * n;
    if (!linear) {
      r.i0 = min(int(floorf(u)), n);
      if (r.i0 > n - 1)
        r.i0 -= n;
      r.i1 = r.i0;
      return r;
    }
    float t = u - 0.5f;
    r.i0 = int(floorf(t));
    r.i1 = r.i0 + 1;
    if (r.i0 < 0)
      r.i0 += n;
    if (r.i1 > n - 1)
      r.i1 -= n;
    r.a = t - floorf(t);
    return r;
  }
  if (normalized && mode == 8) { // CLK_ADDRESS_MIRRORED_REPEAT
    float u = fabsf(s - 2.0f * rintf(0.5f * s)) * n;
    if (!linear) {
      r.i0 = r.i1 = min(int(floorf(u)), n - 1);
      return r;
    }
    float t = u - 0.5f;
    r.i0 = max(int(floorf(t)), 0);
    r.i1 = min(int(floorf(t)) + 1, n - 1);
    r.a = t - floorf(t);
    return r;
  }
  float u = normalized ? s * n : s;
  // CLK_ADDRESS_CLAMP_TO_EDGE clamps into the image, the others to one
  // texel of border on each side (also keeps the float-to-int conversion
  // defined).
  int lo = mode == 2 ? 0 : -1, hi = mode == 2 ? n - 1 : n;
  u = fminf(fmaxf(u, float(lo) - 1.0f), float(hi) + 2.0f);
  if (!linear) {
    r.i0 = r.i1 = min(max(int(floorf(u)), lo), hi);
    return r;
  }
  float t = u - 0.5f;
  int i = int(floorf(t));
  r.i0 = min(max(i, lo), hi);
  r.i1 = min(max(i + 1, lo), hi);
  r.a = t - floorf(t);
  return r;
}

// A read of an image of D dimensions (and a layer index after them if A)
// at `coord` (an integer or float scalar or vector).
template <class T, int D, bool A, class C>
XFENCE_OCL_D vec<T, 4> image_read(const image &img, unsigned sampler,
                                const C &coord) {
  // Integer coordinates are unnormalized and read the nearest texel.
  constexpr bool integer = std::is_integral<decltype(lane(coord, 0))>::value;
  if (integer)
    sampler &= 0xE;
  bool linear = std::is_same<T, float>::value && (sampler & 0x30) == 0x20;
  int n[3] = {img.width, img.height, img.depth};
  image_axis axis[3] = {{0, 0, 0.0f}, {0, 0, 0.0f}, {0, 0, 0.0f}};
  for (int d = 0; d < D; ++d)
    axis[d] = image_address(float(lane(coord, d)), n[d], sampler, linear);
  if constexpr (A) {
    float l = fminf(fmaxf(float(lane(coord, D)), 0.0f),
                    float(img.array_size - 1));
    axis[D].i0 = axis[D].i1 = int(rintf(l));
  }
  if (!linear)
    return image_texel<T>(img, axis[0].i0, axis[1].i0, axis[2].i0);
  // Linear filtering (of float reads only): the weighted sum of the 2, 4
  // or 8 texels around the coordinate.
  vec<T, 4> r(T(0));
  for (int corner = 0; corner < (1 << D); ++corner) {
    float w = 1.0f;
    int at[3];
    for (int d = 0; d < 3; ++d) {
      bool high = d < D && (corner >> d & 1);
      at[d] = high ? axis[d].i1 : axis[d].i0;
      if (d < D)
        w *= high ? axis[d].a : 1.0f - axis[d].a;
    }
    vec<T, 4> t = image_texel<T>(img, at[0], at[1], at[2]);
    for (int c = 0; c < 4; ++c)
      r[c] += T(w * t[c]);
  }
  return r;
}

// Stores channel k of a texel: float values for normalized and float
// formats (round to nearest even, saturated), integers saturated to the
// channel's type.
XFENCE_OCL_D inline void image_store_f(unsigned char *p, int type, int k,
                                     float f) {
  // A NaN converts to 0 (OpenCL's saturating conversions).
  auto to = [](float x, float lo, float hi) {
    return x != x ? 0 : __float2int_rn(fminf(fmaxf(x, lo), hi));
  };
  switch (type) {
  case image_SNORM_INT8:
    reinterpret_cast<signed char *>(p)[k] = to(f * 127.0f, -128.0f, 127.0f);
    return;
  case image_SNORM_INT16:
    reinterpret_cast<short *>(p)[k] = to(f * 32767.0f, -32768.0f, 32767.0f);
    return;
  case image_UNORM_INT8:
    p[k] = to(f * 255.0f, 0.0f, 255.0f);
    return;
  case image_UNORM_INT16:
    reinterpret_cast<unsigned short *>(p)[k] = to(f * 65535.0f, 0.0f, 65535.0f);
    return;
  case image_HALF_FLOAT:
    reinterpret_cast<half *>(p)[k] = half(f);
    return;
  default:
    reinterpret_cast<float *>(p)[k] = f;
    return;
  }
}
XFENCE_OCL_D inline void image_store_i(unsigned char *p, int type, int k,
                                     long long v) {
  auto sat = [](long long x, long long lo, long long hi) {
    return x < lo ? lo : x > hi ? hi : x;
  };
  switch (type) {
  case image_SIGNED_INT8:
    reinterpret_cast<signed char *>(p)[k] = sat(v, -128, 127);
    return;
  case image_SIGNED_INT16:
    reinterpret_cast<short *>(p)[k] = sat(v, -32768, 32767);
    return;
  case image_UNSIGNED_INT8:
    p[k] = sat(v, 0, 255);
    return;
  case image_UNSIGNED_INT16:
    reinterpret_cast<unsigned short *>(p)[k] = sat(v, 0, 65535);
    return;
  default:
    reinterpret_cast<int *>(p)[k] = int(v);
    return;
  }
}
// A write at (x, y, z); outside the image (undefined in OpenCL) nothing.
template <class T>
XFENCE_OCL_D void image_write(const image &img, int x, int y, int z,
                            const vec<T, 4> &c) {
  int order = img.channel_order, type = img.channel_data_type;
  if (x < 0 || y < 0 || z < 0 || x >= img.width || y >= img.height ||
      z >= img.depth)
    return;
  unsigned char *p = static_cast<unsigned char *>(img.data) +
                     x * image_texel_bytes(order, type) + y * img.row_pitch +
                     z * img.slice_pitch;
  T s[4] = {c[0], c[1], c[2], c[3]};
  switch (order) {
  case image_A:
    s[0] = c[3];
    break;
  case image_RA:
    s[1] = c[3];
    break;
  case image_BGRA: case image_sBGRA:
    s[0] = c[2], s[2] = c[0];
    break;
  case image_ARGB:
    s[0] = c[3], s[1] = c[0], s[2] = c[1], s[3] = c[2];
    break;
  case image_ABGR:
    s[0] = c[3], s[1] = c[2], s[2] = c[1], s[3] = c[0];
    break;
  default:
    break;
  }
  if constexpr (std::is_same<T, float>::value) {
    if (image_srgb(order))
      for (int k = 0; k < 3; ++k)
        s[k] = image_linear_to_srgb(s[k]);
    if (image_packed(type)) {
      auto q = [](float x, float m) {
        return x != x ? 0u
                      : unsigned(__float2int_rn(fminf(fmaxf(x, 0.0f), 1.0f) * m));
      };
      if (type == image_UNORM_SHORT_565)
        *reinterpret_cast<unsigned short *>(p) =
            q(s[0], 31) << 11 | q(s[1], 63) << 5 | q(s[2], 31);
      else if (type == image_UNORM_SHORT_555)
        *reinterpret_cast<unsigned short *>(p) =
            q(s[0], 31) << 10 | q(s[1], 31) << 5 | q(s[2], 31);
      else
        *reinterpret_cast<unsigned *>(p) =
            q(s[0], 1023) << 20 | q(s[1], 1023) << 10 | q(s[2], 1023);
      return;
    }
    for (int k = 0; k < image_channels(order); ++k)
      image_store_f(p, type, k, s[k]);
  } else {
    for (int k = 0; k < image_channels(order); ++k)
      image_store_i(p, type, k, s[k]);
  }
}
template <int D, bool A, class C>
XFENCE_OCL_D void image_index(const C &coord, int at[3]) {
  at[0] = at[1] = at[2] = 0;
  for (int d = 0; d < D + A; ++d)
    at[d] = int(lane(coord, d));
}

// The built-ins: reads with a sampler or without (unnormalized, nearest,
// no addressing), writes, and the queries.
#define OCL_IMAGE_BUILTINS(I, D, A)                                            \
  template <class C>                                                           \
  XFENCE_OCL_D vec<float, 4> read_imagef(const I &img, sampler_t s,          \
                                       const C &c) {                           \
    return image_read<float, D, A>(img, s, c);                                 \
  }                                                                            \
  template <class C>                                                           \
  XFENCE_OCL_D vec<int, 4> read_imagei(const I &img, sampler_t s, const C &c) { \
    return image_read<int, D, A>(img, s, c);                                   \
  }                                                                            \
  template <class C>                                                           \
  XFENCE_OCL_D vec<unsigned, 4> read_imageui(const I &img, sampler_t s,      \
                                           const C &c) {                       \
    return image_read<unsigned, D, A>(img, s, c);                              \
  }                                                                            \
  template <class C>                                                           \
  XFENCE_OCL_D vec<float, 4> read_imagef(const I &img, const C &c) {         \
    return image_read<float, D, A>(img, 0u, c);                                \
  }                                                                            \
  template <class C>                                                           \
  XFENCE_OCL_D vec<int, 4> read_imagei(const I &img, const C &c) {           \
    return image_read<int, D, A>(img, 0u, c);                                  \
  }                                                                            \
  template <class C>                                                           \
  XFENCE_OCL_D vec<unsigned, 4> read_imageui(const I &img, const C &c) {     \
    return image_read<unsigned, D, A>(img, 0u, c);                             \
  }                                                                            \
  template <class C>                                                           \
  XFENCE_OCL_D void write_imagef(const I &img, const C &c,                   \
                               const vec<float, 4> &v) {                       \
    int at[3];                                                                 \
    image_index<D, A>(c, at);                                                  \
    image_write<float>(img, at[0], at[1], at[2], v);                           \
  }                                                                            \
  template <class C>                                                           \
  XFENCE_OCL_D void write_imagei(const I &img, const C &c,                   \
                               const vec<int, 4> &v) {                         \
    int at[3];                                                                 \
    image_index<D, A>(c, at);                                                  \
    image_write<int>(img, at[0], at[1], at[2], v);                             \
  }                                                                            \
  template <class C>                                                           \
  XFENCE_OCL_D void write_imageui(const I &img, const C &c,                  \
                                const vec<unsigned, 4> &v) {                   \
    int at[3];                                                                 \
    image_index<D, A>(c, at);                                                  \
    image_write<unsigned>(img, at[0], at[1], at[2], v);                        \
  }
OCL_IMAGE_BUILTINS(image1d_t, 1, false)
OCL_IMAGE_BUILTINS(image1d_buffer_t, 1, false)
OCL_IMAGE_BUILTINS(image1d_array_t, 1, true)
OCL_IMAGE_BUILTINS(image2d_t, 2, false)
OCL_IMAGE_BUILTINS(image2d_array_t, 2, true)
OCL_IMAGE_BUILTINS(image3d_t, 3, false)
#undef OCL_IMAGE_BUILTINS
// Depth images hold one channel (order CLK_DEPTH) and read a float.
#define OCL_DEPTH_BUILTINS(I, A)                                               \
  template <class C>                                                           \
  XFENCE_OCL_D float read_imagef(const I &img, sampler_t s, const C &c) {     \
    return image_read<float, 2, A>(img, s, c)[0];                              \
  }                                                                            \
  template <class C> XFENCE_OCL_D float read_imagef(const I &img, const C &c) { \
    return image_read<float, 2, A>(img, 0u, c)[0];                             \
  }                                                                            \
  template <class C>                                                           \
  XFENCE_OCL_D void write_imagef(const I &img, const C &c, float v) {         \
    int at[3];                                                                 \
    image_index<2, A>(c, at);                                                  \
    image_write<float>(img, at[0], at[1], at[2],                               \
                       vec<float, 4>(v, 0.0f, 0.0f, 1.0f));                    \
  }
OCL_DEPTH_BUILTINS(image2d_depth_t, false)
OCL_DEPTH_BUILTINS(image2d_array_depth_t, true)
#undef OCL_DEPTH_BUILTINS

XFENCE_OCL_D inline int get_image_width(const image &img) { return img.width; }
XFENCE_OCL_D inline int get_image_height(const image &img) {
  return img.height;
}
XFENCE_OCL_D inline int get_image_depth(const image3d_t &img) {
  return img.depth;
}
XFENCE_OCL_D inline int get_image_channel_data_type(const image &img) {
  return img.channel_data_type;
}
XFENCE_OCL_D inline int get_image_channel_order(const image &img) {
  return img.channel_order;
}
XFENCE_OCL_D inline vec<int, 2> get_image_dim(const image2d_t &img) {
  return vec<int, 2>(img.width, img.height);
}
XFENCE_OCL_D inline vec<int, 2> get_image_dim(const image2d_array_t &img) {
  return vec<int, 2>(img.width, img.height);
}
XFENCE_OCL_D inline vec<int, 2> get_image_dim(const image2d_depth_t &img) {
  return vec<int, 2>(img.width, img.height);
}
XFENCE_OCL_D inline vec<int, 2>
get_image_dim(const image2d_array_depth_t &img) {
  return vec<int, 2>(img.width, img.height);
}
XFENCE_OCL_D inline vec<int, 4> get_image_dim(const image3d_t &img) {
  return vec<int, 4>(img.width, img.height, img.depth, 0);
}
XFENCE_OCL_D inline size_t get_image_array_size(const image1d_array_t &img) {
  return img.array_size;
}
XFENCE_OCL_D inline size_t get_image_array_size(const image2d_array_t &img) {
  return img.array_size;
}
XFENCE_OCL_D inline size_t
get_image_array_size(const image2d_array_depth_t &img) {
  return img.array_size;
}

// Host side: an image over device memory (a pitch of 0 is the tight one).
template <class I>
XFENCE_OCL_HD I make_image(void *data, int order, int type, int width,
                                 int height, int depth, int array_size,
                                 size_t row_pitch, size_t slice_pitch) {
  I img;
  img.data = data;
  img.width = width;
  img.height = height;
  img.depth = depth;
  img.array_size = array_size;
  img.row_pitch = row_pitch ? row_pitch : width * image_texel_bytes(order, type);
  img.slice_pitch = slice_pitch ? slice_pitch : img.row_pitch * height;
  img.channel_order = order;
  img.channel_data_type = type;
  return img;
}
XFENCE_OCL_HD inline image1d_t make_image1d(void *data, int order,
                                                  int type, int width) {
  return make_image<image1d_t>(data, order, type, width, 1, 1, 0, 0, 0);
}
XFENCE_OCL_HD inline image1d_buffer_t
make_image1d_buffer(void *data, int order, int type, int width) {
  return make_image<image1d_buffer_t>(data, order, type, width, 1, 1, 0, 0, 0);
}
XFENCE_OCL_HD inline image2d_t make_image2d(void *data, int order,
                                                  int type, int width,
                                                  int height,
                                                  size_t row_pitch = 0) {
  return make_image<image2d_t>(data, order, type, width, height, 1, 0,
                               row_pitch, 0);
}
XFENCE_OCL_HD inline image3d_t
make_image3d(void *data, int order, int type, int width, int height, int depth,
             size_t row_pitch = 0, size_t slice_pitch = 0) {
  return make_image<image3d_t>(data, order, type, width, height, depth, 0,
                               row_pitch, slice_pitch);
}
// The layers of a 1D array are its rows: `layer_pitch` bytes apart.
XFENCE_OCL_HD inline image1d_array_t
make_image1d_array(void *data, int order, int type, int width, int layers,
                   size_t layer_pitch = 0) {
  return make_image<image1d_array_t>(data, order, type, width, layers, 1,
                                     layers, layer_pitch, 0);
}
XFENCE_OCL_HD inline image2d_array_t
make_image2d_array(void *data, int order, int type, int width, int height,
                   int layers, size_t row_pitch = 0, size_t slice_pitch = 0) {
  return make_image<image2d_array_t>(data, order, type, width, height, layers,
                                     layers, row_pitch, slice_pitch);
}
// Depth images: channel order CLK_DEPTH, data type CLK_FLOAT or
// CLK_UNORM_INT16.
XFENCE_OCL_HD inline image2d_depth_t
make_image2d_depth(void *data, int type, int width, int height,
                   size_t row_pitch = 0) {
  return make_image<image2d_depth_t>(data, image_DEPTH, type, width, height,
                                     1, 0, row_pitch, 0);
}
XFENCE_OCL_HD inline image2d_array_depth_t
make_image2d_array_depth(void *data, int type, int width, int height,
                         int layers, size_t row_pitch = 0,
                         size_t slice_pitch = 0) {
  return make_image<image2d_array_depth_t>(data, image_DEPTH, type, width,
                                           height, layers, layers, row_pitch,
                                           slice_pitch);
}
} // namespace ocl
namespace ocl {
template <> struct is_scalar<__half> : std::true_type {};
typedef vec<float, 2> float2;
typedef vec<float, 4> float4;
typedef vec<int, 2> int2;
typedef vec<int, 4> int4;
typedef vec<uint, 4> uint4;
// The OpenCL built-in functions that the kernel calls.
__device__ inline int clamp(int a0, int a1, int a2) { return a0 < a1 ? a1 : a0 > a2 ? a2 : a0; }
__device__ inline ocl::int2 clamp(ocl::int2 a0, ocl::int2 a1, ocl::int2 a2) {
  ocl::int2 r;
  for (int i = 0; i < 2; ++i)
    r[i] = clamp(lane(a0, i), lane(a1, i), lane(a2, i));
  return r;
}
} // namespace ocl
// xfence: end of prelude
// Kernels that exercise OpenCL's image reads and writes: each reads an
// image at a list of coordinates with the sampler the host gives it (or
// writes a list of values), so that one kernel covers every sampler and
// every image format the host tries. bench/images/README.md says how they
// are run: the original on OpenCL implementations, the xfence translation
// as CUDA on the GPU, and the results compared.

// Float coordinates, float results (normalized, float and half formats).
__global__ void read2d_f(ocl::image2d_t img, ocl::sampler_t s,
                       const ocl::float2 *coords, ocl::float4 *out) {
  size_t i = (blockIdx.x * blockDim.x + threadIdx.x);
  out[i] = ocl::read_imagef(img, s, coords[i]);
}

// Integer coordinates (unnormalized, nearest), float results.
__global__ void read2d_fi(ocl::image2d_t img, ocl::sampler_t s,
                        const ocl::int2 *coords, ocl::float4 *out) {
  size_t i = (blockIdx.x * blockDim.x + threadIdx.x);
  out[i] = ocl::read_imagef(img, s, coords[i]);
}

// Integer formats: read_imageui and read_imagei, with a float coordinate
// (nearest filtering) and an integer one without a sampler.
__global__ void read2d_ui(ocl::image2d_t img, ocl::sampler_t s,
                        const ocl::float2 *coords,
                        const ocl::int2 *icoords, ocl::uint4 *out) {
  size_t i = (blockIdx.x * blockDim.x + threadIdx.x);
  out[2 * i] = ocl::read_imageui(img, s, coords[i]);
  ocl::int2 c = ocl::clamp(icoords[i], ocl::int2(0, 0),
                 ocl::int2(ocl::get_image_width(img) - 1, ocl::get_image_height(img) - 1));
  out[2 * i + 1] = ocl::read_imageui(img, c);
}
__global__ void read2d_i(ocl::image2d_t img, ocl::sampler_t s,
                       const ocl::float2 *coords, ocl::int4 *out) {
  size_t i = (blockIdx.x * blockDim.x + threadIdx.x);
  out[i] = ocl::read_imagei(img, s, coords[i]);
}

// A 3D image and a 2D image array, float coordinates.
__global__ void read3d_f(ocl::image3d_t img, ocl::sampler_t s,
                       const ocl::float4 *coords, ocl::float4 *out) {
  size_t i = (blockIdx.x * blockDim.x + threadIdx.x);
  out[i] = ocl::read_imagef(img, s, coords[i]);
}
__global__ void read2da_f(ocl::image2d_array_t img, ocl::sampler_t s,
                        const ocl::float4 *coords, ocl::float4 *out) {
  size_t i = (blockIdx.x * blockDim.x + threadIdx.x);
  out[i] = ocl::read_imagef(img, s, coords[i]);
}

// Writes: work-item i writes values[i] at texel i (row-major) and the
// queries of the image into info.
__global__ void write2d_f(ocl::image2d_t img,
                        const ocl::float4 *values, int *info) {
  int w = ocl::get_image_width(img);
  int i = (blockIdx.x * blockDim.x + threadIdx.x);
  ocl::write_imagef(img, ocl::int2(i % w, i / w), values[i]);
  if (i == 0) {
    ocl::int2 dim = ocl::get_image_dim(img);
    info[0] = dim[0];
    info[1] = dim[1];
    info[2] = ocl::get_image_channel_order(img);
    info[3] = ocl::get_image_channel_data_type(img);
  }
}
__global__ void write2d_i(ocl::image2d_t img,
                        const ocl::int4 *values) {
  int w = ocl::get_image_width(img);
  int i = (blockIdx.x * blockDim.x + threadIdx.x);
  ocl::write_imagei(img, ocl::int2(i % w, i / w), values[i]);
}

// xfence: host-side launch helpers, one per kernel.

// Launches the OpenCL kernel read2d_f on an NDRange of global_size work-items in work-groups of local_size (docs/opencl-to-cuda.md).
inline cudaError_t launch_read2d_f(dim3 global_size, dim3 local_size, ocl::image2d_t img, ocl::sampler_t s, const ocl::float2 *coords, ocl::float4 *out, cudaStream_t stream = 0) {
  if (local_size.x == 0 || local_size.y == 0 || local_size.z == 0 ||
      global_size.x % local_size.x || global_size.y % local_size.y ||
      global_size.z % local_size.z)
    return cudaErrorInvalidValue;
  const size_t xfence_shared_bytes = 0;
  read2d_f<<<dim3(global_size.x / local_size.x, global_size.y / local_size.y,
           global_size.z / local_size.z),
      local_size, xfence_shared_bytes, stream>>>(img, s, coords, out);
  return cudaGetLastError();
}

// Launches the OpenCL kernel read2d_fi on an NDRange of global_size work-items in work-groups of local_size (docs/opencl-to-cuda.md).
inline cudaError_t launch_read2d_fi(dim3 global_size, dim3 local_size, ocl::image2d_t img, ocl::sampler_t s, const ocl::int2 *coords, ocl::float4 *out, cudaStream_t stream = 0) {
  if (local_size.x == 0 || local_size.y == 0 || local_size.z == 0 ||
      global_size.x % local_size.x || global_size.y % local_size.y ||
      global_size.z % local_size.z)
    return cudaErrorInvalidValue;
  const size_t xfence_shared_bytes = 0;
  read2d_fi<<<dim3(global_size.x / local_size.x, global_size.y / local_size.y,
           global_size.z / local_size.z),
      local_size, xfence_shared_bytes, stream>>>(img, s, coords, out);
  return cudaGetLastError();
}

// Launches the OpenCL kernel read2d_ui on an NDRange of global_size work-items in work-groups of local_size (docs/opencl-to-cuda.md).
inline cudaError_t launch_read2d_ui(dim3 global_size, dim3 local_size, ocl::image2d_t img, ocl::sampler_t s, const ocl::float2 *coords, const ocl::int2 *icoords, ocl::uint4 *out, cudaStream_t stream = 0) {
  if (local_size.x == 0 || local_size.y == 0 || local_size.z == 0 ||
      global_size.x % local_size.x || global_size.y % local_size.y ||
      global_size.z % local_size.z)
    return cudaErrorInvalidValue;
  const size_t xfence_shared_bytes = 0;
  read2d_ui<<<dim3(global_size.x / local_size.x, global_size.y / local_size.y,
           global_size.z / local_size.z),
      local_size, xfence_shared_bytes, stream>>>(img, s, coords, icoords, out);
  return cudaGetLastError();
}

// Launches the OpenCL kernel read2d_i on an NDRange of global_size work-items in work-groups of local_size (docs/opencl-to-cuda.md).
inline cudaError_t launch_read2d_i(dim3 global_size, dim3 local_size, ocl::image2d_t img, ocl::sampler_t s, const ocl::float2 *coords, ocl::int4 *out, cudaStream_t stream = 0) {
  if (local_size.x == 0 || local_size.y == 0 || local_size.z == 0 ||
      global_size.x % local_size.x || global_size.y % local_size.y ||
      global_size.z % local_size.z)
    return cudaErrorInvalidValue;
  const size_t xfence_shared_bytes = 0;
  read2d_i<<<dim3(global_size.x / local_size.x, global_size.y / local_size.y,
           global_size.z / local_size.z),
      local_size, xfence_shared_bytes, stream>>>(img, s, coords, out);
  return cudaGetLastError();
}

// Launches the OpenCL kernel read3d_f on an NDRange of global_size work-items in work-groups of local_size (docs/opencl-to-cuda.md).
inline cudaError_t launch_read3d_f(dim3 global_size, dim3 local_size, ocl::image3d_t img, ocl::sampler_t s, const ocl::float4 *coords, ocl::float4 *out, cudaStream_t stream = 0) {
  if (local_size.x == 0 || local_size.y == 0 || local_size.z == 0 ||
      global_size.x % local_size.x || global_size.y % local_size.y ||
      global_size.z % local_size.z)
    return cudaErrorInvalidValue;
  const size_t xfence_shared_bytes = 0;
  read3d_f<<<dim3(global_size.x / local_size.x, global_size.y / local_size.y,
           global_size.z / local_size.z),
      local_size, xfence_shared_bytes, stream>>>(img, s, coords, out);
  return cudaGetLastError();
}

// Launches the OpenCL kernel read2da_f on an NDRange of global_size work-items in work-groups of local_size (docs/opencl-to-cuda.md).
inline cudaError_t launch_read2da_f(dim3 global_size, dim3 local_size, ocl::image2d_array_t img, ocl::sampler_t s, const ocl::float4 *coords, ocl::float4 *out, cudaStream_t stream = 0) {
  if (local_size.x == 0 || local_size.y == 0 || local_size.z == 0 ||
      global_size.x % local_size.x || global_size.y % local_size.y ||
      global_size.z % local_size.z)
    return cudaErrorInvalidValue;
  const size_t xfence_shared_bytes = 0;
  read2da_f<<<dim3(global_size.x / local_size.x, global_size.y / local_size.y,
           global_size.z / local_size.z),
      local_size, xfence_shared_bytes, stream>>>(img, s, coords, out);
  return cudaGetLastError();
}

// Launches the OpenCL kernel write2d_f on an NDRange of global_size work-items in work-groups of local_size (docs/opencl-to-cuda.md).
inline cudaError_t launch_write2d_f(dim3 global_size, dim3 local_size, ocl::image2d_t img, const ocl::float4 *values, int *info, cudaStream_t stream = 0) {
  if (local_size.x == 0 || local_size.y == 0 || local_size.z == 0 ||
      global_size.x % local_size.x || global_size.y % local_size.y ||
      global_size.z % local_size.z)
    return cudaErrorInvalidValue;
  const size_t xfence_shared_bytes = 0;
  write2d_f<<<dim3(global_size.x / local_size.x, global_size.y / local_size.y,
           global_size.z / local_size.z),
      local_size, xfence_shared_bytes, stream>>>(img, values, info);
  return cudaGetLastError();
}

// Launches the OpenCL kernel write2d_i on an NDRange of global_size work-items in work-groups of local_size (docs/opencl-to-cuda.md).
inline cudaError_t launch_write2d_i(dim3 global_size, dim3 local_size, ocl::image2d_t img, const ocl::int4 *values, cudaStream_t stream = 0) {
  if (local_size.x == 0 || local_size.y == 0 || local_size.z == 0 ||
      global_size.x % local_size.x || global_size.y % local_size.y ||
      global_size.z % local_size.z)
    return cudaErrorInvalidValue;
  const size_t xfence_shared_bytes = 0;
  write2d_i<<<dim3(global_size.x / local_size.x, global_size.y / local_size.y,
           global_size.z / local_size.z),
      local_size, xfence_shared_bytes, stream>>>(img, values);
  return cudaGetLastError();
}
