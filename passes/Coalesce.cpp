//===- Coalesce.cpp - Remove and merge redundant fences and barriers ------===//
//
// The rules are those of docs/semantics.md section 4. Each pattern states
// why it is sound next to the code that applies it.
//
//===----------------------------------------------------------------------===//

#include "dialect/XFenceOps.h"
#include "passes/Passes.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace xfence {
#define GEN_PASS_DEF_XFENCECOALESCE
#include "passes/Passes.h.inc"
} // namespace xfence

using namespace mlir;
using namespace xfence;

namespace {

/// The nearest op after (`forward`) or before `op` in its block that is not
/// free of memory effects, or null. Only ops with no memory effect at all
/// (arithmetic, constants, branches that end the block) may lie between two
/// synchronization ops that a rule treats as neighbours: any access, call,
/// region op with effects inside, or op of unknown effect (xfence.exit)
/// stops the search.
Operation *neighbour(Operation *op, bool forward) {
  for (Operation *it = forward ? op->getNextNode() : op->getPrevNode(); it;
       it = forward ? it->getNextNode() : it->getPrevNode())
    if (!isMemoryEffectFree(it))
      return it;
  return nullptr;
}

Location fuse(Operation *a, Operation *b) {
  return FusedLoc::get(a->getContext(), {a->getLoc(), b->getLoc()});
}

/// The memory part of a barrier of either kind, if it is a full barrier of
/// its execution scope (no lane mask).
struct FullBarrier {
  Scope execScope;
  std::optional<Scope> memoryScope;
  std::optional<MemoryOrder> order;
  MemorySpaces spaces;
};

std::optional<FullBarrier> asFullBarrier(Operation *op) {
  if (auto barrier = dyn_cast_or_null<BarrierOp>(op)) {
    if (barrier.isPartial())
      return std::nullopt;
    return FullBarrier{barrier.getExecScope(), barrier.getMemoryScope(),
                       barrier.getOrder(), barrier.getSpaces()};
  }
  if (auto barrier = dyn_cast_or_null<BarrierReduceOp>(op))
    return FullBarrier{barrier.getExecScope(), barrier.getMemoryScope(),
                       barrier.getOrder(), barrier.getSpaces()};
  return std::nullopt;
}

struct Options {
  bool mergeFences, dropFencesAtBarriers, mergeBarriers, narrowLocal, clusters,
      exactScopes, barriersOrderAllSpaces, remarks;
};

/// Counts a rewrite and, if asked, reports it at the op it changes.
void note(const Options &options, Pass::Statistic &counter, Operation *op,
          StringRef rule, const Twine &what) {
  ++counter;
  if (options.remarks)
    op->emitRemark() << "xfence-coalesce[" << rule << "]: " << what;
}

/// Scopes `a` and `b` may be combined into one: always in the scoped C++/PTX
/// models, where a wider scope includes a narrower one (Lustig et al.,
/// ASPLOS'19); only when equal in OpenCL 2.x, where both sides of a
/// synchronization must use the same scope.
bool scopesCombine(const Options &options, Scope a, Scope b) {
  return !options.exactScopes || a == b;
}

/// A rule of the pass: a pattern on OpTy with the pass's options and the
/// statistic that counts what it changes.
template <typename OpTy> struct Rule : OpRewritePattern<OpTy> {
  Rule(MLIRContext *ctx, const Options &options, Pass::Statistic &counter)
      : OpRewritePattern<OpTy>(ctx), options(options), counter(counter) {}

  const Options &options;
  Pass::Statistic &counter;
};

/// Rule 2: `fence A; fence B` with no memory access between them is one
/// fence with the join of scope, order and spaces. Every access ordered by
/// A or by B is on the same side of the single fence, and the joined fence
/// gives every guarantee of each (release + acquire = acq_rel; seq_cst only
/// if one of them was seq_cst).
struct MergeFences : Rule<FenceOp> {
  using Rule::Rule;

