// OpenCL C 2.0 declares memory_order and memory_scope itself: a CUDA file
// that declares them too (one translated from OpenCL C, bench/global-fence)
// loses its declarations in 2.0 and 3.0 output where they agree with
// OpenCL's, and is refused where they do not. 1.2 has neither, so they
// stay. The output exited 0 and did not compile before.
// RUN: xfence translate %s --to opencl -cl-std=CL2.0 --cuda-builtin-header -o %t20.cl
// RUN: FileCheck %s < %t20.cl
// RUN: clang -x cl -cl-std=CL2.0 -Xclang -finclude-default-header -fsyntax-only %t20.cl
// RUN: xfence translate %s --to opencl -cl-std=CL3.0 --cuda-builtin-header -o %t30.cl
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t30.cl
// RUN: xfence translate %s --to opencl -cl-std=CL1.2 --cuda-builtin-header -o %t12.cl
// RUN: FileCheck %s --check-prefix=CL12 < %t12.cl
// RUN: clang -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -fsyntax-only %t12.cl
// The 1.2 text keeps them only for a 1.2 compiler: a 3.0 compiler of it
// (which takes 1.2 code) would see them defined twice.
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t12.cl
// RUN: not xfence translate %s --to opencl -cl-std=CL2.0 --cuda-builtin-header -DOTHER -o %t-bad.cl 2>&1 | FileCheck %s --check-prefix=OTHER
// RUN: not test -e %t-bad.cl

// CHECK: /* xfence: enum 'memory_order' removed: OpenCL C 2.0's own, with the same enumerators */
// CL12: #if !defined(__OPENCL_C_VERSION__) || __OPENCL_C_VERSION__ < 200 /* xfence: OpenCL C 2.0 has this enumeration */
// CL12-NEXT: enum memory_order {
// CL12-NEXT: #endif
enum memory_order { memory_order_relaxed = 0, memory_order_acquire = 2, memory_order_release = 3, memory_order_acq_rel = 4, memory_order_seq_cst = 5 };
// CHECK: /* xfence: enum 'memory_scope' removed: OpenCL C 2.0's own, with the same enumerators */
#ifndef OTHER
enum memory_scope { memory_scope_work_item = 0, memory_scope_work_group = 1, memory_scope_device = 2, memory_scope_all_svm_devices = 3, memory_scope_all_devices = 3, memory_scope_sub_group = 4 };
#else
// OTHER: opencl-enums.cu:[[@LINE+1]]:21: error: 'memory_scope' is an enumeration of OpenCL C 2.0 with other enumerators; rename the enumeration
enum memory_scope { memory_scope_work_group = 0, memory_scope_device = 1 };
#endif

__global__ void k(int *out) {
  out[0] = memory_order_acquire + memory_scope_device;
}
