//===- ClangSession.cpp - parse one source file with Clang ----------------===//

#include "frontends/common/ClangSession.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/MLIRContext.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/WithColor.h"

using namespace xfence;

#ifndef XFENCE_CLANG_RESOURCE_DIR
#error "XFENCE_CLANG_RESOURCE_DIR must name clang's resource directory"
#endif

std::vector<std::string>
SourceOptions::driverArgs(SourceLanguage language) const {
  std::vector<std::string> args;
  switch (language) {
  case SourceLanguage::OpenCL:
    // SPIR is the target-neutral OpenCL target: every optional OpenCL 3.0
    // feature is on, so that the parse accepts whatever the kernel uses.
    // The default header declares the built-ins (clang adds
    // -fdeclare-opencl-builtins with it).
    args = {"--target=spir64-unknown-unknown", "-x", "cl", "-Xclang",
            "-finclude-default-header"};
    args.push_back("-cl-std=" +
                   (standard.empty() ? std::string("CL1.2") : standard));
    // What an OpenCL implementation defines and clang leaves to it: the
    // device's OpenCL version, here the version of the language (a -D of
    // the user's comes later and wins).
    {
      llvm::StringRef version = standard.empty() ? llvm::StringRef("CL1.2")
                                                 : llvm::StringRef(standard);
      if (version.consume_front("CL") && version.size() == 3 &&
          version[1] == '.')
        args.push_back(std::string("-D__OPENCL_VERSION__=") + version[0] +
                       version[2] + "0");
    }
    args.insert(args.end(), buildOptions.begin(), buildOptions.end());
    break;
  case SourceLanguage::Cxx20:
    // Host C++ (alpaka's CPU back ends are what a plain C++ compiler sees).
    args = {"-x", "c++", "-std=c++20"};
    args.insert(args.end(), buildOptions.begin(), buildOptions.end());
    break;
  }
  args.push_back("-resource-dir=" XFENCE_CLANG_RESOURCE_DIR);
  for (const std::string &define : defines)
    args.push_back("-D" + define);
  for (const std::string &dir : includeDirs)
    args.push_back("-I" + dir);
  return args;
}

static std::unique_ptr<clang::DiagnosticOptions>
printerOptions(bool presumedLocations) {
  auto opts = std::make_unique<clang::DiagnosticOptions>();
  opts->ShowColors = false;
  if (presumedLocations)
    opts->ShowPresumedLoc = true;
  return opts;
}

DiagnosticPrinter::DiagnosticPrinter(llvm::raw_ostream &os,
                                     bool presumedLocations)
    : DiagnosticPrinter(os, printerOptions(presumedLocations)) {}

DiagnosticPrinter::DiagnosticPrinter(
    llvm::raw_ostream &os, std::unique_ptr<clang::DiagnosticOptions> opts)
    : TextDiagnosticPrinter(os, *opts), opts(std::move(opts)) {}

ParsedSource::ParsedSource(std::unique_ptr<clang::ASTUnit> unit,
                           std::unique_ptr<clang::DiagnosticConsumer> printer)
    : unit(std::move(unit)), printer(std::move(printer)) {
  // The parse ended the printer's source file; later diagnostics (the
  // importer's, the rewriter's) need the language options again.
  this->printer->BeginSourceFile(this->unit->getLangOpts(),
                                 &this->unit->getPreprocessor());
}

ParsedSource::~ParsedSource() {
  // The engine points at the printer, which dies first.
  printer->EndSourceFile();
  if (unit)
    unit->getDiagnostics().setClient(nullptr, /*ShouldOwnClient=*/false);
}

bool ParsedSource::isUserLocation(clang::SourceLocation loc) {
  clang::SourceManager &sm = getSourceManager();
  if (loc.isInvalid())
    return false;
  clang::SourceLocation file = sm.getFileLoc(loc);
  return !sm.isInSystemHeader(file) && !sm.isWrittenInBuiltinFile(file) &&
         !sm.isWrittenInCommandLineFile(file) &&
         sm.getFileEntryRefForID(sm.getFileID(file));
}

