/*===- Runtime.c - the launch runtime of `xfence compile --to cpu` --------===*
 *
 * Runs an OpenCL NDRange on the host's cores (docs/compile.md, "CPU").
 * Clang compiles this file to LLVM bitcode when xfence is built; xfence links
 * it into every object it writes and makes all of it internal, so objects
 * from several .cl files can be linked into one program.
 *
 * * Work-groups are spread over the threads of one OpenMP parallel region
 *   (libomp): each thread takes the next work-group from a shared counter and
 *   runs it to completion, with its own block of __local memory.
 * * The work-items of a work-group run on that one thread. Without a
 *   barrier they run one after the other. With one they are fibers: each
 *   has its own stack, and a barrier saves the work-item's registers and
 *   switches to the next work-item; when the last one arrives, the first
 *   one continues. All work-items of a group are therefore at the barrier
 *   before any leaves it, and they share one hardware thread, so whatever
 *   one wrote before the barrier is visible to all after it.
 * * The work-item functions (get_global_id, ...) read the state of the
 *   running work-item from a thread-local pointer. They are defined here
 *   under their Itanium-mangled OpenCL names, the names the kernels call.
 *
 *===----------------------------------------------------------------------===*/

#define _DEFAULT_SOURCE /* mmap flags, posix_memalign */

#include "Launch.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* libomp's API (its omp.h need not be installed for clang). */
int omp_get_max_threads(void);

struct xf_group;

/* One work-item. */
struct xf_item {
  void *sp; /* saved stack pointer of a suspended fiber */
  struct xf_group *group;
  size_t lid[3];
  size_t index; /* linear local id */
};

/* The work-group a thread runs, and the launch's geometry. */
struct xf_group {
  const struct xfence_cpu_kernel *kernel;
  unsigned dims;
  size_t global[3], local[3], groups[3], offset[3];
  size_t gid[3];
  char *static_local;
  void **args; /* the argument array, __local slots filled in */
  size_t size; /* work-items per group */
  struct xf_item *items;
  int fibers;
  void *sched_sp;
  size_t arrived, finished;
};

static __thread struct xf_item *xf_current
    __attribute__((tls_model("initial-exec")));

/*===--- Fibers -----------------------------------------------------------===*
 * __xfence_cpu_switch(save, to) pushes the callee-saved registers (System V
 * x86-64), stores the stack pointer in *save, loads `to` and pops the
 * registers of the fiber saved there. A new fiber's stack holds a frame
 * whose return address is __xfence_cpu_start, which calls the function in
 * r13 with the argument in r12. The symbols are local to the object.
 * The floating-point control registers are not switched: work-items of one
 * group share them, and OpenCL C cannot change them.
 */
__asm__(".text\n"
        ".p2align 4\n"
        ".type __xfence_cpu_switch,@function\n"
        "__xfence_cpu_switch:\n"
        "  pushq %rbp\n"
        "  pushq %rbx\n"
        "  pushq %r12\n"
        "  pushq %r13\n"
        "  pushq %r14\n"
        "  pushq %r15\n"
        "  movq %rsp, (%rdi)\n"
        "  movq %rsi, %rsp\n"
        "  popq %r15\n"
        "  popq %r14\n"
        "  popq %r13\n"
        "  popq %r12\n"
        "  popq %rbx\n"
        "  popq %rbp\n"
        "  ret\n"
        ".size __xfence_cpu_switch, .-__xfence_cpu_switch\n"
        ".p2align 4\n"
        ".type __xfence_cpu_start,@function\n"
        "__xfence_cpu_start:\n"
        "  movq %r12, %rdi\n"
        "  callq *%r13\n"
        "  ud2\n"
        ".size __xfence_cpu_start, .-__xfence_cpu_start\n");
__attribute__((visibility("hidden"))) void __xfence_cpu_switch(void **save,
                                                               void *to);
__attribute__((visibility("hidden"))) void __xfence_cpu_start(void);

/* Where the fiber of `item` goes next when it stops (at a barrier or at
 * its end): the next work-item, or after the last one the scheduler. */
static void xf_stop(struct xf_item *item) {
  struct xf_group *g = item->group;
  void *to = item->index + 1 < g->size ? g->items[item->index + 1].sp
                                       : g->sched_sp;
  __xfence_cpu_switch(&item->sp, to);
}

static void xf_fiber_main(struct xf_item *item) {
  xf_current = item;
  struct xf_group *g = item->group;
  g->kernel->entry(g->args);
  ++g->finished;
  xf_stop(item);
  __builtin_trap(); /* a finished fiber is never resumed */
}

/* The work-group barrier: convert-xfence-to-cpu (barrier=runtime) lowers
 * every work-group barrier to a call of this function. */
