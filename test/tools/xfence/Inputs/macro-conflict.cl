// One macro body that must read `__shared__` where it declares a local
// array and nothing where it declares a parameter: no single rewrite of the
// body serves both expansions.
#define LOCAL_INT __local int
void fill(LOCAL_INT *p) { *p = 0; }
__kernel void k(__global int *out) {
  LOCAL_INT buf[16];
  fill(buf);
  out[0] = buf[0];
}
