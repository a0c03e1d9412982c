"""Checks of the memory models against results stated by their
specifications and papers. Each expectation cites its source.

Run: python3 utils/memmodel/tests/test_models.py (exit status 0 when every
check holds); test/utils/memmodel/models.test runs it under lit.
"""

import itertools
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from xfmodel.events import Event, Litmus, Placement, Thread  # noqa: E402
from xfmodel.models import MODELS, allowed, outcome_matches  # noqa: E402
from xfmodel.shapes import build, small_specs  # noqa: E402

GPU = ("ptx", "opencl", "vulkan")


def has(spec_or_test, model, **want):
    t = build(spec_or_test) if isinstance(spec_or_test, str) else spec_or_test
    v = allowed(t, model)
    return any(outcome_matches(o, **want) for o in v.outcomes)


def racy(spec_or_test, model, **kw):
    t = build(spec_or_test) if isinstance(spec_or_test, str) else spec_or_test
    return allowed(t, model, **kw).racy


def sc_outcomes(test):
    """Outcomes of every interleaving (sequential consistency); a spin loop
    waits, so an interleaving that reaches it before its value is dropped
    only if the value never comes."""
    threads = [list(th.events) for th in test.threads]
    init = dict(test.init)
    out = set()

    def run(pcs, mem, regs):
        progressed = False
        for t, th in enumerate(threads):
            pc = pcs[t]
            if pc == len(th):
                continue
            e = th[pc]
            mem2, regs2 = dict(mem), dict(regs)
            if e.kind == "R" or e.kind == "RMW":
                v = mem2.get(e.loc, init.get(e.loc, 0))
                if e.await_value is not None and v != e.await_value:
                    continue
                regs2[e.reg] = v
                if e.kind == "RMW" and (e.expect is None or v == e.expect):
                    mem2[e.loc] = e.value
            elif e.kind == "W":
                mem2[e.loc] = e.value
            elif e.kind == "B":
                # Everyone in the instance must arrive: only step past a
                # barrier when all threads of its instance are at one.
                others = [u for u, th2 in enumerate(threads) if u != t and
                          _same_instance(test, t, u, e.exec_scope)]
                if not all(pcs[u] < len(threads[u]) and threads[u][pcs[u]].kind == "B"
                           for u in others):
                    continue
                new = list(pcs)
                for u in [t] + others:
                    new[u] += 1
                progressed = True
                run(tuple(new), mem2, regs2)
                continue
            progressed = True
            new = list(pcs)
            new[t] += 1
            run(tuple(new), mem2, regs2)
        if not progressed and all(pcs[t] == len(th) for t, th in enumerate(threads)):
            o = list(regs.items())
            for loc in test.locations():
                o.append(("*" + loc, mem.get(loc, init.get(loc, 0))))
            out.add(tuple(sorted(o)))

    run(tuple(0 for _ in threads), {}, {})
    return out


def _same_instance(test, t, u, scope):
    from xfmodel.events import shares
    return shares(test.threads[t].where, test.threads[u].where, scope or "workgroup")


