#!/usr/bin/python3
"""Property test of the CUDA-to-OpenCL translator: generated CUDA kernels
that nest its constructs in each other and in macros that call macros
(atomics whose operands hold atomics, index expressions with threadIdx and
blockIdx, fences and barriers in if/for/while/?:/comma, __shared__ arrays in
inner blocks, __device__ helpers taking shared and global pointers, default
arguments, references, struct arguments with pointers, function templates,
__syncthreads_count/_and/_or, __syncwarp, the warp shuffles and votes,
cuda::atomic_ref, a class with a constructor and member functions whose
bodies hold atomics, fences and barriers, one under a conditional, called
on objects in global and shared memory, through pointers and macros, and
host member functions and friends beside them; an inline helper through a
macro of __host__ __device__ __forceinline__, a static constant table; a
class template with a member function under a conditional and one no
specialization uses, held by another class template, named in the
function template with its parameters; the kernel's own type with
free operators (+, *, unary -, +=, <) used in expressions, in a macro's
body and in the operands of atomics, objects built with braces `T v{...}`, a function returning a pointer,
a struct of a pointer built with braces,
a constexpr member function and a host member function that calls a
device one, member operators: a const `<` and `+`, a `+=`), and that put
them under preprocessor conditionals (around statements, in the kernel's
parameter list and its launch, around helper definitions and macro
definitions, each kernel with its own configuration macros, some defined
and some not), in function templates and template kernels, and in macros
used with different arguments (`DIM(x)`/`DIM(y)`, `ATOM(Add, ...)`/
`ATOM(Max, ...)`, `SH(name, n)`).

Kernels are written --per-file to a file with the host code that launches
them; a file is translated to OpenCL C (`--cuda-builtin-header`, 1.2 and
3.0), and with --hip-clang also to HIP, with --alpaka-cxx also to alpaka
(whose errors of the second step are located in the OpenCL C translation,
k.cu.cl, docs/cuda-to-alpaka.md). A file that is refused, or whose output
does not compile, is split into one file per kernel, so every outcome
names its kernel. An outcome is one of:
  ok       exit 0 and the target's compiler accepts the output (clang's
           OpenCL C mode, clang's HIP mode, the alpaka command);
  refused  exit 1 with a located error (file:line:col: error:) and no output;
  BAD      anything else: a crash, exit 0 with an output the compiler
           rejects, an error without a location, or an output file left on
           failure.
With --cuda-check, every generated file is first compiled as CUDA (a file
that does not compile is a defect of this generator, BAD).
Prints the counts and every BAD kernel; exit status 1 if any is BAD.

  gen_nested_cuda.py --seed N --kernels K --xfence X --clang C --out DIR
                     [--per-file P] [--jobs J] [--first F]
                     [--hip-clang "clang -x hip --offload-arch=gfx90a ..."]
                     [--alpaka-cxx "g++ -std=c++20 -I ALPAKA_INCLUDE"]
                     [--cuda-check "nvcc -arch=sm_90 -c -o /dev/null"]
"""

import argparse
import concurrent.futures
import os
import random
import re
import subprocess
import sys

HEADER = """#define IDX (blockIdx.x * blockDim.x + threadIdx.x)
#define LANE (threadIdx.x % 32)
#define ADD(p, v) atomicAdd((p), (v))
#define TWICE(x) ((x) + (x))
#define SYNC() __syncthreads()
#define FENCE() __threadfence()
#define AT(a, i) (a)[(i)]
#define CALL(f, ...) f(__VA_ARGS__)
#define DIM(d) threadIdx.d
#define BS blockDim.x
#define ATOM(op, p, v) atomic##op((p), (v))
#define SH(name, n) __shared__ int name[n]
#define FULL 0xffffffffu
#define SHFL(v, o) __shfl_down_sync(FULL, (v), (o))
#define MCALL(o, f, ...) (o).f(__VA_ARGS__)
#define VSUM(a, b) ((a) + (b))
#define HDI __host__ __device__ __forceinline__
struct Span { int *data; int n; };
template <typename T> __device__ T twice(T v) { return v + v; }
__device__ int bump(int *p, int v = 1) { return atomicAdd(p, v); }
__device__ void keep(int &r, int v) { r = TWICE(r) + v; }
__device__ int load(const int *p, int i) { return p[i]; }
HDI int mix(int a, int b) { return a * 3 + b; }
__device__ inline int tab(int i) {
  static const int t[4] = {1, 2, 3, 5};
  return t[i & 3];
}
"""


