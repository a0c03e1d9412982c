// CUDA atomics in OpenCL C 1.2 (legacy atomic_*, relaxed) and 3.0 (C11
// _explicit with order and scope); atomicInc/atomicDec with a bound of all
// ones are atomic_inc/atomic_dec, other bounds and float atomicAdd a
// compare-and-swap loop.
// RUN: xfence translate %s --to opencl --cuda-builtin-header -DCL12 -o %t12.cl
// RUN: grep -v '^ *//' %t12.cl | FileCheck %s --check-prefixes=CHECK,CL12
// RUN: clang -x cl -cl-std=CL1.2 -DCL12 -Xclang -finclude-default-header -fsyntax-only %t12.cl
// RUN: xfence translate %s --to opencl --cuda-builtin-header -cl-std=CL3.0 -o %t30.cl
// RUN: grep -v '^ *//' %t30.cl | FileCheck %s --check-prefixes=CHECK,CL30
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t30.cl
#include <cuda/atomic>

// The helpers of the prelude: CUDA's exact new value, from the value the
// compare-exchange saw.
// CL12: static uint xfence_atomic_dec_global_uint(volatile __global uint *p, uint v) {
// CL12: uint seen = atomic_cmpxchg(b, old, (old == 0 || old > v) ? v : old - 1);
// CL12: static float xfence_atomic_fadd_global_float(volatile __global float *p, float v) {
// CL12: uint seen = atomic_cmpxchg(b, old, as_uint(as_float(old) + v));
// CL12: static uint xfence_atomic_inc_global_uint(volatile __global uint *p, uint v) {
// CL12: uint seen = atomic_cmpxchg(b, old, old >= v ? 0 : old + 1);
// CL30: static uint xfence_atomic_inc_global_uint(volatile __global uint *p, uint v, memory_order o, memory_scope s) {
// CL30: while (!atomic_compare_exchange_strong_explicit(b, &old, old >= v ? 0 : old + 1, o, memory_order_relaxed, s))


// The 3.0 output: the file has seq_cst atomics (members, below), so every
// atomic store and read-modify-write in it is seq_cst, loads keep their
// order (sc-fence-stores.test; relaxed 3.0 output: equal-scopes.test).
// CHECK-LABEL: __kernel void functions(
// CHECK-SAME: __global int *i, __global unsigned int *u, __global float *f)
__global__ void functions(int *i, unsigned int *u, float *f) {
  __shared__ int s[4];
  // CL12: atomic_add((volatile __global int *)(i), 1);
  // CL30: atomic_fetch_add_explicit((volatile __global atomic_int *)(i), 1, memory_order_seq_cst, memory_scope_device);
  atomicAdd(i, 1);
  // CL12-NEXT: atomic_add((volatile __global int *)(i), 1);
  // OpenCL C 3.0 needs equal scopes where CUDA's are inclusive: every
  // atomic and fence on global memory gets the widest scope of the file
  // (device), every one on __local memory the widest of theirs, at most
  // work_group (docs/cuda-to-opencl.md, "Equal scopes in OpenCL C 2.x").
  // CL30-NEXT: atomic_fetch_add_explicit((volatile __global atomic_int *)(i), 1, memory_order_seq_cst, memory_scope_device);
  atomicAdd_block(i, 1);
  // CL12-NEXT: atomic_add((volatile __local int *)(&s[(uint)get_local_id(0) % 4]), 1);
  // CL30-NEXT: atomic_fetch_add_explicit((volatile __local atomic_int *)(&s[(uint)get_local_id(0) % 4]), 1, memory_order_seq_cst, memory_scope_work_group);
  atomicAdd(&s[threadIdx.x % 4], 1);
  // CL12-NEXT: atomic_sub(
  // CL30-NEXT: atomic_fetch_sub_explicit(
  atomicSub(i, 2);
  // CL12-NEXT: atomic_xchg(
  // CL30-NEXT: atomic_exchange_explicit(
  atomicExch(i, 3);
  // CL12-NEXT: atomic_min((volatile __global uint *)(u), 4u);
  // CL30-NEXT: atomic_fetch_min_explicit((volatile __global atomic_uint *)(u), 4u,
  atomicMin(u, 4u);
  // CL12-NEXT: atomic_max(
  // CL30-NEXT: atomic_fetch_max_explicit(
  atomicMax(i, 5);
  // CL12-NEXT: atomic_and(
  // CL30-NEXT: atomic_fetch_and_explicit(
  atomicAnd(i, 6);
  // CL12-NEXT: atomic_or(
  // CL30-NEXT: atomic_fetch_or_explicit(
  atomicOr(i, 7);
  // CL12-NEXT: atomic_xor(
  // CL30-NEXT: atomic_fetch_xor_explicit(
  atomicXor(i, 8);
  // CL12-NEXT: unsigned int old = atomic_cmpxchg((volatile __global uint *)(u), 0u, 1u);
  // CL30-NEXT: unsigned int old = xfence_cas_global_uint(u, 0u, 1u, memory_order_seq_cst, memory_order_relaxed, memory_scope_device);
  unsigned int old = atomicCAS(u, 0u, 1u);
  // A bound of all ones: CUDA's wrap is the integer wrap.
  // CL12-NEXT: atomic_inc((volatile __global uint *)(u));
  // CL30-NEXT: atomic_fetch_add_explicit((volatile __global atomic_uint *)(u), 1, memory_order_seq_cst, memory_scope_device);
  atomicInc(u, 0xffffffffu);
  // CL12-NEXT: atomic_dec((volatile __global uint *)(u));
  // CL30-NEXT: atomic_fetch_sub_explicit((volatile __global atomic_uint *)(u), 1,
  atomicDec(u, ~0u);
  // Any other bound: the loop.
  // CL12-NEXT: old += xfence_atomic_inc_global_uint(u, (uint)get_num_groups(0));
  // CL30-NEXT: old += xfence_atomic_inc_global_uint(u, (uint)get_num_groups(0), memory_order_seq_cst, memory_scope_device);
  old += atomicInc(u, gridDim.x);
  // CL12-NEXT: old += xfence_atomic_dec_global_uint(u, 7u);
  // CL30-NEXT: old += xfence_atomic_dec_global_uint(u, 7u, memory_order_seq_cst, memory_scope_device);
  old += atomicDec(u, 7u);
  // CL12-NEXT: xfence_atomic_fadd_global_float(f, 0.5f);
  // CL30-NEXT: xfence_atomic_fadd_global_float(f, 0.5f, memory_order_seq_cst, memory_scope_device);
  atomicAdd(f, 0.5f);
  i[1] = old;
}

