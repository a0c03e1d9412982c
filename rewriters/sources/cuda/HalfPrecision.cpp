//===- HalfPrecision.cpp - cuda_fp16.h's types and functions in OpenCL C --===//
//
// CUDA's `__half` and `__half2` are IEEE binary16 and a pair of them (2
// and 4 bytes, aligned as their size): OpenCL C's `half` and `half2` under
// cl_khr_fp16, which also gives `half` the arithmetic operators, the
// conversions (rounding to nearest even by default, as CUDA's `__half(x)`
// and `__float2half` do) and the math built-ins' half overloads. The
// functions of the CUDA Math API's half-precision part map to those
// built-ins, to conversions, or to small helpers of the prelude where
// OpenCL C has no function of the same meaning (CUDA's `__hgt2` gives
// 1.0 or 0.0 per half, OpenCL C's `>` -1 or 0 per short).
//
//===----------------------------------------------------------------------===//

#include "rewriters/sources/cuda/HalfPrecision.h"
#include "rewriters/common/Identifiers.h"

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Regex.h"

using namespace xfence;

std::optional<llvm::StringRef>
xfence::openCLHalfTypeName(const clang::TagDecl *decl) {
  if (!decl || !decl->getIdentifier())
    return std::nullopt;
  if (decl->getName() == "__half")
    return llvm::StringRef("half");
  if (decl->getName() == "__half2")
    return llvm::StringRef("half2");
  return std::nullopt;
}

/// The half type `type` names, through references and qualifiers.
static std::optional<llvm::StringRef> halfTypeOf(clang::QualType type) {
  return openCLHalfTypeName(type.getNonReferenceType()->getAsTagDecl());
}

bool xfence::isCudaHalfOperator(const clang::FunctionDecl *fn) {
  if (!fn || !fn->isOverloadedOperator())
    return false;
  if (const auto *method = llvm::dyn_cast<clang::CXXMethodDecl>(fn))
    if (openCLHalfTypeName(method->getParent()))
      return true;
  for (const clang::ParmVarDecl *param : fn->parameters())
    if (halfTypeOf(param->getType()))
      return true;
  return false;
}

bool xfence::isCudaHalf2Comparison(const clang::FunctionDecl *fn) {
  if (!isCudaHalfOperator(fn))
    return false;
  switch (fn->getOverloadedOperator()) {
  case clang::OO_EqualEqual:
  case clang::OO_ExclaimEqual:
  case clang::OO_Less:
  case clang::OO_LessEqual:
  case clang::OO_Greater:
  case clang::OO_GreaterEqual:
    break;
  default:
    return false;
  }
  for (const clang::ParmVarDecl *param : fn->parameters())
    if (halfTypeOf(param->getType()) == llvm::StringRef("half2"))
      return true;
  return false;
}

namespace {
/// A helper of the prelude: its name and its definition.
struct Helper {
  llvm::StringLiteral cuda;
  llvm::StringLiteral name;
  llvm::StringLiteral definition;
};
} // namespace

