//===- OpenCLImporter.cpp - OpenCL C to the xfence dialect ----------------===//
//
// The meaning of each construct follows docs/semantics.md §2 (OpenCL C):
//  * mem_fence(F) = fence workgroup seq_cst [F] in OpenCL C 1.x source (the
//    1.2 text describes a full fence, OpenCL 1.2 §6.12.9) and fence
//    workgroup acq_rel [F] in 2.0/3.0 source (OpenCL C 2.0 §6.13.8);
//    read_mem_fence = acquire, write_mem_fence = release in both
//    (legacyFenceOrder in frontends/names/OpenCLSyncNames.h).
//  * barrier(F) / work_group_barrier(F) = barrier exec workgroup, memory
//    workgroup acq_rel [F]; F = 0 is an execution barrier only.
//    work_group_barrier(F, S) has memory scope S, but with LOCAL only the
//    scope is work_group. sub_group_barrier is the same at subgroup
//    execution scope, memory scope sub_group unless given.
//  * 2.0 atomics without _explicit are seq_cst at memory_scope_device;
//    _explicit without a scope argument is memory_scope_device.
//  * 1.x atomics are relaxed, at device scope for __global (and __constant)
//    pointers, workgroup scope for __local ones; a generic pointer gets
//    device scope (the wider, sound).
//  * memory_scope_all_svm_devices is system scope.
//  * With --opencl-global-fence=device (an assumption about the original
//    platform, not the specification), the constructs of implied work-group
//    scope (mem_fence, read_/write_mem_fence, barrier(F),
//    work_group_barrier(F)) whose flags include CLK_GLOBAL_MEM_FENCE have
//    device memory scope: a fence device, a barrier exec workgroup memory
//    device. Local-only ones stay work-group; explicit scopes are kept.
// A flags, order or scope argument that is not a constant expression gets
// the strongest meaning (all spaces, seq_cst, system) and a warning.
//
//===----------------------------------------------------------------------===//

#include "frontends/opencl/OpenCLImporter.h"

#include "dialect/XFenceOps.h"
#include "frontends/common/StatementWalker.h"
#include "frontends/names/AtomicNames.h"
#include "frontends/opencl/InterGroupSync.h"
#include "frontends/opencl/OpenCLBuiltins.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Verifier.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "clang/AST/StmtVisitor.h"
#include "llvm/ADT/StringSwitch.h"

using namespace xfence;
using namespace mlir;
using clang::DiagnosticsEngine;

namespace {

/// An OpenCL address space: the memory spaces of an object in it (none for
/// private memory, which no other work-item sees), and the LLVM address
/// space of a pointer into it, with NVPTX's numbering (generic 0, global 1,
/// shared 3, constant 4, local 5).
struct OpenCLAddressSpace {
  clang::LangAS as;
  MemorySpaces spaces;
  unsigned llvmAddressSpace;
};
constexpr OpenCLAddressSpace kAddressSpaces[] = {
    {clang::LangAS::opencl_global, MemorySpaces::global, 1},
    {clang::LangAS::opencl_global_device, MemorySpaces::global, 1},
    {clang::LangAS::opencl_global_host, MemorySpaces::global, 1},
    {clang::LangAS::opencl_constant, MemorySpaces::global, 4},
    {clang::LangAS::opencl_local, MemorySpaces::local, 3},
    {clang::LangAS::opencl_private, MemorySpaces::none, 5},
    {clang::LangAS::opencl_generic, MemorySpaces::local | MemorySpaces::global,
     0},
};

/// The row of `as`; for any other (the default, unqualified space) no
/// memory other work-items see, and a generic pointer.
OpenCLAddressSpace addressSpace(clang::LangAS as) {
  for (const OpenCLAddressSpace &row : kAddressSpaces)
    if (row.as == as)
      return row;
  return {as, MemorySpaces::none, 0};
}

MemorySpaces spacesOf(clang::LangAS as) { return addressSpace(as).spaces; }

bool isFileLevelSystem(ParsedSource &src, const clang::Decl *decl) {
  return !src.isUserLocation(decl->getLocation());
}

/// Walks the AST of user functions and emits ops.
class Importer : public ImporterBase<Importer> {
  friend class StatementWalker<Importer>;

public:
  Importer(ParsedSource &src, MLIRContext *ctx,
           const OpenCLImportOptions &options)
      : ImporterBase(src, ctx), options(options) {}

