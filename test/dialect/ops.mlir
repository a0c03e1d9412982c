// Round trip of every op and attribute form: the custom form parses, prints,
// and the printed form parses again to the same text; the generic form does
// too.
// RUN: xfence-opt %s | xfence-opt | FileCheck %s
// RUN: xfence-opt %s --mlir-print-op-generic | xfence-opt | FileCheck %s
// RUN: xfence-opt %s --mlir-print-debuginfo --mlir-print-local-scope | xfence-opt --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s --check-prefix=LOC

// CHECK-LABEL: func.func @scopes
func.func @scopes() {
  // CHECK-NEXT: xfence.fence thread seq_cst [local, global]
  xfence.fence thread seq_cst [local, global]
  // CHECK-NEXT: xfence.fence subgroup seq_cst [local, global]
  xfence.fence subgroup seq_cst [local, global]
  // CHECK-NEXT: xfence.fence workgroup seq_cst [local, global]
  xfence.fence workgroup seq_cst [local, global]
  // CHECK-NEXT: xfence.fence cluster seq_cst [local, global]
  xfence.fence cluster seq_cst [local, global]
  // CHECK-NEXT: xfence.fence device seq_cst [local, global]
  xfence.fence device seq_cst [local, global]
  // CHECK-NEXT: xfence.fence system seq_cst [local, global]
  xfence.fence system seq_cst [local, global]
  return
}

// CHECK-LABEL: func.func @orders
func.func @orders() {
  // CHECK-NEXT: xfence.fence device relaxed [global]
  xfence.fence device relaxed [global]
  // CHECK-NEXT: xfence.fence device acquire [global]
  xfence.fence device acquire [global]
  // CHECK-NEXT: xfence.fence device release [global]
  xfence.fence device release [global]
  // CHECK-NEXT: xfence.fence device acq_rel [global]
  xfence.fence device acq_rel [global]
  // CHECK-NEXT: xfence.fence device seq_cst [global]
  xfence.fence device seq_cst [global]
  return
}

// Every subset of the spaces; the printer sorts them.
// CHECK-LABEL: func.func @spaces
func.func @spaces() {
  // CHECK-NEXT: xfence.fence workgroup acq_rel []
  xfence.fence workgroup acq_rel []
  // CHECK-NEXT: xfence.fence workgroup acq_rel [local]
  xfence.fence workgroup acq_rel [local]
  // CHECK-NEXT: xfence.fence workgroup acq_rel [global]
  xfence.fence workgroup acq_rel [global]
  // CHECK-NEXT: xfence.fence workgroup acq_rel [image]
  xfence.fence workgroup acq_rel [image]
  // CHECK-NEXT: xfence.fence workgroup acq_rel [local, global]
  xfence.fence workgroup acq_rel [global, local]
  // CHECK-NEXT: xfence.fence workgroup acq_rel [local, image]
  xfence.fence workgroup acq_rel [image, local]
  // CHECK-NEXT: xfence.fence workgroup acq_rel [global, image]
  xfence.fence workgroup acq_rel [global, image]
  // CHECK-NEXT: xfence.fence workgroup acq_rel [local, global, image]
  xfence.fence workgroup acq_rel [image, global, local]
  return
}

