//===- CudaToHip.cpp - translate a CUDA file to HIP -----------------------===//
//
// Pipeline: parse (device side) -> import every device function -> legalize
// for `hip` -> coalesce -> emit each surviving op at its site (HIP
// emitter) -> rename the runtime API and the toolkit headers.
//
//===----------------------------------------------------------------------===//

#include "rewriters/routes/CudaToHip.h"
#include "rewriters/routes/CudaToHipLimits.h"

#include "backends/cuda/CudaEmitter.h"
#include "dialect/XFenceOps.h"
#include "frontends/cuda/CudaImporter.h"
#include "passes/Passes.h"
#include "passes/TargetCapabilities.h"
#include "rewriters/common/CalledFunction.h"
#include "rewriters/common/RouteDriver.h"
#include "rewriters/common/SourceEdits.h"
#include "rewriters/names/HipNames.h"
#include "rewriters/sources/cuda/CudaSiteRewriter.h"
#include "rewriters/sources/cuda/CudaSyntax.h"
#include "rewriters/sources/cuda/VectorOperators.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PreprocessingRecord.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Path.h"

#include <functional>

using namespace xfence;
using namespace mlir;
using clang::DiagnosticsEngine;

namespace {

/// The CUDA 9 warp functions with a mask. HIP 5.2 has none; the ones a
/// helper of the prelude writes with HIP's wavefront functions are in
/// kWarpHelpers, the rest are refused.
bool isMaskedWarpFunction(llvm::StringRef name) {
  return llvm::StringSwitch<bool>(name)
      .Cases({"__shfl_sync", "__shfl_up_sync", "__shfl_down_sync",
              "__shfl_xor_sync", "__ballot_sync", "__all_sync", "__any_sync",
              "__uni_sync", "__activemask", "__match_any_sync",
              "__match_all_sync", "__reduce_add_sync", "__reduce_min_sync",
              "__reduce_max_sync", "__reduce_and_sync", "__reduce_or_sync",
              "__reduce_xor_sync"},
             true)
      .Default(false);
}

/// CUDA's warp of 32 lanes on an AMD GPU: a wavefront of 32 lanes, or one
/// half of a wavefront of 64 (lanes 0-31 or 32-63: a CUDA warp is 32
/// consecutive threads of the block, a wavefront 64, aligned alike). The
/// lanes of a wavefront run in lockstep, so the lanes that a mask names
/// meet at the call as CUDA requires (docs/cuda-to-hip.md, Assumptions);
/// the mask is evaluated and otherwise unused.
///
/// The shuffles keep PTX's reading of the lane operand (shfl.sync: its
/// bits 4:0 only) where HIP 5.2's functions read it whole: a source lane is
/// taken modulo the width (HIP 5.2's __shfl adds it to the segment's first
/// lane unmasked), a delta or lane mask modulo 32 (HIP's xor with a mask of
/// 32 to 63 would reach the other half of the wavefront). With that, HIP's
/// segment arithmetic is CUDA's for every width up to 32. The width's
/// default is CUDA's warpSize, 32, where HIP's is its own (64 on most AMD
/// GPUs). The votes read the 32 bits of the caller's half of HIP's 64-bit
/// ballot.
struct WarpHelper {
  llvm::StringLiteral cuda, helper, text;
};

/// CUDA's SIMD minimum and maximum (`__vmaxs4`, ..., `__vminu2`): one
/// template, written once in the prelude before the helpers that use it.
constexpr llvm::StringLiteral kSimdMinMax =
    "// CUDA's SIMD minimum and maximum: lane by lane over the 8- or 16-bit\n"
    "// lanes of a 32-bit word, signed or unsigned.\n"
    "template <int Bits, bool Signed, bool Max>\n"
    "__host__ __device__ inline unsigned int xfence_simd_minmax(unsigned int "
    "a, unsigned int b) {\n"
    "  const unsigned int lane = (1u << Bits) - 1u;\n"
    "  unsigned int r = 0;\n"
    "  for (int i = 0; i < 32; i += Bits) {\n"
    "    unsigned int x = (a >> i) & lane, y = (b >> i) & lane;\n"
    "    bool less = Signed ? ((x ^ (1u << (Bits - 1))) < (y ^ (1u << (Bits - "
    "1)))) : x < y;\n"
    "    r |= ((Max ? less : !less) ? y : x) << i;\n"
    "  }\n"
    "  return r;\n"
    "}\n";
#define XFENCE_SIMD_ENTRY(cuda, bits, sign, max)                               \
  {                                                                            \
    "__" cuda, "xfence_" cuda,                                                 \
        "__host__ __device__ inline unsigned int xfence_" cuda                 \
        "(unsigned int a, unsigned int b) {\n"                                 \
        "  return xfence_simd_minmax<" bits ", " sign ", " max ">(a, b);\n"    \
        "}\n"                                                                  \
  }
/// CUDA's other SIMD intrinsics (`__vadd4`, `__vcmpgts2`, `__vsadu4`, ...):
/// one template over the lanes, each lane's operands sign- or
/// zero-extended to int and its result cut back to the lane; `lo` and `hi`
/// are the lane's range (for the saturating ones).
constexpr llvm::StringLiteral kSimdLanes =
    "// CUDA's SIMD intrinsics: lane by lane over the 8- or 16-bit lanes of\n"
    "// a 32-bit word, signed or unsigned.\n"
    "template <int Bits, bool Signed, typename Op>\n"
    "__host__ __device__ inline unsigned int xfence_simd_lanes(unsigned int "
    "a, unsigned int b, Op op) {\n"
    "  const unsigned int lane = (1u << Bits) - 1u;\n"
    "  const int lo = Signed ? -(1 << (Bits - 1)) : 0;\n"
    "  const int hi = Signed ? (1 << (Bits - 1)) - 1 : (1 << Bits) - 1;\n"
    "  unsigned int r = 0;\n"
    "  for (int i = 0; i < 32; i += Bits) {\n"
    "    int x = (int)((a >> i) & lane), y = (int)((b >> i) & lane);\n"
    "    if (Signed) {\n"
    "      x = x > hi ? x - (1 << Bits) : x;\n"
    "      y = y > hi ? y - (1 << Bits) : y;\n"
    "    }\n"
    "    r |= ((unsigned int)op(x, y, lo, hi) & lane) << i;\n"
    "  }\n"
    "  return r;\n"
    "}\n"
    "// The sum of the lanes' absolute differences.\n"
    "template <int Bits, bool Signed>\n"
    "__host__ __device__ inline unsigned int xfence_simd_sad(unsigned int a, "
    "unsigned int b) {\n"
    "  unsigned int sum = 0;\n"
    "  xfence_simd_lanes<Bits, Signed>(a, b, [&](int x, int y, int, int) {\n"
    "    sum += (unsigned int)(x > y ? x - y : y - x);\n"
    "    return 0;\n"
    "  });\n"
    "  return sum;\n"
    "}\n";
#define XFENCE_SIMD_LANES(cuda, bits, sign, expr)                              \
  {                                                                            \
    "__" cuda, "xfence_" cuda,                                                 \
        "__host__ __device__ inline unsigned int xfence_" cuda                 \
        "(unsigned int a, unsigned int b) {\n"                                 \
        "  return xfence_simd_lanes<" bits ", " sign                           \
        ">(a, b, [](int x, int y, int lo, int hi) {\n"                         \
        "    return " expr ";\n"                                               \
        "  });\n"                                                              \
        "}\n"                                                                  \
  }
#define XFENCE_SIMD_UNARY(cuda, bits, expr)                                    \
  {                                                                            \
    "__" cuda, "xfence_" cuda,                                                 \
        "__host__ __device__ inline unsigned int xfence_" cuda                 \
        "(unsigned int a) {\n"                                                 \
        "  return xfence_simd_lanes<" bits                                     \
        ", true>(a, 0u, [](int x, int, int lo, int hi) {\n"                    \
        "    return " expr ";\n"                                               \
        "  });\n"                                                              \
        "}\n"                                                                  \
  }
#define XFENCE_SIMD_SAD(cuda, bits, sign)                                      \
  {                                                                            \
    "__" cuda, "xfence_" cuda,                                                 \
        "__host__ __device__ inline unsigned int xfence_" cuda                 \
        "(unsigned int a, unsigned int b) {\n"                                 \
        "  return xfence_simd_sad<" bits ", " sign ">(a, b);\n"                \
        "}\n"                                                                  \
  }
#define XFENCE_SIMD_CLAMP(v) "((" v ") < lo ? lo : (" v ") > hi ? hi : (" v "))"
#define XFENCE_SIMD_FAMILY(n, bits)                                            \
  XFENCE_SIMD_LANES("vadd" n, bits, "false", "x + y"),                         \
      XFENCE_SIMD_LANES("vaddss" n, bits, "true", XFENCE_SIMD_CLAMP("x + y")), \
      XFENCE_SIMD_LANES("vaddus" n, bits, "false",                             \
                        XFENCE_SIMD_CLAMP("x + y")),                           \
      XFENCE_SIMD_LANES("vsub" n, bits, "false", "x - y"),                     \
      XFENCE_SIMD_LANES("vsubss" n, bits, "true", XFENCE_SIMD_CLAMP("x - y")), \
      XFENCE_SIMD_LANES("vsubus" n, bits, "false",                             \
                        XFENCE_SIMD_CLAMP("x - y")),                           \
      XFENCE_SIMD_LANES("vabsdiffs" n, bits, "true", "x > y ? x - y : y - x"), \
      XFENCE_SIMD_LANES("vabsdiffu" n, bits, "false",                          \
                        "x > y ? x - y : y - x"),                              \
      XFENCE_SIMD_LANES("vavgs" n, bits, "true",                               \
                        "(x + y + (x + y >= 0 ? 1 : 0)) >> 1"),                \
      XFENCE_SIMD_LANES("vavgu" n, bits, "false", "(x + y + 1) >> 1"),         \
      XFENCE_SIMD_LANES("vhaddu" n, bits, "false", "(x + y) >> 1"),            \
      XFENCE_SIMD_LANES("vcmpeq" n, bits, "false", "x == y ? -1 : 0"),         \
      XFENCE_SIMD_LANES("vcmpne" n, bits, "false", "x != y ? -1 : 0"),         \
      XFENCE_SIMD_LANES("vcmpges" n, bits, "true", "x >= y ? -1 : 0"),         \
      XFENCE_SIMD_LANES("vcmpgeu" n, bits, "false", "x >= y ? -1 : 0"),        \
      XFENCE_SIMD_LANES("vcmpgts" n, bits, "true", "x > y ? -1 : 0"),          \
      XFENCE_SIMD_LANES("vcmpgtu" n, bits, "false", "x > y ? -1 : 0"),         \
      XFENCE_SIMD_LANES("vcmples" n, bits, "true", "x <= y ? -1 : 0"),         \
      XFENCE_SIMD_LANES("vcmpleu" n, bits, "false", "x <= y ? -1 : 0"),        \
      XFENCE_SIMD_LANES("vcmplts" n, bits, "true", "x < y ? -1 : 0"),          \
      XFENCE_SIMD_LANES("vcmpltu" n, bits, "false", "x < y ? -1 : 0"),         \
      XFENCE_SIMD_LANES("vseteq" n, bits, "false", "x == y"),                  \
      XFENCE_SIMD_LANES("vsetne" n, bits, "false", "x != y"),                  \
      XFENCE_SIMD_LANES("vsetges" n, bits, "true", "x >= y"),                  \
      XFENCE_SIMD_LANES("vsetgeu" n, bits, "false", "x >= y"),                 \
      XFENCE_SIMD_LANES("vsetgts" n, bits, "true", "x > y"),                   \
      XFENCE_SIMD_LANES("vsetgtu" n, bits, "false", "x > y"),                  \
      XFENCE_SIMD_LANES("vsetles" n, bits, "true", "x <= y"),                  \
      XFENCE_SIMD_LANES("vsetleu" n, bits, "false", "x <= y"),                 \
      XFENCE_SIMD_LANES("vsetlts" n, bits, "true", "x < y"),                   \
      XFENCE_SIMD_LANES("vsetltu" n, bits, "false", "x < y"),                  \
      XFENCE_SIMD_UNARY("vabs" n, bits, "x < 0 ? -x : x"),                     \
      XFENCE_SIMD_UNARY("vabsss" n, bits, "x < 0 ? (-x > hi ? hi : -x) : x"),  \
      XFENCE_SIMD_UNARY("vneg" n, bits, "-x"),                                 \
      XFENCE_SIMD_UNARY("vnegss" n, bits, "-x > hi ? hi : -x"),                \
      XFENCE_SIMD_SAD("vsads" n, bits, "true"),                                \
      XFENCE_SIMD_SAD("vsadu" n, bits, "false")
/// CUDA's integer functions that HIP 5.2 and clang's HIP headers do not
/// declare (CUDA Math API: integer and SIMD intrinsics): each a helper of
/// the prelude by its own name, defined as CUDA documents it
/// (bench/hip-helpers compares them with CUDA's own on an NVIDIA GPU).
constexpr WarpHelper kMathHelpers[] = {
    {"umin", "xfence_umin",
     "__host__ __device__ inline unsigned int xfence_umin(unsigned int a,\n"
     "                                                    unsigned int b) {\n"
     "  return a < b ? a : b;\n"
     "}\n"},
    {"umax", "xfence_umax",
     "__host__ __device__ inline unsigned int xfence_umax(unsigned int a,\n"
     "                                                    unsigned int b) {\n"
     "  return a > b ? a : b;\n"
     "}\n"},
    {"llmin", "xfence_llmin",
     "__host__ __device__ inline long long xfence_llmin(long long a,\n"
     "                                                  long long b) {\n"
     "  return a < b ? a : b;\n"
     "}\n"},
    {"llmax", "xfence_llmax",
     "__host__ __device__ inline long long xfence_llmax(long long a,\n"
     "                                                  long long b) {\n"
     "  return a > b ? a : b;\n"
     "}\n"},
    {"ullmin", "xfence_ullmin",
     "__host__ __device__ inline unsigned long long\n"
     "xfence_ullmin(unsigned long long a, unsigned long long b) {\n"
     "  return a < b ? a : b;\n"
     "}\n"},
    {"ullmax", "xfence_ullmax",
     "__host__ __device__ inline unsigned long long\n"
     "xfence_ullmax(unsigned long long a, unsigned long long b) {\n"
     "  return a > b ? a : b;\n"
     "}\n"}, // CUDA's four-way byte dot product with a 32-bit accumulator
             // (HIP 5.2
    // lacks it): the sum wraps, as the instruction's does.
    {"__dp4a", "xfence_dp4a",
     "__host__ __device__ inline int xfence_dp4a(int a, int b, int c) {\n"
     "  unsigned int r = (unsigned int)c;\n"
     "  for (int i = 0; i < 32; i += 8)\n"
     "    r += (unsigned int)((int)(signed char)(a >> i) *\n"
     "                        (int)(signed char)(b >> i));\n"
     "  return (int)r;\n"
     "}\n"
     "__host__ __device__ inline unsigned int xfence_dp4a(unsigned int a,\n"
     "                                                    unsigned int b,\n"
     "                                                    unsigned int c) {\n"
     "  for (int i = 0; i < 32; i += 8)\n"
     "    c += ((a >> i) & 0xffu) * ((b >> i) & 0xffu);\n"
     "  return c;\n"
     "}\n"
     "__host__ __device__ inline int xfence_dp4a(char4 a, char4 b, int c) {\n"
     "  return xfence_dp4a(\n"
     "      (int)((unsigned char)a.x | (unsigned char)a.y << 8 |\n"
     "            (unsigned char)a.z << 16 | (unsigned int)(unsigned char)a.w "
     "<< 24),\n"
     "      (int)((unsigned char)b.x | (unsigned char)b.y << 8 |\n"
     "            (unsigned char)b.z << 16 | (unsigned int)(unsigned char)b.w "
     "<< 24),\n"
     "      c);\n"
     "}\n"
     "__host__ __device__ inline unsigned int xfence_dp4a(uchar4 a, uchar4 b,\n"
     "                                                    unsigned int c) {\n"
     "  return xfence_dp4a(\n"
     "      (unsigned int)a.x | a.y << 8 | a.z << 16 | (unsigned int)a.w << "
     "24,\n"
     "      (unsigned int)b.x | b.y << 8 | b.z << 16 | (unsigned int)b.w << "
     "24,\n"
     "      c);\n"
     "}\n"},
    XFENCE_SIMD_ENTRY("vmaxs4", "8", "true", "true"),
    XFENCE_SIMD_ENTRY("vmaxu4", "8", "false", "true"),
    XFENCE_SIMD_ENTRY("vmins4", "8", "true", "false"),
    XFENCE_SIMD_ENTRY("vminu4", "8", "false", "false"),
    XFENCE_SIMD_ENTRY("vmaxs2", "16", "true", "true"),
    XFENCE_SIMD_ENTRY("vmaxu2", "16", "false", "true"),
    XFENCE_SIMD_ENTRY("vmins2", "16", "true", "false"),
    XFENCE_SIMD_ENTRY("vminu2", "16", "false", "false"),
    XFENCE_SIMD_FAMILY("4", "8"),
    XFENCE_SIMD_FAMILY("2", "16"),
    // sm_90's: the three-operand ones, with `_relu` (a result below zero
    // is zero), and those that also say which operand won.
    {"__vimax3_s32", "xfence_vimax3_s32",
     "__host__ __device__ inline int xfence_vimax3_s32(int a, int b, int c) {\n"
     "  return ((a > b ? a : b) > c ? (a > b ? a : b) : c);\n"
     "}\n"},
    {"__vimax3_s32_relu", "xfence_vimax3_s32_relu",
     "__host__ __device__ inline int xfence_vimax3_s32_relu(int a, int b, int "
     "c) {\n"
     "  int r = ((a > b ? a : b) > c ? (a > b ? a : b) : c);\n"
     "  return r > 0 ? r : 0;\n"
     "}\n"},
    {"__viaddmax_s32", "xfence_viaddmax_s32",
     "__host__ __device__ inline int xfence_viaddmax_s32(int a, int b, int c) "
     "{\n"
     "  int s = (int)((unsigned int)a + (unsigned int)b);\n"
     "  return (s > c ? s : c);\n"
     "}\n"},
    {"__viaddmax_s32_relu", "xfence_viaddmax_s32_relu",
     "__host__ __device__ inline int xfence_viaddmax_s32_relu(int a, int b, "
     "int c) {\n"
     "  int s = (int)((unsigned int)a + (unsigned int)b);\n"
     "  int r = (s > c ? s : c);\n"
     "  return r > 0 ? r : 0;\n"
     "}\n"},
    {"__vimax_s32_relu", "xfence_vimax_s32_relu",
     "__host__ __device__ inline int xfence_vimax_s32_relu(int a, int b) {\n"
     "  int r = (a > b ? a : b);\n"
     "  return r > 0 ? r : 0;\n"
     "}\n"},
    {"__vibmax_s32", "xfence_vibmax_s32",
     "__host__ __device__ inline int xfence_vibmax_s32(int a, int b, bool "
     "*pred) {\n"
     "  *pred = a >= b;\n"
     "  return (a > b ? a : b);\n"
     "}\n"},
    {"__vimin3_s32", "xfence_vimin3_s32",
     "__host__ __device__ inline int xfence_vimin3_s32(int a, int b, int c) {\n"
     "  return ((a < b ? a : b) < c ? (a < b ? a : b) : c);\n"
     "}\n"},
    {"__vimin3_s32_relu", "xfence_vimin3_s32_relu",
     "__host__ __device__ inline int xfence_vimin3_s32_relu(int a, int b, int "
     "c) {\n"
     "  int r = ((a < b ? a : b) < c ? (a < b ? a : b) : c);\n"
     "  return r > 0 ? r : 0;\n"
     "}\n"},
    {"__viaddmin_s32", "xfence_viaddmin_s32",
     "__host__ __device__ inline int xfence_viaddmin_s32(int a, int b, int c) "
     "{\n"
     "  int s = (int)((unsigned int)a + (unsigned int)b);\n"
     "  return (s < c ? s : c);\n"
     "}\n"},
    {"__viaddmin_s32_relu", "xfence_viaddmin_s32_relu",
     "__host__ __device__ inline int xfence_viaddmin_s32_relu(int a, int b, "
     "int c) {\n"
     "  int s = (int)((unsigned int)a + (unsigned int)b);\n"
     "  int r = (s < c ? s : c);\n"
     "  return r > 0 ? r : 0;\n"
     "}\n"},
    {"__vimin_s32_relu", "xfence_vimin_s32_relu",
     "__host__ __device__ inline int xfence_vimin_s32_relu(int a, int b) {\n"
     "  int r = (a < b ? a : b);\n"
     "  return r > 0 ? r : 0;\n"
     "}\n"},
    {"__vibmin_s32", "xfence_vibmin_s32",
     "__host__ __device__ inline int xfence_vibmin_s32(int a, int b, bool "
     "*pred) {\n"
     "  *pred = a <= b;\n"
     "  return (a < b ? a : b);\n"
     "}\n"},
    {"__vimax3_u32", "xfence_vimax3_u32",
     "__host__ __device__ inline unsigned int xfence_vimax3_u32(unsigned int "
     "a, unsigned int b, unsigned int c) {\n"
     "  return ((a > b ? a : b) > c ? (a > b ? a : b) : c);\n"
     "}\n"},
    {"__viaddmax_u32", "xfence_viaddmax_u32",
     "__host__ __device__ inline unsigned int xfence_viaddmax_u32(unsigned int "
     "a, unsigned int b, unsigned int c) {\n"
     "  unsigned int s = (unsigned int)((unsigned int)a + (unsigned int)b);\n"
     "  return (s > c ? s : c);\n"
     "}\n"},
    {"__vibmax_u32", "xfence_vibmax_u32",
     "__host__ __device__ inline unsigned int xfence_vibmax_u32(unsigned int "
     "a, unsigned int b, bool *pred) {\n"
     "  *pred = a >= b;\n"
     "  return (a > b ? a : b);\n"
     "}\n"},
    {"__vimin3_u32", "xfence_vimin3_u32",
     "__host__ __device__ inline unsigned int xfence_vimin3_u32(unsigned int "
     "a, unsigned int b, unsigned int c) {\n"
     "  return ((a < b ? a : b) < c ? (a < b ? a : b) : c);\n"
     "}\n"},
    {"__viaddmin_u32", "xfence_viaddmin_u32",
     "__host__ __device__ inline unsigned int xfence_viaddmin_u32(unsigned int "
     "a, unsigned int b, unsigned int c) {\n"
     "  unsigned int s = (unsigned int)((unsigned int)a + (unsigned int)b);\n"
     "  return (s < c ? s : c);\n"
     "}\n"},
    {"__vibmin_u32", "xfence_vibmin_u32",
     "__host__ __device__ inline unsigned int xfence_vibmin_u32(unsigned int "
     "a, unsigned int b, bool *pred) {\n"
     "  *pred = a <= b;\n"
     "  return (a < b ? a : b);\n"
     "}\n"},
    {"__vimax3_s16x2", "xfence_vimax3_s16x2",
     "__host__ __device__ inline unsigned int xfence_vimax3_s16x2(unsigned int "
     "a, unsigned int b,\n"
     "    unsigned int c) {\n"
     "  return xfence_simd_lanes<16, true>(xfence_simd_lanes<16, true>(a, b, "
     "[](int x, int y, int, int) { return x > y ? x : y; }), c, [](int x, int "
     "y, int, int) { return x > y ? x : y; });\n"
     "}\n"},
    {"__vimax3_s16x2_relu", "xfence_vimax3_s16x2_relu",
     "__host__ __device__ inline unsigned int "
     "xfence_vimax3_s16x2_relu(unsigned int a,\n"
     "    unsigned int b, unsigned int c) {\n"
     "  unsigned int r = xfence_simd_lanes<16, true>(xfence_simd_lanes<16, "
     "true>(a, b, [](int x, int y, int, int) { return x > y ? x : y; }), c, "
     "[](int x, int y, int, int) { return x > y ? x : y; });\n"
     "  return xfence_simd_lanes<16, true>(r, 0u, [](int x, int, int, int) { "
     "return x > 0 ? x : 0; });\n"
     "}\n"},
    {"__viaddmax_s16x2", "xfence_viaddmax_s16x2",
     "__host__ __device__ inline unsigned int xfence_viaddmax_s16x2(unsigned "
     "int a, unsigned int b,\n"
     "    unsigned int c) {\n"
     "  return xfence_simd_lanes<16, true>(xfence_simd_lanes<16, false>(a, b, "
     "[](int x, int y, int, int) { return x + y; }), c, [](int x, int y, int, "
     "int) { return x > y ? x : y; });\n"
     "}\n"},
    {"__viaddmax_s16x2_relu", "xfence_viaddmax_s16x2_relu",
     "__host__ __device__ inline unsigned int "
     "xfence_viaddmax_s16x2_relu(unsigned int a,\n"
     "    unsigned int b, unsigned int c) {\n"
     "  unsigned int r = xfence_simd_lanes<16, true>(xfence_simd_lanes<16, "
     "false>(a, b, [](int x, int y, int, int) { return x + y; }), c, [](int x, "
     "int y, int, int) { return x > y ? x : y; });\n"
     "  return xfence_simd_lanes<16, true>(r, 0u, [](int x, int, int, int) { "
     "return x > 0 ? x : 0; });\n"
     "}\n"},
    {"__vimax_s16x2_relu", "xfence_vimax_s16x2_relu",
     "__host__ __device__ inline unsigned int xfence_vimax_s16x2_relu(unsigned "
     "int a,\n"
     "    unsigned int b) {\n"
     "  unsigned int r = xfence_simd_lanes<16, true>(a, b, [](int x, int y, "
     "int, int) { return x > y ? x : y; });\n"
     "  return xfence_simd_lanes<16, true>(r, 0u, [](int x, int, int, int) { "
     "return x > 0 ? x : 0; });\n"
     "}\n"},
    {"__vibmax_s16x2", "xfence_vibmax_s16x2",
     "__host__ __device__ inline unsigned int xfence_vibmax_s16x2(unsigned int "
     "a,\n"
     "    unsigned int b, bool *pred_hi, bool *pred_lo) {\n"
     "  unsigned int r = xfence_simd_lanes<16, true>(a, b, [](int x, int y, "
     "int, int) { return x > y ? x : y; });\n"
     "  *pred_hi = (r >> 16) == (a >> 16);\n"
     "  *pred_lo = (r & 0xffffu) == (a & 0xffffu);\n"
     "  return r;\n"
     "}\n"},
    {"__vimin3_s16x2", "xfence_vimin3_s16x2",
     "__host__ __device__ inline unsigned int xfence_vimin3_s16x2(unsigned int "
     "a, unsigned int b,\n"
     "    unsigned int c) {\n"
     "  return xfence_simd_lanes<16, true>(xfence_simd_lanes<16, true>(a, b, "
     "[](int x, int y, int, int) { return x < y ? x : y; }), c, [](int x, int "
     "y, int, int) { return x < y ? x : y; });\n"
     "}\n"},
    {"__vimin3_s16x2_relu", "xfence_vimin3_s16x2_relu",
     "__host__ __device__ inline unsigned int "
     "xfence_vimin3_s16x2_relu(unsigned int a,\n"
     "    unsigned int b, unsigned int c) {\n"
     "  unsigned int r = xfence_simd_lanes<16, true>(xfence_simd_lanes<16, "
     "true>(a, b, [](int x, int y, int, int) { return x < y ? x : y; }), c, "
     "[](int x, int y, int, int) { return x < y ? x : y; });\n"
     "  return xfence_simd_lanes<16, true>(r, 0u, [](int x, int, int, int) { "
     "return x > 0 ? x : 0; });\n"
     "}\n"},
    {"__viaddmin_s16x2", "xfence_viaddmin_s16x2",
     "__host__ __device__ inline unsigned int xfence_viaddmin_s16x2(unsigned "
     "int a, unsigned int b,\n"
     "    unsigned int c) {\n"
     "  return xfence_simd_lanes<16, true>(xfence_simd_lanes<16, false>(a, b, "
     "[](int x, int y, int, int) { return x + y; }), c, [](int x, int y, int, "
     "int) { return x < y ? x : y; });\n"
     "}\n"},
    {"__viaddmin_s16x2_relu", "xfence_viaddmin_s16x2_relu",
     "__host__ __device__ inline unsigned int "
     "xfence_viaddmin_s16x2_relu(unsigned int a,\n"
     "    unsigned int b, unsigned int c) {\n"
     "  unsigned int r = xfence_simd_lanes<16, true>(xfence_simd_lanes<16, "
     "false>(a, b, [](int x, int y, int, int) { return x + y; }), c, [](int x, "
     "int y, int, int) { return x < y ? x : y; });\n"
     "  return xfence_simd_lanes<16, true>(r, 0u, [](int x, int, int, int) { "
     "return x > 0 ? x : 0; });\n"
     "}\n"},
    {"__vimin_s16x2_relu", "xfence_vimin_s16x2_relu",
     "__host__ __device__ inline unsigned int xfence_vimin_s16x2_relu(unsigned "
     "int a,\n"
     "    unsigned int b) {\n"
     "  unsigned int r = xfence_simd_lanes<16, true>(a, b, [](int x, int y, "
     "int, int) { return x < y ? x : y; });\n"
     "  return xfence_simd_lanes<16, true>(r, 0u, [](int x, int, int, int) { "
     "return x > 0 ? x : 0; });\n"
     "}\n"},
    {"__vibmin_s16x2", "xfence_vibmin_s16x2",
     "__host__ __device__ inline unsigned int xfence_vibmin_s16x2(unsigned int "
     "a,\n"
     "    unsigned int b, bool *pred_hi, bool *pred_lo) {\n"
     "  unsigned int r = xfence_simd_lanes<16, true>(a, b, [](int x, int y, "
     "int, int) { return x < y ? x : y; });\n"
     "  *pred_hi = (r >> 16) == (a >> 16);\n"
     "  *pred_lo = (r & 0xffffu) == (a & 0xffffu);\n"
     "  return r;\n"
     "}\n"},
    {"__vimax3_u16x2", "xfence_vimax3_u16x2",
     "__host__ __device__ inline unsigned int xfence_vimax3_u16x2(unsigned int "
     "a, unsigned int b,\n"
     "    unsigned int c) {\n"
     "  return xfence_simd_lanes<16, false>(xfence_simd_lanes<16, false>(a, b, "
     "[](int x, int y, int, int) { return x > y ? x : y; }), c, [](int x, int "
     "y, int, int) { return x > y ? x : y; });\n"
     "}\n"},
    {"__viaddmax_u16x2", "xfence_viaddmax_u16x2",
     "__host__ __device__ inline unsigned int xfence_viaddmax_u16x2(unsigned "
     "int a, unsigned int b,\n"
     "    unsigned int c) {\n"
     "  return xfence_simd_lanes<16, false>(xfence_simd_lanes<16, false>(a, b, "
     "[](int x, int y, int, int) { return x + y; }), c, [](int x, int y, int, "
     "int) { return x > y ? x : y; });\n"
     "}\n"},
    {"__vibmax_u16x2", "xfence_vibmax_u16x2",
     "__host__ __device__ inline unsigned int xfence_vibmax_u16x2(unsigned int "
     "a,\n"
     "    unsigned int b, bool *pred_hi, bool *pred_lo) {\n"
     "  unsigned int r = xfence_simd_lanes<16, false>(a, b, [](int x, int y, "
     "int, int) { return x > y ? x : y; });\n"
     "  *pred_hi = (r >> 16) == (a >> 16);\n"
     "  *pred_lo = (r & 0xffffu) == (a & 0xffffu);\n"
     "  return r;\n"
     "}\n"},
    {"__vimin3_u16x2", "xfence_vimin3_u16x2",
     "__host__ __device__ inline unsigned int xfence_vimin3_u16x2(unsigned int "
     "a, unsigned int b,\n"
     "    unsigned int c) {\n"
     "  return xfence_simd_lanes<16, false>(xfence_simd_lanes<16, false>(a, b, "
     "[](int x, int y, int, int) { return x < y ? x : y; }), c, [](int x, int "
     "y, int, int) { return x < y ? x : y; });\n"
     "}\n"},
    {"__viaddmin_u16x2", "xfence_viaddmin_u16x2",
     "__host__ __device__ inline unsigned int xfence_viaddmin_u16x2(unsigned "
     "int a, unsigned int b,\n"
     "    unsigned int c) {\n"
     "  return xfence_simd_lanes<16, false>(xfence_simd_lanes<16, false>(a, b, "
     "[](int x, int y, int, int) { return x + y; }), c, [](int x, int y, int, "
     "int) { return x < y ? x : y; });\n"
     "}\n"},
    {"__vibmin_u16x2", "xfence_vibmin_u16x2",
     "__host__ __device__ inline unsigned int xfence_vibmin_u16x2(unsigned int "
     "a,\n"
     "    unsigned int b, bool *pred_hi, bool *pred_lo) {\n"
     "  unsigned int r = xfence_simd_lanes<16, false>(a, b, [](int x, int y, "
     "int, int) { return x < y ? x : y; });\n"
     "  *pred_hi = (r >> 16) == (a >> 16);\n"
     "  *pred_lo = (r & 0xffffu) == (a & 0xffffu);\n"
     "  return r;\n"
     "}\n"},
};
#undef XFENCE_SIMD_ENTRY
#undef XFENCE_SIMD_LANES
#undef XFENCE_SIMD_UNARY
#undef XFENCE_SIMD_SAD
#undef XFENCE_SIMD_CLAMP
#undef XFENCE_SIMD_FAMILY

/// CUDA's dim3 converts from a uint3 (its constructor `dim3(uint3)`); HIP
/// 5.2's has no such constructor (the CUDA samples' fluidsGL launches with
/// `uint3 grid = make_uint3(...)`). A conversion goes through this helper.
constexpr llvm::StringLiteral kDim3FromUint3 =
    "__host__ __device__ inline dim3 xfence_dim3(uint3 v) {\n"
    "  return dim3(v.x, v.y, v.z);\n"
    "}\n";

/// CUDA's meta_group_rank() and meta_group_size() of a thread_block_tile of
/// N threads cut from the thread block (rewriteMetaGroup). The block's
/// thread rank is CUDA's thread_block::thread_rank().
constexpr llvm::StringLiteral kMetaGroup =
    "__device__ inline unsigned int xfence_block_thread_rank() {\n"
    "  return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x +\n"
    "         threadIdx.x;\n"
    "}\n"
    "template <unsigned int N>\n"
    "__device__ inline unsigned int xfence_meta_group_rank() {\n"
    "  return xfence_block_thread_rank() / N;\n"
    "}\n"
    "template <unsigned int N>\n"
    "__device__ inline unsigned int xfence_meta_group_size() {\n"
    "  return (blockDim.x * blockDim.y * blockDim.z + N - 1) / N;\n"
    "}\n";

/// <cooperative_groups/reduce.h>, which HIP 5.2 lacks: cooperative_groups'
/// reduce over a thread_block_tile and its operators, in HIP's namespace
/// cooperative_groups so that the user's text stays. A butterfly of the
/// tile's shuffles (a tile has a power-of-two size): every thread of the
/// tile ends with the whole tile's result, as CUDA's does; `less` keeps
/// the lesser value and `greater` the greater (CUDA's reduce operators).
/// Over another group (a coalesced_group: any number of lanes) there is no
/// overload, and the call is refused.
constexpr llvm::StringLiteral kCgReduce =
    "// CUDA's <cooperative_groups/reduce.h> over a thread_block_tile "
    "(docs/cuda-to-hip.md).\n"
    "#include <hip/hip_cooperative_groups.h>\n"
    "namespace cooperative_groups {\n"
    "template <typename T> struct plus {\n"
    "  __device__ T operator()(T a, T b) const { return a + b; }\n"
    "};\n"
    "template <typename T> struct less {\n"
    "  __device__ T operator()(T a, T b) const { return b < a ? b : a; }\n"
    "};\n"
    "template <typename T> struct greater {\n"
    "  __device__ T operator()(T a, T b) const { return a < b ? b : a; }\n"
    "};\n"
    "template <typename T> struct bit_and {\n"
    "  __device__ T operator()(T a, T b) const { return a & b; }\n"
    "};\n"
    "template <typename T> struct bit_or {\n"
    "  __device__ T operator()(T a, T b) const { return a | b; }\n"
    "};\n"
    "template <typename T> struct bit_xor {\n"
    "  __device__ T operator()(T a, T b) const { return a ^ b; }\n"
    "};\n"
    "template <unsigned int N, class P, typename T, typename Op>\n"
    "__device__ T reduce(const thread_block_tile<N, P> &g, T v, Op op) {\n"
    "  for (unsigned int d = N / 2; d > 0; d /= 2)\n"
    "    v = op(v, g.shfl_xor(v, d));\n"
    "  return v;\n"
    "}\n"
    "} // namespace cooperative_groups\n";

/// The prelude's text before the helpers it uses.
constexpr llvm::StringLiteral kWarpBits =
    "// CUDA's warp functions: a warp of 32 lanes is a wavefront of 32 or "
    "one half\n"
    "// of a wavefront of 64, in lockstep (docs/cuda-to-hip.md).\n"
    "__device__ inline unsigned xfence_warp_bits(unsigned long long lanes) "
    "{\n"
    "  return (unsigned)(lanes >> (__lane_id() & 32u));\n"
    "}\n";

constexpr WarpHelper kWarpHelpers[] = {
    {"__shfl_sync", "xfence_shfl_sync",
     "template <typename T>\n"
     "__device__ inline auto xfence_shfl_sync(unsigned, T var, int srcLane,\n"
     "                                        int width = 32)\n"
     "    -> decltype(__shfl(var, srcLane, width)) {\n"
     "  return __shfl(var, srcLane & (width - 1), width);\n"
     "}\n"},
    {"__shfl_up_sync", "xfence_shfl_up_sync",
     "template <typename T>\n"
     "__device__ inline auto xfence_shfl_up_sync(unsigned, T var,\n"
     "                                           unsigned delta, int width = "
     "32)\n"
     "    -> decltype(__shfl_up(var, delta, width)) {\n"
     "  return __shfl_up(var, delta & 31u, width);\n"
     "}\n"},
    {"__shfl_down_sync", "xfence_shfl_down_sync",
     "template <typename T>\n"
     "__device__ inline auto xfence_shfl_down_sync(unsigned, T var,\n"
     "                                             unsigned delta,\n"
     "                                             int width = 32)\n"
     "    -> decltype(__shfl_down(var, delta, width)) {\n"
     "  return __shfl_down(var, delta & 31u, width);\n"
     "}\n"},
    {"__shfl_xor_sync", "xfence_shfl_xor_sync",
     "template <typename T>\n"
     "__device__ inline auto xfence_shfl_xor_sync(unsigned, T var, int "
     "laneMask,\n"
     "                                            int width = 32)\n"
     "    -> decltype(__shfl_xor(var, laneMask, width)) {\n"
     "  return __shfl_xor(var, laneMask & 31, width);\n"
     "}\n"},
    {"__ballot_sync", "xfence_ballot_sync",
     "__device__ inline unsigned xfence_ballot_sync(unsigned, int predicate) "
     "{\n"
     "  return xfence_warp_bits(__ballot(predicate));\n"
     "}\n"},
    {"__activemask", "xfence_activemask",
     "__device__ inline unsigned xfence_activemask() {\n"
     "  return xfence_warp_bits(__ballot(1));\n"
     "}\n"},
    {"__any_sync", "xfence_any_sync",
     "__device__ inline int xfence_any_sync(unsigned, int predicate) {\n"
     "  return xfence_warp_bits(__ballot(predicate)) != 0u;\n"
     "}\n"},
    {"__all_sync", "xfence_all_sync",
     "__device__ inline int xfence_all_sync(unsigned, int predicate) {\n"
     "  return xfence_warp_bits(__ballot(predicate)) ==\n"
     "         xfence_warp_bits(__ballot(1));\n"
     "}\n"},
    {"__uni_sync", "xfence_uni_sync",
     "__device__ inline int xfence_uni_sync(unsigned, int predicate) {\n"
     "  unsigned voted = xfence_warp_bits(__ballot(predicate));\n"
     "  unsigned active = xfence_warp_bits(__ballot(1));\n"
     "  return voted == 0u || voted == active;\n"
     "}\n"},
};

/// CUDA's legacy atomic functions that HIP declares with the same meaning
/// (HIP 5.2, amd_hip_atomic.h: relaxed, at agent scope, or system scope
/// for _system, through the __hip_atomic builtins), for the same types.
/// Not atomicInc/atomicDec: HIP 5.2 binds them to an LLVM intrinsic that
/// LLVM 17 removed (clang 22 leaves an undefined call); the emitter writes
/// __builtin_amdgcn_atomic_inc32/dec32. HIP has no _block forms.
bool isSharedLegacyAtomic(llvm::StringRef name) {
  name.consume_back("_system");
  return llvm::StringSwitch<bool>(name)
      .Cases({"atomicAdd", "atomicSub", "atomicExch", "atomicMin", "atomicMax",
              "atomicAnd", "atomicOr", "atomicXor", "atomicCAS"},
             true)
      .Default(false);
}

/// True if `d` is declared in namespace `cuda` (libcu++).
bool inCudaNamespace(const clang::Decl *d) {
  for (const clang::DeclContext *dc = d->getDeclContext(); dc;
       dc = dc->getParent())
    if (auto *ns = llvm::dyn_cast<clang::NamespaceDecl>(dc))
      if (ns->getParent()->getRedeclContext()->isTranslationUnit())
        return ns->getName() == "cuda";
  return false;
}

/// The HIP spelling of a CUDA runtime name or macro, and of warpSize:
/// CUDA's is 32 (a warp of the helpers above), HIP's the wavefront's (64
/// on most AMD GPUs).
std::optional<std::string> hipSpelling(llvm::StringRef name) {
  if (name == "warpSize")
    return std::string("32");
  return hipRuntimeName(name);
}

/// The host API, the warp functions and libcu++ of the user's code.
class HipSyntax : public clang::DynamicRecursiveASTVisitor {
public:
  HipSyntax(SourceEdits &edits, llvm::ArrayRef<CudaSyncSite> sites)
      : edits(edits), src(edits.getSource()), sm(src.getSourceManager()) {
    for (const CudaSyncSite &site : sites)
      if (site.range)
        siteRanges.push_back(*site.range);
  }

