#!/usr/bin/env python3
"""Generates the inputs of the differential harness (README.md).

    make_drivers.py LIST.json OUTDIR [--n N] [--guard G] [--local-bytes B]
                    [--overrides FILE.json] [--clang clang-22]

LIST.json is a list of {"name": ID, "cl": PATH, "cu": PATH, "cl_flags": [...]}
(the OpenCL C file, its xfence CUDA translation, the flags it was translated
with). For every entry OUTDIR/files/<id>/ gets

  kernel.cl      the OpenCL source with its #includes inlined (PoCL builds it
                 on the GPU machine, where the include folders don't exist)
  translated.cu  the translation, quoted #includes inlined the same way
  driver.cu      #includes translated.cu; one wrapper per runnable kernel that
                 calls launch_<kernel> with arguments from cuda_main.cu
  spec.txt       the kernels' argument lists, inputs and geometry, read by both
                 cuda_main.cu and ocl_host.cpp (cmp_common.h)

and OUTDIR/manifest.json records every kernel (runnable, skipped and why,
buffer layouts for compare.py, hints), OUTDIR/jobs.txt the runnable ones.

The kernels' parameters come from clang's JSON AST of the original file (run
here: clang-22 is not on the GPU machine); the CUDA side's from the
launch_<kernel> helpers at the end of the translated file, whose parameters
are the kernel's in order minus every __local pointer, then one
`size_t NAME_bytes` per __local pointer.
"""

import argparse
import fnmatch
import hashlib
import json
import os
import re
import subprocess
import sys

SCALARS = {
    "char": "char", "signed char": "char", "unsigned char": "uchar",
    "uchar": "uchar", "short": "short", "unsigned short": "ushort",
    "ushort": "ushort", "int": "int", "unsigned int": "uint", "uint": "uint",
    "long": "long", "unsigned long": "ulong", "ulong": "ulong",
    "float": "float", "double": "double",
}
SIZES = {"char": 1, "uchar": 1, "short": 2, "ushort": 2, "int": 4, "uint": 4,
         "long": 8, "ulong": 8, "float": 4, "double": 8}
QUALIFIERS = {"const", "volatile", "restrict", "__restrict", "__private",
              "private", "__global", "global", "__constant", "constant",
              "__local", "local", "__generic", "generic", "__read_only",
              "read_only", "__write_only", "write_only", "__read_write",
              "read_write"}
SPACES = {"__global": "global", "global": "global", "__constant": "constant",
          "constant": "constant", "__local": "local", "local": "local",
          "__generic": "generic", "generic": "generic"}

DEFAULT_LOCAL = {1: [64, 1, 1], 2: [16, 16, 1], 3: [8, 8, 4]}
DEFAULTS = {
    "int_scalar": 64,
    "float_scalar": 1.5,
}


def fnv64(text):
    h = 0xcbf29ce484222325
    for b in text.encode():
        h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return h


def file_id(name):
    safe = re.sub(r"[^A-Za-z0-9._-]+", "_", name).strip("_")[:80]
    return "%s-%s" % (safe, hashlib.sha1(name.encode()).hexdigest()[:8])


# ---------------------------------------------------------------------------
# #include inlining
# ---------------------------------------------------------------------------

