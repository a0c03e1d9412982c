// RUN: xfence-opt %s --convert-xfence-to-spirv --split-input-file | FileCheck %s --check-prefix=CL --implicit-check-not=xfence.

// Every barrier form.
// CL-LABEL: func @barriers
// CL-NEXT: spirv.ControlBarrier <Workgroup>, <Workgroup>, <None>
// CL-NEXT: spirv.ControlBarrier <Subgroup>, <Subgroup>, <None>
// CL-NEXT: spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>
// CL-NEXT: spirv.ControlBarrier <Workgroup>, <Device>, <Acquire|CrossWorkgroupMemory|ImageMemory>
// CL-NEXT: spirv.ControlBarrier <Workgroup>, <Device>, <Release|WorkgroupMemory|CrossWorkgroupMemory>
// CL-NEXT: return
// CL-LABEL: func @barrier_system
// CL-NEXT: spirv.ControlBarrier <Subgroup>, <CrossDevice>, <SequentiallyConsistent|CrossWorkgroupMemory>
// CL-NEXT: return
func.func @barriers() {
  xfence.barrier workgroup
  xfence.barrier subgroup
  xfence.barrier workgroup memory workgroup acq_rel [local]
  xfence.barrier workgroup memory device acquire [global, image]
  // cluster memory scope widens to Device
  xfence.barrier workgroup memory cluster release [local, global]
  return
}
func.func @barrier_system() {
  xfence.barrier subgroup memory system seq_cst [global]
  return
}

// -----

