// RUN: xfence-opt %s --xfence-legalize=target=opencl1.2 | FileCheck %s

// OpenCL 1.2 has no sub-groups: mem_fence is work-group scoped; spaces stay
// as they are (mem_fence takes flags). read_mem_fence orders only loads and
// write_mem_fence only stores (OpenCL 1.2 §6.12.9): neither is an acquire
// or a release fence, so both become acq_rel (mem_fence).
// CHECK-LABEL: func @fences
// CHECK-NEXT: xfence.fence workgroup acq_rel [local]
// CHECK-NEXT: xfence.fence workgroup acq_rel [global]
// CHECK-NEXT: return
func.func @fences() {
  xfence.fence subgroup acquire [local]
  xfence.fence workgroup release [global]
  xfence.fence thread acq_rel [global]
  return
}

// OpenCL 1.2 atomics carry no order: an ordered atomic is a relaxed atomic
// between a release fence and an acquire fence of its scope, both acq_rel
// (mem_fence). seq_cst ones are refused (legalize-errors-opencl12.mlir).
// CHECK-LABEL: func @atomics
// CHECK-NEXT: xfence.atomic_rmw add %{{.*}}, %{{.*}} workgroup relaxed
// CHECK-NEXT: xfence.fence workgroup acq_rel [local, global]
// CHECK-NEXT: xfence.fence workgroup acq_rel [local, global]
// CHECK-NEXT: xfence.atomic_cmpxchg %{{.*}}, %{{.*}}, %{{.*}} workgroup relaxed relaxed
// CHECK-NEXT: xfence.fence workgroup acq_rel [local, global]
// CHECK-NEXT: xfence.atomic_store %{{.*}}, %{{.*}} device relaxed
// CHECK-NEXT: return
func.func @atomics(%p: !llvm.ptr<3>, %g: !llvm.ptr<1>, %v: i32) {
  %0 = xfence.atomic_rmw add %p, %v subgroup acquire : !llvm.ptr<3>, i32
  %1, %2 = xfence.atomic_cmpxchg %p, %v, %v workgroup acq_rel acquire : !llvm.ptr<3>, i32
  xfence.atomic_store %v, %g device relaxed : i32, !llvm.ptr<1>
  return
}

// Local memory is visible to one work-group only (and OpenCL has no
// clusters): an ordered device-scope atomic on it needs work-group fences,
// which 1.2 has. On global memory it stays an error
// (legalize-errors-opencl12.mlir).
// CHECK-LABEL: func @local_device_atomic
// CHECK-NEXT: xfence.fence workgroup acq_rel [local, global]
// CHECK-NEXT: xfence.atomic_rmw add %{{.*}}, %{{.*}} workgroup relaxed
// CHECK-NEXT: xfence.fence workgroup acq_rel [local, global]
// CHECK-NEXT: xfence.atomic_load %{{.*}} workgroup relaxed
// CHECK-NEXT: return
func.func @local_device_atomic(%p: !llvm.ptr<3>, %v: i32) {
  %0 = xfence.atomic_rmw add %p, %v device acq_rel : !llvm.ptr<3>, i32
  %1 = xfence.atomic_load %p system relaxed : !llvm.ptr<3> -> i32
  return
}