INCLUDE_RE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*([<"])([^>"]+)[>"]', re.M)
ONCE_RE = re.compile(r"^[ \t]*#[ \t]*pragma[ \t]+once\b.*$", re.M)


def inline_includes(path, dirs, quoted_only=False, depth=0, missing=None):
    """The text of `path` with every #include that names a file found in its
    folder or `dirs` replaced by that file's (inlined) text; others stay."""
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        text = f.read()
    if depth > 30:
        return text
    if ONCE_RE.search(text):
        guard = "XCMP_ONCE_%x" % fnv64(os.path.realpath(path))
        text = "#ifndef %s\n#define %s\n%s\n#endif\n" % (
            guard, guard, ONCE_RE.sub("", text))

    def repl(m):
        kind, inc = m.group(1), m.group(2)
        if quoted_only and kind != '"':
            return m.group(0)
        search = ([os.path.dirname(path)] if kind == '"' else []) + list(dirs)
        for d in search:
            cand = os.path.join(d, inc)
            if os.path.isfile(cand):
                body = inline_includes(cand, dirs, quoted_only, depth + 1,
                                       missing)
                return "// xcmp: begin of #include %s%s%s\n%s\n// xcmp: end\n" % (
                    kind, inc, '"' if kind == '"' else ">", body)
        if missing is not None and kind == '"':
            missing.append(inc)
        return m.group(0)

    return INCLUDE_RE.sub(repl, text)


# ---------------------------------------------------------------------------
# The OpenCL side: clang's JSON AST
# ---------------------------------------------------------------------------

def clang_ast(clang, cl, flags):
    base = [clang, "-x", "cl", "-fsyntax-only", "-Xclang", "-ast-dump=json",
            "-Xclang", "-finclude-default-header"] + list(flags) + [cl]
    last = ""
    for extra in (["-Xclang", "-fdeclare-opencl-builtins"], []):
        cmd = base[:1] + extra + base[1:]
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        last = p.stderr.decode(errors="replace")
        if p.returncode == 0:
            return json.loads(p.stdout), None
    # Errors: use what clang dumped anyway if it is JSON.
    try:
        return json.loads(p.stdout), None
    except ValueError:
        return None, last.strip().splitlines()[-1] if last.strip() else "clang failed"


def walk(node, fn):
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, dict):
            fn(n)
            stack.extend(n.values())
        elif isinstance(n, list):
            stack.extend(n)


def ast_info(ast):
    typedefs, funcs, kernels = {}, {}, []
    for d in ast.get("inner", []):
        kind = d.get("kind")
        if kind == "TypedefDecl":
            t = d.get("type", {})
            typedefs[d["name"]] = t.get("desugaredQualType", t.get("qualType", ""))
        elif kind == "FunctionDecl":
            inner = d.get("inner", [])
            if not any(i.get("kind") == "CompoundStmt" for i in inner):
                continue
            calls, local_vars, dims = set(), [False], [0]

            def visit(n, calls=calls, local_vars=local_vars, dims=dims):
                k = n.get("kind")
                if k == "CallExpr":
                    d = work_item_dim(n)
                    if d is not None:
                        dims[0] = max(dims[0], d)
                if k == "DeclRefExpr":
                    r = n.get("referencedDecl", {})
                    if r.get("kind") == "FunctionDecl" and r.get("name"):
                        calls.add(r["name"])
                elif k == "VarDecl" and "__local" in n.get("type", {}).get("qualType", ""):
                    local_vars[0] = True

            walk([i for i in inner if i.get("kind") == "CompoundStmt"], visit)
            funcs[d["name"]] = (calls, local_vars[0], dims[0])
            attrs = {i["kind"]: i for i in inner if i.get("kind", "").endswith("Attr")}
            if "DeviceKernelAttr" in attrs or "OpenCLKernelAttr" in attrs:
                reqd = None
                r = attrs.get("ReqdWorkGroupSizeAttr")
                if r:
                    vals = [int(i.get("value", 1)) for i in r.get("inner", [])
                            if "value" in i]
                    if len(vals) == 3:
                        reqd = vals
                params = []
                for i in inner:
                    if i.get("kind") == "ParmVarDecl":
                        t = i.get("type", {})
                        params.append({"name": i.get("name", ""),
                                       "qual": t.get("qualType", ""),
                                       "desugared": t.get("desugaredQualType")})
                kernels.append({"name": d["name"], "params": params,
                                "reqd": reqd})
    return typedefs, funcs, kernels


WORK_ITEM = {"get_global_id", "get_local_id", "get_group_id",
             "get_global_size", "get_local_size", "get_num_groups"}


def work_item_dim(call):
    """d of get_global_id(d) and the like with a literal d, else None."""
    inner = call.get("inner", [])
    if len(inner) != 2:
        return None
    callee = inner[0]
    while callee.get("kind") in ("ImplicitCastExpr", "ParenExpr") and callee.get("inner"):
        callee = callee["inner"][0]
    if callee.get("referencedDecl", {}).get("name") not in WORK_ITEM:
        return None
    arg = inner[1]
    while arg.get("kind") in ("ImplicitCastExpr", "ParenExpr", "CStyleCastExpr") and arg.get("inner"):
        arg = arg["inner"][0]
    if arg.get("kind") == "IntegerLiteral":
        try:
            return int(arg.get("value", "0"))
        except ValueError:
            return None
    return None


