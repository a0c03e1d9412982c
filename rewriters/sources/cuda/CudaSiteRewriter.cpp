//===- CudaSiteRewriter.cpp - synchronization sites of a CUDA file --------===//

#include "rewriters/sources/cuda/CudaSiteRewriter.h"

#include "dialect/XFenceOps.h"
#include "rewriters/common/SiteOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "clang/AST/ParentMapContext.h"

#include <map>
#include <tuple>

using namespace xfence;
using namespace mlir;
using clang::DiagnosticsEngine;

namespace {

/// The text of one operand of a site, as prefix + kept source range +
/// suffix.
struct OperandText {
  std::string prefix;
  FileCharRange range;
  std::string suffix;
};

/// The ops of one site, from one function.
using SiteOps = SmallVector<std::pair<Operation *, Snippet>>;

/// The text of a site's ops, to compare.
std::string key(const SiteOps &ops) {
  std::string text;
  for (auto &[op, snippet] : ops) {
    text += op->getName().getStringRef();
    for (const SnippetPiece &piece : snippet.pieces)
      text += piece.operand < 0 ? piece.text
                                : "\x01" + std::to_string(piece.operand) +
                                      (piece.addressOf ? "&" : "");
    text += '\x02';
  }
  return text;
}

class SiteRewriter {
public:
  SiteRewriter(SourceEdits &edits, const CudaSiteTarget &target)
      : edits(edits), src(edits.getSource()), sm(src.getSourceManager()),
        target(target) {}

  /// The uses of macros that are one construct each (`SYNC()`,
  /// `ATOM(Add, p, v)`, see CudaSyncSite::invocation): where the uses of one
  /// body need different text, each is rewritten at its invocation
  /// (returned); where they need the same, the body is rewritten once and
  /// the other uses are added to `done`.
  llvm::DenseSet<Location> usesAtInvocation(
      ArrayRef<CudaSyncSite> sites,
      const llvm::DenseMap<Location, llvm::MapVector<Operation *, SiteOps>>
          &texts,
      llvm::DenseSet<Location> &done);
  LogicalResult run(ArrayRef<CudaSyncSite> sites, ModuleOp module,
                    const ImportedSites &imported);

private:
  std::optional<OperandText> operandText(const CudaSyncSite &site,
                                         unsigned index, bool address);
  bool valueUsed(const clang::Stmt *s);
  LogicalResult apply(const CudaSyncSite &site,
                      ArrayRef<std::pair<Operation *, Snippet>> ops);
  /// One text for each site that several functions share.
  LogicalResult
  chooseInstance(const CudaSyncSite &site,
                 llvm::MapVector<Operation *, SiteOps> &byFunction,
                 SiteOps &chosen);

