// CUDA to HIP: runtime calls of the CUDA samples that HIP declares
// otherwise.
// - A stream callback declared `void CUDART_CB f(...)`: CUDART_CB (empty
//   but on Windows) has no HIP counterpart; it goes (simpleCallback).
// - cudaFuncGetAttributes of a kernel template named in a template
//   (`kernel<Real>`, unresolved there): HIP takes `const void *`, cast as
//   for a resolved kernel (MC_EstimatePiP, MC_SingleAsianOptionP); and
//   cudaFuncSetAttribute, resolved or not (HeCBench's ssm: not cast).
// - CUDA 13's cudaMemPrefetchAsync takes a cudaMemLocation, HIP's a device
//   number: refused at the call (HeCBench's prefetch). So is a runtime
//   function called in device code (CUDA's device runtime; HIP has none).
// REQUIRES: cuda-toolkit
// RUN: xfence translate %s --to hip --verify-output -o %t.hip
// RUN: grep -v '^ *// [A-Z-]*:' %t.hip | FileCheck %s
// RUN: %if cuda-toolkit %{ not xfence translate %s --to hip -DPREFETCH -o %t.bad.hip 2>&1 | FileCheck %s --check-prefix=PREFETCH %}
// RUN: not xfence translate %s --to hip -DDEVERR -o %t.bad.hip 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DEVERR
// RUN: not test -e %t.bad.hip

// CHECK: void /* xfence: CUDART_CB */ done(hipStream_t stream, hipError_t status, void *data);
void CUDART_CB done(cudaStream_t stream, cudaError_t status, void *data);

#ifdef DEVERR
// The device runtime: HIP has none (HeCBench's logic-rewrite).
__device__ void check(cudaError_t e) {
  // DEVERR: runtime-calls.cu:[[@LINE+1]]:40: error: 'cudaGetErrorString' in device code: HIP has no device-side runtime API
  if (e != cudaSuccess) printf("%s\n", cudaGetErrorString(e));
}
#endif

template <typename Real> __global__ void fill(Real *p) {
  p[threadIdx.x] = Real(1);
}

template <typename Real> struct Launcher {
  int blockSize() {
    cudaFuncAttributes attributes;
    // CHECK: hipFuncGetAttributes(&attributes, reinterpret_cast<const void *>(fill<Real>));
    cudaFuncGetAttributes(&attributes, fill<Real>);
    // CHECK: hipFuncSetAttribute(reinterpret_cast<const void *>(fill<Real>), hipFuncAttributeMaxDynamicSharedMemorySize, 0);
    cudaFuncSetAttribute(fill<Real>, cudaFuncAttributeMaxDynamicSharedMemorySize, 0);
    return attributes.maxThreadsPerBlock;
  }
};

int main() {
  Launcher<float> launcher;
  int threads = launcher.blockSize();
  float *p;
  cudaMallocManaged(&p, 64 * sizeof(float));
#ifdef PREFETCH
  cudaMemLocation where = {cudaMemLocationTypeDevice, 0};
  // PREFETCH: runtime-calls.cu:[[@LINE+1]]:3: error: 'cudaMemPrefetchAsync' of CUDA 13 takes a cudaMemLocation
  cudaMemPrefetchAsync(p, 64 * sizeof(float), where, 0, 0);
#endif
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  fill<float><<<1, threads < 64 ? threads : 64, 0, stream>>>(p);
  cudaStreamAddCallback(stream, done, nullptr, 0);
  return cudaStreamSynchronize(stream) != cudaSuccess;
}

void CUDART_CB done(cudaStream_t stream, cudaError_t status, void *data) {}

// Explicit instantiations written by a macro (HeCBench's gerbil): the
// runtime's names in the macro's body take their HIP names there, though
// the walk over the code never reaches the instantiations' parameter types.
// CHECK-LABEL: #define EXPORT(n)
// CHECK-SAME: template void launchOn<n>(int *, hipStream_t &);
template <int N> void launchOn(int *p, cudaStream_t &stream) {
  cudaMemsetAsync(p, 0, N * sizeof(int), stream);
}
#define EXPORT(n) template void launchOn<n>(int *, cudaStream_t &);
EXPORT(1)
EXPORT(2)
