// 1.x atomics: relaxed, device scope for __global and workgroup for __local;
// atomic_inc/dec are add/sub of an implied 1. 2.0 atomics: seq_cst and
// device scope unless _explicit.
// RUN: xfence-translate --import-opencl --opencl-std=CL2.0 %s | FileCheck %s

#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

// CHECK-LABEL: func.func @legacy() attributes {xfence.kernel}
// CHECK-DAG: %[[G:.*]] = llvm.mlir.poison : !llvm.ptr<1>
// CHECK-DAG: llvm.mlir.constant(1 : i32) : i32
__kernel void legacy(__global int *g, __global uint *u, __global long *q,
                     __global float *f) {
  __local int l[4];
  // CHECK: xfence.atomic_rmw add %{{.*}}, %{{.*}} device relaxed {xfence.args = array<i32: 0, 1>, xfence.ctype = "int", xfence.form = "legacy"} : !llvm.ptr<1>, i32
  atomic_add(g, 2);
  // CHECK: xfence.atomic_rmw sub %{{.*}}, %{{.*}} workgroup relaxed {{.*}} : !llvm.ptr<3>, i32
  atomic_sub(l, 2);
  // CHECK: xfence.atomic_rmw add %{{.*}}, %{{.*}} device relaxed {xfence.args = array<i32: 0, -1>
  atomic_inc(g);
  // CHECK: xfence.atomic_rmw sub %{{.*}}, %{{.*}} workgroup relaxed {xfence.args = array<i32: 0, -1>
  atomic_dec(&l[1]);
  // CHECK: xfence.atomic_rmw xchg %{{.*}}, %{{.*}} device relaxed {{.*}}xfence.ctype = "float"{{.*}} : !llvm.ptr<1>, f32
  atomic_xchg(f, 1.0f);
  // CHECK: xfence.atomic_cmpxchg %{{.*}}, %{{.*}}, %{{.*}} device relaxed relaxed {xfence.args = array<i32: 0, 1, 2>, xfence.ctype = "int", xfence.form = "legacy"} : !llvm.ptr<1>, i32
  atomic_cmpxchg(g, 0, 1);
  // CHECK: xfence.atomic_rmw min {{.*}} device relaxed {{.*}} : !llvm.ptr<1>, i32
  atomic_min(g, 1);
  // CHECK: xfence.atomic_rmw umax {{.*}} device relaxed {{.*}}"unsigned int"{{.*}} : !llvm.ptr<1>, i32
  atomic_max(u, 1u);
  // CHECK: xfence.atomic_rmw and {{.*}} device relaxed
  atomic_and(g, 1);
  // CHECK: xfence.atomic_rmw or {{.*}} workgroup relaxed
  atomic_or(l, 1);
  // CHECK: xfence.atomic_rmw xor {{.*}} device relaxed
  atomic_xor(g, 1);
  // CHECK: xfence.atomic_rmw add {{.*}} device relaxed {{.*}}xfence.ctype = "long"{{.*}} : !llvm.ptr<1>, i64
  atom_add(q, 1);
  // CHECK: xfence.atomic_rmw add {{.*}} device relaxed {xfence.args = array<i32: 0, -1>{{.*}} : !llvm.ptr<1>, i64
  atom_inc(q);
  // CHECK: xfence.atomic_cmpxchg {{.*}} device relaxed relaxed {{.*}} : !llvm.ptr<1>, i64
  atom_cmpxchg(q, 1, 2);
  // CHECK: xfence.atomic_rmw xchg {{.*}} workgroup relaxed {{.*}} : !llvm.ptr<3>, i32
  atom_xchg(l, 3);
}