#ifndef CL12
// Ordered atomics: OpenCL C 2.0/3.0 (1.2 has no device scope: errors.test).
// CL30-LABEL: __kernel void members(
// CL30-SAME: __global int *p, __global int *a)
__global__ void members(int *p, cuda::atomic<int, cuda::thread_scope_device> *a) {
  // In 2.0/3.0 a pointer variable is generic.
  // CL30-NEXT: int *ref = &(p[0]);
  cuda::atomic_ref<int, cuda::thread_scope_device> ref(p[0]);
  // The file touches __local and __global memory: OpenCL synchronizes one
  // space per atomic, so an ordered atomic gets fences with both flags (a
  // release one before it, an acquire one after it) and relaxes; a store
  // or read-modify-write stays seq_cst where the file's seq_cst operations
  // made it so (docs/cuda-to-opencl.md).
  // CL30-NEXT: (atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_device), atomic_fetch_add_explicit((volatile __global atomic_int *)(ref), 1, memory_order_seq_cst, memory_scope_device));
  ref.fetch_add(1, cuda::memory_order_release);
  // A value used in an expression: the acquire fence runs in a prelude
  // function, after its argument.
  // CL30-NEXT: int v = xfence_then_int_0(atomic_load_explicit((volatile __global atomic_int *)(ref), memory_order_relaxed, memory_scope_device));
  int v = ref.load(cuda::memory_order_acquire);
  // A seq_cst atomic: CUDA's is fence.sc and the access.
  // CL30-NEXT: (atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, memory_scope_device), atomic_store_explicit((volatile __global atomic_int *)(ref), v, memory_order_seq_cst, memory_scope_device));
  ref.store(v);
  // CL30-NEXT: (atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_device), atomic_compare_exchange_strong_explicit((volatile __global atomic_int *)(ref), &(v), 3, memory_order_seq_cst, memory_order_acquire, memory_scope_device), atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_acquire, memory_scope_device));
  ref.compare_exchange_strong(v, 3, cuda::memory_order_acq_rel);
  // CL30-NEXT: atomic_fetch_max_explicit((volatile __global atomic_int *)(&(p[1])), 4, memory_order_seq_cst, memory_scope_device);
  cuda::atomic_ref<int, cuda::thread_scope_block>(p[1]).fetch_max(4, cuda::memory_order_relaxed);
  // CL30-NEXT: (atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, memory_scope_device), atomic_fetch_sub_explicit((volatile __global atomic_int *)(a), 1, memory_order_seq_cst, memory_scope_device), atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_acquire, memory_scope_device));
  a->fetch_sub(1);
}
#endif
