//===- LibraryText.h - the fixed text of the OpenCL C library ---*- C++ -*-===//
//
// The parts of the OpenCL C library that a translation to a C++ kernel
// language carries as they are (library/Vectors.hpp, library/Images.hpp),
// embedded when xfence is built. The built-in functions the kernel calls are
// generated beside them (OpenCLLibrary), spelled by the target.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_SOURCES_OPENCL_LIBRARYTEXT_H
#define XFENCE_REWRITERS_SOURCES_OPENCL_LIBRARYTEXT_H

#include "llvm/ADT/StringRef.h"

namespace xfence {

/// library/Vectors.hpp: ocl::vec<T, N>, swizzles, literals and OpenCL's
/// lane-wise operators.
llvm::StringRef vectorLibraryText();

/// library/Images.hpp: images and samplers (after the vectors, which it
/// uses).
llvm::StringRef imageLibraryText();

} // namespace xfence

#endif // XFENCE_REWRITERS_SOURCES_OPENCL_LIBRARYTEXT_H
