// Images and samplers: image types become the prelude's ocl::image*_t (a
// buffer with its size and format), samplers ocl::sampler_t (their CLK_*
// bits), access qualifiers go, and the image built-ins are the prelude's
// software sampler. docs/opencl-to-cuda.md, "Images and samplers".
// RUN: xfence translate %s --to cuda -cl-std=CL2.0 -o %t.cu
// RUN: grep -v CHECK %t.cu | FileCheck %s
// RUN: grep -v CHECK %t.cu | FileCheck %s --check-prefix=PRELUDE
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}

// The sampler bits and channel values are the implementation's macros,
// defined again with the values the parse saw.
// PRELUDE-DAG: #define CLK_ADDRESS_CLAMP_TO_EDGE 2
// PRELUDE-DAG: #define CLK_FILTER_LINEAR 0x20
// PRELUDE-DAG: #define CLK_NORMALIZED_COORDS_TRUE 1
// PRELUDE-DAG: #define CLK_RGBA 0x10B5
// PRELUDE: struct image2d_t : image {};
// PRELUDE: #include <cuda_fp16.h>
// PRELUDE-NOT: CLK_LOCAL_MEM_FENCE 0x01{{$}}

#define SAMPLER_BITS (CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT)

// CHECK: __constant__ ocl::sampler_t nearest = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
__constant sampler_t nearest = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
// CHECK: const ocl::sampler_t repeat = SAMPLER_BITS | CLK_FILTER_LINEAR;
const sampler_t repeat = SAMPLER_BITS | CLK_FILTER_LINEAR;

// CHECK: typedef ocl::image2d_t picture;
typedef __read_only image2d_t picture;

// CHECK: __device__ ocl::float4 tap(picture img, ocl::sampler_t s, ocl::int2 p) {
// CHECK-NEXT: return ocl::read_imagef(img, s, p) + ocl::read_imagef(img, p);
float4 tap(picture img, sampler_t s, int2 p) {
  return read_imagef(img, s, p) + read_imagef(img, p);
}

// CHECK: __global__ void blur(ocl::image2d_t src, ocl::image2d_t dst, ocl::sampler_t user, float *out) {
__kernel void blur(__read_only image2d_t src, __write_only image2d_t dst, sampler_t user, __global float *out) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  // CHECK: ocl::float4 acc = tap(src, nearest, p) + ocl::read_imagef(src, user, ocl::float2(p[0] + 0.5f, p[1]));
  float4 acc = tap(src, nearest, p) + read_imagef(src, user, (float2)(p.x + 0.5f, p.y));
  // CHECK: ocl::float2 size = ocl::float2(ocl::get_image_width(src), ocl::get_image_height(src));
  float2 size = (float2)(get_image_width(src), get_image_height(src));
  // CHECK: acc += (ocl::read_imagef(src, repeat, ocl::convert_float2(p) / size).get<2, 1, 0, 3>());
  acc += read_imagef(src, repeat, convert_float2(p) / size).zyxw;
  // CHECK: if (ocl::get_image_channel_order(src) == CLK_RGBA)
  if (get_image_channel_order(src) == CLK_RGBA)
    acc.w = 1.0f;
  // CHECK: ocl::write_imagef(dst, p, acc * 0.5f);
  write_imagef(dst, p, acc * 0.5f);
  out[p.y * get_image_width(src) + p.x] = read_imagef(src, nearest, p).x;
}

// CHECK: __global__ void volumes(ocl::image3d_t a, ocl::image2d_array_t b, ocl::image1d_buffer_t c, ocl::image2d_t d, uint *out) {
__kernel void volumes(read_only image3d_t a, write_only image2d_array_t b, read_only image1d_buffer_t c, read_write image2d_t d, __global uint *out) {
  int4 at = (int4)(get_global_id(0), 0, 1, 0);
  // CHECK: ocl::uint4 v = ocl::read_imageui(a, at) + ocl::read_imageui(c, at[0]);
  uint4 v = read_imageui(a, at) + read_imageui(c, at.x);
  // CHECK: ocl::write_imageui(b, at, v);
  write_imageui(b, at, v);
  // CHECK: ocl::write_imagei(d, (at.get<0, 1>()), ocl::read_imagei(d, (at.get<0, 1>())) + 1);
  write_imagei(d, at.xy, read_imagei(d, at.xy) + 1);
  // CHECK: ocl::int4 dim = ocl::get_image_dim(a);
  int4 dim = get_image_dim(a);
  // CHECK: out[0] = v[0] + dim[2] + ocl::get_image_array_size(b) + ocl::get_image_channel_data_type(c);
  out[0] = v.x + dim.z + get_image_array_size(b) + get_image_channel_data_type(c);
}

// Depth images read and write one float.
// CHECK: __global__ void depth(ocl::image2d_depth_t z, ocl::image2d_array_depth_t layers, float *out) {
// CHECK-NEXT: out[0] = ocl::read_imagef(z, nearest, ocl::int2(0, 1)) + ocl::read_imagef(layers, ocl::int4(0, 0, 2, 0));
__kernel void depth(read_only image2d_depth_t z, read_only image2d_array_depth_t layers, __global float *out) {
  out[0] = read_imagef(z, nearest, (int2)(0, 1)) + read_imagef(layers, (int4)(0, 0, 2, 0));
}

// The launch helper takes the images and samplers by value.
// CHECK: inline cudaError_t launch_blur(dim3 global_size, dim3 local_size, ocl::image2d_t src, ocl::image2d_t dst, ocl::sampler_t user, float *out, cudaStream_t stream = 0) {
