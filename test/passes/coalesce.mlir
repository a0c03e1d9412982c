// RUN: xfence-opt %s -xfence-coalesce -split-input-file | FileCheck %s
// RUN: xfence-opt %s -xfence-coalesce=exact-scopes -split-input-file | FileCheck %s --check-prefix=EXACT

//===----------------------------------------------------------------------===//
// merge-fences: fires
//===----------------------------------------------------------------------===//

// release then acquire join to acq_rel, not seq_cst; scopes and spaces join.
// CHECK-LABEL: func.func @merge_release_acquire
// CHECK-NEXT:    xfence.fence device acq_rel [local, global]
// CHECK-NEXT:    return
// EXACT-LABEL: func.func @merge_release_acquire
// EXACT-NEXT:    xfence.fence workgroup release [local]
// EXACT-NEXT:    xfence.fence device acquire [global]
func.func @merge_release_acquire() {
  xfence.fence workgroup release [local]
  xfence.fence device acquire [global]
  return
}

// -----

// Three in a row, with only arithmetic between them, become one; seq_cst
// wins when one of them is seq_cst. Same scopes merge under exact-scopes too.
// CHECK-LABEL: func.func @merge_chain
// CHECK-NEXT:    xfence.fence workgroup seq_cst [local, global, image]
// CHECK-NEXT:    arith.addi
// CHECK-NEXT:    return
// EXACT-LABEL: func.func @merge_chain
// EXACT-NEXT:    xfence.fence workgroup seq_cst [local, global, image]
// EXACT-NEXT:    arith.addi
// EXACT-NEXT:    return
func.func @merge_chain(%a: i32) -> i32 {
  xfence.fence workgroup acquire [local]
  %b = arith.addi %a, %a : i32
  xfence.fence workgroup seq_cst [global]
  xfence.fence workgroup release [image]
  return %b : i32
}

// -----

//===----------------------------------------------------------------------===//
// merge-fences: must not fire
//===----------------------------------------------------------------------===//

// Any memory access between two fences keeps them apart: a source access,
// a memref load, an llvm store, an atomic, an opaque call.
// CHECK-LABEL: func.func @access_between
// CHECK-COUNT-6: xfence.fence
// CHECK-NOT: xfence.fence
func.func @access_between(%m: memref<4xi32>, %p: !llvm.ptr<1>, %v: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  xfence.fence workgroup release [global]
  xfence.access read [global]
  xfence.fence workgroup acquire [global]
  %x = memref.load %m[%c0] : memref<4xi32>
  xfence.fence workgroup acquire [global]
  llvm.store %v, %p : i32, !llvm.ptr<1>
  xfence.fence workgroup acquire [global]
  %y = xfence.atomic_load %p device relaxed : !llvm.ptr<1> -> i32
  xfence.fence workgroup acquire [global]
  xfence.opaque "helper"
  xfence.fence workgroup acquire [global]
  return %x, %y : i32, i32
}

// -----

// Control flow between two fences keeps them apart: a branch that holds an
// access, a loop, an exit.
// CHECK-LABEL: func.func @control_between
// CHECK-COUNT-4: xfence.fence
func.func @control_between() {
  xfence.fence workgroup release [global]
  xfence.branch {
    xfence.access write [global]
  }
  xfence.fence workgroup acquire [global]
  xfence.loop {
    xfence.access read [global]
  }
  xfence.fence workgroup acquire [global]
  xfence.exit return
  xfence.fence workgroup acquire [global]
  return
}

// -----

// Fences in different blocks, or in a region and outside it, are not
// neighbours.
// CHECK-LABEL: func.func @nested
// CHECK: xfence.fence workgroup release [local]
// CHECK: xfence.loop
// CHECK-NEXT: xfence.fence workgroup acquire [local]
// CHECK-NEXT: xfence.access
// CHECK-NEXT: xfence.fence workgroup release [local]
func.func @nested() {
  xfence.fence workgroup release [local]
  xfence.loop {
    xfence.fence workgroup acquire [local]
    xfence.access read write [local]
    xfence.fence workgroup release [local]
  }
  return
}

// -----

//===----------------------------------------------------------------------===//
// drop-fences-at-barriers: fires
//===----------------------------------------------------------------------===//

