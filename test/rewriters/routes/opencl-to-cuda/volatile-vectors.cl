// Volatile vectors and vector literals whose operand starts with a
// parenthesis (docs/opencl-to-cuda.md, "Vectors").
// RUN: xfence translate %s --to cuda -o %t.cu
// RUN: grep -v CHECK %t.cu | FileCheck %s
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}

// A lane of a volatile vector is read or written in place; a whole read is
// made explicit with ocl::load, so that the operators apply.
// CHECK-LABEL: __global__ void lanes(volatile ocl::int4 *p, int *o,
// CHECK: o[0] = p[1][1];
// CHECK-NEXT: o2[0] = (p->get<1, 0>());
// CHECK-NEXT: o[1] = (ocl::load(p[2]) + 1)[0];
// CHECK-NEXT: p[3][0] = 5;
// CHECK-NEXT: p[4] = ocl::int4(a);
// CHECK-NEXT: ocl::int4 t = ocl::load(p[5]);
// CHECK-NEXT: o[2] = t[3] + (ocl::load(*p) + 0)[0];
__kernel void lanes(__global volatile int4 *p, __global int *o,
                    __global int2 *o2, int a) {
  o[0] = p[1].y;
  o2[0] = p->yx;
  o[1] = (p[2] + 1).x;
  p[3].x = 5;
  p[4] = (int4)(a);
  int4 t = p[5];
  o[2] = t.w + (*p + 0).x;
}

// (int4)(x) becomes ocl::int4(x), except where the operand starts with a
// parenthesis: C++ would read (ocl::int4((ocl::int4(a))[3])) as a type (a
// function returning an array), so braces.
// CHECK-LABEL: __global__ void splats(int *o, int a) {
// CHECK-NEXT: o[0] = (ocl::int4{(ocl::int4(a))[3]})[3];
// CHECK-NEXT: o[1] = (ocl::int4{(a)})[2];
// CHECK-NEXT: o[2] = ocl::int4(a + 1)[0];
__kernel void splats(__global int *o, int a) {
  o[0] = ((int4)(((int4)(a)).w)).w;
  o[1] = ((int4)((a))).z;
  o[2] = (int4)(a + 1).x;
}

// The same with an operand that is itself a cast (the AST keeps its
// parentheses then), inside a call.
typedef uint myuint;
// CHECK-LABEL: __global__ void splat_of_cast(
// CHECK-NEXT: o[0] = ocl::min(u, ocl::uint4{(myuint)3});
__kernel void splat_of_cast(__global uint4 *o, uint4 u) {
  o[0] = min(u, (uint4)((myuint)3));
}

// Clang's range of such a splat ends before its `)`: the brace still comes
// before the text an enclosing rewrite puts there.
// CHECK-LABEL: __global__ void splat_in_select(
// CHECK-NEXT: o[0] = ocl::cond<ocl::uint4>(x , u , ocl::uint4{(myuint)3});
__kernel void splat_in_select(__global uint4 *o, uint4 u, int4 x) {
  o[0] = x ? u : (uint4)((myuint)3);
}
