// The raising of LLVM-dialect synchronization to xfence ops: OpenCL's
// built-ins by their mangled names (as Clang emits them for nvptx64 and
// spir64) and LLVM fences with sync scopes.
// RUN: xfence-opt --xfence-raise-llvm %s | FileCheck %s
// RUN: xfence-opt --xfence-raise-llvm="opencl-global-fence=device" %s | FileCheck %s --check-prefix=DEVICE
// The raised module goes on to coalescing and the PTX lowering.
// The declarations of the raised built-ins are gone, the others stay.
// RUN: xfence-opt --xfence-raise-llvm %s | FileCheck %s --check-prefix=DECLS
// DECLS-NOT: llvm.func @_Z{{[0-9]+(barrier|mem_fence|read_mem_fence|write_mem_fence|work_group_barrier|atomic_work_item_fence|sub_group_barrier|atomic_(add|inc|min|xchg|cmpxchg|load|fetch|store|compare_exchange|flag))}}
// DECLS: llvm.func @barrier(i32)
// RUN: xfence-opt --xfence-raise-llvm --xfence-coalesce --xfence-legalize=target=ptx-sm90 --convert-xfence-to-nvvm %s | FileCheck %s --check-prefix=NVVM

llvm.func @_Z7barrierj(i32)
llvm.func @_Z9mem_fencej(i32)
llvm.func @_Z14read_mem_fencej(i32)
llvm.func @_Z15write_mem_fencej(i32)
llvm.func @_Z18work_group_barrierj12memory_scope(i32, i32)
llvm.func @_Z22atomic_work_item_fencej12memory_order12memory_scope(i32, i32, i32)
llvm.func @_Z17sub_group_barrierj(i32)

// Without opencl-std the IR's standard is unknown: mem_fence is read the
// stronger way, as OpenCL C 1.x's full fence, seq_cst
// (raise-llvm-legacy-fences.mlir).
// CHECK-LABEL: llvm.func @fences
// CHECK-NEXT: xfence.barrier workgroup memory workgroup acq_rel [local]
// CHECK-NEXT: xfence.barrier workgroup memory workgroup acq_rel [global]
// CHECK-NEXT: xfence.fence workgroup seq_cst [global]
// CHECK-NEXT: xfence.fence workgroup acquire [local]
// CHECK-NEXT: xfence.fence workgroup release [local, global]
// CHECK-NEXT: xfence.barrier workgroup memory device acq_rel [global]
// CHECK-NEXT: xfence.barrier workgroup memory workgroup acq_rel [local]
// CHECK-NEXT: xfence.fence device release [global]
// CHECK-NEXT: xfence.barrier subgroup memory subgroup acq_rel [local]
// CHECK-NEXT: xfence.barrier workgroup
// A flags value the pass cannot read orders every space.
// CHECK-NEXT: xfence.fence workgroup seq_cst [local, global, image]
// CHECK-NEXT: llvm.return
// With the option, the scope-less global fences are device-wide; the local
// ones and those with a scope argument are not.
// DEVICE-LABEL: llvm.func @fences
// DEVICE: xfence.barrier workgroup memory workgroup acq_rel [local]
// DEVICE-NEXT: xfence.barrier workgroup memory device acq_rel [global]
// DEVICE-NEXT: xfence.fence device seq_cst [global]
// DEVICE-NEXT: xfence.fence workgroup acquire [local]
// DEVICE-NEXT: xfence.fence device release [local, global]
// DEVICE-NEXT: xfence.barrier workgroup memory device acq_rel [global]
// DEVICE-NEXT: xfence.barrier workgroup memory workgroup acq_rel [local]
// NVVM-NOT: xfence.
// NVVM-NOT: @_Z9mem_fencej
llvm.func @fences(%flags: i32) {
  %local = llvm.mlir.constant(1 : i32) : i32
  %global = llvm.mlir.constant(2 : i32) : i32
  %both = llvm.mlir.constant(3 : i32) : i32
  %device = llvm.mlir.constant(2 : i32) : i32
  %group = llvm.mlir.constant(1 : i32) : i32
  %release = llvm.mlir.constant(3 : i32) : i32
  %none = llvm.mlir.constant(0 : i32) : i32
  llvm.call @_Z7barrierj(%local) : (i32) -> ()
  llvm.call @_Z7barrierj(%global) : (i32) -> ()
  llvm.call @_Z9mem_fencej(%global) : (i32) -> ()
  llvm.call @_Z14read_mem_fencej(%local) : (i32) -> ()
  llvm.call @_Z15write_mem_fencej(%both) : (i32) -> ()
  llvm.call @_Z18work_group_barrierj12memory_scope(%global, %device) : (i32, i32) -> ()
  // A local-only barrier is work-group scope whatever the argument says.
  llvm.call @_Z18work_group_barrierj12memory_scope(%local, %device) : (i32, i32) -> ()
  llvm.call @_Z22atomic_work_item_fencej12memory_order12memory_scope(%global, %release, %device) : (i32, i32, i32) -> ()
  llvm.call @_Z17sub_group_barrierj(%local) : (i32) -> ()
  llvm.call @_Z7barrierj(%none) : (i32) -> ()
  llvm.call @_Z9mem_fencej(%flags) : (i32) -> ()
  llvm.return
}

