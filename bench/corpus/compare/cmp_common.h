//===- cmp_common.h - Shared host code of the differential harness --------===//
//
// Included by the OpenCL host (ocl_host.cpp) and the CUDA driver's main
// (cuda_main.cu) so that both read the same spec, make bit-identical inputs
// and write the same output layout (bench/corpus/compare/README.md).
//
// A spec file (written by make_drivers.py) holds one block per kernel:
//
//   kernel OCLNAME CUDANAME
//   geom GX GY GZ LX LY LZ
//   buf NAME TYPE LANES COUNT SEED     (a __global/__constant buffer; COUNT
//                                       elements of LANES (3 stored as 4))
//   local NAME BYTES                   (a __local pointer argument)
//   scalar NAME TYPE LANES VALUE       (by value; every lane VALUE)
//   end
//
// in the OpenCL argument order, and one "options ..." line (clBuildProgram
// options) at the top. TYPE is char uchar short ushort int uint long ulong
// float double. The output file is every buffer's bytes, in argument order,
// after the first run.
//
//===----------------------------------------------------------------------===//
#ifndef XCMP_COMMON_H
#define XCMP_COMMON_H

#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>
#include <unistd.h>

namespace xcmp {

enum class Kind { Buf, Local, Scalar };

struct Arg {
  Kind kind;
  std::string name, type;
  int lanes = 1;
  uint64_t count = 0; // buffer elements (vectors: of LANES each)
  uint64_t seed = 0;
  uint64_t bytes = 0; // __local size
  std::string value;  // scalar value text
};

struct KernelSpec {
  std::string oclName, cudaName;
  size_t global[3] = {1, 1, 1}, local[3] = {1, 1, 1};
  std::vector<Arg> args;
};

struct Spec {
  std::string options;
  std::vector<KernelSpec> kernels;
};

inline size_t typeSize(const std::string &t) {
  if (t == "char" || t == "uchar")
    return 1;
  if (t == "short" || t == "ushort")
    return 2;
  if (t == "int" || t == "uint" || t == "float")
    return 4;
  if (t == "long" || t == "ulong" || t == "double")
    return 8;
  std::fprintf(stderr, "xcmp: unknown element type %s\n", t.c_str());
  std::exit(2);
}
inline int storedLanes(int lanes) { return lanes == 3 ? 4 : lanes; }
inline size_t bufBytes(const Arg &a) {
  return a.count * storedLanes(a.lanes) * typeSize(a.type);
}
inline size_t scalarBytes(const Arg &a) {
  return storedLanes(a.lanes) * typeSize(a.type);
}

inline Spec readSpec(const char *path) {
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "xcmp: cannot read %s\n", path);
    std::exit(2);
  }
  Spec spec;
  std::string line;
  KernelSpec *cur = nullptr;
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    std::string word;
    if (!(ls >> word) || word[0] == '#')
      continue;
    if (word == "options") {
      std::getline(ls, spec.options);
      size_t p = spec.options.find_first_not_of(' ');
      spec.options = p == std::string::npos ? "" : spec.options.substr(p);
    } else if (word == "kernel") {
      spec.kernels.emplace_back();
      cur = &spec.kernels.back();
      ls >> cur->oclName >> cur->cudaName;
    } else if (word == "geom" && cur) {
      ls >> cur->global[0] >> cur->global[1] >> cur->global[2] >>
          cur->local[0] >> cur->local[1] >> cur->local[2];
    } else if (word == "buf" && cur) {
      Arg a;
      a.kind = Kind::Buf;
      ls >> a.name >> a.type >> a.lanes >> a.count >> a.seed;
      cur->args.push_back(a);
    } else if (word == "local" && cur) {
      Arg a;
      a.kind = Kind::Local;
      ls >> a.name >> a.bytes;
      cur->args.push_back(a);
    } else if (word == "scalar" && cur) {
      Arg a;
      a.kind = Kind::Scalar;
      ls >> a.name >> a.type >> a.lanes >> a.value;
      cur->args.push_back(a);
    } else if (word == "end") {
      cur = nullptr;
    }
  }
  return spec;
}

