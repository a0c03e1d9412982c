// C++ functional casts become C casts: `fp(1.6)` with `#define fp float`
// (rodinia's myocyte) -> `((fp)(1.6))`. A C cast to a pointer type written
// in a user macro's body (parboil's lbm: `((unsigned int *)((void *)
// (&(v))))`) gets the address space of its operand in the body, which every
// expansion must agree on (expansions in host code, which is left out, do
// not count); PoCL rejects a cast that changes the space.
// RUN: xfence translate --cuda-builtin-header %s --to opencl -o %t12.cl
// RUN: grep -v '^ *// [^x]' %t12.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -fsyntax-only %t12.cl
// RUN: xfence translate --cuda-builtin-header %s --to opencl --cl-std=CL3.0 -o %t30.cl
// RUN: grep -v '^ *// [^x]' %t30.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t30.cl
// As PoCL builds 3.0 (no generic address space):
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -Xclang -cl-ext=-__opencl_c_device_enqueue,-__opencl_c_generic_address_space,-__opencl_c_pipes -fsyntax-only %t30.cl
// A macro whose uses need different address spaces is an error.
// RUN: not xfence translate --cuda-builtin-header %s -D MIXED --to opencl --cl-std=CL3.0 -o %t.mixed.cl 2>&1 | FileCheck %s --check-prefix=MIXED
// RUN: not test -e %t.mixed.cl
#include <cuda_runtime.h>

#define fp float
// CHECK: #define AS_UINT(v) ((__global unsigned int *)((__global void *)(&(v))))
#define AS_UINT(v) ((unsigned int *)((void *)(&(v))))
#define TEST(g, i, f) ((*AS_UINT((g)[i])) & (f))

// CHECK: fp scale(fp x) { return ((fp)(1.6)) * x + (fp)(2); }
__device__ fp scale(fp x) { return fp(1.6) * x + (fp)(2); }

__global__ void flags(float *grid, unsigned int *out) {
  unsigned int i = threadIdx.x;
  // CHECK: out[i] = TEST(grid, i, 4u) + (unsigned int)scale(grid[i]);
  out[i] = TEST(grid, i, 4u) + (unsigned int)scale(grid[i]);
  // CHECK-NEXT: out[i] += ((int)(grid[i])) + (unsigned int)(i);
  out[i] += int(grid[i]) + (unsigned int)(i);
#ifdef MIXED
  __shared__ float tile[64];
  // MIXED: macro-casts.cu:22:22: error: cannot rewrite this text: its uses (expansions of one macro?) need different text here
  out[i] += TEST(tile, i, 1u);
#endif
}

// CHECK: /* xfence: host function 'hostFlags' left out */
void hostFlags(float *grid) { unsigned int x = TEST(grid, 0, 1u); (void)x; }
