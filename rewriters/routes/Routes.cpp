//===- Routes.cpp - every source-to-source route, as data -----------------===//
//
// The table, and each route's reading of RouteOptions into its own options.
//
//===----------------------------------------------------------------------===//

#include "rewriters/routes/Routes.h"

#include "rewriters/routes/CudaToHip.h"
#include "rewriters/routes/CudaToOpenCL.h"
#include "rewriters/routes/OpenCLToAlpaka.h"
#include "rewriters/routes/OpenCLToCuda.h"
#include "rewriters/targets/alpaka/AlpakaTargetSyntax.h"
#include "rewriters/targets/cuda/CudaTargetSyntax.h"
#include "rewriters/targets/hip/HipTargetSyntax.h"
#include "rewriters/targets/opencl/OpenCLOutputCheck.h"

#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"

#include <deque>

using namespace xfence;
using mlir::FailureOr;

namespace {

struct LanguageNames {
  Language language;
  llvm::StringRef name, target, extension;
};
constexpr LanguageNames kLanguages[] = {
    {Language::OpenCL, "OpenCL C", "opencl", ".cl"},
    {Language::Cuda, "CUDA", "cuda", ".cu"},
    {Language::Hip, "HIP", "hip", ".hip"},
    {Language::Alpaka, "alpaka", "alpaka", ".cpp"}};

const LanguageNames &namesOf(Language language) {
  return *llvm::find_if(kLanguages, [&](const LanguageNames &names) {
    return names.language == language;
  });
}

/// The CUDA parse of `options`: -D and -I, the toolkit.
CudaSourceOptions cudaSource(const RouteOptions &options) {
  CudaSourceOptions source;
  source.source.defines = options.source.defines;
  source.source.includeDirs = options.source.includeDirs;
  source.cudaPath = options.cuda.cudaPath;
  source.gpuArch = options.cuda.gpuArch;
  source.builtinHeader = options.cuda.builtinHeader;
  return source;
}

/// The options of CUDA (and HIP) to OpenCL C `clStd`; failure, after a
/// message, where they contradict the standard.
FailureOr<CudaToOpenCLOptions> cudaToOpenCL(const RouteOptions &options,
                                            llvm::StringRef clStd,
                                            llvm::raw_ostream &diag) {
  CudaToOpenCLOptions out;
  out.clStd = clStd.empty() ? "CL1.2" : clStd.str();
  out.coalesce = options.coalesce;
  out.deviceVariables = options.cuda.deviceVariables;
  if (out.deviceVariables == "program-scope" && !out.cl2()) {
    diag << "xfence: error: --device-variables=program-scope needs OpenCL C "
            "2.0 or 3.0 (1.2 has no program-scope global variables)\n";
    return mlir::failure();
  }
  out.source = cudaSource(options);
  out.assumeDeviceWideGlobalFence =
      options.cuda.deviceFencePolicy == "assume-global-fence-is-device-wide";
  out.assumeSeqCstMemFence =
      options.cuda.seqCstFencePolicy == "assume-mem-fence-is-seq-cst";
  out.assumeSubgroupSize32 = options.cuda.subgroupSize == "32";
  return out;
}

/// The route that reads the OpenCL C of a first step.
enum class SecondStep {
  /// OpenCL C to alpaka: the prelude's atomic helpers take their order and
  /// scope as constants.
  Alpaka,
  /// `xfence compile`: the intermediate form, read back with the dialect's
  /// meaning.
  Compile,
};

/// CUDA to OpenCL C 2.0 as the first step of another route (alpaka,
/// `compile`): the first version with device and system scopes, and with
/// program-scope variables, where __device__ variables go unless asked
/// otherwise.
FailureOr<CudaToOpenCLOptions> firstStepToOpenCL20(const RouteOptions &options,
                                                   SecondStep second,
                                                   llvm::raw_ostream &diag) {
  FailureOr<CudaToOpenCLOptions> opencl = cudaToOpenCL(options, "CL2.0", diag);
  if (mlir::failed(opencl))
    return mlir::failure();
  if (opencl->deviceVariables.empty())
    opencl->deviceVariables = "program-scope";
  // What the second step reads that a user's OpenCL C would not have.
  if (second == SecondStep::Alpaka)
    opencl->constantHelperArguments = true;
  else
    opencl->intermediate = true;
  return opencl;
}

/// The options of the routes from OpenCL C.
TranslateOptions fromOpenCL(const RouteOptions &options, bool hip) {
  TranslateOptions out;
  out.source = options.source;
  out.opencl = options.opencl;
  out.coalesce = options.coalesce;
  out.hip = hip;
  return out;
}

/// The signature of a route's own function, with its own options.
template <typename Options>
using TranslateFn = FailureOr<std::string> (*)(llvm::StringRef, llvm::StringRef,
                                               const Options &,
                                               llvm::raw_ostream &);

/// A route from OpenCL C (to CUDA or alpaka, or to HIP with `Hip`).
template <TranslateFn<TranslateOptions> Translate, bool Hip = false>
FailureOr<std::string>
fromOpenCLRoute(llvm::StringRef path, llvm::StringRef contents,
                const RouteOptions &options, llvm::raw_ostream &diag) {
  return Translate(path, contents, fromOpenCL(options, Hip), diag);
}

/// A route from CUDA or HIP to OpenCL C, of the output's standard.
template <TranslateFn<CudaToOpenCLOptions> Translate>
FailureOr<std::string>
toOpenCLRoute(llvm::StringRef path, llvm::StringRef contents,
              const RouteOptions &options, llvm::raw_ostream &diag) {
  FailureOr<CudaToOpenCLOptions> opencl =
      cudaToOpenCL(options, options.outputStandard, diag);
  if (mlir::failed(opencl))
    return mlir::failure();
  return Translate(path, contents, *opencl, diag);
}

/// A route between CUDA and HIP (the same options both ways).
template <TranslateFn<CudaToHipOptions> Translate>
FailureOr<std::string>
cudaHipRoute(llvm::StringRef path, llvm::StringRef contents,
             const RouteOptions &options, llvm::raw_ostream &diag) {
  CudaToHipOptions out;
  out.coalesce = options.coalesce;
  out.source = cudaSource(options);
  return Translate(path, contents, out, diag);
}

FailureOr<std::string> cudaToAlpakaRoute(llvm::StringRef path,
                                         llvm::StringRef contents,
                                         const RouteOptions &options,
                                         llvm::raw_ostream &diag) {
  FailureOr<CudaToOpenCLOptions> opencl =
      firstStepToOpenCL20(options, SecondStep::Alpaka, diag);
  if (mlir::failed(opencl))
    return mlir::failure();
  // The second step reads xfence's own OpenCL C: the user's -D and -I
  // only (its headers are inlined or left out), no OpenCL C options.
  TranslateOptions alpaka;
  alpaka.source.defines = options.source.defines;
  alpaka.source.includeDirs = options.source.includeDirs;
  alpaka.coalesce = options.coalesce;
  return translateCudaToAlpaka(path, contents, *opencl, alpaka, diag);
}

const Route kRoutes[] = {
    {Language::OpenCL, Language::Cuda, "docs/opencl-to-cuda.md",
     fromOpenCLRoute<translateOpenCLToCuda>},
    {Language::OpenCL, Language::Hip, "docs/opencl-to-cuda.md",
     fromOpenCLRoute<translateOpenCLToCuda, /*Hip=*/true>},
    {Language::OpenCL, Language::Alpaka, "docs/opencl-to-alpaka.md",
     fromOpenCLRoute<translateOpenCLToAlpaka>},
    {Language::Cuda, Language::OpenCL, "docs/cuda-to-opencl.md",
     toOpenCLRoute<translateCudaToOpenCL>},
    {Language::Cuda, Language::Hip, "docs/cuda-to-hip.md",
     cudaHipRoute<translateCudaToHip>},
    {Language::Cuda, Language::Alpaka, "docs/cuda-to-alpaka.md",
     cudaToAlpakaRoute},
    {Language::Hip, Language::Cuda, "docs/hip-to-cuda.md",
     cudaHipRoute<translateHipToCuda>},
    {Language::Hip, Language::OpenCL, "docs/hip-to-opencl.md",
     toOpenCLRoute<translateHipToOpenCL>},
};

/// "A, B or C".
std::string listOf(llvm::ArrayRef<std::string> items,
                   llvm::StringRef last = " or ") {
  std::string text;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i)
      text += i + 1 == items.size() ? last.str() : ", ";
    text += items[i];
  }
  return text;
}

} // namespace

