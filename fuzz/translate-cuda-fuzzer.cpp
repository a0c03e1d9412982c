//===- translate-cuda-fuzzer.cpp - libFuzzer: CUDA to OpenCL C ------------===//
//
// Feeds the input, as the in-memory CUDA file /xfence-fuzz/input.cu, to
// xfence::translateCudaToOpenCL, the entry point of
// `xfence translate k.cu --to opencl`, with xfence's built-in CUDA
// declarations instead of a toolkit (--cuda-builtin-header). The input
// chooses the options as a test's RUN line spells them: `CL2.0` / `CL3.0`
// for -cl-std, `kernel-arguments` for --device-variables,
// `assume-global-fence-is-device-wide`, `no-coalesce`.
//
//===----------------------------------------------------------------------===//

#include "fuzz/FuzzSupport.h"
#include "rewriters/routes/CudaToOpenCL.h"

#include "llvm/Support/raw_ostream.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  xfence::fuzz::rememberInput(data, size);
  llvm::StringRef text = xfence::fuzz::asText(data, size);
  if (!xfence::fuzz::isSelfContained(text))
    return -1; // Not added to the corpus.
  xfence::CudaToOpenCLOptions options;
  std::string standard = xfence::fuzz::standardNamed(text);
  options.clStd = standard.empty() ? "CL1.2" : standard;
  options.coalesce = !text.contains("no-coalesce");
  options.assumeDeviceWideGlobalFence =
      text.contains("assume-global-fence-is-device-wide");
  if (text.contains("kernel-arguments"))
    options.deviceVariables = "kernel-arguments";
  options.source.builtinHeader = true;
  options.source.source.buildOptions = {"-nostdlibinc"};
  xfence::fuzz::runOnLargeStack([&] {
    (void)xfence::translateCudaToOpenCL("/xfence-fuzz/input.cu", text, options,
                                        llvm::nulls());
  });
  return 0;
}
