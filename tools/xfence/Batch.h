//===- Batch.h - `xfence translate DIR -o OUTDIR` ---------------*- C++ -*-===//
//
// Translates every source file of a directory tree in one process, several
// at a time.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_TOOLS_XFENCE_BATCH_H
#define XFENCE_TOOLS_XFENCE_BATCH_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace xfence {

/// Translates one file: input, output, where its messages go; returns its
/// exit status.
using TranslateOne = llvm::function_ref<int(
    const std::string &, const std::string &, llvm::raw_ostream &)>;

/// Translates each file with an extension of `inExts` under `dir` (recursively,
/// in name order) into the same relative path under `outDir` with extension
/// `outExt`, `jobs` files at a time (0: one per core), each on a thread
/// with a stack of `stackSize` bytes. Each file's messages are printed
/// together, in the files' order; a file that fails leaves no output, the
/// others are written. Returns 1 if any file failed (or none was found),
/// else 0.
int translateDirectory(const std::string &dir, const std::string &outDir,
                       llvm::ArrayRef<llvm::StringRef> inExts,
                       llvm::StringRef outExt, unsigned jobs,
                       unsigned stackSize, TranslateOne one);

} // namespace xfence

#endif // XFENCE_TOOLS_XFENCE_BATCH_H
