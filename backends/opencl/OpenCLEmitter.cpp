//===- OpenCLEmitter.cpp - OpenCL C text for each xfence op ---------------===//
//
// Mapping (docs/semantics.md §3, columns "OpenCL C 1.2" and "OpenCL C
// 2.0+"), for ops legalized for the target first:
//  * fence relaxed or of no spaces: nothing (it orders nothing).
//  * 1.2 (workgroup scope only; legalization refuses wider ones): acquire,
//    release and acq_rel -> mem_fence(F). read_mem_fence "orders only
//    loads" and write_mem_fence "only stores" (OpenCL 1.2 §6.12.9), so
//    neither gives acquire (load before later stores) or release (earlier
//    loads before a store); mem_fence is acq_rel (OpenCL C 2.0 §6.13.8).
//    seq_cst has no 1.2 form, unless the policy `seqCstMemFence` assumes
//    the 1.2 text's full-fence reading. F has LOCAL|GLOBAL for every CUDA
//    fence.
//  * 2.0+: atomic_work_item_fence(F, o, s), s = memory_scope_sub_group /
//    work_group / device / all_svm_devices; memory_scope_work_item only
//    with F = CLK_IMAGE_MEM_FENCE (OpenCL C 2.0 §6.13.11.4).
//  * barrier workgroup, memory workgroup: barrier(F) (= work_group_barrier
//    in 2.0; 1.2: not seq_cst, unless `seqCstMemFence`); no memory part:
//    barrier(0). 2.0 memory scope S wider than the
//    work-group: work_group_barrier(F, S); seq_cst: seq_cst fences around.
//    Subgroup barriers (2.0): sub_group_barrier(F[, S]).
//  * atomics, 1.2 (relaxed after legalization): atomic_add/sub/and/or/xor/
//    min/max/xchg/cmpxchg, which are atomic across the device on __global
//    and across the work-group on __local memory (local memory is visible
//    only to its work-group, so that is all a device-scope atomic on it
//    means). A relaxed load is atomic_or(p, 0), a relaxed store
//    (void)atomic_xchg(p, v): 1.2 has no atomic load or store.
//  * atomics, 2.0+: the C11 _explicit functions with order and scope, the
//    plain object cast to the atomic type of the same address space.
//  * CUDA's wrapping atomicInc/atomicDec (`inc`/`dec`) and float atomicAdd
//    (`fadd`) have no OpenCL C built-in: a bound of all ones makes inc/dec
//    plain add/sub of 1 (atomic_inc/atomic_dec); otherwise a
//    compare-and-swap loop in a prelude helper computes exactly CUDA's new
//    value from the value the compare-exchange saw.
//
//===----------------------------------------------------------------------===//

#include "backends/opencl/OpenCLEmitter.h"
#include "backends/common/EmitterSupport.h"

#include "dialect/XFenceOps.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace xfence;
using namespace xfence::emitter;

