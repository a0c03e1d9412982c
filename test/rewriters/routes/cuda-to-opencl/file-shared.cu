// A file-scope __shared__ variable that __device__ functions use (parboil
// pns's Mersenne Twister state): declared in each kernel that uses it,
// itself or through the functions it calls, and passed down to those
// functions as an added __local pointer parameter (prototypes too); a
// scalar is `(*name)` in the functions and passed as `&name`.
// RUN: xfence translate --cuda-builtin-header %s --to opencl -o %t12.cl
// RUN: grep -v '^ *// [^x]' %t12.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -fsyntax-only %t12.cl
// RUN: xfence translate --cuda-builtin-header %s --to opencl --cl-std=CL3.0 --device-variables=kernel-arguments -o %t30.cl
// RUN: grep -v '^ *// [^x]' %t30.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t30.cl
// As PoCL builds 3.0 (no generic address space):
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -Xclang -cl-ext=-__opencl_c_device_enqueue,-__opencl_c_generic_address_space,-__opencl_c_pipes -fsyntax-only %t30.cl
#include <cuda_runtime.h>
#define N 64

// CHECK-NOT: arguments added to kernels
// CHECK: {{^}} void seed(unsigned int s, __local unsigned int *state, __local unsigned int *round);
__device__ void seed(unsigned int s);
// CHECK: {{^}} unsigned int next(__local unsigned int *state, __local unsigned int *round);
__device__ unsigned int next();

// CHECK: /* xfence: __shared__ 'state' is declared in each kernel that uses it and passed to the __device__ functions that use it as a __local pointer */
__device__ __shared__ unsigned int state[N];
// CHECK: /* xfence: __shared__ 'round' is declared in each kernel that uses it and passed to the __device__ functions that use it as a __local pointer */
__shared__ unsigned int round;

// CHECK: {{^}} void seed(unsigned int s, __local unsigned int *state, __local unsigned int *round) {
__device__ void seed(unsigned int s) {
  // CHECK-NEXT: state[(uint)get_local_id(0)] = s * ((uint)get_local_id(0) + 1);
  state[threadIdx.x] = s * (threadIdx.x + 1);
  // CHECK-NEXT: if ((uint)get_local_id(0) == 0) (*round) = 0;
  if (threadIdx.x == 0) round = 0;
  __syncthreads();
}

// CHECK: {{^}} unsigned int next(__local unsigned int *state, __local unsigned int *round) {
__device__ unsigned int next() {
  unsigned int x = state[(threadIdx.x + 1) % N] ^ round;
  __syncthreads();
  state[threadIdx.x] = x;
  __syncthreads();
  return x;
}

// CHECK: {{^}} unsigned int draw(__local unsigned int *state, __local unsigned int *round) { return next(state, round) % 100; }
__device__ unsigned int draw() { return next() % 100; }

// CHECK: __kernel void simulate(__global unsigned int *out, unsigned int s) { __local unsigned int state[64]; __local unsigned int round; /* xfence: __shared__ at the kernel's scope */
__global__ void simulate(unsigned int *out, unsigned int s) {
  // CHECK-NEXT: seed(s, state, &round);
  seed(s);
  // CHECK-NEXT: out[(uint)get_local_id(0)] = draw(state, &round);
  out[threadIdx.x] = draw();
}

// A kernel that uses the array itself and through a function.
// CHECK: __kernel void peek(__global unsigned int *out) { __local unsigned int state[64]; __local unsigned int round; /* xfence: __shared__ at the kernel's scope */
__global__ void peek(unsigned int *out) {
  state[threadIdx.x] = threadIdx.x;
  __syncthreads();
  // CHECK: out[(uint)get_local_id(0)] = next(state, &round) + state[0];
  out[threadIdx.x] = next() + state[0];
}
