//===- OpenCLToAlpaka.cpp - translate an OpenCL C file to alpaka ----------===//
//
// The shape of a translated kernel (docs/opencl-to-alpaka.md):
//
//   struct k {
//     std::uint32_t dynSharedMemBytes = 0;
//     ALPAKA_FN_ACC void operator()(auto const &xfence_acc,
//                                   xfence_alpaka::NDRange const &xfence_nd,
//                                   <the kernel's parameters>) const {
//       <setup: this block's work-group, this thread's first work-item,
//        the __local arguments and the work-items' variables>
//       for (each work-item e of this thread) { <statements up to a barrier> }
//       alpaka::onAcc::syncBlockThreads(xfence_acc);
//       for (each work-item e of this thread) { <statements after it> }
//     }
//   };
//
// The statements that hold a barrier (a loop, an if, a block around one)
// stay outside the work-item loops: OpenCL requires every work-item of the
// group to reach the same barriers, so their conditions have the same value
// in every work-item, and they are evaluated with this thread's first
// work-item. A variable used in more than one loop (or in such a
// condition) is a pointer to one element per work-item.
//
//===----------------------------------------------------------------------===//

#include "rewriters/routes/OpenCLToAlpaka.h"
#include "backends/alpaka/AlpakaEmitter.h"
#include "rewriters/common/SourceEdits.h"
#include "rewriters/sources/opencl/OpenCLSiteRewriter.h"
#include "rewriters/targets/alpaka/AlpakaTargetSyntax.h"

#include "frontends/opencl/OpenCLBuiltins.h"
#include "frontends/opencl/OpenCLImporter.h"
#include "passes/Passes.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

#include <cctype>
#include <cstring>
#include <functional>
#include <map>
#include <set>

using namespace xfence;
using namespace mlir;

namespace {

constexpr const char *kAcc = "xfence_acc";

bool isWorkItemFunctionName(llvm::StringRef name) {
  return llvm::is_contained({"get_work_dim", "get_local_id", "get_group_id",
                             "get_local_size", "get_enqueued_local_size",
                             "get_num_groups", "get_global_id",
                             "get_global_size", "get_global_offset",
                             "get_local_linear_id", "get_global_linear_id"},
                            name);
}

/// The child statements of `s` (null children left out).
llvm::SmallVector<const clang::Stmt *> childrenOf(const clang::Stmt *s) {
  llvm::SmallVector<const clang::Stmt *> out;
  for (const clang::Stmt *c : s->children())
    if (c)
      out.push_back(c);
  return out;
}

class AlpakaRewriter {
public:
  AlpakaRewriter(SourceEdits &edits, OpenCLLibrary &lib, AlpakaInput input)
      : edits(edits), lib(lib), input(input), src(edits.getSource()),
        sm(src.getSourceManager()), lo(src.getLangOpts()),
        ctx(src.getContext()) {}

  LogicalResult run();
  std::string launchers;

private:
  //===------------------------------------------------------------------===//
  // Functions that need the accelerator and the work-item
  //===------------------------------------------------------------------===//

  void error(clang::SourceLocation loc, const std::string &message) {
    src.report(loc, clang::DiagnosticsEngine::Error, message);
    failed = true;
  }

  /// The user's function definitions, and which of them use a work-item
  /// function or a synchronization built-in, directly or through a call.
  void findContextFunctions();
  void addContextParameters(const clang::FunctionDecl *fn);
  void addContextArguments(const clang::CallExpr *call);

  /// The text of a token's range `loc`, or an error.
  std::optional<FileCharRange> tokenRange(clang::SourceLocation loc,
                                          clang::SourceLocation origin) {
    auto range = findRewriteRange(sm, lo, clang::SourceRange(loc));
    if (!range)
      error(origin.isValid() ? origin : loc,
            "cannot rewrite this for alpaka: its text comes from a macro "
            "whose uses need different text");
    return range;
  }

  /// After the token at `range` in its file, the `(` that follows, if it is
  /// the next token.
  std::optional<FileCharRange> nextLParen(const FileCharRange &range) {
    llvm::StringRef buffer = sm.getBufferData(range.file);
    clang::Lexer lexer(sm.getLocForStartOfFile(range.file), lo, buffer.begin(),
                       buffer.begin() + range.end, buffer.end());
    clang::Token token;
    lexer.LexFromRawLexer(token);
    if (!token.is(clang::tok::l_paren))
      return std::nullopt;
    unsigned at = sm.getFileOffset(token.getLocation());
    return FileCharRange{range.file, at, at + 1};
  }

  //===------------------------------------------------------------------===//
  // Kernels
  //===------------------------------------------------------------------===//

  /// A kernel being rewritten.
  struct Kernel {
    const clang::FunctionDecl *fn;
    /// The regions: runs of statements between barriers, in source order.
    struct Region {
      std::vector<const clang::Stmt *> stmts;
      const clang::Stmt *next; // what follows (null: the block's end)
      const clang::CompoundStmt *block;
      bool hasReturn = false;
      bool inLoop = false;
    };
    std::vector<Region> regions;
    /// Where each local variable is declared and used: a region number,
    /// kHeader for the conditions and steps of a statement that holds a
    /// barrier, kHeaderVar for a variable declared in such a statement.
    llvm::DenseMap<const clang::VarDecl *, int> declaredIn;
    llvm::DenseMap<const clang::VarDecl *, std::set<int>> usedIn;
    std::vector<const clang::DeclRefExpr *> refs;
    std::vector<const clang::DeclStmt *> declStmts;
    std::vector<const clang::ReturnStmt *> returns;
    /// Kernel parameters that the kernel assigns.
    llvm::SetVector<const clang::ParmVarDecl *> writtenParams;
    bool hasBarrier = false;
  };
  static constexpr int kHeader = -1, kHeaderVar = -2;

