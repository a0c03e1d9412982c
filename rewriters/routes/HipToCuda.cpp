//===- HipToCuda.cpp - translate a HIP file to CUDA -----------------------===//
//
// Pipeline: parse as CUDA with the built-in <hip/hip_runtime.h> -> import
// every device function -> legalize for `cuda` -> coalesce -> emit each
// surviving op at its site (CUDA emitter) -> rename HIP's runtime names,
// launches and headers in the finished text.
//
//===----------------------------------------------------------------------===//

#include "rewriters/routes/CudaToHip.h"

#include "backends/cuda/CudaEmitter.h"
#include "frontends/cuda/CudaImporter.h"
#include "passes/Passes.h"
#include "passes/TargetCapabilities.h"
#include "rewriters/common/CalledFunction.h"
#include "rewriters/common/RouteDriver.h"
#include "rewriters/common/SourceEdits.h"
#include "rewriters/names/HipNames.h"
#include "rewriters/sources/cuda/CudaSiteRewriter.h"
#include "rewriters/sources/cuda/CudaSyntax.h"
#include "rewriters/sources/hip/HipSource.h"
#include "rewriters/sources/hip/HipVectorOperators.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"

#include <map>

using namespace xfence;
using namespace mlir;
using clang::DiagnosticsEngine;

