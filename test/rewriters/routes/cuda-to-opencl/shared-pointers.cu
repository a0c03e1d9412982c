// A pointer variable in __shared__ memory: the variable is __local, the
// memory it points to has its own address space, written after the '*'
// (`__global float *__local p`; `__local __global float *p` would give the
// pointee two address spaces). Also when the variable moves to the kernel's
// scope from an inner block.
// RUN: xfence translate --cuda-builtin-header %s --to opencl -o %t12.cl
// RUN: grep -v '^ *// [^x]' %t12.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -fsyntax-only %t12.cl
// RUN: xfence translate --cuda-builtin-header %s --to opencl --cl-std=CL3.0 -o %t30.cl
// RUN: grep -v '^ *// [^x]' %t30.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t30.cl
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -Xclang -cl-ext=-__opencl_c_device_enqueue,-__opencl_c_generic_address_space,-__opencl_c_pipes -fsyntax-only %t30.cl

// CHECK: __kernel void pick(__global float *rows, int n) { __global float *__local inner; /* xfence: __shared__ at the kernel's scope */
__global__ void pick(float *rows, int n) {
  // CHECK-NEXT: __global float *__local row;
  __shared__ float *row;
  if (threadIdx.x == 0)
    row = rows + blockIdx.x * n;
  __syncthreads();
  row[threadIdx.x] += 1.0f;
  if (n > 1) {
    __shared__ float *inner;
    if (threadIdx.x == 0)
      inner = rows;
    __syncthreads();
    inner[threadIdx.x] = row[0];
  }
}
