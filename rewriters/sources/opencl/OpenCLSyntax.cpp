//===- OpenCLSyntax.cpp - OpenCL C syntax that CUDA spells differently ----===//
//
// The part of OpenCL-to-CUDA translation that is not synchronization, driven
// by the Clang AST (docs/opencl-to-cuda.md, "The rest of the language"):
//  * __kernel / kernel -> __global__, reqd_work_group_size ->
//    __launch_bounds__; every other function with a body in user code gets
//    __device__; a launch helper per kernel (launch_<kernel>);
//  * __local pointer kernel parameters -> dynamic shared memory: each is
//    replaced by a trailing size_t parameter with its size in bytes, and the
//    kernel finds it at the sum of the sizes before it, each rounded up to
//    16 bytes (bench/e2e/README.md, "The launch ABI");
//  * address-space qualifiers: a function-scope __local variable becomes
//    __shared__, a program-scope __constant variable __constant__, a
//    program-scope __global variable __device__; elsewhere the qualifier is
//    dropped (CUDA pointers are generic);
//  * work-item functions -> threadIdx.x etc. (helpers for a non-constant
//    dimension);
//  * vector types, literals, swizzles and vector ?: -> ocl::vec (the
//    prelude of OpenCLLibrary); every other built-in function -> its
//    ocl:: definition generated from the overload Clang resolved;
//  * images and samplers -> ocl::image2d_t etc. and ocl::sampler_t (the
//    software images of OpenCLImages), access qualifiers dropped;
//  * what has no sound CUDA form (multi-sample images, pipes,
//    device-side enqueue, ...) is an error at its location.
//
//===----------------------------------------------------------------------===//

#include "rewriters/sources/opencl/OpenCLSyntax.h"

#include "frontends/opencl/OpenCLBuiltins.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/ADT/StringSwitch.h"

using namespace xfence;
using namespace mlir;

namespace {

class SyntaxVisitor : public clang::DynamicRecursiveASTVisitor {
public:
  SyntaxVisitor(SourceEdits &edits, OpenCLLibrary &lib,
                const TargetSyntax &target)
      : edits(edits), lib(lib), src(edits.getSource()),
        sm(src.getSourceManager()), lo(src.getLangOpts()), target(target),
        tn(target.name.str()), rt(target.runtimePrefix.str()) {}

  bool VisitFunctionDecl(clang::FunctionDecl *fn) override {
    if (!src.isUserLocation(fn->getLocation()))
      return true;
    // Where the route writes kernels itself (alpaka's functors), only the
    // other functions are qualified here.
    std::string deviceFn = target.deviceFunctionQualifier.str();
    llvm::StringRef kernelQualifier = target.kernelQualifier;
    if (auto *kernel = fn->getAttr<clang::DeviceKernelAttr>()) {
      if (auto range = findRewriteRange(sm, lo, kernel->getRange());
          range && !kernelQualifier.empty())
        edits.replace(*range, kernelQualifier.str());
      kernelAttributes(fn);
      if (fn->doesThisDeclarationHaveABody() && !kernelQualifier.empty())
        kernelParameters(fn);
    } else if (auto range = findRewriteRange(sm, lo, fn->getSourceRange())) {
      edits.insertBefore(*range, deviceFn, fn->getBeginLoc());
    } else if (auto first = findRewriteRange(
                   sm, lo, clang::SourceRange(fn->getBeginLoc()))) {
      edits.insertBefore(*first, deviceFn, fn->getBeginLoc());
    }
    qualifiers(fn->getBeginLoc(), fn->getLocation(), Placement::Drop);
    return true;
  }

  bool VisitVarDecl(clang::VarDecl *var) override {
    if (!src.isUserLocation(var->getLocation()))
      return true;
    Placement placement = Placement::Drop;
    // A __local variable, and a kernel's __local pointer argument, are the
    // route's where it writes kernels itself.
    if (routeWritesKernels() && isLocalMemory(var))
      return true;
    if (!llvm::isa<clang::ParmVarDecl>(var)) {
      clang::LangAS as = var->getType().getAddressSpace();
      if (as == clang::LangAS::opencl_local)
        placement = Placement::Shared;
      else if (var->hasGlobalStorage() && as == clang::LangAS::opencl_constant)
        placement = Placement::Constant;
      else if (var->hasGlobalStorage() && as == clang::LangAS::opencl_global)
        placement = Placement::Device;
      if (var->hasGlobalStorage() && !var->isStaticLocal() &&
          refersToGeneric(var->getType()))
        error(var->getLocation(),
              "a program-scope variable in or pointing to the generic "
              "address space has no " +
                  tn + " translation");
    }
    clang::SourceLocation end = var->getLocation();
    if (!var->getIdentifier())
      end = var->getEndLoc();
    qualifiers(var->getBeginLoc(), end, placement);
    return true;
  }

  //===--------------------------------------------------------------------===//
  // Names that C++ or CUDA take
  //===--------------------------------------------------------------------===//

  /// A user's name that is a CUDA built-in variable (a local `blockIdx`
  /// would hide the one the translated work-item functions read) or a C++
  /// keyword (`new`, `class`, `this`): renamed xfence_<name>, at the
  /// declaration and at every use.
  static bool isTakenName(llvm::StringRef name) {
    return llvm::StringSwitch<bool>(name)
        .Cases({"threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize"},
               true)
        .Cases({"new",           "delete",       "class",     "this",
                "template",      "typename",     "namespace", "using",
                "operator",      "friend",       "virtual",   "public",
                "protected",     "mutable",      "explicit",  "export",
                "throw",         "try",          "catch",     "typeid",
                "nullptr",       "decltype",     "noexcept",  "constexpr",
                "static_assert", "thread_local", "alignof",   "alignas",
                "char16_t",      "char32_t"},
               true)
        .Cases({"and",         "or",         "not",
                "xor",         "bitand",     "bitor",
                "compl",       "and_eq",     "or_eq",
                "xor_eq",      "not_eq",     "dynamic_cast",
                "static_cast", "const_cast", "reinterpret_cast",
                "wchar_t",     "concept",    "requires",
                "co_await",    "co_yield",   "co_return",
                "consteval",   "constinit",  "char8_t"},
               true)
        .Default(false);
  }

  void renameAt(clang::SourceLocation loc, llvm::StringRef name) {
    if (auto range = findRewriteRange(sm, lo, clang::SourceRange(loc)))
      edits.replace(*range, "xfence_" + name.str());
    else
      error(loc, "cannot rename '" + name.str() +
                     "' (a name that CUDA C++ takes): its text comes from "
                     "a macro of a system header");
  }

  bool VisitNamedDecl(clang::NamedDecl *decl) override {
    if (decl->getIdentifier() && isTakenName(decl->getName()) &&
        src.isUserLocation(decl->getLocation()))
      renameAt(decl->getLocation(), decl->getName());
    return true;
  }

  /// A use at `loc` of the user's `decl`, whose name the target takes.
  void renameUse(const clang::ValueDecl *decl, clang::SourceLocation loc) {
    if (decl->getIdentifier() && isTakenName(decl->getName()) &&
        src.isUserLocation(decl->getLocation()) &&
        src.isUserLocation(sm.getExpansionLoc(loc)))
      renameAt(loc, decl->getName());
  }

  bool VisitDeclRefExpr(clang::DeclRefExpr *ref) override {
    renameUse(ref->getDecl(), ref->getLocation());
    return true;
  }

  bool VisitMemberExpr(clang::MemberExpr *member) override {
    renameUse(member->getMemberDecl(), member->getMemberLoc());
    return true;
  }

  bool VisitFieldDecl(clang::FieldDecl *field) override {
    if (src.isUserLocation(field->getLocation()))
      qualifiers(field->getBeginLoc(), field->getLocation(), Placement::Drop);
    return true;
  }

