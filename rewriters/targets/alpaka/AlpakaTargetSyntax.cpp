//===- AlpakaTargetSyntax.cpp - how alpaka 3 spells a kernel --------------===//
//
// alpaka 3's kernels are functors whose block is one work-group; the route
// (docs/opencl-to-alpaka.md) writes them, with their __local memory in the
// block's shared memory and the work-item functions as members of the
// work-item object `xfence_wi` that it puts in scope. Every other function
// is an ALPAKA_FN_ACC one; alpaka has no variable qualifiers of its own.
//
//===----------------------------------------------------------------------===//

#include "rewriters/targets/alpaka/AlpakaTargetSyntax.h"

#include "llvm/ADT/STLExtras.h"

using namespace xfence;

namespace {
class AlpakaSyntax final : public TargetSyntax {
  llvm::StringRef name() const override { return "alpaka"; }
  llvm::StringRef deviceFunctionQualifier() const override {
    return "ALPAKA_FN_ACC ";
  }
  std::optional<llvm::StringRef> kernelQualifier() const override {
    return std::nullopt;
  }
  llvm::StringRef variableQualifier(VariablePlacement) const override {
    return "";
  }
  llvm::StringRef runtimePrefix() const override { return ""; }
  llvm::StringRef kernelHandleCast() const override { return ""; }
  std::optional<std::string>
  workItemMember(llvm::StringRef name) const override {
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
      return std::nullopt;
    return "xfence_wi." + name.str();
  }
};
} // namespace

const TargetSyntax &xfence::alpakaTargetSyntax() {
  static const AlpakaSyntax syntax;
  return syntax;
}
