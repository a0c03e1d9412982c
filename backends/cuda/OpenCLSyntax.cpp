//===- OpenCLSyntax.cpp - OpenCL C syntax that CUDA spells differently ----===//
//
// The part of OpenCL-to-CUDA translation that is not synchronization, as far
// as the translated test kernels need it; driven by the Clang AST so that
// the full-kernel translation can grow from here:
//  * __kernel / kernel -> __global__; every other function with a body in
//    user code gets __device__;
//  * address-space qualifiers: a function-scope __local variable becomes
//    __shared__, a program-scope __constant variable __constant__, a
//    program-scope __global variable __device__; on pointers and parameters
//    the qualifier is dropped (CUDA pointers are generic);
//  * get_local_id(d), get_group_id, get_local_size, get_num_groups,
//    get_global_id, get_global_size with a constant d -> threadIdx.x, ...;
//    with a non-constant d -> helper functions of the prelude.
// __local kernel parameters are not yet turned into dynamic shared memory.
//
//===----------------------------------------------------------------------===//

#include "backends/cuda/OpenCLToCuda.h"

#include "frontends/opencl/OpenCLBuiltins.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSwitch.h"

using namespace xfence;
using namespace mlir;

namespace {

class SyntaxVisitor : public clang::RecursiveASTVisitor<SyntaxVisitor> {
public:
  SyntaxVisitor(SourceEdits &edits)
      : edits(edits), src(edits.getSource()), sm(src.getSourceManager()),
        lo(src.getLangOpts()) {}

  bool shouldVisitImplicitCode() const { return false; }

  bool VisitFunctionDecl(clang::FunctionDecl *fn) {
    if (!src.isUserLocation(fn->getLocation()))
      return true;
    if (auto *kernel = fn->getAttr<clang::DeviceKernelAttr>()) {
      if (auto range = findRewriteRange(sm, lo, kernel->getRange()))
        edits.replace(*range, "__global__");
    } else if (auto range = findRewriteRange(
                   sm, lo, clang::SourceRange(fn->getBeginLoc()))) {
      edits.replace({range->file, range->begin, range->begin}, "__device__ ");
    }
    qualifiers(fn->getBeginLoc(), fn->getLocation(), Placement::Drop);
    return true;
  }

  bool VisitVarDecl(clang::VarDecl *var) {
    if (!src.isUserLocation(var->getLocation()))
      return true;
    Placement placement = Placement::Drop;
    if (!llvm::isa<clang::ParmVarDecl>(var)) {
      clang::LangAS as = var->getType().getAddressSpace();
      if (as == clang::LangAS::opencl_local)
        placement = Placement::Shared;
      else if (var->hasGlobalStorage() && as == clang::LangAS::opencl_constant)
        placement = Placement::Constant;
      else if (var->hasGlobalStorage() && as == clang::LangAS::opencl_global)
        placement = Placement::Device;
    }
    clang::SourceLocation end = var->getLocation();
    if (!var->getIdentifier())
      end = var->getEndLoc();
    qualifiers(var->getBeginLoc(), end, placement);
    return true;
  }

  bool VisitFieldDecl(clang::FieldDecl *field) {
    if (src.isUserLocation(field->getLocation()))
      qualifiers(field->getBeginLoc(), field->getLocation(), Placement::Drop);
    return true;
  }

  bool VisitTypedefNameDecl(clang::TypedefNameDecl *decl) {
    if (src.isUserLocation(decl->getLocation()))
      qualifiers(decl->getBeginLoc(), decl->getLocation(), Placement::Drop);
    return true;
  }

  bool VisitCStyleCastExpr(clang::CStyleCastExpr *cast) {
    if (src.isUserLocation(cast->getBeginLoc()))
      qualifiers(cast->getLParenLoc(), cast->getRParenLoc(), Placement::Drop);
    return true;
  }