// Every atomic form on !llvm.ptr addresses: 1 CrossWorkgroup (Vulkan:
// StorageBuffer), 3 Workgroup, 0 Generic (OpenCL only).
// CL-LABEL: func @atomics
// CL-DAG: %[[G:.*]] = builtin.unrealized_conversion_cast %arg0 : !llvm.ptr<1> to !spirv.ptr<i32, CrossWorkgroup>
// CL: spirv.AtomicIAdd <Device> <None> %[[G]], %arg3 : !spirv.ptr<i32, CrossWorkgroup>
// CL: spirv.AtomicISub <Workgroup> <Acquire|WorkgroupMemory|CrossWorkgroupMemory|ImageMemory> %{{.*}}, %arg3 : !spirv.ptr<i32, Workgroup>
// CL: spirv.AtomicAnd <Subgroup> <Release|WorkgroupMemory|CrossWorkgroupMemory|ImageMemory> %{{.*}}, %arg3 : !spirv.ptr<i32, Generic>
// CL: spirv.AtomicOr <Device> <AcquireRelease|WorkgroupMemory|CrossWorkgroupMemory|ImageMemory> %{{.*}}, %arg3 : !spirv.ptr<i32, CrossWorkgroup>
// CL: spirv.AtomicXor <CrossDevice> <SequentiallyConsistent|WorkgroupMemory|CrossWorkgroupMemory|ImageMemory>
// CL: spirv.AtomicSMin <Invocation> <None>
// CL: spirv.AtomicSMax <Device> <None>
// CL: spirv.AtomicUMin <Device> <None>
// CL: spirv.AtomicUMax <Device> <None> %{{.*}}, %arg4 : !spirv.ptr<i64, CrossWorkgroup>
// CL: spirv.AtomicExchange <Device> <None> %{{.*}}, %arg5 : !spirv.ptr<f32, CrossWorkgroup>
// CL: spirv.EXT.AtomicFAdd <Device> <AcquireRelease|WorkgroupMemory|CrossWorkgroupMemory|ImageMemory> %{{.*}}, %arg5 : !spirv.ptr<f32, CrossWorkgroup>
// CL: %[[OLD:.*]] = spirv.AtomicCompareExchangeWeak <Device> <AcquireRelease|WorkgroupMemory|CrossWorkgroupMemory|ImageMemory> <Acquire|WorkgroupMemory|CrossWorkgroupMemory|ImageMemory> %{{.*}}, %arg3, %arg3
// CL-NEXT: spirv.IEqual %[[OLD]], %arg3 : i32
// CL: %[[OLD2:.*]] = spirv.AtomicCompareExchange <Workgroup> <Release|WorkgroupMemory|CrossWorkgroupMemory|ImageMemory> <None> %{{.*}}, %arg3, %arg3
// CL: %[[ZERO:.*]] = spirv.Constant 0 : i32
// CL-NEXT: spirv.AtomicOr <Device> <Acquire|WorkgroupMemory|CrossWorkgroupMemory|ImageMemory> %{{.*}}, %[[ZERO]] {xfence.atomic_load} : !spirv.ptr<i32, CrossWorkgroup>
// CL: spirv.AtomicExchange <Device> <SequentiallyConsistent|WorkgroupMemory|CrossWorkgroupMemory|ImageMemory> %{{.*}}, %arg3 {xfence.atomic_store} : !spirv.ptr<i32, CrossWorkgroup>
// CL-NEXT: return
func.func @atomics(%g: !llvm.ptr<1>, %l: !llvm.ptr<3>, %p: !llvm.ptr, %v: i32, %w: i64, %x: f32) {
  %0 = xfence.atomic_rmw add %g, %v device relaxed : !llvm.ptr<1>, i32
  %1 = xfence.atomic_rmw sub %l, %v workgroup acquire : !llvm.ptr<3>, i32
  %2 = xfence.atomic_rmw and %p, %v subgroup release : !llvm.ptr, i32
  %3 = xfence.atomic_rmw or %g, %v cluster acq_rel : !llvm.ptr<1>, i32
  %4 = xfence.atomic_rmw xor %g, %v system seq_cst : !llvm.ptr<1>, i32
  %5 = xfence.atomic_rmw min %g, %v thread relaxed : !llvm.ptr<1>, i32
  %6 = xfence.atomic_rmw max %g, %v device relaxed : !llvm.ptr<1>, i32
  %7 = xfence.atomic_rmw umin %g, %v device relaxed : !llvm.ptr<1>, i32
  %8 = xfence.atomic_rmw umax %g, %w device relaxed : !llvm.ptr<1>, i64
  %9 = xfence.atomic_rmw xchg %g, %x device relaxed : !llvm.ptr<1>, f32
  %10 = xfence.atomic_rmw fadd %g, %x device acq_rel : !llvm.ptr<1>, f32
  %11, %12 = xfence.atomic_cmpxchg %g, %v, %v device acq_rel acquire weak : !llvm.ptr<1>, i32
  %13, %14 = xfence.atomic_cmpxchg %l, %v, %v workgroup release relaxed : !llvm.ptr<3>, i32
  %15 = xfence.atomic_load %g device acquire : !llvm.ptr<1> -> i32
  xfence.atomic_store %v, %g device seq_cst : i32, !llvm.ptr<1>
  return
}

// -----

// memref addresses: the upstream SPIR-V type conversion and access chains.
// CL-LABEL: func @memrefs
// CL-DAG: %[[M:.*]] = builtin.unrealized_conversion_cast %arg0 : memref<?xi32> to !spirv.ptr<i32, CrossWorkgroup>
// CL-DAG: %[[I:.*]] = builtin.unrealized_conversion_cast %arg2 : index to i32
// CL: %[[P:.*]] = spirv.PtrAccessChain %[[M]][%[[I]]] : !spirv.ptr<i32, CrossWorkgroup>, i32 -> !spirv.ptr<i32, CrossWorkgroup>
// CL: spirv.AtomicIAdd <Device> <None> %[[P]], %arg3
// CL: %[[A:.*]] = spirv.AccessChain %{{.*}}[%[[I]]] : !spirv.ptr<!spirv.array<64 x i32>, Workgroup>, i32 -> !spirv.ptr<i32, Workgroup>
// CL: spirv.AtomicUMin <Workgroup> <None> %[[A]], %arg3
func.func @memrefs(%m: memref<?xi32>, %w: memref<64xi32, 3>, %i: index, %v: i32) {
  %0 = xfence.atomic_rmw add %m[%i], %v device relaxed : memref<?xi32>, i32
  %1 = xfence.atomic_rmw umin %w[%i], %v workgroup relaxed : memref<64xi32, 3>, i32
  return
}
