// CUDA's SIMD intrinsics (HeCBench's intrinsics-simd, relu, dp4a): each
// is a prelude function over OpenCL C's vectors, `as_char4(a)` and the
// like (SimdIntrinsics.cpp). Every intrinsic of the lanes of an unsigned
// int, sm_90's three-operand ones and __dp4a, on 1,024 operand triples
// (edge values, then a fixed pseudo-random sequence); the 128 results of
// each are hashed (FNV-1a, 64 bits). The expected hash is what this file
// printed built by nvcc (CUDA 13.0, -arch=sm_90) and run on an NVIDIA
// H200 (bench/cuda-to-opencl/run_simd_gpu.sh; its output, with the hash of
// each of the 128 results, in bench/cuda-to-opencl/results/
// simd-intrinsics-h200.txt): PoCL prints the same for the translation.
// RUN: xfence translate %s --to opencl -cl-std=CL3.0 -o %t.cl
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t.cl
// RUN: xfence translate %s --to opencl -cl-std=CL1.2 -o %t12.cl
// RUN: clang -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -fsyntax-only %t12.cl
// RUN: grep -v '^ *// [^x]' %t.cl | FileCheck %s
// RUN: %if pocl %{ %python %S/Inputs/run_simd.py %t.cl | FileCheck %s --check-prefix=GPU %}
// GPU: simd 1024 x 128 fnv1a 0x44a1d07feb1a30e0

// CHECK: static inline uint xfence_vabsss4(uint a) { return as_uint(convert_char4_sat(abs(as_char4(a)))); }
// CHECK: static inline uint xfence_vavgs2(uint a, uint b) { int2 s = convert_int2(as_short2(a)) + convert_int2(as_short2(b)); return as_uint(convert_short2(select((s + 1) >> 1, s >> 1, s < 0))); }
// CHECK: static inline uint xfence_vsetgtu4(uint a, uint b) { return as_uint(-(as_uchar4(a) > as_uchar4(b))); }
// CHECK: __kernel void simd(__global unsigned *out, const __global unsigned *in, int n)
// CHECK: o[k++] = xfence_vabs2(x);
// CHECK: o[k++] = (unsigned)xfence_dp4a_int((int)x, (int)y, (int)z);
// CHECK-NEXT: o[k++] = xfence_dp4a_uint(x, y, z);