  LogicalResult matchAndRewrite(FenceOp first,
                                PatternRewriter &rewriter) const override {
    auto second = dyn_cast_or_null<FenceOp>(neighbour(first, true));
    if (!second)
      return rewriter.notifyMatchFailure(first, "no neighbouring fence");
    if (!scopesCombine(options, first.getScope(), second.getScope()))
      return rewriter.notifyMatchFailure(first, "scopes must stay exact");
    note(options, counter, second, "merge-fences",
         "fence merged into the fence before it");
    rewriter.modifyOpInPlace(first, [&] {
      first.setScope(join(first.getScope(), second.getScope()));
      first.setOrder(join(first.getOrder(), second.getOrder()));
      first.setSpaces(join(first.getSpaces(), second.getSpaces()));
      first->setLoc(fuse(first, second));
    });
    rewriter.eraseOp(second);
    return success();
  }
};

/// Rule 3: a workgroup barrier with a memory part is a release fence on
/// entry and an acquire fence on exit, at its memory scope, over its spaces
/// (OpenCL 2.0 §3.3.5, semantics.md §2 "OpenCL C"; PTX bar.sync orders
/// memory like fence.acq_rel.cta). A fence directly beside it, with nothing
/// between the two, whose scope, order and spaces the barrier's memory part
/// covers, is subsumed in two cases:
///  * its scope is at most workgroup, with an order of acquire, release or
///    acq_rel, on either side: its release half is the barrier's entry
///    fence, its acquire half the barrier's exit fence, and every partner
///    it could synchronize with is in the workgroup and passes through the
///    barrier too (derived; semantics.md §4);
///  * a wider scope, but only a release fence directly before the barrier
///    or an acquire fence directly after it. The entry fence is then a
///    release fence at the same or a wider scope over the same or more
///    spaces, at the same point of the thread (no access between them), so
///    every release pattern that starts at the fence starts at the entry
///    fence too; likewise the exit fence ends every acquire pattern that
///    ends at the fence. An acquire half before the barrier, or a release
///    half after it, is not covered: a partner outside the workgroup
///    synchronizes with it without passing through the barrier, and the
///    barrier's own fences lie on the wrong side of the wait for it.
/// Not for seq_cst fences (a barrier does not join the total order), not
/// beside partial or subgroup barriers, not for spaces the barrier omits.
struct DropFenceAtBarrier : Rule<FenceOp> {
  using Rule::Rule;

  /// Whether `op`, the neighbour of `fence` after it (`fenceFirst`) or
  /// before it, is a barrier that subsumes the fence.
  bool covers(Operation *op, FenceOp fence, bool fenceFirst) const {
    std::optional<FullBarrier> barrier = asFullBarrier(op);
    if (!barrier || barrier->execScope != Scope::workgroup ||
        !barrier->memoryScope)
      return false;
    if (options.exactScopes ? *barrier->memoryScope != fence.getScope()
                            : !isAtLeast(*barrier->memoryScope,
                                         fence.getScope()))
      return false;
    if (!isAtLeast(Scope::workgroup, fence.getScope()) &&
        fence.getOrder() !=
            (fenceFirst ? MemoryOrder::release : MemoryOrder::acquire))
      return false;
    // On a target whose barrier orders every space (CUDA), the spaces the
    // op names are only those the source asked for.
    MemorySpaces ordered =
        options.barriersOrderAllSpaces ? allSpaces() : barrier->spaces;
    return isAtLeast(*barrier->order, fence.getOrder()) &&
           isAtLeast(ordered, fence.getSpaces());
  }

  LogicalResult matchAndRewrite(FenceOp fence,
                                PatternRewriter &rewriter) const override {
    if (fence.getOrder() == MemoryOrder::seq_cst)
      return rewriter.notifyMatchFailure(fence, "seq_cst fence");
    if (!covers(neighbour(fence, true), fence, /*fenceFirst=*/true) &&
        !covers(neighbour(fence, false), fence, /*fenceFirst=*/false))
      return rewriter.notifyMatchFailure(fence, "no covering barrier");
    note(options, counter, fence, "drop-fences-at-barriers",
         "fence erased: the neighbouring workgroup barrier orders the same "
         "memory at its scope");
    rewriter.eraseOp(fence);
    return success();
  }
};

/// Rule 4: two barriers of the same execution scope with no memory access
/// between them are one barrier: no thread passes the second before all have
/// reached the first, and nothing happens in between that a second wait
/// could order. Their memory parts join as fences do.
struct MergeBarriers : Rule<BarrierOp> {
  using Rule::Rule;

