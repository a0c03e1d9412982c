//===- HipVectorOperators.h - HIP's operators on vector types ---*- C++ -*-===//
//
// HIP's vector types (float4, int2, ...) have C++ operators
// (amd_hip_vector_types.h): + - * / % & | ^ << >> component by component,
// with a second vector or a scalar that stands for every component; the
// compound assignments of each; unary -, ~ and ++/--; == and != that
// compare every component and give one bool. CUDA's vector types of the
// same names are plain structs without them. The parse of a HIP file for
// the CUDA route declares them as templates over CUDA's types; the output
// defines the same templates for the types the code uses them on.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_SOURCES_HIP_HIPVECTOROPERATORS_H
#define XFENCE_REWRITERS_SOURCES_HIP_HIPVECTOROPERATORS_H

#include "frontends/common/ClangSession.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace xfence {

/// The text that defines HIP's vector operators for `types` (names of
/// CUDA's vector types, "float4"; the parse passes them all). They are
/// templates that apply only to the listed types, so that a user's own
/// operator on a vector type (not a template) is still chosen first, as
/// it is before HIP's own templates.
std::string hipVectorOperators(llvm::ArrayRef<std::string> types);

/// Every vector type that CUDA's vector_types.h defines.
std::vector<std::string> cudaVectorTypes();

/// The vector types that the user's code applies HIP's vector operators
/// to (as `hipVectorOperators` defined them in the parse whose built-in
/// header is `header`), in the order of cudaVectorTypes.
std::vector<std::string> usedHipVectorOperators(ParsedSource &src,
                                                llvm::StringRef header);

} // namespace xfence

#endif // XFENCE_REWRITERS_SOURCES_HIP_HIPVECTOROPERATORS_H
