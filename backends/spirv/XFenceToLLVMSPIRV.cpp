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

Value scopeOperand(ConversionPatternRewriter &rewriter, Location loc,
                   spirv::Scope scope) {
  return constantI32(rewriter, loc, static_cast<int64_t>(scope));
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
        {scopeOperand(rewriter, loc, toSPIRVScope(op.getScope())),
         semanticsOperand(rewriter, loc,
                          toSPIRVSemantics(op.getOrder(), op.getSpaces(),
                                           /*vulkan=*/false))});
    rewriter.eraseOp(op);
    return success();
  }
};

/// xfence.barrier -> __spirv_ControlBarrier(Exec, Mem, Semantics).
struct BarrierToCall : ConvertOpToLLVMPattern<BarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(BarrierOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<SPIRVBarrier> barrier = toSPIRVBarrier(op, /*vulkan=*/false);
    if (failed(barrier))
      return failure();
    Location loc = op.getLoc();
    Type i32 = rewriter.getI32Type();
    LLVM::LLVMFuncOp func = getOrCreateBuiltin(
        rewriter, op, mangle("__spirv_ControlBarrier", "iii"),
        LLVM::LLVMVoidType::get(getContext()), {i32, i32, i32},
        /*convergent=*/true);
    if (!func)
      return failure();
    callBuiltin(rewriter, loc, func,
                {scopeOperand(rewriter, loc, barrier->exec),
                 scopeOperand(rewriter, loc, barrier->memory),
                 semanticsOperand(rewriter, loc, barrier->semantics)});
    rewriter.eraseOp(op);
    return success();
  }
};

/// The mangled name of the atomic built-in `name(pointer, i32 scope, i32
/// semantics..., value...)` for the pointer's address space and
/// `valueType`, or none.
std::optional<std::string>
mangleAtomic(StringRef name, LLVM::LLVMPointerType ptrType, Type valueType,
             unsigned semanticsOperands, unsigned valueOperands) {
  std::optional<std::string> scalar = mangleScalar(valueType);
  if (!scalar)
    return std::nullopt;
  std::string parameters =
      manglePointer(ptrType.getAddressSpace(), *scalar) + "i";
  parameters.append(semanticsOperands, 'i');
  for (unsigned i = 0; i < valueOperands; ++i)
    parameters += *scalar;
  return mangle(name, parameters);
}

/// The call of the atomic built-in `name` at the address of `op` with the
/// op's scope, the semantics of `orders` and the operands `values` of type
/// `valueType`, declared with `result` (the operands that
/// convert-xfence-to-spirv gives the same op); failure after an error.
template <typename OpT>
FailureOr<Value> callAtomic(ConversionPatternRewriter &rewriter,
                            const LLVMTypeConverter &converter, OpT op,
                            typename OpT::Adaptor adaptor, StringRef name,
                            Type valueType, Type result,
                            ArrayRef<MemoryOrder> orders, ValueRange values) {
  Value pointer = getAtomicAddress(rewriter, converter, op, adaptor);
  auto ptrType = cast<LLVM::LLVMPointerType>(pointer.getType());
  std::optional<std::string> mangled =
      mangleAtomic(name, ptrType, valueType, orders.size(), values.size());
  if (!mangled)
    return op.emitError() << "no SPIR-V atomic on " << valueType;
  Type i32 = rewriter.getI32Type();
  SmallVector<Type> parameters = {ptrType, i32};
  parameters.append(orders.size(), i32);
  parameters.append(values.size(), valueType);
  LLVM::LLVMFuncOp func = getOrCreateBuiltin(rewriter, op, *mangled, result,
                                             parameters, /*convergent=*/false);
  if (!func)
    return failure();
  Location loc = op.getLoc();
  SmallVector<Value> operands = {
      pointer, scopeOperand(rewriter, loc, toSPIRVScope(op.getScope()))};
  for (MemoryOrder order : orders)
    operands.push_back(semanticsOperand(
        rewriter, loc, toSPIRVAtomicSemantics(order, /*vulkan=*/false)));
  llvm::append_range(operands, values);
  LLVM::CallOp call = callBuiltin(rewriter, loc, func, operands);
  return call.getNumResults() ? call.getResult() : Value();
}

