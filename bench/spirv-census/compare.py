#!/usr/bin/env python3
"""SPIR-V synchronization census: `xfence compile --to spirv` against
Clang's own OpenCL-to-SPIR-V route (LLVM's SPIR-V back end).

For every OpenCL C file given: compile it with

  xfence compile FILE --to spirv -cl-std=CL2.0 -o x.spv
  clang-22 -cl-std=CL2.0 --target=spirv64 -c FILE -o c.spv

disassemble both with spirv-dis and list, for each kernel (entry point), the
barrier, fence and atomic instructions with their Scope and MemorySemantics
operands decoded (an atomic also with the storage class of its pointer, in
brackets), and every call of a function the module does not define
(a built-in the back end left unresolved: no driver can run such a module).
xfence's binary is also checked with `spirv-val --target-env opencl2.2`.
Writes a Markdown report to stdout.

  compare.py [--xfence build/bin/xfence] [--clang clang-22] FILE...
"""
import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile

SCOPES = {0: "CrossDevice", 1: "Device", 2: "Workgroup", 3: "Subgroup",
          4: "Invocation"}
SEMANTICS = [(0x2, "Acquire"), (0x4, "Release"), (0x8, "AcquireRelease"),
             (0x10, "SeqCst"), (0x40, "Uniform"), (0x80, "Subgroup"),
             (0x100, "Workgroup"), (0x200, "CrossWorkgroup"),
             (0x400, "AtomicCounter"), (0x800, "Image")]
# Operand positions (after the opcode, without result type and id) of the
# Scope and Semantics operands of each synchronization instruction.
OPERANDS = {
    "OpControlBarrier": ("scope", "scope", "sem"),
    "OpMemoryBarrier": ("scope", "sem"),
    "OpAtomicLoad": ("ptr", "scope", "sem"),
    "OpAtomicStore": ("ptr", "scope", "sem"),
    "OpAtomicCompareExchange": ("ptr", "scope", "sem", "sem"),
    "OpAtomicCompareExchangeWeak": ("ptr", "scope", "sem", "sem"),
    "OpAtomicFlagTestAndSet": ("ptr", "scope", "sem"),
    "OpAtomicFlagClear": ("ptr", "scope", "sem"),
}
ATOMIC_RMW = ("ptr", "scope", "sem")


def semantics(value):
    if value == 0:
        return "None"
    names = [name for bit, name in SEMANTICS if value & bit]
    rest = value & ~sum(bit for bit, _ in SEMANTICS)
    if rest:
        names.append(hex(rest))
    return "+".join(names)


def disassemble(path):
    out = subprocess.run(["spirv-dis", "--raw-id", path], capture_output=True,
                         text=True, check=True).stdout
    return out.splitlines()


def census(path):
    """{kernel: [instruction descriptions]} of a SPIR-V binary."""
    lines = disassemble(path)
    consts, names, entry, defined = {}, {}, [], set()
    # The storage class of every pointer value, from its type.
    pointer_types, value_types = {}, {}
    for line in lines:
        m = re.match(r"\s*%(\d+) = OpTypePointer (\w+) ", line)
        if m:
            pointer_types[m.group(1)] = m.group(2)
        m = re.match(r"\s*%(\d+) = Op\w+ %(\d+)", line)
        if m:
            value_types[m.group(1)] = m.group(2)
    for line in lines:
        m = re.match(r"\s*%(\d+) = OpConstant %\d+ (\d+)$", line)
        if m:
            consts[m.group(1)] = int(m.group(2))
        m = re.match(r"\s*%(\d+) = OpConstantNull %\d+$", line)
        if m:
            consts[m.group(1)] = 0
        m = re.match(r'\s*OpName %(\d+) "(.*)"$', line)
        if m:
            names[m.group(1)] = m.group(2)
        m = re.match(r'\s*OpEntryPoint Kernel %(\d+) "([^"]*)"', line)
        if m:
            entry.append(m.group(1))
    # Functions with a body (an OpLabel before OpFunctionEnd).
    current = None
    for line in lines:
        m = re.match(r"\s*%(\d+) = OpFunction ", line)
        if m:
            current = m.group(1)
        elif current and re.match(r"\s*%\d+ = OpLabel", line):
            defined.add(current)
        elif "OpFunctionEnd" in line:
            current = None

    def value(ref, kind):
        v = consts.get(ref.lstrip("%"))
        if v is None:
            return "?"
        return SCOPES.get(v, str(v)) if kind == "scope" else semantics(v)

    result = collections.OrderedDict()
    current = None
    for line in lines:
        m = re.match(r"\s*%(\d+) = OpFunction ", line)
        if m:
            current = m.group(1) if m.group(1) in entry else None
            if current:
                result[names.get(current, current)] = []
            continue
        if not current:
            continue
        if "OpFunctionEnd" in line:
            current = None
            continue
        words = line.split()
        if "=" in words:
            words = words[words.index("=") + 1:]
            op, operands = words[0], words[2:]  # drop the result type
        else:
            op, operands = words[0], words[1:]
        kernel = names.get(current, current)
        if op == "OpFunctionCall":
            callee = operands[0].lstrip("%")
            if callee not in defined:
                result[kernel].append(
                    "call " + names.get(callee, callee) + " (undefined)")
            continue
        if op in OPERANDS or op.startswith("OpAtomic"):
            kinds = OPERANDS.get(op, ATOMIC_RMW)
            parts = []
            for ref, k in zip(operands, kinds):
                if k == "ptr":
                    sc = pointer_types.get(
                        value_types.get(ref.lstrip("%"), ""), "?")
                    parts.append("[%s]" % sc)
                else:
                    parts.append(value(ref, k))
            result[kernel].append(op + " " + " ".join(parts))
    return result


