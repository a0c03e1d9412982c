// clang's own atomic built-ins in OpenCL C are the ops of the OpenCL
// built-ins that do the same work: order from the order argument, scope
// from the scope argument (__opencl_atomic_*, __scoped_atomic_*), else
// memory_scope_device (clang's scope for the unscoped __c11_atomic_* and
// __atomic_* in OpenCL C); the __sync_* calls and the thread fences are
// system-wide, __sync_* seq_cst except lock_test_and_set (acquire) and
// lock_release (release).
// RUN: xfence-translate --import-opencl --opencl-std=CL2.0 %s | FileCheck %s

// CHECK-LABEL: func.func @scoped(
__kernel void scoped(__global atomic_int *m, __global int *out,
                     __global atomic_uint *u) {
  // CHECK: xfence.atomic_load %{{.*}} device acquire {xfence.args = array<i32: 0>, xfence.ctype = "int", xfence.form = "c11"} : !llvm.ptr<1> -> i32
  out[0] = __opencl_atomic_load(m, memory_order_acquire, memory_scope_device);
  // CHECK: xfence.atomic_load %{{.*}} workgroup seq_cst
  out[1] = __opencl_atomic_load(m, memory_order_seq_cst, memory_scope_work_group);
  // CHECK: xfence.atomic_store %{{.*}}, %{{.*}} system release {xfence.args = array<i32: 1, 0>
  __opencl_atomic_store(m, 2, memory_order_release, memory_scope_all_svm_devices);
  // CHECK: xfence.atomic_rmw umax %{{.*}}, %{{.*}} subgroup relaxed {xfence.args = array<i32: 0, 1>, xfence.ctype = "unsigned int", xfence.form = "c11"}
  out[2] = __opencl_atomic_fetch_max(u, 1u, memory_order_relaxed, memory_scope_sub_group);
  int e = 0;
  // CHECK: xfence.atomic_cmpxchg %{{.*}}, %{{.*}}, %{{.*}} workgroup acq_rel acquire weak {xfence.args = array<i32: 0, 1, 2>, xfence.ctype = "int", xfence.form = "c11"}
  out[3] = __opencl_atomic_compare_exchange_weak(m, &e, 1, memory_order_acq_rel, memory_order_acquire, memory_scope_work_group);
  // CHECK: xfence.atomic_rmw add %{{.*}}, %{{.*}} workgroup relaxed {xfence.args = array<i32: 0, 1>
  out[4] = __scoped_atomic_fetch_add(out, 1, __ATOMIC_RELAXED, __MEMORY_SCOPE_WRKGRP);
  // CHECK: xfence.atomic_load %{{.*}} system acquire
  out[5] = __scoped_atomic_load_n(out, __ATOMIC_ACQUIRE, __MEMORY_SCOPE_SYSTEM);
  // CHECK: xfence.fence device release [local, global, image]
  __scoped_atomic_thread_fence(__ATOMIC_RELEASE, __MEMORY_SCOPE_DEVICE);
}

// CHECK-LABEL: func.func @unscoped(
__kernel void unscoped(__global atomic_int *m, __global int *p,
                       __global float *f, __local int *l) {
  // CHECK: xfence.atomic_load %{{.*}} device acquire {xfence.args = array<i32: 0>
  p[0] = __c11_atomic_load(m, memory_order_acquire);
  // CHECK: xfence.atomic_rmw add %{{.*}}, %{{.*}} device seq_cst {xfence.args = array<i32: 0, 1>, xfence.ctype = "int", xfence.form = "c11"} : !llvm.ptr<1>, i32
  p[1] = __atomic_fetch_add(p, 1, __ATOMIC_SEQ_CST);
  // A __local object: device scope all the same, as clang makes it.
  // CHECK: xfence.atomic_rmw sub %{{.*}}, %{{.*}} device acq_rel {{.*}} : !llvm.ptr<3>, i32
  p[2] = __atomic_fetch_sub(l, 1, __ATOMIC_ACQ_REL);
  // CHECK: xfence.atomic_rmw fadd %{{.*}}, %{{.*}} device relaxed {{.*}} : !llvm.ptr<1>, f32
  p[3] = (int)__atomic_fetch_add(f, 1.0f, __ATOMIC_RELAXED);
  // CHECK: xfence.atomic_store %{{.*}}, %{{.*}} device release {xfence.args = array<i32: 1, 0>
  __atomic_store_n(p, 3, __ATOMIC_RELEASE);
  // CHECK: xfence.atomic_rmw xchg %{{.*}}, %{{.*}} device acq_rel
  p[4] = __c11_atomic_exchange(m, 3, memory_order_acq_rel);
  // __ATOMIC_CONSUME is acquire.
  // CHECK: xfence.atomic_load %{{.*}} device acquire
  p[5] = __atomic_load_n(p, __ATOMIC_CONSUME);
  int e = 0;
  // CHECK: xfence.atomic_cmpxchg %{{.*}}, %{{.*}}, %{{.*}} device seq_cst relaxed weak {xfence.args = array<i32: 0, 1, 2>
  p[6] = __atomic_compare_exchange_n(p, &e, 1, 1, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED);
  // CHECK: xfence.atomic_cmpxchg %{{.*}}, %{{.*}}, %{{.*}} device acq_rel acquire {xfence.args = array<i32: 0, 1, 2>
  p[7] = __c11_atomic_compare_exchange_strong(m, &e, 1, memory_order_acq_rel, memory_order_acquire);
  // CHECK: xfence.atomic_rmw inc %{{.*}}, %{{.*}} device relaxed {{.*}}"unsigned int"
  p[8] = __atomic_fetch_uinc((__global uint *)p, 7u, __ATOMIC_RELAXED);
  // CHECK: xfence.fence system seq_cst [local, global, image]
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  // CHECK: xfence.fence system release [local, global, image]
  __c11_atomic_thread_fence(__ATOMIC_RELEASE);
  // CHECK: xfence.fence thread seq_cst [local, global, image]
  __atomic_signal_fence(__ATOMIC_SEQ_CST);
  // A relaxed fence has no effect: no op.
  // CHECK-NOT: xfence.fence
  __atomic_thread_fence(__ATOMIC_RELAXED);
  // CHECK: return
}

// CHECK-LABEL: func.func @sync(
__kernel void sync(__global int *p, __global uint *u) {
  // CHECK: xfence.atomic_rmw add %{{.*}}, %{{.*}} system seq_cst {xfence.args = array<i32: 0, 1>, xfence.ctype = "int", xfence.form = "c11"}
  p[0] = __sync_fetch_and_add(p, 1);
  // CHECK: xfence.atomic_rmw umin %{{.*}}, %{{.*}} system seq_cst
  p[1] = __sync_fetch_and_umin(u, 1u);
  // CHECK: xfence.atomic_cmpxchg %{{.*}}, %{{.*}}, %{{.*}} system seq_cst seq_cst {xfence.args = array<i32: 0, 1, 2>, xfence.ctype = "int", xfence.form = "legacy"}
  p[2] = __sync_val_compare_and_swap(p, 1, 2);
  // CHECK: xfence.atomic_rmw xchg %{{.*}}, %{{.*}} system acquire
  p[3] = __sync_lock_test_and_set(p, 1);
  // CHECK: xfence.atomic_store %{{.*}}, %{{.*}} system release {xfence.args = array<i32: -1, 0>
  __sync_lock_release(p);
  // CHECK: xfence.atomic_rmw xchg %{{.*}}, %{{.*}} system seq_cst
  p[4] = __sync_swap(p, 5);
  // CHECK: xfence.fence system seq_cst [local, global, image]
  __sync_synchronize();
}
