//===- CudaToOpenCL.cpp - translate a CUDA file to OpenCL C ---------------===//
//
// Pipeline: parse (device side) -> import -> prepare -> legalize for
// `opencl1.2` / `opencl2` (passes/TargetCapabilities) -> coalesce
// (`exact-scopes` for OpenCL 2.x, where both sides of a synchronization
// need the same scope) -> emit each surviving op at its site -> rewrite the
// rest of the kernels.
//
// Prepare: the CUDA kinds that OpenCL C has no built-in for (wrapping
// inc/dec, float add) are emulated with compare-and-swap loops, which need
// exactly what the target's compare-exchange needs: legalization sees them
// as `xchg` (same scope, same order) and the emitter writes the loop. With
// the 1.2 device-fence policy, device-scope fences and ordered device
// atomics become workgroup fences before legalization, marked so that the
// output says what it assumed; so are the seq_cst fences and barriers that
// the 1.2 seq_cst policy lets through.
//
// OpenCL 2.x/3.0: after legalization every fence and atomic gets the widest
// scope used in the program for its memory (unifyScopesAndOrders), because
// there two operations synchronize only if their scopes are the same, where
// CUDA's scopes are inclusive; and where the program has a seq_cst
// operation, its atomic stores and read-modify-writes become seq_cst,
// because OpenCL's seq_cst fences (C11's) do not order relaxed stores as
// CUDA's do (docs/cuda-to-opencl.md).
//
//===----------------------------------------------------------------------===//

#include "rewriters/routes/CudaToOpenCL.h"
#include "rewriters/common/Identifiers.h"
#include "rewriters/common/RouteDriver.h"
#include "rewriters/common/SourceEdits.h"

#include "backends/cuda/CudaEmitter.h"
#include "dialect/XFenceOps.h"
#include "frontends/cuda/CudaImporter.h"
#include "passes/Passes.h"
#include "passes/TargetCapabilities.h"
#include "rewriters/sources/cuda/ClassTemplates.h"
#include "rewriters/sources/cuda/CubCollectives.h"
#include "rewriters/sources/cuda/CudaSiteRewriter.h"
#include "rewriters/sources/cuda/CudaSyntax.h"
#include "rewriters/sources/cuda/CudaTemplates.h"
#include "rewriters/sources/cuda/HalfPrecision.h"
#include "rewriters/sources/cuda/MemberFunctions.h"
#include "rewriters/sources/cuda/OperatorFunctions.h"
#include "rewriters/sources/cuda/SimdIntrinsics.h"
#include "rewriters/sources/cuda/Textures.h"
#include "rewriters/sources/cuda/WarpFunctions.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "clang/AST/ParentMapContext.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Regex.h"

using namespace xfence;
using namespace mlir;
using clang::DiagnosticsEngine;

static constexpr llvm::StringLiteral kAssumed = "xfence.assumed";
static constexpr llvm::StringLiteral kAssumedSeqCst = "xfence.assumed_seq_cst";

/// The option of `xfence translate` that states each assumption.
static constexpr llvm::StringLiteral kSeqCstPolicy =
    "--opencl12-seq-cst-fence=assume-mem-fence-is-seq-cst";
static constexpr llvm::StringLiteral kSubgroupPolicy =
    "--assume-subgroup-size=32";

