// CUDA kernels to alpaka 3 (docs/cuda-to-alpaka.md): through the OpenCL C
// 2.0 translation, each fence, barrier and atomic keeps its scope; kernels
// become kernel functors whose launch helpers take CUDA's grid and block.
// RUN: xfence translate %s --to alpaka --cuda-builtin-header -o %t.cpp
// RUN: grep -v CHECK %t.cpp | FileCheck %s
// RUN: %if alpaka %{ %alpaka-cxx -fsyntax-only %t.cpp %}
// The toolkit's headers, where installed, give the same text.
// RUN: %if cuda-toolkit %{ xfence translate %s --to alpaka -o %t.toolkit.cpp && diff %t.cpp %t.toolkit.cpp %}
#include <cuda/atomic>
#include <cuda_runtime.h>

#define BLOCK 128

// CHECK: // Translated from CUDA to alpaka 3 by xfence, through its OpenCL C
// CHECK: // xfence: the first step, CUDA to OpenCL C 2.0 (docs/cuda-to-opencl.md), and its notes:
// CHECK-NEXT: // xfence: host code left out
// CHECK-NEXT: //   function 'main'

// The wrapping atomicInc with a bound: a compare-and-swap loop whose order
// and scope (relaxed, device) are constants of its helper.
// CHECK: ALPAKA_FN_ACC static uint xfence_atomic_inc_global_uint_relaxed_device(auto const &xfence_acc, const xfence_alpaka::WorkItem &xfence_wi, volatile uint *p, uint v) {
// CHECK: alpaka::onAcc::atomicCas(xfence_acc, xfence_object, xfence_expected, xfence_desired, alpaka::onAcc::scope::device)

// A __device__ variable lives as long as the program: a global.
// CHECK: unsigned int count = 0;
__device__ unsigned int count = 0;

// A __device__ function that reads threadIdx takes the accelerator and the
// work-item.
// CHECK: ALPAKA_FN_ACC unsigned lane(auto const &xfence_acc, const xfence_alpaka::WorkItem &xfence_wi) { return (uint)xfence_wi.get_local_id(0) % 32; }
__device__ unsigned lane() { return threadIdx.x % 32; }

// CHECK-LABEL: struct sum {
// CHECK-NEXT: std::uint32_t dynSharedMemBytes = 0;
// CHECK-NEXT: ALPAKA_FN_ACC void operator()(auto const &xfence_acc, const xfence_alpaka::NDRange &xfence_nd, const float *in, float *partial, float *total, int n) const {
// CHECK: xfence_alpaka::ptr<uint> tid = xfence_private.take<uint>();
// CHECK: auto &tile = alpaka::onAcc::declareSharedVar<float[128], 1>(xfence_acc);
// CHECK-NEXT: auto &last = alpaka::onAcc::declareSharedVar<bool, 2>(xfence_acc);
__global__ void sum(const float *in, float *partial, float *total, int n) {
  __shared__ float tile[BLOCK];
  __shared__ bool last;
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + tid;
  // CHECK: tid[xfence_e] = (uint)xfence_wi.get_local_id(0);
  tile[tid] = i < n ? in[i] : 0.0f;
  // __syncthreads(): the block's barrier, between two work-item loops; it
  // orders global memory too, for the block (release and acquire fences).
  // CHECK: (alpaka::onAcc::memFence(xfence_acc, alpaka::onAcc::scope::block, alpaka::onAcc::order::release), alpaka::onAcc::syncBlockThreads(xfence_acc), alpaka::onAcc::memFence(xfence_acc, alpaka::onAcc::scope::block, alpaka::onAcc::order::acquire));
  // CHECK-NEXT: for (unsigned s = (uint)xfence_wi.get_local_size(0) / 2; s > 0; s >>= 1) {
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      tile[tid] += tile[tid + s];
    __syncthreads();
  }
  if (tid == 0) {
    partial[blockIdx.x] = tile[0];
    // CHECK: alpaka::onAcc::memFence(xfence_acc, alpaka::onAcc::scope::device, alpaka::onAcc::order::seq_cst);
    // CHECK-NEXT: unsigned ticket = xfence_atomic_inc_global_uint_relaxed_device(xfence_acc, xfence_wi, &count, (uint)xfence_wi.get_num_groups(0));
    __threadfence();
    unsigned ticket = atomicInc(&count, gridDim.x);
    last = ticket == gridDim.x - 1;
  }
  __syncthreads();
  if (last && tid == 0) {
    float s = 0;
    for (unsigned b = 0; b < gridDim.x; ++b)
      s += partial[b];
    *total = s;
    count = 0;
  }
}

