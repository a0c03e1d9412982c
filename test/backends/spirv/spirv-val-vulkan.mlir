// REQUIRES: spirv-val
// A complete Vulkan compute shader (Shader, VulkanMemoryModel, a GLCompute
// entry point) with fences, barriers and atomics, lowered and serialized by
// xfence-translate and checked by the Khronos validator for Vulkan 1.3.
// RUN: xfence-translate --export-spirv --spirv-vulkan %s -o %t.spv
// RUN: %spirv-val --target-env vulkan1.3 %t.spv
// RUN: xfence-opt %s --pass-pipeline='builtin.module(convert-gpu-xfence-to-spirv{vulkan=true}, spirv.module(spirv-lower-abi-attrs, spirv-update-vce))' | FileCheck %s --implicit-check-not=xfence. --implicit-check-not=unrealized_conversion_cast

// CHECK: spirv.module @__spv__kernels Logical Vulkan
// CHECK-LABEL: spirv.func @k()
// CHECK: spirv.MemoryBarrier <Workgroup>, <AcquireRelease|WorkgroupMemory|MakeAvailable|MakeVisible>
// CHECK-NEXT: spirv.MemoryBarrier <Device>, <Release|UniformMemory|MakeAvailable>
// CHECK-NEXT: spirv.MemoryBarrier <Subgroup>, <Acquire|UniformMemory|ImageMemory|MakeVisible>
// CHECK-NEXT: spirv.ControlBarrier <Workgroup>, <Workgroup>, <None>
// CHECK-NEXT: spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|UniformMemory|WorkgroupMemory|MakeAvailable|MakeVisible>
// CHECK-NEXT: spirv.ControlBarrier <Workgroup>, <Device>, <Release|UniformMemory|MakeAvailable>
// CHECK: spirv.AtomicIAdd <Device> <None> %{{.*}}, %{{.*}} : !spirv.ptr<i32, StorageBuffer>
// CHECK: spirv.AtomicUMax <Workgroup> <AcquireRelease|UniformMemory|WorkgroupMemory|ImageMemory|MakeAvailable|MakeVisible> %{{.*}}, %{{.*}} : !spirv.ptr<i32, Workgroup>
// CHECK: spirv.EXT.AtomicFAdd <Device> <Acquire|UniformMemory|WorkgroupMemory|ImageMemory|MakeVisible> %{{.*}}, %{{.*}} : !spirv.ptr<f32, StorageBuffer>
// CHECK: spirv.AtomicCompareExchange <Workgroup> <AcquireRelease|UniformMemory|WorkgroupMemory|ImageMemory|MakeAvailable|MakeVisible> <Acquire|UniformMemory|WorkgroupMemory|ImageMemory|MakeVisible>
// CHECK: spirv.AtomicOr <Device> <Acquire|UniformMemory|WorkgroupMemory|ImageMemory|MakeVisible> %{{.*}}, %{{.*}} {xfence.atomic_load}
// CHECK: spirv.AtomicExchange <Workgroup> <Release|UniformMemory|WorkgroupMemory|ImageMemory|MakeAvailable> %{{.*}}, %{{.*}} : !spirv.ptr<i32, Workgroup>
// CHECK: spirv.EntryPoint "GLCompute" @k
// CHECK: spirv.ExecutionMode @k "LocalSize", 64, 1, 1

module attributes {gpu.container_module} {
gpu.module @kernels attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.5,
    [Shader, VulkanMemoryModel, VulkanMemoryModelDeviceScope, AtomicFloat32AddEXT],
    [SPV_KHR_storage_buffer_storage_class, SPV_EXT_shader_atomic_float_add]>,
    api=Vulkan, #spirv.resource_limits<>>} {
  gpu.func @k(%g: memref<64xi32> {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0)>},
              %f: memref<64xf32> {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 1)>}) kernel
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [64, 1, 1]>} {
    %c0 = arith.constant 0 : index
    %v = arith.constant 7 : i32
    %x = arith.constant 1.0 : f32
    %l = memref.alloc() : memref<64xi32, 3>
    xfence.fence workgroup acq_rel [local]
    xfence.fence cluster release [global]
    xfence.fence subgroup acquire [global, image]
    // thread-scope fences order nothing between threads: dropped on Vulkan
    xfence.fence thread acq_rel [global]
    xfence.barrier workgroup
    xfence.barrier workgroup memory workgroup acq_rel [local, global]
    xfence.barrier workgroup memory device release [global]
    %0 = xfence.atomic_rmw add %g[%c0], %v device relaxed : memref<64xi32>, i32
    %1 = xfence.atomic_rmw umax %l[%c0], %v workgroup acq_rel : memref<64xi32, 3>, i32
    %2 = xfence.atomic_rmw fadd %f[%c0], %x device acquire : memref<64xf32>, f32
    %3, %4 = xfence.atomic_cmpxchg %g[%c0], %v, %0 workgroup acq_rel acquire weak : memref<64xi32>, i32
    %5 = xfence.atomic_load %g[%c0] device acquire : memref<64xi32> -> i32
    xfence.atomic_store %5, %l[%c0] workgroup release : i32, memref<64xi32, 3>
    gpu.return
  }
}
}
