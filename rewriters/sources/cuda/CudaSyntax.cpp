//===- CudaSyntax.cpp - the CUDA C++ that is not synchronization ----------===//
//
// The rewrite, construct by construct (docs/cuda-to-opencl.md):
//  * __global__ -> __kernel; __device__, __host__, __launch_bounds__(...)
//    dropped; __forceinline__ -> inline.
//  * pointer parameters of kernels -> __global; pointer parameters and
//    variables elsewhere get the address space the analysis found
//    (frontends/cuda/CudaAddressSpaces) in OpenCL C 1.2, or stay generic in
//    2.0/3.0 (__constant memory is not part of the generic space, so it
//    keeps __constant).
//  * threadIdx/blockIdx/blockDim/gridDim.{x,y,z} -> (uint)get_local_id(d),
//    get_group_id, get_local_size, get_num_groups (CUDA's are unsigned int).
//  * __shared__ in a kernel -> __local; extern __shared__ (dynamic) -> an
//    extra `__local T *name` argument appended to each kernel that uses it,
//    in declaration order (the launch ABI: the host sets it with
//    clSetKernelArg(kernel, index, bytes, NULL)).
//  * __constant__ with an initializer -> __constant.
//  * make_<type>N(...) -> (<type>N)(...); math built-ins -> OpenCL C's.
//  * cuda::atomic<T, S> in a declaration -> T (its operations become
//    OpenCL atomics); a cuda::atomic_ref<T, S> r(x) variable -> a pointer
//    `T *r = &(x)` (with its address space).
//  * host code (functions neither __global__ nor __device__, classes of
//    host member functions, variables device code does not use) left out
//    with a comment; its kernel launches listed in the header.
//  * __device__ variables: program-scope __global variables (2.0/3.0) or
//    __global pointer arguments added to the kernels and __device__
//    functions that use them; __constant__ without initializer: __constant
//    pointer arguments (the launch ABI of docs/cuda-to-opencl.md).
//  * __shared__ in inner blocks or at file scope: declared at the kernel's
//    outermost scope (a file-scope one that __device__ functions use: also
//    a __local pointer parameter of those functions); extern "C" removed.
//  * templates, classes with member functions, references, lambdas, new,
//    C++ casts, other toolkit functions: an error at the construct.
//
//===----------------------------------------------------------------------===//

#include "rewriters/sources/cuda/CudaSyntax.h"

#include "rewriters/common/Identifiers.h"
#include "rewriters/sources/cuda/HalfPrecision.h"
#include "rewriters/sources/cuda/MemberFunctions.h"
#include "rewriters/sources/cuda/ParseMacros.h"
#include "rewriters/sources/cuda/SimdIntrinsics.h"
#include "rewriters/sources/cuda/Textures.h"
#include "rewriters/sources/cuda/VectorOperators.h"
#include "rewriters/sources/cuda/WarpFunctions.h"

#include "frontends/cuda/CudaImporter.h"
#include "frontends/names/OpenCLSyncNames.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclFriend.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cctype>
#include <functional>
#include <map>
#include <set>
#include <tuple>

using namespace xfence;
using namespace mlir;
using clang::DiagnosticsEngine;

std::string xfence::qualifierFor(unsigned memory, bool cl2, bool kernelParam,
                                 std::string &error) {
  if (kernelParam) {
    // The host passes a device buffer: global memory, also where the kernel
    // writes through it. Only a pointer the kernel also points at
    // __constant__ memory could need another space, and none fits both.
    if (memory & kConstantMemory && memory != kConstantMemory &&
        memory != kAnyMemory) {
      error = "this kernel parameter points into global memory and into "
              "__constant__ memory; OpenCL C has no address space for both";
      return "";
    }
    return memory == kConstantMemory ? "__constant " : "__global ";
  }
  if (memory == kConstantMemory)
    return "__constant ";
  if (memory == kAnyMemory && cl2)
    // Nothing flows into it (a parameter of a function that this program
    // never calls, a pointer made from an integer): a generic pointer.
    return "";
  if (memory & kConstantMemory && memory != kAnyMemory) {
    error = "this pointer may point into __constant__ memory and elsewhere; "
            "OpenCL C has no address space for both";
    return "";
  }
  switch (memory) {
  case kNoMemory:
  case kPrivateMemory:
    return "";
  case kGlobalMemory:
    return "__global ";
  case kSharedMemory:
    return "__local ";
  default:
    // OpenCL C 2.0 (and 3.0 with __opencl_c_generic_address_space): a
    // generic pointer. A pointer with one known address space keeps it
    // there too, so that 3.0 without generic pointers (PoCL) accepts it.
    if (cl2)
      return "";
    error = memory == kAnyMemory
                ? "cannot tell which memory this pointer points into; "
                  "OpenCL C 1.2 needs its address space (translate with "
                  "-cl-std=CL3.0 for generic pointers)"
                : "this pointer may point into more than one of global, "
                  "shared and private memory; OpenCL C 1.2 has no generic "
                  "address space (translate with -cl-std=CL3.0)";
    return "";
  }
}

namespace {

bool isOpenCLKeyword(llvm::StringRef name);
bool isOpenCLAtomicTypeName(llvm::StringRef name);
bool isOpenCLVectorTypeName(llvm::StringRef name);

/// An initializer the user wrote (not the implicit default construction of
/// a struct such as float4).
bool hasWrittenInit(const clang::VarDecl *var) {
  const clang::Expr *init = var->getInit();
  if (!init)
    return false;
  if (auto *construct =
          llvm::dyn_cast<clang::CXXConstructExpr>(init->IgnoreImplicit()))
    return construct->getNumArgs() != 0 || !construct->getConstructor() ||
           !construct->getConstructor()->isTrivial();
  return true;
}

static const char *stdintOpenCLName(llvm::StringRef name);
static bool isOpenCLTypedefName(llvm::StringRef name);

/// Whether `type` is cooperative groups' thread_block (or a reference to
/// one).
static bool isThreadBlock(clang::QualType type);

class SyntaxRewriter : public clang::DynamicRecursiveASTVisitor {
public:
  SyntaxRewriter(SourceEdits &edits, const CudaAddressSpaces &spaces,
                 const CudaSyntaxOptions &options,
                 const llvm::DenseSet<const clang::Stmt *> &sites)
      : edits(edits), src(edits.getSource()), sm(src.getSourceManager()),
        lo(src.getLangOpts()), spaces(spaces), cl2(options.cl2),
        hoistDevice(options.hoistDeviceVariables),
        kernelText(options.kernelAttribute.empty()
                       ? std::string("__kernel")
                       : "__kernel " + options.kernelAttribute),
        warpIsSubgroup(options.warpIsSubgroup),
        warpFunctionRefusal(options.warpFunctionRefusal), sites(sites) {}

  /// Finds what device code uses: program-scope variables and functions,
  /// and which variables become kernel arguments (before the traversal).
  void collectDeviceUses();
  /// Finds the texture objects that device code reads (before the
  /// traversal): the cudaTextureObject_t parameters that tex1D, tex2D,
  /// tex3D or tex1Dfetch read, or that are passed to a parameter that is
  /// read, and how each is read. Reports a texture object read other than
  /// through a parameter, and one read in two ways.
  void collectTextureParams();
  /// The header comment: host code left out, launches, added arguments.
  std::string notes() const;
  void noteHostHeader(llvm::StringRef name, unsigned line) {
    hostNotes.push_back("header '" + name.str() + "' (#include at line " +
                        std::to_string(line) +
                        "): device code uses nothing of it");
  }
  /// Finds the user headers of host code only (before the traversal).
  void findHostHeaders();
  /// The user headers left out, each with the line of its #include.
  llvm::DenseSet<clang::FileID> leftOutHeaders;
  /// Declarations that device code refers to, directly or through others
  /// (types, typedefs, variables, functions); set by findHostHeaders.
  llvm::DenseSet<const clang::Decl *> deviceDecls;
  bool deviceDeclsKnown = false;
  bool inLeftOutHeader(clang::SourceLocation loc) const {
    clang::FileID file = sm.getFileID(sm.getExpansionLoc(loc));
    while (file.isValid()) {
      if (leftOutHeaders.count(file))
        return true;
      clang::SourceLocation from = sm.getIncludeLoc(file);
      if (from.isInvalid())
        return false;
      file = sm.getFileID(sm.getExpansionLoc(from));
    }
    return false;
  }

  bool TraverseDecl(clang::Decl *d) override {
    if (!d)
      return true;
    if (!llvm::isa<clang::TranslationUnitDecl>(d) &&
        !src.isUserLocation(d->getLocation()))
      return true;
    if (!llvm::isa<clang::TranslationUnitDecl>(d) &&
        inLeftOutHeader(d->getLocation()))
      return true;
    if (auto *record = llvm::dyn_cast<clang::CXXRecordDecl>(d))
      if (deviceDeclsKnown && record->isEmbeddedInDeclarator() &&
          record->isThisDeclarationADefinition() && !record->isLambda() &&
          !deviceDecls.count(record))
        // Defined in a typedef or a variable's declaration that device code
        // does not use: its text goes with that declaration.
        return true;
    if (isHostCode(d)) {
      leaveOutHostCode(d);
      return true;
    }
    // A host member function or friend of a data class: its text goes
    // with the class's rewriting (VisitCXXRecordDecl), unread.
    if (auto *record = llvm::dyn_cast_or_null<clang::CXXRecordDecl>(
            d->getLexicalDeclContext()))
      if ((llvm::isa<clang::CXXMethodDecl>(d) ||
           llvm::isa<clang::FriendDecl>(d)) &&
          isDataClass(record))
        return true;
    return clang::DynamicRecursiveASTVisitor::TraverseDecl(d);
  }
  bool TraverseLinkageSpecDecl(clang::LinkageSpecDecl *linkage) override;
  bool dataTraverseStmtPre(clang::Stmt *s) override {
    // Inside a synchronization construct only its operands are rewritten
    // (threadIdx.x in an index), not the construct's own parts.
    if (s && sites.count(s)) {
      for (const clang::Expr *operand : siteOperands(s))
        if (operand)
          TraverseStmt(const_cast<clang::Expr *>(operand));
      return false;
    }
    return true;
  }
  bool TraversePseudoObjectExpr(clang::PseudoObjectExpr *pseudo) override {
    // threadIdx.x: rewritten as a whole, its parts are not user code.
    if (llvm::isa<clang::MSPropertyRefExpr>(
            pseudo->getSyntacticForm()->IgnoreParens()))
      return VisitPseudoObjectExpr(pseudo);
    return clang::DynamicRecursiveASTVisitor::TraversePseudoObjectExpr(pseudo);
  }

  bool VisitFunctionDecl(clang::FunctionDecl *fn) override;
  bool VisitVarDecl(clang::VarDecl *var) override;
  bool VisitDeclStmt(clang::DeclStmt *stmt) override;
  /// The pointer variables of `stmt` that get an address space here.
  llvm::SmallVector<clang::VarDecl *> pointersOf(clang::DeclStmt *stmt);
  /// `AS T *p, v;` as one declaration per declarator.
  bool splitPointerDeclaration(clang::DeclStmt *stmt,
                               const std::string &qualifier);
  bool VisitPseudoObjectExpr(clang::PseudoObjectExpr *e) override;
  bool VisitCallExpr(clang::CallExpr *call) override;
  bool TraverseCallExpr(clang::CallExpr *call) override {
    // std::numeric_limits<float>::max() and the like: OpenCL C's macros
    // (OpenCL C 3.0, 6.15.3), the call's text replaced whole.
    if (std::optional<std::string> value = numericLimit(call)) {
      replaceRange(call->getSourceRange(), *value);
      return true;
    }
    return clang::DynamicRecursiveASTVisitor::TraverseCallExpr(call);
  }
  /// The OpenCL C constant of a call of std::numeric_limits<T>'s max(),
  /// min(), lowest(), epsilon(), infinity() or quiet_NaN() for an integer
  /// or floating-point T, if it is one.
  static std::optional<std::string> numericLimit(const clang::CallExpr *call);
  /// A call of cooperative_groups (this_thread_block() and the members of
  /// a thread_block): true if it is one (rewritten or reported).
  bool rewriteThreadBlockCall(const clang::CallExpr *call,
                              const clang::FunctionDecl *callee);
  /// `cg::thread_block b = cg::this_thread_block();`: the declaration goes
  /// (every use of b is rewritten). True if `var` is a thread_block.
  bool removeThreadBlockVar(clang::VarDecl *var);
  /// A thread_block parameter of a __device__ function goes (false where
  /// it cannot: a kernel's, or text in a macro).
  bool removeThreadBlockParam(const clang::ParmVarDecl *param);
  std::set<std::pair<unsigned, unsigned>> removedThreadBlockParams;
  llvm::DenseSet<const clang::VarDecl *> reportedGroups;
  bool VisitDeclRefExpr(clang::DeclRefExpr *ref) override;
  /// C++11's `alignas(N)` (`alignas(T)`) -> `__attribute__((aligned(N)))`
  /// (`aligned(__alignof__(T))`): C's _Alignas does not go on a struct.
  void rewriteAlignas(const clang::Decl *d) {
    for (const auto *attr : d->specific_attrs<clang::AlignedAttr>()) {
      if (!attr->isAlignas() || attr->isImplicit() || attr->isInherited())
        continue;
      clang::SourceRange range = attr->getRange();
      if (!src.isUserLocation(sm.getExpansionLoc(range.getBegin())))
        continue;
      if (range.getBegin().isMacroID() || range.getEnd().isMacroID()) {
        error(range.getBegin(), "an alignas written in a macro has no OpenCL "
                                "C form that xfence can write; write "
                                "__attribute__((aligned(N)))");
        continue;
      }
      if (!alignasWritten.insert(range.getBegin()).second)
        continue;
      // The attribute's range is its keyword: its parenthesis closes
      // where the tokens after it balance.
      clang::SourceLocation close;
      int depth = 0;
      for (std::optional<clang::Token> tok =
               clang::Lexer::findNextToken(range.getBegin(), sm, lo);
           tok && !tok->is(clang::tok::eof);
           tok = clang::Lexer::findNextToken(tok->getLocation(), sm, lo)) {
        if (tok->is(clang::tok::l_paren))
          ++depth;
        else if (tok->is(clang::tok::r_paren) && --depth == 0) {
          close = tok->getLocation();
          break;
        }
        if (depth == 0)
          break; // no parenthesis after the keyword
      }
      if (close.isInvalid()) {
        error(range.getBegin(), "cannot rewrite this alignas");
        continue;
      }
      replaceToken(range.getBegin(),
                   attr->isAlignmentExpr()
                       ? "__attribute__((aligned"
                       : "__attribute__((aligned(__alignof__");
      replaceToken(close, attr->isAlignmentExpr() ? ")))" : "))))");
    }
  }
  llvm::DenseSet<clang::SourceLocation> alignasWritten;
  bool VisitCXXRecordDecl(clang::CXXRecordDecl *record) override {
    rewriteAlignas(record);
    if (record->getIdentifier() && isOpenCLVectorTypeName(record->getName()) &&
        record->getLocation().isValid())
      renameIfKeyword(record, record->getLocation());
    if (!record->isThisDeclarationADefinition()) {
      // A forward declaration that device code needs: C has no `class`.
      if (record->isClass() && !record->isEmbeddedInDeclarator() &&
          !record->getBeginLoc().isMacroID() &&
          src.isUserLocation(record->getLocation()))
        replaceToken(record->getBeginLoc(), "struct");
      return true;
    }
    if (isDataClass(record)) {
      // Device code uses its data; its member functions are host code
      // (left out as such): a plain struct.
      if (record->isClass())
        replaceToken(record->getBeginLoc(), "struct");
      for (clang::Decl *member : record->decls()) {
        if (auto *access = llvm::dyn_cast<clang::AccessSpecDecl>(member))
          replaceRange(access->getSourceRange(), "");
        if (auto *f = llvm::dyn_cast<clang::FriendDecl>(member))
          replaceRange(f->getSourceRange(),
                       "/* xfence: host friend function left out */");
        if (auto *m = llvm::dyn_cast<clang::CXXMethodDecl>(member)) {
          if (m->isImplicit())
            continue;
          if (m->doesThisDeclarationHaveABody())
            replaceRange(m->getSourceRange(),
                         "/* xfence: host member function '" +
                             m->getNameAsString() + "' left out */");
          else
            removeDecl(m);
        }
      }
      qualifyFields(record);
      addTagTypedef(record);
      return true;
    }
    if (record->isLambda())
      return error(record->getLocation(), "a lambda has no OpenCL C form");
    if (record->getDescribedClassTemplate() || record->getNumBases() ||
        llvm::any_of(record->methods(),
                     [](const clang::CXXMethodDecl *m) {
                       // Constructors and assignments that clang declares
                       // for a plain struct are not the user's.
                       return !m->isImplicit();
                     }) ||
        record->isClass()) {
      std::optional<MemberLoweringObstacle> obstacle;
      if (!record->getDescribedClassTemplate())
        obstacle = memberLoweringObstacle(record);
      if (!obstacle)
        return error(record->getLocation(),
                     "a C++ class with bases, virtual functions, templates, "
                     "operators other than (), static data or nested types, "
                     "or whose member functions a library or a template "
                     "calls, has no OpenCL C form that xfence writes; use a "
                     "plain struct and functions");
      error(record->getLocation(),
            "a C++ class with " + obstacle->what +
                " has no OpenCL C form that xfence writes (its member "
                "functions stay member functions); use a plain struct and "
                "functions");
      if (obstacle->at != record->getLocation())
        src.report(obstacle->at, DiagnosticsEngine::Note,
                   "here: " + obstacle->what);
      return true;
    }
    qualifyFields(record);
    addTagTypedef(record);
    return true;
  }
  /// Writes the address-space qualifier `qualifier` of the pointer that
  /// `d` declares. A pointer type named by a typedef (`typedef float
  /// *fptr; fptr p;`) is written out (`__global float *p`): the qualifier
  /// before the typedef's name would qualify the pointer itself. `alone`
  /// says whether `d` is the only declarator of its declaration (a typedef
  /// written out would not be the others' type). False after an error.
  bool insertPointerQualifier(const clang::DeclaratorDecl *d,
                              const std::string &qualifier, bool alone) {
    clang::TypeLoc tl = d->getTypeSourceInfo()
                            ? d->getTypeSourceInfo()->getTypeLoc()
                            : clang::TypeLoc();
    while (tl && tl.getAs<clang::ConstantArrayTypeLoc>())
      tl = tl.getAs<clang::ConstantArrayTypeLoc>().getElementLoc();
    clang::TypedefTypeLoc named;
    if (tl)
      named = tl.getUnqualifiedLoc().getAs<clang::TypedefTypeLoc>();
    if (!named || !named.getType()->isPointerType()) {
      insertBefore(d->getTypeSpecStartLoc(), qualifier);
      return true;
    }
    if (!alone) {
      error(d->getLocation(), "a pointer type named by a typedef, declared "
                              "with other names, has no OpenCL C form that "
                              "xfence writes; declare it alone");
      return false;
    }
    std::optional<std::string> pointee =
        spellType(named.getType()->getPointeeType());
    if (!pointee) {
      error(d->getLocation(), "cannot write out this pointer type named by a "
                              "typedef");
      return false;
    }
    replaceToken(named.getNameLoc(), qualifier + *pointee + " *");
    return true;
  }
  /// Whether `type` is an array of pointers (`float *p[2]`), whose
  /// elements get one address space (the analysis takes them together).
  static bool isPointerArray(clang::QualType type) {
    const clang::ArrayType *array = type->getAsArrayTypeUnsafe();
    return array && array->getElementType()->isPointerType() &&
           !array->getElementType()->getPointeeType()->isPointerType() &&
           !array->getElementType()->isFunctionPointerType();
  }
  /// Whether `type` (or its elements) is a pointer to a function or a
  /// member function, which OpenCL C does not have.
  static bool isFunctionPointer(clang::QualType type) {
    while (const clang::ArrayType *array = type->getAsArrayTypeUnsafe())
      type = array->getElementType();
    if (type->isReferenceType())
      type = type->getPointeeType();
    return type->isFunctionPointerType() || type->isMemberPointerType() ||
           type->isFunctionReferenceType();
  }
  /// A use of the user's struct S by its bare name before the typedef that
  /// addTagTypedef writes after S's definition (a member `S *next` of S
  /// itself, a use after a forward declaration): C needs `struct S` there.
  void tagEarlyRecordUse(clang::RecordTypeLoc tl) {
    const clang::RecordDecl *record = tl.getDecl();
    clang::SourceLocation at = tl.getNameLoc();
    if (!record->getIdentifier() || record->isEnum() || at.isMacroID() ||
        !record->getDeclContext()->isFileContext() || !src.isUserLocation(at) ||
        !isUserDecl(src, record))
      return;
    const clang::RecordDecl *def = record->getDefinition();
    if (def && !sm.isBeforeInTranslationUnit(at, def->getBraceRange().getEnd()))
      return; // after the definition: the typedef names it
    std::optional<clang::Token> before =
        clang::Lexer::findPreviousToken(at, sm, lo, /*IncludeComments=*/false);
    if (before && before->is(clang::tok::raw_identifier) &&
        llvm::is_contained({"struct", "union", "class", "::"},
                           before->getRawIdentifier()))
      return;
    if (before && before->isOneOf(clang::tok::kw_struct, clang::tok::kw_union,
                                  clang::tok::kw_class, clang::tok::coloncolon))
      return;
    if (!earlyTagged.insert(at).second)
      return;
    insertBefore(at, record->isUnion() ? "union " : "struct ");
  }
  llvm::DenseSet<clang::SourceLocation> earlyTagged;
  /// C++ names a struct S as `S`; C needs `struct S` or a typedef: one is
  /// added after a named struct's definition at file scope.
  void addTagTypedef(clang::CXXRecordDecl *record) {
    if (!record->getIdentifier() || record->isEnum() ||
        !record->getDeclContext()->isFileContext() ||
        record->getBeginLoc().isMacroID() || record->getEndLoc().isMacroID())
      return;
    std::optional<clang::Token> next =
        clang::Lexer::findNextToken(record->getEndLoc(), sm, lo);
    if (!next || !next->is(clang::tok::semi))
      return;
    auto [file, at] = sm.getDecomposedLoc(next->getEndLoc());
    std::string kind = record->isUnion() ? "union" : "struct";
    std::string name = openCLSpelling(record);
    edits.replace({file, at, at},
                  " typedef " + kind + " " + name + " " + name + ";");
  }
  /// C++ names an enumeration E as `E`; C needs `enum E`: a typedef after
  /// a named enumeration's definition at file scope.
  void addEnumTypedef(clang::EnumDecl *d) {
    if (!isUserFileScopeName(d) || !d->isThisDeclarationADefinition() ||
        d->getBeginLoc().isMacroID() || d->getEndLoc().isMacroID() ||
        d->getName() == "memory_order" || d->getName() == "memory_scope")
      return;
    std::optional<clang::Token> next =
        clang::Lexer::findNextToken(d->getEndLoc(), sm, lo);
    if (!next || !next->is(clang::tok::semi))
      return;
    auto [file, at] = sm.getDecomposedLoc(next->getEndLoc());
    edits.replace({file, at, at}, " typedef enum " + d->getName().str() + " " +
                                      d->getName().str() + ";");
  }
  bool isScopedUserEnum(const clang::EnumDecl *d) const;
  std::string scopedEnumeratorName(const clang::EnumConstantDecl *c) const;
  /// False after an error.
  bool rewriteScopedEnum(clang::EnumDecl *d);
  /// A struct, class or enumeration of a library (CUDA's cudaPitchedPtr,
  /// __nv_bfloat16, thrust::device_ptr) written in device code: OpenCL C
  /// has none of them. CUDA's vector types are OpenCL C's; cooperative
  /// groups and cuda:: atomics are rewritten where they are used.
  void checkLibraryType(const clang::TagDecl *decl, clang::SourceLocation at);
  llvm::DenseSet<clang::SourceLocation> reportedLibraryTypes;
  llvm::DenseSet<clang::SourceLocation> renamedHalfTypes;
  llvm::DenseSet<clang::SourceLocation> warnedLayouts;
  bool TraverseDecltypeTypeLoc(clang::DecltypeTypeLoc tl,
                               bool traverseQualifier) override {
    // Its operand is not evaluated, and its text goes.
    return WalkUpFromDecltypeTypeLoc(tl);
  }
  bool VisitDecltypeTypeLoc(clang::DecltypeTypeLoc tl) override {
    // `decltype(x) y`: the type it stands for, as `auto`'s.
    clang::SourceLocation at = tl.getBeginLoc();
    if (!src.isUserLocation(sm.getExpansionLoc(at)) ||
        !decltypeWritten.insert(at).second)
      return true;
    clang::QualType type = tl.getTypePtr()->getUnderlyingType();
    if (type->isDependentType() || at.isMacroID() || tl.getEndLoc().isMacroID())
      return error(at, "a decltype that depends on a template parameter or "
                       "is written in a macro has no OpenCL C form that "
                       "xfence can write; write the type");
    if (std::optional<std::string> text = spellDeduced(type, at))
      replaceRange(tl.getSourceRange(), *text);
    return true;
  }
  llvm::DenseSet<clang::SourceLocation> decltypeWritten;
  bool VisitRecordTypeLoc(clang::RecordTypeLoc tl) override {
    tagEarlyRecordUse(tl);
    // CUDA's dim3 in device code (a variable of block coordinates):
    // OpenCL C's uint3, made in VisitVarDecl.
    if (isCudaDim3(tl.getDecl()) && !tl.getNameLoc().isMacroID() &&
        src.isUserLocation(tl.getNameLoc()))
      replaceToken(tl.getNameLoc(), "uint3");
    checkLibraryType(tl.getDecl(), tl.getNameLoc());
    if (tl.getDecl()->getIdentifier() &&
        isOpenCLVectorTypeName(tl.getDecl()->getName()))
      renameIfKeyword(tl.getDecl(), tl.getNameLoc());
    return true;
  }
  bool VisitTemplateSpecializationTypeLoc(
      clang::TemplateSpecializationTypeLoc tl) override {
    if (!tl.getType()->isDependentType())
      checkLibraryType(tl.getType()->getAsTagDecl(), tl.getTemplateNameLoc());
    return true;
  }
  bool VisitFunctionTemplateDecl(clang::FunctionTemplateDecl *t) override {
    return error(t->getLocation(),
                 "a template has no OpenCL C form; instantiate it by hand");
  }
  bool TraverseNamespaceDecl(clang::NamespaceDecl *ns) override;
  /// A qualifier of the user's namespaces only (`N::`, `::N::M::`): its
  /// text goes, as the namespaces' braces do (TraverseNamespaceDecl).
  bool
  TraverseNestedNameSpecifierLoc(clang::NestedNameSpecifierLoc loc) override;
  bool TraverseUsingDecl(clang::UsingDecl *u) override {
    if (src.isUserLocation(u->getLocation()))
      removeDecl(u); // its qualifier goes with it
    return true;
  }
  bool VisitNamespaceAliasDecl(clang::NamespaceAliasDecl *alias) override {
    removeDecl(alias);
    return true;
  }
  bool VisitUsingDirectiveDecl(clang::UsingDirectiveDecl *u) override {
    removeDecl(u);
    return true;
  }
  bool VisitCXXNewExpr(clang::CXXNewExpr *e) override {
    return error(e->getBeginLoc(), "'new' has no OpenCL C form");
  }
  /// A member named as OpenCL C reserves (`float *constant;`) is renamed as
  /// a variable is, in its declaration and every use.
  /// CUDA's 3-component vectors (`float3`: 12 bytes, 4-byte aligned) are
  /// smaller than OpenCL C's (the size and alignment of 4 components):
  /// memory that holds them (a buffer, an array, a struct, a kernel
  /// argument) has another layout, which the host program must give it.
  void warnThreeComponentLayout(const clang::DeclaratorDecl *d, bool byValue);
  bool VisitFieldDecl(clang::FieldDecl *field) override {
    rewriteAlignas(field);
    warnThreeComponentLayout(field, true);
    renameIfKeyword(field, field->getLocation());
    if (field->hasInClassInitializer())
      return error(field->getLocation(),
                   "a default member initializer has no OpenCL C form; "
                   "initialize the member where the struct is made");
    return true;
  }
  bool VisitMemberExpr(clang::MemberExpr *e) override {
    if (llvm::isa<clang::FieldDecl>(e->getMemberDecl()) &&
        e->getMemberLoc().isValid())
      renameIfKeyword(e->getMemberDecl(), e->getMemberLoc());
    return true;
  }
  /// `d[i] = {x, y, z}`: a braced temporary, which C writes as a compound
  /// literal (`(S){x, y}`; for CUDA's vector types OpenCL C's vector
  /// literal `(float3)(x, y, z)`).
  bool
  VisitMaterializeTemporaryExpr(clang::MaterializeTemporaryExpr *e) override {
    if (auto *list = llvm::dyn_cast<clang::InitListExpr>(
            e->getSubExpr()->IgnoreImplicit()))
      writeCompoundLiteral(list);
    return true;
  }
  /// `return {s, s, s, s};`: the temporary of the function's type.
  bool VisitReturnStmt(clang::ReturnStmt *r) override {
    if (const clang::Expr *value = r->getRetValue())
      if (const auto *list =
              llvm::dyn_cast<clang::InitListExpr>(value->IgnoreImplicit()))
        writeCompoundLiteral(list);
    return true;
  }
  void writeCompoundLiteral(const clang::InitListExpr *list);
  /// The braces written as compound literals (a temporary is reached from
  /// its call or return and again from its materialization).
  llvm::DenseSet<clang::SourceLocation> compoundLiterals;
  void rewriteTypeAlias(clang::TypeAliasDecl *alias);
  /// `x ? a : b` with a floating-point x: OpenCL C's ?: takes an integer
  /// condition, so the test C++ makes is written, `(x) != 0`.
  bool VisitConditionalOperator(clang::ConditionalOperator *e) override {
    const clang::Expr *cond = e->getCond()->IgnoreImpCasts();
    if (!cond->getType()->isRealFloatingType())
      return true;
    std::optional<FileCharRange> range = rangeOf(cond->getSourceRange());
    if (!range)
      return error(cond->getBeginLoc(),
                   "cannot rewrite this floating-point condition (written in "
                   "a macro); compare it with 0");
    edits.insertBefore(*range, "(", cond->getBeginLoc());
    edits.insertAfter(*range, ") != 0", cond->getBeginLoc());
    return true;
  }
  /// `&extern_mem` of a dynamic __shared__ array, which becomes a __local
  /// pointer argument: the array's address is the pointer's value (its
  /// first element's), not the argument's own address.
  bool VisitUnaryOperator(clang::UnaryOperator *e) override {
    if (e->getOpcode() != clang::UO_AddrOf)
      return true;
    if (rewriteComponentAddress(e))
      return true;
    const auto *ref =
        llvm::dyn_cast<clang::DeclRefExpr>(e->getSubExpr()->IgnoreParens());
    const auto *var =
        ref ? llvm::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr;
    if (!var || !var->hasAttr<clang::CUDASharedAttr>() ||
        !var->hasExternalStorage() || !var->getType()->isIncompleteArrayType())
      return true;
    if (e->getOperatorLoc().isMacroID())
      return error(e->getOperatorLoc(),
                   "cannot rewrite the address of dynamic shared memory "
                   "here (written in a macro); use the array's name");
    replaceToken(e->getOperatorLoc(), "");
    return true;
  }
  /// `&v.y` of a CUDA vector: OpenCL C takes no address of a vector's
  /// component (6.3.7: components are not lvalues one can point to), but
  /// its vectors hold their components in order: `((T *)&(v) + 1)`, with
  /// the address space of v's memory. True if rewritten (or reported).
  bool rewriteComponentAddress(const clang::UnaryOperator *e) {
    const auto *member =
        llvm::dyn_cast<clang::MemberExpr>(e->getSubExpr()->IgnoreParens());
    if (!member || !llvm::isa<clang::FieldDecl>(member->getMemberDecl()))
      return false;
    const clang::Expr *base = member->getBase();
    clang::QualType vector = base->getType();
    if (member->isArrow())
      vector = vector->getPointeeType();
    const clang::RecordDecl *record =
        vector.isNull() ? nullptr : vector->getAsRecordDecl();
    if (!record || !record->getIdentifier() ||
        src.isUserLocation(record->getLocation()) ||
        !isSharedVectorTypeName(record->getName()))
      return false;
    int index = llvm::StringSwitch<int>(member->getMemberDecl()->getName())
                    .Case("x", 0)
                    .Case("y", 1)
                    .Case("z", 2)
                    .Case("w", 3)
                    .Default(-1);
    if (index < 0)
      return false;
    if (e->getOperatorLoc().isMacroID() ||
        member->getOperatorLoc().isMacroID() ||
        member->getMemberLoc().isMacroID()) {
      error(e->getOperatorLoc(),
            "cannot rewrite the address of this vector component (written "
            "in a macro); OpenCL C takes no address of a component");
      return true;
    }
    unsigned memory =
        member->isArrow() ? spaces.pointeeOf(base) : spaces.storageOf(base);
    std::optional<std::string> q = qualifierAt(e->getOperatorLoc(), memory);
    if (!q)
      return true;
    clang::PrintingPolicy policy(lo);
    clang::QualType type = member->getMemberDecl()
                               ->getType()
                               .getCanonicalType()
                               .getUnqualifiedType();
    // CUDA's long long is OpenCL C's long (VisitBuiltinTypeLoc).
    std::string component =
        type->isSpecificBuiltinType(clang::BuiltinType::LongLong) ? "long"
        : type->isSpecificBuiltinType(clang::BuiltinType::ULongLong)
            ? "ulong"
            : type.getAsString(policy);
    replaceToken(e->getOperatorLoc(), "((" + *q + component + " *)" +
                                          (member->isArrow() ? "(" : "&("));
    std::optional<FileCharRange> op =
        rangeOf({member->getOperatorLoc(), member->getMemberLoc()});
    if (!op) {
      error(e->getOperatorLoc(), "cannot rewrite this vector component's "
                                 "address");
      return true;
    }
    edits.replace(*op, ") + " + std::to_string(index) + ")");
    return true;
  }
  /// A user's operator on CUDA's vector types that computes what OpenCL
  /// C's built-in operator on its vector types computes: each component
  /// (x, y, z, w in order) of the result is the operator applied to the
  /// operands' components, a scalar operand of the component type taken
  /// for each (`make_float3(a.x + b.x, a.y + b.y, a.z + b.z)`, `a.x += b;
  /// a.y += b;`). Checked on the definition's body, for every declaration.
  bool isBuiltinVectorOperator(const clang::FunctionDecl *fn);
  llvm::DenseMap<const clang::FunctionDecl *, bool> vectorOperators;
  /// `static_assert(c, "m")` -> C11's `_Static_assert(c, "m")`, which
  /// needs the message that C++17 lets out.
  bool VisitStaticAssertDecl(clang::StaticAssertDecl *d) override {
    clang::SourceLocation keyword = d->getBeginLoc();
    if (!src.isUserLocation(sm.getExpansionLoc(keyword)))
      return true;
    if (keyword.isMacroID() || d->getRParenLoc().isMacroID())
      return error(keyword, "a static_assert written in a macro has no "
                            "OpenCL C form that xfence can write; write "
                            "_Static_assert");
    replaceToken(keyword, "_Static_assert");
    if (!d->getMessage())
      insertBefore(d->getRParenLoc(), ", \"\"");
    return true;
  }
  bool VisitGCCAsmStmt(clang::GCCAsmStmt *s) override {
    return error(s->getAsmLoc(), "inline PTX assembly (asm) has no OpenCL C "
                                 "form; write it in C");
  }
  bool VisitCXXDeleteExpr(clang::CXXDeleteExpr *e) override {
    return error(e->getBeginLoc(), "'delete' has no OpenCL C form");
  }
  bool VisitCXXThisExpr(clang::CXXThisExpr *e) override {
    return error(e->getBeginLoc(), "'this' has no OpenCL C form");
  }
  bool VisitLambdaExpr(clang::LambdaExpr *e) override {
    return error(e->getBeginLoc(), "a lambda has no OpenCL C form");
  }
  bool VisitCXXNamedCastExpr(clang::CXXNamedCastExpr *e) override;
  bool VisitCStyleCastExpr(clang::CStyleCastExpr *e) override {
    if (castsToAtomic(e))
      return castToAtomicIsObject(e) ||
             error(e->getBeginLoc(),
                   "a pointer to a cuda::atomic type has no OpenCL C form "
                   "except as the object of an atomic member call");
    qualifyCast(e);
    return true;
  }
  // (cuda::atomic<T, S> *)p: the site rewriter writes the member call
  // through it with p as the object, so the cast's text is not edited.
  static bool castsToAtomic(clang::ExplicitCastExpr *e) {
    return e->getType()->isPointerType() &&
           atomicValueType(e->getType()->getPointeeType()).has_value();
  }
  bool castToAtomicIsObject(clang::Expr *e) {
    clang::DynTypedNodeList parents = src.getContext().getParents(*e);
    while (parents.size() == 1) {
      const auto *parent = parents[0].get<clang::Expr>();
      if (!parent)
        return false;
      if (llvm::isa<clang::ParenExpr, clang::ImplicitCastExpr>(parent)) {
        parents = src.getContext().getParents(*parent);
        continue;
      }
      const auto *member = llvm::dyn_cast<clang::MemberExpr>(parent);
      return member && member->isArrow();
    }
    return false;
  }
  bool VisitCXXFunctionalCastExpr(clang::CXXFunctionalCastExpr *e) override;
  bool VisitCXXTemporaryObjectExpr(clang::CXXTemporaryObjectExpr *e) override;
  bool VisitTypedefTypeLoc(clang::TypedefTypeLoc tl) override;
  bool VisitUsingTypeLoc(clang::UsingTypeLoc tl) override {
    // `std::uint8_t` of <cstdint>: `using ::uint8_t;` in namespace std.
    if (const auto *td =
            tl.getTypePtr()->desugar()->getAs<clang::TypedefType>())
      if (const clang::TypedefNameDecl *d = td->getDecl();
          d && d->getIdentifier() && !src.isUserLocation(d->getLocation()) &&
          (stdintOpenCLName(d->getName()) ||
           isOpenCLTypedefName(d->getName()))) {
        if (const char *type = stdintOpenCLName(d->getName()))
          stdintTypes[d->getName().str()] = type;
        removeLibraryQualifier(tl.getQualifierLoc());
      }
    return true;
  }
  /// Removes a library namespace's qualifier of a type that OpenCL C has.
  void removeLibraryQualifier(clang::NestedNameSpecifierLoc q);
  bool VisitBuiltinTypeLoc(clang::BuiltinTypeLoc tl) override;
  bool VisitIntegerLiteral(clang::IntegerLiteral *e) override;
  bool VisitTypedefNameDecl(clang::TypedefNameDecl *d) override;
  bool VisitEnumDecl(clang::EnumDecl *d) override;
  /// A named declaration of the user's at file scope.
  bool isUserFileScopeName(const clang::NamedDecl *d);
  /// Leaves out the user's `d`, a `what` ("enum", "typedef") that OpenCL C
  /// has itself, with a comment that says `why`.
  bool leaveOutOpenCLName(clang::NamedDecl *d, llvm::StringRef what,
                          llvm::StringRef why);
  bool VisitCUDAKernelCallExpr(clang::CUDAKernelCallExpr *e) override {
    return error(e->getBeginLoc(), "a kernel launch in device code (dynamic "
                                   "parallelism) has no OpenCL C form");
  }
  bool VisitCXXForRangeStmt(clang::CXXForRangeStmt *s) override {
    return error(s->getForLoc(), "a range-based for loop has no OpenCL C "
                                 "form; write the loop over an index");
  }
  bool VisitCXXNullPtrLiteralExpr(clang::CXXNullPtrLiteralExpr *e) override {
    replaceToken(e->getBeginLoc(), "0");
    return true;
  }