  bool TraverseDecl(clang::Decl *d) override {
    if (d && !llvm::isa<clang::TranslationUnitDecl>(d) &&
        !src.isUserLocation(d->getLocation()))
      return true; // the toolkit's and the built-in declarations
    return clang::DynamicRecursiveASTVisitor::TraverseDecl(d);
  }

  /// cuda::atomic_ref<T, S> r(x) -> T *r = &(x): the operations on r are
  /// sites, written with the pointer.
  bool VisitVarDecl(clang::VarDecl *var) override {
    // `__grid_constant__ const T p`: HIP has no such attribute; a kernel's
    // argument by value is constant without it (where its address is taken,
    // the address of the kernel's own copy, read-only alike).
    if (const auto *grid = var->getAttr<clang::CUDAGridConstantAttr>();
        grid && llvm::isa<clang::ParmVarDecl>(var) && !grid->isImplicit()) {
      clang::SourceLocation at = sm.getExpansionLoc(grid->getLocation());
      if (src.isUserLocation(at)) {
        auto [file, offset] = sm.getDecomposedLoc(at);
        unsigned length =
            clang::Lexer::MeasureTokenLength(at, sm, src.getLangOpts());
        edits.replace({file, offset, offset + length},
                      "/* xfence: __grid_constant__ */");
      }
      return true;
    }
    bool isRef = false;
    std::optional<clang::QualType> value =
        atomicValueType(var->getType(), &isRef);
    if (!value || !isRef || llvm::isa<clang::ParmVarDecl>(var))
      return true;
    auto *construct =
        llvm::dyn_cast_or_null<clang::CXXConstructExpr>(var->getInit());
    std::optional<FileCharRange> whole =
        findRewriteRange(sm, src.getLangOpts(), var->getSourceRange());
    std::optional<FileCharRange> arg =
        construct && construct->getNumArgs() == 1 && whole
            ? findRangeInside(sm, src.getLangOpts(),
                              construct->getArg(0)->getSourceRange(), *whole)
            : std::nullopt;
    if (!arg) {
      error(var->getLocation(), "cannot rewrite this atomic_ref: expected "
                                "one made from one object, in one place");
      return true;
    }
    siteRanges.push_back(*whole);
    clang::PrintingPolicy policy(src.getLangOpts());
    llvm::StringRef text =
        sm.getBufferData(arg->file).slice(arg->begin, arg->end);
    edits.replace(*whole, value->getAsString(policy) + " *" +
                              var->getName().str() + " = &(" + text.str() +
                              ")");
    return true;
  }

