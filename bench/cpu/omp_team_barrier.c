/* The design docs/compile.md ("CPU") did not take, measured: a work-group
 * as an OpenMP team of one thread per work-item (libomp), work-groups
 * spread over an outer team, each work-item synchronized at every barrier
 * by the team's barrier. The barrier pattern is reduce.cl's at the e2e test
 * size: 64 work-groups of 256 work-items, 9 barriers each (one before the
 * tree, one per level), with the tree's work in __local memory.
 *
 *   omp_team_barrier [GROUPS LOCAL BARRIERS OUTER]
 *
 * Prints the median of 3 runs in milliseconds. bench/cpu/run.py builds and
 * runs it next to the fiber runtime's numbers. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int omp_get_thread_num(void);
int omp_get_num_threads(void);
void omp_set_max_active_levels(int);

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
  int groups = argc > 1 ? atoi(argv[1]) : 64;
  int local = argc > 2 ? atoi(argv[2]) : 256;
  int barriers = argc > 3 ? atoi(argv[3]) : 9;
  int outer = argc > 4 ? atoi(argv[4]) : 2;
  omp_set_max_active_levels(2);
  float *scratch = calloc((size_t)outer * local, sizeof(float));
  int wrongTeams = 0;
  double t[3];
  for (int rep = 0; rep < 3; ++rep) {
    int next = 0;
    double t0 = now_ms();
#pragma omp parallel num_threads(outer)
    for (;;) {
      int g = __atomic_fetch_add(&next, 1, __ATOMIC_RELAXED);
      if (g >= groups)
        break;
      float *s = scratch + (size_t)omp_get_thread_num() * local;
#pragma omp parallel num_threads(local)
      {
        int lid = omp_get_thread_num();
        if (omp_get_num_threads() != local)
          __atomic_fetch_add(&wrongTeams, 1, __ATOMIC_RELAXED);
        s[lid] = (float)lid;
        int half = local / 2;
        for (int b = 0; b < barriers; ++b) {
#pragma omp barrier
          if (lid < half)
            s[lid] += s[lid + half];
          half = half > 1 ? half / 2 : 1;
        }
      }
    }
    t[rep] = now_ms() - t0;
  }
  qsort(t, 3, sizeof(double), by_value);
  printf("omp-team groups=%d local=%d barriers=%d outer=%d median_ms=%.1f "
         "wrong_teams=%d\n",
         groups, local, barriers, outer, t[1], wrongTeams);
  free(scratch);
  return wrongTeams != 0;
}
