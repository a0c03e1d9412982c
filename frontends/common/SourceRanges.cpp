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

/// A place the text of a token may be taken from: a file location, and the
/// macro expansion whose spelling it is (invalid for text of the file
/// itself, including macro arguments written there). The two ends of a
/// construct must come from one expansion: the same body text spelled by
/// two uses of a macro is not one range.
struct Place {
  SourceLocation loc;
  clang::FileID expansion;
  /// For text taken from a macro argument: the file range of the
  /// invocation that the argument is written in. A construct that starts
  /// (ends) in the argument and ends (starts) outside it has its text there
  /// only if it lies inside that invocation (`ADD(p, CALL(f, x))`: the call
  /// `f(x)` starts at the argument `f` and ends at CALL's `)`, and its text
  /// is all of `CALL(f, x)`, not `f, x)`).
  SourceLocation argBegin, argEnd;
};

/// The places where the text of the token at `loc` may be taken from,
/// innermost first (see findRewriteRange).
void candidates(const clang::SourceManager &sm, const clang::LangOptions &lo,
                SourceLocation loc, bool end, llvm::SmallVectorImpl<Place> &out,
                bool parametersToo = false, unsigned depth = 0) {
  SourceLocation argBegin, argEnd;
  // With `parametersToo`, a token that begins (ends) a whole macro argument
  // may also be taken as the parameter's name in the macro's body: the
  // operand `p` of an atomic written in `#define INC(p) atomic_inc(p)` is
  // the body's `p`. Those places come after the argument's own.
  llvm::SmallVector<SourceLocation, 2> parameters;
  auto finish = [&] {
    for (SourceLocation parameter : parameters)
      candidates(sm, lo, parameter, end, out, true, depth + 1);
  };
  for (; depth < 64 && loc.isValid(); ++depth) {
    if (loc.isFileID()) {
      out.push_back({loc, clang::FileID(), argBegin, argEnd});
      return finish();
    }
    if (sm.isMacroArgExpansion(loc)) {
      SourceLocation parameter;
      bool whole =
          end ? sm.isAtEndOfImmediateMacroExpansion(
                    loc.getLocWithOffset(clang::Lexer::MeasureTokenLength(
                        sm.getSpellingLoc(loc), sm, lo)),
                    &parameter)
              : sm.isAtStartOfImmediateMacroExpansion(loc, &parameter);
      if (parametersToo && whole)
        parameters.push_back(parameter);
      // The invocation of the macro whose argument this is (written in the
      // file, or in another macro's argument): see Place.
      SourceLocation body = sm.getImmediateExpansionRange(loc).getBegin();
      clang::CharSourceRange invocation = sm.getImmediateExpansionRange(body);
      argBegin = sm.getSpellingLoc(invocation.getBegin());
      argEnd = sm.getSpellingLoc(invocation.getEnd());
      loc = sm.getImmediateSpellingLoc(loc);
      continue;
    }
    SourceLocation spelled = sm.getImmediateSpellingLoc(loc);
    if (spelled.isFileID()) // A macro body: no argument's invocation.
      out.push_back(
          {spelled, sm.getFileID(loc), SourceLocation(), SourceLocation()});
    // (The end test takes the location just after the token.)
    SourceLocation up;
    if (end ? !sm.isAtEndOfImmediateMacroExpansion(
                  loc.getLocWithOffset(clang::Lexer::MeasureTokenLength(
                      sm.getSpellingLoc(loc), sm, lo)),
                  &up)
            : !sm.isAtStartOfImmediateMacroExpansion(loc, &up))
      return finish();
    loc = up;
  }
  finish();
}

/// The start of the logical line (backslash continuations joined) that
/// holds `offset`.
size_t logicalLineStart(llvm::StringRef buffer, size_t offset) {
  size_t at = offset;
  while (at > 0) {
    size_t nl = buffer.rfind('\n', at); // the last one before `at`
    if (nl == llvm::StringRef::npos)
      return 0;
    size_t before = nl;
    if (before > 0 && buffer[before - 1] == '\r')
      --before;
    if (before == 0 || buffer[before - 1] != '\\')
      return nl + 1;
    at = nl;
  }
  return 0;
}

bool isDirectiveLine(llvm::StringRef buffer, size_t lineStart) {
  return buffer.substr(lineStart).ltrim(" \t").starts_with("#");
}

/// False if [begin, end) runs from a preprocessor directive (a macro
/// definition) into other lines, or from code into a directive.
bool inOnePiece(llvm::StringRef buffer, unsigned begin, unsigned end) {
  size_t first = logicalLineStart(buffer, begin);
  size_t last = logicalLineStart(buffer, end > begin ? end - 1 : end);
  if (first == last)
    return true;
  if (isDirectiveLine(buffer, first))
    return false;
  // Code over several lines: no directive line may start inside it.
  for (size_t at = buffer.find('\n', begin);
       at != llvm::StringRef::npos && at + 1 < end;
       at = buffer.find('\n', at + 1))
    if (logicalLineStart(buffer, at + 1) == at + 1 &&
        isDirectiveLine(buffer, at + 1))
      return false;
  return true;
}