  bool VisitTypedefNameDecl(clang::TypedefNameDecl *decl) override {
    if (src.isUserLocation(decl->getLocation()))
      qualifiers(decl->getBeginLoc(), decl->getLocation(), Placement::Drop);
    return true;
  }

  bool VisitCStyleCastExpr(clang::CStyleCastExpr *cast) override {
    if (!src.isUserLocation(cast->getBeginLoc()))
      return true;
    qualifiers(cast->getLParenLoc(), cast->getRParenLoc(), Placement::Drop);
    // (float4)(x), a vector literal of one value: in OpenCL C a postfix
    // expression ((float4)(x).y is a lane of it), in C++ a cast of what
    // follows. The functional form ocl::float4(x) keeps the meaning.
    if (!cast->getType()->isExtVectorType())
      return true;
    auto open = findRewriteRange(sm, lo, cast->getLParenLoc());
    auto close = findRewriteRange(sm, lo, cast->getRParenLoc());
    if (!open || !close || open->file != close->file)
      return true;
    llvm::StringRef buffer = sm.getBufferData(close->file);
    unsigned next = close->end;
    while (next < buffer.size() && clang::isWhitespace(buffer[next]))
      ++next;
    if (next >= buffer.size() || buffer[next] != '(' ||
        buffer[open->begin] != '(' || buffer[close->begin] != ')')
      return true;
    edits.replace(*open, "", cast->getLParenLoc());
    edits.replace(*close, "", cast->getLParenLoc());
    // An operand that starts with a parenthesis can make C++ read the whole
    // as a type: in (ocl::int4((ocl::int4(a))[3])) the argument parses as a
    // declarator (a function returning an array). Braces leave no doubt, and
    // the vector's constructors are templates: no narrowing check applies.
    unsigned arg = next + 1;
    while (arg < buffer.size() && clang::isWhitespace(buffer[arg]))
      ++arg;
    if (arg >= buffer.size() || buffer[arg] != '(')
      return true;
    // The operand may keep its parentheses as a ParenExpr or not.
    auto operand =
        findRewriteRange(sm, lo, cast->getSubExprAsWritten()->getSourceRange());
    if (!operand || operand->file != close->file || operand->end == 0)
      return true;
    unsigned end = operand->end;
    if (operand->begin == next)
      --end;
    else
      while (end < buffer.size() && clang::isWhitespace(buffer[end]))
        ++end;
    if (end >= buffer.size() || buffer[end] != ')')
      return true;
    edits.replace({close->file, next, next + 1}, "{", cast->getLParenLoc());
    if (operand->begin == next) {
      edits.replace({close->file, end, end + 1}, "}", cast->getLParenLoc());
      return true;
    }
    // Clang's range of the cast ends with its operand, before the `)`: an
    // enclosing rewrite may put its own text right after the operand, so
    // the brace goes there too, as the operand's (innermost) suffix.
    edits.insertAfter(*operand, "}", cast->getLParenLoc());
    edits.replace({close->file, end, end + 1}, "", cast->getLParenLoc());
    return true;
  }

  //===--------------------------------------------------------------------===//
  // Types
  //===--------------------------------------------------------------------===//

  bool VisitTypeLoc(clang::TypeLoc tl) override {
    clang::SourceLocation loc = tl.getBeginLoc();
    if (loc.isInvalid() || !src.isUserLocation(sm.getExpansionLoc(loc)))
      return true;
    const clang::Type *type = tl.getTypePtr();
    if (type->isImageType() || type->isSamplerT()) {
      // image2d_t -> ocl::image2d_t, sampler_t -> ocl::sampler_t (the image
      // prelude); the access qualifier is dropped with the address spaces.
      std::optional<std::string> name = lib.typeName(clang::QualType(type, 0));
      if (!name)
        return error(loc, "multi-sample OpenCL images (cl_khr_gl_msaa_sharing) "
                          "have no " +
                              tn + " translation"),
               true;
      if (tl.getTypeLocClass() != clang::TypeLoc::Builtin)
        return true;
      if (auto range = findRewriteRange(sm, lo, tl.getSourceRange()))
        edits.replace(*range, *name, loc);
      else
        error(loc, "cannot rewrite this image or sampler type name (it "
                   "comes from a macro of a system header?)");
      return true;
    }
    if (type->isPipeType())
      return error(loc, "OpenCL pipes have no " + tn + " translation"), true;
    if (type->isQueueT() || type->isClkEventT() || type->isReserveIDT() ||
        type->isBlockPointerType())
      return error(loc, "device-side enqueue (queues, events, blocks) has no " +
                            tn + " translation"),
             true;
    if (const auto *builtin = llvm::dyn_cast<clang::BuiltinType>(type))
      if (builtin->getKind() == clang::BuiltinType::Half)
        lib.useHalf();
    return true;
  }

  bool VisitTypedefTypeLoc(clang::TypedefTypeLoc tl) override {
    clang::SourceLocation loc = tl.getNameLoc();
    const clang::TypedefNameDecl *decl = tl.getDecl();
    if (loc.isInvalid() || src.isUserLocation(decl->getLocation()))
      return true;
    clang::QualType type = decl->getUnderlyingType();
    if (decl->getName() == "ndrange_t") {
      error(loc,
            "device-side enqueue (ndrange_t) has no " + tn + " translation");
      return true;
    }
    // Clang declares sampler_t as an implicit typedef of its builtin type.
    if (type.getCanonicalType()->isSamplerT()) {
      if (auto range = findRewriteRange(sm, lo, clang::SourceRange(loc)))
        edits.replace(*range, *lib.typeName(type), loc);
      else if (src.isUserLocation(sm.getExpansionLoc(loc)))
        error(loc, "cannot rewrite this sampler type name (it comes from a "
                   "macro of a system header?)");
      return true;
    }
    if (!type.getCanonicalType()->getAs<clang::ExtVectorType>())
      return true;
    std::optional<std::string> name = lib.typeName(type);
    if (!name)
      return error(loc, "this vector type has no " + tn + " translation"), true;
    if (auto range = findRewriteRange(sm, lo, clang::SourceRange(loc)))
      edits.replace(*range, *name, loc);
    else if (src.isUserLocation(sm.getExpansionLoc(loc)))
      error(loc, "cannot rewrite this vector type name (it comes from a "
                 "macro of a system header?)");
    return true;
  }

  //===--------------------------------------------------------------------===//
  // Vector expressions
  //===--------------------------------------------------------------------===//

  /// (float4)(a, b, ...) -> ocl::float4(a, b, ...).
  bool VisitCompoundLiteralExpr(clang::CompoundLiteralExpr *lit) override {
    if (!lit->getType()->isExtVectorType() ||
        !src.isUserLocation(sm.getExpansionLoc(lit->getBeginLoc())))
      return true;
    lib.useVectors();
    clang::SourceLocation typeEnd =
        lit->getTypeSourceInfo()->getTypeLoc().getEndLoc();
    auto range = findRewriteRange(
        sm, lo, clang::SourceRange(lit->getLParenLoc(), typeEnd));
    if (!range)
      return error(lit->getBeginLoc(), "cannot rewrite this vector literal"),
             true;
    llvm::StringRef buffer = sm.getBufferData(range->file);
    unsigned close = range->end;
    while (close < buffer.size() && clang::isWhitespace(buffer[close]))
      ++close;
    if (close >= buffer.size() || buffer[close] != ')' ||
        buffer[range->begin] != '(')
      return error(lit->getBeginLoc(), "cannot rewrite this vector literal"),
             true;
    edits.replace({range->file, range->begin, range->begin + 1}, "",
                  lit->getLParenLoc());
    edits.replace({range->file, close, close + 1}, "", lit->getLParenLoc());
    return true;
  }

