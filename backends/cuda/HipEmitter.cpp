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

#include "backends/cuda/CudaEmitter.h"
#include "backends/cuda/EmitterSupport.h"

#include "dialect/XFenceOps.h"
#include "passes/TargetCapabilities.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace xfence;
using namespace xfence::emitter;

namespace {

/// What HIP can name: the hip row of the one capability table.
const TargetCapabilities &hipTarget() {
  static const TargetCapabilities caps = hipCapabilities();
  return caps;
}

const char *orderName(MemoryOrder order) {
  switch (order) {
  case MemoryOrder::relaxed:
    return "__ATOMIC_RELAXED";
  case MemoryOrder::acquire:
    return "__ATOMIC_ACQUIRE";
  case MemoryOrder::release:
    return "__ATOMIC_RELEASE";
  case MemoryOrder::acq_rel:
    return "__ATOMIC_ACQ_REL";
  case MemoryOrder::seq_cst:
    return "__ATOMIC_SEQ_CST";
  }
  llvm_unreachable("unknown order");
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
    return std::string("__atomic_signal_fence(") + orderName(order) + ")";
  return std::string("__builtin_amdgcn_fence(") + orderName(order) + ", " +
         syncScopeString(*hipTarget().fenceScopeFor(scope)) + ")";
}

LogicalResult emitOp(FenceOp op, SnippetBuilder &b) {
  if (op.getOrder() == MemoryOrder::relaxed ||
      op.getSpaces() == MemorySpaces::none) {
    b << kNothing;
    return success();
  }
  b << fenceText(op.getScope(), op.getOrder());
  return success();
}

LogicalResult emitOp(BarrierOp op, SnippetBuilder &b) {
  Scope exec = op.getExecScope();
  if ((exec != Scope::workgroup && exec != Scope::subgroup) || op.getMask())
    return op.emitError("a barrier with execution scope '")
           << stringifyScope(exec) << "'" << (op.getMask() ? " and a mask" : "")
           << " has no sound HIP source form";
  const char *primitive = exec == Scope::workgroup
                              ? "__builtin_amdgcn_s_barrier()"
                              : "__builtin_amdgcn_wave_barrier()";
  std::optional<Scope> memoryScope = op.getMemoryScope();
  if (!memoryScope || op.getSpaces() == MemorySpaces::none) {
    b << primitive;
    return success();
  }
  // A barrier of local memory only, at workgroup scope: HIP's own.
  bool seqCst = op.getOrder() && *op.getOrder() == MemoryOrder::seq_cst;
  Scope scope = join(*memoryScope, exec);
  if (exec == Scope::workgroup && scope == Scope::workgroup && !seqCst &&
      op.getSpaces() == MemorySpaces::local) {
    b << "__syncthreads()";
    return success();
  }
  b << "("
    << fenceText(scope, seqCst ? MemoryOrder::seq_cst : MemoryOrder::release)
    << ", " << primitive << ", "
    << fenceText(scope, seqCst ? MemoryOrder::seq_cst : MemoryOrder::acquire)
    << ")";
  return success();
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
  const char *name = "__syncthreads_count(";
  switch (op.getReduction()) {
  case BarrierReduction::count:
    break;
  case BarrierReduction::and_:
    name = "__syncthreads_and(";
    break;
  case BarrierReduction::or_:
    name = "__syncthreads_or(";
    break;
  }
  std::optional<Scope> memoryScope = op.getMemoryScope();
  if (!memoryScope || op.getSpaces() == MemorySpaces::none) {
    b << name;
    b.operand(0) << ")";
    return success();
  }
  bool seqCst = op.getOrder() && *op.getOrder() == MemoryOrder::seq_cst;
  Scope scope = join(*memoryScope, Scope::workgroup);
  b << "({ "
    << fenceText(scope, seqCst ? MemoryOrder::seq_cst : MemoryOrder::release)
    << "; int xfence_reduced = " << name;
  b.operand(0) << "); "
               << fenceText(scope, seqCst ? MemoryOrder::seq_cst
                                          : MemoryOrder::acquire)
               << "; xfence_reduced; })";
  return success();
}

/// The __hip_atomic_fetch_* (or exchange) name of `kind`, or null.
const char *hipRMWName(AtomicRMWKind kind) {
  switch (kind) {
  case AtomicRMWKind::add:
  case AtomicRMWKind::fadd:
    return "__hip_atomic_fetch_add";
  case AtomicRMWKind::sub:
    return "__hip_atomic_fetch_sub";
  case AtomicRMWKind::and_:
    return "__hip_atomic_fetch_and";
  case AtomicRMWKind::or_:
    return "__hip_atomic_fetch_or";
  case AtomicRMWKind::xor_:
    return "__hip_atomic_fetch_xor";
  case AtomicRMWKind::min:
  case AtomicRMWKind::umin:
    return "__hip_atomic_fetch_min";
  case AtomicRMWKind::max:
  case AtomicRMWKind::umax:
    return "__hip_atomic_fetch_max";
  case AtomicRMWKind::xchg:
    return "__hip_atomic_exchange";
  case AtomicRMWKind::inc:
  case AtomicRMWKind::dec:
    return nullptr;
  }
  return nullptr;
}

/// The type a __hip_atomic builtin operates on for the object type `c` and
/// the operation's signedness; null where HIP has no atomic of that type.
const char *hipType(CType c, bool isUnsigned, bool isSigned) {
  switch (c) {
  case CType::Int:
  case CType::UInt:
    return isUnsigned || (c == CType::UInt && !isSigned) ? "unsigned int"
                                                         : "int";
  case CType::Int64:
  case CType::UInt64:
    return isUnsigned || (c == CType::UInt64 && !isSigned)
               ? "unsigned long long"
               : "long long";
  case CType::Float:
    return "float";
  case CType::Double:
    return "double";
  case CType::Other:
    break;
  }
  return nullptr;
}

LogicalResult noHipType(Operation *op, const std::string &c) {
  return op->emitError("an atomic on '")
         << c
         << "' has no HIP source form (the __hip_atomic builtins take "
            "32- and 64-bit integers, float and double)";
}

LogicalResult emitOp(AtomicRMWOp op, SnippetBuilder &b) {
  if (!op.getIndices().empty())
    return op.emitError("an atomic on a memref has no HIP source form");
  AtomicRMWKind kind = op.getKind();
  bool isUnsigned = kind == AtomicRMWKind::umin ||
                    kind == AtomicRMWKind::umax || kind == AtomicRMWKind::inc ||
                    kind == AtomicRMWKind::dec;
  bool isSigned = kind == AtomicRMWKind::min || kind == AtomicRMWKind::max;
  std::string c = cTypeOf(op, op.getValue().getType(), isUnsigned);
  CType cls = classify(c);
  llvm::StringRef form = formOf(op, op.getOrder() == MemoryOrder::relaxed);
  const char *order = orderName(op.getOrder());

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
  const char *t = hipType(cls, isUnsigned, isSigned);
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
  b << hipRMWName(kind) << "((" << t << " *)(";
  b.operand(0) << "), (" << t << ")(";
  b.operand(1) << "), " << order << ", " << atomicScopeName(op.getScope())
               << ")";
  if (castResult)
    b << ")";
  return success();
}

LogicalResult emitOp(AtomicCmpXchgOp op, SnippetBuilder &b) {
  if (!op.getIndices().empty())
    return op.emitError("an atomic on a memref has no HIP source form");
  std::string c = cTypeOf(op, op.getDesired().getType(), false);
  CType cls = classify(c);
  const char *t = hipType(cls, false, false);
  if (!t)
    return noHipType(op, c);
  bool relaxed = op.getSuccessOrder() == MemoryOrder::relaxed;
  llvm::StringRef form = formOf(op, relaxed);
  const char *name = op.getWeak() ? "__hip_atomic_compare_exchange_weak("
                                  : "__hip_atomic_compare_exchange_strong(";
  std::string tail = std::string(", ") + orderName(op.getSuccessOrder()) +
                     ", " + orderName(op.getFailureOrder()) + ", " +
                     atomicScopeName(op.getScope()) + ")";
  if (form == "c11") {
    // Expected by pointer; returns whether it stored (OpenCL 2.0, C11).
    b << name << "(" << t << " *)(";
    b.operand(0) << "), (" << t << " *)(";
    b.operand(1) << "), (" << t << ")(";
    b.operand(2) << ")" << tail;
    return success();
  }
  if (form == "member") {
    // cuda::atomic_ref / cuda::atomic compare_exchange_strong|weak(T &e, T d,
    // ...): on failure the value read is stored into e, and the result is
    // whether it stored (C++ [atomics.ref.ops], [atomics.types.operations]).
    // The builtin does both when given e's address.
    b << name << "(" << t << " *)(";
    b.operand(0) << "), (" << t << " *)&(";
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
  if (!op.getIndices().empty())
    return op.emitError("an atomic on a memref has no HIP source form");
  std::string c = cTypeOf(op, op.getResult().getType(), false);
  const char *t = hipType(classify(c), false, false);
  if (!t)
    return noHipType(op, c);
  b << "((" << c << ")__hip_atomic_load((" << t << " *)(";
  b.operand(0) << "), " << orderName(op.getOrder()) << ", "
               << atomicScopeName(op.getScope()) << "))";
  return success();
}

LogicalResult emitOp(AtomicStoreOp op, SnippetBuilder &b) {
  if (!op.getIndices().empty())
    return op.emitError("an atomic on a memref has no HIP source form");
  std::string c = cTypeOf(op, op.getValue().getType(), false);
  const char *t = hipType(classify(c), false, false);
  if (!t)
    return noHipType(op, c);
  b << "__hip_atomic_store((" << t << " *)(";
  b.operand(1) << "), (" << t << ")(";
  b.operand(0) << "), " << orderName(op.getOrder()) << ", "
               << atomicScopeName(op.getScope()) << ")";
  return success();
}

} // namespace

FailureOr<Snippet> xfence::emitHip(Operation *op) {
  return emitSyncOp(op,
                    [](auto op, SnippetBuilder &b) { return emitOp(op, b); });
}
