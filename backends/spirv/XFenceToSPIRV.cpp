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
#include "backends/llvm/XFenceLowering.h"
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

namespace {

/// The SPIR-V Scope of each xfence scope (semantics.md §1). Legalization has
/// widened cluster to device; it never reaches here.
constexpr std::pair<Scope, spirv::Scope> kScopes[] = {
    {Scope::thread, spirv::Scope::Invocation},
    {Scope::subgroup, spirv::Scope::Subgroup},
    {Scope::workgroup, spirv::Scope::Workgroup},
    {Scope::cluster, spirv::Scope::Device},
    {Scope::device, spirv::Scope::Device},
    {Scope::system, spirv::Scope::CrossDevice},
};

/// The order bit of MemorySemantics for each memory order; relaxed has
/// none.
constexpr std::pair<MemoryOrder, Sem> kOrderBits[] = {
    {MemoryOrder::relaxed, Sem::None},
    {MemoryOrder::acquire, Sem::Acquire},
    {MemoryOrder::release, Sem::Release},
    {MemoryOrder::acq_rel, Sem::AcquireRelease},
    {MemoryOrder::seq_cst, Sem::SequentiallyConsistent},
};

template <typename SPIRVOp>
Value buildRMW(OpBuilder &builder, Location loc, Type type, Value ptr,
               spirv::Scope scope, Sem sem, Value value) {
  return SPIRVOp::create(builder, loc, type, ptr, scope, sem, value);
}

/// The SPIR-V forms of each read-modify-write kind that has one.
/// OpAtomicIIncrement/IDecrement do not wrap at an operand: inc and dec
/// have none.
constexpr SPIRVAtomicRMW kRMWs[] = {
    {AtomicRMWKind::add, "__spirv_AtomicIAdd", buildRMW<spirv::AtomicIAddOp>},
    {AtomicRMWKind::sub, "__spirv_AtomicISub", buildRMW<spirv::AtomicISubOp>},
    {AtomicRMWKind::and_, "__spirv_AtomicAnd", buildRMW<spirv::AtomicAndOp>},
    {AtomicRMWKind::or_, "__spirv_AtomicOr", buildRMW<spirv::AtomicOrOp>},
    {AtomicRMWKind::xor_, "__spirv_AtomicXor", buildRMW<spirv::AtomicXorOp>},
    {AtomicRMWKind::min, "__spirv_AtomicSMin", buildRMW<spirv::AtomicSMinOp>},
    {AtomicRMWKind::max, "__spirv_AtomicSMax", buildRMW<spirv::AtomicSMaxOp>},
    {AtomicRMWKind::umin, "__spirv_AtomicUMin", buildRMW<spirv::AtomicUMinOp>},
    {AtomicRMWKind::umax, "__spirv_AtomicUMax", buildRMW<spirv::AtomicUMaxOp>},
    {AtomicRMWKind::xchg, "__spirv_AtomicExchange",
     buildRMW<spirv::AtomicExchangeOp>},
    {AtomicRMWKind::fadd, "__spirv_AtomicFAddEXT",
     buildRMW<spirv::EXTAtomicFAddOp>},
};

} // namespace

spirv::Scope xfence::toSPIRVScope(Scope scope) {
  return lookup(kScopes, scope);
}

