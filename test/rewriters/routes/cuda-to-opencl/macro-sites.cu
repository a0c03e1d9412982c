// Synchronization written in a macro's body: the body is rewritten once for
// all its uses, its operands kept as the macro's parameters; a body that two
// functions use, or one function uses twice, needs one translation (never
// one per use, side by side).
// RUN: xfence translate %s --to opencl --cuda-builtin-header -cl-std=CL3.0 -o %t.cl
// RUN: grep -v '^ *//' %t.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t.cl
// RUN: xfence translate %s --to hip --cuda-builtin-header -o %t.hip
// RUN: grep -v '^ *//' %t.hip | FileCheck %s --check-prefix=HIP
// RUN: %if hip-headers %{ %hip-clang -fsyntax-only %t.hip %}

// CHECK: #define SYNC barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)
// HIP: #define SYNC (__builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup"), __builtin_amdgcn_s_barrier(), __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup"))
#define SYNC __syncthreads()
// CHECK: #define BUMP(p, v) atomic_fetch_add_explicit((volatile __global atomic_int *)(p), v, memory_order_relaxed, memory_scope_device)
// HIP: #define BUMP(p, v) atomicAdd(p, v)
#define BUMP(p, v) atomicAdd(p, v)
// OpenCL C 3.0 synchronizes only equal scopes: the block atomic takes the
// file's widest scope on global memory (docs/cuda-to-opencl.md).
// CHECK: #define BUMP_BLOCK(p) atomic_fetch_add_explicit((volatile __global atomic_int *)(p), 1, memory_order_relaxed, memory_scope_device)
// HIP: #define BUMP_BLOCK(p) __hip_atomic_fetch_add((int *)(p), (int)(1), __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP)
#define BUMP_BLOCK(p) atomicAdd_block(p, 1)

__global__ void first(int *p) {
  BUMP(p, 2);
  SYNC;
  BUMP_BLOCK(p + 1);
}

__global__ void second(int *p) {
  p[threadIdx.x] = 1;
  SYNC;
  BUMP(&p[3], p[4]);
  BUMP_BLOCK(&p[5]);
}

// A macro used twice in one function: its body is written once, for both.
__global__ void twice(int *p) {
  BUMP(p, 1);
  p[1] = 2;
  SYNC;
  BUMP(p + 2, 3);
  p[3] = 4;
  SYNC;
}
