// xfence litmus harness: runs each litmus test (a) as written in CUDA,
// (b) as xfence translated it from OpenCL (generated/*.cu, with fence
// coalescing), and (c) as mutants with a fence removed or narrowed, and
// counts the outcomes the source program forbids.
//
//   litmus [iterations] [filter]   (filter: substring of a row's name)
//
// Method (the project's first GPU probes' method): the two threads of every
// instance sit in different blocks, chosen at random each iteration, with
// their locations at random offsets; half the threads only stress memory;
// the test threads meet at a counter before they start.
#include <cuda/atomic>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "kernels_cuda.cuh"

// (b): kernels that xfence translated from src/*.cl; compiled separately
// (each translated file is a whole CUDA translation unit of its own).
// -DLITMUS_NO_TRANSLATED builds the harness without them.
#ifndef LITMUS_NO_TRANSLATED
__global__ void mp_b(LITMUS_PARAMS);
__global__ void sb_b(LITMUS_PARAMS);
__global__ void lb_b(LITMUS_PARAMS);
__global__ void pc_b(LITMUS_PARAMS);
__global__ void lbr_b(LBR_PARAMS);
__global__ void lbv_b(LBV_PARAMS);
#define TRANSLATED(...) __VA_ARGS__,
#else
#define TRANSLATED(...)
#endif

#define CK(x)                                                                  \
  do {                                                                         \
    cudaError_t e = (x);                                                       \
    if (e != cudaSuccess) {                                                    \
      std::printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e),           \
                  __FILE__, __LINE__);                                         \
      std::exit(2);                                                            \
    }                                                                          \
  } while (0)

using RoleKernel = void (*)(LITMUS_PARAMS);
using LbrKernel = void (*)(LBR_PARAMS);
using LbvKernel = void (*)(LBV_PARAMS);

enum class Shape { MP, SB, LB, PC };

struct RoleTest {
  const char *name;
  Shape shape;
  RoleKernel kernel;
  const char *what;
};

struct LbrTest {
  const char *name;
  LbrKernel kernel;
  const char *what;
};

struct LbvTest {
  const char *name;
  LbvKernel kernel;
  const char *what;
};

static const char *forbidden(Shape s) {
  switch (s) {
  case Shape::MP:
    return "flag=1,data=0";
  case Shape::SB:
    return "r0=0,r1=0";
  case Shape::LB:
    return "r0=1,r1=1";
  case Shape::PC:
    return "flag=1,stale payload";
  }
  return "";
}

