//===- xfence.cpp - the xfence command-line driver ------------------------===//
//
// `xfence translate kernel.cl --to cuda [-o out.cu]` (or a directory with
// -o OUTDIR, Batch.h), with clang's -D, -I,
// -cl-std= (also --cl-std=) and the other -cl-* build options (given to
// clang), and --opencl-global-fence=workgroup|device
// (docs/opencl-to-cuda.md, "Global fences across work-groups"). Diagnostics are
// clang's (file:line:col and a caret); the exit status is 0 on success and 1 on
// any error; the output file is written only when the whole translation
// succeeded (`-o -` or no -o writes to stdout).
//
//===----------------------------------------------------------------------===//

#include "compile/Compile.h"
#include "rewriters/common/SourceEdits.h"
#include "rewriters/routes/OpenCLToCuda.h"
#include "rewriters/routes/Routes.h"
#include "tools/xfence/Batch.h"
#include "tools/xfence/Files.h"
#include "tools/xfence/Report.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/thread.h"

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace {

/// Clang's parser, the AST visitors and the rewriters recurse once per
/// nesting level of the source: 10,000 nested parentheses take some 30 MB of
/// stack (clang-22 itself overflows the usual 8 MB there). Every command, and
/// every file of a directory, runs on a thread with a stack this large
/// (reserved, used only as deep as needed).
constexpr unsigned kStackSize = 1u << 30;

void error(llvm::StringRef message) {
  llvm::errs() << "xfence: error: " << message << "\n";
}

/// Adds the options of CUDA and HIP input (--cuda-path, --cuda-gpu-arch,
/// --cuda-builtin-header) and of their OpenCL C output (the OpenCL C 1.2
/// policies, --assume-subgroup-size, --device-variables) to `cmd`.
void addCudaOptions(CLI::App *cmd, xfence::CudaRouteOptions &options) {
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

/// Translates one file to `target` by the route of its language; returns
/// the exit status.
int translate(const std::string &input, xfence::Language target,
              const std::string &output, const std::string &clStd,
              xfence::RouteOptions options, xfence::VerifyOutput verify,
              llvm::raw_ostream &diag,
              std::optional<xfence::Language> language = std::nullopt) {
  std::unique_ptr<llvm::MemoryBuffer> buffer =
      xfence::readInput(input, output, diag);
  if (!buffer)
    return 1;
  std::optional<xfence::Language> from =
      language ? language : xfence::sourceLanguageOf(input);
  const xfence::Route *route =
      from ? xfence::findRoute(*from, target) : nullptr;
  if (!route) {
    xfence::reportFileError(diag, input, xfence::noRouteMessage(from, target));
    return 1;
  }
  if (failed(xfence::setOpenCLStandard(options, *route, clStd, diag)))
    return 1;
  llvm::FailureOr<std::string> text =
      route->translate(input, buffer->getBuffer(), options, diag);
  if (llvm::failed(text))
    return 1;
  std::string shownAs =
      output == "-"
          ? (llvm::sys::path::stem(input) + xfence::fileExtension(target)).str()
          : output;
  if (failed(xfence::verifyTranslation(target, options, input, *text, shownAs,
                                       verify, diag)))
    return 1;
  return xfence::writeOutput(output, *text, /*binary=*/false, diag);
}

/// One output of --to cpu while it is being written: a temporary file next
/// to it (renamed over it at the end), or, for stdout and files that are
/// not regular ones (/dev/null, a pipe), the file itself, as
/// xfence::writeOutput does.
struct PendingOutput {
  std::string path, temp;
  std::unique_ptr<llvm::raw_fd_ostream> os;
};

/// Writes the object and the header of --to cpu: both, or on any failure
/// neither (the files as they were). Returns the exit status.
int writeObjectAndHeader(const std::string &objectPath, llvm::StringRef object,
                         const std::string &headerPath,
                         llvm::StringRef header) {
  PendingOutput outputs[2];
  llvm::StringRef texts[2] = {object, header};
  const std::string *paths[2] = {&objectPath, &headerPath};
  auto fail = [&](const std::string &path, const std::string &why) {
    for (PendingOutput &out : outputs) {
      out.os.reset();
      if (!out.temp.empty())
        llvm::sys::fs::remove(out.temp);
    }
    error("cannot write '" + path + "': " + why);
    return 1;
  };
  for (int i = 0; i < 2; ++i) {
    PendingOutput &out = outputs[i];
    out.path = *paths[i];
    llvm::sys::fs::OpenFlags flags =
        i == 0 ? llvm::sys::fs::OF_None : llvm::sys::fs::OF_Text;
    if (llvm::sys::fs::is_directory(out.path))
      return fail(out.path, "Is a directory");
    llvm::sys::fs::file_status status;
    bool special =
        out.path == "-" || (!llvm::sys::fs::status(out.path, status) &&
                            llvm::sys::fs::exists(status) &&
                            !llvm::sys::fs::is_regular_file(status));
    std::error_code ec;
    if (special) {
      out.os = std::make_unique<llvm::raw_fd_ostream>(out.path, ec, flags);
    } else {
      llvm::SmallString<256> temp;
      int fd;
      ec = llvm::sys::fs::createUniqueFile(
          out.path + ".xfence-%%%%%%.tmp", fd, temp, flags,
          llvm::sys::fs::all_read | llvm::sys::fs::all_write);
      if (!ec) {
        out.temp = std::string(temp);
        out.os = std::make_unique<llvm::raw_fd_ostream>(fd,
                                                        /*shouldClose=*/true);
      }
    }
    if (ec)
      return fail(out.path, ec.message());
  }
  // Both files are open: write, then rename the temporary ones.
  for (int i = 0; i < 2; ++i) {
    PendingOutput &out = outputs[i];
    *out.os << texts[i];
    out.os->close();
    if (out.os->has_error()) {
      std::string why = out.os->error().message();
      out.os->clear_error();
      return fail(out.path, why);
    }
  }
  for (PendingOutput &out : outputs) {
    if (out.temp.empty())
      continue;
    if (std::error_code ec = llvm::sys::fs::rename(out.temp, out.path))
      return fail(out.path, ec.message());
    out.temp.clear();
  }
  return 0;
}

/// The header of --to cpu: --header, else the object's path with `.h` for
/// its extension.
std::string cpuHeaderPath(const std::string &output,
                          const std::string &header) {
  if (!header.empty())
    return header;
  llvm::SmallString<256> path(output);
  llvm::sys::path::replace_extension(path, "h");
  return std::string(path);
}

int compile(const std::string &input, const std::string &target,
            std::string output, const std::string &header,
            xfence::CompileOptions &options,
            const xfence::CudaRouteOptions &cuda) {
  if (target != "ptx" && target != "spirv" && target != "cpu") {
    error("unsupported target '" + target +
          "' (expected 'ptx', 'spirv' or 'cpu')");
    return 1;
  }
  std::unique_ptr<llvm::MemoryBuffer> buffer = xfence::readInput(input, output);
  if (!buffer)
    return 1;
  llvm::StringRef ext = llvm::sys::path::extension(input);
  if (ext == ".cu") {
    // CUDA: translated to OpenCL C 2.0 (the dialect's meaning of every
    // construct kept, docs/cuda-to-opencl.md), which is then compiled under
    // the CUDA file's name (docs/compile.md, CUDA input).
    if (!options.source.standard.empty() ||
        !options.source.buildOptions.empty()) {
      error("-cl-std and the other OpenCL build options are about OpenCL C "
            "input; a .cu file is compiled through OpenCL C 2.0");
      return 1;
    }
    xfence::RouteOptions route;
    route.source.defines = options.source.defines;
    route.source.includeDirs = options.source.includeDirs;
    route.coalesce = options.coalesce;
    route.cuda = cuda;
    llvm::FailureOr<std::string> text = xfence::translateCudaForCompile(
        input, buffer->getBuffer(), route, llvm::errs());
    if (llvm::failed(text))
      return 1;
    // The lines after the prelude are the CUDA file's.
    llvm::StringRef marker = xfence::kPreludeEnd;
    size_t at = text->find(marker.str());
    if (at != std::string::npos)
      text->insert(at + marker.size(), "#line 1 \"" + input + "\"\n");
    options.sourceText = *text;
    options.source.standard = "CL2.0";
  } else if (ext != ".cl") {
    xfence::reportFileError(llvm::errs(), input,
                            "not a source file xfence compiles (expected an "
                            "OpenCL C .cl or a CUDA .cu file)");
    return 1;
  }
  if (target == "cpu") {
    if (output.empty()) // The object next to the current directory's files.
      output =
          options.emitMLIR ? "-" : (llvm::sys::path::stem(input) + ".o").str();
    std::string headerPath;
    if (!options.emitMLIR) {
      if (output == "-" && header.empty()) {
        error("--to cpu writes a header next to the object: with '-o -' "
              "give its path with --header");
        return 1;
      }
      headerPath = cpuHeaderPath(output, header);
      if (headerPath == output) {
        error("the header would overwrite the object '" + output +
              "'; give its path with --header");
        return 1;
      }
      if (llvm::sys::fs::equivalent(input, headerPath)) {
        error("the header would overwrite the input '" + input + "'");
        return 1;
      }
      options.headerName = llvm::sys::path::filename(headerPath).str();
    }
    llvm::FailureOr<xfence::CPUCompileResult> result =
        xfence::compileOpenCLToCPU(input, options, llvm::errs());
    if (llvm::failed(result))
      return 1;
    if (options.emitMLIR)
      return xfence::writeOutput(output, result->object);
    return writeObjectAndHeader(output, result->object, headerPath,
                                result->header);
  }
  if (!header.empty()) {
    error("--header is about --to cpu; it has no meaning for --to " + target);
    return 1;
  }
  if (output.empty())
    output = "-";
  bool spirv = target == "spirv";
  llvm::FailureOr<std::string> text =
      spirv ? xfence::compileOpenCLToSPIRV(input, options, llvm::errs())
            : xfence::compileOpenCLToPTX(input, options, llvm::errs());
  if (llvm::failed(text))
    return 1;
  return xfence::writeOutput(output, *text, spirv && !options.emitMLIR);
}

int runReport(const std::string &input, const xfence::RouteOptions &route) {
  std::unique_ptr<llvm::MemoryBuffer> buffer = xfence::readInput(input, "-");
  if (!buffer)
    return 1;
  xfence::TranslateOptions options;
  options.source = route.source;
  options.opencl = route.opencl;
  options.coalesce = route.coalesce;
  return xfence::reportOpenCLToCuda(input, buffer->getBuffer(), options,
                                    llvm::outs());
}

/// What --opencl-global-fence says: an assumption about the platform the
/// OpenCL C source was written for.
const char *kGlobalFenceHelp =
    "Memory scope of the global-memory part of mem_fence, read_mem_fence, "
    "write_mem_fence, barrier(F) and work_group_barrier(F). 'workgroup' "
    "(default): as the OpenCL specification says; kernels that synchronize "
    "across work-groups (a spin on a global atomic or volatile location, a "
    "ticket counter) get a warning. 'device': ASSUME that the original "
    "platform made these fences device-wide, and translate them to "
    "device-scope fences (docs/opencl-to-cuda.md)";

void addGlobalFenceOption(CLI::App *cmd, std::string &value) {
  cmd->add_option("--opencl-global-fence", value, kGlobalFenceHelp)
      ->check(CLI::IsMember({"workgroup", "device"}));
}

} // namespace

static int run(int argc, char **argv) {
  // clang spells the standard with one dash; CLI11 wants two. The other
  // OpenCL build options (-cl-mad-enable, -cl-fast-relaxed-math, ...) go to
  // clang as they are (it rejects those it does not know).
  std::vector<std::string> args, buildOptions;
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg(argv[i]);
    if (arg.starts_with("-cl-std"))
      args.push_back("-" + arg.str());
    else if (arg.starts_with("-cl-"))
      buildOptions.push_back(arg.str());
    else
      args.push_back(arg.str());
  }
  // CLI11 takes the arguments last first.
  std::reverse(args.begin(), args.end());

  CLI::App app{"xfence: translate OpenCL C kernels to CUDA and CUDA kernels "
               "to OpenCL C, keeping the meaning of every fence, barrier and "
               "atomic at the least cost, and report what changed and why.\n"
               "`compile` gives PTX, SPIR-V or CPU code (an object file and "
               "a header of launch functions) for whole OpenCL C or CUDA "
               "kernels through the dialect (docs/compile.md)."};
  app.require_subcommand(1);
  CLI::App *cmd = app.add_subcommand(
      "translate", "Translate an OpenCL C file (.cl) to CUDA, HIP or alpaka, "
                   "a CUDA file (.cu) to OpenCL C, HIP or alpaka, or a HIP "
                   "file (.hip) to CUDA or OpenCL C");
  std::string input, target, output = "-", clStd;
  xfence::RouteOptions options;
  xfence::CudaRouteOptions cudaOptions;
  bool noCoalesce = false;
  std::string globalFence = "workgroup";
  unsigned jobs = 0;
  cmd->add_option("input", input,
                  "The OpenCL C (.cl), CUDA (.cu) or HIP (.hip) file, or a "
                  "directory: then every .cl and .hip (--to cuda), .cl and "
                  ".cu (--to hip), .cu and .hip (--to opencl) or .cl and .cu "
                  "(--to alpaka) "
                  "file under it is translated into the same place under "
                  "the -o directory, with .cu, .hip, .cl or .cpp for its "
                  "extension")
      ->required();
  cmd->add_option("-j,--jobs", jobs,
                  "With a directory input: how many files are translated at "
                  "once (default: one per core)");
  cmd->add_option("--to", target, xfence::targetHelp())->required();
  std::string from;
  cmd->add_option("-x,--from", from,
                  "The input's language: opencl, cuda or hip, for a file "
                  "whose extension does not say it (HIP code in a .cu or "
                  ".cpp file); by default, the extension (.cl, .cu, .hip)");
  cmd->add_option("-o", output,
                  "Output file ('-' for stdout, the default); the output "
                  "directory for a directory input");
  cmd->add_option("-D", options.source.defines, "Define a macro")
      ->allow_extra_args(false);
  cmd->add_option("-I", options.source.includeDirs, "Add an include path")
      ->allow_extra_args(false);
  cmd->add_option("--cl-std", clStd,
                  "OpenCL C standard of the input (.cl) or of the output "
                  "(--to opencl): CL1.2, CL2.0, CL3.0");
  cmd->add_flag("--no-coalesce", noCoalesce,
                "Do not merge or remove redundant fences");
  bool verifyOutput = false;
  cmd->add_flag(
      "--verify-output", verifyOutput,
      "Compile the translation with the target's compiler before writing it "
      "(nvcc for CUDA, clang for OpenCL C and HIP, g++ with alpaka's "
      "headers named by XFENCE_ALPAKA_INCLUDE); a translation it refuses is "
      "an internal error and no file is written. XFENCE_VERIFY_OUTPUT=1 does "
      "the same where the compiler is installed");
  addGlobalFenceOption(cmd, globalFence);
  addCudaOptions(cmd, options.cuda);
  cmd->footer(xfence::routesHelp() +
              "\nOpenCL build options other than -cl-std (-cl-mad-enable, "
              "-cl-fast-relaxed-math, ...) are accepted for .cl input and "
              "given to clang; the CUDA output keeps nvcc's own math "
              "defaults, which are at least as precise.");

  CLI::App *report = app.add_subcommand(
      "report", "List each synchronization construct of an OpenCL C file, "
                "what `translate --to cuda` makes of it, and why");
  std::string reportInput;
  report->add_option("input", reportInput, "The OpenCL C file (.cl)")
      ->required();
  report->add_option("-D", options.source.defines, "Define a macro")
      ->allow_extra_args(false);
  report->add_option("-I", options.source.includeDirs, "Add an include path")
      ->allow_extra_args(false);
  report->add_option("--cl-std", options.source.standard,
                     "OpenCL C standard: CL1.2, CL2.0, CL3.0");
  report->add_flag("--no-coalesce", noCoalesce,
                   "Report without fence coalescing");
  addGlobalFenceOption(report, globalFence);
  CLI::App *compileCmd = app.add_subcommand(
      "compile", "Compile the kernels of an OpenCL C file (.cl) or a CUDA "
                 "file (.cu) to PTX, SPIR-V or CPU code through the xfence "
                 "dialect (docs/compile.md)");
  std::string compileInput, compileTarget, compileOutput, compileHeader;
  xfence::CompileOptions compileOptions;
  bool emitMLIR = false;
  compileCmd
      ->add_option("input", compileInput,
                   "The OpenCL C (.cl) or CUDA (.cu) file")
      ->required();
  compileCmd
      ->add_option("--to", compileTarget,
                   "Target: ptx, spirv, or cpu (an x86-64 Linux object file "
                   "that runs the kernels on the host's cores, and a C header "
                   "with a launch function per kernel)")
      ->required();
  compileCmd->add_option("-o", compileOutput,
                         "Output file ('-' for stdout, the default for ptx, "
                         "spirv and --emit-mlir; for cpu the default is the "
                         "input's name with .o, in the current directory)");
  compileCmd->add_option("--header", compileHeader,
                         "cpu: where the header of launch functions goes "
                         "(default: the object's path with .h)");
  compileCmd->add_option("-D", compileOptions.source.defines, "Define a macro")
      ->allow_extra_args(false);
  compileCmd
      ->add_option("-I", compileOptions.source.includeDirs,
                   "Add an include path")
      ->allow_extra_args(false);
  compileCmd->add_option("--cl-std", compileOptions.source.standard,
                         "OpenCL C standard: CL1.2, CL2.0, CL3.0");
  compileCmd
      ->add_option("--sm", compileOptions.sm,
                   "The GPU's compute capability times ten (default "
                   "90: sm_90; PTX only)")
      ->check(CLI::Range(70u, 120u));
  compileCmd->add_flag("--no-coalesce", noCoalesce,
                       "Do not merge or remove redundant fences");
  compileCmd->add_flag("--emit-mlir", emitMLIR,
                       "Write the module after raising, coalescing and "
                       "legalization (xfence ops, with source locations) "
                       "instead of PTX, SPIR-V or an object");
  addGlobalFenceOption(compileCmd, globalFence);
  addCudaOptions(compileCmd, cudaOptions);
  compileCmd->footer(
      "--to cpu: link the object with libomp and libm, e.g. `cc main.c "
      "kernel.o -lomp -lm` (Debian 12's libomp-dev: -lomp5); "
      "XFENCE_CPU_THREADS and XFENCE_CPU_STACK_SIZE tune the runtime "
      "(docs/compile.md, \"CPU\").");
  try {
    app.parse(args);
  } catch (const CLI::ParseError &e) {
    return app.exit(e) == 0 ? 0 : 1;
  }
  options.coalesce = !noCoalesce;
  options.source.buildOptions = buildOptions;
  if (!buildOptions.empty() && target == "opencl" && !report->parsed()) {
    error("OpenCL build options (" + buildOptions.front() +
          ") are about OpenCL C input (--to cuda)");
    return 1;
  }
  options.opencl.globalFence = *xfence::parseGlobalFenceScope(globalFence);
  if (report->parsed())
    return runReport(reportInput, options);
  if (compileCmd->parsed()) {
    if (compileTarget != "ptx" && compileCmd->count("--sm")) {
      error("--sm is about PTX (--to ptx); it has no meaning for --to " +
            compileTarget);
      return 1;
    }
    compileOptions.source.buildOptions = buildOptions;
    compileOptions.coalesce = !noCoalesce;
    compileOptions.globalFence = options.opencl.globalFence;
    compileOptions.emitMLIR = emitMLIR;
    // PTX 7.8 is sm_90's first; 8.6 what the lowering's tests use.
    compileOptions.ptx = compileOptions.sm >= 90 ? 86 : 78;
    return compile(compileInput, compileTarget, compileOutput, compileHeader,
                   compileOptions, cudaOptions);
  }
  if (target == "opencl" && cmd->count("--opencl-global-fence")) {
    error("--opencl-global-fence is about OpenCL C input (--to cuda); it has "
          "no meaning for --to opencl");
    return 1;
  }
  std::optional<xfence::Language> to = xfence::targetLanguageNamed(target);
  xfence::VerifyOutput verify =
      verifyOutput ? xfence::VerifyOutput::Required
      : llvm::sys::Process::GetEnv("XFENCE_VERIFY_OUTPUT").value_or("") == "1"
          ? xfence::VerifyOutput::WhereInstalled
          : xfence::VerifyOutput::No;
  std::vector<std::string> sources; // the extensions of the files --to takes
  for (const xfence::Route &route : xfence::allRoutes())
    if (to && route.to == *to)
      sources.push_back(xfence::fileExtension(route.from).str());
  if (sources.empty()) {
    error("unsupported target '" + target + "' (expected " +
          xfence::routeTargetNames() + ")");
    return 1;
  }
  std::optional<xfence::Language> language;
  if (!from.empty()) {
    language = xfence::targetLanguageNamed(from);
    if (!language || !xfence::sourceLanguageOf(
                         ("x" + xfence::fileExtension(*language)).str())) {
      error("unknown input language '" + from +
            "' (expected opencl, cuda or hip)");
      return 1;
    }
    if (llvm::sys::fs::is_directory(input)) {
      error("-x/--from is about one file; a directory's files are read by "
            "their extensions");
      return 1;
    }
  }
  if (llvm::sys::fs::is_directory(input)) {
    llvm::SmallVector<llvm::StringRef, 3> inputs(sources.begin(),
                                                 sources.end());
    return xfence::translateDirectory(
        input, output, inputs, xfence::fileExtension(*to), jobs, kStackSize,
        [&](const std::string &in, const std::string &out,
            llvm::raw_ostream &diag) {
          return translate(in, *to, out, clStd, options, verify, diag);
        });
  }
  if (cmd->count("--jobs")) {
    error("--jobs is about a directory input (several files at a time)");
    return 1;
  }
  return translate(input, *to, output, clStd, options, verify, llvm::errs(),
                   language);
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  // The work runs on a thread with a large stack (kStackSize).
  int status = 1;
  llvm::thread worker(std::optional<unsigned>(kStackSize),
                      [&] { status = run(argc, argv); });
  worker.join();
  return status;
}