  bool VisitFunctionDecl(clang::FunctionDecl *f) override {
    if (clashesWithHipHostFunction(f))
      renameUserToken(f->getLocation(), f->getName().str() + "_");
    if (isHipMemberVectorOperator(f))
      removeDeclaration(f, "/* xfence: " + f->getNameAsString() +
                               " on a vector type is a member of HIP's "
                               "vector types, component-wise as this was */");
    return true;
  }

  /// A compound assignment (`+=`, `*=`, ...) of the user's over one of
  /// CUDA's vector types that is, read on the AST, the component-wise one
  /// (helper_math.h's): HIP's vector types have it as a member, with the
  /// same meaning, and the two would be ambiguous at every use. The user's
  /// goes; its uses stay.
  bool isHipMemberVectorOperator(const clang::FunctionDecl *f) {
    if (!f->isOverloadedOperator() || !src.isUserLocation(f->getLocation()))
      return false;
    const clang::FunctionDecl *def = f->getDefinition();
    if (!def ||
        !llvm::is_contained(
            {clang::OO_PlusEqual, clang::OO_MinusEqual, clang::OO_StarEqual,
             clang::OO_SlashEqual, clang::OO_PercentEqual, clang::OO_AmpEqual,
             clang::OO_PipeEqual, clang::OO_CaretEqual, clang::OO_LessLessEqual,
             clang::OO_GreaterGreaterEqual},
            def->getOverloadedOperator()))
      return false;
    auto [it, inserted] = vectorOperators.try_emplace(def, false);
    if (inserted)
      it->second = isComponentwiseVectorOperator(def, src);
    return it->second;
  }