  bool run(ModuleOp module);

private:
  // Expressions, in evaluation order (statements: StatementWalker).
  void visitExpr(const clang::Expr *e);
  void visitDeclInit(const clang::VarDecl *var) {
    MemorySpaces spaces = spacesOf(var->getType().getAddressSpace());
    if (spaces != MemorySpaces::none)
      AccessOp::create(builder, locOf(var->getSourceRange()), false, true,
                       spaces, var->getType().isVolatileQualified());
  }
  void visitAsm(const clang::Stmt *s) {
    OpaqueOp::create(builder, locOf(s), "asm");
  }
  void visitAccess(const clang::Expr *e, const clang::Expr *lvalue, bool read,
                   bool write) {
    access(e, lvalue->getType(), read, write);
  }
  void visitCall(const clang::CallExpr *call);
  void visitAtomicExpr(const clang::AtomicExpr *atomic);
  void access(const clang::Expr *e, clang::QualType type, bool read,
              bool write);

  // Synchronization built-ins.
  void importSync(const clang::CallExpr *call, const OpenCLSyncBuiltin &b);
  void importClangAtomic(const clang::Expr *e, const ClangAtomicBuiltin &b);
  std::optional<int64_t> requiredConstant(const clang::Expr *arg,
                                          llvm::StringRef what,
                                          llvm::StringRef builtin);
  std::optional<MemorySpaces> flagsArg(const clang::CallExpr *call, unsigned i);
  /// Argument `i` of `call`, an OpenCL encoding of `what` that `decode`
  /// reads: `dflt` if there is no such argument, `strongest` (with a
  /// warning) if it is not a constant; nothing after an error.
  template <typename T>
  std::optional<T> encodedArg(const clang::CallExpr *call, unsigned i, T dflt,
                              T strongest, llvm::StringRef what,
                              std::optional<T> (*decode)(int64_t));
  std::optional<MemoryOrder> orderArg(const clang::CallExpr *call, unsigned i,
                                      MemoryOrder dflt) {
    return encodedArg(call, i, dflt, MemoryOrder::seq_cst, "memory order",
                      orderFromOpenCL);
  }
  std::optional<Scope> scopeArg(const clang::CallExpr *call, unsigned i,
                                Scope dflt) {
    return encodedArg(call, i, dflt, Scope::system, "memory scope",
                      scopeFromOpenCL);
  }
  std::optional<int64_t> constantArg(const clang::CallExpr *call, unsigned i,
                                     llvm::StringRef what) {
    return constantOrStrongest(call->getArg(i), what);
  }

  // Atomic operands.
  struct AtomicObject {
    clang::QualType valueType; // the C type of the atomic object
    Type type;                 // its MLIR type
    Value addr;
    Scope legacyScope; // 1.x: from the address space
  };
  std::optional<AtomicObject> atomicObject(const clang::Expr *pointer);
  void annotate(Operation *op, const AtomicObject &obj, ArrayRef<int32_t> args,
                llvm::StringRef form);

  /// The memory scope of a construct of implied work-group scope
  /// (hasImpliedWorkGroupScope) that orders `spaces`.
  Scope impliedScope(MemorySpaces spaces) const {
    return options.globalFence == GlobalFenceScope::device &&
                   isAtLeast(spaces, MemorySpaces::global)
               ? Scope::device
               : Scope::workgroup;
  }

