//===- CompileCPU.cpp - whole OpenCL C kernels to a host object -----------===//
//
// `xfence compile FILE.cl --to cpu` (docs/compile.md, "CPU"): Clang compiles
// the kernels for spir64 (explicit address spaces, which the raising reads);
// the IR goes through the dialect as for PTX and SPIR-V, and
// convert-xfence-to-cpu (barrier=runtime) lowers fences and atomics to LLVM
// and every work-group barrier to a call of the fiber runtime. The module is
// then made a host module: C calling convention, the x86-64 data layout
// (address spaces below 256 are all the one flat address space there), one
// block per work-group for the kernel-scope __local variables, an entry per
// kernel that takes its arguments from an array. It is linked with the
// launch runtime, the OpenCL C built-ins it calls and the launch functions
// (C, compiled here by Clang from the kernels' signatures), made internal
// except for the launch functions, optimized (-O3) and written as an object
// by LLVM's X86 back end.
//
//===----------------------------------------------------------------------===//

#include "compile/Compile.h"
#include "compile/CompileSupport.h"

#include "backends/cpu/Passes.h"
#include "backends/cpu/runtime/RuntimeData.h"
#include "dialect/XFenceDialect.h"

#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMIRToLLVMTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Type.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/SourceManager.h"
#include "clang/CodeGen/CodeGenAction.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ReplaceConstant.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Linker/Linker.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"

using namespace mlir;
using namespace xfence;
using compile_detail::Session;

/// The kernels are compiled for SPIR's address spaces (0 private, 1 global,
/// 2 constant, 3 local, 4 generic): xfence-raise-llvm reads the space of an
/// atomic's object from them.
static const char *const kKernelTriple = "spir64-unknown-unknown";
/// What the object is for.
static const char *const kHostTriple = "x86_64-unknown-linux-gnu";
static const char *const kHostCPU = "x86-64";

static constexpr unsigned kLocalAddressSpace = 3;

//===----------------------------------------------------------------------===//
// The kernels' signatures, from Clang's AST
//===----------------------------------------------------------------------===//

namespace {

struct KernelParam {
  /// The name in the header (the source's, renamed where it would clash).
  std::string name;
  /// The C type of the launch function's parameter.
  std::string hostType;
  /// A __local pointer: the launch function takes its size in bytes.
  bool local = false;
  /// A vector of more than 16 bytes or a struct: passed as a pointer to
  /// it.
  bool byPointer = false;
};

struct KernelSignature {
  std::string name;
  /// `__kernel void name(...)` as the source declares it (for the header).
  std::string declaration;
  /// `file:line` of the kernel.
  std::string where;
  std::vector<KernelParam> params;
};

} // namespace

/// The scalar types that a kernel may take or point to: the OpenCL C name,
/// the C type on x86-64 Linux (LP64: long is 64 bits), the size in bytes,
/// and Clang's kinds of the type.
struct ScalarType {
  const char *name;
  const char *hostType;
  unsigned bytes;
  clang::BuiltinType::Kind kind, otherKind;
};
static const ScalarType kScalarTypes[] = {
    {"char", "char", 1, clang::BuiltinType::Char_S, clang::BuiltinType::SChar},
    {"uchar", "unsigned char", 1, clang::BuiltinType::Char_U,
     clang::BuiltinType::UChar},
    {"short", "short", 2, clang::BuiltinType::Short, clang::BuiltinType::Short},
    {"ushort", "unsigned short", 2, clang::BuiltinType::UShort,
     clang::BuiltinType::UShort},
    {"int", "int", 4, clang::BuiltinType::Int, clang::BuiltinType::Int},
    {"uint", "unsigned int", 4, clang::BuiltinType::UInt,
     clang::BuiltinType::UInt},
    {"long", "long", 8, clang::BuiltinType::Long, clang::BuiltinType::Long},
    {"ulong", "unsigned long", 8, clang::BuiltinType::ULong,
     clang::BuiltinType::ULong},
    {"float", "float", 4, clang::BuiltinType::Float, clang::BuiltinType::Float},
    {"double", "double", 8, clang::BuiltinType::Double,
     clang::BuiltinType::Double},
};

/// The OpenCL C name of a scalar type that a kernel may take or point to,
/// and its C type on x86-64 Linux.
static std::optional<std::pair<std::string, std::string>>
scalarNames(clang::QualType type) {
  const auto *builtin = type->getAs<clang::BuiltinType>();
  if (!builtin)
    return std::nullopt;
  for (const ScalarType &scalar : kScalarTypes)
    if (builtin->getKind() == scalar.kind ||
        builtin->getKind() == scalar.otherKind)
      return std::make_pair(scalar.name, scalar.hostType);
  return std::nullopt;
}

