//===- xfence-translate.cpp - mlir-translate with xfence imports/exports --===//
//
// Every upstream translation plus xfence's importers (--import-opencl, ...)
// and exporters (--export-cuda, --export-ptx, ...), for lit tests and for
// pipelines that want one step at a time.
//
//===----------------------------------------------------------------------===//

#include "dialect/XFenceDialect.h"
#include "tools/xfence-translate/Registration.h"

#include "mlir/InitAllTranslations.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  mlir::registerAllTranslations();
  xfence::registerAllTranslations();
  return mlir::failed(mlir::mlirTranslateMain(
      argc, argv, "xfence translation driver: imports into and exports from "
                  "the xfence dialect\n"));
}
