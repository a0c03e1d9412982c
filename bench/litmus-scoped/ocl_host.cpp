// Runs the OpenCL C litmus kernels of bench/litmus-scoped (the role ABI of
// harness.h, and the last-block sum of a vector) on one OpenCL platform:
// every kernel of one .cl file, one table row each. Built with only a C++
// compiler: it declares the few OpenCL types and constants it uses itself
// and reaches the implementation through the ICD dispatch table that every
// installable OpenCL implementation puts first in each of its objects, so
// it needs neither OpenCL headers nor the ICD loader. The implementations
// are the libraries named in /etc/OpenCL/vendors/*.icd (or the directory in
// OCL_ICD_VENDORS), in LITMUS_OPENCL_LIBS (colon-separated) and, if none
// of those names it, libnvidia-opencl.so.1 and libpocl.so.2.
//
//   ocl_host --platforms
//       lists the platforms and devices found, with the OpenCL C versions
//       and features of each device;
//   ocl_host PLATFORM FILE.cl "BUILD OPTIONS" FORM INSTANCES OUTDIR [FILTER]
//       builds FILE.cl for the first device of the first platform whose
//       name contains PLATFORM, runs each kernel whose name contains FILTER
//       for about INSTANCES instances and prints its row (FORM names the
//       form in the table). A build failure is a row whose verdict is
//       "build failed"; its log goes to OUTDIR. On NVIDIA's platform the
//       program's binary (PTX) is written to OUTDIR too.
//
// Exit status: 0, 1 if a kernel that must count 0 did not, 2 on an error
// of the harness, 3 if the platform is not there.
#include <dirent.h>
#include <dlfcn.h>

#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "harness.h"

