// CUDA to HIP: CUB's headers become hipCUB's <hipcub/hipcub.hpp> and its
// `cub::` qualifiers `hipcub::` (hipCUB declares CUB's interface there);
// Thrust's headers and names stay: rocThrust has them by the same names,
// `thrust::pair`, `thrust::tuple` and `thrust::plus` too (libcu++'s in the
// CUDA toolkit's Thrust, which were refused as libcu++). HeCBench's
// accuracy, channelSum, ..., tsne and wordcount were refused at the
// #include.
// REQUIRES: cuda-toolkit
// RUN: env XFENCE_VERIFY_OUTPUT=0 xfence translate %s --to hip -o %t.hip
// RUN: grep -v '^ *// [A-Z-]*:' %t.hip | FileCheck %s
// Where hipCUB's and rocThrust's headers are (XFENCE_HIP_INCLUDE; Debian 12
// packages neither), the output check compiles the translation:
// RUN: %if hipcub-rocthrust-headers %{ xfence translate %s --to hip --verify-output -o %t.checked.hip %}

// CUB's umbrella also declares block, device and grid algorithms that
// hipCUB 5.3's leaves out; their own hipCUB headers come with it
// (HeCBench's adjacent did not compile as HIP).
// CHECK: #include <hipcub/hipcub.hpp>
// CHECK-NEXT: #include <hipcub/block/block_adjacent_difference.hpp>
// CHECK: #include <hipcub/device/device_partition.hpp>
// CHECK: #include <thrust/device_vector.h>
// CHECK: #include <thrust/reduce.h>
#include <cub/cub.cuh>
#include <thrust/device_vector.h>
#include <thrust/reduce.h>
#include <thrust/pair.h>

// CHECK: using BlockReduce = hipcub::BlockReduce<float, 256>;
using BlockReduce = cub::BlockReduce<float, 256>;

__global__ void sum(const float *in, float *out) {
  // CHECK: __shared__ typename BlockReduce::TempStorage temp;
  __shared__ typename BlockReduce::TempStorage temp;
  float v = BlockReduce(temp).Sum(in[threadIdx.x]);
  if (threadIdx.x == 0)
    out[blockIdx.x] = v;
}

// CHECK: using Difference = hipcub::BlockAdjacentDifference<int, 64>;
using Difference = cub::BlockAdjacentDifference<int, 64>;

struct Minus {
  __device__ int operator()(int a, int b) const { return a - b; }
};

__global__ void differences(int *p) {
  __shared__ typename Difference::TempStorage temp;
  int in[1] = {p[threadIdx.x]}, out[1];
  Difference(temp).SubtractLeft(in, out, Minus());
  p[threadIdx.x] = out[0];
}

int main() {
  thrust::device_vector<float> v(256, 1.0f);
  // CHECK: float s = thrust::reduce(v.begin(), v.end(), 0.0f, thrust::plus<float>());
  float s = thrust::reduce(v.begin(), v.end(), 0.0f, thrust::plus<float>());
  // CHECK: thrust::pair<int, float> p = thrust::make_pair(1, s);
  thrust::pair<int, float> p = thrust::make_pair(1, s);
  float *d = thrust::raw_pointer_cast(v.data());
  size_t bytes = 0;
  // CHECK: hipcub::DeviceReduce::Sum(nullptr, bytes, d, d, 256);
  cub::DeviceReduce::Sum(nullptr, bytes, d, d, 256);
  sum<<<1, 256>>>(d, d);
  return cudaDeviceSynchronize() != cudaSuccess || p.first != 1;
}
