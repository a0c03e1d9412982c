//===- PTXSyncNames.h - PTX and NVVM synchronization by name --*- C++ -*-===//
//
// The synchronization that CUDA code states in inline PTX (`membar.gl;`,
// `fence.acq_rel.gpu;`, `bar.sync 0;`) and that Clang's CUDA IR holds as
// NVVM intrinsics (`llvm.nvvm.barrier.cta.sync.aligned.all`,
// `llvm.nvvm.membar.gl`), with the meaning the CUDA importer gives them
// (docs/cuda-to-opencl.md). Shared by the Clang-based CUDA importer and the
// raising of LLVM IR (passes/RaiseLLVM.cpp); free of Clang.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_FRONTENDS_NAMES_PTXSYNCNAMES_H
#define XFENCE_FRONTENDS_NAMES_PTXSYNCNAMES_H

#include "dialect/XFenceAttrs.h"

#include "llvm/ADT/StringRef.h"

#include <optional>

namespace xfence {

/// A fence (`scope`, `order`, over local and global memory) or a barrier of
/// the whole thread block (`__syncthreads`: memory workgroup acq_rel over
/// local and global memory).
struct PTXSync {
  bool barrier = false;
  Scope scope = Scope::system;
  MemoryOrder order = MemoryOrder::seq_cst;
};

/// One PTX instruction of inline assembly: `membar.{cta,gl,sys}` (seq_cst
/// fences), `fence[.sc|.acq_rel][.cta|.cluster|.gpu|.sys]` (no order:
/// acq_rel; no scope: .sys), `bar.sync 0` / `barrier.sync[.aligned] 0`.
/// Anything else (several instructions, operands, fence.proxy): none.
std::optional<PTXSync> classifyPTXAsm(llvm::StringRef text);

/// An NVVM intrinsic: `llvm.nvvm.membar.{cta,gl,sys}`, the block barriers
/// (`llvm.nvvm.barrier0`, `llvm.nvvm.barrier.cta.sync[.aligned].all` and
/// `llvm.nvvm.barrier.sync`, which need barrier 0: `barrierId` is the
/// constant first operand, if there is one).
std::optional<PTXSync> classifyNVVMIntrinsic(llvm::StringRef name,
                                             std::optional<int64_t> barrierId);

} // namespace xfence

#endif // XFENCE_FRONTENDS_NAMES_PTXSYNCNAMES_H
