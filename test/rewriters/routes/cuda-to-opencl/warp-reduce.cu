// __syncwarp() with the full mask (omitted or written as 0xffffffff):
// sub_group_barrier in OpenCL C 2.0/3.0 under --assume-subgroup-size=32,
// which states that a warp is a sub-group of 32 (docs/cuda-to-opencl.md);
// the kernels then require that size where the device can be asked
// (intel_reqd_sub_group_size), and the output checks for sub-groups with
// #error; 1.2 has none (errors.test). __syncthreads_count/_and/
// _or: the barrier of __syncthreads(), then 2.0's collectives, or (1.2;
// 3.0 without __opencl_c_work_group_collective_functions) a count in a
// __local variable that each kernel using them declares.
// Without the option OpenCL promises no sub-group size: an error.
// RUN: rm -f %tnone.cl
// RUN: not xfence translate %s --to opencl --cuda-builtin-header -cl-std=CL3.0 -o %tnone.cl 2>&1 | FileCheck %s --check-prefix=NOSIZE
// RUN: not test -e %tnone.cl
// NOSIZE: warp-reduce.cu:57:3: error: a warp barrier (__syncwarp) would become sub_group_barrier, which waits for one OpenCL sub-group: that covers the warp's 32 lanes only where sub-groups have 32 work-items, which OpenCL does not promise (devices with sub-groups of 8 or 16 exist); --assume-subgroup-size=32 states that assumption
// RUN: xfence translate %s --to opencl --cuda-builtin-header -cl-std=CL2.0 --assume-subgroup-size=32 -o %t20.cl
// RUN: xfence translate %s --to opencl --cuda-builtin-header -cl-std=CL3.0 --assume-subgroup-size=32 -o %t30.cl
// Where the device has cl_intel_required_subgroup_size the kernel asks for
// sub-groups of 32.
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -Dcl_intel_required_subgroup_size=1 -S -emit-llvm -o - %t30.cl | FileCheck %s --check-prefix=REQD
// REQD: define {{.*}}spir_kernel void @k({{.*}}!intel_reqd_sub_group_size ![[#]]
// RUN: xfence translate %s --to opencl --cuda-builtin-header -DNO_WARP -o %t12.cl
// RUN: FileCheck %s --check-prefixes=CHECK,CL20 < %t20.cl
// RUN: FileCheck %s --check-prefixes=CHECK,CL30 < %t30.cl
// RUN: FileCheck %s --check-prefixes=CL12 < %t12.cl
// RUN: clang -x cl -cl-std=CL1.2 -DNO_WARP -Xclang -finclude-default-header -fsyntax-only %t12.cl
// RUN: clang -x cl -cl-std=CL2.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t20.cl
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t30.cl
// 3.0 without the collectives: the __local form compiles.
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -Xclang -cl-ext=-__opencl_c_work_group_collective_functions -fsyntax-only %t30.cl
// Without sub-groups the program stops at an #error naming them.
// RUN: not clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -Xclang -cl-ext=-__opencl_c_subgroups,-cl_khr_subgroups -fsyntax-only %t30.cl 2>&1 | FileCheck %s --check-prefix=NOSUB
// NOSUB: error: "xfence: __syncwarp() needs sub-groups (__opencl_c_subgroups or cl_khr_subgroups), which this device lacks"

// CHECK: // xfence: --assume-subgroup-size=32: __syncwarp() is sub_group_barrier and the warp shuffles and votes are sub-group functions, assuming sub-groups of 32 work-items (a CUDA warp)
// CHECK-NEXT: #if defined(cl_intel_required_subgroup_size)
// CHECK-NEXT: #define XFENCE_REQD_SUB_GROUP_SIZE __attribute__((intel_reqd_sub_group_size(32)))
// CHECK-NEXT: #else
// CHECK-NEXT: #define XFENCE_REQD_SUB_GROUP_SIZE
// CHECK-NEXT: #endif
// CHECK: #if !defined(__opencl_c_subgroups) && !defined(cl_khr_subgroups)
// CL30: static int xfence_syncthreads_count(int predicate, __local int *scratch) {
// CL30-NEXT: #if defined(__opencl_c_work_group_collective_functions)
// CL30: return (int)work_group_reduce_add(predicate);
// CL30-NEXT: #else
// CL30: (void)atomic_inc((volatile __local int *)scratch);
// CL12: static int xfence_syncthreads_count(int predicate, __local int *scratch) {
// CL12-NOT: work_group
// CL12: (void)atomic_inc((volatile __local int *)scratch);

// CHECK-LABEL: {{^}}__kernel XFENCE_REQD_SUB_GROUP_SIZE void k(__global int *p) {
// CL30-SAME: __local int xfence_syncthreads_scratch;
// CL20-NOT: xfence_syncthreads_scratch
__global__ void k(int *p) {
#ifndef NO_WARP
  p[threadIdx.x] = 1;
  // CHECK: sub_group_barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  __syncwarp();
  // CHECK-NEXT: sub_group_barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  __syncwarp(0xffffffff);
#endif
  // CL20: p[0] = (barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE), (int)work_group_reduce_add((p[1]) != 0));
  // CL30: p[0] = (barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE), xfence_syncthreads_count((p[1]) != 0, &xfence_syncthreads_scratch));
  // CL12: p[0] = (barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE), xfence_syncthreads_count((p[1]) != 0, &xfence_syncthreads_scratch));
  p[0] = __syncthreads_count(p[1]);
  // CL20: if ((barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE), work_group_all((p[2] > 0) != 0)))
  // CL30: if ((barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE), xfence_syncthreads_and((p[2] > 0) != 0, &xfence_syncthreads_scratch)))
  if (__syncthreads_and(p[2] > 0))
    // CL20: p[3] = (barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE), work_group_any((p[4]) != 0));
    // CL30: p[3] = (barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE), xfence_syncthreads_or((p[4]) != 0, &xfence_syncthreads_scratch));
    p[3] = __syncthreads_or(p[4]);
}
