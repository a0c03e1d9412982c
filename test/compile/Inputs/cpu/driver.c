/* The host program of the --to cpu end-to-end tests and of bench/cpu: runs
 * the launches of a bench/e2e manifest through the launch functions that
 * `xfence compile --to cpu` generated, from the inputs of a data file, and
 * compares, dumps or times the output buffers.
 *
 *   driver MANIFEST IN.bin [--compare OUT.bin] [--dump FILE] [--reps N]
 *          [--time N]
 *
 * The calls themselves (one per launch, with the kernel's own prototype)
 * come from calls.c, which gen_calls.py writes from the manifest:
 *   int xfence_test_launch(int index, void **buffers);
 * File formats: bench/e2e/README.md. --reps N runs the whole sequence N
 * times from the initial data (default 1) and compares every run; --time N
 * then runs it N more times and prints the median, min and max wall time in
 * microseconds (the reset of the buffers between runs is not timed).
 * Without --compare, later runs are compared with the first one.
 * Prints PASS/FAIL lines; exits 1 on any failure. */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int xfence_test_launch(int index, void **buffers);

struct buffer {
  char name[64], type[16];
  size_t count, size;
  int output;
  double rtol, atol;
  unsigned char *initial, *data;
};

static struct buffer buffers[32];
static int nbuffers, nlaunches;
static char test[64];

static size_t type_size(const char *type) {
  if (!strcmp(type, "char") || !strcmp(type, "uchar"))
    return 1;
  if (!strcmp(type, "short") || !strcmp(type, "ushort"))
    return 2;
  if (!strcmp(type, "long") || !strcmp(type, "ulong"))
    return 8;
  return 4;
}

static void read_manifest(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) {
    fprintf(stderr, "driver: cannot open %s\n", path);
    exit(1);
  }
  char line[512];
  while (fgets(line, sizeof line, f)) {
    char gen[32];
    double a, b;
    struct buffer *buf = &buffers[nbuffers];
    char dir[8];
    if (sscanf(line, "test %63s", test) == 1)
      continue;
    if (sscanf(line, "buffer %63s %15s %zu %7s %31s %lf %lf %lf %lf", buf->name,
               buf->type, &buf->count, dir, gen, &a, &b, &buf->rtol,
               &buf->atol) == 9) {
      buf->output = !strcmp(dir, "out");
      buf->size = buf->count * type_size(buf->type);
      /* Room for a kernel that reads a vector past the end. */
      buf->initial = calloc(1, buf->size + 64);
      buf->data = aligned_alloc(64, (buf->size + 64 + 63) / 64 * 64);
      if (!buf->initial || !buf->data) {
        fprintf(stderr, "driver: out of memory\n");
        exit(1);
      }
      if (++nbuffers == 32) {
        fprintf(stderr, "driver: too many buffers\n");
        exit(1);
      }
    } else if (!strncmp(line, "launch ", 7)) {
      ++nlaunches;
    }
  }
  fclose(f);
}

static void read_data(const char *path, int outputsOnly, unsigned char **into) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "driver: cannot open %s\n", path);
    exit(1);
  }
  for (int i = 0; i < nbuffers; ++i) {
    if (outputsOnly && !buffers[i].output)
      continue;
    if (fread(into[i], 1, buffers[i].size, f) != buffers[i].size) {
      fprintf(stderr, "driver: %s is too short\n", path);
      exit(1);
    }
  }
  fclose(f);
}

static double value(const struct buffer *b, const unsigned char *p, size_t i) {
  const char *t = b->type;
  if (!strcmp(t, "char")) return ((const signed char *)p)[i];
  if (!strcmp(t, "uchar")) return ((const unsigned char *)p)[i];
  if (!strcmp(t, "short")) return ((const short *)p)[i];
  if (!strcmp(t, "ushort")) return ((const unsigned short *)p)[i];
  if (!strcmp(t, "int")) return ((const int *)p)[i];
  if (!strcmp(t, "uint")) return ((const unsigned *)p)[i];
  if (!strcmp(t, "long")) return (double)((const long *)p)[i];
  if (!strcmp(t, "ulong")) return (double)((const unsigned long *)p)[i];
  return ((const float *)p)[i];
}

/* 0 when every output buffer matches `want` (integers bit for bit, floats
 * within |got - want| <= atol + rtol * |want|, NaN matching NaN). */
