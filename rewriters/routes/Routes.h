//===- Routes.h - every source-to-source route, as data ---------*- C++ -*-===//
//
// The one table of `xfence translate`'s routes: which source language goes
// to which target language, by which function, documented where. The
// command-line driver looks a route up here (and builds its help, its
// directory mode and its messages about a file it cannot translate from the
// table); a new route is a row here and a function in its own file.
//
// The options of every route are typed once (RouteOptions); each route
// reads those it needs. The OpenCL C standard is two options, the input's
// (an OpenCL C source) and the output's (OpenCL C written), which
// `-cl-std` sets by the side of the route that is OpenCL C
// (setOpenCLStandard).
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_ROUTES_ROUTES_H
#define XFENCE_REWRITERS_ROUTES_ROUTES_H

#include "frontends/common/ClangSession.h"
#include "frontends/opencl/OpenCLImporter.h"

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <string>

namespace xfence {

/// A language xfence reads or writes whole files of.
enum class Language { OpenCL, Cuda, Hip, Alpaka };

/// The options of routes from CUDA or HIP, beside the shared ones.
struct CudaRouteOptions {
  /// The CUDA toolkit and the GPU the source is parsed for; with
  /// `builtinHeader`, xfence's own declarations instead of the toolkit's.
  std::string cudaPath, gpuArch;
  bool builtinHeader = false;
  /// OpenCL C output: --opencl12-device-fence, --opencl12-seq-cst-fence,
  /// --assume-subgroup-size ("32" or empty), --device-variables (empty: the
  /// standard's default).
  std::string deviceFencePolicy = "error";
  std::string seqCstFencePolicy = "error";
  std::string subgroupSize;
  std::string deviceVariables;
};

/// What every route may read.
struct RouteOptions {
  /// -D, -I, the OpenCL build options, and `source.standard`: the OpenCL C
  /// standard of an OpenCL C input (empty: clang's default, CL1.2).
  SourceOptions source;
  /// The OpenCL C standard of OpenCL C output (empty: CL1.2).
  std::string outputStandard;
  /// Run the fence-coalescing pass before writing.
  bool coalesce = true;
  /// Importer choices for OpenCL C input (--opencl-global-fence).
  OpenCLImportOptions opencl;
  /// CUDA and HIP input, and their OpenCL C output.
  CudaRouteOptions cuda;
};

/// A route: files of `from` translated to `to` by `translate`, as `doc`
/// tells. `translate` gets the file's path and text, and reports to `diag`
/// clang-style; failure after an error.
struct Route {
  Language from, to;
  llvm::StringRef doc;
  mlir::FailureOr<std::string> (*translate)(llvm::StringRef path,
                                            llvm::StringRef contents,
                                            const RouteOptions &options,
                                            llvm::raw_ostream &diag);
};

/// Every route of `xfence translate`.
llvm::ArrayRef<Route> allRoutes();

/// The route from `from` to `to`, or null.
const Route *findRoute(Language from, Language to);

/// The language of a source file by its extension (.cl and .clh: OpenCL C,
/// .cu: CUDA, .hip: HIP), or none.
std::optional<Language> sourceLanguageOf(llvm::StringRef path);

/// The language `--to` names (opencl, cuda, hip, alpaka), or none.
std::optional<Language> targetLanguageNamed(llvm::StringRef name);

/// The language's name in messages ("OpenCL C"), its `--to` name
/// ("opencl") and the extension of its files (".cl"; alpaka: ".cpp").
llvm::StringRef languageName(Language language);
llvm::StringRef targetName(Language language);
llvm::StringRef fileExtension(Language language);

/// Why `path` (of `from`, or of no language xfence reads) has no route to
/// `to`: what the file translates to, or what `--to` translates from.
std::string noRouteMessage(std::optional<Language> from, Language to);

/// The help of `--to`, from the table.
std::string targetHelp();

/// The routes and their documents, a line each, for the help's footer.
std::string routesHelp();

/// The names `--to` takes, quoted: "'opencl', 'cuda', 'hip' or 'alpaka'".
std::string routeTargetNames();

/// Puts `-cl-std`'s value where `route` reads it: the input's standard for
/// OpenCL C input, the output's for OpenCL C output. Fails (with a message
/// to `diag`) on a standard OpenCL C output cannot have.
mlir::LogicalResult setOpenCLStandard(RouteOptions &options, const Route &route,
                                      llvm::StringRef std,
                                      llvm::raw_ostream &diag);

/// Whether a translation is compiled by its target's compiler before it is
/// written (docs/architecture.md, "Checked outputs").
enum class VerifyOutput {
  /// Not compiled.
  No,
  /// Compiled where the target's compiler is installed (the environment's
  /// XFENCE_VERIFY_OUTPUT=1: the test suite and the corpus runners).
  WhereInstalled,
  /// Compiled; a missing compiler is an error (--verify-output).
  Required,
};

/// Compiles the translation `text` of the file `inputPath` to `to` with the
/// target's compiler, with the user's -D and -I and the input's directory.
/// Fails, after an internal error naming `shownAs` with the compiler's
/// messages, where the compiler refuses it, or where none is installed and
/// `verify` is Required.
mlir::LogicalResult verifyTranslation(Language to, const RouteOptions &options,
                                      llvm::StringRef inputPath,
                                      llvm::StringRef text,
                                      llvm::StringRef shownAs,
                                      VerifyOutput verify,
                                      llvm::raw_ostream &diag);

/// Registers each route with mlir-translate as `--route-<from>-to-<to>`
/// (`--route-cuda-to-hip`), which translates a whole file with the routes'
/// default options, as `xfence translate FILE --to <to>` does without
/// options.
void registerRouteTranslations();

/// CUDA to OpenCL C 2.0 for `xfence compile k.cu`: the OpenCL C that the
/// compiler reads back with the dialect's meaning (docs/compile.md).
mlir::FailureOr<std::string>
translateCudaForCompile(llvm::StringRef path, llvm::StringRef contents,
                        const RouteOptions &options, llvm::raw_ostream &diag);

} // namespace xfence

#endif // XFENCE_REWRITERS_ROUTES_ROUTES_H
