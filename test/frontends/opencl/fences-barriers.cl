// RUN: xfence-translate --import-opencl --opencl-std=CL2.0 --mlir-print-debuginfo --mlir-print-local-scope %s 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=WARN < %t.err

#define FLAGS (CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)
enum { MY_SCOPE = memory_scope_device };

// CHECK-LABEL: func.func @k() attributes {xfence.kernel}
__kernel void k(cl_mem_fence_flags f, int o) {
  // CHECK-NEXT: xfence.fence workgroup acq_rel [local] loc("{{.*}}fences-barriers.cl":[[#@LINE+1]]:3 to :33)
  mem_fence(CLK_LOCAL_MEM_FENCE);
  // CHECK-NEXT: xfence.fence workgroup acq_rel [global]
  mem_fence(CLK_GLOBAL_MEM_FENCE);
  // CHECK-NEXT: xfence.fence workgroup acq_rel [local, global]
  mem_fence(FLAGS);
  // CHECK-NEXT: xfence.fence workgroup acq_rel []
  mem_fence(0);
  // CHECK-NEXT: xfence.fence workgroup acquire [local, global, image]
  read_mem_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE | CLK_IMAGE_MEM_FENCE);
  // CHECK-NEXT: xfence.fence workgroup release [global]
  write_mem_fence(CLK_GLOBAL_MEM_FENCE);
  // CHECK-NEXT: xfence.fence device seq_cst [global]
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, MY_SCOPE);
  // CHECK-NEXT: xfence.fence system release [global]
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_all_svm_devices);
  // CHECK-NEXT: xfence.fence subgroup acquire [global]
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire, memory_scope_sub_group);
  // CHECK-NEXT: xfence.fence thread acq_rel [image]
  atomic_work_item_fence(CLK_IMAGE_MEM_FENCE, memory_order_acq_rel, memory_scope_work_item);
  // CHECK-NEXT: xfence.fence device relaxed [global]
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_relaxed, memory_scope_device);
  // LOCAL only: the scope is work_group.
  // CHECK-NEXT: xfence.fence workgroup acq_rel [local]
  atomic_work_item_fence(CLK_LOCAL_MEM_FENCE, memory_order_acq_rel, memory_scope_device);
  // Not constant: the strongest meaning, and a warning.
  // WARN: fences-barriers.cl:[[#@LINE+3]]:13: warning: the memory fence flags argument is not a constant; assuming the strongest
  // WARN: fences-barriers.cl:[[#@LINE+4]]:48: warning: the memory order argument is not a constant; assuming the strongest
  // CHECK-NEXT: xfence.fence workgroup acq_rel [local, global, image]
  mem_fence(f);
  // CHECK-NEXT: xfence.fence device seq_cst [global]
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, o, memory_scope_device);

  // CHECK-NEXT: xfence.barrier workgroup loc(
  barrier(0);
  // CHECK-NEXT: xfence.barrier workgroup memory workgroup acq_rel [local]
  barrier(CLK_LOCAL_MEM_FENCE);
  // CHECK-NEXT: xfence.barrier workgroup memory workgroup acq_rel [local, global]
  barrier(FLAGS);
  // CHECK-NEXT: xfence.barrier workgroup memory workgroup acq_rel [global]
  work_group_barrier(CLK_GLOBAL_MEM_FENCE);
  // CHECK-NEXT: xfence.barrier workgroup memory device acq_rel [global]
  work_group_barrier(CLK_GLOBAL_MEM_FENCE, memory_scope_device);
  // CHECK-NEXT: xfence.barrier workgroup memory system acq_rel [local, global]
  work_group_barrier(FLAGS, memory_scope_all_svm_devices);
  // CHECK-NEXT: xfence.barrier workgroup memory workgroup acq_rel [local]
  work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_device);
  // CHECK-NEXT: xfence.barrier workgroup memory thread acq_rel [image]
  work_group_barrier(CLK_IMAGE_MEM_FENCE, memory_scope_work_item);
  // CHECK-NEXT: xfence.barrier subgroup memory subgroup acq_rel [local]
  sub_group_barrier(CLK_LOCAL_MEM_FENCE);
  // CHECK-NEXT: xfence.barrier subgroup loc(
  sub_group_barrier(0);
  // CHECK-NEXT: xfence.barrier subgroup memory workgroup acq_rel [global]
  sub_group_barrier(CLK_GLOBAL_MEM_FENCE, memory_scope_work_group);
  // CHECK-NEXT: return
}