class Gen:
    def __init__(self, rng, kernel):
        self.rng = rng
        self.kernel = kernel
        self.depth = 0
        self.uniq = 0
        # The kernel's own configuration macros: A<k> is 0 or 1, B<k> is
        # defined or not; conditionals test them, so either branch may be
        # the active one.
        self.a = "A%d" % kernel
        self.b = "B%d" % kernel
        self.decls = []

    def pick(self, options):
        return self.rng.choice(options)

    def fresh(self, stem):
        self.uniq += 1
        return "%s%d_%d" % (stem, self.kernel, self.uniq)

    def index(self):
        return self.pick(["IDX", "threadIdx.x", "LANE", "(threadIdx.x + 1) % 64",
                          "blockIdx.x", "(IDX % n)", "AT(g, LANE) % 64",
                          "(DIM(x) + DIM(y) * BS)", "(int)(DIM(z) + BS)"])

    def intexpr(self):
        if self.depth > 3:
            return self.pick(["1", "n", "threadIdx.x", "(int)blockDim.x",
                              "(int)DIM(y)", "(int)BS"])
        self.depth += 1
        e = self.pick([
            lambda: "ADD(&g[%s %% n], (%s))" % (self.index(), self.intexpr()),
            lambda: "atomicAdd(&s[%s %% 64], %s)" % (self.index(), self.intexpr()),
            lambda: "atomicMax(&g[0], %s)" % self.intexpr(),
            lambda: "atomicCAS(&g[1], %s, %s)" % (self.intexpr(), self.intexpr()),
            lambda: "(int)atomicInc((unsigned *)&g[2], 64u)",
            lambda: "atomicExch(&s[LANE], %s)" % self.intexpr(),
            lambda: "TWICE((%s))" % self.intexpr(),
            lambda: "twice<int>(%s)" % self.intexpr(),
            lambda: "bump(&g[%s %% n])" % self.index(),
            lambda: "bump(&s[LANE], %s)" % self.intexpr(),
            lambda: "load(s, %s %% 64)" % self.index(),
            lambda: "load(g, %s %% n)" % self.index(),
            # An inline helper through a macro of __host__ __device__
            # __forceinline__, a static constant table.
            lambda: "mix(%s, tab(%s))" % (self.intexpr(), self.index()),
            lambda: "CALL(bump, &g[3], (%s))" % self.intexpr(),
            lambda: "(%s ? %s : %s)" % (self.cond(), self.intexpr(), self.intexpr()),
            lambda: "__syncthreads_count(%s)" % self.cond(),
            lambda: "AT(s, %s %% 64)" % self.index(),
            lambda: "span.data[%s %% span.n]" % self.index(),
            lambda: "cuda::atomic_ref<int, cuda::thread_scope_block>(s[LANE]).fetch_add(%s, cuda::memory_order_relaxed)" % self.intexpr(),
            # One macro, different arguments at each use.
            lambda: "ATOM(%s, &g[%s %% n], (%s))" % (
                self.pick(["Add", "Max", "Min", "Exch", "Or", "And", "Xor"]),
                self.index(), self.intexpr()),
            lambda: "ATOM(%s, &s[LANE], (%s))" % (
                self.pick(["Add", "Sub", "Max", "Exch"]), self.intexpr()),
            # The kernel's own macro and helper, each defined in two
            # branches of a conditional.
            lambda: "OP%d(&g[%s %% n], (%s))" % (self.kernel, self.index(), self.intexpr()),
            lambda: "h%d(&s[LANE], %s)" % (self.kernel, self.intexpr()),
            # The kernel's function template, instantiated with several
            # types and sizes.
            lambda: "t%d<int, %s>(s, %s)" % (self.kernel, self.pick(["8", "32", "64"]), self.intexpr()),
            lambda: "(int)t%d<unsigned, %s>((unsigned *)g, (unsigned)(%s))" % (
                self.kernel, self.pick(["4", "16"]), self.intexpr()),
            # Warp shuffles and votes with the full mask, written out or
            # through a macro, with the width left to its default or given.
            lambda: "__shfl_sync(0xffffffff, %s, LANE ^ 1)" % self.intexpr(),
            lambda: "SHFL(%s, %s)" % (self.intexpr(), self.pick(["1", "2", "16"])),
            lambda: "__shfl_xor_sync(FULL, %s, 3, %s)" % (
                self.intexpr(), self.pick(["8", "16", "32"])),
            lambda: "__shfl_up_sync(FULL, %s, 1, 16)" % self.intexpr(),
            lambda: "(int)__ballot_sync(FULL, %s)" % self.cond(),
            lambda: "__any_sync(0xffffffffu, %s)" % self.cond(),
            # The kernel's class: member functions called on an object, a
            # pointer to it, through a macro, a functor call, a static one.
            lambda: "c.add(%s)" % self.intexpr(),
            lambda: "pc->add(%s)" % self.intexpr(),
            lambda: "c(%s)" % self.intexpr(),
            lambda: "C%d::scale(%s)" % (self.kernel, self.intexpr()),
            lambda: "c.get()",
            lambda: "cs.add(%s)" % self.intexpr(),
            lambda: "MCALL(c, add, %s)" % self.intexpr(),
            # The kernel's class templates: copies per specialization.
            lambda: "bt.put(%s, %s)" % (self.index(), self.intexpr()),
            lambda: "bt.sum()",
            lambda: "(int)wt.b.put(LANE, (unsigned)(%s))" % self.intexpr(),
            lambda: "(int)(wt.b.sum() + wt.extra)",
            # The kernel's operators: calls of functions in OpenCL C.
            lambda: "(v%d(%s) + v%d(%s)).a" % (self.kernel, self.intexpr(),
                                               self.kernel, self.intexpr()),
            lambda: "(-v%d(%s) * %s).a" % (self.kernel, self.intexpr(),
                                          self.intexpr()),
            lambda: "VSUM(v%d(%s), vv).a" % (self.kernel, self.intexpr()),
            lambda: "(int)(vv < v%d(%s))" % (self.kernel, self.intexpr()),
            lambda: "c.lim()",
            # A function that returns a pointer, a struct of a pointer
            # built with braces.
            lambda: "*gat%d(g, %s %% n)" % (self.kernel, self.index()),
            lambda: "sp2.data[%s %% sp2.n]" % self.index(),
            lambda: "(int)(c < cs)",
        ])()
        self.depth -= 1
        return e

    def cond(self):
        return self.pick(["threadIdx.x < 32", "n > 3", "(LANE & 1)",
                          "g[0] > %s" % self.pick(["0", "n"]),
                          "__syncthreads_or(threadIdx.x == 0)",
                          "__syncthreads_and(n > 0)",
                          "DIM(y) == 0"])

    def conditional(self, then, other=None):
        """`then` (and `other`) under one of the kernel's conditionals."""
        test = self.pick(["#if %s" % self.a, "#if !%s" % self.a,
                          "#ifdef %s" % self.b, "#ifndef %s" % self.b,
                          "#if defined(%s) && %s" % (self.b, self.a)])
        text = "\n%s\n  %s\n" % (test, then)
        if other is not None:
            text += "#else\n  %s\n" % other
        return text + "#endif\n  "

    def stmt(self, level=0):
        if level > 2:
            return self.pick(["SYNC();", "g[IDX %% n] = %s;" % self.intexpr()])
        return self.pick([
            lambda: "SYNC();",
            lambda: "__syncthreads();",
            lambda: "FENCE();",
            lambda: "__threadfence_block();",
            lambda: "__syncwarp();",
            lambda: "g[IDX %% n] = %s;" % self.intexpr(),
            lambda: "s[LANE] = %s;" % self.intexpr(),
            lambda: "keep(s[LANE], %s);" % self.intexpr(),
            lambda: "if (%s) { %s %s }" % (self.cond(), self.stmt(level + 1), self.stmt(level + 1)),
            lambda: "for (int i = 0; i < 2; ++i) { %s }" % self.stmt(level + 1),
            lambda: "{ __shared__ int t[32]; t[LANE] = %s; SYNC(); g[IDX %% n] += t[(LANE + 1) %% 32]; }" % self.intexpr(),
            lambda: "(void)(%s, %s);" % (self.intexpr(), self.intexpr()),
            lambda: "x += %s;" % self.intexpr(),
            lambda: "if (%s) FENCE(); else SYNC();" % self.cond(),
            # Preprocessor conditionals around rewritten statements.
            lambda: self.conditional(self.stmt(level + 1), self.stmt(level + 1)),
            lambda: self.conditional(self.stmt(level + 1)),
            lambda: "x += %s;" % self.conditional_expr(),
            # A __shared__ array declared by a macro, one name per use.
            lambda: self.shared_block(level),
            lambda: "vv += v%d(%s);" % (self.kernel, self.intexpr()),
            lambda: "c += %s;" % self.intexpr(),
            lambda: "{ C%d t = c + %s; x += t.get(); }" % (self.kernel,
                                                          self.intexpr()),
            lambda: "{ V%d w{%s}; w += vv; x += (w * 2).a; }" % (
                self.kernel, self.intexpr()),
        ])()

    def conditional_expr(self):
        """An operand whose text is chosen by a conditional (each branch a
        whole atomic: a conditional inside one construct is refused)."""
        return "(\n#if %s\n  %s\n#else\n  %s\n#endif\n  )" % (
            self.a, self.intexpr(), self.intexpr())

    def shared_block(self, level):
        name = self.fresh("sh")
        size = self.pick(["32", "64"])
        return "{ SH(%s, %s); %s[LANE] = %s; SYNC(); x += %s[(LANE + 3) %% 32]; %s }" % (
            name, size, name, self.intexpr(), name, self.stmt(level + 1))

    def helper_decls(self):
        k = self.kernel
        body = lambda: self.pick([
            "return atomicAdd(p, v) + v;",
            "__threadfence_block(); return atomicExch(p, v);",
            "int old = atomicMax(p, v); __threadfence(); return old;",
            "return ATOM(Min, p, v);",
        ])
        op = lambda: self.pick(["atomicAdd((p), (v))", "atomicMax((p), (v))",
                                "ATOM(Sub, p, v)", "(FENCE(), atomicOr((p), (v)))"])
        tbody = self.pick([
            "T old = atomicAdd(&p[threadIdx.x % N], v); __threadfence(); return old + (T)N;",
            "__shared__ T tile[N]; tile[threadIdx.x % N] = v; SYNC(); return tile[(threadIdx.x + 1) % N] + atomicMax(&p[0], v);",
            "T r = 0; for (int i = 0; i < N; i += 4) r += atomicExch(&p[i], v); return r;",
            # The kernel's class template, named with the template's
            # parameters.
            "Box%d<T, N> tb; tb.p = (int *)p; for (int i = 0; i < N; ++i) tb.v[i] = v; return tb.sum() + tb.put(1, v);" % k,
        ])
        self.depth += 2  # keep the helpers' own operands short
        text = (
            "#define %s %d\n" % (self.a, self.rng.randint(0, 1)) +
            ("#define %s\n" % self.b if self.rng.random() < 0.5 else "") +
            "#if %s\n#define OP%d(p, v) %s\n#else\n#define OP%d(p, v) %s\n#endif\n" % (
                self.a, k, op(), k, op()) +
            "#ifdef %s\n__device__ int h%d(int *p, int v) { %s }\n#else\n"
            "__device__ int h%d(int *p, int v) { %s }\n#endif\n" % (
                self.b, k, body(), k, body()) +
            self.operators_decl() +
            self.class_template_decl() +
            "template <typename T, int N> __device__ T t%d(T *p, T v) { %s }\n" % (k, tbody) +
            self.class_decl())
        self.depth -= 2
        return text

    def operators_decl(self):
        """The kernel's type with free operators, one of them under the
        kernel's conditional."""
        k = self.kernel
        mul = self.pick(["return V%d{a.a * m};" % k,
                         "V%d r{a.a}; r.a *= m; return r;" % k])
        return (
            "struct V%d { int a; };\n"
            "__device__ V%d v%d(int x) { V%d r{x}; return r; }\n"
            "__device__ int *gat%d(int *p, int i) { return p + i; }\n"
            "__device__ V%d operator+(V%d a, V%d b) { return V%d{a.a + b.a}; }\n"
            "#if %s\n__device__ V%d operator*(V%d a, int m) { %s }\n#else\n"
            "__device__ V%d operator*(const V%d &a, int m) { return V%d{m * a.a}; }\n#endif\n"
            "__device__ V%d operator-(V%d a) { return V%d{-a.a}; }\n"
            "__device__ void operator+=(V%d &a, V%d b) { a.a += b.a; }\n"
            "__host__ __device__ bool operator<(const V%d &a, const V%d &b) { return a.a < b.a; }\n"
            % ((k,) * 9 + (self.a, k, k, mul) + (k,) * 10))

    def class_template_decl(self):
        """A class template with a member function under the kernel's
        conditional, one that no specialization uses (and that would not
        compile for int), and a class template that holds it."""
        k = self.kernel
        put = lambda: self.pick([
            "v[i % N] += x; return v[i % N] + (T)atomicAdd(p, (int)x);",
            "__threadfence_block(); v[i % N] = x; return x;",
            "v[i % N] = (T)ATOM(Max, p, (int)x); SYNC(); return v[i % N];",
            "return (T)TWICE(x) + T(v[(i + 1) % N]);",
        ])
        return (
            "template <typename T, int N> struct Box%d {\n  T v[N];\n  int *p;\n"
            "#ifdef %s\n  __device__ T put(int i, T x) { %s }\n#else\n"
            "  __device__ T put(int i, T x) { %s }\n#endif\n"
            "  __device__ T sum() const { T r = 0; for (int i = 0; i < N; ++i) r += v[i]; return r; }\n"
            "  __device__ T unused() const { return v[0].none(); }\n"
            "};\n"
            "template <typename T> struct Wrap%d { Box%d<T, 4> b; T extra; };\n"
            % (k, self.b, put(), put(), k, k))

    def class_decl(self):
        """A class with a constructor, member functions (one under the
        kernel's conditional), a const and a static one and operator()."""
        k = self.kernel
        add = lambda: self.pick([
            "return atomicAdd(&p[base % 4], v) + base;",
            "__threadfence(); return atomicMax(p, v + base);",
            "int old = ATOM(Or, &p[1], v); SYNC(); return old;",
            "base += v; return bump(p, base) + scale(v);",
        ])
        return (
            "class C%d {\n  int *p;\n  int base%s;\npublic:\n"
            "  __device__ C%d(int *q, int b) : p(q), base(b) {}\n"
            "#ifdef %s\n  __device__ int add(int v) { %s }\n#else\n"
            "  __device__ int add(int v) { %s }\n#endif\n"
            "  __device__ int get() const { return p[base %% 4] + this->base; }\n"
            "  __device__ static int scale(int v) { return TWICE(v); }\n"
            "  __device__ int operator()(int v) { return add(v) + scale(base); }\n"
            # Host code in the class: left out with the host code.
            "  bool operator==(const C%d &o) const { return base == o.base; }\n"
            "  __host__ __device__ constexpr int lim() const { return base + 1; }\n"
            "  __device__ bool operator<(const C%d &o) const { return base < o.base; }\n"
            "  __device__ C%d operator+(int v) const { C%d r(p, base + v); return r; }\n"
            "  __device__ void operator+=(int v) { base += v; }\n"
            "  int hostGet() const { return lim() * 2; }\n"
            "  friend int key(const C%d &c) { return c.base; }\n"
            "};\n" % (k, self.pick(["", " = 3"]), k, self.b, add(), add(), k,
                       k, k, k, k))

    def launch(self, name, args):
        return "%s<<<2, 64>>>(%s);" % (name, args)

    def unit(self):
        """(declarations, kernel, host statements that launch it)."""
        k = self.kernel
        decls = self.helper_decls()
        body = "\n  ".join(self.stmt() for _ in range(self.rng.randint(2, 5)))
        template = self.rng.random() < 0.3
        size = "N" if template else "64"
        # The parameter list, and the launch, under a conditional.
        params = self.rng.random() < 0.4
        if params:
            plist = "int *g, int n,\n#if %s\n    Span span\n#else\n    Span span, int *h\n#endif\n    " % self.a
            extra = "\n#if !%s\n  h[IDX %% n] = ATOM(Add, &g[0], x);\n#endif\n" % self.a
        else:
            plist = "int *g, int n, Span span"
            extra = ""
        kernel = ("%s__global__ void k%d(%s) {\n"
                  "  __shared__ int s[%s];\n  s[threadIdx.x %% %s] = 0;\n  SYNC();\n"
                  "  int x = 0;\n  C%d c(g, n);\n  C%d *pc = &c;\n"
                  "  V%d vv{n};\n  Span sp2 = {g + 1, n - 1};\n"
                  "  C%d cs(s, 1);\n"
                  "  Box%d<int, 4> bt; bt.p = g; for (int i = 0; i < 4; ++i) bt.v[i] = i;\n"
                  "  Wrap%d<unsigned> wt; wt.b.p = g; wt.extra = 2u;\n"
                  "  for (int i = 0; i < 4; ++i) wt.b.v[i] = 1u;\n"
                  "  %s\n  g[IDX %% n] += x + pc->get();%s\n}\n"
                  % ("template <int N> " if template else "", k, plist, size,
                     size, k, k, k, k, k, k, body, extra))
        name = "k%d<64>" % k if template else "k%d" % k
        if params:
            launch = ("\n#if %s\n  %s\n#else\n  %s\n#endif\n" % (
                self.a, self.launch(name, "g, 64, span"),
                self.launch(name, "g, 64, span, g")))
        else:
            launch = self.launch(name, "g, 64, span")
        return decls, kernel, launch

    def kernel_text(self):
        return source([self.unit()])


