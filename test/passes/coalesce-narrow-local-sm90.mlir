// On sm_90 a CTA's shared memory is reachable from every CTA of its cluster
// (distributed shared memory): after coalescing, a cluster-scope release of
// local memory is still a cluster fence in PTX, not a CTA fence.
// RUN: xfence-opt %s -xfence-coalesce --convert-xfence-to-nvvm="sm=90 ptx=86" | FileCheck %s

// CHECK-LABEL: @dsmem
// CHECK:         llvm.store
// CHECK-NEXT:    llvm.fence syncscope("cluster") release
// CHECK-NEXT:    llvm.store {{.*}} atomic syncscope("cluster") monotonic
func.func @dsmem(%p: !llvm.ptr<3>, %v: i32) {
  llvm.store %v, %p : i32, !llvm.ptr<3>
  xfence.fence cluster release [local]
  xfence.atomic_store %v, %p cluster relaxed : i32, !llvm.ptr<3>
  return
}
