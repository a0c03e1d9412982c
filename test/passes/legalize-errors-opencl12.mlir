// RUN: xfence-opt %s --split-input-file --verify-diagnostics --xfence-legalize=target=opencl1.2

// OpenCL 1.2 has no device scope: refusing to weaken.
func.func @device_fence() {
  // expected-error @+1 {{scope 'device' has no equal or wider form on target 'opencl1.2'; refusing to weaken it}}
  xfence.fence device acq_rel [global]
  return
}

// -----

func.func @image_fence() {
  // expected-error @+1 {{memory space [image] cannot be ordered on target 'opencl1.2'}}
  xfence.fence workgroup acq_rel [image]
  return
}

// -----

// An ordered device-scope atomic needs a device-scope fence in 1.2.
func.func @ordered_device_atomic(%p: !llvm.ptr<1>, %v: i32) {
  // expected-error @+1 {{scope 'device' has no equal or wider form on target 'opencl1.2'}}
  %0 = xfence.atomic_rmw add %p, %v device acquire : !llvm.ptr<1>, i32
  return
}

// -----

// atomicInc wraps at its operand; OpenCL's atomic_inc does not.
func.func @inc(%p: !llvm.ptr<1>, %v: i32) {
  // expected-error @+1 {{atomic 'inc' has no form on target 'opencl1.2'}}
  %0 = xfence.atomic_rmw inc %p, %v device relaxed : !llvm.ptr<1>, i32
  return
}

// -----

func.func @subgroup_barrier() {
  // expected-error @+1 {{a barrier of execution scope 'subgroup' has no form on target 'opencl1.2'}}
  xfence.barrier subgroup
  return
}
