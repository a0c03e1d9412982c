// Program-scope __device__ variables: program-scope __global variables in
// OpenCL C 2.0/3.0 (3.0 checks __opencl_c_program_scope_global_variables);
// in 1.2, or with --device-variables=kernel-arguments, __global pointer
// arguments added after the user's to each kernel that uses them (also
// through __device__ functions, which get them as parameters too). A
// __constant__ variable without initializer (set by cudaMemcpyToSymbol) is
// a __constant argument in every version.
// RUN: xfence translate %s --to opencl --cuda-builtin-header -o %t12.cl
// RUN: FileCheck %s --check-prefixes=CHECK,ARGS < %t12.cl
// RUN: clang -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -fsyntax-only %t12.cl
// RUN: xfence translate %s --to opencl --cuda-builtin-header -cl-std=CL3.0 --device-variables=kernel-arguments -o %t30a.cl
// RUN: FileCheck %s --check-prefixes=CHECK,ARGS < %t30a.cl
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t30a.cl
// RUN: xfence translate %s --to opencl --cuda-builtin-header -cl-std=CL3.0 -o %t30.cl
// RUN: FileCheck %s --check-prefixes=CHECK,PROG < %t30.cl
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t30.cl
// RUN: not clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -Xclang -cl-ext=-__opencl_c_program_scope_global_variables,-__opencl_c_device_enqueue,-__opencl_c_generic_address_space,-__opencl_c_pipes -fsyntax-only %t30.cl 2>&1 | FileCheck %s --check-prefix=NOFEATURE
// RUN: xfence translate %s --to opencl --cuda-builtin-header -cl-std=CL2.0 -o %t20.cl
// RUN: FileCheck %s --check-prefixes=CHECK,PROG < %t20.cl
// RUN: clang -x cl -cl-std=CL2.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t20.cl
// RUN: not xfence translate %s --to opencl --cuda-builtin-header --device-variables=program-scope -o %t.bad 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not test -e %t.bad
// BAD: xfence: error: --device-variables=program-scope needs OpenCL C 2.0 or 3.0
// NOFEATURE: error: "xfence: the CUDA __device__ variables of this program are program-scope global variables, which this OpenCL C 3.0 device lacks (__opencl_c_program_scope_global_variables); translate with --device-variables=kernel-arguments"

// ARGS: // xfence: arguments added to kernels, after the user's (docs/cuda-to-opencl.md, launch ABI):
// ARGS-NEXT: //   bump:
// ARGS-NEXT: //     argument 1: __global unsigned int *hits, the __device__ variable (one buffer for the whole program, the same in every launch; initial value zero)
// ARGS-NEXT: //     argument 2: __global float (*grid)[4], the __device__ variable (one buffer for the whole program, the same in every launch; initial value zero)
// ARGS-NEXT: //     argument 3: __global int *limit, the __device__ variable (one buffer for the whole program, the same in every launch; initial value '7')
// ARGS-NEXT: //     argument 4: __constant float *coeffs, the __constant__ variable (a read-only buffer of what cudaMemcpyToSymbol would copy)
// ARGS-NEXT: //   other:
// ARGS-NEXT: //     argument 0: __global int *limit, the __device__ variable
// PROG: //   bump:
// PROG-NEXT: //     argument 1: __constant float *coeffs, the __constant__ variable
// PROG-NEXT: #if __OPENCL_C_VERSION__ >= 300 && !defined(__opencl_c_program_scope_global_variables)

__device__ unsigned int hits;
__device__ float grid[2][4];
__device__ int limit = 7;
__constant__ float coeffs[4];
__constant__ float scale = 2.0f;
// ARGS: /* xfence: __device__ variable 'hits' is a __global argument of the kernels that use it (see the top) */
// ARGS-NEXT: /* xfence: __device__ variable 'grid' is a __global argument
// ARGS-NEXT: /* xfence: __device__ variable 'limit' is a __global argument
// PROG: {{^}}__global unsigned int hits;
// PROG-NEXT: {{^}}__global float grid[2][4];
// PROG-NEXT: {{^}}__global int limit = 7;
// CHECK: /* xfence: __constant__ variable 'coeffs' is a __constant argument of the kernels that use it (see the top) */
// CHECK-NEXT: __constant float scale = 2.0f;

__device__ int clamp(int v);

// ARGS: int clamp(int v, __global int *limit);
// PROG: int clamp(int v);
// ARGS: int clamp(int v, __global int *limit) { return v < (*limit) ? v : (*limit); }
// PROG: int clamp(int v) { return v < limit ? v : limit; }
__device__ int clamp(int v) { return v < limit ? v : limit; }

// ARGS: int pick(__global int *limit) { return clamp(3, limit); }
// PROG: int pick() { return clamp(3); }
__device__ int pick() { return clamp(3); }

// ARGS: __kernel void bump(__global float *out, __global unsigned int *hits, __global float (*grid)[4], __global int *limit, __constant float *coeffs) {
// PROG: __kernel void bump(__global float *out, __constant float *coeffs) {
__global__ void bump(float *out) {
  // ARGS: atomic_add((volatile __global uint *)(&(*hits)), 1u);
  atomicAdd(&hits, 1u);
  // ARGS: grid[1][(uint)get_local_id(0) % 4] = coeffs[0] * scale;
  grid[1][threadIdx.x % 4] = coeffs[0] * scale;
  // ARGS: out[0] = clamp((int)get_local_id(0), limit) + pick(limit);
  // PROG: out[0] = clamp((int)get_local_id(0)) + pick();
  out[0] = clamp((int)threadIdx.x) + pick();
}

// ARGS: __kernel void other(__global int *limit) { limit[0] = 1; (*limit) = 2; }
__global__ void other() { (&limit)[0] = 1; limit = 2; }
