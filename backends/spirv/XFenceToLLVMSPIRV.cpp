//===- XFenceToLLVMSPIRV.cpp - xfence to SPIR-V built-in calls ------------===//
//
// The lowering for LLVM's SPIR-V back end: each xfence op becomes a call of a
// `__spirv_*` function that the back end turns into one SPIR-V instruction
// (OpMemoryBarrier, OpControlBarrier, OpAtomic*), with the Scope and
// MemorySemantics operands that convert-xfence-to-spirv gives the same op
// (docs/semantics.md §1-§3, column SPIR-V, OpenCL environment). What SPIR-V
// can express is decided by spirvCapabilities() alone, which the legalization
// this pass runs first applies.
//
//===----------------------------------------------------------------------===//

#include "backends/llvm/XFenceToLLVMCommon.h"
#include "backends/spirv/Passes.h"
#include "backends/spirv/XFenceToSPIRV.h"
#include "dialect/XFenceOps.h"
#include "passes/TargetCapabilities.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/DialectConversion.h"

namespace xfence {
#define GEN_PASS_DEF_CONVERTXFENCETOLLVMSPIRV
#include "backends/spirv/Passes.h.inc"
} // namespace xfence

using namespace mlir;
using namespace xfence;

namespace {

/// The Itanium mangling of a scalar type of a built-in's parameter list
/// (OpenCL C's spelling: int, long, float, ...), or none.
std::optional<std::string> mangleScalar(Type type) {
  if (auto integer = dyn_cast<IntegerType>(type)) {
    switch (integer.getWidth()) {
    case 8:
      return std::string("c");
    case 16:
      return std::string("s");
    case 32:
      return std::string("i");
    case 64:
      return std::string("l");
    }
    return std::nullopt;
  }
  if (type.isF16())
    return std::string("Dh");
  if (type.isF32())
    return std::string("f");
  if (type.isF64())
    return std::string("d");
  return std::nullopt;
}

/// `_Z<n><name><parameters>`: LLVM's SPIR-V back end finds a built-in by the
/// demangled base name and takes the operand types from the call, so the
/// parameters only tell the overloads apart.
std::string mangle(StringRef name, StringRef parameters) {
  return ("_Z" + Twine(name.size()) + name + parameters).str();
}

/// The mangled pointer to `pointee` in `addressSpace` (`PU3AS1i`: a global
/// int; the private space 0 has no qualifier).
std::string manglePointer(unsigned addressSpace, StringRef pointee) {
  if (addressSpace == 0)
    return ("P" + pointee).str();
  return ("PU3AS" + Twine(addressSpace) + pointee).str();
}

/// The declaration of the built-in `name` with the given signature in the
/// module of `from`, created on first use; null after an error at `from` if
/// a symbol of that name has another type.
LLVM::LLVMFuncOp getOrCreateBuiltin(ConversionPatternRewriter &rewriter,
                                    Operation *from, StringRef name,
                                    Type result, ArrayRef<Type> parameters,
                                    bool convergent) {
  auto module = from->getParentOfType<ModuleOp>();
  auto type = LLVM::LLVMFunctionType::get(result, parameters);
  if (auto existing = module.lookupSymbol<LLVM::LLVMFuncOp>(name)) {
    if (existing.getFunctionType() == type)
      return existing;
    from->emitError() << "'" << name << "' is already declared with type "
                      << existing.getFunctionType() << ", not " << type;
    return nullptr;
  }
  if (module.lookupSymbol(name)) {
    from->emitError() << "'" << name << "' names a symbol that is no function";
    return nullptr;
  }
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(module.getBody());
  auto func = LLVM::LLVMFuncOp::create(rewriter, module.getLoc(), name, type);
  func.setCConv(LLVM::cconv::CConv::SPIR_FUNC);
  func.setNoUnwind(true);
  if (convergent)
    func.setConvergent(true);
  return func;
}

/// A call of a built-in, with its calling convention (a call whose
/// convention differs from the callee's is undefined behaviour in LLVM).
LLVM::CallOp callBuiltin(ConversionPatternRewriter &rewriter, Location loc,
                         LLVM::LLVMFuncOp func, ValueRange arguments) {
  auto call = LLVM::CallOp::create(rewriter, loc, func, arguments);
  call.setCConv(LLVM::cconv::CConv::SPIR_FUNC);
  call.setNoUnwind(true);
  if (func.getConvergent())
    call.setConvergent(true);
  return call;
}

Value constantI32(ConversionPatternRewriter &rewriter, Location loc,
                  int64_t value) {
  return LLVM::ConstantOp::create(rewriter, loc, rewriter.getI32Type(),
                                  rewriter.getI32IntegerAttr(value));
}

Value scopeOperand(ConversionPatternRewriter &rewriter, Location loc,
                   Scope scope) {
  return constantI32(rewriter, loc, static_cast<int64_t>(toSPIRVScope(scope)));
}

Value semanticsOperand(ConversionPatternRewriter &rewriter, Location loc,
                       spirv::MemorySemantics semantics) {
  return constantI32(rewriter, loc, static_cast<int64_t>(semantics));
}

/// xfence.fence -> __spirv_MemoryBarrier(Scope, order | storage bits).
struct FenceToCall : ConvertOpToLLVMPattern<FenceOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(FenceOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type i32 = rewriter.getI32Type();
    LLVM::LLVMFuncOp func =
        getOrCreateBuiltin(rewriter, op, mangle("__spirv_MemoryBarrier", "ii"),
                           LLVM::LLVMVoidType::get(getContext()), {i32, i32},
                           /*convergent=*/false);
    if (!func)
      return failure();
    callBuiltin(
        rewriter, loc, func,
        {scopeOperand(rewriter, loc, op.getScope()),
         semanticsOperand(rewriter, loc,
                          toSPIRVSemantics(op.getOrder(), op.getSpaces(),
                                           /*vulkan=*/false))});
    rewriter.eraseOp(op);
    return success();
  }
};