  /// Appends the dynamic shared memory arguments to the kernels.
  void finish();

  bool failed = false;

private:
  /// The address-space qualifier of `memory` (qualifierFor), or nothing
  /// after an error at `loc` where OpenCL C has none.
  std::optional<std::string> qualifierAt(clang::SourceLocation loc,
                                         unsigned memory,
                                         bool kernelParam = false) {
    std::string message;
    std::string qualifier = qualifierFor(memory, cl2, kernelParam, message);
    if (!message.empty()) {
      error(loc, message);
      return std::nullopt;
    }
    return qualifier;
  }

  bool error(clang::SourceLocation loc, const llvm::Twine &message) {
    src.report(loc, DiagnosticsEngine::Error, message.str());
    failed = true;
    return true; // keep going: report every problem
  }
  std::optional<FileCharRange> rangeOf(clang::SourceRange range) {
    return findRewriteRange(sm, lo, range);
  }
  void replaceRange(clang::SourceRange range, std::string text) {
    std::optional<FileCharRange> r = rangeOf(range);
    // `DIM(x)` for `#define DIM(d) threadIdx.d`: the text is split between
    // the body and the argument; the use's invocation is rewritten.
    if (!r)
      r = macroUseRange(sm, lo, range);
    if (r)
      edits.replace(*r, std::move(text));
    else
      error(range.getBegin(), "cannot rewrite this text (a macro of a "
                              "system header?)");
  }
  void replaceToken(clang::SourceLocation loc, std::string text) {
    replaceRange(clang::SourceRange(loc, loc), std::move(text));
  }
  void insertBefore(clang::SourceLocation loc, std::string text) {
    // Where the token is spelled: in a macro body (a kernel's parameter
    // list `k(PARAMS)`) the text goes into the body, and SourceEdits
    // refuses a body whose uses want different text. A token that begins
    // the whole expansion (`FP *p` for `#define FP float`) takes the text
    // before the macro's name at the use instead: the same tokens, and the
    // body stays right for its other uses (a `FP x` in private memory).
    clang::SourceLocation useBegin;
    if (loc.isMacroID() &&
        clang::Lexer::isAtStartOfMacroExpansion(loc, sm, lo, &useBegin) &&
        useBegin.isFileID()) {
      auto [file, offset] = sm.getDecomposedLoc(useBegin);
      return edits.replace({file, offset, offset}, std::move(text));
    }
    if (loc.isMacroID())
      if (std::optional<FileCharRange> r = rangeOf({loc, loc}))
        return edits.replace({r->file, r->begin, r->begin}, std::move(text),
                             loc);
    loc = sm.getFileLoc(loc);
    auto [file, offset] = sm.getDecomposedLoc(loc);
    edits.replace({file, offset, offset}, std::move(text));
  }
  void removeDecl(clang::Decl *d) {
    // The declaration and its ';'.
    clang::SourceLocation end = clang::Lexer::findLocationAfterToken(
        d->getEndLoc(), clang::tok::semi, sm, lo, false);
    std::optional<FileCharRange> r = rangeOf(d->getSourceRange());
    if (!r)
      return (void)error(d->getLocation(), "cannot rewrite this text");
    if (end.isValid())
      r->end = sm.getFileOffset(sm.getFileLoc(end));
    edits.replace(*r, "/* xfence: removed */");
  }
  /// `static` before each declaration of an inline function (C99's inline
  /// definition is not a definition the program links with).
  void makeInlineStatic(const clang::FunctionDecl *fn);
  void rewriteAttributes(clang::Decl *d, const char *deviceText = "",
                         const char *sharedText = "__local");
  /// Takes the text of `d` (and its ';') away, with `note` in its place;
  /// declarators of one declaration share one removal.
  void leaveOut(clang::Decl *d, bool semicolon, const std::string &note);
  /// The expansion location of `begin`, or of an attribute of `d` written
  /// before it (`__global__ void k()`), whichever comes first.
  clang::SourceLocation startWithAttributes(const clang::Decl *d,
                                            clang::SourceLocation begin) const;
  void appendParams(const clang::FunctionDecl *fn, const std::string &params);
  bool atKernelScope(const clang::VarDecl *var);
  const clang::DeclStmt *declStmtOf(const clang::VarDecl *var);
  bool nameTaken(const clang::FunctionDecl *kernel, const clang::VarDecl *var);
  void hoistLocal(const clang::FunctionDecl *kernel, const clang::VarDecl *var,
                  const std::string &name);
  bool isHostCode(const clang::Decl *d) const;
  /// A class or struct that device code uses, with data members and host
  /// member functions only (no bases, virtuals, constructors, templates).
  bool isDataClass(const clang::CXXRecordDecl *record) const;
  void leaveOutHostCode(clang::Decl *d);
  void collectLaunches(clang::Decl *d);
  std::string sourceText(clang::SourceRange range) const;
  bool hoisted(const clang::VarDecl *var) const {
    return hoistedIndex.count(var->getCanonicalDecl());
  }
  /// The use of the system header's macro `name` whose expansion holds
  /// `loc` (the outermost macro there), if it is one.
  std::optional<clang::CharSourceRange>
  systemMacroUse(clang::SourceLocation loc, llvm::StringRef name) {
    if (!loc.isMacroID())
      return std::nullopt;
    clang::SourceLocation outer = loc;
    while (true) {
      clang::SourceLocation caller = sm.getImmediateMacroCallerLoc(outer);
      if (!caller.isMacroID())
        break;
      outer = caller;
    }
    if (clang::Lexer::getImmediateMacroName(outer, sm, lo) != name)
      return std::nullopt;
    clang::CharSourceRange use = sm.getExpansionRange(outer);
    if (!src.isUserLocation(use.getBegin()))
      return std::nullopt;
    return use;
  }
  llvm::DenseSet<clang::SourceLocation> assertUses;
  /// Whether `loc` is in the expansion of one of CUDA's math constants
  /// (CUDART_PI_F, ...), written in a CUDA header.
  bool inCudaConstantMacro(clang::SourceLocation loc) {
    while (loc.isMacroID()) {
      if (!src.isUserLocation(sm.getSpellingLoc(loc)) &&
          clang::Lexer::getImmediateMacroName(loc, sm, lo)
              .starts_with("CUDART_"))
        return true;
      loc = sm.getImmediateMacroCallerLoc(loc);
    }
    return false;
  }
  bool isCudaDim3(const clang::TagDecl *d) const {
    return d && d->getIdentifier() && d->getName() == "dim3" &&
           !src.isUserLocation(d->getLocation());
  }
  /// `dim3 v(a, b);` -> `uint3 v = (uint3)(a, b, 1);` (dim3's constructor
  /// makes the components it is not given 1), `dim3 v;` -> (1, 1, 1).
  void rewriteDim3Var(const clang::VarDecl *var) {
    const auto *construct = llvm::dyn_cast_or_null<clang::CXXConstructExpr>(
        var->getInit() ? var->getInit()->IgnoreImplicit() : nullptr);
    if (!construct || !isCudaDim3(construct->getConstructor()->getParent()) ||
        construct->getConstructor()->isCopyOrMoveConstructor())
      return;
    std::string ones;
    unsigned given = 0;
    for (const clang::Expr *arg : construct->arguments()) {
      if (llvm::isa<clang::CXXDefaultArgExpr>(arg))
        ones += ", 1";
      else
        ++given;
    }
    if (var->getLocation().isMacroID())
      return (void)error(var->getLocation(),
                         "cannot rewrite this dim3 (written in a macro)");
    clang::SourceRange parens = construct->getParenOrBraceRange();
    if (given == 0 && parens.isInvalid()) {
      insertAfterName(var, " = (uint3)(1, 1, 1)");
      return;
    }
    if (var->getInitStyle() != clang::VarDecl::CallInit || parens.isInvalid() ||
        parens.getBegin().isMacroID() || parens.getEnd().isMacroID())
      return (void)error(var->getLocation(),
                         "this dim3 has no OpenCL C form that xfence writes; "
                         "write `dim3 v(x, y, z);`");
    insertBefore(parens.getBegin(), " = (uint3)");
    if (!ones.empty())
      insertBefore(parens.getEnd(), given ? ones : ones.substr(2));
  }
  void insertAfterName(const clang::VarDecl *var, std::string text) {
    if (std::optional<FileCharRange> name =
            rangeOf({var->getLocation(), var->getLocation()}))
      edits.insertAfter(*name, std::move(text));
  }
  /// A __constant__ variable that holds a pointer, which the host sets
  /// (cudaMemcpyToSymbol of a device buffer's address): an argument that
  /// is the pointer, to __global memory (OpenCL C has no kernel argument
  /// that points to a pointer).
  static bool isConstantPointer(const clang::VarDecl *var) {
    return var->hasAttr<clang::CUDAConstantAttr>() &&
           var->getType()->isPointerType();
  }
  /// A file-scope __shared__ variable, or one that a __device__ function
  /// (not a template) declares (one per block in CUDA either way): declared
  /// in each kernel that needs it, a __local pointer parameter of the
  /// __device__ functions.
  static bool isFileShared(const clang::VarDecl *var) {
    if (!var->hasAttr<clang::CUDASharedAttr>() || var->hasExternalStorage())
      return false;
    return var->isFileVarDecl() || isDeviceFunctionShared(var);
  }
  /// A file-scope `extern __shared__ T name[];`: the kernel's __local
  /// argument of dynamic shared memory, passed down as a __local pointer
  /// to the __device__ functions that use it.
  static bool isDynamicShared(const clang::VarDecl *var) {
    return var->hasAttr<clang::CUDASharedAttr>() && var->hasExternalStorage() &&
           var->isFileVarDecl() && var->getType()->isIncompleteArrayType();
  }
  static bool isDeviceFunctionShared(const clang::VarDecl *var) {
    const auto *fn = llvm::dyn_cast_or_null<clang::FunctionDecl>(
        var->getParentFunctionOrMethod());
    return fn && var->hasAttr<clang::CUDASharedAttr>() &&
           !var->hasExternalStorage() &&
           !fn->hasAttr<clang::CUDAGlobalAttr>() &&
           !fn->isTemplateInstantiation() &&
           !fn->getDescribedFunctionTemplate() && !fn->isDependentContext() &&
           !llvm::isa<clang::CXXMethodDecl>(fn);
  }
  /// Declares the file-scope __shared__ variables that `kernel` needs
  /// through the __device__ functions it calls in its body.
  void declareSharedOfCallees(const clang::FunctionDecl *kernel);
  /// The added parameter of a hoisted variable in `fn`: `__global T
  /// *name`.
  std::string hoistedParam(const clang::VarDecl *var,
                           const clang::FunctionDecl *fn) const;
  /// The name a hoisted variable has in `fn`: its own, except for a
  /// __shared__ variable of a __device__ function outside that function
  /// (the kernels that declare it and the functions that pass it down),
  /// where `xfence_<function>_<name>` keeps it apart from their own
  /// variables and from another function's variable of that name.
  std::string hoistedName(const clang::VarDecl *var,
                          const clang::FunctionDecl *fn) const {
    if (isDeviceFunctionShared(var)) {
      const auto *owner =
          llvm::cast<clang::FunctionDecl>(var->getParentFunctionOrMethod());
      if (!fn || fn->getCanonicalDecl() != owner->getCanonicalDecl()) {
        auto renamed = overloadNames.find(owner->getCanonicalDecl());
        std::string ownerName = renamed != overloadNames.end()
                                    ? renamed->second
                                    : owner->getName().str();
        return "xfence_" + ownerName + "_" + var->getName().str();
      }
    }
    return var->getName().str();
  }
  /// The variables that `fn` needs as added parameters, in declaration
  /// order.
  llvm::SmallVector<const clang::VarDecl *>
  hoistedNeeds(const clang::FunctionDecl *fn) const;
  bool isDeviceFunction(const clang::FunctionDecl *fn) const {
    return !isHostOnlyFunction(fn);
  }
  void rewriteAtomicType(clang::DeclaratorDecl *d);
  /// `T &x` (a parameter of a __device__ function, or a local variable
  /// bound to an object) -> `AS T *x`; its uses become `(*x)`.
  void rewriteReference(clang::DeclaratorDecl *d, unsigned memory);
  /// A local `const T &r = temporary;` -> `const T r = temporary;`.
  bool rewriteReferenceVar(clang::VarDecl *var);
  /// The arguments of reference parameters at a call: `&(arg)` (a
  /// temporary is an error).
  void rewriteReferenceArgs(const clang::CallExpr *call,
                            const clang::FunctionDecl *callee);
  /// The text of `&e` for an lvalue `e`: `&(e)`, or a conditional's
  /// branches' addresses.
  void addressOf(const clang::Expr *e);
  /// A use of a reference that became a pointer: `(*x)`. True if it was.
  bool rewriteReferenceUse(const clang::DeclRefExpr *ref);
  /// References that became pointers (canonical declarations).
  llvm::DenseSet<const clang::VarDecl *> pointerReferences;
  void qualifyPointer(clang::DeclaratorDecl *d, unsigned memory,
                      bool kernelParam);
  /// A returned pointer gets the address space of what the function's
  /// return statements return.
  void qualifyResult(clang::FunctionDecl *fn);
  void rewriteSizeParam(clang::ParmVarDecl *p);
  bool replaceConstexpr(const clang::VarDecl *var);
  /// Replaces the specifier `word` (`constexpr`, `inline`) written before
  /// the name of `var` by `text`; false if it is not in the user's text.
  bool replaceSpecifier(const clang::VarDecl *var, llvm::StringRef word,
                        llvm::StringRef text);
  /// The OpenCL C text of `type`, a type the source does not write (what
  /// an `auto` was deduced to), or nullopt after an error at `at`.
  std::optional<std::string> spellDeduced(clang::QualType type,
                                          clang::SourceLocation at);
  /// The OpenCL C text of `type` (spellDeduced's work), or nullopt.
  std::optional<std::string> spellType(clang::QualType type);
  /// `auto` (or `decltype(auto)`) of a variable becomes the type it stands
  /// for, once per declaration statement.
  void rewriteAutoVar(const clang::VarDecl *var);
  llvm::DenseSet<clang::SourceLocation> rewrittenAuto;
  void rewriteFunctionSpecifiers(const clang::FunctionDecl *fn);
  void rewriteBoolParam(const clang::FunctionDecl *kernel,
                        clang::ParmVarDecl *p);
  /// Pointer members get the address space the analysis found for them.
  void qualifyFields(const clang::RecordDecl *record);
  /// A struct kernel argument that holds pointers: passed in the struct's
  /// host layout (pointers as ulong), its pointer members as added
  /// `__global` arguments, the struct rebuilt at the start of the kernel.
  void rewriteStructParam(const clang::FunctionDecl *kernel,
                          clang::ParmVarDecl *p);
  /// The name of the host layout of `record` (`xfence_arg_S`), defined
  /// before `at` the first time; empty after an error (reported at `p`).
  std::string hostLayout(const clang::RecordDecl *record,
                         clang::SourceLocation at, const clang::ParmVarDecl *p,
                         unsigned depth = 0);
  /// The pointer members of a struct argument, by path (`a.data`).
  struct PointerMember {
    std::string path;
    const clang::FieldDecl *field;
  };
  static void pointerMemberPaths(const clang::RecordDecl *record,
                                 const std::string &prefix,
                                 std::vector<PointerMember> &out);
  /// The added arguments of a kernel's struct arguments: `, __global T
  /// *xfence_s_data` ...
  std::string structPointerParams(const clang::FunctionDecl *fn) const;
  /// Host layouts defined so far, by record.
  llvm::DenseMap<const clang::RecordDecl *, std::string> hostLayouts;
  /// Per kernel: the struct arguments rebuilt with their pointers.
  llvm::MapVector<const clang::FunctionDecl *, std::string> structPrologue;
  /// Per kernel: the bool copies of its uchar arguments.
  llvm::MapVector<const clang::FunctionDecl *, std::string> kernelPrologue;
  void renameIfKeyword(const clang::NamedDecl *d, clang::SourceLocation at);
  /// A declaration's name in the output: renamed where OpenCL C reserves
  /// it (renameIfKeyword).
  std::string openCLSpelling(const clang::NamedDecl *d) const;
  /// C has no overloading: the second and later overloads of a __device__
  /// function get `name_N` (declarations and calls). True if renamed.
  bool renameOverload(const clang::Decl *d, clang::SourceLocation at) {
    auto *fn = llvm::dyn_cast<clang::FunctionDecl>(d);
    if (!fn)
      return false;
    auto it = overloadNames.find(fn->getCanonicalDecl());
    if (it == overloadNames.end())
      return false;
    replaceToken(at, it->second);
    return true;
  }
  llvm::MapVector<const clang::FunctionDecl *, std::string> overloadNames;
  /// The address space of the operand's memory on a cast to a pointer
  /// type: `(uint4 *)p` of a __global p is `(__global uint4 *)p` (a cast
  /// may not change the address space in OpenCL C).
  void qualifyCast(clang::ExplicitCastExpr *e);
  /// Casts the arguments of a call of an OpenCL C built-in that C++
  /// converted implicitly.
  void castConvertedArgs(const clang::CallExpr *call);
  /// cuda_fp16.h's functions and operators take __half and __half2: an
  /// argument of another type (`__hadd(h, 0.1f)`, `h += 0.1f`) is converted
  /// to one first, where OpenCL C would compute in the argument's type (a
  /// float `+=`, sqrt's float overload). Each such argument is cast to
  /// half or half2.
  void castToHalfParams(const clang::CallExpr *call,
                        const clang::FunctionDecl *callee);

