"""The unsound reproducers of the soundness review of 2026-11-26 as litmus
tests, each with the routes that reach it and the spelling its writer
should prefer. `SEEDS` is a list of (test, routes); `PREFER` maps a test
name to a substring of the construct the writer should use.
"""

from ..events import Event, Litmus, Placement, Thread

G = frozenset(("global",))
L = frozenset(("local",))
LG = frozenset(("local", "global"))

SAME = Placement(0, 0, 0, 0)
SAME_GROUP = Placement(0, 0, 1, 0)  # another sub-group of the work-group
OTHER_GROUP = Placement(0, 1, 0, 0)  # another work-group of the cluster


def W(loc, v, order="na", scope="system"):
    return Event("W", loc, order, scope, value=v)


def R(loc, reg, order="na", scope="system"):
    return Event("R", loc, order, scope, reg=reg)


def F(scope, order, spaces=LG):
    return Event("F", order=order, scope=scope, spaces=spaces)


def B(scope="workgroup", order="acq_rel", spaces=LG):
    return Event("B", order=order, scope=scope, spaces=spaces,
                 exec_scope="workgroup")


def T(*events, where=SAME):
    return Thread(tuple(events), where)


def test(name, spaces, *threads):
    return Litmus(name, tuple(threads), tuple(spaces))


# 1: Vulkan memory model without NonPrivatePointer: a plain store, a
# workgroup barrier, another invocation's plain load.
I1_LOCAL = test("seed-1-vulkan-private-local", [("x", "local")],
                T(W("x", 7), B(spaces=LG)),
                T(B(spaces=LG), R("x", "r0"), where=SAME_GROUP))
I1_GLOBAL = test("seed-1-vulkan-private-global", [("x", "global")],
                 T(W("x", 7), B(spaces=LG)),
                 T(B(spaces=LG), R("x", "r0"), where=SAME_GROUP))

# 2: a seq_cst block fence (CUDA __threadfence_block) becomes OpenCL 1.2
# mem_fence, whose 2.0 meaning is acq_rel: store buffering.
I2_SB = test("seed-2-sb-threadfence-block", [("x", "global"), ("y", "global")],
             T(W("x", 1, "relaxed", "workgroup"), F("workgroup", "seq_cst"),
               R("y", "r0", "relaxed", "workgroup")),
             T(W("y", 1, "relaxed", "workgroup"), F("workgroup", "seq_cst"),
               R("x", "r1", "relaxed", "workgroup"), where=SAME_GROUP))
# The same from OpenCL 1.2: mem_fence (a full fence in 1.2) between
# atomic_xchg and a compare-exchange that never stores (a read).
I2_SB12 = test(
    "seed-2-sb-mem-fence-cl12", [("x", "global"), ("y", "global")],
    T(Event("RMW", "x", "relaxed", "device", reg="a0", value=1),
      F("workgroup", "seq_cst", G),
      Event("RMW", "y", "relaxed", "device", reg="r0", value=5, expect=5)),
    T(Event("RMW", "y", "relaxed", "device", reg="a1", value=1),
      F("workgroup", "seq_cst", G),
      Event("RMW", "x", "relaxed", "device", reg="r1", value=5, expect=5),
      where=SAME_GROUP))

# 4: a CUDA thread-scope fence becomes atomic_work_item_fence over local
# and global memory at memory_scope_work_item (undefined in OpenCL C 2.0).
I4 = test("seed-4-thread-scope-fence", [("x", "global")],
          T(W("x", 1), F("thread", "seq_cst"), R("x", "r0")))

# 5: a work-item image fence between a work-item's image write and read.
I5 = test("seed-5-image-fence", [("i", "image")],
          T(W("i", 1), F("thread", "acq_rel", frozenset(("image",))),
            R("i", "r0")))

# 6: message passing between two work-groups of one cluster through
# distributed shared memory, with cluster-scope local-only fences.
# (Data accesses are relaxed atomics: a plain data read would race with
# the write whenever the flag read returns 0, and a racy source allows
# everything.)
I6 = test("seed-6-cluster-local-mp", [("d", "local"), ("f", "local")],
          T(W("d", 1, "relaxed", "cluster"), F("cluster", "release", L),
            W("f", 1, "relaxed", "cluster")),
          T(R("f", "r0", "relaxed", "cluster"), F("cluster", "acquire", L),
            R("d", "r1", "relaxed", "cluster"), where=OTHER_GROUP))

# 9 and N5: an atomic load written as an RMW (OpAtomicOr p, 0; alpaka's
# atomicCas(p, 0, 0)) races with another work-item's plain read.
I9 = test("seed-9-atomic-load-reads-only", [("x", "global")],
          T(R("x", "r0", "acquire", "device")),
          T(R("x", "r1"), where=OTHER_GROUP))
N5 = test("seed-N5-alpaka-atomic-load", [("x", "global")],
          T(R("x", "r0", "acquire", "device")),
          T(R("x", "r1"), where=OTHER_GROUP))

