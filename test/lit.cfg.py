# -*- Python -*-
# lit configuration of the xfence test suite.

import os
import shutil

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "xfence"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".cl", ".cu", ".hip", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.xfence_obj_root, "test")

llvm_config.use_default_substitutions()
config.substitutions.append(("%xfence_src", config.xfence_src_root))
config.substitutions.append(("%xfence_obj", config.xfence_obj_root))
config.substitutions.append(
    ("%xfence_plugin", os.path.join(config.xfence_lib_dir, "XFencePlugin.so"))
)

llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

# Every output of `xfence translate` is compiled by its target's compiler,
# where that is installed, before it is written (docs/architecture.md,
# "Checked outputs"): a test whose translation does not compile fails even
# where it does not compile the output itself. `--param verify_output=0`
# turns it off.
if lit_config.params.get("verify_output", "1") == "1":
    config.environment["XFENCE_VERIFY_OUTPUT"] = "1"

# A sanitizer build (-DXFENCE_SANITIZE=ON, docs/fuzzing.md): every finding
# of AddressSanitizer, LeakSanitizer or UBSan ends the tool with an error,
# so the test fails. fuzz/sanitize.supp suppresses leaks in the uninstrumented
# libraries only (each entry says why). Debian's mlir-opt is not
# instrumented: it loads XFencePlugin.so with the sanitizer runtime
# preloaded.
mlir_opt = ToolSubst("mlir-opt", unresolved="fatal")
if config.xfence_sanitize:
    config.available_features.add("sanitize")
    supp = os.path.join(config.xfence_src_root, "fuzz", "sanitize.supp")
    options = {
        # allow_user_poisoning=0: LLVM's BumpPtrAllocator poisons the
        # unused part of its slabs in instrumented code only; Debian's
        # uninstrumented MLIR then allocates from the same slabs (the
        # attribute and location uniquers) without unpoisoning, a false
        # use-after-poison.
        "ASAN_OPTIONS": "detect_leaks=1:allow_user_poisoning=0",
        "LSAN_OPTIONS": "suppressions=%s:print_suppressions=0" % supp,
        "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1",
    }
    for name, value in options.items():
        extra = os.environ.get(name)
        config.environment[name] = value + (":" + extra if extra else "")
    mlir_opt_path = shutil.which("mlir-opt", path=config.llvm_tools_dir)
    if mlir_opt_path:
        mlir_opt = ToolSubst(
            "mlir-opt",
            command="env LD_PRELOAD=%s %s"
            % (config.xfence_sanitizer_runtimes, mlir_opt_path))

# `lit --param xfence_tools_dir=DIR` runs the tests against the tools of
# another build, e.g. to show that a regression test fails on the commit
# before its fix.
config.xfence_tools_dir = lit_config.params.get(
    "xfence_tools_dir", config.xfence_tools_dir)
tool_dirs = [config.xfence_tools_dir, config.llvm_tools_dir]
tools = [
    "xfence-opt",
    ToolSubst("xfence-translate", unresolved="ignore"),
    ToolSubst("xfence", unresolved="ignore"),
    mlir_opt,
    ToolSubst("mlir-translate", unresolved="ignore"),
    ToolSubst("mlir-tblgen", unresolved="ignore"),
    ToolSubst("llc", unresolved="ignore"),
    ToolSubst("clang", unresolved="ignore"),
]
llvm_config.add_tool_substitutions(tools, tool_dirs)

# Optional validators: each is a lit feature, so that tests can say
# `REQUIRES: nvcc` and the suite still passes where the tool is absent.
cuda_bin = os.environ.get("XFENCE_CUDA_BIN", "/usr/local/cuda/bin")
for feature, path in [
    ("nvcc", os.path.join(cuda_bin, "nvcc")),
    ("ptxas", os.path.join(cuda_bin, "ptxas")),
]:
    if os.access(path, os.X_OK):
        config.available_features.add(feature)
        config.substitutions.append(("%" + feature, path))

# The CUDA toolkit's headers (the runtime API names of the CUDA to HIP
# table are checked against them).
cuda_include = os.path.join(os.path.dirname(cuda_bin), "include")
if os.path.exists(os.path.join(cuda_include, "cuda_runtime_api.h")):
    config.available_features.add("cuda-toolkit")
    config.substitutions.append(("%cuda-include", cuda_include))

spirv_val = shutil.which("spirv-val")
if spirv_val:
    config.available_features.add("spirv-val")
    config.substitutions.append(("%spirv-val", spirv_val))
spirv_dis = shutil.which("spirv-dis")
if spirv_dis:
    config.available_features.add("spirv-dis")
    config.substitutions.append(("%spirv-dis", spirv_dis))

# PoCL: an OpenCL CPU device through the ICD loader, driven from Python.
pocl_icd = "/etc/OpenCL/vendors/pocl.icd"
if os.path.exists(pocl_icd) and os.path.exists("/usr/bin/python3"):
    try:
        import subprocess

        probe = subprocess.run(
            ["/usr/bin/python3", "-c",
             "import pyopencl as cl; print(len(cl.get_platforms()))"],
            capture_output=True, text=True, timeout=60)
        if probe.returncode == 0 and probe.stdout.strip() not in ("", "0"):
            config.available_features.add("pocl")
    except Exception:
        pass
