//===- RaiseLLVM.cpp - LLVM-dialect synchronization to xfence ops ---------===//
//
// The IR path's way into the dialect: Clang compiles a kernel to LLVM IR,
// the IR is imported into the LLVM dialect, and this pass turns its
// synchronization (calls of OpenCL's built-ins, LLVM fences and atomics)
// into xfence ops with the meaning the OpenCL importer gives the same
// constructs (frontends/names/OpenCLSyncNames.h holds the one table of
// names). An LLVM atomic that xfence cannot express is an error at the
// atomic: left as it is, a GPU back end would lower it with a weaker order
// or without its atomicity.
//
//===----------------------------------------------------------------------===//

#include "backends/llvm/XFenceToLLVMCommon.h"
#include "dialect/XFenceOps.h"
#include "frontends/names/AtomicNames.h"
#include "frontends/names/OpenCLSyncNames.h"
#include "frontends/names/PTXSyncNames.h"
#include "passes/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Demangle/Demangle.h"

#include <cstdlib>

namespace xfence {
#define GEN_PASS_DEF_XFENCERAISELLVM
#include "passes/Passes.h.inc"
} // namespace xfence

using namespace mlir;
using namespace xfence;

namespace {

/// What the patterns share: the option, the names raised, the errors.
struct RaiseState {
  bool globalFenceDevice = false;
  /// The OpenCL C version of the source (120, 200, 300), 0 if unknown.
  unsigned openCLVersion = 0;
  llvm::StringSet<> raised;
  bool failed = false;
};

/// The name and the first parameter's pointee type of `_Z<len><name>...`
/// read directly, for the names LLVM's demangler refuses: clang-22 counts
/// one more substitution candidate than the demangler for pointers to
/// `_Atomic` objects (e.g. `S4_` for `memory_order` in
/// `_Z39atomic_compare_exchange_strong_explicitPVU7_AtomiciPii12memory_orderS4_`).
/// The parameter text only tells a signed object from an unsigned one.
std::optional<std::pair<std::string, std::string>>
readMangledPrefix(llvm::StringRef mangled) {
  unsigned length = 0;
  if (!mangled.consume_front("_Z") || mangled.consumeInteger(10, length) ||
      length == 0 || mangled.size() < length)
    return std::nullopt;
  std::string base = mangled.take_front(length).str();
  llvm::StringRef rest = mangled.drop_front(length);
  // Skip the pointer, cv and vendor qualifiers (U3AS1, U7_Atomic).
  while (!rest.empty()) {
    if (rest.consume_front("P") || rest.consume_front("V") ||
        rest.consume_front("K"))
      continue;
    unsigned n = 0;
    if (rest.consume_front("U") && !rest.consumeInteger(10, n) &&
        rest.size() >= n) {
      rest = rest.drop_front(n);
      continue;
    }
    break;
  }
  std::string params = "(";
  if (!rest.empty() && llvm::StringRef("hjmty").contains(rest.front()))
    params += "unsigned";
  params += ")";
  return std::make_pair(base, params);
}

/// The unmangled name and parameter list of an Itanium-mangled function
/// name, if it is one.
std::optional<std::pair<std::string, std::string>>
demangle(llvm::StringRef mangled) {
  llvm::ItaniumPartialDemangler demangler;
  std::string text = mangled.str();
  if (demangler.partialDemangle(text.c_str()))
    return readMangledPrefix(mangled);
  if (!demangler.isFunction())
    return std::nullopt;
  size_t size = 0;
  char *base = demangler.getFunctionBaseName(nullptr, &size);
  char *params = demangler.getFunctionParameters(nullptr, &size);
  std::optional<std::pair<std::string, std::string>> result;
  if (base && params)
    result.emplace(base, params);
  std::free(base);
  std::free(params);
  return result;
}

/// The memory scope of an LLVM sync scope name (NVPTX, AMDGPU and SPIR
/// spellings).
std::optional<Scope> scopeOfSyncScope(llvm::StringRef name) {
  if (name.empty() || name == "system" || name == "all_svm_devices")
    return Scope::system;
  if (name == "singlethread")
    return Scope::thread;
  if (name == "subgroup" || name == "wavefront")
    return Scope::subgroup;
  if (name == "workgroup" || name == "block" || name == "cta")
    return Scope::workgroup;
  if (name == "cluster")
    return Scope::cluster;
  if (name == "device" || name == "agent" || name == "gpu")
    return Scope::device;
  return std::nullopt;
}

constexpr MemorySpaces kAllSpaces =
    MemorySpaces::local | MemorySpaces::global | MemorySpaces::image;

/// `llvm.fence syncscope("S") O` -> `xfence.fence S O [local, global,
/// image]`: an LLVM fence orders every address space.
struct RaiseFence : OpRewritePattern<LLVM::FenceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(LLVM::FenceOp fence,
                                PatternRewriter &rewriter) const override {
    // LLVM has no relaxed (monotonic) fence.
    std::optional<MemoryOrder> order = fromLLVMOrdering(fence.getOrdering());
    std::optional<Scope> scope =
        scopeOfSyncScope(fence.getSyncscope().value_or(""));
    if (!order || *order == MemoryOrder::relaxed || !scope)
      return rewriter.notifyMatchFailure(fence, "unknown order or scope");
    rewriter.replaceOpWithNewOp<FenceOp>(fence, *scope, *order, kAllSpaces);
    return success();
  }
};

