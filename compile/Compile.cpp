//===- Compile.cpp - whole OpenCL C kernels to PTX or SPIR-V --------------===//

#include "compile/Compile.h"
#include "compile/CompileSupport.h"

#include "backends/ptx/Passes.h"
#include "backends/spirv/Passes.h"
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
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Target/LLVMIR/Import.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/CodeGen/CodeGenAction.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"

using namespace mlir;
using namespace xfence;
using namespace xfence::compile_detail;

/// libclc's target triple for NVPTX: the module is compiled for it, so that
/// the link with libclc joins modules of one triple.
static const char *const kTriple = "nvptx64-unknown-nvidiacl";

/// SPIR-V 1.2, the newest version an OpenCL 2.2 environment accepts (1.0
/// for OpenCL 1.2 and 2.0, 1.1 for 2.1); Clang compiles for the same triple
/// as the back end, so the module has its data layout and address spaces
/// from the start.
static const char *const kSPIRVTriple = "spirv64v1.2-unknown-unknown";

namespace {

/// Clang's code generation, with an optional second consumer of the AST.
class EmitIRAction : public clang::EmitLLVMOnlyAction {
public:
  EmitIRAction(llvm::LLVMContext *llvmCtx,
               const compile_detail::ConsumerFactory &extra)
      : EmitLLVMOnlyAction(llvmCtx), extra(extra) {}

protected:
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &ci,
                    llvm::StringRef file) override {
    std::unique_ptr<clang::ASTConsumer> codegen =
        EmitLLVMOnlyAction::CreateASTConsumer(ci, file);
    if (!extra || !codegen)
      return codegen;
    std::vector<std::unique_ptr<clang::ASTConsumer>> consumers;
    consumers.push_back(extra(ci));
    consumers.push_back(std::move(codegen));
    return std::make_unique<clang::MultiplexConsumer>(std::move(consumers));
  }

private:
  const compile_detail::ConsumerFactory &extra;
};

} // namespace

std::unique_ptr<llvm::Module> compile_detail::generateIR(
    llvm::StringRef path, llvm::StringRef triple, const CompileOptions &options,
    llvm::LLVMContext &llvmCtx, llvm::raw_ostream &diagOS,
    const ConsumerFactory &extraConsumer) {
  std::vector<std::string> args = {"-triple", triple.str(), "-x", "cl"};
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
  if (triple == kTriple)
    // Clang's NVPTX target declares none of the atomic orders and scopes
    // beyond relaxed/work-group, nor program-scope variables, even for
    // OpenCL C 2.0, where they are core: the xfence lowering gives them
    // (fence.sc / .acq_rel, .gpu and .sys scopes) and PTX has global
    // variables, so they are enabled.
    args.push_back("-cl-ext=+__opencl_c_atomic_order_acq_rel,"
                   "+__opencl_c_atomic_order_seq_cst,"
                   "+__opencl_c_atomic_scope_device,"
                   "+__opencl_c_atomic_scope_all_devices,"
                   "+__opencl_c_program_scope_global_variables");
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
  return runClang(argv, path, options.sourceText, llvmCtx, diagOS,
                  extraConsumer);
}

std::unique_ptr<llvm::Module>
compile_detail::runClang(llvm::ArrayRef<const char *> args,
                         llvm::StringRef path, llvm::StringRef text,
                         llvm::LLVMContext &llvmCtx, llvm::raw_ostream &diagOS,
                         const ConsumerFactory &extraConsumer) {
  clang::DiagnosticOptions diagOpts;
  diagOpts.ShowColors = false;
  clang::TextDiagnosticPrinter printer(diagOS, diagOpts);
  clang::DiagnosticsEngine diags(clang::DiagnosticIDs::create(), diagOpts,
                                 &printer, /*ShouldOwnClient=*/false);
  auto invocation = std::make_shared<clang::CompilerInvocation>();
  if (!clang::CompilerInvocation::CreateFromArgs(*invocation, args, diags) ||
      printer.getNumErrors())
    return nullptr;
  invocation->getDiagnosticOpts().ShowColors = false;
  if (!text.empty())
    invocation->getPreprocessorOpts().addRemappedFile(
        path, llvm::MemoryBuffer::getMemBufferCopy(text, path).release());
  clang::CompilerInstance ci(invocation);
  ci.createVirtualFileSystem();
  ci.createDiagnostics(&printer, /*ShouldOwnClient=*/false);
  EmitIRAction action(&llvmCtx, extraConsumer);
  if (!ci.ExecuteAction(action) || printer.getNumErrors())
    return nullptr;
  return action.takeModule();
}

