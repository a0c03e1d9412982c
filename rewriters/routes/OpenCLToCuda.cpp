//===- OpenCLToCuda.cpp - translate an OpenCL C file to CUDA --------------===//

#include "rewriters/routes/OpenCLToCuda.h"
#include "rewriters/common/SourceEdits.h"
#include "rewriters/sources/opencl/OpenCLSyntax.h"
#include "rewriters/targets/cuda/CudaTargetSyntax.h"
#include "rewriters/targets/hip/HipTargetSyntax.h"

#include "dialect/XFenceDialect.h"
#include "frontends/opencl/OpenCLImporter.h"
#include "passes/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"

#include <map>

using namespace xfence;
using namespace mlir;

/// What every translated file starts with: the OpenCL C type names that CUDA
/// lacks (the atomic types become their value types: every atomic operation
/// on them is translated to cuda::atomic_ref), and the fence flags (so that
/// a flags variable of the source still compiles).
static std::string prelude(bool atomicHeader, bool workItemHelpers,
                           const OpenCLLibrary &lib, ParsedSource &src,
                           bool hip) {
  std::string text =
      hip ? "// Translated from OpenCL C to HIP by xfence "
            "(docs/opencl-to-cuda.md, \"HIP\").\n#include <hip/hip_runtime.h>\n"
          : "// Translated from OpenCL C to CUDA by xfence "
            "(docs/opencl-to-cuda.md).\n";
  if (atomicHeader && !hip)
    text += "#include <cuda/atomic>\n";
  if (lib.usesHalf() && !hip)
    text += "#include <cuda_fp16.h>\n";
  if (lib.usesHalf() && hip)
    // OpenCL's half as clang's _Float16, under xfence's own names (HIP's
    // LibrarySyntax): Debian 12's HIP 5.2 <hip/hip_fp16.h> does not build
    // with clang 22, and a float converts to _Float16 rounding to nearest
    // even, as __float2half_rn does.
    text += "typedef _Float16 xfence_half;\n"
            "__host__ __device__ inline float xfence_half2float(xfence_half h) "
            "{ return (float)h; }\n"
            "__host__ __device__ inline xfence_half xfence_float2half_rn(float "
            "f) { return (xfence_half)f; }\n";
  if (lib.usesVectors())
    text += "#include <type_traits>\n#include <utility>\n";
  if (lib.usesHelper("printf"))
    text += "#include <cstdio>\n";
  text += openclTypeNames();
  if (lib.usesHalf())
    text += "typedef " + lib.halfType().str() + " half;\n";
  if (workItemHelpers) {
    const char *helpers[][2] = {{"get_local_id", "threadIdx"},
                                {"get_group_id", "blockIdx"},
                                {"get_local_size", "blockDim"},
                                {"get_num_groups", "gridDim"}};
    for (auto &[name, var] : helpers)
      text += std::string("__device__ inline size_t xfence_") + name +
              "(unsigned d) { return d == 0 ? " + var + ".x : d == 1 ? " + var +
              ".y : d == 2 ? " + var +
              ".z : " + (llvm::StringRef(name).ends_with("id") ? "0" : "1") +
              "; }\n";
    text += "__device__ inline size_t xfence_get_global_id(unsigned d) "
            "{ return xfence_get_group_id(d) * xfence_get_local_size(d) + "
            "xfence_get_local_id(d); }\n"
            "__device__ inline size_t xfence_get_global_size(unsigned "
            "d) { return xfence_get_num_groups(d) * xfence_get_local_size(d); "
            "}\n"
            "// The launch helpers (and CUDA) launch at offset 0.\n"
            "__device__ inline size_t xfence_get_global_offset(unsigned) "
            "{ return 0; }\n";
  }
  text += implementationMacros(src);
  text += lib.prelude();
  text += kPreludeEnd;
  return text;
}

FailureOr<std::string> xfence::rewriteOpenCLAsCuda(ParsedSource &src,
                                                   ModuleOp module, bool hip) {
  MLIRContext *ctx = module.getContext();
  ClangDiagnosticBridge bridge(src, ctx);
  std::vector<SyncSite> sites = findOpenCLSyncSites(src, ctx);
  SourceEdits edits(src);
  bool atomicHeader = false, workItemHelpers = false;
  const TargetSyntax &syntax = hip ? hipTargetSyntax() : cudaTargetSyntax();
  OpenCLLibrary lib(src.getContext(), syntax);
  std::string launchers;
  if (failed(rewriteSyncSites(edits, sites, module, atomicHeader,
                              hip ? SiteEmitter(emitHip)
                                  : SiteEmitter(emitCuda))) ||
      failed(
          addOpenCLSyntaxEdits(edits, lib, workItemHelpers, launchers, syntax)))
    return failure();
  commentOutOpenCLPragmas(edits);
  FailureOr<std::string> text =
      edits.apply(prelude(atomicHeader, workItemHelpers, lib, src, hip));
  if (failed(text) || src.hasErrors())
    return failure();
  if (!launchers.empty()) {
    if (!text->empty() && text->back() != '\n')
      *text += "\n";
    *text += "\n// xfence: host-side launch helpers, one per kernel."
             "\n" +
             launchers;
  }
  return text;
}