  void rewriteKernel(const clang::FunctionDecl *fn);
  bool isBarrierStmt(const clang::Stmt *s);
  bool containsBarrier(const clang::Stmt *s);
  void structure(Kernel &k, const clang::CompoundStmt *block, bool inLoop);
  void structureNested(Kernel &k, const clang::Stmt *s, bool inLoop);
  void mark(Kernel &k, const clang::Stmt *s, int where, unsigned loopDepth);
  bool isLocalDecl(const clang::Stmt *s);
  std::optional<std::string> typeText(clang::QualType type);
  std::string sharedVarDecls(const clang::DeclStmt *decl);
  void rewritePrivateDecl(const clang::DeclStmt *decl,
                          const std::set<const clang::VarDecl *> &perItem);

  SourceEdits &edits;
  OpenCLLibrary &lib;
  AlpakaInput input;
  ParsedSource &src;
  clang::SourceManager &sm;
  const clang::LangOptions &lo;
  clang::ASTContext &ctx;
  bool failed = false;
  std::vector<const clang::FunctionDecl *> functions;
  std::set<const clang::FunctionDecl *> needsContext;
  unsigned sharedIds = 0;
};

//===----------------------------------------------------------------------===//
// Functions that need the accelerator and the work-item
//===----------------------------------------------------------------------===//

/// Calls in a function body.
struct CallCollector : clang::DynamicRecursiveASTVisitor {
  std::vector<const clang::CallExpr *> calls;
  bool VisitCallExpr(clang::CallExpr *call) override {
    calls.push_back(call);
    return true;
  }
};

void AlpakaRewriter::findContextFunctions() {
  for (const clang::Decl *d : ctx.getTranslationUnitDecl()->decls()) {
    const auto *fn = llvm::dyn_cast<clang::FunctionDecl>(d);
    if (fn && fn->doesThisDeclarationHaveABody() &&
        src.isUserLocation(fn->getLocation()))
      functions.push_back(fn);
  }
  std::map<const clang::FunctionDecl *,
           std::vector<const clang::FunctionDecl *>>
      callers;
  std::vector<const clang::FunctionDecl *> work;
  for (const clang::FunctionDecl *fn : functions) {
    bool kernel = fn->hasAttr<clang::DeviceKernelAttr>();
    CallCollector calls;
    calls.TraverseStmt(fn->getBody());
    for (const clang::CallExpr *call : calls.calls) {
      const clang::FunctionDecl *callee = call->getDirectCallee();
      if (!callee || !callee->getIdentifier())
        continue;
      if (isOpenCLBuiltin(callee, sm)) {
        std::optional<OpenCLSyncBuiltin> sync = classifyOpenCLSync(callee, sm);
        if (sync && !kernel &&
            (sync->kind == OpenCLSync::WorkGroupBarrier ||
             sync->kind == OpenCLSync::SubGroupBarrier))
          error(call->getBeginLoc(),
                "a barrier in a function that is not a kernel has no alpaka "
                "translation in xfence (the work-items of a work-group are a "
                "loop between the barriers of the kernel's body)");
        if (sync || isWorkItemFunctionName(callee->getName()))
          if (!kernel && needsContext.insert(fn).second)
            work.push_back(fn);
        continue;
      }
      const clang::FunctionDecl *def = callee->getDefinition();
      if (def && src.isUserLocation(def->getLocation()))
        callers[def].push_back(fn);
    }
  }
  while (!work.empty()) {
    const clang::FunctionDecl *fn = work.back();
    work.pop_back();
    for (const clang::FunctionDecl *caller : callers[fn])
      if (!caller->hasAttr<clang::DeviceKernelAttr>() &&
          needsContext.insert(caller).second)
        work.push_back(caller);
  }
}

/// `(auto const &xfence_acc, const xfence_alpaka::WorkItem &xfence_wi, ...`
void AlpakaRewriter::addContextParameters(const clang::FunctionDecl *fn) {
  for (const clang::FunctionDecl *decl : fn->redecls()) {
    if (!src.isUserLocation(decl->getLocation()))
      continue;
    clang::FunctionTypeLoc loc = decl->getFunctionTypeLoc();
    if (!loc) {
      error(decl->getLocation(), "cannot rewrite the parameters of this "
                                 "function for alpaka");
      continue;
    }
    auto lparen = tokenRange(loc.getLParenLoc(), decl->getLocation());
    auto rparen = tokenRange(loc.getRParenLoc(), decl->getLocation());
    if (!lparen || !rparen)
      continue;
    std::string text = std::string("auto const &") + kAcc +
                       ", const xfence_alpaka::WorkItem &xfence_wi";
    if (decl->getNumParams() == 0)
      // `f()` or `f(void)`.
      edits.replace({lparen->file, lparen->end, rparen->begin}, text,
                    decl->getLocation());
    else
      edits.insertAfter(*lparen, text + ", ", decl->getLocation());
  }
}

void AlpakaRewriter::addContextArguments(const clang::CallExpr *call) {
  const clang::Expr *callee = call->getCallee()->IgnoreParenImpCasts();
  auto name = findRewriteRange(sm, lo, callee->getSourceRange());
  std::optional<FileCharRange> lparen = name ? nextLParen(*name) : std::nullopt;
  if (!lparen) {
    error(call->getBeginLoc(),
          "cannot pass the accelerator to this call for alpaka: its name "
          "and its '(' are not written together");
    return;
  }
  edits.insertAfter(*lparen,
                    std::string(kAcc) + ", xfence_wi" +
                        (call->getNumArgs() ? ", " : ""),
                    call->getBeginLoc());
}

//===----------------------------------------------------------------------===//
// Kernel bodies
//===----------------------------------------------------------------------===//

bool AlpakaRewriter::isBarrierStmt(const clang::Stmt *s) {
  const auto *e = llvm::dyn_cast<clang::Expr>(s);
  const auto *call =
      e ? llvm::dyn_cast<clang::CallExpr>(e->IgnoreParenImpCasts()) : nullptr;
  const clang::FunctionDecl *callee = call ? call->getDirectCallee() : nullptr;
  if (!callee || !isOpenCLBuiltin(callee, sm))
    return false;
  std::optional<OpenCLSyncBuiltin> sync = classifyOpenCLSync(callee, sm);
  return sync && sync->kind == OpenCLSync::WorkGroupBarrier;
}

bool AlpakaRewriter::containsBarrier(const clang::Stmt *s) {
  if (isBarrierStmt(s))
    return true;
  if (const auto *call = llvm::dyn_cast<clang::CallExpr>(s))
    if (const clang::FunctionDecl *callee = call->getDirectCallee())
      if (isOpenCLBuiltin(callee, sm))
        if (auto sync = classifyOpenCLSync(callee, sm))
          if (sync->kind == OpenCLSync::WorkGroupBarrier ||
              sync->kind == OpenCLSync::SubGroupBarrier)
            return true;
  for (const clang::Stmt *c : childrenOf(s))
    if (containsBarrier(c))
      return true;
  return false;
}

bool AlpakaRewriter::isLocalDecl(const clang::Stmt *s) {
  const auto *decl = llvm::dyn_cast<clang::DeclStmt>(s);
  if (!decl)
    return false;
  for (const clang::Decl *d : decl->decls()) {
    const auto *var = llvm::dyn_cast<clang::VarDecl>(d);
    if (var && var->getType().getAddressSpace() == clang::LangAS::opencl_local)
      return true;
  }
  return false;
}

/// Splits `block` (at the kernel's level: outside every work-item loop)
/// into regions and statements that hold a barrier.
void AlpakaRewriter::structure(Kernel &k, const clang::CompoundStmt *block,
                               bool inLoop) {
  std::optional<Kernel::Region> run;
  auto close = [&](const clang::Stmt *next) {
    if (!run)
      return;
    run->next = next;
    k.regions.push_back(std::move(*run));
    int id = k.regions.size() - 1;
    for (const clang::Stmt *s : k.regions.back().stmts)
      mark(k, s, id, 0);
    run.reset();
  };
  for (const clang::Stmt *s : block->body()) {
    if (isBarrierStmt(s)) {
      k.hasBarrier = true;
      close(s);
      mark(k, s, kHeader, 0);
      continue;
    }
    if (isLocalDecl(s)) {
      close(s);
      continue;
    }
    if (containsBarrier(s)) {
      close(s);
      structureNested(k, s, inLoop);
      continue;
    }
    if (!run) {
      run.emplace();
      run->block = block;
      run->inLoop = inLoop;
    }
    run->stmts.push_back(s);
  }
  close(nullptr);
}

/// A statement that holds a barrier: its conditions stay at the kernel's
/// level, its bodies are split again.
void AlpakaRewriter::structureNested(Kernel &k, const clang::Stmt *s,
                                     bool inLoop) {
  k.hasBarrier = true;
  auto body = [&](const clang::Stmt *b, bool loop) {
    if (!b)
      return;
    if (const auto *block = llvm::dyn_cast<clang::CompoundStmt>(b))
      structure(k, block, inLoop || loop);
    else if (isBarrierStmt(b))
      mark(k, b, kHeader, 0);
    else if (containsBarrier(b))
      error(b->getBeginLoc(), "a barrier in a statement that is not in "
                              "braces has no alpaka translation in xfence "
                              "(put the statement in braces)");
    else
      error(b->getBeginLoc(),
            "cannot translate this statement to alpaka: it is the only "
            "statement of a branch beside one that holds a barrier (put it "
            "in braces)");
  };
  auto header = [&](const clang::Stmt *h) {
    if (h)
      mark(k, h, kHeader, 0);
  };
  if (const auto *block = llvm::dyn_cast<clang::CompoundStmt>(s)) {
    structure(k, block, inLoop);
  } else if (const auto *f = llvm::dyn_cast<clang::ForStmt>(s)) {
    if (const auto *init =
            llvm::dyn_cast_or_null<clang::DeclStmt>(f->getInit())) {
      for (const clang::Decl *d : init->decls())
        if (const auto *var = llvm::dyn_cast<clang::VarDecl>(d)) {
          k.declaredIn[var] = kHeaderVar;
          if (var->getInit())
            header(var->getInit());
        }
    } else {
      header(f->getInit());
    }
    header(f->getCond());
    header(f->getInc());
    body(f->getBody(), true);
  } else if (const auto *w = llvm::dyn_cast<clang::WhileStmt>(s)) {
    if (w->getConditionVariable())
      error(w->getBeginLoc(), "a declaration in the condition of a loop "
                              "that holds a barrier has no alpaka "
                              "translation in xfence");
    header(w->getCond());
    body(w->getBody(), true);
  } else if (const auto *i = llvm::dyn_cast<clang::IfStmt>(s)) {
    if (i->getConditionVariable() || i->getInit())
      error(i->getBeginLoc(), "a declaration in the condition of an if "
                              "that holds a barrier has no alpaka "
                              "translation in xfence");
    header(i->getCond());
    body(i->getThen(), false);
    body(i->getElse(), false);
  } else {
    error(s->getBeginLoc(),
          "a barrier inside this statement has no alpaka translation in "
          "xfence (barriers are translated at the kernel's level, in braces, "
          "for, while and if statements)");
  }
}

/// Records where the variables of `s` are declared and used (`where`: a
/// region or kHeader), and what work-item code must not do there.
void AlpakaRewriter::mark(Kernel &k, const clang::Stmt *s, int where,
                          unsigned loopDepth) {
  if (!s)
    return;
  if (const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(s)) {
    if (const auto *var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl())) {
      if (var->isLocalVarDecl() || llvm::isa<clang::ParmVarDecl>(var)) {
        k.usedIn[var].insert(where);
        k.refs.push_back(ref);
      }
    }
  } else if (const auto *decl = llvm::dyn_cast<clang::DeclStmt>(s)) {
    if (where >= 0)
      k.declStmts.push_back(decl);
    for (const clang::Decl *d : decl->decls())
      if (const auto *var = llvm::dyn_cast<clang::VarDecl>(d)) {
        if (!k.declaredIn.count(var))
          k.declaredIn[var] = where;
        mark(k, var->getInit(), where, loopDepth);
      }
    return;
  } else if (const auto *ret = llvm::dyn_cast<clang::ReturnStmt>(s)) {
    if (where >= 0) {
      k.regions[where].hasReturn = true;
      k.returns.push_back(ret);
    }
  } else if (llvm::isa<clang::BreakStmt, clang::ContinueStmt>(s)) {
    if (loopDepth == 0 && where >= 0)
      error(s->getBeginLoc(),
            "a break or continue of a loop that holds a barrier has no "
            "alpaka translation in xfence");
  } else if (llvm::isa<clang::GotoStmt, clang::IndirectGotoStmt,
                       clang::LabelStmt>(s)) {
    if (k.hasBarrier || containsBarrier(k.fn->getBody()))
      error(s->getBeginLoc(), "goto and labels in a kernel with barriers "
                              "have no alpaka translation in xfence");
  }
  // Assignments: a work-item may not change a variable of the kernel's
  // level (a loop's counter), nor the kernel's level a work-item's.
  auto assigned = [&](const clang::Expr *target) {
    const auto *ref =
        llvm::dyn_cast<clang::DeclRefExpr>(target->IgnoreParenImpCasts());
    const auto *var =
        ref ? llvm::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr;
    if (!var)
      return;
    if (const auto *param = llvm::dyn_cast<clang::ParmVarDecl>(var)) {
      if (where == kHeader)
        error(target->getBeginLoc(),
              "the condition or step of a statement that holds a barrier "
              "changes the kernel argument '" +
                  var->getName().str() +
                  "', which is a work-item's own; no alpaka translation in "
                  "xfence");
      k.writtenParams.insert(param);
      return;
    }
    auto it = k.declaredIn.find(var);
    int declared = it == k.declaredIn.end() ? where : it->second;
    if (where >= 0 && declared == kHeaderVar)
      error(target->getBeginLoc(),
            "a work-item changes '" + var->getName().str() +
                "', a variable of a loop that holds a barrier: its "
                "value must be the same in every work-item; no alpaka "
                "translation in xfence");
    else if (where == kHeader && declared != kHeaderVar)
      error(target->getBeginLoc(),
            "the condition or step of a statement that holds a barrier "
            "changes '" +
                var->getName().str() +
                "', a work-item's variable; no alpaka translation in xfence");
  };
  if (const auto *bin = llvm::dyn_cast<clang::BinaryOperator>(s)) {
    if (bin->isAssignmentOp())
      assigned(bin->getLHS());
  } else if (const auto *un = llvm::dyn_cast<clang::UnaryOperator>(s)) {
    if (un->isIncrementDecrementOp())
      assigned(un->getSubExpr());
  }
  bool loop = llvm::isa<clang::ForStmt, clang::WhileStmt, clang::DoStmt,
                        clang::SwitchStmt>(s);
  for (const clang::Stmt *c : childrenOf(s))
    mark(k, c, where, loopDepth + (loop ? 1 : 0));
}

