// Host driver of the message-passing litmus kernels of mp.mlir, lowered to
// PTX by xfence (generate.sh). Loads the PTX with the CUDA driver API, places
// producer and consumer of each instance in different blocks (or one block)
// at random thread slots with the remaining threads stressing memory, and
// counts the weak outcome: flag seen, data stale.
//
// usage: mp_host <file.ptx> <kernel> [iterations] [--same-block]
#include <cuda.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#define CHECK(call)                                                            \
  do {                                                                         \
    CUresult r = (call);                                                       \
    if (r != CUDA_SUCCESS) {                                                   \
      const char *msg = nullptr;                                               \
      cuGetErrorString(r, &msg);                                               \
      std::fprintf(stderr, "%s failed: %s (line %d)\n", #call,                 \
                   msg ? msg : "?", __LINE__);                                 \
      std::exit(2);                                                            \
    }                                                                          \
  } while (0)

static std::string readFile(const char *path) {
  FILE *f = std::fopen(path, "rb");
  if (!f) {
    std::fprintf(stderr, "cannot open %s\n", path);
    std::exit(2);
  }
  std::string text;
  char buf[4096];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0)
    text.append(buf, n);
  std::fclose(f);
  return text;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    std::fprintf(stderr,
                 "usage: %s <file.ptx> <kernel> [iterations] [--same-block]\n",
                 argv[0]);
    return 2;
  }
  const char *ptxPath = argv[1], *kernelName = argv[2];
  int iterations = argc > 3 ? std::atoi(argv[3]) : 100;
  bool sameBlock = argc > 4 && std::strcmp(argv[4], "--same-block") == 0;

  CHECK(cuInit(0));
  CUdevice dev;
  CHECK(cuDeviceGet(&dev, 0));
  char name[256];
  CHECK(cuDeviceGetName(name, sizeof name, dev));
  int sms = 0;
  CHECK(cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
                             dev));
  CUcontext ctx;
  CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CHECK(cuCtxSetCurrent(ctx));
  std::string ptx = readFile(ptxPath);
  CUmodule module;
  CHECK(cuModuleLoadData(&module, ptx.c_str()));
  CUfunction kernel;
  CHECK(cuModuleGetFunction(&kernel, module, kernelName));

  const int blockSize = 256, blocks = sms * 2, threads = blockSize * blocks;
  const int instances = threads / 4; // half the threads test, half stress
  const int span = 1 << 20, scratchN = 1 << 22;
  CUdeviceptr dRole, dX, dY, dXOff, dYOff, dWeak, dSeen, dScratch;
  CHECK(cuMemAlloc(&dRole, threads * 4));
  CHECK(cuMemAlloc(&dX, span * 4));
  CHECK(cuMemAlloc(&dY, span * 4));
  CHECK(cuMemAlloc(&dXOff, instances * 4));
  CHECK(cuMemAlloc(&dYOff, instances * 4));
  CHECK(cuMemAlloc(&dWeak, 4));
  CHECK(cuMemAlloc(&dSeen, 4));
  CHECK(cuMemAlloc(&dScratch, scratchN * 4));
  CHECK(cuMemsetD32(dScratch, 0, scratchN));

  std::mt19937 rng(12345);
  std::vector<int> role(threads), xoff(instances), yoff(instances),
      slots(span), order(threads);
  unsigned long long totalWeak = 0, totalSeen = 0;
  for (int it = 0; it < iterations; ++it) {
    std::fill(role.begin(), role.end(), -1);
    if (!sameBlock) {
      // Producer and consumer in different blocks, at random threads.
      for (int i = 0; i < threads; ++i)
        order[i] = i;
      std::shuffle(order.begin(), order.end(), rng);
      int k = 0;
      for (int inst = 0; inst < instances; ++inst) {
        int a = order[k++];
        int b = order[k++];
        while (a / blockSize == b / blockSize) {
          int j = k + rng() % (threads - k);
          std::swap(order[k - 1], order[j]);
          b = order[k - 1];
        }
        role[a] = inst * 2;
        role[b] = inst * 2 + 1;
      }
    } else {
      std::vector<std::vector<int>> perm(blocks);
      for (int b = 0; b < blocks; ++b) {
        for (int i = 0; i < blockSize; ++i)
          perm[b].push_back(b * blockSize + i);
        std::shuffle(perm[b].begin(), perm[b].end(), rng);
      }
      std::vector<int> next(blocks, 0);
      for (int inst = 0; inst < instances; ++inst) {
        int b = inst % blocks;
        role[perm[b][next[b]++]] = inst * 2;
        role[perm[b][next[b]++]] = inst * 2 + 1;
      }
    }
    for (int i = 0; i < span; ++i)
      slots[i] = i;
    std::shuffle(slots.begin(), slots.end(), rng);
    for (int i = 0; i < instances; ++i) {
      xoff[i] = slots[2 * i];
      yoff[i] = slots[2 * i + 1];
    }
    CHECK(cuMemcpyHtoD(dRole, role.data(), threads * 4));
    CHECK(cuMemcpyHtoD(dXOff, xoff.data(), instances * 4));
    CHECK(cuMemcpyHtoD(dYOff, yoff.data(), instances * 4));
    CHECK(cuMemsetD32(dX, 0, span));
    CHECK(cuMemsetD32(dY, 0, span));
    CHECK(cuMemsetD32(dWeak, 0, 1));
    CHECK(cuMemsetD32(dSeen, 0, 1));
    int n = scratchN;
    void *args[] = {&dRole, &dX,    &dY,       &dXOff, &dYOff,
                    &dWeak, &dSeen, &dScratch, &n};
    CHECK(cuLaunchKernel(kernel, blocks, 1, 1, blockSize, 1, 1, 0, nullptr,
                         args, nullptr));
    CHECK(cuCtxSynchronize());
    unsigned weak = 0, seen = 0;
    CHECK(cuMemcpyDtoH(&weak, dWeak, 4));
    CHECK(cuMemcpyDtoH(&seen, dSeen, 4));
    totalWeak += weak;
    totalSeen += seen;
  }
  std::printf("%s %-14s %-12s %-11s weak %8llu of %10llu flag-seen "
              "(%d instances x %d iterations)\n",
              name, kernelName, sameBlock ? "same-block" : "inter-block",
              ptxPath, totalWeak, totalSeen, instances, iterations);
  CHECK(cuModuleUnload(module));
  CHECK(cuDevicePrimaryCtxRelease(dev));
  return 0;
}