namespace {

/// HIP's legacy atomics that CUDA declares with the same meaning: relaxed,
/// at device (agent) scope or, with _system, system scope; the wrapping
/// atomicInc/atomicDec included.
bool isHipLegacyAtomic(llvm::StringRef name) {
  name.consume_back("_system");
  return llvm::StringSwitch<bool>(name)
      .Cases({"atomicAdd", "atomicSub", "atomicExch", "atomicMin", "atomicMax",
              "atomicAnd", "atomicOr", "atomicXor", "atomicCAS", "atomicInc",
              "atomicDec"},
             true)
      .Default(false);
}

/// A token of the finished text.
struct RawToken {
  size_t begin, end;
  clang::tok::TokenKind kind;
  llvm::StringRef text;
};

std::vector<RawToken> lexRaw(llvm::StringRef text,
                             const clang::LangOptions &lo) {
  std::vector<RawToken> tokens;
  clang::Lexer lexer(clang::SourceLocation(), lo, text.begin(), text.begin(),
                     text.end());
  clang::Token tok;
  while (!lexer.LexFromRawLexer(tok) || tok.isNot(clang::tok::eof)) {
    if (tok.is(clang::tok::eof))
      break;
    size_t begin = tok.getLocation().getRawEncoding();
    tokens.push_back({begin, begin + tok.getLength(), tok.getKind(),
                      text.substr(begin, tok.getLength())});
  }
  return tokens;
}

/// The HIP names of the finished text (outside comments and strings)
/// renamed to CUDA's, and hipLaunchKernelGGL(k, grid, block, shared,
/// stream, args...) written as k<<<grid, block, shared, stream>>>(args...),
/// HIP_KERNEL_NAME(k) and HIP_SYMBOL(x) as k and x, HIP_DYNAMIC_SHARED(T, a)
/// as `extern __shared__ T a[];`. The launch's arguments keep their text.
std::string renameHip(llvm::StringRef text, const clang::LangOptions &lo) {
  std::vector<RawToken> tokens = lexRaw(text, lo);
  // (begin, end, replacement), in order, not overlapping.
  std::vector<std::tuple<size_t, size_t, std::string>> edits;
  const llvm::StringMap<std::string> &names = cudaNameOfHip();
  for (size_t i = 0; i < tokens.size(); ++i) {
    const RawToken &t = tokens[i];
    if (t.kind != clang::tok::raw_identifier)
      continue;
    if ((t.text == "hipLaunchKernelGGL" || t.text == "HIP_KERNEL_NAME" ||
         t.text == "HIP_SYMBOL" || t.text == "HIP_DYNAMIC_SHARED") &&
        i + 1 < tokens.size() && tokens[i + 1].kind == clang::tok::l_paren) {
      // The arguments, split at the commas outside brackets, as the
      // preprocessor splits them.
      std::vector<std::pair<size_t, size_t>> args; // token index ranges
      size_t depth = 0, start = i + 2, j = i + 2;
      for (; j < tokens.size(); ++j) {
        clang::tok::TokenKind k = tokens[j].kind;
        if (k == clang::tok::l_paren || k == clang::tok::l_square ||
            k == clang::tok::l_brace)
          ++depth;
        else if ((k == clang::tok::r_paren || k == clang::tok::r_square ||
                  k == clang::tok::r_brace) &&
                 depth > 0)
          --depth;
        else if (k == clang::tok::r_paren)
          break;
        else if (k == clang::tok::comma && depth == 0) {
          args.push_back({start, j});
          start = j + 1;
        }
      }
      if (j == tokens.size())
        continue; // unbalanced: left as written
      if (start < j)
        args.push_back({start, j});
      auto beginOf = [&](size_t arg) { return tokens[args[arg].first].begin; };
      auto endOf = [&](size_t arg) { return tokens[args[arg].second - 1].end; };
      auto empty = [&](size_t arg) {
        return args[arg].first == args[arg].second;
      };
      if (t.text == "HIP_DYNAMIC_SHARED") {
        if (args.size() != 2 || empty(0) || empty(1))
          continue;
        edits.emplace_back(t.begin, tokens[j].end,
                           "extern __shared__ " +
                               text.slice(beginOf(0), endOf(0)).str() + " " +
                               text.slice(beginOf(1), endOf(1)).str() + "[];");
        i = j;
        continue;
      }
      if (t.text == "HIP_KERNEL_NAME" || t.text == "HIP_SYMBOL") {
        if (args.empty())
          continue;
        edits.emplace_back(t.begin, tokens[i + 2].begin, "");
        edits.emplace_back(tokens[j - 1].end, tokens[j].end, "");
        i += 1;
        continue;
      }
      if (args.size() < 5 || empty(0))
        continue; // clang reported it
      edits.emplace_back(t.begin, beginOf(0), "");
      edits.emplace_back(endOf(0), beginOf(1), "<<<");
      if (args.size() > 5)
        edits.emplace_back(endOf(4), beginOf(5), ">>>(");
      else
        edits.emplace_back(endOf(4), tokens[j].begin, ">>>(");
      i += 1; // the arguments are renamed as any text
      continue;
    }
    auto it = names.find(t.text);
    if (it != names.end())
      edits.emplace_back(t.begin, t.end, it->second);
  }
  llvm::sort(edits, [](const auto &a, const auto &b) {
    return std::get<0>(a) < std::get<0>(b);
  });
  std::string out;
  size_t at = 0;
  for (const auto &[begin, end, replacement] : edits) {
    if (begin < at)
      continue;
    out += text.slice(at, begin);
    out += replacement;
    at = end;
  }
  out += text.substr(at);
  return out;
}

/// `#include <hip/...>` of the user's files: the CUDA header, or an error.
LogicalResult rewriteHipIncludes(SourceEdits &edits) {
  return mapUserIncludes(edits, "CUDA", [](llvm::StringRef header) {
    IncludeMapping mapping;
    mapping.known = header.starts_with("hip/");
    std::optional<llvm::StringRef> cuda =
        llvm::StringSwitch<std::optional<llvm::StringRef>>(header)
            .Cases({"hip/hip_runtime.h", "hip/hip_runtime_api.h"},
                   "cuda_runtime.h")
            .Case("hip/hip_cooperative_groups.h", "cooperative_groups.h")
            .Default(std::nullopt);
    for (const auto &[hip, arithmetic] : hipArithmeticHeaders())
      if (header == hip)
        cuda = arithmetic;
    if (cuda)
      mapping.replacement = "#include <" + cuda->str() + ">";
    return mapping;
  });
}

/// A constexpr function that device code calls: clang's HIP mode makes
/// every constexpr function host and device by itself, nvcc only with
/// --expt-relaxed-constexpr (without it: "calling a constexpr __host__
/// function from a __global__ function is not allowed"). Each such user
/// function, with every declaration of it, gets `__host__ __device__`;
/// constexpr functions that device code does not reach stay host code.
class ConstexprCallees : public clang::DynamicRecursiveASTVisitor {
public:
  explicit ConstexprCallees(ParsedSource &src) : src(src) {
    ShouldVisitTemplateInstantiations = true;
    ShouldVisitImplicitCode = true;
  }

