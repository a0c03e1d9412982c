//===- SimdIntrinsics.cpp - CUDA's SIMD intrinsics in OpenCL C ------------===//
//
// Each helper is written from its name: `xfence_v<op><2|4>` for the lanes
// of an unsigned int (CUDA's `__v<op><2|4>`), `xfence_vi<op>_<s|u><32|16x2>
// [_relu]` for sm_90's, `xfence_dp4a_<int|uint>` for `__dp4a`. The lanes
// are OpenCL C's vectors over the same bits (`as_char4(a)`), whose
// arithmetic wraps as CUDA's lanes do, and whose `add_sat`, `abs_diff`,
// `rhadd`, `hadd`, `max`, comparisons compute per lane what CUDA's
// intrinsics compute (CUDA Math API, "SIMD Intrinsics").
//
//===----------------------------------------------------------------------===//

#include "rewriters/sources/cuda/SimdIntrinsics.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/Twine.h"

#include <cctype>
#include <map>

using namespace xfence;

namespace {

/// The lane types of a two- or four-lane operation.
struct Lanes {
  std::string s, u, wide; // char4, uchar4, int4
  unsigned n;
};

std::optional<Lanes> lanesOf(char n) {
  if (n == '4')
    return Lanes{"char4", "uchar4", "int4", 4};
  if (n == '2')
    return Lanes{"short2", "ushort2", "int2", 2};
  return std::nullopt;
}

/// `__v<op><n>`: the body of `uint f(uint a, uint b)` (or of `a` alone).
std::optional<std::string> laneBody(llvm::StringRef op, const Lanes &l,
                                    bool &unary) {
  std::string sa = "as_" + l.s + "(a)", sb = "as_" + l.s + "(b)";
  std::string ua = "as_" + l.u + "(a)", ub = "as_" + l.u + "(b)";
  auto ret = [](const std::string &e) { return "return as_uint(" + e + ");"; };
  unary = false;
  if (op == "abs" || op == "absss" || op == "neg" || op == "negss") {
    unary = true;
    if (op == "abs")
      return ret("abs(" + sa + ")");
    if (op == "absss")
      return ret("convert_" + l.s + "_sat(abs(" + sa + "))");
    if (op == "neg")
      return ret("-" + sa);
    return ret("sub_sat((" + l.s + ")(0), " + sa + ")");
  }
  static const std::map<std::string, std::pair<const char *, bool>> calls = {
      {"addss", {"add_sat", true}},     {"addus", {"add_sat", false}},
      {"subss", {"sub_sat", true}},     {"subus", {"sub_sat", false}},
      {"absdiffs", {"abs_diff", true}}, {"absdiffu", {"abs_diff", false}},
      {"avgu", {"rhadd", false}},       {"haddu", {"hadd", false}},
      {"maxs", {"max", true}},          {"maxu", {"max", false}},
      {"mins", {"min", true}},          {"minu", {"min", false}}};
  if (auto it = calls.find(op.str()); it != calls.end()) {
    bool s = it->second.second;
    return ret(std::string(it->second.first) + "(" + (s ? sa : ua) + ", " +
               (s ? sb : ub) + ")");
  }
  if (op == "add")
    return ret(ua + " + " + ub);
  if (op == "sub")
    return ret(ua + " - " + ub);
  if (op == "avgs") {
    // The signed average rounded half away from zero: (a + b + 1) >> 1
    // where the sum is not negative, (a + b) >> 1 where it is.
    return l.wide + " s = convert_" + l.wide + "(" + sa + ") + convert_" +
           l.wide + "(" + sb + "); " +
           ret("convert_" + l.s + "(select((s + 1) >> 1, s >> 1, s < 0))");
  }
  if (op == "sads" || op == "sadu") {
    bool s = op == "sads";
    std::string sum = "return ";
    for (unsigned i = 0; i < l.n; ++i)
      sum += std::string(i ? " + " : "") + "(uint)d.s" + std::to_string(i);
    return l.u + " d = abs_diff(" + (s ? sa : ua) + ", " + (s ? sb : ub) +
           "); " + sum + ";";
  }
  // Comparisons: all ones (vcmp) or 1 (vset) in the lanes where true.
  bool set = op.consume_front("set");
  if (!set && !op.consume_front("cmp"))
    return std::nullopt;
  static const std::map<std::string, const char *> relations = {
      {"eq", "=="}, {"ne", "!="}, {"ge", ">="},
      {"gt", ">"},  {"le", "<="}, {"lt", "<"}};
  std::string rel = op.take_front(2).str();
  llvm::StringRef sign = op.drop_front(2);
  auto it = relations.find(rel);
  if (it == relations.end() || !(sign.empty() ? (rel == "eq" || rel == "ne")
                                              : (sign == "s" || sign == "u")))
    return std::nullopt;
  bool s = sign == "s";
  std::string cmp =
      "(" + (s ? sa : ua) + " " + it->second + " " + (s ? sb : ub) + ")";
  return ret(set ? "-" + cmp : cmp);
}

/// `__vi<op>_<type>[_relu]` of sm_90: the whole function.
std::optional<std::string> intDefinition(llvm::StringRef name) {
  llvm::StringRef rest = name;
  if (!rest.consume_front("xfence_vi"))
    return std::nullopt;
  bool relu = rest.consume_back("_relu");
  auto [op, type] = rest.split('_');
  bool lanes = type == "s16x2" || type == "u16x2";
  bool sign = type == "s32" || type == "s16x2";
  if (!(lanes || type == "s32" || type == "u32") || (relu && !sign))
    return std::nullopt;
  std::string t = type == "s32" ? "int" : "uint";
  std::string v = type == "s16x2" ? "short2" : type == "u16x2" ? "ushort2" : t;
  auto lane = [&](const char *x) {
    return lanes ? "as_" + v + "(" + x + ")" : std::string(x);
  };
  std::string a = lane("a"), b = lane("b"), c = lane("c");
  // Lanes wrap; a 32-bit signed sum wraps as CUDA's does (not C's
  // undefined overflow).
  std::string sum =
      type == "s32" ? "as_int(as_uint(a) + as_uint(b))" : a + " + " + b;
  std::string result, params = t + " a, " + t + " b", pre;
  if (op == "max" || op == "min")
    result = op.str() + "(" + a + ", " + b + ")";
  else if (op == "max3" || op == "min3") {
    llvm::StringRef f = op.drop_back();
    result = f.str() + "(" + f.str() + "(" + a + ", " + b + "), " + c + ")";
    params += ", " + t + " c";
  } else if (op == "addmax" || op == "addmin") {
    result = op.drop_front(3).str() + "(" + sum + ", " + c + ")";
    params += ", " + t + " c";
  } else if ((op == "bmax" || op == "bmin") && !relu) {
    const char *rel = op == "bmax" ? ">=" : "<=";
    if (lanes) {
      params += ", bool *pred_hi, bool *pred_lo";
      pre = v + " x = " + a + ", y = " + b + "; *pred_hi = x.s1 " + rel +
            " y.s1; *pred_lo = x.s0 " + rel + " y.s0; ";
      result = op.drop_front().str() + "(x, y)";
    } else {
      params += ", bool *pred";
      pre = "*pred = a " + std::string(rel) + " b; ";
      result = op.drop_front().str() + "(a, b)";
    }
  } else {
    return std::nullopt;
  }
  if (relu)
    result = "max(" + result + ", (" + v + ")(0))";
  if (lanes)
    result = "as_uint(" + result + ")";
  return "static inline " + t + " " + name.str() + "(" + params + ") { " + pre +
         "return " + result + "; }\n";
}

/// The definition of the helper `name`, if it is one.
std::optional<std::string> simdDefinition(llvm::StringRef name) {
  if (name == "xfence_dp4a_int")
    return std::string(
        "static inline int xfence_dp4a_int(int a, int b, int c) { char4 x = "
        "as_char4(a), y = as_char4(b); return as_int(as_uint(c) + "
        "(uint)(x.s0 * y.s0 + x.s1 * y.s1 + x.s2 * y.s2 + x.s3 * y.s3)); "
        "}\n");
  if (name == "xfence_dp4a_uint")
    return std::string(
        "static inline uint xfence_dp4a_uint(uint a, uint b, uint c) { "
        "uchar4 x = as_uchar4(a), y = as_uchar4(b); return c + (uint)x.s0 * "
        "y.s0 + (uint)x.s1 * y.s1 + (uint)x.s2 * y.s2 + (uint)x.s3 * y.s3; "
        "}\n");
  if (name.starts_with("xfence_vi"))
    return intDefinition(name);
  llvm::StringRef op = name;
  if (!op.consume_front("xfence_v") || op.empty())
    return std::nullopt;
  std::optional<Lanes> lanes = lanesOf(op.back());
  if (!lanes)
    return std::nullopt;
  bool unary;
  std::optional<std::string> body = laneBody(op.drop_back(), *lanes, unary);
  if (!body)
    return std::nullopt;
  return "static inline uint " + name.str() +
         (unary ? "(uint a)" : "(uint a, uint b)") + " { " + *body + " }\n";
}

} // namespace

std::optional<std::string> xfence::openCLSimdFunction(llvm::StringRef name) {
  if (!name.starts_with("__v"))
    return std::nullopt;
  std::string helper = "xfence" + name.drop_front().str();
  if (!simdDefinition(helper))
    return std::nullopt;
  return helper;
}

std::string xfence::openCLSimdHelpers(llvm::StringRef text) {
  std::map<std::string, std::string> used;
  for (size_t at = text.find("xfence_"); at != llvm::StringRef::npos;
       at = text.find("xfence_", at + 1)) {
    if (at > 0 && (std::isalnum(static_cast<unsigned char>(text[at - 1])) ||
                   text[at - 1] == '_'))
      continue;
    size_t end = at;
    while (end < text.size() &&
           (std::isalnum(static_cast<unsigned char>(text[end])) ||
            text[end] == '_'))
      ++end;
    std::string name = text.slice(at, end).str();
    if (used.count(name))
      continue;
    if (std::optional<std::string> def = simdDefinition(name))
      used[name] = *def;
  }
  if (used.empty())
    return "";
  std::string out = "// CUDA's SIMD intrinsics over OpenCL C's vectors.\n";
  for (auto &[name, def] : used)
    out += def;
  return out;
}