std::optional<std::string> AlpakaRewriter::typeText(clang::QualType type) {
  type = ctx.removeAddrSpaceQualType(type.getUnqualifiedType());
  if (const auto *array = ctx.getAsConstantArrayType(type)) {
    std::optional<std::string> element = typeText(array->getElementType());
    if (!element)
      return std::nullopt;
    std::string dim =
        "[" + std::to_string(array->getSize().getZExtValue()) + "]";
    size_t bracket = element->find('[');
    if (bracket == std::string::npos)
      return *element + dim;
    return element->substr(0, bracket) + dim + element->substr(bracket);
  }
  if (type->isArrayType())
    return std::nullopt;
  if (std::optional<std::string> name = lib.typeName(type))
    return name;
  if (type->isPointerType() || type->isFunctionType())
    return std::nullopt;
  for (const clang::Type *t = type.getTypePtr(); t;) {
    // A type declared inside a function has no name in the launch helper.
    if (const clang::TagDecl *tag = t->getAsTagDecl())
      if (tag->getDeclContext()->isFunctionOrMethod())
        return std::nullopt;
    if (const auto *td = t->getAs<clang::TypedefType>()) {
      if (td->getDecl()->getDeclContext()->isFunctionOrMethod())
        return std::nullopt;
      t = td->getDecl()->getUnderlyingType().getTypePtrOrNull();
      if (t == td)
        break;
      continue;
    }
    break;
  }
  return type.getAsString(ctx.getPrintingPolicy());
}