class MessagePassing(unittest.TestCase):
    def test_plain_mp_is_racy(self):
        # OpenCL 2.0 3.3.6 ("data race": conflicting actions, one not atomic,
        # unordered by happens-before), C11 5.1.2.4p25, RC11 section 3;
        # PTX "Conflict and Data-races" (a plain access is not strong, so
        # the pair is not morally strong, and nothing orders it).
        for m in MODELS:
            self.assertTrue(racy("MP:wg:global:na:po-device:po-device", m), m)

    def test_release_acquire_same_scope_forbids_stale_data(self):
        # PTX "Release and Acquire Patterns" + axiom "Causality"; OpenCL 2.0
        # 3.3.6.1 (release global-synchronizes-with acquire); RC11 sw.
        for m in MODELS:
            for spec in ("MP:cl:global:na:A-device:A-device",
                         "MP:wg:global:na:A-workgroup:A-workgroup",
                         "MP:cl:global:na:F-acq_rel-device:F-acq_rel-device",
                         "MP:dev:global:na:F-seq_cst-system:F-seq_cst-system"):
                self.assertFalse(racy(spec, m), (spec, m))
                self.assertFalse(has(spec, m, r1_0=1, r1_1=0), (spec, m))
                self.assertTrue(has(spec, m, r1_0=1, r1_1=1), (spec, m))

    def test_workgroup_scope_across_workgroups_does_not_synchronize(self):
        # PTX "Morally strong operations": each operation's scope must
        # include the other thread; .cta does not include another CTA, so no
        # release/acquire synchronization and stale data is allowed. OpenCL
        # 2.0 3.3.5/3.3.6: the two atomics do not have inclusive scopes, a
        # data race. C11 has no scopes and forbids it.
        spec = "MP:cl:global:rlx:A-workgroup:A-workgroup"
        self.assertTrue(has(spec, "ptx", r1_0=1, r1_1=0))
        self.assertTrue(racy(spec, "opencl"))
        self.assertTrue(racy(spec, "vulkan"))
        self.assertFalse(has(spec, "c11", r1_0=1, r1_1=0))
        self.assertTrue(has("MP:cl:global:rlx:F-acq_rel-workgroup:F-acq_rel-workgroup",
                            "ptx", r1_0=1, r1_1=0))

    def test_ptx_pattern_ends_must_be_morally_strong(self):
        # PTX "Memory synchronization": a release pattern synchronizes with
        # an acquire pattern only if "the first operation in X and the last
        # operation in Y are morally strong". fence.cta on the writer, in
        # another CTA than the reader, does not synchronize even though the
        # flag accesses are .gpu.
        def mp(scope0):
            w = Thread((Event("W", loc="x", value=1, order="relaxed", scope="device"),
                        Event("F", order="acq_rel", scope=scope0),
                        Event("W", loc="y", value=1, order="relaxed", scope="device")),
                       Placement(group=0))
            r = Thread((Event("R", loc="y", reg="a", order="relaxed", scope="device",
                              await_value=1),
                        Event("F", order="acq_rel", scope="device"),
                        Event("R", loc="x", reg="b", order="relaxed", scope="device")),
                       Placement(group=1))
            return Litmus("mp-fence-" + scope0, (w, r), (("x", "global"), ("y", "global")))
        self.assertTrue(has(mp("workgroup"), "ptx", b=0))
        self.assertFalse(has(mp("device"), "ptx", b=0))
        # RC11 has no scopes.
        self.assertFalse(has(mp("workgroup"), "c11", b=0))

    def test_release_sequence_through_rmw(self):
        # PTX "Observation Order": W precedes R through an atomic operation
        # Z that reads W and is read by R. C11/OpenCL release sequence: RMWs
        # continue it (OpenCL 2.0 3.3.6, RC11 rs = ...; (rf; rmw)*).
        def rs(rmw_order):
            t0 = Thread((Event("W", loc="x", value=1),
                         Event("W", loc="y", value=1, order="release", scope="device")),
                        Placement(group=0))
            t1 = Thread((Event("RMW", loc="y", value=2, reg="m", order=rmw_order,
                               scope="device", await_value=1),), Placement(group=1))
            t2 = Thread((Event("R", loc="y", reg="a", order="acquire", scope="device",
                               await_value=2),
                         Event("R", loc="x", reg="b")), Placement(group=2))
            return Litmus("rs", (t0, t1, t2), (("x", "global"), ("y", "global")))
        for m in MODELS:
            self.assertFalse(racy(rs("relaxed"), m), m)
            self.assertFalse(has(rs("relaxed"), m, b=0), m)

    def test_subgroup_and_cluster_scopes(self):
        # A scope includes the threads of its instance only (events.shares).
        self.assertTrue(racy("MP:wg:global:na:A-subgroup:A-subgroup", "opencl"))
        self.assertFalse(racy("MP:sg:global:na:A-subgroup:A-subgroup", "opencl"))
        # PTX .cluster: "The set of all threads executing in the same
        # cluster as the current thread" (PTX "Scope").
        self.assertFalse(has("MP:cl:global:rlx:A-cluster:A-cluster", "ptx", r1_1=0))
        self.assertTrue(has("MP:dev:global:rlx:A-cluster:A-cluster", "ptx", r1_1=0))

    def test_isa2_cumulativity(self):
        # PTX "Causality Order" footnote: transitivity of base causality
        # order accounts for cumulativity; C11 hb is transitive.
        for m in MODELS:
            spec = "ISA2:mix:global:na:A-device:A-device:A-device"
            self.assertFalse(racy(spec, m), m)
            self.assertFalse(has(spec, m, r2_1=0), m)

    def test_wrc_release_acquire(self):
        for m in MODELS:
            spec = "WRC:cl:global:na:A-device:A-device:A-device"
            self.assertFalse(has(spec, m, r1_0=1, r2_0=1, r2_1=0), m)


