//===- AlpakaEmitter.cpp - alpaka text for each xfence op -----------------===//
//
// Mapping (docs/semantics.md §3.5, which also says what each alpaka back
// end makes of it). xfence writes alpaka 3's `alpaka::onAcc` API,
// whose synchronization names three scopes (scope::block, scope::device,
// scope::system) and five orders:
//  * fence relaxed, at thread scope, or with no spaces: nothing (it orders
//    nothing between threads; alpaka has no thread-scope fence).
//  * any other fence: onAcc::memFence(acc, scope, order); a subgroup widens
//    to the block, a cluster to the device. memFence names no memory space:
//    every back end's fence orders all of them.
//  * barrier workgroup: onAcc::syncBlockThreads(acc). Where the memory part
//    is wider than the block, seq_cst, or orders global memory, a release
//    and an acquire fence of that scope around it (alpaka documents the
//    barrier as a block synchronization only; on CUDA it is __syncthreads,
//    on HIP __syncthreads, whose global-memory fences depend on the ROCm
//    version). No warp, grid, masked or reducing barrier.
//  * atomics: onAcc::atomicAdd/Sub/Min/Max/And/Or/Xor/Exch/Inc/Dec/Cas with
//    the scope (block or device; alpaka refuses system). They are relaxed on
//    every back end, so an ordered atomic is the relaxed atomic between a
//    release fence before and an acquire fence after, of the atomic's
//    scope (seq_cst: seq_cst fences), its operands evaluated first. An
//    atomic store is an exchange whose result is dropped. An atomic load is
//    an error: alpaka has no atomic read, and every alpaka atomic writes.
//
//===----------------------------------------------------------------------===//

#include "backends/alpaka/AlpakaEmitter.h"
#include "backends/cuda/EmitterSupport.h"

#include "dialect/XFenceDialect.h"
#include "dialect/XFenceOps.h"
#include "passes/TargetCapabilities.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace xfence;
using namespace xfence::emitter;

