// An atomic written in a macro's body whose operands are the macro's
// parameters: the body is rewritten once, the parameters kept as its
// operands, for every use that needs the same text; uses that need
// different text (other C types) are an error naming both.
// RUN: xfence translate %s --to cuda -o %t.cu
// RUN: grep -v '^ *//' %t.cu | FileCheck %s
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}
// RUN: not xfence translate %s --to cuda -DMIXED -o %t.mixed.cu 2>&1 | FileCheck %s --check-prefix=MIXED
// RUN: not test -e %t.mixed.cu

// CHECK: #define BUMP(p, v) atomicAdd((int *)(p), (int)(v))
#define BUMP(p, v) atomic_add(p, v)
// CHECK: #define COUNT(p) atomicAdd((unsigned int *)(p), (unsigned int)(1))
#define COUNT(p) atomic_inc(p)
// CHECK: #define LOCAL_MAX(p, v) atomicMax_block((int *)(p), (int)(v))
#define LOCAL_MAX(p, v) atomic_max(p, v)

__kernel void k(__global int *g, __global uint *n, __local int *l) {
  BUMP(g, 2);
  BUMP(g + get_global_id(0), g[1]);
  COUNT(&n[3]);
  LOCAL_MAX(l, g[2]);
#ifdef MIXED
  BUMP((__global uint *)n, 3u);
#endif
}
// MIXED: macro-operands.cl:[[#]]:3: error: cannot rewrite this construct in place: it is written once in a macro body but means different synchronization in different expansions ('atomicAdd((int *)($0), (int)($1))' and 'atomicAdd((unsigned int *)($0), (unsigned int)($1))')
