//===- SourceRewriter.h - apply emitted text to the source ------*- C++ -*-===//
//
// The source rewriter: text edits at exact source ranges, applied with
// clang::Rewriter to the user's files (never to system headers); user
// headers that change are inlined at their #include; all other text and
// comments stay as they were. See docs/opencl-to-cuda.md.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_OPENCLTOCUDA_SOURCEREWRITER_H
#define XFENCE_REWRITERS_OPENCLTOCUDA_SOURCEREWRITER_H

#include "backends/cuda/CudaEmitter.h"
#include "frontends/common/ClangSession.h"
#include "frontends/common/SyncSite.h"
#include "rewriters/common/SourceEdits.h"

#include "mlir/IR/BuiltinOps.h"

#include <string>
#include <vector>

namespace xfence {

/// Rewrites every synchronization site with the CUDA text of the op that
/// carries its location after the passes:
///  * an op whose location is the site's: the emitter's text, with the
///    source text of its operands kept in place (`xfence.args`);
///  * an op with a FusedLoc (merged by a pass): the text at the first
///    location; the sites of the other locations become a short comment;
///  * a site no op refers to (erased by a pass): a short comment.
/// Sets `needsAtomicHeader` if the text uses <cuda/atomic>. With `hip`, the
/// text is HIP's (emitHip) instead of CUDA's.
mlir::LogicalResult rewriteSyncSites(SourceEdits &edits,
                                     llvm::ArrayRef<SyncSite> sites,
                                     mlir::ModuleOp module,
                                     bool &needsAtomicHeader, bool hip = false);

/// The text of one op for a site (emitCuda, emitHip, emitAlpaka, ...).
using SiteEmitter =
    llvm::function_ref<mlir::FailureOr<Snippet>(mlir::Operation *)>;

/// The same with the text of another target's emitter.
mlir::LogicalResult rewriteSyncSites(SourceEdits &edits,
                                     llvm::ArrayRef<SyncSite> sites,
                                     mlir::ModuleOp module,
                                     bool &needsAtomicHeader, SiteEmitter emit);

} // namespace xfence

#endif // XFENCE_REWRITERS_OPENCLTOCUDA_SOURCEREWRITER_H
