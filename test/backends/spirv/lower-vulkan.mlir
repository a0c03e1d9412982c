// RUN: xfence-opt %s --convert-xfence-to-spirv=vulkan=true --split-input-file | FileCheck %s --check-prefix=VK --implicit-check-not=xfence.

// Every barrier form.
// VK-LABEL: func @barriers
// VK-NEXT: spirv.ControlBarrier <Workgroup>, <Workgroup>, <None>
// VK-NEXT: spirv.ControlBarrier <Subgroup>, <Subgroup>, <None>
// VK-NEXT: spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory|MakeAvailable|MakeVisible>
// VK-NEXT: spirv.ControlBarrier <Workgroup>, <Device>, <Acquire|UniformMemory|ImageMemory|MakeVisible>
// VK-NEXT: spirv.ControlBarrier <Workgroup>, <Device>, <Release|UniformMemory|WorkgroupMemory|MakeAvailable>
// VK-NEXT: return
func.func @barriers() {
  xfence.barrier workgroup
  xfence.barrier subgroup
  xfence.barrier workgroup memory workgroup acq_rel [local]
  xfence.barrier workgroup memory device acquire [global, image]
  // cluster memory scope widens to Device
  xfence.barrier workgroup memory cluster release [local, global]
  return
}

// -----

// Vulkan: UniformMemory for global, MakeAvailable on release, MakeVisible on
// acquire, StorageBuffer for address space 1; weak cmpxchg is the strong one.
// VK-LABEL: func @atomics_vulkan
// VK: spirv.AtomicIAdd <Device> <None> %{{.*}}, %arg2 : !spirv.ptr<i32, StorageBuffer>
// VK: spirv.AtomicISub <Workgroup> <Acquire|UniformMemory|WorkgroupMemory|ImageMemory|MakeVisible> %{{.*}}, %arg2 : !spirv.ptr<i32, Workgroup>
// VK: spirv.AtomicSMax <Subgroup> <Release|UniformMemory|WorkgroupMemory|ImageMemory|MakeAvailable>
// VK: spirv.AtomicCompareExchange <Device> <AcquireRelease|UniformMemory|WorkgroupMemory|ImageMemory|MakeAvailable|MakeVisible> <Acquire|UniformMemory|WorkgroupMemory|ImageMemory|MakeVisible>
// VK: spirv.AtomicOr <Device> <Acquire|UniformMemory|WorkgroupMemory|ImageMemory|MakeVisible> %{{.*}}, %{{.*}} {xfence.atomic_load} : !spirv.ptr<i32, StorageBuffer>
// VK: spirv.AtomicExchange <Workgroup> <Release|UniformMemory|WorkgroupMemory|ImageMemory|MakeAvailable> %{{.*}}, %arg2 {xfence.atomic_store} : !spirv.ptr<i32, Workgroup>
// VK-NEXT: return
func.func @atomics_vulkan(%g: !llvm.ptr<1>, %l: !llvm.ptr<3>, %v: i32) {
  %0 = xfence.atomic_rmw add %g, %v device relaxed : !llvm.ptr<1>, i32
  %1 = xfence.atomic_rmw sub %l, %v workgroup acquire : !llvm.ptr<3>, i32
  %2 = xfence.atomic_rmw max %g, %v subgroup release : !llvm.ptr<1>, i32
  %3, %4 = xfence.atomic_cmpxchg %g, %v, %v device acq_rel acquire weak : !llvm.ptr<1>, i32
  %5 = xfence.atomic_load %g device acquire : !llvm.ptr<1> -> i32
  xfence.atomic_store %v, %l workgroup release : i32, !llvm.ptr<3>
  return
}

// -----

// memref addresses: the upstream SPIR-V type conversion and access chains.
// VK-LABEL: func @memrefs
// VK: spirv.AccessChain %{{.*}}[%{{.*}}, %{{.*}}] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i32, stride=4> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<i32, StorageBuffer>
// VK: spirv.AtomicIAdd <Device> <None>
func.func @memrefs(%m: memref<?xi32>, %w: memref<64xi32, 3>, %i: index, %v: i32) {
  %0 = xfence.atomic_rmw add %m[%i], %v device relaxed : memref<?xi32>, i32
  %1 = xfence.atomic_rmw umin %w[%i], %v workgroup relaxed : memref<64xi32, 3>, i32
  return
}
