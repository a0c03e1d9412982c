//===- CudaToOpenCL.cpp - translate a CUDA file to OpenCL C ---------------===//
//
// Pipeline: parse (device side) -> import -> prepare -> legalize for
// `opencl1.2` / `opencl2` (passes/TargetCapabilities) -> coalesce
// (`exact-scopes` for OpenCL 2.x, where both sides of a synchronization
// need the same scope) -> emit each surviving op at its site -> rewrite the
// rest of the kernels.
//
// Prepare: the CUDA kinds that OpenCL C has no built-in for (wrapping
// inc/dec, float add) are emulated with compare-and-swap loops, which need
// exactly what the target's compare-exchange needs: legalization sees them
// as `xchg` (same scope, same order) and the emitter writes the loop. With
// the 1.2 device-fence policy, device-scope fences and ordered device
// atomics become workgroup fences before legalization, marked so that the
// output says what it assumed.
//
//===----------------------------------------------------------------------===//

#include "rewriters/cuda-to-opencl/CudaToOpenCL.h"
#include "rewriters/common/SourceEdits.h"

#include "dialect/XFenceOps.h"
#include "frontends/cuda/CudaImporter.h"
#include "passes/Passes.h"
#include "passes/TargetCapabilities.h"
#include "rewriters/cuda-to-opencl/CudaSyntax.h"
#include "rewriters/cuda-to-opencl/CudaTemplates.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "clang/AST/ParentMapContext.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace xfence;
using namespace mlir;
using clang::DiagnosticsEngine;

static constexpr llvm::StringLiteral kAssumed = "xfence.assumed";

namespace {

/// Every FileLineColRange in `loc`, in order.
void flatten(Location loc, SmallVectorImpl<Location> &out) {
  if (auto fused = dyn_cast<FusedLoc>(loc)) {
    for (Location inner : fused.getLocations())
      flatten(inner, out);
    return;
  }
  if (isa<FileLineColRange>(loc))
    out.push_back(loc);
}

/// Marks what the target has no built-in for, and applies the 1.2 policy.
LogicalResult prepare(ModuleOp module, const TargetCapabilities &caps,
                      const CudaToOpenCLOptions &options) {
  MLIRContext *ctx = module.getContext();
  module.walk([&](AtomicRMWOp rmw) {
    AtomicRMWKind kind = rmw.getKind();
    if (caps.hasRMW(kind))
      return;
    if (kind == AtomicRMWKind::inc || kind == AtomicRMWKind::dec ||
        kind == AtomicRMWKind::fadd) {
      rmw->setAttr(kEmulatedKind,
                   StringAttr::get(ctx, stringifyAtomicRMWKind(kind)));
      rmw.setKindAttr(AtomicRMWKindAttr::get(ctx, AtomicRMWKind::xchg));
    }
  });
  if (options.cl2()) {
    // __syncwarp() with the full mask: every lane of the warp. OpenCL C has
    // no warps; xfence takes a warp to be a sub-group of 32 work-items
    // (docs/cuda-to-opencl.md), so the full mask is the whole sub-group.
    // A partial mask stays partial (an error: no OpenCL C form).
    module.walk([&](BarrierOp barrier) {
      Value mask = barrier.getMask();
      if (!mask || barrier.getExecScope() != Scope::subgroup)
        return;
      auto c = mask.getDefiningOp<LLVM::ConstantOp>();
      auto value = c ? dyn_cast<IntegerAttr>(c.getValue()) : IntegerAttr();
      if (value && value.getValue().isAllOnes())
        barrier.getMaskMutable().clear();
    });
  }
  // What stays a warp barrier has no form: say why.
  bool ok = true;
  module.walk([&](BarrierOp barrier) {
    if (barrier.getExecScope() != Scope::subgroup)
      return;
    if (!options.cl2()) {
      barrier.emitError("a warp barrier (__syncwarp) has no OpenCL C 1.2 "
                        "form: 1.2 has no sub-groups (translate with "
                        "-cl-std=CL3.0, where a warp is taken to be a "
                        "sub-group of 32)");
      ok = false;
    } else if (barrier.isPartial()) {
      barrier.emitError(
          "a barrier over part of a warp (__syncwarp with a mask other than "
          "0xffffffff, a tile's sync()) has no OpenCL C form: "
          "sub_group_barrier waits for the whole sub-group, and lanes "
          "outside the mask may never reach it");
      ok = false;
    }
  });
  if (!ok)
    return failure();
  if (options.cl2() || !options.assumeDeviceWideGlobalFence)
    return success();
  auto all = MemorySpaces::local | MemorySpaces::global;
  module.walk([&](Operation *op) {
    if (auto fence = dyn_cast<FenceOp>(op)) {
      if (fence.getScope() == Scope::device &&
          fence.getOrder() != MemoryOrder::relaxed) {
        fence.setScopeAttr(ScopeAttr::get(ctx, Scope::workgroup));
        fence.setSpacesAttr(MemorySpacesAttr::get(ctx, all));
        fence->setAttr(kAssumed, UnitAttr::get(ctx));
      }
      return;
    }
    if (!isa<AtomicRMWOp, AtomicCmpXchgOp, AtomicLoadOp, AtomicStoreOp>(op))
      return;
    auto scope = op->getAttrOfType<ScopeAttr>("scope");
    if (!scope || scope.getValue() != Scope::device)
      return;
    MemoryOrder strongest = MemoryOrder::relaxed;
    for (llvm::StringRef name : {"order", "success_order", "failure_order"})
      if (auto order = op->getAttrOfType<MemoryOrderAttr>(name)) {
        strongest = join(strongest, order.getValue());
        op->setAttr(name, MemoryOrderAttr::get(ctx, MemoryOrder::relaxed));
      }
    if (strongest == MemoryOrder::relaxed)
      return;
    // The fence-based form of an ordered atomic (C++ [atomics.fences]):
    // release fence, relaxed atomic, acquire fence, at the assumed scope.
    OpBuilder b(op);
    auto fence = [&](MemoryOrder order) {
      auto f = FenceOp::create(b, op->getLoc(), Scope::workgroup, order, all);
      f->setAttr(kAssumed, UnitAttr::get(ctx));
    };
    bool seq = strongest == MemoryOrder::seq_cst;
    if (hasRelease(strongest))
      fence(seq ? strongest : MemoryOrder::release);
    b.setInsertionPointAfter(op);
    if (hasAcquire(strongest))
      fence(seq ? strongest : MemoryOrder::acquire);
  });
  return success();
}

void restoreEmulated(ModuleOp module) {
  module.walk([&](AtomicRMWOp rmw) {
    if (auto kind = rmw->getAttrOfType<StringAttr>(kEmulatedKind))
      rmw.setKindAttr(AtomicRMWKindAttr::get(
          rmw.getContext(), *symbolizeAtomicRMWKind(kind.getValue())));
  });
}

/// The text of one operand of a site, as prefix + kept source range +
/// suffix.
struct OperandText {
  std::string prefix;
  FileCharRange range;
  std::string suffix;
};

class SiteRewriter {
public:
  SiteRewriter(SourceEdits &edits, const OpenCLTarget &target,
               OpenCLHelpers &helpers)
      : edits(edits), src(edits.getSource()), sm(src.getSourceManager()),
        target(target), helpers(helpers) {}

