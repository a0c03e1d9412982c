//===- SiteOps.cpp - the ops of each synchronization site -----------------===//

#include "rewriters/common/SiteOps.h"

using namespace mlir;

void xfence::flattenLocations(Location loc, SmallVectorImpl<Location> &out) {
  if (auto fused = dyn_cast<FusedLoc>(loc)) {
    for (Location inner : fused.getLocations())
      flattenLocations(inner, out);
    return;
  }
  if (isa<FileLineColRange>(loc))
    out.push_back(loc);
}

LogicalResult xfence::joinOpsToSites(
    ModuleOp module, llvm::function_ref<bool(Operation *)> isSync,
    llvm::function_ref<bool(Location)> isSite,
    llvm::function_ref<LogicalResult(Operation *, Location)> each,
    MergedSites &merged) {
  bool ok = true;
  module.walk([&](Operation *op) {
    if (!isSync(op))
      return;
    SmallVector<Location> locs;
    flattenLocations(op->getLoc(), locs);
    llvm::erase_if(locs, [&](Location loc) { return !isSite(loc); });
    if (locs.empty()) {
      op->emitError("this synchronization op has no text in the source to "
                    "rewrite");
      ok = false;
      return;
    }
    if (failed(each(op, locs.front()))) {
      ok = false;
      return;
    }
    for (Location loc : llvm::drop_begin(locs))
      merged.try_emplace(loc, locs.front());
  });
  return success(ok);
}

std::string xfence::removedSiteText(llvm::StringRef original, Location site,
                                    const MergedSites &merged,
                                    llvm::StringRef removedWhy) {
  std::string text = original.str();
  // Keep the comment closed whatever the original text holds.
  for (size_t at = text.find("*/"); at != std::string::npos;
       at = text.find("*/", at))
    text.replace(at, 2, "* /");
  std::string why = removedWhy.str();
  auto into = merged.find(site);
  if (into != merged.end())
    if (auto range = dyn_cast<FileLineColRange>(into->second))
      why = "merged into the construct at line " +
            std::to_string(range.getStartLine()) + ", column " +
            std::to_string(range.getStartColumn());
  return "((void)0) /* xfence: " + text + " " + why + " */";
}