  bool VisitFunctionDecl(clang::FunctionDecl *fn) override {
    if (fn->doesThisDeclarationHaveABody() && explicitDevice(fn))
      work.push_back(fn);
    return true;
  }

  /// Marks what the device functions reach, through marked functions.
  void mark(SourceEdits &edits) {
    llvm::DenseSet<const clang::FunctionDecl *> seen;
    while (!work.empty()) {
      const clang::FunctionDecl *fn = work.pop_back_val();
      if (!seen.insert(fn).second || !fn->getBody())
        continue;
      findNumericLimits(fn->getBody());
      forEachCallee(fn->getBody(), [&](const clang::FunctionDecl *callee) {
        const clang::FunctionDecl *pattern = callee;
        if (const clang::FunctionDecl *p =
                callee->getTemplateInstantiationPattern())
          pattern = p;
        if (!implicitHostDevice(pattern))
          return;
        if (const clang::FunctionDecl *def = callee->getDefinition())
          work.push_back(def);
        if (marked.insert(pattern->getCanonicalDecl()).second)
          for (const clang::FunctionDecl *decl : pattern->redecls())
            insert(decl, edits);
      });
    }
    clang::SourceManager &sm = src.getSourceManager();
    for (const auto &[raw, builtin] : limits) {
      if (!builtin)
        continue;
      clang::SourceLocation at = clang::SourceLocation::getFromRawEncoding(raw);
      std::optional<FileCharRange> range =
          findRewriteRange(sm, src.getLangOpts(), clang::SourceRange(at, at));
      if (!range || !src.isUserLocation(range->getBegin(sm)))
        continue;
      edits.replace(*range, "cuda::std", at);
      usesLimits = true;
    }
  }

  /// `std::numeric_limits<T>::max()` and the other members: constexpr
  /// functions of the host's library, which HIP's compiler lets device
  /// code call and nvcc does not without --expt-relaxed-constexpr. In the
  /// code that device code reaches, for the arithmetic types, they become
  /// libcu++'s `cuda::std::numeric_limits`, host and device functions of
  /// the same values (<cuda/std/limits>).
  bool usesLimits = false;

private:
  void findNumericLimits(const clang::Stmt *stmt) {
    if (!stmt)
      return;
    if (const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(stmt))
      if (const auto *method =
              llvm::dyn_cast<clang::CXXMethodDecl>(ref->getDecl()))
        if (const auto *limitsOf =
                llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(
                    method->getParent());
            limitsOf && limitsOf->getName() == "numeric_limits" &&
            limitsOf->isInStdNamespace() && ref->getQualifierLoc()) {
          clang::SourceLocation at = ref->getQualifierLoc().getBeginLoc();
          clang::SourceManager &sm = src.getSourceManager();
          // The qualifier as written begins with the token `std`.
          clang::SourceLocation spelled = sm.getSpellingLoc(at);
          bool std = clang::Lexer::getSourceText(
                         clang::CharSourceRange::getTokenRange(spelled), sm,
                         src.getLangOpts()) == "std" &&
                     src.isUserLocation(at);
          const clang::TemplateArgumentList &args = limitsOf->getTemplateArgs();
          bool builtin = std && args.size() == 1 &&
                         args[0].getKind() == clang::TemplateArgument::Type &&
                         args[0].getAsType()->isArithmeticType() &&
                         args[0].getAsType()->isBuiltinType();
          auto [it, inserted] =
              limits.try_emplace(at.getRawEncoding(), builtin);
          if (!inserted)
            it->second = it->second && builtin;
        }
    if (const auto *lambda = llvm::dyn_cast<clang::LambdaExpr>(stmt))
      findNumericLimits(lambda->getBody());
    for (const clang::Stmt *child : stmt->children())
      findNumericLimits(child);
  }

  static bool explicitDevice(const clang::FunctionDecl *fn) {
    for (const clang::Attr *attr : fn->attrs())
      if ((llvm::isa<clang::CUDADeviceAttr>(attr) ||
           llvm::isa<clang::CUDAGlobalAttr>(attr)) &&
          !attr->isImplicit())
        return true;
    return false;
  }

