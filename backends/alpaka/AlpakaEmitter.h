//===- AlpakaEmitter.h - alpaka text for each xfence op ---------*- C++ -*-===//
//
// The cheapest sound alpaka 3 (`alpaka::onAcc`) text for every
// synchronization op of the dialect, from docs/semantics.md §3.5. The text
// names the kernel's accelerator object `acc`, which must be in scope where
// it goes. Templates are Snippets (literal text with the op's operands
// in between), as for CUDA and HIP.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_BACKENDS_ALPAKA_ALPAKAEMITTER_H
#define XFENCE_BACKENDS_ALPAKA_ALPAKAEMITTER_H

#include "backends/cuda/CudaEmitter.h"

namespace xfence {

/// The name of the accelerator object in the emitted text.
constexpr llvm::StringLiteral kAlpakaAcc = "acc";

/// The alpaka text of `op`, naming the accelerator object `acc`; reports an
/// error at the op's location and fails if alpaka has no sound form for it.
mlir::FailureOr<Snippet> emitAlpaka(mlir::Operation *op,
                                    llvm::StringRef acc = kAlpakaAcc);

/// `--export-alpaka`: one alpaka statement per synchronization op, operands
/// named by their role, grouped by function.
mlir::LogicalResult emitAlpakaListing(mlir::Operation *module,
                                      llvm::raw_ostream &os);

/// Registers `--export-alpaka` for xfence-translate.
void registerAlpakaExport();

} // namespace xfence

#endif // XFENCE_BACKENDS_ALPAKA_ALPAKAEMITTER_H
