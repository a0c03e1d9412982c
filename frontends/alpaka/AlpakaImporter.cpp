//===- AlpakaImporter.cpp - alpaka C++ to the xfence dialect --------------===//
//
// What each alpaka call means (docs/alpaka.md, "Import"; the facts behind it
// are in docs/semantics.md §3.5):
//  * alpaka 3's memFence(acc, scope, order): a fence of that scope and order
//    over every memory space (memFence names none; every back end's fence
//    orders all). scope::Block is the work-group, scope::Device the device,
//    scope::System the system.
//  * alpaka 1.x's mem_fence(acc, memory_scope::X): alpaka documents it as
//    ordering loads among loads and stores among stores, at most what an
//    acq_rel fence gives, so it is imported as acq_rel. memory_scope::Block
//    is the work-group; memory_scope::Grid promises the threads of the grid,
//    which the dialect cannot name, so it is the next wider scope, the
//    device (every alpaka back end emits a device fence for it);
//    memory_scope::Device is the device.
//  * syncBlockThreads(acc): the work-group barrier, ordering the block's
//    memory (acq_rel, local and global), as CUDA's __syncthreads.
//  * atomic<Op>(acc, ptr, [compare,] value[, scope]): a relaxed atomic (no
//    alpaka back end orders them) of the scope given, or alpaka's default,
//    the device (alpaka 3: scope::Device; 1.x: hierarchy::Grids). alpaka 3's
//    scope::Block and 1.x's hierarchy::Threads are the work-group;
//    hierarchy::Blocks and Grids the device.
//
//===----------------------------------------------------------------------===//

#include "frontends/alpaka/AlpakaImporter.h"
#include "frontends/common/Importer.h"
#include "frontends/names/AtomicNames.h"
#include "frontends/names/ScopeNames.h"

#include "dialect/XFenceDialect.h"
#include "dialect/XFenceOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace xfence;
using clang::DiagnosticsEngine;

std::unique_ptr<ParsedSource>
xfence::parseAlpakaSource(llvm::StringRef path, llvm::StringRef contents,
                          const SourceOptions &options,
                          llvm::raw_ostream &diagOS) {
  return parseSource(SourceLanguage::Cxx20, path, contents, options, diagOS);
}

