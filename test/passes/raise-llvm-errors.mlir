// RUN: xfence-opt --xfence-raise-llvm %s -split-input-file -verify-diagnostics
// RUN: not xfence-opt --xfence-raise-llvm="opencl-global-fence=wide" %s -split-input-file 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: error: xfence-raise-llvm: opencl-global-fence must be 'spec' or 'device', not 'wide'

llvm.func @_Z18work_group_barrierj12memory_scope(i32, i32)
llvm.func @f() {
  %global = llvm.mlir.constant(2 : i32) : i32
  %item = llvm.mlir.constant(0 : i32) : i32
  // expected-error @+1 {{memory_scope_work_item is allowed only with CLK_IMAGE_MEM_FENCE alone}}
  llvm.call @_Z18work_group_barrierj12memory_scope(%global, %item) : (i32, i32) -> ()
  llvm.return
}

// -----

llvm.func @_Z17sub_group_barrierj12memory_scope(i32, i32)
llvm.func @f() {
  %global = llvm.mlir.constant(2 : i32) : i32
  %item = llvm.mlir.constant(0 : i32) : i32
  // The same rule for a sub-group barrier.
  // expected-error @+1 {{memory_scope_work_item is allowed only with CLK_IMAGE_MEM_FENCE alone}}
  llvm.call @_Z17sub_group_barrierj12memory_scope(%global, %item) : (i32, i32) -> ()
  llvm.return
}

// -----

llvm.func @_Z21atomic_store_explicitPU3AS1VU7_Atomicii12memory_order(!llvm.ptr<1>, i32, i32)
llvm.func @f(%p: !llvm.ptr<1>, %v: i32) {
  %acquire = llvm.mlir.constant(2 : i32) : i32
  // expected-error @+1 {{memory_order_acquire is not allowed for atomic_store}}
  llvm.call @_Z21atomic_store_explicitPU3AS1VU7_Atomicii12memory_order(%p, %v, %acquire) : (!llvm.ptr<1>, i32, i32) -> ()
  llvm.return
}

// -----

llvm.func @_Z10atomic_minPU3AS1Vff(!llvm.ptr<1>, f32) -> f32
llvm.func @f(%p: !llvm.ptr<1>, %v: f32) -> f32 {
  // expected-error @+1 {{atomic 'min' on a floating-point object}}
  %0 = llvm.call @_Z10atomic_minPU3AS1Vff(%p, %v) : (!llvm.ptr<1>, f32) -> f32
  llvm.return %0 : f32
}

// -----

llvm.func @_Z39atomic_compare_exchange_strong_explicitPVU7_AtomiciPii12memory_orderS4_(!llvm.ptr, !llvm.ptr, i32, i32, i32) -> i1
llvm.func @f(%p: !llvm.ptr, %e: !llvm.ptr, %v: i32) -> i1 {
  %acquire = llvm.mlir.constant(2 : i32) : i32
  %release = llvm.mlir.constant(3 : i32) : i32
  // expected-error @+1 {{the failure order of a compare-exchange cannot be release or acq_rel}}
  %0 = llvm.call @_Z39atomic_compare_exchange_strong_explicitPVU7_AtomiciPii12memory_orderS4_(%p, %e, %v, %acquire, %release) : (!llvm.ptr, !llvm.ptr, i32, i32, i32) -> i1
  llvm.return %0 : i1
}

// -----

llvm.func @_Z39atomic_compare_exchange_strong_explicitPVU7_AtomiciPii12memory_orderS4_(!llvm.ptr, !llvm.ptr, i32, i32, i32) -> i1
llvm.func @f(%p: !llvm.ptr, %e: !llvm.ptr, %v: i32) -> i1 {
  %relaxed = llvm.mlir.constant(0 : i32) : i32
  %acquire = llvm.mlir.constant(2 : i32) : i32
  // expected-error @+1 {{the failure order of a compare-exchange cannot be stronger than its success order}}
  %0 = llvm.call @_Z39atomic_compare_exchange_strong_explicitPVU7_AtomiciPii12memory_orderS4_(%p, %e, %v, %relaxed, %acquire) : (!llvm.ptr, !llvm.ptr, i32, i32, i32) -> i1
  llvm.return %0 : i1
}

// -----

llvm.func @_Z26atomic_flag_clear_explicitPVU7_Atomici12memory_order(!llvm.ptr, i32)
llvm.func @f(%p: !llvm.ptr) {
  %acquire = llvm.mlir.constant(2 : i32) : i32
  // expected-error @+1 {{memory_order_acquire is not allowed for atomic_flag_clear}}
  llvm.call @_Z26atomic_flag_clear_explicitPVU7_Atomici12memory_order(%p, %acquire) : (!llvm.ptr, i32) -> ()
  llvm.return
}