config.substitutions.append(("%python", "/usr/bin/python3"))

# A host C++ compiler for programs that check an output's helpers on the
# host (clang++ of the LLVM under test, else g++).
host_cxx = shutil.which("clang++", path=config.llvm_tools_dir) or \
    shutil.which("g++")
if host_cxx:
    config.available_features.add("host-cxx")
    config.substitutions.append(("%host-cxx", host_cxx))

# An OpenMP runtime for running CPU lowerings (omp.barrier -> __kmpc_barrier).
for libdir in ["/usr/lib/llvm-22/lib", "/usr/lib/x86_64-linux-gnu"]:
    found = [n for n in ("libomp.so", "libomp.so.5")
             if os.path.exists(os.path.join(libdir, n))]
    if found and shutil.which("clang", path=config.llvm_tools_dir):
        config.available_features.add("libomp")
        config.substitutions.append(
            ("%libomp", "-L%s -l:%s -Wl,-rpath,%s" % (libdir, found[0], libdir)))
        break

# HIP: clang's HIP mode with the HIP headers (Debian's libamdhip64-dev) checks
# the `--to hip` outputs and compiles them to AMDGPU code (no GPU needed).
# HIP 5.2's headers read __AMDGCN_WAVEFRONT_SIZE, which clang-22 no longer
# defines; gfx90a (MI200) has 64-lane wavefronts.
hip_clang = os.path.join(config.llvm_tools_dir, "clang")
if os.path.exists("/usr/include/hip/hip_runtime.h") and os.access(
        hip_clang, os.X_OK):
    config.available_features.add("hip-headers")
    # hipRAND and rocRAND (Debian's libhiprand-dev, librocrand-dev), where
    # cuRAND translates to.
    if os.path.exists("/usr/include/hiprand/hiprand_kernel.h") and \
            os.path.exists("/usr/include/rocrand/rocrand_kernel.h"):
        config.available_features.add("hiprand-headers")
    # hipCUB and rocThrust (not packaged in Debian 12): XFENCE_HIP_INCLUDE
    # names directories with them (':'-separated), which xfence's check of
    # HIP outputs reads too.
    hip_include = os.environ.get("XFENCE_HIP_INCLUDE", "")
    if hip_include:
        config.environment["XFENCE_HIP_INCLUDE"] = hip_include
        dirs = hip_include.split(":")
        if any(os.path.exists(os.path.join(d, "hipcub", "hipcub.hpp"))
               for d in dirs) and any(
                   os.path.exists(os.path.join(d, "thrust", "sort.h"))
                   for d in dirs):
            config.available_features.add("hipcub-rocthrust-headers")
        if any(os.path.exists(os.path.join(d, "hipblas.h")) for d in dirs) \
                and any(os.path.exists(os.path.join(d, "hipfft.h"))
                        for d in dirs):
            config.available_features.add("hipblas-hipfft-headers")
            config.substitutions.append(("%hip_library_include",
                                         hip_include))
    # The shim of xfence's own output check: HIP 5.2's <hip/hip_fp16.h>
    # under clang 22 (rewriters/targets/hip/clang22-hip-shim.h).
    config.substitutions.append(
        ("%hip-clang", hip_clang + " -x hip --offload-arch=gfx90a -nogpulib "
         "-D__AMDGCN_WAVEFRONT_SIZE=64 -include " + os.path.join(
             config.xfence_src_root, "rewriters", "targets", "hip",
             "clang22-hip-shim.h")))

# alpaka 3 (header-only, not packaged): -DXFENCE_ALPAKA_INCLUDE_DIR names
# its include/ directory. %alpaka-cxx compiles a C++20 file against it for
# the CPU back ends (the serial executor; TBB and OpenMP are left out so
# that neither is needed), with g++ or clang++.
alpaka_include = getattr(config, "xfence_alpaka_include", "")
alpaka_cxx = shutil.which("g++-12") or shutil.which("g++") or shutil.which(
    "clang++", path=config.llvm_tools_dir)
if alpaka_include and os.path.exists(
        os.path.join(alpaka_include, "alpaka", "alpaka.hpp")) and alpaka_cxx:
    config.available_features.add("alpaka")
    config.substitutions.append(("%alpaka_include", alpaka_include))
    config.substitutions.append(
        ("%alpaka-cxx", "%s -std=c++20 -O1 -I%s "
         "-DALPAKA_DISABLE_EXEC_CpuTbbBlocks -DALPAKA_DISABLE_EXEC_CpuOmpBlocks"
         % (alpaka_cxx, alpaka_include)))

# Permission tests: root reads a file whatever its mode.
if hasattr(os, "getuid") and os.getuid() != 0:
    config.available_features.add("non-root-user")
