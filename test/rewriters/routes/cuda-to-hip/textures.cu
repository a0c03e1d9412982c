// CUDA to HIP: texture objects and the CUDA arrays behind them, as the CUDA
// samples use them (21 of their files stopped at cudaTextureObject_t). A
// texture fetch is a read-only load: nothing to synchronize; the names are
// renamed by the runtime table (names.test checks each against both
// headers), `tex2D<T>` is HIP's own spelling too, and make_cudaExtent and
// the other make_ helpers are renamed with them.
// RUN: xfence translate %s --to hip -o %t.hip
// RUN: grep -v '^ *//' %t.hip | FileCheck %s
// RUN: %if hip-headers %{ %hip-clang -fsyntax-only -std=c++17 %t.hip %}
#include <cuda_runtime.h>
// CHECK: __global__ void k(hipTextureObject_t t, float *out, int w) {
// CHECK: out[y * w + x] = tex2D<float>(t, x + 0.5f, y + 0.5f);
__global__ void k(cudaTextureObject_t t, float *out, int w) {
  int x = threadIdx.x, y = blockIdx.x;
  out[y * w + x] = tex2D<float>(t, x + 0.5f, y + 0.5f);
}
int main() {
  int w = 32, h = 32;
  // CHECK: hipChannelFormatDesc desc = hipCreateChannelDesc(32, 0, 0, 0, hipChannelFormatKindFloat);
  cudaChannelFormatDesc desc = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
  cudaArray *array;
  cudaMallocArray(&array, &desc, w, h);
  cudaResourceDesc res = {};
  res.resType = cudaResourceTypeArray;
  res.res.array.array = array;
  cudaTextureDesc td = {};
  td.addressMode[0] = cudaAddressModeClamp;
  td.filterMode = cudaFilterModePoint;
  td.readMode = cudaReadModeElementType;
  cudaTextureObject_t tex;
  // CHECK: hipCreateTextureObject(&tex, &res, &td, nullptr);
  cudaCreateTextureObject(&tex, &res, &td, nullptr);
  // CHECK-NEXT: hipExtent e = make_hipExtent(4, 4, 4);
  cudaExtent e = make_cudaExtent(4, 4, 4);
  (void)e;
  float *out;
  cudaMalloc(&out, w * h * sizeof(float));
  k<<<h, w>>>(tex, out, w);
  cudaDestroyTextureObject(tex);
  // CHECK: hipFreeArray(array);
  cudaFreeArray(array);
  return 0;
}
