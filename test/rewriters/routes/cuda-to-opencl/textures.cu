// CUDA's texture objects in OpenCL C: a cudaTextureObject_t parameter that
// device code reads with tex1D, tex2D, tex3D or tex1Dfetch is an image of
// the matching type (image1d_t, image2d_t, image3d_t, image1d_buffer_t),
// and but for tex1Dfetch a sampler is added after the function's other
// parameters; a texture object passed to a __device__ function takes its
// sampler along. Each read is a macro of the prelude over read_imagef,
// read_imagei or read_imageui by the element of the type read, its first
// components converted to that type. The header tells the host program
// how to make the image and the sampler. The CUDA samples' simpleTexture,
// boxFilter, SobelFilter, bicubicTexture, ... were refused at the first
// tex2D.
// REQUIRES: cuda-toolkit
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %s -o %t.o %}
// RUN: xfence translate %s --to opencl -cl-std=CL3.0 -o %t.cl
// RUN: FileCheck %s < %t.cl
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t.cl
// RUN: xfence translate %s --to opencl -cl-std=CL1.2 -o %t12.cl
// RUN: clang -x cl -cl-std=CL1.2 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t12.cl
// What has no image form: located errors, no file.
// RUN: not xfence translate %s --to opencl -cl-std=CL3.0 -DBAD -o %t.bad.cl 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not test -e %t.bad.cl

#include <cuda.h>

// CHECK: //   k:
// CHECK-NEXT: //     argument 3 'tex' (the user's): image2d_t, the texture object's data in the channel format of its cudaChannelFormatDesc (a UNORM format where its readMode is cudaReadModeNormalizedFloat)
// CHECK-NEXT: //     argument 4 'rgba' (the user's): image2d_t,
// CHECK-NEXT: //     argument 5 'lin' (the user's): image1d_buffer_t,
// CHECK-NEXT: //     argument 6 'vol' (the user's): image3d_t,
// CHECK-NEXT: //     argument 7: sampler_t xfence_tex_sampler, the sampling of texture object 'tex' (argument 3): clCreateSampler with its cudaTextureDesc's normalizedCoords, addressMode (Clamp: CL_ADDRESS_CLAMP_TO_EDGE, Border: CL_ADDRESS_CLAMP, Wrap: CL_ADDRESS_REPEAT, Mirror: CL_ADDRESS_MIRRORED_REPEAT) and filterMode (Point: CL_FILTER_NEAREST, Linear: CL_FILTER_LINEAR)
// CHECK-NEXT: //     argument 8: sampler_t xfence_rgba_sampler,
// CHECK-NEXT: //     argument 9: sampler_t xfence_vol_sampler,
// The macros' parameters cannot capture the component selectors.
// CHECK: #define xfence_tex1Dfetch_float(xfence_t, xfence_i) (read_imagef((xfence_t), (int)(xfence_i)).x)
// CHECK: #define xfence_tex2D_float(xfence_t, xfence_s, xfence_x, xfence_y) (read_imagef((xfence_t), (xfence_s), (float2)((float)(xfence_x), (float)(xfence_y))).x)
// CHECK: #define xfence_tex2D_uchar(xfence_t, xfence_s, xfence_x, xfence_y) ((uchar)(read_imageui((xfence_t), (xfence_s), (float2)((float)(xfence_x), (float)(xfence_y))).x))
// CHECK: #define xfence_tex2D_uchar4(xfence_t, xfence_s, xfence_x, xfence_y) (convert_uchar4(read_imageui((xfence_t), (xfence_s), (float2)((float)(xfence_x), (float)(xfence_y)))))
// CHECK: #define xfence_tex3D_float4(xfence_t, xfence_s, xfence_x, xfence_y, xfence_z) (read_imagef((xfence_t), (xfence_s), (float4)((float)(xfence_x), (float)(xfence_y), (float)(xfence_z), 0.0f)))

// CHECK-LABEL: float sample(__read_only image2d_t t, float x, float y, sampler_t xfence_t_sampler) {
// CHECK-NEXT: return xfence_tex2D_float(t, xfence_t_sampler, x, y) * 0.5f;
__device__ float sample(cudaTextureObject_t t, float x, float y) {
  return tex2D<float>(t, x, y) * 0.5f;
}

// CHECK-LABEL: __kernel void k(__global float *out, __global uchar4 *o4, int w, __read_only image2d_t tex, __read_only image2d_t rgba, __read_only image1d_buffer_t lin, __read_only image3d_t vol, sampler_t xfence_tex_sampler, sampler_t xfence_rgba_sampler, sampler_t xfence_vol_sampler) {
// CHECK: out[x] = xfence_tex2D_float(tex, xfence_tex_sampler, x + 0.5f, 0.5f) + sample(tex, x, 1, xfence_tex_sampler) + xfence_tex1Dfetch_float(lin, x);
// CHECK-NEXT: o4[x] = xfence_tex2D_uchar4(rgba, xfence_rgba_sampler, x, 0);
// CHECK-NEXT: out[x] += xfence_tex2D_uchar(rgba, xfence_rgba_sampler, x, 1) + xfence_tex3D_float4(vol, xfence_vol_sampler, x, 0.5f, 0.5f).w;
__global__ void k(float *out, uchar4 *o4, int w, cudaTextureObject_t tex,
                  cudaTextureObject_t rgba, cudaTextureObject_t lin,
                  cudaTextureObject_t vol) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  out[x] = tex2D<float>(tex, x + 0.5f, 0.5f) + sample(tex, x, 1) + tex1Dfetch<float>(lin, x);
  o4[x] = tex2D<uchar4>(rgba, x, 0);
  out[x] += tex2D<unsigned char>(rgba, x, 1) + tex3D<float4>(vol, x, 0.5f, 0.5f).w;
}

// The driver API's CUtexObject is the same handle.
// CHECK-LABEL: __kernel void driver(__global float *out, __read_only image2d_t t, sampler_t xfence_t_sampler) {
// CHECK-NEXT: out[0] = xfence_tex2D_float(t, xfence_t_sampler, 0.5f, 0.5f);
__global__ void driver(float *out, CUtexObject t) {
  out[0] = tex2D<float>(t, 0.5f, 0.5f);
}

// The host's texture objects are the host's: left out with it.
void launch(float *out, uchar4 *o4, cudaTextureObject_t t) {
  k<<<1, 32>>>(out, o4, 32, t, t, t, t);
}

#ifdef BAD
__device__ cudaTextureObject_t global;
// BAD: textures.cu:[[#@LINE+3]]:12: error: the texture object read here is not a parameter of the function that reads it: xfence writes a texture object as an OpenCL C image and sampler, which the function takes as parameters
// BAD: textures.cu:[[#@LINE+4]]:10: error: texture object 'u' is read as floating-point and as integer values: OpenCL C's image reads of the two want images of different channel formats
__global__ void bad(float *out, int *o, cudaTextureObject_t u) {
  out[0] = tex2D<float>(global, 0, 0);
  out[1] = tex2D<float>(u, 0, 0);
  o[0] = tex2D<int>(u, 0, 0);
}
#endif
