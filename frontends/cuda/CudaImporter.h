//===- CudaImporter.h - CUDA C++ to the xfence dialect ----------*- C++ -*-===//
//
// Builds, from a Clang AST of CUDA C++ (device side), an MLIR module in
// which every synchronization construct is an xfence op located at its
// exact source text: __threadfence*, __syncthreads*, __syncwarp, the atomic*
// functions, cuda::atomic_thread_fence, cuda::atomic_ref / cuda::atomic
// member functions, cooperative-groups sync, and inline PTX fences and
// barriers. Memory accesses, calls and control flow between them are
// recorded as the OpenCL importer does. See docs/cuda-to-opencl.md.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_FRONTENDS_CUDA_CUDAIMPORTER_H
#define XFENCE_FRONTENDS_CUDA_CUDAIMPORTER_H

#include "frontends/common/Importer.h"
#include "frontends/common/SourceRanges.h"
#include "frontends/cuda/CudaAddressSpaces.h"
#include "frontends/cuda/CudaSource.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "clang/AST/Stmt.h"

#include <optional>
#include <vector>

namespace xfence {

/// One synchronization construct of the source: a call (CallExpr, also a
/// member call) or an inline-assembly statement.
struct CudaSyncSite {
  const clang::Stmt *stmt;
  /// Its text: in a macro body, shared by the macro's uses.
  std::optional<FileCharRange> range;
  /// Where the construct is the whole expansion of a macro (`SYNC()`), the
  /// text of this use's invocation (macroUseRange).
  std::optional<FileCharRange> invocation;
  /// The location of its ops: per use where `invocation` is set.
  mlir::Location loc;
};

/// The source operands of a synchronization call, in the order that
/// xfence.args indexes: for a free function its arguments; for a member
/// function of cuda::atomic_ref / cuda::atomic the object expression first,
/// then the arguments.
std::vector<const clang::Expr *> siteOperands(const clang::Stmt *site);

/// True if `site` is a member call on an atomic_ref/atomic object.
bool isAtomicMemberSite(const clang::Stmt *site);

/// If `type` is cuda::atomic_ref<T, S>, cuda::atomic<T, S> or their
/// cuda::std forms: T (and whether it is an atomic_ref).
std::optional<clang::QualType> atomicValueType(clang::QualType type,
                                               bool *isRef = nullptr);

/// Imports the translation unit; reports problems clang-style through
/// `src` and returns null on error. The device functions at the top level
/// (the OpenCL C direction, which has nothing else), or with
/// `everyFunction` also those in namespaces and classes, the instantiations
/// of templates and lambdas (each a function of its own).
mlir::OwningOpRef<mlir::ModuleOp> importCuda(ParsedSource &src,
                                             const CudaSourceOptions &options,
                                             mlir::MLIRContext *ctx,
                                             bool everyFunction = false);

/// Every synchronization construct of user code, with the location that
/// `importCuda` gives its op; with `instantiations`, those of template
/// instantiations too (the same text as the template's).
std::vector<CudaSyncSite> findCudaSyncSites(ParsedSource &src,
                                            mlir::MLIRContext *ctx,
                                            bool instantiations = false);

/// True if `d` is the user's (not a system header, not built in).
bool isUserDecl(ParsedSource &src, const clang::Decl *d);

/// Registers `--import-cuda` (with `--cuda-path=`, `--cuda-gpu-arch=`,
/// `--cuda-builtin-header`, `--cuda-define=`, `--cuda-include=`) for
/// xfence-translate.
void registerCudaImport();
/// The options of those flags (also what `--export-opencl` parses with).
CudaSourceOptions cudaImportOptions();

} // namespace xfence

#endif // XFENCE_FRONTENDS_CUDA_CUDAIMPORTER_H
