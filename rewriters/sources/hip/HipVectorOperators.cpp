//===- HipVectorOperators.cpp - HIP's operators on vector types -----------===//

#include "rewriters/sources/hip/HipVectorOperators.h"

#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace xfence;

namespace {

/// CUDA's vector types (vector_types.h): the name's stem and the
/// component type.
constexpr std::pair<llvm::StringLiteral, llvm::StringLiteral> kStems[] = {
    {"char", "signed char"},
    {"uchar", "unsigned char"},
    {"short", "short"},
    {"ushort", "unsigned short"},
    {"int", "int"},
    {"uint", "unsigned int"},
    {"long", "long"},
    {"ulong", "unsigned long"},
    {"longlong", "long long"},
    {"ulonglong", "unsigned long long"},
    {"float", "float"},
    {"double", "double"}};

/// The templates (HIP 5.2, amd_hip_vector_types.h, for their meaning):
/// xfence_hip_vector<V> names V's component type for the types listed
/// after it; every operator takes V from its operands and applies only
/// where that names one.
constexpr llvm::StringLiteral kTemplates =
    R"(// HIP's operators on vector types, which CUDA's vector types lack: one
// component at a time, a scalar standing for every component; == and !=
// compare all components (docs/hip-to-cuda.md).
template <typename V> struct xfence_hip_vector {};
template <typename V, int N = xfence_hip_vector<V>::size>
struct xfence_hip_lanes;
template <typename V> struct xfence_hip_lanes<V, 1> {
  typedef typename xfence_hip_vector<V>::scalar S;
  template <typename F>
  __host__ __device__ static V zip(const V &a, const V &b, F f) {
    V r; r.x = f(a.x, b.x); return r;
  }
  __host__ __device__ static bool equal(const V &a, const V &b) {
    return a.x == b.x;
  }
  __host__ __device__ static V splat(S s) { V r; r.x = s; return r; }
};
template <typename V> struct xfence_hip_lanes<V, 2> {
  typedef typename xfence_hip_vector<V>::scalar S;
  template <typename F>
  __host__ __device__ static V zip(const V &a, const V &b, F f) {
    V r; r.x = f(a.x, b.x); r.y = f(a.y, b.y); return r;
  }
  __host__ __device__ static bool equal(const V &a, const V &b) {
    return a.x == b.x && a.y == b.y;
  }
  __host__ __device__ static V splat(S s) { V r; r.x = r.y = s; return r; }
};
template <typename V> struct xfence_hip_lanes<V, 3> {
  typedef typename xfence_hip_vector<V>::scalar S;
  template <typename F>
  __host__ __device__ static V zip(const V &a, const V &b, F f) {
    V r; r.x = f(a.x, b.x); r.y = f(a.y, b.y); r.z = f(a.z, b.z); return r;
  }
  __host__ __device__ static bool equal(const V &a, const V &b) {
    return a.x == b.x && a.y == b.y && a.z == b.z;
  }
  __host__ __device__ static V splat(S s) {
    V r; r.x = r.y = r.z = s; return r;
  }
};
template <typename V> struct xfence_hip_lanes<V, 4> {
  typedef typename xfence_hip_vector<V>::scalar S;
  template <typename F>
  __host__ __device__ static V zip(const V &a, const V &b, F f) {
    V r; r.x = f(a.x, b.x); r.y = f(a.y, b.y); r.z = f(a.z, b.z);
    r.w = f(a.w, b.w); return r;
  }
  __host__ __device__ static bool equal(const V &a, const V &b) {
    return a.x == b.x && a.y == b.y && a.z == b.z && a.w == b.w;
  }
  __host__ __device__ static V splat(S s) {
    V r; r.x = r.y = r.z = r.w = s; return r;
  }
};
#define XFENCE_HIP_VECTOR_BINARY(OP, ASSIGN, NAME)                             \
  struct xfence_hip_##NAME {                                                   \
    template <typename S> __host__ __device__ S operator()(S a, S b) const {   \
      return a OP b;                                                           \
    }                                                                          \
  };                                                                           \
  template <typename V>                                                        \
  __host__ __device__ inline typename xfence_hip_vector<V>::type operator OP(  \
      const V &a, const V &b) {                                                \
    return xfence_hip_lanes<V>::zip(a, b, xfence_hip_##NAME());                \
  }                                                                            \
  template <typename V>                                                        \
  __host__ __device__ inline typename xfence_hip_vector<V>::type operator OP(  \
      const V &a, typename xfence_hip_vector<V>::scalar b) {                   \
    return a OP xfence_hip_lanes<V>::splat(b);                                 \
  }                                                                            \
  template <typename V>                                                        \
  __host__ __device__ inline typename xfence_hip_vector<V>::type operator OP(  \
      typename xfence_hip_vector<V>::scalar a, const V &b) {                   \
    return xfence_hip_lanes<V>::splat(a) OP b;                                 \
  }                                                                            \
  template <typename V>                                                        \
  __host__ __device__ inline typename xfence_hip_vector<V>::type &operator     \
  ASSIGN(V &a, const V &b) {                                                   \
    return a = a OP b;                                                         \
  }                                                                            \
  template <typename V>                                                        \
  __host__ __device__ inline typename xfence_hip_vector<V>::type &operator     \
  ASSIGN(V &a, typename xfence_hip_vector<V>::scalar b) {                      \
    return a = a OP b;                                                         \
  }
XFENCE_HIP_VECTOR_BINARY(+, +=, add)
XFENCE_HIP_VECTOR_BINARY(-, -=, sub)
XFENCE_HIP_VECTOR_BINARY(*, *=, mul)
XFENCE_HIP_VECTOR_BINARY(/, /=, div)
XFENCE_HIP_VECTOR_BINARY(%, %=, rem)
XFENCE_HIP_VECTOR_BINARY(&, &=, and)
XFENCE_HIP_VECTOR_BINARY(|, |=, or)
XFENCE_HIP_VECTOR_BINARY(^, ^=, xor)
XFENCE_HIP_VECTOR_BINARY(<<, <<=, shl)
XFENCE_HIP_VECTOR_BINARY(>>, >>=, shr)
#undef XFENCE_HIP_VECTOR_BINARY
struct xfence_hip_neg {
  template <typename S> __host__ __device__ S operator()(S a, S) const {
    return -a;
  }
};
struct xfence_hip_not {
  template <typename S> __host__ __device__ S operator()(S a, S) const {
    return ~a;
  }
};
template <typename V>
__host__ __device__ inline typename xfence_hip_vector<V>::type
operator-(const V &a) {
  return xfence_hip_lanes<V>::zip(a, a, xfence_hip_neg());
}
template <typename V>
__host__ __device__ inline typename xfence_hip_vector<V>::type
operator~(const V &a) {
  return xfence_hip_lanes<V>::zip(a, a, xfence_hip_not());
}
template <typename V>
__host__ __device__ inline typename xfence_hip_vector<V>::type &
operator++(V &a) {
  return a += 1;
}
template <typename V>
__host__ __device__ inline typename xfence_hip_vector<V>::type &
operator--(V &a) {
  return a -= 1;
}
template <typename V>
__host__ __device__ inline typename xfence_hip_vector<V>::type
operator++(V &a, int) {
  V old = a; a += 1; return old;
}
template <typename V>
__host__ __device__ inline typename xfence_hip_vector<V>::type
operator--(V &a, int) {
  V old = a; a -= 1; return old;
}
template <typename V>
__host__ __device__ inline typename xfence_hip_vector<V>::truth
operator==(const V &a, const V &b) {
  return xfence_hip_lanes<V>::equal(a, b);
}
template <typename V>
__host__ __device__ inline typename xfence_hip_vector<V>::truth
operator==(const V &a, typename xfence_hip_vector<V>::scalar b) {
  return a == xfence_hip_lanes<V>::splat(b);
}
template <typename V>
__host__ __device__ inline typename xfence_hip_vector<V>::truth
operator==(typename xfence_hip_vector<V>::scalar a, const V &b) {
  return xfence_hip_lanes<V>::splat(a) == b;
}
template <typename V>
__host__ __device__ inline typename xfence_hip_vector<V>::truth
operator!=(const V &a, const V &b) {
  return !(a == b);
}
template <typename V>
__host__ __device__ inline typename xfence_hip_vector<V>::truth
operator!=(const V &a, typename xfence_hip_vector<V>::scalar b) {
  return !(a == b);
}
template <typename V>
__host__ __device__ inline typename xfence_hip_vector<V>::truth
operator!=(typename xfence_hip_vector<V>::scalar a, const V &b) {
  return !(a == b);
}
)";

} // namespace

