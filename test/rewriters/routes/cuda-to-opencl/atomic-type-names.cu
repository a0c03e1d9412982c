// A CUDA typedef named as an atomic type of OpenCL C 2.0 (atomic_uint,
// atomic_flag, ...) is the user's own type: it keeps its meaning under a
// name of its own (a trailing '_', with every use), as other names that
// OpenCL C reserves do. Kept as it was, OpenCL C 2.0 and 3.0 refused it
// (typedef redefinition with different types).
// RUN: xfence translate %s --to opencl -cl-std=CL2.0 --cuda-builtin-header -o %t20.cl
// RUN: xfence translate %s --to opencl -cl-std=CL3.0 --cuda-builtin-header -o %t30.cl
// RUN: xfence translate %s --to opencl --cuda-builtin-header -o %t12.cl
// RUN: FileCheck %s < %t20.cl
// RUN: clang -x cl -cl-std=CL2.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t20.cl
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t30.cl
// RUN: clang -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -fsyntax-only %t12.cl

// CHECK: typedef unsigned int atomic_uint_;
// CHECK: typedef int atomic_flag_;
typedef unsigned int atomic_uint;
typedef int atomic_flag;

// CHECK: __kernel void count(__global atomic_uint_ *counter, __global atomic_flag_ *flags) {
__global__ void count(atomic_uint *counter, atomic_flag *flags) {
  // CHECK: atomic_uint_ seen =
  atomic_uint seen = atomicAdd(counter, 1u);
  flags[threadIdx.x] = (atomic_flag)(seen & 1);
}