def source(units, header=HEADER):
    """The text of a file of `units` (see Gen.unit) and a main that
    launches every kernel."""
    return (header + "".join(d + k for d, k, _ in units) +
            "int main() {\n  int *g = 0;\n  Span span = {0, 4};\n  " +
            "\n  ".join(l for _, _, l in units) + "\n}\n")


def run(cmd):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        return p.returncode, p.stdout + p.stderr
    except subprocess.TimeoutExpired:
        return -1, "timeout"


LOCATED = re.compile(r"\.(cu|hip)(\.cl)?:\d+:\d+: (fatal )?error:")


class Target:
    """One translation of the generated files: `translate(src, out)` and
    `check(out)` give (exit status, log)."""

    def __init__(self, name, ext, translate, check):
        self.name, self.ext = name, ext
        self.translate, self.check = translate, check

    def outcome(self, src):
        out = os.path.splitext(src)[0] + "." + self.ext
        if os.path.exists(out):
            os.remove(out)
        code, log = self.translate(src, out)
        if code == 0:
            ccode, clog = self.check(out)
            return ("ok", "") if ccode == 0 else ("BAD", clog)
        if code == 1 and LOCATED.search(log) and not os.path.exists(out):
            return "refused", log
        return "BAD", "exit %d: %s" % (code, log)


