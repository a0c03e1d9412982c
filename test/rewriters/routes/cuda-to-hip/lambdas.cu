// CUDA to HIP: the synchronization inside a device lambda is translated
// where it is written, the lambda being imported as a function of its own
// (docs/cuda-to-hip.md, "Synchronization"); the enclosing kernel's own
// fence is not merged with the lambda's. Where the HIP headers are
// installed, clang's HIP mode accepts the output.
// RUN: xfence translate %s --to hip --cuda-builtin-header -o %t.hip
// RUN: grep -v '^ *//' %t.hip | FileCheck %s
// RUN: %if hip-headers %{ %hip-clang -fsyntax-only -Wno-unused-value %t.hip %}

// CHECK-LABEL: __global__ void k(int *data, volatile int *flag) {
__global__ void k(int *data, volatile int *flag) {
  // CHECK-NEXT: __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "workgroup");
  __threadfence_block();
  // CHECK-NEXT: auto f = [] __device__ () { __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "agent"); };
  auto f = [] __device__ () { __threadfence(); };
  data[0] = 1;
  f();
  *flag = 1;
}

// A lambda in a __device__ function, written without attributes (clang
// makes it __host__ __device__), with an atomic of the block.
// CHECK-LABEL: __device__ int count(int *c) {
__device__ int count(int *c) {
  // CHECK-NEXT: auto add = [c](int v) { return __hip_atomic_fetch_add((int *)(c), (int)(v), __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP); };
  auto add = [c](int v) { return atomicAdd_block(c, v); };
  return add(1) + add(2);
}

// A generic lambda: each instantiation is imported; they agree on the text.
// CHECK-LABEL: __global__ void generic(int *p) {
__global__ void generic(int *p) {
  // CHECK-NEXT: auto sync = [](auto *q) { __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, ""); q[0] = 1; };
  auto sync = [](auto *q) { __threadfence_system(); q[0] = 1; };
  sync(p);
  sync((unsigned *)p);
}