/// xfence.barrier -> __spirv_ControlBarrier(Exec, Mem, Semantics). An
/// execution-only barrier has semantics None and its execution scope as
/// memory scope.
struct BarrierToCall : ConvertOpToLLVMPattern<BarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(BarrierOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.isPartial())
      return op.emitError("a barrier over part of a subgroup (lane mask) has "
                          "no SPIR-V form");
    Location loc = op.getLoc();
    Type i32 = rewriter.getI32Type();
    LLVM::LLVMFuncOp func = getOrCreateBuiltin(
        rewriter, op, mangle("__spirv_ControlBarrier", "iii"),
        LLVM::LLVMVoidType::get(getContext()), {i32, i32, i32},
        /*convergent=*/true);
    if (!func)
      return failure();
    Scope memory = op.getExecScope();
    auto semantics = spirv::MemorySemantics::None;
    if (op.ordersMemory()) {
      memory = *op.getMemoryScope();
      semantics =
          toSPIRVSemantics(*op.getOrder(), op.getSpaces(), /*vulkan=*/false);
    }
    callBuiltin(rewriter, loc, func,
                {scopeOperand(rewriter, loc, op.getExecScope()),
                 scopeOperand(rewriter, loc, memory),
                 semanticsOperand(rewriter, loc, semantics)});
    rewriter.eraseOp(op);
    return success();
  }
};

/// Legalization refuses reducing barriers for SPIR-V; the pattern names the
/// op should one reach the conversion another way.
struct BarrierReduceToCall : ConvertOpToLLVMPattern<BarrierReduceOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult matchAndRewrite(BarrierReduceOp op, OpAdaptor,
                                ConversionPatternRewriter &) const override {
    return op.emitError(
        "xfence.barrier_reduce has no SPIR-V form: OpControlBarrier does not "
        "reduce, and a group reduction (OpGroupNonUniform*) is no barrier");
  }
};

