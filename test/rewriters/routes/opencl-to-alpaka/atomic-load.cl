// alpaka 3 has no atomic read, and every one of its atomics writes the
// object: an atomic load is refused at its place, with exit 1 and no
// output file, rather than written as a compare-and-swap of 0 with 0 that
// would store where the kernel only reads (docs/semantics.md §3.5). An
// atomic or with 0, which the source writes itself, translates.
// RUN: rm -f %t.cpp
// RUN: not xfence translate %s --cl-std=CL2.0 --to alpaka -o %t.cpp 2>&1 | FileCheck %s
// RUN: not test -e %t.cpp
// RUN: xfence translate %s --cl-std=CL2.0 --to alpaka -DFETCH_OR -o - | FileCheck %s --check-prefix=OR

__kernel void k(__global atomic_int *flag, __global int *data, __global int *out) {
#ifdef FETCH_OR
  // OR: alpaka::onAcc::atomicOr(xfence_acc, xfence_object, xfence_value, alpaka::onAcc::scope::device)
  int f = atomic_fetch_or_explicit(flag, 0, memory_order_acquire, memory_scope_device);
#else
  // CHECK: atomic-load.cl:[[#@LINE+1]]:11: error: an atomic load has no alpaka form: alpaka 3's atomics all write the object
  int f = atomic_load_explicit(flag, memory_order_acquire, memory_scope_device);
#endif
  out[get_global_id(0)] = f ? data[0] : -1;
}
