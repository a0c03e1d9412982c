// Every kind of op in HIP (docs/semantics.md §3, HIP column): each scope as
// AMD's memory model names it (wavefront, workgroup, agent, system), never
// wider; cluster widens to agent.
// RUN: xfence-translate --export-hip %s | FileCheck %s

// CHECK: #include <hip/hip_runtime.h>
// CHECK-LABEL: // fences
func.func @fences() {
  // CHECK-NEXT: ((void)0) /* xfence: this fence orders nothing */;
  xfence.fence device relaxed [global]
  // CHECK-NEXT: ((void)0) /* xfence: this fence orders nothing */;
  xfence.fence device acq_rel []
  // CHECK-NEXT: __atomic_signal_fence(__ATOMIC_ACQ_REL);
  xfence.fence thread acq_rel [local]
  // CHECK-NEXT: __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront");
  xfence.fence subgroup acquire [local]
  // CHECK-NEXT: __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  xfence.fence workgroup release [global]
  // CHECK-NEXT: __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "workgroup");
  xfence.fence workgroup seq_cst [local, global]
  // CHECK-NEXT: __builtin_amdgcn_fence(__ATOMIC_ACQ_REL, "agent");
  xfence.fence cluster acq_rel [global]
  // CHECK-NEXT: __builtin_amdgcn_fence(__ATOMIC_ACQ_REL, "agent");
  xfence.fence device acq_rel [global]
  // CHECK-NEXT: __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "");
  xfence.fence system seq_cst [global]
  return
}

// CHECK-LABEL: // barriers
func.func @barriers() {
  // Execution only: the hardware barrier alone.
  // CHECK-NEXT: __builtin_amdgcn_s_barrier();
  xfence.barrier workgroup
  // Local memory at workgroup scope: HIP's own __syncthreads().
  // CHECK-NEXT: __syncthreads();
  xfence.barrier workgroup memory workgroup acq_rel [local]
  // Global memory: fences that order every space around the barrier, not
  // __syncthreads() (HIP 5.2's fences local memory only).
  // CHECK-NEXT: (__builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup"), __builtin_amdgcn_s_barrier(), __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup"));
  xfence.barrier workgroup memory workgroup acq_rel [global]
  // CHECK-NEXT: (__builtin_amdgcn_fence(__ATOMIC_RELEASE, "agent"), __builtin_amdgcn_s_barrier(), __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "agent"));
  xfence.barrier workgroup memory device acq_rel [local, global]
  // CHECK-NEXT: (__builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "workgroup"), __builtin_amdgcn_s_barrier(), __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "workgroup"));
  xfence.barrier workgroup memory workgroup seq_cst [local]
  // A wavefront runs in lockstep: the wave barrier, with wavefront fences.
  // CHECK-NEXT: (__builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront"), __builtin_amdgcn_wave_barrier(), __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront"));
  xfence.barrier subgroup memory subgroup acq_rel [local]
  return
}

// CHECK-LABEL: // atomics
func.func @atomics(%g: !llvm.ptr<1>, %l: !llvm.ptr<3>, %i: i32, %q: i64, %f: f32) {
  // CHECK-NEXT: __hip_atomic_fetch_add((int *)(addr), (int)(value), __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  %0 = xfence.atomic_rmw add %g, %i device relaxed : !llvm.ptr<1>, i32
  // CHECK-NEXT: __hip_atomic_fetch_sub((int *)(addr), (int)(value), __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
  %1 = xfence.atomic_rmw sub %l, %i workgroup relaxed : !llvm.ptr<3>, i32
  // CHECK-NEXT: __hip_atomic_fetch_min((unsigned int *)(addr), (unsigned int)(value), __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_WAVEFRONT);
  %2 = xfence.atomic_rmw umin %g, %i subgroup acquire : !llvm.ptr<1>, i32
  // CHECK-NEXT: __hip_atomic_fetch_max((long long *)(addr), (long long)(value), __ATOMIC_SEQ_CST, __HIP_MEMORY_SCOPE_SYSTEM);
  %3 = xfence.atomic_rmw max %g, %q system seq_cst : !llvm.ptr<1>, i64
  // CHECK-NEXT: __hip_atomic_fetch_add((float *)(addr), (float)(value), __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  %4 = xfence.atomic_rmw fadd %g, %f device relaxed : !llvm.ptr<1>, f32
  // CHECK-NEXT: __hip_atomic_exchange((int *)(addr), (int)(value), __ATOMIC_ACQ_REL, __HIP_MEMORY_SCOPE_AGENT);
  %5 = xfence.atomic_rmw xchg %g, %i cluster acq_rel : !llvm.ptr<1>, i32
  // CUDA's wrapping atomicInc, with its order and scope.
  // CHECK-NEXT: __builtin_amdgcn_atomic_inc32((unsigned int *)(addr), (unsigned int)(value), __ATOMIC_RELAXED, "agent");
  %6 = xfence.atomic_rmw inc %g, %i device relaxed : !llvm.ptr<1>, i32
  // CHECK-NEXT: __builtin_amdgcn_atomic_dec32((unsigned int *)(addr), (unsigned int)(value), __ATOMIC_SEQ_CST, "workgroup");
  %7 = xfence.atomic_rmw dec %l, %i workgroup seq_cst : !llvm.ptr<3>, i32
  // Returning the old value: the expected value in a local that the
  // exchange overwrites.
  // CHECK-NEXT: ({ int *xfence_object = (int *)(addr); int xfence_expected = (int)(expected); __hip_atomic_compare_exchange_strong(xfence_object, &xfence_expected, (int)(desired), __ATOMIC_RELAXED, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT); (int)xfence_expected; });
  %8, %ok8 = xfence.atomic_cmpxchg %g, %i, %i device relaxed relaxed : !llvm.ptr<1>, i32
  // CHECK-NEXT: __hip_atomic_compare_exchange_weak((int *)(addr), (int *)(expected), (int)(desired), __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_WORKGROUP);
  %9, %ok9 = xfence.atomic_cmpxchg %l, %i, %i workgroup acq_rel acquire weak {xfence.form = "c11"} : !llvm.ptr<3>, i32
  // CHECK-NEXT: ((int)__hip_atomic_load((int *)(addr), __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_AGENT));
  %10 = xfence.atomic_load %g device acquire : !llvm.ptr<1> -> i32
  // CHECK-NEXT: __hip_atomic_store((int *)(addr), (int)(value), __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_SYSTEM);
  xfence.atomic_store %i, %g system release : i32, !llvm.ptr<1>
  return
}