static int compare(unsigned char **want, const char *label) {
  int failed = 0;
  for (int i = 0; i < nbuffers; ++i) {
    struct buffer *b = &buffers[i];
    if (!b->output)
      continue;
    size_t bad = 0, first = 0;
    int isFloat = !strcmp(b->type, "float");
    for (size_t j = 0; j < b->count; ++j) {
      int differ;
      if (isFloat) {
        double g = value(b, b->data, j), w = value(b, want[i], j);
        differ = !(fabs(g - w) <= b->atol + b->rtol * fabs(w)) &&
                 !(isnan(g) && isnan(w));
      } else {
        size_t s = type_size(b->type);
        differ = memcmp(b->data + j * s, want[i] + j * s, s) != 0;
      }
      if (differ && !bad++)
        first = j;
    }
    if (bad) {
      printf("FAIL %s [%s]: %s: %zu of %zu elements differ, first [%zu] = "
             "%.9g, expected %.9g\n",
             test, label, b->name, bad, b->count, first,
             value(b, b->data, first), value(b, want[i], first));
      failed = 1;
    }
  }
  return failed;
}

static void reset(void) {
  for (int i = 0; i < nbuffers; ++i)
    memcpy(buffers[i].data, buffers[i].initial, buffers[i].size);
}

static int run(void) {
  for (int l = 0; l < nlaunches; ++l) {
    void *ptrs[32];
    for (int i = 0; i < nbuffers; ++i)
      ptrs[i] = buffers[i].data;
    int status = xfence_test_launch(l, ptrs);
    if (status) {
      printf("FAIL %s: launch %d returned %d\n", test, l, status);
      return 1;
    }
  }
  return 0;
}

static double now_us(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e6 + t.tv_nsec * 1e-3;
}

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: driver MANIFEST IN.bin [--compare OUT.bin] "
                    "[--dump FILE] [--reps N] [--time N]\n");
    return 2;
  }
  const char *comparePath = 0, *dumpPath = 0;
  int reps = 1, timed = 0;
  for (int i = 3; i < argc; ++i) {
    if (!strcmp(argv[i], "--compare") && i + 1 < argc)
      comparePath = argv[++i];
    else if (!strcmp(argv[i], "--dump") && i + 1 < argc)
      dumpPath = argv[++i];
    else if (!strcmp(argv[i], "--reps") && i + 1 < argc)
      reps = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--time") && i + 1 < argc)
      timed = atoi(argv[++i]);
    else {
      fprintf(stderr, "driver: unknown argument %s\n", argv[i]);
      return 2;
    }
  }
  read_manifest(argv[1]);
  unsigned char *initial[32], *want[32];
  for (int i = 0; i < nbuffers; ++i) {
    initial[i] = buffers[i].initial;
    want[i] = buffers[i].output ? malloc(buffers[i].size) : 0;
  }
  read_data(argv[2], 0, initial);
  if (comparePath)
    read_data(comparePath, 1, want);

  /* Without --compare, every run after the first is compared with the
   * first (a race shows as runs that differ). */
  int haveWant = comparePath != 0;
  int failed = 0;
  for (int r = 0; r < reps && !failed; ++r) {
    reset();
    failed = run();
    if (failed)
      break;
    if (haveWant) {
      char label[64];
      snprintf(label, sizeof label, comparePath ? "cpu, run %d" :
               "cpu, run %d against run 1", r + 1);
      failed = compare(want, label);
    } else {
      for (int i = 0; i < nbuffers; ++i)
        if (buffers[i].output)
          memcpy(want[i], buffers[i].data, buffers[i].size);
      haveWant = 1;
    }
  }
  if (!failed && dumpPath) {
    FILE *f = fopen(dumpPath, "wb");
    for (int i = 0; f && i < nbuffers; ++i)
      if (buffers[i].output)
        fwrite(buffers[i].data, 1, buffers[i].size, f);
    if (!f || fclose(f)) {
      printf("FAIL %s: cannot write %s\n", test, dumpPath);
      failed = 1;
    }
  }
  if (!failed && timed > 0) {
    double *t = malloc(sizeof(double) * timed);
    for (int r = 0; r < timed && !failed; ++r) {
      reset();
      double t0 = now_us();
      failed = run();
      t[r] = now_us() - t0;
    }
    if (!failed && haveWant && compare(want, "cpu, timed"))
      failed = 1;
    if (!failed) {
      qsort(t, timed, sizeof(double), by_value);
      printf("TIME %s cpu median_us=%.1f min_us=%.1f max_us=%.1f reps=%d\n",
             test, t[timed / 2], t[0], t[timed - 1], timed);
    }
    free(t);
  }
  if (!failed) {
    size_t n = 0;
    for (int i = 0; i < nbuffers; ++i)
      if (buffers[i].output)
        n += buffers[i].count;
    if (comparePath)
      printf("PASS %s: %d launch(es), %d run(s), %zu output elements match "
             "PoCL's\n",
             test, nlaunches, reps, n);
    else
      printf("RAN %s: %d launch(es), %d run(s)\n", test, nlaunches, reps);
  }
  return failed;
}