  SourceEdits &edits;
  ParsedSource &src;
  clang::SourceManager &sm;
  const clang::LangOptions &lo;
  const CudaAddressSpaces &spaces;
  bool cl2;
  bool hoistDevice;
  /// What __global__ becomes.
  std::string kernelText;
  bool warpIsSubgroup;
  std::string warpFunctionRefusal;
  /// A warp shuffle or vote (`__shfl_down_sync(0xffffffff, v, 1)`): the
  /// prelude's macro over the sub-group function, under the sub-group size
  /// policy and with the full mask only.
  bool rewriteWarpFunction(clang::CallExpr *call, const CudaWarpFunction &warp);
  const llvm::DenseSet<const clang::Stmt *> &sites;
  /// Program-scope variables and functions that device code refers to.
  llvm::DenseSet<const clang::Decl *> deviceUsed;
  /// Variables that become kernel (and device function) arguments, in
  /// declaration order (canonical declarations), and their index there.
  std::vector<const clang::VarDecl *> hoistedVars;
  llvm::DenseMap<const clang::VarDecl *, unsigned> hoistedIndex;
  /// Per function (canonical declaration): the hoisted variables it uses,
  /// itself or through its callees (bits of hoistedVars).
  llvm::DenseMap<const clang::FunctionDecl *, llvm::BitVector> needs;
  /// What the header comment says.
  std::vector<std::string> hostNotes, launchNotes;
  /// extern __shared__ variables, in declaration order, and the kernels
  /// that use each (through the current function).
  std::vector<const clang::VarDecl *> dynamicShared;
  llvm::DenseMap<const clang::FunctionDecl *,
                 llvm::SmallVector<const clang::VarDecl *>>
      kernelDynamicShared;
  const clang::FunctionDecl *currentFunction = nullptr;
  llvm::DenseSet<const clang::DeclStmt *> removedDeclStmts;
  /// __shared__ variables moved to the outermost scope of a kernel (file
  /// scope or an inner block), their names there, and the declarations
  /// each kernel gets.
  /// File-scope __shared__ variables that a __device__ function uses.
  llvm::DenseSet<const clang::VarDecl *> fileShared;
  llvm::DenseMap<const clang::FunctionDecl *,
                 llvm::SmallVector<const clang::VarDecl *>>
      kernelFileShared;
  llvm::DenseMap<const clang::VarDecl *, std::string> renamedShared;
  llvm::MapVector<const clang::FunctionDecl *, std::string> kernelLocals;
  unsigned renamedCount = 0;
  /// User functions seen (definitions and prototypes of device code).
  std::vector<const clang::FunctionDecl *> functions;
  /// The texture objects read in device code (collectTextureParams), by
  /// the canonical declaration of their function and their index: each
  /// becomes an image parameter, and (but for tex1Dfetch) a sampler
  /// parameter after the others.
  std::map<std::pair<const clang::FunctionDecl *, unsigned>, TextureKind>
      textureParams;
  std::optional<TextureKind> textureKindOf(const clang::ParmVarDecl *p) const {
    const auto *fn =
        llvm::dyn_cast_or_null<clang::FunctionDecl>(p->getDeclContext());
    if (!fn)
      return std::nullopt;
    auto it = textureParams.find(
        {fn->getCanonicalDecl(), p->getFunctionScopeIndex()});
    if (it == textureParams.end())
      return std::nullopt;
    return it->second;
  }
  static std::string samplerName(const clang::ParmVarDecl *p) {
    return "xfence_" + p->getName().str() + "_sampler";
  }
  /// The texture-object parameter that `e` names, or null.
  const clang::ParmVarDecl *textureParamOf(const clang::Expr *e) const;
  /// The samplers of `fn`'s texture parameters, as added parameters
  /// (", sampler_t xfence_tex_sampler") or arguments.
  std::string samplerParams(const clang::FunctionDecl *fn) const;
  /// `tex2D<float>(tex, x, y)`: the prelude's read macro of the image and
  /// its sampler.
  bool rewriteTextureRead(clang::CallExpr *call, TextureKind kind);
  /// The image read (read_imagef, ...) of each texture parameter, keyed
  /// as textureParams.
  std::map<std::pair<const clang::FunctionDecl *, unsigned>, llvm::StringRef>
      textureImageReads;
  /// Type locations of texture parameters that VisitVarDecl rewrote.
  llvm::DenseSet<clang::SourceLocation> textureTypeLocs;
  /// Text taken away, by its begin (several declarators of one
  /// declaration are one removal).
  std::map<std::pair<unsigned, unsigned>, std::pair<FileCharRange, std::string>>
      removals;
  /// The output keeps program-scope __global variables (OpenCL C 2.0/3.0).
  bool programScopeVariables = false;
  /// The <stdint.h> types that device code uses, with their OpenCL C
  /// types (OpenCL C has no <stdint.h>).
  std::map<std::string, std::string> stdintTypes;

public:
  bool TraverseFunctionDecl(clang::FunctionDecl *fn) override {
    if (isBuiltinVectorOperator(fn)) {
      // OpenCL C's own operator on its vector types does the same: the
      // user's goes, with its prototypes; its uses stay as written.
      std::string signature;
      llvm::raw_string_ostream os(signature);
      os << fn->getNameAsString() << "(";
      for (unsigned i = 0; i < fn->getNumParams(); ++i)
        os << (i ? ", " : "")
           << fn->getParamDecl(i)->getType().getAsString(
                  clang::PrintingPolicy(lo));
      os << ")";
      leaveOut(fn, !fn->doesThisDeclarationHaveABody(),
               "/* xfence: " + signature +
                   " is OpenCL C's built-in vector operator */");
      return true;
    }
    const clang::FunctionDecl *saved = currentFunction;
    currentFunction = fn;
    bool result = clang::DynamicRecursiveASTVisitor::TraverseFunctionDecl(fn);
    currentFunction = saved;
    return result;
  }
};

void SyntaxRewriter::rewriteAttributes(clang::Decl *d, const char *deviceText,
                                       const char *sharedText) {
  // The attributes of one macro (`#define HDI __host__ __device__
  // __forceinline__`) share its invocation's text: it becomes their texts
  // together.
  std::vector<std::pair<FileCharRange, std::string>> texts;
  auto replace = [&](const FileCharRange &range, llvm::StringRef text) {
    for (auto &[at, joined] : texts)
      if (at.file == range.file && at.begin == range.begin &&
          at.end == range.end) {
        if (!text.empty() && !llvm::StringRef(joined).contains(text))
          joined += (joined.empty() ? "" : " ") + text.str();
        return;
      }
    texts.push_back({range, text.str()});
  };
  for (const clang::Attr *attr : d->attrs()) {
    if (attr->isImplicit() ||
        !src.isUserLocation(sm.getExpansionLoc(attr->getLocation())))
      continue;
    // The macro invocation (__global__, __launch_bounds__(256)) or the
    // attribute's own text.
    clang::CharSourceRange range = sm.getExpansionRange(attr->getRange());
    if (range.isInvalid())
      continue;
    auto [file, begin] = sm.getDecomposedLoc(range.getBegin());
    unsigned end = sm.getFileOffset(range.getEnd());
    if (range.isTokenRange())
      end += clang::Lexer::MeasureTokenLength(range.getEnd(), sm, lo);
    if (llvm::isa<clang::NoInlineAttr>(attr) &&
        !attr->getLocation().isMacroID() &&
        clang::Lexer::getSourceText(range, sm, lo) == "__noinline__") {
      // CUDA's __noinline__, a keyword of clang's CUDA mode (not the
      // header's macro): OpenCL C has no such keyword.
      replace({file, begin, end}, "");
      continue;
    }
    if (!attr->getLocation().isMacroID()) {
      // __attribute__((global)) written out: leave it (clang OpenCL
      // rejects it with a clear message).
      continue;
    }
    FileCharRange text{file, begin, end};
    if (llvm::isa<clang::CUDAGlobalAttr>(attr))
      replace(text, kernelText);
    else if (llvm::isa<clang::CUDADeviceAttr>(attr))
      replace(text, deviceText);
    else if (llvm::isa<clang::CUDAHostAttr, clang::CUDALaunchBoundsAttr,
                       clang::NoInlineAttr, clang::CUDAGridConstantAttr>(attr))
      replace(text, "");
    else if (llvm::isa<clang::AlwaysInlineAttr>(attr))
      replace(text, "inline");
    else if (llvm::isa<clang::CUDASharedAttr>(attr))
      replace(text, sharedText);
    else if (llvm::isa<clang::CUDAConstantAttr>(attr))
      replace(text, "__constant");
  }
  for (auto &[range, text] : texts)
    edits.replace(range, text);
}

void SyntaxRewriter::makeInlineStatic(const clang::FunctionDecl *fn) {
  // An inline function that is not static is, in C99 and so in OpenCL C, an
  // inline definition only: a call that the compiler does not inline (at
  // -O0, a recursive one) names a function that no one defines, and the
  // program fails to link. CUDA's (C++'s) inline function is defined: it
  // becomes static inline, in each of its declarations.
  if (fn->hasAttr<clang::CUDAGlobalAttr>() ||
      fn->getStorageClass() != clang::SC_None ||
      !llvm::any_of(fn->redecls(), [](const clang::FunctionDecl *d) {
        return d->isInlineSpecified();
      }))
    return;
  clang::SourceLocation at = sm.getExpansionLoc(fn->getOuterLocStart());
  if (!src.isUserLocation(at))
    return;
  auto [file, offset] = sm.getDecomposedLoc(at);
  edits.replace({file, offset, offset}, "static ");
}

/// cuda::atomic<T, S> in the declared type -> T.
void SyntaxRewriter::rewriteAtomicType(clang::DeclaratorDecl *d) {
  clang::TypeSourceInfo *tsi = d->getTypeSourceInfo();
  if (!tsi)
    return;
  clang::TypeLoc tl = tsi->getTypeLoc();
  while (true) {
    if (auto q = tl.getAs<clang::QualifiedTypeLoc>())
      tl = q.getUnqualifiedLoc();
    else if (auto p = tl.getAs<clang::PointerTypeLoc>())
      tl = p.getPointeeLoc();
    else if (auto a = tl.getAs<clang::ArrayTypeLoc>())
      tl = a.getElementLoc();
    else
      break;
  }
  bool isRef = false;
  std::optional<clang::QualType> value = atomicValueType(tl.getType(), &isRef);
  if (!value || isRef)
    return;
  clang::PrintingPolicy policy(lo);
  replaceRange(tl.getSourceRange(), value->getAsString(policy));
}

/// The struct (or union) within `type` that has a pointer member, if any.
static const clang::RecordDecl *pointerHolder(clang::QualType type) {
  type = type.getCanonicalType();
  while (const clang::ArrayType *array = type->getAsArrayTypeUnsafe())
    type = array->getElementType().getCanonicalType();
  const clang::RecordDecl *record = type->getAsRecordDecl();
  if (!record || !record->getDefinition())
    return nullptr;
  for (const clang::FieldDecl *field : record->getDefinition()->fields()) {
    clang::QualType t = field->getType().getCanonicalType();
    while (const clang::ArrayType *array = t->getAsArrayTypeUnsafe())
      t = array->getElementType().getCanonicalType();
    if (t->isPointerType())
      return record;
    if (const clang::RecordDecl *inner = pointerHolder(t))
      return inner;
  }
  return nullptr;
}

/// The name of a struct for messages: its tag, or the typedef that names
/// an anonymous one (`typedef struct { ... } S;`).
static std::string recordName(const clang::RecordDecl *record) {
  if (record->getIdentifier())
    return record->getNameAsString();
  if (const clang::TypedefNameDecl *td = record->getTypedefNameForAnonDecl())
    return td->getNameAsString();
  return "an unnamed struct";
}

/// The type of `p` as written, without its qualifiers (`const Buf` ->
/// `Buf`), if there is source for it.
static std::optional<clang::TypeLoc>
unqualifiedTypeLoc(const clang::ParmVarDecl *p) {
  clang::TypeSourceInfo *tsi = p->getTypeSourceInfo();
  if (!tsi)
    return std::nullopt;
  clang::TypeLoc tl = tsi->getTypeLoc();
  if (auto q = tl.getAs<clang::QualifiedTypeLoc>())
    tl = q.getUnqualifiedLoc();
  return tl;
}

void SyntaxRewriter::rewriteBoolParam(const clang::FunctionDecl *kernel,
                                      clang::ParmVarDecl *p) {
  // OpenCL C forbids bool kernel arguments (its size is the
  // implementation's). CUDA's bool is one byte holding 0 or 1: the argument
  // becomes a uchar (the host passes the same byte), copied into a bool of
  // the parameter's name at the start of the kernel.
  if (!p->getType()->isBooleanType())
    return rewriteSizeParam(p);
  std::optional<clang::TypeLoc> written = unqualifiedTypeLoc(p);
  if (!written)
    return;
  clang::TypeLoc tl = *written;
  if (!tl.getAs<clang::BuiltinTypeLoc>() || tl.getBeginLoc().isMacroID())
    return (void)error(p->getLocation(),
                       "a bool kernel argument has no OpenCL C form; write "
                       "its type as 'bool' (not through a typedef or a "
                       "macro) so that xfence can pass it as a uchar");
  replaceRange(tl.getSourceRange(), "uchar");
  if (!kernel->doesThisDeclarationHaveABody() || !p->getIdentifier())
    return;
  std::string name = p->getName().str();
  replaceToken(p->getLocation(), "xfence_" + name);
  kernelPrologue[kernel] += std::string(" ") +
                            (p->getType().isConstQualified() ? "const " : "") +
                            "bool " + name + " = xfence_" + name + ";";
}

bool SyntaxRewriter::replaceSpecifier(const clang::VarDecl *var,
                                      llvm::StringRef word,
                                      llvm::StringRef text) {
  clang::SourceLocation loc = var->getOuterLocStart();
  clang::SourceLocation end = var->getLocation();
  if (loc.isMacroID() || end.isMacroID())
    return false;
  while (loc.isValid() && sm.isBeforeInTranslationUnit(loc, end)) {
    clang::Token tok;
    if (clang::Lexer::getRawToken(loc, tok, sm, lo, true))
      break;
    if (tok.is(clang::tok::raw_identifier) && tok.getRawIdentifier() == word) {
      replaceToken(loc, text.str());
      return true;
    }
    std::optional<clang::Token> next = clang::Lexer::findNextToken(loc, sm, lo);
    if (!next)
      break;
    loc = next->getLocation();
  }
  return false;
}

bool SyntaxRewriter::replaceConstexpr(const clang::VarDecl *var) {
  // OpenCL C has no constexpr. A constexpr variable is a const one whose
  // initializer is a constant expression, which OpenCL C's const with the
  // same initializer keeps (a program-scope one becomes __constant below).
  if (replaceSpecifier(var, "constexpr", "const"))
    return true;
  return error(var->getLocation(),
               "a constexpr variable declared through a macro has no OpenCL "
               "C form that xfence can write; write 'const'");
}

/// The OpenCL C type of a <stdint.h> name (`uint32_t` -> `uint`), which
/// the prelude's typedef gives it, or null.
static const char *stdintOpenCLName(llvm::StringRef name) {
  return llvm::StringSwitch<const char *>(name)
      .Case("int8_t", "char")
      .Case("uint8_t", "uchar")
      .Case("int16_t", "short")
      .Case("uint16_t", "ushort")
      .Case("int32_t", "int")
      .Case("uint32_t", "uint")
      .Case("int64_t", "long")
      .Case("uint64_t", "ulong")
      .Default(nullptr);
}

/// Whether a library's typedef `name` is a type of OpenCL C by that name.
static bool isOpenCLTypedefName(llvm::StringRef name) {
  return llvm::is_contained({"size_t", "ptrdiff_t", "intptr_t", "uintptr_t",
                             "uchar", "ushort", "uint", "ulong"},
                            name) ||
         isSharedVectorTypeName(name);
}

std::optional<std::string>
SyntaxRewriter::spellDeduced(clang::QualType type, clang::SourceLocation at) {
  if (std::optional<std::string> text = spellType(type))
    return text;
  if (const auto *record = type->getAsCXXRecordDecl();
      record && record->isLambda())
    return std::nullopt; // reported at the lambda
  error(at, "'auto' stands for '" +
                type.getAsString(clang::PrintingPolicy(lo)) +
                "' here, which has no OpenCL C spelling that xfence writes; "
                "write the type");
  return std::nullopt;
}

std::optional<std::string> SyntaxRewriter::spellType(clang::QualType type) {
  std::string quals;
  if (type.isLocalConstQualified())
    quals += "const ";
  if (type.isLocalVolatileQualified())
    quals += "volatile ";
  const clang::Type *t = type.getTypePtr();
  if (const auto *ptr = llvm::dyn_cast<clang::PointerType>(t)) {
    // The pointer's own qualifiers follow the `*`; the address space is
    // added as for a written pointer (VisitDeclStmt).
    std::optional<std::string> pointee = spellType(ptr->getPointeeType());
    if (!pointee)
      return std::nullopt;
    return *pointee + " *" + llvm::StringRef(quals).rtrim().str();
  }
  if (const auto *td = llvm::dyn_cast<clang::TypedefType>(t)) {
    const clang::TypedefNameDecl *d = td->getDecl();
    llvm::StringRef name = d->getName();
    if (src.isUserLocation(d->getLocation()))
      return quals + name.str();
    if (const char *type = stdintOpenCLName(name)) {
      stdintTypes[name.str()] = type;
      return quals + name.str();
    }
    if (isOpenCLTypedefName(name))
      return quals + name.str();
    std::optional<std::string> inner = spellType(td->desugar());
    if (!inner)
      return std::nullopt;
    return quals + *inner;
  }
  if (const auto *builtin = llvm::dyn_cast<clang::BuiltinType>(t)) {
    // OpenCL C's long long is 128 bits (VisitBuiltinTypeLoc).
    if (builtin->getKind() == clang::BuiltinType::LongLong)
      return quals + "long";
    if (builtin->getKind() == clang::BuiltinType::ULongLong)
      return quals + "ulong";
    if (builtin->isInteger() ||
        builtin->getKind() == clang::BuiltinType::Float ||
        builtin->getKind() == clang::BuiltinType::Double ||
        builtin->isVoidType())
      return quals +
             clang::QualType(builtin, 0).getAsString(clang::PrintingPolicy(lo));
    return std::nullopt;
  }
  if (const auto *tag = llvm::dyn_cast<clang::TagType>(t)) {
    const clang::TagDecl *decl = tag->getDecl();
    if (std::optional<llvm::StringRef> half = openCLHalfTypeName(decl))
      if (!src.isUserLocation(decl->getLocation()))
        return quals + half->str();
    // A named struct of the user's file scope has a typedef of its name
    // (addTagTypedef); CUDA's float4 is OpenCL C's.
    if (decl->getIdentifier() &&
        (src.isUserLocation(decl->getLocation())
             ? decl->getDeclContext()->getRedeclContext()->isFileContext() &&
                   llvm::isa<clang::RecordDecl>(decl)
             : isSharedVectorTypeName(decl->getName())))
      return quals + decl->getName().str();
    if (decl->getIdentifier() && llvm::isa<clang::EnumDecl>(decl) &&
        src.isUserLocation(decl->getLocation()))
      return quals + "enum " + decl->getName().str();
    return std::nullopt;
  }
  // Other sugar (a `using` name, an attribute, ...): the type it stands for.
  clang::QualType desugared = t->getLocallyUnqualifiedSingleStepDesugaredType();
  if (desugared.getTypePtr() != t) {
    std::optional<std::string> inner = spellType(desugared);
    if (!inner)
      return std::nullopt;
    return quals + *inner;
  }
  return std::nullopt;
}

void SyntaxRewriter::rewriteAutoVar(const clang::VarDecl *var) {
  clang::TypeSourceInfo *tsi = var->getTypeSourceInfo();
  if (!tsi || var->isImplicit())
    return;
  clang::AutoTypeLoc autoLoc = tsi->getTypeLoc().getContainedAutoTypeLoc();
  if (!autoLoc)
    return;
  clang::SourceLocation at = autoLoc.getBeginLoc();
  if (!rewrittenAuto.insert(at).second)
    return; // `auto a = 1, b = 2;`: one type for both
  if (at.isMacroID() || autoLoc.getEndLoc().isMacroID())
    return (void)error(var->getLocation(),
                       "'auto' written in a macro has no OpenCL C form that "
                       "xfence can write; write the type");
  if (llvm::isa<clang::DecompositionDecl>(var))
    return (void)error(var->getLocation(),
                       "a structured binding has no OpenCL C form");
  // The written type keeps `auto`; the variable's type has what it was
  // deduced to.
  const clang::AutoType *deducedAuto = var->getType()->getContainedAutoType();
  clang::QualType deduced =
      deducedAuto ? deducedAuto->getDeducedType() : clang::QualType();
  if (deduced.isNull())
    return (void)error(var->getLocation(),
                       "'auto' that depends on a template parameter has no "
                       "OpenCL C form that xfence can write; write the type");
  if (std::optional<std::string> text = spellDeduced(deduced, at))
    replaceRange(autoLoc.getSourceRange(), *text);
}

void SyntaxRewriter::rewriteFunctionSpecifiers(const clang::FunctionDecl *fn) {
  // OpenCL C has no constexpr function and no deduced return type: the
  // keyword goes (a call is evaluated when it runs, as every call in OpenCL
  // C) and `auto` becomes the type it was deduced to.
  const auto *proto = fn->getType()->getAs<clang::FunctionProtoType>();
  bool deduced = fn->getDeclaredReturnType()->getContainedAutoType();
  if (proto && proto->hasTrailingReturn())
    return (void)error(fn->getLocation(), "a trailing return type has no "
                                          "OpenCL C form; write the type "
                                          "before the name");
  if (!fn->isConstexpr() && !deduced)
    return;
  std::optional<std::string> resultText;
  if (deduced && fn->getReturnType()->isUndeducedType())
    return (void)error(fn->getLocation(),
                       "a function declared 'auto' without a definition "
                       "that deduces its type has no OpenCL C form; write "
                       "the type");
  if (deduced) {
    resultText = spellDeduced(fn->getReturnType().getUnqualifiedType(),
                              fn->getLocation());
    if (!resultText)
      return;
  }
  // The qualifiers before it may be macros (__host__ __device__): where
  // they expand is the text.
  clang::SourceLocation loc = sm.getExpansionLoc(fn->getOuterLocStart());
  clang::SourceLocation end = fn->getLocation();
  if (end.isMacroID() || sm.getFileID(loc) != sm.getFileID(end))
    return (void)error(fn->getLocation(),
                       "a constexpr or 'auto' function declared through a "
                       "macro has no OpenCL C form that xfence can write");
  while (loc.isValid() && sm.isBeforeInTranslationUnit(loc, end)) {
    clang::Token tok;
    if (clang::Lexer::getRawToken(loc, tok, sm, lo, true))
      break;
    if (tok.is(clang::tok::raw_identifier)) {
      llvm::StringRef word = tok.getRawIdentifier();
      if (word == "constexpr")
        replaceToken(loc, "");
      else if (word == "auto" && deduced)
        replaceToken(loc, *resultText);
    }
    std::optional<clang::Token> next = clang::Lexer::findNextToken(loc, sm, lo);
    if (!next)
      break;
    loc = next->getLocation();
  }
}

/// The integer a kernel argument of type `name` is passed as, for the
/// types OpenCL C forbids there (null for others).
static const char *kernelArgInteger(llvm::StringRef name) {
  return llvm::StringSwitch<const char *>(name)
      .Cases({"size_t", "uintptr_t"}, "ulong")
      .Cases({"ptrdiff_t", "intptr_t"}, "long")
      .Default(nullptr);
}

/// kernelArgInteger of a type written through those typedefs (`size_t`,
/// `const size_t`, a typedef of one).
static const char *kernelArgIntegerFor(clang::QualType type) {
  while (const auto *named = type->getAs<clang::TypedefType>()) {
    if (const char *integer = kernelArgInteger(named->getDecl()->getName()))
      return integer;
    type = named->getDecl()->getUnderlyingType();
  }
  return nullptr;
}

void SyntaxRewriter::rewriteSizeParam(clang::ParmVarDecl *p) {
  // OpenCL C forbids size_t, ptrdiff_t, intptr_t and uintptr_t kernel
  // arguments (OpenCL C 1.2 §6.9 k, 3.0 §6.11 k: their size is the
  // device's). CUDA's are the 64-bit host's: the argument is a ulong or a
  // long, which the host passes with the same bytes.
  std::optional<clang::TypeLoc> written = unqualifiedTypeLoc(p);
  if (!written)
    return;
  auto typedefLoc = written->getAs<clang::TypedefTypeLoc>();
  if (!typedefLoc || !typedefLoc.getTypePtr()->getDecl()->getIdentifier())
    return;
  llvm::StringRef name = typedefLoc.getTypePtr()->getDecl()->getName();
  const char *replacement = kernelArgInteger(name);
  if (!replacement)
    return;
  if (written->getBeginLoc().isMacroID())
    return (void)error(
        p->getLocation(),
        "a " + name +
            " kernel argument has no OpenCL C "
            "form; write its type without a macro so that xfence "
            "can pass it as a 64-bit integer");
  replaceRange(written->getSourceRange(), replacement);
}

void SyntaxRewriter::qualifyFields(const clang::RecordDecl *record) {
  // Members declared together (`float *a, *b;`) share one qualifier.
  llvm::DenseMap<clang::SourceLocation, std::string> written;
  for (const clang::FieldDecl *field : record->fields()) {
    clang::QualType type = field->getType();
    if (field->isBitField())
      error(field->getLocation(), "a bit-field has no OpenCL C form "
                                  "(OpenCL C 3.0, 6.11.a); use an integer "
                                  "member with masks and shifts");
    if (isFunctionPointer(type))
      error(field->getLocation(), "a pointer to a function has no OpenCL C "
                                  "form (OpenCL C 3.0, 6.11.a)");
    if (!type->isPointerType() || type->getPointeeType()->isPointerType() ||
        !spaces.knows(field))
      continue; // nothing stored into it: left as written
    std::optional<std::string> qualifier =
        qualifierAt(field->getLocation(), spaces.pointeeOf(field));
    if (!qualifier)
      continue;
    clang::SourceLocation at = sm.getFileLoc(field->getTypeSpecStartLoc());
    auto [it, first] = written.try_emplace(at, *qualifier);
    if (!first) {
      if (it->second != *qualifier)
        error(field->getLocation(),
              "the pointer members declared together here point into "
              "different memories; declare them separately");
      continue;
    }
    if (!qualifier->empty())
      insertPointerQualifier(
          field, *qualifier,
          llvm::count_if(record->fields(), [&](const clang::FieldDecl *f) {
            return sm.getFileLoc(f->getTypeSpecStartLoc()) == at;
          }) == 1);
  }
}

void SyntaxRewriter::pointerMemberPaths(const clang::RecordDecl *record,
                                        const std::string &prefix,
                                        std::vector<PointerMember> &out) {
  for (const clang::FieldDecl *field : record->getDefinition()->fields()) {
    clang::QualType t = field->getType().getCanonicalType();
    std::string path = prefix + field->getName().str();
    if (t->isPointerType())
      out.push_back({path, field});
    else if (const clang::RecordDecl *inner = t->getAsRecordDecl())
      if (pointerHolder(t))
        pointerMemberPaths(inner, path + ".", out);
  }
}

std::string SyntaxRewriter::hostLayout(const clang::RecordDecl *record,
                                       clang::SourceLocation at,
                                       const clang::ParmVarDecl *p,
                                       unsigned depth) {
  record = record->getDefinition();
  auto known = hostLayouts.find(record);
  if (known != hostLayouts.end())
    return known->second;
  std::string name = recordName(record);
  if (!record->getIdentifier() && !record->getTypedefNameForAnonDecl()) {
    error(p->getLocation(), "a kernel argument of an unnamed struct type "
                            "that holds pointers has no OpenCL C form; name "
                            "the struct");
    return "";
  }
  if (depth > 16) {
    error(p->getLocation(), "structs nested too deeply");
    return "";
  }
  clang::PrintingPolicy policy(lo);
  std::string body;
  for (const clang::FieldDecl *field : record->fields()) {
    clang::QualType t = field->getType().getCanonicalType();
    std::string fieldName = field->getName().str();
    auto fail = [&](const std::string &why) {
      error(p->getLocation(),
            "a kernel argument of type '" + p->getType().getAsString(policy) +
                "' holds pointers, which xfence passes as added arguments, "
                "but its member '" +
                fieldName + "' (in '" + name + "') " + why);
      return std::string();
    };
    if (fieldName.empty())
      return fail("has no name");
    if (field->isBitField())
      return fail("is a bit-field");
    if (t->isArrayType() && pointerHolder(t))
      return fail("is an array of structs that hold pointers");
    if (t->isArrayType() &&
        t->getAsArrayTypeUnsafe()->getElementType()->isPointerType())
      return fail("is an array of pointers");
    if (t->isPointerType()) {
      if (t->getPointeeType()->isPointerType())
        return fail("is a pointer to a pointer");
      body += " ulong " + fieldName + ";";
    } else if (const clang::RecordDecl *inner = t->getAsRecordDecl();
               inner && pointerHolder(t)) {
      std::string innerName = hostLayout(inner, at, p, depth + 1);
      if (innerName.empty())
        return "";
      body += " " + innerName + " " + fieldName + ";";
    } else if (t->isBooleanType()) {
      body += " uchar " + fieldName + ";";
    } else if (const char *integer = kernelArgIntegerFor(field->getType())) {
      // size_t and its kin: forbidden in a kernel argument, the 64-bit
      // host's integer (rewriteSizeParam).
      body += std::string(" ") + integer + " " + fieldName + ";";
    } else {
      std::string decl;
      llvm::raw_string_ostream os(decl);
      field->getType().print(os, policy, fieldName);
      body += " " + decl + ";";
    }
  }
  std::string layout = "xfence_arg_" + name;
  std::string kind = record->isUnion() ? "union" : "struct";
  insertBefore(at, "typedef " + kind + " {" + body + " } " + layout +
                       "; /* xfence: the host layout of '" + name +
                       "' (docs/cuda-to-opencl.md, launch ABI) */ "
                       "typedef char xfence_check_" +
                       name + "[sizeof(" + name + ") == sizeof(" + layout +
                       ") ? 1 : -1];\n");
  hostLayouts[record] = layout;
  return layout;
}

void SyntaxRewriter::rewriteStructParam(const clang::FunctionDecl *kernel,
                                        clang::ParmVarDecl *p) {
  // OpenCL C forbids pointers in the structs a kernel takes; a CUDA host
  // puts device buffers there. The struct is passed in its host layout
  // (its pointers as ulong, which the kernel ignores) and each pointer
  // member as an added __global argument; the kernel rebuilds the struct.
  if (!pointerHolder(p->getType()))
    return;
  clang::PrintingPolicy policy(lo);
  const clang::RecordDecl *record = p->getType()->getAsRecordDecl();
  if (!record)
    return (void)error(p->getLocation(),
                       "a kernel argument of type '" +
                           p->getType().getAsString(policy) +
                           "' holds a pointer; OpenCL C forbids pointers "
                           "in kernel arguments of this kind");
  // The host layout is defined before the kernel's first declaration
  // (before the attributes written in front of it).
  const clang::FunctionDecl *first = kernel->getFirstDecl();
  clang::SourceLocation at =
      startWithAttributes(first, first->getOuterLocStart());
  std::string layout = hostLayout(record, at, p);
  if (layout.empty())
    return;
  std::optional<clang::TypeLoc> written = unqualifiedTypeLoc(p);
  if (!written)
    return;
  replaceRange(written->getSourceRange(), layout);
  if (!kernel->doesThisDeclarationHaveABody() || !p->getIdentifier())
    return;
  std::string name = p->getName().str();
  replaceToken(p->getLocation(), "xfence_arg_" + name);
  std::vector<PointerMember> members;
  pointerMemberPaths(record, "", members);
  std::string u = "xfence_u_" + name;
  std::string text = " union { " + layout + " h; " +
                     p->getType().getUnqualifiedType().getAsString(policy) +
                     " d; } " + u + "; " + u + ".h = xfence_arg_" + name + ";";
  for (const PointerMember &m : members)
    text += " " + u + ".d." + m.path + " = xfence_" + name + "_" +
            llvm::join(llvm::split(m.path, '.'), "_") + ";";
  std::string decl;
  llvm::raw_string_ostream os(decl);
  p->getType().print(os, policy, name);
  structPrologue[kernel] += text + " " + decl + " = " + u + ".d;";
}

std::string
SyntaxRewriter::structPointerParams(const clang::FunctionDecl *fn) const {
  std::string params;
  const clang::FunctionDecl *def = fn->getDefinition();
  clang::PrintingPolicy policy(lo);
  for (unsigned i = 0; i < fn->getNumParams(); ++i) {
    const clang::ParmVarDecl *p = fn->getParamDecl(i);
    const clang::RecordDecl *record = p->getType()->getAsRecordDecl();
    if (!record || !pointerHolder(p->getType()) ||
        !hostLayouts.count(record->getDefinition()))
      continue;
    const clang::ParmVarDecl *named =
        def && i < def->getNumParams() ? def->getParamDecl(i) : p;
    std::string name = named->getIdentifier() ? named->getName().str()
                                              : "argument" + std::to_string(i);
    std::vector<PointerMember> members;
    pointerMemberPaths(record, "", members);
    for (const PointerMember &m : members) {
      std::string decl;
      llvm::raw_string_ostream os(decl);
      m.field->getType()->getPointeeType().print(os, policy);
      params += ", __global " + decl + " *xfence_" + name + "_" +
                llvm::join(llvm::split(m.path, '.'), "_");
    }
  }
  return params;
}

void SyntaxRewriter::qualifyResult(clang::FunctionDecl *fn) {
  clang::QualType type = fn->getReturnType();
  if (!type->isPointerType())
    return;
  if (type->getPointeeType()->isPointerType())
    return (void)error(fn->getLocation(),
                       "a function returning a pointer to a pointer has no "
                       "address spaces that xfence can infer");
  // Where its return statements' pointers point (the analysis follows
  // them into the calls' results).
  std::optional<std::string> qualifier =
      qualifierAt(fn->getLocation(), spaces.pointeeOfResult(fn));
  if (qualifier && !qualifier->empty())
    insertBefore(fn->getTypeSpecStartLoc(), *qualifier);
}

void SyntaxRewriter::qualifyPointer(clang::DeclaratorDecl *d, unsigned memory,
                                    bool kernelParam) {
  clang::QualType type = d->getType();
  if (!type->isPointerType() || type->isFunctionPointerType())
    return; // a pointer to a function is reported as such
  if (type->getPointeeType()->isPointerType())
    return (void)error(d->getLocation(),
                       "a pointer to a pointer has no address spaces that "
                       "xfence can infer");
  std::optional<std::string> qualifier =
      qualifierAt(d->getLocation(), memory, kernelParam);
  if (qualifier && !qualifier->empty())
    insertPointerQualifier(d, *qualifier, /*alone=*/true);
}

bool SyntaxRewriter::VisitFunctionDecl(clang::FunctionDecl *fn) {
  if (fn->isTemplateInstantiation() || fn->getDescribedFunctionTemplate())
    return true; // reported at the template
  if (llvm::isa<clang::CXXMethodDecl>(fn))
    return true; // reported at the class
  bool kernel = fn->hasAttr<clang::CUDAGlobalAttr>();
  if (!kernel && !fn->hasAttr<clang::CUDADeviceAttr>())
    return true; // host code, left out by TraverseDecl
  functions.push_back(fn);
  if (kernel && fn->getStorageClass() == clang::SC_Static) {
    // OpenCL C kernels cannot be static: the keyword goes.
    clang::SourceLocation begin = sm.getExpansionLoc(fn->getOuterLocStart());
    clang::SourceLocation name = sm.getExpansionLoc(fn->getLocation());
    if (sm.getFileID(begin) == sm.getFileID(name)) {
      auto [file, from] = sm.getDecomposedLoc(begin);
      unsigned to = sm.getFileOffset(name);
      llvm::StringRef text = sm.getBufferData(file);
      clang::Lexer lexer(sm.getLocForStartOfFile(file), lo, text.begin(),
                         text.begin() + from, text.begin() + to);
      clang::Token tok;
      while (!lexer.LexFromRawLexer(tok) && !tok.is(clang::tok::eof)) {
        if (tok.is(clang::tok::raw_identifier) &&
            tok.getRawIdentifier() == "static") {
          unsigned at = sm.getFileOffset(tok.getLocation());
          edits.replace({file, at, at + tok.getLength()}, "");
          break;
        }
      }
    }
  }
  if (!fn->doesThisDeclarationHaveABody() && kernel && !fn->getDefinition()) {
    // A kernel declared but not defined in this file (parboil rpes declares
    // a three-parameter overload of the five-parameter ComputeX it
    // defines): nothing can launch or call it from this program, and in C
    // it would conflict with the kernel of that name.
    leaveOut(fn, true,
             "/* xfence: kernel '" + fn->getNameAsString() +
                 "' declared but not defined in this file: left out */");
    return true;
  }
  if (!fn->doesThisDeclarationHaveABody()) {
    // A prototype: the qualifiers, and the address spaces of the
    // definition's parameters.
    renameOverload(fn, fn->getLocation());
    rewriteAttributes(fn);
    makeInlineStatic(fn);
    rewriteFunctionSpecifiers(fn);
    if (!fn->getReturnType()->isReferenceType()) // reported at the definition
      qualifyResult(fn);
    const clang::FunctionDecl *def = fn->getDefinition();
    for (unsigned i = 0; i < fn->getNumParams(); ++i) {
      clang::ParmVarDecl *p = fn->getParamDecl(i);
      if (isThreadBlock(p->getType()))
        continue; // goes (removeThreadBlockVar)
      if (p->getType()->isReferenceType()) {
        if (!kernel) // a kernel's is reported at the definition
          rewriteReference(p, spaces.pointeeOf(def && i < def->getNumParams()
                                                   ? def->getParamDecl(i)
                                                   : p));
        continue;
      }
      if (kernel) {
        rewriteBoolParam(fn, p);
        rewriteStructParam(fn, p);
      }
      qualifyPointer(p,
                     spaces.pointeeOf(def && i < def->getNumParams()
                                          ? def->getParamDecl(i)
                                          : p),
                     kernel);
    }
    return true;
  }
  if (!renameOverload(fn, fn->getLocation()))
    renameIfKeyword(fn, fn->getLocation());
  if (kernel)
    declareSharedOfCallees(fn);
  if (fn->isOverloadedOperator())
    return error(fn->getLocation(), "an overloaded operator has no OpenCL C "
                                    "form");
  rewriteAttributes(fn);
  makeInlineStatic(fn);
  rewriteFunctionSpecifiers(fn);
  if (fn->getReturnType()->isReferenceType())
    error(fn->getLocation(), "a function returning a reference has no "
                             "OpenCL C form that xfence writes; return a "
                             "value or a pointer");
  else
    qualifyResult(fn);
  for (clang::ParmVarDecl *p : fn->parameters()) {
    if (!kernel && isThreadBlock(p->getType()))
      continue; // goes (removeThreadBlockVar)
    if (p->getType()->isReferenceType()) {
      if (kernel)
        error(p->getLocation(), "a reference parameter of a kernel has no "
                                "OpenCL C form; pass a pointer");
      else
        rewriteReference(p, spaces.pointeeOf(p));
      continue;
    }
    if (p->hasDefaultArg() && !p->hasInheritedDefaultArg()) {
      // `int sync = 0xf` -> `int sync`; the calls pass the value.
      clang::SourceRange value = p->getDefaultArgRange();
      clang::SourceLocation last = value.getEnd();
      if (last.isMacroID()) // a macro's use: `int sync = FULL`
        last = sm.getExpansionRange(last).getEnd();
      if (!p->getIdentifier() || p->getLocation().isMacroID() ||
          last.isMacroID())
        error(p->getLocation(), "a default argument of an unnamed parameter "
                                "or in a macro has no OpenCL C form");
      else
        replaceRange(clang::SourceRange(clang::Lexer::getLocForEndOfToken(
                                            p->getLocation(), 0, sm, lo),
                                        last),
                     "");
    }
    if (kernel) {
      rewriteBoolParam(fn, p);
      rewriteStructParam(fn, p);
    }
    rewriteAtomicType(p);
    qualifyPointer(p, spaces.pointeeOf(p), kernel);
    // __restrict__ -> restrict: the raw tokens of the parameter's text.
    if (std::optional<FileCharRange> r = rangeOf(p->getSourceRange())) {
      llvm::StringRef text = sm.getBufferData(r->file);
      clang::Lexer lexer(sm.getLocForStartOfFile(r->file), lo, text.begin(),
                         text.begin() + r->begin, text.begin() + r->end);
      clang::Token tok;
      while (true) {
        bool atEnd = lexer.LexFromRawLexer(tok);
        if (tok.is(clang::tok::eof))
          break;
        if (tok.is(clang::tok::raw_identifier) &&
            tok.getRawIdentifier() == "__restrict__") {
          unsigned offset = sm.getFileOffset(tok.getLocation());
          edits.replace({r->file, offset, offset + tok.getLength()},
                        "restrict");
        }
        if (atEnd)
          break;
      }
    }
  }
  return true;
}

llvm::SmallVector<clang::VarDecl *>
SyntaxRewriter::pointersOf(clang::DeclStmt *stmt) {
  llvm::SmallVector<clang::VarDecl *> pointers;
  for (clang::Decl *d : stmt->decls())
    if (auto *var = llvm::dyn_cast<clang::VarDecl>(d))
      if ((var->getType()->isPointerType() || isPointerArray(var->getType())) &&
          !var->getType()->isFunctionPointerType() &&
          !atomicValueType(var->getType()))
        // A __shared__ one of an inner block moves (with its address space)
        // to the kernel's scope.
        if (!var->hasAttr<clang::CUDASharedAttr>() || !currentFunction ||
            atKernelScope(var))
          pointers.push_back(var);
  return pointers;
}

bool SyntaxRewriter::VisitDeclStmt(clang::DeclStmt *stmt) {
  // One qualifier for all declarators of a statement (`float *a, *b`).
  llvm::SmallVector<clang::VarDecl *> pointers = pointersOf(stmt);
  if (pointers.empty())
    return true;
  std::string qualifier;
  for (clang::VarDecl *var : pointers) {
    std::optional<std::string> spelled =
        qualifierAt(var->getLocation(), spaces.pointeeOf(var));
    if (!spelled)
      return true; // reported; keep going
    std::string q = *spelled;
    if (var != pointers.front() && q != qualifier)
      return error(var->getLocation(),
                   "the pointers of this declaration point into different "
                   "address spaces; declare them separately");
    qualifier = q;
  }
  if (qualifier.empty())
    return true;
  if (pointers.size() != static_cast<size_t>(llvm::count_if(
                             stmt->decls(), [](const clang::Decl *d) {
                               return llvm::isa<clang::VarDecl>(d);
                             })))
    return splitPointerDeclaration(stmt, qualifier);
  insertPointerQualifier(pointers.front(), qualifier, stmt->isSingleDecl());
  return true;
}

bool SyntaxRewriter::splitPointerDeclaration(clang::DeclStmt *stmt,
                                             const std::string &qualifier) {
  // `ulong *address, old;`: the qualifier before the type would make `old`
  // a __global variable too. Each declarator becomes a declaration of its
  // own, `__global ulong *address; ulong old;`, the pointers qualified.
  llvm::SmallVector<clang::VarDecl *> vars;
  for (clang::Decl *d : stmt->decls())
    if (auto *var = llvm::dyn_cast<clang::VarDecl>(d))
      vars.push_back(var);
  clang::VarDecl *first = vars.front();
  auto refuse = [&]() {
    return error(first->getLocation(),
                 "a pointer and a variable of another kind in one "
                 "declaration: the pointer's address space would apply to "
                 "both; declare them separately");
  };
  if (vars.size() != static_cast<size_t>(
                         std::distance(stmt->decl_begin(), stmt->decl_end())) ||
      stmt->getBeginLoc().isMacroID() || stmt->getEndLoc().isMacroID())
    return refuse();
  for (const clang::DynTypedNode &parent : src.getContext().getParents(*stmt))
    if (parent.get<clang::ForStmt>())
      return refuse(); // `;` would end the for's initialization
  auto isPointer = [&](const clang::VarDecl *var) {
    return llvm::is_contained(pointersOf(stmt), var);
  };
  if (isPointer(first))
    insertBefore(first->getTypeSpecStartLoc(), qualifier);
  for (size_t i = 1; i < vars.size(); ++i) {
    // The specifiers of the new declaration: the declarator's type without
    // its pointers and array bounds, which its text keeps, spelled as
    // OpenCL C spells it (`unsigned long long` is `ulong`).
    clang::QualType base = vars[i]->getType();
    while (base->isPointerType() || base->isArrayType())
      base = base->isPointerType()
                 ? base->getPointeeType()
                 : src.getContext().getAsArrayType(base)->getElementType();
    std::optional<std::string> specifiers = spellType(base);
    if (!specifiers)
      return refuse();
    std::optional<clang::Token> comma =
        clang::Lexer::findNextToken(vars[i - 1]->getEndLoc(), sm, lo);
    if (!comma || !comma->is(clang::tok::comma) ||
        comma->getLocation().isMacroID())
      return refuse();
    replaceToken(comma->getLocation(),
                 "; " + (isPointer(vars[i]) ? qualifier : std::string()) +
                     *specifiers);
  }
  return true;
}

/// Whether `decl` is declared in namespace cooperative_groups (or one
/// nested in it).
static bool inCooperativeGroups(const clang::Decl *decl) {
  for (const clang::DeclContext *dc = decl->getDeclContext(); dc;
       dc = dc->getParent())
    if (const auto *ns = llvm::dyn_cast<clang::NamespaceDecl>(dc))
      if (ns->getName() == "cooperative_groups")
        return true;
  return false;
}

/// Whether `type` is cooperative_groups::thread_block.
static bool isThreadBlock(clang::QualType type) {
  const auto *record = type.getNonReferenceType()->getAsCXXRecordDecl();
  return record && record->getName() == "thread_block" &&
         inCooperativeGroups(record);
}

/// The text of element `i` of a comma-separated list whose elements'
/// ranges are `ranges`, with one comma next to it: what goes when the
/// element goes (`f(a, cta, b)` -> `f(a, b)`).
static std::optional<FileCharRange>
listElementWithComma(llvm::ArrayRef<std::optional<FileCharRange>> ranges,
                     unsigned i) {
  if (!ranges[i])
    return std::nullopt;
  FileCharRange r = *ranges[i];
  if (i > 0) {
    if (!ranges[i - 1] || ranges[i - 1]->file != r.file)
      return std::nullopt;
    return FileCharRange{r.file, ranges[i - 1]->end, r.end};
  }
  if (i + 1 < ranges.size()) {
    if (!ranges[i + 1] || ranges[i + 1]->file != r.file)
      return std::nullopt;
    return FileCharRange{r.file, r.begin, ranges[i + 1]->begin};
  }
  return r;
}

bool SyntaxRewriter::removeThreadBlockParam(const clang::ParmVarDecl *param) {
  const auto *fn =
      llvm::dyn_cast_or_null<clang::FunctionDecl>(param->getDeclContext());
  if (!fn || fn->hasAttr<clang::CUDAGlobalAttr>() ||
      !fn->hasAttr<clang::CUDADeviceAttr>())
    return false;
  std::vector<std::optional<FileCharRange>> ranges;
  for (const clang::ParmVarDecl *p : fn->parameters())
    ranges.push_back(findRewriteRange(sm, lo, p->getSourceRange(),
                                      /*preferInvocation=*/true));
  std::optional<FileCharRange> text =
      listElementWithComma(ranges, param->getFunctionScopeIndex());
  if (!text)
    return false;
  if (removedThreadBlockParams.insert({text->file.getHashValue(), text->begin})
          .second)
    edits.replace(*text, "");
  return true;
}

bool SyntaxRewriter::removeThreadBlockVar(clang::VarDecl *var) {
  if (!isThreadBlock(var->getType()))
    return false;
  // A thread_block parameter of a __device__ function: the only block a
  // thread has is its own (this_thread_block()), so the parameter goes
  // with the arguments that pass it, and its uses are the work-item
  // functions and the barrier of a local thread_block.
  if (const auto *param = llvm::dyn_cast<clang::ParmVarDecl>(var))
    if (removeThreadBlockParam(param))
      return true;
  const clang::DeclStmt *stmt = declStmtOf(var);
  const clang::Expr *init =
      var->getInit() ? var->getInit()->IgnoreImplicit() : nullptr;
  if (const auto *construct =
          llvm::dyn_cast_or_null<clang::CXXConstructExpr>(init);
      construct && construct->getNumArgs() == 1)
    init = construct->getArg(0)->IgnoreImplicit();
  const auto *call = llvm::dyn_cast_or_null<clang::CallExpr>(init);
  const clang::FunctionDecl *callee = call ? call->getDirectCallee() : nullptr;
  if (llvm::isa<clang::ParmVarDecl>(var) || !stmt || !stmt->isSingleDecl() ||
      !callee || callee->getName() != "this_thread_block") {
    if (!reportedGroups.insert(var->getCanonicalDecl()).second)
      return true; // a declaration is visited more than once
    error(var->getLocation(),
          "a cooperative_groups::thread_block has an OpenCL C form only as "
          "a local variable initialized with this_thread_block() (its "
          "members become work-item functions); pass what the callee needs "
          "instead");
    return true;
  }
  replaceRange(stmt->getSourceRange(), "");
  return true;
}

bool SyntaxRewriter::rewriteThreadBlockCall(const clang::CallExpr *call,
                                            const clang::FunctionDecl *callee) {
  if (!inCooperativeGroups(callee))
    return false;
  llvm::StringRef name = callee->getName();
  // sync() of a group, and cg::sync(g): the dialect's barrier, rewritten
  // as a synchronization site (or refused by the importer).
  if (name == "sync")
    return true;
  clang::ASTContext &ctx = src.getContext();
  auto parentOf = [&](const clang::Expr *e) -> const clang::Stmt * {
    clang::DynTypedNodeList parents = ctx.getParents(*e);
    while (!parents.empty()) {
      const clang::Stmt *p = parents[0].get<clang::Stmt>();
      if (!p)
        return nullptr;
      if (!llvm::isa<clang::ImplicitCastExpr, clang::MaterializeTemporaryExpr,
                     clang::CXXBindTemporaryExpr, clang::ExprWithCleanups,
                     clang::ParenExpr>(p))
        return p;
      parents = ctx.getParents(*p);
    }
    return nullptr;
  };
  if (name == "this_thread_block") {
    // The initializer of a thread_block variable (which goes), or the
    // object of one of the members below (rewritten whole).
    const clang::Stmt *parent = parentOf(call);
    if (parent && (llvm::isa<clang::MemberExpr>(parent) ||
                   llvm::isa<clang::CXXConstructExpr>(parent)))
      return true;
    if (!parent) // a variable's initializer
      return true;
    // An argument of a thread_block parameter, which goes with it.
    if (const auto *outer = llvm::dyn_cast<clang::CallExpr>(parent))
      if (const clang::FunctionDecl *f = outer->getDirectCallee();
          f && isUserDecl(src, f))
        for (unsigned i = 0; i < outer->getNumArgs() && i < f->getNumParams();
             ++i)
          if (outer->getArg(i)->IgnoreImplicit() == call &&
              isThreadBlock(f->getParamDecl(i)->getType()))
            return true;
    error(call->getBeginLoc(),
          "this_thread_block() has an OpenCL C form only to initialize a "
          "thread_block variable or to call one of its members");
    return true;
  }
  // thread_block's members are static in CUDA's header: called through
  // the object, the callee is a member expression all the same.
  const auto *member = llvm::dyn_cast<clang::MemberExpr>(
      call->getCallee()->IgnoreParenImpCasts());
  if (!member ||
      !isThreadBlock(member->getBase()->IgnoreImpCasts()->getType())) {
    error(call->getBeginLoc(),
          "'" + name +
              "' of cooperative groups has no OpenCL C form that "
              "xfence knows (thread_block's members and sync() have one)");
    return true;
  }
  // OpenCL C's spelling of the member's result type.
  std::string type = "uint";
  if (const auto *builtin =
          callee->getReturnType()->getAs<clang::BuiltinType>())
    if (builtin->getKind() == clang::BuiltinType::ULongLong ||
        builtin->getKind() == clang::BuiltinType::ULong)
      type = "ulong";
  if (name == "thread_rank") {
    // CUDA: (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x +
    // threadIdx.x.
    replaceRange(call->getSourceRange(),
                 "(" + type +
                     ")((get_local_id(2) * get_local_size(1) + "
                     "get_local_id(1)) * get_local_size(0) + get_local_id(0))");
    return true;
  }
  if (name == "size" || name == "num_threads") {
    replaceRange(call->getSourceRange(),
                 "(" + type +
                     ")(get_local_size(0) * get_local_size(1) * "
                     "get_local_size(2))");
    return true;
  }
  const char *fn = llvm::StringSwitch<const char *>(name)
                       .Case("thread_index", "get_local_id")
                       .Case("group_index", "get_group_id")
                       .Cases({"dim_threads", "group_dim"}, "get_local_size")
                       .Default(nullptr);
  const auto *field = llvm::dyn_cast_or_null<clang::MemberExpr>(parentOf(call));
  int dim = -1;
  if (field && field->getMemberDecl()->getIdentifier())
    dim = llvm::StringSwitch<int>(field->getMemberDecl()->getName())
              .Case("x", 0)
              .Case("y", 1)
              .Case("z", 2)
              .Default(-1);
  if (!fn || dim < 0) {
    error(call->getBeginLoc(),
          "'" + name +
              "' of a thread_block has no OpenCL C form that xfence "
              "knows (thread_rank, size, num_threads, and thread_index, "
              "group_index, dim_threads as .x, .y or .z have one)");
    return true;
  }
  replaceRange(field->getSourceRange(),
               std::string("(uint)") + fn + "(" + std::to_string(dim) + ")");
  return true;
}

bool SyntaxRewriter::VisitVarDecl(clang::VarDecl *var) {
  renameIfKeyword(var, var->getLocation());
  rewriteAlignas(var);
  if (removeThreadBlockVar(var))
    return true;
  warnThreeComponentLayout(
      var, llvm::isa<clang::ParmVarDecl>(var) && currentFunction &&
               currentFunction->hasAttr<clang::CUDAGlobalAttr>());
  if (const auto *param = llvm::dyn_cast<clang::ParmVarDecl>(var))
    if (std::optional<TextureKind> kind = textureKindOf(param))
      if (clang::TypeSourceInfo *tsi = param->getTypeSourceInfo())
        if (auto typedefLoc = tsi->getTypeLoc()
                                  .getUnqualifiedLoc()
                                  .getAs<clang::TypedefTypeLoc>()) {
          // A texture object: the image its reads take.
          textureTypeLocs.insert(typedefLoc.getNameLoc());
          replaceToken(typedefLoc.getNameLoc(),
                       "__read_only " + openCLImageType(*kind).str());
        }
  // One at file scope is an error where device code uses it (the
  // translation leaves out a __device__ variable that no kernel uses).
  if (isFunctionPointer(var->getType()) && !var->isFileVarDecl())
    error(var->getLocation(), "a pointer to a function has no OpenCL C form "
                              "(OpenCL C 3.0, 6.11.a)");
  if (llvm::isa<clang::ParmVarDecl>(var)) {
    // `__grid_constant__ const T p`: a kernel's argument by value is
    // constant in OpenCL C already; the attribute goes.
    if (var->hasAttr<clang::CUDAGridConstantAttr>())
      rewriteAttributes(var);
    return true;
  }
  rewriteAutoVar(var);
  rewriteDim3Var(var);
  if (var->getInitStyle() == clang::VarDecl::CallInit && var->getInit()) {
    const auto *construct = llvm::dyn_cast<clang::CXXConstructExpr>(
        var->getInit()->IgnoreImplicit());
    std::optional<llvm::StringRef> half;
    if (construct)
      half = openCLHalfTypeName(construct->getConstructor()->getParent());
    if (half && !isUserDecl(src, construct->getConstructor()) &&
        construct->getNumArgs() > 0 &&
        construct->getParenOrBraceRange().isValid()) {
      // `__half2 v(a, b);`: OpenCL C's `half2 v = (half2)(a, b);`.
      insertBefore(construct->getParenOrBraceRange().getBegin(),
                   " = (" + half->str() + ")");
    } else if ((!construct && var->getType()->isScalarType()) ||
               (construct && construct->getNumArgs() == 1 &&
                construct->getConstructor()->isCopyOrMoveConstructor())) {
      // `const unsigned int N(1024);`, `uchar4 e(table[i]);`: C
      // initializes with `=`.
      if (std::optional<clang::Token> paren =
              clang::Lexer::findNextToken(var->getLocation(), sm, lo);
          paren && paren->is(clang::tok::l_paren) &&
          !var->getLocation().isMacroID() && !paren->getLocation().isMacroID())
        insertBefore(paren->getLocation(), " = ");
    }
  }
  if (var->getInitStyle() == clang::VarDecl::ListInit && var->getInit())
    if (const auto *list = llvm::dyn_cast<clang::InitListExpr>(
            var->getInit()->IgnoreImplicit())) {
      // `P a{x, 2};`, `int n{3};`: C initializes with `= {...}`.
      clang::SourceLocation brace = list->getLBraceLoc();
      if (brace.isInvalid() || brace.isMacroID())
        error(var->getLocation(), "cannot rewrite this braced initializer "
                                  "(written in a macro?); write `= {...}`");
      else
        insertBefore(brace, " = ");
    }
  if (var->isConstexpr() && !replaceConstexpr(var))
    return true;
  // C++17's inline variable (one definition for all files): OpenCL C's
  // program has one file.
  if (var->isInlineSpecified() && !replaceSpecifier(var, "inline", ""))
    return error(var->getLocation(),
                 "an inline variable declared through a macro has no OpenCL "
                 "C form that xfence can write");
  if (var->getType()->isReferenceType())
    return rewriteReferenceVar(var);
  bool isRef = false;
  if (std::optional<clang::QualType> value =
          atomicValueType(var->getType(), &isRef);
      value && isRef) {
    // cuda::atomic_ref<T, S> r(x) -> AS T *r = &(x)
    auto *construct =
        llvm::dyn_cast_or_null<clang::CXXConstructExpr>(var->getInit());
    if (!construct || construct->getNumArgs() != 1)
      return error(var->getLocation(),
                   "expected an atomic_ref made from one object");
    std::optional<FileCharRange> argText =
        rangeOf(construct->getArg(0)->getSourceRange());
    if (!argText)
      return error(var->getLocation(), "cannot rewrite this text");
    std::optional<std::string> spelled =
        qualifierAt(var->getLocation(), spaces.storageOf(construct->getArg(0)));
    if (!spelled)
      return true; // reported; keep going
    std::string q = *spelled;
    clang::PrintingPolicy policy(lo);
    llvm::StringRef arg =
        sm.getBufferData(argText->file).slice(argText->begin, argText->end);
    replaceRange(var->getSourceRange(), q + value->getAsString(policy) + " *" +
                                            var->getName().str() + " = &(" +
                                            arg.str() + ")");
    return true;
  }
  if (var->hasAttr<clang::CUDASharedAttr>()) {
    if (var->hasExternalStorage()) {
      if (!var->getType()->isIncompleteArrayType())
        return error(var->getLocation(),
                     "extern __shared__ must be an array of unknown size");
      dynamicShared.push_back(var);
      if (var->isFileVarDecl()) {
        removeDecl(var);
      } else {
        replaceRange(var->getSourceRange(),
                     "/* xfence: dynamic shared memory '" +
                         var->getName().str() +
                         "' is a __local kernel argument */ (void)0");
      }
      return true;
    }
    if (var->isFileVarDecl()) {
      // A __shared__ variable at file scope: one per block, as if each
      // kernel that uses it declared it (OpenCL C: at kernel scope).
      leaveOut(var, true,
               "/* xfence: __shared__ '" + var->getName().str() +
                   "' is declared in each kernel that uses it" +
                   (fileShared.count(var->getCanonicalDecl())
                        ? " and passed to the __device__ functions that use "
                          "it as a __local pointer"
                        : "") +
                   " */");
      return true;
    }
    if (isDeviceFunctionShared(var) && hoisted(var)) {
      // One per block, as a file-scope __shared__ variable that only this
      // function uses: declared in each kernel that calls the function
      // and passed down as a __local pointer.
      auto *stmt = declStmtOf(var);
      if (!stmt || !stmt->isSingleDecl())
        return error(var->getLocation(),
                     "a __shared__ variable of a __device__ function must be "
                     "declared alone to be moved to the kernels' scope");
      replaceRange(stmt->getSourceRange(),
                   "/* xfence: __shared__ '" + var->getName().str() +
                       "' is declared in each kernel that calls this "
                       "function and passed to it as a __local pointer */");
      return true;
    }
    if (!currentFunction || !currentFunction->hasAttr<clang::CUDAGlobalAttr>())
      return error(var->getLocation(),
                   "__shared__ memory outside a kernel has no OpenCL C form "
                   "(OpenCL C allows __local variables only in kernels; a "
                   "__shared__ variable of a template or a member function "
                   "is not moved to them)");
    if (!atKernelScope(var)) {
      // OpenCL C allows __local variables only in the outermost scope of a
      // kernel: declared there (renamed if the kernel has another variable
      // of that name), the same memory for the whole block as in CUDA.
      auto *stmt = declStmtOf(var);
      if (!stmt || !stmt->isSingleDecl())
        return error(var->getLocation(),
                     "a __shared__ variable in an inner scope must be "
                     "declared alone to be moved to the kernel's scope");
      std::string name = var->getName().str();
      if (nameTaken(currentFunction, var))
        name += "_" + std::to_string(++renamedCount);
      renamedShared[var] = name;
      hoistLocal(currentFunction, var, name);
      replaceRange(stmt->getSourceRange(),
                   "/* xfence: __shared__ '" + var->getName().str() +
                       "' is declared at the kernel's scope" +
                       (name != var->getName() ? " as '" + name + "'" : "") +
                       " */");
      return true;
    }
    // `static __shared__` (wedford): every __shared__ variable is one per
    // block already; OpenCL C has no static __local variable.
    // (clang gives every __shared__ variable static storage: the keyword
    // goes where it is written.)
    if (var->getStorageClass() == clang::SC_Static)
      replaceSpecifier(var, "static", "");
    if (var->getType()->isPointerType()) {
      // A pointer in __local memory: `__global T *__local p` (the
      // qualifier before the type would be the pointee's).
      rewriteAttributes(var, "", "");
      insertBefore(var->getLocation(), "__local ");
      return true;
    }
    rewriteAttributes(var);
    rewriteAtomicType(var);
    return true;
  }
  bool fileScope = var->getDeclContext()->getRedeclContext()->isFileContext();
  if (fileScope && var->hasExternalStorage() &&
      (var->hasAttr<clang::CUDAConstantAttr>() ||
       var->hasAttr<clang::CUDADeviceAttr>()))
    return error(var->getLocation(),
                 "an extern __device__ or __constant__ variable (separate "
                 "compilation) has no OpenCL C form");
  if (fileScope && hoisted(var)) {
    // Set by the host (cudaMemcpyToSymbol) or kept from launch to launch:
    // a buffer that the host passes to every kernel that uses it.
    bool constant = var->hasAttr<clang::CUDAConstantAttr>();
    if (constant && !isConstantPointer(var)) {
      clang::QualType element = var->getType().getCanonicalType();
      while (const clang::ArrayType *array = element->getAsArrayTypeUnsafe())
        element = array->getElementType().getCanonicalType();
      if (element->isPointerType() || pointerHolder(element))
        return error(var->getLocation(),
                     "a __constant__ variable that holds pointers (an array "
                     "or a struct of them) has no OpenCL C form that xfence "
                     "writes: the buffer it would be cannot hold pointers; "
                     "pass the pointers as kernel arguments");
    }
    leaveOut(var, true,
             std::string("/* xfence: ") +
                 (constant ? "__constant__" : "__device__") + " variable '" +
                 var->getName().str() + "' is a " +
                 (constant ? "__constant" : "__global") +
                 " argument of the kernels that use it (see the top) */");
    return true;
  }
  if (auto *constant = var->getAttr<clang::CUDAConstantAttr>()) {
    if (constant->isImplicit() && fileScope) {
      // A const host variable that device code reads (clang makes it
      // __constant__ implicitly), or a `__device__ const` one: a __constant
      // variable.
      insertBefore(var->getOuterLocStart(), "__constant ");
      rewriteAttributes(var, "", "");
    } else {
      rewriteAttributes(var);
    }
    return true;
  }
  if (fileScope && var->hasAttr<clang::CUDADeviceAttr>() &&
      !var->hasAttr<clang::CUDASharedAttr>()) {
    // OpenCL C 2.0 (3.0 with __opencl_c_program_scope_global_variables):
    // a program-scope variable in the global address space lives, as a
    // __device__ variable does, for as long as the program, and starts
    // with its initializer (zero without one).
    programScopeVariables = true;
    rewriteAttributes(var, "__global");
    rewriteAtomicType(var);
    return true;
  }
  if (fileScope && var->getType().isConstQualified() && var->hasInit() &&
      !var->hasAttr<clang::CUDASharedAttr>()) {
    // A host constant that device code reads (CUDA allows it for constant
    // initializers): a __constant variable.
    insertBefore(var->getOuterLocStart(), "__constant ");
    return true;
  }
  if (var->hasGlobalStorage() && !var->isStaticLocal() &&
      !var->hasExternalStorage())
    return error(var->getLocation(),
                 "a program-scope variable outside __constant__ memory has "
                 "no portable OpenCL C form (not in 1.2; optional in 3.0); "
                 "pass a buffer, or use #define for a constant");
  if (var->isStaticLocal()) {
    // A constant table (`static const double c[] = {...};`): one object
    // for every call in CUDA, an object per call in OpenCL C with the same
    // values; nothing can write it, so nothing can tell them apart.
    if (!var->getType().isConstQualified() || !var->getInit() ||
        !var->getInit()->isConstantInitializer(src.getContext(), false))
      return error(var->getLocation(),
                   "a static local variable that is not a constant (one "
                   "object that every thread shares) has no OpenCL C form "
                   "that xfence writes; declare it __device__ at file "
                   "scope");
    if (!replaceSpecifier(var, "static", ""))
      return error(var->getLocation(), "cannot rewrite this static local "
                                       "constant (declared through a "
                                       "macro)");
  }
  rewriteAtomicType(var);
  return true;
}

void SyntaxRewriter::rewriteReference(clang::DeclaratorDecl *d,
                                      unsigned memory) {
  clang::TypeSourceInfo *tsi = d->getTypeSourceInfo();
  auto ref = tsi ? tsi->getTypeLoc().getAs<clang::LValueReferenceTypeLoc>()
                 : clang::LValueReferenceTypeLoc();
  if (!ref || ref.getSigilLoc().isMacroID())
    return (void)error(d->getLocation(),
                       "this reference has no OpenCL C form that xfence can "
                       "write (an rvalue reference, or a reference type "
                       "spelled through a typedef or macro); use a pointer");
  clang::QualType pointee = d->getType()->getPointeeType();
  if (pointee->isPointerType() || pointee->isArrayType() ||
      pointee->isReferenceType() || pointee->isFunctionType())
    return (void)error(d->getLocation(),
                       "a reference to a pointer, array or function has no "
                       "address spaces that xfence can infer; use a pointer");
  std::optional<std::string> qualifier = qualifierAt(d->getLocation(), memory);
  if (!qualifier)
    return;
  replaceToken(ref.getSigilLoc(), "*");
  if (!qualifier->empty())
    insertBefore(d->getTypeSpecStartLoc(), *qualifier);
  if (auto *var = llvm::dyn_cast<clang::VarDecl>(d))
    pointerReferences.insert(var->getCanonicalDecl());
}

bool SyntaxRewriter::rewriteReferenceVar(clang::VarDecl *var) {
  if (var->getDeclContext()->getRedeclContext()->isFileContext() ||
      var->isStaticLocal() || !var->getInit())
    return error(var->getLocation(), "a reference at file scope or static "
                                     "has no OpenCL C form; use a pointer");
  const clang::DeclStmt *stmt = declStmtOf(var);
  if (!stmt || !stmt->isSingleDecl())
    return error(var->getLocation(), "a reference must be declared alone "
                                     "(it becomes a pointer)");
  const clang::Expr *init = var->getInit();
  if (llvm::isa<clang::MaterializeTemporaryExpr>(init) ||
      llvm::isa<clang::ExprWithCleanups>(init)) {
    // Bound to a temporary that only it refers to: a variable of that
    // value is the same.
    clang::TypeSourceInfo *tsi = var->getTypeSourceInfo();
    auto ref = tsi ? tsi->getTypeLoc().getAs<clang::LValueReferenceTypeLoc>()
                   : clang::LValueReferenceTypeLoc();
    if (!ref || ref.getSigilLoc().isMacroID())
      return error(var->getLocation(), "this reference has no OpenCL C form "
                                       "that xfence can write");
    replaceToken(ref.getSigilLoc(), "");
    return true;
  }
  std::optional<FileCharRange> range = rangeOf(init->getSourceRange());
  if (!range)
    return error(var->getLocation(), "cannot rewrite this text");
  rewriteReference(var, spaces.pointeeOf(var));
  edits.insertBefore(*range, "&(", init->getBeginLoc());
  edits.insertAfter(*range, ")", init->getBeginLoc());
  return true;
}

bool SyntaxRewriter::rewriteReferenceUse(const clang::DeclRefExpr *ref) {
  auto *var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
  if (!var || !var->getType()->isReferenceType() ||
      isThreadBlock(var->getType()))
    return false;
  bool pointer = pointerReferences.count(var->getCanonicalDecl());
  if (auto *p = llvm::dyn_cast<clang::ParmVarDecl>(var))
    if (auto *fn = llvm::dyn_cast<clang::FunctionDecl>(p->getDeclContext()))
      pointer = !fn->hasAttr<clang::CUDAGlobalAttr>();
  if (!pointer)
    return false;
  std::string name = var->getName().str();
  if (isOpenCLKeyword(name))
    name += "_";
  replaceToken(ref->getLocation(), "(*" + name + ")");
  return true;
}

void SyntaxRewriter::rewriteReferenceArgs(const clang::CallExpr *call,
                                          const clang::FunctionDecl *callee) {
  for (unsigned i = 0; i < call->getNumArgs() && i < callee->getNumParams();
       ++i) {
    clang::QualType type = callee->getParamDecl(i)->getType();
    if (!type->isReferenceType() || isThreadBlock(type))
      continue; // a thread_block's argument goes (VisitCallExpr)
    const clang::Expr *arg = call->getArg(i);
    std::optional<FileCharRange> range = rangeOf(arg->getSourceRange());
    if (!range) {
      error(arg->getBeginLoc(), "cannot rewrite this argument of a reference "
                                "parameter (written in a macro?)");
      continue;
    }
    if (llvm::isa<clang::MaterializeTemporaryExpr>(arg)) {
      // A scalar or vector temporary bound to a const reference: a
      // compound literal in private memory, `&((const __private T){arg})`,
      // which lives to the end of the block (the temporary to the end of
      // the full expression: nothing can tell, it is const). Its address
      // space written out: clang's OpenCL C 1.2 gives a compound literal
      // none that a __private pointer takes.
      clang::QualType pointee = type.getNonReferenceType();
      std::optional<std::string> text =
          pointee.isConstQualified() ? spellType(pointee.getUnqualifiedType())
                                     : std::nullopt;
      const clang::RecordDecl *record = pointee->getAsRecordDecl();
      if (text &&
          (pointee->isArithmeticType() || (record && !isUserDecl(src, record) &&
                                           isSharedVectorTypeName(*text)))) {
        edits.insertBefore(*range, "&((const __private " + *text + "){",
                           arg->getBeginLoc());
        edits.insertAfter(*range, "})", arg->getBeginLoc());
        continue;
      }
      if (text && record && isUserDecl(src, record) &&
          record->getDeclContext()->getRedeclContext()->isFileContext()) {
        // A struct: the element of a one-element array literal, which C
        // initializes from an expression of the struct's type (a struct
        // compound literal's braces would give its first member).
        edits.insertBefore(*range, "&((const __private " + *text + "[1]){",
                           arg->getBeginLoc());
        edits.insertAfter(*range, "})[0]", arg->getBeginLoc());
        continue;
      }
      error(arg->getBeginLoc(),
            "a temporary bound to a reference parameter has no OpenCL C "
            "form that xfence can write (the parameter becomes a pointer; "
            "a const scalar, vector or struct one becomes a compound "
            "literal); pass a variable");
      continue;
    }
    addressOf(arg);
  }
}

void SyntaxRewriter::writeCompoundLiteral(const clang::InitListExpr *list) {
  clang::SourceLocation lbrace = list->getLBraceLoc();
  clang::SourceLocation rbrace = list->getRBraceLoc();
  const clang::RecordDecl *record = list->getType()->getAsRecordDecl();
  if (!record || lbrace.isInvalid() || rbrace.isInvalid())
    return;
  // A struct's name, or the typedef's of an unnamed one.
  const clang::NamedDecl *named = record;
  if (!record->getIdentifier())
    named = record->getTypedefNameForAnonDecl();
  if (!named || !named->getIdentifier())
    return;
  if (!compoundLiterals.insert(lbrace).second)
    return;
  std::string name = openCLSpelling(named);
  bool vector = !src.isUserLocation(record->getLocation());
  if (vector && !isSharedVectorTypeName(name))
    return; // a library's class: the output check reports it
  if (lbrace.isMacroID() || rbrace.isMacroID())
    return (void)error(lbrace, "cannot rewrite this braced temporary "
                               "(written in a macro); write a compound "
                               "literal");
  if (!vector) {
    if (!record->getDeclContext()->getRedeclContext()->isFileContext())
      return (void)error(lbrace, "a braced temporary of a struct declared "
                                 "in a function has no OpenCL C form that "
                                 "xfence writes");
    replaceToken(lbrace, "(" + name + "){");
    return;
  }
  // OpenCL C's vector literal gives every component: those the braces
  // leave out are zero, as in C++.
  std::string zeros;
  for (const clang::Expr *init : list->inits())
    if (llvm::isa<clang::ImplicitValueInitExpr>(init))
      zeros += ", 0";
  if (list->getNumInits() == 0 || zeros.size() / 3 == list->getNumInits())
    return (void)error(lbrace, "an empty braced temporary has no OpenCL C "
                               "form; give the components' values");
  replaceToken(lbrace, "(" + name + ")(");
  replaceToken(rbrace, zeros + ")");
}

void SyntaxRewriter::addressOf(const clang::Expr *e) {
  // `c ? a : b` is an lvalue in C++ and not in C: its address is
  // `c ? &(a) : &(b)` (bwt's compare_rotations(f ? t2 : t1, ...)).
  if (const auto *cond =
          llvm::dyn_cast<clang::ConditionalOperator>(e->IgnoreParenImpCasts());
      cond && cond->isGLValue()) {
    addressOf(cond->getTrueExpr());
    addressOf(cond->getFalseExpr());
    return;
  }
  std::optional<FileCharRange> range = rangeOf(e->getSourceRange());
  if (!range)
    return (void)error(e->getBeginLoc(),
                       "cannot rewrite this argument of a reference "
                       "parameter (written in a macro?)");
  edits.insertBefore(*range, "&(", e->getBeginLoc());
  edits.insertAfter(*range, ")", e->getBeginLoc());
}

bool SyntaxRewriter::VisitCXXNamedCastExpr(clang::CXXNamedCastExpr *e) {
  // static_cast, reinterpret_cast and const_cast convert as a C cast does
  // (C++ picks among them what a C cast would do); dynamic_cast has no C
  // form. `reinterpret_cast<T>(x)` -> `((T)(x))`, the parentheses keep a
  // postfix operator after it applying to the cast.
  if (!llvm::isa<clang::CXXStaticCastExpr, clang::CXXReinterpretCastExpr,
                 clang::CXXConstCastExpr>(e))
    return error(e->getBeginLoc(), std::string("'") + e->getCastName() +
                                       "' has no OpenCL C form");
  clang::SourceRange angles = e->getAngleBrackets();
  clang::SourceLocation rparen = e->getRParenLoc();
  if (std::optional<clang::CharSourceRange> use =
          systemMacroUse(e->getOperatorLoc(), "assert")) {
    // <assert.h>'s assert, whose C++ form is a static_cast: with NDEBUG
    // nothing (`static_cast<void>(0)`); otherwise OpenCL C has no way to
    // stop the kernel as CUDA's assert does.
    if (!e->getType()->isVoidType())
      return error(use->getBegin(),
                   "assert has no OpenCL C form (OpenCL C cannot stop a "
                   "kernel as CUDA's assert does); translate with -DNDEBUG "
                   "to leave the assertions out");
    if (assertUses.insert(use->getBegin()).second)
      replaceRange(use->getAsRange(), "((void)0)");
    return true;
  }
  if (e->getOperatorLoc().isMacroID() || angles.getBegin().isMacroID() ||
      angles.getEnd().isMacroID() || rparen.isMacroID())
    return error(e->getBeginLoc(), std::string("cannot rewrite this '") +
                                       e->getCastName() +
                                       "' (written in a macro); use a C cast");
  auto [file, begin] = sm.getDecomposedLoc(e->getOperatorLoc());
  unsigned langle = sm.getFileOffset(angles.getBegin());
  edits.replace({file, begin, langle + 1}, "((");
  unsigned rangle = sm.getFileOffset(angles.getEnd());
  edits.replace({file, rangle, rangle + 1}, ")");
  unsigned end = sm.getFileOffset(rparen) + 1;
  edits.replace({file, end, end}, ")");
  qualifyCast(e);
  return true;
}

bool SyntaxRewriter::VisitCXXFunctionalCastExpr(
    clang::CXXFunctionalCastExpr *e) {
  // C++'s functional cast `T(x)` (rodinia's `fp(1.6)` with `#define fp
  // float`) -> the C cast `((T)(x))`; `T{x}` has no C form. A class type
  // (`cuda::atomic_ref<int, S>(x)`) is a construction, rewritten as such.
  const clang::RecordDecl *record = e->getType()->getAsRecordDecl();
  // `__half(x)`: a conversion, to OpenCL C's half (its type's name is
  // renamed by VisitRecordTypeLoc).
  if (record && openCLHalfTypeName(record) && !isUserDecl(src, record))
    record = nullptr;
  if (record) {
    // `Pair{3, 4}` of the user's plain struct: the compound literal
    // `(Pair){3, 4}`, the same aggregate initialization in C.
    if (!e->isListInitialization() ||
        !src.isUserLocation(record->getLocation()))
      return true;
    clang::TypeSourceInfo *tsi = e->getTypeInfoAsWritten();
    std::optional<FileCharRange> type =
        tsi ? rangeOf(tsi->getTypeLoc().getSourceRange()) : std::nullopt;
    if (!type)
      return error(e->getBeginLoc(), "cannot rewrite this braced "
                                     "initialization (written in a macro); "
                                     "write a compound literal");
    const auto *list =
        llvm::dyn_cast<clang::InitListExpr>(e->getSubExpr()->IgnoreImplicit());
    if (!list || list->getNumInits() == 0)
      return error(e->getBeginLoc(),
                   "an empty braced initialization has no OpenCL C form; "
                   "give the members' values");
    edits.insertBefore(*type, "(", e->getBeginLoc());
    edits.insertAfter(*type, ")", e->getBeginLoc());
    return true;
  }
  if (e->isListInitialization() || e->getLParenLoc().isInvalid())
    return error(e->getBeginLoc(), "a functional cast with braces has no "
                                   "OpenCL C form; write a C cast");
  std::optional<FileCharRange> whole = rangeOf(e->getSourceRange());
  std::optional<FileCharRange> lparen =
      whole ? findRangeInside(
                  sm, lo,
                  clang::SourceRange(e->getLParenLoc(), e->getLParenLoc()),
                  *whole)
            : std::nullopt;
  if (!whole || !lparen)
    return error(e->getBeginLoc(), "cannot rewrite this functional cast "
                                   "(written in a macro); use a C cast");
  edits.insertBefore(*whole, "((", e->getBeginLoc());
  edits.replace({lparen->file, lparen->begin, lparen->begin}, ")",
                e->getBeginLoc());
  edits.insertAfter(*whole, ")", e->getBeginLoc());
  return true;
}

bool SyntaxRewriter::VisitCXXTemporaryObjectExpr(
    clang::CXXTemporaryObjectExpr *e) {
  // `__half2(a, b)`: OpenCL C's vector literal `(half2)(a, b)` (the type's
  // name is renamed by VisitRecordTypeLoc).
  const clang::CXXRecordDecl *record = e->getConstructor()->getParent();
  if (!openCLHalfTypeName(record) || isUserDecl(src, record))
    return true;
  if (e->getNumArgs() == 0 || e->isListInitialization())
    return error(e->getBeginLoc(), "this construction of a " +
                                       record->getName().str() +
                                       " has no OpenCL C form; give its value");
  clang::TypeSourceInfo *tsi = e->getTypeSourceInfo();
  std::optional<FileCharRange> type =
      tsi ? rangeOf(tsi->getTypeLoc().getSourceRange()) : std::nullopt;
  if (!type)
    return error(e->getBeginLoc(), "cannot rewrite this construction of a " +
                                       record->getName().str() +
                                       " (written in a macro); write a cast");
  edits.insertBefore(*type, "(", e->getBeginLoc());
  edits.insertAfter(*type, ")", e->getBeginLoc());
  return true;
}

void SyntaxRewriter::qualifyCast(clang::ExplicitCastExpr *e) {
  clang::TypeSourceInfo *tsi = e->getTypeInfoAsWritten();
  if (!tsi || !e->getType()->isPointerType() ||
      e->getType()->getPointeeType()->isPointerType())
    return;
  clang::TypeLoc tl = tsi->getTypeLoc();
  if (auto q = tl.getAs<clang::QualifiedTypeLoc>())
    tl = q.getUnqualifiedLoc();
  if (!tl.getAs<clang::PointerTypeLoc>())
    return; // a typedef of a pointer type: its own text decides
  if (tl.getBeginLoc().isMacroID()) {
    // Written in a user macro's body (parboil's `#define MAGIC_CAST(v)
    // ((unsigned int *)((void *)(&(v))))`): the body is edited for all its
    // expansions, which must all want the same address space (SourceEdits
    // checks that; a use that needs another one is an error).
    unsigned memory = spaces.pointeeOf(e);
    if (memory != kGlobalMemory && memory != kSharedMemory &&
        memory != kConstantMemory)
      return;
    std::optional<FileCharRange> type = rangeOf(tl.getSourceRange());
    std::string message;
    std::string qualifier = qualifierFor(memory, cl2, false, message);
    if (!type || qualifier.empty())
      return;
    edits.insertBefore(*type, qualifier, e->getBeginLoc());
    return;
  }
  // Only where the operand's memory is known and one: a cast of an integer
  // (or from where the analysis does not look) stays as written.
  unsigned memory = spaces.pointeeOf(e);
  if (memory != kGlobalMemory && memory != kSharedMemory &&
      memory != kConstantMemory)
    return;
  std::string message;
  std::string qualifier = qualifierFor(memory, cl2, false, message);
  if (!qualifier.empty())
    insertBefore(tl.getBeginLoc(), qualifier);
}

void SyntaxRewriter::warnThreeComponentLayout(const clang::DeclaratorDecl *d,
                                              bool byValue) {
  clang::QualType type = d->getType();
  bool inMemory = byValue;
  while (type->isPointerType() || type->isArrayType() ||
         type->isReferenceType()) {
    inMemory = true;
    type = type->isArrayType()
               ? src.getContext().getAsArrayType(type)->getElementType()
               : type->getPointeeType();
  }
  const clang::RecordDecl *record = type->getAsRecordDecl();
  if (!inMemory || !record || !record->getIdentifier() ||
      src.isUserLocation(record->getLocation()) ||
      !isSharedVectorTypeName(record->getName()) ||
      !record->getName().ends_with("3"))
    return;
  clang::SourceLocation at = sm.getExpansionLoc(d->getLocation());
  if (!src.isUserLocation(at) || !warnedLayouts.insert(at).second)
    return;
  src.report(at, DiagnosticsEngine::Warning,
             "CUDA stores a " + record->getName().str() +
                 " as 3 components; OpenCL C gives a 3-component vector the "
                 "size and alignment of a 4-component one: the memory this " +
                 (llvm::isa<clang::FieldDecl>(d) ? "member" : "declaration") +
                 " names has another layout in the translation, which the "
                 "host program must give it");
}

bool SyntaxRewriter::isBuiltinVectorOperator(const clang::FunctionDecl *fn) {
  const clang::FunctionDecl *def = fn->getDefinition();
  if (!def)
    return false;
  auto [it, inserted] = vectorOperators.try_emplace(def, false);
  if (inserted)
    it->second = isComponentwiseVectorOperator(def, src);
  return it->second;
}

void SyntaxRewriter::checkLibraryType(const clang::TagDecl *decl,
                                      clang::SourceLocation at) {
  if (!decl || !decl->getIdentifier() ||
      src.isUserLocation(decl->getLocation()) ||
      isSharedVectorTypeName(decl->getName()) || decl->getName() == "dim3")
    return;
  for (const clang::DeclContext *dc = decl->getDeclContext(); dc;
       dc = dc->getParent())
    if (const auto *ns = llvm::dyn_cast<clang::NamespaceDecl>(dc))
      if (ns->getName() == "cooperative_groups" || ns->getName() == "cuda")
        return;
  clang::SourceLocation written = sm.getExpansionLoc(at);
  if (!src.isUserLocation(written))
    return;
  // CUDA's __half and __half2: OpenCL C's half and half2 (cl_khr_fp16; the
  // prelude enables it where the output uses them).
  if (std::optional<llvm::StringRef> half = openCLHalfTypeName(decl)) {
    if (renamedHalfTypes.insert(at).second)
      replaceToken(at, half->str());
    return;
  }
  if (!reportedLibraryTypes.insert(written).second)
    return;
  error(at, "'" + decl->getName() +
                "' is a type of a library (CUDA's runtime, its half and "
                "bfloat16 types, Thrust, ...) that OpenCL C does not have");
}

bool SyntaxRewriter::VisitTypedefTypeLoc(clang::TypedefTypeLoc tl) {
  if (textureTypeLocs.contains(tl.getNameLoc()))
    return true; // a texture object's image type (VisitVarDecl)
  // uint32_t and the other <stdint.h> types: typedefs in the prelude.
  const clang::TypedefNameDecl *d = tl.getTypePtr()->getDecl();
  if (d && !src.isUserLocation(d->getLocation())) {
    const clang::TagDecl *tag = d->getUnderlyingType()->getAsTagDecl();
    if (isCudaDim3(tag) && !tl.getNameLoc().isMacroID() &&
        src.isUserLocation(tl.getNameLoc())) {
      replaceToken(tl.getNameLoc(), "uint3");
      return true;
    }
    checkLibraryType(tag, tl.getNameLoc());
    if (openCLHalfTypeName(tag))
      return true; // cuda_fp16.h's `half`: renamed there
  }
  if (d && d->getIdentifier() &&
      (isOpenCLAtomicTypeName(d->getName()) ||
       isOpenCLVectorTypeName(d->getName())))
    renameIfKeyword(d, tl.getNameLoc());
  if (!d || src.isUserLocation(d->getLocation()) || !d->getIdentifier())
    return true;
  llvm::StringRef name = d->getName();
  if (const char *type = stdintOpenCLName(name)) {
    stdintTypes[name.str()] = type;
    removeLibraryQualifier(tl.getQualifierLoc());
    return true;
  }
  if (isOpenCLTypedefName(name)) {
    removeLibraryQualifier(tl.getQualifierLoc());
    return true;
  }
  // Another library's name of a type OpenCL C has (cuFFT's cufftComplex
  // is float2, glibc's u_int32_t unsigned int): the type it names.
  if (!src.isUserLocation(sm.getSpellingLoc(tl.getNameLoc())))
    return true; // spelled in a library's macro
  if (std::optional<std::string> text = spellType(d->getUnderlyingType()))
    replaceToken(tl.getNameLoc(), *text);
  return true;
}

bool SyntaxRewriter::VisitBuiltinTypeLoc(clang::BuiltinTypeLoc tl) {
  // CUDA's long long is 64 bits; OpenCL C reserves `long long` for a
  // 128-bit integer (clang makes it one), and its 64-bit integers are long
  // and ulong.
  clang::BuiltinType::Kind kind = tl.getTypePtr()->getKind();
  if (kind != clang::BuiltinType::LongLong &&
      kind != clang::BuiltinType::ULongLong)
    return true;
  clang::SourceLocation begin = tl.getBeginLoc();
  if (begin.isInvalid() || !src.isUserLocation(sm.getExpansionLoc(begin)))
    return true;
  replaceRange(tl.getSourceRange(),
               kind == clang::BuiltinType::LongLong ? "long" : "ulong");
  return true;
}

bool SyntaxRewriter::VisitIntegerLiteral(clang::IntegerLiteral *e) {
  // `1ull` is a 128-bit literal in OpenCL C (see VisitBuiltinTypeLoc):
  // `~0ull >> 32` would keep 96 one bits and `atomicAdd(p, 1ull)` would
  // match no atomic. The suffix's `ll` becomes `l`, a 64-bit literal.
  const auto *type = e->getType()->getAs<clang::BuiltinType>();
  if (!type || (type->getKind() != clang::BuiltinType::LongLong &&
                type->getKind() != clang::BuiltinType::ULongLong))
    return true;
  clang::SourceLocation spelling = sm.getSpellingLoc(e->getLocation());
  if (!src.isUserLocation(spelling))
    return true;
  llvm::SmallString<32> buffer;
  bool invalid = false;
  llvm::StringRef text =
      clang::Lexer::getSpelling(spelling, buffer, sm, lo, &invalid);
  if (invalid)
    return true;
  // `ll` or `LL` anywhere in the suffix (`ull`, `LLU`).
  size_t suffix = text.find_last_not_of("uUlL") + 1;
  std::string spelled = text.str();
  size_t at = spelled.find("ll", suffix);
  if (at == std::string::npos)
    at = spelled.find("LL", suffix);
  if (at == std::string::npos)
    return true;
  spelled.erase(at, 1);
  replaceToken(e->getLocation(), spelled);
  return true;
}

bool SyntaxRewriter::isScopedUserEnum(const clang::EnumDecl *d) const {
  return d->isScoped() && d->getIdentifier() &&
         src.isUserLocation(d->getLocation());
}

std::string
SyntaxRewriter::scopedEnumeratorName(const clang::EnumConstantDecl *c) const {
  return llvm::cast<clang::EnumDecl>(c->getDeclContext())->getName().str() +
         "_" + c->getName().str();
}

bool SyntaxRewriter::rewriteScopedEnum(clang::EnumDecl *d) {
  // `enum class Op : int { ERODE }` -> `enum Op { Op_ERODE }`: C's
  // enumerators share one scope, so each is named with its enumeration's
  // name (every use is qualified in C++); the underlying type is C's int.
  clang::ASTContext &ctx = src.getContext();
  if (!ctx.hasSameType(d->getIntegerType(), ctx.IntTy))
    return error(d->getLocation(),
                 "a scoped enumeration whose type is not int has no OpenCL C "
                 "form (C's enumerations are int); use int constants");
  if (d->getBeginLoc().isMacroID() || d->getLocation().isMacroID())
    return error(d->getLocation(), "cannot rewrite this enumeration: it is "
                                   "written in a macro");
  // The `class` or `struct` after `enum`, up to the name.
  std::optional<clang::Token> key =
      clang::Lexer::findNextToken(d->getBeginLoc(), sm, lo);
  if (!key || !key->is(clang::tok::raw_identifier) ||
      (key->getRawIdentifier() != "class" &&
       key->getRawIdentifier() != "struct"))
    return error(d->getLocation(), "cannot rewrite this enumeration");
  replaceToken(key->getLocation(), "");
  if (clang::SourceRange type = d->getIntegerTypeRange(); type.isValid()) {
    // `: int`, from the end of the name.
    clang::SourceLocation nameEnd =
        clang::Lexer::getLocForEndOfToken(d->getLocation(), 0, sm, lo);
    clang::SourceLocation typeEnd =
        clang::Lexer::getLocForEndOfToken(type.getEnd(), 0, sm, lo);
    if (type.getEnd().isMacroID() || nameEnd.isInvalid() || typeEnd.isInvalid())
      return error(d->getLocation(), "cannot rewrite this enumeration's type");
    auto [file, from] = sm.getDecomposedLoc(nameEnd);
    edits.replace({file, from, sm.getFileOffset(typeEnd)}, "");
  }
  for (const clang::EnumConstantDecl *c : d->enumerators()) {
    if (c->getLocation().isMacroID())
      return error(c->getLocation(), "cannot rewrite this enumerator: it is "
                                     "written in a macro");
    replaceToken(c->getLocation(), scopedEnumeratorName(c));
  }
  return true;
}

bool SyntaxRewriter::VisitEnumDecl(clang::EnumDecl *d) {
  if (isScopedUserEnum(d) && d->isThisDeclarationADefinition() &&
      !rewriteScopedEnum(d))
    return true;
  addEnumTypedef(d);
  // `enum memory_order { memory_order_relaxed = 0, ... }` (a file that was
  // OpenCL C once, or that mimics it): OpenCL C 2.0 declares memory_order
  // and memory_scope itself. With the same enumerators and values the
  // user's goes; otherwise it is an error (renaming it would change what
  // its enumerators name).
  if (!isUserFileScopeName(d) ||
      (d->getName() != "memory_order" && d->getName() != "memory_scope"))
    return true;
  bool same = true;
  for (const clang::EnumConstantDecl *c : d->enumerators()) {
    std::optional<int64_t> value = openCLEnumeratorValue(c->getName());
    if (!value || !c->getName().starts_with(d->getName()) ||
        c->getInitVal().getSExtValue() != *value)
      same = false;
    if (!same && cl2)
      return error(c->getLocation(),
                   "'" + d->getName() +
                       "' is an enumeration of OpenCL C "
                       "2.0 with other enumerators; rename the enumeration");
  }
  if (cl2)
    return leaveOutOpenCLName(d, "enum",
                              "OpenCL C 2.0's own, with the same enumerators");
  // OpenCL C 1.2 output has no such enumeration: the user's stays, for a
  // compiler of 1.2 only where its enumerators are OpenCL C 2.0's own (a
  // 2.0 or 3.0 compiler of this 1.2 text would see it defined twice).
  if (same) {
    clang::SourceLocation end = clang::Lexer::findLocationAfterToken(
        sm.getExpansionLoc(d->getEndLoc()), clang::tok::semi, sm, lo, false);
    if (end.isValid() && !d->getBeginLoc().isMacroID()) {
      insertBefore(d->getBeginLoc(),
                   "#if !defined(__OPENCL_C_VERSION__) || "
                   "__OPENCL_C_VERSION__ < 200 /* xfence: OpenCL C 2.0 has "
                   "this enumeration */\n");
      insertBefore(end, "\n#endif");
    }
  }
  return true;
}

bool SyntaxRewriter::isUserFileScopeName(const clang::NamedDecl *d) {
  return d->getIdentifier() && src.isUserLocation(d->getLocation()) &&
         d->getDeclContext()->isFileContext();
}

bool SyntaxRewriter::leaveOutOpenCLName(clang::NamedDecl *d,
                                        llvm::StringRef what,
                                        llvm::StringRef why) {
  leaveOut(d, true,
           "/* xfence: " + what.str() + " '" + d->getName().str() +
               "' removed: " + why.str() + " */");
  return true;
}

bool SyntaxRewriter::VisitTypedefNameDecl(clang::TypedefNameDecl *d) {
  // A typedef named as an atomic type of OpenCL C 2.0 (`typedef unsigned
  // int atomic_uint;`) is the user's own type: renamed, with its uses.
  if (d->getIdentifier() && (isOpenCLAtomicTypeName(d->getName()) ||
                             isOpenCLVectorTypeName(d->getName())))
    renameIfKeyword(d, d->getLocation());
  if (auto *alias = llvm::dyn_cast<clang::TypeAliasDecl>(d);
      alias && src.isUserLocation(alias->getLocation()))
    rewriteTypeAlias(alias);
  // `typedef unsigned int uint;`: OpenCL C has uint (uchar, ushort, ulong)
  // built in, as that same type; the typedef goes.
  if (!isUserFileScopeName(d))
    return true;
  clang::ASTContext &ctx = src.getContext();
  clang::QualType builtin = llvm::StringSwitch<clang::QualType>(d->getName())
                                .Case("uchar", ctx.UnsignedCharTy)
                                .Case("ushort", ctx.UnsignedShortTy)
                                .Case("uint", ctx.UnsignedIntTy)
                                .Case("ulong", ctx.UnsignedLongTy)
                                .Default(clang::QualType());
  if (builtin.isNull())
    return true;
  if (!ctx.hasSameType(d->getUnderlyingType(), builtin) &&
      !(d->getName() == "ulong" &&
        ctx.hasSameType(d->getUnderlyingType(), ctx.UnsignedLongLongTy)))
    return error(d->getLocation(),
                 "'" + d->getName() +
                     "' is a built-in type of OpenCL C with another "
                     "definition; rename the typedef");
  return leaveOutOpenCLName(d, "typedef", "a built-in type of OpenCL C");
}

void SyntaxRewriter::rewriteTypeAlias(clang::TypeAliasDecl *alias) {
  // `using T = float;` -> `typedef float T;`: the text between `using` and
  // the type goes, the name follows the type.
  if (alias->getDescribedAliasTemplate())
    return (void)error(alias->getLocation(),
                       "an alias template has no OpenCL C form; write a "
                       "typedef per type");
  clang::TypeSourceInfo *tsi = alias->getTypeSourceInfo();
  clang::QualType type = alias->getUnderlyingType();
  if (type->isArrayType() || type->isFunctionType() ||
      type->isFunctionPointerType())
    return (void)error(alias->getLocation(),
                       "a 'using' alias of an array or function type has no "
                       "OpenCL C form that xfence writes; write a typedef");
  clang::SourceLocation begin = alias->getBeginLoc();
  if (!tsi || begin.isMacroID() ||
      tsi->getTypeLoc().getBeginLoc().isMacroID() ||
      tsi->getTypeLoc().getEndLoc().isMacroID())
    return (void)error(alias->getLocation(),
                       "a 'using' alias written in a macro has no OpenCL C "
                       "form that xfence can write; write a typedef");
  auto [file, from] = sm.getDecomposedLoc(begin);
  auto [typeFile, to] = sm.getDecomposedLoc(tsi->getTypeLoc().getBeginLoc());
  if (file != typeFile)
    return (void)error(alias->getLocation(), "cannot rewrite this alias");
  edits.replace({file, from, to}, "typedef ");
  clang::SourceLocation end = tsi->getTypeLoc().getEndLoc();
  auto [endFile, endOffset] = sm.getDecomposedLoc(end);
  endOffset += clang::Lexer::MeasureTokenLength(end, sm, lo);
  edits.replace({endFile, endOffset, endOffset}, " " + alias->getName().str());
}

/// Identifiers of CUDA code that are keywords of OpenCL C.
bool isOpenCLKeyword(llvm::StringRef name) {
  static const llvm::StringSet<> keywords = {
      "local",     "global",     "constant",   "private", "kernel",
      "read_only", "write_only", "read_write", "half",    "image1d_t",
      "image2d_t", "image3d_t",  "sampler_t",  "event_t", "uchar",
      "ushort",    "uint",       "ulong",      "generic", "pipe"};
  return keywords.contains(name) || isOpenCLAtomicTypeName(name) ||
         isOpenCLVectorTypeName(name);
}

/// The built-in vector types of OpenCL C (OpenCL C 3.0, 6.3.1): `int8`,
/// `float16`, ... A user's type of such a name (HeCBench's fluidSim has a
/// struct `int8` of eight ints) is renamed; CUDA's own vector types (int2,
/// float4, ...) are declared in its headers and are OpenCL C's.
bool isOpenCLVectorTypeName(llvm::StringRef name) {
  for (llvm::StringRef scalar :
       {"char", "uchar", "short", "ushort", "int", "uint", "long", "ulong",
        "float", "double", "half"}) {
    llvm::StringRef rest = name;
    if (!rest.consume_front(scalar))
      continue;
    if (rest == "2" || rest == "3" || rest == "4" || rest == "8" ||
        rest == "16")
      return true;
  }
  return false;
}

/// The atomic types of OpenCL C 2.0 (section 6.13.11.6), built-in typedef
/// names from 2.0 on.
bool isOpenCLAtomicTypeName(llvm::StringRef name) {
  static const llvm::StringSet<> names = {
      "atomic_int",       "atomic_uint",   "atomic_long",     "atomic_ulong",
      "atomic_float",     "atomic_double", "atomic_flag",     "atomic_intptr_t",
      "atomic_uintptr_t", "atomic_size_t", "atomic_ptrdiff_t"};
  return names.contains(name);
}

/// Whether `name` is a built-in function of OpenCL C (OpenCL C 3.0, 6.15),
/// which a user's function of that name would redeclare: PoCL's headers
/// define many as macros of their own names (`clamp` is `_cl_clamp`), so
/// the user's function (helper_math.h's clamp, dot, length, ...) would
/// become theirs.
static bool isOpenCLBuiltinFunctionName(llvm::StringRef name) {
  static const llvm::StringSet<> names = {
      // Math functions.
      "acos", "acosh", "acospi", "asin", "asinh", "asinpi", "atan", "atan2",
      "atanh", "atanpi", "atan2pi", "cbrt", "ceil", "copysign", "cos", "cosh",
      "cospi", "erfc", "erf", "exp", "exp2", "exp10", "expm1", "fabs", "fdim",
      "floor", "fma", "fmax", "fmin", "fmod", "fract", "frexp", "hypot",
      "ilogb", "ldexp", "lgamma", "lgamma_r", "log", "log2", "log10", "log1p",
      "logb", "mad", "maxmag", "minmag", "modf", "nan", "nextafter", "pow",
      "pown", "powr", "remainder", "remquo", "rint", "rootn", "round", "rsqrt",
      "sin", "sincos", "sinh", "sinpi", "sqrt", "tan", "tanh", "tanpi",
      "tgamma", "trunc",
      // Integer functions.
      "abs", "abs_diff", "add_sat", "hadd", "rhadd", "clamp", "clz", "ctz",
      "mad_hi", "mad_sat", "max", "min", "mul_hi", "rotate", "sub_sat",
      "upsample", "popcount", "mad24", "mul24",
      // Common, geometric and relational functions.
      "degrees", "mix", "radians", "step", "smoothstep", "sign", "cross", "dot",
      "distance", "length", "normalize", "fast_distance", "fast_length",
      "fast_normalize", "isequal", "isnotequal", "isgreater", "isgreaterequal",
      "isless", "islessequal", "islessgreater", "isfinite", "isinf", "isnan",
      "isnormal", "isordered", "isunordered", "signbit", "any", "all",
      "bitselect", "select", "shuffle", "shuffle2",
      // Synchronization, copies and work-items.
      "barrier", "mem_fence", "read_mem_fence", "write_mem_fence",
      "work_group_barrier", "async_work_group_copy",
      "async_work_group_strided_copy", "wait_group_events", "prefetch",
      "get_work_dim", "get_global_size", "get_global_id", "get_local_size",
      "get_local_id", "get_num_groups", "get_group_id", "get_global_offset",
      "printf"};
  if (names.contains(name))
    return true;
  // native_cos, half_sqrt, ...
  static const llvm::StringSet<> fast = {
      "cos",   "divide", "exp",   "exp2",  "exp10", "log",  "log2",
      "log10", "powr",   "recip", "rsqrt", "sin",   "sqrt", "tan"};
  llvm::StringRef rest = name;
  if (rest.consume_front("native_") || rest.consume_front("half_"))
    return fast.contains(rest);
  // as_float4, convert_int_sat_rte, ...
  auto isTypeName = [](llvm::StringRef t) {
    for (llvm::StringRef element :
         {"char", "uchar", "short", "ushort", "int", "uint", "long", "ulong",
          "float", "double", "half"})
      if (t.consume_front(element))
        return t.empty() || llvm::is_contained({"2", "3", "4", "8", "16"}, t);
    return false;
  };
  rest = name;
  if (rest.consume_front("as_"))
    return isTypeName(rest);
  if (rest.consume_front("convert_"))
    return isTypeName(rest.split('_').first);
  // vload4, vstore_half2, ...
  rest = name;
  if (rest.consume_front("vload") || rest.consume_front("vstore")) {
    rest.consume_front("a");
    rest.consume_front("_half");
    return rest.empty() || llvm::is_contained({"2", "3", "4", "8", "16"},
                                              rest.split('_').first);
  }
  // The atomic functions of OpenCL C 1.x (atomic_add, atom_add) and 2.0.
  static const llvm::StringSet<> atomics = {"add",
                                            "sub",
                                            "xchg",
                                            "inc",
                                            "dec",
                                            "cmpxchg",
                                            "min",
                                            "max",
                                            "and",
                                            "or",
                                            "xor",
                                            "init",
                                            "store",
                                            "load",
                                            "exchange",
                                            "compare_exchange_strong",
                                            "compare_exchange_weak",
                                            "fetch_add",
                                            "fetch_sub",
                                            "fetch_or",
                                            "fetch_xor",
                                            "fetch_and",
                                            "fetch_min",
                                            "fetch_max",
                                            "work_item_fence",
                                            "flag_test_and_set",
                                            "flag_clear"};
  for (llvm::StringRef prefix : {"atomic_", "atom_"}) {
    rest = name;
    if (rest.consume_front(prefix)) {
      rest.consume_back("_explicit");
      return atomics.contains(rest);
    }
  }
  return false;
}

std::string SyntaxRewriter::openCLSpelling(const clang::NamedDecl *d) const {
  if (!d->getIdentifier())
    return "";
  std::string name = d->getName().str();
  // A name that OpenCL C reserves, or a function of its built-in library,
  // gets a trailing '_', in its declaration and every use.
  if (src.isUserLocation(d->getLocation()) &&
      (isOpenCLKeyword(name) || (llvm::isa<clang::FunctionDecl>(d) &&
                                 isOpenCLBuiltinFunctionName(name))))
    name += "_";
  return name;
}

void SyntaxRewriter::renameIfKeyword(const clang::NamedDecl *d,
                                     clang::SourceLocation at) {
  std::string name = openCLSpelling(d);
  if (!name.empty() && name != d->getName())
    replaceToken(at, name);
}

bool SyntaxRewriter::VisitDeclRefExpr(clang::DeclRefExpr *ref) {
  if (rewriteReferenceUse(ref))
    return true;
  if (!renameOverload(ref->getDecl(), ref->getLocation()))
    renameIfKeyword(ref->getDecl(), ref->getLocation());
  if (auto *c = llvm::dyn_cast<clang::EnumConstantDecl>(ref->getDecl()))
    if (isScopedUserEnum(llvm::cast<clang::EnumDecl>(c->getDeclContext())))
      replaceToken(ref->getLocation(), scopedEnumeratorName(c));
  auto *var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
  if (!var)
    return true;
  // A file-scope pointer to a function (a cuFFT callback the host fetches)
  // is an error where device code uses it.
  if (var->isFileVarDecl() && isFunctionPointer(var->getType()) &&
      currentFunction)
    return error(ref->getLocation(), "a pointer to a function has no OpenCL "
                                     "C form (OpenCL C 3.0, 6.11.a)");
  if (auto it = renamedShared.find(var);
      it != renamedShared.end() && it->second != var->getName())
    replaceToken(ref->getLocation(), it->second);
  if (var->isFileVarDecl() && var->hasAttr<clang::CUDASharedAttr>() &&
      !var->hasExternalStorage() && currentFunction &&
      currentFunction->hasAttr<clang::CUDAGlobalAttr>()) {
    auto &list = kernelFileShared[currentFunction];
    if (!llvm::is_contained(list, var)) {
      list.push_back(var);
      hoistLocal(currentFunction, var, var->getName().str());
    }
  }
  if (hoisted(var) && isFileShared(var) && currentFunction &&
      currentFunction->hasAttr<clang::CUDAGlobalAttr>())
    return true; // a __local variable of the kernel
  if (hoisted(var) && !isDynamicShared(var)) {
    // A pointer argument now: a scalar is `(*name)`; an array decays to
    // the pointer as it did before.
    if (!currentFunction)
      return error(ref->getLocation(),
                   "this variable becomes a kernel argument; it cannot be "
                   "used outside a function");
    if (isConstantPointer(var)) {
      // Its value is the argument (a __global pointer).
      if (var->getType()->getPointeeType()->isPointerType())
        return error(ref->getLocation(),
                     "a __constant__ pointer to pointers has no OpenCL C "
                     "form (a kernel argument cannot point to pointers)");
      return true;
    }
    if (!var->getType()->isArrayType())
      replaceToken(ref->getLocation(), "(*" + var->getName().str() + ")");
    return true;
  }
  if (var->hasAttr<clang::CUDASharedAttr>() && var->hasExternalStorage() &&
      currentFunction) {
    if (!currentFunction->hasAttr<clang::CUDAGlobalAttr>()) {
      if (isDynamicShared(var))
        return true; // a __local pointer parameter (hoistedParam)
      return error(ref->getLocation(),
                   "dynamic shared memory declared in a __device__ function "
                   "has no OpenCL C form that xfence writes; declare it at "
                   "file scope or pass it to the function as a pointer");
    }
    auto &list = kernelDynamicShared[currentFunction];
    if (!llvm::is_contained(list, var))
      list.push_back(var);
    if (list.size() > 1)
      return error(ref->getLocation(),
                   "two extern __shared__ arrays alias the same memory in "
                   "CUDA; use one and offset into it");
    return true;
  }
  llvm::StringRef name = var->getName();
  if (!src.isUserLocation(var->getLocation()) && name == "warpSize") {
    // CUDA's warpSize is 32 on every NVIDIA GPU (clang's CUDA headers
    // define it so): the value, in index arithmetic. What the code assumes
    // of a warp's lanes running together is the shuffles' and
    // __syncwarp's, under the sub-group size policy.
    replaceToken(ref->getLocation(), "32");
    return true;
  }
  if (!src.isUserLocation(var->getLocation()) &&
      (name == "threadIdx" || name == "blockIdx" || name == "blockDim" ||
       name == "gridDim")) {
    // The whole variable (`dim3 t = threadIdx;`, a uint3 or dim3 value):
    // OpenCL C's three work-item functions in a uint3.
    const char *fn = name == "threadIdx"  ? "get_local_id"
                     : name == "blockIdx" ? "get_group_id"
                     : name == "blockDim" ? "get_local_size"
                                          : "get_num_groups";
    std::string text = "((uint3)(";
    for (int d = 0; d < 3; ++d)
      text += std::string(d ? ", " : "") + "(uint)" + fn + "(" +
              std::to_string(d) + ")";
    replaceToken(ref->getLocation(), text + "))");
    return true;
  }
  return true;
}

bool SyntaxRewriter::VisitPseudoObjectExpr(clang::PseudoObjectExpr *e) {
  auto *prop = llvm::dyn_cast<clang::MSPropertyRefExpr>(
      e->getSyntacticForm()->IgnoreParens());
  if (!prop)
    return true;
  const clang::Expr *baseExpr = prop->getBaseExpr()->IgnoreParenImpCasts();
  if (auto *opaque = llvm::dyn_cast<clang::OpaqueValueExpr>(baseExpr))
    baseExpr = opaque->getSourceExpr()->IgnoreParenImpCasts();
  auto *base = llvm::dyn_cast<clang::DeclRefExpr>(baseExpr);
  if (!base)
    return true;
  llvm::StringRef var = base->getDecl()->getName();
  llvm::StringRef field = prop->getPropertyDecl()->getName();
  const char *fn = llvm::StringSwitch<const char *>(var)
                       .Case("threadIdx", "get_local_id")
                       .Case("blockIdx", "get_group_id")
                       .Case("blockDim", "get_local_size")
                       .Case("gridDim", "get_num_groups")
                       .Default(nullptr);
  int dim = llvm::StringSwitch<int>(field)
                .Case("x", 0)
                .Case("y", 1)
                .Case("z", 2)
                .Default(-1);
  if (!fn || dim < 0)
    return error(e->getBeginLoc(), "no OpenCL C form for this built-in");
  // The property's own text: the syntactic form may hold parentheses
  // around it (`(a)` in `#define UMUL(a, b) ((a) * (b))`), which are text
  // of a macro body that other uses share.
  replaceRange(prop->getSourceRange(),
               std::string("(uint)") + fn + "(" + std::to_string(dim) + ")");
  return true;
}

std::optional<std::string>
SyntaxRewriter::numericLimit(const clang::CallExpr *call) {
  const auto *method =
      llvm::dyn_cast_or_null<clang::CXXMethodDecl>(call->getDirectCallee());
  if (!method || !method->isStatic() || !method->getIdentifier())
    return std::nullopt;
  const auto *spec = llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(
      method->getParent());
  if (!spec || spec->getName() != "numeric_limits" ||
      !spec->getDeclContext()->isStdNamespace() ||
      spec->getTemplateArgs().size() != 1 ||
      spec->getTemplateArgs()[0].getKind() != clang::TemplateArgument::Type)
    return std::nullopt;
  const auto *builtin = spec->getTemplateArgs()[0]
                            .getAsType()
                            .getCanonicalType()
                            ->getAs<clang::BuiltinType>();
  if (!builtin)
    return std::nullopt;
  // {max, min, lowest} of the integers; floats add epsilon, infinity, NaN.
  struct Limits {
    clang::BuiltinType::Kind kind;
    const char *max, *min, *lowest;
    const char *epsilon = nullptr, *infinity = nullptr, *nan = nullptr;
  };
  using K = clang::BuiltinType::Kind;
  static const Limits kLimits[] = {
      {K::Char_S, "CHAR_MAX", "CHAR_MIN", "CHAR_MIN"},
      {K::SChar, "SCHAR_MAX", "SCHAR_MIN", "SCHAR_MIN"},
      {K::Char_U, "UCHAR_MAX", "(uchar)0", "(uchar)0"},
      {K::UChar, "UCHAR_MAX", "(uchar)0", "(uchar)0"},
      {K::Short, "SHRT_MAX", "SHRT_MIN", "SHRT_MIN"},
      {K::UShort, "USHRT_MAX", "(ushort)0", "(ushort)0"},
      {K::Int, "INT_MAX", "INT_MIN", "INT_MIN"},
      {K::UInt, "UINT_MAX", "0u", "0u"},
      // 64 bits in CUDA's device code, as OpenCL C's long.
      {K::Long, "LONG_MAX", "LONG_MIN", "LONG_MIN"},
      {K::LongLong, "LONG_MAX", "LONG_MIN", "LONG_MIN"},
      {K::ULong, "ULONG_MAX", "0ul", "0ul"},
      {K::ULongLong, "ULONG_MAX", "0ul", "0ul"},
      {K::Float, "FLT_MAX", "FLT_MIN", "(-FLT_MAX)", "FLT_EPSILON", "INFINITY",
       "NAN"},
      {K::Double, "DBL_MAX", "DBL_MIN", "(-DBL_MAX)", "DBL_EPSILON",
       "((double)INFINITY)", "((double)NAN)"}};
  const Limits *limits = llvm::find_if(
      kLimits, [&](const Limits &l) { return l.kind == builtin->getKind(); });
  if (limits == std::end(kLimits))
    return std::nullopt;
  const char *text = llvm::StringSwitch<const char *>(method->getName())
                         .Case("max", limits->max)
                         .Case("min", limits->min)
                         .Case("lowest", limits->lowest)
                         .Case("epsilon", limits->epsilon)
                         .Case("infinity", limits->infinity)
                         .Case("quiet_NaN", limits->nan)
                         .Default(nullptr);
  if (!text)
    return std::nullopt;
  return "(" + std::string(text) + ")";
}

bool SyntaxRewriter::VisitCallExpr(clang::CallExpr *call) {
  const clang::FunctionDecl *callee = call->getDirectCallee();
  // `CUDART_INF_F`'s `__int_as_float(...)`: the prelude defines the
  // constant in OpenCL C (parseMacroDefinitions).
  if (inCudaConstantMacro(call->getBeginLoc()))
    return true;
  // <math.h>'s INFINITY, NAN, HUGE_VALF (`__builtin_inff()`): OpenCL C
  // has the macros (OpenCL C 3.0, 6.15.2.1), which stay as written.
  for (llvm::StringRef macro : {"INFINITY", "NAN", "HUGE_VALF", "HUGE_VAL"})
    if (systemMacroUse(call->getBeginLoc(), macro))
      return true;
  // `f(p, {x, y, z, 0})`: an argument in braces is a temporary of the
  // parameter's type, a compound literal (a vector literal) in C.
  if (callee && isUserDecl(src, callee))
    for (const clang::Expr *arg : call->arguments())
      if (const auto *list =
              llvm::dyn_cast<clang::InitListExpr>(arg->IgnoreImplicit()))
        writeCompoundLiteral(list);
  if (callee && !isUserDecl(src, callee) &&
      llvm::isa<clang::CXXOperatorCallExpr>(call) &&
      isCudaHalfOperator(callee)) {
    // cuda_fp16.h's operators over __half compute what OpenCL C's over
    // half do; over __half2 the arithmetic ones too, but a comparison of
    // two __half2 is one bool in CUDA and a short2 in OpenCL C.
    if (isCudaHalf2Comparison(callee))
      return error(call->getBeginLoc(),
                   "a comparison of two __half2 (true where both halves "
                   "compare true) has no OpenCL C operator; write "
                   "__hbeq2, __hblt2, ...");
    castToHalfParams(call, callee);
    return true;
  }
  if (const auto *member = llvm::dyn_cast<clang::CXXMemberCallExpr>(call))
    if (llvm::isa_and_nonnull<clang::CXXConversionDecl>(
            member->getMethodDecl()) &&
        openCLHalfTypeName(member->getRecordDecl()) &&
        !isUserDecl(src, member->getMethodDecl()))
      return true; // a __half read as float (or int): OpenCL C converts
  if (callee && llvm::isa<clang::CXXOperatorCallExpr>(call) &&
      isBuiltinVectorOperator(callee)) {
    // `a + b`: OpenCL C's operator, as written; an operand C++ converted
    // (`v * 2` for a float parameter) is cast as for built-in functions.
    castConvertedArgs(call);
    return true;
  }

  if (callee && isUserDecl(src, callee) &&
      !llvm::isa<clang::CUDAKernelCallExpr>(call)) {
    rewriteReferenceArgs(call, callee);
    // Default arguments (C has none) written out, then the hoisted
    // variables that the callee needs, passed on.
    std::string args;
    unsigned written = 0;
    for (const clang::Expr *arg : call->arguments()) {
      if (auto *dflt = llvm::dyn_cast<clang::CXXDefaultArgExpr>(arg))
        args += ", (" + sourceText(dflt->getExpr()->getSourceRange()) + ")";
      else
        ++written;
    }
    // The arguments of thread_block parameters go with the parameters.
    std::vector<std::optional<FileCharRange>> argRanges;
    for (const clang::Expr *arg : call->arguments())
      argRanges.push_back(llvm::isa<clang::CXXDefaultArgExpr>(arg)
                              ? std::nullopt
                              : findRewriteRange(sm, lo, arg->getSourceRange(),
                                                 /*preferInvocation=*/true));
    for (unsigned i = 0; i < call->getNumArgs() && i < callee->getNumParams();
         ++i) {
      const clang::ParmVarDecl *param = callee->getParamDecl(i);
      if (!isThreadBlock(param->getType()) ||
          llvm::isa<clang::CXXDefaultArgExpr>(call->getArg(i)) ||
          !callee->hasAttr<clang::CUDADeviceAttr>() ||
          callee->hasAttr<clang::CUDAGlobalAttr>())
        continue;
      std::optional<FileCharRange> text = listElementWithComma(argRanges, i);
      if (!text)
        return error(call->getArg(i)->getBeginLoc(),
                     "cannot rewrite this argument (written in a macro): the "
                     "thread_block parameter it is passed to goes");
      edits.replace(*text, "");
      --written;
    }
    for (const clang::VarDecl *var : hoistedNeeds(callee))
      args += std::string(", ") +
              // A scalar __shared__ variable of the kernel: its address.
              (isFileShared(var) && !var->getType()->isArrayType() &&
                       currentFunction &&
                       currentFunction->hasAttr<clang::CUDAGlobalAttr>()
                   ? "&"
                   : "") +
              hoistedName(var, currentFunction);
    // The samplers of the texture objects passed, after the others.
    for (unsigned i = 0; i < call->getNumArgs() && i < callee->getNumParams();
         ++i)
      if (std::optional<TextureKind> kind =
              textureKindOf(callee->getParamDecl(i));
          kind && textureTakesSampler(*kind))
        if (const clang::ParmVarDecl *p = textureParamOf(call->getArg(i)))
          args += ", " + samplerName(p);
    if (!args.empty()) {
      if (written == 0)
        args = args.substr(2);
      clang::SourceLocation rparen = sm.getFileLoc(call->getRParenLoc());
      auto [file, offset] = sm.getDecomposedLoc(rparen);
      edits.replace({file, offset, offset}, args);
    }
    return true;
  }
  if (!callee || isUserDecl(src, callee) || !callee->getIdentifier())
    return true;
  if (rewriteThreadBlockCall(call, callee))
    return true;
  if (llvm::isa<clang::CXXMemberCallExpr, clang::CXXOperatorCallExpr>(call))
    return error(call->getBeginLoc(),
                 "no OpenCL C form for this member function call");
  llvm::StringRef name = callee->getName();
  if (name.starts_with("__fetch_builtin") ||
      name.starts_with("__nvvm_read_ptx"))
    return true;
  clang::Expr *calleeExpr = call->getCallee()->IgnoreParenImpCasts();
  if (name.consume_front("make_")) {
    // make_float4(a, b, c, d) -> (float4)(a, b, c, d)
    replaceRange(calleeExpr->getSourceRange(), "(" + name.str() + ")");
    return true;
  }
  if (name == "__ldg" && call->getNumArgs() == 1) {
    replaceRange(calleeExpr->getSourceRange(), "*");
    return true;
  }
  if (std::optional<CudaWarpFunction> warp = cudaWarpFunction(name))
    return rewriteWarpFunction(call, *warp);
  if (std::optional<TextureKind> texture = cudaTextureRead(name))
    return rewriteTextureRead(call, *texture);
  static const llvm::StringMap<const char *> renamed = {
      {"__expf", "native_exp"},
      {"__logf", "native_log"},
      {"__log2f", "native_log2"},
      {"__exp10f", "native_exp10"},
      {"__sinf", "native_sin"},
      {"__cosf", "native_cos"},
      {"__powf", "native_powr"},
      {"__fdividef", "native_divide"},
      {"fdividef", "native_divide"},
      // sincos(x, &s, &c): a macro of the prelude (CudaToOpenCL.cpp).
      {"sincosf", "xfence_sincos"},
      {"__sincosf", "xfence_sincos"},
      {"sincos", "xfence_sincos"},
      // Helpers of the prelude (CudaToOpenCL.cpp), as the CUDA Math API
      // defines these.
      {"__ffs", "xfence_ffs"},
      {"__ffsll", "xfence_ffsll"},
      {"__byte_perm", "xfence_byte_perm"},
      {"__brev", "xfence_brev"},
      {"__sad", "xfence_sad"},
      {"__usad", "xfence_usad"},
      {"__brevll", "xfence_brevll"},
      {"__saturatef", "xfence_saturatef"},
      {"__frsqrt_rn", "rsqrt"},
      {"rsqrtf", "rsqrt"},
      {"sqrtf", "sqrt"},
      {"expf", "exp"},
      {"exp2f", "exp2"},
      {"logf", "log"},
      {"log2f", "log2"},
      {"log10f", "log10"},
      {"fabsf", "fabs"},
      {"sinf", "sin"},
      {"cosf", "cos"},
      {"tanf", "tan"},
      {"tanhf", "tanh"},
      {"floorf", "floor"},
      {"ceilf", "ceil"},
      {"roundf", "round"},
      {"truncf", "trunc"},
      {"fminf", "fmin"},
      {"fmaxf", "fmax"},
      {"powf", "pow"},
      {"fmodf", "fmod"},
      {"atan2f", "atan2"},
      {"fmaf", "fma"},
      {"__mul24", "mul24"},
      {"__umul24", "mul24"},
      // CUDA's counts are int; OpenCL C's have the argument's type.
      {"__popc", "(int)popcount"},
      {"__clz", "clz"},
      // The float forms of the C math library: OpenCL C overloads the
      // double names (OpenCL C 3.0, 6.15.2; nearbyint is rint there: no
      // floating-point exceptions to leave unraised).
      {"acosf", "acos"},
      {"asinf", "asin"},
      {"atanf", "atan"},
      {"acoshf", "acosh"},
      {"asinhf", "asinh"},
      {"atanhf", "atanh"},
      {"coshf", "cosh"},
      {"sinhf", "sinh"},
      {"cbrtf", "cbrt"},
      {"erff", "erf"},
      {"erfcf", "erfc"},
      {"expm1f", "expm1"},
      {"exp10f", "exp10"},
      {"log1pf", "log1p"},
      {"logbf", "logb"},
      {"ilogbf", "ilogb"},
      {"hypotf", "hypot"},
      {"rintf", "rint"},
      {"nearbyintf", "rint"},
      {"nearbyint", "rint"},
      {"copysignf", "copysign"},
      {"fdimf", "fdim"},
      {"remainderf", "remainder"},
      {"tgammaf", "tgamma"},
      {"lgammaf", "lgamma"},
      {"ldexpf", "ldexp"},
      {"frexpf", "frexp"},
      {"modff", "modf"},
      {"nextafterf", "nextafter"},
      {"sinpif", "sinpi"},
      {"cospif", "cospi"},
      // CUDA's integer intrinsics (CUDA Math API, integer intrinsics):
      // the high half of a product, the 64-bit counts, halving adds.
      {"__mulhi", "mul_hi"},
      {"__umulhi", "mul_hi"},
      {"__mul64hi", "mul_hi"},
      {"__umul64hi", "mul_hi"},
      {"__popcll", "(int)popcount"},
      {"__clzll", "(int)clz"},
      {"__hadd", "hadd"},
      {"__rhadd", "rhadd"},
      {"__uhadd", "hadd"},
      {"__urhadd", "rhadd"},
      {"umin", "min"},
      {"umax", "max"},
      {"llmin", "min"},
      {"llmax", "max"},
      {"ullmin", "min"},
      {"ullmax", "max"},
      // Conversions in a rounding mode (OpenCL C 3.0, 6.4.3.1) and the
      // reinterpretations of bits (6.4.4.2).
      {"__float2int_rn", "convert_int_rte"},
      {"__float2int_rz", "convert_int_rtz"},
      {"__float2int_rd", "convert_int_rtn"},
      {"__float2int_ru", "convert_int_rtp"},
      {"__float2uint_rn", "convert_uint_rte"},
      {"__float2uint_rz", "convert_uint_rtz"},
      {"__float2uint_rd", "convert_uint_rtn"},
      {"__float2uint_ru", "convert_uint_rtp"},
      {"__float2ll_rn", "convert_long_rte"},
      {"__float2ll_rz", "convert_long_rtz"},
      {"__double2int_rn", "convert_int_rte"},
      {"__double2int_rz", "convert_int_rtz"},
      {"__double2int_rd", "convert_int_rtn"},
      {"__double2int_ru", "convert_int_rtp"},
      {"__int2float_rn", "convert_float_rte"},
      {"__uint2float_rn", "convert_float_rte"},
      {"__int2double_rn", "convert_double"},
      {"__double2float_rn", "convert_float_rte"},
      {"__double2float_rz", "convert_float_rtz"},
      {"__float_as_int", "as_int"},
      {"__float_as_uint", "as_uint"},
      {"__int_as_float", "as_float"},
      {"__uint_as_float", "as_float"},
      {"__double_as_longlong", "as_long"},
      {"__longlong_as_double", "as_double"},
      {"__float2ll_rd", "convert_long_rtn"},
      {"__float2ll_ru", "convert_long_rtp"},
      {"__float2ull_rn", "convert_ulong_rte"},
      {"__float2ull_rz", "convert_ulong_rtz"},
      {"__float2ull_rd", "convert_ulong_rtn"},
      {"__float2ull_ru", "convert_ulong_rtp"},
      {"__double2uint_rn", "convert_uint_rte"},
      {"__double2uint_rz", "convert_uint_rtz"},
      {"__double2uint_rd", "convert_uint_rtn"},
      {"__double2uint_ru", "convert_uint_rtp"},
      {"__double2ll_rn", "convert_long_rte"},
      {"__double2ll_rz", "convert_long_rtz"},
      {"__double2ll_rd", "convert_long_rtn"},
      {"__double2ll_ru", "convert_long_rtp"},
      {"__double2ull_rn", "convert_ulong_rte"},
      {"__double2ull_rz", "convert_ulong_rtz"},
      {"__double2ull_rd", "convert_ulong_rtn"},
      {"__double2ull_ru", "convert_ulong_rtp"},
      {"__int2float_rz", "convert_float_rtz"},
      {"__int2float_rd", "convert_float_rtn"},
      {"__int2float_ru", "convert_float_rtp"},
      {"__uint2float_rz", "convert_float_rtz"},
      {"__uint2float_rd", "convert_float_rtn"},
      {"__uint2float_ru", "convert_float_rtp"},
      {"__uint2double_rn", "convert_double"},
      {"__ll2float_rn", "convert_float_rte"},
      {"__ll2float_rz", "convert_float_rtz"},
      {"__ll2float_rd", "convert_float_rtn"},
      {"__ll2float_ru", "convert_float_rtp"},
      {"__ll2double_rn", "convert_double_rte"},
      {"__ll2double_rz", "convert_double_rtz"},
      {"__ll2double_rd", "convert_double_rtn"},
      {"__ll2double_ru", "convert_double_rtp"},
      {"__ull2float_rn", "convert_float_rte"},
      {"__ull2float_rz", "convert_float_rtz"},
      {"__ull2float_rd", "convert_float_rtn"},
      {"__ull2float_ru", "convert_float_rtp"},
      {"__ull2double_rn", "convert_double_rte"},
      {"__ull2double_rz", "convert_double_rtz"},
      {"__ull2double_rd", "convert_double_rtn"},
      {"__ull2double_ru", "convert_double_rtp"},
      {"__double2float_rd", "convert_float_rtn"},
      {"__double2float_ru", "convert_float_rtp"},
      // C's rounding to an integer: lrint in the current mode, which is
      // round-to-nearest-even in CUDA's device code; lround half away from
      // zero, as OpenCL C's round. (CUDA's long is 64 bits, as OpenCL C's.)
      {"lrintf", "convert_long_rte"},
      {"lrint", "convert_long_rte"},
      {"llrintf", "convert_long_rte"},
      {"llrint", "convert_long_rte"},
      // (Prelude functions: `(long)round(x)` written at the call would
      // call the user's variable where one is named `round`.)
      {"lroundf", "xfence_lroundf"},
      {"lround", "xfence_lround"},
      {"llroundf", "xfence_lroundf"},
      {"llround", "xfence_lround"},
      // The halves of a double's bits, and arithmetic in round-to-nearest
      // that no contraction may fuse (prelude helpers, CudaToOpenCL.cpp).
      {"__double2hiint", "xfence_double2hiint"},
      {"__double2loint", "xfence_double2loint"},
      {"__hiloint2double", "xfence_hiloint2double"},
      {"__dadd_rn", "xfence_dadd_rn"},
      {"__dsub_rn", "xfence_dsub_rn"},
      {"__dmul_rn", "xfence_dmul_rn"},
      {"__ddiv_rn", "xfence_ddiv_rn"},
      {"__drcp_rn", "xfence_drcp_rn"},
      {"__dsqrt_rn", "xfence_dsqrt_rn"},
      {"__fma_rn", "fma"},
      {"__fmaf_rn", "fma"},
      {"__fadd_rn", "xfence_fadd_rn"},
      {"__fsub_rn", "xfence_fsub_rn"},
      {"__fmul_rn", "xfence_fmul_rn"},
      {"__fdiv_rn", "xfence_fdiv_rn"},
      {"__frcp_rn", "xfence_frcp_rn"},
      {"__fsqrt_rn", "xfence_fsqrt_rn"},
      // The multiprocessor's cycle counter: cl_khr_kernel_clock's
      // work-group clock (a prelude macro that checks for it).
      {"clock", "xfence_clock"},
      {"clock64", "xfence_clock"},
      {"__builtin_inff", "xfence_inff"},
      {"__builtin_huge_valf", "xfence_inff"},
      {"__builtin_inf", "xfence_inf"},
      {"__builtin_huge_val", "xfence_inf"}};
  // The C math functions of double that OpenCL C has, overloaded, under
  // the same name.
  static const llvm::StringSet<> same = {
      "min",      "max",   "abs",       "sqrt",   "exp",       "fabs",
      "printf",   "pow",   "ceil",      "floor",  "log",       "log2",
      "log10",    "exp2",  "sin",       "cos",    "tan",       "asin",
      "acos",     "atan",  "atan2",     "sinh",   "cosh",      "tanh",
      "fmin",     "fmax",  "fmod",      "round",  "trunc",     "fma",
      "hypot",    "cbrt",  "erf",       "erfc",   "isnan",     "isinf",
      "asinh",    "acosh", "atanh",     "expm1",  "log1p",     "rint",
      "copysign", "fdim",  "remainder", "tgamma", "lgamma",    "logb",
      "ilogb",    "ldexp", "frexp",     "modf",   "nextafter", "signbit",
      "isfinite", "sinpi", "cospi"};
  // cuda_fp16.h's functions: of a __half or __half2, or making one.
  bool ofHalf =
      openCLHalfTypeName(callee->getReturnType()->getAsTagDecl()).has_value();
  for (const clang::ParmVarDecl *param : callee->parameters())
    ofHalf |= openCLHalfTypeName(
                  param->getType().getNonReferenceType()->getAsTagDecl())
                  .has_value();
  if (ofHalf) {
    std::optional<llvm::StringRef> opencl = openCLHalfFunction(name);
    if (!opencl)
      return error(call->getBeginLoc(),
                   "'" + name.str() +
                       "' (cuda_fp16.h) has no OpenCL C equivalent that "
                       "xfence knows");
    replaceRange(calleeExpr->getSourceRange(), opencl->str());
    castConvertedArgs(call);
    castToHalfParams(call, callee);
    return true;
  }
  if ((name == "clock" || name == "clock64") && !cl2)
    return error(call->getBeginLoc(),
                 "'" + name.str() +
                     "' reads the multiprocessor's cycle counter, whose "
                     "OpenCL C form is cl_khr_kernel_clock's work-group "
                     "clock, which OpenCL C 1.2 lacks (translate with "
                     "-cl-std=CL3.0)");
  auto it = renamed.find(name);
  // cuda_fp16.h's __hadd adds halves: not the integer average.
  if (it != renamed.end() && name.contains("hadd") &&
      (callee->getNumParams() != 2 ||
       !callee->getParamDecl(0)->getType()->isIntegerType()))
    it = renamed.end();
  if (it != renamed.end()) {
    replaceRange(calleeExpr->getSourceRange(), it->second);
    castConvertedArgs(call);
    return true;
  }
  if (same.contains(name)) {
    // C++'s abs of a float or double (<cmath>'s overloads) is OpenCL C's
    // fabs: OpenCL C's abs is of integers only. `std::` goes: OpenCL C's
    // built-ins are in its one scope of names.
    bool floatAbs = name == "abs" && callee->getNumParams() == 1 &&
                    callee->getParamDecl(0)->getType()->isRealFloatingType();
    const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(calleeExpr);
    if (floatAbs || (ref && ref->hasQualifier()))
      replaceRange(calleeExpr->getSourceRange(),
                   floatAbs ? "fabs" : name.str());
    castConvertedArgs(call);
    // CUDA's min and max of two types (`min(unsigned, int)` is
    // `umin(a, (unsigned)b)`): OpenCL C's take one type, so the argument of
    // the other is cast to the type CUDA's overload computes in, its
    // return type (the CUDA samples' HSOpticalFlow: `min(bsx + threadIdx.x,
    // w - 1)`).
    if ((name == "min" || name == "max") && callee->getNumParams() == 2 &&
        call->getNumArgs() == 2 &&
        !src.getContext().hasSameUnqualifiedType(
            callee->getParamDecl(0)->getType(),
            callee->getParamDecl(1)->getType()))
      if (std::optional<std::string> type =
              spellType(callee->getReturnType().getUnqualifiedType()))
        for (unsigned i = 0; i < 2; ++i) {
          const clang::Expr *arg = call->getArg(i);
          const auto *converted = llvm::dyn_cast<clang::ImplicitCastExpr>(arg);
          if (src.getContext().hasSameUnqualifiedType(
                  arg->getType(), callee->getReturnType()) ||
              (converted &&
               converted->getCastKind() != clang::CK_LValueToRValue &&
               converted->getCastKind() != clang::CK_NoOp))
            continue; // the type already, or cast by castConvertedArgs
          std::optional<FileCharRange> r = findRewriteRange(
              sm, lo, arg->getSourceRange(), /*preferInvocation=*/true);
          if (!r)
            return error(arg->getBeginLoc(),
                         "cannot rewrite this argument of '" + name.str() +
                             "' (written in a macro); cast it to '" + *type +
                             "'");
          edits.insertBefore(*r, "(" + *type + ")(", call->getBeginLoc());
          edits.insertAfter(*r, ")", call->getBeginLoc());
        }
    return true;
  }
  if (std::optional<std::string> simd = openCLSimdFunction(name)) {
    replaceRange(calleeExpr->getSourceRange(), *simd);
    castConvertedArgs(call);
    return true;
  }
  if (name == "__dp4a" && callee->getNumParams() == 3) {
    // Of ints or of unsigned ints (its char4 and uchar4 overloads have no
    // helper).
    clang::QualType type = callee->getParamDecl(0)->getType();
    if (type->isSpecificBuiltinType(clang::BuiltinType::Int) ||
        type->isSpecificBuiltinType(clang::BuiltinType::UInt)) {
      replaceRange(calleeExpr->getSourceRange(), type->isSignedIntegerType()
                                                     ? "xfence_dp4a_int"
                                                     : "xfence_dp4a_uint");
      castConvertedArgs(call);
      return true;
    }
  }
  return error(call->getBeginLoc(),
               "'" + name + "' has no OpenCL C equivalent that xfence knows");
}

bool SyntaxRewriter::rewriteWarpFunction(clang::CallExpr *call,
                                         const CudaWarpFunction &warp) {
  std::string name = call->getDirectCallee()->getName().str();
  if (!warpFunctionRefusal.empty())
    return error(call->getBeginLoc(), "'" + name + "' " + warpFunctionRefusal);
  if (!cl2)
    return error(call->getBeginLoc(),
                 "'" + name +
                     "' (a warp function) has no OpenCL C 1.2 form: 1.2 has "
                     "no sub-groups (translate with -cl-std=CL3.0 and "
                     "--assume-subgroup-size=32)");
  if (!warpIsSubgroup)
    return error(call->getBeginLoc(),
                 "'" + name +
                     "' would become a sub-group function, which works over "
                     "one OpenCL sub-group: that is the warp's 32 lanes only "
                     "where sub-groups have 32 work-items, which OpenCL does "
                     "not promise (devices with sub-groups of 8 or 16 "
                     "exist); --assume-subgroup-size=32 states that "
                     "assumption");
  if (warp.hasMask) {
    clang::Expr::EvalResult mask;
    if (call->getNumArgs() == 0 ||
        !call->getArg(0)->EvaluateAsInt(mask, src.getContext()) ||
        (mask.Val.getInt().getZExtValue() & 0xffffffffu) != 0xffffffffu)
      return error(call->getBeginLoc(),
                   "'" + name +
                       "' over part of a warp (a mask that is not the "
                       "constant 0xffffffff) has no OpenCL C form: OpenCL "
                       "C's sub-group functions take every work-item of the "
                       "sub-group, and lanes outside the mask may never "
                       "reach it");
  }
  clang::Expr *calleeExpr = call->getCallee()->IgnoreParenImpCasts();
  replaceRange(calleeExpr->getSourceRange(), warp.openCL.str());
  // The arguments CUDA converts, cast first: the width goes after the
  // last one's cast.
  castConvertedArgs(call);
  // The width CUDA defaults to warpSize, written out after the last
  // argument (where that is written: in a macro's body, the body).
  if (warp.widthArg > 0 &&
      static_cast<unsigned>(warp.widthArg) < call->getNumArgs() &&
      llvm::isa<clang::CXXDefaultArgExpr>(call->getArg(warp.widthArg))) {
    const clang::Expr *last = call->getArg(warp.widthArg - 1);
    clang::SourceLocation rparen = call->getRParenLoc();
    if (rparen.isMacroID()) {
      // The call's parentheses are a macro's (`#define __shfl(v, d)
      // __shfl_sync(0xffffffff, v, d)`): the width goes before its `)`,
      // in the body, after the parameter that the use's argument replaces.
      clang::SourceLocation spelled = sm.getSpellingLoc(rparen);
      if (!src.isUserLocation(spelled))
        return error(call->getBeginLoc(),
                     "cannot rewrite this call of '" + name +
                         "' (written in a macro of a system header)");
      auto [file, offset] = sm.getDecomposedLoc(spelled);
      edits.replace({file, offset, offset}, ", 32");
    } else {
      std::optional<FileCharRange> r = rangeOf(last->getSourceRange());
      if (!r)
        return error(last->getBeginLoc(),
                     "cannot rewrite this call of '" + name +
                         "' (written in a macro): its width, which CUDA "
                         "defaults to 32, is written after this argument");
      edits.insertAfter(*r, ", 32", call->getBeginLoc());
    }
  }
  return true;
}

void SyntaxRewriter::castToHalfParams(const clang::CallExpr *call,
                                      const clang::FunctionDecl *callee) {
  // A member operator's object is the call's first argument.
  unsigned shift = llvm::isa<clang::CXXOperatorCallExpr>(call) &&
                           llvm::isa<clang::CXXMethodDecl>(callee)
                       ? 1
                       : 0;
  for (unsigned i = shift; i < call->getNumArgs(); ++i) {
    if (i - shift >= callee->getNumParams())
      break;
    std::optional<llvm::StringRef> half =
        openCLHalfTypeName(callee->getParamDecl(i - shift)
                               ->getType()
                               .getNonReferenceType()
                               ->getAsTagDecl());
    if (!half)
      continue;
    const clang::Expr *arg = call->getArg(i);
    const clang::Expr *written = arg->IgnoreUnlessSpelledInSource();
    if (openCLHalfTypeName(
            written->getType().getNonReferenceType()->getAsTagDecl()) == half)
      continue;
    std::optional<FileCharRange> r = findRewriteRange(
        sm, lo, written->getSourceRange(), /*preferInvocation=*/true);
    if (!r) {
      error(arg->getBeginLoc(), "cannot rewrite this argument (written in a "
                                "macro); convert it to " +
                                    half->str() + " where it is written");
      continue;
    }
    edits.insertBefore(*r, "(" + half->str() + ")(", call->getBeginLoc());
    edits.insertAfter(*r, ")", call->getBeginLoc());
  }
}

void SyntaxRewriter::castConvertedArgs(const clang::CallExpr *call) {
  // C++ chose the overload (min(int, int) for min(i, 2u)) and converted
  // the arguments; OpenCL C's overloaded built-ins find no best match for
  // mixed argument types (mul24(2, stride) is ambiguous), so each
  // converted argument is cast to the type C++ converted it to.
  for (const clang::Expr *arg : call->arguments()) {
    auto *cast = llvm::dyn_cast<clang::ImplicitCastExpr>(arg);
    if (!cast ||
        !llvm::is_contained({clang::CK_IntegralCast, clang::CK_FloatingCast,
                             clang::CK_IntegralToFloating,
                             clang::CK_FloatingToIntegral},
                            cast->getCastKind()))
      continue;
    // The outermost text of the argument: a macro's use (`HEIGHT`), not
    // its body, which other uses (an array size) share.
    std::optional<FileCharRange> r =
        findRewriteRange(sm, lo, cast->getSubExpr()->getSourceRange(),
                         /*preferInvocation=*/true);
    if (!r)
      continue; // spelled in a system macro: left to OpenCL C's rules
    clang::PrintingPolicy policy(lo);
    // 64-bit integers are long and ulong in OpenCL C (VisitBuiltinTypeLoc).
    std::string type = cast->getType().getAsString(policy);
    if (const auto *builtin = cast->getType()->getAs<clang::BuiltinType>()) {
      if (builtin->getKind() == clang::BuiltinType::LongLong)
        type = "long";
      else if (builtin->getKind() == clang::BuiltinType::ULongLong)
        type = "ulong";
    }
    edits.insertBefore(*r, "(" + type + ")(", call->getBeginLoc());
    edits.insertAfter(*r, ")", call->getBeginLoc());
  }
}

bool SyntaxRewriter::TraverseNamespaceDecl(clang::NamespaceDecl *ns) {
  // OpenCL C has one scope of names: a namespace of the user's with device
  // code loses its braces (its host code is left out as at file scope) and
  // the qualifiers that name it go. Two namespaces that declare one name
  // would declare it twice: the output check reports it.
  if (ns->isNested())
    return error(ns->getLocation(),
                 "a nested namespace definition (namespace a::b) has no "
                 "OpenCL C form; write one namespace inside the other");
  clang::SourceLocation begin = ns->getBeginLoc();
  clang::SourceLocation rbrace = ns->getRBraceLoc();
  if (begin.isMacroID() || rbrace.isInvalid() || rbrace.isMacroID())
    return error(ns->getLocation(),
                 "cannot rewrite this namespace: it is written in a macro");
  // The '{' after `namespace N` (or `inline namespace`, or no name).
  clang::SourceLocation at = begin;
  std::optional<clang::Token> token;
  for (int i = 0; i < 64; ++i) {
    token = clang::Lexer::findNextToken(at, sm, lo);
    if (!token || token->is(clang::tok::l_brace))
      break;
    at = token->getLocation();
  }
  if (!token || !token->is(clang::tok::l_brace))
    return error(ns->getLocation(), "cannot rewrite this namespace");
  std::string name =
      ns->isAnonymousNamespace() ? "(anonymous)" : ns->getNameAsString();
  auto [file, offset] = sm.getDecomposedLoc(begin);
  edits.replace({file, offset, sm.getFileOffset(token->getEndLoc())},
                "/* xfence: namespace " + name + " (OpenCL C has none) */");
  auto [rfile, roffset] = sm.getDecomposedLoc(rbrace);
  edits.replace({rfile, roffset, roffset + 1},
                "/* xfence: end of namespace " + name + " */");
  for (clang::Decl *d : ns->decls())
    TraverseDecl(d);
  return true;
}

void SyntaxRewriter::removeLibraryQualifier(clang::NestedNameSpecifierLoc q) {
  // `std::uint8_t`, `::size_t`: the type keeps its name, which OpenCL C (or
  // the prelude) has, without a namespace.
  if (!q)
    return;
  clang::SourceRange range = q.getSourceRange();
  if (range.getBegin().isMacroID() || !src.isUserLocation(range.getBegin()))
    return;
  replaceRange(range, "");
}

bool SyntaxRewriter::TraverseNestedNameSpecifierLoc(
    clang::NestedNameSpecifierLoc loc) {
  if (!loc)
    return true;
  // `Op::` of the user's scoped enumeration goes too: its enumerators are
  // renamed `Op_ERODE` (VisitDeclRefExpr).
  bool scopedEnum = false;
  if (clang::NestedNameSpecifier q = loc.getNestedNameSpecifier();
      q.getKind() == clang::NestedNameSpecifier::Kind::Type)
    if (const auto *e = q.getAsType()->getAs<clang::EnumType>())
      scopedEnum = isScopedUserEnum(e->getDecl());
  bool userNamespaces = false;
  for (clang::NestedNameSpecifier q = loc.getNestedNameSpecifier();
       q && !scopedEnum;) {
    if (q.getKind() == clang::NestedNameSpecifier::Kind::Global)
      break;
    if (q.getKind() != clang::NestedNameSpecifier::Kind::Namespace) {
      userNamespaces = false;
      break;
    }
    auto [space, prefix] = q.getAsNamespaceAndPrefix();
    const auto *ns = llvm::dyn_cast<clang::NamespaceDecl>(space);
    if (!ns || !src.isUserLocation(ns->getLocation())) {
      userNamespaces = false;
      break;
    }
    userNamespaces = true;
    q = prefix;
  }
  if (userNamespaces || scopedEnum) {
    // `N::` (the range ends at the last `::`).
    clang::SourceRange range = loc.getSourceRange();
    clang::SourceLocation end =
        clang::Lexer::getLocForEndOfToken(range.getEnd(), 0, sm, lo);
    if (range.getBegin().isMacroID() || end.isInvalid())
      return error(range.getBegin(), "cannot rewrite this qualifier: it is "
                                     "written in a macro");
    auto [file, offset] = sm.getDecomposedLoc(range.getBegin());
    edits.replace({file, offset, sm.getFileOffset(end)}, "");
    return true;
  }
  return clang::DynamicRecursiveASTVisitor::TraverseNestedNameSpecifierLoc(loc);
}

bool SyntaxRewriter::TraverseLinkageSpecDecl(clang::LinkageSpecDecl *linkage) {
  // extern "C" (with or without braces) goes: OpenCL C has one linkage.
  clang::SourceLocation externLoc = linkage->getExternLoc();
  // `extern` as a macro of one token, that token (the CUDA samples'
  // GL/glext.h has `#define extern extern`).
  if (externLoc.isMacroID()) {
    clang::CharSourceRange use = sm.getExpansionRange(externLoc);
    if (use.getBegin() == use.getEnd() &&
        clang::Lexer::getSourceText(use, sm, lo) == "extern")
      externLoc = use.getBegin();
  }
  if (externLoc.isValid() && !externLoc.isMacroID() &&
      src.isUserLocation(externLoc)) {
    std::optional<clang::Token> lang =
        clang::Lexer::findNextToken(externLoc, sm, lo);
    if (lang && lang->is(clang::tok::string_literal)) {
      clang::SourceLocation end = lang->getEndLoc();
      if (linkage->hasBraces()) {
        std::optional<clang::Token> brace =
            clang::Lexer::findNextToken(lang->getLocation(), sm, lo);
        if (brace && brace->is(clang::tok::l_brace))
          end = brace->getEndLoc();
        clang::SourceLocation rbrace = linkage->getRBraceLoc();
        if (rbrace.isValid() && !rbrace.isMacroID()) {
          auto [file, offset] = sm.getDecomposedLoc(rbrace);
          edits.replace({file, offset, offset + 1}, "");
        }
      }
      auto [file, begin] = sm.getDecomposedLoc(externLoc);
      edits.replace({file, begin, sm.getFileOffset(end)}, "");
    }
  }
  for (clang::Decl *d : linkage->decls())
    TraverseDecl(d);
  return true;
}

void SyntaxRewriter::appendParams(const clang::FunctionDecl *fn,
                                  const std::string &params) {
  if (fn->getNumParams() == 0) {
    // f() or f(void): the parameter list is the new arguments alone.
    clang::SourceLocation rparen = fn->getFunctionTypeLoc().getRParenLoc();
    clang::SourceLocation lparen = fn->getFunctionTypeLoc().getLParenLoc();
    auto [file, b] = sm.getDecomposedLoc(sm.getFileLoc(lparen));
    unsigned e = sm.getFileOffset(sm.getFileLoc(rparen));
    edits.replace({file, b + 1, e}, params.substr(2));
    return;
  }
  const clang::ParmVarDecl *last = fn->getParamDecl(fn->getNumParams() - 1);
  std::optional<FileCharRange> r = rangeOf(last->getSourceRange());
  if (!r)
    return (void)error(last->getLocation(), "cannot rewrite this text");
  edits.replace({r->file, r->end, r->end}, params);
}

const clang::DeclStmt *SyntaxRewriter::declStmtOf(const clang::VarDecl *var) {
  clang::DynTypedNodeList parents = src.getContext().getParents(*var);
  return parents.empty() ? nullptr : parents[0].get<clang::DeclStmt>();
}

bool SyntaxRewriter::atKernelScope(const clang::VarDecl *var) {
  const clang::DeclStmt *stmt = declStmtOf(var);
  if (!stmt)
    return true;
  clang::DynTypedNodeList parents = src.getContext().getParents(*stmt);
  return !parents.empty() &&
         parents[0].get<clang::CompoundStmt>() == currentFunction->getBody();
}

bool SyntaxRewriter::nameTaken(const clang::FunctionDecl *kernel,
                               const clang::VarDecl *var) {
  struct Names : clang::DynamicRecursiveASTVisitor {
    const clang::VarDecl *self;
    bool taken = false;
    bool VisitVarDecl(clang::VarDecl *other) override {
      if (other != self && other->getName() == self->getName())
        taken = true;
      return true;
    }
    bool VisitDeclRefExpr(clang::DeclRefExpr *ref) override {
      // A file-scope variable the kernel uses (a file-scope __shared__ one
      // is declared in the kernel too).
      if (auto *other = llvm::dyn_cast<clang::VarDecl>(ref->getDecl()))
        if (other != self && other->isFileVarDecl() &&
            other->getName() == self->getName())
          taken = true;
      return true;
    }
  } names;
  names.self = var;
  names.TraverseDecl(const_cast<clang::FunctionDecl *>(kernel));
  for (const auto &[other, name] : renamedShared)
    if (other != var && name == var->getName())
      names.taken = true;
  return names.taken;
}

void SyntaxRewriter::declareSharedOfCallees(const clang::FunctionDecl *kernel) {
  // A file-scope __shared__ variable that a __device__ function uses (parboil
  // pns's Mersenne Twister state): one per block, declared in each kernel
  // that calls such a function, itself or through others, and passed down
  // as a __local pointer (the hoisted variables' mechanism).
  for (const clang::VarDecl *var : hoistedNeeds(kernel)) {
    if (isDynamicShared(var)) {
      // The kernel's dynamic shared memory, which its callees use.
      auto &list = kernelDynamicShared[kernel];
      if (!llvm::is_contained(list, var))
        list.push_back(var);
      if (list.size() > 1)
        error(var->getLocation(),
              "two extern __shared__ arrays alias the same memory in CUDA; "
              "use one and offset into it");
      continue;
    }
    if (!isFileShared(var))
      continue;
    auto &list = kernelFileShared[kernel];
    if (!llvm::is_contained(list, var)) {
      list.push_back(var);
      hoistLocal(kernel, var, hoistedName(var, kernel));
    }
  }
}

void SyntaxRewriter::hoistLocal(const clang::FunctionDecl *kernel,
                                const clang::VarDecl *var,
                                const std::string &name) {
  std::string decl;
  llvm::raw_string_ostream os(decl);
  clang::QualType type = var->getType();
  if (type->isPointerType() && !type->getPointeeType()->isPointerType()) {
    // A pointer in __local memory, to where the analysis says.
    std::optional<std::string> q =
        qualifierAt(var->getLocation(), spaces.pointeeOf(var));
    if (!q)
      return;
    type->getPointeeType().print(os, clang::PrintingPolicy(lo));
    kernelLocals[kernel] += " " + *q + decl + " *__local " + name + ";";
    return;
  }
  type.print(os, clang::PrintingPolicy(lo), name);
  kernelLocals[kernel] += " __local " + decl + ";";
}

void SyntaxRewriter::finish() {
  clang::PrintingPolicy policy(lo);
  for (auto &[kernel, text] : kernelPrologue)
    kernelLocals[kernel];
  for (auto &[kernel, text] : structPrologue)
    kernelLocals[kernel];
  for (auto &[kernel, locals] : kernelLocals) {
    auto *body = llvm::cast<clang::CompoundStmt>(kernel->getBody());
    auto [file, offset] =
        sm.getDecomposedLoc(sm.getFileLoc(body->getLBracLoc()));
    std::string text;
    if (!locals.empty())
      text = locals + " /* xfence: __shared__ at the kernel's scope */";
    auto bools = kernelPrologue.find(kernel);
    if (bools != kernelPrologue.end())
      text += bools->second + " /* xfence: bool arguments are passed as "
                              "uchar */";
    auto structs = structPrologue.find(kernel);
    if (structs != structPrologue.end())
      text += structs->second + " /* xfence: the pointers of struct "
                                "arguments are added arguments */";
    edits.replace({file, offset + 1, offset + 1}, text);
  }
  for (const clang::FunctionDecl *fn : functions) {
    std::string params;
    if (fn->hasAttr<clang::CUDAGlobalAttr>())
      params = structPointerParams(fn);
    const clang::FunctionDecl *def = fn->getDefinition();
    auto shared = kernelDynamicShared.find(def ? def : fn);
    if (shared != kernelDynamicShared.end())
      for (const clang::VarDecl *var : shared->second) {
        clang::QualType element =
            src.getContext().getAsArrayType(var->getType())->getElementType();
        params += ", __local " + element.getAsString(policy) + " *" +
                  var->getName().str();
      }
    for (const clang::VarDecl *var : hoistedNeeds(fn)) {
      if ((isFileShared(var) || isDynamicShared(var)) &&
          fn->hasAttr<clang::CUDAGlobalAttr>())
        continue; // declared in the kernel, or its dynamic shared memory
      for (const clang::ParmVarDecl *p : fn->parameters())
        if (p->getName() == hoistedName(var, fn))
          error(p->getLocation(),
                "this parameter has the name of the variable '" +
                    var->getName() +
                    "', which becomes an argument of this function; "
                    "rename the parameter");
      params += ", " + hoistedParam(var, fn);
    }
    params += samplerParams(fn);
    if (!params.empty())
      appendParams(fn, params);
  }
  for (auto &[key, removal] : removals)
    edits.replace(removal.first, removal.second);
}

clang::SourceLocation
SyntaxRewriter::startWithAttributes(const clang::Decl *d,
                                    clang::SourceLocation begin) const {
  clang::SourceLocation at = sm.getExpansionLoc(begin);
  for (const clang::Attr *attr : d->attrs()) {
    if (attr->isImplicit() || attr->isInherited() ||
        attr->getLocation().isInvalid())
      continue;
    clang::SourceLocation loc = sm.getExpansionLoc(attr->getLocation());
    if (sm.getFileID(loc) == sm.getFileID(at) &&
        sm.isBeforeInTranslationUnit(loc, at))
      at = loc;
  }
  return at;
}

void SyntaxRewriter::leaveOut(clang::Decl *d, bool semicolon,
                              const std::string &note) {
  clang::SourceRange range = d->getSourceRange();
  // The template parameter lists of the classes around a member defined
  // outside them (`template <class F> template <class G> void C<F>::g()`).
  const clang::Decl *inner = d;
  if (const auto *t = llvm::dyn_cast<clang::FunctionTemplateDecl>(d))
    inner = t->getTemplatedDecl();
  if (const auto *dd = llvm::dyn_cast<clang::DeclaratorDecl>(inner);
      dd && dd->getNumTemplateParameterLists() &&
      sm.isBeforeInTranslationUnit(dd->getOuterLocStart(), range.getBegin()))
    range.setBegin(dd->getOuterLocStart());
  // Attributes written before the declaration (`__host__ void f()`).
  clang::SourceLocation begin = sm.getExpansionLoc(range.getBegin());
  clang::SourceLocation withAttributes = startWithAttributes(d, begin);
  if (withAttributes != begin)
    range.setBegin(withAttributes);
  // The whole text from the first to the last token's expansion: a
  // declaration taken away whole may hold preprocessor conditionals and
  // macros (which a construct's range may not).
  clang::SourceLocation first = sm.getExpansionLoc(range.getBegin());
  clang::SourceLocation last = sm.getExpansionRange(range.getEnd()).getEnd();
  if (sm.getFileID(first) != sm.getFileID(last) || !src.isUserLocation(first))
    return (void)error(d->getLocation(), "cannot rewrite this text");
  std::optional<FileCharRange> r = FileCharRange{
      sm.getFileID(first), sm.getFileOffset(first),
      sm.getFileOffset(last) + clang::Lexer::MeasureTokenLength(last, sm, lo)};
  if (semicolon) {
    clang::SourceLocation last = sm.getExpansionLoc(d->getEndLoc());
    // `const unsigned N(1024);`: the declaration's range ends with its
    // initializer, before the parenthesis.
    if (const auto *var = llvm::dyn_cast<clang::VarDecl>(d);
        var && var->getInitStyle() == clang::VarDecl::CallInit)
      if (std::optional<clang::Token> paren =
              clang::Lexer::findNextToken(last, sm, lo);
          paren && paren->is(clang::tok::r_paren)) {
        last = paren->getLocation();
        r->end = std::max(r->end, sm.getFileOffset(last) + 1);
      }
    clang::SourceLocation end = clang::Lexer::findLocationAfterToken(
        last, clang::tok::semi, sm, lo, false);
    if (end.isValid())
      r->end = std::max(r->end, sm.getFileOffset(sm.getFileLoc(end)));
  }
  auto key = std::make_pair(r->file.getHashValue(), r->begin);
  auto [it, inserted] = removals.try_emplace(key, std::make_pair(*r, note));
  if (!inserted) {
    it->second.first.end = std::max(it->second.first.end, r->end);
    it->second.second += " " + note;
  }
}

/// Declared __device__, __constant__ or __shared__ in the text (not a
/// const host variable that clang makes __constant__ implicitly).
static bool isWrittenDeviceVariable(const clang::VarDecl *var) {
  const auto *constant = var->getAttr<clang::CUDAConstantAttr>();
  return var->hasAttr<clang::CUDADeviceAttr>() ||
         var->hasAttr<clang::CUDASharedAttr>() ||
         (constant && !constant->isImplicit());
}

bool SyntaxRewriter::isHostCode(const clang::Decl *d) const {
  if (auto *ns = llvm::dyn_cast<clang::NamespaceDecl>(d)) {
    // A namespace of host code only (`using` declarations and the like
    // follow the rest).
    for (const clang::Decl *member : ns->decls()) {
      if (member->isImplicit() ||
          llvm::isa<clang::UsingDirectiveDecl, clang::UsingDecl,
                    clang::NamespaceAliasDecl, clang::StaticAssertDecl,
                    clang::EmptyDecl, clang::UsingShadowDecl>(member))
        continue;
      if (auto *e = llvm::dyn_cast<clang::EnumDecl>(member)) {
        if (deviceDeclsKnown && !deviceDecls.count(e))
          continue;
        return false;
      }
      if (!isHostCode(member))
        return false;
    }
    return true;
  }
  if (auto *t = llvm::dyn_cast<clang::FunctionTemplateDecl>(d))
    d = t->getTemplatedDecl();
  if (auto *t = llvm::dyn_cast<clang::ClassTemplateDecl>(d)) {
    // A class template's declaration without its definition (`template
    // <class T> struct Converter;`): nothing that device code can use.
    if (!t->getTemplatedDecl()->isThisDeclarationADefinition())
      return true;
    d = t->getTemplatedDecl();
  }
  if (auto *fn = llvm::dyn_cast<clang::FunctionDecl>(d)) {
    // Also a member function defined outside its class (`void
    // Bench::Run() {...}`).
    const clang::DeclContext *lexical = fn->getLexicalDeclContext();
    return lexical && lexical->getRedeclContext()->isFileContext() &&
           (!llvm::isa<clang::CXXMethodDecl>(fn) ||
            lexical != fn->getDeclContext()) &&
           isHostOnlyFunction(fn);
  }
  if (!d->getDeclContext() ||
      !d->getDeclContext()->getRedeclContext()->isFileContext())
    return false;
  if (auto *var = llvm::dyn_cast<clang::VarDecl>(d)) {
    if (isWrittenDeviceVariable(var))
      return false;
    // A host variable, also a const one that clang made __constant__
    // implicitly (a host table of kernel pointers), that device code reads
    // neither directly nor through another kept declaration.
    return !deviceUsed.count(var->getCanonicalDecl()) &&
           !(deviceDeclsKnown && deviceDecls.count(var));
  }
  if (auto *td = llvm::dyn_cast<clang::TypedefNameDecl>(d)) {
    // A typedef that device code does not use (and whose text does not
    // define a type that device code uses).
    if (!deviceDeclsKnown || deviceDecls.count(td))
      return false;
    if (const clang::TagDecl *tag = td->getUnderlyingType()->getAsTagDecl())
      if (tag->isEmbeddedInDeclarator() && deviceDecls.count(tag))
        return false;
    return true;
  }
  if (auto *record = llvm::dyn_cast<clang::CXXRecordDecl>(d)) {
    // A class whose member functions are all host code.
    if (record->isLambda())
      return false;
    if (!record->isThisDeclarationADefinition())
      // A forward declaration (`class Vector;`) that device code does not
      // need.
      return deviceDeclsKnown && !record->isEmbeddedInDeclarator() &&
             llvm::none_of(record->redecls(), [&](const clang::TagDecl *r) {
               return deviceDecls.count(r);
             });
    // A struct or class that device code does not use (one defined in a
    // typedef or a variable's declaration goes or stays with it), whatever
    // its member functions: a Thrust functor with a __host__ __device__
    // operator() that only host code passes to Thrust (tsne).
    if (deviceDeclsKnown && !deviceDecls.count(record) &&
        !record->isEmbeddedInDeclarator() &&
        !record->getDescribedClassTemplate())
      return true;
    // Device code uses its type (a __device__ function's parameter): it
    // stays, as a plain struct or as an error at what OpenCL C cannot have.
    if (isDataClass(record) || (deviceDeclsKnown && deviceDecls.count(record)))
      return false;
    bool any = false;
    for (const clang::Decl *member : record->decls()) {
      if (member->isImplicit())
        continue;
      const clang::Decl *inner = member;
      if (auto *t = llvm::dyn_cast<clang::FunctionTemplateDecl>(member))
        inner = t->getTemplatedDecl();
      if (auto *m = llvm::dyn_cast<clang::FunctionDecl>(inner)) {
        any = true;
        if (!isHostOnlyFunction(m))
          return false;
      }
    }
    return any;
  }
  return false;
}

bool SyntaxRewriter::isDataClass(const clang::CXXRecordDecl *record) const {
  if (!deviceDeclsKnown || !deviceDecls.count(record) ||
      !record->isThisDeclarationADefinition() || record->getNumBases() ||
      record->getDescribedClassTemplate() || record->isLambda() ||
      record->isPolymorphic())
    return false;
  bool any = false;
  for (const clang::Decl *member : record->decls()) {
    if (member->isImplicit())
      continue;
    if (llvm::isa<clang::FunctionTemplateDecl>(member))
      return false;
    if (llvm::isa<clang::FriendDecl>(member)) {
      // A friend class, or a friend function of the host's.
      if (const clang::FunctionDecl *fn = friendFunction(member);
          fn && !isHostOnlyFunction(fn))
        return false;
      any = true;
      continue;
    }
    if (auto *m = llvm::dyn_cast<clang::CXXMethodDecl>(member)) {
      // Host constructors and destructors too: device code cannot call
      // them, so it uses the data only.
      if (!isHostOnlyFunction(m))
        return false;
      any = true;
    }
  }
  return any;
}

std::string SyntaxRewriter::sourceText(clang::SourceRange range) const {
  clang::CharSourceRange chars = clang::Lexer::makeFileCharRange(
      clang::CharSourceRange::getTokenRange(range), sm, lo);
  std::string text = chars.isValid()
                         ? clang::Lexer::getSourceText(chars, sm, lo).str()
                         : clang::Lexer::getSourceText(
                               clang::CharSourceRange::getTokenRange(
                                   sm.getExpansionRange(range).getAsRange()),
                               sm, lo)
                               .str();
  // One line.
  std::string out;
  for (char c : text) {
    bool space = c == '\n' || c == '\r' || c == '\t' || c == ' ';
    if (space && (out.empty() || out.back() == ' '))
      continue;
    out += space ? ' ' : c;
  }
  while (!out.empty() && out.back() == ' ')
    out.pop_back();
  return out;
}

void SyntaxRewriter::collectLaunches(clang::Decl *d) {
  struct Finder : clang::DynamicRecursiveASTVisitor {
    std::vector<const clang::CUDAKernelCallExpr *> found;
    bool VisitCUDAKernelCallExpr(clang::CUDAKernelCallExpr *e) override {
      found.push_back(e);
      return true;
    }
  } finder;
  finder.TraverseDecl(d);
  for (const clang::CUDAKernelCallExpr *launch : finder.found) {
    const clang::CallExpr *config = launch->getConfig();
    auto operand = [&](unsigned i) -> std::string {
      if (!config || i >= config->getNumArgs() ||
          llvm::isa<clang::CXXDefaultArgExpr>(config->getArg(i)))
        return "0";
      return sourceText(config->getArg(i)->getSourceRange());
    };
    std::string name;
    if (const clang::FunctionDecl *kernel = launch->getDirectCallee()) {
      name = kernel->getNameAsString();
      auto renamed = overloadNames.find(kernel->getCanonicalDecl());
      if (renamed != overloadNames.end())
        name += " (OpenCL kernel '" + renamed->second + "')";
    } else
      name = sourceText(launch->getCallee()->getSourceRange());
    clang::PresumedLoc at = sm.getPresumedLoc(launch->getBeginLoc());
    launchNotes.push_back("line " + std::to_string(at.getLine()) + ": " + name +
                          "<<<" + operand(0) + ", " + operand(1) +
                          (operand(2) == "0" ? "" : ", " + operand(2)) +
                          ">>>: grid = " + operand(0) +
                          ", block = " + operand(1) +
                          ", dynamic shared memory = " + operand(2) + " bytes");
  }
}

void SyntaxRewriter::leaveOutHostCode(clang::Decl *d) {
  collectLaunches(d);
  const clang::Decl *inner = d;
  if (auto *t = llvm::dyn_cast<clang::FunctionTemplateDecl>(d))
    inner = t->getTemplatedDecl();
  if (auto *t = llvm::dyn_cast<clang::ClassTemplateDecl>(d))
    inner = t->getTemplatedDecl();
  std::string what =
      llvm::isa<clang::NamespaceDecl>(inner)     ? "namespace"
      : llvm::isa<clang::FunctionDecl>(inner)    ? "function"
      : llvm::isa<clang::VarDecl>(inner)         ? "variable"
      : llvm::isa<clang::TypedefNameDecl>(inner) ? "typedef"
      : deviceDeclsKnown && !deviceDecls.count(inner) &&
              llvm::none_of(llvm::cast<clang::CXXRecordDecl>(inner)->methods(),
                            [](const clang::CXXMethodDecl *m) {
                              return !m->isImplicit();
                            })
          ? "type"
          : "class";
  std::string name = llvm::cast<clang::NamedDecl>(inner)->getNameAsString();
  clang::PresumedLoc at = sm.getPresumedLoc(d->getLocation());
  auto *fn = llvm::dyn_cast<clang::FunctionDecl>(inner);
  bool definition = fn && fn->doesThisDeclarationHaveABody();
  if (definition || !fn)
    hostNotes.push_back(what + " '" + name + "' (line " +
                        std::to_string(at.getLine()) + ")");
  leaveOut(d, !definition,
           "/* xfence: host " + what + " '" + name + "' left out */");
}

void SyntaxRewriter::findHostHeaders() {
  // A user header that device code does not use (no device declaration in
  // it, no declaration or type of it that device code refers to, no macro
  // of it named anywhere in the kept text) is host code: its #include is
  // left out whole. Inlined, its host-only preprocessor logic (#error on a
  // POSIX macro, host library types) would be OpenCL C code.
  clang::ASTContext &ctx = src.getContext();
  clang::FileID mainFile = sm.getMainFileID();
  llvm::SmallVector<clang::FileID> headers;
  for (auto it = sm.fileinfo_begin(); it != sm.fileinfo_end(); ++it) {
    clang::FileID id = sm.translateFile(it->first);
    if (id.isValid() && id != mainFile &&
        src.isUserLocation(sm.getLocForStartOfFile(id)) &&
        sm.getIncludeLoc(id).isValid() &&
        src.isUserLocation(sm.getIncludeLoc(id)))
      headers.push_back(id);
  }
  llvm::DenseSet<clang::FileID> needed = {mainFile};
  struct Refs : clang::DynamicRecursiveASTVisitor {
    clang::SourceManager &sm;
    llvm::DenseSet<clang::FileID> &needed;
    llvm::DenseSet<const clang::Decl *> seen;
    Refs(clang::SourceManager &sm, llvm::DenseSet<clang::FileID> &needed)
        : sm(sm), needed(needed) {}
    void mark(const clang::Decl *d) {
      if (!d || d->getLocation().isInvalid())
        return;
      needed.insert(sm.getFileID(sm.getExpansionLoc(d->getLocation())));
      if (!seen.insert(d).second)
        return;
      if (llvm::isa<clang::TagDecl, clang::TypedefNameDecl, clang::VarDecl,
                    clang::FunctionDecl>(d))
        TraverseDecl(const_cast<clang::Decl *>(d));
      if (auto *c = llvm::dyn_cast<clang::EnumConstantDecl>(d))
        mark(llvm::dyn_cast<clang::Decl>(c->getDeclContext()));
    }
    bool VisitDeclRefExpr(clang::DeclRefExpr *e) override {
      mark(e->getDecl());
      return true;
    }
    bool VisitMemberExpr(clang::MemberExpr *e) override {
      mark(e->getMemberDecl());
      return true;
    }
    bool VisitTypedefTypeLoc(clang::TypedefTypeLoc tl) override {
      mark(tl.getTypePtr()->getDecl());
      return true;
    }
    bool VisitTagTypeLoc(clang::TagTypeLoc tl) override {
      mark(tl.getDecl());
      return true;
    }
  } refs(sm, needed);
  for (clang::Decl *d : topLevelDecls(ctx)) {
    if (!src.isUserLocation(d->getLocation()))
      continue;
    // A kernel or device function template left as a template (the
    // template copies could not copy it) is device code too: its header is
    // kept, and the translation reports the template where it is, instead of
    // an output that silently lacks the kernel.
    if (auto *ft = llvm::dyn_cast<clang::FunctionTemplateDecl>(d))
      d = ft->getTemplatedDecl();
    if (auto *fn = llvm::dyn_cast<clang::FunctionDecl>(d)) {
      if (!isHostOnlyFunction(fn))
        refs.mark(fn);
    } else if (auto *var = llvm::dyn_cast<clang::VarDecl>(d)) {
      if (isWrittenDeviceVariable(var))
        refs.mark(var);
    }
  }
  // Macros: a header whose #define'd name the kept text mentions is kept
  // (a use in device code or in an #if of it), until nothing changes.
  auto includer = [&](clang::FileID id) {
    return sm.getFileID(sm.getExpansionLoc(sm.getIncludeLoc(id)));
  };
  for (bool changed = true; changed;) {
    changed = false;
    // A kept header keeps the headers that include it.
    for (clang::FileID id : headers)
      if (needed.count(id) && !needed.count(includer(id)) &&
          includer(id).isValid()) {
        needed.insert(includer(id));
        changed = true;
      }
    llvm::StringSet<> kept;
    for (clang::FileID id : needed)
      collectIdentifiers(sm.getBufferData(id), kept);
    for (clang::FileID id : headers) {
      if (needed.count(id))
        continue;
      llvm::StringRef text = sm.getBufferData(id);
      for (size_t at = 0; at < text.size();) {
        size_t end = text.find('\n', at);
        if (end == llvm::StringRef::npos)
          end = text.size();
        llvm::StringRef line = text.slice(at, end).ltrim();
        at = end + 1;
        if (!line.consume_front("#"))
          continue;
        line = line.ltrim();
        if (!line.consume_front("define"))
          continue;
        llvm::StringRef name = line.ltrim().take_while(
            [](char c) { return std::isalnum((unsigned char)c) || c == '_'; });
        if (!name.empty() && kept.contains(name)) {
          needed.insert(id);
          changed = true;
          break;
        }
      }
    }
  }
  for (clang::FileID id : headers)
    if (!needed.count(id) && needed.count(includer(id)))
      leftOutHeaders.insert(id);
  deviceDecls = std::move(refs.seen);
  deviceDeclsKnown = true;
}

/// Whether `type` is CUDA's cudaTextureObject_t (a typedef of unsigned
/// long long) or the driver API's CUtexObject, through other typedefs of
/// it.
static bool isTextureObjectType(clang::QualType type) {
  while (const auto *td = type->getAs<clang::TypedefType>()) {
    if (td->getDecl()->getName() == "cudaTextureObject_t" ||
        td->getDecl()->getName() == "CUtexObject")
      return true;
    type = td->desugar();
  }
  return false;
}

const clang::ParmVarDecl *
SyntaxRewriter::textureParamOf(const clang::Expr *e) const {
  const auto *ref =
      llvm::dyn_cast<clang::DeclRefExpr>(e->IgnoreParenImpCasts());
  const auto *p =
      ref ? llvm::dyn_cast<clang::ParmVarDecl>(ref->getDecl()) : nullptr;
  return p && isTextureObjectType(p->getType()) ? p : nullptr;
}

std::string SyntaxRewriter::samplerParams(const clang::FunctionDecl *fn) const {
  std::string params;
  for (const clang::ParmVarDecl *p : fn->parameters())
    if (std::optional<TextureKind> kind = textureKindOf(p);
        kind && textureTakesSampler(*kind))
      params += ", sampler_t " + samplerName(p);
  return params;
}

void SyntaxRewriter::collectTextureParams() {
  using Key = std::pair<const clang::FunctionDecl *, unsigned>;
  auto keyOf = [](const clang::ParmVarDecl *p) -> std::optional<Key> {
    const auto *fn =
        llvm::dyn_cast_or_null<clang::FunctionDecl>(p->getDeclContext());
    if (!fn)
      return std::nullopt;
    return Key{fn->getCanonicalDecl(), p->getFunctionScopeIndex()};
  };
  struct Finder : clang::DynamicRecursiveASTVisitor {
    SyntaxRewriter &r;
    std::function<std::optional<Key>(const clang::ParmVarDecl *)> keyOf;
    std::vector<std::tuple<Key, Key, clang::SourceLocation>> passes;
    /// Inside device code (a kernel or a __device__ function): host code
    /// is left out, and its launches pass texture objects of its own.
    bool inDevice = false;
    Finder(SyntaxRewriter &r,
           std::function<std::optional<Key>(const clang::ParmVarDecl *)> k)
        : r(r), keyOf(std::move(k)) {}
    bool TraverseFunctionDecl(clang::FunctionDecl *fn) override {
      bool saved = inDevice;
      inDevice = fn->hasAttr<clang::CUDAGlobalAttr>() ||
                 fn->hasAttr<clang::CUDADeviceAttr>();
      bool result = clang::DynamicRecursiveASTVisitor::TraverseFunctionDecl(fn);
      inDevice = saved;
      return result;
    }
    bool VisitCallExpr(clang::CallExpr *call) override {
      const clang::FunctionDecl *callee = call->getDirectCallee();
      if (!inDevice || llvm::isa<clang::CUDAKernelCallExpr>(call) || !callee ||
          !callee->getIdentifier() ||
          !r.src.isUserLocation(r.sm.getExpansionLoc(call->getBeginLoc())))
        return true;
      if (!isUserDecl(r.src, callee)) {
        std::optional<TextureKind> kind = cudaTextureRead(callee->getName());
        if (!kind || call->getNumArgs() == 0)
          return true;
        const clang::ParmVarDecl *p = r.textureParamOf(call->getArg(0));
        std::optional<Key> key = p ? keyOf(p) : std::nullopt;
        if (!key) {
          r.error(call->getBeginLoc(),
                  "the texture object read here is not a parameter of the "
                  "function that reads it: xfence writes a texture object "
                  "as an OpenCL C image and sampler, which the function "
                  "takes as parameters");
          return true;
        }
        auto [it, inserted] = r.textureParams.try_emplace(*key, *kind);
        if (!inserted && it->second != *kind)
          r.error(call->getBeginLoc(),
                  "texture object '" + p->getName().str() +
                      "' is read as a 1D, 2D, 3D or linear texture in two "
                      "ways: one OpenCL C image type cannot serve both");
        return true;
      }
      for (unsigned i = 0; i < call->getNumArgs() && i < callee->getNumParams();
           ++i) {
        const clang::ParmVarDecl *q = callee->getParamDecl(i);
        if (!isTextureObjectType(q->getType()))
          continue;
        const clang::ParmVarDecl *p = r.textureParamOf(call->getArg(i));
        std::optional<Key> from = p ? keyOf(p) : std::nullopt;
        std::optional<Key> to = keyOf(q);
        if (from && to)
          passes.emplace_back(*from, *to, call->getArg(i)->getBeginLoc());
        else if (to)
          passes.emplace_back(*to, *to, call->getArg(i)->getBeginLoc());
      }
      return true;
    }
  } finder(*this, keyOf);
  finder.TraverseDecl(src.getContext().getTranslationUnitDecl());
  // A texture object passed on is read as the parameter it is passed to
  // is, until nothing changes.
  for (bool changed = true; changed;) {
    changed = false;
    for (auto &[from, to, at] : finder.passes) {
      auto f = textureParams.find(from), t = textureParams.find(to);
      if (f != textureParams.end() && t == textureParams.end()) {
        textureParams[to] = f->second;
        changed = true;
      } else if (t != textureParams.end() && f == textureParams.end()) {
        textureParams[from] = t->second;
        changed = true;
      }
    }
  }
  for (auto &[from, to, at] : finder.passes) {
    auto f = textureParams.find(from), t = textureParams.find(to);
    if (t == textureParams.end())
      continue;
    if (from == to)
      error(at, "this texture object is not a parameter of the function "
                "that passes it: xfence writes a texture object as an "
                "OpenCL C image and sampler, passed on as parameters");
    else if (f->second != t->second)
      error(at, "this texture object is read as a 1D, 2D, 3D or linear "
                "texture in two ways: one OpenCL C image type cannot serve "
                "both");
  }
}

bool SyntaxRewriter::rewriteTextureRead(clang::CallExpr *call,
                                        TextureKind kind) {
  const clang::FunctionDecl *callee = call->getDirectCallee();
  std::string name = callee->getName().str();
  const clang::TemplateArgumentList *targs =
      callee->getTemplateSpecializationArgs();
  if (!targs || targs->size() != 1 ||
      targs->get(0).getKind() != clang::TemplateArgument::Type ||
      call->getNumArgs() != 1 + textureCoordinates(kind))
    return error(call->getBeginLoc(),
                 "this form of '" + name +
                     "' has no OpenCL C image read; write " + name +
                     "<T>(texture, coordinates)");
  std::optional<std::string> type = spellType(targs->get(0).getAsType());
  std::optional<std::string> read =
      type ? openCLTextureRead(kind, *type) : std::nullopt;
  if (!read)
    return error(
        call->getBeginLoc(),
        "a texture read that gives '" +
            targs->get(0).getAsType().getAsString(clang::PrintingPolicy(lo)) +
            "' has no OpenCL C image read (they give float, int "
            "and uint components, one, two or four)");
  const clang::ParmVarDecl *p = textureParamOf(call->getArg(0));
  if (!p || !textureKindOf(p))
    return true; // reported by collectTextureParams
  // read_imagef, read_imagei and read_imageui each want an image of their
  // own channel formats: one texture object read as two of them has no
  // image to be.
  llvm::StringRef imageRead = *openCLImageRead(*type);
  auto [it, inserted] = textureImageReads.try_emplace(
      {llvm::cast<clang::FunctionDecl>(p->getDeclContext())->getCanonicalDecl(),
       p->getFunctionScopeIndex()},
      imageRead);
  if (!inserted && it->second != imageRead)
    return error(call->getBeginLoc(),
                 "texture object '" + p->getName().str() +
                     "' is read as floating-point and as integer values: "
                     "OpenCL C's image reads of the two want images of "
                     "different channel formats");
  clang::Expr *calleeExpr = call->getCallee()->IgnoreParenImpCasts();
  replaceRange(calleeExpr->getSourceRange(), *read);
  if (textureTakesSampler(kind)) {
    std::optional<FileCharRange> texture =
        rangeOf(call->getArg(0)->getSourceRange());
    if (!texture)
      return error(call->getArg(0)->getBeginLoc(),
                   "cannot rewrite this texture argument (written in a "
                   "macro); write the parameter's name");
    edits.insertAfter(*texture, ", " + samplerName(p), call->getBeginLoc());
  }
  return true;
}

void SyntaxRewriter::collectDeviceUses() {
  clang::ASTContext &ctx = src.getContext();
  struct Uses : clang::DynamicRecursiveASTVisitor {
    llvm::SetVector<const clang::VarDecl *> vars;
    llvm::SetVector<const clang::FunctionDecl *> callees;
    bool VisitDeclRefExpr(clang::DeclRefExpr *ref) override {
      if (auto *var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl())) {
        if (var->getDeclContext()->getRedeclContext()->isFileContext())
          vars.insert(var->getCanonicalDecl());
      } else if (auto *fn =
                     llvm::dyn_cast<clang::FunctionDecl>(ref->getDecl())) {
        callees.insert(fn->getCanonicalDecl());
      }
      return true;
    }
  };
  // Variables that become arguments, in declaration order.
  std::vector<clang::Decl *> decls = topLevelDecls(ctx);
  // Overloaded __device__ functions and kernels (HeCBench's mf-sgd has two
  // init_rand_state kernels): the first keeps its name.
  llvm::StringMap<llvm::SetVector<const clang::FunctionDecl *>> byName;
  for (clang::Decl *d : decls)
    if (auto *fn = llvm::dyn_cast<clang::FunctionDecl>(d))
      if (isUserDecl(src, fn) && fn->getIdentifier() &&
          !isHostOnlyFunction(fn) && !fn->isTemplateInstantiation() &&
          // A kernel that this file only declares is left out.
          (!fn->hasAttr<clang::CUDAGlobalAttr>() || fn->getDefinition()) &&
          !llvm::isa<clang::CXXMethodDecl>(fn))
        byName[fn->getName()].insert(fn->getCanonicalDecl());
  for (auto &[name, set] : byName) {
    llvm::StringSet<> taken;
    for (auto &[other, unused] : byName)
      taken.insert(other);
    for (unsigned i = 1; i < set.size(); ++i) {
      std::string renamed;
      for (unsigned n = i + 1;; ++n) {
        renamed = name.str() + "_" + std::to_string(n);
        if (!taken.contains(renamed))
          break;
      }
      taken.insert(renamed);
      overloadNames[set[i]] = renamed;
    }
  }
  for (clang::Decl *d : decls) {
    auto *var = llvm::dyn_cast<clang::VarDecl>(d);
    if (!var || !isUserDecl(src, var) ||
        (var->hasExternalStorage() && !isDynamicShared(var)) ||
        var->getCanonicalDecl() != var)
      continue;
    bool constant = var->hasAttr<clang::CUDAConstantAttr>();
    bool device = var->hasAttr<clang::CUDADeviceAttr>() &&
                  !var->hasAttr<clang::CUDASharedAttr>() && !constant;
    // A __constant__ variable without an initializer is set by the host;
    // OpenCL C program-scope __constant variables need an initializer.
    if ((constant && !hasWrittenInit(var)) || (device && hoistDevice) ||
        isFileShared(var) || isDynamicShared(var)) {
      hoistedIndex[var] = hoistedVars.size();
      hoistedVars.push_back(var);
    }
  }
  // The __shared__ variables that __device__ functions declare.
  struct SharedLocals : clang::DynamicRecursiveASTVisitor {
    llvm::SmallVector<const clang::VarDecl *> found;
    bool VisitVarDecl(clang::VarDecl *var) override {
      if (isDeviceFunctionShared(var))
        found.push_back(var);
      return true;
    }
  };
  llvm::DenseMap<const clang::FunctionDecl *,
                 llvm::SmallVector<const clang::VarDecl *>>
      sharedLocals;
  for (clang::Decl *d : decls) {
    auto *fn = llvm::dyn_cast<clang::FunctionDecl>(d);
    if (!fn || !fn->doesThisDeclarationHaveABody() || isHostOnlyFunction(fn) ||
        !isUserDecl(src, fn) || fn->hasAttr<clang::CUDAGlobalAttr>())
      continue;
    SharedLocals locals;
    locals.TraverseStmt(fn->getBody());
    for (const clang::VarDecl *var : locals.found) {
      hoistedIndex[var] = hoistedVars.size();
      hoistedVars.push_back(var);
      sharedLocals[fn->getCanonicalDecl()].push_back(var);
    }
  }
  llvm::DenseMap<const clang::FunctionDecl *,
                 llvm::SetVector<const clang::FunctionDecl *>>
      calls;
  std::vector<const clang::FunctionDecl *> order;
  for (clang::Decl *d : decls) {
    auto *fn = llvm::dyn_cast<clang::FunctionDecl>(d);
    if (!fn || !fn->doesThisDeclarationHaveABody() || isHostOnlyFunction(fn) ||
        !isUserDecl(src, fn))
      continue;
    Uses uses;
    uses.TraverseStmt(fn->getBody());
    const clang::FunctionDecl *key = fn->getCanonicalDecl();
    llvm::BitVector bits(hoistedVars.size());
    for (const clang::VarDecl *var : uses.vars) {
      deviceUsed.insert(var);
      if (var->hasAttr<clang::CUDASharedAttr>() &&
          !fn->hasAttr<clang::CUDAGlobalAttr>())
        fileShared.insert(var);
      auto it = hoistedIndex.find(var);
      if (it != hoistedIndex.end())
        bits.set(it->second);
    }
    for (const clang::FunctionDecl *callee : uses.callees)
      deviceUsed.insert(callee);
    for (const clang::VarDecl *var : sharedLocals.lookup(key)) {
      fileShared.insert(var);
      bits.set(hoistedIndex[var]);
    }
    needs[key] = bits;
    calls[key] = uses.callees;
    order.push_back(key);
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (const clang::FunctionDecl *fn : order) {
      llvm::BitVector bits = needs[fn];
      for (const clang::FunctionDecl *callee : calls[fn]) {
        auto it = needs.find(callee);
        if (it != needs.end())
          bits |= it->second;
      }
      if (bits != needs[fn]) {
        needs[fn] = bits;
        changed = true;
      }
    }
  }
}

