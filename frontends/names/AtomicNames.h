//===- AtomicNames.h - the atomic functions named atomic<Op> ----*- C++ -*-===//
//
// CUDA's atomicAdd ... atomicDec and alpaka's onAcc::atomicAdd ... share one
// naming: the operation after `atomic`. One table of those names for both
// importers, and the one rule for the operand type (unsigned min/max,
// floating-point add).
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_FRONTENDS_NAMES_ATOMICNAMES_H
#define XFENCE_FRONTENDS_NAMES_ATOMICNAMES_H

#include "dialect/XFenceAttrs.h"

#include "clang/Basic/SyncScope.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace xfence {

/// The read-modify-write of `atomic<op>` (op: Add, Sub, Exch, Min, Max,
/// And, Or, Xor, Inc, Dec), or nothing.
std::optional<AtomicRMWKind> rmwKindOfAtomicName(llvm::StringRef op);

/// The read-modify-write of the lower-case C spelling `op` (add, sub, and,
/// or, xor, min, max): OpenCL's atomic_<op> and atomic_fetch_<op>, C11's and
/// GNU's __atomic_fetch_<op>, libcu++'s fetch_<op>. Nothing otherwise.
std::optional<AtomicRMWKind> rmwKindOfFetchName(llvm::StringRef op);

/// `kind` for an object of the given type: min/max of an unsigned object
/// are umin/umax, add of a floating-point object is fadd.
AtomicRMWKind rmwKindForType(AtomicRMWKind kind, bool isUnsigned, bool isFloat);

/// The xfence scope of clang's synchronization scope `scope` (OpenCL's
/// memory_scope_*, HIP's __HIP_MEMORY_SCOPE_*, the generic __MEMORY_SCOPE_*),
/// through the AtomicScopeModel of the built-in that names it.
Scope scopeFromClang(clang::SyncScope scope);

} // namespace xfence

#endif // XFENCE_FRONTENDS_NAMES_ATOMICNAMES_H