/// The C type of a scalar or vector value (`xfence_float4` for float4), and
/// its size in bytes; nullopt for other types.
static std::optional<std::pair<std::string, uint64_t>>
valueType(clang::QualType type, clang::ASTContext &ast) {
  type = type.getCanonicalType().getUnqualifiedType();
  if (const auto *atomic = type->getAs<clang::AtomicType>())
    type = atomic->getValueType().getCanonicalType();
  if (const auto *vector = type->getAs<clang::ExtVectorType>()) {
    auto element = scalarNames(vector->getElementType());
    if (!element)
      return std::nullopt;
    return std::make_pair("xfence_" + element->first +
                              std::to_string(vector->getNumElements()),
                          ast.getTypeSizeInChars(type).getQuantity());
  }
  if (auto scalar = scalarNames(type))
    return std::make_pair(scalar->second,
                          ast.getTypeSizeInChars(type).getQuantity());
  return std::nullopt;
}

/// C++ keywords that are plain identifiers in OpenCL C, and the launch
/// function's own parameter names: a kernel parameter so named gets a `_`.
static bool clashes(llvm::StringRef name) {
  static const char *const kReserved[] = {
      "dims",      "offset",  "global",   "local",    "class",     "new",
      "delete",    "this",    "template", "typename", "public",    "private",
      "protected", "virtual", "friend",   "operator", "namespace", "using",
      "try",       "catch",   "throw",    "explicit", "mutable",   "bool",
      "true",      "false",   "export",   "nullptr",  "auto",      "register"};
  for (const char *reserved : kReserved)
    if (name == reserved)
      return true;
  return false;
}

namespace {

/// Reads every kernel's signature and maps its parameters to host C types;
/// reports the parameters the CPU route cannot pass as Clang errors.
class KernelSignatures : public clang::ASTConsumer {
public:
  KernelSignatures(clang::CompilerInstance &ci,
                   std::vector<KernelSignature> &kernels)
      : ci(ci), kernels(kernels) {}

  bool HandleTopLevelDecl(clang::DeclGroupRef group) override {
    for (clang::Decl *decl : group)
      if (auto *fn = llvm::dyn_cast<clang::FunctionDecl>(decl))
        if (fn->hasAttr<clang::DeviceKernelAttr>() &&
            fn->doesThisDeclarationHaveABody())
          addKernel(fn);
    return true;
  }

private:
  void error(clang::SourceLocation loc, llvm::StringRef message) {
    clang::DiagnosticsEngine &diags = ci.getDiagnostics();
    diags.Report(loc,
                 diags.getCustomDiagID(clang::DiagnosticsEngine::Error, "%0"))
        << message;
  }

