// OpenCL 2.0 atomics, translated and compiled as CUDA.
// RUN: xfence translate %s --to cuda -cl-std=CL2.0 --no-coalesce -o %t.cu
// RUN: grep -v CHECK %t.cu | FileCheck %s
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}

enum { MY_ORDER = memory_order_acquire };
#define SCOPE memory_scope_work_group

__kernel void c11(__global atomic_int *a, __global atomic_uint *u,
                  __local atomic_int *l, __global atomic_flag *f,
                  __global atomic_float *x, __global int *out) {
  int e = 0;
  // CHECK-LABEL: __global__ void c11(atomic_int *a, atomic_uint *u,
  // CHECK: int v = (cuda::atomic_ref<int, cuda::thread_scope_device>(*(int *)(a)).load(cuda::memory_order_seq_cst));
  int v = atomic_load(a);
  // CHECK: cuda::atomic_ref<int, cuda::thread_scope_block>(*(int *)(a)).load(cuda::memory_order_acquire)
  v += atomic_load_explicit(a, MY_ORDER, SCOPE);
  // CHECK: cuda::atomic_ref<int, cuda::thread_scope_device>(*(int *)(a)).store(v, cuda::memory_order_seq_cst)
  atomic_store(a, v);
  // CHECK: cuda::atomic_ref<int, cuda::thread_scope_system>(*(int *)(a)).store(1, cuda::memory_order_release)
  atomic_store_explicit(a, 1, memory_order_release, memory_scope_all_svm_devices);
  // CHECK: cuda::atomic_ref<int, cuda::thread_scope_device>(*(int *)(a)).exchange(2, cuda::memory_order_seq_cst)
  v += atomic_exchange(a, 2);
  // CHECK: v += atomicExch((int *)(a), (int)(3));
  v += atomic_exchange_explicit(a, 3, memory_order_relaxed);
  // CHECK: cuda::atomic_ref<int, cuda::thread_scope_device>(*(int *)(a)).compare_exchange_strong(*(&e), 4, cuda::memory_order_seq_cst, cuda::memory_order_seq_cst)
  v += atomic_compare_exchange_strong(a, &e, 4);
  // CHECK: cuda::atomic_ref<int, cuda::thread_scope_block>(*(int *)(l)).compare_exchange_weak(*(&e), 5, cuda::memory_order_acq_rel, cuda::memory_order_acquire)
  v += atomic_compare_exchange_weak_explicit(l, &e, 5, memory_order_acq_rel, memory_order_acquire, memory_scope_work_group);
  // CHECK: cuda::atomic_ref<int, cuda::thread_scope_device>(*(int *)(a)).compare_exchange_weak(*(&e), 6, cuda::memory_order_seq_cst, cuda::memory_order_seq_cst)
  v += atomic_compare_exchange_weak(a, &e, 6);
  // CHECK: cuda::atomic_ref<int, cuda::thread_scope_device>(*(int *)(a)).compare_exchange_strong(*(&e), 7, cuda::memory_order_release, cuda::memory_order_relaxed)
  v += atomic_compare_exchange_strong_explicit(a, &e, 7, memory_order_release, memory_order_relaxed);
  // CHECK: cuda::atomic_ref<int, cuda::thread_scope_device>(*(int *)(a)).fetch_add(1, cuda::memory_order_seq_cst)
  v += atomic_fetch_add(a, 1);
  // CHECK: cuda::atomic_ref<int, cuda::thread_scope_device>(*(int *)(a)).fetch_sub(1, cuda::memory_order_seq_cst)
  v += atomic_fetch_sub(a, 1);
  // CHECK: cuda::atomic_ref<int, cuda::thread_scope_device>(*(int *)(a)).fetch_or(1, cuda::memory_order_seq_cst)
  v += atomic_fetch_or(a, 1);
  // CHECK: cuda::atomic_ref<int, cuda::thread_scope_device>(*(int *)(a)).fetch_xor(1, cuda::memory_order_seq_cst)
  v += atomic_fetch_xor(a, 1);
  // CHECK: cuda::atomic_ref<int, cuda::thread_scope_device>(*(int *)(a)).fetch_and(1, cuda::memory_order_seq_cst)
  v += atomic_fetch_and(a, 1);
  // CHECK: cuda::atomic_ref<unsigned int, cuda::thread_scope_device>(*(unsigned int *)(u)).fetch_min(1u, cuda::memory_order_seq_cst)
  v += atomic_fetch_min(u, 1u);
  // CHECK: cuda::atomic_ref<int, cuda::thread_scope_block>(*(int *)(a)).fetch_max(1, cuda::memory_order_acquire)
  v += atomic_fetch_max_explicit(a, 1, memory_order_acquire, memory_scope_sub_group);
  // CHECK: v += atomicAdd_block((unsigned int *)(u), (unsigned int)(2u));
  v += atomic_fetch_add_explicit(u, 2u, memory_order_relaxed, memory_scope_work_group);
  // CHECK: cuda::atomic_ref<float, cuda::thread_scope_device>(*(float *)(x)).fetch_add(1.0f, cuda::memory_order_seq_cst)
  float y = atomic_fetch_add(x, 1.0f);
  // CHECK: if (((bool)cuda::atomic_ref<int, cuda::thread_scope_device>(*(int *)(f)).exchange(1, cuda::memory_order_seq_cst)))
  if (atomic_flag_test_and_set(f))
    v++;
  // CHECK: (bool)cuda::atomic_ref<int, cuda::thread_scope_block>(*(int *)(f)).exchange(1, cuda::memory_order_acquire)
  atomic_flag_test_and_set_explicit(f, memory_order_acquire, memory_scope_work_group);
  // CHECK: cuda::atomic_ref<int, cuda::thread_scope_device>(*(int *)(f)).store(0, cuda::memory_order_seq_cst)
  atomic_flag_clear(f);
  // CHECK: cuda::atomic_ref<int, cuda::thread_scope_device>(*(int *)(f)).store(0, cuda::memory_order_release)
  atomic_flag_clear_explicit(f, memory_order_release, memory_scope_device);
  out[0] = v + (int)y;
}
