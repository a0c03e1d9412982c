// C has no overloading: the second and later overloads of a __device__
// function are renamed name_N, in their prototypes, definitions and calls
// (the first keeps its name); the header comment lists the renames.
// RUN: xfence translate --cuda-builtin-header %s --to opencl -o %t12.cl
// RUN: grep -v '^ *// [^x]' %t12.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -fsyntax-only %t12.cl
// RUN: xfence translate --cuda-builtin-header %s --to opencl --cl-std=CL3.0 -o %t30.cl
// RUN: grep -v '^ *// [^x]' %t30.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t30.cl
// RUN: FileCheck %s --check-prefix=NOTE < %t30.cl
// NOTE: // xfence: overloaded __device__ functions and kernels renamed (OpenCL C has no overloading):
// NOTE-NEXT: //   sq(float4) (line 18) -> sq_2
// NOTE-NEXT: //   sq(int) (line 21) -> sq_3

// CHECK: {{^}} float sq(float3);
// CHECK-NEXT: {{^}} float sq_2(float4);
__device__ float sq(float3);
__device__ float sq(float4);

// CHECK: {{^}} int sq_3(int x) { return x * x; }
__device__ int sq(int x) { return x * x; }

// CHECK: __kernel void norms(__global float *out, __global float4 *v) {
__global__ void norms(float *out, float4 *v) {
  // CHECK-NEXT: float4 a = v[(uint)get_local_id(0)];
  float4 a = v[threadIdx.x];
  // CHECK-NEXT: out[(uint)get_local_id(0)] = sq((float3)(a.x, a.y, a.z)) + sq_2(a) + (float)sq_3(2);
  out[threadIdx.x] = sq(make_float3(a.x, a.y, a.z)) + sq(a) + (float)sq(2);
}

// CHECK: {{^}} float sq(float3 a) { return a.x * a.x + a.y * a.y + a.z * a.z; }
__device__ float sq(float3 a) { return a.x * a.x + a.y * a.y + a.z * a.z; }
// CHECK-NEXT: {{^}} float sq_2(float4 a) { return a.x * a.x + a.y * a.y + a.z * a.z + a.w * a.w; }
__device__ float sq(float4 a) { return a.x * a.x + a.y * a.y + a.z * a.z + a.w * a.w; }

// A kernel declared but not defined here (another overload of a kernel
// that is): left out, C would see two kernels of one name.
// CHECK: /* xfence: kernel 'fill' declared but not defined in this file: left out */
__global__ void fill(float *p, int n, int m);
// CHECK: __kernel void fill(__global float *p) { p[0] = 1; }
__global__ void fill(float *p) { p[0] = 1; }

// Two kernels of one name (HeCBench's mf-sgd): the second is the OpenCL
// kernel scale_2, which the launch notes name.
// CHECK: __kernel void scale(__global float *p) { p[0] *= 2; }
__global__ void scale(float *p) { p[0] *= 2; }
// CHECK: __kernel void scale_2(__global float *p, float f) { p[0] *= f; }
__global__ void scale(float *p, float f) { p[0] *= f; }
// NOTE: //   line [[@LINE+2]]: scale (OpenCL kernel 'scale_2')<<<1, 1>>>: grid = 1, block = 1, dynamic shared memory = 0 bytes
void launchBoth(float *p) { scale<<<1, 1>>>(p);
  scale<<<1, 1>>>(p, 3.0f); }
