// HIP to CUDA: HIP's half, bfloat16 and fp8 headers become CUDA's (their
// functions have CUDA's names; HIP's own type names are renamed), and
// hipHostMalloc, whose flags HIP lets the caller leave out, becomes CUDA's
// C++ cudaMallocHost, which takes both forms (cudaHostAlloc needs the
// flags: the two-argument call did not parse). HIP's flags keep their
// values (hipHostMallocMapped is cudaHostAllocMapped, 2); AMD's coherence
// flag has no CUDA name and is an error. Found on HeCBench's HIP programs
// (11 used hip_fp16.h, 9 hip_bf16.h, 12 hipHostMalloc). The input is not
// checked by clang's HIP mode: Debian's HIP 5.2 headers have no
// hip_bf16.h, and their hip_fp16.h does not parse with clang 22.
// RUN: xfence translate %s --to cuda -o %t.cu
// RUN: grep -v '^ *//' %t.cu | FileCheck %s
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -std=c++17 -c %t.cu -o %t.o %}
// RUN: not xfence translate %s --to cuda -DCOHERENT -o %t.bad.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=COHERENT
// RUN: not test -e %t.bad.cu

// CHECK: #include <cuda_runtime.h>
// CHECK-NEXT: #include <cuda_fp16.h>
// CHECK-NEXT: #include <cuda_bf16.h>
// CHECK-NEXT: #include <cuda_fp8.h>
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>
#include <hip/hip_bf16.h>
#include <hip/hip_fp8.h>

// CHECK: __global__ void k(__half *h, __nv_bfloat16 *b, __nv_fp8_e4m3 *e, float *out) {
__global__ void k(__half *h, __hip_bfloat16 *b, __hip_fp8_e4m3 *e, float *out) {
  int i = threadIdx.x;
  // CHECK: __half x = __hadd(h[i], __float2half(1.0f));
  __half x = __hadd(h[i], __float2half(1.0f));
  // CHECK-NEXT: __nv_bfloat162 pair = __floats2bfloat162_rn(1.0f, 2.0f);
  __hip_bfloat162 pair = __floats2bfloat162_rn(1.0f, 2.0f);
  out[i] = __half2float(x) + __bfloat162float(b[i]) +
           __low2float(pair) + float(e[i]);
}

int main() {
  float *pinned, *mapped;
  // CHECK: cudaMallocHost(&pinned, 64 * sizeof(float));
  // CHECK-NEXT: cudaMallocHost((void **)&mapped, 64 * sizeof(float), cudaHostAllocMapped | cudaHostAllocPortable);
  hipHostMalloc(&pinned, 64 * sizeof(float));
  hipHostMalloc((void **)&mapped, 64 * sizeof(float), hipHostMallocMapped | hipHostMallocPortable);
#ifdef COHERENT
  // COHERENT: headers.hip:[[@LINE+1]]:{{[0-9]+}}: error: use of undeclared identifier 'hipHostMallocCoherent'
  hipHostMalloc(&pinned, 64, hipHostMallocCoherent);
#endif
  // CHECK: cudaFreeHost(pinned);
  hipHostFree(pinned);
  // HIP's older name (deprecated there).
  // CHECK-NEXT: cudaFreeHost(mapped);
  hipFreeHost(mapped);
  return 0;
}
