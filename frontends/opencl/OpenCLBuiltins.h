//===- OpenCLBuiltins.h - OpenCL C synchronization built-ins ----*- C++ -*-===//
//
// Which OpenCL C built-in functions synchronize, and how their arguments are
// laid out. One table for the importer and the rewriter.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_FRONTENDS_OPENCL_OPENCLBUILTINS_H
#define XFENCE_FRONTENDS_OPENCL_OPENCLBUILTINS_H

#include "dialect/XFenceAttrs.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"

#include <optional>

namespace xfence {

enum class OpenCLSync {
  /// barrier(F), work_group_barrier(F), work_group_barrier(F, S)
  WorkGroupBarrier,
  /// sub_group_barrier(F), sub_group_barrier(F, S)
  SubGroupBarrier,
  /// mem_fence(F), read_mem_fence(F), write_mem_fence(F)
  LegacyFence,
  /// atomic_work_item_fence(F, O, S)
  WorkItemFence,
  /// atomic_add(p, v), atom_inc(p), ...: relaxed, scope from the address space
  LegacyRMW,
  /// atomic_cmpxchg(p, cmp, val), atom_cmpxchg: returns the old value
  LegacyCmpXchg,
  /// atomic_load(obj) / atomic_load_explicit(obj, O[, S])
  Load,
  /// atomic_store(obj, v) / atomic_store_explicit(obj, v, O[, S])
  Store,
  /// atomic_exchange, atomic_fetch_<op>: (obj, v[, O[, S]])
  RMW,
  /// atomic_compare_exchange_{strong,weak}: (obj, expected*, desired[, OS,
  /// OF[, S]]); returns whether it stored
  CmpXchg,
  /// atomic_flag_test_and_set(obj[, O[, S]])
  FlagTestAndSet,
  /// atomic_flag_clear(obj[, O[, S]])
  FlagClear,
};

struct OpenCLSyncBuiltin {
  OpenCLSync kind;
  /// For LegacyRMW and RMW: the operation, before signedness (min/max of an
  /// unsigned type become umin/umax). OpenCL's atomic_inc/atomic_dec are
  /// `add`/`sub` of 1 (dialect description), with `impliedOne`.
  AtomicRMWKind rmw = AtomicRMWKind::add;
  /// The value operand is an implied 1 (atomic_inc, atomic_dec).
  bool impliedOne = false;
  /// The `_explicit` form: order (and scope) arguments follow.
  bool isExplicit = false;
  /// compare_exchange_weak.
  bool weak = false;
  /// For LegacyFence: acq_rel, acquire or release.
  MemoryOrder fenceOrder = MemoryOrder::acq_rel;
};

/// The synchronization meaning of a call to `callee`, if it is one of the
/// OpenCL C built-ins (declared by the default header or implicitly, never
/// a user function of the same name).
std::optional<OpenCLSyncBuiltin>
classifyOpenCLSync(const clang::FunctionDecl *callee,
                   const clang::SourceManager &sm);

/// True if the call `call` of the synchronization built-in `b` has memory
/// scope work_group only because the OpenCL C specification gives it no
/// scope argument: mem_fence, read_mem_fence, write_mem_fence, barrier(F)
/// and work_group_barrier(F) (semantics.md §2). These, and only these, are
/// what `--opencl-global-fence=device` makes device-wide.
bool hasImpliedWorkGroupScope(const clang::CallExpr *call,
                              const OpenCLSyncBuiltin &b);

/// True if `callee` is an OpenCL built-in (no body, declared implicitly or
/// in a system header).
bool isOpenCLBuiltin(const clang::FunctionDecl *callee,
                     const clang::SourceManager &sm);

} // namespace xfence

#endif // XFENCE_FRONTENDS_OPENCL_OPENCLBUILTINS_H
