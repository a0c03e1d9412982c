// RUN: xfence-opt --xfence-raise-llvm %s | FileCheck %s --implicit-check-not=llvm.atomicrmw --implicit-check-not=llvm.cmpxchg "--implicit-check-not= atomic "
// The raised atomics go on to the PTX lowering: a seq_cst read-modify-write
// is fence.sc and an acquire atom (the PTX atomics ABI), not a relaxed atom.
// RUN: xfence-opt --xfence-raise-llvm --xfence-legalize=target=ptx-sm90 --convert-xfence-to-nvvm %s | FileCheck %s --check-prefix=NVVM

// Guards the raising of LLVM IR against leaving LLVM's own atomics (as
// Clang writes them for __opencl_atomic_*, __c11_atomic_*, __atomic_* and
// __sync_*) to the GPU back ends, which drop the order of atomicrmw (NVPTX)
// and the atomicity of load/store atomic and the storage bits of atomicrmw
// (SPIR-V). Each becomes the xfence atomic of its address, value, order and
// sync scope (scopes as for fences: "" system, "workgroup" workgroup,
// "device" device, ...).

// CHECK-LABEL: llvm.func @rmw(
// CHECK-SAME: %[[P:[^:]*]]: !llvm.ptr<1>, %[[L:[^:]*]]: !llvm.ptr<3>, %[[V:[^:]*]]: i32, %[[F:[^:]*]]: f32)
// CHECK-NEXT: xfence.atomic_rmw add %[[P]], %[[V]] workgroup seq_cst : !llvm.ptr<1>, i32
// CHECK-NEXT: xfence.atomic_rmw sub %[[P]], %[[V]] device acq_rel : !llvm.ptr<1>, i32
// CHECK-NEXT: xfence.atomic_rmw and %[[L]], %[[V]] workgroup release : !llvm.ptr<3>, i32
// CHECK-NEXT: xfence.atomic_rmw or %[[P]], %[[V]] system acquire : !llvm.ptr<1>, i32
// CHECK-NEXT: xfence.atomic_rmw xor %[[P]], %[[V]] subgroup relaxed : !llvm.ptr<1>, i32
// CHECK-NEXT: xfence.atomic_rmw max %[[P]], %[[V]] system relaxed : !llvm.ptr<1>, i32
// CHECK-NEXT: xfence.atomic_rmw min %[[P]], %[[V]] system relaxed : !llvm.ptr<1>, i32
// CHECK-NEXT: xfence.atomic_rmw umax %[[P]], %[[V]] system relaxed : !llvm.ptr<1>, i32
// CHECK-NEXT: xfence.atomic_rmw umin %[[P]], %[[V]] thread relaxed : !llvm.ptr<1>, i32
// CHECK-NEXT: xfence.atomic_rmw xchg %[[P]], %[[V]] system seq_cst : !llvm.ptr<1>, i32
// CHECK-NEXT: xfence.atomic_rmw inc %[[P]], %[[V]] device relaxed : !llvm.ptr<1>, i32
// CHECK-NEXT: xfence.atomic_rmw dec %[[P]], %[[V]] device relaxed : !llvm.ptr<1>, i32
// CHECK-NEXT: xfence.atomic_rmw fadd %[[P]], %[[F]] device relaxed : !llvm.ptr<1>, f32
// CHECK-NEXT: xfence.atomic_rmw xchg %[[P]], %[[F]] device relaxed : !llvm.ptr<1>, f32
// NVVM-LABEL: llvm.func @rmw(
// NVVM: fence.sc.cta;
// NVVM-SAME: atom.acquire.cta.global.add.u32
// NVVM-NOT: atom.global.add
llvm.func @rmw(%p: !llvm.ptr<1>, %l: !llvm.ptr<3>, %v: i32, %f: f32) {
  %0 = llvm.atomicrmw add %p, %v syncscope("workgroup") seq_cst {alignment = 4 : i64} : !llvm.ptr<1>, i32
  %1 = llvm.atomicrmw sub %p, %v syncscope("device") acq_rel : !llvm.ptr<1>, i32
  %2 = llvm.atomicrmw _and %l, %v syncscope("workgroup") release : !llvm.ptr<3>, i32
  %3 = llvm.atomicrmw _or %p, %v acquire : !llvm.ptr<1>, i32
  %4 = llvm.atomicrmw _xor %p, %v syncscope("subgroup") monotonic : !llvm.ptr<1>, i32
  %5 = llvm.atomicrmw max %p, %v monotonic : !llvm.ptr<1>, i32
  %6 = llvm.atomicrmw min %p, %v monotonic : !llvm.ptr<1>, i32
  %7 = llvm.atomicrmw umax %p, %v monotonic : !llvm.ptr<1>, i32
  %8 = llvm.atomicrmw umin %p, %v syncscope("singlethread") monotonic : !llvm.ptr<1>, i32
  %9 = llvm.atomicrmw xchg %p, %v seq_cst : !llvm.ptr<1>, i32
  %10 = llvm.atomicrmw uinc_wrap %p, %v syncscope("agent") monotonic : !llvm.ptr<1>, i32
  %11 = llvm.atomicrmw udec_wrap %p, %v syncscope("gpu") monotonic : !llvm.ptr<1>, i32
  %12 = llvm.atomicrmw fadd %p, %f syncscope("device") monotonic : !llvm.ptr<1>, f32
  %13 = llvm.atomicrmw xchg %p, %f syncscope("device") monotonic : !llvm.ptr<1>, f32
  llvm.return
}

