// The alpaka row of the capability table: alpaka 3 names the block, the
// device and the system (onAcc::scope); a subgroup fence widens to the
// block, a cluster one to the device; a thread fence orders nothing between
// threads and is dropped. Atomics carry no order in alpaka: an ordered one
// becomes a relaxed atomic between fences; system-scope atomics are refused.
// RUN: xfence-opt %s --xfence-legalize=target=alpaka -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func @scopes
// CHECK-NEXT: xfence.fence workgroup acquire [local, global, image]
// CHECK-NEXT: xfence.fence workgroup release [local, global, image]
// CHECK-NEXT: xfence.fence device acq_rel [local, global, image]
// CHECK-NEXT: xfence.fence device seq_cst [local, global, image]
// CHECK-NEXT: xfence.fence system acq_rel [local, global, image]
// CHECK-NEXT: return
func.func @scopes() {
  xfence.fence subgroup acquire [local]
  xfence.fence workgroup release [global]
  xfence.fence cluster acq_rel [global]
  xfence.fence device seq_cst [local, global]
  xfence.fence system acq_rel [global]
  xfence.fence thread acq_rel [global]
  return
}

// -----

// CHECK-LABEL: func @atomics
// CHECK-NEXT: xfence.atomic_rmw add %arg0, %arg1 workgroup relaxed
// CHECK-NEXT: xfence.atomic_rmw inc %arg0, %arg1 device relaxed
// CHECK-NEXT: xfence.fence device release [local, global, image]
// CHECK-NEXT: xfence.atomic_rmw xchg %arg0, %arg1 device relaxed
// CHECK-NEXT: xfence.atomic_cmpxchg %arg0, %arg1, %arg1 workgroup relaxed relaxed
// CHECK-NEXT: xfence.fence workgroup acquire [local, global, image]
// CHECK-NEXT: xfence.fence device seq_cst [local, global, image]
// CHECK-NEXT: xfence.atomic_load %arg0 device relaxed
// CHECK-NEXT: xfence.fence device seq_cst [local, global, image]
func.func @atomics(%p: !llvm.ptr<1>, %v: i32) {
  %0 = xfence.atomic_rmw add %p, %v subgroup relaxed : !llvm.ptr<1>, i32
  %1 = xfence.atomic_rmw inc %p, %v cluster relaxed : !llvm.ptr<1>, i32
  %2 = xfence.atomic_rmw xchg %p, %v device release : !llvm.ptr<1>, i32
  %3, %ok = xfence.atomic_cmpxchg %p, %v, %v workgroup acquire acquire : !llvm.ptr<1>, i32
  %4 = xfence.atomic_load %p device seq_cst : !llvm.ptr<1> -> i32
  return
}

// -----

// CHECK-LABEL: func @barriers
// The block's barrier orders the block's memory by itself.
// CHECK-NEXT: xfence.barrier workgroup memory workgroup acq_rel [local, global, image]
// A device-scope memory part: device fences around the barrier.
// CHECK-NEXT: xfence.fence device release [local, global, image]
// CHECK-NEXT: xfence.barrier workgroup memory workgroup acq_rel [local, global, image]
// CHECK-NEXT: xfence.fence device acquire [local, global, image]
func.func @barriers() {
  xfence.barrier workgroup memory workgroup acq_rel [local]
  xfence.barrier workgroup memory device acq_rel [global]
  return
}

// -----

func.func @system_atomic(%p: !llvm.ptr<1>, %v: i32) {
  // expected-error @+1 {{scope 'system'}}
  %0 = xfence.atomic_rmw add %p, %v system relaxed : !llvm.ptr<1>, i32
  return
}

// -----

func.func @subgroup_barrier() {
  // expected-error @+1 {{a barrier of execution scope 'subgroup' has no form on target 'alpaka'}}
  xfence.barrier subgroup memory subgroup acq_rel [local]
  return
}

// -----

func.func @grid_barrier() {
  // expected-error @+1 {{a barrier of execution scope 'device' has no form on target 'alpaka' (a grid-wide barrier needs a cooperative launch)}}
  xfence.barrier device memory device acq_rel [global]
  return
}
