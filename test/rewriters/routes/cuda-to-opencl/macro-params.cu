// Kernel parameter lists and pointer declarations spelled by a macro: the
// address-space qualifier goes into the macro's body, before each
// parameter's type (it went before the macro's name, `k(__global PARAMS)`,
// which no OpenCL C compiler accepts). A host alias of the kernels' type
// and a host table of kernel pointers that share the macro are host code,
// left out with it (a const table was kept as __constant).
// RUN: xfence translate --cuda-builtin-header %s --to opencl -cl-std=CL3.0 -o %t.cl
// RUN: grep -v '^ *//' %t.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t.cl
// RUN: xfence translate --cuda-builtin-header %s --to opencl -cl-std=CL1.2 -o %t12.cl
// RUN: clang -x cl -cl-std=CL1.2 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t12.cl

// CHECK: #define PARAMS const __global int *in, volatile __global unsigned *flag, \
// CHECK-NEXT: __global unsigned *out, int n
#define PARAMS const int *in, volatile unsigned *flag, \
  unsigned *out, int n
// CHECK: #define PROLOGUE int t = {{.*}}get_local_id(0); \
// CHECK-NEXT: volatile __global unsigned *mine = flag + t;
#define PROLOGUE int t = blockIdx.x * blockDim.x + threadIdx.x; \
  volatile unsigned *mine = flag + t;

// CHECK: /* xfence: host typedef 'Kernel' left out */
using Kernel = void (*)(PARAMS);

// CHECK: __kernel void first(PARAMS) {
// CHECK-NEXT: PROLOGUE
__global__ void first(PARAMS) {
  PROLOGUE
  if (t < n)
    out[t] = in[t] + *mine;
}

// CHECK: __kernel void second(PARAMS) {
__global__ void second(PARAMS) {
  PROLOGUE
  if (t < n)
    *mine = out[t];
}

struct Row {
  const char *name;
  Kernel kernel;
};
// CHECK: /* xfence: host variable 'rows' left out */
static const Row rows[] = {{"first", first}, {"second", second}};

int main() {
  for (const Row &row : rows)
    row.kernel<<<1, 32>>>(nullptr, nullptr, nullptr, 0);
  return 0;
}
