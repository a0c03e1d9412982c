//===- e2e_driver.cu - Runs one translated kernel set from a manifest -----===//
//
// Generic CUDA host driver of the end-to-end suite (bench/e2e/README.md).
// It reads a manifest written by export_data.py (buffers, launches, argument
// lists), fills the buffers from NAME.in.bin (or generates them, for a
// timing-only .bench.manifest), launches the kernels of the linked
// registration unit (registry.h) in order, compares the outputs with PoCL's
// (NAME.out.bin) or with a dump of another variant, and times the launch
// sequence: the median of N runs measured with CUDA events, every run
// starting from the initial buffer contents.
//
// Launch ABI: a manifest launch "G/L" becomes grid G/L, block L; `__local`
// pointer arguments are not passed as pointers: their sizes, each rounded up
// to 16 bytes, add up to the dynamic shared memory size of the launch, and
// each one's size in bytes is passed as a trailing size_t parameter, in
// order, after all other arguments (the kernel needs the sizes to find the
// k-th one at the sum of the rounded sizes before it); every other argument
// is passed in order (buffers as device pointers, scalars by value).
//
//   e2e_driver MANIFEST [--label NAME] [--reps N] [--dump FILE]
//              [--compare FILE]
//
// Exit status: 0 all outputs match, 1 a mismatch, 2 a usage, file, ABI or
// CUDA error.
//
//===----------------------------------------------------------------------===//

#include "registry.h"

#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace {

// "test [label]" once the manifest is read: errors then also count as a
// FAIL line of that test, so run_gpu.sh's summary shows them.
std::string gTag;

[[noreturn]] void fatal(const std::string &msg) {
  if (gTag.empty()) {
    std::fprintf(stderr, "e2e_driver: error: %s\n", msg.c_str());
  } else {
    std::fflush(stdout);
    std::printf("FAIL %s: error: %s\n", gTag.c_str(), msg.c_str());
    std::fflush(stdout);
  }
  std::exit(2);
}

void check(cudaError_t err, const char *what) {
  if (err != cudaSuccess)
    fatal(std::string(what) + ": " + cudaGetErrorString(err));
}

//===----------------------------------------------------------------------===//
// Element types
//===----------------------------------------------------------------------===//

struct TypeInfo {
  size_t size;
  bool isFloat;
  bool isSigned;
};

const TypeInfo &typeInfo(const std::string &type) {
  static const std::map<std::string, TypeInfo> types = {
      {"char", {1, false, true}},  {"uchar", {1, false, false}},
      {"short", {2, false, true}}, {"ushort", {2, false, false}},
      {"int", {4, false, true}},   {"uint", {4, false, false}},
      {"long", {8, false, true}},  {"ulong", {8, false, false}},
      {"float", {4, true, true}},  {"double", {8, true, true}},
  };
  auto it = types.find(type);
  if (it == types.end())
    fatal("unknown element type '" + type + "'");
  return it->second;
}

double loadAsDouble(const unsigned char *p, const std::string &type) {
  const TypeInfo &t = typeInfo(type);
  if (t.isFloat) {
    if (t.size == 4) {
      float f;
      std::memcpy(&f, p, 4);
      return f;
    }
    double d;
    std::memcpy(&d, p, 8);
    return d;
  }
  uint64_t u = 0;
  std::memcpy(&u, p, t.size);
  if (t.isSigned && t.size < 8 && (u >> (8 * t.size - 1)) & 1)
    u |= ~uint64_t(0) << (8 * t.size);
  return t.isSigned ? double(int64_t(u)) : double(u);
}

// Stores `value` as an element of `type` at `p` (little endian).
void storeFromDouble(unsigned char *p, const std::string &type, double value) {
  const TypeInfo &t = typeInfo(type);
  if (t.isFloat) {
    if (t.size == 4) {
      float f = float(value);
      std::memcpy(p, &f, 4);
    } else {
      std::memcpy(p, &value, 8);
    }
    return;
  }
  uint64_t u = t.isSigned ? uint64_t(int64_t(value)) : uint64_t(value);
  std::memcpy(p, &u, t.size);
}

//===----------------------------------------------------------------------===//
// Manifest
//===----------------------------------------------------------------------===//

struct BufferSpec {
  std::string name, type;
  size_t count = 0;
  bool output = false;
  std::string gen;
  double genA = 0, genB = 0, rtol = 0, atol = 0;
  size_t bytes() const { return count * typeInfo(type).size; }
};

