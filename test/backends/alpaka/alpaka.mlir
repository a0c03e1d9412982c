// Every kind of op in alpaka 3 (docs/semantics.md §3, alpaka column):
// onAcc::scope::block for the work-group (a subgroup widens to it),
// scope::device for the device (a cluster widens to it), scope::system for
// system fences; alpaka's atomics are relaxed, so an ordered one has fences
// of its scope around it.
// RUN: xfence-translate --export-alpaka %s | FileCheck %s

// CHECK: #include <alpaka/alpaka.hpp>
// CHECK-LABEL: // fences
func.func @fences() {
  // CHECK-NEXT: ((void)0) /* xfence: this fence orders nothing */;
  xfence.fence device relaxed [global]
  // CHECK-NEXT: ((void)0) /* xfence: this fence orders nothing */;
  xfence.fence device acq_rel []
  // CHECK-NEXT: ((void)0) /* xfence: this fence orders nothing */;
  xfence.fence thread acq_rel [local]
  // CHECK-NEXT: alpaka::onAcc::memFence(acc, alpaka::onAcc::scope::block, alpaka::onAcc::order::acquire);
  xfence.fence subgroup acquire [local]
  // CHECK-NEXT: alpaka::onAcc::memFence(acc, alpaka::onAcc::scope::block, alpaka::onAcc::order::release);
  xfence.fence workgroup release [global]
  // CHECK-NEXT: alpaka::onAcc::memFence(acc, alpaka::onAcc::scope::block, alpaka::onAcc::order::seq_cst);
  xfence.fence workgroup seq_cst [local, global]
  // CHECK-NEXT: alpaka::onAcc::memFence(acc, alpaka::onAcc::scope::device, alpaka::onAcc::order::acq_rel);
  xfence.fence cluster acq_rel [global]
  // CHECK-NEXT: alpaka::onAcc::memFence(acc, alpaka::onAcc::scope::device, alpaka::onAcc::order::release);
  xfence.fence device release [global]
  // CHECK-NEXT: alpaka::onAcc::memFence(acc, alpaka::onAcc::scope::system, alpaka::onAcc::order::seq_cst);
  xfence.fence system seq_cst [global]
  return
}

// CHECK-LABEL: // barriers
func.func @barriers() {
  // CHECK-NEXT: alpaka::onAcc::syncBlockThreads(acc);
  xfence.barrier workgroup
  // CHECK-NEXT: alpaka::onAcc::syncBlockThreads(acc);
  xfence.barrier workgroup memory workgroup acq_rel [local]
  // Global memory: block fences around the barrier.
  // CHECK-NEXT: (alpaka::onAcc::memFence(acc, alpaka::onAcc::scope::block, alpaka::onAcc::order::release), alpaka::onAcc::syncBlockThreads(acc), alpaka::onAcc::memFence(acc, alpaka::onAcc::scope::block, alpaka::onAcc::order::acquire));
  xfence.barrier workgroup memory workgroup acq_rel [local, global]
  // CHECK-NEXT: (alpaka::onAcc::memFence(acc, alpaka::onAcc::scope::device, alpaka::onAcc::order::release), alpaka::onAcc::syncBlockThreads(acc), alpaka::onAcc::memFence(acc, alpaka::onAcc::scope::device, alpaka::onAcc::order::acquire));
  xfence.barrier workgroup memory device acq_rel [global]
  // CHECK-NEXT: (alpaka::onAcc::memFence(acc, alpaka::onAcc::scope::block, alpaka::onAcc::order::seq_cst), alpaka::onAcc::syncBlockThreads(acc), alpaka::onAcc::memFence(acc, alpaka::onAcc::scope::block, alpaka::onAcc::order::seq_cst));
  xfence.barrier workgroup memory workgroup seq_cst [local]
  return
}

