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

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

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

class TargetSyntax {
public:
  virtual ~TargetSyntax() = default;

  /// The target's name in messages ("has no CUDA translation").
  virtual llvm::StringRef name() const = 0;

  /// The qualifier written before a device function, with its space.
  virtual llvm::StringRef deviceFunctionQualifier() const = 0;

  /// The qualifier that replaces a kernel's, or none where the route writes
  /// kernels in a form of its own (with their __local memory and work-item
  /// functions: alpaka's kernel functors).
  virtual std::optional<llvm::StringRef> kernelQualifier() const = 0;

  /// The qualifier of a variable placed in `placement`; empty where the
  /// target has none (the route places such a variable itself).
  virtual llvm::StringRef
  variableQualifier(VariablePlacement placement) const = 0;

  /// The prefix of the host runtime's names in launch helpers (`cuda` for
  /// cudaError_t, cudaStream_t, ...).
  virtual llvm::StringRef runtimePrefix() const = 0;

  /// What a kernel is cast to where the runtime takes it as a function
  /// attribute's subject (`(const void *)` for HIP), or empty.
  virtual llvm::StringRef kernelHandleCast() const = 0;

  /// The expression that replaces the name of the work-item function
  /// `name` (get_local_id, ...) where the target reaches them as members of
  /// an object, or none where the walker writes them with the built-in
  /// thread and block indices of a CUDA-like language.
  virtual std::optional<std::string>
  workItemMember(llvm::StringRef name) const = 0;
};

} // namespace xfence

#endif // XFENCE_REWRITERS_COMMON_TARGETSYNTAX_H
