//===- XFenceOps.cpp - xfence operations ----------------------------------===//

#include "dialect/XFenceOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace xfence;

//===----------------------------------------------------------------------===//
// Memory spaces: `[local, global]`, `[]`
//===----------------------------------------------------------------------===//

static ParseResult parseSpaces(OpAsmParser &parser, MemorySpacesAttr &attr) {
  MemorySpaces spaces = MemorySpaces::none;
  auto parseOne = [&]() -> ParseResult {
    SMLoc loc = parser.getCurrentLocation();
    StringRef name;
    if (parser.parseKeyword(&name))
      return failure();
    std::optional<MemorySpaces> space = symbolizeMemorySpaces(name);
    if (!space || *space == MemorySpaces::none)
      return parser.emitError(loc, "unknown memory space '")
             << name << "'; expected 'local', 'global' or 'image'";
    if (bitEnumContainsAny(spaces, *space))
      return parser.emitError(loc, "memory space '")
             << name << "' is listed twice";
    spaces = spaces | *space;
    return success();
  };
  if (parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Square, parseOne,
                                     "memory space list"))
    return failure();
  attr = MemorySpacesAttr::get(parser.getContext(), spaces);
  return success();
}

static void printSpaces(OpAsmPrinter &printer, Operation *,
                        MemorySpacesAttr attr) {
  MemorySpaces spaces = attr ? attr.getValue() : MemorySpaces::none;
  SmallVector<std::string, 3> names;
  for (MemorySpaces space :
       {MemorySpaces::local, MemorySpaces::global, MemorySpaces::image})
    if (bitEnumContainsAll(spaces, space))
      names.push_back(stringifyMemorySpaces(space));
  printer << '[' << llvm::join(names, ", ") << ']';
}

//===----------------------------------------------------------------------===//
// Enum attributes as bare keywords: `device`, `acq_rel`, `add`
//===----------------------------------------------------------------------===//

template <typename AttrT>
static ParseResult parseKeyword(OpAsmParser &parser, AttrT &attr) {
  using EnumT = decltype(std::declval<AttrT>().getValue());
  SMLoc loc = parser.getCurrentLocation();
  StringRef name;
  if (parser.parseKeyword(&name))
    return failure();
  std::optional<EnumT> value = symbolizeEnum<EnumT>(name);
  if (!value)
    return parser.emitError(loc, "unknown ")
           << AttrT::getMnemonic() << " '" << name << "'";
  attr = AttrT::get(parser.getContext(), *value);
  return success();
}

template <typename AttrT>
static void printKeyword(OpAsmPrinter &printer, Operation *, AttrT attr) {
  printer << stringifyEnum(attr.getValue());
}

//===----------------------------------------------------------------------===//
// FenceOp
//===----------------------------------------------------------------------===//

LogicalResult FenceOp::canonicalize(FenceOp op, PatternRewriter &rewriter) {
  // A relaxed fence, or one that orders no memory space, orders nothing
  // (C++ [atomics.fences]; OpenCL 2.0 §3.3.6): erase it.
  if (op.getOrder() == MemoryOrder::relaxed ||
      op.getSpaces() == MemorySpaces::none) {
    rewriter.eraseOp(op);
    return success();
  }
  if (op.getScope() != Scope::thread)
    return failure();
  // A thread-scope fence orders no other thread, and a work-item's own
  // accesses to local and global memory are already ordered by program
  // order; its own image accesses are not: a write to a read_write image is
  // seen by the work-item's later reads only after a work-item image fence
  // (docs/semantics.md §2). The image part is a fence of its own (OpenCL C
  // 2.0 §6.13.11: the image flag or'ed with others is the same as separate
  // fences), so it alone stays.
  if (!bitEnumContainsAll(op.getSpaces(), MemorySpaces::image)) {
    rewriter.eraseOp(op);
    return success();
  }
  if (op.getSpaces() == MemorySpaces::image)
    return failure();
  rewriter.modifyOpInPlace(op, [&] { op.setSpaces(MemorySpaces::image); });
  return success();
}

//===----------------------------------------------------------------------===//
// Barriers
//===----------------------------------------------------------------------===//

static LogicalResult verifyBarrier(Operation *op, Scope execScope,
                                   std::optional<Scope> memoryScope,
                                   std::optional<MemoryOrder> order,
                                   MemorySpaces spaces) {
  if (execScope == Scope::thread)
    return op->emitOpError("execution scope 'thread' waits for no other "
                           "thread; expected 'subgroup' or wider");
  if (!memoryScope) {
    if (order || spaces != MemorySpaces::none)
      return op->emitOpError("has a memory order or memory spaces but no "
                             "memory scope");
    return success();
  }
  if (!order)
    return op->emitOpError("has a memory scope but no memory order");
  if (spaces == MemorySpaces::none)
    return op->emitOpError("orders no memory space; write an execution-only "
                           "barrier without a 'memory' part");
  if (*order == MemoryOrder::relaxed)
    return op->emitOpError("memory order 'relaxed' orders nothing; write an "
                           "execution-only barrier without a 'memory' part");
  if (!isAtLeast(*memoryScope, execScope) &&
      !(*memoryScope == Scope::thread && spaces == MemorySpaces::image))
    return op->emitOpError("memory scope '")
           << stringifyScope(*memoryScope)
           << "' is narrower than execution scope '"
           << stringifyScope(execScope)
           << "'; only an [image] barrier may use memory scope 'thread'";
  return success();
}