/// What the atomic patterns share: the address as an `!llvm.ptr`, and the
/// declaration of an atomic built-in for its address space and value type.
template <typename OpT> struct AtomicToCall : ConvertOpToLLVMPattern<OpT> {
  using ConvertOpToLLVMPattern<OpT>::ConvertOpToLLVMPattern;

  Value address(ConversionPatternRewriter &rewriter, OpT op, Value addr,
                ValueRange indices) const {
    return getAtomicAddress(rewriter, *this->getTypeConverter(), op.getLoc(),
                            op.getAddr().getType(), addr, indices);
  }

  /// `name(pointer, i32 scope, i32 semantics..., value...)`, mangled for
  /// the pointer and `valueType`; null after an error.
  LLVM::LLVMFuncOp declare(ConversionPatternRewriter &rewriter, OpT op,
                           StringRef name, Value pointer, Type valueType,
                           Type result, unsigned semanticsOperands,
                           unsigned valueOperands) const {
    std::optional<std::string> scalar = mangleScalar(valueType);
    if (!scalar) {
      op.emitError() << "no SPIR-V atomic on " << valueType;
      return nullptr;
    }
    auto ptrType = cast<LLVM::LLVMPointerType>(pointer.getType());
    Type i32 = rewriter.getI32Type();
    SmallVector<Type> parameters = {ptrType, i32};
    std::string mangled = manglePointer(ptrType.getAddressSpace(), *scalar);
    mangled += "i";
    for (unsigned i = 0; i < semanticsOperands; ++i) {
      parameters.push_back(i32);
      mangled += "i";
    }
    for (unsigned i = 0; i < valueOperands; ++i) {
      parameters.push_back(valueType);
      mangled += *scalar;
    }
    return getOrCreateBuiltin(rewriter, op, mangle(name, mangled), result,
                              parameters, /*convergent=*/false);
  }
};

/// The built-in of an xfence read-modify-write kind.
StringRef rmwBuiltin(AtomicRMWKind kind) {
  switch (kind) {
  case AtomicRMWKind::add:
    return "__spirv_AtomicIAdd";
  case AtomicRMWKind::sub:
    return "__spirv_AtomicISub";
  case AtomicRMWKind::and_:
    return "__spirv_AtomicAnd";
  case AtomicRMWKind::or_:
    return "__spirv_AtomicOr";
  case AtomicRMWKind::xor_:
    return "__spirv_AtomicXor";
  case AtomicRMWKind::min:
    return "__spirv_AtomicSMin";
  case AtomicRMWKind::max:
    return "__spirv_AtomicSMax";
  case AtomicRMWKind::umin:
    return "__spirv_AtomicUMin";
  case AtomicRMWKind::umax:
    return "__spirv_AtomicUMax";
  case AtomicRMWKind::xchg:
    return "__spirv_AtomicExchange";
  case AtomicRMWKind::fadd:
    return "__spirv_AtomicFAddEXT";
  case AtomicRMWKind::inc:
  case AtomicRMWKind::dec:
    // OpAtomicIIncrement/IDecrement do not wrap at an operand.
    return "";
  }
  return "";
}

/// xfence.atomic_rmw -> __spirv_Atomic<Op>(pointer, Scope, Semantics, value).
struct RMWToCall : AtomicToCall<AtomicRMWOp> {
  using AtomicToCall::AtomicToCall;
  LogicalResult
  matchAndRewrite(AtomicRMWOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = op.getValue().getType();
    AtomicRMWKind kind = op.getKind();
    bool isFloat = isa<FloatType>(type);
    StringRef name = rmwBuiltin(kind);
    if (name.empty())
      return op.emitError() << "atomic '" << stringifyAtomicRMWKind(kind)
                            << "' (wrapping at the operand) has no SPIR-V form";
    if (isFloat && kind != AtomicRMWKind::fadd && kind != AtomicRMWKind::xchg)
      return op.emitError() << "SPIR-V has no atomic '"
                            << stringifyAtomicRMWKind(kind) << "' on " << type;
    if (!isFloat && kind == AtomicRMWKind::fadd)
      return op.emitError() << "atomic 'fadd' needs a float, not " << type;
    Location loc = op.getLoc();
    Value pointer =
        address(rewriter, op, adaptor.getAddr(), adaptor.getIndices());
    LLVM::LLVMFuncOp func = declare(rewriter, op, name, pointer, type, type,
                                    /*semanticsOperands=*/1,
                                    /*valueOperands=*/1);
    if (!func)
      return failure();
    auto call = callBuiltin(
        rewriter, loc, func,
        {pointer, scopeOperand(rewriter, loc, op.getScope()),
         semanticsOperand(rewriter, loc,
                          toSPIRVAtomicSemantics(op.getOrder(), false)),
         adaptor.getValue()});
    rewriter.replaceOp(op, call.getResult());
    return success();
  }
};

