// Translated from CUDA to OpenCL C (CL3.0) by xfence (docs/cuda-to-opencl.md).
// xfence: arguments added to kernels, after the user's (docs/cuda-to-opencl.md, launch ABI):
//   read2D:
//     argument 5 'tex' (the user's): image2d_t, the texture object's data in the channel format of its cudaChannelFormatDesc (a UNORM format where its readMode is cudaReadModeNormalizedFloat)
//     argument 6: sampler_t xfence_tex_sampler, the sampling of texture object 'tex' (argument 5): clCreateSampler with its cudaTextureDesc's normalizedCoords, addressMode (Clamp: CL_ADDRESS_CLAMP_TO_EDGE, Border: CL_ADDRESS_CLAMP, Wrap: CL_ADDRESS_REPEAT, Mirror: CL_ADDRESS_MIRRORED_REPEAT) and filterMode (Point: CL_FILTER_NEAREST, Linear: CL_FILTER_LINEAR)
//   read2DUchar4:
//     argument 4 'tex' (the user's): image2d_t, the texture object's data in the channel format of its cudaChannelFormatDesc (a UNORM format where its readMode is cudaReadModeNormalizedFloat)
//     argument 5: sampler_t xfence_tex_sampler, the sampling of texture object 'tex' (argument 4): clCreateSampler with its cudaTextureDesc's normalizedCoords, addressMode (Clamp: CL_ADDRESS_CLAMP_TO_EDGE, Border: CL_ADDRESS_CLAMP, Wrap: CL_ADDRESS_REPEAT, Mirror: CL_ADDRESS_MIRRORED_REPEAT) and filterMode (Point: CL_FILTER_NEAREST, Linear: CL_FILTER_LINEAR)
//   fetch1D:
//     argument 2 'tex' (the user's): image1d_buffer_t, the texture object's data in the channel format of its cudaChannelFormatDesc (a UNORM format where its readMode is cudaReadModeNormalizedFloat)
//   read3D:
//     argument 3 'tex' (the user's): image3d_t, the texture object's data in the channel format of its cudaChannelFormatDesc (a UNORM format where its readMode is cudaReadModeNormalizedFloat)
//     argument 4: sampler_t xfence_tex_sampler, the sampling of texture object 'tex' (argument 3): clCreateSampler with its cudaTextureDesc's normalizedCoords, addressMode (Clamp: CL_ADDRESS_CLAMP_TO_EDGE, Border: CL_ADDRESS_CLAMP, Wrap: CL_ADDRESS_REPEAT, Mirror: CL_ADDRESS_MIRRORED_REPEAT) and filterMode (Point: CL_FILTER_NEAREST, Linear: CL_FILTER_LINEAR)
// xfence: reads of CUDA's texture objects: an image and a sampler that the host makes from the texture's settings.
#define xfence_tex1Dfetch_float(xfence_t, xfence_i) (read_imagef((xfence_t), (int)(xfence_i)).x)
#define xfence_tex2D_float(xfence_t, xfence_s, xfence_x, xfence_y) (read_imagef((xfence_t), (xfence_s), (float2)((float)(xfence_x), (float)(xfence_y))).x)
#define xfence_tex2D_uchar4(xfence_t, xfence_s, xfence_x, xfence_y) (convert_uchar4(read_imageui((xfence_t), (xfence_s), (float2)((float)(xfence_x), (float)(xfence_y)))))
#define xfence_tex3D_float4(xfence_t, xfence_s, xfence_x, xfence_y, xfence_z) (read_imagef((xfence_t), (xfence_s), (float4)((float)(xfence_x), (float)(xfence_y), (float)(xfence_z), 0.0f)))
// xfence: end of prelude
// Reads of CUDA texture objects, run as CUDA and, translated by `translate
// --to opencl -cl-std=CL3.0` into kernels.cl, as OpenCL C (compare.cu).
// Each work-item reads at its own coordinates: quarter-texel steps over
// the texture and one texel beyond each edge, where the address mode
// decides.

 float2 at(int i, int w, int h, bool normalized) {
  int cols = 4 * (w + 2);
  float x = (i % cols) * 0.25f - 1.0f;
  float y = (i / cols) * 0.25f - 1.0f;
  return normalized ? (float2)(x / w, y / h) : (float2)(x, y);
}

__kernel void read2D(__global float *out, int n, int w, int h, int normalized,
                       __read_only image2d_t tex, sampler_t xfence_tex_sampler) {
  int i = (uint)get_group_id(0) * (uint)get_local_size(0) + (uint)get_local_id(0);
  if (i >= n)
    return;
  float2 p = at(i, w, h, normalized);
  out[i] = xfence_tex2D_float(tex, xfence_tex_sampler, p.x, p.y);
}

 uchar4 texel(__read_only image2d_t tex, float x, float y, sampler_t xfence_tex_sampler) {
  return xfence_tex2D_uchar4(tex, xfence_tex_sampler, x, y);
}

__kernel void read2DUchar4(__global uchar4 *out, int n, int w, int h,
                             __read_only image2d_t tex, sampler_t xfence_tex_sampler) {
  int i = (uint)get_group_id(0) * (uint)get_local_size(0) + (uint)get_local_id(0);
  if (i >= n)
    return;
  float2 p = at(i, w, h, 0);
  out[i] = texel(tex, p.x, p.y, xfence_tex_sampler);
}

__kernel void fetch1D(__global float *out, int n, __read_only image1d_buffer_t tex) {
  int i = (uint)get_group_id(0) * (uint)get_local_size(0) + (uint)get_local_id(0);
  if (i < n)
    out[i] = xfence_tex1Dfetch_float(tex, i) * 2.0f;
}

__kernel void read3D(__global float4 *out, int n, int w, __read_only image3d_t tex, sampler_t xfence_tex_sampler) {
  int i = (uint)get_group_id(0) * (uint)get_local_size(0) + (uint)get_local_id(0);
  if (i >= n)
    return;
  int side = 2 * w + 4;
  float x = (i % side) * 0.5f - 1.0f;
  float y = ((i / side) % side) * 0.5f - 1.0f;
  float z = (i / (side * side)) * 0.5f - 1.0f;
  out[i] = xfence_tex3D_float4(tex, xfence_tex_sampler, x, y, z);
}