__global__ void simd(unsigned *out, const unsigned *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  unsigned x = in[3 * i], y = in[3 * i + 1], z = in[3 * i + 2];
  unsigned *o = out + 128 * i;
  int k = 0;
  bool hi, lo;
  o[k++] = __vabs2(x);
  o[k++] = __vabsss2(x);
  o[k++] = __vneg2(x);
  o[k++] = __vnegss2(x);
  o[k++] = __vadd2(x, y);
  o[k++] = __vaddss2(x, y);
  o[k++] = __vaddus2(x, y);
  o[k++] = __vsub2(x, y);
  o[k++] = __vsubss2(x, y);
  o[k++] = __vsubus2(x, y);
  o[k++] = __vabsdiffs2(x, y);
  o[k++] = __vabsdiffu2(x, y);
  o[k++] = __vavgs2(x, y);
  o[k++] = __vavgu2(x, y);
  o[k++] = __vhaddu2(x, y);
  o[k++] = __vcmpeq2(x, y);
  o[k++] = __vcmpne2(x, y);
  o[k++] = __vcmpges2(x, y);
  o[k++] = __vcmpgeu2(x, y);
  o[k++] = __vcmpgts2(x, y);
  o[k++] = __vcmpgtu2(x, y);
  o[k++] = __vcmples2(x, y);
  o[k++] = __vcmpleu2(x, y);
  o[k++] = __vcmplts2(x, y);
  o[k++] = __vcmpltu2(x, y);
  o[k++] = __vseteq2(x, y);
  o[k++] = __vsetne2(x, y);
  o[k++] = __vsetges2(x, y);
  o[k++] = __vsetgeu2(x, y);
  o[k++] = __vsetgts2(x, y);
  o[k++] = __vsetgtu2(x, y);
  o[k++] = __vsetles2(x, y);
  o[k++] = __vsetleu2(x, y);
  o[k++] = __vsetlts2(x, y);
  o[k++] = __vsetltu2(x, y);
  o[k++] = __vmaxs2(x, y);
  o[k++] = __vmaxu2(x, y);
  o[k++] = __vmins2(x, y);
  o[k++] = __vminu2(x, y);
  o[k++] = __vsads2(x, y);
  o[k++] = __vsadu2(x, y);
  o[k++] = __vabs4(x);
  o[k++] = __vabsss4(x);
  o[k++] = __vneg4(x);
  o[k++] = __vnegss4(x);
  o[k++] = __vadd4(x, y);
  o[k++] = __vaddss4(x, y);
  o[k++] = __vaddus4(x, y);
  o[k++] = __vsub4(x, y);
  o[k++] = __vsubss4(x, y);
  o[k++] = __vsubus4(x, y);
  o[k++] = __vabsdiffs4(x, y);
  o[k++] = __vabsdiffu4(x, y);
  o[k++] = __vavgs4(x, y);
  o[k++] = __vavgu4(x, y);
  o[k++] = __vhaddu4(x, y);
  o[k++] = __vcmpeq4(x, y);
  o[k++] = __vcmpne4(x, y);
  o[k++] = __vcmpges4(x, y);
  o[k++] = __vcmpgeu4(x, y);
  o[k++] = __vcmpgts4(x, y);
  o[k++] = __vcmpgtu4(x, y);
  o[k++] = __vcmples4(x, y);
  o[k++] = __vcmpleu4(x, y);
  o[k++] = __vcmplts4(x, y);
  o[k++] = __vcmpltu4(x, y);
  o[k++] = __vseteq4(x, y);
  o[k++] = __vsetne4(x, y);
  o[k++] = __vsetges4(x, y);
  o[k++] = __vsetgeu4(x, y);
  o[k++] = __vsetgts4(x, y);
  o[k++] = __vsetgtu4(x, y);
  o[k++] = __vsetles4(x, y);
  o[k++] = __vsetleu4(x, y);
  o[k++] = __vsetlts4(x, y);
  o[k++] = __vsetltu4(x, y);
  o[k++] = __vmaxs4(x, y);
  o[k++] = __vmaxu4(x, y);
  o[k++] = __vmins4(x, y);
  o[k++] = __vminu4(x, y);
  o[k++] = __vsads4(x, y);
  o[k++] = __vsadu4(x, y);
  o[k++] = (unsigned)__vimax3_s32((int)x, (int)y, (int)z);
  o[k++] = (unsigned)__vimax3_s32_relu((int)x, (int)y, (int)z);
  o[k++] = (unsigned)__vimin3_s32((int)x, (int)y, (int)z);
  o[k++] = (unsigned)__vimin3_s32_relu((int)x, (int)y, (int)z);
  o[k++] = (unsigned)__viaddmax_s32((int)x, (int)y, (int)z);
  o[k++] = (unsigned)__viaddmax_s32_relu((int)x, (int)y, (int)z);
  o[k++] = (unsigned)__viaddmin_s32((int)x, (int)y, (int)z);
  o[k++] = (unsigned)__viaddmin_s32_relu((int)x, (int)y, (int)z);
  o[k++] = (unsigned)__vimax_s32_relu((int)x, (int)y);
  o[k++] = (unsigned)__vimin_s32_relu((int)x, (int)y);
  o[k++] = (unsigned)__vibmax_s32((int)x, (int)y, &hi); o[k++] = hi;
  o[k++] = (unsigned)__vibmin_s32((int)x, (int)y, &hi); o[k++] = hi;
  o[k++] = (unsigned)__vimax3_u32(x, y, z);
  o[k++] = (unsigned)__vimin3_u32(x, y, z);
  o[k++] = (unsigned)__viaddmax_u32(x, y, z);
  o[k++] = (unsigned)__viaddmin_u32(x, y, z);
  o[k++] = (unsigned)__vibmax_u32(x, y, &hi); o[k++] = hi;
  o[k++] = (unsigned)__vibmin_u32(x, y, &hi); o[k++] = hi;
  o[k++] = (unsigned)__vimax3_s16x2(x, y, z);
  o[k++] = (unsigned)__vimax3_s16x2_relu(x, y, z);
  o[k++] = (unsigned)__vimin3_s16x2(x, y, z);
  o[k++] = (unsigned)__vimin3_s16x2_relu(x, y, z);
  o[k++] = (unsigned)__viaddmax_s16x2(x, y, z);
  o[k++] = (unsigned)__viaddmax_s16x2_relu(x, y, z);
  o[k++] = (unsigned)__viaddmin_s16x2(x, y, z);
  o[k++] = (unsigned)__viaddmin_s16x2_relu(x, y, z);
  o[k++] = (unsigned)__vimax_s16x2_relu(x, y);
  o[k++] = (unsigned)__vimin_s16x2_relu(x, y);
  o[k++] = __vibmax_s16x2(x, y, &hi, &lo); o[k++] = hi * 2 + lo;
  o[k++] = __vibmin_s16x2(x, y, &hi, &lo); o[k++] = hi * 2 + lo;
  o[k++] = (unsigned)__vimax3_u16x2(x, y, z);
  o[k++] = (unsigned)__vimin3_u16x2(x, y, z);
  o[k++] = (unsigned)__viaddmax_u16x2(x, y, z);
  o[k++] = (unsigned)__viaddmin_u16x2(x, y, z);
  o[k++] = __vibmax_u16x2(x, y, &hi, &lo); o[k++] = hi * 2 + lo;
  o[k++] = __vibmin_u16x2(x, y, &hi, &lo); o[k++] = hi * 2 + lo;
  o[k++] = (unsigned)__dp4a((int)x, (int)y, (int)z);
  o[k++] = __dp4a(x, y, z);
}