  LogicalResult run(ArrayRef<CudaSyncSite> sites, ModuleOp module);

private:
  std::optional<OperandText> operandText(const CudaSyncSite &site,
                                         unsigned index, bool address);
  bool valueUsed(const clang::Stmt *s);
  LogicalResult apply(const CudaSyncSite &site,
                      ArrayRef<std::pair<Operation *, OpenCLSnippet>> ops);
  LogicalResult declareScratch(
      ArrayRef<CudaSyncSite> sites,
      const llvm::DenseMap<Location, unsigned> &siteOf,
      const llvm::DenseMap<
          Location, SmallVector<std::pair<Operation *, OpenCLSnippet>>> &texts);

  SourceEdits &edits;
  ParsedSource &src;
  clang::SourceManager &sm;
  const OpenCLTarget &target;
  OpenCLHelpers &helpers;
};

/// The 1.2 / 3.0 form of __syncthreads_count/_and/_or counts in a __local
/// variable, which OpenCL C allows only at kernel scope: each kernel with
/// such a site declares it once, first in its body.
LogicalResult SiteRewriter::declareScratch(
    ArrayRef<CudaSyncSite> sites,
    const llvm::DenseMap<Location, unsigned> &siteOf,
    const llvm::DenseMap<
        Location, SmallVector<std::pair<Operation *, OpenCLSnippet>>> &texts) {
  if (target.cl2 && !target.cl30)
    return success();
  llvm::SmallPtrSet<const clang::FunctionDecl *, 4> declared;
  for (auto &[loc, ops] : texts) {
    if (!llvm::any_of(ops, [](const auto &entry) {
          return isa<BarrierReduceOp>(entry.first);
        }))
      continue;
    const clang::Stmt *stmt = sites[siteOf.lookup(loc)].stmt;
    const clang::FunctionDecl *fn = nullptr;
    clang::DynTypedNodeList parents = src.getContext().getParents(*stmt);
    while (!parents.empty() && !fn) {
      fn = parents[0].get<clang::FunctionDecl>();
      parents = src.getContext().getParents(parents[0]);
    }
    if (!fn || !fn->hasAttr<clang::CUDAGlobalAttr>())
      return src.report(stmt->getBeginLoc(), DiagnosticsEngine::Error,
                        "__syncthreads_count/_and/_or outside a kernel: its "
                        "OpenCL C form needs a __local variable, which "
                        "OpenCL C allows only in kernels"),
             failure();
    if (!declared.insert(fn).second)
      continue;
    auto *body = llvm::cast<clang::CompoundStmt>(fn->getBody());
    clang::SourceLocation lbrace = sm.getFileLoc(body->getLBracLoc());
    auto [file, offset] = sm.getDecomposedLoc(lbrace);
    edits.replace({file, offset + 1, offset + 1},
                  " __local int xfence_syncthreads_scratch; /* xfence: the "
                  "count of __syncthreads_count/_and/_or */");
  }
  return success();
}

bool SiteRewriter::valueUsed(const clang::Stmt *s) {
  if (auto *e = llvm::dyn_cast<clang::Expr>(s))
    if (e->getType()->isVoidType())
      return false;
  clang::DynTypedNodeList parents = src.getContext().getParents(*s);
  while (parents.size() == 1) {
    if (const auto *e = parents[0].get<clang::Expr>()) {
      if (llvm::isa<clang::ExprWithCleanups, clang::ParenExpr>(e)) {
        parents = src.getContext().getParents(*e);
        continue;
      }
      if (auto *cast = llvm::dyn_cast<clang::CStyleCastExpr>(e))
        return !cast->getType()->isVoidType();
      return true;
    }
    return !parents[0].get<clang::CompoundStmt>();
  }
  return true;
}

std::optional<OperandText> SiteRewriter::operandText(const CudaSyncSite &site,
                                                     unsigned index,
                                                     bool address) {
  std::vector<const clang::Expr *> operands = siteOperands(site.stmt);
  if (index >= operands.size())
    return std::nullopt;
  const clang::Expr *e = operands[index];
  const clang::LangOptions &lo = src.getLangOpts();
  OperandText text;
  if (address && index == 0 && isAtomicMemberSite(site.stmt)) {
    // The object of an atomic_ref / atomic member call, as a pointer.
    auto *call = llvm::cast<clang::CXXMemberCallExpr>(site.stmt);
    auto *member = llvm::dyn_cast<clang::MemberExpr>(
        call->getCallee()->IgnoreParenImpCasts());
    bool arrow = member && member->isArrow();
    const clang::Expr *inner = e->IgnoreParenImpCasts();
    bool isRef = false;
    atomicValueType(e->getType(), &isRef);
    if (!arrow && isRef) {
      while (auto *tmp = llvm::dyn_cast<clang::MaterializeTemporaryExpr>(inner))
        inner = tmp->getSubExpr()->IgnoreParenImpCasts();
      if (auto *fc = llvm::dyn_cast<clang::CXXFunctionalCastExpr>(inner))
        inner = fc->getSubExpr()->IgnoreParenImpCasts();
      if (auto *construct = llvm::dyn_cast<clang::CXXConstructExpr>(inner);
          construct && construct->getNumArgs() == 1) {
        // cuda::atomic_ref<T, S>(x).op(...): &(x)
        e = construct->getArg(0);
        text.prefix = "&(";
        text.suffix = ")";
      } else if (!llvm::isa<clang::DeclRefExpr>(inner)) {
        return std::nullopt;
      } // a named atomic_ref is rewritten to a pointer: its name
    } else if (!arrow) {
      text.prefix = "&(";
      text.suffix = ")";
    }
  }
  std::optional<FileCharRange> range =
      findRangeInside(sm, lo, e->getSourceRange(), *site.range);
  if (!range)
    return std::nullopt;
  text.range = *range;
  return text;
}

LogicalResult
SiteRewriter::apply(const CudaSyncSite &site,
                    ArrayRef<std::pair<Operation *, OpenCLSnippet>> ops) {
  const FileCharRange &range = *site.range;
  // One site per location (the first use of a macro body): no origin, the
  // edits are not checked against the other uses.
  SiteText out(edits, range, clang::SourceLocation());
  bool several = ops.size() > 1;
  if (several) {
    // Fences that legalization put around an atomic or a barrier: a comma
    // expression, whose value is the last part's. Valid where the value of
    // the construct is not used, or the construct is last.
    Operation *last = ops.back().first;
    bool hasValue = llvm::any_of(
        ops, [](const auto &entry) { return !isa<FenceOp>(entry.first); });
    if (valueUsed(site.stmt) && hasValue && isa<FenceOp>(last))
      return src.report(site.stmt->getBeginLoc(), DiagnosticsEngine::Error,
                        "this ordered atomic needs fences around it in "
                        "OpenCL C; its value cannot be used in an "
                        "expression (assign it in a statement of its own)"),
             failure();
    out.text("(");
  }
  bool first = true;
  for (auto &[op, snippet] : ops) {
    if (!first)
      out.text(", ");
    first = false;
    auto args = op->getAttrOfType<DenseI32ArrayAttr>(cudaattr::args);
    if (op->hasAttr(kAssumed))
      out.text("/* xfence: assumes mem_fence is device-wide "
               "(--opencl12-device-fence) */ ");
    for (const OpenCLPiece &piece : snippet.pieces) {
      if (piece.operand < 0) {
        out.text(piece.text);
        continue;
      }
      unsigned operand = piece.operand;
      int arg = args && operand < args.size() ? args[operand] : -1;
      if (arg < 0) {
        std::optional<std::string> constant =
            openCLConstantText(op->getOperand(operand));
        if (!constant)
          return src.report(site.stmt->getBeginLoc(), DiagnosticsEngine::Error,
                            "cannot rewrite this construct: the translated "
                            "code needs an operand that the source does not "
                            "spell"),
                 failure();
        out.text(*constant);
        continue;
      }
      bool isAddress =
          isa<LLVM::LLVMPointerType>(op->getOperand(operand).getType());
      std::optional<OperandText> text = operandText(site, arg, isAddress);
      if (text) {
        out.text(text->prefix);
        if (piece.addressOf)
          out.text("&(");
      }
      if (!text || failed(out.operand(text->range)))
        return src.report(site.stmt->getBeginLoc(), DiagnosticsEngine::Error,
                          "cannot rewrite this construct: the text of an "
                          "operand is not inside the construct's text, or "
                          "the translation needs it twice"),
               failure();
      out.text(text->suffix);
      if (piece.addressOf)
        out.text(")");
    }
  }
  if (several)
    out.text(")");
  out.finish();
  return success();
}

LogicalResult SiteRewriter::run(ArrayRef<CudaSyncSite> sites, ModuleOp module) {
  llvm::DenseMap<Location, unsigned> siteOf;
  for (unsigned i = 0; i < sites.size(); ++i)
    siteOf.try_emplace(sites[i].loc, i);
  llvm::DenseMap<Location, SmallVector<std::pair<Operation *, OpenCLSnippet>>>
      texts;
  llvm::DenseMap<Location, Location> mergedInto;
  bool ok = true;
  module.walk([&](Operation *op) {
    if (!isOpenCLSyncOp(op))
      return;
    SmallVector<Location> locs;
    flatten(op->getLoc(), locs);
    llvm::erase_if(locs, [&](Location l) { return !siteOf.count(l); });
    if (locs.empty()) {
      op->emitError("this synchronization op has no text in the source to "
                    "rewrite");
      ok = false;
      return;
    }
    FailureOr<OpenCLSnippet> snippet = emitOpenCL(op, target, helpers);
    if (failed(snippet)) {
      ok = false;
      return;
    }
    texts[locs.front()].push_back({op, std::move(*snippet)});
    for (Location merged : llvm::drop_begin(locs))
      mergedInto.try_emplace(merged, locs.front());
  });
  if (!ok)
    return failure();
  if (failed(declareScratch(sites, siteOf, texts)))
    return failure();
  llvm::DenseSet<Location> done;
  for (const CudaSyncSite &site : sites) {
    if (!done.insert(site.loc).second)
      continue;
    if (!site.range)
      return src.report(site.stmt->getBeginLoc(), DiagnosticsEngine::Error,
                        "cannot rewrite this construct: its text is not in "
                        "one place of a user file"),
             failure();
    auto it = texts.find(site.loc);
    if (it != texts.end()) {
      if (failed(apply(site, it->second)))
        return failure();
      continue;
    }
    if (valueUsed(site.stmt))
      return src.report(site.stmt->getBeginLoc(), DiagnosticsEngine::Error,
                        "cannot rewrite this construct: a pass removed it, "
                        "but its value is used"),
             failure();
    std::string original = sm.getBufferData(site.range->file)
                               .slice(site.range->begin, site.range->end)
                               .str();
    for (size_t at = original.find("*/"); at != std::string::npos;
         at = original.find("*/", at))
      original.replace(at, 2, "* /");
    std::string why = "removed: it orders nothing on this target, or a "
                      "neighbour covers it";
    auto merged = mergedInto.find(site.loc);
    if (merged != mergedInto.end())
      if (auto into = dyn_cast<FileLineColRange>(merged->second))
        why = "merged into the construct at line " +
              std::to_string(into.getStartLine()) + ", column " +
              std::to_string(into.getStartColumn());
    edits.replace(*site.range,
                  "((void)0) /* xfence: " + original + " " + why + " */");
  }
  return success();
}

std::string prelude(const CudaToOpenCLOptions &options,
                    const OpenCLHelpers &helpers, llvm::StringRef notes) {
  std::string text = "// Translated from CUDA to OpenCL C (" + options.clStd +
                     ") by xfence (docs/cuda-to-opencl.md).\n";
  text += notes;
  for (auto &[name, body] : helpers)
    text += body;
  text += kPreludeEnd;
  return text;
}

} // namespace

