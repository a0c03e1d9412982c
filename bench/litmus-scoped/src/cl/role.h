// The start of every role kernel of bench/litmus-scoped (the ABI is in
// ../../harness.h), in OpenCL C. A work-item without a role stresses memory
// and gets -1; a test work-item meets the others at `arrive` (at most `meet`
// spins) and gets its role, instance * 4 + j.
static int litmus_start(__global const int *role,
                        volatile __global uint *arrive, uint ntest, int meet,
                        volatile __global uint *scratch, int scratch_n) {
  int t = get_global_id(0);
  int r = role[t];
  if (r < 0) {
    uint s = t * 2654435761u;
    for (int i = 0; i < 64; ++i) {
      s = s * 1664525u + 1013904223u;
      volatile __global uint *p = scratch + (s % scratch_n);
      *p = *p + 1;
    }
    return -1;
  }
  atomic_add(arrive, 1u);
  for (int spin = 0; *arrive < ntest && spin < meet; ++spin) {
  }
  return r;
}