XFenceCoalesceOptions xfence::coalesceOptionsFor(bool hip) {
  XFenceCoalesceOptions options;
  // CUDA's __syncthreads() orders every memory space among the block
  // (docs/semantics.md §2), and so do the fences the CUDA emitter writes
  // around it for a wider memory part (a CUDA fence has no space operand):
  // a barrier of local memory covers a neighbouring fence of global memory,
  // as it would after legalization for CUDA, which writes all spaces on
  // every fence and barrier. Not for HIP, whose emitter writes a local-only
  // barrier as HIP's __syncthreads(), which may order local memory only
  // (docs/semantics.md §3.4).
  options.barriersOrderAllSpaces = !hip;
  return options;
}

FailureOr<ImportedSource>
xfence::importOpenCLSource(llvm::StringRef path, llvm::StringRef contents,
                           const TranslateOptions &options,
                           llvm::raw_ostream &diagOS) {
  return importParsed(parseSource(SourceLanguage::OpenCL, path, contents,
                                  options.source, diagOS),
                      [&](ParsedSource &src, MLIRContext *ctx) {
                        return importOpenCL(src, options.source, ctx,
                                            options.opencl);
                      });
}

FailureOr<std::string>
xfence::translateOpenCLToCuda(llvm::StringRef path, llvm::StringRef contents,
                              const TranslateOptions &options,
                              llvm::raw_ostream &diagOS) {
  FailureOr<ImportedSource> imports =
      importOpenCLSource(path, contents, options, diagOS);
  if (failed(imports) ||
      (options.coalesce &&
       failed(runCoalesce(*imports->module, coalesceOptionsFor(options.hip)))))
    return failure();
  return rewriteOpenCLAsCuda(*imports->src, *imports->module, options.hip);
}

/// The source options that the importer recorded in the module.
static std::optional<std::pair<std::string, SourceOptions>>
recordedSource(ModuleOp module) {
  auto dict = module->getAttrOfType<DictionaryAttr>(srcattr::source);
  if (!dict)
    return std::nullopt;
  auto file = dict.getAs<StringAttr>("file");
  if (!file)
    return std::nullopt;
  SourceOptions options;
  if (auto std = dict.getAs<StringAttr>("std"))
    options.standard = std.str();
  auto strings = [&](llvm::StringRef key, std::vector<std::string> &out) {
    if (auto list = dict.getAs<ArrayAttr>(key))
      for (auto s : list.getAsRange<StringAttr>())
        out.push_back(s.str());
  };
  strings("defines", options.defines);
  strings("includes", options.includeDirs);
  return std::make_pair(file.str(), options);
}

/// `--export-cuda` or `--export-hip`.
static void registerExport(const char *name, const char *description,
                           bool hip) {
  TranslateFromMLIRRegistration registration(
      name, description,
      [hip](Operation *op, llvm::raw_ostream &os) -> LogicalResult {
        auto module = dyn_cast<ModuleOp>(op);
        std::optional<std::pair<std::string, SourceOptions>> source =
            module ? recordedSource(module) : std::nullopt;
        if (!source)
          return emitCudaListing(op, os, hip);
        return exportImportedFile(
            op, source->first, os,
            [&](llvm::StringRef path, llvm::StringRef contents) {
              return parseSource(SourceLanguage::OpenCL, path, contents,
                                 source->second, llvm::errs());
            },
            [&](ParsedSource &src) {
              return rewriteOpenCLAsCuda(src, module, hip);
            });
      },
      [](DialectRegistry &registry) {
        registry.insert<XFenceDialect, func::FuncDialect, LLVM::LLVMDialect>();
      });
}

void xfence::registerCudaExport() {
  registerExport("export-cuda",
                 "emit CUDA C++: the translated source file for a module "
                 "imported from one, else one statement per synchronization "
                 "op",
                 /*hip=*/false);
  registerExport("export-hip",
                 "emit HIP: the translated source file for a module imported "
                 "from one, else one statement per synchronization op",
                 /*hip=*/true);
}
