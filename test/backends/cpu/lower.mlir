// RUN: xfence-opt %s --convert-xfence-to-cpu --split-input-file | FileCheck %s

// Scope has no meaning on one coherent CPU: every scope but thread is the
// system scope; a thread fence is a signal fence. Orders are kept.
// CHECK-LABEL: func @fences
// CHECK-NEXT: llvm.fence syncscope("singlethread") seq_cst
// CHECK-NEXT: llvm.fence acquire
// CHECK-NEXT: llvm.fence release
// CHECK-NEXT: llvm.fence acq_rel
// CHECK-NEXT: llvm.fence seq_cst
// CHECK-NEXT: return
func.func @fences() {
  xfence.fence thread seq_cst [global]
  xfence.fence subgroup acquire [local]
  xfence.fence cluster release [global]
  xfence.fence device acq_rel [global]
  xfence.fence system seq_cst [image]
  xfence.fence device relaxed [global]
  return
}

// -----

// CHECK-LABEL: func @barrier
// CHECK-NEXT: omp.barrier
// CHECK-NEXT: omp.barrier
// CHECK-NEXT: return
func.func @barrier() {
  xfence.barrier workgroup memory device seq_cst [global]
  xfence.barrier workgroup
  return
}

// -----

// CHECK-LABEL: func @atomics
// CHECK: llvm.atomicrmw uinc_wrap %{{.*}}, %{{.*}} acquire
// CHECK: llvm.atomicrmw udec_wrap %{{.*}}, %{{.*}} release
// CHECK: llvm.atomicrmw fadd %{{.*}}, %{{.*}} seq_cst
// CHECK: llvm.atomicrmw sub %{{.*}}, %{{.*}} syncscope("singlethread") monotonic
// CHECK: llvm.cmpxchg %{{.*}}, %{{.*}}, %{{.*}} acq_rel acquire
// CHECK: llvm.load %{{.*}} atomic acquire
// CHECK: llvm.store %{{.*}}, %{{.*}} atomic release
func.func @atomics(%p: !llvm.ptr, %m: memref<8xi32>, %i: index, %v: i32, %f: f32) {
  %0 = xfence.atomic_rmw inc %p, %v device acquire : !llvm.ptr, i32
  %1 = xfence.atomic_rmw dec %p, %v workgroup release : !llvm.ptr, i32
  %2 = xfence.atomic_rmw fadd %p, %f system seq_cst : !llvm.ptr, f32
  %3 = xfence.atomic_rmw sub %m[%i], %v thread relaxed : memref<8xi32>, i32
  %4, %5 = xfence.atomic_cmpxchg %p, %v, %v device acq_rel acquire : !llvm.ptr, i32
  %6 = xfence.atomic_load %p cluster acquire : !llvm.ptr -> i32
  xfence.atomic_store %6, %p device release : i32, !llvm.ptr
  return
}
