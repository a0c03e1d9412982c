//===- CubCollectives.cpp - CUB's block collectives in plain CUDA ---------===//
//
// What CUB promises for BlockReduce and BlockScan (its documentation of
// each member function), and how the plain CUDA keeps it:
// - The collective runs over the block, whose size is CUB's template's
//   BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z (n): the storage becomes a
//   __shared__ array of n items, thread i (x fastest, then y, then z, as
//   CUB ranks threads) writing item i; every thread of the block calls.
// - Sum and Reduce return the aggregate of the first `valid` threads
//   (all n without a count) in thread 0; the function returns it to every
//   thread. The order in which items combine is CUB's to choose (a tree
//   here).
// - ExclusiveSum's thread i gets in[0] + ... + in[i-1] (0 in thread 0),
//   InclusiveSum's in[0] + ... + in[i]; the aggregate, where asked, the sum
//   of all n.
// - The storage may be reused after a __syncthreads(), which CUB's
//   documentation asks the caller for; the function ends with one, so that
//   its next use may write the array at once.
// The functions' barriers are __syncthreads(): the translation takes them
// through the dialect, as it does the user's.
//
//===----------------------------------------------------------------------===//

#include "rewriters/sources/cuda/CubCollectives.h"
#include "frontends/common/SourceRanges.h"
#include "rewriters/common/SourceEdits.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSwitch.h"

#include <map>
#include <set>

using namespace xfence;
using namespace mlir;
using clang::DiagnosticsEngine;