LogicalResult BarrierOp::verify() {
  if (getMask() && getExecScope() != Scope::subgroup)
    return emitOpError("a lane mask needs execution scope 'subgroup', not '")
           << stringifyScope(getExecScope()) << "'";
  return verifyBarrier(*this, getExecScope(), getMemoryScope(), getOrder(),
                       getSpaces());
}

LogicalResult BarrierReduceOp::verify() {
  return verifyBarrier(*this, getExecScope(), getMemoryScope(), getOrder(),
                       getSpaces());
}

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

/// Checks the address (a pointer, or a memref with one index per dimension
/// and the value's element type).
static LogicalResult verifyAddress(Operation *op, Type addrType,
                                   ValueRange indices, Type valueType) {
  if (auto memref = dyn_cast<MemRefType>(addrType)) {
    if (static_cast<int64_t>(indices.size()) != memref.getRank())
      return op->emitOpError("expects ")
             << memref.getRank() << " indices for " << memref << ", got "
             << indices.size();
    if (memref.getElementType() != valueType)
      return op->emitOpError("value type ")
             << valueType << " does not match the element type of " << memref;
    return success();
  }
  if (!indices.empty())
    return op->emitOpError("a pointer address takes no indices");
  return success();
}

LogicalResult AtomicRMWOp::verify() {
  Type type = getValue().getType();
  switch (getKind()) {
  case AtomicRMWKind::fadd:
    if (!isa<FloatType>(type))
      return emitOpError("'fadd' needs a floating-point value, got ") << type;
    break;
  case AtomicRMWKind::xchg:
    break;
  default:
    if (!type.isSignlessInteger())
      return emitOpError("'")
             << stringifyAtomicRMWKind(getKind())
             << "' needs an integer value, got " << type;
  }
  return verifyAddress(*this, getAddr().getType(), getIndices(), type);
}

LogicalResult AtomicCmpXchgOp::verify() {
  MemoryOrder success = getSuccessOrder(), failure = getFailureOrder();
  if (failure == MemoryOrder::release || failure == MemoryOrder::acq_rel)
    return emitOpError("failure order '")
           << stringifyMemoryOrder(failure)
           << "' is not allowed: a failed exchange only loads";
  if (!isAtLeast(success, failure))
    return emitOpError("failure order '")
           << stringifyMemoryOrder(failure)
           << "' is stronger than success order '"
           << stringifyMemoryOrder(success) << "'";
  return verifyAddress(*this, getAddr().getType(), getIndices(),
                       getDesired().getType());
}

/// An atomic load or store (`what`) of `valueType`: `wrongHalf` (a load's
/// release, a store's acquire) is allowed only as part of seq_cst.
template <typename OpTy>
static LogicalResult verifyLoadOrStore(OpTy op, bool wrongHalf,
                                       llvm::StringRef what, Type valueType) {
  if (wrongHalf && op.getOrder() != MemoryOrder::seq_cst)
    return op.emitOpError("an atomic ")
           << what << " cannot have order '"
           << stringifyMemoryOrder(op.getOrder()) << "'";
  return verifyAddress(op, op.getAddr().getType(), op.getIndices(), valueType);
}

LogicalResult AtomicLoadOp::verify() {
  return verifyLoadOrStore(*this, hasRelease(getOrder()), "load",
                           getResult().getType());
}

LogicalResult AtomicStoreOp::verify() {
  return verifyLoadOrStore(*this, hasAcquire(getOrder()), "store",
                           getValue().getType());
}

//===----------------------------------------------------------------------===//
// AccessOp
//===----------------------------------------------------------------------===//

LogicalResult AccessOp::verify() {
  if (!getRead() && !getWrite())
    return emitOpError("must read, write or both");
  if (getSpaces() == MemorySpaces::none)
    return emitOpError("must name the memory spaces it accesses");
  return success();
}

void AccessOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  if (getRead())
    effects.emplace_back(MemoryEffects::Read::get());
  if (getWrite())
    effects.emplace_back(MemoryEffects::Write::get());
  effects.emplace_back(MemoryEffects::Write::get(),
                       SourceProgramResource::get());
}

#define GET_OP_CLASSES
#include "dialect/XFenceOps.cpp.inc"
