//===- CudaEmitter.h - CUDA C++ text for each xfence op ---------*- C++ -*-===//
//
// The cheapest sound CUDA C++ for every synchronization op of the dialect,
// from the "CUDA C++ source" column of docs/semantics.md §3. The text of
// an op is a template: literal text with the op's value operands in between
// (the rewriter keeps the source text of those operands, so that edits
// inside them still apply).
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_BACKENDS_CUDA_CUDAEMITTER_H
#define XFENCE_BACKENDS_CUDA_CUDAEMITTER_H

#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

namespace xfence {

/// A piece of a CUDA template: literal text, or (operand >= 0) the text of
/// the op's value operand of that index.
struct CudaPiece {
  std::string text;
  int operand = -1;
};

struct CudaSnippet {
  llvm::SmallVector<CudaPiece> pieces;
  /// The text uses cuda::atomic_ref or cuda::atomic_thread_fence
  /// (#include <cuda/atomic>).
  bool needsAtomicHeader = false;
  /// The text uses cooperative_groups (#include <cooperative_groups.h>).
  bool needsCooperativeGroupsHeader = false;
};

/// True for the ops that the CUDA emitter translates (fences, barriers,
/// atomics).
bool isSyncOp(mlir::Operation *op);

/// The CUDA text of `op`; reports an error at the op's location and fails if
/// it has no sound CUDA form.
mlir::FailureOr<CudaSnippet> emitCuda(mlir::Operation *op);

/// The HIP text of `op` (HipEmitter.cpp: clang's AMDGPU builtins, with
/// every scope as it is); reports an error at the op's location and fails
/// if it has no sound HIP form.
mlir::FailureOr<CudaSnippet> emitHip(mlir::Operation *op);

/// The text of a constant operand (an implied `1` of OpenCL's atomic_inc),
/// or nothing if `operand` is not a constant.
std::optional<std::string> constantText(mlir::Value operand);

/// Renders `snippet` with `operandText(i)` for operand i.
std::string
render(const CudaSnippet &snippet,
       llvm::function_ref<std::string(unsigned operand)> operandText);

/// The text that stands for operand `index` of a synchronization op in a
/// listing: its value if it is a constant, else its role (`addr`, `value`,
/// `expected`, `desired`, `mask`, `predicate`).
std::string operandRole(mlir::Operation *op, unsigned index);

/// `--export-cuda` for a module that was not imported from a source file:
/// one CUDA statement per synchronization op, operands named by their role
/// (`addr`, `value`, ...), grouped by function; with `hip`, HIP's
/// (`--export-hip`).
mlir::LogicalResult emitCudaListing(mlir::Operation *module,
                                    llvm::raw_ostream &os, bool hip = false);

} // namespace xfence

#endif // XFENCE_BACKENDS_CUDA_CUDAEMITTER_H
