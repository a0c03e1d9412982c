//===- compare.cu - CUDA's half functions against their OpenCL C forms ----===//
//
//   compare KERNELS.cl [PLATFORM-SUBSTRING]
//
// Runs the kernels of kernels.cu (compiled in, by nvcc) and those of
// KERNELS.cl (xfence's translation of kernels.cu) on the same inputs, the
// latter on every OpenCL device with cl_khr_fp16 (or those of the
// platforms whose name contains PLATFORM-SUBSTRING), and counts per
// function the inputs where the outputs differ: bit for bit, a NaN
// matching any NaN. The math functions (halfMath) are also reported by
// the largest distance in units in the last place. Exit status: 0 when
// every exact function matched on every device, 1 otherwise, 2 when no
// device ran.
//
// Build: nvcc -O2 -arch=sm_90 compare.cu -o compare -lOpenCL
//
//===----------------------------------------------------------------------===//
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include "kernels.cu"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

static const int kN = 1 << 20; // every half bit pattern 16 times

#define CUDA_OK(x)                                                             \
  do {                                                                         \
    cudaError_t e = (x);                                                       \
    if (e != cudaSuccess) {                                                    \
      std::printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e), __FILE__, \
                  __LINE__);                                                   \
      std::exit(2);                                                            \
    }                                                                          \
  } while (0)

static uint32_t hash(uint32_t x) {
  x ^= x >> 16;
  x *= 0x7feb352dU;
  x ^= x >> 15;
  x *= 0x846ca68bU;
  x ^= x >> 16;
  return x;
}

struct Buffer {
  const char *name;
  size_t bytes;
  bool input;
  std::vector<unsigned char> host; // inputs; outputs of the CUDA run
};

struct Kernel {
  const char *name;
  std::vector<Buffer> buffers;
  std::vector<const char *> functions; // one per output slice (first output)
  int unitBytes; // of the first output's elements: 2 (halves) or 4
};

static void launchCuda(Kernel &k, std::vector<void *> &dev) {
  dim3 grid(kN / 256), block(256);
  std::string n = k.name;
  if (n == "halfBinary")
    halfBinary<<<grid, block>>>((const __half *)dev[0], (const __half *)dev[1],
                                (__half *)dev[2], kN);
  else if (n == "halfCompare")
    halfCompare<<<grid, block>>>((const __half *)dev[0],
                                 (const __half *)dev[1], (unsigned *)dev[2],
                                 kN);
  else if (n == "halfConvert")
    halfConvert<<<grid, block>>>((const float *)dev[0], (const __half *)dev[1],
                                 (__half *)dev[2], (unsigned *)dev[3], kN);
  else if (n == "half2Ops")
    half2Ops<<<grid, block>>>((const __half2 *)dev[0], (const __half2 *)dev[1],
                              (__half2 *)dev[2], (unsigned *)dev[3], kN);
  else if (n == "halfMath")
    halfMath<<<grid, block>>>((const __half *)dev[0], (__half *)dev[1], kN);
  CUDA_OK(cudaGetLastError());
  CUDA_OK(cudaDeviceSynchronize());
}

