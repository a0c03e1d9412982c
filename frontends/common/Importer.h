//===- Importer.h - what every Clang importer shares ------------*- C++ -*-===//
//
// The part of the importers (OpenCL C, CUDA, alpaka) that does not depend on
// the language: the names of the attributes they put on the module and its
// ops, the module they build into, and the base of each importer
// (ImporterBase, over StatementWalker): the parse it reads, locations,
// errors, the placeholder values of the entry block, and one function per
// body.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_FRONTENDS_COMMON_IMPORTER_H
#define XFENCE_FRONTENDS_COMMON_IMPORTER_H

#include "frontends/common/ClangSession.h"
#include "frontends/common/SourceRanges.h"
#include "frontends/common/StatementWalker.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "clang/AST/ASTContext.h"
#include "llvm/ADT/StringMap.h"

#include <functional>
#include <string>

namespace xfence {

/// Names of the discardable attributes the importers put on the module and
/// on ops; the emitters and the site rewriters read them.
namespace srcattr {
/// On the module: {file, language, defines, includes, and per language std
/// or cuda_path and gpu_arch}, what is needed to parse the source again.
constexpr llvm::StringLiteral source = "xfence.source";
/// On a func.func: the function is a kernel.
constexpr llvm::StringLiteral kernel = "xfence.kernel";
/// On an atomic (and a CUDA barrier with an operand): for each value
/// operand (address, then values, in operand order), the index of the
/// source operand that spells it, or -1 if the construct implies it (then
/// it is an llvm.mlir.constant).
constexpr llvm::StringLiteral args = "xfence.args";
/// On an atomic: the C type of the atomic object ("unsigned int", "long").
constexpr llvm::StringLiteral ctype = "xfence.ctype";
/// On an atomic: the source form. OpenCL C: "legacy" (1.x: returns the old
/// value), "c11" (2.0: expected by pointer, returns whether it stored) or
/// "flag" (atomic_flag: returns a bool). CUDA: "cuda" (an atomic* function,
/// returns the old value), "member" (a cuda::atomic_ref / cuda::atomic
/// member function: compare_exchange takes the expected value by reference
/// and returns whether it stored) or "c11" (HIP's and GNU's builtins).
constexpr llvm::StringLiteral form = "xfence.form";
/// On a CUDA atomic: where the object lives, a CudaMemory bit set.
constexpr llvm::StringLiteral memory = "xfence.memory";
} // namespace srcattr

/// An empty module located at the first line of `src`'s main file, with the
/// dialects an importer builds loaded.
mlir::OwningOpRef<mlir::ModuleOp> createImportModule(ParsedSource &src,
                                                     mlir::MLIRContext *ctx);

/// Records on `module` (srcattr::source) what is needed to parse its source
/// again: the file (the module's location), `language`, the -D and -I of
/// `options`, and `extra` (string-valued: the standard, the CUDA toolkit).
void setSourceAttr(
    mlir::ModuleOp module, llvm::StringRef language,
    const SourceOptions &options,
    llvm::ArrayRef<std::pair<llvm::StringRef, llvm::StringRef>> extra);

/// `module` if the import succeeded (`imported`: the importer ran, and no
/// error was reported on the parse) and the module verifies; null otherwise.
mlir::OwningOpRef<mlir::ModuleOp>
verifiedImport(mlir::OwningOpRef<mlir::ModuleOp> module, bool imported);

/// Parses the text `contents` of the file `path` and imports it; null after
/// an error (reported clang-style).
using SourceImport = std::function<mlir::OwningOpRef<mlir::ModuleOp>(
    llvm::StringRef path, llvm::StringRef contents, mlir::MLIRContext *ctx)>;

/// Registers the xfence-translate flag `--<name>`: `import` of the main
/// input, into the dialects an importer builds.
void registerSourceImport(llvm::StringRef name, llvm::StringRef description,
                          SourceImport import);

/// The base of a language's importer (CRTP, as StatementWalker, whose
/// `locOf` it supplies): the members every importer has.
template <typename Derived>
class ImporterBase : public StatementWalker<Derived> {
public:
  ImporterBase(ParsedSource &src, mlir::MLIRContext *ctx)
      : StatementWalker<Derived>(ctx), src(src), ctx(ctx),
        sm(src.getSourceManager()), lo(src.getLangOpts()),
        astCtx(src.getContext()) {}

