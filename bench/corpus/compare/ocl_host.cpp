//===- ocl_host.cpp - Runs one kernel of an OpenCL C file from a spec -----===//
//
//   ocl_host SPEC KERNEL SOURCE.cl OUT [SECONDS]
//
// The OpenCL half of the differential harness (README.md): builds SOURCE.cl
// with the spec's options on the first OpenCL CPU device (PoCL; the
// platform whose name contains $XCMP_OCL_PLATFORM if that is set), runs
// KERNEL twice from freshly generated inputs (cmp_common.h) and writes the
// buffers after the first run to OUT. Prints "nondet N" when the second
// run's buffers differ from the first's in N bytes, then "OK".
// Exit status: 0 ran, 2 usage/spec/no device, 3 enqueueing failed, 4 an
// error while it ran (or reading back), 5 the program or kernel did not
// build, 124 the run timed out (the build is not timed).
//
// Build: g++ -O2 -std=c++17 ocl_host.cpp -o ocl_host -lOpenCL
//
//===----------------------------------------------------------------------===//
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include "cmp_common.h"

#include <string>
#include <vector>

static void die(int code, const std::string &what, cl_int err) {
  const char *tag = code == 3   ? "LAUNCH_ERROR"
                    : code == 4 ? "RUN_ERROR"
                    : code == 5 ? "BUILD_ERROR"
                                : "ERROR";
  std::printf("%s %s: OpenCL error %d\n", tag, what.c_str(), int(err));
  std::fflush(stdout);
  std::_Exit(code);
}

static std::string platformName(cl_platform_id p) {
  char buf[512] = {0};
  clGetPlatformInfo(p, CL_PLATFORM_NAME, sizeof buf - 1, buf, nullptr);
  return buf;
}

static cl_device_id pickDevice() {
  cl_uint np = 0;
  if (clGetPlatformIDs(0, nullptr, &np) != CL_SUCCESS || np == 0)
    die(2, "no OpenCL platform", 0);
  std::vector<cl_platform_id> ps(np);
  clGetPlatformIDs(np, ps.data(), nullptr);
  const char *want = std::getenv("XCMP_OCL_PLATFORM");
  // Pass 0: the named platform (or one that looks like PoCL), CPU devices;
  // pass 1: any CPU device; pass 2: any device.
  for (int pass = 0; pass < 3; ++pass) {
    for (cl_platform_id p : ps) {
      std::string name = platformName(p);
      if (pass == 0 && !(want ? name.find(want) != std::string::npos
                              : (name.find("Portable") != std::string::npos ||
                                 name.find("pocl") != std::string::npos)))
        continue;
      cl_device_id d;
      cl_uint nd = 0;
      cl_device_type type = pass == 2 ? CL_DEVICE_TYPE_ALL : CL_DEVICE_TYPE_CPU;
      if (clGetDeviceIDs(p, type, 1, &d, &nd) == CL_SUCCESS && nd > 0)
        return d;
    }
  }
  die(2, "no OpenCL device", 0);
  return nullptr;
}

