//===- HipEmitter.cpp - HIP text for each xfence op -----------------------===//
//
// Mapping (docs/semantics.md §3, "HIP source" column). AMD's memory model
// (LLVM's AMDGPUUsage, "Memory Model") has the scopes the dialect has:
// wavefront, workgroup, agent (the device) and system, so HIP names each
// scope as it is, never wider, through clang's builtins:
//  * fence relaxed, or with no spaces: nothing (it orders nothing).
//  * fence at thread scope: __atomic_signal_fence(o).
//  * any other fence: __builtin_amdgcn_fence(o, "wavefront" | "workgroup" |
//    "agent" | ""), seq_cst included (HIP's __threadfence_block/
//    __threadfence/__threadfence_system are these with seq_cst). Cluster
//    widens to agent. The two-argument builtin orders every address space.
//  * barrier workgroup: the hardware barrier between a release and an
//    acquire fence at the memory scope (at least the workgroup), as HIP's
//    own __syncthreads is written in newer ROCm. Not __syncthreads() when
//    global memory is ordered: HIP 5.2's (Debian 12) is
//    __barrier(__CLK_LOCAL_MEM_FENCE), whose fences the device library may
//    restrict to local memory. Execution only: __builtin_amdgcn_s_barrier().
//  * barrier subgroup: a wavefront executes in lockstep; the wave barrier
//    (__builtin_amdgcn_wave_barrier) between wavefront fences. No partial
//    (masked) barriers.
//  * reducing barrier: HIP's __syncthreads_count/_and/_or between a release
//    and an acquire fence at the memory scope (HIP does not say that they
//    order memory), in a statement expression.
//  * atomics: __hip_atomic_* with the order and __HIP_MEMORY_SCOPE_*;
//    wrapping inc/dec: __builtin_amdgcn_atomic_inc32/dec32 (unsigned int).
//
//===----------------------------------------------------------------------===//

#include "backends/common/EmitterSupport.h"
#include "backends/cuda/CudaEmitter.h"

#include "dialect/XFenceOps.h"
#include "passes/TargetCapabilities.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace xfence;
using namespace xfence::emitter;

