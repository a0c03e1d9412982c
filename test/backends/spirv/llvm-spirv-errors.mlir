// RUN: xfence-opt %s --split-input-file --verify-diagnostics --convert-xfence-to-llvm-spirv

// The legalization for spirv-opencl runs first: what SPIR-V can express
// only by weakening is an error there.
llvm.func @barrier_reduce(%p: i32) -> i32 {
  // expected-error @+1 {{a reducing barrier of execution scope 'workgroup' has no form on target 'spirv-opencl'}}
  %n = xfence.barrier_reduce count %p workgroup memory workgroup acq_rel [local] : i32
  llvm.return %n : i32
}

// -----

llvm.func @partial(%mask: i32) {
  // expected-error @+1 {{a barrier over part of a subgroup (lane mask) has no form on target 'spirv-opencl'}}
  xfence.barrier subgroup mask(%mask) memory subgroup acq_rel [local]
  llvm.return
}

// -----

llvm.func @inc(%p: !llvm.ptr<1>, %v: i32) {
  // expected-error @+1 {{atomic 'inc' has no form on target 'spirv-opencl'}}
  %0 = xfence.atomic_rmw inc %p, %v device relaxed : !llvm.ptr<1>, i32
  llvm.return
}

// -----

// A symbol of a built-in's name with another type is not reused.
llvm.func spir_funccc @_Z21__spirv_MemoryBarrierii(i64)
llvm.func @clash() {
  // expected-error @+2 {{'_Z21__spirv_MemoryBarrierii' is already declared with type '!llvm.func<void (i64)>', not '!llvm.func<void (i32, i32)>'}}
  // expected-error @+1 {{failed to legalize operation 'xfence.fence'}}
  xfence.fence workgroup acq_rel [local]
  llvm.return
}
