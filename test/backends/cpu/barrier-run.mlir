// REQUIRES: libomp
// RUN: xfence-opt %s --convert-xfence-to-cpu --convert-scf-to-cf --convert-to-llvm --reconcile-unrealized-casts | mlir-translate --mlir-to-llvmir -o %t.ll
// RUN: clang %t.ll -O2 -o %t.exe %libomp
// RUN: %t.exe | FileCheck %s

// Four threads (one OpenMP team = one workgroup) run 1000 rounds of a
// barrier-synchronised ring exchange: in round i thread t writes
// a[t] = i*4 + t + 1 with a plain store, waits at the workgroup barrier,
// reads its neighbour's a[(t+1)%4], adds it to a shared total with a relaxed
// xfence atomic, and waits again before the next round overwrites a[].
// With working barriers every read sees the value of the same round:
// total = sum_{i<1000} sum_{t<4} (4i + t + 1) = 8002000, and no read is
// stale (a read of a value from another round is counted).
// CHECK: total 8002000 stale 0

module {
  llvm.mlir.global internal @a(dense<0> : tensor<4xi32>) : !llvm.array<4 x i32>
  llvm.mlir.global internal @total(0 : i64) : i64
  llvm.mlir.global internal @stale(0 : i32) : i32
  llvm.mlir.global internal constant @fmt("total %ld stale %d\0A\00") {addr_space = 0 : i32}
  llvm.func @omp_get_thread_num() -> i32
  llvm.func @printf(!llvm.ptr, ...) -> i32

  func.func @main() -> i32 {
    %nthreads = arith.constant 4 : i32
    omp.parallel num_threads(%nthreads : i32) {
      %t = llvm.call @omp_get_thread_num() : () -> i32
      %a = llvm.mlir.addressof @a : !llvm.ptr
      %total = llvm.mlir.addressof @total : !llvm.ptr
      %stale = llvm.mlir.addressof @stale : !llvm.ptr
      %c1 = arith.constant 1 : i32
      %c4 = arith.constant 4 : i32
      %lo = arith.constant 0 : index
      %hi = arith.constant 1000 : index
      %step = arith.constant 1 : index
      scf.for %i = %lo to %hi step %step {
        %i32 = arith.index_cast %i : index to i32
        %base = arith.muli %i32, %c4 : i32
        %v0 = arith.addi %base, %t : i32
        %v = arith.addi %v0, %c1 : i32
        %mine = llvm.getelementptr %a[0, %t] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.array<4 x i32>
        llvm.store %v, %mine : i32, !llvm.ptr
        xfence.barrier workgroup memory workgroup acq_rel [local, global]
        %n0 = arith.addi %t, %c1 : i32
        %n = arith.remui %n0, %c4 : i32
        %theirs = llvm.getelementptr %a[0, %n] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.array<4 x i32>
        %w = llvm.load %theirs : !llvm.ptr -> i32
        %w64 = arith.extui %w : i32 to i64
        %old = xfence.atomic_rmw add %total, %w64 device relaxed : !llvm.ptr, i64
        %lo_ok = arith.cmpi ugt, %w, %base : i32
        %hi_lim = arith.addi %base, %c4 : i32
        %hi_ok = arith.cmpi ule, %w, %hi_lim : i32
        %ok = arith.andi %lo_ok, %hi_ok : i1
        %true = arith.constant true
        %bad = arith.xori %ok, %true : i1
        scf.if %bad {
          %s = xfence.atomic_rmw add %stale, %c1 device relaxed : !llvm.ptr, i32
        }
        xfence.barrier workgroup memory workgroup acq_rel [local, global]
      }
      omp.terminator
    }
    %total = llvm.mlir.addressof @total : !llvm.ptr
    %stale = llvm.mlir.addressof @stale : !llvm.ptr
    %sum = xfence.atomic_load %total device seq_cst : !llvm.ptr -> i64
    %bad = xfence.atomic_load %stale device seq_cst : !llvm.ptr -> i32
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    %r = llvm.call @printf(%fmt, %sum, %bad) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i32) -> i32
    %zero = arith.constant 0 : i32
    return %zero : i32
  }
}
