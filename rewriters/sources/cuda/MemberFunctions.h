//===- MemberFunctions.h - Member functions as free functions ---*- C++ -*-===//
//
// OpenCL C has no member functions, but CUDA code gives its structs some:
// random number generators with a constructor and `next()`, functors with
// an `operator()`, small classes of static helpers. Before the translation
// proper (after the function templates are copied), each user struct or
// class with a `__device__` member function becomes a plain struct of its
// data and one free function per member function, written after the
// struct: `R_name(R *self, ...)` (`const R *self` for a const member
// function; no `self` for a static one), `R_call` for `operator()`,
// `R_operator_mul(const R &self, ...)` for a const operator (a reference,
// so that a temporary binds to it), and `R R_make(...)` for a constructor,
// which builds the object in a local and returns it. Every use is
// rewritten (`obj.f(a)` -> `R_f(&(obj), a)`, `a * b` -> `R_operator_mul(a,
// b)`, `R r(a);` -> `R r = R_make(a);`, `this->x` and `x` in a member
// function -> `self->x`), host code's too, and the result is parsed again
// as CUDA (docs/cuda-to-opencl.md "Member functions"). A class that has
// what this does not write (bases, virtual functions, member templates,
// operators such as `[]` or `=`, static data, user copy constructors or
// destructors) is left as it is, and the translation reports it with
// memberLoweringObstacle's reason.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_SOURCES_CUDA_MEMBERFUNCTIONS_H
#define XFENCE_REWRITERS_SOURCES_CUDA_MEMBERFUNCTIONS_H

#include "rewriters/sources/cuda/CudaTemplates.h"

namespace xfence {

/// Lowers the member functions of the user's structs and classes that have
/// `__device__` ones. Returns no files if there is no such class. Moved text
/// carries `#line` directives (kTemplateLineMarker) so that diagnostics on
/// the new text name the user's lines. Reports errors through the source
/// and fails if there was one.
mlir::FailureOr<ExpandedFiles> lowerMemberFunctions(ParsedSource &src);

/// What keeps the member-function lowering from writing a class that has
/// `__device__` member functions: where, and what it is ("a member
/// template", "base classes").
struct MemberLoweringObstacle {
  clang::SourceLocation at;
  std::string what;
};

/// The first thing in `record` that the lowering does not write, or nothing.
/// The translation names it where it reports the class.
std::optional<MemberLoweringObstacle>
memberLoweringObstacle(const clang::CXXRecordDecl *record);

/// The text of a member function's declaration or definition in its class:
/// from its first attribute (`__device__`, written before the type) to its
/// body's `}` or its `;`.
std::optional<FileCharRange>
memberDeclarationRange(const clang::SourceManager &sm,
                       const clang::LangOptions &lo,
                       const clang::CXXMethodDecl *m);

} // namespace xfence

#endif // XFENCE_REWRITERS_SOURCES_CUDA_MEMBERFUNCTIONS_H
