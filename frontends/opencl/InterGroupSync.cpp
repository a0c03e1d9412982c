//===- InterGroupSync.cpp - synchronization across work-groups ------------===//
//
// A syntactic analysis of the Clang AST, built to warn rarely and only where
// a work-group waits for, or is elected by, other work-groups:
//
//  * A "source" is a value read from memory that other work-groups write
//    while this one runs: the result of an atomic built-in (1.x atomic_*,
//    atom_*, 2.0 atomic_load, atomic_fetch_*, atomic_exchange,
//    compare-exchange, atomic_flag_test_and_set) whose object is __global (or
//    generic), or a read of a `volatile` __global (or generic) lvalue. Local
//    memory is never a source: a spin on it is within the work-group.
//  * A variable (private or __local) assigned from an expression that reads a
//    source carries it on ("taint", flow-insensitive, to a fixed point over
//    the loop or the function).
//  * A spin-wait is a loop whose condition reads a source, or an endless
//    loop (`for (;;)`, `while (1)`) left by a `break`, `return` or `goto`
//    under an `if` whose condition reads one. A compare-exchange whose
//    expected value is not a constant is an update retried until it
//    succeeds (the float atomic-add idiom), not a wait: a loop whose
//    condition involves one is no spin-wait. A constant expected value (a
//    lock: `atomic_cmpxchg(l, 0, 1)`) is a wait.
//  * A ticket is an atomic read-modify-write of a source location whose
//    result is compared with == or != in the condition of an `if`, `?:` or
//    `switch` whose branches read global memory or fence it (the last
//    work-group to arrive reads what the others wrote; a try-lock). A result
//    compared with < (a slot of a queue) is no ticket.
//
// A kernel with such an idiom (in itself or in the user functions it calls)
// and a global-memory fence of implied work-group scope relies, for that
// fence, on a scope the specification does not give it, unless it orders
// global memory at device scope explicitly somewhere (an OpenCL 2.0
// atomic_work_item_fence or work_group_barrier with memory_scope_device, an
// ordered atomic_load/atomic_fetch_* at device scope): such a kernel was
// written against the 2.0 memory model and says itself where it needs
// device scope.
//
//===----------------------------------------------------------------------===//

#include "frontends/opencl/InterGroupSync.h"

#include "frontends/opencl/OpenCLBuiltins.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>

using namespace xfence;

namespace {

/// Memory that other work-groups can write while this one runs.
bool isSharedAcrossGroups(clang::QualType type) {
  switch (type.getAddressSpace()) {
  case clang::LangAS::opencl_global:
  case clang::LangAS::opencl_global_device:
  case clang::LangAS::opencl_global_host:
  case clang::LangAS::opencl_generic:
    return true;
  default:
    return false;
  }
}

/// Calls `fn` on `s` and, while it returns true, on its children, in order.
/// `sizeof`/`alignof` operands are not evaluated and are skipped.
void walk(const clang::Stmt *s,
          llvm::function_ref<bool(const clang::Stmt *)> fn) {
  if (!s || llvm::isa<clang::UnaryExprOrTypeTraitExpr>(s) || !fn(s))
    return;
  for (const clang::Stmt *child : s->children())
    walk(child, fn);
}

/// A value read from a source (see the file comment), as it reaches an
/// expression.
struct Hit {
  const clang::Expr *source = nullptr;
  /// A read-modify-write or compare-exchange (a ticket can come from it).
  bool rmw = false;
  /// A compare-exchange with a non-constant expected value: an update loop.
  bool retry = false;
  /// A read of a volatile location, not an atomic.
  bool isVolatile = false;
  /// Reached the expression through an == or != comparison.
  bool equality = false;
};

using Taint = llvm::DenseMap<const clang::VarDecl *, Hit>;

class Analyzer {
public:
  explicit Analyzer(ParsedSource &src)
      : sm(src.getSourceManager()), ctx(src.getContext()) {}

  /// What one user function contains.
  struct Facts {
    std::vector<const clang::CallExpr *> fences;
    std::vector<InterGroupIdiom> idioms;
    std::vector<const clang::FunctionDecl *> callees;
    /// Orders global memory at device scope or wider explicitly somewhere.
    bool statesDeviceScope = false;
  };
  Facts analyze(const clang::FunctionDecl *fn);

  /// A global-memory fence of implied work-group scope.
  bool isGlobalFence(const clang::CallExpr *call) const;

