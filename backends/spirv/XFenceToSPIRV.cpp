//===- XFenceToSPIRV.cpp - Lower xfence to the SPIR-V dialect -------------===//
//
// The forms are those of docs/semantics.md §1-§3 (column SPIR-V): Scope
// numbers CrossDevice 0, Device 1, Workgroup 2, Subgroup 3, Invocation 4;
// MemorySemantics = order bit | storage bits of the spaces (| MakeAvailable,
// MakeVisible under the Vulkan memory model). What SPIR-V can express is
// decided by spirvCapabilities() alone, which the legalization this pass runs
// first applies.
//
//===----------------------------------------------------------------------===//

#include "backends/spirv/XFenceToSPIRV.h"
#include "backends/spirv/Passes.h"
#include "dialect/XFenceOps.h"
#include "passes/TargetCapabilities.h"

#include "mlir/Conversion/MemRefToSPIRV/MemRefToSPIRV.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/Dialect/SPIRV/Transforms/SPIRVConversion.h"
#include "mlir/Transforms/DialectConversion.h"

namespace xfence {
#define GEN_PASS_DEF_CONVERTXFENCETOSPIRV
#include "backends/spirv/Passes.h.inc"
} // namespace xfence

using namespace mlir;
using namespace xfence;

using Sem = spirv::MemorySemantics;

/// The SPIR-V Scope of an xfence scope (semantics.md §1). Legalization has
/// widened cluster to device; it never reaches here.
spirv::Scope xfence::toSPIRVScope(Scope scope) {
  switch (scope) {
  case Scope::thread:
    return spirv::Scope::Invocation;
  case Scope::subgroup:
    return spirv::Scope::Subgroup;
  case Scope::workgroup:
    return spirv::Scope::Workgroup;
  case Scope::cluster:
  case Scope::device:
    return spirv::Scope::Device;
  case Scope::system:
    return spirv::Scope::CrossDevice;
  }
  llvm_unreachable("unknown scope");
}

/// The storage-class bits of MemorySemantics for xfence memory spaces
/// (semantics.md §1): local -> WorkgroupMemory, global ->
/// CrossWorkgroupMemory (OpenCL) or UniformMemory (Vulkan: storage and
/// uniform buffers), image -> ImageMemory.
static Sem storageBits(MemorySpaces spaces, bool vulkan) {
  Sem bits = Sem::None;
  if (bitEnumContainsAll(spaces, MemorySpaces::local))
    bits = bits | Sem::WorkgroupMemory;
  if (bitEnumContainsAll(spaces, MemorySpaces::global))
    bits = bits | (vulkan ? Sem::UniformMemory : Sem::CrossWorkgroupMemory);
  if (bitEnumContainsAll(spaces, MemorySpaces::image))
    bits = bits | Sem::ImageMemory;
  return bits;
}

/// MemorySemantics for an order over some spaces. A relaxed order is `None`:
/// storage bits without an order bit order nothing. Under the Vulkan memory
/// model a release makes the writes available and an acquire makes them
/// visible; seq_cst has no form there (legalization refuses it).
Sem xfence::toSPIRVSemantics(MemoryOrder order, MemorySpaces spaces,
                             bool vulkan) {
  Sem orderBit = Sem::None;
  switch (order) {
  case MemoryOrder::relaxed:
    return Sem::None;
  case MemoryOrder::acquire:
    orderBit = Sem::Acquire;
    break;
  case MemoryOrder::release:
    orderBit = Sem::Release;
    break;
  case MemoryOrder::acq_rel:
    orderBit = Sem::AcquireRelease;
    break;
  case MemoryOrder::seq_cst:
    assert(!vulkan && "legalization refuses seq_cst under Vulkan");
    orderBit = Sem::SequentiallyConsistent;
    break;
  }
  Sem sem = orderBit | storageBits(spaces, vulkan);
  if (vulkan && hasRelease(order))
    sem = sem | Sem::MakeAvailable;
  if (vulkan && hasAcquire(order))
    sem = sem | Sem::MakeVisible;
  return sem;
}