// CHECK-LABEL: func.func @barriers
// CHECK-SAME: (%[[MASK:.*]]: i32, %[[P:.*]]: i32, %[[B:.*]]: i1)
func.func @barriers(%mask: i32, %p: i32, %b: i1) {
  // CHECK-NEXT: xfence.barrier workgroup{{$}}
  xfence.barrier workgroup
  // CHECK-NEXT: xfence.barrier workgroup memory workgroup acq_rel [local]
  xfence.barrier workgroup memory workgroup acq_rel [local]
  // CHECK-NEXT: xfence.barrier workgroup memory workgroup seq_cst [local, global]
  xfence.barrier workgroup memory workgroup seq_cst [local, global]
  // CHECK-NEXT: xfence.barrier workgroup memory device acq_rel [global]
  xfence.barrier workgroup memory device acq_rel [global]
  // CHECK-NEXT: xfence.barrier workgroup memory workgroup release [local]
  xfence.barrier workgroup memory workgroup release [local]
  // CHECK-NEXT: xfence.barrier workgroup memory workgroup acquire [local]
  xfence.barrier workgroup memory workgroup acquire [local]
  // CHECK-NEXT: xfence.barrier workgroup memory thread acq_rel [image]
  xfence.barrier workgroup memory thread acq_rel [image]
  // CHECK-NEXT: xfence.barrier subgroup{{$}}
  xfence.barrier subgroup
  // CHECK-NEXT: xfence.barrier subgroup mask(%[[MASK]]) memory subgroup acq_rel [local, global]
  xfence.barrier subgroup mask(%mask) memory subgroup acq_rel [local, global]
  // CHECK-NEXT: xfence.barrier subgroup memory workgroup acq_rel [local]
  xfence.barrier subgroup memory workgroup acq_rel [local]
  // CHECK-NEXT: xfence.barrier cluster memory cluster acq_rel [local, global]
  xfence.barrier cluster memory cluster acq_rel [local, global]
  // CHECK-NEXT: xfence.barrier device memory device seq_cst [global]
  xfence.barrier device memory device seq_cst [global]
  // CHECK-NEXT: xfence.barrier system memory system seq_cst [global]
  xfence.barrier system memory system seq_cst [global]
  // CHECK-NEXT: xfence.barrier_reduce count %[[P]] workgroup memory workgroup acq_rel [local, global] : i32
  %0 = xfence.barrier_reduce count %p workgroup memory workgroup acq_rel [local, global] : i32
  // CHECK-NEXT: xfence.barrier_reduce and %[[P]] workgroup : i32
  %1 = xfence.barrier_reduce and %p workgroup : i32
  // CHECK-NEXT: xfence.barrier_reduce or %[[B]] workgroup memory workgroup acq_rel [global] : i1
  %2 = xfence.barrier_reduce or %b workgroup memory workgroup acq_rel [global] : i1
  return
}

// CHECK-LABEL: func.func @rmw
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr<1>, %[[L:.*]]: !llvm.ptr<3>, %[[G:.*]]: !llvm.ptr, %[[I:.*]]: i32, %[[J:.*]]: i64, %[[F:.*]]: f32, %[[D:.*]]: f64)
func.func @rmw(%p: !llvm.ptr<1>, %l: !llvm.ptr<3>, %g: !llvm.ptr, %i: i32, %j: i64, %f: f32, %d: f64) {
  // CHECK-NEXT: xfence.atomic_rmw add %[[P]], %[[I]] device relaxed : !llvm.ptr<1>, i32
  %0 = xfence.atomic_rmw add %p, %i device relaxed : !llvm.ptr<1>, i32
  // CHECK-NEXT: xfence.atomic_rmw sub %[[L]], %[[I]] workgroup relaxed : !llvm.ptr<3>, i32
  %1 = xfence.atomic_rmw sub %l, %i workgroup relaxed : !llvm.ptr<3>, i32
  // CHECK-NEXT: xfence.atomic_rmw and %[[P]], %[[J]] device acquire : !llvm.ptr<1>, i64
  %2 = xfence.atomic_rmw and %p, %j device acquire : !llvm.ptr<1>, i64
  // CHECK-NEXT: xfence.atomic_rmw or %[[P]], %[[I]] device release : !llvm.ptr<1>, i32
  %3 = xfence.atomic_rmw or %p, %i device release : !llvm.ptr<1>, i32
  // CHECK-NEXT: xfence.atomic_rmw xor %[[P]], %[[I]] system acq_rel : !llvm.ptr<1>, i32
  %4 = xfence.atomic_rmw xor %p, %i system acq_rel : !llvm.ptr<1>, i32
  // CHECK-NEXT: xfence.atomic_rmw min %[[G]], %[[I]] device seq_cst : !llvm.ptr, i32
  %5 = xfence.atomic_rmw min %g, %i device seq_cst : !llvm.ptr, i32
  // CHECK-NEXT: xfence.atomic_rmw max %[[P]], %[[J]] cluster relaxed : !llvm.ptr<1>, i64
  %6 = xfence.atomic_rmw max %p, %j cluster relaxed : !llvm.ptr<1>, i64
  // CHECK-NEXT: xfence.atomic_rmw umin %[[P]], %[[I]] subgroup relaxed : !llvm.ptr<1>, i32
  %7 = xfence.atomic_rmw umin %p, %i subgroup relaxed : !llvm.ptr<1>, i32
  // CHECK-NEXT: xfence.atomic_rmw umax %[[P]], %[[I]] thread relaxed : !llvm.ptr<1>, i32
  %8 = xfence.atomic_rmw umax %p, %i thread relaxed : !llvm.ptr<1>, i32
  // CHECK-NEXT: xfence.atomic_rmw xchg %[[P]], %[[F]] device relaxed : !llvm.ptr<1>, f32
  %9 = xfence.atomic_rmw xchg %p, %f device relaxed : !llvm.ptr<1>, f32
  // CHECK-NEXT: xfence.atomic_rmw inc %[[P]], %[[I]] device relaxed : !llvm.ptr<1>, i32
  %10 = xfence.atomic_rmw inc %p, %i device relaxed : !llvm.ptr<1>, i32
  // CHECK-NEXT: xfence.atomic_rmw dec %[[P]], %[[I]] device relaxed : !llvm.ptr<1>, i32
  %11 = xfence.atomic_rmw dec %p, %i device relaxed : !llvm.ptr<1>, i32
  // CHECK-NEXT: xfence.atomic_rmw fadd %[[P]], %[[D]] device relaxed : !llvm.ptr<1>, f64
  %12 = xfence.atomic_rmw fadd %p, %d device relaxed : !llvm.ptr<1>, f64
  return
}

