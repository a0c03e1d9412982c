//===- OpenCLSyncNames.h - OpenCL sync built-ins ----------------*- C++ -*-===//
//
// Which OpenCL C built-in functions synchronize, known by their names, and
// the numeric encodings of their flags, orders and scopes. Shared by the
// Clang-based importer (OpenCLBuiltins.h) and the raising of LLVM IR
// (passes/RaiseLLVM.cpp); free of Clang.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_FRONTENDS_NAMES_OPENCLSYNCNAMES_H
#define XFENCE_FRONTENDS_NAMES_OPENCLSYNCNAMES_H

#include "dialect/XFenceAttrs.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

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

/// The three fences of OpenCL C 1.x (deprecated in 2.0, kept in 3.0).
enum class LegacyFence {
  /// mem_fence(F)
  full,
  /// read_mem_fence(F)
  read,
  /// write_mem_fence(F)
  write,
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
  /// For LegacyFence: which one (its order depends on the standard of the
  /// source: legacyFenceOrder).
  LegacyFence legacyFence = LegacyFence::full;
};

/// The synchronization meaning of the OpenCL C built-in named `name` (its
/// unmangled name), if it is one.
std::optional<OpenCLSyncBuiltin> classifyOpenCLSyncName(llvm::StringRef name);

/// The memory order with which xfence imports `fence` from OpenCL C source
/// of version `version` (100 * major + 10 * minor, as clang's
/// LangOptions::getOpenCLCompatibleVersion gives it; 0 if unknown). An
/// importer takes the strongest meaning its source can have
/// (docs/semantics.md §2, OpenCL C):
///  * 1.x, or unknown: OpenCL 1.2 §6.12.9 says that mem_fence commits the
///    loads and stores before it "before any loads and stores following"
///    it, a full fence: seq_cst. read_mem_fence "orders only loads" and
///    write_mem_fence "only stores": acquire and release, the stronger of
///    the 1.2 and the 2.0 reading.
///  * 2.0 and later define them as atomic_work_item_fence at work_group
///    scope with acq_rel, acquire and release (OpenCL C 2.0 §6.13.8, 3.0
///    §6.15.9).
MemoryOrder legacyFenceOrder(LegacyFence fence, unsigned version);

/// The memory scope of an OpenCL barrier of execution scope `exec` that
/// orders `spaces` (not none) at `scope` (its argument, or the scope the
/// specification implies): with LOCAL alone the scope is work_group (OpenCL
/// 2.0 §6.13.8). Nothing, with `why` set, if OpenCL does not allow it.
std::optional<Scope> openCLBarrierScope(MemorySpaces spaces, Scope scope,
                                        Scope exec, std::string &why);

/// OpenCL's numeric encodings (clang's opencl-c-base.h): the
/// cl_mem_fence_flags bits, memory_order and memory_scope values. The
/// memory_order values are C11's __ATOMIC_* (and C++'s numbering).
constexpr unsigned kOpenCLLocalFence = 0x1, kOpenCLGlobalFence = 0x2,
                   kOpenCLImageFence = 0x4;
/// The memory spaces of a cl_mem_fence_flags value (its known bits).
MemorySpaces spacesOfOpenCLFlags(int64_t flags);
std::optional<MemoryOrder> orderFromOpenCL(int64_t value);
std::optional<Scope> scopeFromOpenCL(int64_t value);
/// The value of OpenCL C 2.0's enumerator `name` of memory_order or
/// memory_scope (memory_order_acquire, memory_scope_device, ...), or nothing
/// if `name` is not one.
std::optional<int64_t> openCLEnumeratorValue(llvm::StringRef name);

} // namespace xfence

#endif // XFENCE_FRONTENDS_NAMES_OPENCLSYNCNAMES_H
