// Address-space qualifiers spelled inside the user's own macros are
// rewritten in the macro body, once for all its expansions; a user header's
// macros too (the header is inlined at its #include).
// RUN: xfence translate %s -I %S/Inputs --to cuda -o %t.cu
// RUN: grep -v CHECK %t.cu | FileCheck %s
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}
// RUN: not xfence translate %S/Inputs/macro-conflict.cl --to cuda -o %t.bad.cu 2>&1 | FileCheck %s --check-prefix=CONFLICT
// RUN: not test -e %t.bad.cu

// CHECK: #define HEADER_PARAMS int *dst
#include "macro-params.h"

// CHECK:      #define GLOBAL_PTR(T) T *
// CHECK:      #define KERNEL_PARAMS const float *in, float *out, int n
// CHECK:      #define TILE_DECL __shared__ float tile[64]
#define GLOBAL_PTR(T) __global T *
#define KERNEL_PARAMS __global const float *in, __global float *out, int n
#define TILE_DECL __local float tile[64]

// CHECK: __device__ float twice(GLOBAL_PTR(const float) p) { return 2.0f * *p; }
float twice(GLOBAL_PTR(const float) p) { return 2.0f * *p; }

// CHECK: __global__ void scale(KERNEL_PARAMS) {
__kernel void scale(KERNEL_PARAMS) {
  // CHECK-NEXT: TILE_DECL;
  TILE_DECL;
  int i = get_global_id(0);
  tile[get_local_id(0)] = i < n ? twice(in + i) : 0.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (i < n)
    out[i] = tile[get_local_id(0)];
}

// The header's parameter macro lost its qualifiers as well.
// CHECK: __global__ void header_params(HEADER_PARAMS) {
__kernel void header_params(HEADER_PARAMS) { dst[get_global_id(0)] = 1; }

// CONFLICT: macro-conflict.cl:4:19: error: cannot rewrite this text: its uses (expansions of one macro?) need different text here
