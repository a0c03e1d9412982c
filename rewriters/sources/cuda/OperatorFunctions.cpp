//===- OperatorFunctions.cpp - Overloaded operators as functions ----------===//
//
// See OperatorFunctions.h. The edits are made on the text of one parse and
// the result is CUDA again. A use's call keeps C++'s evaluation: the
// overloaded operator is a function call in C++ too (its operands are its
// arguments, `&&` and `||` of a user's type do not short-circuit), so the
// named call evaluates what the operator evaluated.
//
//===----------------------------------------------------------------------===//

#include "rewriters/sources/cuda/OperatorFunctions.h"

#include "frontends/common/SourceRanges.h"
#include "rewriters/common/SourceEdits.h"
#include "rewriters/sources/cuda/VectorOperators.h"

#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/SaveAndRestore.h"

using namespace xfence;
using clang::DiagnosticsEngine;
using mlir::failure;
using mlir::FailureOr;

std::optional<std::string>
xfence::operatorWord(clang::OverloadedOperatorKind op, bool unary) {
  switch (op) {
  case clang::OO_Plus:
    return std::string(unary ? "pos" : "add");
  case clang::OO_Minus:
    return std::string(unary ? "neg" : "sub");
  case clang::OO_Star:
    return unary ? std::nullopt : std::optional<std::string>("mul");
  case clang::OO_Amp:
    return unary ? std::nullopt : std::optional<std::string>("and");
  case clang::OO_Slash:
    return std::string("div");
  case clang::OO_Percent:
    return std::string("rem");
  case clang::OO_Pipe:
    return std::string("or");
  case clang::OO_Caret:
    return std::string("xor");
  case clang::OO_Tilde:
    return std::string("not");
  case clang::OO_Exclaim:
    return std::string("lnot");
  case clang::OO_Less:
    return std::string("lt");
  case clang::OO_Greater:
    return std::string("gt");
  case clang::OO_LessEqual:
    return std::string("le");
  case clang::OO_GreaterEqual:
    return std::string("ge");
  case clang::OO_EqualEqual:
    return std::string("eq");
  case clang::OO_ExclaimEqual:
    return std::string("ne");
  case clang::OO_LessLess:
    return std::string("shl");
  case clang::OO_GreaterGreater:
    return std::string("shr");
  case clang::OO_AmpAmp:
    return std::string("land");
  case clang::OO_PipePipe:
    return std::string("lor");
  case clang::OO_PlusEqual:
    return std::string("add_assign");
  case clang::OO_MinusEqual:
    return std::string("sub_assign");
  case clang::OO_StarEqual:
    return std::string("mul_assign");
  case clang::OO_SlashEqual:
    return std::string("div_assign");
  case clang::OO_PercentEqual:
    return std::string("rem_assign");
  case clang::OO_AmpEqual:
    return std::string("and_assign");
  case clang::OO_PipeEqual:
    return std::string("or_assign");
  case clang::OO_CaretEqual:
    return std::string("xor_assign");
  case clang::OO_LessLessEqual:
    return std::string("shl_assign");
  case clang::OO_GreaterGreaterEqual:
    return std::string("shr_assign");
  case clang::OO_PlusPlus:
    return std::string(unary ? "inc" : "post_inc");
  case clang::OO_MinusMinus:
    return std::string(unary ? "dec" : "post_dec");
  default:
    return std::nullopt;
  }
}

std::optional<llvm::SmallVector<OperatorCallEdit, 3>>
xfence::operatorCallEdits(const FileCharRange &whole, const FileCharRange &op,
                          const FileCharRange &first, bool unary, bool postfix,
                          llvm::StringRef open, llvm::StringRef close) {
  using Kind = OperatorCallEdit::Kind;
  if (unary) // the operator opens the call
    return llvm::SmallVector<OperatorCallEdit, 3>{
        {Kind::Replace, op, open.str()},
        {Kind::Suffix, whole, close.str() + ")"}};
  if (postfix)
    return llvm::SmallVector<OperatorCallEdit, 3>{
        {Kind::Prefix, whole, open.str()},
        {Kind::Replace, op, close.str() + ", 0)"}};
  if (first.file != op.file || first.end > op.begin)
    return std::nullopt;
  return llvm::SmallVector<OperatorCallEdit, 3>{
      {Kind::Prefix, whole, open.str()},
      {Kind::Replace, {op.file, first.end, op.end}, close.str() + ","},
      {Kind::Suffix, whole, ")"}};
}