  /// `#pragma unroll N` where N is a macro: nvcc does not expand macros in
  /// the pragma, so the value clang computed is written there.
  bool VisitAttributedStmt(clang::AttributedStmt *stmt) override {
    for (const clang::Attr *attr : stmt->getAttrs()) {
      const auto *hint = llvm::dyn_cast<clang::LoopHintAttr>(attr);
      const clang::Expr *value = hint ? hint->getValue() : nullptr;
      if (!value || !value->getBeginLoc().isMacroID() ||
          !src.isUserLocation(sm.getExpansionLoc(value->getBeginLoc())))
        continue;
      clang::Expr::EvalResult result;
      auto range = findRewriteRange(sm, lo, value->getSourceRange(),
                                    /*preferInvocation=*/true);
      if (!value->EvaluateAsInt(result, src.getContext()) || !range) {
        error(value->getBeginLoc(), "cannot write the value of this loop "
                                    "pragma's argument");
        continue;
      }
      edits.replace(*range, llvm::toString(result.Val.getInt(), 10),
                    value->getBeginLoc());
    }
    return true;
  }

  /// A volatile vector read as a whole (p[1] + 1 with a volatile int4 *p):
  /// the operators of ocl::vec take plain vectors, so the read is made
  /// explicit, ocl::load(p[1]) (every lane read once, as volatile).
  bool VisitImplicitCastExpr(clang::ImplicitCastExpr *cast) override {
    const clang::Expr *read = cast->getSubExpr();
    if (cast->getCastKind() != clang::CK_LValueToRValue ||
        !read->getType()->isExtVectorType() ||
        !read->getType().isVolatileQualified() ||
        !src.isUserLocation(sm.getExpansionLoc(read->getBeginLoc())))
      return true;
    auto range = findRewriteRange(sm, lo, read->getSourceRange(),
                                  /*preferInvocation=*/true);
    if (!range)
      return error(read->getBeginLoc(), "cannot rewrite this read of a "
                                        "volatile vector"),
             true;
    edits.insertBefore(*range, "ocl::load(", read->getBeginLoc());
    edits.insertAfter(*range, ")", read->getBeginLoc());
    return true;
  }

  bool VisitBinaryOperator(clang::BinaryOperator *op) override {
    if (op->isAssignmentOp())
      assigned.insert(op->getLHS()->IgnoreParens());
    if (op->isShiftOp() || op->isShiftAssignOp())
      scalarShift(op);
    return true;
  }

  /// OpenCL takes a shift count modulo the width of the (promoted) left
  /// operand; in C++ a count out of range is undefined. A scalar shift whose
  /// count is not a constant in range gets the mask: a << ((n) & 31).
  /// (Vector shifts mask in the operators of ocl::vec.)
  void scalarShift(clang::BinaryOperator *op) {
    clang::QualType type = op->getType();
    if (const auto *compound =
            llvm::dyn_cast<clang::CompoundAssignOperator>(op))
      type = compound->getComputationLHSType();
    if (!type->isIntegerType() ||
        !src.isUserLocation(sm.getExpansionLoc(op->getBeginLoc())))
      return;
    uint64_t bits = src.getContext().getTypeSize(type);
    const clang::Expr *count = op->getRHS();
    auto range = findRewriteRange(sm, lo, count->getSourceRange(),
                                  /*preferInvocation=*/true);
    // A count spelled in a macro body is masked in every use of the macro
    // (the mask does nothing to a count in range), so that all uses agree.
    clang::Expr::EvalResult result;
    if (!(range && inMacroBody(count->getBeginLoc())) &&
        !count->isValueDependent() &&
        count->EvaluateAsInt(result, src.getContext()) &&
        !result.Val.getInt().isNegative() &&
        result.Val.getInt().getZExtValue() < bits)
      return;
    if (!range) {
      error(count->getBeginLoc(), "cannot rewrite this shift count");
      return;
    }
    edits.insertBefore(*range, "((", count->getBeginLoc());
    edits.insertAfter(*range, ") & " + std::to_string(bits - 1) + ")",
                      count->getBeginLoc());
  }

  /// True if the token at `loc` is spelled in the body of a macro (not in
  /// an argument written at the use).
  bool inMacroBody(clang::SourceLocation loc) {
    for (unsigned depth = 0; depth < 256 && loc.isMacroID(); ++depth) {
      if (!sm.isMacroArgExpansion(loc))
        return true;
      loc = sm.getImmediateSpellingLoc(loc);
    }
    return false;
  }

  bool VisitUnaryOperator(clang::UnaryOperator *op) override {
    if (op->isIncrementDecrementOp() || op->getOpcode() == clang::UO_AddrOf)
      if (auto *swizzle = llvm::dyn_cast<clang::ExtVectorElementExpr>(
              op->getSubExpr()->IgnoreParens())) {
        if (swizzle->getNumElements() > 1)
          error(op->getOperatorLoc(),
                "increment, decrement or address of a multi-lane swizzle "
                "has no " +
                    tn + " translation");
        assigned.insert(swizzle);
      }
    return true;
  }

  /// v.x -> v[0]; v.wzyx -> v.get<3, 2, 1, 0>(); as an assigned place,
  /// v.xz -> v.ref<0, 2>().
  bool VisitExtVectorElementExpr(clang::ExtVectorElementExpr *e) override {
    if (!src.isUserLocation(sm.getExpansionLoc(e->getBeginLoc())))
      return true;
    const clang::Expr *base = e->getBase();
    clang::QualType baseType = base->getType();
    if (e->isArrow())
      baseType = baseType->getPointeeType();
    if (!baseType->isExtVectorType())
      return error(e->getAccessorLoc(),
                   "a swizzle of a scalar has no " + tn + " translation"),
             true;
    lib.useVectors();
    llvm::SmallVector<uint32_t, 16> lanes;
    e->getEncodedElementAccess(lanes);
    std::string text;
    if (lanes.size() == 1) {
      text = (e->isArrow() ? "->s[" : "[") + std::to_string(lanes[0]) + "]";
    } else {
      text = std::string(e->isArrow() ? "->" : ".") +
             (assigned.count(e) ? "ref<" : "get<");
      for (size_t i = 0; i < lanes.size(); ++i)
        text += (i ? ", " : "") + std::to_string(lanes[i]);
      text += ">()";
    }
    // The text from the `.` (or `->`) before the accessor to the end is
    // replaced; the base keeps its text (the base's own range may end
    // before a closing parenthesis, as in the splat (float4)(f).x).
    auto whole = findRewriteRange(sm, lo, e->getSourceRange());
    std::optional<FileCharRange> accessor;
    if (whole)
      accessor = findRangeInside(
          sm, lo, clang::SourceRange(e->getAccessorLoc()), *whole);
    std::optional<unsigned> dot;
    if (accessor) {
      llvm::StringRef buffer = sm.getBufferData(whole->file);
      unsigned at = accessor->begin;
      while (at > whole->begin && clang::isWhitespace(buffer[at - 1]))
        --at;
      if (e->isArrow() && at >= whole->begin + 2 &&
          buffer.substr(at - 2, 2) == "->")
        dot = at - 2;
      else if (!e->isArrow() && at > whole->begin && buffer[at - 1] == '.')
        dot = at - 1;
    }
    if (!whole || !dot || accessor->end != whole->end)
      return laneFromMacroArgument(e, text, lanes) ||
             (error(e->getAccessorLoc(), "cannot rewrite this swizzle"), true);
    edits.replace({whole->file, *dot, whole->end}, text, e->getAccessorLoc());
    // The comma of get<i, j> would split the argument of a function-like
    // macro that the swizzle is written in: it goes in parentheses (always,
    // so that every use of a macro body gets the same text).
    if (lanes.size() > 1) {
      edits.insertBefore(*whole, "(", e->getAccessorLoc());
      edits.insertAfter(*whole, ")", e->getAccessorLoc());
    }
    return true;
  }