namespace {

std::string flags(MemorySpaces spaces) {
  std::string text;
  auto add = [&](MemorySpaces bit, const char *name) {
    if ((spaces & bit) == bit && bit != MemorySpaces::none)
      text += (text.empty() ? "" : " | ") + std::string(name);
  };
  add(MemorySpaces::local, "CLK_LOCAL_MEM_FENCE");
  add(MemorySpaces::global, "CLK_GLOBAL_MEM_FENCE");
  add(MemorySpaces::image, "CLK_IMAGE_MEM_FENCE");
  return text.empty() ? "0" : text;
}

/// `memory_order_acq_rel`, ...
std::string orderName(MemoryOrder order) {
  return ("memory_order_" + stringifyMemoryOrder(order)).str();
}

/// The memory_scope names of the scopes OpenCL C names.
constexpr Spelling<Scope> kScopeNames[] = {
    {Scope::thread, "memory_scope_work_item"},
    {Scope::subgroup, "memory_scope_sub_group"},
    {Scope::workgroup, "memory_scope_work_group"},
    {Scope::device, "memory_scope_device"},
    {Scope::system, "memory_scope_all_svm_devices"}};

FailureOr<const char *> scopeName(Operation *op, Scope scope) {
  if (const char *name = lookup(kScopeNames, scope))
    return name;
  op->emitError("scope '") << stringifyScope(scope)
                           << "' has no OpenCL C form (legalize first)";
  return failure();
}

/// The __local variable that the kernels using the 1.2 / 3.0 form of
/// __syncthreads_count/_and/_or declare.
constexpr const char *kReduceScratch = "xfence_syncthreads_scratch";

LogicalResult fenceText(Operation *op, Scope scope, MemoryOrder order,
                        MemorySpaces spaces, const OpenCLTarget &target,
                        SnippetBuilder &b) {
  if (ordersNothing(order, spaces)) {
    b << kNothing;
    return success();
  }
  if (!target.cl2) {
    if (scope != Scope::workgroup)
      return op->emitError("a fence of scope '")
             << stringifyScope(scope)
             << "' has no OpenCL C 1.2 form (legalize first)";
    if (order == MemoryOrder::seq_cst && !target.seqCstMemFence)
      return op->emitError("a seq_cst fence has no OpenCL C 1.2 form: "
                           "mem_fence is only acq_rel (legalize first)");
    b << "mem_fence(" << flags(spaces) << ")";
    return success();
  }
  if (scope == Scope::thread && spaces != MemorySpaces::image)
    return op->emitError("memory_scope_work_item is allowed only with "
                         "CLK_IMAGE_MEM_FENCE alone (legalize first)");
  FailureOr<const char *> s = scopeName(op, scope);
  if (failed(s))
    return failure();
  b << "atomic_work_item_fence(" << flags(spaces) << ", " << orderName(order)
    << ", " << *s << ")";
  return success();
}

LogicalResult emitBarrier(BarrierOp op, const OpenCLTarget &target,
                          SnippetBuilder &b) {
  if (op.isPartial())
    return op.emitError("a barrier over part of a subgroup (lane mask) has no "
                        "OpenCL C form");
  Scope exec = op.getExecScope();
  if (exec != Scope::workgroup && (exec != Scope::subgroup || !target.cl2))
    return op.emitError("a barrier of execution scope '")
           << stringifyScope(exec) << "' has no OpenCL C "
           << (target.cl2 ? "2.0" : "1.2") << " form";
  bool sub = exec == Scope::subgroup;
  const char *fn = sub ? "sub_group_barrier" : "barrier";
  if (!op.ordersMemory()) {
    b << fn << "(0)";
    return success();
  }
  Scope scope = *op.getMemoryScope();
  MemoryOrder order = *op.getOrder();
  MemorySpaces spaces = op.getSpaces();
  if (!target.cl2) {
    // Legalization leaves a workgroup memory part (wider parts become
    // fences around the barrier).
    if (scope != Scope::workgroup)
      return op.emitError("a barrier ordering memory at scope '")
             << stringifyScope(scope) << "' has no OpenCL C 1.2 form";
    if (order == MemoryOrder::seq_cst && !target.seqCstMemFence)
      return op.emitError("a barrier whose memory part is seq_cst has no "
                          "OpenCL C 1.2 form: barrier(F) orders memory as "
                          "mem_fence does, only acq_rel (legalize first)");
    b << "barrier(" << flags(spaces) << ")";
    return success();
  }
  FailureOr<const char *> s = scopeName(op, scope);
  if (failed(s))
    return failure();
  std::string call;
  if (scope == exec || (spaces == MemorySpaces::local && !sub))
    call = std::string(sub ? "sub_group_barrier(" : "barrier(") +
           flags(spaces) + ")";
  else
    call = std::string(sub ? "sub_group_barrier(" : "work_group_barrier(") +
           flags(spaces) + ", " + *s + ")";
  if (order != MemoryOrder::seq_cst) {
    b << call;
    return success();
  }
  // A barrier is a release fence on entry and an acquire fence on exit
  // (OpenCL 2.0 §3.3.5); seq_cst needs seq_cst fences around it.
  b << "(";
  if (failed(fenceText(op, scope, order, spaces, target, b)))
    return failure();
  b << ", " << call << ", ";
  if (failed(fenceText(op, scope, order, spaces, target, b)))
    return failure();
  b << ")";
  return success();
}

/// The OpenCL address-space qualifier of an atomic's address, or failure.
FailureOr<std::string> addressSpace(Operation *op, Value addr,
                                    const OpenCLTarget &target) {
  unsigned as = 0;
  if (auto ptr = dyn_cast<LLVM::LLVMPointerType>(addr.getType()))
    as = ptr.getAddressSpace();
  if (as == 1)
    return std::string("__global");
  if (as == 3)
    return std::string("__local");
  if (target.cl2)
    return std::string(""); // generic
  op->emitError("cannot tell whether this atomic object is in global or "
                "shared memory; OpenCL C 1.2 needs to know (translate with "
                "-cl-std=CL3.0 for generic pointers)");
  return failure();
}

/// OpenCL C spelling of the object's C type, and its atomic type.
FailureOr<std::pair<std::string, std::string>>
valueTypes(Operation *op, const OpenCLTarget &target) {
  auto ctype = op->getAttrOfType<StringAttr>("xfence.ctype");
  Type type = op->getNumResults() ? op->getResult(0).getType()
                                  : op->getOperand(0).getType();
  unsigned bits = type.getIntOrFloatBitWidth();
  bool isUnsigned = ctype && ctype.getValue().starts_with("unsigned");
  std::string value, atomic;
  if (isa<FloatType>(type)) {
    value = bits == 64 ? "double" : "float";
    atomic = bits == 64 ? "atomic_double" : "atomic_float";
  } else if (bits == 32) {
    value = isUnsigned ? "uint" : "int";
    atomic = isUnsigned ? "atomic_uint" : "atomic_int";
  } else if (bits == 64) {
    value = isUnsigned ? "ulong" : "long";
    atomic = isUnsigned ? "atomic_ulong" : "atomic_long";
  } else {
    op->emitError("a ") << bits << "-bit atomic has no OpenCL C form";
    return failure();
  }
  if (bits == 64 && !target.cl2) {
    op->emitError("64-bit atomics need cl_khr_int64_base_atomics; xfence "
                  "does not target it for OpenCL C 1.2 (use -cl-std=CL3.0)");
    return failure();
  }
  return std::make_pair(value, atomic);
}

/// True if `v` is a constant with all bits set.
bool isAllOnes(Value v) {
  auto c = v.getDefiningOp<LLVM::ConstantOp>();
  if (!c)
    return false;
  auto attr = dyn_cast<IntegerAttr>(c.getValue());
  return attr && attr.getValue().isAllOnes();
}

/// The name suffix of a helper with the orders and scope `words`
/// (`memory_order_acq_rel`, `memory_scope_device`, ...) as constants:
/// `_acq_rel_device`.
std::string helperSuffix(std::initializer_list<llvm::StringRef> words) {
  std::string suffix;
  for (llvm::StringRef word : words) {
    word.consume_front("memory_order_");
    word.consume_front("memory_scope_");
    suffix += "_" + word.lower();
  }
  return suffix;
}

/// A compare-and-swap loop helper for `kind` on `value` objects in address
/// space `as`; returns its name.
std::string casHelper(AtomicRMWKind kind, const std::string &as,
                      const std::string &value, const std::string &atomic,
                      const OpenCLTarget &target, OpenCLHelpers &helpers,
                      const std::string &order, const std::string &scope) {
  std::string asName = as.empty() ? "generic" : as.substr(2);
  std::string name = "xfence_atomic_" + stringifyAtomicRMWKind(kind).str() +
                     "_" + asName + "_" + value;
  bool constants = target.cl2 && target.constantHelperArguments;
  if (constants)
    name += helperSuffix({order, scope});
  if (helpers.count(name))
    return name;
  bool isFloat = kind == AtomicRMWKind::fadd;
  std::string bitsType =
      isFloat ? (value == "double" ? "ulong" : "uint") : value;
  std::string bitsAtomic =
      isFloat ? (value == "double" ? "atomic_ulong" : "atomic_uint") : atomic;
  std::string next;
  switch (kind) {
  case AtomicRMWKind::inc: // CUDA: old >= m ? 0 : old + 1
    next = "old >= v ? 0 : old + 1";
    break;
  case AtomicRMWKind::dec: // CUDA: (old == 0 || old > m) ? m : old - 1
    next = "(old == 0 || old > v) ? v : old - 1";
    break;
  default: // fadd
    next = "as_" + bitsType + "(as_" + value + "(old) + v)";
    break;
  }
  std::string q = as.empty() ? "" : as + " ";
  std::string text;
  if (!target.cl2) {
    text = "static " + value + " " + name + "(volatile " + q + value + " *p, " +
           value + " v) {\n" + "  volatile " + q + bitsType +
           " *b = (volatile " + q + bitsType + " *)p;\n  " + bitsType +
           " old = 0; /* a guess; the compare-exchange returns the truth */\n" +
           "  for (;;) {\n    " + bitsType + " seen = atomic_cmpxchg(b, old, " +
           next + ");\n    if (seen == old)\n      return " +
           (isFloat ? "as_" + value + "(old)" : std::string("old")) +
           ";\n    old = seen;\n  }\n}\n";
  } else {
    text =
        "static " + value + " " + name + "(volatile " + q + value + " *p, " +
        value + " v" + (constants ? "" : ", memory_order o, memory_scope s") +
        ") {\n  volatile " + q + bitsAtomic + " *b = (volatile " + q +
        bitsAtomic + " *)p;\n  " + bitsType +
        " old = 0; /* a guess; the compare-exchange returns the "
        "truth */\n" +
        "  while (!atomic_compare_exchange_strong_explicit(b, &old, " + next +
        ", " + (constants ? order : "o") + ", memory_order_relaxed, " +
        (constants ? scope : "s") + "))\n    ;\n  return " +
        (isFloat ? "as_" + value + "(old)" : std::string("old")) + ";\n}\n";
  }
  helpers[name] = text;
  return name;
}

LogicalResult emitAtomic(Operation *op, const OpenCLTarget &target,
                         OpenCLHelpers &helpers, SnippetBuilder &b) {
  auto form = op->getAttrOfType<StringAttr>("xfence.form");
  bool member = form && form.getValue() == "member";
  auto types = valueTypes(op, target);
  if (failed(types))
    return failure();
  // Named copies: the lambdas below capture them.
  std::string value = types->first, atomic = types->second;
  auto scopeAttr = op->getAttrOfType<ScopeAttr>("scope");
  if (scopeAttr.getValue() == Scope::thread)
    return op->emitError("an atomic at memory_scope_work_item has no OpenCL C "
                         "form: that scope is for image fences only "
                         "(legalize first)");
  FailureOr<const char *> scope = scopeName(op, scopeAttr.getValue());
  if (failed(scope))
    return failure();

  // The address operand's text is a pointer; in 2.0 it is cast to the
  // atomic type.
  auto address = [&](unsigned operand, Value addr) -> LogicalResult {
    FailureOr<std::string> as = addressSpace(op, addr, target);
    if (failed(as))
      return failure();
    std::string q = as->empty() ? "" : *as + " ";
    b << "(volatile " << q << (target.cl2 ? atomic : value) << " *)(";
    b.operand(operand) << ")";
    return success();
  };
  // OpenCL C 2.0 declares the 64-bit unsigned C11 atomics twice: for
  // atomic_ulong with a ulong operand and for atomic_uintptr_t (the same
  // type) with a ptrdiff_t operand. An operand of another integer type
  // (`1`, `1ull`) matches both, an ambiguous call; it is converted to the
  // value type first, the conversion a single declaration would make.
  bool convertOperands = target.cl2 && (value == "ulong" || value == "long");
  auto valueOperand = [&](unsigned operand) {
    if (!convertOperands)
      return (void)b.operand(operand);
    b << "(" << value << ")(";
    b.operand(operand) << ")";
  };
  auto orderOf = [&](llvm::StringRef name) {
    return op->getAttrOfType<MemoryOrderAttr>(name).getValue();
  };
  auto checkRelaxed = [&]() -> LogicalResult {
    if (target.cl2)
      return success();
    for (llvm::StringRef name : {"order", "success_order", "failure_order"})
      if (auto attr = op->getAttrOfType<MemoryOrderAttr>(name))
        if (attr.getValue() != MemoryOrder::relaxed)
          return op->emitError("an ordered atomic has no OpenCL C 1.2 form "
                               "(legalize first)");
    return success();
  };
  if (failed(checkRelaxed()))
    return failure();
  // `fn(object, ...)`: the object (address operand `object`), what
  // `operands` writes after it, and in 2.0 the order and the scope (the 1.2
  // built-ins have neither).
  auto call = [&](llvm::StringRef fn, unsigned object, Value addr,
                  MemoryOrder order,
                  llvm::function_ref<void()> operands) -> LogicalResult {
    b << fn << "(";
    if (failed(address(object, addr)))
      return failure();
    operands();
    if (target.cl2)
      b << ", " << orderName(order) << ", " << *scope;
    b << ")";
    return success();
  };

  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](AtomicRMWOp rmw) -> LogicalResult {
        AtomicRMWKind kind = rmw.getKind();
        if (auto emulated = op->getAttrOfType<StringAttr>(kEmulatedKind))
          kind = *symbolizeAtomicRMWKind(emulated.getValue());
        // With a bound of all ones CUDA's wrap is the integer wrap.
        if ((kind == AtomicRMWKind::inc || kind == AtomicRMWKind::dec) &&
            isAllOnes(rmw.getValue())) {
          bool inc = kind == AtomicRMWKind::inc;
          if (!target.cl2)
            return call(inc ? "atomic_inc" : "atomic_dec", 0, rmw.getAddr(),
                        rmw.getOrder(), [] {});
          return call(
              inc ? "atomic_fetch_add_explicit" : "atomic_fetch_sub_explicit",
              0, rmw.getAddr(), rmw.getOrder(),
              [&] { b << (convertOperands ? ", (" + value + ")1" : ", 1"); });
        }
        if (kind == AtomicRMWKind::inc || kind == AtomicRMWKind::dec ||
            kind == AtomicRMWKind::fadd) {
          FailureOr<std::string> as = addressSpace(op, rmw.getAddr(), target);
          if (failed(as))
            return failure();
          std::string helper =
              casHelper(kind, *as, value, atomic, target, helpers,
                        orderName(rmw.getOrder()), *scope);
          b << helper << "(";
          b.operand(0) << ", ";
          b.operand(1);
          if (target.cl2 && !target.constantHelperArguments)
            b << ", " << orderName(rmw.getOrder()) << ", " << *scope;
          b << ")";
          return success();
        }
        if (isa<FloatType>(rmw.getType()) && kind != AtomicRMWKind::xchg)
          return op->emitError("a floating-point atomic '")
                 << stringifyAtomicRMWKind(kind) << "' has no OpenCL C form";
        const RMWNames &names = rmwNames(kind);
        if (!(target.cl2 ? names.c11 : names.openCL12))
          return op->emitError("atomic '")
                 << stringifyAtomicRMWKind(kind) << "' has no OpenCL C"
                 << (target.cl2 ? "" : " 1.2") << " form";
        return call(target.cl2
                        ? "atomic_" + std::string(names.c11) + "_explicit"
                        : std::string(names.openCL12),
                    0, rmw.getAddr(), rmw.getOrder(), [&] {
                      b << ", ";
                      valueOperand(1);
                    });
      })
      .Case([&](AtomicCmpXchgOp cas) -> LogicalResult {
        if (!member) {
          // atomicCAS returns the old value.
          if (!target.cl2)
            return call("atomic_cmpxchg", 0, cas.getAddr(),
                        cas.getSuccessOrder(), [&] {
                          b << ", ";
                          b.operand(1) << ", ";
                          b.operand(2);
                        });
          FailureOr<std::string> as = addressSpace(op, cas.getAddr(), target);
          if (failed(as))
            return failure();
          std::string q = as->empty() ? "" : *as + " ";
          std::string name =
              "xfence_cas_" +
              (as->empty() ? std::string("generic") : as->substr(2)) + "_" +
              value;
          std::string successOrder = orderName(orderOf("success_order"));
          std::string failureOrder = orderName(orderOf("failure_order"));
          bool constants = target.constantHelperArguments;
          if (constants)
            name += helperSuffix({successOrder, failureOrder, *scope});
          helpers.try_emplace(
              name, "static " + value + " " + name + "(volatile " + q + value +
                        " *p, " + value + " expected, " + value + " desired" +
                        (constants ? ""
                                   : ", memory_order o, memory_order f, "
                                     "memory_scope s") +
                        ") {\n  atomic_compare_exchange_strong_"
                        "explicit((volatile " +
                        q + atomic + " *)p, &expected, desired, " +
                        (constants ? successOrder + ", " + failureOrder + ", " +
                                         *scope
                                   : std::string("o, f, s")) +
                        ");\n  return expected;\n}\n");
          b << name << "(";
          b.operand(0) << ", ";
          b.operand(1) << ", ";
          b.operand(2);
          if (!constants)
            b << ", " << successOrder << ", " << failureOrder << ", " << *scope;
          b << ")";
          return success();
        }
        if (!target.cl2)
          return op->emitError("compare_exchange (returns whether it stored "
                               "and updates the expected value) has no OpenCL "
                               "C 1.2 form; use atomicCAS");
        b << (cas.getWeak() ? "atomic_compare_exchange_weak_explicit("
                            : "atomic_compare_exchange_strong_explicit(");
        if (failed(address(0, cas.getAddr())))
          return failure();
        b << ", ";
        b.operand(1, /*addressOf=*/true) << ", ";
        valueOperand(2);
        b << ", " << orderName(orderOf("success_order")) << ", "
          << orderName(orderOf("failure_order")) << ", " << *scope << ")";
        return success();
      })
      .Case([&](AtomicLoadOp load) {
        // 1.2 has no atomic load: atomic_or(p, 0).
        return call(target.cl2 ? "atomic_load_explicit" : "atomic_or", 0,
                    load.getAddr(), load.getOrder(), [&] {
                      if (!target.cl2)
                        b << ", 0";
                    });
      })
      .Case([&](AtomicStoreOp store) {
        // Operands: value 0, address 1. 1.2 has no atomic store: the
        // exchange's result dropped.
        return call(target.cl2 ? "atomic_store_explicit" : "(void)atomic_xchg",
                    1, store.getAddr(), store.getOrder(), [&] {
                      b << ", ";
                      valueOperand(0);
                    });
      })
      .Default([&](Operation *) { return failure(); });
}