def dims_of(kernel, funcs):
    """How many NDRange dimensions the kernel (and its callees) ask about."""
    seen, todo, dims = set(), [kernel["name"]], 0
    while todo:
        f = todo.pop()
        if f in seen or f not in funcs:
            continue
        seen.add(f)
        calls, _, d = funcs[f]
        dims = max(dims, d)
        todo.extend(calls)
    return min(dims, 2) + 1


VEC_RE = re.compile(r"__attribute__\(\(ext_vector_type\((\d+)\)\)\)")


def resolve_base(words, typedefs, depth=0):
    """(base type name, lanes) of a type's words without qualifiers."""
    text = " ".join(words)
    text = re.sub(r"_Atomic\((.*)\)", r"\1", text)  # atomic_int: int
    lanes = 1
    m = VEC_RE.search(text)
    if m:
        lanes = int(m.group(1))
        text = VEC_RE.sub("", text).strip()
    words = [w for w in text.split() if w not in QUALIFIERS]
    text = " ".join(words)
    if text in SCALARS:
        return SCALARS[text], lanes
    if len(words) == 1 and text in typedefs and depth < 10:
        b, l2 = resolve_base(typedefs[text].replace("*", " * ").split(),
                             typedefs, depth + 1)
        return b, (lanes if lanes > 1 else l2)
    return text, lanes


def classify(param, typedefs):
    """{kind: buf|local|scalar, type, lanes, space} or {kind: None, why}."""
    qual = param["desugared"] or param["qual"]
    text = re.sub(r"\*", " * ", qual)
    words = text.split()
    if words.count("*") > 1:
        return {"kind": None, "why": "pointer to pointer (%s)" % param["qual"]}
    if "*" in words:
        star = len(words) - 1 - words[::-1].index("*")
        pointee = words[:star]
        space = "private"
        for w in pointee:
            if w in SPACES:
                space = SPACES[w]
        base, lanes = resolve_base(pointee, typedefs)
        if space == "local":
            return {"kind": "local", "type": base, "lanes": lanes,
                    "space": space}
        if space not in ("global", "constant"):
            return {"kind": None, "why": "%s pointer" % space}
        if base not in SIZES:
            return {"kind": None, "why": "buffer of %s" % describe(base)}
        return {"kind": "buf", "type": base, "lanes": lanes, "space": space}
    base, lanes = resolve_base(words, typedefs)
    if base not in SIZES:
        return {"kind": None, "why": describe(base)}
    return {"kind": "scalar", "type": base, "lanes": lanes}


def describe(base):
    if base.startswith(("struct", "union")):
        return base
    if "image" in base:
        return "image (%s)" % base
    if "sampler" in base:
        return "sampler"
    return "type %s" % base


# ---------------------------------------------------------------------------
# The CUDA side: launch helpers
# ---------------------------------------------------------------------------

HELPER_RE = re.compile(r"^inline cudaError_t launch_(\w+)\((.*)\) \{$", re.M)
REQD_RE = re.compile(r"local_size\.x != (\d+) \|\| local_size\.y != (\d+) \|\| "
                     r"local_size\.z != (\d+)")
IDENT_END_RE = re.compile(r"([A-Za-z_]\w*)\s*$")


def split_params(text):
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch in "(<[":
            depth += 1
        elif ch in ")>]":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def cuda_helpers(text):
    helpers = []
    for m in HELPER_RE.finditer(text):
        params = split_params(m.group(2))
        if len(params) < 3 or not params[-1].startswith("cudaStream_t"):
            continue
        params = params[2:-1]  # drop global_size, local_size, stream
        parsed = []
        for p in params:
            im = IDENT_END_RE.search(p)
            name = im.group(1) if im else ""
            ptype = p[:im.start()].strip() if im else p
            if not ptype or ptype.endswith("::"):
                ptype, name = p, ""
            parsed.append((ptype, name))
        end = text.find("\n}\n", m.end())
        body = text[m.end():end if end > 0 else len(text)]
        r = REQD_RE.search(body)
        helpers.append({"name": m.group(1), "params": parsed,
                        "reqd": [int(x) for x in r.groups()] if r else None})
    return helpers