  LogicalResult matchAndRewrite(BarrierOp first,
                                PatternRewriter &rewriter) const override {
    auto second = dyn_cast_or_null<BarrierOp>(neighbour(first, true));
    if (!second || first.isPartial() || second.isPartial() ||
        first.getExecScope() != second.getExecScope())
      return rewriter.notifyMatchFailure(first, "no matching full barrier");
    std::optional<Scope> memoryScope = first.getMemoryScope();
    std::optional<MemoryOrder> order = first.getOrder();
    MemorySpaces spaces = first.getSpaces();
    if (second.ordersMemory()) {
      if (memoryScope) {
        if (!scopesCombine(options, *memoryScope, *second.getMemoryScope()))
          return rewriter.notifyMatchFailure(first, "scopes must stay exact");
        memoryScope = join(*memoryScope, *second.getMemoryScope());
        order = join(*order, *second.getOrder());
      } else {
        memoryScope = second.getMemoryScope();
        order = second.getOrder();
      }
      spaces = join(spaces, second.getSpaces());
    }
    note(options, counter, second, "merge-barriers",
         "barrier merged into the barrier before it");
    rewriter.modifyOpInPlace(first, [&] {
      first.setMemoryScope(memoryScope);
      first.setOrder(order);
      first.setSpaces(spaces);
      first->setLoc(fuse(first, second));
    });
    rewriter.eraseOp(second);
    return success();
  }
};

/// Rule 5: local memory (OpenCL __local, CUDA __shared__) is reachable from
/// its own workgroup and, where workgroups form clusters (sm_90), from the
/// other workgroups of the cluster: PTX's .shared::cluster window, CUDA's
/// distributed shared memory. Ordering it for threads outside the cluster
/// therefore has no effect, and a local-only op needs no more than cluster
/// scope; without clusters (`clusters=false`) no more than workgroup scope,
/// as OpenCL 2.0 §6.13.8 says of a local work_group_barrier. Not under
/// `exact-scopes`, where any change of scope may part two synchronizing
/// operations (the pass does not add the pattern there).
template <typename OpTy> struct NarrowLocal : Rule<OpTy> {
  using Rule<OpTy>::Rule;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    if (op.getSpaces() != MemorySpaces::local)
      return rewriter.notifyMatchFailure(op, "not local-only");
    Scope widest = this->options.clusters ? Scope::cluster : Scope::workgroup;
    Scope target;
    if constexpr (std::is_same_v<OpTy, FenceOp>) {
      target = widest;
      if (isAtLeast(target, op.getScope()))
        return rewriter.notifyMatchFailure(op, "already narrow");
      rewriter.modifyOpInPlace(op, [&] { op.setScope(target); });
    } else {
      // The memory scope may not drop below the execution scope.
      target = join(widest, op.getExecScope());
      std::optional<Scope> scope = op.getMemoryScope();
      if (!scope || isAtLeast(target, *scope))
        return rewriter.notifyMatchFailure(op, "already narrow");
      rewriter.modifyOpInPlace(op, [&] { op.setMemoryScope(target); });
    }
    note(this->options, this->counter, op, "narrow-local",
         "local-only memory ordering narrowed to " + stringifyScope(target) +
             " scope");
    return success();
  }
};

struct XFenceCoalescePass
    : xfence::impl::XFenceCoalesceBase<XFenceCoalescePass> {
  using XFenceCoalesceBase::XFenceCoalesceBase;

  void runOnOperation() override {
    options = {
        mergeFences, dropFencesAtBarriers, mergeBarriers,          narrowLocal,
        clusters,    exactScopes,          barriersOrderAllSpaces, remarks};
    MLIRContext *ctx = &getContext();
    RewritePatternSet patterns(ctx);
    // Rule 5 changes a scope, which exact-scopes rules out (rule 1).
    if (narrowLocal && !exactScopes) {
      patterns.add<NarrowLocal<FenceOp>, NarrowLocal<BarrierOp>,
                   NarrowLocal<BarrierReduceOp>>(ctx, options, numNarrowed);
    }
    if (dropFencesAtBarriers)
      patterns.add<DropFenceAtBarrier>(ctx, options, numDroppedFences);
    if (mergeFences)
      patterns.add<MergeFences>(ctx, options, numMergedFences);
    if (mergeBarriers)
      patterns.add<MergeBarriers>(ctx, options, numMergedBarriers);
    // Only the rules above may change the IR: no folding, no region
    // simplification, no dead-code elimination behind the user's back.
    GreedyRewriteConfig config;
    config.enableFolding(false).setRegionSimplificationLevel(
        GreedySimplifyRegionLevel::Disabled);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns),
                                     config)))
      signalPassFailure();
  }

  Options options;
};

} // namespace