namespace {

/// Marks what the target has no built-in for, and applies the 1.2 policy.
LogicalResult prepare(ModuleOp module, const TargetCapabilities &caps,
                      const CudaToOpenCLOptions &options) {
  MLIRContext *ctx = module.getContext();
  module.walk([&](AtomicRMWOp rmw) {
    AtomicRMWKind kind = rmw.getKind();
    if (caps.hasRMW(kind))
      return;
    if (kind == AtomicRMWKind::inc || kind == AtomicRMWKind::dec ||
        kind == AtomicRMWKind::fadd) {
      rmw->setAttr(kEmulatedKind,
                   StringAttr::get(ctx, stringifyAtomicRMWKind(kind)));
      rmw.setKindAttr(AtomicRMWKindAttr::get(ctx, AtomicRMWKind::xchg));
    }
  });
  // The CUDA-to-alpaka path's second step refuses every warp barrier with
  // its own reason (alpaka has no warp barrier): let it through to there.
  bool warpIsSubgroup =
      options.assumeSubgroupSize32 || options.constantHelperArguments;
  if (options.cl2() && warpIsSubgroup) {
    // __syncwarp() with the full mask: every lane of the warp. OpenCL C has
    // no warps; the policy takes a warp to be a sub-group of 32 work-items
    // (docs/cuda-to-opencl.md), so the full mask is the whole sub-group.
    // A partial mask stays partial (an error: no OpenCL C form).
    clearFullWarpMasks(module);
  }
  // What stays a warp barrier has no form: say why.
  bool ok = true;
  module.walk([&](BarrierOp barrier) {
    if (barrier.getExecScope() != Scope::subgroup)
      return;
    if (!options.cl2()) {
      barrier.emitError("a warp barrier (__syncwarp) has no OpenCL C 1.2 "
                        "form: 1.2 has no sub-groups (translate with "
                        "-cl-std=CL3.0 and ")
          << kSubgroupPolicy << ")";
      ok = false;
    } else if (!warpIsSubgroup) {
      barrier.emitError(
          "a warp barrier (__syncwarp) would become sub_group_barrier, "
          "which waits for one OpenCL sub-group: that covers the warp's 32 "
          "lanes only where sub-groups have 32 work-items, which OpenCL does "
          "not promise (devices with sub-groups of 8 or 16 exist); ")
          << kSubgroupPolicy << " states that assumption";
      ok = false;
    } else if (barrier.isPartial()) {
      barrier.emitError(
          "a barrier over part of a warp (__syncwarp with a mask other than "
          "0xffffffff, a tile's sync()) has no OpenCL C form: "
          "sub_group_barrier waits for the whole sub-group, and lanes "
          "outside the mask may never reach it");
      ok = false;
    }
  });
  if (!ok)
    return failure();
  if (options.cl2() || !options.assumeDeviceWideGlobalFence)
    return success();
  auto all = MemorySpaces::local | MemorySpaces::global;
  module.walk([&](Operation *op) {
    if (auto fence = dyn_cast<FenceOp>(op)) {
      if (fence.getScope() == Scope::device &&
          fence.getOrder() != MemoryOrder::relaxed) {
        fence.setScopeAttr(ScopeAttr::get(ctx, Scope::workgroup));
        fence.setSpacesAttr(MemorySpacesAttr::get(ctx, all));
        fence->setAttr(kAssumed, UnitAttr::get(ctx));
      }
      return;
    }
    if (!isa<AtomicRMWOp, AtomicCmpXchgOp, AtomicLoadOp, AtomicStoreOp>(op))
      return;
    auto scope = op->getAttrOfType<ScopeAttr>("scope");
    if (!scope || scope.getValue() != Scope::device)
      return;
    MemoryOrder strongest = MemoryOrder::relaxed;
    for (llvm::StringRef name : {"order", "success_order", "failure_order"})
      if (auto order = op->getAttrOfType<MemoryOrderAttr>(name)) {
        strongest = join(strongest, order.getValue());
        op->setAttr(name, MemoryOrderAttr::get(ctx, MemoryOrder::relaxed));
      }
    if (strongest == MemoryOrder::relaxed)
      return;
    // The fence-based form of an ordered atomic (C++ [atomics.fences]):
    // release fence, relaxed atomic, acquire fence, at the assumed scope.
    OpBuilder b(op);
    auto fence = [&](MemoryOrder order) {
      auto f = FenceOp::create(b, op->getLoc(), Scope::workgroup, order, all);
      f->setAttr(kAssumed, UnitAttr::get(ctx));
    };
    bool seq = strongest == MemoryOrder::seq_cst;
    if (hasRelease(strongest))
      fence(seq ? strongest : MemoryOrder::release);
    b.setInsertionPointAfter(op);
    if (hasAcquire(strongest))
      fence(seq ? strongest : MemoryOrder::acquire);
  });
  return success();
}

/// The target table of the translation: `opencl1.2` or `opencl2` with the
/// reducing barrier the emitter writes, and the 1.2 seq_cst policy.
TargetCapabilities targetCapabilities(const CudaToOpenCLOptions &options) {
  TargetCapabilities caps =
      *lookupTarget(options.cl2() ? "opencl2" : "opencl1.2");
  // __syncthreads_count/_and/_or: OpenCL C has no reducing barrier, but the
  // emitter writes one as barrier(F) followed by 2.0's work-group
  // collectives, or a count in __local memory between barriers (1.2, and
  // 3.0 without the collectives feature).
  caps.barrierReduceScopes = {Scope::workgroup};
  if (options.cl2())
    return caps;
  if (options.assumeSeqCstMemFence) {
    // The policy: mem_fence(F) is a full fence, barrier(F) with it.
    caps.seqCst = true;
    caps.barrierMaxOrder = MemoryOrder::seq_cst;
  } else {
    caps.noSeqCstReason += "; " + kSeqCstPolicy.str() +
                           " assumes the 1.2 text's full-fence reading, or "
                           "translate with -cl-std=CL2.0 or CL3.0";
  }
  return caps;
}

/// Marks the seq_cst fences and barriers that the 1.2 seq_cst policy lets
/// through, for the output's comment.
void markAssumedSeqCst(ModuleOp module, const CudaToOpenCLOptions &options) {
  if (options.cl2() || !options.assumeSeqCstMemFence)
    return;
  module.walk([&](Operation *op) {
    std::optional<MemoryOrder> order;
    if (auto fence = dyn_cast<FenceOp>(op))
      order = fence.getOrder();
    else if (auto barrier = dyn_cast<BarrierOp>(op))
      order = barrier.getOrder();
    else if (auto reduce = dyn_cast<BarrierReduceOp>(op))
      order = reduce.getOrder();
    if (order == MemoryOrder::seq_cst)
      op->setAttr(kAssumedSeqCst, UnitAttr::get(op->getContext()));
  });
}

/// The local and global spaces that `op` (a fence or an atomic) orders or
/// accesses; an atomic through a generic pointer may reach either.
MemorySpaces sharedSpacesOf(Operation *op) {
  auto shared = MemorySpaces::local | MemorySpaces::global;
  if (auto fence = dyn_cast<FenceOp>(op))
    return fence.getSpaces() & shared;
  Value addr =
      llvm::TypeSwitch<Operation *, Value>(op)
          .Case<AtomicRMWOp, AtomicCmpXchgOp, AtomicLoadOp, AtomicStoreOp>(
              [](auto atomic) -> Value { return atomic.getAddr(); })
          .Default([](Operation *) { return Value(); });
  if (!addr)
    return MemorySpaces::none;
  auto ptr = dyn_cast<LLVM::LLVMPointerType>(addr.getType());
  unsigned as = ptr ? ptr.getAddressSpace() : 0;
  if (as == 3)
    return MemorySpaces::local;
  if (as == 1)
    return MemorySpaces::global;
  return shared;
}

/// The local and global spaces whose accesses `op` orders as a seq_cst
/// operation: a seq_cst fence, or a barrier whose memory part is seq_cst,
/// its spaces; a seq_cst atomic both (in CUDA it is a `fence.sc` and the
/// access, and the fence orders every space). None otherwise.
MemorySpaces seqCstSpacesOf(Operation *op) {
  auto shared = MemorySpaces::local | MemorySpaces::global;
  auto ordered = [&](std::optional<MemoryOrder> order, MemorySpaces spaces) {
    return order == MemoryOrder::seq_cst ? spaces & shared : MemorySpaces::none;
  };
  return llvm::TypeSwitch<Operation *, MemorySpaces>(op)
      .Case<FenceOp>([&](FenceOp fence) {
        return ordered(fence.getOrder(), fence.getSpaces());
      })
      .Case<BarrierOp, BarrierReduceOp>([&](auto barrier) {
        return ordered(barrier.getOrder(), barrier.getSpaces());
      })
      .Case<AtomicRMWOp, AtomicLoadOp, AtomicStoreOp>(
          [&](auto atomic) { return ordered(atomic.getOrder(), shared); })
      .Case<AtomicCmpXchgOp>([&](AtomicCmpXchgOp cmpxchg) {
        return ordered(cmpxchg.getSuccessOrder(), shared);
      })
      .Default([](Operation *) { return MemorySpaces::none; });
}

/// OpenCL 2.x and 3.0 let two operations synchronize, and two atomics on
/// one object avoid a data race, only if their scopes are "inclusive",
/// which before OpenCL 3.1 requires the same scope (OpenCL 3.0 API
/// specification, "Overview of atomic and fence operations"; 2.0 §3.3.5).
/// CUDA's scopes are inclusive of narrower ones, so a __threadfence() in
/// one thread pairs with a __threadfence_block() in another thread of the
/// block. xfence cannot tell which operations pair, so every fence and
/// atomic that touches global memory gets the widest scope that any of
/// them has in the program, and every one that touches only local memory
/// the widest of theirs (at most work_group: OpenCL reduces a wider scope
/// on local memory to work_group). Barriers keep theirs: a barrier's memory
/// part synchronizes with the same barrier in the other work-items, whose
/// scope is the same.
///
/// Orders, in the same walk: OpenCL keeps C11's rules for seq_cst fences
/// (OpenCL 3.0 API specification, "Memory Ordering Rules"), under which the
/// fences are totally ordered among themselves but constrain a relaxed or
/// release store only where a seq_cst fence follows it in its own thread,
/// while CUDA's __threadfence() (PTX `fence.sc`) is ordered with every
/// morally strong write. IRIW with relaxed stores and seq_cst fences between
/// the readers' loads is forbidden in CUDA and allowed in OpenCL unless the
/// stores are seq_cst: then each store that a reader sees synchronizes with
/// that reader's fence, precedes it in the single total order, and the
/// fence's rule for a later load closes a cycle. So where the program has a
/// seq_cst operation, every atomic store and read-modify-write on memory
/// that such an operation orders becomes seq_cst (its scope is the unified
/// one, like its partners'). Loads keep their order.
void unifyScopesAndOrders(ModuleOp module) {
  SmallVector<Operation *> ops;
  std::optional<Scope> global, local;
  bool mixed = false;
  MemorySpaces seqCst = MemorySpaces::none;
  auto join = [](std::optional<Scope> &into, Scope scope) {
    if (!into || isAtLeast(scope, *into))
      into = scope;
  };
  auto capped = [](Scope scope) {
    return isAtLeast(scope, Scope::workgroup) ? Scope::workgroup : scope;
  };
  module.walk([&](Operation *op) {
    seqCst |= seqCstSpacesOf(op);
    if (!isa<FenceOp, AtomicRMWOp, AtomicCmpXchgOp, AtomicLoadOp,
             AtomicStoreOp>(op))
      return;
    MemorySpaces spaces = sharedSpacesOf(op);
    if (spaces == MemorySpaces::none)
      return;
    Scope scope = op->getAttrOfType<ScopeAttr>("scope").getValue();
    ops.push_back(op);
    if (isAtLeast(spaces, MemorySpaces::global))
      join(global, scope);
    if (isAtLeast(spaces, MemorySpaces::local))
      join(local, capped(scope));
    mixed |= spaces == (MemorySpaces::local | MemorySpaces::global);
  });
  // An op that orders both has one scope, for both: the global one, whose
  // local part OpenCL reduces to the work-group.
  if (mixed) {
    join(global, *local);
    join(local, capped(*global));
  }
  MLIRContext *ctx = module.getContext();
  auto seqCstAttr = MemoryOrderAttr::get(ctx, MemoryOrder::seq_cst);
  for (Operation *op : ops) {
    MemorySpaces spaces = sharedSpacesOf(op);
    bool touchesGlobal = isAtLeast(spaces, MemorySpaces::global);
    op->setAttr("scope", ScopeAttr::get(ctx, touchesGlobal ? *global : *local));
    if ((spaces & seqCst) == MemorySpaces::none)
      continue;
    if (isa<AtomicRMWOp, AtomicStoreOp>(op))
      op->setAttr("order", seqCstAttr);
    else if (isa<AtomicCmpXchgOp>(op))
      op->setAttr("success_order", seqCstAttr);
  }
}

/// CUDA's ordered atomics order more than OpenCL C 2.x's; this adds the
/// fences that make up the difference.
///
/// A seq_cst atomic is a full fence in CUDA: on sm_70 and later it is
/// `fence.sc` followed by the access (the PTX ISA's mapping of C++'s
/// seq_cst operations, "Memory Consistency Model"), and that fence orders
/// every earlier access of the thread, relaxed loads included, before
/// every later one. OpenCL's seq_cst atomic is C11's: an acquire and a
/// release of its own object and a place in the single total order, and
/// nothing for a relaxed load before it (ISA2 through a relaxed read and a
/// seq_cst exchange is allowed in OpenCL, forbidden in CUDA). So a seq_cst
/// atomic gets a seq_cst fence before it.
///
/// Local and global memory are apart in OpenCL: an atomic on a global
/// object global-synchronizes-with its partner, one on a local object
/// local-synchronizes-with it, and local-happens-before is built from
/// sequenced-before between local memory actions only (OpenCL 3.0 API
/// specification, "Memory Ordering Rules"). A release store to a global
/// flag orders no __local data, and a seq_cst atomic does not help either:
/// it local-synchronizes-with its seq_cst partner, but it is no local
/// memory action, so nothing local happens before it. In CUDA a release or
/// an acquire orders all state spaces. Where the program touches both
/// spaces, an ordered atomic gets the fences that OpenCL does carry across
/// spaces: two fences with both CLK_GLOBAL_MEM_FENCE and
/// CLK_LOCAL_MEM_FENCE synchronize both ways ("Fence Operations"): a
/// release fence before the atomic where it releases, an acquire fence
/// after it where it acquires. A release or acquire atomic becomes relaxed
/// between them (C++ [atomics.fences], the fence form of the same
/// synchronization); a seq_cst one keeps its order.
///
/// The fences cover the spaces the program touches; they get their scope
/// when scopes are unified. `xfence compile`, which reads its intermediate
/// OpenCL C with the dialect's meaning (an ordered atomic orders all
/// memory), needs only the seq_cst ones (spacesApart false).
static constexpr llvm::StringLiteral kSourceOrder = "xfence.source_order";

/// The strongest order of an atomic op.
MemoryOrder strongestOrder(Operation *op) {
  MemoryOrder strongest = MemoryOrder::relaxed;
  for (llvm::StringRef name : {"order", "success_order", "failure_order"})
    if (auto order = op->getAttrOfType<MemoryOrderAttr>(name))
      strongest = join(strongest, order.getValue());
  return strongest;
}

/// Records each atomic's order as the source gives it, before unification
/// makes stores and read-modify-writes seq_cst for the total order's sake.
void recordSourceOrders(ModuleOp module) {
  module.walk([&](Operation *op) {
    if (isa<AtomicRMWOp, AtomicCmpXchgOp, AtomicLoadOp, AtomicStoreOp>(op))
      op->setAttr(kSourceOrder,
                  MemoryOrderAttr::get(op->getContext(), strongestOrder(op)));
  });
}

void fenceOrderedAtomics(ModuleOp module, bool spacesApart) {
  auto shared = MemorySpaces::local | MemorySpaces::global;
  MemorySpaces touched = MemorySpaces::none;
  module.walk([&](Operation *op) {
    if (auto access = dyn_cast<AccessOp>(op))
      touched |= access.getSpaces() & shared;
    else if (!isa<FenceOp>(op))
      touched |= sharedSpacesOf(op);
  });
  bool apart = spacesApart && touched == shared;
  MLIRContext *ctx = module.getContext();
  module.walk([&](Operation *op) {
    if (!isa<AtomicRMWOp, AtomicCmpXchgOp, AtomicLoadOp, AtomicStoreOp>(op))
      return;
    MemoryOrder now = strongestOrder(op);
    MemoryOrder source = now;
    if (auto attr = op->getAttrOfType<MemoryOrderAttr>(kSourceOrder))
      source = attr.getValue();
    op->removeAttr(kSourceOrder);
    bool seq = source == MemoryOrder::seq_cst;
    if (!seq && !(apart && source != MemoryOrder::relaxed))
      return;
    // The fences carry a release or acquire atomic's synchronization; one
    // that unification made seq_cst keeps that order for the total order.
    if (now != MemoryOrder::seq_cst)
      for (llvm::StringRef name : {"order", "success_order", "failure_order"})
        if (op->hasAttr(name))
          op->setAttr(name, MemoryOrderAttr::get(ctx, MemoryOrder::relaxed));
    Scope scope = op->getAttrOfType<ScopeAttr>("scope").getValue();
    OpBuilder b(op);
    if (seq || hasRelease(source))
      FenceOp::create(b, op->getLoc(), scope,
                      seq ? MemoryOrder::seq_cst : MemoryOrder::release,
                      touched);
    b.setInsertionPointAfter(op);
    if (apart && hasAcquire(source) && !isa<AtomicStoreOp>(op))
      FenceOp::create(b, op->getLoc(), scope, MemoryOrder::acquire, shared);
  });
}

/// A volatile access is no atomic in OpenCL C 2.x: a fence synchronizes
/// only through an atomic object (OpenCL 2.0 §3.3.6.2), and two conflicting
/// non-atomic accesses race. CUDA code uses volatile flags with
/// __threadfence(); xfence cannot tell a flag from other volatile data, so
/// it warns where a program that synchronizes has a volatile access to
/// shared or global memory.
void warnVolatileAccesses(ModuleOp module) {
  bool synchronizes = false;
  module.walk([&](Operation *op) {
    if (isa<FenceOp, AtomicRMWOp, AtomicCmpXchgOp, AtomicLoadOp, AtomicStoreOp>(
            op))
      synchronizes = true;
  });
  if (!synchronizes)
    return;
  llvm::DenseSet<Location> warned;
  module.walk([&](AccessOp access) {
    if (!access.getIsVolatile() ||
        (access.getSpaces() & (MemorySpaces::local | MemorySpaces::global)) ==
            MemorySpaces::none ||
        !warned.insert(access.getLoc()).second)
      return;
    access.emitWarning(
        "a volatile access is not atomic in OpenCL C 2.x: if it signals "
        "another thread (a flag), fences do not order it and the "
        "translation has a data race; write it as a CUDA atomic "
        "(cuda::atomic_ref, atomicExch, atomicAdd(p, 0))");
  });
}

void restoreEmulated(ModuleOp module) {
  module.walk([&](AtomicRMWOp rmw) {
    if (auto kind = rmw->getAttrOfType<StringAttr>(kEmulatedKind))
      rmw.setKindAttr(AtomicRMWKindAttr::get(
          rmw.getContext(), *symbolizeAtomicRMWKind(kind.getValue())));
  });
}

/// The 1.2 / 3.0 form of __syncthreads_count/_and/_or counts in a __local
/// variable, which OpenCL C allows only at kernel scope: each kernel with
/// such a site declares it once, first in its body.
class ScratchDeclarations {
public:
  ScratchDeclarations(SourceEdits &edits, const OpenCLTarget &target)
      : edits(edits), src(edits.getSource()), target(target) {}