  /// An OpenCL 2.0 construct that orders global memory at device scope or
  /// wider by its own arguments: atomic_work_item_fence or
  /// work_group_barrier(F, S) with the global flag, a non-relaxed order and
  /// such a scope, or an ordered atomic_* of the C11 kind on global memory
  /// (without _explicit: seq_cst at device scope).
  bool statesDeviceScope(const clang::CallExpr *call) const;

private:
  std::optional<Hit> sourceAt(const clang::Stmt *s) const;
  void hits(const clang::Stmt *e, const Taint &taint, bool equality,
            llvm::SmallVectorImpl<Hit> &out) const;
  llvm::SmallVector<Hit> hits(const clang::Stmt *e, const Taint &taint) const {
    llvm::SmallVector<Hit> out;
    hits(e, taint, false, out);
    return out;
  }
  Taint taintIn(const clang::Stmt *scope) const;
  std::optional<InterGroupIdiom> spinWait(const clang::Stmt *loop,
                                          const clang::Expr *cond,
                                          const clang::Stmt *body) const;
  bool readsGlobal(const clang::Stmt *region) const;
  std::optional<OpenCLSyncBuiltin> syncOf(const clang::CallExpr *call) const {
    const clang::FunctionDecl *callee = call->getDirectCallee();
    return callee ? classifyOpenCLSync(callee, sm) : std::nullopt;
  }
  bool isConstant(const clang::Expr *e) const {
    return !e->isValueDependent() && e->isEvaluatable(ctx);
  }
  /// The value of argument `i`, if it is a constant.
  std::optional<int64_t> constantArg(const clang::CallExpr *call,
                                     unsigned i) const {
    clang::Expr::EvalResult result;
    const clang::Expr *arg = call->getArg(i);
    if (arg->isValueDependent() || !arg->EvaluateAsInt(result, ctx))
      return std::nullopt;
    return result.Val.getInt().getExtValue();
  }
  /// True if argument `i` (flags) may include CLK_GLOBAL_MEM_FENCE, (order)
  /// may be other than relaxed, (scope) may be device or all_svm_devices.
  /// A missing argument has the default `dflt`; one that is not a constant
  /// may be anything.
  bool mayGlobal(const clang::CallExpr *call, unsigned i) const {
    std::optional<int64_t> v = constantArg(call, i);
    return !v || (*v & kOpenCLGlobalFence);
  }
  bool mayOrder(const clang::CallExpr *call, unsigned i) const {
    if (i >= call->getNumArgs())
      return true; // seq_cst
    std::optional<int64_t> v = constantArg(call, i);
    return !v || *v != 0; // memory_order_relaxed
  }
  bool mayDevice(const clang::CallExpr *call, unsigned i) const {
    if (i >= call->getNumArgs())
      return true; // memory_scope_device
    std::optional<int64_t> v = constantArg(call, i);
    return !v || *v == 2 || *v == 3; // device, all_svm_devices
  }

