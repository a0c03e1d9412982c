//===- TranslateCuda.cpp - `xfence translate x.cu --to opencl` ------------===//
//
// Clang-style diagnostics, exit status 0/1, and the output written through
// a temporary file and renamed only when the whole translation succeeded;
// the input and output checks every command shares.
//
//===----------------------------------------------------------------------===//

#include "tools/xfence/TranslateCuda.h"

#include "rewriters/routes/CudaToHip.h"
#include "rewriters/routes/CudaToOpenCL.h"
#include "rewriters/routes/HipToCuda.h"
#include "rewriters/routes/HipToOpenCL.h"
#include "rewriters/routes/OpenCLToAlpaka.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace xfence;

static void error(llvm::raw_ostream &diag, llvm::StringRef message) {
  diag << "xfence: error: " << message << "\n";
}

void xfence::addCudaOptions(CLI::App *cmd, CudaCommandOptions &options) {
  cmd->add_option("--cuda-path", options.cudaPath,
                  "CUDA toolkit of a .cu input (default /usr/local/cuda)");
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
         "--opencl12-seq-cst-fence", options.seqCstFencePolicy,
         "OpenCL C 1.2's mem_fence is only acq_rel as OpenCL C 2.0 defines "
         "it. 'error' (default): a seq_cst fence (__threadfence_block(), "
         "__threadfence(), seq_cst atomics) or barrier is an error. "
         "'assume-mem-fence-is-seq-cst': translate it to mem_fence / "
         "barrier, ASSUMING the 1.2 text's full-fence reading of mem_fence "
         "holds on the device")
      ->check(CLI::IsMember({"error", "assume-mem-fence-is-seq-cst"}));
  cmd->add_option(
         "--assume-subgroup-size", options.subgroupSize,
         "OpenCL C 2.0/3.0: '32' translates __syncwarp() to "
         "sub_group_barrier, ASSUMING sub-groups of 32 work-items (a CUDA "
         "warp); kernels then require that size where the device supports "
         "intel_reqd_sub_group_size. Without it __syncwarp() is an error")
      ->check(CLI::IsMember({"32"}));
  cmd->add_option(
         "--device-variables", options.deviceVariables,
         "Where CUDA __device__ variables go in OpenCL C: 'program-scope' "
         "(default for CL2.0/CL3.0; 3.0 needs "
         "__opencl_c_program_scope_global_variables) or 'kernel-arguments' "
         "(the only form for CL1.2: a __global argument added to each kernel "
         "that uses one, see the output's header)")
      ->check(CLI::IsMember({"program-scope", "kernel-arguments"}));
}

/// The CUDA-mode parse of the command line's -D, -I and toolkit options.
static CudaSourceOptions sourceOptions(const std::vector<std::string> &defines,
                                       const std::vector<std::string> &includes,
                                       const CudaCommandOptions &command) {
  CudaSourceOptions source;
  source.source.defines = defines;
  source.source.includeDirs = includes;
  source.cudaPath = command.cudaPath;
  source.gpuArch = command.gpuArch;
  source.builtinHeader = command.builtinHeader;
  return source;
}

/// Reads `input`, translates its text with `translate` and writes `output`;
/// returns the exit status.
static int
translateFile(const std::string &input, const std::string &output,
              llvm::raw_ostream &diag,
              llvm::function_ref<llvm::FailureOr<std::string>(llvm::StringRef)>
                  translate) {
  std::unique_ptr<llvm::MemoryBuffer> buffer = readInput(input, output, diag);
  if (!buffer)
    return 1;
  llvm::FailureOr<std::string> text = translate(buffer->getBuffer());
  if (llvm::failed(text))
    return 1;
  return writeOutput(output, *text, /*binary=*/false, diag);
}

