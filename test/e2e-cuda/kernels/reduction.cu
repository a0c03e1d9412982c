// Tree reduction of each block's elements in shared memory: one partial
// sum per block. __syncthreads() separates the levels of the tree.
#define RED_BLOCK 128

__global__ void block_sum(const float *in, float *partial, int n) {
  __shared__ float s[RED_BLOCK];
  unsigned t = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + t;
  s[t] = i < (unsigned)n ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (t < stride)
      s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0)
    partial[blockIdx.x] = s[0];
}