  void addKernel(clang::FunctionDecl *fn) {
    clang::ASTContext &ast = fn->getASTContext();
    clang::SourceManager &sm = ast.getSourceManager();
    KernelSignature kernel;
    kernel.name = fn->getNameAsString();
    clang::PresumedLoc presumed = sm.getPresumedLoc(fn->getLocation());
    if (presumed.isValid())
      kernel.where = (llvm::Twine(presumed.getFilename()) + ":" +
                      llvm::Twine(presumed.getLine()))
                         .str();
    clang::PrintingPolicy policy(ast.getLangOpts());
    kernel.declaration = "__kernel void " + kernel.name + "(";
    for (unsigned i = 0; i < fn->getNumParams(); ++i) {
      if (i)
        kernel.declaration += ", ";
      // Without the implicit __private of the parameter itself.
      clang::QualType type = fn->getParamDecl(i)->getType();
      std::string text = ast.removeAddrSpaceQualType(type).getAsString(policy);
      if (!fn->getParamDecl(i)->getName().empty())
        text += (llvm::StringRef(text).ends_with("*") ? "" : " ") +
                fn->getParamDecl(i)->getNameAsString();
      kernel.declaration += text;
    }
    kernel.declaration += ")";

    llvm::StringSet<> names;
    bool ok = true;
    for (unsigned i = 0; i < fn->getNumParams(); ++i) {
      clang::ParmVarDecl *param = fn->getParamDecl(i);
      KernelParam p;
      p.name = param->getName().empty() ? "arg" + std::to_string(i)
                                        : param->getNameAsString();
      clang::QualType type = param->getType();
      if (const auto *pointer = type->getAs<clang::PointerType>()) {
        clang::QualType pointee = pointer->getPointeeType();
        clang::LangAS as = pointee.getAddressSpace();
        if (as == clang::LangAS::opencl_local) {
          p.local = true;
          p.name += "_bytes";
          p.hostType = "size_t";
        } else {
          auto value = valueType(pointee, ast);
          std::string qualifiers;
          if (pointee.isConstQualified() ||
              as == clang::LangAS::opencl_constant)
            qualifiers += "const ";
          if (pointee.isVolatileQualified())
            qualifiers += "volatile ";
          // A pointer to a struct, or to another pointer: an untyped
          // buffer.
          p.hostType = qualifiers + (value ? value->first : "void") + " *";
        }
      } else if (auto value = valueType(type, ast)) {
        if (type->isExtVectorType() && value->second > 16) {
          p.byPointer = true;
          p.hostType = "const " + value->first + " *";
        } else {
          p.hostType = value->first;
        }
      } else if (type->isStructureType() || type->isUnionType()) {
        // The struct's bytes, as OpenCL C lays it out; the kernel gets a
        // copy.
        p.byPointer = true;
        p.hostType = "const void *";
      } else {
        std::string what =
            ast.removeAddrSpaceQualType(type).getAsString(policy);
        error(param->getLocation(),
              "kernel parameter '" + param->getNameAsString() + "' of type '" +
                  what +
                  "' has no host form in --to cpu (it takes pointers to "
                  "__global, __constant and __local memory, structs, and "
                  "scalars and vectors of char, uchar, short, ushort, int, "
                  "uint, long, ulong, float and double)");
        ok = false;
        continue;
      }
      while (clashes(p.name) || names.contains(p.name))
        p.name += "_";
      names.insert(p.name);
      kernel.params.push_back(std::move(p));
    }
    if (!ok)
      return;
    for (const KernelSignature &other : kernels) {
      llvm::StringRef a(kernel.name), b(other.name);
      // xfence_launch_offset_<a> against xfence_launch_<b>, both ways.
      if (b == ("offset_" + a).str() || a == ("offset_" + b).str()) {
        error(fn->getLocation(),
              "the launch functions of kernels '" + other.name + "' and '" +
                  kernel.name + "' would share the name xfence_launch_offset_" +
                  (b.size() > a.size() ? kernel.name : other.name) +
                  "; rename one of the kernels");
        return;
      }
    }
    kernels.push_back(std::move(kernel));
  }

  clang::CompilerInstance &ci;
  std::vector<KernelSignature> &kernels;
};

} // namespace

//===----------------------------------------------------------------------===//
// The header and the launch functions
//===----------------------------------------------------------------------===//

/// The prototype of `xfence_launch_[offset_]<kernel>`, with the parameter
/// names of the header or, with `positional`, a0, a1, ...
static std::string launchPrototype(const KernelSignature &kernel,
                                   bool withOffset, bool positional) {
  std::string text = "int xfence_launch_" +
                     std::string(withOffset ? "offset_" : "") + kernel.name +
                     "(unsigned dims, ";
  if (withOffset)
    text += "const size_t offset[3], ";
  text += "const size_t global[3], const size_t local[3]";
  for (size_t i = 0; i < kernel.params.size(); ++i) {
    const KernelParam &p = kernel.params[i];
    std::string name = positional ? "a" + std::to_string(i) : p.name;
    text += ", " + p.hostType;
    if (!llvm::StringRef(p.hostType).ends_with("*"))
      text += " ";
    text += name;
  }
  return text + ")";
}

static std::string headerGuard(llvm::StringRef headerName) {
  std::string guard = "XFENCE_CPU_";
  for (char c : headerName)
    guard += llvm::isAlnum(c) ? llvm::toUpper(c) : '_';
  return guard;
}