  /// Takes `f`'s declaration away (with the attributes before it and, for
  /// a prototype, its `;`), leaving `note`.
  void removeDeclaration(const clang::FunctionDecl *f,
                         const std::string &note) {
    const clang::LangOptions &lo = src.getLangOpts();
    clang::SourceLocation first = sm.getExpansionLoc(f->getBeginLoc());
    for (const clang::Attr *a : f->attrs()) {
      if (a->isImplicit() || a->getLocation().isInvalid())
        continue;
      clang::SourceLocation at = sm.getExpansionLoc(a->getLocation());
      if (sm.getFileID(at) == sm.getFileID(first) &&
          sm.isBeforeInTranslationUnit(at, first))
        first = at;
    }
    clang::SourceLocation last = sm.getExpansionRange(f->getEndLoc()).getEnd();
    if (sm.getFileID(first) != sm.getFileID(last) ||
        !src.isUserLocation(first)) {
      error(f->getLocation(), "cannot rewrite this text");
      return;
    }
    unsigned end =
        sm.getFileOffset(last) + clang::Lexer::MeasureTokenLength(last, sm, lo);
    if (!f->doesThisDeclarationHaveABody()) {
      clang::SourceLocation semi = clang::Lexer::findLocationAfterToken(
          last, clang::tok::semi, sm, lo, false);
      if (semi.isValid())
        end = sm.getFileOffset(semi);
    }
    edits.replace({sm.getFileID(first), sm.getFileOffset(first), end}, note);
  }

  /// `cub::` -> `hipcub::`: hipCUB declares CUB's interface in namespace
  /// hipcub (the qualifiers of the user's text, and `using namespace cub`).
  bool
  TraverseNestedNameSpecifierLoc(clang::NestedNameSpecifierLoc q) override {
    if (!q)
      return true;
    if (clang::NestedNameSpecifier n = q.getNestedNameSpecifier();
        n.getKind() == clang::NestedNameSpecifier::Kind::Namespace &&
        isCubNamespace(n.getAsNamespaceAndPrefix().Namespace))
      renameUserToken(q.getLocalBeginLoc(), "hipcub");
    return clang::DynamicRecursiveASTVisitor::TraverseNestedNameSpecifierLoc(q);
  }
  bool VisitUsingDirectiveDecl(clang::UsingDirectiveDecl *u) override {
    if (isCubNamespace(u->getNominatedNamespace()))
      renameUserToken(u->getIdentLocation(), "hipcub");
    return true;
  }
  bool isCubNamespace(const clang::NamedDecl *ns) const {
    return ns && ns->getIdentifier() && ns->getName() == "cub" &&
           ns->getDeclContext()->getRedeclContext()->isTranslationUnit() &&
           !src.isUserLocation(ns->getLocation());
  }

  /// A member of cudaDeviceProp: HIP's name for it (hipDevicePropField),
  /// or an error where hipDeviceProp_t lacks it.
  bool VisitMemberExpr(clang::MemberExpr *e) override {
    const auto *field = llvm::dyn_cast<clang::FieldDecl>(e->getMemberDecl());
    const clang::RecordDecl *record = field ? field->getParent() : nullptr;
    if (!record || !record->getIdentifier() ||
        record->getName() != "cudaDeviceProp" ||
        src.isUserLocation(record->getLocation()) ||
        insideSite(e->getMemberLoc()))
      return true;
    std::optional<std::string> hip = hipDevicePropField(field->getName());
    if (!hip)
      error(e->getMemberLoc(), "'cudaDeviceProp::" + field->getName().str() +
                                   "' has no member of HIP's hipDeviceProp_t "
                                   "that xfence knows");
    else if (*hip != field->getName())
      renameUserToken(e->getMemberLoc(), *hip);
    return true;
  }

