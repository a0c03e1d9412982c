// RUN: xfence-opt %s --split-input-file --verify-diagnostics --convert-xfence-to-spirv

// A reducing barrier is one instruction on PTX only.
func.func @barrier_reduce(%p: i32) -> i32 {
  // expected-error @+1 {{a reducing barrier of execution scope 'workgroup' has no form on target 'spirv-opencl'}}
  %n = xfence.barrier_reduce count %p workgroup memory workgroup acq_rel [local] : i32
  return %n : i32
}

// -----

func.func @partial(%mask: i32) {
  // expected-error @+1 {{a barrier over part of a subgroup (lane mask) has no form on target 'spirv-opencl'}}
  xfence.barrier subgroup mask(%mask) memory subgroup acq_rel [local]
  return
}

// -----

func.func @grid() {
  // expected-error @+1 {{a barrier of execution scope 'device' has no form on target 'spirv-opencl' (a grid-wide barrier needs a cooperative launch)}}
  xfence.barrier device
  return
}

// -----

// OpAtomicIIncrement does not wrap at an operand.
func.func @inc(%p: !llvm.ptr<1>, %v: i32) {
  // expected-error @+1 {{atomic 'inc' has no form on target 'spirv-opencl'}}
  %0 = xfence.atomic_rmw inc %p, %v device relaxed : !llvm.ptr<1>, i32
  return
}

// -----

func.func @float_cmpxchg(%p: !llvm.ptr<1>, %x: f32) {
  // expected-error @+2 {{SPIR-V has no atomic compare-exchange on 'f32'}}
  // expected-error @+1 {{failed to legalize operation 'xfence.atomic_cmpxchg'}}
  %0, %1 = xfence.atomic_cmpxchg %p, %x, %x device relaxed relaxed : !llvm.ptr<1>, f32
  return
}

// -----

func.func @float_load(%p: !llvm.ptr<1>) {
  // expected-error @+2 {{no SPIR-V atomic load of 'f32' (the SPIR-V dialect route writes atomic loads of integers only)}}
  // expected-error @+1 {{failed to legalize operation 'xfence.atomic_load'}}
  %0 = xfence.atomic_load %p device acquire : !llvm.ptr<1> -> f32
  return
}

// -----

func.func @addrspace(%p: !llvm.ptr<5>, %v: i32) {
  // expected-error @+2 {{address space 5 has no SPIR-V storage class in the OpenCL environment}}
  // expected-error @+1 {{failed to legalize operation 'xfence.atomic_rmw'}}
  %0 = xfence.atomic_rmw add %p, %v device relaxed : !llvm.ptr<5>, i32
  return
}

// -----

// The frontends' bookkeeping ops are no synchronization to lower.
func.func @access() {
  // expected-error @+1 {{failed to legalize operation 'xfence.access'}}
  xfence.access read [global]
  return
}