// CHECK-LABEL: func.func @memref_atomics
// CHECK-SAME: (%[[M:.*]]: memref<?x4xf32, 1>, %[[I:.*]]: index, %[[J:.*]]: index, %[[X:.*]]: f32, %[[S:.*]]: memref<i32>, %[[V:.*]]: i32)
func.func @memref_atomics(%m: memref<?x4xf32, 1>, %i: index, %j: index, %x: f32, %s: memref<i32>, %v: i32) {
  // CHECK-NEXT: xfence.atomic_rmw fadd %[[M]][%[[I]], %[[J]]], %[[X]] device acq_rel : memref<?x4xf32, 1>, f32
  %0 = xfence.atomic_rmw fadd %m[%i, %j], %x device acq_rel : memref<?x4xf32, 1>, f32
  // CHECK-NEXT: xfence.atomic_rmw add %[[S]], %[[V]] workgroup relaxed : memref<i32>, i32
  %1 = xfence.atomic_rmw add %s, %v workgroup relaxed : memref<i32>, i32
  // CHECK-NEXT: xfence.atomic_load %[[M]][%[[I]], %[[J]]] device acquire : memref<?x4xf32, 1> -> f32
  %2 = xfence.atomic_load %m[%i, %j] device acquire : memref<?x4xf32, 1> -> f32
  // CHECK-NEXT: xfence.atomic_store %[[X]], %[[M]][%[[I]], %[[J]]] device release : f32, memref<?x4xf32, 1>
  xfence.atomic_store %x, %m[%i, %j] device release : f32, memref<?x4xf32, 1>
  // CHECK-NEXT: xfence.atomic_cmpxchg %[[S]], %[[V]], %[[V]] workgroup seq_cst seq_cst : memref<i32>, i32
  %3, %4 = xfence.atomic_cmpxchg %s, %v, %v workgroup seq_cst seq_cst : memref<i32>, i32
  return
}