  const OpenCLImportOptions &options;
};

bool Importer::run(ModuleOp module) {
  clang::TranslationUnitDecl *tu = astCtx.getTranslationUnitDecl();
  for (clang::Decl *decl : tu->decls()) {
    auto *fn = llvm::dyn_cast<clang::FunctionDecl>(decl);
    if (!fn || !fn->doesThisDeclarationHaveABody() ||
        isFileLevelSystem(src, fn))
      continue;
    importFunction(module, fn, fn->getName(),
                   fn->hasAttr<clang::DeviceKernelAttr>(),
                   locOf(fn->getSourceRange()));
  }
  return !failed;
}

void Importer::access(const clang::Expr *e, clang::QualType type, bool read,
                      bool write) {
  MemorySpaces spaces = spacesOf(type.getAddressSpace());
  if (spaces == MemorySpaces::none)
    return;
  AccessOp::create(builder, locOf(e), read, write, spaces,
                   type.isVolatileQualified());
}

void Importer::visitExpr(const clang::Expr *e) {
  if (!e)
    return;
  if (auto *call = llvm::dyn_cast<clang::CallExpr>(e))
    return visitCall(call);
  if (auto *atomic = llvm::dyn_cast<clang::AtomicExpr>(e))
    return visitAtomicExpr(atomic);
  if (visitOperator(e))
    return;
  if (llvm::isa<clang::UnaryExprOrTypeTraitExpr>(e))
    return; // sizeof, alignof: not evaluated
  visitChildren(e);
}

/// OpenCL built-ins other than the synchronization ones that touch memory:
/// the ones that read or write through a pointer or an image, or that
/// synchronize a whole work-group (collectives, async copies). Everything
/// else of the built-in library (math, work-item functions, conversions)
/// only computes.
void Importer::visitCall(const clang::CallExpr *call) {
  const clang::FunctionDecl *callee = call->getDirectCallee();
  std::optional<OpenCLSyncBuiltin> sync =
      callee ? classifyOpenCLSync(callee, sm) : std::nullopt;
  for (const clang::Expr *arg : call->arguments())
    visitExpr(arg);
  if (!callee) {
    visitExpr(call->getCallee());
    OpaqueOp::create(builder, locOf(call), "indirect call");
    return;
  }
  if (sync)
    return importSync(call, *sync);
  llvm::StringRef name =
      callee->getIdentifier() ? callee->getName() : llvm::StringRef("?");
  if (std::optional<ClangAtomicBuiltin> atomic = classifyClangAtomic(call))
    return importClangAtomic(call, *atomic);
  if (!isOpenCLBuiltin(callee, sm)) {
    // A user function (its body is imported on its own) or an external one:
    // it may synchronize and touch any memory.
    OpaqueOp::create(builder, locOf(call), name);
    return;
  }
  auto pointee = [&](unsigned i) {
    return i < call->getNumArgs()
               ? call->getArg(i)->IgnoreImpCasts()->getType()->getPointeeType()
               : clang::QualType();
  };
  if (name.starts_with("vload")) {
    if (call->getNumArgs() >= 2 && !pointee(1).isNull())
      access(call, pointee(1), true, false);
    return;
  }
  if (name.starts_with("vstore")) {
    if (call->getNumArgs() >= 3 && !pointee(2).isNull())
      access(call, pointee(2), false, true);
    return;
  }
  if (name.starts_with("read_image") || name.starts_with("write_image")) {
    bool write = name.starts_with("write");
    AccessOp::create(builder, locOf(call), !write, write, MemorySpaces::image,
                     false);
    return;
  }
  if (name == "atomic_init") {
    if (!pointee(0).isNull())
      access(call, pointee(0), false, true);
    return;
  }
  // The math built-ins with a second result stored through their last
  // argument (OpenCL C 2.0 §6.13.2, OpenCL C 3.0 §6.15.2): fract's and
  // modf's integral part, frexp's exponent, lgamma_r's sign, remquo's
  // quotient bits, sincos' cosine. Each writes that object (a private one
  // orders nothing and is left out, as for any access).
  if (name == "fract" || name == "modf" || name == "frexp" ||
      name == "lgamma_r" || name == "remquo" || name == "sincos") {
    unsigned n = call->getNumArgs();
    if (n >= 2 && !pointee(n - 1).isNull())
      access(call, pointee(n - 1), false, true);
    return;
  }
  if (name.starts_with("work_group_") || name.starts_with("sub_group_") ||
      name.starts_with("async_work_group") || name == "wait_group_events" ||
      name == "prefetch" || name == "printf" || name.starts_with("enqueue_") ||
      name.starts_with("atomic_") || name.starts_with("atom_") ||
      name.contains("pipe")) {
    OpaqueOp::create(builder, locOf(call), name);
    return;
  }
}

/// clang's own atomic built-ins (an AtomicExpr each): the operands in
/// the order they are written, then the op.
void Importer::visitAtomicExpr(const clang::AtomicExpr *atomic) {
  std::optional<ClangAtomicBuiltin> b = classifyClangAtomic(atomic);
  if (!b || b->kind == ClangAtomicBuiltin::Kind::Unsupported)
    visitChildren(atomic);
  else
    for (const clang::Expr *arg : b->args)
      visitExpr(arg);
  if (b)
    importClangAtomic(atomic, *b);
}

std::optional<int64_t> Importer::requiredConstant(const clang::Expr *arg,
                                                  llvm::StringRef what,
                                                  llvm::StringRef builtin) {
  clang::Expr::EvalResult result;
  if (arg->isValueDependent() || !arg->EvaluateAsInt(result, astCtx)) {
    error(arg, "the " + what + " argument of '" + builtin +
                   "' is not a constant; xfence translates clang's atomic "
                   "built-ins with a constant " +
                   what + " only");
    return std::nullopt;
  }
  return result.Val.getInt().getExtValue();
}

/// One of clang's atomic built-ins, as the xfence op of the OpenCL C
/// built-in that does the same work (docs/opencl-to-cuda.md, "clang's atomic
/// built-ins"). A non-constant order or scope, or an operation the dialect
/// has no op for, is an error: translated as anything else, the output
/// would call a built-in the target does not have.
void Importer::importClangAtomic(const clang::Expr *e,
                                 const ClangAtomicBuiltin &b) {
  using Kind = ClangAtomicBuiltin::Kind;
  using ScopeFrom = ClangAtomicBuiltin::ScopeFrom;
  Location loc = locOf(e);
  if (b.kind == Kind::Unsupported)
    return error(e, "'" + b.name + "' cannot be translated: " + b.unsupported);
  MemoryOrder order = b.fixedOrder, failure = b.fixedOrder;
  auto readOrder = [&](int index, MemoryOrder &out) {
    if (index < 0)
      return true;
    std::optional<int64_t> value =
        requiredConstant(b.args[index], "memory order", b.name);
    if (!value)
      return false;
    std::optional<MemoryOrder> parsed = orderFromOpenCL(*value);
    if (!parsed) {
      error(b.args[index], "unknown memory order value " + llvm::Twine(*value));
      return false;
    }
    out = *parsed;
    return true;
  };
  if (!readOrder(b.order, order) || !readOrder(b.failureOrder, failure))
    return;
  if (b.failureOrder < 0)
    failure = order == MemoryOrder::acq_rel   ? MemoryOrder::acquire
              : order == MemoryOrder::release ? MemoryOrder::relaxed
                                              : order;

  Scope scope = Scope::device;
  switch (b.scopeFrom) {
  case ScopeFrom::Device:
    // Clang gives the atomic built-ins without a scope argument OpenCL's
    // memory_scope_device in OpenCL C, as the OpenCL built-ins without one.
    scope = Scope::device;
    break;
  case ScopeFrom::System:
    scope = Scope::system;
    break;
  case ScopeFrom::Thread:
    scope = Scope::thread;
    break;
  case ScopeFrom::Argument: {
    std::optional<int64_t> value =
        requiredConstant(b.args[b.scope], "memory scope", b.name);
    if (!value)
      return;
    std::unique_ptr<clang::AtomicScopeModel> model =
        clang::AtomicScopeModel::create(b.scopeModel);
    if (!model || *value < 0 || !model->isValid(*value))
      return error(b.args[b.scope],
                   "unknown memory scope value " + llvm::Twine(*value));
    scope = scopeFromClang(model->map(*value));
    break;
  }
  }

  if (b.kind == Kind::Fence) {
    // A relaxed fence has no effect (C11 7.17.4.1): no op.
    if (order != MemoryOrder::relaxed)
      FenceOp::create(builder, loc, scope, order, allSpaces());
    return;
  }

  std::optional<AtomicObject> obj = atomicObject(b.args[b.ptr]);
  if (!obj)
    return;
  Type type = obj->type;
  bool isFloat = isa<FloatType>(type);
  auto badOrder = [&](int index, llvm::StringRef what) {
    error(index >= 0 ? b.args[index] : e,
          "memory_order_" + stringifyMemoryOrder(order).str() +
              " is not allowed for " + what);
  };

  switch (b.kind) {
  case Kind::Load: {
    if (order == MemoryOrder::release || order == MemoryOrder::acq_rel)
      return badOrder(b.order, "an atomic load");
    auto op = AtomicLoadOp::create(builder, loc, type, obj->addr, ValueRange(),
                                   scope, order);
    annotate(op, *obj, {b.ptr}, "c11");
    return;
  }
  case Kind::Store: {
    if (order == MemoryOrder::acquire || order == MemoryOrder::acq_rel)
      return badOrder(b.order, "an atomic store");
    Value value = b.impliedZero ? constant(type, 0) : poison(type);
    auto op = AtomicStoreOp::create(builder, loc, value, obj->addr,
                                    ValueRange(), scope, order);
    // Operands in op order: value, then address.
    annotate(op, *obj, {b.impliedZero ? -1 : b.value, b.ptr}, "c11");
    return;
  }
  case Kind::RMW: {
    AtomicRMWKind kind =
        b.exactRMW
            ? b.rmw
            : rmwKindForType(b.rmw, obj->valueType->isUnsignedIntegerType(),
                             isFloat);
    if (isFloat && kind != AtomicRMWKind::xchg && kind != AtomicRMWKind::fadd)
      return error(e, "atomic '" + stringifyAtomicRMWKind(kind).str() +
                          "' on a floating-point object");
    auto op = AtomicRMWOp::create(builder, loc, type, kind, obj->addr,
                                  ValueRange(), poison(type), scope, order);
    annotate(op, *obj, {b.ptr, b.value}, "c11");
    return;
  }
  case Kind::CmpXchg: {
    if (failure == MemoryOrder::release || failure == MemoryOrder::acq_rel)
      return error(b.args[b.failureOrder],
                   "the failure order of a compare-exchange cannot be "
                   "release or acq_rel");
    if (!isAtLeast(order, failure))
      return error(b.args[b.failureOrder],
                   "the failure order of a compare-exchange cannot be "
                   "stronger than its success order");
    // A `weak` argument that is not a constant: strong, which never fails
    // spuriously (every outcome of it is one that weak allows).
    bool weak = b.alwaysWeak;
    if (b.weak >= 0) {
      clang::Expr::EvalResult result;
      const clang::Expr *arg = b.args[b.weak];
      weak = !arg->isValueDependent() && arg->EvaluateAsInt(result, astCtx) &&
             result.Val.getInt().getBoolValue();
    }
    auto op = AtomicCmpXchgOp::create(
        builder, loc, type, builder.getI1Type(), obj->addr, ValueRange(),
        poison(type), poison(type), scope, order, failure, weak);
    annotate(op, *obj, {b.ptr, b.expected, b.desired},
             b.returnsOld ? "legacy" : "c11");
    return;
  }
  default:
    llvm_unreachable("every kind is handled above");
  }
}

std::optional<MemorySpaces> Importer::flagsArg(const clang::CallExpr *call,
                                               unsigned i) {
  std::optional<int64_t> flags = constantArg(call, i, "memory fence flags");
  if (!flags)
    return allSpaces();
  if (*flags &
      ~int64_t(kOpenCLLocalFence | kOpenCLGlobalFence | kOpenCLImageFence)) {
    error(call->getArg(i), "unknown memory fence flags value " +
                               llvm::Twine(*flags) +
                               "; expected a combination of "
                               "CLK_LOCAL_MEM_FENCE, CLK_GLOBAL_MEM_FENCE "
                               "and CLK_IMAGE_MEM_FENCE");
    return std::nullopt;
  }
  return spacesOfOpenCLFlags(*flags);
}

template <typename T>
std::optional<T> Importer::encodedArg(const clang::CallExpr *call, unsigned i,
                                      T dflt, T strongest, llvm::StringRef what,
                                      std::optional<T> (*decode)(int64_t)) {
  if (i >= call->getNumArgs())
    return dflt;
  std::optional<int64_t> value = constantArg(call, i, what);
  if (!value)
    return strongest;
  std::optional<T> decoded = decode(*value);
  if (!decoded)
    error(call->getArg(i), "unknown " + what + " value " + llvm::Twine(*value));
  return decoded;
}

std::optional<Importer::AtomicObject>
Importer::atomicObject(const clang::Expr *pointer) {
  clang::QualType pointee =
      pointerAsWritten(pointer)->getType()->getPointeeType();
  if (pointee.isNull()) {
    error(pointer, "expected a pointer to the atomic object");
    return std::nullopt;
  }
  AtomicObject obj;
  clang::LangAS as = pointee.getAddressSpace();
  clang::QualType value = pointee.getUnqualifiedType();
  if (auto *atomic = value->getAs<clang::AtomicType>())
    value = atomic->getValueType();
  obj.valueType = value.getCanonicalType().getUnqualifiedType();
  uint64_t bits = astCtx.getTypeSize(obj.valueType);
  if (obj.valueType->isRealFloatingType())
    obj.type = bits == 64   ? Type(builder.getF64Type())
               : bits == 16 ? Type(builder.getF16Type())
                            : Type(builder.getF32Type());
  else if (obj.valueType->isIntegerType())
    obj.type = builder.getIntegerType(bits);
  else {
    error(pointer, "atomic object of type '" + obj.valueType.getAsString() +
                       "' has no atomic operation");
    return std::nullopt;
  }
  obj.addr = poison(
      LLVM::LLVMPointerType::get(ctx, addressSpace(as).llvmAddressSpace));
  obj.legacyScope =
      as == clang::LangAS::opencl_local ? Scope::workgroup : Scope::device;
  return obj;
}

void Importer::annotate(Operation *op, const AtomicObject &obj,
                        ArrayRef<int32_t> args, llvm::StringRef form) {
  clang::PrintingPolicy policy(lo);
  op->setAttr(srcattr::args, builder.getDenseI32ArrayAttr(args));
  op->setAttr(srcattr::ctype,
              builder.getStringAttr(obj.valueType.getAsString(policy)));
  op->setAttr(srcattr::form, builder.getStringAttr(form));
}

void Importer::importSync(const clang::CallExpr *call,
                          const OpenCLSyncBuiltin &b) {
  Location loc = locOf(call);
  unsigned n = call->getNumArgs();
  auto expectArgs = [&](unsigned min) {
    if (n >= min)
      return true;
    error(call, "expected at least " + llvm::Twine(min) + " arguments");
    return false;
  };

  switch (b.kind) {
  case OpenCLSync::WorkGroupBarrier:
  case OpenCLSync::SubGroupBarrier: {
    if (!expectArgs(1))
      return;
    bool sub = b.kind == OpenCLSync::SubGroupBarrier;
    Scope exec = sub ? Scope::subgroup : Scope::workgroup;
    std::optional<MemorySpaces> spaces = flagsArg(call, 0);
    std::optional<Scope> scope = scopeArg(call, 1, exec);
    if (!spaces || !scope)
      return;
    if (hasImpliedWorkGroupScope(call, b))
      scope = impliedScope(*spaces);
    if (*spaces == MemorySpaces::none) {
      // flags = 0: an execution barrier only.
      BarrierOp::create(builder, loc, exec, nullptr, nullptr,
                        MemorySpaces::none, Value());
      return;
    }
    std::string why;
    scope = openCLBarrierScope(*spaces, *scope, exec, why);
    if (!scope) {
      error(call->getArg(1), why);
      return;
    }
    BarrierOp::create(builder, loc, exec, ScopeAttr::get(ctx, *scope),
                      MemoryOrderAttr::get(ctx, MemoryOrder::acq_rel), *spaces,
                      Value());
    return;
  }
  case OpenCLSync::LegacyFence: {
    if (!expectArgs(1))
      return;
    if (std::optional<MemorySpaces> spaces = flagsArg(call, 0))
      FenceOp::create(
          builder, loc, impliedScope(*spaces),
          legacyFenceOrder(b.legacyFence, lo.getOpenCLCompatibleVersion()),
          *spaces);
    return;
  }
  case OpenCLSync::WorkItemFence: {
    if (!expectArgs(3))
      return;
    std::optional<MemorySpaces> spaces = flagsArg(call, 0);
    std::optional<MemoryOrder> order = orderArg(call, 1, MemoryOrder::seq_cst);
    std::optional<Scope> scope = scopeArg(call, 2, Scope::device);
    if (!spaces || !order || !scope)
      return;
    if (*spaces == MemorySpaces::local && isAtLeast(*scope, Scope::workgroup))
      scope = Scope::workgroup;
    FenceOp::create(builder, loc, *scope, *order, *spaces);
    return;
  }
  default:
    break;
  }

  // Atomics.
  if (n == 0)
    return;
  std::optional<AtomicObject> obj = atomicObject(call->getArg(0));
  if (!obj)
    return;
  Type type = obj->type;
  bool isUnsigned = obj->valueType->isUnsignedIntegerType();
  auto rmwKind = [&](AtomicRMWKind kind) {
    return rmwKindForType(kind, isUnsigned, isa<FloatType>(type));
  };
  auto checkFloat = [&](AtomicRMWKind kind) {
    if (isa<FloatType>(type) && kind != AtomicRMWKind::xchg &&
        kind != AtomicRMWKind::fadd) {
      error(call, "atomic '" + stringifyAtomicRMWKind(kind).str() +
                      "' on a floating-point object");
      return false;
    }
    return true;
  };

  switch (b.kind) {
  case OpenCLSync::LegacyRMW: {
    if (!expectArgs(b.impliedOne ? 1 : 2))
      return;
    AtomicRMWKind kind = rmwKind(b.rmw);
    if (!checkFloat(kind))
      return;
    Value value = b.impliedOne ? constant(type, 1) : poison(type);
    auto op =
        AtomicRMWOp::create(builder, loc, type, kind, obj->addr, ValueRange(),
                            value, obj->legacyScope, MemoryOrder::relaxed);
    annotate(op, *obj, {0, b.impliedOne ? -1 : 1}, "legacy");
    return;
  }
  case OpenCLSync::LegacyCmpXchg: {
    if (!expectArgs(3))
      return;
    auto op = AtomicCmpXchgOp::create(
        builder, loc, type, builder.getI1Type(), obj->addr, ValueRange(),
        poison(type), poison(type), obj->legacyScope, MemoryOrder::relaxed,
        MemoryOrder::relaxed, false);
    annotate(op, *obj, {0, 1, 2}, "legacy");
    return;
  }
  default:
    break;
  }

  // OpenCL 2.0 atomics: seq_cst at memory_scope_device unless _explicit.
  auto orderAndScope = [&](unsigned orderIndex, bool twoOrders,
                           MemoryOrder &order, MemoryOrder &failure,
                           Scope &scope) {
    order = MemoryOrder::seq_cst;
    failure = MemoryOrder::seq_cst;
    scope = Scope::device;
    if (!b.isExplicit)
      return true;
    if (!expectArgs(orderIndex + (twoOrders ? 2 : 1)))
      return false;
    std::optional<MemoryOrder> o = orderArg(call, orderIndex, order);
    std::optional<MemoryOrder> f =
        twoOrders ? orderArg(call, orderIndex + 1, failure) : o;
    std::optional<Scope> s =
        scopeArg(call, orderIndex + (twoOrders ? 2 : 1), scope);
    if (!o || !f || !s)
      return false;
    order = *o;
    failure = *f;
    scope = *s;
    return true;
  };
  MemoryOrder order, failure;
  Scope scope;
  // (obj, value[, O[, S]]); an atomic_flag's without the value.
  bool flag =
      b.kind == OpenCLSync::FlagClear || b.kind == OpenCLSync::FlagTestAndSet;
  auto valueOrderAndScope = [&] {
    return expectArgs(flag ? 1 : 2) &&
           orderAndScope(flag ? 1 : 2, false, order, failure, scope);
  };
  auto badOrder = [&](unsigned index, llvm::StringRef what) {
    error(call->getArg(index), "memory_order_" +
                                   stringifyMemoryOrder(order).str() +
                                   " is not allowed for " + what);
  };

  switch (b.kind) {
  case OpenCLSync::Load: {
    if (!orderAndScope(1, false, order, failure, scope))
      return;
    if (order == MemoryOrder::release || order == MemoryOrder::acq_rel)
      return badOrder(1, "an atomic load");
    auto op = AtomicLoadOp::create(builder, loc, type, obj->addr, ValueRange(),
                                   scope, order);
    annotate(op, *obj, {0}, "c11");
    return;
  }
  case OpenCLSync::Store:
  case OpenCLSync::FlagClear: {
    if (!valueOrderAndScope())
      return;
    if (order == MemoryOrder::acquire || order == MemoryOrder::acq_rel)
      return badOrder(flag ? 1 : 2, "an atomic store");
    Value value = flag ? constant(type, 0) : poison(type);
    auto op = AtomicStoreOp::create(builder, loc, value, obj->addr,
                                    ValueRange(), scope, order);
    // Operands in op order: value, then address.
    annotate(op, *obj, {flag ? -1 : 1, 0}, flag ? "flag" : "c11");
    return;
  }
  case OpenCLSync::RMW:
  case OpenCLSync::FlagTestAndSet: {
    if (!valueOrderAndScope())
      return;
    AtomicRMWKind kind = flag ? AtomicRMWKind::xchg : rmwKind(b.rmw);
    if (!checkFloat(kind))
      return;
    Value value = flag ? constant(type, 1) : poison(type);
    auto op = AtomicRMWOp::create(builder, loc, type, kind, obj->addr,
                                  ValueRange(), value, scope, order);
    annotate(op, *obj, {0, flag ? -1 : 1}, flag ? "flag" : "c11");
    return;
  }
  case OpenCLSync::CmpXchg: {
    if (!expectArgs(3) || !orderAndScope(3, true, order, failure, scope))
      return;
    if (failure == MemoryOrder::release || failure == MemoryOrder::acq_rel) {
      error(call->getArg(4), "the failure order of a compare-exchange "
                             "cannot be release or acq_rel");
      return;
    }
    if (!isAtLeast(order, failure)) {
      error(call->getArg(4), "the failure order of a compare-exchange "
                             "cannot be stronger than its success order");
      return;
    }
    auto op = AtomicCmpXchgOp::create(
        builder, loc, type, builder.getI1Type(), obj->addr, ValueRange(),
        poison(type), poison(type), scope, order, failure, b.weak);
    annotate(op, *obj, {0, 1, 2}, "c11");
    return;
  }
  default:
    llvm_unreachable("every synchronization kind is handled above");
  }
}

/// Collects the synchronization calls of user code.
class SiteFinder : public clang::DynamicRecursiveASTVisitor {
public:
  SiteFinder(ParsedSource &src, MLIRContext *ctx, std::vector<SyncSite> &sites)
      : src(src), ctx(ctx), sites(sites) {}