  bool implicitHostDevice(const clang::FunctionDecl *fn) const {
    // An implicit member (a struct's copy constructor) has no text of its
    // own, and nvcc makes it host and device by itself where needed.
    if (fn->isImplicit() || !fn->isConstexpr() || explicitDevice(fn) ||
        !src.isUserLocation(fn->getLocation()))
      return false;
    // A lambda's call operator (constexpr by itself since C++17): nvcc
    // makes a lambda in device code device code, and there is no text
    // before its declaration to write to.
    if (const auto *method = llvm::dyn_cast<clang::CXXMethodDecl>(fn))
      if (method->getParent()->isLambda())
        return false;
    const auto *device = fn->getAttr<clang::CUDADeviceAttr>();
    return !device || device->isImplicit();
  }

  template <typename Fn>
  static void forEachCallee(const clang::Stmt *stmt, Fn &&fn) {
    if (!stmt)
      return;
    if (const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(stmt))
      if (const auto *callee =
              llvm::dyn_cast<clang::FunctionDecl>(ref->getDecl()))
        fn(callee);
    if (const auto *member = llvm::dyn_cast<clang::MemberExpr>(stmt))
      if (const auto *callee =
              llvm::dyn_cast<clang::FunctionDecl>(member->getMemberDecl()))
        fn(callee);
    if (const auto *construct = llvm::dyn_cast<clang::CXXConstructExpr>(stmt))
      fn(construct->getConstructor());
    if (const auto *lambda = llvm::dyn_cast<clang::LambdaExpr>(stmt))
      forEachCallee(lambda->getBody(), fn);
    for (const clang::Stmt *child : stmt->children())
      forEachCallee(child, fn);
  }

  void insert(const clang::FunctionDecl *decl, SourceEdits &edits) {
    clang::SourceManager &sm = src.getSourceManager();
    clang::SourceLocation at = decl->getInnerLocStart();
    if (at.isMacroID() || !src.isUserLocation(at))
      return;
    auto [file, offset] = sm.getDecomposedLoc(at);
    edits.insertBefore({file, offset, offset}, "__host__ __device__ ");
  }

  ParsedSource &src;
  llvm::SmallVector<const clang::FunctionDecl *> work;
  llvm::DenseSet<const clang::FunctionDecl *> marked;
  /// Where a qualifier `std::numeric_limits<T>::` is written in device
  /// code: whether every T there is an arithmetic type.
  std::map<clang::SourceLocation::UIntTy, bool> limits;
};

/// HIP's shuffles and votes as HIP runs them on NVIDIA GPUs: CUDA's _sync
/// form over the whole warp of 32 lanes, HIP's 64-bit types kept. Each call
/// is renamed to a helper of the prelude. The helpers are __host__
/// __device__ templates (the call in each depends on a template parameter):
/// nvcc then accepts them in a __host__ __device__ function, as HIP does
/// (only device code runs them); a __device__ helper would be an error
/// there.
struct WavefrontHelper {
  llvm::StringLiteral hip, helper;
  /// A shuffle's lane parameter (its type and name); empty for a vote.
  llvm::StringLiteral lane;
  /// A vote's helper; a shuffle's is written by helperText.
  llvm::StringLiteral text;
};

constexpr WavefrontHelper kWavefrontHelpers[] = {
    {"__shfl", "xfence_shfl", "int srcLane", ""},
    {"__shfl_up", "xfence_shfl_up", "unsigned delta", ""},
    {"__shfl_down", "xfence_shfl_down", "unsigned delta", ""},
    {"__shfl_xor", "xfence_shfl_xor", "int laneMask", ""},
    {"__any", "xfence_any", "",
     "template <typename P>\n"
     "__host__ __device__ inline int xfence_any(P predicate) {\n"
     "  return __any_sync(0xffffffffu, predicate);\n"
     "}\n"},
    {"__all", "xfence_all", "",
     "template <typename P>\n"
     "__host__ __device__ inline int xfence_all(P predicate) {\n"
     "  return __all_sync(0xffffffffu, predicate);\n"
     "}\n"},
    {"__ballot", "xfence_ballot", "",
     "template <typename P>\n"
     "__host__ __device__ inline unsigned long long xfence_ballot(P "
     "predicate) {\n"
     "  return (unsigned long long)__ballot_sync(0xffffffffu, predicate);\n"
     "}\n"},
    // No argument to depend on: the host side is compiled out instead.
    {"__activemask", "xfence_activemask", "",
     "__host__ __device__ inline unsigned long long xfence_activemask() {\n"
     "#ifdef __CUDA_ARCH__\n"
     "  return (unsigned long long)__activemask();\n"
     "#else\n"
     "  return 0; // not run: HIP's __activemask is device code\n"
     "#endif\n"
     "}\n"},
};

/// The prelude's text of `helper`. A shuffle's keeps the type that CUDA's
/// overloads give (HIP's have the same).
std::string helperText(const WavefrontHelper &helper) {
  if (helper.lane.empty())
    return helper.text.str();
  std::string sync = (helper.hip + "_sync").str();
  std::string args =
      "(0xffffffffu, var, " + helper.lane.rsplit(' ').second.str() + ", width)";
  return "template <typename T>\n__host__ __device__ inline auto\n" +
         helper.helper.str() + "(T var, " + helper.lane.str() +
         ", int width = 32)\n    -> decltype(" + sync + args +
         ") {\n  return " + sync + args + ";\n}\n";
}

/// The calls of HIP's wavefront functions: the shuffles and votes renamed
/// to their helpers, the rest refused (docs/hip-to-cuda.md). Where the
/// code assumes 64 lanes (a constant lane, width or ballot bit past 31),
/// a warning.
class WavefrontTranslation : public clang::DynamicRecursiveASTVisitor {
public:
  WavefrontTranslation(ParsedSource &src, SourceEdits &edits)
      : src(src), edits(edits) {}

