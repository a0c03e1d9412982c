// A class that device code uses as data, whose member functions are all
// host code, is a plain struct: `class` -> `struct`, access labels and
// member functions gone (the host's own definitions are left out).
// RUN: xfence translate %s --to opencl --cuda-builtin-header -o %t12.cl
// RUN: grep -v '^ *//' %t12.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -fsyntax-only %t12.cl
// RUN: xfence translate %s --to opencl --cuda-builtin-header -cl-std=CL3.0 -o %t30.cl
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t30.cl
// With a device member function, the device ones are free functions
// (member-functions.cu); the host ones stay in the class, left out as host
// code.
// RUN: xfence translate %s --to opencl --cuda-builtin-header -DDEVICE_METHOD -o %t.dev.cl
// RUN: grep -v '^ *//' %t.dev.cl | FileCheck %s --check-prefix=DEV
// RUN: clang -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -fsyntax-only %t.dev.cl
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
  // DEV: }; typedef struct Creature Creature;
  // DEV: double Creature_first(const __global Creature *self)  { return self->parameters[0]; }
  // DEV: /* xfence: host function 'Dump' left out */
#endif
};
// CHECK: }; typedef struct Creature Creature;
void Creature::Dump() {}
__global__ void eval(Creature *c, double *out) {
  // CHECK: __kernel void eval(__global Creature *c, __global double *out) {
  Creature *me = &c[threadIdx.x];
  out[threadIdx.x] = me->fitness + me->parameters[0];
#ifdef DEVICE_METHOD
  // DEV: out[0] = Creature_first((me));
  out[0] = me->first();
#endif
}
