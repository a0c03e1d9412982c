// Kernels that exercise OpenCL's image reads and writes: each reads an
// image at a list of coordinates with the sampler the host gives it (or
// writes a list of values), so that one kernel covers every sampler and
// every image format the host tries. bench/images/README.md says how they
// are run: the original on OpenCL implementations, the xfence translation
// as CUDA on the GPU, and the results compared.

// Float coordinates, float results (normalized, float and half formats).
__kernel void read2d_f(__read_only image2d_t img, sampler_t s,
                       __global const float2 *coords, __global float4 *out) {
  size_t i = get_global_id(0);
  out[i] = read_imagef(img, s, coords[i]);
}

// Integer coordinates (unnormalized, nearest), float results.
__kernel void read2d_fi(__read_only image2d_t img, sampler_t s,
                        __global const int2 *coords, __global float4 *out) {
  size_t i = get_global_id(0);
  out[i] = read_imagef(img, s, coords[i]);
}

// Integer formats: read_imageui and read_imagei, with a float coordinate
// (nearest filtering) and an integer one without a sampler.
__kernel void read2d_ui(__read_only image2d_t img, sampler_t s,
                        __global const float2 *coords,
                        __global const int2 *icoords, __global uint4 *out) {
  size_t i = get_global_id(0);
  out[2 * i] = read_imageui(img, s, coords[i]);
  int2 c = clamp(icoords[i], (int2)(0, 0),
                 (int2)(get_image_width(img) - 1, get_image_height(img) - 1));
  out[2 * i + 1] = read_imageui(img, c);
}
__kernel void read2d_i(__read_only image2d_t img, sampler_t s,
                       __global const float2 *coords, __global int4 *out) {
  size_t i = get_global_id(0);
  out[i] = read_imagei(img, s, coords[i]);
}

// A 3D image and a 2D image array, float coordinates.
__kernel void read3d_f(__read_only image3d_t img, sampler_t s,
                       __global const float4 *coords, __global float4 *out) {
  size_t i = get_global_id(0);
  out[i] = read_imagef(img, s, coords[i]);
}
__kernel void read2da_f(__read_only image2d_array_t img, sampler_t s,
                        __global const float4 *coords, __global float4 *out) {
  size_t i = get_global_id(0);
  out[i] = read_imagef(img, s, coords[i]);
}

// Writes: work-item i writes values[i] at texel i (row-major) and the
// queries of the image into info.
__kernel void write2d_f(__write_only image2d_t img,
                        __global const float4 *values, __global int *info) {
  int w = get_image_width(img);
  int i = get_global_id(0);
  write_imagef(img, (int2)(i % w, i / w), values[i]);
  if (i == 0) {
    int2 dim = get_image_dim(img);
    info[0] = dim.x;
    info[1] = dim.y;
    info[2] = get_image_channel_order(img);
    info[3] = get_image_channel_data_type(img);
  }
}
__kernel void write2d_i(__write_only image2d_t img,
                        __global const int4 *values) {
  int w = get_image_width(img);
  int i = get_global_id(0);
  write_imagei(img, (int2)(i % w, i / w), values[i]);
}