/// An ordered atomic orders every memory space, as on every other xfence
/// target (a PTX atom, an LLVM atomic), not only the space of its own
/// address: its semantics carry all storage bits of the environment.
Sem xfence::toSPIRVAtomicSemantics(MemoryOrder order, bool vulkan) {
  return toSPIRVSemantics(order, allSpaces(), vulkan);
}

namespace {

/// The memory scope of an access or barrier whose semantics are `sem`.
/// Vulkan allows only semantics None at Invocation scope
/// (VUID-StandaloneSpirv-None-04641): there an ordered thread-scope atomic,
/// or the [image] memory part of a barrier at thread scope, takes the next
/// wider scope, Subgroup (a strengthening, semantics.md §4 rule 1).
spirv::Scope memoryScope(Scope scope, spirv::MemorySemantics sem,
                         bool vulkan) {
  spirv::Scope spirvScope = toSPIRVScope(scope);
  if (vulkan && spirvScope == spirv::Scope::Invocation &&
      sem != spirv::MemorySemantics::None)
    return spirv::Scope::Subgroup;
  return spirvScope;
}

/// The storage class of an `!llvm.ptr` address space: 1 global, 3 shared
/// (local), 0 generic; see docs/lowering.md.
std::optional<spirv::StorageClass> storageClassOf(unsigned addressSpace,
                                                  bool vulkan) {
  switch (addressSpace) {
  case 0:
    // Vulkan has no generic pointers.
    if (vulkan)
      return std::nullopt;
    return spirv::StorageClass::Generic;
  case 1:
    return vulkan ? spirv::StorageClass::StorageBuffer
                  : spirv::StorageClass::CrossWorkgroup;
  case 3:
    return spirv::StorageClass::Workgroup;
  default:
    return std::nullopt;
  }
}

/// Storage classes whose memory a shader or kernel cannot write.
bool isReadOnly(spirv::StorageClass sc) {
  switch (sc) {
  case spirv::StorageClass::Uniform:
  case spirv::StorageClass::UniformConstant:
  case spirv::StorageClass::PushConstant:
  case spirv::StorageClass::Input:
    return true;
  default:
    return false;
  }
}

/// The storage class of a memref memory space: `#gpu.address_space<global>`
/// is the default space, `workgroup` is Workgroup; any other space is mapped
/// as map-memref-spirv-storage-class maps it for the environment (numeric
/// spaces: none or 0 CrossWorkgroup/StorageBuffer, 1 Generic (OpenCL), 3
/// Workgroup, ...).
std::optional<spirv::StorageClass>
memrefStorageClass(Attribute space,
                   const spirv::MemorySpaceToStorageClassMap &map) {
  if (auto gpuSpace = dyn_cast_or_null<gpu::AddressSpaceAttr>(space)) {
    switch (gpuSpace.getValue()) {
    case gpu::AddressSpace::Global:
      return map(nullptr);
    case gpu::AddressSpace::Workgroup:
      return spirv::StorageClass::Workgroup;
    case gpu::AddressSpace::Private:
      return std::nullopt;
    }
  }
  return map(space);
}

/// What the patterns share: the environment and the type conversion.
struct Env {
  bool vulkan;
  /// OpAtomicCompareExchangeWeak exists (Kernel, SPIR-V 1.3 and before).
  bool weakCmpXchg;
  spirv::MemorySpaceToStorageClassMap memorySpaceMap;
};

template <typename OpT> struct XFenceToSPIRVPattern : OpConversionPattern<OpT> {
  XFenceToSPIRVPattern(const SPIRVTypeConverter &converter, MLIRContext *ctx,
                       const Env &env)
      : OpConversionPattern<OpT>(converter, ctx), env(env) {}

  const SPIRVTypeConverter &spirvConverter() const {
    return *static_cast<const SPIRVTypeConverter *>(this->getTypeConverter());
  }

  /// The SPIR-V pointer to the element an atomic accesses, or failure after
  /// an error at the op.
  FailureOr<Value> getPointer(OpT op, Value convertedAddr,
                              ValueRange convertedIndices, Type valueType,
                              ConversionPatternRewriter &rewriter) const {
    const SPIRVTypeConverter &converter = spirvConverter();
    Location loc = op.getLoc();
    if (converter.convertType(valueType) != valueType)
      return op.emitError()
             << "value type " << valueType
             << " is not a SPIR-V type of the target environment (it would "
                "be emulated; an atomic cannot be)";
    Type addrType = op.getAddr().getType();
    Value ptr;
    if (auto memref = dyn_cast<MemRefType>(addrType)) {
      MemRefType mapped = memref;
      if (!isa_and_nonnull<spirv::StorageClassAttr>(memref.getMemorySpace())) {
        std::optional<spirv::StorageClass> sc =
            memrefStorageClass(memref.getMemorySpace(), env.memorySpaceMap);
        if (!sc)
          return op.emitError() << "memory space of " << memref
                                << " has no SPIR-V storage class";
        mapped = MemRefType::get(
            memref.getShape(), memref.getElementType(), memref.getLayout(),
            spirv::StorageClassAttr::get(op.getContext(), *sc));
      }
      if (!isa_and_nonnull<spirv::PointerType>(convertedAddr.getType()))
        return op.emitError() << "no SPIR-V pointer for " << memref;
      ptr = spirv::getElementPtr(converter, mapped, convertedAddr,
                                 convertedIndices, loc, rewriter);
      if (!ptr)
        return op.emitError() << "no SPIR-V access chain into " << memref;
    } else {
      auto llvmPtr = cast<LLVM::LLVMPointerType>(addrType);
      std::optional<spirv::StorageClass> sc =
          storageClassOf(llvmPtr.getAddressSpace(), env.vulkan);
      if (!sc)
        return op.emitError()
               << "address space " << llvmPtr.getAddressSpace()
               << " has no SPIR-V storage class in the "
               << (env.vulkan ? "Vulkan" : "OpenCL") << " environment";
      auto ptrType = spirv::PointerType::get(valueType, *sc);
      ptr = UnrealizedConversionCastOp::create(rewriter, loc, ptrType,
                                               convertedAddr)
                .getResult(0);
    }
    auto ptrType = cast<spirv::PointerType>(ptr.getType());
    if (ptrType.getPointeeType() != valueType)
      return op.emitError() << "the SPIR-V pointer " << ptrType
                            << " does not point to " << valueType;
    return ptr;
  }

  Env env;
};

/// xfence.fence -> spirv.MemoryBarrier <Scope>, <order | storage bits>.
struct FenceToSPIRV : XFenceToSPIRVPattern<FenceOp> {
  using XFenceToSPIRVPattern::XFenceToSPIRVPattern;
  LogicalResult
  matchAndRewrite(FenceOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<spirv::MemoryBarrierOp>(
        op, toSPIRVScope(op.getScope()),
        toSPIRVSemantics(op.getOrder(), op.getSpaces(), env.vulkan));
    return success();
  }
};

/// xfence.barrier -> spirv.ControlBarrier <Exec>, <Mem>, <Semantics>. An
/// execution-only barrier has semantics None (memory scope: its execution
/// scope, which orders nothing with None).
struct BarrierToSPIRV : XFenceToSPIRVPattern<BarrierOp> {
  using XFenceToSPIRVPattern::XFenceToSPIRVPattern;
  LogicalResult
  matchAndRewrite(BarrierOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.isPartial())
      return op.emitError("a barrier over part of a subgroup (lane mask) has "
                          "no SPIR-V form");
    spirv::Scope exec = toSPIRVScope(op.getExecScope());
    spirv::Scope mem = exec;
    Sem sem = Sem::None;
    if (op.ordersMemory()) {
      sem = toSPIRVSemantics(*op.getOrder(), op.getSpaces(), env.vulkan);
      mem = memoryScope(*op.getMemoryScope(), sem, env.vulkan);
    }
    rewriter.replaceOpWithNewOp<spirv::ControlBarrierOp>(op, exec, mem, sem);
    return success();
  }
};

