// RUN: xfence-opt --xfence-raise-llvm %s -split-input-file -verify-diagnostics

// Guards the raising of LLVM IR against leaving an LLVM atomic it cannot
// express for a GPU back end to weaken: each is an error at the atomic.

llvm.func @f(%p: !llvm.ptr<1>, %v: i32) -> i32 {
  // expected-error @+1 {{LLVM atomicrmw nand has no xfence form}}
  %0 = llvm.atomicrmw nand %p, %v monotonic : !llvm.ptr<1>, i32
  llvm.return %0 : i32
}

// -----

llvm.func @f(%p: !llvm.ptr<1>, %v: f32) -> f32 {
  // expected-error @+1 {{LLVM atomicrmw fsub has no xfence form}}
  %0 = llvm.atomicrmw fsub %p, %v monotonic : !llvm.ptr<1>, f32
  llvm.return %0 : f32
}

// -----

llvm.func @f(%p: !llvm.ptr<1>, %v: i32) -> i32 {
  // expected-error @+1 {{LLVM atomicrmw usub_sat has no xfence form}}
  %0 = llvm.atomicrmw usub_sat %p, %v monotonic : !llvm.ptr<1>, i32
  llvm.return %0 : i32
}

// -----

llvm.func @f(%p: !llvm.ptr<1>, %v: i32) -> i32 {
  // expected-error @+1 {{LLVM atomicrmw is volatile; xfence atomics cannot keep volatile}}
  %0 = llvm.atomicrmw volatile add %p, %v monotonic : !llvm.ptr<1>, i32
  llvm.return %0 : i32
}

// -----

llvm.func @f(%p: !llvm.ptr<1>, %v: i32) -> i32 {
  // expected-error @+1 {{LLVM atomicrmw has sync scope "one-as", which xfence does not know}}
  %0 = llvm.atomicrmw add %p, %v syncscope("one-as") seq_cst : !llvm.ptr<1>, i32
  llvm.return %0 : i32
}

// -----

llvm.func @f(%p: !llvm.ptr<1>, %e: i32, %d: i32) -> i32 {
  // expected-error @+1 {{LLVM cmpxchg is volatile; xfence atomics cannot keep volatile}}
  %0 = llvm.cmpxchg volatile %p, %e, %d acq_rel acquire : !llvm.ptr<1>, i32
  %1 = llvm.extractvalue %0[0] : !llvm.struct<(i32, i1)>
  llvm.return %1 : i32
}

// -----

llvm.func @f(%p: !llvm.ptr<1>, %e: !llvm.ptr, %d: !llvm.ptr) {
  // expected-error @+1 {{LLVM cmpxchg of '!llvm.ptr' has no xfence form (integer and floating-point objects only)}}
  %0 = llvm.cmpxchg %p, %e, %d acq_rel acquire : !llvm.ptr<1>, !llvm.ptr
  llvm.return
}

// -----

llvm.func @f(%p: !llvm.ptr<1>) -> i32 {
  // expected-error @+1 {{LLVM load atomic is volatile; xfence atomics cannot keep volatile}}
  %0 = llvm.load volatile %p atomic acquire {alignment = 4 : i64} : !llvm.ptr<1> -> i32
  llvm.return %0 : i32
}

// -----

llvm.func @f(%p: !llvm.ptr<1>) -> i32 {
  // expected-error @+1 {{LLVM load atomic is aligned to 2 bytes, less than its 4-byte object: no single instruction accesses it}}
  %0 = llvm.load %p atomic acquire {alignment = 2 : i64} : !llvm.ptr<1> -> i32
  llvm.return %0 : i32
}

// -----

llvm.func @f(%p: !llvm.ptr<1>, %v: i32) {
  // expected-error @+1 {{LLVM store atomic has sync scope "wavefront-one-as", which xfence does not know}}
  llvm.store %v, %p atomic syncscope("wavefront-one-as") release {alignment = 4 : i64} : i32, !llvm.ptr<1>
  llvm.return
}
