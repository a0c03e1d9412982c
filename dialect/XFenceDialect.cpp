//===- XFenceDialect.cpp - xfence dialect ---------------------------------===//

#include "dialect/XFenceDialect.h"
#include "dialect/XFenceOps.h"

using namespace mlir;
using namespace xfence;

#include "dialect/XFenceDialect.cpp.inc"

void XFenceDialect::initialize() {
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "dialect/XFenceOps.cpp.inc"
      >();
}
