//===- CudaAddressSpaces.cpp - where CUDA pointers point ------------------===//

#include "frontends/cuda/CudaAddressSpaces.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclFriend.h"
#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/SaveAndRestore.h"

using namespace xfence;

using Flow = CudaAddressSpaces::Flow;

namespace {

bool isPointerLike(clang::QualType t) {
  return t->isPointerType() || t->isArrayType();
}

/// True for `T *&` (and `T *&&`): a reference through which a pointer
/// object can be assigned.
bool isRefToMutablePointer(clang::QualType t) {
  if (!t->isReferenceType())
    return false;
  clang::QualType referee = t->getPointeeType();
  return referee->isPointerType() && !referee.isConstQualified();
}

/// The variable `e` names if it is an array of pointers (`float *p[2]`),
/// whose elements the analysis takes together as one pointer object.
static const clang::VarDecl *pointerArray(const clang::Expr *e) {
  const auto *ref =
      llvm::dyn_cast<clang::DeclRefExpr>(e->IgnoreParenImpCasts());
  const auto *var =
      ref ? llvm::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr;
  if (!var)
    return nullptr;
  const clang::ArrayType *array = var->getType()->getAsArrayTypeUnsafe();
  return array && array->getElementType()->isPointerType() ? var : nullptr;
}

class FlowCollector : public clang::DynamicRecursiveASTVisitor {
public:
  FlowCollector(std::vector<Flow> &flows,
                llvm::function_ref<bool(const clang::Decl *)> isUser)
      : flows(flows), isUser(isUser) {}

  /// The pointer objects whose value may change in ways the flows do not
  /// see: where they may point is unknown.
  llvm::SmallPtrSet<const clang::ValueDecl *, 8> escaped;
  /// The pointer members of the user's structs that device code reads.
  llvm::SmallPtrSet<const clang::FieldDecl *, 8> readMembers;
  bool VisitMemberExpr(clang::MemberExpr *e) override {
    if (auto *field = llvm::dyn_cast<clang::FieldDecl>(e->getMemberDecl());
        field && field->getType()->isPointerType() && isUser(field))
      readMembers.insert(field);
    return true;
  }

  /// Adds the flows of the assignments through references to pointers
  /// (`int *&r = p; r = s;` is a flow from `s` into `p`): each goes into
  /// every pointer object the reference is bound to.
  void resolveReferenceWrites() {
    for (const auto &[ref, value] : refWrites) {
      llvm::SmallPtrSet<const clang::ValueDecl *, 4> seen;
      assignThrough(ref, value, seen);
    }
  }

