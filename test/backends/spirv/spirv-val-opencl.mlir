// REQUIRES: spirv-val
// A complete OpenCL kernel (Kernel, Addresses, an entry point) with fences,
// barriers and every atomic, lowered and serialized by xfence-translate and
// checked by the Khronos validator in the OpenCL 2.0 environment.
// RUN: xfence-translate --export-spirv %s -o %t.spv
// RUN: %spirv-val --target-env opencl2.0 %t.spv
// The same lowering step by step, checked here.
// RUN: xfence-opt %s --pass-pipeline='builtin.module(convert-gpu-xfence-to-spirv, spirv.module(spirv-lower-abi-attrs, spirv-update-vce))' | FileCheck %s --implicit-check-not=xfence. --implicit-check-not=unrealized_conversion_cast

// CHECK: spirv.module @__spv__kernels Physical32 OpenCL
// CHECK-LABEL: spirv.func @k(
// CHECK-SAME: %[[G:[^:]*]]: !spirv.ptr<i32, CrossWorkgroup>, %[[F:[^:]*]]: !spirv.ptr<f32, CrossWorkgroup>, %[[V:[^:]*]]: i32, %[[X:[^:]*]]: f32)
// CHECK: spirv.MemoryBarrier <Workgroup>, <AcquireRelease|WorkgroupMemory>
// CHECK-NEXT: spirv.MemoryBarrier <Workgroup>, <Acquire|CrossWorkgroupMemory>
// CHECK-NEXT: spirv.MemoryBarrier <Device>, <Release|WorkgroupMemory|CrossWorkgroupMemory>
// CHECK-NEXT: spirv.MemoryBarrier <Device>, <SequentiallyConsistent|WorkgroupMemory|CrossWorkgroupMemory>
// CHECK-NEXT: spirv.MemoryBarrier <CrossDevice>, <AcquireRelease|CrossWorkgroupMemory|ImageMemory>
// CHECK-NEXT: spirv.MemoryBarrier <Subgroup>, <Release|WorkgroupMemory>
// CHECK-NEXT: spirv.MemoryBarrier <Invocation>, <Acquire|CrossWorkgroupMemory>
// CHECK-NEXT: spirv.ControlBarrier <Workgroup>, <Workgroup>, <None>
// CHECK-NEXT: spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory|CrossWorkgroupMemory>
// CHECK-NEXT: spirv.ControlBarrier <Workgroup>, <Device>, <SequentiallyConsistent|CrossWorkgroupMemory>
// CHECK-NEXT: spirv.ControlBarrier <Subgroup>, <Subgroup>, <AcquireRelease|WorkgroupMemory>
// CHECK: spirv.AtomicIAdd <Device> <None> %{{.*}}, %[[V]]
// CHECK: spirv.AtomicISub <Workgroup> <AcquireRelease|WorkgroupMemory|CrossWorkgroupMemory|ImageMemory> %{{.*}}, %[[V]] : !spirv.ptr<i32, Workgroup>
// CHECK: spirv.AtomicAnd <Device> <Acquire|WorkgroupMemory|CrossWorkgroupMemory|ImageMemory> %{{.*}}, %[[V]]
// CHECK: spirv.AtomicOr <Device> <Release|WorkgroupMemory|CrossWorkgroupMemory|ImageMemory> %{{.*}}, %[[V]]
// CHECK: spirv.AtomicXor <CrossDevice> <SequentiallyConsistent|WorkgroupMemory|CrossWorkgroupMemory|ImageMemory> %{{.*}}, %[[V]]
// CHECK: spirv.AtomicSMin <Subgroup> <None>
// CHECK: spirv.AtomicSMax <Invocation> <None>
// CHECK: spirv.AtomicUMin <Device> <None> %{{.*}}, %[[V]]
// CHECK: spirv.AtomicUMax <Device> <None> %{{.*}}, %[[V]]
// CHECK: spirv.AtomicExchange <Device> <AcquireRelease|WorkgroupMemory|CrossWorkgroupMemory|ImageMemory> %{{.*}}, %[[V]]
// CHECK: spirv.EXT.AtomicFAdd <Device> <Release|WorkgroupMemory|CrossWorkgroupMemory|ImageMemory> %{{.*}}, %[[X]]
// CHECK: %[[OLD:.*]] = spirv.AtomicCompareExchangeWeak <Device> <AcquireRelease|WorkgroupMemory|CrossWorkgroupMemory|ImageMemory> <Acquire|WorkgroupMemory|CrossWorkgroupMemory|ImageMemory> %{{.*}}, %{{.*}}, %[[V]]
// CHECK-NEXT: spirv.IEqual %[[OLD]], %[[V]]
// CHECK: spirv.AtomicCompareExchange <Workgroup> <SequentiallyConsistent|WorkgroupMemory|CrossWorkgroupMemory|ImageMemory> <None> %{{.*}}, %[[V]], %[[V]] : !spirv.ptr<i32, Workgroup>
// CHECK: spirv.AtomicOr <Device> <Acquire|WorkgroupMemory|CrossWorkgroupMemory|ImageMemory> %{{.*}}, %{{.*}} {xfence.atomic_load}
// CHECK: spirv.AtomicExchange <Workgroup> <Release|WorkgroupMemory|CrossWorkgroupMemory|ImageMemory> %{{.*}}, %[[V]] {xfence.atomic_store} : !spirv.ptr<i32, Workgroup>
// CHECK: spirv.Return
// CHECK: spirv.EntryPoint "Kernel" @k
// CHECK: spirv.ExecutionMode @k "LocalSize", 64, 1, 1

