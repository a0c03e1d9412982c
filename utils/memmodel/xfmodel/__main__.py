"""Command line of the memory model (run from utils/memmodel, or with it on
PYTHONPATH):

  python3 -m xfmodel show SPEC [--model M] [--explain] [--scope-rule R]
      the test SPEC names (see xfmodel.shapes), then for each model the
      allowed outcomes and whether the test is racy; --explain lists every
      consistent execution.
  python3 -m xfmodel enumerate [--count] [--small] [--limit N] [--seed S]
      the spec strings of the test space (or their number).
  python3 -m xfmodel bench [--small | --limit N --seed S] [--model M]
      tests per second of each model.
"""

import argparse
import sys
import time

from . import models
from .shapes import build, count_tests, enumerate_specs, small_specs


def _fmt_outcome(o):
    return " ".join("%s=%d" % kv for kv in o)


def _print_test(t):
    print("test %s" % t.name)
    print("  locations: %s" % ", ".join("%s (%s)" % kv for kv in t.spaces))
    for tid, th in enumerate(t.threads):
        w = th.where
        print("  T%d  cluster %d, work-group %d, sub-group %d, lane %d"
              % (tid, w.cluster, w.group, w.subgroup, w.lane))
        for e in th.events:
            print("      " + _fmt_event(e))


def _fmt_event(e):
    if e.kind == "F":
        return "fence %s %s [%s]" % (e.order, e.scope, ",".join(sorted(e.spaces)))
    if e.kind == "B":
        mem = "memory %s %s [%s]" % (e.order, e.scope, ",".join(sorted(e.spaces))) \
            if e.order != "na" else "execution only"
        return "barrier %s (%s)" % (e.exec_scope, mem)
    order = e.order if e.order != "na" else "plain"
    scope = " " + e.scope if e.order != "na" else ""
    wait = " until it reads %d" % e.await_value if e.await_value is not None else ""
    if e.kind == "R":
        return "%s = load %s%s %s%s" % (e.reg, order, scope, e.loc, wait)
    if e.kind == "W":
        return "store %s%s %s = %d" % (order, scope, e.loc, e.value)
    cas = " if it holds %d" % e.expect if e.expect is not None else ""
    return "%s = rmw %s%s %s := %d%s%s" % (e.reg, order, scope, e.loc, e.value, cas, wait)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="xfmodel", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    sp = sub.add_parser("show")
    sp.add_argument("spec")
    sp.add_argument("--model", choices=models.MODELS, action="append")
    sp.add_argument("--explain", action="store_true")
    sp.add_argument("--scope-rule", choices=("same", "inclusive"), default="same")
    ep = sub.add_parser("enumerate")
    ep.add_argument("--count", action="store_true")
    ep.add_argument("--small", action="store_true")
    ep.add_argument("--limit", type=int)
    ep.add_argument("--seed", type=int)
    bp = sub.add_parser("bench")
    bp.add_argument("--small", action="store_true")
    bp.add_argument("--limit", type=int, default=2000)
    bp.add_argument("--seed", type=int, default=1)
    bp.add_argument("--model", choices=models.MODELS, action="append")
    args = ap.parse_args(argv)

    if args.cmd == "show":
        t = build(args.spec)
        _print_test(t)
        for m in args.model or models.MODELS:
            v = models.allowed(t, m, opencl_scope_rule=args.scope_rule)
            print("%s: %d outcome(s)%s" % (m, len(v.outcomes),
                                          ", RACY" if v.racy else ""))
            for o in sorted(v.outcomes):
                print("    " + _fmt_outcome(o))
            if v.racy:
                print("  race: " + v.race_witness)
            if args.explain:
                for o, desc, race in models.executions(
                        t, m, opencl_scope_rule=args.scope_rule):
                    print("  execution %s: %s%s" % (_fmt_outcome(o), desc,
                                                     ("; RACE " + race) if race else ""))
        return 0

    if args.cmd == "enumerate":
        if args.small:
            specs = small_specs()
            if args.count:
                print(len(specs))
                return 0
            for s in specs[:args.limit]:
                print(s)
            return 0
        if args.count:
            print(count_tests())
            return 0
        for s in enumerate_specs(args.limit, args.seed):
            print(s)
        return 0

    if args.cmd == "bench":
        specs = small_specs() if args.small else list(enumerate_specs(args.limit, args.seed))
        tests = [build(s) for s in specs]
        for m in args.model or models.MODELS:
            models.allowed.cache_clear()
            t0 = time.perf_counter()
            for t in tests:
                models.allowed(t, m)
            dt = time.perf_counter() - t0
            print("%-7s %d tests in %.2fs: %.0f tests/s" % (m, len(tests), dt, len(tests) / dt))
        return 0
    return 1


if __name__ == "__main__":
    sys.exit(main())
