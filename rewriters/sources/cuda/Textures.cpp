//===- Textures.cpp - CUDA's texture objects in OpenCL C ------------------===//
//
// A CUDA texture object holds data (a CUDA array or pitched memory, in a
// channel format) and how it is sampled (normalized coordinates, address
// and filter modes, read mode), all set by the host. OpenCL C splits it in
// two: an image, which holds the data in its channel format, and a
// sampler, which holds the sampling; the host program makes both from the
// same settings. A read `tex2D<T>(tex, x, y)` is `read_imageX(image,
// sampler, (float2)(x, y))` with X by T's element (f for float, i for the
// signed integers, ui for the unsigned ones; read_imagef gives the
// normalized value on an 8- or 16-bit UNORM image, as CUDA's
// cudaReadModeNormalizedFloat does), its first components, converted to T.
// Unnormalized coordinates mean the same in both (texel i covers [i, i+1),
// its center i + 0.5). `tex1Dfetch<T>(tex, i)` reads element i of linear
// memory: `read_imageX(image1d_buffer, i)`, no sampler.
//
//===----------------------------------------------------------------------===//

#include "rewriters/sources/cuda/Textures.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Regex.h"

#include <set>

using namespace xfence;

std::optional<TextureKind> xfence::cudaTextureRead(llvm::StringRef name) {
  return llvm::StringSwitch<std::optional<TextureKind>>(name)
      .Case("tex1D", TextureKind::Tex1D)
      .Case("tex2D", TextureKind::Tex2D)
      .Case("tex3D", TextureKind::Tex3D)
      .Case("tex1Dfetch", TextureKind::Fetch1D)
      .Default(std::nullopt);
}

unsigned xfence::textureCoordinates(TextureKind kind) {
  switch (kind) {
  case TextureKind::Tex1D:
  case TextureKind::Fetch1D:
    return 1;
  case TextureKind::Tex2D:
    return 2;
  case TextureKind::Tex3D:
    return 3;
  }
  return 0;
}

llvm::StringRef xfence::openCLImageType(TextureKind kind) {
  switch (kind) {
  case TextureKind::Tex1D:
    return "image1d_t";
  case TextureKind::Tex2D:
    return "image2d_t";
  case TextureKind::Tex3D:
    return "image3d_t";
  case TextureKind::Fetch1D:
    return "image1d_buffer_t";
  }
  return "";
}

bool xfence::textureTakesSampler(TextureKind kind) {
  return kind != TextureKind::Fetch1D;
}

static llvm::StringRef kindName(TextureKind kind) {
  switch (kind) {
  case TextureKind::Tex1D:
    return "tex1D";
  case TextureKind::Tex2D:
    return "tex2D";
  case TextureKind::Tex3D:
    return "tex3D";
  case TextureKind::Fetch1D:
    return "tex1Dfetch";
  }
  return "";
}

namespace {
/// A type that image reads can give: its element and component count.
struct ReadType {
  llvm::StringRef element; // float, char, uchar, short, ushort, int, uint
  unsigned count;          // 1, 2 or 4
};
} // namespace

static std::optional<ReadType> readType(llvm::StringRef type) {
  // C's names of the scalar types.
  type = llvm::StringSwitch<llvm::StringRef>(type)
             .Case("unsigned char", "uchar")
             .Case("signed char", "char")
             .Case("unsigned short", "ushort")
             .Case("unsigned int", "uint")
             .Case("unsigned", "uint")
             .Default(type);
  for (llvm::StringRef element :
       {"float", "uchar", "char", "ushort", "short", "uint", "int"}) {
    if (!type.starts_with(element))
      continue;
    llvm::StringRef count = type.drop_front(element.size());
    if (count.empty())
      return ReadType{element, 1};
    if (count == "2")
      return ReadType{element, 2};
    if (count == "4")
      return ReadType{element, 4};
    return std::nullopt;
  }
  return std::nullopt;
}

static llvm::StringRef imageRead(const ReadType &read) {
  return read.element == "float"         ? "read_imagef"
         : read.element.starts_with("u") ? "read_imageui"
                                         : "read_imagei";
}

std::optional<llvm::StringRef> xfence::openCLImageRead(llvm::StringRef type) {
  std::optional<ReadType> read = readType(type);
  if (!read)
    return std::nullopt;
  return imageRead(*read);
}

std::optional<std::string> xfence::openCLTextureRead(TextureKind kind,
                                                     llvm::StringRef type) {
  std::optional<ReadType> read = readType(type);
  if (!read)
    return std::nullopt;
  std::string name = read->element.str();
  if (read->count > 1)
    name += std::to_string(read->count);
  return ("xfence_" + kindName(kind) + "_" + name).str();
}

/// The definition of the macro `kind` reading `type`.
static std::string definition(TextureKind kind, llvm::StringRef type) {
  ReadType read = *readType(type);
  std::string function = imageRead(read).str();
  // The macro's parameters have names no other token of its body has (a
  // parameter `x` would also replace the component selector `.x`).
  std::string params = "xfence_t";
  std::string call = function + "((xfence_t), ";
  if (textureTakesSampler(kind)) {
    params += ", xfence_s";
    call += "(xfence_s), ";
  }
  switch (kind) {
  case TextureKind::Tex1D:
    params += ", xfence_x";
    call += "(float)(xfence_x))";
    break;
  case TextureKind::Fetch1D:
    params += ", xfence_i";
    call += "(int)(xfence_i))";
    break;
  case TextureKind::Tex2D:
    params += ", xfence_x, xfence_y";
    call += "(float2)((float)(xfence_x), (float)(xfence_y)))";
    break;
  case TextureKind::Tex3D:
    params += ", xfence_x, xfence_y, xfence_z";
    call += "(float4)((float)(xfence_x), (float)(xfence_y), "
            "(float)(xfence_z), 0.0f))";
    break;
  }
  if (read.count == 1)
    call += ".x";
  else if (read.count == 2)
    call += ".xy";
  // read_imagei and read_imageui give 32-bit components.
  bool narrow = read.element != "float" && read.element != "int" &&
                read.element != "uint";
  if (narrow)
    call = read.count == 1 ? "(" + type.str() + ")(" + call + ")"
                           : "convert_" + type.str() + "(" + call + ")";
  return "#define " + *openCLTextureRead(kind, type) + "(" + params + ") (" +
         call + ")\n";
}

std::string xfence::openCLTextureHelpers(llvm::StringRef text) {
  static const llvm::Regex use(
      "xfence_(tex1D|tex2D|tex3D|tex1Dfetch)_([a-z]+[0-9]?)[ \t]*\\(");
  std::set<std::pair<std::string, std::string>> used;
  llvm::StringRef rest = text;
  llvm::SmallVector<llvm::StringRef, 3> match;
  while (use.match(rest, &match)) {
    used.insert({match[1].str(), match[2].str()});
    rest = rest.drop_front(match[0].data() - rest.data() + match[0].size());
  }
  std::string out;
  for (const auto &[kind, type] : used)
    if (std::optional<TextureKind> k = cudaTextureRead(kind);
        k && readType(type))
      out += definition(*k, type);
  if (!out.empty())
    out = "// xfence: reads of CUDA's texture objects: an image and a "
          "sampler that the host makes from the texture's settings.\n" +
          out;
  return out;
}
