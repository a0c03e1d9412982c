// REQUIRES: spirv-val, spirv-dis
// RUN: xfence-translate --export-spirv %s -o %t.spv
// RUN: %spirv-val --target-env opencl2.0 %t.spv
// RUN: %spirv-dis %t.spv | FileCheck %s
// RUN: xfence-opt %s --pass-pipeline='builtin.module(convert-gpu-xfence-to-spirv)' | FileCheck %s --check-prefix=MLIR

// An atomic store is OpAtomicStore in the binary, not the read-modify-write
// (OpAtomicExchange) that MLIR's SPIR-V dialect can spell: an exchange also
// reads, a dearer access that forbids more (the route checker's "store as
// read-modify-write"). An exchange the source asks for stays one.

// CHECK-NOT: OpAtomicExchange
// CHECK: OpAtomicStore %{{.*}} %uint_1 %uint_2820 %uint_7
// CHECK-NOT: OpAtomicExchange
// CHECK: OpAtomicStore %{{.*}} %uint_2 %uint_0 %uint_8
// CHECK-NOT: OpAtomicExchange
// CHECK: OpAtomicStore %{{.*}} %uint_1 %uint_2832 %uint_9
// CHECK: OpAtomicExchange %uint %{{.*}} %uint_1 %uint_0 %uint_5
// CHECK-NOT: OpAtomicExchange
// CHECK: OpReturn

// In the SPIR-V dialect the store is an exchange marked as a store, which
// only --export-spirv serializes (MLIR's serializer refuses the mark).
// MLIR: spirv.AtomicExchange <Device> <Release|WorkgroupMemory|CrossWorkgroupMemory|ImageMemory> %{{.*}}, %{{.*}} {xfence.atomic_store} : !spirv.ptr<i32, CrossWorkgroup>
// MLIR: spirv.AtomicExchange <Workgroup> <None> %{{.*}}, %{{.*}} {xfence.atomic_store} : !spirv.ptr<i32, Workgroup>
// MLIR: spirv.AtomicExchange <Device> <SequentiallyConsistent|WorkgroupMemory|CrossWorkgroupMemory|ImageMemory> %{{.*}}, %{{.*}} {xfence.atomic_store} : !spirv.ptr<i32, CrossWorkgroup>
// MLIR: spirv.AtomicExchange <Device> <None> %{{.*}}, %{{.*}} : !spirv.ptr<i32, CrossWorkgroup>

module attributes {gpu.container_module} {
gpu.module @kernels attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0,
    [Kernel, Addresses, Int64], []>, api=OpenCL, #spirv.resource_limits<>>} {
  gpu.func @k(%g: memref<?xi32>, %out: memref<?xi32>) kernel
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [64, 1, 1]>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %v5 = arith.constant 5 : i32
    %v7 = arith.constant 7 : i32
    %v8 = arith.constant 8 : i32
    %v9 = arith.constant 9 : i32
    %l = memref.alloc() : memref<64xi32, 3>
    xfence.atomic_store %v7, %g[%c0] device release : i32, memref<?xi32>
    xfence.atomic_store %v8, %l[%c1] workgroup relaxed : i32, memref<64xi32, 3>
    xfence.atomic_store %v9, %g[%c1] device seq_cst : i32, memref<?xi32>
    %d = xfence.atomic_rmw xchg %g[%c1], %v5 device relaxed : memref<?xi32>, i32
    %r = xfence.atomic_load %l[%c1] workgroup relaxed : memref<64xi32, 3> -> i32
    %t = arith.addi %r, %d : i32
    memref.store %t, %out[%c0] : memref<?xi32>
    gpu.return
  }
}
}
