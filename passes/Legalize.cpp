//===- Legalize.cpp - Rewrite xfence ops to what a target can express -----===//
//
// `--xfence-legalize=target=T` rewrites every xfence op to a form the target
// T expresses directly, as the capability table of TargetCapabilities.cpp
// says. It only ever strengthens (wider scope, stronger order, more spaces:
// sound in PTX and scoped C++, semantics.md §4 rule 1), and it fails with an
// error at the op wherever the target could express the op only by
// weakening it.
//
// OpenCL 2.x needs the same scope on both sides of a synchronization, so
// there a scope is widened only where the target cannot name it (cluster ->
// device). That is a whole-program decision: all ops of the program are
// legalized by the same table, so both partners are widened alike.
//
//===----------------------------------------------------------------------===//

#include "dialect/XFenceOps.h"
#include "passes/Passes.h"
#include "passes/TargetCapabilities.h"

#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/TypeSwitch.h"

namespace xfence {
#define GEN_PASS_DEF_XFENCELEGALIZE
#include "passes/Passes.h.inc"
} // namespace xfence

using namespace mlir;
using namespace xfence;

namespace {

InFlightDiagnostic noScope(Operation *op, Scope scope,
                           const TargetCapabilities &caps) {
  return op->emitError() << "scope '" << stringifyScope(scope)
                         << "' has no equal or wider form on target '"
                         << caps.name << "'; refusing to weaken it";
}

InFlightDiagnostic noSeqCst(Operation *op, const TargetCapabilities &caps) {
  return op->emitError() << "order 'seq_cst' has no sound form on target '"
                         << caps.name << "' (" << caps.noSeqCstReason << ")";
}

/// The order a fence of order `order` has on the target, or failure.
FailureOr<MemoryOrder> legalFenceOrder(Operation *op, MemoryOrder order,
                                       const TargetCapabilities &caps) {
  if (order == MemoryOrder::seq_cst && !caps.seqCst)
    return noSeqCst(op, caps);
  if ((order == MemoryOrder::acquire || order == MemoryOrder::release) &&
      !caps.splitFenceOrders)
    return MemoryOrder::acq_rel;
  return order;
}

FailureOr<MemorySpaces> legalSpaces(Operation *op, MemorySpaces spaces,
                                    const TargetCapabilities &caps) {
  MemorySpaces missing = spaces & ~caps.spaces;
  if (missing != MemorySpaces::none)
    return op->emitError() << "memory space [" << stringifyMemorySpaces(missing)
                           << "] cannot be ordered on target '" << caps.name
                           << "'";
  return caps.fencesOrderAllSpaces ? allSpaces() : spaces;
}

/// Legalizes a fence in place; erases it when it orders nothing that the
/// target can observe. Returns failure after emitting an error.
LogicalResult legalizeFence(FenceOp fence, const TargetCapabilities &caps) {
  // A relaxed fence or one of no spaces orders nothing (semantics.md §3,
  // first row); a thread-scope fence orders nothing between threads, and
  // where the target has no such fence it has nothing to lower to (§3,
  // second row).
  if (fence.getOrder() == MemoryOrder::relaxed ||
      fence.getSpaces() == MemorySpaces::none ||
      (fence.getScope() == Scope::thread && !caps.threadFences)) {
    fence.erase();
    return success();
  }
  // Where a thread-scope fence can order only some spaces (OpenCL: images),
  // the others are dropped: between threads it orders nothing there.
  if (fence.getScope() == Scope::thread) {
    MemorySpaces kept = fence.getSpaces() & caps.threadFenceSpaces;
    if (kept == MemorySpaces::none) {
      fence.erase();
      return success();
    }
    fence.setSpacesAttr(MemorySpacesAttr::get(fence.getContext(), kept));
  }
  std::optional<Scope> scope = caps.fenceScopeFor(fence.getScope());
  if (!scope)
    return noScope(fence, fence.getScope(), caps);
  FailureOr<MemoryOrder> order = legalFenceOrder(fence, fence.getOrder(), caps);
  if (failed(order))
    return failure();
  FailureOr<MemorySpaces> spaces = legalSpaces(fence, fence.getSpaces(), caps);
  if (failed(spaces))
    return failure();
  MLIRContext *ctx = fence.getContext();
  fence.setScopeAttr(ScopeAttr::get(ctx, *scope));
  fence.setOrderAttr(MemoryOrderAttr::get(ctx, *order));
  fence.setSpacesAttr(MemorySpacesAttr::get(ctx, *spaces));
  return success();
}

/// Legalizes a barrier of either kind.
template <typename BarrierT>
LogicalResult legalizeBarrier(BarrierT barrier, bool partial,
                              const TargetCapabilities &caps) {
  constexpr bool isReduce = std::is_same_v<BarrierT, BarrierReduceOp>;
  MLIRContext *ctx = barrier.getContext();
  Scope exec = barrier.getExecScope();
  if (partial && !caps.partialBarriers)
    return barrier.emitError()
           << "a barrier over part of a subgroup (lane mask) has no form on "
              "target '"
           << caps.name << "'";
  // The execution scope is never widened: a wider barrier would wait for
  // threads that need not reach it. Only a cluster before sm_90 is a CTA.
  ScopeSet execScopes =
      isReduce ? caps.barrierReduceScopes : caps.barrierScopes;
  if (!execScopes.contains(exec)) {
    if (exec == Scope::cluster && caps.clusterIsWorkgroup &&
        execScopes.contains(Scope::workgroup)) {
      exec = Scope::workgroup;
    } else {
      InFlightDiagnostic diag =
          barrier.emitError()
          << (isReduce ? "a reducing barrier" : "a barrier") << " of execution "
          << "scope '" << stringifyScope(exec) << "' has no form on target '"
          << caps.name << "'";
      if (exec == Scope::device || exec == Scope::system)
        diag << " (a grid-wide barrier needs a cooperative launch)";
      return diag;
    }
    barrier.setExecScopeAttr(ScopeAttr::get(ctx, exec));
  }
  if (!barrier.ordersMemory())
    return success();

  Scope requested = *barrier.getMemoryScope();
  std::optional<Scope> memScope = caps.fenceScopeFor(requested);
  if (!memScope)
    return noScope(barrier, requested, caps);
  MemoryOrder order = *barrier.getOrder();
  if (order == MemoryOrder::seq_cst && !caps.seqCst)
    return noSeqCst(barrier, caps);
  FailureOr<MemorySpaces> spaces =
      legalSpaces(barrier, barrier.getSpaces(), caps);
  if (failed(spaces))
    return failure();

  // The memory part the barrier has by itself on this target: where the
  // hardware fixes it to the execution scope (bar.sync orders memory among
  // the CTA, bar.warp.sync among the participating lanes), a memory scope up
  // to the execution scope is covered by the barrier alone.
  Scope nativeScope = *memScope;
  bool scopeCovered = true;
  if (caps.barrierMemoryIsExecScope) {
    nativeScope = exec;
    scopeCovered = isAtLeast(exec, requested) || isAtLeast(exec, *memScope);
  }
  MemoryOrder nativeOrder =
      isAtLeast(caps.barrierMaxOrder, order) ? order : caps.barrierMaxOrder;

  // A barrier is a release fence on entry and an acquire fence on exit
  // (OpenCL 2.0 §3.3.5). Where the barrier's own memory part is narrower or
  // weaker, fences of the full scope and order around it give the rest.
  if (!scopeCovered || nativeOrder != order) {
    OpBuilder builder(barrier);
    auto makeFence = [&](MemoryOrder fenceOrder) -> LogicalResult {
      auto fence = FenceOp::create(builder, barrier.getLoc(),
                                   ScopeAttr::get(ctx, *memScope),
                                   MemoryOrderAttr::get(ctx, fenceOrder),
                                   MemorySpacesAttr::get(ctx, *spaces));
      return legalizeFence(fence, caps);
    };
    if (hasRelease(order) &&
        failed(makeFence(order == MemoryOrder::seq_cst ? order
                                                       : MemoryOrder::release)))
      return failure();
    builder.setInsertionPointAfter(barrier);
    if (hasAcquire(order) &&
        failed(makeFence(order == MemoryOrder::seq_cst ? order
                                                       : MemoryOrder::acquire)))
      return failure();
  }
  barrier.setMemoryScopeAttr(ScopeAttr::get(ctx, nativeScope));
  barrier.setOrderAttr(MemoryOrderAttr::get(ctx, nativeOrder));
  barrier.setSpacesAttr(MemorySpacesAttr::get(ctx, *spaces));
  return success();
}

/// True if the object of the atomic `op` is in local (CUDA shared) memory:
/// its address is an LLVM pointer of address space 3, the numbering that
/// NVPTX and SPIR share and the importers use.
bool isLocalObject(Operation *op) {
  Value addr = llvm::TypeSwitch<Operation *, Value>(op)
                   .Case<AtomicRMWOp, AtomicCmpXchgOp, AtomicLoadOp,
                         AtomicStoreOp>([](auto atomic) -> Value {
                     return atomic.getAddr();
                   })
                   .Default([](Operation *) { return Value(); });
  auto ptr = addr ? dyn_cast<LLVM::LLVMPointerType>(addr.getType())
                  : LLVM::LLVMPointerType();
  return ptr && ptr.getAddressSpace() == 3;
}

/// Checks and rewrites the scope and orders of an atomic. Where the target's
/// atomics carry no order (OpenCL 1.2), an ordered atomic becomes a relaxed
/// atomic between a release fence before and an acquire fence after (the
/// fence-based synchronization of C++ [atomics.fences] and OpenCL 2.0
/// §3.3.6.2).
LogicalResult legalizeAtomic(Operation *op, const TargetCapabilities &caps) {
  MLIRContext *ctx = op->getContext();
  auto scopeAttr = op->getAttrOfType<ScopeAttr>("scope");
  Scope requested = scopeAttr.getValue();
  // Only the threads of one work-group can reach a local object where the
  // target has no distributed shared memory: the work-group scope orders
  // all that a wider one could (semantics.md §3.3).
  if (caps.localIsWorkgroupPrivate && isLocalObject(op) &&
      isAtLeast(requested, Scope::workgroup))
    requested = Scope::workgroup;
  std::optional<Scope> scope = caps.atomicScopeFor(requested);
  if (!scope)
    return noScope(op, requested, caps);
  op->setAttr("scope", ScopeAttr::get(ctx, *scope));

  SmallVector<StringRef, 2> orderNames;
  if (isa<AtomicCmpXchgOp>(op))
    orderNames = {"success_order", "failure_order"};
  else
    orderNames = {"order"};
  MemoryOrder strongest = MemoryOrder::relaxed;
  for (StringRef name : orderNames) {
    MemoryOrder order = op->getAttrOfType<MemoryOrderAttr>(name).getValue();
    if (order == MemoryOrder::seq_cst && !caps.seqCst)
      return noSeqCst(op, caps);
    strongest = join(strongest, order);
  }
  if (auto rmw = dyn_cast<AtomicRMWOp>(op))
    if (!caps.hasRMW(rmw.getKind()))
      return op->emitError()
             << "atomic '" << stringifyAtomicRMWKind(rmw.getKind())
             << "' has no form on target '" << caps.name << "'";
  if (caps.orderedAtomics || strongest == MemoryOrder::relaxed)
    return success();

  OpBuilder builder(op);
  auto makeFence = [&](MemoryOrder order) -> LogicalResult {
    auto fence =
        FenceOp::create(builder, op->getLoc(), ScopeAttr::get(ctx, *scope),
                        MemoryOrderAttr::get(ctx, order),
                        MemorySpacesAttr::get(ctx, allSpaces() & caps.spaces));
    return legalizeFence(fence, caps);
  };
  if (hasRelease(strongest) &&
      failed(makeFence(strongest == MemoryOrder::seq_cst
                           ? strongest
                           : MemoryOrder::release)))
    return failure();
  builder.setInsertionPointAfter(op);
  if (hasAcquire(strongest) &&
      failed(makeFence(strongest == MemoryOrder::seq_cst
                           ? strongest
                           : MemoryOrder::acquire)))
    return failure();
  for (StringRef name : orderNames)
    op->setAttr(name, MemoryOrderAttr::get(ctx, MemoryOrder::relaxed));
  return success();
}

} // namespace

