// CUDA to HIP, and the output back to CUDA: stream capture into a graph,
// stream-ordered allocation from the device's memory pool, priorities and
// the device attributes HeCBench's programs query. CUDA 12's three-argument cudaGraphInstantiate is HIP's
// hipGraphInstantiateWithFlags. Found on HeCBench (graphExecution,
// streamOrderedAllocation, streamPriority, attention-paged refused:
// names the table lacked).
// RUN: xfence translate %s --to hip -o %t.hip
// RUN: grep -v '^ *//' %t.hip | FileCheck %s
// RUN: %if hip-headers %{ %hip-clang -fsyntax-only -std=c++17 %t.hip %}
// RUN: cp %t.hip %t.back.hip
// RUN: xfence translate %t.back.hip --to cuda -o %t.back.cu
// RUN: grep -v '^ *//' %t.back.cu | FileCheck %s --check-prefix=BACK
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -std=c++17 -c %t.back.cu -o %t.o %}
#include <cuda_runtime.h>

__global__ void scale(float *x, float a) { x[threadIdx.x] *= a; }

int main() {
  cudaStream_t s;
  int lo, hi;
  cudaDeviceGetStreamPriorityRange(&lo, &hi);
  // CHECK: hipStreamCreateWithPriority(&s, hipStreamNonBlocking, hi);
  // BACK: cudaStreamCreateWithPriority(&s, cudaStreamNonBlocking, hi);
  cudaStreamCreateWithPriority(&s, cudaStreamNonBlocking, hi);
  cudaMemPool_t pool;
  // CHECK: hipDeviceGetDefaultMemPool(&pool, 0);
  cudaDeviceGetDefaultMemPool(&pool, 0);
  unsigned long long threshold = ~0ull;
  // CHECK: hipMemPoolSetAttribute(pool, hipMemPoolAttrReleaseThreshold, &threshold);
  cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &threshold);
  float *x;
  // CHECK: hipMallocAsync((void **)&x, 32 * sizeof(float), s);
  // BACK: cudaMallocAsync((void **)&x, 32 * sizeof(float), s);
  cudaMallocAsync((void **)&x, 32 * sizeof(float), s);
  cudaGraph_t graph;
  cudaGraphExec_t exec;
  // CHECK: hipStreamBeginCapture(s, hipStreamCaptureModeGlobal);
  cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
  scale<<<1, 32, 0, s>>>(x, 2.0f);
  cudaStreamEndCapture(s, &graph);
  // CHECK: hipGraphInstantiateWithFlags(&exec, graph, 0);
  // BACK: cudaGraphInstantiateWithFlags(&exec, graph, 0);
  cudaGraphInstantiate(&exec, graph, 0);
  // CHECK: hipGraphLaunch(exec, s);
  cudaGraphLaunch(exec, s);
  cudaStreamSynchronize(s);
  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(graph);
  cudaFreeAsync(x, s);
  int clock, bus;
  // CHECK: hipDeviceGetAttribute(&clock, hipDeviceAttributeMemoryClockRate, 0);
  // BACK: cudaDeviceGetAttribute(&clock, cudaDevAttrMemoryClockRate, 0);
  cudaDeviceGetAttribute(&clock, cudaDevAttrMemoryClockRate, 0);
  cudaDeviceGetAttribute(&bus, cudaDevAttrGlobalMemoryBusWidth, 0);
  // HIP 5.2 takes the kernel as a const void * only.
  cudaFuncSetAttribute((const void *)scale,
                       cudaFuncAttributeMaxDynamicSharedMemorySize, 1024);
  cudaStreamDestroy(s);
  return clock == 0 && bus == 0;
}