  LogicalResult declare(const clang::Stmt *stmt, ArrayRef<Operation *> ops) {
    if ((target.cl2 && !target.cl30) || !llvm::any_of(ops, [](Operation *op) {
          return isa<BarrierReduceOp>(op);
        }))
      return success();
    const clang::FunctionDecl *fn = nullptr;
    clang::DynTypedNodeList parents = src.getContext().getParents(*stmt);
    while (!parents.empty() && !fn) {
      fn = parents[0].get<clang::FunctionDecl>();
      parents = src.getContext().getParents(parents[0]);
    }
    if (!fn || !fn->hasAttr<clang::CUDAGlobalAttr>())
      return src.report(stmt->getBeginLoc(), DiagnosticsEngine::Error,
                        "__syncthreads_count/_and/_or outside a kernel: its "
                        "OpenCL C form needs a __local variable, which "
                        "OpenCL C allows only in kernels"),
             failure();
    if (!declared.insert(fn).second)
      return success();
    clang::SourceManager &sm = src.getSourceManager();
    auto *body = llvm::cast<clang::CompoundStmt>(fn->getBody());
    clang::SourceLocation lbrace = sm.getFileLoc(body->getLBracLoc());
    auto [file, offset] = sm.getDecomposedLoc(lbrace);
    edits.replace({file, offset + 1, offset + 1},
                  " __local int xfence_syncthreads_scratch; /* xfence: the "
                  "count of __syncthreads_count/_and/_or */");
    return success();
  }

private:
  SourceEdits &edits;
  ParsedSource &src;
  const OpenCLTarget &target;
  llvm::SmallPtrSet<const clang::FunctionDecl *, 4> declared;
};

std::string prelude(const CudaToOpenCLOptions &options,
                    const OpenCLHelpers &helpers, llvm::StringRef notes) {
  std::string text = "// Translated from CUDA to OpenCL C (" + options.clStd +
                     ") by xfence (docs/cuda-to-opencl.md).\n";
  text += notes;
  for (auto &[name, body] : helpers)
    text += body;
  text += kPreludeEnd;
  return text;
}

/// <stdint.h>'s integer-constant and limit macros (C11 7.20.4.1, 7.20.2.1),
/// which device code may use (the parse reads the host's <stdint.h>) and OpenCL
/// C does not define: the definitions of the ones `text` uses, as glibc writes
/// them for LP64 (OpenCL C's long is 64 bits too), each under #ifndef.
std::string stdintConstantMacros(llvm::StringRef text) {
  static const std::pair<llvm::StringLiteral, llvm::StringLiteral> kMacros[] = {
      {"INT8_C", "c"},       {"INT16_C", "c"},      {"INT32_C", "c"},
      {"INT64_C", "c##L"},   {"UINT8_C", "c"},      {"UINT16_C", "c"},
      {"UINT32_C", "c##U"},  {"UINT64_C", "c##UL"}, {"INTMAX_C", "c##L"},
      {"UINTMAX_C", "c##UL"}};
  std::string defines;
  for (const auto &[name, body] : kMacros) {
    if (!callsName(text, name))
      continue;
    defines +=
        ("#ifndef " + name + "\n#define " + name + "(c) " + body + "\n#endif\n")
            .str();
  }
  // The limits of the exact-width types (C11 7.20.2.1), which OpenCL C
  // does not define either (it has INT_MAX, LONG_MAX, ...).
  static const std::pair<llvm::StringLiteral, llvm::StringLiteral> kLimits[] = {
      {"INT8_MIN", "(-128)"},
      {"INT16_MIN", "(-32767 - 1)"},
      {"INT32_MIN", "(-2147483647 - 1)"},
      {"INT64_MIN", "(-9223372036854775807L - 1)"},
      {"INT8_MAX", "(127)"},
      {"INT16_MAX", "(32767)"},
      {"INT32_MAX", "(2147483647)"},
      {"INT64_MAX", "(9223372036854775807L)"},
      {"UINT8_MAX", "(255)"},
      {"UINT16_MAX", "(65535)"},
      {"UINT32_MAX", "(4294967295U)"},
      {"UINT64_MAX", "(18446744073709551615UL)"}};
  for (const auto &[name, value] : kLimits) {
    llvm::Regex use(("(^|[^A-Za-z0-9_])" + name + "($|[^A-Za-z0-9_])").str());
    if (!use.match(text))
      continue;
    defines +=
        ("#ifndef " + name + "\n#define " + name + " " + value + "\n#endif\n")
            .str();
  }
  if (!defines.empty())
    defines = "// <stdint.h>'s integer-constant and limit macros that the "
              "code uses.\n" +
              defines;
  return defines;
}

/// CUDA's sincosf(x, &s, &c) stores both results; OpenCL C's sincos
/// returns the sine and stores the cosine (OpenCL C 3.0, 6.15.2, with an
/// overload for each address space of the pointer). The calls are renamed
/// to this macro (CudaSyntax.cpp), defined where the output uses it: each
/// argument is evaluated once, as in the call.
std::string mathHelperMacros(llvm::StringRef text) {
  // CUDA's integer and conversion intrinsics that OpenCL C has no function
  // for, as the CUDA Math API defines them; each takes its arguments once.
  static const std::pair<llvm::StringLiteral, llvm::StringLiteral> kHelpers[] =
      {{"xfence_sincos",
        "// CUDA's sincos(x, s, c) stores the sine too.\n"
        "#define xfence_sincos(x, s, c) (*(s) = sincos((x), (c)))\n"},
       {"xfence_ffs",
        "// __ffs: the position of the least significant 1 bit, from 1; 0 "
        "for 0.\n"
        "static inline int xfence_ffs(int x) { return 32 - (int)clz(x & -x); "
        "}\n"},
       {"xfence_ffsll", "static inline int xfence_ffsll(long x) { return 64 - "
                        "(int)clz(x & -x); }\n"},
       {"xfence_brev",
        "// __brev: the bits of x in reverse order (bit 0 to bit 31).\n"
        "static inline uint xfence_brev(uint x) {\n"
        "  x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);\n"
        "  x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);\n"
        "  x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);\n"
        "  x = ((x >> 8) & 0x00ff00ffu) | ((x & 0x00ff00ffu) << 8);\n"
        "  return (x >> 16) | (x << 16);\n"
        "}\n"},
       {"xfence_brevll", "static inline ulong xfence_brevll(ulong x) {\n"
                         "  x = ((x >> 1) & 0x5555555555555555ul) | ((x & "
                         "0x5555555555555555ul) << 1);\n"
                         "  x = ((x >> 2) & 0x3333333333333333ul) | ((x & "
                         "0x3333333333333333ul) << 2);\n"
                         "  x = ((x >> 4) & 0x0f0f0f0f0f0f0f0ful) | ((x & "
                         "0x0f0f0f0f0f0f0f0ful) << 4);\n"
                         "  x = ((x >> 8) & 0x00ff00ff00ff00fful) | ((x & "
                         "0x00ff00ff00ff00fful) << 8);\n"
                         "  x = ((x >> 16) & 0x0000ffff0000fffful) | ((x & "
                         "0x0000ffff0000fffful) << 16);\n"
                         "  return (x >> 32) | (x << 32);\n"
                         "}\n"},
       {"xfence_sad",
        "// __sad(x, y, z): |x - y| + z, the difference taken exactly.\n"
        "static inline uint xfence_sad(int x, int y, uint z) { return "
        "abs_diff(x, y) + z; }\n"},
       {"xfence_usad", "static inline uint xfence_usad(uint x, uint y, uint "
                       "z) { return abs_diff(x, y) + z; }\n"},
       {"xfence_byte_perm",
        "// __byte_perm: byte n of the result is byte s<4n+2:4n> of {y, x}.\n"
        "static inline uint xfence_byte_perm(uint x, uint y, uint s) {\n"
        "  ulong v = ((ulong)y << 32) | x;\n"
        "  uint r = 0;\n"
        "  for (int n = 0; n < 4; ++n)\n"
        "    r |= (uint)((v >> (8 * ((s >> (4 * n)) & 7))) & 0xff) << (8 * "
        "n);\n"
        "  return r;\n"
        "}\n"},
       {"xfence_saturatef",
        "// __saturatef: x clamped to [0, 1], 0 for NaN.\n"
        "static inline float xfence_saturatef(float x) { return clamp(x, 0.0f, "
        "1.0f); }\n"},
       // A double's high and low 32 bits (OpenCL C is little-endian on
       // every device that has doubles: the low word first).
       {"xfence_double2hiint", "static inline int xfence_double2hiint(double "
                               "x) { return as_int2(x).y; }\n"},
       {"xfence_double2loint", "static inline int xfence_double2loint(double "
                               "x) { return as_int2(x).x; }\n"},
       {"xfence_hiloint2double",
        "static inline double xfence_hiloint2double(int hi, int lo) { return "
        "as_double((int2)(lo, hi)); }\n"},
       // CUDA's _rn arithmetic: rounded to nearest and never contracted
       // into a fused multiply-add (a call is not contracted). OpenCL C
       // rounds double +, -, *, / and sqrt correctly, and float +, -, *
       // (OpenCL C 3.0, 7.4); float / and sqrt through double are
       // correctly rounded too, as double has more than 2 * 24 + 2 bits.
       {"xfence_dadd_rn", "static inline double xfence_dadd_rn(double a, "
                          "double b) { return a + b; }\n"},
       {"xfence_dsub_rn", "static inline double xfence_dsub_rn(double a, "
                          "double b) { return a - b; }\n"},
       {"xfence_dmul_rn", "static inline double xfence_dmul_rn(double a, "
                          "double b) { return a * b; }\n"},
       {"xfence_ddiv_rn", "static inline double xfence_ddiv_rn(double a, "
                          "double b) { return a / b; }\n"},
       {"xfence_drcp_rn", "static inline double xfence_drcp_rn(double x) { "
                          "return 1.0 / x; }\n"},
       {"xfence_dsqrt_rn", "static inline double xfence_dsqrt_rn(double x) { "
                           "return sqrt(x); }\n"},
       {"xfence_fadd_rn", "static inline float xfence_fadd_rn(float a, float "
                          "b) { return a + b; }\n"},
       {"xfence_fsub_rn", "static inline float xfence_fsub_rn(float a, float "
                          "b) { return a - b; }\n"},
       {"xfence_fmul_rn", "static inline float xfence_fmul_rn(float a, float "
                          "b) { return a * b; }\n"},
       {"xfence_fdiv_rn",
        "static inline float xfence_fdiv_rn(float a, float b) { return "
        "(float)((double)a / (double)b); }\n"},
       {"xfence_frcp_rn", "static inline float xfence_frcp_rn(float x) { "
                          "return (float)(1.0 / (double)x); }\n"},
       {"xfence_fsqrt_rn", "static inline float xfence_fsqrt_rn(float x) { "
                           "return (float)sqrt((double)x); }\n"},
       // CUDA's clock() and clock64() count the multiprocessor's cycles;
       // cl_khr_kernel_clock's work-group clock is one counter for the
       // work-items of a work-group, as the multiprocessor's is for the
       // threads of a block (its ticks are the device's, not cycles).
       {"xfence_clock",
        "#if !defined(cl_khr_kernel_clock) || "
        "!defined(__opencl_c_kernel_clock_scope_work_group)\n"
        "#error \"xfence: CUDA's clock() and clock64() need "
        "cl_khr_kernel_clock's work-group clock, which this device "
        "lacks\"\n"
        "#endif\n"
        "#define xfence_clock() ((long)clock_read_work_group())\n"},
       // C's lround: half away from zero, as OpenCL C's round.
       {"xfence_lroundf", "static inline long xfence_lroundf(float x) { "
                          "return (long)round(x); }\n"},
       {"xfence_lround", "static inline long xfence_lround(double x) { "
                         "return (long)round(x); }\n"},
       {"xfence_inff",
        "static inline float xfence_inff(void) { return INFINITY; }\n"},
       {"xfence_inf", "static inline double xfence_inf(void) { return "
                      "(double)INFINITY; }\n"}};
  std::string helpers;
  for (const auto &[name, body] : kHelpers) {
    if (callsName(text, name))
      helpers += body.str();
  }
  return helpers;
}

} // namespace

