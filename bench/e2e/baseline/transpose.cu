//===- transpose.cu - Hand-written CUDA baseline of kernels/transpose.cl --===//
//
// Same interface as the translation of test/e2e/kernels/transpose.cl: the
// __local tile argument is the launch's dynamic shared memory (16 x 17
// floats; its byte size comes as a trailing size_t, unused here). 16x16
// blocks, one padding column.
//
//===----------------------------------------------------------------------===//

constexpr unsigned kTile = 16;

__global__ void transpose(float *out, const float *in, unsigned width,
                          unsigned height, size_t /*tile_bytes*/) {
  extern __shared__ float tile[];
  const unsigned tx = threadIdx.x, ty = threadIdx.y;
  const unsigned x = blockIdx.x * kTile + tx;
  const unsigned y = blockIdx.y * kTile + ty;
  if (x < width && y < height)
    tile[ty * (kTile + 1) + tx] = in[y * width + x];
  __syncthreads();
  const unsigned ox = blockIdx.y * kTile + tx;
  const unsigned oy = blockIdx.x * kTile + ty;
  if (ox < height && oy < width)
    out[oy * height + ox] = tile[tx * (kTile + 1) + ty];
}
