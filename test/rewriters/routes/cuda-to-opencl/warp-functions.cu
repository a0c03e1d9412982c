// CUDA's warp shuffles and votes with the full mask: the sub-group
// functions of OpenCL C 2.0/3.0 under --assume-subgroup-size=32 (a warp is
// a sub-group of 32 work-items; docs/cuda-to-opencl.md), through macros of
// the prelude; the lane each shuffle reads follows PTX's shfl.sync rule
// with the c that CUDA computes from the width (a width left to its
// default is written out as 32). The kernels ask for sub-groups of 32, and
// the output stops at an #error where the device lacks the extension each
// needs. HeCBench's jacobi, jaccard, marchingCubes, score, ... and the CUDA
// samples' simpleVoteIntrinsics were refused at the first shuffle or vote.
// REQUIRES: cuda-toolkit
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %s -o %t.o %}
// RUN: xfence translate %s --to opencl -cl-std=CL3.0 --assume-subgroup-size=32 -o %t.cl
// RUN: grep -v '^ *// [A-Z-]*:' %t.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t.cl
// RUN: FileCheck %s --check-prefix=VERSION --input-file=%t.cl
// RUN: xfence translate %s --to opencl -cl-std=CL2.0 --assume-subgroup-size=32 -o %t20.cl
// RUN: clang -x cl -cl-std=CL2.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t20.cl
// Without the extensions: the build stops with their names.
// RUN: not clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -Xclang -cl-ext=-cl_khr_subgroup_shuffle -fsyntax-only %t.cl 2>&1 | FileCheck %s --check-prefix=NOSHUFFLE
// NOSHUFFLE: error: "xfence: CUDA's warp shuffles need cl_khr_subgroup_shuffle, which this device lacks"
// RUN: not clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -Xclang -cl-ext=-cl_khr_subgroup_ballot -fsyntax-only %t.cl 2>&1 | FileCheck %s --check-prefix=NOBALLOT
// NOBALLOT: error: "xfence: CUDA's __ballot_sync needs cl_khr_subgroup_ballot, which this device lacks"
// Without the policy, in OpenCL C 1.2, and over part of a warp: errors at
// the call, no file.
// RUN: not xfence translate %s --to opencl -cl-std=CL3.0 -o %t.none.cl 2>&1 | FileCheck %s --check-prefix=NOPOLICY
// RUN: not test -e %t.none.cl
// NOPOLICY: warp-functions.cu:[[#@LINE+19]]:10: error: '__shfl_down_sync' would become a sub-group function, which works over one OpenCL sub-group: that is the warp's 32 lanes only where sub-groups have 32 work-items, which OpenCL does not promise (devices with sub-groups of 8 or 16 exist); --assume-subgroup-size=32 states that assumption
// RUN: not xfence translate %s --to opencl -cl-std=CL1.2 --assume-subgroup-size=32 -o %t12.cl 2>&1 | FileCheck %s --check-prefix=CL12
// CL12: error: '__shfl_down_sync' (a warp function) has no OpenCL C 1.2 form: 1.2 has no sub-groups (translate with -cl-std=CL3.0 and --assume-subgroup-size=32)
// RUN: not xfence translate %s --to opencl -cl-std=CL3.0 --assume-subgroup-size=32 -DPARTIAL -o %t.partial.cl 2>&1 | FileCheck %s --check-prefix=PARTIAL
// RUN: not test -e %t.partial.cl
// PARTIAL: warp-functions.cu:[[#@LINE+69]]:10: error: '__ballot_sync' over part of a warp (a mask that is not the constant 0xffffffff) has no OpenCL C form: OpenCL C's sub-group functions take every work-item of the sub-group, and lanes outside the mask may never reach it
// PARTIAL: warp-functions.cu:[[#@LINE+69]]:10: error: '__shfl_sync' over part of a warp

// CHECK: #ifndef cl_khr_subgroup_shuffle
// CHECK: static inline uint xfence_shfl_lane(uint mode, uint b, uint c) {
// CHECK: #define xfence_shfl_down_sync(m, v, d, w) sub_group_shuffle((v), xfence_shfl_lane(2u, (uint)(d), ((32u - (uint)(w)) << 8) | 31u))
// CHECK: #ifndef cl_khr_subgroup_ballot
// CHECK: #define xfence_ballot_sync(m, p) (sub_group_ballot((p) != 0).x)
// CHECK: #define xfence_any_sync(m, p) sub_group_any((p) != 0)

