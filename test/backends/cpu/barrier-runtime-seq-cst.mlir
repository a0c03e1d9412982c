// RUN: xfence-opt %s --split-input-file --convert-xfence-to-cpu=barrier=runtime | FileCheck %s --implicit-check-not=xfence.
// RUN: xfence-opt %s --convert-xfence-to-cpu=barrier=runtime --convert-to-llvm --reconcile-unrealized-casts | mlir-translate --mlir-to-llvmir | llc -mtriple=x86_64-unknown-linux-gnu -O2 | FileCheck %s --check-prefix=X86

// Guards the runtime barrier (barrier=runtime, the fiber runtime's
// __xfence_cpu_barrier) against weakening a seq_cst memory part to an
// acq_rel fence: two work-groups on two threads that each store, meet a
// seq_cst barrier and load could both read the old values (x86-TSO store
// buffering), which seq_cst fences on entry and exit forbid. The runtime's
// barrier holds no fence, so both fences are written.

// CHECK-LABEL: func @seq_cst_barrier(
// CHECK-NEXT: llvm.store
// CHECK-NEXT: llvm.fence seq_cst{{$}}
// CHECK-NEXT: llvm.call @__xfence_cpu_barrier() : () -> ()
// CHECK-NEXT: llvm.fence seq_cst{{$}}
// CHECK-NEXT: llvm.load
// X86-LABEL: seq_cst_barrier:
// X86: movl %edx, (%rdi)
// X86-NEXT: {{mfence|lock[[:space:]]+orl}}
// X86-NEXT: callq __xfence_cpu_barrier
// X86-NEXT: {{mfence|lock[[:space:]]+orl}}
// X86-NEXT: movl ({{.*}}), %eax
func.func @seq_cst_barrier(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>, %v: i32) -> i32 {
  llvm.store %v, %x : i32, !llvm.ptr<1>
  xfence.barrier workgroup memory device seq_cst [global]
  %r = llvm.load %y : !llvm.ptr<1> -> i32
  return %r : i32
}

// -----

// An acq_rel barrier keeps its one acq_rel fence before the call.
// CHECK-LABEL: func @acq_rel_barrier(
// CHECK-NEXT: llvm.fence acq_rel{{$}}
// CHECK-NEXT: llvm.call @__xfence_cpu_barrier() : () -> ()
// CHECK-NEXT: return
func.func @acq_rel_barrier() {
  xfence.barrier workgroup memory workgroup acq_rel [local, global]
  return
}
