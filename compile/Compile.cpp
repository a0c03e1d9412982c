//===- Compile.cpp - whole OpenCL C kernels to PTX through the dialect ----===//

#include "compile/Compile.h"

#include "backends/ptx/Passes.h"
#include "dialect/XFenceDialect.h"
#include "passes/Passes.h"

#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMIRToLLVMTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/LLVMIRToNVVMTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Import.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/CodeGen/CodeGenAction.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace mlir;
using namespace xfence;

/// libclc's target triple for NVPTX: the module is compiled for it, so that
/// the link with libclc joins modules of one triple.
static const char *const kTriple = "nvptx64-unknown-nvidiacl";

/// Clang's LLVM IR for the kernels of `path`, or null after diagnostics.
static std::unique_ptr<llvm::Module> generateIR(llvm::StringRef path,
                                                const CompileOptions &options,
                                                llvm::LLVMContext &llvmCtx,
                                                llvm::raw_ostream &diagOS) {
  std::vector<std::string> args = {"-triple", kTriple, "-x", "cl"};
  std::string standard =
      options.source.standard.empty() ? "CL1.2" : options.source.standard;
  args.push_back("-cl-std=" + standard);
  args.push_back("-finclude-default-header");
  args.push_back("-fdeclare-opencl-builtins");
  // Line tables: the remarks and errors of the passes point at the user's
  // lines, and so does the PTX (.loc).
  args.push_back("-debug-info-kind=line-directives-only");
  args.push_back("-O2");
  llvm::StringRef version(standard);
  if (version.consume_front("CL") && version.size() == 3 && version[1] == '.')
    args.push_back(std::string("-D__OPENCL_VERSION__=") + version[0] +
                   version[2] + "0");
  args.push_back("-resource-dir");
  args.push_back(XFENCE_CLANG_RESOURCE_DIR);
  for (const std::string &option : options.source.buildOptions)
    args.push_back(option);
  for (const std::string &define : options.source.defines)
    args.push_back("-D" + define);
  for (const std::string &dir : options.source.includeDirs)
    args.push_back("-I" + dir);
  args.push_back(path.str());
  std::vector<const char *> argv;
  for (const std::string &arg : args)
    argv.push_back(arg.c_str());

  clang::DiagnosticOptions diagOpts;
  diagOpts.ShowColors = false;
  clang::TextDiagnosticPrinter printer(diagOS, diagOpts);
  clang::DiagnosticsEngine diags(clang::DiagnosticIDs::create(), diagOpts,
                                 &printer, /*ShouldOwnClient=*/false);
  auto invocation = std::make_shared<clang::CompilerInvocation>();
  if (!clang::CompilerInvocation::CreateFromArgs(*invocation, argv, diags) ||
      printer.getNumErrors())
    return nullptr;
  invocation->getDiagnosticOpts().ShowColors = false;
  clang::CompilerInstance ci(invocation);
  ci.createVirtualFileSystem();
  ci.createDiagnostics(&printer, /*ShouldOwnClient=*/false);
  clang::EmitLLVMOnlyAction action(&llvmCtx);
  if (!ci.ExecuteAction(action) || printer.getNumErrors())
    return nullptr;
  return action.takeModule();
}

