// Calls the importer refuses, each with a located error (errors.test).
#include <alpaka/alpaka.hpp>

using namespace alpaka;

struct MyScope {};
struct MyOrder {};
struct AddOp {};

struct Refused {
  template <typename TScope>
  ALPAKA_FN_ACC void operator()(auto const &acc, TScope scope, int *p,
                                float *f) const {
    onAcc::memFence(acc, MyScope{}, onAcc::order::release);
    onAcc::memFence(acc, onAcc::scope::block, MyOrder{});
    onAcc::memFence(acc, onAcc::scope::device, 2);
    onAcc::memFence(acc, scope, onAcc::order::acquire);
    onAcc::atomicAdd(acc, p, 1, onAcc::scope::system);
    onAcc::atomicOr(acc, f, 1.0f);
    onAcc::atomicOp<AddOp>(acc, p, 1);
  }
};

struct Unknowable {
  ALPAKA_FN_ACC void operator()(auto const &acc,
                                concepts::IMdSpan auto view) const {
    onAcc::atomicAdd(acc, &view[0], view[1]);
  }
};