  clang::SourceManager &sm;
  clang::ASTContext &ctx;
};

bool Analyzer::isGlobalFence(const clang::CallExpr *call) const {
  std::optional<OpenCLSyncBuiltin> b = syncOf(call);
  if (!b || !hasImpliedWorkGroupScope(call, *b) || call->getNumArgs() == 0)
    return false;
  const clang::Expr *flags = call->getArg(0);
  clang::Expr::EvalResult result;
  if (flags->isValueDependent() || !flags->EvaluateAsInt(result, ctx))
    return true; // not a constant: the importer takes all spaces
  return (result.Val.getInt().getExtValue() & kOpenCLGlobalFence) != 0;
}

bool Analyzer::statesDeviceScope(const clang::CallExpr *call) const {
  std::optional<OpenCLSyncBuiltin> b = syncOf(call);
  if (!b)
    return false;
  unsigned n = call->getNumArgs();
  switch (b->kind) {
  case OpenCLSync::WorkItemFence:
    return n >= 3 && mayGlobal(call, 0) && mayOrder(call, 1) &&
           mayDevice(call, 2);
  case OpenCLSync::WorkGroupBarrier:
    return n >= 2 && mayGlobal(call, 0) && mayDevice(call, 1);
  case OpenCLSync::Load:
  case OpenCLSync::Store:
  case OpenCLSync::RMW:
  case OpenCLSync::CmpXchg:
  case OpenCLSync::FlagTestAndSet:
  case OpenCLSync::FlagClear: {
    if (!b->isExplicit)
      return true; // seq_cst, memory_scope_device
    // (obj, [value,] order, [failure order,] [scope])
    unsigned order = b->kind == OpenCLSync::Load ||
                             b->kind == OpenCLSync::FlagTestAndSet ||
                             b->kind == OpenCLSync::FlagClear
                         ? 1
                     : b->kind == OpenCLSync::CmpXchg ? 3
                                                      : 2;
    unsigned scope = order + (b->kind == OpenCLSync::CmpXchg ? 2 : 1);
    return order < n && mayOrder(call, order) && mayDevice(call, scope);
  }
  default:
    return false;
  }
}

std::optional<Hit> Analyzer::sourceAt(const clang::Stmt *s) const {
  if (auto *cast = llvm::dyn_cast<clang::ImplicitCastExpr>(s)) {
    clang::QualType type = cast->getSubExpr()->getType();
    if (cast->getCastKind() != clang::CK_LValueToRValue ||
        !type.isVolatileQualified() || !isSharedAcrossGroups(type))
      return std::nullopt;
    Hit hit;
    hit.source = cast;
    hit.isVolatile = true;
    return hit;
  }
  auto *call = llvm::dyn_cast<clang::CallExpr>(s);
  if (!call || call->getNumArgs() == 0)
    return std::nullopt;
  std::optional<OpenCLSyncBuiltin> b = syncOf(call);
  if (!b)
    return std::nullopt;
  switch (b->kind) {
  case OpenCLSync::LegacyRMW:
  case OpenCLSync::LegacyCmpXchg:
  case OpenCLSync::Load:
  case OpenCLSync::RMW:
  case OpenCLSync::CmpXchg:
  case OpenCLSync::FlagTestAndSet:
    break;
  default:
    return std::nullopt; // fences, barriers, stores: no value
  }
  // The object's address space as the user wrote the pointer (before the
  // conversion to the built-in's parameter type, which may be generic).
  clang::QualType pointee =
      pointerAsWritten(call->getArg(0))->getType()->getPointeeType();
  if (pointee.isNull() || !isSharedAcrossGroups(pointee))
    return std::nullopt;
  Hit hit;
  hit.source = call;
  hit.rmw = b->kind != OpenCLSync::Load;
  // 2.0 compare-exchange takes the expected value by pointer: it is what
  // the object held at the last try, an update loop. 1.x with a constant
  // expected value is a lock.
  hit.retry = b->kind == OpenCLSync::CmpXchg ||
              (b->kind == OpenCLSync::LegacyCmpXchg &&
               (call->getNumArgs() < 2 || !isConstant(call->getArg(1))));
  return hit;
}

void Analyzer::hits(const clang::Stmt *e, const Taint &taint, bool equality,
                    llvm::SmallVectorImpl<Hit> &out) const {
  walk(e, [&](const clang::Stmt *s) {
    if (std::optional<Hit> hit = sourceAt(s)) {
      hit->equality = equality;
      out.push_back(*hit);
    } else if (auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(s)) {
      if (auto *var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl())) {
        auto it = taint.find(var);
        if (it != taint.end()) {
          Hit hit = it->second;
          hit.equality |= equality;
          out.push_back(hit);
        }
      }
    } else if (auto *bin = llvm::dyn_cast<clang::BinaryOperator>(s)) {
      if (bin->isEqualityOp()) {
        hits(bin->getLHS(), taint, true, out);
        hits(bin->getRHS(), taint, true, out);
        return false;
      }
    }
    return true;
  });
}

Taint Analyzer::taintIn(const clang::Stmt *scope) const {
  Taint taint;
  // Each round taints at least one more variable, or stops.
  for (bool changed = true; changed;) {
    changed = false;
    auto assign = [&](const clang::VarDecl *var, const clang::Expr *value) {
      if (!var || !value || taint.count(var))
        return;
      llvm::SmallVector<Hit> found = hits(value, taint);
      if (found.empty())
        return;
      Hit hit = found.front();
      for (const Hit &other : found) {
        hit.rmw |= other.rmw;
        hit.retry |= other.retry;
        hit.equality |= other.equality;
      }
      taint[var] = hit;
      changed = true;
    };
    walk(scope, [&](const clang::Stmt *s) {
      if (auto *bin = llvm::dyn_cast<clang::BinaryOperator>(s)) {
        if (bin->isAssignmentOp())
          if (auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(
                  bin->getLHS()->IgnoreParenImpCasts()))
            assign(llvm::dyn_cast<clang::VarDecl>(ref->getDecl()),
                   bin->getRHS());
      } else if (auto *decl = llvm::dyn_cast<clang::DeclStmt>(s)) {
        for (const clang::Decl *d : decl->decls())
          if (auto *var = llvm::dyn_cast<clang::VarDecl>(d))
            assign(var, var->getInit());
      }
      return true;
    });
  }
  return taint;
}

