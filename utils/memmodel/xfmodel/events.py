"""The vocabulary of xfence's executable memory model: litmus tests as threads
of scoped events.

A litmus test is a few threads, each a straight-line list of events, placed
in a GPU's hierarchy (which sub-group, work-group and cluster each thread is
in), over a few memory locations, each in one memory space. The model
(models.py) enumerates the executions of a test and says which outcomes (the
values its reads return) are allowed, and whether any allowed execution has a
data race.

The same vocabulary describes a source kernel (built from a test's
constructs as the source language's specification defines them) and a
translated kernel (read back from xfence's output, each target construct by
the target's specification): the judge then compares the two outcome sets.
"""

from dataclasses import dataclass, field
from typing import FrozenSet, Optional, Tuple

# Scopes, narrowest first; each includes every narrower one.
SCOPES = ("thread", "subgroup", "workgroup", "cluster", "device", "system")
# Orders. "na" is a plain (non-atomic) access; fences never have "na".
ORDERS = ("na", "relaxed", "acquire", "release", "acq_rel", "seq_cst")
# Memory spaces of a location, and of the flags of a fence or barrier.
SPACES = ("global", "local", "image")

KINDS = (
    "R",  # load; `reg` names the register it reads into
    "W",  # store of `value`
    "RMW",  # atomic read-modify-write: reads into `reg`, writes `value`
    # (an exchange; an add is expressed by the test writer as the value the
    # write would give, since the litmus values are small constants)
    "F",  # fence
    "B",  # barrier: execution scope `exec_scope`; memory part `scope`,
    # `order`, `spaces` (order "na" and no spaces: execution only)
)


def scope_index(scope: str) -> int:
    return SCOPES.index(scope)


@dataclass(frozen=True)
class Event:
    kind: str
    loc: Optional[str] = None  # R, W, RMW
    order: str = "na"  # R/W: "na" for plain; F/B: the memory order
    scope: str = "system"  # R/W/RMW when atomic, F, B memory part
    spaces: FrozenSet[str] = frozenset()  # F/B: the spaces ordered
    reg: Optional[str] = None  # R, RMW
    value: Optional[int] = None  # W, RMW
    exec_scope: Optional[str] = None  # B only
    # RMW only: the value the RMW must read for its write to happen (a
    # compare-exchange); None is an unconditional RMW.
    expect: Optional[int] = None
    # Free text that says which construct this event came from (for reports).
    origin: str = ""
    # Vulkan memory model only (models.py "vulkan"): whether the access is
    # non-private (NonPrivatePointer); atomics are always non-private. A
    # private access is location-ordered only with accesses of its own
    # thread, so any conflicting access of another thread races with it.
    nonprivate: bool = True
    # Vulkan memory model only: whether a release (fence, barrier, atomic)
    # carries MakeAvailable and an acquire MakeVisible. Without them the
    # synchronization still orders atomics but makes no plain write visible.
    avvis: bool = True
    # B only: the barrier resource (PTX `bar.sync a`); barriers synchronize
    # only with barriers of the same id.
    barrier_id: int = 0
    # R/RMW only: a spin loop (`while (load(loc) != v);`, or a
    # compare-exchange loop) that exits when it reads `await_value`: only the
    # executions where this read returns it are kept. None: an ordinary read.
    await_value: Optional[int] = None

    @property
    def atomic(self) -> bool:
        return self.kind in ("R", "W", "RMW") and self.order != "na"

    def is_read(self) -> bool:
        return self.kind in ("R", "RMW")

    def is_write(self) -> bool:
        return self.kind in ("W", "RMW")


@dataclass(frozen=True)
class Placement:
    """Where a thread runs. Two threads share a sub-group when they share
    (cluster, group, subgroup), a work-group when they share (cluster,
    group), a cluster when they share cluster; every thread is on one
    device, and `system` includes everything."""

    cluster: int = 0
    group: int = 0
    subgroup: int = 0
    lane: int = 0


def shares(a: Placement, b: Placement, scope: str) -> bool:
    """Whether thread placements a and b are in one instance of `scope`."""
    if scope == "thread":
        return a == b
    if scope == "subgroup":
        return (a.cluster, a.group, a.subgroup) == (b.cluster, b.group, b.subgroup)
    if scope == "workgroup":
        return (a.cluster, a.group) == (b.cluster, b.group)
    if scope == "cluster":
        return a.cluster == b.cluster
    return True  # device, system: one device in every test


@dataclass(frozen=True)
class Thread:
    events: Tuple[Event, ...]
    where: Placement = field(default_factory=Placement)


@dataclass(frozen=True)
class Litmus:
    """A test: threads over locations. `spaces` gives each location's memory
    space (a `local` location is shared only by threads of one work-group,
    or of one cluster where the test uses distributed shared memory).
    `init` gives initial values (0 where absent). The outcome of an
    execution is the tuple of (register, value) pairs of all reads, sorted
    by register name, plus the final value of each location as
    ("*loc", value)."""

    name: str
    threads: Tuple[Thread, ...]
    spaces: Tuple[Tuple[str, str], ...]  # (loc, space)
    init: Tuple[Tuple[str, int], ...] = ()

    def space_of(self, loc: str) -> str:
        return dict(self.spaces)[loc]

    def locations(self):
        return [loc for loc, _ in self.spaces]