  /// `#define LANE(v, c) ((v).c)` used as LANE(x, y): the `.` is in the
  /// body, the lane's name in the argument. The `.` goes (in every use:
  /// checked) and the name becomes [1], or for several lanes .getc<0x1..>()
  /// (the lanes as one constant: a comma would split the argument).
  bool laneFromMacroArgument(clang::ExtVectorElementExpr *e, std::string text,
                             llvm::ArrayRef<uint32_t> lanes) {
    clang::SourceLocation accessorLoc = e->getAccessorLoc();
    if (!sm.isMacroArgExpansion(accessorLoc) || lanes.size() > 15)
      return false;
    if (lanes.size() > 1) {
      std::string code = "0x1";
      for (uint32_t lane : lanes)
        code += "0123456789abcdef"[lane & 0xF];
      text = std::string(e->isArrow() ? "->" : ".") +
             (assigned.count(e) ? "refc<" : "getc<") + code + "ull>()";
    }
    auto name = findRewriteRange(sm, lo, clang::SourceRange(accessorLoc));
    // The use of the parameter whose argument spells the name (through the
    // arguments of enclosing macros).
    clang::SourceLocation arg = accessorLoc;
    while (sm.isMacroArgExpansion(arg) &&
           sm.isMacroArgExpansion(sm.getImmediateSpellingLoc(arg)))
      arg = sm.getImmediateSpellingLoc(arg);
    clang::SourceLocation param =
        sm.getSpellingLoc(sm.getImmediateExpansionRange(arg).getBegin());
    if (!name || !src.isUserLocation(param) || !param.isFileID())
      return false;
    auto [file, at] = sm.getDecomposedLoc(param);
    llvm::StringRef buffer = sm.getBufferData(file);
    while (at > 0 && clang::isWhitespace(buffer[at - 1]))
      --at;
    unsigned length = e->isArrow() ? 2 : 1;
    if (at < length ||
        buffer.substr(at - length, length) != (e->isArrow() ? "->" : "."))
      return false;
    edits.replace({file, at - length, at}, "", accessorLoc);
    edits.replace(*name, text, accessorLoc);
    return true;
  }

  /// c ? a : b with a vector c -> ocl::cond<T>(c, a, b).
  bool VisitConditionalOperator(clang::ConditionalOperator *op) override {
    if (!op->getCond()->getType()->isExtVectorType() ||
        !src.isUserLocation(sm.getExpansionLoc(op->getBeginLoc())))
      return true;
    std::optional<std::string> type = lib.typeName(op->getType());
    auto whole = findRewriteRange(sm, lo, op->getSourceRange());
    auto question =
        findRewriteRange(sm, lo, clang::SourceRange(op->getQuestionLoc()));
    auto colon =
        findRewriteRange(sm, lo, clang::SourceRange(op->getColonLoc()));
    if (!type || !whole || !question || !colon)
      return error(op->getQuestionLoc(),
                   "cannot rewrite this vector conditional"),
             true;
    lib.useHelper("cond");
    clang::SourceLocation origin = op->getQuestionLoc();
    edits.insertBefore(*whole, "ocl::cond<" + *type + ">(", origin);
    edits.replace(*question, ",", origin);
    edits.replace(*colon, ",", origin);
    edits.insertAfter(*whole, ")", origin);
    return true;
  }

  /// as_int4(x), a macro of the OpenCL header for __builtin_astype(x,
  /// int4): its name becomes ocl::as_int4, the argument stays.
  bool VisitAsTypeExpr(clang::AsTypeExpr *e) override {
    clang::SourceLocation begin = e->getBeginLoc();
    if (!src.isUserLocation(sm.getExpansionLoc(begin)))
      return true;
    if (fromImplementationConstant(begin))
      return true;
    std::string why;
    std::optional<std::string> name =
        lib.asType(e->getType(), e->getSrcExpr()->getType(), why);
    if (!name)
      return error(sm.getExpansionLoc(begin),
                   "this as_* reinterpretation has no " + tn +
                       " translation (" + why + ")"),
             true;
    if (begin.isMacroID() && sm.isInSystemHeader(sm.getSpellingLoc(begin))) {
      // The macro's name where the user wrote it (in the file, a macro
      // argument or a user macro's body).
      clang::SourceLocation use = begin;
      while (use.isMacroID() && sm.isInSystemHeader(sm.getSpellingLoc(use)))
        use = sm.isMacroArgExpansion(use)
                  ? sm.getImmediateSpellingLoc(use)
                  : sm.getImmediateExpansionRange(use).getBegin();
      clang::SourceLocation at = sm.getSpellingLoc(use);
      if (!src.isUserLocation(at))
        return error(sm.getExpansionLoc(begin),
                     "cannot rewrite this as_* reinterpretation"),
               true;
      unsigned length = clang::Lexer::MeasureTokenLength(at, sm, lo);
      auto [file, offset] = sm.getDecomposedLoc(at);
      edits.replace({file, offset, offset + length}, *name, use);
      return true;
    }
    // __builtin_astype(x, T) written out.
    auto whole = findRewriteRange(sm, lo, e->getSourceRange());
    auto arg = findRewriteRange(sm, lo, e->getSrcExpr()->getSourceRange());
    if (!whole || !arg || !whole->contains(*arg))
      return error(begin, "cannot rewrite this as_* reinterpretation"), true;
    edits.replace({whole->file, whole->begin, arg->begin}, *name + "(", begin);
    edits.replace({whole->file, arg->end, whole->end}, ")", begin);
    return true;
  }

  bool VisitBlockExpr(clang::BlockExpr *block) override {
    if (src.isUserLocation(sm.getExpansionLoc(block->getBeginLoc())))
      error(block->getBeginLoc(),
            "blocks (device-side enqueue) have no " + tn + " translation");
    return true;
  }

  //===--------------------------------------------------------------------===//
  // Calls
  //===--------------------------------------------------------------------===//

  bool VisitCallExpr(clang::CallExpr *call) override {
    const clang::FunctionDecl *callee = call->getDirectCallee();
    if (!callee || !callee->getIdentifier() ||
        !src.isUserLocation(sm.getExpansionLoc(call->getBeginLoc())))
      return true;
    if (callee->hasAttr<clang::DeviceKernelAttr>())
      return error(call->getBeginLoc(),
                   "calling a kernel from device code has no CUDA "
                   "translation (a __global__ function cannot be called)"),
             true;
    // Synchronization sites (OpenCL's built-ins and clang's own atomic
    // ones) are the site rewriter's.
    if (!isOpenCLBuiltin(callee, sm) || classifyOpenCLSync(callee, sm) ||
        classifyClangAtomic(call) ||
        fromImplementationConstant(call->getBeginLoc()))
      return true;
    llvm::StringRef name = callee->getName();
    if (routeWritesKernels() ? memberWorkItemFunction(call, name)
                             : workItemFunction(call, name))
      return true;
    if (name == "printf") {
      lib.useHelper("printf");
      printfCall(call);
      return true;
    }
    std::string why;
    std::optional<std::string> text = lib.builtin(callee, why);
    if (!text)
      return error(call->getBeginLoc(), "the OpenCL built-in '" + name.str() +
                                            "' has no " + tn +
                                            " translation (" + why + ")"),
             true;
    const clang::Expr *fn = call->getCallee()->IgnoreParenImpCasts();
    if (auto range = findRewriteRange(sm, lo, fn->getSourceRange()))
      edits.replace(*range, *text, call->getBeginLoc());
    else
      error(call->getBeginLoc(), "cannot rewrite the name of this built-in "
                                 "(it comes from a macro of a system "
                                 "header?)");
    return true;
  }

  bool workItemHelpers = false;
  bool failed = false;
  /// The launch helpers, one per kernel, for the end of the file.
  std::string launchers;

private:
  enum class Placement { Drop, Shared, Constant, Device };

