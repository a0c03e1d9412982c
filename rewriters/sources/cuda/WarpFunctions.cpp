//===- WarpFunctions.cpp - CUDA's warp shuffles and votes in OpenCL C -----===//
//
// With the full mask (every lane of the warp), CUDA's shuffles and votes
// are collective over the warp, as OpenCL C's sub-group functions are over
// the sub-group: under the sub-group size policy (a warp is a sub-group of
// 32 work-items, docs/cuda-to-opencl.md) each is one sub-group function.
// The lane a shuffle reads is PTX's rule for `shfl.sync` (the PTX ISA,
// "shfl.sync": mode, b, and c with the segment mask in bits 8-12 and the
// clamp in 0-4), from the c that CUDA's sm_30_intrinsics.hpp computes from
// the width; a lane outside the width's segment reads its own value, as in
// CUDA. `sub_group_shuffle` (cl_khr_subgroup_shuffle) then reads it.
//
//===----------------------------------------------------------------------===//

#include "rewriters/sources/cuda/WarpFunctions.h"
#include "rewriters/common/Identifiers.h"

#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/StringSwitch.h"

using namespace xfence;

std::optional<CudaWarpFunction> xfence::cudaWarpFunction(llvm::StringRef name) {
  return llvm::StringSwitch<std::optional<CudaWarpFunction>>(name)
      .Case("__shfl_sync", CudaWarpFunction{"xfence_shfl_sync", true, 3})
      .Case("__shfl_up_sync", CudaWarpFunction{"xfence_shfl_up_sync", true, 3})
      .Case("__shfl_down_sync",
            CudaWarpFunction{"xfence_shfl_down_sync", true, 3})
      .Case("__shfl_xor_sync",
            CudaWarpFunction{"xfence_shfl_xor_sync", true, 3})
      .Case("__shfl", CudaWarpFunction{"xfence_shfl", false, 2})
      .Case("__shfl_up", CudaWarpFunction{"xfence_shfl_up", false, 2})
      .Case("__shfl_down", CudaWarpFunction{"xfence_shfl_down", false, 2})
      .Case("__shfl_xor", CudaWarpFunction{"xfence_shfl_xor", false, 2})
      .Case("__ballot_sync", CudaWarpFunction{"xfence_ballot_sync", true, -1})
      .Case("__any_sync", CudaWarpFunction{"xfence_any_sync", true, -1})
      .Case("__all_sync", CudaWarpFunction{"xfence_all_sync", true, -1})
      .Case("__ballot", CudaWarpFunction{"xfence_ballot", false, -1})
      .Case("__any", CudaWarpFunction{"xfence_any", false, -1})
      .Case("__all", CudaWarpFunction{"xfence_all", false, -1})
      .Default(std::nullopt);
}

bool xfence::usesCudaWarpFunctions(ParsedSource &src) {
  struct Finder : clang::DynamicRecursiveASTVisitor {
    ParsedSource &src;
    bool found = false;
    explicit Finder(ParsedSource &src) : src(src) {}
    bool VisitCallExpr(clang::CallExpr *call) override {
      const clang::FunctionDecl *callee = call->getDirectCallee();
      if (callee && callee->getIdentifier() &&
          !src.isUserLocation(callee->getLocation()) &&
          src.isUserLocation(
              src.getSourceManager().getExpansionLoc(call->getBeginLoc())) &&
          cudaWarpFunction(callee->getName()))
        found = true;
      return !found;
    }
  } finder(src);
  finder.TraverseDecl(src.getContext().getTranslationUnitDecl());
  return finder.found;
}

namespace {
struct Helper {
  llvm::StringLiteral name;
  llvm::StringLiteral definition;
};
} // namespace

