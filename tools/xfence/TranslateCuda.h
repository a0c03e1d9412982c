//===- TranslateCuda.h - `xfence translate x.cu --to opencl` ----*- C++ -*-===//

#ifndef XFENCE_TOOLS_XFENCE_TRANSLATECUDA_H
#define XFENCE_TOOLS_XFENCE_TRANSLATECUDA_H

#include <CLI/CLI.hpp>

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/LogicalResult.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace xfence {

/// The options of the CUDA-to-OpenCL direction, beside the shared ones.
struct CudaCommandOptions {
  std::string cudaPath, gpuArch, deviceFencePolicy = "error";
  std::string deviceVariables;
  std::string seqCstFencePolicy = "error";
  /// "32" or empty.
  std::string subgroupSize;
  bool builtinHeader = false;
};

/// Adds --cuda-path, --cuda-gpu-arch, --cuda-builtin-header,
/// --opencl12-device-fence and --device-variables to `cmd`.
void addCudaOptions(CLI::App *cmd, CudaCommandOptions &options);

/// Writes `text` to `output` ('-': stdout) through a temporary file in the
/// output's directory, renamed over it only when all was written: never a
/// partial output, and a file that was there stays as it was on any error.
/// `binary` for SPIR-V. Returns the exit status; messages go to `diag`.
int writeOutput(const std::string &output, llvm::StringRef text,
                bool binary = false, llvm::raw_ostream &diag = llvm::errs());

/// Reads the input file of a command. Null, after a message located at the
/// file, for standard input ('-'), a missing, unreadable or not regular
/// file (a directory), or an `output` that is the input file itself (which
/// writing would destroy).
std::unique_ptr<llvm::MemoryBuffer>
readInput(const std::string &input, const std::string &output,
          llvm::raw_ostream &diag = llvm::errs());

/// Translates the CUDA file `input` to OpenCL C `clStd` (empty: CL1.2);
/// `output` is only checked against the input. `forAlpaka`: the first step
/// of docs/cuda-to-alpaka.md; `forCompile`: the intermediate OpenCL C of
/// `xfence compile` (CudaToOpenCLOptions::intermediate). Failure after
/// messages (to `diag`).
llvm::FailureOr<std::string> translateCudaFile(
    const std::string &input, const std::string &output,
    const std::vector<std::string> &defines,
    const std::vector<std::string> &includes, const std::string &clStd,
    bool coalesce, const CudaCommandOptions &options,
    llvm::raw_ostream &diag = llvm::errs(), bool forAlpaka = false,
    bool forCompile = false);

/// Translates the CUDA file `input` to OpenCL C `clStd` (empty: CL1.2) into
/// `output`; returns the exit status.
int translateCudaToOpenCLFile(const std::string &input,
                              const std::string &output,
                              const std::vector<std::string> &defines,
                              const std::vector<std::string> &includes,
                              const std::string &clStd, bool coalesce,
                              const CudaCommandOptions &options,
                              llvm::raw_ostream &diag = llvm::errs());

/// Translates the CUDA file `input` to alpaka 3 into `output`, through its
/// OpenCL C 2.0 translation (docs/cuda-to-alpaka.md); returns the exit
/// status.
int translateCudaToAlpakaFile(const std::string &input,
                              const std::string &output,
                              const std::vector<std::string> &defines,
                              const std::vector<std::string> &includes,
                              bool coalesce, const CudaCommandOptions &options,
                              llvm::raw_ostream &diag = llvm::errs());

/// Translates the CUDA file `input` to HIP into `output`; returns the exit
/// status.
int translateCudaToHipFile(const std::string &input, const std::string &output,
                           const std::vector<std::string> &defines,
                           const std::vector<std::string> &includes,
                           bool coalesce, const CudaCommandOptions &options,
                           llvm::raw_ostream &diag = llvm::errs());

/// Translates the HIP file `input` to CUDA into `output`; returns the exit
/// status.
int translateHipToCudaFile(const std::string &input, const std::string &output,
                           const std::vector<std::string> &defines,
                           const std::vector<std::string> &includes,
                           bool coalesce, const CudaCommandOptions &options,
                           llvm::raw_ostream &diag = llvm::errs());

} // namespace xfence

#endif // XFENCE_TOOLS_XFENCE_TRANSLATECUDA_H
