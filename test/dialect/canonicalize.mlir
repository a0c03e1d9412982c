// RUN: xfence-opt %s -canonicalize -split-input-file | FileCheck %s

// A relaxed fence, a fence at thread scope without `image` and a fence over
// no memory space order nothing between threads: they go. Everything else
// stays (canonicalize-image-fence.mlir has the thread-scope image fences).
// CHECK-LABEL: func.func @noop_fences
// CHECK-NEXT:    xfence.fence workgroup acquire [local]
// CHECK-NEXT:    xfence.fence subgroup seq_cst [global]
// CHECK-NEXT:    return
func.func @noop_fences() {
  xfence.fence device relaxed [local, global]
  xfence.fence thread seq_cst [local, global]
  xfence.fence workgroup acq_rel []
  xfence.fence workgroup acquire [local]
  xfence.fence system relaxed [global]
  xfence.fence subgroup seq_cst [global]
  return
}

// -----

// Canonicalization never removes a barrier (an execution-only barrier
// included), nor an atomic whose result is unused, nor merges identical
// neighbouring fences: that is xfence-coalesce's job, with its rules.
// CHECK-LABEL: func.func @kept
// CHECK-NEXT:    xfence.barrier workgroup{{$}}
// CHECK-NEXT:    xfence.barrier workgroup memory workgroup acq_rel [local]
// CHECK-NEXT:    xfence.fence device acq_rel [global]
// CHECK-NEXT:    xfence.fence device acq_rel [global]
// CHECK-NEXT:    xfence.atomic_rmw add
// CHECK-NEXT:    xfence.atomic_load
// CHECK-NEXT:    xfence.atomic_cmpxchg
// CHECK-NEXT:    xfence.barrier_reduce
// CHECK-NEXT:    xfence.access read [global]
// CHECK-NEXT:    xfence.opaque "f"
// CHECK-NEXT:    xfence.exit return
// CHECK-NEXT:    return
func.func @kept(%p: !llvm.ptr<1>, %v: i32) {
  xfence.barrier workgroup
  xfence.barrier workgroup memory workgroup acq_rel [local]
  xfence.fence device acq_rel [global]
  xfence.fence device acq_rel [global]
  %0 = xfence.atomic_rmw add %p, %v device relaxed : !llvm.ptr<1>, i32
  %1 = xfence.atomic_load %p device relaxed : !llvm.ptr<1> -> i32
  %2, %3 = xfence.atomic_cmpxchg %p, %v, %v device relaxed relaxed : !llvm.ptr<1>, i32
  %4 = xfence.barrier_reduce count %v workgroup : i32
  xfence.access read [global]
  xfence.opaque "f"
  xfence.exit return
  return
}

// -----

// Region ops take the effects of what they hold: an empty loop or branch is
// dead, one holding a fence or an exit is not.
// CHECK-LABEL: func.func @regions
// CHECK-NEXT:    xfence.loop {
// CHECK-NEXT:      xfence.fence workgroup acq_rel [local]
// CHECK-NEXT:    }
// CHECK-NEXT:    xfence.branch {
// CHECK-NEXT:      xfence.exit break
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @regions() {
  xfence.loop {
  }
  xfence.branch {
  }, {
  }
  xfence.loop {
    xfence.fence workgroup acq_rel [local]
  }
  xfence.branch {
    xfence.exit break
  }
  xfence.loop {
    xfence.fence workgroup relaxed [local]
  }
  return
}
