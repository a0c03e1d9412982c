// clang's __hip_atomic_compare_exchange_* in CUDA source writes the value it
// read back through its expected pointer; the OpenCL C helper of the
// dialect's compare-exchange takes the expected value by value, so the output
// passed a pointer as an int (exit 0, rejected by clang). It is an error
// until it has a form that keeps the write-back.
// RUN: rm -f %t.cl
// RUN: not xfence translate %s --to opencl --cuda-builtin-header -cl-std=CL3.0 -o %t.cl 2>&1 | FileCheck %s
// RUN: not test -e %t.cl
__global__ void k(int *p, int *out) {
  int e = out[0];
  // CHECK: hip-compare-exchange.cu:[[@LINE+1]]:13: error: clang's __hip_atomic_compare_exchange has no OpenCL C translation yet
  bool ok = __hip_atomic_compare_exchange_strong(p, &e, 9, __ATOMIC_RELAXED, __ATOMIC_RELAXED, 4);
  out[1] = ok ? 1 : e;
}
