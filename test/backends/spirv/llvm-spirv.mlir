// RUN: xfence-opt %s --convert-xfence-to-llvm-spirv | FileCheck %s --implicit-check-not=xfence.
// convert-xfence-to-llvm-spirv: xfence ops to calls of the SPIR-V built-ins
// that LLVM's SPIR-V back end knows, with the Scope numbers (CrossDevice 0,
// Device 1, Workgroup 2, Subgroup 3, Invocation 4) and MemorySemantics bits
// (Acquire 0x2, Release 0x4, AcquireRelease 0x8, SequentiallyConsistent
// 0x10, WorkgroupMemory 0x100, CrossWorkgroupMemory 0x200, ImageMemory
// 0x800) of convert-xfence-to-spirv.

// CHECK-DAG: llvm.func spir_funccc @_Z21__spirv_MemoryBarrierii(i32, i32) attributes {no_unwind}
// CHECK-DAG: llvm.func spir_funccc @_Z22__spirv_ControlBarrieriii(i32, i32, i32) attributes {convergent, no_unwind}
// CHECK-DAG: llvm.func spir_funccc @_Z18__spirv_AtomicIAddPU3AS1iiii(!llvm.ptr<1>, i32, i32, i32) -> i32
// CHECK-DAG: llvm.func spir_funccc @_Z18__spirv_AtomicISubPU3AS3iiii(!llvm.ptr<3>, i32, i32, i32) -> i32
// CHECK-DAG: llvm.func spir_funccc @_Z18__spirv_AtomicUMaxPU3AS4liil(!llvm.ptr<4>, i32, i32, i64) -> i64
// CHECK-DAG: llvm.func spir_funccc @_Z22__spirv_AtomicExchangePU3AS1fiif(!llvm.ptr<1>, i32, i32, f32) -> f32
// CHECK-DAG: llvm.func spir_funccc @_Z21__spirv_AtomicFAddEXTPU3AS1fiif(!llvm.ptr<1>, i32, i32, f32) -> f32
// CHECK-DAG: llvm.func spir_funccc @_Z29__spirv_AtomicCompareExchangePU3AS1iiiiii(!llvm.ptr<1>, i32, i32, i32, i32, i32) -> i32
// CHECK-DAG: llvm.func spir_funccc @_Z18__spirv_AtomicLoadPU3AS1iii(!llvm.ptr<1>, i32, i32) -> i32
// CHECK-DAG: llvm.func spir_funccc @_Z19__spirv_AtomicStorePU3AS1iiii(!llvm.ptr<1>, i32, i32, i32)

// OpenCL 1.2 mem_fence(CLK_LOCAL_MEM_FENCE) is Workgroup, AcquireRelease |
// WorkgroupMemory (0x108); read_/write_mem_fence of global memory Acquire /
// Release | CrossWorkgroupMemory; a 2.0 device fence Device.
// CHECK-LABEL: llvm.func @fences(
// CHECK: %[[S:.*]] = llvm.mlir.constant(2 : i32)
// CHECK: %[[M:.*]] = llvm.mlir.constant(264 : i32)
// CHECK: llvm.call spir_funccc @_Z21__spirv_MemoryBarrierii(%[[S]], %[[M]]) {no_unwind}
// CHECK: llvm.mlir.constant(2 : i32)
// CHECK: llvm.mlir.constant(514 : i32)
// CHECK: llvm.call spir_funccc @_Z21__spirv_MemoryBarrierii
// CHECK: llvm.mlir.constant(2 : i32)
// CHECK: llvm.mlir.constant(516 : i32)
// CHECK: llvm.call spir_funccc @_Z21__spirv_MemoryBarrierii
// CHECK: llvm.mlir.constant(1 : i32)
// CHECK: llvm.mlir.constant(772 : i32)
// CHECK: llvm.call spir_funccc @_Z21__spirv_MemoryBarrierii
// CHECK: llvm.mlir.constant(0 : i32)
// CHECK: llvm.mlir.constant(2576 : i32)
// CHECK: llvm.call spir_funccc @_Z21__spirv_MemoryBarrierii
// CHECK: llvm.mlir.constant(3 : i32)
// CHECK: llvm.mlir.constant(260 : i32)
// CHECK: llvm.call spir_funccc @_Z21__spirv_MemoryBarrierii
// Cluster scope widens to Device (legalization).
// CHECK: llvm.mlir.constant(1 : i32)
// CHECK: llvm.mlir.constant(264 : i32)
// CHECK: llvm.call spir_funccc @_Z21__spirv_MemoryBarrierii
// CHECK: llvm.return
llvm.func @fences() {
  xfence.fence workgroup acq_rel [local]
  xfence.fence workgroup acquire [global]
  xfence.fence workgroup release [global]
  xfence.fence device release [local, global]
  xfence.fence system seq_cst [global, image]
  xfence.fence subgroup release [local]
  xfence.fence cluster acq_rel [local]
  llvm.return
}

