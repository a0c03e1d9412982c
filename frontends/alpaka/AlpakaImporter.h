//===- AlpakaImporter.h - alpaka C++ to the xfence dialect ------*- C++ -*-===//
//
// Builds, from a Clang AST of an alpaka C++ source (parsed as C++20 with
// alpaka's headers on the include path), an MLIR module in which every
// synchronization call of the user's code is an xfence op located at its
// source text. Calls are recognised by the qualified name of the function
// they name, whatever wrappers alpaka's headers put around it, in alpaka 3's
// API and in alpaka 1.x/2.x's:
//
//   alpaka 3                                   alpaka 1.x / 2.x
//   alpaka::onAcc::memFence(acc, scope, order) alpaka::mem_fence(acc, scope)
//   alpaka::onAcc::syncBlockThreads(acc)       alpaka::syncBlockThreads(acc)
//   alpaka::onAcc::atomicAdd(acc, p, v[, s])   alpaka::atomicAdd(acc, p, v[,
//   h])
//   ... Sub Min Max Exch Inc Dec And Or Xor Cas, the same in both
//
// Scopes and orders are tag objects; they are read from the type of the
// argument (onAcc::scope::Block, memory_scope::Grid, hierarchy::Threads,
// onAcc::order::Release, ...). Function templates (a kernel functor's
// `operator()(auto const& acc, ...)`) are imported as written, once.
// See docs/alpaka.md.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_FRONTENDS_ALPAKA_ALPAKAIMPORTER_H
#define XFENCE_FRONTENDS_ALPAKA_ALPAKAIMPORTER_H

#include "frontends/common/ClangSession.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <memory>

namespace xfence {

/// Parses `contents` as the alpaka C++ file `path` (C++20, `options`' -D
/// and -I); diagnostics go to `diagOS` in clang's format. Null if clang
/// could not build an AST.
std::unique_ptr<ParsedSource> parseAlpakaSource(llvm::StringRef path,
                                                llvm::StringRef contents,
                                                const SourceOptions &options,
                                                llvm::raw_ostream &diagOS);

/// Imports the user's functions of the translation unit; reports problems
/// clang-style through `src` and returns null on error.
mlir::OwningOpRef<mlir::ModuleOp> importAlpaka(ParsedSource &src,
                                               mlir::MLIRContext *ctx);

/// Registers `--import-alpaka` (with `--alpaka-include=` and
/// `--alpaka-define=`) for xfence-translate.
void registerAlpakaImport();

} // namespace xfence

#endif // XFENCE_FRONTENDS_ALPAKA_ALPAKAIMPORTER_H