FailureOr<std::string> xfence::compileOpenCLToPTX(llvm::StringRef path,
                                                  const CompileOptions &options,
                                                  llvm::raw_ostream &diagOS) {
  std::string libclc = options.libclcDir + "/nvptx64--nvidiacl.bc";
  if (!llvm::sys::fs::exists(libclc)) {
    diagOS << "error: libclc for NVPTX not found at '" << libclc
           << "' (Debian: apt-get install libclc-22)\n";
    return failure();
  }
  llvm::LLVMContext llvmCtx;
  std::unique_ptr<llvm::Module> ir = generateIR(path, options, llvmCtx, diagOS);
  if (!ir)
    return failure();

  DialectRegistry registry;
  registry.insert<XFenceDialect, LLVM::LLVMDialect, NVVM::NVVMDialect,
                  gpu::GPUDialect, DLTIDialect>();
  registerLLVMDialectImport(registry);
  registerNVVMDialectImport(registry);
  registerBuiltinDialectTranslation(registry);
  registerGPUDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
  NVVM::registerNVVMTargetInterfaceExternalModels(registry);
  MLIRContext ctx(registry, MLIRContext::Threading::DISABLED);
  ctx.loadAllAvailableDialects();
  // Errors of the passes: file:line:col from the line tables.
  bool failedDiag = false;
  ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &diag) {
    if (diag.getSeverity() == DiagnosticSeverity::Error)
      failedDiag = true;
    if (diag.getSeverity() == DiagnosticSeverity::Warning &&
        diag.str().find("unhandled data layout token") != std::string::npos)
      return success(); // The import's note on NVPTX's vector alignments.
    diagOS << diag.getLocation() << ": "
           << (diag.getSeverity() == DiagnosticSeverity::Error     ? "error"
               : diag.getSeverity() == DiagnosticSeverity::Warning ? "warning"
                                                                   : "remark")
           << ": " << diag.str() << "\n";
    return success();
  });

  OwningOpRef<ModuleOp> imported =
      translateLLVMIRToModule(std::move(ir), &ctx,
                              /*emitExpensiveWarnings=*/false);
  if (!imported)
    return failure();

  // Raise, coalesce, legalize for the GPU (--emit-mlir stops here), lower
  // to NVVM.
  PassManager pm(&ctx);
  XFenceRaiseLLVMOptions raise;
  raise.globalFence =
      options.globalFence == GlobalFenceScope::device ? "device" : "spec";
  pm.addPass(createXFenceRaiseLLVM(raise));
  if (options.coalesce)
    pm.addPass(createXFenceCoalesce());
  XFenceLegalizeOptions legalize;
  legalize.target = options.sm >= 90 ? "ptx-sm90" : "ptx-sm70";
  pm.addPass(createXFenceLegalize(legalize));
  if (failed(pm.run(*imported)) || failedDiag)
    return failure();
  if (options.emitMLIR) {
    std::string text;
    llvm::raw_string_ostream os(text);
    imported->print(os, OpPrintingFlags().enableDebugInfo().useLocalScope());
    return text;
  }
  PassManager lowering(&ctx);
  lowering.addPass(createXFenceNVPTXLocalArguments());
  ConvertXFenceToNVVMOptions lower;
  lower.sm = options.sm;
  lower.ptx = options.ptx;
  lowering.addPass(createConvertXFenceToNVVM(lower));
  if (failed(lowering.run(*imported)) || failedDiag)
    return failure();

  // The module's functions in a gpu.module for NVPTX, linked with libclc
  // (only what the kernels need) and compiled to PTX by LLVM in process.
  OpBuilder builder(&ctx);
  OwningOpRef<ModuleOp> container = ModuleOp::create(imported->getLoc());
  (*container)
      ->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                builder.getUnitAttr());
  builder.setInsertionPointToStart(container->getBody());
  auto target = NVVM::NVVMTargetAttr::get(
      &ctx, /*optLevel=*/2, kTriple, "sm_" + std::to_string(options.sm),
      "+ptx" + std::to_string(options.ptx), nullptr,
      builder.getArrayAttr({builder.getStringAttr(libclc)}));
  auto gpuModule = gpu::GPUModuleOp::create(
      builder, imported->getLoc(), "kernels", builder.getArrayAttr({target}));
  Block &body = gpuModule.getBodyRegion().front();
  for (Operation &op : llvm::make_early_inc_range(*imported->getBody()))
    op.moveBefore(&body, body.end());
  PassManager binary(&ctx);
  GpuModuleToBinaryPassOptions toBinary;
  toBinary.compilationTarget = "isa";
  binary.addPass(createGpuModuleToBinaryPass(toBinary));
  if (failed(binary.run(*container)) || failedDiag)
    return failure();
  std::string ptx;
  for (auto binaryOp : container->getOps<gpu::BinaryOp>())
    for (Attribute object : binaryOp.getObjects())
      ptx += cast<gpu::ObjectAttr>(object).getObject().getValue().str();
  return ptx;
}
