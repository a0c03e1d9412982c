//===- raise-llvm-fuzzer.cpp - libFuzzer: xfence-raise-llvm ---------------===//
//
// Parses the input as an MLIR module in the LLVM dialect (what the import
// of Clang's IR gives `xfence compile`) and runs xfence-raise-llvm on it,
// followed by coalescing and legalization as compile/Compile.cpp does; a
// second copy is raised with opencl-global-fence=device. Diagnostics are
// dropped: an input that fails is fine, a crash or a sanitizer report is the
// finding.
//
//===----------------------------------------------------------------------===//

#include "dialect/XFenceDialect.h"
#include "fuzz/FuzzSupport.h"
#include "passes/Passes.h"

#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

using namespace mlir;

static const DialectRegistry &registry() {
  static DialectRegistry *registry = [] {
    auto *r = new DialectRegistry();
    r->insert<xfence::XFenceDialect, LLVM::LLVMDialect, NVVM::NVVMDialect,
              func::FuncDialect, gpu::GPUDialect, DLTIDialect>();
    return r;
  }();
  return *registry;
}

static void run(llvm::StringRef text) {
  MLIRContext ctx(registry(), MLIRContext::Threading::DISABLED);
  ScopedDiagnosticHandler quiet(&ctx, [](Diagnostic &) { return success(); });
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(text, ParserConfig(&ctx));
  if (!module)
    return;
  for (const char *globalFence : {"spec", "device"}) {
    OwningOpRef<ModuleOp> copy = module->clone();
    PassManager pm(&ctx);
    xfence::XFenceRaiseLLVMOptions raise;
    raise.globalFence = globalFence;
    pm.addPass(xfence::createXFenceRaiseLLVM(raise));
    pm.addPass(xfence::createXFenceCoalesce());
    xfence::XFenceLegalizeOptions legalize;
    legalize.target = "ptx-sm90";
    pm.addPass(xfence::createXFenceLegalize(legalize));
    (void)pm.run(*copy);
  }
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  xfence::fuzz::rememberInput(data, size);
  std::string text = xfence::fuzz::asTerminatedText(data, size);
  xfence::fuzz::runOnLargeStack([&] { run(text); });
  return 0;
}