/// False if `place` is text of a macro argument and `text` runs out of the
/// invocation the argument is written in (see Place).
bool insideArgument(const clang::SourceManager &sm, const Place &place,
                    const FileCharRange &text) {
  if (place.argBegin.isInvalid() || !place.argBegin.isFileID() ||
      !place.argEnd.isFileID())
    return true;
  auto [file, begin] = sm.getDecomposedLoc(place.argBegin);
  unsigned end = sm.getFileOffset(place.argEnd);
  auto [placeFile, at] = sm.getDecomposedLoc(place.loc);
  // Only where the argument's text is written inside that invocation (not
  // where the invocation itself is text of another macro's body).
  if (file != text.file || placeFile != file || at <= begin || at >= end)
    return true;
  return begin < text.begin && text.end <= end;
}

} // namespace

std::optional<FileCharRange>
xfence::findRewriteRange(const clang::SourceManager &sm,
                         const clang::LangOptions &lo, clang::SourceRange range,
                         bool preferInvocation) {
  SourceLocation first = range.getBegin(), last = range.getEnd();
  if (first.isInvalid() || last.isInvalid())
    return std::nullopt;
  // Where the text of each end may be: the token's own spelling (in a
  // file, a macro argument or a user macro's body), then, while the token
  // is the first (last) of a macro expansion, the invocation's first (last)
  // token. The range is the innermost pair of one file that lies in one
  // piece of text: not from a macro definition into the code after it.
  llvm::SmallVector<Place, 8> begins, ends;
  candidates(sm, lo, first, /*end=*/false, begins);
  candidates(sm, lo, last, /*end=*/true, ends);
  if (begins.empty() || ends.empty())
    return std::nullopt;

  // Innermost first; with preferInvocation outermost first.
  unsigned sums = begins.size() + ends.size() - 1;
  for (unsigned step = 0; step < sums; ++step)
    for (unsigned i = 0; i < begins.size(); ++i) {
      unsigned sum = preferInvocation ? sums - 1 - step : step;
      if (i > sum)
        continue;
      unsigned j = sum - i;
      if (j >= ends.size())
        continue;
      if (begins[i].expansion != ends[j].expansion)
        continue;
      if (std::optional<FileCharRange> text =
              makeRange(sm, lo, begins[i].loc, ends[j].loc))
        if (inOnePiece(sm.getBufferData(text->file), text->begin, text->end) &&
            insideArgument(sm, begins[i], *text) &&
            insideArgument(sm, ends[j], *text))
          return text;
    }
  return std::nullopt;
}

std::optional<FileCharRange>
xfence::findRangeInside(const clang::SourceManager &sm,
                        const clang::LangOptions &lo, clang::SourceRange range,
                        const FileCharRange &outer) {
  // The innermost pair of places inside `outer` (see findRewriteRange); an
  // operand that is a whole macro argument may be the parameter's name in
  // the body that `outer` is text of.
  llvm::SmallVector<Place, 8> begins, ends;
  candidates(sm, lo, range.getBegin(), /*end=*/false, begins,
             /*parametersToo=*/true);
  candidates(sm, lo, range.getEnd(), /*end=*/true, ends,
             /*parametersToo=*/true);
  auto inside = [&](const Place &place) {
    auto [file, offset] = sm.getDecomposedLoc(place.loc);
    return file == outer.file && outer.begin <= offset && offset < outer.end;
  };
  for (const Place &b : begins) {
    if (!inside(b))
      continue;
    for (const Place &e : ends) {
      if (!inside(e))
        continue;
      unsigned begin = sm.getFileOffset(b.loc);
      unsigned last = sm.getFileOffset(e.loc);
      if (last < begin)
        continue;
      unsigned end = last + clang::Lexer::MeasureTokenLength(e.loc, sm, lo);
      FileCharRange text{outer.file, begin, end};
      if (end <= outer.end && insideArgument(sm, b, text) &&
          insideArgument(sm, e, text))
        return text;
    }
  }
  return std::nullopt;
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

std::optional<FileCharRange>
xfence::macroUseRange(const clang::SourceManager &sm,
                      const clang::LangOptions &lo, clang::SourceRange range) {
  if (!range.getBegin().isMacroID() || !range.getEnd().isMacroID())
    return std::nullopt;
  std::optional<FileCharRange> use =
      findRewriteRange(sm, lo, range, /*preferInvocation=*/true);
  if (!use) {
    // The last token from an argument (`DIM(x)` for `#define DIM(d)
    // threadIdx.d`): clang's own test that the range is the whole
    // expansion.
    clang::CharSourceRange chars = clang::Lexer::makeFileCharRange(
        clang::CharSourceRange::getTokenRange(range), sm, lo);
    if (chars.isInvalid())
      return std::nullopt;
    auto [file, begin] = sm.getDecomposedLoc(chars.getBegin());
    auto [endFile, end] = sm.getDecomposedLoc(chars.getEnd());
    if (file != endFile || end < begin ||
        !inOnePiece(sm.getBufferData(file), begin, end))
      return std::nullopt;
    use = FileCharRange{file, begin, end};
  }
  std::optional<FileCharRange> text = findRewriteRange(sm, lo, range);
  if (text && text->file == use->file && text->begin == use->begin &&
      text->end == use->end)
    return std::nullopt;
  return use;
}

mlir::Location xfence::toLocation(mlir::MLIRContext *ctx,
                                  const clang::SourceManager &sm,
                                  const clang::LangOptions &lo,
                                  clang::SourceRange range, bool perUse) {
  if (perUse)
    if (std::optional<FileCharRange> use = macroUseRange(sm, lo, range))
      return toLocation(ctx, sm, *use);
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
