//===- CudaSiteRewriter.h - Sync sites of a CUDA file -----------*- C++ -*-===//
//
// Writes the target text of every synchronization construct of a CUDA file
// in its place: the ops that import, legalization and coalescing left for
// each site, rendered by the target's emitter with the operands' source
// text kept. Shared by CUDA to OpenCL C and CUDA to HIP.
//
// A site whose text several functions share (a macro body used by two
// functions, a template instantiated twice) is written once: the functions
// must agree on its text, or the one that keeps ops wins over one whose op
// a pass removed (more ordering, never less). Different texts are an error.
// A site that the importer never reached (code it does not import) is an
// error, never a removal.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_SOURCES_CUDA_CUDASITEREWRITER_H
#define XFENCE_REWRITERS_SOURCES_CUDA_CUDASITEREWRITER_H

#include "backends/cuda/CudaEmitter.h"
#include "backends/opencl/OpenCLEmitter.h"
#include "frontends/cuda/CudaImporter.h"
#include "rewriters/common/SourceEdits.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseSet.h"

#include <functional>

namespace xfence {

/// What a target contributes to the rewrite of the sites.
struct CudaSiteTarget {
  /// The ops the target writes text for.
  std::function<bool(mlir::Operation *)> isSync;
  /// The text of one op (a template of literal text and operands); fails
  /// after an error at the op.
  std::function<mlir::FailureOr<Snippet>(mlir::Operation *)> emit;
  /// The text of a constant operand the source does not spell.
  std::function<std::optional<std::string>(mlir::Value)> constant;
  /// Text put before an op's own (a note), or empty.
  std::function<std::string(mlir::Operation *)> note;
  /// True if the site's text stays as written (the target has the same
  /// construct with the same meaning); may be empty.
  std::function<bool(const clang::Stmt *, llvm::ArrayRef<mlir::Operation *>)>
      keepAsWritten;
  /// For an atomic whose value the source uses and that legalization put
  /// fences after: the name of a function of the target's prelude that
  /// returns its argument after running the text of those fences (the
  /// argument is evaluated first: a sequence point precedes the call). May
  /// be empty: such a site is then an error.
  std::function<mlir::FailureOr<std::string>(
      mlir::Operation *, llvm::ArrayRef<std::pair<mlir::Operation *, Snippet>>)>
      valueThen;
  /// Called once per site that gets ops, before its text is written; may
  /// add edits elsewhere (a declaration the text needs).
  std::function<mlir::LogicalResult(const clang::Stmt *,
                                    llvm::ArrayRef<mlir::Operation *>)>
      prepareSite;
};

/// The synchronization ops of `module` right after import, before any
/// pass: every location (so that a site the passes removed can be told from
/// one the importer never reached), and how many ops each function has at
/// each location (a macro body used n times in a function gives n ops,
/// one per use: the text of one use is written once).
struct ImportedSites {
  llvm::DenseSet<mlir::Location> locations;
  llvm::DenseMap<std::pair<mlir::Operation *, mlir::Location>, unsigned> uses;
};
ImportedSites
importedSyncLocations(mlir::ModuleOp module,
                      llvm::function_ref<bool(mlir::Operation *)> isSync);

/// A call of a legacy atomic function (atomicAdd ... atomicCAS, with
/// _block or _system) that `shared` says the target declares with the same
/// meaning, whose ops legalization and coalescing left as the importer made
/// them (one relaxed atomic at the scope its name says): the target's
/// function of the same name is the same atomic, so the text stays, and one
/// text serves every instantiation of a template.
bool keepsLegacyAtomic(const clang::Stmt *stmt,
                       llvm::ArrayRef<mlir::Operation *> ops,
                       llvm::function_ref<bool(llvm::StringRef)> shared);

/// __syncwarp() with the full mask (0xffffffff): a barrier of the whole
/// warp, which a target without warps of 32 writes as a barrier of its
/// sub-group or wavefront (taken to hold the warp: docs/cuda-to-opencl.md,
/// docs/cuda-to-hip.md). A partial mask stays (an error where the target
/// has no masked barrier).
void clearFullWarpMasks(mlir::ModuleOp module);

/// Rewrites every site of `sites` with the ops `module` has for it.
mlir::LogicalResult rewriteCudaSyncSites(SourceEdits &edits,
                                         llvm::ArrayRef<CudaSyncSite> sites,
                                         mlir::ModuleOp module,
                                         const CudaSiteTarget &target,
                                         const ImportedSites &imported);

} // namespace xfence

#endif // XFENCE_REWRITERS_SOURCES_CUDA_CUDASITEREWRITER_H
