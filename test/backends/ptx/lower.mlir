// RUN: xfence-opt %s --convert-xfence-to-nvvm="sm=90 ptx=86" --split-input-file | FileCheck %s --check-prefix=SM90
// RUN: xfence-opt %s --convert-xfence-to-nvvm="sm=80 ptx=78" --split-input-file | FileCheck %s --check-prefix=SM80

// SM90-LABEL: func @fences
// SM90-NEXT: llvm.fence syncscope("block") acquire
// SM90-NEXT: llvm.fence syncscope("cluster") release
// SM90-NEXT: llvm.fence syncscope("device") seq_cst
// SM90-NEXT: llvm.fence acq_rel
// SM90-NEXT: return
// SM80-LABEL: func @fences
// SM80-NEXT: llvm.fence syncscope("block") acq_rel
// SM80-NEXT: llvm.fence syncscope("block") acq_rel
// SM80-NEXT: llvm.fence syncscope("device") seq_cst
// SM80-NEXT: llvm.fence acq_rel
// SM80-NEXT: return
func.func @fences() {
  xfence.fence subgroup acquire [local]
  xfence.fence cluster release [global]
  xfence.fence device seq_cst [global]
  xfence.fence system acq_rel [image]
  xfence.fence thread seq_cst [global]
  return
}

// -----

// SM90-LABEL: func @barriers
// SM90: nvvm.barrier
// SM90-NEXT: nvvm.bar.warp.sync %{{.*}}
// SM90-NEXT: nvvm.cluster.arrive.relaxed {aligned}
// SM90-NEXT: nvvm.cluster.wait {aligned}
// SM90-NEXT: llvm.fence syncscope("device") release
// SM90-NEXT: nvvm.barrier
// SM90-NEXT: llvm.fence syncscope("device") acquire
// SM80-LABEL: func @barriers
// SM80: nvvm.barrier
// SM80-NEXT: nvvm.bar.warp.sync %{{.*}}
// SM80-NEXT: nvvm.barrier
// SM80-NEXT: llvm.fence syncscope("device") acq_rel
// SM80-NEXT: nvvm.barrier
// SM80-NEXT: llvm.fence syncscope("device") acq_rel
func.func @barriers(%mask: i32) {
  xfence.barrier workgroup memory workgroup acq_rel [local]
  xfence.barrier subgroup mask(%mask) memory subgroup acq_rel [local]
  xfence.barrier cluster
  xfence.barrier workgroup memory device acq_rel [global]
  return
}

// -----

// SM90-LABEL: func @atomics
// SM90: llvm.inline_asm has_side_effects "atom.acquire.cta.global.min.s32 $0, [$1], $2;", "=r,l,r,~{memory}"
// SM90: llvm.inline_asm has_side_effects "fence.sc.cluster;\0A\09atom.acquire.cluster.exch.b64 $0, [$1], $2;", "=l,l,l,~{memory}"
// SM90: llvm.cmpxchg weak %{{.*}}, %{{.*}}, %{{.*}} syncscope("device") release monotonic
// SM90: llvm.load %{{.*}} atomic syncscope("block") monotonic
// SM90: llvm.store %{{.*}}, %{{.*}} atomic seq_cst
// SM80-LABEL: func @atomics
// SM80: "fence.sc.cta;\0A\09atom.acquire.cta.exch.b64 $0, [$1], $2;"
func.func @atomics(%p: !llvm.ptr<1>, %q: !llvm.ptr, %v: i32, %w: i64) {
  %0 = xfence.atomic_rmw min %p, %v subgroup acquire : !llvm.ptr<1>, i32
  %1 = xfence.atomic_rmw xchg %q, %w cluster seq_cst : !llvm.ptr, i64
  %2, %3 = xfence.atomic_cmpxchg %p, %v, %v device release relaxed weak : !llvm.ptr<1>, i32
  %4 = xfence.atomic_load %p thread relaxed : !llvm.ptr<1> -> i32
  xfence.atomic_store %4, %q system seq_cst : i32, !llvm.ptr
  return
}
