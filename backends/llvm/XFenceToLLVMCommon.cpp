//===- XFenceToLLVMCommon.cpp - xfence to the LLVM dialect, shared --------===//

#include "backends/llvm/XFenceToLLVMCommon.h"
#include "backends/llvm/XFenceLowering.h"
#include "dialect/XFenceOps.h"

#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace xfence;

namespace {

/// The LLVM atomic ordering of each memory order.
constexpr std::pair<MemoryOrder, LLVM::AtomicOrdering> kOrderings[] = {
    {MemoryOrder::relaxed, LLVM::AtomicOrdering::monotonic},
    {MemoryOrder::acquire, LLVM::AtomicOrdering::acquire},
    {MemoryOrder::release, LLVM::AtomicOrdering::release},
    {MemoryOrder::acq_rel, LLVM::AtomicOrdering::acq_rel},
    {MemoryOrder::seq_cst, LLVM::AtomicOrdering::seq_cst},
};

/// The LLVM atomicrmw operation of each xfence kind.
constexpr std::pair<AtomicRMWKind, LLVM::AtomicBinOp> kBinOps[] = {
    {AtomicRMWKind::add, LLVM::AtomicBinOp::add},
    {AtomicRMWKind::sub, LLVM::AtomicBinOp::sub},
    {AtomicRMWKind::and_, LLVM::AtomicBinOp::_and},
    {AtomicRMWKind::or_, LLVM::AtomicBinOp::_or},
    {AtomicRMWKind::xor_, LLVM::AtomicBinOp::_xor},
    {AtomicRMWKind::min, LLVM::AtomicBinOp::min},
    {AtomicRMWKind::max, LLVM::AtomicBinOp::max},
    {AtomicRMWKind::umin, LLVM::AtomicBinOp::umin},
    {AtomicRMWKind::umax, LLVM::AtomicBinOp::umax},
    {AtomicRMWKind::xchg, LLVM::AtomicBinOp::xchg},
    // xfence inc/dec wrap at the operand exactly as uinc_wrap/udec_wrap do.
    {AtomicRMWKind::inc, LLVM::AtomicBinOp::uinc_wrap},
    {AtomicRMWKind::dec, LLVM::AtomicBinOp::udec_wrap},
    {AtomicRMWKind::fadd, LLVM::AtomicBinOp::fadd},
};

} // namespace

LLVM::AtomicOrdering xfence::toLLVMOrdering(MemoryOrder order) {
  return lookup(kOrderings, order);
}

std::optional<MemoryOrder>
xfence::fromLLVMOrdering(LLVM::AtomicOrdering ordering) {
  return reverseLookup(kOrderings, ordering);
}

std::optional<AtomicRMWKind> xfence::fromLLVMBinOp(LLVM::AtomicBinOp binOp) {
  return reverseLookup(kBinOps, binOp);
}

Value xfence::getAtomicAddress(ConversionPatternRewriter &rewriter,
                               const LLVMTypeConverter &converter, Location loc,
                               Type addrType, Value convertedAddr,
                               ValueRange indices) {
  if (auto memref = dyn_cast<MemRefType>(addrType))
    return LLVM::getStridedElementPtr(rewriter, loc, converter, memref,
                                      convertedAddr, indices);
  return convertedAddr;
}

Value xfence::constantI32(OpBuilder &builder, Location loc, int64_t value) {
  return LLVM::ConstantOp::create(builder, loc, builder.getI32Type(),
                                  builder.getI32IntegerAttr(value));
}

Value xfence::bitsOf(ConversionPatternRewriter &rewriter, Location loc,
                     Value value) {
  Type type = value.getType();
  if (!isa<FloatType>(type))
    return value;
  return LLVM::BitcastOp::create(
      rewriter, loc, rewriter.getIntegerType(type.getIntOrFloatBitWidth()),
      value);
}

void xfence::replaceCmpXchg(ConversionPatternRewriter &rewriter,
                            AtomicCmpXchgOp op, Value oldBits, Value ok) {
  Type type = op.getDesired().getType();
  if (isa<FloatType>(type))
    oldBits = LLVM::BitcastOp::create(rewriter, op.getLoc(), type, oldBits);
  rewriter.replaceOp(op, {oldBits, ok});
}

