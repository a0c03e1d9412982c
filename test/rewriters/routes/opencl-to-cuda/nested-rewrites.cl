// Rewrites nested in rewrites: the text of every inner rewrite survives the
// outer one (docs/source-rewriting.md). Each CHECK line is the whole
// translated statement; the output compiles with nvcc.
// RUN: xfence translate %s --to cuda -cl-std=CL2.0 -o %t.cu
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

// Macros that spell a vector expression, used inside other macros'
// arguments: each construct's text is found at one level (never from a
// macro definition into the code), two uses of one body are two texts, and
// text whose comma would split a macro argument goes in parentheses.
#define REV(v) ((v).wzyx)
#define TWICE(a) ((a) + (a))
#define SPLAT4(a) ((int4)((a), (a), (a), (a)))
// CHECK: #define REV(v) (((v).get<3, 2, 1, 0>()))
// CHECK: #define SPLAT4(a) (ocl::int4((a), (a), (a), (a)))
// CHECK-LABEL: __global__ void macro_vectors(
// CHECK: m[0] = TWICE((REV(v).get<2, 3>())[0]);
// CHECK: m[1] = TWICE(REV(v)[0]);
// CHECK: v = ocl::cond<ocl::int4>((SPLAT4(m[2]) > v) , v , SPLAT4(m[3]));
// CHECK: v = ocl::cond<ocl::int4>(SPLAT4(m[2]) , v , SPLAT4(m[3]));
// CHECK: m[4] = ocl::as_int(ocl::as_float(ocl::as_int(f)));
// CHECK: m[5] = TWICE((int)ocl::float4(f)[1]);
// CHECK: m[6] = TWICE((cuda::atomic_ref<int, cuda::thread_scope_block>(*(int *)(( atomic_int *)&m[7])).load(cuda::memory_order_acquire)));
__kernel void macro_vectors(__global int *m, int4 v, float f) {
  m[0] = TWICE(REV(v).hi.x);
  m[1] = TWICE(REV(v).x);
  v = (SPLAT4(m[2]) > v) ? v : SPLAT4(m[3]);
  v = SPLAT4(m[2]) ? v : SPLAT4(m[3]);
  m[4] = as_int(as_float(as_int(f)));
  m[5] = TWICE((int)(float4)(f).y);
  m[6] = TWICE(atomic_load_explicit((__global atomic_int *)&m[7],
                                    memory_order_acquire,
                                    memory_scope_work_group));
}

// Names that CUDA C++ takes (a built-in variable, C++ keywords) are renamed
// where they are declared and used; a local blockIdx no longer hides the
// one that get_group_id reads.
// CHECK: typedef struct { int xfence_new; float xfence_class; } pair;
// CHECK: __device__ int xfence_this(int xfence_blockIdx) { return xfence_blockIdx + 1; }
// CHECK-LABEL: __global__ void names(
// CHECK-SAME: int xfence_threadIdx)
// CHECK: int xfence_blockIdx = blockIdx.x * 512 + threadIdx.x;
// CHECK: out[xfence_blockIdx] = xfence_this(xfence_threadIdx) + p[0].xfence_new + (int)p[0].xfence_class;
typedef struct { int new; float class; } pair;
int this(int blockIdx) { return blockIdx + 1; }
__kernel void names(__global int *out, __global pair *p, int threadIdx) {
  int blockIdx = get_group_id(0) * 512 + get_local_id(0);
  out[blockIdx] = this(threadIdx) + p[0].new + (int)p[0].class;
}

// The first two parameters both __local; a macro that is just a qualifier,
// used on a __local array and a __local pointer (rewritten at each use); a
// cast through a function-like macro; a work-item function in a macro body
// with different constant dimensions (the helper form for every use); a
// lane named by a macro argument; the value of an assignment to lanes.
#define LOCAL __local
#define LPTR(T) __local T *
#define LID(d) get_local_id(d)
#define LANE(v, c) ((v).c)
// CHECK: #define LID(d) xfence_get_local_id(d)
// CHECK: #define LANE(v, c) ((v)c)
// CHECK-LABEL: __global__ void params_macros(
// CHECK-SAME: int *o,
// CHECK-NEXT: ocl::int4 x, ocl::int2 z, size_t a_bytes, size_t b_bytes)
// CHECK: __shared__ int t[4];
// CHECK-NEXT: int *p = t;
// CHECK-NEXT: o[LID(0)] = LID(1) + *(LPTR(int))a + LANE(x, [1]) + b[0];
// CHECK-NEXT: ocl::int2 w = ((x.ref<0, 1>()) = z) + z;
__kernel void params_macros(__local int *a, LOCAL int *b, __global int *o,
                            int4 x, int2 z) {
  LOCAL int t[4];
  LOCAL int *p = t;
  o[LID(0)] = LID(1) + *(LPTR(int))a + LANE(x, y) + b[0];
  int2 w = (x.lo = z) + z;
  o[1] = p[0] + w.x;
}

// A barrier as an arm of ?: has a void value of its own: nvcc 13.0 fails on
// `c ? __syncthreads() : __syncthreads()` (also through a macro).
#define SYNC() barrier(CLK_LOCAL_MEM_FENCE)
// CHECK: #define SYNC() (__syncthreads(), (void)0)
// CHECK-LABEL: __global__ void barrier_arms(
// CHECK-NEXT: a ? SYNC() : (__syncthreads(), (void)0);
// CHECK-NEXT: o[0] = a;
// CHECK-NEXT: __syncthreads();
__kernel void barrier_arms(__global int *o, int a) {
  a ? SYNC() : barrier(CLK_LOCAL_MEM_FENCE);
  o[0] = a;
  barrier(CLK_LOCAL_MEM_FENCE);
  o[1] = a;
}

// The same through a comma whose value is the barrier (bench/nesting K2:
// there cicc's void phi can also exhaust memory); a barrier that is not the
// comma's value, or the condition, keeps the statement form.
// CHECK-LABEL: __global__ void barrier_comma_arms(
// CHECK-NEXT: a ? (a++, (__syncthreads(), (void)0)) : (a--, ((__syncthreads(), (void)0)));
// CHECK-NEXT: a ? (__syncthreads(), a++) : a--;
__kernel void barrier_comma_arms(__global int *o, int a) {
  a ? (a++, barrier(CLK_LOCAL_MEM_FENCE)) : (a--, (barrier(CLK_LOCAL_MEM_FENCE)));
  a ? (barrier(CLK_LOCAL_MEM_FENCE), a++) : a--;
  o[0] = a;
}