llvm::ArrayRef<Route> xfence::allRoutes() { return kRoutes; }

const Route *xfence::findRoute(Language from, Language to) {
  const Route *route = llvm::find_if(
      kRoutes, [&](const Route &r) { return r.from == from && r.to == to; });
  return route == std::end(kRoutes) ? nullptr : route;
}

std::optional<Language> xfence::sourceLanguageOf(llvm::StringRef path) {
  llvm::StringRef extension = llvm::sys::path::extension(path);
  if (extension == ".clh") // an OpenCL C header
    return Language::OpenCL;
  // A language is read from the files of its extension where some route
  // starts from it (a .cpp file is not alpaka's).
  for (const Route &route : kRoutes)
    if (fileExtension(route.from) == extension)
      return route.from;
  return std::nullopt;
}

std::optional<Language> xfence::targetLanguageNamed(llvm::StringRef name) {
  for (const LanguageNames &names : kLanguages)
    if (names.target == name)
      return names.language;
  return std::nullopt;
}

llvm::StringRef xfence::languageName(Language language) {
  return namesOf(language).name;
}
llvm::StringRef xfence::targetName(Language language) {
  return namesOf(language).target;
}
llvm::StringRef xfence::fileExtension(Language language) {
  return namesOf(language).extension;
}

std::string xfence::noRouteMessage(std::optional<Language> from, Language to) {
  std::vector<std::string> names, options, sources, extensions;
  for (const Route &route : kRoutes) {
    if (from && route.from == *from) {
      names.push_back(languageName(route.to).str());
      options.push_back("--to " + targetName(route.to).str());
    }
    if (route.to == to) {
      sources.push_back(languageName(route.from).str() + " (" +
                        fileExtension(route.from).str() + ")");
      extensions.push_back(fileExtension(route.from).str());
    }
  }
  std::string want = "--to " + targetName(to).str() + " translates " +
                     listOf(sources, " and ") + " files";
  if (!from)
    return "not a source file xfence translates (" + want + ")";
  llvm::StringRef name = languageName(*from);
  return (llvm::StringRef("AEIOU").contains(name.front()) ? "an " : "a ") +
         name.str() + " file (" + fileExtension(*from).str() +
         ") translates to " + listOf(names) + " (" + listOf(options, ", ") +
         "); " + want;
}