# ---------------------------------------------------------------------------
# Hints: built-ins the kernel reaches (explanations for a DIFF)
# ---------------------------------------------------------------------------

MATH = {"exp", "exp2", "exp10", "expm1", "log", "log2", "log10", "log1p",
        "pow", "powr", "pown", "rootn", "sin", "cos", "tan", "sincos", "asin",
        "acos", "atan", "atan2", "sinh", "cosh", "tanh", "sqrt", "rsqrt",
        "cbrt", "hypot", "erf", "erfc", "tgamma", "lgamma", "fmod",
        "remainder", "divide"}


def hints_of(kernel, funcs):
    seen, todo, names, local_vars = set(), [kernel["name"]], set(), False
    while todo:
        f = todo.pop()
        if f in seen or f not in funcs:
            continue
        seen.add(f)
        calls, lv, _ = funcs[f]
        local_vars |= lv
        names |= calls
        todo.extend(calls)
    hints = []
    if any(n.startswith(("atom", "atomic_")) for n in names):
        hints.append("atomics")
    if any(n.startswith(("native_", "half_")) for n in names):
        hints.append("native-math")
    if names & MATH:
        hints.append("math")
    if any(n in ("barrier", "work_group_barrier") for n in names):
        hints.append("barrier")
    if local_vars or any(classify_safe(p) == "local" for p in kernel["params"]):
        hints.append("local-memory")
    if "printf" in names:
        hints.append("printf")
    return hints


def classify_safe(p):
    return "local" if re.search(r"\b(__)?local\b", p["qual"]) else None


# ---------------------------------------------------------------------------


def lookup_override(overrides, name, kernel):
    """The merged overrides of every key that matches: a kernel name, the
    list entry's name, or "name::kernel", each maybe an fnmatch pattern; in
    the file's order, later keys win (dicts are merged)."""
    out = {}
    targets = (name,) if kernel is None else (kernel, name, "%s::%s" % (name, kernel))
    for key, val in overrides.items():
        if key.startswith("#") or not isinstance(val, dict):
            continue
        if any(key == t or fnmatch.fnmatchcase(t, key) for t in targets):
            for k, v in val.items():
                if isinstance(v, dict) and isinstance(out.get(k), dict):
                    out[k] = dict(out[k], **v)
                else:
                    out[k] = v
    return out


