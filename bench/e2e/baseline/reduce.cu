//===- reduce.cu - Hand-written CUDA baseline of kernels/reduce.cl --------===//
//
// Same interface as the translation of test/e2e/kernels/reduce.cl: the
// __local scratch argument is the launch's dynamic shared memory (blockDim.x
// floats; its byte size comes as a trailing size_t, unused here). Same
// algorithm and summation order: a grid-strided sum per thread,
// then a shared-memory tree per block.
//
//===----------------------------------------------------------------------===//

__global__ void reduce_sum(const float *in, float *partial, unsigned n,
                           size_t /*scratch_bytes*/) {
  extern __shared__ float scratch[];
  const unsigned tid = threadIdx.x;
  const unsigned stride = gridDim.x * blockDim.x;
  float acc = 0.0f;
  for (unsigned i = blockIdx.x * blockDim.x + tid; i < n; i += stride)
    acc += in[i];
  scratch[tid] = acc;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      scratch[tid] += scratch[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    partial[blockIdx.x] = scratch[0];
}