/// True if `s`, inside the body of a loop, leaves that loop: a `break`
/// outside inner loops and switches, a `return` or a `goto`.
bool leavesLoop(const clang::Stmt *s) {
  if (!s)
    return false;
  if (llvm::isa<clang::ReturnStmt, clang::GotoStmt, clang::IndirectGotoStmt,
                clang::BreakStmt>(s))
    return true;
  if (llvm::isa<clang::ForStmt, clang::WhileStmt, clang::DoStmt,
                clang::SwitchStmt>(s)) {
    // A break in there leaves that statement; a return still leaves ours.
    bool returns = false;
    walk(s, [&](const clang::Stmt *inner) {
      returns |= llvm::isa<clang::ReturnStmt, clang::GotoStmt,
                           clang::IndirectGotoStmt>(inner);
      return !returns;
    });
    return returns;
  }
  return llvm::any_of(s->children(), leavesLoop);
}

std::optional<InterGroupIdiom>
Analyzer::spinWait(const clang::Stmt *loop, const clang::Expr *cond,
                   const clang::Stmt *body) const {
  Taint taint = taintIn(loop);
  auto idiom =
      [&](llvm::ArrayRef<Hit> found) -> std::optional<InterGroupIdiom> {
    if (found.empty() ||
        llvm::any_of(found, [](const Hit &h) { return h.retry; }))
      return std::nullopt;
    bool atomic =
        llvm::any_of(found, [](const Hit &h) { return !h.isVolatile; });
    return InterGroupIdiom{atomic ? InterGroupIdiom::spinOnAtomic
                                  : InterGroupIdiom::spinOnVolatile,
                           loop};
  };
  if (cond) {
    if (std::optional<InterGroupIdiom> found = idiom(hits(cond, taint)))
      return found;
    bool value = false;
    bool endless = !cond->isValueDependent() &&
                   cond->EvaluateAsBooleanCondition(value, ctx) && value;
    if (!endless)
      return std::nullopt;
  }
  // An endless loop: left where an `if` on a source says so.
  std::optional<InterGroupIdiom> result;
  walk(body, [&](const clang::Stmt *s) {
    // A break in an inner loop or switch leaves that one.
    if (result || (s != body && llvm::isa<clang::ForStmt, clang::WhileStmt,
                                          clang::DoStmt, clang::SwitchStmt>(s)))
      return false;
    auto *ifs = llvm::dyn_cast<clang::IfStmt>(s);
    if (!ifs || !(leavesLoop(ifs->getThen()) || leavesLoop(ifs->getElse())))
      return true;
    result = idiom(hits(ifs->getCond(), taint));
    return !result;
  });
  return result;
}

bool Analyzer::readsGlobal(const clang::Stmt *region) const {
  bool found = false;
  walk(region, [&](const clang::Stmt *s) {
    if (found)
      return false;
    if (auto *cast = llvm::dyn_cast<clang::ImplicitCastExpr>(s))
      found = cast->getCastKind() == clang::CK_LValueToRValue &&
              isSharedAcrossGroups(cast->getSubExpr()->getType());
    else if (auto *call = llvm::dyn_cast<clang::CallExpr>(s)) {
      found = sourceAt(call).has_value() || isGlobalFence(call);
      const clang::FunctionDecl *callee = call->getDirectCallee();
      if (!found && callee && callee->getIdentifier() &&
          callee->getName().starts_with("vload") && call->getNumArgs() >= 2) {
        clang::QualType pointee =
            call->getArg(1)->IgnoreImpCasts()->getType()->getPointeeType();
        found = !pointee.isNull() && isSharedAcrossGroups(pointee);
      }
    }
    return !found;
  });
  return found;
}