  bool VisitDeclRefExpr(clang::DeclRefExpr *e) override {
    if (!droppedCases.contains(e))
      rename(e->getDecl(), e->getLocation());
    return true;
  }
  /// `tile.meta_group_rank()` and `tile.meta_group_size()` of a
  /// thread_block_tile, which HIP 5.2's tiles lack: the tile's index among
  /// the tiles its parent was cut into, and their number. Where the parent
  /// is the thread block (CUDA's type names it, `thread_block_tile<32,
  /// thread_block>`, or the tiled_partition that initialized the variable
  /// does), tiles are N consecutive thread ranks of the block. HIP 5.2
  /// cannot cut a tile from a tile; any other parent is an error.
  /// (A member call, or a call of the static member of a tile whose type
  /// names the block as parent.)
  void rewriteMetaGroup(const clang::CallExpr *call) {
    const auto *member = llvm::dyn_cast<clang::MemberExpr>(
        call->getCallee()->IgnoreParenImpCasts());
    const auto *method =
        member ? llvm::dyn_cast<clang::CXXMethodDecl>(member->getMemberDecl())
               : nullptr;
    if (!method || !method->getIdentifier() || call->getNumArgs() != 0 ||
        !llvm::is_contained({"meta_group_rank", "meta_group_size"},
                            method->getName()) ||
        src.isUserLocation(method->getLocation()) ||
        !isInNamespace(method, "cooperative_groups"))
      return;
    // The tile as written: the call's object is converted to the base
    // class that declares the method.
    const clang::Expr *object = member->getBase()->IgnoreParenImpCasts();
    clang::QualType type = object->getType();
    if (type->isPointerType())
      type = type->getPointeeType();
    // The tile's size N and the parent its type names, if any (another
    // group: no size, an error below).
    const auto *tile =
        llvm::dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(
            type->getAsCXXRecordDecl());
    std::optional<uint64_t> size;
    clang::QualType parent;
    if (tile && tile->getName() == "thread_block_tile" &&
        tile->getTemplateArgs().size() > 0 &&
        tile->getTemplateArgs()[0].getKind() ==
            clang::TemplateArgument::Integral) {
      size = tile->getTemplateArgs()[0].getAsIntegral().getZExtValue();
      if (tile->getTemplateArgs().size() > 1 &&
          tile->getTemplateArgs()[1].getKind() == clang::TemplateArgument::Type)
        parent = tile->getTemplateArgs()[1].getAsType();
    }
    // `thread_block_tile<32> tile = tiled_partition<32>(block);` names no
    // parent in its type (CUDA keeps it at run time): the parent is the
    // argument of the partition that initialized the variable, which
    // nothing assigns to afterwards.
    const clang::Expr *from = partitionedFrom(object);
    if (size && (parent.isNull() || parent->isVoidType()) && from)
      parent = from->getType();
    std::string helper = "xfence_" + method->getName().str();
    const clang::CXXRecordDecl *parentRecord =
        parent.isNull() ? nullptr : parent->getAsCXXRecordDecl();
    if (parentRecord && parentRecord->getIdentifier() &&
        parentRecord->getName() == "thread_block")
      helper += "<" + std::to_string(*size) + ">()";
    else
      size.reset();
    std::optional<FileCharRange> text =
        findRewriteRange(sm, src.getLangOpts(), call->getSourceRange());
    // The tile's own text goes: a partition (of the block: its argument
    // has no effect but its value) or an expression without effects.
    bool pure = partitionCall(object) ||
                !object->HasSideEffects(method->getASTContext());
    if (!size || !text || !pure) {
      if (!insideSite(call->getBeginLoc()))
        error(call->getBeginLoc(),
              method->getName().str() + "() of a '" +
                  type.getAsString(clang::PrintingPolicy(src.getLangOpts())) +
                  "' has no HIP form that xfence writes (HIP 5.2's tiles "
                  "lack it; xfence computes it for a thread_block_tile cut "
                  "from the thread block)");
      return;
    }
    edits.replace(*text, helper, call->getBeginLoc());
    usedMetaGroup = true;
  }

  /// `e` as a call of `cooperative_groups::tiled_partition<N>(group)`
  /// (through the conversion of its result to a tile of unnamed parent).
  const clang::CallExpr *partitionCall(const clang::Expr *e) {
    const clang::Expr *init = e->IgnoreImplicit();
    while (true) {
      if (const auto *c = llvm::dyn_cast<clang::CXXConstructExpr>(init);
          c && c->getNumArgs() == 1)
        init = c->getArg(0)->IgnoreImplicit();
      else if (const auto *m =
                   llvm::dyn_cast<clang::MaterializeTemporaryExpr>(init))
        init = m->getSubExpr()->IgnoreImplicit();
      else if (const auto *conversion =
                   llvm::dyn_cast<clang::CXXMemberCallExpr>(init);
               conversion && llvm::isa_and_nonnull<clang::CXXConversionDecl>(
                                 conversion->getMethodDecl()))
        init = conversion->getImplicitObjectArgument()->IgnoreImplicit();
      else
        break;
    }
    const auto *call = llvm::dyn_cast<clang::CallExpr>(init);
    const clang::FunctionDecl *callee =
        call ? call->getDirectCallee() : nullptr;
    if (!callee || !callee->getIdentifier() ||
        callee->getName() != "tiled_partition" || call->getNumArgs() != 1 ||
        !isInNamespace(callee, "cooperative_groups"))
      return nullptr;
    return call;
  }

  /// The group that `object` (a local variable) was cut from: the argument
  /// of the `tiled_partition<N>(group)` that initialized it, where the
  /// function neither assigns to it, takes its address nor binds it to a
  /// non-const reference; or null.
  const clang::Expr *partitionedFrom(const clang::Expr *object) {
    if (const clang::CallExpr *call = partitionCall(object))
      return call->getArg(0); // the tile is the partition's result
    const auto *ref =
        llvm::dyn_cast<clang::DeclRefExpr>(object->IgnoreParenImpCasts());
    const auto *var =
        ref ? llvm::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr;
    if (!var || !var->isLocalVarDecl() || !var->getInit())
      return nullptr;
    const clang::CallExpr *call = partitionCall(var->getInit());
    if (!call)
      return nullptr;
    const auto *fn = llvm::dyn_cast_or_null<clang::FunctionDecl>(
        var->getParentFunctionOrMethod());
    if (!fn || !fn->getBody())
      return nullptr;
    bool changed = false;
    auto refersToVar = [&](const clang::Expr *e) {
      const auto *r =
          llvm::dyn_cast<clang::DeclRefExpr>(e->IgnoreParenImpCasts());
      return r && r->getDecl() == var;
    };
    std::function<void(const clang::Stmt *)> scan = [&](const clang::Stmt *s) {
      if (!s || changed)
        return;
      if (const auto *op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(s);
          op && op->isAssignmentOp() && op->getNumArgs() > 0 &&
          refersToVar(op->getArg(0)))
        changed = true;
      if (const auto *bin = llvm::dyn_cast<clang::BinaryOperator>(s);
          bin && bin->isAssignmentOp() && refersToVar(bin->getLHS()))
        changed = true;
      if (const auto *un = llvm::dyn_cast<clang::UnaryOperator>(s);
          un && un->getOpcode() == clang::UO_AddrOf &&
          refersToVar(un->getSubExpr()))
        changed = true;
      if (const auto *c = llvm::dyn_cast<clang::CallExpr>(s))
        if (const clang::FunctionDecl *f = c->getDirectCallee())
          for (unsigned i = 0; i < c->getNumArgs() && i < f->getNumParams();
               ++i) {
            clang::QualType param = f->getParamDecl(i)->getType();
            if (param->isReferenceType() &&
                !param->getPointeeType().isConstQualified() &&
                refersToVar(c->getArg(i)))
              changed = true;
          }
      for (const clang::Stmt *child : s->children())
        scan(child);
    };
    scan(fn->getBody());
    return changed ? nullptr : call->getArg(0);
  }

  /// `case CUFFT_MISSING_DEPENDENCY:` in a switch over a library's status
  /// (the error-string functions of the CUDA samples' helper_cuda.h): a
  /// status the HIP library does not declare is one it never returns, so
  /// the label is an entry no value takes; it goes (with a warning) and
  /// the statements under it stay. Visited before the label's name.
  bool VisitCaseStmt(clang::CaseStmt *c) override {
    const auto *ref =
        llvm::dyn_cast<clang::DeclRefExpr>(c->getLHS()->IgnoreParenImpCasts());
    const auto *status =
        ref ? llvm::dyn_cast<clang::EnumConstantDecl>(ref->getDecl()) : nullptr;
    if (!status || c->getRHS() || src.isUserLocation(status->getLocation()) ||
        !isMappedCudaName(status->getName()) ||
        hipSpelling(status->getName()) ||
        !src.isUserLocation(c->getKeywordLoc()) ||
        !c->getKeywordLoc().isFileID() || !c->getColonLoc().isFileID())
      return true;
    auto [file, begin] = sm.getDecomposedLoc(c->getKeywordLoc());
    unsigned end = sm.getFileOffset(c->getColonLoc()) + 1;
    edits.replace({file, begin, end}, "/* xfence: case " +
                                          status->getName().str() +
                                          ": (not in HIP's library) */");
    src.report(c->getKeywordLoc(), DiagnosticsEngine::Warning,
               "case label '" + status->getName().str() +
                   "' left out: HIP's library has no such value, so no "
                   "value it returns takes this case");
    droppedCases.insert(ref);
    return true;
  }
  bool VisitUnresolvedLookupExpr(clang::UnresolvedLookupExpr *e) override {
    if (e->getNumDecls())
      rename(*e->decls_begin(), e->getNameLoc());
    return true;
  }
  /// A dim3 made from a uint3 (kDim3FromUint3): in a launch's
  /// configuration, a declaration or a call.
  bool VisitCXXConstructExpr(clang::CXXConstructExpr *e) override {
    auto named = [](const clang::RecordDecl *r, llvm::StringRef name) {
      return r && r->getIdentifier() && r->getName() == name;
    };
    const clang::CXXConstructorDecl *ctor = e->getConstructor();
    if (e->getNumArgs() != 1 || !named(ctor->getParent(), "dim3") ||
        src.isUserLocation(ctor->getLocation()))
      return true;
    const clang::Expr *arg = e->getArg(0)->IgnoreImplicit();
    if (!named(arg->getType()->getAsRecordDecl(), "uint3"))
      return true;
    if (wrapText(arg, "xfence_dim3(", ")",
                 "cannot rewrite this conversion from uint3 to dim3, which "
                 "HIP's dim3 lacks"))
      usedDim3FromUint3 = true;
    return true;
  }
  bool VisitTypedefTypeLoc(clang::TypedefTypeLoc tl) override {
    rename(tl.getDecl(), tl.getNameLoc());
    return true;
  }
  bool VisitTagTypeLoc(clang::TagTypeLoc tl) override {
    rename(tl.getDecl(), tl.getNameLoc());
    dropTagKeyword(tl);
    return true;
  }
  bool VisitTemplateSpecializationTypeLoc(
      clang::TemplateSpecializationTypeLoc tl) override {
    if (clang::TemplateDecl *t =
            tl.getTypePtr()->getTemplateName().getAsTemplateDecl())
      rename(t, tl.getTemplateNameLoc());
    return true;
  }
  bool VisitCallExpr(clang::CallExpr *call) override {
    const clang::FunctionDecl *callee = call->getDirectCallee();
    castKernelArgument(call, callee);
    rewriteMetaGroup(call);
    castOverloadedArguments(call, callee);
    adaptRuntimeCall(call, callee);
    refuseDeviceRuntimeCall(call, callee);
    // The call as written (the instantiations are not visited).
    CalledFunction called = calledFunction(src, call);
    const std::string &name = called.name;
    bool declaredByUser = called.mayBeUsers;
    if (!name.empty() && isMaskedWarpFunction(name) && !declaredByUser)
      rewriteWarpCall(call, called);
    if (!name.empty() && !declaredByUser)
      castHipblasHalfArguments(call, name);
    if (callee && callee->getIdentifier() && callee->getName() == "reduce" &&
        call->getNumArgs() == 3 && !src.isUserLocation(callee->getLocation()) &&
        isInNamespace(callee, "cooperative_groups")) {
      const clang::CXXRecordDecl *group =
          call->getArg(0)->getType()->getAsCXXRecordDecl();
      if (!group || !group->getIdentifier() ||
          group->getName() != "thread_block_tile")
        error(call->getBeginLoc(),
              "cooperative_groups::reduce over a '" +
                  call->getArg(0)->getType().getAsString(
                      clang::PrintingPolicy(src.getLangOpts())) +
                  "' has no HIP form that xfence writes (over a "
                  "thread_block_tile it has)");
    }
    const WarpHelper *math = llvm::find_if(
        kMathHelpers, [&](const WarpHelper &h) { return h.cuda == name; });
    if (math != std::end(kMathHelpers) && !declaredByUser &&
        callHelper(call, called, *math))
      usedMathHelper[math - std::begin(kMathHelpers)] = true;
    return true;
  }

  /// The prelude's text of the math helpers that the calls use.
  std::string mathHelpers() const {
    std::string text;
    if (usedMetaGroup)
      text += kMetaGroup.str();
    if (usedDim3FromUint3)
      text += kDim3FromUint3.str();
    for (size_t i = 0; i < std::size(kMathHelpers); ++i)
      if (usedMathHelper[i] &&
          kMathHelpers[i].text.contains("xfence_simd_minmax<")) {
        text += kSimdMinMax.str();
        break;
      }
    for (size_t i = 0; i < std::size(kMathHelpers); ++i)
      if (usedMathHelper[i] &&
          (kMathHelpers[i].text.contains("xfence_simd_lanes<") ||
           kMathHelpers[i].text.contains("xfence_simd_sad<"))) {
        text += kSimdLanes.str();
        break;
      }
    for (size_t i = 0; i < std::size(kMathHelpers); ++i)
      if (usedMathHelper[i])
        text += kMathHelpers[i].text.str();
    return text;
  }

  /// The prelude's text of the warp helpers that the calls use.
  std::string warpHelpers() const {
    std::string text;
    for (size_t i = 0; i < std::size(kWarpHelpers); ++i)
      if (usedWarpHelper[i])
        text += kWarpHelpers[i].text.str();
    return text.empty() ? text : kWarpBits.str() + text;
  }

  bool failed = false;

private:
  /// A site's own text is replaced whole: the names in it are its
  /// operands' (kept, renamed) or the construct's own.
  bool insideSite(clang::SourceLocation loc) {
    auto [file, offset] = sm.getDecomposedLoc(sm.getSpellingLoc(loc));
    return llvm::any_of(
        siteRanges, [&, file = file, offset = offset](const FileCharRange &r) {
          return r.file == file && r.begin <= offset && offset < r.end;
        });
  }

