//===- SourceEdits.h - text edits to the files of one parse -----*- C++ -*-===//
//
// The text edits both source translators make (OpenCL C to CUDA, CUDA to
// OpenCL C): replacements at exact source ranges, applied with
// clang::Rewriter; all other text and comments stay as they were. Edits that
// a macro body gets once per expansion are made once; expansions that need
// different text there, and edits that overlap, are errors at the place.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_FRONTENDS_COMMON_SOURCEEDITS_H
#define XFENCE_FRONTENDS_COMMON_SOURCEEDITS_H

#include "frontends/common/ClangSession.h"
#include "frontends/common/SourceRanges.h"

#include "mlir/Support/LLVM.h"

#include <string>
#include <vector>

namespace xfence {

/// Where the two source translators differ in applying their edits.
struct SourceEditPolicy {
  /// A changed user header is inlined at its #include; without this an
  /// edit outside the main file is an error.
  bool inlineHeaders = true;
  /// An edit inside text that an enclosing edit replaces is dropped (the
  /// enclosing replacement stands for it); without this it is an error.
  bool dropNestedEdits = true;
};

/// A set of text edits to the files of one parse.
class SourceEdits {
public:
  explicit SourceEdits(ParsedSource &src, SourceEditPolicy policy = {})
      : src(src), policy(policy) {}

  /// Replaces the text of `range` (empty for an insertion) with `text`.
  void replace(const FileCharRange &range, std::string text) {
    edits.push_back({range, std::move(text)});
  }

  /// Applies every edit; returns `prelude` followed by the main file's new
  /// text (with each changed user header inlined at its #include, if the
  /// policy says so). Fails, with an error at the place, on edits that
  /// conflict.
  mlir::FailureOr<std::string> apply(llvm::StringRef prelude);

  ParsedSource &getSource() { return src; }

private:
  struct Edit {
    FileCharRange range;
    std::string text;
  };
  ParsedSource &src;
  SourceEditPolicy policy;
  std::vector<Edit> edits;
};

} // namespace xfence

#endif // XFENCE_FRONTENDS_COMMON_SOURCEEDITS_H
