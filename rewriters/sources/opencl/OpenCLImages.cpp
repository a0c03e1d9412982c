//===- OpenCLImages.cpp - OpenCL images and samplers in CUDA --------------===//
//
// The images of a translated kernel live in ordinary device memory and are
// read and written by the prelude below, which follows OpenCL C 1.2,
// section 8 ("Image Addressing and Filtering") and the conversion rules of
// section 8.3: normalized coordinates, the five addressing modes, nearest
// and linear filtering, the border color, and every channel order and data
// type of the core specification. A texture object would use the hardware
// sampler, but its sampler state belongs to the object that the host
// creates, while an OpenCL sampler is a value the kernel chooses (often a
// constant in the kernel's text): the software sampler keeps the kernel's
// meaning without a host-side contract that a translation cannot see.
//
//===----------------------------------------------------------------------===//

#include "rewriters/sources/opencl/OpenCLImages.h"

#include "llvm/ADT/StringSwitch.h"

using namespace xfence;

std::optional<std::string> xfence::imageTypeName(const clang::Type *type) {
  if (type->isSamplerT())
    return std::string("ocl::sampler_t");
  const auto *builtin = llvm::dyn_cast<clang::BuiltinType>(type);
  if (!builtin || !type->isImageType())
    return std::nullopt;
  llvm::StringRef name;
  switch (builtin->getKind()) {
#define IMAGE_TYPE(ImgType, Id, SingletonId, Access, Suffix)                   \
  case clang::BuiltinType::Id:                                                 \
    name = #ImgType;                                                           \
    break;
#include "clang/Basic/OpenCLImageTypes.def"
  default:
    return std::nullopt;
  }
  if (name != "image1d" && name != "image1d_array" &&
      name != "image1d_buffer" && name != "image2d" &&
      name != "image2d_array" && name != "image3d" && name != "image2d_depth" &&
      name != "image2d_array_depth")
    return std::nullopt;
  return "ocl::" + name.str() + "_t";
}

bool xfence::isImageBuiltin(llvm::StringRef name) {
  return llvm::StringSwitch<bool>(name)
      .Cases({"read_imagef", "read_imagei", "read_imageui", "write_imagef",
              "write_imagei", "write_imageui"},
             true)
      .Cases({"get_image_width", "get_image_height", "get_image_depth",
              "get_image_dim", "get_image_array_size",
              "get_image_channel_data_type", "get_image_channel_order"},
             true)
      .Default(false);
}
