//===- SourceEdits.cpp - text edits to the files of one parse -------------===//

#include "rewriters/common/SourceEdits.h"
#include "rewriters/common/Identifiers.h"

#include "clang/Basic/CharInfo.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PreprocessingRecord.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <map>

using namespace xfence;
using namespace mlir;
using clang::DiagnosticsEngine;
using Edit = SourceEdits::Edit;
using Kind = SourceEdits::Kind;

/// The order of edits in a file (see the header): by offset; at one offset
/// suffixes (innermost owner first), glue, prefixes (outermost owner
/// first), replacements (widest first); then in the order they were made.
static bool comesBefore(const Edit &a, const Edit &b) {
  if (a.range.file != b.range.file)
    return a.range.file < b.range.file;
  if (a.range.begin != b.range.begin)
    return a.range.begin < b.range.begin;
  if (a.kind != b.kind)
    return a.kind < b.kind;
  switch (a.kind) {
  case Kind::Suffix:
    if (a.owner.begin != b.owner.begin)
      return a.owner.begin > b.owner.begin;
    break;
  case Kind::Prefix:
    if (a.owner.end != b.owner.end)
      return a.owner.end > b.owner.end;
    break;
  case Kind::Replace:
    if (a.range.end != b.range.end)
      return a.range.end > b.range.end;
    break;
  case Kind::Glue:
    break;
  }
  return a.sequence < b.sequence;
}

static bool sameRange(const FileCharRange &a, const FileCharRange &b) {
  return a.file == b.file && a.begin == b.begin && a.end == b.end;
}

static bool strictlyContains(const FileCharRange &outer,
                             const FileCharRange &inner) {
  return outer.contains(inner) && !sameRange(outer, inner);
}

namespace {
/// How an edit stands to a replacement `r`.
enum class Relation { Apart, Moot, Crossing };
} // namespace

static Relation relation(const Edit &e, const Edit &r) {
  if (e.range.file != r.range.file)
    return Relation::Apart;
  if (e.kind == Kind::Replace) {
    if (sameRange(e.range, r.range) || !e.range.overlaps(r.range) ||
        e.range.contains(r.range))
      return Relation::Apart;
    return r.range.contains(e.range) ? Relation::Moot : Relation::Crossing;
  }
  unsigned at = e.range.begin;
  if (at < r.range.begin || at > r.range.end)
    return Relation::Apart;
  // An insertion at a boundary of `r` belongs inside only if its owner does
  // (glue has no owner: it stays at the boundary).
  if (e.kind != Kind::Glue && strictlyContains(r.range, e.owner))
    return Relation::Moot;
  if (at == r.range.begin || at == r.range.end)
    return Relation::Apart;
  return Relation::Crossing;
}

//===----------------------------------------------------------------------===//
// Macro bodies
//===----------------------------------------------------------------------===//

namespace {
/// One expansion of a user macro's body: its source-location entry and
/// where it was expanded.
struct BodyExpansion {
  unsigned entryOffset;
  clang::SourceLocation expandedAt;
};

/// The expansions of the bodies of user macros, by the body's first offset.
class MacroBodies {
public:
  MacroBodies(ParsedSource &src) : sm(src.getSourceManager()) {
    for (unsigned i = 0, e = sm.local_sloc_entry_size(); i < e; ++i) {
      const clang::SrcMgr::SLocEntry &entry = sm.getLocalSLocEntry(i);
      if (!entry.isExpansion())
        continue;
      const clang::SrcMgr::ExpansionInfo &info = entry.getExpansion();
      clang::SourceLocation body = info.getSpellingLoc();
      if (!info.isMacroBodyExpansion() || !body.isFileID() ||
          !src.isUserLocation(body))
        continue;
      clang::SourceLocation at =
          sm.getExpansionLoc(info.getExpansionLocStart());
      if (inDirective(at))
        continue; // #if MACRO: no construct of the program
      auto [file, offset] = sm.getDecomposedLoc(body);
      expansions[{file, offset}].push_back({entry.getOffset(), at});
    }
  }

  /// The body expansion that `origin` was spelled in, if the text of
  /// `range` lies in that macro body: (body's first offset, expansion).
  /// The search follows both where a token was spelled and where its
  /// macro was used: the edit may be at the invocation of a macro whose
  /// expansion the construct is.
  std::optional<std::pair<unsigned, unsigned>>
  instanceOf(clang::SourceLocation origin, const FileCharRange &range) {
    llvm::SmallVector<clang::SourceLocation, 8> work{origin};
    llvm::DenseSet<clang::SourceLocation::UIntTy> visited;
    while (!work.empty() && visited.size() < 1024) {
      clang::SourceLocation loc = work.pop_back_val();
      if (!loc.isMacroID() || !visited.insert(loc.getRawEncoding()).second)
        continue;
      clang::FileID fid = sm.getFileID(loc);
      const clang::SrcMgr::SLocEntry &entry = sm.getSLocEntry(fid);
      const clang::SrcMgr::ExpansionInfo &info = entry.getExpansion();
      clang::SourceLocation spelled = sm.getImmediateSpellingLoc(loc);
      if (info.isMacroBodyExpansion() && spelled.isFileID()) {
        auto [file, begin] = sm.getDecomposedLoc(info.getSpellingLoc());
        unsigned end = begin + sm.getFileIDSize(fid);
        if (file == range.file && begin <= range.begin && range.end <= end)
          return std::make_pair(begin, entry.getOffset());
      }
      // Where the token was spelled first (depth first), then where its
      // macro was used.
      work.push_back(sm.getImmediateExpansionRange(loc).getBegin());
      work.push_back(spelled);
    }
    return std::nullopt;
  }

