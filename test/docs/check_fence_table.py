"""Checks the fence table of docs/semantics.md (§3.1) against the capability
table the code uses: for each row, one fence of that kind is legalized for
the target of each column with `xfence-opt --xfence-legalize=target=T`, and
the outcome (refused with an error, dropped, or kept) must be what the
table's cell says (a cell that starts with "error", with "dropped", or
anything else: a form on the target).

Usage: check_fence_table.py SEMANTICS_MD XFENCE_OPT [TABLE_FILE]
"""

import re
import subprocess
import sys

# Column heading -> the legalization target that implements it.
COLUMNS = {
    "PTX sm_70-89": "ptx-sm70",
    "PTX sm_90": "ptx-sm90",
    "CUDA C++ source": "cuda",
    "OpenCL C 1.2": "opencl1.2",
    "OpenCL C 2.0+": "opencl2",
    "SPIR-V (OpenCL environment)": "spirv-opencl",
    "SPIR-V (Vulkan)": "spirv-vulkan",
    "CPU (LLVM IR)": "cpu",
}

# Row heading -> one fence of that kind.
ROWS = {
    "relaxed, or no spaces": "workgroup relaxed [local, global]",
    "`thread`": "thread acq_rel [local, global]",
    "`subgroup` / `workgroup`, acquire / release / acq_rel":
        "workgroup acquire [local, global]",
    "`subgroup` / `workgroup`, seq_cst": "workgroup seq_cst [local, global]",
    "`cluster`": "cluster acq_rel [local, global]",
    "`device`, acquire / release / acq_rel": "device release [local, global]",
    "`device`, seq_cst": "device seq_cst [local, global]",
    "`system`": "system acq_rel [local, global]",
}


def cells(line):
    # Split a Markdown table row on | that is not escaped (\|).
    parts = re.split(r"(?<!\\)\|", line.strip())
    return [c.strip() for c in parts[1:-1]]


def fence_table(text):
    return table(text, "### 3.1 Fences")


def table(text, heading, first_cell=None):
    """The header and rows of the first table after `heading` (whose first
    header cell is `first_cell`, where given)."""
    start = text.index(heading)
    if first_cell:
        # From the line before the table's header (lines[1:] below).
        start = text.index("| %s |" % first_cell, start) - 1
    lines = text[start:].splitlines()
    header = None
    rows = []
    for line in lines[1:]:
        if line.startswith("### "):
            break
        if not line.startswith("|"):
            if header:
                break
            continue
        if header is None:
            header = cells(line)
        elif not line.startswith("|---"):
            rows.append(cells(line))
    return header, rows


def expected(cell):
    if cell.startswith("error"):
        return "error"
    if cell.startswith("dropped"):
        return "dropped"
    return "kept"


def outcome(xfence_opt, target, fence):
    module = "func.func @f() {\n  xfence.fence %s\n  return\n}\n" % fence
    run = subprocess.run(
        [xfence_opt, "--xfence-legalize=target=" + target],
        input=module, capture_output=True, text=True)
    if run.returncode != 0:
        return "error"
    return "kept" if "xfence.fence" in run.stdout else "dropped"


def main():
    text = open(sys.argv[1], encoding="utf-8").read()
    xfence_opt = sys.argv[2]
    header, rows = fence_table(text)
    problems = 0
    checked = 0
    seen = set()
    for row in rows:
        name = row[0]
        if name not in ROWS:
            print("unknown row %r: add it to ROWS" % name)
            problems += 1
            continue
        seen.add(name)
        for column, cell in zip(header[1:], row[1:]):
            target = COLUMNS.get(column)
            if target is None:
                print("unknown column %r: add it to COLUMNS" % column)
                problems += 1
                continue
            want = expected(cell)
            got = outcome(xfence_opt, target, ROWS[name])
            checked += 1
            if want != got:
                print("row %s, column %s: the table says %s, %s %s it"
                      % (name, column, want, target,
                         {"error": "refuses", "dropped": "drops",
                          "kept": "keeps"}[got]))
                problems += 1
    for name in ROWS:
        if name not in seen:
            print("row %r is missing from the table" % name)
            problems += 1
    if problems:
        print("FAILED: %d problem(s)" % problems)
        return 1
    print("ok: %d cells agree with the legalization" % checked)
    return 0


if __name__ == "__main__":
    sys.exit(main())