std::vector<std::string> xfence::cudaVectorTypes() {
  std::vector<std::string> types;
  for (const auto &[stem, scalar] : kStems)
    for (char size : {'1', '2', '3', '4'})
      types.push_back((stem + llvm::Twine(size)).str());
  return types;
}

std::string xfence::hipVectorOperators(llvm::ArrayRef<std::string> types) {
  if (types.empty())
    return "";
  // The specializations come first: a template's body names them.
  std::string text = kTemplates.str();
  size_t at = text.find("template <typename V, int N");
  std::string specializations;
  for (const std::string &type : types) {
    llvm::StringRef name = type;
    const auto *stem = llvm::find_if(kStems, [&](const auto &entry) {
      return name.drop_back() == entry.first;
    });
    assert(stem != std::end(kStems) && "not one of CUDA's vector types");
    specializations += "template <> struct xfence_hip_vector<" + type +
                       "> {\n  typedef " + type + " type;\n  typedef " +
                       stem->second.str() +
                       " scalar;\n  typedef bool truth;\n  enum { size = " +
                       name.take_back().str() + " };\n};\n";
  }
  text.insert(at, specializations);
  return text;
}

namespace {

class VectorOperatorUses : public clang::DynamicRecursiveASTVisitor {
public:
  VectorOperatorUses(ParsedSource &src, llvm::StringRef header)
      : src(src), header(header) {
    // The operators that a template uses are known in its instantiations.
    ShouldVisitTemplateInstantiations = true;
  }

