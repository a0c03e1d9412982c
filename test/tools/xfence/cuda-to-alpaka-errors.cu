// What CUDA-to-alpaka refuses (docs/cuda-to-alpaka.md), with a location, and
// without writing an output. Errors of the second step (OpenCL C to alpaka)
// are located in the OpenCL C translation, which a note names.
// RUN: rm -f %t.cpp
// RUN: not xfence translate %s --to alpaka --cuda-builtin-header -DSHUFFLE -o %t.cpp 2>&1 | FileCheck %s --check-prefix=SHUFFLE
// RUN: not xfence translate %s --to alpaka --cuda-builtin-header -DSYNCWARP -o %t.cpp 2>&1 | FileCheck %s --check-prefix=SYNCWARP
// RUN: not xfence translate %s --to alpaka --cuda-builtin-header -DCOUNT -o %t.cpp 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: not xfence translate %s --to alpaka --cuda-builtin-header -DDO -o %t.cpp 2>&1 | FileCheck %s --check-prefix=DO
// RUN: not xfence translate %s --to alpaka --cuda-builtin-header -DHELPER -o %t.cpp 2>&1 | FileCheck %s --check-prefix=HELPER
// RUN: not xfence translate %s --to alpaka --cuda-builtin-header -DSYSTEM -o %t.cpp 2>&1 | FileCheck %s --check-prefix=SYSTEM
// RUN: not test -e %t.cpp

#ifdef SHUFFLE
// SHUFFLE: cuda-to-alpaka-errors.cu:[[@LINE+3]]:8: error: '__shfl_down_sync' (a warp shuffle or vote) has no alpaka form that xfence writes
__global__ void k(int *out) {
  int v = threadIdx.x;
  v += __shfl_down_sync(0xffffffff, v, 1);
  out[threadIdx.x] = v;
}
#endif

#ifdef SYNCWARP
// A warp barrier: alpaka's only barrier is the block's.
// SYNCWARP: cuda-to-alpaka-errors.cu.cl:{{[0-9]+}}:{{[0-9]+}}: error: a barrier with execution scope 'subgroup' has no sound alpaka form (syncBlockThreads is the only barrier)
// SYNCWARP: note: the locations above are in the OpenCL C translation of '{{.*}}cuda-to-alpaka-errors.cu' (docs/cuda-to-alpaka.md); 'xfence translate {{.*}}cuda-to-alpaka-errors.cu --to opencl -cl-std=CL2.0 -o {{.*}}cuda-to-alpaka-errors.cu.cl' writes it
__global__ void k(int *out) {
  out[threadIdx.x] = 1;
  __syncwarp();
  out[threadIdx.x] += out[threadIdx.x ^ 1];
}
#endif

#ifdef COUNT
// COUNT: error: the OpenCL built-in 'work_group_reduce_add' has no alpaka translation
// COUNT: note: the locations above are in the OpenCL C translation
__global__ void k(int *out, const int *in) {
  out[threadIdx.x] = __syncthreads_count(in[threadIdx.x] > 0);
}
#endif

#ifdef DO
// DO: error: a barrier inside this statement has no alpaka translation in xfence
__global__ void k(int *out, int n) {
  int i = 0;
  do {
    out[threadIdx.x] += i;
    __syncthreads();
  } while (++i < n);
}
#endif

#ifdef HELPER
// HELPER: error: a barrier in a function that is not a kernel has no alpaka translation in xfence
__device__ void stage(float *t) {
  t[threadIdx.x] = 0;
  __syncthreads();
}
__global__ void k(float *o) {
  __shared__ float t[64];
  stage(t);
  o[threadIdx.x] = t[63 - threadIdx.x];
}
#endif

#ifdef SYSTEM
// alpaka's atomics take the block or the device, never the system.
// SYSTEM: error: an atomic at scope 'system' has no sound alpaka form (alpaka's atomics take the block or the device)
__global__ void k(int *flag) { atomicExch_system(flag, 1); }
#endif