  // One edit per call as written: a template's pattern, not its
  // instantiations.

  bool VisitCallExpr(clang::CallExpr *call) override {
    std::optional<WavefrontCall> wave = wavefrontCall(src, call);
    if (!wave)
      return true;
    const WavefrontHelper *helper = llvm::find_if(
        kWavefrontHelpers, [&](const auto &h) { return h.hip == wave->name; });
    if (helper == std::end(kWavefrontHelpers)) {
      reportWavefrontCall(src, call, wave->name, "CUDA");
      failed = true;
      return true;
    }
    if (wave->mayBeUsers) {
      src.report(call->getBeginLoc(), DiagnosticsEngine::Error,
                 "'" + wave->name +
                     "' in this template may call HIP's function or the "
                     "user's function of that name, depending on the "
                     "instantiation: xfence cannot tell which to translate");
      failed = true;
      return true;
    }
    std::optional<FileCharRange> range = calledNameText(src, wave->nameRange);
    if (!range) {
      src.report(call->getBeginLoc(), DiagnosticsEngine::Error,
                 "cannot translate this call of '" + wave->name +
                     "': its name is not text of the user's files that xfence "
                     "can rewrite");
      failed = true;
      return true;
    }
    edits.replace(*range, helper->helper.str(), wave->nameRange.getBegin());
    used[helper - std::begin(kWavefrontHelpers)] = true;
    warnShuffleLanes(call, wave->name);
    return true;
  }

  /// __ballot(p) >> 32, __ballot(p) & (1ull << 40), __ballot(p) == ~0ull:
  /// bits 32 to 63, which a warp of 32 lanes leaves 0.
  bool VisitBinaryOperator(clang::BinaryOperator *op) override {
    clang::BinaryOperatorKind kind = op->getOpcode();
    bool shift = kind == clang::BO_Shr;
    if (!shift && !op->isBitwiseOp() && !op->isComparisonOp())
      return true;
    for (bool callOnLeft : {true, false}) {
      if (shift && !callOnLeft)
        break;
      const clang::Expr *side = callOnLeft ? op->getLHS() : op->getRHS();
      const clang::Expr *other = callOnLeft ? op->getRHS() : op->getLHS();
      const auto *call =
          llvm::dyn_cast<clang::CallExpr>(side->IgnoreParenCasts());
      if (!call)
        continue;
      std::optional<WavefrontCall> wave = wavefrontCall(src, call);
      if (!wave || (wave->name != "__ballot" && wave->name != "__activemask"))
        continue;
      std::optional<llvm::APSInt> value = constantOf(other);
      if (!value)
        continue;
      bool wide =
          shift
              ? llvm::APSInt::compareValues(*value, llvm::APSInt::get(32)) >= 0
              : value->isNegative() || value->getActiveBits() > 32;
      if (!wide)
        continue;
      std::string what = "compared with a constant wider than 32 bits";
      if (shift)
        what = "shifted right by " + llvm::toString(*value, 10);
      else if (op->isBitwiseOp())
        what = "masked with a constant wider than 32 bits";
      warn(op->getOperatorLoc(), wave->name, what);
    }
    return true;
  }