/// The header: the return codes (copied from runtime/Launch.h), the vector
/// types, and the two launch functions of every kernel.
static std::string headerText(llvm::StringRef input, llvm::StringRef headerName,
                              llvm::ArrayRef<KernelSignature> kernels) {
  std::string guard = headerGuard(headerName);
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "/* " << headerName << ": launch functions for the kernels of "
     << llvm::sys::path::filename(input)
     << ",\n * written by `xfence compile --to cpu` (docs/compile.md, "
        "\"CPU\").\n"
     << " *\n"
     << " * xfence_launch_K(dims, global, local, args...) runs kernel K over "
        "the NDRange\n"
     << " * global[0..dims) in work-groups of local[0..dims) (local may be "
        "NULL) on the\n"
     << " * host's cores and returns when it is done: 0, or one of the "
        "XFENCE_CPU_*\n"
     << " * codes below. xfence_launch_offset_K also takes the global "
        "offset. Each\n"
     << " * __local pointer argument is given as its size in bytes. Link "
        "with the\n"
     << " * object and libomp, e.g. `cc main.c K.o -lomp -lm`.\n"
     << " */\n"
     << "#ifndef " << guard << "\n#define " << guard << "\n\n"
     << "#include <stddef.h>\n\n"
     << "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n"
     << "#ifndef XFENCE_CPU_COMMON_DECLARATIONS\n"
     << "#define XFENCE_CPU_COMMON_DECLARATIONS\n";
  llvm::SmallVector<llvm::StringRef> lines;
  cpuLaunchHeader().split(lines, '\n');
  for (llvm::StringRef line : lines)
    if (line.starts_with("#define XFENCE_CPU_"))
      os << line << "\n";
  os << "/* OpenCL C's vector types (a 3-component vector has the size of a "
        "4-component\n"
     << " * one). Vectors of up to 16 bytes are passed by value, larger ones "
        "by pointer. */\n";
  static const std::pair<unsigned, unsigned> kWidths[] = {
      {2, 2}, {3, 4}, {4, 4}, {8, 8}, {16, 16}};
  for (const ScalarType &scalar : kScalarTypes)
    for (auto [width, storage] : kWidths)
      os << "typedef " << scalar.hostType << " xfence_" << scalar.name << width
         << " __attribute__((vector_size(" << scalar.bytes * storage
         << ")));\n";
  os << "#endif /* XFENCE_CPU_COMMON_DECLARATIONS */\n";
  for (const KernelSignature &kernel : kernels) {
    os << "\n/* " << kernel.declaration;
    if (!kernel.where.empty())
      os << "\n   (" << kernel.where << ")";
    os << " */\n"
       << launchPrototype(kernel, /*withOffset=*/false, false) << ";\n"
       << launchPrototype(kernel, /*withOffset=*/true, false) << ";\n";
  }
  os << "\n#ifdef __cplusplus\n}\n#endif\n\n#endif /* " << guard << " */\n";
  return text;
}

namespace {

/// What the launch functions need to know of a kernel after the lowering.
struct KernelFacts {
  bool hasBarrier = false;
};

} // namespace

/// The C source of the launch functions: the runtime's descriptor
/// (Launch.h), the header (so that the definitions are checked against it),
/// and per kernel a descriptor and the two functions.
static std::string launchSource(llvm::StringRef header,
                                llvm::ArrayRef<KernelSignature> kernels,
                                llvm::ArrayRef<KernelFacts> facts,
                                uint64_t staticLocalSize,
                                uint64_t staticLocalAlign) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << cpuLaunchHeader() << "\n" << header << "\n";
  for (size_t k = 0; k < kernels.size(); ++k) {
    const KernelSignature &kernel = kernels[k];
    size_t n = kernel.params.size();
    os << "void __xfence_entry_" << kernel.name << "(void **args);\n"
       << "static const unsigned char xf_local_" << kernel.name << "["
       << std::max<size_t>(n, 1) << "] = {";
    for (size_t i = 0; i < n; ++i)
      os << (i ? ", " : "") << (kernel.params[i].local ? 1 : 0);
    if (n == 0)
      os << "0";
    os << "};\n"
       << "static const struct xfence_cpu_kernel xf_kernel_" << kernel.name
       << " = {\"" << kernel.name << "\", __xfence_entry_" << kernel.name
       << ", " << n << ", xf_local_" << kernel.name << ", " << staticLocalSize
       << "u, " << staticLocalAlign << "u, " << (facts[k].hasBarrier ? 1 : 0)
       << "};\n"
       << launchPrototype(kernel, /*withOffset=*/true, /*positional=*/true)
       << " {\n  void *args[" << std::max<size_t>(n, 1) << "] = {";
    for (size_t i = 0; i < n; ++i)
      os << (i ? ", " : "") << "(void *)"
         << (kernel.params[i].byPointer ? "" : "&") << "a" << i;
    if (n == 0)
      os << "0";
    os << "};\n  return __xfence_cpu_launch(&xf_kernel_" << kernel.name
       << ", dims, offset, global, local, args);\n}\n"
       << launchPrototype(kernel, /*withOffset=*/false, /*positional=*/true)
       << " {\n  return xfence_launch_offset_" << kernel.name
       << "(dims, (const size_t *)0, global, local";
    for (size_t i = 0; i < n; ++i)
      os << ", a" << i;
    os << ");\n}\n";
  }
  return text;
}

