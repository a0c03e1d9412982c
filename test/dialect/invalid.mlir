// Every verifier and parser error of the dialect; none may crash the tool.
// RUN: xfence-opt %s -split-input-file -verify-diagnostics

func.func @unknown_space() {
  // expected-error @+1 {{unknown memory space 'shared'; expected 'local', 'global' or 'image'}}
  xfence.fence workgroup acq_rel [shared]
  return
}

// -----

func.func @duplicate_space() {
  // expected-error @+1 {{memory space 'local' is listed twice}}
  xfence.fence workgroup acq_rel [local, global, local]
  return
}

// -----

func.func @unknown_scope() {
  // expected-error @+1 {{unknown scope 'block'}}
  xfence.fence block acq_rel [local]
  return
}

// -----

func.func @unknown_order() {
  // expected-error @+1 {{unknown order 'consume'}}
  xfence.fence device consume [global]
  return
}

// -----

func.func @unknown_rmw_kind(%p: !llvm.ptr<1>, %v: i32) {
  // expected-error @+1 {{unknown rmw_kind 'nand'}}
  %0 = xfence.atomic_rmw nand %p, %v device relaxed : !llvm.ptr<1>, i32
  return
}

// -----

func.func @unknown_reduction(%p: i32) {
  // expected-error @+1 {{unknown reduction 'sum'}}
  %0 = xfence.barrier_reduce sum %p workgroup : i32
  return
}

// -----

func.func @unknown_exit() {
  // expected-error @+1 {{unknown exit 'throw'}}
  xfence.exit throw
  return
}

// -----

func.func @barrier_thread_exec() {
  // expected-error @+1 {{'xfence.barrier' op execution scope 'thread' waits for no other thread; expected 'subgroup' or wider}}
  xfence.barrier thread
  return
}

// -----

func.func @barrier_reduce_thread_exec(%p: i32) {
  // expected-error @+1 {{'xfence.barrier_reduce' op execution scope 'thread' waits for no other thread}}
  %0 = xfence.barrier_reduce count %p thread : i32
  return
}

// -----