inline const KernelSpec &findKernel(const Spec &spec, const char *name) {
  for (const KernelSpec &k : spec.kernels)
    if (k.oclName == name || k.cudaName == name)
      return k;
  std::fprintf(stderr, "xcmp: no kernel %s in the spec\n", name);
  std::exit(2);
}

// splitmix64: the same sequence on every host.
struct Rng {
  uint64_t s;
  explicit Rng(uint64_t seed) : s(seed) {}
  uint64_t next() {
    uint64_t z = (s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
};

// Integers in [0, 64), floats in [0.5, 2): every stored lane (the fourth
// lane of a 3-lane vector too).
inline void fill(const Arg &a, void *dst) {
  Rng rng(a.seed);
  const uint64_t n = a.count * storedLanes(a.lanes);
  const std::string &t = a.type;
  for (uint64_t i = 0; i < n; ++i) {
    uint64_t x = rng.next();
    uint64_t small = (x >> 33) % 64;
    if (t == "float") {
      double u = double(x >> 40) * (1.0 / 16777216.0);
      static_cast<float *>(dst)[i] = float(0.5 + 1.5 * u);
    } else if (t == "double") {
      double u = double(x >> 11) * (1.0 / 9007199254740992.0);
      static_cast<double *>(dst)[i] = 0.5 + 1.5 * u;
    } else if (t == "char" || t == "uchar") {
      static_cast<uint8_t *>(dst)[i] = uint8_t(small);
    } else if (t == "short" || t == "ushort") {
      static_cast<uint16_t *>(dst)[i] = uint16_t(small);
    } else if (t == "int" || t == "uint") {
      static_cast<uint32_t *>(dst)[i] = uint32_t(small);
    } else {
      static_cast<uint64_t *>(dst)[i] = small;
    }
  }
}

// A scalar argument's bytes (every lane the value), in `dst` of at least
// scalarBytes(a) bytes.
inline void scalarValue(const Arg &a, void *dst) {
  const std::string &t = a.type;
  const int n = storedLanes(a.lanes);
  std::memset(dst, 0, scalarBytes(a));
  double d = std::strtod(a.value.c_str(), nullptr);
  long long v = std::strtoll(a.value.c_str(), nullptr, 0);
  for (int i = 0; i < n; ++i) {
    if (t == "float")
      static_cast<float *>(dst)[i] = float(d);
    else if (t == "double")
      static_cast<double *>(dst)[i] = d;
    else if (t == "char" || t == "uchar")
      static_cast<uint8_t *>(dst)[i] = uint8_t(v);
    else if (t == "short" || t == "ushort")
      static_cast<uint16_t *>(dst)[i] = uint16_t(v);
    else if (t == "int" || t == "uint")
      static_cast<uint32_t *>(dst)[i] = uint32_t(v);
    else
      static_cast<uint64_t *>(dst)[i] = uint64_t(v);
  }
}

inline void writeOutput(const char *path,
                        const std::vector<std::vector<unsigned char>> &bufs) {
  FILE *f = std::fopen(path, "wb");
  if (!f) {
    std::fprintf(stderr, "xcmp: cannot write %s\n", path);
    std::exit(2);
  }
  for (const auto &b : bufs)
    if (!b.empty() && std::fwrite(b.data(), 1, b.size(), f) != b.size()) {
      std::fprintf(stderr, "xcmp: short write to %s\n", path);
      std::exit(2);
    }
  std::fclose(f);
}

// Bytes that differ between two runs' outputs (non-determinism: races,
// atomics' order, reads of uninitialized memory).
inline uint64_t differingBytes(const std::vector<std::vector<unsigned char>> &a,
                               const std::vector<std::vector<unsigned char>> &b) {
  uint64_t n = 0;
  for (size_t i = 0; i < a.size(); ++i)
    for (size_t j = 0; j < a[i].size(); ++j)
      n += a[i][j] != b[i][j];
  return n;
}

// The kernel's run (not the build) gets `seconds`; then the process prints
// TIMEOUT and exits 124, as timeout(1) would.
inline void onAlarm(int) {
  const char msg[] = "TIMEOUT\n";
  ssize_t r = write(1, msg, sizeof msg - 1);
  (void)r;
  _exit(124);
}
inline void armTimeout(unsigned seconds) {
  std::signal(SIGALRM, onAlarm);
  alarm(seconds);
}

} // namespace xcmp

#endif
