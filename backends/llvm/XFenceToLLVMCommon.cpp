//===- XFenceToLLVMCommon.cpp - xfence to the LLVM dialect, shared --------===//

#include "backends/llvm/XFenceToLLVMCommon.h"
#include "dialect/XFenceOps.h"

#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace xfence;

LLVM::AtomicOrdering xfence::toLLVMOrdering(MemoryOrder order) {
  switch (order) {
  case MemoryOrder::relaxed:
    return LLVM::AtomicOrdering::monotonic;
  case MemoryOrder::acquire:
    return LLVM::AtomicOrdering::acquire;
  case MemoryOrder::release:
    return LLVM::AtomicOrdering::release;
  case MemoryOrder::acq_rel:
    return LLVM::AtomicOrdering::acq_rel;
  case MemoryOrder::seq_cst:
    return LLVM::AtomicOrdering::seq_cst;
  }
  llvm_unreachable("unknown memory order");
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

namespace {

/// The natural alignment of an atomic access: LLVM requires atomics to be
/// aligned to their size.
unsigned alignmentOf(Type type) {
  return std::max<unsigned>(1, type.getIntOrFloatBitWidth() / 8);
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

struct LoadLowering : XFencePattern<AtomicLoadOp> {
  using XFencePattern::XFencePattern;
  LogicalResult
  matchAndRewrite(AtomicLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value addr = getAtomicAddress(rewriter, *getTypeConverter(), op.getLoc(),
                                  op.getAddr().getType(), adaptor.getAddr(),
                                  adaptor.getIndices());
    Type type = op.getResult().getType();
    rewriter.replaceOpWithNewOp<LLVM::LoadOp>(
        op, type, addr, alignmentOf(type), /*isVolatile=*/false,
        /*isNonTemporal=*/false, /*isInvariant=*/false,
        /*isInvariantGroup=*/false, toLLVMOrdering(op.getOrder()),
        syncScopes(op.getScope()));
    return success();
  }
};

struct StoreLowering : XFencePattern<AtomicStoreOp> {
  using XFencePattern::XFencePattern;
  LogicalResult
  matchAndRewrite(AtomicStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value addr = getAtomicAddress(rewriter, *getTypeConverter(), op.getLoc(),
                                  op.getAddr().getType(), adaptor.getAddr(),
                                  adaptor.getIndices());
    rewriter.replaceOpWithNewOp<LLVM::StoreOp>(
        op, adaptor.getValue(), addr, alignmentOf(op.getValue().getType()),
        /*isVolatile=*/false, /*isNonTemporal=*/false,
        /*isInvariantGroup=*/false, toLLVMOrdering(op.getOrder()),
        syncScopes(op.getScope()));
    return success();
  }
};

/// xfence.atomic_cmpxchg -> llvm.cmpxchg; a float exchange compares the
/// bits, as C++ compare_exchange does.
struct CmpXchgLowering : XFencePattern<AtomicCmpXchgOp> {
  using XFencePattern::XFencePattern;
  LogicalResult
  matchAndRewrite(AtomicCmpXchgOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value addr = getAtomicAddress(rewriter, *getTypeConverter(), loc,
                                  op.getAddr().getType(), adaptor.getAddr(),
                                  adaptor.getIndices());
    Type type = op.getDesired().getType();
    Value expected = adaptor.getExpected(), desired = adaptor.getDesired();
    Type intType = rewriter.getIntegerType(type.getIntOrFloatBitWidth());
    if (isa<FloatType>(type)) {
      expected = LLVM::BitcastOp::create(rewriter, loc, intType, expected);
      desired = LLVM::BitcastOp::create(rewriter, loc, intType, desired);
    }
    auto cmpxchg = LLVM::AtomicCmpXchgOp::create(
        rewriter, loc, addr, expected, desired,
        toLLVMOrdering(op.getSuccessOrder()),
        toLLVMOrdering(op.getFailureOrder()), syncScopes(op.getScope()),
        alignmentOf(type), op.getWeak());
    Value old = LLVM::ExtractValueOp::create(rewriter, loc, cmpxchg, 0);
    Value ok = LLVM::ExtractValueOp::create(rewriter, loc, cmpxchg, 1);
    if (isa<FloatType>(type))
      old = LLVM::BitcastOp::create(rewriter, loc, type, old);
    rewriter.replaceOp(op, {old, ok});
    return success();
  }
};

LLVM::AtomicBinOp toLLVMBinOp(AtomicRMWKind kind) {
  switch (kind) {
  case AtomicRMWKind::add:
    return LLVM::AtomicBinOp::add;
  case AtomicRMWKind::sub:
    return LLVM::AtomicBinOp::sub;
  case AtomicRMWKind::and_:
    return LLVM::AtomicBinOp::_and;
  case AtomicRMWKind::or_:
    return LLVM::AtomicBinOp::_or;
  case AtomicRMWKind::xor_:
    return LLVM::AtomicBinOp::_xor;
  case AtomicRMWKind::min:
    return LLVM::AtomicBinOp::min;
  case AtomicRMWKind::max:
    return LLVM::AtomicBinOp::max;
  case AtomicRMWKind::umin:
    return LLVM::AtomicBinOp::umin;
  case AtomicRMWKind::umax:
    return LLVM::AtomicBinOp::umax;
  case AtomicRMWKind::xchg:
    return LLVM::AtomicBinOp::xchg;
  // xfence inc/dec wrap at the operand exactly as uinc_wrap/udec_wrap do.
  case AtomicRMWKind::inc:
    return LLVM::AtomicBinOp::uinc_wrap;
  case AtomicRMWKind::dec:
    return LLVM::AtomicBinOp::udec_wrap;
  case AtomicRMWKind::fadd:
    return LLVM::AtomicBinOp::fadd;
  }
  llvm_unreachable("unknown atomic kind");
}

struct RMWLowering : XFencePattern<AtomicRMWOp> {
  using XFencePattern::XFencePattern;
  LogicalResult
  matchAndRewrite(AtomicRMWOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value addr = getAtomicAddress(rewriter, *getTypeConverter(), op.getLoc(),
                                  op.getAddr().getType(), adaptor.getAddr(),
                                  adaptor.getIndices());
    rewriter.replaceOpWithNewOp<LLVM::AtomicRMWOp>(
        op, toLLVMBinOp(op.getKind()), addr, adaptor.getValue(),
        toLLVMOrdering(op.getOrder()), syncScopes(op.getScope()),
        alignmentOf(op.getValue().getType()));
    return success();
  }
};

} // namespace

void xfence::populateXFenceToLLVMCommonPatterns(
    const LLVMTypeConverter &converter, RewritePatternSet &patterns,
    SyncScopeMap syncScopes, bool withRMW) {
  patterns.add<FenceLowering, LoadLowering, StoreLowering, CmpXchgLowering>(
      converter, syncScopes);
  if (withRMW)
    patterns.add<RMWLowering>(converter, syncScopes);
}
