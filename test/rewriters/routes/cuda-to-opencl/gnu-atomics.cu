// GNU atomic builtins in CUDA device code: atomics at system scope with
// their order (docs/semantics.md, CUDA C++), written in OpenCL C 3.0's own
// forms, not copied (in OpenCL C, clang would give the same text another
// scope). compare_exchange_n keeps its write-back of the expected value.
// The file has seq_cst atomics and fences, so its OpenCL C 2.x stores and
// read-modify-writes are seq_cst (docs/cuda-to-opencl.md, "Seq_cst fences in
// OpenCL C 2.x").
// RUN: xfence translate %s --to opencl --cuda-builtin-header -cl-std=CL3.0 -o %t30.cl
// RUN: grep -v '^ *//' %t30.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t30.cl

// CHECK-LABEL: __kernel void gnu(
__global__ void gnu(int *m, int *out) {
  // A seq_cst atomic is a full fence in CUDA (fence.sc and the access); in
  // OpenCL C it needs the seq_cst fence before it.
  // CHECK-NEXT: (atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, XFENCE_MEMORY_SCOPE_SYSTEM), atomic_fetch_add_explicit((volatile __global atomic_int *)(m), 1, memory_order_seq_cst, XFENCE_MEMORY_SCOPE_SYSTEM));
  __atomic_fetch_add(m, 1, __ATOMIC_SEQ_CST);
  // CHECK-NEXT: out[0] = atomic_load_explicit((volatile __global atomic_int *)(m), memory_order_acquire, XFENCE_MEMORY_SCOPE_SYSTEM);
  out[0] = __atomic_load_n(m, __ATOMIC_ACQUIRE);
  int e = out[1];
  // CHECK-NEXT: int e = out[1];
  // CHECK-NEXT: bool ok = atomic_compare_exchange_strong_explicit((volatile __global atomic_int *)(m), &(*(&e)), 9, memory_order_seq_cst, memory_order_acquire, XFENCE_MEMORY_SCOPE_SYSTEM);
  bool ok = __atomic_compare_exchange_n(m, &e, 9, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
  // CHECK-NEXT: out[2] = ok ? 1 : e;
  out[2] = ok ? 1 : e;
}

// Message passing: the relaxed GNU store is an atomic between the two
// fences (OpenCL 2.x's one scope for global memory makes them system-scope
// here, as the system-scope store needs).
// CHECK-LABEL: __kernel void publish(
__global__ void publish(int *data, int *flag) {
  data[0] = 1;
  // CHECK: atomic_work_item_fence({{.*}}memory_order_seq_cst, XFENCE_MEMORY_SCOPE_SYSTEM);
  __threadfence();
  // CHECK-NEXT: atomic_store_explicit((volatile __global atomic_int *)(flag), 1, memory_order_seq_cst, XFENCE_MEMORY_SCOPE_SYSTEM);
  __atomic_store_n(flag, 1, __ATOMIC_RELAXED);
  // CHECK-NEXT: atomic_work_item_fence({{.*}}memory_order_seq_cst, XFENCE_MEMORY_SCOPE_SYSTEM);
  __threadfence();
  data[1] = 2;
}
