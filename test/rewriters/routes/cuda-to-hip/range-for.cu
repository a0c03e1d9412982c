// A range-based for loop (C++11) in device code: imported as the loop it
// is (its range, begin and end before it; the condition, the loop
// variable, the body and the increment in the loop), so that the CUDA to
// HIP translation keeps it and translates what it holds. It was refused
// for every target with "a range-based for loop has no OpenCL C form"
// (found by the idiom sweep, run to HIP); OpenCL C, which has none, still
// refuses it, located.
// RUN: xfence translate --cuda-builtin-header %s --to hip --verify-output -o %t.hip
// RUN: FileCheck %s < %t.hip
// RUN: xfence-translate --import-cuda --cuda-builtin-header %s | FileCheck %s --check-prefix=IMPORT
// RUN: not xfence translate --cuda-builtin-header %s --to opencl -cl-std=CL3.0 -o %t.cl 2>&1 | FileCheck %s --check-prefix=OPENCL
// RUN: not test -e %t.cl

// CHECK: for (int v : idx) { s[v] = v; (__builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup"), __builtin_amdgcn_s_barrier(), __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup")); atomicAdd(&o[0], s[v]); __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "agent"); }
// IMPORT: xfence.loop {
// IMPORT: xfence.barrier workgroup
// IMPORT: xfence.atomic_rmw add
// IMPORT: xfence.fence device seq_cst
// IMPORT-NEXT: }
// OPENCL: range-for.cu:[[@LINE+1]]:71: error: a range-based for loop has no OpenCL C form; write the loop over an index
__global__ void k(int *o) { __shared__ int s[4]; int idx[2] = {1, 2}; for (int v : idx) { s[v] = v; __syncthreads(); atomicAdd(&o[0], s[v]); __threadfence(); } }