namespace {

/// The natural alignment of an atomic access: LLVM requires atomics to be
/// aligned to their size.
unsigned alignmentOf(Type type) {
  return std::max<unsigned>(1, type.getIntOrFloatBitWidth() / 8);
}

/// Replaces the atomic op `op` at `addr` with its LLVM instruction in
/// `syncScope`.
void lowerAtomic(ConversionPatternRewriter &rewriter, AtomicLoadOp op,
                 AtomicLoadOp::Adaptor, Value addr, StringRef syncScope) {
  Type type = op.getResult().getType();
  rewriter.replaceOpWithNewOp<LLVM::LoadOp>(
      op, type, addr, alignmentOf(type), /*isVolatile=*/false,
      /*isNonTemporal=*/false, /*isInvariant=*/false,
      /*isInvariantGroup=*/false, toLLVMOrdering(op.getOrder()), syncScope);
}

void lowerAtomic(ConversionPatternRewriter &rewriter, AtomicStoreOp op,
                 AtomicStoreOp::Adaptor adaptor, Value addr,
                 StringRef syncScope) {
  rewriter.replaceOpWithNewOp<LLVM::StoreOp>(
      op, adaptor.getValue(), addr, alignmentOf(op.getValue().getType()),
      /*isVolatile=*/false, /*isNonTemporal=*/false,
      /*isInvariantGroup=*/false, toLLVMOrdering(op.getOrder()), syncScope);
}

/// xfence.atomic_cmpxchg -> llvm.cmpxchg of the bits (bitsOf).
void lowerAtomic(ConversionPatternRewriter &rewriter, AtomicCmpXchgOp op,
                 AtomicCmpXchgOp::Adaptor adaptor, Value addr,
                 StringRef syncScope) {
  Location loc = op.getLoc();
  Value expected = bitsOf(rewriter, loc, adaptor.getExpected());
  Value desired = bitsOf(rewriter, loc, adaptor.getDesired());
  auto cmpxchg = LLVM::AtomicCmpXchgOp::create(
      rewriter, loc, addr, expected, desired,
      toLLVMOrdering(op.getSuccessOrder()),
      toLLVMOrdering(op.getFailureOrder()), syncScope,
      alignmentOf(op.getDesired().getType()), op.getWeak());
  Value old = LLVM::ExtractValueOp::create(rewriter, loc, cmpxchg, 0);
  Value ok = LLVM::ExtractValueOp::create(rewriter, loc, cmpxchg, 1);
  replaceCmpXchg(rewriter, op, old, ok);
}

void lowerAtomic(ConversionPatternRewriter &rewriter, AtomicRMWOp op,
                 AtomicRMWOp::Adaptor adaptor, Value addr,
                 StringRef syncScope) {
  rewriter.replaceOpWithNewOp<LLVM::AtomicRMWOp>(
      op, lookup(kBinOps, op.getKind()), addr, adaptor.getValue(),
      toLLVMOrdering(op.getOrder()), syncScope,
      alignmentOf(op.getValue().getType()));
}

template <typename OpT> struct XFencePattern : ConvertOpToLLVMPattern<OpT> {
  XFencePattern(const LLVMTypeConverter &converter, SyncScopeMap syncScopes)
      : ConvertOpToLLVMPattern<OpT>(converter),
        syncScopes(std::move(syncScopes)) {}
  SyncScopeMap syncScopes;
};

/// xfence.fence -> llvm.fence syncscope(S) O. Legalization has already made
/// the order and scope ones the target has.
struct FenceLowering : XFencePattern<FenceOp> {
  using XFencePattern::XFencePattern;
  LogicalResult
  matchAndRewrite(FenceOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    LLVM::FenceOp::create(rewriter, op.getLoc(), toLLVMOrdering(op.getOrder()),
                          syncScopes(op.getScope()));
    rewriter.eraseOp(op);
    return success();
  }
};

/// An xfence atomic -> its LLVM instruction (lowerAtomic), in the sync
/// scope that the target's map gives the op's scope.
template <typename OpT> struct AtomicLowering : XFencePattern<OpT> {
  using XFencePattern<OpT>::XFencePattern;
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value addr =
        getAtomicAddress(rewriter, *this->getTypeConverter(), op, adaptor);
    lowerAtomic(rewriter, op, adaptor, addr, this->syncScopes(op.getScope()));
    return success();
  }
};

} // namespace

void xfence::populateXFenceToLLVMCommonPatterns(
    const LLVMTypeConverter &converter, RewritePatternSet &patterns,
    SyncScopeMap syncScopes, bool withRMW) {
  patterns.add<FenceLowering, AtomicLowering<AtomicLoadOp>,
               AtomicLowering<AtomicStoreOp>, AtomicLowering<AtomicCmpXchgOp>>(
      converter, syncScopes);
  if (withRMW)
    patterns.add<AtomicLowering<AtomicRMWOp>>(converter, syncScopes);
}
