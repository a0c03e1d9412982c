// xfence's alpaka code on alpaka 3's CUDA back end, with blocks of many
// threads (alpaka's CPU back ends run blocks of one thread only).
// compile-cuda.test compiles it with nvcc (no GPU needed); where a GPU is,
// the program runs:
//  1. the --export-alpaka listing of one op of each kind
//     (test/backends/alpaka/Inputs/int-ops.mlir, XFENCE_LISTING) as the body
//     of a one-thread kernel: the values it leaves, as on the CPU;
//  2. PublishInBlock of test/frontends/alpaka/Inputs/fence-kernels.cpp, the
//     block-scope publication the importer reads, in 1024 blocks of 256
//     threads, `rounds` times: how often a reader saw the second write
//     without the first (the fences forbid it);
//  3. HandOff of the same file in 2 blocks of 1 thread, `rounds` times: how
//     often the consumer, having seen the flag, read a stale value.
#include "fence-kernels.cpp"

#include <cstdio>
#include <cstdlib>

struct RunListing {
  ALPAKA_FN_ACC void operator()(onAcc::concepts::Acc auto const &acc,
                                int *addr, int *expected) const {
#include XFENCE_LISTING
  }
};

int main(int argc, char **argv) {
  unsigned rounds = argc > 1 ? std::atoi(argv[1]) : 100;
  auto selector = onHost::makeDeviceSelector(
      onHost::DeviceSpec{api::cuda, deviceKind::nvidiaGpu});
  if (!selector.isAvailable()) {
    std::printf("no CUDA device\n");
    return 1;
  }
  auto device = selector.makeDevice(0);
  onHost::Queue queue = device.makeQueue(queueKind::blocking);

  auto cells = onHost::allocUnified<int>(device, 2u);
  cells[0u] = 0;
  cells[1u] = 40;
  queue.enqueue(onHost::ThreadSpec{1u, 1u, exec::gpuCuda},
                KernelBundle{RunListing{}, cells.data(), cells.data() + 1});
  onHost::wait(queue);
  std::printf("listing: cell=%d expected=%d\n", cells[0u], cells[1u]);

  auto violations = onHost::allocUnified<std::uint32_t>(device, 1u);
  violations[0u] = 0u;
  for (unsigned r = 0; r < rounds; ++r)
    queue.enqueue(onHost::ThreadSpec{1024u, 256u, exec::gpuCuda},
                  KernelBundle{PublishInBlock{}, violations.data()});
  onHost::wait(queue);
  std::printf("PublishInBlock: %u rounds of 1024 blocks x 256 threads, "
              "violations=%u\n",
              rounds, violations[0u]);

  auto handoff = onHost::allocUnified<std::uint32_t>(device, 3u);
  std::uint32_t stale = 0, raised = 0;
  for (unsigned r = 0; r < rounds; ++r) {
    handoff[0u] = 0u; // value
    handoff[1u] = 0u; // flag
    handoff[2u] = 0u; // errors
    queue.enqueue(onHost::ThreadSpec{2u, 1u, exec::gpuCuda},
                  KernelBundle{HandOff{}, handoff.data(), handoff.data() + 1,
                               handoff.data() + 2});
    onHost::wait(queue);
    stale += handoff[2u];
    raised += handoff[1u];
  }
  std::printf("HandOff: %u rounds of 2 blocks, flag raised %u times, stale "
              "reads=%u\n",
              rounds, raised, stale);
  return 0;
}
