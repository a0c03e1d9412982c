//===- HipTargetSyntax.cpp - how HIP spells a kernel ----------------------===//
//
// HIP's device language is CUDA's (the same qualifiers and built-in
// indices); its host API is CUDA's with the prefix `hip` (hipError_t,
// hipStream_t, hipGetLastError, ...), and hipFuncSetAttribute takes the
// kernel as a `const void *`.
//
//===----------------------------------------------------------------------===//

#include "rewriters/targets/hip/HipTargetSyntax.h"

using namespace xfence;

namespace {
class HipSyntax final : public TargetSyntax {
  llvm::StringRef name() const override { return "HIP"; }
  llvm::StringRef deviceFunctionQualifier() const override {
    return "__device__ ";
  }
  std::optional<llvm::StringRef> kernelQualifier() const override {
    return llvm::StringRef("__global__");
  }
  llvm::StringRef
  variableQualifier(VariablePlacement placement) const override {
    switch (placement) {
    case VariablePlacement::Shared:
      return "__shared__";
    case VariablePlacement::Constant:
      return "__constant__";
    case VariablePlacement::Device:
      return "__device__";
    }
    return "";
  }
  llvm::StringRef runtimePrefix() const override { return "hip"; }
  llvm::StringRef kernelHandleCast() const override { return "(const void *)"; }
  std::optional<std::string> workItemMember(llvm::StringRef) const override {
    return std::nullopt;
  }
};
} // namespace

const TargetSyntax &xfence::hipTargetSyntax() {
  static const HipSyntax syntax;
  return syntax;
}