static FailureOr<std::string>
rewrite(ParsedSource &src, ModuleOp module, const CudaToOpenCLOptions &options,
        llvm::ArrayRef<clang::FileID> expandedHeaders = {}) {
  MLIRContext *ctx = module.getContext();
  ImportedSites imported = importedSyncLocations(module, isOpenCLSyncOp);
  TargetCapabilities caps = targetCapabilities(options);
  // Not on the CUDA-to-alpaka path, whose output keeps CUDA's volatile.
  if (options.cl2() && !options.constantHelperArguments)
    warnVolatileAccesses(module);
  if (failed(prepare(module, caps, options)) ||
      failed(legalizeForTarget(module, caps)))
    return failure();
  // The CUDA-to-alpaka path reads this OpenCL C 2.0 only to write alpaka,
  // whose back ends have CUDA's inclusive scopes and C++20's (or PTX's)
  // seq_cst fences: no need to unify there.
  if (options.cl2() && !options.constantHelperArguments) {
    recordSourceOrders(module);
    unifyScopesAndOrders(module);
  }
  XFenceCoalesceOptions coalesce;
  coalesce.exactScopes = options.cl2();
  if (options.coalesce && failed(runCoalesce(module, coalesce)))
    return failure();
  // After coalescing, which reads a seq_cst atomic as the dialect does (a
  // full fence and the access) and so drops a seq_cst fence right before
  // one; OpenCL's is weaker. Unifying again gives the new fences the scope
  // of the others.
  if (options.cl2() && !options.constantHelperArguments) {
    fenceOrderedAtomics(module, !options.intermediate);
    unifyScopesAndOrders(module);
  }
  restoreEmulated(module);
  markAssumedSeqCst(module, options);

  std::vector<CudaSyncSite> sites = findCudaSyncSites(src, ctx);
  llvm::DenseSet<const clang::Stmt *> siteStmts;
  for (const CudaSyncSite &site : sites)
    siteStmts.insert(site.stmt);
  SourceEdits edits(src, cudaToOpenCLEditPolicy());
  for (clang::FileID header : expandedHeaders)
    edits.touch(header);
  OpenCLTarget target;
  target.cl2 = options.cl2();
  target.cl30 = options.clStd == "CL3.0";
  target.constantHelperArguments = options.constantHelperArguments;
  target.seqCstMemFence = options.assumeSeqCstMemFence;
  OpenCLHelpers helpers;
  ScratchDeclarations scratch(edits, target);
  CudaSiteTarget siteTarget;
  siteTarget.isSync = isOpenCLSyncOp;
  siteTarget.emit = [&](Operation *op) {
    return emitOpenCL(op, target, helpers);
  };
  siteTarget.constant = openCLConstantText;
  siteTarget.note = [](Operation *op) -> std::string {
    std::string note;
    if (op->hasAttr(kAssumed))
      note += "/* xfence: assumes mem_fence is device-wide "
              "(--opencl12-device-fence) */ ";
    if (op->hasAttr(kAssumedSeqCst))
      note += "/* xfence: assumes mem_fence is seq_cst "
              "(--opencl12-seq-cst-fence) */ ";
    return note;
  };
  siteTarget.valueThen = [&](Operation *valueOp,
                             ArrayRef<std::pair<Operation *, Snippet>> after)
      -> FailureOr<std::string> {
    FailureOr<std::string> type = openCLValueType(valueOp, target);
    if (failed(type))
      return failure();
    std::string fences;
    for (auto &[op, snippet] : after) {
      fences += "  " + siteTarget.note(op);
      for (const SnippetPiece &piece : snippet.pieces) {
        if (piece.operand >= 0)
          return failure();
        fences += piece.text;
      }
      fences += ";\n";
    }
    // One function per type and text, numbered in the order of first use.
    for (unsigned i = 0;; ++i) {
      std::string name = "xfence_then_" + *type + "_" + std::to_string(i);
      std::string body = "static " + *type + " " + name + "(" + *type +
                         " v) {\n" + fences + "  return v;\n}\n";
      auto [it, inserted] = helpers.try_emplace(name, body);
      if (inserted || it->second == body)
        return name;
    }
  };
  siteTarget.prepareSite = [&](const clang::Stmt *stmt,
                               ArrayRef<Operation *> ops) -> LogicalResult {
    // clang's HIP compare-exchange writes the value it read back through
    // its expected pointer; the OpenCL C helper of the dialect's cmpxchg
    // takes the expected value by value, so the text would not compile.
    if (auto *atomic = llvm::dyn_cast<clang::AtomicExpr>(stmt);
        atomic &&
        (atomic->getOp() ==
             clang::AtomicExpr::AO__hip_atomic_compare_exchange_strong ||
         atomic->getOp() ==
             clang::AtomicExpr::AO__hip_atomic_compare_exchange_weak))
      return src.report(stmt->getBeginLoc(), clang::DiagnosticsEngine::Error,
                        "clang's __hip_atomic_compare_exchange has no OpenCL "
                        "C translation yet (it writes the value read back "
                        "through its expected pointer); use atomicCAS or "
                        "cuda::atomic_ref's compare_exchange_strong"),
             failure();
    return scratch.declare(stmt, ops);
  };
  CudaAddressSpaces spaces(src.getContext(), [&src](const clang::Decl *d) {
    return isUserDecl(src, d);
  });
  bool ok = succeeded(
      rewriteCudaSyncSites(edits, sites, module, siteTarget, imported));
  CudaSyntaxOptions syntax;
  syntax.cl2 = options.cl2();
  syntax.hoistDeviceVariables = options.hoistDeviceVariables();
  syntax.includeDirs = options.source.source.includeDirs;
  // The sub-group size policy: a kernel asks for sub-groups of 32 where the
  // device can be asked (cl_intel_required_subgroup_size); elsewhere the
  // assumption stays the user's, as the header says.
  bool warpBarriers = false;
  module.walk([&](BarrierOp barrier) {
    warpBarriers |= barrier.getExecScope() == Scope::subgroup;
  });
  syntax.warpIsSubgroup = options.assumeSubgroupSize32;
  // The CUDA-to-alpaka path reads this OpenCL C to write alpaka, which has
  // no sub-group functions.
  if (options.constantHelperArguments)
    syntax.warpFunctionRefusal =
        "(a warp shuffle or vote) has no alpaka form that xfence writes";
  if (target.cl2 && options.assumeSubgroupSize32 &&
      (warpBarriers || usesCudaWarpFunctions(src))) {
    syntax.kernelAttribute = "XFENCE_REQD_SUB_GROUP_SIZE";
    helpers.try_emplace(
        "xfence_0_subgroup_size",
        "// xfence: " + kSubgroupPolicy.str() +
            ": __syncwarp() is sub_group_barrier and the warp shuffles "
            "and votes are sub-group functions, assuming sub-groups of 32 "
            "work-items (a CUDA warp); check it with "
            "clGetKernelSubGroupInfo where the device cannot be asked for "
            "that size.\n"
            "#if defined(cl_intel_required_subgroup_size)\n"
            "#define XFENCE_REQD_SUB_GROUP_SIZE "
            "__attribute__((intel_reqd_sub_group_size(32)))\n"
            "#else\n"
            "#define XFENCE_REQD_SUB_GROUP_SIZE\n"
            "#endif\n");
  }
  std::string notes;
  ok = succeeded(addCudaSyntaxEdits(edits, spaces, syntax, siteStmts, notes)) &&
       ok;
  if (!ok)
    return failure();
  FailureOr<std::string> text = edits.apply(prelude(options, helpers, notes));
  if (failed(text) || src.hasErrors())
    return failure();
  size_t end = text->find(kPreludeEnd.str());
  if (end != std::string::npos) {
    llvm::StringRef code = llvm::StringRef(*text).drop_front(end);
    text->insert(end, openCLHalfExtension(code) + openCLHalfHelpers(code) +
                          openCLWarpHelpers(code) + openCLTextureHelpers(code) +
                          stdintConstantMacros(code) + mathHelperMacros(code) +
                          openCLSimdHelpers(code));
  }
  return text;
}

