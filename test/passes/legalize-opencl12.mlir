// RUN: xfence-opt %s --xfence-legalize=target=opencl1.2 | FileCheck %s

// OpenCL 1.2 has no sub-groups: mem_fence is work-group scoped; spaces stay
// as they are (mem_fence takes flags).
// CHECK-LABEL: func @fences
// CHECK-NEXT: xfence.fence workgroup acquire [local]
// CHECK-NEXT: xfence.fence workgroup release [global]
// CHECK-NEXT: return
func.func @fences() {
  xfence.fence subgroup acquire [local]
  xfence.fence workgroup release [global]
  xfence.fence thread acq_rel [global]
  return
}

// OpenCL 1.2 atomics carry no order: an ordered atomic is a relaxed atomic
// between a release fence and an acquire fence of its scope.
// CHECK-LABEL: func @atomics
// CHECK-NEXT: xfence.atomic_rmw add %{{.*}}, %{{.*}} workgroup relaxed
// CHECK-NEXT: xfence.fence workgroup acquire [local, global]
// CHECK-NEXT: xfence.fence workgroup seq_cst [local, global]
// CHECK-NEXT: xfence.atomic_cmpxchg %{{.*}}, %{{.*}}, %{{.*}} workgroup relaxed relaxed
// CHECK-NEXT: xfence.fence workgroup seq_cst [local, global]
// CHECK-NEXT: xfence.atomic_store %{{.*}}, %{{.*}} device relaxed
// CHECK-NEXT: return
func.func @atomics(%p: !llvm.ptr<3>, %g: !llvm.ptr<1>, %v: i32) {
  %0 = xfence.atomic_rmw add %p, %v subgroup acquire : !llvm.ptr<3>, i32
  %1, %2 = xfence.atomic_cmpxchg %p, %v, %v workgroup seq_cst acquire : !llvm.ptr<3>, i32
  xfence.atomic_store %v, %g device relaxed : i32, !llvm.ptr<1>
  return
}