/// The order of an LLVM atomic access: `unordered` (weaker than
/// `monotonic`) becomes relaxed, a strengthening.
std::optional<MemoryOrder> orderOfAtomic(LLVM::AtomicOrdering ordering) {
  if (ordering == LLVM::AtomicOrdering::unordered)
    return MemoryOrder::relaxed;
  return fromLLVMOrdering(ordering);
}

/// What an LLVM atomic (`atomicrmw`, `cmpxchg`, `load atomic`, `store
/// atomic`) is in xfence.
struct LLVMAtomic {
  Value addr;
  Type type;
  Scope scope;
  MemoryOrder order;
  /// cmpxchg: the failure order.
  MemoryOrder failureOrder = MemoryOrder::relaxed;
  /// atomicrmw: the operation.
  AtomicRMWKind kind = AtomicRMWKind::add;
};

/// The xfence form of `op` if it is an LLVM atomic: failure, after an error
/// at the atomic, if xfence has none; std::nullopt if `op` is no atomic.
std::optional<FailureOr<LLVMAtomic>> readLLVMAtomic(Operation *op) {
  Value addr;
  Type type;
  LLVM::AtomicOrdering ordering;
  std::optional<LLVM::AtomicOrdering> failureOrdering;
  std::optional<llvm::StringRef> syncScope;
  std::optional<int64_t> alignment;
  bool isVolatile;
  std::optional<LLVM::AtomicBinOp> binOp;
  llvm::StringRef what;
  // What the four atomics name alike.
  auto read = [&](auto atomic, Value ptr, Type valueType,
                  LLVM::AtomicOrdering order, llvm::StringRef name) {
    addr = ptr;
    type = valueType;
    ordering = order;
    syncScope = atomic.getSyncscope();
    alignment = atomic.getAlignment();
    isVolatile = atomic.getVolatile_();
    what = name;
  };
  if (auto rmw = dyn_cast<LLVM::AtomicRMWOp>(op)) {
    read(rmw, rmw.getPtr(), rmw.getVal().getType(), rmw.getOrdering(),
         "atomicrmw");
    binOp = rmw.getBinOp();
  } else if (auto cas = dyn_cast<LLVM::AtomicCmpXchgOp>(op)) {
    read(cas, cas.getPtr(), cas.getVal().getType(), cas.getSuccessOrdering(),
         "cmpxchg");
    failureOrdering = cas.getFailureOrdering();
  } else if (auto load = dyn_cast<LLVM::LoadOp>(op)) {
    if (load.getOrdering() == LLVM::AtomicOrdering::not_atomic)
      return std::nullopt;
    read(load, load.getAddr(), load.getType(), load.getOrdering(),
         "load atomic");
  } else if (auto store = dyn_cast<LLVM::StoreOp>(op)) {
    if (store.getOrdering() == LLVM::AtomicOrdering::not_atomic)
      return std::nullopt;
    read(store, store.getAddr(), store.getValue().getType(),
         store.getOrdering(), "store atomic");
  } else {
    return std::nullopt;
  }

  // An error at the atomic: "LLVM <what> <parts...>".
  auto refuse = [&](const auto &...parts) {
    InFlightDiagnostic diag = op->emitError();
    diag << "LLVM " << what << " ";
    (diag << ... << parts);
    return std::optional<FailureOr<LLVMAtomic>>(
        FailureOr<LLVMAtomic>(failure()));
  };
  if (isVolatile)
    return refuse("is volatile; xfence atomics cannot keep volatile");
  if (!isa<IntegerType, FloatType>(type))
    return refuse("of ", type,
                  " has no xfence form (integer and floating-point objects "
                  "only)");
  unsigned bytes = type.getIntOrFloatBitWidth() / 8;
  if (alignment && *alignment < bytes)
    return refuse("is aligned to ", *alignment, " bytes, less than its ", bytes,
                  "-byte object: no single instruction accesses it");
  std::optional<Scope> scope = scopeOfSyncScope(syncScope.value_or(""));
  if (!scope)
    return refuse("has sync scope \"", syncScope.value_or(""),
                  "\", which xfence does not know");
  LLVMAtomic atomic{addr, type, *scope, *orderOfAtomic(ordering)};
  if (failureOrdering) {
    // LLVM allows a failure order stronger than the success order; xfence,
    // as OpenCL and C++17, does not: the success order takes both (a
    // strengthening).
    MemoryOrder failure = *orderOfAtomic(*failureOrdering);
    atomic.failureOrder = failure;
    if (!isAtLeast(atomic.order, failure))
      atomic.order =
          isAtLeast(failure, atomic.order) ? failure : MemoryOrder::acq_rel;
  }
  if (binOp) {
    // `uinc_wrap`/`udec_wrap` are xfence's `inc`/`dec` (CUDA's
    // atomicInc/atomicDec, the same wrap).
    std::optional<AtomicRMWKind> kind = fromLLVMBinOp(*binOp);
    if (!kind)
      return refuse(LLVM::stringifyAtomicBinOp(*binOp), " has no xfence form");
    bool isFloat = isa<FloatType>(type);
    if (isFloat != (*kind == AtomicRMWKind::fadd) &&
        *kind != AtomicRMWKind::xchg)
      return refuse(LLVM::stringifyAtomicBinOp(*binOp), " of ", type,
                    " has no xfence form");
    atomic.kind = *kind;
  }
  return std::optional<FailureOr<LLVMAtomic>>(FailureOr<LLVMAtomic>(atomic));
}