static FailureOr<std::string>
rewrite(ParsedSource &src, ModuleOp module, const CudaToOpenCLOptions &options,
        llvm::ArrayRef<clang::FileID> expandedHeaders = {}) {
  MLIRContext *ctx = module.getContext();
  std::optional<TargetCapabilities> caps =
      lookupTarget(options.cl2() ? "opencl2" : "opencl1.2");
  // __syncthreads_count/_and/_or: OpenCL C has no reducing barrier, but the
  // emitter writes one as barrier(F) followed by 2.0's work-group
  // collectives, or a count in __local memory between barriers (1.2, and
  // 3.0 without the collectives feature).
  caps->barrierReduceScopes = {Scope::workgroup};
  if (failed(prepare(module, *caps, options)) ||
      failed(legalizeForTarget(module, *caps)))
    return failure();
  if (options.coalesce) {
    PassManager pm(ctx);
    XFenceCoalesceOptions coalesce;
    coalesce.exactScopes = options.cl2();
    pm.addPass(createXFenceCoalesce(coalesce));
    if (failed(pm.run(module)))
      return failure();
  }
  restoreEmulated(module);

  std::vector<CudaSyncSite> sites = findCudaSyncSites(src, ctx);
  llvm::DenseSet<const clang::Stmt *> siteStmts;
  for (const CudaSyncSite &site : sites)
    siteStmts.insert(site.stmt);
  SourceEdits edits(src, cudaToOpenCLEditPolicy());
  for (clang::FileID header : expandedHeaders)
    edits.touch(header);
  OpenCLTarget target;
  target.cl2 = options.cl2();
  target.cl30 = options.clStd == "CL3.0";
  OpenCLHelpers helpers;
  SiteRewriter sites_(edits, target, helpers);
  CudaAddressSpaces spaces(src.getContext(), [&src](const clang::Decl *d) {
    return isUserDecl(src, d);
  });
  bool ok = succeeded(sites_.run(sites, module));
  CudaSyntaxOptions syntax;
  syntax.cl2 = options.cl2();
  syntax.hoistDeviceVariables = options.hoistDeviceVariables();
  syntax.includeDirs = options.source.source.includeDirs;
  std::string notes;
  ok = succeeded(addCudaSyntaxEdits(edits, spaces, syntax, siteStmts, notes)) &&
       ok;
  if (!ok)
    return failure();
  FailureOr<std::string> text = edits.apply(prelude(options, helpers, notes));
  if (failed(text) || src.hasErrors())
    return failure();
  return text;
}

