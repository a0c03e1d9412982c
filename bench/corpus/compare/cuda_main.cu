//===- cuda_main.cu - main() of every generated CUDA driver ---------------===//
//
//   DRIVER SPEC KERNEL OUT [SECONDS]
//
// Runs one kernel of the translated file linked in (its xcmp_table), twice,
// each time from freshly generated inputs (cmp_common.h), and writes the
// buffers after the first run to OUT. Prints "nondet N" when the second
// run's buffers differ from the first's in N bytes, then "OK".
// Exit status: 0 ran, 2 usage/spec, 3 the launch helper returned an error,
// 4 an error while the kernel ran (or copying back), 124 timed out.
//
//===----------------------------------------------------------------------===//
#include "cmp_common.h"
#include "xcmp_table.h"

#include <cuda_runtime.h>

static void fail(int code, const char *what, cudaError_t err) {
  std::printf("%s %s: %s\n", code == 3 ? "LAUNCH_ERROR" : "RUN_ERROR", what,
              cudaGetErrorString(err));
  std::fflush(stdout);
  std::_Exit(code);
}

int main(int argc, char **argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: %s SPEC KERNEL OUT [SECONDS]\n", argv[0]);
    return 2;
  }
  const xcmp::Spec spec = xcmp::readSpec(argv[1]);
  const xcmp::KernelSpec &k = xcmp::findKernel(spec, argv[2]);
  const XcmpEntry *entry = nullptr;
  for (int i = 0; i < xcmp_count; ++i)
    if (k.cudaName == xcmp_table[i].name)
      entry = &xcmp_table[i];
  if (!entry) {
    std::fprintf(stderr, "xcmp: no launch wrapper for %s\n", k.cudaName.c_str());
    return 2;
  }
  xcmp::armTimeout(argc > 4 ? unsigned(std::atoi(argv[4])) : 20);

  std::vector<std::vector<unsigned char>> outs[2];
  const dim3 global(k.global[0], k.global[1], k.global[2]);
  const dim3 local(k.local[0], k.local[1], k.local[2]);
  for (int run = 0; run < 2; ++run) {
    const size_t n = k.args.size();
    std::vector<void *> dev(n, nullptr);
    std::vector<size_t> localBytes(n, 0);
    std::vector<std::vector<unsigned char>> host(n);
    struct alignas(128) Slot { unsigned char b[128]; };
    std::vector<Slot> scalars(n);
    std::vector<void *> args(n, nullptr);
    for (size_t i = 0; i < n; ++i) {
      const xcmp::Arg &a = k.args[i];
      if (a.kind == xcmp::Kind::Buf) {
        host[i].resize(xcmp::bufBytes(a));
        xcmp::fill(a, host[i].data());
        cudaError_t err = cudaMalloc(&dev[i], host[i].size());
        if (err != cudaSuccess)
          fail(4, "cudaMalloc", err);
        err = cudaMemcpy(dev[i], host[i].data(), host[i].size(),
                         cudaMemcpyHostToDevice);
        if (err != cudaSuccess)
          fail(4, "cudaMemcpy to the device", err);
        args[i] = &dev[i];
      } else if (a.kind == xcmp::Kind::Local) {
        localBytes[i] = a.bytes;
        args[i] = &localBytes[i];
      } else {
        void *p = scalars[i].b;
        xcmp::scalarValue(a, p);
        args[i] = p;
      }
    }
    cudaError_t err = entry->fn(global, local, args.data());
    if (err != cudaSuccess)
      fail(3, k.cudaName.c_str(), err);
    err = cudaDeviceSynchronize();
    if (err != cudaSuccess)
      fail(4, k.cudaName.c_str(), err);
    for (size_t i = 0; i < n; ++i) {
      if (!dev[i])
        continue;
      err = cudaMemcpy(host[i].data(), dev[i], host[i].size(),
                       cudaMemcpyDeviceToHost);
      if (err != cudaSuccess)
        fail(4, "cudaMemcpy to the host", err);
      cudaFree(dev[i]);
    }
    outs[run] = std::move(host);
  }
  alarm(0);
  xcmp::writeOutput(argv[3], outs[0]);
  uint64_t d = xcmp::differingBytes(outs[0], outs[1]);
  if (d)
    std::printf("nondet %llu\n", (unsigned long long)d);
  std::printf("OK\n");
  return 0;
}
