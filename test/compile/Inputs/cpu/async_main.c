/* Runs async.cl's kernel and checks every element against the copies it
 * makes. */
#include "async.h"

#include <stdio.h>

int main(void) {
  enum { G = 4, L = 64 };
  static xfence_float4 in[G * L], out[G * L];
  static float strided[G * L * 4];
  for (int i = 0; i < G * L; ++i)
    in[i] = (xfence_float4){i, i + 1, i + 2, i + 3};
  for (int i = 0; i < G * L * 4; ++i)
    strided[i] = i * 0.5f;
  size_t global[3] = {G * L}, local[3] = {L};
  int status = xfence_launch_copies(1, global, local, in, out,
                                    L * sizeof(xfence_float4), strided);
  int wrong = 0;
  for (int g = 0; g < G; ++g)
    for (int l = 0; l < L; ++l) {
      int i = g * L + l, j = g * L + (l + 1) % L;
      wrong += out[i][0] != 2.0f * j || out[i][1] != 2.0f * (j + 1) ||
               out[i][2] != 2.0f * (j + 2) ||
               out[i][3] != strided[g + (L - 1 - l) * 4];
    }
  printf("async copies: status %d, %d wrong elements of %d\n", status, wrong,
         G * L);
  return status || wrong;
}
