// Runs the role kernels of bench/litmus-scoped that nvcc builds: the CUDA
// sources as written (src/cu), the OpenCL C 2.0 sources translated to CUDA
// by xfence (generated/cuda-from-cl) and the HIP sources translated to
// CUDA by xfence (generated/cuda-from-hip), each file a translation unit of
// its own, linked here. run.sh defines HAVE_<GROUP>_<FILE> for every file
// that compiled. Prints one row per kernel (harness.h).
//
//   cuda_host [instances per row] [filter]   (filter: substring of a kernel)
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "harness.h"

#define CK(x)                                                                  \
  do {                                                                         \
    cudaError_t e = (x);                                                       \
    if (e != cudaSuccess) {                                                    \
      std::printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e), __FILE__, \
                  __LINE__);                                                   \
      std::exit(2);                                                            \
    }                                                                          \
  } while (0)

#define ROLE_PARAMS                                                            \
  const int *role, unsigned *mem, const int *off, unsigned *res,               \
      volatile unsigned *arrive, unsigned ntest, int meet,                     \
      volatile unsigned *scratch, int scratch_n
#define LBV_PARAMS                                                             \
  const unsigned *in, volatile unsigned *partial, unsigned *count,             \
      unsigned *out, int bpg, int rows

using RoleKernel = void (*)(ROLE_PARAMS);
using LbvKernel = void (*)(LBV_PARAMS);

// src/cu: extern "C" kernels, compiled by nvcc as written.
extern "C" {
__global__ void mp_fence(ROLE_PARAMS);
__global__ void mp_block_mutant(ROLE_PARAMS);
__global__ void mp_none_mutant(ROLE_PARAMS);
__global__ void sb_fence(ROLE_PARAMS);
__global__ void sb_block_mutant(ROLE_PARAMS);
__global__ void sb_none_mutant(ROLE_PARAMS);
__global__ void pc_relacq(ROLE_PARAMS);
__global__ void pc_block_mutant(ROLE_PARAMS);
__global__ void pc_none_mutant(ROLE_PARAMS);
__global__ void iriw_fence(ROLE_PARAMS);
__global__ void iriw_sc(ROLE_PARAMS);
__global__ void iriw_acqrel_mutant(ROLE_PARAMS);
__global__ void iriw_block_mutant(ROLE_PARAMS);
__global__ void iriw_none_mutant(ROLE_PARAMS);
__global__ void wrc_fence(ROLE_PARAMS);
__global__ void wrc_relacq(ROLE_PARAMS);
__global__ void wrc_block_mutant(ROLE_PARAMS);
__global__ void wrc_none_mutant(ROLE_PARAMS);
__global__ void isa2_fence(ROLE_PARAMS);
__global__ void isa2_relacq(ROLE_PARAMS);
__global__ void isa2_block_mutant(ROLE_PARAMS);
__global__ void isa2_midblock_mutant(ROLE_PARAMS);
__global__ void isa2_none_mutant(ROLE_PARAMS);
__global__ void lbv_fence(LBV_PARAMS);
__global__ void lbv_block_mutant(LBV_PARAMS);
__global__ void lbv_none_mutant(LBV_PARAMS);
}

// generated/cuda-from-cl: OpenCL C kernels, C++ linkage after translation.
#ifdef HAVE_FROM_CL_IRIW
__global__ void iriw_cl_sc(ROLE_PARAMS);
__global__ void iriw_cl_fence(ROLE_PARAMS);
__global__ void iriw_cl_acqrel_mutant(ROLE_PARAMS);
__global__ void iriw_cl_wg_mutant(ROLE_PARAMS);
#endif
#ifdef HAVE_FROM_CL_WRC
__global__ void wrc_cl_relacq(ROLE_PARAMS);
__global__ void wrc_cl_wg_mutant(ROLE_PARAMS);
__global__ void wrc_cl_none_mutant(ROLE_PARAMS);
#endif
#ifdef HAVE_FROM_CL_ISA2
__global__ void isa2_cl_relacq(ROLE_PARAMS);
__global__ void isa2_cl_wg_mutant(ROLE_PARAMS);
__global__ void isa2_cl_none_mutant(ROLE_PARAMS);
#endif
#ifdef HAVE_FROM_CL_MP
__global__ void mp_cl_relacq(ROLE_PARAMS);
__global__ void mp_cl_wg_mutant(ROLE_PARAMS);
__global__ void mp_cl_none_mutant(ROLE_PARAMS);
#endif
#ifdef HAVE_FROM_CL_SB
__global__ void sb_cl_sc(ROLE_PARAMS);
__global__ void sb_cl_wg_mutant(ROLE_PARAMS);
__global__ void sb_cl_none_mutant(ROLE_PARAMS);
#endif