// CHECK-LABEL: float warpSum(float v) {
// CHECK: v += xfence_shfl_down_sync(0xffffffff, v, (unsigned int)(o), 32);
__device__ float warpSum(float v) {
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_down_sync(0xffffffff, v, o);
  return v;
}

// CHECK-LABEL: __kernel XFENCE_REQD_SUB_GROUP_SIZE void k(
// CHECK: float b = xfence_shfl_sync(0xffffffff, s, 0, 32);
// CHECK-NEXT: float u = xfence_shfl_up_sync(0xffffffff, v, (unsigned int)(1), 16);
// CHECK-NEXT: float x = xfence_shfl_xor_sync(0xffffffffu, v, 3, 8);
// A char is shuffled as CUDA's int overload takes it.
// CHECK: int cc = xfence_shfl_sync(FULL, (int)(c), lane + 1, 32);
// CHECK-NEXT: unsigned m = xfence_ballot_sync(0xffffffff, (int)(v > 0.5f));
// CHECK-NEXT: votes[(uint)get_local_id(0)] = xfence_any_sync(0xffffffff, (int)(v > 0.9f)) + 2 * xfence_all_sync(0xffffffff, (int)(v > 0.0f)) + cc;
#define FULL 0xffffffffu
__global__ void k(const float *in, float *out, unsigned *bits, int *votes) {
  float v = in[threadIdx.x];
  float s = warpSum(v);
  int lane = threadIdx.x % 32;
  float b = __shfl_sync(0xffffffff, s, 0);
  float u = __shfl_up_sync(0xffffffff, v, 1, 16);
  float x = __shfl_xor_sync(0xffffffffu, v, 3, 8);
  char c = (char)lane;
  int cc = __shfl_sync(FULL, c, lane + 1);
  unsigned m = __ballot_sync(0xffffffff, v > 0.5f);
  votes[threadIdx.x] = __any_sync(0xffffffff, v > 0.9f) + 2 * __all_sync(0xffffffff, v > 0.0f) + cc;
  bits[threadIdx.x] = m;
  out[threadIdx.x] = s + b + u + x;
}

// A shuffle in a macro's body, its default width written there; a lane
// CUDA converts to int is cast, and the width follows the cast (the
// nesting generator found `(int)(LANE ^ 1, 32)` and `, 32SHFL(`).
// CHECK: #define SHFL(v, o) xfence_shfl_down_sync(FULL, (v), (unsigned int)((o)), 32)
// CHECK-LABEL: __kernel XFENCE_REQD_SUB_GROUP_SIZE void macros(
// CHECK: p[(uint)get_local_id(0)] = SHFL(p[0], 1) + xfence_shfl_sync(0xffffffff, p[1], (int)((uint)get_local_id(0) ^ 1), 32);
#define SHFL(v, o) __shfl_down_sync(FULL, (v), (o))
__global__ void macros(int *p) {
  p[threadIdx.x] = SHFL(p[0], 1) + __shfl_sync(0xffffffff, p[1], threadIdx.x ^ 1);
}

// A macro whose body is the call, with its parentheses (HeCBench's
// shuffle and mpc define the pre-CUDA 9 names so, under #if
// CUDART_VERSION >= 9000, a condition the output keeps with the parse's
// value): the width goes in the body.
// VERSION: #define CUDART_VERSION {{[0-9]+}}
// CHECK: #define SHFL_UP(v, d) xfence_shfl_up_sync(0xffffffff, v, d, 32)
// CHECK: p[1] = SHFL_UP(p[0], (unsigned int)(d));
#if CUDART_VERSION >= 9000
#define SHFL_UP(v, d) __shfl_up_sync(0xffffffff, v, d)
#endif
__global__ void legacy(int *p, int d) {
  p[1] = SHFL_UP(p[0], d);
}

#ifdef PARTIAL
__global__ void partial(int *p, unsigned mask) {
  p[0] = __ballot_sync(0xffff, p[1] > 0);
  p[1] = __shfl_sync(mask, p[2], 0);
}
#endif
