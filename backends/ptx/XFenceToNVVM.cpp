//===- XFenceToNVVM.cpp - Lower xfence to the NVVM/LLVM dialects ----------===//
//
// The forms are those of docs/semantics.md §3 (columns PTX sm_70-89 and
// sm_90); what PTX can express is decided by ptxCapabilities() alone, which
// the legalization this pass runs first applies.
//
//===----------------------------------------------------------------------===//

#include "backends/llvm/XFenceToLLVMCommon.h"
#include "backends/ptx/Passes.h"
#include "dialect/XFenceOps.h"
#include "passes/TargetCapabilities.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Transforms/DialectConversion.h"

namespace xfence {
#define GEN_PASS_DEF_CONVERTXFENCETONVVM
#include "backends/ptx/Passes.h.inc"
} // namespace xfence

using namespace mlir;
using namespace xfence;

namespace {

/// How PTX names each scope: the LLVM NVPTX sync scope of an LLVM atomic or
/// fence, and the scope of an inline `atom`. Legalization leaves only scopes
/// PTX names (workgroup, cluster on sm_90, device, system).
struct PTXScope {
  Scope key;
  StringLiteral syncScope;
  StringLiteral atomScope;
};
constexpr PTXScope kScopes[] = {
    {Scope::thread, "block", "cta"},    {Scope::subgroup, "block", "cta"},
    {Scope::workgroup, "block", "cta"}, {Scope::cluster, "cluster", "cluster"},
    {Scope::device, "device", "gpu"},   {Scope::system, "", "sys"},
};

std::string nvptxSyncScope(Scope scope) {
  return lookupRow(kScopes, scope).syncScope.str();
}

/// The `.op.type` of a PTX `atom` for each xfence kind: the operation and the
/// type's letter, to which the width is appended. `atom` has no sub: it is
/// an add of the negated operand; its `.b` exchange takes registers of any
/// type of their size, floats too; inc and dec exist for 32 bits only.
struct PTXAtom {
  AtomicRMWKind key;
  StringLiteral op;
  bool only32 = false;
};
constexpr PTXAtom kAtoms[] = {
    {AtomicRMWKind::add, "add.u"},
    {AtomicRMWKind::sub, "add.u"},
    {AtomicRMWKind::fadd, "add.f"},
    {AtomicRMWKind::and_, "and.b"},
    {AtomicRMWKind::or_, "or.b"},
    {AtomicRMWKind::xor_, "xor.b"},
    {AtomicRMWKind::min, "min.s"},
    {AtomicRMWKind::max, "max.s"},
    {AtomicRMWKind::umin, "min.u"},
    {AtomicRMWKind::umax, "max.u"},
    {AtomicRMWKind::xchg, "exch.b"},
    {AtomicRMWKind::inc, "inc.u", /*only32=*/true},
    {AtomicRMWKind::dec, "dec.u", /*only32=*/true},
};

/// The `.op.type` of a PTX `atom` for an xfence kind and value type, or
/// an empty string where PTX has none.
std::string ptxAtomOp(AtomicRMWKind kind, Type type) {
  unsigned width = type.getIntOrFloatBitWidth();
  const PTXAtom &atom = lookupRow(kAtoms, kind);
  if ((width != 32 && width != 64) || (atom.only32 && width != 32))
    return "";
  return (atom.op + Twine(width)).str();
}

/// xfence.atomic_rmw -> `atom.<sem>.<scope>[.<space>].<op>.<type>` as inline
/// PTX. LLVM 22 lowers `atomicrmw` of any ordering to a relaxed `atom`
/// without `.sem`, which would drop the acquire/release half; inline PTX
/// keeps it.
struct RMWToPTX : ConvertOpToLLVMPattern<AtomicRMWOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(AtomicRMWOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = op.getValue().getType();
    std::string atomOp = ptxAtomOp(op.getKind(), type);
    if (atomOp.empty())
      return op.emitError()
             << "PTX has no 'atom' for '"
             << stringifyAtomicRMWKind(op.getKind()) << "' on " << type;
    Value addr = getAtomicAddress(rewriter, *getTypeConverter(), op, adaptor);
    auto ptrType = cast<LLVM::LLVMPointerType>(addr.getType());
    StringRef space;
    switch (ptrType.getAddressSpace()) {
    case 0:
      break;
    case 1:
      space = ".global";
      break;
    case 3:
      space = ".shared";
      break;
    default:
      addr = LLVM::AddrSpaceCastOp::create(
          rewriter, loc, LLVM::LLVMPointerType::get(getContext()), addr);
    }

    Value value = adaptor.getValue();
    if (op.getKind() == AtomicRMWKind::sub) {
      Value zero = LLVM::ConstantOp::create(rewriter, loc, type,
                                            rewriter.getIntegerAttr(type, 0));
      value = LLVM::SubOp::create(rewriter, loc, zero, value);
    }

    StringRef scope = lookupRow(kScopes, op.getScope()).atomScope;
    std::string asmText;
    // PTX's .sem qualifiers are spelled as xfence's orders.
    StringRef sem = stringifyMemoryOrder(op.getOrder());
    if (op.getOrder() == MemoryOrder::seq_cst) {
      // The mapping LLVM uses for a seq_cst cmpxchg: fence.sc then an
      // acquire RMW (the fence.sc gives the release half and the total
      // order).
      asmText = ("fence.sc." + scope + ";\n\t").str();
      sem = "acquire";
    }
    asmText +=
        ("atom." + sem + "." + scope + space + "." + atomOp + " $0, [$1], $2;")
            .str();
    char reg = isa<FloatType>(type)
                   ? (type.getIntOrFloatBitWidth() == 32 ? 'f' : 'd')
                   : (type.getIntOrFloatBitWidth() == 32 ? 'r' : 'l');
    std::string constraints =
        std::string("=") + reg + ",l," + reg + ",~{memory}";
    auto inlineAsm = LLVM::InlineAsmOp::create(
        rewriter, loc, type, ValueRange{addr, value},
        rewriter.getStringAttr(asmText), rewriter.getStringAttr(constraints),
        rewriter.getUnitAttr(), /*is_align_stack=*/UnitAttr(),
        LLVM::TailCallKindAttr::get(getContext(), LLVM::TailCallKind::None),
        /*asm_dialect=*/LLVM::AsmDialectAttr(), /*operand_attrs=*/ArrayAttr());
    rewriter.replaceOp(op, inlineAsm.getResult(0));
    return success();
  }
};

