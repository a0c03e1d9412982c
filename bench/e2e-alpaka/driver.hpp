// The host driver of the e2e kernels translated to alpaka 3 (`xfence
// translate --to alpaka`), on alpaka's serial CPU executor.
//
// A registration unit (written by run.sh) includes the translated file, then
// this one, then lists its kernels:
//
//   #include "translated/reduce.cpp"
//   #include "driver.hpp"
//   XFENCE_E2E_KERNELS(XFENCE_E2E_KERNEL(reduce_sum))
//
// Usage: e2e_alpaka MANIFEST (bench/e2e/data/NAME.manifest, the format of
// bench/e2e/README.md). The buffers start from NAME.in.bin; every launch of
// the manifest runs in order through the kernel's launch_<kernel> helper;
// the output buffers are compared with PoCL's (NAME.out.bin): integers
// bit for bit, floats within the manifest's tolerances. Prints
// `PASS NAME [alpaka-cpu-serial]: ...` or `FAIL ...`; exit status 0 on PASS.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <sstream>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace xfence_e2e {

struct Buffer {
  std::string name, type;
  std::size_t count = 0;
  bool out = false;
  double rtol = 0, atol = 0;
  std::size_t elementBytes() const {
    if (type == "char" || type == "uchar")
      return 1;
    if (type == "short" || type == "ushort")
      return 2;
    if (type == "long" || type == "ulong")
      return 8;
    return 4;
  }
};

struct Arg {
  std::string kind, a, b; // buffer NAME | local BYTES | scalar TYPE VALUE
};

struct Launch {
  std::string kernel;
  std::size_t global[3], local[3];
  std::vector<Arg> args;
};

struct Manifest {
  std::string test;
  bool hasData = false;
  std::vector<Buffer> buffers;
  std::vector<Launch> launches;
};

[[noreturn]] inline void fatal(const std::string &what) {
  std::fprintf(stderr, "e2e_alpaka: error: %s\n", what.c_str());
  std::exit(2);
}

inline Manifest readManifest(const std::string &path) {
  std::ifstream in(path);
  if (!in)
    fatal("cannot read " + path);
  Manifest m;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#')
      continue;
    std::istringstream words(line);
    std::string key;
    words >> key;
    if (key == "test") {
      words >> m.test;
    } else if (key == "data") {
      int d = 0;
      words >> d;
      m.hasData = d != 0;
    } else if (key == "buffer") {
      Buffer b;
      std::string dir, gen, g1, g2;
      words >> b.name >> b.type >> b.count >> dir >> gen;
      // GEN takes one or two values (fill A, uniform A B, ...), then
      // the tolerances.
      std::vector<std::string> rest{std::istream_iterator<std::string>(words),
                                    std::istream_iterator<std::string>()};
      if (rest.size() < 2)
        fatal("bad buffer line: " + line);
      b.rtol = std::stod(rest[rest.size() - 2]);
      b.atol = std::stod(rest[rest.size() - 1]);
      b.out = dir == "out";
      m.buffers.push_back(b);
    } else if (key == "launch") {
      Launch l;
      words >> l.kernel >> l.global[0] >> l.global[1] >> l.global[2] >>
          l.local[0] >> l.local[1] >> l.local[2];
      m.launches.push_back(l);
    } else if (key == "arg") {
      if (m.launches.empty())
        fatal("an arg line before any launch line");
      Arg a;
      words >> a.kind >> a.a >> a.b;
      m.launches.back().args.push_back(a);
    }
  }
  return m;
}

