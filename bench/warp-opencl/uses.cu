// Every warp shuffle of CUDA once: what make_prelude.sh translates to take
// the prelude's shuffle macros and lane rule as xfence writes them.
__global__ void uses(int *p) {
  int v = p[threadIdx.x];
  p[threadIdx.x] = __shfl_sync(0xffffffff, v, 1) +
                   __shfl_up_sync(0xffffffff, v, 1) +
                   __shfl_down_sync(0xffffffff, v, 1) +
                   __shfl_xor_sync(0xffffffff, v, 1);
}
