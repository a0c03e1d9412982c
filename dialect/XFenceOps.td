//===- XFenceOps.td - xfence operations --------------------*- tablegen -*-===//

#ifndef XFENCE_DIALECT_XFENCEOPS_TD
#define XFENCE_DIALECT_XFENCEOPS_TD

include "dialect/XFenceAttrs.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def XFence_AnyPointer
    : Type<CPred<"::llvm::isa<::mlir::LLVM::LLVMPointerType>($_self)">,
    "LLVM pointer", "::mlir::LLVM::LLVMPointerType">;
def XFence_Address : AnyTypeOf<[XFence_AnyPointer, AnyMemRef]>;
def XFence_AtomicValue : AnyTypeOf<[AnySignlessInteger, AnyFloat]>;

// All synchronizing ops read and write memory as far as upstream passes know,
// so that none of them is moved across a memory access, merged or deleted.
defvar XFence_SyncEffects = MemoryEffects<[MemRead, MemWrite]>;

//===----------------------------------------------------------------------===//
// Fences and barriers
//===----------------------------------------------------------------------===//

def XFence_FenceOp : XFence_Op<"fence", [XFence_SyncEffects]> {
  let summary = "a scoped memory fence";
  let description = [{
    Orders the calling thread's accesses to the given memory spaces, before
    and after the fence, as seen by the threads of `scope`, with the strength
    of `order`. It is `cuda::atomic_thread_fence(order, scope)` restricted to
    the spaces; OpenCL 2.0's `atomic_work_item_fence(flags, order, scope)`.

    A `relaxed` fence and a fence with no spaces order nothing; they verify,
    and canonicalize away. A fence at `thread` scope orders nothing between
    threads, and within one thread program order already orders the accesses
    to `local` and `global` memory, but not those to `image` memory: OpenCL
    needs `atomic_work_item_fence(CLK_IMAGE_MEM_FENCE, o,
    memory_scope_work_item)` for a work-item's own writes to a `read_write`
    image to be seen by its later reads. So a thread-scope fence
    canonicalizes away when its spaces exclude `image`, and to its `image`
    part otherwise.

    Examples:

    ```mlir
    // OpenCL 1.2 mem_fence(CLK_LOCAL_MEM_FENCE)
    xfence.fence workgroup acq_rel [local]
    // CUDA __threadfence()
    xfence.fence device seq_cst [local, global]
    // OpenCL 2.0 atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE,
    //            memory_order_release, memory_scope_device)
    xfence.fence device release [global]
    ```
  }];
  let arguments = (ins XFence_ScopeAttr:$scope, XFence_MemoryOrderAttr:$order,
                   XFence_MemorySpacesAttr:$spaces);
  let assemblyFormat = "custom<Keyword>($scope) custom<Keyword>($order) "
                       "custom<Spaces>($spaces) attr-dict";
  let hasCanonicalizeMethod = 1;
}

class XFence_BarrierBase<string mnemonic, list<Trait> traits = []>
    : XFence_Op<mnemonic, !listconcat(traits, [XFence_SyncEffects])> {
  dag barrierArgs = (ins XFence_ScopeAttr:$exec_scope,
                     OptionalAttr<XFence_ScopeAttr>:$memory_scope,
                     OptionalAttr<XFence_MemoryOrderAttr>:$order,
                     DefaultValuedAttr<XFence_MemorySpacesAttr,
                                       "::xfence::MemorySpaces::none">:$spaces);
  string memoryFormat = "(`memory` custom<Keyword>($memory_scope)^ "
                        "custom<Keyword>($order) custom<Spaces>($spaces))?";
  let hasVerifier = 1;
  code barrierDecls = [{
    /// True if the barrier orders memory (has a memory part).
    bool ordersMemory() { return getMemoryScope().has_value(); }
  }];
}

