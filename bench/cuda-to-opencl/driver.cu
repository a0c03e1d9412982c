// The GPU side of the CUDA-to-OpenCL end-to-end check: runs the original
// CUDA kernels of test/e2e-cuda/kernels on the GPU, with the inputs that
// the PoCL run exported (data/manifest.txt, data/<kernel>.arg<i>.in), and
// compares every output, bit for bit, with what the OpenCL C translation
// computed on PoCL (data/<kernel>.arg<i>.pocl). Prints `PASS <kernel>` or
// `FAIL <kernel>: why` per kernel; exit status 1 if any failed.
//
// With --ptx DIR, the kernels are instead DIR/<kernel>.ptx, what `xfence
// compile <kernel>.cu --to ptx` made of the same CUDA files (compile_ptx.sh),
// loaded with the driver API and launched with the launch ABI of
// docs/compile.md (a trailing size_t per dynamic shared array, the array in
// the dynamic shared memory). Each line also gives the median time of
// --reps launches (microseconds, CUDA events).
//
//   driver DATA_DIR [--ptx PTX_DIR] [--reps N]
#include <cuda.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <type_traits>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "../../test/e2e-cuda/kernels/histogram.cu"
#include "../../test/e2e-cuda/kernels/last_block_sum.cu"
#include "../../test/e2e-cuda/kernels/producer_consumer.cu"
#include "../../test/e2e-cuda/kernels/reduction.cu"
#include "../../test/e2e-cuda/kernels/tiled.cu"

namespace {

struct Arg {
  std::string kind; // in, out, int, local
  size_t bytes = 0;
  long value = 0;
  std::vector<char> host;
  void *device = nullptr;
};

bool readFile(const std::string &path, std::vector<char> &data) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return false;
  data.assign(std::istreambuf_iterator<char>(in),
              std::istreambuf_iterator<char>());
  return true;
}

bool check(cudaError_t e, const std::string &name, std::string &why) {
  if (e == cudaSuccess)
    return true;
  why = name + ": " + cudaGetErrorString(e);
  return false;
}

/// Launches `entry` with the manifest's arguments; false if unknown.
bool launch(const std::string &entry, unsigned grid, unsigned block,
            std::vector<Arg> &a, size_t shared) {
  auto ptr = [&](int i) { return a[i].device; };
  auto num = [&](int i) { return static_cast<int>(a[i].value); };
  if (entry == "block_sum")
    block_sum<<<grid, block>>>((const float *)ptr(0), (float *)ptr(1), num(2));
  else if (entry == "histogram")
    histogram<<<grid, block>>>((const unsigned *)ptr(0), (unsigned *)ptr(1),
                               num(2));
  else if (entry == "last_block_sum")
    last_block_sum<<<grid, block>>>((const float *)ptr(0), (float *)ptr(1),
                                    (unsigned *)ptr(2), (float *)ptr(3),
                                    num(4));
  else if (entry == "produce_consume")
    produce_consume<<<grid, block>>>((const int *)ptr(0), (int *)ptr(1),
                                     (unsigned *)ptr(2), (int *)ptr(3),
                                     num(4));
  else if (entry == "stencil")
    // The translation's extra __local argument is CUDA's dynamic shared
    // memory size (docs/cuda-to-opencl.md, launch ABI).
    stencil<<<grid, block, shared>>>((const float *)ptr(0), (float *)ptr(1),
                                     num(2));
  else
    return false;
  return true;
}

std::string ptxDir;
int reps = 1;

/// The driver API functions, taken from the runtime (no libcuda link: the
/// driver builds on machines without a GPU driver).
struct Driver {
  CUresult (*moduleLoadData)(CUmodule *, const void *) = nullptr;
  CUresult (*moduleUnload)(CUmodule) = nullptr;
  CUresult (*moduleGetFunction)(CUfunction *, CUmodule, const char *) =
      nullptr;
  CUresult (*launchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned,
                           unsigned, unsigned, unsigned, CUstream, void **,
                           void **) = nullptr;
  CUresult (*getErrorString)(CUresult, const char **) = nullptr;
} driver;

