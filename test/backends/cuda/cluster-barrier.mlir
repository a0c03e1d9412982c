// A cluster barrier (sm_90) is cooperative_groups::this_cluster().sync():
// barrier.cluster.arrive and barrier.cluster.wait, release and acquire at
// cluster scope by default (PTX ISA, barrier.cluster), so a memory part of
// cluster scope, acq_rel, needs nothing more; a wider or seq_cst one gets
// fences of its scope around the barrier (docs/semantics.md §3.2). What
// legalization for cuda accepts, the emitter writes, and nvcc compiles it
// for sm_90.
// RUN: xfence-opt --xfence-legalize=target=cuda %s | xfence-translate --export-cuda > %t.inc
// RUN: FileCheck %s < %t.inc
// RUN: xfence-translate --export-cuda %s | FileCheck %s --check-prefix=RAW
// RUN: (grep '^#include' %t.inc; echo '__global__ void k() {'; grep -v '^#include' %t.inc; echo '}') > %t.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}

// CHECK: #include <cooperative_groups.h>
// CHECK-LABEL: // cluster
func.func @cluster() attributes {xfence.kernel} {
  // CHECK-NEXT: cooperative_groups::this_cluster().sync();
  xfence.barrier cluster memory cluster acq_rel [local, global]
  // Execution only, or a narrower memory part: the barrier's own ordering
  // is stronger.
  // CHECK-NEXT: cooperative_groups::this_cluster().sync();
  xfence.barrier cluster
  // CHECK-NEXT: cooperative_groups::this_cluster().sync();
  xfence.barrier cluster memory cluster release [local]
  return
}

// CHECK-LABEL: // wider
func.func @wider() attributes {xfence.kernel} {
  // Device scope: a release fence before and an acquire fence after.
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_device);
  // CHECK-NEXT: cooperative_groups::this_cluster().sync();
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_device);
  xfence.barrier cluster memory device acq_rel [global]
  // seq_cst: seq_cst fences; CUDA names no cluster scope, so device.
  // CHECK-NEXT: __threadfence();
  // CHECK-NEXT: cooperative_groups::this_cluster().sync();
  // CHECK-NEXT: __threadfence();
  xfence.barrier cluster memory cluster seq_cst [local, global]
  return
}

// Without legalization the emitter writes the fences itself.
// RAW: #include <cuda/atomic>
// RAW-NEXT: #include <cooperative_groups.h>
// RAW-LABEL: // wider
// RAW-NEXT: (cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_device), cooperative_groups::this_cluster().sync(), cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_device));
// RAW-NEXT: (__threadfence(), cooperative_groups::this_cluster().sync(), __threadfence());
