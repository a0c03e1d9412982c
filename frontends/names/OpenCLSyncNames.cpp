//===- OpenCLSyncNames.cpp - OpenCL C synchronization built-ins by name ---===//

#include "frontends/names/OpenCLSyncNames.h"

#include "frontends/names/AtomicNames.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/ErrorHandling.h"

using namespace xfence;

std::optional<MemoryOrder> xfence::orderFromOpenCL(int64_t value) {
  switch (value) {
  case 0: // memory_order_relaxed
    return MemoryOrder::relaxed;
  case 1: // __ATOMIC_CONSUME: not an OpenCL order; C11 makes it acquire
  case 2: // memory_order_acquire
    return MemoryOrder::acquire;
  case 3: // memory_order_release
    return MemoryOrder::release;
  case 4: // memory_order_acq_rel
    return MemoryOrder::acq_rel;
  case 5: // memory_order_seq_cst
    return MemoryOrder::seq_cst;
  }
  return std::nullopt;
}

std::optional<Scope> xfence::scopeFromOpenCL(int64_t value) {
  switch (value) {
  case 0: // memory_scope_work_item
    return Scope::thread;
  case 1: // memory_scope_work_group
    return Scope::workgroup;
  case 2: // memory_scope_device
    return Scope::device;
  case 3: // memory_scope_all_svm_devices (= all_devices)
    return Scope::system;
  case 4: // memory_scope_sub_group
    return Scope::subgroup;
  }
  return std::nullopt;
}

std::optional<int64_t> xfence::openCLEnumeratorValue(llvm::StringRef name) {
  return llvm::StringSwitch<std::optional<int64_t>>(name)
      .Case("memory_order_relaxed", 0)
      .Case("memory_order_acquire", 2)
      .Case("memory_order_release", 3)
      .Case("memory_order_acq_rel", 4)
      .Case("memory_order_seq_cst", 5)
      .Case("memory_scope_work_item", 0)
      .Case("memory_scope_work_group", 1)
      .Case("memory_scope_device", 2)
      .Cases("memory_scope_all_svm_devices", "memory_scope_all_devices", 3)
      .Case("memory_scope_sub_group", 4)
      .Default(std::nullopt);
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

AtomicRMWKind xfence::openCLRMWKind(AtomicRMWKind kind, bool isUnsigned,
                                    bool isFloat) {
  if (kind == AtomicRMWKind::min && isUnsigned)
    return AtomicRMWKind::umin;
  if (kind == AtomicRMWKind::max && isUnsigned)
    return AtomicRMWKind::umax;
  if (kind == AtomicRMWKind::add && isFloat)
    return AtomicRMWKind::fadd;
  return kind;
}
