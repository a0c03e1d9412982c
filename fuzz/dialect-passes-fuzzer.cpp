//===- dialect-passes-fuzzer.cpp - libFuzzer: parser and passes -----------===//
//
// Parses the input as an MLIR module with the xfence dialect and the
// dialects its tests use (as xfence-opt does), checks that the printed
// module parses again, and runs the pipelines of the tools on copies of it:
// coalescing, legalization for each kind of target, and the lowerings to
// NVVM, SPIR-V, LLVM calls of the SPIR-V built-ins and the CPU.
// Diagnostics are dropped: an input that fails is fine, a crash or a
// sanitizer report is the finding.
//
//===----------------------------------------------------------------------===//

#include "backends/cpu/Passes.h"
#include "backends/ptx/Passes.h"
#include "backends/spirv/Passes.h"
#include "dialect/XFenceDialect.h"
#include "fuzz/FuzzSupport.h"
#include "passes/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>

using namespace mlir;

static const DialectRegistry &registry() {
  static DialectRegistry *registry = [] {
    auto *r = new DialectRegistry();
    r->insert<xfence::XFenceDialect, func::FuncDialect, LLVM::LLVMDialect,
              NVVM::NVVMDialect, spirv::SPIRVDialect, gpu::GPUDialect,
              arith::ArithDialect, scf::SCFDialect, cf::ControlFlowDialect,
              memref::MemRefDialect, omp::OpenMPDialect, DLTIDialect>();
    return r;
  }();
  return *registry;
}

/// The pipelines, each run on its own copy of the parsed module.
static const std::function<void(PassManager &)> kPipelines[] = {
    // compile --to ptx: coalesce, legalize for sm_90, lower to NVVM.
    [](PassManager &pm) {
      pm.addPass(xfence::createXFenceCoalesce());
      xfence::XFenceLegalizeOptions legalize;
      legalize.target = "ptx-sm90";
      pm.addPass(xfence::createXFenceLegalize(legalize));
      pm.addPass(xfence::createXFenceNVPTXLocalArguments());
      pm.addPass(xfence::createConvertXFenceToNVVM());
    },
    // PTX below sm_90 (no split fences, no clusters).
    [](PassManager &pm) {
      xfence::XFenceLegalizeOptions legalize;
      legalize.target = "ptx-sm70";
      pm.addPass(xfence::createXFenceLegalize(legalize));
      xfence::ConvertXFenceToNVVMOptions lower;
      lower.sm = 70;
      lower.ptx = 78;
      pm.addPass(xfence::createConvertXFenceToNVVM(lower));
    },
    // SPIR-V for Vulkan, with exact scopes (as the 2.x translations).
    [](PassManager &pm) {
      xfence::XFenceCoalesceOptions coalesce;
      coalesce.exactScopes = true;
      pm.addPass(xfence::createXFenceCoalesce(coalesce));
      xfence::XFenceLegalizeOptions legalize;
      legalize.target = "spirv-vulkan";
      pm.addPass(xfence::createXFenceLegalize(legalize));
      xfence::ConvertXFenceToSPIRVOptions lower;
      lower.vulkan = true;
      pm.addPass(xfence::createConvertXFenceToSPIRV(lower));
    },
    // compile --to spirv: the OpenCL environment through LLVM calls.
    [](PassManager &pm) {
      pm.addPass(xfence::createXFenceCoalesce());
      xfence::XFenceLegalizeOptions legalize;
      legalize.target = "spirv-opencl";
      pm.addPass(xfence::createXFenceLegalize(legalize));
      pm.addPass(xfence::createConvertXFenceToLLVMSPIRV());
    },
    // compile --to cpu.
    [](PassManager &pm) {
      pm.addPass(xfence::createXFenceCoalesce());
      xfence::XFenceLegalizeOptions legalize;
      legalize.target = "cpu";
      pm.addPass(xfence::createXFenceLegalize(legalize));
      pm.addPass(xfence::createConvertXFenceToCPU());
    },
    // The source translations' targets, and the canonicalizer.
    [](PassManager &pm) {
      xfence::XFenceLegalizeOptions legalize;
      legalize.target = "opencl1.2";
      pm.addPass(xfence::createXFenceLegalize(legalize));
      pm.addPass(createCanonicalizerPass());
      pm.addPass(xfence::createXFenceCoalesce());
    },
    [](PassManager &pm) {
      xfence::XFenceCoalesceOptions coalesce;
      coalesce.remarks = true;
      pm.addPass(xfence::createXFenceCoalesce(coalesce));
      xfence::XFenceLegalizeOptions legalize;
      legalize.target = "opencl2";
      legalize.strict = true;
      pm.addPass(xfence::createXFenceLegalize(legalize));
    },
};

static void run(llvm::StringRef text) {
  MLIRContext ctx(registry(), MLIRContext::Threading::DISABLED);
  // Errors of the parser, the verifier and the passes are the expected
  // outcome of most inputs.
  ScopedDiagnosticHandler quiet(&ctx, [](Diagnostic &) { return success(); });
  ParserConfig config(&ctx);
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, config);
  if (!module)
    return;
  // What the printer writes, the parser reads back.
  std::string printed;
  llvm::raw_string_ostream os(printed);
  module->print(os);
  if (!parseSourceString<ModuleOp>(printed, config))
    llvm::report_fatal_error("the printed module does not parse:\n" +
                             llvm::Twine(printed));
  for (const auto &pipeline : kPipelines) {
    OwningOpRef<ModuleOp> copy = module->clone();
    PassManager pm(&ctx);
    pipeline(pm);
    (void)pm.run(*copy);
  }
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  xfence::fuzz::rememberInput(data, size);
  std::string text = xfence::fuzz::asTerminatedText(data, size);
  xfence::fuzz::runOnLargeStack([&] { run(text); });
  return 0;
}
