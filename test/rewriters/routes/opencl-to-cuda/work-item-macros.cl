// A work-item function whose name is a macro's argument and whose
// parentheses are the macro's body (`WI(get_group_id, 2)` for
// `#define WI(f, k) f(k)`): its text is split between the two, and the use
// is rewritten as a whole. It was left as written, with exit status 0 (no
// CUDA compiler declares get_group_id).
// RUN: xfence translate %s --to cuda -o %t.cu
// RUN: grep -v '^ *//' %t.cu | FileCheck %s
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}
// RUN: xfence translate %s --to hip -o %t.hip
// RUN: %if hip-headers %{ %hip-clang -fsyntax-only %t.hip %}

#define WI(f, k) f(k)
#define FIRST(f) f(0)

__kernel void k(__global int *g, uint d) {
  // CHECK: g[blockIdx.z] = 1;
  // CHECK-NEXT: g[threadIdx.x] = 2;
  // CHECK-NEXT: g[0] = (blockIdx.y * blockDim.y + threadIdx.y) + blockDim.x;
  // CHECK-NEXT: g[1] = WI(xfence_get_local_size, d);
  g[WI(get_group_id, 2)] = 1;
  g[WI(get_local_id, 0)] = 2;
  g[0] = WI(get_global_id, 1) + FIRST(get_local_size);
  g[1] = WI(get_local_size, d);
}
