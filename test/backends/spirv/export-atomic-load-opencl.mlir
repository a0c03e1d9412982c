// REQUIRES: spirv-val, spirv-dis
// RUN: xfence-translate --export-spirv %s -o %t.spv
// RUN: %spirv-val --target-env opencl2.0 %t.spv
// RUN: %spirv-dis %t.spv | FileCheck %s
// RUN: xfence-opt %s --pass-pipeline='builtin.module(convert-gpu-xfence-to-spirv)' | FileCheck %s --check-prefix=MLIR

// Guards the SPIR-V dialect route against writing an atomic load as a
// read-modify-write (OpAtomicOr of 0): that writes, so it races with plain
// reads of the same location that the load does not race with, and it
// writes read-only buffers. The binary has OpAtomicLoad with the load's
// scope and semantics; an OR the source asks for stays an OR.

// CHECK-NOT: OpAtomicOr
// CHECK: OpAtomicLoad %uint %{{.*}} %uint_1 %uint_2818
// CHECK-NOT: OpAtomicOr
// CHECK: OpAtomicLoad %uint %{{.*}} %uint_2 %uint_0
// CHECK-NOT: OpAtomicOr
// CHECK: OpAtomicLoad %uint %{{.*}} %uint_1 %uint_2832
// CHECK: OpAtomicOr %uint %{{.*}} %uint_1 %uint_0 %uint_0
// CHECK-NOT: OpAtomicOr
// CHECK: OpReturn

// In the SPIR-V dialect the load is an OR of 0 marked as a load, which only
// --export-spirv serializes (MLIR's serializer refuses the mark).
// MLIR: spirv.AtomicOr <Device> <Acquire|WorkgroupMemory|CrossWorkgroupMemory|ImageMemory> %{{.*}}, %{{.*}} {xfence.atomic_load} : !spirv.ptr<i32, CrossWorkgroup>
// MLIR: spirv.AtomicOr <Workgroup> <None> %{{.*}}, %{{.*}} {xfence.atomic_load} : !spirv.ptr<i32, Workgroup>
// MLIR: spirv.AtomicOr <Device> <SequentiallyConsistent|WorkgroupMemory|CrossWorkgroupMemory|ImageMemory> %{{.*}}, %{{.*}} {xfence.atomic_load} : !spirv.ptr<i32, CrossWorkgroup>
// MLIR: spirv.AtomicOr <Device> <None> %{{.*}}, %{{.*}} : !spirv.ptr<i32, CrossWorkgroup>

module attributes {gpu.container_module} {
gpu.module @kernels attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0,
    [Kernel, Addresses, Int64], []>, api=OpenCL, #spirv.resource_limits<>>} {
  gpu.func @k(%g: memref<?xi32>, %out: memref<?xi32>) kernel
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [64, 1, 1]>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0 : i32
    %l = memref.alloc() : memref<64xi32, 3>
    %a = xfence.atomic_load %g[%c0] device acquire : memref<?xi32> -> i32
    %b = xfence.atomic_load %l[%c1] workgroup relaxed : memref<64xi32, 3> -> i32
    %c = xfence.atomic_load %g[%c1] device seq_cst : memref<?xi32> -> i32
    %d = xfence.atomic_rmw or %g[%c1], %zero device relaxed : memref<?xi32>, i32
    %s = arith.addi %a, %b : i32
    %t = arith.addi %s, %d : i32
    memref.store %t, %out[%c0] : memref<?xi32>
    memref.store %c, %out[%c1] : memref<?xi32>
    gpu.return
  }
}
}