#define ORDER memory_order_acq_rel
// CHECK-LABEL: func.func @c11() attributes {xfence.kernel}
__kernel void c11(__global atomic_int *a, __local atomic_uint *lu,
                  __global atomic_flag *fl, __global atomic_float *af) {
  int e = 0;
  // CHECK: xfence.atomic_load %{{.*}} device seq_cst {xfence.args = array<i32: 0>, xfence.ctype = "int", xfence.form = "c11"} : !llvm.ptr<1> -> i32
  atomic_load(a);
  // CHECK: xfence.atomic_load %{{.*}} workgroup acquire
  atomic_load_explicit(a, memory_order_acquire, memory_scope_work_group);
  // CHECK: xfence.atomic_load %{{.*}} device relaxed
  atomic_load_explicit(a, memory_order_relaxed);
  // CHECK: xfence.atomic_store %{{.*}}, %{{.*}} device seq_cst {xfence.args = array<i32: 1, 0>
  atomic_store(a, 1);
  // CHECK: xfence.atomic_store %{{.*}}, %{{.*}} system release
  atomic_store_explicit(a, 1, memory_order_release, memory_scope_all_svm_devices);
  // CHECK: xfence.atomic_rmw xchg %{{.*}}, %{{.*}} device seq_cst
  atomic_exchange(a, 1);
  // CHECK: xfence.atomic_rmw xchg %{{.*}}, %{{.*}} device acq_rel
  atomic_exchange_explicit(a, 1, ORDER);
  // CHECK: xfence.atomic_cmpxchg {{.*}} device seq_cst seq_cst {xfence.args = array<i32: 0, 1, 2>, xfence.ctype = "int", xfence.form = "c11"}
  atomic_compare_exchange_strong(a, &e, 1);
  // CHECK: xfence.atomic_cmpxchg {{.*}} device seq_cst seq_cst weak
  atomic_compare_exchange_weak(a, &e, 1);
  // CHECK: xfence.atomic_cmpxchg {{.*}} subgroup acq_rel acquire {
  atomic_compare_exchange_strong_explicit(a, &e, 1, ORDER, memory_order_acquire, memory_scope_sub_group);
  // CHECK: xfence.atomic_cmpxchg {{.*}} device release relaxed weak
  atomic_compare_exchange_weak_explicit(a, &e, 1, memory_order_release, memory_order_relaxed);
  // CHECK: xfence.atomic_rmw add {{.*}} device seq_cst
  atomic_fetch_add(a, 1);
  // CHECK: xfence.atomic_rmw sub {{.*}} device seq_cst
  atomic_fetch_sub(a, 1);
  // CHECK: xfence.atomic_rmw or {{.*}} device seq_cst
  atomic_fetch_or(a, 1);
  // CHECK: xfence.atomic_rmw xor {{.*}} device seq_cst
  atomic_fetch_xor(a, 1);
  // CHECK: xfence.atomic_rmw and {{.*}} device seq_cst
  atomic_fetch_and(a, 1);
  // CHECK: xfence.atomic_rmw min {{.*}} device seq_cst
  atomic_fetch_min(a, 1);
  // CHECK: xfence.atomic_rmw umax {{.*}} workgroup release {{.*}} : !llvm.ptr<3>, i32
  atomic_fetch_max_explicit(lu, 1u, memory_order_release, memory_scope_work_group);
  // CHECK: xfence.atomic_rmw fadd {{.*}} device seq_cst {{.*}} : !llvm.ptr<1>, f32
  atomic_fetch_add(af, 1.0f);
  // CHECK: xfence.atomic_rmw xchg %{{.*}}, %{{.*}} device seq_cst {xfence.args = array<i32: 0, -1>, xfence.ctype = "int", xfence.form = "flag"}
  atomic_flag_test_and_set(fl);
  // CHECK: xfence.atomic_rmw xchg {{.*}} workgroup acquire {{.*}}xfence.form = "flag"
  atomic_flag_test_and_set_explicit(fl, memory_order_acquire, memory_scope_work_group);
  // CHECK: xfence.atomic_store {{.*}} device seq_cst {xfence.args = array<i32: -1, 0>, xfence.ctype = "int", xfence.form = "flag"}
  atomic_flag_clear(fl);
  // CHECK: xfence.atomic_store {{.*}} device release {{.*}}xfence.form = "flag"
  atomic_flag_clear_explicit(fl, memory_order_release, memory_scope_device);
}