namespace {

/// Whether `d` is declared in CUB's namespace (inline namespaces between).
bool inCub(const clang::Decl *d) {
  for (const clang::DeclContext *dc = d->getDeclContext(); dc;
       dc = dc->getParent())
    if (const auto *ns = llvm::dyn_cast<clang::NamespaceDecl>(dc))
      if (ns->getName() == "cub")
        return true;
  return false;
}

/// The specialization of one of CUB's block collectives that `record` is.
const clang::ClassTemplateSpecializationDecl *
collectiveOf(const clang::CXXRecordDecl *record) {
  const auto *spec =
      llvm::dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(record);
  if (!spec || !spec->getIdentifier() || !inCub(spec) ||
      !spec->getName().starts_with("Block"))
    return nullptr;
  return spec;
}

/// The collective whose temporary storage `type` is, if it is one.
const clang::ClassTemplateSpecializationDecl *storageOf(clang::QualType type) {
  const clang::CXXRecordDecl *record = type->getAsCXXRecordDecl();
  if (!record || !record->getIdentifier() || record->getName() != "TempStorage")
    return nullptr;
  return collectiveOf(
      llvm::dyn_cast<clang::CXXRecordDecl>(record->getDeclContext()));
}

/// Whether `type` holds CUB's temporary storage (an array or a union of
/// it), which this lowering does not write.
bool holdsStorage(clang::QualType type) {
  while (const clang::ArrayType *array = type->getAsArrayTypeUnsafe())
    type = array->getElementType();
  if (storageOf(type))
    return true;
  const clang::CXXRecordDecl *record = type->getAsCXXRecordDecl();
  if (!record || inCub(record) || !record->getDefinition())
    return false;
  for (const clang::FieldDecl *field : record->getDefinition()->fields())
    if (holdsStorage(field->getType()))
      return true;
  return false;
}

/// CUB's operator `op` (an argument of Reduce): Sum, Max, Min or libcu++'s
/// plus, maximum, minimum (or the standard library's, Thrust's), made in
/// the call: "add", "max", "min".
std::optional<llvm::StringRef> operatorOf(const clang::Expr *op) {
  const clang::CXXRecordDecl *record =
      op->getType().getNonReferenceType()->getAsCXXRecordDecl();
  if (!record || !record->getIdentifier())
    return std::nullopt;
  bool library = inLibraryNamespace(record);
  const clang::Expr *made = op->IgnoreImplicit()->IgnoreParens();
  if (!library ||
      !llvm::isa<clang::CXXConstructExpr, clang::InitListExpr,
                 clang::CXXFunctionalCastExpr, clang::CXXScalarValueInitExpr>(
          made))
    return std::nullopt; // a variable: a functor the caller may have set up
  return llvm::StringSwitch<std::optional<llvm::StringRef>>(record->getName())
      .Cases({"Sum", "plus"}, llvm::StringRef("add"))
      .Cases({"Max", "maximum"}, llvm::StringRef("max"))
      .Cases({"Min", "minimum"}, llvm::StringRef("min"))
      .Default(std::nullopt);
}

/// One device function of the lowering: a reduction or scan of one type.
struct Helper {
  /// "reduce_add", "reduce_max", "reduce_min", "scan_add" or
  /// "scan_add_total" (with the aggregate).
  std::string kind;
  std::string type; // the item type as CUDA writes it
  std::string name() const {
    std::string suffix = type;
    for (char &c : suffix)
      if (c == ' ')
        c = '_';
    return "xfence_block_" + kind + "_" + suffix;
  }
  bool operator<(const Helper &o) const {
    return std::tie(kind, type) < std::tie(o.kind, o.type);
  }
};

std::string definition(const Helper &h) {
  const std::string &t = h.type;
  std::string linear = "  unsigned i = threadIdx.x + blockDim.x * "
                       "(threadIdx.y + blockDim.y * threadIdx.z);\n";
  // (Two functions rather than a null `all`: PoCL 3.1's compiler crashes
  // on a kernel that passes this function a null and a variable's
  // address.)
  bool total = h.kind == "scan_add_total";
  if (llvm::StringRef(h.kind).starts_with("scan_add"))
    return "static __device__ void " + h.name() + "(" + t +
           " *s, unsigned n, int exclusive, " + t + " x, " + t + " *out" +
           (total ? ", " + t + " *all" : "") + ") {\n" + linear +
           "  if (i < n)\n"
           "    s[i] = x;\n"
           "  __syncthreads();\n"
           "  for (unsigned w = 1; w < n; w *= 2) {\n"
           "    " +
           t + " v = i < n && i >= w ? s[i - w] : (" + t +
           ")0;\n"
           "    __syncthreads();\n"
           "    if (i < n)\n"
           "      s[i] = s[i] + v;\n"
           "    __syncthreads();\n"
           "  }\n"
           "  " +
           t + " inclusive = i < n ? s[i] : (" + t +
           ")0;\n"
           "  " +
           t + " exclusive_ = i < n && i > 0 ? s[i - 1] : (" + t + ")0;\n" +
           (total ? "  " + t + " total = s[n - 1];\n" : "") +
           "  __syncthreads();\n"
           "  *out = exclusive ? exclusive_ : inclusive;\n" +
           (total ? "  *all = total;\n" : "") + "}\n";
  std::string combine = h.kind == "reduce_add" ? "s[i] + s[i + w]"
                        : h.kind == "reduce_max"
                            ? "s[i] < s[i + w] ? s[i + w] : s[i]"
                            : "s[i + w] < s[i] ? s[i + w] : s[i]";
  return "static __device__ " + t + " " + h.name() + "(" + t +
         " *s, unsigned n, " + t + " x, unsigned valid) {\n" + linear +
         "  unsigned m = valid < n ? valid : n;\n"
         "  if (i < m)\n"
         "    s[i] = x;\n"
         "  __syncthreads();\n"
         "  for (unsigned w = 1; w < m; w *= 2) {\n"
         "    if (i % (2 * w) == 0 && i + w < m)\n"
         "      s[i] = " +
         combine +
         ";\n"
         "    __syncthreads();\n"
         "  }\n"
         "  " +
         t +
         " r = s[0];\n"
         "  __syncthreads();\n"
         "  return r;\n"
         "}\n";
}

class CubLowering : public clang::DynamicRecursiveASTVisitor {
public:
  explicit CubLowering(ParsedSource &src)
      : src(src), sm(src.getSourceManager()), lo(src.getLangOpts()),
        edits(src, copyPolicy()) {}

  FailureOr<ExpandedFiles> run();

