#!/usr/bin/env python3
"""Builds the summary of a full route run from its per-route reports.

The full run is one `check_routes.py --full --routes R --out DIR/R.md` per
route (bench/memmodel/run-full.sh), or, for a long route, its shards
(`--part K/N --out DIR/R-partKofN.md`, which together are the same tests);
this reads DIR/*.md (or the gzipped DIR/*.md.gz that the repository keeps)
and prints, in route order, the summary row of each, the total, and each
route's table of over-strong causes with the rule that explains them. The
per-route reports keep every over-strong case with its mapping.

  collect.py DIR > summary.md
"""

import gzip
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "utils", "memmodel"))

from xfmodel.routes.routes import ROUTES, explain  # noqa: E402


def read(path):
    if os.path.exists(path):
        return open(path, encoding="utf-8").read()
    if os.path.exists(path + ".gz"):
        with gzip.open(path + ".gz", "rt", encoding="utf-8") as fh:
            return fh.read()
    return None


def reports(folder, name):
    """The reports of a route: the whole run, or every shard of one."""
    text = read(os.path.join(folder, name + ".md"))
    if text is not None:
        return [text]
    parts = {}
    for f in os.listdir(folder):
        m = re.fullmatch(re.escape(name) + r"-part(\d+)of(\d+)\.md(\.gz)?", f)
        if m:
            parts[int(m.group(1))] = (int(m.group(2)), f.replace(".gz", ""))
    if not parts:
        return []
    n = {total for total, _ in parts.values()}
    if len(n) != 1 or sorted(parts) != list(range(n.pop())):
        return []
    return [read(os.path.join(folder, parts[k][1])) for k in sorted(parts)]


def main():
    folder = sys.argv[1]
    rows, causes, missing = [], [], []
    unexplained = 0
    total = [0] * 8
    for name in ROUTES:
        texts = reports(folder, name)
        if not texts:
            missing.append(name)
            continue
        sums = [0] * 8
        groups = {}
        for text in texts:
            m = re.search(r"^\| %s \| (.*) \|$" % re.escape(name), text, re.M)
            cells = [c.strip() for c in m.group(1).split("|")]
            for i in range(8):
                sums[i] += int(cells[i])
            block = re.search(r"^## over-strong %s \(\d+\)\n\n(\|.*?)\n\n" %
                              re.escape(name), text, re.M | re.S)
            for line in block.group(1).splitlines()[2:] if block else ():
                c = [x.strip() for x in line.strip("|").split("|")]
                groups[c[0]] = groups.get(c[0], 0) + int(c[1])
        # Every shard also runs the seeds: they count once per shard.
        label = name if len(texts) == 1 else "%s (%d shards)" % (
            name, len(texts))
        rows.append("| %s | %s |" % (label, " | ".join(map(str, sums))))
        for i in range(8):
            total[i] += sums[i]
        if groups:
            # The rules are applied again: a rule added after the run
            # explains the causes the report recorded.
            table = ["| causes | cases | why |", "|---|---|---|"]
            for key in sorted(groups, key=lambda k: (-groups[k], k)):
                tags = tuple(t.strip() for t in key.split(",")
                             if t.strip() and key != "none found")
                why = explain(name, tags)
                unexplained += "UNEXPLAINED" in why
                table.append("| %s | %d | %s |" % (key, groups[key], why))
            causes += ["", "### %s" % name, ""] + table
    out = ["| route | tests | expressible | refused | unreadable | new gaps "
           "| sound | unsound | over-strong |",
           "|---|---|---|---|---|---|---|---|---|"] + rows
    out.append("| **total** | %s |" % " | ".join(str(t) for t in total))
    if missing:
        out += ["", "Not run: " + ", ".join(missing)]
    out += ["", "Over-strong cause groups no rule explains: %d" % unexplained]
    out += ["", "## Over-strong results by cause"] + causes
    print("\n".join(out))


if __name__ == "__main__":
    main()