class StoreBuffering(unittest.TestCase):
    def test_seq_cst_fences_forbid_sb(self):
        # PTX "Fence-SC Order" and axiom "Fence-SC": the two fence.sc are
        # ordered, and the later one's thread sees the other's store. OpenCL
        # 2.0 3.3.6.1, last fence rules (C11 7.17.3p11); RC11 psc.
        spec = "SB:cl:global:na:F-seq_cst-device:F-seq_cst-device"
        for m in ("ptx", "opencl", "c11"):
            self.assertFalse(has(spec, m, r0_0=0, r1_0=0), m)
        # Vulkan appendix "Memory Model", "Memory Semantics":
        # SequentiallyConsistent is not supported; read as AcquireRelease it
        # does not forbid store buffering.
        self.assertTrue(has(spec, "vulkan", r0_0=0, r1_0=0))

    def test_acq_rel_fences_allow_sb(self):
        # PTX: fence.acq_rel synchronizes only in release/acquire patterns
        # (a write observed by a read); SB has none. C11: acq_rel gives no
        # total order (OpenCL 2.0 3.3.5: acquire/release "do not provide
        # sequential consistency").
        spec = "SB:cl:global:na:F-acq_rel-device:F-acq_rel-device"
        for m in MODELS:
            self.assertTrue(has(spec, m, r0_0=0, r1_0=0), m)
        for m in MODELS:
            self.assertTrue(has("SB:cl:global:na:A-device:A-device", m, r0_0=0, r1_0=0), m)

    def test_seq_cst_atomics_forbid_sb(self):
        # OpenCL 2.0 3.3.6.1 (single total order S); RC11 psc; PTX via the
        # atomics ABI mapping (fence.sc before each access), proven sound by
        # Lustig et al. (ASPLOS 2019).
        for m in ("ptx", "opencl", "c11"):
            self.assertFalse(has("SB:cl:global:na:SC-device:SC-device", m, r0_0=0, r1_0=0), m)

    def test_narrow_fence_sc_across_ctas(self):
        # fence.sc.cta in different CTAs are not morally strong: no Fence-SC
        # order between them (PTX "Fence-SC Order" relates morally strong
        # pairs only).
        self.assertTrue(has("SB:cl:global:na:F-seq_cst-workgroup:F-seq_cst-workgroup",
                            "ptx", r0_0=0, r1_0=0))


