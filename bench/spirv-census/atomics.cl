// Extra input of compare.py: the OpenCL 1.x atomics the e2e kernels do not
// use, and explicit 2.0 atomic loads and stores.
__kernel void legacy_atomics(__global int *g, __local int *l,
                             __global int *out) {
  int r = atomic_sub(g, 1) + atomic_xchg(g, 2) + atomic_dec(g) +
          atomic_cmpxchg(g, 1, 2) + atomic_and(g, 1) + atomic_or(l, 2) +
          atomic_xor(l, 3) + atomic_add(l, 1);
  out[0] = r;
}
__kernel void explicit_load_store(__global atomic_int *a, __global int *out) {
  int r = atomic_load_explicit(a, memory_order_acquire, memory_scope_device);
  atomic_store_explicit(a, r + 1, memory_order_release,
                        memory_scope_work_group);
  out[0] = r;
}