func.func @barrier_order_without_scope() {
  // expected-error @+1 {{'xfence.barrier' op has a memory order or memory spaces but no memory scope}}
  "xfence.barrier"() <{exec_scope = #xfence.scope<workgroup>, order = #xfence.order<acq_rel>}> : () -> ()
  return
}

// -----

func.func @barrier_spaces_without_scope() {
  // expected-error @+1 {{'xfence.barrier' op has a memory order or memory spaces but no memory scope}}
  "xfence.barrier"() <{exec_scope = #xfence.scope<workgroup>, spaces = #xfence.spaces<local>}> : () -> ()
  return
}

// -----

func.func @barrier_scope_without_order() {
  // expected-error @+1 {{'xfence.barrier' op has a memory scope but no memory order}}
  "xfence.barrier"() <{exec_scope = #xfence.scope<workgroup>, memory_scope = #xfence.scope<workgroup>, spaces = #xfence.spaces<local>}> : () -> ()
  return
}

// -----

func.func @barrier_no_spaces() {
  // expected-error @+1 {{'xfence.barrier' op orders no memory space; write an execution-only barrier without a 'memory' part}}
  xfence.barrier workgroup memory workgroup acq_rel []
  return
}

// -----

func.func @barrier_relaxed() {
  // expected-error @+1 {{'xfence.barrier' op memory order 'relaxed' orders nothing; write an execution-only barrier without a 'memory' part}}
  xfence.barrier workgroup memory workgroup relaxed [local]
  return
}

// -----

func.func @barrier_memory_narrower_than_exec() {
  // expected-error @+1 {{'xfence.barrier' op memory scope 'subgroup' is narrower than execution scope 'workgroup'; only an [image] barrier may use memory scope 'thread'}}
  xfence.barrier workgroup memory subgroup acq_rel [local]
  return
}

// -----

func.func @barrier_thread_memory_not_image() {
  // expected-error @+1 {{'xfence.barrier' op memory scope 'thread' is narrower than execution scope 'workgroup'}}
  xfence.barrier workgroup memory thread acq_rel [local, image]
  return
}

// -----

func.func @barrier_reduce_memory_narrower(%p: i32) {
  // expected-error @+1 {{'xfence.barrier_reduce' op memory scope 'workgroup' is narrower than execution scope 'device'}}
  %0 = xfence.barrier_reduce count %p device memory workgroup acq_rel [global] : i32
  return
}

// -----

func.func @barrier_mask_not_subgroup(%m: i32) {
  // expected-error @+1 {{'xfence.barrier' op a lane mask needs execution scope 'subgroup', not 'workgroup'}}
  xfence.barrier workgroup mask(%m) memory workgroup acq_rel [local]
  return
}

// -----

func.func @rmw_fadd_integer(%p: !llvm.ptr<1>, %v: i32) {
  // expected-error @+1 {{'xfence.atomic_rmw' op 'fadd' needs a floating-point value, got 'i32'}}
  %0 = xfence.atomic_rmw fadd %p, %v device relaxed : !llvm.ptr<1>, i32
  return
}

// -----

func.func @rmw_add_float(%p: !llvm.ptr<1>, %v: f32) {
  // expected-error @+1 {{'xfence.atomic_rmw' op 'add' needs an integer value, got 'f32'}}
  %0 = xfence.atomic_rmw add %p, %v device relaxed : !llvm.ptr<1>, f32
  return
}

// -----

func.func @rmw_inc_float(%p: !llvm.ptr<1>, %v: f32) {
  // expected-error @+1 {{'xfence.atomic_rmw' op 'inc' needs an integer value, got 'f32'}}
  %0 = xfence.atomic_rmw inc %p, %v device relaxed : !llvm.ptr<1>, f32
  return
}

// -----

func.func @rmw_memref_indices(%m: memref<?x?xi32>, %i: index, %v: i32) {
  // expected-error @+1 {{'xfence.atomic_rmw' op expects 2 indices for 'memref<?x?xi32>', got 1}}
  %0 = xfence.atomic_rmw add %m[%i], %v device relaxed : memref<?x?xi32>, i32
  return
}

// -----

func.func @rmw_memref_element(%m: memref<?xi64>, %i: index, %v: i32) {
  // expected-error @+1 {{'xfence.atomic_rmw' op value type 'i32' does not match the element type of 'memref<?xi64>'}}
  %0 = xfence.atomic_rmw add %m[%i], %v device relaxed : memref<?xi64>, i32
  return
}

// -----

func.func @rmw_pointer_indices(%p: !llvm.ptr<1>, %i: index, %v: i32) {
  // expected-error @+1 {{'xfence.atomic_rmw' op a pointer address takes no indices}}
  %0 = xfence.atomic_rmw add %p[%i], %v device relaxed : !llvm.ptr<1>, i32
  return
}

// -----

func.func @rmw_bad_address(%p: i64, %v: i32) {
  // expected-error @+1 {{'xfence.atomic_rmw' op operand #0 must be LLVM pointer or memref of any type values, but got 'i64'}}
  %0 = xfence.atomic_rmw add %p, %v device relaxed : i64, i32
  return
}

// -----

func.func @rmw_bad_value(%p: !llvm.ptr<1>, %v: vector<4xi32>) {
  // expected-error @+1 {{'xfence.atomic_rmw' op operand #1 must be signless integer or floating-point, but got 'vector<4xi32>'}}
  %0 = xfence.atomic_rmw add %p, %v device relaxed : !llvm.ptr<1>, vector<4xi32>
  return
}

// -----

func.func @rmw_result_type(%p: !llvm.ptr<1>, %v: i32) {
  // expected-error @+1 {{'xfence.atomic_rmw' op failed to verify that all of {value, result} have same type}}
  %0 = "xfence.atomic_rmw"(%p, %v) <{kind = #xfence.rmw_kind<add>, scope = #xfence.scope<device>, order = #xfence.order<relaxed>, operandSegmentSizes = array<i32: 1, 0, 1>}> : (!llvm.ptr<1>, i32) -> i64
  return
}

// -----

func.func @cmpxchg_failure_release(%p: !llvm.ptr<1>, %v: i32) {
  // expected-error @+1 {{'xfence.atomic_cmpxchg' op failure order 'release' is not allowed: a failed exchange only loads}}
  %0, %1 = xfence.atomic_cmpxchg %p, %v, %v device seq_cst release : !llvm.ptr<1>, i32
  return
}

// -----

func.func @cmpxchg_failure_acq_rel(%p: !llvm.ptr<1>, %v: i32) {
  // expected-error @+1 {{'xfence.atomic_cmpxchg' op failure order 'acq_rel' is not allowed: a failed exchange only loads}}
  %0, %1 = xfence.atomic_cmpxchg %p, %v, %v device seq_cst acq_rel : !llvm.ptr<1>, i32
  return
}

// -----

func.func @cmpxchg_failure_stronger_seq_cst(%p: !llvm.ptr<1>, %v: i32) {
  // expected-error @+1 {{'xfence.atomic_cmpxchg' op failure order 'seq_cst' is stronger than success order 'acq_rel'}}
  %0, %1 = xfence.atomic_cmpxchg %p, %v, %v device acq_rel seq_cst : !llvm.ptr<1>, i32
  return
}

// -----

func.func @cmpxchg_failure_stronger_acquire(%p: !llvm.ptr<1>, %v: i32) {
  // expected-error @+1 {{'xfence.atomic_cmpxchg' op failure order 'acquire' is stronger than success order 'release'}}
  %0, %1 = xfence.atomic_cmpxchg %p, %v, %v device release acquire : !llvm.ptr<1>, i32
  return
}

// -----

func.func @cmpxchg_types(%p: !llvm.ptr<1>, %e: i32, %d: i64) {
  // expected-error @+1 {{'xfence.atomic_cmpxchg' op failed to verify that all of {expected, desired, old} have same type}}
  %0, %1 = "xfence.atomic_cmpxchg"(%p, %e, %d) <{scope = #xfence.scope<device>, success_order = #xfence.order<relaxed>, failure_order = #xfence.order<relaxed>, operandSegmentSizes = array<i32: 1, 0, 1, 1>}> : (!llvm.ptr<1>, i32, i64) -> (i64, i1)
  return
}

// -----

func.func @cmpxchg_memref(%m: memref<4xf32>, %i: index, %v: i32) {
  // expected-error @+1 {{'xfence.atomic_cmpxchg' op value type 'i32' does not match the element type of 'memref<4xf32>'}}
  %0, %1 = xfence.atomic_cmpxchg %m[%i], %v, %v device relaxed relaxed : memref<4xf32>, i32
  return
}

// -----

func.func @load_release(%p: !llvm.ptr<1>) {
  // expected-error @+1 {{'xfence.atomic_load' op an atomic load cannot have order 'release'}}
  %0 = xfence.atomic_load %p device release : !llvm.ptr<1> -> i32
  return
}

// -----

func.func @load_acq_rel(%p: !llvm.ptr<1>) {
  // expected-error @+1 {{'xfence.atomic_load' op an atomic load cannot have order 'acq_rel'}}
  %0 = xfence.atomic_load %p device acq_rel : !llvm.ptr<1> -> i32
  return
}

// -----

func.func @load_memref(%m: memref<?xi32>) {
  // expected-error @+1 {{'xfence.atomic_load' op expects 1 indices for 'memref<?xi32>', got 0}}
  %0 = xfence.atomic_load %m device acquire : memref<?xi32> -> i32
  return
}

// -----

func.func @store_acquire(%p: !llvm.ptr<1>, %v: i32) {
  // expected-error @+1 {{'xfence.atomic_store' op an atomic store cannot have order 'acquire'}}
  xfence.atomic_store %v, %p device acquire : i32, !llvm.ptr<1>
  return
}

// -----

func.func @store_acq_rel(%p: !llvm.ptr<1>, %v: i32) {
  // expected-error @+1 {{'xfence.atomic_store' op an atomic store cannot have order 'acq_rel'}}
  xfence.atomic_store %v, %p device acq_rel : i32, !llvm.ptr<1>
  return
}

// -----

func.func @store_pointer_indices(%p: !llvm.ptr<1>, %i: index, %v: i32) {
  // expected-error @+1 {{'xfence.atomic_store' op a pointer address takes no indices}}
  xfence.atomic_store %v, %p[%i] device release : i32, !llvm.ptr<1>
  return
}

// -----

func.func @access_nothing() {
  // expected-error @+1 {{'xfence.access' op must read, write or both}}
  xfence.access [global]
  return
}

// -----

func.func @access_no_space() {
  // expected-error @+1 {{'xfence.access' op must name the memory spaces it accesses}}
  xfence.access read []
  return
}

// -----

func.func @loop_two_blocks() {
  // expected-error @+1 {{'xfence.loop' op expects region #0 to have 0 or 1 blocks}}
  "xfence.loop"() ({
    cf.br ^bb1
  ^bb1:
    xfence.access read [global]
  }) : () -> ()
  return
}

// -----

func.func @branch_arguments() {
  // expected-error @+1 {{'xfence.branch' op region should have no arguments}}
  "xfence.branch"() ({
  ^bb0(%x: i32):
    xfence.access read [global]
  }) : () -> ()
  return
}

// -----

func.func @missing_spaces() {
  // expected-error @+1 {{expected '['}}
  xfence.fence device acq_rel
  return
}
