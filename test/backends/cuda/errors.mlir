// Ops with no sound CUDA C++ form: an error at the op's location.
// RUN: not xfence-translate --export-cuda %s 2>&1 | FileCheck %s

func.func @device_barrier() {
  // CHECK: errors.mlir:[[#@LINE+1]]:3: error: a barrier with execution scope 'device' has no sound CUDA C++ source form
  xfence.barrier device memory device acq_rel [global]
  return
}


func.func @ordered_wrapping_inc(%g: !llvm.ptr<1>, %i: i32) {
  // CHECK: errors.mlir:[[#@LINE+1]]:8: error: a wrapping atomic 'inc' on 'unsigned int' with order 'seq_cst' has no sound CUDA C++ source form
  %0 = xfence.atomic_rmw inc %g, %i device seq_cst : !llvm.ptr<1>, i32
  return
}
