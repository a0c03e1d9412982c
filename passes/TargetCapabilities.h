//===- TargetCapabilities.h - what each target can express ------*- C++ -*-===//
//
// The one place that says which scopes, orders, memory spaces, barriers and
// atomics each target of xfence can express. `xfence-legalize` rewrites the
// xfence ops of a module to what one target can express, strengthening only
// where needed and failing where it would have to weaken; the lowerings and
// source emitters query the same table instead of keeping their own.
//
// The facts behind every entry are in docs/semantics.md (sections 1-3);
// the comments in TargetCapabilities.cpp cite them.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_PASSES_TARGETCAPABILITIES_H
#define XFENCE_PASSES_TARGETCAPABILITIES_H

#include "dialect/XFenceAttrs.h"

#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace xfence {

/// A set of scopes, one bit per `Scope` value.
class ScopeSet {
public:
  constexpr ScopeSet() = default;
  constexpr ScopeSet(std::initializer_list<Scope> scopes) {
    for (Scope s : scopes)
      bits |= bit(s);
  }
  constexpr bool contains(Scope s) const { return bits & bit(s); }
  constexpr ScopeSet with(Scope s) const {
    ScopeSet r = *this;
    r.bits |= bit(s);
    return r;
  }

private:
  static constexpr unsigned bit(Scope s) {
    return 1u << static_cast<unsigned>(s);
  }
  unsigned bits = 0;
};

/// Everything a legalization or a lowering needs to know about one target.
struct TargetCapabilities {
  /// The target's name, as `--xfence-legalize=target=` spells it.
  std::string name;

  /// Scopes a fence or the memory part of a barrier can name. A scope the
  /// target cannot name is widened to the next wider one it can name; if
  /// there is none, legalization fails.
  ScopeSet fenceScopes;
  /// Scopes an atomic can name.
  ScopeSet atomicScopes;
  /// A fence at `thread` scope orders nothing between threads; where the
  /// target has no such fence it is dropped (semantics.md §3, row "thread").
  bool threadFences = false;
  /// With threadFences: the spaces a thread-scope fence can order. Between
  /// threads such a fence orders nothing; OpenCL keeps it for images only
  /// (memory_scope_work_item needs CLK_IMAGE_MEM_FENCE), and legalization
  /// drops the other spaces.
  MemorySpaces threadFenceSpaces = allSpaces();
  /// Before sm_90 there are no clusters: every CTA is its own cluster, so
  /// `cluster` scope is `workgroup` scope (semantics.md §3, *derived*). Off
  /// in strict mode, where cluster scope is then an error.
  bool clusterIsWorkgroup = false;

  /// Fences can be acquire-only or release-only; without this they become
  /// acq_rel (PTX below sm_90 / PTX 8.6: `fence` alone is `fence.acq_rel`).
  bool splitFenceOrders = true;
  /// The target has sequential consistency (Vulkan has none; OpenCL C 1.2
  /// has no fence that is surely seq_cst).
  bool seqCst = true;
  /// Without seqCst: why, for the diagnostic ("order 'seq_cst' has no sound
  /// form on target 'T' (<reason>)").
  std::string noSeqCstReason = "it has no sequential consistency";
  /// Atomics carry a memory order (OpenCL 1.2 atomics are relaxed only; an
  /// ordered atomic becomes fence + relaxed atomic + fence there).
  bool orderedAtomics = true;

  /// Local (CUDA shared) memory is visible to the threads of one work-group
  /// only: the target has no clusters and no distributed shared memory, so
  /// an atomic on a local object, and the fences that legalization puts
  /// around it, need no scope wider than the work-group.
  bool localIsWorkgroupPrivate = false;

  /// Memory spaces the target can name in a fence or barrier.
  MemorySpaces spaces = allSpaces();
  /// Every fence orders all memory spaces (PTX and CUDA: "a PTX fence
  /// orders all spaces"); legalization then writes all spaces.
  bool fencesOrderAllSpaces = false;

