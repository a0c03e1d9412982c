//===- Report.cpp - xfence report -----------------------------------------===//
//
// Runs the OpenCL-to-CUDA pipeline of `xfence translate` (import, fence
// coalescing with remarks, the CUDA emitter) and, instead of the translated
// file, prints one entry per synchronization construct:
//
//   k.cl:12:5: mem_fence(CLK_LOCAL_MEM_FENCE)
//     imported as  xfence.fence workgroup acq_rel [local]
//     removed      xfence-coalesce[drop-fences-at-barriers]: ...
//
// A global-memory fence of implied work-group scope gets an `assumes` line:
// with the default --opencl-global-fence=workgroup where its kernel
// synchronizes across work-groups (the warning of the importer), with
// --opencl-global-fence=device always.
//
//===----------------------------------------------------------------------===//

#include "tools/xfence/Report.h"

#include "backends/cuda/CudaEmitter.h"
#include "dialect/XFenceOps.h"
#include "frontends/opencl/InterGroupSync.h"
#include "frontends/opencl/OpenCLBuiltins.h"
#include "frontends/opencl/OpenCLImporter.h"
#include "passes/Passes.h"
#include "passes/TargetCapabilities.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/Regex.h"

using namespace mlir;
using namespace xfence;

namespace {

/// `file:line:col` of a location the importer made.
std::string where(Location loc) {
  if (auto range = dyn_cast<FileLineColRange>(loc))
    return (range.getFilename().str() + ":" +
            std::to_string(range.getStartLine()) + ":" +
            std::to_string(range.getStartColumn()));
  if (auto fused = dyn_cast<FusedLoc>(loc))
    if (!fused.getLocations().empty())
      return where(fused.getLocations().front());
  return "<unknown>";
}

/// The op in its custom form without operands, results and the importer's
/// source attributes: `xfence.fence workgroup acq_rel [local]`.
std::string describe(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  op->print(os, OpPrintingFlags().useLocalScope());
  static const llvm::Regex result("^%[^=]*= ");
  static const llvm::Regex attrs(" \\{xfence\\.[^}]*\\}");
  static const llvm::Regex operand("%[A-Za-z0-9_]+(, )?");
  text = result.sub("", text);
  text = attrs.sub("", text);
  while (operand.match(text))
    text = operand.sub("", text);
  static const llvm::Regex spaces("  +");
  while (spaces.match(text))
    text = spaces.sub(" ", text);
  return llvm::StringRef(text).trim().str();
}

/// Why the CUDA text has a wider scope than the op, if it does.
std::string widening(Operation *op) {
  TargetCapabilities cuda = cudaCapabilities();
  auto note = [](Scope from, std::optional<Scope> to) -> std::string {
    if (!to || *to == from)
      return "";
    return std::string("CUDA names no '") + stringifyScope(from).str() +
           "' scope: widened to '" + stringifyScope(*to).str() +
           "' (sound: a wider scope includes the narrower one)";
  };
  if (auto fence = dyn_cast<FenceOp>(op))
    return note(fence.getScope(), cuda.fenceScopeFor(fence.getScope()));
  if (auto attr = op->getAttrOfType<ScopeAttr>("scope"))
    return note(attr.getValue(), cuda.atomicScopeFor(attr.getValue()));
  return "";
}

} // namespace

