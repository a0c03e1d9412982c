// By default the fence-coalescing pass runs: neighbouring fences merge into
// one (the first site gets the joined fence, the others a comment), a
// workgroup fence beside a covering barrier disappears. A memory access keeps
// fences apart. --no-coalesce keeps every construct.
// RUN: xfence translate %s --to cuda -cl-std=CL2.0 -o %t.cu
// RUN: grep -v CHECK %t.cu | FileCheck %s
// RUN: xfence translate %s --to cuda -cl-std=CL2.0 --no-coalesce -o - | grep -v CHECK | FileCheck %s --check-prefix=KEEP
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}

__kernel void k(__global int *g) {
  // CHECK: cuda::atomic_thread_fence(cuda::memory_order_acq_rel, cuda::thread_scope_block);
  // CHECK-NEXT: ((void)0) /* xfence: write_mem_fence(CLK_GLOBAL_MEM_FENCE) merged into the construct at line [[#@LINE+3]], column 3 */;
  // KEEP: cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_block);
  // KEEP-NEXT: cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_block);
  read_mem_fence(CLK_LOCAL_MEM_FENCE);
  write_mem_fence(CLK_GLOBAL_MEM_FENCE);
  g[0] = 1;
  // CHECK: ((void)0) /* xfence: mem_fence(CLK_LOCAL_MEM_FENCE) removed: redundant */;
  // CHECK-NEXT: __syncthreads();
  // KEEP: cuda::atomic_thread_fence(cuda::memory_order_acq_rel, cuda::thread_scope_block);
  // KEEP-NEXT: __syncthreads();
  mem_fence(CLK_LOCAL_MEM_FENCE);
  barrier(CLK_LOCAL_MEM_FENCE);
  // A seq_cst device fence is never dropped.
  // CHECK: __threadfence();
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, memory_scope_device);
}
