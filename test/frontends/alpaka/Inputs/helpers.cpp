// Synchronization outside the kernel's own body: in a helper function that
// takes the accelerator, and in a lambda the kernel calls.
#include <alpaka/alpaka.hpp>

using namespace alpaka;

template <typename TAcc>
ALPAKA_FN_ACC void publish(TAcc const &acc, int *data, int *flag) {
  data[0] = 1;
  onAcc::memFence(acc, onAcc::scope::device, onAcc::order::release);
  onAcc::atomicExch(acc, flag, 1);
}

struct UsesHelpers {
  ALPAKA_FN_ACC void operator()(onAcc::concepts::Acc auto const &acc,
                                int *data, int *flag) const {
    publish(acc, data, flag);
    auto wait = [&] {
      while (onAcc::atomicCas(acc, flag, 1, 1) != 1) {
      }
      onAcc::memFence(acc, onAcc::scope::device, onAcc::order::acquire);
    };
    wait();
  }
};
