// Every fence of the mapping table (docs/semantics.md §3, CUDA C++ column).
// RUN: xfence-translate --export-cuda %s | FileCheck %s

// CHECK: #include <cuda/atomic>
// CHECK-LABEL: // fences
func.func @fences() {
  xfence.fence thread relaxed [local]
  // CHECK-NEXT: ((void)0) /* xfence: this fence orders nothing */;
  xfence.fence thread relaxed [global]
  // CHECK-NEXT: ((void)0) /* xfence: this fence orders nothing */;
  xfence.fence thread relaxed [local, global, image]
  // CHECK-NEXT: ((void)0) /* xfence: this fence orders nothing */;
  xfence.fence thread acquire [local]
  // CHECK-NEXT: cuda::std::atomic_signal_fence(cuda::std::memory_order_acquire);
  xfence.fence thread acquire [global]
  // CHECK-NEXT: cuda::std::atomic_signal_fence(cuda::std::memory_order_acquire);
  xfence.fence thread acquire [local, global, image]
  // CHECK-NEXT: cuda::std::atomic_signal_fence(cuda::std::memory_order_acquire);
  xfence.fence thread release [local]
  // CHECK-NEXT: cuda::std::atomic_signal_fence(cuda::std::memory_order_release);
  xfence.fence thread release [global]
  // CHECK-NEXT: cuda::std::atomic_signal_fence(cuda::std::memory_order_release);
  xfence.fence thread release [local, global, image]
  // CHECK-NEXT: cuda::std::atomic_signal_fence(cuda::std::memory_order_release);
  xfence.fence thread acq_rel [local]
  // CHECK-NEXT: cuda::std::atomic_signal_fence(cuda::std::memory_order_acq_rel);
  xfence.fence thread acq_rel [global]
  // CHECK-NEXT: cuda::std::atomic_signal_fence(cuda::std::memory_order_acq_rel);
  xfence.fence thread acq_rel [local, global, image]
  // CHECK-NEXT: cuda::std::atomic_signal_fence(cuda::std::memory_order_acq_rel);
  xfence.fence thread seq_cst [local]
  // CHECK-NEXT: cuda::std::atomic_signal_fence(cuda::std::memory_order_seq_cst);
  xfence.fence thread seq_cst [global]
  // CHECK-NEXT: cuda::std::atomic_signal_fence(cuda::std::memory_order_seq_cst);
  xfence.fence thread seq_cst [local, global, image]
  // CHECK-NEXT: cuda::std::atomic_signal_fence(cuda::std::memory_order_seq_cst);
  xfence.fence subgroup relaxed [local]
  // CHECK-NEXT: ((void)0) /* xfence: this fence orders nothing */;
  xfence.fence subgroup relaxed [global]
  // CHECK-NEXT: ((void)0) /* xfence: this fence orders nothing */;
  xfence.fence subgroup relaxed [local, global, image]
  // CHECK-NEXT: ((void)0) /* xfence: this fence orders nothing */;
  xfence.fence subgroup acquire [local]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_block);
  xfence.fence subgroup acquire [global]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_block);
  xfence.fence subgroup acquire [local, global, image]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_block);
  xfence.fence subgroup release [local]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_block);
  xfence.fence subgroup release [global]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_block);
  xfence.fence subgroup release [local, global, image]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_block);
  xfence.fence subgroup acq_rel [local]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_acq_rel, cuda::thread_scope_block);
  xfence.fence subgroup acq_rel [global]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_acq_rel, cuda::thread_scope_block);
  xfence.fence subgroup acq_rel [local, global, image]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_acq_rel, cuda::thread_scope_block);
  xfence.fence subgroup seq_cst [local]
  // CHECK-NEXT: __threadfence_block();
  xfence.fence subgroup seq_cst [global]
  // CHECK-NEXT: __threadfence_block();
  xfence.fence subgroup seq_cst [local, global, image]
  // CHECK-NEXT: __threadfence_block();
  xfence.fence workgroup relaxed [local]
  // CHECK-NEXT: ((void)0) /* xfence: this fence orders nothing */;
  xfence.fence workgroup relaxed [global]
  // CHECK-NEXT: ((void)0) /* xfence: this fence orders nothing */;
  xfence.fence workgroup relaxed [local, global, image]
  // CHECK-NEXT: ((void)0) /* xfence: this fence orders nothing */;
  xfence.fence workgroup acquire [local]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_block);
  xfence.fence workgroup acquire [global]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_block);
  xfence.fence workgroup acquire [local, global, image]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_block);
  xfence.fence workgroup release [local]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_block);
  xfence.fence workgroup release [global]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_block);
  xfence.fence workgroup release [local, global, image]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_block);
  xfence.fence workgroup acq_rel [local]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_acq_rel, cuda::thread_scope_block);
  xfence.fence workgroup acq_rel [global]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_acq_rel, cuda::thread_scope_block);
  xfence.fence workgroup acq_rel [local, global, image]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_acq_rel, cuda::thread_scope_block);
  xfence.fence workgroup seq_cst [local]
  // CHECK-NEXT: __threadfence_block();
  xfence.fence workgroup seq_cst [global]
  // CHECK-NEXT: __threadfence_block();
  xfence.fence workgroup seq_cst [local, global, image]
  // CHECK-NEXT: __threadfence_block();
  xfence.fence cluster relaxed [local]
  // CHECK-NEXT: ((void)0) /* xfence: this fence orders nothing */;
  xfence.fence cluster relaxed [global]
  // CHECK-NEXT: ((void)0) /* xfence: this fence orders nothing */;
  xfence.fence cluster relaxed [local, global, image]
  // CHECK-NEXT: ((void)0) /* xfence: this fence orders nothing */;
  xfence.fence cluster acquire [local]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_device);
  xfence.fence cluster acquire [global]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_device);
  xfence.fence cluster acquire [local, global, image]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_device);
  xfence.fence cluster release [local]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_device);
  xfence.fence cluster release [global]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_device);
  xfence.fence cluster release [local, global, image]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_device);
  xfence.fence cluster acq_rel [local]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_acq_rel, cuda::thread_scope_device);
  xfence.fence cluster acq_rel [global]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_acq_rel, cuda::thread_scope_device);
  xfence.fence cluster acq_rel [local, global, image]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_acq_rel, cuda::thread_scope_device);
  xfence.fence cluster seq_cst [local]
  // CHECK-NEXT: __threadfence();
  xfence.fence cluster seq_cst [global]
  // CHECK-NEXT: __threadfence();
  xfence.fence cluster seq_cst [local, global, image]
  // CHECK-NEXT: __threadfence();
  xfence.fence device relaxed [local]
  // CHECK-NEXT: ((void)0) /* xfence: this fence orders nothing */;
  xfence.fence device relaxed [global]
  // CHECK-NEXT: ((void)0) /* xfence: this fence orders nothing */;
  xfence.fence device relaxed [local, global, image]
  // CHECK-NEXT: ((void)0) /* xfence: this fence orders nothing */;
  xfence.fence device acquire [local]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_device);
  xfence.fence device acquire [global]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_device);
  xfence.fence device acquire [local, global, image]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_device);
  xfence.fence device release [local]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_device);
  xfence.fence device release [global]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_device);
  xfence.fence device release [local, global, image]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_device);
  xfence.fence device acq_rel [local]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_acq_rel, cuda::thread_scope_device);
  xfence.fence device acq_rel [global]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_acq_rel, cuda::thread_scope_device);
  xfence.fence device acq_rel [local, global, image]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_acq_rel, cuda::thread_scope_device);
  xfence.fence device seq_cst [local]
  // CHECK-NEXT: __threadfence();
  xfence.fence device seq_cst [global]
  // CHECK-NEXT: __threadfence();
  xfence.fence device seq_cst [local, global, image]
  // CHECK-NEXT: __threadfence();
  xfence.fence system relaxed [local]
  // CHECK-NEXT: ((void)0) /* xfence: this fence orders nothing */;
  xfence.fence system relaxed [global]
  // CHECK-NEXT: ((void)0) /* xfence: this fence orders nothing */;
  xfence.fence system relaxed [local, global, image]
  // CHECK-NEXT: ((void)0) /* xfence: this fence orders nothing */;
  xfence.fence system acquire [local]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_system);
  xfence.fence system acquire [global]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_system);
  xfence.fence system acquire [local, global, image]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_system);
  xfence.fence system release [local]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_system);
  xfence.fence system release [global]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_system);
  xfence.fence system release [local, global, image]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_system);
  xfence.fence system acq_rel [local]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_acq_rel, cuda::thread_scope_system);
  xfence.fence system acq_rel [global]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_acq_rel, cuda::thread_scope_system);
  xfence.fence system acq_rel [local, global, image]
  // CHECK-NEXT: cuda::atomic_thread_fence(cuda::memory_order_acq_rel, cuda::thread_scope_system);
  xfence.fence system seq_cst [local]
  // CHECK-NEXT: __threadfence_system();
  xfence.fence system seq_cst [global]
  // CHECK-NEXT: __threadfence_system();
  xfence.fence system seq_cst [local, global, image]
  // CHECK-NEXT: __threadfence_system();
  xfence.fence device acq_rel []
  // CHECK-NEXT: ((void)0) /* xfence: this fence orders nothing */;
  return
}
