//===- OpenCLSiteRewriter.cpp - the sync sites of an OpenCL C file --------===//

#include "rewriters/sources/opencl/OpenCLSiteRewriter.h"

#include "dialect/XFenceOps.h"
#include "rewriters/common/SiteOps.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include "llvm/ADT/DenseMap.h"

#include <algorithm>
#include <map>

using namespace xfence;
using namespace mlir;
using clang::DiagnosticsEngine;

/// The text of `file` from `begin` to `end`.
static llvm::StringRef textOf(const clang::SourceManager &sm,
                              clang::FileID file, unsigned begin,
                              unsigned end) {
  return sm.getBufferData(file).slice(begin, end);
}

//===----------------------------------------------------------------------===//
// Synchronization sites
//===----------------------------------------------------------------------===//

namespace {
struct Survivor {
  Operation *op;
  Snippet snippet;
};
} // namespace

/// True if `call` is the value of the second or third operand of a `?:`
/// (through parentheses and commas).
static bool isConditionalArm(clang::ASTContext &context,
                             const clang::Expr *call) {
  // Up through parentheses and commas whose value it is: `c ? (x,
  // barrier(F)) : ...` is the same case (bench/nesting finding K2).
  const clang::Expr *value = call;
  clang::DynTypedNodeList parents = context.getParents(*call);
  while (parents.size() == 1) {
    if (const auto *paren = parents[0].get<clang::ParenExpr>()) {
      value = paren;
      parents = context.getParents(*paren);
      continue;
    }
    if (const auto *comma = parents[0].get<clang::BinaryOperator>()) {
      if (!comma->isCommaOp() || comma->getRHS() != value)
        return false;
      value = comma;
      parents = context.getParents(*comma);
      continue;
    }
    const auto *cond = parents[0].get<clang::ConditionalOperator>();
    return cond && cond->getCond() != value;
  }
  return false;
}

/// Applies `snippet` (the text of `op`) to the site: literal pieces replace
/// the text between the call's arguments that the snippet keeps.
static LogicalResult applySnippet(SourceEdits &edits, const SyncSite &site,
                                  Operation *op, const Snippet &snippet) {
  ParsedSource &src = edits.getSource();
  clang::SourceManager &sm = src.getSourceManager();
  const FileCharRange &range = *site.range;
  auto args = op->getAttrOfType<DenseI32ArrayAttr>("xfence.args");
  SiteText text(edits, range, site.expr->getBeginLoc());
  // A comma outside parentheses (cuda::atomic_ref<T, S>) would split the
  // argument of a function-like macro that the construct is written in:
  // such text goes in parentheses (always, so that every use of a macro
  // body gets the same text).
  std::string shape =
      render(snippet, [](unsigned) { return std::string("x"); });
  bool wrap = hasTopLevelComma(shape);
  // nvcc (CUDA 13.0) fails on `c ? __syncthreads() : __syncthreads()` (a
  // void phi in NVVM): a barrier that is an arm of ?: gets a void value of
  // its own, (__syncthreads(), (void)0). (A macro body used both so and
  // as a statement needs two texts: refused, as other such bodies.)
  bool voidValue = llvm::StringRef(shape).contains("__syncthreads") &&
                   isConditionalArm(src.getContext(), site.expr);
  if (voidValue)
    text.text("(");
  if (wrap)
    text.text("(");
  for (const SnippetPiece &piece : snippet.pieces) {
    if (piece.operand < 0) {
      text.text(piece.text);
      continue;
    }
    unsigned operand = piece.operand;
    if (std::optional<std::string> constant =
            constantText(op->getOperand(operand))) {
      text.text(*constant);
      continue;
    }
    int arg = args && operand < args.size() ? args[operand] : -1;
    if (arg < 0 || static_cast<unsigned>(arg) >= site.args.size()) {
      src.report(range.getBegin(sm), DiagnosticsEngine::Error,
                 "cannot rewrite this construct: the translated code needs "
                 "an operand that the source does not spell");
      return failure();
    }
    const clang::Expr *argExpr = site.args[arg];
    std::optional<FileCharRange> argRange = findRangeInside(
        sm, src.getLangOpts(), argExpr->getSourceRange(), range);
    if (!argRange || failed(text.operand(*argRange))) {
      src.report(argExpr->getExprLoc(), DiagnosticsEngine::Error,
                 "cannot rewrite this construct: the text of this argument "
                 "is not inside the construct's text (it comes from another "
                 "macro expansion)");
      return failure();
    }
  }
  if (wrap)
    text.text(")");
  if (voidValue)
    text.text(", (void)0)");
  text.finish();
  return success();
}

LogicalResult xfence::rewriteSyncSites(SourceEdits &edits,
                                       ArrayRef<SyncSite> sites,
                                       ModuleOp module, bool &needsAtomicHeader,
                                       SiteEmitter emit) {
  ParsedSource &src = edits.getSource();
  clang::SourceManager &sm = src.getSourceManager();
  llvm::DenseMap<Location, unsigned> siteOf; // first site with the location
  for (unsigned i = 0; i < sites.size(); ++i)
    siteOf.try_emplace(sites[i].loc, i);

  llvm::DenseMap<Location, SmallVector<Survivor, 1>> survivors;
  MergedSites mergedInto;
  if (failed(joinOpsToSites(
          module, isSyncOp, [&](Location loc) { return siteOf.count(loc); },
          [&](Operation *op, Location site) -> LogicalResult {
            FailureOr<Snippet> snippet = emit(op);
            if (failed(snippet))
              return failure();
            needsAtomicHeader |= snippet->needsAtomicHeader;
            survivors[site].push_back({op, std::move(*snippet)});
            return success();
          },
          mergedInto)))
    return failure();

  // Every site asks for its edits, also the uses of one macro body (one
  // location, one site per expansion), so that SourceEdits sees each use.
  llvm::DenseSet<Location> checked;
  for (const SyncSite &site : sites) {
    clang::SourceLocation at = site.expr->getBeginLoc();
    if (!site.range) {
      src.report(at, DiagnosticsEngine::Error,
                 "cannot rewrite this construct: its text is not in one "
                 "place of a user file (part of it comes from a macro of a "
                 "system header?)");
      return failure();
    }
    auto it = survivors.find(site.loc);
    if (it != survivors.end()) {
      // A construct spelled once (in a macro body) but imported once per
      // expansion: every expansion must translate to the same text.
      const Survivor &first = it->second.front();
      auto signature = [](const Survivor &s) {
        return render(s.snippet,
                      [&](unsigned i) { return "$" + std::to_string(i); });
      };
      bool firstUse = checked.insert(site.loc).second;
      for (const Survivor &other : llvm::drop_begin(it->second)) {
        if (firstUse && signature(other) != signature(first)) {
          src.report(at, DiagnosticsEngine::Error,
                     "cannot rewrite this construct in place: it is written "
                     "once in a macro body but means different "
                     "synchronization in different expansions ('" +
                         signature(first) + "' and '" + signature(other) +
                         "')");
          return failure();
        }
      }
      if (failed(applySnippet(edits, site, first.op, first.snippet)))
        return failure();
      continue;
    }
    // No op carries this location any more: a pass merged or erased it.
    if (!site.expr->getType()->isVoidType()) {
      src.report(at, DiagnosticsEngine::Error,
                 "cannot rewrite this construct: a pass removed it, but its "
                 "value is used");
      return failure();
    }
    llvm::StringRef original =
        textOf(sm, site.range->file, site.range->begin, site.range->end);
    edits.replace(
        *site.range,
        removedSiteText(original, site.loc, mergedInto, "removed: redundant"),
        at);
  }
  return success();
}
