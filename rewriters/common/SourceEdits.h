//===- SourceEdits.h - text edits to the files of one parse -----*- C++ -*-===//
//
// The text edits both source translators make (OpenCL C to CUDA, CUDA to
// OpenCL C), and how they compose (docs/source-rewriting.md):
//
//  * A replacement takes the text of a range away and puts its own in. A
//    rewrite that keeps the text of its operands never replaces them: it
//    replaces the text between them (`atomic_add(` ... `, ` ... `)`), so the
//    operands' own edits stay in place whatever they are.
//  * An insertion belongs to a construct (its owner): a prefix is written
//    just before the owner's text, a suffix just after. Edits at one offset
//    are ordered by that: the replacement that ends there, then the
//    suffixes (innermost construct first), then prefixes (outermost first),
//    then the replacement that begins there. `((x) & 31)` around a shift
//    count that ends where an atomic's `)` is replaced comes out whole.
//  * An edit strictly inside the text a replacement takes away is moot
//    (the construct that replaced it did not keep that text); the policy
//    says whether that is allowed. Edits that cross are an error.
//  * Text spelled once in a user macro's body is edited once for all its
//    expansions. An edit made there from a construct (its origin) must be
//    made by every expansion of that macro body, with the same text;
//    otherwise it is an error at the place, naming an expansion that needs
//    other text. Nothing is dropped silently.
//
// The files are rebuilt from the edits by xfence itself (not by
// clang::Rewriter, whose order of edits at one offset depends on the kind
// of call); all text without an edit, comments included, stays as it was.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_COMMON_SOURCEEDITS_H
#define XFENCE_REWRITERS_COMMON_SOURCEEDITS_H

