//===- CudaSyntax.h - the CUDA C++ that is not synchronization --*- C++ -*-===//
//
// Text edits at source ranges of the main file, and the rewrite of the
// non-synchronization CUDA of the user's kernels into OpenCL C, through the
// Clang AST: kernels and qualifiers, address spaces, built-in variables,
// __shared__ memory, vector types and math built-ins; errors at what OpenCL
// C cannot express (templates, classes, references, ...).
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_CUDATOOPENCL_CUDASYNTAX_H
#define XFENCE_REWRITERS_CUDATOOPENCL_CUDASYNTAX_H

#include "frontends/common/ClangSession.h"
#include "rewriters/common/SourceEdits.h"
#include "frontends/common/SourceRanges.h"
#include "frontends/cuda/CudaAddressSpaces.h"

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/DenseSet.h"

#include <string>
#include <vector>

namespace xfence {

/// The CUDA-to-OpenCL translation edits the main file only (an edit in a
/// header is an error) and refuses nested edits.
inline SourceEditPolicy cudaToOpenCLEditPolicy() {
  SourceEditPolicy policy;
  policy.inlineHeaders = false;
  policy.allowMootEdits = false;
  return policy;
}

/// Adds the edits that make the user's CUDA device code OpenCL C; `sites`
/// are the synchronization constructs (rewritten elsewhere). Reports errors
/// through the source and fails if there was one.
mlir::LogicalResult
addCudaSyntaxEdits(SourceEdits &edits, const CudaAddressSpaces &spaces,
                   bool cl2, const llvm::DenseSet<const clang::Stmt *> &sites,
                   const std::vector<std::string> &includeDirs);

/// The address-space qualifier ("__global ", "" ...) for a pointer that
/// may point into `memory`, or an error message.
std::string qualifierFor(unsigned memory, bool cl2, bool kernelParam,
                         std::string &error);

} // namespace xfence

#endif // XFENCE_REWRITERS_CUDATOOPENCL_CUDASYNTAX_H
