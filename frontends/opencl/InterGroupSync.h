//===- InterGroupSync.h - synchronization across work-groups ----*- C++ -*-===//
//
// OpenCL C gives mem_fence(CLK_GLOBAL_MEM_FENCE), barrier(CLK_GLOBAL_MEM_FENCE)
// and their kin work-group scope, and xfence translates them so. Code tested
// on implementations that made them device-wide in practice relies on more:
// work-groups that wait for each other (a spin loop on a global atomic or a
// volatile global location) or that elect the last one to arrive (a ticket
// counter). This finds such kernels, so that the translation can say which
// assumption it makes (docs/opencl-to-cuda.md, "Global fences across
// work-groups").
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_FRONTENDS_OPENCL_INTERGROUPSYNC_H
#define XFENCE_FRONTENDS_OPENCL_INTERGROUPSYNC_H

#include "frontends/common/ClangSession.h"

#include "clang/AST/Expr.h"
#include "llvm/ADT/ArrayRef.h"

#include <string>
#include <vector>

namespace xfence {

/// A construct by which work-groups synchronize with each other.
struct InterGroupIdiom {
  enum Kind {
    /// A loop that waits on a global atomic (its condition, or the
    /// condition of a `break` out of an endless loop, reads one).
    spinOnAtomic,
    /// The same on a `volatile` global location.
    spinOnVolatile,
    /// An atomic read-modify-write of global memory whose result, compared
    /// for equality, decides whether a work-group reads global memory
    /// (the last work-group to arrive, a try-lock).
    ticket,
  };
  Kind kind;
  /// The loop, or the atomic call of a ticket.
  const clang::Stmt *at;
};

/// A global-memory fence of work-group scope that a kernel which
/// synchronizes across work-groups relies on.
struct GlobalFenceAssumption {
  /// mem_fence, read_mem_fence, write_mem_fence, barrier(F) or
  /// work_group_barrier(F) with CLK_GLOBAL_MEM_FENCE in F (or F not a
  /// constant).
  const clang::CallExpr *fence;
  /// The idiom of the same kernel nearest to it: of the same function if
  /// there is one, the first after the fence, else the last before.
  InterGroupIdiom idiom;
};

/// Every such fence of the user's code, in source order. A kernel counts
/// with the user functions it calls; a file without kernels counts each
/// function on its own.
std::vector<GlobalFenceAssumption>
findGlobalFenceAssumptions(ParsedSource &src);

/// "spin-wait at 14:5" / "ticket counter at 14:12" (with the file name if
/// the idiom is in another file than `relativeTo`).
std::string describeIdiom(ParsedSource &src, const InterGroupIdiom &idiom,
                          clang::SourceLocation relativeTo);

/// A clang-style warning at each fence, naming the assumption and the
/// idiom, with a note at the idiom.
void warnGlobalFenceAssumptions(ParsedSource &src,
                                llvm::ArrayRef<GlobalFenceAssumption> found);

} // namespace xfence

#endif // XFENCE_FRONTENDS_OPENCL_INTERGROUPSYNC_H
