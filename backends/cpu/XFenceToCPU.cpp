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

/// The name of the fiber runtime's barrier (backends/cpu/runtime/Runtime.c).
constexpr llvm::StringLiteral kRuntimeBarrier = "__xfence_cpu_barrier";

/// A call of the fiber runtime's barrier, after an acq_rel fence when the
/// barrier orders memory. The runtime's barrier holds no fence of its own,
/// so a seq_cst memory part is a seq_cst fence before and after the call (a
/// seq_cst barrier is a seq_cst fence on entry and on exit,
/// docs/semantics.md §3.2): an acq_rel fence does not keep a store before
/// the barrier from passing a load after it (x86-TSO's store buffer).
void callRuntimeBarrier(ConversionPatternRewriter &rewriter, BarrierOp op) {
  bool ordersMemory = op.getSpaces() != MemorySpaces::none;
  bool seqCst = ordersMemory && op.getOrder() == MemoryOrder::seq_cst;
  Location loc = op.getLoc();
  if (ordersMemory)
    LLVM::FenceOp::create(rewriter, loc,
                          seqCst ? LLVM::AtomicOrdering::seq_cst
                                 : LLVM::AtomicOrdering::acq_rel,
                          StringRef());
  LLVM::CallOp::create(rewriter, loc, TypeRange(), kRuntimeBarrier,
                       ValueRange());
  if (seqCst)
    LLVM::FenceOp::create(rewriter, loc, LLVM::AtomicOrdering::seq_cst,
                          StringRef());
}

/// A workgroup barrier is a barrier of the OpenMP team (omp.barrier flushes
/// all memory, which covers the barrier's memory part whatever it is) or,
/// with `runtime`, a call of the fiber runtime's barrier. Only a full
/// workgroup barrier has a CPU form (legalization for the CPU leaves no
/// other; this names the op if one arrives).
struct BarrierToCPU : OpConversionPattern<BarrierOp> {
  BarrierToCPU(const TypeConverter &converter, MLIRContext *ctx, bool runtime)
      : OpConversionPattern(converter, ctx), runtime(runtime) {}

  LogicalResult
  matchAndRewrite(BarrierOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getExecScope() != Scope::workgroup || op.isPartial())
      return op.emitError("only a full workgroup barrier has a CPU form");
    if (!runtime) {
      rewriter.replaceOpWithNewOp<omp::BarrierOp>(op);
      return success();
    }
    callRuntimeBarrier(rewriter, op);
    rewriter.eraseOp(op);
    return success();
  }

  bool runtime;
};

struct ConvertXFenceToCPUPass
    : xfence::impl::ConvertXFenceToCPUBase<ConvertXFenceToCPUPass> {
  using ConvertXFenceToCPUBase::ConvertXFenceToCPUBase;

  void runOnOperation() override {
    Operation *root = getOperation();
    if (barrier != "openmp" && barrier != "runtime") {
      root->emitError("convert-xfence-to-cpu: barrier must be 'openmp' or "
                      "'runtime', not '")
          << barrier << "'";
      return signalPassFailure();
    }
    if (failed(legalizeForTarget(root, cpuCapabilities())))
      return signalPassFailure();
    bool runtime = barrier == "runtime";
    if (runtime && !declareRuntimeBarrier(root))
      return signalPassFailure();

    auto populate = [runtime](const LLVMTypeConverter &converter,
                              RewritePatternSet &patterns) {
      populateXFenceToLLVMCommonPatterns(converter, patterns, cpuSyncScope,
                                         /*withRMW=*/true);
      patterns.add<BarrierToCPU>(converter, patterns.getContext(), runtime);
    };
    if (failed(convertXFenceToLLVM<omp::OpenMPDialect>(root, populate)))
      signalPassFailure();
  }

  /// Declares `void __xfence_cpu_barrier()` in the module that holds a
  /// workgroup barrier, if it is not declared yet.
  static bool declareRuntimeBarrier(Operation *root) {
    bool any = false;
    root->walk([&](BarrierOp) { any = true; });
    if (!any)
      return true;
    auto module = dyn_cast<ModuleOp>(root);
    if (!module)
      module = root->getParentOfType<ModuleOp>();
    if (!module) {
      root->emitError("convert-xfence-to-cpu: barrier=runtime needs a module "
                      "to declare __xfence_cpu_barrier in");
      return false;
    }
    if (module.lookupSymbol(kRuntimeBarrier))
      return true;
    OpBuilder builder(module.getBodyRegion());
    auto type = LLVM::LLVMFunctionType::get(
        LLVM::LLVMVoidType::get(module.getContext()), {});
    LLVM::LLVMFuncOp::create(builder, module.getLoc(), kRuntimeBarrier, type);
    return true;
  }
};

} // namespace
