// CUDA's `1ull` is a 64-bit literal; OpenCL C's is 128 bits (clang makes
// `~0ull >> 32` all ones in 64 bits, where CUDA has 0xffffffff). The
// suffix's `ll` goes, also in a macro's body. A 64-bit atomic's operand of
// another type (`1`, `1ull`) is converted to the value type: OpenCL C 2.0
// declares atomic_fetch_add_explicit for atomic_ulong twice (ulong and
// ptrdiff_t operands) and such a call is ambiguous.
// RUN: xfence translate --cuda-builtin-header %s --to opencl -cl-std=CL2.0 -o %t.cl
// RUN: grep -v '^ *//' %t.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL2.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only -Werror=constant-conversion %t.cl
// RUN: clang -x cl -cl-std=CL2.0 --target=spir64 -Xclang -finclude-default-header -O1 -S -emit-llvm %t.cl -o - | FileCheck %s --check-prefix=IR

// CHECK: #define HIGH (~0ul >> 32)
#define HIGH (~0ull >> 32)

__global__ void k(unsigned long long *o, long long *s, int i) {
  // CHECK: o[0] = HIGH;
  // CHECK-NEXT: o[1] = 0xFFuL + 1ul + 2LU + 3uL + 4l;
  // IR: store i64 4294967295
  o[0] = HIGH;
  o[1] = 0xFFuLL + 1ull + 2LLU + 3uLL + 4ll;
  // CHECK: atomic_fetch_add_explicit((volatile __global atomic_ulong *)(o + 2), (ulong)(1ul), memory_order_relaxed, memory_scope_device);
  atomicAdd(o + 2, 1ull);
  // CHECK: atomic_fetch_add_explicit((volatile __global atomic_ulong *)(o + 3), (ulong)(i), memory_order_relaxed, memory_scope_device);
  atomicAdd(o + 3, i);
  // CHECK: atomic_fetch_max_explicit((volatile __global atomic_long *)(s), (long)(-1l), memory_order_relaxed, memory_scope_device);
  atomicMax(s, -1ll);
}
