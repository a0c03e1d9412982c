// Litmus thread programs written directly in CUDA: (a) the constructs as a
// CUDA programmer writes them (the CUDA guide's writeXY/readXY and
// last-block sum, the alpaka producer/consumer), and (c) mutants with a fence
// removed or narrowed. Every kernel has the ABI of litmus.cu:
//
//   role[t]     instance*2 + (0 | 1) for the two threads of an instance,
//               -1 for a thread that only stresses memory;
//   x, y        the shared locations, at xoff[i] / yoff[i] for instance i;
//   r0, r1      what the two threads observed, per instance;
//   arrive      a counter the test threads meet at before they start;
//   scratch     memory the stress threads hammer.
#pragma once

#define LITMUS_PARAMS                                                          \
  const int *role, volatile unsigned *x, volatile unsigned *y,                \
      const int *xoff, const int *yoff, unsigned *r0, unsigned *r1,           \
      volatile unsigned *arrive, unsigned ntest, volatile unsigned *scratch,  \
      int scratch_n

// Fences, by name, for the hand-written variants.
#define F_NONE()
#define F_BLOCK() __threadfence_block()
#define F_DEVICE() __threadfence()
#define F_CTA_ACQREL() asm volatile("fence.acq_rel.cta;" ::: "memory")

// Prologue common to every role kernel: stress threads hammer scratch; test
// threads meet at `arrive` (bounded spin) so that both sides run together.
#define LITMUS_PROLOGUE                                                        \
  int t = blockIdx.x * blockDim.x + threadIdx.x;                               \
  int r = role[t];                                                             \
  if (r < 0) {                                                                 \
    unsigned s = t * 2654435761u;                                              \
    for (int i = 0; i < 64; ++i) {                                             \
      s = s * 1664525u + 1013904223u;                                          \
      volatile unsigned *p = scratch + (s % scratch_n);                        \
      *p = *p + 1;                                                             \
    }                                                                          \
    return;                                                                    \
  }                                                                            \
  int inst = r >> 1;                                                           \
  volatile unsigned *px = x + xoff[inst];                                      \
  volatile unsigned *py = y + yoff[inst];                                      \
  atomicAdd((unsigned *)arrive, 1u);                                           \
  for (int spin = 0; *arrive < ntest && spin < (1 << 20); ++spin) {            \
  }

// Message passing (CUDA guide, writeXY/readXY): x = 1; F; y = 1 || spin on
// y; F; read x. Forbidden: y seen 1, x read 0.
#define DEFINE_MP(NAME, PF, CF)                                                \
  __global__ void NAME(LITMUS_PARAMS) {                                        \
    LITMUS_PROLOGUE                                                            \
    if ((r & 1) == 0) {                                                        \
      *px = 1;                                                                 \
      PF();                                                                    \
      *py = 1;                                                                 \
    } else {                                                                   \
      unsigned v;                                                              \
      int spins = 0;                                                           \
      while ((v = *py) == 0 && ++spins < 20000) {                              \
      }                                                                        \
      CF();                                                                    \
      r0[inst] = v;                                                            \
      r1[inst] = *px;                                                          \
    }                                                                          \
  }

// Store buffering: x = 1; F; r0 = y || y = 1; F; r1 = x.
// Forbidden with seq_cst fences: r0 = r1 = 0.
#define DEFINE_SB(NAME, F)                                                     \
  __global__ void NAME(LITMUS_PARAMS) {                                        \
    LITMUS_PROLOGUE                                                            \
    if ((r & 1) == 0) {                                                        \
      *px = 1;                                                                 \
      F();                                                                     \
      r0[inst] = *py;                                                          \
    } else {                                                                   \
      *py = 1;                                                                 \
      F();                                                                     \
      r1[inst] = *px;                                                          \
    }                                                                          \
  }

// Load buffering: r0 = x; F; y = 1 || r1 = y; F; x = 1.
// Forbidden with fences: r0 = r1 = 1.
#define DEFINE_LB(NAME, F)                                                     \
  __global__ void NAME(LITMUS_PARAMS) {                                        \
    LITMUS_PROLOGUE                                                            \
    if ((r & 1) == 0) {                                                        \
      r0[inst] = *px;                                                          \
      F();                                                                     \
      *py = 1;                                                                 \
    } else {                                                                   \
      r1[inst] = *py;                                                          \
      F();                                                                     \
      *px = 1;                                                                 \
    }                                                                          \
  }

// Producer/consumer with release/acquire (the alpaka publication example):
// the producer writes a four-word payload at x, a release fence, then sets
// the ready flag y with an atomic; the consumer spins on the flag with an
// atomic, an acquire fence, then reads the payload. r1 counts the payload
// words that were stale. Forbidden: flag seen, r1 > 0.
#define DEFINE_PC(NAME, REL, ACQ)                                              \
  __global__ void NAME(LITMUS_PARAMS) {                                        \
    LITMUS_PROLOGUE                                                            \
    if ((r & 1) == 0) {                                                        \
      px[0] = 11;                                                              \
      px[1] = 22;                                                              \
      px[2] = 33;                                                              \
      px[3] = 44;                                                              \
      REL;                                                                     \
      atomicExch((unsigned *)py, 1u);                                          \
    } else {                                                                   \
      unsigned v;                                                              \
      int spins = 0;                                                           \
      while ((v = atomicAdd((unsigned *)py, 0u)) == 0 && ++spins < 20000) {    \
      }                                                                        \
      ACQ;                                                                     \
      r0[inst] = v;                                                            \
      r1[inst] = (px[0] != 11) + (px[1] != 22) + (px[2] != 33) +               \
                 (px[3] != 44);                                                \
    }                                                                          \
  }

