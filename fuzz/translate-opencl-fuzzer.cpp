//===- translate-opencl-fuzzer.cpp - libFuzzer: OpenCL C to CUDA ----------===//
//
// Feeds the input, as the in-memory OpenCL C file /xfence-fuzz/input.cl, to
// xfence::translateOpenCLToCuda, the entry point of
// `xfence translate k.cl --to cuda`. The input chooses the options as a
// test's RUN line spells them: `CL2.0` / `CL3.0` for -cl-std,
// `opencl-global-fence=device`, `no-coalesce`.
//
//===----------------------------------------------------------------------===//

#include "fuzz/FuzzSupport.h"
#include "rewriters/routes/OpenCLToCuda.h"

#include "llvm/Support/raw_ostream.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  xfence::fuzz::rememberInput(data, size);
  llvm::StringRef text = xfence::fuzz::asText(data, size);
  if (!xfence::fuzz::isSelfContained(text))
    return -1; // Not added to the corpus.
  xfence::TranslateOptions options;
  options.source.standard = xfence::fuzz::standardNamed(text);
  options.source.buildOptions = {"-nostdlibinc"};
  if (text.contains("opencl-global-fence=device"))
    options.opencl.globalFence = xfence::GlobalFenceScope::device;
  options.coalesce = !text.contains("no-coalesce");
  xfence::fuzz::runOnLargeStack([&] {
    (void)xfence::translateOpenCLToCuda("/xfence-fuzz/input.cl", text, options,
                                        llvm::nulls());
  });
  return 0;
}