std::unique_ptr<llvm::TargetMachine> compile_detail::createTargetMachine(
    llvm::StringRef triple, llvm::StringRef cpu,
    std::optional<llvm::Reloc::Model> relocation, llvm::CodeGenOptLevel level,
    llvm::StringRef targetName, llvm::raw_ostream &diagOS) {
  llvm::Triple targetTriple(triple);
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(targetTriple, error);
  if (!target) {
    diagOS << "error: no " << targetName << " target in this LLVM: " << error
           << "\n";
    return nullptr;
  }
  return std::unique_ptr<llvm::TargetMachine>(target->createTargetMachine(
      targetTriple, cpu, /*Features=*/"", llvm::TargetOptions(), relocation,
      /*CM=*/std::nullopt, level));
}

FailureOr<std::string>
compile_detail::emitObjectFile(llvm::TargetMachine &machine,
                               llvm::Module &module, llvm::StringRef targetName,
                               llvm::raw_ostream &diagOS) {
  llvm::SmallString<0> object;
  llvm::raw_svector_ostream os(object);
  llvm::legacy::PassManager passes;
  if (machine.addPassesToEmitFile(passes, os, /*DwoOut=*/nullptr,
                                  llvm::CodeGenFileType::ObjectFile)) {
    diagOS << "error: LLVM's " << targetName
           << " back end cannot write an object file\n";
    return failure();
  }
  passes.run(module);
  return std::string(object.str());
}

