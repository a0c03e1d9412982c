//===- compare.cu - CUDA's texture reads against their OpenCL C images ----===//
//
//   compare KERNELS.cl
//
// Runs kernels.cu (compiled in) with CUDA texture objects, and KERNELS.cl
// (its translation) on every OpenCL device with image support, with the
// images and samplers that the translation's header asks for, made from
// the same data and settings; compares every read. Point sampling and
// integer reads must match bit for bit; linear filtering is compared with
// a tolerance of 1/128 of the data's range (CUDA interpolates with 8-bit
// fractional weights, OpenCL implementations with more). Exit 0 when every
// case matched on every device, 1 otherwise, 2 when no device ran.
//
// Build: nvcc -O2 -arch=sm_90 compare.cu -o compare -lOpenCL
//
//===----------------------------------------------------------------------===//
#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>

#include "kernels.cu"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#define CK(x)                                                                  \
  do {                                                                         \
    cudaError_t e = (x);                                                       \
    if (e != cudaSuccess) {                                                    \
      std::printf("CUDA error %s at line %d\n", cudaGetErrorString(e),         \
                  __LINE__);                                                   \
      std::exit(2);                                                            \
    }                                                                          \
  } while (0)

static const int W = 16, H = 8, D = 4, LEN = 1000;

struct Case2D {
  const char *name;
  bool linear, normalized, unorm8; // unorm8: 8-bit data read as float
  cudaTextureAddressMode cudaMode;
  cl_addressing_mode clMode;
};

static const Case2D kCases[] = {
    {"point, clamp", false, false, false, cudaAddressModeClamp,
     CL_ADDRESS_CLAMP_TO_EDGE},
    {"linear, clamp", true, false, false, cudaAddressModeClamp,
     CL_ADDRESS_CLAMP_TO_EDGE},
    {"point, border", false, false, false, cudaAddressModeBorder,
     CL_ADDRESS_CLAMP},
    {"linear, border", true, false, false, cudaAddressModeBorder,
     CL_ADDRESS_CLAMP},
    {"point, wrap, normalized", false, true, false, cudaAddressModeWrap,
     CL_ADDRESS_REPEAT},
    {"linear, wrap, normalized", true, true, false, cudaAddressModeWrap,
     CL_ADDRESS_REPEAT},
    {"point, mirror, normalized", false, true, false, cudaAddressModeMirror,
     CL_ADDRESS_MIRRORED_REPEAT},
    {"8-bit normalized read, point", false, false, true, cudaAddressModeClamp,
     CL_ADDRESS_CLAMP_TO_EDGE},
    {"8-bit normalized read, linear", true, false, true, cudaAddressModeClamp,
     CL_ADDRESS_CLAMP_TO_EDGE},
};

static float data2D[H][W];
static unsigned char bytes2D[H][W];
static uchar4 rgba[H][W];
static float lin[LEN];
static float4 vol[D][D][D];

