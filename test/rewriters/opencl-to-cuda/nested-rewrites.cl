// Rewrites nested in rewrites: the text of every inner rewrite survives the
// outer one (docs/source-rewriting.md). Each CHECK line is the whole
// translated statement; the output compiles with nvcc.
// RUN: xfence translate %s --to cuda -o %t.cu
// RUN: grep -v CHECK %t.cu | FileCheck %s
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}

// A non-constant shift count as the last text of an atomic's argument: the
// mask's closing text and the atomic's `)` meet at one offset.
// CHECK-LABEL: __global__ void histogram(
// CHECK: atomicAdd((unsigned int *)(&bins[in[i] >> 28]), (unsigned int)(1u << (((in[i] & 3)) & 31)));
__kernel void histogram(__global uint *bins, __global const uint *in) {
  uint i = get_global_id(0);
  atomic_add(&bins[in[i] >> 28], 1u << (in[i] & 3));
}

// Shift counts nested in shift counts, and a count that ends where the
// outer count ends.
// CHECK-LABEL: __global__ void shifts(
// CHECK: out[i] = x << (((y >> ((x) & 31))) & 31);
// CHECK: out[i + 1] = x << ((in[y >> ((x) & 31)]) & 31);
// CHECK: out[i + 2] = (x << ((y) & 31)) << (((x >> ((y) & 31))) & 31);
// CHECK: out[i + 3] <<= ((x << ((y) & 31)) & 31);
__kernel void shifts(__global uint *out, __global const uint *in, uint x,
                     uint y) {
  uint i = get_global_id(0);
  out[i] = x << (y >> x);
  out[i + 1] = x << in[y >> x];
  out[i + 2] = (x << y) << (x >> y);
  out[i + 3] <<= x << y;
}

// Shifts in the bodies of macros that nest: a count in a body is masked for
// every use (the mask does nothing to a count in range), a count that is a
// whole expansion is masked at the use.
// CHECK: #define SH(a, b) ((a) << (((b)) & 31))
// CHECK: #define IDX(x, n) (x >> ((SH(n, n)) & 31))
// CHECK-LABEL: __global__ void macros(
// CHECK: out[IDX(in[i], in[i] & 1)] = SH(in[i], SH(1u, in[i] >> ((in[i]) & 31)));
// CHECK: out[i] = SH(3u, 2);
#define SH(a, b) ((a) << (b))
#define IDX(x, n) (x >> SH(n, n))
__kernel void macros(__global uint *out, __global const uint *in) {
  uint i = get_global_id(0);
  out[IDX(in[i], in[i] & 1)] = SH(in[i], SH(1u, in[i] >> in[i]));
  out[i] = SH(3u, 2);
}

// Atomics, built-ins, swizzles and work-item functions inside each other.
// CHECK-LABEL: __global__ void mixed(
// CHECK: atomicMax((int *)(&m[v[1]]), (int)(ocl::min(v[0] << (((v.get<2, 3>())[1]) & 31), (int)threadIdx.x)));
// CHECK: atomicAdd((unsigned int *)(&c[threadIdx.x]), (unsigned int)(1u << ((atomicAdd((unsigned int *)(&c[0]), (unsigned int)(1))) & 31)));
// CHECK: v = ocl::cond<ocl::int4>((v > ((int)blockIdx.x << ((v[3]) & 31))) , (v.get<3, 2, 1, 0>()) , ocl::int4(x << ((v[1]) & 31)));
__kernel void mixed(__global int *m, __global uint *c, int4 v, int x) {
  atomic_max(&m[v.y], min(v.x << v.zw.y, (int)get_local_id(0)));
  atomic_add(&c[get_local_id(0)], 1u << atomic_inc(&c[0]));
  v = (v > ((int)get_group_id(0) << v.w)) ? v.wzyx : (int4)(x << v.y);
  m[1] = v.x;
}
