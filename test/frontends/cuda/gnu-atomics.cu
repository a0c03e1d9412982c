// GNU atomic builtins in device code are atomics at system scope (clang's
// CUDA device compilation gives them LLVM's default sync scope, the
// system's) with the order of their __ATOMIC_* argument; they are ops that
// coalescing sees, not text copied through. Those xfence has no op for are
// errors at their location.
// RUN: xfence-translate --import-cuda --cuda-builtin-header %s | FileCheck %s
// RUN: not xfence translate %s --to hip --cuda-builtin-header -DREFUSED -o %t.hip 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not test -e %t.hip

// CHECK-LABEL: func.func @gnu(
__global__ void gnu(int *m, unsigned *u, float *f, int *out) {
  // CHECK: xfence.atomic_rmw add %{{.*}}, %{{.*}} system seq_cst {xfence.args = array<i32: 0, 1>, xfence.ctype = "int", xfence.form = "c11", xfence.memory = 1 : i32}
  __atomic_fetch_add(m, 1, __ATOMIC_SEQ_CST);
  // CHECK-NEXT: xfence.atomic_load %{{.*}} system acquire {xfence.args = array<i32: 0>
  out[0] = __atomic_load_n(m, __ATOMIC_ACQUIRE);
  // CHECK: xfence.atomic_store %{{.*}}, %{{.*}} system release {xfence.args = array<i32: 1, 0>
  __atomic_store_n(m + 1, 7, __ATOMIC_RELEASE);
  // CHECK-NEXT: xfence.atomic_rmw xchg {{.*}} system relaxed
  __atomic_exchange_n(m + 2, 3, __ATOMIC_RELAXED);
  // CHECK-NEXT: xfence.atomic_rmw umax {{.*}} system acq_rel {{.*}}xfence.ctype = "unsigned int"
  __atomic_fetch_max(u, 4u, __ATOMIC_ACQ_REL);
  // CHECK-NEXT: xfence.atomic_rmw fadd {{.*}} system relaxed {{.*}}xfence.ctype = "float"
  __atomic_fetch_add(f, 1.0f, __ATOMIC_RELAXED);
  int e = 0;
  // The expected value is written back on failure: the "member" form.
  // CHECK-NEXT: xfence.atomic_cmpxchg {{.*}} system acq_rel acquire {xfence.args = array<i32: 0, 1, 2>, xfence.ctype = "int", xfence.form = "member"
  bool ok = __atomic_compare_exchange_n(m, &e, 9, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
  // CHECK-NEXT: xfence.atomic_cmpxchg {{.*}} system relaxed relaxed weak
  __atomic_compare_exchange_n(m, &e, 9, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
  // CHECK: xfence.fence system seq_cst
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  // CHECK-NEXT: xfence.fence thread acquire
  __atomic_signal_fence(__ATOMIC_ACQUIRE);
  out[1] = ok + e;
}

#ifdef REFUSED
__global__ void refused(int *m, int order, bool weak) {
  int e = 0;
  // ERR: gnu-atomics.cu:[[@LINE+1]]:3: error: '__atomic_add_fetch' returns the new value
  __atomic_add_fetch(m, 1, __ATOMIC_RELAXED);
  // ERR: gnu-atomics.cu:[[@LINE+1]]:3: error: the atomic builtin '__atomic_fetch_nand' is not translated
  __atomic_fetch_nand(m, 1, __ATOMIC_RELAXED);
  // ERR: gnu-atomics.cu:[[@LINE+1]]:3: error: '__atomic_load' passes its values by pointer
  __atomic_load(m, &e, __ATOMIC_RELAXED);
  // ERR: gnu-atomics.cu:[[@LINE+1]]:28: error: the memory order of '__atomic_fetch_add' is not a constant
  __atomic_fetch_add(m, 1, order);
  // ERR: gnu-atomics.cu:[[@LINE+1]]:41: error: the 'weak' argument of '__atomic_compare_exchange_n' is not a constant
  __atomic_compare_exchange_n(m, &e, 1, weak, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
  // ERR: gnu-atomics.cu:[[@LINE+1]]:3: error: the legacy GNU builtin '__sync_fetch_and_add{{.*}}' is not translated
  __sync_fetch_and_add(m, 1);
}
#endif
