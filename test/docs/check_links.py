#!/usr/bin/env python3
"""Checks that README.md and docs/*.md of a source tree point only inside it.

    check_links.py ROOT

Fails (exit 1, one line per problem) when one of those files

* names the project's notes outside the repository (`../shared`,
  `shared/design/`, `design/semantics.md`: the reference is
  docs/semantics.md), anywhere in the text, code spans included;
* has a Markdown link (`[text](target)`, `![alt](target)` or a reference
  definition `[label]: target`) whose target is an absolute path, leaves
  ROOT, or names a file or directory that does not exist.

Links with a URL scheme (https:, mailto:, ...) and links to an anchor of the
same page (`#...`) are not paths and are not checked. Links inside fenced
code blocks and code spans are not links.
"""
import os
import re
import sys

FORBIDDEN = ["../shared", "shared/design/", "design/semantics.md"]

INLINE = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*(<[^>]*>|[^)\s]+)"
                    r"(?:\s+(?:\"[^\"]*\"|'[^']*'|\([^)]*\)))?\s*\)")
REFERENCE = re.compile(r"^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)")
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
CODE_SPAN = re.compile(r"(`+)(.+?)\1")


def files_to_check(root):
    out = []
    readme = os.path.join(root, "README.md")
    if os.path.isfile(readme):
        out.append(readme)
    docs = os.path.join(root, "docs")
    if os.path.isdir(docs):
        out += sorted(os.path.join(docs, n) for n in os.listdir(docs)
                      if n.endswith(".md"))
    return out


def check_target(root, path, target):
    """The problem with link `target` in file `path`, or None."""
    if target.startswith("<") and target.endswith(">"):
        target = target[1:-1]
    if not target or target.startswith("#") or SCHEME.match(target):
        return None
    target = target.split("#", 1)[0].split("?", 1)[0]
    if target.startswith("/"):
        return "link to an absolute path '%s'" % target
    resolved = os.path.realpath(os.path.join(os.path.dirname(path), target))
    if os.path.commonpath([resolved, root]) != root:
        return "link '%s' leaves the repository" % target
    if not os.path.exists(resolved):
        return "link '%s' names no file of the repository" % target
    return None


def check_file(root, path):
    problems = []
    links = 0
    fence = None
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    for number, line in enumerate(lines, 1):
        where = "%s:%d" % (os.path.relpath(path, root), number)
        for bad in FORBIDDEN:
            if bad in line:
                problems.append("%s: names '%s', outside the repository "
                                "(use docs/semantics.md)" % (where, bad))
        m = FENCE.match(line)
        if m:
            if fence is None:
                fence = m.group(1)[0] * len(m.group(1))
            elif line.strip().startswith(fence):
                fence = None
            continue
        if fence is not None:
            continue
        text = CODE_SPAN.sub("", line)
        targets = [m.group(1) for m in INLINE.finditer(text)]
        m = REFERENCE.match(text)
        if m:
            targets.append(m.group(1))
        for target in targets:
            links += 1
            problem = check_target(root, path, target)
            if problem:
                problems.append("%s: %s" % (where, problem))
    return problems, links


def main(argv):
    if len(argv) != 2:
        print(__doc__.strip().split("\n")[2].strip(), file=sys.stderr)
        return 2
    root = os.path.realpath(argv[1])
    files = files_to_check(root)
    if not files:
        print("error: no README.md or docs/*.md under %s" % root)
        return 1
    problems, links = [], 0
    for path in files:
        p, n = check_file(root, path)
        problems += p
        links += n
    for p in problems:
        print(p)
    if problems:
        print("FAILED: %d problem(s) in %d file(s)" % (len(problems),
                                                       len(files)))
        return 1
    print("ok: %d files, %d links, all inside the repository" %
          (len(files), links))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
