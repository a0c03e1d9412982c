// REQUIRES: spirv-val, spirv-dis
// RUN: xfence-translate --export-spirv --spirv-vulkan %s -o %t.spv
// RUN: %spirv-val --target-env vulkan1.3 %t.spv
// RUN: %spirv-dis %t.spv | FileCheck %s

// Guards the Vulkan lowering against writing an atomic load as a
// read-modify-write (OpAtomicOr of 0), a write that races with other
// invocations' plain reads and faults on a read-only storage buffer: the
// binary has OpAtomicLoad, with Acquire|MakeVisible and the storage bits.
// 0x4000 MakeVisible | 0x800 ImageMemory | 0x100 WorkgroupMemory |
// 0x40 UniformMemory | 0x2 Acquire = 18754.

// CHECK-NOT: OpAtomicOr
// CHECK: OpAtomicLoad %uint %{{.*}} %uint_1 %uint_18754
// CHECK-NOT: OpAtomicOr
// CHECK: OpAtomicLoad %uint %{{.*}} %uint_2 %uint_0
// CHECK-NOT: OpAtomicOr
// CHECK: OpReturn

module attributes {gpu.container_module} {
gpu.module @kernels attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.5,
    [Shader, VulkanMemoryModel, VulkanMemoryModelDeviceScope],
    [SPV_KHR_storage_buffer_storage_class]>,
    api=Vulkan, #spirv.resource_limits<>>} {
  gpu.func @k(%g: memref<64xi32> {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0)>}) kernel
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [64, 1, 1]>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %l = memref.alloc() : memref<64xi32, 3>
    %a = xfence.atomic_load %g[%c0] device acquire : memref<64xi32> -> i32
    %b = xfence.atomic_load %l[%c1] workgroup relaxed : memref<64xi32, 3> -> i32
    %s = arith.addi %a, %b : i32
    memref.store %s, %g[%c1] : memref<64xi32>
    gpu.return
  }
}
}
