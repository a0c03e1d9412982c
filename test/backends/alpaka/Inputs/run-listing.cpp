// Runs an --export-alpaka listing (XFENCE_LISTING, a file name) as the body
// of an alpaka 3 kernel on the serial CPU back end: `addr` is one int cell,
// `expected` points at another that holds 40. Prints both cells after the
// kernel, and the cell as each atomic returned it.
#include <alpaka/alpaka.hpp>

#include <cstdio>

struct RunListing {
  ALPAKA_FN_ACC void operator()(alpaka::onAcc::concepts::Acc auto const &acc,
                                int *addr, int *expected) const {
#include XFENCE_LISTING
  }
};

int main() {
  using namespace alpaka;
  auto device =
      onHost::makeDeviceSelector(onHost::DeviceSpec{api::host, deviceKind::cpu})
          .makeDevice(0);
  onHost::Queue queue = device.makeQueue(queueKind::blocking);
  auto cells = onHost::allocUnified<int>(device, 2u);
  cells[0u] = 0;
  cells[1u] = 40;
  queue.enqueue(onHost::ThreadSpec{1u, 1u, exec::cpuSerial},
                KernelBundle{RunListing{}, cells.data(), cells.data() + 1});
  onHost::wait(queue);
  std::printf("cell=%d expected=%d\n", cells[0u], cells[1u]);
  return 0;
}
