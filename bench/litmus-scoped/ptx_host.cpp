// Runs role kernels (harness.h) from a PTX file through the CUDA driver API:
// the PTX that `xfence compile --to ptx` wrote for an OpenCL C or a CUDA
// source (generated/ptx). The driver's JIT compiles it (cuModuleLoadData),
// as in bench/litmus-ptx.
//
//   ptx_host FILE.ptx FORM INSTANCES KERNEL...
//
// Prints one row per kernel; exit status 1 if a kernel that must count 0
// did not, 2 on an error.
#include <cuda.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "harness.h"

#define CHECK(call)                                                            \
  do {                                                                         \
    CUresult r_ = (call);                                                      \
    if (r_ != CUDA_SUCCESS) {                                                  \
      const char *msg = nullptr;                                               \
      cuGetErrorString(r_, &msg);                                              \
      std::printf("# ptx_host: %s failed: %s (line %d)\n", #call,              \
                  msg ? msg : "?", __LINE__);                                  \
      std::exit(2);                                                            \
    }                                                                          \
  } while (0)

int main(int argc, char **argv) {
  if (argc < 5) {
    std::fprintf(stderr, "usage: %s FILE.ptx FORM INSTANCES KERNEL...\n",
                 argv[0]);
    return 2;
  }
  const char *path = argv[1];
  std::string form = argv[2];
  long want = std::atol(argv[3]);

  std::ifstream f(path, std::ios::binary);
  if (!f) {
    std::printf("# ptx_host: cannot read %s\n", path);
    return 2;
  }
  std::stringstream ss;
  ss << f.rdbuf();
  std::string ptx = ss.str();

  CHECK(cuInit(0));
  CUdevice dev;
  CHECK(cuDeviceGet(&dev, 0));
  int sms = 0;
  CHECK(cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
                             dev));
  CUcontext ctx;
  CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CHECK(cuCtxSetCurrent(ctx));
  CUmodule module;
  CHECK(cuModuleLoadData(&module, ptx.c_str()));

  const int bs = 256, blocks = sms * 2, threads = bs * blocks;
  CUdeviceptr dRole, dMem, dOff, dRes, dArrive, dScratch;
  CHECK(cuMemAlloc(&dRole, threads * sizeof(int)));
  CHECK(cuMemAlloc(&dMem, litmus::kSpanWords * sizeof(unsigned)));
  CHECK(cuMemAlloc(&dOff, threads * 2 * sizeof(int)));
  CHECK(cuMemAlloc(&dRes, threads * 2 * sizeof(unsigned)));
  CHECK(cuMemAlloc(&dArrive, sizeof(unsigned)));
  CHECK(cuMemAlloc(&dScratch, litmus::kScratchWords * sizeof(unsigned)));
  CHECK(cuMemsetD32(dScratch, 0, litmus::kScratchWords));

  std::mt19937 rng(12345);
  bool ok = true;
  for (int a = 4; a < argc; ++a) {
    std::string name = argv[a];
    const litmus::ShapeInfo *shape = litmus::shapeOf(name);
    if (!shape || !shape->threads) {
      std::printf("# ptx_host: %s is not a role kernel\n", name.c_str());
      return 2;
    }
    CUfunction kernel;
    CHECK(cuModuleGetFunction(&kernel, module, name.c_str()));
    litmus::Placement p(bs, blocks, shape->threads);
    std::vector<unsigned> res(4 * p.ninst);
    litmus::Count c;
    unsigned ntest = p.ninst * p.k;
    int meet = litmus::kSpinsOnGpu, scratchN = litmus::kScratchWords;
    void *args[] = {&dRole, &dMem, &dOff,     &dRes,    &dArrive,
                    &ntest, &meet, &dScratch, &scratchN};
    long launches = litmus::launchesFor(want, p.ninst);
    for (long l = 0; l < launches; ++l) {
      p.shuffle(rng);
      CHECK(cuMemcpyHtoD(dRole, p.role.data(), threads * sizeof(int)));
      CHECK(cuMemcpyHtoD(dOff, p.off.data(), p.off.size() * sizeof(int)));
      CHECK(cuMemsetD32(dMem, 0, litmus::kSpanWords));
      CHECK(cuMemsetD32(dRes, 0xffffffffu, res.size()));
      CHECK(cuMemsetD32(dArrive, 0, 1));
      CHECK(cuLaunchKernel(kernel, blocks, 1, 1, bs, 1, 1, 0, nullptr, args,
                           nullptr));
      CHECK(cuMemcpyDtoH(res.data(), dRes, res.size() * sizeof(unsigned)));
      litmus::check(shape->shape, res.data(), p.ninst, c);
    }
    ok &= litmus::printRow(shape->prefix, form, name, c);
  }
  CHECK(cuModuleUnload(module));
  CHECK(cuDevicePrimaryCtxRelease(dev));
  return ok ? 0 : 1;
}
