// RUN: xfence-opt %s --split-input-file --verify-diagnostics --convert-xfence-to-nvvm="sm=80 ptx=78 strict=true"

// A grid-wide barrier needs a cooperative launch.
func.func @grid() {
  // expected-error @+1 {{a barrier of execution scope 'device' has no form on target 'ptx-sm80' (a grid-wide barrier needs a cooperative launch)}}
  xfence.barrier device
  return
}

// -----

// Strict: no derived "CTA is its cluster" below sm_90.
func.func @cluster_barrier() {
  // expected-error @+1 {{a barrier of execution scope 'cluster' has no form on target 'ptx-sm80'}}
  xfence.barrier cluster memory cluster acq_rel [global]
  return
}

// -----

func.func @inc64(%p: !llvm.ptr<1>, %v: i64) {
  // expected-error @+2 {{PTX has no 'atom' for 'inc' on 'i64'}}
  // expected-error @+1 {{failed to legalize operation 'xfence.atomic_rmw'}}
  %0 = xfence.atomic_rmw inc %p, %v device relaxed : !llvm.ptr<1>, i64
  return
}
