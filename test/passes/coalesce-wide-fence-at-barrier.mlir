// drop-fences-at-barriers beyond workgroup scope: a barrier with a memory
// part is a release fence on entry and an acquire fence on exit at its
// memory scope over its spaces, so a release fence directly before it, or
// an acquire fence directly after it, of a scope and spaces the memory
// part covers, adds nothing. The other halves stay: a partner outside the
// workgroup does not pass through the barrier.
// RUN: xfence-opt %s -xfence-coalesce -split-input-file | FileCheck %s
// RUN: xfence-opt %s -xfence-coalesce=exact-scopes -split-input-file | FileCheck %s --check-prefix=EXACT

// OpenCL with --opencl-global-fence=device: write_mem_fence(GLOBAL);
// barrier(GLOBAL); read_mem_fence(GLOBAL).
// CHECK-LABEL: func.func @release_before_acquire_after
// CHECK-NEXT:    xfence.barrier workgroup memory device acq_rel [global]
// CHECK-NEXT:    return
// EXACT-LABEL: func.func @release_before_acquire_after
// EXACT-NEXT:    xfence.barrier workgroup memory device acq_rel [global]
// EXACT-NEXT:    return
func.func @release_before_acquire_after() {
  xfence.fence device release [global]
  xfence.barrier workgroup memory device acq_rel [global]
  xfence.fence device acquire [global]
  return
}

// -----

// A narrower wide fence is covered too, except under exact-scopes.
// CHECK-LABEL: func.func @narrower_release
// CHECK-NEXT:    xfence.barrier workgroup memory system acq_rel [local, global]
// CHECK-NEXT:    return
// EXACT-LABEL: func.func @narrower_release
// EXACT-NEXT:    xfence.fence device release [global]
// EXACT-NEXT:    xfence.barrier
func.func @narrower_release() {
  xfence.fence device release [global]
  xfence.barrier workgroup memory system acq_rel [local, global]
  return
}

// -----

// The halves the barrier does not give stay: an acquire or acq_rel fence
// before it, a release fence after it.
// CHECK-LABEL: func.func @other_halves
// CHECK-NEXT:    xfence.fence device acquire [global]
// CHECK-NEXT:    xfence.barrier workgroup memory device acq_rel [global]
// CHECK-NEXT:    xfence.fence device release [global]
// CHECK-NEXT:    xfence.access
// CHECK-NEXT:    xfence.fence device acq_rel [global]
// CHECK-NEXT:    xfence.barrier workgroup memory device acq_rel [global]
// CHECK-NEXT:    return
func.func @other_halves() {
  xfence.fence device acquire [global]
  xfence.barrier workgroup memory device acq_rel [global]
  xfence.fence device release [global]
  xfence.access write [global]
  xfence.fence device acq_rel [global]
  xfence.barrier workgroup memory device acq_rel [global]
  return
}

// -----

// Not covered: a wider scope than the barrier's memory part, a space it
// does not order, a seq_cst fence, a barrier whose memory part does not
// release, an access in between.
// CHECK-LABEL: func.func @not_covered
// CHECK-NEXT:    xfence.fence system release [global]
// CHECK-NEXT:    xfence.barrier workgroup memory device acq_rel [global]
// CHECK-NEXT:    xfence.access
// CHECK-NEXT:    xfence.fence device release [local, global]
// CHECK-NEXT:    xfence.barrier workgroup memory device acq_rel [global]
// CHECK-NEXT:    xfence.access
// CHECK-NEXT:    xfence.fence device seq_cst [global]
// CHECK-NEXT:    xfence.barrier workgroup memory device acq_rel [global]
// CHECK-NEXT:    xfence.access
// CHECK-NEXT:    xfence.fence device release [global]
// CHECK-NEXT:    xfence.barrier workgroup memory device acquire [global]
// CHECK-NEXT:    xfence.access
// CHECK-NEXT:    xfence.fence device release [global]
// CHECK-NEXT:    xfence.access
// CHECK-NEXT:    xfence.barrier workgroup memory device acq_rel [global]
func.func @not_covered() {
  xfence.fence system release [global]
  xfence.barrier workgroup memory device acq_rel [global]
  xfence.access read [global]
  xfence.fence device release [local, global]
  xfence.barrier workgroup memory device acq_rel [global]
  xfence.access read [global]
  xfence.fence device seq_cst [global]
  xfence.barrier workgroup memory device acq_rel [global]
  xfence.access read [global]
  xfence.fence device release [global]
  xfence.barrier workgroup memory device acquire [global]
  xfence.access read [global]
  xfence.fence device release [global]
  xfence.access write [global]
  xfence.barrier workgroup memory device acq_rel [global]
  return
}

// -----

// barriers-order-all-spaces (CUDA, where __syncthreads() orders every
// space): a barrier of local memory covers a fence of global memory.
// RUN: xfence-opt %s -xfence-coalesce=barriers-order-all-spaces -split-input-file | FileCheck %s --check-prefix=ALL
// CHECK-LABEL: func.func @all_spaces
// CHECK-NEXT:    xfence.fence workgroup release [global]
// CHECK-NEXT:    xfence.barrier workgroup memory workgroup acq_rel [local]
// CHECK-NEXT:    xfence.fence device release [global]
// ALL-LABEL: func.func @all_spaces
// ALL-NEXT:    xfence.barrier workgroup memory workgroup acq_rel [local]
// ALL-NEXT:    xfence.fence device release [global]
func.func @all_spaces() {
  xfence.fence workgroup release [global]
  xfence.barrier workgroup memory workgroup acq_rel [local]
  xfence.fence device release [global]
  return
}