// CHECK-LABEL: // atomics
func.func @atomics(%g: !llvm.ptr<1>, %l: !llvm.ptr<3>, %i: i32, %q: i64, %f: f32, %d: f64) {
  // CHECK-NEXT: alpaka::onAcc::atomicAdd(acc, (int *)(addr), (int)(value), alpaka::onAcc::scope::device);
  %0 = xfence.atomic_rmw add %g, %i device relaxed : !llvm.ptr<1>, i32
  // CHECK-NEXT: alpaka::onAcc::atomicSub(acc, (int *)(addr), (int)(value), alpaka::onAcc::scope::block);
  %1 = xfence.atomic_rmw sub %l, %i workgroup relaxed : !llvm.ptr<3>, i32
  // A subgroup atomic widens to the block; unsigned min on an int object.
  // CHECK-NEXT: ((int)alpaka::onAcc::atomicMin(acc, (unsigned int *)(addr), (unsigned int)(value), alpaka::onAcc::scope::block));
  %2 = xfence.atomic_rmw umin %l, %i subgroup relaxed {xfence.ctype = "int"} : !llvm.ptr<3>, i32
  // CHECK-NEXT: alpaka::onAcc::atomicMax(acc, (long long *)(addr), (long long)(value), alpaka::onAcc::scope::device);
  %3 = xfence.atomic_rmw max %g, %q device relaxed : !llvm.ptr<1>, i64
  // CHECK-NEXT: ((long long)alpaka::onAcc::atomicAnd(acc, (unsigned long long *)(addr), (unsigned long long)(value), alpaka::onAcc::scope::device));
  %4 = xfence.atomic_rmw and %g, %q cluster relaxed : !llvm.ptr<1>, i64
  // CHECK-NEXT: alpaka::onAcc::atomicOr(acc, (int *)(addr), (int)(value), alpaka::onAcc::scope::device);
  %5 = xfence.atomic_rmw or %g, %i device relaxed : !llvm.ptr<1>, i32
  // CHECK-NEXT: alpaka::onAcc::atomicXor(acc, (int *)(addr), (int)(value), alpaka::onAcc::scope::device);
  %6 = xfence.atomic_rmw xor %g, %i device relaxed : !llvm.ptr<1>, i32
  // CHECK-NEXT: alpaka::onAcc::atomicAdd(acc, (float *)(addr), (float)(value), alpaka::onAcc::scope::device);
  %7 = xfence.atomic_rmw fadd %g, %f device relaxed : !llvm.ptr<1>, f32
  // CHECK-NEXT: alpaka::onAcc::atomicExch(acc, (double *)(addr), (double)(value), alpaka::onAcc::scope::block);
  %8 = xfence.atomic_rmw xchg %l, %d workgroup relaxed : !llvm.ptr<3>, f64
  // CUDA's wrapping atomicInc/atomicDec are alpaka's.
  // CHECK-NEXT: alpaka::onAcc::atomicInc(acc, (unsigned int *)(addr), (unsigned int)(value), alpaka::onAcc::scope::device);
  %9 = xfence.atomic_rmw inc %g, %i device relaxed : !llvm.ptr<1>, i32
  // CHECK-NEXT: alpaka::onAcc::atomicDec(acc, (unsigned int *)(addr), (unsigned int)(value), alpaka::onAcc::scope::block);
  %10 = xfence.atomic_rmw dec %l, %i workgroup relaxed : !llvm.ptr<3>, i32
  // Ordered: the operands first, then fences of the atomic's scope around
  // the relaxed atomic.
  // CHECK-NEXT: ({ int *xfence_object = (int *)(addr); int xfence_value = (int)(value); alpaka::onAcc::memFence(acc, alpaka::onAcc::scope::device, alpaka::onAcc::order::release); auto xfence_old = alpaka::onAcc::atomicExch(acc, xfence_object, xfence_value, alpaka::onAcc::scope::device); alpaka::onAcc::memFence(acc, alpaka::onAcc::scope::device, alpaka::onAcc::order::acquire); (int)xfence_old; });
  %11 = xfence.atomic_rmw xchg %g, %i device acq_rel : !llvm.ptr<1>, i32
  // CHECK-NEXT: ({ int *xfence_object = (int *)(addr); int xfence_value = (int)(value); auto xfence_old = alpaka::onAcc::atomicAdd(acc, xfence_object, xfence_value, alpaka::onAcc::scope::block); alpaka::onAcc::memFence(acc, alpaka::onAcc::scope::block, alpaka::onAcc::order::acquire); (int)xfence_old; });
  %12 = xfence.atomic_rmw add %l, %i workgroup acquire : !llvm.ptr<3>, i32
  // CHECK-NEXT: ({ int *xfence_object = (int *)(addr); int xfence_value = (int)(value); alpaka::onAcc::memFence(acc, alpaka::onAcc::scope::device, alpaka::onAcc::order::seq_cst); auto xfence_old = alpaka::onAcc::atomicMax(acc, xfence_object, xfence_value, alpaka::onAcc::scope::device); alpaka::onAcc::memFence(acc, alpaka::onAcc::scope::device, alpaka::onAcc::order::seq_cst); (int)xfence_old; });
  %13 = xfence.atomic_rmw max %g, %i device seq_cst : !llvm.ptr<1>, i32
  // Returning the old value, as CUDA's atomicCAS.
  // CHECK-NEXT: alpaka::onAcc::atomicCas(acc, (int *)(addr), (int)(expected), (int)(desired), alpaka::onAcc::scope::device);
  %14, %ok14 = xfence.atomic_cmpxchg %g, %i, %i device relaxed relaxed : !llvm.ptr<1>, i32
  // CHECK-NEXT: ({ int *xfence_object = (int *)(addr); int xfence_expected = (int)(expected); int xfence_desired = (int)(desired); alpaka::onAcc::memFence(acc, alpaka::onAcc::scope::device, alpaka::onAcc::order::release); auto xfence_old = alpaka::onAcc::atomicCas(acc, xfence_object, xfence_expected, xfence_desired, alpaka::onAcc::scope::device); (int)xfence_old; });
  %15, %ok15 = xfence.atomic_cmpxchg %g, %i, %i device release relaxed {xfence.form = "legacy"} : !llvm.ptr<1>, i32
  // C11's: expected by pointer, the found value written back on failure.
  // CHECK-NEXT: ({ int *xfence_object = (int *)(addr); int *xfence_where = (int *)(expected); int xfence_expected = *xfence_where; int xfence_desired = (int)(desired); int xfence_found = ({ alpaka::onAcc::memFence(acc, alpaka::onAcc::scope::block, alpaka::onAcc::order::release); auto xfence_old = alpaka::onAcc::atomicCas(acc, xfence_object, xfence_expected, xfence_desired, alpaka::onAcc::scope::block); alpaka::onAcc::memFence(acc, alpaka::onAcc::scope::block, alpaka::onAcc::order::acquire); (int)xfence_old; }); bool xfence_ok = xfence_found == xfence_expected; if (!xfence_ok) *xfence_where = xfence_found; xfence_ok; });
  %16, %ok16 = xfence.atomic_cmpxchg %l, %i, %i workgroup acq_rel acquire weak {xfence.form = "c11"} : !llvm.ptr<3>, i32
  // Stores: an exchange (loads are errors: errors.mlir).
  // CHECK-NEXT: ({ int *xfence_object = (int *)(addr); int xfence_value = (int)(value); alpaka::onAcc::memFence(acc, alpaka::onAcc::scope::device, alpaka::onAcc::order::release); (void)alpaka::onAcc::atomicExch(acc, xfence_object, xfence_value, alpaka::onAcc::scope::device); });
  xfence.atomic_store %i, %g device release : i32, !llvm.ptr<1>
  // CHECK-NEXT: ({ float *xfence_object = (float *)(addr); float xfence_value = (float)(value); alpaka::onAcc::memFence(acc, alpaka::onAcc::scope::block, alpaka::onAcc::order::seq_cst); (void)alpaka::onAcc::atomicExch(acc, xfence_object, xfence_value, alpaka::onAcc::scope::block); alpaka::onAcc::memFence(acc, alpaka::onAcc::scope::block, alpaka::onAcc::order::seq_cst); });
  xfence.atomic_store %f, %l workgroup seq_cst : f32, !llvm.ptr<3>
  return
}
