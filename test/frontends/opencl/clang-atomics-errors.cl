// clang's atomic built-ins that xfence cannot translate as they mean are
// refused at their location, with no output: a non-constant order or scope
// (xfence gives each op one order and one scope), and the operations that
// have no xfence op (nand, the forms that return the new value or pass
// values by pointer, __sync_bool_compare_and_swap).
// RUN: not xfence-translate --import-opencl --opencl-std=CL2.0 %s 2>&1 | FileCheck %s
// RUN: not xfence translate %s --cl-std=CL2.0 --to cuda -o %t.cu 2>&1 | FileCheck %s
// RUN: not test -e %t.cu

__kernel void k(__global atomic_int *m, __global int *p, int o, int s) {
  // CHECK: clang-atomics-errors.cl:[[@LINE+1]]:34: error: the memory order argument of '__opencl_atomic_load' is not a constant
  p[0] = __opencl_atomic_load(m, o, memory_scope_device);
  // CHECK: clang-atomics-errors.cl:[[@LINE+1]]:56: error: the memory scope argument of '__opencl_atomic_load' is not a constant
  p[1] = __opencl_atomic_load(m, memory_order_acquire, s);
  // CHECK: clang-atomics-errors.cl:[[@LINE+1]]:35: error: the memory order argument of '__atomic_fetch_add' is not a constant
  p[2] = __atomic_fetch_add(p, 1, o);
  // CHECK: clang-atomics-errors.cl:[[@LINE+1]]:25: error: the memory order argument of '__atomic_thread_fence' is not a constant
  __atomic_thread_fence(o);
  // CHECK: clang-atomics-errors.cl:[[@LINE+1]]:10: error: '__atomic_fetch_nand' cannot be translated: xfence has no 'nand' read-modify-write
  p[3] = __atomic_fetch_nand(p, 1, __ATOMIC_SEQ_CST);
  // CHECK: clang-atomics-errors.cl:[[@LINE+1]]:10: error: '__atomic_add_fetch' cannot be translated: it returns the new value
  p[4] = __atomic_add_fetch(p, 1, __ATOMIC_SEQ_CST);
  // CHECK: clang-atomics-errors.cl:[[@LINE+1]]:10: error: '__sync_bool_compare_and_swap' cannot be translated
  p[5] = __sync_bool_compare_and_swap(p, 1, 2);
  // CHECK: clang-atomics-errors.cl:[[@LINE+1]]:10: error: '__sync_fetch_and_nand' cannot be translated
  p[6] = __sync_fetch_and_nand(p, 1);
  int v;
  // CHECK: clang-atomics-errors.cl:[[@LINE+1]]:3: error: '__atomic_load' cannot be translated: this form passes its values by pointer
  __atomic_load(p, &v, __ATOMIC_SEQ_CST);
  // CHECK: clang-atomics-errors.cl:[[@LINE+1]]:31: error: memory_order_release is not allowed for an atomic load
  p[7] = __c11_atomic_load(m, memory_order_release);
}
