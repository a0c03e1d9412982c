//===- Textures.h - CUDA's texture objects in OpenCL C -------*- C++ -*-===//
//
// Part of the CUDA source side: the reads of CUDA's texture objects
// (`tex1D`, `tex2D`, `tex3D`, `tex1Dfetch` of a `cudaTextureObject_t`) and
// their OpenCL C forms over an image and a sampler.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_SOURCES_CUDA_TEXTURES_H
#define XFENCE_REWRITERS_SOURCES_CUDA_TEXTURES_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace xfence {

/// How a texture object is read: its OpenCL C image type follows.
enum class TextureKind { Tex1D, Tex2D, Tex3D, Fetch1D };

/// The read `name` of CUDA's texture objects, or nothing.
std::optional<TextureKind> cudaTextureRead(llvm::StringRef name);

/// The number of coordinates (or indices) a read of `kind` takes.
unsigned textureCoordinates(TextureKind kind);

/// The OpenCL C image type of a texture object read as `kind`
/// (`image2d_t`, `image1d_buffer_t`).
llvm::StringRef openCLImageType(TextureKind kind);

/// Whether a read of `kind` takes a sampler (all but tex1Dfetch).
bool textureTakesSampler(TextureKind kind);

/// The prelude's macro that reads a `type` (an OpenCL C scalar or vector
/// type that CUDA's textures return: `float`, `uchar4`, ...) as `kind`
/// does, or nothing for a type OpenCL C's image reads do not give.
std::optional<std::string> openCLTextureRead(TextureKind kind,
                                             llvm::StringRef type);

/// OpenCL C's image read that gives `type`'s components (`read_imagef`,
/// `read_imagei`, `read_imageui`), or nothing for a type it does not give.
/// Each wants an image of its own channel formats (float or normalized,
/// signed, unsigned integers).
std::optional<llvm::StringRef> openCLImageRead(llvm::StringRef type);

/// The definitions of the texture-read macros that `text` uses.
std::string openCLTextureHelpers(llvm::StringRef text);

} // namespace xfence

#endif // XFENCE_REWRITERS_SOURCES_CUDA_TEXTURES_H
