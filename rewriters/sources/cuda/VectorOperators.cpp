//===- VectorOperators.cpp - user operators over CUDA's vector types ------===//
//
// helper_math.h and its copies define `+`, `-=`, ... over float4, int2, ...
// component by component. OpenCL C has these operators built in, and so do
// HIP's vector types: the translation keeps the user's operator only where
// it is not, read on the AST, exactly the built-in one.
//
//===----------------------------------------------------------------------===//

#include "rewriters/sources/cuda/VectorOperators.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

using namespace xfence;

/// Whether `name` is a vector type of both CUDA and OpenCL C (`float4`,
/// `uchar2`; not CUDA's `float1` or `longlong2`).
bool xfence::isSharedVectorTypeName(llvm::StringRef name) {
  for (llvm::StringRef element : {"char", "uchar", "short", "ushort", "int",
                                  "uint", "long", "ulong", "float", "double"})
    if (name.consume_front(element))
      return name == "2" || name == "3" || name == "4";
  return false;
}

namespace {

/// `e` without parentheses, implicit casts, temporaries and the copies
/// C++ makes of a returned or passed value.
const clang::Expr *bare(const clang::Expr *e) {
  while (true) {
    e = e->IgnoreParenImpCasts();
    if (const auto *c = llvm::dyn_cast<clang::ExprWithCleanups>(e))
      e = c->getSubExpr();
    else if (const auto *m = llvm::dyn_cast<clang::MaterializeTemporaryExpr>(e))
      e = m->getSubExpr();
    else if (const auto *b = llvm::dyn_cast<clang::CXXBindTemporaryExpr>(e))
      e = b->getSubExpr();
    else if (const auto *c = llvm::dyn_cast<clang::CXXConstructExpr>(e);
             c && c->getNumArgs() == 1 &&
             c->getConstructor()->isCopyOrMoveConstructor())
      e = c->getArg(0);
    else if (const auto *f = llvm::dyn_cast<clang::CXXFunctionalCastExpr>(e))
      e = f->getSubExpr();
    else
      return e;
  }
}

} // namespace

