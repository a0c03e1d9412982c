//===- matmul.cu - Hand-written CUDA baseline of kernels/matmul.cl --------===//
//
// Same interface as the translation of test/e2e/kernels/matmul.cl: the two
// __local tiles As and Bs are the launch's dynamic shared memory, As at byte
// 0 and Bs at byte 1024 (each __local argument rounded up to 16 bytes); their
// byte sizes come as two trailing size_t parameters (unused here).
// C = A * B with 16x16 tiles; M, N and K are multiples of 16.
//
//===----------------------------------------------------------------------===//

constexpr unsigned kTile = 16;

__global__ void matmul(const float *A, const float *B, float *C, unsigned M,
                       unsigned N, unsigned K, size_t /*As_bytes*/,
                       size_t /*Bs_bytes*/) {
  extern __shared__ float shared[];
  float *As = shared;
  float *Bs = shared + kTile * kTile;
  const unsigned tx = threadIdx.x, ty = threadIdx.y;
  const unsigned col = blockIdx.x * kTile + tx;
  const unsigned row = blockIdx.y * kTile + ty;
  float acc = 0.0f;
  for (unsigned t = 0; t < K; t += kTile) {
    As[ty * kTile + tx] = A[row * K + t + tx];
    Bs[ty * kTile + tx] = B[(t + ty) * N + col];
    __syncthreads();
#pragma unroll
    for (unsigned k = 0; k < kTile; ++k)
      acc = fmaf(As[ty * kTile + k], Bs[k * kTile + tx], acc);
    __syncthreads();
  }
  if (row < M && col < N)
    C[row * N + col] = acc;
}