// The CUDA Math API's definitions (half precision intrinsics), each as a
// function of OpenCL C. Comparisons: `__heq` ... are ordered (false for a
// NaN operand), `__hequ` ... unordered (true); `__hne` is therefore
// islessgreater, not `!=`. The half2 comparisons give 1.0 or 0.0 per half.
static const Helper kHelpers[] = {
    {"__hadd", "xfence_hadd",
     "static inline half xfence_hadd(half a, half b) { return "
     "a + b; }\n"},
    {"__hsub", "xfence_hsub",
     "static inline half xfence_hsub(half a, half b) { return "
     "a - b; }\n"},
    {"__hmul", "xfence_hmul",
     "static inline half xfence_hmul(half a, half b) { return "
     "a * b; }\n"},
    {"__hdiv", "xfence_hdiv",
     "static inline half xfence_hdiv(half a, half b) { return "
     "a / b; }\n"},
    {"__hneg", "xfence_hneg",
     "static inline half xfence_hneg(half a) { return -a; }\n"},
    {"hrcp", "xfence_hrcp",
     "static inline half xfence_hrcp(half a) { return (half)1.0f / a; }\n"},
    {"__hadd2", "xfence_hadd2",
     "static inline half2 xfence_hadd2(half2 a, half2 b) { "
     "return a + b; }\n"},
    {"__hsub2", "xfence_hsub2",
     "static inline half2 xfence_hsub2(half2 a, half2 b) { "
     "return a - b; }\n"},
    {"__hmul2", "xfence_hmul2",
     "static inline half2 xfence_hmul2(half2 a, half2 b) { "
     "return a * b; }\n"},
    {"__h2div", "xfence_h2div",
     "static inline half2 xfence_h2div(half2 a, half2 b) { "
     "return a / b; }\n"},
    {"__hneg2", "xfence_hneg2",
     "static inline half2 xfence_hneg2(half2 a) { return -a; }\n"},
    {"h2rcp", "xfence_h2rcp",
     "static inline half2 xfence_h2rcp(half2 a) { return "
     "(half2)(1.0f) / a; }\n"},
    {"__heq", "xfence_heq",
     "static inline bool xfence_heq(half a, half b) { return a "
     "== b; }\n"},
    {"__hne", "xfence_hne",
     "static inline bool xfence_hne(half a, half b) { return "
     "islessgreater(a, b); }\n"},
    {"__hlt", "xfence_hlt",
     "static inline bool xfence_hlt(half a, half b) { return a "
     "< b; }\n"},
    {"__hle", "xfence_hle",
     "static inline bool xfence_hle(half a, half b) { return a "
     "<= b; }\n"},
    {"__hgt", "xfence_hgt",
     "static inline bool xfence_hgt(half a, half b) { return a "
     "> b; }\n"},
    {"__hge", "xfence_hge",
     "static inline bool xfence_hge(half a, half b) { return a "
     ">= b; }\n"},
    {"__hequ", "xfence_hequ",
     "static inline bool xfence_hequ(half a, half b) { return "
     "!islessgreater(a, b); }\n"},
    {"__hneu", "xfence_hneu",
     "static inline bool xfence_hneu(half a, half b) { return "
     "a != b; }\n"},
    {"__hltu", "xfence_hltu",
     "static inline bool xfence_hltu(half a, half b) { return "
     "!(a >= b); }\n"},
    {"__hleu", "xfence_hleu",
     "static inline bool xfence_hleu(half a, half b) { return "
     "!(a > b); }\n"},
    {"__hgtu", "xfence_hgtu",
     "static inline bool xfence_hgtu(half a, half b) { return "
     "!(a <= b); }\n"},
    {"__hgeu", "xfence_hgeu",
     "static inline bool xfence_hgeu(half a, half b) { return "
     "!(a < b); }\n"},
    {"__heq2", "xfence_heq2",
     "static inline half2 xfence_heq2(half2 a, half2 b) { "
     "return convert_half2(-(a == b)); }\n"},
    {"__hne2", "xfence_hne2",
     "static inline half2 xfence_hne2(half2 a, half2 b) { "
     "return convert_half2(-islessgreater(a, b)); }\n"},
    {"__hlt2", "xfence_hlt2",
     "static inline half2 xfence_hlt2(half2 a, half2 b) { "
     "return convert_half2(-(a < b)); }\n"},
    {"__hle2", "xfence_hle2",
     "static inline half2 xfence_hle2(half2 a, half2 b) { "
     "return convert_half2(-(a <= b)); }\n"},
    {"__hgt2", "xfence_hgt2",
     "static inline half2 xfence_hgt2(half2 a, half2 b) { "
     "return convert_half2(-(a > b)); }\n"},
    {"__hge2", "xfence_hge2",
     "static inline half2 xfence_hge2(half2 a, half2 b) { "
     "return convert_half2(-(a >= b)); }\n"},
    {"__hbeq2", "xfence_hbeq2",
     "static inline bool xfence_hbeq2(half2 a, half2 b) { "
     "return all(a == b); }\n"},
    {"__hbne2", "xfence_hbne2",
     "static inline bool xfence_hbne2(half2 a, half2 b) { "
     "return all(islessgreater(a, b)); }\n"},
    {"__hblt2", "xfence_hblt2",
     "static inline bool xfence_hblt2(half2 a, half2 b) { "
     "return all(a < b); }\n"},
    {"__hble2", "xfence_hble2",
     "static inline bool xfence_hble2(half2 a, half2 b) { "
     "return all(a <= b); }\n"},
    {"__hbgt2", "xfence_hbgt2",
     "static inline bool xfence_hbgt2(half2 a, half2 b) { "
     "return all(a > b); }\n"},
    {"__hbge2", "xfence_hbge2",
     "static inline bool xfence_hbge2(half2 a, half2 b) { "
     "return all(a >= b); }\n"},
    {"__hisinf", "xfence_hisinf",
     "// __hisinf: -1 for -infinity, 1 for +infinity, 0 otherwise.\n"
     "static inline int xfence_hisinf(half a) { return isinf(a) ? "
     "(signbit(a) ? -1 : 1) : 0; }\n"},
    {"__floats2half2_rn", "xfence_floats2half2_rn",
     "static inline half2 xfence_floats2half2_rn(float a, float b) { return "
     "(half2)(convert_half_rte(a), convert_half_rte(b)); }\n"},
    {"__float2half2_rn", "xfence_float2half2_rn",
     "static inline half2 xfence_float2half2_rn(float a) { return "
     "(half2)(convert_half_rte(a)); }\n"},
    {"__halves2half2", "xfence_halves2half2",
     "static inline half2 xfence_halves2half2(half a, half b) { return "
     "(half2)(a, b); }\n"},
    {"__half2half2", "xfence_half2half2",
     "static inline half2 xfence_half2half2(half a) { "
     "return (half2)(a); }\n"},
    {"__low2half", "xfence_low2half",
     "static inline half xfence_low2half(half2 a) { return a.x; }\n"},
    {"__high2half", "xfence_high2half",
     "static inline half xfence_high2half(half2 a) { return a.y; }\n"},
    {"__low2float", "xfence_low2float",
     "static inline float xfence_low2float(half2 a) { return a.x; }\n"},
    {"__high2float", "xfence_high2float",
     "static inline float xfence_high2float(half2 a) { return a.y; }\n"},
    {"__low2half2", "xfence_low2half2",
     "static inline half2 xfence_low2half2(half2 a) { return a.xx; }\n"},
    {"__high2half2", "xfence_high2half2",
     "static inline half2 xfence_high2half2(half2 a) { return a.yy; }\n"},
    {"__lows2half2", "xfence_lows2half2",
     "static inline half2 xfence_lows2half2(half2 a, half2 b) { return "
     "(half2)(a.x, b.x); }\n"},
    {"__highs2half2", "xfence_highs2half2",
     "static inline half2 xfence_highs2half2(half2 a, half2 b) { return "
     "(half2)(a.y, b.y); }\n"},
    {"__lowhigh2highlow", "xfence_lowhigh2highlow",
     "static inline half2 xfence_lowhigh2highlow(half2 a) { return a.yx; "
     "}\n"},
};