FailureOr<std::string>
xfence::translateCudaToOpenCL(llvm::StringRef path, llvm::StringRef contents,
                              const CudaToOpenCLOptions &options,
                              llvm::raw_ostream &diagOS) {
  std::unique_ptr<ParsedSource> src =
      parseCudaSource(path, contents, options.source, diagOS);
  if (!src || src->hasErrors() ||
      (options.sourceErrors && options.sourceErrors(*src)))
    return failure();
  // Function templates: one plain function per specialization; class
  // templates: one plain struct per specialization, a round at a time (a
  // template named in another's text waits for that text's copies), the
  // function templates that the copies unblock after each round; CUB's
  // collectives; then the member functions of structs and classes: free
  // functions. After each, the new text is parsed again (the headers it
  // changed read from memory).
  CudaSourceOptions source = options.source;
  std::string text = contents.str();
  llvm::StringSet<> changedHeaders;
  bool expandedAny = false;
  using Expansion = FailureOr<ExpandedFiles> (*)(ParsedSource &);
  auto apply = [&](Expansion expand) -> FailureOr<bool> {
    FailureOr<ExpandedFiles> expanded = expand(*src);
    if (failed(expanded))
      return failure();
    if (expanded->empty())
      return false;
    expandedAny = true;
    for (auto &changed : expanded->headers) {
      changedHeaders.insert(changed.first);
      auto same = llvm::find_if(source.overlays, [&](const auto &overlay) {
        return overlay.first == changed.first;
      });
      if (same != source.overlays.end())
        same->second = changed.second;
      else
        source.overlays.push_back(changed);
    }
    if (expanded->mainFile)
      text = *expanded->mainFile;
    src = parseCudaSource(path, text, source, diagOS);
    if (!src || src->hasErrors())
      return failure();
    return true;
  };
  if (failed(apply(expandFunctionTemplates)))
    return failure();
  // (Each round copies at least one template, and copies hold none.)
  for (;;) {
    FailureOr<bool> copied = apply(expandClassTemplates);
    if (failed(copied))
      return failure();
    if (!*copied)
      break;
    if (failed(apply(expandFunctionTemplates)))
      return failure();
  }
  for (Expansion expand :
       {lowerCubCollectives, lowerMemberFunctions, lowerOperatorFunctions})
    if (failed(apply(expand)))
      return failure();
  llvm::SmallVector<clang::FileID> expandedHeaders;
  clang::SourceManager &sm = src->getSourceManager();
  for (const auto &name : changedHeaders)
    if (auto file = sm.getFileManager().getOptionalFileRef(name.getKey()))
      if (clang::FileID id = sm.translateFile(*file); id.isValid())
        expandedHeaders.push_back(id);
  FailureOr<ImportedSource> imports = importParsed(
      std::move(src),
      [&](ParsedSource &parsed, MLIRContext *ctx) {
        return importCuda(parsed, options.source, ctx);
      },
      /*printOps=*/false);
  if (failed(imports))
    return failure();
  FailureOr<std::string> output =
      rewrite(*imports->src, *imports->module, options, expandedHeaders);
  if (failed(output) || !expandedAny)
    return output;
  return removeTemplateLineDirectives(*output);
}

