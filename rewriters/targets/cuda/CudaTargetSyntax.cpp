//===- CudaTargetSyntax.cpp - how CUDA C++ spells a kernel ----------------===//

#include "rewriters/targets/cuda/CudaTargetSyntax.h"

using namespace xfence;

namespace {
class CudaSyntax final : public TargetSyntax {
  llvm::StringRef name() const override { return "CUDA"; }
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
  llvm::StringRef runtimePrefix() const override { return "cuda"; }
  llvm::StringRef kernelHandleCast() const override { return ""; }
  std::optional<std::string> workItemMember(llvm::StringRef) const override {
    return std::nullopt;
  }
};
} // namespace

const TargetSyntax &xfence::cudaTargetSyntax() {
  static const CudaSyntax syntax;
  return syntax;
}
