//===- CudaEmitter.cpp - CUDA C++ text for each xfence op -----------------===//
//
// Mapping (docs/semantics.md §3, "CUDA C++ source" column; §2 for what the
// CUDA constructs mean):
//  * fence relaxed, or with no spaces: nothing (it orders nothing).
//  * fence at thread scope: cuda::std::atomic_signal_fence(o).
//  * fence subgroup/workgroup, acquire/release/acq_rel:
//    cuda::atomic_thread_fence(o, cuda::thread_scope_block) (~11 ns), never
//    __threadfence() (device scope, ~200 ns; semantics.md §5). CUDA has no
//    warp scope, so subgroup widens to block: stronger, sound.
//  * fence subgroup/workgroup seq_cst: __threadfence_block().
//  * fence cluster: the libcu++ of CUDA 13.0 has no public
//    cuda::thread_scope_cluster, so cluster widens to device (sound in the
//    scoped C++/PTX model: a wider scope includes the narrower one).
//  * fence device: cuda::atomic_thread_fence(o, thread_scope_device); seq_cst
//    is __threadfence(). System: thread_scope_system / __threadfence_system().
//  CUDA fences order every memory space, so each is at least as strong as
//  the source fence whatever its spaces.
//  * barrier workgroup, memory scope at most workgroup, not seq_cst, any
//    spaces: __syncthreads() (bar.sync orders all memory of the block). An
//    execution-only barrier is __syncthreads() too (CUDA C++ has no
//    execution-only block barrier; the stronger one is sound).
//  * barrier subgroup: __syncwarp() (full mask), which orders memory among
//    the participating threads, i.e. at subgroup scope (CUDA guide,
//    "Synchronization Functions"); with a mask, __syncwarp(mask).
//  * a barrier whose memory scope is wider than what the CUDA barrier orders
//    (or seq_cst) is a release fence on entry and an acquire fence on exit
//    (OpenCL 2.0 §3.3.5): (fence(release, S), barrier, fence(acquire, S)).
//  * barrier cluster (sm_90): cooperative_groups::this_cluster().sync(),
//    whose barrier.cluster.arrive/wait are release/acquire at cluster scope
//    (PTX ISA, barrier.cluster); a wider or seq_cst memory part has fences
//    around it as above.
//  * barriers across devices or systems have no CUDA source form.
//  * atomics: relaxed read-modify-writes and compare-exchanges returning
//    the old value use atomicAdd/_block/_system etc. where CUDA has that
//    type; everything else is cuda::atomic_ref<T, scope> with the order.
//    OpenCL's atomic_inc is an `add` of 1 (never CUDA's wrapping atomicInc).
//
//===----------------------------------------------------------------------===//

#include "backends/cuda/CudaEmitter.h"
#include "backends/common/EmitterSupport.h"

#include "dialect/XFenceOps.h"
#include "passes/TargetCapabilities.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace xfence;
using namespace xfence::emitter;

