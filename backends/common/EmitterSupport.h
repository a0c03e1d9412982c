//===- EmitterSupport.h - shared by the source emitters ---------*- C++ -*-===//
//
// What the source emitters (CUDA C++ and HIP in backends/cuda, alpaka,
// OpenCL C) share: building a snippet, the dispatch over the
// synchronization ops, the shapes of a fence and of a barrier with fences
// around it, the names of the read-modify-write kinds in the families of
// atomic functions that the languages have, and the C type of an atomic
// object. Each emitter keeps only its own spellings, as tables.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_BACKENDS_COMMON_EMITTERSUPPORT_H
#define XFENCE_BACKENDS_COMMON_EMITTERSUPPORT_H

#include "backends/common/Snippet.h"
#include "dialect/XFenceOps.h"
#include "passes/TargetCapabilities.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/TypeSwitch.h"

#include <optional>
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
      snippet.pieces.push_back({text.str(), -1, false});
    return *this;
  }
  SnippetBuilder &operand(unsigned index, bool addressOf = false) {
    snippet.pieces.push_back({"", static_cast<int>(index), addressOf});
    return *this;
  }
};

/// The snippet of the synchronization op `op`, by `emit(concrete op,
/// builder)`: the dispatch that the source emitters share.
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

/// The row of the capability table (passes/TargetCapabilities.cpp) that
/// `row()` builds, built once.
template <TargetCapabilities (*row)()>
const TargetCapabilities &capabilities() {
  static const TargetCapabilities caps = row();
  return caps;
}

/// A name of `Enum`'s value in a table of a target's spellings.
template <typename Enum> struct Spelling {
  Enum value;
  const char *text;
};

/// The spelling of `value` in `table`, or null where the target has none.
template <typename Enum, size_t N>
const char *lookup(const Spelling<Enum> (&table)[N], Enum value) {
  for (const Spelling<Enum> &spelling : table)
    if (spelling.value == value)
      return spelling.text;
  return nullptr;
}

/// The spelling of `value`, which `table` has (a scope widened to one that
/// the target names).
template <typename Enum, size_t N>
const char *spell(const Spelling<Enum> (&table)[N], Enum value) {
  if (const char *text = lookup(table, value))
    return text;
  llvm_unreachable("a value the target does not name; widen it first");
}

//===----------------------------------------------------------------------===//
// Fences and barriers
//===----------------------------------------------------------------------===//

inline const char *kNothing =
    "((void)0) /* xfence: this fence orders nothing */";

/// A fence of `order` over `spaces` orders nothing (relaxed, or no memory
/// space): every emitter writes kNothing for it.
inline bool ordersNothing(MemoryOrder order, MemorySpaces spaces) {
  return order == MemoryOrder::relaxed || spaces == MemorySpaces::none;
}

/// The fences before and after an operation whose order a target writes as
/// fences around the operation's unordered form.
struct FencesAround {
  std::optional<MemoryOrder> before, after;
};

/// seq_cst fences around a seq_cst operation; a release fence before a
/// release or acq_rel one, an acquire fence after an acquire or acq_rel one.
inline FencesAround fencesAround(MemoryOrder order) {
  switch (order) {
  case MemoryOrder::relaxed:
    return {};
  case MemoryOrder::acquire:
    return {std::nullopt, MemoryOrder::acquire};
  case MemoryOrder::release:
    return {MemoryOrder::release, std::nullopt};
  case MemoryOrder::acq_rel:
    return {MemoryOrder::release, MemoryOrder::acquire};
  case MemoryOrder::seq_cst:
    return {MemoryOrder::seq_cst, MemoryOrder::seq_cst};
  }
  llvm_unreachable("unknown order");
}

/// A barrier whose memory part the target's barrier does not give by
/// itself: a release fence on entry and an acquire fence on exit (OpenCL
/// 2.0 §3.3.5), seq_cst fences for a seq_cst barrier, as
/// `(fence, barrier, fence)`; `fence(order)` is the target's text of a
/// fence of that order at the barrier's memory scope, `barrier()` writes
/// the barrier.
inline void fencedBarrier(SnippetBuilder &b, bool seqCst,
                          llvm::function_ref<std::string(MemoryOrder)> fence,
                          llvm::function_ref<void()> barrier) {
  FencesAround fences =
      fencesAround(seqCst ? MemoryOrder::seq_cst : MemoryOrder::acq_rel);
  b << "(" << fence(*fences.before) << ", ";
  barrier();
  b << ", " << fence(*fences.after) << ")";
}

