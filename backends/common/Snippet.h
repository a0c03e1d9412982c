//===- Snippet.h - the text of one synchronization op -----------*- C++ -*-===//
//
// What every source emitter (CUDA, HIP, OpenCL C, alpaka) gives for one op
// of the dialect, and what the site rewriters write in the op's place: a
// template of literal text with the op's value operands in between, so that
// the rewriter keeps the source text of those operands (and the edits inside
// them) where they are.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_BACKENDS_COMMON_SNIPPET_H
#define XFENCE_BACKENDS_COMMON_SNIPPET_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

namespace xfence {

/// A piece of a template: literal text, or (operand >= 0) the text of the
/// op's value operand of that index; with `addressOf`, the address of that
/// operand's lvalue (the OpenCL C emitter's atomics on an object the source
/// names by value).
struct SnippetPiece {
  std::string text;
  int operand = -1;
  bool addressOf = false;
};

struct Snippet {
  llvm::SmallVector<SnippetPiece> pieces;
  /// The text uses cuda::atomic_ref or cuda::atomic_thread_fence
  /// (#include <cuda/atomic>).
  bool needsAtomicHeader = false;
  /// The text uses cooperative_groups (#include <cooperative_groups.h>).
  bool needsCooperativeGroupsHeader = false;
};

/// Renders `snippet` with `operandText(i)` for operand i (`addressOf` is
/// the caller's to honor: operandText sees only the index).
inline std::string
render(const Snippet &snippet,
       llvm::function_ref<std::string(unsigned operand)> operandText) {
  std::string text;
  for (const SnippetPiece &piece : snippet.pieces)
    text += piece.operand < 0 ? piece.text : operandText(piece.operand);
  return text;
}

} // namespace xfence

#endif // XFENCE_BACKENDS_COMMON_SNIPPET_H
