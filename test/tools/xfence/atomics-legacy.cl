// OpenCL 1.x atomics (atomic_* and atom_*, 32 and 64 bits), translated and
// compiled as CUDA. atomic_inc is an add of 1, never CUDA's wrapping atomic
// increment.
// RUN: xfence translate %s --to cuda --no-coalesce -o %t.cu
// RUN: grep -v CHECK %t.cu | FileCheck %s --implicit-check-not=atomicInc --implicit-check-not=atomicDec
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}

#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
// CHECK: // xfence: #pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

// CHECK-LABEL: __global__ void legacy(
__kernel void legacy(__global int *g, __global uint *u, volatile __global long *q,
                     __global ulong *uq, __global float *f) {
  __local int l[8];
  int v = 0;
  // CHECK: v += atomicAdd((int *)(g), (int)(1));
  v += atomic_add(g, 1);
  // CHECK: v += atomicSub_block((int *)(&l[1]), (int)(2));
  v += atomic_sub(&l[1], 2);
  // CHECK: v += atomicAdd((int *)(&g[threadIdx.x]), (int)(1));
  v += atomic_inc(&g[get_local_id(0)]);
  // CHECK: v += atomicSub_block((int *)(l), (int)(1));
  v += atomic_dec(l);
  // CHECK: v += atomicExch((int *)(g), (int)(5));
  v += atomic_xchg(g, 5);
  // CHECK: float old = atomicExch((float *)(f), (float)(2.0f));
  float old = atomic_xchg(f, 2.0f);
  // CHECK: v += atomicCAS((int *)(g), (int)(0), (int)(1));
  v += atomic_cmpxchg(g, 0, 1);
  // CHECK: v += atomicMin((int *)(g), (int)(3));
  v += atomic_min(g, 3);
  // CHECK: v += atomicMax((unsigned int *)(u), (unsigned int)(3u));
  v += atomic_max(u, 3u);
  // CHECK: v += atomicAnd((unsigned int *)(u), (unsigned int)(1u));
  v += atomic_and(u, 1u);
  // CHECK: v += atomicOr_block((int *)(l), (int)(1));
  v += atomic_or(l, 1);
  // CHECK: v += atomicXor((int *)(g), (int)(1));
  v += atom_xor(g, 1);
  // CHECK: long w = ((long)atomicAdd((unsigned long long *)(q), (unsigned long long)(1)));
  long w = atom_add(q, 1);
  // CHECK: w += ((long)atomicAdd((unsigned long long *)(q), -(unsigned long long)(1)));
  w += atom_dec(q);
  // CHECK: w += ((long)atomicMin((long long *)(q), (long long)(w)));
  w += atom_min(q, w);
  // CHECK: w += ((unsigned long)atomicMax((unsigned long long *)(uq), (unsigned long long)(7ul)));
  w += atom_max(uq, 7ul);
  // CHECK: w += ((long)atomicCAS((unsigned long long *)(q), (unsigned long long)(w), (unsigned long long)(0)));
  w += atom_cmpxchg(q, w, 0);
  // CHECK: w += ((unsigned long)atomicExch((unsigned long long *)(uq), (unsigned long long)(1ul)));
  w += atom_xchg(uq, 1ul);
  g[1] = v + (int)w + (int)old;
}
