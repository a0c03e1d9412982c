// `restrict` becomes CUDA's `__restrict__`, also in the user's macros;
// kernel attributes that only tune the original implementation are dropped
// with a warning at each; reqd_work_group_size becomes __launch_bounds__
// also when it shares an __attribute__ with them.
// RUN: xfence translate %s --to cuda -o %t.cu 2> %t.err
// RUN: FileCheck %s --check-prefix=WARN < %t.err
// RUN: grep -v CHECK %t.cu | FileCheck %s
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}

// CHECK: #define RESTRICT __restrict__
#define RESTRICT restrict

// WARN: restrict-attributes.cl:[[@LINE+6]]:25: warning: the kernel attribute 'num_simd_work_items' has no CUDA counterpart; dropped (it tunes the original implementation, it does not change what the kernel computes)
// WARN: restrict-attributes.cl:[[@LINE+6]]:48: warning: the kernel attribute 'num_compute_units' has no CUDA counterpart; dropped
// WARN-NOT: warning: the kernel attribute 'reqd_work_group_size'
// CHECK: __global__
// CHECK-NEXT: __launch_bounds__(64)
// CHECK-NEXT: void copy(float * __restrict__ out, const float * RESTRICT in) {
__kernel __attribute__((num_simd_work_items(4)))
__attribute__((reqd_work_group_size(64, 1, 1), num_compute_units(2)))
void copy(__global float * restrict out, __global const float * RESTRICT in) {
  // CHECK: float *__restrict__ p = out;
  __global float *restrict p = out;
  p[get_global_id(0)] = in[get_global_id(0)];
}