  bool VisitCallExpr(clang::CallExpr *call) override {
    const clang::FunctionDecl *callee = call->getDirectCallee();
    if (callee && classifyOpenCLSync(callee, src.getSourceManager())) {
      llvm::SmallVector<const clang::Expr *, 6> args(call->arguments());
      add(call, args);
      return true;
    }
    if (std::optional<ClangAtomicBuiltin> b = classifyClangAtomic(call))
      add(call, b->args);
    return true;
  }

  bool VisitAtomicExpr(clang::AtomicExpr *atomic) override {
    if (std::optional<ClangAtomicBuiltin> b = classifyClangAtomic(atomic))
      add(atomic, b->args);
    return true;
  }

private:
  void add(const clang::Expr *e, llvm::ArrayRef<const clang::Expr *> args) {
    clang::SourceManager &sm = src.getSourceManager();
    if (!src.isUserLocation(e->getBeginLoc()))
      return;
    std::optional<FileCharRange> range =
        findRewriteRange(sm, src.getLangOpts(), e->getSourceRange());
    sites.push_back(
        {e,
         {args.begin(), args.end()},
         range,
         toLocation(ctx, sm, src.getLangOpts(), e->getSourceRange())});
  }

  ParsedSource &src;
  MLIRContext *ctx;
  std::vector<SyncSite> &sites;
};

} // namespace

