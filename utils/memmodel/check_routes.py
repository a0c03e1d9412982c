#!/usr/bin/env python3
"""Check every route xfence offers against the executable memory model.

For each route and each litmus test: write the test in the route's source
language, run the real tool, read the output back into events, and check
that the outcomes the model allows for the output are among those it
allows for the source (utils/memmodel/xfmodel/routes/). Prints, per
route, the number of tests, expressible, refused, unreadable, sound,
unsound (with the test, source and output) and over-strong (every case,
with the construct mapping, what the output does beyond the source, and the
rule that explains it); exits 1 when any result is unsound, over-strong
with no rule that explains it (routes.OVER_STRONG), or unreadable for a
reason that is not one of the known reader gaps (routes.KNOWN_GAPS;
--allow-unreadable accepts every unreadable result).

  check_routes.py [--tools build/bin] [--routes a,b] [--limit N] [--seed S]
                  [--shapes IRIW,SB]
                  [--jobs N] [--seeds-only] [--variant K] [--out FILE]
"""

import argparse
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from xfmodel.routes import routes as R  # noqa: E402
from xfmodel.routes import seeds  # noqa: E402
from xfmodel import shapes  # noqa: E402


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tools", default="build/bin")
    ap.add_argument("--routes", default="",
                    help="comma-separated route names (default: all): " +
                    ", ".join(R.ROUTES))
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--shapes", default="",
                    help="comma-separated shapes the sampled tests are drawn "
                    "from (default: all): " + ", ".join(shapes.SHAPES))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--variant", type=int, default=0,
                    help="which spelling of each construct the writers "
                    "use first")
    ap.add_argument("--seeds-only", action="store_true",
                    help="only the reproducers of known defects")
    ap.add_argument("--no-seeds", action="store_true")
    ap.add_argument("--full", action="store_true",
                    help="the full run: the covering sample of the "
                    "enumerator's space (xfmodel/routes/sample.py)")
    ap.add_argument("--part", default="0/1",
                    help="K/N: only every N-th test of --full, from the "
                    "K-th (a deterministic shard; 0/10 is a 10%% run)")
    ap.add_argument("--allow-unreadable", action="store_true",
                    help="do not fail on unreadable results outside the "
                    "known reader gaps")
    ap.add_argument("--out", default=None, help="write the summary here")
    ap.add_argument("--keep", default=None,
                    help="keep the sources and outputs under this folder")
    ap.add_argument("--model-module", default="xfmodel.models",
                    help=argparse.SUPPRESS)
    a = ap.parse_args(argv)

    import importlib
    allowed = importlib.import_module(a.model_module).allowed
    names = [n for n in a.routes.split(",") if n] or list(R.ROUTES)
    for n in names:
        if n not in R.ROUTES:
            ap.error("unknown route %s" % n)
    only = [s for s in a.shapes.split(",") if s] or None
    for s in only or []:
        if s not in shapes.SHAPES:
            ap.error("unknown shape %s" % s)
    tests = []
    if not a.no_seeds:
        tests += [t for t, _ in seeds.SEEDS]
    if a.full:
        from xfmodel.routes import sample
        k, n = (int(x) for x in a.part.split("/"))
        tests += list(sample.covering_tests(k, n))
    elif not a.seeds_only:
        tests += list(shapes.enumerate_tests(limit=a.limit, seed=a.seed,
                                             only=only))
    tools = os.path.abspath(a.tools)

    t0 = time.time()
    results = {}
    with ThreadPoolExecutor(max(1, a.jobs)) as ex:
        def timed(n):
            t = time.time()
            # The cores the routes do not use go to each route's tool runs.
            per = max(1, a.jobs // len(names))
            r = R.check(R.ROUTES[n], tests, tools, allowed, a.variant, per,
                        a.keep)
            return r, time.time() - t
        futs = {n: ex.submit(timed, n) for n in names}
        seconds = {}
        for n in names:
            results[n], seconds[n] = futs[n].result()
    text = summary(results, names, time.time() - t0, len(tests), seconds)
    if a.out:
        with open(a.out, "w") as fh:
            fh.write(text)
    print(text)
    if any(c.status == "unsound" for cs in results.values() for c in cs):
        return 1
    # Every over-strong result needs a rule that explains it
    # (xfmodel/routes/routes.py OVER_STRONG); a new kind of over-strong
    # output is a change to look at, like a new reader gap.
    if any(c.status == "over-strong" and
           "UNEXPLAINED" in R.explain(n, tuple(c.causes))
           for n, cs in results.items() for c in cs):
        return 1
    if not a.allow_unreadable and any(
            c.status == "unreadable" and not c.known_gap
            for cs in results.values() for c in cs):
        return 1
    return 0


STATUSES = ("inexpressible", "refused", "unreadable", "sound", "unsound",
            "over-strong")


def summary(results, names, seconds, ntests, per_route=None):
    out = ["# Route check: %d tests, %d routes, %.0f s" % (
        ntests, len(names), seconds), "",
        "| route | tests | expressible | refused | unreadable | new gaps | "
        "sound | unsound | over-strong | tests/s |",
        "|---|---|---|---|---|---|---|---|---|---|"]
    for n in names:
        cs = results[n]
        k = {s: sum(1 for c in cs if c.status == s) for s in STATUSES}
        new = sum(1 for c in cs if c.status == "unreadable" and
                  not c.known_gap)
        rate = "-"
        if per_route and per_route.get(n):
            # with --jobs N, N routes share the cores at a time
            rate = "%.1f" % (len(cs) / per_route[n])
        out.append("| %s | %d | %d | %d | %d | %d | %d | %d | %d | %s |" % (
            n, len(cs), len(cs) - k["inexpressible"], k["refused"],
            k["unreadable"], new, k["sound"], k["unsound"],
            k["over-strong"], rate))
    for n in names:
        route = R.ROUTES[n]
        bad = [c for c in results[n] if c.status == "unsound"]
        for c in bad:
            out += ["", "## UNSOUND %s: %s" % (n, c.test.name), "",
                    c.reason, "", "source:", "```", c.source_text.strip(),
                    "```", "output:", "```",
                    R.output_excerpt(route, c).strip(), "```"]
    for n in names:
        strong = [c for c in results[n] if c.status == "over-strong"]
        if strong:
            out += ["", "## over-strong %s (%d)" % (n, len(strong)), "",
                    "| causes | cases | why |", "|---|---|---|"]
            groups = {}
            for c in strong:
                groups.setdefault(tuple(c.causes), []).append(c)
            for key in sorted(groups, key=lambda k: (-len(groups[k]), k)):
                out.append("| %s | %d | %s |" % (
                    ", ".join(key) or "none found",
                    len(groups[key]), R.explain(n, key)))
            for c in strong:
                out += ["", "- %s [%s]: %s" % (
                    c.test.name, ", ".join(c.causes) or "none found",
                    c.reason.replace("\n", "\n  "))]
    for n in names:
        un = [c for c in results[n] if c.status == "unreadable" and
              not c.known_gap]
        if un:
            out += ["", "## UNREADABLE %s (%d, no known reader gap)" % (
                n, len(un))]
            for c in un:
                out.append("- %s: %s" % (c.test.name, c.reason))
    for n in names:
        un = [c for c in results[n] if c.status == "unreadable" and
              c.known_gap]
        if un:
            out += ["", "## unreadable %s (%d, known reader gaps)" % (
                n, len(un))]
            for c in un[:5]:
                out.append("- %s: %s (%s)" % (c.test.name, c.reason,
                                             c.known_gap))
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    sys.exit(main())
