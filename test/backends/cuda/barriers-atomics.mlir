// Barriers and atomics: the cheapest sound CUDA for each.
// RUN: xfence-translate --export-cuda %s | FileCheck %s

// CHECK-LABEL: // barriers
func.func @barriers(%mask: i32, %p: i32) {
  // CHECK-NEXT: __syncthreads();
  xfence.barrier workgroup
  // CHECK-NEXT: __syncthreads();
  xfence.barrier workgroup memory workgroup acq_rel [local]
  // CHECK-NEXT: __syncthreads();
  xfence.barrier workgroup memory workgroup acq_rel [local, global, image]
  // CHECK-NEXT: (__threadfence_block(), __syncthreads(), __threadfence_block());
  xfence.barrier workgroup memory workgroup seq_cst [global]
  // CHECK-NEXT: (cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_device), __syncthreads(), cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_device));
  xfence.barrier workgroup memory device acq_rel [global]
  // CHECK-NEXT: (__threadfence(), __syncthreads(), __threadfence());
  xfence.barrier workgroup memory device seq_cst [global]
  // CHECK-NEXT: (cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_system), __syncthreads(), cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_system));
  xfence.barrier workgroup memory system acq_rel [local, global]
  // CHECK-NEXT: __syncthreads();
  xfence.barrier workgroup memory thread acq_rel [image]
  // CHECK-NEXT: __syncwarp();
  xfence.barrier subgroup memory subgroup acq_rel [local, global]
  // CHECK-NEXT: (cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_block), __syncwarp(), cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_block));
  xfence.barrier subgroup memory workgroup acq_rel [global]
  // CHECK-NEXT: __syncwarp(mask);
  xfence.barrier subgroup mask(%mask) memory subgroup acq_rel [local, global]
  // CHECK-NEXT: __syncthreads_count(predicate);
  %n = xfence.barrier_reduce count %p workgroup memory workgroup acq_rel [local, global] : i32
  // CHECK-NEXT: __syncthreads_or(predicate);
  %o = xfence.barrier_reduce or %p workgroup memory workgroup acq_rel [local, global] : i32
  return
}

// CHECK-LABEL: // atomics
func.func @atomics(%g: !llvm.ptr<1>, %i: i32, %l: i64, %f: f32) {
  // CHECK-NEXT: atomicAdd((int *)(addr), (int)(value));
  %0 = xfence.atomic_rmw add %g, %i device relaxed : !llvm.ptr<1>, i32
  // CHECK-NEXT: atomicAdd_block((int *)(addr), (int)(value));
  %1 = xfence.atomic_rmw add %g, %i workgroup relaxed : !llvm.ptr<1>, i32
  // CHECK-NEXT: atomicAdd_system((int *)(addr), (int)(value));
  %2 = xfence.atomic_rmw add %g, %i system relaxed : !llvm.ptr<1>, i32
  // CHECK-NEXT: atomicMin((unsigned int *)(addr), (unsigned int)(value));
  %3 = xfence.atomic_rmw umin %g, %i device relaxed : !llvm.ptr<1>, i32
  // CHECK-NEXT: atomicInc((unsigned int *)(addr), (unsigned int)(value));
  %4 = xfence.atomic_rmw inc %g, %i device relaxed : !llvm.ptr<1>, i32
  // CHECK-NEXT: atomicAdd((unsigned long long *)(addr), (unsigned long long)(value)));
  %5 = xfence.atomic_rmw add %g, %l device relaxed : !llvm.ptr<1>, i64
  // CHECK-NEXT: atomicAdd((float *)(addr), (float)(value));
  %6 = xfence.atomic_rmw fadd %g, %f device relaxed : !llvm.ptr<1>, f32
  // CHECK-NEXT: cuda::atomic_ref<int, cuda::thread_scope_block>(*(int *)(addr)).fetch_add(value, cuda::memory_order_acq_rel);
  %7 = xfence.atomic_rmw add %g, %i workgroup acq_rel : !llvm.ptr<1>, i32
  // CHECK-NEXT: cuda::atomic_ref<int, cuda::thread_scope_device>(*(int *)(addr)).exchange(value, cuda::memory_order_seq_cst);
  %8 = xfence.atomic_rmw xchg %g, %i device seq_cst : !llvm.ptr<1>, i32
  // CHECK-NEXT: atomicCAS((int *)(addr), (int)(expected), (int)(desired));
  %9, %ok = xfence.atomic_cmpxchg %g, %i, %i device relaxed relaxed : !llvm.ptr<1>, i32
  // CHECK-NEXT: cuda::atomic_ref<int, cuda::thread_scope_system>(*(int *)(addr)).compare_exchange_strong(*(expected), desired, cuda::memory_order_acq_rel, cuda::memory_order_acquire);
  %10, %ok2 = xfence.atomic_cmpxchg %g, %i, %i system acq_rel acquire : !llvm.ptr<1>, i32
  // CHECK-NEXT: cuda::atomic_ref<int, cuda::thread_scope_block>(*(int *)(addr)).load(cuda::memory_order_acquire);
  %11 = xfence.atomic_load %g workgroup acquire : !llvm.ptr<1> -> i32
  // CHECK-NEXT: cuda::atomic_ref<long long, cuda::thread_scope_device>(*(long long *)(addr)).store(value, cuda::memory_order_release);
  xfence.atomic_store %l, %g device release : i64, !llvm.ptr<1>
  return
}