int main(int argc, char **argv) {
  int iters = argc > 1 ? std::atoi(argv[1]) : 64;
  const char *filter = argc > 2 ? argv[2] : "";
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  int driver = 0, runtime = 0;
  CK(cudaDriverGetVersion(&driver));
  CK(cudaRuntimeGetVersion(&runtime));

  const int bs = 256, blocks = prop.multiProcessorCount * 2, T = bs * blocks;
  const int ninst = T / 4; // half the threads test, half stress
  const int span = 1 << 20, scratch_n = 1 << 22;
  std::printf("device: %s (sm_%d%d, %d SMs), driver %d, runtime %d\n",
              prop.name, prop.major, prop.minor, prop.multiProcessorCount,
              driver, runtime);
  std::printf("role tests: %d blocks x %d threads, %d instances x %d "
              "iterations per row\n",
              blocks, bs, ninst, iters);

  int *d_role, *d_xoff, *d_yoff;
  unsigned *d_x, *d_y, *d_r0, *d_r1, *d_arrive, *d_scratch;
  CK(cudaMalloc(&d_role, T * sizeof(int)));
  CK(cudaMalloc(&d_xoff, ninst * sizeof(int)));
  CK(cudaMalloc(&d_yoff, ninst * sizeof(int)));
  CK(cudaMalloc(&d_x, span * sizeof(unsigned)));
  CK(cudaMalloc(&d_y, span * sizeof(unsigned)));
  CK(cudaMalloc(&d_r0, ninst * sizeof(unsigned)));
  CK(cudaMalloc(&d_r1, ninst * sizeof(unsigned)));
  CK(cudaMalloc(&d_arrive, sizeof(unsigned)));
  CK(cudaMalloc(&d_scratch, scratch_n * sizeof(unsigned)));
  CK(cudaMemset(d_scratch, 0, scratch_n * sizeof(unsigned)));

  RoleTest roleTests[] = {
      {"MP  (a) __threadfence both", Shape::MP, mp_a, "as written"},
      TRANSLATED({"MP  (b) xfence from OpenCL", Shape::MP, mp_b, "translated"})
      {"MP  (c) __threadfence_block both", Shape::MP, mp_c_block, "mutant"},
      {"MP  (c) no fences", Shape::MP, mp_c_none, "mutant"},
      {"SB  (a) __threadfence both", Shape::SB, sb_a, "as written"},
      TRANSLATED({"SB  (b) xfence from OpenCL", Shape::SB, sb_b, "translated"})
      {"SB  (c) __threadfence_block both", Shape::SB, sb_c_block, "mutant"},
      {"SB  (c) no fences", Shape::SB, sb_c_none, "mutant"},
      {"LB  (a) __threadfence both", Shape::LB, lb_a, "as written"},
      TRANSLATED({"LB  (b) xfence from OpenCL", Shape::LB, lb_b, "translated"})
      {"LB  (c) no fences", Shape::LB, lb_c_none, "mutant"},
      {"PC  (a) release/acquire device", Shape::PC, pc_a, "as written"},
      TRANSLATED({"PC  (b) xfence from OpenCL", Shape::PC, pc_b, "translated"})
      {"PC  (c) release/acquire block", Shape::PC, pc_c_block, "mutant"},
      {"PC  (c) no fences", Shape::PC, pc_c_none, "mutant"},
  };

  std::mt19937 rng(12345);
  std::vector<int> role(T), xoff(ninst), yoff(ninst), freeT(T);
  std::vector<int> slots(span / 4);
  std::vector<unsigned> r0(ninst), r1(ninst);
  std::printf("\n%-36s %-10s %12s %12s  %s\n", "test", "kind", "instances",
              "forbidden", "forbidden outcome");
  for (const RoleTest &test : roleTests) {
    if (!std::strstr(test.name, filter))
      continue;
    unsigned long long total = 0, bad = 0, flagSeen = 0;
    for (int it = 0; it < iters; ++it) {
      std::fill(role.begin(), role.end(), -1);
      for (int i = 0; i < T; ++i)
        freeT[i] = i;
      std::shuffle(freeT.begin(), freeT.end(), rng);
      // Two threads per instance, always in different blocks.
      int k = 0;
      for (int inst = 0; inst < ninst; ++inst) {
        int a = freeT[k++], b = freeT[k++];
        while (a / bs == b / bs) {
          std::swap(freeT[k - 1], freeT[k + rng() % (T - k - 1)]);
          b = freeT[k - 1];
        }
        role[a] = inst * 2;
        role[b] = inst * 2 + 1;
      }
      // Random, distinct, 4-word-aligned slots (the PC payload is 4 words).
      for (int i = 0; i < span / 4; ++i)
        slots[i] = 4 * i;
      std::shuffle(slots.begin(), slots.end(), rng);
      for (int i = 0; i < ninst; ++i) {
        xoff[i] = slots[2 * i];
        yoff[i] = slots[2 * i + 1];
      }
      CK(cudaMemcpy(d_role, role.data(), T * sizeof(int),
                    cudaMemcpyHostToDevice));
      CK(cudaMemcpy(d_xoff, xoff.data(), ninst * sizeof(int),
                    cudaMemcpyHostToDevice));
      CK(cudaMemcpy(d_yoff, yoff.data(), ninst * sizeof(int),
                    cudaMemcpyHostToDevice));
      CK(cudaMemset(d_x, 0, span * sizeof(unsigned)));
      CK(cudaMemset(d_y, 0, span * sizeof(unsigned)));
      CK(cudaMemset(d_r0, 0xff, ninst * sizeof(unsigned)));
      CK(cudaMemset(d_r1, 0xff, ninst * sizeof(unsigned)));
      CK(cudaMemset(d_arrive, 0, sizeof(unsigned)));
      test.kernel<<<blocks, bs>>>(d_role, d_x, d_y, d_xoff, d_yoff, d_r0, d_r1,
                                  d_arrive, 2 * ninst, d_scratch, scratch_n);
      CK(cudaGetLastError());
      CK(cudaDeviceSynchronize());
      CK(cudaMemcpy(r0.data(), d_r0, ninst * sizeof(unsigned),
                    cudaMemcpyDeviceToHost));
      CK(cudaMemcpy(r1.data(), d_r1, ninst * sizeof(unsigned),
                    cudaMemcpyDeviceToHost));
      for (int i = 0; i < ninst; ++i) {
        ++total;
        switch (test.shape) {
        case Shape::MP:
          flagSeen += r0[i] == 1;
          bad += r0[i] == 1 && r1[i] == 0;
          break;
        case Shape::PC:
          flagSeen += r0[i] == 1;
          bad += r0[i] == 1 && r1[i] != 0;
          break;
        case Shape::SB:
          bad += r0[i] == 0 && r1[i] == 0;
          break;
        case Shape::LB:
          bad += r0[i] == 1 && r1[i] == 1;
          break;
        }
      }
    }
    std::printf("%-36s %-10s %12llu %12llu  %s", test.name, test.what, total,
                bad, forbidden(test.shape));
    if (test.shape == Shape::MP || test.shape == Shape::PC)
      std::printf(" (flag seen in %llu)", flagSeen);
    std::printf("\n");
  }

  // Last-block reduction (the CUDA guide's example), in groups of blocks.
  LbrTest lbrTests[] = {
      {"LBR (a) __threadfence + atomicInc", lbr_a, "as written"},
      TRANSLATED({"LBR (b) xfence from OpenCL", lbr_b, "translated"})
      {"LBR (c) __threadfence_block", lbr_c_block, "mutant"},
      {"LBR (c) no fence", lbr_c_none, "mutant"},
  };
  const int bpg = 4, lblocks = prop.multiProcessorCount * 8,
            groups = lblocks / bpg;
  const int launches = (1000000 + groups - 1) / groups;
  std::vector<unsigned> in(lblocks * bs), expect(groups, 0), out(groups);
  for (int i = 0; i < lblocks * bs; ++i) {
    in[i] = rng();
    expect[i / (bs * bpg)] += in[i];
  }
  unsigned *d_in, *d_partial, *d_count, *d_out;
  CK(cudaMalloc(&d_in, in.size() * sizeof(unsigned)));
  CK(cudaMalloc(&d_partial, lblocks * sizeof(unsigned)));
  CK(cudaMalloc(&d_count, groups * sizeof(unsigned)));
  CK(cudaMalloc(&d_out, groups * sizeof(unsigned)));
  CK(cudaMemcpy(d_in, in.data(), in.size() * sizeof(unsigned),
                cudaMemcpyHostToDevice));
  std::printf("\nlast-block reduction: %d blocks in groups of %d, %d groups x "
              "%d launches per row\n",
              lblocks, bpg, groups, launches);
  for (const LbrTest &test : lbrTests) {
    if (!std::strstr(test.name, filter))
      continue;
    unsigned long long total = 0, bad = 0;
    for (int l = 0; l < launches; ++l) {
      CK(cudaMemset(d_partial, 0xff, lblocks * sizeof(unsigned)));
      CK(cudaMemset(d_count, 0, groups * sizeof(unsigned)));
      CK(cudaMemset(d_out, 0, groups * sizeof(unsigned)));
      test.kernel<<<lblocks, bs>>>(d_in, d_partial, d_count, d_out, bpg,
                                   d_scratch, scratch_n);
      CK(cudaGetLastError());
      CK(cudaMemcpy(out.data(), d_out, groups * sizeof(unsigned),
                    cudaMemcpyDeviceToHost));
      for (int g = 0; g < groups; ++g) {
        ++total;
        bad += out[g] != expect[g];
      }
    }
    std::printf("%-36s %-10s %12llu %12llu  wrong group sum\n", test.name,
                test.what, total, bad);
  }

  // Last-block sum of a vector (kernels_cuda.cuh, DEFINE_LBV): the shape
  // in which a block-scope fence shows (lbr_explore.cu).
  LbvTest lbvTests[] = {
      {"LBV (a) __threadfence + atomicInc", lbv_a, "as written"},
      TRANSLATED({"LBV (b) xfence from OpenCL", lbv_b, "translated"})
      {"LBV (c) __threadfence_block", lbv_c_block, "mutant"},
      {"LBV (c) no fence", lbv_c_none, "mutant"},
  };
  const int vbpg = 16, rows = 4, vgroups = lblocks / vbpg;
  const long vwant = 2000000;
  const long vlaunches = (vwant + vgroups - 1) / vgroups;
  std::vector<unsigned> vin((size_t)lblocks * rows * bs),
      vexpect((size_t)vgroups * bs, 0), vout((size_t)vgroups * bs);
  for (size_t i = 0; i < vin.size(); ++i) {
    vin[i] = rng();
    size_t block = i / ((size_t)rows * bs), col = i % bs;
    vexpect[(block / vbpg) * bs + col] += vin[i];
  }
  unsigned *d_vin, *d_vpartial, *d_vout;
  const size_t vpartial = (size_t)lblocks * bs * LBV_STRIDE;
  CK(cudaMalloc(&d_vin, vin.size() * sizeof(unsigned)));
  CK(cudaMalloc(&d_vpartial, vpartial * sizeof(unsigned)));
  CK(cudaMalloc(&d_vout, vout.size() * sizeof(unsigned)));
  CK(cudaMemcpy(d_vin, vin.data(), vin.size() * sizeof(unsigned),
                cudaMemcpyHostToDevice));
  std::printf("\nlast-block sum of a vector: %d blocks in groups of %d, %d "
              "columns, partials %d words apart, %d groups x %ld launches "
              "per row\n",
              lblocks, vbpg, bs, LBV_STRIDE, vgroups, vlaunches);
  for (const LbvTest &test : lbvTests) {
    if (!std::strstr(test.name, filter))
      continue;
    unsigned long long total = 0, bad = 0;
    for (long l = 0; l < vlaunches; ++l) {
      CK(cudaMemset(d_vpartial, 0xff, vpartial * sizeof(unsigned)));
      CK(cudaMemset(d_count, 0, vgroups * sizeof(unsigned)));
      CK(cudaMemset(d_vout, 0, vout.size() * sizeof(unsigned)));
      test.kernel<<<lblocks, bs>>>(d_vin, d_vpartial, d_count, d_vout, vbpg,
                                   rows);
      CK(cudaGetLastError());
      CK(cudaMemcpy(vout.data(), d_vout, vout.size() * sizeof(unsigned),
                    cudaMemcpyDeviceToHost));
      for (int g = 0; g < vgroups; ++g) {
        bool wrong = false;
        for (int c = 0; c < bs; ++c)
          wrong |= vout[(size_t)g * bs + c] != vexpect[(size_t)g * bs + c];
        ++total;
        bad += wrong;
      }
    }
    std::printf("%-36s %-10s %12llu %12llu  wrong column sum\n", test.name,
                test.what, total, bad);
  }
  return 0;
}