/// The helper of __syncthreads_count/_and/_or without 2.0's collectives
/// (the barrier that orders memory comes before the call, at the site):
/// every work-item adds its predicate to a __local count between two
/// barriers and reads the total after the second. The next use's leading
/// barrier keeps its reset from overtaking this use's reads.
void addReduceHelper(BarrierReduction reduction, const OpenCLTarget &target,
                     OpenCLHelpers &helpers) {
  std::string name =
      "xfence_syncthreads_" + stringifyBarrierReduction(reduction).str();
  if (helpers.count(name))
    return;
  std::string result = reduction == BarrierReduction::count ? "count"
                       : reduction == BarrierReduction::and_
                           ? "count == (int)(get_local_size(0) * "
                             "get_local_size(1) * get_local_size(2))"
                           : "count != 0";
  std::string collective =
      reduction == BarrierReduction::count  ? "(int)work_group_reduce_add("
      : reduction == BarrierReduction::and_ ? "work_group_all("
                                            : "work_group_any(";
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "// __syncthreads_" << stringifyBarrierReduction(reduction)
     << ": the barrier before the call orders memory as __syncthreads()\n"
     << "static int " << name << "(int predicate, __local int *scratch) {\n";
  if (target.cl30)
    os << "#if defined(__opencl_c_work_group_collective_functions)\n"
       << "  (void)scratch;\n"
       << "  return " << collective << "predicate);\n"
       << "#else\n";
  os << "  if (get_local_id(0) == 0 && get_local_id(1) == 0 && "
        "get_local_id(2) == 0)\n"
     << "    *scratch = 0;\n"
     << "  barrier(CLK_LOCAL_MEM_FENCE);\n"
     << "  if (predicate)\n"
     << "    (void)atomic_inc((volatile __local int *)scratch);\n"
     << "  barrier(CLK_LOCAL_MEM_FENCE);\n"
     << "  int count = *scratch;\n"
     << "  return " << result << ";\n";
  if (target.cl30)
    os << "#endif\n";
  os << "}\n";
  helpers[name] = text;
}

} // namespace

