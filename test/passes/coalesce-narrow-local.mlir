// narrow-local: a local-only fence or barrier memory part needs no scope
// wider than the cluster, since on sm_90 the other workgroups of a cluster
// reach a workgroup's local memory (distributed shared memory,
// .shared::cluster); with clusters=false it needs no more than the
// workgroup. Under exact-scopes no scope changes.
// RUN: xfence-opt %s -xfence-coalesce -split-input-file | FileCheck %s
// RUN: xfence-opt %s -xfence-coalesce=clusters=false -split-input-file | FileCheck %s --check-prefix=NOCLUSTER
// RUN: xfence-opt %s -xfence-coalesce=exact-scopes -split-input-file | FileCheck %s --check-prefix=EXACT

// A cluster-scope release of local memory stays at cluster scope: a CTA
// fence would not order the store for the other CTAs of the cluster.
// CHECK-LABEL: func.func @dsmem
// CHECK-NEXT:    llvm.store
// CHECK-NEXT:    xfence.fence cluster release [local]
// NOCLUSTER-LABEL: func.func @dsmem
// NOCLUSTER:       xfence.fence workgroup release [local]
// EXACT-LABEL: func.func @dsmem
// EXACT:           xfence.fence cluster release [local]
func.func @dsmem(%p: !llvm.ptr<3>, %v: i32) {
  llvm.store %v, %p : i32, !llvm.ptr<3>
  xfence.fence cluster release [local]
  xfence.atomic_store %v, %p cluster relaxed : i32, !llvm.ptr<3>
  return
}

// -----

// Wider scopes narrow to cluster, not below; workgroup and narrower stay.
// A barrier's memory part narrows as far as its execution scope allows.
// CHECK-LABEL: func.func @wider
// CHECK-NEXT:    xfence.fence cluster acq_rel [local]
// CHECK-NEXT:    xfence.access
// CHECK-NEXT:    xfence.fence cluster seq_cst [local]
// CHECK-NEXT:    xfence.access
// CHECK-NEXT:    xfence.fence workgroup acq_rel [local]
// CHECK-NEXT:    xfence.access
// CHECK-NEXT:    xfence.barrier workgroup memory cluster acq_rel [local]
// CHECK-NEXT:    xfence.access
// CHECK-NEXT:    xfence.barrier device memory device acq_rel [local]
// NOCLUSTER-LABEL: func.func @wider
// NOCLUSTER-NEXT:    xfence.fence workgroup acq_rel [local]
// NOCLUSTER-NEXT:    xfence.access
// NOCLUSTER-NEXT:    xfence.fence workgroup seq_cst [local]
// NOCLUSTER-NEXT:    xfence.access
// NOCLUSTER-NEXT:    xfence.fence workgroup acq_rel [local]
// NOCLUSTER-NEXT:    xfence.access
// NOCLUSTER-NEXT:    xfence.barrier workgroup memory workgroup acq_rel [local]
// NOCLUSTER-NEXT:    xfence.access
// NOCLUSTER-NEXT:    xfence.barrier device memory device acq_rel [local]
// EXACT-LABEL: func.func @wider
// EXACT-NEXT:    xfence.fence device acq_rel [local]
// EXACT-NEXT:    xfence.access
// EXACT-NEXT:    xfence.fence system seq_cst [local]
// EXACT-NEXT:    xfence.access
// EXACT-NEXT:    xfence.fence workgroup acq_rel [local]
// EXACT-NEXT:    xfence.access
// EXACT-NEXT:    xfence.barrier workgroup memory device acq_rel [local]
// EXACT-NEXT:    xfence.access
// EXACT-NEXT:    xfence.barrier device memory system acq_rel [local]
func.func @wider() {
  xfence.fence device acq_rel [local]
  xfence.access read [local]
  xfence.fence system seq_cst [local]
  xfence.access read [local]
  xfence.fence workgroup acq_rel [local]
  xfence.access read [local]
  xfence.barrier workgroup memory device acq_rel [local]
  xfence.access read [local]
  xfence.barrier device memory system acq_rel [local]
  return
}

// -----

// exact-scopes: OpenCL 2.x synchronizes two operations only at equal
// scopes, so narrowing one of them could part the pair; nothing narrows.
// CHECK-LABEL: func.func @exact
// CHECK-NEXT:    xfence.access
// CHECK-NEXT:    xfence.fence cluster acq_rel [local]
// EXACT-LABEL: func.func @exact
// EXACT-NEXT:    xfence.access
// EXACT-NEXT:    xfence.fence device acq_rel [local]
// EXACT-NEXT:    xfence.access
func.func @exact() {
  xfence.access write [local]
  xfence.fence device acq_rel [local]
  xfence.access read [local]
  return
}
