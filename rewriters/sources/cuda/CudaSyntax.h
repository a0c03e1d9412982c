//===- CudaSyntax.h - the CUDA C++ that is not synchronization --*- C++ -*-===//
//
// Text edits at source ranges of the main file, and the rewrite of the
// non-synchronization CUDA of the user's kernels into OpenCL C, through the
// Clang AST: kernels and qualifiers, address spaces, built-in variables,
// __shared__ memory, vector types and math built-ins; errors at what OpenCL
// C cannot express (templates, classes, references, ...).
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_SOURCES_CUDA_CUDASYNTAX_H
#define XFENCE_REWRITERS_SOURCES_CUDA_CUDASYNTAX_H

#include "frontends/common/ClangSession.h"
#include "frontends/common/SourceRanges.h"
#include "frontends/cuda/CudaAddressSpaces.h"
#include "rewriters/common/SourceEdits.h"

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/DenseSet.h"

#include <string>
#include <vector>

namespace xfence {

/// The CUDA-to-OpenCL translation inlines each user header it changes at
/// its #include (a header with CUDA syntax is not OpenCL C) and refuses
/// nested edits.
inline SourceEditPolicy cudaToOpenCLEditPolicy() {
  SourceEditPolicy policy;
  policy.inlineHeaders = true;
  policy.allowMootEdits = false;
  return policy;
}

/// What the rewrite of the rest of the program needs to know.
struct CudaSyntaxOptions {
  /// OpenCL C 2.0/3.0 (generic pointers, program-scope variables).
  bool cl2 = false;
  /// __device__ variables become __global arguments of the kernels that use
  /// them (always in OpenCL C 1.2), not program-scope variables.
  bool hoistDeviceVariables = true;
  /// -I directories (a quoted #include found there is the user's).
  std::vector<std::string> includeDirs;
  /// Text written after `__kernel` on every kernel (a required sub-group
  /// size), or empty.
  std::string kernelAttribute;
  /// The sub-group size policy holds (--assume-subgroup-size=32): a warp
  /// is a sub-group, and the warp shuffles and votes with the full mask are
  /// sub-group functions.
  bool warpIsSubgroup = false;
  /// Where not empty: why a warp shuffle or vote has no form on this
  /// translation's target (the CUDA-to-alpaka path, which goes through
  /// OpenCL C), said after the function's name.
  std::string warpFunctionRefusal;
};

/// Adds the edits that make the user's CUDA device code OpenCL C; `sites`
/// are the synchronization constructs (rewritten elsewhere). Host code is
/// left out. `notes` receives the header comment of the output: the host
/// code left out, the kernel launches of the host code and the arguments
/// added to kernels (each line starting with "// "). Reports errors through
/// the source and fails if there was one.
mlir::LogicalResult
addCudaSyntaxEdits(SourceEdits &edits, const CudaAddressSpaces &spaces,
                   const CudaSyntaxOptions &options,
                   const llvm::DenseSet<const clang::Stmt *> &sites,
                   std::string &notes);

/// The address-space qualifier ("__global ", "" ...) for a pointer that
/// may point into `memory`, or an error message.
std::string qualifierFor(unsigned memory, bool cl2, bool kernelParam,
                         std::string &error);

} // namespace xfence

#endif // XFENCE_REWRITERS_SOURCES_CUDA_CUDASYNTAX_H