// barrier(CLK_LOCAL_MEM_FENCE): Workgroup, Workgroup, AcquireRelease |
// WorkgroupMemory; barrier(0): semantics None; a 2.0 work_group_barrier of
// global memory at device scope: Workgroup, Device.
// CHECK-LABEL: llvm.func @barriers(
// CHECK: %[[E:.*]] = llvm.mlir.constant(2 : i32)
// CHECK: %[[MS:.*]] = llvm.mlir.constant(2 : i32)
// CHECK: %[[SEM:.*]] = llvm.mlir.constant(264 : i32)
// CHECK: llvm.call spir_funccc @_Z22__spirv_ControlBarrieriii(%[[E]], %[[MS]], %[[SEM]]) {convergent, no_unwind}
// CHECK: llvm.mlir.constant(2 : i32)
// CHECK: llvm.mlir.constant(2 : i32)
// CHECK: llvm.mlir.constant(0 : i32)
// CHECK: llvm.call spir_funccc @_Z22__spirv_ControlBarrieriii
// CHECK: llvm.mlir.constant(2 : i32)
// CHECK: llvm.mlir.constant(1 : i32)
// CHECK: llvm.mlir.constant(520 : i32)
// CHECK: llvm.call spir_funccc @_Z22__spirv_ControlBarrieriii
// CHECK: llvm.mlir.constant(3 : i32)
// CHECK: llvm.mlir.constant(3 : i32)
// CHECK: llvm.mlir.constant(776 : i32)
// CHECK: llvm.call spir_funccc @_Z22__spirv_ControlBarrieriii
// CHECK: llvm.return
llvm.func @barriers() {
  xfence.barrier workgroup memory workgroup acq_rel [local]
  xfence.barrier workgroup
  xfence.barrier workgroup memory device acq_rel [global]
  xfence.barrier subgroup memory subgroup acq_rel [local, global]
  llvm.return
}

// A relaxed atomic has semantics None; an ordered one the order bit and
// every storage bit (0x900 | order).
// CHECK-LABEL: llvm.func @atomics(
// CHECK-SAME: %[[G:[^:]*]]: !llvm.ptr<1>, %[[L:[^:]*]]: !llvm.ptr<3>, %[[P:[^:]*]]: !llvm.ptr<4>, %[[F:[^:]*]]: !llvm.ptr<1>, %[[V:[^:]*]]: i32, %[[W:[^:]*]]: i64, %[[X:[^:]*]]: f32
// CHECK: %[[S1:.*]] = llvm.mlir.constant(1 : i32)
// CHECK: %[[N1:.*]] = llvm.mlir.constant(0 : i32)
// CHECK: %{{.*}} = llvm.call spir_funccc @_Z18__spirv_AtomicIAddPU3AS1iiii(%[[G]], %[[S1]], %[[N1]], %[[V]]) {no_unwind} : (!llvm.ptr<1>, i32, i32, i32) -> i32
// CHECK: llvm.mlir.constant(2 : i32)
// CHECK: llvm.mlir.constant(2824 : i32)
// CHECK: llvm.call spir_funccc @_Z18__spirv_AtomicISubPU3AS3iiii(%[[L]],
// CHECK: llvm.mlir.constant(1 : i32)
// CHECK: llvm.mlir.constant(2832 : i32)
// CHECK: llvm.call spir_funccc @_Z18__spirv_AtomicUMaxPU3AS4liil(%[[P]], {{.*}}, %[[W]])
// CHECK: llvm.call spir_funccc @_Z17__spirv_AtomicAndPU3AS1iiii(
// CHECK: llvm.call spir_funccc @_Z16__spirv_AtomicOrPU3AS1iiii(
// CHECK: llvm.call spir_funccc @_Z17__spirv_AtomicXorPU3AS1iiii(
// CHECK: llvm.call spir_funccc @_Z18__spirv_AtomicSMinPU3AS1iiii(
// CHECK: llvm.call spir_funccc @_Z18__spirv_AtomicSMaxPU3AS1iiii(
// CHECK: llvm.call spir_funccc @_Z18__spirv_AtomicUMinPU3AS1iiii(
// CHECK: llvm.call spir_funccc @_Z22__spirv_AtomicExchangePU3AS1fiif(%[[F]], {{.*}}, %[[X]])
// CHECK: llvm.call spir_funccc @_Z21__spirv_AtomicFAddEXTPU3AS1fiif(%[[F]], {{.*}}, %[[X]])
// CHECK: llvm.return
llvm.func @atomics(%g: !llvm.ptr<1>, %l: !llvm.ptr<3>, %p: !llvm.ptr<4>,
                   %f: !llvm.ptr<1>, %v: i32, %w: i64, %x: f32) {
  %0 = xfence.atomic_rmw add %g, %v device relaxed : !llvm.ptr<1>, i32
  %1 = xfence.atomic_rmw sub %l, %v workgroup acq_rel : !llvm.ptr<3>, i32
  %2 = xfence.atomic_rmw umax %p, %w device seq_cst : !llvm.ptr<4>, i64
  %3 = xfence.atomic_rmw and %g, %v device relaxed : !llvm.ptr<1>, i32
  %4 = xfence.atomic_rmw or %g, %v device relaxed : !llvm.ptr<1>, i32
  %5 = xfence.atomic_rmw xor %g, %v device relaxed : !llvm.ptr<1>, i32
  %6 = xfence.atomic_rmw min %g, %v device relaxed : !llvm.ptr<1>, i32
  %7 = xfence.atomic_rmw max %g, %v device relaxed : !llvm.ptr<1>, i32
  %8 = xfence.atomic_rmw umin %g, %v device relaxed : !llvm.ptr<1>, i32
  %9 = xfence.atomic_rmw xchg %f, %x device relaxed : !llvm.ptr<1>, f32
  %10 = xfence.atomic_rmw fadd %f, %x device relaxed : !llvm.ptr<1>, f32
  llvm.return
}