llvm.func @_Z10atomic_addPU3AS1Vii(!llvm.ptr<1>, i32) -> i32
llvm.func @_Z10atomic_incPU3AS3Vi(!llvm.ptr<3>) -> i32
llvm.func @_Z10atomic_minPU3AS1Vjj(!llvm.ptr<1>, i32) -> i32
llvm.func @_Z10atomic_minPU3AS1Vii(!llvm.ptr<1>, i32) -> i32
llvm.func @_Z11atomic_xchgPU3AS1Vff(!llvm.ptr<1>, f32) -> f32
llvm.func @_Z14atomic_cmpxchgPU3AS1Viii(!llvm.ptr<1>, i32, i32) -> i32
llvm.func @_Z25atomic_fetch_add_explicitPVU7_Atomicii12memory_order12memory_scope(!llvm.ptr, i32, i32, i32) -> i32
llvm.func @_Z16atomic_fetch_maxPU3AS1VU7_Atomicjj(!llvm.ptr<1>, i32) -> i32
llvm.func @_Z21atomic_store_explicitPVU7_Atomicii12memory_order12memory_scope(!llvm.ptr, i32, i32, i32)
llvm.func @_Z20atomic_load_explicitPVU7_Atomici12memory_order12memory_scope(!llvm.ptr, i32, i32) -> i32
llvm.func @_Z11atomic_loadPU3AS1VU7_Atomici(!llvm.ptr<1>) -> i32