void __xfence_cpu_barrier(void) {
  struct xf_item *me = xf_current;
  struct xf_group *g = me->group;
  if (!g->fibers)
    __builtin_trap(); /* xfence marks every kernel that can get here */
  ++g->arrived;
  xf_stop(me);
  /* Resumed: every work-item of the group has arrived. */
  xf_current = me;
}

static void xf_init_fiber(struct xf_item *item, char *stackTop) {
  uintptr_t top = (uintptr_t)stackTop & ~(uintptr_t)15;
  void **sp = (void **)(top - 72);
  sp[0] = 0;                             /* r15 */
  sp[1] = 0;                             /* r14 */
  sp[2] = (void *)xf_fiber_main;         /* r13 */
  sp[3] = item;                          /* r12 */
  sp[4] = 0;                             /* rbx */
  sp[5] = 0;                             /* rbp */
  sp[6] = (void *)__xfence_cpu_start;    /* return address */
  item->sp = sp;
}

/* Fiber stacks: one mapping per thread in flight, one guard page below
 * each stack; kept for the next launch (at most kStackCache mappings). */
struct xf_stacks {
  char *base;
  size_t count, stride;
};
enum { kStackCache = 64 };
static pthread_mutex_t xf_stack_lock = PTHREAD_MUTEX_INITIALIZER;
static struct xf_stacks xf_stack_cache[kStackCache];
static int xf_stacks_cached;