llvm::SmallVector<const clang::VarDecl *>
SyntaxRewriter::hoistedNeeds(const clang::FunctionDecl *fn) const {
  llvm::SmallVector<const clang::VarDecl *> vars;
  auto it = needs.find(fn->getCanonicalDecl());
  if (it == needs.end())
    return vars;
  for (unsigned i : it->second.set_bits())
    vars.push_back(hoistedVars[i]);
  return vars;
}

std::string SyntaxRewriter::hoistedParam(const clang::VarDecl *var,
                                         const clang::FunctionDecl *fn) const {
  clang::ASTContext &ctx = src.getContext();
  clang::QualType type = var->getType();
  if (isConstantPointer(var)) {
    std::string decl;
    llvm::raw_string_ostream os(decl);
    type.print(os, clang::PrintingPolicy(lo), hoistedName(var, fn));
    return "__global " + decl;
  }
  clang::QualType pointee = type;
  if (const clang::ArrayType *array = ctx.getAsArrayType(type))
    pointee = array->getElementType();
  std::string decl;
  llvm::raw_string_ostream os(decl);
  ctx.getPointerType(pointee).print(os, clang::PrintingPolicy(lo),
                                    hoistedName(var, fn));
  return (isFileShared(var) || isDynamicShared(var) ? "__local "
          : var->hasAttr<clang::CUDAConstantAttr>() ? "__constant "
                                                    : "__global ") +
         decl;
}