FailureOr<std::string>
xfence::translateCudaToOpenCL(llvm::StringRef path, llvm::StringRef contents,
                              const CudaToOpenCLOptions &options,
                              llvm::raw_ostream &diagOS) {
  std::unique_ptr<ParsedSource> src =
      parseCudaSource(path, contents, options.source, diagOS);
  if (!src || src->hasErrors())
    return failure();
  // Function templates: one plain function per specialization, then the
  // new text is parsed again (the headers it changed read from memory).
  FailureOr<ExpandedFiles> expanded = expandFunctionTemplates(*src);
  if (failed(expanded))
    return failure();
  llvm::SmallVector<clang::FileID> expandedHeaders;
  if (!expanded->empty()) {
    CudaSourceOptions source = options.source;
    llvm::append_range(source.overlays, expanded->headers);
    std::string text = expanded->mainFile.value_or(contents.str());
    src = parseCudaSource(path, text, source, diagOS);
    if (!src || src->hasErrors())
      return failure();
    clang::SourceManager &sm = src->getSourceManager();
    for (auto &[name, unused] : expanded->headers)
      if (auto file = sm.getFileManager().getOptionalFileRef(name))
        if (clang::FileID id = sm.translateFile(*file); id.isValid())
          expandedHeaders.push_back(id);
  }
  MLIRContext ctx(MLIRContext::Threading::DISABLED);
  ctx.printOpOnDiagnostic(false);
  ClangDiagnosticBridge bridge(*src, &ctx);
  OwningOpRef<ModuleOp> module = importCuda(*src, options.source, &ctx);
  if (!module)
    return failure();
  FailureOr<std::string> text =
      rewrite(*src, *module, options, expandedHeaders);
  if (failed(text) || expanded->empty())
    return text;
  return removeTemplateLineDirectives(*text);
}

