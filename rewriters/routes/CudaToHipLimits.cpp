//===- CudaToHipLimits.cpp - what HIP 5.2 lacks of CUDA -------------------===//
//
// See CudaToHipLimits.h. The walk visits template instantiations: a host
// template's `a + b` is an operator of `__half` only in the specialization
// with `__half`, and a tile's `shfl` of `T` takes a struct only where `T`
// is one. Each error is reported once, at the text the user wrote (an
// instantiation's expressions are located in the template's text).
//
//===----------------------------------------------------------------------===//

#include "rewriters/routes/CudaToHipLimits.h"

#include "frontends/cuda/CudaAddressSpaces.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/SaveAndRestore.h"

using namespace xfence;
using clang::DiagnosticsEngine;

bool xfence::isInNamespace(const clang::Decl *d, llvm::StringRef name) {
  for (const clang::DeclContext *dc = d->getDeclContext(); dc;
       dc = dc->getParent())
    if (auto *ns = llvm::dyn_cast<clang::NamespaceDecl>(dc))
      if (ns->getParent()->getRedeclContext()->isTranslationUnit())
        return ns->getName() == name;
  return false;
}

namespace {

/// The name of the file that declares `d`.
llvm::StringRef fileOf(const clang::Decl *d, const clang::SourceManager &sm) {
  clang::SourceLocation loc = sm.getExpansionLoc(d->getLocation());
  if (clang::OptionalFileEntryRef file =
          sm.getFileEntryRefForID(sm.getFileID(loc)))
    return file->getName();
  return "";
}

class HipLimits : public clang::DynamicRecursiveASTVisitor {
public:
  explicit HipLimits(ParsedSource &src) : src(src), sm(src.getSourceManager()) {
    ShouldVisitTemplateInstantiations = true;
  }

  bool TraverseDecl(clang::Decl *d) override {
    if (d && !llvm::isa<clang::TranslationUnitDecl>(d) &&
        !src.isUserLocation(d->getLocation()))
      return true;
    auto *fn = llvm::dyn_cast_or_null<clang::FunctionDecl>(d);
    llvm::SaveAndRestore scope(function, fn ? fn : function);
    return clang::DynamicRecursiveASTVisitor::TraverseDecl(d);
  }

  bool VisitCXXOperatorCallExpr(clang::CXXOperatorCallExpr *call) override {
    const clang::FunctionDecl *op = call->getDirectCallee();
    if (!op || !inHostCode() || src.isUserLocation(op->getLocation()) ||
        !fileOf(op, sm).contains("cuda_fp16"))
      return true;
    // HIP's assignments of a __half, its raw bits or a floating-point value
    // are the host's too; from an integer, the device's only.
    if (call->getOperator() == clang::OO_Equal &&
        !(op->getNumParams() > 0 && op->getParamDecl(op->getNumParams() - 1)
                                        ->getType()
                                        .getNonReferenceType()
                                        ->isIntegralOrEnumerationType()))
      return true;
    error(call->getOperatorLoc(),
          "'" + op->getNameAsString() +
              "' of CUDA's half type in host code has no HIP form: HIP "
              "5.2's __half and __half2 operators are device functions "
              "(amd_hip_fp16.h); compute in float on the host");
    return true;
  }

  bool VisitCallExpr(clang::CallExpr *call) override {
    const clang::FunctionDecl *fn = call->getDirectCallee();
    if (fn && fn->getIdentifier() && fn->getName() == "reduce" &&
        call->getNumArgs() == 3 && isInNamespace(fn, "cooperative_groups")) {
      // The prelude's reduce (HIP 5.2 has no <cooperative_groups/reduce.h>)
      // shuffles the value.
      clang::QualType value = call->getArg(1)->getType();
      if (!value->isDependentType() &&
          (!value->isArithmeticType() || value->isEnumeralType()))
        error(call->getBeginLoc(),
              "cooperative_groups::reduce of a '" +
                  value.getAsString(clang::PrintingPolicy(src.getLangOpts())) +
                  "' has no HIP form that xfence writes: its reduction "
                  "shuffles the value, and HIP's shuffles take an integer or "
                  "a floating-point value");
      return true;
    }
    if (!fn || !fn->getIdentifier() || !inHostCode() ||
        llvm::isa<clang::CXXOperatorCallExpr>(call) ||
        src.isUserLocation(fn->getLocation()) ||
        !fileOf(fn, sm).contains("math_functions") ||
        hasHostLibraryDeclaration(fn->getName()))
      return true;
    error(call->getBeginLoc(),
          "'" + fn->getName().str() +
              "' in host code has no HIP form: HIP declares CUDA's math "
              "functions that the C library lacks for the device only");
    return true;
  }