  void error(clang::SourceLocation loc, const std::string &message) {
    src.report(loc, clang::DiagnosticsEngine::Error, message);
    failed = true;
  }

  /// A __local variable, or a kernel's pointer-to-__local parameter.
  static bool isLocalMemory(const clang::VarDecl *var) {
    if (const auto *param = llvm::dyn_cast<clang::ParmVarDecl>(var)) {
      const auto *fn =
          llvm::dyn_cast_or_null<clang::FunctionDecl>(param->getDeclContext());
      const auto *pointer = param->getType()->getAs<clang::PointerType>();
      return fn && fn->hasAttr<clang::DeviceKernelAttr>() && pointer &&
             pointer->getPointeeType().getAddressSpace() ==
                 clang::LangAS::opencl_local;
    }
    return var->getType().getAddressSpace() == clang::LangAS::opencl_local;
  }

  /// True where the route writes kernels, their __local memory and the
  /// work-item functions itself (alpaka's kernel functors).
  bool routeWritesKernels() const { return target.routeWritesKernels(); }

  /// The work-item function `name` as the target's member expression for
  /// it (alpaka: of the work-item object the route puts in scope).
  bool memberWorkItemFunction(clang::CallExpr *call, llvm::StringRef name) {
    static const char *const names[] = {"get_work_dim",
                                        "get_local_id",
                                        "get_group_id",
                                        "get_local_size",
                                        "get_enqueued_local_size",
                                        "get_num_groups",
                                        "get_global_id",
                                        "get_global_size",
                                        "get_global_offset",
                                        "get_local_linear_id",
                                        "get_global_linear_id"};
    if (!llvm::is_contained(names, name))
      return false;
    const clang::Expr *fn = call->getCallee()->IgnoreParenImpCasts();
    if (auto range = findRewriteRange(sm, lo, fn->getSourceRange()))
      edits.replace(*range, target.workItemObject.str() + "." + name.str(),
                    call->getBeginLoc());
    else
      error(call->getBeginLoc(), "cannot rewrite this work-item function "
                                 "(its name comes from a system header's "
                                 "macro?)");
    return true;
  }

  /// True if `loc` is in the expansion of an object-like macro of the
  /// OpenCL implementation that the user wrote (`INFINITY`, `NAN`): the
  /// name stays in the text and the prelude defines it (or CUDA does).
  bool fromImplementationConstant(clang::SourceLocation loc) {
    clang::Preprocessor &pp = src.getUnit().getPreprocessor();
    for (unsigned depth = 0; depth < 64 && loc.isMacroID(); ++depth) {
      if (!sm.isInSystemHeader(sm.getSpellingLoc(loc)))
        return false;
      if (sm.isMacroArgExpansion(loc)) {
        loc = sm.getImmediateSpellingLoc(loc);
        continue;
      }
      clang::SourceLocation use = sm.getImmediateExpansionRange(loc).getBegin();
      if (!sm.isInSystemHeader(sm.getSpellingLoc(use))) {
        llvm::StringRef name = clang::Lexer::getImmediateMacroName(loc, sm, lo);
        clang::IdentifierInfo *id = pp.getIdentifierInfo(name);
        const clang::MacroInfo *macro = id ? pp.getMacroInfo(id) : nullptr;
        return macro && macro->isObjectLike();
      }
      loc = use;
    }
    return false;
  }

  static bool refersToGeneric(clang::QualType type) {
    for (;;) {
      if (type.getAddressSpace() == clang::LangAS::opencl_generic)
        return true;
      if (const auto *pointer = type->getAs<clang::PointerType>())
        type = pointer->getPointeeType();
      else if (const auto *array = type->getAsArrayTypeUnsafe())
        type = array->getElementType();
      else
        return false;
    }
  }

  /// get_local_id(d) etc.; returns false if `name` is not one.
  bool workItemFunction(clang::CallExpr *call, llvm::StringRef name) {
    if (name == "get_work_dim") {
      error(call->getBeginLoc(),
            "get_work_dim() has no " + tn + " translation: a " + tn +
                " launch does not "
                "record the number of dimensions of the NDRange");
      return true;
    }
    if (name == "get_local_linear_id" || name == "get_global_linear_id") {
      std::string text =
          name == "get_local_linear_id"
              ? "((threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + "
                "threadIdx.x)"
              : "(((blockIdx.z * blockDim.z + threadIdx.z) * gridDim.y * "
                "blockDim.y + blockIdx.y * blockDim.y + threadIdx.y) * "
                "gridDim.x * blockDim.x + blockIdx.x * blockDim.x + "
                "threadIdx.x)";
      if (auto range = callRange(call))
        edits.replace(*range, text, call->getBeginLoc());
      return true;
    }
    if (call->getNumArgs() != 1)
      return false;
    std::string base =
        llvm::StringSwitch<std::string>(name)
            .Case("get_local_id", "threadIdx.")
            .Case("get_group_id", "blockIdx.")
            .Case("get_local_size", "blockDim.")
            .Case("get_enqueued_local_size", "blockDim.")
            .Case("get_num_groups", "gridDim.")
            .Cases({"get_global_id", "get_global_size", "get_global_offset"},
                   "-")
            .Default("");
    if (base.empty())
      return false;
    auto text = [&](char d) -> std::string {
      if (name == "get_global_id")
        return std::string("(blockIdx.") + d + " * blockDim." + d +
               " + threadIdx." + d + ")";
      if (name == "get_global_size")
        return std::string("(gridDim.") + d + " * blockDim." + d + ")";
      if (name == "get_global_offset")
        return "0"; // The launch helper and the driver launch at offset 0.
      return base + d;
    };
    clang::Expr::EvalResult result;
    const clang::Expr *arg = call->getArg(0);
    // A call spelled in a macro body takes the helper form in every use (a
    // constant dimension in one use and another in the next need the same
    // text there).
    if (!inMacroBody(call->getCallee()->getBeginLoc()) &&
        !arg->isValueDependent() &&
        arg->EvaluateAsInt(result, src.getContext())) {
      int64_t d = result.Val.getInt().getExtValue();
      if (auto range = callRange(call)) {
        // OpenCL returns 0 (1 for sizes) past the last dimension.
        bool size = name.ends_with("size") || name == "get_num_groups";
        edits.replace(*range,
                      d >= 0 && d <= 2 ? text("xyz"[d])
                      : size           ? std::string("1")
                                       : std::string("0"),
                      call->getBeginLoc());
      }
      return true;
    }
    const clang::Expr *fn = call->getCallee()->IgnoreParenImpCasts();
    if (auto range = findRewriteRange(sm, lo, fn->getSourceRange())) {
      llvm::StringRef helper = name == "get_enqueued_local_size"
                                   ? llvm::StringRef("get_local_size")
                                   : name;
      edits.replace(*range, "xfence_" + helper.str(), call->getBeginLoc());
      workItemHelpers = true;
    } else {
      error(call->getBeginLoc(), "cannot rewrite the name of this work-item "
                                 "function (it comes from a macro of a "
                                 "system header?)");
    }
    return true;
  }

  /// The text of the whole call: its own, or that of the macro use whose
  /// whole expansion it is (`WI(get_group_id, 2)` for `#define WI(f, k)
  /// f(k)`, whose text is split between the body and the arguments); an
  /// error where there is neither.
  std::optional<FileCharRange> callRange(const clang::CallExpr *call) {
    if (auto range = findRewriteRange(sm, lo, call->getSourceRange()))
      return range;
    if (auto use = macroUseRange(sm, lo, call->getSourceRange()))
      return use;
    error(call->getBeginLoc(),
          "cannot rewrite this work-item function: its text is split "
          "between a macro's body and the macro's arguments, and it is not "
          "the whole of the macro's expansion");
    return std::nullopt;
  }

