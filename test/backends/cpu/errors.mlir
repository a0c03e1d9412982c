// RUN: xfence-opt %s --split-input-file --verify-diagnostics --convert-xfence-to-cpu

func.func @subgroup() {
  // expected-error @+1 {{a barrier of execution scope 'subgroup' has no form on target 'cpu'}}
  xfence.barrier subgroup
  return
}

// -----

func.func @reduce(%p: i32) -> i32 {
  // expected-error @+1 {{a reducing barrier of execution scope 'workgroup' has no form on target 'cpu'}}
  %0 = xfence.barrier_reduce count %p workgroup : i32
  return %0 : i32
}