bool loadDriver(std::string &why) {
  if (driver.launchKernel)
    return true;
  auto get = [&](const char *symbol, auto &fn) {
    void *p = nullptr;
    cudaDriverEntryPointQueryResult status;
    if (cudaGetDriverEntryPointByVersion(symbol, &p, 12000, cudaEnableDefault,
                                         &status) != cudaSuccess ||
        status != cudaDriverEntryPointSuccess || !p) {
      why = std::string("cannot find the driver function ") + symbol;
      return false;
    }
    fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(p);
    return true;
  };
  return get("cuModuleLoadData", driver.moduleLoadData) &&
         get("cuModuleUnload", driver.moduleUnload) &&
         get("cuModuleGetFunction", driver.moduleGetFunction) &&
         get("cuGetErrorString", driver.getErrorString) &&
         get("cuLaunchKernel", driver.launchKernel);
}

bool checkDriver(CUresult r, const std::string &name, std::string &why) {
  if (r == CUDA_SUCCESS)
    return true;
  const char *text = nullptr;
  driver.getErrorString(r, &text);
  why = name + ": " + (text ? text : "unknown error");
  return false;
}

/// Launches `entry` of DIR/<name>.ptx: pointers and ints as the CUDA kernel
/// takes them, then a size_t per dynamic shared array (its bytes).
bool launchPTX(const std::string &name, const std::string &entry,
               unsigned grid, unsigned block, std::vector<Arg> &a,
               size_t shared, std::string &why) {
  static std::string loadedName;
  static CUmodule module = nullptr;
  if (!loadDriver(why))
    return false;
  if (loadedName != name) {
    std::vector<char> ptx;
    std::string path = ptxDir + "/" + name + ".ptx";
    if (!readFile(path, ptx)) {
      why = "cannot read " + path;
      return false;
    }
    ptx.push_back(0);
    if (module)
      driver.moduleUnload(module);
    module = nullptr;
    if (!checkDriver(driver.moduleLoadData(&module, ptx.data()), "cuModuleLoadData",
                     why))
      return false;
    loadedName = name;
  }
  CUfunction fn;
  if (!checkDriver(driver.moduleGetFunction(&fn, module, entry.c_str()),
                   "cuModuleGetFunction", why))
    return false;
  std::vector<CUdeviceptr> pointers(a.size());
  std::vector<int> ints(a.size());
  std::vector<void *> params;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].device) {
      pointers[i] = reinterpret_cast<CUdeviceptr>(a[i].device);
      params.push_back(&pointers[i]);
    } else {
      ints[i] = static_cast<int>(a[i].value);
      params.push_back(&ints[i]);
    }
  }
  size_t sharedSize = shared;
  if (shared)
    params.push_back(&sharedSize);
  size_t dynamic = (shared + 15) / 16 * 16;
  return checkDriver(driver.launchKernel(fn, grid, 1, 1, block, 1, 1,
                                    static_cast<unsigned>(dynamic), nullptr,
                                    params.data(), nullptr),
                     "cuLaunchKernel", why);
}

