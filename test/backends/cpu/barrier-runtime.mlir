// RUN: xfence-opt %s --split-input-file --convert-xfence-to-cpu=barrier=runtime | FileCheck %s --implicit-check-not=omp. --implicit-check-not=xfence.
// RUN: not xfence-opt %s --convert-xfence-to-cpu=barrier=other 2>&1 | FileCheck %s --check-prefix=OPTION

// barrier=runtime, the lowering of `xfence compile --to cpu`: a workgroup
// barrier is a call of the fiber runtime's __xfence_cpu_barrier, declared
// once; a barrier with a memory part gets an acq_rel fence (system scope)
// before the call, an execution-only barrier none. Fences and atomics are
// lowered as with barrier=openmp.

// CHECK-LABEL: module
// CHECK: llvm.func @__xfence_cpu_barrier()
// CHECK-LABEL: func @barriers(
// CHECK-NEXT: llvm.call @__xfence_cpu_barrier() : () -> ()
// CHECK-NEXT: llvm.fence acq_rel{{$}}
// CHECK-NEXT: llvm.call @__xfence_cpu_barrier() : () -> ()
// CHECK-NEXT: llvm.fence acq_rel{{$}}
// CHECK-NEXT: llvm.call @__xfence_cpu_barrier() : () -> ()
// CHECK-NEXT: llvm.fence syncscope("singlethread") release
// CHECK-NEXT: return
func.func @barriers(%p: !llvm.ptr) {
  xfence.barrier workgroup
  xfence.barrier workgroup memory workgroup acq_rel [local]
  xfence.barrier workgroup memory device acq_rel [local, global]
  xfence.fence thread release [image]
  return
}

// -----

// A module without barriers declares nothing.
// CHECK-LABEL: module
// CHECK-NOT: __xfence_cpu_barrier
// CHECK: llvm.atomicrmw add {{.*}} monotonic
func.func @no_barrier(%p: !llvm.ptr, %v: i32) -> i32 {
  %r = xfence.atomic_rmw add %p, %v device relaxed : !llvm.ptr, i32
  return %r : i32
}

// -----

// The declaration is not repeated when the module has one.
// CHECK-LABEL: module
// CHECK: llvm.func @__xfence_cpu_barrier()
// CHECK-NOT: llvm.func @__xfence_cpu_barrier()
// CHECK: llvm.call @__xfence_cpu_barrier()
llvm.func @__xfence_cpu_barrier()
func.func @declared() {
  xfence.barrier workgroup memory workgroup acq_rel [local]
  return
}

// OPTION: convert-xfence-to-cpu: barrier must be 'openmp' or 'runtime', not 'other'
