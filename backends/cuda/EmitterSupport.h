//===- EmitterSupport.h - shared by the CUDA and HIP emitters ---*- C++ -*-===//
//
// What the CUDA C++ and HIP emitters (CudaEmitter.cpp, HipEmitter.cpp)
// share: building a snippet, and the C type of an atomic object.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_BACKENDS_CUDA_EMITTERSUPPORT_H
#define XFENCE_BACKENDS_CUDA_EMITTERSUPPORT_H

#include "backends/cuda/CudaEmitter.h"
#include "dialect/XFenceOps.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/TypeSwitch.h"

#include <string>

namespace xfence {
namespace emitter {

/// Builds a snippet piece by piece.
struct SnippetBuilder {
  Snippet snippet;
  SnippetBuilder &operator<<(llvm::StringRef text) {
    if (!snippet.pieces.empty() && snippet.pieces.back().operand < 0)
      snippet.pieces.back().text += text.str();
    else
      snippet.pieces.push_back({text.str(), -1});
    return *this;
  }
  SnippetBuilder &operand(unsigned index) {
    snippet.pieces.push_back({"", static_cast<int>(index)});
    return *this;
  }
};

/// The snippet of the synchronization op `op`, by `emit(concrete op,
/// builder)`: the dispatch that the CUDA and HIP emitters share.
template <typename Emit>
mlir::FailureOr<Snippet> emitSyncOp(mlir::Operation *op, Emit emit) {
  SnippetBuilder b;
  mlir::LogicalResult result =
      llvm::TypeSwitch<mlir::Operation *, mlir::LogicalResult>(op)
          .Case<FenceOp, BarrierOp, BarrierReduceOp, AtomicRMWOp,
                AtomicCmpXchgOp, AtomicLoadOp, AtomicStoreOp>(
              [&](auto op) { return emit(op, b); })
          .Default([](mlir::Operation *op) {
            return op->emitError("not a synchronization op");
          });
  if (mlir::failed(result))
    return mlir::failure();
  return std::move(b.snippet);
}

inline const char *kNothing =
    "((void)0) /* xfence: this fence orders nothing */";

/// The C type of the atomic object: the importer's `xfence.ctype`, else
/// derived from the MLIR type.
inline std::string cTypeOf(mlir::Operation *op, mlir::Type type,
                           bool isUnsigned) {
  if (auto attr = op->getAttrOfType<mlir::StringAttr>("xfence.ctype"))
    return attr.str();
  if (type.isF32())
    return "float";
  if (type.isF64())
    return "double";
  std::string prefix = isUnsigned ? "unsigned " : "";
  switch (type.getIntOrFloatBitWidth()) {
  case 8:
    return isUnsigned ? "unsigned char" : "signed char";
  case 16:
    return prefix + "short";
  case 32:
    return prefix + "int";
  default:
    return prefix + "long long";
  }
}

/// The source form of an atomic (the importer's `xfence.form`: "legacy"
/// returns the old value relaxed, "c11" an ordered C11 operation, "flag"
/// atomic_flag), else derived from whether it is relaxed.
inline llvm::StringRef formOf(mlir::Operation *op, bool relaxedOldValue) {
  if (auto attr = op->getAttrOfType<mlir::StringAttr>("xfence.form"))
    return attr.getValue();
  return relaxedOldValue ? "legacy" : "c11";
}

enum class CType { Int, UInt, Int64, UInt64, Float, Double, Other };

inline CType classify(llvm::StringRef c) {
  if (c == "int" || c == "signed int")
    return CType::Int;
  if (c == "unsigned int")
    return CType::UInt;
  if (c == "long" || c == "long long" || c == "long int" ||
      c == "long long int")
    return CType::Int64;
  if (c == "unsigned long" || c == "unsigned long long" ||
      c == "unsigned long int" || c == "unsigned long long int")
    return CType::UInt64;
  if (c == "float")
    return CType::Float;
  if (c == "double")
    return CType::Double;
  return CType::Other;
}

} // namespace emitter
} // namespace xfence

#endif // XFENCE_BACKENDS_CUDA_EMITTERSUPPORT_H