std::optional<GlobalFenceScope>
xfence::parseGlobalFenceScope(llvm::StringRef text) {
  return llvm::StringSwitch<std::optional<GlobalFenceScope>>(text)
      .Case("workgroup", GlobalFenceScope::workgroup)
      .Case("device", GlobalFenceScope::device)
      .Default(std::nullopt);
}

OwningOpRef<ModuleOp>
xfence::importOpenCL(ParsedSource &src, const SourceOptions &options,
                     MLIRContext *ctx,
                     const OpenCLImportOptions &importOptions) {
  OwningOpRef<ModuleOp> module = createImportModule(src, ctx);
  setSourceAttr(*module, "opencl", options, {{"std", options.standard}});
  Importer importer(src, ctx, importOptions);
  bool imported = importer.run(*module) && !src.hasErrors();
  // The specification's scope, in a kernel that synchronizes across
  // work-groups: say which assumption the translation makes.
  if (imported && importOptions.globalFence == GlobalFenceScope::workgroup)
    warnGlobalFenceAssumptions(src, findGlobalFenceAssumptions(src));
  return verifiedImport(std::move(module), imported);
}

std::vector<SyncSite> xfence::findOpenCLSyncSites(ParsedSource &src,
                                                  MLIRContext *ctx) {
  std::vector<SyncSite> sites;
  SiteFinder finder(src, ctx, sites);
  finder.TraverseAST(src.getContext());
  return sites;
}