  llvm::ArrayRef<BodyExpansion> expansionsOf(clang::FileID file,
                                             unsigned body) {
    auto it = expansions.find({file, body});
    if (it == expansions.end())
      return {};
    return it->second;
  }

private:
  /// True if `loc` is on a preprocessor directive's line.
  bool inDirective(clang::SourceLocation loc) {
    if (!loc.isFileID())
      return false;
    auto [file, offset] = sm.getDecomposedLoc(loc);
    llvm::StringRef buffer = sm.getBufferData(file);
    size_t lineBegin = buffer.rfind('\n', offset);
    lineBegin = lineBegin == llvm::StringRef::npos ? 0 : lineBegin + 1;
    return buffer.substr(lineBegin, offset - lineBegin)
        .ltrim()
        .starts_with("#");
  }

  clang::SourceManager &sm;
  std::map<std::pair<clang::FileID, unsigned>, std::vector<BodyExpansion>>
      expansions;
};
} // namespace

/// True if `loc` (a file location) lies strictly inside the text that a
/// replacement of `kept` takes away.
static bool insideReplaced(ArrayRef<SourceEdits::Edit> kept,
                           const clang::SourceManager &sm,
                           clang::SourceLocation loc) {
  if (loc.isInvalid() || !loc.isFileID())
    return false;
  auto [file, offset] = sm.getDecomposedLoc(loc);
  return llvm::any_of(kept, [file = file,
                             offset = offset](const SourceEdits::Edit &edit) {
    return edit.kind == SourceEdits::Kind::Replace && edit.range.file == file &&
           edit.range.begin <= offset && offset < edit.range.end;
  });
}

LogicalResult SourceEdits::checkMacroBodies(ArrayRef<Edit> kept) {
  clang::SourceManager &sm = src.getSourceManager();
  std::optional<MacroBodies> bodies;
  for (const Edit &edit : kept) {
    if (llvm::any_of(edit.origins, [](clang::SourceLocation origin) {
          return origin.isInvalid();
        }))
      continue; // right for any use of the text
    if (llvm::none_of(edit.origins, [](clang::SourceLocation origin) {
          return origin.isMacroID();
        }))
      continue;
    if (!bodies)
      bodies.emplace(src);
    std::optional<unsigned> body;
    llvm::DenseMap<unsigned, clang::SourceLocation> wanting;
    for (clang::SourceLocation origin : edit.origins)
      if (auto instance = bodies->instanceOf(origin, edit.range)) {
        body = instance->first;
        wanting.try_emplace(instance->second, origin);
      }
    if (!body)
      continue; // not in a macro body: one use, one edit
    for (const BodyExpansion &expansion :
         bodies->expansionsOf(edit.range.file, *body)) {
      if (wanting.count(expansion.entryOffset))
        continue;
      if (insideReplaced(kept, sm, expansion.expandedAt))
        continue; // in text taken away (host code left out)
      clang::SourceLocation at = edit.range.getBegin(sm);
      src.report(at, DiagnosticsEngine::Error,
                 "cannot rewrite this text of a macro body: the macro's "
                 "uses need different text here ('" +
                     edit.text +
                     "' for some, not for others); write the "
                     "macro so that each use is alike, or "
                     "expand it by hand");
      src.report(sm.getExpansionLoc(wanting.begin()->second),
                 DiagnosticsEngine::Note, "a use that needs the edit");
      src.report(expansion.expandedAt, DiagnosticsEngine::Note,
                 "a use that does not");
      return failure();
    }
  }
  return success();
}

LogicalResult SourceEdits::settleRivals(std::vector<Edit> &kept) {
  clang::SourceManager &sm = src.getSourceManager();
  // A text is wanted if one of its origins is "any use" or lies where the
  // translation keeps the text (judged against the replacements of `kept`,
  // which the rivals do not change: they share their range).
  auto wanted = [&](const Edit &edit) {
    return llvm::any_of(edit.origins, [&](clang::SourceLocation origin) {
      return origin.isInvalid() ||
             !insideReplaced(kept, sm, sm.getExpansionLoc(origin));
    });
  };
  std::vector<size_t> unwanted;
  for (size_t i = 0; i < kept.size(); ++i) {
    Edit &edit = kept[i];
    if (edit.rivals.empty())
      continue;
    std::vector<Edit> texts = std::move(edit.rivals);
    edit.rivals.clear();
    texts.insert(texts.begin(), edit);
    llvm::erase_if(texts, [&](const Edit &text) { return !wanted(text); });
    if (texts.size() > 1) {
      src.report(edit.range.getBegin(sm), DiagnosticsEngine::Error,
                 "cannot rewrite this text: its uses (expansions of one "
                 "macro?) need different text here ('" +
                     texts[0].text + "' and '" + texts[1].text + "')");
      return failure();
    }
    if (texts.empty())
      unwanted.push_back(i);
    else
      edit = std::move(texts.front());
  }
  for (size_t i : llvm::reverse(unwanted))
    kept.erase(kept.begin() + i);
  return success();
}