class IRIW(unittest.TestCase):
    def test_iriw_fences(self):
        fences_sc = "IRIW:cl:global:na:po-device:F-seq_cst-device:po-device:F-seq_cst-device"
        fences_ar = "IRIW:cl:global:na:po-device:F-acq_rel-device:po-device:F-acq_rel-device"
        non_sc = dict(r1_0=1, r1_1=0, r3_0=1, r3_1=0)
        # PTX: fence.sc between the reads restores SC (Fence-SC order is
        # total among morally strong fence.sc and cumulative through
        # observation); fence.acq_rel does not: PTX is not multi-copy atomic
        # for relaxed stores (Lustig et al., ASPLOS 2019, IRIW discussion).
        self.assertFalse(has(fences_sc, "ptx", **non_sc))
        self.assertTrue(has(fences_ar, "ptx", **non_sc))
        # RC11 (PLDI 2017, section 3, psc_F) forbids IRIW with SC fences.
        self.assertFalse(has(fences_sc, "c11", **non_sc))
        self.assertTrue(has(fences_ar, "c11", **non_sc))
        # OpenCL 2.0 3.3.6.1: the seq_cst fence rules (C11 7.17.3p9-11)
        # constrain only writes sequenced before a fence or seq_cst writes;
        # IRIW's writers have neither, so the outcome stays allowed (Batty
        # et al.'s scoped SC axiom relates no pair of the readers' fences).
        self.assertTrue(has(fences_sc, "opencl", **non_sc))
        # All seq_cst: a single total order S forbids it in every model
        # with SC.
        all_sc = "IRIW:cl:global:na:SC-device:SC-device:SC-device:SC-device"
        for m in ("ptx", "opencl", "c11"):
            self.assertFalse(has(all_sc, m, **non_sc), m)


class LoadBuffering(unittest.TestCase):
    def test_lb(self):
        # PTX axiom "No Thin Air", litmus "Load Buffering without
        # dependencies": x == 1 AND y == 1 is permitted. C11 allows it for
        # relaxed atomics; RC11's No-Thin-Air (optional here) forbids it.
        relaxed = "LB:cl:global:na:po-device:po-device"
        for m in MODELS:
            self.assertTrue(has(relaxed, m, r0_0=1, r1_0=1), m)
        self.assertFalse(any(outcome_matches(o, r0_0=1, r1_0=1) for o in
                             allowed(build(relaxed), "c11", c11_porf=True).outcomes))
        # Release/acquire: each read would causality-precede the write it
        # reads (PTX "Causality"); C11 hb cycle.
        for m in MODELS:
            self.assertFalse(has("LB:cl:global:na:A-device:A-device", m, r0_0=1, r1_0=1), m)


class Coherence(unittest.TestCase):
    def test_corr(self):
        # PTX "Sequential Consistency Per Location", litmus CoRR: "IF %r0 ==
        # 1 THEN %r1 == 1". C11 read-read coherence (OpenCL 2.0 3.3.6).
        for m in MODELS:
            self.assertFalse(has("CoRR:cl:global:na:po-system:po-system", m,
                                 r1_0=1, r1_1=0), m)

    def test_corr_needs_moral_strength_in_ptx(self):
        # The PTX axiom covers only pairwise morally strong operations:
        # .cta operations of different CTAs are not.
        self.assertTrue(has("CoRR:cl:global:na:po-workgroup:po-workgroup", "ptx",
                            r1_0=1, r1_1=0))

    def test_2_2w(self):
        # 2+2W: final x == 1 and y == 1 needs both second stores coherence-
        # before the first ones. fence.sc orders one pair (PTX Coherence
        # axiom through Fence-SC synchronization); RC11 psc; OpenCL 2.0
        # 3.3.6.1 last fence rule ("B occurs later than A in the modification
        # order").
        spec = "2+2W:cl:global:na:F-seq_cst-device:F-seq_cst-device"
        for m in ("ptx", "opencl", "c11"):
            self.assertFalse(has(spec, m, loc_x=1, loc_y=1), m)
        for m in MODELS:
            self.assertTrue(has("2+2W:cl:global:na:F-acq_rel-device:F-acq_rel-device",
                                m, loc_x=1, loc_y=1), m)

    def test_r_and_s(self):
        # R: with fence.sc the second thread cannot both lose y and miss x.
        self.assertFalse(has("R:cl:global:na:F-seq_cst-device:F-seq_cst-device", "ptx",
                             loc_y=2, r1_0=0))
        self.assertTrue(has("R:cl:global:na:F-acq_rel-device:F-acq_rel-device", "ptx",
                            loc_y=2, r1_0=0))
        # S: release/acquire makes the first store coherence-before the
        # second (PTX Coherence axiom; C11 write-write coherence with hb).
        for m in MODELS:
            self.assertFalse(has("S:cl:global:na:A-device:A-device", m, r1_0=1, loc_x=2), m)


