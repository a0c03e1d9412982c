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
    numbers and MemorySemantics bits of docs/semantics.md §1:

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
    * `xfence.atomic_load` (integers) to a `spirv.AtomicOr` of 0 marked with
      the unit attribute `xfence.atomic_load`, which `xfence-translate
      --export-spirv` serializes as OpAtomicLoad (MLIR's SPIR-V dialect has
      none; an OR would write, and MLIR's serializer refuses the mark), and
      `xfence.atomic_store` to `spirv.AtomicExchange` whose result is unused
      (an exchange writes what the store writes).

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
    With `vulkan`, the module's memory model is Vulkan, and every load,
    store and copy of Workgroup, StorageBuffer, PhysicalStorageBuffer or
    Uniform memory carries NonPrivatePointer: under that model the
    availability and visibility operations of barriers and atomics reach
    only non-private accesses.

    Follow it with `spirv.module(spirv-lower-abi-attrs, spirv-update-vce)`
    and serialize with `xfence-translate --export-spirv` (the whole
    pipeline; `mlir-translate --serialize-spirv` refuses atomic loads). `vulkan` must
    agree with the target environment.
  }];
  let options = [
    Option<"vulkan", "vulkan", "bool", /*default=*/"false",
           "Lower for the Vulkan environment (Vulkan memory model)">
  ];
  let dependentDialects = ["::mlir::spirv::SPIRVDialect"];
}

def ConvertXFenceToLLVMSPIRV
    : Pass<"convert-xfence-to-llvm-spirv", "::mlir::ModuleOp"> {
  let summary = "Lower xfence ops to LLVM-dialect calls of the SPIR-V "
                "built-ins that LLVM's SPIR-V back end knows";
  let description = [{
    For modules whose kernels are LLVM dialect (the IR path of `xfence
    compile --to spirv`, docs/compile.md), where the SPIR-V dialect does not
    fit. First legalizes every xfence op for `spirv-opencl`, as
    `--xfence-legalize` does (it fails at any op SPIR-V can express only by
    weakening it), then lowers each op to a call of a function that LLVM's
    SPIR-V back end turns into exactly one SPIR-V instruction, with constant
    Scope and MemorySemantics operands computed as `convert-xfence-to-spirv`
    computes them (docs/semantics.md §1, OpenCL environment):

    * `xfence.fence` to `__spirv_MemoryBarrier(Scope, Semantics)`
      (OpMemoryBarrier);
    * `xfence.barrier` to `__spirv_ControlBarrier(Exec, Mem, Semantics)`
      (OpControlBarrier; without a memory part the memory scope is the
      execution scope and the semantics `None`);
    * `xfence.atomic_rmw` to `__spirv_AtomicIAdd`, `AtomicISub`, `AtomicAnd`,
      `AtomicOr`, `AtomicXor`, `AtomicSMin`, `AtomicSMax`, `AtomicUMin`,
      `AtomicUMax`, `AtomicExchange` or `AtomicFAddEXT` (which needs
      SPV_EXT_shader_atomic_float_add);
    * `xfence.atomic_cmpxchg` to `__spirv_AtomicCompareExchange` (also when
      `weak`: the strong form never fails spuriously, and the weak one is
      deprecated from SPIR-V 1.4) and an `llvm.icmp eq` of the old and the
      expected value (floats are exchanged as integers of their size);
    * `xfence.atomic_load` and `xfence.atomic_store` to `__spirv_AtomicLoad`
      and `__spirv_AtomicStore` (LLVM 22's SPIR-V back end turns an LLVM
      `load atomic`/`store atomic` into a plain OpLoad/OpStore, and an
      `atomicrmw` into semantics without storage bits, so LLVM's own
      atomics are not used).

    An ordered atomic carries the storage bits of every space, as in
    `convert-xfence-to-spirv`. The atomic built-ins are declared with
    Itanium-mangled names of their operand types (e.g.
    `_Z18__spirv_AtomicIAddPU3AS1iiii`, one declaration per pointer address
    space and value type), the barriers as `_Z21__spirv_MemoryBarrierii` and
    `_Z22__spirv_ControlBarrieriii`; all with the `spir_func` calling
    convention, the barriers `convergent`. Addresses use the SPIR address
    spaces of Clang's `spir64`/`spirv64` IR (0 private, 1 global, 2
    constant, 3 local, 4 generic); a `memref` address is lowered to the
    element's `!llvm.ptr` as the LLVM lowerings do. A reducing or partial
    (lane-mask) barrier has no SPIR-V form and is an error.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif // XFENCE_BACKENDS_SPIRV_PASSES_TD
