//===- SiteOps.h - the ops of each synchronization site ---------*- C++ -*-===//
//
// What every source's site rewriter (rewriters/sources/<source>) does the
// same way: join the ops that import and the passes left to the sites of
// the source text they came from (an op merged by a pass carries a
// FusedLoc with one location per construct it stands for), and write a
// construct that no op stands for any more as a no-op with a comment.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_COMMON_SITEOPS_H
#define XFENCE_REWRITERS_COMMON_SITEOPS_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/DenseMap.h"

#include <string>

namespace xfence {

/// Every FileLineColRange inside `loc`, in order.
void flattenLocations(mlir::Location loc,
                      llvm::SmallVectorImpl<mlir::Location> &out);

/// Where each construct that a pass merged into another now stands: its
/// location, and the first location of the op that stands for both.
using MergedSites = llvm::DenseMap<mlir::Location, mlir::Location>;

/// Calls `each(op, site)` for every op of `module` that `isSync` accepts,
/// with the first of its locations that `isSite` accepts, and records its
/// further such locations in `merged`. An op with none is an error at the
/// op ("no text in the source"). Fails if any op or call failed; every op
/// is visited, so that one run reports every error.
mlir::LogicalResult joinOpsToSites(
    mlir::ModuleOp module, llvm::function_ref<bool(mlir::Operation *)> isSync,
    llvm::function_ref<bool(mlir::Location)> isSite,
    llvm::function_ref<mlir::LogicalResult(mlir::Operation *, mlir::Location)>
        each,
    MergedSites &merged);

/// The text that replaces the construct `original` at `site` that no op
/// stands for: a no-op whose comment gives the original text and why,
/// which is the construct it was merged into (per `merged`), else
/// `removedWhy`.
std::string removedSiteText(llvm::StringRef original, mlir::Location site,
                            const MergedSites &merged,
                            llvm::StringRef removedWhy);

} // namespace xfence

#endif // XFENCE_REWRITERS_COMMON_SITEOPS_H
