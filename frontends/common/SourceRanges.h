//===- SourceRanges.h - the text of a construct, for rewriting --*- C++ -*-===//
//
// Where in which file the text of a construct is, so that the rewriter can
// replace it, and the MLIR location that names that text.
//
// The rule (docs/opencl-to-cuda.md, "Source ranges"):
//  * a construct written in a file is its own text;
//  * a construct written in the body of a macro that a user file defines is
//    the text in the macro body (the spelling location): rewriting the body
//    rewrites every expansion, so all expansions must agree (the rewriter
//    checks that);
//  * a construct written in a macro argument is its text in the argument;
//  * a construct that comes from a macro of a system header is the text of
//    the whole macro invocation in the user's file, if the invocation is
//    exactly the construct; system headers are never edited;
//  * anything else has no rewritable text (the caller reports an error).
//
// Locations are FileLineColRange with 1-based lines and columns; the end
// column is one past the last character of the construct.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_FRONTENDS_COMMON_SOURCERANGES_H
#define XFENCE_FRONTENDS_COMMON_SOURCERANGES_H

#include "mlir/IR/Location.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceLocation.h"
#include "clang/Basic/SourceManager.h"

#include <optional>

namespace xfence {

/// A half-open character range [begin, end) of one file.
struct FileCharRange {
  clang::FileID file;
  unsigned begin = 0, end = 0;

  clang::SourceLocation getBegin(const clang::SourceManager &sm) const {
    return sm.getComposedLoc(file, begin);
  }
  bool contains(const FileCharRange &other) const {
    return file == other.file && begin <= other.begin && other.end <= end;
  }
  bool overlaps(const FileCharRange &other) const {
    return file == other.file && begin < other.end && other.begin < end;
  }
};

/// The rewritable text of the token range `range` (see the file comment), or
/// nothing. With `preferInvocation`, a construct that is the whole expansion
/// of a macro (`SH(a, b)` for `#define SH(x, y) ((x) << (y))`) is the text
/// of the invocation rather than of the body, so that an edit that only
/// this use needs does not change the macro's other uses.
std::optional<FileCharRange> findRewriteRange(const clang::SourceManager &sm,
                                              const clang::LangOptions &lo,
                                              clang::SourceRange range,
                                              bool preferInvocation = false);

/// The text of `range` (a sub-expression of a construct whose text is
/// `outer`) inside `outer`, following macro expansions from the inside out
/// until the text lies inside `outer`; nothing if it never does.
std::optional<FileCharRange> findRangeInside(const clang::SourceManager &sm,
                                             const clang::LangOptions &lo,
                                             clang::SourceRange range,
                                             const FileCharRange &outer);

/// The location naming `range`: FileLineColRange of its file, start line
/// and column, end line and column (exclusive).
mlir::Location toLocation(mlir::MLIRContext *ctx,
                          const clang::SourceManager &sm,
                          const FileCharRange &range);

/// Where `range` is the whole expansion of a macro invocation (`SYNC()` for
/// `#define SYNC() __syncthreads()`, `ATOM(Add, p, v)`) whose rewritable
/// text is elsewhere (the macro's body, which every use shares) or nowhere
/// (split between the body and the arguments): the invocation's text.
std::optional<FileCharRange> macroUseRange(const clang::SourceManager &sm,
                                           const clang::LangOptions &lo,
                                           clang::SourceRange range);

/// A best-effort location for things that need no rewriting (accesses,
/// control flow): the rewritable range if there is one, else the file
/// position where the construct was expanded. With `perUse`, a construct
/// that is the whole expansion of a macro has the location of its
/// invocation (macroUseRange), one per use, not that of the body.
mlir::Location toLocation(mlir::MLIRContext *ctx,
                          const clang::SourceManager &sm,
                          const clang::LangOptions &lo,
                          clang::SourceRange range, bool perUse = false);

} // namespace xfence

#endif // XFENCE_FRONTENDS_COMMON_SOURCERANGES_H
