// Casts and integer types of real-world CUDA: a cast to a pointer type gets
// the address space of the memory its operand points into (OpenCL C may not
// change the address space in a cast; 3.0 without generic pointers, as on
// PoCL, rejects the unqualified form too); static_cast, reinterpret_cast and
// const_cast become C casts; the <stdint.h> types get typedefs in the
// prelude; a `typedef unsigned int uint;` (built into OpenCL C) goes.
// RUN: xfence translate --cuda-builtin-header %s --to opencl -o %t12.cl
// RUN: grep -v '^ *// [^x]' %t12.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -fsyntax-only %t12.cl
// RUN: xfence translate --cuda-builtin-header %s --to opencl --cl-std=CL3.0 -o %t30.cl
// RUN: grep -v '^ *// [^x]' %t30.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t30.cl
// As PoCL builds 3.0 (no generic address space):
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -Xclang -cl-ext=-__opencl_c_device_enqueue,-__opencl_c_generic_address_space,-__opencl_c_pipes -fsyntax-only %t30.cl
#include <cuda_runtime.h>
#include <stdint.h>

// CHECK: // xfence: the <stdint.h> types of the CUDA code
// CHECK-NEXT: typedef long int64_t;
// CHECK-NEXT: typedef uint uint32_t;
// CHECK-NEXT: typedef uchar uint8_t;
// CHECK: // xfence: end of prelude

// CHECK: {{^}}/* xfence: typedef 'uint' removed: a built-in type of OpenCL C */
typedef unsigned int uint;

struct Pair { int a, b; };

// CHECK: __kernel void casts(__global uint32_t *out, __global uint *keys, const __global uint8_t *bytes, int64_t n) {
__global__ void casts(uint32_t *out, uint *keys, const uint8_t *bytes, int64_t n) {
  // CHECK-NEXT: __local uint smem[4][64];
  __shared__ uint smem[4][64];
  // CHECK-NEXT: ((__local unsigned int *)smem)[(uint)get_local_id(0)] = 0;
  ((unsigned int *)smem)[threadIdx.x] = 0;
  // CHECK-NEXT: uint4 k = *((__global uint4 *)(keys + 4 * (uint)get_local_id(0)));
  uint4 k = *((uint4 *)(keys + 4 * threadIdx.x));
  // CHECK-NEXT: const __global uint4 *r = ((const __global uint4 *)(keys));
  const uint4 *r = reinterpret_cast<const uint4 *>(keys);
  // CHECK-NEXT: int i = ((int)(k.x)) + ((__global Pair *)(out))->a;
  int i = static_cast<int>(k.x) + reinterpret_cast<Pair *>(out)->a;
  // CHECK-NEXT: __global uint *w = ((__global uint *)(((const __global uint *)(r))));
  uint *w = const_cast<uint *>(reinterpret_cast<const uint *>(r));
  __syncthreads();
  out[i] = smem[0][i] + w[0] + bytes[0] + (uint32_t)n;
}