clang::DiagnosticBuilder
ParsedSource::report(clang::SourceLocation loc,
                     clang::DiagnosticsEngine::Level level,
                     llvm::StringRef message) {
  clang::DiagnosticsEngine &diags = getDiagnostics();
  unsigned id =
      level == clang::DiagnosticsEngine::Error
          ? diags.getCustomDiagID(clang::DiagnosticsEngine::Error, "%0")
      : level == clang::DiagnosticsEngine::Warning
          ? diags.getCustomDiagID(clang::DiagnosticsEngine::Warning, "%0")
          : diags.getCustomDiagID(clang::DiagnosticsEngine::Note, "%0");
  return std::move(diags.Report(loc, id) << message);
}

void xfence::recordSkippedText(std::vector<std::string> &args) {
  args.insert(args.end(), {"-Xclang", "-detailed-preprocessing-record"});
}

std::unique_ptr<ParsedSource> xfence::parseSource(SourceLanguage language,
                                                  llvm::StringRef path,
                                                  llvm::StringRef contents,
                                                  const SourceOptions &options,
                                                  llvm::raw_ostream &diagOS) {
  auto printer = std::make_unique<DiagnosticPrinter>(diagOS);
  std::vector<std::string> args = options.driverArgs(language);
  recordSkippedText(args);
  std::unique_ptr<clang::ASTUnit> unit =
      clang::tooling::buildASTFromCodeWithArgs(
          contents, args, path, "xfence",
          std::make_shared<clang::PCHContainerOperations>(),
          clang::tooling::getClangStripDependencyFileAdjuster(),
          clang::tooling::FileContentMappings(), printer.get());
  // Errors of the driver (an unknown -cl-std=, a bad option) go to the
  // printer but not to the unit's engine: they fail the parse all the same.
  if (!unit || printer->getNumErrors() > 0)
    return nullptr;
  return std::make_unique<ParsedSource>(std::move(unit), std::move(printer));
}

void xfence::reportFileError(llvm::raw_ostream &os, llvm::StringRef file,
                             llvm::StringRef message) {
  if (!file.empty())
    os << file << ": ";
  os << "error: " << message << "\n";
}

clang::SourceLocation xfence::toClangLocation(ParsedSource &src,
                                              mlir::Location loc) {
  mlir::FileLineColRange range;
  loc->walk([&](mlir::Location inner) {
    if (auto r = llvm::dyn_cast<mlir::FileLineColRange>(inner)) {
      range = r;
      return mlir::WalkResult::interrupt();
    }
    return mlir::WalkResult::advance();
  });
  if (!range)
    return {};
  clang::SourceManager &sm = src.getSourceManager();
  llvm::Expected<clang::FileEntryRef> file =
      sm.getFileManager().getFileRef(range.getFilename().getValue());
  if (!file) {
    llvm::consumeError(file.takeError());
    return {};
  }
  return sm.translateFileLineCol(*file, range.getStartLine(),
                                 range.getStartColumn());
}

ClangDiagnosticBridge::ClangDiagnosticBridge(ParsedSource &src,
                                             mlir::MLIRContext *ctx)
    : ctx(ctx) {
  id = ctx->getDiagEngine().registerHandler([&src](mlir::Diagnostic &diag) {
    clang::SourceLocation loc = toClangLocation(src, diag.getLocation());
    clang::DiagnosticsEngine::Level level =
        diag.getSeverity() == mlir::DiagnosticSeverity::Error
            ? clang::DiagnosticsEngine::Error
        : diag.getSeverity() == mlir::DiagnosticSeverity::Warning
            ? clang::DiagnosticsEngine::Warning
            : clang::DiagnosticsEngine::Note;
    src.report(loc, level, diag.str());
    for (mlir::Diagnostic &note : diag.getNotes())
      src.report(toClangLocation(src, note.getLocation()),
                 clang::DiagnosticsEngine::Note, note.str());
    return mlir::success();
  });
}

ClangDiagnosticBridge::~ClangDiagnosticBridge() {
  ctx->getDiagEngine().eraseHandler(id);
}
