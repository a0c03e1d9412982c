//===- OpenCLBuiltins.h - OpenCL C synchronization built-ins ----*- C++ -*-===//
//
// Which OpenCL C built-in functions synchronize, and how their arguments are
// laid out. One table for the importer and the rewriter.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_FRONTENDS_OPENCL_OPENCLBUILTINS_H
#define XFENCE_FRONTENDS_OPENCL_OPENCLBUILTINS_H

#include "frontends/names/OpenCLSyncNames.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SyncScope.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace xfence {

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

/// The pointer argument `pointer` of a built-in as the user wrote it:
/// before the implicit conversions to the parameter type (which may add
/// volatile or make it generic), but after an array decays to a pointer.
const clang::Expr *pointerAsWritten(const clang::Expr *pointer);

/// What one of clang's own atomic built-ins does, when OpenCL C source
/// calls it directly: the C11 `__c11_atomic_*`, GNU `__atomic_*`, OpenCL
/// `__opencl_atomic_*`, scoped `__scoped_atomic_*` and `__hip_atomic_*`
/// families (a clang::AtomicExpr each), the GCC `__sync_*` calls and the
/// thread and signal fences (`__atomic_thread_fence`, ...). Each is the
/// xfence op of the OpenCL C built-in that does the same work
/// (docs/opencl-to-cuda.md, "clang's atomic built-ins").
struct ClangAtomicBuiltin {
  enum class Kind {
    Load,
    Store,
    RMW,
    CmpXchg,
    Fence,
    /// No xfence op does its work (`unsupported` says why).
    Unsupported,
  };
  /// How the memory scope is given.
  enum class ScopeFrom {
    /// No scope argument, in OpenCL C: memory_scope_device (clang gives
    /// the unscoped atomic built-ins OpenCL's default scope).
    Device,
    /// No scope argument, system scope (the __sync_* calls and the thread
    /// fences, which clang emits with LLVM's default sync scope).
    System,
    /// A signal fence: the calling work-item only.
    Thread,
    /// The `scope` argument, in the encoding of `scopeModel` (clang's
    /// OpenCL, HIP or generic __MEMORY_SCOPE_* values).
    Argument,
  };

  Kind kind = Kind::Unsupported;
  /// The name the source calls it by (without a __sync_ size suffix).
  std::string name;
  /// The arguments as written, in order.
  llvm::SmallVector<const clang::Expr *, 6> args;
  /// The indices in `args` of each operand; -1 if absent.
  int ptr = -1, value = -1, expected = -1, desired = -1, order = -1,
      failureOrder = -1, scope = -1, weak = -1;
  /// For RMW: the operation before signedness (rmwKindForType), or exactly
  /// this one if `exactRMW` (__sync_fetch_and_umin).
  AtomicRMWKind rmw = AtomicRMWKind::add;
  bool exactRMW = false;
  /// Without an order argument: the order (the __sync_* calls).
  MemoryOrder fixedOrder = MemoryOrder::seq_cst;
  ScopeFrom scopeFrom = ScopeFrom::Device;
  clang::AtomicScopeModelKind scopeModel = clang::AtomicScopeModelKind::None;
  /// The value operand is an implied 0 (__sync_lock_release).
  bool impliedZero = false;
  /// The result is the old value for a compare-exchange (else whether it
  /// stored, the expected value by pointer).
  bool returnsOld = false;
  /// A compare-exchange that is weak whatever `weak` says.
  bool alwaysWeak = false;
  /// For Unsupported: why it has no xfence op.
  std::string unsupported;
};

/// The meaning of `e` if it is one of clang's atomic built-ins (an
/// AtomicExpr, or a call of a __sync_* or fence built-in).
std::optional<ClangAtomicBuiltin> classifyClangAtomic(const clang::Expr *e);

} // namespace xfence

#endif // XFENCE_FRONTENDS_OPENCL_OPENCLBUILTINS_H