// OpenCL: mem_fence(CLK_LOCAL_MEM_FENCE); barrier(CLK_LOCAL_MEM_FENCE |
// CLK_GLOBAL_MEM_FENCE); read_mem_fence(CLK_GLOBAL_MEM_FENCE).
// CHECK-LABEL: func.func @fences_beside_barrier
// CHECK-NEXT:    xfence.barrier workgroup memory workgroup acq_rel [local, global]
// CHECK-NEXT:    return
func.func @fences_beside_barrier() {
  xfence.fence workgroup acq_rel [local]
  xfence.barrier workgroup memory workgroup acq_rel [local, global]
  xfence.fence workgroup acquire [global]
  return
}

// -----

// A subgroup fence is covered by a workgroup barrier; so is a fence beside
// __syncthreads_count (bar.red is a full barrier).
// CHECK-LABEL: func.func @covered_by_reduce
// CHECK-NEXT:    xfence.barrier_reduce
// CHECK-NEXT:    return
// EXACT-LABEL: func.func @covered_by_reduce
// EXACT-NEXT:    xfence.fence subgroup release [local]
// EXACT-NEXT:    xfence.barrier_reduce
func.func @covered_by_reduce(%p: i32) -> i32 {
  xfence.fence subgroup release [local]
  %n = xfence.barrier_reduce count %p workgroup memory workgroup acq_rel [local, global] : i32
  return %n : i32
}

// -----

//===----------------------------------------------------------------------===//
// drop-fences-at-barriers: must not fire
//===----------------------------------------------------------------------===//

// A device-scope fence next to __syncthreads() stays: the barrier orders
// memory for the block only.
// CHECK-LABEL: func.func @device_fence_beside_syncthreads
// CHECK-NEXT:    xfence.fence device seq_cst [local, global]
// CHECK-NEXT:    xfence.barrier workgroup memory workgroup acq_rel [local, global]
// CHECK-NEXT:    xfence.fence device acq_rel [global]
func.func @device_fence_beside_syncthreads() {
  xfence.fence device seq_cst [local, global]
  xfence.barrier workgroup memory workgroup acq_rel [local, global]
  xfence.fence device acq_rel [global]
  return
}

// -----

// A seq_cst fence stays: a barrier does not join the single total order.
// CHECK-LABEL: func.func @seq_cst_beside_barrier
// CHECK-NEXT:    xfence.fence workgroup seq_cst [local]
// CHECK-NEXT:    xfence.barrier
func.func @seq_cst_beside_barrier() {
  xfence.fence workgroup seq_cst [local]
  xfence.barrier workgroup memory workgroup acq_rel [local, global]
  return
}

// -----

// barrier(CLK_LOCAL_MEM_FENCE) does not stand in for a global fence.
// CHECK-LABEL: func.func @local_barrier_global_fence
// CHECK-NEXT:    xfence.fence workgroup acq_rel [global]
// CHECK-NEXT:    xfence.barrier workgroup memory workgroup acq_rel [local]
// CHECK-NEXT:    xfence.fence workgroup acquire [local, global]
func.func @local_barrier_global_fence() {
  xfence.fence workgroup acq_rel [global]
  xfence.barrier workgroup memory workgroup acq_rel [local]
  xfence.fence workgroup acquire [local, global]
  return
}

// -----

// Partial barriers (__syncwarp(mask)), subgroup barriers and execution-only
// barriers order nothing for the workgroup.
// CHECK-LABEL: func.func @partial_barriers
// CHECK-NEXT:    xfence.fence workgroup release [local]
// CHECK-NEXT:    xfence.barrier subgroup mask
// CHECK-NEXT:    xfence.fence workgroup release [local]
// CHECK-NEXT:    xfence.barrier subgroup memory subgroup
// CHECK-NEXT:    xfence.fence workgroup release [local]
// CHECK-NEXT:    xfence.barrier workgroup{{$}}
// CHECK-NEXT:    xfence.fence subgroup acquire [local]
func.func @partial_barriers(%mask: i32) {
  xfence.fence workgroup release [local]
  xfence.barrier subgroup mask(%mask) memory subgroup acq_rel [local, global]
  xfence.fence workgroup release [local]
  xfence.barrier subgroup memory subgroup acq_rel [local, global]
  xfence.fence workgroup release [local]
  xfence.barrier workgroup
  xfence.fence subgroup acquire [local]
  return
}

// -----