  bool TraverseDecl(clang::Decl *d) override {
    if (d && !llvm::isa<clang::TranslationUnitDecl>(d) &&
        !src.isUserLocation(d->getLocation()))
      return true;
    return clang::DynamicRecursiveASTVisitor::TraverseDecl(d);
  }
  bool VisitVarDecl(clang::VarDecl *var) override;
  bool VisitFieldDecl(clang::FieldDecl *field) override {
    if (holdsStorage(field->getType()))
      error(field->getLocation(),
            "a struct or union of CUB's temporary storage has no OpenCL C "
            "form that xfence writes; declare one __shared__ storage per "
            "collective");
    return true;
  }
  bool VisitTypedefNameDecl(clang::TypedefNameDecl *td) override;
  bool VisitCXXMemberCallExpr(clang::CXXMemberCallExpr *call) override;

private:
  void error(clang::SourceLocation loc, const llvm::Twine &message) {
    src.report(loc, DiagnosticsEngine::Error, message.str());
    hadError = true;
  }
  /// The file offsets of `loc`, which must be in a file (not a macro).
  std::optional<std::pair<clang::FileID, unsigned>>
  fileOffset(clang::SourceLocation loc) {
    if (loc.isInvalid() || loc.isMacroID())
      return std::nullopt;
    return sm.getDecomposedLoc(loc);
  }
  clang::SourceLocation endOf(clang::SourceLocation last) {
    return clang::Lexer::getLocForEndOfToken(last, 0, sm, lo);
  }
  /// The item type and block size of `spec`, or nothing (reported).
  bool shape(const clang::ClassTemplateSpecializationDecl *spec,
             clang::SourceLocation at, std::string &type, uint64_t &n);