  bool VisitCallExpr(clang::CallExpr *call) override {
    const clang::FunctionDecl *callee = call->getDirectCallee();
    if (!callee || !callee->isOverloadedOperator() ||
        !callee->getPrimaryTemplate() ||
        !src.isUserLocation(call->getBeginLoc()))
      return true;
    clang::SourceManager &sm = src.getSourceManager();
    clang::SourceLocation declared =
        sm.getExpansionLoc(callee->getPrimaryTemplate()->getLocation());
    if (sm.getFilename(declared) != header)
      return true;
    const clang::TemplateArgumentList *args =
        callee->getTemplateSpecializationArgs();
    if (!args || args->size() == 0 ||
        args->get(0).getKind() != clang::TemplateArgument::Type)
      return true;
    if (const clang::RecordDecl *record =
            args->get(0).getAsType()->getAsRecordDecl())
      used.insert(record->getName());
    return true;
  }

  llvm::StringSet<> used;

private:
  ParsedSource &src;
  llvm::StringRef header;
};

} // namespace

std::vector<std::string>
xfence::usedHipVectorOperators(ParsedSource &src, llvm::StringRef header) {
  VectorOperatorUses uses(src, header);
  uses.TraverseAST(src.getContext());
  std::vector<std::string> types;
  for (std::string &type : cudaVectorTypes())
    if (uses.used.contains(type))
      types.push_back(std::move(type));
  return types;
}
