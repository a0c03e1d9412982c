//===- OpenCLImages.h - OpenCL images and samplers in CUDA ------*- C++ -*-===//
//
// OpenCL C images and samplers in a translated file: an image is a struct
// that points at a CUDA buffer and records its size, pitches and format
// (ocl::image2d_t, ...), a sampler is its CLK_* bits (ocl::sampler_t), and
// the image built-ins (read_image*, write_image*, get_image_*) are prelude
// functions that address, filter and convert texels in software with
// OpenCL's rules. See docs/opencl-to-cuda.md, "Images and samplers".
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_SOURCES_OPENCL_OPENCLIMAGES_H
#define XFENCE_REWRITERS_SOURCES_OPENCL_OPENCLIMAGES_H

#include "clang/AST/Type.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace xfence {

/// The prelude's name for an OpenCL image or sampler type
/// ("ocl::image2d_t", "ocl::sampler_t"); nothing for the image types it has
/// no form for (depth and multi-sample images) and for other types.
std::optional<std::string> imageTypeName(const clang::Type *type);

/// True if `name` is an image built-in function that the prelude defines.
bool isImageBuiltin(llvm::StringRef name);

} // namespace xfence

#endif // XFENCE_REWRITERS_SOURCES_OPENCL_OPENCLIMAGES_H