  /// CUDA's printf takes C's conversions; OpenCL's vector conversions
  /// (%v4f) have no counterpart.
  void printfCall(clang::CallExpr *call) {
    const auto *format = llvm::dyn_cast<clang::StringLiteral>(
        call->getArg(0)->IgnoreParenImpCasts());
    if (!format) {
      error(call->getBeginLoc(), "printf with a format that is not a string "
                                 "literal has no " +
                                     tn + " translation");
      return;
    }
    llvm::StringRef text = format->getString();
    for (size_t at = text.find('%'); at != llvm::StringRef::npos;
         at = text.find('%', at + 1)) {
      if (at + 1 < text.size() && text[at + 1] == '%') {
        ++at;
        continue;
      }
      size_t end = text.find_first_of("diouxXfFeEgGaAcsp", at + 1);
      if (text.slice(at, end).contains('v')) {
        error(call->getBeginLoc(), "printf with a vector conversion (%vN) has "
                                   "no " +
                                       tn + " translation");
        return;
      }
    }
    for (const clang::Expr *arg : llvm::drop_begin(call->arguments()))
      if (arg->getType()->isExtVectorType())
        error(arg->getBeginLoc(),
              "a vector argument of printf has no " + tn + " translation");
  }

  //===--------------------------------------------------------------------===//
  // Kernels
  //===--------------------------------------------------------------------===//

  /// __attribute__((reqd_work_group_size(X, Y, Z))) ->
  /// __launch_bounds__(X*Y*Z); work_group_size_hint and vec_type_hint are
  /// dropped.
  void kernelAttributes(clang::FunctionDecl *fn) {
    clang::SourceLocation begin = fn->getBeginLoc(), end = fn->getLocation();
    if (begin.isMacroID() || end.isMacroID() || !src.isUserLocation(begin))
      return;
    // Named, not a structured binding: the token callback captures it.
    clang::FileID file = sm.getFileID(begin);
    unsigned from = sm.getFileOffset(begin);
    unsigned to = sm.getFileOffset(end);
    forEachRawToken(
        file, from, to,
        [&](clang::Lexer &lexer, clang::Token &token, unsigned offset) {
          if (!token.is(clang::tok::raw_identifier) ||
              token.getRawIdentifier() != "__attribute__")
            return;
          // The whole __attribute__((...)) and the names inside it. Only
          // reqd_work_group_size has a CUDA counterpart; the OpenCL hints
          // (work_group_size_hint, vec_type_hint) go silently, every other
          // attribute (vendor tuning such as num_simd_work_items) with a
          // warning.
          int depth = 0;
          bool reqdHere = false;
          unsigned last = offset;
          while (!lexer.LexFromRawLexer(token)) {
            last = sm.getFileOffset(token.getLocation()) + token.getLength();
            if (token.is(clang::tok::l_paren)) {
              ++depth;
            } else if (token.is(clang::tok::r_paren)) {
              if (--depth == 0)
                break;
            } else if (depth == 2 && token.is(clang::tok::raw_identifier)) {
              llvm::StringRef attr = token.getRawIdentifier();
              attr.consume_front("__");
              attr.consume_back("__");
              if (attr == "reqd_work_group_size")
                reqdHere = true;
              else if (attr != "work_group_size_hint" &&
                       attr != "vec_type_hint")
                src.report(
                    token.getLocation(), clang::DiagnosticsEngine::Warning,
                    "the kernel attribute '" + attr.str() + "' has no " + tn +
                        " counterpart; dropped (it tunes "
                        "the original implementation, it does not change "
                        "what the kernel computes)");
            }
          }
          std::string text;
          if (auto *reqd = fn->getAttr<clang::ReqdWorkGroupSizeAttr>();
              reqd && reqdHere && !routeWritesKernels()) {
            auto value = [&](clang::Expr *e) -> uint64_t {
              clang::Expr::EvalResult r;
              return e->EvaluateAsInt(r, src.getContext())
                         ? r.Val.getInt().getZExtValue()
                         : 0;
            };
            uint64_t threads = value(reqd->getXDim()) * value(reqd->getYDim()) *
                               value(reqd->getZDim());
            text = "__launch_bounds__(" + std::to_string(threads) + ")";
          }
          edits.replace({file, offset, last}, text);
        });
  }

  /// Calls `each(lexer, token, offset)` for each raw token of `file` from
  /// offset `from` that starts before offset `end`; `each` may lex on.
  void forEachRawToken(
      clang::FileID file, unsigned from, unsigned end,
      llvm::function_ref<void(clang::Lexer &, clang::Token &, unsigned)> each) {
    llvm::StringRef buffer = sm.getBufferData(file);
    clang::Lexer lexer(sm.getLocForStartOfFile(file), lo, buffer.begin(),
                       buffer.begin() + from, buffer.end());
    clang::Token token;
    while (!lexer.LexFromRawLexer(token)) {
      unsigned offset = sm.getFileOffset(token.getLocation());
      if (offset >= end)
        break;
      each(lexer, token, offset);
    }
  }