class Atomicity(unittest.TestCase):
    def test_exchange_atomicity(self):
        # PTX "Atomicity", litmus test 1: morally strong RMWs are atomic;
        # C11 7.17.3p12 (OpenCL 2.0 3.3.6.1): an RMW reads the last value
        # before its write.
        for m in MODELS:
            self.assertFalse(has("ATOM:cl:global:na:po-device:po-device", m,
                                 r0_0=0, r1_0=0), m)

    def test_atomicity_needs_moral_strength(self):
        # PTX "Atomicity", litmus test 2: atom.cta and atom.gpu in different
        # CTAs, "FINAL STATE: x == 1 OR x == 2".
        spec = "ATOM:cl:global:na:po-workgroup:po-device"
        self.assertTrue(has(spec, "ptx", r0_0=0, r1_0=0))
        self.assertTrue(racy(spec, "opencl"))

    def test_compare_exchange(self):
        t = Litmus("cas", (
            Thread((Event("RMW", loc="x", order="acq_rel", scope="device", reg="a",
                          value=1, expect=0),), Placement(group=0)),
            Thread((Event("RMW", loc="x", order="acq_rel", scope="device", reg="b",
                          value=1, expect=0),), Placement(group=1))),
            (("x", "global"),))
        for m in MODELS:
            v = allowed(t, m)
            self.assertEqual(v.outcomes, frozenset({
                (("*x", 1), ("a", 0), ("b", 1)), (("*x", 1), ("a", 1), ("b", 0))}), m)


