/* Checks the work-item functions of workitems.cl in 1-, 2- and 3-D
 * launches with and without a global offset, and the launch functions'
 * errors (with ring.cl's kernel, which takes a __local argument: linking
 * two objects of xfence into one program is part of the test). */
#include "ring.h"
#include "workitems.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int check(unsigned dims, const size_t *offset, const size_t *global,
                 const size_t *local) {
  size_t g[3] = {1, 1, 1}, l[3] = {1, 1, 1}, o[3] = {0, 0, 0};
  for (unsigned d = 0; d < dims; ++d) {
    g[d] = global[d];
    l[d] = local[d];
    o[d] = offset ? offset[d] : 0;
  }
  size_t n = g[0] * g[1] * g[2];
  unsigned long *out = calloc(n * 24, sizeof *out);
  int status = offset ? xfence_launch_offset_ids(dims, offset, global, local, out)
                      : xfence_launch_ids(dims, global, local, out);
  if (status) {
    printf("%u-D: launch failed: %d\n", dims, status);
    return 1;
  }
  size_t wrong = 0;
  for (size_t z = 0; z < g[2]; ++z)
    for (size_t y = 0; y < g[1]; ++y)
      for (size_t x = 0; x < g[0]; ++x) {
        size_t id[3] = {x, y, z};
        unsigned long *r = out + ((z * g[1] + y) * g[0] + x) * 24;
        unsigned long want[24];
        for (int d = 0; d < 3; ++d) {
          want[d] = id[d] + o[d];
          want[3 + d] = id[d] % l[d];
          want[6 + d] = id[d] / l[d];
          want[9 + d] = l[d];
          want[12 + d] = g[d] / l[d];
          want[15 + d] = g[d];
          want[18 + d] = o[d];
        }
        want[21] = dims;
        want[22] = (want[5] * l[1] + want[4]) * l[0] + want[3];
        want[23] = 10 + 100 + 1000;
        for (int k = 0; k < 24; ++k)
          if (r[k] != want[k] && wrong++ < 5)
            printf("%u-D: item (%zu,%zu,%zu) value %d: %lu, expected %lu\n",
                   dims, x, y, z, k, r[k], want[k]);
      }
  printf("%u-D%s: %zu work-items, %zu wrong values\n", dims,
         offset ? " with offset" : "", n, wrong);
  free(out);
  return wrong != 0;
}

static int expect(const char *what, int status, int want) {
  printf("%s: %d\n", what, status);
  return status != want;
}

int main(void) {
  int failed = 0;
  size_t g1[3] = {96}, l1[3] = {32}, o1[3] = {1000};
  failed |= check(1, NULL, g1, l1);
  failed |= check(1, o1, g1, l1);
  size_t g2[3] = {12, 10}, l2[3] = {4, 5}, o2[3] = {3, 4};
  failed |= check(2, o2, g2, l2);
  size_t g3[3] = {8, 6, 4}, l3[3] = {4, 3, 2}, o3[3] = {5, 7, 9};
  failed |= check(3, NULL, g3, l3);
  failed |= check(3, o3, g3, l3);

  /* A struct argument, from a pointer that is not aligned for it. */
  typedef struct {
    int offset;
    xfence_float4 scale;
    char sign;
    double bias;
  } Params;
  Params p = {7, {1.0f, 2.0f, 3.0f, 4.0f}, -1, 0.25};
  _Alignas(16) char bytes[sizeof(Params) + 1];
  memcpy(bytes + 1, &p, sizeof p);
  float values[64];
  size_t g64[3] = {64}, l8[3] = {8};
  int status = xfence_launch_with_struct(1, g64, l8, values, bytes + 1);
  int wrongValues = 0;
  for (int i = 0; i < 64; ++i)
    wrongValues += values[i] != -(7 + p.scale[i % 4] * (float)i) + 0.25f;
  printf("struct argument: status %d, %d wrong values\n", status, wrongValues);
  failed |= status || wrongValues;

  /* The launch functions' errors (OpenCL's codes). */
  unsigned stale[64], sum[64];
  size_t g[3] = {64, 1, 1}, l[3] = {16, 1, 1};
  failed |= expect("work dimension 0",
                   xfence_launch_ring(0, g, l, stale, sum, 64, 1),
                   XFENCE_CPU_INVALID_WORK_DIMENSION);
  failed |= expect("work dimension 4",
                   xfence_launch_ring(4, g, l, stale, sum, 64, 1),
                   XFENCE_CPU_INVALID_WORK_DIMENSION);
  size_t odd[3] = {60};
  failed |= expect("global size 60, local size 16",
                   xfence_launch_ring(1, odd, l, stale, sum, 64, 1),
                   XFENCE_CPU_INVALID_WORK_GROUP_SIZE);
  size_t big[3] = {8192}, bigLocal[3] = {8192};
  failed |= expect("local size 8192",
                   xfence_launch_ring(1, big, bigLocal, stale, sum, 4 * 8192, 1),
                   XFENCE_CPU_INVALID_WORK_GROUP_SIZE);
  size_t zero[3] = {0};
  failed |= expect("global size 0",
                   xfence_launch_ring(1, zero, l, stale, sum, 64, 1),
                   XFENCE_CPU_INVALID_GLOBAL_WORK_SIZE);
  failed |= expect("__local argument of 0 bytes",
                   xfence_launch_ring(1, g, l, stale, sum, 0, 1),
                   XFENCE_CPU_INVALID_ARG_SIZE);
  /* No local size: the runtime picks one that divides the global size. */
  failed |= expect("no local size",
                   xfence_launch_ring(1, g, NULL, stale, sum, 4 * 64, 8),
                   XFENCE_CPU_SUCCESS);
  unsigned long bad = 0;
  for (int i = 0; i < 64; ++i)
    bad += stale[i];
  printf("no local size: stale %lu\n", bad);
  failed |= bad != 0;
  return failed;
}
