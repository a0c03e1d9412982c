//===- ScopeNames.cpp - the scopes of the source languages by name --------===//

#include "frontends/names/ScopeNames.h"

using namespace xfence;

namespace {
struct ScopeName {
  ScopeSpelling spelling;
  llvm::StringLiteral name;
  Scope scope;
};
} // namespace

using S = ScopeSpelling;

static constexpr ScopeName kScopeNames[] = {
    // PTX (ISA 8.x, "Scope"): `gl` is membar's spelling of `gpu`.
    {S::PTX, "cta", Scope::workgroup},
    {S::PTX, "gl", Scope::device},
    {S::PTX, "gpu", Scope::device},
    {S::PTX, "sys", Scope::system},
    {S::PTX, "cluster", Scope::cluster},
    // AMDGPU (LLVM's AMDGPUUsage, "Memory Scopes"): "" is the system; the
    // one-address-space variants are the same scopes for xfence.
    {S::AMDGPU, "", Scope::system},
    {S::AMDGPU, "one-as", Scope::system},
    {S::AMDGPU, "agent", Scope::device},
    {S::AMDGPU, "cluster", Scope::cluster},
    {S::AMDGPU, "workgroup", Scope::workgroup},
    {S::AMDGPU, "wavefront", Scope::subgroup},
    {S::AMDGPU, "singlethread", Scope::thread},
    // alpaka 3: onAcc::scope, for fences and atomics.
    {S::Alpaka, "alpaka::onAcc::scope::Block", Scope::workgroup},
    {S::Alpaka, "alpaka::onAcc::scope::Device", Scope::device},
    {S::Alpaka, "alpaka::onAcc::scope::System", Scope::system},
    // alpaka 1.x: memory_scope for fences. A grid is no dialect scope: the
    // device is the narrowest one that contains it.
    {S::Alpaka, "alpaka::memory_scope::Block", Scope::workgroup},
    {S::Alpaka, "alpaka::memory_scope::Grid", Scope::device},
    {S::Alpaka, "alpaka::memory_scope::Device", Scope::device},
    // alpaka 1.x: hierarchy for atomics (who may access the object).
    {S::Alpaka, "alpaka::hierarchy::Threads", Scope::workgroup},
    {S::Alpaka, "alpaka::hierarchy::Blocks", Scope::device},
    {S::Alpaka, "alpaka::hierarchy::Grids", Scope::device},
};

std::optional<Scope> xfence::scopeNamed(ScopeSpelling spelling,
                                        llvm::StringRef name) {
  for (const ScopeName &entry : kScopeNames)
    if (entry.spelling == spelling && entry.name == name)
      return entry.scope;
  return std::nullopt;
}