struct ArgSpec {
  enum Kind { Buffer, Local, Scalar } kind;
  std::string name;  // Buffer
  std::string type;  // Scalar
  std::string value; // Scalar, as written
  size_t nbytes = 0; // Local
};

struct LaunchSpec {
  std::string kernel;
  unsigned global[3] = {1, 1, 1}, local[3] = {1, 1, 1};
  std::vector<ArgSpec> args;
};

struct Manifest {
  std::string test, source, std;
  bool hasData = false;
  std::vector<BufferSpec> buffers;
  std::vector<LaunchSpec> launches;

  int bufferIndex(const std::string &name) const {
    for (size_t i = 0; i < buffers.size(); ++i)
      if (buffers[i].name == name)
        return int(i);
    return -1;
  }
};

Manifest readManifest(const std::string &path) {
  std::ifstream in(path);
  if (!in)
    fatal("cannot read manifest " + path);
  Manifest m;
  std::string line;
  int lineNo = 0;
  bool ended = false;
  auto bad = [&](const std::string &why) {
    fatal(path + ":" + std::to_string(lineNo) + ": " + why + ": " + line);
  };
  while (std::getline(in, line)) {
    ++lineNo;
    std::istringstream ls(line);
    std::string key;
    if (!(ls >> key) || key[0] == '#')
      continue;
    if (key == "test") {
      ls >> m.test;
    } else if (key == "source") {
      ls >> m.source;
    } else if (key == "std") {
      ls >> m.std;
    } else if (key == "data") {
      int d = 0;
      ls >> d;
      m.hasData = d != 0;
    } else if (key == "buffer") {
      BufferSpec b;
      std::string role;
      if (!(ls >> b.name >> b.type >> b.count >> role >> b.gen >> b.genA >>
            b.genB >> b.rtol >> b.atol))
        bad("malformed buffer line");
      typeInfo(b.type);
      b.output = role == "out";
      m.buffers.push_back(b);
    } else if (key == "launch") {
      LaunchSpec l;
      if (!(ls >> l.kernel >> l.global[0] >> l.global[1] >> l.global[2] >>
            l.local[0] >> l.local[1] >> l.local[2]))
        bad("malformed launch line");
      for (int d = 0; d < 3; ++d)
        if (l.local[d] == 0 || l.global[d] % l.local[d] != 0)
          bad("global size is not a multiple of the local size");
      m.launches.push_back(l);
    } else if (key == "arg") {
      if (m.launches.empty())
        bad("arg before launch");
      ArgSpec a;
      std::string kind;
      ls >> kind;
      if (kind == "buffer") {
        a.kind = ArgSpec::Buffer;
        ls >> a.name;
        if (m.bufferIndex(a.name) < 0)
          bad("unknown buffer");
      } else if (kind == "local") {
        a.kind = ArgSpec::Local;
        ls >> a.nbytes;
      } else if (kind == "scalar") {
        a.kind = ArgSpec::Scalar;
        ls >> a.type >> a.value;
        typeInfo(a.type);
      } else {
        bad("unknown argument kind");
      }
      if (ls.fail())
        bad("malformed arg line");
      m.launches.back().args.push_back(a);
    } else if (key == "end") {
      ended = true;
    } else {
      bad("unknown key");
    }
  }
  if (!ended || m.test.empty() || m.launches.empty())
    fatal(path + ": incomplete manifest");
  return m;
}

std::vector<unsigned char> readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    fatal("cannot read " + path);
  return std::vector<unsigned char>(std::istreambuf_iterator<char>(in), {});
}

void writeFile(const std::string &path, const std::vector<unsigned char> &d) {
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char *>(d.data()), d.size());
  if (!out)
    fatal("cannot write " + path);
}

// Inputs of a timing-only manifest: a fixed pseudo-random sequence
// (splitmix64) per buffer, shaped like the spec's generator.
void generate(const BufferSpec &b, unsigned seed, unsigned char *dst) {
  uint64_t state = 0x9e3779b97f4a7c15ull * (seed + 1);
  auto next = [&state]() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  };
  size_t esize = typeInfo(b.type).size;
  for (size_t i = 0; i < b.count; ++i) {
    double v;
    if (b.gen == "uniform")
      v = b.genA + (b.genB - b.genA) * double(next() >> 11) * 0x1.0p-53;
    else if (b.gen == "randint")
      v = b.genA + double(next() % uint64_t(b.genB - b.genA));
    else if (b.gen == "fill")
      v = b.genA;
    else
      fatal("buffer " + b.name + ": cannot generate '" + b.gen + "' data");
    storeFromDouble(dst + i * esize, b.type, v);
  }
}

