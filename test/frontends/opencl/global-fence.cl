// --opencl-global-fence: the memory scope of the constructs of implied
// work-group scope whose flags include CLK_GLOBAL_MEM_FENCE. Local-only ones
// and explicit scopes are kept; sub-group barriers are not work-group ones.
// RUN: xfence-translate --import-opencl --opencl-std=CL2.0 %s 2>%t.err | FileCheck %s --check-prefixes=CHECK,WG
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.err
// RUN: xfence-translate --import-opencl --opencl-std=CL2.0 --opencl-global-fence=workgroup %s 2>/dev/null | FileCheck %s --check-prefixes=CHECK,WG
// RUN: xfence-translate --import-opencl --opencl-std=CL2.0 --opencl-global-fence=device %s 2>%t.quiet | FileCheck %s --check-prefixes=CHECK,DEV
// RUN: FileCheck %s --check-prefix=QUIET --input-file=%t.quiet
// RUN: not xfence-translate --import-opencl --opencl-global-fence=cluster %s 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: xfence-translate --import-opencl --opencl-std=CL2.0 --opencl-global-fence=device --mlir-print-debuginfo %s 2>/dev/null | xfence-translate --export-cuda 2>/dev/null | grep -v -E "// (CHECK|WG|DEV|CUDA|WARN|QUIET|BAD)" | FileCheck %s --check-prefix=CUDA

// BAD: Cannot find option named 'cluster'!

#define FLAGS (CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)

// CHECK-LABEL: func.func @k() attributes {xfence.kernel}
__kernel void k(__global atomic_int *flag, __global int *data,
                cl_mem_fence_flags f) {
  data[get_global_id(0)] = 1;
  // WG:  xfence.fence workgroup acq_rel [global]
  // DEV: xfence.fence device acq_rel [global]
  // CUDA: cuda::atomic_thread_fence(cuda::memory_order_acq_rel, cuda::thread_scope_device);
  mem_fence(CLK_GLOBAL_MEM_FENCE);
  // WG-NEXT:  xfence.fence workgroup acquire [local, global]
  // DEV-NEXT: xfence.fence device acquire [local, global]
  read_mem_fence(FLAGS);
  // WG-NEXT:  xfence.fence workgroup release [global, image]
  // DEV-NEXT: xfence.fence device release [global, image]
  write_mem_fence(CLK_GLOBAL_MEM_FENCE | CLK_IMAGE_MEM_FENCE);
  // CHECK-NEXT: xfence.fence workgroup acq_rel [local]
  mem_fence(CLK_LOCAL_MEM_FENCE);
  // CHECK-NEXT: xfence.fence workgroup acq_rel [image]
  mem_fence(CLK_IMAGE_MEM_FENCE);
  // A flags value that is not a constant is all spaces.
  // QUIET: global-fence.cl:[[#@LINE+4]]:13: warning: the memory fence flags argument is not a constant; assuming the strongest
  // QUIET-NOT: warning
  // WG-NEXT:  xfence.fence workgroup acq_rel [local, global, image]
  // DEV-NEXT: xfence.fence device acq_rel [local, global, image]
  mem_fence(f);
  // WG-NEXT:  xfence.barrier workgroup memory workgroup acq_rel [global]
  // DEV-NEXT: xfence.barrier workgroup memory device acq_rel [global]
  // CUDA: (cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_device), __syncthreads(), cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_device));
  barrier(CLK_GLOBAL_MEM_FENCE);
  // WG-NEXT:  xfence.barrier workgroup memory workgroup acq_rel [local, global]
  // DEV-NEXT: xfence.barrier workgroup memory device acq_rel [local, global]
  work_group_barrier(FLAGS);
  // CHECK-NEXT: xfence.barrier workgroup memory workgroup acq_rel [local]
  // CUDA: __syncthreads();
  barrier(CLK_LOCAL_MEM_FENCE);
  // CHECK-NEXT: xfence.barrier workgroup
  // CHECK-NOT: memory
  barrier(0);
  // CHECK-NEXT: xfence.barrier workgroup memory workgroup acq_rel [global]
  work_group_barrier(CLK_GLOBAL_MEM_FENCE, memory_scope_work_group);
  // CHECK-NEXT: xfence.barrier subgroup memory subgroup acq_rel [global]
  sub_group_barrier(CLK_GLOBAL_MEM_FENCE);
  // CHECK-NEXT: xfence.fence workgroup acquire [global]
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire,
                         memory_scope_work_group);
  // A spin across work-groups: the warning, with the default only.
  // WARN: global-fence.cl:[[#@LINE-38]]:3: warning: the CLK_GLOBAL_MEM_FENCE of mem_fence at [[#@LINE-38]]:3 is work-group scoped by the OpenCL specification, but the spin-wait at [[#@LINE+1]]:3 synchronizes across work-groups; pass --opencl-global-fence=device if the original platform made global fences device-wide
  while (atomic_load_explicit(flag, memory_order_relaxed) == 0)
    ;
}