static llvm::cl::opt<std::string> openclTargetStd(
    "opencl-target-std",
    llvm::cl::desc("--export-opencl: OpenCL C standard of the output (CL1.2, "
                   "CL2.0, CL3.0)"),
    llvm::cl::init("CL1.2"));
static llvm::cl::opt<std::string> openclDeviceFence(
    "opencl12-device-fence",
    llvm::cl::desc(
        "--export-opencl: policy for device-scope fences in OpenCL C 1.2: "
        "'error' (default) or 'assume-global-fence-is-device-wide' (ASSUMES "
        "the implementation's mem_fence(CLK_GLOBAL_MEM_FENCE) orders global "
        "memory for the whole device; the 1.2 specification does not say so)"),
    llvm::cl::init("error"));

static llvm::cl::opt<std::string> openclDeviceVariables(
    "opencl-device-variables",
    llvm::cl::desc("--export-opencl: where __device__ variables go: "
                   "'program-scope' (CL2.0/CL3.0 default) or "
                   "'kernel-arguments' (CL1.2)"),
    llvm::cl::init(""));

void xfence::registerOpenCLExport() {
  TranslateFromMLIRRegistration registration(
      "export-opencl",
      "emit OpenCL C: the translated CUDA source file of a module imported "
      "with --import-cuda",
      [](Operation *op, llvm::raw_ostream &os) -> LogicalResult {
        auto module = dyn_cast<ModuleOp>(op);
        auto dict =
            module ? module->getAttrOfType<DictionaryAttr>(cudaattr::source)
                   : DictionaryAttr();
        auto file = dict ? dict.getAs<StringAttr>("file") : StringAttr();
        if (!file)
          return op->emitError("--export-opencl needs a module imported with "
                               "--import-cuda (it rewrites the source file)");
        if (openclDeviceFence != "error" &&
            openclDeviceFence != "assume-global-fence-is-device-wide")
          return op->emitError("unknown --opencl12-device-fence policy '")
                 << openclDeviceFence << "'";
        CudaToOpenCLOptions options;
        options.source = cudaImportOptions();
        if (auto path = dict.getAs<StringAttr>("cuda_path"))
          options.source.builtinHeader = path.getValue().empty();
        options.clStd = openclTargetStd;
        options.deviceVariables = openclDeviceVariables;
        options.assumeDeviceWideGlobalFence =
            openclDeviceFence == "assume-global-fence-is-device-wide";
        auto buffer = llvm::MemoryBuffer::getFile(file.getValue());
        if (!buffer)
          return op->emitError("cannot read the source file '")
                 << file.getValue() << "'";
        std::unique_ptr<ParsedSource> src =
            parseCudaSource(file.getValue(), (*buffer)->getBuffer(),
                            options.source, llvm::errs());
        if (!src || src->hasErrors())
          return failure();
        ClangDiagnosticBridge bridge(*src, op->getContext());
        FailureOr<std::string> text = rewrite(*src, module, options);
        if (failed(text))
          return failure();
        os << *text;
        return success();
      },
      [](DialectRegistry &registry) {
        registry.insert<XFenceDialect, func::FuncDialect, LLVM::LLVMDialect>();
      });
}
