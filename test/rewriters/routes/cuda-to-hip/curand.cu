// CUDA to HIP: cuRAND's headers and names become hipRAND's (curand_init ->
// hiprand_init, curandState -> hiprandState, CURAND_STATUS_SUCCESS ->
// HIPRAND_STATUS_SUCCESS), in the file and in the bodies of the user's
// macros; the user's own names that begin with `curand` stay. A cuRAND name
// that hipRAND lacks is refused at its use. HeCBench's and the CUDA
// samples' cuRAND programs were refused at the #include.
// REQUIRES: hiprand-headers, cuda-toolkit
// RUN: xfence translate %s --to hip --verify-output -o %t.hip
// RUN: grep -v '^ *//' %t.hip | FileCheck %s
// RUN: not xfence translate %s --to hip -DLONGLONG -o %t.bad.hip 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BAD
// RUN: not test -e %t.bad.hip

// CHECK: #include <hiprand/hiprand_kernel.h>
// CHECK: #include <hiprand/hiprand.h>
#include <curand_kernel.h>
#include <curand.h>
#include <cstdio>

// CHECK: #define CURAND_CHECK(x) if ((x) != HIPRAND_STATUS_SUCCESS) return 1
#define CURAND_CHECK(x) if ((x) != CURAND_STATUS_SUCCESS) return 1

// CHECK: __device__ float curand_scaled(hiprandState *s, float k) {
// CHECK-NEXT: return k * hiprand_uniform(s);
__device__ float curand_scaled(curandState *s, float k) {
  return k * curand_uniform(s);
}

// CHECK: __global__ void setup(hiprandState *s, unsigned long long seed) {
// CHECK: hiprand_init(seed, i, 0, &s[i]);
__global__ void setup(curandState *s, unsigned long long seed) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  curand_init(seed, i, 0, &s[i]);
}

// CHECK: hiprandStatePhilox4_32_10_t p;
// CHECK: o[i] = curand_scaled(&local, 2.0f) + hiprand_normal(&local);
// CHECK: u[i] = hiprand(&local) ^ hiprand(&p);
__global__ void draw(curandState *s, float *o, unsigned *u) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  curandState local = s[i];
  curandStatePhilox4_32_10_t p;
  curand_init(1, i, 0, &p);
  o[i] = curand_scaled(&local, 2.0f) + curand_normal(&local);
  u[i] = curand(&local) ^ curand(&p);
  s[i] = local;
}

int main() {
  // CHECK: hiprandGenerator_t g;
  curandGenerator_t g;
  float *d;
  cudaMalloc(&d, 100 * sizeof(float));
  // CHECK: CURAND_CHECK(hiprandCreateGenerator(&g, HIPRAND_RNG_PSEUDO_PHILOX4_32_10));
  CURAND_CHECK(curandCreateGenerator(&g, CURAND_RNG_PSEUDO_PHILOX4_32_10));
  CURAND_CHECK(curandSetPseudoRandomGeneratorSeed(g, 1234ULL));
  CURAND_CHECK(curandGenerateUniform(g, d, 100));
#ifdef LONGLONG
  // BAD: curand.cu:[[@LINE+1]]:16: error: 'curandGenerateLongLong' has no HIP equivalent that xfence knows
  CURAND_CHECK(curandGenerateLongLong(g, nullptr, 0));
#endif
  curandDestroyGenerator(g);
  curandState *s;
  cudaMalloc(&s, 64 * sizeof(curandState));
  setup<<<1, 64>>>(s, 7);
  draw<<<1, 64>>>(s, d, nullptr);
  cudaDeviceSynchronize();
  printf("done\n");
  return 0;
}
