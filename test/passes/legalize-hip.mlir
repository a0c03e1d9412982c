// The hip row of the capability table: every scope of AMD's memory model is
// kept (a subgroup fence stays a wavefront one, unlike CUDA's); cluster,
// which AMD GPUs lack, widens to device; fences order every space.
// RUN: xfence-opt %s --xfence-legalize=target=hip | FileCheck %s

// CHECK-LABEL: func @scopes
// CHECK-NEXT: xfence.fence subgroup acquire [local, global, image]
// CHECK-NEXT: xfence.fence workgroup release [local, global, image]
// CHECK-NEXT: xfence.fence device acq_rel [local, global, image]
// CHECK-NEXT: xfence.fence device seq_cst [local, global, image]
// CHECK-NEXT: xfence.fence system acq_rel [local, global, image]
func.func @scopes() {
  xfence.fence subgroup acquire [local]
  xfence.fence workgroup release [global]
  xfence.fence cluster acq_rel [global]
  xfence.fence device seq_cst [local, global]
  xfence.fence system acq_rel [global]
  return
}

// CHECK-LABEL: func @atomics
// CHECK-NEXT: xfence.atomic_rmw add %arg0, %arg1 subgroup relaxed
// CHECK-NEXT: xfence.atomic_rmw inc %arg0, %arg1 device relaxed
func.func @atomics(%p: !llvm.ptr<1>, %v: i32) {
  %0 = xfence.atomic_rmw add %p, %v subgroup relaxed : !llvm.ptr<1>, i32
  %1 = xfence.atomic_rmw inc %p, %v cluster relaxed : !llvm.ptr<1>, i32
  return
}
