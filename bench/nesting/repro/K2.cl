// K2: barriers that are the value of both arms of ?: (here through a comma).
int h(int v, __global int *gi, __global uint *gu) {
  atomic_inc(&gu[v & 63]);
  mem_fence(CLK_LOCAL_MEM_FENCE);
  atomic_dec(&gi[(!v) & 63]) ? (v++, barrier(CLK_LOCAL_MEM_FENCE)) : (v--, barrier(CLK_LOCAL_MEM_FENCE));
  return v;
}
__kernel void k(__global int *gi, __global uint *gu, int v) { gi[1] = h(v, gi, gu); }