/// A reducing barrier is one instruction on PTX only (bar.red); the
/// legalization refuses it for SPIR-V. The pattern names the op should it
/// reach the conversion in another way.
struct BarrierReduceToSPIRV : XFenceToSPIRVPattern<BarrierReduceOp> {
  using XFenceToSPIRVPattern::XFenceToSPIRVPattern;
  LogicalResult matchAndRewrite(BarrierReduceOp op, OpAdaptor,
                                ConversionPatternRewriter &) const override {
    return op.emitError(
        "xfence.barrier_reduce has no SPIR-V form: OpControlBarrier does not "
        "reduce, and a group reduction (OpGroupNonUniform*) is no barrier");
  }
};

struct RMWToSPIRV : XFenceToSPIRVPattern<AtomicRMWOp> {
  using XFenceToSPIRVPattern::XFenceToSPIRVPattern;

  template <typename SPIRVOp>
  static Value build(ConversionPatternRewriter &rewriter, Location loc,
                     Type type, Value ptr, spirv::Scope scope, Sem sem,
                     Value value) {
    return SPIRVOp::create(rewriter, loc, type, ptr, scope, sem, value);
  }

  LogicalResult
  matchAndRewrite(AtomicRMWOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = op.getValue().getType();
    bool isFloat = isa<FloatType>(type);
    AtomicRMWKind kind = op.getKind();
    if (isFloat && kind != AtomicRMWKind::fadd && kind != AtomicRMWKind::xchg)
      return op.emitError() << "SPIR-V has no atomic '"
                            << stringifyAtomicRMWKind(kind) << "' on " << type;
    if (!isFloat && kind == AtomicRMWKind::fadd)
      return op.emitError() << "atomic 'fadd' needs a float, not " << type;
    FailureOr<Value> ptr =
        getPointer(op, adaptor.getAddr(), adaptor.getIndices(), type, rewriter);
    if (failed(ptr))
      return failure();
    Location loc = op.getLoc();
    Sem sem = toSPIRVAtomicSemantics(op.getOrder(), env.vulkan);
    spirv::Scope scope = memoryScope(op.getScope(), sem, env.vulkan);
    Value value = adaptor.getValue();
    Value result;
    switch (kind) {
    case AtomicRMWKind::add:
      result = build<spirv::AtomicIAddOp>(rewriter, loc, type, *ptr, scope, sem,
                                          value);
      break;
    case AtomicRMWKind::sub:
      result = build<spirv::AtomicISubOp>(rewriter, loc, type, *ptr, scope, sem,
                                          value);
      break;
    case AtomicRMWKind::and_:
      result = build<spirv::AtomicAndOp>(rewriter, loc, type, *ptr, scope, sem,
                                         value);
      break;
    case AtomicRMWKind::or_:
      result = build<spirv::AtomicOrOp>(rewriter, loc, type, *ptr, scope, sem,
                                        value);
      break;
    case AtomicRMWKind::xor_:
      result = build<spirv::AtomicXorOp>(rewriter, loc, type, *ptr, scope, sem,
                                         value);
      break;
    case AtomicRMWKind::min:
      result = build<spirv::AtomicSMinOp>(rewriter, loc, type, *ptr, scope, sem,
                                          value);
      break;
    case AtomicRMWKind::max:
      result = build<spirv::AtomicSMaxOp>(rewriter, loc, type, *ptr, scope, sem,
                                          value);
      break;
    case AtomicRMWKind::umin:
      result = build<spirv::AtomicUMinOp>(rewriter, loc, type, *ptr, scope, sem,
                                          value);
      break;
    case AtomicRMWKind::umax:
      result = build<spirv::AtomicUMaxOp>(rewriter, loc, type, *ptr, scope, sem,
                                          value);
      break;
    case AtomicRMWKind::xchg:
      result = build<spirv::AtomicExchangeOp>(rewriter, loc, type, *ptr, scope,
                                              sem, value);
      break;
    case AtomicRMWKind::fadd:
      result = build<spirv::EXTAtomicFAddOp>(rewriter, loc, type, *ptr, scope,
                                             sem, value);
      break;
    case AtomicRMWKind::inc:
    case AtomicRMWKind::dec:
      // OpAtomicIIncrement/IDecrement do not wrap at an operand.
      return op.emitError() << "atomic '" << stringifyAtomicRMWKind(kind)
                            << "' (wrapping at the operand) has no SPIR-V form";
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// xfence.atomic_cmpxchg -> spirv.AtomicCompareExchange[Weak] (Value =
/// desired, Comparator = expected; Equal = success order, Unequal = failure
/// order) and spirv.IEqual of the old and the expected value.
struct CmpXchgToSPIRV : XFenceToSPIRVPattern<AtomicCmpXchgOp> {
  using XFenceToSPIRVPattern::XFenceToSPIRVPattern;
  LogicalResult
  matchAndRewrite(AtomicCmpXchgOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = op.getDesired().getType();
    if (!isa<IntegerType>(type))
      return op.emitError()
             << "SPIR-V has no atomic compare-exchange on " << type;
    FailureOr<Value> ptr =
        getPointer(op, adaptor.getAddr(), adaptor.getIndices(), type, rewriter);
    if (failed(ptr))
      return failure();
    Location loc = op.getLoc();
    Sem equal = toSPIRVAtomicSemantics(op.getSuccessOrder(), env.vulkan);
    Sem unequal = toSPIRVAtomicSemantics(op.getFailureOrder(), env.vulkan);
    // The failure order is never stronger than the success order.
    spirv::Scope scope = memoryScope(op.getScope(), equal, env.vulkan);
    Value old;
    // OpAtomicCompareExchangeWeak "has the same semantics as
    // OpAtomicCompareExchange" (SPIR-V spec); where it does not exist the
    // strong form is used, which never fails spuriously.
    if (op.getWeak() && env.weakCmpXchg)
      old = spirv::AtomicCompareExchangeWeakOp::create(
          rewriter, loc, type, *ptr, scope, equal, unequal,
          adaptor.getDesired(), adaptor.getExpected());
    else
      old = spirv::AtomicCompareExchangeOp::create(
          rewriter, loc, type, *ptr, scope, equal, unequal,
          adaptor.getDesired(), adaptor.getExpected());
    Value stored =
        spirv::IEqualOp::create(rewriter, loc, old, adaptor.getExpected());
    rewriter.replaceOp(op, {old, stored});
    return success();
  }
};

/// xfence.atomic_load -> OpAtomicLoad. MLIR's SPIR-V dialect has no
/// OpAtomicLoad; the load is written as the `spirv.AtomicOr` of 0 that
/// carries kAtomicLoadAttrName, which --export-spirv serializes as an
/// OpAtomicLoad with the same pointer, scope and semantics. It must not stay
/// an OR: a read-modify-write writes, so it races with plain reads that an
/// atomic load does not race with, and it faults on read-only buffers.
struct LoadToSPIRV : XFenceToSPIRVPattern<AtomicLoadOp> {
  using XFenceToSPIRVPattern::XFenceToSPIRVPattern;
  LogicalResult
  matchAndRewrite(AtomicLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = op.getResult().getType();
    if (!isa<IntegerType>(type))
      return op.emitError()
             << "no SPIR-V atomic load of " << type
             << " (the SPIR-V dialect route writes atomic loads of integers "
                "only)";
    FailureOr<Value> ptr =
        getPointer(op, adaptor.getAddr(), adaptor.getIndices(), type, rewriter);
    if (failed(ptr))
      return failure();
    auto sc = cast<spirv::PointerType>(ptr->getType()).getStorageClass();
    if (isReadOnly(sc))
      return op.emitError()
             << "no SPIR-V atomic load from storage class "
             << spirv::stringifyStorageClass(sc) << " (read-only memory)";
    Location loc = op.getLoc();
    Value zero = spirv::ConstantOp::create(rewriter, loc, type,
                                           rewriter.getIntegerAttr(type, 0));
    Sem sem = toSPIRVAtomicSemantics(op.getOrder(), env.vulkan);
    auto load = rewriter.replaceOpWithNewOp<spirv::AtomicOrOp>(
        op, type, *ptr, memoryScope(op.getScope(), sem, env.vulkan), sem,
        zero);
    load->setAttr(kAtomicLoadAttrName, rewriter.getUnitAttr());
    return success();
  }
};

/// xfence.atomic_store -> OpAtomicStore: MLIR's SPIR-V dialect has none, so
/// the store is a spirv.AtomicExchange whose result is unused, marked with
/// kAtomicStoreAttrName, which --export-spirv serializes as OpAtomicStore
/// (an exchange would also read: a stronger, dearer access).
struct StoreToSPIRV : XFenceToSPIRVPattern<AtomicStoreOp> {
  using XFenceToSPIRVPattern::XFenceToSPIRVPattern;
  LogicalResult
  matchAndRewrite(AtomicStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = op.getValue().getType();
    FailureOr<Value> ptr =
        getPointer(op, adaptor.getAddr(), adaptor.getIndices(), type, rewriter);
    if (failed(ptr))
      return failure();
    Sem sem = toSPIRVAtomicSemantics(op.getOrder(), env.vulkan);
    auto store = spirv::AtomicExchangeOp::create(
        rewriter, op.getLoc(), type, *ptr,
        memoryScope(op.getScope(), sem, env.vulkan), sem, adaptor.getValue());
    store->setAttr(kAtomicStoreAttrName, rewriter.getUnitAttr());
    rewriter.eraseOp(op);
    return success();
  }
};

/// The target environment: the `spirv.target_env` in scope, or a default
/// for the environment (OpenCL: SPIR-V 1.0 Kernel, Addresses,
/// GenericPointer, Int64; Vulkan: MLIR's default Vulkan environment).
FailureOr<spirv::TargetEnvAttr> getTargetEnv(Operation *root, bool vulkan) {
  MLIRContext *ctx = root->getContext();
  spirv::TargetEnvAttr attr = spirv::lookupTargetEnv(root);
  if (!attr) {
    if (vulkan)
      return spirv::getDefaultTargetEnv(ctx);
    auto triple = spirv::VerCapExtAttr::get(
        spirv::Version::V_1_0,
        {spirv::Capability::Kernel, spirv::Capability::Addresses,
         spirv::Capability::GenericPointer, spirv::Capability::Int64},
        {}, ctx);
    return spirv::TargetEnvAttr::get(
        triple, spirv::getDefaultResourceLimits(ctx), spirv::ClientAPI::OpenCL);
  }
  spirv::ClientAPI api = attr.getClientAPI();
  if ((vulkan && api == spirv::ClientAPI::OpenCL) ||
      (!vulkan && api == spirv::ClientAPI::Vulkan)) {
    root->emitError() << "convert-xfence-to-spirv: vulkan="
                      << (vulkan ? "true" : "false")
                      << " does not match the target environment " << attr;
    return failure();
  }
  return attr;
}

struct ConvertXFenceToSPIRVPass
    : xfence::impl::ConvertXFenceToSPIRVBase<ConvertXFenceToSPIRVPass> {
  using ConvertXFenceToSPIRVBase::ConvertXFenceToSPIRVBase;

  void runOnOperation() override {
    Operation *root = getOperation();
    if (failed(legalizeForTarget(root, spirvCapabilities(vulkan))))
      return signalPassFailure();

    FailureOr<spirv::TargetEnvAttr> targetEnv = getTargetEnv(root, vulkan);
    if (failed(targetEnv))
      return signalPassFailure();
    MLIRContext *ctx = &getContext();
    SPIRVTypeConverter converter(*targetEnv);
    if (failed(checkXFenceAtomicTypes(root, converter)))
      return signalPassFailure();
    RewritePatternSet patterns(ctx);
    populateXFenceToSPIRVPatterns(converter, patterns, vulkan);

    ConversionTarget target(*ctx);
    target.addLegalDialect<spirv::SPIRVDialect>();
    target.addLegalOp<UnrealizedConversionCastOp>();
    target.addIllegalDialect<XFenceDialect>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    if (failed(applyPartialConversion(root, target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

LogicalResult
xfence::checkXFenceAtomicTypes(Operation *root,
                               const SPIRVTypeConverter &converter) {
  bool failedAny = false;
  root->walk([&](Operation *op) {
    Type type;
    if (auto rmw = dyn_cast<AtomicRMWOp>(op))
      type = rmw.getValue().getType();
    else if (auto cas = dyn_cast<AtomicCmpXchgOp>(op))
      type = cas.getDesired().getType();
    else if (auto load = dyn_cast<AtomicLoadOp>(op))
      type = load.getResult().getType();
    else if (auto store = dyn_cast<AtomicStoreOp>(op))
      type = store.getValue().getType();
    else
      return;
    if (converter.convertType(type) == type)
      return;
    op->emitError() << "value type " << type
                    << " is not a SPIR-V type of the target environment (it "
                       "would be emulated; an atomic cannot be)";
    failedAny = true;
  });
  return failure(failedAny);
}

void xfence::populateXFenceToSPIRVPatterns(SPIRVTypeConverter &converter,
                                           RewritePatternSet &patterns,
                                           bool vulkan) {
  const spirv::TargetEnv &env = converter.getTargetEnv();
  bool kernel = env.allows(spirv::Capability::Kernel);
  Env shared;
  shared.vulkan = vulkan;
  shared.weakCmpXchg =
      !vulkan && kernel && env.getVersion() <= spirv::Version::V_1_3;
  shared.memorySpaceMap = kernel ? spirv::mapMemorySpaceToOpenCLStorageClass
                                 : spirv::mapMemorySpaceToVulkanStorageClass;

  // Addresses given as !llvm.ptr stay as they are until a pattern casts
  // them to a SPIR-V pointer of the accessed type.
  converter.addConversion([](LLVM::LLVMPointerType type) { return type; });
  // A memref in a numeric (or GPU) memory space is first mapped to its
  // storage class, as map-memref-spirv-storage-class and
  // convert-gpu-to-spirv do, so that the pointer types agree with theirs.
  converter.addConversion([&converter, map = shared.memorySpaceMap](
                              MemRefType type) -> std::optional<Type> {
    if (isa_and_nonnull<spirv::StorageClassAttr>(type.getMemorySpace()))
      return std::nullopt; // SPIRVTypeConverter's own conversion
    std::optional<spirv::StorageClass> sc =
        memrefStorageClass(type.getMemorySpace(), map);
    if (!sc)
      return Type();
    return converter.convertType(MemRefType::get(
        type.getShape(), type.getElementType(), type.getLayout(),
        spirv::StorageClassAttr::get(type.getContext(), *sc)));
  });

  patterns.add<FenceToSPIRV, BarrierToSPIRV, BarrierReduceToSPIRV, RMWToSPIRV,
               CmpXchgToSPIRV, LoadToSPIRV, StoreToSPIRV>(
      converter, patterns.getContext(), shared);
}
