// Warp code as CUDA programs write it, run as CUDA and, translated by
// `translate --to opencl -cl-std=CL3.0 --assume-subgroup-size=32` into
// kernels.cl, as OpenCL C on a device with sub-groups of 32 (e2e.cu).
__device__ int warpSum(int v) {
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffff, v, offset);
  return v;
}

__device__ int warpScan(int v, int width) {
  int lane = threadIdx.x % 32;
  for (int d = 1; d < width; d *= 2) {
    int n = __shfl_up_sync(0xffffffff, v, d, width);
    if (lane % width >= d)
      v += n;
  }
  return v;
}

// out[7 * i + k]: seven results per work-item.
__global__ void warps(const int *in, int *out, unsigned *ballots) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[i];
  int lane = threadIdx.x % 32;
  out[7 * i + 0] = warpSum(v);
  out[7 * i + 1] = warpScan(v, 8);
  out[7 * i + 2] = __shfl_sync(0xffffffff, v, (lane * 5 + 3) % 32);
  out[7 * i + 3] = __shfl_xor_sync(0xffffffff, v, 5, 16);
  out[7 * i + 4] = __shfl_sync(0xffffffff, v, 2, 4);
  out[7 * i + 5] = __any_sync(0xffffffff, v % 97 == 0) +
                   2 * __all_sync(0xffffffff, v % 2 == 0);
  float f = __shfl_down_sync(0xffffffff, (float)v * 0.5f, 3, 8);
  out[7 * i + 6] = (int)(f * 2.0f);
  ballots[i] = __ballot_sync(0xffffffff, (v & 3) == 1);
}