// A barrier with only an acquire memory part does not cover a release fence.
// CHECK-LABEL: func.func @weaker_barrier_order
// CHECK-NEXT:    xfence.fence workgroup release [local]
// CHECK-NEXT:    xfence.barrier workgroup memory workgroup acquire [local]
func.func @weaker_barrier_order() {
  xfence.fence workgroup release [local]
  xfence.barrier workgroup memory workgroup acquire [local]
  return
}

// -----

// An access between the fence and the barrier keeps the fence.
// CHECK-LABEL: func.func @access_before_barrier
// CHECK-NEXT:    xfence.fence workgroup release [local]
// CHECK-NEXT:    xfence.access
// CHECK-NEXT:    xfence.barrier
func.func @access_before_barrier() {
  xfence.fence workgroup release [local]
  xfence.access write [local]
  xfence.barrier workgroup memory workgroup acq_rel [local]
  return
}

// -----

//===----------------------------------------------------------------------===//
// merge-barriers
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @merge_barriers
// CHECK-NEXT:    xfence.barrier workgroup memory workgroup acq_rel [local, global]
// CHECK-NEXT:    xfence.access
// CHECK-NEXT:    xfence.barrier workgroup memory workgroup acq_rel [global]
// CHECK-NEXT:    return
func.func @merge_barriers() {
  xfence.barrier workgroup memory workgroup acq_rel [local]
  xfence.barrier workgroup
  xfence.barrier workgroup memory workgroup acq_rel [global]
  xfence.access read [global]
  xfence.barrier workgroup
  xfence.barrier workgroup memory workgroup acq_rel [global]
  return
}

// -----

// Barriers of different execution scope, and partial barriers, stay apart;
// so do barriers with different memory scopes under exact-scopes.
// CHECK-LABEL: func.func @barriers_kept
// CHECK-NEXT:    xfence.barrier subgroup memory subgroup
// CHECK-NEXT:    xfence.barrier workgroup memory workgroup
// CHECK-NEXT:    xfence.barrier subgroup mask
// CHECK-NEXT:    xfence.barrier subgroup mask
// CHECK-NEXT:    xfence.barrier workgroup memory device acq_rel [global]
// CHECK-NEXT:    return
// EXACT-LABEL: func.func @barriers_kept
// EXACT:         xfence.barrier workgroup memory workgroup acq_rel [global]
// EXACT-NEXT:    xfence.barrier workgroup memory device acq_rel [global]
func.func @barriers_kept(%m: i32) {
  xfence.barrier subgroup memory subgroup acq_rel [local]
  xfence.barrier workgroup memory workgroup acq_rel [local]
  xfence.barrier subgroup mask(%m) memory subgroup acq_rel [local]
  xfence.barrier subgroup mask(%m) memory subgroup acq_rel [local]
  xfence.barrier workgroup memory workgroup acq_rel [global]
  xfence.barrier workgroup memory device acq_rel [global]
  return
}

// -----

//===----------------------------------------------------------------------===//
// narrow-local
//===----------------------------------------------------------------------===//

// Local memory is reachable from the cluster (sm_90): no narrower than
// that (more in coalesce-narrow-local.mlir).
// CHECK-LABEL: func.func @narrow_local
// CHECK-NEXT:    xfence.fence cluster acq_rel [local]
// CHECK-NEXT:    xfence.access
// CHECK-NEXT:    xfence.fence cluster seq_cst [local]
// CHECK-NEXT:    xfence.access
// CHECK-NEXT:    xfence.fence device acq_rel [local, global]
// CHECK-NEXT:    xfence.access
// CHECK-NEXT:    xfence.fence subgroup acq_rel [local]
// CHECK-NEXT:    xfence.access
// CHECK-NEXT:    xfence.barrier workgroup memory cluster acq_rel [local]
// CHECK-NEXT:    xfence.barrier device memory device acq_rel [local]
func.func @narrow_local() {
  xfence.fence device acq_rel [local]
  xfence.access read [local]
  xfence.fence system seq_cst [local]
  xfence.access read [local]
  xfence.fence device acq_rel [local, global]
  xfence.access read [local]
  xfence.fence subgroup acq_rel [local]
  xfence.access read [local]
  xfence.barrier workgroup memory device acq_rel [local]
  xfence.barrier device memory system acq_rel [local]
  return
}
