//===- Passes.td - xfence to NVVM/LLVM (PTX) ---------------*- tablegen -*-===//

#ifndef XFENCE_BACKENDS_PTX_PASSES_TD
#define XFENCE_BACKENDS_PTX_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertXFenceToNVVM : Pass<"convert-xfence-to-nvvm"> {
  let summary = "Lower xfence ops to the NVVM and LLVM dialects (PTX)";
  let description = [{
    First legalizes every xfence op for PTX `sm_<sm>` at PTX ISA `<ptx>` with
    the capability table of `passes/TargetCapabilities.cpp` (as
    `--xfence-legalize` does; it fails with an error at any op that PTX can
    express only by weakening it), then lowers:

    * `xfence.fence` to `llvm.fence syncscope("block"|"cluster"|"device"|"")`,
      which LLVM's NVPTX back end emits as `fence.{sc,acq_rel}.<scope>`, and
      on sm_90 with PTX 8.6 as `fence.{acquire,release}.<scope>`;
    * a workgroup `xfence.barrier` to `nvvm.barrier` (`bar.sync 0`), a
      subgroup one to `nvvm.bar.warp.sync` (all lanes, or its mask), a
      cluster one to `barrier.cluster.arrive` + `barrier.cluster.wait`
      (`.relaxed` arrive when it orders no memory);
    * `xfence.barrier_reduce` to `bar.red.{popc,and,or}`;
    * `xfence.atomic_rmw` to `atom.<sem>.<scope>` in inline PTX (LLVM 22's
      NVPTX back end drops the ordering of `atomicrmw`); `seq_cst` is
      `fence.sc.<scope>` followed by `atom.acquire.<scope>`;
    * `xfence.atomic_cmpxchg`, `xfence.atomic_load`, `xfence.atomic_store` to
      LLVM atomics with the sync scope (`atom.cas`, `ld`/`st.<sem>.<scope>`).
  }];
  let options = [
    Option<"sm", "sm", "unsigned", /*default=*/"90",
           "SM architecture (70 or higher: atom.sem needs sm_70)">,
    Option<"ptx", "ptx", "unsigned", /*default=*/"86",
           "PTX ISA version times ten (e.g. 78, 86)">,
    Option<"strict", "strict", "bool", /*default=*/"false",
           "Refuse derived mappings (cluster as CTA below sm_90)">
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

def XFenceNVPTXLocalArguments
    : Pass<"xfence-nvptx-local-arguments", "::mlir::ModuleOp"> {
  let summary = "Move OpenCL __local kernel arguments into dynamic shared "
                "memory (the launch ABI of translate --to cuda)";
  let description = [{
    Clang compiles an OpenCL `__local` pointer argument of a kernel for
    NVPTX as a `.shared` pointer parameter, which no host can fill. This
    pass gives such kernels (`ptx_kernel` functions with `!llvm.ptr<3>`
    parameters) the launch ABI of `xfence translate --to cuda`
    (docs/opencl-to-cuda.md): the `__local` parameters go; one `i64` per
    `__local` argument, its size in bytes, is appended after the others, in
    their order; the k-th argument lies in the dynamic shared memory
    (`@xfence_local_mem`, an external `.shared` array aligned to 16) at the
    sum of the sizes before it, each rounded up to 16 bytes.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif // XFENCE_BACKENDS_PTX_PASSES_TD
