// OpenCL 2.0 compare-exchange and atomic_flag, compiled whole (cas.test):
// a lock-free maximum and a spin lock around a plain counter.
kernel void casmax(global atomic_int *m, global const int *in,
                   global atomic_flag *lock, global int *count) {
  int v = in[get_global_id(0)];
  int cur = atomic_load_explicit(m, memory_order_relaxed, memory_scope_device);
  while (cur < v && !atomic_compare_exchange_weak_explicit(
                        m, &cur, v, memory_order_relaxed,
                        memory_order_relaxed, memory_scope_device))
    ;
  if (get_local_id(0) == 0) {
    while (atomic_flag_test_and_set_explicit(lock, memory_order_acquire,
                                             memory_scope_device))
      ;
    *count += 1;
    atomic_flag_clear_explicit(lock, memory_order_release,
                               memory_scope_device);
  }
}

// The forms without _explicit: seq_cst at device scope.
kernel void strong(global atomic_uint *p, global uint *out) {
  uint expected = out[0];
  out[1] = atomic_compare_exchange_strong(p, &expected, 7u);
  out[2] = expected;
}
