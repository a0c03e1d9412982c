//===- SourceEdits.cpp - text edits to the files of one parse -------------===//

#include "frontends/common/SourceEdits.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Rewrite/Core/Rewriter.h"

#include <algorithm>
#include <map>

using namespace xfence;
using namespace mlir;
using clang::DiagnosticsEngine;

FailureOr<std::string> SourceEdits::apply(llvm::StringRef prelude) {
  clang::SourceManager &sm = src.getSourceManager();
  clang::FileID mainFile = sm.getMainFileID();
  std::stable_sort(edits.begin(), edits.end(),
                   [](const Edit &a, const Edit &b) {
                     if (a.range.file != b.range.file)
                       return a.range.file < b.range.file;
                     if (a.range.begin != b.range.begin)
                       return a.range.begin < b.range.begin;
                     return a.range.end > b.range.end;
                   });
  // Drop duplicates (a macro body rewritten for each expansion) and, if the
  // policy says so, edits inside text that an enclosing edit replaces;
  // reject the rest of the overlaps.
  std::vector<Edit> kept;
  for (Edit &edit : edits) {
    if (!policy.inlineHeaders && edit.range.file != mainFile) {
      src.report(edit.range.getBegin(sm), DiagnosticsEngine::Error,
                 "cannot translate code in an included file; translate the "
                 "header on its own or inline it");
      return failure();
    }
    if (!kept.empty()) {
      Edit &last = kept.back();
      if (last.range.file == edit.range.file &&
          last.range.begin == edit.range.begin &&
          last.range.end == edit.range.end) {
        if (last.text == edit.text)
          continue;
        if (edit.range.begin == edit.range.end) { // two insertions
          last.text += edit.text;
          continue;
        }
        // One text (a macro body) that two of its uses translate apart.
        src.report(edit.range.getBegin(sm), DiagnosticsEngine::Error,
                   "cannot rewrite this text: its uses (expansions of one "
                   "macro?) need different text here");
        return failure();
      }
      if (policy.dropNestedEdits && last.range.begin < last.range.end &&
          last.range.contains(edit.range) &&
          !(edit.range.begin == last.range.end))
        continue;
      if (last.range.overlaps(edit.range)) {
        src.report(edit.range.getBegin(sm), DiagnosticsEngine::Error,
                   policy.dropNestedEdits
                       ? "cannot rewrite this text: it overlaps another "
                         "rewritten construct (a synchronization construct "
                         "inside an argument that the translation drops?)"
                       : "cannot rewrite this text: it overlaps another "
                         "rewritten construct");
        return failure();
      }
    }
    kept.push_back(std::move(edit));
  }
  edits.clear();

  clang::Rewriter rewriter(sm, src.getLangOpts());
  std::map<unsigned, clang::FileID> changed; // by creation order
  for (const Edit &edit : kept) {
    clang::SourceLocation loc = edit.range.getBegin(sm);
    if (rewriter.ReplaceText(loc, edit.range.end - edit.range.begin,
                             edit.text)) {
      src.report(loc, DiagnosticsEngine::Error, "cannot rewrite this text");
      return failure();
    }
    changed[edit.range.file.getHashValue()] = edit.range.file;
  }

  // Inline each changed user header at its #include, innermost first (a
  // header is created after the file that includes it).
  while (!changed.empty()) {
    auto last = std::prev(changed.end());
    clang::FileID file = last->second;
    changed.erase(last);
    if (file == mainFile)
      continue;
    clang::SourceLocation includeLoc = sm.getIncludeLoc(file);
    if (includeLoc.isInvalid() || !src.isUserLocation(includeLoc)) {
      src.report(sm.getLocForStartOfFile(file), DiagnosticsEngine::Error,
                 "cannot place the rewritten text of this header: it is not "
                 "included from a user file");
      return failure();
    }
    auto [includer, offset] = sm.getDecomposedLoc(includeLoc);
    llvm::StringRef buffer = sm.getBufferData(includer);
    size_t lineBegin = buffer.rfind('\n', offset);
    lineBegin = lineBegin == llvm::StringRef::npos ? 0 : lineBegin + 1;
    size_t lineEnd = buffer.find('\n', offset);
    if (lineEnd == llvm::StringRef::npos)
      lineEnd = buffer.size();
    std::string header;
    if (const llvm::RewriteBuffer *rewritten =
            rewriter.getRewriteBufferFor(file))
      header = std::string(rewritten->begin(), rewritten->end());
    else
      header = sm.getBufferData(file).str();
    llvm::StringRef directive = buffer.slice(lineBegin, lineEnd).trim();
    std::string inlined =
        "// xfence: begin of the translated " + directive.str() + "\n" + header;
    if (!header.empty() && header.back() != '\n')
      inlined += "\n";
    inlined += "// xfence: end of " + directive.str();
    rewriter.ReplaceText(sm.getComposedLoc(includer, lineBegin),
                         lineEnd - lineBegin, inlined);
    changed[includer.getHashValue()] = includer;
  }

  std::string out = prelude.str();
  if (const llvm::RewriteBuffer *rewritten =
          rewriter.getRewriteBufferFor(mainFile))
    out.append(rewritten->begin(), rewritten->end());
  else
    out += sm.getBufferData(mainFile).str();
  return out;
}
