// A lambda's body runs where the lambda is called, not where it is defined:
// the definition evaluates the captures only, a call is an opaque call, and
// the body is a function of its own (also for the top-level import of
// --import-cuda and the OpenCL C direction). Coalescing therefore never
// merges the lambda's device fence into the block fence before the store.
// RUN: xfence-translate --import-cuda --cuda-builtin-header %s | FileCheck %s
// RUN: xfence-translate --import-cuda --cuda-builtin-header %s | xfence-opt -xfence-coalesce | FileCheck %s --check-prefix=COALESCED

// CHECK-LABEL: func.func @k()
// COALESCED-LABEL: func.func @k()
__global__ void k(int *data, volatile int *flag) {
  // CHECK-NEXT: xfence.fence workgroup seq_cst [local, global]
  // COALESCED-NEXT: xfence.fence workgroup seq_cst [local, global]
  __threadfence_block();
  // The captured value is read where the lambda is defined.
  // CHECK-NEXT: xfence.access read [global]
  // COALESCED-NEXT: xfence.access read [global]
  auto f = [v = data[1]] __device__ () { __threadfence(); return v; };
  // CHECK-NEXT: xfence.access write [global]
  // COALESCED-NEXT: xfence.access write [global]
  data[0] = 1;
  // CHECK-NEXT: xfence.opaque
  // COALESCED-NEXT: xfence.opaque
  f();
  // CHECK-NEXT: xfence.access write [global] volatile
  *flag = 1;
  // CHECK-NEXT: return
}

// The lambda's body, on its own.
// CHECK-LABEL: func.func private @"lambda::operator()"()
// CHECK-NEXT: xfence.fence device seq_cst [local, global]
// CHECK-NEXT: xfence.exit return
// CHECK-NEXT: return

// A lambda of host code is not device code.
void host(int *p) {
  auto g = [p] { p[0] = 1; };
  g();
}
// CHECK-NOT: func.func
