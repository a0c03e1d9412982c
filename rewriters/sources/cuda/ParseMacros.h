//===- ParseMacros.h - Parse macros the output needs ------------*- C++ -*-===//
//
// Part of the CUDA source side. The translation is of the configuration
// it was parsed in: the #if branches it took are the ones translated. The
// macros of that configuration that the kept text tests (the host
// platform's: `#if defined(__linux__) ... #else #error`) or names (CUDA's
// math constants of math_constants.h, a header the output leaves out) are
// defined in the prelude as the parse had them.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_SOURCES_CUDA_PARSEMACROS_H
#define XFENCE_REWRITERS_SOURCES_CUDA_PARSEMACROS_H

#include "frontends/common/ClangSession.h"

#include "llvm/ADT/StringRef.h"

#include <set>
#include <string>

namespace clang {
class Preprocessor;
} // namespace clang

namespace xfence {

/// Adds the identifiers of `line` (a line of kept text) that name parse
/// macros the output needs: host platform macros in a conditional
/// directive to `platform`, CUDA's math constants (CUDART_PI_F, ...)
/// anywhere to `constants`.
void collectParseMacros(llvm::StringRef line, std::set<std::string> &platform,
                        std::set<std::string> &constants);

/// The prelude's definitions of the macros collectParseMacros found: each
/// host platform macro as the parse had it (#undef where it was not
/// defined), each math constant that a CUDA header defines with its tokens
/// in OpenCL C (`__int_as_float` is `as_float`; a `ULL` literal is `UL`,
/// OpenCL C's long long being 128 bits).
std::string parseMacroDefinitions(clang::Preprocessor &pp, ParsedSource &src,
                                  const std::set<std::string> &platform,
                                  const std::set<std::string> &constants);

} // namespace xfence

#endif // XFENCE_REWRITERS_SOURCES_CUDA_PARSEMACROS_H