bool xfence::isOpenCLSyncOp(Operation *op) {
  return isa<FenceOp, BarrierOp, BarrierReduceOp, AtomicRMWOp, AtomicCmpXchgOp,
             AtomicLoadOp, AtomicStoreOp>(op);
}

FailureOr<std::string> xfence::openCLValueType(Operation *op,
                                               const OpenCLTarget &target) {
  if (isa<AtomicCmpXchgOp>(op)) {
    auto form = op->getAttrOfType<StringAttr>("xfence.form");
    if (form && form.getValue() == "member")
      return std::string("bool");
  }
  if (isa<AtomicStoreOp>(op) || op->getNumResults() == 0)
    return op->emitError("this construct has no value"), failure();
  auto types = valueTypes(op, target);
  if (failed(types))
    return failure();
  return types->first;
}

std::optional<std::string> xfence::openCLConstantText(Value operand) {
  auto c = operand.getDefiningOp<LLVM::ConstantOp>();
  if (!c)
    return std::nullopt;
  if (auto attr = dyn_cast<IntegerAttr>(c.getValue())) {
    llvm::SmallString<16> text;
    attr.getValue().toString(text, 10, /*Signed=*/false);
    return std::string(text) +
           (attr.getValue().getBitWidth() > 32 ? "ul" : "u");
  }
  return std::nullopt;
}

