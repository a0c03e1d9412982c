// A user header: its synchronization is rewritten, and it is inlined.
#define GLOBAL_FENCE() mem_fence(CLK_GLOBAL_MEM_FENCE)
inline void publish(__global int *flag) {
  write_mem_fence(CLK_GLOBAL_MEM_FENCE);
  *flag = 1;
}