std::string xfence::targetHelp() {
  std::vector<std::string> items;
  for (const LanguageNames &names : kLanguages) {
    std::vector<std::string> from;
    for (const Route &route : kRoutes)
      if (route.to == names.language)
        from.push_back(fileExtension(route.from).str());
    if (from.empty())
      continue;
    items.push_back(
        names.target.str() +
        (names.language == Language::Alpaka ? " (alpaka 3, " : " (") + "from " +
        listOf(from) + ")");
  }
  return "Target: " + listOf(items, ", or ");
}

std::string xfence::routesHelp() {
  std::string text = "Routes:";
  for (const Route &route : kRoutes)
    text += "\n  " + languageName(route.from).str() + " (" +
            fileExtension(route.from).str() + ") to " +
            languageName(route.to).str() + ": " + route.doc.str();
  return text;
}

std::string xfence::routeTargetNames() {
  std::vector<std::string> names;
  for (const LanguageNames &language : kLanguages)
    if (llvm::any_of(kRoutes, [&](const Route &route) {
          return route.to == language.language;
        }))
      names.push_back("'" + language.target.str() + "'");
  return listOf(names);
}

mlir::LogicalResult xfence::setOpenCLStandard(RouteOptions &options,
                                              const Route &route,
                                              llvm::StringRef std,
                                              llvm::raw_ostream &diag) {
  if (route.from == Language::OpenCL) {
    options.source.standard = std.str(); // clang checks it
    return mlir::success();
  }
  if (route.to != Language::OpenCL)
    return mlir::success(); // -cl-std is about OpenCL C; no side is
  if (!std.empty() && std != "CL1.2" && std != "CL2.0" && std != "CL3.0") {
    diag << "xfence: error: unsupported OpenCL C standard '" << std
         << "' (expected CL1.2, CL2.0 or CL3.0)\n";
    return mlir::failure();
  }
  options.outputStandard = std.str();
  return mlir::success();
}

