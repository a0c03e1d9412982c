module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @kern(%p: !llvm.ptr<1>, %s: !llvm.ptr<3>, %m: memref<16xi32>, %v: i32, %f: f32, %mask: i32) kernel {
      xfence.fence workgroup acquire [local]
      xfence.fence workgroup release [global]
      xfence.fence device seq_cst [local, global]
      xfence.fence cluster acq_rel [global]
      xfence.fence system acq_rel [global]
      xfence.barrier workgroup memory workgroup acq_rel [local, global]
      xfence.barrier workgroup
      xfence.barrier subgroup mask(%mask) memory subgroup acq_rel [local, global]
      xfence.barrier subgroup
      xfence.barrier cluster memory cluster acq_rel [local, global]
      xfence.barrier cluster
      %c = xfence.barrier_reduce count %v workgroup memory workgroup acq_rel [local, global] : i32
      %0 = xfence.atomic_rmw add %p, %v device relaxed : !llvm.ptr<1>, i32
      %1 = xfence.atomic_rmw sub %s, %v workgroup acq_rel : !llvm.ptr<3>, i32
      %2 = xfence.atomic_rmw fadd %p, %f system seq_cst : !llvm.ptr<1>, f32
      %i = arith.constant 3 : index
      %3 = xfence.atomic_rmw inc %m[%i], %v device release : memref<16xi32>, i32
      %4, %5 = xfence.atomic_cmpxchg %p, %v, %c device acq_rel acquire : !llvm.ptr<1>, i32
      %6 = xfence.atomic_load %p device acquire : !llvm.ptr<1> -> i32
      xfence.atomic_store %6, %s workgroup release : i32, !llvm.ptr<3>
      gpu.return
    }
  }
}
