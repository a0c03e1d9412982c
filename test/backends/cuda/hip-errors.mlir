// Ops with no sound HIP form: an error at the op's location.
// RUN: not xfence-translate --export-hip %s -split-input-file 2>&1 | FileCheck %s

func.func @device_barrier() {
  // CHECK: :[[#@LINE+1]]:3: error: a barrier with execution scope 'device' has no sound HIP source form
  xfence.barrier device memory device acq_rel [global]
  return
}

// -----

func.func @masked_barrier(%mask: i32) {
  // CHECK: error: a barrier with execution scope 'subgroup' and a mask has no sound HIP source form
  xfence.barrier subgroup mask(%mask) memory subgroup acq_rel [local]
  return
}

// -----

func.func @signed_inc(%g: !llvm.ptr<1>, %q: i64) {
  // CHECK: error: a wrapping atomic 'inc' on 'unsigned long long' has no HIP source form
  %0 = xfence.atomic_rmw inc %g, %q device relaxed : !llvm.ptr<1>, i64
  return
}

// -----

func.func @short_atomic(%g: !llvm.ptr<1>, %s: i16) {
  // CHECK: error: an atomic on 'short' has no HIP source form
  %0 = xfence.atomic_rmw add %g, %s device relaxed : !llvm.ptr<1>, i16
  return
}
