// OpenCL C kernels to alpaka 3 kernel functors (docs/opencl-to-alpaka.md):
// the work-items of a work-group as loops between barriers, the variables
// that live across a barrier as one element per work-item, __local memory,
// helpers that take the accelerator, and the launch helpers.
// RUN: xfence translate %s --to alpaka -o %t.cpp
// RUN: grep -v CHECK %t.cpp | FileCheck %s
// RUN: grep -v COUNTS %t.cpp | FileCheck %s --check-prefix=COUNTS
// RUN: %if alpaka %{ %alpaka-cxx -fsyntax-only %t.cpp %}

// A helper that uses a work-item function and an atomic gets the
// accelerator and the work-item; its calls pass them.
// CHECK: ALPAKA_FN_ACC static uint bump(auto const &xfence_acc, const xfence_alpaka::WorkItem &xfence_wi, uint *c) { return alpaka::onAcc::atomicAdd(xfence_acc, (unsigned int *)(c), (unsigned int)(xfence_wi.get_local_id(0)), alpaka::onAcc::scope::device); }
static uint bump(__global uint *c) { return atomic_add(c, get_local_id(0)); }

// A helper without either stays as it is.
// CHECK: ALPAKA_FN_ACC static float twice(float x) { return 2 * x; }
static float twice(float x) { return 2 * x; }

// CHECK-LABEL: struct tree {
// CHECK-NEXT: std::uint32_t dynSharedMemBytes = 0;
// CHECK-NEXT: ALPAKA_FN_ACC void operator()(auto const &xfence_acc, const xfence_alpaka::NDRange &xfence_nd, float *out, std::size_t xfence_offset_scratch,
// CHECK-NEXT: uint *counter, uint n) const {
// CHECK: float *scratch = reinterpret_cast<float *>(xfence_shared + xfence_offset_scratch);
// `lid` lives across the barriers, `n` is changed by the work-items, and a
// work-item returns before a barrier.
// CHECK: xfence_alpaka::ptr<uint> lid = xfence_private.take<uint>();
// CHECK-NEXT: xfence_alpaka::ptr<uint> xfence_p_n = xfence_private.take<uint>();
// CHECK-NEXT: bool *xfence_ended = xfence_private.take<bool>();
// CHECK: xfence_p_n[xfence_e] = n;
// CHECK-NEXT: xfence_ended[xfence_e] = false;
// CHECK: auto &tile = alpaka::onAcc::declareSharedVar<float[64], 1>(xfence_acc);
// CHECK-NEXT: for (std::uint32_t xfence_e = xfence_first; xfence_e < xfence_nd.items;
// CHECK: if (xfence_ended[xfence_e])
// CHECK: [&]() -> void {
// CHECK-NEXT: lid[xfence_e] = xfence_wi.get_local_id(0);
// CHECK-NEXT: xfence_p_n[xfence_e] -= 1;
// CHECK-NEXT: if (lid[xfence_e] >= xfence_p_n[xfence_e])
// CHECK-NEXT: return void(xfence_ended[xfence_e] = true);
// CHECK-NEXT: scratch[lid[xfence_e]] = twice(lid[xfence_e]);
// CHECK-NEXT: tile[lid[xfence_e]] = bump(xfence_acc, xfence_wi, counter);
// CHECK-NEXT: }();
// CHECK: alpaka::onAcc::syncBlockThreads(xfence_acc);
// The loop that holds a barrier is the block's; its body is split again.
// CHECK-NEXT: for (uint s = xfence_wi.get_local_size(0) / 2; s > 0; s >>= 1) {
// CHECK-NEXT: for (std::uint32_t xfence_e = xfence_first;
// CHECK: if (lid[xfence_e] < s)
// CHECK: alpaka::onAcc::syncBlockThreads(xfence_acc);
// CHECK-NEXT: }
// CHECK: out[xfence_wi.get_group_id(0)] = scratch[0] + tile[0];
// CHECK: };
__kernel void tree(__global float *out, __local float *scratch,
                   __global uint *counter, uint n) {
  __local float tile[64];
  uint lid = get_local_id(0);
  n -= 1;
  if (lid >= n)
    return;
  scratch[lid] = twice(lid);
  tile[lid] = bump(counter);
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
    if (lid < s)
      scratch[lid] += scratch[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0)
    out[get_group_id(0)] = scratch[0] + tile[0];
}

// The launch helper: the __local argument's size in bytes, an offset in the
// block's dynamic shared memory, and the types of the work-items' variables.
// CHECK-LABEL: void launch_tree(XfenceQueue &queue, XfenceExecutor executor,
// CHECK-NEXT: xfence_alpaka::Range global_size, xfence_alpaka::Range local_size, float *out, std::size_t scratch_bytes, uint *counter, uint n) {
// CHECK-NEXT: xfence_alpaka::Launch xfence_launch(global_size, local_size);
// CHECK-NEXT: std::size_t xfence_offset_scratch = xfence_launch.local(scratch_bytes);
// CHECK-NEXT: tree xfence_kernel;
// CHECK-NEXT: xfence_kernel.dynSharedMemBytes = xfence_launch.sharedBytes<uint, uint, bool>();
// CHECK-NEXT: queue.enqueue(xfence_launch.threadSpec(executor),
// CHECK-NEXT: alpaka::KernelBundle{xfence_kernel, xfence_launch.nd, out, xfence_offset_scratch, counter, n});

// A parameter already named like the size of a __local one: the size takes
// another name.
// CHECK-LABEL: void launch_sizes(
// CHECK-NEXT: xfence_alpaka::Range global_size, xfence_alpaka::Range local_size, std::size_t a_bytes_, uint a_bytes, float *out) {
__kernel void sizes(__local float *a, uint a_bytes, __global float *out) {
  a[get_local_id(0)] = a_bytes;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = a[0];
}

// A pointer to a user's struct: the launch helper takes it as it is.
// CHECK-LABEL: void launch_pairs(
// CHECK-NEXT: xfence_alpaka::Range global_size, xfence_alpaka::Range local_size, const Pair *in, float *out) {
typedef struct { float a; int b; } Pair;
__kernel void pairs(__global const Pair *in, __global float *out) {
  out[get_global_id(0)] = in[get_global_id(0)].a + in[get_global_id(0)].b;
}

// A kernel's prototype goes: the struct is declared by the definition.
// COUNTS: /* xfence: declaration of the kernel 'counts' left out (a kernel is a struct, which its definition declares) */;
__kernel void counts(__global const uint *in, __global uint *out);

// An array without an initializer that lives across a barrier: one array
// per work-item; its declaration goes, dimensions included.
// COUNTS-LABEL: struct counts {
// COUNTS: xfence_alpaka::ptr<uint[4]> mine = xfence_private.take<uint[4]>();
// COUNTS-NOT: [4];
// COUNTS: mine[xfence_e][i] = in[xfence_wi.get_global_id(0) * 4 + i];
// COUNTS: out[xfence_wi.get_global_id(0)] = mine[xfence_e][0] + mine[xfence_e][3];
__kernel void counts(__global const uint *in, __global uint *out) {
  uint mine[4];
  for (uint i = 0; i < 4; i++)
    mine[i] = in[get_global_id(0) * 4 + i];
  barrier(CLK_GLOBAL_MEM_FENCE);
  out[get_global_id(0)] = mine[0] + mine[3];
}