  SourceEdits &edits;
  ParsedSource &src;
  clang::SourceManager &sm;
  const CudaSiteTarget &target;
};

bool SiteRewriter::valueUsed(const clang::Stmt *s) {
  if (auto *e = llvm::dyn_cast<clang::Expr>(s))
    if (e->getType()->isVoidType())
      return false;
  clang::DynTypedNodeList parents = src.getContext().getParents(*s);
  while (parents.size() == 1) {
    if (const auto *e = parents[0].get<clang::Expr>()) {
      if (llvm::isa<clang::ExprWithCleanups, clang::ParenExpr>(e)) {
        parents = src.getContext().getParents(*e);
        continue;
      }
      if (auto *cast = llvm::dyn_cast<clang::CStyleCastExpr>(e))
        return !cast->getType()->isVoidType();
      return true;
    }
    return !parents[0].get<clang::CompoundStmt>();
  }
  return true;
}

std::optional<OperandText> SiteRewriter::operandText(const CudaSyncSite &site,
                                                     unsigned index,
                                                     bool address) {
  std::vector<const clang::Expr *> operands = siteOperands(site.stmt);
  if (index >= operands.size())
    return std::nullopt;
  const clang::Expr *e = operands[index];
  const clang::LangOptions &lo = src.getLangOpts();
  OperandText text;
  if (address && index == 0 && isAtomicMemberSite(site.stmt)) {
    // The object of an atomic_ref / atomic member call, as a pointer.
    auto *call = llvm::cast<clang::CXXMemberCallExpr>(site.stmt);
    auto *member = llvm::dyn_cast<clang::MemberExpr>(
        call->getCallee()->IgnoreParenImpCasts());
    bool arrow = member && member->isArrow();
    const clang::Expr *inner = e->IgnoreParenImpCasts();
    bool isRef = false;
    atomicValueType(e->getType(), &isRef);
    if (!arrow && isRef) {
      while (auto *tmp = llvm::dyn_cast<clang::MaterializeTemporaryExpr>(inner))
        inner = tmp->getSubExpr()->IgnoreParenImpCasts();
      if (auto *fc = llvm::dyn_cast<clang::CXXFunctionalCastExpr>(inner))
        inner = fc->getSubExpr()->IgnoreParenImpCasts();
      if (auto *construct = llvm::dyn_cast<clang::CXXConstructExpr>(inner);
          construct && construct->getNumArgs() == 1) {
        // cuda::atomic_ref<T, S>(x).op(...): &(x)
        e = construct->getArg(0);
        text.prefix = "&(";
        text.suffix = ")";
      } else if (!llvm::isa<clang::DeclRefExpr>(inner)) {
        return std::nullopt;
      } // a named atomic_ref is rewritten to a pointer: its name
    } else if (!arrow) {
      text.prefix = "&(";
      text.suffix = ")";
    } else if (auto *cast = llvm::dyn_cast<clang::ExplicitCastExpr>(inner);
               cast && atomicValueType(cast->getType()->getPointeeType())) {
      // ((cuda::atomic<T, S> *)p)->op(...): the snippet casts the object
      // to OpenCL C's atomic type itself, and the C++ type named in the
      // cast has no OpenCL C spelling: the object is p.
      e = cast->getSubExpr();
    }
  }
  // __atomic_compare_exchange_n(p, e, ...): its expected operand is
  // imported as the object *e (the "member" form of the compare-exchange,
  // which takes the expected value as an lvalue and writes it back).
  if (auto *atomic = llvm::dyn_cast<clang::AtomicExpr>(site.stmt);
      atomic && index == 1 &&
      atomic->getOp() == clang::AtomicExpr::AO__atomic_compare_exchange_n) {
    text.prefix = "*(";
    text.suffix = ")";
  }
  std::optional<FileCharRange> range =
      findRangeInside(sm, lo, e->getSourceRange(), *site.range);
  // `atomic##op((p), (v))` rewritten at its invocation `ATOM(Add, p, v)`:
  // the parentheses are the body's, the operand the argument's; the
  // translation writes them around it.
  while (!range && llvm::isa<clang::ParenExpr>(e->IgnoreImpCasts())) {
    e = llvm::cast<clang::ParenExpr>(e->IgnoreImpCasts())->getSubExpr();
    text.prefix += "(";
    text.suffix = ")" + text.suffix;
    range = findRangeInside(sm, lo, e->getSourceRange(), *site.range);
  }
  if (!range)
    return std::nullopt;
  text.range = *range;
  return text;
}

LogicalResult
SiteRewriter::apply(const CudaSyncSite &site,
                    ArrayRef<std::pair<Operation *, Snippet>> ops) {
  const FileCharRange &range = *site.range;
  // One site per location (the first use of a macro body): no origin, the
  // edits are not checked against the other uses.
  SiteText out(edits, range, clang::SourceLocation());
  bool several = ops.size() > 1;
  std::string valueThen;
  if (several) {
    // Fences that legalization put around an atomic or a barrier: a comma
    // expression, whose value is the last part's. Where the value of the
    // construct is used and fences follow it, the parts up to the atomic go
    // into a call of the target's function that runs the fences after it
    // and returns the atomic's value.
    auto valueAt = llvm::find_if(llvm::reverse(ops), [](const auto &entry) {
      return !isa<FenceOp>(entry.first);
    });
    if (valueAt != ops.rend() && valueAt != ops.rbegin() &&
        valueUsed(site.stmt)) {
      size_t after = std::distance(valueAt, ops.rend());
      FailureOr<std::string> name = failure();
      if (target.valueThen)
        name = target.valueThen(valueAt->first, ops.drop_front(after));
      if (failed(name))
        return src.report(site.stmt->getBeginLoc(), DiagnosticsEngine::Error,
                          "this ordered atomic needs fences around it in "
                          "OpenCL C; its value cannot be used in an "
                          "expression (assign it in a statement of its "
                          "own)"),
               failure();
      valueThen = *name;
      ops = ops.take_front(after);
      several = ops.size() > 1;
      out.text(valueThen + "(");
    }
    if (several)
      out.text("(");
  }
  // A comma outside parentheses (cuda::atomic_ref<T, S>) would split the
  // argument of a function-like macro that the construct is written in:
  // such text goes in parentheses (always, so that every use of a macro
  // body gets the same text).
  bool wrap = !several && llvm::any_of(ops, [](const auto &entry) {
    std::string shape;
    for (const SnippetPiece &piece : entry.second.pieces)
      shape += piece.operand < 0 ? piece.text : "x";
    return hasTopLevelComma(shape);
  });
  if (wrap)
    out.text("(");
  bool first = true;
  for (auto &[op, snippet] : ops) {
    if (!first)
      out.text(", ");
    first = false;
    auto args = op->getAttrOfType<DenseI32ArrayAttr>(srcattr::args);
    if (target.note)
      out.text(target.note(op));
    for (const SnippetPiece &piece : snippet.pieces) {
      if (piece.operand < 0) {
        out.text(piece.text);
        continue;
      }
      unsigned operand = piece.operand;
      int arg = args && operand < args.size() ? args[operand] : -1;
      if (arg < 0) {
        std::optional<std::string> constant =
            target.constant(op->getOperand(operand));
        if (!constant)
          return src.report(site.stmt->getBeginLoc(), DiagnosticsEngine::Error,
                            "cannot rewrite this construct: the translated "
                            "code needs an operand that the source does not "
                            "spell"),
                 failure();
        out.text(*constant);
        continue;
      }
      bool isAddress =
          isa<LLVM::LLVMPointerType>(op->getOperand(operand).getType());
      std::optional<OperandText> text = operandText(site, arg, isAddress);
      // The address of the operand's text as a whole (prefix included:
      // &(*(e)) for a GNU compare-exchange's expected object).
      if (text) {
        if (piece.addressOf)
          out.text("&(");
        out.text(text->prefix);
      }
      if (!text || failed(out.operand(text->range)))
        return src.report(site.stmt->getBeginLoc(), DiagnosticsEngine::Error,
                          "cannot rewrite this construct: the text of an "
                          "operand is not inside the construct's text, or "
                          "the translation needs it twice"),
               failure();
      out.text(text->suffix);
      if (piece.addressOf)
        out.text(")");
    }
  }
  if (several || wrap)
    out.text(")");
  if (!valueThen.empty())
    out.text(")");
  out.finish();
  return success();
}

LogicalResult
SiteRewriter::chooseInstance(const CudaSyncSite &site,
                             llvm::MapVector<Operation *, SiteOps> &byFunction,
                             SiteOps &chosen) {
  auto it = byFunction.begin();
  chosen = std::move(it->second);
  std::string first = key(chosen);
  for (++it; it != byFunction.end(); ++it) {
    if (key(it->second) == first)
      continue;
    auto name = [](Operation *fn) {
      return cast<func::FuncOp>(fn).getSymName().str();
    };
    return src.report(site.stmt->getBeginLoc(), DiagnosticsEngine::Error,
                      "cannot rewrite this construct: its text is shared by "
                      "'" +
                          name(byFunction.begin()->first) + "' and '" +
                          name(it->first) +
                          "' (a macro body or a template), which need "
                          "different translations of it"),
           failure();
  }
  return success();
}

llvm::DenseSet<Location> SiteRewriter::usesAtInvocation(
    ArrayRef<CudaSyncSite> sites,
    const llvm::DenseMap<Location, llvm::MapVector<Operation *, SiteOps>>
        &texts,
    llvm::DenseSet<Location> &done) {
  // The uses of each body, one per location, with the text each needs
  // (the ops of its first function: chooseInstance checks the others).
  std::map<std::tuple<unsigned, unsigned, unsigned>,
           llvm::MapVector<Location, std::string>>
      bodies;
  for (const CudaSyncSite &site : sites) {
    if (!site.invocation || !site.range)
      continue;
    auto it = texts.find(site.loc);
    std::string text = "\x03removed";
    if (it != texts.end()) {
      const auto &[fn, ops] = *it->second.begin();
      SmallVector<Operation *> list;
      for (auto &entry : ops)
        list.push_back(entry.first);
      text = target.keepAsWritten && target.keepAsWritten(site.stmt, list)
                 ? "\x03kept"
                 : key(ops);
    }
    bodies[{site.range->file.getHashValue(), site.range->begin,
            site.range->end}]
        .try_emplace(site.loc, std::move(text));
  }
  llvm::DenseSet<Location> atInvocation;
  for (auto &[body, uses] : bodies) {
    bool alike = llvm::all_of(uses, [&uses = uses](const auto &use) {
      return use.second == uses.begin()->second;
    });
    for (auto [i, use] : llvm::enumerate(uses)) {
      if (!alike)
        atInvocation.insert(use.first);
      else if (i > 0)
        done.insert(use.first);
    }
  }
  return atInvocation;
}

LogicalResult SiteRewriter::run(ArrayRef<CudaSyncSite> sites, ModuleOp module,
                                const ImportedSites &imported) {
  llvm::DenseMap<Location, unsigned> siteOf;
  for (unsigned i = 0; i < sites.size(); ++i)
    siteOf.try_emplace(sites[i].loc, i);
  // The ops of each site, by the function they are in.
  llvm::DenseMap<Location, llvm::MapVector<Operation *, SiteOps>> texts;
  MergedSites mergedInto;
  if (failed(joinOpsToSites(
          module, target.isSync,
          [&](Location loc) { return siteOf.count(loc); },
          [&](Operation *op, Location site) -> LogicalResult {
            FailureOr<Snippet> snippet = target.emit(op);
            if (failed(snippet))
              return failure();
            Operation *fn = op->getParentOfType<func::FuncOp>();
            texts[site][fn].push_back({op, std::move(*snippet)});
            return success();
          },
          mergedInto)))
    return failure();
  llvm::DenseSet<Location> done;
  llvm::DenseSet<Location> atInvocation = usesAtInvocation(sites, texts, done);
  for (const CudaSyncSite &use : sites) {
    if (!done.insert(use.loc).second)
      continue;
    CudaSyncSite site = use;
    if (atInvocation.contains(site.loc))
      site.range = site.invocation;
    if (!site.range)
      return src.report(site.stmt->getBeginLoc(), DiagnosticsEngine::Error,
                        "cannot rewrite this construct: its text is not in "
                        "one place of a user file"),
             failure();
    auto it = texts.find(site.loc);
    if (it != texts.end()) {
      auto opsOf = [](const SiteOps &ops) {
        SmallVector<Operation *> list;
        for (auto &entry : ops)
          list.push_back(entry.first);
        return list;
      };
      // A macro body used n times in one function has the ops of every
      // use: each use must have the same ops, whose text is written once.
      for (auto &[fn, list] : it->second) {
        unsigned n = imported.uses.lookup({fn, site.loc});
        if (n <= 1)
          continue;
        std::string first =
            key(SiteOps(list.begin(), list.begin() + list.size() / n));
        bool same = list.size() % n == 0;
        for (unsigned i = 1; same && i < n; ++i) {
          size_t chunk = list.size() / n;
          same = key(SiteOps(list.begin() + i * chunk,
                             list.begin() + (i + 1) * chunk)) == first;
        }
        if (!same)
          return src.report(site.stmt->getBeginLoc(), DiagnosticsEngine::Error,
                            "cannot rewrite this construct: it is written "
                            "once in a macro body that '" +
                                cast<func::FuncOp>(fn).getSymName().str() +
                                "' uses " + std::to_string(n) +
                                " times, and the uses need different "
                                "translations (a pass merged or removed "
                                "one of them)"),
                 failure();
        list.resize(list.size() / n);
      }
      if (target.keepAsWritten && llvm::all_of(it->second, [&](auto &entry) {
            return target.keepAsWritten(site.stmt, opsOf(entry.second));
          }))
        continue;
      SiteOps ops;
      if (failed(chooseInstance(site, it->second, ops)))
        return failure();
      if (target.prepareSite &&
          failed(target.prepareSite(site.stmt, opsOf(ops))))
        return failure();
      if (failed(apply(site, ops)))
        return failure();
      continue;
    }
    if (!imported.locations.contains(site.loc) && !mergedInto.count(site.loc))
      return src.report(site.stmt->getBeginLoc(), DiagnosticsEngine::Error,
                        "cannot rewrite this construct: xfence does not "
                        "import the code it is in"),
             failure();
    if (valueUsed(site.stmt))
      return src.report(site.stmt->getBeginLoc(), DiagnosticsEngine::Error,
                        "cannot rewrite this construct: a pass removed it, "
                        "but its value is used"),
             failure();
    llvm::StringRef original = sm.getBufferData(site.range->file)
                                   .slice(site.range->begin, site.range->end);
    edits.replace(*site.range,
                  removedSiteText(original, site.loc, mergedInto,
                                  "removed: it orders nothing on this target, "
                                  "or a neighbour covers it"));
  }
  return success();
}

} // namespace

