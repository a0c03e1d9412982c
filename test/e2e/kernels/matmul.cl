// Launch: 2-D, global size (N, M) = (192, 128), local size (16, 16).
// Arguments: A (M x K floats), B (K x N floats), C (M x N floats, output),
// As and Bs (__local, 16 * 16 floats each), M = 128, N = 192, K = 160.
// M, N and K are multiples of 16.
// cl-std: CL1.2
//
// C = A * B, row-major, with 16x16 tiles of A and B staged in local memory.

#define TILE 16

__kernel void matmul(__global const float *A, __global const float *B,
                     __global float *C, __local float *As, __local float *Bs,
                     uint M, uint N, uint K) {
  const uint lx = get_local_id(0);
  const uint ly = get_local_id(1);
  const uint col = get_global_id(0);
  const uint row = get_global_id(1);
  float acc = 0.0f;
  for (uint t = 0; t < K; t += TILE) {
    As[ly * TILE + lx] = A[row * K + t + lx];
    Bs[ly * TILE + lx] = B[(t + ly) * N + col];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint k = 0; k < TILE; ++k)
      acc = mad(As[ly * TILE + k], Bs[k * TILE + lx], acc);
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (row < M && col < N)
    C[row * N + col] = acc;
}
