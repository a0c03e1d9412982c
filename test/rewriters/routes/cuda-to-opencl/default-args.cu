// Default arguments (C has none): the parameter loses its value and each
// call that leaves the argument out passes it, before any argument the
// translation adds (a hoisted __device__ variable). `step` is renamed
// `step_`: OpenCL C has a built-in of that name.
// RUN: xfence translate %s --to opencl --cuda-builtin-header -o %t12.cl
// RUN: grep -v '^ *//' %t12.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -fsyntax-only %t12.cl
// RUN: xfence translate %s --to opencl --cuda-builtin-header -cl-std=CL3.0 -o %t30.cl
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t30.cl
#define FULL 0xf
__device__ int total;
__device__ void step(float *a, int n, int sync = FULL, float scale = 2.0f) {
  // CHECK: void step_(__global float *a, int n, int sync, float scale, __global int *total) {
  a[n] *= scale;
  if (sync & 1)
    __syncthreads();
  total += n;
}
__global__ void k(float *p) {
  step(p, 1);
  // CHECK: step_(p, 1, (FULL), (2.0f), total);
  step(p, 2, 3);
  // CHECK: step_(p, 2, 3, (2.0f), total);
  step(p, 3, 1, 0.5f);
  // CHECK: step_(p, 3, 1, 0.5f, total);
}
