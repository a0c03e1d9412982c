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
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/Module.h"

#include <functional>
#include <memory>
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

/// The part the routes share: the context with its dialects and the
/// diagnostic handler that writes the passes' errors as file:line:col.
struct Session {
  Session(mlir::DialectRegistry &registry, llvm::raw_ostream &diagOS);

  /// Imports `ir`, raises its synchronization, coalesces and legalizes for
  /// `target` (`--xfence-legalize=target=`); null after errors.
  mlir::OwningOpRef<mlir::ModuleOp> raise(std::unique_ptr<llvm::Module> ir,
                                          const CompileOptions &options,
                                          llvm::StringRef target);

  /// The module as --emit-mlir writes it: with its locations.
  static std::string print(mlir::ModuleOp module);

  /// `file:line:col` of the first file location in `loc` (the callee's
  /// line of an inlined call), or the location as MLIR prints it.
  static std::string sourceLocation(mlir::Location loc);

  mlir::MLIRContext ctx;
  bool failedDiag = false;
  llvm::StringSet<> printed;
  mlir::ScopedDiagnosticHandler handler;
};

} // namespace xfence::compile_detail

#endif // XFENCE_COMPILE_COMPILESUPPORT_H
