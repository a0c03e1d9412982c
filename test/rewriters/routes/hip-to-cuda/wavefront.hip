// HIP to CUDA: HIP's shuffles and votes as HIP runs them on NVIDIA GPUs
// (docs/hip-to-cuda.md): CUDA's _sync form over the whole warp of 32
// lanes, through helpers of the prelude that keep HIP's 64-bit types
// (__ballot, __activemask). Calls in templates and in user macros are
// renamed once as written; a user function named __shfl is left alone.
// Where the code assumes a 64-lane wavefront (a constant width past 32, a
// lane past 31, ballot bits 32 to 63) the translation warns. The output is
// the same with the CUDA toolkit's headers (CUDA's legacy functions of
// these names) as with the built-in declarations (HIP's).
// RUN: %if hip-headers %{ %hip-clang -fsyntax-only %s %}
// RUN: xfence translate %s --to cuda --cuda-builtin-header -o %t.cu 2> %t.err
// RUN: grep -v '^ *//' %t.cu | FileCheck %s
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t.err
// RUN: %if cuda-toolkit %{ xfence translate %s --to cuda -o %t2.cu 2> %t2.err %}
// RUN: %if cuda-toolkit %{ diff %t.cu %t2.cu %}
// RUN: %if cuda-toolkit %{ FileCheck %s --check-prefix=WARN --input-file=%t2.err %}
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -std=c++17 -c %t.cu -o %t.o %}

#include <hip/hip_runtime.h>

// The helpers, each once, in the prelude.
// CHECK: template <typename T>
// CHECK-NEXT: __host__ __device__ inline auto
// CHECK-NEXT: xfence_shfl(T var, int srcLane, int width = 32)
// CHECK-NEXT: -> decltype(__shfl_sync(0xffffffffu, var, srcLane, width)) {
// CHECK-NEXT: return __shfl_sync(0xffffffffu, var, srcLane, width);
// CHECK: xfence_shfl_up(T var, unsigned delta, int width = 32)
// CHECK: return __shfl_up_sync(0xffffffffu, var, delta, width);
// CHECK: xfence_shfl_down(T var, unsigned delta, int width = 32)
// CHECK: return __shfl_down_sync(0xffffffffu, var, delta, width);
// CHECK: xfence_shfl_xor(T var, int laneMask, int width = 32)
// CHECK: return __shfl_xor_sync(0xffffffffu, var, laneMask, width);
// CHECK: __host__ __device__ inline int xfence_any(P predicate) {
// CHECK-NEXT: return __any_sync(0xffffffffu, predicate);
// CHECK: __host__ __device__ inline int xfence_all(P predicate) {
// CHECK-NEXT: return __all_sync(0xffffffffu, predicate);
// CHECK: __host__ __device__ inline unsigned long long xfence_ballot(P predicate) {
// CHECK-NEXT: return (unsigned long long)__ballot_sync(0xffffffffu, predicate);
// CHECK: __host__ __device__ inline unsigned long long xfence_activemask() {
// CHECK-NEXT: #ifdef __CUDA_ARCH__
// CHECK-NEXT: return (unsigned long long)__activemask();
// CHECK-NOT: xfence_shfl(T var
// CHECK: #include <cuda_runtime.h>

// A macro whose body calls a shuffle, used in device code and in a
// __host__ __device__ function: the body is rewritten once.
// CHECK: #define BROADCAST(v) xfence_shfl(v, 0)
#define BROADCAST(v) __shfl(v, 0)
// A macro that is the name.
// CHECK-NEXT: #define SHFL_DOWN xfence_shfl_down
#define SHFL_DOWN __shfl_down

// A user function named __shfl (another overload): left as written; the
// calls of HIP's inside it are translated. (The struct's implicit copy
// constructor, constexpr, is left alone: nvcc makes it host and device.)
// CHECK: {{^}}struct Pair {
struct Pair {
  int a, b;
};
// CHECK: __device__ Pair __shfl(Pair p, int lane) {
// CHECK-NEXT: return {xfence_shfl(p.a, lane), xfence_shfl(p.b, lane)};
__device__ Pair __shfl(Pair p, int lane) {
  return {__shfl(p.a, lane), __shfl(p.b, lane)};
}

// A template: the call as written, once, whatever the instantiations.
// CHECK: template <typename T> __device__ T warp_sum(T v) {
// CHECK-NEXT: for (int offset = 16; offset > 0; offset /= 2)
// CHECK-NEXT: v += xfence_shfl_xor(v, offset);
template <typename T> __device__ T warp_sum(T v) {
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_xor(v, offset);
  return v;
}

