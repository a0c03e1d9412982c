//===- AtomicNames.cpp - the atomic functions named atomic<Op> ------------===//

#include "frontends/names/AtomicNames.h"

#include "llvm/Support/ErrorHandling.h"

using namespace xfence;

namespace {
/// A read-modify-write by its names: `atomic<Op>` (CUDA, alpaka) and, where
/// C has one, the lower-case `fetch_<op>` spelling.
struct RMWName {
  llvm::StringLiteral atomicName;
  llvm::StringLiteral fetchName; // empty: none
  AtomicRMWKind kind;
};
constexpr RMWName kRMWNames[] = {
    {"Add", "add", AtomicRMWKind::add}, {"Sub", "sub", AtomicRMWKind::sub},
    {"Exch", "", AtomicRMWKind::xchg},  {"Min", "min", AtomicRMWKind::min},
    {"Max", "max", AtomicRMWKind::max}, {"And", "and", AtomicRMWKind::and_},
    {"Or", "or", AtomicRMWKind::or_},   {"Xor", "xor", AtomicRMWKind::xor_},
    {"Inc", "", AtomicRMWKind::inc},    {"Dec", "", AtomicRMWKind::dec},
};
} // namespace

std::optional<AtomicRMWKind> xfence::rmwKindOfAtomicName(llvm::StringRef op) {
  for (const RMWName &name : kRMWNames)
    if (name.atomicName == op)
      return name.kind;
  return std::nullopt;
}

AtomicRMWKind xfence::rmwKindForType(AtomicRMWKind kind, bool isUnsigned,
                                     bool isFloat) {
  if (kind == AtomicRMWKind::min && isUnsigned)
    return AtomicRMWKind::umin;
  if (kind == AtomicRMWKind::max && isUnsigned)
    return AtomicRMWKind::umax;
  if (kind == AtomicRMWKind::add && isFloat)
    return AtomicRMWKind::fadd;
  return kind;
}

std::optional<AtomicRMWKind> xfence::rmwKindOfFetchName(llvm::StringRef op) {
  for (const RMWName &name : kRMWNames)
    if (!name.fetchName.empty() && name.fetchName == op)
      return name.kind;
  return std::nullopt;
}

Scope xfence::scopeFromClang(clang::SyncScope scope) {
  using S = clang::SyncScope;
  switch (scope) {
  case S::SystemScope:
  case S::HIPSystem:
  case S::OpenCLAllSVMDevices:
    return Scope::system;
  case S::DeviceScope:
  case S::HIPAgent:
  case S::OpenCLDevice:
    return Scope::device;
  case S::ClusterScope:
  case S::HIPCluster:
    return Scope::cluster;
  case S::WorkgroupScope:
  case S::HIPWorkgroup:
  case S::OpenCLWorkGroup:
    return Scope::workgroup;
  case S::WavefrontScope:
  case S::HIPWavefront:
  case S::OpenCLSubGroup:
    return Scope::subgroup;
  case S::SingleScope:
  case S::HIPSingleThread:
    return Scope::thread;
  }
  llvm_unreachable("every clang sync scope is handled above");
}