void xfence::registerRouteTranslations() {
  static std::deque<std::string> texts; // the registry keeps references
  for (const Route &route : kRoutes) {
    texts.push_back("route-" + targetName(route.from).str() + "-to-" +
                    targetName(route.to).str());
    llvm::StringRef name = texts.back();
    texts.push_back("translate a whole " + languageName(route.from).str() +
                    " file to " + languageName(route.to).str() + " (" +
                    route.doc.str() + ")");
    llvm::StringRef description = texts.back();
    mlir::TranslateRegistration(
        name, description,
        [&route](const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
                 llvm::raw_ostream &os, mlir::MLIRContext *) {
          const llvm::MemoryBuffer *buffer =
              sourceMgr->getMemoryBuffer(sourceMgr->getMainFileID());
          FailureOr<std::string> text = route.translate(
              buffer->getBufferIdentifier(), buffer->getBuffer(),
              RouteOptions(), llvm::errs());
          if (mlir::failed(text))
            return mlir::failure();
          os << *text;
          return mlir::success();
        });
  }
}

/// The compiler that checks a translation to `to`, as its target names it.
static llvm::Expected<OutputCompiler>
outputCompilerFor(Language to, const RouteOptions &options) {
  switch (to) {
  case Language::OpenCL:
    return openclOutputCompiler(options.outputStandard);
  case Language::Cuda:
    return cudaTargetSyntax().outputCompiler();
  case Language::Hip:
    return hipTargetSyntax().outputCompiler();
  case Language::Alpaka:
    return alpakaTargetSyntax().outputCompiler();
  }
  llvm_unreachable("a target language without a compiler");
}

mlir::LogicalResult
xfence::verifyTranslation(Language to, const RouteOptions &options,
                          llvm::StringRef inputPath, llvm::StringRef text,
                          llvm::StringRef shownAs, VerifyOutput verify,
                          llvm::raw_ostream &diag) {
  if (verify == VerifyOutput::No)
    return mlir::success();
  llvm::Expected<OutputCompiler> compiler = outputCompilerFor(to, options);
  if (!compiler) {
    std::string missing = llvm::toString(compiler.takeError());
    if (verify == VerifyOutput::WhereInstalled)
      return mlir::success();
    diag << shownAs << ": error: --verify-output: no " << languageName(to)
         << " compiler to check the translation with: " << missing << "\n";
    return mlir::failure();
  }
  // The translation keeps the user's own #include "..." lines.
  std::vector<std::string> includeDirs = {
      llvm::sys::path::parent_path(inputPath).empty()
          ? std::string(".")
          : llvm::sys::path::parent_path(inputPath).str()};
  llvm::append_range(includeDirs, options.source.includeDirs);
  return checkOutput(*compiler, text, shownAs, options.source.defines,
                     includeDirs, diag);
}

FailureOr<std::string>
xfence::translateCudaForCompile(llvm::StringRef path, llvm::StringRef contents,
                                const RouteOptions &options,
                                llvm::raw_ostream &diag) {
  FailureOr<CudaToOpenCLOptions> opencl =
      firstStepToOpenCL20(options, SecondStep::Compile, diag);
  if (mlir::failed(opencl))
    return mlir::failure();
  return translateCudaToOpenCL(path, contents, *opencl, diag);
}