def kind(description):
    if description.startswith("call "):
        return "undefined calls"
    if description.startswith("OpControlBarrier"):
        return "OpControlBarrier"
    if description.startswith("OpMemoryBarrier"):
        return "OpMemoryBarrier"
    return "OpAtomic*"


KINDS = ["OpControlBarrier", "OpMemoryBarrier", "OpAtomic*", "undefined calls"]


def counts(instructions):
    c = collections.Counter(kind(d) for d in instructions)
    return [c[k] for k in KINDS]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--xfence", default="build/bin/xfence")
    parser.add_argument("--clang", default="clang-22")
    parser.add_argument("--root", default=".",
                        help="paths in the report are relative to it")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()

    rows, details = [], []
    totals = {"xfence": [0] * len(KINDS), "clang": [0] * len(KINDS)}
    with tempfile.TemporaryDirectory() as tmp:
        for path in args.files:
            name = os.path.relpath(path, args.root)
            x = os.path.join(tmp, "x.spv")
            c = os.path.join(tmp, "c.spv")
            xr = subprocess.run([args.xfence, "compile", path, "--to", "spirv",
                                 "-cl-std=CL2.0", "-o", x],
                                capture_output=True, text=True)
            cr = subprocess.run([args.clang, "-cl-std=CL2.0",
                                 "--target=spirv64", "-c", path, "-o", c],
                                capture_output=True, text=True)
            if xr.returncode or cr.returncode:
                rows.append("| %s | xfence rc %d, clang rc %d | | | |" %
                            (name, xr.returncode, cr.returncode))
                sys.stderr.write(xr.stderr + cr.stderr)
                continue
            val = subprocess.run(["spirv-val", "--target-env", "opencl2.2", x],
                                 capture_output=True, text=True)
            xs, cs = census(x), census(c)
            for kernel in xs:
                xi, ci = xs[kernel], cs.get(kernel, [])
                xc, cc = counts(xi), counts(ci)
                for i in range(len(KINDS)):
                    totals["xfence"][i] += xc[i]
                    totals["clang"][i] += cc[i]
                xm, cm = collections.Counter(xi), collections.Counter(ci)
                only_x = sorted((xm - cm).elements())
                only_c = sorted((cm - xm).elements())
                rows.append("| %s | %s | %s | %s | %s |" % (
                    name, kernel, "ok" if val.returncode == 0 else "FAIL",
                    " / ".join("%d" % n for n in xc),
                    " / ".join("%d" % n for n in cc)))
                details.append("### %s: `%s`\n" % (name, kernel))
                if not only_x and not only_c:
                    details.append("Same instructions (%d).\n" % len(xi))
                    continue
                details.append("| only in xfence's | only in clang's |")
                details.append("|---|---|")
                summary = lambda items: collections.Counter(items)
                sx, sc = summary(only_x), summary(only_c)
                left = ["%dx `%s`" % (n, d) for d, n in sorted(sx.items())]
                right = ["%dx `%s`" % (n, d) for d, n in sorted(sc.items())]
                for i in range(max(len(left), len(right))):
                    details.append("| %s | %s |" % (
                        left[i] if i < len(left) else "",
                        right[i] if i < len(right) else ""))
                details.append("")

    clang_version = subprocess.run([args.clang, "--version"],
                                   capture_output=True,
                                   text=True).stdout.splitlines()[0]
    print("# SPIR-V synchronization census: xfence compile --to spirv vs "
          "clang --target=spirv64\n")
    print("Generated by `python3 bench/spirv-census/compare.py %s` with %s "
          "and `spirv-dis`/`spirv-val` of SPIRV-Tools. Both compile every "
          "file as OpenCL C 2.0. Counts per kernel (entry point): %s; an "
          "undefined call is a built-in the back end left as a call of a "
          "function the module does not define (no driver can run such a "
          "module). Scope and MemorySemantics are decoded (storage bits "
          "without `Memory`, joined by `+`); an atomic's pointer storage "
          "class is in brackets.\n" % (
              " ".join(os.path.relpath(f, args.root) for f in args.files),
              clang_version, " / ".join(KINDS)))
    print("| file | kernel | xfence spirv-val opencl2.2 | xfence: %s | "
          "clang: same |" % " / ".join(KINDS))
    print("|---|---|---|---|---|")
    for row in rows:
        print(row)
    print("| **total** | | | %s | %s |" % (
        " / ".join(str(n) for n in totals["xfence"]),
        " / ".join(str(n) for n in totals["clang"])))
    print()
    print("\n".join(details))


if __name__ == "__main__":
    main()