namespace {

//===----------------------------------------------------------------------===//
// Recognising the calls
//===----------------------------------------------------------------------===//

enum class SyncKind { Fence, Barrier, Atomic };

/// The alpaka API a call belongs to.
enum class Api { V3, V1 };

struct Sync {
  SyncKind kind;
  Api api;
  /// For atomics: the operation (`Add`, ..., `Cas`).
  std::string op;
};

/// The function a call names: its callee, or for a call that depends on a
/// template parameter (every call with a kernel's `auto const& acc`), the
/// first function that the name found.
const clang::FunctionDecl *namedFunction(const clang::CallExpr *call) {
  if (const clang::FunctionDecl *fn = call->getDirectCallee())
    return fn;
  const clang::Expr *callee = call->getCallee()->IgnoreParenImpCasts();
  if (auto *lookup = llvm::dyn_cast<clang::UnresolvedLookupExpr>(callee))
    for (const clang::NamedDecl *d : lookup->decls()) {
      d = d->getUnderlyingDecl();
      if (auto *t = llvm::dyn_cast<clang::FunctionTemplateDecl>(d))
        return t->getTemplatedDecl();
      if (auto *f = llvm::dyn_cast<clang::FunctionDecl>(d))
        return f;
    }
  return nullptr;
}

/// True if `d` is declared in namespace alpaka (or one nested in it).
bool inAlpaka(const clang::Decl *d) {
  for (const clang::DeclContext *dc = d->getDeclContext(); dc;
       dc = dc->getParent())
    if (auto *ns = llvm::dyn_cast<clang::NamespaceDecl>(dc))
      if (!ns->getParent()->isNamespace() && ns->getName() == "alpaka")
        return true;
  return false;
}

std::optional<Sync> classify(const clang::FunctionDecl *fn) {
  if (!fn)
    return std::nullopt;
  std::string qualified = fn->getQualifiedNameAsString();
  llvm::StringRef name(qualified);
  if (name == "alpaka::onAcc::memFence")
    return Sync{SyncKind::Fence, Api::V3, ""};
  if (name == "alpaka::mem_fence")
    return Sync{SyncKind::Fence, Api::V1, ""};
  if (name == "alpaka::onAcc::syncBlockThreads")
    return Sync{SyncKind::Barrier, Api::V3, ""};
  if (name == "alpaka::syncBlockThreads")
    return Sync{SyncKind::Barrier, Api::V1, ""};
  Api api;
  if (name.consume_front("alpaka::onAcc::atomic"))
    api = Api::V3;
  else if (name.consume_front("alpaka::atomic"))
    api = Api::V1;
  else
    return std::nullopt;
  // The operations of atomic<Op> (AtomicNames.h), and Cas.
  if (name == "Cas" || rmwKindOfAtomicName(name))
    return Sync{SyncKind::Atomic, api, name.str()};
  return std::nullopt;
}

/// The qualified name of the class type of `e` (a scope or order tag),
/// or empty if it has none (a dependent or non-class type).
std::string tagName(const clang::Expr *e) {
  clang::QualType type = e->IgnoreParenImpCasts()->getType();
  if (type.isNull() || type->isDependentType())
    return "";
  if (const clang::CXXRecordDecl *record =
          type.getNonReferenceType()->getAsCXXRecordDecl())
    return record->getQualifiedNameAsString();
  return "";
}

std::optional<MemoryOrder> orderOfTag(llvm::StringRef tag) {
  return llvm::StringSwitch<std::optional<MemoryOrder>>(tag)
      .Case("alpaka::onAcc::order::Relaxed", MemoryOrder::relaxed)
      .Case("alpaka::onAcc::order::Acquire", MemoryOrder::acquire)
      .Case("alpaka::onAcc::order::Release", MemoryOrder::release)
      .Case("alpaka::onAcc::order::AcqRel", MemoryOrder::acq_rel)
      .Case("alpaka::onAcc::order::SeqCst", MemoryOrder::seq_cst)
      .Default(std::nullopt);
}

//===----------------------------------------------------------------------===//
// The importer
//===----------------------------------------------------------------------===//

class Importer : public ImporterBase<Importer> {
  friend class StatementWalker<Importer>;

public:
  Importer(ParsedSource &src, MLIRContext *ctx) : ImporterBase(src, ctx) {}

  bool run(ModuleOp module);

private:
  void visitExpr(const clang::Expr *e);
  void visitDeclInit(const clang::VarDecl *) {}
  void visitAsm(const clang::Stmt *s) {
    OpaqueOp::create(builder, locOf(s), "asm");
  }
  void visitOtherStmt(const clang::Stmt *s);
  /// The subexpressions of an lvalue, not the access to it.
  void visitLValue(const clang::Expr *e);
  void visitCall(const clang::CallExpr *call);
  void access(const clang::Expr *lvalue, bool read, bool write);

  void importSync(const clang::CallExpr *call, const Sync &sync);
  void importAtomic(const clang::CallExpr *call, const Sync &sync);
  /// The meaning of the alpaka tag type of `arg` (`lookup`); an error at
  /// `arg` where it has no constant tag type (`noTag`) or an unknown one (of
  /// `kind`).
  template <typename T>
  std::optional<T> tagArg(const clang::Expr *arg, llvm::StringRef noTag,
                          llvm::StringRef kind,
                          std::optional<T> (*lookup)(llvm::StringRef));
  std::optional<Scope> scopeArg(const clang::Expr *arg);
  std::optional<MemoryOrder> orderArg(const clang::Expr *arg);
  /// The type of the atomic object of `call`, or null after an error.
  clang::QualType atomicObjectType(const clang::CallExpr *call,
                                   unsigned valueArg);
};

/// Every function of the user's code with a body, as written: templates
/// once (their pattern), not their instantiations; alpaka's own functions
/// (namespace alpaka) never.
class FunctionFinder : public clang::DynamicRecursiveASTVisitor {
public:
  explicit FunctionFinder(ParsedSource &src) : src(src) {}