/// Clang compiles C `source` for the host; null after diagnostics.
static std::unique_ptr<llvm::Module> compileHostC(llvm::StringRef source,
                                                  llvm::LLVMContext &llvmCtx,
                                                  llvm::raw_ostream &diagOS) {
  static const char *const kName = "xfence-launch.c";
  std::string resource = XFENCE_CLANG_RESOURCE_DIR;
  std::string include = resource + "/include";
  std::vector<const char *> argv = {"-triple",
                                    kHostTriple,
                                    "-target-cpu",
                                    kHostCPU,
                                    "-x",
                                    "c",
                                    "-std=c11",
                                    "-O2",
                                    "-pic-level",
                                    "2",
                                    "-resource-dir",
                                    resource.c_str(),
                                    "-internal-isystem",
                                    include.c_str(),
                                    "-Werror",
                                    kName};
  return compile_detail::runClang(argv, kName, source, llvmCtx, diagOS);
}

//===----------------------------------------------------------------------===//
// The host module
//===----------------------------------------------------------------------===//

/// SPIR's calling conventions are the C one on the host.
static void useCCallingConvention(llvm::Module &module) {
  auto isSPIR = [](llvm::CallingConv::ID cc) {
    return cc == llvm::CallingConv::SPIR_FUNC ||
           cc == llvm::CallingConv::SPIR_KERNEL;
  };
  for (llvm::Function &fn : module) {
    if (isSPIR(fn.getCallingConv()))
      fn.setCallingConv(llvm::CallingConv::C);
    for (llvm::BasicBlock &block : fn)
      for (llvm::Instruction &inst : block)
        if (auto *call = llvm::dyn_cast<llvm::CallBase>(&inst))
          if (isSPIR(call->getCallingConv()))
            call->setCallingConv(llvm::CallingConv::C);
  }
}

/// Every kernel-scope __local variable (a global in address space 3)
/// becomes an offset into the work-group's block, which the runtime's
/// __xfence_cpu_static_local() returns. Returns the block's size and
/// alignment.
static std::pair<uint64_t, uint64_t> lowerStaticLocals(llvm::Module &module) {
  std::vector<llvm::GlobalVariable *> locals;
  for (llvm::GlobalVariable &global : module.globals())
    if (global.getAddressSpace() == kLocalAddressSpace)
      locals.push_back(&global);
  if (locals.empty())
    return {0, 1};
  const llvm::DataLayout &layout = module.getDataLayout();
  llvm::LLVMContext &ctx = module.getContext();
  uint64_t size = 0, align = 1;
  std::vector<uint64_t> offsets;
  for (llvm::GlobalVariable *global : locals) {
    uint64_t a =
        global->getAlign().value_or(layout.getPreferredAlign(global)).value();
    size = llvm::alignTo(size, a);
    offsets.push_back(size);
    size += layout.getTypeAllocSize(global->getValueType());
    align = std::max(align, a);
  }
  llvm::convertUsersOfConstantsToInstructions(
      llvm::SmallVector<llvm::Constant *>(locals.begin(), locals.end()));
  auto *ptr = llvm::PointerType::get(ctx, 0);
  llvm::FunctionCallee getter = module.getOrInsertFunction(
      "__xfence_cpu_static_local", llvm::FunctionType::get(ptr, false));
  llvm::DenseMap<llvm::Function *, llvm::Value *> bases;
  for (size_t i = 0; i < locals.size(); ++i) {
    llvm::GlobalVariable *global = locals[i];
    llvm::DenseMap<llvm::Function *, llvm::Value *> addresses;
    for (llvm::Use &use : llvm::make_early_inc_range(global->uses())) {
      auto *user = llvm::dyn_cast<llvm::Instruction>(use.getUser());
      if (!user)
        continue;
      llvm::Function *fn = user->getFunction();
      llvm::Value *&address = addresses[fn];
      if (!address) {
        llvm::BasicBlock &entry = fn->getEntryBlock();
        llvm::IRBuilder<> builder(&entry, entry.getFirstInsertionPt());
        // A call in a function with debug info needs a location.
        if (llvm::DISubprogram *sub = fn->getSubprogram())
          builder.SetCurrentDebugLocation(
              llvm::DILocation::get(ctx, sub->getLine(), 0, sub));
        llvm::Value *&base = bases[fn];
        if (!base)
          base = builder.CreateCall(getter, {}, "xfence.local");
        else
          builder.SetInsertPoint(
              llvm::cast<llvm::Instruction>(base)->getNextNode());
        llvm::Value *at = builder.CreateConstInBoundsGEP1_64(
            llvm::Type::getInt8Ty(ctx), base, offsets[i]);
        address = builder.CreateAddrSpaceCast(at, global->getType(),
                                              global->getName());
      }
      use.set(address);
    }
    global->replaceAllUsesWith(llvm::PoisonValue::get(global->getType()));
    global->eraseFromParent();
  }
  return {size, align};
}