// CHECK-LABEL: llvm.func @atomics
// CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// 1.x atomics: relaxed, at the scope of their address space.
// CHECK: xfence.atomic_rmw add %arg0, %arg3 device relaxed : !llvm.ptr<1>, i32
// CHECK-NEXT: xfence.atomic_rmw add %arg1, %[[ONE]] workgroup relaxed : !llvm.ptr<3>, i32
// CHECK: xfence.atomic_rmw umin %arg0, %arg3 device relaxed
// CHECK: xfence.atomic_rmw min %arg0, %arg3 device relaxed
// CHECK: xfence.atomic_rmw xchg %arg0, %arg4 device relaxed : !llvm.ptr<1>, f32
// CHECK: xfence.atomic_cmpxchg %arg0, %arg3, %arg3 device relaxed relaxed : !llvm.ptr<1>, i32
// 2.0 atomics: seq_cst at device scope unless _explicit.
// CHECK: xfence.atomic_rmw add %arg2, %arg3 workgroup acq_rel : !llvm.ptr, i32
// CHECK: xfence.atomic_rmw umax %arg0, %arg3 device seq_cst
// CHECK: xfence.atomic_store %arg3, %arg2 device release : i32, !llvm.ptr
// CHECK: xfence.atomic_load %arg2 device acquire : !llvm.ptr -> i32
// CHECK: xfence.atomic_load %arg0 device seq_cst : !llvm.ptr<1> -> i32
// NVVM-LABEL: llvm.func @atomics
// NVVM: atom.relaxed.gpu.global.add.u32
// NVVM: atom.relaxed.cta.shared.add.u32
llvm.func @atomics(%g: !llvm.ptr<1>, %l: !llvm.ptr<3>, %p: !llvm.ptr, %v: i32, %f: f32) -> i32 {
  %c4 = llvm.mlir.constant(4 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %c2 = llvm.mlir.constant(2 : i32) : i32
  %c3 = llvm.mlir.constant(3 : i32) : i32
  %0 = llvm.call @_Z10atomic_addPU3AS1Vii(%g, %v) : (!llvm.ptr<1>, i32) -> i32
  %1 = llvm.call @_Z10atomic_incPU3AS3Vi(%l) : (!llvm.ptr<3>) -> i32
  %2 = llvm.call @_Z10atomic_minPU3AS1Vjj(%g, %v) : (!llvm.ptr<1>, i32) -> i32
  %3 = llvm.call @_Z10atomic_minPU3AS1Vii(%g, %v) : (!llvm.ptr<1>, i32) -> i32
  %4 = llvm.call @_Z11atomic_xchgPU3AS1Vff(%g, %f) : (!llvm.ptr<1>, f32) -> f32
  %5 = llvm.call @_Z14atomic_cmpxchgPU3AS1Viii(%g, %v, %v) : (!llvm.ptr<1>, i32, i32) -> i32
  %6 = llvm.call @_Z25atomic_fetch_add_explicitPVU7_Atomicii12memory_order12memory_scope(%p, %v, %c4, %c1) : (!llvm.ptr, i32, i32, i32) -> i32
  %7 = llvm.call @_Z16atomic_fetch_maxPU3AS1VU7_Atomicjj(%g, %v) : (!llvm.ptr<1>, i32) -> i32
  llvm.call @_Z21atomic_store_explicitPVU7_Atomicii12memory_order12memory_scope(%p, %v, %c3, %c2) : (!llvm.ptr, i32, i32, i32) -> ()
  %8 = llvm.call @_Z20atomic_load_explicitPVU7_Atomici12memory_order12memory_scope(%p, %c2, %c2) : (!llvm.ptr, i32, i32) -> i32
  %9 = llvm.call @_Z11atomic_loadPU3AS1VU7_Atomici(%g) : (!llvm.ptr<1>) -> i32
  llvm.return %0 : i32
}

// compare_exchange: `expected` is loaded before, and the old value is stored
// back into it on failure only (a block of its own); the bool result is the
// exchange's success bit. The names as clang-22 mangles them for nvptx64.
llvm.func @_Z30atomic_compare_exchange_strongPVU7_AtomiciPii(!llvm.ptr, !llvm.ptr, i32) -> i1
llvm.func @_Z37atomic_compare_exchange_weak_explicitPVU7_AtomiciPii12memory_orderS4_12memory_scope(!llvm.ptr, !llvm.ptr, i32, i32, i32, i32) -> i1
llvm.func @_Z33atomic_flag_test_and_set_explicitPVU7_Atomici12memory_order12memory_scope(!llvm.ptr, i32, i32) -> i1
llvm.func @_Z26atomic_flag_clear_explicitPVU7_Atomici12memory_order12memory_scope(!llvm.ptr, i32, i32)
llvm.func @_Z24atomic_flag_test_and_setPVU7_Atomici(!llvm.ptr) -> i8

// CHECK-LABEL: llvm.func @cas
// CHECK-SAME: (%[[OBJ:.*]]: !llvm.ptr, %[[EXP:.*]]: !llvm.ptr, %[[D:.*]]: i32)
// CHECK: %[[E:.*]] = llvm.load %[[EXP]] : !llvm.ptr -> i32
// CHECK-NEXT: %[[OLD:.*]], %[[OK:.*]] = xfence.atomic_cmpxchg %[[OBJ]], %[[E]], %[[D]] device seq_cst seq_cst : !llvm.ptr, i32
// CHECK-NEXT: llvm.cond_br %[[OK]], ^[[REST:.*]], ^[[FAIL:[a-z0-9]+]]
// CHECK-NEXT: ^[[FAIL]]:
// CHECK-NEXT: llvm.store %[[OLD]], %[[EXP]] : i32, !llvm.ptr
// CHECK-NEXT: llvm.br ^[[REST]]
// CHECK-NEXT: ^[[REST]]:
// CHECK-NEXT: %[[E2:.*]] = llvm.load %[[EXP]] : !llvm.ptr -> i32
// CHECK-NEXT: %[[OLD2:.*]], %[[OK2:.*]] = xfence.atomic_cmpxchg %[[OBJ]], %[[E2]], %[[D]] workgroup acq_rel acquire weak : !llvm.ptr, i32
// CHECK-NEXT: llvm.cond_br %[[OK2]]
// CHECK: llvm.store %[[OLD2]], %[[EXP]]
// CHECK: %[[R:.*]] = llvm.zext %[[OK]] : i1 to i32
// CHECK: %[[R2:.*]] = llvm.zext %[[OK2]] : i1 to i32
// atomic_flag_test_and_set: an exchange with 1, set if the old value was not
// 0; atomic_flag_clear: a store of 0. A bool returned as i8 is widened.
// CHECK: %[[SETOLD:.*]] = xfence.atomic_rmw xchg %[[OBJ]], %{{.*}} device acquire : !llvm.ptr, i32
// CHECK: %[[SET:.*]] = llvm.icmp "ne" %[[SETOLD]], %{{.*}} : i32
// CHECK: xfence.atomic_store %{{.*}}, %[[OBJ]] device release : i32, !llvm.ptr
// CHECK: %[[SET2OLD:.*]] = xfence.atomic_rmw xchg %[[OBJ]], %{{.*}} device seq_cst : !llvm.ptr, i32
// CHECK: %[[SET2:.*]] = llvm.icmp "ne" %[[SET2OLD]]
// CHECK: llvm.zext %[[SET2]] : i1 to i8
// NVVM-LABEL: llvm.func @cas
// NVVM: llvm.cmpxchg %{{.*}} syncscope("device") seq_cst seq_cst
// NVVM: llvm.cmpxchg weak %{{.*}} syncscope("block") acq_rel acquire
// NVVM: atom.acquire.gpu.exch.b32
// NVVM: llvm.store %{{.*}} atomic syncscope("device") release
llvm.func @cas(%obj: !llvm.ptr, %exp: !llvm.ptr, %d: i32) -> i32 {
  %acq_rel = llvm.mlir.constant(4 : i32) : i32
  %acquire = llvm.mlir.constant(2 : i32) : i32
  %release = llvm.mlir.constant(3 : i32) : i32
  %wg = llvm.mlir.constant(1 : i32) : i32
  %dev = llvm.mlir.constant(2 : i32) : i32
  %0 = llvm.call @_Z30atomic_compare_exchange_strongPVU7_AtomiciPii(%obj, %exp, %d) : (!llvm.ptr, !llvm.ptr, i32) -> i1
  %1 = llvm.call @_Z37atomic_compare_exchange_weak_explicitPVU7_AtomiciPii12memory_orderS4_12memory_scope(%obj, %exp, %d, %acq_rel, %acquire, %wg) : (!llvm.ptr, !llvm.ptr, i32, i32, i32, i32) -> i1
  %2 = llvm.zext %0 : i1 to i32
  %3 = llvm.zext %1 : i1 to i32
  %4 = llvm.call @_Z33atomic_flag_test_and_set_explicitPVU7_Atomici12memory_order12memory_scope(%obj, %acquire, %dev) : (!llvm.ptr, i32, i32) -> i1
  llvm.call @_Z26atomic_flag_clear_explicitPVU7_Atomici12memory_order12memory_scope(%obj, %release, %dev) : (!llvm.ptr, i32, i32) -> ()
  %5 = llvm.call @_Z24atomic_flag_test_and_setPVU7_Atomici(%obj) : (!llvm.ptr) -> i8
  %6 = llvm.zext %4 : i1 to i32
  %7 = llvm.zext %5 : i8 to i32
  %8 = llvm.add %2, %3 : i32
  %9 = llvm.add %8, %6 : i32
  %10 = llvm.add %9, %7 : i32
  llvm.return %10 : i32
}

// LLVM fences, by sync scope; every space.
// CHECK-LABEL: llvm.func @llvm_fences
// CHECK-NEXT: xfence.fence workgroup acquire [local, global, image]
// CHECK-NEXT: xfence.fence device release [local, global, image]
// CHECK-NEXT: xfence.fence system seq_cst [local, global, image]
// CHECK-NEXT: xfence.fence cluster acq_rel [local, global, image]
// CHECK-NEXT: xfence.fence device acq_rel [local, global, image]
// An unknown sync scope stays.
// CHECK-NEXT: llvm.fence syncscope("elsewhere") acquire
llvm.func @llvm_fences() {
  llvm.fence syncscope("workgroup") acquire
  llvm.fence syncscope("device") release
  llvm.fence seq_cst
  llvm.fence syncscope("cluster") acq_rel
  llvm.fence syncscope("agent") acq_rel
  llvm.fence syncscope("elsewhere") acquire
  llvm.return
}

// A user's function of a built-in's name that is not mangled stays a call.
// CHECK-LABEL: llvm.func @user
// CHECK-NEXT: llvm.call @barrier
llvm.func @barrier(i32)
llvm.func @user(%x: i32) {
  llvm.call @barrier(%x) : (i32) -> ()
  llvm.return
}
