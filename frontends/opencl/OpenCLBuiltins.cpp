//===- OpenCLBuiltins.cpp - OpenCL C synchronization built-ins ------------===//

#include "frontends/opencl/OpenCLBuiltins.h"

#include "frontends/names/AtomicNames.h"

#include "llvm/ADT/StringSwitch.h"

#include <cstring>

using namespace xfence;

const clang::Expr *xfence::pointerAsWritten(const clang::Expr *pointer) {
  const clang::Expr *ptr = pointer->IgnoreParens();
  while (auto *cast = llvm::dyn_cast<clang::ImplicitCastExpr>(ptr)) {
    const clang::Expr *sub = cast->getSubExpr()->IgnoreParens();
    if (!sub->getType()->isPointerType())
      break;
    ptr = sub;
  }
  return ptr;
}

bool xfence::isOpenCLBuiltin(const clang::FunctionDecl *callee,
                             const clang::SourceManager &sm) {
  if (!callee || callee->hasBody())
    return false;
  clang::SourceLocation loc = callee->getLocation();
  return callee->isImplicit() || loc.isInvalid() || sm.isInSystemHeader(loc) ||
         callee->getBuiltinID() != 0;
}

std::optional<OpenCLSyncBuiltin>
xfence::classifyOpenCLSync(const clang::FunctionDecl *callee,
                           const clang::SourceManager &sm) {
  if (!isOpenCLBuiltin(callee, sm) || !callee->getIdentifier())
    return std::nullopt;
  return classifyOpenCLSyncName(callee->getName());
}

bool xfence::hasImpliedWorkGroupScope(const clang::CallExpr *call,
                                      const OpenCLSyncBuiltin &b) {
  return b.kind == OpenCLSync::LegacyFence ||
         (b.kind == OpenCLSync::WorkGroupBarrier && call->getNumArgs() == 1);
}

static std::optional<ClangAtomicBuiltin>
classifyAtomicExpr(const clang::AtomicExpr *e) {
  using Kind = ClangAtomicBuiltin::Kind;
  ClangAtomicBuiltin b;
  b.name = e->getOpAsString().str();
  llvm::StringRef op = b.name;
  // The families: C11 and OpenCL name the value forms load, store,
  // exchange, compare_exchange_{strong,weak}; GNU and scoped name them
  // load_n, ..., compare_exchange_n (with a `weak` argument) and keep the
  // plain names for the forms that pass values by pointer.
  bool gnu = false;
  if (op.consume_front("__opencl_atomic_")) {
    b.scopeFrom = ClangAtomicBuiltin::ScopeFrom::Argument;
  } else if (op.consume_front("__hip_atomic_") ||
             op.consume_front("__scoped_atomic_")) {
    b.scopeFrom = ClangAtomicBuiltin::ScopeFrom::Argument;
    gnu = llvm::StringRef(b.name).starts_with("__scoped");
  } else if (op.consume_front("__c11_atomic_")) {
  } else if (op.consume_front("__atomic_")) {
    gnu = true;
  }
  if (b.scopeFrom == ClangAtomicBuiltin::ScopeFrom::Argument)
    b.scopeModel = b.name.rfind("__opencl", 0) == 0
                       ? clang::AtomicScopeModelKind::OpenCL
                   : b.name.rfind("__hip", 0) == 0
                       ? clang::AtomicScopeModelKind::HIP
                       : clang::AtomicScopeModelKind::Generic;
  auto push = [&](const clang::Expr *arg) {
    b.args.push_back(arg);
    return static_cast<int>(b.args.size()) - 1;
  };
  auto unsupported = [&](llvm::StringRef why) {
    b.kind = Kind::Unsupported;
    b.unsupported = why.str();
    b.args.clear();
    b.ptr = push(e->getPtr());
    return b;
  };
  auto orderAndScope = [&] {
    b.order = push(e->getOrder());
    if (b.scopeFrom == ClangAtomicBuiltin::ScopeFrom::Argument)
      b.scope = push(e->getScope());
  };

  if (op == "init")
    return unsupported("it initializes the object without an atomic "
                       "operation, as atomic_init, which has no translation "
                       "either");
  if (op == (gnu ? "load_n" : "load")) {
    b.kind = Kind::Load;
    b.ptr = push(e->getPtr());
    orderAndScope();
    return b;
  }
  if (op == (gnu ? "store_n" : "store") ||
      op == (gnu ? "exchange_n" : "exchange")) {
    b.kind = op.starts_with("store") ? Kind::Store : Kind::RMW;
    b.rmw = AtomicRMWKind::xchg;
    b.exactRMW = true;
    b.ptr = push(e->getPtr());
    b.value = push(e->getVal1());
    orderAndScope();
    return b;
  }
  if (op == (gnu ? "compare_exchange_n" : "compare_exchange_strong") ||
      (!gnu && op == "compare_exchange_weak")) {
    b.kind = Kind::CmpXchg;
    b.alwaysWeak = op == "compare_exchange_weak";
    b.ptr = push(e->getPtr());
    b.expected = push(e->getVal1());
    b.desired = push(e->getVal2());
    if (gnu)
      b.weak = push(e->getWeak());
    b.order = push(e->getOrder());
    b.failureOrder = push(e->getOrderFail());
    if (b.scopeFrom == ClangAtomicBuiltin::ScopeFrom::Argument)
      b.scope = push(e->getScope());
    return b;
  }
  if (op.consume_front("fetch_")) {
    b.kind = Kind::RMW;
    if (std::optional<AtomicRMWKind> kind = rmwKindOfFetchName(op)) {
      b.rmw = *kind;
    } else if (op == "uinc" || op == "udec") {
      // LLVM's uinc_wrap and udec_wrap: the dialect's inc and dec.
      b.rmw = op == "uinc" ? AtomicRMWKind::inc : AtomicRMWKind::dec;
      b.exactRMW = true;
    } else {
      return unsupported("xfence has no '" + op.str() +
                         "' read-modify-write");
    }
    b.ptr = push(e->getPtr());
    b.value = push(e->getVal1());
    orderAndScope();
    return b;
  }
  if (op.ends_with("_fetch"))
    return unsupported("it returns the new value; xfence's "
                       "read-modify-write returns the old one");
  if (op == "test_and_set" || op == "clear")
    return unsupported("xfence has no byte-sized flag operation");
  return unsupported("this form passes its values by pointer; use the '_n' "
                     "form");
}

