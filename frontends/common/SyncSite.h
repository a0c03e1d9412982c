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

#include <optional>

namespace xfence {

/// One synchronization call of the source.
struct SyncSite {
  const clang::CallExpr *call;
  /// The text to rewrite; none if the construct has no rewritable text (a
  /// macro of a system header that is only part of the construct, ...).
  std::optional<FileCharRange> range;
  /// The location of the op imported for it (toLocation of `range`, or the
  /// expansion position if there is no range).
  mlir::Location loc;
};

} // namespace xfence

#endif // XFENCE_FRONTENDS_COMMON_SYNCSITE_H
