//===- XFenceToCPU.cpp - Lower xfence to LLVM for the host CPU ------------===//

#include "backends/cpu/Passes.h"
#include "backends/llvm/XFenceToLLVMCommon.h"
#include "dialect/XFenceOps.h"
#include "passes/TargetCapabilities.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Transforms/DialectConversion.h"

namespace xfence {
#define GEN_PASS_DEF_CONVERTXFENCETOCPU
#include "backends/cpu/Passes.h.inc"
} // namespace xfence

using namespace mlir;
using namespace xfence;

namespace {

/// One coherent CPU: every scope wider than a thread is the whole system
/// (LLVM's default sync scope); a thread-scope fence is a signal fence.
std::string cpuSyncScope(Scope scope) {
  return scope == Scope::thread ? "singlethread" : "";
}

/// A workgroup barrier is a barrier of the OpenMP team; omp.barrier flushes
/// all memory, which covers the barrier's memory part whatever it is.
struct BarrierToOpenMP : OpConversionPattern<BarrierOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(BarrierOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getExecScope() != Scope::workgroup || op.isPartial())
      return op.emitError("only a full workgroup barrier has a CPU form");
    rewriter.replaceOpWithNewOp<omp::BarrierOp>(op);
    return success();
  }
};

struct ConvertXFenceToCPUPass
    : xfence::impl::ConvertXFenceToCPUBase<ConvertXFenceToCPUPass> {
  void runOnOperation() override {
    Operation *root = getOperation();
    if (failed(legalizeForTarget(root, cpuCapabilities())))
      return signalPassFailure();

    MLIRContext *ctx = &getContext();
    LLVMTypeConverter converter(ctx);
    RewritePatternSet patterns(ctx);
    populateXFenceToLLVMCommonPatterns(converter, patterns, cpuSyncScope,
                                       /*withRMW=*/true);
    patterns.add<BarrierToOpenMP>(converter, ctx);

    ConversionTarget target(*ctx);
    target.addLegalDialect<LLVM::LLVMDialect, omp::OpenMPDialect>();
    target.addIllegalDialect<XFenceDialect>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    if (failed(applyPartialConversion(root, target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