llvm::FailureOr<std::string>
xfence::translateCudaFile(const std::string &input, const std::string &output,
                          const std::vector<std::string> &defines,
                          const std::vector<std::string> &includes,
                          const std::string &clStd, bool coalesce,
                          const CudaCommandOptions &command,
                          llvm::raw_ostream &diag, bool forAlpaka,
                          bool forCompile) {
  CudaToOpenCLOptions options;
  options.constantHelperArguments = forAlpaka;
  options.intermediate = forCompile;
  options.clStd = clStd.empty() ? "CL1.2" : clStd;
  if (options.clStd != "CL1.2" && options.clStd != "CL2.0" &&
      options.clStd != "CL3.0") {
    error(diag, "unsupported OpenCL C standard '" + clStd +
                    "' (expected CL1.2, CL2.0 or CL3.0)");
    return llvm::failure();
  }
  options.coalesce = coalesce;
  options.deviceVariables = command.deviceVariables;
  if (options.deviceVariables == "program-scope" && !options.cl2()) {
    error(diag, "--device-variables=program-scope needs OpenCL C 2.0 or 3.0 "
                "(1.2 has no program-scope global variables)");
    return llvm::failure();
  }
  options.source = sourceOptions(defines, includes, command);
  options.assumeDeviceWideGlobalFence =
      command.deviceFencePolicy == "assume-global-fence-is-device-wide";
  options.assumeSeqCstMemFence =
      command.seqCstFencePolicy == "assume-mem-fence-is-seq-cst";
  options.assumeSubgroupSize32 = command.subgroupSize == "32";

  std::unique_ptr<llvm::MemoryBuffer> buffer = readInput(input, output, diag);
  if (!buffer)
    return llvm::failure();
  llvm::StringRef ext = llvm::sys::path::extension(input);
  // A HIP file goes to OpenCL C itself (docs/hip-to-opencl.md), not on to
  // alpaka or `compile`.
  if (ext == ".hip" && !forAlpaka && !forCompile)
    return translateHipToOpenCL(input, buffer->getBuffer(), options, diag);
  if (ext != ".cu") {
    reportFileError(diag, input,
                    "not a CUDA source file (expected a .cu file)");
    return llvm::failure();
  }
  return translateCudaToOpenCL(input, buffer->getBuffer(), options, diag);
}

int xfence::translateCudaToOpenCLFile(const std::string &input,
                                      const std::string &output,
                                      const std::vector<std::string> &defines,
                                      const std::vector<std::string> &includes,
                                      const std::string &clStd, bool coalesce,
                                      const CudaCommandOptions &command,
                                      llvm::raw_ostream &diag) {
  llvm::FailureOr<std::string> text = translateCudaFile(
      input, output, defines, includes, clStd, coalesce, command, diag);
  if (llvm::failed(text))
    return 1;
  return writeOutput(output, *text, /*binary=*/false, diag);
}

int xfence::translateCudaToAlpakaFile(const std::string &input,
                                      const std::string &output,
                                      const std::vector<std::string> &defines,
                                      const std::vector<std::string> &includes,
                                      bool coalesce,
                                      const CudaCommandOptions &command,
                                      llvm::raw_ostream &diag) {
  // OpenCL C 2.0: the first version with device and system scopes.
  llvm::FailureOr<std::string> opencl = translateCudaFile(
      input, output, defines, includes, "CL2.0", coalesce, command, diag,
      /*forAlpaka=*/true);
  if (llvm::failed(opencl))
    return 1;
  // The notes of the first step's header stay, as its notes.
  llvm::StringRef first = "// Translated from CUDA to OpenCL C (CL2.0) by "
                          "xfence (docs/cuda-to-opencl.md).";
  if (llvm::StringRef(*opencl).starts_with(first))
    opencl->replace(0, first.size(),
                    "// xfence: the first step, CUDA to OpenCL C 2.0 "
                    "(docs/cuda-to-opencl.md), and its notes:");
  TranslateOptions options;
  options.source.defines = defines;
  options.source.includeDirs = includes;
  options.source.standard = "CL2.0";
  options.coalesce = coalesce;
  // Named as the file that `--to opencl` would write next to the input, so
  // that the locations of the second step's messages can be looked up.
  std::string intermediate = input + ".cl";
  llvm::FailureOr<std::string> text = translateOpenCLToAlpaka(
      intermediate, *opencl, options, diag, AlpakaInput::Cuda);
  if (llvm::failed(text)) {
    diag << "xfence: note: the locations above are in the OpenCL C "
            "translation of '"
         << input << "' (docs/cuda-to-alpaka.md); 'xfence translate " << input
         << " --to opencl -cl-std=CL2.0 -o " << intermediate << "' writes it\n";
    return 1;
  }
  return writeOutput(output, *text, /*binary=*/false, diag);
}

