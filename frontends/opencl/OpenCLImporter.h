//===- OpenCLImporter.h - OpenCL C to the xfence dialect --------*- C++ -*-===//
//
// Builds, from a Clang AST of OpenCL C 1.2/2.0/3.0, an MLIR module in which
// every synchronization construct is an xfence op located at its exact
// source text, and the memory accesses, calls and control flow between them
// are recorded (xfence.access, opaque, branch, loop, exit) so that passes
// that look at neighbours stay sound. See docs/opencl-to-cuda.md.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_FRONTENDS_OPENCL_OPENCLIMPORTER_H
#define XFENCE_FRONTENDS_OPENCL_OPENCLIMPORTER_H

#include "frontends/common/ClangSession.h"
#include "frontends/common/Importer.h"
#include "frontends/common/SyncSite.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <optional>
#include <vector>

namespace xfence {

/// The memory scope of the global-memory part of the OpenCL C constructs
/// whose scope the specification fixes at work_group (mem_fence,
/// read_mem_fence, write_mem_fence, barrier(F), work_group_barrier(F)):
/// an assumption about the platform the source was written for
/// (docs/opencl-to-cuda.md, "Global fences across work-groups").
enum class GlobalFenceScope {
  /// As the specification says (the default).
  workgroup,
  /// Device-wide, as some implementations made them in practice.
  device,
};

/// `workgroup` or `device`, as `--opencl-global-fence=` spells them.
std::optional<GlobalFenceScope> parseGlobalFenceScope(llvm::StringRef text);

/// Importer choices beyond the parse options.
struct OpenCLImportOptions {
  GlobalFenceScope globalFence = GlobalFenceScope::workgroup;
};

/// Imports the translation unit; reports problems through
/// `src.report` (clang-style) and returns null if there was an error. With
/// the default `globalFence`, also warns where a global-memory fence of
/// work-group scope sits in a kernel that synchronizes across work-groups
/// (frontends/opencl/InterGroupSync.h).
mlir::OwningOpRef<mlir::ModuleOp>
importOpenCL(ParsedSource &src, const SourceOptions &options,
             mlir::MLIRContext *ctx,
             const OpenCLImportOptions &importOptions = {});

/// Every synchronization call of user code, with its text and location (the
/// same location that `importOpenCL` gives its op).
std::vector<SyncSite> findOpenCLSyncSites(ParsedSource &src,
                                          mlir::MLIRContext *ctx);

/// Registers `--import-opencl` (with `--opencl-std=`, `--opencl-define=`,
/// `--opencl-include=`, `--opencl-global-fence=`) for xfence-translate.
void registerOpenCLImport();

} // namespace xfence

#endif // XFENCE_FRONTENDS_OPENCL_OPENCLIMPORTER_H
