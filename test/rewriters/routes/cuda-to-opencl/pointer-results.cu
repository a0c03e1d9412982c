// A __device__ function that returns a pointer: the result gets the
// address space of what its return statements return (the analysis follows
// returned pointers into the calls' results, prototypes included), in 1.2
// as in 3.0. It was an error ("a function returning a pointer or reference
// has no address space xfence can infer"; HeCBench's grep chases states
// through such functions). A struct that refers to itself by its bare name
// (`Node *next` in Node) is written `struct Node *next` (C has no name
// `Node` before the typedef after the struct: an exit 0 with an output that
// did not compile). A pointer member that device code reads but never
// stores into holds what the host wrote, the address of a device buffer:
// `__global` (in 1.2 it was left private). A struct's pointer member set
// by a braced initializer gets the initializer's memory (the walk missed
// initializer lists that C++ converts, `{w + 1, 2}`). The kernel runs on PoCL and,
// compiled as C++ for the host, on the CPU: the same numbers.
// RUN: xfence translate %s --to opencl -cl-std=CL1.2 -o %t12.cl
// RUN: grep -v '^ *// [^x]' %t12.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL1.2 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t12.cl
// RUN: xfence translate %s --to opencl -cl-std=CL3.0 -o %t.cl
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t.cl
// RUN: %if host-cxx && pocl %{ %host-cxx -x c++ -std=c++17 -D__device__= -D__host__= -D__global__= -D__shared__= -DHOST_RUN %s -o %t.host && %t.host > %t.host.txt %}
// RUN: %if host-cxx && pocl %{ %python %S/Inputs/run_k_out_in_w.py %t12.cl > %t.pocl.txt && diff %t.host.txt %t.pocl.txt %}
// RUN: %if pocl %{ FileCheck %s --check-prefix=POCL < %t.pocl.txt %}
// POCL: out 2 3 7 5 9 0 0 0 0 0

// CHECK: struct Node { long v; __global struct Node *next; }; typedef struct Node Node;
struct Node { long v; Node *next; };

// CHECK: const __global long *pick(const __global long *a, const __global long *b, int c) { return c ? a : b; }
__device__ const long *pick(const long *a, const long *b, int c) { return c ? a : b; }
// CHECK: __local long *slot(__local long *s, int i);
__device__ long *slot(long *s, int i);
// CHECK: __global Node *follow(__global Node *n) { return n->next ? n->next : n; }
__device__ Node *follow(Node *n) { return n->next ? n->next : n; }
// CHECK: long headOf(__global Node *list) { return follow(list)->v; }
__device__ long headOf(Node *list) { return follow(list)->v; }

__global__ void k(long *out, const float *in, const long *w) {
  __shared__ long s[4];
  for (int i = 0; i < 4; ++i)
    s[i] = i * 2 + 1;
  const long *p = pick(w, w + 1, (int)in[0] > 2);
  long *q = slot(s, 1);
  *q += w[0] * 2;
  out[0] = *p;
  out[1] = *pick(w, w + 1, 0);
  out[2] = *q;
  out[3] = *slot(s, 2) - *p + 2;
  out[4] = s[3] + in[1] * 4;
}

// CHECK: __local long *slot(__local long *s, int i) { return s + i; }
__device__ long *slot(long *s, int i) { return s + i; }

// The list is the host's (a kernel that reads it): its `next` points into
// global memory.
__global__ void walk(Node *nodes, long *out) { out[0] = headOf(&nodes[0]); }

// A struct built with braces from a global pointer (`{w + 1, 2}`, whose
// initializer list the walk saw only in its written form): its member is
// `__global`. It was left private in 1.2, an exit 0 with an output that
// did not compile.
// CHECK: struct Span { const __global long *p; int n; }; typedef struct Span Span;
struct Span { const long *p; int n; };
__global__ void spans(const long *w, long *out) {
  Span s = {w + 1, 2};
  out[0] = s.p[0] * s.n;
}

#ifdef HOST_RUN
#include "Inputs/host_run_k.h"
#endif

// A function returning a pointer to a pointer stays an error, located.
// RUN: printf '__device__ int **pp(int **a) { return a; }\n__global__ void k(int *o) { o[0] = 1; }\n' > %t.pp.cu
// RUN: not xfence translate %t.pp.cu --to opencl -o %t.pp.cl 2>&1 | FileCheck %s --check-prefix=PP
// RUN: not test -e %t.pp.cl
// PP: pp.cu:1:18: error: a function returning a pointer to a pointer has no address spaces that xfence can infer