inline std::vector<unsigned char> readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    fatal("cannot read " + path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// What a launch is given: the buffers by name, in host memory.
struct Context {
  const Manifest *m;
  std::map<std::string, unsigned char *> buffers;
};

using Runner = std::function<void(Context &, const Launch &)>;

/// The value of manifest argument `arg` for a launch helper's parameter of
/// type P.
template <class P> P argument(Context &c, const Arg &arg) {
  if constexpr (std::is_pointer_v<P>) {
    if (arg.kind != "buffer")
      fatal("a pointer parameter is given a " + arg.kind + " argument");
    auto it = c.buffers.find(arg.a);
    if (it == c.buffers.end())
      fatal("no buffer " + arg.a);
    return reinterpret_cast<P>(it->second);
  } else {
    if (arg.kind == "local")
      return static_cast<P>(std::stoull(arg.a));
    if (arg.kind != "scalar")
      fatal("a scalar parameter is given a " + arg.kind + " argument");
    if constexpr (std::is_floating_point_v<P>)
      return static_cast<P>(std::stod(arg.b));
    else
      return static_cast<P>(std::stoll(arg.b));
  }
}

template <class Queue, class Executor> struct Kernels {
  /// A launch helper `launch_k<Queue, Executor>` as a Runner.
  template <class... P>
  static Runner wrap(void (*launch)(Queue &, Executor, xfence_alpaka::Range,
                                    xfence_alpaka::Range, P...),
                     Queue &queue, Executor executor) {
    return [launch, &queue, executor](Context &c, const Launch &l) {
      if (l.args.size() != sizeof...(P))
        fatal(l.kernel + " takes " + std::to_string(sizeof...(P)) +
              " arguments, the manifest gives " +
              std::to_string(l.args.size()));
      unsigned dims = l.global[2] > 1 || l.local[2] > 1   ? 3
                      : l.global[1] > 1 || l.local[1] > 1 ? 2
                                                          : 1;
      auto range = [dims](const std::size_t *s) {
        return dims == 1   ? xfence_alpaka::Range(s[0])
               : dims == 2 ? xfence_alpaka::Range(s[0], s[1])
                           : xfence_alpaka::Range(s[0], s[1], s[2]);
      };
      std::size_t i = 0;
      std::tuple<P...> args{argument<P>(c, l.args[i++])...};
      std::apply(
          [&](auto... a) {
            launch(queue, executor, range(l.global), range(l.local), a...);
          },
          args);
    };
  }
};

inline int run(int argc, char **argv,
               const std::function<std::map<std::string, Runner>()> &make,
               const std::function<void()> &wait) {
  if (argc != 2)
    fatal("usage: e2e_alpaka MANIFEST");
  std::string path = argv[1];
  Manifest m = readManifest(path);
  std::string dir = ".";
  if (auto slash = path.find_last_of('/'); slash != std::string::npos)
    dir = path.substr(0, slash);
  if (!m.hasData)
    fatal(m.test + ": the manifest has no data files");
  std::vector<unsigned char> in = readFile(dir + "/" + m.test + ".in.bin");
  std::vector<unsigned char> want = readFile(dir + "/" + m.test + ".out.bin");
  std::vector<std::vector<unsigned char>> storage;
  Context c{&m, {}};
  std::size_t off = 0;
  for (const Buffer &b : m.buffers) {
    std::size_t bytes = b.count * b.elementBytes();
    if (off + bytes > in.size())
      fatal(m.test + ".in.bin is shorter than the manifest's buffers");
    storage.emplace_back(in.begin() + off, in.begin() + off + bytes);
    c.buffers[b.name] = storage.back().data();
    off += bytes;
  }
  std::map<std::string, Runner> kernels = make();
  std::string launches;
  for (const Launch &l : m.launches) {
    auto it = kernels.find(l.kernel);
    if (it == kernels.end())
      fatal("the translation has no launch_" + l.kernel);
    it->second(c, l);
    wait();
    launches += (launches.empty() ? "" : ", ") + l.kernel;
  }
  // Compare the outputs with PoCL's.
  std::size_t wantOff = 0, bad = 0, total = 0;
  std::string firstBad;
  for (const Buffer &b : m.buffers) {
    if (!b.out)
      continue;
    std::size_t bytes = b.count * b.elementBytes();
    if (wantOff + bytes > want.size())
      fatal(m.test + ".out.bin is shorter than the output buffers");
    const unsigned char *got = c.buffers[b.name];
    const unsigned char *exp = want.data() + wantOff;
    for (std::size_t i = 0; i < b.count; ++i) {
      ++total;
      bool ok;
      if (b.type == "float") {
        float g, w;
        std::memcpy(&g, got + 4 * i, 4);
        std::memcpy(&w, exp + 4 * i, 4);
        ok = (std::isnan(g) && std::isnan(w)) ||
             std::fabs(double(g) - w) <= b.atol + b.rtol * std::fabs(double(w));
      } else {
        std::size_t n = b.elementBytes();
        ok = std::memcmp(got + n * i, exp + n * i, n) == 0;
      }
      if (!ok && bad++ == 0)
        firstBad = b.name + "[" + std::to_string(i) + "]";
    }
    wantOff += bytes;
  }
  if (bad) {
    std::printf("FAIL %s [alpaka-cpu-serial]: %zu of %zu output elements "
                "differ from PoCL's (first: %s)\n",
                m.test.c_str(), bad, total, firstBad.c_str());
    return 1;
  }
  std::printf("PASS %s [alpaka-cpu-serial]: %zu output elements equal "
              "PoCL's (%s)\n",
              m.test.c_str(), total, launches.c_str());
  return 0;
}

} // namespace xfence_e2e

/// The registration unit's list of kernels: XFENCE_E2E_KERNELS(
/// XFENCE_E2E_KERNEL(a) XFENCE_E2E_KERNEL(b)) defines main().
#define XFENCE_E2E_KERNEL(name)                                                \
  kernels[#name] = K::wrap(&launch_##name<Queue, Executor>, queue, executor);
#define XFENCE_E2E_KERNELS(list)                                               \
  int main(int argc, char **argv) {                                            \
    auto device = alpaka::onHost::makeDeviceSelector(                          \
                      alpaka::onHost::DeviceSpec{alpaka::api::host,            \
                                                 alpaka::deviceKind::cpu})     \
                      .makeDevice(0);                                          \
    auto queue = device.makeQueue(alpaka::queueKind::blocking);                \
    auto executor = alpaka::exec::cpuSerial;                                   \
    using Queue = decltype(queue);                                             \
    using Executor = decltype(executor);                                       \
    using K = xfence_e2e::Kernels<Queue, Executor>;                            \
    return xfence_e2e::run(                                                    \
        argc, argv,                                                            \
        [&] {                                                                  \
          std::map<std::string, xfence_e2e::Runner> kernels;                   \
          list return kernels;                                                 \
        },                                                                     \
        [&] { alpaka::onHost::wait(queue); });                                 \
  }