/// LLVM atomics -> xfence.atomic_rmw, atomic_cmpxchg, atomic_load and
/// atomic_store of the same address, value, scope and order. The pass
/// reports the atomics this cannot raise before it runs the patterns.
template <typename OpT> struct RaiseLLVMAtomic : OpRewritePattern<OpT> {
  using OpRewritePattern<OpT>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpT op,
                                PatternRewriter &rewriter) const override {
    std::optional<FailureOr<LLVMAtomic>> read = readLLVMAtomic(op);
    if (!read || failed(*read))
      return failure();
    const LLVMAtomic &a = **read;
    Location loc = op.getLoc();
    if constexpr (std::is_same_v<OpT, LLVM::AtomicRMWOp>) {
      rewriter.replaceOpWithNewOp<AtomicRMWOp>(op, a.type, a.kind, a.addr,
                                               ValueRange(), op.getVal(),
                                               a.scope, a.order);
    } else if constexpr (std::is_same_v<OpT, LLVM::AtomicCmpXchgOp>) {
      auto cas = AtomicCmpXchgOp::create(
          rewriter, loc, a.type, rewriter.getI1Type(), a.addr, ValueRange(),
          op.getCmp(), op.getVal(), a.scope, a.order, a.failureOrder,
          op.getWeak());
      // LLVM's result is the pair {old, success}.
      Value pair = LLVM::PoisonOp::create(rewriter, loc, op.getType());
      pair = LLVM::InsertValueOp::create(rewriter, loc, pair, cas.getOld(),
                                         ArrayRef<int64_t>{0});
      pair = LLVM::InsertValueOp::create(rewriter, loc, pair, cas.getSuccess(),
                                         ArrayRef<int64_t>{1});
      rewriter.replaceOp(op, pair);
    } else if constexpr (std::is_same_v<OpT, LLVM::LoadOp>) {
      rewriter.replaceOpWithNewOp<AtomicLoadOp>(op, a.type, a.addr,
                                                ValueRange(), a.scope, a.order);
    } else {
      rewriter.replaceOpWithNewOp<AtomicStoreOp>(
          op, op.getValue(), a.addr, ValueRange(), a.scope, a.order);
    }
    return success();
  }
};

