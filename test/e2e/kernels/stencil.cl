// Launch: 2-D, global size (width, height) = (192, 128), local size (16, 16).
// Arguments: in (height x width floats), out (height x width floats, output),
// width = 192, height = 128, c0 = 0.5, c1 = 0.125.
// width and height are multiples of 16.
// cl-std: CL1.2
//
// 5-point stencil out = c0 * centre + c1 * (north + south + west + east),
// with clamp-to-edge at the borders. Each work-group stages an 18x18 tile
// (its 16x16 block plus a one-element halo) in a __local array; the work-items
// on the block's edges also load the halo.

#define TX 16
#define TY 16

static float load_clamped(__global const float *in, int x, int y, int width,
                          int height) {
  x = clamp(x, 0, width - 1);
  y = clamp(y, 0, height - 1);
  return in[y * width + x];
}

__kernel void stencil5(__global const float *in, __global float *out,
                       int width, int height, float c0, float c1) {
  __local float tile[TY + 2][TX + 2];
  const int lx = get_local_id(0);
  const int ly = get_local_id(1);
  const int x = get_global_id(0);
  const int y = get_global_id(1);

  tile[ly + 1][lx + 1] = load_clamped(in, x, y, width, height);
  if (lx == 0)
    tile[ly + 1][0] = load_clamped(in, x - 1, y, width, height);
  if (lx == TX - 1)
    tile[ly + 1][TX + 1] = load_clamped(in, x + 1, y, width, height);
  if (ly == 0)
    tile[0][lx + 1] = load_clamped(in, x, y - 1, width, height);
  if (ly == TY - 1)
    tile[TY + 1][lx + 1] = load_clamped(in, x, y + 1, width, height);
  barrier(CLK_LOCAL_MEM_FENCE);

  const float n = tile[ly][lx + 1];
  const float s = tile[ly + 2][lx + 1];
  const float w = tile[ly + 1][lx];
  const float e = tile[ly + 1][lx + 2];
  out[y * width + x] = c0 * tile[ly + 1][lx + 1] + c1 * ((n + s) + (w + e));
}
