// A class that device code uses as data, whose member functions are all
// host code, is a plain struct: `class` -> `struct`, access labels and
// member functions gone (the host's own definitions are left out).
// RUN: xfence translate %s --to opencl --cuda-builtin-header -o %t12.cl
// RUN: grep -v '^ *//' %t12.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -fsyntax-only %t12.cl
// RUN: xfence translate %s --to opencl --cuda-builtin-header -cl-std=CL3.0 -o %t30.cl
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t30.cl
// A device member function keeps it a C++ class: an error.
// RUN: not xfence translate %s --to opencl --cuda-builtin-header -DDEVICE_METHOD -o %t.err.cl 2>&1 | FileCheck %s --check-prefix=ERR
#define N 4
class Creature {
  // CHECK: struct Creature {
 public:
  // CHECK-NOT: public:
  double fitness;
  double parameters[N];
  void Dump();
  // CHECK: /* xfence: removed */
  int size() const { return N; }
  // CHECK: /* xfence: host member function 'size' left out */
#ifdef DEVICE_METHOD
  __device__ double first() const { return parameters[0]; }
  // ERR: data-classes.cu:12:7: error: a C++ class (member functions, bases, templates) has no OpenCL C form
#endif
};
// CHECK: }; typedef struct Creature Creature;
void Creature::Dump() {}
__global__ void eval(Creature *c, double *out) {
  // CHECK: __kernel void eval(__global Creature *c, __global double *out) {
  Creature *me = &c[threadIdx.x];
  out[threadIdx.x] = me->fitness + me->parameters[0];
}
