// Two kernels in the style of alpaka 3's memFence examples, written for
// xfence's tests: a block-scope publication through shared memory and a
// device-scope hand-off between blocks.
#include <alpaka/alpaka.hpp>

#include <cstdint>

using namespace alpaka;

// Thread 0 of the block writes two shared cells in order; every thread
// reads them in the opposite order. Seeing the second write without the
// first is what the pair of block-scope fences rules out.
struct PublishInBlock {
  ALPAKA_FN_ACC void operator()(onAcc::concepts::Acc auto const &acc,
                                std::uint32_t *violations) const {
    auto cell = onAcc::declareSharedMdArray<int, uniqueId()>(
        acc, CVec<std::uint32_t, 2>{});
    auto [t] = acc.getIdxWithin(onAcc::origin::block, onAcc::unit::threads);
    if (t == 0u) {
      cell[0] = 1;
      cell[1] = 2;
    }
    onAcc::syncBlockThreads(acc);
    if (t == 0u) {
      cell[0] = 10;
      onAcc::memFence(acc, onAcc::scope::block, onAcc::order::release);
      cell[1] = 20;
    }
    int later = cell[1];
    onAcc::memFence(acc, onAcc::scope::block, onAcc::order::acquire);
    int earlier = cell[0];
    if (later == 20 && earlier == 1)
      onAcc::atomicAdd(acc, violations, 1u, onAcc::scope::device);
  }
};

// Global thread 0 writes a value, then raises a flag; global thread 1
// waits for the flag and checks the value. The device-scope release and
// acquire fences order the value before the flag across blocks.
struct HandOff {
  ALPAKA_FN_ACC void operator()(onAcc::concepts::Acc auto const &acc,
                                std::uint32_t *value, std::uint32_t *flag,
                                std::uint32_t *errors) const {
    auto [g] = acc.getIdxWithin(onAcc::origin::grid, onAcc::unit::threads);
    if (g == 0u) {
      value[0] = 7u;
      onAcc::memFence(acc, onAcc::scope::device, onAcc::order::release);
      onAcc::atomicExch(acc, flag, 1u);
    } else if (g == 1u) {
      while (onAcc::atomicCas(acc, flag, 0u, 0u) == 0u) {
      }
      onAcc::memFence(acc, onAcc::scope::device, onAcc::order::acquire);
      if (value[0] != 7u)
        onAcc::atomicAdd(acc, errors, 1u);
    }
  }
};

// The strongest fences, one per scope: seq_cst at the block, the device and
// the system.
struct FullFences {
  ALPAKA_FN_ACC void operator()(onAcc::concepts::Acc auto const &acc,
                                int *out) const {
    out[0] = 1;
    onAcc::memFence(acc, onAcc::scope::block, onAcc::order::seq_cst);
    out[1] = 2;
    onAcc::memFence(acc, onAcc::scope::device, onAcc::order::seq_cst);
    out[2] = 3;
    onAcc::memFence(acc, onAcc::scope::system, onAcc::order::acq_rel);
  }
};

// A view instead of a pointer: the type of the atomic's object depends on
// the kernel's template parameter, so the importer takes it from the value.
struct ClearFlag {
  ALPAKA_FN_ACC void operator()(onAcc::concepts::Acc auto const &acc,
                                concepts::IMdSpan auto flags) const {
    auto [g] = acc.getIdxWithin(onAcc::origin::grid, onAcc::unit::threads);
    if (g == 0u)
      onAcc::atomicExch(acc, &flags[0u], 0u, onAcc::scope::block);
  }
};