  /// The helpers that the calls use, for the prelude.
  std::string helpers() const {
    std::string text;
    for (size_t i = 0; i < std::size(kWavefrontHelpers); ++i)
      if (used[i])
        text += helperText(kWavefrontHelpers[i]);
    if (!text.empty())
      text = "// HIP's wavefront functions as HIP runs them on NVIDIA GPUs: "
             "the whole warp\n// of 32 lanes (docs/hip-to-cuda.md).\n" +
             text;
    return text;
  }

  bool failed = false;

private:
  std::optional<llvm::APSInt> constantOf(const clang::Expr *expr) const {
    if (llvm::isa<clang::CXXDefaultArgExpr>(expr) || expr->isValueDependent() ||
        expr->isTypeDependent())
      return std::nullopt;
    return expr->getIntegerConstantExpr(src.getContext());
  }

  /// The variable `expr` names and the constant it is initialized with (a
  /// loop's counter: `for (int offset = 32; ...)`), if it is one.
  std::optional<std::pair<std::string, llvm::APSInt>>
  startingValue(const clang::Expr *expr) const {
    const auto *ref =
        llvm::dyn_cast<clang::DeclRefExpr>(expr->IgnoreParenImpCasts());
    const auto *var =
        ref ? llvm::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr;
    if (!var || !var->isLocalVarDecl() || !var->getInit() ||
        !var->getType()->isIntegerType())
      return std::nullopt;
    std::optional<llvm::APSInt> value = constantOf(var->getInit());
    if (!value)
      return std::nullopt;
    return std::make_pair(var->getName().str(), *value);
  }

  /// A constant source lane, delta or lane mask past 31, or a constant
  /// width past 32; a variable lane, delta or mask that starts past 31.
  void warnShuffleLanes(const clang::CallExpr *call, llvm::StringRef name) {
    if (!name.starts_with("__shfl") || call->getNumArgs() < 2)
      return;
    llvm::StringRef lane = name == "__shfl"       ? "source lane"
                           : name == "__shfl_xor" ? "lane mask"
                                                  : "delta";
    if (std::optional<llvm::APSInt> value = constantOf(call->getArg(1));
        value &&
        llvm::APSInt::compareValues(*value, llvm::APSInt::get(32)) >= 0)
      warn(call->getArg(1)->getBeginLoc(), name,
           "with " + lane.str() + " " + llvm::toString(*value, 10));
    else if (std::optional<std::pair<std::string, llvm::APSInt>> start =
                 startingValue(call->getArg(1));
             start && llvm::APSInt::compareValues(start->second,
                                                  llvm::APSInt::get(32)) >= 0)
      // `for (int mask = 32; mask > 0; mask >>= 1) __shfl_xor(v, mask)`:
      // the reduction over 64 lanes.
      warn(call->getArg(1)->getBeginLoc(), name,
           "with " + lane.str() + " '" + start->first + "', which starts at " +
               llvm::toString(start->second, 10));
    if (call->getNumArgs() < 3)
      return;
    if (std::optional<llvm::APSInt> value = constantOf(call->getArg(2));
        value && llvm::APSInt::compareValues(*value, llvm::APSInt::get(32)) > 0)
      warn(call->getArg(2)->getBeginLoc(), name,
           "with width " + llvm::toString(*value, 10));
  }