/// `--export-opencl` for a module that was not imported from a CUDA file
/// (an alpaka import, a module written by hand): one OpenCL C statement per
/// synchronization op, legalized as the rewriter legalizes them, operands
/// named by their role, grouped by function; the helpers that emulated
/// atomics need come first.
static LogicalResult emitOpenCLListing(ModuleOp module, llvm::raw_ostream &os,
                                       const CudaToOpenCLOptions &options) {
  TargetCapabilities caps = targetCapabilities(options);
  if (failed(prepare(module, caps, options)) ||
      failed(legalizeForTarget(module, caps)))
    return failure();
  if (options.cl2()) {
    recordSourceOrders(module);
    unifyScopesAndOrders(module);
    fenceOrderedAtomics(module, !options.intermediate);
    unifyScopesAndOrders(module);
  }
  restoreEmulated(module);
  OpenCLTarget target;
  target.cl2 = options.cl2();
  target.cl30 = options.clStd == "CL3.0";
  target.constantHelperArguments = options.constantHelperArguments;
  target.seqCstMemFence = options.assumeSeqCstMemFence;
  OpenCLHelpers helpers;
  std::string body;
  llvm::raw_string_ostream out(body);
  bool ok = true;
  module.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (auto func = dyn_cast<func::FuncOp>(op)) {
      out << "// " << func.getSymName() << "\n";
      return;
    }
    if (!isOpenCLSyncOp(op))
      return;
    FailureOr<Snippet> snippet = emitOpenCL(op, target, helpers);
    if (failed(snippet)) {
      ok = false;
      return;
    }
    for (const SnippetPiece &piece : snippet->pieces) {
      if (piece.operand < 0) {
        out << piece.text;
        continue;
      }
      std::string role = operandRole(op, piece.operand);
      out << (piece.addressOf ? "&(" + role + ")" : role);
    }
    out << ";\n";
  });
  if (!ok)
    return failure();
  os << "// OpenCL C " << llvm::StringRef(options.clStd).drop_front(2) << "\n";
  for (const auto &helper : helpers)
    os << helper.second << "\n";
  os << body;
  return success();
}

