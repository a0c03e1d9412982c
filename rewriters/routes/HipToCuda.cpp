//===- HipToCuda.cpp - translate a HIP file to CUDA -----------------------===//
//
// Pipeline: parse as CUDA with the built-in <hip/hip_runtime.h> -> import
// every device function -> legalize for `cuda` -> coalesce -> emit each
// surviving op at its site (CUDA emitter) -> rename HIP's runtime names,
// launches and headers in the finished text.
//
//===----------------------------------------------------------------------===//

#include "rewriters/routes/HipToCuda.h"

#include "backends/cuda/CudaEmitter.h"
#include "frontends/cuda/CudaImporter.h"
#include "passes/Passes.h"
#include "passes/TargetCapabilities.h"
#include "rewriters/common/SourceEdits.h"
#include "rewriters/sources/cuda/CudaSiteRewriter.h"
#include "rewriters/sources/cuda/CudaSyntax.h"
#include "rewriters/targets/hip/HipNames.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringMap.h"

using namespace xfence;
using namespace mlir;
using clang::DiagnosticsEngine;

namespace {

constexpr llvm::StringLiteral kHipIncludeDir = "/xfence-hip/include";

/// The C and C++ headers that <hip/hip_runtime.h> brings (see
/// hipCompatHeader), also included by the output.
constexpr llvm::StringLiteral kStandardHeaders =
    "#include <cassert>\n#include <cmath>\n#include <cstddef>\n"
    "#include <cstdint>\n#include <cstdio>\n#include <cstring>\n";

/// HIP's legacy atomics that CUDA declares with the same meaning: relaxed,
/// at device (agent) scope or, with _system, system scope; the wrapping
/// atomicInc/atomicDec included.
bool isHipLegacyAtomic(llvm::StringRef name) {
  name.consume_back("_system");
  return llvm::StringSwitch<bool>(name)
      .Cases({"atomicAdd", "atomicSub", "atomicExch", "atomicMin", "atomicMax",
              "atomicAnd", "atomicOr", "atomicXor", "atomicCAS", "atomicInc",
              "atomicDec"},
             true)
      .Default(false);
}

/// HIP's wavefront functions: their width is the wavefront's (64 lanes on
/// the AMD GPUs HIP targets by default), a CUDA warp has 32, and the CUDA
/// toolkit declares some of the same names (CUDA 8's unmasked shuffles and
/// votes) that nvcc no longer compiles for sm_70 and later. HIP's
/// __syncwarp (ROCm 7.0, amd_warp_sync_functions.h) is a wavefront
/// barrier between wavefront-scope fences: it orders all 64 lanes, where
/// CUDA's __syncwarp of the same name orders 32.
bool isWavefrontFunction(llvm::StringRef name) {
  return llvm::StringSwitch<bool>(name)
      .Cases({"__shfl", "__shfl_up", "__shfl_down", "__shfl_xor", "__ballot",
              "__any", "__all", "__activemask", "__lane_id",
              "__builtin_amdgcn_wave_barrier", "__syncwarp"},
             true)
      .Default(false);
}

/// Reports every call of a wavefront function in the user's code.
class WavefrontCalls : public clang::RecursiveASTVisitor<WavefrontCalls> {
public:
  explicit WavefrontCalls(ParsedSource &src) : src(src) {}
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool VisitCallExpr(clang::CallExpr *call) {
    const clang::FunctionDecl *callee = call->getDirectCallee();
    if (!callee || !callee->getIdentifier() ||
        !isWavefrontFunction(callee->getName()) ||
        src.isUserLocation(callee->getLocation()) ||
        !src.isUserLocation(call->getBeginLoc()))
      return true;
    src.report(call->getBeginLoc(), DiagnosticsEngine::Error,
               "'" + callee->getName().str() +
                   "' has no CUDA form that keeps its meaning: it works on "
                   "a wavefront (64 lanes on AMD GPUs) where a CUDA warp "
                   "has 32" +
                   (callee->getName() == "__syncwarp"
                        ? std::string(" (HIP's __syncwarp orders the whole "
                                      "wavefront; CUDA's orders one warp)")
                        : std::string()));
    found = true;
    return true;
  }
  bool found = false;

private:
  ParsedSource &src;
};

/// HIP's spelling of each CUDA runtime name that the CUDA-to-HIP table
/// knows, reversed. Where two CUDA names share one HIP name (a deprecated
/// CUDA name and its successor), the one spelled like the HIP name wins.
const llvm::StringMap<std::string> &cudaNameOfHip() {
  static const llvm::StringMap<std::string> names = [] {
    llvm::StringMap<std::string> map;
    for (const auto &[cuda, hip] : hipRuntimeNames()) {
      auto [it, inserted] = map.try_emplace(hip, cuda);
      if (!inserted && llvm::StringRef(hip).drop_front(3) ==
                           llvm::StringRef(cuda).drop_front(4))
        it->second = cuda;
    }
    // The index macros of early HIP.
    for (const char *dim : {"x", "y", "z"}) {
      map[std::string("hipThreadIdx_") + dim] = std::string("threadIdx.") + dim;
      map[std::string("hipBlockIdx_") + dim] = std::string("blockIdx.") + dim;
      map[std::string("hipBlockDim_") + dim] = std::string("blockDim.") + dim;
      map[std::string("hipGridDim_") + dim] = std::string("gridDim.") + dim;
    }
    return map;
  }();
  return names;
}

/// A token of the finished text.
struct RawToken {
  size_t begin, end;
  clang::tok::TokenKind kind;
  llvm::StringRef text;
};

std::vector<RawToken> lexRaw(llvm::StringRef text,
                             const clang::LangOptions &lo) {
  std::vector<RawToken> tokens;
  clang::Lexer lexer(clang::SourceLocation(), lo, text.begin(), text.begin(),
                     text.end());
  clang::Token tok;
  while (!lexer.LexFromRawLexer(tok) || tok.isNot(clang::tok::eof)) {
    if (tok.is(clang::tok::eof))
      break;
    size_t begin = tok.getLocation().getRawEncoding();
    tokens.push_back({begin, begin + tok.getLength(), tok.getKind(),
                      text.substr(begin, tok.getLength())});
  }
  return tokens;
}

/// The HIP names of the finished text (outside comments and strings)
/// renamed to CUDA's, and hipLaunchKernelGGL(k, grid, block, shared,
/// stream, args...) written as k<<<grid, block, shared, stream>>>(args...),
/// HIP_KERNEL_NAME(k) and HIP_SYMBOL(x) as k and x, HIP_DYNAMIC_SHARED(T, a)
/// as `extern __shared__ T a[];`. The launch's arguments keep their text.
std::string renameHip(llvm::StringRef text, const clang::LangOptions &lo) {
  std::vector<RawToken> tokens = lexRaw(text, lo);
  // (begin, end, replacement), in order, not overlapping.
  std::vector<std::tuple<size_t, size_t, std::string>> edits;
  const llvm::StringMap<std::string> &names = cudaNameOfHip();
  for (size_t i = 0; i < tokens.size(); ++i) {
    const RawToken &t = tokens[i];
    if (t.kind != clang::tok::raw_identifier)
      continue;
    if ((t.text == "hipLaunchKernelGGL" || t.text == "HIP_KERNEL_NAME" ||
         t.text == "HIP_SYMBOL" || t.text == "HIP_DYNAMIC_SHARED") &&
        i + 1 < tokens.size() && tokens[i + 1].kind == clang::tok::l_paren) {
      // The arguments, split at the commas outside brackets, as the
      // preprocessor splits them.
      std::vector<std::pair<size_t, size_t>> args; // token index ranges
      size_t depth = 0, start = i + 2, j = i + 2;
      for (; j < tokens.size(); ++j) {
        clang::tok::TokenKind k = tokens[j].kind;
        if (k == clang::tok::l_paren || k == clang::tok::l_square ||
            k == clang::tok::l_brace)
          ++depth;
        else if ((k == clang::tok::r_paren || k == clang::tok::r_square ||
                  k == clang::tok::r_brace) &&
                 depth > 0)
          --depth;
        else if (k == clang::tok::r_paren)
          break;
        else if (k == clang::tok::comma && depth == 0) {
          args.push_back({start, j});
          start = j + 1;
        }
      }
      if (j == tokens.size())
        continue; // unbalanced: left as written
      if (start < j)
        args.push_back({start, j});
      auto beginOf = [&](size_t arg) { return tokens[args[arg].first].begin; };
      auto endOf = [&](size_t arg) { return tokens[args[arg].second - 1].end; };
      auto empty = [&](size_t arg) {
        return args[arg].first == args[arg].second;
      };
      if (t.text == "HIP_DYNAMIC_SHARED") {
        if (args.size() != 2 || empty(0) || empty(1))
          continue;
        edits.emplace_back(t.begin, tokens[j].end,
                           "extern __shared__ " +
                               text.slice(beginOf(0), endOf(0)).str() + " " +
                               text.slice(beginOf(1), endOf(1)).str() + "[];");
        i = j;
        continue;
      }
      if (t.text == "HIP_KERNEL_NAME" || t.text == "HIP_SYMBOL") {
        if (args.empty())
          continue;
        edits.emplace_back(t.begin, tokens[i + 2].begin, "");
        edits.emplace_back(tokens[j - 1].end, tokens[j].end, "");
        i += 1;
        continue;
      }
      if (args.size() < 5 || empty(0))
        continue; // clang reported it
      edits.emplace_back(t.begin, beginOf(0), "");
      edits.emplace_back(endOf(0), beginOf(1), "<<<");
      if (args.size() > 5)
        edits.emplace_back(endOf(4), beginOf(5), ">>>(");
      else
        edits.emplace_back(endOf(4), tokens[j].begin, ">>>(");
      i += 1; // the arguments are renamed as any text
      continue;
    }
    auto it = names.find(t.text);
    if (it != names.end())
      edits.emplace_back(t.begin, t.end, it->second);
  }
  llvm::sort(edits, [](const auto &a, const auto &b) {
    return std::get<0>(a) < std::get<0>(b);
  });
  std::string out;
  size_t at = 0;
  for (const auto &[begin, end, replacement] : edits) {
    if (begin < at)
      continue;
    out += text.slice(at, begin);
    out += replacement;
    at = end;
  }
  out += text.substr(at);
  return out;
}

/// `#include <hip/...>` of the user's files: the CUDA header, or an error.
LogicalResult rewriteHipIncludes(SourceEdits &edits) {
  ParsedSource &src = edits.getSource();
  bool ok = true;
  forEachUserInclude(src, [&](const FileCharRange &directive,
                              llvm::StringRef header) {
    if (!header.starts_with("hip/"))
      return;
    std::optional<llvm::StringRef> cuda =
        llvm::StringSwitch<std::optional<llvm::StringRef>>(header)
            .Cases({"hip/hip_runtime.h", "hip/hip_runtime_api.h"},
                   "cuda_runtime.h")
            .Case("hip/hip_cooperative_groups.h", "cooperative_groups.h")
            .Default(std::nullopt);
    if (!cuda) {
      src.report(src.getSourceManager().getComposedLoc(directive.file,
                                                       directive.begin),
                 DiagnosticsEngine::Error,
                 "'" + header.str() + "' has no CUDA header that xfence knows");
      ok = false;
      return;
    }
    edits.replace(directive, "#include <" + cuda->str() + ">");
  });
  return success(ok);
}

} // namespace

