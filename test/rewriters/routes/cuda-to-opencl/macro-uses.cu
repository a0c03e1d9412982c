// A macro that is one construct, used where the uses need different text:
// each use is rewritten at its invocation (the body is left as written)
// instead of being refused. Where every use needs the same text, the body
// is rewritten once.
// RUN: xfence translate --cuda-builtin-header %s --to opencl -cl-std=CL3.0 -o %t.cl
// RUN: grep -v '^ *//' %t.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t.cl
// RUN: xfence translate --cuda-builtin-header %s --to hip -o %t.hip
// RUN: %if hip-headers %{ %hip-clang -fsyntax-only -Wno-unused-value %t.hip %}

// CHECK: #define DIM(d) threadIdx.d
#define DIM(d) threadIdx.d
// CHECK: #define ATOM(op, p, v) atomic##op((p), (v))
#define ATOM(op, p, v) atomic##op((p), (v))
// CHECK: #define ADD(p, v) atomicAdd((p), (v))
#define ADD(p, v) atomicAdd((p), (v))
// CHECK: #define FENCE() __threadfence()
#define FENCE() __threadfence()

// One macro on a pointer into __global memory and on one into __local.
// CHECK: int onGlobal(__global int *p, int v) { return atomic_fetch_add_explicit((volatile __global atomic_int *)((p)), (v), {{.*}}); }
// CHECK: int onLocal(__local int *p, int v) { return atomic_fetch_add_explicit((volatile __local atomic_int *)((p)), (v), {{.*}}); }
__device__ int onGlobal(int *p, int v) { return ADD(p, v); }
__device__ int onLocal(int *p, int v) { return ADD(p, v); }

__global__ void k(int *g, int n) {
  __shared__ int s[64];
  // CHECK: s[(uint)get_local_id(0)] = (uint)get_local_id(1);
  s[DIM(x)] = DIM(y);
  __syncthreads();
  // CHECK: atomic_fetch_max_explicit((volatile __global atomic_int *)((&g[0])), (n), {{.*}});
  // CHECK-NEXT: atomic_fetch_min_explicit((volatile __local atomic_int *)((&s[1])), (n), {{.*}});
  ATOM(Max, &g[0], n);
  ATOM(Min, &s[1], n);
  // CHECK-NEXT: onGlobal(&g[3], 2) + onLocal(&s[3], 2);
  g[4] = onGlobal(&g[3], 2) + onLocal(&s[3], 2);
  // Two uses, one merged into the other by fence coalescing.
  // CHECK-NEXT: atomic_work_item_fence(
  // CHECK-NEXT: ((void)0) /* xfence: FENCE() merged
  FENCE();
  FENCE();
}