static bool isNaN16(uint16_t h) {
  return (h & 0x7c00) == 0x7c00 && (h & 0x3ff);
}
static int ordered16(uint16_t h) { // for distances in ulps
  return (h & 0x8000) ? -(int)(h & 0x7fff) : (int)h;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: compare KERNELS.cl [PLATFORM]\n");
    return 2;
  }
  std::ifstream in(argv[1]);
  std::stringstream ss;
  ss << in.rdbuf();
  std::string source = ss.str();
  const char *only = argc > 2 ? argv[2] : nullptr;

  // Inputs: a = each half bit pattern 16 times; b = hashed bits; f = random
  // float bits (with halves' range well covered: exponents near 0).
  std::vector<uint16_t> a(kN), b(kN), h2a(2 * kN), h2b(2 * kN);
  std::vector<float> f(kN);
  for (int i = 0; i < kN; ++i) {
    a[i] = (uint16_t)i;
    b[i] = (uint16_t)hash(i);
    h2a[2 * i] = (uint16_t)i;
    h2a[2 * i + 1] = (uint16_t)hash(i + 77);
    h2b[2 * i] = (uint16_t)hash(i + 5);
    h2b[2 * i + 1] = (uint16_t)(i * 40503u);
    uint32_t bits = hash(i * 3 + 1);
    // exponent in [-30, 30]: halves' normal and subnormal range and beyond
    uint32_t e = 127 - 30 + bits % 61;
    bits = (bits & 0x807fffffu) | (e << 23);
    if (i % 97 == 0)
      bits = hash(i); // any float, NaN and infinity included
    std::memcpy(&f[i], &bits, 4);
  }
  auto bytesOf = [](const void *p, size_t n) {
    const unsigned char *c = (const unsigned char *)p;
    return std::vector<unsigned char>(c, c + n);
  };
  std::vector<Kernel> kernels = {
      {"halfBinary",
       {{"a", 2 * (size_t)kN, true, bytesOf(a.data(), 2 * kN)},
        {"b", 2 * (size_t)kN, true, bytesOf(b.data(), 2 * kN)},
        {"out", 13 * 2 * (size_t)kN, false, {}}},
       {"__hadd", "__hsub", "__hmul", "__hdiv", "x + y", "x / y - y",
        "__hfma", "__hmax", "__hmin", "+= *=", "__hneg", "-y", "__habs"},
       2},
      {"halfCompare",
       {{"a", 2 * (size_t)kN, true, bytesOf(a.data(), 2 * kN)},
        {"b", 2 * (size_t)kN, true, bytesOf(b.data(), 2 * kN)},
        {"out", 4 * (size_t)kN, false, {}}},
       {"comparisons, __hisnan, __hisinf (bits)"},
       4},
      {"halfConvert",
       {{"f", 4 * (size_t)kN, true, bytesOf(f.data(), 4 * kN)},
        {"h", 2 * (size_t)kN, true, bytesOf(a.data(), 2 * kN)},
        {"oh", 14 * 2 * (size_t)kN, false, {}},
        {"oi", 8 * 4 * (size_t)kN, false, {}}},
       {"__float2half", "__float2half_rn", "__float2half_rz",
        "__float2half_rd", "__float2half_ru", "__half(v)", "__half = float",
        "__int2half_rn", "__int2half_rz", "__uint2half_rd", "__short2half_ru",
        "__short_as_half(__half_as_short)", "__ushort_as_half",
        "__double2half"},
       2},
      {"half2Ops",
       {{"a", 4 * (size_t)kN, true, bytesOf(h2a.data(), 4 * kN)},
        {"b", 4 * (size_t)kN, true, bytesOf(h2b.data(), 4 * kN)},
        {"out", 26 * 4 * (size_t)kN, false, {}},
        {"flags", 4 * (size_t)kN, false, {}}},
       {"__hadd2", "__hsub2", "__hmul2", "__h2div", "__hfma2", "__hneg2",
        "__habs2", "__hmax2", "__hmin2", "__heq2", "__hne2", "__hlt2",
        "__hle2", "__hgt2", "__hge2", "__halves2half2", "__lowhigh2highlow",
        "__lows2half2", "__highs2half2", "__low2half2 + __high2half2",
        "x * y - x", "__floats2half2_rn", "__float22half2_rn",
        "__half2half2", "__float2half2_rn", "__half2(a, b), z(1.5f, -2.0f)"},
       2},
      {"halfMath",
       {{"a", 2 * (size_t)kN, true, bytesOf(a.data(), 2 * kN)},
        {"out", 15 * 2 * (size_t)kN, false, {}}},
       {"hsqrt", "hrsqrt", "hexp", "hexp2", "hlog", "hlog2", "hsin", "hcos",
        "hrcp", "hceil", "hfloor", "htrunc", "hrint", "hexp10", "hlog10"},
       2},
  };
  // The second outputs (conversions to float and the integers, the
  // half2 comparisons to bool) are compared as a whole.
  const char *secondOutput[] = {nullptr, nullptr,
                                "__half2float, float = __half, __half2int_*, "
                                "__half2short_rn, __half_as_ushort",
                                "__hbeq2 ... __hbge2 (bits)", nullptr};

  // CUDA.
  for (Kernel &k : kernels) {
    std::vector<void *> dev;
    for (Buffer &buf : k.buffers) {
      void *p;
      CUDA_OK(cudaMalloc(&p, buf.bytes));
      if (buf.input)
        CUDA_OK(cudaMemcpy(p, buf.host.data(), buf.bytes,
                           cudaMemcpyHostToDevice));
      dev.push_back(p);
    }
    launchCuda(k, dev);
    for (size_t j = 0; j < k.buffers.size(); ++j) {
      Buffer &buf = k.buffers[j];
      if (!buf.input) {
        buf.host.resize(buf.bytes);
        CUDA_OK(cudaMemcpy(buf.host.data(), dev[j], buf.bytes,
                           cudaMemcpyDeviceToHost));
      }
      cudaFree(dev[j]);
    }
  }

  // OpenCL, device by device.
  cl_uint np = 0;
  clGetPlatformIDs(0, nullptr, &np);
  std::vector<cl_platform_id> platforms(np);
  clGetPlatformIDs(np, platforms.data(), nullptr);
  int devicesRun = 0, failures = 0;
  for (cl_platform_id p : platforms) {
    char pname[256] = {0};
    clGetPlatformInfo(p, CL_PLATFORM_NAME, sizeof pname - 1, pname, nullptr);
    if (only && !std::strstr(pname, only))
      continue;
    cl_uint nd = 0;
    if (clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 0, nullptr, &nd) != CL_SUCCESS)
      continue;
    std::vector<cl_device_id> devices(nd);
    clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, nd, devices.data(), nullptr);
    for (cl_device_id d : devices) {
      char dname[256] = {0}, version[256] = {0};
      std::vector<char> ext(1 << 16);
      clGetDeviceInfo(d, CL_DEVICE_NAME, sizeof dname - 1, dname, nullptr);
      clGetDeviceInfo(d, CL_DEVICE_VERSION, sizeof version - 1, version,
                      nullptr);
      clGetDeviceInfo(d, CL_DEVICE_EXTENSIONS, ext.size() - 1, ext.data(),
                      nullptr);
      std::printf("== %s / %s (%s)\n", pname, dname, version);
      // XCMP_CL_OPTIONS: build options added to -cl-std (a device that
      // does not list cl_khr_fp16 but compiles half with
      // -cl-ext=+cl_khr_fp16 can then be tried; its result says so).
      const char *extra = std::getenv("XCMP_CL_OPTIONS");
      if (!std::strstr(ext.data(), "cl_khr_fp16") && !extra) {
        std::printf("no cl_khr_fp16: skipped (the translation stops at its "
                    "#error there)\n");
        continue;
      }
      cl_int err;
      cl_context ctx = clCreateContext(nullptr, 1, &d, nullptr, nullptr, &err);
      cl_command_queue q =
          clCreateCommandQueueWithProperties(ctx, d, nullptr, &err);
      const char *text = source.c_str();
      cl_program prog = clCreateProgramWithSource(ctx, 1, &text, nullptr, &err);
      bool cl3 = std::strstr(version, "OpenCL 3.") != nullptr;
      std::string options = cl3 ? "-cl-std=CL3.0" : "-cl-std=CL1.2";
      if (extra)
        options += std::string(" ") + extra;
      std::printf("build options: %s\n", options.c_str());
      err = clBuildProgram(prog, 1, &d, options.c_str(), nullptr, nullptr);
      if (err != CL_SUCCESS) {
        std::vector<char> log(1 << 20);
        clGetProgramBuildInfo(prog, d, CL_PROGRAM_BUILD_LOG, log.size() - 1,
                              log.data(), nullptr);
        std::printf("BUILD FAILED (%d):\n%s\n", err, log.data());
        ++failures;
        continue;
      }
      ++devicesRun;
      for (size_t ki = 0; ki < kernels.size(); ++ki) {
        Kernel &k = kernels[ki];
        cl_kernel kern = clCreateKernel(prog, k.name, &err);
        std::vector<cl_mem> mems;
        for (size_t j = 0; j < k.buffers.size(); ++j) {
          Buffer &buf = k.buffers[j];
          cl_mem m = clCreateBuffer(
              ctx,
              buf.input ? CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR
                        : CL_MEM_WRITE_ONLY,
              buf.bytes, buf.input ? buf.host.data() : nullptr, &err);
          mems.push_back(m);
          clSetKernelArg(kern, j, sizeof(cl_mem), &m);
        }
        int n = kN;
        clSetKernelArg(kern, k.buffers.size(), sizeof(int), &n);
        size_t global = kN, local = 256;
        err = clEnqueueNDRangeKernel(q, kern, 1, nullptr, &global, &local, 0,
                                     nullptr, nullptr);
        if (err != CL_SUCCESS) {
          std::printf("%s: enqueue failed (%d)\n", k.name, err);
          ++failures;
          continue;
        }
        bool firstOutput = true;
        for (size_t j = 0; j < k.buffers.size(); ++j) {
          Buffer &buf = k.buffers[j];
          if (buf.input)
            continue;
          std::vector<unsigned char> got(buf.bytes);
          clEnqueueReadBuffer(q, mems[j], CL_TRUE, 0, buf.bytes, got.data(), 0,
                              nullptr, nullptr);
          if (!firstOutput) {
            size_t diff = 0;
            for (size_t x = 0; x < buf.bytes; x += 4)
              diff += std::memcmp(&got[x], &buf.host[x], 4) != 0;
            std::printf("%-12s %-40s %8zu differ of %zu\n", k.name,
                        secondOutput[ki], diff, buf.bytes / 4);
            failures += diff != 0;
            continue;
          }
          firstOutput = false;
          size_t slices = k.functions.size();
          size_t per = buf.bytes / slices / k.unitBytes;
          bool math = std::string(k.name) == "halfMath";
          for (size_t s = 0; s < slices; ++s) {
            size_t diff = 0;
            int ulps = 0;
            for (size_t x = 0; x < per; ++x) {
              size_t at = (s * per + x) * k.unitBytes;
              if (k.unitBytes == 4) {
                diff += std::memcmp(&got[at], &buf.host[at], 4) != 0;
                continue;
              }
              uint16_t want, have;
              std::memcpy(&want, &buf.host[at], 2);
              std::memcpy(&have, &got[at], 2);
              if (want == have || (isNaN16(want) && isNaN16(have)))
                continue;
              if (math && !isNaN16(want) && !isNaN16(have)) {
                int d = std::abs(ordered16(want) - ordered16(have));
                ulps = d > ulps ? d : ulps;
                if (d <= 2)
                  continue; // within the platforms' accuracy
              }
              ++diff;
            }
            std::printf("%-12s %-40s %8zu differ of %zu", k.name,
                        k.functions[s], diff, per);
            if (math)
              std::printf("  (largest distance %d ulp)", ulps);
            std::printf("\n");
            if (!math)
              failures += diff != 0;
          }
        }
        for (cl_mem m : mems)
          clReleaseMemObject(m);
        clReleaseKernel(kern);
      }
      clReleaseProgram(prog);
      clReleaseCommandQueue(q);
      clReleaseContext(ctx);
    }
  }
  std::printf("devices run: %d; exact functions that differ: %d\n",
              devicesRun, failures);
  if (devicesRun == 0)
    return 2;
  return failures ? 1 : 0;
}
