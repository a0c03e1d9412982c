//===- OpenCLLibrary.cpp - OpenCL C types and built-ins in C++ ------------===//

#include "rewriters/sources/opencl/OpenCLLibrary.h"
#include "rewriters/sources/opencl/LibraryText.h"
#include "rewriters/sources/opencl/OpenCLImages.h"

#include "clang/AST/Type.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace xfence;

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

std::optional<OpenCLLibrary::Scalar>
OpenCLLibrary::scalarOf(clang::QualType type) {
  const auto *builtin = type.getCanonicalType()->getAs<clang::BuiltinType>();
  if (!builtin)
    return std::nullopt;
  Scalar s;
  s.bits = builtin->isVoidType() ? 0 : ctx.getTypeSize(builtin);
  s.isSigned = builtin->isSignedIntegerType();
  s.isFloat = builtin->isFloatingPoint();
  // OpenCL C's name of each scalar type (the prelude defines those CUDA
  // lacks).
  static const std::pair<clang::BuiltinType::Kind, const char *> names[] = {
      {clang::BuiltinType::Void, "void"},
      {clang::BuiltinType::Bool, "bool"},
      {clang::BuiltinType::Char_S, "char"},
      {clang::BuiltinType::SChar, "char"},
      {clang::BuiltinType::Char_U, "uchar"},
      {clang::BuiltinType::UChar, "uchar"},
      {clang::BuiltinType::Short, "short"},
      {clang::BuiltinType::UShort, "ushort"},
      {clang::BuiltinType::Int, "int"},
      {clang::BuiltinType::UInt, "uint"},
      {clang::BuiltinType::Long, "long"},
      {clang::BuiltinType::ULong, "ulong"},
      {clang::BuiltinType::Float, "float"},
      {clang::BuiltinType::Double, "double"},
      {clang::BuiltinType::Half, "half"}};
  const auto *entry = llvm::find_if(
      names, [&](const auto &e) { return e.first == builtin->getKind(); });
  if (entry == std::end(names))
    return std::nullopt;
  s.name = entry->second;
  if (builtin->getKind() == clang::BuiltinType::Half)
    s.isHalf = half = true;
  return s;
}

