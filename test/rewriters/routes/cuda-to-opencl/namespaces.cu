// CUDA to OpenCL C: namespaces. A namespace of host code only is left out
// whole; one with device code loses its braces and the qualifiers that
// name it; device functions of one name in two namespaces are renamed as
// overloads are. Refused before ("a namespace has no OpenCL C form": 57
// files of HeCBench, the CUDA samples and NVIDIA's blog, e.g. HeCBench's
// kiss, logic-rewrite, tsne). The output is checked by clang's OpenCL C
// 3.0 mode and run on PoCL, where it prints what the CUDA program computes
// (2*1 + 3*2 + 3 + 3 + 3 = 17 for every thread).
// RUN: xfence translate %s --to opencl -cl-std=CL3.0 -o %t.cl
// RUN: grep -v '^ *// [^x]' %t.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t.cl
// RUN: %if pocl %{ %python %S/Inputs/run_namespaces.py %t.cl | FileCheck %s --check-prefix=POCL %}
// POCL: out 17 17 17 17
// RUN: printf 'namespace a::b {\n__device__ int f(int x) { return x; }\n}\n__global__ void k(int *p) { p[0] = a::b::f(1); }\n' > %t.nested.cu
// RUN: not xfence translate %t.nested.cu --to opencl -o %t.nested.cl 2>&1 | FileCheck %s --check-prefix=NESTED
// RUN: not test -e %t.nested.cl
// NESTED: nested.cu:1:14: error: a nested namespace definition (namespace a::b) has no OpenCL C form; write one namespace inside the other
// A template instantiated with a class of a library's namespace: the copy
// kept `cuda::std::divides<float>` as a parameter type (HeCBench tsne,
// reached once its namespaces translated). The toolkit's float4 stays.
// RUN: printf '#include <cstdlib>\n#include <functional>\ntemplate <typename Op> __global__ void k(float *p, Op op) { p[0] = op(p[0], 2.0f); }\ntemplate __global__ void k<std::divides<float>>(float *, std::divides<float>);\ntemplate <typename T> __global__ void v(T *p) { p[0] = p[1]; }\ntemplate __global__ void v<float4>(float4 *);\n' > %t.lib.cu
// RUN: not xfence translate %t.lib.cu --to opencl -o %t.lib.cl 2>&1 | FileCheck %s --check-prefix=LIBRARY
// RUN: not test -e %t.lib.cl
// LIBRARY: error: the template argument 'std::divides<float>' is a class of a library, which has no OpenCL C form
// LIBRARY-NOT: float4
#include <cstdio>

// CHECK: /* xfence: namespace util (OpenCL C has none) */
namespace util {
__host__ __device__ inline int twice(int x) { return 2 * x; }
struct Pair {
  int a, b;
};
namespace inner {
__device__ int thrice(int x) { return 3 * x; }
} // namespace inner
// CHECK: /* xfence: end of namespace inner */
} // namespace util
// CHECK: /* xfence: end of namespace util */

// CHECK: int twice_2(float x)
namespace other {
__device__ int twice(float x) { return (int)(x * 2.0f); }
} // namespace other

// CHECK: /* xfence: host namespace 'host_only' left out */
namespace host_only {
void report(int v) { printf("%d\n", v); }
struct Timer {
  double start;
  double stop() { return 0; }
};
} // namespace host_only

namespace {
__device__ int helper(int v) { return v + 1; }
} // namespace

// A class template's forward declaration (the CUDA samples' helper_image.h
// has one in a namespace) is host code: it was kept, and OpenCL C has no
// `template` (found by building the outputs on PoCL).
// CHECK: /* xfence: host namespace 'image_internal' left out */
namespace image_internal {
template <class T> struct Converter;
template <> struct Converter<float> {
  float operator()(unsigned char v) const { return v / 255.0f; }
};
} // namespace image_internal
// CHECK: /* xfence: host type 'Forward' left out */
template <class T> struct Forward;

using namespace util;
using util::inner::thrice;

// CHECK: __kernel void k(__global int *out, Pair p)
// CHECK-NEXT: out[(uint)get_local_id(0)] = twice(p.a) + thrice(p.b) +
// CHECK-NEXT: thrice(1) + helper(2) + twice_2(1.5f);
__global__ void k(int *out, util::Pair p) {
  out[threadIdx.x] = util::twice(p.a) + inner::thrice(p.b) +
                     ::util::inner::thrice(1) + helper(2) + other::twice(1.5f);
}

int main() {
  host_only::report(1);
  int *d;
  cudaMalloc(&d, 256);
  k<<<1, 64>>>(d, util::Pair{1, 2});
  return 0;
}
