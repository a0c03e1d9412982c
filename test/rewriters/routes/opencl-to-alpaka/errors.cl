// What `translate --to alpaka` refuses, each at its place, with exit 1 and
// no output file (docs/opencl-to-alpaka.md, "Not translated").
// RUN: rm -f %t.cpp
// RUN: not xfence translate %s --to alpaka -DHELPER -o %t.cpp 2>&1 | FileCheck %s --check-prefix=HELPER
// RUN: not xfence translate %s --to alpaka -DDO -o %t.cpp 2>&1 | FileCheck %s --check-prefix=DO
// RUN: not xfence translate %s --to alpaka -DLOOPVAR -o %t.cpp 2>&1 | FileCheck %s --check-prefix=LOOPVAR
// RUN: not xfence translate %s --to alpaka -DBREAK -o %t.cpp 2>&1 | FileCheck %s --check-prefix=BREAK
// RUN: not xfence translate %s --to alpaka -DINTRINSIC -o %t.cpp 2>&1 | FileCheck %s --check-prefix=INTRINSIC
// RUN: not xfence translate %s --to alpaka -DASYNC -o %t.cpp 2>&1 | FileCheck %s --check-prefix=ASYNC
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
// The built-in is refused at its call, by the intrinsic the alpaka runtime
// has no form of; another built-in that it has is not.
__kernel void k(__global float *p, __global uint *q, __global double *d) {
  // INTRINSIC: errors.cl:[[@LINE+1]]:10: error: the OpenCL built-in 'convert_float_rtp' has no alpaka translation (its definition needs CUDA's '__uint2float_ru', which alpaka's CPU back ends lack)
  p[0] = convert_float_rtp(q[1]) + popcount(q[2]);
  // INTRINSIC: errors.cl:[[@LINE+1]]:10: error: the OpenCL built-in 'convert_float_rtn' has no alpaka translation (its definition needs CUDA's '__double2float_rd', which alpaka's CPU back ends lack)
  p[1] = convert_float_rtn(d[0]);
  // INTRINSIC-NOT: error:
}
#endif

#ifdef ASYNC
// The async copies share their work by CUDA's thread indices (the library's
// text of them is CUDA's); without a wait_group_events (whose __syncthreads
// refused it before) the copy alone was written for alpaka, with threadIdx.
__kernel void k(__global const float *g, __global float *o) {
  __local float tile[64];
  // ASYNC: errors.cl:[[@LINE+1]]:15: error: the OpenCL built-in 'async_work_group_copy' has no alpaka translation (its definition needs CUDA's threadIdx, blockDim and __syncthreads(), which alpaka's CPU back ends lack)
  event_t e = async_work_group_copy(tile, g, 64, 0);
  o[get_global_id(0)] = tile[get_local_id(0)];
}
#endif
