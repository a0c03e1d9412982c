// CUDA to OpenCL C: clock() and clock64() read the multiprocessor's cycle
// counter, one counter for the threads of a block; OpenCL C's counterpart
// is cl_khr_kernel_clock's work-group clock (OpenCL C 3.0, 6.15.24), one
// for the work-items of a work-group, behind a check that stops the build
// where the device lacks it. OpenCL C 1.2 has no clock: a located error.
// Refused before ("'clock' has no OpenCL C equivalent that xfence knows":
// the CUDA samples' clock, simpleHyperQ, hecbench clock).
// RUN: xfence translate %s --to opencl -cl-std=CL3.0 -o %t.cl
// RUN: grep -v '^ *// [^x]' %t.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t.cl
// RUN: not xfence translate %s --to opencl -o %t12.cl 2>&1 | FileCheck %s --check-prefix=CL12
// RUN: not test -e %t12.cl
#include <ctime>
// CHECK: #if !defined(cl_khr_kernel_clock) || !defined(__opencl_c_kernel_clock_scope_work_group)
// CHECK-NEXT: #error "xfence: CUDA's clock() and clock64() need cl_khr_kernel_clock's work-group clock, which this device lacks"
// CHECK: #define xfence_clock() ((long)clock_read_work_group())
__global__ void timed(const float *in, float *out, long long *cycles) {
  // CL12: clock.cu:[[#@LINE+2]]:21: error: 'clock64' reads the multiprocessor's cycle counter, whose OpenCL C form is cl_khr_kernel_clock's work-group clock, which OpenCL C 1.2 lacks (translate with -cl-std=CL3.0)
  // CHECK: long start = xfence_clock();
  long long start = clock64();
  // CHECK: long begin = xfence_clock();
  clock_t begin = clock();
  out[threadIdx.x] = in[threadIdx.x] * 2;
  __syncthreads();
  cycles[threadIdx.x] = clock64() - start + (clock() - begin);
}