  bool VisitCXXMemberCallExpr(clang::CXXMemberCallExpr *call) override {
    const clang::CXXMethodDecl *m = call->getMethodDecl();
    if (!m || !m->getIdentifier() || !m->getName().starts_with("shfl") ||
        call->getNumArgs() == 0 || !isInNamespace(m, "cooperative_groups"))
      return true;
    clang::QualType value = call->getArg(0)->getType();
    if (value->isDependentType() ||
        (value->isArithmeticType() && !value->isEnumeralType()))
      return true;
    error(call->getExprLoc(),
          "cooperative groups' '" + m->getName().str() + "' of a '" +
              value.getAsString(clang::PrintingPolicy(src.getLangOpts())) +
              "' has no HIP form: HIP's takes an integer or a floating-point "
              "value (amd_hip_cooperative_groups.h); shuffle its members");
    return true;
  }

  bool VisitTemplateSpecializationTypeLoc(
      clang::TemplateSpecializationTypeLoc tl) override {
    if (tl.getType()->isDependentType())
      return true;
    const auto *spec =
        llvm::dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(
            tl.getType()->getAsCXXRecordDecl());
    if (!spec || !spec->getIdentifier() || !isInNamespace(spec, "cub") ||
        (spec->getName() != "BlockLoad" && spec->getName() != "BlockStore"))
      return true;
    // <T, BLOCK_DIM_X, ITEMS_PER_THREAD, ALGORITHM, BLOCK_DIM_Y,
    // BLOCK_DIM_Z, ...>
    const clang::TemplateArgumentList &args = spec->getTemplateArgs();
    if (args.size() < 6 ||
        args[3].getKind() != clang::TemplateArgument::Integral)
      return true;
    const auto *algorithm = llvm::dyn_cast_or_null<clang::EnumType>(
        args[3].getIntegralType().getTypePtr());
    if (!algorithm)
      return true;
    std::string method;
    for (const clang::EnumConstantDecl *c :
         algorithm->getDecl()->getDefinition()->enumerators())
      if (llvm::APSInt::isSameValue(c->getInitVal(), args[3].getAsIntegral()))
        method = c->getName().str();
    uint64_t threads = 1;
    for (unsigned i : {1u, 4u, 5u}) {
      if (args[i].getKind() != clang::TemplateArgument::Integral)
        return true;
      threads *= args[i].getAsIntegral().getZExtValue();
    }
    if (!llvm::StringRef(method).contains("WARP_TRANSPOSE") ||
        threads % 64 == 0)
      return true;
    error(tl.getTemplateNameLoc(),
          "hipCUB's " + spec->getName().str() + " with " + method +
              " over a block of " + std::to_string(threads) +
              " threads has no HIP form: rocPRIM asserts a whole number of "
              "64-lane wavefronts per block for it; use a block of a "
              "multiple of 64 threads or another algorithm");
    return true;
  }

  bool failed = false;

private:
  bool inHostCode() const { return function && isHostOnlyFunction(function); }

  /// Whether a library outside CUDA's toolkit (the C or C++ library)
  /// declares a function `name` at file scope.
  bool hasHostLibraryDeclaration(llvm::StringRef name) {
    auto [it, inserted] = hostLibrary.try_emplace(name, false);
    if (!inserted)
      return it->second;
    clang::ASTContext &ctx = src.getContext();
    for (const clang::NamedDecl *d :
         ctx.getTranslationUnitDecl()->lookup(&ctx.Idents.get(name)))
      if (!fileOf(d, sm).contains("math_functions") &&
          !fileOf(d, sm).contains("cuda"))
        return it->second = true;
    return false;
  }

  void error(clang::SourceLocation loc, const std::string &message) {
    loc = sm.getFileLoc(loc);
    if (!reported.insert(loc).second)
      return;
    src.report(loc, DiagnosticsEngine::Error, message);
    failed = true;
  }

  ParsedSource &src;
  clang::SourceManager &sm;
  const clang::FunctionDecl *function = nullptr;
  llvm::DenseSet<clang::SourceLocation> reported;
  llvm::StringMap<bool> hostLibrary;
};

} // namespace

bool xfence::checkHipLimits(ParsedSource &src) {
  HipLimits limits(src);
  limits.TraverseDecl(src.getContext().getTranslationUnitDecl());
  return !limits.failed;
}
