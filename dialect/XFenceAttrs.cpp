//===- XFenceAttrs.cpp - xfence scopes, orders and spaces -----------------===//

#include "dialect/XFenceAttrs.h"
#include "dialect/XFenceDialect.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace xfence;

#include "dialect/XFenceEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "dialect/XFenceAttrs.cpp.inc"

Scope xfence::join(Scope a, Scope b) { return isAtLeast(a, b) ? a : b; }

MemoryOrder xfence::join(MemoryOrder a, MemoryOrder b) {
  if (isAtLeast(a, b))
    return a;
  if (isAtLeast(b, a))
    return b;
  // The only incomparable pair is {acquire, release}.
  return MemoryOrder::acq_rel;
}

MemorySpaces xfence::join(MemorySpaces a, MemorySpaces b) { return a | b; }

bool xfence::isAtLeast(Scope a, Scope b) {
  return static_cast<uint32_t>(a) >= static_cast<uint32_t>(b);
}

bool xfence::isAtLeast(MemoryOrder a, MemoryOrder b) {
  if (a == b || b == MemoryOrder::relaxed || a == MemoryOrder::seq_cst)
    return true;
  if (a == MemoryOrder::acq_rel)
    return b == MemoryOrder::acquire || b == MemoryOrder::release;
  return false;
}

bool xfence::isAtLeast(MemorySpaces a, MemorySpaces b) {
  return bitEnumContainsAll(a, b);
}

bool xfence::hasAcquire(MemoryOrder order) {
  return isAtLeast(order, MemoryOrder::acquire);
}

bool xfence::hasRelease(MemoryOrder order) {
  return isAtLeast(order, MemoryOrder::release);
}

void XFenceDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "dialect/XFenceAttrs.cpp.inc"
      >();
}