static llvm::cl::opt<std::string> openclTargetStd(
    "opencl-target-std",
    llvm::cl::desc("--export-opencl: OpenCL C standard of the output (CL1.2, "
                   "CL2.0, CL3.0)"),
    llvm::cl::init("CL1.2"));
namespace {
/// An --export-opencl policy: refuse what OpenCL C 1.2 cannot say, or
/// translate it under a named assumption about the device.
enum class Policy { Error, Assume };
} // namespace

/// An OpenCL C 1.2 policy's values: `error` (the default, `why`), or the
/// named assumption.
static llvm::cl::ValuesClass errorOrAssume(llvm::StringRef why,
                                           llvm::StringRef assumption,
                                           llvm::StringRef assumes) {
  return llvm::cl::values(clEnumValN(Policy::Error, "error", why),
                          clEnumValN(Policy::Assume, assumption, assumes));
}

static llvm::cl::opt<Policy> openclDeviceFence(
    "opencl12-device-fence",
    llvm::cl::desc("--export-opencl: policy for device-scope fences in OpenCL "
                   "C 1.2"),
    errorOrAssume("they are an error (default)",
                  "assume-global-fence-is-device-wide",
                  "ASSUMES the implementation's mem_fence(CLK_GLOBAL_MEM_"
                  "FENCE) orders global memory for the whole device; the "
                  "1.2 specification does not say so"),
    llvm::cl::init(Policy::Error));