std::optional<llvm::StringRef>
xfence::openCLHalfFunction(llvm::StringRef name) {
  static const llvm::StringMap<llvm::StringRef> functions = [] {
    llvm::StringMap<llvm::StringRef> map = {
        // Conversions: CUDA's default and `_rn` round to nearest even,
        // OpenCL C's `_rte`; `_rz`, `_rd`, `_ru` are `_rtz`, `_rtn`, `_rtp`.
        {"__float2half", "convert_half_rte"},
        {"__float2half_rn", "convert_half_rte"},
        {"__float2half_rz", "convert_half_rtz"},
        {"__float2half_rd", "convert_half_rtn"},
        {"__float2half_ru", "convert_half_rtp"},
        {"__double2half", "convert_half_rte"},
        {"__half2float", "convert_float"},
        {"__half22float2", "convert_float2"},
        {"__float22half2_rn", "convert_half2_rte"},
        {"__half_as_short", "as_short"},
        {"__half_as_ushort", "as_ushort"},
        {"__short_as_half", "as_half"},
        {"__ushort_as_half", "as_half"},
        // The math built-ins' half and half2 overloads.
        {"hsqrt", "sqrt"},
        {"h2sqrt", "sqrt"},
        {"hrsqrt", "rsqrt"},
        {"h2rsqrt", "rsqrt"},
        {"hexp", "exp"},
        {"h2exp", "exp"},
        {"hexp2", "exp2"},
        {"h2exp2", "exp2"},
        {"hexp10", "exp10"},
        {"h2exp10", "exp10"},
        {"hlog", "log"},
        {"h2log", "log"},
        {"hlog2", "log2"},
        {"h2log2", "log2"},
        {"hlog10", "log10"},
        {"h2log10", "log10"},
        {"hsin", "sin"},
        {"h2sin", "sin"},
        {"hcos", "cos"},
        {"h2cos", "cos"},
        {"hceil", "ceil"},
        {"h2ceil", "ceil"},
        {"hfloor", "floor"},
        {"h2floor", "floor"},
        {"htrunc", "trunc"},
        {"h2trunc", "trunc"},
        {"hrint", "rint"},
        {"h2rint", "rint"},
        {"__habs", "fabs"},
        {"__habs2", "fabs"},
        {"__hfma", "fma"},
        {"__hfma2", "fma"},
        {"__hmax", "fmax"},
        {"__hmax2", "fmax"},
        {"__hmin", "fmin"},
        {"__hmin2", "fmin"},
        {"__hisnan", "isnan"}};
    // CUDA's integer conversions in a rounding mode.
    static const std::pair<const char *, const char *> kIntegers[] = {
        {"int", "int"},       {"uint", "uint"}, {"short", "short"},
        {"ushort", "ushort"}, {"ll", "long"},   {"ull", "ulong"}};
    static const std::pair<const char *, const char *> kModes[] = {
        {"rn", "rte"}, {"rz", "rtz"}, {"rd", "rtn"}, {"ru", "rtp"}};
    static std::vector<std::string> names;
    names.reserve(2 * std::size(kIntegers) * std::size(kModes) * 2);
    for (auto [cuda, opencl] : kIntegers)
      for (auto [mode, rounding] : kModes) {
        names.push_back("convert_half_" + std::string(rounding));
        map[std::string("__") + cuda + "2half_" + mode] = names.back();
        names.push_back("convert_" + std::string(opencl) + "_" + rounding);
        map[std::string("__half2") + cuda + "_" + mode] = names.back();
      }
    // CUDA's functions that OpenCL C has no one built-in for: the
    // prelude's helpers.
    for (const Helper &helper : kHelpers)
      map[helper.cuda] = helper.name;
    return map;
  }();
  auto it = functions.find(name);
  if (it == functions.end())
    return std::nullopt;
  return it->second;
}