static int xf_stacks_get(size_t count, size_t stride, struct xf_stacks *out) {
  pthread_mutex_lock(&xf_stack_lock);
  for (int i = 0; i < xf_stacks_cached; ++i)
    if (xf_stack_cache[i].stride == stride &&
        xf_stack_cache[i].count >= count) {
      *out = xf_stack_cache[i];
      xf_stack_cache[i] = xf_stack_cache[--xf_stacks_cached];
      pthread_mutex_unlock(&xf_stack_lock);
      return 0;
    }
  pthread_mutex_unlock(&xf_stack_lock);
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  void *base = mmap(0, count * stride, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (base == MAP_FAILED)
    return -1;
  for (size_t i = 0; i < count; ++i)
    if (mprotect((char *)base + i * stride, page, PROT_NONE)) {
      munmap(base, count * stride);
      return -1;
    }
  out->base = (char *)base;
  out->count = count;
  out->stride = stride;
  return 0;
}

static void xf_stacks_put(struct xf_stacks stacks) {
  pthread_mutex_lock(&xf_stack_lock);
  if (xf_stacks_cached < kStackCache) {
    xf_stack_cache[xf_stacks_cached++] = stacks;
    stacks.base = 0;
  }
  pthread_mutex_unlock(&xf_stack_lock);
  if (stacks.base)
    munmap(stacks.base, stacks.count * stacks.stride);
}

/*===--- Work-item functions ----------------------------------------------===*
 * OpenCL C's, under the names Clang gives them for spir64 (size_t is
 * unsigned long, `uint` unsigned int). Past the launch's dimensions the
 * sizes are 1 and the ids and offsets 0 (the launch sets them so).
 */
#define XF_GROUP (xf_current->group)

size_t _Z13get_global_idj(unsigned d) {
  if (d >= 3)
    return 0;
  const struct xf_group *g = XF_GROUP;
  return g->gid[d] * g->local[d] + xf_current->lid[d] + g->offset[d];
}
size_t _Z12get_local_idj(unsigned d) { return d < 3 ? xf_current->lid[d] : 0; }
size_t _Z12get_group_idj(unsigned d) { return d < 3 ? XF_GROUP->gid[d] : 0; }
size_t _Z14get_local_sizej(unsigned d) {
  return d < 3 ? XF_GROUP->local[d] : 1;
}
size_t _Z23get_enqueued_local_sizej(unsigned d) {
  return d < 3 ? XF_GROUP->local[d] : 1;
}
size_t _Z14get_num_groupsj(unsigned d) {
  return d < 3 ? XF_GROUP->groups[d] : 1;
}
size_t _Z15get_global_sizej(unsigned d) {
  return d < 3 ? XF_GROUP->global[d] : 1;
}
size_t _Z17get_global_offsetj(unsigned d) {
  return d < 3 ? XF_GROUP->offset[d] : 0;
}
unsigned _Z12get_work_dimv(void) { return XF_GROUP->dims; }
size_t _Z20get_global_linear_idv(void) {
  const struct xf_group *g = XF_GROUP;
  size_t id[3];
  for (int d = 0; d < 3; ++d)
    id[d] = g->gid[d] * g->local[d] + xf_current->lid[d];
  return (id[2] * g->global[1] + id[1]) * g->global[0] + id[0];
}
size_t _Z19get_local_linear_idv(void) { return xf_current->index; }

/* The work-group's block of kernel-scope __local variables; xfence rewrites
 * every use of such a variable as an offset from it. */
void *__xfence_cpu_static_local(void) { return XF_GROUP->static_local; }

/*===--- Launch -----------------------------------------------------------===*/

struct xf_launch {
  const struct xfence_cpu_kernel *kernel;
  unsigned dims;
  size_t global[3], local[3], groups[3], offset[3];
  size_t size, total;
  void **args;
  size_t *localOffset; /* per argument, in the per-group block */
  size_t staticOffset, blockSize, blockAlign, stackSize;
  size_t next; /* the next work-group to run (atomic) */
  int error;   /* the first error (atomic) */
};

static void xf_fail(struct xf_launch *l, int error) {
  int none = 0;
  __atomic_compare_exchange_n(&l->error, &none, error, 0, __ATOMIC_RELAXED,
                              __ATOMIC_RELAXED);
}

/* Runs the work-items of g (g->gid set) to the end. */
static int xf_run_group(struct xf_group *g) {
  size_t lx = g->local[0], ly = g->local[1];
  if (!g->fibers) {
    struct xf_item *item = &g->items[0];
    xf_current = item;
    size_t index = 0;
    for (size_t z = 0; z < g->local[2]; ++z)
      for (size_t y = 0; y < ly; ++y)
        for (size_t x = 0; x < lx; ++x) {
          item->lid[0] = x;
          item->lid[1] = y;
          item->lid[2] = z;
          item->index = index++;
          g->kernel->entry(g->args);
        }
    return 0;
  }
  for (;;) {
    g->arrived = g->finished = 0;
    __xfence_cpu_switch(&g->sched_sp, g->items[0].sp);
    if (g->finished == g->size)
      return 0;
    if (g->arrived != g->size)
      return XFENCE_CPU_BARRIER_DIVERGENCE;
  }
}

static void xf_worker(struct xf_launch *l) {
  const struct xfence_cpu_kernel *k = l->kernel;
  struct xf_group g;
  memset(&g, 0, sizeof g);
  g.kernel = k;
  g.dims = l->dims;
  for (int d = 0; d < 3; ++d) {
    g.global[d] = l->global[d];
    g.local[d] = l->local[d];
    g.groups[d] = l->groups[d];
    g.offset[d] = l->offset[d];
  }
  g.size = l->size;
  g.fibers = k->has_barrier;

  void *block = 0;
  void **args = (void **)calloc(k->num_args ? k->num_args : 1, sizeof(void *));
  void **localPtrs =
      (void **)calloc(k->num_args ? k->num_args : 1, sizeof(void *));
  struct xf_item *items =
      (struct xf_item *)calloc(g.fibers ? g.size : 1, sizeof *items);
  struct xf_stacks stacks = {0, 0, 0};
  if (!args || !localPtrs || !items ||
      posix_memalign(&block, l->blockAlign, l->blockSize)) {
    xf_fail(l, XFENCE_CPU_OUT_OF_HOST_MEMORY);
    goto done;
  }
  if (g.fibers && xf_stacks_get(g.size, l->stackSize, &stacks)) {
    xf_fail(l, XFENCE_CPU_OUT_OF_RESOURCES);
    goto done;
  }
  g.static_local = (char *)block + l->staticOffset;
  for (unsigned i = 0; i < k->num_args; ++i) {
    if (k->is_local[i]) {
      localPtrs[i] = (char *)block + l->localOffset[i];
      args[i] = &localPtrs[i];
    } else {
      args[i] = l->args[i];
    }
  }
  g.args = args;
  g.items = items;
  for (size_t i = 0; i < (g.fibers ? g.size : 1); ++i) {
    items[i].group = &g;
    items[i].index = i;
  }

  for (;;) {
    if (__atomic_load_n(&l->error, __ATOMIC_RELAXED))
      break;
    size_t n = __atomic_fetch_add(&l->next, 1, __ATOMIC_RELAXED);
    if (n >= l->total)
      break;
    g.gid[0] = n % g.groups[0];
    g.gid[1] = n / g.groups[0] % g.groups[1];
    g.gid[2] = n / g.groups[0] / g.groups[1];
    if (g.fibers) {
      size_t index = 0;
      for (size_t z = 0; z < g.local[2]; ++z)
        for (size_t y = 0; y < g.local[1]; ++y)
          for (size_t x = 0; x < g.local[0]; ++x, ++index) {
            struct xf_item *item = &items[index];
            item->lid[0] = x;
            item->lid[1] = y;
            item->lid[2] = z;
            /* The tops of the stacks at different offsets in their pages,
             * so that they do not all fall into one cache set. */
            xf_init_fiber(item, stacks.base + (index + 1) * stacks.stride -
                                    (index % 64) * 64);
          }
    }
    int error = xf_run_group(&g);
    if (error) {
      xf_fail(l, error);
      break;
    }
  }
done:
  xf_current = 0;
  if (stacks.base)
    xf_stacks_put(stacks);
  free(block);
  free(items);
  free(localPtrs);
  free(args);
}

static size_t xf_env_size(const char *name, size_t fallback) {
  const char *text = getenv(name);
  if (!text || !*text)
    return fallback;
  char *end = 0;
  unsigned long long value = strtoull(text, &end, 10);
  return *end || value == 0 ? fallback : (size_t)value;
}

static size_t xf_round_up(size_t value, size_t align) {
  return (value + align - 1) / align * align;
}

int __xfence_cpu_launch(const struct xfence_cpu_kernel *k, unsigned dims,
                        const size_t *offset, const size_t *global,
                        const size_t *local, void **args) {
  struct xf_launch l;
  memset(&l, 0, sizeof l);
  l.kernel = k;
  l.dims = dims;
  if (dims < 1 || dims > 3)
    return XFENCE_CPU_INVALID_WORK_DIMENSION;
  if (!global)
    return XFENCE_CPU_INVALID_GLOBAL_WORK_SIZE;
  for (int d = 0; d < 3; ++d) {
    l.global[d] = l.local[d] = l.groups[d] = 1;
    l.offset[d] = 0;
  }
  for (unsigned d = 0; d < dims; ++d) {
    if (global[d] == 0)
      return XFENCE_CPU_INVALID_GLOBAL_WORK_SIZE;
    l.global[d] = global[d];
    l.offset[d] = offset ? offset[d] : 0;
    if (l.offset[d] + l.global[d] < l.offset[d])
      return XFENCE_CPU_INVALID_GLOBAL_OFFSET;
  }
  if (local) {
    for (unsigned d = 0; d < dims; ++d) {
      if (local[d] == 0 || local[d] > XFENCE_CPU_MAX_WORK_GROUP_SIZE ||
          l.global[d] % local[d])
        return XFENCE_CPU_INVALID_WORK_GROUP_SIZE;
      l.local[d] = local[d];
    }
  } else {
    /* The implementation's choice: the largest divisor of the first
     * global size up to 64. */
    for (size_t s = 64; s >= 1; --s)
      if (l.global[0] % s == 0) {
        l.local[0] = s;
        break;
      }
  }
  l.size = l.local[0] * l.local[1] * l.local[2];
  if (l.size > XFENCE_CPU_MAX_WORK_GROUP_SIZE)
    return XFENCE_CPU_INVALID_WORK_GROUP_SIZE;
  for (int d = 0; d < 3; ++d)
    l.groups[d] = l.global[d] / l.local[d];
  if (__builtin_mul_overflow(l.groups[0], l.groups[1], &l.total) ||
      __builtin_mul_overflow(l.total, l.groups[2], &l.total))
    return XFENCE_CPU_INVALID_GLOBAL_WORK_SIZE;

  /* The per-group block: the kernel-scope __local variables, then each
   * __local argument, each at a multiple of 128 bytes (the size of the
   * largest OpenCL C type, double16). */
  size_t localOffset[k->num_args ? k->num_args : 1];
  size_t align = k->static_local_align > 128 ? k->static_local_align : 128;
  size_t block = xf_round_up(k->static_local_size, align);
  for (unsigned i = 0; i < k->num_args; ++i) {
    if (!k->is_local[i])
      continue;
    size_t bytes = *(const size_t *)args[i];
    if (bytes == 0 || bytes > ((size_t)1 << 40))
      return XFENCE_CPU_INVALID_ARG_SIZE;
    localOffset[i] = block;
    block += xf_round_up(bytes, align);
  }
  l.localOffset = localOffset;
  l.staticOffset = 0;
  l.blockSize = block ? xf_round_up(block, align) : align;
  l.blockAlign = align;
  l.args = args;
  l.stackSize = xf_round_up(xf_env_size("XFENCE_CPU_STACK_SIZE", 128 * 1024),
                            (size_t)sysconf(_SC_PAGESIZE)) +
                (size_t)sysconf(_SC_PAGESIZE);

  size_t threads = xf_env_size("XFENCE_CPU_THREADS", omp_get_max_threads());
  if (threads > l.total)
    threads = l.total;
  /* Two mappings (stack and guard page) per work-item in flight: keep far
   * below Linux's default limit of 65530 mappings per process. */
  if (k->has_barrier && threads * l.size > 16384)
    threads = 16384 / l.size;
  if (threads < 1)
    threads = 1;
  if (threads == 1) {
    xf_worker(&l);
  } else {
#pragma omp parallel num_threads(threads)
    xf_worker(&l);
  }
  return l.error;
}
