//===- OpenCLLibrary.h - OpenCL C types and built-ins in C++ ----*- C++ -*-===//
//
// The part of the prelude of a translated file that stands in for the OpenCL
// C library in a C++ kernel language (CUDA, HIP, alpaka): vector types
// (ocl::vec<T, N> with OpenCL's operators, swizzles and literals, and images:
// the fixed text of library/, LibraryText.h), and one function per OpenCL
// built-in overload that the kernel calls, generated from the overload Clang
// resolved (its exact parameter and result types) and spelled as the
// target's LibrarySyntax says. Only what the kernel uses is emitted.
// See docs/opencl-to-cuda.md, "Types and built-in functions".
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_SOURCES_OPENCL_OPENCLLIBRARY_H
#define XFENCE_REWRITERS_SOURCES_OPENCL_OPENCLLIBRARY_H

#include "rewriters/common/TargetSyntax.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

#include <map>
#include <optional>
#include <set>
#include <string>

namespace xfence {

class OpenCLLibrary {
public:
  /// The library of a translation to `target`.
  OpenCLLibrary(clang::ASTContext &ctx, const TargetSyntax &target)
      : ctx(ctx), syntax(target.library),
        threadIndices(!target.routeWritesKernels()) {}

  /// The C++ spelling of `type` (address spaces dropped, vectors as
  /// ocl::floatN, ...), or nothing if the library has no form for it. Records
  /// the vector and half types it needs.
  std::optional<std::string> typeName(clang::QualType type);

  /// The name to call for the OpenCL built-in `callee` (an overload
  /// declared by the OpenCL header), after generating its definition; or
  /// nothing with `why` set if the built-in has no translation.
  std::optional<std::string> builtin(const clang::FunctionDecl *callee,
                                     std::string &why);

  /// The name of OpenCL's as_<to>(x) for an x of type `from` (the same
  /// bits), after generating its definition; or nothing with `why` set.
  std::optional<std::string> asType(clang::QualType to, clang::QualType from,
                                    std::string &why);

  /// `type` followed by `name` (no space after a `*`).
  static std::string declare(const std::string &type, llvm::StringRef name) {
    return type + (type.empty() || type.back() == '*' ? "" : " ") + name.str();
  }

  /// Records that the text uses the vector machinery (a swizzle, a literal).
  void useVectors() { vectors = true; }
  void useHalf() { half = true; }
  /// Records that the text uses images or samplers (the image prelude,
  /// which needs the vectors and half).
  void useImages() { images = vectors = half = true; }
  /// Records a helper of the prelude by name (ocl::cond, ocl::round16).
  void useHelper(llvm::StringRef name) { helpers.insert(name.str()); }

  /// The prelude text of everything recorded (may be empty).
  std::string prelude() const;
  bool usesHalf() const { return half; }
  /// The target's half type, which the prelude declares as `half`.
  llvm::StringRef halfType() const { return syntax.half.type; }
  bool usesHelper(llvm::StringRef name) const {
    return helpers.count(name.str());
  }
  bool usesVectors() const { return vectors; }
  bool usesImages() const { return images; }

private:
  struct Scalar {
    std::string name; // C++ spelling: float, uint, half, ...
    bool isFloat = false, isSigned = false, isHalf = false;
    unsigned bits = 0;
  };
  std::optional<Scalar> scalarOf(clang::QualType type);
  std::optional<std::string> define(const clang::FunctionDecl *callee,
                                    std::string &why);
  std::optional<std::string> scalarBody(llvm::StringRef name,
                                        const std::vector<Scalar> &params,
                                        const Scalar &result, std::string &why);
  std::optional<std::string> conversion(llvm::StringRef name,
                                        const Scalar &from, const Scalar &to,
                                        std::string &why);
  void addDefinition(int rank, const std::string &key, std::string text);
  /// The target's name of CUDA's device intrinsic __`name`; where the target
  /// lacks it, recorded in missingIntrinsic (the built-in fails).
  std::string intrinsic(llvm::StringRef name);
  /// A half value as float, a float value as half (rounded to nearest even).
  std::string toFloat(llvm::StringRef halfValue) const;
  std::string fromFloat(llvm::StringRef floatValue) const;

  clang::ASTContext &ctx;
  const LibrarySyntax &syntax;
  /// Whether device code reads CUDA's threadIdx and blockDim and calls
  /// __syncthreads() (the async work-group copies share their work by
  /// them): where the walker writes the work-item functions with them, as
  /// it does where the route does not write kernels itself.
  bool threadIndices;
  /// The first intrinsic the target lacks that the built-in being defined
  /// needs (empty while there is none).
  std::string missingIntrinsic;
  bool vectors = false, half = false, images = false;
  std::set<std::string> helpers;
  /// "floatN" names used, in a stable order.
  std::set<std::pair<std::string, unsigned>> vectorTypes;
  /// Generated definitions by (rank, signature): scalars first.
  std::map<std::pair<int, std::string>, std::string> definitions;
};

} // namespace xfence

#endif // XFENCE_REWRITERS_SOURCES_OPENCL_OPENCLLIBRARY_H