std::string xfence::hipCompatHeader() {
  std::string text = "// xfence: HIP's names for a CUDA parse "
                     "(docs/hip-to-cuda.md).\n"
                     "#pragma clang system_header\n"
                     "#pragma once\n";
  std::vector<std::pair<std::string, std::string>> pairs;
  for (const auto &entry : cudaNameOfHip())
    pairs.emplace_back(entry.getKey().str(), entry.getValue());
  llvm::sort(pairs);
  for (const auto &[hip, cuda] : pairs)
    text += "#define " + hip + " " + cuda + "\n";
  // What HIP's <hip/hip_runtime.h> includes and HIP code relies on (HIP
  // 5.2, amd_detail/amd_hip_runtime.h), and printf, which HIP declares for
  // device code and CUDA in <cstdio>; the output's prelude has the same.
  text += kStandardHeaders;
  text +=
      R"(#define hipLaunchKernelGGL(kernel, grid, block, shared, stream, ...) \
  kernel<<<grid, block, shared, stream>>>(__VA_ARGS__)
#define HIP_KERNEL_NAME(...) __VA_ARGS__
#define HIP_SYMBOL(symbol) symbol
#define HIP_DYNAMIC_SHARED(type, name) extern __shared__ type name[];
#define __HIP_MEMORY_SCOPE_SINGLETHREAD 1
#define __HIP_MEMORY_SCOPE_WAVEFRONT 2
#define __HIP_MEMORY_SCOPE_WORKGROUP 3
#define __HIP_MEMORY_SCOPE_AGENT 4
#define __HIP_MEMORY_SCOPE_SYSTEM 5
#define __HIP_MEMORY_SCOPE_CLUSTER 6
__device__ void __builtin_amdgcn_fence(int, const char *);
__device__ void __builtin_amdgcn_s_barrier();
)";
  return text;
}

