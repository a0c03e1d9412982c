// A type spelled by a user macro (`#define FP float`, as benchmark suites
// write their precision) used both for a kernel's pointer parameter, which
// needs `__global`, and for a private variable, which needs nothing: the
// qualifier goes before the macro's name at the use that needs it, and the
// body stays as written (xfence refused: "the macro's uses need different
// text here"). A macro that spells more than the type's first token keeps
// its body edits (macro-params.cu).
//
// RUN: xfence translate --cuda-builtin-header %s --to opencl -cl-std=CL3.0 -o %t.cl
// RUN: grep -v '^ *// [A-Z-]*:' %t.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t.cl
// RUN: xfence translate --cuda-builtin-header %s --to opencl -cl-std=CL1.2 -o %t12.cl
// RUN: clang -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -fsyntax-only %t12.cl
// Two kernel uses that need different spaces through one body are still an
// error, located at the body.
// RUN: not xfence translate --cuda-builtin-header %s -D MIXED --to opencl -cl-std=CL3.0 -o %t.mixed.cl 2>&1 | FileCheck %s --check-prefix=MIXED
// RUN: not test -e %t.mixed.cl

// CHECK: #define FP float
#define FP float
// CHECK: #define FPTR float *
#define FPTR float *
#define IDX (blockIdx.x * blockDim.x + threadIdx.x)

// CHECK: __kernel void scale(__global FP *out, const __global FP *in, __global FPTR aux, FP factor, int n) {
__global__ void scale(FP *out, const FP *in, FPTR aux, FP factor, int n) {
  // CHECK-NEXT: int i = {{.*}};
  int i = IDX;
  // CHECK-NEXT: FP x = in[i] * factor;
  FP x = in[i] * factor;
  // CHECK-NEXT: __global FP *slot = out + i;
  FP *slot = out + i;
  if (i < n)
    *slot = x + aux[i];
}

// Built-in indices passed through nested macros whose bodies put them in
// parentheses (the CUDA samples' histogram_common.h): the index's own text
// is rewritten, in the arguments, not the parenthesized text of the body,
// which the uses share (it was "need different text here").
#define UMUL(a, b) ((a) * (b))
#define UMAD(a, b, c) (UMUL((a), (b)) + (c))
// CHECK: for (unsigned p = UMAD((uint)get_group_id(0), (uint)get_local_size(0), (uint)get_local_id(0)); p < n;
// CHECK-NEXT: p += UMUL((uint)get_local_size(0), (uint)get_num_groups(0)))
__global__ void strided(unsigned *out, unsigned n) {
  for (unsigned p = UMAD(blockIdx.x, blockDim.x, threadIdx.x); p < n;
       p += UMUL(blockDim.x, gridDim.x))
    out[p] = p;
}

// CHECK: FP twice(__global FP *p, int i) { return 2 * p[i]; }
__device__ FP twice(FP *p, int i) { return 2 * p[i]; }

template <int N> __global__ void fill(FP *out) {
  __shared__ FP tile[N];
  tile[threadIdx.x % N] = twice(out, threadIdx.x);
  __syncthreads();
  out[threadIdx.x] = tile[(threadIdx.x + 1) % N];
}

#ifdef MIXED
// MIXED: macro-type-uses.cu:[[@LINE+1]]:23: error: cannot rewrite this text: its uses (expansions of one macro?) need different text here ('__global ' and '__local ')
#define ELEM(p, i) (*(float *)&(p)[i])
__global__ void mixed(float *g) {
  __shared__ float s[32];
  s[threadIdx.x] = ELEM(g, threadIdx.x);
  g[threadIdx.x] = ELEM(s, threadIdx.x);
}
#endif

// Host code: left out, with the uses of CHECK in it. A function template
// of host code is not copied per specialization (it was, and the uses of
// one macro then needed different names: helper_cuda.h's checkCudaErrors
// over cudaError_t and cufftResult).
// CHECK-NOT: check__
template <typename T> void check(T result, const char *what) {
  if (result)
    throw what;
}
#define CHECK(x) check((x), #x)
void run(FP *buffer, int n) {
  CHECK(n);
  CHECK(buffer == nullptr);
  fill<64><<<1, 64>>>(buffer);
}
