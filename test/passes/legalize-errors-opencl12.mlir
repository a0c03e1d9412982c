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

// -----

// OpenCL C 1.2 has no fence that is surely seq_cst: mem_fence is acq_rel as
// OpenCL C 2.0 §6.13.8 defines it (semantics.md §2, the emitting reading).
func.func @seq_cst_fence() {
  // expected-error @+1 {{order 'seq_cst' has no sound form on target 'opencl1.2' (its strongest fence, mem_fence, is only acq_rel at work-group scope as OpenCL C 2.0 §6.13.8 defines it)}}
  xfence.fence workgroup seq_cst [local, global]
  return
}

// -----

// barrier(F) orders memory as mem_fence(F) does.
func.func @seq_cst_barrier() {
  // expected-error @+1 {{order 'seq_cst' has no sound form on target 'opencl1.2'}}
  xfence.barrier workgroup memory workgroup seq_cst [local]
  return
}

// -----

// A seq_cst atomic needs seq_cst fences around it.
func.func @seq_cst_atomic(%p: !llvm.ptr<3>, %v: i32) {
  // expected-error @+1 {{order 'seq_cst' has no sound form on target 'opencl1.2'}}
  %0, %1 = xfence.atomic_cmpxchg %p, %v, %v workgroup seq_cst acquire : !llvm.ptr<3>, i32
  return
}