/// `void __xfence_entry_<kernel>(void **args)`: loads argument i from the
/// memory args[i] points at and calls the kernel (a struct argument: copies
/// the struct args[i] points at).
static void createEntry(llvm::Module &module, llvm::Function *kernel) {
  llvm::LLVMContext &ctx = module.getContext();
  auto *ptr = llvm::PointerType::get(ctx, 0);
  auto *entry = llvm::Function::Create(
      llvm::FunctionType::get(llvm::Type::getVoidTy(ctx), {ptr}, false),
      llvm::GlobalValue::ExternalLinkage, "__xfence_entry_" + kernel->getName(),
      module);
  llvm::IRBuilder<> builder(llvm::BasicBlock::Create(ctx, "entry", entry));
  llvm::SmallVector<llvm::Value *> args;
  for (llvm::Argument &param : kernel->args()) {
    llvm::Value *slot = builder.CreateAlignedLoad(
        ptr,
        builder.CreateConstGEP1_64(ptr, entry->getArg(0), param.getArgNo()),
        llvm::Align(8));
    if (llvm::Type *byval = param.getParamByValType()) {
      // A struct: the launch function's pointer to it, copied to memory
      // of the alignment the kernel assumes.
      llvm::Align align = param.getParamAlign().valueOrOne();
      llvm::AllocaInst *copy = builder.CreateAlloca(byval);
      copy->setAlignment(align);
      builder.CreateMemCpy(
          copy, align, slot, llvm::Align(1),
          module.getDataLayout().getTypeAllocSize(byval).getFixedValue());
      args.push_back(copy);
      continue;
    }
    args.push_back(
        builder.CreateAlignedLoad(param.getType(), slot, llvm::Align(1)));
  }
  builder.CreateCall(kernel, args);
  builder.CreateRetVoid();
}

/// Drops what says that memory behind a `restrict` pointer is touched by
/// no one else while the function runs (noalias parameters, and the scoped
/// alias metadata of inlined ones): at a barrier the other work-items of the
/// group run in between, and write __local and __global memory the
/// work-item reads after it. Without this, a load before the barrier could
/// stand in for one after it.
static void forgetRestrict(llvm::Module &module) {
  for (llvm::Function &fn : module) {
    for (llvm::Argument &arg : fn.args())
      arg.removeAttr(llvm::Attribute::NoAlias);
    for (llvm::BasicBlock &block : fn)
      for (llvm::Instruction &inst : block) {
        inst.setMetadata(llvm::LLVMContext::MD_noalias, nullptr);
        inst.setMetadata(llvm::LLVMContext::MD_alias_scope, nullptr);
        if (auto *call = llvm::dyn_cast<llvm::CallBase>(&inst))
          for (unsigned i = 0; i < call->arg_size(); ++i)
            call->removeParamAttr(i, llvm::Attribute::NoAlias);
      }
  }
}

/// Whether `kernel` can reach a call of the runtime's barrier.
static bool reachesBarrier(llvm::Function *kernel) {
  llvm::SetVector<llvm::Function *> work;
  work.insert(kernel);
  for (size_t i = 0; i < work.size(); ++i)
    for (llvm::BasicBlock &block : *work[i])
      for (llvm::Instruction &inst : block) {
        auto *call = llvm::dyn_cast<llvm::CallBase>(&inst);
        if (!call)
          continue;
        llvm::Function *callee = call->getCalledFunction();
        if (!callee)
          return true; // OpenCL C has no function pointers; be safe.
        // wait_group_events is a barrier in the runtime's built-ins, which
        // are linked later.
        if (callee->getName() == "__xfence_cpu_barrier" ||
            callee->getName().starts_with("_Z17wait_group_events"))
          return true;
        if (!callee->isDeclaration())
          work.insert(callee);
      }
  return false;
}