# N1: clang's __opencl_atomic_* builtins through `xfence compile`.
N1_MP = test("seed-N1-opencl-atomic-builtins-mp",
             [("d", "global"), ("f", "global")],
             T(W("d", 1, "relaxed", "device"),
               W("f", 1, "release", "device")),
             T(R("f", "r0", "acquire", "device"),
               R("d", "r1", "relaxed", "device"), where=OTHER_GROUP))
# The release is a seq_cst read-modify-write (PTX: fence.sc; atom.acquire).
N1_MP_RMW = test("seed-N1-opencl-atomic-builtins-mp-rmw",
                 [("d", "global"), ("f", "global")],
                 T(W("d", 1, "relaxed", "device"),
                   Event("RMW", "f", "seq_cst", "device", reg="a0",
                         value=1)),
                 T(R("f", "r0", "acquire", "device"),
                   R("d", "r1", "relaxed", "device"), where=OTHER_GROUP))
N1_SB = test("seed-N1-opencl-atomic-builtins-sb",
             [("x", "global"), ("y", "global")],
             T(Event("RMW", "x", "seq_cst", "device", reg="a0", value=1),
               R("y", "r0", "seq_cst", "device")),
             T(Event("RMW", "y", "seq_cst", "device", reg="a1", value=1),
               R("x", "r1", "seq_cst", "device"), where=OTHER_GROUP))

# N2: a seq_cst barrier memory part lowered for the CPU runtime barrier.
N2 = test("seed-N2-cpu-seq-cst-barrier", [("x", "global"), ("y", "global")],
          T(W("x", 1, "relaxed", "device"),
            B("device", "seq_cst", G), R("y", "r0", "relaxed", "device")),
          T(W("y", 1, "relaxed", "device"),
            B("device", "seq_cst", G), R("x", "r1", "relaxed", "device"),
            where=OTHER_GROUP))

# N7: CUDA producer with __threadfence(), consumer in the same block with
# __threadfence_block(): inclusive scopes in CUDA, equal scopes in OpenCL 2.x.
N7 = test("seed-N7-mixed-scope-mp", [("d", "global"), ("f", "global")],
          T(W("d", 42, "relaxed", "device"), F("device", "seq_cst"),
            Event("RMW", "f", "relaxed", "device", reg="a0", value=1)),
          T(Event("RMW", "f", "relaxed", "device", reg="r0", value=5,
                  expect=5),
            F("workgroup", "seq_cst"), R("d", "r1", "relaxed", "device"),
            where=SAME_GROUP))

# Found after the review by the route checker (CUDA to OpenCL 2.x), both
# present on 1338acd (bench/memmodel/flagged-on-1338acd.md):
# M1: __shared__ data published through a release store to a global flag.
# OpenCL synchronizes one space per atomic; CUDA's release orders all.
M1 = test("seed-M1-cuda-mixed-space-mp", [("d", "local"), ("f", "global")],
          T(W("d", 1, "relaxed", "workgroup"),
            W("f", 1, "release", "device")),
          T(R("f", "r0", "acquire", "device"),
            R("d", "r1", "relaxed", "workgroup"), where=SAME_GROUP))
# M2: ISA2 through a relaxed read and a seq_cst exchange: CUDA's seq_cst
# exchange is fence.sc and the access, an acquire fence for the read before
# it; C11's seq_cst exchange is not.
M2 = test("seed-M2-cuda-seq-cst-rmw-isa2",
          [("x", "global"), ("y", "global"), ("z", "global")],
          T(W("x", 1, "relaxed", "device"), W("y", 1, "release", "device")),
          T(R("y", "r0", "relaxed", "device"),
            Event("RMW", "z", "seq_cst", "device", reg="a0", value=1),
            where=OTHER_GROUP),
          T(R("z", "r1", "acquire", "device"), R("x", "r2", "relaxed", "device"),
            where=Placement(0, 2, 0, 0)))

SEEDS = [
    (I1_LOCAL, ["dialect-spirv-vulkan"]),
    (I1_GLOBAL, ["dialect-spirv-vulkan"]),
    (I2_SB, ["cuda-cl12"]),
    (I2_SB12, ["cl12-cuda", "cl12-hip"]),
    (I4, ["cuda-cl20", "cuda-cl30"]),
    (I5, ["dialect-spirv-opencl"]),
    (I6, ["dialect-ptx-sm90"]),
    (I9, ["dialect-spirv-opencl"]),
    (N1_MP, ["cl20-spirv"]),
    (N1_SB, ["cl20-ptx"]),
    (N1_MP_RMW, ["cl20-ptx", "cl20-spirv"]),
    (N2, ["dialect-cpu-runtime"]),
    (N5, ["cl20-alpaka", "cl30-alpaka"]),
    (N7, ["cuda-cl20", "cuda-cl30"]),
    (M1, ["cuda-cl20", "cuda-cl30"]),
    (M2, ["cuda-cl20", "cuda-cl30"]),
]

PREFER = {
    N1_MP.name: "__opencl_atomic",
    N1_SB.name: "__opencl_atomic",
    N1_MP_RMW.name: "__opencl_atomic",
    I2_SB.name: "__threadfence_block",
    N7.name: "__threadfence|atomicExch|atomicCAS",
}