constexpr MemorySpaces kCudaSpaces = MemorySpaces::local | MemorySpaces::global;

/// What CUDA's synchronization is in Clang's IR: `__syncthreads()` a block
/// barrier intrinsic, `__threadfence*()` `llvm.nvvm.membar.*`, inline PTX
/// fences and barriers (`asm volatile("fence.acq_rel.gpu;")`). The meaning
/// is the CUDA importer's (frontends/names/PTXSyncNames.h): a fence over
/// local and global memory, a barrier of memory workgroup acq_rel.
LogicalResult replacePTXSync(Operation *op, const PTXSync &sync,
                             PatternRewriter &rewriter) {
  // An inline asm statement without outputs has one unused void result.
  if (!llvm::all_of(op->getResults(), [](Value v) { return v.use_empty(); }))
    return failure();
  rewriter.setInsertionPoint(op);
  if (sync.barrier)
    BarrierOp::create(rewriter, op->getLoc(), Scope::workgroup, kCudaSpaces);
  else
    FenceOp::create(rewriter, op->getLoc(), sync.scope, sync.order,
                    kCudaSpaces);
  rewriter.eraseOp(op);
  return success();
}

struct RaiseNVVMIntrinsic : OpRewritePattern<LLVM::CallIntrinsicOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(LLVM::CallIntrinsicOp call,
                                PatternRewriter &rewriter) const override {
    std::optional<int64_t> id;
    APInt value;
    if (!call.getArgs().empty() &&
        matchPattern(call.getArgs()[0], m_ConstantInt(&value)))
      id = value.getSExtValue();
    std::optional<PTXSync> sync = classifyNVVMIntrinsic(call.getIntrin(), id);
    if (!sync)
      return failure();
    return replacePTXSync(call, *sync, rewriter);
  }
};

struct RaiseNVVMBarrier0 : OpRewritePattern<NVVM::Barrier0Op> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(NVVM::Barrier0Op barrier,
                                PatternRewriter &rewriter) const override {
    return replacePTXSync(barrier, PTXSync{true}, rewriter);
  }
};

struct RaisePTXAsm : OpRewritePattern<LLVM::InlineAsmOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(LLVM::InlineAsmOp asmOp,
                                PatternRewriter &rewriter) const override {
    if (!asmOp.getOperands().empty())
      return failure();
    std::optional<PTXSync> sync = classifyPTXAsm(asmOp.getAsmString());
    if (!sync)
      return failure();
    return replacePTXSync(asmOp, *sync, rewriter);
  }
};

/// A call of one of OpenCL C's synchronization built-ins.
struct RaiseOpenCLCall : OpRewritePattern<LLVM::CallOp> {
  RaiseOpenCLCall(MLIRContext *ctx, RaiseState &state)
      : OpRewritePattern(ctx), state(state) {}

