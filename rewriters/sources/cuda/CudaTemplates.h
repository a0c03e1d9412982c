//===- CudaTemplates.h - function templates as plain functions --*- C++ -*-===//
//
// OpenCL C has no templates, but a CUDA file uses a known set of
// specializations of each of its function templates. Before the
// translation proper, each user function template is replaced by one plain
// function per specialization the file uses (`name__arg_arg`), written
// where the template was, and every use of a specialization is renamed;
// the result is parsed again as CUDA (docs/cuda-to-opencl.md "Templates").
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_SOURCES_CUDA_CUDATEMPLATES_H
#define XFENCE_REWRITERS_SOURCES_CUDA_CUDATEMPLATES_H

#include "frontends/common/ClangSession.h"
#include "rewriters/common/SourceEdits.h"

#include "mlir/Support/LLVM.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace xfence {

/// The new text of the files the expansion changed.
struct ExpandedFiles {
  /// The main file's new text, if it changed.
  std::optional<std::string> mainFile;
  /// Each changed user header, by its name as clang opened it.
  std::vector<std::pair<std::string, std::string>> headers;

  bool empty() const { return !mainFile && headers.empty(); }
};

/// Replaces the user's function templates (at file or namespace scope) by
/// their specializations. Returns no files if there is no such template.
/// The copies carry `#line` directives (marked by kTemplateLineMarker) so
/// that diagnostics on the new text name the user's lines. Reports errors
/// through the source and fails if there was one.
mlir::FailureOr<ExpandedFiles> expandFunctionTemplates(ParsedSource &src);

/// The comment that ends each `#line` directive the expansion writes.
constexpr llvm::StringLiteral kTemplateLineMarker = "// xfence: template copy";

/// `#line N "file"` (marked by kTemplateLineMarker) for the line of `loc`:
/// text copied elsewhere keeps its diagnostics on the user's lines.
std::string copyLineDirective(const clang::SourceManager &sm,
                              clang::SourceLocation loc);

/// The edit policy of the passes that rewrite CUDA text before the
/// translation (template copies, member functions, CUB's collectives): user
/// headers inlined; an edit inside a replaced span (a parameter inside the
/// explicit arguments of a renamed call) is moot.
SourceEditPolicy copyPolicy();

/// The ExpandedFiles of the new text of each changed file.
ExpandedFiles
expandedFiles(const clang::SourceManager &sm,
              std::vector<std::pair<clang::FileID, std::string>> texts);

/// `text` without the `#line` directives of the expansion.
std::string removeTemplateLineDirectives(llvm::StringRef text);

} // namespace xfence

#endif // XFENCE_REWRITERS_SOURCES_CUDA_CUDATEMPLATES_H
