// HIP's <hip/hip_runtime.h> brings standard headers with it (HIP 5.2 and
// clang's HIP wrappers: <string>, <sstream>, <thread>, <algorithm>, ...),
// and HIP programs use them without including them (CSC's HIP course,
// memory/*/solution: `const std::string` parameters, refused before as
// "no type named 'string' in namespace 'std'"). xfence's parse has them
// and so has the output's prelude.
// RUN: xfence translate %s --to cuda -o %t.cu
// RUN: FileCheck %s < %t.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -std=c++17 -c %t.cu -o %t.o %}
// RUN: %if hip-headers %{ %hip-clang -fsyntax-only -std=c++17 %s %}
// CHECK-DAG: #include <string>
// CHECK-DAG: #include <sstream>
// CHECK-DAG: #include <thread>
// CHECK-DAG: #include <algorithm>
#include <hip/hip_runtime.h>

__global__ void fill(int *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = i;
}

void report(const std::string what, float ms) {
  std::ostringstream line;
  line << what << ": " << std::max(ms, 0.0f) << " ms";
  printf("%s\n", line.str().c_str());
}

int main() {
  int *a;
  hipMalloc(&a, 64 * sizeof(int));
  fill<<<1, 64>>>(a, 64);
  std::this_thread::yield();
  report("fill", 1.5f);
  return hipDeviceSynchronize() != hipSuccess;
}
