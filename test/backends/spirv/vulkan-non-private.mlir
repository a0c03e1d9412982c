// REQUIRES: spirv-val, spirv-dis
// RUN: xfence-translate --export-spirv --spirv-vulkan %s -o %t.spv
// RUN: %spirv-val --target-env vulkan1.3 %t.spv
// RUN: %spirv-dis %t.spv | FileCheck %s
// RUN: xfence-opt %s --pass-pipeline='builtin.module(convert-gpu-xfence-to-spirv{vulkan=true})' | FileCheck %s --check-prefix=MLIR

// Guards the Vulkan memory model lowering against private plain accesses:
// under that model a load or store without NonPrivatePointer is private,
// and the availability and visibility operations of a barrier
// (MakeAvailable|MakeVisible) do not apply to it, so the barrier would not
// order the store before it against another invocation's load after it.
// Every load and store of Workgroup or StorageBuffer memory carries
// NonPrivatePointer; an invocation's own Function variables do not (the
// validator refuses the bit there).

// CHECK: OpMemoryModel Logical Vulkan
// CHECK: OpStore %{{.*}} %uint_7 NonPrivatePointer
// CHECK: OpStore %{{.*}} %uint_7 NonPrivatePointer
// CHECK: OpStore %{{.*}} %uint_7{{$}}
// CHECK: OpControlBarrier %uint_2 %uint_2 %uint_24904
// CHECK: OpLoad %uint %{{.*}} NonPrivatePointer
// CHECK: OpLoad %uint %{{.*}} NonPrivatePointer
// CHECK: OpLoad %uint %{{.*}}{{$}}
// CHECK: OpStore %{{.*}} %{{.*}} NonPrivatePointer

// MLIR: spirv.Store "Workgroup" %{{.*}}, %{{.*}} ["NonPrivatePointer"] : i32
// MLIR: spirv.Store "StorageBuffer" %{{.*}}, %{{.*}} ["NonPrivatePointer"] : i32
// MLIR: spirv.Store "Function" %{{.*}}, %{{.*}} : i32
// MLIR: spirv.Load "Workgroup" %{{.*}} ["NonPrivatePointer"] : i32
// MLIR: spirv.Load "StorageBuffer" %{{.*}} ["NonPrivatePointer"] : i32
// MLIR: spirv.Load "Function" %{{.*}} : i32

module attributes {gpu.container_module} {
gpu.module @kernels attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.5,
    [Shader, VulkanMemoryModel, VulkanMemoryModelDeviceScope],
    [SPV_KHR_storage_buffer_storage_class]>,
    api=Vulkan, #spirv.resource_limits<>>} {
  gpu.func @k(%g: memref<64xi32> {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0)>}) kernel
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [64, 1, 1]>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %v = arith.constant 7 : i32
    %l = memref.alloc() : memref<64xi32, 3>
    %p = memref.alloca() : memref<4xi32, #spirv.storage_class<Function>>
    memref.store %v, %l[%c0] : memref<64xi32, 3>
    memref.store %v, %g[%c0] : memref<64xi32>
    memref.store %v, %p[%c0] : memref<4xi32, #spirv.storage_class<Function>>
    xfence.barrier workgroup memory workgroup acq_rel [local, global]
    %x = memref.load %l[%c1] : memref<64xi32, 3>
    %y = memref.load %g[%c1] : memref<64xi32>
    %z = memref.load %p[%c0] : memref<4xi32, #spirv.storage_class<Function>>
    %s = arith.addi %x, %y : i32
    %t = arith.addi %s, %z : i32
    memref.store %t, %g[%c1] : memref<64xi32>
    gpu.return
  }
}
}