std::string SyntaxRewriter::notes() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (!overloadNames.empty()) {
    os << "// xfence: overloaded __device__ functions and kernels renamed "
          "(OpenCL C has "
          "no overloading):\n";
    for (const auto &[fn, name] : overloadNames) {
      std::string type;
      for (const clang::ParmVarDecl *p : fn->parameters())
        type += (type.empty() ? "" : ", ") +
                p->getType().getAsString(clang::PrintingPolicy(lo));
      os << "//   " << fn->getName() << "(" << type << ") (line "
         << sm.getPresumedLineNumber(fn->getLocation()) << ") -> " << name
         << "\n";
    }
  }
  if (!stdintTypes.empty()) {
    os << "// xfence: the <stdint.h> types of the CUDA code (OpenCL C has "
          "them built in under other names):\n";
    for (const auto &[name, type] : stdintTypes)
      os << "typedef " << type << " " << name << ";\n";
  }
  if (!hostNotes.empty()) {
    os << "// xfence: host code left out (the OpenCL host program replaces "
          "it):";
    for (const std::string &note : hostNotes)
      os << "\n//   " << note;
    os << "\n";
  }
  if (!launchNotes.empty()) {
    os << "// xfence: kernel launches of the host code (CUDA grid g and "
          "block b: OpenCL global size g*b and local size b, per dimension; "
          "dynamic shared memory: the __local argument's size):\n";
    for (const std::string &note : launchNotes)
      os << "//   " << note << "\n";
  }
  // The arguments added to each kernel, in order (the launch ABI).
  bool header = false;
  for (const clang::FunctionDecl *fn : functions) {
    if (!fn->hasAttr<clang::CUDAGlobalAttr>() ||
        !fn->doesThisDeclarationHaveABody())
      continue;
    unsigned index = fn->getNumParams();
    std::vector<std::string> lines;
    clang::PrintingPolicy policy(lo);
    for (const clang::ParmVarDecl *p : fn->parameters()) {
      const clang::RecordDecl *record = p->getType()->getAsRecordDecl();
      if (!record || !pointerHolder(p->getType()) ||
          !hostLayouts.count(record->getDefinition()))
        continue;
      std::vector<PointerMember> members;
      pointerMemberPaths(record, "", members);
      for (const PointerMember &m : members)
        lines.push_back(
            "argument " + std::to_string(index++) + ": __global " +
            m.field->getType()->getPointeeType().getAsString(policy) +
            " *xfence_" + p->getName().str() + "_" +
            llvm::join(llvm::split(m.path, '.'), "_") +
            ", the buffer of member '" + m.path + "' of argument " +
            std::to_string(p->getFunctionScopeIndex()) + " '" +
            p->getName().str() + "' (passed as " +
            hostLayouts.lookup(record->getDefinition()) +
            ", the struct with its pointers as ulong, which the kernel "
            "ignores)");
    }
    auto shared = kernelDynamicShared.find(fn);
    if (shared != kernelDynamicShared.end())
      for (const clang::VarDecl *var : shared->second) {
        std::string at = std::to_string(index++);
        lines.push_back("argument " + at +
                        ": __local, the extern __shared__ "
                        "array '" +
                        var->getName().str() + "': clSetKernelArg(kernel, " +
                        at + ", dynamic shared memory bytes, NULL)");
      }
    for (const clang::VarDecl *var : hoistedNeeds(fn)) {
      if (isFileShared(var) || isDynamicShared(var))
        continue; // declared in the kernel, or listed above
      bool constant = var->hasAttr<clang::CUDAConstantAttr>();
      std::string init = "zero";
      if (hasWrittenInit(var))
        init = "'" + sourceText(var->getInit()->getSourceRange()) + "'";
      lines.push_back(
          "argument " + std::to_string(index++) + ": " + hoistedParam(var, fn) +
          (constant && isConstantPointer(var)
               ? ", the __constant__ pointer: the buffer whose address "
                 "cudaMemcpyToSymbol would copy"
           : constant ? ", the __constant__ variable (a read-only buffer of "
                        "what cudaMemcpyToSymbol would copy)"
                      : ", the __device__ variable (one buffer for the whole "
                        "program, the same in every launch; initial value " +
                            init + ")"));
    }
    // Texture objects: the user's argument is the image, the sampler an
    // added argument.
    std::vector<std::string> images;
    for (const clang::ParmVarDecl *p : fn->parameters()) {
      std::optional<TextureKind> kind = textureKindOf(p);
      if (!kind)
        continue;
      std::string at = std::to_string(p->getFunctionScopeIndex());
      images.push_back(
          "argument " + at + " '" + p->getName().str() +
          "' (the user's): " + openCLImageType(*kind).str() +
          ", the texture object's data in the channel format of its "
          "cudaChannelFormatDesc (a UNORM format where its readMode is "
          "cudaReadModeNormalizedFloat)");
      if (textureTakesSampler(*kind))
        lines.push_back(
            "argument " + std::to_string(index++) + ": sampler_t " +
            samplerName(p) + ", the sampling of texture object '" +
            p->getName().str() + "' (argument " + at +
            "): clCreateSampler with its cudaTextureDesc's "
            "normalizedCoords, addressMode (Clamp: CL_ADDRESS_CLAMP_TO_EDGE, "
            "Border: CL_ADDRESS_CLAMP, Wrap: CL_ADDRESS_REPEAT, Mirror: "
            "CL_ADDRESS_MIRRORED_REPEAT) and filterMode (Point: "
            "CL_FILTER_NEAREST, Linear: CL_FILTER_LINEAR)");
    }
    lines.insert(lines.begin(), images.begin(), images.end());
    if (lines.empty())
      continue;
    if (!header)
      os << "// xfence: arguments added to kernels, after the user's "
            "(docs/cuda-to-opencl.md, launch ABI):\n";
    header = true;
    os << "//   " << fn->getName() << ":\n";
    for (const std::string &line : lines)
      os << "//     " << line << "\n";
  }
  if (programScopeVariables && cl2)
    os << "#if __OPENCL_C_VERSION__ >= 300 && "
          "!defined(__opencl_c_program_scope_global_variables)\n"
          "#error \"xfence: the CUDA __device__ variables of this program are "
          "program-scope global variables, which this OpenCL C 3.0 device "
          "lacks (__opencl_c_program_scope_global_variables); translate with "
          "--device-variables=kernel-arguments\"\n"
          "#endif\n";
  return text;
}


} // namespace

