//===- OpenCLSyncNames.cpp - OpenCL C synchronization built-ins by name ---===//

#include "frontends/names/OpenCLSyncNames.h"

#include "frontends/names/AtomicNames.h"

#include "llvm/Support/ErrorHandling.h"

using namespace xfence;

namespace {
/// An enumerator of OpenCL C 2.0's memory_order or memory_scope (clang's
/// opencl-c-base.h): its name, its value, and what it means.
template <typename T> struct OpenCLEnumerator {
  llvm::StringLiteral name;
  int64_t value;
  T meaning;
};
constexpr OpenCLEnumerator<MemoryOrder> kOpenCLOrders[] = {
    {"memory_order_relaxed", 0, MemoryOrder::relaxed},
    // __ATOMIC_CONSUME: not an OpenCL order; C11 makes it acquire.
    {"", 1, MemoryOrder::acquire},
    {"memory_order_acquire", 2, MemoryOrder::acquire},
    {"memory_order_release", 3, MemoryOrder::release},
    {"memory_order_acq_rel", 4, MemoryOrder::acq_rel},
    {"memory_order_seq_cst", 5, MemoryOrder::seq_cst},
};
constexpr OpenCLEnumerator<Scope> kOpenCLScopes[] = {
    {"memory_scope_work_item", 0, Scope::thread},
    {"memory_scope_work_group", 1, Scope::workgroup},
    {"memory_scope_device", 2, Scope::device},
    {"memory_scope_all_svm_devices", 3, Scope::system},
    {"memory_scope_all_devices", 3, Scope::system},
    {"memory_scope_sub_group", 4, Scope::subgroup},
};

template <typename T, size_t N>
std::optional<T> meaningOf(const OpenCLEnumerator<T> (&table)[N],
                           int64_t value) {
  for (const OpenCLEnumerator<T> &e : table)
    if (e.value == value)
      return e.meaning;
  return std::nullopt;
}

template <typename T, size_t N>
std::optional<int64_t> valueOf(const OpenCLEnumerator<T> (&table)[N],
                               llvm::StringRef name) {
  for (const OpenCLEnumerator<T> &e : table)
    if (!e.name.empty() && e.name == name)
      return e.value;
  return std::nullopt;
}
} // namespace

std::optional<MemoryOrder> xfence::orderFromOpenCL(int64_t value) {
  return meaningOf(kOpenCLOrders, value);
}

std::optional<Scope> xfence::scopeFromOpenCL(int64_t value) {
  return meaningOf(kOpenCLScopes, value);
}

std::optional<int64_t> xfence::openCLEnumeratorValue(llvm::StringRef name) {
  if (std::optional<int64_t> order = valueOf(kOpenCLOrders, name))
    return order;
  return valueOf(kOpenCLScopes, name);
}

MemorySpaces xfence::spacesOfOpenCLFlags(int64_t flags) {
  MemorySpaces spaces = MemorySpaces::none;
  if (flags & kOpenCLLocalFence)
    spaces = spaces | MemorySpaces::local;
  if (flags & kOpenCLGlobalFence)
    spaces = spaces | MemorySpaces::global;
  if (flags & kOpenCLImageFence)
    spaces = spaces | MemorySpaces::image;
  return spaces;
}

