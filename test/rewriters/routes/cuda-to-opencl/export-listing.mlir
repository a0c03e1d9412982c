// --export-opencl of a module that was not imported from a CUDA file (an
// alpaka import, a module written by hand): one statement per op,
// legalized for the OpenCL C version as the rewriter legalizes them.
// RUN: xfence-translate --export-opencl --opencl-target-std=CL2.0 %s | FileCheck %s --check-prefix=CL2
// RUN: not xfence-translate --export-opencl %s 2>&1 | FileCheck %s --check-prefix=CL12
// The OpenCL C 1.2 policies are typed options: the assumption named, the
// device-scope fences are written as full mem_fence; a value the option
// does not have is refused by the option parser.
// RUN: xfence-translate --export-opencl --opencl12-device-fence=assume-global-fence-is-device-wide %s | FileCheck %s --check-prefix=ASSUME
// RUN: not xfence-translate --export-opencl --opencl12-device-fence=bogus %s 2>&1 | FileCheck %s --check-prefix=BOGUS
// BOGUS: for the --opencl12-device-fence option: Cannot find option named 'bogus'!
// ASSUME: // OpenCL C 1.2
// ASSUME-NEXT: // listing
// ASSUME-NEXT: mem_fence(CLK_GLOBAL_MEM_FENCE);
// ASSUME-NEXT: barrier(CLK_LOCAL_MEM_FENCE);
// ASSUME-NEXT: mem_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
// ASSUME-NEXT: atomic_add((volatile __global int *)(addr), value);
// ASSUME-NEXT: mem_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
// ASSUME-NEXT: mem_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);

// CL2: // OpenCL C 2.0
// CL2-LABEL: // listing
func.func @listing(%p: !llvm.ptr<1>, %v: i32) {
  // OpenCL C 2.x synchronizes only equal scopes: every fence and atomic on
  // global memory gets the widest scope of the module, the device.
  // CL2-NEXT: atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_device);
  xfence.fence subgroup release [global]
  // CL2-NEXT: barrier(CLK_LOCAL_MEM_FENCE);
  xfence.barrier workgroup memory workgroup acq_rel [local]
  // CL2-NEXT: atomic_fetch_add_explicit((volatile __global atomic_int *)(addr), value, memory_order_acq_rel, memory_scope_device);
  // OpenCL C 1.2 atomics carry no order: fences around the atomic, of its
  // scope, which 1.2 cannot name. Refused at the op, as is the fence.
  // CL12: :[[#@LINE+1]]:8: error: scope 'device' has no equal or wider form on target 'opencl1.2'; refusing to weaken it
  %0 = xfence.atomic_rmw add %p, %v device acq_rel : !llvm.ptr<1>, i32
  // CL2-NEXT: atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acq_rel, memory_scope_device);
  // CL12: :[[#@LINE+1]]:3: error: scope 'device' has no equal or wider form on target 'opencl1.2'; refusing to weaken it
  xfence.fence device acq_rel [global]
  return
}