  void warn(clang::SourceLocation at, llvm::StringRef name,
            llvm::StringRef what) {
    src.report(at, DiagnosticsEngine::Warning,
               "'" + name.str() + "' " + what.str() +
                   " assumes a 64-lane wavefront: a CUDA warp has 32 lanes, "
                   "and HIP on NVIDIA GPUs runs the call on 32");
  }

  ParsedSource &src;
  SourceEdits &edits;
  bool used[std::size(kWavefrontHelpers)] = {};
};

/// min and max called in host code: HIP's overloads (int's, or the sets
/// its macros ask for, declared by the parse's built-in header) are not
/// nvcc's (which has float's and mixed signs too: `min(1.5f, 2.0f)` is 1
/// with HIP, 1.5 with nvcc). Each call is renamed to a helper of the
/// prelude that has exactly the parse's overloads, so that it chooses and
/// converts as HIP did.
class HostMinMax : public clang::DynamicRecursiveASTVisitor {
public:
  HostMinMax(ParsedSource &src, SourceEdits &edits, llvm::StringRef header)
      : src(src), edits(edits), header(header) {
    // A call whose arguments depend on a template parameter is resolved in
    // the instantiations (which share the pattern's locations).
    ShouldVisitTemplateInstantiations = true;
  }

  bool VisitCallExpr(clang::CallExpr *call) override {
    const clang::FunctionDecl *callee = call->getDirectCallee();
    if (!callee || !isHipHostMinMax(callee) ||
        !src.isUserLocation(call->getBeginLoc()))
      return true;
    const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(
        call->getCallee()->IgnoreParenImpCasts());
    if (!ref)
      return true;
    clang::SourceLocation at = ref->getLocation();
    if (!renamed.insert(at.getRawEncoding()).second)
      return true;
    std::optional<FileCharRange> range =
        findRewriteRange(src.getSourceManager(), src.getLangOpts(),
                         ref->getNameInfo().getSourceRange(),
                         /*preferInvocation=*/false);
    if (!range ||
        !src.isUserLocation(range->getBegin(src.getSourceManager()))) {
      src.report(call->getBeginLoc(), DiagnosticsEngine::Error,
                 "cannot translate this call of HIP's host '" +
                     callee->getName().str() +
                     "': its name is not text of the user's files that xfence "
                     "can rewrite");
      failed = true;
      return true;
    }
    edits.replace(*range, "xfence_hip_" + callee->getName().str(), at);
    return true;
  }

  /// The helpers: HIP's host overloads that the parse declared, when a
  /// call was renamed.
  std::string helpers() const {
    if (renamed.empty())
      return "";
    std::string text = "// HIP's min and max of host code, with HIP's "
                       "overloads (docs/hip-to-cuda.md).\n";
    clang::PrintingPolicy policy(src.getLangOpts());
    for (const clang::Decl *decl :
         src.getContext().getTranslationUnitDecl()->decls()) {
      const auto *function = llvm::dyn_cast<clang::FunctionDecl>(decl);
      if (!function || !isHipHostMinMax(function) ||
          function->getNumParams() != 2)
        continue;
      clang::QualType result = function->getReturnType();
      std::string name = function->getName().str();
      std::string body;
      if (result->isRealFloatingType())
        body =
            (name == "min" ? "fmin" : "fmax") +
            std::string(result->isSpecificBuiltinType(clang::BuiltinType::Float)
                            ? "f"
                            : "") +
            "(a, b)";
      else
        body = std::string("(a ") + (name == "min" ? "<" : ">") + " b) ? a : b";
      text += "__host__ inline " + result.getAsString(policy) + " xfence_hip_" +
              name + "(" +
              function->getParamDecl(0)->getType().getAsString(policy) +
              " a, " +
              function->getParamDecl(1)->getType().getAsString(policy) +
              " b) {\n  return " + body + ";\n}\n";
    }
    return text;
  }

  bool failed = false;

private:
  bool isHipHostMinMax(const clang::FunctionDecl *function) const {
    if (!function->getIdentifier() ||
        (function->getName() != "min" && function->getName() != "max") ||
        !function->hasAttr<clang::CUDAHostAttr>() ||
        function->hasAttr<clang::CUDADeviceAttr>())
      return false;
    clang::SourceManager &sm = src.getSourceManager();
    return sm.getFilename(sm.getExpansionLoc(function->getLocation())) ==
           header;
  }

