//===- ScopeNames.h - the scopes of the source languages by name -*- C++ -*-===//
//
// The names under which the languages xfence reads state a synchronization
// scope, and the dialect scope each stands for (docs/semantics.md §2): PTX's
// qualifiers, the sync scopes of AMDGPU's builtins, alpaka's scope and
// hierarchy tags. One table, read by the importers and by the raising of
// LLVM IR; free of Clang.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_FRONTENDS_NAMES_SCOPENAMES_H
#define XFENCE_FRONTENDS_NAMES_SCOPENAMES_H

#include "dialect/XFenceAttrs.h"

#include "llvm/ADT/StringRef.h"

#include <optional>

namespace xfence {

/// Whose names a scope name is.
enum class ScopeSpelling {
  /// PTX's scope qualifiers: membar.gl, fence.acq_rel.gpu, ...
  PTX,
  /// The sync scopes of AMDGPU's builtins (__builtin_amdgcn_fence(o,
  /// "agent")), without a "-one-as" suffix.
  AMDGPU,
  /// alpaka's scope and hierarchy tags, qualified
  /// (alpaka::onAcc::scope::Block).
  Alpaka,
};

/// The scope that `name` stands for in `spelling`, or nothing if it is not
/// one of its names.
std::optional<Scope> scopeNamed(ScopeSpelling spelling, llvm::StringRef name);

} // namespace xfence

#endif // XFENCE_FRONTENDS_NAMES_SCOPENAMES_H
