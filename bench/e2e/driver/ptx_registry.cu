//===- ptx_registry.cu - the driver's kernels from a PTX file -------------===//
//
// The registration unit for kernels that `xfence compile --to ptx` built:
// XFE2E_PTX names the PTX file, XFE2E_KERNELS the kernels to look up
// (comma-separated). The PTX is loaded with cudaLibraryLoadData (the driver
// JIT-compiles it for the GPU) and each kernel's cudaKernel_t serves as the
// function handle of cudaLaunchKernel and cudaFuncGetParamInfo.
//
//===----------------------------------------------------------------------===//

#include "registry.h"

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

const XfE2eKernel *xfE2eKernels(int *count) {
  static std::vector<std::string> names;
  static std::vector<XfE2eKernel> kernels;
  const char *path = std::getenv("XFE2E_PTX");
  const char *list = std::getenv("XFE2E_KERNELS");
  if (!path || !list) {
    std::fprintf(stderr, "ptx_registry: set XFE2E_PTX and XFE2E_KERNELS\n");
    std::exit(2);
  }
  std::ifstream file(path);
  std::stringstream text;
  text << file.rdbuf();
  std::string ptx = text.str();
  if (ptx.empty()) {
    std::fprintf(stderr, "ptx_registry: cannot read %s\n", path);
    std::exit(2);
  }
  cudaLibrary_t library;
  cudaError_t err = cudaLibraryLoadData(&library, ptx.c_str(), nullptr,
                                        nullptr, 0, nullptr, nullptr, 0);
  if (err != cudaSuccess) {
    std::fprintf(stderr, "ptx_registry: loading %s: %s\n", path,
                 cudaGetErrorString(err));
    std::exit(1);
  }
  std::stringstream names_in(list);
  for (std::string name; std::getline(names_in, name, ',');)
    if (!name.empty())
      names.push_back(name);
  for (const std::string &name : names) {
    cudaKernel_t kernel;
    err = cudaLibraryGetKernel(&kernel, library, name.c_str());
    if (err != cudaSuccess) {
      std::fprintf(stderr, "ptx_registry: no kernel %s in %s: %s\n",
                   name.c_str(), path, cudaGetErrorString(err));
      std::exit(1);
    }
    kernels.push_back({name.c_str(), reinterpret_cast<const void *>(kernel)});
  }
  *count = int(kernels.size());
  return kernels.data();
}