  bool TraverseDecl(clang::Decl *d) override {
    if (d && !llvm::isa<clang::TranslationUnitDecl>(d) && !isUser(d))
      return true;
    // Host code is not translated: its calls of __host__ __device__
    // functions (with host pointers) say nothing about the device program.
    auto *fn = llvm::dyn_cast_or_null<clang::FunctionDecl>(d);
    if (fn && isHostOnlyFunction(fn))
      return true;
    llvm::SaveAndRestore scope(function, fn ? fn : function);
    return clang::DynamicRecursiveASTVisitor::TraverseDecl(d);
  }
  bool TraverseLambdaExpr(clang::LambdaExpr *e) override {
    // Its returns are the lambda's.
    llvm::SaveAndRestore<const clang::FunctionDecl *> scope(function, nullptr);
    return clang::DynamicRecursiveASTVisitor::TraverseLambdaExpr(e);
  }
  /// A returned pointer flows into the function's result (the node of
  /// the function itself), which its calls then point wherever it does.
  bool VisitReturnStmt(clang::ReturnStmt *r) override {
    if (function && r->getRetValue() &&
        function->getReturnType()->isPointerType())
      flows.push_back({function->getCanonicalDecl(), r->getRetValue()});
    return true;
  }
  bool VisitVarDecl(clang::VarDecl *var) override {
    // `float *p[2] = {a, b};`: each element flows into the array.
    if (const clang::ArrayType *array = var->getType()->getAsArrayTypeUnsafe();
        array && array->getElementType()->isPointerType() && var->getInit())
      if (const auto *list =
              llvm::dyn_cast<clang::InitListExpr>(var->getInit()))
        for (const clang::Expr *init : list->inits())
          if (!llvm::isa<clang::ImplicitValueInitExpr>(init))
            flows.push_back({var, init});
    if (var->getType()->isPointerType() && var->getInit() &&
        !llvm::isa<clang::ParmVarDecl>(var))
      flows.push_back({var, var->getInit()});
    // A reference is where its object is (`T &r = a[i];`).
    if (var->getType()->isReferenceType() && var->getInit() &&
        !llvm::isa<clang::ParmVarDecl>(var)) {
      flows.push_back({var, var->getInit(), /*storage=*/true});
      if (isRefToMutablePointer(var->getType()))
        bindings[var].push_back(var->getInit());
    }
    return true;
  }
  bool VisitUnaryOperator(clang::UnaryOperator *op) override {
    // `&p` of a pointer: it may be assigned through the address (`*pp = s`).
    if (op->getOpcode() == clang::UO_AddrOf)
      if (const clang::ValueDecl *object = pointerObject(op->getSubExpr()))
        escaped.insert(object);
    return true;
  }
  bool VisitBinaryOperator(clang::BinaryOperator *op) override {
    if (op->getOpcode() != clang::BO_Assign)
      return true;
    const clang::Expr *lhs = op->getLHS()->IgnoreParenImpCasts();
    if (auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(lhs))
      if (auto *var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl())) {
        if (var->getType()->isPointerType())
          flows.push_back({var, op->getRHS()});
        else if (isRefToMutablePointer(var->getType()))
          refWrites.push_back({var, op->getRHS()});
      }
    // `p[i] = e` of an array of pointers: into the array.
    if (auto *subscript = llvm::dyn_cast<clang::ArraySubscriptExpr>(lhs))
      if (const clang::VarDecl *array = pointerArray(subscript->getBase()))
        flows.push_back({array, op->getRHS()});
    // `s.p = e`, `s->p = e`: into the member, for every object.
    if (auto *member = llvm::dyn_cast<clang::MemberExpr>(lhs))
      if (auto *field =
              llvm::dyn_cast<clang::FieldDecl>(member->getMemberDecl()))
        if (field->getType()->isPointerType())
          flows.push_back({field, op->getRHS()});
    return true;
  }
  bool VisitInitListExpr(clang::InitListExpr *list) override {
    // `S s = {p, n}` (the semantic form: designators resolved, members in
    // order). The walk visits the syntactic form only where the two
    // differ (`{g + 1, 2}`, `{arr}` with its decay): its semantic form.
    if (!list->isSemanticForm())
      list = list->getSemanticForm();
    if (!list)
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
  bool VisitCallExpr(clang::CallExpr *call) override {
    const clang::FunctionDecl *fn = call->getDirectCallee();
    if (!fn)
      return true;
    if (!isUser(fn)) {
      // A function of the toolkit or the standard library (std::swap)
      // that takes a pointer by reference may assign it.
      for (unsigned i = 0; i < call->getNumArgs() && i < fn->getNumParams();
           ++i)
        if (isRefToMutablePointer(fn->getParamDecl(i)->getType()))
          if (const clang::ValueDecl *object = pointerObject(call->getArg(i)))
            escaped.insert(object);
      return true;
    }
    if (const clang::FunctionDecl *def = fn->getDefinition())
      fn = def;
    for (unsigned i = 0; i < call->getNumArgs() && i < fn->getNumParams();
         ++i) {
      const clang::ParmVarDecl *param = fn->getParamDecl(i);
      if (param->getType()->isPointerType())
        flows.push_back({param, call->getArg(i)});
      else if (param->getType()->isReferenceType())
        flows.push_back({param, call->getArg(i), /*storage=*/true});
      if (isRefToMutablePointer(param->getType()))
        bindings[param].push_back(call->getArg(i));
    }
    return true;
  }

private:
  /// The pointer variable or member that the lvalue `e` names (`p`,
  /// `s.p`, `s->p`), if any.
  static const clang::ValueDecl *pointerObject(const clang::Expr *e) {
    e = e->IgnoreParenImpCasts();
    const clang::ValueDecl *object = nullptr;
    if (auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(e))
      object = ref->getDecl();
    else if (auto *member = llvm::dyn_cast<clang::MemberExpr>(e))
      object = member->getMemberDecl();
    return object &&
                   (llvm::isa<clang::VarDecl>(object) ||
                    llvm::isa<clang::FieldDecl>(object)) &&
                   object->getType()->isPointerType()
               ? object
               : nullptr;
  }

  /// `value` is assigned through the reference `ref`: a flow into each
  /// pointer object `ref` may be bound to. A binding to something else (an
  /// element of an array of pointers, `*pp`) needs none: where such an
  /// object points is unknown to the analysis anyway.
  void assignThrough(const clang::ValueDecl *ref, const clang::Expr *value,
                     llvm::SmallPtrSetImpl<const clang::ValueDecl *> &seen) {
    if (!seen.insert(ref).second)
      return;
    auto it = bindings.find(ref);
    if (it == bindings.end())
      return;
    for (const clang::Expr *bound : it->second) {
      const clang::Expr *e = bound->IgnoreParenImpCasts();
      const clang::ValueDecl *object = nullptr;
      if (auto *declRef = llvm::dyn_cast<clang::DeclRefExpr>(e))
        object = declRef->getDecl();
      else if (auto *member = llvm::dyn_cast<clang::MemberExpr>(e))
        object = member->getMemberDecl();
      if (!object)
        continue;
      if (isRefToMutablePointer(object->getType()))
        assignThrough(object, value, seen);
      else if (object->getType()->isPointerType())
        flows.push_back({object, value});
    }
  }

  std::vector<Flow> &flows;
  /// The function whose body is being walked.
  const clang::FunctionDecl *function = nullptr;
  llvm::function_ref<bool(const clang::Decl *)> isUser;
  /// The lvalues each reference to a pointer is bound to.
  llvm::DenseMap<const clang::ValueDecl *,
                 llvm::SmallVector<const clang::Expr *>>
      bindings;
  /// Assignments through a reference to a pointer: (reference, value).
  std::vector<std::pair<const clang::ValueDecl *, const clang::Expr *>>
      refWrites;
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
    else if (auto *ns = llvm::dyn_cast<clang::NamespaceDecl>(d))
      collectTopLevel(ns, out); // the declarations in it are top level too
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

const clang::FunctionDecl *xfence::friendFunction(const clang::Decl *member) {
  const auto *f = llvm::dyn_cast<clang::FriendDecl>(member);
  const clang::NamedDecl *d = f ? f->getFriendDecl() : nullptr;
  if (const auto *t = llvm::dyn_cast_or_null<clang::FunctionTemplateDecl>(d))
    d = t->getTemplatedDecl();
  return llvm::dyn_cast_or_null<clang::FunctionDecl>(d);
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
  collector.resolveReferenceWrites();
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
  // A pointer member that device code reads and never stores into holds
  // what the host wrote into the struct: the address of a device buffer
  // (as a kernel's pointer parameter does). Left unknown, OpenCL C 1.2
  // would read it as a private pointer.
  for (const clang::FieldDecl *field : collector.readMembers)
    points.try_emplace(field, kGlobalMemory);
  // A pointer assigned where the flows cannot follow (through its address,
  // by a library function) may point anywhere.
  for (const clang::ValueDecl *object : collector.escaped)
    points[object] = kAnyMemory;
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
  struct Atomics : clang::DynamicRecursiveASTVisitor {
    llvm::function_ref<bool(const clang::Decl *)> isUser;
    llvm::SmallVector<const clang::VarDecl *> bases;
    bool VisitCallExpr(clang::CallExpr *call) override {
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
  if (const clang::ArrayType *array = var->getType()->getAsArrayTypeUnsafe();
      array && array->getElementType()->isPointerType())
    return kAnyMemory; // an array of pointers nothing stores into
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
  if (auto *call = llvm::dyn_cast<clang::CallExpr>(e))
    if (const clang::FunctionDecl *fn = call->getDirectCallee())
      return pointeeOfResult(fn);
  if (auto *subscript = llvm::dyn_cast<clang::ArraySubscriptExpr>(e))
    if (const clang::VarDecl *array = pointerArray(subscript->getBase()))
      return pointeeOf(array);
  return kAnyMemory;
}

unsigned
CudaAddressSpaces::pointeeOfResult(const clang::FunctionDecl *fn) const {
  auto it = points.find(fn->getCanonicalDecl());
  return it == points.end() ? kAnyMemory : it->second;
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
  // A string literal is in OpenCL C's constant address space (clang's OpenCL
  // mode types "hi" as a __constant char array, which a private or generic
  // pointer cannot hold); on the CUDA side it is read-only memory.
  if (llvm::isa<clang::StringLiteral>(e))
    return kConstantMemory;
  return kAnyMemory;
}
