// Ops with no sound alpaka form: an error at the op's location.
// RUN: not xfence-translate --export-alpaka %s -split-input-file 2>&1 | FileCheck %s

func.func @subgroup_barrier() {
  // CHECK: :[[#@LINE+1]]:3: error: a barrier with execution scope 'subgroup' has no sound alpaka form (syncBlockThreads is the only barrier)
  xfence.barrier subgroup memory subgroup acq_rel [local]
  return
}

// -----

func.func @grid_barrier() {
  // CHECK: error: a barrier with execution scope 'device' has no sound alpaka form
  xfence.barrier device memory device acq_rel [global]
  return
}

// -----

func.func @masked_barrier(%mask: i32) {
  // CHECK: error: a barrier with execution scope 'subgroup' and a mask has no sound alpaka form
  xfence.barrier subgroup mask(%mask) memory subgroup acq_rel [local]
  return
}

// -----

func.func @reduce(%p: i32) {
  // CHECK: error: a reducing barrier has no alpaka form (alpaka has no barrier with a predicate)
  %0 = xfence.barrier_reduce and %p workgroup memory workgroup acq_rel [local] : i32
  return
}

// -----

func.func @system_atomic(%g: !llvm.ptr<1>, %i: i32) {
  // CHECK: error: an atomic at scope 'system' has no sound alpaka form (alpaka's atomics take the block or the device)
  %0 = xfence.atomic_rmw add %g, %i system relaxed : !llvm.ptr<1>, i32
  return
}

// -----

func.func @signed_inc(%g: !llvm.ptr<1>, %q: i64) {
  // CHECK: error: a wrapping atomic 'inc' on 'unsigned long long' has no alpaka form in xfence (alpaka's atomicInc/atomicDec wrap as CUDA's, on unsigned int)
  %0 = xfence.atomic_rmw inc %g, %q device relaxed : !llvm.ptr<1>, i64
  return
}

// -----

func.func @short_atomic(%g: !llvm.ptr<1>, %s: i16) {
  // CHECK: error: an atomic 'add' on 'short' has no alpaka form in xfence
  %0 = xfence.atomic_rmw add %g, %s device relaxed : !llvm.ptr<1>, i16
  return
}

// -----

// alpaka has no atomic read, and every alpaka atomic writes: a load of any
// type, at any order, is refused rather than written as a read-modify-write.
func.func @int_load(%g: !llvm.ptr<1>) {
  // CHECK: error: an atomic load has no alpaka form: alpaka 3's atomics all write the object, and a read written as one (a compare-and-swap of 0 with 0) would store where the source only reads; where the object is writable and no plain access races with it, write the load in the source as an atomic read-modify-write that changes nothing (an atomic or with 0)
  %0 = xfence.atomic_load %g device acquire : !llvm.ptr<1> -> i32
  return
}

// -----

func.func @relaxed_local_load(%l: !llvm.ptr<3>) {
  // CHECK: error: an atomic load has no alpaka form
  %0 = xfence.atomic_load %l workgroup relaxed : !llvm.ptr<3> -> i64
  return
}

// -----

func.func @float_load(%g: !llvm.ptr<1>) {
  // CHECK: error: an atomic load has no alpaka form
  %0 = xfence.atomic_load %g device acquire : !llvm.ptr<1> -> f32
  return
}

// -----

func.func @float_cas(%g: !llvm.ptr<1>, %f: f32) {
  // CHECK: error: a compare-and-swap on 'float' has no alpaka form in xfence (atomicCas on floating point compares values, not bits: -0.0 equals 0.0 and NaN equals nothing)
  %0, %ok = xfence.atomic_cmpxchg %g, %f, %f device relaxed relaxed : !llvm.ptr<1>, f32
  return
}
