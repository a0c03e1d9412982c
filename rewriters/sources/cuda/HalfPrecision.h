//===- HalfPrecision.h - cuda_fp16.h in OpenCL C ----------------*- C++ -*-===//
//
// Part of the CUDA source side: CUDA's half-precision types (`__half`,
// `__half2`, cuda_fp16.h) and functions, and their OpenCL C forms under
// the cl_khr_fp16 extension (`half`, `half2`, the built-ins' half
// overloads).
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_SOURCES_CUDA_HALFPRECISION_H
#define XFENCE_REWRITERS_SOURCES_CUDA_HALFPRECISION_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace clang {
class FunctionDecl;
class TagDecl;
} // namespace clang

namespace xfence {

/// OpenCL C's name of CUDA's half-precision type `decl` (`__half` ->
/// `half`, `__half2` -> `half2`), or nothing for any other type (also
/// for a user's type of that name: the caller checks where it is declared).
std::optional<llvm::StringRef> openCLHalfTypeName(const clang::TagDecl *decl);

/// Whether `fn` is one of cuda_fp16.h's operators over `__half` or
/// `__half2` (`+`, `-=`, `<`, ...), a member or not.
bool isCudaHalfOperator(const clang::FunctionDecl *fn);

/// Whether `fn` is a comparison operator of cuda_fp16.h over `__half2`:
/// CUDA's gives one bool (both halves compare true), OpenCL C's a
/// `short2`.
bool isCudaHalf2Comparison(const clang::FunctionDecl *fn);

/// The OpenCL C function that computes what cuda_fp16.h's function `name`
/// computes (`__float2half` -> `convert_half_rte`, `hsqrt` -> `sqrt`,
/// `__hadd2` -> the prelude's `xfence_hadd2`), or nothing.
std::optional<llvm::StringRef> openCLHalfFunction(llvm::StringRef name);

/// The definitions of the prelude's helpers (`xfence_hadd2`, ...) that
/// `text` calls, in a fixed order; they need cl_khr_fp16 enabled.
std::string openCLHalfHelpers(llvm::StringRef text);

/// The lines that enable cl_khr_fp16 for an output whose text (`text`,
/// after the prelude) uses `half`, and stop the build with a message where
/// the device lacks it; "" where it does not use `half`.
std::string openCLHalfExtension(llvm::StringRef text);

} // namespace xfence

#endif // XFENCE_REWRITERS_SOURCES_CUDA_HALFPRECISION_H
