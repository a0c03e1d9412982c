// The host counterpart of run_k_out_in_w.py, for the tests that also
// compile their CUDA source as C++ for the host (-DHOST_RUN, the CUDA
// keywords defined away): runs `k(long *out, const float *in, const long
// *w)` once with run_k_out_in_w.py's inputs and prints `out` as it does.
#include <cstdio>
int main() {
  long out[10] = {0};
  float in[2] = {3, 0.5f};
  long w[2] = {2, 3};
  k(out, in, w);
  printf("out");
  for (long v : out)
    printf(" %ld", v);
  printf("\n");
  return 0;
}