// The macros take the mask (checked to be the full mask where it is
// written) and do not evaluate it.
static const Helper kShuffles[] = {
    {"xfence_shfl_sync",
     "#define xfence_shfl_sync(m, v, lane, w) sub_group_shuffle((v), "
     "xfence_shfl_lane(0u, (uint)(lane), ((32u - (uint)(w)) << 8) | 31u))\n"},
    {"xfence_shfl_up_sync",
     "#define xfence_shfl_up_sync(m, v, d, w) sub_group_shuffle((v), "
     "xfence_shfl_lane(1u, (uint)(d), (32u - (uint)(w)) << 8))\n"},
    {"xfence_shfl_down_sync",
     "#define xfence_shfl_down_sync(m, v, d, w) sub_group_shuffle((v), "
     "xfence_shfl_lane(2u, (uint)(d), ((32u - (uint)(w)) << 8) | 31u))\n"},
    {"xfence_shfl_xor_sync",
     "#define xfence_shfl_xor_sync(m, v, x, w) sub_group_shuffle((v), "
     "xfence_shfl_lane(3u, (uint)(x), ((32u - (uint)(w)) << 8) | 31u))\n"},
    {"xfence_shfl", "#define xfence_shfl(v, lane, w) sub_group_shuffle((v), "
                    "xfence_shfl_lane(0u, (uint)(lane), ((32u - (uint)(w)) "
                    "<< 8) | 31u))\n"},
    {"xfence_shfl_up", "#define xfence_shfl_up(v, d, w) sub_group_shuffle((v), "
                       "xfence_shfl_lane(1u, (uint)(d), (32u - (uint)(w)) << "
                       "8))\n"},
    {"xfence_shfl_down",
     "#define xfence_shfl_down(v, d, w) sub_group_shuffle((v), "
     "xfence_shfl_lane(2u, (uint)(d), ((32u - (uint)(w)) << 8) | 31u))\n"},
    {"xfence_shfl_xor",
     "#define xfence_shfl_xor(v, x, w) sub_group_shuffle((v), "
     "xfence_shfl_lane(3u, (uint)(x), ((32u - (uint)(w)) << 8) | 31u))\n"},
};

static const Helper kBallots[] = {
    {"xfence_ballot_sync",
     "#define xfence_ballot_sync(m, p) (sub_group_ballot((p) != 0).x)\n"},
    {"xfence_ballot",
     "#define xfence_ballot(p) (sub_group_ballot((p) != 0).x)\n"},
};

static const Helper kVotes[] = {
    {"xfence_any_sync",
     "#define xfence_any_sync(m, p) sub_group_any((p) != 0)\n"},
    {"xfence_all_sync",
     "#define xfence_all_sync(m, p) sub_group_all((p) != 0)\n"},
    {"xfence_any", "#define xfence_any(p) sub_group_any((p) != 0)\n"},
    {"xfence_all", "#define xfence_all(p) sub_group_all((p) != 0)\n"},
};

/// The definitions of `helpers` that `text` calls.
static std::string used(llvm::ArrayRef<Helper> helpers, llvm::StringRef text) {
  std::string out;
  for (const Helper &helper : helpers) {
    if (callsName(text, helper.name))
      out += helper.definition.str();
  }
  return out;
}

std::string xfence::openCLWarpHelpers(llvm::StringRef text) {
  std::string shuffles = used(kShuffles, text);
  std::string ballots = used(kBallots, text);
  std::string votes = used(kVotes, text);
  if (shuffles.empty() && ballots.empty() && votes.empty())
    return "";
  std::string out =
      "// xfence: CUDA's warp shuffles and votes as sub-group functions "
      "(--assume-subgroup-size=32: a warp is a sub-group of 32 "
      "work-items).\n"
      "#if !defined(__opencl_c_subgroups) && !defined(cl_khr_subgroups)\n"
      "#error \"xfence: CUDA's warp functions need sub-groups "
      "(__opencl_c_subgroups or cl_khr_subgroups), which this device "
      "lacks\"\n"
      "#endif\n";
  if (!shuffles.empty())
    out += "#ifndef cl_khr_subgroup_shuffle\n"
           "#error \"xfence: CUDA's warp shuffles need "
           "cl_khr_subgroup_shuffle, which this device lacks\"\n"
           "#endif\n"
           "// The lane a shuffle reads: PTX's shfl.sync rule for mode "
           "(0 idx, 1 up, 2 down, 3 bfly),\n"
           "// b and c (segment mask in bits 8-12, clamp in 0-4); outside "
           "the segment, the own lane.\n"
           "static inline uint xfence_shfl_lane(uint mode, uint b, uint c) "
           "{\n"
           "  int lane = (int)get_sub_group_local_id();\n"
           "  int bval = (int)(b & 31u), cval = (int)(c & 31u);\n"
           "  int segmask = (int)((c >> 8) & 31u);\n"
           "  int maxLane = (lane & segmask) | (cval & ~segmask);\n"
           "  int minLane = lane & segmask;\n"
           "  int j = mode == 0u ? (minLane | (bval & ~segmask))\n"
           "          : mode == 1u ? lane - bval\n"
           "          : mode == 2u ? lane + bval\n"
           "          : lane ^ bval;\n"
           "  int in = mode == 1u ? j >= maxLane : j <= maxLane;\n"
           "  return (uint)(in ? j : lane);\n"
           "}\n" +
           shuffles;
  if (!ballots.empty())
    out += "#ifndef cl_khr_subgroup_ballot\n"
           "#error \"xfence: CUDA's __ballot_sync needs "
           "cl_khr_subgroup_ballot, which this device lacks\"\n"
           "#endif\n" +
           ballots;
  return out + votes;
}