  LogicalResult matchAndRewrite(LLVM::CallOp call,
                                PatternRewriter &rewriter) const override {
    std::optional<llvm::StringRef> callee = call.getCallee();
    if (!callee)
      return failure();
    auto names = demangle(*callee);
    if (!names)
      return failure();
    std::optional<OpenCLSyncBuiltin> b = classifyOpenCLSyncName(names->first);
    if (!b)
      return failure();
    ValueRange args = call.getArgOperands();
    auto constant = [&](unsigned i) -> std::optional<int64_t> {
      APInt value;
      if (i < args.size() && matchPattern(args[i], m_ConstantInt(&value)))
        return value.getSExtValue();
      return std::nullopt;
    };
    // A value the pass cannot read takes the strongest meaning.
    auto spacesArg = [&](unsigned i) {
      std::optional<int64_t> flags = constant(i);
      if (!flags)
        return kAllSpaces;
      return spacesOfOpenCLFlags(*flags);
    };
    auto orderArg = [&](unsigned i, MemoryOrder absent) {
      if (i >= args.size())
        return absent;
      std::optional<int64_t> v = constant(i);
      std::optional<MemoryOrder> order = v ? orderFromOpenCL(*v) : std::nullopt;
      return order.value_or(MemoryOrder::seq_cst);
    };
    auto scopeArg = [&](unsigned i, Scope absent) {
      if (i >= args.size())
        return absent;
      std::optional<int64_t> v = constant(i);
      std::optional<Scope> scope = v ? scopeFromOpenCL(*v) : std::nullopt;
      return scope.value_or(Scope::system);
    };
    // OpenCL 2.0 atomics: seq_cst at memory_scope_device unless _explicit.
    auto c11Order = [&](unsigned i) {
      return b->isExplicit ? orderArg(i, MemoryOrder::seq_cst)
                           : MemoryOrder::seq_cst;
    };
    auto c11Scope = [&](unsigned i) {
      return b->isExplicit ? scopeArg(i, Scope::device) : Scope::device;
    };
    auto impliedScope = [&](MemorySpaces spaces) {
      return state.globalFenceDevice && isAtLeast(spaces, MemorySpaces::global)
                 ? Scope::device
                 : Scope::workgroup;
    };
    auto fail = [&](const llvm::Twine &message) {
      call.emitError(message);
      state.failed = true;
      return failure();
    };
    // The order (at `i`) and the scope (at `i` + 1) of an OpenCL 2.0 atomic
    // `function` that only reads (no release order) or only writes (no
    // acquire order); failure after an error for an order it cannot have.
    auto oneSidedAccess = [&](unsigned i, bool reads, llvm::StringRef function)
        -> FailureOr<std::pair<MemoryOrder, Scope>> {
      MemoryOrder order = c11Order(i);
      MemoryOrder otherHalf =
          reads ? MemoryOrder::release : MemoryOrder::acquire;
      if (order == otherHalf || order == MemoryOrder::acq_rel)
        return fail("memory_order_" + stringifyMemoryOrder(order) +
                    " is not allowed for " + function);
      return std::make_pair(order, c11Scope(i + 1));
    };
    MLIRContext *ctx = rewriter.getContext();
    Location loc = call.getLoc();

    switch (b->kind) {
    case OpenCLSync::WorkGroupBarrier:
    case OpenCLSync::SubGroupBarrier: {
      bool sub = b->kind == OpenCLSync::SubGroupBarrier;
      Scope exec = sub ? Scope::subgroup : Scope::workgroup;
      MemorySpaces spaces = spacesArg(0);
      Scope scope = scopeArg(1, exec);
      if (!sub && args.size() == 1)
        scope = impliedScope(spaces);
      state.raised.insert(*callee);
      if (spaces == MemorySpaces::none) {
        rewriter.replaceOpWithNewOp<BarrierOp>(call, exec, nullptr, nullptr,
                                               MemorySpaces::none, Value());
        return success();
      }
      std::string why;
      std::optional<Scope> memory =
          openCLBarrierScope(spaces, scope, exec, why);
      if (!memory)
        return fail(why);
      rewriter.replaceOpWithNewOp<BarrierOp>(
          call, exec, ScopeAttr::get(ctx, *memory),
          MemoryOrderAttr::get(ctx, MemoryOrder::acq_rel), spaces, Value());
      return success();
    }
    case OpenCLSync::LegacyFence: {
      MemorySpaces spaces = spacesArg(0);
      state.raised.insert(*callee);
      rewriter.replaceOpWithNewOp<FenceOp>(
          call, impliedScope(spaces),
          legacyFenceOrder(b->legacyFence, state.openCLVersion), spaces);
      return success();
    }
    case OpenCLSync::WorkItemFence: {
      MemorySpaces spaces = spacesArg(0);
      MemoryOrder order = orderArg(1, MemoryOrder::seq_cst);
      Scope scope = scopeArg(2, Scope::device);
      if (spaces == MemorySpaces::local && isAtLeast(scope, Scope::workgroup))
        scope = Scope::workgroup;
      state.raised.insert(*callee);
      rewriter.replaceOpWithNewOp<FenceOp>(call, scope, order, spaces);
      return success();
    }
    default:
      break;
    }

    // Atomics: the object is the first argument.
    if (args.empty() || !isa<LLVM::LLVMPointerType>(args[0].getType()))
      return failure();
    Value addr = args[0];
    unsigned as = cast<LLVM::LLVMPointerType>(addr.getType()).getAddressSpace();
    // 1.x atomics: relaxed, at the scope of the object's address space.
    Scope legacyScope = as == 3 ? Scope::workgroup : Scope::device;
    // The object's value type: the result, else the stored value.
    Type type = call.getNumResults() ? call.getResult().getType() : Type();
    bool isUnsigned =
        llvm::StringRef(names->second).split(',').first.contains("unsigned");
    auto rmwKind = [&](AtomicRMWKind kind) {
      return rmwKindForType(kind, isUnsigned, isa<FloatType>(type));
    };
    auto atomicType = [&](Type t) {
      return t && (isa<IntegerType>(t) || isa<FloatType>(t));
    };

    switch (b->kind) {
    case OpenCLSync::LegacyRMW:
    case OpenCLSync::RMW: {
      if (!atomicType(type) || (!b->impliedOne && args.size() < 2))
        return failure();
      AtomicRMWKind kind = rmwKind(b->rmw);
      if (isa<FloatType>(type) && kind != AtomicRMWKind::xchg &&
          kind != AtomicRMWKind::fadd)
        return fail("atomic '" + stringifyAtomicRMWKind(kind) +
                    "' on a floating-point object");
      Value value =
          b->impliedOne
              ? LLVM::ConstantOp::create(rewriter, loc, type,
                                         rewriter.getIntegerAttr(type, 1))
                    .getResult()
              : args[1];
      bool legacy = b->kind == OpenCLSync::LegacyRMW;
      unsigned orderAt = b->impliedOne ? 1 : 2;
      MemoryOrder order = legacy ? MemoryOrder::relaxed : c11Order(orderAt);
      Scope scope = legacy ? legacyScope : c11Scope(orderAt + 1);
      state.raised.insert(*callee);
      rewriter.replaceOpWithNewOp<AtomicRMWOp>(
          call, type, kind, addr, ValueRange(), value, scope, order);
      return success();
    }
    case OpenCLSync::LegacyCmpXchg: {
      if (!atomicType(type) || args.size() < 3)
        return failure();
      state.raised.insert(*callee);
      auto op = AtomicCmpXchgOp::create(
          rewriter, loc, type, rewriter.getI1Type(), addr, ValueRange(),
          args[1], args[2], legacyScope, MemoryOrder::relaxed,
          MemoryOrder::relaxed, false);
      rewriter.replaceOp(call, op.getOld());
      return success();
    }
    case OpenCLSync::Load: {
      if (!atomicType(type))
        return failure();
      FailureOr<std::pair<MemoryOrder, Scope>> access =
          oneSidedAccess(1, /*reads=*/true, "atomic_load");
      if (failed(access))
        return failure();
      auto [order, scope] = *access;
      state.raised.insert(*callee);
      rewriter.replaceOpWithNewOp<AtomicLoadOp>(call, type, addr, ValueRange(),
                                                scope, order);
      return success();
    }
    case OpenCLSync::Store: {
      if (args.size() < 2 || !atomicType(args[1].getType()))
        return failure();
      FailureOr<std::pair<MemoryOrder, Scope>> access =
          oneSidedAccess(2, /*reads=*/false, "atomic_store");
      if (failed(access))
        return failure();
      auto [order, scope] = *access;
      state.raised.insert(*callee);
      rewriter.replaceOpWithNewOp<AtomicStoreOp>(call, args[1], addr,
                                                 ValueRange(), scope, order);
      return success();
    }
    case OpenCLSync::CmpXchg: {
      // (obj, expected*, desired[, success, failure[, scope]]): `expected`
      // is read before and written with the old value on failure only.
      if (args.size() < 3 || !atomicType(args[2].getType()) ||
          !isa<LLVM::LLVMPointerType>(args[1].getType()) ||
          call.getNumResults() != 1 ||
          !isa<IntegerType>(call.getResult().getType()))
        return failure();
      Type valueType = args[2].getType();
      MemoryOrder successOrder = c11Order(3);
      MemoryOrder failOrder = c11Order(4);
      if (failOrder == MemoryOrder::release ||
          failOrder == MemoryOrder::acq_rel)
        return fail("the failure order of a compare-exchange cannot be "
                    "release or acq_rel");
      if (!isAtLeast(successOrder, failOrder))
        return fail("the failure order of a compare-exchange cannot be "
                    "stronger than its success order");
      Scope scope = c11Scope(5);
      state.raised.insert(*callee);
      Value expectedPtr = args[1];
      Value expected =
          LLVM::LoadOp::create(rewriter, loc, valueType, expectedPtr);
      auto op = AtomicCmpXchgOp::create(
          rewriter, loc, valueType, rewriter.getI1Type(), addr, ValueRange(),
          expected, args[2], scope, successOrder, failOrder, b->weak);
      Value result = resultFromBool(rewriter, loc, op.getSuccess(),
                                    call.getResult().getType());
      // Split after the call: on failure, a block stores the old value
      // into `expected`, then both paths meet in the rest of the block.
      Block *head = call->getBlock();
      Block *rest = rewriter.splitBlock(head, std::next(call->getIterator()));
      Block *onFailure = rewriter.createBlock(rest);
      LLVM::StoreOp::create(rewriter, loc, op.getOld(), expectedPtr);
      LLVM::BrOp::create(rewriter, loc, ValueRange(), rest);
      rewriter.setInsertionPointToEnd(head);
      LLVM::CondBrOp::create(rewriter, loc, op.getSuccess(), rest, onFailure);
      rewriter.replaceOp(call, result);
      return success();
    }
    case OpenCLSync::FlagTestAndSet: {
      // (obj[, order[, scope]]): an exchange with 1; true if it was set.
      if (call.getNumResults() != 1 ||
          !isa<IntegerType>(call.getResult().getType()))
        return failure();
      MemoryOrder order = c11Order(1);
      Scope scope = c11Scope(2);
      state.raised.insert(*callee);
      Type flagType = rewriter.getI32Type();
      Value one = LLVM::ConstantOp::create(rewriter, loc, flagType,
                                           rewriter.getI32IntegerAttr(1));
      Value old =
          AtomicRMWOp::create(rewriter, loc, flagType, AtomicRMWKind::xchg,
                              addr, ValueRange(), one, scope, order);
      Value zero = LLVM::ConstantOp::create(rewriter, loc, flagType,
                                            rewriter.getI32IntegerAttr(0));
      Value wasSet = LLVM::ICmpOp::create(rewriter, loc,
                                          LLVM::ICmpPredicate::ne, old, zero);
      rewriter.replaceOp(call, resultFromBool(rewriter, loc, wasSet,
                                              call.getResult().getType()));
      return success();
    }
    case OpenCLSync::FlagClear: {
      // (obj[, order[, scope]]): an atomic store of 0.
      FailureOr<std::pair<MemoryOrder, Scope>> access =
          oneSidedAccess(1, /*reads=*/false, "atomic_flag_clear");
      if (failed(access))
        return failure();
      auto [order, scope] = *access;
      state.raised.insert(*callee);
      Value zero = LLVM::ConstantOp::create(
          rewriter, loc, rewriter.getI32Type(), rewriter.getI32IntegerAttr(0));
      rewriter.replaceOpWithNewOp<AtomicStoreOp>(call, zero, addr, ValueRange(),
                                                 scope, order);
      return success();
    }
    default:
      return failure();
    }
  }

