// CUDA to OpenCL C: a kernel written with cooperative groups' thread
// block, as CUDA programmers write it (HeCBench: 17 files refused at
// this_thread_block). The variable `cg::thread_block b =
// cg::this_thread_block();` goes; its members become work-item functions
// (thread_rank: (z * size.y + y) * size.x + x, as CUDA defines it; size
// and num_threads: the product of the sizes; thread_index, group_index,
// dim_threads as .x/.y/.z: get_local_id, get_group_id, get_local_size),
// and b.sync() / cg::sync(b) are the block's barrier (the dialect's
// workgroup barrier). A thread_block parameter of a __device__ function
// (the CUDA samples' scan, mergeSort and eigenvalues pass `cta` down) goes
// with the arguments that pass it: a thread has one block, its own. Groups
// the dialect has no OpenCL C form for, and a thread_block copied into
// another variable, are located errors.
// RUN: xfence translate %s --to opencl -cl-std=CL3.0 -o %t.cl
// RUN: grep -v '^ *//' %t.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t.cl
// RUN: xfence translate --cuda-builtin-header %s --to opencl -cl-std=CL3.0 -o %t.builtin.cl
// RUN: diff %t.cl %t.builtin.cl
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -std=c++17 -c %s -o %t.o %}
// RUN: not xfence translate %s --to opencl -cl-std=CL3.0 -DBAD_PARAM -o %t.bad.cl 2>&1 | FileCheck %s --check-prefix=PARAM
// RUN: not test -e %t.bad.cl
// RUN: not xfence translate %s --to opencl -cl-std=CL3.0 -DBAD_GRID -o %t.bad.cl 2>&1 | FileCheck %s --check-prefix=GRID
// RUN: not test -e %t.bad.cl
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// CHECK: __kernel void reverse(__global float *out, const __global float *in) {
__global__ void reverse(float *out, const float *in) {
  // CHECK-NOT: this_thread_block
  cg::thread_block block = cg::this_thread_block();
  __shared__ float s[256];
  // CHECK: unsigned t = (uint)((get_local_id(2) * get_local_size(1) + get_local_id(1)) * get_local_size(0) + get_local_id(0));
  unsigned t = block.thread_rank();
  // CHECK-NEXT: s[t] = in[(uint)get_group_id(0) * (uint)(get_local_size(0) * get_local_size(1) * get_local_size(2)) + t];
  s[t] = in[blockIdx.x * block.num_threads() + t];
  // CHECK-NEXT: barrier(CLK_LOCAL_MEM_FENCE
  block.sync();
  // CHECK-NEXT: out[t] = s[255 - t] + (uint)get_local_id(0) + (uint)get_group_id(0) +
  // CHECK-NEXT: (uint)get_local_size(1);
  out[t] = s[255 - t] + block.thread_index().x + block.group_index().x +
           block.dim_threads().y;
  // CHECK: barrier(CLK_LOCAL_MEM_FENCE
  cg::sync(block);
  // CHECK-NEXT: out[t] += (uint)((get_local_id(2) * get_local_size(1) + get_local_id(1)) * get_local_size(0) + get_local_id(0));
  out[t] += cg::this_thread_block().thread_rank();
}

// CHECK-LABEL: void helper(__global float *p) { barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE); p[0] = 1; }
__device__ void helper(const cg::thread_block &b, float *p) { b.sync(); p[0] = 1; }
// CHECK-LABEL: unsigned rank(unsigned base) {
// CHECK-NEXT: return base + (uint)((get_local_id(2) * get_local_size(1) + get_local_id(1)) * get_local_size(0) + get_local_id(0));
__device__ unsigned rank(unsigned base, cg::thread_block cta) {
  return base + cta.thread_rank();
}
// CHECK-LABEL: __kernel void passes(__global float *p) {
// CHECK-NEXT: helper(p);
// CHECK: p[1] = rank(2);
// CHECK-NEXT: p[2] = rank(3);
__global__ void passes(float *p) {
  helper(cg::this_thread_block(), p);
  cg::thread_block cta = cg::this_thread_block();
  p[1] = rank(2, cta);
  p[2] = rank(3,
              cta);
}
#ifdef BAD_PARAM
__global__ void copies(float *p) {
  cg::thread_block a = cg::this_thread_block();
  // PARAM: cooperative-groups.cu:[[@LINE+1]]:20: error: a cooperative_groups::thread_block has an OpenCL C form only as a local variable initialized with this_thread_block()
  cg::thread_block b = a;
  b.sync();
  p[0] = 1;
}
#endif
#ifdef BAD_GRID
__global__ void grid(float *p) {
  // GRID: cooperative-groups.cu:[[@LINE+1]]:3: error: a barrier of execution scope 'device' has no form on target
  cg::this_grid().sync();
  p[0] = 1;
}
#endif
