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
#include "backends/common/EmitterSupport.h"

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
constexpr auto &alpakaTarget = capabilities<alpakaCapabilities>;

/// `alpaka::onAcc::order::acq_rel`, ...
std::string orderName(MemoryOrder order) {
  return ("alpaka::onAcc::order::" + stringifyMemoryOrder(order)).str();
}

/// The onAcc::scope objects of the scopes alpaka names (the capability
/// table widens to them).
constexpr Spelling<Scope> kScopeNames[] = {
    {Scope::workgroup, "alpaka::onAcc::scope::block"},
    {Scope::device, "alpaka::onAcc::scope::device"},
    {Scope::system, "alpaka::onAcc::scope::system"}};

std::string fenceText(llvm::StringRef acc, Scope scope, MemoryOrder order) {
  return "alpaka::onAcc::memFence(" + acc.str() + ", " +
         spell(kScopeNames, scope) + ", " + orderName(order) + ")";
}

LogicalResult noScope(Operation *op, Scope scope, bool atomic) {
  return op->emitError(atomic ? "an atomic" : "a fence")
         << " at scope '" << stringifyScope(scope)
         << "' has no sound alpaka form ("
         << (atomic ? "alpaka's atomics take the block or the device)"
                    : "alpaka names the block, the device and the system)");
}

LogicalResult emitOp(FenceOp op, SnippetBuilder &b, llvm::StringRef acc) {
  if (ordersNothing(op.getOrder(), op.getSpaces()) ||
      op.getScope() == Scope::thread) {
    b << kNothing;
    return success();
  }
  std::optional<Scope> scope = alpakaTarget().fenceScopeFor(op.getScope());
  if (!scope)
    return noScope(op, op.getScope(), /*atomic=*/false);
  b << fenceText(acc, *scope, op.getOrder());
  return success();
}

LogicalResult emitOp(BarrierOp op, SnippetBuilder &b, llvm::StringRef acc) {
  Scope exec = op.getExecScope();
  if (exec != Scope::workgroup || op.getMask())
    return op.emitError("a barrier with execution scope '")
           << stringifyScope(exec) << "'" << (op.getMask() ? " and a mask" : "")
           << " has no sound alpaka form (syncBlockThreads is the only "
              "barrier)";
  // syncBlockThreads orders the block's local memory.
  std::string primitive = "alpaka::onAcc::syncBlockThreads(" + acc.str() + ")";
  return emitFencedBarrier(
      op, b, primitive, primitive,
      [&](Scope scope) -> FailureOr<Scope> {
        if (std::optional<Scope> widened = alpakaTarget().fenceScopeFor(scope))
          return *widened;
        return noScope(op, *op.getMemoryScope(), /*atomic=*/false);
      },
      [&](Scope scope, MemoryOrder order) {
        return fenceText(acc, scope, order);
      });
}

/// The type the alpaka atomic operates on (atomicType). Signed 64-bit
/// arithmetic is done on unsigned long long (the same bits; CUDA, alpaka's
/// widest back end, has no signed 64-bit add).
const char *alpakaType(CType c, bool isUnsigned, bool isSigned) {
  return atomicType(c, isUnsigned, isSigned, /*unsigned64=*/true);
}

const char *kTypesNote =
    "its atomics are written for 32- and 64-bit integers, and float and "
    "double where the operation is arithmetic or an exchange";

LogicalResult noType(Operation *op, const std::string &c, llvm::StringRef what,
                     llvm::StringRef why = kTypesNote) {
  return op->emitError("") << what << " on '" << c
                           << "' has no alpaka form in xfence (" << why << ")";
}

/// The scope an atomic on a pointer has in alpaka, or an error.
template <typename AtomicOp> FailureOr<Scope> atomicScope(AtomicOp op) {
  if (failed(onPointer(op, "alpaka")))
    return failure();
  std::optional<Scope> s = alpakaTarget().atomicScopeFor(op.getScope());
  if (!s)
    return noScope(op, op.getScope(), /*atomic=*/true);
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
  FencesAround fences = fencesAround(order);
  if (fences.before)
    b << fenceText(acc, scope, *fences.before) << "; ";
  if (discard)
    b << "(void)" << call << "; ";
  else
    b << "auto xfence_old = " << call << "; ";
  if (fences.after)
    b << fenceText(acc, scope, *fences.after) << "; ";
  if (!discard)
    b << "(" << c << ")xfence_old; ";
  b << "})";
}

std::string accArg(llvm::StringRef acc) { return "(" + acc.str() + ", "; }

/// An operand of an onAcc atomic after the object: the op's operand, and
/// the variable that holds it where the atomic is ordered.
struct Argument {
  unsigned operand;
  const char *variable;
};

/// The onAcc atomic `fn` (`atomicAdd`, ...) on type `t`: the object is the
/// op's operand `object`, `arguments` follow it. Relaxed (and not
/// `discard`), the call itself, its value cast to `c` where `t` is not `c`;
/// otherwise the call in orderedCall, its operands evaluated first into
/// xfence_object and the arguments' variables.
void atomicCall(SnippetBuilder &b, llvm::StringRef acc, Scope scope,
                MemoryOrder order, llvm::StringRef fn, const char *t,
                const std::string &c, unsigned object,
                llvm::ArrayRef<Argument> arguments, bool discard = false) {
  std::string name = ("alpaka::onAcc::" + fn).str() + accArg(acc);
  std::string tail = std::string(", ") + spell(kScopeNames, scope) + ")";
  if (order == MemoryOrder::relaxed && !discard) {
    bool castResult = t != c;
    if (castResult)
      b << "((" << c << ")";
    b << name << "(" << t << " *)(";
    b.operand(object) << ")";
    for (const Argument &argument : arguments) {
      b << ", (" << t << ")(";
      b.operand(argument.operand) << ")";
    }
    b << tail;
    if (castResult)
      b << ")";
    return;
  }
  std::string call = name + "xfence_object";
  for (const Argument &argument : arguments)
    call += std::string(", ") + argument.variable;
  orderedCall(
      acc, b, scope, order,
      [&] {
        b << t << " *xfence_object = (" << t << " *)(";
        b.operand(object) << "); ";
        for (const Argument &argument : arguments) {
          b << t << " " << argument.variable << " = (" << t << ")(";
          b.operand(argument.operand) << "); ";
        }
      },
      call + tail, c, discard);
}

