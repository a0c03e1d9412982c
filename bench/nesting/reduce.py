#!/usr/bin/env python3
"""Reduce a failing kernel of gen_nesting.py to a small reproducer.

  reduce.py FAILDIR [--xfence X] [--clang C] [--nvcc N] [-o OUT.cl]

FAILDIR is OUT/failures/NAME of a gen_nesting.py run (kernel.cl, error.txt).
The property kept: clang accepts the file, and xfence refuses it (or nvcc
rejects its translation) with an error of the same class (the message with
quoted text and numbers blanked). Lines are removed first (ddmin), then
parenthesized groups and call arguments are replaced by one of their parts.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "test", "tools", "xfence"))
import gen_nesting as G  # noqa: E402


def run(cmd):
    return G.run(cmd, timeout=300)


class Prop:
    def __init__(self, a, std, stage, cls):
        self.a, self.std, self.stage, self.cls = a, std, stage, cls
        self.tmp = tempfile.mkdtemp(prefix="reduce-")
        self.tries = 0

    def __call__(self, text):
        self.tries += 1
        cl = os.path.join(self.tmp, "r.cl")
        cu = os.path.join(self.tmp, "r.cu")
        with open(cl, "w") as f:
            f.write(text)
        rc, _ = run([self.a.clang, "-x", "cl", "-cl-std=" + self.std, "-Xclang", "-finclude-default-header",
                     "-fsyntax-only", "-Wno-everything", cl])
        if rc != 0:
            return False
        if os.path.exists(cu):
            os.remove(cu)
        rc, msg = run([self.a.xfence, "translate", cl, "--to", "cuda", "-cl-std=" + self.std, "-o", cu])
        if self.stage.startswith("translate"):
            return rc != 0 and G.classify("translate", msg).split(": ", 1)[1] == self.cls
        if rc != 0:
            return False
        rc, msg = run([self.a.nvcc] + self.a.nvcc_flags.split() + ["-c", cu, "-o", cu + ".o"])
        return rc != 0 and G.classify("nvcc", msg).split(": ", 1)[1] == self.cls


def ddmin_lines(text, prop):
    lines = text.splitlines(True)
    n = 2
    while len(lines) >= 2:
        chunk = max(1, len(lines) // n)
        removed = False
        i = 0
        while i < len(lines):
            trial = lines[:i] + lines[i + chunk:]
            if trial and prop("".join(trial)):
                lines = trial
                removed = True
            else:
                i += chunk
        if not removed:
            if chunk == 1:
                break
            n = min(len(lines), n * 2)
    return "".join(lines)


def groups(text):
    """Spans (start, end) of balanced (...) groups, largest first."""
    out, stack = [], []
    for i, c in enumerate(text):
        if c == "(":
            stack.append(i)
        elif c == ")" and stack:
            out.append((stack.pop(), i + 1))
    out.sort(key=lambda se: se[0] - se[1])
    return out


def top_parts(inner):
    """Top-level comma-separated parts and binary-operator operands."""
    parts, depth, cur = [], 0, ""
    for c in inner:
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        if c == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += c
    parts.append(cur)
    out = [p.strip() for p in parts if p.strip()]
    if len(out) == 1:
        # Operands of a top-level binary operator.
        s = out[0]
        depth, pieces, last = 0, [], 0
        i = 0
        while i < len(s):
            c = s[i]
            if c in "([{":
                depth += 1
            elif c in ")]}":
                depth -= 1
            elif depth == 0 and c in "+-*/&|^<>?:=%" and i > 0:
                op = re.match(r"<<=|>>=|<<|>>|&&|\|\||[-+*/&|^<>?:=%]=?", s[i:]).group(0)
                pieces.append(s[last:i])
                last = i + len(op)
                i += len(op)
                continue
            i += 1
        pieces.append(s[last:])
        out = [p.strip() for p in pieces if p.strip()]
    return out


def simplify(text, prop):
    changed = True
    while changed:
        changed = False
        for s, e in groups(text):
            if e > len(text) or text[s] != "(" or text[e - 1] != ")":
                continue
            inner = text[s + 1:e - 1]
            # A call: f(args) -> one arg; a group: (a op b) -> (a)
            m = re.search(r"([A-Za-z_]\w*)\s*$", text[:s])
            cands = []
            parts = top_parts(inner)
            if m and m.group(1) not in ("if", "while", "for", "switch", "return"):
                for p in parts:
                    cands.append((m.start(1), e, "(%s)" % p))
            for p in parts:
                if p != inner.strip():
                    cands.append((s, e, "(%s)" % p))
            cands.append((s, e, "(1)"))
            for cs, ce, rep in cands:
                trial = text[:cs] + rep + text[ce:]
                if trial != text and len(trial) < len(text) and prop(trial):
                    text = trial
                    changed = True
                    break
            if changed:
                break
    return text


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("faildir")
    ap.add_argument("--xfence", default="xfence")
    ap.add_argument("--clang", default="clang-22")
    ap.add_argument("--nvcc", default="/usr/local/cuda/bin/nvcc")
    ap.add_argument("--nvcc-flags", default="-std=c++17 -arch=sm_90")
    ap.add_argument("-o", "--out", default="")
    a = ap.parse_args()
    err = open(os.path.join(a.faildir, "error.txt")).read()
    stage = re.search(r"^stage: (.*)$", err, re.M).group(1)
    std = re.search(r"^std: (.*)$", err, re.M).group(1)
    body = err.split("\n\n", 1)[1]
    cls = G.classify("nvcc" if stage.startswith("nvcc") else "translate", body).split(": ", 1)[1]
    text = open(os.path.join(a.faildir, "kernel.cl")).read()
    text = "\n".join(l for l in text.splitlines() if not l.startswith("// ")) + "\n"
    prop = Prop(a, std, stage, cls)
    if not prop(text):
        sys.exit("the failure does not reproduce (class %r)" % cls)
    text = ddmin_lines(text, prop)
    text = simplify(text, prop)
    text = ddmin_lines(text, prop)
    out = a.out or os.path.join(a.faildir, "reduced.cl")
    with open(out, "w") as f:
        f.write(text)
    sys.stderr.write("%d tries; class %s; -cl-std=%s\n" % (prop.tries, cls, std))
    print(text, end="")


if __name__ == "__main__":
    main()