bool xfence::isComponentwiseVectorOperator(const clang::FunctionDecl *fn,
                                           ParsedSource &src) {
  if (!fn->isOverloadedOperator() || llvm::isa<clang::CXXMethodDecl>(fn) ||
      !src.isUserLocation(fn->getLocation()))
    return false;
  const clang::FunctionDecl *def = fn->getDefinition();
  if (!def)
    return false;
  // The operator and whether it assigns (`+=`).
  clang::OverloadedOperatorKind op = def->getOverloadedOperator();
  static const std::pair<clang::OverloadedOperatorKind,
                         clang::BinaryOperatorKind>
      kBinary[] = {{clang::OO_Plus, clang::BO_Add},
                   {clang::OO_Minus, clang::BO_Sub},
                   {clang::OO_Star, clang::BO_Mul},
                   {clang::OO_Slash, clang::BO_Div},
                   {clang::OO_Percent, clang::BO_Rem},
                   {clang::OO_Amp, clang::BO_And},
                   {clang::OO_Pipe, clang::BO_Or},
                   {clang::OO_Caret, clang::BO_Xor},
                   {clang::OO_LessLess, clang::BO_Shl},
                   {clang::OO_GreaterGreater, clang::BO_Shr},
                   {clang::OO_PlusEqual, clang::BO_AddAssign},
                   {clang::OO_MinusEqual, clang::BO_SubAssign},
                   {clang::OO_StarEqual, clang::BO_MulAssign},
                   {clang::OO_SlashEqual, clang::BO_DivAssign},
                   {clang::OO_PercentEqual, clang::BO_RemAssign},
                   {clang::OO_AmpEqual, clang::BO_AndAssign},
                   {clang::OO_PipeEqual, clang::BO_OrAssign},
                   {clang::OO_CaretEqual, clang::BO_XorAssign},
                   {clang::OO_LessLessEqual, clang::BO_ShlAssign},
                   {clang::OO_GreaterGreaterEqual, clang::BO_ShrAssign}};
  std::optional<clang::BinaryOperatorKind> binary;
  for (const auto &[o, b] : kBinary)
    if (o == op)
      binary = b;
  bool negate = op == clang::OO_Minus && def->getNumParams() == 1;
  if (!negate && (!binary || def->getNumParams() != 2))
    return false;
  bool assigns =
      binary && clang::BinaryOperator::isCompoundAssignmentOp(*binary);
  // The vector type V (CUDA's, named as OpenCL C's) and its fields.
  const clang::RecordDecl *vector = nullptr;
  auto vectorOf = [&](clang::QualType t) -> const clang::RecordDecl * {
    const clang::RecordDecl *r = t.getNonReferenceType()->getAsRecordDecl();
    return r && r->getIdentifier() && !src.isUserLocation(r->getLocation()) &&
                   isSharedVectorTypeName(r->getName())
               ? r
               : nullptr;
  };
  for (const clang::ParmVarDecl *p : def->parameters())
    if (const clang::RecordDecl *r = vectorOf(p->getType())) {
      if (vector && vector != r)
        return false;
      vector = r;
    }
  if (!vector)
    return false;
  llvm::SmallVector<const clang::FieldDecl *, 4> fields;
  for (const clang::FieldDecl *f : vector->fields())
    fields.push_back(f);
  if (fields.empty())
    return false;
  clang::ASTContext &ctx = src.getContext();
  clang::QualType component = fields.front()->getType();
  // Each parameter: the vector (by value or reference) or a scalar of the
  // component type. Assignments change the first, a vector reference.
  for (unsigned i = 0; i < def->getNumParams(); ++i) {
    clang::QualType t = def->getParamDecl(i)->getType();
    bool isVector = vectorOf(t) != nullptr;
    if (!isVector &&
        !ctx.hasSameUnqualifiedType(t.getNonReferenceType(), component))
      return false;
    if (assigns && i == 0 &&
        (!isVector || !t->isLValueReferenceType() ||
         t.getNonReferenceType().isConstQualified()))
      return false;
  }
  if (!negate && !vectorOf(def->getParamDecl(0)->getType()) &&
      !vectorOf(def->getParamDecl(1)->getType()))
    return false;
  // Operand i's component c: `p.field` of a vector parameter, `p` of a
  // scalar one.
  auto isComponent = [&](const clang::Expr *e, unsigned param, unsigned c) {
    const clang::ParmVarDecl *p = def->getParamDecl(param);
    e = bare(e);
    if (!vectorOf(p->getType())) {
      const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(e);
      return ref && ref->getDecl() == p;
    }
    const auto *member = llvm::dyn_cast<clang::MemberExpr>(e);
    if (!member || member->getMemberDecl() != fields[c])
      return false;
    const auto *ref =
        llvm::dyn_cast<clang::DeclRefExpr>(bare(member->getBase()));
    return ref && ref->getDecl() == p;
  };
  const auto *body =
      llvm::dyn_cast_or_null<clang::CompoundStmt>(def->getBody());
  if (!body)
    return false;
  if (assigns) {
    // `a.x @= b.x; a.y @= b.y; ...`, each component once, optionally
    // `return a;` last.
    if (!def->getReturnType()->isVoidType() &&
        !(def->getReturnType()->isLValueReferenceType() &&
          vectorOf(def->getReturnType())))
      return false;
    llvm::SmallVector<bool, 4> seen(fields.size(), false);
    unsigned statements = 0;
    for (const clang::Stmt *st : body->body()) {
      ++statements;
      if (const auto *ret = llvm::dyn_cast<clang::ReturnStmt>(st)) {
        const auto *ref =
            ret->getRetValue()
                ? llvm::dyn_cast<clang::DeclRefExpr>(bare(ret->getRetValue()))
                : nullptr;
        if (statements != body->size() || !ref ||
            ref->getDecl() != def->getParamDecl(0))
          return false;
        continue;
      }
      const auto *assign = llvm::dyn_cast<clang::CompoundAssignOperator>(st);
      if (!assign || assign->getOpcode() != *binary)
        return false;
      bool matched = false;
      for (unsigned c = 0; c < fields.size(); ++c)
        if (!seen[c] && isComponent(assign->getLHS(), 0, c) &&
            isComponent(assign->getRHS(), 1, c)) {
          seen[c] = matched = true;
          break;
        }
      if (!matched)
        return false;
    }
    return llvm::all_of(seen, [](bool b) { return b; });
  }
  // `return make_V(e0, e1, ...);` or `return {e0, e1, ...};`, component c
  // being the operator on the operands' components c.
  if (!vectorOf(def->getReturnType()) ||
      vectorOf(def->getReturnType()) != vector ||
      def->getReturnType()->isReferenceType() || body->size() != 1)
    return false;
  const auto *ret = llvm::dyn_cast<clang::ReturnStmt>(body->body_front());
  if (!ret || !ret->getRetValue())
    return false;
  const clang::Expr *value = bare(ret->getRetValue());
  llvm::SmallVector<const clang::Expr *, 4> parts;
  if (const auto *call = llvm::dyn_cast<clang::CallExpr>(value)) {
    const clang::FunctionDecl *callee = call->getDirectCallee();
    if (!callee || src.isUserLocation(callee->getLocation()) ||
        callee->getName() != ("make_" + vector->getName()).str())
      return false;
    parts.append(call->arg_begin(), call->arg_end());
  } else if (const auto *list = llvm::dyn_cast<clang::InitListExpr>(value)) {
    for (const clang::Expr *init : list->inits())
      parts.push_back(init);
  } else {
    return false;
  }
  if (parts.size() != fields.size())
    return false;
  for (unsigned c = 0; c < parts.size(); ++c) {
    const clang::Expr *part = bare(parts[c]);
    if (negate) {
      const auto *unary = llvm::dyn_cast<clang::UnaryOperator>(part);
      if (!unary || unary->getOpcode() != clang::UO_Minus ||
          !isComponent(unary->getSubExpr(), 0, c))
        return false;
      continue;
    }
    const auto *b = llvm::dyn_cast<clang::BinaryOperator>(part);
    if (!b || b->getOpcode() != *binary)
      return false;
    // `+`, `*`, `&`, `|`, `^` commute (IEEE 754's sum and product too):
    // helper_math.h writes `operator+(float b, float2 a)` as `a.x + b`.
    bool commutes =
        llvm::is_contained({clang::BO_Add, clang::BO_Mul, clang::BO_And,
                            clang::BO_Or, clang::BO_Xor},
                           *binary);
    if (!(isComponent(b->getLHS(), 0, c) && isComponent(b->getRHS(), 1, c)) &&
        !(commutes && isComponent(b->getLHS(), 1, c) &&
          isComponent(b->getRHS(), 0, c)))
      return false;
  }
  return true;
}