/// `__local T a[N], b;` -> alpaka's block shared variables.
std::string AlpakaRewriter::sharedVarDecls(const clang::DeclStmt *decl) {
  std::string text;
  for (const clang::Decl *d : decl->decls()) {
    const auto *var = llvm::dyn_cast<clang::VarDecl>(d);
    if (!var)
      continue;
    std::optional<std::string> type = typeText(var->getType());
    if (!type) {
      error(var->getLocation(), "this __local variable's type has no alpaka "
                                "translation in xfence");
      continue;
    }
    if (var->getInit())
      error(var->getInit()->getBeginLoc(),
            "a __local variable cannot be initialized");
    bool isConst = var->getType().isConstQualified();
    text += (text.empty() ? "" : " ") + std::string("auto &") +
            var->getName().str() + " = alpaka::onAcc::declareSharedVar<" +
            (isConst ? "const " : "") + *type + ", " +
            std::to_string(++sharedIds) + ">(" + kAcc + ");";
  }
  return text;
}

/// `T a = x, b;` of work-item variables that live across a barrier:
/// `a[xfence_e] = x;` (their declarations are at the kernel's top).
void AlpakaRewriter::rewritePrivateDecl(
    const clang::DeclStmt *decl,
    const std::set<const clang::VarDecl *> &perItem) {
  bool any = false;
  for (const clang::Decl *d : decl->decls())
    if (const auto *var = llvm::dyn_cast<clang::VarDecl>(d))
      any |= perItem.count(var) > 0;
  if (!any)
    return;
  std::optional<FileCharRange> previous;
  bool first = true;
  for (const clang::Decl *d : decl->decls()) {
    const auto *var = llvm::dyn_cast<clang::VarDecl>(d);
    if (!var || !perItem.count(var)) {
      error(d->getLocation(), "cannot translate this declaration to alpaka: "
                              "it declares a variable that lives across a "
                              "barrier beside one that does not");
      return;
    }
    std::optional<FileCharRange> whole =
        findRewriteRange(sm, lo, var->getSourceRange());
    std::optional<FileCharRange> head = findRewriteRange(
        sm, lo,
        clang::SourceRange(first ? decl->getBeginLoc() : var->getLocation(),
                           var->getLocation()));
    if (!whole || !head || (!first && !previous)) {
      error(var->getLocation(), "cannot translate this declaration to "
                                "alpaka: it is written by a macro");
      return;
    }
    if (!first)
      head->begin = previous->end;
    const clang::Expr *init = var->getInit();
    if (init && var->getType()->isArrayType()) {
      error(var->getLocation(),
            "an initialized array that lives across a barrier has no alpaka "
            "translation in xfence");
      return;
    }
    std::string name = var->getName().str() + "[xfence_e]";
    // Without an initializer the whole declarator goes (`a[256]` too).
    if (!init)
      head->end = whole->end;
    edits.replace(*head,
                  first ? (init ? name : std::string())
                        : (init ? "; " + name : std::string("; ")),
                  var->getLocation());
    previous = whole;
    first = false;
  }
}

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

