//===- SourceRanges.cpp - the text of a construct, for rewriting ----------===//

#include "frontends/common/SourceRanges.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "clang/Lex/Lexer.h"

using namespace xfence;
using clang::SourceLocation;

namespace {

bool isEditable(const clang::SourceManager &sm, SourceLocation loc) {
  return loc.isValid() && loc.isFileID() && !sm.isInSystemHeader(loc) &&
         sm.getFileEntryRefForID(sm.getFileID(loc));
}

/// [begin, end of the token at `last`) if both are in one editable file.
std::optional<FileCharRange> makeRange(const clang::SourceManager &sm,
                                       const clang::LangOptions &lo,
                                       SourceLocation first,
                                       SourceLocation last) {
  if (!isEditable(sm, first) || !isEditable(sm, last))
    return std::nullopt;
  auto [fileA, begin] = sm.getDecomposedLoc(first);
  auto [fileB, lastOffset] = sm.getDecomposedLoc(last);
  if (fileA != fileB || lastOffset < begin)
    return std::nullopt;
  unsigned length = clang::Lexer::MeasureTokenLength(last, sm, lo);
  return FileCharRange{fileA, begin, lastOffset + length};
}

} // namespace

/// True if `first` and `last` are the first and the last token of one
/// expansion of a macro body.
static bool isWholeExpansion(const clang::SourceManager &sm,
                             const clang::LangOptions &lo, SourceLocation first,
                             SourceLocation last) {
  if (!first.isMacroID() || !last.isMacroID() ||
      sm.getFileID(first) != sm.getFileID(last))
    return false;
  clang::FileID fid = sm.getFileID(first);
  if (!sm.getSLocEntry(fid).getExpansion().isMacroBodyExpansion())
    return false;
  unsigned begin = sm.getDecomposedLoc(first).second;
  unsigned end =
      sm.getDecomposedLoc(last).second +
      clang::Lexer::MeasureTokenLength(sm.getSpellingLoc(last), sm, lo);
  return begin == 0 && end == sm.getFileIDSize(fid);
}

std::optional<FileCharRange>
xfence::findRewriteRange(const clang::SourceManager &sm,
                         const clang::LangOptions &lo, clang::SourceRange range,
                         bool preferInvocation) {
  SourceLocation first = range.getBegin(), last = range.getEnd();
  if (first.isInvalid() || last.isInvalid())
    return std::nullopt;
  if (preferInvocation && isWholeExpansion(sm, lo, first, last)) {
    clang::CharSourceRange use = sm.getImmediateExpansionRange(first);
    if (std::optional<FileCharRange> invocation = findRewriteRange(
            sm, lo, clang::SourceRange(use.getBegin(), use.getEnd()),
            /*preferInvocation=*/true))
      return invocation;
  }
  if (first.isFileID() && last.isFileID())
    return makeRange(sm, lo, first, last);

  // Written in one macro body (both ends in the same expansion), or both
  // ends written in macro arguments: the spelling is contiguous text.
  bool sameBody = first.isMacroID() && last.isMacroID() &&
                  sm.getFileID(first) == sm.getFileID(last);
  bool inArguments =
      sm.isMacroArgExpansion(first) && sm.isMacroArgExpansion(last);
  if (sameBody || inArguments) {
    if (std::optional<FileCharRange> spelled = makeRange(
            sm, lo, sm.getSpellingLoc(first), sm.getSpellingLoc(last)))
      return spelled;
  }

  // A macro whose whole invocation is the construct (for instance one of a
  // system header): the invocation's text in the user's file.
  clang::CharSourceRange expansion = clang::Lexer::makeFileCharRange(
      clang::CharSourceRange::getTokenRange(range), sm, lo);
  if (expansion.isInvalid())
    return std::nullopt;
  SourceLocation begin = expansion.getBegin(), end = expansion.getEnd();
  if (!isEditable(sm, begin) || !isEditable(sm, end))
    return std::nullopt;
  auto [fileA, beginOffset] = sm.getDecomposedLoc(begin);
  auto [fileB, endOffset] = sm.getDecomposedLoc(end);
  if (fileA != fileB || endOffset < beginOffset)
    return std::nullopt;
  return FileCharRange{fileA, beginOffset, endOffset};
}