  mlir::Location locOf(clang::SourceRange range) {
    return toLocation(ctx, sm, lo, range, perUseMacroLocations);
  }
  mlir::Location locOf(const clang::Stmt *s) {
    return locOf(s->getSourceRange());
  }

protected:
  /// Whether a construct that is the whole expansion of a macro has the
  /// location of each invocation (toLocation's `perUse`): the importer's
  /// site finder must say the same.
  bool perUseMacroLocations = false;

  /// Reports an error at `loc`; the import fails.
  void errorAt(clang::SourceLocation loc, const llvm::Twine &message) {
    src.report(loc, clang::DiagnosticsEngine::Error, message.str());
    failed = true;
  }
  /// An error at the operator or callee of `e`.
  void error(const clang::Expr *e, const llvm::Twine &message) {
    errorAt(e->getExprLoc(), message);
  }

  /// The value of the constant `arg`; nothing, with a warning that the
  /// strongest meaning is assumed, if it is not a constant (`what` names its
  /// role: "memory order").
  std::optional<int64_t> constantOrStrongest(const clang::Expr *arg,
                                             llvm::StringRef what) {
    clang::Expr::EvalResult result;
    if (arg->isValueDependent() || !arg->EvaluateAsInt(result, astCtx)) {
      src.report(arg->getExprLoc(), clang::DiagnosticsEngine::Warning,
                 ("the " + what +
                  " argument is not a constant; assuming the strongest")
                     .str());
      return std::nullopt;
    }
    return result.Val.getInt().getExtValue();
  }

  /// A placeholder value of `type` (an operand that stands for source text)
  /// at the start of the function's entry block.
  mlir::Value poison(mlir::Type type) {
    mlir::OpBuilder::InsertionGuard guard(this->builder);
    this->builder.setInsertionPointToStart(entry);
    return mlir::LLVM::PoisonOp::create(this->builder,
                                        this->builder.getUnknownLoc(), type);
  }
  /// The constant `value` of `type`, at the start of the entry block.
  mlir::Value constant(mlir::Type type, int64_t value) {
    mlir::OpBuilder::InsertionGuard guard(this->builder);
    this->builder.setInsertionPointToStart(entry);
    return mlir::LLVM::ConstantOp::create(
        this->builder, this->builder.getUnknownLoc(), type,
        this->builder.getIntegerAttr(type, value));
  }

  /// `name`, or `name.N` for its N-th use: overloads (C++) share a name,
  /// the symbols of the module may not.
  std::string uniqueName(std::string name) {
    if (unsigned n = symbolCount[name]++)
      name += "." + std::to_string(n + 1);
    return name;
  }

  /// Imports the body of `fn` as the function `name` at the end of
  /// `module`: a kernel (srcattr::kernel) or private, its statements, and a
  /// return at `returnLoc`.
  void importFunction(mlir::ModuleOp module, const clang::FunctionDecl *fn,
                      llvm::StringRef name, bool kernel,
                      mlir::Location returnLoc) {
    mlir::OpBuilder &b = this->builder;
    b.setInsertionPointToEnd(module.getBody());
    auto func = mlir::func::FuncOp::create(b, locOf(fn->getSourceRange()), name,
                                           b.getFunctionType({}, {}));
    if (kernel)
      func->setAttr(srcattr::kernel, b.getUnitAttr());
    else
      func.setPrivate();
    entry = func.addEntryBlock();
    b.setInsertionPointToEnd(entry);
    this->visitStmt(fn->getBody());
    b.setInsertionPointToEnd(entry);
    mlir::func::ReturnOp::create(b, returnLoc);
  }

  ParsedSource &src;
  mlir::MLIRContext *ctx;
  clang::SourceManager &sm;
  const clang::LangOptions &lo;
  clang::ASTContext &astCtx;
  /// The entry block of the function being imported.
  mlir::Block *entry = nullptr;
  bool failed = false;

private:
  llvm::StringMap<unsigned> symbolCount;
};

} // namespace xfence

#endif // XFENCE_FRONTENDS_COMMON_IMPORTER_H