class Barriers(unittest.TestCase):
    def test_barrier_mp_within_workgroup(self):
        # OpenCL 2.0 3.3.6.3: the entry fence global/local-synchronizes-with
        # the exit fences of the other work-items of the work-group. PTX
        # "Memory synchronization": bar.sync synchronizes with bar.sync on
        # the same barrier.
        for m in MODELS:
            for spec in ("BMP:wg:global:na:B-workgroup-acq_rel-workgroup-gl",
                         "BMP:wg:local:na:B-workgroup-acq_rel-workgroup-l",
                         "BSB:wg:global:na:B-workgroup-acq_rel-workgroup-gl"):
                self.assertFalse(racy(spec, m), (spec, m))
            self.assertFalse(has("BMP:wg:global:na:B-workgroup-acq_rel-workgroup-gl",
                                 m, r1_0=0), m)
            self.assertFalse(has("BSB:wg:global:na:B-workgroup-acq_rel-workgroup-gl",
                                 m, r0_0=0), m)

    def test_workgroup_barrier_across_workgroups(self):
        # A work-group barrier synchronizes only its own work-group (OpenCL
        # 2.0 3.3.6.3 "all other work-items in the same work-group"; PTX
        # bar.sync: threads of the CTA).
        for m in MODELS:
            self.assertTrue(racy("BMP:cl:global:na:B-workgroup-acq_rel-workgroup-gl", m), m)
        self.assertTrue(has("BMP:cl:global:rlx:B-workgroup-acq_rel-workgroup-gl", "ptx", r1_0=0))

    def test_cluster_barrier(self):
        # PTX "Memory synchronization": barrier.cluster.arrive synchronizes
        # with barrier.cluster.wait.
        self.assertFalse(racy("BMP:cl:global:na:B-cluster-acq_rel-cluster-gl", "ptx"))
        self.assertTrue(racy("BMP:dev:global:na:B-cluster-acq_rel-cluster-gl", "ptx"))

    def test_barrier_flags(self):
        # OpenCL 2.0 3.3.6.3: only with CLK_LOCAL_MEM_FENCE does the entry
        # fence local-synchronize-with the exit fence; a global-only barrier
        # leaves local data unordered. PTX bar.sync orders every state space.
        spec = "BMP:wg:local:na:B-workgroup-acq_rel-workgroup-g"
        self.assertTrue(racy(spec, "opencl"))
        self.assertFalse(racy(spec, "ptx"))
        # An execution-only barrier (flags 0) orders no memory.
        self.assertTrue(racy("BMP:wg:global:na:B-workgroup-na-workgroup-none", "opencl"))
        self.assertTrue(has("BMP:wg:global:rlx:B-workgroup-na-workgroup-none", "opencl",
                            r1_0=0))

    def test_seq_cst_barrier_on_other_space(self):
        # A seq_cst barrier with only CLK_LOCAL_MEM_FENCE around plain
        # global accesses: the data is unordered (3.3.6.3), so the test is
        # racy, and it has consistent executions. The modification order
        # that the SC axiom follows exists only for atomic objects (OpenCL
        # 3.0 API "Memory Ordering Rules", C11 5.1.2.4p7): a from-read edge
        # of plain data must not rule every execution out.
        spec = "BMP:wg:global:na:B-workgroup-seq_cst-device-l"
        v = allowed(build(spec), "opencl")
        self.assertTrue(v.racy)
        self.assertTrue(v.outcomes)

    def test_atomics_that_name_spaces(self):
        # An OpenCL atomic synchronizes its own space: a release store to a
        # global flag orders no local data ("Memory Ordering Rules":
        # local-happens-before runs through local memory actions). An atomic
        # that names both spaces (SPIR-V semantics with both storage bits,
        # the dialect's ordered atomics, docs/semantics.md §3.3) acts on
        # both, and the local data is ordered when both ends name them.
        lg = frozenset(("local", "global"))

        def mp(sw, sr):
            return Litmus("mp", (
                Thread((Event("W", "d", "relaxed", "workgroup", value=1),
                        Event("W", "f", "release", "device", spaces=sw,
                              value=1)), Placement(0, 0, 0, 0)),
                Thread((Event("R", "f", "acquire", "device", spaces=sr,
                              reg="r0"),
                        Event("R", "d", "relaxed", "workgroup", reg="r1")),
                       Placement(0, 0, 1, 0))),
                (("d", "local"), ("f", "global")))
        self.assertTrue(has(mp(frozenset(), frozenset()), "opencl", r0=1, r1=0))
        self.assertFalse(has(mp(lg, lg), "opencl", r0=1, r1=0))
        self.assertTrue(has(mp(lg, frozenset()), "opencl", r0=1, r1=0))

    def test_every_test_has_an_execution(self):
        # Every program has a consistent execution in every model (each
        # model admits at least the SC interleavings of its race-free
        # tests; a racy one has an execution that shows the race).
        for spec in small_specs():
            t = build(spec)
            for m in MODELS:
                self.assertTrue(allowed(t, m).outcomes, (spec, m))

    def test_barrier_divergence(self):
        t = Litmus("div", (
            Thread((Event("W", loc="x", value=1), Event("B", exec_scope="workgroup",
                    order="acq_rel", scope="workgroup", spaces=frozenset({"global"}))),
                   Placement(subgroup=0)),
            Thread((Event("R", loc="x", reg="r"),), Placement(subgroup=1))),
            (("x", "global"),))
        for m in MODELS:
            v = allowed(t, m)
            self.assertTrue(v.racy, m)
            self.assertIn("barrier divergence", v.race_witness)


