// RUN: xfence-opt %s --xfence-legalize=target=ptx-sm70 | FileCheck %s --check-prefix=SM70
// RUN: xfence-opt %s --xfence-legalize=target=ptx-sm90 | FileCheck %s --check-prefix=SM90

// __syncwarp: bar.warp.sync orders memory among its lanes; no fence needed.
// A cluster barrier is a CTA barrier below sm_90 (derived).
// SM70-LABEL: func @warp_and_cluster
// SM70-NEXT: xfence.barrier subgroup mask(%{{.*}}) memory subgroup acq_rel [local, global, image]
// SM70-NEXT: xfence.barrier workgroup memory workgroup acq_rel [local, global, image]
// SM70-NEXT: return
// SM90-LABEL: func @warp_and_cluster
// SM90-NEXT: xfence.barrier subgroup mask(%{{.*}}) memory subgroup acq_rel [local, global, image]
// SM90-NEXT: xfence.barrier cluster memory cluster acq_rel [local, global, image]
// SM90-NEXT: return
func.func @warp_and_cluster(%mask: i32) {
  xfence.barrier subgroup mask(%mask) memory subgroup acq_rel [local, global]
  xfence.barrier cluster memory cluster acq_rel [local]
  return
}
