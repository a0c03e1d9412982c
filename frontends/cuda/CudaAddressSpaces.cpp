//===- CudaAddressSpaces.cpp - where CUDA pointers point ------------------===//

#include "frontends/cuda/CudaAddressSpaces.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace xfence;

namespace {
/// A flow of a pointer value into a variable: `var` may point wherever
/// `from` points.
struct Flow {
  const clang::VarDecl *var;
  const clang::Expr *from;
};

bool isPointerLike(clang::QualType t) {
  return t->isPointerType() || t->isArrayType();
}

class FlowCollector : public clang::RecursiveASTVisitor<FlowCollector> {
public:
  FlowCollector(std::vector<Flow> &flows,
                llvm::function_ref<bool(const clang::Decl *)> isUser)
      : flows(flows), isUser(isUser) {}

  bool TraverseDecl(clang::Decl *d) {
    if (d && !llvm::isa<clang::TranslationUnitDecl>(d) && !isUser(d))
      return true;
    // Host code is not translated: its calls of __host__ __device__
    // functions (with host pointers) say nothing about the device program.
    if (auto *fn = llvm::dyn_cast_or_null<clang::FunctionDecl>(d))
      if (isHostOnlyFunction(fn))
        return true;
    return RecursiveASTVisitor::TraverseDecl(d);
  }
  bool VisitVarDecl(clang::VarDecl *var) {
    if (var->getType()->isPointerType() && var->getInit() &&
        !llvm::isa<clang::ParmVarDecl>(var))
      flows.push_back({var, var->getInit()});
    return true;
  }
  bool VisitBinaryOperator(clang::BinaryOperator *op) {
    if (op->getOpcode() != clang::BO_Assign)
      return true;
    if (auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(
            op->getLHS()->IgnoreParenImpCasts()))
      if (auto *var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl()))
        if (var->getType()->isPointerType())
          flows.push_back({var, op->getRHS()});
    return true;
  }
  bool VisitCallExpr(clang::CallExpr *call) {
    const clang::FunctionDecl *fn = call->getDirectCallee();
    if (!fn || !isUser(fn))
      return true;
    if (const clang::FunctionDecl *def = fn->getDefinition())
      fn = def;
    for (unsigned i = 0; i < call->getNumArgs() && i < fn->getNumParams(); ++i)
      if (fn->getParamDecl(i)->getType()->isPointerType())
        flows.push_back({fn->getParamDecl(i), call->getArg(i)});
    return true;
  }

private:
  std::vector<Flow> &flows;
  llvm::function_ref<bool(const clang::Decl *)> isUser;
};
} // namespace

static void collectTopLevel(const clang::DeclContext *dc,
                            std::vector<clang::Decl *> &out) {
  for (clang::Decl *d : dc->decls()) {
    if (auto *linkage = llvm::dyn_cast<clang::LinkageSpecDecl>(d))
      collectTopLevel(linkage, out);
    else
      out.push_back(d);
  }
}

std::vector<clang::Decl *>
xfence::topLevelDecls(const clang::ASTContext &ctx) {
  std::vector<clang::Decl *> out;
  collectTopLevel(ctx.getTranslationUnitDecl(), out);
  return out;
}

bool xfence::isHostOnlyFunction(const clang::FunctionDecl *fn) {
  return !fn->hasAttr<clang::CUDAGlobalAttr>() &&
         !fn->hasAttr<clang::CUDADeviceAttr>();
}

unsigned CudaAddressSpaces::storageOfVar(const clang::VarDecl *var) {
  if (var->hasAttr<clang::CUDASharedAttr>())
    return kSharedMemory;
  if (var->hasAttr<clang::CUDAConstantAttr>())
    return kConstantMemory;
  if (var->hasGlobalStorage() && !var->isStaticLocal())
    return kGlobalMemory;
  if (var->hasAttr<clang::CUDADeviceAttr>() && var->hasGlobalStorage())
    return kGlobalMemory;
  return kPrivateMemory;
}

