//===- ClassTemplates.h - class templates as plain structs ------*- C++ -*-===//
//
// OpenCL C has no templates. As the function templates are (CudaTemplates.h),
// each user class template that device code or host code names is replaced
// by one plain struct per specialization the file names (`name__arg_arg`),
// written where the template was, and every use `name<args>` is renamed;
// the result is parsed again as CUDA, and the member functions of the
// copies are lowered after (MemberFunctions.h). A template named inside
// another template's text is copied in a later round, once that text is a
// copy that names concrete specializations (docs/cuda-to-opencl.md
// "Templates").
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_SOURCES_CUDA_CLASSTEMPLATES_H
#define XFENCE_REWRITERS_SOURCES_CUDA_CLASSTEMPLATES_H

#include "rewriters/sources/cuda/CudaTemplates.h"

namespace xfence {

/// Replaces the user's class templates (at file or namespace scope) that
/// can be copied and that no other template's text names by their
/// specializations. A class template that cannot be copied (partial
/// specializations, member templates, friends, static data, members
/// defined outside the class, a name spelled by a macro) is left as it is.
/// Returns no files if none was copied; the caller runs the pass again on
/// the new text until it returns none.
mlir::FailureOr<ExpandedFiles> expandClassTemplates(ParsedSource &src);

} // namespace xfence

#endif // XFENCE_REWRITERS_SOURCES_CUDA_CLASSTEMPLATES_H
