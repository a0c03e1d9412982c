// Kernels, address spaces, __local kernel arguments as dynamic shared memory,
// reqd_work_group_size and the launch helpers (docs/opencl-to-cuda.md).
// RUN: xfence translate %s --to cuda -o %t.cu
// RUN: grep -v CHECK %t.cu | FileCheck %s
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}

// CHECK: __host__ __device__ constexpr size_t round16(size_t bytes) { return (bytes + 15) / 16 * 16; }
// CHECK: // xfence: end of prelude
// CHECK: __constant__ float weights[3] = {0.25f, 0.5f, 0.25f};
__constant float weights[3] = {0.25f, 0.5f, 0.25f};

// CHECK: __device__ static float weigh(float x, int k) { return x * weights[k]; }
static float weigh(__private float x, int k) { return x * weights[k]; }

// CHECK-LABEL: __global__ __launch_bounds__(64)
// CHECK-NEXT: void smooth(float *out, float *in, uint n, size_t a_bytes, size_t b_bytes) {
// CHECK-NEXT: // xfence: the __local arguments, in the dynamic shared memory (each at a multiple of 16 bytes).
// CHECK-NEXT: extern __shared__ __align__(16) unsigned char xfence_local_mem[];
// CHECK-NEXT: float *a = reinterpret_cast<float *>(xfence_local_mem);
// CHECK-NEXT: int *b = reinterpret_cast<int *>(xfence_local_mem + ocl::round16(a_bytes));
// CHECK-NEXT: __shared__ float tile[64];
// CHECK-NEXT: int k = threadIdx.x % 3;
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void smooth(__global float *out, __constant float *in, __local float *a,
            __local int *b, uint n) {
  __local float tile[64];
  __private int k = get_local_id(0) % 3;
  a[get_local_id(0)] = weigh(in[get_global_id(0)], k);
  b[get_local_id(0)] = k;
  tile[get_local_id(0)] = a[get_local_id(0)] + b[get_local_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_global_id(0) < n)
    out[get_global_id(0)] = tile[63 - get_local_id(0)];
}

// Three __local arguments, the second first in the list: the k-th starts at
// the rounded sizes of those before it.
// CHECK-LABEL: __global__ void three(float *g, size_t x_bytes, size_t y_bytes, size_t z_bytes) {
// CHECK: ocl::uint4 *x = reinterpret_cast<ocl::uint4 *>(xfence_local_mem);
// CHECK-NEXT: short *y = reinterpret_cast<short *>(xfence_local_mem + ocl::round16(x_bytes));
// CHECK-NEXT: const char *z = reinterpret_cast<const char *>(xfence_local_mem + ocl::round16(x_bytes) + ocl::round16(y_bytes));
// CHECK-NEXT: x[threadIdx.x] = ocl::uint4(1u);
kernel void three(__local uint4 *x, __global float *g, local short *y,
                  __local const char *z) {
  x[get_local_id(0)] = (uint4)(1u);
  g[get_global_id(0)] = y[0] + z[1];
}

// CHECK-LABEL: // xfence: host-side launch helpers, one per kernel.
// CHECK: inline cudaError_t launch_smooth(dim3 global_size, dim3 local_size, float *out, float *in, uint n, size_t a_bytes, size_t b_bytes, cudaStream_t stream = 0) {
// CHECK: if (local_size.x != 64 || local_size.y != 1 || local_size.z != 1)
// CHECK-NEXT: return cudaErrorInvalidValue; // reqd_work_group_size
// CHECK-NEXT: const size_t xfence_shared_bytes = ocl::round16(a_bytes) + ocl::round16(b_bytes);
// CHECK: smooth, cudaFuncAttributeMaxDynamicSharedMemorySize, int(xfence_shared_bytes));
// CHECK: smooth<<<dim3(global_size.x / local_size.x, global_size.y / local_size.y,
// CHECK-NEXT: global_size.z / local_size.z),
// CHECK-NEXT: local_size, xfence_shared_bytes, stream>>>(out, in, n, a_bytes, b_bytes);
// CHECK-NEXT: return cudaGetLastError();
// CHECK: inline cudaError_t launch_three(dim3 global_size, dim3 local_size, float *g, size_t x_bytes, size_t y_bytes, size_t z_bytes, cudaStream_t stream = 0) {
// CHECK: const size_t xfence_shared_bytes = ocl::round16(x_bytes) + ocl::round16(y_bytes) + ocl::round16(z_bytes);
// CHECK: local_size, xfence_shared_bytes, stream>>>(g, x_bytes, y_bytes, z_bytes);
