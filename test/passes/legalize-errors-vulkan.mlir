// RUN: xfence-opt %s --split-input-file --verify-diagnostics --xfence-legalize=target=spirv-vulkan

// Vulkan has no sequential consistency.
func.func @seq_cst_fence() {
  // expected-error @+1 {{order 'seq_cst' has no sound form on target 'spirv-vulkan'}}
  xfence.fence device seq_cst [global]
  return
}

// -----

func.func @seq_cst_atomic(%p: !llvm.ptr<1>) -> i32 {
  // expected-error @+1 {{order 'seq_cst' has no sound form on target 'spirv-vulkan'}}
  %0 = xfence.atomic_load %p device seq_cst : !llvm.ptr<1> -> i32
  return %0 : i32
}

// -----

func.func @seq_cst_barrier() {
  // expected-error @+1 {{order 'seq_cst' has no sound form on target 'spirv-vulkan'}}
  xfence.barrier workgroup memory workgroup seq_cst [local]
  return
}

// -----

// Vulkan forbids CrossDevice: nothing covers system scope.
func.func @system_fence() {
  // expected-error @+1 {{scope 'system' has no equal or wider form on target 'spirv-vulkan'}}
  xfence.fence system acq_rel [global]
  return
}

// -----

func.func @partial(%m: i32) {
  // expected-error @+1 {{a barrier over part of a subgroup (lane mask) has no form on target 'spirv-vulkan'}}
  xfence.barrier subgroup mask(%m)
  return
}