void AlpakaRewriter::rewriteKernel(const clang::FunctionDecl *fn) {
  Kernel k;
  k.fn = fn;
  const auto *body = llvm::cast<clang::CompoundStmt>(fn->getBody());
  structure(k, body, /*inLoop=*/false);
  if (failed)
    return;

  // The variables that live across a barrier: used outside the region of
  // their declaration. Kernel parameters that the kernel changes too (a
  // work-item's own copy).
  std::set<const clang::VarDecl *> perItem;
  std::vector<const clang::VarDecl *> order;
  for (auto &[var, where] : k.declaredIn) {
    if (where < 0)
      continue;
    for (int use : k.usedIn[var])
      if (use != where) {
        perItem.insert(var);
        break;
      }
  }
  for (const clang::DeclStmt *decl : k.declStmts)
    for (const clang::Decl *d : decl->decls())
      if (const auto *var = llvm::dyn_cast<clang::VarDecl>(d))
        if (perItem.count(var))
          order.push_back(var);
  for (const clang::ParmVarDecl *param : k.writtenParams)
    order.push_back(param);

  unsigned lastRegion = k.regions.size();
  bool needEnded = false;
  for (unsigned r = 0; r < k.regions.size(); ++r)
    if (k.regions[r].hasReturn && (r + 1 != lastRegion || k.regions[r].inLoop))
      needEnded = true;

  // The header: `struct k { ...; ALPAKA_FN_ACC void operator()(...) const`.
  auto start = findRewriteRange(sm, lo, clang::SourceRange(fn->getBeginLoc()));
  auto *kernelAttr = fn->getAttr<clang::DeviceKernelAttr>();
  auto keyword = findRewriteRange(sm, lo, kernelAttr->getRange());
  auto name = findRewriteRange(sm, lo, clang::SourceRange(fn->getLocation()));
  clang::FunctionTypeLoc loc = fn->getFunctionTypeLoc();
  auto lparen =
      loc ? findRewriteRange(sm, lo, clang::SourceRange(loc.getLParenLoc()))
          : std::nullopt;
  auto rparen =
      loc ? findRewriteRange(sm, lo, clang::SourceRange(loc.getRParenLoc()))
          : std::nullopt;
  auto rbrace =
      findRewriteRange(sm, lo, clang::SourceRange(body->getRBracLoc()));
  auto lbrace =
      findRewriteRange(sm, lo, clang::SourceRange(body->getLBracLoc()));
  if (!start || !keyword || !name || !lparen || !rparen || !rbrace || !lbrace ||
      start->file != rbrace->file) {
    error(fn->getLocation(), "cannot translate this kernel to alpaka: its "
                             "header or braces are written by a macro");
    return;
  }
  std::string kernel = fn->getName().str();
  edits.insertBefore(*start,
                     "struct " + kernel +
                         " {\n  std::uint32_t dynSharedMemBytes = 0;\n  ");
  edits.replace(*keyword, "ALPAKA_FN_ACC");
  edits.replace(*name, "operator()");
  std::string params = std::string("auto const &") + kAcc +
                       ", const xfence_alpaka::NDRange &xfence_nd";
  if (fn->getNumParams() == 0)
    edits.replace({lparen->file, lparen->end, rparen->begin}, params);
  else
    edits.insertAfter(*lparen, params + ", ");
  edits.insertAfter(*rparen, " const");
  edits.insertAfter(*rbrace, "\n};");

  // Parameters: __local pointers become offsets in the dynamic shared
  // memory. The launch helper's parameters and arguments.
  std::string setup, helperParams, bundleArgs, localSetup, privateTypes;
  bool cuda = input == AlpakaInput::Cuda;
  auto helperName = [&](llvm::StringRef n) {
    bool taken = n == (cuda ? "grid" : "global_size") ||
                 n == (cuda ? "block" : "local_size") || n == "queue" ||
                 n == "executor";
    return n.str() + (taken ? "_arg" : "");
  };
  bool usesShared = false;
  unsigned index = 0;
  for (const clang::ParmVarDecl *param : fn->parameters()) {
    std::string pname = param->getName().str();
    if (pname.empty()) {
      pname = "xfence_arg" + std::to_string(index);
      if (auto r = findRewriteRange(sm, lo, param->getSourceRange()))
        edits.insertAfter(*r, " " + pname);
    }
    ++index;
    const auto *pointer = param->getType()->getAs<clang::PointerType>();
    bool local = pointer && pointer->getPointeeType().getAddressSpace() ==
                                clang::LangAS::opencl_local;
    if (local) {
      usesShared = true;
      std::optional<std::string> pointee = typeText(pointer->getPointeeType());
      auto range = findRewriteRange(sm, lo, param->getSourceRange());
      if (!pointee || !range || pname.rfind("xfence_arg", 0) == 0) {
        error(param->getLocation(), "cannot translate this __local kernel "
                                    "argument to alpaka (unnamed, written "
                                    "by a macro, or of a type without an "
                                    "alpaka form)");
        continue;
      }
      std::string cv =
          pointer->getPointeeType().isConstQualified() ? "const " : "";
      std::string offset = "xfence_offset_" + pname;
      edits.replace(*range, "std::size_t " + offset, param->getLocation());
      localSetup += "  " + cv + *pointee + " *" + pname +
                    " = reinterpret_cast<" + cv + *pointee +
                    " *>(xfence_shared + " + offset + ");\n";
      // The size argument: NAME_bytes, unless a parameter has that name.
      std::string bytes = pname + "_bytes";
      while (llvm::any_of(fn->parameters(), [&](clang::ParmVarDecl *p) {
        return p->getName() == bytes || helperName(p->getName()) == bytes;
      }))
        bytes += "_";
      helperParams += ", std::size_t " + bytes;
      setup += "  std::size_t " + offset + " = xfence_launch.local(" + bytes +
               ");\n";
      bundleArgs += ", " + offset;
      continue;
    }
    std::optional<std::string> type = lib.typeName(param->getType());
    if (!type)
      type = typeText(param->getType());
    // A pointer to a user's struct (lib knows OpenCL's types only).
    if (const auto *pointer = param->getType()->getAs<clang::PointerType>();
        !type && pointer) {
      clang::QualType pointee = pointer->getPointeeType();
      if (std::optional<std::string> inner = typeText(pointee))
        type = std::string(pointee.isConstQualified() ? "const " : "") +
               (pointee.isVolatileQualified() ? "volatile " : "") + *inner +
               " *";
    }
    if (!type) {
      error(param->getLocation(), "this kernel argument's type has no "
                                  "alpaka translation in xfence");
      continue;
    }
    helperParams += ", " + OpenCLLibrary::declare(*type, helperName(pname));
    bundleArgs += ", " + helperName(pname);
  }

  // The work-items' variables, at the top of the body.
  std::string top = "\n  // xfence: this block is one work-group; this "
                    "thread runs its work-items\n  // xfence_first, "
                    "xfence_first + xfence_stride, ...\n"
                    "  const std::uint32_t xfence_group = "
                    "xfence_alpaka::groupIndex(" +
                    std::string(kAcc) +
                    ");\n  const std::uint32_t xfence_first = "
                    "xfence_alpaka::threadIndex(" +
                    kAcc +
                    ");\n  const std::uint32_t xfence_stride = "
                    "xfence_alpaka::threadCount(" +
                    kAcc + ");\n";
  std::string privateDecls, privateInit;
  for (const clang::VarDecl *var : order) {
    std::optional<std::string> type = typeText(var->getType());
    if (!type) {
      error(var->getLocation(),
            "the type of this variable, which lives across a barrier, has "
            "no alpaka translation in xfence (a type declared in the "
            "kernel?)");
      continue;
    }
    bool param = llvm::isa<clang::ParmVarDecl>(var);
    std::string storage =
        param ? "xfence_p_" + var->getName().str() : var->getName().str();
    privateTypes += (privateTypes.empty() ? "" : ", ") + *type;
    privateDecls += "  xfence_alpaka::ptr<" + *type + "> " + storage +
                    " = xfence_private.take<" + *type + ">();\n";
    if (param)
      privateInit +=
          "    " + storage + "[xfence_e] = " + var->getName().str() + ";\n";
  }
  if (needEnded) {
    privateTypes += std::string(privateTypes.empty() ? "" : ", ") + "bool";
    privateDecls += "  bool *xfence_ended = xfence_private.take<bool>();\n";
    privateInit += "    xfence_ended[xfence_e] = false;\n";
  }
  if (!privateDecls.empty()) {
    usesShared = true;
    privateDecls = "  // xfence: the work-items' variables that live "
                   "across a barrier, one element each.\n"
                   "  xfence_alpaka::Private xfence_private{xfence_shared + "
                   "xfence_nd.privateBase, xfence_nd.items};\n" +
                   privateDecls;
  }
  if (usesShared)
    top += "  unsigned char *const xfence_shared = "
           "xfence_alpaka::sharedMemory(" +
           std::string(kAcc) + ", xfence_nd);\n";
  top += localSetup + privateDecls;
  if (!privateInit.empty())
    top += "  for (std::uint32_t xfence_e = xfence_first; xfence_e < "
           "xfence_nd.items;\n       xfence_e += xfence_stride) {\n" +
           privateInit + "  }\n";
  top += "  // xfence: outside the work-item loops, the conditions of the "
         "statements that\n  // hold a barrier are evaluated with this "
         "thread's first work-item.\n"
         "  const std::uint32_t xfence_e = xfence_first;\n"
         "  const xfence_alpaka::WorkItem xfence_wi{&xfence_nd, xfence_group, "
         "xfence_e};\n";
  edits.insertAfter(*lbrace, top);

  // The regions: each a loop over this thread's work-items.
  for (const Kernel::Region &r : k.regions) {
    clang::SourceLocation first = r.stmts.front()->getBeginLoc();
    auto from =
        findRewriteRange(sm, lo, clang::SourceRange(sm.getExpansionLoc(first)));
    clang::SourceLocation endLoc =
        r.next ? sm.getExpansionLoc(r.next->getBeginLoc())
               : sm.getExpansionLoc(r.block->getRBracLoc());
    auto to = findRewriteRange(sm, lo, clang::SourceRange(endLoc));
    if (!from || !to || from->file != to->file) {
      error(first, "cannot translate this statement to alpaka: it is "
                   "written by a macro together with a barrier");
      continue;
    }
    // The first statement keeps its column; the others keep theirs.
    std::string ind(sm.getExpansionColumnNumber(sm.getExpansionLoc(first)) - 1,
                    ' ');
    std::string indNext(sm.getExpansionColumnNumber(endLoc) - 1, ' ');
    std::string open = "for (std::uint32_t xfence_e = xfence_first; "
                       "xfence_e < xfence_nd.items;\n" +
                       ind + "     xfence_e += xfence_stride) {\n";
    if (needEnded)
      open += ind + "  if (xfence_ended[xfence_e])\n" + ind + "    continue;\n";
    open += ind + "  const xfence_alpaka::WorkItem xfence_wi{&xfence_nd, "
                  "xfence_group, xfence_e};\n";
    std::string close = "}\n" + indNext;
    if (r.hasReturn) {
      open += ind + "  [&]() -> void {\n";
      close = "  }();\n" + ind + "}\n" + indNext;
    }
    open += ind;
    edits.replace({from->file, from->begin, from->begin}, open);
    edits.replace({to->file, to->begin, to->begin}, close);
  }

  // Uses and declarations of the work-items' variables.
  for (const clang::DeclStmt *decl : k.declStmts)
    rewritePrivateDecl(decl, perItem);
  for (const clang::DeclRefExpr *ref : k.refs) {
    const auto *var = llvm::cast<clang::VarDecl>(ref->getDecl());
    bool param = llvm::isa<clang::ParmVarDecl>(var) &&
                 k.writtenParams.count(llvm::cast<clang::ParmVarDecl>(var));
    if (!param && !perItem.count(var))
      continue;
    auto range = findRewriteRange(sm, lo, ref->getSourceRange());
    if (!range) {
      error(ref->getLocation(), "cannot translate this use of '" +
                                    var->getName().str() +
                                    "' to alpaka: it is written by a macro");
      continue;
    }
    if (param)
      edits.replace(*range, "xfence_p_" + var->getName().str() + "[xfence_e]",
                    ref->getLocation());
    else // A replacement, so that a mask around a shift count wraps it.
      edits.replace(*range, var->getName().str() + "[xfence_e]",
                    ref->getLocation());
  }
  if (needEnded)
    for (const clang::ReturnStmt *ret : k.returns)
      if (auto r =
              findRewriteRange(sm, lo, clang::SourceRange(ret->getBeginLoc())))
        edits.replace(*r, "return void(xfence_ended[xfence_e] = true)",
                      ret->getBeginLoc());

  // __local variables of the kernel: alpaka's block shared variables.
  std::function<void(const clang::Stmt *)> locals = [&](const clang::Stmt *s) {
    if (!s)
      return;
    if (const auto *decl = llvm::dyn_cast<clang::DeclStmt>(s);
        decl && isLocalDecl(decl)) {
      auto range = findRewriteRange(sm, lo, decl->getSourceRange());
      if (!range) {
        error(decl->getBeginLoc(), "cannot translate this __local "
                                   "declaration to alpaka: it is written by "
                                   "a macro");
        return;
      }
      edits.replace(*range, sharedVarDecls(decl), decl->getBeginLoc());
      return;
    }
    for (const clang::Stmt *c : childrenOf(s))
      locals(c);
  };
  locals(body);

  // The launch helper.
  std::string reqd;
  if (auto *attr = fn->getAttr<clang::ReqdWorkGroupSizeAttr>()) {
    auto value = [&](clang::Expr *e) -> std::string {
      clang::Expr::EvalResult r;
      return e->EvaluateAsInt(r, ctx)
                 ? std::to_string(r.Val.getInt().getZExtValue())
                 : "0";
    };
    reqd = "  if (xfence_launch.nd.local[0] != " + value(attr->getXDim()) +
           " || xfence_launch.nd.local[1] != " + value(attr->getYDim()) +
           " || xfence_launch.nd.local[2] != " + value(attr->getZDim()) +
           ")\n    throw std::invalid_argument(\"xfence: " + kernel +
           " has reqd_work_group_size(" + value(attr->getXDim()) + ", " +
           value(attr->getYDim()) + ", " + value(attr->getZDim()) + ")\");\n";
  }
  if (cuda)
    launchers += "\n// Launches " + kernel +
                 " with CUDA's <<<grid, block>>> (docs/cuda-to-alpaka.md): "
                 "one alpaka block\n// per CUDA block, on `executor`.\n";
  else
    launchers += "\n// Launches the OpenCL kernel " + kernel +
                 " on an NDRange of global_size work-items in work-groups "
                 "of local_size\n// (docs/opencl-to-alpaka.md): one block "
                 "per work-group, on `executor`.\n";
  launchers +=
      "template <class XfenceQueue, class XfenceExecutor>\n"
      "void launch_" +
      kernel + "(XfenceQueue &queue, XfenceExecutor executor,\n    " +
      (cuda ? "xfence_alpaka::Range grid, xfence_alpaka::Range block"
            : "xfence_alpaka::Range global_size, xfence_alpaka::Range "
              "local_size") +
      helperParams + ") {\n  xfence_alpaka::Launch xfence_launch" +
      (cuda ? " = xfence_alpaka::Launch::cuda(grid, block);\n"
            : "(global_size, local_size);\n") +
      reqd + setup + "  " + kernel + " xfence_kernel;\n" +
      "  xfence_kernel.dynSharedMemBytes = xfence_launch.sharedBytes<" +
      privateTypes +
      ">();\n  queue.enqueue(xfence_launch.threadSpec(executor),\n"
      "                alpaka::KernelBundle{xfence_kernel, "
      "xfence_launch.nd" +
      bundleArgs + "});\n}\n";
}

