//===- AtomicNames.cpp - the atomic functions named atomic<Op> ------------===//

#include "frontends/names/AtomicNames.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/ErrorHandling.h"

using namespace xfence;

std::optional<AtomicRMWKind> xfence::rmwKindOfAtomicName(llvm::StringRef op) {
  return llvm::StringSwitch<std::optional<AtomicRMWKind>>(op)
      .Case("Add", AtomicRMWKind::add)
      .Case("Sub", AtomicRMWKind::sub)
      .Case("Exch", AtomicRMWKind::xchg)
      .Case("Min", AtomicRMWKind::min)
      .Case("Max", AtomicRMWKind::max)
      .Case("And", AtomicRMWKind::and_)
      .Case("Or", AtomicRMWKind::or_)
      .Case("Xor", AtomicRMWKind::xor_)
      .Case("Inc", AtomicRMWKind::inc)
      .Case("Dec", AtomicRMWKind::dec)
      .Default(std::nullopt);
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
  return llvm::StringSwitch<std::optional<AtomicRMWKind>>(op)
      .Case("add", AtomicRMWKind::add)
      .Case("sub", AtomicRMWKind::sub)
      .Case("and", AtomicRMWKind::and_)
      .Case("or", AtomicRMWKind::or_)
      .Case("xor", AtomicRMWKind::xor_)
      .Case("min", AtomicRMWKind::min)
      .Case("max", AtomicRMWKind::max)
      .Default(std::nullopt);
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
