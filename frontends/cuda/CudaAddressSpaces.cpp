//===- CudaAddressSpaces.cpp - where CUDA pointers point ------------------===//

#include "frontends/cuda/CudaAddressSpaces.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace xfence;

using Flow = CudaAddressSpaces::Flow;

namespace {

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
    // A reference is where its object is (`T &r = a[i];`).
    if (var->getType()->isReferenceType() && var->getInit() &&
        !llvm::isa<clang::ParmVarDecl>(var))
      flows.push_back({var, var->getInit(), /*storage=*/true});
    return true;
  }
  bool VisitBinaryOperator(clang::BinaryOperator *op) {
    if (op->getOpcode() != clang::BO_Assign)
      return true;
    const clang::Expr *lhs = op->getLHS()->IgnoreParenImpCasts();
    if (auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(lhs))
      if (auto *var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl()))
        if (var->getType()->isPointerType())
          flows.push_back({var, op->getRHS()});
    // `s.p = e`, `s->p = e`: into the member, for every object.
    if (auto *member = llvm::dyn_cast<clang::MemberExpr>(lhs))
      if (auto *field =
              llvm::dyn_cast<clang::FieldDecl>(member->getMemberDecl()))
        if (field->getType()->isPointerType())
          flows.push_back({field, op->getRHS()});
    return true;
  }
  bool VisitInitListExpr(clang::InitListExpr *list) {
    // `S s = {p, n}` (the semantic form: designators resolved, members in
    // order).
    if (!list->isSemanticForm())
      return true;
    const clang::RecordDecl *record = list->getType()->getAsRecordDecl();
    if (!record || !record->getDefinition())
      return true;
    record = record->getDefinition();
    if (record->isUnion()) {
      const clang::FieldDecl *field = list->getInitializedFieldInUnion();
      if (field && list->getNumInits() == 1 &&
          field->getType()->isPointerType())
        flows.push_back({field, list->getInit(0)});
      return true;
    }
    unsigned i = 0;
    for (const clang::FieldDecl *field : record->fields()) {
      if (i >= list->getNumInits())
        break;
      const clang::Expr *init = list->getInit(i++);
      if (field->getType()->isPointerType() &&
          !llvm::isa<clang::ImplicitValueInitExpr>(init))
        flows.push_back({field, init});
    }
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
      else if (fn->getParamDecl(i)->getType()->isReferenceType())
        flows.push_back({fn->getParamDecl(i), call->getArg(i),
                         /*storage=*/true});
    return true;
  }

private:
  std::vector<Flow> &flows;
  llvm::function_ref<bool(const clang::Decl *)> isUser;
};
} // namespace

/// The pointer members of `type` (a struct by value, its structs by value
/// and arrays of them, at any depth): where a kernel argument's host puts
/// device buffers.
static void pointerMembers(clang::QualType type,
                           llvm::SmallVectorImpl<const clang::FieldDecl *> &out,
                           unsigned depth = 0) {
  type = type.getCanonicalType();
  while (const clang::ArrayType *array = type->getAsArrayTypeUnsafe())
    type = array->getElementType().getCanonicalType();
  const clang::RecordDecl *record = type->getAsRecordDecl();
  if (!record || !record->getDefinition() || depth > 16)
    return;
  for (const clang::FieldDecl *field : record->getDefinition()->fields()) {
    clang::QualType t = field->getType().getCanonicalType();
    while (const clang::ArrayType *array = t->getAsArrayTypeUnsafe())
      t = array->getElementType().getCanonicalType();
    if (t->isPointerType())
      out.push_back(field);
    else
      pointerMembers(t, out, depth + 1);
  }
}

static void collectTopLevel(const clang::DeclContext *dc,
                            std::vector<clang::Decl *> &out) {
  for (clang::Decl *d : dc->decls()) {
    if (auto *linkage = llvm::dyn_cast<clang::LinkageSpecDecl>(d))
      collectTopLevel(linkage, out);
    else
      out.push_back(d);
  }
}

std::vector<clang::Decl *> xfence::topLevelDecls(const clang::ASTContext &ctx) {
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
    for (const clang::ParmVarDecl *p : fn->parameters()) {
      if (p->getType()->isPointerType())
        points[p] = kGlobalMemory;
      llvm::SmallVector<const clang::FieldDecl *> members;
      pointerMembers(p->getType(), members);
      for (const clang::FieldDecl *field : members)
        points[field] |= kGlobalMemory;
    }
  }
  seedUncalledAtomicParams(ctx, isUser, flows);
  // Every variable a pointer flows into starts empty and grows.
  for (const Flow &flow : flows)
    points.try_emplace(flow.var, kNoMemory);
  for (bool changed = true; changed;) {
    changed = false;
    for (const Flow &flow : flows) {
      unsigned &set = points[flow.var];
      unsigned next =
          set | (flow.storage ? storageOf(flow.from) : pointeeOf(flow.from));
      if (next != set) {
        set = next;
        changed = true;
      }
    }
  }
}