/// xfence.atomic_rmw -> __spirv_Atomic<Op>(pointer, Scope, Semantics, value).
LogicalResult lowerAtomic(ConversionPatternRewriter &rewriter,
                          const LLVMTypeConverter &converter, AtomicRMWOp op,
                          AtomicRMWOp::Adaptor adaptor) {
  const SPIRVAtomicRMW *rmw = getSPIRVAtomicRMW(op);
  if (!rmw)
    return failure();
  Type type = op.getValue().getType();
  FailureOr<Value> old =
      callAtomic(rewriter, converter, op, adaptor, rmw->builtin, type, type,
                 {op.getOrder()}, {adaptor.getValue()});
  if (failed(old))
    return failure();
  rewriter.replaceOp(op, *old);
  return success();
}

/// xfence.atomic_cmpxchg -> __spirv_AtomicCompareExchange(pointer, Scope,
/// Equal, Unequal, desired, expected) of the bits (bitsOf), and `icmp eq`
/// of the old value and the expected one.
LogicalResult lowerAtomic(ConversionPatternRewriter &rewriter,
                          const LLVMTypeConverter &converter,
                          AtomicCmpXchgOp op,
                          AtomicCmpXchgOp::Adaptor adaptor) {
  Location loc = op.getLoc();
  Value expected = bitsOf(rewriter, loc, adaptor.getExpected());
  Value desired = bitsOf(rewriter, loc, adaptor.getDesired());
  Type intType = expected.getType();
  FailureOr<Value> old = callAtomic(
      rewriter, converter, op, adaptor, "__spirv_AtomicCompareExchange",
      intType, intType, {op.getSuccessOrder(), op.getFailureOrder()},
      {desired, expected});
  if (failed(old))
    return failure();
  Value ok = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq, *old,
                                  expected);
  replaceCmpXchg(rewriter, op, *old, ok);
  return success();
}

/// xfence.atomic_load -> __spirv_AtomicLoad(pointer, Scope, Semantics).
LogicalResult lowerAtomic(ConversionPatternRewriter &rewriter,
                          const LLVMTypeConverter &converter, AtomicLoadOp op,
                          AtomicLoadOp::Adaptor adaptor) {
  Type type = op.getResult().getType();
  FailureOr<Value> value =
      callAtomic(rewriter, converter, op, adaptor, "__spirv_AtomicLoad", type,
                 type, {op.getOrder()}, {});
  if (failed(value))
    return failure();
  rewriter.replaceOp(op, *value);
  return success();
}

/// xfence.atomic_store -> __spirv_AtomicStore(pointer, Scope, Semantics,
/// value).
LogicalResult lowerAtomic(ConversionPatternRewriter &rewriter,
                          const LLVMTypeConverter &converter, AtomicStoreOp op,
                          AtomicStoreOp::Adaptor adaptor) {
  if (failed(callAtomic(rewriter, converter, op, adaptor, "__spirv_AtomicStore",
                        op.getValue().getType(),
                        LLVM::LLVMVoidType::get(op.getContext()),
                        {op.getOrder()}, {adaptor.getValue()})))
    return failure();
  rewriter.eraseOp(op);
  return success();
}

/// An xfence atomic -> the call of its built-in (lowerAtomic).
template <typename OpT> struct AtomicToCall : ConvertOpToLLVMPattern<OpT> {
  using ConvertOpToLLVMPattern<OpT>::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return lowerAtomic(rewriter, *this->getTypeConverter(), op, adaptor);
  }
};

struct ConvertXFenceToLLVMSPIRVPass
    : xfence::impl::ConvertXFenceToLLVMSPIRVBase<ConvertXFenceToLLVMSPIRVPass> {
  using ConvertXFenceToLLVMSPIRVBase::ConvertXFenceToLLVMSPIRVBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(legalizeForTarget(module, spirvCapabilities(/*vulkan=*/false))))
      return signalPassFailure();

    auto populate = [](const LLVMTypeConverter &converter,
                       RewritePatternSet &patterns) {
      patterns.add<FenceToCall, BarrierToCall, AtomicToCall<AtomicRMWOp>,
                   AtomicToCall<AtomicCmpXchgOp>, AtomicToCall<AtomicLoadOp>,
                   AtomicToCall<AtomicStoreOp>>(converter);
      populateSPIRVBarrierReducePattern(patterns);
    };
    if (failed(convertXFenceToLLVM<>(module, populate)))
      signalPassFailure();
  }
};

} // namespace