def XFence_BarrierOp : XFence_BarrierBase<"barrier"> {
  let summary = "an execution barrier, with optional memory ordering";
  let description = [{
    Waits until every thread of `exec_scope` (or, with `mask`, every thread
    of the subgroup named in the lane mask) has reached the barrier. With a
    `memory` part it also orders memory: it is a release fence on entry and
    an acquire fence on exit (OpenCL 2.0 §3.3.5), at `memory_scope`, over the
    given spaces, with `order` (at least `acquire`, `release` or stronger).
    Without a `memory` part it is an execution barrier only (OpenCL
    `barrier(0)`).

    A barrier with a `mask` is partial: it orders memory only among the
    participating lanes (`__syncwarp(mask)`), never like a workgroup barrier.

    Examples:

    ```mlir
    // OpenCL barrier(CLK_LOCAL_MEM_FENCE)
    xfence.barrier workgroup memory workgroup acq_rel [local]
    // CUDA __syncthreads()
    xfence.barrier workgroup memory workgroup acq_rel [local, global]
    // OpenCL barrier(0)
    xfence.barrier workgroup
    // CUDA __syncwarp(mask)
    xfence.barrier subgroup mask(%mask) memory subgroup acq_rel [local, global]
    // OpenCL 2.0 work_group_barrier(CLK_GLOBAL_MEM_FENCE, memory_scope_device)
    xfence.barrier workgroup memory device acq_rel [global]
    ```
  }];
  let arguments = !con(barrierArgs, (ins Optional<I32>:$mask));
  let builders = [
    // The barrier of `scope` whose memory part is acq_rel at the same scope
    // over `spaces`: CUDA's __syncthreads() (workgroup, [local, global]) and
    // __syncwarp(mask) (subgroup, with the mask), alpaka's block barrier.
    OpBuilder<(ins "::xfence::Scope":$scope,
                   "::xfence::MemorySpaces":$spaces,
                   CArg<"::mlir::Value", "{}">:$mask), [{
      auto *ctx = $_builder.getContext();
      build($_builder, $_state, scope, ScopeAttr::get(ctx, scope),
            MemoryOrderAttr::get(ctx, MemoryOrder::acq_rel), spaces, mask);
    }]>
  ];
  let assemblyFormat = "custom<Keyword>($exec_scope) "
                       "(`mask` `(` $mask^ `)`)? " # memoryFormat #
                       " attr-dict";
  let extraClassDeclaration = barrierDecls # [{
    /// True if only part of the execution scope takes part.
    bool isPartial() { return getMask() != nullptr; }
  }];
}

def XFence_BarrierReduceOp : XFence_BarrierBase<"barrier_reduce"> {
  let summary = "a barrier that also reduces a predicate over its threads";
  let description = [{
    A barrier, as `xfence.barrier`, that also evaluates `predicate` (non-zero
    means true) in every participating thread and returns to all of them the
    number of threads for which it is true (`count`), whether it is true for
    all (`and`) or for any (`or`), as 0 or 1. These are CUDA's
    `__syncthreads_count`, `__syncthreads_and` and `__syncthreads_or` (PTX
    `bar.red`).

    Example:

    ```mlir
    %n = xfence.barrier_reduce count %p workgroup
           memory workgroup acq_rel [local, global] : i32
    ```
  }];
  let arguments = !con((ins XFence_BarrierReductionAttr:$reduction,
                            AnySignlessInteger:$predicate), barrierArgs);
  let results = (outs I32:$result);
  let assemblyFormat = "custom<Keyword>($reduction) $predicate "
                       "custom<Keyword>($exec_scope) " # memoryFormat #
                       " attr-dict `:` type($predicate)";
  let extraClassDeclaration = barrierDecls;
}

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

class XFence_AtomicOp<string mnemonic, list<Trait> traits = []>
    : XFence_Op<mnemonic, !listconcat(traits, [XFence_SyncEffects])> {
  string addrFormat = "$addr (`[` $indices^ `]`)?";
  let hasVerifier = 1;
}