namespace {

/// Writes LLVM's diagnostics (the linker's) to a stream.
struct LinkDiagnostics : llvm::DiagnosticHandler {
  explicit LinkDiagnostics(llvm::raw_ostream &os) : os(os) {}
  bool handleDiagnostics(const llvm::DiagnosticInfo &info) override {
    if (info.getSeverity() != llvm::DS_Error)
      return true;
    os << "error: ";
    llvm::DiagnosticPrinterRawOStream printer(os);
    info.print(printer);
    os << "\n";
    return true;
  }
  llvm::raw_ostream &os;
};

} // namespace

static std::unique_ptr<llvm::TargetMachine>
hostMachine(llvm::raw_ostream &diagOS) {
  LLVMInitializeX86TargetInfo();
  LLVMInitializeX86Target();
  LLVMInitializeX86TargetMC();
  LLVMInitializeX86AsmPrinter();
  LLVMInitializeX86AsmParser();
  return compile_detail::createTargetMachine(
      kHostTriple, kHostCPU, llvm::Reloc::PIC_,
      llvm::CodeGenOptLevel::Aggressive, "X86", diagOS);
}

/// Parses embedded bitcode into `ctx` (lazily: functions are read when the
/// linker needs them); null after an error.
static std::unique_ptr<llvm::Module> loadBitcode(llvm::StringRef bitcode,
                                                 llvm::StringRef name,
                                                 llvm::LLVMContext &ctx,
                                                 llvm::raw_ostream &diagOS) {
  llvm::Expected<std::unique_ptr<llvm::Module>> module =
      llvm::getOwningLazyBitcodeModule(
          llvm::MemoryBuffer::getMemBuffer(bitcode, name,
                                           /*RequiresNullTerminator=*/false),
          ctx);
  if (!module) {
    diagOS << "error: the embedded " << name
           << " does not load: " << llvm::toString(module.takeError()) << "\n";
    return nullptr;
  }
  return std::move(*module);
}

/// The functions of a module that it defines.
static llvm::StringSet<> definedFunctions(const llvm::Module &module) {
  llvm::StringSet<> names;
  for (const llvm::Function &fn : module)
    if (!fn.isDeclaration())
      names.insert(fn.getName());
  return names;
}

