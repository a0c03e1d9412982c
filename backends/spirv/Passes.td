//===- Passes.td - xfence to the SPIR-V dialect ------------*- tablegen -*-===//

#ifndef XFENCE_BACKENDS_SPIRV_PASSES_TD
#define XFENCE_BACKENDS_SPIRV_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertXFenceToSPIRV : Pass<"convert-xfence-to-spirv"> {
  let summary = "Lower xfence ops to the SPIR-V dialect (OpenCL or Vulkan)";
  let description = [{
    First legalizes every xfence op for `spirv-opencl` (or, with `vulkan`,
    `spirv-vulkan`) with the capability table of
    `passes/TargetCapabilities.cpp`, as `--xfence-legalize` does: it fails
    with an error at any op SPIR-V can express only by weakening it
    (`seq_cst` or system scope under Vulkan, `inc`/`dec`, reducing or
    partial barriers, grid-wide barriers). Then it lowers, with the Scope
    numbers and MemorySemantics bits of design/semantics.md §1:

    * `xfence.fence` to `spirv.MemoryBarrier <Scope>, <Semantics>`;
    * `xfence.barrier` to `spirv.ControlBarrier <Exec>, <Mem>, <Semantics>`;
      without a memory part the memory scope is the execution scope and the
      semantics are `None`;
    * `xfence.atomic_rmw` to `spirv.AtomicIAdd`, `AtomicISub`, `AtomicAnd`,
      `AtomicOr`, `AtomicXor`, `AtomicSMin`, `AtomicSMax`, `AtomicUMin`,
      `AtomicUMax`, `AtomicExchange` and `spirv.EXT.AtomicFAdd`;
    * `xfence.atomic_cmpxchg` to `spirv.AtomicCompareExchange` (or, `weak`
      in the OpenCL environment up to SPIR-V 1.3,
      `spirv.AtomicCompareExchangeWeak`) and a `spirv.IEqual`;
    * `xfence.atomic_load` to `spirv.AtomicOr` of 0 and
      `xfence.atomic_store` to `spirv.AtomicExchange` whose result is unused:
      MLIR's SPIR-V dialect has no OpAtomicLoad/OpAtomicStore, and an atomic
      read-modify-write is a stronger access than an atomic load or store
      (integers only for loads).

    Semantics are the order bit (Acquire, Release, AcquireRelease,
    SequentiallyConsistent) or'ed with the storage bits of the spaces: local
    -> WorkgroupMemory, global -> CrossWorkgroupMemory (OpenCL) or
    UniformMemory (Vulkan), image -> ImageMemory. Under Vulkan (Vulkan memory
    model) a release also carries MakeAvailable and an acquire MakeVisible.
    An ordered atomic orders every space (as on every other xfence target),
    so its semantics carry all storage bits of the environment; a relaxed
    one has `None`.

    Addresses: a `memref` becomes a SPIR-V pointer through the upstream
    SPIR-V type conversion (numeric memory spaces mapped as
    `map-memref-spirv-storage-class` does for the environment) and
    `spirv.AccessChain`/`PtrAccessChain` to the element; an `!llvm.ptr<N>`
    becomes a `!spirv.ptr<T, SC>` of the atomic's value type T, with
    address space 1 -> CrossWorkgroup (Vulkan: StorageBuffer), 3 ->
    Workgroup, 0 -> Generic (OpenCL only). Both are joined to the rest of the
    program by `builtin.unrealized_conversion_cast`s, which
    `reconcile-unrealized-casts` removes once the producers of the address
    are lowered (for example by `convert-gpu-to-spirv`).
  }];
  let options = [
    Option<"vulkan", "vulkan", "bool", /*default=*/"false",
           "Lower for the Vulkan environment (Vulkan memory model) instead of "
           "the OpenCL one">
  ];
  let dependentDialects = ["::mlir::spirv::SPIRVDialect"];
}

def ConvertGPUXFenceToSPIRV
    : Pass<"convert-gpu-xfence-to-spirv", "::mlir::ModuleOp"> {
  let summary = "Lower gpu.modules holding xfence ops to spirv.modules";
  let description = [{
    `convert-gpu-to-spirv` lowers each `gpu.module` with one full
    conversion, which rejects xfence ops and the casts an earlier
    `convert-xfence-to-spirv` leaves for it. This pass legalizes each
    `gpu.module` for SPIR-V (as `convert-xfence-to-spirv` does), maps its
    memref memory spaces to storage classes for the environment of its
    `spirv.target_env` (Kernel capability: OpenCL; otherwise Vulkan), and
    lowers it with the upstream GPU, SCF, arith, memref and func to SPIR-V
    patterns and the xfence patterns in one conversion: the `gpu.module`
    becomes a `spirv.module`, its kernels `spirv.func`s with entry points.

    Follow it with `spirv.module(spirv-lower-abi-attrs, spirv-update-vce)`
    and serialize (`mlir-translate --serialize-spirv`, or
    `xfence-translate --export-spirv` for the whole pipeline). `vulkan` must
    agree with the target environment.
  }];
  let options = [
    Option<"vulkan", "vulkan", "bool", /*default=*/"false",
           "Lower for the Vulkan environment (Vulkan memory model)">
  ];
  let dependentDialects = ["::mlir::spirv::SPIRVDialect"];
}

#endif // XFENCE_BACKENDS_SPIRV_PASSES_TD
