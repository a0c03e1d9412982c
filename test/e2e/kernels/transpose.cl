// Launch: 2-D, global size (width, height) = (256, 192), local size (16, 16).
// Arguments: out (height x width floats read as width rows of height,
// output), in (height rows of width floats), tile (__local,
// 16 * 17 floats), width = 256, height = 192.
// cl-std: CL1.2
//
// Tiled transpose: a work-group reads a 16x16 tile with coalesced loads into
// local memory (one padding column against bank conflicts), then writes it
// transposed with coalesced stores.

#define TILE 16

__kernel void transpose(__global float *out, __global const float *in,
                        __local float *tile, uint width, uint height) {
  const uint lx = get_local_id(0);
  const uint ly = get_local_id(1);
  const uint x = get_group_id(0) * TILE + lx;
  const uint y = get_group_id(1) * TILE + ly;
  if (x < width && y < height)
    tile[ly * (TILE + 1) + lx] = in[y * width + x];
  barrier(CLK_LOCAL_MEM_FENCE);
  // Row of the output = column of the input.
  const uint ox = get_group_id(1) * TILE + lx;
  const uint oy = get_group_id(0) * TILE + ly;
  if (ox < height && oy < width)
    out[oy * height + ox] = tile[lx * (TILE + 1) + ly];
}
