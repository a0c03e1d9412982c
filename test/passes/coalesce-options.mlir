// Each rule can be turned off on its own; with remarks, each change names
// its rule at the op's location.
// RUN: xfence-opt %s -xfence-coalesce=merge-fences=false | FileCheck %s --check-prefix=NOMERGE
// RUN: xfence-opt %s -xfence-coalesce=drop-fences-at-barriers=false | FileCheck %s --check-prefix=NODROP
// RUN: xfence-opt %s -xfence-coalesce=merge-barriers=false | FileCheck %s --check-prefix=NOBAR
// RUN: xfence-opt %s -xfence-coalesce=narrow-local=false | FileCheck %s --check-prefix=NONARROW
// RUN: xfence-opt %s -xfence-coalesce="merge-fences=false drop-fences-at-barriers=false merge-barriers=false narrow-local=false" | FileCheck %s --check-prefix=NONE
// RUN: xfence-opt %s -xfence-coalesce=remarks -verify-diagnostics -o /dev/null

func.func @all_rules() {
  // expected-remark @+1 {{xfence-coalesce[narrow-local]: local-only memory ordering narrowed to cluster scope}}
  xfence.fence device release [local]
  // expected-remark @+1 {{xfence-coalesce[merge-fences]: fence merged into the fence before it}}
  xfence.fence workgroup acquire [global]
  xfence.access read write [global]
  // expected-remark @+1 {{xfence-coalesce[drop-fences-at-barriers]: fence erased: the neighbouring workgroup barrier orders the same memory at its scope}}
  xfence.fence workgroup acq_rel [local]
  xfence.barrier workgroup memory workgroup acq_rel [local]
  // expected-remark @+1 {{xfence-coalesce[merge-barriers]: barrier merged into the barrier before it}}
  xfence.barrier workgroup memory workgroup acq_rel [global]
  return
}

// NOMERGE:      xfence.fence cluster release [local]
// NOMERGE-NEXT: xfence.fence workgroup acquire [global]
// NOMERGE-NEXT: xfence.access
// NOMERGE-NEXT: xfence.barrier workgroup memory workgroup acq_rel [local, global]
// NOMERGE-NEXT: return

// NODROP:      xfence.fence cluster acq_rel [local, global]
// NODROP-NEXT: xfence.access
// NODROP-NEXT: xfence.fence workgroup acq_rel [local]
// NODROP-NEXT: xfence.barrier workgroup memory workgroup acq_rel [local, global]
// NODROP-NEXT: return

// NOBAR:      xfence.fence cluster acq_rel [local, global]
// NOBAR-NEXT: xfence.access
// NOBAR-NEXT: xfence.barrier workgroup memory workgroup acq_rel [local]
// NOBAR-NEXT: xfence.barrier workgroup memory workgroup acq_rel [global]
// NOBAR-NEXT: return

// NONARROW:      xfence.fence device acq_rel [local, global]
// NONARROW-NEXT: xfence.access
// NONARROW-NEXT: xfence.barrier workgroup memory workgroup acq_rel [local, global]
// NONARROW-NEXT: return

// NONE:      xfence.fence device release [local]
// NONE-NEXT: xfence.fence workgroup acquire [global]
// NONE-NEXT: xfence.access
// NONE-NEXT: xfence.fence workgroup acq_rel [local]
// NONE-NEXT: xfence.barrier workgroup memory workgroup acq_rel [local]
// NONE-NEXT: xfence.barrier workgroup memory workgroup acq_rel [global]
// NONE-NEXT: return