CudaAddressSpaces::CudaAddressSpaces(
    clang::ASTContext &ctx,
    llvm::function_ref<bool(const clang::Decl *)> isUser) {
  std::vector<Flow> flows;
  FlowCollector collector(flows, isUser);
  collector.TraverseDecl(ctx.getTranslationUnitDecl());
  // Kernel pointer parameters point to global memory: the host passes
  // device buffers (cudaMalloc). Everything else starts empty and grows.
  for (clang::Decl *d : topLevelDecls(ctx)) {
    auto *fn = llvm::dyn_cast<clang::FunctionDecl>(d);
    if (!fn || !isUser(fn) || !fn->hasAttr<clang::CUDAGlobalAttr>())
      continue;
    for (const clang::ParmVarDecl *p : fn->parameters())
      if (p->getType()->isPointerType())
        points[p] = kGlobalMemory;
  }
  // Every variable a pointer flows into starts empty and grows.
  for (const Flow &flow : flows)
    points.try_emplace(flow.var, kNoMemory);
  for (bool changed = true; changed;) {
    changed = false;
    for (const Flow &flow : flows) {
      unsigned &set = points[flow.var];
      unsigned next = set | pointeeOf(flow.from);
      if (next != set) {
        set = next;
        changed = true;
      }
    }
  }
}

unsigned CudaAddressSpaces::pointeeOf(const clang::VarDecl *var) const {
  auto it = points.find(var);
  if (it != points.end())
    return it->second;
  // A parameter of a function that nobody calls, or a pointer from where
  // the analysis does not look.
  return var->getType()->isPointerType() ? kAnyMemory : storageOfVar(var);
}

unsigned CudaAddressSpaces::pointeeOf(const clang::Expr *e) const {
  e = e->IgnoreParens();
  if (auto *cast = llvm::dyn_cast<clang::CastExpr>(e)) {
    switch (cast->getCastKind()) {
    case clang::CK_ArrayToPointerDecay:
      return storageOf(cast->getSubExpr());
    case clang::CK_NullToPointer:
      return kNoMemory;
    case clang::CK_LValueToRValue:
    case clang::CK_NoOp:
    case clang::CK_BitCast:
    case clang::CK_UncheckedDerivedToBase:
    case clang::CK_DerivedToBase:
      if (cast->getSubExpr()->getType()->isPointerType() ||
          cast->getSubExpr()->isGLValue())
        return pointeeOf(cast->getSubExpr());
      return kAnyMemory;
    default:
      return kAnyMemory;
    }
  }
  if (auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
    if (auto *var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl())) {
      if (var->getType()->isArrayType())
        return storageOfVar(var);
      return pointeeOf(var);
    }
    return kAnyMemory;
  }
  if (auto *un = llvm::dyn_cast<clang::UnaryOperator>(e)) {
    if (un->getOpcode() == clang::UO_AddrOf)
      return storageOf(un->getSubExpr());
    if (un->isIncrementDecrementOp())
      return pointeeOf(un->getSubExpr());
    return kAnyMemory;
  }
  if (auto *bin = llvm::dyn_cast<clang::BinaryOperator>(e)) {
    if (bin->isAdditiveOp() || bin->isAssignmentOp()) {
      if (isPointerLike(bin->getLHS()->getType()))
        return pointeeOf(bin->getLHS());
      if (isPointerLike(bin->getRHS()->getType()))
        return pointeeOf(bin->getRHS());
    }
    if (bin->getOpcode() == clang::BO_Comma)
      return pointeeOf(bin->getRHS());
    return kAnyMemory;
  }
  if (auto *cond = llvm::dyn_cast<clang::AbstractConditionalOperator>(e))
    return pointeeOf(cond->getTrueExpr()) | pointeeOf(cond->getFalseExpr());
  return kAnyMemory;
}

unsigned CudaAddressSpaces::storageOf(const clang::Expr *e) const {
  e = e->IgnoreParenImpCasts();
  if (auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
    if (auto *var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl())) {
      if (var->getType()->isReferenceType())
        return kAnyMemory;
      return storageOfVar(var);
    }
    return kAnyMemory;
  }
  if (auto *sub = llvm::dyn_cast<clang::ArraySubscriptExpr>(e))
    return pointeeOf(sub->getBase());
  if (auto *un = llvm::dyn_cast<clang::UnaryOperator>(e)) {
    if (un->getOpcode() == clang::UO_Deref)
      return pointeeOf(un->getSubExpr());
    return kAnyMemory;
  }
  if (auto *member = llvm::dyn_cast<clang::MemberExpr>(e)) {
    if (member->isArrow())
      return pointeeOf(member->getBase());
    return storageOf(member->getBase());
  }
  if (llvm::isa<clang::MaterializeTemporaryExpr, clang::CompoundLiteralExpr>(e))
    return kPrivateMemory;
  return kAnyMemory;
}
