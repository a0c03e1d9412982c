// Store buffering between blocks in HIP: thread 0: x = 1;
// __builtin_amdgcn_fence(seq_cst, "agent"); read y || thread 1: y = 1;
// fence(seq_cst, "agent"); read x, every access a relaxed __hip_atomic at
// agent (device) scope. res[4i], res[4i+1] = the reads. Forbidden: 0, 0.
// The mutants narrow the fences to "workgroup" or remove them.
#include <hip/hip_runtime.h>

// The start of every role kernel (the ABI is in ../../harness.h): a thread
// without a role stresses memory and gets -1; a test thread meets the
// others at `arrive` (at most `meet` spins) and gets its role.
static __device__ int litmus_start(const int *role, volatile unsigned *arrive,
                                   unsigned ntest, int meet,
                                   volatile unsigned *scratch, int scratch_n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int r = role[t];
  if (r < 0) {
    unsigned s = t * 2654435761u;
    for (int i = 0; i < 64; ++i) {
      s = s * 1664525u + 1013904223u;
      volatile unsigned *p = scratch + (s % scratch_n);
      *p = *p + 1;
    }
    return -1;
  }
  atomicAdd((unsigned *)arrive, 1u);
  for (int spin = 0; *arrive < ntest && spin < meet; ++spin) {
  }
  return r;
}

extern "C" __global__ void sb_hip_sc(const int *role, unsigned *mem,
                                     const int *off, unsigned *res,
                                     volatile unsigned *arrive, unsigned ntest,
                                     int meet, volatile unsigned *scratch,
                                     int scratch_n) {
  int r = litmus_start(role, arrive, ntest, meet, scratch, scratch_n);
  if (r < 0)
    return;
  int i = r >> 2, j = r & 3;
  unsigned *x = mem + off[4 * i];
  unsigned *y = mem + off[4 * i + 1];
  if (j == 0) {
    __hip_atomic_store(x, 1u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
    __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "agent");
    res[4 * i] =
        __hip_atomic_load(y, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  } else {
    __hip_atomic_store(y, 1u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
    __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "agent");
    res[4 * i + 1] =
        __hip_atomic_load(x, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  }
}

extern "C" __global__ void
sb_hip_wg_mutant(const int *role, unsigned *mem, const int *off, unsigned *res,
                 volatile unsigned *arrive, unsigned ntest, int meet,
                 volatile unsigned *scratch, int scratch_n) {
  int r = litmus_start(role, arrive, ntest, meet, scratch, scratch_n);
  if (r < 0)
    return;
  int i = r >> 2, j = r & 3;
  unsigned *x = mem + off[4 * i];
  unsigned *y = mem + off[4 * i + 1];
  if (j == 0) {
    __hip_atomic_store(x, 1u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
    __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "workgroup");
    res[4 * i] =
        __hip_atomic_load(y, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  } else {
    __hip_atomic_store(y, 1u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
    __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "workgroup");
    res[4 * i + 1] =
        __hip_atomic_load(x, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  }
}

extern "C" __global__ void
sb_hip_none_mutant(const int *role, unsigned *mem, const int *off,
                   unsigned *res, volatile unsigned *arrive, unsigned ntest,
                   int meet, volatile unsigned *scratch, int scratch_n) {
  int r = litmus_start(role, arrive, ntest, meet, scratch, scratch_n);
  if (r < 0)
    return;
  int i = r >> 2, j = r & 3;
  unsigned *x = mem + off[4 * i];
  unsigned *y = mem + off[4 * i + 1];
  if (j == 0) {
    __hip_atomic_store(x, 1u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
    res[4 * i] =
        __hip_atomic_load(y, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  } else {
    __hip_atomic_store(y, 1u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
    res[4 * i + 1] =
        __hip_atomic_load(x, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  }
}
