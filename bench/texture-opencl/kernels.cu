// Reads of CUDA texture objects, run as CUDA and, translated by `translate
// --to opencl -cl-std=CL3.0` into kernels.cl, as OpenCL C (compare.cu).
// Each work-item reads at its own coordinates: quarter-texel steps over
// the texture and one texel beyond each edge, where the address mode
// decides.

__device__ float2 at(int i, int w, int h, bool normalized) {
  int cols = 4 * (w + 2);
  float x = (i % cols) * 0.25f - 1.0f;
  float y = (i / cols) * 0.25f - 1.0f;
  return normalized ? make_float2(x / w, y / h) : make_float2(x, y);
}

__global__ void read2D(float *out, int n, int w, int h, int normalized,
                       cudaTextureObject_t tex) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float2 p = at(i, w, h, normalized);
  out[i] = tex2D<float>(tex, p.x, p.y);
}

__device__ uchar4 texel(cudaTextureObject_t tex, float x, float y) {
  return tex2D<uchar4>(tex, x, y);
}

__global__ void read2DUchar4(uchar4 *out, int n, int w, int h,
                             cudaTextureObject_t tex) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float2 p = at(i, w, h, 0);
  out[i] = texel(tex, p.x, p.y);
}

__global__ void fetch1D(float *out, int n, cudaTextureObject_t tex) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = tex1Dfetch<float>(tex, i) * 2.0f;
}

__global__ void read3D(float4 *out, int n, int w, cudaTextureObject_t tex) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int side = 2 * w + 4;
  float x = (i % side) * 0.5f - 1.0f;
  float y = ((i / side) % side) * 0.5f - 1.0f;
  float z = (i / (side * side)) * 0.5f - 1.0f;
  out[i] = tex3D<float4>(tex, x, y, z);
}