class FenceSpaces(unittest.TestCase):
    def test_local_only_fence_does_not_order_global(self):
        # OpenCL 2.0 3.3.6.2: a global release fence synchronizes through a
        # global atomic object; a fence with only CLK_LOCAL_MEM_FENCE is not
        # a global fence, so neither the global flag nor the global data is
        # ordered. PTX fences order all state spaces ("State spaces": the
        # relations are independent of state spaces).
        spec = "MP:wg:global:na:F-acq_rel-workgroup-l:F-acq_rel-workgroup-l"
        self.assertTrue(racy(spec, "opencl"))
        self.assertFalse(racy(spec, "ptx"))
        self.assertFalse(racy(spec, "c11"))
        self.assertFalse(racy("MP:wg:global:na:F-acq_rel-workgroup-g:F-acq_rel-workgroup-g",
                              "opencl"))
        # Each side's fence needs the flag's space: a global release fence
        # and a local-only acquire fence do not synchronize.
        self.assertTrue(racy("MP:wg:global:na:F-acq_rel-workgroup-g:F-acq_rel-workgroup-l",
                             "opencl"))
        self.assertTrue(racy("MP:wg:global:na:F-acq_rel-workgroup-l:F-acq_rel-workgroup-g",
                             "opencl"))

    def test_local_data_global_flag(self):
        # Local data, global flag: a global-only fence does not order the
        # local data; with both flags, 3.3.6.2's last rule makes the fences
        # local-synchronize too.
        self.assertTrue(racy("MP:wg:mixed:na:F-acq_rel-workgroup-g:F-acq_rel-workgroup-g",
                             "opencl"))
        self.assertFalse(racy("MP:wg:mixed:na:F-acq_rel-workgroup-gl:F-acq_rel-workgroup-gl",
                              "opencl"))
        # Release/acquire atomics on a global flag order only global memory
        # (3.3.6.1: "global-synchronizes-with").
        self.assertTrue(racy("MP:wg:mixed:na:A-workgroup:A-workgroup", "opencl"))
        # seq_cst atomics on the global flag local-synchronize too (3.3.6.1:
        # "If X local-synchronizes-with or global-synchronizes-with Y then X
        # both ..."), but local-happens-before relates local memory actions
        # only ("A local memory action A local-happens-before a local memory
        # action B if A is sequenced before B, ..."), and the flag accesses
        # are global actions: the local data stays unordered (Batty et al.'s
        # lhb = ((LOCAL x LOCAL) & sb | lsw)+ agrees).
        self.assertTrue(racy("MP:wg:mixed:na:SC-workgroup:SC-workgroup", "opencl"))
        self.assertFalse(racy("MP:wg:mixed:na:SC-workgroup:SC-workgroup", "ptx"))


class ScopeRule(unittest.TestCase):
    def test_same_versus_inclusive(self):
        # OpenCL 2.0 3.3.5 (3.0 API "Overview of Atomic and Fence
        # Operations"): "Two actions A and B are defined to have an inclusive
        # scope if they have the same scope P such that ...". OpenCL 3.1: "the
        # memory scope of A and B may be different". Vulkan: "in the
        # instance of each other's memory scopes".
        for spec in ("MP:wg:global:na:A-device:A-workgroup",
                     "MP:cl:global:na:A-device:A-system"):
            self.assertTrue(racy(spec, "opencl"), spec)
            self.assertTrue(racy(spec, "opencl", opencl_scope_rule="same"), spec)
            self.assertFalse(racy(spec, "opencl", opencl_scope_rule="inclusive"), spec)
            self.assertFalse(racy(spec, "vulkan"), spec)
        # Inclusion still needs the narrower scope to reach the other thread.
        self.assertTrue(racy("MP:cl:global:na:A-device:A-workgroup", "opencl",
                             opencl_scope_rule="inclusive"))

    def test_local_scope_reduction(self):
        # OpenCL 3.0 API, "Memory Consistency Model for OpenCL 2.x": on local
        # memory, wider scopes "will be reduced to memory_scope_work_group".
        self.assertFalse(racy("MP:wg:local:na:A-device:A-workgroup", "opencl"))


