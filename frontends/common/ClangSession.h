//===- ClangSession.h - parse one source file with Clang --------*- C++ -*-===//
//
// Shared Clang plumbing of the source frontends (OpenCL now, CUDA later):
// parse a file with the clang driver's spellings (-D, -I, -std), print
// diagnostics as clang does (file:line:col, caret), keep the AST for the
// importer and for the rewriter, and report custom diagnostics at source
// locations with the same look.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_FRONTENDS_COMMON_CLANGSESSION_H
#define XFENCE_FRONTENDS_COMMON_CLANGSESSION_H

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/SourceLocation.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>
#include <vector>

namespace xfence {

/// The source language of a parse: OpenCL C, or C++20 (alpaka kernels).
enum class SourceLanguage { OpenCL, Cxx20 };

/// What the user passes on the command line, in clang's spellings.
struct SourceOptions {
  /// `-D` values: `NAME` or `NAME=VALUE`.
  std::vector<std::string> defines;
  /// `-I` directories.
  std::vector<std::string> includeDirs;
  /// The language standard (`CL1.2`, `CL2.0`, `CL3.0`); empty for the default
  /// (`CL1.2` for OpenCL, as clang). Unused for C++20.
  std::string standard;
  /// OpenCL build options other than -cl-std (`-cl-mad-enable`,
  /// `-cl-fast-relaxed-math`, ...), given to clang as they are: some define
  /// macros (`__FAST_RELAXED_MATH__`). For C++20, further clang arguments.
  std::vector<std::string> buildOptions;

  /// The clang driver arguments that reproduce these options (also what the
  /// importer records in the module so that an exporter can parse again).
  std::vector<std::string> driverArgs(SourceLanguage language) const;
};

/// A parsed translation unit and its diagnostics engine.
class ParsedSource {
public:
  ParsedSource(std::unique_ptr<clang::ASTUnit> unit,
               std::unique_ptr<clang::DiagnosticConsumer> printer);
  ~ParsedSource();

  clang::ASTUnit &getUnit() { return *unit; }
  clang::ASTContext &getContext() { return unit->getASTContext(); }
  clang::SourceManager &getSourceManager() { return unit->getSourceManager(); }
  clang::DiagnosticsEngine &getDiagnostics() { return unit->getDiagnostics(); }
  const clang::LangOptions &getLangOpts() { return unit->getLangOpts(); }

  /// True if `loc` is in a file the user wrote: not a system header (the
  /// OpenCL default header, the CUDA toolkit), not a built-in buffer.
  bool isUserLocation(clang::SourceLocation loc);

  /// Reports an error or warning at `loc`, formatted as clang formats its
  /// own (`file:line:col: error: ...` with the source line and a caret).
  clang::DiagnosticBuilder report(clang::SourceLocation loc,
                                  clang::DiagnosticsEngine::Level level,
                                  llvm::StringRef message);

  /// True once an error was reported (by clang or through `report`).
  bool hasErrors() { return getDiagnostics().hasErrorOccurred(); }

private:
  std::unique_ptr<clang::ASTUnit> unit;
  std::unique_ptr<clang::DiagnosticConsumer> printer;
};

/// Prints clang's diagnostics, and later those of `ParsedSource::report`,
/// to a stream in clang's format (no colors); owns the options it refers to
/// and the texts of the files a parse reads from memory.
class DiagnosticPrinter : public clang::TextDiagnosticPrinter {
public:
  /// `presumedLocations`: `#line` directives name the lines diagnostics
  /// point at, as clang's own driver does.
  explicit DiagnosticPrinter(llvm::raw_ostream &os,
                             bool presumedLocations = false);

  /// The files of a parse read from memory: the unit's buffers point into
  /// them, so they live as long as the parse.
  /// (clang::tooling::FileContentMappings.)
  std::vector<std::pair<std::string, std::string>> files;

private:
  explicit DiagnosticPrinter(llvm::raw_ostream &os,
                             std::unique_ptr<clang::DiagnosticOptions> opts);
  std::unique_ptr<clang::DiagnosticOptions> opts;
};

/// Adds to a parse's driver arguments the record of the text the
/// preprocessor skipped (inactive branches of conditionals, which are not
/// translated: SourceEdits warns where they spell the source's built-ins).
void recordSkippedText(std::vector<std::string> &args);

/// Parses `contents` as the file `path` in `language`. Clang's diagnostics
/// (and later those of `ParsedSource::report`) go to `diagOS` in clang's
/// format. Returns null if Clang could not build an AST at all; a parse with
/// errors still returns the unit, with `hasErrors()` set.
std::unique_ptr<ParsedSource> parseSource(SourceLanguage language,
                                          llvm::StringRef path,
                                          llvm::StringRef contents,
                                          const SourceOptions &options,
                                          llvm::raw_ostream &diagOS);

/// Prints `file: error: message` (a diagnostic without a line, clang-style:
/// for a missing file or an unwritable output).
void reportFileError(llvm::raw_ostream &os, llvm::StringRef file,
                     llvm::StringRef message);

} // namespace xfence

#include "mlir/IR/Diagnostics.h"

namespace xfence {

/// While alive, reports MLIR diagnostics located in the parsed files as
/// clang diagnostics of `src` (file:line:col, source line, caret), so that
/// errors of the passes and emitters look like the parser's.
class ClangDiagnosticBridge {
public:
  ClangDiagnosticBridge(ParsedSource &src, mlir::MLIRContext *ctx);
  ~ClangDiagnosticBridge();

private:
  mlir::MLIRContext *ctx;
  mlir::DiagnosticEngine::HandlerID id;
};

/// The clang location of an MLIR location (the first FileLineColRange in
/// it), if it names a position in a file of `src`.
clang::SourceLocation toClangLocation(ParsedSource &src, mlir::Location loc);

} // namespace xfence

#endif // XFENCE_FRONTENDS_COMMON_CLANGSESSION_H
