//===- TargetCapabilities.cpp - what each target can express --------------===//
//
// One function per target. Every entry names its source in
// docs/semantics.md ("§n") or in the target's specification.
//
//===----------------------------------------------------------------------===//

#include "passes/TargetCapabilities.h"

using namespace xfence;

namespace {
using K = AtomicRMWKind;
using S = Scope;

/// Every scope but the cluster, which only CUDA and PTX name.
constexpr ScopeSet kAllButCluster = {S::thread, S::subgroup, S::workgroup,
                                     S::device, S::system};
/// Every read-modify-write of the dialect: the rows of the targets that
/// have them all.
constexpr AtomicRMWKind kEveryRMW[] = {
    K::add,  K::sub,  K::and_, K::or_, K::xor_, K::min, K::max,
    K::umin, K::umax, K::xchg, K::inc, K::dec,  K::fadd};
/// OpenCL C's atomic_* and atomic_fetch_*: no wrapping inc/dec, no
/// floating-point add.
constexpr AtomicRMWKind kOpenCLRMW[] = {K::add,  K::sub, K::and_, K::or_,
                                        K::xor_, K::min, K::max,  K::umin,
                                        K::umax, K::xchg};
} // namespace

TargetCapabilities xfence::cudaCapabilities() {
  TargetCapabilities caps;
  caps.name = "cuda";
  // cuda::thread_scope_{block,device,system}; a warp is no scope (§1), so
  // subgroup widens to block. semantics.md §3 names thread_scope_cluster,
  // but the libcu++ of CUDA 13.0 has no public cuda::thread_scope_cluster
  // (nvcc -arch=sm_90: "namespace cuda has no member thread_scope_cluster"),
  // so cluster widens to device: sound, and no dearer on the H100/H200,
  // where fence.acq_rel.cluster is the same MEMBAR.ALL.GPU (§5).
  // thread_scope_thread fences are cuda::std::atomic_signal_fence (§3), kept.
  caps.fenceScopes = {S::thread, S::workgroup, S::device, S::system};
  caps.atomicScopes = {S::workgroup, S::device, S::system};
  caps.threadFences = true;
  caps.splitFenceOrders = true;     // cuda::atomic_thread_fence(acquire, ...)
  caps.fencesOrderAllSpaces = true; // CUDA fences order every space (§2)
  // __syncwarp(mask), __syncthreads, cluster.sync(); a grid-wide barrier
  // needs a cooperative launch, which a translation cannot assume.
  caps.barrierScopes = {S::subgroup, S::workgroup, S::cluster};
  caps.partialBarriers = true;
  caps.barrierReduceScopes = {S::workgroup}; // __syncthreads_count/and/or
  caps.barrierMemoryIsExecScope = true;
  caps.barrierMaxOrder = MemoryOrder::acq_rel;
  caps.rmwKinds.assign(llvm::ArrayRef(kEveryRMW)); // atomicInc/Dec wrap (§2)
  return caps;
}

TargetCapabilities xfence::hipCapabilities() {
  TargetCapabilities caps;
  caps.name = "hip";
  // AMD's memory model (LLVM AMDGPUUsage, "Memory Model"; semantics.md §3,
  // column "HIP") has the sync scopes wavefront, workgroup, agent and
  // system, which __builtin_amdgcn_fence and the __hip_atomic builtins
  // name; there are no clusters, so cluster widens to agent.
  caps.fenceScopes = kAllButCluster;
  caps.atomicScopes = {S::subgroup, S::workgroup, S::device, S::system};
  caps.threadFences = true;     // __atomic_signal_fence
  caps.splitFenceOrders = true; // __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, ...)
  // The two-argument __builtin_amdgcn_fence orders every address space.
  caps.fencesOrderAllSpaces = true;
  // s_barrier for the workgroup; a wavefront runs in lockstep (the wave
  // barrier orders the compiler only). No masked barrier, no grid barrier
  // without a cooperative launch.
  caps.barrierScopes = {S::subgroup, S::workgroup};
  // __syncthreads_count/_and/_or (a work-group reduction in HIP 5.2, with
  // the barrier's ordering written around it as fences).
  caps.barrierReduceScopes = {S::workgroup};
  // The barrier's memory part is written as fences around s_barrier, at any
  // scope and order.
  caps.barrierMemoryIsExecScope = false;
  caps.rmwKinds.assign(llvm::ArrayRef(kEveryRMW)); // atomic_inc32/dec32 wrap
  return caps;
}

