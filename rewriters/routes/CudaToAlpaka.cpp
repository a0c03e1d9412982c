//===- CudaToAlpaka.cpp - translate a CUDA file to alpaka -----------------===//
//
// Two routes composed: CUDA to OpenCL C 2.0, then OpenCL C to alpaka 3
// (rewriters/routes/OpenCLToAlpaka.h says why the detour stays).
//
//===----------------------------------------------------------------------===//

#include "rewriters/routes/OpenCLToAlpaka.h"

using namespace xfence;

mlir::FailureOr<std::string>
xfence::translateCudaToAlpaka(llvm::StringRef path, llvm::StringRef contents,
                              const CudaToOpenCLOptions &opencl,
                              const TranslateOptions &alpaka,
                              llvm::raw_ostream &diagOS) {
  mlir::FailureOr<std::string> text =
      translateCudaToOpenCL(path, contents, opencl, diagOS);
  if (mlir::failed(text))
    return mlir::failure();
  // The notes of the first step's header stay, as its notes.
  std::string first = "// Translated from CUDA to OpenCL C (" + opencl.clStd +
                      ") by xfence (docs/cuda-to-opencl.md).";
  if (llvm::StringRef(*text).starts_with(first))
    text->replace(0, first.size(),
                  "// xfence: the first step, CUDA to OpenCL C " +
                      llvm::StringRef(opencl.clStd).drop_front(2).str() +
                      " (docs/cuda-to-opencl.md), and its notes:");
  TranslateOptions second = alpaka;
  second.source.standard = opencl.clStd;
  // Named as the file that `--to opencl` would write next to the input, so
  // that the locations of the second step's messages can be looked up.
  std::string intermediate = path.str() + ".cl";
  mlir::FailureOr<std::string> result = translateOpenCLToAlpaka(
      intermediate, *text, second, diagOS, AlpakaInput::Cuda);
  if (mlir::failed(result))
    diagOS << "xfence: note: the locations above are in the OpenCL C "
              "translation of '"
           << path << "' (docs/cuda-to-alpaka.md); 'xfence translate " << path
           << " --to opencl -cl-std=" << opencl.clStd << " -o " << intermediate
           << "' writes it\n";
  return result;
}
