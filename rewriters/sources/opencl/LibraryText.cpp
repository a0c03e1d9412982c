//===- LibraryText.cpp - the fixed text of the OpenCL C library -----------===//

#include "rewriters/sources/opencl/LibraryText.h"
#include "backends/common/EmbeddedFile.h"

XFENCE_EMBED(xfence_opencl_vectors, XFENCE_OPENCL_VECTORS_HPP)
XFENCE_EMBED(xfence_opencl_images, XFENCE_OPENCL_IMAGES_HPP)

llvm::StringRef xfence::vectorLibraryText() {
  return withoutFileHeader(XFENCE_EMBEDDED(xfence_opencl_vectors));
}

llvm::StringRef xfence::imageLibraryText() {
  return withoutFileHeader(XFENCE_EMBEDDED(xfence_opencl_images));
}