bool runOne(const std::string &dir, const std::string &line,
            std::string &name, std::string &why, float &micros) {
  std::istringstream fields(line);
  std::string entry;
  unsigned grid, block;
  fields >> name >> entry >> grid >> block;
  std::vector<Arg> args;
  size_t shared = 0;
  std::string field;
  while (fields >> field) {
    Arg arg;
    size_t colon = field.find(':');
    arg.kind = field.substr(0, colon);
    if (arg.kind == "int") {
      arg.value = std::atol(field.c_str() + colon + 1);
    } else if (arg.kind == "local") {
      shared += std::atol(field.c_str() + colon + 1);
    } else {
      std::string path = dir + "/" + name + ".arg" +
                         std::to_string(args.size()) + ".in";
      if (!readFile(path, arg.host)) {
        why = "cannot read " + path;
        return false;
      }
      arg.bytes = arg.host.size();
      if (!check(cudaMalloc(&arg.device, arg.bytes), "cudaMalloc", why) ||
          !check(cudaMemcpy(arg.device, arg.host.data(), arg.bytes,
                            cudaMemcpyHostToDevice),
                 "cudaMemcpy", why))
        return false;
    }
    if (arg.kind != "local")
      args.push_back(std::move(arg));
  }
  std::vector<float> times;
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  for (int r = 0; r < reps; ++r) {
    // Every launch starts from the inputs (the outputs accumulate).
    for (Arg &arg : args)
      if (arg.device &&
          !check(cudaMemcpy(arg.device, arg.host.data(), arg.bytes,
                            cudaMemcpyHostToDevice),
                 "cudaMemcpy", why))
        return false;
    cudaEventRecord(start);
    if (!ptxDir.empty()) {
      if (!launchPTX(name, entry, grid, block, args, shared, why))
        return false;
    } else if (!launch(entry, grid, block, args, shared)) {
      why = "unknown kernel entry '" + entry + "'";
      return false;
    }
    cudaEventRecord(stop);
    if (!check(cudaGetLastError(), "launch", why) ||
        !check(cudaDeviceSynchronize(), "kernel", why))
      return false;
    float ms = 0;
    cudaEventElapsedTime(&ms, start, stop);
    times.push_back(ms * 1000);
  }
  std::sort(times.begin(), times.end());
  micros = times[times.size() / 2];
  bool ok = true;
  for (size_t i = 0; i < args.size(); ++i) {
    Arg &arg = args[i];
    if (arg.kind != "out")
      continue;
    std::vector<char> result(arg.bytes), expected;
    if (!check(cudaMemcpy(result.data(), arg.device, arg.bytes,
                          cudaMemcpyDeviceToHost),
               "cudaMemcpy", why))
      return false;
    std::string path = dir + "/" + name + ".arg" + std::to_string(i) + ".pocl";
    if (!readFile(path, expected) || expected.size() != result.size()) {
      why = "cannot read " + path + " (or its size differs)";
      return false;
    }
    size_t differ = 0;
    for (size_t b = 0; b < result.size(); b += 4)
      differ += std::memcmp(&result[b], &expected[b], 4) != 0;
    if (differ) {
      why += (why.empty() ? "" : "; ") + std::string("argument ") +
             std::to_string(i) + " differs from PoCL at " +
             std::to_string(differ) + " places";
      ok = false;
    }
  }
  for (Arg &arg : args)
    if (arg.device)
      cudaFree(arg.device);
  return ok;
}

} // namespace

int main(int argc, char **argv) {
  std::string dir;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--ptx" && i + 1 < argc)
      ptxDir = argv[++i];
    else if (arg == "--reps" && i + 1 < argc)
      reps = std::max(1, std::atoi(argv[++i]));
    else if (dir.empty())
      dir = arg;
    else
      dir.clear(), i = argc;
  }
  if (dir.empty()) {
    std::fprintf(stderr, "usage: %s DATA_DIR [--ptx PTX_DIR] [--reps N]\n",
                 argv[0]);
    return 2;
  }
  std::ifstream manifest(dir + "/manifest.txt");
  if (!manifest) {
    std::printf("FAIL: cannot read %s/manifest.txt\n", dir.c_str());
    return 1;
  }
  bool failed = false;
  std::string line;
  while (std::getline(manifest, line)) {
    if (line.empty() || line[0] == '#')
      continue;
    std::string name, why;
    float micros = 0;
    if (runOne(dir, line, name, why, micros)) {
      std::printf("PASS %s (%s, median of %d: %.1f us)\n", name.c_str(),
                  ptxDir.empty() ? "nvcc" : "xfence compile --to ptx", reps,
                  micros);
    } else {
      std::printf("FAIL %s: %s\n", name.c_str(), why.c_str());
      failed = true;
    }
  }
  return failed ? 1 : 0;
}