/// Adds what every route needs to `registry`: the xfence dialect, the LLVM
/// dialect with its import from and translation to LLVM IR, DLTI.
static DialectRegistry &withRouteDialects(DialectRegistry &registry) {
  registry.insert<XFenceDialect, LLVM::LLVMDialect, DLTIDialect>();
  registerLLVMDialectImport(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  return registry;
}

compile_detail::Session::Session(DialectRegistry &registry,
                                 llvm::raw_ostream &diagOS)
    : diagOS(diagOS),
      ctx(withRouteDialects(registry), MLIRContext::Threading::DISABLED),
      handler(&ctx, [this](Diagnostic &diag) {
        if (diag.getSeverity() == DiagnosticSeverity::Error)
          failedDiag = true;
        if (diag.getSeverity() == DiagnosticSeverity::Warning &&
            diag.str().find("unhandled data layout token") != std::string::npos)
          return success(); // The import's note on vector alignments.
        std::string line;
        llvm::raw_string_ostream os(line);
        os << sourceLocation(diag.getLocation()) << ": "
           << (diag.getSeverity() == DiagnosticSeverity::Error     ? "error"
               : diag.getSeverity() == DiagnosticSeverity::Warning ? "warning"
                                                                   : "remark")
           << ": " << diag.str() << "\n";
        // A kernel's body is also in Clang's __clang_ocl_kern_imp_ copy:
        // one message per place and text.
        if (printed.insert(line).second)
          this->diagOS << line;
        return success();
      }) {
  ctx.loadAllAvailableDialects();
}

OwningOpRef<ModuleOp>
compile_detail::Session::raise(std::unique_ptr<llvm::Module> ir,
                               const CompileOptions &options,
                               llvm::StringRef target) {
  OwningOpRef<ModuleOp> imported =
      translateLLVMIRToModule(std::move(ir), &ctx,
                              /*emitExpensiveWarnings=*/false);
  if (!imported)
    return nullptr;
  PassManager pm(&ctx);
  XFenceRaiseLLVMOptions raise;
  raise.globalFence =
      options.globalFence == GlobalFenceScope::device ? "device" : "spec";
  raise.openclStd =
      options.source.standard.empty() ? "CL1.2" : options.source.standard;
  pm.addPass(createXFenceRaiseLLVM(raise));
  if (options.coalesce)
    pm.addPass(createXFenceCoalesce());
  XFenceLegalizeOptions legalize;
  legalize.target = target.str();
  pm.addPass(createXFenceLegalize(legalize));
  if (failed(pm.run(*imported)) || failedDiag)
    return nullptr;
  return imported;
}

OwningOpRef<ModuleOp> compile_detail::Session::compile(
    llvm::StringRef path, llvm::StringRef triple, const CompileOptions &options,
    llvm::StringRef target, llvm::function_ref<void(PassManager &)> addLowering,
    const ConsumerFactory &extraConsumer) {
  llvm::LLVMContext llvmCtx;
  std::unique_ptr<llvm::Module> ir =
      generateIR(path, triple, options, llvmCtx, diagOS, extraConsumer);
  if (!ir)
    return nullptr;
  OwningOpRef<ModuleOp> module = raise(std::move(ir), options, target);
  if (!module || options.emitMLIR)
    return module;
  PassManager lowering(&ctx);
  addLowering(lowering);
  if (failed(lowering.run(*module)) || failedDiag)
    return nullptr;
  return module;
}

std::unique_ptr<llvm::Module>
compile_detail::Session::translate(ModuleOp module,
                                   llvm::LLVMContext &llvmCtx) {
  std::unique_ptr<llvm::Module> out = translateModuleToLLVMIR(module, llvmCtx);
  if (!out || failedDiag) {
    diagOS << "error: the module does not translate to LLVM IR\n";
    return nullptr;
  }
  return out;
}

std::string compile_detail::Session::print(ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module->print(os, OpPrintingFlags().enableDebugInfo().useLocalScope());
  return text;
}

std::string compile_detail::Session::sourceLocation(Location loc) {
  std::string text;
  loc->walk([&](Location inner) {
    if (auto file = dyn_cast<FileLineColLoc>(inner)) {
      text = (file.getFilename().getValue() + ":" +
              llvm::Twine(file.getLine()) + ":" + llvm::Twine(file.getColumn()))
                 .str();
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (text.empty()) {
    llvm::raw_string_ostream os(text);
    os << loc;
  }
  return text;
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
  DialectRegistry registry;
  registry.insert<NVVM::NVVMDialect, gpu::GPUDialect>();
  registerNVVMDialectImport(registry);
  registerGPUDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
  NVVM::registerNVVMTargetInterfaceExternalModels(registry);
  Session session(registry, diagOS);
  // Raise, coalesce, legalize for the GPU (--emit-mlir stops here), lower
  // to NVVM.
  OwningOpRef<ModuleOp> imported = session.compile(
      path, kTriple, options, options.sm >= 90 ? "ptx-sm90" : "ptx-sm70",
      [&](PassManager &lowering) {
        lowering.addPass(createXFenceNVPTXLocalArguments());
        ConvertXFenceToNVVMOptions lower;
        lower.sm = options.sm;
        lower.ptx = options.ptx;
        lowering.addPass(createConvertXFenceToNVVM(lower));
      });
  if (!imported)
    return failure();
  if (options.emitMLIR)
    return Session::print(*imported);

  // The module's functions in a gpu.module for NVPTX, linked with libclc
  // (only what the kernels need) and compiled to PTX by LLVM in process.
  MLIRContext &ctx = session.ctx;
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
  if (failed(binary.run(*container)) || session.failedDiag)
    return failure();
  std::string ptx;
  for (auto binaryOp : container->getOps<gpu::BinaryOp>())
    for (Attribute object : binaryOp.getObjects())
      ptx += cast<gpu::ObjectAttr>(object).getObject().getValue().str();
  return ptx;
}

/// LLVM's SPIR-V back end, in process: the SPIR-V binary of `module`, or
/// failure after an error on `diagOS`.
static FailureOr<std::string> emitSPIRV(llvm::Module &module,
                                        llvm::raw_ostream &diagOS) {
  // LLVM's back end aborts on OpAtomicFAddEXT unless the extension is
  // enabled (a process-wide option); refuse it here instead.
  for (llvm::Function &function : module)
    if (function.getName().contains("__spirv_AtomicFAddEXT")) {
      diagOS << "error: a floating-point atomic add needs the SPIR-V "
                "extension SPV_EXT_shader_atomic_float_add, which --to spirv "
                "does not enable\n";
      return failure();
    }
  LLVMInitializeSPIRVTargetInfo();
  LLVMInitializeSPIRVTarget();
  LLVMInitializeSPIRVTargetMC();
  LLVMInitializeSPIRVAsmPrinter();
  std::unique_ptr<llvm::TargetMachine> machine =
      compile_detail::createTargetMachine(
          kSPIRVTriple, /*cpu=*/"", /*relocation=*/std::nullopt,
          llvm::CodeGenOptLevel::Default, "SPIR-V", diagOS);
  if (!machine)
    return failure();
  module.setTargetTriple(llvm::Triple(kSPIRVTriple));
  module.setDataLayout(machine->createDataLayout());
  return compile_detail::emitObjectFile(*machine, module, "SPIR-V", diagOS);
}

FailureOr<std::string>
xfence::compileOpenCLToSPIRV(llvm::StringRef path,
                             const CompileOptions &options,
                             llvm::raw_ostream &diagOS) {
  DialectRegistry registry;
  Session session(registry, diagOS);
  // Raise, coalesce, legalize for SPIR-V in the OpenCL environment
  // (--emit-mlir stops here), lower to calls of the SPIR-V built-ins.
  OwningOpRef<ModuleOp> module = session.compile(
      path, kSPIRVTriple, options, "spirv-opencl", [](PassManager &lowering) {
        lowering.addPass(createConvertXFenceToLLVMSPIRV());
      });
  if (!module)
    return failure();
  if (options.emitMLIR)
    return Session::print(*module);

  llvm::LLVMContext outCtx;
  std::unique_ptr<llvm::Module> out = session.translate(*module, outCtx);
  if (!out)
    return failure();
  return emitSPIRV(*out, diagOS);
}
