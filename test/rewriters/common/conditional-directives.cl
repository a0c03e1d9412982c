// A rewritten construct whose text holds part of a preprocessor conditional
// (its #endif outside, or its #if) is refused at the directive: the text that
// replaces the construct is the active branch's, and the directives left
// outside would not match (an output with "#endif without #if" exited 0).
// A conditional wholly inside text that is kept, or wholly outside, is
// translated as before.
// RUN: rm -f %t.cu
// RUN: not xfence translate %s --to cuda -DPARAMS -o %t.cu 2>&1 | FileCheck %s --check-prefix=PARAMS
// RUN: not xfence translate %s --to cuda -DPARAMS -DSIGNED -o %t.cu 2>&1 | FileCheck %s --check-prefix=PARAMS
// RUN: not xfence translate %s --to hip -DPARAMS -o %t.cu 2>&1 | FileCheck %s --check-prefix=PARAMS
// RUN: not test -e %t.cu
// RUN: xfence translate %s --to cuda -DBODY -o %t.body.cu
// RUN: FileCheck %s --check-prefix=BODY < %t.body.cu
// RUN: %if nvcc %{ %nvcc -std=c++17 -c %t.body.cu -o %t.o %}
// RUN: %if nvcc %{ %nvcc -std=c++17 -DSLOW -c %t.body.cu -o %t.o %}
// Directives in a comment are no directives (rodinia's dwt2d comments out
// a block that holds an #endif).
// RUN: xfence translate %s --to cuda -DCOMMENT -o %t.comment.cu
// RUN: FileCheck %s --check-prefix=COMMENT < %t.comment.cu
// RUN: %if nvcc %{ %nvcc -std=c++17 -c %t.comment.cu -o %t.o %}

#ifdef PARAMS
// PARAMS: conditional-directives.cl:[[@LINE+3]]:1: error: cannot rewrite a construct that holds part of this preprocessor conditional (the rest lies outside it)
// PARAMS: conditional-directives.cl:[[@LINE+1]]:43: note: the construct that xfence rewrites begins here
__kernel void h(__global uint *data, int n,
#ifdef SIGNED
    __local int *bins
#else
    __local uint *bins
#endif
    ) {
  int t = get_local_id(0);
  bins[t] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (t < n)
    data[t] = bins[t];
}
#endif

#ifdef BODY
// Conditionals around statements that are rewritten and inside kept text:
// each branch keeps its own text, the rewritten barrier is whole.
__kernel void k(__global int *p, __local int *tmp) {
  int t = get_local_id(0);
#ifdef SLOW
  tmp[t] = p[t] * 2;
#else
  tmp[t] = p[t];
#endif
  barrier(CLK_LOCAL_MEM_FENCE);
  p[t] = tmp[(t + 1) % get_local_size(0)];
}
// BODY: #ifdef SLOW
// BODY-NEXT: tmp[t] = p[t] * 2;
// BODY-NEXT: #else
// BODY-NEXT: tmp[t] = p[t];
// BODY-NEXT: #endif
// BODY-NEXT: __syncthreads();
#endif

#ifdef COMMENT
__kernel void c(__global int *p, /* an old parameter:
    #ifdef OLD
    int old,
    #endif */
                __local int *tmp) {
  tmp[get_local_id(0)] = p[0];
  barrier(CLK_LOCAL_MEM_FENCE);
  p[1] = tmp[0];
}
// COMMENT: __global__ void c(int *p,
#endif