// (a) as written.
DEFINE_MP(mp_a, F_DEVICE, F_DEVICE)
DEFINE_SB(sb_a, F_DEVICE)
DEFINE_LB(lb_a, F_DEVICE)
DEFINE_PC(pc_a,
          cuda::atomic_thread_fence(cuda::memory_order_release,
                                    cuda::thread_scope_device),
          cuda::atomic_thread_fence(cuda::memory_order_acquire,
                                    cuda::thread_scope_device))

// (c) mutants: the fence narrowed to the block, or removed.
DEFINE_MP(mp_c_block, F_BLOCK, F_BLOCK)
DEFINE_MP(mp_c_none, F_NONE, F_NONE)
DEFINE_SB(sb_c_block, F_BLOCK)
DEFINE_SB(sb_c_none, F_NONE)
DEFINE_LB(lb_c_none, F_NONE)
DEFINE_PC(pc_c_block,
          cuda::atomic_thread_fence(cuda::memory_order_release,
                                    cuda::thread_scope_block),
          cuda::atomic_thread_fence(cuda::memory_order_acquire,
                                    cuda::thread_scope_block))
DEFINE_PC(pc_c_none, , )

// The CUDA guide's last-block sum, in groups: every `bpg` consecutive blocks
// sum their chunks of `in`; the last block of each group to finish adds the
// group's partial sums into out[group]. Forbidden: a wrong group sum.
#define LBR_PARAMS                                                             \
  const unsigned *in, volatile unsigned *partial, unsigned *count,            \
      unsigned *out, int bpg, volatile unsigned *scratch, int scratch_n

#define DEFINE_LBR(NAME, F)                                                    \
  __global__ void NAME(LBR_PARAMS) {                                           \
    __shared__ unsigned sums[256];                                             \
    __shared__ bool isLastBlockDone;                                           \
    int tid = threadIdx.x;                                                     \
    int group = blockIdx.x / bpg;                                              \
    sums[tid] = in[blockIdx.x * blockDim.x + tid];                             \
    __syncthreads();                                                           \
    for (int s = blockDim.x / 2; s > 0; s /= 2) {                              \
      if (tid < s)                                                             \
        sums[tid] += sums[tid + s];                                            \
      __syncthreads();                                                         \
    }                                                                          \
    if (tid == 0) {                                                            \
      partial[blockIdx.x] = sums[0];                                           \
      F();                                                                     \
      unsigned value = atomicInc(&count[group], bpg);                          \
      isLastBlockDone = (value == (unsigned)(bpg - 1));                        \
    } else {                                                                   \
      unsigned z = tid * 2654435761u;                                          \
      for (int i = 0; i < 8; ++i) {                                            \
        z = z * 1664525u + 1013904223u;                                        \
        volatile unsigned *p = scratch + (z % scratch_n);                      \
        *p = *p + 1;                                                           \
      }                                                                        \
    }                                                                          \
    __syncthreads();                                                           \
    if (isLastBlockDone && tid == 0) {                                         \
      unsigned total = 0;                                                      \
      for (int b = 0; b < bpg; ++b)                                            \
        total += partial[group * bpg + b];                                     \
      out[group] = total;                                                      \
    }                                                                          \
  }

DEFINE_LBR(lbr_a, F_DEVICE)
DEFINE_LBR(lbr_c_block, F_BLOCK)
DEFINE_LBR(lbr_c_none, F_NONE)

// The last-block sum of a vector (bench/litmus/lbr_explore.cu found this
// shape; the scalar one above shows no forbidden outcome even without a
// fence): each block adds `rows` rows of `in` column by column, every thread
// publishes its column's partial sum, each in its own 128-byte line
// (stride 32 words); after __syncthreads() thread 0 fences (a device fence is
// cumulative over the barrier) and takes the group's ticket; in the last
// block of each group of `bpg`, every thread adds its column over the
// group. Forbidden: a wrong column sum.
#define LBV_PARAMS                                                             \
  const unsigned *in, volatile unsigned *partial, unsigned *count,            \
      unsigned *out, int bpg, int rows

#define LBV_STRIDE 32

#define DEFINE_LBV(NAME, F)                                                    \
  __global__ void NAME(LBV_PARAMS) {                                           \
    __shared__ bool isLastBlockDone;                                           \
    int tid = threadIdx.x, n = blockDim.x;                                     \
    int group = blockIdx.x / bpg;                                              \
    unsigned s = 0;                                                            \
    for (int r = 0; r < rows; ++r)                                             \
      s += in[(blockIdx.x * rows + r) * n + tid];                              \
    partial[(blockIdx.x * n + tid) * LBV_STRIDE] = s;                          \
    __syncthreads();                                                           \
    if (tid == 0) {                                                            \
      F();                                                                     \
      unsigned value = atomicInc(&count[group], bpg);                          \
      isLastBlockDone = (value == (unsigned)(bpg - 1));                        \
    }                                                                          \
    __syncthreads();                                                           \
    if (isLastBlockDone) {                                                     \
      unsigned total = 0;                                                      \
      for (int b = 0; b < bpg; ++b)                                            \
        total += partial[((group * bpg + b) * n + tid) * LBV_STRIDE];          \
      out[group * n + tid] = total;                                            \
    }                                                                          \
  }

DEFINE_LBV(lbv_a, F_DEVICE)
DEFINE_LBV(lbv_c_block, F_BLOCK)
DEFINE_LBV(lbv_c_none, F_NONE)
