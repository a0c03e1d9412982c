// One of each op on one int cell (`addr`), with constant operands, for
// compile-cpu.test: the --export-alpaka listing of this module is compiled
// into an alpaka kernel and run. The cell starts at 0; the comments give
// its value after each op. (No atomic load: alpaka has none, errors.mlir.)
func.func @sequence(%p: !llvm.ptr<1>, %e: i32) {
  %c2 = llvm.mlir.constant(2 : i32) : i32
  %c5 = llvm.mlir.constant(5 : i32) : i32
  %c7 = llvm.mlir.constant(7 : i32) : i32
  %c8 = llvm.mlir.constant(8 : i32) : i32
  %c10 = llvm.mlir.constant(10 : i32) : i32
  %c3 = llvm.mlir.constant(3 : i32) : i32
  %c12 = llvm.mlir.constant(12 : i32) : i32
  %c20 = llvm.mlir.constant(20 : i32) : i32
  %c30 = llvm.mlir.constant(30 : i32) : i32
  %c40 = llvm.mlir.constant(40 : i32) : i32
  %c50 = llvm.mlir.constant(50 : i32) : i32
  %c60 = llvm.mlir.constant(60 : i32) : i32
  %c99 = llvm.mlir.constant(99 : i32) : i32
  %c100 = llvm.mlir.constant(100 : i32) : i32
  xfence.fence subgroup release [local]
  xfence.fence device acq_rel [global]
  xfence.fence system seq_cst [global]
  xfence.barrier workgroup memory workgroup acq_rel [local]
  xfence.barrier workgroup memory device acq_rel [global]
  xfence.barrier workgroup memory workgroup seq_cst [local]
  %0 = xfence.atomic_rmw add %p, %c5 device relaxed : !llvm.ptr<1>, i32          // 5
  %1 = xfence.atomic_rmw sub %p, %c2 workgroup acquire : !llvm.ptr<1>, i32       // 3
  %2 = xfence.atomic_rmw or %p, %c8 device release : !llvm.ptr<1>, i32           // 11
  %3 = xfence.atomic_rmw and %p, %c10 device acq_rel : !llvm.ptr<1>, i32         // 10
  %4 = xfence.atomic_rmw xor %p, %c3 subgroup relaxed : !llvm.ptr<1>, i32        // 9
  %5 = xfence.atomic_rmw umax %p, %c12 device relaxed {xfence.ctype = "int"} : !llvm.ptr<1>, i32 // 12
  %6 = xfence.atomic_rmw min %p, %c7 cluster seq_cst : !llvm.ptr<1>, i32         // 7
  %7 = xfence.atomic_rmw xchg %p, %c20 device seq_cst : !llvm.ptr<1>, i32        // 20
  %8, %ok8 = xfence.atomic_cmpxchg %p, %c20, %c30 device relaxed relaxed : !llvm.ptr<1>, i32 // 30
  %9, %ok9 = xfence.atomic_cmpxchg %p, %c99, %c2 device acq_rel acquire {xfence.form = "legacy"} : !llvm.ptr<1>, i32 // 30
  xfence.atomic_store %c40, %p device release : i32, !llvm.ptr<1>                  // 40
  %11 = xfence.atomic_rmw inc %p, %c100 device relaxed {xfence.ctype = "unsigned int"} : !llvm.ptr<1>, i32 // 41
  %12 = xfence.atomic_rmw dec %p, %c100 workgroup relaxed {xfence.ctype = "unsigned int"} : !llvm.ptr<1>, i32 // 40
  // *expected is 40: stores 50. Then it fails and writes 50 to *expected.
  %13, %ok13 = xfence.atomic_cmpxchg %p, %e, %c50 device acq_rel acquire weak {xfence.form = "c11"} : !llvm.ptr<1>, i32
  %14, %ok14 = xfence.atomic_cmpxchg %p, %e, %c60 workgroup seq_cst seq_cst {xfence.form = "c11"} : !llvm.ptr<1>, i32
  return
}
