// Images.hpp - OpenCL C's images and samplers in C++ (CUDA, HIP)
//
// OpenCL images in device memory, read and written in software, following
// OpenCL C 1.2 section 8 (addressing, filtering, conversion rules): see
// rewriters/sources/opencl/OpenCLImages.cpp for why a software sampler.
// Carried after Vectors.hpp by a translation whose kernel uses an image; the
// prelude has declared `half` (the target's 16-bit float, which converts to
// and from float) and the qualifier macros XFENCE_OCL_HD and XFENCE_OCL_D.
// __float2int_rn is the device intrinsic of CUDA and HIP, the targets that
// carry images. This comment block is not copied into translations.

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
