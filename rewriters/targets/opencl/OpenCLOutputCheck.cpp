//===- OpenCLOutputCheck.cpp - the compiler of OpenCL C translations ------===//

#include "rewriters/targets/opencl/OpenCLOutputCheck.h"

llvm::Expected<xfence::OutputCompiler>
xfence::openclOutputCompiler(llvm::StringRef clStd) {
  std::optional<std::string> clang = findClang();
  if (!clang)
    return llvm::createStringError("clang (XFENCE_CLANG) not found");
  std::string standard = clStd.empty() ? "CL1.2" : clStd.str();
  OutputCompiler compiler{"clang -x cl -cl-std=" + standard,
                          *clang,
                          {"-x", "cl", "-cl-std=" + standard, "-Xclang",
                           "-finclude-default-header", "-fsyntax-only"},
                          ".cl"};
  if (standard != "CL1.2")
    compiler.args.push_back("--target=spir64");
  return compiler;
}
