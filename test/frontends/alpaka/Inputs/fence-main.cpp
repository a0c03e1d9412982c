// Runs the kernels of fence-kernels.cpp on alpaka 3's serial CPU back end
// (real-headers.test): PublishInBlock in 4 blocks of one thread (the CPU
// back ends run no other), HandOff in 2 blocks, ClearFlag on a buffer.
// Prints what the kernels counted and left.
#include "fence-kernels.cpp"

#include <cstdio>

int main() {
  auto device =
      onHost::makeDeviceSelector(onHost::DeviceSpec{api::host, deviceKind::cpu})
          .makeDevice(0);
  onHost::Queue queue = device.makeQueue(queueKind::blocking);
  auto counts = onHost::allocUnified<std::uint32_t>(device, 4u);
  for (std::uint32_t i = 0; i < 4u; ++i)
    counts[i] = 0u;
  auto out = onHost::allocUnified<int>(device, 3u);
  queue.enqueue(onHost::ThreadSpec{4u, 1u, exec::cpuSerial},
                KernelBundle{PublishInBlock{}, counts.data()});
  queue.enqueue(onHost::ThreadSpec{2u, 1u, exec::cpuSerial},
                KernelBundle{HandOff{}, counts.data() + 1, counts.data() + 2,
                             counts.data() + 3});
  queue.enqueue(onHost::ThreadSpec{1u, 1u, exec::cpuSerial},
                KernelBundle{FullFences{}, out.data()});
  auto flag = onHost::allocUnified<std::uint32_t>(device, 1u);
  flag[0u] = 5u;
  queue.enqueue(onHost::ThreadSpec{1u, 1u, exec::cpuSerial},
                KernelBundle{ClearFlag{}, flag});
  onHost::wait(queue);
  std::printf("violations=%u value=%u flag=%u errors=%u out=%d,%d,%d "
              "cleared=%u\n",
              counts[0u], counts[1u], counts[2u], counts[3u], out[0u], out[1u],
              out[2u], flag[0u]);
  return 0;
}