  /// The __local pointer parameters of a kernel become dynamic shared
  /// memory; writes the kernel's launch helper.
  void kernelParameters(clang::FunctionDecl *fn) {
    std::vector<const clang::ParmVarDecl *> locals;
    std::vector<std::optional<FileCharRange>> ranges;
    for (const clang::ParmVarDecl *param : fn->parameters()) {
      ranges.push_back(findRewriteRange(sm, lo, param->getSourceRange()));
      const auto *pointer = param->getType()->getAs<clang::PointerType>();
      if (pointer && pointer->getPointeeType().getAddressSpace() ==
                         clang::LangAS::opencl_local)
        locals.push_back(param);
    }
    std::string kernel = fn->getName().str();
    std::string sizes, body, sharedBytes, helperParams, helperArgs;
    std::string offset = "0";
    // The helper's own parameter names; a kernel parameter of the same name
    // is renamed there.
    auto helperName = [](llvm::StringRef name) {
      bool taken = name == "global_size" || name == "local_size" ||
                   name == "stream" || name == "err";
      return name.str() + (taken ? "_arg" : "");
    };
    unsigned index = 0;
    for (const clang::ParmVarDecl *param : fn->parameters()) {
      std::string name = param->getName().str();
      if (name.empty())
        name = "arg" + std::to_string(index);
      ++index;
      if (llvm::is_contained(locals, param))
        continue;
      std::optional<std::string> type = lib.typeName(param->getType());
      if (!type) {
        clang::QualType t = param->getType();
        if (const auto *pointer = t->getAs<clang::PointerType>()) {
          clang::QualType pointee = src.getContext().removeAddrSpaceQualType(
              pointer->getPointeeType());
          type =
              pointee.getAsString(src.getContext().getPrintingPolicy()) + " *";
        } else {
          type = t.getUnqualifiedType().getAsString(
              src.getContext().getPrintingPolicy());
        }
      }
      helperParams += ", " + OpenCLLibrary::declare(*type, helperName(name));
      helperArgs += (helperArgs.empty() ? "" : ", ") + helperName(name);
    }
    for (const clang::ParmVarDecl *param : locals) {
      std::string name = param->getName().str();
      clang::QualType pointee = param->getType()->getPointeeType();
      std::optional<std::string> type = lib.typeName(pointee);
      if (!type && (pointee->isRecordType() || pointee->isEnumeralType()))
        type = src.getContext().removeAddrSpaceQualType(pointee).getAsString(
            src.getContext().getPrintingPolicy());
      if (name.empty() || !type) {
        error(param->getLocation(),
              "cannot translate this __local kernel argument (unnamed, or "
              "of a type without a " +
                  tn + " form)");
        return;
      }
      // The size argument: NAME_bytes, unless a parameter has that name.
      std::string bytes = name + "_bytes";
      while (llvm::any_of(fn->parameters(), [&](clang::ParmVarDecl *p) {
        return p->getName() == bytes || helperName(p->getName()) == bytes;
      }))
        bytes += "_";
      sizes += ", size_t " + bytes;
      body += "\n  " + *type + " *" + name + " = reinterpret_cast<" + *type +
              " *>(xfence_local_mem" +
              (offset == "0" ? std::string() : " + " + offset) + ");";
      offset = offset == "0" ? "ocl::round16(" + bytes + ")"
                             : offset + " + ocl::round16(" + bytes + ")";
      helperParams += ", size_t " + bytes;
      helperArgs += (helperArgs.empty() ? "" : ", ") + bytes;
      sharedBytes += (sharedBytes.empty() ? "" : " + ") +
                     std::string("ocl::round16(") + bytes + ")";
    }
    if (!locals.empty()) {
      lib.useHelper("round16");
      // Remove each __local parameter with the comma before it; the first
      // one only up to its end, and then the comma before the first kept
      // parameter after a removed leading run. Append the sizes after the
      // last parameter.
      unsigned n = fn->getNumParams();
      auto isLocal = [&](unsigned i) {
        return llvm::is_contained(locals, fn->getParamDecl(i));
      };
      for (unsigned i = 0; i < n; ++i) {
        bool leadingKept = !isLocal(i) && i > 0 && isLocal(i - 1) &&
                           llvm::all_of(llvm::seq(0u, i), isLocal);
        if (!isLocal(i) && !leadingKept)
          continue;
        if (!ranges[i] || (i > 0 && !ranges[i - 1])) {
          error(fn->getParamDecl(i)->getLocation(),
                "cannot rewrite this __local kernel argument (it comes from "
                "a macro?)");
          return;
        }
        if (leadingKept) {
          edits.replace({ranges[i]->file, ranges[i - 1]->end, ranges[i]->begin},
                        "");
          continue;
        }
        FileCharRange r = *ranges[i];
        if (i > 0)
          r.begin = ranges[i - 1]->end;
        edits.replace(r, "");
      }
      bool allLocal = locals.size() == n;
      FileCharRange last = *ranges[n - 1];
      // Glue after the last parameter's text (which may itself be removed).
      edits.replace({last.file, last.end, last.end},
                    allLocal ? sizes.substr(2) : sizes);
      const auto *bodyStmt = llvm::cast<clang::CompoundStmt>(fn->getBody());
      auto brace =
          findRewriteRange(sm, lo, clang::SourceRange(bodyStmt->getLBracLoc()));
      if (!brace) {
        error(bodyStmt->getLBracLoc(), "cannot rewrite the body of this "
                                       "kernel (it comes from a macro?)");
        return;
      }
      edits.insertAfter(*brace,
                        "\n  // xfence: the __local arguments, in the dynamic "
                        "shared memory (each at a multiple of 16 bytes)."
                        "\n  extern __shared__ __align__(16) unsigned char "
                        "xfence_local_mem[];" +
                            body);
    }

    // The launch helper.
    launchers += "\n// Launches the OpenCL kernel " + kernel +
                 " on an NDRange of global_size work-items in work-groups of "
                 "local_size (docs/opencl-to-cuda.md).\n";
    launchers += "inline " + rt + "Error_t launch_" + kernel +
                 "(dim3 global_size, dim3 local_size" + helperParams + ", " +
                 rt + "Stream_t stream = 0) {\n";
    launchers += "  if (local_size.x == 0 || local_size.y == 0 || "
                 "local_size.z == 0 ||\n      global_size.x % local_size.x "
                 "|| global_size.y % local_size.y ||\n      global_size.z % "
                 "local_size.z)\n    return " +
                 rt + "ErrorInvalidValue;\n";
    if (auto *reqd = fn->getAttr<clang::ReqdWorkGroupSizeAttr>()) {
      auto value = [&](clang::Expr *e) -> std::string {
        clang::Expr::EvalResult r;
        return e->EvaluateAsInt(r, src.getContext())
                   ? std::to_string(r.Val.getInt().getZExtValue())
                   : "0";
      };
      launchers += "  if (local_size.x != " + value(reqd->getXDim()) +
                   " || local_size.y != " + value(reqd->getYDim()) +
                   " || local_size.z != " + value(reqd->getZDim()) +
                   ")\n    return " + rt +
                   "ErrorInvalidValue; // "
                   "reqd_work_group_size\n";
    }
    launchers += "  const size_t xfence_shared_bytes = " +
                 (sharedBytes.empty() ? std::string("0") : sharedBytes) + ";\n";
    if (!sharedBytes.empty())
      launchers += "  if (xfence_shared_bytes > 48 * 1024) {\n    " + rt +
                   "Error_t err = " + rt + "FuncSetAttribute(\n        " +
                   // HIP's takes the kernel as a `const void *`.
                   target.kernelHandleCast.str() + kernel + ", " + rt +
                   "FuncAttributeMaxDynamicSharedMemorySize, "
                   "int(xfence_shared_bytes));\n    if (err != " +
                   rt + "Success)\n      return err;\n  }\n";
    launchers += "  " + kernel +
                 "<<<dim3(global_size.x / local_size.x, global_size.y / "
                 "local_size.y,\n           global_size.z / local_size.z),\n"
                 "      local_size, xfence_shared_bytes, stream>>>(" +
                 helperArgs + ");\n  return " + rt + "GetLastError();\n}\n";
  }

  /// Rewrites the address-space qualifiers among the tokens from `begin` to
  /// `end`, when both are in one user file.
  void qualifiers(clang::SourceLocation begin, clang::SourceLocation end,
                  Placement placement, bool macroBody = false) {
    if (begin.isInvalid() || end.isInvalid())
      return;
    if (begin.isMacroID() || end.isMacroID()) {
      // A declaration spelled by a macro: rewrite the macro's body where it
      // is the user's text (the same edit for every expansion; expansions
      // that need different text are an error when the edits are applied).
      // A declaration whose two ends come from one stretch of a macro body
      // (`#define PARAMS __global int *p, ...`) is lexed in the body; one
      // that only begins in a macro (`#define GLOBAL __global`) has its
      // first token rewritten there.
      clang::SourceLocation spellBegin = sm.getSpellingLoc(begin);
      if (!src.isUserLocation(spellBegin))
        return;
      if (begin.isMacroID() && end.isMacroID() &&
          sm.getExpansionLoc(begin) == sm.getExpansionLoc(end)) {
        // Both ends in one macro body, or both in the text of the
        // arguments; a declaration that begins in a body and ends in an
        // argument (`#define DECL(n) int __local *n`) is lexed up to where
        // the body takes the argument.
        std::optional<FileCharRange> body = bodyOf(begin);
        auto inBody = [&](clang::SourceLocation loc) {
          std::optional<FileCharRange> other = bodyOf(loc);
          return body
                     ? other && body->contains(*other) && other->contains(*body)
                     : !other;
        };
        clang::SourceLocation last = end;
        if (body)
          while (last.isMacroID() && !inBody(last))
            last = sm.getImmediateExpansionRange(last).getBegin();
        if (last.isMacroID() && inBody(last)) {
          qualifiers(spellBegin, sm.getSpellingLoc(last), placement,
                     /*macroBody=*/true);
          return;
        }
      }
      if (begin.isMacroID()) {
        // `#define LOCAL __local`: a macro that is just the qualifier is
        // rewritten where it is used (its uses may need different text);
        // any other is rewritten in its body.
        clang::SourceLocation use = sm.getExpansionLoc(begin);
        llvm::StringRef name =
            clang::Lexer::getImmediateMacroName(begin, sm, lo);
        if (isQualifierMacro(name) && src.isUserLocation(use) &&
            sm.getExpansionLoc(begin) ==
                sm.getImmediateExpansionRange(begin).getBegin()) {
          auto [file, offset] = sm.getDecomposedLoc(use);
          rewriteQualifier(file, offset, name, sm.getBufferData(file),
                           placement, /*macroBody=*/false,
                           qualifierOfMacro(name));
          return;
        }
        qualifiers(spellBegin, spellBegin, placement, /*macroBody=*/true);
      }
      return;
    }
    if (!src.isUserLocation(begin))
      return;
    // Named, not a structured binding: the token callback captures it.
    clang::FileID file = sm.getFileID(begin);
    unsigned from = sm.getFileOffset(begin);
    auto [endFile, to] = sm.getDecomposedLoc(end);
    if (file != endFile || to < from)
      return;
    llvm::StringRef buffer = sm.getBufferData(file);
    forEachRawToken(
        file, from, to + 1,
        [&](clang::Lexer &, clang::Token &token, unsigned offset) {
          if (!token.is(clang::tok::raw_identifier))
            return;
          rewriteQualifier(file, offset, token.getRawIdentifier(), buffer,
                           placement, macroBody);
          // A macro used here, also inside another macro's body
          // (`#define M() ((GPTR(int))p)`): a qualifier macro is rewritten
          // at this use, any other in its own body.
          if (isQualifierMacro(token.getRawIdentifier()))
            rewriteQualifier(file, offset, token.getRawIdentifier(), buffer,
                             placement, macroBody,
                             qualifierOfMacro(token.getRawIdentifier()));
          else
            macroBodyQualifiers(token.getRawIdentifier(), placement, 0);
        });
  }