static llvm::cl::opt<Policy> openclSeqCstFence(
    "opencl12-seq-cst-fence",
    llvm::cl::desc("--export-opencl: policy for seq_cst fences and barriers "
                   "in OpenCL C 1.2"),
    errorOrAssume("they are an error (default: mem_fence is only acq_rel as "
                  "OpenCL C 2.0 defines it)",
                  "assume-mem-fence-is-seq-cst",
                  "ASSUMES the 1.2 text's full-fence reading of mem_fence "
                  "holds on the device"),
    llvm::cl::init(Policy::Error));
static llvm::cl::opt<Policy> openclSubgroupSize(
    "opencl-assume-subgroup-size",
    llvm::cl::desc("--export-opencl, OpenCL C 2.0/3.0: without it "
                   "__syncwarp() is an error"),
    llvm::cl::values(clEnumValN(Policy::Assume, "32",
                                "ASSUMES the kernels run with sub-groups of "
                                "32 work-items, so that __syncwarp() can be "
                                "sub_group_barrier")),
    llvm::cl::init(Policy::Error));

static llvm::cl::opt<std::string> openclDeviceVariables(
    "opencl-device-variables",
    llvm::cl::desc("--export-opencl: where __device__ variables go: "
                   "'program-scope' (CL2.0/CL3.0 default) or "
                   "'kernel-arguments' (CL1.2)"),
    llvm::cl::init(""));

void xfence::registerOpenCLExport() {
  TranslateFromMLIRRegistration registration(
      "export-opencl",
      "emit OpenCL C: the translated CUDA source file of a module imported "
      "with --import-cuda, else one statement per synchronization op",
      [](Operation *op, llvm::raw_ostream &os) -> LogicalResult {
        auto module = dyn_cast<ModuleOp>(op);
        auto dict = module
                        ? module->getAttrOfType<DictionaryAttr>(srcattr::source)
                        : DictionaryAttr();
        auto file = dict ? dict.getAs<StringAttr>("file") : StringAttr();
        CudaToOpenCLOptions options;
        options.clStd = openclTargetStd;
        options.assumeDeviceWideGlobalFence =
            openclDeviceFence == Policy::Assume;
        options.assumeSeqCstMemFence = openclSeqCstFence == Policy::Assume;
        options.assumeSubgroupSize32 = openclSubgroupSize == Policy::Assume;
        if (!file) {
          if (!module)
            return op->emitError("--export-opencl needs a module");
          return emitOpenCLListing(module, os, options);
        }
        options.source = cudaImportOptions();
        if (auto path = dict.getAs<StringAttr>("cuda_path"))
          options.source.builtinHeader = path.getValue().empty();
        options.deviceVariables = openclDeviceVariables;
        return exportImportedFile(
            op, file.getValue(), os,
            [&](llvm::StringRef path, llvm::StringRef contents) {
              return parseCudaSource(path, contents, options.source,
                                     llvm::errs());
            },
            [&](ParsedSource &src) { return rewrite(src, module, options); });
      },
      [](DialectRegistry &registry) {
        registry.insert<XFenceDialect, func::FuncDialect, LLVM::LLVMDialect>();
      });
}