  /// An i1 as the integer type a bool-returning built-in was declared with.
  static Value resultFromBool(PatternRewriter &rewriter, Location loc,
                              Value bit, Type type) {
    if (type == bit.getType())
      return bit;
    return LLVM::ZExtOp::create(rewriter, loc, type, bit);
  }

  RaiseState &state;
};

/// The OpenCL C version of a -cl-std= value (as clang spells them, in any
/// case): 120 for CL1.2, 200 for CL2.0 and C++ for OpenCL 1.0, 300 for
/// CL3.0 and C++ for OpenCL 2021; 0 for "" (unknown).
std::optional<unsigned> parseOpenCLVersion(llvm::StringRef text) {
  return llvm::StringSwitch<std::optional<unsigned>>(text.lower())
      .Case("", 0u)
      .Case("cl", 100u)
      .Case("cl1.0", 100u)
      .Case("cl1.1", 110u)
      .Case("cl1.2", 120u)
      .Case("cl2.0", 200u)
      .Case("cl3.0", 300u)
      .Cases({"clc++", "clc++1.0"}, 200u)
      .Case("clc++2021", 300u)
      .Default(std::nullopt);
}

struct RaiseLLVMPass : public xfence::impl::XFenceRaiseLLVMBase<RaiseLLVMPass> {
  using XFenceRaiseLLVMBase::XFenceRaiseLLVMBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    RaiseState state;
    if (globalFence != "spec" && globalFence != "device") {
      module.emitError("xfence-raise-llvm: opencl-global-fence must be "
                       "'spec' or 'device', not '")
          << globalFence << "'";
      return signalPassFailure();
    }
    state.globalFenceDevice = globalFence == "device";
    std::optional<unsigned> version = parseOpenCLVersion(openclStd);
    if (!version) {
      module.emitError("xfence-raise-llvm: opencl-std must be empty or a "
                       "value of clang's -cl-std= (CL1.2, CL2.0, CL3.0, "
                       "CLC++2021, ...), not '")
          << openclStd << "'";
      return signalPassFailure();
    }
    state.openCLVersion = *version;
    // The LLVM atomics xfence has no form for: an error at each.
    bool unraisable = false;
    module.walk([&](Operation *op) {
      std::optional<FailureOr<LLVMAtomic>> atomic = readLLVMAtomic(op);
      if (atomic && failed(*atomic))
        unraisable = true;
    });
    if (unraisable)
      return signalPassFailure();
    RewritePatternSet patterns(&getContext());
    patterns.add<RaiseFence, RaiseNVVMIntrinsic, RaiseNVVMBarrier0, RaisePTXAsm,
                 RaiseLLVMAtomic<LLVM::AtomicRMWOp>,
                 RaiseLLVMAtomic<LLVM::AtomicCmpXchgOp>,
                 RaiseLLVMAtomic<LLVM::LoadOp>, RaiseLLVMAtomic<LLVM::StoreOp>>(
        &getContext());
    patterns.add<RaiseOpenCLCall>(&getContext(), state);
    if (failed(applyPatternsGreedily(module, std::move(patterns))) ||
        state.failed)
      return signalPassFailure();
    // The raised built-ins' declarations, now unused.
    for (auto fn :
         llvm::make_early_inc_range(module.getOps<LLVM::LLVMFuncOp>()))
      if (fn.isExternal() && state.raised.contains(fn.getName()) &&
          SymbolTable::symbolKnownUseEmpty(fn, module))
        fn.erase();
  }
};

} // namespace
