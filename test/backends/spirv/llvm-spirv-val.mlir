// REQUIRES: spirv-val, spirv-dis
// convert-xfence-to-llvm-spirv then LLVM's SPIR-V back end: each call
// becomes exactly the instruction with the constant Scope and Semantics
// operands, and the Khronos validator accepts the module in the OpenCL 2.2
// environment (SPIR-V 1.2).
// RUN: xfence-opt %s --convert-xfence-to-llvm-spirv | mlir-translate --mlir-to-llvmir -o %t.ll
// RUN: llc -mtriple=spirv64v1.2-unknown-unknown -filetype=obj %t.ll -o %t.spv
// RUN: %spirv-val --target-env opencl2.2 %t.spv
// RUN: %spirv-dis --raw-id %t.spv | FileCheck %s --implicit-check-not=OpFunctionCall

// CHECK-DAG: %[[U:[0-9]+]] = OpTypeInt 32 0
// CHECK-DAG: %[[C0:[0-9]+]] = OpConstantNull %[[U]]
// CHECK-DAG: %[[C1:[0-9]+]] = OpConstant %[[U]] 1{{$}}
// CHECK-DAG: %[[C2:[0-9]+]] = OpConstant %[[U]] 2{{$}}
// CHECK-DAG: %[[C264:[0-9]+]] = OpConstant %[[U]] 264{{$}}
// CHECK-DAG: %[[C516:[0-9]+]] = OpConstant %[[U]] 516{{$}}
// CHECK-DAG: %[[C520:[0-9]+]] = OpConstant %[[U]] 520{{$}}
// CHECK-DAG: %[[C2818:[0-9]+]] = OpConstant %[[U]] 2818{{$}}
// CHECK-DAG: %[[C2820:[0-9]+]] = OpConstant %[[U]] 2820{{$}}
// CHECK-DAG: %[[C2824:[0-9]+]] = OpConstant %[[U]] 2824{{$}}
// CHECK: OpFunction
// CHECK: OpMemoryBarrier %[[C2]] %[[C264]]
// CHECK-NEXT: OpMemoryBarrier %[[C1]] %[[C516]]
// CHECK-NEXT: OpControlBarrier %[[C2]] %[[C2]] %[[C264]]
// CHECK-NEXT: OpControlBarrier %[[C2]] %[[C2]] %[[C0]]
// CHECK-NEXT: OpControlBarrier %[[C2]] %[[C1]] %[[C520]]
// CHECK-NEXT: OpAtomicIAdd %[[U]] %{{[0-9]+}} %[[C1]] %[[C0]] %{{[0-9]+}}
// CHECK-NEXT: OpAtomicISub %[[U]] %{{[0-9]+}} %[[C2]] %[[C2824]] %{{[0-9]+}}
// CHECK-NEXT: OpAtomicUMax %[[U]]
// CHECK-NEXT: OpAtomicExchange %{{[0-9]+}}
// CHECK-NEXT: %[[OLD:[0-9]+]] = OpAtomicCompareExchange %[[U]] %{{[0-9]+}} %[[C1]] %[[C2824]] %[[C2818]]
// CHECK-NEXT: OpIEqual %{{[0-9]+}} %[[OLD]]
// CHECK: OpAtomicLoad %[[U]] %{{[0-9]+}} %[[C2]] %[[C2818]]
// CHECK: OpAtomicStore %{{[0-9]+}} %[[C1]] %[[C2820]]
// CHECK: OpReturn

module attributes {llvm.target_triple = "spirv64v1.2-unknown-unknown"} {
llvm.func spir_kernelcc @k(%g: !llvm.ptr<1>, %l: !llvm.ptr<3>,
                           %f: !llvm.ptr<1>, %v: i32, %x: f32) {
  xfence.fence workgroup acq_rel [local]
  xfence.fence device release [global]
  xfence.barrier workgroup memory workgroup acq_rel [local]
  xfence.barrier workgroup
  xfence.barrier workgroup memory device acq_rel [global]
  %0 = xfence.atomic_rmw add %g, %v device relaxed : !llvm.ptr<1>, i32
  %1 = xfence.atomic_rmw sub %l, %v workgroup acq_rel : !llvm.ptr<3>, i32
  %2 = xfence.atomic_rmw umax %g, %1 device relaxed : !llvm.ptr<1>, i32
  %3 = xfence.atomic_rmw xchg %f, %x device relaxed : !llvm.ptr<1>, f32
  %old, %ok = xfence.atomic_cmpxchg %g, %0, %2 device acq_rel acquire : !llvm.ptr<1>, i32
  %s = llvm.select %ok, %old, %v : i1, i32
  %4 = xfence.atomic_load %g workgroup acquire : !llvm.ptr<1> -> i32
  %5 = llvm.add %4, %s : i32
  xfence.atomic_store %5, %g device release : i32, !llvm.ptr<1>
  llvm.store %3, %f : f32, !llvm.ptr<1>
  llvm.return
}
}
