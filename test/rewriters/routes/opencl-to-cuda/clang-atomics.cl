// clang's own atomic built-ins, called directly in OpenCL C, are translated
// as the OpenCL built-ins that do the same work (never copied as they are:
// CUDA and HIP have no __opencl_atomic_*, memory_order_* or
// memory_scope_*), and coalescing sees them: a fence is not merged across
// one.
// RUN: xfence translate %s --cl-std=CL2.0 --to cuda -o %t.cu
// RUN: grep -v -E '// (CHECK|HIP)' %t.cu | FileCheck %s
// RUN: xfence translate %s --cl-std=CL2.0 --to hip -o %t.hip
// RUN: grep -v -E '// (CHECK|HIP)' %t.hip | FileCheck %s --check-prefix=HIP
// RUN: grep -v '//' %t.cu | not grep -E '__(opencl|c11|scoped)_atomic|__atomic_|__sync_|[^:]memory_(order|scope)_[a-z_]*[,)]'
// RUN: grep -v '//' %t.hip | not grep -E '__(opencl|c11|scoped)_atomic|__atomic_|__sync_|[^:]memory_(order|scope)_[a-z_]*[,)]'
// RUN: %if nvcc %{ %nvcc -x cu -arch=sm_90 -std=c++17 -c %t.cu -o %t.o %}
// RUN: %if hip-headers %{ %hip-clang -fsyntax-only %t.hip %}

// CHECK-LABEL: __global__ void k(
// HIP-LABEL: __global__ void k(
__kernel void k(__global atomic_int *m, __global int *out, __global int *p) {
  // CHECK: out[0] = (cuda::atomic_ref<int, cuda::thread_scope_device>(*(int *)(m)).load(cuda::memory_order_acquire));
  // HIP: out[0] = ((int)__hip_atomic_load((int *)(m), __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_AGENT));
  out[0] = atomic_load_explicit(m, memory_order_acquire, memory_scope_device);
  // CHECK-NEXT: out[1] = (cuda::atomic_ref<int, cuda::thread_scope_device>(*(int *)(m)).load(cuda::memory_order_acquire));
  // HIP-NEXT: out[1] = ((int)__hip_atomic_load((int *)(m), __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_AGENT));
  out[1] = __opencl_atomic_load(m, memory_order_acquire, memory_scope_device);
  // CHECK-NEXT: out[2] = (cuda::atomic_ref<int, cuda::thread_scope_device>(*(int *)(m)).load(cuda::memory_order_seq_cst)) +
  // CHECK-NEXT:    (cuda::atomic_ref<int, cuda::thread_scope_block>(*(int *)(m)).load(cuda::memory_order_seq_cst));
  // HIP-NEXT: out[2] = ((int)__hip_atomic_load((int *)(m), __ATOMIC_SEQ_CST, __HIP_MEMORY_SCOPE_AGENT)) +
  // HIP-NEXT:    ((int)__hip_atomic_load((int *)(m), __ATOMIC_SEQ_CST, __HIP_MEMORY_SCOPE_WORKGROUP));
  out[2] = __c11_atomic_load(m, memory_order_seq_cst) +
           __opencl_atomic_load(m, memory_order_seq_cst, memory_scope_work_group);
  // CHECK: out[3] = (cuda::atomic_ref<int, cuda::thread_scope_device>(*(int *)(p)).fetch_add(1, cuda::memory_order_seq_cst));
  // HIP: out[3] = __hip_atomic_fetch_add((int *)(p), (int)(1), __ATOMIC_SEQ_CST, __HIP_MEMORY_SCOPE_AGENT);
  out[3] = __atomic_fetch_add(p, 1, __ATOMIC_SEQ_CST);
  // CHECK-NEXT: out[4] = (cuda::atomic_ref<int, cuda::thread_scope_system>(*(int *)(p)).fetch_add(1, cuda::memory_order_seq_cst));
  // HIP-NEXT: out[4] = __hip_atomic_fetch_add((int *)(p), (int)(1), __ATOMIC_SEQ_CST, __HIP_MEMORY_SCOPE_SYSTEM);
  out[4] = __sync_fetch_and_add(p, 1);
  // CHECK-NEXT: out[5] = atomicAdd_block((int *)(p), (int)(1));
  // HIP-NEXT: out[5] = __hip_atomic_fetch_add((int *)(p), (int)(1), __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
  out[5] = __scoped_atomic_fetch_add(p, 1, __ATOMIC_RELAXED, __MEMORY_SCOPE_WRKGRP);
  int e = 0;
  // CHECK-NEXT: int e = 0;
  // CHECK-NEXT: out[6] = (cuda::atomic_ref<int, cuda::thread_scope_device>(*(int *)(p)).compare_exchange_weak(*(&e), 1, cuda::memory_order_seq_cst, cuda::memory_order_relaxed));
  // HIP: out[6] = __hip_atomic_compare_exchange_weak((int *)(p), (int *)(&e), (int)(1), __ATOMIC_SEQ_CST, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  out[6] = __atomic_compare_exchange_n(p, &e, 1, 1, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED);
  // CHECK-NEXT: (cuda::atomic_ref<int, cuda::thread_scope_system>(*(int *)(p)).store(0, cuda::memory_order_release));
  // HIP-NEXT: __hip_atomic_store((int *)(p), (int)(0), __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_SYSTEM);
  __sync_lock_release(p);
  // CHECK-NEXT: __threadfence_system();
  // HIP-NEXT: __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "");
  __sync_synchronize();
}

// A fence on each side of a relaxed store of clang's: both stay (the
// second orders the first store before the second).
// CHECK-LABEL: __global__ void publish(
// CHECK:         data[0] = 1;
// CHECK-NEXT:    cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_device);
// CHECK-NEXT:    (cuda::atomic_ref<int, cuda::thread_scope_device>(*(int *)(flag)).store(1, cuda::memory_order_relaxed));
// CHECK-NEXT:    cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_device);
// CHECK-NEXT:    (cuda::atomic_ref<int, cuda::thread_scope_device>(*(int *)(flag)).store(2, cuda::memory_order_relaxed));
__kernel void publish(__global int *data, __global atomic_int *flag) {
  data[0] = 1;
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_device);
  __opencl_atomic_store(flag, 1, memory_order_relaxed, memory_scope_device);
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_device);
  __opencl_atomic_store(flag, 2, memory_order_relaxed, memory_scope_device);
}
