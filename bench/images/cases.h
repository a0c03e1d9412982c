// The cases of the image benchmark, shared by its OpenCL host and its CUDA
// host so that both run the same images, samplers and coordinates: every
// input is computed here, deterministically.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace cases {

enum Kind { Float, Uint, Int };

struct Format {
  const char *name;
  int order, type; // OpenCL's CL_*/CLK_* values (the same numbers).
  Kind kind;
};

// Channel orders and data types, as in cl.h.
enum {
  R = 0x10B0, A = 0x10B1, RG = 0x10B2, RA = 0x10B3, RGBA = 0x10B5,
  BGRA = 0x10B6, ARGB = 0x10B7, INTENSITY = 0x10B8, LUMINANCE = 0x10B9
};
enum {
  SNORM_INT8 = 0x10D0, SNORM_INT16, UNORM_INT8, UNORM_INT16,
  SIGNED_INT8 = 0x10D7, SIGNED_INT16, SIGNED_INT32, UNSIGNED_INT8,
  UNSIGNED_INT16, UNSIGNED_INT32, HALF_FLOAT, FLOAT
};

inline const std::vector<Format> &readFormats() {
  static const std::vector<Format> f = {
      {"rgba_unorm8", RGBA, UNORM_INT8, Float},
      {"rgba_unorm16", RGBA, UNORM_INT16, Float},
      {"rgba_float", RGBA, FLOAT, Float},
      {"rgba_half", RGBA, HALF_FLOAT, Float},
      {"bgra_unorm8", BGRA, UNORM_INT8, Float},
      {"argb_unorm8", ARGB, UNORM_INT8, Float},
      {"r_float", R, FLOAT, Float},
      {"rg_snorm16", RG, SNORM_INT16, Float},
      {"ra_snorm8", RA, SNORM_INT8, Float},
      {"a_unorm8", A, UNORM_INT8, Float},
      {"luminance_unorm16", LUMINANCE, UNORM_INT16, Float},
      {"intensity_float", INTENSITY, FLOAT, Float},
      {"rgba_uint8", RGBA, UNSIGNED_INT8, Uint},
      {"rg_uint32", RG, UNSIGNED_INT32, Uint},
      {"r_sint16", R, SIGNED_INT16, Int},
      {"rgba_sint8", RGBA, SIGNED_INT8, Int},
  };
  return f;
}

inline const std::vector<Format> &writeFormats() {
  static const std::vector<Format> f = {
      {"rgba_unorm8", RGBA, UNORM_INT8, Float},
      {"bgra_unorm8", BGRA, UNORM_INT8, Float},
      {"rgba_snorm8", RGBA, SNORM_INT8, Float},
      {"rgba_unorm16", RGBA, UNORM_INT16, Float},
      {"rgba_half", RGBA, HALF_FLOAT, Float},
      {"rgba_float", RGBA, FLOAT, Float},
      {"r_unorm8", R, UNORM_INT8, Float},
      {"rgba_sint8", RGBA, SIGNED_INT8, Int},
      {"rg_sint16", RG, SIGNED_INT16, Int},
  };
  return f;
}

inline int channels(int order) {
  return order == RG || order == RA ? 2 : order == RGBA || order == BGRA || order == ARGB ? 4 : 1;
}
inline int channelBytes(int type) {
  switch (type) {
  case SNORM_INT8: case UNORM_INT8: case SIGNED_INT8: case UNSIGNED_INT8:
    return 1;
  case SNORM_INT16: case UNORM_INT16: case SIGNED_INT16: case UNSIGNED_INT16:
  case HALF_FLOAT:
    return 2;
  default:
    return 4;
  }
}

// An exactly representable float to half bits (the values below are
// multiples of 1/8 within [-2, 2]).
inline uint16_t toHalf(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  uint16_t sign = (b >> 16) & 0x8000;
  if (f == 0.0f)
    return sign;
  int e = int((b >> 23) & 0xFF) - 127 + 15;
  return sign | uint16_t(e << 10) | uint16_t((b >> 13) & 0x3FF);
}