namespace {

/// What CUDA C++ can name: the cuda row of the one capability table
/// (passes/TargetCapabilities.cpp). CUDA has no warp scope and, in CUDA
/// 13.0's libcu++, no public cluster scope, so those widen as the table
/// says (subgroup -> block, cluster -> device), which is sound.
constexpr auto &cudaTarget = capabilities<cudaCapabilities>;

Scope fenceScope(Scope scope) { return *cudaTarget().fenceScopeFor(scope); }
Scope atomicScope(Scope scope) { return *cudaTarget().atomicScopeFor(scope); }

/// The libcu++ names of the scopes CUDA can name (fenceScope and
/// atomicScope widen to them).
constexpr Spelling<Scope> kScopeNames[] = {
    {Scope::thread, "cuda::thread_scope_thread"},
    {Scope::workgroup, "cuda::thread_scope_block"},
    {Scope::device, "cuda::thread_scope_device"},
    {Scope::system, "cuda::thread_scope_system"}};

/// `cuda::memory_order_acq_rel`, ... (in namespace `ns`).
std::string orderName(MemoryOrder order, llvm::StringRef ns = "cuda::") {
  return (ns + "memory_order_" + stringifyMemoryOrder(order)).str();
}

/// A fence that orders something (not relaxed, some space).
std::string fenceText(Scope scope, MemoryOrder order, bool &atomicHeader) {
  bool seqCst = order == MemoryOrder::seq_cst;
  scope = fenceScope(scope);
  switch (scope) {
  case Scope::thread:
    atomicHeader = true;
    return "cuda::std::atomic_signal_fence(" + orderName(order, "cuda::std::") +
           ")";
  case Scope::workgroup:
    if (seqCst)
      return "__threadfence_block()";
    break;
  case Scope::device:
    if (seqCst)
      return "__threadfence()";
    break;
  case Scope::system:
    if (seqCst)
      return "__threadfence_system()";
    break;
  case Scope::subgroup:
  case Scope::cluster:
    llvm_unreachable("widened by fenceScope");
  }
  atomicHeader = true;
  return "cuda::atomic_thread_fence(" + orderName(order) + ", " +
         spell(kScopeNames, scope) + ")";
}

LogicalResult emitOp(FenceOp op, SnippetBuilder &b) {
  b << (ordersNothing(op.getOrder(), op.getSpaces())
            ? kNothing
            : fenceText(op.getScope(), op.getOrder(),
                        b.snippet.needsAtomicHeader));
  return success();
}

/// The CUDA barrier for `execScope` and the widest scope at which it orders
/// memory by itself, or failure.
LogicalResult
emitBarrierCommon(Operation *op, Scope execScope,
                  std::optional<Scope> memoryScope,
                  std::optional<MemoryOrder> order,
                  llvm::function_ref<void(SnippetBuilder &)> primitive,
                  Scope natural, SnippetBuilder &b) {
  (void)execScope;
  if (!memoryScope || isAtLeast(natural, *memoryScope)) {
    if (!order || *order != MemoryOrder::seq_cst) {
      primitive(b);
      return success();
    }
  }
  // Entry release fence, barrier, exit acquire fence, at the memory scope
  // (at least the barrier's own); seq_cst keeps seq_cst fences.
  Scope scope = join(*memoryScope, natural);
  fencedBarrier(
      b, *order == MemoryOrder::seq_cst,
      [&](MemoryOrder order) {
        return fenceText(scope, order, b.snippet.needsAtomicHeader);
      },
      [&] { primitive(b); });
  (void)op;
  return success();
}

LogicalResult emitOp(BarrierOp op, SnippetBuilder &b) {
  switch (op.getExecScope()) {
  case Scope::subgroup:
    return emitBarrierCommon(
        op, Scope::subgroup, op.getMemoryScope(), op.getOrder(),
        [&](SnippetBuilder &b) {
          if (op.getMask()) {
            b << "__syncwarp(";
            b.operand(0) << ")";
          } else
            b << "__syncwarp()";
        },
        Scope::subgroup, b);
  case Scope::workgroup:
    if (op.getMask())
      break;
    return emitBarrierCommon(
        op, Scope::workgroup, op.getMemoryScope(), op.getOrder(),
        [](SnippetBuilder &b) { b << "__syncthreads()"; }, Scope::workgroup, b);
  case Scope::cluster:
    // cluster_group::sync() is barrier.cluster.arrive (release at cluster
    // scope by default) then barrier.cluster.wait (acquire at cluster scope
    // by default): a cluster acq_rel memory part by itself. A wider or
    // seq_cst memory part gets fences around it (emitBarrierCommon).
    if (op.getMask())
      break;
    b.snippet.needsCooperativeGroupsHeader = true;
    return emitBarrierCommon(
        op, Scope::cluster, op.getMemoryScope(), op.getOrder(),
        [](SnippetBuilder &b) {
          b << "cooperative_groups::this_cluster().sync()";
        },
        Scope::cluster, b);
  default:
    break;
  }
  return op.emitError("a barrier with execution scope '")
         << stringifyScope(op.getExecScope())
         << "' has no sound CUDA C++ source form";
}

LogicalResult emitOp(BarrierReduceOp op, SnippetBuilder &b) {
  std::optional<Scope> memoryScope = op.getMemoryScope();
  std::optional<MemoryOrder> order = op.getOrder();
  if (op.getExecScope() != Scope::workgroup ||
      (memoryScope && !isAtLeast(Scope::workgroup, *memoryScope)) ||
      (order && *order == MemoryOrder::seq_cst))
    return op.emitError("a reducing barrier other than a workgroup barrier "
                        "with workgroup acq_rel memory ordering has no sound "
                        "CUDA C++ source form");
  b << "__syncthreads_" << stringifyBarrierReduction(op.getReduction()) << "(";
  b.operand(0) << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

constexpr llvm::StringLiteral kForm = "CUDA C++ source";

/// The suffix of CUDA's atomic functions for the scope an atomic has in
/// CUDA: _block, none (device), _system.
const char *intrinsicSuffix(Scope scope) {
  switch (atomicScope(scope)) {
  case Scope::workgroup:
    return "_block";
  case Scope::device:
    return "";
  case Scope::system:
    return "_system";
  default:
    llvm_unreachable("widened by atomicScope");
  }
}

/// The CUDA atomic function for a relaxed `kind` on type `c`, and the type
/// it takes; nothing if CUDA has no such function.
std::optional<std::pair<const char *, const char *>>
intrinsicFor(AtomicRMWKind kind, CType c) {
  using P = std::pair<const char *, const char *>;
  const RMWNames &names = rmwNames(kind);
  const char *i32 = c == CType::UInt ? "unsigned int" : "int";
  bool int32 = c == CType::Int || c == CType::UInt;
  bool int64 = c == CType::Int64 || c == CType::UInt64;
  switch (kind) {
  case AtomicRMWKind::add:
  case AtomicRMWKind::fadd:
    if (c == CType::Float)
      return P{names.cuda, "float"};
    if (c == CType::Double)
      return P{names.cuda, "double"};
    break;
  case AtomicRMWKind::sub:
    return int32 ? std::optional(P{names.cuda, i32}) : std::nullopt;
  case AtomicRMWKind::min:
  case AtomicRMWKind::max:
  case AtomicRMWKind::umin:
  case AtomicRMWKind::umax:
    if (int32)
      return P{names.cuda, names.isSigned ? "int" : "unsigned int"};
    if (int64)
      return P{names.cuda, names.isSigned ? "long long" : "unsigned long long"};
    return std::nullopt;
  case AtomicRMWKind::xchg:
    if (c == CType::Float)
      return P{names.cuda, "float"};
    break;
  case AtomicRMWKind::inc:
  case AtomicRMWKind::dec:
    if (c == CType::UInt)
      return P{names.cuda, "unsigned int"};
    return std::nullopt;
  case AtomicRMWKind::and_:
  case AtomicRMWKind::or_:
  case AtomicRMWKind::xor_:
    break;
  }
  // add, and, or, xor and exchange: 32- and 64-bit integers.
  if (int32)
    return P{names.cuda, i32};
  if (int64)
    return P{names.cuda, "unsigned long long"};
  return std::nullopt;
}

/// `cuda::atomic_ref<C, S>(*(C *)(addr))`
void atomicRef(SnippetBuilder &b, const std::string &c, Scope scope,
               unsigned addrOperand) {
  b.snippet.needsAtomicHeader = true;
  b << "cuda::atomic_ref<" << c << ", "
    << spell(kScopeNames, atomicScope(scope)) << ">(*(" << c << " *)(";
  b.operand(addrOperand) << "))";
}

LogicalResult emitOp(AtomicRMWOp op, SnippetBuilder &b) {
  if (failed(onPointer(op, kForm)))
    return failure();
  AtomicRMWKind kind = op.getKind();
  std::string c =
      cTypeOf(op, op.getValue().getType(), rmwNames(kind).isUnsigned);
  CType cls = classify(c);
  bool relaxed = op.getOrder() == MemoryOrder::relaxed;
  llvm::StringRef form = formOf(op, relaxed);

  if (relaxed && form != "flag") {
    if (auto fn = intrinsicFor(kind, cls)) {
      std::string t = fn->second;
      bool castResult = t != c;
      if (castResult)
        b << "((" << c << ")";
      b << fn->first << intrinsicSuffix(op.getScope()) << "((" << t << " *)(";
      b.operand(0) << "), (" << t << ")(";
      b.operand(1) << "))";
      if (castResult)
        b << ")";
      return success();
    }
    // 64-bit subtraction: CUDA has atomicSub for 32 bits only; adding the
    // two's complement negation is the same operation.
    if (kind == AtomicRMWKind::sub &&
        (cls == CType::Int64 || cls == CType::UInt64)) {
      b << "((" << c << ")atomicAdd" << intrinsicSuffix(op.getScope())
        << "((unsigned long long *)(";
      b.operand(0) << "), -(unsigned long long)(";
      b.operand(1) << ")))";
      return success();
    }
  }

  const char *method = rmwNames(kind).c11;
  if (!method)
    return op.emitError("a wrapping atomic '")
           << stringifyAtomicRMWKind(kind) << "' on '" << c << "' with order '"
           << stringifyMemoryOrder(op.getOrder())
           << "' has no sound CUDA C++ source form (atomicInc/atomicDec are "
              "relaxed and unsigned int only)";
  if (form == "flag")
    b << "(bool)";
  atomicRef(b, c, op.getScope(), 0);
  b << "." << method << "(";
  b.operand(1) << ", " << orderName(op.getOrder()) << ")";
  return success();
}

LogicalResult emitOp(AtomicCmpXchgOp op, SnippetBuilder &b) {
  if (failed(onPointer(op, kForm)))
    return failure();
  std::string c = cTypeOf(op, op.getDesired().getType(), false);
  CType cls = classify(c);
  bool relaxed = op.getSuccessOrder() == MemoryOrder::relaxed;
  llvm::StringRef form = formOf(op, relaxed);
  if (form == "c11" || form == "member") {
    // Expected by pointer ("c11": OpenCL 2.0, C11) or as an lvalue
    // ("member": C++, GNU's after the rewriter's *(...)); returns whether it
    // stored and writes the value read to the expected object on failure.
    atomicRef(b, c, op.getScope(), 0);
    b << (op.getWeak() ? ".compare_exchange_weak(" : ".compare_exchange_strong(")
      << (form == "c11" ? "*(" : "(");
    b.operand(1) << "), ";
    b.operand(2) << ", " << orderName(op.getSuccessOrder()) << ", "
                 << orderName(op.getFailureOrder()) << ")";
    return success();
  }
  // Returns the old value (OpenCL 1.x atomic_cmpxchg, CUDA atomicCAS).
  const char *t = cls == CType::Int    ? "int"
                  : cls == CType::UInt ? "unsigned int"
                  : cls == CType::Int64 || cls == CType::UInt64
                      ? "unsigned long long"
                      : nullptr;
  if (!relaxed || !t)
    return op.emitError("a compare-exchange returning the old value, on '")
           << c << "' with order '"
           << stringifyMemoryOrder(op.getSuccessOrder())
           << "', has no CUDA C++ source form here (atomicCAS is relaxed, on "
              "32- and 64-bit integers)";
  bool castResult = c != t;
  if (castResult)
    b << "((" << c << ")";
  b << "atomicCAS" << intrinsicSuffix(op.getScope()) << "((" << t << " *)(";
  b.operand(0) << "), (" << t << ")(";
  b.operand(1) << "), (" << t << ")(";
  b.operand(2) << "))";
  if (castResult)
    b << ")";
  return success();
}

LogicalResult emitOp(AtomicLoadOp op, SnippetBuilder &b) {
  if (failed(onPointer(op, kForm)))
    return failure();
  atomicRef(b, cTypeOf(op, op.getResult().getType(), false), op.getScope(), 0);
  b << ".load(" << orderName(op.getOrder()) << ")";
  return success();
}

LogicalResult emitOp(AtomicStoreOp op, SnippetBuilder &b) {
  if (failed(onPointer(op, kForm)))
    return failure();
  atomicRef(b, cTypeOf(op, op.getValue().getType(), false), op.getScope(), 1);
  b << ".store(";
  b.operand(0) << ", " << orderName(op.getOrder()) << ")";
  return success();
}

} // namespace

bool xfence::isSyncOp(Operation *op) {
  return isa<FenceOp, BarrierOp, BarrierReduceOp, AtomicRMWOp, AtomicCmpXchgOp,
             AtomicLoadOp, AtomicStoreOp>(op);
}

FailureOr<Snippet> xfence::emitCuda(Operation *op) {
  return emitSyncOp(op,
                    [](auto op, SnippetBuilder &b) { return emitOp(op, b); });
}

std::optional<std::string> xfence::constantText(Value operand) {
  auto constant = operand.getDefiningOp<LLVM::ConstantOp>();
  if (!constant)
    return std::nullopt;
  if (auto value = dyn_cast<IntegerAttr>(constant.getValue()))
    return std::to_string(value.getValue().getSExtValue());
  if (auto value = dyn_cast<FloatAttr>(constant.getValue()))
    return std::to_string(value.getValueAsDouble());
  return std::nullopt;
}

std::string xfence::operandRole(Operation *op, unsigned index) {
  if (std::optional<std::string> text = constantText(op->getOperand(index)))
    return *text;
  return llvm::TypeSwitch<Operation *, std::string>(op)
      .Case<AtomicRMWOp>([&](auto) { return index == 0 ? "addr" : "value"; })
      .Case<AtomicCmpXchgOp>([&](auto) {
        return index == 0 ? "addr" : index == 1 ? "expected" : "desired";
      })
      .Case<AtomicLoadOp>([&](auto) { return "addr"; })
      .Case<AtomicStoreOp>([&](auto) { return index == 0 ? "value" : "addr"; })
      .Case<BarrierOp>([&](auto) { return "mask"; })
      .Case<BarrierReduceOp>([&](auto) { return "predicate"; })
      .Default([&](Operation *) { return "operand"; });
}

FailureOr<Listing>
xfence::listSyncOps(Operation *module,
                    llvm::function_ref<FailureOr<Snippet>(Operation *)> emit) {
  bool ok = true;
  Listing listing;
  llvm::raw_string_ostream out(listing.statements);
  module->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (auto func = dyn_cast<func::FuncOp>(op)) {
      out << "// " << func.getSymName() << "\n";
      return;
    }
    if (!isSyncOp(op))
      return;
    FailureOr<Snippet> snippet = emit(op);
    if (failed(snippet)) {
      ok = false;
      return;
    }
    listing.needsAtomicHeader |= snippet->needsAtomicHeader;
    listing.needsCooperativeGroupsHeader |=
        snippet->needsCooperativeGroupsHeader;
    out << render(*snippet, [&](unsigned i) { return operandRole(op, i); })
        << ";\n";
  });
  if (!ok)
    return failure();
  return listing;
}

LogicalResult xfence::emitCudaListing(Operation *module, llvm::raw_ostream &os,
                                      bool hip) {
  FailureOr<Listing> listing = listSyncOps(module, hip ? emitHip : emitCuda);
  if (failed(listing))
    return failure();
  if (hip)
    os << "#include <hip/hip_runtime.h>\n";
  else if (listing->needsAtomicHeader)
    os << "#include <cuda/atomic>\n";
  if (!hip && listing->needsCooperativeGroupsHeader)
    os << "#include <cooperative_groups.h>\n";
  os << listing->statements;
  return success();
}
