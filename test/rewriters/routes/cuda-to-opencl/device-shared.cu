// __shared__ memory declared in a __device__ function: one per block in
// CUDA, as a file-scope __shared__ variable that only this function uses.
// Each kernel that calls the function (itself or through another) declares
// it at its scope and passes it down as a __local pointer; a scalar is
// used through the pointer. (It was refused: OpenCL C has __local
// variables in kernels only.)
// RUN: xfence translate --cuda-builtin-header %s --to opencl -cl-std=CL1.2 -o %t.cl
// RUN: grep -v '^ *//' %t.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL1.2 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t.cl
// RUN: xfence translate --cuda-builtin-header %s --to opencl -cl-std=CL3.0 -o %t3.cl
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t3.cl
// RUN: not xfence translate --cuda-builtin-header %s --to opencl -DCLASH -o %t.bad.cl 2>&1 | FileCheck %s --check-prefix=CLASH
// RUN: not test -e %t.bad.cl

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

// CHECK: int twice(int v, __local int *partial, __local int *count) { return 2 * blockSum(v, partial, count); }
__device__ int twice(int v) { return 2 * blockSum(v); }

// CHECK: __kernel void sum(__global int *out) { __local int partial[64]; __local int count;
// CHECK-NEXT: out[(uint)get_group_id(0)] = blockSum(out[(uint)get_local_id(0)], partial, &count);
__global__ void sum(int *out) {
  out[blockIdx.x] = blockSum(out[threadIdx.x]);
}

__global__ void sum2(int *out) {
#ifdef CLASH
  // CLASH: device-shared.cu:{{[0-9]+}}:18: error: this __shared__ variable is declared in each kernel that needs it, and kernel 'sum2' has another variable of its name; rename one
  int count = 1;
  out[count] = 0;
#endif
  out[blockIdx.x] = twice(out[threadIdx.x]);
}
