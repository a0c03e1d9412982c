//===- e2e.cu - warp code as CUDA and as its OpenCL C translation ---------===//
//
//   e2e KERNELS.cl
//
// Runs kernels.cu's `warps` (compiled in) and KERNELS.cl's (its
// translation) on the same 2^16 inputs, the latter on every OpenCL device
// that lists cl_khr_subgroup_shuffle and cl_khr_subgroup_ballot, in
// work-groups of 32, 64 and 128 work-items (the CUDA run in blocks of the
// same sizes), and compares every output. It prints each device's
// sub-group size for the kernel (clGetKernelSubGroupInfo): the translation
// assumes 32. Exit 0 when every output matched on every device that ran,
// 1 otherwise, 2 when none ran.
//
// Build: nvcc -O2 -arch=sm_90 e2e.cu -o e2e -lOpenCL
//
//===----------------------------------------------------------------------===//
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include "kernels.cu"

#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

static const int kN = 1 << 16;

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  std::ifstream file(argv[1]);
  std::stringstream ss;
  ss << file.rdbuf();
  std::string source = ss.str();
  std::vector<int> in(kN);
  unsigned x = 12345;
  for (int &v : in) {
    x = x * 1103515245u + 12345u;
    v = (int)(x >> 8) % 100000;
  }
  int devicesRun = 0, failures = 0;
  for (int local : {32, 64, 128}) {
    // CUDA.
    int *din, *dout;
    unsigned *dballots;
    cudaMalloc(&din, kN * sizeof(int));
    cudaMalloc(&dout, 7 * kN * sizeof(int));
    cudaMalloc(&dballots, kN * sizeof(unsigned));
    cudaMemcpy(din, in.data(), kN * sizeof(int), cudaMemcpyHostToDevice);
    warps<<<kN / local, local>>>(din, dout, dballots);
    std::vector<int> want(7 * kN);
    std::vector<unsigned> wantBallots(kN);
    if (cudaMemcpy(want.data(), dout, want.size() * sizeof(int),
                   cudaMemcpyDeviceToHost) != cudaSuccess ||
        cudaMemcpy(wantBallots.data(), dballots, kN * sizeof(unsigned),
                   cudaMemcpyDeviceToHost) != cudaSuccess) {
      std::printf("CUDA error\n");
      return 2;
    }
    cudaFree(din);
    cudaFree(dout);
    cudaFree(dballots);
    // OpenCL.
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
        std::vector<char> ext(1 << 16);
        clGetDeviceInfo(d, CL_DEVICE_NAME, sizeof name - 1, name, nullptr);
        clGetDeviceInfo(d, CL_DEVICE_EXTENSIONS, ext.size() - 1, ext.data(),
                        nullptr);
        if (!std::strstr(ext.data(), "cl_khr_subgroup_shuffle") ||
            !std::strstr(ext.data(), "cl_khr_subgroup_ballot")) {
          if (local == 32)
            std::printf("== %s: no sub-group shuffles or ballots, skipped\n",
                        name);
          continue;
        }
        cl_int err;
        cl_context ctx =
            clCreateContext(nullptr, 1, &d, nullptr, nullptr, &err);
        cl_command_queue q =
            clCreateCommandQueueWithProperties(ctx, d, nullptr, &err);
        const char *text = source.c_str();
        cl_program prog =
            clCreateProgramWithSource(ctx, 1, &text, nullptr, &err);
        if (clBuildProgram(prog, 1, &d, "-cl-std=CL3.0", nullptr, nullptr) !=
            CL_SUCCESS) {
          std::vector<char> log(1 << 20);
          clGetProgramBuildInfo(prog, d, CL_PROGRAM_BUILD_LOG, log.size() - 1,
                                log.data(), nullptr);
          std::printf("== %s: BUILD FAILED\n%s\n", name, log.data());
          ++failures;
          continue;
        }
        cl_kernel k = clCreateKernel(prog, "warps", &err);
        size_t global = kN, lsize = local, subgroup = 0;
        clGetKernelSubGroupInfo(k, d, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE,
                                sizeof lsize, &lsize, sizeof subgroup,
                                &subgroup, nullptr);
        cl_mem min = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                                    kN * sizeof(int), in.data(), &err);
        cl_mem mout =
            clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, 7 * kN * sizeof(int),
                           nullptr, &err);
        cl_mem mballots = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY,
                                         kN * sizeof(unsigned), nullptr, &err);
        clSetKernelArg(k, 0, sizeof min, &min);
        clSetKernelArg(k, 1, sizeof mout, &mout);
        clSetKernelArg(k, 2, sizeof mballots, &mballots);
        err = clEnqueueNDRangeKernel(q, k, 1, nullptr, &global, &lsize, 0,
                                     nullptr, nullptr);
        std::vector<int> got(7 * kN);
        std::vector<unsigned> gotBallots(kN);
        clEnqueueReadBuffer(q, mout, CL_TRUE, 0, got.size() * sizeof(int),
                            got.data(), 0, nullptr, nullptr);
        clEnqueueReadBuffer(q, mballots, CL_TRUE, 0, kN * sizeof(unsigned),
                            gotBallots.data(), 0, nullptr, nullptr);
        ++devicesRun;
        const char *what[] = {"warpSum (__shfl_down_sync)",
                              "warpScan (__shfl_up_sync, width 8)",
                              "__shfl_sync (lane * 5 + 3) % 32",
                              "__shfl_xor_sync 5, width 16",
                              "__shfl_sync 2, width 4",
                              "__any_sync + 2 __all_sync",
                              "__shfl_down_sync float 3, width 8"};
        std::printf("== %s, work-groups of %d (sub-group size %zu)%s\n", name,
                    local, subgroup, err == CL_SUCCESS ? "" : " ENQUEUE FAILED");
        for (int r = 0; r < 7; ++r) {
          int differ = 0;
          for (int i = 0; i < kN; ++i)
            differ += got[7 * i + r] != want[7 * i + r];
          std::printf("  %-36s %6d of %d differ\n", what[r], differ, kN);
          failures += differ != 0;
        }
        int differ = 0;
        for (int i = 0; i < kN; ++i)
          differ += gotBallots[i] != wantBallots[i];
        std::printf("  %-36s %6d of %d differ\n", "__ballot_sync", differ, kN);
        failures += differ != 0;
        clReleaseMemObject(min);
        clReleaseMemObject(mout);
        clReleaseMemObject(mballots);
        clReleaseKernel(k);
        clReleaseProgram(prog);
        clReleaseCommandQueue(q);
        clReleaseContext(ctx);
      }
    }
  }
  std::printf("devices run: %d; outputs that differ: %d\n", devicesRun,
              failures);
  return devicesRun == 0 ? 2 : failures ? 1 : 0;
}
