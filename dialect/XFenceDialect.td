//===- XFenceDialect.td - xfence dialect definition --------*- tablegen -*-===//
//
// The xfence dialect: scoped memory fences, barriers and atomics with an
// explicit memory order, common to CUDA, OpenCL, PTX, SPIR-V and C++.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_DIALECT_XFENCEDIALECT_TD
#define XFENCE_DIALECT_XFENCEDIALECT_TD

include "mlir/IR/OpBase.td"

def XFence_Dialect : Dialect {
  let name = "xfence";
  let cppNamespace = "::xfence";
  let summary = "Scoped fences, barriers and atomics across GPU standards";
  let description = [{
    The `xfence` dialect states GPU synchronization once, in the common
    vocabulary of the CUDA/PTX, OpenCL, SPIR-V and C++ memory models, so that
    it can be translated between them without losing meaning (never weaker
    than the source) and without needless cost (never a wider scope than
    needed).

    Every synchronizing op carries three things:

    * a **scope** (`thread` < `subgroup` < `workgroup` < `cluster` < `device`
      < `system`): the set of threads the operation synchronizes with;
    * a **memory order** (`relaxed`, `acquire`, `release`, `acq_rel`,
      `seq_cst`), with the meaning of C++ and the PTX/OpenCL 2.0 models;
    * for fences and barriers, the **memory spaces** it orders, a subset of
      `[local, global, image]` (OpenCL's `CLK_*_MEM_FENCE` flags; CUDA and
      PTX fences order every space and are written `[local, global]`).

    Scopes and orders form lattices. The join of two scopes is the wider one;
    the join of two orders is the weakest order that provides both (so
    `acquire` joined with `release` is `acq_rel`, never `seq_cst`); the join
    of two space sets is their union. The C++ helpers `join` and `isAtLeast`
    in `dialect/XFenceAttrs.h` implement them for the passes.

    Decisions this dialect makes:

    * A `relaxed` fence and a fence at `thread` scope are valid (C++ and
      OpenCL 2.0 accept them in source) but order nothing between threads;
      the canonicalizer erases them, and a fence with no spaces, except the
      `image` part of a `thread` fence: it orders a work-item's own
      `read_write` image accesses, which program order does not.
    * A barrier's memory scope must be at least its execution scope: a
      barrier whose memory ordering does not reach every thread it waits for
      synchronizes nothing between some of them. The one exception is the
      OpenCL 2.0 form `work_group_barrier(CLK_IMAGE_MEM_FENCE,
      memory_scope_work_item)`, which is allowed with `[image]` only.
    * Atomics address memory either through an `!llvm.ptr` (any address
      space; the source frontends and LLVM pipelines use it) or through a
      `memref` plus one index per dimension (as `memref.atomic_rmw` does), so
      they compose with both kinds of upstream pipeline.
    * The `inc` and `dec` kinds of `xfence.atomic_rmw` wrap at their operand,
      as CUDA's `atomicInc`/`atomicDec` and LLVM's `uinc_wrap`/`udec_wrap`
      do. OpenCL's `atomic_inc(p)` is `add` of 1 and `atomic_dec(p)` is `sub`
      of 1; they are not `inc`/`dec`.
    * Every op declares that it reads and writes memory, so upstream passes
      (CSE, DCE, LICM, `gpu-eliminate-barriers`) never move, merge or delete
      one. Only the xfence passes, which know the rules, do.

    The source frontends also use the ops `xfence.access`, `xfence.opaque`,
    `xfence.branch`, `xfence.loop` and `xfence.exit` to record, at their
    source locations, the memory accesses and control flow between
    synchronization ops, so that passes which look at neighbours stay sound.
  }];
  let useDefaultAttributePrinterParser = 1;
  let extraClassDeclaration = [{
    void registerAttributes();
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

class XFence_Op<string mnemonic, list<Trait> traits = []>
    : Op<XFence_Dialect, mnemonic, traits>;

#endif // XFENCE_DIALECT_XFENCEDIALECT_TD