ImportedSites
xfence::importedSyncLocations(ModuleOp module,
                              llvm::function_ref<bool(Operation *)> isSync) {
  ImportedSites out;
  module.walk([&](Operation *op) {
    if (!isSync(op))
      return;
    SmallVector<Location> locs;
    flattenLocations(op->getLoc(), locs);
    out.locations.insert(locs.begin(), locs.end());
    if (!locs.empty())
      ++out.uses[{op->getParentOfType<func::FuncOp>(), locs.front()}];
  });
  return out;
}

LogicalResult xfence::rewriteCudaSyncSites(SourceEdits &edits,
                                           ArrayRef<CudaSyncSite> sites,
                                           ModuleOp module,
                                           const CudaSiteTarget &target,
                                           const ImportedSites &imported) {
  return SiteRewriter(edits, target).run(sites, module, imported);
}

void xfence::clearFullWarpMasks(ModuleOp module) {
  module.walk([&](BarrierOp barrier) {
    Value mask = barrier.getMask();
    if (!mask || barrier.getExecScope() != Scope::subgroup)
      return;
    auto c = mask.getDefiningOp<LLVM::ConstantOp>();
    auto value = c ? dyn_cast<IntegerAttr>(c.getValue()) : IntegerAttr();
    if (value && value.getValue().isAllOnes())
      barrier.getMaskMutable().clear();
  });
}

bool xfence::keepsLegacyAtomic(
    const clang::Stmt *stmt, llvm::ArrayRef<Operation *> ops,
    llvm::function_ref<bool(llvm::StringRef)> shared) {
  auto *call = llvm::dyn_cast<clang::CallExpr>(stmt);
  const clang::FunctionDecl *callee = call ? call->getDirectCallee() : nullptr;
  if (!callee || !callee->getIdentifier() || ops.size() != 1 ||
      !shared(callee->getName()))
    return false;
  llvm::StringRef name = callee->getName();
  Scope scope = name.ends_with("_system")  ? Scope::system
                : name.ends_with("_block") ? Scope::workgroup
                                           : Scope::device;
  if (auto rmw = dyn_cast<AtomicRMWOp>(ops[0]))
    return rmw.getOrder() == MemoryOrder::relaxed && rmw.getScope() == scope;
  if (auto cas = dyn_cast<AtomicCmpXchgOp>(ops[0]))
    return cas.getSuccessOrder() == MemoryOrder::relaxed &&
           cas.getFailureOrder() == MemoryOrder::relaxed &&
           cas.getScope() == scope;
  return false;
}
