// CUDA's macros that the code names get the values of the CUDA parse, so
// that an `#if __CUDA_ARCH__ >= ...` selects in OpenCL C the branch that was
// translated (without it, the untranslated #else); __align__(n) is defined
// as CUDA defines it.
// RUN: xfence translate --cuda-builtin-header %s --to opencl -o %t12.cl
// RUN: grep -v '^ *// [^x]' %t12.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -fsyntax-only %t12.cl
// RUN: xfence translate --cuda-builtin-header %s --to opencl --cl-std=CL3.0 -o %t30.cl
// RUN: grep -v '^ *// [^x]' %t30.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t30.cl
// CHECK: // xfence: CUDA macros that the code names
// CHECK-NEXT: #define __CUDA_ARCH__ 900
// CHECK-NEXT: #define __align__(n) __attribute__((aligned(n)))
// CHECK: // xfence: end of prelude

typedef struct {
  unsigned short x, y;
// CHECK: } __align__(4) pair_t;
} __align__(4) pair_t;

#if __CUDA_ARCH__ >= 200
// CHECK: __kernel void count(__global unsigned int *n, __global pair_t *p) {
__global__ void count(unsigned int *n, pair_t *p) {
  atomicAdd(n, p[threadIdx.x].x);
}
#else
__global__ void count(unsigned int *n, pair_t *p) {
  n[threadIdx.x] = p[threadIdx.x].x;
}
#endif
