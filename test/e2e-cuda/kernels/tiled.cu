// A 1-D stencil through a tile in dynamic shared memory (blockDim.x +
// 2 * RADIUS floats, given at launch): each block loads its elements and a
// halo, __syncthreads(), then every thread reads its neighbours from the
// tile.
#define RADIUS 2

__global__ void stencil(const float *in, float *out, int n) {
  extern __shared__ float tile[];
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int l = threadIdx.x + RADIUS;
  tile[l] = g < n ? in[g] : 0.0f;
  if (threadIdx.x < RADIUS) {
    int left = g - RADIUS;
    tile[l - RADIUS] = left >= 0 && left < n ? in[left] : 0.0f;
    int right = g + blockDim.x;
    tile[l + blockDim.x] = right < n ? in[right] : 0.0f;
  }
  __syncthreads();
  if (g < n) {
    float acc = 0.0f;
    for (int k = -RADIUS; k <= RADIUS; ++k)
      acc += tile[l + k] * (float)(k + RADIUS + 1);
    out[g] = acc;
  }
}
