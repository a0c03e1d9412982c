// Kernels that do not synchronize across work-groups through a global fence
// of work-group scope: no warning, and no `assumes` line in the report.
//
// RUN: xfence translate %s --to cuda --cl-std=CL2.0 -o %t.cu 2>%t.err
// RUN: count 0 < %t.err
// RUN: xfence report %s --cl-std=CL2.0 2>&1 | FileCheck %s
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}

// CHECK-NOT: warning
// CHECK-NOT: assumes

// A spin on local memory is within the work-group.
__kernel void local_spin(__global int *g) {
  __local int flag;
  if (get_local_id(0) == 0)
    flag = 0;
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  if (get_local_id(0) == 1)
    atomic_xchg(&flag, 1);
  if (get_local_id(0) == 0)
    while (atomic_add(&flag, 0) == 0)
      ;
  mem_fence(CLK_GLOBAL_MEM_FENCE);
  g[get_global_id(0)] = 1;
}

// A spin on a global atomic, but no global-memory fence.
__kernel void no_global_fence(__global int *count, __global int *g) {
  atomic_inc(count);
  while (atomic_add(count, 0) < (int)get_num_groups(0))
    ;
  barrier(CLK_LOCAL_MEM_FENCE);
  g[get_global_id(0)] = 0;
}

// A compare-exchange retried until it succeeds is an update, not a wait.
void add_float(volatile __global float *p, float v) {
  union {
    unsigned int u;
    float f;
  } old, next;
  do {
    old.f = *p;
    next.f = old.f + v;
  } while (atomic_cmpxchg((volatile __global unsigned int *)p, old.u,
                          next.u) != old.u);
}
__kernel void float_sum(__global float *sum, __global float *in) {
  add_float(sum, in[get_global_id(0)]);
  barrier(CLK_GLOBAL_MEM_FENCE);
}
__kernel void float_sum_c11(__global atomic_int *sum, __global int *in) {
  int old = atomic_load(sum);
  while (!atomic_compare_exchange_weak(sum, &old, old + in[get_global_id(0)]))
    ;
  barrier(CLK_GLOBAL_MEM_FENCE);
}

// A slot of an output queue, compared with <: no ticket.
__kernel void compact(__global int *count, __global int *out,
                      __global int *in, int max) {
  barrier(CLK_GLOBAL_MEM_FENCE);
  int slot = atomic_inc(count);
  if (slot < max)
    out[slot] = in[get_global_id(0)];
}

// A spin across work-groups whose fences have an explicit device scope.
__kernel void explicit_scope(__global atomic_int *flag, __global int *data) {
  data[get_group_id(0)] = 1;
  work_group_barrier(CLK_GLOBAL_MEM_FENCE, memory_scope_device);
  while (atomic_load(flag) == 0)
    ;
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire,
                         memory_scope_device);
}

// OpenCL 2.0 code that orders global memory at device scope itself says
// where it needs device scope: its legacy fences are not relied on.
__kernel void seq_cst_counter(__global atomic_uint *arrived, __global int *d) {
  d[get_global_id(0)] = 1;
  barrier(CLK_GLOBAL_MEM_FENCE);
  if (get_local_id(0) == 0) {
    atomic_fetch_add(arrived, 1u);
    while (atomic_load(arrived) < get_num_groups(0))
      ;
  }
  barrier(CLK_GLOBAL_MEM_FENCE);
  d[get_global_id(0)] += d[0];
}
__kernel void legacy_beside_explicit(volatile __global int *flag,
                                     __global int *data) {
  if (get_group_id(0) == 0) {
    data[0] = 1;
    write_mem_fence(CLK_GLOBAL_MEM_FENCE);
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release,
                           memory_scope_device);
    *flag = 1;
  } else {
    while (*flag == 0)
      ;
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire,
                           memory_scope_device);
    data[1] = data[0];
  }
}

// An endless loop whose only exit on an atomic leaves an inner loop: it
// does not wait for other work-groups (nor ever end).
__kernel void inner_break(__global atomic_int *f, __global int *d) {
  d[0] = 1;
  mem_fence(CLK_GLOBAL_MEM_FENCE);
  for (;;) {
    if (atomic_load_explicit(f, memory_order_relaxed) == 1)
      for (int i = 0; i < 4; i++)
        if (d[i])
          break;
  }
}

// The fence is in another kernel than the spin.
__kernel void fence_only(__global int *g) {
  g[0] = 1;
  mem_fence(CLK_GLOBAL_MEM_FENCE);
  g[1] = 1;
}
__kernel void spin_only(__global atomic_int *flag) {
  while (atomic_load(flag) == 0)
    ;
}