FailureOr<Snippet> xfence::emitOpenCL(Operation *op, const OpenCLTarget &target,
                                      OpenCLHelpers &helpers) {
  SnippetBuilder b;
  LogicalResult result =
      llvm::TypeSwitch<Operation *, LogicalResult>(op)
          .Case([&](FenceOp fence) {
            return fenceText(op, fence.getScope(), fence.getOrder(),
                             fence.getSpaces(), target, b);
          })
          .Case([&](BarrierOp barrier) {
            return emitBarrier(barrier, target, b);
          })
          .Case([&](BarrierReduceOp reduce) -> LogicalResult {
            // OpenCL C 2.0 has work_group_reduce_add/all/any, but they are
            // not defined to order memory: a barrier goes first.
            if (!reduce.ordersMemory() ||
                *reduce.getMemoryScope() != Scope::workgroup ||
                reduce.getExecScope() != Scope::workgroup)
              return op->emitError("a reducing barrier has no OpenCL C ")
                     << (target.cl2 ? "2.0" : "1.2") << " form";
            b << "(barrier(" << flags(reduce.getSpaces()) << "), ";
            if (!target.cl2 || target.cl30) {
              // 1.2, or 3.0 where the collectives are optional: a count in
              // __local memory (the kernel declares the scratch variable).
              addReduceHelper(reduce.getReduction(), target, helpers);
              b << "xfence_syncthreads_"
                << stringifyBarrierReduction(reduce.getReduction()) << "((";
              b.operand(0) << ") != 0, &" << kReduceScratch << "))";
              return success();
            }
            b << (reduce.getReduction() == BarrierReduction::count
                      ? "(int)work_group_reduce_add(("
                  : reduce.getReduction() == BarrierReduction::and_
                      ? "work_group_all(("
                      : "work_group_any((");
            b.operand(0) << ") != 0))";
            return success();
          })
          .Default(
              [&](Operation *) { return emitAtomic(op, target, helpers, b); });
  if (failed(result))
    return failure();
  for (SnippetPiece &piece : b.snippet.pieces) {
    if (piece.operand >= 0)
      continue;
    if (target.cl2 && piece.text.find("sub_group_barrier") != std::string::npos)
      // Sub-groups are an extension of 2.0 and optional in 3.0. CUDA's warp
      // is taken to be a sub-group of 32 work-items (docs/cuda-to-opencl.md).
      helpers.try_emplace(
          "xfence_0_subgroups",
          "#if !defined(__opencl_c_subgroups) && !defined(cl_khr_subgroups)\n"
          "#error \"xfence: __syncwarp() needs sub-groups "
          "(__opencl_c_subgroups or cl_khr_subgroups), which this device "
          "lacks\"\n"
          "#endif\n");
    size_t at = piece.text.find("memory_scope_all_svm_devices");
    if (!target.cl30 || at == std::string::npos)
      continue;
    // System scope is optional in 3.0: named only where the device has it,
    // and otherwise the build stops with the feature's name (never a weaker
    // scope).
    for (; at != std::string::npos;
         at = piece.text.find("memory_scope_all_svm_devices", at))
      piece.text.replace(at, strlen("memory_scope_all_svm_devices"),
                         "XFENCE_MEMORY_SCOPE_SYSTEM");
    helpers.try_emplace(
        "xfence_0_scope_system",
        "#if defined(__opencl_c_atomic_scope_all_devices)\n"
        "#define XFENCE_MEMORY_SCOPE_SYSTEM memory_scope_all_svm_devices\n"
        "#else\n"
        "#error \"xfence: CUDA system scope (__threadfence_system(), "
        "*_system atomics, thread_scope_system) needs "
        "memory_scope_all_svm_devices, which this OpenCL C 3.0 device lacks "
        "(__opencl_c_atomic_scope_all_devices)\"\n"
        "#endif\n");
  }
  return std::move(b.snippet);
}
