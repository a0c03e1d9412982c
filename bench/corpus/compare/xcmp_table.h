//===- xcmp_table.h - The generated driver's table of launch wrappers -----===//
//
// A generated driver (make_drivers.py) includes this before the translated
// file and defines, after it, one wrapper per kernel that calls the
// translator's launch_<kernel> helper with arguments taken from `args`
// (indexed by the OpenCL argument order: a buffer's device pointer, a
// scalar's value, a __local argument's size_t byte count).
//
//===----------------------------------------------------------------------===//
#ifndef XCMP_TABLE_H
#define XCMP_TABLE_H
#include <cuda_runtime.h>

struct XcmpEntry {
  const char *name;
  cudaError_t (*fn)(dim3 global_size, dim3 local_size, void **args);
};
extern "C" const XcmpEntry xcmp_table[];
extern "C" const int xcmp_count;

#endif