class VulkanPrivate(unittest.TestCase):
    def _mp(self, nonprivate=True, avvis=True):
        w = Thread((Event("W", loc="x", value=1, nonprivate=nonprivate),
                    Event("W", loc="y", value=1, order="release", scope="device",
                          avvis=avvis)), Placement(group=0))
        r = Thread((Event("R", loc="y", reg="a", order="acquire", scope="device",
                          await_value=1),
                    Event("R", loc="x", reg="b", nonprivate=nonprivate)), Placement(group=1))
        return Litmus("vk-mp", (w, r), (("x", "global"), ("y", "global")))

    def test_private_accesses_race(self):
        # Vulkan "Private vs. Non-Private": for private accesses to be
        # location-ordered between agents requires system-synchronizes-with.
        self.assertFalse(racy(self._mp(), "vulkan"))
        self.assertTrue(racy(self._mp(nonprivate=False), "vulkan"))
        # The other models have no such notion.
        self.assertFalse(racy(self._mp(nonprivate=False), "opencl"))

    def test_availability_visibility(self):
        # Vulkan "Location-Ordered": a write is location-ordered before a
        # read of another invocation only through an availability and a
        # visibility operation (MakeAvailable/MakeVisible semantics).
        self.assertTrue(racy(self._mp(avvis=False), "vulkan"))


class ImageFence(unittest.TestCase):
    # OpenCL C 2.0 §6.13.11 (atomic_work_item_fence): "For images declared
    # with the read_write qualifier, the atomic_work_item_fence must be
    # called to make sure that writes to the image by a work-item become
    # visible to that work-item on subsequent reads to that image by that
    # work-item."
    def test_own_image_write_needs_image_fence(self):
        self.assertTrue(has("IMG:sg:image:na:po-device", "opencl", r0_0=0))
        self.assertTrue(has("IMG:sg:image:na:po-device", "opencl", r0_0=1))
        for tok in ("F-acq_rel-thread-i", "F-release-thread-i",
                    "F-seq_cst-device-gi"):
            spec = "IMG:sg:image:na:" + tok
            self.assertFalse(has(spec, "opencl", r0_0=0), spec)
            self.assertTrue(has(spec, "opencl", r0_0=1), spec)
        # A fence without CLK_IMAGE_MEM_FENCE does not order image memory.
        for tok in ("F-acq_rel-device-g", "F-seq_cst-thread-g"):
            self.assertTrue(has("IMG:sg:image:na:" + tok, "opencl", r0_0=0))

    def test_buffers_are_ordered_by_program_order(self):
        # C11 5.1.2.4 (write-read coherence): a global buffer is not an image.
        t = build("IMG:sg:image:na:po-device")
        g = Litmus(t.name, t.threads, (("x", "global"),))
        self.assertFalse(has(g, "opencl", r0_0=0))
        self.assertFalse(racy(t, "opencl"))


class Soundness(unittest.TestCase):
    """Properties every model must have on the lit subset."""

    def test_every_sc_outcome_is_allowed(self):
        # Every model allows every sequentially consistent interleaving of a
        # race-free test (each is weaker than SC).
        for spec in small_specs():
            t = build(spec)
            sc = sc_outcomes(t)
            for m in MODELS:
                v = allowed(t, m)
                if v.racy:
                    continue
                self.assertTrue(sc <= v.outcomes, (spec, m, sorted(sc - v.outcomes)))

    def test_sc_drf(self):
        # SC for race-free programs that use only seq_cst atomics (OpenCL
        # 3.3.4: "if a program does not contain any races and ... only uses
        # atomic operations that utilize the sequentially consistent memory
        # order ... OpenCL programs appear to execute with sequential
        # consistency"; RC11 theorem; PTX via the ABI mapping).
        for spec in small_specs():
            if ":SC-device" not in spec or ":na:" not in spec:
                continue
            t = build(spec)
            sc = sc_outcomes(t)
            for m in ("opencl", "c11", "ptx"):
                v = allowed(t, m)
                if v.racy:
                    continue
                self.assertEqual(v.outcomes, sc, (spec, m))


if __name__ == "__main__":
    unittest.main(verbosity=1)