// Compare-exchange: Value = desired, Comparator = expected, then icmp eq;
// `weak` takes the strong form. Loads and stores are OpAtomicLoad and
// OpAtomicStore.
// CHECK-LABEL: llvm.func @cas_load_store(
// CHECK-SAME: %[[G:[^:]*]]: !llvm.ptr<1>, %[[E:[^:]*]]: i32, %[[D:[^:]*]]: i32, %[[F:[^:]*]]: !llvm.ptr<1>, %[[X:[^:]*]]: f32, %[[Y:[^:]*]]: f32
// CHECK: %[[S:.*]] = llvm.mlir.constant(1 : i32)
// CHECK: %[[EQ:.*]] = llvm.mlir.constant(2824 : i32)
// CHECK: %[[NE:.*]] = llvm.mlir.constant(2818 : i32)
// CHECK: %[[OLD:.*]] = llvm.call spir_funccc @_Z29__spirv_AtomicCompareExchangePU3AS1iiiiii(%[[G]], %[[S]], %[[EQ]], %[[NE]], %[[D]], %[[E]])
// CHECK: llvm.icmp "eq" %[[OLD]], %[[E]]
// CHECK: llvm.call spir_funccc @_Z29__spirv_AtomicCompareExchangePU3AS1iiiiii(%[[G]],
// CHECK: %[[XI:.*]] = llvm.bitcast %[[X]] : f32 to i32
// CHECK: %[[YI:.*]] = llvm.bitcast %[[Y]] : f32 to i32
// CHECK: %[[FO:.*]] = llvm.call spir_funccc @_Z29__spirv_AtomicCompareExchangePU3AS1iiiiii(%[[F]], {{.*}}, %[[YI]], %[[XI]])
// CHECK: llvm.icmp "eq" %[[FO]], %[[XI]]
// CHECK: llvm.bitcast %[[FO]] : i32 to f32
// CHECK: llvm.mlir.constant(2 : i32)
// CHECK: llvm.mlir.constant(2818 : i32)
// CHECK: %[[LD:.*]] = llvm.call spir_funccc @_Z18__spirv_AtomicLoadPU3AS1iii(%[[G]],
// CHECK: llvm.mlir.constant(1 : i32)
// CHECK: llvm.mlir.constant(2820 : i32)
// CHECK: llvm.call spir_funccc @_Z19__spirv_AtomicStorePU3AS1iiii(%[[G]], {{.*}}, %[[LD]])
// CHECK: llvm.return
llvm.func @cas_load_store(%g: !llvm.ptr<1>, %e: i32, %d: i32, %f: !llvm.ptr<1>,
                          %x: f32, %y: f32) {
  %old, %ok = xfence.atomic_cmpxchg %g, %e, %d device acq_rel acquire : !llvm.ptr<1>, i32
  %old2, %ok2 = xfence.atomic_cmpxchg %g, %e, %d device relaxed relaxed weak : !llvm.ptr<1>, i32
  %fo, %fok = xfence.atomic_cmpxchg %f, %x, %y device relaxed relaxed : !llvm.ptr<1>, f32
  %v = xfence.atomic_load %g workgroup acquire : !llvm.ptr<1> -> i32
  xfence.atomic_store %v, %g device release : i32, !llvm.ptr<1>
  llvm.return
}