/// `text` with its comments (`// ...` to the line's end, `/* ... */`) and
/// the contents of its string and character literals blanked: a `half` in
/// `printf("half")` or in a comment is no use of the type.
static std::string withoutComments(llvm::StringRef text) {
  std::string out(text);
  for (size_t i = 0; i < out.size(); ++i) {
    char c = out[i];
    if (c == '"' || c == '\'') {
      for (++i; i < out.size() && out[i] != c && out[i] != '\n'; ++i) {
        if (out[i] == '\\' && i + 1 < out.size() && out[i + 1] != '\n')
          out[i++] = ' ';
        out[i] = ' ';
      }
      continue;
    }
    if (c != '/' || i + 1 >= out.size())
      continue;
    if (out[i + 1] == '/') {
      for (; i < out.size() && out[i] != '\n'; ++i)
        out[i] = ' ';
    } else if (out[i + 1] == '*') {
      size_t end = out.find("*/", i + 2);
      end = end == std::string::npos ? out.size() : end + 2;
      for (; i < end; ++i)
        if (out[i] != '\n')
          out[i] = ' ';
      --i;
    }
  }
  return out;
}

std::string xfence::openCLHalfHelpers(llvm::StringRef text) {
  std::string code = withoutComments(text);
  text = code;
  std::string helpers;
  for (const Helper &helper : kHelpers) {
    if (callsName(text, helper.name))
      helpers += helper.definition.str();
  }
  return helpers;
}

std::string xfence::openCLHalfExtension(llvm::StringRef text) {
  static const llvm::Regex use(
      "(^|[^A-Za-z0-9_])half(2|3|4|8|16)?($|[^A-Za-z0-9_])");
  if (!use.match(withoutComments(text)))
    return "";
  return "// xfence: CUDA's __half and __half2 are half and half2 of "
         "cl_khr_fp16.\n"
         "#ifdef cl_khr_fp16\n"
         "#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n"
         "#else\n"
         "#error \"xfence: the CUDA code computes in half precision "
         "(__half), which needs cl_khr_fp16; this OpenCL device lacks it\"\n"
         "#endif\n";
}