Analyzer::Facts Analyzer::analyze(const clang::FunctionDecl *fn) {
  Facts facts;
  const clang::Stmt *body = fn->getBody();
  Taint taint = taintIn(body);
  llvm::DenseSet<const clang::Stmt *> tickets;
  // A ticket: a comparison of an atomic's result that decides whether
  // global memory is read.
  auto decides = [&](const clang::Expr *cond,
                     std::initializer_list<const clang::Stmt *> regions) {
    if (!cond)
      return;
    for (const Hit &hit : hits(cond, taint)) {
      if (!hit.rmw || hit.retry || !hit.equality)
        continue;
      if (!llvm::any_of(regions,
                        [&](const clang::Stmt *r) { return readsGlobal(r); }))
        return;
      if (tickets.insert(hit.source).second)
        facts.idioms.push_back({InterGroupIdiom::ticket, hit.source});
      return;
    }
  };
  walk(body, [&](const clang::Stmt *s) {
    if (auto *call = llvm::dyn_cast<clang::CallExpr>(s)) {
      if (isGlobalFence(call))
        facts.fences.push_back(call);
      facts.statesDeviceScope |= statesDeviceScope(call);
      const clang::FunctionDecl *callee = call->getDirectCallee();
      if (callee && !isOpenCLBuiltin(callee, sm))
        if (const clang::FunctionDecl *def = callee->getDefinition())
          if (def->hasBody())
            facts.callees.push_back(def);
    } else if (auto *w = llvm::dyn_cast<clang::WhileStmt>(s)) {
      if (auto idiom = spinWait(w, w->getCond(), w->getBody()))
        facts.idioms.push_back(*idiom);
    } else if (auto *d = llvm::dyn_cast<clang::DoStmt>(s)) {
      if (auto idiom = spinWait(d, d->getCond(), d->getBody()))
        facts.idioms.push_back(*idiom);
    } else if (auto *f = llvm::dyn_cast<clang::ForStmt>(s)) {
      if (auto idiom = spinWait(f, f->getCond(), f->getBody()))
        facts.idioms.push_back(*idiom);
    } else if (auto *ifs = llvm::dyn_cast<clang::IfStmt>(s)) {
      decides(ifs->getCond(), {ifs->getThen(), ifs->getElse()});
    } else if (auto *c = llvm::dyn_cast<clang::ConditionalOperator>(s)) {
      decides(c->getCond(), {c->getTrueExpr(), c->getFalseExpr()});
    } else if (auto *sw = llvm::dyn_cast<clang::SwitchStmt>(s)) {
      decides(sw->getCond(), {sw->getBody()});
    }
    return true;
  });
  return facts;
}

/// The position where clang shows a diagnostic at `loc`.
clang::PresumedLoc shownAt(clang::SourceManager &sm,
                           clang::SourceLocation loc) {
  return sm.getPresumedLoc(sm.getExpansionLoc(loc));
}

std::string lineCol(clang::SourceManager &sm, clang::SourceLocation loc,
                    clang::SourceLocation relativeTo) {
  clang::PresumedLoc at = shownAt(sm, loc);
  if (at.isInvalid())
    return "<unknown>";
  std::string text;
  clang::PresumedLoc base = shownAt(sm, relativeTo);
  if (base.isInvalid() ||
      llvm::StringRef(base.getFilename()) != at.getFilename())
    text = std::string(at.getFilename()) + ":";
  return text + std::to_string(at.getLine()) + ":" +
         std::to_string(at.getColumn());
}

} // namespace

