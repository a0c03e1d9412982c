// The OpenCL implementation's object-like macros that the file names (the
// default header's constants, the extension and version macros an #if
// tests, __OPENCL_VERSION__, the user's -D values) are defined again at the
// top of the output, each under #ifndef, so that CUDA sees what the
// translation saw and an #if takes the branch that was translated.
// RUN: xfence translate %s --to cuda -DBLOCK=16 -o %t.cu
// RUN: FileCheck %s < %t.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}
// RUN: xfence translate %s --to cuda -cl-std=CL3.0 -DBLOCK=16 -o %t30.cu
// RUN: FileCheck %s --check-prefix=CL30 < %t30.cu

// CHECK:      #ifndef BLOCK
// CHECK-NEXT: #define BLOCK 16
// CHECK-NEXT: #endif
// CHECK:      #define FLT_MAX 0x1.fffffep127f
// CHECK:      #define M_PI_F 3.14159265358979323846264338327950288f
// CHECK:      #ifndef __OPENCL_VERSION__
// CHECK-NEXT: #define __OPENCL_VERSION__ 120
// CHECK:      #define cl_khr_fp64 1
// CHECK:      // xfence: end of prelude
// CL30:       #define __OPENCL_VERSION__ 300

#if defined(cl_khr_fp64)
typedef double real;
#else
typedef float real;
#endif

#if __OPENCL_VERSION__ < 120
#error "an OpenCL 1.2 device is needed"
#endif

// Constants that expand to built-ins keep their names (CUDA has them).
// CHECK-LABEL: __global__ void k(
// CHECK: p[0] = (real)(M_PI_F * FLT_MAX) + BLOCK;
// CHECK: p[1] = isinf(p[2]) ? INFINITY : NAN;
__kernel void k(__global real *p) {
  p[0] = (real)(M_PI_F * FLT_MAX) + BLOCK;
  p[1] = isinf(p[2]) ? INFINITY : NAN;
}
