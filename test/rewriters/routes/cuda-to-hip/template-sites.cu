// Synchronization in a template kernel whose operands depend on the
// template's parameters: the pattern's `atomic_ref<int, S>(s[i]).fetch_add(
// v, o)` is a call of an unresolved member (its operands lack the object),
// so the instantiation's statement gives the operands. The object was taken
// from the value and the value from the memory order.
// RUN: xfence translate %s --to hip --cuda-builtin-header -o %t.hip
// RUN: grep -v '^ *//' %t.hip | FileCheck %s
// RUN: %if hip-headers %{ %hip-clang -fsyntax-only -Wno-unused-value %t.hip %}
#include <cuda/atomic>

__device__ int bump(int *p, int v) { return atomicMax(p, v); }

template <int N> __global__ void k(int *g) {
  __shared__ int s[N];
  // CHECK: g[0] = __hip_atomic_fetch_add((int *)(&(s[threadIdx.x % N])), (int)(bump(&s[1], 2)), __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
  g[0] = cuda::atomic_ref<int, cuda::thread_scope_block>(s[threadIdx.x % N])
             .fetch_add(bump(&s[1], 2), cuda::memory_order_relaxed);
  // CHECK: __hip_atomic_store((int *)(&(s[N - 1])), (int)(g[1]), __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_WORKGROUP);
  cuda::atomic_ref<int, cuda::thread_scope_block>(s[N - 1])
      .store(g[1], cuda::memory_order_release);
}

int main() {
  k<64><<<1, 64>>>(nullptr);
  k<32><<<1, 32>>>(nullptr);
  return 0;
}
