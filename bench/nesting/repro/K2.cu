// K2 in CUDA alone (nvcc only, not a check.sh input): a ?: whose two arms
// are __syncthreads() makes cicc (CUDA 13.0) emit a void phi with dangling
// operands; reading that bitcode back it allocates a value table sized by a
// garbage number (OOM, tens of GB) or fails ("Invalid record").
#include <cuda/atomic>
__device__ int h(int v, int *gi, unsigned *gu) {
  (void)atomicAdd(&gu[v & 63], 1u);
  cuda::atomic_thread_fence(cuda::memory_order_acq_rel, cuda::thread_scope_block);
  atomicSub(&gi[!v & 63], 1) ? __syncthreads() : __syncthreads();
  return v;
}
__global__ void k(int *gi, unsigned *gu, int v) { gi[1] = h(v, gi, gu); }
