//===- CompileSupport.h - what the compile routes share ---------*- C++ -*-===//
//
// Internal to compile/: Clang's LLVM IR for a .cl file, and the MLIR session
// (context, located diagnostics, raising, coalescing, legalization) that the
// PTX, SPIR-V and CPU routes run alike.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_COMPILE_COMPILESUPPORT_H
#define XFENCE_COMPILE_COMPILESUPPORT_H

#include "compile/Compile.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Target/TargetMachine.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTConsumer;
class CompilerInstance;
} // namespace clang

namespace xfence::compile_detail {

/// Makes an AST consumer that sees the translation unit next to code
/// generation (the CPU route reads the kernels' signatures with it).
using ConsumerFactory = std::function<std::unique_ptr<clang::ASTConsumer>(
    clang::CompilerInstance &)>;

/// Clang's LLVM IR for the kernels of `path` for `triple` (-O2, line
/// directives, the OpenCL options of `options`), or null after diagnostics
/// on `diagOS`. `extraConsumer`, if set, runs beside code generation; an
/// error it reports through Clang's diagnostics fails the compilation.
std::unique_ptr<llvm::Module>
generateIR(llvm::StringRef path, llvm::StringRef triple,
           const CompileOptions &options, llvm::LLVMContext &llvmCtx,
           llvm::raw_ostream &diagOS,
           const ConsumerFactory &extraConsumer = nullptr);

/// Clang's code generation for the `-cc1` arguments `args`, with `text` in
/// place of the file `path` where `text` is not empty, and `extraConsumer`
/// (if set) beside it; null after diagnostics on `diagOS`.
std::unique_ptr<llvm::Module>
runClang(llvm::ArrayRef<const char *> args, llvm::StringRef path,
         llvm::StringRef text, llvm::LLVMContext &llvmCtx,
         llvm::raw_ostream &diagOS,
         const ConsumerFactory &extraConsumer = nullptr);

/// LLVM's target machine for `triple` (its target initialized), or null
/// after an error on `diagOS` that names the target `targetName`.
std::unique_ptr<llvm::TargetMachine>
createTargetMachine(llvm::StringRef triple, llvm::StringRef cpu,
                    std::optional<llvm::Reloc::Model> relocation,
                    llvm::CodeGenOptLevel level, llvm::StringRef targetName,
                    llvm::raw_ostream &diagOS);

/// The object file that `machine` writes for `module`, or failure after an
/// error on `diagOS` that names the target `targetName`.
llvm::FailureOr<std::string> emitObjectFile(llvm::TargetMachine &machine,
                                            llvm::Module &module,
                                            llvm::StringRef targetName,
                                            llvm::raw_ostream &diagOS);

/// The part the routes share: the context with the dialects of `registry`
/// and those every route needs (xfence, LLVM with its import and export,
/// DLTI), and the diagnostic handler that writes the passes' errors as
/// file:line:col.
struct Session {
  Session(mlir::DialectRegistry &registry, llvm::raw_ostream &diagOS);

  /// Clang's IR for `path` (generateIR), imported, raised, coalesced and
  /// legalized for `target` (raise()) and, unless `options.emitMLIR` stops
  /// there, lowered by the passes that `addLowering` adds; null after
  /// errors.
  mlir::OwningOpRef<mlir::ModuleOp>
  compile(llvm::StringRef path, llvm::StringRef triple,
          const CompileOptions &options, llvm::StringRef target,
          llvm::function_ref<void(mlir::PassManager &)> addLowering,
          const ConsumerFactory &extraConsumer = nullptr);

  /// Imports `ir`, raises its synchronization, coalesces and legalizes for
  /// `target` (`--xfence-legalize=target=`); null after errors.
  mlir::OwningOpRef<mlir::ModuleOp> raise(std::unique_ptr<llvm::Module> ir,
                                          const CompileOptions &options,
                                          llvm::StringRef target);

  /// The lowered `module` as LLVM IR in `llvmCtx`; null after an error.
  std::unique_ptr<llvm::Module> translate(mlir::ModuleOp module,
                                          llvm::LLVMContext &llvmCtx);

  /// The module as --emit-mlir writes it: with its locations.
  static std::string print(mlir::ModuleOp module);

  /// `file:line:col` of the first file location in `loc` (the callee's
  /// line of an inlined call), or the location as MLIR prints it.
  static std::string sourceLocation(mlir::Location loc);

  llvm::raw_ostream &diagOS;
  mlir::MLIRContext ctx;
  bool failedDiag = false;
  llvm::StringSet<> printed;
  mlir::ScopedDiagnosticHandler handler;
};

} // namespace xfence::compile_detail

#endif // XFENCE_COMPILE_COMPILESUPPORT_H