/// xfence.atomic_cmpxchg -> __spirv_AtomicCompareExchange(pointer, Scope,
/// Equal, Unequal, desired, expected) and `icmp eq` of the old value and the
/// expected one. A float exchange compares the bits, as C++
/// compare_exchange does.
struct CmpXchgToCall : AtomicToCall<AtomicCmpXchgOp> {
  using AtomicToCall::AtomicToCall;
  LogicalResult
  matchAndRewrite(AtomicCmpXchgOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = op.getDesired().getType();
    Value expected = adaptor.getExpected(), desired = adaptor.getDesired();
    Type intType = type;
    if (isa<FloatType>(type)) {
      intType = rewriter.getIntegerType(type.getIntOrFloatBitWidth());
      expected = LLVM::BitcastOp::create(rewriter, loc, intType, expected);
      desired = LLVM::BitcastOp::create(rewriter, loc, intType, desired);
    }
    Value pointer =
        address(rewriter, op, adaptor.getAddr(), adaptor.getIndices());
    LLVM::LLVMFuncOp func =
        declare(rewriter, op, "__spirv_AtomicCompareExchange", pointer, intType,
                intType, /*semanticsOperands=*/2, /*valueOperands=*/2);
    if (!func)
      return failure();
    Value old =
        callBuiltin(rewriter, loc, func,
                    {pointer, scopeOperand(rewriter, loc, op.getScope()),
                     semanticsOperand(
                         rewriter, loc,
                         toSPIRVAtomicSemantics(op.getSuccessOrder(), false)),
                     semanticsOperand(
                         rewriter, loc,
                         toSPIRVAtomicSemantics(op.getFailureOrder(), false)),
                     desired, expected})
            .getResult();
    Value ok = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq, old,
                                    expected);
    if (isa<FloatType>(type))
      old = LLVM::BitcastOp::create(rewriter, loc, type, old);
    rewriter.replaceOp(op, {old, ok});
    return success();
  }
};

/// xfence.atomic_load -> __spirv_AtomicLoad(pointer, Scope, Semantics).
struct LoadToCall : AtomicToCall<AtomicLoadOp> {
  using AtomicToCall::AtomicToCall;
  LogicalResult
  matchAndRewrite(AtomicLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = op.getResult().getType();
    Value pointer =
        address(rewriter, op, adaptor.getAddr(), adaptor.getIndices());
    LLVM::LLVMFuncOp func =
        declare(rewriter, op, "__spirv_AtomicLoad", pointer, type, type,
                /*semanticsOperands=*/1, /*valueOperands=*/0);
    if (!func)
      return failure();
    auto call = callBuiltin(
        rewriter, loc, func,
        {pointer, scopeOperand(rewriter, loc, op.getScope()),
         semanticsOperand(rewriter, loc,
                          toSPIRVAtomicSemantics(op.getOrder(), false))});
    rewriter.replaceOp(op, call.getResult());
    return success();
  }
};

/// xfence.atomic_store -> __spirv_AtomicStore(pointer, Scope, Semantics,
/// value).
struct StoreToCall : AtomicToCall<AtomicStoreOp> {
  using AtomicToCall::AtomicToCall;
  LogicalResult
  matchAndRewrite(AtomicStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = op.getValue().getType();
    Value pointer =
        address(rewriter, op, adaptor.getAddr(), adaptor.getIndices());
    LLVM::LLVMFuncOp func =
        declare(rewriter, op, "__spirv_AtomicStore", pointer, type,
                LLVM::LLVMVoidType::get(getContext()), /*semanticsOperands=*/1,
                /*valueOperands=*/1);
    if (!func)
      return failure();
    callBuiltin(rewriter, loc, func,
                {pointer, scopeOperand(rewriter, loc, op.getScope()),
                 semanticsOperand(rewriter, loc,
                                  toSPIRVAtomicSemantics(op.getOrder(), false)),
                 adaptor.getValue()});
    rewriter.eraseOp(op);
    return success();
  }
};

struct ConvertXFenceToLLVMSPIRVPass
    : xfence::impl::ConvertXFenceToLLVMSPIRVBase<ConvertXFenceToLLVMSPIRVPass> {
  using ConvertXFenceToLLVMSPIRVBase::ConvertXFenceToLLVMSPIRVBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(legalizeForTarget(module, spirvCapabilities(/*vulkan=*/false))))
      return signalPassFailure();

    MLIRContext *ctx = &getContext();
    LLVMTypeConverter converter(ctx);
    RewritePatternSet patterns(ctx);
    patterns.add<FenceToCall, BarrierToCall, BarrierReduceToCall, RMWToCall,
                 CmpXchgToCall, LoadToCall, StoreToCall>(converter);

    ConversionTarget target(*ctx);
    target.addLegalDialect<LLVM::LLVMDialect>();
    target.addIllegalDialect<XFenceDialect>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
