// OpenCL fences and barriers, translated and compiled as CUDA.
// RUN: xfence translate %s --to cuda --cl-std=CL2.0 --no-coalesce -I %S/Inputs -o %t.cu
// RUN: grep -v CHECK %t.cu | FileCheck %s
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}

#include "sync.h"
#define WG_SYNC barrier(CLK_LOCAL_MEM_FENCE)

// CHECK: // xfence: begin of the translated #include "sync.h"
// CHECK: #define GLOBAL_FENCE() cuda::atomic_thread_fence(cuda::memory_order_acq_rel, cuda::thread_scope_block)
// CHECK: __device__ inline void publish(int *flag) {
// CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_block);
// CHECK: // xfence: end of #include "sync.h"
// CHECK: #define WG_SYNC __syncthreads()

// CHECK-LABEL: __global__ void fences(int *g, int *flag) {
__kernel void fences(__global int *g, __global int *flag) {
  // CHECK-NEXT: __shared__ int t[32];
  __local int t[32];
  t[get_local_id(0)] = g[get_global_id(0)];
  // CHECK: WG_SYNC; // comment kept
  WG_SYNC; // comment kept
  // CHECK-NEXT: GLOBAL_FENCE();
  GLOBAL_FENCE();
  // CHECK-NEXT: __syncthreads();
  barrier(0);
  // CHECK-NEXT: __syncthreads();
  barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
  // CHECK-NEXT: __syncthreads();
  work_group_barrier(CLK_GLOBAL_MEM_FENCE);
  // CHECK-NEXT: __syncthreads();
  work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_device);
  // CHECK-NEXT: (cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_device), __syncthreads(), cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_device));
  work_group_barrier(CLK_GLOBAL_MEM_FENCE, memory_scope_device);
  // CHECK-NEXT: (cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_system), __syncthreads(), cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_system));
  work_group_barrier(CLK_GLOBAL_MEM_FENCE, memory_scope_all_svm_devices);
  // CHECK-NEXT: __syncwarp();
  sub_group_barrier(CLK_LOCAL_MEM_FENCE);
  // CHECK-NEXT: (cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_block), __syncwarp(), cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_block));
  sub_group_barrier(CLK_GLOBAL_MEM_FENCE, memory_scope_work_group);
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_acq_rel, cuda::thread_scope_block);
  mem_fence(CLK_LOCAL_MEM_FENCE);
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_block);
  read_mem_fence(CLK_GLOBAL_MEM_FENCE);
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_block);
  write_mem_fence(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
  // CHECK-NEXT: ((void)0) /* xfence: this fence orders nothing */;
  mem_fence(0);
  // CHECK-NEXT: __threadfence();
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, memory_scope_device);
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_device);
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_device);
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_acq_rel, cuda::thread_scope_block);
  atomic_work_item_fence(CLK_LOCAL_MEM_FENCE, memory_order_acq_rel, memory_scope_device);
  // CHECK-NEXT: __threadfence_block();
  atomic_work_item_fence(CLK_LOCAL_MEM_FENCE, memory_order_seq_cst, memory_scope_sub_group);
  // CHECK-NEXT: __threadfence_system();
  atomic_work_item_fence(CLK_IMAGE_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, memory_scope_all_svm_devices);
  // CHECK-NEXT: cuda::std::atomic_signal_fence(cuda::std::memory_order_acquire);
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire, memory_scope_work_item);
  // CHECK-NEXT: ((void)0) /* xfence: this fence orders nothing */;
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_relaxed, memory_scope_device);
  publish(flag);
  g[0] = t[1];
}