  /// Execution scopes a full barrier can have. A barrier is never widened
  /// to a larger execution scope: it would wait for threads that may never
  /// reach it.
  ScopeSet barrierScopes;
  /// A barrier over part of a subgroup (`mask`) exists (`bar.warp.sync`).
  bool partialBarriers = false;
  /// Execution scopes at which a barrier can also reduce a predicate.
  ScopeSet barrierReduceScopes;
  /// The memory part of a barrier is fixed by the hardware to its execution
  /// scope (`bar.sync` orders memory among the CTA); a wider memory scope is
  /// then expressed with fences around the barrier. Without this the memory
  /// scope is a free operand of the barrier (SPIR-V, OpenCL 2.0, CPU).
  bool barrierMemoryIsExecScope = false;
  /// The strongest order a barrier's memory part has natively; a stronger
  /// one is expressed with fences of that order around the barrier.
  MemoryOrder barrierMaxOrder = MemoryOrder::seq_cst;

  /// Read-modify-write kinds the target has as one instruction.
  llvm::SmallVector<AtomicRMWKind, 13> rmwKinds;

  bool hasRMW(AtomicRMWKind kind) const {
    return llvm::is_contained(rmwKinds, kind);
  }

  /// The narrowest scope at least as wide as `scope` that a fence, or the
  /// memory part of a barrier, can name on this target (for `cluster` before
  /// sm_90: the workgroup, see clusterIsWorkgroup); none if there is none.
  std::optional<Scope> fenceScopeFor(Scope scope) const;
  /// The same for atomics.
  std::optional<Scope> atomicScopeFor(Scope scope) const;
};

//===----------------------------------------------------------------------===//
// One function per target
//===----------------------------------------------------------------------===//

/// CUDA C++ source (`cuda::atomic_thread_fence`, `__syncthreads`, ...).
TargetCapabilities cudaCapabilities();
/// HIP source for AMD GPUs (`__builtin_amdgcn_fence`, `__hip_atomic_*`).
TargetCapabilities hipCapabilities();
/// alpaka 3 source (`alpaka::onAcc::memFence`, `syncBlockThreads`,
/// `atomicAdd`, ...), whatever back end compiles it.
TargetCapabilities alpakaCapabilities();
/// OpenCL C 1.2 source (`mem_fence`, `barrier`, `atomic_*`).
TargetCapabilities openCL12Capabilities();
/// OpenCL C 2.0/3.0 source (`atomic_work_item_fence`, `work_group_barrier`).
TargetCapabilities openCL2Capabilities();
/// PTX for `sm_<sm>` at PTX ISA version `ptx` (major*10+minor, e.g. 86).
/// `strict` refuses the derived mappings (cluster as workgroup below sm_90).
TargetCapabilities ptxCapabilities(unsigned sm, unsigned ptx, bool strict);
/// SPIR-V for the OpenCL environment, or for Vulkan.
TargetCapabilities spirvCapabilities(bool vulkan);
/// LLVM IR for the host CPU.
TargetCapabilities cpuCapabilities();

/// The capabilities of a target named as `--xfence-legalize=target=` does:
/// cuda, hip, alpaka, opencl1.2, opencl2, ptx-sm70, ptx-sm90, spirv-opencl,
/// spirv-vulkan, cpu.
std::optional<TargetCapabilities> lookupTarget(llvm::StringRef name,
                                               bool strict = false);
/// The names `lookupTarget` accepts, for diagnostics.
llvm::StringRef targetNames();

/// Rewrites every xfence op nested in `root` to what `caps` can express
/// (the work of `--xfence-legalize`). Emits an error at each op that the
/// target can only express by weakening it, and fails if there was one.
mlir::LogicalResult legalizeForTarget(mlir::Operation *root,
                                      const TargetCapabilities &caps);

} // namespace xfence

#endif // XFENCE_PASSES_TARGETCAPABILITIES_H
