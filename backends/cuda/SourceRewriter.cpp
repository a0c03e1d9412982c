//===- SourceRewriter.cpp - apply emitted text to the source --------------===//

#include "backends/cuda/SourceRewriter.h"

#include "dialect/XFenceOps.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include "llvm/ADT/DenseMap.h"

#include <algorithm>
#include <map>

using namespace xfence;
using namespace mlir;
using clang::DiagnosticsEngine;

//===----------------------------------------------------------------------===//
// SourceEdits
//===----------------------------------------------------------------------===//

/// The text of `file` from `begin` to `end`.
static llvm::StringRef textOf(const clang::SourceManager &sm,
                              clang::FileID file, unsigned begin,
                              unsigned end) {
  llvm::StringRef buffer = sm.getBufferData(file);
  return buffer.slice(begin, end);
}

FailureOr<std::string> SourceEdits::apply(llvm::StringRef prelude) {
  clang::SourceManager &sm = src.getSourceManager();
  std::stable_sort(edits.begin(), edits.end(),
                   [](const Edit &a, const Edit &b) {
                     if (a.range.file != b.range.file)
                       return a.range.file < b.range.file;
                     if (a.range.begin != b.range.begin)
                       return a.range.begin < b.range.begin;
                     return a.range.end > b.range.end;
                   });
  // Drop duplicates (a macro body rewritten for each expansion) and edits
  // inside text that an enclosing edit replaces; reject partial overlaps.
  std::vector<Edit> kept;
  for (Edit &edit : edits) {
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
                   "macro?) need different CUDA text here");
        return failure();
      }
      if (last.range.begin < last.range.end &&
          last.range.contains(edit.range) &&
          !(edit.range.begin == last.range.end))
        continue;
      if (last.range.overlaps(edit.range)) {
        src.report(edit.range.getBegin(sm), DiagnosticsEngine::Error,
                   "cannot rewrite this text: it overlaps another rewritten "
                   "construct (a synchronization construct inside an "
                   "argument that the translation drops?)");
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
  clang::FileID mainFile = sm.getMainFileID();
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
    llvm::StringRef directive = textOf(sm, includer, lineBegin, lineEnd).trim();
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

//===----------------------------------------------------------------------===//
// Synchronization sites
//===----------------------------------------------------------------------===//

/// Every FileLineColRange inside `loc` (a FusedLoc holds one per merged op),
/// in order.
static void flatten(Location loc, SmallVectorImpl<Location> &out) {
  if (auto fused = dyn_cast<FusedLoc>(loc)) {
    for (Location inner : fused.getLocations())
      flatten(inner, out);
    return;
  }
  if (isa<FileLineColRange>(loc))
    out.push_back(loc);
}

namespace {
struct Survivor {
  Operation *op;
  CudaSnippet snippet;
};
} // namespace

/// The text of a removed construct: a no-op with a comment saying why.
static std::string removedText(llvm::StringRef original, llvm::StringRef why) {
  std::string text = original.str();
  // Keep the comment closed whatever the original text holds.
  for (size_t at = text.find("*/"); at != std::string::npos;
       at = text.find("*/", at))
    text.replace(at, 2, "* /");
  return "((void)0) /* xfence: " + text + " " + why.str() + " */";
}

/// Applies `snippet` (the text of `op`) to the site: literal pieces replace
/// the text between the call's arguments that the snippet keeps.
static LogicalResult applySnippet(SourceEdits &edits, const SyncSite &site,
                                  Operation *op, const CudaSnippet &snippet) {
  ParsedSource &src = edits.getSource();
  clang::SourceManager &sm = src.getSourceManager();
  const FileCharRange &range = *site.range;
  auto args = op->getAttrOfType<DenseI32ArrayAttr>("xfence.args");
  unsigned cursor = range.begin;
  std::string pending;
  for (const CudaPiece &piece : snippet.pieces) {
    if (piece.operand < 0) {
      pending += piece.text;
      continue;
    }
    unsigned operand = piece.operand;
    if (std::optional<std::string> constant =
            constantText(op->getOperand(operand))) {
      pending += *constant;
      continue;
    }
    int arg = args && operand < args.size() ? args[operand] : -1;
    if (arg < 0 || static_cast<unsigned>(arg) >= site.call->getNumArgs()) {
      src.report(range.getBegin(sm), DiagnosticsEngine::Error,
                 "cannot rewrite this construct: the translated code needs "
                 "an operand that the source does not spell");
      return failure();
    }
    const clang::Expr *argExpr = site.call->getArg(arg);
    std::optional<FileCharRange> argRange = findRangeInside(
        sm, src.getLangOpts(), argExpr->getSourceRange(), range);
    if (!argRange || argRange->begin < cursor) {
      src.report(argExpr->getExprLoc(), DiagnosticsEngine::Error,
                 "cannot rewrite this construct: the text of this argument "
                 "is not inside the construct's text (it comes from another "
                 "macro expansion)");
      return failure();
    }
    edits.replace({range.file, cursor, argRange->begin}, pending);
    pending.clear();
    cursor = argRange->end;
  }
  edits.replace({range.file, cursor, range.end}, pending);
  return success();
}

LogicalResult xfence::rewriteSyncSites(SourceEdits &edits,
                                       ArrayRef<SyncSite> sites,
                                       ModuleOp module,
                                       bool &needsAtomicHeader) {
  ParsedSource &src = edits.getSource();
  clang::SourceManager &sm = src.getSourceManager();
  llvm::DenseMap<Location, unsigned> siteOf; // first site with the location
  for (unsigned i = 0; i < sites.size(); ++i)
    siteOf.try_emplace(sites[i].loc, i);

  llvm::DenseMap<Location, SmallVector<Survivor, 1>> survivors;
  llvm::DenseMap<Location, Location> mergedInto;
  bool ok = true;
  module.walk([&](Operation *op) {
    if (!isSyncOp(op))
      return;
    SmallVector<Location> locs;
    flatten(op->getLoc(), locs);
    llvm::erase_if(locs, [&](Location loc) { return !siteOf.count(loc); });
    if (locs.empty()) {
      op->emitError("this synchronization op has no text in the source "
                    "to rewrite");
      ok = false;
      return;
    }
    FailureOr<CudaSnippet> snippet = emitCuda(op);
    if (failed(snippet)) {
      ok = false;
      return;
    }
    needsAtomicHeader |= snippet->needsAtomicHeader;
    survivors[locs.front()].push_back({op, std::move(*snippet)});
    for (Location merged : llvm::drop_begin(locs))
      mergedInto.try_emplace(merged, locs.front());
  });
  if (!ok)
    return failure();

  llvm::DenseSet<Location> done;
  for (const SyncSite &site : sites) {
    if (!done.insert(site.loc).second)
      continue;
    clang::SourceLocation at = site.call->getBeginLoc();
    if (!site.range) {
      src.report(at, DiagnosticsEngine::Error,
                 "cannot rewrite this construct: its text is not in one "
                 "place of a user file (part of it comes from a macro of a "
                 "system header?)");
      return failure();
    }
    auto it = survivors.find(site.loc);
    if (it != survivors.end()) {
      // A construct spelled once (in a macro body) but imported once per
      // expansion: every expansion must translate to the same text.
      const Survivor &first = it->second.front();
      auto signature = [](const Survivor &s) {
        return render(s.snippet,
                      [&](unsigned i) { return "$" + std::to_string(i); });
      };
      for (const Survivor &other : llvm::drop_begin(it->second)) {
        if (signature(other) != signature(first)) {
          src.report(at, DiagnosticsEngine::Error,
                     "cannot rewrite this construct in place: it is written "
                     "once in a macro body but means different "
                     "synchronization in different expansions ('" +
                         signature(first) + "' and '" + signature(other) +
                         "')");
          return failure();
        }
      }
      if (failed(applySnippet(edits, site, first.op, first.snippet)))
        return failure();
      continue;
    }
    // No op carries this location any more: a pass merged or erased it.
    if (!site.call->getType()->isVoidType()) {
      src.report(at, DiagnosticsEngine::Error,
                 "cannot rewrite this construct: a pass removed it, but its "
                 "value is used");
      return failure();
    }
    llvm::StringRef original =
        textOf(sm, site.range->file, site.range->begin, site.range->end);
    std::string why = "removed: redundant";
    auto merged = mergedInto.find(site.loc);
    if (merged != mergedInto.end())
      if (auto into = dyn_cast<FileLineColRange>(merged->second))
        why = "merged into the construct at line " +
              std::to_string(into.getStartLine()) + ", column " +
              std::to_string(into.getStartColumn());
    edits.replace(*site.range, removedText(original, why));
  }
  return success();
}