/// A barrier op on a target whose barrier `barrier` orders no memory
/// between threads, and which has a form `localBarrier` that orders local
/// memory at workgroup scope (HIP, alpaka): `barrier` where the op orders no
/// memory, `localBarrier` where it orders local memory only, at workgroup
/// scope, and is not seq_cst; otherwise fencedBarrier at the memory scope
/// (at least the execution scope) as `fenceScope` widens it (failing,
/// with its error, where it cannot). `fence(scope, order)` is the target's
/// fence.
inline mlir::LogicalResult
emitFencedBarrier(BarrierOp op, SnippetBuilder &b, llvm::StringRef barrier,
                  llvm::StringRef localBarrier,
                  llvm::function_ref<mlir::FailureOr<Scope>(Scope)> fenceScope,
                  llvm::function_ref<std::string(Scope, MemoryOrder)> fence) {
  std::optional<Scope> memoryScope = op.getMemoryScope();
  if (!memoryScope || op.getSpaces() == MemorySpaces::none) {
    b << barrier;
    return mlir::success();
  }
  bool seqCst = op.getOrder() && *op.getOrder() == MemoryOrder::seq_cst;
  mlir::FailureOr<Scope> scope =
      fenceScope(join(*memoryScope, op.getExecScope()));
  if (mlir::failed(scope))
    return mlir::failure();
  if (op.getExecScope() == Scope::workgroup && *scope == Scope::workgroup &&
      !seqCst && op.getSpaces() == MemorySpaces::local) {
    b << localBarrier;
    return mlir::success();
  }
  fencedBarrier(
      b, seqCst, [&](MemoryOrder order) { return fence(*scope, order); },
      [&] { b << barrier; });
  return mlir::success();
}

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

/// Refuses an atomic on a memref (with indices): the emitters write atomics
/// on a pointer. `form` names the target's form in the message ("CUDA C++
/// source").
template <typename AtomicOp>
mlir::LogicalResult onPointer(AtomicOp op, llvm::StringRef form) {
  if (!op.getIndices().empty())
    return op.emitError("an atomic on a memref has no ") << form << " form";
  return mlir::success();
}

/// The names of a read-modify-write kind in the families of atomic
/// functions that the source languages have.
struct RMWNames {
  AtomicRMWKind kind;
  /// C11's name of the operation (`fetch_add`, ..., `exchange`): the member
  /// of cuda::atomic_ref, HIP's __hip_atomic_<name>, OpenCL C 2.0's
  /// atomic_<name>_explicit; null for the wrapping inc and dec.
  const char *c11;
  /// CUDA's atomic function (`atomicAdd`, ...; alpaka's onAcc functions
  /// have the same names).
  const char *cuda;
  /// OpenCL C 1.2's built-in (`atomic_add`, ...), or null.
  const char *openCL12;
  /// The operation reads the object as unsigned (umin, umax and the
  /// wrapping inc and dec) or as signed (min, max).
  bool isUnsigned, isSigned;
};

inline constexpr RMWNames kRMWNames[] = {
    {AtomicRMWKind::add, "fetch_add", "atomicAdd", "atomic_add", false, false},
    {AtomicRMWKind::fadd, "fetch_add", "atomicAdd", nullptr, false, false},
    {AtomicRMWKind::sub, "fetch_sub", "atomicSub", "atomic_sub", false, false},
    {AtomicRMWKind::and_, "fetch_and", "atomicAnd", "atomic_and", false, false},
    {AtomicRMWKind::or_, "fetch_or", "atomicOr", "atomic_or", false, false},
    {AtomicRMWKind::xor_, "fetch_xor", "atomicXor", "atomic_xor", false, false},
    {AtomicRMWKind::min, "fetch_min", "atomicMin", "atomic_min", false, true},
    {AtomicRMWKind::max, "fetch_max", "atomicMax", "atomic_max", false, true},
    {AtomicRMWKind::umin, "fetch_min", "atomicMin", "atomic_min", true, false},
    {AtomicRMWKind::umax, "fetch_max", "atomicMax", "atomic_max", true, false},
    {AtomicRMWKind::xchg, "exchange", "atomicExch", "atomic_xchg", false,
     false},
    {AtomicRMWKind::inc, nullptr, "atomicInc", nullptr, true, false},
    {AtomicRMWKind::dec, nullptr, "atomicDec", nullptr, true, false}};

inline const RMWNames &rmwNames(AtomicRMWKind kind) {
  for (const RMWNames &names : kRMWNames)
    if (names.kind == kind)
      return names;
  llvm_unreachable("unknown atomic kind");
}

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

/// The type that an atomic function takes for an object of type `c` and an
/// operation that reads it as unsigned or as signed (RMWNames): a 32- or
/// 64-bit integer of the operation's signedness, else of the object's;
/// float or double; null for any other type. With `unsigned64`, 64-bit
/// integers are unsigned long long unless the operation is signed.
inline const char *atomicType(CType c, bool isUnsigned, bool isSigned,
                              bool unsigned64 = false) {
  switch (c) {
  case CType::Int:
  case CType::UInt:
    return isUnsigned || (c == CType::UInt && !isSigned) ? "unsigned int"
                                                         : "int";
  case CType::Int64:
  case CType::UInt64:
    return isUnsigned || ((c == CType::UInt64 || unsigned64) && !isSigned)
               ? "unsigned long long"
               : "long long";
  case CType::Float:
    return "float";
  case CType::Double:
    return "double";
  case CType::Other:
    break;
  }
  return nullptr;
}

} // namespace emitter
} // namespace xfence

#endif // XFENCE_BACKENDS_COMMON_EMITTERSUPPORT_H