/// xfence.barrier -> bar.sync 0 (workgroup), bar.warp.sync (subgroup), or
/// barrier.cluster.arrive + wait (cluster). Legalization has put any wider
/// or stronger memory part into fences around the barrier.
struct BarrierToNVVM : ConvertOpToLLVMPattern<BarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(BarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    switch (op.getExecScope()) {
    case Scope::subgroup: {
      Value mask = adaptor.getMask() ? adaptor.getMask()
                                     : constantI32(rewriter, loc, -1);
      NVVM::SyncWarpOp::create(rewriter, loc, mask);
      break;
    }
    case Scope::workgroup:
      NVVM::BarrierOp::create(rewriter, loc);
      break;
    case Scope::cluster:
      // barrier.cluster.arrive has release and wait has acquire semantics
      // at cluster scope; .relaxed drops the release, which an
      // execution-only or acquire-only barrier does not need.
      if (op.ordersMemory() && hasRelease(*op.getOrder()))
        NVVM::ClusterArriveOp::create(rewriter, loc, rewriter.getUnitAttr());
      else
        NVVM::ClusterArriveRelaxedOp::create(rewriter, loc,
                                             rewriter.getUnitAttr());
      NVVM::ClusterWaitOp::create(rewriter, loc, rewriter.getUnitAttr());
      break;
    default:
      return op.emitError() << "no PTX barrier of execution scope '"
                            << stringifyScope(op.getExecScope()) << "'";
    }
    rewriter.eraseOp(op);
    return success();
  }
};

/// The `bar.red` operation of each reduction.
constexpr std::pair<BarrierReduction, NVVM::BarrierReduction> kReductions[] = {
    {BarrierReduction::count, NVVM::BarrierReduction::POPC},
    {BarrierReduction::and_, NVVM::BarrierReduction::AND},
    {BarrierReduction::or_, NVVM::BarrierReduction::OR},
};

/// xfence.barrier_reduce -> bar.red.{popc,and,or}.
struct BarrierReduceToNVVM : ConvertOpToLLVMPattern<BarrierReduceOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(BarrierReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (op.getExecScope() != Scope::workgroup)
      return op.emitError() << "no PTX reducing barrier of execution scope '"
                            << stringifyScope(op.getExecScope()) << "'";
    // The predicate is true when non-zero.
    Value pred = adaptor.getPredicate();
    Value zero =
        LLVM::ConstantOp::create(rewriter, loc, pred.getType(),
                                 rewriter.getIntegerAttr(pred.getType(), 0));
    Value isTrue = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ne,
                                        pred, zero);
    Value pred32 =
        LLVM::ZExtOp::create(rewriter, loc, rewriter.getI32Type(), isTrue);
    auto barrier = NVVM::BarrierOp::create(
        rewriter, loc, rewriter.getI32Type(), /*barrierId=*/Value(),
        /*numberOfThreads=*/Value(),
        NVVM::BarrierReductionAttr::get(getContext(),
                                        lookup(kReductions, op.getReduction())),
        pred32);
    rewriter.replaceOp(op, barrier.getRes());
    return success();
  }
};

struct ConvertXFenceToNVVMPass
    : xfence::impl::ConvertXFenceToNVVMBase<ConvertXFenceToNVVMPass> {
  using ConvertXFenceToNVVMBase::ConvertXFenceToNVVMBase;

  void runOnOperation() override {
    Operation *root = getOperation();
    if (sm < 70) {
      root->emitError() << "convert-xfence-to-nvvm needs sm_70 or higher "
                           "(scoped atomics with .sem); got sm_"
                        << sm;
      return signalPassFailure();
    }
    TargetCapabilities caps = ptxCapabilities(sm, ptx, strict);
    if (failed(legalizeForTarget(root, caps)))
      return signalPassFailure();

    auto populate = [](const LLVMTypeConverter &converter,
                       RewritePatternSet &patterns) {
      populateXFenceToLLVMCommonPatterns(converter, patterns, nvptxSyncScope,
                                         /*withRMW=*/false);
      patterns.add<RMWToPTX, BarrierToNVVM, BarrierReduceToNVVM>(converter);
    };
    if (failed(convertXFenceToLLVM<NVVM::NVVMDialect>(root, populate)))
      signalPassFailure();
  }
};

} // namespace
