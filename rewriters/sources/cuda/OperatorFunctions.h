//===- OperatorFunctions.h - Overloaded operators as functions --*- C++ -*-===//
//
// Part of the CUDA source side. C has no operator overloading, but CUDA
// code defines operators over its own types and over CUDA's vector types
// with a meaning of their own (a complex product of two float2, `float2 +
// float` adding to x only). Before the translation proper (after the member
// functions are lowered), each free `__device__` operator the user defines
// becomes a named function, `xfence_operator_<op>` (`xfence_operator_mul`
// for `*`, `xfence_operator_add_assign` for `+=`), and each use of it a
// call: `a * b` -> `xfence_operator_mul(a, b)`, `-a` ->
// `xfence_operator_neg(a)`, `a++` -> `xfence_operator_inc(a, 0)`. The
// result is CUDA again (overloads of one name, references kept), which the
// translation proper then reads as any functions: overloads get `_N`
// names, reference parameters become pointers. The operators that OpenCL
// C's own vector operators compute (VectorOperators.h) are left to the
// translation, which drops them and keeps their uses as written; so is an
// operator that a template's instantiation applies (a library's, or a
// host template's: that text is shared by its specializations), which the
// translation then reports.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_SOURCES_CUDA_OPERATORFUNCTIONS_H
#define XFENCE_REWRITERS_SOURCES_CUDA_OPERATORFUNCTIONS_H

#include "rewriters/sources/cuda/CudaTemplates.h"

namespace xfence {

/// Writes the user's free `__device__` operators as named functions and
/// their uses as calls. Returns no files if there is no such operator.
/// Reports errors through the source and fails if there was one.
mlir::FailureOr<ExpandedFiles> lowerOperatorFunctions(ParsedSource &src);

/// The word that names an overloaded operator in a function name (`add`
/// for `+`, `neg` for unary `-`, `add_assign` for `+=`), or nothing for
/// an operator that has no such function (`new`, `,`, `->`, ...).
std::optional<std::string> operatorWord(clang::OverloadedOperatorKind op,
                                        bool unary);

/// One text edit of writing an operator's use as a call.
struct OperatorCallEdit {
  enum class Kind { Replace, Prefix, Suffix } kind;
  /// The text replaced, or the construct a prefix or suffix belongs to.
  FileCharRange range;
  std::string text;
};

/// The edits that write a use of an overloaded operator, whose text is
/// `whole`, its operator token `op` and its first operand `first`, as the
/// call `open first close, second)`: `-a` -> `open a close)`, `a++` ->
/// `open a close, 0)`, `a * b` -> `open a close, b)` (the text between
/// the first operand and the operator becomes the comma). `open` is
/// `name(` (or `name(&(` with `close` `)`, where the first operand is
/// passed by address). `unary` and `postfix` say which form the use is.
/// Nothing where the texts do not fit (the operator before the first
/// operand of a binary use).
std::optional<llvm::SmallVector<OperatorCallEdit, 3>>
operatorCallEdits(const FileCharRange &whole, const FileCharRange &op,
                  const FileCharRange &first, bool unary, bool postfix,
                  llvm::StringRef open, llvm::StringRef close);

} // namespace xfence

#endif // XFENCE_REWRITERS_SOURCES_CUDA_OPERATORFUNCTIONS_H
