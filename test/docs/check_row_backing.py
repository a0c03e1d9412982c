"""Checks that every row of the mapping tables of docs/semantics.md (§3.1 to
§3.6) says what backs it, and that what it says is true.

Under each table a list "Backing of each row" has one entry per row, in the
table's order, of the form

    - **ROW**: spec: SENTENCES. Model run: `PATTERN`, N tests ...
    - **ROW**: spec: SENTENCES. Model run: none (WHY); shown by `test/PATH`.

ROW is the row's first cell, character for character. PATTERN is a Python
regular expression over the spec strings of the model run's covering sample
(utils/memmodel/xfmodel/routes/sample.py, the tests every route of the
full run checks); N must be the number of those tests it matches, and more
than zero: a row that claims the model run behind it names tests the run
really has. A row without such tests names the lit test that shows it,
which must exist.

Usage: check_row_backing.py SEMANTICS_MD SOURCE_ROOT
"""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_fence_table import table  # noqa: E402

TABLES = [
    ("### 3.1 Fences", "xfence fence"),
    ("### 3.2 Barriers", "xfence barrier"),
    ("### 3.3 Atomics", "xfence atomic"),
    ("### 3.4 HIP source", "xfence op"),
    ("### 3.5 alpaka source", "alpaka 3 fence"),
    ("### 3.5 alpaka source", "xfence op"),
    ("### 3.6 HIP as a source", "HIP"),
]

ENTRY = re.compile(r"^- \*\*(?P<row>.+?)\*\*: spec: (?P<spec>.+?)\. "
                   r"Model run: (?P<run>.*)$")
COUNTED = re.compile(r"^`(?P<pat>[^`]+)`, (?P<n>\d+) tests?\b")
NONE = re.compile(r"^none \((?P<why>.+)\); shown by `(?P<test>test/[^`]+)`\.$")


def entries(text, heading, first_cell):
    """The backing entries that follow the table."""
    start = text.index(heading)
    start = text.index("| %s |" % first_cell, start)
    marker = text.index("Backing of each row", start)
    nxt = text.find("\n### ", start)
    if nxt != -1 and marker > nxt:
        return None
    out = []
    lines = text[marker:].splitlines()
    i = 0
    while i < len(lines) and not lines[i].startswith("- "):
        i += 1
    while i < len(lines) and lines[i].startswith("- "):
        out.append(lines[i])
        i += 1
    return out


def main(md, root):
    text = open(md).read()
    sys.path.insert(0, os.path.join(root, "utils", "memmodel"))
    from xfmodel.routes.sample import covering_specs
    specs = list(covering_specs())
    problems = []
    nrows = counted = shown = 0
    for heading, first in TABLES:
        where = "%s (table `%s`)" % (heading[4:], first)
        _, rows = table(text, heading, first)
        got = entries(text, heading, first)
        if got is None:
            problems.append("%s: no \"Backing of each row\" list" % where)
            continue
        labels = [r[0] for r in rows]
        parsed = []
        for line in got:
            m = ENTRY.match(line)
            if not m:
                problems.append("%s: entry not of the form "
                                "'- **ROW**: spec: ... Model run: ...': %s"
                                % (where, line[:80]))
                continue
            parsed.append(m)
        names = [m.group("row") for m in parsed]
        for label in labels:
            if label not in names:
                problems.append("%s: row %s has no backing entry"
                                % (where, label))
        for name in names:
            if name not in labels:
                problems.append("%s: backing entry %s names no row"
                                % (where, name))
        if [n for n in names if n in labels] != \
                [l for l in labels if l in names]:
            problems.append("%s: entries not in the table's order" % where)
        for m in parsed:
            nrows += 1
            row, spec, run = m.group("row"), m.group("spec"), m.group("run")
            if len(spec) < 20:
                problems.append("%s: row %s: spec cites nothing: %s"
                                % (where, row, spec))
            c = COUNTED.match(run)
            n = NONE.match(run)
            if c:
                try:
                    pat = re.compile(c.group("pat"))
                except re.error as e:
                    problems.append("%s: row %s: bad pattern: %s"
                                    % (where, row, e))
                    continue
                real = sum(1 for s in specs if pat.search(s))
                claimed = int(c.group("n"))
                if real == 0:
                    problems.append("%s: row %s: `%s` matches no test of "
                                    "the model run" % (where, row,
                                                       c.group("pat")))
                elif real != claimed:
                    problems.append("%s: row %s: `%s` matches %d tests, the "
                                    "table says %d" % (where, row,
                                                       c.group("pat"), real,
                                                       claimed))
                counted += 1
            elif n:
                if not os.path.isfile(os.path.join(root, n.group("test"))):
                    problems.append("%s: row %s: %s does not exist"
                                    % (where, row, n.group("test")))
                shown += 1
            else:
                problems.append("%s: row %s: 'Model run:' names neither a "
                                "pattern with its count nor a lit test"
                                % (where, row))
    for p in problems:
        print(p)
    if problems:
        print("FAILED: %d problem(s)" % len(problems))
        return 1
    print("ok: %d rows backed: %d by tests of the model run (%d in its "
          "sample), %d by a lit test" % (nrows, counted, len(specs), shown))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
