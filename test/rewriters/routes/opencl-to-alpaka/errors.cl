// What `translate --to alpaka` refuses, each at its place, with exit 1 and
// no output file (docs/opencl-to-alpaka.md, "Not translated").
// RUN: rm -f %t.cpp
// RUN: not xfence translate %s --to alpaka -DHELPER -o %t.cpp 2>&1 | FileCheck %s --check-prefix=HELPER
// RUN: not xfence translate %s --to alpaka -DDO -o %t.cpp 2>&1 | FileCheck %s --check-prefix=DO
// RUN: not xfence translate %s --to alpaka -DLOOPVAR -o %t.cpp 2>&1 | FileCheck %s --check-prefix=LOOPVAR
// RUN: not xfence translate %s --to alpaka -DBREAK -o %t.cpp 2>&1 | FileCheck %s --check-prefix=BREAK
// RUN: not xfence translate %s --to alpaka -DINTRINSIC -o %t.cpp 2>&1 | FileCheck %s --check-prefix=INTRINSIC
// RUN: not test -e %t.cpp

#ifdef HELPER
// HELPER: errors.cl:[[@LINE+1]]:26: error: a barrier in a function that is not a kernel has no alpaka translation in xfence
static void sync(void) { barrier(CLK_LOCAL_MEM_FENCE); }
__kernel void k(__global int *p) { sync(); }
#endif

#ifdef DO
__kernel void k(__global int *p) {
  int i = 0;
  // DO: errors.cl:[[@LINE+1]]:3: error: a barrier inside this statement has no alpaka translation in xfence
  do {
    barrier(CLK_LOCAL_MEM_FENCE);
  } while (++i < 4);
}
#endif

#ifdef LOOPVAR
__kernel void k(__global int *p) {
  for (int s = 0; s < 4; ++s) {
    // LOOPVAR: errors.cl:[[@LINE+1]]:5: error: a work-item changes 's', a variable of a loop that holds a barrier
    s += p[get_local_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}
#endif

#ifdef BREAK
__kernel void k(__global int *p) {
  for (int s = 0; s < 4; ++s) {
    // BREAK: errors.cl:[[@LINE+1]]:20: error: a break or continue of a loop that holds a barrier
    if (p[s] == 0) break;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}
#endif

#ifdef INTRINSIC
// INTRINSIC: error: an OpenCL built-in that this file calls has no alpaka translation in xfence yet (its text calls CUDA's '__uint2float_ru'
__kernel void k(__global float *p, __global uint *q) { p[0] = convert_float_rtp(q[1]); }
#endif