int main(int argc, char **argv) {
  if (argc < 5) {
    std::fprintf(stderr, "usage: %s SPEC KERNEL SOURCE.cl OUT [SECONDS]\n",
                 argv[0]);
    return 2;
  }
  const xcmp::Spec spec = xcmp::readSpec(argv[1]);
  const xcmp::KernelSpec &k = xcmp::findKernel(spec, argv[2]);
  std::ifstream srcIn(argv[3], std::ios::binary);
  if (!srcIn) {
    std::fprintf(stderr, "xcmp: cannot read %s\n", argv[3]);
    return 2;
  }
  std::stringstream ss;
  ss << srcIn.rdbuf();
  const std::string source = ss.str();

  cl_int err;
  cl_device_id dev = pickDevice();
  if (std::getenv("XCMP_OCL_PRINT_DEVICE")) {
    char name[256] = {0};
    clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof name - 1, name, nullptr);
    std::printf("device %s\n", name);
  }
  cl_context ctx = clCreateContext(nullptr, 1, &dev, nullptr, nullptr, &err);
  if (err != CL_SUCCESS)
    die(2, "clCreateContext", err);
  cl_command_queue q = clCreateCommandQueue(ctx, dev, 0, &err);
  if (err != CL_SUCCESS)
    die(2, "clCreateCommandQueue", err);
  const char *text = source.c_str();
  size_t len = source.size();
  cl_program prog = clCreateProgramWithSource(ctx, 1, &text, &len, &err);
  if (err != CL_SUCCESS)
    die(5, "clCreateProgramWithSource", err);
  err = clBuildProgram(prog, 1, &dev, spec.options.c_str(), nullptr, nullptr);
  if (err != CL_SUCCESS) {
    size_t n = 0;
    clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, 0, nullptr, &n);
    std::string log(n, '\0');
    clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, n, &log[0], nullptr);
    std::fprintf(stderr, "%s\n", log.c_str());
    die(5, "clBuildProgram", err);
  }
  cl_kernel kern = clCreateKernel(prog, k.oclName.c_str(), &err);
  if (err != CL_SUCCESS)
    die(5, "clCreateKernel " + k.oclName, err);

  xcmp::armTimeout(argc > 5 ? unsigned(std::atoi(argv[5])) : 20);
  std::vector<std::vector<unsigned char>> outs[2];
  size_t global[3], local[3];
  for (int d = 0; d < 3; ++d) {
    global[d] = k.global[d];
    local[d] = k.local[d];
  }
  // The NDRange's dimensions: up to the last one larger than 1.
  cl_uint workDim = 1;
  for (int d = 1; d < 3; ++d)
    if (global[d] > 1 || local[d] > 1)
      workDim = cl_uint(d + 1);
  for (int run = 0; run < 2; ++run) {
    const size_t n = k.args.size();
    std::vector<cl_mem> mems(n, nullptr);
    std::vector<std::vector<unsigned char>> host(n);
    struct alignas(128) Slot { unsigned char b[128]; };
    std::vector<Slot> scalars(n);
    for (size_t i = 0; i < n; ++i) {
      const xcmp::Arg &a = k.args[i];
      if (a.kind == xcmp::Kind::Buf) {
        host[i].resize(xcmp::bufBytes(a));
        xcmp::fill(a, host[i].data());
        mems[i] = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                 host[i].size(), host[i].data(), &err);
        if (err != CL_SUCCESS)
          die(4, "clCreateBuffer " + a.name, err);
        err = clSetKernelArg(kern, cl_uint(i), sizeof(cl_mem), &mems[i]);
      } else if (a.kind == xcmp::Kind::Local) {
        err = clSetKernelArg(kern, cl_uint(i), a.bytes, nullptr);
      } else {
        xcmp::scalarValue(a, scalars[i].b);
        err = clSetKernelArg(kern, cl_uint(i), xcmp::scalarBytes(a), scalars[i].b);
      }
      if (err != CL_SUCCESS)
        die(3, "clSetKernelArg " + a.name, err);
    }
    err = clEnqueueNDRangeKernel(q, kern, workDim, nullptr, global, local, 0,
                                 nullptr, nullptr);
    if (err != CL_SUCCESS)
      die(3, "clEnqueueNDRangeKernel", err);
    err = clFinish(q);
    if (err != CL_SUCCESS)
      die(4, "clFinish", err);
    for (size_t i = 0; i < n; ++i) {
      if (!mems[i])
        continue;
      err = clEnqueueReadBuffer(q, mems[i], CL_TRUE, 0, host[i].size(),
                                host[i].data(), 0, nullptr, nullptr);
      if (err != CL_SUCCESS)
        die(4, "clEnqueueReadBuffer", err);
      clReleaseMemObject(mems[i]);
    }
    outs[run] = std::move(host);
  }
  alarm(0);
  xcmp::writeOutput(argv[4], outs[0]);
  uint64_t d = xcmp::differingBytes(outs[0], outs[1]);
  if (d)
    std::printf("nondet %llu\n", (unsigned long long)d);
  std::printf("OK\n");
  return 0;
}
