// xfence's stand-in for <alpaka/alpaka.hpp> in the import tests: only the
// declarations the importer looks at (qualified names, tag types), written
// for the tests, so that they run without alpaka. Both API generations are
// declared: alpaka 3 (alpaka::onAcc) and alpaka 1.x (alpaka::mem_fence,
// memory_scope, hierarchy). Tests against the real headers need the
// `alpaka` lit feature.
#pragma once

#include <cstddef>
#include <cstdint>

#define ALPAKA_FN_ACC

namespace alpaka {

template <typename T, T... values> struct CVec {};
namespace concepts {
template <typename T> concept IMdSpan = true;
} // namespace concepts
constexpr std::size_t uniqueId() { return 0; }

namespace onAcc {
namespace concepts {
template <typename T> concept Acc = true;
} // namespace concepts

namespace scope {
struct Block {};
struct Device {};
struct System {};
inline constexpr Block block{};
inline constexpr Device device{};
inline constexpr System system{};
} // namespace scope

namespace order {
struct Relaxed {};
struct Acquire {};
struct Release {};
struct AcqRel {};
struct SeqCst {};
inline constexpr Relaxed relaxed{};
inline constexpr Acquire acquire{};
inline constexpr Release release{};
inline constexpr AcqRel acq_rel{};
inline constexpr SeqCst seq_cst{};
} // namespace order

namespace origin {
struct Grid {};
struct Block {};
inline constexpr Grid grid{};
inline constexpr Block block{};
} // namespace origin
namespace unit {
struct Threads {};
inline constexpr Threads threads{};
} // namespace unit

template <typename T, std::size_t Id>
T *declareSharedMdArray(auto const &acc, auto const &extent);

void memFence(auto const &acc, auto scope, auto order);
void syncBlockThreads(auto const &acc);

#define XFENCE_MOCK_RMW(NAME)                                                  \
  template <typename T, typename S = scope::Device>                            \
  T NAME(auto const &acc, T *p, T const &v, S s = S());
XFENCE_MOCK_RMW(atomicAdd)
XFENCE_MOCK_RMW(atomicSub)
XFENCE_MOCK_RMW(atomicMin)
XFENCE_MOCK_RMW(atomicMax)
XFENCE_MOCK_RMW(atomicExch)
XFENCE_MOCK_RMW(atomicInc)
XFENCE_MOCK_RMW(atomicDec)
XFENCE_MOCK_RMW(atomicAnd)
XFENCE_MOCK_RMW(atomicOr)
XFENCE_MOCK_RMW(atomicXor)
#undef XFENCE_MOCK_RMW
template <typename T, typename S = scope::Device>
T atomicCas(auto const &acc, T *p, T const &compare, T const &v, S s = S());
template <typename Op, typename T, typename S = scope::Device>
T atomicOp(auto const &acc, T *p, T const &v, S s = S());
} // namespace onAcc

// alpaka 1.x
namespace memory_scope {
struct Block {};
struct Grid {};
struct Device {};
} // namespace memory_scope
namespace hierarchy {
struct Threads {};
struct Blocks {};
struct Grids {};
} // namespace hierarchy

template <typename TAcc, typename TScope>
void mem_fence(TAcc const &acc, TScope const &scope);
template <typename TAcc> void syncBlockThreads(TAcc const &acc);
template <typename TAcc, typename T, typename H = hierarchy::Grids>
T atomicAdd(TAcc const &acc, T *p, T const &v, H const &h = H());
template <typename TAcc, typename T, typename H = hierarchy::Grids>
T atomicMin(TAcc const &acc, T *p, T const &v, H const &h = H());
template <typename TAcc, typename T, typename H = hierarchy::Grids>
T atomicCas(TAcc const &acc, T *p, T const &compare, T const &v,
            H const &h = H());

} // namespace alpaka