  /// CUDA's runtime takes a kernel where HIP 5.2 takes `const void *`
  /// (CUDA has template overloads for kernels, HIP does not): the kernel
  /// argument is cast.
  void castKernelArgument(const clang::CallExpr *call,
                          const clang::FunctionDecl *callee) {
    // In a template, a call with a dependent argument names its callee
    // unresolved.
    const clang::NamedDecl *named = callee;
    if (!named)
      if (const auto *lookup = llvm::dyn_cast<clang::UnresolvedLookupExpr>(
              call->getCallee()->IgnoreParenImpCasts());
          lookup && lookup->getNumDecls())
        named = (*lookup->decls_begin())->getUnderlyingDecl();
    if (!named || !named->getIdentifier() ||
        src.isUserLocation(named->getLocation()))
      return;
    unsigned index =
        llvm::StringSwitch<unsigned>(named->getName())
            .Cases({"cudaFuncSetCacheConfig", "cudaLaunchKernel",
                    "cudaLaunchCooperativeKernel", "cudaFuncSetSharedMemConfig",
                    "cudaFuncSetAttribute"},
                   0)
            .Cases({"cudaFuncGetAttributes",
                    "cudaOccupancyMaxActiveBlocksPerMultiprocessor"},
                   1)
            .Default(~0u);
    if (index >= call->getNumArgs())
      return;
    const clang::Expr *arg = call->getArg(index)->IgnoreParenImpCasts();
    clang::QualType type = arg->getType();
    if (type->isPointerType())
      type = type->getPointeeType();
    // In a template, `kernel<T>` is an unresolved name of a function
    // template (the CUDA samples' MC_EstimatePiP).
    const auto *unresolved = llvm::dyn_cast<clang::UnresolvedLookupExpr>(arg);
    if (!type->isFunctionType() &&
        !(unresolved &&
          llvm::all_of(unresolved->decls(), [](const clang::NamedDecl *d) {
            return llvm::isa<clang::FunctionDecl, clang::FunctionTemplateDecl>(
                d->getUnderlyingDecl());
          })))
      return;
    wrapText(arg, "reinterpret_cast<const void *>(", ")",
             "cannot rewrite this kernel argument: HIP takes it as 'const "
             "void *'");
  }

  /// Writes `before` and `after` around `e`'s text; an error with
  /// `message` where the text cannot be rewritten (a macro's).
  bool wrapText(const clang::Expr *e, llvm::StringRef before,
                llvm::StringRef after, const std::string &message) {
    std::optional<FileCharRange> text =
        findRewriteRange(sm, src.getLangOpts(), e->getSourceRange());
    if (!text) {
      error(e->getBeginLoc(), message);
      return false;
    }
    if (!before.empty())
      edits.insertBefore(*text, before.str());
    edits.insertAfter(*text, after.str());
    return true;
  }

  /// CUDA's `min` and `max` have an overload for each pair of integer and
  /// floating types (`min(unsigned, int)` is `umin(a, (unsigned)b)`);
  /// HIP's clang declares `min(T, T)`, `min(int, int)`, `min(float,
  /// float)` and `min(double, double)`, and HIP's built-in indices
  /// (`blockDim.x`) are not `unsigned` but convert to it. A call that
  /// CUDA resolved with a conversion, or that passes a built-in index, is
  /// ambiguous in HIP (`min(rem, blockDim.x)` of the CUDA samples'
  /// eigenvalues). Each such argument is cast to the type CUDA's overload
  /// computes in, its return type, which makes HIP's call the same one.
  /// `__ffs` and `__ffsll` alike, to CUDA's parameter type (HIP 5.2 has
  /// both a signed and an unsigned overload).
  void castOverloadedArguments(const clang::CallExpr *call,
                               const clang::FunctionDecl *callee) {
    if (!callee || !callee->getIdentifier() ||
        src.isUserLocation(callee->getLocation()) ||
        callee->getNumParams() != call->getNumArgs())
      return;
    llvm::StringRef name = callee->getName();
    bool minMax = name == "min" || name == "max";
    if (!minMax && name != "__ffs" && name != "__ffsll")
      return;
    clang::ASTContext &ctx = src.getContext();
    for (unsigned i = 0; i < call->getNumArgs(); ++i) {
      clang::QualType target =
          minMax ? callee->getReturnType() : callee->getParamDecl(i)->getType();
      const clang::Expr *arg = call->getArg(i)->IgnoreParenImpCasts();
      if (ctx.hasSameUnqualifiedType(arg->getType(), target) &&
          !isBuiltinIndex(arg))
        continue;
      std::string type = target.getUnqualifiedType().getAsString(
          clang::PrintingPolicy(src.getLangOpts()));
      if (!wrapText(arg, "(" + type + ")(", ")",
                    "cannot rewrite this argument of '" + name.str() +
                        "': HIP's overloads need it as '" + type + "'"))
        return;
    }
  }

  /// cuBLAS's half-precision GEMMs take `__half` pointers, hipBLAS's
  /// `hipblasHalf` (uint16_t) pointers to the same 16 bits: each such
  /// argument is cast to hipBLAS's type. By the name as written, so that a
  /// call in a template (its arguments of a dependent type, as in a GEMM
  /// written once for half, float and double) is cast in the template's
  /// text.
  void castHipblasHalfArguments(const clang::CallExpr *call,
                                llvm::StringRef name) {
    for (const HipblasArgumentType &argument : hipblasHalfArguments(name)) {
      if (argument.index >= call->getNumArgs())
        return;
      if (!wrapText(call->getArg(argument.index)->IgnoreImpCasts(),
                    "(" + argument.type.str() + ")(", ")",
                    "cannot rewrite this argument of '" + name.str() +
                        "': hipBLAS takes it as '" + argument.type.str() + "'"))
        return;
    }
  }

  /// Runtime calls whose CUDA form HIP 5.2 declares otherwise:
  /// `cudaMallocPitch(&p, ...)` and `cudaHostGetDevicePointer(&p, ...)`
  /// with a typed pointer (CUDA's template overloads; HIP takes
  /// `void **` only) get the cast CUDA's template makes; `cudaMalloc3DArray`
  /// without its flags gets CUDA's default, 0 (HIP's has no default).
  void adaptRuntimeCall(const clang::CallExpr *call,
                        const clang::FunctionDecl *callee) {
    if (!callee || !callee->getIdentifier() ||
        src.isUserLocation(callee->getLocation()) || call->getNumArgs() == 0)
      return;
    llvm::StringRef name = callee->getName();
    // CUDA 13's cudaMemPrefetchAsync and cudaMemAdvise take a
    // cudaMemLocation where HIP's take a device number.
    if ((name == "cudaMemPrefetchAsync" || name == "cudaMemAdvise") &&
        llvm::any_of(callee->parameters(), [](const clang::ParmVarDecl *p) {
          const clang::RecordDecl *r = p->getType()->getAsRecordDecl();
          return r && r->getIdentifier() && r->getName() == "cudaMemLocation";
        })) {
      error(call->getBeginLoc(),
            "'" + name.str() +
                "' of CUDA 13 takes a cudaMemLocation; HIP's takes a device "
                "number, which xfence does not derive from it");
      return;
    }
    if ((name == "cudaMallocPitch" || name == "cudaHostGetDevicePointer") &&
        callee->getPrimaryTemplate()) {
      wrapText(call->getArg(0)->IgnoreParenImpCasts(), "(void **)(", ")",
               "cannot rewrite this argument of '" + name.str() +
                   "': HIP takes it as 'void **'");
      return;
    }
    // A last parameter that CUDA defaults (to 0) and HIP does not: the
    // call passes the 0.
    unsigned last = call->getNumArgs() - 1;
    if (last > 0 && call->getArg(last)->isDefaultArgument() &&
        hipLacksDefaultOfLastParameter(name))
      wrapText(call->getArg(last - 1), "", ", 0",
               "cannot rewrite this call of '" + name.str() +
                   "': HIP's has no default for its last argument");
  }

  /// CUDA's runtime functions that device code may call (the device
  /// runtime of dynamic parallelism: cudaGetErrorString, cudaGetLastError,
  /// cudaMalloc, ...): HIP has no device-side runtime API, so such a call in
  /// a kernel or a __device__ function is an error (HeCBench's
  /// logic-rewrite reports errors with cudaGetErrorString on the device).
  void refuseDeviceRuntimeCall(const clang::CallExpr *call,
                               const clang::FunctionDecl *callee) {
    if (!callee || !callee->getIdentifier() ||
        !callee->getName().starts_with("cuda") ||
        src.isUserLocation(callee->getLocation()) ||
        !callee->hasAttr<clang::CUDADeviceAttr>())
      return;
    const clang::FunctionDecl *caller = enclosingFunction(call);
    if (!caller || !(caller->hasAttr<clang::CUDAGlobalAttr>() ||
                     (caller->hasAttr<clang::CUDADeviceAttr>() &&
                      !caller->hasAttr<clang::CUDAHostAttr>())))
      return;
    error(call->getBeginLoc(),
          "'" + callee->getName().str() +
              "' in device code: HIP has no device-side runtime API");
  }

  /// The function whose body holds `s`, if any.
  const clang::FunctionDecl *enclosingFunction(const clang::Stmt *s) {
    clang::DynTypedNodeList parents = src.getContext().getParents(*s);
    while (!parents.empty()) {
      if (const auto *f = parents[0].get<clang::FunctionDecl>())
        return f;
      parents = src.getContext().getParents(parents[0]);
    }
    return nullptr;
  }

  /// `threadIdx.x`, `blockIdx.y`, `blockDim.z`, `gridDim.x`.
  /// (clang's CUDA headers declare them as properties: a pseudo-object
  /// whose syntactic form is the property reference).
  static bool isBuiltinIndex(const clang::Expr *e) {
    const auto *pseudo = llvm::dyn_cast<clang::PseudoObjectExpr>(e);
    const auto *property = pseudo
                               ? llvm::dyn_cast<clang::MSPropertyRefExpr>(
                                     pseudo->getSyntacticForm()->IgnoreParens())
                               : nullptr;
    if (!property)
      return false;
    const clang::Expr *base = property->getBaseExpr()->IgnoreParenImpCasts();
    if (const auto *opaque = llvm::dyn_cast<clang::OpaqueValueExpr>(base))
      base = opaque->getSourceExpr()->IgnoreParenImpCasts();
    const auto *ref = llvm::dyn_cast<clang::DeclRefExpr>(base);
    return ref &&
           llvm::is_contained({"threadIdx", "blockIdx", "blockDim", "gridDim"},
                              ref->getDecl()->getName());
  }

  void error(clang::SourceLocation loc, const std::string &message) {
    src.report(loc, DiagnosticsEngine::Error, message);
    failed = true;
  }

  /// A masked warp function's name becomes its helper's, where it is
  /// written (in a user macro's body: for every use of the macro, which
  /// calls the same function); the arguments stay as written.
  void rewriteWarpCall(const clang::CallExpr *call,
                       const CalledFunction &called) {
    const WarpHelper *helper =
        llvm::find_if(kWarpHelpers, [&](const WarpHelper &h) {
          return h.cuda == called.name;
        });
    if (helper == std::end(kWarpHelpers)) {
      error(call->getBeginLoc(),
            "'" + called.name +
                "' has no HIP form that xfence writes: HIP 5.2 has no "
                "masked warp functions (xfence writes the shuffles and "
                "votes with HIP's wavefront functions, not the match and "
                "reduce functions)");
      return;
    }
    if (called.mayBeUsers) {
      error(call->getBeginLoc(),
            "'" + called.name +
                "' in this template may call CUDA's function or the user's "
                "function of that name, depending on the instantiation: "
                "xfence cannot tell which to translate");
      return;
    }
    if (callHelper(call, called, *helper))
      usedWarpHelper[helper - std::begin(kWarpHelpers)] = true;
  }

  /// The called name becomes `helper`'s where it is written.
  bool callHelper(const clang::CallExpr *call, const CalledFunction &called,
                  const WarpHelper &helper) {
    std::optional<FileCharRange> range = calledNameText(src, called.nameRange);
    if (!range) {
      error(call->getBeginLoc(),
            "cannot translate this call of '" + called.name +
                "': its name is not text of the user's files that xfence "
                "can rewrite");
      return false;
    }
    edits.replace(*range, helper.helper.str(), called.nameRange.getBegin());
    return true;
  }

  /// HIP 5.2's headers define host functions `int min(int, int)` and
  /// `int max(int, int)`, which CUDA's do not: a user's host function of
  /// that signature (the "host implementations of CUDA functions" of
  /// helper_math.h) would be a redefinition. It and its uses get a
  /// trailing '_'.
  bool clashesWithHipHostFunction(const clang::NamedDecl *d) const {
    auto *f = llvm::dyn_cast_or_null<clang::FunctionDecl>(d);
    if (!f || !f->getIdentifier() || !src.isUserLocation(f->getLocation()) ||
        (f->getName() != "min" && f->getName() != "max") ||
        f->getNumParams() != 2 || !f->getDeclContext()->isFileContext())
      return false;
    for (const clang::ParmVarDecl *p : f->parameters())
      if (!p->getType()->isSpecificBuiltinType(clang::BuiltinType::Int))
        return false;
    return f->getReturnType()->isSpecificBuiltinType(clang::BuiltinType::Int);
  }