int xfence::translateCudaToHipFile(const std::string &input,
                                   const std::string &output,
                                   const std::vector<std::string> &defines,
                                   const std::vector<std::string> &includes,
                                   bool coalesce,
                                   const CudaCommandOptions &command,
                                   llvm::raw_ostream &diag) {
  CudaToHipOptions options;
  options.coalesce = coalesce;
  options.source = sourceOptions(defines, includes, command);
  return translateFile(input, output, diag, [&](llvm::StringRef contents) {
    return translateCudaToHip(input, contents, options, diag);
  });
}

int xfence::translateHipToCudaFile(const std::string &input,
                                   const std::string &output,
                                   const std::vector<std::string> &defines,
                                   const std::vector<std::string> &includes,
                                   bool coalesce,
                                   const CudaCommandOptions &command,
                                   llvm::raw_ostream &diag) {
  HipToCudaOptions options;
  options.coalesce = coalesce;
  options.source = sourceOptions(defines, includes, command);
  return translateFile(input, output, diag, [&](llvm::StringRef contents) {
    return translateHipToCuda(input, contents, options, diag);
  });
}

int xfence::writeOutput(const std::string &output, llvm::StringRef text,
                        bool binary, llvm::raw_ostream &diag) {
  llvm::sys::fs::OpenFlags flags =
      binary ? llvm::sys::fs::OF_None : llvm::sys::fs::OF_Text;
  // stdout, or a file that is not a regular one (/dev/null, a pipe): written
  // in place, since renaming over it would replace the device or pipe.
  llvm::sys::fs::file_status status;
  bool special = output == "-" || (!llvm::sys::fs::status(output, status) &&
                                   llvm::sys::fs::exists(status) &&
                                   !llvm::sys::fs::is_regular_file(status));
  if (llvm::sys::fs::is_directory(output)) {
    error(diag, "cannot write '" + output + "': Is a directory");
    return 1;
  }
  if (special) {
    std::error_code ec;
    llvm::raw_fd_ostream os(output, ec, flags);
    if (!ec) {
      os << text;
      os.flush();
      if (os.has_error()) {
        ec = os.error();
        os.clear_error();
      }
    }
    if (ec) {
      error(diag, "cannot write '" + output + "': " + ec.message());
      return 1;
    }
    return 0;
  }
  llvm::SmallString<256> temp;
  int fd;
  if (std::error_code ec = llvm::sys::fs::createUniqueFile(
          output + ".xfence-%%%%%%.tmp", fd, temp, flags,
          llvm::sys::fs::all_read | llvm::sys::fs::all_write)) {
    error(diag, "cannot write '" + output + "': " + ec.message());
    return 1;
  }
  std::error_code ec;
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << text;
    os.close();
    if (os.has_error()) {
      ec = os.error();
      os.clear_error();
    }
  }
  if (!ec)
    ec = llvm::sys::fs::rename(temp, output);
  if (ec) {
    llvm::sys::fs::remove(temp);
    error(diag, "cannot write '" + output + "': " + ec.message());
    return 1;
  }
  return 0;
}

std::unique_ptr<llvm::MemoryBuffer> xfence::readInput(const std::string &input,
                                                      const std::string &output,
                                                      llvm::raw_ostream &diag) {
  if (input == "-") {
    error(diag,
          "reading the source from standard input ('-') is not supported: "
          "xfence needs the file's name (its extension says the language, "
          "its directory where its headers are); pass the file");
    return nullptr;
  }
  llvm::sys::fs::file_status status;
  if (std::error_code ec = llvm::sys::fs::status(input, status)) {
    if (ec == std::errc::no_such_file_or_directory)
      error(diag, "no such file or directory: '" + input + "'");
    else
      error(diag, "cannot read '" + input + "': " + ec.message());
    return nullptr;
  }
  if (!llvm::sys::fs::is_regular_file(status)) {
    reportFileError(diag, input,
                    llvm::sys::fs::is_directory(status)
                        ? "is a directory, not a source file"
                        : "not a regular file");
    return nullptr;
  }
  bool same = false;
  if (output != "-" && llvm::sys::fs::exists(output) &&
      !llvm::sys::fs::equivalent(input, output, same) && same) {
    reportFileError(diag, input,
                    "the output file '" + output +
                        "' is the input file; writing it would destroy the "
                        "source (choose another -o)");
    return nullptr;
  }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(input, /*IsText=*/true);
  if (!buffer) {
    error(diag, "cannot read '" + input + "': " + buffer.getError().message());
    return nullptr;
  }
  return std::move(*buffer);
}