namespace {

/// What alpaka can name: the alpaka row of the one capability table.
const TargetCapabilities &alpakaTarget() {
  static const TargetCapabilities caps = alpakaCapabilities();
  return caps;
}

const char *orderName(MemoryOrder order) {
  switch (order) {
  case MemoryOrder::relaxed:
    return "alpaka::onAcc::order::relaxed";
  case MemoryOrder::acquire:
    return "alpaka::onAcc::order::acquire";
  case MemoryOrder::release:
    return "alpaka::onAcc::order::release";
  case MemoryOrder::acq_rel:
    return "alpaka::onAcc::order::acq_rel";
  case MemoryOrder::seq_cst:
    return "alpaka::onAcc::order::seq_cst";
  }
  llvm_unreachable("unknown order");
}

/// The onAcc::scope object of a scope alpaka names (already widened).
const char *scopeName(Scope scope) {
  switch (scope) {
  case Scope::workgroup:
    return "alpaka::onAcc::scope::block";
  case Scope::device:
    return "alpaka::onAcc::scope::device";
  case Scope::system:
    return "alpaka::onAcc::scope::system";
  default:
    llvm_unreachable("not a scope alpaka names");
  }
}

std::string fenceText(llvm::StringRef acc, Scope scope, MemoryOrder order) {
  return std::string("alpaka::onAcc::memFence(") + acc.str() + ", " +
         scopeName(scope) + ", " + orderName(order) + ")";
}

LogicalResult noScope(Operation *op, Scope scope, bool atomic) {
  return op->emitError(atomic ? "an atomic" : "a fence")
         << " at scope '" << stringifyScope(scope)
         << "' has no sound alpaka form ("
         << (atomic ? "alpaka's atomics take the block or the device)"
                    : "alpaka names the block, the device and the system)");
}

LogicalResult emitFence(FenceOp op, SnippetBuilder &b, llvm::StringRef acc) {
  if (op.getOrder() == MemoryOrder::relaxed ||
      op.getSpaces() == MemorySpaces::none || op.getScope() == Scope::thread) {
    b << kNothing;
    return success();
  }
  std::optional<Scope> scope = alpakaTarget().fenceScopeFor(op.getScope());
  if (!scope)
    return noScope(op, op.getScope(), /*atomic=*/false);
  b << fenceText(acc, *scope, op.getOrder());
  return success();
}

LogicalResult emitBarrier(BarrierOp op, SnippetBuilder &b,
                          llvm::StringRef acc) {
  Scope exec = op.getExecScope();
  if (exec != Scope::workgroup || op.getMask())
    return op.emitError("a barrier with execution scope '")
           << stringifyScope(exec) << "'" << (op.getMask() ? " and a mask" : "")
           << " has no sound alpaka form (syncBlockThreads is the only "
              "barrier)";
  std::string primitive = "alpaka::onAcc::syncBlockThreads(" + acc.str() + ")";
  std::optional<Scope> memoryScope = op.getMemoryScope();
  if (!memoryScope || op.getSpaces() == MemorySpaces::none) {
    b << primitive;
    return success();
  }
  bool seqCst = op.getOrder() && *op.getOrder() == MemoryOrder::seq_cst;
  std::optional<Scope> scope =
      alpakaTarget().fenceScopeFor(join(*memoryScope, exec));
  if (!scope)
    return noScope(op, *memoryScope, /*atomic=*/false);
  if (*scope == Scope::workgroup && !seqCst &&
      op.getSpaces() == MemorySpaces::local) {
    b << primitive;
    return success();
  }
  b << "("
    << fenceText(acc, *scope,
                 seqCst ? MemoryOrder::seq_cst : MemoryOrder::release)
    << ", " << primitive << ", "
    << fenceText(acc, *scope,
                 seqCst ? MemoryOrder::seq_cst : MemoryOrder::acquire)
    << ")";
  return success();
}

/// The onAcc function of a read-modify-write kind.
const char *rmwName(AtomicRMWKind kind) {
  switch (kind) {
  case AtomicRMWKind::add:
  case AtomicRMWKind::fadd:
    return "alpaka::onAcc::atomicAdd";
  case AtomicRMWKind::sub:
    return "alpaka::onAcc::atomicSub";
  case AtomicRMWKind::and_:
    return "alpaka::onAcc::atomicAnd";
  case AtomicRMWKind::or_:
    return "alpaka::onAcc::atomicOr";
  case AtomicRMWKind::xor_:
    return "alpaka::onAcc::atomicXor";
  case AtomicRMWKind::min:
  case AtomicRMWKind::umin:
    return "alpaka::onAcc::atomicMin";
  case AtomicRMWKind::max:
  case AtomicRMWKind::umax:
    return "alpaka::onAcc::atomicMax";
  case AtomicRMWKind::xchg:
    return "alpaka::onAcc::atomicExch";
  case AtomicRMWKind::inc:
    return "alpaka::onAcc::atomicInc";
  case AtomicRMWKind::dec:
    return "alpaka::onAcc::atomicDec";
  }
  llvm_unreachable("unknown atomic kind");
}

/// The type the alpaka atomic operates on, for the object type `c` and the
/// operation's signedness; null where xfence writes no alpaka atomic of
/// that type. Signed 64-bit arithmetic is done on unsigned long long (the
/// same bits; CUDA, alpaka's widest back end, has no signed 64-bit add).
const char *alpakaType(CType c, bool isUnsigned, bool isSigned) {
  switch (c) {
  case CType::Int:
  case CType::UInt:
    return isUnsigned || (c == CType::UInt && !isSigned) ? "unsigned int"
                                                         : "int";
  case CType::Int64:
  case CType::UInt64:
    return isSigned ? "long long" : "unsigned long long";
  case CType::Float:
    return "float";
  case CType::Double:
    return "double";
  case CType::Other:
    break;
  }
  return nullptr;
}

const char *kTypesNote =
    "its atomics are written for 32- and 64-bit integers, and float and "
    "double where the operation is arithmetic or an exchange";

LogicalResult noType(Operation *op, const std::string &c, llvm::StringRef what,
                     llvm::StringRef why = kTypesNote) {
  return op->emitError("") << what << " on '" << c
                           << "' has no alpaka form in xfence (" << why << ")";
}

/// The scope an atomic has in alpaka, or an error.
FailureOr<Scope> atomicScope(Operation *op, Scope scope) {
  std::optional<Scope> s = alpakaTarget().atomicScopeFor(scope);
  if (!s)
    return noScope(op, scope, /*atomic=*/true);
  return *s;
}

/// Writes `call` (which names the evaluated operands xfence_object,
/// xfence_value, ...) with fences around it for `order`, given the
/// declarations of those operands; the result, unless `discard`, is the
/// call's value cast to `c`.
void orderedCall(llvm::StringRef acc, SnippetBuilder &b, Scope scope,
                 MemoryOrder order, llvm::function_ref<void()> declarations,
                 const std::string &call, const std::string &c, bool discard) {
  b << "({ ";
  declarations();
  if (order == MemoryOrder::seq_cst)
    b << fenceText(acc, scope, MemoryOrder::seq_cst) << "; ";
  else if (order == MemoryOrder::release || order == MemoryOrder::acq_rel)
    b << fenceText(acc, scope, MemoryOrder::release) << "; ";
  if (discard)
    b << "(void)" << call << "; ";
  else
    b << "auto xfence_old = " << call << "; ";
  if (order == MemoryOrder::seq_cst)
    b << fenceText(acc, scope, MemoryOrder::seq_cst) << "; ";
  else if (order == MemoryOrder::acquire || order == MemoryOrder::acq_rel)
    b << fenceText(acc, scope, MemoryOrder::acquire) << "; ";
  if (!discard)
    b << "(" << c << ")xfence_old; ";
  b << "})";
}

std::string accArg(llvm::StringRef acc) { return "(" + acc.str() + ", "; }

LogicalResult emitRMW(AtomicRMWOp op, SnippetBuilder &b, llvm::StringRef acc) {
  if (!op.getIndices().empty())
    return op.emitError("an atomic on a memref has no alpaka form");
  FailureOr<Scope> scope = atomicScope(op, op.getScope());
  if (failed(scope))
    return failure();
  AtomicRMWKind kind = op.getKind();
  bool isUnsigned = kind == AtomicRMWKind::umin ||
                    kind == AtomicRMWKind::umax || kind == AtomicRMWKind::inc ||
                    kind == AtomicRMWKind::dec;
  bool isSigned = kind == AtomicRMWKind::min || kind == AtomicRMWKind::max;
  std::string c = cTypeOf(op, op.getValue().getType(), isUnsigned);
  CType cls = classify(c);
  if ((kind == AtomicRMWKind::inc || kind == AtomicRMWKind::dec) &&
      cls != CType::UInt)
    return op.emitError("a wrapping atomic '")
           << stringifyAtomicRMWKind(kind) << "' on '" << c
           << "' has no alpaka form in xfence (alpaka's atomicInc/atomicDec "
              "wrap as CUDA's, on unsigned int)";
  const char *t = alpakaType(cls, isUnsigned, isSigned);
  bool floating = cls == CType::Float || cls == CType::Double;
  if (!t || (floating && kind != AtomicRMWKind::fadd &&
             kind != AtomicRMWKind::add && kind != AtomicRMWKind::xchg))
    return noType(op, c,
                  std::string("an atomic '") +
                      stringifyAtomicRMWKind(kind).str() + "'");
  llvm::StringRef form = formOf(op, op.getOrder() == MemoryOrder::relaxed);
  std::string tail = std::string(", ") + scopeName(*scope) + ")";
  if (form == "flag")
    b << "(bool)";
  if (op.getOrder() == MemoryOrder::relaxed) {
    bool castResult = t != c;
    if (castResult)
      b << "((" << c << ")";
    b << rmwName(kind) << accArg(acc) << "(" << t << " *)(";
    b.operand(0) << "), (" << t << ")(";
    b.operand(1) << ")" << tail;
    if (castResult)
      b << ")";
    return success();
  }
  orderedCall(
      acc, b, *scope, op.getOrder(),
      [&] {
        b << t << " *xfence_object = (" << t << " *)(";
        b.operand(0) << "); " << t << " xfence_value = (" << t << ")(";
        b.operand(1) << "); ";
      },
      rmwName(kind) + accArg(acc) + "xfence_object, xfence_value" + tail, c,
      /*discard=*/false);
  return success();
}

LogicalResult emitCmpXchg(AtomicCmpXchgOp op, SnippetBuilder &b,
                          llvm::StringRef acc) {
  if (!op.getIndices().empty())
    return op.emitError("an atomic on a memref has no alpaka form");
  FailureOr<Scope> scope = atomicScope(op, op.getScope());
  if (failed(scope))
    return failure();
  std::string c = cTypeOf(op, op.getDesired().getType(), false);
  CType cls = classify(c);
  const char *t = alpakaType(cls, false, false);
  if (!t || cls == CType::Float || cls == CType::Double)
    return noType(op, c, "a compare-and-swap",
                  "atomicCas on floating point compares values, not bits: "
                  "-0.0 equals 0.0 and NaN equals nothing");
  MemoryOrder order = join(op.getSuccessOrder(), op.getFailureOrder());
  llvm::StringRef form = formOf(op, order == MemoryOrder::relaxed);
  std::string tail = std::string(", ") + scopeName(*scope) + ")";
  std::string call = std::string("alpaka::onAcc::atomicCas") + accArg(acc) +
                     "xfence_object, xfence_expected, xfence_desired" + tail;
  if (form == "c11") {
    // Expected by pointer; returns whether it stored (OpenCL 2.0, C11),
    // writing the value it found to *expected when it did not. alpaka's
    // atomicCas is strong, so a weak exchange is strong here.
    b << "({ " << t << " *xfence_object = (" << t << " *)(";
    b.operand(0) << "); " << t << " *xfence_where = (" << t << " *)(";
    b.operand(1) << "); " << t << " xfence_expected = *xfence_where; " << t
                 << " xfence_desired = (" << t << ")(";
    b.operand(2) << "); " << t << " xfence_found = ";
    orderedCall(
        acc, b, *scope, order, [] {}, call, t, /*discard=*/false);
    b << "; bool xfence_ok = xfence_found == xfence_expected; if "
         "(!xfence_ok) *xfence_where = xfence_found; xfence_ok; })";
    return success();
  }
  // Returns the old value (OpenCL 1.x atomic_cmpxchg, CUDA atomicCAS).
  if (order == MemoryOrder::relaxed) {
    bool castResult = t != c;
    if (castResult)
      b << "((" << c << ")";
    b << "alpaka::onAcc::atomicCas" << accArg(acc) << "(" << t << " *)(";
    b.operand(0) << "), (" << t << ")(";
    b.operand(1) << "), (" << t << ")(";
    b.operand(2) << ")" << tail;
    if (castResult)
      b << ")";
    return success();
  }
  orderedCall(
      acc, b, *scope, order,
      [&] {
        b << t << " *xfence_object = (" << t << " *)(";
        b.operand(0) << "); " << t << " xfence_expected = (" << t << ")(";
        b.operand(1) << "); " << t << " xfence_desired = (" << t << ")(";
        b.operand(2) << "); ";
      },
      call, c, /*discard=*/false);
  return success();
}

LogicalResult emitLoad(AtomicLoadOp op, SnippetBuilder &b,
                       llvm::StringRef acc) {
  (void)b;
  (void)acc;
  // alpaka 3 has no atomic load: its onAcc atomics (atomicAdd ... atomicCas,
  // atomicOp over alpaka::operation's Add ... Cas) all read and write the
  // object. A read written as one of them (a compare-and-swap of 0 with 0,
  // an add of 0) stores into memory the source only reads: a data race with
  // the plain reads of it that the source allows (C++ [intro.races]), and a
  // fault on read-only memory. A plain or volatile read is no atomic read.
  return op.emitError(
      "an atomic load has no alpaka form: alpaka 3's atomics all write "
      "the object, and a read written as one (a compare-and-swap of 0 with "
      "0) would store where the source only reads; where the object is "
      "writable and no plain access races with it, write the load in the "
      "source as an atomic read-modify-write that changes nothing (an "
      "atomic or with 0)");
}

LogicalResult emitStore(AtomicStoreOp op, SnippetBuilder &b,
                        llvm::StringRef acc) {
  if (!op.getIndices().empty())
    return op.emitError("an atomic on a memref has no alpaka form");
  FailureOr<Scope> scope = atomicScope(op, op.getScope());
  if (failed(scope))
    return failure();
  std::string c = cTypeOf(op, op.getValue().getType(), false);
  const char *t = alpakaType(classify(c), false, false);
  if (!t)
    return noType(op, c, "an atomic store");
  orderedCall(
      acc, b, *scope, op.getOrder(),
      [&] {
        b << t << " *xfence_object = (" << t << " *)(";
        b.operand(1) << "); " << t << " xfence_value = (" << t << ")(";
        b.operand(0) << "); ";
      },
      std::string("alpaka::onAcc::atomicExch") + accArg(acc) +
          "xfence_object, xfence_value, " + scopeName(*scope) + ")",
      c, /*discard=*/true);
  return success();
}

} // namespace