def XFence_AtomicRMWOp : XFence_AtomicOp<"atomic_rmw",
    [AllTypesMatch<["value", "result"]>]> {
  let summary = "an atomic read-modify-write with scope and order";
  let description = [{
    Atomically replaces the value at the address with `kind(old, value)` and
    returns the old value. The address is an `!llvm.ptr` or a `memref` with
    one index per dimension. `inc` stores `old >= value ? 0 : old + 1` and
    `dec` stores `(old == 0 || old > value) ? value : old - 1` (CUDA's
    `atomicInc`/`atomicDec`); `min`/`max` compare signed, `umin`/`umax`
    unsigned; `fadd` adds floats; `xchg` returns the old value and stores
    `value`.

    Examples:

    ```mlir
    // CUDA atomicAdd(p, v): relaxed, device scope
    %old = xfence.atomic_rmw add %p, %v device relaxed : !llvm.ptr<1>, i32
    // OpenCL atomic_inc on a local int
    %o = xfence.atomic_rmw add %l, %one workgroup relaxed : !llvm.ptr<3>, i32
    %f = xfence.atomic_rmw fadd %m[%i], %x device acq_rel : memref<?xf32>, f32
    ```
  }];
  let arguments = (ins XFence_AtomicRMWKindAttr:$kind, XFence_Address:$addr,
                   Variadic<Index>:$indices, XFence_AtomicValue:$value,
                   XFence_ScopeAttr:$scope, XFence_MemoryOrderAttr:$order);
  let results = (outs XFence_AtomicValue:$result);
  let assemblyFormat = "custom<Keyword>($kind) " # addrFormat # " `,` $value "
                       "custom<Keyword>($scope) custom<Keyword>($order) "
                       "attr-dict `:` type($addr) `,` type($value)";
}

def XFence_AtomicCmpXchgOp : XFence_AtomicOp<"atomic_cmpxchg",
    [AllTypesMatch<["expected", "desired", "old"]>]> {
  let summary = "an atomic compare-and-exchange with success and failure order";
  let description = [{
    Atomically compares the value at the address with `expected` and, if they
    are equal, stores `desired` with `success_order`; otherwise it only loads,
    with `failure_order`. Returns the old value and whether the store took
    place. A `weak` exchange may fail spuriously (OpenCL and C++
    `compare_exchange_weak`).

    The failure order may be neither `release` nor `acq_rel`, nor stronger
    than the success order (OpenCL 2.0 §6.13.11.7.5).

    Example:

    ```mlir
    %old, %ok = xfence.atomic_cmpxchg %p, %e, %d device acq_rel acquire
                  : !llvm.ptr<1>, i32
    ```
  }];
  let arguments = (ins XFence_Address:$addr, Variadic<Index>:$indices,
                   XFence_AtomicValue:$expected, XFence_AtomicValue:$desired,
                   XFence_ScopeAttr:$scope,
                   XFence_MemoryOrderAttr:$success_order,
                   XFence_MemoryOrderAttr:$failure_order, UnitAttr:$weak);
  let results = (outs XFence_AtomicValue:$old, I1:$success);
  let assemblyFormat = addrFormat # " `,` $expected `,` $desired "
                       "custom<Keyword>($scope) "
                       "custom<Keyword>($success_order) "
                       "custom<Keyword>($failure_order) (`weak` $weak^)? "
                       "attr-dict `:` type($addr) `,` type($desired)";
}

def XFence_AtomicLoadOp : XFence_AtomicOp<"atomic_load"> {
  let summary = "an atomic load with scope and order";
  let description = [{
    Atomically loads the value at the address. The order may not be
    `release` or `acq_rel`.

    Example:

    ```mlir
    %v = xfence.atomic_load %p device acquire : !llvm.ptr<1> -> i32
    ```
  }];
  let arguments = (ins XFence_Address:$addr, Variadic<Index>:$indices,
                   XFence_ScopeAttr:$scope, XFence_MemoryOrderAttr:$order);
  let results = (outs XFence_AtomicValue:$result);
  let assemblyFormat = addrFormat # " custom<Keyword>($scope) "
                       "custom<Keyword>($order) attr-dict `:` "
                       "type($addr) `->` type($result)";
}

def XFence_AtomicStoreOp : XFence_AtomicOp<"atomic_store"> {
  let summary = "an atomic store with scope and order";
  let description = [{
    Atomically stores `value` at the address. The order may not be `acquire`
    or `acq_rel`.

    Example:

    ```mlir
    xfence.atomic_store %v, %p device release : i32, !llvm.ptr<1>
    ```
  }];
  let arguments = (ins XFence_AtomicValue:$value, XFence_Address:$addr,
                   Variadic<Index>:$indices, XFence_ScopeAttr:$scope,
                   XFence_MemoryOrderAttr:$order);
  let assemblyFormat = "$value `,` " # addrFormat # " custom<Keyword>($scope) "
                       "custom<Keyword>($order) attr-dict "
                       "`:` type($value) `,` type($addr)";
}