  ParsedSource &src;
  SourceEdits &edits;
  llvm::StringRef header;
  llvm::DenseSet<clang::SourceLocation::UIntTy> renamed;
};

} // namespace

FailureOr<std::string>
xfence::translateHipToCuda(llvm::StringRef path, llvm::StringRef contents,
                           const CudaToHipOptions &options,
                           llvm::raw_ostream &diagOS) {
  bool needsAtomicHeader = false, needsGroupsHeader = false;
  CudaSiteTarget target;
  target.isSync = isSyncOp;
  target.emit = [&](Operation *op) -> FailureOr<Snippet> {
    FailureOr<Snippet> cuda = emitCuda(op);
    if (failed(cuda))
      return failure();
    needsAtomicHeader |= cuda->needsAtomicHeader;
    needsGroupsHeader |= cuda->needsCooperativeGroupsHeader;
    return cuda;
  };
  target.constant = constantText;
  target.keepAsWritten = [](const clang::Stmt *stmt,
                            ArrayRef<Operation *> ops) {
    return keepsLegacyAtomic(stmt, ops, isHipLegacyAtomic);
  };
  FailureOr<CudaLanguageSync> sync = rewriteCudaLanguageSync(
      path, contents, hipParseOptions(options.source, /*cudaRoute=*/true),
      cudaCapabilities(), options.coalesce, std::move(target), diagOS);
  if (failed(sync))
    return failure();
  ParsedSource *src = sync->imports.src.get();
  SourceEdits &edits = *sync->edits;
  bool ok = sync->ok;
  ok = succeeded(rewriteHipIncludes(edits)) && ok;
  WavefrontTranslation wavefront(*src, edits);
  wavefront.TraverseAST(src->getContext());
  ok = !wavefront.failed && ok;
  llvm::StringRef header = kHipRuntimeHeader;
  HostMinMax minMax(*src, edits, header);
  minMax.TraverseAST(src->getContext());
  ok = !minMax.failed && ok;
  if (!ok)
    return failure();
  ConstexprCallees constexprCallees(*src);
  constexprCallees.TraverseDecl(src->getContext().getTranslationUnitDecl());
  constexprCallees.mark(edits);
  // A user header that spells HIP's names is inlined (renamed with the rest
  // of the text), as a header with edits is.
  clang::SourceManager &sm = src->getSourceManager();
  for (auto it = sm.fileinfo_begin(); it != sm.fileinfo_end(); ++it) {
    clang::FileID id = sm.translateFile(it->first);
    if (id.isValid() && id != sm.getMainFileID() &&
        !it->first.getName().starts_with(kHipIncludeDir) &&
        src->isUserLocation(sm.getLocForStartOfFile(id))) {
      llvm::StringRef text = sm.getBufferData(id);
      if (renameHip(text, src->getLangOpts()) != text)
        edits.touch(id);
    }
  }
  std::string prelude =
      "// Translated from HIP to CUDA by xfence (docs/hip-to-cuda.md).\n";
  prelude += kHipStandardHeaders;
  if (needsAtomicHeader)
    prelude += "#include <cuda/atomic>\n";
  if (needsGroupsHeader)
    prelude += "#include <cooperative_groups.h>\n";
  if (constexprCallees.usesLimits)
    prelude += "#include <cuda/std/limits>\n";
  // The helpers of runtime functions whose CUDA forms take other
  // arguments, where the code calls them.
  clang::ASTContext &astContext = src->getContext();
  for (const clang::NamedDecl *d : astContext.getTranslationUnitDecl()->lookup(
           &astContext.Idents.get("xfence_hipMemPrefetchAsync")))
    if (d->isReferenced()) {
      prelude += kHipMemPrefetchHelper;
      break;
    }
  prelude += wavefront.helpers();
  prelude += minMax.helpers();
  prelude += hipVectorOperators(usedHipVectorOperators(*src, header));
  prelude += kPreludeEnd.str();
  FailureOr<std::string> text = edits.apply(prelude);
  if (failed(text) || src->hasErrors())
    return failure();
  return renameHip(*text, src->getLangOpts());
}
