//===- TargetSyntax.h - how a target language spells a kernel ---*- C++ -*-===//
//
// What a source's syntax walker (rewriters/sources/...) asks the target
// language whenever it rewrites something that is not synchronization: the
// qualifier of a device function or a kernel, of a variable in shared,
// constant or device memory, the host runtime's names for the launch
// helpers, how a work-item function is reached, and the target's name for
// its messages. One implementation per target (rewriters/targets/...); a
// walker never tests which target it writes for.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_COMMON_TARGETSYNTAX_H
#define XFENCE_REWRITERS_COMMON_TARGETSYNTAX_H

#include "rewriters/common/OutputCheck.h"

#include "llvm/ADT/StringRef.h"

namespace xfence {

/// Where a variable of a kernel language lives, for its qualifier.
enum class VariablePlacement {
  /// Memory shared by the threads of a block (OpenCL's __local).
  Shared,
  /// A program-scope constant (OpenCL's __constant).
  Constant,
  /// A program-scope variable in device memory (OpenCL's __global).
  Device,
};

/// How a C++ kernel language spells the OpenCL C built-in library that a
/// translation from OpenCL C carries (rewriters/sources/opencl/library and
/// the functions generated beside it): CUDA's device intrinsics, which the
/// generated functions call, and half-precision floats, under the target's
/// names.
struct LibrarySyntax {
  /// The qualifier of a function for host and device, and of a device
  /// function (no trailing space).
  llvm::StringRef hostDeviceQualifier;
  llvm::StringRef deviceQualifier;

  /// What stands for the `__` of CUDA's device intrinsic __name (__popc,
  /// __float2int_rz, ...) on the target.
  llvm::StringRef intrinsicPrefix;
  /// Whether the target has the intrinsic __name; null where it has all of
  /// CUDA's. A built-in whose definition needs one it lacks is refused.
  bool (*hasIntrinsic)(llvm::StringRef name) = nullptr;
  /// Why one is lacking, the end of that refusal ("alpaka's CPU back ends
  /// lack it").
  llvm::StringRef lacksIntrinsics;

  /// Where C's classification macros are functions (`::` for ::isnan,
  /// `std::`).
  llvm::StringRef classificationPrefix;

  /// The 16-bit float type and its conversions to float and from float
  /// (rounding to nearest even); the prelude declares `half` as the type.
  struct Half {
    llvm::StringRef type, toFloat, fromFloat;
  } half;
};

/// How a target language spells what is not synchronization: data, one
/// constant per target (rewriters/targets/<target>).
struct TargetSyntax {
  /// The target's name in messages ("has no CUDA translation").
  llvm::StringRef name;

  /// The qualifier written before a device function, with its space.
  llvm::StringRef deviceFunctionQualifier;

  /// The qualifier that replaces a kernel's; empty where the route writes
  /// kernels in a form of its own (with their __local memory and work-item
  /// functions: alpaka's kernel functors).
  llvm::StringRef kernelQualifier;

  /// The qualifiers of a variable in shared, constant and device memory
  /// (VariablePlacement's order); empty where the target has none (the
  /// route places such a variable itself).
  llvm::StringRef variableQualifiers[3];

  /// The prefix of the host runtime's names in launch helpers (`cuda` for
  /// cudaError_t, cudaStream_t, ...).
  llvm::StringRef runtimePrefix;

  /// What a kernel is cast to where the runtime takes it as a function
  /// attribute's subject (`(const void *)` for HIP), or empty.
  llvm::StringRef kernelHandleCast;

  /// The object whose members the work-item functions are (alpaka:
  /// `xfence_wi.get_local_id(0)`), or empty where the walker writes them
  /// with the built-in thread and block indices of a CUDA-like language.
  llvm::StringRef workItemObject;

  /// The OpenCL C built-in library in this language.
  LibrarySyntax library;

  /// The compiler that checks a translation in this language
  /// (--verify-output), or an error that says what is missing.
  llvm::Expected<OutputCompiler> (*outputCompiler)();

  llvm::StringRef variableQualifier(VariablePlacement placement) const {
    return variableQualifiers[static_cast<int>(placement)];
  }

  /// True where the route writes kernels, their __local memory and the
  /// work-item functions itself.
  bool routeWritesKernels() const { return kernelQualifier.empty(); }
};

/// The kernel language of CUDA, which HIP shares (the same qualifiers,
/// built-in indices and device intrinsics, but those `hasIntrinsic` says it
/// lacks), with the host runtime's prefix and kernel-handle cast of
/// `name`'s runtime and its half type.
inline TargetSyntax
cudaLikeSyntax(llvm::StringRef name, llvm::StringRef runtimePrefix,
               llvm::StringRef kernelHandleCast, LibrarySyntax::Half half,
               llvm::Expected<OutputCompiler> (*outputCompiler)(),
               bool (*hasIntrinsic)(llvm::StringRef) = nullptr,
               llvm::StringRef lacksIntrinsics = "") {
  return {name,
          "__device__ ",
          "__global__",
          {"__shared__", "__constant__", "__device__"},
          runtimePrefix,
          kernelHandleCast,
          /*workItemObject=*/"",
          {"__host__ __device__", "__device__", "__", hasIntrinsic,
           lacksIntrinsics, "::", half},
          outputCompiler};
}

} // namespace xfence

#endif // XFENCE_REWRITERS_COMMON_TARGETSYNTAX_H
