// RUN: xfence-opt %s --split-input-file --xfence-legalize=target=ptx-sm70 | FileCheck %s --check-prefix=SM70
// RUN: xfence-opt %s --split-input-file --xfence-legalize=target=ptx-sm90 | FileCheck %s --check-prefix=SM90
// RUN: xfence-opt %s --split-input-file --xfence-legalize=target=cuda | FileCheck %s --check-prefix=CUDA
// RUN: xfence-opt %s --split-input-file --xfence-legalize=target=spirv-opencl | FileCheck %s --check-prefix=SPV
// RUN: xfence-opt %s --split-input-file --xfence-legalize=target=spirv-vulkan | FileCheck %s --check-prefix=VK
// RUN: xfence-opt %s --split-input-file --xfence-legalize=target=opencl2 | FileCheck %s --check-prefix=CL2
// RUN: xfence-opt %s --split-input-file --xfence-legalize=target=cpu | FileCheck %s --check-prefix=CPU
// RUN: xfence-opt %s --split-input-file --xfence-legalize="target=ptx-sm70 strict=true" | FileCheck %s --check-prefix=STRICT

// Subgroup scope: no warp scope in PTX fences, so CTA; kept elsewhere.
// Split orders below sm_90 become acq_rel; PTX and CUDA fences order all
// spaces.
// SM70-LABEL: func @subgroup_acquire
// SM70-NEXT: xfence.fence workgroup acq_rel [local, global, image]
// SM90-LABEL: func @subgroup_acquire
// SM90-NEXT: xfence.fence workgroup acquire [local, global, image]
// CUDA-LABEL: func @subgroup_acquire
// CUDA-NEXT: xfence.fence workgroup acquire [local, global, image]
// SPV-LABEL: func @subgroup_acquire
// SPV-NEXT: xfence.fence subgroup acquire [local]
// VK-LABEL: func @subgroup_acquire
// VK-NEXT: xfence.fence subgroup acquire [local]
// CL2-LABEL: func @subgroup_acquire
// CL2-NEXT: xfence.fence subgroup acquire [local]
// CPU-LABEL: func @subgroup_acquire
// CPU-NEXT: xfence.fence subgroup acquire [local, global, image]
func.func @subgroup_acquire() {
  xfence.fence subgroup acquire [local]
  return
}

// -----

// Cluster scope: a CTA is its own cluster below sm_90 (derived,
// semantics.md §3); in strict mode that derived fact is not used and the
// scope widens to device. SPIR-V and OpenCL 2.0 have no cluster, nor has
// CUDA 13.0 C++ (no public cuda::thread_scope_cluster): device.
// SM70-LABEL: func @cluster_release
// SM70-NEXT: xfence.fence workgroup acq_rel [local, global, image]
// STRICT-LABEL: func @cluster_release
// STRICT-NEXT: xfence.fence device acq_rel [local, global, image]
// SM90-LABEL: func @cluster_release
// SM90-NEXT: xfence.fence cluster release [local, global, image]
// CUDA-LABEL: func @cluster_release
// CUDA-NEXT: xfence.fence device release [local, global, image]
// SPV-LABEL: func @cluster_release
// SPV-NEXT: xfence.fence device release [global]
// VK-LABEL: func @cluster_release
// VK-NEXT: xfence.fence device release [global]
// CL2-LABEL: func @cluster_release
// CL2-NEXT: xfence.fence device release [global]
// CPU-LABEL: func @cluster_release
// CPU-NEXT: xfence.fence cluster release [local, global, image]
func.func @cluster_release() {
  xfence.fence cluster release [global]
  return
}

// -----

// Fences that order nothing between threads go; a thread fence stays where
// the target has one (a signal fence).
// SM70-LABEL: func @nothing
// SM70-NEXT: return
// SPV-LABEL: func @nothing
// SPV-NEXT: xfence.fence thread seq_cst [global]
// SPV-NEXT: return
// VK-LABEL: func @nothing
// VK-NEXT: return
// CUDA-LABEL: func @nothing
// CUDA-NEXT: xfence.fence thread seq_cst [local, global, image]
// CUDA-NEXT: return
// CPU-LABEL: func @nothing
// CPU-NEXT: xfence.fence thread seq_cst [local, global, image]
// CPU-NEXT: return
func.func @nothing() {
  xfence.fence device relaxed [global]
  xfence.fence thread seq_cst [global]
  return
}

// -----

// A workgroup barrier whose memory part reaches the device: bar.sync orders
// memory only in the CTA, so PTX gets device fences around it; SPIR-V names
// the scope in OpControlBarrier.
// SM70-LABEL: func @device_barrier
// SM70-NEXT: xfence.fence device acq_rel [local, global, image]
// SM70-NEXT: xfence.barrier workgroup memory workgroup acq_rel [local, global, image]
// SM70-NEXT: xfence.fence device acq_rel [local, global, image]
// SM90-LABEL: func @device_barrier
// SM90-NEXT: xfence.fence device release [local, global, image]
// SM90-NEXT: xfence.barrier workgroup memory workgroup acq_rel [local, global, image]
// SM90-NEXT: xfence.fence device acquire [local, global, image]
// SPV-LABEL: func @device_barrier
// SPV-NEXT: xfence.barrier workgroup memory device acq_rel [global]
// SPV-NEXT: return
// CL2-LABEL: func @device_barrier
// CL2-NEXT: xfence.barrier workgroup memory device acq_rel [global]
// CL2-NEXT: return
// CPU-LABEL: func @device_barrier
// CPU-NEXT: xfence.barrier workgroup memory device acq_rel [local, global, image]
// CPU-NEXT: return
func.func @device_barrier() {
  xfence.barrier workgroup memory device acq_rel [global]
  return
}

// -----

// Atomics: PTX has no subgroup scope (CTA); OpenCL 1.2 atomics carry no
// order: fence, relaxed atomic, fence.
// SM70-LABEL: func @atomics
// SM70-NEXT: xfence.atomic_rmw add %{{.*}}, %{{.*}} workgroup acquire
// SM70-NEXT: xfence.atomic_cmpxchg %{{.*}}, %{{.*}}, %{{.*}} workgroup acq_rel acquire
// SM90-LABEL: func @atomics
// SM90-NEXT: xfence.atomic_rmw add %{{.*}}, %{{.*}} workgroup acquire
// SM90-NEXT: xfence.atomic_cmpxchg %{{.*}}, %{{.*}}, %{{.*}} cluster acq_rel acquire
// SPV-LABEL: func @atomics
// SPV-NEXT: xfence.atomic_rmw add %{{.*}}, %{{.*}} subgroup acquire
// SPV-NEXT: xfence.atomic_cmpxchg %{{.*}}, %{{.*}}, %{{.*}} device acq_rel acquire
func.func @atomics(%p: !llvm.ptr<1>, %v: i32) {
  %0 = xfence.atomic_rmw add %p, %v subgroup acquire : !llvm.ptr<1>, i32
  %1, %2 = xfence.atomic_cmpxchg %p, %v, %v cluster acq_rel acquire : !llvm.ptr<1>, i32
  return
}