TargetCapabilities xfence::alpakaCapabilities() {
  TargetCapabilities caps;
  caps.name = "alpaka";
  // alpaka 3 names three scopes, onAcc::scope::{block,device,system}
  // (semantics.md §3.5, with what each alpaka back end emits). A subgroup
  // is no alpaka scope: it widens to the block; there are no clusters:
  // cluster widens to device. A fence at thread scope orders nothing
  // between threads and alpaka has no such fence: dropped.
  caps.fenceScopes = {S::workgroup, S::device, S::system};
  // Its atomics take block or device; system scope is refused by a
  // static_assert in alpaka's atomicOp.
  caps.atomicScopes = {S::workgroup, S::device};
  caps.threadFences = false;
  caps.splitFenceOrders = true; // onAcc::order::{acquire,release,...}
  // onAcc::memFence names no memory space: each back end's fence
  // (fence.*.cta/gpu/sys, __builtin_amdgcn_fence, std::atomic_thread_fence)
  // orders every space.
  caps.fencesOrderAllSpaces = true;
  // The atomics take no order: every back end runs them relaxed (CUDA/HIP
  // atomicAdd and friends, std::atomic_ref with memory_order_relaxed on the
  // host). An ordered atomic is a relaxed one between fences.
  caps.orderedAtomics = false;
  // syncBlockThreads only: no warp, grid or predicate barrier. Its memory
  // part is that of the block (__syncthreads on CUDA/HIP, a no-op on the
  // host, whose blocks have one thread); wider ones get fences around it.
  caps.barrierScopes = {S::workgroup};
  caps.barrierMemoryIsExecScope = true;
  caps.barrierMaxOrder = MemoryOrder::acq_rel;
  // operation::{Add,Sub,Min,Max,Exch,Inc,Dec,And,Or,Xor}; Inc/Dec wrap as
  // CUDA's atomicInc/atomicDec; Add takes float and double.
  caps.rmwKinds.assign(llvm::ArrayRef(kEveryRMW));
  return caps;
}

TargetCapabilities xfence::openCL12Capabilities() {
  TargetCapabilities caps;
  caps.name = "opencl1.2";
  // mem_fence and barrier are work-group scoped; 1.2 has no device scope
  // and no sub-groups (§2, §3 column "OpenCL C 1.2").
  caps.fenceScopes = {S::workgroup};
  // atomic_* on __global memory are atomic across the device, on __local
  // across the work-group; they carry no memory order.
  caps.atomicScopes = {S::workgroup, S::device};
  // An atomic on __local memory is atomic across the work-group, all that
  // can see it (OpenCL 1.2 §3.3: local memory is shared by the work-items
  // of one work-group); a device-scope one is a work-group one there.
  caps.localIsWorkgroupPrivate = true;
  caps.orderedAtomics = false;
  caps.threadFences = false;
  // What a 1.2 fence promises is read in its weakest plausible sense
  // (§2, OpenCL C; §3.1): the 1.2 text says that read_mem_fence "orders
  // only loads" and write_mem_fence "only stores" (OpenCL 1.2 §6.12.9), so
  // neither orders a load before a store, which acquire and release need;
  // mem_fence is acq_rel at work_group scope (OpenCL C 2.0 §6.13.8 defines
  // it so). Acquire and release fences therefore become acq_rel
  // (mem_fence), and seq_cst has no form: not as a fence, not as a
  // barrier's memory part (barrier(F) orders as mem_fence does), not as an
  // atomic (fence + relaxed atomic + fence). The CUDA-to-OpenCL path has a
  // policy option that assumes the 1.2 text's full-fence reading.
  caps.splitFenceOrders = false;
  caps.seqCst = false;
  caps.noSeqCstReason =
      "its strongest fence, mem_fence, is only acq_rel at work-group scope "
      "as OpenCL C 2.0 §6.13.8 defines it";
  // CLK_IMAGE_MEM_FENCE arrived with OpenCL 2.0.
  caps.spaces = MemorySpaces::local | MemorySpaces::global;
  caps.barrierScopes = {S::workgroup};
  caps.barrierMemoryIsExecScope = true;
  caps.barrierMaxOrder = MemoryOrder::acq_rel;
  caps.rmwKinds.assign(llvm::ArrayRef(kOpenCLRMW));
  return caps;
}

