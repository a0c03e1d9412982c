// async_work_group_strided_copy reads its direction at run time from CUDA's
// __isShared (its two overloads differ only in address spaces, which CUDA
// pointers do not carry); HIP 5.2 has no such query: --to hip refuses it at
// the call instead of writing __isShared, which HIP does not declare (exit
// 0, an output that did not compile). The plain copy has no such need.
// RUN: rm -f %t.hip
// RUN: not xfence translate %s --to hip -o %t.hip 2>&1 | FileCheck %s
// RUN: not test -e %t.hip
// RUN: xfence translate %s --to hip -DPLAIN -o %t.plain.hip
// RUN: %if hip-headers %{ %hip-clang -std=c++17 -fsyntax-only %t.plain.hip %}
// RUN: xfence translate %s --to cuda -o %t.cu
// RUN: %if nvcc %{ %nvcc -std=c++17 -arch=sm_90 -c %t.cu -o %t.o %}
__kernel void k(__global const float *g, __global float *o) {
  __local float column[64];
#ifdef PLAIN
  event_t e = async_work_group_copy(column, g, 64, 0);
#else
  // CHECK: hip-strided-copy.cl:[[@LINE+1]]:15: error: the OpenCL built-in 'async_work_group_strided_copy' has no HIP translation (its definition needs CUDA's '__isShared', which HIP lacks)
  event_t e = async_work_group_strided_copy(column, g, 64, 4, 0);
#endif
  wait_group_events(1, &e);
  o[get_global_id(0)] = column[get_local_id(0)];
}