/// Whether `name` is a conditional directive (if, ifdef, ifndef, elif,
/// elifdef, elifndef, else, endif).
static bool isConditionalDirective(llvm::StringRef name) {
  return llvm::is_contained(
      {"if", "ifdef", "ifndef", "elif", "elifdef", "elifndef", "else", "endif"},
      name);
}

LogicalResult SourceEdits::checkConditionals(ArrayRef<Edit> kept) {
  clang::SourceManager &sm = src.getSourceManager();
  for (const Edit &edit : kept) {
    if (edit.kind != Kind::Replace || edit.range.begin == edit.range.end)
      continue;
    llvm::StringRef text = sm.getBufferData(edit.range.file);
    // The condition of one #if-family directive replaced by another #if
    // (a condition on a macro of the source's headers, by its value): the
    // conditional keeps its shape.
    llvm::StringRef replaced = text.slice(edit.range.begin, edit.range.end);
    if (replaced.starts_with("#") && !replaced.contains('\n') &&
        llvm::StringRef(edit.text).starts_with("#if ") &&
        replaced.drop_front().ltrim().starts_with("if"))
      continue;
    // The `#` of each conditional directive whose `#` the replaced text
    // holds (lexed raw from the start of its first line: not in a comment
    // or a string); the #if's still open.
    llvm::SmallVector<size_t> open;
    std::optional<size_t> unbalanced;
    size_t line = text.rfind('\n', edit.range.begin);
    line = line == llvm::StringRef::npos ? 0 : line + 1;
    clang::Lexer lexer(sm.getLocForStartOfFile(edit.range.file),
                       src.getLangOpts(), text.begin(), text.begin() + line,
                       text.end());
    clang::Token token;
    while (!unbalanced && !lexer.LexFromRawLexer(token)) {
      size_t at = sm.getFileOffset(token.getLocation());
      if (at >= edit.range.end)
        break;
      if (!token.is(clang::tok::hash) || !token.isAtStartOfLine())
        continue;
      clang::Token name;
      if (lexer.LexFromRawLexer(name) || !name.is(clang::tok::raw_identifier) ||
          name.isAtStartOfLine() ||
          !isConditionalDirective(name.getRawIdentifier()))
        continue;
      if (at < edit.range.begin)
        continue;
      llvm::StringRef directive = name.getRawIdentifier();
      if (directive.starts_with("if"))
        open.push_back(at);
      else if (open.empty())
        unbalanced = at; // an #elif, #else or #endif of an #if before
      else if (directive == "endif")
        open.pop_back();
    }
    if (!unbalanced && !open.empty())
      unbalanced = open.front();
    if (!unbalanced)
      continue;
    src.report(sm.getComposedLoc(edit.range.file, *unbalanced),
               DiagnosticsEngine::Error,
               "cannot rewrite a construct that holds part of this "
               "preprocessor conditional (the rest lies outside it): xfence "
               "translates the branches that are active, and the other "
               "branches would be left broken; move the conditional out of "
               "the construct, or translate once per configuration with -D");
    src.report(edit.range.getBegin(sm), DiagnosticsEngine::Note,
               "the construct that xfence rewrites begins here");
    return failure();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Applying the edits
//===----------------------------------------------------------------------===//

namespace {
/// An `#include <name>` or `#include "name"` line: where its directive and
/// its name lie in the line.
struct IncludeLine {
  size_t directive, directiveEnd; // `#` to the closing delimiter
  size_t nameBegin;
  llvm::StringRef name;
  bool quoted;
};
} // namespace

static std::optional<IncludeLine> parseIncludeLine(llvm::StringRef line) {
  llvm::StringRef rest = line.ltrim();
  size_t directive = rest.data() - line.data();
  if (!rest.consume_front("#"))
    return std::nullopt;
  rest = rest.ltrim();
  if (!rest.consume_front("include"))
    return std::nullopt;
  rest = rest.ltrim();
  if (rest.empty() || (rest[0] != '<' && rest[0] != '"'))
    return std::nullopt;
  size_t stop = rest.find(rest[0] == '<' ? '>' : '"', 1);
  if (stop == llvm::StringRef::npos)
    return std::nullopt;
  size_t open = rest.data() - line.data();
  return IncludeLine{directive, open + stop + 1, open + 1, rest.slice(1, stop),
                     rest[0] == '"'};
}

/// `path` (absolute) written relative to the directory `dir` (absolute),
/// with `..` where it is not under it.
static std::string relativePath(llvm::StringRef dir, llvm::StringRef path) {
  llvm::SmallVector<llvm::StringRef> from, to;
  for (auto it = llvm::sys::path::begin(dir), e = llvm::sys::path::end(dir);
       it != e; ++it)
    from.push_back(*it);
  for (auto it = llvm::sys::path::begin(path), e = llvm::sys::path::end(path);
       it != e; ++it)
    to.push_back(*it);
  size_t common = 0;
  while (common < from.size() && common + 1 < to.size() &&
         from[common] == to[common])
    ++common;
  llvm::SmallString<256> result;
  for (size_t i = common; i < from.size(); ++i)
    llvm::sys::path::append(result, llvm::sys::path::Style::posix, "..");
  for (size_t i = common; i < to.size(); ++i)
    llvm::sys::path::append(result, llvm::sys::path::Style::posix, to[i]);
  return std::string(result);
}

/// The absolute directory of `file`, dots removed; empty if unknown.
static std::string directoryOf(const clang::SourceManager &sm,
                               clang::FileID file) {
  clang::OptionalFileEntryRef entry = sm.getFileEntryRefForID(file);
  if (!entry)
    return "";
  llvm::SmallString<256> dir(llvm::sys::path::parent_path(entry->getName()));
  if (llvm::sys::fs::make_absolute(dir))
    return "";
  llvm::sys::path::remove_dots(dir, /*remove_dot_dot=*/true);
  return std::string(dir);
}

/// Edits for the quoted #includes of the header `file` that is inlined into
/// the main file: a name found beside the header (where a quoted #include
/// looks first) is written relative to the main file's directory, where
/// the inlined text is read; #include lines that other edits change are
/// left to them.
static void rebaseQuotedIncludes(const clang::SourceManager &sm,
                                 clang::FileID file, clang::FileID mainFile,
                                 std::vector<SourceEdits::Edit> &edits) {
  std::string headerDir = directoryOf(sm, file);
  std::string mainDir = directoryOf(sm, mainFile);
  if (headerDir.empty() || mainDir.empty() || headerDir == mainDir)
    return;
  llvm::StringRef text = sm.getBufferData(file);
  forEachLine(text, [&](size_t begin, size_t end) {
    llvm::StringRef line = text.slice(begin, end);
    std::optional<IncludeLine> include = parseIncludeLine(line);
    if (!include || !include->quoted)
      return;
    llvm::StringRef name = include->name;
    llvm::SmallString<256> beside(headerDir);
    llvm::sys::path::append(beside, name);
    llvm::sys::path::remove_dots(beside, /*remove_dot_dot=*/true);
    if (llvm::sys::path::is_absolute(name) || !llvm::sys::fs::exists(beside))
      return;
    unsigned nameBegin = static_cast<unsigned>(begin + include->nameBegin);
    FileCharRange range{file, nameBegin,
                        nameBegin + static_cast<unsigned>(name.size())};
    FileCharRange lineRange{file, static_cast<unsigned>(begin),
                            static_cast<unsigned>(end)};
    if (llvm::any_of(edits, [&](const SourceEdits::Edit &e) {
          return e.range.overlaps(lineRange) || lineRange.contains(e.range);
        }))
      return;
    edits.push_back({SourceEdits::Kind::Replace,
                     range,
                     range,
                     relativePath(mainDir, beside),
                     {},
                     static_cast<unsigned>(-1)});
  });
}

/// The text of `file` with its edits (sorted, without overlaps).
static std::string rebuild(llvm::StringRef buffer, ArrayRef<Edit> edits) {
  std::string out;
  unsigned cursor = 0;
  for (const Edit &edit : edits) {
    if (edit.range.begin > cursor)
      out += buffer.slice(cursor, edit.range.begin);
    out += edit.text;
    cursor = std::max(cursor, edit.range.end);
  }
  out += buffer.substr(cursor);
  return out;
}

FailureOr<std::vector<Edit>> SourceEdits::resolve() {
  clang::SourceManager &sm = src.getSourceManager();
  clang::FileID mainFile = sm.getMainFileID();
  std::vector<Edit> all = std::move(edits);
  edits.clear();
  llvm::erase_if(all, [&](const Edit &e) {
    return (e.kind != Kind::Replace && e.text.empty()) ||
           leftOut.contains(e.range.file);
  });
  std::stable_sort(all.begin(), all.end(), comesBefore);

  // One edit for each text that several uses ask for (a macro body).
  std::vector<Edit> merged;
  for (Edit &edit : all) {
    if (!policy.inlineHeaders && edit.range.file != mainFile) {
      src.report(edit.range.getBegin(sm), DiagnosticsEngine::Error,
                 "cannot translate code in an included file; translate the "
                 "header on its own or inline it");
      return failure();
    }
    if (!merged.empty()) {
      Edit &last = merged.back();
      if (last.kind == edit.kind && sameRange(last.range, edit.range) &&
          sameRange(last.owner, edit.owner)) {
        if (last.text == edit.text) {
          llvm::append_range(last.origins, edit.origins);
          continue;
        }
        if (edit.kind != Kind::Replace && last.origins == edit.origins) {
          merged.push_back(std::move(edit)); // one construct, two insertions
          continue;
        }
        // Uses (expansions of one macro?) that want other text here.
        auto rival = llvm::find_if(last.rivals, [&](const Edit &other) {
          return other.text == edit.text;
        });
        if (rival != last.rivals.end())
          llvm::append_range(rival->origins, edit.origins);
        else
          last.rivals.push_back(std::move(edit));
        continue;
      }
    }
    merged.push_back(std::move(edit));
  }

  // Leave out what a replacement takes away; reject edits that cross.
  std::vector<const Edit *> replacements;
  for (const Edit &edit : merged)
    if (edit.kind == Kind::Replace)
      replacements.push_back(&edit);
  std::vector<Edit> kept;
  // A sweep over both lists, sorted by file and offset: `open` holds the
  // replacements that begin at or before the end of an edit seen so far and
  // do not end before the current edit begins (linear for a file of many
  // kernels, where comparing every pair was quadratic).
  std::vector<const Edit *> open;
  size_t next = 0;
  for (Edit &edit : merged) {
    while (next < replacements.size() &&
           (replacements[next]->range.file < edit.range.file ||
            (replacements[next]->range.file == edit.range.file &&
             replacements[next]->range.begin <= edit.range.end))) {
      if (replacements[next]->range.file == edit.range.file)
        open.push_back(replacements[next]);
      ++next;
    }
    llvm::erase_if(open, [&](const Edit *r) {
      return r->range.file != edit.range.file ||
             r->range.end < edit.range.begin;
    });
    Relation worst = Relation::Apart;
    for (const Edit *r : open) {
      if (r == &edit)
        continue;
      if (r->range.begin > edit.range.end)
        break; // sorted by offset
      Relation rel = relation(edit, *r);
      if (rel == Relation::Crossing) {
        worst = rel;
        break;
      }
      if (rel == Relation::Moot)
        worst = rel;
    }
    if (worst == Relation::Crossing ||
        (worst == Relation::Moot && !policy.allowMootEdits)) {
      src.report(edit.range.getBegin(sm), DiagnosticsEngine::Error,
                 worst == Relation::Crossing
                     ? "cannot rewrite this text: it overlaps another "
                       "rewritten construct"
                     : "cannot rewrite this text: another rewritten "
                       "construct that contains it drops its text (a "
                       "synchronization construct inside an argument that "
                       "the translation does not keep?)");
      return failure();
    }
    if (worst == Relation::Apart)
      kept.push_back(std::move(edit));
  }
  if (failed(settleRivals(kept)) || failed(checkMacroBodies(kept)) ||
      failed(checkConditionals(kept)))
    return failure();
  if (policy.warnInactiveBranches)
    warnUntranslatedBranches(kept);
  return kept;
}

bool xfence::callsName(llvm::StringRef text, llvm::StringRef name) {
  for (size_t at = text.find(name); at != llvm::StringRef::npos;
       at = text.find(name, at + 1)) {
    if (at > 0 && clang::isAsciiIdentifierContinue(text[at - 1]))
      continue;
    llvm::StringRef rest = text.drop_front(at + name.size()).ltrim(" \t");
    if (rest.starts_with("("))
      return true;
  }
  return false;
}

void xfence::collectIdentifiers(llvm::StringRef text, llvm::StringSet<> &out) {
  for (size_t i = 0; i < text.size();) {
    if (!clang::isAsciiIdentifierStart(text[i]) ||
        (i > 0 && clang::isAsciiIdentifierContinue(text[i - 1]))) {
      ++i;
      continue;
    }
    size_t end = i;
    while (end < text.size() && clang::isAsciiIdentifierContinue(text[end]))
      ++end;
    out.insert(text.slice(i, end));
    i = end;
  }
}

void SourceEdits::warnUntranslatedBranches(ArrayRef<Edit> kept) {
  clang::PreprocessingRecord *record =
      src.getUnit().getPreprocessor().getPreprocessingRecord();
  if (!record)
    return;
  clang::SourceManager &sm = src.getSourceManager();
  llvm::StringSet<> rewritten;
  llvm::DenseSet<clang::FileID> translated = {sm.getMainFileID()};
  for (const Edit &edit : kept) {
    translated.insert(edit.range.file);
    if (edit.kind == Kind::Replace && edit.range.begin < edit.range.end)
      collectIdentifiers(sm.getBufferData(edit.range.file)
                             .slice(edit.range.begin, edit.range.end),
                         rewritten);
  }
  for (clang::SourceRange skipped : record->getSkippedRanges()) {
    clang::SourceLocation begin = skipped.getBegin();
    if (begin.isInvalid() || !begin.isFileID() || !src.isUserLocation(begin))
      continue;
    auto [file, offset] = sm.getDecomposedLoc(begin);
    if (!translated.contains(file) || leftOut.contains(file) ||
        insideReplaced(kept, sm, begin))
      continue;
    unsigned end = sm.getFileOffset(skipped.getEnd());
    llvm::StringRef buffer = sm.getBufferData(file);
    if (end <= offset || end > buffer.size())
      continue;
    // The tokens of the branch, lexed raw (comments are none), but those
    // of its directives (the condition names the configuration's macros).
    clang::Lexer lexer(sm.getLocForStartOfFile(file), src.getLangOpts(),
                       buffer.begin(), buffer.begin() + offset, buffer.end());
    clang::Token token, next;
    bool directive = false;
    bool more = !lexer.LexFromRawLexer(token);
    while (more && sm.getFileOffset(token.getLocation()) < end) {
      more = !lexer.LexFromRawLexer(next);
      if (token.isAtStartOfLine())
        directive = token.is(clang::tok::hash);
      if (!directive && token.is(clang::tok::raw_identifier) &&
          isSourceBuiltin(token.getRawIdentifier(),
                          rewritten.contains(token.getRawIdentifier()),
                          next.is(clang::tok::l_paren))) {
        src.report(begin, DiagnosticsEngine::Warning,
                   "this branch is inactive with the macros of this "
                   "translation and is not translated: it keeps '" +
                       token.getRawIdentifier().str() +
                       "' as written; translate again with macros that "
                       "make the branch active (-D) for that "
                       "configuration");
        break;
      }
      token = next;
    }
  }
}

bool SourceEdits::isSourceBuiltin(llvm::StringRef name, bool rewritten,
                                  bool called) {
  clang::Preprocessor &pp = src.getUnit().getPreprocessor();
  clang::IdentifierInfo *id = pp.getIdentifierInfo(name);
  // OpenCL C's address spaces and kernel qualifier.
  if (id->isKeyword(src.getLangOpts()))
    return id->getTokenID() == clang::tok::kw___global ||
           id->getTokenID() == clang::tok::kw___local ||
           id->getTokenID() == clang::tok::kw___constant ||
           id->getTokenID() == clang::tok::kw___kernel;
  if (!rewritten && !called)
    return false;
  // A macro, function, variable or type of the language's own headers
  // (CUDA's __syncthreads and threadIdx), called or rewritten where it is
  // active; or a function the file does not declare at all (OpenCL C's
  // built-ins are declared where they are first used; a parameter or a
  // local variable is not at file scope either, but is not called).
  if (const clang::MacroInfo *macro = pp.getMacroInfo(id))
    return !src.isUserLocation(macro->getDefinitionLoc());
  clang::ASTContext &ctx = src.getContext();
  auto decls = ctx.getTranslationUnitDecl()->lookup(
      ctx.DeclarationNames.getIdentifier(id));
  if (decls.empty())
    return called;
  return llvm::any_of(decls, [&](const clang::NamedDecl *d) {
    return !src.isUserLocation(d->getLocation());
  });
}

/// Edits by file, in the order of the files' IDs (an included file after
/// the file that includes it).
using EditsByFile =
    std::map<unsigned, std::pair<clang::FileID, std::vector<Edit>>>;

static EditsByFile groupByFile(std::vector<Edit> edits) {
  EditsByFile byFile;
  for (Edit &edit : edits) {
    auto &slot = byFile[edit.range.file.getHashValue()];
    slot.first = edit.range.file;
    slot.second.push_back(std::move(edit));
  }
  return byFile;
}

FailureOr<std::vector<std::pair<clang::FileID, std::string>>>
SourceEdits::applyToFiles() {
  FailureOr<std::vector<Edit>> kept = resolve();
  if (failed(kept))
    return failure();
  clang::SourceManager &sm = src.getSourceManager();
  EditsByFile byFile = groupByFile(std::move(*kept));
  std::vector<std::pair<clang::FileID, std::string>> texts;
  for (auto &[hash, fileEdits] : byFile) {
    std::stable_sort(fileEdits.second.begin(), fileEdits.second.end(),
                     comesBefore);
    texts.emplace_back(
        fileEdits.first,
        rebuild(sm.getBufferData(fileEdits.first), fileEdits.second));
  }
  return texts;
}

FailureOr<std::string> SourceEdits::applyWithin(const FileCharRange &range) {
  FailureOr<std::vector<Edit>> kept = resolve();
  if (failed(kept))
    return failure();
  std::vector<Edit> inside;
  for (Edit &edit : *kept) {
    if (!range.contains(edit.range)) {
      src.report(edit.range.getBegin(src.getSourceManager()),
                 DiagnosticsEngine::Error,
                 "cannot rewrite this text: it is outside the construct "
                 "being copied");
      return failure();
    }
    edit.range.begin -= range.begin;
    edit.range.end -= range.begin;
    inside.push_back(std::move(edit));
  }
  std::stable_sort(inside.begin(), inside.end(), comesBefore);
  llvm::StringRef buffer = src.getSourceManager()
                               .getBufferData(range.file)
                               .slice(range.begin, range.end);
  return rebuild(buffer, inside);
}

/// The begin and end offsets of the line of `buffer` that holds `offset`
/// (without its newline).
static std::pair<size_t, size_t> lineAround(llvm::StringRef buffer,
                                            size_t offset) {
  size_t begin = buffer.rfind('\n', offset);
  begin = begin == llvm::StringRef::npos ? 0 : begin + 1;
  size_t end = buffer.find('\n', offset);
  return {begin, end == llvm::StringRef::npos ? buffer.size() : end};
}

static void
commentOutRepeatedIncludes(ParsedSource &src,
                           const llvm::DenseSet<clang::FileID> &leftOut,
                           EditsByFile &byFile) {
  // A user header that is inlined translated at its first #include may be
  // included again (its include guard made it empty then): that #include
  // would read the untranslated file, so it becomes a comment (and the file
  // that has it is inlined in turn).
  clang::SourceManager &sm = src.getSourceManager();
  llvm::DenseSet<const clang::FileEntry *> inlined;
  for (auto &[hash, slot] : byFile)
    if (slot.first != sm.getMainFileID())
      if (clang::OptionalFileEntryRef entry =
              sm.getFileEntryRefForID(slot.first))
        inlined.insert(&entry->getFileEntry());
  if (inlined.empty())
    return;
  // The #include lines to comment out: those that entered the file again
  // (the source manager has an entry for each), and those that clang's
  // multiple-include optimization skipped, the file's whole text under an
  // include guard already defined (no entry: the preprocessing record has
  // the directive). The #include that was inlined is neither.
  llvm::DenseSet<clang::SourceLocation> inlinedAt;
  for (auto &[hash, slot] : byFile)
    if (slot.first != sm.getMainFileID())
      inlinedAt.insert(sm.getIncludeLoc(slot.first));
  std::vector<clang::SourceLocation> repeated;
  for (unsigned i = 1, e = sm.local_sloc_entry_size(); i < e; ++i) {
    const clang::SrcMgr::SLocEntry &entry = sm.getLocalSLocEntry(i);
    if (!entry.isFile())
      continue;
    // A local file location's raw encoding is its offset.
    clang::FileID id = sm.getFileID(
        clang::SourceLocation::getFromRawEncoding(entry.getOffset()));
    clang::OptionalFileEntryRef ref = sm.getFileEntryRefForID(id);
    if (!ref || !inlined.contains(&ref->getFileEntry()) ||
        byFile.count(id.getHashValue()))
      continue;
    repeated.push_back(entry.getFile().getIncludeLoc());
  }
  if (clang::PreprocessingRecord *record =
          src.getUnit().getPreprocessor().getPreprocessingRecord())
    for (clang::PreprocessedEntity *entity : *record)
      if (auto *directive =
              llvm::dyn_cast_or_null<clang::InclusionDirective>(entity))
        if (directive->getFile() &&
            inlined.contains(&directive->getFile()->getFileEntry()))
          repeated.push_back(directive->getSourceRange().getBegin());
  // The inlined #include's line, by file and line start.
  llvm::DenseSet<std::pair<clang::FileID, unsigned>> inlinedLines;
  for (clang::SourceLocation at : inlinedAt) {
    if (at.isInvalid() || !at.isFileID())
      continue;
    auto [file, offset] = sm.getDecomposedLoc(at);
    inlinedLines.insert(
        {file, static_cast<unsigned>(
                   lineAround(sm.getBufferData(file), offset).first)});
  }
  for (clang::SourceLocation includeLoc : repeated) {
    if (includeLoc.isInvalid() || !includeLoc.isFileID() ||
        !src.isUserLocation(includeLoc))
      continue;
    auto [includer, offset] = sm.getDecomposedLoc(includeLoc);
    if (inlinedLines.contains(
            {includer,
             static_cast<unsigned>(
                 lineAround(sm.getBufferData(includer), offset).first)}))
      continue;
    if (leftOut.contains(includer))
      continue;
    llvm::StringRef buffer = sm.getBufferData(includer);
    auto [lineBegin, lineEnd] = lineAround(buffer, offset);
    FileCharRange line{includer, static_cast<unsigned>(lineBegin),
                       static_cast<unsigned>(lineEnd)};
    auto &slot = byFile[includer.getHashValue()];
    slot.first = includer;
    if (llvm::any_of(slot.second, [&](const Edit &edit) {
          return edit.range.overlaps(line) || line.contains(edit.range);
        }))
      continue;
    slot.second.push_back(
        {Kind::Replace,
         line,
         line,
         "// xfence: " + buffer.slice(lineBegin, lineEnd).trim().str() +
             " (translated at its first #include)",
         {},
         static_cast<unsigned>(-1)});
  }
}

FailureOr<std::string> SourceEdits::apply(llvm::StringRef prelude) {
  clang::SourceManager &sm = src.getSourceManager();
  clang::FileID mainFile = sm.getMainFileID();
  FailureOr<std::vector<Edit>> resolved = resolve();
  if (failed(resolved))
    return failure();
  std::vector<Edit> &kept = *resolved;

  // The new text of each changed file; each changed user header inlined at
  // its #include, innermost first (a header's FileID is created after the
  // FileID of the file that includes it).
  EditsByFile byFile = groupByFile(std::move(kept));
  for (clang::FileID file : touched)
    if (!leftOut.contains(file))
      byFile[file.getHashValue()].first = file;
  commentOutRepeatedIncludes(src, leftOut, byFile);
  while (!byFile.empty()) {
    auto last = std::prev(byFile.end());
    clang::FileID file = last->second.first;
    std::vector<Edit> fileEdits = std::move(last->second.second);
    byFile.erase(last);
    bool touchedOnly = fileEdits.empty() && llvm::is_contained(touched, file);
    if (file != mainFile)
      rebaseQuotedIncludes(sm, file, mainFile, fileEdits);
    std::stable_sort(fileEdits.begin(), fileEdits.end(), comesBefore);
    std::string text = rebuild(sm.getBufferData(file), fileEdits);
    // A UTF-8 byte order mark begins a file, not a line after the prelude
    // or inside the including file (there `#ifdef` after it is no
    // directive): it goes.
    llvm::StringRef bom = "\xEF\xBB\xBF";
    if (llvm::StringRef(text).starts_with(bom))
      text.erase(0, bom.size());
    if (file == mainFile)
      return prelude.str() + text;
    clang::SourceLocation includeLoc = sm.getIncludeLoc(file);
    if (includeLoc.isInvalid() || !src.isUserLocation(includeLoc)) {
      src.report(sm.getLocForStartOfFile(file), DiagnosticsEngine::Error,
                 "cannot place the rewritten text of this header: it is not "
                 "included from a user file");
      return failure();
    }
    auto [includer, offset] = sm.getDecomposedLoc(includeLoc);
    llvm::StringRef buffer = sm.getBufferData(includer);
    auto [lineBegin, lineEnd] = lineAround(buffer, offset);
    llvm::StringRef directive = buffer.slice(lineBegin, lineEnd).trim();
    if (touchedOnly) {
      // Touched only: not if the translation replaces the #include.
      auto includerSlot = byFile.find(includer.getHashValue());
      FileCharRange line{includer, static_cast<unsigned>(lineBegin),
                         static_cast<unsigned>(lineEnd)};
      if (includerSlot != byFile.end() &&
          llvm::any_of(includerSlot->second.second, [&](const Edit &e) {
            return e.range.overlaps(line) || line.contains(e.range);
          }))
        continue;
    }
    std::string inlined =
        "// xfence: begin of the translated " + directive.str() + "\n" + text;
    if (!text.empty() && text.back() != '\n')
      inlined += "\n";
    inlined += "// xfence: end of " + directive.str();
    auto &slot = byFile[includer.getHashValue()];
    slot.first = includer;
    slot.second.push_back({Kind::Replace,
                           {includer, static_cast<unsigned>(lineBegin),
                            static_cast<unsigned>(lineEnd)},
                           {includer, static_cast<unsigned>(lineBegin),
                            static_cast<unsigned>(lineEnd)},
                           std::move(inlined),
                           {},
                           static_cast<unsigned>(-1)});
  }
  llvm::StringRef text = sm.getBufferData(mainFile);
  text.consume_front("\xEF\xBB\xBF"); // see above
  return prelude.str() + text.str();
}

void xfence::forEachUserInclude(
    ParsedSource &src,
    llvm::function_ref<void(const FileCharRange &, llvm::StringRef)> fn) {
  clang::SourceManager &sm = src.getSourceManager();
  llvm::SmallVector<clang::FileID> files;
  for (auto it = sm.fileinfo_begin(); it != sm.fileinfo_end(); ++it) {
    clang::FileID id = sm.translateFile(it->first);
    if (id.isValid() && src.isUserLocation(sm.getLocForStartOfFile(id)))
      files.push_back(id);
  }
  for (clang::FileID id : files) {
    llvm::StringRef text = sm.getBufferData(id);
    forEachLine(text, [&](size_t begin, size_t end) {
      std::optional<IncludeLine> include =
          parseIncludeLine(text.slice(begin, end));
      if (include)
        fn({id, static_cast<unsigned>(begin + include->directive),
            static_cast<unsigned>(begin + include->directiveEnd)},
           include->name);
    });
  }
}

void xfence::forEachLine(
    llvm::StringRef buffer,
    llvm::function_ref<void(size_t begin, size_t end)> each) {
  size_t at = 0;
  while (at < buffer.size()) {
    size_t end = buffer.find('\n', at);
    if (end == llvm::StringRef::npos)
      end = buffer.size();
    each(at, end);
    at = end + 1;
  }
}

mlir::LogicalResult xfence::mapUserIncludes(
    SourceEdits &edits, llvm::StringRef target,
    llvm::function_ref<IncludeMapping(llvm::StringRef header)> map) {
  ParsedSource &src = edits.getSource();
  bool ok = true;
  forEachUserInclude(
      src, [&](const FileCharRange &directive, llvm::StringRef header) {
        IncludeMapping mapping = map(header);
        if (!mapping.known)
          return;
        if (!mapping.replacement) {
          src.report(src.getSourceManager().getComposedLoc(directive.file,
                                                           directive.begin),
                     clang::DiagnosticsEngine::Error,
                     "'" + header.str() + "' has no " + target.str() +
                         " header that xfence knows");
          ok = false;
          return;
        }
        edits.replace(directive, *mapping.replacement);
      });
  return mlir::success(ok);
}
