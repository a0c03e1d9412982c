//===- Passes.td - xfence to LLVM for the host CPU ---------*- tablegen -*-===//

#ifndef XFENCE_BACKENDS_CPU_PASSES_TD
#define XFENCE_BACKENDS_CPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertXFenceToCPU : Pass<"convert-xfence-to-cpu"> {
  let summary = "Lower xfence ops to LLVM atomics and OpenMP barriers";
  let description = [{
    First legalizes for the host CPU with `cpuCapabilities()` (fails at any
    op the CPU cannot express: subgroup, partial, cluster or grid barriers,
    reducing barriers), then lowers:

    * `xfence.fence` to `llvm.fence` with the order; `thread` scope to
      `syncscope("singlethread")` (a signal fence), every other scope to the
      default (system) scope. Scope has no meaning on one cache-coherent CPU:
      all threads of the process share one coherence domain and every LLVM
      fence without a sync scope orders memory for all of them, so mapping
      every scope of `subgroup` and wider to it strengthens (never weakens)
      the fence;
    * atomics to `llvm.atomicrmw` (`inc`/`dec` as `uinc_wrap`/`udec_wrap`),
      `llvm.cmpxchg`, and atomic `llvm.load`/`llvm.store`, likewise scoped;
    * a workgroup `xfence.barrier`, with `barrier=openmp` (the default), to
      `omp.barrier`: the workgroup is the OpenMP team of the enclosing
      `omp.parallel`. An OpenMP barrier is a full memory flush of every
      thread of the team (OpenMP 5.2 §1.4.4), so it covers any memory scope,
      order and spaces of the barrier. Run `convert-openmp-to-llvm` (or
      `convert-to-llvm`) afterwards and link with an OpenMP runtime (libomp).
    * with `barrier=runtime`, to a call of `void __xfence_cpu_barrier(void)`,
      the barrier of the fiber runtime of `xfence compile --to cpu`
      (backends/cpu/runtime/Runtime.c, docs/compile.md), where the
      work-items of a workgroup share one thread and the call switches to
      the next one. A barrier with a memory part gets an `llvm.fence
      acq_rel` (system scope) before the call: for the workgroup's own
      work-items program order on the one thread already orders memory, and
      the fence makes the barrier's release and acquire hold for other
      threads too, which a device-scope memory part
      (`--opencl-global-fence=device`) asks for.
  }];
  let options = [
    Option<"barrier", "barrier", "std::string", /*default=*/"\"openmp\"",
           "Lowering of a workgroup barrier: 'openmp' (omp.barrier) or "
           "'runtime' (a call of __xfence_cpu_barrier)">,
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::omp::OpenMPDialect"];
}

#endif // XFENCE_BACKENDS_CPU_PASSES_TD