//===----------------------------------------------------------------------===//
// Comparison
//===----------------------------------------------------------------------===//

// Compares the output buffers (concatenated in manifest order) of `got` with
// `want`; prints the first few differences; returns the number of bad
// elements.
size_t compareOutputs(const Manifest &m, const std::vector<unsigned char> &got,
                      const std::vector<unsigned char> &want,
                      const std::string &against) {
  if (got.size() != want.size()) {
    std::printf("  outputs are %zu bytes, %s has %zu\n", got.size(),
                against.c_str(), want.size());
    return got.size() + 1;
  }
  size_t offset = 0, badTotal = 0;
  for (const BufferSpec &b : m.buffers) {
    if (!b.output)
      continue;
    const TypeInfo &t = typeInfo(b.type);
    size_t bad = 0;
    for (size_t i = 0; i < b.count; ++i) {
      const unsigned char *g = got.data() + offset + i * t.size;
      const unsigned char *w = want.data() + offset + i * t.size;
      bool ok;
      if (t.isFloat) {
        double gv = loadAsDouble(g, b.type), wv = loadAsDouble(w, b.type);
        ok = (std::isnan(gv) && std::isnan(wv)) ||
             std::fabs(gv - wv) <= b.atol + b.rtol * std::fabs(wv);
      } else {
        ok = std::memcmp(g, w, t.size) == 0;
      }
      if (!ok && bad++ < 3)
        std::printf("  %s[%zu] = %.9g, %s has %.9g\n", b.name.c_str(), i,
                    loadAsDouble(g, b.type), against.c_str(),
                    loadAsDouble(w, b.type));
    }
    if (bad)
      std::printf("  %s: %zu of %zu elements differ\n", b.name.c_str(), bad,
                  b.count);
    badTotal += bad;
    offset += b.bytes();
  }
  return badTotal;
}

//===----------------------------------------------------------------------===//
// Launching
//===----------------------------------------------------------------------===//

size_t alignUp16(size_t n) { return (n + 15) & ~size_t(15); }

struct PreparedLaunch {
  const LaunchSpec *spec;
  const void *fn;
  dim3 grid, block;
  size_t sharedBytes = 0;
  std::vector<void *> argPtrs;
};

// Checks the kernel's parameter list (cudaFuncGetParamInfo) against the
// manifest's non-local arguments: a translator that kept `__local` pointers
// as parameters, or changed a scalar's width, is reported, not run.
void checkAbi(const PreparedLaunch &p,
              const std::vector<size_t> &expectedSizes) {
#if CUDART_VERSION >= 13000
  std::vector<size_t> sizes;
  for (size_t i = 0;; ++i) {
    size_t off = 0, size = 0;
    cudaError_t err = cudaFuncGetParamInfo(p.fn, i, &off, &size);
    if (err != cudaSuccess) {
      cudaGetLastError();
      if (err != cudaErrorInvalidValue)
        return; // Cannot query this kernel: launch without the check.
      break;    // Past the last parameter.
    }
    sizes.push_back(size);
  }
#else
  // No cudaFuncGetParamInfo before CUDA 13 here: launch without the check.
  (void)p;
  std::vector<size_t> sizes = expectedSizes;
#endif
  if (sizes == expectedSizes)
    return;
  auto list = [](const std::vector<size_t> &v) {
    std::string s;
    for (size_t x : v)
      s += (s.empty() ? "" : ", ") + std::to_string(x);
    return "(" + s + ")";
  };
  fatal("kernel " + p.spec->kernel + " takes parameters of sizes " +
        list(sizes) + " but the manifest's arguments (non-__local ones, then "
        "one size_t per __local one) are " +
        list(expectedSizes) + " (see the launch ABI in bench/e2e/README.md)");
}

struct Options {
  std::string manifest, label = "kernel", dump, compare;
  int reps = 50;
};

