#!/usr/bin/env python3
"""Builds the summary of a full route run from its per-route reports.

The full run is one `check_routes.py --full --routes R --out DIR/R.md` per
route (bench/memmodel/run-full.sh); this reads DIR/*.md (or the gzipped
DIR/*.md.gz that the repository keeps) and prints, in
route order, the summary row of each, the total, and each route's table of
over-strong causes with the rule that explains them. The per-route reports
keep every over-strong case with its mapping.

  collect.py DIR > summary.md
"""

import gzip
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "utils", "memmodel"))

from xfmodel.routes.routes import ROUTES, explain  # noqa: E402


def main():
    folder = sys.argv[1]
    rows, causes, missing = [], [], []
    unexplained = 0
    total = [0] * 8
    for name in ROUTES:
        path = os.path.join(folder, name + ".md")
        if os.path.exists(path):
            text = open(path, encoding="utf-8").read()
        elif os.path.exists(path + ".gz"):
            with gzip.open(path + ".gz", "rt", encoding="utf-8") as fh:
                text = fh.read()
        else:
            missing.append(name)
            continue
        m = re.search(r"^\| %s \| (.*) \|$" % re.escape(name), text, re.M)
        if not m:
            missing.append(name)
            continue
        cells = [c.strip() for c in m.group(1).split("|")]
        rows.append("| %s | %s |" % (name, " | ".join(cells[:8])))
        for i in range(8):
            total[i] += int(cells[i])
        block = re.search(r"^## over-strong %s \(\d+\)\n\n(\|.*?)\n\n" %
                          re.escape(name), text, re.M | re.S)
        if block:
            # The rules are applied again: a rule added after the run
            # explains the causes the report recorded.
            lines = block.group(1).splitlines()
            table = lines[:2]
            for line in lines[2:]:
                cells_ = [c.strip() for c in line.strip("|").split("|")]
                key = tuple(c.strip() for c in cells_[0].split(",")
                            if c.strip() and cells_[0] != "none found")
                why = explain(name, key)
                unexplained += "UNEXPLAINED" in why
                table.append("| %s | %s | %s |" % (cells_[0], cells_[1], why))
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
