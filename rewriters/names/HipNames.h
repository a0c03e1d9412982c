//===- HipNames.h - CUDA runtime names and their HIP names ------*- C++ -*-===//
//
// The CUDA runtime API names (functions, types, enumerators) and toolkit
// headers that xfence knows a HIP equivalent of. Most HIP names are the
// CUDA name with `hip` for `cuda`; the exceptions are listed. A name of the
// CUDA runtime that is not here is an error, never left as it is.
// test/rewriters/routes/cuda-to-hip/names.test checks every HIP name against
// the HIP headers.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_NAMES_HIPNAMES_H
#define XFENCE_REWRITERS_NAMES_HIPNAMES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace xfence {

/// The HIP name of the CUDA runtime name `cuda`, or nothing.
std::optional<std::string> hipRuntimeName(llvm::StringRef cuda);

/// What to do with `#include <header>` of a CUDA toolkit header: the HIP
/// headers to include instead (usually one; none to drop it: the prelude
/// includes <hip/hip_runtime.h>), or nothing if it is not a toolkit header
/// xfence knows. `known` says whether `header` is a toolkit header at all.
std::optional<llvm::SmallVector<llvm::StringRef, 1>>
hipHeadersFor(llvm::StringRef header, bool &known);

/// One argument of a cuBLAS call that hipBLAS types otherwise: its index
/// and the type hipBLAS's parameter has.
struct HipblasArgumentType {
  unsigned index;
  llvm::StringRef type;
};

/// The arguments of the cuBLAS half-precision function `name` that are
/// `__half` pointers in cuBLAS and `hipblasHalf` (uint16_t) pointers in
/// hipBLAS 5.3, with hipBLAS's types; empty for any other name.
llvm::ArrayRef<HipblasArgumentType> hipblasHalfArguments(llvm::StringRef name);

/// Whether `name` has the prefix of a name the table maps: the runtime's
/// (`cuda`) or a mapped library's (`curand`, `CUBLAS`, `cufft`, ...). Such
/// a name of the toolkit's takes its HIP name or is an error.
bool isMappedCudaName(llvm::StringRef name);

/// The member of HIP 5.2's hipDeviceProp_t that holds what CUDA's
/// cudaDeviceProp::`field` does: the same name, another one
/// (sharedMemPerMultiprocessor is maxSharedMemoryPerMultiProcessor), or
/// none (CUDA's has more: uuid, unifiedAddressing, ...).
std::optional<std::string> hipDevicePropField(llvm::StringRef field);

/// Whether the HIP spelling of the CUDA struct `tag` is a typedef only, which
/// `struct X` cannot name (HIP's hipGraphicsResource is a typedef of
/// `struct _hipGraphicsResource`): CUDA's `struct cudaGraphicsResource`
/// loses its keyword.
bool isHipTypedefOnlyTag(llvm::StringRef tag);

/// Whether CUDA's runtime function `name` defaults its last parameter (to 0)
/// where HIP 5.2's has no default: a call that leaves it out must pass it.
bool hipLacksDefaultOfLastParameter(llvm::StringRef name);

/// Every (CUDA, HIP) pair of the table, sorted.
std::vector<std::pair<std::string, std::string>> hipRuntimeNames();

/// Registers `xfence-translate --list-hip-runtime-names`, which prints the
/// table (test/rewriters/routes/cuda-to-hip/names.test checks it against the
/// HIP headers).
void registerHipNamesListing();

} // namespace xfence

#endif // XFENCE_REWRITERS_NAMES_HIPNAMES_H