  ParsedSource &src;
  clang::SourceManager &sm;
  const clang::LangOptions &lo;
  SourceEdits edits;
  bool hadError = false;
  bool any = false;
  std::set<Helper> helpers;
  /// The first call, in the translation unit's order.
  clang::SourceLocation first;
  std::set<std::pair<unsigned, unsigned>> typesWritten;
};

bool CubLowering::shape(const clang::ClassTemplateSpecializationDecl *spec,
                        clang::SourceLocation at, std::string &type,
                        uint64_t &n) {
  llvm::StringRef name = spec->getName();
  if (name != "BlockReduce" && name != "BlockScan") {
    error(at, "CUB's " + name +
                  " has no OpenCL C form that xfence writes (CUB's "
                  "BlockReduce and BlockScan have)");
    return false;
  }
  const clang::TemplateArgumentList &args = spec->getTemplateArgs();
  clang::QualType item;
  if (args.size() >= 2 && args[0].getKind() == clang::TemplateArgument::Type)
    item = args[0].getAsType().getCanonicalType();
  if (item.isNull() || item.hasQualifiers() ||
      !(item->isIntegerType() || item->isRealFloatingType()) ||
      item->isBooleanType() || item->isEnumeralType() ||
      args[1].getKind() != clang::TemplateArgument::Integral) {
    error(at, "CUB's " + name +
                  " over a type other than an integer or floating-point "
                  "one has no OpenCL C form that xfence writes");
    return false;
  }
  n = args[1].getAsIntegral().getZExtValue();
  // BLOCK_DIM_Y and BLOCK_DIM_Z (after the algorithm), 1 by default.
  for (unsigned i = 3; i < args.size() && i < 5; ++i)
    if (args[i].getKind() == clang::TemplateArgument::Integral)
      n *= args[i].getAsIntegral().getZExtValue();
  clang::PrintingPolicy printing(lo);
  type = item.getAsString(printing);
  return true;
}

bool CubLowering::VisitVarDecl(clang::VarDecl *var) {
  const clang::ClassTemplateSpecializationDecl *spec =
      storageOf(var->getType());
  if (!spec) {
    if (holdsStorage(var->getType()))
      error(var->getLocation(),
            "an array, struct or union of CUB's temporary storage has no "
            "OpenCL C form that xfence writes; declare one __shared__ "
            "storage per collective");
    else if (collectiveOf(var->getType()->getAsCXXRecordDecl()) &&
             !llvm::isa<clang::ParmVarDecl>(var))
      error(var->getLocation(),
            "a variable of CUB's collective has no OpenCL C form that xfence "
            "writes; call it on a temporary (`BlockReduce(storage).Sum(x)`)");
    return true;
  }
  any = true;
  std::string type;
  uint64_t n = 0;
  if (!shape(spec, var->getLocation(), type, n))
    return true;
  if (!var->hasAttr<clang::CUDASharedAttr>()) {
    error(var->getLocation(),
          "CUB's temporary storage outside __shared__ memory has no OpenCL C "
          "form that xfence writes");
    return true;
  }
  // `__shared__ typename BlockReduce::TempStorage s;` ->
  // `__shared__ float s[256];`
  clang::TypeLoc tl = var->getTypeSourceInfo()->getTypeLoc();
  auto typeBegin = fileOffset(tl.getBeginLoc());
  auto typeLast = fileOffset(tl.getEndLoc());
  auto name = fileOffset(var->getLocation());
  if (!typeBegin || !typeLast || !name) {
    error(var->getLocation(), "cannot rewrite CUB's temporary storage here "
                              "(written in a macro)");
    return true;
  }
  if (typesWritten.insert({typeBegin->first.getHashValue(), typeBegin->second})
          .second)
    edits.replace({typeBegin->first, typeBegin->second,
                   sm.getFileOffset(endOf(tl.getEndLoc()))},
                  type);
  unsigned nameEnd = sm.getFileOffset(endOf(var->getLocation()));
  edits.replace({name->first, nameEnd, nameEnd}, "[" + std::to_string(n) + "]");
  return true;
}

bool CubLowering::VisitTypedefNameDecl(clang::TypedefNameDecl *td) {
  clang::QualType type = td->getUnderlyingType();
  if (!collectiveOf(type->getAsCXXRecordDecl()) && !storageOf(type))
    return true;
  any = true;
  auto begin = fileOffset(td->getBeginLoc());
  clang::SourceLocation semi = clang::Lexer::findLocationAfterToken(
      td->getEndLoc(), clang::tok::semi, sm, lo, false);
  if (!begin || semi.isInvalid() || semi.isMacroID()) {
    error(td->getLocation(), "cannot remove this typedef of CUB's collective "
                             "(written in a macro)");
    return true;
  }
  edits.replace({begin->first, begin->second, sm.getFileOffset(semi)}, "");
  return true;
}

bool CubLowering::VisitCXXMemberCallExpr(clang::CXXMemberCallExpr *call) {
  const clang::CXXMethodDecl *method = call->getMethodDecl();
  const clang::ClassTemplateSpecializationDecl *spec =
      method ? collectiveOf(method->getParent()) : nullptr;
  if (!spec || !src.isUserLocation(sm.getExpansionLoc(call->getBeginLoc())))
    return true;
  any = true;
  std::string type;
  uint64_t n = 0;
  if (!shape(spec, call->getBeginLoc(), type, n))
    return true;
  llvm::StringRef what = method->getName();
  std::string named =
      "'cub::" + spec->getName().str() + "::" + what.str() + "'";
  // The object: `BlockReduce(storage)`, made in the call.
  const clang::Expr *object =
      call->getImplicitObjectArgument()->IgnoreImplicit();
  if (const auto *cast = llvm::dyn_cast<clang::CXXFunctionalCastExpr>(object))
    object = cast->getSubExpr()->IgnoreImplicit();
  const auto *construct = llvm::dyn_cast<clang::CXXConstructExpr>(object);
  const clang::DeclRefExpr *storage =
      construct && construct->getNumArgs() == 1
          ? llvm::dyn_cast<clang::DeclRefExpr>(
                construct->getArg(0)->IgnoreImplicit())
          : nullptr;
  if (!storage || !storageOf(storage->getType()) ||
      storageOf(storage->getType())->getCanonicalDecl() !=
          spec->getCanonicalDecl()) {
    error(call->getBeginLoc(),
          named + " on an object other than one made in the call from its "
                  "__shared__ storage (`BlockReduce(storage).Sum(x)`) has no "
                  "OpenCL C form that xfence writes");
    return true;
  }
  unsigned args = call->getNumArgs();
  for (unsigned i = 0; i < args; ++i)
    if (call->getArg(i)->getType()->isArrayType()) {
      error(call->getArg(i)->getBeginLoc(),
            named + " over several items per thread has no OpenCL C form "
                    "that xfence writes");
      return true;
    }
  Helper helper{"", type};
  // The texts: before the storage, between it and the first argument, and
  // before the closing parenthesis; the operator argument (Reduce) goes.
  std::string between = ", " + std::to_string(n) + "u, ";
  std::string tail;
  int dropped = -1;
  std::vector<unsigned> addressOf;
  if (spec->getName() == "BlockReduce") {
    if (what == "Sum" && (args == 1 || args == 2)) {
      helper.kind = "reduce_add";
      if (args == 1)
        tail = ", " + std::to_string(n) + "u";
    } else if (what == "Reduce" && (args == 2 || args == 3)) {
      std::optional<llvm::StringRef> op = operatorOf(call->getArg(1));
      if (!op) {
        error(call->getArg(1)->getBeginLoc(),
              named + " with an operator other than CUB's Sum, Max and Min "
                      "(or libcu++'s plus, maximum, minimum) has no OpenCL C "
                      "form that xfence writes");
        return true;
      }
      helper.kind = ("reduce_" + *op).str();
      dropped = 1;
      if (args == 2)
        tail = ", " + std::to_string(n) + "u";
    }
  } else if ((what == "ExclusiveSum" || what == "InclusiveSum") &&
             (args == 2 || args == 3)) {
    helper.kind = args == 3 ? "scan_add_total" : "scan_add";
    between += what == "ExclusiveSum" ? "1, " : "0, ";
    addressOf = {1};
    if (args == 3)
      addressOf.push_back(2);
  }
  if (helper.kind.empty()) {
    error(call->getBeginLoc(),
          named + " in this form has no OpenCL C form that xfence writes "
                  "(BlockReduce's Sum and Reduce with Sum, Max or Min, and "
                  "BlockScan's ExclusiveSum and InclusiveSum have)");
    return true;
  }
  auto callBegin = fileOffset(call->getBeginLoc());
  auto storageBegin = fileOffset(storage->getBeginLoc());
  auto firstArg = fileOffset(call->getArg(0)->getBeginLoc());
  auto rparen = fileOffset(call->getRParenLoc());
  bool inFile = callBegin && storageBegin && firstArg && rparen &&
                fileOffset(storage->getEndLoc());
  for (unsigned i = 0; i < args && inFile; ++i)
    inFile = fileOffset(call->getArg(i)->getBeginLoc()) &&
             fileOffset(call->getArg(i)->getEndLoc());
  if (!inFile) {
    error(call->getBeginLoc(),
          "cannot rewrite this call of CUB's collective (written in a "
          "macro)");
    return true;
  }
  clang::FileID file = callBegin->first;
  edits.replace({file, callBegin->second, storageBegin->second},
                helper.name() + "(");
  edits.replace(
      {file, sm.getFileOffset(endOf(storage->getEndLoc())), firstArg->second},
      between);
  for (unsigned i : addressOf) {
    unsigned b = sm.getFileOffset(call->getArg(i)->getBeginLoc());
    unsigned e = sm.getFileOffset(endOf(call->getArg(i)->getEndLoc()));
    edits.replace({file, b, b}, "&(");
    edits.replace({file, e, e}, ")");
  }
  if (dropped > 0) {
    unsigned from =
        sm.getFileOffset(endOf(call->getArg(dropped - 1)->getEndLoc()));
    unsigned to = sm.getFileOffset(endOf(call->getArg(dropped)->getEndLoc()));
    edits.replace({file, from, to}, "");
  }
  if (!tail.empty())
    edits.replace({file, rparen->second, rparen->second}, tail);
  helpers.insert(helper);
  if (first.isInvalid() ||
      sm.isBeforeInTranslationUnit(call->getBeginLoc(), first))
    first = call->getBeginLoc();
  return true;
}

FailureOr<ExpandedFiles> CubLowering::run() {
  TraverseDecl(src.getContext().getTranslationUnitDecl());
  if (hadError)
    return failure();
  if (!any)
    return ExpandedFiles();
  if (!helpers.empty()) {
    // The functions at the top of the file of the first call (they need
    // only CUDA's built-in variables and __syncthreads), guarded against a
    // second inclusion of that file; then the file's own lines again.
    clang::FileID file = sm.getFileID(first);
    std::string text = "#ifndef XFENCE_CUB_BLOCK_FUNCTIONS\n"
                       "#define XFENCE_CUB_BLOCK_FUNCTIONS\n"
                       "// xfence: CUB's block collectives (BlockReduce, "
                       "BlockScan) over their __shared__ storage.\n";
    for (const Helper &helper : helpers)
      text += definition(helper);
    text += "#endif\n" + copyLineDirective(sm, sm.getLocForStartOfFile(file));
    edits.replace({file, 0, 0}, text);
  }
  FailureOr<std::vector<std::pair<clang::FileID, std::string>>> texts =
      edits.applyToFiles();
  if (failed(texts))
    return failure();
  return expandedFiles(sm, std::move(*texts));
}

} // namespace

FailureOr<ExpandedFiles> xfence::lowerCubCollectives(ParsedSource &src) {
  return CubLowering(src).run();
}
