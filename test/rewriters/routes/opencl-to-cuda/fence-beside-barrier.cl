// A fence directly beside a barrier that covers it is dropped in the CUDA
// translation, where __syncthreads() orders every memory space (so a
// barrier of local memory covers a fence of global memory), and at device
// scope too: a release fence directly before a barrier whose memory part is
// device-wide, or an acquire fence directly after it, is the barrier's own
// entry or exit fence. alpaka (whose syncBlockThreads promises no ordering
// of global memory) and HIP (whose __syncthreads() may order local memory
// only) keep the fence beside a local barrier.
// RUN: xfence translate %s --to cuda -o %t.cu
// RUN: grep -v -E '// (CHECK|DEVICE|ALPAKA|HIP)' %t.cu | FileCheck %s
// RUN: xfence translate %s --to cuda --opencl-global-fence=device -o %t.device.cu
// RUN: grep -v -E '// (CHECK|DEVICE|ALPAKA|HIP)' %t.device.cu | FileCheck %s --check-prefix=DEVICE
// RUN: xfence translate %s --to alpaka -o - | grep -v -E '// (CHECK|DEVICE|ALPAKA|HIP)' | FileCheck %s --check-prefix=ALPAKA
// RUN: xfence translate %s --to hip -o - | grep -v -E '// (CHECK|DEVICE|ALPAKA|HIP)' | FileCheck %s --check-prefix=HIP
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.device.cu -o %t.device.o %}

// CHECK-LABEL: __global__ void release_local_barrier(
// CHECK:         a[i] = 1;
// CHECK-NEXT:    ((void)0) /* xfence: write_mem_fence(CLK_GLOBAL_MEM_FENCE) removed: redundant */;
// CHECK-NEXT:    __syncthreads();
// ALPAKA-LABEL: struct release_local_barrier {
// ALPAKA:         a[i[xfence_e]] = 1;
// ALPAKA-NEXT:    alpaka::onAcc::memFence(xfence_acc, alpaka::onAcc::scope::block, alpaka::onAcc::order::release);
// ALPAKA-NEXT:    }
// ALPAKA-NEXT:    alpaka::onAcc::syncBlockThreads(xfence_acc);
// HIP-LABEL: __global__ void release_local_barrier(
// HIP:         a[i] = 1;
// HIP-NEXT:    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
// HIP-NEXT:    __syncthreads();
__kernel void release_local_barrier(__global int *a, __local int *l) {
  size_t i = get_global_id(0);
  a[i] = 1;
  write_mem_fence(CLK_GLOBAL_MEM_FENCE);
  barrier(CLK_LOCAL_MEM_FENCE);
  l[get_local_id(0)] = a[i ^ 1];
}

// CHECK-LABEL: __global__ void device_barrier(
// DEVICE-LABEL: __global__ void device_barrier(
// DEVICE:         a[i] = 1;
// DEVICE-NEXT:    ((void)0) /* xfence: write_mem_fence(CLK_GLOBAL_MEM_FENCE) removed: redundant */;
// DEVICE-NEXT:    (cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_device), __syncthreads(), cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_device));
// DEVICE-NEXT:    ((void)0) /* xfence: read_mem_fence(CLK_GLOBAL_MEM_FENCE) removed: redundant */;
// DEVICE-NOT:     atomic_thread_fence
// DEVICE:         b[i] = a[i ^ 1];
__kernel void device_barrier(__global int *a, __global int *b) {
  size_t i = get_global_id(0);
  a[i] = 1;
  write_mem_fence(CLK_GLOBAL_MEM_FENCE);
  barrier(CLK_GLOBAL_MEM_FENCE);
  read_mem_fence(CLK_GLOBAL_MEM_FENCE);
  b[i] = a[i ^ 1];
}

// mem_fence (seq_cst in OpenCL C 1.x source) before a device-wide barrier
// is not the barrier's: the fence stays (merged with nothing), as does a
// release fence after the barrier.
// DEVICE-LABEL: __global__ void device_barrier_kept(
// DEVICE:         __threadfence();
// DEVICE-NEXT:    (cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_device), __syncthreads(), cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_device));
// DEVICE-NEXT:    cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_device);
__kernel void device_barrier_kept(__global int *a, __global int *b) {
  size_t i = get_global_id(0);
  a[i] = 1;
  mem_fence(CLK_GLOBAL_MEM_FENCE);
  barrier(CLK_GLOBAL_MEM_FENCE);
  write_mem_fence(CLK_GLOBAL_MEM_FENCE);
  b[i] = a[i ^ 1];
}
