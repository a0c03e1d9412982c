/*===- Launch.h - the CPU launch ABI between generated code and runtime ---===*
 *
 * `xfence compile --to cpu` (docs/compile.md, "CPU") writes, for every
 * kernel, a C launch function that fills an argument array and calls
 * __xfence_cpu_launch with a descriptor of the kernel. This header is that
 * descriptor; it is included by runtime/Runtime.c and pasted by xfence into
 * the generated C source, so the two always agree.
 *
 *===----------------------------------------------------------------------===*/

#ifndef XFENCE_CPU_LAUNCH_H
#define XFENCE_CPU_LAUNCH_H

#include <stddef.h>

/* The return values of the launch functions (OpenCL's error codes where
 * OpenCL has one). They are repeated in every generated header. */
#define XFENCE_CPU_SUCCESS 0
#define XFENCE_CPU_OUT_OF_RESOURCES (-5)
#define XFENCE_CPU_OUT_OF_HOST_MEMORY (-6)
#define XFENCE_CPU_INVALID_ARG_SIZE (-51)
#define XFENCE_CPU_INVALID_WORK_DIMENSION (-53)
#define XFENCE_CPU_INVALID_WORK_GROUP_SIZE (-54)
#define XFENCE_CPU_INVALID_GLOBAL_OFFSET (-56)
#define XFENCE_CPU_INVALID_GLOBAL_WORK_SIZE (-63)
/* Some work-items of a work-group reached a barrier and others returned:
 * undefined behaviour in OpenCL, detected and reported here. */
#define XFENCE_CPU_BARRIER_DIVERGENCE (-1001)

/* The largest work-group (product of the local sizes). */
#define XFENCE_CPU_MAX_WORK_GROUP_SIZE 4096

/* One kernel, as the generated launch function describes it. */
struct xfence_cpu_kernel {
  const char *name;
  /* Calls the kernel for the calling work-item; args[i] points at the
   * value of argument i (for a __local pointer argument: at the pointer). */
  void (*entry)(void **args);
  unsigned num_args;
  /* is_local[i]: argument i is a __local pointer; the launch function's
   * args[i] then points at its size in bytes (a size_t). */
  const unsigned char *is_local;
  /* Bytes and alignment of the kernel-scope __local variables of the file
   * (one block per work-group). */
  size_t static_local_size;
  size_t static_local_align;
  /* The kernel can reach a work-group barrier: its work-items run as
   * fibers that switch at each barrier; otherwise they run one after the
   * other. */
  int has_barrier;
};

int __xfence_cpu_launch(const struct xfence_cpu_kernel *kernel, unsigned dims,
                        const size_t *offset, const size_t *global,
                        const size_t *local, void **args);

#endif /* XFENCE_CPU_LAUNCH_H */
