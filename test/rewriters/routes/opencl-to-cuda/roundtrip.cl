// --export-cuda on a module imported from a file rewrites that file; the
// sites of fences a pass merged become comments.
// RUN: xfence-translate --import-opencl %s -mlir-print-debuginfo | xfence-translate --export-cuda -mlir-print-debuginfo | grep -v CHECK | FileCheck %s

__kernel void k(__global int *g) {
  // CHECK: cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_block);
  read_mem_fence(CLK_LOCAL_MEM_FENCE);
  // CHECK-NEXT: __syncthreads();
  barrier(CLK_GLOBAL_MEM_FENCE);
}
