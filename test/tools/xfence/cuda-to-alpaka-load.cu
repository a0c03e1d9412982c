// CUDA to alpaka: an atomic load (cuda::atomic_ref::load) has no alpaka
// form, since every alpaka atomic writes the object; the error is located
// in the OpenCL C step, which a note names (docs/cuda-to-alpaka.md,
// "Errors"), and no output is written.
// RUN: rm -f %t.cpp
// RUN: not xfence translate %s --to alpaka --cuda-builtin-header -o %t.cpp 2>&1 | FileCheck %s
// RUN: not test -e %t.cpp
#include <cuda/atomic>

__global__ void consume(int *flag, int *data, int *out) {
  cuda::atomic_ref<int, cuda::thread_scope_device> f(*flag);
  // CHECK: cuda-to-alpaka-load.cu.cl:{{[0-9]+}}:{{[0-9]+}}: error: an atomic load has no alpaka form
  // CHECK: note: the locations above are in the OpenCL C translation of '{{.*}}cuda-to-alpaka-load.cu'
  if (f.load(cuda::memory_order_acquire))
    out[threadIdx.x] = data[0];
}
