// __shared__ memory declared in a __device__ function: one per block in
// CUDA, as a file-scope __shared__ variable that only this function uses.
// Each kernel that calls the function (itself or through another) declares
// it at its scope and passes it down as a __local pointer; a scalar is
// used through the pointer. (It was refused: OpenCL C has __local
// variables in kernels only.) Outside its function the variable is named
// xfence_<function>_<name>: a kernel's own variable of that name (rsmt's
// `cnt`) or another function's __shared__ variable of that name does not
// clash with it.
// RUN: xfence translate --cuda-builtin-header %s --to opencl -cl-std=CL1.2 -o %t.cl
// RUN: grep -v '^ *//' %t.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL1.2 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t.cl
// RUN: xfence translate --cuda-builtin-header %s --to opencl -cl-std=CL3.0 -o %t3.cl
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t3.cl

// CHECK: int blockSum(int v, __local int *partial, __local int *count) {
// CHECK-NEXT: /* xfence: __shared__ 'partial' is declared in each kernel that calls this function and passed to it as a __local pointer */
// CHECK-NEXT: /* xfence: __shared__ 'count' is declared in each kernel that calls this function and passed to it as a __local pointer */
__device__ int blockSum(int v) {
  __shared__ int partial[64];
  __shared__ int count;
  partial[threadIdx.x] = v;
  // CHECK: if ((uint)get_local_id(0) == 0)
  // CHECK-NEXT: (*count) = 0;
  if (threadIdx.x == 0)
    count = 0;
  __syncthreads();
  atomicAdd(&count, partial[(threadIdx.x + 1) % 64]);
  __syncthreads();
  return count;
}

// CHECK: int twice(int v, __local int *xfence_blockSum_partial, __local int *xfence_blockSum_count) { return 2 * blockSum(v, xfence_blockSum_partial, xfence_blockSum_count); }
__device__ int twice(int v) { return 2 * blockSum(v); }

// Another function's __shared__ array of the same name.
// CHECK: int firstOf(int v, __local int *partial) {
__device__ int firstOf(int v) {
  __shared__ int partial[32];
  if (threadIdx.x == 0)
    partial[0] = v;
  __syncthreads();
  return partial[0];
}

// CHECK: __kernel void sum(__global int *out) { __local int xfence_blockSum_partial[64]; __local int xfence_blockSum_count;
// CHECK-NEXT: out[(uint)get_group_id(0)] = blockSum(out[(uint)get_local_id(0)], xfence_blockSum_partial, &xfence_blockSum_count);
__global__ void sum(int *out) {
  out[blockIdx.x] = blockSum(out[threadIdx.x]);
}

// A kernel with variables of the same names, in its scope and an inner one.
// CHECK: __kernel void sum2(__global int *out) { __local int xfence_blockSum_partial[64]; __local int xfence_blockSum_count; __local int xfence_firstOf_partial[32];
// CHECK-NEXT: int count = 1;
// CHECK: out[count] = twice(out[(uint)get_local_id(0)], xfence_blockSum_partial, &xfence_blockSum_count);
// CHECK: out[partial] = firstOf(partial, xfence_firstOf_partial);
__global__ void sum2(int *out) {
  int count = 1;
  out[count] = twice(out[threadIdx.x]);
  {
    int partial = 2;
    out[partial] = firstOf(partial);
  }
}

// Dynamic shared memory (`extern __shared__`) that a __device__ function
// uses (HeCBench's moe-align, the CUDA samples' MC_EstimatePiInlineQ): the
// kernel's __local argument, passed down as a __local pointer as the
// variables above are, also where only a callee uses it.
// CHECK: float sumDyn(float v, __local float *dyn) {
// CHECK-NEXT: dyn[(uint)get_local_id(0)] = v;
extern __shared__ float dyn[];
__device__ float sumDyn(float v) {
  dyn[threadIdx.x] = v;
  __syncthreads();
  return dyn[0] + dyn[blockDim.x - 1];
}
// CHECK: float viaDyn(float v, __local float *dyn) { return 2 * sumDyn(v, dyn); }
__device__ float viaDyn(float v) { return 2 * sumDyn(v); }
// CHECK: __kernel void dynOnlyCallee(__global float *o, __local float *dyn) { o[(uint)get_local_id(0)] = viaDyn(o[(uint)get_local_id(0)], dyn); }
__global__ void dynOnlyCallee(float *o) { o[threadIdx.x] = viaDyn(o[threadIdx.x]); }
// CHECK: __kernel void dynBoth(__global float *o, __local float *dyn) { dyn[1] = 1; o[0] = sumDyn(dyn[1], dyn); }
__global__ void dynBoth(float *o) { dyn[1] = 1; o[0] = sumDyn(dyn[1]); }