namespace {

// The OpenCL API types this program uses (OpenCL 3.0 specification,
// section 4 and appendix C).
using cl_int = int32_t;
using cl_uint = uint32_t;
using cl_ulong = uint64_t;
using Obj = void *; // cl_platform_id, cl_device_id, cl_context, ...

// Parameter names and other constants (the values of the OpenCL headers).
constexpr cl_uint kPlatformVersion = 0x0901, kPlatformName = 0x0902;
constexpr cl_uint kDeviceType = 0x1000, kDeviceComputeUnits = 0x1002,
                  kDeviceName = 0x102B, kDriverVersion = 0x102D,
                  kDeviceVersion = 0x102F, kDeviceOpenCLC = 0x103D,
                  kDeviceAtomicMemoryCaps = 0x1063,
                  kDeviceAtomicFenceCaps = 0x1064,
                  kDeviceOpenCLCFeatures = 0x106F;
constexpr cl_ulong kDeviceTypeCpu = 2, kDeviceTypeAll = 0xFFFFFFFF;
constexpr intptr_t kContextPlatform = 0x1084;
constexpr cl_uint kProgramBinarySizes = 0x1165, kProgramBinaries = 0x1166,
                  kProgramBuildLog = 0x1183;
constexpr cl_uint kKernelFunctionName = 0x1190, kKernelNumArgs = 0x1191,
                  kKernelWorkGroupSize = 0x11B0;
constexpr cl_ulong kMemReadWrite = 1;

// Positions in the ICD dispatch table (the order of struct _cl_icd_dispatch
// in the Khronos ICD interface: the OpenCL 1.0 functions in the order of
// the 1.0 specification, the later versions' after them).
enum Slot {
  GetPlatformInfo = 1,
  GetDeviceIDs = 2,
  GetDeviceInfo = 3,
  CreateContext = 4,
  ReleaseContext = 7,
  CreateCommandQueue = 9,
  ReleaseCommandQueue = 11,
  CreateBuffer = 14,
  ReleaseMemObject = 18,
  CreateProgramWithSource = 26,
  ReleaseProgram = 29,
  BuildProgram = 30,
  GetProgramInfo = 32,
  GetProgramBuildInfo = 33,
  CreateKernelsInProgram = 35,
  ReleaseKernel = 37,
  SetKernelArg = 38,
  GetKernelInfo = 39,
  GetKernelWorkGroupInfo = 40,
  Finish = 47,
  EnqueueReadBuffer = 48,
  EnqueueWriteBuffer = 49,
  EnqueueNDRangeKernel = 59,
  EnqueueFillBuffer = 102,
};

// The function at `slot` of the dispatch table of `object`.
template <typename F> F fn(Obj object, Slot slot) {
  void *const *table = *static_cast<void *const *const *>(object);
  return reinterpret_cast<F>(table[slot]);
}

[[noreturn]] void fail(const char *what, cl_int err) {
  std::printf("# ocl_host: %s failed with OpenCL error %d\n", what, err);
  std::exit(2);
}

#define CK(call, what)                                                         \
  do {                                                                         \
    cl_int e_ = (call);                                                        \
    if (e_ != 0)                                                               \
      fail(what, e_);                                                          \
  } while (0)

std::string platformInfo(Obj p, cl_uint what) {
  using F = cl_int (*)(Obj, cl_uint, size_t, void *, size_t *);
  size_t n = 0;
  if (fn<F>(p, GetPlatformInfo)(p, what, 0, nullptr, &n) != 0)
    return "?";
  std::string s(n, '\0');
  fn<F>(p, GetPlatformInfo)(p, what, n, &s[0], nullptr);
  return s.c_str();
}

std::vector<char> deviceInfoBytes(Obj d, cl_uint what) {
  using F = cl_int (*)(Obj, cl_uint, size_t, void *, size_t *);
  size_t n = 0;
  if (fn<F>(d, GetDeviceInfo)(d, what, 0, nullptr, &n) != 0)
    return {};
  std::vector<char> v(n);
  fn<F>(d, GetDeviceInfo)(d, what, n, v.data(), nullptr);
  return v;
}

std::string deviceString(Obj d, cl_uint what) {
  std::vector<char> v = deviceInfoBytes(d, what);
  v.push_back('\0');
  return v.data();
}

template <typename T> T deviceValue(Obj d, cl_uint what) {
  std::vector<char> v = deviceInfoBytes(d, what);
  T t{};
  if (v.size() >= sizeof(T))
    std::memcpy(&t, v.data(), sizeof(T));
  return t;
}

// The names of the OpenCL C 3.0 optional features the device supports
// (cl_name_version: a version, then a 64-byte name).
std::string features(Obj d) {
  std::vector<char> v = deviceInfoBytes(d, kDeviceOpenCLCFeatures);
  std::string out;
  for (size_t i = 0; i + 68 <= v.size(); i += 68)
    out += std::string(" ") + (v.data() + i + 4);
  return out.empty() ? " (none reported)" : out;
}

std::vector<std::string> vendorLibraries() {
  std::vector<std::string> libs;
  if (const char *env = std::getenv("LITMUS_OPENCL_LIBS")) {
    std::stringstream ss(env);
    std::string item;
    while (std::getline(ss, item, ':'))
      if (!item.empty())
        libs.push_back(item);
  }
  const char *dir = std::getenv("OCL_ICD_VENDORS");
  std::string vendors = dir ? dir : "/etc/OpenCL/vendors";
  if (DIR *d = opendir(vendors.c_str())) {
    while (dirent *e = readdir(d)) {
      std::string name = e->d_name;
      if (name.size() < 4 || name.compare(name.size() - 4, 4, ".icd"))
        continue;
      std::ifstream f(vendors + "/" + name);
      std::string lib;
      if (std::getline(f, lib) && !lib.empty())
        libs.push_back(lib);
    }
    closedir(d);
  }
  libs.push_back("libnvidia-opencl.so.1");
  libs.push_back("libpocl.so.2");
  return libs;
}

struct Platform {
  Obj id;
  std::string name, version;
};

std::vector<Platform> platforms() {
  using GetIds = cl_int (*)(cl_uint, Obj *, cl_uint *);
  using GetAddress = void *(*)(const char *);
  std::vector<Platform> out;
  std::set<void *> seen;
  for (const std::string &lib : vendorLibraries()) {
    void *h = dlopen(lib.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!h || !seen.insert(h).second)
      continue;
    GetIds get = nullptr;
    if (auto address = reinterpret_cast<GetAddress>(
            dlsym(h, "clGetExtensionFunctionAddress")))
      get = reinterpret_cast<GetIds>(address("clIcdGetPlatformIDsKHR"));
    if (!get)
      get = reinterpret_cast<GetIds>(dlsym(h, "clIcdGetPlatformIDsKHR"));
    cl_uint n = 0;
    if (!get || get(0, nullptr, &n) != 0 || n == 0)
      continue;
    std::vector<Obj> ids(n);
    get(n, ids.data(), nullptr);
    for (Obj id : ids)
      out.push_back({id, platformInfo(id, kPlatformName),
                     platformInfo(id, kPlatformVersion)});
  }
  return out;
}

std::vector<Obj> devices(Obj platform) {
  using F = cl_int (*)(Obj, cl_ulong, cl_uint, Obj *, cl_uint *);
  cl_uint n = 0;
  if (fn<F>(platform, GetDeviceIDs)(platform, kDeviceTypeAll, 0, nullptr, &n) !=
      0)
    return {};
  std::vector<Obj> ids(n);
  fn<F>(platform, GetDeviceIDs)(platform, kDeviceTypeAll, n, ids.data(),
                                nullptr);
  return ids;
}

void describe(Obj d) {
  std::printf("#   device %s: %s, driver %s, %s, %u compute units\n",
              deviceString(d, kDeviceName).c_str(),
              deviceString(d, kDeviceVersion).c_str(),
              deviceString(d, kDriverVersion).c_str(),
              deviceString(d, kDeviceOpenCLC).c_str(),
              deviceValue<cl_uint>(d, kDeviceComputeUnits));
  std::printf(
      "#   atomic memory capabilities 0x%llx, atomic fence "
      "capabilities 0x%llx\n",
      (unsigned long long)deviceValue<cl_ulong>(d, kDeviceAtomicMemoryCaps),
      (unsigned long long)deviceValue<cl_ulong>(d, kDeviceAtomicFenceCaps));
  std::printf("#   OpenCL C features:%s\n", features(d).c_str());
}

std::string readFile(const std::string &path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) {
    std::printf("# ocl_host: cannot read %s\n", path.c_str());
    std::exit(2);
  }
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

std::string baseName(const std::string &path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// A device, its context and queue, and the calls the tests make.
class Device {
public:
  Device(Obj platform, Obj device) : device(device) {
    using F = Obj (*)(const intptr_t *, cl_uint, const Obj *, void *, void *,
                      cl_int *);
    intptr_t props[] = {kContextPlatform, (intptr_t)platform, 0};
    cl_int err = 0;
    context =
        fn<F>(device, CreateContext)(props, 1, &device, nullptr, nullptr, &err);
    CK(err, "clCreateContext");
    using Q = Obj (*)(Obj, Obj, cl_ulong, cl_int *);
    queue = fn<Q>(context, CreateCommandQueue)(context, device, 0, &err);
    CK(err, "clCreateCommandQueue");
  }

  Obj buffer(size_t bytes) {
    using F = Obj (*)(Obj, cl_ulong, size_t, void *, cl_int *);
    cl_int err = 0;
    Obj b = fn<F>(context, CreateBuffer)(context, kMemReadWrite, bytes, nullptr,
                                         &err);
    CK(err, "clCreateBuffer");
    return b;
  }
  void release(Obj b) { fn<cl_int (*)(Obj)>(b, ReleaseMemObject)(b); }
  void write(Obj b, const void *p, size_t bytes) {
    using F = cl_int (*)(Obj, Obj, cl_uint, size_t, size_t, const void *,
                         cl_uint, const Obj *, Obj *);
    CK(fn<F>(queue, EnqueueWriteBuffer)(queue, b, 1, 0, bytes, p, 0, nullptr,
                                        nullptr),
       "clEnqueueWriteBuffer");
  }
  void read(Obj b, void *p, size_t bytes) {
    using F = cl_int (*)(Obj, Obj, cl_uint, size_t, size_t, void *, cl_uint,
                         const Obj *, Obj *);
    CK(fn<F>(queue, EnqueueReadBuffer)(queue, b, 1, 0, bytes, p, 0, nullptr,
                                       nullptr),
       "clEnqueueReadBuffer");
  }
  void fill(Obj b, unsigned word, size_t bytes) {
    using F = cl_int (*)(Obj, Obj, const void *, size_t, size_t, size_t,
                         cl_uint, const Obj *, Obj *);
    CK(fn<F>(queue, EnqueueFillBuffer)(queue, b, &word, sizeof word, 0, bytes,
                                       0, nullptr, nullptr),
       "clEnqueueFillBuffer");
  }
  void arg(Obj k, cl_uint i, size_t size, const void *value) {
    using F = cl_int (*)(Obj, cl_uint, size_t, const void *);
    CK(fn<F>(k, SetKernelArg)(k, i, size, value), "clSetKernelArg");
  }
  void launch(Obj k, size_t global, size_t local) {
    using F = cl_int (*)(Obj, Obj, cl_uint, const size_t *, const size_t *,
                         const size_t *, cl_uint, const Obj *, Obj *);
    CK(fn<F>(queue, EnqueueNDRangeKernel)(queue, k, 1, nullptr, &global, &local,
                                          0, nullptr, nullptr),
       "clEnqueueNDRangeKernel");
  }
  void finish() { CK(fn<cl_int (*)(Obj)>(queue, Finish)(queue), "clFinish"); }

  // Builds `source`; returns nullptr and fills `log` on failure.
  Obj build(const std::string &source, const std::string &options,
            std::string &log) {
    using Create =
        Obj (*)(Obj, cl_uint, const char **, const size_t *, cl_int *);
    using Build =
        cl_int (*)(Obj, cl_uint, const Obj *, const char *, void *, void *);
    using Info = cl_int (*)(Obj, Obj, cl_uint, size_t, void *, size_t *);
    const char *text = source.c_str();
    size_t length = source.size();
    cl_int err = 0;
    Obj program = fn<Create>(context, CreateProgramWithSource)(
        context, 1, &text, &length, &err);
    CK(err, "clCreateProgramWithSource");
    cl_int built = fn<Build>(program, BuildProgram)(
        program, 1, &device, options.c_str(), nullptr, nullptr);
    size_t n = 0;
    fn<Info>(program, GetProgramBuildInfo)(program, device, kProgramBuildLog, 0,
                                           nullptr, &n);
    log.assign(n, '\0');
    if (n)
      fn<Info>(program, GetProgramBuildInfo)(program, device, kProgramBuildLog,
                                             n, &log[0], nullptr);
    log = log.c_str();
    if (built != 0) {
      log += "\n(clBuildProgram returned " + std::to_string(built) + ")\n";
      fn<cl_int (*)(Obj)>(program, ReleaseProgram)(program);
      return nullptr;
    }
    return program;
  }

  std::string binary(Obj program) {
    using F = cl_int (*)(Obj, cl_uint, size_t, void *, size_t *);
    size_t size = 0;
    if (fn<F>(program, GetProgramInfo)(program, kProgramBinarySizes,
                                       sizeof size, &size, nullptr) != 0 ||
        size == 0)
      return "";
    std::string bin(size, '\0');
    char *p = &bin[0];
    if (fn<F>(program, GetProgramInfo)(program, kProgramBinaries, sizeof p, &p,
                                       nullptr) != 0)
      return "";
    // NVIDIA's binary is PTX text whose size counts the terminating NUL;
    // written as is, the NUL makes grep take the file for a binary one (and
    // print nothing of it on its standard output).
    while (!bin.empty() && bin.back() == '\0')
      bin.pop_back();
    return bin;
  }

  std::vector<Obj> kernels(Obj program) {
    using F = cl_int (*)(Obj, cl_uint, Obj *, cl_uint *);
    cl_uint n = 0;
    CK(fn<F>(program, CreateKernelsInProgram)(program, 0, nullptr, &n),
       "clCreateKernelsInProgram");
    std::vector<Obj> ks(n);
    CK(fn<F>(program, CreateKernelsInProgram)(program, n, ks.data(), nullptr),
       "clCreateKernelsInProgram");
    return ks;
  }

  std::string kernelName(Obj k) {
    using F = cl_int (*)(Obj, cl_uint, size_t, void *, size_t *);
    size_t n = 0;
    fn<F>(k, GetKernelInfo)(k, kKernelFunctionName, 0, nullptr, &n);
    std::string s(n, '\0');
    fn<F>(k, GetKernelInfo)(k, kKernelFunctionName, n, &s[0], nullptr);
    return s.c_str();
  }
  cl_uint kernelArgs(Obj k) {
    using F = cl_int (*)(Obj, cl_uint, size_t, void *, size_t *);
    cl_uint n = 0;
    fn<F>(k, GetKernelInfo)(k, kKernelNumArgs, sizeof n, &n, nullptr);
    return n;
  }
  size_t kernelGroupSize(Obj k) {
    using F = cl_int (*)(Obj, Obj, cl_uint, size_t, void *, size_t *);
    size_t n = 0;
    fn<F>(k, GetKernelWorkGroupInfo)(k, device, kKernelWorkGroupSize, sizeof n,
                                     &n, nullptr);
    return n;
  }

  Obj device, context = nullptr, queue = nullptr;
};

struct Run {
  std::string form;
  long want;
  bool cpu;
  int groups; // work-groups of a role launch
  std::mt19937 rng{12345};
};

litmus::Count runRole(Device &dev, Obj k, const litmus::ShapeInfo &shape,
                      int bs, Run &run) {
  litmus::Placement p(bs, run.groups, shape.threads);
  const int threads = p.threads;
  Obj role = dev.buffer(threads * sizeof(int));
  Obj mem = dev.buffer(litmus::kSpanWords * sizeof(unsigned));
  Obj off = dev.buffer(p.off.size() * sizeof(int));
  Obj res = dev.buffer(4 * p.ninst * sizeof(unsigned));
  Obj arrive = dev.buffer(sizeof(unsigned));
  Obj scratch = dev.buffer(litmus::kScratchWords * sizeof(unsigned));
  dev.fill(scratch, 0, litmus::kScratchWords * sizeof(unsigned));
  // On a CPU the work-items of a work-group run one after the other, so
  // they cannot all meet: a short bounded spin.
  cl_uint ntest = p.ninst * p.k;
  cl_int meet = run.cpu ? 64 : litmus::kSpinsOnGpu;
  cl_int scratchN = litmus::kScratchWords;
  dev.arg(k, 0, sizeof(Obj), &role);
  dev.arg(k, 1, sizeof(Obj), &mem);
  dev.arg(k, 2, sizeof(Obj), &off);
  dev.arg(k, 3, sizeof(Obj), &res);
  dev.arg(k, 4, sizeof(Obj), &arrive);
  dev.arg(k, 5, sizeof ntest, &ntest);
  dev.arg(k, 6, sizeof meet, &meet);
  dev.arg(k, 7, sizeof(Obj), &scratch);
  dev.arg(k, 8, sizeof scratchN, &scratchN);
  std::vector<unsigned> out(4 * p.ninst);
  litmus::Count c;
  long launches = litmus::launchesFor(run.want, p.ninst);
  for (long l = 0; l < launches; ++l) {
    p.shuffle(run.rng);
    dev.write(role, p.role.data(), threads * sizeof(int));
    dev.write(off, p.off.data(), p.off.size() * sizeof(int));
    dev.fill(mem, 0, litmus::kSpanWords * sizeof(unsigned));
    dev.fill(res, 0xffffffffu, out.size() * sizeof(unsigned));
    dev.fill(arrive, 0, sizeof(unsigned));
    dev.launch(k, (size_t)threads, bs);
    dev.read(res, out.data(), out.size() * sizeof(unsigned));
    litmus::check(shape.shape, out.data(), p.ninst, c);
  }
  for (Obj b : {role, mem, off, res, arrive, scratch})
    dev.release(b);
  return c;
}

litmus::Count runLbv(Device &dev, Obj k, int bs, Run &run) {
  // 8 work-groups per compute unit (bench/litmus), in groups of 16.
  litmus::LbvData lbv(bs, run.groups * 4, run.rng);
  litmus::Count c;
  if (lbv.groups == 0)
    return c;
  Obj in = dev.buffer(lbv.in.size() * sizeof(unsigned));
  Obj partial = dev.buffer(lbv.partialWords() * sizeof(unsigned));
  Obj count = dev.buffer(lbv.groups * sizeof(unsigned));
  Obj out = dev.buffer(lbv.out.size() * sizeof(unsigned));
  dev.write(in, lbv.in.data(), lbv.in.size() * sizeof(unsigned));
  cl_int bpg = litmus::LbvData::kBpg, rows = litmus::LbvData::kRows;
  dev.arg(k, 0, sizeof(Obj), &in);
  dev.arg(k, 1, sizeof(Obj), &partial);
  dev.arg(k, 2, sizeof(Obj), &count);
  dev.arg(k, 3, sizeof(Obj), &out);
  dev.arg(k, 4, sizeof bpg, &bpg);
  dev.arg(k, 5, sizeof rows, &rows);
  long launches = litmus::launchesFor(run.want, lbv.groups);
  if (run.cpu)
    launches = std::min(launches, 2000L);
  for (long l = 0; l < launches; ++l) {
    dev.fill(partial, 0xffffffffu, lbv.partialWords() * sizeof(unsigned));
    dev.fill(count, 0, lbv.groups * sizeof(unsigned));
    dev.fill(out, 0, lbv.out.size() * sizeof(unsigned));
    dev.launch(k, (size_t)lbv.groups * litmus::LbvData::kBpg * bs, bs);
    dev.read(out, lbv.out.data(), lbv.out.size() * sizeof(unsigned));
    lbv.check(c);
  }
  for (Obj b : {in, partial, count, out})
    dev.release(b);
  return c;
}

void printProblem(const std::string &test, const std::string &form,
                  const std::string &kernel, const std::string &what) {
  std::printf("%-5s %-34s %-24s %10s %10s %10s  %s\n", test.c_str(),
              form.c_str(), kernel.c_str(), "-", "-", "-", what.c_str());
  std::fflush(stdout);
}

} // namespace

int main(int argc, char **argv) {
  std::vector<Platform> found = platforms();
  if (argc == 2 && std::strcmp(argv[1], "--platforms") == 0) {
    if (found.empty())
      std::printf("# ocl_host: no OpenCL platform found\n");
    for (const Platform &p : found) {
      std::printf("# platform %s (%s)\n", p.name.c_str(), p.version.c_str());
      for (Obj d : devices(p.id))
        describe(d);
    }
    return 0;
  }
  if (argc < 7) {
    std::fprintf(stderr,
                 "usage: %s --platforms\n"
                 "       %s PLATFORM FILE.cl OPTIONS FORM INSTANCES OUTDIR "
                 "[FILTER]\n",
                 argv[0], argv[0]);
    return 2;
  }
  std::string want = argv[1], file = argv[2], options = argv[3];
  Run run;
  run.form = argv[4];
  run.want = std::atol(argv[5]);
  std::string outdir = argv[6];
  const char *filter = argc > 7 ? argv[7] : "";

  const Platform *platform = nullptr;
  for (const Platform &p : found)
    if (p.name.find(want) != std::string::npos) {
      platform = &p;
      break;
    }
  std::vector<Obj> devs = platform ? devices(platform->id) : std::vector<Obj>();
  if (devs.empty()) {
    printProblem("-", run.form, baseName(file),
                 "no OpenCL platform '" + want + "' with a device");
    return 3;
  }
  Device dev(platform->id, devs[0]);
  run.cpu = deviceValue<cl_ulong>(devs[0], kDeviceType) & kDeviceTypeCpu;
  run.groups = 2 * std::max<cl_uint>(
                       1, deviceValue<cl_uint>(devs[0], kDeviceComputeUnits));

  // OUTDIR/<form>.<file>.log and .ptx, with only [A-Za-z0-9._-] in the
  // name.
  std::string stem = run.form + "." + baseName(file);
  for (char &ch : stem)
    if (!std::isalnum((unsigned char)ch) && ch != '.' && ch != '-')
      ch = '_';
  std::string logPath = outdir + "/" + stem + ".log";
  std::string log;
  Obj program = dev.build(readFile(file), options, log);
  if (!program) {
    std::ofstream(logPath) << log;
    // The first line that names an error, else the first line.
    std::stringstream lines(log);
    std::string line, first;
    while (std::getline(lines, line))
      if (first.empty() || (line.find("error") != std::string::npos &&
                            first.find("error") == std::string::npos))
        first = line;
    printProblem("-", run.form, baseName(file),
                 "build failed: " + first.substr(0, 160));
    return 0;
  }
  if (platform->name.find("NVIDIA") != std::string::npos) {
    std::string bin = dev.binary(program);
    std::string binPath = logPath.substr(0, logPath.size() - 4) + ".ptx";
    std::ofstream(binPath, std::ios::binary) << bin;
  }

  bool ok = true;
  for (Obj k : dev.kernels(program)) {
    std::string name = dev.kernelName(k);
    if (name.find(filter) == std::string::npos)
      continue;
    const litmus::ShapeInfo *shape = litmus::shapeOf(name);
    cl_uint nargs = dev.kernelArgs(k);
    int bs = (int)std::min<size_t>(256, dev.kernelGroupSize(k));
    if (!shape || nargs != (shape->threads ? 9u : 6u) || bs < 64) {
      printProblem(shape ? shape->prefix : "?", run.form, name,
                   "not a litmus kernel of this harness (" +
                       std::to_string(nargs) + " arguments, groups of " +
                       std::to_string(bs) + ")");
      continue;
    }
    litmus::Count c = shape->threads ? runRole(dev, k, *shape, bs, run)
                                     : runLbv(dev, k, bs, run);
    ok &= litmus::printRow(shape->prefix, run.form, name, c);
    fn<cl_int (*)(Obj)>(k, ReleaseKernel)(k);
  }
  dev.finish();
  return ok ? 0 : 1;
}