#include "frontends/common/ClangSession.h"
#include "frontends/common/SourceRanges.h"

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace xfence {

/// The line that ends the prelude of a translation (the declarations and
/// notes xfence puts before the user's text); what follows is the source's
/// text with its edits, line for line (`compile` of a .cu file puts a
/// `#line 1` after it).
inline constexpr llvm::StringLiteral kPreludeEnd =
    "// xfence: end of prelude\n";

/// Where the two source translators differ in applying their edits.
struct SourceEditPolicy {
  /// A changed user header is inlined at its #include; without this an
  /// edit outside the main file is an error.
  bool inlineHeaders = true;
  /// An edit inside text that an enclosing replacement takes away is moot
  /// and left out; without this it is an error.
  bool allowMootEdits = true;
  /// Warn about inactive preprocessor branches that keep text the
  /// translation would rewrite (off for the passes that rewrite CUDA text
  /// before the translation, whose output is parsed and checked again).
  bool warnInactiveBranches = true;
};

/// A set of text edits to the files of one parse.
class SourceEdits {
public:
  explicit SourceEdits(ParsedSource &src, SourceEditPolicy policy = {})
      : src(src), policy(policy) {}

  /// Replaces the text of `range` with `text`. An empty `range` is glue
  /// text at that offset: after the suffixes there, before the prefixes.
  /// `origin` is a location of the construct that wants the edit (needed
  /// where the text may be in a macro body and the edit depends on the
  /// expansion); an invalid origin says the edit is right for any use of
  /// the text.
  void replace(const FileCharRange &range, std::string text,
               clang::SourceLocation origin = {}) {
    add(range.begin == range.end ? Kind::Glue : Kind::Replace, range, range,
        std::move(text), origin);
  }

  /// Inserts `text` just before the text of `owner`.
  void insertBefore(const FileCharRange &owner, std::string text,
                    clang::SourceLocation origin = {}) {
    add(Kind::Prefix, {owner.file, owner.begin, owner.begin}, owner,
        std::move(text), origin);
  }

  /// Inserts `text` just after the text of `owner`.
  void insertAfter(const FileCharRange &owner, std::string text,
                   clang::SourceLocation origin = {}) {
    add(Kind::Suffix, {owner.file, owner.end, owner.end}, owner,
        std::move(text), origin);
  }

  /// Makes `file` a changed file even without edits (a user header whose
  /// text on disk is not what was parsed): inlined at its #include like
  /// the others, unless an edit replaces that #include.
  void touch(clang::FileID file) { touched.push_back(file); }

  /// Leaves `file` out of the translation (a header of host code only, whose
  /// #include the translation comments out): edits in it are moot, and it
  /// is never inlined.
  void leaveOut(clang::FileID file) { leftOut.insert(file); }

  /// Applies every edit; returns `prelude` followed by the main file's new
  /// text (with each changed user header inlined at its #include, if the
  /// policy says so). Fails, with an error at the place, on edits that
  /// conflict.
  mlir::FailureOr<std::string> apply(llvm::StringRef prelude);

  /// Applies every edit; returns the new text of each file with an edit
  /// (no header inlined, no prelude).
  mlir::FailureOr<std::vector<std::pair<clang::FileID, std::string>>>
  applyToFiles();

  /// Applies every edit to a copy of the text of `range` and returns it;
  /// each edit must lie inside `range`. The files are not changed: the
  /// same text can be copied again with other edits.
  mlir::FailureOr<std::string> applyWithin(const FileCharRange &range);

  ParsedSource &getSource() { return src; }

  /// The kinds of edits, in the order they take at one offset.
  enum class Kind { Suffix, Glue, Prefix, Replace };

  struct Edit {
    Kind kind;
    /// The text taken away (empty for an insertion).
    FileCharRange range;
    /// The construct an insertion belongs to (`range` for a replacement).
    FileCharRange owner;
    std::string text;
    /// The constructs that asked for the edit (several if the text is in a
    /// macro body); invalid entries for "right for any use".
    std::vector<clang::SourceLocation> origins;
    unsigned sequence;
    /// Other text that other uses of the same text (a macro body) ask for
    /// here; settled once the text taken away is known (a use in host code
    /// left out asks for nothing).
    std::vector<Edit> rivals;
  };

private:
  void add(Kind kind, const FileCharRange &range, const FileCharRange &owner,
           std::string text, clang::SourceLocation origin) {
    edits.push_back({kind,
                     range,
                     owner,
                     std::move(text),
                     {origin},
                     static_cast<unsigned>(edits.size()),
                     {}});
  }

  mlir::LogicalResult checkMacroBodies(llvm::ArrayRef<Edit> kept);
  /// Settles the edits whose uses asked for different text: the uses in
  /// text that `kept` takes away ask for nothing; more than one text left
  /// is an error at the place.
  mlir::LogicalResult settleRivals(std::vector<Edit> &kept);
  /// Rejects a replacement whose text holds part of a preprocessor
  /// conditional (an #else or #endif whose #if is outside it, or an #if
  /// whose #endif is): the text that replaced it would leave the other
  /// part alone, and the output would not compile.
  mlir::LogicalResult checkConditionals(llvm::ArrayRef<Edit> kept);
  /// Warns at each inactive branch of a conditional in the translated
  /// files (text the preprocessor skipped: not parsed, so not translated)
  /// that spells a name this translation rewrites where it is active.
  void warnUntranslatedBranches(llvm::ArrayRef<Edit> kept);
  /// Whether `name` is a built-in of the source language: an OpenCL C
  /// address space or kernel qualifier; where it is `called` or
  /// `rewritten` elsewhere, a name its own headers declare; where it is
  /// `called`, a function the file does not declare.
  bool isSourceBuiltin(llvm::StringRef name, bool rewritten, bool called);
  /// Merges the edits that several uses ask for, leaves out moot ones and
  /// checks conflicts; the edits to apply, sorted.
  mlir::FailureOr<std::vector<Edit>> resolve();

  ParsedSource &src;
  SourceEditPolicy policy;
  std::vector<Edit> edits;
  std::vector<clang::FileID> touched;
  llvm::DenseSet<clang::FileID> leftOut;
};

/// The rewrite of one construct that keeps the source text of its operands:
/// text() appends translated text, operand() keeps the text of an operand
/// (its own edits included) at that point, finish() closes the construct.
/// Only the text between the kept operands is replaced, so rewrites nested
/// in the operands compose with this one. Both source translators write
/// their synchronization sites with it.
class SiteText {
public:
  SiteText(SourceEdits &edits, const FileCharRange &construct,
           clang::SourceLocation origin)
      : edits(edits), construct(construct), origin(origin),
        cursor(construct.begin) {}

  void text(llvm::StringRef more) { pending += more; }

  /// Keeps the text `operand` (inside the construct, after the operands
  /// kept so far); fails if it is not.
  mlir::LogicalResult operand(const FileCharRange &operand) {
    if (operand.file != construct.file || operand.begin < cursor ||
        operand.end > construct.end)
      return mlir::failure();
    edits.replace({construct.file, cursor, operand.begin}, std::move(pending),
                  origin);
    pending.clear();
    cursor = operand.end;
    return mlir::success();
  }

  void finish() {
    edits.replace({construct.file, cursor, construct.end}, std::move(pending),
                  origin);
    pending.clear();
  }

private:
  SourceEdits &edits;
  FileCharRange construct;
  clang::SourceLocation origin;
  unsigned cursor;
  std::string pending;
};

/// True if `text` has a comma outside parentheses: as the text of a
/// construct written in an argument of a function-like macro, it would split
/// the argument (cuda::atomic_ref<T, S>), and goes in parentheses.
inline bool hasTopLevelComma(llvm::StringRef text) {
  int depth = 0;
  for (char c : text) {
    if (c == '(')
      ++depth;
    else if (c == ')')
      --depth;
    else if (c == ',' && depth == 0)
      return true;
  }
  return false;
}

/// Calls `fn` for each `#include <header>` or `#include "header"` directive
/// of the user's files (src.isUserLocation), file by file in the order the
/// source manager knows them: the directive's text from `#` to the closing
/// `>` or `"`, and the header as written.
void forEachUserInclude(ParsedSource &src,
                        llvm::function_ref<void(const FileCharRange &directive,
                                                llvm::StringRef header)>
                            fn);

/// What a route does with one `#include` of the user's: nothing (a header
/// it does not map), replace the directive (`replacement`), or refuse it
/// (a header it maps but has no counterpart for).
struct IncludeMapping {
  bool known = false;
  std::optional<std::string> replacement;
};

/// Rewrites the user's `#include` directives by `map`; a known header
/// without a replacement is an error at its directive ("has no `target`
/// header that xfence knows"). Fails if any was.
mlir::LogicalResult
mapUserIncludes(SourceEdits &edits, llvm::StringRef target,
                llvm::function_ref<IncludeMapping(llvm::StringRef header)> map);

/// Calls `each(begin, end)` with the offsets of every line of `buffer`
/// (from its first character to its newline or the buffer's end).
void forEachLine(llvm::StringRef buffer,
                 llvm::function_ref<void(size_t begin, size_t end)> each);

} // namespace xfence

#endif // XFENCE_REWRITERS_COMMON_SOURCEEDITS_H
