// RUN: xfence-opt %s --split-input-file --verify-diagnostics --convert-xfence-to-spirv=vulkan=true

func.func @seq_cst_atomic(%p: !llvm.ptr<1>, %v: i32) {
  // expected-error @+1 {{order 'seq_cst' has no sound form on target 'spirv-vulkan' (it has no sequential consistency)}}
  %0 = xfence.atomic_rmw add %p, %v device seq_cst : !llvm.ptr<1>, i32
  return
}

// -----

func.func @seq_cst_barrier() {
  // expected-error @+1 {{order 'seq_cst' has no sound form on target 'spirv-vulkan' (it has no sequential consistency)}}
  xfence.barrier workgroup memory workgroup seq_cst [local]
  return
}

// -----

func.func @system_atomic(%p: !llvm.ptr<1>, %v: i32) {
  // expected-error @+1 {{scope 'system' has no equal or wider form on target 'spirv-vulkan'; refusing to weaken it}}
  %0 = xfence.atomic_rmw add %p, %v system relaxed : !llvm.ptr<1>, i32
  return
}

// -----

// Vulkan has no generic pointers.
func.func @generic(%p: !llvm.ptr, %v: i32) {
  // expected-error @+2 {{address space 0 has no SPIR-V storage class in the Vulkan environment}}
  // expected-error @+1 {{failed to legalize operation 'xfence.atomic_rmw'}}
  %0 = xfence.atomic_rmw add %p, %v device relaxed : !llvm.ptr, i32
  return
}

// -----

// MLIR's default Vulkan environment has no Int64: an i64 would be emulated.
func.func @i64(%p: !llvm.ptr<1>, %v: i64) {
  // expected-error @+1 {{value type 'i64' is not a SPIR-V type of the target environment (it would be emulated; an atomic cannot be)}}
  %0 = xfence.atomic_rmw add %p, %v device relaxed : !llvm.ptr<1>, i64
  return
}

// -----

// expected-error @+1 {{convert-xfence-to-spirv: vulkan=true does not match the target environment}}
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Kernel, Addresses], []>, api=OpenCL, #spirv.resource_limits<>>} {
func.func @opencl_env() {
  xfence.fence workgroup acq_rel [local]
  return
}
}
