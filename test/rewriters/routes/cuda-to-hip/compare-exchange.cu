// CUDA to HIP: a C++ compare_exchange (cuda::atomic_ref, cuda::atomic)
// returns whether it stored and, when the comparison fails, writes the value
// it read into `expected` (C++ [atomics.ref.ops], [atomics.types.operations]).
// __hip_atomic_compare_exchange_* does both when it is given the address of
// `expected` itself, not of a copy. atomicCAS returns the old value and
// writes nothing back: it stays as written.
// RUN: xfence translate %s --to hip --cuda-builtin-header --no-coalesce -o %t.hip
// RUN: grep -v '^ *//' %t.hip | FileCheck %s
// RUN: %if hip-headers %{ %hip-clang -fsyntax-only -Wno-unused-value %t.hip %}
#include <cuda/atomic>

// CHECK-LABEL: __global__ void strong(int *p, int *out) {
__global__ void strong(int *p, int *out) {
  int expected = 5;
  // CHECK-NEXT: int expected = 5;
  // CHECK-NEXT: __hip_atomic_compare_exchange_strong((int *)(&(p[0])), (int *)&(expected), (int)(1), __ATOMIC_RELAXED, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  cuda::atomic_ref<int, cuda::thread_scope_device>(p[0]).compare_exchange_strong(expected, 1, cuda::memory_order_relaxed);
  // CHECK-NEXT: out[0] = expected;
  out[0] = expected;
}

// The bool result is the builtin's.
// CHECK-LABEL: __global__ void weak(unsigned *p, unsigned *out) {
__global__ void weak(unsigned *p, unsigned *out) {
  // CHECK-NEXT: unsigned int *r = &(p[1]);
  cuda::atomic_ref<unsigned, cuda::thread_scope_block> r(p[1]);
  unsigned e = out[0];
  // CHECK-NEXT: unsigned e = out[0];
  // CHECK-NEXT: bool ok = __hip_atomic_compare_exchange_weak((unsigned int *)(r), (unsigned int *)&(e), (unsigned int)(e + 1), __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_WORKGROUP);
  bool ok = r.compare_exchange_weak(e, e + 1, cuda::memory_order_acq_rel);
  // CHECK-NEXT: out[1] = ok ? 1u : e;
  out[1] = ok ? 1u : e;
}

// (A cuda::atomic<T, S> object has no HIP type: its use is an error of the
// route, errors.test; its members take the same path as atomic_ref's.)

// atomicCAS: the old value, nothing written back.
// CHECK-LABEL: __global__ void legacy(int *p, int *out) {
__global__ void legacy(int *p, int *out) {
  // CHECK-NEXT: out[0] = atomicCAS(p, 0, 1);
  out[0] = atomicCAS(p, 0, 1);
}

// GNU's __atomic_compare_exchange_n writes the value read to *e on failure
// as well; the GNU builtins are system-scope atomics (clang's default sync
// scope in device code).
// CHECK-LABEL: __global__ void gnu(int *m, int *out) {
__global__ void gnu(int *m, int *out) {
  int e = 0;
  // CHECK-NEXT: int e = 0;
  // CHECK-NEXT: bool ok = __hip_atomic_compare_exchange_strong((int *)(m), (int *)&(*(&e)), (int)(9), __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_SYSTEM);
  bool ok = __atomic_compare_exchange_n(m, &e, 9, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
  // CHECK-NEXT: out[0] = __hip_atomic_fetch_add((int *)(m), (int)(ok), __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_SYSTEM) + e;
  out[0] = __atomic_fetch_add(m, ok, __ATOMIC_RELAXED) + e;
}
