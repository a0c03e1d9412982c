// alpaka 1.x's fences and atomics, written for xfence's tests:
// mem_fence with memory_scope::Block, Grid and Device, and atomics with a
// hierarchy argument.
#include <alpaka/alpaka.hpp>

struct GridTicket {
  template <typename TAcc>
  ALPAKA_FN_ACC void operator()(TAcc const &acc, int *data, int *tickets,
                                int *low) const {
    data[0] = 1;
    alpaka::mem_fence(acc, alpaka::memory_scope::Grid{});
    alpaka::atomicAdd(acc, tickets, 1, alpaka::hierarchy::Blocks{});
    alpaka::mem_fence(acc, alpaka::memory_scope::Block{});
    alpaka::syncBlockThreads(acc);
    alpaka::mem_fence(acc, alpaka::memory_scope::Device{});
    alpaka::atomicMin(acc, low, data[0], alpaka::hierarchy::Threads{});
    alpaka::atomicCas(acc, tickets, 0, 1);
  }
};