#ifdef GPU_RUN
// Built by nvcc on the GPU machine (bench/cuda-to-opencl/run_simd_gpu.sh).
#include <cstdio>
#include <vector>
int main(int argc, char **argv) {
  const int n = 1024, m = 128;
  std::vector<unsigned> in(3 * n), out(m * n);
  const unsigned edges[] = {0u, 0xffffffffu, 0x80808080u, 0x7f7f7f7fu,
                            0x80007fffu, 0x7fff8000u, 0x01010101u, 0xff01ff01u};
  unsigned s = 12345u;
  for (int i = 0; i < 3 * n; ++i) {
    s = s * 1664525u + 1013904223u;
    in[i] = i < 3 * 64 ? edges[(i / 3 + i % 3 * (i / 24)) % 8] : s;
  }
  unsigned *din, *dout;
  cudaMalloc(&din, in.size() * 4);
  cudaMalloc(&dout, out.size() * 4);
  cudaMemcpy(din, in.data(), in.size() * 4, cudaMemcpyHostToDevice);
  simd<<<n / 64, 64>>>(dout, din, n);
  cudaMemcpy(out.data(), dout, out.size() * 4, cudaMemcpyDeviceToHost);
  unsigned long long h = 14695981039346656037ull;
  for (unsigned v : out)
    for (int b = 0; b < 4; ++b) {
      h ^= (v >> (8 * b)) & 0xff;
      h *= 1099511628211ull;
    }
  printf("simd %d x %d fnv1a 0x%016llx\n", n, m, h);
  // With an argument: each result's hash over the inputs.
  for (int j = 0; argc > 1 && j < m; ++j) {
    unsigned long long c = 14695981039346656037ull;
    for (int i = 0; i < n; ++i) {
      c ^= out[m * i + j];
      c *= 1099511628211ull;
    }
    printf("result %d 0x%016llx\n", j, c);
  }
  return 0;
}
#endif
