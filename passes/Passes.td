//===- Passes.td - xfence passes ---------------------------*- tablegen -*-===//

#ifndef XFENCE_PASSES_PASSES_TD
#define XFENCE_PASSES_PASSES_TD

include "mlir/Pass/PassBase.td"

def XFenceCoalesce : Pass<"xfence-coalesce"> {
  let summary = "Remove and merge fences and barriers that add nothing";
  let description = [{
    Applies the sound coalescing rules of the project's semantics reference
    (docs/semantics.md, section 4) to neighbouring synchronization ops. Two
    ops are neighbours when every op between them in the block is free of
    memory effects; any memory access, call, region op or `xfence.exit`
    between them keeps them apart.

    * `merge-fences`: two neighbouring fences become one fence with the join
      of their scopes, orders and spaces. `release` and `acquire` join to
      `acq_rel`, never to `seq_cst`.
    * `drop-fences-at-barriers`: a fence next to a full workgroup barrier
      whose memory part covers its scope, order and spaces is erased: an
      `acquire`, `release` or `acq_rel` fence of scope at most `workgroup`
      on either side, and a `release` fence of a wider scope directly
      before the barrier or an `acquire` fence of a wider scope directly
      after it (the barrier's own entry release or exit acquire fence does
      its work). Not a `seq_cst` fence, not an `acq_rel` fence wider than
      `workgroup`, not a wider `acquire` before or `release` after the
      barrier (partners outside the workgroup do not pass through it), not
      next to a partial (`mask`) or subgroup barrier, and not a fence of a
      space the barrier does not order. With `barriers-order-all-spaces`
      (for CUDA, whose `__syncthreads()` orders every space, as do the
      fences written around it for a wider memory part) a barrier orders
      every space whatever its op names.
    * `merge-barriers`: two neighbouring barriers of the same execution scope,
      neither partial, become one with the join of their memory parts.
    * `narrow-local`: a fence or barrier memory part whose only space is
      `local` and whose scope is wider than `cluster` is narrowed to
      `cluster` scope: local memory is reachable from
      its own workgroup and, on sm_90, from the other workgroups of its
      cluster (distributed shared memory). With `clusters=false` (a target
      without clusters) it is narrowed to `workgroup` scope. A barrier's
      memory part is not narrowed below its execution scope.

    With `remarks`, every change is reported as a remark at the op's
    location, naming the rule (the statistics below need an LLVM built with
    statistics enabled; Debian's release build compiles them out).

    With `exact-scopes` (OpenCL 2.x, where synchronization needs the same
    scope on both sides) fences and barriers merge, and a fence is erased
    beside a barrier, only when their scopes are equal, and no scope is
    widened or narrowed: `narrow-local` does not apply.
  }];
  let options = [
    Option<"mergeFences", "merge-fences", "bool", /*default=*/"true",
           "Merge neighbouring fences into their join">,
    Option<"dropFencesAtBarriers", "drop-fences-at-barriers", "bool",
           /*default=*/"true",
           "Erase fences made redundant by a neighbouring barrier">,
    Option<"mergeBarriers", "merge-barriers", "bool", /*default=*/"true",
           "Merge neighbouring barriers of the same execution scope">,
    Option<"narrowLocal", "narrow-local", "bool", /*default=*/"true",
           "Narrow local-only fences and barriers to cluster scope (see "
           "clusters)">,
    Option<"clusters", "clusters", "bool", /*default=*/"true",
           "The target may have clusters whose workgroups reach each other's "
           "local memory (sm_90); false lets narrow-local go to workgroup "
           "scope">,
    Option<"exactScopes", "exact-scopes", "bool", /*default=*/"false",
           "Never widen or narrow a scope (OpenCL 2.x scope matching)">,
    Option<"barriersOrderAllSpaces", "barriers-order-all-spaces", "bool",
           /*default=*/"false",
           "The target's workgroup barrier orders every memory space at its "
           "memory scope, whatever spaces the op names (CUDA)">,
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark at each op a rule changes, naming the rule">
  ];
  let statistics = [
    Statistic<"numMergedFences", "merged-fences",
              "Number of fences merged into a neighbouring fence">,
    Statistic<"numDroppedFences", "dropped-fences",
              "Number of fences erased beside a covering barrier">,
    Statistic<"numMergedBarriers", "merged-barriers",
              "Number of barriers merged into a neighbouring barrier">,
    Statistic<"numNarrowed", "narrowed-local",
              "Number of local-only ops narrowed">
  ];
  let dependentDialects = ["::xfence::XFenceDialect"];
}

def XFenceLegalize : Pass<"xfence-legalize"> {
  let summary = "Rewrite xfence ops to what one target can express";
  let description = [{
    Rewrites every xfence op to a form the chosen target expresses directly,
    as the capability table of `passes/TargetCapabilities.cpp` says, and only
    ever by strengthening (docs/semantics.md §3 and §4 rule 1):

    * a scope the target cannot name becomes the next wider one it can name
      (`subgroup` -> `workgroup` on PTX, `cluster` -> `device` on SPIR-V and
      OpenCL 2.0, `cluster` -> `workgroup` below sm_90 where a CTA is its own
      cluster, *derived*, refused with `strict`);
    * `acquire`/`release` fences become `acq_rel` where split fences do not
      exist (PTX below sm_90 / PTX 8.6);
    * fences on PTX and CUDA order all memory spaces;
    * a barrier whose memory part is wider or stronger than the target's
      barrier gives gets a release fence before and an acquire fence after;
    * an ordered atomic on OpenCL 1.2 becomes fence, relaxed atomic, fence;
    * relaxed fences, fences of no space, and thread-scope fences on targets
      without them are erased: they order nothing between threads.

    Where the target could express an op only by weakening it (device scope
    in OpenCL 1.2, `seq_cst` in Vulkan, a grid-wide barrier, ...) the pass
    reports an error at the op and fails.

    OpenCL 2.x needs equal scopes on both sides of a synchronization; this
    pass widens a scope there only where the target cannot name it, and it
    legalizes the whole program with one table, so both partners of a
    synchronization are widened alike.
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"ptx-sm90\"",
           "cuda, opencl1.2, opencl2, ptx-sm70, ptx-sm90, spirv-opencl, "
           "spirv-vulkan or cpu">,
    Option<"strict", "strict", "bool", /*default=*/"false",
           "Refuse derived mappings (cluster scope as workgroup below sm_90)">
  ];
  let dependentDialects = ["::xfence::XFenceDialect"];
}

def XFenceRaiseLLVM : Pass<"xfence-raise-llvm", "::mlir::ModuleOp"> {
  let summary = "Raise the synchronization of an LLVM-dialect module to xfence ops";
  let description = [{
    Turns the synchronization of LLVM IR (as `mlir-translate --import-llvm`
    or xfence's own import of Clang's output gives it) into xfence ops, so
    that coalescing, legalization and the lowerings of this project apply
    to whole compiled kernels:

    * calls of the OpenCL C built-ins, known by their Itanium-mangled names
      (`_Z7barrierj`, `_Z9mem_fencej`, `_Z18work_group_barrierj12memory_scope`,
      `_Z22atomic_work_item_fencej12memory_order12memory_scope`,
      `_Z10atomic_addPU3AS1Vii`, `_Z25atomic_fetch_add_explicit...`, ...):
      with the meaning the OpenCL importer gives them
      (docs/opencl-to-cuda.md, "Meaning of the constructs": `mem_fence` is
      a work-group fence of its flags' spaces, `seq_cst` for OpenCL C 1.x
      and `acq_rel` for 2.0 and later (`opencl-std`; without it, `seq_cst`,
      the stronger), `barrier(F)` a work-group barrier, legacy atomics are
      relaxed at the scope of their address space, C11 atomics `seq_cst` at
      device scope unless `_explicit`; `atomic_compare_exchange_*` loads
      `expected`, exchanges, and stores the old value back into `expected`
      on failure only, in a block of its own; `atomic_flag_test_and_set` is
      an exchange with 1 and `atomic_flag_clear` a store of 0). Flags, orders and scopes must be
      constants to be known; one that is not takes the strongest meaning
      (all spaces, `seq_cst`, system scope);
    * `llvm.fence` with a sync scope (`""` system, `"device"`/`"agent"`,
      `"workgroup"`/`"block"`, `"cluster"`, `"subgroup"`/`"wavefront"`,
      `"singlethread"`), ordering every space;
    * CUDA's synchronization in Clang's CUDA IR, with the meaning the CUDA
      importer gives it (docs/cuda-to-opencl.md): the block barrier
      intrinsics of barrier 0 (`llvm.nvvm.barrier.cta.sync.aligned.all`,
      `llvm.nvvm.barrier0`, `nvvm.barrier0`: `__syncthreads()`) a
      work-group barrier of memory workgroup acq_rel over local and global
      memory; `llvm.nvvm.membar.{cta,gl,sys}` (`__threadfence_block`,
      `__threadfence`, `__threadfence_system`) seq_cst fences at
      workgroup, device and system scope; inline PTX of one instruction
      without operands (`membar.*`, `fence[.sc|.acq_rel][.scope]`,
      `bar.sync 0`) likewise;
    * LLVM's own atomics, which Clang writes for `__opencl_atomic_*`,
      `__c11_atomic_*`, GNU `__atomic_*` and `__sync_*` and for CUDA's
      atomic functions (seq_cst at system scope, stronger than CUDA's
      relaxed device scope): `atomicrmw` becomes `xfence.atomic_rmw`
      (`uinc_wrap`/`udec_wrap` are `inc`/`dec`), `cmpxchg`
      `xfence.atomic_cmpxchg` (a failure order stronger than the success
      order strengthens the success order), `load atomic`/`store atomic`
      `xfence.atomic_load`/`atomic_store`, with the order (`unordered` is
      relaxed) and the sync scope read as for fences. An atomic xfence has
      no form for (`nand`, `fsub`, `fmax`, `fmin`, `usub_cond`, `usub_sat`,
      `fmaximum`, `fminimum`; a volatile one; a pointer or vector object;
      one aligned below its size; an unknown sync scope) is an error at the
      atomic: left to LLVM's NVPTX or SPIR-V back end it could lose its
      order or its atomicity.

    The address spaces of atomic pointers use the numbering that NVPTX and
    SPIR share (1 global, 3 local); a generic or other pointer is taken as
    global. A call the pass does not know stays a call. The declarations of
    the raised built-ins are erased once unused. With `opencl-global-fence=device`
    the built-ins whose work-group memory scope only comes from the
    specification's lack of a scope argument (`mem_fence`, `read_mem_fence`,
    `write_mem_fence`, `barrier(F)`, `work_group_barrier(F)`) order global
    memory at device scope, as `xfence translate --opencl-global-fence=device`
    does.
  }];
  let options = [
    Option<"globalFence", "opencl-global-fence", "std::string",
           /*default=*/"\"spec\"",
           "spec (work-group, as OpenCL C says) or device: the memory scope "
           "of the global part of OpenCL's scope-less fences and barriers">,
    Option<"openclStd", "opencl-std", "std::string", /*default=*/"\"\"",
           "OpenCL C standard of the source (CL1.0, CL1.1, CL1.2, CL2.0, "
           "CL3.0), which decides the order of mem_fence: seq_cst before "
           "2.0, acq_rel from 2.0 on; empty: unknown, seq_cst">
  ];
  let dependentDialects = ["::xfence::XFenceDialect",
                           "::mlir::LLVM::LLVMDialect"];
}

#endif // XFENCE_PASSES_PASSES_TD
