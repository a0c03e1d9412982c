//===- OpenCLEmitter.h - OpenCL C text for each xfence op -------*- C++ -*-===//
//
// The cheapest sound OpenCL C for every synchronization op, from the
// "OpenCL C 1.2" and "OpenCL C 2.0+" columns of docs/semantics.md §3, for
// ops already legalized for `opencl1.2` or `opencl2`
// (passes/TargetCapabilities). The text of an op is a template: literal
// text with the op's operands in between (the rewriter keeps their source
// text in place).
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_BACKENDS_OPENCL_OPENCLEMITTER_H
#define XFENCE_BACKENDS_OPENCL_OPENCLEMITTER_H

#include "backends/common/Snippet.h"

#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"

#include <map>
#include <string>

namespace xfence {

struct OpenCLTarget {
  /// OpenCL C 2.0 or 3.0 (atomic_work_item_fence, C11 atomics, scopes);
  /// otherwise OpenCL C 1.2.
  bool cl2 = false;
  /// OpenCL C 3.0: what 2.0 has in its core is optional there (feature
  /// macros); the output checks the features it needs or falls back.
  bool cl30 = false;
  /// 2.0/3.0: the prelude's atomic helpers take no order or scope argument;
  /// there is one helper per order and scope, with them as constants. For
  /// a reader of the output that needs each atomic's order and scope where
  /// it is (the CUDA-to-alpaka path, docs/cuda-to-alpaka.md).
  bool constantHelperArguments = false;
  /// 1.2 only, a policy (--opencl12-seq-cst-fence=assume-mem-fence-is-seq-cst):
  /// mem_fence(F) and barrier(F) are taken to be seq_cst, as the 1.2 text's
  /// "committed to memory" wording reads; without it a seq_cst fence or
  /// barrier has no 1.2 form (docs/semantics.md §3.1).
  bool seqCstMemFence = false;
};

/// Helper functions that the translated file's prelude defines, by name
/// (the compare-and-swap loops that emulate CUDA's wrapping atomicInc /
/// atomicDec and float atomicAdd).
using OpenCLHelpers = std::map<std::string, std::string>;

/// Name of the attribute that marks an atomic read-modify-write emulated
/// by a compare-and-swap loop; its value is the original kind.
constexpr llvm::StringLiteral kEmulatedKind = "xfence.emulated";

/// True for the ops the emitter translates.
bool isOpenCLSyncOp(mlir::Operation *op);

/// The OpenCL C text of `op`; reports an error at the op's location and
/// fails if it has no sound form on `target`.
mlir::FailureOr<Snippet> emitOpenCL(mlir::Operation *op,
                                    const OpenCLTarget &target,
                                    OpenCLHelpers &helpers);

/// The OpenCL C type of the value of an atomic op as its source expression
/// has it (`bool` for a compare-exchange that returns whether it stored);
/// reports an error at the op and fails where there is none.
mlir::FailureOr<std::string> openCLValueType(mlir::Operation *op,
                                             const OpenCLTarget &target);

/// The text of a constant operand, or nothing.
std::optional<std::string> openCLConstantText(mlir::Value operand);

} // namespace xfence

#endif // XFENCE_BACKENDS_OPENCL_OPENCLEMITTER_H