namespace {

/// Whether `fn` is the kind of operator this lowering writes: a free
/// (neither member nor friend) operator of the user's, not a template's.
bool isFreeUserOperator(const clang::FunctionDecl *fn, ParsedSource &src) {
  return fn->isOverloadedOperator() && !llvm::isa<clang::CXXMethodDecl>(fn) &&
         fn->getFriendObjectKind() == clang::Decl::FOK_None &&
         !fn->isTemplated() && !fn->isTemplateInstantiation() &&
         fn->getDeclContext()->getRedeclContext()->isFileContext() &&
         src.isUserLocation(fn->getLocation());
}

/// Whether a declaration of `fn` is `__device__`.
bool isDevice(const clang::FunctionDecl *fn) {
  for (const clang::FunctionDecl *d : fn->redecls())
    if (d->hasAttr<clang::CUDADeviceAttr>())
      return true;
  return false;
}

class OperatorLowering : public clang::DynamicRecursiveASTVisitor {
public:
  explicit OperatorLowering(ParsedSource &src)
      : src(src), sm(src.getSourceManager()), lo(src.getLangOpts()),
        edits(src, copyPolicy()) {}

  FailureOr<ExpandedFiles> run();

  bool TraverseDecl(clang::Decl *d) override {
    if (d && !llvm::isa<clang::TranslationUnitDecl>(d) &&
        !src.isUserLocation(d->getLocation()))
      return true;
    return clang::DynamicRecursiveASTVisitor::TraverseDecl(d);
  }
  bool VisitFunctionDecl(clang::FunctionDecl *fn) override;
  bool VisitCXXOperatorCallExpr(clang::CXXOperatorCallExpr *call) override;
  bool VisitDeclRefExpr(clang::DeclRefExpr *ref) override;

private:
  void error(clang::SourceLocation loc, const llvm::Twine &message) {
    src.report(loc, DiagnosticsEngine::Error, message.str());
    hadError = true;
  }
  /// The function name of `fn`, if this lowering writes it.
  const std::string *nameOf(const clang::FunctionDecl *fn) const {
    if (!fn)
      return nullptr;
    auto it = names.find(fn->getCanonicalDecl());
    return it == names.end() ? nullptr : &it->second;
  }
  /// Collects the operators (the first walk).
  void collect();