// The bytes of an image of `texels` texels of format f.
inline std::vector<unsigned char> contents(const Format &f, size_t texels) {
  size_t n = texels * channels(f.order);
  int cb = channelBytes(f.type);
  std::vector<unsigned char> bytes(n * cb);
  for (size_t c = 0; c < n; ++c) {
    unsigned char *p = bytes.data() + c * cb;
    float v = float(int((c * 13) % 29)) * 0.125f - 1.5f;
    if (f.type == FLOAT) {
      std::memcpy(p, &v, 4);
    } else if (f.type == HALF_FLOAT) {
      uint16_t h = toHalf(v);
      std::memcpy(p, &h, 2);
    } else if (cb == 1) {
      p[0] = (unsigned char)((c * 37 + 11) & 0xFF);
    } else if (cb == 2) {
      uint16_t h = uint16_t((c * 7919 + 13) & 0xFFFF);
      std::memcpy(p, &h, 2);
    } else {
      uint32_t u = uint32_t(c * 2654435761u);
      std::memcpy(p, &u, 4);
    }
  }
  return bytes;
}

struct Sampler {
  const char *name;
  bool normalized;
  int addressing; // CLK_ADDRESS_* bits: 0 none, 2 edge, 4 clamp, 6, 8.
  int filter;     // CLK_FILTER_*: 0x10 nearest, 0x20 linear.
  unsigned bits() const { return (normalized ? 1u : 0u) | addressing | filter; }
  // OpenCL host API values (CL_ADDRESS_*, CL_FILTER_*).
  unsigned clAddressing() const { return 0x1130 + addressing / 2; }
  unsigned clFilter() const { return filter == 0x20 ? 0x1141 : 0x1140; }
};

inline const std::vector<Sampler> &samplers() {
  static const std::vector<Sampler> s = {
      {"u.edge.nearest", false, 2, 0x10}, {"u.edge.linear", false, 2, 0x20},
      {"u.clamp.nearest", false, 4, 0x10}, {"u.clamp.linear", false, 4, 0x20},
      {"n.edge.nearest", true, 2, 0x10}, {"n.edge.linear", true, 2, 0x20},
      {"n.clamp.nearest", true, 4, 0x10}, {"n.clamp.linear", true, 4, 0x20},
      {"n.repeat.nearest", true, 6, 0x10}, {"n.repeat.linear", true, 6, 0x20},
      {"n.mirror.nearest", true, 8, 0x10}, {"n.mirror.linear", true, 8, 0x20},
  };
  return s;
}

constexpr int W = 7, H = 5;       // 2D images
constexpr int W3 = 4, H3 = 3, D3 = 5; // 3D image
constexpr int LAYERS = 3;         // 2D array: W x H x LAYERS
constexpr int N = 256;            // coordinates per case

// A value away from the texel boundaries (integers) and from the ties of
// the layer rounding (half-integers), so that implementations that compute
// s * size in different orders agree on the texel.
inline float away(float x) {
  float f = x - std::floor(x);
  if (f < 0.02f || f > 0.98f || std::fabs(f - 0.5f) < 0.02f)
    x += 0.0731f;
  return x;
}

// Coordinates in texel units over more than the image (to reach the border
// and to repeat more than once); `dims` of them per point.
inline std::vector<float> texelCoords(int dims, const int *size, int n) {
  std::vector<float> c;
  const float step[4] = {2.6183f, 1.7321f, 1.4142f, 0.0f};
  for (int k = 0; k < n; ++k)
    for (int d = 0; d < dims; ++d) {
      float span = 3.0f * size[d] + 4.0f;
      float x = -(size[d] + 2.0f) + std::fmod(k * step[d] + 0.37f * d, span);
      c.push_back(away(x));
    }
  return c;
}

inline std::vector<float> normalize(std::vector<float> c, int dims,
                                    const int *size) {
  for (size_t i = 0; i < c.size(); ++i)
    c[i] /= float(size[i % dims]);
  return c;
}

// `dims` coordinates per point as `width` lanes (float4 for 3D and arrays).
inline std::vector<float> lanes(const std::vector<float> &c, int dims,
                                int width) {
  std::vector<float> out;
  for (size_t i = 0; i < c.size(); i += dims)
    for (int d = 0; d < width; ++d)
      out.push_back(d < dims ? c[i + d] : 0.0f);
  return out;
}

// The values written by write2d_f: in range, out of range, ties of the
// rounding (0.5 / 255 steps) and a NaN.
inline std::vector<float> writeValues(int n) {
  std::vector<float> v;
  for (int i = 0; i < 4 * n; ++i) {
    float x = float((i * 7) % 23) * 0.11f - 0.9f;
    if (i % 17 == 3)
      x = 127.5f / 255.0f;
    if (i % 19 == 5)
      x = 1.75f;
    v.push_back(x);
  }
  v[9] = NAN;
  return v;
}
inline std::vector<int> writeInts(int n) {
  std::vector<int> v;
  for (int i = 0; i < 4 * n; ++i)
    v.push_back((i * 40503) % 100003 - 50000);
  return v;
}

} // namespace cases