LogicalResult AlpakaRewriter::run() {
  findContextFunctions();
  for (const clang::FunctionDecl *fn : needsContext)
    addContextParameters(fn);
  // Calls of those functions, anywhere in the user's code.
  for (const clang::FunctionDecl *fn : functions) {
    CallCollector calls;
    calls.TraverseStmt(fn->getBody());
    for (const clang::CallExpr *call : calls.calls) {
      const clang::FunctionDecl *callee = call->getDirectCallee();
      const clang::FunctionDecl *def =
          callee ? callee->getDefinition() : nullptr;
      if (def && needsContext.count(def))
        addContextArguments(call);
    }
  }
  for (const clang::FunctionDecl *fn : functions)
    if (fn->hasAttr<clang::DeviceKernelAttr>())
      rewriteKernel(fn);
  // Declarations of kernels (prototypes): a kernel is a struct here, which
  // its definition declares.
  for (const clang::Decl *d : ctx.getTranslationUnitDecl()->decls()) {
    const auto *fn = llvm::dyn_cast<clang::FunctionDecl>(d);
    if (!fn || fn->doesThisDeclarationHaveABody() ||
        !fn->hasAttr<clang::DeviceKernelAttr>() ||
        !src.isUserLocation(fn->getLocation()))
      continue;
    auto range = findRewriteRange(sm, lo, fn->getSourceRange());
    if (!range) {
      error(fn->getLocation(), "cannot translate this kernel declaration to "
                               "alpaka: it is written by a macro");
      continue;
    }
    edits.replace(*range,
                  "/* xfence: declaration of the kernel '" +
                      fn->getName().str() +
                      "' left out (a kernel is a struct, which its "
                      "definition declares) */",
                  fn->getLocation());
  }
  return failure(failed);
}

