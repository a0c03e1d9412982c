// OpenCL C forbids bool kernel arguments: CUDA's one-byte bool is passed as
// a uchar (the same byte from the host) and copied into a bool of the
// parameter's name at the start of the kernel; prototypes change with it.
// RUN: xfence translate --cuda-builtin-header %s --to opencl -o %t12.cl
// RUN: grep -v '^ *// [^x]' %t12.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -fsyntax-only %t12.cl
// RUN: xfence translate --cuda-builtin-header %s --to opencl --cl-std=CL3.0 -o %t30.cl
// RUN: grep -v '^ *// [^x]' %t30.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t30.cl

// CHECK: __kernel void sortStep(__global unsigned int *keys, const uchar, uchar);
__global__ void sortStep(unsigned int *keys, const bool, bool);

// CHECK: __kernel void sortStep(__global unsigned int *keys, const uchar xfence_ascending, uchar xfence_first) { __local unsigned int tile[64]; /* xfence: __shared__ at the kernel's scope */ const bool ascending = xfence_ascending; bool first = xfence_first; /* xfence: bool arguments are passed as uchar */
__global__ void sortStep(unsigned int *keys, const bool ascending, bool first) {
  if (first) {
    // CHECK: /* xfence: __shared__ 'tile' is declared at the kernel's scope */
    __shared__ unsigned int tile[64];
    tile[threadIdx.x] = keys[threadIdx.x];
    __syncthreads();
    keys[threadIdx.x] = tile[63 - threadIdx.x];
    first = false;
  }
  // CHECK: keys[0] = ascending ? keys[0] : ~keys[0];
  keys[0] = ascending ? keys[0] : ~keys[0];
}
