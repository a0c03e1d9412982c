//===- OutputCheck.h - Translations compiled by the target ------*- C++ -*-===//
//
// `xfence translate --verify-output` (and XFENCE_VERIFY_OUTPUT=1): before a
// translation is written, the target language's own compiler reads it (nvcc
// for CUDA, clang's HIP and OpenCL C modes, g++ against alpaka's headers);
// a translation it refuses is an internal error of xfence, shown with the
// compiler's messages, and no file is written. Each target says which
// compiler and arguments check it (rewriters/targets/<t>); this is the run.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_COMMON_OUTPUTCHECK_H
#define XFENCE_REWRITERS_COMMON_OUTPUTCHECK_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/LogicalResult.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace xfence {

/// The compiler that checks a target's text.
struct OutputCompiler {
  /// Its name in messages ("nvcc", "clang -x cl").
  std::string name;
  /// The program and the arguments before the file's -D, -I and path.
  std::string program;
  std::vector<std::string> args;
  /// The extension the file must have for it (".cu").
  std::string extension;
  /// Text the compiler reads before the file (as `-include`): declarations
  /// that the checking toolchain's own headers need and its compiler no
  /// longer provides. Never anything the translation itself relies on.
  std::string toolchainShim = {};
};

/// The program `name` from the environment variable `variable`, else the
/// first of `candidates` (absolute paths, or names looked up in PATH) that
/// exists; none if none does.
std::optional<std::string>
findProgram(llvm::StringRef variable,
            llvm::ArrayRef<llvm::StringRef> candidates);

/// The clang of the LLVM that xfence was built with (XFENCE_CLANG, else
/// that LLVM's bin/clang, else `clang` in PATH).
std::optional<std::string> findClang();

/// Compiles `text` with `compiler` (in a temporary file; `defines` and
/// `includeDirs` as -D and -I). Success, or failure after an error that
/// names `shownAs` (the output path) followed by the compiler's messages,
/// in which the temporary file is called `shownAs`.
llvm::LogicalResult checkOutput(const OutputCompiler &compiler,
                                llvm::StringRef text, llvm::StringRef shownAs,
                                llvm::ArrayRef<std::string> defines,
                                llvm::ArrayRef<std::string> includeDirs,
                                llvm::raw_ostream &diag);

} // namespace xfence

#endif // XFENCE_REWRITERS_COMMON_OUTPUTCHECK_H
