// Global-memory fences in kernels that synchronize across work-groups: by
// default they keep the work-group scope of the OpenCL specification, with a
// warning that names the assumption; --opencl-global-fence=device makes them
// device-wide, without the warning.
//
// RUN: xfence translate %s --to cuda -o %t.block.cu 2>%t.warn
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.warn
// RUN: grep -v -E '// (WARN|BLOCK|DEVICE)' %t.block.cu | FileCheck %s --check-prefix=BLOCK
// RUN: xfence translate %s --to cuda --opencl-global-fence=device -o %t.device.cu 2>%t.quiet
// RUN: count 0 < %t.quiet
// RUN: grep -v -E '// (WARN|BLOCK|DEVICE)' %t.device.cu | FileCheck %s --check-prefix=DEVICE
// RUN: xfence translate %s --to cuda --opencl-global-fence=workgroup -o %t.wg.cu 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: diff %t.block.cu %t.wg.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.block.cu -o %t.block.o %}
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.device.cu -o %t.device.o %}

// A lock-based barrier across work-groups: publish, count in, spin on a
// global atomic, read another work-group's data.
// BLOCK-LABEL: __global__ void grid_barrier(
// DEVICE-LABEL: __global__ void grid_barrier(
__kernel void grid_barrier(__global float *data, __global uint *arrived,
                           __global float *out) {
  uint g = get_group_id(0), n = get_num_groups(0);
  data[get_global_id(0)] = (float)g;
  // WARN: global-fence.cl:[[#@LINE+4]]:3: warning: the CLK_GLOBAL_MEM_FENCE of write_mem_fence at [[#@LINE+4]]:3 is work-group scoped by the OpenCL specification, but the spin-wait at [[#@LINE+12]]:5 synchronizes across work-groups; pass --opencl-global-fence=device if the original platform made global fences device-wide
  // WARN: global-fence.cl:[[#@LINE+11]]:5: note: spin-wait on a global atomic: the work-group waits for others
  // BLOCK: cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_block);
  // DEVICE: cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_device);
  write_mem_fence(CLK_GLOBAL_MEM_FENCE);
  // WARN: global-fence.cl:[[#@LINE+4]]:5: warning: the CLK_GLOBAL_MEM_FENCE of mem_fence at [[#@LINE+4]]:5 is work-group scoped by the OpenCL specification, but the spin-wait at [[#@LINE+7]]:5 synchronizes across work-groups
  // BLOCK: if (threadIdx.x == 0) {
  // DEVICE: if (threadIdx.x == 0) {
  if (get_local_id(0) == 0) {
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    // BLOCK: atomicAdd((unsigned int *)(arrived), (unsigned int)(1));
    atomic_inc(arrived);
    while (atomic_add(arrived, 0) < n)
      ;
  }
  // WARN: global-fence.cl:[[#@LINE+3]]:3: warning: the CLK_GLOBAL_MEM_FENCE of barrier at [[#@LINE+3]]:3 is work-group scoped
  // BLOCK: __syncthreads();
  // DEVICE: (cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_device), __syncthreads(), cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_device));
  barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = data[((g + 1) % n) * get_local_size(0)];
  // Local memory only: work-group scope in both. The source is OpenCL C 1.2
  // (the default standard), whose mem_fence is a full fence: seq_cst.
  // BLOCK: __threadfence_block();
  // DEVICE: __threadfence_block();
  mem_fence(CLK_LOCAL_MEM_FENCE);
  out[0] = 0.0f;
  // BLOCK: __syncthreads();
  // DEVICE: __syncthreads();
  barrier(CLK_LOCAL_MEM_FENCE);
}

// The last work-group to arrive (a ticket counter, told to the others
// through local memory) reads what the others wrote; seq_cst fences.
// BLOCK-LABEL: __global__ void last_group(
// DEVICE-LABEL: __global__ void last_group(
__kernel void last_group(__global float *partial, __global uint *count,
                         __global float *total) {
  __local bool isLast;
  if (get_local_id(0) == 0) {
    partial[get_group_id(0)] = 1.0f;
    // WARN: global-fence.cl:[[#@LINE+4]]:5: warning: the CLK_GLOBAL_MEM_FENCE of mem_fence at [[#@LINE+4]]:5 is work-group scoped by the OpenCL specification, but the ticket counter at [[#@LINE+5]]:19 synchronizes across work-groups
    // WARN: global-fence.cl:[[#@LINE+4]]:19: note: ticket counter: an atomic on global memory decides which work-group reads what the others wrote
    // BLOCK: __threadfence_block();
    // DEVICE: __threadfence();
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    uint ticket = atomic_inc(count);
    isLast = ticket == get_num_groups(0) - 1;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (isLast && get_local_id(0) == 0) {
    float sum = 0.0f;
    // WARN: global-fence.cl:[[#@LINE+3]]:5: warning: the CLK_GLOBAL_MEM_FENCE of read_mem_fence at [[#@LINE+3]]:5 is work-group scoped by the OpenCL specification, but the ticket counter at [[#@LINE-6]]:19
    // BLOCK: cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_block);
    // DEVICE: cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_device);
    read_mem_fence(CLK_GLOBAL_MEM_FENCE);
    for (uint i = 0; i < get_num_groups(0); i++)
      sum += partial[i];
    *total = sum;
  }
}

// A flag in a volatile global location, and a spin in a function the kernel
// calls.
void wait_until_set(volatile __global int *flag) {
  while (*flag == 0)
    ;
}
// BLOCK-LABEL: __global__ void flag_passing(
__kernel void flag_passing(volatile __global int *flag, __global int *data) {
  if (get_group_id(0) == 0) {
    data[0] = 42;
    // WARN: global-fence.cl:[[#@LINE+2]]:5: warning: the CLK_GLOBAL_MEM_FENCE of barrier at [[#@LINE+2]]:5 is work-group scoped by the OpenCL specification, but the spin-wait at [[#@LINE-7]]:3 synchronizes across work-groups
    // WARN: global-fence.cl:[[#@LINE-8]]:3: note: spin-wait on a volatile global location: the work-group waits for others
    barrier(CLK_GLOBAL_MEM_FENCE);
    if (get_local_id(0) == 0)
      *flag = 1;
  } else {
    wait_until_set(flag);
    data[get_global_id(0)] = data[0];
  }
}

// An endless loop left by a break on a volatile global flag.
// BLOCK-LABEL: __global__ void endless(
__kernel void endless(volatile __global int *flag, __global int *data) {
  // WARN: global-fence.cl:[[#@LINE+2]]:3: warning: the CLK_GLOBAL_MEM_FENCE of read_mem_fence at [[#@LINE+2]]:3 is work-group scoped by the OpenCL specification, but the spin-wait at [[#@LINE+3]]:3 synchronizes across work-groups
  // WARN: global-fence.cl:[[#@LINE+2]]:3: note: spin-wait on a volatile global location
  read_mem_fence(CLK_GLOBAL_MEM_FENCE);
  for (;;) {
    if (*flag != 0)
      break;
  }
  data[get_global_id(0)] = data[0];
}
// WARN-NOT: warning
