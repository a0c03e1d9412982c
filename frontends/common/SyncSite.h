//===- SyncSite.h - a synchronization construct in the source ---*- C++ -*-===//
//
// The identity of an imported synchronization op is its location: the
// FileLineColRange of the construct's text (frontends/common/SourceRanges.h).
// A frontend lists its sites; the rewriter matches the ops that survive the
// passes against them (docs/opencl-to-cuda.md, "Op identity").
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_FRONTENDS_COMMON_SYNCSITE_H
#define XFENCE_FRONTENDS_COMMON_SYNCSITE_H

#include "frontends/common/SourceRanges.h"

#include "mlir/IR/Location.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace xfence {

/// One synchronization construct of the source.
struct SyncSite {
  /// A call of a synchronization built-in, or one of clang's own atomic
  /// built-ins, which clang parses as a clang::AtomicExpr.
  const clang::Expr *expr;
  /// Its arguments as written, in order: what the indices of an op's
  /// `xfence.args` name.
  llvm::SmallVector<const clang::Expr *, 6> args;
  /// The text to rewrite; none if the construct has no rewritable text (a
  /// macro of a system header that is only part of the construct, ...).
  std::optional<FileCharRange> range;
  /// The location of the op imported for it (toLocation of `range`, or the
  /// expansion position if there is no range).
  mlir::Location loc;
};

} // namespace xfence

#endif // XFENCE_FRONTENDS_COMMON_SYNCSITE_H