/// Follows `loc` out through macro expansions until its spelling lies in
/// `outer`; for a macro argument the next step is the use of the parameter
/// in the macro body.
static std::optional<unsigned> offsetInside(const clang::SourceManager &sm,
                                            SourceLocation loc,
                                            const FileCharRange &outer,
                                            bool end) {
  for (unsigned depth = 0; depth < 64 && loc.isValid(); ++depth) {
    SourceLocation spelling = sm.getSpellingLoc(loc);
    auto [file, offset] = sm.getDecomposedLoc(spelling);
    if (file == outer.file && outer.begin <= offset && offset < outer.end)
      return offset;
    if (loc.isFileID())
      return std::nullopt;
    clang::CharSourceRange up = sm.getImmediateExpansionRange(loc);
    loc = end ? up.getEnd() : up.getBegin();
  }
  return std::nullopt;
}

std::optional<FileCharRange>
xfence::findRangeInside(const clang::SourceManager &sm,
                        const clang::LangOptions &lo, clang::SourceRange range,
                        const FileCharRange &outer) {
  std::optional<unsigned> begin =
      offsetInside(sm, range.getBegin(), outer, false);
  std::optional<unsigned> last = offsetInside(sm, range.getEnd(), outer, true);
  if (!begin || !last || *last < *begin)
    return std::nullopt;
  unsigned length = clang::Lexer::MeasureTokenLength(
      sm.getComposedLoc(outer.file, *last), sm, lo);
  unsigned end = *last + length;
  if (end > outer.end)
    return std::nullopt;
  return FileCharRange{outer.file, *begin, end};
}

mlir::Location xfence::toLocation(mlir::MLIRContext *ctx,
                                  const clang::SourceManager &sm,
                                  const FileCharRange &range) {
  SourceLocation begin = sm.getComposedLoc(range.file, range.begin);
  SourceLocation end = sm.getComposedLoc(range.file, range.end);
  llvm::StringRef name;
  if (clang::OptionalFileEntryRef entry = sm.getFileEntryRefForID(range.file))
    name = entry->getName();
  unsigned line = sm.getSpellingLineNumber(begin);
  unsigned endLine = sm.getSpellingLineNumber(end);
  mlir::StringAttr file = mlir::StringAttr::get(ctx, name);
  // The canonical form of a one-line range is the one the MLIR parser
  // builds, so that a location printed and parsed again is the same.
  if (line == endLine)
    return mlir::FileLineColRange::get(file, line,
                                       sm.getSpellingColumnNumber(begin),
                                       sm.getSpellingColumnNumber(end));
  return mlir::FileLineColRange::get(file, line,
                                     sm.getSpellingColumnNumber(begin), endLine,
                                     sm.getSpellingColumnNumber(end));
}

mlir::Location xfence::toLocation(mlir::MLIRContext *ctx,
                                  const clang::SourceManager &sm,
                                  const clang::LangOptions &lo,
                                  clang::SourceRange range) {
  if (std::optional<FileCharRange> text = findRewriteRange(sm, lo, range))
    return toLocation(ctx, sm, *text);
  SourceLocation loc = sm.getFileLoc(range.getBegin());
  if (loc.isInvalid())
    return mlir::UnknownLoc::get(ctx);
  clang::PresumedLoc presumed = sm.getPresumedLoc(loc);
  if (presumed.isInvalid())
    return mlir::UnknownLoc::get(ctx);
  return mlir::FileLineColLoc::get(ctx, presumed.getFilename(),
                                   presumed.getLine(), presumed.getColumn());
}