/// Reports, at the first call, every function the kernels call that
/// neither the module, the runtime nor the built-ins define (a built-in the
/// CPU runtime lacks, a function declared and never defined).
static bool checkCallees(ModuleOp module, const llvm::StringSet<> &available) {
  bool ok = true;
  for (auto fn : module.getOps<LLVM::LLVMFuncOp>()) {
    if (!fn.isExternal())
      continue;
    llvm::StringRef name = fn.getName();
    if (name.starts_with("llvm.") || available.contains(name) ||
        name == "printf")
      continue;
    Location loc = fn.getLoc();
    module.walk([&](LLVM::CallOp call) {
      if (call.getCallee() == name) {
        loc = call.getLoc();
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (name.starts_with("_Z"))
      emitError(loc) << "OpenCL built-in '" << llvm::demangle(name)
                     << "' has no CPU implementation in xfence's runtime "
                        "(docs/compile.md, \"CPU\", lists those it has)";
    else
      emitError(loc) << "'" << name
                     << "' is declared but not defined: --to cpu needs the "
                        "body of every function a kernel calls";
    ok = false;
  }
  return ok;
}

FailureOr<CPUCompileResult>
xfence::compileOpenCLToCPU(llvm::StringRef path, const CompileOptions &options,
                           llvm::raw_ostream &diagOS) {
  std::vector<KernelSignature> kernels;
  compile_detail::ConsumerFactory readSignatures =
      [&kernels](clang::CompilerInstance &ci) {
        return std::make_unique<KernelSignatures>(ci, kernels);
      };
  DialectRegistry registry;
  registry.insert<omp::OpenMPDialect>();
  Session session(registry, diagOS);
  // Raise, coalesce, legalize for the CPU (--emit-mlir stops here).
  OwningOpRef<ModuleOp> module = session.compile(
      path, kKernelTriple, options, "cpu",
      [](PassManager &lowering) {
        ConvertXFenceToCPUOptions lower;
        lower.barrier = "runtime";
        lowering.addPass(createConvertXFenceToCPU(lower));
      },
      readSignatures);
  if (!module)
    return failure();
  if (options.emitMLIR)
    return CPUCompileResult{Session::print(*module), ""};

  // What the kernels may call: the runtime's and the built-ins' functions.
  llvm::LLVMContext outCtx;
  outCtx.setDiagnosticHandler(std::make_unique<LinkDiagnostics>(diagOS));
  std::unique_ptr<llvm::Module> runtime =
      loadBitcode(cpuRuntimeBitcode(), "CPU runtime", outCtx, diagOS);
  std::unique_ptr<llvm::Module> builtins =
      loadBitcode(cpuBuiltinsBitcode(), "CPU built-ins", outCtx, diagOS);
  if (!runtime || !builtins)
    return failure();
  llvm::StringSet<> available = definedFunctions(*runtime);
  for (const auto &name : definedFunctions(*builtins))
    available.insert(name.getKey());
  if (!checkCallees(*module, available))
    return failure();

  std::unique_ptr<llvm::Module> host = session.translate(*module, outCtx);
  if (!host)
    return failure();
  std::unique_ptr<llvm::TargetMachine> machine = hostMachine(diagOS);
  if (!machine)
    return failure();
  llvm::DataLayout layout = machine->createDataLayout();
  for (llvm::Module *m : {host.get(), builtins.get()}) {
    m->setTargetTriple(llvm::Triple(kHostTriple));
    m->setDataLayout(layout);
  }
  forgetRestrict(*host);
  auto [staticSize, staticAlign] = lowerStaticLocals(*host);
  std::vector<KernelFacts> facts;
  for (const KernelSignature &kernel : kernels) {
    llvm::Function *fn = host->getFunction(kernel.name);
    if (!fn || fn->isDeclaration() || fn->arg_size() != kernel.params.size()) {
      diagOS << "error: kernel '" << kernel.name
             << "' is not in the compiled module as Clang declared it\n";
      return failure();
    }
    createEntry(*host, fn);
    facts.push_back({reachesBarrier(fn)});
  }

  std::string header = headerText(path, options.headerName, kernels);
  std::unique_ptr<llvm::Module> launch = compileHostC(
      launchSource(header, kernels, facts, staticSize, staticAlign), outCtx,
      diagOS);
  if (!launch) {
    diagOS << "error: the generated launch functions do not compile (a bug "
              "of xfence)\n";
    return failure();
  }
  launch->setDataLayout(layout);
  runtime->setDataLayout(layout);

  llvm::Linker linker(*host);
  if (linker.linkInModule(std::move(launch)) ||
      linker.linkInModule(std::move(runtime)) ||
      linker.linkInModule(std::move(builtins),
                          llvm::Linker::Flags::LinkOnlyNeeded))
    return failure();
  useCCallingConvention(*host);
  // Everything but the launch functions is private to the object.
  for (llvm::GlobalValue &value : host->global_values()) {
    if (value.isDeclaration() || value.getName().starts_with("llvm.") ||
        value.hasLocalLinkage())
      continue;
    if (isa<llvm::Function>(value) &&
        value.getName().starts_with("xfence_launch_"))
      continue;
    value.setLinkage(llvm::GlobalValue::InternalLinkage);
    if (auto *object = dyn_cast<llvm::GlobalObject>(&value))
      object->setComdat(nullptr);
  }
  for (llvm::Function &fn : *host)
    if (fn.isDeclaration() && fn.getName().starts_with("_Z")) {
      diagOS << "error: '" << llvm::demangle(fn.getName())
             << "' is left undefined after linking the CPU runtime\n";
      return failure();
    }
  std::string verifyErrors;
  llvm::raw_string_ostream verifyOS(verifyErrors);
  if (llvm::verifyModule(*host, &verifyOS)) {
    diagOS << "error: the host module is not valid LLVM IR (a bug of "
              "xfence):\n"
           << verifyErrors;
    return failure();
  }

  // -O3, then the X86 back end.
  {
    llvm::LoopAnalysisManager lam;
    llvm::FunctionAnalysisManager fam;
    llvm::CGSCCAnalysisManager cgam;
    llvm::ModuleAnalysisManager mam;
    llvm::PassBuilder builder(machine.get());
    builder.registerModuleAnalyses(mam);
    builder.registerCGSCCAnalyses(cgam);
    builder.registerFunctionAnalyses(fam);
    builder.registerLoopAnalyses(lam);
    builder.crossRegisterProxies(lam, fam, cgam, mam);
    llvm::ModulePassManager passes =
        builder.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O3);
    passes.run(*host, mam);
  }
  FailureOr<std::string> object =
      compile_detail::emitObjectFile(*machine, *host, "X86", diagOS);
  if (failed(object))
    return failure();
  return CPUCompileResult{std::move(*object), std::move(header)};
}