std::string prelude(const OpenCLLibrary &lib, ParsedSource &src,
                    AlpakaInput input) {
  std::string text = input == AlpakaInput::Cuda
                         ? "// Translated from CUDA to alpaka 3 by xfence, "
                           "through its OpenCL C\n// translation "
                           "(docs/cuda-to-alpaka.md).\n"
                         : "// Translated from OpenCL C to alpaka 3 by xfence "
                           "(docs/opencl-to-alpaka.md).\n";
  text +=
      "#include <alpaka/alpaka.hpp>\n\n"
      "#include <cmath>\n#include <cstddef>\n#include "
      "<cstdint>\n#include <cstdio>\n#include <limits>\n#include <stdexcept>\n";
  if (lib.usesVectors())
    text += "#include <type_traits>\n#include <utility>\n";
  text += alpakaRuntimeText();
  text += openclTypeNames();
  text += implementationMacros(src);
  text += lib.prelude();
  text += kPreludeEnd;
  return text;
}

} // namespace

FailureOr<std::string>
xfence::translateOpenCLToAlpaka(llvm::StringRef path, llvm::StringRef contents,
                                const TranslateOptions &options,
                                llvm::raw_ostream &diagOS, AlpakaInput input) {
  FailureOr<ImportedSource> imports =
      importOpenCLSource(path, contents, options, diagOS);
  if (failed(imports) ||
      (options.coalesce && failed(runCoalesce(*imports->module))))
    return failure();
  ParsedSource *src = imports->src.get();
  MLIRContext &mlirCtx = *imports->ctx;
  OwningOpRef<ModuleOp> &module = imports->module;
  std::vector<SyncSite> sites = findOpenCLSyncSites(*src, &mlirCtx);
  SourceEdits edits(*src);
  OpenCLLibrary lib(src->getContext(), alpakaTargetSyntax());
  bool atomicHeader = false, workItemHelpers = false;
  std::string unusedLaunchers;
  auto emitter = [](Operation *op) { return emitAlpaka(op, kAcc); };
  if (failed(rewriteSyncSites(edits, sites, *module, atomicHeader,
                              SiteEmitter(emitter))) ||
      failed(addOpenCLSyntaxEdits(edits, lib, workItemHelpers, unusedLaunchers,
                                  alpakaTargetSyntax())))
    return failure();
  AlpakaRewriter rewriter(edits, lib, input);
  if (failed(rewriter.run()))
    return failure();
  if (lib.usesHalf() || lib.usesImages()) {
    src->report(src->getSourceManager().getLocForStartOfFile(
                    src->getSourceManager().getMainFileID()),
                clang::DiagnosticsEngine::Error,
                "half and image types have no alpaka translation in xfence");
    return failure();
  }
  commentOutOpenCLPragmas(edits);
  FailureOr<std::string> text = edits.apply(prelude(lib, *src, input));
  if (failed(text) || src->hasErrors())
    return failure();
  if (!text->empty() && text->back() != '\n')
    *text += "\n";
  *text += "\n// xfence: host-side launch helpers, one per kernel.\n" +
           rewriter.launchers;
  return text;
}