std::vector<GlobalFenceAssumption>
xfence::findGlobalFenceAssumptions(ParsedSource &src) {
  Analyzer analyzer(src);
  clang::SourceManager &sm = src.getSourceManager();
  llvm::DenseMap<const clang::FunctionDecl *, Analyzer::Facts> facts;
  std::vector<const clang::FunctionDecl *> functions, kernels;
  for (clang::Decl *decl : src.getContext().getTranslationUnitDecl()->decls()) {
    auto *fn = llvm::dyn_cast<clang::FunctionDecl>(decl);
    if (!fn || !fn->doesThisDeclarationHaveABody() ||
        !src.isUserLocation(fn->getLocation()))
      continue;
    facts[fn] = analyzer.analyze(fn);
    functions.push_back(fn);
    if (fn->hasAttr<clang::DeviceKernelAttr>())
      kernels.push_back(fn);
  }

  auto before = [&](const clang::Stmt *a, const clang::Stmt *b) {
    return sm.isBeforeInTranslationUnit(sm.getExpansionLoc(a->getBeginLoc()),
                                        sm.getExpansionLoc(b->getBeginLoc()));
  };
  std::vector<GlobalFenceAssumption> found;
  llvm::DenseSet<const clang::CallExpr *> seen;
  // Each kernel with the user functions it calls; without kernels, each
  // function alone.
  for (const clang::FunctionDecl *root :
       kernels.empty() ? functions : kernels) {
    llvm::SmallVector<const clang::FunctionDecl *> reach{root};
    llvm::DenseSet<const clang::FunctionDecl *> visited{root};
    for (size_t i = 0; i < reach.size(); ++i) {
      auto it = facts.find(reach[i]);
      if (it == facts.end())
        continue;
      for (const clang::FunctionDecl *callee : it->second.callees)
        if (visited.insert(callee).second)
          reach.push_back(callee);
    }
    std::vector<std::pair<const clang::FunctionDecl *, InterGroupIdiom>> idioms;
    std::vector<std::pair<const clang::FunctionDecl *, const clang::CallExpr *>>
        fences;
    // A kernel that orders global memory at device scope itself was written
    // against the 2.0 memory model: it says where it needs device scope.
    if (llvm::any_of(reach, [&](const clang::FunctionDecl *fn) {
          auto it = facts.find(fn);
          return it != facts.end() && it->second.statesDeviceScope;
        }))
      continue;
    for (const clang::FunctionDecl *fn : reach) {
      auto it = facts.find(fn);
      if (it == facts.end())
        continue;
      for (const InterGroupIdiom &idiom : it->second.idioms)
        idioms.push_back({fn, idiom});
      for (const clang::CallExpr *fence : it->second.fences)
        fences.push_back({fn, fence});
    }
    if (idioms.empty())
      continue;
    for (auto [fn, fence] : fences) {
      if (!seen.insert(fence).second)
        continue;
      // Nearest: the same function if it has one; the first after the
      // fence, else the last before.
      bool local = llvm::any_of(idioms, [&, fn = fn](const auto &entry) {
        return entry.first == fn;
      });
      const InterGroupIdiom *after = nullptr, *last = nullptr;
      for (const auto &[owner, idiom] : idioms) {
        if (local && owner != fn)
          continue;
        if (before(fence, idiom.at)) {
          if (!after || before(idiom.at, after->at))
            after = &idiom;
        } else if (!last || before(last->at, idiom.at)) {
          last = &idiom;
        }
      }
      found.push_back({fence, after ? *after : *last});
    }
  }
  std::sort(
      found.begin(), found.end(),
      [&](const GlobalFenceAssumption &a, const GlobalFenceAssumption &b) {
        return before(a.fence, b.fence);
      });
  return found;
}

std::string xfence::describeIdiom(ParsedSource &src,
                                  const InterGroupIdiom &idiom,
                                  clang::SourceLocation relativeTo) {
  return std::string(idiom.kind == InterGroupIdiom::ticket ? "ticket counter"
                                                           : "spin-wait") +
         " at " +
         lineCol(src.getSourceManager(), idiom.at->getBeginLoc(), relativeTo);
}

void xfence::warnGlobalFenceAssumptions(
    ParsedSource &src, llvm::ArrayRef<GlobalFenceAssumption> found) {
  clang::SourceManager &sm = src.getSourceManager();
  for (const GlobalFenceAssumption &a : found) {
    clang::SourceLocation at = a.fence->getBeginLoc();
    const clang::FunctionDecl *callee = a.fence->getDirectCallee();
    src.report(at, clang::DiagnosticsEngine::Warning,
               "the CLK_GLOBAL_MEM_FENCE of " + callee->getName().str() +
                   " at " + lineCol(sm, at, at) +
                   " is work-group scoped by the OpenCL specification, but "
                   "the " +
                   describeIdiom(src, a.idiom, at) +
                   " synchronizes across work-groups; pass "
                   "--opencl-global-fence=device if the original platform "
                   "made global fences device-wide");
    const char *what =
        a.idiom.kind == InterGroupIdiom::ticket
            ? "ticket counter: an atomic on global memory decides which "
              "work-group reads what the others wrote"
        : a.idiom.kind == InterGroupIdiom::spinOnAtomic
            ? "spin-wait on a global atomic: the work-group waits for others"
            : "spin-wait on a volatile global location: the work-group "
              "waits for others";
    src.report(a.idiom.at->getBeginLoc(), clang::DiagnosticsEngine::Note, what);
  }
}
