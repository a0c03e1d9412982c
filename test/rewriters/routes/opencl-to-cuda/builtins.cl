// Work-item functions (constant and non-constant dimensions) and built-in
// functions: each call becomes ocl::NAME, defined in the prelude from the
// overload Clang resolved (docs/opencl-to-cuda.md).
// RUN: xfence translate %s --to cuda -o %t.cu
// RUN: grep -v CHECK %t.cu | FileCheck %s
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}

// CHECK: #include <cstdio>
// CHECK: __device__ inline size_t xfence_get_global_id(unsigned d)
// CHECK: __device__ inline size_t xfence_get_global_offset(unsigned) { return 0; }
// CHECK: __device__ inline char convert_char_sat(float a0) {
// CHECK-NEXT: return (char)::min(::max(__float2int_rz(a0), (-127 - 1)), 127);
// CHECK: __device__ inline float clamp(float a0, float a1, float a2) { return ::fminf(::fmaxf(a0, a1), a2); }
// CHECK: __device__ inline float convert_float_rtz(int a0) {
// CHECK-NEXT: return __int2float_rz(a0);
// CHECK: __device__ inline float mad(float a0, float a1, float a2) { return a0 * a1 + a2; }
// CHECK: __device__ inline float native_sin(float a0) { return __sinf(a0); }
// CHECK: __device__ inline int clz(int a0) { return int(__clz(int(a0))); }
// CHECK: __device__ inline int convert_int_sat_rte(float a0) {
// CHECK-NEXT: return __float2int_rn(a0);
// CHECK: __device__ inline int isnan(float a0) { return (::isnan(a0)) ? 1 : 0; }
// CHECK: __device__ inline int mad24(int a0, int a1, int a2) { return __mul24(a0, a1) + a2; }
// CHECK: __device__ inline uchar clz(uchar a0) { return uchar(__clz(int(uchar(a0))) - 24); }
// CHECK: __device__ inline uchar convert_uchar_sat(int a0) {
// CHECK-NEXT: return a0 < 0 ? 0 : (unsigned long)a0 > 255 ? 255 : (uchar)a0;
// CHECK: __device__ inline uint abs(int a0) { return a0 < 0 ? uint(uint(0) - uint(a0)) : uint(a0); }
// CHECK: __device__ inline uint add_sat(uint a0, uint a1) { return a0 > 4294967295u - a1 ? 4294967295u : uint(a0 + a1); }
// CHECK: __device__ inline uint rotate(uint a0, uint a1) { return uint(uint(a0) << (uint(a1) & 31) | uint(a0) >> ((32 - (uint(a1) & 31)) & 31)); }
// Vector overloads: lane by lane, relational ones give -1/0 lanes.
// CHECK: __device__ inline float dot(ocl::float4 a0, ocl::float4 a1) {
// CHECK: __device__ inline int any(ocl::int4 a0) {
// CHECK-NEXT: for (int i = 0; i < 4; ++i)
// CHECK-NEXT: if (msb(a0[i]))
// The w of cross(float4, float4) is 0 (OpenCL C 1.2 section 6.12.5): the
// result starts from zero lanes, the vector's default constructor leaving
// them as they are.
// CHECK: __device__ inline ocl::float4 cross(ocl::float4 a0, ocl::float4 a1) {
// CHECK-NEXT: ocl::float4 r(0);
// CHECK: __device__ inline ocl::float4 fmax(ocl::float4 a0, float a1) {
// CHECK: r[i] = fmax(lane(a0, i), lane(a1, i));
// CHECK: __device__ inline ocl::float4 select(ocl::float4 a0, ocl::float4 a1, ocl::int4 a2) {
// CHECK: r[i] = msb(a2[i]) ? a1[i] : a0[i];
// CHECK: __device__ inline ocl::int4 isnan(ocl::float4 a0) {
// CHECK: r[i] = isnan(lane(a0, i)) ? -1 : 0;
// CHECK: // xfence: end of prelude

// CHECK-LABEL: __global__ void builtins(
// CHECK: size_t ids = (blockIdx.y * blockDim.y + threadIdx.y) + threadIdx.z + blockIdx.x +
// CHECK-NEXT: blockDim.y + gridDim.z + (gridDim.x * blockDim.x) +
// CHECK-NEXT: 0 + 0 + 1;
// CHECK-NEXT: size_t dyn = xfence_get_global_id(d) + xfence_get_local_size(d) + xfence_get_global_offset(d);
// CHECK: f[1] = ocl::mad(x, 2.0f, 1.0f) + ocl::clamp(x, 0.0f, 1.0f) + ocl::mix(x, 1.0f, 0.5f);
// CHECK: v[3] = ocl::select(v[0], v[1], mask) + ocl::convert_float4(ocl::convert_int4_sat(v[0]));
// CHECK: printf("x = %f, id = %d\n", x, (int)ids);

__kernel void builtins(__global float *f, __global int *i, __global uint *u,
                       __global uchar *c, __global float4 *v, int d) {
  size_t ids = get_global_id(1) + get_local_id(2) + get_group_id(0) +
               get_local_size(1) + get_num_groups(2) + get_global_size(0) +
               get_global_offset(0) + get_local_id(3) + get_local_size(5);
  size_t dyn = get_global_id(d) + get_local_size(d) + get_global_offset(d);
  float x = f[0];
  f[1] = mad(x, 2.0f, 1.0f) + clamp(x, 0.0f, 1.0f) + mix(x, 1.0f, 0.5f);
  f[2] = native_sin(x) + native_divide(x, 3.0f) + half_exp(x) + sqrt(x) +
         fmin(x, 2.0f) + fmax(x, 1.0f) + rsqrt(x) + pown(x, 3);
  f[3] = dot(v[0], v[1]) + length(v[0]) + distance(v[0], v[1]);
  v[2] = normalize(v[0]) + sin(v[1]) + fmax(v[0], 0.5f) + cross(v[0], v[1]);
  i[0] = mad24(i[1], i[2], i[3]) + mul24(i[1], 2) + hadd(i[1], i[2]) +
         min(i[1], i[2]) + max(i[1], 3) + clz(i[4]) + popcount(i[5]) +
         abs(i[6]) + rotate(i[7], 3) + isnan(x) + signbit(x);
  u[0] = rotate(u[1], u[2]) + popcount(u[3]) + clz(c[0]) + add_sat(u[1], u[2]);
  i[1] = convert_int_sat_rte(x) + convert_int(x) + convert_int_rtp(x) +
         as_int(x) + convert_char_sat(x) + convert_uchar_sat(i[2]);
  f[4] = convert_float_rtz(i[2]) + convert_float(u[0]) + as_float(u[1]);
  int4 mask = isnan(v[0]) | isless(v[0], v[1]);
  v[3] = select(v[0], v[1], mask) + convert_float4(convert_int4_sat(v[0]));
  c[0] = any(mask) + all(mask);
  printf("x = %f, id = %d\n", x, (int)ids);
  printf("%zu %%v\n", dyn);
}
