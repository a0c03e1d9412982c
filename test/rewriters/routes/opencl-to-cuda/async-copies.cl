// Async work-group copies: every work-item of the group copies its share at
// once; wait_group_events, reached by the whole group, is the barrier after
// which the data is visible to the group (__syncthreads). The strided form
// strides the global side, found at run time with __isShared. prefetch is a
// hint: nothing.
// RUN: xfence translate %s --to cuda -o %t.cu
// RUN: grep -v CHECK %t.cu | FileCheck %s
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}

// CHECK: typedef int event_t;
// CHECK: __device__ inline void wait_group_events(int a0, event_t *a1) {
// CHECK-NEXT: (void)a0;
// CHECK-NEXT: (void)a1;
// CHECK-NEXT: __syncthreads();
// CHECK: __device__ inline event_t async_work_group_copy(float *a0, const float *a1, ulong a2, event_t a3) {
// CHECK-NEXT: for (size_t i = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x; i < a2;
// CHECK-NEXT: i += blockDim.x * blockDim.y * blockDim.z)
// CHECK-NEXT: a0[i] = a1[i];
// CHECK: __device__ inline event_t async_work_group_strided_copy(float *a0, const float *a1, ulong a2, ulong a3, event_t a4) {
// CHECK-NEXT: if (__isShared(a0))
// CHECK: a0[i] = a1[i * a3];
// CHECK: a0[i * a3] = a1[i];

// CHECK-LABEL: __global__ void stage(
// CHECK: event_t e = ocl::async_work_group_copy(tile, in + blockIdx.x * 64, 64, 0);
// CHECK-NEXT: ocl::wait_group_events(1, &e);
// CHECK: e = ocl::async_work_group_strided_copy(out, tile, 64, 2, 0);
__kernel void stage(__global float *out, __global const float *in,
                    __local float *tile) {
  event_t e = async_work_group_copy(tile, in + get_group_id(0) * 64, 64, 0);
  wait_group_events(1, &e);
  prefetch(in, 64);
  tile[get_local_id(0)] *= 2.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
  e = async_work_group_strided_copy(out, tile, 64, 2, 0);
  wait_group_events(1, &e);
}
