// Where a pointer may point when it is assigned through a reference or
// through its address: `int *&r = p; r = s;` makes p point to shared memory
// too, and a pointer assigned through `*pp` or by a library function that
// takes it by reference may point anywhere. The atomic through p records
// every memory it may touch (xfence.memory: 1 global, 2 shared, 15 any),
// never global memory alone.
// RUN: xfence-translate --import-cuda --cuda-builtin-header %s | FileCheck %s

// CHECK-LABEL: func.func @through_reference()
__global__ void through_reference(int *g) {
  __shared__ int s[64];
  int *p = g;
  int *&r = p;
  r = s;
  // CHECK: xfence.atomic_rmw add {{.*}} device relaxed {xfence.args{{.*}}xfence.memory = 3 : i32} : !llvm.ptr, i32
  atomicAdd(p + threadIdx.x, 1);
}

__device__ void retarget(int *&q, int *to) { q = to; }

// CHECK-LABEL: func.func @through_parameter()
__global__ void through_parameter(int *g) {
  __shared__ int s[64];
  int *p = g;
  retarget(p, s);
  // CHECK: xfence.atomic_rmw add {{.*}} device relaxed {xfence.args{{.*}}xfence.memory = 3 : i32} : !llvm.ptr, i32
  atomicAdd(p, 1);
}

// CHECK-LABEL: func.func @through_address()
__global__ void through_address(int *g) {
  __shared__ int s[64];
  int *p = g;
  int **pp = &p;
  *pp = s;
  // CHECK: xfence.atomic_rmw add {{.*}} device relaxed {xfence.args{{.*}}xfence.memory = 15 : i32} : !llvm.ptr, i32
  atomicAdd(p, 1);
}

// A reference to a pointer that is only read changes nothing: p stays
// global.
// CHECK-LABEL: func.func @read_only()
__global__ void read_only(int *g) {
  int *p = g;
  int *const &r = p;
  (void)r;
  // CHECK: xfence.atomic_rmw add {{.*}} device relaxed {xfence.args{{.*}}xfence.memory = 1 : i32} : !llvm.ptr<1>, i32
  atomicAdd(p, 1);
}
