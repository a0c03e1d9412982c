// Runs one translation of grid_barrier.cl (included as TRANSLATION) many
// times and counts stale reads after the barrier across work-groups.
//
//   host LAUNCHES ROUNDS [MAX_SECONDS [GROUPS [LOCAL]]]
//
// GROUPS defaults to the number of SMs (one work-group per SM, so all run
// at once); LOCAL to 256. Each launch passes the barrier ROUNDS times; it
// stops early, between launches, once MAX_SECONDS (default 120) have passed,
// or once a spin gave up (the work-groups did not all run at once).
#include TRANSLATION

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(x)                                                               \
  do {                                                                         \
    cudaError_t e_ = (x);                                                      \
    if (e_ != cudaSuccess) {                                                   \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x,          \
                   cudaGetErrorString(e_));                                    \
      std::exit(2);                                                            \
    }                                                                          \
  } while (0)

int main(int argc, char **argv) {
  if (argc < 3) {
    std::fprintf(stderr,
                 "usage: %s LAUNCHES ROUNDS [MAX_SECONDS [GROUPS [LOCAL]]]\n",
                 argv[0]);
    return 2;
  }
  unsigned launches = std::strtoul(argv[1], nullptr, 10);
  unsigned rounds = std::strtoul(argv[2], nullptr, 10);
  double maxSeconds = argc > 3 ? std::atof(argv[3]) : 120.0;
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  unsigned groups = argc > 4 ? std::strtoul(argv[4], nullptr, 10) : 0;
  if (groups == 0)
    groups = prop.multiProcessorCount;
  unsigned local = argc > 5 ? std::strtoul(argv[5], nullptr, 10) : 256;
  if (groups < 2 || groups > (unsigned)prop.multiProcessorCount) {
    std::fprintf(stderr, "GROUPS must be 2..%d (one per SM at most)\n",
                 prop.multiProcessorCount);
    return 2;
  }

  size_t words = 2ull * groups * local * VALUES;
  unsigned *data, *arrived, *stats, *roundBad, *sink;
  CHECK(cudaMalloc(&data, words * sizeof(unsigned)));
  CHECK(cudaMalloc(&arrived, sizeof(unsigned)));
  CHECK(cudaMalloc(&stats, 3 * sizeof(unsigned)));
  CHECK(cudaMalloc(&roundBad, rounds * sizeof(unsigned)));
  CHECK(cudaMalloc(&sink, (size_t)groups * local * sizeof(unsigned)));
  CHECK(cudaMemset(data, 0, words * sizeof(unsigned)));
  CHECK(cudaMemset(stats, 0, 3 * sizeof(unsigned)));

  std::vector<unsigned> bad(rounds);
  unsigned long long badBarriers = 0, done = 0, launchesWithBad = 0;
  unsigned long long totals[3] = {0, 0, 0};
  auto start = std::chrono::steady_clock::now();
  double seconds = 0;
  for (unsigned i = 0; i < launches && seconds < maxSeconds; ++i) {
    CHECK(cudaMemset(arrived, 0, sizeof(unsigned)));
    CHECK(cudaMemset(roundBad, 0, rounds * sizeof(unsigned)));
    CHECK(launch_grid_barrier(dim3(groups * local), dim3(local), data, arrived,
                              stats, roundBad, sink, rounds, i * rounds));
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(bad.data(), roundBad, rounds * sizeof(unsigned),
                     cudaMemcpyDeviceToHost));
    unsigned thisLaunch = 0;
    for (unsigned b : bad)
      thisLaunch += b != 0;
    badBarriers += thisLaunch;
    launchesWithBad += thisLaunch != 0;
    ++done;
    // 32-bit counters on the device, summed here after every launch.
    unsigned s[3];
    CHECK(cudaMemcpy(s, stats, sizeof s, cudaMemcpyDeviceToHost));
    CHECK(cudaMemset(stats, 0, sizeof s));
    for (int k = 0; k < 3; ++k)
      totals[k] += s[k];
    if (s[2] != 0) {
      std::fprintf(stderr, "a spin gave up: the work-groups do not all run at "
                           "once; stopping\n");
      break;
    }
    seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                            start)
                  .count();
  }
  unsigned long long instances = done * rounds;
  std::printf("device            %s (%d SMs)\n", prop.name,
              prop.multiProcessorCount);
  std::printf("geometry          %u work-groups x %u work-items, %d values "
              "each, priming reads %s\n",
              groups, local, VALUES, PRIME ? "on" : "off");
  std::printf("launches          %llu x %u rounds\n", done, rounds);
  std::printf("barrier instances %llu\n", instances);
  std::printf("values checked    %llu\n",
              instances * groups * local * (unsigned long long)VALUES);
  std::printf("stale values      %llu\n", totals[1]);
  std::printf("work-item checks with a stale value  %llu of %llu\n",
              totals[0], instances * groups * local);
  std::printf("barrier instances with a stale value %llu\n", badBarriers);
  std::printf("launches with a wrong result         %llu of %llu\n",
              launchesWithBad, done);
  std::printf("spins given up    %llu\n", totals[2]);
  std::printf("seconds           %.2f (%.2f us per barrier)\n", seconds,
              1e6 * seconds / (double)instances);
  return 0;
}