FailureOr<Snippet> xfence::emitAlpaka(Operation *op, llvm::StringRef acc) {
  SnippetBuilder b;
  LogicalResult result =
      llvm::TypeSwitch<Operation *, LogicalResult>(op)
          .Case<FenceOp>([&](auto op) { return emitFence(op, b, acc); })
          .Case<BarrierOp>([&](auto op) { return emitBarrier(op, b, acc); })
          .Case<BarrierReduceOp>([&](auto op) {
            return op.emitError("a reducing barrier has no alpaka form "
                                "(alpaka has no barrier with a predicate)");
          })
          .Case<AtomicRMWOp>([&](auto op) { return emitRMW(op, b, acc); })
          .Case<AtomicCmpXchgOp>(
              [&](auto op) { return emitCmpXchg(op, b, acc); })
          .Case<AtomicLoadOp>([&](auto op) { return emitLoad(op, b, acc); })
          .Case<AtomicStoreOp>([&](auto op) { return emitStore(op, b, acc); })
          .Default([](Operation *op) {
            return op->emitError("not a synchronization op");
          });
  if (failed(result))
    return failure();
  return std::move(b.snippet);
}

LogicalResult xfence::emitAlpakaListing(Operation *module,
                                        llvm::raw_ostream &os) {
  bool ok = true;
  std::string body;
  llvm::raw_string_ostream out(body);
  module->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (auto func = dyn_cast<func::FuncOp>(op)) {
      out << "// " << func.getSymName() << "\n";
      return;
    }
    if (!isSyncOp(op))
      return;
    FailureOr<Snippet> snippet = emitAlpaka(op);
    if (failed(snippet)) {
      ok = false;
      return;
    }
    out << render(*snippet, [&](unsigned i) { return operandRole(op, i); })
        << ";\n";
  });
  if (!ok)
    return failure();
  os << "#include <alpaka/alpaka.hpp>\n" << body;
  return success();
}

void xfence::registerAlpakaExport() {
  TranslateFromMLIRRegistration registration(
      "export-alpaka",
      "emit alpaka 3 (alpaka::onAcc): one statement per synchronization op, "
      "the accelerator named `acc`",
      [](Operation *op, llvm::raw_ostream &os) -> LogicalResult {
        return emitAlpakaListing(op, os);
      },
      [](DialectRegistry &registry) {
        registry.insert<XFenceDialect, func::FuncDialect, LLVM::LLVMDialect>();
      });
}
