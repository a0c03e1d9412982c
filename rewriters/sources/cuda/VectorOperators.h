//===- VectorOperators.h - Operators over vector types ----------*- C++ -*-===//
//
// Part of the CUDA source side: which of the user's operators over CUDA's
// vector types (helper_math.h's) are the component-wise operators that
// OpenCL C and HIP have built in.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_SOURCES_CUDA_VECTOROPERATORS_H
#define XFENCE_REWRITERS_SOURCES_CUDA_VECTOROPERATORS_H

#include "frontends/common/ClangSession.h"

#include "llvm/ADT/StringRef.h"

namespace clang {
class FunctionDecl;
} // namespace clang

namespace xfence {

/// Whether `name` is a vector type of both CUDA and OpenCL C (`float4`,
/// `uchar2`; not CUDA's `float1` or `longlong2`).
bool isSharedVectorTypeName(llvm::StringRef name);

/// Whether `fn`, a non-member operator the user defined over one of CUDA's
/// vector types V (a name isSharedVectorTypeName accepts), is by its body
/// read on the AST the component-wise operator: `V operator@(V a, V b) {
/// return make_V(a.x @ b.x, ...); }` (a scalar of the component type on
/// either side; `+`, `*`, `&`, `|`, `^` in either order), `void
/// operator@=(V &a, V b) { a.x @= b.x; ... }`, unary `-`.
bool isComponentwiseVectorOperator(const clang::FunctionDecl *fn,
                                   ParsedSource &src);

} // namespace xfence

#endif // XFENCE_REWRITERS_SOURCES_CUDA_VECTOROPERATORS_H
