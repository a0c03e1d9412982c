// The fixed text of the OpenCL C library (rewriters/sources/opencl/library)
// is a real source file: with the qualifier macros and the `half` that a
// translation's prelude declares, it compiles on its own in a C++ kernel
// language (HIP here: the language of CUDA), and its templates instantiate
// for the vectors, swizzles and images a kernel uses.
// REQUIRES: hip-headers
// RUN: %hip-clang -std=c++17 -fsyntax-only -I %xfence_src %s
// A half whose conversion to float is the library's assumption:
// RUN: not %hip-clang -std=c++17 -fsyntax-only -I %xfence_src -DBAD_HALF %s 2>&1 | FileCheck %s
// CHECK: Images.hpp:{{[0-9]+}}:{{[0-9]+}}: error:

#include <hip/hip_runtime.h>
#include <type_traits>
#include <utility>

#define XFENCE_OCL_HD __host__ __device__
#define XFENCE_OCL_D __device__
#ifdef BAD_HALF
struct half {};
#else
typedef _Float16 half;
#endif

#include "rewriters/sources/opencl/library/Vectors.hpp"
#include "rewriters/sources/opencl/library/Images.hpp"

__global__ void k(ocl::vec<float, 4> *v, ocl::vec<int, 3> *w,
                  ocl::image2d_t img, ocl::sampler_t s) {
  v[0] = v[1] * 2.0f + v[2];
  v[0].ref<0, 2>() = v[1].get<3, 1>();
  v[3] = ocl::vec<float, 4>(w[0].get<0, 1>(), 1.0f, v[2].get<3>());
  w[1] += w[2] >> 1;
  v[4] = ocl::read_imagef(img, s, ocl::vec<float, 2>(0.5f, 0.5f));
  ocl::write_imagef(img, ocl::vec<int, 2>(0, 0), v[4]);
}