int xfence::reportOpenCLToCuda(llvm::StringRef path, llvm::StringRef contents,
                               const TranslateOptions &options,
                               llvm::raw_ostream &os) {
  std::unique_ptr<ParsedSource> src = parseSource(
      SourceLanguage::OpenCL, path, contents, options.source, llvm::errs());
  if (!src || src->hasErrors())
    return 1;
  MLIRContext ctx(MLIRContext::Threading::DISABLED);
  OwningOpRef<ModuleOp> module;
  std::vector<SyncSite> sites;
  {
    ClangDiagnosticBridge bridge(*src, &ctx);
    module = importOpenCL(*src, options.source, &ctx, options.opencl);
    if (!module)
      return 1;
    sites = findOpenCLSyncSites(*src, &ctx);
  }
  llvm::DenseMap<const clang::CallExpr *, InterGroupIdiom> interGroup;
  for (const GlobalFenceAssumption &a : findGlobalFenceAssumptions(*src))
    interGroup.try_emplace(a.fence, a.idiom);
  bool deviceWide = options.opencl.globalFence == GlobalFenceScope::device;

  // What each construct was imported as, before any pass, and whether it
  // orders global memory.
  llvm::DenseMap<Location, std::string> imported;
  llvm::DenseSet<Location> ordersGlobal;
  module->walk([&](Operation *op) {
    if (!isSyncOp(op))
      return;
    imported[op->getLoc()] = describe(op);
    MemorySpaces spaces = MemorySpaces::none;
    if (auto fence = dyn_cast<FenceOp>(op))
      spaces = fence.getSpaces();
    else if (auto barrier = dyn_cast<BarrierOp>(op))
      spaces = barrier.getSpaces();
    if (isAtLeast(spaces, MemorySpaces::global))
      ordersGlobal.insert(op->getLoc());
  });

  // The passes of `xfence translate`, with every rewrite as a remark.
  llvm::DenseMap<Location, std::string> rules;
  if (options.coalesce) {
    ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &diag) {
      if (diag.getSeverity() != DiagnosticSeverity::Remark)
        return failure(); // errors go on to the clang-style bridge
      rules[diag.getLocation()] = diag.str();
      return success();
    });
    PassManager pm(&ctx);
    XFenceCoalesceOptions coalesce = coalesceOptionsFor(/*hip=*/false);
    coalesce.remarks = true;
    pm.addPass(createXFenceCoalesce(coalesce));
    if (failed(pm.run(*module)))
      return 1;
  }

  // Where each site's op went: its own location, or the first or a later
  // part of a fused location (merged), or nowhere (removed).
  struct Fate {
    Operation *op = nullptr;
    bool mergedAway = false;
  };
  llvm::DenseMap<Location, Fate> fates;
  module->walk([&](Operation *op) {
    if (!isSyncOp(op))
      return;
    if (auto fused = dyn_cast<FusedLoc>(op->getLoc())) {
      for (auto [i, part] : llvm::enumerate(fused.getLocations()))
        fates[part] = {op, i != 0};
      return;
    }
    fates[op->getLoc()] = {op, false};
  });

  clang::SourceManager &sm = src->getSourceManager();
  const clang::LangOptions &lo = src->getLangOpts();
  // Source text, also of a construct or argument spelled in a macro body.
  auto sourceText = [&](clang::SourceRange range) {
    clang::SourceLocation begin = range.getBegin(), end = range.getEnd();
    if (begin.isMacroID() || end.isMacroID()) {
      clang::SourceLocation sb = sm.getSpellingLoc(begin),
                            se = sm.getSpellingLoc(end);
      if (sm.getFileID(sb) == sm.getFileID(se) && !(se < sb)) {
        begin = sb;
        end = se;
      } else {
        clang::CharSourceRange expansion = sm.getExpansionRange(range);
        begin = expansion.getBegin();
        end = expansion.getEnd();
      }
    }
    return clang::Lexer::getSourceText(
               clang::CharSourceRange::getTokenRange(begin, end), sm, lo)
        .str();
  };

  bool failedEmit = false;
  ClangDiagnosticBridge bridge(*src, &ctx);
  for (const SyncSite &site : sites) {
    std::string call = sourceText(site.expr->getSourceRange());
    os << where(site.loc) << ": " << llvm::StringRef(call).split('\n').first
       << (llvm::StringRef(call).contains('\n') ? " ..." : "") << "\n";
    auto it = imported.find(site.loc);
    os << "    imported as  "
       << (it == imported.end() ? std::string("(not a synchronization op)")
                                : it->second)
       << "\n";
    const auto *siteCall = llvm::dyn_cast<clang::CallExpr>(site.expr);
    auto idiom = interGroup.find(siteCall);
    if (!deviceWide && idiom != interGroup.end())
      os << "    assumes      work-group scope (the OpenCL specification), "
            "but the "
         << describeIdiom(*src, idiom->second, site.expr->getBeginLoc())
         << " synchronizes across work-groups: see "
            "--opencl-global-fence=device\n";
    std::optional<OpenCLSyncBuiltin> builtin =
        siteCall && siteCall->getDirectCallee()
            ? classifyOpenCLSync(siteCall->getDirectCallee(), sm)
            : std::nullopt;
    if (deviceWide && builtin &&
        hasImpliedWorkGroupScope(siteCall, *builtin) &&
        ordersGlobal.contains(site.loc))
      os << "    assumes      device scope for global memory "
            "(--opencl-global-fence=device: the original platform made "
            "global fences device-wide; the OpenCL specification says "
            "work-group)\n";
    auto rule = rules.find(site.loc);
    std::string why = rule == rules.end() ? "" : rule->second;
    Fate fate = fates.lookup(site.loc);
    if (!fate.op) {
      os << "    removed      " << why << "\n";
      continue;
    }
    if (fate.mergedAway) {
      os << "    merged into  " << where(fate.op->getLoc()) << "  (" << why
         << ")\n";
      continue;
    }
    if (describe(fate.op) != it->second || !why.empty())
      os << "    rewritten    " << describe(fate.op)
         << (why.empty() ? "" : "  (" + why + ")") << "\n";
    FailureOr<Snippet> snippet = emitCuda(fate.op);
    if (failed(snippet)) {
      failedEmit = true;
      continue;
    }
    auto args = fate.op->getAttrOfType<DenseI32ArrayAttr>("xfence.args");
    std::string text = render(*snippet, [&](unsigned i) -> std::string {
      if (std::optional<std::string> constant =
              constantText(fate.op->getOperand(i)))
        return *constant;
      if (args && i < args.size() && args[i] >= 0 &&
          static_cast<unsigned>(args[i]) < site.args.size())
        return sourceText(site.args[args[i]]->getSourceRange());
      return "operand" + std::to_string(i);
    });
    os << "    became       " << (text.empty() ? "(nothing)" : text) << "\n";
    std::string widened = widening(fate.op);
    if (!widened.empty())
      os << "    why          " << widened << "\n";
  }
  return failedEmit ? 1 : 0;
}
