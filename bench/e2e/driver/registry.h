//===- registry.h - Kernels known to the e2e driver -------------*- C++ -*-===//
//
// The driver (e2e_driver.cu) is generic: it reads a manifest and launches
// kernels by name. The kernels themselves come from a second translation unit
// that run_gpu.sh generates per variant: it includes one translated (or
// hand-written) .cu file and defines xfE2eKernels() with the address of every
// kernel the manifest launches. Taking the address of a __global__ function
// by its name works whatever its C++ mangling is.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_BENCH_E2E_DRIVER_REGISTRY_H
#define XFENCE_BENCH_E2E_DRIVER_REGISTRY_H

struct XfE2eKernel {
  const char *name;
  const void *fn; // host stub of the __global__ function
};

// Defined by the generated registration file: the kernels and their count.
const XfE2eKernel *xfE2eKernels(int *count);

#endif // XFENCE_BENCH_E2E_DRIVER_REGISTRY_H
