#define RF read_mem_fence(CLK_LOCAL_MEM_FENCE)
__kernel void k(__global int *o) { o[0] = 1; RF; o[1] = 2; RF; write_mem_fence(CLK_LOCAL_MEM_FENCE); }
