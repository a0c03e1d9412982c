// Message-passing litmus kernels written with the gpu dialect and xfence
// ops. bench/litmus-ptx/generate.sh lowers them to PTX with
// `xfence-translate --export-ptx`; run.sh runs them on the GPU.
module attributes {gpu.container_module} {
  gpu.module @litmus {

    // Message passing, fences of scope device: producer x=1; F(release); y=1,
    // consumer: spin on y (bounded); F(acquire); r=x. Weak: y seen, x stale.
    gpu.func @mp_device(%role: !llvm.ptr<1>, %x: !llvm.ptr<1>, %y: !llvm.ptr<1>,
                       %xoff: !llvm.ptr<1>, %yoff: !llvm.ptr<1>,
                       %weak: !llvm.ptr<1>, %seen: !llvm.ptr<1>,
                       %scratch: !llvm.ptr<1>, %scratch_n: i32) kernel {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %tid = gpu.thread_id x
      %b32 = arith.index_cast %bid : index to i32
      %d32 = arith.index_cast %bdim : index to i32
      %t32 = arith.index_cast %tid : index to i32
      %base = arith.muli %b32, %d32 : i32
      %t = arith.addi %base, %t32 : i32
      %rolep = llvm.getelementptr %role[%t] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
      %r = llvm.load %rolep : !llvm.ptr<1> -> i32
      %isStress = arith.cmpi slt, %r, %c0 : i32
      scf.if %isStress {
        // Memory stress: 64 relaxed read-modify-writes at random places.
        %seed0 = arith.constant -1640531535 : i32
        %s0 = arith.muli %t, %seed0 : i32
        %lo = arith.constant 0 : index
        %hi = arith.constant 64 : index
        %st = arith.constant 1 : index
        %ma = arith.constant 1664525 : i32
        %mc = arith.constant 1013904223 : i32
        %sEnd = scf.for %i = %lo to %hi step %st iter_args(%s = %s0) -> (i32) {
          %s1 = arith.muli %s, %ma : i32
          %s2 = arith.addi %s1, %mc : i32
          %slot = arith.remui %s2, %scratch_n : i32
          %p = llvm.getelementptr %scratch[%slot] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
          %v = xfence.atomic_load %p device relaxed : !llvm.ptr<1> -> i32
          %v1 = arith.addi %v, %c1 : i32
          xfence.atomic_store %v1, %p device relaxed : i32, !llvm.ptr<1>
          scf.yield %s2 : i32
        }
      } else {
        %inst = arith.shrsi %r, %c1 : i32
        %xop = llvm.getelementptr %xoff[%inst] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
        %yop = llvm.getelementptr %yoff[%inst] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
        %xo = llvm.load %xop : !llvm.ptr<1> -> i32
        %yo = llvm.load %yop : !llvm.ptr<1> -> i32
        %px = llvm.getelementptr %x[%xo] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
        %py = llvm.getelementptr %y[%yo] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
        %which = arith.andi %r, %c1 : i32
        %isProducer = arith.cmpi eq, %which, %c0 : i32
        scf.if %isProducer {
          xfence.atomic_store %c1, %px device relaxed : i32, !llvm.ptr<1>
          xfence.fence device release [global]
          xfence.atomic_store %c1, %py device relaxed : i32, !llvm.ptr<1>
        } else {
          %limit = arith.constant 20000 : i32
          %v0 = xfence.atomic_load %py device relaxed : !llvm.ptr<1> -> i32
          %vEnd:2 = scf.while (%v = %v0, %n = %c0) : (i32, i32) -> (i32, i32) {
            %zero = arith.cmpi eq, %v, %c0 : i32
            %more = arith.cmpi slt, %n, %limit : i32
            %go = arith.andi %zero, %more : i1
            scf.condition(%go) %v, %n : i32, i32
          } do {
          ^bb0(%v: i32, %n: i32):
            %v2 = xfence.atomic_load %py device relaxed : !llvm.ptr<1> -> i32
            %n2 = arith.addi %n, %c1 : i32
            scf.yield %v2, %n2 : i32, i32
          }
          xfence.fence device acquire [global]
          %rx = xfence.atomic_load %px device relaxed : !llvm.ptr<1> -> i32
          %sawFlag = arith.cmpi eq, %vEnd#0, %c1 : i32
          scf.if %sawFlag {
            %a = xfence.atomic_rmw add %seen, %c1 device relaxed : !llvm.ptr<1>, i32
            %stale = arith.cmpi eq, %rx, %c0 : i32
            scf.if %stale {
              %b = xfence.atomic_rmw add %weak, %c1 device relaxed : !llvm.ptr<1>, i32
            }
          }
        }
      }
      gpu.return
    }

    // Message passing, fences of scope workgroup (the mutant: too narrow between blocks): producer x=1; F(release); y=1,
    // consumer: spin on y (bounded); F(acquire); r=x. Weak: y seen, x stale.
    gpu.func @mp_workgroup(%role: !llvm.ptr<1>, %x: !llvm.ptr<1>, %y: !llvm.ptr<1>,
                       %xoff: !llvm.ptr<1>, %yoff: !llvm.ptr<1>,
                       %weak: !llvm.ptr<1>, %seen: !llvm.ptr<1>,
                       %scratch: !llvm.ptr<1>, %scratch_n: i32) kernel {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %tid = gpu.thread_id x
      %b32 = arith.index_cast %bid : index to i32
      %d32 = arith.index_cast %bdim : index to i32
      %t32 = arith.index_cast %tid : index to i32
      %base = arith.muli %b32, %d32 : i32
      %t = arith.addi %base, %t32 : i32
      %rolep = llvm.getelementptr %role[%t] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
      %r = llvm.load %rolep : !llvm.ptr<1> -> i32
      %isStress = arith.cmpi slt, %r, %c0 : i32
      scf.if %isStress {
        // Memory stress: 64 relaxed read-modify-writes at random places.
        %seed0 = arith.constant -1640531535 : i32
        %s0 = arith.muli %t, %seed0 : i32
        %lo = arith.constant 0 : index
        %hi = arith.constant 64 : index
        %st = arith.constant 1 : index
        %ma = arith.constant 1664525 : i32
        %mc = arith.constant 1013904223 : i32
        %sEnd = scf.for %i = %lo to %hi step %st iter_args(%s = %s0) -> (i32) {
          %s1 = arith.muli %s, %ma : i32
          %s2 = arith.addi %s1, %mc : i32
          %slot = arith.remui %s2, %scratch_n : i32
          %p = llvm.getelementptr %scratch[%slot] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
          %v = xfence.atomic_load %p device relaxed : !llvm.ptr<1> -> i32
          %v1 = arith.addi %v, %c1 : i32
          xfence.atomic_store %v1, %p device relaxed : i32, !llvm.ptr<1>
          scf.yield %s2 : i32
        }
      } else {
        %inst = arith.shrsi %r, %c1 : i32
        %xop = llvm.getelementptr %xoff[%inst] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
        %yop = llvm.getelementptr %yoff[%inst] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
        %xo = llvm.load %xop : !llvm.ptr<1> -> i32
        %yo = llvm.load %yop : !llvm.ptr<1> -> i32
        %px = llvm.getelementptr %x[%xo] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
        %py = llvm.getelementptr %y[%yo] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
        %which = arith.andi %r, %c1 : i32
        %isProducer = arith.cmpi eq, %which, %c0 : i32
        scf.if %isProducer {
          xfence.atomic_store %c1, %px device relaxed : i32, !llvm.ptr<1>
          xfence.fence workgroup release [global]
          xfence.atomic_store %c1, %py device relaxed : i32, !llvm.ptr<1>
        } else {
          %limit = arith.constant 20000 : i32
          %v0 = xfence.atomic_load %py device relaxed : !llvm.ptr<1> -> i32
          %vEnd:2 = scf.while (%v = %v0, %n = %c0) : (i32, i32) -> (i32, i32) {
            %zero = arith.cmpi eq, %v, %c0 : i32
            %more = arith.cmpi slt, %n, %limit : i32
            %go = arith.andi %zero, %more : i1
            scf.condition(%go) %v, %n : i32, i32
          } do {
          ^bb0(%v: i32, %n: i32):
            %v2 = xfence.atomic_load %py device relaxed : !llvm.ptr<1> -> i32
            %n2 = arith.addi %n, %c1 : i32
            scf.yield %v2, %n2 : i32, i32
          }
          xfence.fence workgroup acquire [global]
          %rx = xfence.atomic_load %px device relaxed : !llvm.ptr<1> -> i32
          %sawFlag = arith.cmpi eq, %vEnd#0, %c1 : i32
          scf.if %sawFlag {
            %a = xfence.atomic_rmw add %seen, %c1 device relaxed : !llvm.ptr<1>, i32
            %stale = arith.cmpi eq, %rx, %c0 : i32
            scf.if %stale {
              %b = xfence.atomic_rmw add %weak, %c1 device relaxed : !llvm.ptr<1>, i32
            }
          }
        }
      }
      gpu.return
    }

    // Message passing, fences of scope none (baseline): producer x=1; F(release); y=1,
    // consumer: spin on y (bounded); F(acquire); r=x. Weak: y seen, x stale.
    gpu.func @mp_none(%role: !llvm.ptr<1>, %x: !llvm.ptr<1>, %y: !llvm.ptr<1>,
                       %xoff: !llvm.ptr<1>, %yoff: !llvm.ptr<1>,
                       %weak: !llvm.ptr<1>, %seen: !llvm.ptr<1>,
                       %scratch: !llvm.ptr<1>, %scratch_n: i32) kernel {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %tid = gpu.thread_id x
      %b32 = arith.index_cast %bid : index to i32
      %d32 = arith.index_cast %bdim : index to i32
      %t32 = arith.index_cast %tid : index to i32
      %base = arith.muli %b32, %d32 : i32
      %t = arith.addi %base, %t32 : i32
      %rolep = llvm.getelementptr %role[%t] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
      %r = llvm.load %rolep : !llvm.ptr<1> -> i32
      %isStress = arith.cmpi slt, %r, %c0 : i32
      scf.if %isStress {
        // Memory stress: 64 relaxed read-modify-writes at random places.
        %seed0 = arith.constant -1640531535 : i32
        %s0 = arith.muli %t, %seed0 : i32
        %lo = arith.constant 0 : index
        %hi = arith.constant 64 : index
        %st = arith.constant 1 : index
        %ma = arith.constant 1664525 : i32
        %mc = arith.constant 1013904223 : i32
        %sEnd = scf.for %i = %lo to %hi step %st iter_args(%s = %s0) -> (i32) {
          %s1 = arith.muli %s, %ma : i32
          %s2 = arith.addi %s1, %mc : i32
          %slot = arith.remui %s2, %scratch_n : i32
          %p = llvm.getelementptr %scratch[%slot] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
          %v = xfence.atomic_load %p device relaxed : !llvm.ptr<1> -> i32
          %v1 = arith.addi %v, %c1 : i32
          xfence.atomic_store %v1, %p device relaxed : i32, !llvm.ptr<1>
          scf.yield %s2 : i32
        }
      } else {
        %inst = arith.shrsi %r, %c1 : i32
        %xop = llvm.getelementptr %xoff[%inst] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
        %yop = llvm.getelementptr %yoff[%inst] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
        %xo = llvm.load %xop : !llvm.ptr<1> -> i32
        %yo = llvm.load %yop : !llvm.ptr<1> -> i32
        %px = llvm.getelementptr %x[%xo] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
        %py = llvm.getelementptr %y[%yo] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
        %which = arith.andi %r, %c1 : i32
        %isProducer = arith.cmpi eq, %which, %c0 : i32
        scf.if %isProducer {
          xfence.atomic_store %c1, %px device relaxed : i32, !llvm.ptr<1>
          xfence.atomic_store %c1, %py device relaxed : i32, !llvm.ptr<1>
        } else {
          %limit = arith.constant 20000 : i32
          %v0 = xfence.atomic_load %py device relaxed : !llvm.ptr<1> -> i32
          %vEnd:2 = scf.while (%v = %v0, %n = %c0) : (i32, i32) -> (i32, i32) {
            %zero = arith.cmpi eq, %v, %c0 : i32
            %more = arith.cmpi slt, %n, %limit : i32
            %go = arith.andi %zero, %more : i1
            scf.condition(%go) %v, %n : i32, i32
          } do {
          ^bb0(%v: i32, %n: i32):
            %v2 = xfence.atomic_load %py device relaxed : !llvm.ptr<1> -> i32
            %n2 = arith.addi %n, %c1 : i32
            scf.yield %v2, %n2 : i32, i32
          }
          %rx = xfence.atomic_load %px device relaxed : !llvm.ptr<1> -> i32
          %sawFlag = arith.cmpi eq, %vEnd#0, %c1 : i32
          scf.if %sawFlag {
            %a = xfence.atomic_rmw add %seen, %c1 device relaxed : !llvm.ptr<1>, i32
            %stale = arith.cmpi eq, %rx, %c0 : i32
            scf.if %stale {
              %b = xfence.atomic_rmw add %weak, %c1 device relaxed : !llvm.ptr<1>, i32
            }
          }
        }
      }
      gpu.return
    }
  }
}