LogicalResult xfence::legalizeForTarget(Operation *root,
                                        const TargetCapabilities &caps) {
  SmallVector<Operation *> ops;
  root->walk([&](Operation *op) {
    if (isa<FenceOp, BarrierOp, BarrierReduceOp, AtomicRMWOp, AtomicCmpXchgOp,
            AtomicLoadOp, AtomicStoreOp>(op))
      ops.push_back(op);
  });
  bool failedAny = false;
  for (Operation *op : ops) {
    LogicalResult result =
        llvm::TypeSwitch<Operation *, LogicalResult>(op)
            .Case([&](FenceOp fence) { return legalizeFence(fence, caps); })
            .Case([&](BarrierOp barrier) {
              return legalizeBarrier(barrier, barrier.isPartial(), caps);
            })
            .Case([&](BarrierReduceOp barrier) {
              return legalizeBarrier(barrier, /*partial=*/false, caps);
            })
            .Default([&](Operation *atomic) {
              return legalizeAtomic(atomic, caps);
            });
    failedAny |= failed(result);
  }
  return failure(failedAny);
}

namespace {

struct LegalizePass : xfence::impl::XFenceLegalizeBase<LegalizePass> {
  using XFenceLegalizeBase::XFenceLegalizeBase;

  void runOnOperation() override {
    std::optional<TargetCapabilities> caps = lookupTarget(target, strict);
    if (!caps) {
      getOperation()->emitError() << "unknown xfence target '" << target
                                  << "'; expected one of " << targetNames();
      return signalPassFailure();
    }
    if (failed(legalizeForTarget(getOperation(), *caps)))
      signalPassFailure();
  }
};

} // namespace