TargetCapabilities xfence::openCL2Capabilities() {
  TargetCapabilities caps;
  caps.name = "opencl2";
  // memory_scope_{work_item,sub_group,work_group,device,all_svm_devices};
  // no cluster: it widens to device. OpenCL 2.x needs the same scope on both
  // sides of a synchronization, so the widening is a whole-program decision:
  // every op of the module is legalized by the same table, so both partners
  // of a cluster-scope synchronization become device scope together.
  caps.fenceScopes = kAllButCluster;
  // "The memory_scope_work_item value for memory_scope can only be used
  // with atomic_work_item_fence with flags set to CLK_IMAGE_MEM_FENCE"
  // (OpenCL C 2.0 §6.13.11.4; 3.0, memory_scope): a thread-scope fence
  // keeps only its image space (what orders a work-item's own read_write
  // image accesses); over local and global memory it orders nothing
  // between work-items and is dropped (§3.1).
  caps.threadFences = true;
  caps.threadFenceSpaces = MemorySpaces::image;
  // No atomic at work_item scope, and memory_scope_sub_group exists only
  // with sub-groups (cl_khr_subgroups in 2.0, __opencl_c_subgroups in
  // 3.0): a thread or sub-group atomic is written at work_group scope,
  // which every device has (§3.3).
  caps.atomicScopes = {S::workgroup, S::device, S::system};
  // work_group_barrier / sub_group_barrier with a memory scope operand.
  caps.barrierScopes = {S::subgroup, S::workgroup};
  caps.rmwKinds.assign(llvm::ArrayRef(kOpenCLRMW));
  return caps;
}

TargetCapabilities xfence::ptxCapabilities(unsigned sm, unsigned ptx,
                                           bool strict) {
  TargetCapabilities caps;
  caps.name = "ptx-sm" + std::to_string(sm);
  // .cta .cluster .gpu .sys; the smallest PTX scope is the CTA (§1).
  // `.cluster` needs sm_90 and PTX 7.8 (§2, PTX).
  bool cluster = sm >= 90 && ptx >= 78;
  caps.fenceScopes = {S::workgroup, S::device, S::system};
  if (cluster)
    caps.fenceScopes = caps.fenceScopes.with(S::cluster);
  caps.atomicScopes = caps.fenceScopes;
  caps.clusterIsWorkgroup = !cluster && !strict;
  caps.threadFences = false;
  // fence.acquire / fence.release need sm_90 and PTX 8.6 (§2, PTX).
  caps.splitFenceOrders = sm >= 90 && ptx >= 86;
  caps.fencesOrderAllSpaces = true; // a PTX fence orders all spaces (§1)
  // bar.warp.sync, bar.sync/barrier.sync, barrier.cluster.arrive+wait.
  caps.barrierScopes = {S::subgroup, S::workgroup};
  if (cluster)
    caps.barrierScopes = caps.barrierScopes.with(S::cluster);
  caps.partialBarriers = true;
  caps.barrierReduceScopes = {S::workgroup}; // bar.red.{popc,and,or}
  // bar.sync orders memory among the CTA's threads; wider or seq_cst memory
  // parts get fences around the barrier.
  caps.barrierMemoryIsExecScope = true;
  caps.barrierMaxOrder = MemoryOrder::acq_rel;
  // atom has no sub: it is atom.add of the negated operand.
  caps.rmwKinds.assign(llvm::ArrayRef(kEveryRMW));
  return caps;
}