namespace {

/// What HIP can name: the hip row of the one capability table.
constexpr auto &hipTarget = capabilities<hipCapabilities>;

/// `__ATOMIC_ACQ_REL`, ...
std::string orderName(MemoryOrder order) {
  return "__ATOMIC_" + stringifyMemoryOrder(order).upper();
}

/// How HIP spells each scope it names (already widened): the AMDGPU sync
/// scope string of __builtin_amdgcn_fence and __builtin_amdgcn_atomic_inc32,
/// and the __HIP_MEMORY_SCOPE_* of the __hip_atomic builtins.
struct HipScope {
  Scope scope;
  const char *syncScope, *memoryScope;
};
constexpr HipScope kHipScopes[] = {
    {Scope::subgroup, "\"wavefront\"", "__HIP_MEMORY_SCOPE_WAVEFRONT"},
    {Scope::workgroup, "\"workgroup\"", "__HIP_MEMORY_SCOPE_WORKGROUP"},
    {Scope::device, "\"agent\"", "__HIP_MEMORY_SCOPE_AGENT"},
    {Scope::system, "\"\"", "__HIP_MEMORY_SCOPE_SYSTEM"}};

const HipScope &hipScope(Scope scope) {
  for (const HipScope &s : kHipScopes)
    if (s.scope == scope)
      return s;
  llvm_unreachable("not a scope HIP names");
}

const char *syncScopeString(Scope scope) { return hipScope(scope).syncScope; }

/// The __HIP_MEMORY_SCOPE_* of an atomic.
const char *atomicScopeName(Scope scope) {
  return hipScope(*hipTarget().atomicScopeFor(scope)).memoryScope;
}

/// A fence that orders something (not relaxed, some space).
std::string fenceText(Scope scope, MemoryOrder order) {
  if (scope == Scope::thread)
    return "__atomic_signal_fence(" + orderName(order) + ")";
  return "__builtin_amdgcn_fence(" + orderName(order) + ", " +
         syncScopeString(*hipTarget().fenceScopeFor(scope)) + ")";
}

LogicalResult emitOp(FenceOp op, SnippetBuilder &b) {
  b << (ordersNothing(op.getOrder(), op.getSpaces())
            ? kNothing
            : fenceText(op.getScope(), op.getOrder()));
  return success();
}

LogicalResult emitOp(BarrierOp op, SnippetBuilder &b) {
  Scope exec = op.getExecScope();
  if ((exec != Scope::workgroup && exec != Scope::subgroup) || op.getMask())
    return op.emitError("a barrier with execution scope '")
           << stringifyScope(exec) << "'" << (op.getMask() ? " and a mask" : "")
           << " has no sound HIP source form";
  // HIP's own __syncthreads orders local memory in the work-group.
  return emitFencedBarrier(
      op, b,
      exec == Scope::workgroup ? "__builtin_amdgcn_s_barrier()"
                               : "__builtin_amdgcn_wave_barrier()",
      "__syncthreads()", [](Scope scope) { return scope; }, fenceText);
}

/// HIP has __syncthreads_count/_and/_or (HIP 5.2: a work-group reduction of
/// the device library), but promises no memory ordering for them; the
/// barrier's ordering is written around the call as fences, in a
/// statement expression that gives the call's value.
LogicalResult emitOp(BarrierReduceOp op, SnippetBuilder &b) {
  if (op.getExecScope() != Scope::workgroup)
    return op.emitError("a reducing barrier with execution scope '")
           << stringifyScope(op.getExecScope())
           << "' has no sound HIP source form";
  std::string name = "__syncthreads_" +
                     stringifyBarrierReduction(op.getReduction()).str() + "(";
  std::optional<Scope> memoryScope = op.getMemoryScope();
  if (!memoryScope || op.getSpaces() == MemorySpaces::none) {
    b << name;
    b.operand(0) << ")";
    return success();
  }
  bool seqCst = op.getOrder() && *op.getOrder() == MemoryOrder::seq_cst;
  Scope scope = join(*memoryScope, Scope::workgroup);
  FencesAround fences =
      fencesAround(seqCst ? MemoryOrder::seq_cst : MemoryOrder::acq_rel);
  b << "({ " << fenceText(scope, *fences.before)
    << "; int xfence_reduced = " << name;
  b.operand(0) << "); " << fenceText(scope, *fences.after)
               << "; xfence_reduced; })";
  return success();
}

LogicalResult noHipType(Operation *op, const std::string &c) {
  return op->emitError("an atomic on '")
         << c
         << "' has no HIP source form (the __hip_atomic builtins take "
            "32- and 64-bit integers, float and double)";
}

/// The arguments that end a __hip_atomic builtin's call: its orders and
/// its __HIP_MEMORY_SCOPE_*.
std::string lastArguments(std::initializer_list<MemoryOrder> orders,
                          Scope scope) {
  std::string text;
  for (MemoryOrder order : orders)
    text += ", " + orderName(order);
  return text + ", " + atomicScopeName(scope) + ")";
}

LogicalResult emitOp(AtomicRMWOp op, SnippetBuilder &b) {
  if (failed(onPointer(op, "HIP source")))
    return failure();
  AtomicRMWKind kind = op.getKind();
  const RMWNames &names = rmwNames(kind);
  std::string c = cTypeOf(op, op.getValue().getType(), names.isUnsigned);
  CType cls = classify(c);
  llvm::StringRef form = formOf(op, op.getOrder() == MemoryOrder::relaxed);
  std::string order = orderName(op.getOrder());

  if (kind == AtomicRMWKind::inc || kind == AtomicRMWKind::dec) {
    if (cls != CType::UInt)
      return op.emitError("a wrapping atomic '")
             << stringifyAtomicRMWKind(kind) << "' on '" << c
             << "' has no HIP source form (__builtin_amdgcn_atomic_inc32/"
                "dec32 take unsigned int)";
    b << (kind == AtomicRMWKind::inc ? "__builtin_amdgcn_atomic_inc32("
                                     : "__builtin_amdgcn_atomic_dec32(")
      << "(unsigned int *)(";
    b.operand(0) << "), (unsigned int)(";
    b.operand(1) << "), " << order << ", "
                 << syncScopeString(*hipTarget().atomicScopeFor(op.getScope()))
                 << ")";
    return success();
  }
  const char *t = atomicType(cls, names.isUnsigned, names.isSigned);
  if (!t)
    return noHipType(op, c);
  bool floating = cls == CType::Float || cls == CType::Double;
  if (floating && kind != AtomicRMWKind::fadd && kind != AtomicRMWKind::add &&
      kind != AtomicRMWKind::xchg)
    return noHipType(op, c);
  bool castResult = t != c;
  if (form == "flag")
    b << "(bool)";
  if (castResult)
    b << "((" << c << ")";
  b << "__hip_atomic_" << names.c11 << "((" << t << " *)(";
  b.operand(0) << "), (" << t << ")(";
  b.operand(1) << ")" << lastArguments({op.getOrder()}, op.getScope());
  if (castResult)
    b << ")";
  return success();
}

/// The C type of the object of an atomic on a pointer, and the type the
/// __hip_atomic builtins take for it; an error where they take none.
template <typename AtomicOp>
FailureOr<std::pair<std::string, const char *>> objectTypes(AtomicOp op,
                                                            Type type) {
  if (failed(onPointer(op, "HIP source")))
    return failure();
  std::string c = cTypeOf(op, type, false);
  const char *t = atomicType(classify(c), false, false);
  if (!t)
    return noHipType(op, c);
  return std::make_pair(c, t);
}

LogicalResult emitOp(AtomicCmpXchgOp op, SnippetBuilder &b) {
  FailureOr<std::pair<std::string, const char *>> types =
      objectTypes(op, op.getDesired().getType());
  if (failed(types))
    return failure();
  auto [c, t] = *types;
  bool relaxed = op.getSuccessOrder() == MemoryOrder::relaxed;
  llvm::StringRef form = formOf(op, relaxed);
  const char *name = op.getWeak() ? "__hip_atomic_compare_exchange_weak("
                                  : "__hip_atomic_compare_exchange_strong(";
  std::string tail = lastArguments({op.getSuccessOrder(), op.getFailureOrder()},
                                   op.getScope());
  if (form == "c11" || form == "member") {
    // Expected by pointer ("c11": OpenCL 2.0, C11) or as an lvalue
    // ("member": cuda::atomic_ref / cuda::atomic compare_exchange_strong|
    // weak(T &e, T d, ...)); on failure the value read is stored into the
    // expected object, and the result is whether it stored (C++
    // [atomics.ref.ops], [atomics.types.operations]). The builtin does both
    // when given the expected object's address.
    b << name << "(" << t << " *)(";
    b.operand(0) << "), (" << t << (form == "c11" ? " *)(" : " *)&(");
    b.operand(1) << "), (" << t << ")(";
    b.operand(2) << ")" << tail;
    return success();
  }
  // Returns the old value (OpenCL 1.x atomic_cmpxchg): the expected value in
  // a local that the exchange overwrites with the old one on failure, and
  // that equals the old one on success.
  b << "({ " << t << " *xfence_object = (" << t << " *)(";
  b.operand(0) << "); " << t << " xfence_expected = (" << t << ")(";
  b.operand(1) << "); " << name << "xfence_object, &xfence_expected, (" << t
               << ")(";
  b.operand(2) << ")" << tail << "; (" << c << ")xfence_expected; })";
  return success();
}

LogicalResult emitOp(AtomicLoadOp op, SnippetBuilder &b) {
  FailureOr<std::pair<std::string, const char *>> types =
      objectTypes(op, op.getResult().getType());
  if (failed(types))
    return failure();
  auto [c, t] = *types;
  b << "((" << c << ")__hip_atomic_load((" << t << " *)(";
  b.operand(0) << ")" << lastArguments({op.getOrder()}, op.getScope()) << ")";
  return success();
}

LogicalResult emitOp(AtomicStoreOp op, SnippetBuilder &b) {
  FailureOr<std::pair<std::string, const char *>> types =
      objectTypes(op, op.getValue().getType());
  if (failed(types))
    return failure();
  const char *t = types->second;
  b << "__hip_atomic_store((" << t << " *)(";
  b.operand(1) << "), (" << t << ")(";
  b.operand(0) << ")" << lastArguments({op.getOrder()}, op.getScope());
  return success();
}

} // namespace

FailureOr<Snippet> xfence::emitHip(Operation *op) {
  return emitSyncOp(op,
                    [](auto op, SnippetBuilder &b) { return emitOp(op, b); });
}
