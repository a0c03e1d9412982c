//===- OpenCLSyntax.h - the OpenCL C source's non-sync syntax ---*- C++ -*-===//
//
// The part of an OpenCL C file that is not synchronization, rewritten for a
// C++ target language through that target's TargetSyntax
// (rewriters/common/TargetSyntax.h), and the OpenCL names a translated file
// defines again. The built-in functions are recorded in an OpenCLLibrary,
// whose text is CUDA C++ today (docs/architecture.md).
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_SOURCES_OPENCL_OPENCLSYNTAX_H
#define XFENCE_REWRITERS_SOURCES_OPENCL_OPENCLSYNTAX_H

#include "frontends/common/ClangSession.h"
#include "rewriters/common/SourceEdits.h"
#include "rewriters/common/TargetSyntax.h"
#include "rewriters/sources/opencl/OpenCLLibrary.h"

#include "mlir/Support/LogicalResult.h"

#include <string>

namespace xfence {

/// Adds the edits that make the non-synchronization OpenCL C of the user's
/// files the `target` language: kernels and their __local arguments,
/// address-space qualifiers, work-item functions, vector types and
/// expressions, built-in functions (recorded in `lib` for the prelude). Sets
/// `workItemHelpers` if a work-item function with a non-constant dimension
/// needs the helper functions of the prelude; `launchers` gets the
/// host-side launch helper of every kernel, in the target's host API (none
/// where the route writes kernels itself). Fails, with errors at their
/// locations, on constructs without a form in the target.
mlir::LogicalResult addOpenCLSyntaxEdits(SourceEdits &edits, OpenCLLibrary &lib,
                                         bool &workItemHelpers,
                                         std::string &launchers,
                                         const TargetSyntax &target);

/// The OpenCL C type names, fence flags and memory order and scope
/// enumerations that a translated file defines for C++.
std::string openclTypeNames();

/// The object-like macros of the OpenCL implementation that the user's
/// files name (`M_PI_F`, `FLT_MAX`, `-D` values), defined again for C++.
std::string implementationMacros(ParsedSource &src);

/// Comments out the `#pragma OPENCL ...` lines of the main file.
void commentOutOpenCLPragmas(SourceEdits &edits);

} // namespace xfence

#endif // XFENCE_REWRITERS_SOURCES_OPENCL_OPENCLSYNTAX_H
