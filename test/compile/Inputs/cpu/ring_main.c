/* Runs ring.cl's kernel with large work-groups, 1-D and 3-D, many times
 * over, and checks every value read after a barrier (see ring.cl); then the
 * kernel whose work-items diverge at a barrier. */
#include "ring.h"

#include <stdio.h>
#include <stdlib.h>

static unsigned stamp(unsigned round, unsigned item, unsigned group) {
  return (round * 4096u + item) ^ (group << 24);
}

static int run(unsigned dims, const size_t *global, const size_t *local,
               unsigned rounds, int repeats) {
  size_t n = global[0] * (dims > 1 ? global[1] : 1) * (dims > 2 ? global[2] : 1);
  size_t size = local[0] * (dims > 1 ? local[1] : 1) * (dims > 2 ? local[2] : 1);
  unsigned *stale = calloc(n, sizeof *stale), *sum = calloc(n, sizeof *sum);
  unsigned long staleTotal = 0, wrongSums = 0;
  for (int rep = 0; rep < repeats; ++rep) {
    int status = xfence_launch_ring(dims, global, local, stale, sum,
                                    size * sizeof(unsigned), rounds);
    if (status) {
      printf("launch failed: %d\n", status);
      return 1;
    }
    for (size_t i = 0; i < n; ++i) {
      /* Work-items are numbered in groups of `size` consecutive linear
       * global ids only for 1-D launches; the sum check uses the stale
       * count, which needs no numbering. */
      staleTotal += stale[i];
    }
    if (dims == 1)
      for (size_t i = 0; i < n; ++i) {
        unsigned group = i / size, next = (i % size + 1) % size, want = 0;
        for (unsigned r = 0; r < rounds; ++r)
          want += stamp(r, next, group);
        wrongSums += sum[i] != want;
      }
  }
  printf("%u-D local %zu: %d launches x %u rounds: stale %lu, wrong sums %lu\n",
         dims, size, repeats, rounds, staleTotal, wrongSums);
  free(stale);
  free(sum);
  return staleTotal || wrongSums;
}

int main(void) {
  int failed = 0;
  size_t g1[3] = {8 * 1024}, l1[3] = {1024};
  failed |= run(1, g1, l1, 64, 5);
  size_t g4[3] = {2 * 4096}, l4[3] = {4096};
  failed |= run(1, g4, l4, 16, 2);
  size_t g3[3] = {32, 16, 8}, l3[3] = {16, 8, 4};
  failed |= run(3, g3, l3, 32, 3);

  unsigned out[256] = {0};
  size_t gd[3] = {256}, ld[3] = {64};
  int status = xfence_launch_diverge(1, gd, ld, out);
  printf("diverging barrier: %d (XFENCE_CPU_BARRIER_DIVERGENCE is %d)\n",
         status, XFENCE_CPU_BARRIER_DIVERGENCE);
  failed |= status != XFENCE_CPU_BARRIER_DIVERGENCE;
  return failed;
}