static cudaTextureObject_t cudaTexture2D(const Case2D &c, bool uchar4Data) {
  cudaChannelFormatDesc desc =
      uchar4Data ? cudaCreateChannelDesc<uchar4>()
      : c.unorm8 ? cudaCreateChannelDesc<unsigned char>()
                 : cudaCreateChannelDesc<float>();
  cudaArray_t array;
  CK(cudaMallocArray(&array, &desc, W, H));
  const void *src = uchar4Data ? (const void *)rgba
                    : c.unorm8 ? (const void *)bytes2D
                               : (const void *)data2D;
  size_t elem = uchar4Data ? 4 : c.unorm8 ? 1 : 4;
  CK(cudaMemcpy2DToArray(array, 0, 0, src, W * elem, W * elem, H,
                         cudaMemcpyHostToDevice));
  cudaResourceDesc res = {};
  res.resType = cudaResourceTypeArray;
  res.res.array.array = array;
  cudaTextureDesc td = {};
  td.addressMode[0] = td.addressMode[1] = c.cudaMode;
  td.filterMode = c.linear ? cudaFilterModeLinear : cudaFilterModePoint;
  td.readMode = c.unorm8 ? cudaReadModeNormalizedFloat : cudaReadModeElementType;
  td.normalizedCoords = c.normalized;
  cudaTextureObject_t tex;
  CK(cudaCreateTextureObject(&tex, &res, &td, nullptr));
  return tex;
}

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  std::ifstream file(argv[1]);
  std::stringstream ss;
  ss << file.rdbuf();
  std::string source = ss.str();
  unsigned seed = 7;
  auto next = [&] { return seed = seed * 1103515245u + 12345u; };
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x) {
      data2D[y][x] = (next() >> 8) % 1000 / 10.0f;
      bytes2D[y][x] = (unsigned char)(next() >> 16);
      rgba[y][x] = make_uchar4(next() >> 24, next() >> 24, next() >> 24,
                               next() >> 24);
    }
  for (float &v : lin)
    v = (next() >> 8) % 10000 / 7.0f;
  for (int z = 0; z < D; ++z)
    for (int y = 0; y < D; ++y)
      for (int x = 0; x < D; ++x)
        vol[z][y][x] = make_float4(x + 10 * y, 100 * z, (next() >> 8) % 100,
                                   1.0f);

  const int n2D = 4 * (W + 2) * 4 * (H + 2);
  const int side = 2 * D + 4, n3D = side * side * side;
  // CUDA: every case's reads.
  std::vector<std::vector<float>> want2D;
  float *dOut;
  CK(cudaMalloc(&dOut, 4 * sizeof(float) * n3D + n2D * sizeof(float)));
  for (const Case2D &c : kCases) {
    cudaTextureObject_t tex = cudaTexture2D(c, false);
    read2D<<<(n2D + 255) / 256, 256>>>(dOut, n2D, W, H, c.normalized, tex);
    want2D.emplace_back(n2D);
    CK(cudaMemcpy(want2D.back().data(), dOut, n2D * sizeof(float),
                  cudaMemcpyDeviceToHost));
  }
  std::vector<uchar4> wantRgba(n2D);
  {
    cudaTextureObject_t tex = cudaTexture2D(kCases[0], true);
    read2DUchar4<<<(n2D + 255) / 256, 256>>>((uchar4 *)dOut, n2D, W, H, tex);
    CK(cudaMemcpy(wantRgba.data(), dOut, n2D * sizeof(uchar4),
                  cudaMemcpyDeviceToHost));
  }
  std::vector<float> wantFetch(LEN);
  {
    float *dLin;
    CK(cudaMalloc(&dLin, sizeof lin));
    CK(cudaMemcpy(dLin, lin, sizeof lin, cudaMemcpyHostToDevice));
    cudaResourceDesc res = {};
    res.resType = cudaResourceTypeLinear;
    res.res.linear.devPtr = dLin;
    res.res.linear.desc = cudaCreateChannelDesc<float>();
    res.res.linear.sizeInBytes = sizeof lin;
    cudaTextureDesc td = {};
    td.readMode = cudaReadModeElementType;
    cudaTextureObject_t tex;
    CK(cudaCreateTextureObject(&tex, &res, &td, nullptr));
    fetch1D<<<(LEN + 255) / 256, 256>>>(dOut, LEN, tex);
    CK(cudaMemcpy(wantFetch.data(), dOut, sizeof lin, cudaMemcpyDeviceToHost));
  }
  std::vector<float4> want3D(n3D);
  {
    cudaChannelFormatDesc desc = cudaCreateChannelDesc<float4>();
    cudaArray_t array;
    CK(cudaMalloc3DArray(&array, &desc, make_cudaExtent(D, D, D), 0));
    cudaMemcpy3DParms copy = {};
    copy.srcPtr = make_cudaPitchedPtr(vol, D * sizeof(float4), D, D);
    copy.dstArray = array;
    copy.extent = make_cudaExtent(D, D, D);
    copy.kind = cudaMemcpyHostToDevice;
    CK(cudaMemcpy3D(&copy));
    cudaResourceDesc res = {};
    res.resType = cudaResourceTypeArray;
    res.res.array.array = array;
    cudaTextureDesc td = {};
    td.addressMode[0] = td.addressMode[1] = td.addressMode[2] =
        cudaAddressModeClamp;
    td.filterMode = cudaFilterModeLinear;
    td.readMode = cudaReadModeElementType;
    cudaTextureObject_t tex;
    CK(cudaCreateTextureObject(&tex, &res, &td, nullptr));
    read3D<<<(n3D + 255) / 256, 256>>>((float4 *)dOut, n3D, D, tex);
    CK(cudaMemcpy(want3D.data(), dOut, n3D * sizeof(float4),
                  cudaMemcpyDeviceToHost));
  }

  // OpenCL.
  int devicesRun = 0, failures = 0;
  cl_uint np = 0;
  clGetPlatformIDs(0, nullptr, &np);
  std::vector<cl_platform_id> platforms(np);
  clGetPlatformIDs(np, platforms.data(), nullptr);
  for (cl_platform_id p : platforms) {
    cl_uint nd = 0;
    if (clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 0, nullptr, &nd) != CL_SUCCESS)
      continue;
    std::vector<cl_device_id> devices(nd);
    clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, nd, devices.data(), nullptr);
    for (cl_device_id d : devices) {
      char name[256] = {0};
      cl_bool images = CL_FALSE;
      clGetDeviceInfo(d, CL_DEVICE_NAME, sizeof name - 1, name, nullptr);
      clGetDeviceInfo(d, CL_DEVICE_IMAGE_SUPPORT, sizeof images, &images,
                      nullptr);
      std::printf("== %s\n", name);
      if (!images) {
        std::printf("no image support: skipped\n");
        continue;
      }
      cl_int err;
      cl_context ctx = clCreateContext(nullptr, 1, &d, nullptr, nullptr, &err);
      cl_command_queue q =
          clCreateCommandQueueWithProperties(ctx, d, nullptr, &err);
      const char *text = source.c_str();
      cl_program prog = clCreateProgramWithSource(ctx, 1, &text, nullptr, &err);
      if (clBuildProgram(prog, 1, &d, "-cl-std=CL3.0", nullptr, nullptr) !=
          CL_SUCCESS) {
        std::vector<char> log(1 << 20);
        clGetProgramBuildInfo(prog, d, CL_PROGRAM_BUILD_LOG, log.size() - 1,
                              log.data(), nullptr);
        std::printf("BUILD FAILED\n%s\n", log.data());
        ++failures;
        continue;
      }
      ++devicesRun;
      cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE,
                                  n3D * sizeof(float4) + n2D * sizeof(float),
                                  nullptr, &err);
      auto run = [&](const char *kernel, std::vector<std::pair<size_t,
                                                               const void *>>
                                             args,
                     size_t items, void *result, size_t bytes) {
        cl_kernel k = clCreateKernel(prog, kernel, &err);
        for (size_t a = 0; a < args.size(); ++a)
          clSetKernelArg(k, a, args[a].first, args[a].second);
        size_t global = (items + 255) / 256 * 256, local = 256;
        cl_int e = clEnqueueNDRangeKernel(q, k, 1, nullptr, &global, &local,
                                          0, nullptr, nullptr);
        clEnqueueReadBuffer(q, out, CL_TRUE, 0, bytes, result, 0, nullptr,
                            nullptr);
        clReleaseKernel(k);
        return e;
      };
      int n = n2D, w = W, h = H;
      for (size_t ci = 0; ci < std::size(kCases); ++ci) {
        const Case2D &c = kCases[ci];
        cl_image_format format = {CL_R, c.unorm8 ? CL_UNORM_INT8 : CL_FLOAT};
        cl_image_desc desc = {};
        desc.image_type = CL_MEM_OBJECT_IMAGE2D;
        desc.image_width = W;
        desc.image_height = H;
        cl_mem image = clCreateImage(
            ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &format, &desc,
            c.unorm8 ? (void *)bytes2D : (void *)data2D, &err);
        cl_sampler sampler = clCreateSampler(
            ctx, c.normalized, c.clMode,
            c.linear ? CL_FILTER_LINEAR : CL_FILTER_NEAREST, &err);
        int normalized = c.normalized;
        std::vector<float> got(n2D);
        cl_int e = run("read2D",
                       {{sizeof(cl_mem), &out},
                        {sizeof(int), &n},
                        {sizeof(int), &w},
                        {sizeof(int), &h},
                        {sizeof(int), &normalized},
                        {sizeof(cl_mem), &image},
                        {sizeof(cl_sampler), &sampler}},
                       n2D, got.data(), n2D * sizeof(float));
        float lo = 0, hi = c.unorm8 ? 1.0f : 100.0f;
        float tolerance = c.linear ? (hi - lo) / 128 : 0.0f;
        int differ = 0;
        float worst = 0;
        for (int i = 0; i < n2D; ++i) {
          float diff = std::fabs(got[i] - want2D[ci][i]);
          worst = std::fmax(worst, diff);
          differ += !(diff <= tolerance);
        }
        std::printf("  tex2D<float> %-32s %6d of %d differ (largest "
                    "difference %g, tolerance %g)%s\n",
                    c.name, differ, n2D, worst, tolerance,
                    e == CL_SUCCESS && image && sampler ? "" : " CL ERROR");
        failures += differ != 0 || e != CL_SUCCESS;
        clReleaseMemObject(image);
        clReleaseSampler(sampler);
      }
      {
        cl_image_format format = {CL_RGBA, CL_UNSIGNED_INT8};
        cl_image_desc desc = {};
        desc.image_type = CL_MEM_OBJECT_IMAGE2D;
        desc.image_width = W;
        desc.image_height = H;
        cl_mem image = clCreateImage(ctx,
                                     CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                     &format, &desc, rgba, &err);
        cl_sampler sampler = clCreateSampler(ctx, CL_FALSE,
                                             CL_ADDRESS_CLAMP_TO_EDGE,
                                             CL_FILTER_NEAREST, &err);
        std::vector<uchar4> got(n2D);
        cl_int e = run("read2DUchar4",
                       {{sizeof(cl_mem), &out},
                        {sizeof(int), &n},
                        {sizeof(int), &w},
                        {sizeof(int), &h},
                        {sizeof(cl_mem), &image},
                        {sizeof(cl_sampler), &sampler}},
                       n2D, got.data(), n2D * sizeof(uchar4));
        int differ = 0;
        for (int i = 0; i < n2D; ++i)
          differ += std::memcmp(&got[i], &wantRgba[i], 4) != 0;
        std::printf("  tex2D<uchar4> point, clamp (in a __device__ function) "
                    "%6d of %d differ%s\n",
                    differ, n2D, e == CL_SUCCESS ? "" : " CL ERROR");
        failures += differ != 0 || e != CL_SUCCESS;
        clReleaseMemObject(image);
        clReleaseSampler(sampler);
      }
      {
        cl_mem buffer = clCreateBuffer(
            ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof lin, lin, &err);
        cl_image_format format = {CL_R, CL_FLOAT};
        cl_image_desc desc = {};
        desc.image_type = CL_MEM_OBJECT_IMAGE1D_BUFFER;
        desc.image_width = LEN;
        desc.buffer = buffer;
        cl_mem image =
            clCreateImage(ctx, CL_MEM_READ_ONLY, &format, &desc, nullptr, &err);
        int len = LEN;
        std::vector<float> got(LEN);
        cl_int e = run("fetch1D",
                       {{sizeof(cl_mem), &out},
                        {sizeof(int), &len},
                        {sizeof(cl_mem), &image}},
                       LEN, got.data(), sizeof lin);
        int differ = 0;
        for (int i = 0; i < LEN; ++i)
          differ += got[i] != wantFetch[i];
        std::printf("  tex1Dfetch<float> %6d of %d differ%s\n", differ, LEN,
                    e == CL_SUCCESS && image ? "" : " CL ERROR");
        failures += differ != 0 || e != CL_SUCCESS || !image;
        clReleaseMemObject(image);
        clReleaseMemObject(buffer);
      }
      {
        cl_image_format format = {CL_RGBA, CL_FLOAT};
        cl_image_desc desc = {};
        desc.image_type = CL_MEM_OBJECT_IMAGE3D;
        desc.image_width = desc.image_height = desc.image_depth = D;
        cl_mem image = clCreateImage(ctx,
                                     CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                     &format, &desc, vol, &err);
        cl_sampler sampler = clCreateSampler(ctx, CL_FALSE,
                                             CL_ADDRESS_CLAMP_TO_EDGE,
                                             CL_FILTER_LINEAR, &err);
        int count = n3D, d3 = D;
        std::vector<float4> got(n3D);
        cl_int e = run("read3D",
                       {{sizeof(cl_mem), &out},
                        {sizeof(int), &count},
                        {sizeof(int), &d3},
                        {sizeof(cl_mem), &image},
                        {sizeof(cl_sampler), &sampler}},
                       n3D, got.data(), n3D * sizeof(float4));
        int differ = 0;
        float worst = 0;
        for (int i = 0; i < n3D; ++i) {
          const float *a = &got[i].x, *b = &want3D[i].x;
          for (int k = 0; k < 4; ++k) {
            float diff = std::fabs(a[k] - b[k]);
            worst = std::fmax(worst, diff);
            differ += !(diff <= 400.0f / 128);
          }
        }
        std::printf("  tex3D<float4> linear, clamp %6d of %d differ (largest "
                    "difference %g, tolerance %g)%s\n",
                    differ, 4 * n3D, worst, 400.0f / 128,
                    e == CL_SUCCESS ? "" : " CL ERROR");
        failures += differ != 0 || e != CL_SUCCESS;
        clReleaseMemObject(image);
        clReleaseSampler(sampler);
      }
      clReleaseMemObject(out);
      clReleaseProgram(prog);
      clReleaseCommandQueue(q);
      clReleaseContext(ctx);
    }
  }
  std::printf("devices run: %d; cases that differ: %d\n", devicesRun,
              failures);
  return devicesRun == 0 ? 2 : failures ? 1 : 0;
}