/// The variable that the pointer expression `e` is based on (`p`, `p + i`,
/// `&p[i]`, `&p->x`), if any.
static const clang::VarDecl *baseVariable(const clang::Expr *e) {
  for (unsigned depth = 0; depth < 32 && e; ++depth) {
    e = e->IgnoreParenImpCasts();
    if (auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(e))
      return llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
    if (auto *un = llvm::dyn_cast<clang::UnaryOperator>(e)) {
      if (un->getOpcode() != clang::UO_AddrOf)
        return nullptr;
      const clang::Expr *sub = un->getSubExpr()->IgnoreParenImpCasts();
      if (auto *subscript = llvm::dyn_cast<clang::ArraySubscriptExpr>(sub))
        e = subscript->getBase();
      else if (auto *member = llvm::dyn_cast<clang::MemberExpr>(sub);
               member && member->isArrow())
        e = member->getBase();
      else
        return nullptr;
      continue;
    }
    if (auto *bin = llvm::dyn_cast<clang::BinaryOperator>(e);
        bin && bin->isAdditiveOp()) {
      e = bin->getLHS()->getType()->isPointerType() ? bin->getLHS()
                                                    : bin->getRHS();
      continue;
    }
    return nullptr;
  }
  return nullptr;
}

void CudaAddressSpaces::seedUncalledAtomicParams(
    clang::ASTContext &ctx,
    llvm::function_ref<bool(const clang::Decl *)> isUser,
    llvm::ArrayRef<Flow> flows) {
  // A pointer parameter of a __device__ function that nothing calls (no
  // value flows into it) and that is the pointer operand of a CUDA atomic
  // (atomicOr(&out[i], v)): global memory. No use of the function says
  // otherwise, OpenCL C's atomics need a named address space where there
  // are no generic pointers (PoCL's 3.0), and a call added later that
  // passes other memory does not compile rather than silently miscompile.
  llvm::DenseSet<const clang::ValueDecl *> targets;
  for (const Flow &flow : flows)
    targets.insert(flow.var);
  struct Atomics : clang::RecursiveASTVisitor<Atomics> {
    llvm::function_ref<bool(const clang::Decl *)> isUser;
    llvm::SmallVector<const clang::VarDecl *> bases;
    bool VisitCallExpr(clang::CallExpr *call) {
      const clang::FunctionDecl *callee = call->getDirectCallee();
      if (!callee || isUser(callee) || !callee->getIdentifier() ||
          !callee->getName().starts_with("atomic") || call->getNumArgs() == 0)
        return true;
      if (const clang::VarDecl *base = baseVariable(call->getArg(0)))
        bases.push_back(base);
      return true;
    }
  };
  for (clang::Decl *d : topLevelDecls(ctx)) {
    auto *fn = llvm::dyn_cast<clang::FunctionDecl>(d);
    if (!fn || !isUser(fn) || !fn->doesThisDeclarationHaveABody() ||
        isHostOnlyFunction(fn) || fn->hasAttr<clang::CUDAGlobalAttr>())
      continue;
    Atomics atomics;
    atomics.isUser = isUser;
    atomics.TraverseStmt(fn->getBody());
    for (const clang::VarDecl *base : atomics.bases)
      if (auto *p = llvm::dyn_cast<clang::ParmVarDecl>(base);
          p && p->getDeclContext() == fn && p->getType()->isPointerType() &&
          !targets.count(p))
        points[p] = kGlobalMemory;
  }
}

unsigned CudaAddressSpaces::pointeeOf(const clang::VarDecl *var) const {
  auto it = points.find(var);
  if (it != points.end())
    return it->second;
  // A parameter of a function that nobody calls, or a pointer from where
  // the analysis does not look.
  return var->getType()->isPointerType() || var->getType()->isReferenceType()
             ? kAnyMemory
             : storageOfVar(var);
}

unsigned CudaAddressSpaces::pointeeOf(const clang::FieldDecl *field) const {
  auto it = points.find(field);
  return it != points.end() ? it->second : kAnyMemory;
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
      if (var->getType()->isReferenceType())
        return kAnyMemory; // a reference to a pointer: not followed
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
  if (auto *member = llvm::dyn_cast<clang::MemberExpr>(e))
    if (auto *field = llvm::dyn_cast<clang::FieldDecl>(member->getMemberDecl()))
      if (field->getType()->isPointerType())
        return pointeeOf(field);
  return kAnyMemory;
}

unsigned CudaAddressSpaces::storageOf(const clang::Expr *e) const {
  if (llvm::isa<clang::MaterializeTemporaryExpr>(e->IgnoreParens()))
    return kPrivateMemory; // a temporary (bound to a const reference)
  e = e->IgnoreParenImpCasts();
  if (auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
    if (auto *var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl())) {
      if (var->getType()->isReferenceType())
        return pointeeOf(var); // where its object is
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
