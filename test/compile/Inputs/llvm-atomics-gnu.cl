__kernel void k(__global int *flag, __global int *out) {
  out[0] = __atomic_load_n(flag, __ATOMIC_ACQUIRE);
  __atomic_store_n(flag, 2, __ATOMIC_RELEASE);
  out[1] = __atomic_fetch_add(flag, 1, __ATOMIC_SEQ_CST);
  out[2] = __sync_fetch_and_add(flag, 1);
  int expected = 3;
  out[3] = __atomic_compare_exchange_n(flag, &expected, 4, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
  out[4] = __sync_val_compare_and_swap(flag, 5, 6);
  out[5] = __atomic_fetch_max(flag, 7, __ATOMIC_RELAXED);
}