  bool VisitFunctionDecl(clang::FunctionDecl *fn) override {
    if (fn->doesThisDeclarationHaveABody() && !fn->isImplicit() &&
        src.isUserLocation(fn->getLocation()) && !inAlpaka(fn))
      add(fn);
    return true;
  }
  /// A lambda's body is its call operator's, which the traversal does not
  /// visit as a function: it is imported as one (a call of the lambda is
  /// an opaque call where it is made).
  bool VisitLambdaExpr(clang::LambdaExpr *lambda) override {
    clang::CXXMethodDecl *call = lambda->getCallOperator();
    if (src.isUserLocation(lambda->getBeginLoc()) && !inAlpaka(call))
      add(call);
    return true;
  }

  std::vector<const clang::FunctionDecl *> functions;

private:
  void add(const clang::FunctionDecl *fn) {
    if (seen.insert(fn).second)
      functions.push_back(fn);
  }

  ParsedSource &src;
  llvm::DenseSet<const clang::FunctionDecl *> seen;
};

/// The name of a function in the module: the class's name for a member
/// (`Kernel::operator()`), the function's otherwise.
std::string functionName(const clang::FunctionDecl *fn) {
  std::string name = fn->getNameAsString();
  if (auto *method = llvm::dyn_cast<clang::CXXMethodDecl>(fn)) {
    const clang::CXXRecordDecl *record = method->getParent();
    if (record->isLambda())
      return "lambda";
    name = record->getNameAsString() + "::" + name;
  }
  return name;
}

bool Importer::run(ModuleOp module) {
  FunctionFinder finder(src);
  finder.TraverseAST(astCtx);
  for (const clang::FunctionDecl *fn : finder.functions) {
    // A kernel functor's operator() is what a queue runs.
    bool kernel =
        llvm::isa<clang::CXXMethodDecl>(fn) &&
        fn->getOverloadedOperator() == clang::OO_Call &&
        !llvm::cast<clang::CXXMethodDecl>(fn)->getParent()->isLambda();
    importFunction(module, fn, uniqueName(functionName(fn)), kernel,
                   locOf(fn->getBody()->getEndLoc()));
  }
  return !failed;
}

void Importer::visitOtherStmt(const clang::Stmt *s) {
  // for (auto [i] : onAcc::makeIdxMap(...)): the body may run any number
  // of times.
  if (auto *range = llvm::dyn_cast<clang::CXXForRangeStmt>(s)) {
    visitStmt(range->getInit());
    visitExpr(range->getRangeInit());
    return loop(s, {range->getBody()});
  }
  // A lambda's body runs when it is called (an opaque call), not here.
  if (llvm::isa<clang::LambdaExpr>(s))
    return;
  visitChildren(s);
}

void Importer::access(const clang::Expr *lvalue, bool read, bool write) {
  const clang::Expr *e = lvalue->IgnoreParens();
  // The function's own variables are not memory other threads see.
  if (auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
    auto *var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
    if (!var || (var->hasLocalStorage() && !var->getType()->isReferenceType()))
      return;
    if (!write && var->isUsableInConstantExpressions(astCtx))
      return;
  }
  // Where the object lives is not known without alpaka's types: shared
  // (declareSharedVar) or global.
  AccessOp::create(builder, locOf(lvalue), read, write,
                   MemorySpaces::local | MemorySpaces::global,
                   lvalue->getType().isVolatileQualified());
}

void Importer::visitLValue(const clang::Expr *e) {
  e = e->IgnoreParens();
  if (llvm::isa<clang::DeclRefExpr>(e))
    return;
  if (auto *sub = llvm::dyn_cast<clang::ArraySubscriptExpr>(e)) {
    visitExpr(sub->getBase());
    visitExpr(sub->getIdx());
    return;
  }
  if (auto *un = llvm::dyn_cast<clang::UnaryOperator>(e);
      un && un->getOpcode() == clang::UO_Deref)
    return visitExpr(un->getSubExpr());
  if (auto *member = llvm::dyn_cast<clang::MemberExpr>(e)) {
    if (member->isArrow())
      return visitExpr(member->getBase());
    return visitLValue(member->getBase());
  }
  visitExpr(e);
}

void Importer::visitExpr(const clang::Expr *e) {
  if (!e)
    return;
  if (auto *call = llvm::dyn_cast<clang::CallExpr>(e)) {
    // x[i] = v and x[i] on alpaka's views are operator calls.
    if (auto *op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(call)) {
      if (op->isAssignmentOp() && op->getNumArgs() == 2) {
        visitExpr(op->getArg(1));
        visitLValue(op->getArg(0));
        access(op->getArg(0),
               op->getOperator() != clang::OO_Equal /*compound reads*/, true);
        return;
      }
      if (op->getOperator() == clang::OO_Subscript ||
          op->getOperator() == clang::OO_Call) {
        for (const clang::Expr *arg : op->arguments())
          visitExpr(arg);
        // An element of a view: read (a write is the assignment above).
        access(op, true, false);
        return;
      }
    }
    return visitCall(call);
  }
  if (auto *cast = llvm::dyn_cast<clang::ImplicitCastExpr>(e)) {
    if (cast->getCastKind() == clang::CK_LValueToRValue) {
      visitLValue(cast->getSubExpr());
      access(cast->getSubExpr(), true, false);
      return;
    }
    return visitExpr(cast->getSubExpr());
  }
  if (auto *bin = llvm::dyn_cast<clang::BinaryOperator>(e)) {
    if (bin->isAssignmentOp()) {
      visitExpr(bin->getRHS());
      visitLValue(bin->getLHS());
      access(bin->getLHS(), bin->isCompoundAssignmentOp(), true);
      return;
    }
  }
  if (auto *un = llvm::dyn_cast<clang::UnaryOperator>(e)) {
    if (un->isIncrementDecrementOp()) {
      visitLValue(un->getSubExpr());
      access(un->getSubExpr(), true, true);
      return;
    }
    if (un->getOpcode() == clang::UO_AddrOf)
      return visitLValue(un->getSubExpr());
  }
  // In a template, an expression whose type depends on a parameter has no
  // lvalue-to-rvalue conversion: an element read from a dependent view or
  // pointer is recorded here.
  if (e->isTypeDependent() &&
      llvm::isa<clang::ArraySubscriptExpr, clang::UnaryOperator>(e)) {
    auto *un = llvm::dyn_cast<clang::UnaryOperator>(e);
    if (!un || un->getOpcode() == clang::UO_Deref) {
      visitLValue(e);
      access(e, true, false);
      return;
    }
  }
  if (llvm::isa<clang::LambdaExpr>(e))
    return;
  visitChildren(e);
}

void Importer::visitCall(const clang::CallExpr *call) {
  const clang::FunctionDecl *fn = namedFunction(call);
  std::optional<Sync> sync = classify(fn);
  if (!sync) {
    if (auto *member = llvm::dyn_cast<clang::CXXMemberCallExpr>(call))
      visitExpr(member->getImplicitObjectArgument());
    else if (!fn)
      visitExpr(call->getCallee());
  }
  for (const clang::Expr *arg : call->arguments())
    visitExpr(arg);
  if (sync)
    return importSync(call, *sync);
  if (fn && inAlpaka(fn)) {
    // alpaka's other functions: index and extent queries, shared-memory
    // declarations, ranges, math: they neither synchronize nor touch
    // shared data, except those that name synchronization xfence does not
    // import, which are refused rather than dropped.
    llvm::StringRef name =
        fn->getIdentifier() ? fn->getName() : llvm::StringRef();
    if (name.starts_with("atomic") || name.contains_insensitive("fence") ||
        name.contains_insensitive("sync") || name.starts_with("shfl") ||
        name == "ballot" || name == "all" || name == "any" ||
        name == "activemask")
      error(call, "alpaka's '" + fn->getQualifiedNameAsString() +
                      "' is not imported by xfence");
    return;
  }
  std::string name = fn && fn->getIdentifier() ? fn->getName().str()
                                               : std::string("indirect call");
  if (!fn)
    if (auto *member = llvm::dyn_cast<clang::CXXDependentScopeMemberExpr>(
            call->getCallee()->IgnoreParens()))
      name = member->getMember().getAsString();
  // acc.getIdxWithin(...) and friends: queries of the accelerator.
  if (name == "getIdxWithin" || name == "getExtentsOf" || name == "getApi")
    return;
  OpaqueOp::create(builder, locOf(call), name);
}

template <typename T>
std::optional<T> Importer::tagArg(const clang::Expr *arg, llvm::StringRef noTag,
                                  llvm::StringRef kind,
                                  std::optional<T> (*lookup)(llvm::StringRef)) {
  std::string tag = tagName(arg);
  if (tag.empty()) {
    error(arg, noTag);
    return std::nullopt;
  }
  std::optional<T> meaning = lookup(tag);
  if (!meaning)
    error(arg, "unknown alpaka " + kind + " '" + tag + "'");
  return meaning;
}

std::optional<Scope> Importer::scopeArg(const clang::Expr *arg) {
  return tagArg<Scope>(arg,
                       "the scope argument has no constant alpaka scope type "
                       "(a scope or hierarchy tag such as onAcc::scope::block)",
                       "scope", [](llvm::StringRef tag) {
                         return scopeNamed(ScopeSpelling::Alpaka, tag);
                       });
}

std::optional<MemoryOrder> Importer::orderArg(const clang::Expr *arg) {
  return tagArg<MemoryOrder>(
      arg,
      "the order argument has no constant alpaka order type (an order tag "
      "such as onAcc::order::release)",
      "memory order", orderOfTag);
}

void Importer::importSync(const clang::CallExpr *call, const Sync &sync) {
  Location loc = locOf(call);
  const MemorySpaces all = MemorySpaces::local | MemorySpaces::global;
  unsigned n = call->getNumArgs();
  switch (sync.kind) {
  case SyncKind::Fence: {
    if (sync.api == Api::V3) {
      if (n != 3)
        return error(call, "expected memFence(acc, scope, order)");
      std::optional<Scope> scope = scopeArg(call->getArg(1));
      std::optional<MemoryOrder> order = orderArg(call->getArg(2));
      if (scope && order)
        FenceOp::create(builder, loc, *scope, *order, all);
      return;
    }
    if (n != 2)
      return error(call, "expected mem_fence(acc, memory_scope)");
    if (std::optional<Scope> scope = scopeArg(call->getArg(1)))
      FenceOp::create(builder, loc, *scope, MemoryOrder::acq_rel, all);
    return;
  }
  case SyncKind::Barrier:
    BarrierOp::create(builder, loc, Scope::workgroup, all);
    return;
  case SyncKind::Atomic:
    return importAtomic(call, sync);
  }
}

clang::QualType Importer::atomicObjectType(const clang::CallExpr *call,
                                           unsigned valueArg) {
  // The pointee of the pointer argument; in a template where it depends on
  // a parameter (&view[0]), the type of the value argument.
  clang::QualType pointer = call->getArg(1)->getType();
  if (!pointer->isDependentType()) {
    if (const auto *p = pointer->getAs<clang::PointerType>())
      return p->getPointeeType().getUnqualifiedType();
    error(call->getArg(1), "the atomic's object is not a pointer");
    return {};
  }
  const clang::Expr *value = call->getArg(valueArg)->IgnoreParenImpCasts();
  if (!value->isTypeDependent())
    return value->getType().getNonReferenceType().getUnqualifiedType();
  error(call->getArg(1), "the type of the atomic's object depends on a "
                         "template parameter, and so does its value's");
  return {};
}

void Importer::importAtomic(const clang::CallExpr *call, const Sync &sync) {
  bool cas = sync.op == "Cas";
  unsigned valueArg = cas ? 3 : 2;
  unsigned n = call->getNumArgs();
  if (n < valueArg + 1)
    return error(call, cas ? "expected atomicCas(acc, pointer, compare, "
                             "value[, scope])"
                           : "expected atomic" + sync.op +
                                 "(acc, pointer, value[, scope])");
  // alpaka's default: the device (scope::Device, hierarchy::Grids).
  Scope scope = Scope::device;
  if (n > valueArg + 1 &&
      !llvm::isa<clang::CXXDefaultArgExpr>(call->getArg(valueArg + 1))) {
    std::optional<Scope> given = scopeArg(call->getArg(valueArg + 1));
    if (!given)
      return;
    scope = *given;
  }
  if (scope == Scope::system)
    return error(call->getArg(valueArg + 1),
                 "alpaka refuses system-scope atomics");
  clang::QualType objectType = atomicObjectType(call, valueArg);
  if (objectType.isNull())
    return;
  Type type;
  if (objectType->isIntegerType() && !objectType->isBooleanType())
    type = builder.getIntegerType(astCtx.getTypeSize(objectType));
  else if (objectType->isSpecificBuiltinType(clang::BuiltinType::Float))
    type = builder.getF32Type();
  else if (objectType->isSpecificBuiltinType(clang::BuiltinType::Double))
    type = builder.getF64Type();
  else
    return error(call->getArg(1), "an atomic on '" + objectType.getAsString() +
                                      "' is not imported by xfence");
  bool isUnsigned = objectType->isUnsignedIntegerType();
  Value addr = poison(LLVM::LLVMPointerType::get(ctx));
  Location loc = locOf(call);
  Operation *op;
  if (cas) {
    op = AtomicCmpXchgOp::create(builder, loc, type, builder.getI1Type(), addr,
                                 ValueRange(), poison(type), poison(type),
                                 scope, MemoryOrder::relaxed,
                                 MemoryOrder::relaxed, false);
  } else {
    // sync.op names an atomic<Op> (classify).
    AtomicRMWKind kind = rmwKindForType(*rmwKindOfAtomicName(sync.op),
                                        isUnsigned, isa<FloatType>(type));
    if (isa<FloatType>(type) && kind != AtomicRMWKind::fadd &&
        kind != AtomicRMWKind::xchg)
      return error(call, "atomic" + sync.op +
                             " on a floating-point object "
                             "is not imported by xfence");
    op = AtomicRMWOp::create(builder, loc, type, kind, addr, ValueRange(),
                             poison(type), scope, MemoryOrder::relaxed);
  }
  clang::PrintingPolicy policy(lo);
  op->setAttr(
      srcattr::ctype,
      builder.getStringAttr(objectType.getCanonicalType().getAsString(policy)));
}

} // namespace