// CHECK-LABEL: func.func @cmpxchg_load_store
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr<1>, %[[E:.*]]: i32, %[[D:.*]]: i32, %[[Q:.*]]: i64)
func.func @cmpxchg_load_store(%p: !llvm.ptr<1>, %e: i32, %d: i32, %q: i64) {
  // CHECK-NEXT: %{{.*}}, %{{.*}} = xfence.atomic_cmpxchg %[[P]], %[[E]], %[[D]] device acq_rel acquire : !llvm.ptr<1>, i32
  %0, %1 = xfence.atomic_cmpxchg %p, %e, %d device acq_rel acquire : !llvm.ptr<1>, i32
  // CHECK-NEXT: xfence.atomic_cmpxchg %[[P]], %[[E]], %[[D]] device release relaxed weak : !llvm.ptr<1>, i32
  %2, %3 = xfence.atomic_cmpxchg %p, %e, %d device release relaxed weak : !llvm.ptr<1>, i32
  // CHECK-NEXT: xfence.atomic_cmpxchg %[[P]], %[[Q]], %[[Q]] system seq_cst seq_cst : !llvm.ptr<1>, i64
  %4, %5 = xfence.atomic_cmpxchg %p, %q, %q system seq_cst seq_cst : !llvm.ptr<1>, i64
  // CHECK-NEXT: xfence.atomic_load %[[P]] device relaxed : !llvm.ptr<1> -> i32
  %6 = xfence.atomic_load %p device relaxed : !llvm.ptr<1> -> i32
  // CHECK-NEXT: xfence.atomic_load %[[P]] workgroup acquire : !llvm.ptr<1> -> i64
  %7 = xfence.atomic_load %p workgroup acquire : !llvm.ptr<1> -> i64
  // CHECK-NEXT: xfence.atomic_load %[[P]] system seq_cst : !llvm.ptr<1> -> f32
  %8 = xfence.atomic_load %p system seq_cst : !llvm.ptr<1> -> f32
  // CHECK-NEXT: xfence.atomic_store %[[E]], %[[P]] device relaxed : i32, !llvm.ptr<1>
  xfence.atomic_store %e, %p device relaxed : i32, !llvm.ptr<1>
  // CHECK-NEXT: xfence.atomic_store %[[E]], %[[P]] device release : i32, !llvm.ptr<1>
  xfence.atomic_store %e, %p device release : i32, !llvm.ptr<1>
  // CHECK-NEXT: xfence.atomic_store %[[Q]], %[[P]] cluster seq_cst : i64, !llvm.ptr<1>
  xfence.atomic_store %q, %p cluster seq_cst : i64, !llvm.ptr<1>
  return
}

// CHECK-LABEL: func.func @source_structure
func.func @source_structure() {
  // CHECK-NEXT: xfence.access read [global]
  xfence.access read [global]
  // CHECK-NEXT: xfence.access write [local]
  xfence.access write [local]
  // CHECK-NEXT: xfence.access read write [local, global] volatile
  xfence.access read write [local, global] volatile
  // CHECK-NEXT: xfence.opaque "external_helper"
  xfence.opaque "external_helper"
  // CHECK-NEXT: xfence.branch {
  // CHECK-NEXT:   xfence.exit return
  // CHECK-NEXT: }, {
  // CHECK-NEXT:   xfence.exit goto
  // CHECK-NEXT: }, {
  // CHECK-NEXT: }
  xfence.branch {
    xfence.exit return
  }, {
    xfence.exit goto
  }, {
  }
  // CHECK-NEXT: xfence.loop {
  // CHECK-NEXT:   xfence.exit break
  // CHECK-NEXT:   xfence.exit continue
  // CHECK-NEXT: }
  xfence.loop {
    xfence.exit break
    xfence.exit continue
  }
  return
}

// Source locations, FileLineColRange included, survive the round trip.
// LOC-LABEL: func.func @locations
func.func @locations() {
  // LOC: xfence.fence workgroup acq_rel [local] loc("k.cl":3:5 to :26)
  xfence.fence workgroup acq_rel [local] loc("k.cl":3:5 to :26)
  // LOC: xfence.barrier workgroup loc("k.cl":4:5 to 5:12)
  xfence.barrier workgroup loc("k.cl":4:5 to 5:12)
  return
}

// Standalone attribute forms.
// CHECK-LABEL: func.func @attributes
// CHECK-SAME: xfence.attrs = [#xfence.scope<cluster>, #xfence.order<acq_rel>, #xfence.spaces<local, image>, #xfence.spaces<none>, #xfence.rmw_kind<fadd>, #xfence.reduction<or>, #xfence.exit<break>]
func.func @attributes() attributes {xfence.attrs = [#xfence.scope<cluster>, #xfence.order<acq_rel>, #xfence.spaces<local, image>, #xfence.spaces<none>, #xfence.rmw_kind<fadd>, #xfence.reduction<or>, #xfence.exit<break>]} {
  return
}