// A compare-exchange keeps LLVM's {old, success} pair for its users; a
// failure order stronger than the success order (which LLVM allows and
// xfence does not) strengthens the success order.
// CHECK-LABEL: llvm.func @cmpxchg(
// CHECK-SAME: %[[P:[^:]*]]: !llvm.ptr<1>, %[[E:[^:]*]]: i32, %[[D:[^:]*]]: i32)
// CHECK-NEXT: %[[OLD:.*]], %[[OK:.*]] = xfence.atomic_cmpxchg %[[P]], %[[E]], %[[D]] device acq_rel acquire : !llvm.ptr<1>, i32
// CHECK-NEXT: %[[OLD2:.*]], %[[OK2:.*]] = xfence.atomic_cmpxchg %[[P]], %[[E]], %[[D]] workgroup seq_cst seq_cst weak : !llvm.ptr<1>, i32
// CHECK-NEXT: xfence.atomic_cmpxchg %[[P]], %[[E]], %[[D]] system acq_rel acquire : !llvm.ptr<1>, i32
// CHECK-NEXT: xfence.atomic_cmpxchg %[[P]], %[[E]], %[[D]] system acquire acquire : !llvm.ptr<1>, i32
// CHECK-NEXT: llvm.select %[[OK]], %[[OLD]], %[[OLD2]]
// CHECK-NEXT: llvm.zext %[[OK2]]
llvm.func @cmpxchg(%p: !llvm.ptr<1>, %e: i32, %d: i32) -> i32 {
  %0 = llvm.cmpxchg %p, %e, %d syncscope("device") acq_rel acquire {alignment = 4 : i64} : !llvm.ptr<1>, i32
  %1 = llvm.cmpxchg weak %p, %e, %d syncscope("workgroup") seq_cst seq_cst : !llvm.ptr<1>, i32
  %2 = llvm.cmpxchg %p, %e, %d release acquire : !llvm.ptr<1>, i32
  %3 = llvm.cmpxchg %p, %e, %d monotonic acquire : !llvm.ptr<1>, i32
  %old = llvm.extractvalue %0[0] : !llvm.struct<(i32, i1)>
  %ok = llvm.extractvalue %0[1] : !llvm.struct<(i32, i1)>
  %old2 = llvm.extractvalue %1[0] : !llvm.struct<(i32, i1)>
  %ok2 = llvm.extractvalue %1[1] : !llvm.struct<(i32, i1)>
  %r = llvm.select %ok, %old, %old2 : i1, i32
  %z = llvm.zext %ok2 : i1 to i32
  %s = llvm.add %r, %z : i32
  llvm.return %s : i32
}

// Atomic loads and stores; plain ones stay. `unordered` is relaxed (a
// strengthening).
// CHECK-LABEL: llvm.func @load_store(
// CHECK-SAME: %[[P:[^:]*]]: !llvm.ptr<1>, %[[V:[^:]*]]: i32)
// CHECK-NEXT: xfence.atomic_load %[[P]] device acquire : !llvm.ptr<1> -> i32
// CHECK-NEXT: xfence.atomic_load %[[P]] system seq_cst : !llvm.ptr<1> -> i32
// CHECK-NEXT: xfence.atomic_load %[[P]] workgroup relaxed : !llvm.ptr<1> -> i32
// CHECK-NEXT: xfence.atomic_load %[[P]] system relaxed : !llvm.ptr<1> -> f32
// CHECK-NEXT: llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr<1> -> i32
// CHECK-NEXT: llvm.call @use
// CHECK-NEXT: xfence.atomic_store %[[V]], %[[P]] device release : i32, !llvm.ptr<1>
// CHECK-NEXT: xfence.atomic_store %[[V]], %[[P]] system seq_cst : i32, !llvm.ptr<1>
// CHECK-NEXT: xfence.atomic_store %[[V]], %[[P]] system relaxed : i32, !llvm.ptr<1>
// CHECK-NEXT: llvm.store %[[V]], %[[P]] : i32, !llvm.ptr<1>
// NVVM-LABEL: llvm.func @load_store(
// NVVM: llvm.load %{{.*}} atomic syncscope("device") acquire
llvm.func @use(i32, i32, i32, f32, i32)
llvm.func @load_store(%p: !llvm.ptr<1>, %v: i32) {
  %0 = llvm.load %p atomic syncscope("device") acquire {alignment = 4 : i64} : !llvm.ptr<1> -> i32
  %1 = llvm.load %p atomic seq_cst {alignment = 4 : i64} : !llvm.ptr<1> -> i32
  %2 = llvm.load %p atomic syncscope("workgroup") unordered {alignment = 4 : i64} : !llvm.ptr<1> -> i32
  %3 = llvm.load %p atomic monotonic {alignment = 4 : i64} : !llvm.ptr<1> -> f32
  %4 = llvm.load %p {alignment = 4 : i64} : !llvm.ptr<1> -> i32
  llvm.call @use(%0, %1, %2, %3, %4) : (i32, i32, i32, f32, i32) -> ()
  llvm.store %v, %p atomic syncscope("device") release {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.store %v, %p atomic seq_cst {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.store %v, %p atomic syncscope("all_svm_devices") monotonic {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.store %v, %p : i32, !llvm.ptr<1>
  llvm.return
}
