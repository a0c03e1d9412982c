// RUN: xfence-opt %s --split-input-file --verify-diagnostics --xfence-legalize="target=ptx-sm70 strict=true"

// In strict mode the derived mapping (a CTA is its own cluster below sm_90)
// is not used: a cluster barrier has no form (sm_90 has one:
// legalize-ptx-barriers.mlir).
func.func @cluster_barrier() {
  // expected-error @+1 {{a barrier of execution scope 'cluster' has no form on target 'ptx-sm70'}}
  xfence.barrier cluster
  return
}

// -----

// A grid-wide barrier needs a cooperative launch.
func.func @grid_barrier() {
  // expected-error @+1 {{a barrier of execution scope 'device' has no form on target 'ptx-sm70' (a grid-wide barrier needs a cooperative launch)}}
  xfence.barrier device memory device acq_rel [global]
  return
}

// -----

func.func @subgroup_reduce(%p: i32) -> i32 {
  // expected-error @+1 {{a reducing barrier of execution scope 'subgroup' has no form on target 'ptx-sm70'}}
  %0 = xfence.barrier_reduce or %p subgroup : i32
  return %0 : i32
}