// CHECK-LABEL: struct atomics {
// CHECK: ALPAKA_FN_ACC void operator()(auto const &xfence_acc, const xfence_alpaka::NDRange &xfence_nd, float *out, int *flags, unsigned *c, std::size_t xfence_offset_buf) const {
// CHECK: float *buf = reinterpret_cast<float *>(xfence_shared + xfence_offset_buf);
__global__ void atomics(float *out, int *flags, unsigned *c) {
  extern __shared__ float buf[];
  buf[threadIdx.x] = threadIdx.x;
  // CHECK: alpaka::onAcc::memFence(xfence_acc, alpaka::onAcc::scope::block, alpaka::onAcc::order::seq_cst);
  // CHECK-NEXT: alpaka::onAcc::atomicAdd(xfence_acc, (int *)((volatile atomic_int *)(&flags[0])), (int)(1), alpaka::onAcc::scope::block);
  // CHECK-NEXT: alpaka::onAcc::atomicMax(xfence_acc, (int *)((volatile atomic_int *)(&flags[1])), (int)((int)(uint)xfence_wi.get_local_id(0)), alpaka::onAcc::scope::device);
  // CHECK-NEXT: xfence_cas_global_int_relaxed_relaxed_device(xfence_acc, xfence_wi, &flags[2], 0, 1);
  // CHECK-NEXT: alpaka::onAcc::memFence(xfence_acc, alpaka::onAcc::scope::system, alpaka::onAcc::order::seq_cst);
  // CHECK-NEXT: alpaka::onAcc::atomicExch(xfence_acc, (int *)((volatile atomic_int *)(&flags[3])), (int)(1), alpaka::onAcc::scope::device);
  __threadfence_block();
  atomicAdd_block(&flags[0], 1);
  atomicMax(&flags[1], (int)threadIdx.x);
  atomicCAS(&flags[2], 0, 1);
  __threadfence_system();
  atomicExch(&flags[3], 1);
  // An ordered atomic: the relaxed alpaka atomic between a release fence
  // and an acquire fence of its scope (alpaka's atomics are relaxed).
  // CHECK: unsigned int *counter = &(*c);
  // CHECK-NEXT: ({ unsigned int *xfence_object = (unsigned int *)((volatile atomic_uint *)(counter)); unsigned int xfence_value = (unsigned int)(1u); alpaka::onAcc::memFence(xfence_acc, alpaka::onAcc::scope::block, alpaka::onAcc::order::release); auto xfence_old = alpaka::onAcc::atomicAdd(xfence_acc, xfence_object, xfence_value, alpaka::onAcc::scope::block); alpaka::onAcc::memFence(xfence_acc, alpaka::onAcc::scope::block, alpaka::onAcc::order::acquire); (unsigned int)xfence_old; });
  // CHECK-NEXT: alpaka::onAcc::memFence(xfence_acc, alpaka::onAcc::scope::device, alpaka::onAcc::order::acquire);
  cuda::atomic_ref<unsigned, cuda::thread_scope_block> counter(*c);
  counter.fetch_add(1u, cuda::memory_order_acq_rel);
  cuda::atomic_thread_fence(cuda::memory_order_acquire,
                            cuda::thread_scope_device);
  __syncthreads();
  // CHECK: out[(uint)xfence_wi.get_group_id(0) * (uint)xfence_wi.get_local_size(0) + (uint)xfence_wi.get_local_id(0)] =
  // CHECK-NEXT: buf[(uint)xfence_wi.get_local_size(0) - 1 - (uint)xfence_wi.get_local_id(0)] + lane(xfence_acc, xfence_wi);
  out[blockIdx.x * blockDim.x + threadIdx.x] =
      buf[blockDim.x - 1 - threadIdx.x] + lane();
}

// A template kernel: one functor per instance that the host code launches.
// CHECK-LABEL: struct scale__float_64 {
// CHECK: auto &t = alpaka::onAcc::declareSharedVar<float[64], 3>(xfence_acc);
template <typename T, int B> __global__ void scale(T *x, T f) {
  __shared__ T t[B];
  t[threadIdx.x] = x[blockIdx.x * B + threadIdx.x] * f;
  __syncthreads();
  x[blockIdx.x * B + threadIdx.x] = t[B - 1 - threadIdx.x];
}

// Host code is left out; the launch helpers take CUDA's grid and block, and
// the dynamic shared memory's size as the last argument.
// CHECK: /* xfence: host function 'main' left out */
int main() {
  float *in = nullptr, *partial = nullptr, *total = nullptr;
  sum<<<32, BLOCK>>>(in, partial, total, 4096);
  atomics<<<4, 64, 64 * sizeof(float)>>>(partial, nullptr, nullptr);
  scale<float, 64><<<4, 64>>>(in, 2.0f);
  return 0;
}

// CHECK-LABEL: void launch_sum(XfenceQueue &queue, XfenceExecutor executor,
// CHECK-NEXT: xfence_alpaka::Range grid, xfence_alpaka::Range block, const float *in, float *partial, float *total, int n) {
// CHECK-NEXT: xfence_alpaka::Launch xfence_launch = xfence_alpaka::Launch::cuda(grid, block);
// CHECK-LABEL: void launch_atomics(XfenceQueue &queue, XfenceExecutor executor,
// CHECK-NEXT: xfence_alpaka::Range grid, xfence_alpaka::Range block, float *out, int *flags, uint *c, std::size_t buf_bytes) {
// CHECK-NEXT: xfence_alpaka::Launch xfence_launch = xfence_alpaka::Launch::cuda(grid, block);
// CHECK-NEXT: std::size_t xfence_offset_buf = xfence_launch.local(buf_bytes);
// CHECK-LABEL: void launch_scale__float_64(
