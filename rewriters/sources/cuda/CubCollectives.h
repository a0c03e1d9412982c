//===- CubCollectives.h - CUB's block collectives in plain CUDA -*- C++ -*-===//
//
// Part of the CUDA source side: CUB's block-wide reductions and scans
// (`cub::BlockReduce<T, N>(storage).Sum(x)`, `.Reduce(x, cub::Max())`,
// `cub::BlockScan<T, N>(storage).ExclusiveSum(in, out)`) written as plain
// CUDA before the translation proper: the temporary storage becomes a
// __shared__ array of N items, each call a __device__ function over it whose
// block barriers are __syncthreads() — which the translation then takes,
// as all synchronization, through the dialect. The result is parsed again
// as CUDA (docs/cuda-to-opencl.md "CUB's block collectives").
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_SOURCES_CUDA_CUBCOLLECTIVES_H
#define XFENCE_REWRITERS_SOURCES_CUDA_CUBCOLLECTIVES_H

#include "rewriters/sources/cuda/CudaTemplates.h"

namespace xfence {

/// Replaces the uses of CUB's BlockReduce and BlockScan in the user's code
/// by plain CUDA (no files if there is none). Reports what has no such form
/// (CUB's other collectives, a custom operator, several items per thread)
/// through the source and fails if there was one.
mlir::FailureOr<ExpandedFiles> lowerCubCollectives(ParsedSource &src);

} // namespace xfence

#endif // XFENCE_REWRITERS_SOURCES_CUDA_CUBCOLLECTIVES_H