  /// Whether the name at `loc` is written `thrust::name`: Thrust's
  /// `pair`, `tuple`, `plus`, ... are libcu++'s (`cuda::std::`) brought into
  /// namespace thrust, and rocThrust declares them under the same names.
  bool writtenAsThrust(clang::SourceLocation loc) {
    clang::SourceLocation spelled = sm.getSpellingLoc(loc);
    if (!src.isUserLocation(spelled))
      return false;
    auto [file, offset] = sm.getDecomposedLoc(spelled);
    llvm::StringRef before = sm.getBufferData(file).take_front(offset).rtrim();
    if (!before.consume_back("::"))
      return false;
    before = before.rtrim();
    return before.ends_with("thrust") &&
           (before.size() == 6 ||
            !clang::isAsciiIdentifierContinue(before[before.size() - 7]));
  }

  /// Replaces the user's token at `loc` (where it is spelled) once.
  void renameUserToken(clang::SourceLocation loc, const std::string &to) {
    clang::SourceLocation spelled = sm.getSpellingLoc(loc);
    if (!src.isUserLocation(spelled))
      return;
    auto [file, offset] = sm.getDecomposedLoc(spelled);
    if (!renamed.insert({file, offset}).second)
      return;
    unsigned length =
        clang::Lexer::MeasureTokenLength(spelled, sm, src.getLangOpts());
    edits.replace({file, offset, offset + length}, to);
  }

  /// `struct cudaGraphicsResource *r`: the keyword cannot name HIP's
  /// typedef (isHipTypedefOnlyTag), so it goes with the space after it.
  void dropTagKeyword(clang::TagTypeLoc tl) {
    const clang::TagDecl *d = tl.getDecl();
    clang::SourceLocation keyword = tl.getElaboratedKeywordLoc();
    clang::SourceLocation name = tl.getNameLoc();
    if (keyword.isInvalid() || !keyword.isFileID() || !name.isFileID() ||
        !d->getIdentifier() || src.isUserLocation(d->getLocation()) ||
        !isHipTypedefOnlyTag(d->getName()) || !src.isUserLocation(keyword))
      return;
    auto [file, begin] = sm.getDecomposedLoc(keyword);
    edits.replace({file, begin, sm.getFileOffset(name)}, "");
  }

  void rename(const clang::NamedDecl *d, clang::SourceLocation loc) {
    if (d && clashesWithHipHostFunction(d)) {
      renameUserToken(loc, d->getName().str() + "_");
      return;
    }
    if (!d || !d->getIdentifier() || src.isUserLocation(d->getLocation()))
      return;
    llvm::StringRef name = d->getName();
    // What has no HIP form: libcu++ but its atomics and fences (the sites),
    // and CUDA's driver API (<cuda.h>: cuInit, CUresult, CUDA_SUCCESS),
    // where HIP has a driver API of its own that xfence does not map.
    std::string refusal =
        inCudaNamespace(d) && !writtenAsThrust(loc)
            ? "'cuda::" + name.str() +
                  "' (libcu++) has no HIP form that xfence knows; only its "
                  "atomic operations and fences are translated"
        : llvm::sys::path::filename(
              sm.getFilename(sm.getSpellingLoc(d->getLocation()))) == "cuda.h"
            ? "'" + name.str() +
                  "' is CUDA's driver API (<cuda.h>), which has no HIP "
                  "translation in xfence; its runtime API has "
                  "(docs/cuda-to-hip.md)"
            : "";
    if (!refusal.empty()) {
      if (!insideSite(loc))
        error(loc, refusal);
      return;
    }
    // The launch configuration call that clang's Sema adds to k<<<...>>>
    // has no text.
    bool warpSize = name == "warpSize" && llvm::isa<clang::VarDecl>(d);
    if ((!warpSize && !isMappedCudaName(name) &&
         !name.starts_with("make_cuda")) ||
        name == "cudaConfigureCall")
      return;
    // A name the text of a toolkit macro holds (`cublasSgemm` is cuBLAS's
    // macro for cublasSgemm_v2): the macro's name is what the user wrote,
    // renamed with the macros (renameRuntimeMacros).
    if (!src.isUserLocation(sm.getSpellingLoc(loc)))
      return;
    std::optional<std::string> hip = hipSpelling(name);
    if (!hip) {
      error(loc, "'" + name.str() +
                     "' has no HIP equivalent that xfence knows "
                     "(docs/cuda-to-hip.md lists the runtime API it maps)");
      return;
    }
    // The name as written: in the file, a macro argument, or a user
    // macro's body (edited once for all its expansions); not in a toolkit
    // macro's text.
    renameUserToken(loc, *hip);
  }

