// HIP to CUDA: a constexpr function that device code calls. clang's HIP
// mode makes every constexpr function host and device; nvcc does so only
// with --expt-relaxed-constexpr ("calling a constexpr __host__ function from
// a __device__ function is not allowed"). Each one that device code
// reaches, directly or through another, gets __host__ __device__ on every
// declaration; one that only host code calls is left as written. Found on
// HeCBench's rotary (HIP version), whose output nvcc rejected.
// RUN: %if hip-headers %{ %hip-clang -fsyntax-only %s %}
// RUN: xfence translate %s --to cuda -o %t.cu
// RUN: grep -v '^ *//' %t.cu | FileCheck %s
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -std=c++17 -c %t.cu -o %t.o %}

#include <hip/hip_runtime.h>

// CHECK: __host__ __device__ constexpr int block_work_size();
// CHECK-NEXT: __host__ __device__ constexpr int block_work_size() { return 4 * 128; }
constexpr int block_work_size();
constexpr int block_work_size() { return 4 * 128; }
// CHECK-NEXT: template <typename T> __host__ __device__ constexpr T twice(T v) { return v + v; }
template <typename T> constexpr T twice(T v) { return v + v; }
// CHECK-NEXT: {{^}}constexpr int host_only(int n) { return n * 3; }
constexpr int host_only(int n) { return n * 3; }
// CHECK-NEXT: struct Cfg { __host__ __device__ static constexpr int lanes() { return 32; } };
struct Cfg { static constexpr int lanes() { return 32; } };
// Reached only through another constexpr function.
// CHECK: __host__ __device__ constexpr int half_block() { return block_work_size() / 2; }
constexpr int half_block() { return block_work_size() / 2; }
// CHECK-NEXT: __host__ __device__ constexpr int nested() { return half_block(); }
constexpr int nested() { return half_block(); }
// Already both: left as written.
// CHECK-NEXT: {{^}}__host__ __device__ constexpr int both() { return 1; }
__host__ __device__ constexpr int both() { return 1; }

__device__ int helper(int v) { return twice(v) + nested() + both(); }
__global__ void k(int *p) {
  p[threadIdx.x] = block_work_size() + helper(threadIdx.x) + Cfg::lanes();
  // A lambda's call operator is constexpr by itself: nvcc makes a lambda
  // in device code device code; nothing is written (it was, inside the
  // parameter list: AMD's shallow-water example).
  // CHECK: auto split = [&](int v, int &hi, int &lo) {
  auto split = [&](int v, int &hi, int &lo) {
    hi = v >> 4;
    lo = v & 15;
  };
  int hi, lo;
  split(p[0], hi, lo);
  p[1] = hi + lo;
}
int main() { return host_only(2) == 6 ? 0 : 1; }
