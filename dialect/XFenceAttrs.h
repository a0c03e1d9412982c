//===- XFenceAttrs.h - xfence scopes, orders and spaces ---------*- C++ -*-===//
//
// The enum attributes of the xfence dialect and the lattice operations the
// passes use on them.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_DIALECT_XFENCEATTRS_H
#define XFENCE_DIALECT_XFENCEATTRS_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"

#include "dialect/XFenceEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "dialect/XFenceAttrs.h.inc"

namespace xfence {

/// The wider of two scopes.
Scope join(Scope a, Scope b);
/// The weakest order that provides every guarantee of both: acquire joined
/// with release is acq_rel (not seq_cst); anything joined with seq_cst is
/// seq_cst; relaxed is the bottom.
MemoryOrder join(MemoryOrder a, MemoryOrder b);
/// The union of two sets of memory spaces.
MemorySpaces join(MemorySpaces a, MemorySpaces b);

/// True if scope `a` includes every thread that scope `b` includes.
bool isAtLeast(Scope a, Scope b);
/// True if order `a` gives every guarantee that order `b` gives.
bool isAtLeast(MemoryOrder a, MemoryOrder b);
/// True if `a` contains every space in `b`.
bool isAtLeast(MemorySpaces a, MemorySpaces b);

/// True if the order has acquire semantics (acquire, acq_rel, seq_cst).
bool hasAcquire(MemoryOrder order);
/// True if the order has release semantics (release, acq_rel, seq_cst).
bool hasRelease(MemoryOrder order);

/// Every memory space the dialect knows: what a CUDA or PTX fence orders.
constexpr MemorySpaces allSpaces() {
  return MemorySpaces::local | MemorySpaces::global | MemorySpaces::image;
}

} // namespace xfence

#endif // XFENCE_DIALECT_XFENCEATTRS_H
