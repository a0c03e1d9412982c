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

#include "backends/common/Snippet.h"

#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

namespace xfence {

/// True for the ops that the CUDA emitter translates (fences, barriers,
/// atomics).
bool isSyncOp(mlir::Operation *op);

/// The CUDA text of `op`; reports an error at the op's location and fails if
/// it has no sound CUDA form.
mlir::FailureOr<Snippet> emitCuda(mlir::Operation *op);

/// The HIP text of `op` (HipEmitter.cpp: clang's AMDGPU builtins, with
/// every scope as it is); reports an error at the op's location and fails
/// if it has no sound HIP form.
mlir::FailureOr<Snippet> emitHip(mlir::Operation *op);

/// The text of a constant operand (an implied `1` of OpenCL's atomic_inc),
/// or nothing if `operand` is not a constant.
std::optional<std::string> constantText(mlir::Value operand);

/// The text that stands for operand `index` of a synchronization op in a
/// listing: its value if it is a constant, else its role (`addr`, `value`,
/// `expected`, `desired`, `mask`, `predicate`).
std::string operandRole(mlir::Operation *op, unsigned index);

/// The statements of a listing of `module`, and what they need included.
struct Listing {
  std::string statements;
  bool needsAtomicHeader = false;
  bool needsCooperativeGroupsHeader = false;
};

/// A listing of `module` (`--export-cuda`, `--export-hip`,
/// `--export-alpaka`): `emit`'s statement for every synchronization op,
/// operands named by their role, and a `// name` line before each
/// function's; fails where `emit` does.
mlir::FailureOr<Listing> listSyncOps(
    mlir::Operation *module,
    llvm::function_ref<mlir::FailureOr<Snippet>(mlir::Operation *)> emit);

/// `--export-cuda` for a module that was not imported from a source file:
/// one CUDA statement per synchronization op, operands named by their role
/// (`addr`, `value`, ...), grouped by function; with `hip`, HIP's
/// (`--export-hip`).
mlir::LogicalResult emitCudaListing(mlir::Operation *module,
                                    llvm::raw_ostream &os, bool hip = false);

} // namespace xfence

#endif // XFENCE_BACKENDS_CUDA_CUDAEMITTER_H