  bool VisitCallExpr(clang::CallExpr *call) {
    const clang::FunctionDecl *callee = call->getDirectCallee();
    if (!callee || !callee->getIdentifier() || !isOpenCLBuiltin(callee, sm) ||
        call->getNumArgs() != 1 || !src.isUserLocation(call->getBeginLoc()))
      return true;
    llvm::StringRef name = callee->getName();
    std::optional<std::string> (*text)(char) =
        llvm::StringSwitch<std::optional<std::string> (*)(char)>(name)
            .Case("get_local_id",
                  [](char d) -> std::optional<std::string> {
                    return std::string("threadIdx.") + d;
                  })
            .Case("get_group_id",
                  [](char d) -> std::optional<std::string> {
                    return std::string("blockIdx.") + d;
                  })
            .Case("get_local_size",
                  [](char d) -> std::optional<std::string> {
                    return std::string("blockDim.") + d;
                  })
            .Case("get_num_groups",
                  [](char d) -> std::optional<std::string> {
                    return std::string("gridDim.") + d;
                  })
            .Case("get_global_id",
                  [](char d) -> std::optional<std::string> {
                    return std::string("(blockIdx.") + d + " * blockDim." + d +
                           " + threadIdx." + d + ")";
                  })
            .Case("get_global_size",
                  [](char d) -> std::optional<std::string> {
                    return std::string("(gridDim.") + d + " * blockDim." + d +
                           ")";
                  })
            .Default(nullptr);
    if (!text)
      return true;
    clang::Expr::EvalResult result;
    const clang::Expr *arg = call->getArg(0);
    if (!arg->isValueDependent() &&
        arg->EvaluateAsInt(result, src.getContext())) {
      int64_t d = result.Val.getInt().getExtValue();
      if (auto range = findRewriteRange(sm, lo, call->getSourceRange())) {
        // OpenCL returns 0 (1 for sizes) past the last dimension.
        bool size = name.ends_with("size") || name == "get_num_groups";
        edits.replace(*range, d >= 0 && d <= 2 ? *text("xyz"[d])
                              : size           ? std::string("1")
                                               : std::string("0"));
      }
      return true;
    }
    const clang::Expr *fn = call->getCallee()->IgnoreParenImpCasts();
    if (auto range = findRewriteRange(sm, lo, fn->getSourceRange())) {
      edits.replace(*range, "xfence_" + name.str());
      workItemHelpers = true;
    }
    return true;
  }

  bool workItemHelpers = false;

private:
  enum class Placement { Drop, Shared, Constant, Device };

  /// Rewrites the address-space qualifiers among the tokens from `begin` to
  /// `end`, when both are in one user file.
  void qualifiers(clang::SourceLocation begin, clang::SourceLocation end,
                  Placement placement) {
    if (begin.isInvalid() || end.isInvalid() || begin.isMacroID() ||
        end.isMacroID() || !src.isUserLocation(begin))
      return;
    auto [file, from] = sm.getDecomposedLoc(begin);
    auto [endFile, to] = sm.getDecomposedLoc(end);
    if (file != endFile || to < from)
      return;
    llvm::StringRef buffer = sm.getBufferData(file);
    clang::Lexer lexer(sm.getLocForStartOfFile(file), lo, buffer.begin(),
                       buffer.begin() + from, buffer.end());
    clang::Token token;
    while (!lexer.LexFromRawLexer(token)) {
      unsigned offset = sm.getFileOffset(token.getLocation());
      if (offset > to)
        break;
      if (token.is(clang::tok::raw_identifier))
        rewriteQualifier(file, offset, token.getRawIdentifier(), buffer,
                         placement);
    }
  }

  void rewriteQualifier(clang::FileID file, unsigned offset,
                        llvm::StringRef word, llvm::StringRef buffer,
                        Placement placement) {
    llvm::StringRef base = word;
    base.consume_front("__");
    if (base != "global" && base != "local" && base != "constant" &&
        base != "private" && base != "generic")
      return;
    std::string text;
    if (placement == Placement::Shared && base == "local")
      text = "__shared__";
    else if (placement == Placement::Constant && base == "constant")
      text = "__constant__";
    else if (placement == Placement::Device && base == "global")
      text = "__device__";
    unsigned end = offset + word.size();
    if (text.empty())
      while (end < buffer.size() && (buffer[end] == ' ' || buffer[end] == '\t'))
        ++end;
    edits.replace({file, offset, end}, text);
  }

  SourceEdits &edits;
  ParsedSource &src;
  clang::SourceManager &sm;
  const clang::LangOptions &lo;
};

} // namespace

LogicalResult xfence::addOpenCLSyntaxEdits(SourceEdits &edits,
                                           bool &workItemHelpers) {
  SyntaxVisitor visitor(edits);
  visitor.TraverseAST(edits.getSource().getContext());
  workItemHelpers = visitor.workItemHelpers;
  return success();
}
