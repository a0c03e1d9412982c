// Constructs met in public OpenCL suites (bench/corpus): a loop pragma whose
// count is a macro, __local arguments whose size names clash, and OpenCL
// build options passed as the host passes them.
// RUN: xfence translate %s --to cuda -cl-mad-enable -cl-fast-relaxed-math -o %t.cu
// RUN: grep -v CHECK %t.cu | FileCheck %s
// RUN: grep -v CHECK %t.cu | FileCheck %s --check-prefix=PRELUDE
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}
// An option clang does not know fails the run, with no output.
// RUN: not xfence translate %s --to cuda -cl-no-such-option -o %t.bad.cu 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not test -e %t.bad.cu
// BAD: error: unknown argument: '-cl-no-such-option'

#define UNROLL 4
// nvcc does not expand macros in `#pragma unroll`: the value is written.
// CHECK-LABEL: __global__ void unrolled(
// CHECK: #pragma unroll 4
// CHECK-NEXT: for (int i = 0; i < 16; ++i)
__kernel void unrolled(__global float *o) {
#pragma unroll UNROLL
  for (int i = 0; i < 16; ++i)
    o[i] = i;
}

// -cl-fast-relaxed-math defines __FAST_RELAXED_MATH__, as for clang, and
// the output keeps the definition for the code that tests it.
// PRELUDE: #define __FAST_RELAXED_MATH__ 1
// PRELUDE: __global__ void relaxed(
// PRELUDE-NEXT: #ifdef __FAST_RELAXED_MATH__
__kernel void relaxed(__global int *o) {
#ifdef __FAST_RELAXED_MATH__
  o[0] = 1;
#else
  o[0] = 2;
#endif
}

// A __local argument named `shared` and one named `a` next to a parameter
// named `a_bytes`: the size arguments and the helper's locals keep apart.
// CHECK-LABEL: __global__ void sizes(float *o, int a_bytes, size_t shared_bytes, size_t a_bytes_) {
// CHECK: inline cudaError_t launch_sizes(dim3 global_size, dim3 local_size, float *o, int a_bytes, size_t shared_bytes, size_t a_bytes_, cudaStream_t stream = 0) {
// CHECK: const size_t xfence_shared_bytes = ocl::round16(shared_bytes) + ocl::round16(a_bytes_);
__kernel void sizes(__global float *o, __local float *shared, int a_bytes,
                    __local int *a) {
  shared[0] = a_bytes;
  a[0] = 1;
  o[0] = shared[0] + a[0];
}