  SourceEdits &edits;
  ParsedSource &src;
  clang::SourceManager &sm;
  std::vector<FileCharRange> siteRanges;
  std::set<std::pair<clang::FileID, unsigned>> renamed;
  llvm::DenseSet<const clang::DeclRefExpr *> droppedCases;
  bool usedMetaGroup = false;
  bool usedDim3FromUint3 = false;
  llvm::DenseMap<const clang::FunctionDecl *, bool> vectorOperators;
  bool usedWarpHelper[std::size(kWarpHelpers)] = {};
  bool usedMathHelper[std::size(kMathHelpers)] = {};
};

/// `#include` directives of toolkit headers in the user's files.
LogicalResult rewriteIncludes(SourceEdits &edits, bool &cgReduce) {
  ParsedSource &src = edits.getSource();
  clang::SourceManager &sm = src.getSourceManager();
  llvm::StringSet<> userFiles;
  for (auto it = sm.fileinfo_begin(); it != sm.fileinfo_end(); ++it) {
    clang::FileID id = sm.translateFile(it->first);
    if (id.isValid() && src.isUserLocation(sm.getLocForStartOfFile(id)))
      userFiles.insert(llvm::sys::path::filename(it->first.getName()));
  }
  return mapUserIncludes(edits, "HIP", [&](llvm::StringRef header) {
    IncludeMapping mapping;
    if (userFiles.contains(llvm::sys::path::filename(header)))
      return mapping; // the user's own header (or a library's, found by -I)
    if (header == "cooperative_groups/reduce.h") {
      cgReduce = true;
      mapping.known = true;
      mapping.replacement = "// xfence: #include <" + header.str() +
                            "> (the prelude defines its reduce)";
      return mapping;
    }
    auto hip = hipHeadersFor(header, mapping.known);
    if (!hip)
      return mapping;
    if (hip->empty()) {
      mapping.replacement = "// xfence: #include <" + header.str() +
                            "> (the prelude includes <hip/hip_runtime.h>)";
      return mapping;
    }
    std::string text;
    for (llvm::StringRef name : *hip)
      text += (text.empty() ? "#include <" : "\n#include <") + name.str() + ">";
    mapping.replacement = text;
    return mapping;
  });
}

/// The include guard of the HIP library header that replaces the CUDA
/// library header whose guard is `cuda` (cuFFT, cuBLAS, cuRAND: the headers
/// rewriteIncludes maps), or "". hipFFT's, hipBLAS's and hipRAND's headers
/// of ROCm 5.3 define these.
llvm::StringRef hipLibraryGuard(llvm::StringRef cuda) {
  return llvm::StringSwitch<llvm::StringRef>(cuda)
      .Case("_CUFFT_H_", "HIPFFT_H_")
      .Case("CUBLAS_API_H_", "HIPBLAS_H")
      .Case("CUBLAS_V2_H_", "HIPBLAS_H")
      .Case("CURAND_H_", "HIPRAND_H_")
      .Case("CURAND_KERNEL_H_", "HIPRAND_KERNEL_H_")
      .Default("");
}

/// The runtime's names that are macros (`cudaHostAllocDefault`,
/// `cudaHostRegisterMapped`, `cudaStreamNonBlocking`): no declaration
/// refers to them, so the parse's macro expansions are read instead. Each
/// use in the user's text takes its HIP name, or is an error where the
/// table has none; a use in a user macro's body is renamed there, once.
bool renameRuntimeMacros(SourceEdits &edits) {
  ParsedSource &src = edits.getSource();
  clang::SourceManager &sm = src.getSourceManager();
  clang::PreprocessingRecord *record =
      src.getUnit().getPreprocessor().getPreprocessingRecord();
  if (!record)
    return true;
  clang::Preprocessor &pp = src.getUnit().getPreprocessor();
  bool ok = true;
  std::set<std::pair<clang::FileID, unsigned>> renamed;
  for (clang::PreprocessedEntity *entity : *record) {
    auto *expansion = llvm::dyn_cast_or_null<clang::MacroExpansion>(entity);
    if (!expansion || expansion->isBuiltinMacro())
      continue;
    llvm::StringRef name = expansion->getName()->getName();
    llvm::StringRef guard = hipLibraryGuard(name);
    if (!isMappedCudaName(name) && name != "warpSize" && name != "CUDART_CB" &&
        guard.empty())
      continue;
    const clang::MacroDefinitionRecord *definition = expansion->getDefinition();
    if (!definition || src.isUserLocation(definition->getLocation()))
      continue;
    clang::SourceLocation spelled =
        sm.getSpellingLoc(expansion->getSourceRange().getBegin());
    if (!src.isUserLocation(spelled))
      continue; // a use inside the toolkit's own macros
    auto [file, offset] = sm.getDecomposedLoc(spelled);
    if (!renamed.insert({file, offset}).second)
      continue;
    if (!guard.empty()) {
      // `#ifdef _CUFFT_H_` (the CUDA samples' helper_cuda.h, before its
      // cuFFT error strings): defined where the file included cuFFT's
      // header, whose #include becomes hipFFT's; HIP's header defines its
      // own guard.
      edits.replace({file, offset, offset + static_cast<unsigned>(name.size())},
                    guard.str());
      continue;
    }
    if (name == "CUDART_CB") {
      // The calling convention of a stream callback: empty but on Windows;
      // HIP's callbacks have none.
      edits.replace({file, offset, offset + static_cast<unsigned>(name.size())},
                    "/* xfence: CUDART_CB */");
      continue;
    }
    std::optional<std::string> hip = hipSpelling(name);
    if (!hip && !name.starts_with("cuda")) {
      // A library header's include guard (`#ifdef CURAND_H_`): a test of
      // which headers the parse read, left as written (docs/cuda-to-hip.md).
      const clang::MacroInfo *info = pp.getMacroInfo(expansion->getName());
      if (info && info->getNumTokens() == 0)
        continue;
    }
    if (!hip) {
      src.report(spelled, DiagnosticsEngine::Error,
                 "'" + name.str() +
                     "' has no HIP equivalent that xfence knows "
                     "(docs/cuda-to-hip.md lists the runtime API it maps)");
      ok = false;
      continue;
    }
    edits.replace({file, offset, offset + static_cast<unsigned>(name.size())},
                  *hip);
  }
  // The record leaves out expansions inside other macros: the runtime's
  // macros that the bodies of the user's macros name.
  for (const auto &[id, state] : pp.macros()) {
    const clang::MacroInfo *user = pp.getMacroInfo(id);
    if (!user || !src.isUserLocation(user->getDefinitionLoc()))
      continue;
    for (const clang::Token &token : user->tokens()) {
      clang::IdentifierInfo *word = token.getIdentifierInfo();
      if (!word ||
          (!isMappedCudaName(word->getName()) &&
           word->getName() != "warpSize") ||
          !token.getLocation().isFileID())
        continue;
      const clang::MacroInfo *runtime = pp.getMacroInfo(word);
      if (runtime && src.isUserLocation(runtime->getDefinitionLoc()))
        continue;
      std::optional<std::string> hip = hipSpelling(word->getName());
      // A name of the table that is not a macro (`cudaStream_t` in a macro
      // that writes explicit instantiations, which the AST walk does not
      // reach) is renamed in the body too; the walk renames the same token
      // alike where it reaches an expansion. One not in the table is left
      // to the walk, which refuses it where code uses it.
      if (!runtime && !hip)
        continue;
      auto [file, offset] = sm.getDecomposedLoc(token.getLocation());
      if (!renamed.insert({file, offset}).second)
        continue;
      if (!hip) {
        src.report(token.getLocation(), DiagnosticsEngine::Error,
                   "'" + word->getName().str() +
                       "' has no HIP equivalent that xfence knows "
                       "(docs/cuda-to-hip.md lists the runtime API it maps)");
        ok = false;
        continue;
      }
      edits.replace(
          {file, offset, offset + static_cast<unsigned>(word->getLength())},
          *hip);
    }
  }
  return ok;
}

/// The compiler's own macros in the conditions of the user's files: clang
/// and nvcc define `__CUDACC__` when they compile CUDA, HIP's clang
/// `__HIPCC__` (and not `__CUDACC__`); in CUDA's device pass
/// `__CUDA_ARCH__` is defined, in HIP's `__HIP_DEVICE_COMPILE__`. Left as
/// they were, `#ifndef __CUDACC__` would take in HIP the branch that CUDA
/// never compiled (the "host implementations of CUDA functions" of
/// helper_math.h, a redefinition of HIP's). A presence test of either
/// (`#ifdef`, `#ifndef`, `defined X`, `defined(X)`) takes HIP's name, so
/// the output compiles the branches the source did. A value test of
/// `__CUDA_ARCH__` (`#if __CUDA_ARCH__ >= 700`) is left: HIP has no number
/// for it (docs/cuda-to-hip.md).
/// Calls `each(file, buffer, begin, end)` for every line of the user's
/// files that is a preprocessor directive (its text from `#`), where the
/// line is the user's (xfence's own launch header is a system header after
/// its first line's pragma).
void forEachUserDirective(
    ParsedSource &src,
    llvm::function_ref<void(clang::FileID, llvm::StringRef, size_t, size_t)>
        each) {
  clang::SourceManager &sm = src.getSourceManager();
  for (auto it = sm.fileinfo_begin(); it != sm.fileinfo_end(); ++it) {
    clang::FileID file = sm.translateFile(it->first);
    if (file.isInvalid() || !src.isUserLocation(sm.getLocForStartOfFile(file)))
      continue;
    llvm::StringRef buffer = sm.getBufferData(file);
    forEachLine(buffer, [&](size_t begin, size_t end) {
      llvm::StringRef rest = buffer.slice(begin, end).ltrim();
      if (rest.starts_with("#") && src.isUserLocation(sm.getComposedLoc(
                                       file, static_cast<unsigned>(begin))))
        each(file, buffer, rest.data() - buffer.data(), end);
    });
  }
}

/// The macro `name` as the headers of the CUDA runtime that
/// <hip/hip_runtime.h> stands for in the output define it (not, e.g.,
/// curand.h's, which clang's CUDA wrappers include and nvcc does not), or
/// none.
const clang::MacroInfo *runtimeHeaderMacro(ParsedSource &src,
                                           llvm::StringRef name) {
  clang::SourceManager &sm = src.getSourceManager();
  clang::Preprocessor &pp = src.getUnit().getPreprocessor();
  clang::IdentifierInfo *id = pp.getIdentifierInfo(name);
  const clang::MacroInfo *macro = id ? pp.getMacroInfo(id) : nullptr;
  if (!macro)
    return nullptr;
  clang::SourceLocation at = macro->getDefinitionLoc();
  if (at.isInvalid() || src.isUserLocation(at))
    return nullptr;
  llvm::StringRef base =
      llvm::sys::path::filename(sm.getFilename(sm.getSpellingLoc(at)));
  return llvm::is_contained(
             {"cuda_runtime.h", "cuda_runtime_api.h", "driver_types.h",
              "vector_types.h", "host_defines.h", "device_types.h",
              "builtin_types.h", "surface_types.h", "texture_types.h",
              "channel_descriptor.h", "cuda_device_runtime_api.h",
              "library_types.h", "host_config.h"},
             base)
             ? macro
             : nullptr;
}

/// In the condition of an `#if` or `#elif` (at offset `base` of `file`),
/// each macro of the CUDA runtime's headers used as a number
/// (`CUDART_VERSION >= 2020`, not the operand of `defined`) becomes its
/// value in the CUDA parse: HIP's headers do not define it, and it would
/// read 0 (the CUDA samples' simpleZeroCopy took a branch with a syntax
/// error that way).
void replaceRuntimeVersions(SourceEdits &edits, clang::FileID file,
                            llvm::StringRef condition, size_t base) {
  ParsedSource &src = edits.getSource();
  for (size_t i = 0; i < condition.size();) {
    if (!clang::isAsciiIdentifierStart(condition[i])) {
      ++i;
      continue;
    }
    size_t end = i;
    while (end < condition.size() &&
           clang::isAsciiIdentifierContinue(condition[end]))
      ++end;
    llvm::StringRef name = condition.slice(i, end);
    llvm::StringRef before = condition.take_front(i).rtrim();
    before.consume_back("(");
    bool operandOfDefined = before.rtrim().ends_with("defined");
    const clang::MacroInfo *macro =
        operandOfDefined ? nullptr : runtimeHeaderMacro(src, name);
    if (macro && macro->isObjectLike() && macro->getNumTokens() == 1 &&
        macro->getReplacementToken(0).is(clang::tok::numeric_constant)) {
      const clang::Token &value = macro->getReplacementToken(0);
      std::string text(value.getLiteralData(), value.getLength());
      edits.replace({file, static_cast<unsigned>(base + i),
                     static_cast<unsigned>(base + end)},
                    text + " /* xfence: " + name.str() +
                        " of the CUDA headers */");
    }
    i = end;
  }
}

void rewriteCompilerMacroTests(SourceEdits &edits) {
  auto isIdentifierChar = [](char c) {
    return clang::isAsciiIdentifierContinue(c);
  };
  forEachUserDirective(edits.getSource(), [&](clang::FileID file,
                                              llvm::StringRef buffer,
                                              size_t hash, size_t end) {
    llvm::StringRef rest = buffer.slice(hash + 1, end).ltrim();
    llvm::StringRef keyword = rest.take_while(isIdentifierChar);
    bool presence = keyword == "ifdef" || keyword == "ifndef" ||
                    keyword == "elifdef" || keyword == "elifndef";
    if (!presence && keyword != "if" && keyword != "elif")
      return;
    // The condition, up to a comment.
    llvm::StringRef condition = rest.drop_front(keyword.size());
    condition = condition.take_front(
        std::min(condition.find("//"), condition.find("/*")));
    size_t base = condition.data() - buffer.data();
    if (!presence)
      replaceRuntimeVersions(edits, file, condition, base);
    for (auto [cuda, hip] : {std::pair<llvm::StringRef, llvm::StringRef>{
                                 "__CUDACC__", "__HIPCC__"},
                             {"__CUDA_ARCH__", "__HIP_DEVICE_COMPILE__"}}) {
      for (size_t at = condition.find(cuda); at != llvm::StringRef::npos;
           at = condition.find(cuda, at + cuda.size())) {
        size_t after = at + cuda.size();
        if ((at > 0 && isIdentifierChar(condition[at - 1])) ||
            (after < condition.size() && isIdentifierChar(condition[after])))
          continue;
        // `#if` and `#elif`: only an operand of `defined`.
        if (!presence) {
          llvm::StringRef before = condition.take_front(at).rtrim();
          before.consume_back("(");
          if (!before.rtrim().ends_with("defined"))
            continue;
        }
        unsigned offset = static_cast<unsigned>(base + at);
        edits.replace(
            {file, offset, offset + static_cast<unsigned>(cuda.size())},
            hip.str());
      }
    }
  });
}

/// `#ifdef X`, `#ifndef X`, `#if defined(X)` and `#if !defined(X)` in the
/// user's files, X a macro of the CUDA runtime's headers (the
/// include guards `__DRIVER_TYPES_H__` and `__CUDA_RUNTIME_H__` that the
/// CUDA samples' helper_cuda.h tests before it declares checkCudaErrors
/// and findCudaDevice): HIP's headers do not define it, so the branch the
/// translation was made from would be dropped from the output (an output
/// that does not compile, or another program). The condition becomes its
/// value in the CUDA parse, with the macro named in a comment.
void rewriteToolkitConditions(SourceEdits &edits) {
  ParsedSource &src = edits.getSource();
  auto definedByToolkit = [&](llvm::StringRef name) {
    return runtimeHeaderMacro(src, name) != nullptr;
  };
  auto identifier = [](llvm::StringRef text) {
    return text.take_while(
        [](char c) { return clang::isAsciiIdentifierContinue(c); });
  };
  forEachUserDirective(src, [&](clang::FileID file, llvm::StringRef buffer,
                                size_t hash, size_t end) {
    llvm::StringRef rest = buffer.slice(hash + 1, end).ltrim();
    bool negated = false;
    llvm::StringRef name;
    bool ifdef = rest.consume_front("ifdef");
    if (ifdef || rest.consume_front("ifndef")) {
      negated = !ifdef;
      if (rest.empty() || !clang::isHorizontalWhitespace(rest.front()))
        return;
      name = identifier(rest.ltrim());
    } else if (rest.consume_front("if")) {
      // Only a condition that is one `defined` test (a comment may
      // follow).
      rest = rest.ltrim();
      negated = rest.consume_front("!");
      rest = rest.ltrim();
      if (!rest.consume_front("defined"))
        return;
      rest = rest.ltrim();
      bool paren = rest.consume_front("(");
      name = identifier(rest.ltrim());
      llvm::StringRef after = rest.ltrim().drop_front(name.size()).ltrim();
      if (paren && !after.consume_front(")"))
        return;
      rest = after; // the condition's end
      after = after.ltrim();
      if (!after.empty() && !after.starts_with("//") &&
          !after.starts_with("/*"))
        return;
    } else {
      return;
    }
    if (name.empty() || !definedByToolkit(name))
      return;
    // Up to the name, or past the `)` of `defined(X)`.
    size_t stop = std::max(name.end(), rest.data()) - buffer.data();
    edits.replace(
        {file, static_cast<unsigned>(hash), static_cast<unsigned>(stop)},
        std::string("#if ") + (negated ? "0" : "1") +
            " /* xfence: " + name.str() + " is defined by the CUDA headers */");
  });
}

} // namespace

FailureOr<CudaLanguageSync> xfence::rewriteCudaLanguageSync(
    llvm::StringRef path, llvm::StringRef contents,
    const CudaSourceOptions &source, const TargetCapabilities &caps,
    bool coalesce, CudaSiteTarget target, llvm::raw_ostream &diagOS,
    llvm::function_ref<void(ModuleOp)> prepare) {
  FailureOr<ImportedSource> imports = importParsed(
      parseCudaSource(path, contents, source, diagOS),
      [&](ParsedSource &src, MLIRContext *ctx) {
        return importCuda(src, source, ctx, /*everyFunction=*/true);
      },
      /*printOps=*/false);
  if (failed(imports))
    return failure();
  CudaLanguageSync sync;
  sync.imports = std::move(*imports);
  ParsedSource &src = *sync.imports.src;
  ModuleOp module = *sync.imports.module;
  ImportedSites imported = importedSyncLocations(module, target.isSync);
  if (prepare)
    prepare(module);
  // The synchronization and the rest of the file are checked both, so that
  // one run reports every error.
  sync.ok = succeeded(runSyncPipeline(
      module, caps,
      coalesce ? std::optional(XFenceCoalesceOptions()) : std::nullopt));
  sync.sites = findCudaSyncSites(src, sync.imports.ctx.get(),
                                 /*instantiations=*/true);
  sync.edits = std::make_unique<SourceEdits>(src, cudaToOpenCLEditPolicy());
  sync.ok = sync.ok && succeeded(rewriteCudaSyncSites(
                           *sync.edits, sync.sites, module, target, imported));
  return sync;
}

FailureOr<std::string>
xfence::translateCudaToHip(llvm::StringRef path, llvm::StringRef contents,
                           const CudaToHipOptions &options,
                           llvm::raw_ostream &diagOS) {
  CudaSiteTarget target;
  target.isSync = isSyncOp;
  target.emit = emitHip;
  target.constant = constantText;
  target.keepAsWritten = [](const clang::Stmt *stmt,
                            ArrayRef<Operation *> ops) {
    return keepsLegacyAtomic(stmt, ops, isSharedLegacyAtomic);
  };
  // A warp of 32 lanes lies in one wavefront (of 32 or 64), whose lanes run
  // in lockstep: the full-mask __syncwarp is the wavefront's barrier.
  FailureOr<CudaLanguageSync> sync = rewriteCudaLanguageSync(
      path, contents, options.source, hipCapabilities(), options.coalesce,
      std::move(target), diagOS, clearFullWarpMasks);
  if (failed(sync))
    return failure();
  ParsedSource &src = *sync->imports.src;
  SourceEdits &edits = *sync->edits;
  HipSyntax syntax(edits, sync->sites);
  syntax.TraverseAST(src.getContext());
  bool ok = !syntax.failed && sync->ok;
  ok = checkHipLimits(src) && ok;
  bool cgReduce = false;
  ok = succeeded(rewriteIncludes(edits, cgReduce)) && ok;
  ok = renameRuntimeMacros(edits) && ok;
  if (!ok)
    return failure();
  rewriteToolkitConditions(edits);
  rewriteCompilerMacroTests(edits);
  std::string prelude =
      "// Translated from CUDA to HIP by xfence (docs/cuda-to-hip.md).\n"
      "#include <hip/hip_runtime.h>\n" +
      syntax.warpHelpers() + syntax.mathHelpers() +
      (cgReduce ? kCgReduce.str() : std::string()) + kPreludeEnd.str();
  FailureOr<std::string> text = edits.apply(prelude);
  if (failed(text) || src.hasErrors())
    return failure();
  return text;
}