const SPIRVAtomicRMW *xfence::getSPIRVAtomicRMW(AtomicRMWOp op) {
  AtomicRMWKind kind = op.getKind();
  const SPIRVAtomicRMW *rmw = llvm::find_if(
      kRMWs, [&](const SPIRVAtomicRMW &row) { return row.key == kind; });
  if (rmw == std::end(kRMWs)) {
    op.emitError() << "atomic '" << stringifyAtomicRMWKind(kind)
                   << "' (wrapping at the operand) has no SPIR-V form";
    return nullptr;
  }
  Type type = op.getValue().getType();
  bool isFloat = isa<FloatType>(type);
  if (isFloat && kind != AtomicRMWKind::fadd && kind != AtomicRMWKind::xchg) {
    op.emitError() << "SPIR-V has no atomic '" << stringifyAtomicRMWKind(kind)
                   << "' on " << type;
    return nullptr;
  }
  if (!isFloat && kind == AtomicRMWKind::fadd) {
    op.emitError() << "atomic 'fadd' needs a float, not " << type;
    return nullptr;
  }
  return rmw;
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
  if (order == MemoryOrder::relaxed)
    return Sem::None;
  assert(!(vulkan && order == MemoryOrder::seq_cst) &&
         "legalization refuses seq_cst under Vulkan");
  Sem sem = lookup(kOrderBits, order) | storageBits(spaces, vulkan);
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
  return llvm::is_contained(
      {spirv::StorageClass::Uniform, spirv::StorageClass::UniformConstant,
       spirv::StorageClass::PushConstant, spirv::StorageClass::Input},
      sc);
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

/// What an atomic accesses: the value type, the SPIR-V pointer to its
/// element, and the memory scope and semantics of the access.
struct AtomicAccess {
  Type type;
  Value ptr;
  spirv::Scope scope;
  Sem sem;
};

/// The value type and the memory order of an atomic's access where SPIR-V
/// has the atomic; failure after an error at the op otherwise.
struct AccessKind {
  Type type;
  MemoryOrder order;
};

FailureOr<AccessKind> accessKind(AtomicRMWOp op) {
  if (!getSPIRVAtomicRMW(op))
    return failure();
  return AccessKind{op.getValue().getType(), op.getOrder()};
}

/// The scope of a compare-exchange is its success order's: the failure
/// order is never stronger.
FailureOr<AccessKind> accessKind(AtomicCmpXchgOp op) {
  Type type = op.getDesired().getType();
  if (!isa<IntegerType>(type))
    return op.emitError() << "SPIR-V has no atomic compare-exchange on "
                          << type;
  return AccessKind{type, op.getSuccessOrder()};
}

FailureOr<AccessKind> accessKind(AtomicLoadOp op) {
  Type type = op.getResult().getType();
  if (!isa<IntegerType>(type))
    return op.emitError()
           << "no SPIR-V atomic load of " << type
           << " (the SPIR-V dialect route writes atomic loads of integers "
              "only)";
  return AccessKind{type, op.getOrder()};
}

FailureOr<AccessKind> accessKind(AtomicStoreOp op) {
  return AccessKind{op.getValue().getType(), op.getOrder()};
}

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

  /// The access of the atomic `op` (accessKind), or failure after an error
  /// at the op.
  FailureOr<AtomicAccess> getAccess(OpT op, typename OpT::Adaptor adaptor,
                                    ConversionPatternRewriter &rewriter) const {
    FailureOr<AccessKind> kind = accessKind(op);
    if (failed(kind))
      return failure();
    FailureOr<Value> ptr = getPointer(
        op, adaptor.getAddr(), adaptor.getIndices(), kind->type, rewriter);
    if (failed(ptr))
      return failure();
    Sem sem = toSPIRVAtomicSemantics(kind->order, env.vulkan);
    return AtomicAccess{kind->type, *ptr,
                        memoryScope(op.getScope(), sem, env.vulkan), sem};
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

/// xfence.barrier -> spirv.ControlBarrier <Exec>, <Mem>, <Semantics>.
struct BarrierToSPIRV : XFenceToSPIRVPattern<BarrierOp> {
  using XFenceToSPIRVPattern::XFenceToSPIRVPattern;
  LogicalResult
  matchAndRewrite(BarrierOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<SPIRVBarrier> barrier = toSPIRVBarrier(op, env.vulkan);
    if (failed(barrier))
      return failure();
    rewriter.replaceOpWithNewOp<spirv::ControlBarrierOp>(
        op, barrier->exec, barrier->memory, barrier->semantics);
    return success();
  }
};

/// A reducing barrier is one instruction on PTX only (bar.red); the
/// legalization refuses it for SPIR-V. The pattern names the op should it
/// reach the conversion in another way.
struct BarrierReduceToSPIRV : OpConversionPattern<BarrierReduceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult matchAndRewrite(BarrierReduceOp op, OpAdaptor,
                                ConversionPatternRewriter &) const override {
    return op.emitError(
        "xfence.barrier_reduce has no SPIR-V form: OpControlBarrier does not "
        "reduce, and a group reduction (OpGroupNonUniform*) is no barrier");
  }
};

/// xfence.atomic_rmw -> spirv.Atomic<Op> (getSPIRVAtomicRMW).
LogicalResult lowerAtomic(ConversionPatternRewriter &rewriter, AtomicRMWOp op,
                          AtomicRMWOp::Adaptor adaptor,
                          const AtomicAccess &access, const Env &) {
  const SPIRVAtomicRMW *rmw = getSPIRVAtomicRMW(op);
  rewriter.replaceOp(op,
                     rmw->build(rewriter, op.getLoc(), access.type, access.ptr,
                                access.scope, access.sem, adaptor.getValue()));
  return success();
}

/// xfence.atomic_cmpxchg -> spirv.AtomicCompareExchange[Weak] (Value =
/// desired, Comparator = expected; Equal = success order, Unequal = failure
/// order) and spirv.IEqual of the old and the expected value.
LogicalResult lowerAtomic(ConversionPatternRewriter &rewriter,
                          AtomicCmpXchgOp op, AtomicCmpXchgOp::Adaptor adaptor,
                          const AtomicAccess &access, const Env &env) {
  Location loc = op.getLoc();
  Sem unequal = toSPIRVAtomicSemantics(op.getFailureOrder(), env.vulkan);
  Value old;
  // OpAtomicCompareExchangeWeak "has the same semantics as
  // OpAtomicCompareExchange" (SPIR-V spec); where it does not exist the
  // strong form is used, which never fails spuriously.
  if (op.getWeak() && env.weakCmpXchg)
    old = spirv::AtomicCompareExchangeWeakOp::create(
        rewriter, loc, access.type, access.ptr, access.scope, access.sem,
        unequal, adaptor.getDesired(), adaptor.getExpected());
  else
    old = spirv::AtomicCompareExchangeOp::create(
        rewriter, loc, access.type, access.ptr, access.scope, access.sem,
        unequal, adaptor.getDesired(), adaptor.getExpected());
  Value stored =
      spirv::IEqualOp::create(rewriter, loc, old, adaptor.getExpected());
  rewriter.replaceOp(op, {old, stored});
  return success();
}

/// xfence.atomic_load -> OpAtomicLoad. MLIR's SPIR-V dialect has no
/// OpAtomicLoad; the load is written as the `spirv.AtomicOr` of 0 that
/// carries kAtomicLoadAttrName, which --export-spirv serializes as an
/// OpAtomicLoad with the same pointer, scope and semantics. It must not stay
/// an OR: a read-modify-write writes, so it races with plain reads that an
/// atomic load does not race with, and it faults on read-only buffers.
LogicalResult lowerAtomic(ConversionPatternRewriter &rewriter, AtomicLoadOp op,
                          AtomicLoadOp::Adaptor, const AtomicAccess &access,
                          const Env &) {
  auto sc = cast<spirv::PointerType>(access.ptr.getType()).getStorageClass();
  if (isReadOnly(sc))
    return op.emitError() << "no SPIR-V atomic load from storage class "
                          << spirv::stringifyStorageClass(sc)
                          << " (read-only memory)";
  Value zero =
      spirv::ConstantOp::create(rewriter, op.getLoc(), access.type,
                                rewriter.getIntegerAttr(access.type, 0));
  auto load = rewriter.replaceOpWithNewOp<spirv::AtomicOrOp>(
      op, access.type, access.ptr, access.scope, access.sem, zero);
  load->setAttr(kAtomicLoadAttrName, rewriter.getUnitAttr());
  return success();
}

/// xfence.atomic_store -> OpAtomicStore: MLIR's SPIR-V dialect has none, so
/// the store is a spirv.AtomicExchange whose result is unused, marked with
/// kAtomicStoreAttrName, which --export-spirv serializes as OpAtomicStore
/// (an exchange would also read: a stronger, dearer access).
LogicalResult lowerAtomic(ConversionPatternRewriter &rewriter, AtomicStoreOp op,
                          AtomicStoreOp::Adaptor adaptor,
                          const AtomicAccess &access, const Env &) {
  auto store = spirv::AtomicExchangeOp::create(
      rewriter, op.getLoc(), access.type, access.ptr, access.scope, access.sem,
      adaptor.getValue());
  store->setAttr(kAtomicStoreAttrName, rewriter.getUnitAttr());
  rewriter.eraseOp(op);
  return success();
}

/// An xfence atomic -> its SPIR-V form (lowerAtomic) at its access
/// (getAccess).
template <typename OpT> struct AtomicToSPIRV : XFenceToSPIRVPattern<OpT> {
  using XFenceToSPIRVPattern<OpT>::XFenceToSPIRVPattern;
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<AtomicAccess> access = this->getAccess(op, adaptor, rewriter);
    if (failed(access))
      return failure();
    return lowerAtomic(rewriter, op, adaptor, *access, this->env);
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
    if (failed(applyXFenceConversion(root, target, std::move(patterns))))
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

  patterns.add<FenceToSPIRV, BarrierToSPIRV, AtomicToSPIRV<AtomicRMWOp>,
               AtomicToSPIRV<AtomicCmpXchgOp>, AtomicToSPIRV<AtomicLoadOp>,
               AtomicToSPIRV<AtomicStoreOp>>(converter, patterns.getContext(),
                                             shared);
  populateSPIRVBarrierReducePattern(patterns);
}

void xfence::populateSPIRVBarrierReducePattern(RewritePatternSet &patterns) {
  patterns.add<BarrierReduceToSPIRV>(patterns.getContext());
}

FailureOr<SPIRVBarrier> xfence::toSPIRVBarrier(BarrierOp op, bool vulkan) {
  if (op.isPartial())
    return op.emitError("a barrier over part of a subgroup (lane mask) has "
                        "no SPIR-V form");
  SPIRVBarrier barrier;
  barrier.exec = toSPIRVScope(op.getExecScope());
  barrier.memory = barrier.exec;
  barrier.semantics = Sem::None;
  if (op.ordersMemory()) {
    barrier.semantics =
        toSPIRVSemantics(*op.getOrder(), op.getSpaces(), vulkan);
    barrier.memory =
        memoryScope(*op.getMemoryScope(), barrier.semantics, vulkan);
  }
  return barrier;
}
