// The raising of CUDA's synchronization as Clang's CUDA IR holds it: block
// barrier intrinsics of barrier 0, llvm.nvvm.membar.*, and inline PTX of
// one fence or barrier instruction, with the CUDA importer's meaning
// (docs/cuda-to-opencl.md). Other barriers, other asm and asm with operands
// stay as they are.
// RUN: xfence-opt --xfence-raise-llvm %s | FileCheck %s
// Clang's own output for a CUDA kernel (no toolkit needed), imported by
// mlir-translate, raised and coalesced: the fence.sc.gpu before a barrier
// is kept (a barrier orders only the block), the block fence after the
// system fence is covered by it.
// RUN: clang -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_90 -O1 -S -emit-llvm %S/Inputs/raise-cuda.cu -o %t.ll 2>/dev/null
// RUN: mlir-translate --import-llvm %t.ll 2>/dev/null | xfence-opt --xfence-raise-llvm --xfence-coalesce | FileCheck %s --check-prefix=CLANG

// CHECK-LABEL: llvm.func @cuda_sync
llvm.func @cuda_sync(%p: !llvm.ptr) {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  // The unused constant 0 goes.
  // CHECK-NEXT: llvm.mlir.constant(1 : i32)
  // CHECK-NEXT: xfence.barrier workgroup memory workgroup acq_rel [local, global]
  llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.aligned.all"(%c0) : (i32) -> ()
  // CHECK-NEXT: xfence.barrier workgroup memory workgroup acq_rel [local, global]
  llvm.call_intrinsic "llvm.nvvm.barrier0"() : () -> ()
  // A named barrier (id 1) is not __syncthreads.
  // CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.aligned.all"(%{{.*}})
  llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.aligned.all"(%c1) : (i32) -> ()
  // CHECK-NEXT: xfence.fence workgroup seq_cst [local, global]
  llvm.call_intrinsic "llvm.nvvm.membar.cta"() : () -> ()
  // CHECK-NEXT: xfence.fence device seq_cst [local, global]
  llvm.call_intrinsic "llvm.nvvm.membar.gl"() : () -> ()
  // CHECK-NEXT: xfence.fence system seq_cst [local, global]
  llvm.call_intrinsic "llvm.nvvm.membar.sys"() : () -> ()
  // CHECK-NEXT: xfence.fence device acq_rel [local, global]
  %0 = llvm.inline_asm has_side_effects "fence.acq_rel.gpu;", "~{memory}" : () -> !llvm.void
  // CHECK-NEXT: xfence.fence system acq_rel [local, global]
  %1 = llvm.inline_asm has_side_effects "fence;", "" : () -> !llvm.void
  // CHECK-NEXT: xfence.fence cluster seq_cst [local, global]
  %2 = llvm.inline_asm has_side_effects "  fence.sc.cluster ; ", "" : () -> !llvm.void
  // CHECK-NEXT: xfence.barrier workgroup memory workgroup acq_rel [local, global]
  %3 = llvm.inline_asm has_side_effects "bar.sync 0;", "" : () -> !llvm.void
  // CHECK-NEXT: llvm.inline_asm has_side_effects "fence.proxy.alias;"
  %4 = llvm.inline_asm has_side_effects "fence.proxy.alias;", "" : () -> !llvm.void
  // CHECK-NEXT: llvm.inline_asm has_side_effects "membar.gl; membar.cta;"
  %5 = llvm.inline_asm has_side_effects "membar.gl; membar.cta;", "" : () -> !llvm.void
  // CHECK-NEXT: llvm.inline_asm has_side_effects "bar.sync $0;"
  %6 = llvm.inline_asm has_side_effects "bar.sync $0;", "r" %c1 : (i32) -> !llvm.void
  llvm.return
}

// CLANG-LABEL: @_Z1kPi(
// CLANG: llvm.store
// CLANG-NEXT: xfence.fence device seq_cst [local, global]
// CLANG-NEXT: llvm.getelementptr
// CLANG-NEXT: llvm.store
// CLANG-NEXT: xfence.fence system seq_cst [local, global]
// CLANG-NOT: xfence.fence workgroup
// CLANG-NEXT: xfence.barrier workgroup memory workgroup acq_rel [local, global]
// CLANG-NEXT: xfence.fence device acq_rel [local, global]
// CLANG: llvm.return