// generated/cuda-from-hip: the HIP files keep their extern "C".
extern "C" {
#ifdef HAVE_FROM_HIP_MP
__global__ void mp_hip_fence(ROLE_PARAMS);
__global__ void mp_hip_relacq(ROLE_PARAMS);
__global__ void mp_hip_wg_mutant(ROLE_PARAMS);
__global__ void mp_hip_none_mutant(ROLE_PARAMS);
#endif
#ifdef HAVE_FROM_HIP_SB
__global__ void sb_hip_sc(ROLE_PARAMS);
__global__ void sb_hip_wg_mutant(ROLE_PARAMS);
__global__ void sb_hip_none_mutant(ROLE_PARAMS);
#endif
}

struct RoleRow {
  const char *form;
  const char *name;
  RoleKernel kernel;
};
struct LbvRow {
  const char *form;
  const char *name;
  LbvKernel kernel;
};

#define ROW(form, k)                                                           \
  { form, #k, k }
static const char kCuda[] = "CUDA as written (nvcc)";
static const char kFromCl[] = "OpenCL 2.0 -> CUDA (xfence)";
static const char kFromHip[] = "HIP -> CUDA (xfence)";

static const RoleRow kRoleRows[] = {
    ROW(kCuda, mp_fence),
    ROW(kCuda, mp_block_mutant),
    ROW(kCuda, mp_none_mutant),
    ROW(kCuda, sb_fence),
    ROW(kCuda, sb_block_mutant),
    ROW(kCuda, sb_none_mutant),
    ROW(kCuda, pc_relacq),
    ROW(kCuda, pc_block_mutant),
    ROW(kCuda, pc_none_mutant),
    ROW(kCuda, iriw_fence),
    ROW(kCuda, iriw_sc),
    ROW(kCuda, iriw_acqrel_mutant),
    ROW(kCuda, iriw_block_mutant),
    ROW(kCuda, iriw_none_mutant),
    ROW(kCuda, wrc_fence),
    ROW(kCuda, wrc_relacq),
    ROW(kCuda, wrc_block_mutant),
    ROW(kCuda, wrc_none_mutant),
    ROW(kCuda, isa2_fence),
    ROW(kCuda, isa2_relacq),
    ROW(kCuda, isa2_block_mutant),
    ROW(kCuda, isa2_midblock_mutant),
    ROW(kCuda, isa2_none_mutant),
#ifdef HAVE_FROM_CL_IRIW
    ROW(kFromCl, iriw_cl_sc),
    ROW(kFromCl, iriw_cl_fence),
    ROW(kFromCl, iriw_cl_acqrel_mutant),
    ROW(kFromCl, iriw_cl_wg_mutant),
#endif
#ifdef HAVE_FROM_CL_WRC
    ROW(kFromCl, wrc_cl_relacq),
    ROW(kFromCl, wrc_cl_wg_mutant),
    ROW(kFromCl, wrc_cl_none_mutant),
#endif
#ifdef HAVE_FROM_CL_ISA2
    ROW(kFromCl, isa2_cl_relacq),
    ROW(kFromCl, isa2_cl_wg_mutant),
    ROW(kFromCl, isa2_cl_none_mutant),
#endif
#ifdef HAVE_FROM_CL_MP
    ROW(kFromCl, mp_cl_relacq),
    ROW(kFromCl, mp_cl_wg_mutant),
    ROW(kFromCl, mp_cl_none_mutant),
#endif
#ifdef HAVE_FROM_CL_SB
    ROW(kFromCl, sb_cl_sc),
    ROW(kFromCl, sb_cl_wg_mutant),
    ROW(kFromCl, sb_cl_none_mutant),
#endif
#ifdef HAVE_FROM_HIP_MP
    ROW(kFromHip, mp_hip_fence),
    ROW(kFromHip, mp_hip_relacq),
    ROW(kFromHip, mp_hip_wg_mutant),
    ROW(kFromHip, mp_hip_none_mutant),
#endif
#ifdef HAVE_FROM_HIP_SB
    ROW(kFromHip, sb_hip_sc),
    ROW(kFromHip, sb_hip_wg_mutant),
    ROW(kFromHip, sb_hip_none_mutant),
#endif
};

static const LbvRow kLbvRows[] = {
    ROW(kCuda, lbv_fence),
    ROW(kCuda, lbv_block_mutant),
    ROW(kCuda, lbv_none_mutant),
};

int main(int argc, char **argv) {
  long want = argc > 1 ? std::atol(argv[1]) : 1100000;
  const char *filter = argc > 2 ? argv[2] : "";
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  int driver = 0, runtime = 0;
  CK(cudaDriverGetVersion(&driver));
  CK(cudaRuntimeGetVersion(&runtime));
  const int bs = 256, blocks = prop.multiProcessorCount * 2;
  std::printf("# cuda_host: %s (sm_%d%d, %d SMs), driver %d, runtime %d; "
              "%d blocks x %d threads, about %ld instances per row\n",
              prop.name, prop.major, prop.minor, prop.multiProcessorCount,
              driver, runtime, blocks, bs, want);

  const int threads = bs * blocks;
  int *dRole, *dOff;
  unsigned *dMem, *dRes, *dArrive, *dScratch;
  CK(cudaMalloc(&dRole, threads * sizeof(int)));
  CK(cudaMalloc(&dOff, threads * 2 * sizeof(int)));
  CK(cudaMalloc(&dMem, litmus::kSpanWords * sizeof(unsigned)));
  CK(cudaMalloc(&dRes, threads * 2 * sizeof(unsigned)));
  CK(cudaMalloc(&dArrive, sizeof(unsigned)));
  CK(cudaMalloc(&dScratch, litmus::kScratchWords * sizeof(unsigned)));
  CK(cudaMemset(dScratch, 0, litmus::kScratchWords * sizeof(unsigned)));

  std::mt19937 rng(12345);
  bool ok = true;
  litmus::printHeader();
  for (const RoleRow &row : kRoleRows) {
    if (!std::strstr(row.name, filter))
      continue;
    const litmus::ShapeInfo *shape = litmus::shapeOf(row.name);
    litmus::Placement p(bs, blocks, shape->threads);
    std::vector<unsigned> res(4 * p.ninst);
    litmus::Count c;
    long launches = litmus::launchesFor(want, p.ninst);
    for (long l = 0; l < launches; ++l) {
      p.shuffle(rng);
      CK(cudaMemcpy(dRole, p.role.data(), threads * sizeof(int),
                    cudaMemcpyHostToDevice));
      CK(cudaMemcpy(dOff, p.off.data(), p.off.size() * sizeof(int),
                    cudaMemcpyHostToDevice));
      CK(cudaMemset(dMem, 0, litmus::kSpanWords * sizeof(unsigned)));
      CK(cudaMemset(dRes, 0xff, res.size() * sizeof(unsigned)));
      CK(cudaMemset(dArrive, 0, sizeof(unsigned)));
      row.kernel<<<blocks, bs>>>(dRole, dMem, dOff, dRes, dArrive,
                                 p.ninst * p.k, litmus::kSpinsOnGpu, dScratch,
                                 litmus::kScratchWords);
      CK(cudaGetLastError());
      CK(cudaMemcpy(res.data(), dRes, res.size() * sizeof(unsigned),
                    cudaMemcpyDeviceToHost));
      litmus::check(shape->shape, res.data(), p.ninst, c);
    }
    ok &= litmus::printRow(shape->prefix, row.form, row.name, c);
  }

  // The last-block sum of a vector: 16 blocks per group, 4 times as many
  // blocks as SMs (bench/litmus).
  const int lblocks = prop.multiProcessorCount * 8;
  litmus::LbvData lbv(bs, lblocks, rng);
  unsigned *dIn, *dPartial, *dCount, *dOut;
  CK(cudaMalloc(&dIn, lbv.in.size() * sizeof(unsigned)));
  CK(cudaMalloc(&dPartial, lbv.partialWords() * sizeof(unsigned)));
  CK(cudaMalloc(&dCount, lbv.groups * sizeof(unsigned)));
  CK(cudaMalloc(&dOut, lbv.out.size() * sizeof(unsigned)));
  CK(cudaMemcpy(dIn, lbv.in.data(), lbv.in.size() * sizeof(unsigned),
                cudaMemcpyHostToDevice));
  for (const LbvRow &row : kLbvRows) {
    if (!std::strstr(row.name, filter))
      continue;
    litmus::Count c;
    long launches = litmus::launchesFor(want, lbv.groups);
    for (long l = 0; l < launches; ++l) {
      CK(cudaMemset(dPartial, 0xff, lbv.partialWords() * sizeof(unsigned)));
      CK(cudaMemset(dCount, 0, lbv.groups * sizeof(unsigned)));
      CK(cudaMemset(dOut, 0, lbv.out.size() * sizeof(unsigned)));
      row.kernel<<<lbv.groups * litmus::LbvData::kBpg, bs>>>(
          dIn, dPartial, dCount, dOut, litmus::LbvData::kBpg,
          litmus::LbvData::kRows);
      CK(cudaGetLastError());
      CK(cudaMemcpy(lbv.out.data(), dOut, lbv.out.size() * sizeof(unsigned),
                    cudaMemcpyDeviceToHost));
      lbv.check(c);
    }
    ok &= litmus::printRow("lbv", row.form, row.name, c);
  }
  return ok ? 0 : 1;
}