FailureOr<std::string>
xfence::translateHipToCuda(llvm::StringRef path, llvm::StringRef contents,
                           const HipToCudaOptions &options,
                           llvm::raw_ostream &diagOS) {
  CudaSourceOptions source = options.source;
  std::string runtime = (kHipIncludeDir + "/hip/hip_runtime.h").str();
  source.overlays.emplace_back(runtime, hipCompatHeader());
  source.overlays.emplace_back(
      (kHipIncludeDir + "/hip/hip_runtime_api.h").str(),
      "#pragma clang system_header\n#include <hip/hip_runtime.h>\n");
  source.overlays.emplace_back(
      (kHipIncludeDir + "/hip/hip_cooperative_groups.h").str(),
      "#pragma clang system_header\n#include <hip/hip_runtime.h>\n"
      "#include <cooperative_groups.h>\n");
  // hipcc includes <hip/hip_runtime.h> by itself: so does the parse.
  source.source.buildOptions.insert(
      source.source.buildOptions.begin(),
      {"-isystem" + kHipIncludeDir.str(), "-include", runtime});
  std::unique_ptr<ParsedSource> src =
      parseCudaSource(path, contents, source, diagOS);
  if (!src || src->hasErrors())
    return failure();
  MLIRContext ctx(MLIRContext::Threading::DISABLED);
  ctx.printOpOnDiagnostic(false);
  ClangDiagnosticBridge bridge(*src, &ctx);
  OwningOpRef<ModuleOp> module =
      importCuda(*src, source, &ctx, /*everyFunction=*/true);
  if (!module)
    return failure();
  ImportedSites imported = importedSyncLocations(*module, isSyncOp);
  bool ok = succeeded(legalizeForTarget(*module, cudaCapabilities()));
  if (ok && options.coalesce) {
    PassManager pm(&ctx);
    pm.addPass(createXFenceCoalesce());
    ok = succeeded(pm.run(*module));
  }

  std::vector<CudaSyncSite> sites =
      findCudaSyncSites(*src, &ctx, /*instantiations=*/true);
  SourceEdits edits(*src, cudaToOpenCLEditPolicy());
  bool needsAtomicHeader = false, needsGroupsHeader = false;
  CudaSiteTarget target;
  target.isSync = isSyncOp;
  target.emit = [&](Operation *op) -> FailureOr<Snippet> {
    FailureOr<Snippet> cuda = emitCuda(op);
    if (failed(cuda))
      return failure();
    needsAtomicHeader |= cuda->needsAtomicHeader;
    needsGroupsHeader |= cuda->needsCooperativeGroupsHeader;
    return cuda;
  };
  target.constant = constantText;
  target.keepAsWritten = [](const clang::Stmt *stmt,
                            ArrayRef<Operation *> ops) {
    return keepsLegacyAtomic(stmt, ops, isHipLegacyAtomic);
  };
  ok = ok &&
       succeeded(rewriteCudaSyncSites(edits, sites, *module, target, imported));
  ok = succeeded(rewriteHipIncludes(edits)) && ok;
  WavefrontCalls wavefront(*src);
  wavefront.TraverseAST(src->getContext());
  ok = !wavefront.found && ok;
  if (!ok)
    return failure();
  // A user header that spells HIP's names is inlined (renamed with the rest
  // of the text), as a header with edits is.
  clang::SourceManager &sm = src->getSourceManager();
  for (auto it = sm.fileinfo_begin(); it != sm.fileinfo_end(); ++it) {
    clang::FileID id = sm.translateFile(it->first);
    if (id.isValid() && id != sm.getMainFileID() &&
        !it->first.getName().starts_with(kHipIncludeDir) &&
        src->isUserLocation(sm.getLocForStartOfFile(id))) {
      llvm::StringRef text = sm.getBufferData(id);
      if (renameHip(text, src->getLangOpts()) != text)
        edits.touch(id);
    }
  }
  std::string prelude =
      "// Translated from HIP to CUDA by xfence (docs/hip-to-cuda.md).\n";
  prelude += kStandardHeaders;
  if (needsAtomicHeader)
    prelude += "#include <cuda/atomic>\n";
  if (needsGroupsHeader)
    prelude += "#include <cooperative_groups.h>\n";
  prelude += kPreludeEnd.str();
  FailureOr<std::string> text = edits.apply(prelude);
  if (failed(text) || src->hasErrors())
    return failure();
  return renameHip(*text, src->getLangOpts());
}
