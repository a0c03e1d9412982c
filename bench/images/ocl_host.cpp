// Runs bench/images/kernels.cl (the original OpenCL C) on the first OpenCL
// device of the platform the ICD loader offers (PoCL, or NVIDIA's OpenCL
// when OCL_ICD_FILENAMES names it), every case of cases.h, and writes each
// result to OUT/<case>.<kind>. A format the device does not support is
// reported and skipped.
//
//   ocl_host kernels.cl OUT
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include "cases.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

using namespace cases;

static void check(cl_int err, const char *what) {
  if (err != CL_SUCCESS) {
    std::fprintf(stderr, "ocl_host: %s failed: %d\n", what, err);
    std::exit(1);
  }
}

static cl_context ctx;
static cl_command_queue queue;
static cl_program program;
static cl_device_id device;
static std::string outDir;

static void save(const std::string &name, const void *data, size_t bytes) {
  std::ofstream(outDir + "/" + name, std::ios::binary)
      .write(static_cast<const char *>(data), bytes);
}

static bool supported(cl_mem_object_type type, cl_mem_flags flags,
                      const Format &f) {
  cl_uint n = 0;
  check(clGetSupportedImageFormats(ctx, flags, type, 0, nullptr, &n),
        "clGetSupportedImageFormats");
  std::vector<cl_image_format> formats(n);
  check(clGetSupportedImageFormats(ctx, flags, type, n, formats.data(),
                                   nullptr),
        "clGetSupportedImageFormats");
  for (const cl_image_format &x : formats)
    if (int(x.image_channel_order) == f.order &&
        int(x.image_channel_data_type) == f.type)
      return true;
  return false;
}

static cl_mem image(cl_mem_object_type type, cl_mem_flags flags,
                    const Format &f, int w, int h, int d, void *host) {
  cl_image_format format = {cl_channel_order(f.order),
                            cl_channel_type(f.type)};
  cl_image_desc desc = {};
  desc.image_type = type;
  desc.image_width = w;
  desc.image_height = h;
  if (type == CL_MEM_OBJECT_IMAGE3D)
    desc.image_depth = d;
  if (type == CL_MEM_OBJECT_IMAGE2D_ARRAY)
    desc.image_array_size = d;
  cl_int err;
  cl_mem m = clCreateImage(ctx, flags | (host ? CL_MEM_COPY_HOST_PTR : 0),
                           &format, &desc, host, &err);
  check(err, "clCreateImage");
  return m;
}

static cl_mem buffer(const void *data, size_t bytes) {
  cl_int err;
  cl_mem m = clCreateBuffer(
      ctx, CL_MEM_READ_WRITE | (data ? CL_MEM_COPY_HOST_PTR : 0), bytes,
      const_cast<void *>(data), &err);
  check(err, "clCreateBuffer");
  return m;
}

static void run(const char *kernelName, std::vector<cl_mem> args,
                const cl_sampler *sampler, size_t n) {
  cl_int err;
  cl_kernel k = clCreateKernel(program, kernelName, &err);
  check(err, "clCreateKernel");
  cl_uint index = 0;
  check(clSetKernelArg(k, index++, sizeof(cl_mem), &args[0]), "arg");
  if (sampler)
    check(clSetKernelArg(k, index++, sizeof(cl_sampler), sampler), "arg");
  for (size_t i = 1; i < args.size(); ++i)
    check(clSetKernelArg(k, index++, sizeof(cl_mem), &args[i]), "arg");
  size_t local = 1;
  check(clEnqueueNDRangeKernel(queue, k, 1, nullptr, &n, &local, 0, nullptr,
                               nullptr),
        kernelName);
  check(clFinish(queue), "clFinish");
  clReleaseKernel(k);
}

static std::vector<unsigned char> readBuffer(cl_mem m, size_t bytes) {
  std::vector<unsigned char> out(bytes);
  check(clEnqueueReadBuffer(queue, m, CL_TRUE, 0, bytes, out.data(), 0,
                            nullptr, nullptr),
        "clEnqueueReadBuffer");
  return out;
}