def classify(units, first, path, target, source_check, header=HEADER):
    """Outcomes of the kernels `units` (numbered from `first`) written to
    `path` as one file: one translation if it is ok; otherwise each kernel
    in a file of its own, so each outcome names its kernel. With
    `source_check`, a command that must accept the generated file first."""
    if source_check:
        code, log = run(source_check.split() + [path])
        if code != 0:
            return [("BAD", "%s: not valid source (generator): %s" % (
                path, log[:300]))] + [("BAD", "")] * (len(units) - 1)
    outcome, why = target.outcome(path)
    if outcome == "ok":
        return [("ok", "")] * len(units)
    if len(units) == 1:
        return [(outcome, "%s %s: %s" % (path, target.name, why.strip()[:600]))]
    results = []
    for i, unit in enumerate(units):
        stem, ext = os.path.splitext(path)
        one = "%s.k%d%s" % (stem, first + i, ext)
        with open(one, "w") as f:
            f.write(source([unit], header))
        results.extend(classify([unit], first + i, one, target, "", header))
    if outcome == "BAD" and all(o != "BAD" for o, _ in results):
        # Only together: name the file.
        results[0] = ("BAD", "%s %s (its kernels alone are not): %s" % (
            path, target.name, why.strip()[:600]))
    return results


def write_files(opts, rng, gen, header, ext):
    """The generated files of --kernels kernels, --per-file each, from
    --first: (units, number of the first kernel, path) each."""
    files = []
    for first in range(opts.first, opts.first + opts.kernels, opts.per_file):
        count = min(opts.per_file, opts.first + opts.kernels - first)
        units = [gen(rng, k).unit() for k in range(first, first + count)]
        path = os.path.join(opts.out, "k%d%s" % (first, ext))
        with open(path, "w") as f:
            f.write(source(units, header))
        files.append((units, first, path))
    return files


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--kernels", type=int, default=50)
    ap.add_argument("--per-file", type=int, default=1,
                    help="kernels per generated file")
    ap.add_argument("--first", type=int, default=0,
                    help="number of the first kernel (to shard a long run)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--xfence", required=True)
    ap.add_argument("--clang", default="clang")
    ap.add_argument("--out", required=True)
    ap.add_argument("--hip-clang",
                    help="also translate --to hip and check the output with "
                    "this command (clang's HIP mode)")
    ap.add_argument("--alpaka-cxx",
                    help="also translate --to alpaka and check the output "
                    "with this command (a C++20 compiler and alpaka 3's "
                    "include directory)")
    ap.add_argument("--cuda-check",
                    help="compile each generated file as CUDA first with "
                    "this command (the file's path is appended)")
    ap.add_argument("--only", default="",
                    help="comma-separated targets to run (CL1.2, CL3.0, "
                    "HIP, alpaka); default: all that are given")
    opts = ap.parse_args()

    def opencl(std):
        extra = ["--assume-subgroup-size=32"] if std != "CL1.2" else []
        return Target(
            std, std + ".cl",
            lambda src, out: run([opts.xfence, "translate",
                                  "--cuda-builtin-header", src, "--to",
                                  "opencl", "-cl-std=" + std,
                                  "--device-variables=kernel-arguments"] +
                                 extra + ["-o", out]),
            lambda out: run([opts.clang, "-x", "cl", "-cl-std=" + std,
                             "--target=spir64", "-Xclang",
                             "-finclude-default-header", "-fsyntax-only",
                             out]))

    def cxx(name, ext, to, command):
        return Target(
            name, ext,
            lambda src, out: run([opts.xfence, "translate",
                                  "--cuda-builtin-header", src, "--to", to,
                                  "-o", out]),
            lambda out: run(command.split() + ["-fsyntax-only", "-w", out]))

    targets = [opencl("CL1.2"), opencl("CL3.0")]
    if opts.hip_clang:
        targets.append(cxx("HIP", "hip", "hip", opts.hip_clang))
    if opts.alpaka_cxx:
        targets.append(cxx("alpaka", "cpp", "alpaka", opts.alpaka_cxx))
    if opts.only:
        targets = [t for t in targets if t.name in opts.only.split(",")]
    rng = random.Random(opts.seed)
    os.makedirs(opts.out, exist_ok=True)
    files = write_files(opts, rng, Gen, HEADER, ".cu")

    counts = {}
    bad = []
    jobs = [(t, f) for t in targets for f in files]

    def work(job):
        target, (units, first, path) = job
        # Each target writes its own copy (the split files would collide).
        copy = "%s.%s.cu" % (path[:-len(".cu")], target.name)
        with open(copy, "w") as f:
            f.write(source(units))
        return target, classify(units, first, copy, target, opts.cuda_check)

    with concurrent.futures.ThreadPoolExecutor(max(1, opts.jobs)) as pool:
        for target, results in pool.map(work, jobs):
            for outcome, why in results:
                key = (target.name, outcome)
                counts[key] = counts.get(key, 0) + 1
                if outcome == "BAD" and why:
                    bad.append(why)
    for t in targets:
        print("%s: %d kernels (seed %d): ok %d, refused %d, BAD %d" % (
            t.name, opts.kernels, opts.seed, counts.get((t.name, "ok"), 0),
            counts.get((t.name, "refused"), 0), counts.get((t.name, "BAD"), 0)))
    for line in bad:
        print("BAD " + line)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