/// `name` without the size suffix that clang gives an overloaded __sync_
/// built-in (__sync_fetch_and_add_4).
static llvm::StringRef withoutSizeSuffix(llvm::StringRef name) {
  for (llvm::StringRef suffix : {"_1", "_2", "_4", "_8", "_16"})
    if (name.ends_with(suffix))
      return name.drop_back(suffix.size());
  return name;
}

static std::optional<ClangAtomicBuiltin>
classifyBuiltinCall(const clang::CallExpr *call) {
  using Kind = ClangAtomicBuiltin::Kind;
  using ScopeFrom = ClangAtomicBuiltin::ScopeFrom;
  const clang::FunctionDecl *callee = call->getDirectCallee();
  if (!callee || !callee->getIdentifier() || callee->getBuiltinID() == 0)
    return std::nullopt;
  llvm::StringRef name = callee->getName();
  ClangAtomicBuiltin b;
  for (const clang::Expr *arg : call->arguments())
    b.args.push_back(arg);
  auto has = [&](unsigned n) { return b.args.size() >= n; };

  // The fences. A C11 fence orders every memory space (C11 7.17.4).
  if (name == "__atomic_thread_fence" || name == "__c11_atomic_thread_fence" ||
      name == "__atomic_signal_fence" || name == "__c11_atomic_signal_fence" ||
      name == "__scoped_atomic_thread_fence") {
    if (!has(name.starts_with("__scoped") ? 2 : 1))
      return std::nullopt;
    b.name = name.str();
    b.kind = Kind::Fence;
    b.order = 0;
    b.scopeFrom = name.contains("signal") ? ScopeFrom::Thread
                  : name.starts_with("__scoped") ? ScopeFrom::Argument
                                                 : ScopeFrom::System;
    if (b.scopeFrom == ScopeFrom::Argument) {
      b.scope = 1;
      b.scopeModel = clang::AtomicScopeModelKind::Generic;
    }
    return b;
  }

  if (!name.starts_with("__sync_"))
    return std::nullopt;
  name = withoutSizeSuffix(name);
  b.name = name.str();
  // GCC's __sync built-ins: full barriers (seq_cst) across the whole
  // system, except lock_test_and_set (an acquire barrier) and lock_release
  // (a release barrier).
  b.scopeFrom = ScopeFrom::System;
  b.fixedOrder = MemoryOrder::seq_cst;
  llvm::StringRef op = name.drop_front(strlen("__sync_"));
  if (op == "synchronize") {
    b.kind = Kind::Fence;
    return b;
  }
  if (!has(1))
    return std::nullopt;
  b.ptr = 0;
  if (op == "lock_release") {
    b.kind = Kind::Store;
    b.fixedOrder = MemoryOrder::release;
    b.impliedZero = true;
    return b;
  }
  if (!has(2))
    return std::nullopt;
  if (op == "lock_test_and_set" || op == "swap") {
    b.kind = Kind::RMW;
    b.rmw = AtomicRMWKind::xchg;
    b.exactRMW = true;
    b.value = 1;
    if (op == "lock_test_and_set")
      b.fixedOrder = MemoryOrder::acquire;
    return b;
  }
  if (op == "val_compare_and_swap" && has(3)) {
    b.kind = Kind::CmpXchg;
    b.returnsOld = true;
    b.expected = 1;
    b.desired = 2;
    return b;
  }
  if (op == "bool_compare_and_swap") {
    b.unsupported = "xfence has no compare-exchange that takes the expected "
                    "value by value and returns whether it stored";
    return b;
  }
  if (op.consume_front("fetch_and_")) {
    b.kind = Kind::RMW;
    b.value = 1;
    if (std::optional<AtomicRMWKind> kind = rmwKindOfFetchName(op)) {
      b.rmw = *kind;
      return b;
    }
    if (op == "umin" || op == "umax") {
      b.rmw = op == "umin" ? AtomicRMWKind::umin : AtomicRMWKind::umax;
      b.exactRMW = true;
      return b;
    }
    b.kind = Kind::Unsupported;
    b.unsupported = "xfence has no '" + op.str() + "' read-modify-write";
    return b;
  }
  if (op.ends_with("_and_fetch")) {
    b.unsupported = "it returns the new value; xfence's "
                    "read-modify-write returns the old one";
    return b;
  }
  b.unsupported = "xfence has no operation for it";
  return b;
}

std::optional<ClangAtomicBuiltin>
xfence::classifyClangAtomic(const clang::Expr *e) {
  if (auto *atomic = llvm::dyn_cast<clang::AtomicExpr>(e))
    return classifyAtomicExpr(atomic);
  if (auto *call = llvm::dyn_cast<clang::CallExpr>(e))
    return classifyBuiltinCall(call);
  return std::nullopt;
}