  ParsedSource &src;
  clang::SourceManager &sm;
  const clang::LangOptions &lo;
  SourceEdits edits;
  bool hadError = false;
  /// The operators this lowering writes, by canonical declaration.
  llvm::DenseMap<const clang::FunctionDecl *, std::string> names;
  /// The references that name an operator at a use (`a * b`'s `*`), which
  /// the use's rewrite takes care of.
  llvm::DenseSet<const clang::DeclRefExpr *> operatorCallees;
};

void OperatorLowering::collect() {
  struct Collector : clang::DynamicRecursiveASTVisitor {
    OperatorLowering &x;
    explicit Collector(OperatorLowering &x) : x(x) {}
    bool TraverseDecl(clang::Decl *d) override {
      if (d && !llvm::isa<clang::TranslationUnitDecl>(d) &&
          !x.src.isUserLocation(d->getLocation()))
        return true;
      return clang::DynamicRecursiveASTVisitor::TraverseDecl(d);
    }
    bool VisitFunctionDecl(clang::FunctionDecl *fn) override {
      if (!isFreeUserOperator(fn, x.src) || !isDevice(fn) ||
          x.names.count(fn->getCanonicalDecl()))
        return true;
      const clang::FunctionDecl *def = fn->getDefinition();
      // An operator that OpenCL C's vector operators compute: the
      // translation drops it and keeps its uses.
      if (!def || isComponentwiseVectorOperator(def, x.src))
        return true;
      std::optional<std::string> word =
          operatorWord(fn->getOverloadedOperator(), fn->getNumParams() == 1);
      if (!word)
        return true; // left to the translation, which reports it
      x.names[fn->getCanonicalDecl()] = "xfence_operator_" + *word;
      return true;
    }
  } collector(*this);
  collector.TraverseDecl(src.getContext().getTranslationUnitDecl());
  if (names.empty())
    return;
  // An operator that a template's instantiation (a library's, or the
  // user's that stays a template) applies keeps its name: that text is the
  // template's, shared by its specializations, and cannot be rewritten.
  struct Audit : clang::DynamicRecursiveASTVisitor {
    OperatorLowering &x;
    const clang::FunctionDecl *function = nullptr;
    explicit Audit(OperatorLowering &x) : x(x) {
      ShouldVisitTemplateInstantiations = true;
    }
    bool TraverseDecl(clang::Decl *d) override {
      auto *fn = llvm::dyn_cast_or_null<clang::FunctionDecl>(d);
      llvm::SaveAndRestore scope(function, fn ? fn : function);
      return clang::DynamicRecursiveASTVisitor::TraverseDecl(d);
    }
    void check(const clang::FunctionDecl *callee, clang::SourceLocation at) {
      if (!callee || !x.names.count(callee->getCanonicalDecl()))
        return;
      if (!x.src.isUserLocation(at) ||
          (function && function->isTemplateInstantiation()))
        x.names.erase(callee->getCanonicalDecl());
    }
    bool VisitCallExpr(clang::CallExpr *call) override {
      check(call->getDirectCallee(), call->getBeginLoc());
      return true;
    }
  } audit(*this);
  audit.TraverseDecl(src.getContext().getTranslationUnitDecl());
}

bool OperatorLowering::VisitFunctionDecl(clang::FunctionDecl *fn) {
  const std::string *name = nameOf(fn);
  if (!name)
    return true;
  std::optional<FileCharRange> text =
      findRewriteRange(sm, lo, fn->getNameInfo().getSourceRange());
  if (!text) {
    error(fn->getLocation(), "cannot rename this overloaded operator to a "
                             "function (written in a macro?)");
    return true;
  }
  edits.replace(*text, *name);
  return true;
}

bool OperatorLowering::VisitDeclRefExpr(clang::DeclRefExpr *ref) {
  const auto *fn = llvm::dyn_cast<clang::FunctionDecl>(ref->getDecl());
  const std::string *name = nameOf(fn);
  if (!name || operatorCallees.count(ref))
    return true;
  // `operator*(a, b)` written as a call, or the operator's address.
  std::optional<FileCharRange> text =
      findRewriteRange(sm, lo, ref->getNameInfo().getSourceRange());
  if (!text || ref->hasQualifier()) {
    error(ref->getLocation(), "cannot rename this use of an overloaded "
                              "operator (qualified, or written in a macro?)");
    return true;
  }
  edits.replace(*text, *name, ref->getLocation());
  return true;
}

bool OperatorLowering::VisitCXXOperatorCallExpr(
    clang::CXXOperatorCallExpr *call) {
  const std::string *name = nameOf(call->getDirectCallee());
  if (!name)
    return true;
  if (const auto *cast =
          llvm::dyn_cast<clang::ImplicitCastExpr>(call->getCallee()))
    if (const auto *ref =
            llvm::dyn_cast<clang::DeclRefExpr>(cast->getSubExpr()))
      operatorCallees.insert(ref);
  clang::SourceLocation at = call->getOperatorLoc();
  auto fail = [&] {
    error(at, "cannot rewrite this use of an overloaded operator as a call "
              "(written in a macro?)");
    return true;
  };
  std::optional<FileCharRange> whole =
      findRewriteRange(sm, lo, call->getSourceRange());
  if (!whole) {
    // An operand that ends (or starts) in a macro's expansion, `v * DIM(y)`:
    // the use's text with the whole invocation, where the lexer finds it.
    clang::CharSourceRange text = clang::Lexer::makeFileCharRange(
        clang::CharSourceRange::getTokenRange(call->getSourceRange()), sm, lo);
    if (text.isValid() && src.isUserLocation(text.getBegin())) {
      auto [file, begin] = sm.getDecomposedLoc(text.getBegin());
      whole = FileCharRange{file, begin, sm.getFileOffset(text.getEnd())};
    }
  }
  if (!whole)
    return fail();
  std::optional<FileCharRange> op =
      findRangeInside(sm, lo, clang::SourceRange(at, at), *whole);
  if (!op)
    return fail();
  unsigned args = call->getNumArgs();
  bool postfix = args == 2 && (call->getOperator() == clang::OO_PlusPlus ||
                               call->getOperator() == clang::OO_MinusMinus);
  if (args != 1 && args != 2)
    return fail();
  // Each operand's text must lie in the use's, apart from the operator
  // (a postfix operator's second operand is C++'s, not written).
  std::optional<FileCharRange> first;
  for (unsigned i = 0; i < (postfix ? 1 : args); ++i) {
    std::optional<FileCharRange> operand =
        findRangeInside(sm, lo, call->getArg(i)->getSourceRange(), *whole);
    if (!operand)
      return fail();
    if (i == 0)
      first = operand;
  }
  auto planned = operatorCallEdits(*whole, *op, *first, args == 1, postfix,
                                   *name + "(", "");
  if (!planned)
    return fail();
  for (const OperatorCallEdit &e : *planned)
    switch (e.kind) {
    case OperatorCallEdit::Kind::Replace:
      edits.replace(e.range, e.text, at);
      break;
    case OperatorCallEdit::Kind::Prefix:
      edits.insertBefore(e.range, e.text, at);
      break;
    case OperatorCallEdit::Kind::Suffix:
      edits.insertAfter(e.range, e.text, at);
      break;
    }
  return true;
}

FailureOr<ExpandedFiles> OperatorLowering::run() {
  collect();
  if (names.empty())
    return ExpandedFiles();
  TraverseDecl(src.getContext().getTranslationUnitDecl());
  if (hadError)
    return failure();
  FailureOr<std::vector<std::pair<clang::FileID, std::string>>> texts =
      edits.applyToFiles();
  if (failed(texts))
    return failure();
  return expandedFiles(sm, std::move(*texts));
}

} // namespace

FailureOr<ExpandedFiles> xfence::lowerOperatorFunctions(ParsedSource &src) {
  return OperatorLowering(src).run();
}