OwningOpRef<ModuleOp> xfence::importAlpaka(ParsedSource &src,
                                           MLIRContext *ctx) {
  OwningOpRef<ModuleOp> module = createImportModule(src, ctx);
  Importer importer(src, ctx);
  bool imported = importer.run(*module) && !src.hasErrors();
  return verifiedImport(std::move(module), imported);
}

static llvm::cl::OptionCategory alpakaCategory("alpaka import options");
static llvm::cl::list<std::string> alpakaIncludes(
    "alpaka-include",
    llvm::cl::desc("Include directory, as -I (alpaka's include/ directory)"),
    llvm::cl::cat(alpakaCategory));
static llvm::cl::list<std::string>
    alpakaDefines("alpaka-define", llvm::cl::desc("Macro definition, as -D"),
                  llvm::cl::cat(alpakaCategory));

void xfence::registerAlpakaImport() {
  registerSourceImport(
      "import-alpaka",
      "import alpaka C++ (its fences, barriers and atomics) into the xfence "
      "dialect",
      [](llvm::StringRef path, llvm::StringRef contents,
         MLIRContext *ctx) -> OwningOpRef<ModuleOp> {
        SourceOptions options;
        options.defines.assign(alpakaDefines.begin(), alpakaDefines.end());
        options.includeDirs.assign(alpakaIncludes.begin(),
                                   alpakaIncludes.end());
        std::unique_ptr<ParsedSource> src =
            parseAlpakaSource(path, contents, options, llvm::errs());
        if (!src || src->hasErrors())
          return nullptr;
        return importAlpaka(*src, ctx);
      });
}
