//===- CalledFunction.h - the function a call names -------------*- C++ -*-===//
//
// The function a call in the user's code calls: resolved, or, in a template
// where an argument depends on a template parameter, the overloads its name
// found. One reading for the checks of the warp and wavefront functions.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_COMMON_CALLEDFUNCTION_H
#define XFENCE_REWRITERS_COMMON_CALLEDFUNCTION_H

#include "frontends/common/ClangSession.h"
#include "frontends/common/SourceRanges.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/STLExtras.h"

#include <string>

namespace xfence {

struct CalledFunction {
  std::string name; // empty: no named function
  /// Where the name is written at the call.
  clang::SourceRange nameRange;
  /// The name found a user function (in a template: one of its overloads).
  bool mayBeUsers = false;
  /// Every function the name found is the user's.
  bool declaredByUser = false;
};

inline CalledFunction calledFunction(ParsedSource &src,
                                     const clang::CallExpr *call) {
  CalledFunction called;
  const clang::Expr *callee = call->getCallee()->IgnoreParenImpCasts();
  if (const clang::FunctionDecl *function = call->getDirectCallee()) {
    if (!function->getIdentifier())
      return called;
    called.name = function->getName().str();
    called.declaredByUser = called.mayBeUsers =
        src.isUserLocation(function->getLocation());
    if (const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(callee))
      called.nameRange = ref->getNameInfo().getSourceRange();
  } else if (const auto *lookup =
                 llvm::dyn_cast<clang::UnresolvedLookupExpr>(callee)) {
    called.name = lookup->getName().getAsString();
    called.nameRange = lookup->getNameInfo().getSourceRange();
    auto byUser = [&](clang::NamedDecl *d) {
      return src.isUserLocation(d->getLocation());
    };
    called.mayBeUsers = llvm::any_of(lookup->decls(), byUser);
    called.declaredByUser =
        called.mayBeUsers && llvm::all_of(lookup->decls(), byUser);
  }
  return called;
}

/// The text of the user's files that renames the function a call names,
/// `nameRange` (CalledFunction::nameRange): where the name is written (in a user macro's body, for all of the
/// macro's uses). A name made by token pasting is the invocation that makes
/// it (`CAT(__shfl, _down)`): the body's `a##b` serves other uses too.
/// Nothing if that text is not the user's or cannot be rewritten.
inline std::optional<FileCharRange>
calledNameText(ParsedSource &src, clang::SourceRange nameRange) {
  clang::SourceManager &sm = src.getSourceManager();
  bool pasted = sm.isWrittenInScratchSpace(
      sm.getSpellingLoc(nameRange.getBegin()));
  std::optional<FileCharRange> range =
      findRewriteRange(sm, src.getLangOpts(), nameRange, pasted);
  if (range && !src.isUserLocation(range->getBegin(sm)))
    range.reset();
  return range;
}

} // namespace xfence

#endif // XFENCE_REWRITERS_COMMON_CALLEDFUNCTION_H
