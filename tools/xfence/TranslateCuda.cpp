//===- TranslateCuda.cpp - `xfence translate x.cu --to opencl` ------------===//
//
// Clang-style diagnostics, exit status 0/1, and the output written through
// a temporary file and renamed only when the whole translation succeeded.
//
//===----------------------------------------------------------------------===//

#include "tools/xfence/TranslateCuda.h"

#include "rewriters/cuda-to-opencl/CudaToOpenCL.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace xfence;

static void error(llvm::StringRef message) {
  llvm::errs() << "xfence: error: " << message << "\n";
}

void xfence::addCudaOptions(CLI::App *cmd, CudaCommandOptions &options) {
  cmd->add_option("--cuda-path", options.cudaPath,
                  "CUDA toolkit for --to opencl (default /usr/local/cuda)");
  cmd->add_option("--cuda-gpu-arch", options.gpuArch,
                  "GPU architecture the CUDA source is parsed for (sm_90)");
  cmd->add_flag("--cuda-builtin-header", options.builtinHeader,
                "Parse CUDA with xfence's built-in declarations, not the "
                "toolkit headers");
  cmd->add_option(
         "--opencl12-device-fence", options.deviceFencePolicy,
         "OpenCL C 1.2 has no device scope. 'error' (default): a "
         "device-scope fence or ordered device atomic is an error. "
         "'assume-global-fence-is-device-wide': translate it to "
         "mem_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE), ASSUMING "
         "that the OpenCL implementation's mem_fence orders global memory "
         "for the whole device (the 1.2 specification does not promise it)")
      ->check(CLI::IsMember({"error", "assume-global-fence-is-device-wide"}));
  cmd->add_option(
         "--device-variables", options.deviceVariables,
         "Where CUDA __device__ variables go in OpenCL C: 'program-scope' "
         "(default for CL2.0/CL3.0; 3.0 needs "
         "__opencl_c_program_scope_global_variables) or 'kernel-arguments' "
         "(the only form for CL1.2: a __global argument added to each kernel "
         "that uses one, see the output's header)")
      ->check(CLI::IsMember({"program-scope", "kernel-arguments"}));
}

int xfence::translateCudaToOpenCLFile(const std::string &input,
                                      const std::string &output,
                                      const std::vector<std::string> &defines,
                                      const std::vector<std::string> &includes,
                                      const std::string &clStd, bool coalesce,
                                      const CudaCommandOptions &command) {
  CudaToOpenCLOptions options;
  options.clStd = clStd.empty() ? "CL1.2" : clStd;
  if (options.clStd != "CL1.2" && options.clStd != "CL2.0" &&
      options.clStd != "CL3.0") {
    error("unsupported OpenCL C standard '" + clStd +
          "' (expected CL1.2, CL2.0 or CL3.0)");
    return 1;
  }
  options.coalesce = coalesce;
  options.deviceVariables = command.deviceVariables;
  if (options.deviceVariables == "program-scope" && !options.cl2()) {
    error("--device-variables=program-scope needs OpenCL C 2.0 or 3.0 "
          "(1.2 has no program-scope global variables)");
    return 1;
  }
  options.source.source.defines = defines;
  options.source.source.includeDirs = includes;
  options.source.cudaPath = command.cudaPath;
  options.source.gpuArch = command.gpuArch;
  options.source.builtinHeader = command.builtinHeader;
  options.assumeDeviceWideGlobalFence =
      command.deviceFencePolicy == "assume-global-fence-is-device-wide";

  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(input, /*IsText=*/true);
  if (!buffer) {
    if (buffer.getError() == std::errc::no_such_file_or_directory)
      error("no such file or directory: '" + input + "'");
    else
      error("cannot read '" + input + "': " + buffer.getError().message());
    return 1;
  }
  if (llvm::sys::path::extension(input) != ".cu") {
    reportFileError(llvm::errs(), input,
                    "not a CUDA source file (expected a .cu file)");
    return 1;
  }
  if ((*buffer)->getBuffer().trim().empty()) {
    reportFileError(llvm::errs(), input,
                    "empty source file: nothing to translate");
    return 1;
  }
  llvm::FailureOr<std::string> text = translateCudaToOpenCL(
      input, (*buffer)->getBuffer(), options, llvm::errs());
  if (llvm::failed(text))
    return 1;
  return writeOutput(output, *text);
}

int xfence::writeOutput(const std::string &output, llvm::StringRef text,
                        bool binary) {
  std::error_code ec;
  llvm::ToolOutputFile out(
      output, ec, binary ? llvm::sys::fs::OF_None : llvm::sys::fs::OF_Text);
  if (ec) {
    error("cannot write '" + output + "': " + ec.message());
    return 1;
  }
  out.os() << text;
  out.os().flush();
  if (out.os().has_error()) {
    error("cannot write '" + output + "': " + out.os().error().message());
    out.os().clear_error();
    return 1;
  }
  out.keep();
  return 0;
}