// CHECK: inline __host__ __device__ int first_lane(int v) { return BROADCAST(v); }
inline __host__ __device__ int first_lane(int v) { return BROADCAST(v); }

__global__ void shuffles(int *out, float *fout, double *dout, Pair *pairs) {
  int i = threadIdx.x;
  // CHECK: out[i] = xfence_shfl(out[i], 3) + xfence_shfl_up(out[i], 1) +
  // CHECK-NEXT: xfence_shfl_down(out[i], 2, 16) + xfence_shfl_xor(out[i], 1);
  out[i] = __shfl(out[i], 3) + __shfl_up(out[i], 1) +
           __shfl_down(out[i], 2, 16) + __shfl_xor(out[i], 1);
  // CHECK-NEXT: fout[i] = warp_sum(fout[i]) + SHFL_DOWN(fout[i], 1);
  fout[i] = warp_sum(fout[i]) + SHFL_DOWN(fout[i], 1);
  // CHECK-NEXT: dout[i] = xfence_shfl(dout[i], 5) + warp_sum(i) + BROADCAST(i) + first_lane(i);
  dout[i] = __shfl(dout[i], 5) + warp_sum(i) + BROADCAST(i) + first_lane(i);
  // The user's function: as written.
  // CHECK-NEXT: pairs[i] = __shfl(pairs[i], 1);
  pairs[i] = __shfl(pairs[i], 1);
  // Code written for 64-lane wavefronts: translated, with a warning.
  // WARN: wavefront.hip:[[#@LINE+2]]:31: warning: '__shfl' with width 64 assumes a 64-lane wavefront: a CUDA warp has 32 lanes, and HIP on NVIDIA GPUs runs the call on 32
  // CHECK-NEXT: out[i] += xfence_shfl(out[i], 0, 64);
  out[i] += __shfl(out[i], 0, 64);
  // WARN: wavefront.hip:[[#@LINE+2]]:33: warning: '__shfl_down' with delta 32 assumes a 64-lane wavefront
  // CHECK-NEXT: out[i] += xfence_shfl_down(out[i], 32);
  out[i] += __shfl_down(out[i], 32);
  // The reduction over 64 lanes: a counter that starts at 32 (found on
  // HeCBench's logprob built with -DWAVE64, whose sums were wrong on the
  // GPU as HIP on NVIDIA makes them).
  // WARN: wavefront.hip:[[#@LINE+3]]:34: warning: '__shfl_xor' with lane mask 'mask', which starts at 32 assumes a 64-lane wavefront
  // CHECK-NEXT: for (int mask = 32; mask > 0; mask >>= 1)
  for (int mask = 32; mask > 0; mask >>= 1)
    out[i] += __shfl_xor(out[i], mask);
  // From 16: no warning.
  // WARN-NOT: [[#@LINE+2]]:{{.*}}warning
  for (int mask = 16; mask > 0; mask >>= 1)
    out[i] += __shfl_xor(out[i], mask);
}

__global__ void votes(int *out, unsigned long long *masks) {
  int i = threadIdx.x;
  // CHECK: out[i] = xfence_any(out[i] > 0) + xfence_all(out[i] != 0);
  out[i] = __any(out[i] > 0) + __all(out[i] != 0);
  // HIP's __ballot has 64 bits: so has the translation's.
  // CHECK-NEXT: unsigned long long ballot = xfence_ballot(out[i] & 1);
  unsigned long long ballot = __ballot(out[i] & 1);
  masks[i] = ballot;
  // WARN: wavefront.hip:[[#@LINE+2]]:23: warning: '__ballot' shifted right by 32 assumes a 64-lane wavefront: a CUDA warp has 32 lanes, and HIP on NVIDIA GPUs runs the call on 32
  // CHECK: if (xfence_ballot(i > 2) >> 32)
  if (__ballot(i > 2) >> 32)
    out[i] = 0;
  // WARN: wavefront.hip:[[#@LINE+2]]:23: warning: '__ballot' compared with a constant wider than 32 bits assumes a 64-lane wavefront
  // CHECK: if (xfence_ballot(i < 2) == 0xffffffffffffffffull)
  if (__ballot(i < 2) == 0xffffffffffffffffull)
    out[i] = 1;
  // Within 32 bits: no warning.
  // WARN-NOT: [[#@LINE+1]]:{{.*}}warning
  masks[i] |= __ballot(i > 4) & 0xffu;
#if !defined(HIP_VERSION_MAJOR) || HIP_VERSION_MAJOR >= 6
  // __activemask (ROCm 6 and later): HIP's 64-bit mask.
  // CHECK: masks[i] += xfence_activemask();
  masks[i] += __activemask();
#endif
}
