// CUDA atomics: atomic* functions (relaxed; device, _block workgroup,
// _system system scope), cuda::atomic_ref / cuda::atomic member functions
// (scope from the type, order from the argument), and what the importer
// records between synchronization ops.
// RUN: xfence-translate --import-cuda --cuda-builtin-header %s | FileCheck %s
#include <cuda/atomic>

#define BOUND 0xffffffffu

// CHECK-LABEL: func.func @functions(
__global__ void functions(int *i, unsigned *u, float *f,
                          unsigned long long *ull, unsigned m) {
  __shared__ int s[4];
  // CHECK: xfence.atomic_rmw add %{{.*}}, %{{.*}} device relaxed {xfence.args = array<i32: 0, 1>, xfence.ctype = "int", xfence.form = "cuda", xfence.memory = 1 : i32} : !llvm.ptr<1>, i32
  atomicAdd(i, 1);
  // CHECK-NEXT: atomic_rmw add {{.*}} workgroup relaxed
  atomicAdd_block(i, 1);
  // CHECK-NEXT: atomic_rmw add {{.*}} system relaxed
  atomicAdd_system(i, 1);
  // Shared memory: a pointer into address space 3.
  // CHECK-NEXT: atomic_rmw add {{.*}} device relaxed {{.*}}xfence.memory = 2 : i32} : !llvm.ptr<3>, i32
  atomicAdd(&s[1], 1);
  // CHECK-NEXT: atomic_rmw fadd {{.*}} device relaxed {{.*}} : !llvm.ptr<1>, f32
  atomicAdd(f, 1.0f);
  // CHECK-NEXT: atomic_rmw add {{.*}} : !llvm.ptr<1>, i64
  atomicAdd(ull, 1ull);
  // CHECK-NEXT: atomic_rmw sub
  atomicSub(i, 2);
  // CHECK-NEXT: atomic_rmw xchg
  atomicExch(i, 3);
  // CHECK-NEXT: atomic_rmw min
  atomicMin(i, 4);
  // CHECK-NEXT: atomic_rmw umin
  atomicMin(u, 4u);
  // CHECK-NEXT: atomic_rmw max
  atomicMax(i, 5);
  // CHECK-NEXT: atomic_rmw umax {{.*}} workgroup relaxed
  atomicMax_block(u, 5u);
  // CHECK-NEXT: atomic_rmw and
  atomicAnd(i, 6);
  // CHECK-NEXT: atomic_rmw or {{.*}} system relaxed
  atomicOr_system(i, 7);
  // CHECK-NEXT: atomic_rmw xor
  atomicXor(i, 8);
  // The wrap bound: a constant when it is one, else the source's value.
  // CHECK-NEXT: atomic_rmw inc %{{.*}}, %[[TEN:.*]] device relaxed
  atomicInc(u, 10u);
  // CHECK-NEXT: atomic_rmw inc %{{.*}}, %[[MAX:.*]] device relaxed
  atomicInc(u, BOUND);
  // CHECK-NEXT: atomic_rmw dec %{{.*}}, %[[M:.*]] device relaxed
  atomicDec(u, m);
  // CHECK-NEXT: atomic_cmpxchg %{{.*}}, %{{.*}}, %{{.*}} device relaxed relaxed {xfence.args = array<i32: 0, 1, 2>
  atomicCAS(i, 0, 1);
  // CHECK-NEXT: atomic_cmpxchg {{.*}} workgroup relaxed relaxed
  atomicCAS_block(u, 0u, 1u);
  // CHECK-NEXT: return
}

// CHECK-LABEL: func.func @members(
__global__ void members(int *p, cuda::atomic<int, cuda::thread_scope_device> *a,
                        cuda::std::atomic<unsigned> *sys) {
  cuda::atomic_ref<int, cuda::thread_scope_block> ref(p[0]);
  // CHECK: atomic_rmw add {{.*}} workgroup release {xfence.args = array<i32: 0, 1>, xfence.ctype = "int", xfence.form = "member", xfence.memory = 1 : i32}
  ref.fetch_add(1, cuda::memory_order_release);
  // CHECK-NEXT: atomic_load {{.*}} workgroup acquire
  int v = ref.load(cuda::memory_order_acquire);
  // CHECK-NEXT: atomic_store {{.*}} workgroup seq_cst {xfence.args = array<i32: 1, 0>
  ref.store(v);
  // CHECK-NEXT: atomic_rmw xchg {{.*}} workgroup relaxed
  ref.exchange(2, cuda::memory_order_relaxed);
  // One order: the failure order drops the release part.
  // CHECK-NEXT: atomic_cmpxchg {{.*}} workgroup acq_rel acquire {xfence.args
  ref.compare_exchange_strong(v, 3, cuda::memory_order_acq_rel);
  // CHECK-NEXT: atomic_cmpxchg {{.*}} workgroup release relaxed weak
  ref.compare_exchange_weak(v, 3, cuda::memory_order_release);
  // CHECK-NEXT: atomic_cmpxchg {{.*}} workgroup seq_cst acquire {xfence
  ref.compare_exchange_strong(v, 3, cuda::memory_order_seq_cst,
                              cuda::memory_order_acquire);
  // A temporary atomic_ref at device scope.
  // CHECK-NEXT: atomic_rmw max {{.*}} device acq_rel
  cuda::atomic_ref<int, cuda::thread_scope_device>(p[1]).fetch_max(
      4, cuda::memory_order_acq_rel);
  // A cuda::atomic through a pointer; cuda::std::atomic is system scope.
  // CHECK-NEXT: atomic_rmw sub {{.*}} device seq_cst
  a->fetch_sub(1);
  // CHECK-NEXT: atomic_rmw or {{.*}} system relaxed
  sys->fetch_or(1u, cuda::std::memory_order_relaxed);
  // CHECK-NEXT: return
}

// CHECK-LABEL: func.func @between(
__global__ void between(int *p, volatile int *flag, int n) {
  // CHECK: xfence.access read [global]
  // CHECK-NEXT: xfence.access write [global]
  p[0] = p[1];
  // CHECK-NEXT: xfence.access write [global] volatile
  *flag = 1;
  // CHECK-NEXT: xfence.branch {
  // CHECK-NEXT:   xfence.fence device seq_cst [local, global]
  // CHECK-NEXT:   xfence.exit return
  // CHECK-NEXT: }
  if (n > 0) {
    __threadfence();
    return;
  }
  // CHECK-NEXT: xfence.loop {
  // CHECK-NEXT:   xfence.access read [global] volatile
  // CHECK:        xfence.exit break
  // CHECK:      }
  while (true) {
    if (*flag)
      break;
  }
  // A private variable is no shared memory: no access.
  int local = n;
  local++;
  // CHECK: xfence.opaque "helper"
  helper_call:;
  extern __device__ void helper(int *);
  helper(p);
  // CHECK: xfence.opaque "printf"
  printf("%d\n", local);
}