static cl_sampler makeSampler(const Sampler &s) {
  cl_int err;
  cl_sampler smp = clCreateSampler(ctx, s.normalized, s.clAddressing(),
                                   s.clFilter(), &err);
  check(err, "clCreateSampler");
  return smp;
}


int main(int argc, char **argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: ocl_host kernels.cl OUT\n");
    return 2;
  }
  outDir = argv[2];
  cl_platform_id platform;
  check(clGetPlatformIDs(1, &platform, nullptr), "clGetPlatformIDs");
  check(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, nullptr),
        "clGetDeviceIDs");
  char name[256] = {};
  clGetDeviceInfo(device, CL_DEVICE_NAME, sizeof name, name, nullptr);
  std::printf("device %s\n", name);
  cl_int err;
  ctx = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
  check(err, "clCreateContext");
  queue = clCreateCommandQueue(ctx, device, 0, &err);
  check(err, "clCreateCommandQueue");
  std::ifstream file(argv[1]);
  std::stringstream text;
  text << file.rdbuf();
  std::string source = text.str();
  const char *src = source.c_str();
  program = clCreateProgramWithSource(ctx, 1, &src, nullptr, &err);
  check(err, "clCreateProgramWithSource");
  if (clBuildProgram(program, 1, &device, "-cl-std=CL1.2", nullptr,
                     nullptr) != CL_SUCCESS) {
    char log[16384] = {};
    clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, sizeof log,
                          log, nullptr);
    std::fprintf(stderr, "build failed:\n%s\n", log);
    return 1;
  }

  const int size2[2] = {W, H};
  std::vector<float> t2 = texelCoords(2, size2, N);
  std::vector<float> n2 = normalize(t2, 2, size2);
  std::vector<int> i2;
  for (float x : t2)
    i2.push_back(int(std::floor(x)));
  cl_mem t2buf = buffer(t2.data(), t2.size() * 4);
  cl_mem n2buf = buffer(n2.data(), n2.size() * 4);
  cl_mem i2buf = buffer(i2.data(), i2.size() * 4);
  cl_mem out = buffer(nullptr, size_t(N) * 2 * 16);

  // 2D reads.
  for (const Format &f : readFormats()) {
    if (!supported(CL_MEM_OBJECT_IMAGE2D, CL_MEM_READ_ONLY, f)) {
      std::printf("unsupported %s\n", f.name);
      continue;
    }
    std::vector<unsigned char> bytes = contents(f, W * H);
    cl_mem img =
        image(CL_MEM_OBJECT_IMAGE2D, CL_MEM_READ_ONLY, f, W, H, 1, bytes.data());
    for (const Sampler &s : samplers()) {
      bool nearest = s.filter == 0x10;
      cl_sampler smp = makeSampler(s);
      cl_mem coords = s.normalized ? n2buf : t2buf;
      std::string tag = std::string(f.name) + "." + s.name;
      if (f.kind == Float) {
        run("read2d_f", {img, coords, out}, &smp, N);
        save("read2d_f." + tag + ".f32", readBuffer(out, N * 16).data(),
             N * 16);
        if (nearest && !s.normalized) {
          run("read2d_fi", {img, i2buf, out}, &smp, N);
          save("read2d_fi." + tag + ".f32", readBuffer(out, N * 16).data(),
               N * 16);
        }
      } else if (nearest && f.kind == Uint) {
        run("read2d_ui", {img, coords, i2buf, out}, &smp, N);
        save("read2d_ui." + tag + ".u32", readBuffer(out, N * 32).data(),
             N * 32);
      } else if (nearest) {
        run("read2d_i", {img, coords, out}, &smp, N);
        save("read2d_i." + tag + ".i32", readBuffer(out, N * 16).data(),
             N * 16);
      }
      clReleaseSampler(smp);
    }
    clReleaseMemObject(img);
  }

  // 3D and 2D-array reads.
  const int size3[3] = {W3, H3, D3}, sizeA[3] = {W, H, LAYERS};
  std::vector<float> t3 = texelCoords(3, size3, N);
  std::vector<float> tA = texelCoords(3, sizeA, N);
  std::vector<float> n3 = normalize(t3, 3, size3);
  std::vector<float> nA = tA; // the layer index is never normalized
  for (size_t i = 0; i < nA.size(); i += 3)
    nA[i] /= W, nA[i + 1] /= H;
  for (const char *kernel : {"read3d_f", "read2da_f"}) {
    bool is3d = std::string(kernel) == "read3d_f";
    cl_mem_object_type type =
        is3d ? CL_MEM_OBJECT_IMAGE3D : CL_MEM_OBJECT_IMAGE2D_ARRAY;
    cl_mem tbuf = buffer(lanes(is3d ? t3 : tA, 3, 4).data(), N * 16);
    cl_mem nbuf = buffer(lanes(is3d ? n3 : nA, 3, 4).data(), N * 16);
    for (const Format &f : readFormats()) {
      if (std::string(f.name) != "rgba_float" &&
          std::string(f.name) != "rgba_unorm8" &&
          std::string(f.name) != "r_float")
        continue;
      if (!supported(type, CL_MEM_READ_ONLY, f)) {
        std::printf("unsupported %s %s\n", kernel, f.name);
        continue;
      }
      int w = is3d ? W3 : W, h = is3d ? H3 : H, d = is3d ? D3 : LAYERS;
      std::vector<unsigned char> bytes = contents(f, size_t(w) * h * d);
      cl_mem img = image(type, CL_MEM_READ_ONLY, f, w, h, d, bytes.data());
      for (const Sampler &s : samplers()) {
        cl_sampler smp = makeSampler(s);
        run(kernel, {img, s.normalized ? nbuf : tbuf, out}, &smp, N);
        save(std::string(kernel) + "." + f.name + "." + s.name + ".f32",
             readBuffer(out, N * 16).data(), N * 16);
        clReleaseSampler(smp);
      }
      clReleaseMemObject(img);
    }
  }

  // Writes, read back as bytes.
  std::vector<float> values = writeValues(W * H);
  std::vector<int> ints = writeInts(W * H);
  cl_mem vbuf = buffer(values.data(), values.size() * 4);
  cl_mem ibuf = buffer(ints.data(), ints.size() * 4);
  cl_mem info = buffer(nullptr, 16);
  for (const Format &f : writeFormats()) {
    if (!supported(CL_MEM_OBJECT_IMAGE2D, CL_MEM_WRITE_ONLY, f)) {
      std::printf("unsupported write %s\n", f.name);
      continue;
    }
    cl_mem img = image(CL_MEM_OBJECT_IMAGE2D, CL_MEM_WRITE_ONLY, f, W, H, 1,
                       nullptr);
    if (f.kind == Float) {
      run("write2d_f", {img, vbuf, info}, nullptr, W * H);
      save(std::string("write2d_f.") + f.name + ".info.i32",
           readBuffer(info, 16).data(), 16);
    } else {
      run("write2d_i", {img, ibuf}, nullptr, W * H);
    }
    size_t bytes = size_t(W) * H * channels(f.order) * channelBytes(f.type);
    std::vector<unsigned char> back(bytes);
    size_t origin[3] = {0, 0, 0}, region[3] = {W, H, 1};
    check(clEnqueueReadImage(queue, img, CL_TRUE, origin, region, 0, 0,
                             back.data(), 0, nullptr, nullptr),
          "clEnqueueReadImage");
    save(std::string(f.kind == Float ? "write2d_f." : "write2d_i.") + f.name +
             ".bytes",
         back.data(), bytes);
    clReleaseMemObject(img);
  }
  std::printf("done\n");
  return 0;
}