Options parseOptions(int argc, char **argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc)
        fatal("missing value after " + a);
      return argv[++i];
    };
    if (a == "--label")
      o.label = value();
    else if (a == "--reps")
      o.reps = std::max(1, std::atoi(value().c_str()));
    else if (a == "--dump")
      o.dump = value();
    else if (a == "--compare")
      o.compare = value();
    else if (!a.empty() && a[0] == '-')
      fatal("unknown option " + a);
    else if (o.manifest.empty())
      o.manifest = a;
    else
      fatal("more than one manifest");
  }
  if (o.manifest.empty())
    fatal("usage: e2e_driver MANIFEST [--label NAME] [--reps N] "
          "[--dump FILE] [--compare FILE]");
  return o;
}

} // namespace

int main(int argc, char **argv) {
  Options opt = parseOptions(argc, argv);
  Manifest m = readManifest(opt.manifest);
  std::string dir = ".";
  size_t slash = opt.manifest.find_last_of('/');
  if (slash != std::string::npos)
    dir = opt.manifest.substr(0, slash);
  const std::string tag = m.test + " [" + opt.label + "]";
  gTag = tag;

  // Kernels of the registration unit, by name.
  int nk = 0;
  const XfE2eKernel *kernels = xfE2eKernels(&nk);
  std::map<std::string, const void *> byName;
  for (int i = 0; i < nk; ++i)
    byName[kernels[i].name] = kernels[i].fn;

  // Initial buffer contents.
  std::vector<std::vector<unsigned char>> init(m.buffers.size());
  size_t inBytes = 0;
  for (const BufferSpec &b : m.buffers)
    inBytes += b.bytes();
  if (m.hasData) {
    std::vector<unsigned char> all = readFile(dir + "/" + m.test + ".in.bin");
    if (all.size() != inBytes)
      fatal(m.test + ".in.bin has " + std::to_string(all.size()) +
            " bytes, the manifest's buffers " + std::to_string(inBytes));
    size_t off = 0;
    for (size_t i = 0; i < m.buffers.size(); ++i) {
      init[i].assign(all.begin() + off,
                     all.begin() + off + m.buffers[i].bytes());
      off += m.buffers[i].bytes();
    }
  } else {
    for (size_t i = 0; i < m.buffers.size(); ++i) {
      init[i].resize(m.buffers[i].bytes());
      generate(m.buffers[i], unsigned(i), init[i].data());
    }
  }

  // Device buffers, and a pristine copy of each to restart every run from.
  std::vector<void *> dev(m.buffers.size()), pristine(m.buffers.size());
  for (size_t i = 0; i < m.buffers.size(); ++i) {
    size_t n = std::max<size_t>(init[i].size(), 1);
    check(cudaMalloc(&dev[i], n), "cudaMalloc");
    check(cudaMalloc(&pristine[i], n), "cudaMalloc");
    check(cudaMemcpy(pristine[i], init[i].data(), init[i].size(),
                     cudaMemcpyHostToDevice),
          "cudaMemcpy to the device");
  }

  // Argument storage: one 8-byte slot per scalar; buffers point at dev[].
  size_t nScalars = 0;
  for (const LaunchSpec &l : m.launches)
    for (const ArgSpec &a : l.args)
      nScalars += a.kind != ArgSpec::Buffer;
  std::vector<uint64_t> scalarSlots(nScalars, 0);
  size_t nextSlot = 0;
  std::vector<PreparedLaunch> prepared;
  for (const LaunchSpec &l : m.launches) {
    PreparedLaunch p;
    p.spec = &l;
    auto it = byName.find(l.kernel);
    if (it == byName.end())
      fatal("no kernel named " + l.kernel + " in the linked .cu file");
    p.fn = it->second;
    p.grid = dim3(l.global[0] / l.local[0], l.global[1] / l.local[1],
                  l.global[2] / l.local[2]);
    p.block = dim3(l.local[0], l.local[1], l.local[2]);
    std::vector<size_t> expectedSizes;
    std::vector<size_t> localSizes;
    for (const ArgSpec &a : l.args) {
      switch (a.kind) {
      case ArgSpec::Buffer:
        p.argPtrs.push_back(&dev[m.bufferIndex(a.name)]);
        expectedSizes.push_back(sizeof(void *));
        break;
      case ArgSpec::Local:
        p.sharedBytes += alignUp16(a.nbytes);
        localSizes.push_back(a.nbytes);
        break;
      case ArgSpec::Scalar: {
        uint64_t *slot = &scalarSlots[nextSlot++];
        storeFromDouble(reinterpret_cast<unsigned char *>(slot), a.type,
                        std::strtod(a.value.c_str(), nullptr));
        p.argPtrs.push_back(slot);
        expectedSizes.push_back(typeInfo(a.type).size);
        break;
      }
      }
    }
    // The size of each __local argument, as a trailing size_t.
    for (size_t bytes : localSizes) {
      uint64_t *slot = &scalarSlots[nextSlot++];
      *slot = bytes;
      p.argPtrs.push_back(slot);
      expectedSizes.push_back(sizeof(size_t));
    }
    checkAbi(p, expectedSizes);
    if (p.sharedBytes > 48 * 1024)
      check(cudaFuncSetAttribute(p.fn,
                                 cudaFuncAttributeMaxDynamicSharedMemorySize,
                                 int(p.sharedBytes)),
            "cudaFuncSetAttribute");
    prepared.push_back(p);
  }

  cudaEvent_t start, stop;
  check(cudaEventCreate(&start), "cudaEventCreate");
  check(cudaEventCreate(&stop), "cudaEventCreate");
  auto runOnce = [&]() -> float {
    for (size_t i = 0; i < m.buffers.size(); ++i)
      check(cudaMemcpyAsync(dev[i], pristine[i], init[i].size(),
                            cudaMemcpyDeviceToDevice),
            "resetting a buffer");
    check(cudaEventRecord(start), "cudaEventRecord");
    for (PreparedLaunch &p : prepared)
      check(cudaLaunchKernel(p.fn, p.grid, p.block, p.argPtrs.data(),
                             p.sharedBytes, nullptr),
            ("launching " + p.spec->kernel).c_str());
    check(cudaEventRecord(stop), "cudaEventRecord");
    check(cudaEventSynchronize(stop), "running the kernels");
    check(cudaGetLastError(), "running the kernels");
    float ms = 0;
    check(cudaEventElapsedTime(&ms, start, stop), "cudaEventElapsedTime");
    return ms;
  };
  auto readOutputs = [&]() {
    std::vector<unsigned char> out;
    for (size_t i = 0; i < m.buffers.size(); ++i) {
      if (!m.buffers[i].output)
        continue;
      size_t off = out.size();
      out.resize(off + init[i].size());
      check(cudaMemcpy(out.data() + off, dev[i], init[i].size(),
                       cudaMemcpyDeviceToHost),
            "cudaMemcpy from the device");
    }
    return out;
  };

  // What the outputs must be: PoCL's, or another variant's dump.
  std::vector<unsigned char> want;
  std::string against;
  if (!opt.compare.empty()) {
    want = readFile(opt.compare);
    against = opt.compare;
  } else if (m.hasData) {
    want = readFile(dir + "/" + m.test + ".out.bin");
    against = "PoCL";
  }

  size_t nOut = 0;
  for (const BufferSpec &b : m.buffers)
    nOut += b.output ? b.count : 0;
  runOnce();
  std::vector<unsigned char> first = readOutputs();
  std::vector<float> times;
  for (int r = 0; r < opt.reps; ++r)
    times.push_back(runOnce());
  std::vector<unsigned char> last = readOutputs();
  if (!opt.dump.empty())
    writeFile(opt.dump, last);

  std::sort(times.begin(), times.end());
  double median =
      times.size() % 2
          ? times[times.size() / 2]
          : 0.5 * (times[times.size() / 2 - 1] + times[times.size() / 2]);
  int status = 0;
  if (against.empty()) {
    std::printf("RAN  %s: %zu output elements, not checked\n", tag.c_str(),
                nOut);
  } else {
    size_t bad = compareOutputs(m, first, want, against);
    bad += compareOutputs(m, last, want, against);
    if (bad) {
      std::printf("FAIL %s: outputs differ from %s\n", tag.c_str(),
                  against.c_str());
      status = 1;
    } else {
      std::printf("PASS %s: %zu output elements match %s (first run and "
                  "last timed run)\n",
                  tag.c_str(), nOut, against.c_str());
    }
  }
  // One machine-readable line for run_gpu.sh.
  std::printf("TIME %s %s %s median_us=%.3f min_us=%.3f max_us=%.3f "
              "reps=%d\n",
              m.test.c_str(), opt.label.c_str(), m.hasData ? "test" : "bench",
              median * 1e3, times.front() * 1e3, times.back() * 1e3, opt.reps);
  for (size_t i = 0; i < m.buffers.size(); ++i) {
    cudaFree(dev[i]);
    cudaFree(pristine[i]);
  }
  return status;
}
