// CUDA to HIP: surfaces, layered and cubemap arrays, 2D memsets, IPC
// handles and the shared memory bank configuration take HIP's names (the
// CUDA samples' simpleSurfaceWrite, simpleLayeredTexture,
// simpleCubemapTexture, simplePitchLinearTexture, simpleIPC were refused at
// them); surf2Dwrite keeps its name. A member of cudaDeviceProp that HIP
// 5.2's hipDeviceProp_t lacks is refused at its use (it was kept: the
// output did not compile); sharedMemPerMultiprocessor is HIP's
// maxSharedMemoryPerMultiProcessor (the CUDA samples' tensor-core GEMMs).
// REQUIRES: cuda-toolkit
// RUN: xfence translate %s --to hip --verify-output -o %t.hip
// RUN: grep -v '^ *// [A-Z-]*:' %t.hip | FileCheck %s
// RUN: not xfence translate %s --to hip -DPROP -o %t.bad.hip 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PROP
// RUN: not test -e %t.bad.hip

// CHECK: __global__ void write(hipSurfaceObject_t s, int w) {
// CHECK: surf2Dwrite(1.0f * x, s, x * 4, y, hipBoundaryModeTrap);
__global__ void write(cudaSurfaceObject_t s, int w) {
  int x = threadIdx.x, y = blockIdx.x;
  if (x < w)
    surf2Dwrite(1.0f * x, s, x * 4, y, cudaBoundaryModeTrap);
}

__global__ void kernel() {}

int main() {
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
  cudaArray_t array, layered;
  // CHECK: hipMallocArray(&array, &desc, 16, 16, hipArraySurfaceLoadStore);
  cudaMallocArray(&array, &desc, 16, 16, cudaArraySurfaceLoadStore);
  // CHECK: hipMalloc3DArray(&layered, &desc, make_hipExtent(16, 16, 4), hipArrayLayered);
  cudaMalloc3DArray(&layered, &desc, make_cudaExtent(16, 16, 4), cudaArrayLayered);
  cudaResourceDesc res = {};
  // CHECK: res.resType = hipResourceTypeArray;
  res.resType = cudaResourceTypeArray;
  res.res.array.array = array;
  cudaSurfaceObject_t surface;
  // CHECK: hipCreateSurfaceObject(&surface, &res);
  cudaCreateSurfaceObject(&surface, &res);
  write<<<16, 16>>>(surface, 16);
  // CHECK: hipDestroySurfaceObject(surface);
  cudaDestroySurfaceObject(surface);
  float *pitched;
  size_t pitch;
  cudaMallocPitch((void **)&pitched, &pitch, 64, 8);
  // CHECK: hipMemset2D(pitched, pitch, 0, 64, 8);
  cudaMemset2D(pitched, pitch, 0, 64, 8);
  // CHECK: hipIpcMemHandle_t handle;
  cudaIpcMemHandle_t handle;
  cudaIpcGetMemHandle(&handle, pitched);
  // CHECK: hipFuncSetSharedMemConfig(reinterpret_cast<const void *>(kernel), hipSharedMemBankSizeFourByte);
  cudaFuncSetSharedMemConfig(kernel, cudaSharedMemBankSizeFourByte);
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  int ok = prop.major;
  // CHECK: size_t perSM = prop.maxSharedMemoryPerMultiProcessor;
  size_t perSM = prop.sharedMemPerMultiprocessor;
  ok += perSM > 0;
#ifdef PROP
  // PROP: surfaces-and-props.cu:[[@LINE+1]]:14: error: 'cudaDeviceProp::unifiedAddressing' has no member of HIP's hipDeviceProp_t that xfence knows
  ok += prop.unifiedAddressing;
#endif
  return cudaDeviceSynchronize() != cudaSuccess || ok < 0;
}
