"""Checks the layout of rewriters/ (docs/architecture.md):

  rewriters/common/       includes no other folder of rewriters/
  rewriters/names/        tables of a language's names: includes only names/
  rewriters/sources/S/    includes only common/, names/ and its own folder
  rewriters/targets/T/    includes only common/, names/ and its own folder
  rewriters/routes/       composes sources and targets: any of the above
  outside rewriters/      only common/, names/ and routes/

and that rewriters/ has no folder named after a language pair (X-to-Y).
A source or a target is then a folder that nothing but a route reaches
into, and a new one is a folder, not edits inside a sibling.

Usage: check_layout.py ROOT    (the repository, or a copy of its tree)
"""

import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"(rewriters/[^"]+)"', re.M)
CODE = (".cpp", ".h", ".inc", ".c")
OUTSIDE = ("backends", "compile", "dialect", "frontends", "fuzz", "passes",
           "tools")


def side(path):
    """('common' | 'sources' | 'targets' | 'routes', folder) of a path
    under rewriters/, or None."""
    parts = path.split("/")
    if len(parts) < 3 or parts[0] != "rewriters":
        return None
    if parts[1] in ("sources", "targets") and len(parts) >= 4:
        return parts[1], "/".join(parts[:3])
    return parts[1], "/".join(parts[:2])


def allowed(frm, inc):
    s = side(frm)
    t = side(inc)
    if t is None:
        return False
    if s is None:  # a file outside rewriters/
        return t[0] in ("common", "names", "routes")
    if s[0] in ("common", "names"):
        return t[0] == s[0]
    if s[0] in ("sources", "targets"):
        return t[0] in ("common", "names") or t[1] == s[1]
    return s[0] == "routes"


def main(root):
    problems = []
    files = 0
    for top in ("rewriters",) + OUTSIDE:
        for d, dirs, names in os.walk(os.path.join(root, top)):
            rel_d = os.path.relpath(d, root)
            if top == "rewriters":
                for sub in dirs:
                    if re.fullmatch(r"[a-z0-9]+-to-[a-z0-9]+", sub):
                        problems.append("%s/%s: a folder per language pair"
                                        % (rel_d, sub))
            for n in names:
                if not n.endswith(CODE):
                    continue
                rel = os.path.join(rel_d, n)
                files += 1
                with open(os.path.join(d, n), errors="replace") as f:
                    text = f.read()
                for inc in INCLUDE.findall(text):
                    if not allowed(rel, inc):
                        problems.append("%s includes %s" % (rel, inc))
    for p in problems:
        print(p)
    if problems:
        print("FAILED: %d problem(s)" % len(problems))
        return 1
    print("ok: %d files, every include of rewriters/ by its side's rule"
          % files)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