//===----------------------------------------------------------------------===//
// What the source frontends record between synchronization ops
//===----------------------------------------------------------------------===//

def XFence_AccessOp : XFence_Op<"access",
    [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "a plain (non-atomic) memory access in the source";
  let description = [{
    Stands for one or more ordinary loads (`read`) and/or stores (`write`) of
    the source program to the given memory spaces, at the op's location. The
    source frontends emit it so that passes see what lies between two
    synchronization ops; `volatile` marks a volatile access (CUDA code uses
    them for inter-thread communication). Its memory effects are the reads
    and writes it names, plus a write of the `xfence::SourceProgram`
    resource so that it is never dead code to upstream passes.

    Example:

    ```mlir
    xfence.access read write [global]
    xfence.access write [local] volatile
    ```
  }];
  let arguments = (ins UnitAttr:$read, UnitAttr:$write,
                   XFence_MemorySpacesAttr:$spaces, UnitAttr:$is_volatile);
  let assemblyFormat = "(`read` $read^)? (`write` $write^)? "
                       "custom<Spaces>($spaces) (`volatile` $is_volatile^)? "
                       "attr-dict";
  let hasVerifier = 1;
}

def XFence_OpaqueOp : XFence_Op<"opaque", [XFence_SyncEffects]> {
  let summary = "source code the frontend cannot see into";
  let description = [{
    A call to a function whose body is not available, inline assembly that
    is not a known fence or barrier, or any other construct that may touch
    any memory and may synchronize. Passes must treat it as both.

    Example:

    ```mlir
    xfence.opaque "external_helper"
    ```
  }];
  let arguments = (ins StrAttr:$what);
  let assemblyFormat = "$what attr-dict";
}

class XFence_RegionOp<string mnemonic>
    : XFence_Op<mnemonic, [RecursiveMemoryEffects, NoTerminator, SingleBlock,
                           NoRegionArguments]>;

def XFence_BranchOp : XFence_RegionOp<"branch"> {
  let summary = "source control flow that runs one of its regions";
  let description = [{
    Records an `if`, `?:` or `switch` of the source: at run time exactly one
    of the regions (or none, for an `if` without `else`) runs. The condition
    is not modelled; passes must assume any region may run.

    Example:

    ```mlir
    xfence.branch {
      xfence.fence workgroup acq_rel [local]
    }, {
      xfence.access write [global]
    }
    ```
  }];
  let regions = (region VariadicRegion<MaxSizedRegion<1>>:$alternatives);
  let assemblyFormat = "$alternatives attr-dict";
}

def XFence_LoopOp : XFence_RegionOp<"loop"> {
  let summary = "source control flow that runs its body zero or more times";
  let description = [{
    Records a `for`, `while` or `do` loop of the source. The body may run
    any number of times, including zero; passes must assume the last op of
    one iteration is followed by the first op of the next.

    Example:

    ```mlir
    xfence.loop {
      xfence.access read [global]
      xfence.barrier workgroup memory workgroup acq_rel [local]
    }
    ```
  }];
  let regions = (region MaxSizedRegion<1>:$body);
  let assemblyFormat = "$body attr-dict";
}

def XFence_ExitOp : XFence_Op<"exit"> {
  let summary = "a transfer of control out of straight-line source code";
  let description = [{
    Records a `return`, `break`, `continue` or `goto` of the source. Ops after
    it in the same block are not reached on every path through it, so passes
    must not treat the ops on its two sides as neighbours. It declares no
    memory effects and is never erased by upstream passes.

    Example:

    ```mlir
    xfence.exit return
    ```
  }];
  let arguments = (ins XFence_ExitKindAttr:$kind);
  let assemblyFormat = "custom<Keyword>($kind) attr-dict";
}

#endif // XFENCE_DIALECT_XFENCEOPS_TD