def plan_kernel(entry_name, k, helper, typedefs, args, overrides, alt=False):
    """The kernel's manifest record; its spec block if it can run. `alt`:
    the retry's inputs (--alt-n elements, --alt-int integer scalars)."""
    rec = {"ocl": k["name"], "cuda": helper["name"] if helper else None,
           "status": "run", "reason": "", "args": []}
    ov = lookup_override(overrides, entry_name, k["name"])
    if ov.get("skip"):
        rec.update(status="skip", reason="override: %s" % ov["skip"])
        return rec
    kinds = []
    for i, p in enumerate(k["params"]):
        c = classify(p, typedefs)
        if c["kind"] is None:
            rec.update(status="skip", reason="param %d '%s': %s" % (
                i, p["name"], c["why"]))
            return rec
        if c["kind"] in ("buf", "scalar") and c["lanes"] > 1 and not args.vectors:
            rec.update(status="skip", reason="param %d '%s': vector %s%d" % (
                i, p["name"], c["type"], c["lanes"]))
            return rec
        kinds.append(c)
    rec["vectors"] = any(c["lanes"] > 1 for c in kinds if c["kind"] != "local")
    if helper is None:
        rec.update(status="error", reason="translate: no launch_%s helper in the .cu" % k["name"])
        return rec
    # The helper: the non-__local params in order, then one size_t per __local.
    nloc = sum(1 for c in kinds if c["kind"] == "local")
    hp = helper["params"]
    if len(hp) != len(kinds) or any(
            not t.startswith("size_t") for t, _ in hp[len(hp) - nloc:]):
        rec.update(status="error", reason="ABI: launch_%s has %d params for %d kernel params (%d __local)" % (
            helper["name"], len(hp), len(kinds), nloc))
        return rec
    call, li, pi = [None] * len(hp), len(hp) - nloc, 0
    for i, c in enumerate(kinds):
        if c["kind"] == "local":
            call[li] = ("local", i, hp[li][0])
            li += 1
        else:
            call[pi] = (c["kind"], i, hp[pi][0])
            pi += 1
    rec["call"] = call

    n = int(ov.get("N", args.n))
    guard = int(ov.get("guard", args.guard))
    if alt:
        n = max(n, args.alt_n)
        guard = int(ov.get("guard", n // 4))
    reqd = k["reqd"] or helper["reqd"]
    dims = k.get("dims", 1)
    if "local" in ov:
        local = list(ov["local"])
    elif reqd:
        local = list(reqd)
    else:
        local = list(DEFAULT_LOCAL[dims])
    if "global" in ov:
        glob = list(ov["global"])
    else:
        nd = max(dims, 3 if local[2] > 1 else 2 if local[1] > 1 else 1)
        items = args.items if nd == 1 else args.items2d
        groups = max(1, items // max(1, local[0] * local[1] * local[2]))
        g, d = [1, 1, 1], 0
        while g[0] * g[1] * g[2] * 2 <= groups:
            g[d % nd] *= 2
            d += 1
        glob = [local[i] * g[i] for i in range(3)]
    rec["geom"] = glob + local
    scal_ov = ov.get("scalars", {})
    lb_ov = ov.get("local_bytes", {})
    nloc = sum(1 for c in kinds if c["kind"] == "local")
    local_bytes = min(args.local_bytes, args.local_total // max(1, nloc) // 16 * 16)
    nfloat = 0
    lines = ["kernel %s %s" % (k["name"], helper["name"]),
             "geom %s" % " ".join(str(x) for x in glob + local)]
    for i, (p, c) in enumerate(zip(k["params"], kinds)):
        name = p["name"] or "arg%d" % i
        a = {"name": name, "kind": c["kind"]}
        if c["kind"] == "buf":
            count = n + guard
            elem = SIZES[c["type"]] * (4 if c["lanes"] == 3 else c["lanes"])
            if c["space"] == "constant":  # OpenCL guarantees 64 KiB of __constant
                count = min(count, args.constant_bytes // elem)
            seed = fnv64("%s::%s::%s" % (entry_name, k["name"], name))
            lines.append("buf %s %s %d %d %d" % (name, c["type"], c["lanes"], count, seed))
            a.update(type=c["type"], lanes=c["lanes"], count=count, n=min(n, count),
                     seed=seed, space=c["space"])
        elif c["kind"] == "local":
            b = int(lb_ov.get(name, local_bytes))
            lines.append("local %s %d" % (name, b))
            a.update(bytes=b)
        else:
            if name in scal_ov:
                v = scal_ov[name]
            elif c["type"] in ("float", "double"):
                v = DEFAULTS["float_scalar"] + nfloat  # 1.5, 2.5, ...: min < max
                nfloat += 1
            else:
                v = args.alt_int if alt else DEFAULTS["int_scalar"]
            lines.append("scalar %s %s %d %s" % (name, c["type"], c["lanes"], v))
            a.update(type=c["type"], lanes=c["lanes"], value=v)
        rec["args"].append(a)
    lines.append("end")
    rec["spec"] = "\n".join(lines)
    return rec


def wrapper(idx, rec):
    parts = []
    for kind, i, ctype in rec["call"]:
        if kind == "local":
            parts.append("*(size_t *)xcmp_a[%d]" % i)
        else:
            parts.append("*(%s *)xcmp_a[%d]" % (ctype, i))
    return ("static cudaError_t xcmp_run_%d(dim3 xcmp_g, dim3 xcmp_l, void **xcmp_a) {\n"
            "  return launch_%s(xcmp_g, xcmp_l%s);\n}\n" % (
                idx, rec["cuda"], "".join(", " + p for p in parts)))


def build_options(flags, with_includes):
    out = []
    for f in flags:
        if f.startswith("-I") and not with_includes:
            continue
        if f.startswith(("-cl-", "-D", "-I", "-U", "-w", "-Werror")):
            out.append('"%s"' % f.replace('"', '\\"') if " " in f else f)
    return " ".join(out)


def process(entry, args, overrides, outdir):
    name = entry["name"]
    fid = file_id(name)
    rec = {"name": name, "id": fid, "cl": entry["cl"], "cu": entry.get("cu"),
           "status": "ok", "reason": "", "kernels": []}
    fdir = os.path.join(outdir, "files", fid)
    os.makedirs(fdir, exist_ok=True)
    flags = list(entry.get("cl_flags", []))
    if not any(f.startswith("-cl-std=") for f in flags):
        flags.insert(0, "-cl-std=CL1.2")
    # File-level overrides: "defines" replace or add -D flags on both sides
    # (the translation keeps each -D macro under #ifndef, so nvcc -D wins).
    defines = lookup_override(overrides, name, None).get("defines", {})
    if defines:
        flags = [f for f in flags if not (f.startswith("-D") and
                 f[2:].split("=")[0] in defines)]
        flags += ["-D%s=%s" % kv for kv in sorted(defines.items())]
        rec["defines"] = defines
    idirs = [f[2:] for f in flags if f.startswith("-I") and len(f) > 2]

    ast, err = clang_ast(args.clang, entry["cl"], flags)
    if ast is None:
        rec.update(status="error", reason="clang: %s" % err)
        return rec
    typedefs, funcs, kernels = ast_info(ast)
    if not kernels:
        rec.update(status="error", reason="no kernels found")
        return rec

    cu = entry.get("cu")
    cu_text = None
    if cu and os.path.isfile(cu):
        missing = []
        cu_text = inline_includes(cu, [os.path.dirname(entry["cl"])] + idirs,
                                  quoted_only=True, missing=missing)
        if missing:
            rec["cu_missing_includes"] = missing
    helpers = cuda_helpers(cu_text) if cu_text else []
    by_name = {h["name"]: h for h in helpers}
    # Kernels renamed for CUDA (a C++ keyword, say) are matched by order.
    unmatched = [h for h in helpers if h["name"] not in {k["name"] for k in kernels}]
    for k in kernels:
        h = by_name.get(k["name"])
        if h is None and unmatched and len(unmatched) == sum(
                1 for kk in kernels if kk["name"] not in by_name):
            h = unmatched.pop(0)
        k["dims"] = dims_of(k, funcs)
        r = plan_kernel(name, k, h, typedefs, args, overrides)
        if r["status"] == "run":
            ra = plan_kernel(name, k, h, typedefs, args, overrides, alt=True)
            r["alt_args"], r["alt_spec"] = ra["args"], ra["spec"]
        if cu_text is None and r["status"] == "run":
            r.update(status="error", reason="translate: no .cu (translation failed?)")
        r["hints"] = hints_of(k, funcs)
        rec["kernels"].append(r)

    runnable = [r for r in rec["kernels"] if r["status"] == "run"]
    for r in rec["kernels"]:
        if r["status"] != "run":
            for key in ("spec", "alt_spec", "call", "alt_args"):
                r.pop(key, None)
    if not runnable:
        return rec
    missing = []
    cl_text = inline_includes(entry["cl"], idirs, missing=missing)
    with open(os.path.join(fdir, "kernel.cl"), "w", encoding="utf-8",
              errors="surrogateescape") as f:
        f.write(cl_text)
    if missing:
        rec["cl_missing_includes"] = missing
    with open(os.path.join(fdir, "translated.cu"), "w", encoding="utf-8",
              errors="surrogateescape") as f:
        f.write(cu_text)
    opts = build_options(flags, with_includes=bool(missing))
    with open(os.path.join(fdir, "spec.txt"), "w") as f:
        f.write("# %s\noptions %s\n" % (name, opts))
        for r in runnable:
            f.write(r.pop("spec") + "\n")
    with open(os.path.join(fdir, "spec.alt.txt"), "w") as f:
        f.write("# %s (the retry's inputs)\noptions %s\n" % (name, opts))
        for r in runnable:
            f.write(r.pop("alt_spec") + "\n")
    with open(os.path.join(fdir, "nvcc_flags"), "w") as f:
        f.write(" ".join("-D%s=%s" % kv for kv in sorted(defines.items())) + "\n")
    with open(os.path.join(fdir, "driver.cu"), "w") as f:
        f.write("// Generated by bench/corpus/compare/make_drivers.py for %s\n" % name)
        f.write('#include "xcmp_table.h"\n#include "translated.cu"\n\n')
        for i, r in enumerate(runnable):
            f.write(wrapper(i, r))
        f.write("\nextern \"C\" const XcmpEntry xcmp_table[] = {\n")
        for i, r in enumerate(runnable):
            f.write('    {"%s", xcmp_run_%d},\n' % (r["cuda"], i))
        f.write("};\nextern \"C\" const int xcmp_count = %d;\n" % len(runnable))
    for r in runnable:
        r.pop("call", None)
    return rec


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("list")
    ap.add_argument("outdir")
    ap.add_argument("--n", type=int, default=1 << 16,
                    help="elements of every buffer (default 65536)")
    ap.add_argument("--guard", type=int, default=None,
                    help="elements after the N, same fill, compared too (default N/4)")
    ap.add_argument("--items", type=int, default=1024,
                    help="work-items of the default NDRange (default 1024)")
    ap.add_argument("--items2d", type=int, default=4096,
                    help="work-items of the default NDRange of a kernel that asks "
                    "for dimension 1 or 2 (default 4096: 64x64 in 16x16 work-groups)")
    ap.add_argument("--local-bytes", type=int, default=16384,
                    help="bytes of every __local pointer argument (default 16384)")
    ap.add_argument("--local-total", type=int, default=98304,
                    help="at most this many bytes for all of a kernel's __local "
                    "arguments together (default 96 KiB)")
    ap.add_argument("--constant-bytes", type=int, default=65536,
                    help="bytes of a __constant buffer (default 64 KiB)")
    ap.add_argument("--alt-n", type=int, default=1 << 20,
                    help="buffer elements of the retry after a crash or timeout (default 2^20)")
    ap.add_argument("--alt-int", type=int, default=8,
                    help="integer scalars of that retry (default 8)")
    ap.add_argument("--no-vectors", dest="vectors", action="store_false",
                    help="skip kernels with vector buffers or scalars")
    ap.add_argument("--overrides", help="per-kernel overrides (README.md)")
    ap.add_argument("--clang", default="clang-22")
    args = ap.parse_args()
    if args.guard is None:
        args.guard = args.n // 4
    with open(args.list) as f:
        entries = json.load(f)
    overrides = {}
    if args.overrides:
        with open(args.overrides) as f:
            overrides = json.load(f)
    os.makedirs(args.outdir, exist_ok=True)
    files = []
    for e in entries:
        try:
            files.append(process(e, args, overrides, args.outdir))
        except Exception as ex:  # keep going: one bad file is one ERROR
            files.append({"name": e.get("name"), "id": file_id(e.get("name", "?")),
                          "cl": e.get("cl"), "cu": e.get("cu"), "status": "error",
                          "reason": "make_drivers: %s: %s" % (type(ex).__name__, ex),
                          "kernels": []})
    manifest = {"n": args.n, "guard": args.guard, "alt_n": args.alt_n,
                "alt_int": args.alt_int, "files": files}
    with open(os.path.join(args.outdir, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)
    jobs = []
    for fr in files:
        for k in fr["kernels"]:
            if k["status"] == "run":
                jobs.append("%s %s" % (fr["id"], k["ocl"]))
    with open(os.path.join(args.outdir, "jobs.txt"), "w") as f:
        f.write("".join(j + "\n" for j in jobs))
    counts = {}
    for fr in files:
        for k in fr["kernels"]:
            counts[k["status"]] = counts.get(k["status"], 0) + 1
    nerr = sum(1 for fr in files if fr["status"] != "ok")
    print("%d files (%d unreadable), kernels: %s" % (
        len(files), nerr, ", ".join("%s %d" % kv for kv in sorted(counts.items()))))


if __name__ == "__main__":
    main()
