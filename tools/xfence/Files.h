//===- Files.h - the input and output files of every command ----*- C++ -*-===//

#ifndef XFENCE_TOOLS_XFENCE_FILES_H
#define XFENCE_TOOLS_XFENCE_FILES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/LogicalResult.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace xfence {

/// Writes `text` to `output` ('-': stdout) through a temporary file in the
/// output's directory, renamed over it only when all was written: never a
/// partial output, and a file that was there stays as it was on any error.
/// `binary` for SPIR-V. Returns the exit status; messages go to `diag`.
int writeOutput(const std::string &output, llvm::StringRef text,
                bool binary = false, llvm::raw_ostream &diag = llvm::errs());

/// Reads the input file of a command. Null, after a message located at the
/// file, for standard input ('-'), a missing, unreadable or not regular
/// file (a directory), or an `output` that is the input file itself (which
/// writing would destroy).
std::unique_ptr<llvm::MemoryBuffer>
readInput(const std::string &input, const std::string &output,
          llvm::raw_ostream &diag = llvm::errs());

} // namespace xfence

#endif // XFENCE_TOOLS_XFENCE_FILES_H
