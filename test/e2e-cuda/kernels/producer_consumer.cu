// Producers and a last-arriving consumer: every block produces a value
// into its slot and arrives at a device-scope counter with an acq_rel
// fetch_add (cuda::atomic_ref); the block that arrives last consumes all
// slots. Nobody spins on another block.
#include <cuda/atomic>

#define PC_BLOCK 64

__global__ void produce_consume(const int *in, int *slots, unsigned *arrived,
                                int *out, int n) {
  __shared__ int s[PC_BLOCK];
  unsigned t = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + t;
  s[t] = i < (unsigned)n ? in[i] * in[i] : 0;
  __syncthreads();
  if (t == 0) {
    int value = 0;
    for (unsigned k = 0; k < blockDim.x; ++k)
      value = max(value, s[k]);
    slots[blockIdx.x] = value;
    cuda::atomic_ref<unsigned, cuda::thread_scope_device> counter(*arrived);
    unsigned ticket = counter.fetch_add(1u, cuda::memory_order_acq_rel);
    if (ticket == gridDim.x - 1) {
      int combined = 0;
      for (unsigned b = 0; b < gridDim.x; ++b)
        combined += slots[b] * (int)(b + 1);
      out[0] = combined;
      counter.store(0u, cuda::memory_order_relaxed);
    }
  }
}