std::optional<std::string> OpenCLLibrary::typeName(clang::QualType type) {
  std::string cv;
  if (type.isConstQualified())
    cv += "const ";
  if (type.isVolatileQualified())
    cv += "volatile ";
  // size_t and friends keep their names (CUDA has them).
  for (const auto *typedefType = type->getAs<clang::TypedefType>();
       typedefType;) {
    llvm::StringRef name = typedefType->getDecl()->getName();
    // The atomic types are typedefs of their value types in the prelude.
    if (name == "size_t" || name == "ptrdiff_t" || name == "intptr_t" ||
        name == "uintptr_t" ||
        (name.starts_with("atomic_") &&
         typedefType->getDecl()->getUnderlyingType()->isAtomicType()))
      return cv + name.str();
    clang::QualType inner = typedefType->getDecl()->getUnderlyingType();
    typedefType = inner->getAs<clang::TypedefType>();
  }
  clang::QualType canon = type.getCanonicalType();
  if (std::optional<std::string> name = imageTypeName(canon.getTypePtr())) {
    useImages();
    return cv + *name;
  }
  // event_t of async copies: an int in the prelude.
  if (canon->isEventT())
    return cv + "event_t";
  if (const auto *atomic = canon->getAs<clang::AtomicType>())
    return typeName(atomic->getValueType());
  if (const auto *pointer = canon->getAs<clang::PointerType>()) {
    std::optional<std::string> pointee = typeName(pointer->getPointeeType());
    if (!pointee)
      return std::nullopt;
    return *pointee + " *" + llvm::StringRef(cv).rtrim().str();
  }
  if (const auto *vector = canon->getAs<clang::ExtVectorType>()) {
    std::optional<Scalar> element = scalarOf(vector->getElementType());
    if (!element || element->name == "void" || element->name == "bool")
      return std::nullopt;
    vectors = true;
    vectorTypes.insert({element->name, vector->getNumElements()});
    return cv + "ocl::" + element->name +
           std::to_string(vector->getNumElements());
  }
  if (std::optional<Scalar> scalar = scalarOf(canon))
    return cv + scalar->name;
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Built-in functions
//===----------------------------------------------------------------------===//

/// The smallest and largest value of an integer lane type, as CUDA text.
static std::pair<std::string, std::string> integerRange(unsigned bits,
                                                        bool isSigned) {
  if (bits == 64)
    return isSigned ? std::make_pair(std::string("(-0x7fffffffffffffffL - 1)"),
                                     std::string("0x7fffffffffffffffL"))
                    : std::make_pair(std::string("0UL"),
                                     std::string("0xffffffffffffffffUL"));
  uint64_t max =
      isSigned ? (uint64_t(1) << (bits - 1)) - 1 : (uint64_t(1) << bits) - 1;
  std::string lo = isSigned ? "(" + std::to_string(-int64_t(max)) + " - 1)"
                            : std::string("0");
  return {lo, std::to_string(max) + (bits == 32 && !isSigned ? "u" : "")};
}

void OpenCLLibrary::addDefinition(int rank, const std::string &key,
                                  std::string text) {
  // A definition that calls an intrinsic the target lacks is not kept: the
  // built-in that asked for it fails (builtin()).
  if (missingIntrinsic.empty())
    definitions.emplace(std::make_pair(rank, key), std::move(text));
}

std::string OpenCLLibrary::intrinsic(llvm::StringRef name) {
  if (syntax.hasIntrinsic && !syntax.hasIntrinsic(name) &&
      missingIntrinsic.empty())
    missingIntrinsic = name.str();
  return (syntax.intrinsicPrefix + name).str();
}

std::string OpenCLLibrary::toFloat(llvm::StringRef halfValue) const {
  return (syntax.half.toFloat + "(" + halfValue + ")").str();
}

std::string OpenCLLibrary::fromFloat(llvm::StringRef floatValue) const {
  return (syntax.half.fromFloat + "(" + floatValue + ")").str();
}

/// CUDA's float (`sinf`) or double (`sin`) math function.
static std::string mathFn(llvm::StringRef name, bool isDouble) {
  return "::" + name.str() + (isDouble ? "" : "f");
}

std::optional<std::string> OpenCLLibrary::conversion(llvm::StringRef name,
                                                     const Scalar &from,
                                                     const Scalar &to,
                                                     std::string &why) {
  // convert_<type>[_sat][_rte|_rtz|_rtp|_rtn]
  bool sat = name.contains("_sat");
  llvm::StringRef mode;
  for (llvm::StringRef m : {"_rte", "_rtz", "_rtp", "_rtn"})
    if (name.ends_with(m))
      mode = m.drop_front();
  if (from.isHalf || to.isHalf) {
    // Through float: half -> float is exact; float -> half rounds to
    // nearest even (the OpenCL default for floating-point results).
    if (!mode.empty() && mode != "rte" && to.isHalf) {
      why = "a rounding mode other than _rte to half";
      return std::nullopt;
    }
    if (from.isHalf && to.isHalf)
      return std::string("a0");
    Scalar f{"float", true, true, false, 32};
    std::optional<std::string> text =
        conversion(name, from.isHalf ? f : from, to.isHalf ? f : to, why);
    if (!text)
      return std::nullopt;
    if (to.isHalf)
      return fromFloat(*text);
    std::string t = *text, a0 = toFloat("a0");
    for (size_t at = t.find("a0"); at != std::string::npos;
         at = t.find("a0", at + a0.size()))
      t.replace(at, 2, a0);
    return t;
  }
  if (from.isFloat && !to.isFloat) {
    // Float to integer: CUDA's conversion intrinsics saturate (NaN -> 0),
    // which is _sat; without _sat an out-of-range value is undefined in
    // OpenCL, so the same text is right.
    char r = mode == "rte"   ? 'n'
             : mode == "rtp" ? 'u'
             : mode == "rtn" ? 'd'
                             : 'z';
    std::string src = from.bits == 64 ? "double" : "float";
    std::string dst = to.bits == 64 ? (to.isSigned ? "ll" : "ull")
                                    : (to.isSigned ? "int" : "uint");
    std::string text = intrinsic(src + "2" + dst + "_r" + r) + "(a0)";
    if (to.name == "bool")
      return "a0 != 0";
    if (to.bits < 32) {
      auto [lo, hi] = integerRange(to.bits, to.isSigned);
      if (sat)
        text = "::min(::max(" + text + ", " + lo + "), " + hi + ")";
      return "(" + to.name + ")" + text;
    }
    return text;
  }
  if (!from.isFloat && to.isFloat) {
    // Integer to float: exact or rounded to nearest by a cast; CUDA's
    // intrinsics for the other modes.
    if (mode.empty() || mode == "rte" || (to.bits == 64 && from.bits <= 32))
      return "(" + to.name + ")a0";
    char r = mode == "rtp" ? 'u' : mode == "rtn" ? 'd' : 'z';
    std::string src = from.bits == 64 ? (from.isSigned ? "ll" : "ull")
                                      : (from.isSigned ? "int" : "uint");
    std::string cast = from.bits < 32 ? "(" + src + ")" : "";
    return intrinsic(src + "2" + (to.bits == 64 ? "double" : "float") + "_r" +
                     r) +
           "(" + cast + "a0)";
  }
  if (from.isFloat && to.isFloat) {
    if (from.bits <= to.bits || mode.empty() || mode == "rte")
      return "(" + to.name + ")a0";
    char r = mode == "rtp" ? 'u' : mode == "rtn" ? 'd' : 'z';
    return intrinsic(std::string("double2float_r") + r) + "(a0)";
  }
  // Integer to integer: wraps, or saturates with _sat.
  if (!sat || (to.bits > from.bits && (to.isSigned || !from.isSigned)) ||
      (to.bits == from.bits && to.isSigned == from.isSigned))
    return "(" + to.name + ")a0";
  auto [lo, hi] = integerRange(to.bits, to.isSigned);
  std::string text = "(" + to.name + ")a0";
  if (from.isSigned && !to.isSigned) {
    if (from.bits <= to.bits)
      return "a0 < 0 ? 0 : " + text;
    return "a0 < 0 ? 0 : (unsigned long)a0 > " + hi + " ? " + hi + " : " + text;
  }
  if (!from.isSigned && to.isSigned)
    return "a0 > (unsigned long)" + hi + " ? " + hi + " : " + text;
  return "a0 < " + lo + " ? " + lo + " : a0 > " + hi + " ? " + hi + " : " +
         text;
}

/// The names of the geometric built-ins (functions of whole vectors).
static bool isGeometric(llvm::StringRef name) {
  return llvm::StringSwitch<bool>(name)
      .Cases({"dot", "cross", "length", "distance", "normalize"}, true)
      .Cases({"fast_length", "fast_distance", "fast_normalize"}, true)
      .Default(false);
}

/// Relational built-ins: 1/0 for scalars, -1/0 lanes for vectors.
static bool isRelational(llvm::StringRef name) {
  return llvm::StringSwitch<bool>(name)
      .Cases({"isequal", "isnotequal", "isgreater", "isgreaterequal", "isless",
              "islessequal", "islessgreater"},
             true)
      .Cases({"isfinite", "isinf", "isnan", "isnormal", "isordered",
              "isunordered", "signbit"},
             true)
      .Default(false);
}

std::optional<std::string>
OpenCLLibrary::scalarBody(llvm::StringRef name, const std::vector<Scalar> &p,
                          const Scalar &r, std::string &why) {
  const Scalar &x = p.empty() ? r : p[0];
  bool dbl = x.bits == 64 && x.isFloat;
  auto call = [&](llvm::StringRef fn) {
    std::string args;
    for (size_t i = 0; i < p.size(); ++i)
      args += (i ? ", a" : "a") + std::to_string(i);
    return mathFn(fn, dbl) + "(" + args + ")";
  };
  if (x.isFloat) {
    // Math functions CUDA has under the same name (with an f for float).
    if (llvm::StringSwitch<bool>(name)
            .Cases({"acos", "acosh", "asin", "asinh", "atan", "atanh", "cbrt",
                    "ceil", "cos", "cosh", "erf", "erfc", "exp", "exp2"},
                   true)
            .Cases({"exp10", "expm1", "fabs",  "floor", "lgamma", "log",
                    "log10", "log1p", "log2",  "logb",  "rint",   "round",
                    "sin",   "sinh",  "sqrt",  "tan",   "tanh",   "tgamma",
                    "trunc", "rsqrt", "cospi", "sinpi"},
                   true)
            .Cases({"atan2", "copysign", "fdim", "fmax", "fmin", "fmod",
                    "hypot", "nextafter", "pow", "remainder", "fma"},
                   true)
            .Default(false))
      return call(name);
    if (name == "powr")
      return call("pow");
    if (name == "pown")
      return mathFn("pow", dbl) + "(a0, (" + x.name + ")a1)";
    if (name == "ldexp")
      return call("ldexp");
    if (name == "ilogb")
      return call("ilogb");
    if (name == "mad")
      return std::string("a0 * a1 + a2");
    if (name == "max")
      return call("fmax");
    if (name == "min")
      return call("fmin");
    if (name == "clamp")
      return mathFn("fmin", dbl) + "(" + mathFn("fmax", dbl) + "(a0, a1), a2)";
    if (name == "mix")
      return std::string("a0 + (a1 - a0) * a2");
    if (name == "step")
      return "a1 < a0 ? " + x.name + "(0) : " + x.name + "(1)";
    if (name == "smoothstep")
      return "[&] { " + x.name + " t = " + mathFn("fmin", dbl) + "(" +
             mathFn("fmax", dbl) + "((a2 - a0) / (a1 - a0), " + x.name +
             "(0)), " + x.name + "(1)); return t * t * (" + x.name + "(3) - " +
             x.name + "(2) * t); }()";
    if (name == "sign")
      return "a0 > 0 ? " + x.name + "(1) : a0 < 0 ? " + x.name +
             "(-1) : a0 == 0 ? " + x.name + "(0) : " + x.name + "(0) * a0";
    if (name == "degrees")
      return "a0 * " + x.name + "(57.295779513082320876798154814105)";
    if (name == "radians")
      return "a0 * " + x.name + "(0.017453292519943295769236907684886)";
    if (name == "acospi" || name == "asinpi" || name == "atanpi")
      return call(name.drop_back(2)) + " * " + x.name +
             "(0.31830988618379067153776752674503)";
    if (name == "atan2pi")
      return call("atan2") + " * " + x.name +
             "(0.31830988618379067153776752674503)";
    // native_*: CUDA's fast intrinsics where it has one (accuracy is
    // implementation-defined in OpenCL), else the full-precision function.
    if (name.consume_front("native_") || name.consume_front("half_")) {
      // CUDA's intrinsic and its arguments.
      auto [fast, args] =
          dbl ? std::pair<llvm::StringRef, llvm::StringRef>()
              : llvm::StringSwitch<std::pair<llvm::StringRef, llvm::StringRef>>(
                    name)
                    .Case("sin", {"sinf", "(a0)"})
                    .Case("cos", {"cosf", "(a0)"})
                    .Case("tan", {"tanf", "(a0)"})
                    .Case("exp", {"expf", "(a0)"})
                    .Case("exp10", {"exp10f", "(a0)"})
                    .Case("log", {"logf", "(a0)"})
                    .Case("log2", {"log2f", "(a0)"})
                    .Case("log10", {"log10f", "(a0)"})
                    .Case("powr", {"powf", "(a0, a1)"})
                    .Case("divide", {"fdividef", "(a0, a1)"})
                    .Default({});
      if (!fast.empty())
        return intrinsic(fast) + args.str();
      if (name == "divide")
        return std::string("a0 / a1");
      if (name == "recip")
        return x.name + "(1) / a0";
      if (name == "powr")
        return call("pow");
      if (llvm::StringSwitch<bool>(name)
              .Cases({"sin", "cos", "tan", "exp", "exp2", "exp10", "log",
                      "log2", "log10", "sqrt", "rsqrt"},
                     true)
              .Default(false))
        return call(name);
      why = "the built-in library has no form of this native_/half_ function";
      return std::nullopt;
    }
    // Relational built-ins on floats: 1 or 0.
    // C's classification macros as the target's functions (::isnan).
    auto is = [&](llvm::StringRef what) {
      return (syntax.classificationPrefix + "is" + what).str();
    };
    std::string rel =
        llvm::StringSwitch<std::string>(name)
            .Case("isequal", "a0 == a1")
            .Case("isnotequal", "a0 != a1")
            .Case("isgreater", "a0 > a1")
            .Case("isgreaterequal", "a0 >= a1")
            .Case("isless", "a0 < a1")
            .Case("islessequal", "a0 <= a1")
            .Case("islessgreater", "a0 < a1 || a0 > a1")
            .Case("isfinite", is("finite") + "(a0)")
            .Case("isinf", is("inf") + "(a0)")
            .Case("isnan", is("nan") + "(a0)")
            .Case("isnormal", is("finite") + "(a0) && " +
                                  (dbl ? "::fabs(a0) >= 2.2250738585072014e-308"
                                       : "::fabsf(a0) >= 1.17549435e-38f"))
            .Case("isordered",
                  "!" + is("nan") + "(a0) && !" + is("nan") + "(a1)")
            .Case("isunordered", is("nan") + "(a0) || " + is("nan") + "(a1)")
            .Case("signbit",
                  (syntax.classificationPrefix + "signbit").str() + "(a0)")
            .Default("");
    if (!rel.empty())
      return "(" + rel + ") ? 1 : 0";
    why = "the built-in library has no form of this math built-in";
    return std::nullopt;
  }

  // Integer built-ins.
  unsigned bits = x.bits;
  std::string u = x.isSigned ? "u" + x.name : x.name;
  if (x.name == "char" || x.name == "uchar")
    u = "uchar";
  auto [lo, hi] = integerRange(bits, x.isSigned);
  if (name == "max")
    return std::string("a0 > a1 ? a0 : a1");
  if (name == "min")
    return std::string("a0 < a1 ? a0 : a1");
  if (name == "clamp")
    return std::string("a0 < a1 ? a1 : a0 > a2 ? a2 : a0");
  if (name == "abs")
    return x.isSigned ? "a0 < 0 ? " + u + "(" + u + "(0) - " + u +
                            "(a0)) : " + u + "(a0)"
                      : std::string("a0");
  if (name == "abs_diff")
    return "a0 > a1 ? " + u + "(" + u + "(a0) - " + u + "(a1)) : " + u + "(" +
           u + "(a1) - " + u + "(a0))";
  if (name == "hadd")
    return "(a0 >> 1) + (a1 >> 1) + (a0 & a1 & 1)";
  if (name == "rhadd")
    return "(a0 >> 1) + (a1 >> 1) + ((a0 | a1) & 1)";
  if (name == "add_sat")
    return x.isSigned
               ? "a1 > 0 && a0 > " + hi + " - a1 ? " + hi +
                     " : a1 < 0 && a0 < " + lo + " - a1 ? " + lo + " : " +
                     x.name + "(a0 + a1)"
               : "a0 > " + hi + " - a1 ? " + hi + " : " + x.name + "(a0 + a1)";
  if (name == "sub_sat")
    return x.isSigned ? "a1 < 0 && a0 > " + hi + " + a1 ? " + hi +
                            " : a1 > 0 && a0 < " + lo + " + a1 ? " + lo +
                            " : " + x.name + "(a0 - a1)"
                      : "a0 < a1 ? " + x.name + "(0) : " + x.name + "(a0 - a1)";
  if (name == "mul24" || name == "mad24")
    return intrinsic(x.isSigned ? "mul24" : "umul24") + "(a0, a1)" +
           (name == "mad24" ? " + a2" : "");
  if (name == "mul_hi" || name == "mad_hi") {
    std::string mul =
        bits == 64 ? intrinsic(x.isSigned ? "mul64hi" : "umul64hi") + "(a0, a1)"
        : bits == 32 ? intrinsic(x.isSigned ? "mulhi" : "umulhi") + "(a0, a1)"
                     : "(int(a0) * int(a1)) >> " + std::to_string(bits);
    return x.name + "(" + mul + ")" + (name == "mad_hi" ? " + a2" : "");
  }
  if (name == "popcount")
    return x.name + "(" + intrinsic(bits == 64 ? "popcll" : "popc") + "(" + u +
           "(a0)))";
  if (name == "clz")
    return bits == 64   ? x.name + "(" + intrinsic("clzll") + "(a0))"
           : bits == 32 ? x.name + "(" + intrinsic("clz") + "(int(a0)))"
                        : x.name + "(" + intrinsic("clz") + "(int(" + u +
                              "(a0))) - " + std::to_string(32 - bits) + ")";
  if (name == "ctz")
    return "a0 == 0 ? " + x.name + "(" + std::to_string(bits) +
           ") : " + x.name + "(" + intrinsic(bits == 64 ? "ffsll" : "ffs") +
           "(a0) - 1)";
  if (name == "rotate") {
    std::string n = "(" + u + "(a1) & " + std::to_string(bits - 1) + ")";
    return x.name + "(" + u + "(a0) << " + n + " | " + u + "(a0) >> ((" +
           std::to_string(bits) + " - " + n + ") & " +
           std::to_string(bits - 1) + "))";
  }
  if (name == "upsample")
    return "(" + r.name + ")((" + r.name + ")a0 << " + std::to_string(bits) +
           " | a1)";
  if (name == "mad_sat") {
    why = "the built-in library has no form of mad_sat";
    return std::nullopt;
  }
  why = "the built-in library has no form of it for integer arguments";
  return std::nullopt;
}

std::optional<std::string>
OpenCLLibrary::builtin(const clang::FunctionDecl *callee, std::string &why) {
  // The image built-ins are templates of the image prelude.
  if (isImageBuiltin(callee->getName())) {
    for (const clang::ParmVarDecl *param : callee->parameters())
      if (!typeName(param->getType())) {
        why = "a parameter type the built-in library has no form of";
        return std::nullopt;
      }
    useImages();
    return "ocl::" + callee->getName().str();
  }
  std::optional<std::string> defined = define(callee, why);
  if (!missingIntrinsic.empty()) {
    why = "its definition needs CUDA's '__" + missingIntrinsic + "', which " +
          syntax.lacksIntrinsics.str();
    missingIntrinsic.clear();
    return std::nullopt;
  }
  if (!defined)
    return std::nullopt;
  return "ocl::" + callee->getName().str();
}

std::optional<std::string> OpenCLLibrary::asType(clang::QualType to,
                                                 clang::QualType from,
                                                 std::string &why) {
  std::optional<std::string> toName = typeName(to.getUnqualifiedType());
  std::optional<std::string> fromName = typeName(from.getUnqualifiedType());
  if (!toName || !fromName) {
    why = "a type the built-in library has no form of";
    return std::nullopt;
  }
  // ocl::as_int4 for ocl::int4, ocl::as_uint for uint.
  std::string name = "as_" + llvm::StringRef(*toName).rsplit("::").second.str();
  if (name == "as_")
    name = "as_" + *toName;
  if (ctx.getTypeSize(to) != ctx.getTypeSize(from)) {
    why = "as_* between types of different sizes";
    return std::nullopt;
  }
  std::string signature = syntax.deviceQualifier.str() + " inline " + *toName +
                          " " + name + "(" + declare(*fromName, "a0") + ")";
  bool vector = to->isExtVectorType() || from->isExtVectorType();
  addDefinition(vector ? 1 : 0, signature,
                signature + " {\n  " + *toName +
                    " r;\n  memcpy(&r, &a0, sizeof r);\n  return r;\n}\n");
  return "ocl::" + name;
}

std::optional<std::string>
OpenCLLibrary::define(const clang::FunctionDecl *callee, std::string &why) {
  llvm::StringRef name = callee->getName();
  std::vector<std::string> ptypes;
  for (const clang::ParmVarDecl *param : callee->parameters()) {
    std::optional<std::string> t = typeName(param->getType());
    if (!t) {
      why = "a parameter type the built-in library has no form of";
      return std::nullopt;
    }
    ptypes.push_back(*t);
  }
  if (callee->isVariadic()) {
    why = "a variadic built-in";
    return std::nullopt;
  }
  clang::QualType rtype = callee->getReturnType();
  std::optional<std::string> rname = typeName(rtype);
  if (!rname) {
    why = "a result type the built-in library has no form of";
    return std::nullopt;
  }
  std::string signature = syntax.deviceQualifier.str() + " inline " + *rname +
                          " " + name.str() + "(";
  for (size_t i = 0; i < ptypes.size(); ++i)
    signature += (i ? ", " : "") + declare(ptypes[i], "a" + std::to_string(i));
  signature += ")";
  if (definitions.count({0, signature}) || definitions.count({1, signature}))
    return signature;

  auto vectorOf = [](clang::QualType t) {
    return t.getCanonicalType()->getAs<clang::ExtVectorType>();
  };
  auto elementOf = [&](clang::QualType t) -> std::optional<Scalar> {
    if (const auto *v = vectorOf(t))
      return scalarOf(v->getElementType());
    return scalarOf(t);
  };
  unsigned lanes = 0;
  if (const auto *v = vectorOf(rtype))
    lanes = v->getNumElements();
  for (const clang::ParmVarDecl *param : callee->parameters())
    if (const auto *v = vectorOf(param->getType()))
      lanes = std::max(lanes, v->getNumElements());
  std::string loop = "for (int i = 0; i < " + std::to_string(lanes) + "; ++i)";
  auto define = [&](int rank, const std::string &body) {
    addDefinition(rank, signature, signature + " {\n  " + body + "\n}\n");
    return signature;
  };

  // Async work-group copies: every work-item of the group copies a share,
  // at once; wait_group_events, which all work-items of the group reach, is
  // the barrier after which the copied data is visible to the group.
  bool async = name == "async_work_group_copy" ||
               name == "async_work_group_strided_copy";
  if ((async || name == "wait_group_events") && !threadIndices) {
    why = "its definition needs CUDA's threadIdx, blockDim and "
          "__syncthreads(), which " +
          syntax.lacksIntrinsics.str();
    return std::nullopt;
  }
  if (async) {
    // The strided form strides the global side; its two overloads differ
    // only in address spaces, which CUDA pointers do not carry: the
    // direction is read at run time (__isShared).
    bool strided = name.contains("strided");
    std::string loop =
        "for (size_t i = (threadIdx.z * blockDim.y + threadIdx.y) * "
        "blockDim.x + threadIdx.x; i < a2;\n       i += blockDim.x * "
        "blockDim.y * blockDim.z)\n    ";
    if (!strided)
      return define(1, loop + "a0[i] = a1[i];\n  return a3;");
    return define(1, "if (" + intrinsic("isShared") + "(a0))\n    " + loop +
                         "a0[i] = a1[i * a3];\n  else\n    " + loop +
                         "a0[i * a3] = a1[i];\n  return a4;");
  }
  if (name == "wait_group_events")
    return define(0, "(void)a0;\n  (void)a1;\n  __syncthreads();");
  if (name == "prefetch")
    return define(0, "(void)a0;\n  (void)a1;");

  // vloadN(offset, p), vstoreN(data, offset, p); the _half forms.
  if (name.starts_with("vload") || name.starts_with("vstore")) {
    bool store = name.starts_with("vstore");
    llvm::StringRef rest = name.drop_front(store ? 6 : 5);
    bool halfData = rest.consume_front("_half") || rest.consume_front("a_half");
    if (rest.contains('_')) {
      why = "an explicit rounding mode of vstore_half";
      return std::nullopt;
    }
    unsigned n = 1;
    if (!rest.empty() && rest.getAsInteger(10, n)) {
      why = "an unknown vector load or store";
      return std::nullopt;
    }
    bool aligned = name.contains("vloada") || name.contains("vstorea");
    std::string stride = std::to_string(aligned && n == 3 ? 4 : n);
    std::string off = store ? "a1" : "a0", ptr = store ? "a2" : "a1";
    if (halfData)
      half = true;
    if (n == 1 && halfData)
      return define(0, store ? "a2[a1] = " + fromFloat("a0") + ";"
                             : "return " + toFloat("a1[a0]") + ";");
    std::string index = ptr + "[" + off + " * " + stride + " + i]";
    std::string count = "for (int i = 0; i < " + std::to_string(n) + "; ++i)";
    if (store)
      return define(1, count + "\n    " + index + " = " +
                           (halfData ? fromFloat("a0[i]") : "a0[i]") + ";");
    return define(1, *rname + " r;\n  " + count +
                         "\n    r[i] = " + (halfData ? toFloat(index) : index) +
                         ";\n  return r;");
  }

  std::optional<Scalar> re = elementOf(rtype);
  std::vector<Scalar> pe;
  for (const clang::ParmVarDecl *param : callee->parameters()) {
    std::optional<Scalar> s = elementOf(param->getType());
    if (!s) {
      why = "a parameter type the built-in library has no form of";
      return std::nullopt;
    }
    pe.push_back(*s);
  }
  if (!re) {
    why = "a result type the built-in library has no form of";
    return std::nullopt;
  }

  if (name.starts_with("convert_")) {
    std::optional<std::string> text = conversion(name, pe[0], *re, why);
    if (!text)
      return std::nullopt;
    if (!lanes)
      return define(0, "return " + *text + ";");
    // The scalar conversion, lane by lane.
    std::string laneText = *text;
    for (size_t at = laneText.find("a0"); at != std::string::npos;
         at = laneText.find("a0", at + 5))
      laneText.replace(at, 2, "a0[i]");
    return define(1, *rname + " r;\n  " + loop + "\n    r[i] = " + laneText +
                         ";\n  return r;");
  }

  if (isGeometric(name)) {
    if (!re->isFloat || re->isHalf) {
      why = "geometric functions of this type";
      return std::nullopt;
    }
    bool dbl = re->bits == 64;
    std::string n = std::to_string(lanes ? lanes : 1);
    std::string e = re->name;
    std::string dot = e + " d = 0;\n  for (int i = 0; i < " + n +
                      "; ++i)\n    d += lane(a0, i) * lane(a1, i);\n  ";
    std::string sq = e + " d = 0;\n  for (int i = 0; i < " + n +
                     "; ++i)\n    d += lane(a0, i) * lane(a0, i);\n  ";
    std::string sqrt = mathFn("sqrt", dbl), rsqrt = mathFn("rsqrt", dbl);
    llvm::StringRef base = name;
    base.consume_front("fast_");
    if (base == "dot")
      return define(1, dot + "return d;");
    if (base == "length")
      return define(1, sq + "return " + sqrt + "(d);");
    if (base == "distance")
      return define(1, e + " d = 0;\n  for (int i = 0; i < " + n +
                           "; ++i)\n    d += (lane(a0, i) - lane(a1, i)) * "
                           "(lane(a0, i) - lane(a1, i));\n  return " +
                           sqrt + "(d);");
    if (base == "normalize")
      return define(1, sq + "return d == 0 ? a0 : a0 * " + rsqrt + "(d);");
    if (base == "cross")
      // The w of a 4-lane result is 0 (OpenCL C 1.2 §6.12.5); the vector's
      // default constructor leaves lanes as they are.
      return define(1, *rname + " r(0);\n  r[0] = a0[1] * a1[2] - a0[2] * a1[1];\n"
                                "  r[1] = a0[2] * a1[0] - a0[0] * a1[2];\n"
                                "  r[2] = a0[0] * a1[1] - a0[1] * a1[0];\n"
                                "  return r;");
  }

  if (name == "select") {
    if (!lanes)
      return define(0, "return a2 ? a1 : a0;");
    return define(1, *rname + " r;\n  " + loop +
                         "\n    r[i] = msb(a2[i]) ? a1[i] : a0[i];\n"
                         "  return r;");
  }
  if (name == "bitselect" && !re->isFloat)
    return define(lanes ? 1 : 0, "return (a0 & ~a2) | (a1 & a2);");
  if (name == "any" || name == "all") {
    if (!lanes)
      return define(0, std::string("return msb(a0) ? 1 : 0;"));
    bool any = name == "any";
    return define(1, std::string("for (int i = 0; i < ") +
                         std::to_string(lanes) + "; ++i)\n    if (" +
                         (any ? "" : "!") + "msb(a0[i]))\n      return " +
                         (any ? "1" : "0") + ";\n  return " +
                         (any ? "0" : "1") + ";");
  }
  if (name == "shuffle" || name == "shuffle2") {
    const auto *in = vectorOf(callee->getParamDecl(0)->getType());
    std::string m = std::to_string(in->getNumElements());
    std::string mask = name == "shuffle" ? "a1" : "a2";
    std::string pick = name == "shuffle"
                           ? "a0[" + mask + "[i] % " + m + "]"
                           : "(" + mask + "[i] % (2 * " + m + ")) < " + m +
                                 " ? a0[" + mask + "[i] % " + m + "] : a1[" +
                                 mask + "[i] % " + m + "]";
    return define(1, *rname + " r;\n  " + loop + "\n    r[i] = " + pick +
                         ";\n  return r;");
  }

  // Element-wise built-ins: the scalar function, lane by lane.
  std::vector<std::string> scalarTypes;
  Scalar scalarResult = *re;
  if (isRelational(name))
    scalarResult.name = "int";
  std::string scalarSig = syntax.deviceQualifier.str() + " inline " +
                          scalarResult.name + " " + name.str() + "(";
  for (size_t i = 0; i < pe.size(); ++i)
    scalarSig += (i ? ", " : "") + pe[i].name + " a" + std::to_string(i);
  scalarSig += ")";
  if (!definitions.count({0, scalarSig})) {
    std::string body;
    if (!pe.empty() && pe[0].isHalf) {
      // half: computed in float.
      std::vector<Scalar> fp = pe;
      Scalar fr = scalarResult;
      std::string args;
      for (size_t i = 0; i < fp.size(); ++i) {
        if (fp[i].isHalf)
          fp[i] = Scalar{"float", true, true, false, 32};
        std::string arg = "a" + std::to_string(i);
        args +=
            (i ? ", " : "") + (pe[i].isHalf ? toFloat(arg) : "(" + arg + ")");
      }
      if (fr.isHalf)
        fr = Scalar{"float", true, true, false, 32};
      std::optional<std::string> fbody = scalarBody(name, fp, fr, why);
      if (!fbody)
        return std::nullopt;
      std::string fsig = syntax.deviceQualifier.str() + " inline " + fr.name +
                         " " + name.str() + "(";
      for (size_t i = 0; i < fp.size(); ++i)
        fsig += (i ? ", " : "") + fp[i].name + " a" + std::to_string(i);
      fsig += ")";
      addDefinition(0, fsig, fsig + " { return " + *fbody + "; }\n");
      std::string callText = name.str() + "(" + args + ")";
      body = scalarResult.isHalf ? fromFloat(callText) : callText;
    } else {
      std::optional<std::string> sbody =
          scalarBody(name, pe, scalarResult, why);
      if (!sbody)
        return std::nullopt;
      body = *sbody;
    }
    addDefinition(0, scalarSig, scalarSig + " { return " + body + "; }\n");
  }
  if (!lanes)
    return signature;
  std::string args;
  for (size_t i = 0; i < pe.size(); ++i)
    args +=
        (i ? ", " : "") + std::string("lane(a") + std::to_string(i) + ", i)";
  std::string lane = name.str() + "(" + args + ")";
  if (isRelational(name))
    lane = lane + " ? -1 : 0";
  return define(1, *rname + " r;\n  " + loop + "\n    r[i] = " + lane +
                       ";\n  return r;");
}

//===----------------------------------------------------------------------===//
// The prelude
//===----------------------------------------------------------------------===//

std::string OpenCLLibrary::prelude() const {
  std::string text;
  if (!vectors && definitions.empty() && helpers.empty())
    return text;
  if (vectors) {
    // The library's fixed text qualifies its functions by these macros.
    text += "#define XFENCE_OCL_HD " + syntax.hostDeviceQualifier.str() +
            "\n#define XFENCE_OCL_D " + syntax.deviceQualifier.str() + "\n";
    text += vectorLibraryText();
  }
  if (images)
    text += imageLibraryText();
  text += "namespace ocl {\n";
  if (half && vectors)
    text += "template <> struct is_scalar<" + syntax.half.type.str() +
            "> : std::true_type {};\n";
  for (const auto &[element, n] : vectorTypes)
    text += "typedef vec<" + element + ", " + std::to_string(n) + "> " +
            element + std::to_string(n) + ";\n";
  if (helpers.count("round16"))
    text += "// The room of a __local kernel argument in the dynamic shared "
            "memory.\n" +
            syntax.hostDeviceQualifier.str() +
            " constexpr size_t round16(size_t bytes) { "
            "return (bytes + 15) / 16 * 16; }\n";
  if (helpers.count("cond"))
    text += "// c ? a : b with a vector condition: lane-wise, by the most "
            "significant bit of c.\n"
            "template <class V, class C, class A, class B>\n" +
            syntax.deviceQualifier.str() +
            " inline V cond(const C &c, const A &a, const B &b) {\n"
            "  V r;\n"
            "  for (int i = 0; i < V::size; ++i)\n"
            "    r[i] = msb(lane(c, i)) ? lane(a, i) : lane(b, i);\n"
            "  return r;\n"
            "}\n";
  if (!definitions.empty())
    text += "// The OpenCL built-in functions that the kernel calls.\n";
  for (const auto &entry : definitions)
    text += entry.second;
  text += "} // namespace ocl\n";
  return text;
}
