// The OpenCL C of every CUDA fence and barrier, for OpenCL C 1.2 and 3.0
// (docs/semantics.md §3): CUDA fences carry LOCAL|GLOBAL.
// OpenCL C 1.2 has no surely seq_cst fence: __threadfence_block() needs the
// seq_cst policy, and acquire and release fences are mem_fence
// (read_mem_fence and write_mem_fence order only loads or only stores).
// RUN: not xfence translate %s --to opencl --cuda-builtin-header --no-coalesce -DNO_DEVICE_SCOPE -o %t-nopolicy.cl 2>&1 | FileCheck %s --check-prefix=NOPOLICY
// RUN: not test -e %t-nopolicy.cl
// NOPOLICY: sync.cu:44:3: error: order 'seq_cst' has no sound form on target 'opencl1.2'
// RUN: xfence translate %s --to opencl --cuda-builtin-header --no-coalesce -DNO_DEVICE_SCOPE --opencl12-seq-cst-fence=assume-mem-fence-is-seq-cst -o - | grep -v '^ *//' | FileCheck %s --check-prefixes=CHECK,CL12
// In 2.0/3.0 every fence of a file gets the widest scope used there
// (equal scopes, docs/cuda-to-opencl.md): the block kernel alone keeps the
// work-group; with the device kernel in the file, every fence is system.
// RUN: xfence translate %s --to opencl --cuda-builtin-header --no-coalesce -DNO_DEVICE_SCOPE -cl-std=CL3.0 -o - | grep -v '^ *//' | FileCheck %s --check-prefixes=CHECK,CL30
// RUN: xfence translate %s --to opencl --cuda-builtin-header --no-coalesce -DNO_DEVICE_SCOPE --cl-std=CL2.0 -o - | grep -v '^ *//' | FileCheck %s --check-prefixes=CHECK,CL30
// RUN: xfence translate %s --to opencl --cuda-builtin-header --no-coalesce -cl-std=CL3.0 -o - | grep -v '^ *//' | FileCheck %s --check-prefixes=CL3
// RUN: xfence translate %s --to opencl --cuda-builtin-header --no-coalesce --cl-std=CL2.0 -o - | grep -v '^ *//' | FileCheck %s --check-prefixes=CL20
// RUN: xfence translate %s --to opencl --cuda-builtin-header -cl-std=CL3.0 -o %t.cl
// RUN: xfence translate %s --to opencl --cuda-builtin-header -DNO_DEVICE_SCOPE --opencl12-seq-cst-fence=assume-mem-fence-is-seq-cst -o %t12.cl
// RUN: clang -x cl -cl-std=CL1.2 -DNO_DEVICE_SCOPE -Xclang -finclude-default-header -fsyntax-only %t12.cl
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t.cl
// System scope is optional in 3.0: a device without it stops at an #error
// that names the feature (never a weaker scope).
// RUN: not clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -Xclang -cl-ext=-__opencl_c_atomic_scope_all_devices -fsyntax-only %t.cl 2>&1 | FileCheck %s --check-prefix=NOSYSTEM
// NOSYSTEM: error: "xfence: CUDA system scope (__threadfence_system(), *_system atomics, thread_scope_system) needs memory_scope_all_svm_devices, which this OpenCL C 3.0 device lacks (__opencl_c_atomic_scope_all_devices)"
// CL3: #if defined(__opencl_c_atomic_scope_all_devices)
// CL3-NEXT: #define XFENCE_MEMORY_SCOPE_SYSTEM memory_scope_all_svm_devices
// CL3-NEXT: #else
// CL3-NEXT: #error
// CL3-NEXT: #endif
#include <cuda/atomic>

#define FLAGS CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE

// CHECK: __kernel void block(__global int *p) {
// CL3: __kernel void block(__global int *p) {
// CL20: __kernel void block(__global int *p) {
__global__ void block(int *p) {
  // CHECK-NEXT: p[0] = 1;
  p[0] = 1;
  // CL12-NEXT: /* xfence: assumes mem_fence is seq_cst (--opencl12-seq-cst-fence) */ mem_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  // CL30-NEXT: atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, memory_scope_work_group);
  // CL3: atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, XFENCE_MEMORY_SCOPE_SYSTEM);
  // CL20: atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, memory_scope_all_svm_devices);
  __threadfence_block();
  // CL12-NEXT: mem_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  // CL30-NEXT: atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_acquire, memory_scope_work_group);
  // CL3-NEXT: atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_acquire, XFENCE_MEMORY_SCOPE_SYSTEM);
  cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_block);
  // CL12-NEXT: mem_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  // CL30-NEXT: atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_work_group);
  // CL3-NEXT: atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_release, XFENCE_MEMORY_SCOPE_SYSTEM);
  cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_block);
  // CHECK-NEXT: barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  // CL3-NEXT: barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  __syncthreads();
  // CHECK-NEXT: barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  asm volatile("bar.sync 0;" ::: "memory");
  // A thread-scope fence orders nothing between threads: 1.2 has none, and
  // 2.0/3.0 allow memory_scope_work_item only with CLK_IMAGE_MEM_FENCE.
  // CHECK-NEXT: ((void)0) /* xfence: cuda::std::atomic_signal_fence(cuda::std::memory_order_seq_cst) removed: it orders nothing on this target, or a neighbour covers it */;
  cuda::std::atomic_signal_fence(cuda::std::memory_order_seq_cst);
  // CL12-NEXT: /* xfence: assumes mem_fence is seq_cst (--opencl12-seq-cst-fence) */ mem_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  asm volatile("membar.cta;" ::: "memory");
  p[1] = 2;
}

// Device and system scope: OpenCL C 2.0/3.0 only (1.2: errors.test).
#ifndef NO_DEVICE_SCOPE
// CL3-LABEL: __kernel void device(__global int *p) {
// CL20-LABEL: __kernel void device(__global int *p) {
__global__ void device(int *p) {
  // CL3-NEXT: atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, XFENCE_MEMORY_SCOPE_SYSTEM);
  // CL20-NEXT: atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, memory_scope_all_svm_devices);
  __threadfence();
  // CL20-NEXT: atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, memory_scope_all_svm_devices);
  // CL3-NEXT: atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, XFENCE_MEMORY_SCOPE_SYSTEM);
  __threadfence_system();
  // CL3-NEXT: atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_release, XFENCE_MEMORY_SCOPE_SYSTEM);
  // CL20-NEXT: atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_all_svm_devices);
  cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_device);
  // CL3-NEXT: atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_acq_rel, XFENCE_MEMORY_SCOPE_SYSTEM);
  // CL20-NEXT: atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_acq_rel, memory_scope_all_svm_devices);
  asm volatile("fence.acq_rel.gpu;" ::: "memory");
  // CL20-NEXT: atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, memory_scope_all_svm_devices);
  // CL3-NEXT: atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, XFENCE_MEMORY_SCOPE_SYSTEM);
  asm volatile("membar.sys;" ::: "memory");
}
#endif
