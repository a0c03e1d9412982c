// Every synchronization construct of CUDA, imported at its exact source
// range, with the built-in header (no toolkit needed).
// RUN: xfence-translate --import-cuda --cuda-builtin-header --mlir-print-debuginfo --mlir-print-local-scope %s 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=WARN < %t.err
#include <cuda/atomic>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// CHECK-LABEL: func.func @fences(
__global__ void fences(cuda::memory_order o) {
  // CHECK: xfence.fence workgroup seq_cst [local, global] loc("{{.*}}sync.cu":[[#@LINE+1]]:3 to :24)
  __threadfence_block();
  // CHECK-NEXT: xfence.fence device seq_cst [local, global] loc("{{.*}}sync.cu":[[#@LINE+1]]:3 to :18)
  __threadfence();
  // CHECK-NEXT: xfence.fence system seq_cst [local, global]
  __threadfence_system();
  // CHECK-NEXT: xfence.fence workgroup acquire [local, global] loc("{{.*}}sync.cu":[[#@LINE+1]]:3 to :82)
  cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_block);
  // CHECK-NEXT: xfence.fence device release [local, global]
  cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_device);
  // CHECK-NEXT: xfence.fence system acq_rel [local, global]
  cuda::atomic_thread_fence(cuda::memory_order_acq_rel);
  // CHECK-NEXT: xfence.fence system seq_cst [local, global]
  cuda::std::atomic_thread_fence(cuda::std::memory_order_seq_cst);
  // CHECK-NEXT: xfence.fence thread acq_rel [local, global]
  cuda::atomic_thread_fence(cuda::memory_order_acq_rel, cuda::thread_scope_thread);
  // CHECK-NEXT: xfence.fence thread seq_cst [local, global]
  cuda::std::atomic_signal_fence(cuda::std::memory_order_seq_cst);
  // Not a constant: the strongest meaning and a warning.
  // WARN: sync.cu:[[#@LINE+2]]:29: warning: the memory order argument is not a constant; assuming the strongest
  // CHECK-NEXT: xfence.fence workgroup seq_cst [local, global]
  cuda::atomic_thread_fence(o, cuda::thread_scope_block);
  // Inline PTX: fences and the block barrier; anything else is opaque.
  // CHECK-NEXT: xfence.fence workgroup seq_cst [local, global] loc("{{.*}}sync.cu":[[#@LINE+1]]:3 to :43)
  asm volatile("membar.cta;" ::: "memory");
  // CHECK-NEXT: xfence.fence device seq_cst [local, global]
  asm volatile("membar.gl;" ::: "memory");
  // CHECK-NEXT: xfence.fence system seq_cst [local, global]
  asm volatile("membar.sys;" ::: "memory");
  // CHECK-NEXT: xfence.fence device seq_cst [local, global]
  asm volatile("fence.sc.gpu;" ::: "memory");
  // CHECK-NEXT: xfence.fence workgroup acq_rel [local, global]
  asm volatile("fence.acq_rel.cta;" ::: "memory");
  // CHECK-NEXT: xfence.fence system acq_rel [local, global]
  asm volatile("fence.acq_rel.sys;" ::: "memory");
  // CHECK-NEXT: xfence.barrier workgroup memory workgroup acq_rel [local, global]
  asm volatile("bar.sync 0;" ::: "memory");
  // CHECK-NEXT: xfence.opaque "asm"
  asm volatile("bar.sync 1, 64;" ::: "memory");
  // CHECK-NEXT: return
}

// CHECK-LABEL: func.func @barriers(
// CHECK: %[[ALL:.*]] = llvm.mlir.constant(-1 : i32) : i32
__global__ void barriers(int *out, unsigned mask) {
  // CHECK: xfence.barrier workgroup memory workgroup acq_rel [local, global] loc("{{.*}}sync.cu":[[#@LINE+1]]:3 to :18)
  __syncthreads();
  // CHECK: xfence.barrier_reduce count %{{.*}} workgroup memory workgroup acq_rel [local, global] {xfence.args = array<i32: 0>}
  int n = __syncthreads_count(out[0] > 0);
  // CHECK: xfence.barrier_reduce and
  n += __syncthreads_and(n);
  // CHECK: xfence.barrier_reduce or
  n += __syncthreads_or(n);
  // A lane mask: a partial subgroup barrier; the omitted mask is all ones.
  // CHECK: xfence.barrier subgroup mask(%{{.*}}) memory subgroup acq_rel [local, global] {xfence.args = array<i32: 0>}
  __syncwarp(mask);
  // CHECK-NEXT: xfence.barrier subgroup mask(%[[ALL]]) memory subgroup acq_rel [local, global] {xfence.args = array<i32: -1>}
  __syncwarp();
  // CHECK-NEXT: xfence.barrier workgroup memory workgroup acq_rel [local, global]
  cg::this_thread_block().sync();
  cg::thread_block block = cg::this_thread_block();
  // CHECK: xfence.barrier workgroup memory workgroup acq_rel [local, global]
  block.sync();
  // CHECK-NEXT: xfence.barrier workgroup memory workgroup acq_rel [local, global]
  cg::sync(block);
  // A tile: part of the block.
  // CHECK-NEXT: xfence.barrier subgroup mask(%{{.*}}) memory subgroup acq_rel [local, global]
  cg::tiled_partition<8>(block).sync();
  // The whole grid: a device-scope barrier.
  // CHECK-NEXT: xfence.barrier device memory device acq_rel [local, global]
  cg::this_grid().sync();
  // CHECK: xfence.access write [global]
  out[1] = n;
}
