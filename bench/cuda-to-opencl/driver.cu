// The GPU side of the CUDA-to-OpenCL end-to-end check: runs the original
// CUDA kernels of test/e2e-cuda/kernels on the GPU, with the inputs that
// the PoCL run exported (data/manifest.txt, data/<kernel>.arg<i>.in), and
// compares every output, bit for bit, with what the OpenCL C translation
// computed on PoCL (data/<kernel>.arg<i>.pocl). Prints `PASS <kernel>` or
// `FAIL <kernel>: why` per kernel; exit status 1 if any failed.
//
//   driver DATA_DIR
#include <cuda_runtime.h>

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

bool runOne(const std::string &dir, const std::string &line,
            std::string &name, std::string &why) {
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
  if (!launch(entry, grid, block, args, shared)) {
    why = "unknown kernel entry '" + entry + "'";
    return false;
  }
  if (!check(cudaGetLastError(), "launch", why) ||
      !check(cudaDeviceSynchronize(), "kernel", why))
    return false;
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
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s DATA_DIR\n", argv[0]);
    return 2;
  }
  std::string dir = argv[1];
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
    if (runOne(dir, line, name, why)) {
      std::printf("PASS %s\n", name.c_str());
    } else {
      std::printf("FAIL %s: %s\n", name.c_str(), why.c_str());
      failed = true;
    }
  }
  return failed ? 1 : 0;
}