std::optional<OpenCLSyncBuiltin>
xfence::classifyOpenCLSyncName(llvm::StringRef name) {
  OpenCLSyncBuiltin b{OpenCLSync::WorkGroupBarrier};

  if (name == "barrier" || name == "work_group_barrier")
    return b;
  if (name == "sub_group_barrier")
    return b.kind = OpenCLSync::SubGroupBarrier, b;
  // Work-group scoped fences; their order depends on the standard
  // (legacyFenceOrder, semantics.md §2).
  if (name == "mem_fence" || name == "read_mem_fence" ||
      name == "write_mem_fence") {
    b.kind = OpenCLSync::LegacyFence;
    b.legacyFence = name == "mem_fence"        ? LegacyFence::full
                    : name == "read_mem_fence" ? LegacyFence::read
                                               : LegacyFence::write;
    return b;
  }
  if (name == "atomic_work_item_fence")
    return b.kind = OpenCLSync::WorkItemFence, b;

  // OpenCL 2.0 atomics (C11 style).
  if (name.consume_back("_explicit"))
    b.isExplicit = true;
  if (name == "atomic_load")
    return b.kind = OpenCLSync::Load, b;
  if (name == "atomic_store")
    return b.kind = OpenCLSync::Store, b;
  if (name == "atomic_exchange") {
    b.kind = OpenCLSync::RMW;
    b.rmw = AtomicRMWKind::xchg;
    return b;
  }
  if (name == "atomic_compare_exchange_strong" ||
      name == "atomic_compare_exchange_weak") {
    b.kind = OpenCLSync::CmpXchg;
    b.weak = name.ends_with("weak");
    return b;
  }
  if (name == "atomic_flag_test_and_set")
    return b.kind = OpenCLSync::FlagTestAndSet, b;
  if (name == "atomic_flag_clear")
    return b.kind = OpenCLSync::FlagClear, b;
  if (name.consume_front("atomic_fetch_")) {
    std::optional<AtomicRMWKind> kind = rmwKindOfFetchName(name);
    if (!kind)
      return std::nullopt;
    b.kind = OpenCLSync::RMW;
    b.rmw = *kind;
    return b;
  }
  if (b.isExplicit)
    return std::nullopt;

  // OpenCL 1.x atomics: atomic_* (32-bit, and float for xchg) and atom_*
  // (cl_khr_*_atomics, 32- and 64-bit).
  if (!name.consume_front("atomic_") && !name.consume_front("atom_"))
    return std::nullopt;
  b.kind = OpenCLSync::LegacyRMW;
  if (name == "cmpxchg")
    return b.kind = OpenCLSync::LegacyCmpXchg, b;
  if (name == "xchg")
    return b.rmw = AtomicRMWKind::xchg, b;
  // Not CUDA's wrapping atomicInc/atomicDec: an add or sub of 1 (dialect
  // description of xfence.atomic_rmw).
  if (name == "inc" || name == "dec") {
    b.rmw = name == "inc" ? AtomicRMWKind::add : AtomicRMWKind::sub;
    b.impliedOne = true;
    return b;
  }
  if (std::optional<AtomicRMWKind> kind = rmwKindOfFetchName(name))
    return b.rmw = *kind, b;
  return std::nullopt;
}

MemoryOrder xfence::legacyFenceOrder(LegacyFence fence, unsigned version) {
  switch (fence) {
  case LegacyFence::read:
    return MemoryOrder::acquire;
  case LegacyFence::write:
    return MemoryOrder::release;
  case LegacyFence::full:
    // 2.0: acq_rel (OpenCL C 2.0 §6.13.8). 1.x: "loads and stores
    // preceding the mem_fence will be committed to memory before any loads
    // and stores following the mem_fence" (OpenCL 1.2 §6.12.9), which
    // orders a store before a later load: only seq_cst gives that.
    return version >= 200 ? MemoryOrder::acq_rel : MemoryOrder::seq_cst;
  }
  llvm_unreachable("unknown legacy fence");
}

std::optional<Scope> xfence::openCLBarrierScope(MemorySpaces spaces,
                                                Scope scope, Scope exec,
                                                std::string &why) {
  if (spaces == MemorySpaces::local && isAtLeast(scope, Scope::workgroup))
    scope = Scope::workgroup;
  if (scope == Scope::thread && spaces != MemorySpaces::image) {
    why = "memory_scope_work_item is allowed only with CLK_IMAGE_MEM_FENCE "
          "alone";
    return std::nullopt;
  }
  if (!isAtLeast(scope, exec) && scope != Scope::thread) {
    why = "the memory scope of a barrier cannot be narrower than its "
          "execution scope";
    return std::nullopt;
  }
  return scope;
}