LogicalResult
xfence::addCudaSyntaxEdits(SourceEdits &edits, const CudaAddressSpaces &spaces,
                           const CudaSyntaxOptions &options,
                           const llvm::DenseSet<const clang::Stmt *> &sites,
                           std::string &notes) {
  ParsedSource &src = edits.getSource();
  const std::vector<std::string> &includeDirs = options.includeDirs;
  SyntaxRewriter rewriter(edits, spaces, options, sites);
  rewriter.collectDeviceUses();
  rewriter.collectTextureParams();
  rewriter.findHostHeaders();
  rewriter.TraverseDecl(src.getContext().getTranslationUnitDecl());
  rewriter.finish();

  // #include of a system header (the CUDA runtime, <cuda/atomic>,
  // <cooperative_groups.h>) in a user file: OpenCL C has them built in or
  // has no use for them. An angled include, or a quoted one that is not a
  // file next to the including file, next to the source or in a -I
  // directory, is a system header. A user header that changes is inlined
  // at its #include (the edit policy), so its includes are looked at too.
  clang::SourceManager &sm = src.getSourceManager();
  clang::FileID mainFile = sm.getMainFileID();
  llvm::SmallString<256> mainDir;
  if (clang::OptionalFileEntryRef entry = sm.getFileEntryRefForID(mainFile))
    mainDir = llvm::sys::path::parent_path(entry->getName());
  llvm::SmallVector<clang::FileID> files = {mainFile};
  // The #include lines of the headers left out (host code only).
  std::set<std::pair<unsigned, size_t>> leftOutLines;
  std::set<std::string> cudaMacros, platformMacros, mathConstants;
  for (clang::FileID header : rewriter.leftOutHeaders) {
    auto [includer, offset] =
        sm.getDecomposedLoc(sm.getExpansionLoc(sm.getIncludeLoc(header)));
    llvm::StringRef buffer = sm.getBufferData(includer);
    size_t lineBegin = buffer.rfind('\n', offset);
    lineBegin = lineBegin == llvm::StringRef::npos ? 0 : lineBegin + 1;
    if (!leftOutLines.insert({includer.getHashValue(), lineBegin}).second)
      continue;
    edits.replace({includer, static_cast<unsigned>(lineBegin),
                   static_cast<unsigned>(lineBegin)},
                  "// xfence: host-only header left out: ");
    if (clang::OptionalFileEntryRef entry = sm.getFileEntryRefForID(header))
      rewriter.noteHostHeader(
          llvm::sys::path::filename(entry->getName()),
          sm.getPresumedLineNumber(sm.getIncludeLoc(header)));
  }
  // The files left out (with the headers they include): another #include
  // of one of them (skipped by its include guard) goes too.
  llvm::StringSet<> leftOutPaths;
  for (auto it = sm.fileinfo_begin(); it != sm.fileinfo_end(); ++it) {
    clang::FileID id = sm.translateFile(it->first);
    if (id.isValid() && id != mainFile &&
        rewriter.inLeftOutHeader(sm.getLocForStartOfFile(id))) {
      // Nothing of it is translated: not a template that another walker
      // left out in it (helper_string.h under the CUDA samples'
      // helper_cuda.h), so it is not inlined either.
      edits.leaveOut(id);
      llvm::SmallString<256> real;
      if (!llvm::sys::fs::real_path(it->first.getName(), real))
        leftOutPaths.insert(real);
    }
  }
  for (auto it = sm.fileinfo_begin(); it != sm.fileinfo_end(); ++it) {
    clang::FileID id = sm.translateFile(it->first);
    if (id.isValid() && id != mainFile &&
        src.isUserLocation(sm.getLocForStartOfFile(id)) &&
        sm.getIncludeLoc(id).isValid() &&
        src.isUserLocation(sm.getIncludeLoc(id)) &&
        !rewriter.inLeftOutHeader(sm.getLocForStartOfFile(id)))
      files.push_back(id);
  }
  for (clang::FileID file : files) {
    llvm::StringRef buffer = sm.getBufferData(file);
    llvm::SmallVector<std::string> dirs = {std::string(mainDir)};
    if (clang::OptionalFileEntryRef entry = sm.getFileEntryRefForID(file))
      dirs.push_back(llvm::sys::path::parent_path(entry->getName()).str());
    for (const std::string &dir : includeDirs)
      dirs.push_back(dir);
    forEachLine(buffer, [&](size_t at, size_t end) {
      llvm::StringRef line = buffer.slice(at, end).ltrim();
      bool system = false, hostHeader = false;
      // Inlined, a header's #pragma once would be in the main file.
      if (file != mainFile && line.starts_with("#") &&
          line.drop_front().ltrim().starts_with("pragma") &&
          line.contains("once"))
        system = true;
      if (line.consume_front("#") &&
          (line = line.ltrim()).consume_front("include")) {
        line = line.trim();
        if (line.starts_with("<")) {
          system = true;
        } else if (line.consume_front("\"")) {
          llvm::StringRef name =
              line.take_until([](char c) { return c == '"'; });
          system = true;
          for (const std::string &dir : dirs) {
            llvm::SmallString<256> path(dir);
            llvm::sys::path::append(path, name);
            if (llvm::sys::fs::exists(path)) {
              llvm::SmallString<256> real;
              if (system && !leftOutPaths.empty() &&
                  !llvm::sys::fs::real_path(path, real) &&
                  leftOutPaths.contains(real))
                hostHeader = true;
              system = false;
            }
          }
        }
      }
      if (hostHeader && !leftOutLines.count({file.getHashValue(), at}))
        edits.replace(
            {file, static_cast<unsigned>(at), static_cast<unsigned>(at)},
            "// xfence: host-only header left out: ");
      else if (system && !leftOutLines.count({file.getHashValue(), at}))
        edits.replace(
            {file, static_cast<unsigned>(at), static_cast<unsigned>(at)},
            "// xfence: ");
      for (const char *macro : {"__CUDA_ARCH__", "__CUDACC__", "CUDART_VERSION",
                                "CUDA_VERSION", "__align__"})
        if (buffer.slice(at, end).contains(macro))
          cudaMacros.insert(macro);
      collectParseMacros(buffer.slice(at, end), platformMacros, mathConstants);
    });
  }
  // CUDA's macros that the kept text names: the values of the parse, so
  // that an #if selects the code that was translated (an #if
  // __CUDA_ARCH__ >= 200 around the kernels would otherwise select its
  // #else, which was not; HeCBench's mpc defines __shfl_up under #if
  // CUDART_VERSION >= 9000), and __align__ as CUDA defines it.
  notes = rewriter.notes();
  if (!cudaMacros.empty()) {
    notes += "// xfence: CUDA macros that the code names, as the CUDA device "
             "side was parsed with (the translated #if branches):\n";
    clang::Preprocessor &pp = src.getUnit().getPreprocessor();
    for (llvm::StringRef macro :
         {"__CUDA_ARCH__", "__CUDACC__", "CUDART_VERSION", "CUDA_VERSION"}) {
      if (!cudaMacros.count(macro.str()))
        continue;
      const clang::MacroInfo *info =
          pp.getMacroInfo(pp.getIdentifierInfo(macro));
      if (!info)
        continue;
      std::string value;
      for (const clang::Token &tok : info->tokens())
        value += (value.empty() ? "" : " ") + pp.getSpelling(tok);
      notes += "#define " + macro.str() + " " + value + "\n";
    }
    if (cudaMacros.count("__align__"))
      notes += "#define __align__(n) __attribute__((aligned(n)))\n";
  }
  notes += parseMacroDefinitions(src.getUnit().getPreprocessor(), src,
                                 platformMacros, mathConstants);
  return failure(rewriter.failed);
}
