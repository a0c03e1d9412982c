//===- CudaToOpenCL.h - translate a CUDA file to OpenCL C -------*- C++ -*-===//
//
// The source-to-source path from CUDA C++ (device code) to OpenCL C 1.2 or
// 2.0/3.0: import (frontends/cuda), legalization for `opencl1.2` /
// `opencl2` and coalescing (`exact-scopes` for 2.x), the OpenCL emitter for
// the synchronization ops, and the rewrite of the rest of each kernel
// through the Clang AST. See docs/cuda-to-opencl.md.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_ROUTES_CUDATOOPENCL_H
#define XFENCE_REWRITERS_ROUTES_CUDATOOPENCL_H

#include "backends/opencl/OpenCLEmitter.h"
#include "frontends/cuda/CudaSource.h"

#include "mlir/IR/BuiltinOps.h"

#include <functional>

namespace xfence {

struct CudaToOpenCLOptions {
  CudaSourceOptions source;
  /// CL1.2, CL2.0 or CL3.0.
  std::string clStd = "CL1.2";
  bool coalesce = true;
  /// OpenCL C 1.2 has no device scope. With this policy a device-scope
  /// fence (__threadfence(), ordered device atomics) becomes
  /// mem_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE), ASSUMING that
  /// the OpenCL implementation's mem_fence on global memory orders it for
  /// the whole device (true of PoCL and common GPU drivers, not promised by
  /// the OpenCL 1.2 specification).
  bool assumeDeviceWideGlobalFence = false;
  /// OpenCL C 1.2's mem_fence is only acq_rel as OpenCL C 2.0 defines it,
  /// so a seq_cst fence (__threadfence_block(), ...) or seq_cst barrier has
  /// no 1.2 form. With this policy mem_fence(F) and barrier(F) stand for
  /// seq_cst, ASSUMING the 1.2 text's reading of mem_fence ("loads and
  /// stores preceding the mem_fence will be committed to memory before any
  /// loads and stores following", OpenCL 1.2 §6.12.9) holds on the device.
  bool assumeSeqCstMemFence = false;
  /// OpenCL C 2.0/3.0: __syncwarp() becomes sub_group_barrier, ASSUMING that
  /// the kernel runs with sub-groups of 32 work-items (a warp); the kernels
  /// then ask for that size where the device lets them
  /// (intel_reqd_sub_group_size). Without it __syncwarp() is an error.
  bool assumeSubgroupSize32 = false;
  /// Where CUDA __device__ variables go: "program-scope" (OpenCL C 2.0, and
  /// 3.0 with __opencl_c_program_scope_global_variables) or
  /// "kernel-arguments" (a __global pointer argument added to each kernel
  /// that uses one, the only form in 1.2). Empty: the first for 2.0/3.0,
  /// the second for 1.2.
  std::string deviceVariables;
  /// The prelude's atomic helpers with their order and scope as constants
  /// (OpenCLTarget::constantHelperArguments; for the CUDA-to-alpaka path).
  bool constantHelperArguments = false;
  /// The OpenCL C is `xfence compile`'s intermediate form, read back with
  /// the dialect's meaning, where an ordered atomic orders all memory
  /// (docs/semantics.md §3.3): no fences for OpenCL's one-space atomics.
  bool intermediate = false;
  /// The source language's own check of the parsed file, run before the
  /// import (HIP's wavefront functions, rewriters/sources/hip): true if it
  /// reported an error. Empty for CUDA.
  std::function<bool(ParsedSource &)> sourceErrors;

  bool hoistDeviceVariables() const {
    return !cl2() || deviceVariables == "kernel-arguments";
  }

  bool cl2() const { return clStd != "CL1.2" && clStd != "CL1.1"; }
};

/// Translates the CUDA source `contents` of `path`; diagnostics go to
/// `diagOS` clang-style. Fails on any error.
mlir::FailureOr<std::string>
translateCudaToOpenCL(llvm::StringRef path, llvm::StringRef contents,
                      const CudaToOpenCLOptions &options,
                      llvm::raw_ostream &diagOS);

/// Registers `--export-opencl` (with `--opencl-target-std=` and
/// `--opencl12-device-fence=`) for xfence-translate.
/// HIP to OpenCL C 1.2, 2.0 or 3.0 (docs/hip-to-opencl.md,
/// rewriters/routes/HipToOpenCL.cpp): the HIP source (rewriters/sources/hip:
/// the parse with HIP's names, the wavefront check) through the CUDA
/// family's walker and the OpenCL C emitter, as CUDA to OpenCL C goes.
mlir::FailureOr<std::string>
translateHipToOpenCL(llvm::StringRef path, llvm::StringRef contents,
                     const CudaToOpenCLOptions &options,
                     llvm::raw_ostream &diagOS);

void registerOpenCLExport();

} // namespace xfence

#endif // XFENCE_REWRITERS_ROUTES_CUDATOOPENCL_H