  /// The text of the user's macro body that `loc` (a macro location) is
  /// spelled in, through the arguments it was passed in; none where it is
  /// the text of an argument written outside any macro body.
  std::optional<FileCharRange> bodyOf(clang::SourceLocation loc) {
    while (loc.isMacroID()) {
      clang::FileID id = sm.getFileID(loc);
      const clang::SrcMgr::ExpansionInfo &info =
          sm.getSLocEntry(id).getExpansion();
      clang::SourceLocation next = sm.getImmediateSpellingLoc(loc);
      if (info.isMacroBodyExpansion() && next.isFileID()) {
        auto [file, begin] = sm.getDecomposedLoc(info.getSpellingLoc());
        return FileCharRange{file, begin, begin + sm.getFileIDSize(id)};
      }
      loc = next;
    }
    return std::nullopt;
  }

  /// The qualifiers in the body of the user's macro `name`
  /// (`#define RESTRICT restrict`, `#define GPTR(T) __global T *`) used
  /// inside a declaration or a cast: rewritten in the body, the same for
  /// every use.
  void macroBodyQualifiers(llvm::StringRef name, Placement placement,
                           unsigned depth) {
    clang::Preprocessor &pp = src.getUnit().getPreprocessor();
    clang::IdentifierInfo *id = pp.getIdentifierInfo(name);
    const clang::MacroInfo *macro = id ? pp.getMacroInfo(id) : nullptr;
    if (!macro || depth > 8 || !src.isUserLocation(macro->getDefinitionLoc()))
      return;
    for (const clang::Token &token : macro->tokens()) {
      clang::SourceLocation loc = token.getLocation();
      if (!loc.isFileID() || !token.getIdentifierInfo())
        continue;
      auto [file, offset] = sm.getDecomposedLoc(loc);
      llvm::StringRef word = token.getIdentifierInfo()->getName();
      rewriteQualifier(file, offset, word, sm.getBufferData(file), placement,
                       /*macroBody=*/true);
      macroBodyQualifiers(word, placement, depth + 1);
    }
  }

  /// True if `name` is the user's object-like macro whose whole body is an
  /// address-space qualifier (`#define LOCAL __local`).
  std::string qualifierOfMacro(llvm::StringRef name) {
    clang::Preprocessor &pp = src.getUnit().getPreprocessor();
    const clang::MacroInfo *macro = pp.getMacroInfo(pp.getIdentifierInfo(name));
    return macro->getReplacementToken(0).getIdentifierInfo()->getName().str();
  }

  bool isQualifierMacro(llvm::StringRef name) {
    clang::Preprocessor &pp = src.getUnit().getPreprocessor();
    clang::IdentifierInfo *id = pp.getIdentifierInfo(name);
    const clang::MacroInfo *macro = id ? pp.getMacroInfo(id) : nullptr;
    if (!macro || !macro->isObjectLike() || macro->getNumTokens() != 1 ||
        !src.isUserLocation(macro->getDefinitionLoc()))
      return false;
    const clang::Token &token = macro->getReplacementToken(0);
    if (!token.getIdentifierInfo())
      return false;
    llvm::StringRef word = token.getIdentifierInfo()->getName();
    word.consume_front("__");
    return word == "global" || word == "local" || word == "constant" ||
           word == "private" || word == "generic";
  }

  /// In a macro body the edit covers the qualifier alone, so that two
  /// expansions that need different text make edits of one range (an error
  /// when the edits are applied) rather than a silently dropped one.
  /// `meaning` is the qualifier that `word` (a macro's name) stands for.
  void rewriteQualifier(clang::FileID file, unsigned offset,
                        llvm::StringRef word, llvm::StringRef buffer,
                        Placement placement, bool macroBody,
                        llvm::StringRef meaning = {}) {
    // Image access qualifiers: CUDA has no counterpart, the image prelude
    // does not need one.
    if (word == "read_only" || word == "__read_only" || word == "write_only" ||
        word == "__write_only" || word == "read_write" ||
        word == "__read_write") {
      unsigned end = offset + word.size();
      if (!macroBody)
        while (end < buffer.size() &&
               (buffer[end] == ' ' || buffer[end] == '\t'))
          ++end;
      edits.replace({file, offset, end}, "");
      return;
    }
    if (word == "restrict") {
      // C99's restrict is __restrict__ in CUDA C++.
      edits.replace({file, offset, offset + static_cast<unsigned>(word.size())},
                    "__restrict__");
      return;
    }
    llvm::StringRef base = meaning.empty() ? word : meaning;
    base.consume_front("__");
    if (base != "global" && base != "local" && base != "constant" &&
        base != "private" && base != "generic")
      return;
    // The target's qualifier of the placement the address space gives
    // (none where the route places such memory itself: alpaka).
    std::string text;
    if (placement == Placement::Shared && base == "local")
      text = target.variableQualifier(VariablePlacement::Shared).str();
    else if (placement == Placement::Constant && base == "constant")
      text = target.variableQualifier(VariablePlacement::Constant).str();
    else if (placement == Placement::Device && base == "global")
      text = target.variableQualifier(VariablePlacement::Device).str();
    unsigned end = offset + word.size();
    if (text.empty() && !macroBody)
      while (end < buffer.size() && (buffer[end] == ' ' || buffer[end] == '\t'))
        ++end;
    edits.replace({file, offset, end}, text);
  }

  SourceEdits &edits;
  OpenCLLibrary &lib;
  ParsedSource &src;
  clang::SourceManager &sm;
  const clang::LangOptions &lo;
  /// How the target spells what the walker rewrites.
  const TargetSyntax &target;
  /// The target's name, for messages.
  std::string tn;
  /// The prefix of the target's host runtime (cudaError_t, hipError_t).
  std::string rt;
  /// Expressions that are assigned to (or incremented).
  llvm::DenseSet<const clang::Expr *> assigned;
};

} // namespace

LogicalResult xfence::addOpenCLSyntaxEdits(SourceEdits &edits,
                                           OpenCLLibrary &lib,
                                           bool &workItemHelpers,
                                           std::string &launchers,
                                           const TargetSyntax &target) {
  SyntaxVisitor visitor(edits, lib, target);
  visitor.TraverseAST(edits.getSource().getContext());
  workItemHelpers = visitor.workItemHelpers;
  launchers = visitor.launchers;
  return failure(visitor.failed);
}
