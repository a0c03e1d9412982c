//===- CudaSyntax.h - the CUDA C++ that is not synchronization --*- C++ -*-===//
//
// Text edits at source ranges of the main file, and the rewrite of the
// non-synchronization CUDA of the user's kernels into OpenCL C, through the
// Clang AST: kernels and qualifiers, address spaces, built-in variables,
// __shared__ memory, vector types and math built-ins; errors at what OpenCL
// C cannot express (templates, classes, references, ...).
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_BACKENDS_OPENCL_CUDASYNTAX_H
#define XFENCE_BACKENDS_OPENCL_CUDASYNTAX_H

#include "frontends/common/ClangSession.h"
#include "frontends/common/SourceRanges.h"
#include "frontends/cuda/CudaAddressSpaces.h"

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/DenseSet.h"

#include <string>
#include <vector>

namespace xfence {

/// Edits of the main file; edits elsewhere (a user header) are an error.
class TextEdits {
public:
  explicit TextEdits(ParsedSource &src) : src(src) {}
  void replace(const FileCharRange &range, std::string text) {
    edits.push_back({range, std::move(text)});
  }
  /// Applies the edits; fails with an error at overlapping edits.
  mlir::FailureOr<std::string> apply(llvm::StringRef prelude);
  ParsedSource &getSource() { return src; }

private:
  struct Edit {
    FileCharRange range;
    std::string text;
  };
  ParsedSource &src;
  std::vector<Edit> edits;
};

/// Adds the edits that make the user's CUDA device code OpenCL C; `sites`
/// are the synchronization constructs (rewritten elsewhere). Reports errors
/// through the source and fails if there was one.
mlir::LogicalResult
addCudaSyntaxEdits(TextEdits &edits, const CudaAddressSpaces &spaces, bool cl2,
                   const llvm::DenseSet<const clang::Stmt *> &sites,
                   const std::vector<std::string> &includeDirs);

/// The address-space qualifier ("__global ", "" ...) for a pointer that
/// may point into `memory`, or an error message.
std::string qualifierFor(unsigned memory, bool cl2, bool kernelParam,
                         std::string &error);

} // namespace xfence

#endif // XFENCE_BACKENDS_OPENCL_CUDASYNTAX_H
