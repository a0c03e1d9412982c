// Upstream passes see every xfence op as reading and writing memory: they
// never delete, merge or move one across a memory access.
// RUN: xfence-opt %s -cse -canonicalize -loop-invariant-code-motion -split-input-file | FileCheck %s
// RUN: xfence-opt %s -gpu-eliminate-barriers -split-input-file | FileCheck %s --check-prefix=GPU

// CHECK-LABEL: func.func @cse_keeps_atomics
// CHECK-COUNT-2: xfence.atomic_load
// CHECK-COUNT-2: xfence.atomic_rmw add
func.func @cse_keeps_atomics(%p: !llvm.ptr<1>, %v: i32) -> (i32, i32, i32, i32) {
  %0 = xfence.atomic_load %p device acquire : !llvm.ptr<1> -> i32
  %1 = xfence.atomic_load %p device acquire : !llvm.ptr<1> -> i32
  %2 = xfence.atomic_rmw add %p, %v device relaxed : !llvm.ptr<1>, i32
  %3 = xfence.atomic_rmw add %p, %v device relaxed : !llvm.ptr<1>, i32
  return %0, %1, %2, %3 : i32, i32, i32, i32
}

// -----

// A load from memory must not be hoisted or merged across a fence.
// CHECK-LABEL: func.func @no_motion_across_fence
// CHECK: scf.for
// CHECK-NEXT: memref.load
// CHECK-NEXT: xfence.fence device acquire [global]
// CHECK-NEXT: memref.load
func.func @no_motion_across_fence(%m: memref<4xi32>, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> i32 {
    %a = memref.load %m[%c0] : memref<4xi32>
    xfence.fence device acquire [global]
    %b = memref.load %m[%c0] : memref<4xi32>
    %s = arith.addi %a, %b : i32
    %t = arith.addi %acc, %s : i32
    scf.yield %t : i32
  }
  return %r : i32
}

// -----

// gpu-eliminate-barriers removes gpu.barrier ops it proves redundant; it
// must keep xfence ops, and xfence ops between two gpu.barriers keep both
// barriers needed as far as it can tell.
// GPU-LABEL: gpu.func @kernel
// GPU: memref.store
// GPU-NEXT: gpu.barrier
// GPU-NEXT: xfence.fence workgroup acq_rel [local]
// GPU-NEXT: gpu.barrier
// GPU-NEXT: xfence.barrier workgroup memory workgroup acq_rel [local]
// GPU-NEXT: memref.load
gpu.module @m {
  gpu.func @kernel(%m: memref<4xi32, #gpu.address_space<workgroup>>, %v: i32) kernel {
    %c0 = arith.constant 0 : index
    memref.store %v, %m[%c0] : memref<4xi32, #gpu.address_space<workgroup>>
    gpu.barrier
    xfence.fence workgroup acq_rel [local]
    gpu.barrier
    xfence.barrier workgroup memory workgroup acq_rel [local]
    %x = memref.load %m[%c0] : memref<4xi32, #gpu.address_space<workgroup>>
    gpu.return
  }
}
