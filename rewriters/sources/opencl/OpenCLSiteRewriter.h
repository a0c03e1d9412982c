//===- OpenCLSiteRewriter.h - Sync sites of OpenCL C ------------*- C++ -*-===//
//
// The source rewriter: text edits at exact source ranges, applied with
// clang::Rewriter to the user's files (never to system headers); user
// headers that change are inlined at their #include; all other text and
// comments stay as they were. See docs/opencl-to-cuda.md.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_SOURCES_OPENCL_OPENCLSITEREWRITER_H
#define XFENCE_REWRITERS_SOURCES_OPENCL_OPENCLSITEREWRITER_H

#include "backends/cuda/CudaEmitter.h"
#include "frontends/common/ClangSession.h"
#include "frontends/common/SyncSite.h"
#include "rewriters/common/SourceEdits.h"

#include "mlir/IR/BuiltinOps.h"

#include <string>
#include <vector>

namespace xfence {

/// The text of one op for a site (emitCuda, emitHip, emitAlpaka, ...).
using SiteEmitter =
    llvm::function_ref<mlir::FailureOr<Snippet>(mlir::Operation *)>;

/// Rewrites every synchronization site with the target's text (`emit`) of
/// the op that carries its location after the passes:
///  * an op whose location is the site's: the emitter's text, with the
///    source text of its operands kept in place (`xfence.args`);
///  * an op with a FusedLoc (merged by a pass): the text at the first
///    location; the sites of the other locations become a short comment;
///  * a site no op refers to (erased by a pass): a short comment.
/// Sets `needsAtomicHeader` if the text uses <cuda/atomic>.
mlir::LogicalResult rewriteSyncSites(SourceEdits &edits,
                                     llvm::ArrayRef<SyncSite> sites,
                                     mlir::ModuleOp module,
                                     bool &needsAtomicHeader, SiteEmitter emit);

} // namespace xfence

#endif // XFENCE_REWRITERS_SOURCES_OPENCL_OPENCLSITEREWRITER_H
