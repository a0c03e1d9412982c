/* What a barrier and a work-item cost in the fiber runtime of --to cpu
 * (backends/cpu/runtime/Runtime.c), without a kernel around them: 64
 * work-groups of 256 work-items that do nothing but B barriers, run through
 * __xfence_cpu_launch directly. Prints the best of 5 launches for B = 0 (the
 * cost of starting and ending a work-item) and B = 100 (per work-item and
 * barrier). bench/cpu/run.py builds it with Runtime.c. */
#include "Launch.h"

#include <stdio.h>
#include <time.h>

void __xfence_cpu_barrier(void);

static void entry(void **args) {
  int n = *(int *)args[0];
  for (int i = 0; i < n; ++i)
    __xfence_cpu_barrier();
}

static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(void) {
  static const unsigned char isLocal[1] = {0};
  const struct xfence_cpu_kernel kernel = {"barriers", entry, 1, isLocal,
                                           0, 1, 1};
  const size_t groups = 64, local = 256;
  for (int barriers = 0; barriers <= 100; barriers += 100) {
    void *args[1] = {&barriers};
    size_t global[3] = {groups * local}, size[3] = {local};
    if (__xfence_cpu_launch(&kernel, 1, 0, global, size, args))
      return 1;
    double best = 1e9;
    for (int r = 0; r < 5; ++r) {
      double t0 = now_s();
      __xfence_cpu_launch(&kernel, 1, 0, global, size, args);
      double t = now_s() - t0;
      best = t < best ? t : best;
    }
    double items = (double)groups * local;
    printf("fibers barriers=%d: %.3f ms, %.1f ns per work-item%s\n", barriers,
           best * 1e3, best * 1e9 / (items * (barriers ? barriers : 1)),
           barriers ? " and barrier" : " (start and end)");
  }
  return 0;
}