TargetCapabilities xfence::spirvCapabilities(bool vulkan) {
  TargetCapabilities caps;
  caps.name = vulkan ? "spirv-vulkan" : "spirv-opencl";
  // Scope: CrossDevice 0, Device 1, Workgroup 2, Subgroup 3, Invocation 4
  // (§1). There is no cluster: it widens to Device. Vulkan forbids
  // CrossDevice, so system scope has no sound form there.
  caps.fenceScopes = {S::thread, S::subgroup, S::workgroup, S::device};
  if (!vulkan)
    caps.fenceScopes = caps.fenceScopes.with(S::system);
  caps.atomicScopes = caps.fenceScopes;
  caps.threadFences = !vulkan;
  // Vulkan treats SequentiallyConsistent as AcquireRelease (§2): seq_cst
  // cannot be expressed there.
  caps.seqCst = !vulkan;
  // OpControlBarrier with Execution Workgroup or Subgroup; any memory scope.
  caps.barrierScopes = {S::subgroup, S::workgroup};
  caps.barrierMaxOrder = vulkan ? MemoryOrder::acq_rel : MemoryOrder::seq_cst;
  // OpAtomicIIncrement/IDecrement do not wrap at an operand: no inc/dec.
  // fadd is OpAtomicFAddEXT (SPV_EXT_shader_atomic_float_add).
  caps.rmwKinds = {K::add, K::sub,  K::and_, K::or_,  K::xor_, K::min,
                   K::max, K::umin, K::umax, K::xchg, K::fadd};
  return caps;
}

TargetCapabilities xfence::cpuCapabilities() {
  TargetCapabilities caps;
  caps.name = "cpu";
  // Every scope: on one cache-coherent CPU all threads share one coherence
  // domain, so every scope is the system scope (see docs/lowering.md).
  caps.fenceScopes = {S::thread,  S::subgroup, S::workgroup,
                      S::cluster, S::device,   S::system};
  caps.atomicScopes = caps.fenceScopes;
  caps.threadFences = true;         // fence syncscope("singlethread")
  caps.fencesOrderAllSpaces = true; // an LLVM fence orders all memory
  // A workgroup is an OpenMP team; its barrier is an OpenMP barrier, which
  // is a full (seq_cst) fence of all memory as well.
  caps.barrierScopes = {S::workgroup};
  caps.rmwKinds.assign(llvm::ArrayRef(kEveryRMW));
  return caps;
}

/// The narrowest scope at least as wide as `scope` in `nameable`.
static std::optional<Scope> narrowestAtLeast(Scope scope, ScopeSet nameable,
                                             bool clusterIsWorkgroup) {
  if (nameable.contains(scope))
    return scope;
  if (scope == S::cluster && clusterIsWorkgroup &&
      nameable.contains(S::workgroup))
    return S::workgroup;
  for (Scope wider :
       {S::thread, S::subgroup, S::workgroup, S::cluster, S::device, S::system})
    if (isAtLeast(wider, scope) && nameable.contains(wider))
      return wider;
  return std::nullopt;
}

std::optional<Scope> TargetCapabilities::fenceScopeFor(Scope scope) const {
  return narrowestAtLeast(scope, fenceScopes, clusterIsWorkgroup);
}

std::optional<Scope> TargetCapabilities::atomicScopeFor(Scope scope) const {
  return narrowestAtLeast(scope, atomicScopes, clusterIsWorkgroup);
}

std::optional<TargetCapabilities> xfence::lookupTarget(llvm::StringRef name,
                                                       bool strict) {
  if (name == "cuda")
    return cudaCapabilities();
  if (name == "hip")
    return hipCapabilities();
  if (name == "alpaka")
    return alpakaCapabilities();
  if (name == "opencl1.2")
    return openCL12Capabilities();
  if (name == "opencl2")
    return openCL2Capabilities();
  if (name == "ptx-sm70")
    return ptxCapabilities(70, 63, strict);
  if (name == "ptx-sm90")
    return ptxCapabilities(90, 86, strict);
  if (name == "spirv-opencl")
    return spirvCapabilities(/*vulkan=*/false);
  if (name == "spirv-vulkan")
    return spirvCapabilities(/*vulkan=*/true);
  if (name == "cpu")
    return cpuCapabilities();
  return std::nullopt;
}

llvm::StringRef xfence::targetNames() {
  return "cuda, hip, alpaka, opencl1.2, opencl2, ptx-sm70, ptx-sm90, "
         "spirv-opencl, spirv-vulkan, cpu";
}