module attributes {gpu.container_module} {
gpu.module @kernels attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0,
    [Kernel, Addresses, Int64, GenericPointer, AtomicFloat32AddEXT],
    [SPV_EXT_shader_atomic_float_add]>, api=OpenCL, #spirv.resource_limits<>>} {
  gpu.func @k(%g: memref<?xi32>, %f: memref<?xf32>,
              %v: i32, %x: f32) kernel
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [64, 1, 1]>} {
    %c0 = arith.constant 0 : index
    %l = memref.alloc() : memref<64xi32, 3>
    // OpenCL mem_fence(CLK_LOCAL_MEM_FENCE), read_mem_fence(CLK_GLOBAL_MEM_FENCE)
    xfence.fence workgroup acq_rel [local]
    xfence.fence workgroup acquire [global]
    // cluster widens to device (legalization)
    xfence.fence cluster release [local, global]
    // CUDA __threadfence()
    xfence.fence device seq_cst [local, global]
    xfence.fence system acq_rel [global, image]
    xfence.fence subgroup release [local]
    xfence.fence thread acquire [global]
    // relaxed: nothing
    xfence.fence device relaxed [global]
    // barrier(0), barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)
    xfence.barrier workgroup
    xfence.barrier workgroup memory workgroup acq_rel [local, global]
    xfence.barrier workgroup memory device seq_cst [global]
    xfence.barrier subgroup memory subgroup acq_rel [local]
    %0 = xfence.atomic_rmw add %g[%c0], %v device relaxed : memref<?xi32>, i32
    %1 = xfence.atomic_rmw sub %l[%c0], %v workgroup acq_rel : memref<64xi32, 3>, i32
    %2 = xfence.atomic_rmw and %g[%c0], %v device acquire : memref<?xi32>, i32
    %3 = xfence.atomic_rmw or %g[%c0], %v device release : memref<?xi32>, i32
    %4 = xfence.atomic_rmw xor %g[%c0], %v system seq_cst : memref<?xi32>, i32
    %5 = xfence.atomic_rmw min %l[%c0], %v subgroup relaxed : memref<64xi32, 3>, i32
    %6 = xfence.atomic_rmw max %l[%c0], %v thread relaxed : memref<64xi32, 3>, i32
    %7 = xfence.atomic_rmw umin %g[%c0], %v device relaxed : memref<?xi32>, i32
    %8 = xfence.atomic_rmw umax %g[%c0], %v device relaxed : memref<?xi32>, i32
    %9 = xfence.atomic_rmw xchg %g[%c0], %v cluster acq_rel : memref<?xi32>, i32
    %10 = xfence.atomic_rmw fadd %f[%c0], %x device release : memref<?xf32>, f32
    %11, %12 = xfence.atomic_cmpxchg %g[%c0], %v, %0 device acq_rel acquire weak : memref<?xi32>, i32
    %13, %14 = xfence.atomic_cmpxchg %l[%c0], %v, %v workgroup seq_cst relaxed : memref<64xi32, 3>, i32
    %15 = xfence.atomic_load %g[%c0] device acquire : memref<?xi32> -> i32
    xfence.atomic_store %v, %l[%c0] workgroup release : i32, memref<64xi32, 3>
    gpu.return
  }
}
}