LogicalResult emitOp(AtomicRMWOp op, SnippetBuilder &b, llvm::StringRef acc) {
  FailureOr<Scope> scope = atomicScope(op);
  if (failed(scope))
    return failure();
  AtomicRMWKind kind = op.getKind();
  const RMWNames &names = rmwNames(kind);
  std::string c = cTypeOf(op, op.getValue().getType(), names.isUnsigned);
  CType cls = classify(c);
  if ((kind == AtomicRMWKind::inc || kind == AtomicRMWKind::dec) &&
      cls != CType::UInt)
    return op.emitError("a wrapping atomic '")
           << stringifyAtomicRMWKind(kind) << "' on '" << c
           << "' has no alpaka form in xfence (alpaka's atomicInc/atomicDec "
              "wrap as CUDA's, on unsigned int)";
  const char *t = alpakaType(cls, names.isUnsigned, names.isSigned);
  bool floating = cls == CType::Float || cls == CType::Double;
  if (!t || (floating && kind != AtomicRMWKind::fadd &&
             kind != AtomicRMWKind::add && kind != AtomicRMWKind::xchg))
    return noType(op, c,
                  std::string("an atomic '") +
                      stringifyAtomicRMWKind(kind).str() + "'");
  if (formOf(op, op.getOrder() == MemoryOrder::relaxed) == "flag")
    b << "(bool)";
  atomicCall(b, acc, *scope, op.getOrder(), names.cuda, t, c, 0,
             {{1, "xfence_value"}});
  return success();
}

LogicalResult emitOp(AtomicCmpXchgOp op, SnippetBuilder &b,
                     llvm::StringRef acc) {
  FailureOr<Scope> scope = atomicScope(op);
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
  if (formOf(op, order == MemoryOrder::relaxed) == "c11") {
    // Expected by pointer; returns whether it stored (OpenCL 2.0, C11),
    // writing the value it found to *expected when it did not. alpaka's
    // atomicCas is strong, so a weak exchange is strong here.
    b << "({ " << t << " *xfence_object = (" << t << " *)(";
    b.operand(0) << "); " << t << " *xfence_where = (" << t << " *)(";
    b.operand(1) << "); " << t << " xfence_expected = *xfence_where; " << t
                 << " xfence_desired = (" << t << ")(";
    b.operand(2) << "); " << t << " xfence_found = ";
    orderedCall(
        acc, b, *scope, order, [] {},
        "alpaka::onAcc::atomicCas" + accArg(acc) +
            "xfence_object, xfence_expected, xfence_desired, " +
            spell(kScopeNames, *scope) + ")",
        t, /*discard=*/false);
    b << "; bool xfence_ok = xfence_found == xfence_expected; if "
         "(!xfence_ok) *xfence_where = xfence_found; xfence_ok; })";
    return success();
  }
  // Returns the old value (OpenCL 1.x atomic_cmpxchg, CUDA atomicCAS).
  atomicCall(b, acc, *scope, order, "atomicCas", t, c, 0,
             {{1, "xfence_expected"}, {2, "xfence_desired"}});
  return success();
}

LogicalResult emitOp(AtomicLoadOp op, SnippetBuilder &, llvm::StringRef) {
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

LogicalResult emitOp(AtomicStoreOp op, SnippetBuilder &b, llvm::StringRef acc) {
  FailureOr<Scope> scope = atomicScope(op);
  if (failed(scope))
    return failure();
  std::string c = cTypeOf(op, op.getValue().getType(), false);
  const char *t = alpakaType(classify(c), false, false);
  if (!t)
    return noType(op, c, "an atomic store");
  atomicCall(b, acc, *scope, op.getOrder(), "atomicExch", t, c, 1,
             {{0, "xfence_value"}}, /*discard=*/true);
  return success();
}

LogicalResult emitOp(BarrierReduceOp op, SnippetBuilder &, llvm::StringRef) {
  return op.emitError("a reducing barrier has no alpaka form "
                      "(alpaka has no barrier with a predicate)");
}

} // namespace

FailureOr<Snippet> xfence::emitAlpaka(Operation *op, llvm::StringRef acc) {
  return emitSyncOp(
      op, [&](auto op, SnippetBuilder &b) { return emitOp(op, b, acc); });
}

LogicalResult xfence::emitAlpakaListing(Operation *module,
                                        llvm::raw_ostream &os) {
  FailureOr<Listing> listing =
      listSyncOps(module, [](Operation *op) { return emitAlpaka(op); });
  if (failed(listing))
    return failure();
  os << "#include <alpaka/alpaka.hpp>\n" << listing->statements;
  return success();
}

void xfence::registerAlpakaExport() {
  TranslateFromMLIRRegistration registration(
      "export-alpaka",
      "emit alpaka 3 (alpaka::onAcc): one statement per synchronization op, "
      "the accelerator named `acc`",
      emitAlpakaListing, [](DialectRegistry &registry) {
        registry.insert<XFenceDialect, func::FuncDialect, LLVM::LLVMDialect>();
      });
}
