"""Specs and CPU references of the end-to-end OpenCL kernels in kernels/.

Every spec says which file and OpenCL C version to build, which buffers exist
(element type, element count, how the initial data is generated, whether the
buffer is an output and with which tolerance it is compared), and the launches
to run in order (kernel name, global and local size, arguments: buffers,
__local sizes in bytes, scalars). `reference(inputs)` computes the expected
output buffers on the CPU with numpy from the generated inputs; nothing
expected is written down by hand.

Used by run_pocl.py (here, with PoCL) and by bench/e2e/export_data.py, which
writes the same specs, inputs and PoCL's outputs for the CUDA driver of
bench/e2e/ (see bench/e2e/README.md for the file formats).

Only the Python standard library and numpy.
"""

import numpy as np

# OpenCL C element types -> numpy dtypes.
DTYPES = {
    "char": np.int8,
    "uchar": np.uint8,
    "short": np.int16,
    "ushort": np.uint16,
    "int": np.int32,
    "uint": np.uint32,
    "long": np.int64,
    "ulong": np.uint64,
    "float": np.float32,
}


class Gen:
    """How a buffer's initial data is made: uniform(lo, hi) floats,
    randint(lo, hi) integers in [lo, hi), fill(value), or values(list)."""

    def __init__(self, kind, a=0, b=0):
        assert kind in ("uniform", "randint", "fill", "values")
        self.kind, self.a, self.b = kind, a, b

    def make(self, rng, dtype, count):
        if self.kind == "uniform":
            return rng.uniform(self.a, self.b, count).astype(dtype)
        if self.kind == "randint":
            return rng.integers(self.a, self.b, count, dtype=np.int64).astype(dtype)
        if self.kind == "values":
            assert len(self.a) == count
            return np.array(self.a, dtype=dtype)
        return np.full(count, self.a, dtype=dtype)


def uniform(lo, hi):
    return Gen("uniform", lo, hi)


def randint(lo, hi):
    return Gen("randint", lo, hi)


def fill(value=0):
    return Gen("fill", value)


def values(vals):
    return Gen("values", list(vals))


class Buffer:
    def __init__(self, name, ctype, count, gen, output=False, rtol=0.0, atol=0.0):
        assert ctype in DTYPES, ctype
        self.name, self.ctype, self.count, self.gen = name, ctype, count, gen
        self.output, self.rtol, self.atol = output, rtol, atol
        if ctype != "float":
            assert rtol == 0.0 and atol == 0.0, "integers compare exactly"

    @property
    def dtype(self):
        return np.dtype(DTYPES[self.ctype])


class Arg:
    """A kernel argument: Arg.buf(name), Arg.local(nbytes), Arg.scalar(type, v)."""

    def __init__(self, kind, name=None, ctype=None, value=None, nbytes=0):
        self.kind, self.name, self.ctype = kind, name, ctype
        self.value, self.nbytes = value, nbytes

    @staticmethod
    def buf(name):
        return Arg("buffer", name=name)

    @staticmethod
    def local(nbytes):
        return Arg("local", nbytes=nbytes)

    @staticmethod
    def scalar(ctype, value):
        assert ctype in DTYPES
        return Arg("scalar", ctype=ctype, value=value)


class Launch:
    def __init__(self, kernel, global_size, local_size, args):
        assert len(global_size) == len(local_size)
        for g, l in zip(global_size, local_size):
            assert g % l == 0, "global size must be a multiple of local size"
        self.kernel, self.args = kernel, args
        self.global_size, self.local_size = tuple(global_size), tuple(local_size)


class Spec:
    def __init__(self, name, source, std, buffers, launches, reference, seed,
                 also_valid=()):
        self.name, self.source, self.std = name, source, std
        # Further OpenCL C versions the file must parse in (clang only).
        self.also_valid = tuple(also_valid)
        self.buffers, self.launches = buffers, launches
        self.reference, self.seed = reference, seed
        names = [b.name for b in buffers]
        assert len(set(names)) == len(names)
        for launch in launches:
            for arg in launch.args:
                assert arg.kind != "buffer" or arg.name in names, arg.name

    def make_inputs(self):
        """Initial contents of every buffer, from the spec's fixed seed."""
        rng = np.random.default_rng(self.seed)
        return {
            b.name: b.gen.make(rng, b.dtype, b.count) for b in self.buffers
        }

    def outputs(self):
        return [b for b in self.buffers if b.output]


def compare(buf, got, want):
    """Returns None when `got` matches `want`, else a one-line reason."""
    got = np.asarray(got).reshape(-1)
    want = np.asarray(want).reshape(-1)
    if got.shape != want.shape:
        return "%s: %d elements, expected %d" % (buf.name, got.size, want.size)
    if buf.ctype == "float":
        w = want.astype(np.float64)
        g = got.astype(np.float64)
        bad = ~(np.abs(g - w) <= buf.atol + buf.rtol * np.abs(w))
        bad &= ~(np.isnan(g) & np.isnan(w))
    else:
        bad = got.astype(want.dtype) != want
    if not bad.any():
        return None
    i = int(np.flatnonzero(bad)[0])
    return "%s: %d of %d elements differ, first [%d] = %r, expected %r" % (
        buf.name, int(bad.sum()), got.size, i, got[i], want[i])


# --------------------------------------------------------------------------
# (a) reduction with local memory and barriers


def reduce_spec(n=131072, groups=64, lsize=256):
    gsize = groups * lsize

    def reference(x):
        per_item = x["in"].astype(np.float64).reshape(-1, gsize).sum(axis=0)
        return {"partial": per_item.reshape(groups, lsize).sum(axis=1)}

    assert n % gsize == 0
    return Spec(
        "reduce", "reduce.cl", "CL1.2",
        [Buffer("in", "float", n, uniform(-1.0, 1.0)),
         Buffer("partial", "float", groups, fill(0), output=True,
                rtol=1e-5, atol=1e-3)],
        [Launch("reduce_sum", (gsize,), (lsize,),
                [Arg.buf("in"), Arg.buf("partial"), Arg.local(4 * lsize),
                 Arg.scalar("uint", n)])],
        reference, seed=101)


# (b) prefix scan: work-group scan + block sums


def scan_spec(n=65536, lsize=256):
    nblocks = n // lsize
    assert n % lsize == 0 and nblocks <= lsize

    def reference(x):
        out = np.cumsum(x["in"].astype(np.uint64)) % (1 << 32)
        sums = x["in"].astype(np.uint64).reshape(nblocks, lsize).sum(axis=1)
        excl = (np.cumsum(sums) - sums) % (1 << 32)
        return {"out": out.astype(np.uint32),
                "block_sums": excl.astype(np.uint32)}

    return Spec(
        "scan", "scan.cl", "CL1.2",
        [Buffer("in", "uint", n, randint(0, 1 << 20)),
         Buffer("out", "uint", n, fill(0), output=True),
         Buffer("block_sums", "uint", nblocks, fill(0), output=True)],
        [Launch("scan_blocks", (n,), (lsize,),
                [Arg.buf("in"), Arg.buf("out"), Arg.buf("block_sums"),
                 Arg.local(2 * 4 * lsize), Arg.scalar("uint", n)]),
         Launch("scan_block_sums", (lsize,), (lsize,),
                [Arg.buf("block_sums"), Arg.local(2 * 4 * lsize),
                 Arg.scalar("uint", nblocks)]),
         Launch("add_block_offsets", (n,), (lsize,),
                [Arg.buf("out"), Arg.buf("block_sums"), Arg.scalar("uint", n)])],
        reference, seed=102)


# (c) histogram with local and global atomics


def histogram_spec(n=262144, groups=64, lsize=256):
    def reference(x):
        d = x["data"]
        return {"bins": np.bincount(d, minlength=256).astype(np.uint32),
                "range": np.array([d.max(), d.min()], dtype=np.uint32)}

    return Spec(
        "histogram", "histogram.cl", "CL1.2",
        # Bins 0-2 and 200-255 stay empty; the extremes are neither 0 nor 255.
        [Buffer("data", "uchar", n, randint(3, 200)),
         Buffer("bins", "uint", 256, fill(0), output=True),
         Buffer("range", "uint", 2, values([0, 0xFFFFFFFF]), output=True)],
        [Launch("histogram256", (groups * lsize,), (lsize,),
                [Arg.buf("data"), Arg.buf("bins"), Arg.buf("range"),
                 Arg.scalar("uint", n)])],
        reference, seed=103)


# (d) tiled transpose with a __local pointer argument


def transpose_spec(width=256, height=192, tile=16):
    def reference(x):
        return {"out": x["in"].reshape(height, width).T.reshape(-1).copy()}

    return Spec(
        "transpose", "transpose.cl", "CL1.2",
        [Buffer("out", "float", width * height, fill(0), output=True),
         Buffer("in", "float", width * height, uniform(-100.0, 100.0))],
        [Launch("transpose", (width, height), (tile, tile),
                [Arg.buf("out"), Arg.buf("in"),
                 Arg.local(4 * tile * (tile + 1)),
                 Arg.scalar("uint", width), Arg.scalar("uint", height)])],
        reference, seed=104)


# (e) tiled matrix multiply with two __local pointer arguments


def matmul_spec(M=128, N=192, K=160, tile=16):
    def reference(x):
        a = x["A"].astype(np.float64).reshape(M, K)
        b = x["B"].astype(np.float64).reshape(K, N)
        return {"C": (a @ b).reshape(-1)}

    return Spec(
        "matmul", "matmul.cl", "CL1.2",
        [Buffer("A", "float", M * K, uniform(-1.0, 1.0)),
         Buffer("B", "float", K * N, uniform(-1.0, 1.0)),
         Buffer("C", "float", M * N, fill(0), output=True,
                rtol=1e-4, atol=1e-4 * K)],
        [Launch("matmul", (N, M), (tile, tile),
                [Arg.buf("A"), Arg.buf("B"), Arg.buf("C"),
                 Arg.local(4 * tile * tile), Arg.local(4 * tile * tile),
                 Arg.scalar("uint", M), Arg.scalar("uint", N),
                 Arg.scalar("uint", K)])],
        reference, seed=105)


# (f) 2-D 5-point stencil with a local tile and halo


def stencil_spec(width=192, height=128, c0=0.5, c1=0.125):
    def reference(x):
        a = x["in"].astype(np.float64).reshape(height, width)
        p = np.pad(a, 1, mode="edge")
        nb = p[:-2, 1:-1] + p[2:, 1:-1] + p[1:-1, :-2] + p[1:-1, 2:]
        return {"out": (c0 * a + c1 * nb).reshape(-1)}

    return Spec(
        "stencil", "stencil.cl", "CL1.2",
        [Buffer("in", "float", width * height, uniform(0.0, 10.0)),
         Buffer("out", "float", width * height, fill(0), output=True,
                rtol=1e-5, atol=1e-5)],
        [Launch("stencil5", (width, height), (16, 16),
                [Arg.buf("in"), Arg.buf("out"), Arg.scalar("int", width),
                 Arg.scalar("int", height), Arg.scalar("float", c0),
                 Arg.scalar("float", c1)])],
        reference, seed=106)


# (g) last-work-group-finishes sum with OpenCL 2.0 fences and atomics


def last_block_sum_spec(n=65536, groups=32, lsize=256):
    gsize = groups * lsize
    assert n % gsize == 0

    def reference(x):
        per_item = x["in"].astype(np.uint64).reshape(-1, gsize).sum(axis=0)
        partial = per_item.reshape(groups, lsize).sum(axis=1) % (1 << 32)
        total = x["in"].astype(np.uint64).sum() % (1 << 32)
        return {"partial": partial.astype(np.uint32),
                "total": np.array([total], dtype=np.uint32),
                "counter": np.array([groups], dtype=np.uint32)}

    return Spec(
        "last_block_sum", "last_block_sum.cl", "CL3.0",
        # Large values so that the sum wraps around 2^32.
        [Buffer("in", "uint", n, randint(0, 1 << 31)),
         Buffer("partial", "uint", groups, fill(0), output=True),
         Buffer("total", "uint", 1, fill(0), output=True),
         Buffer("counter", "uint", 1, fill(0), output=True)],
        [Launch("last_block_sum", (gsize,), (lsize,),
                [Arg.buf("in"), Arg.buf("partial"), Arg.buf("total"),
                 Arg.buf("counter"), Arg.local(4 * lsize),
                 Arg.scalar("uint", n)])],
        reference, seed=107, also_valid=["CL2.0"])


# (h) vector types


def vectors_spec(items=2048, lsize=64, t=0.375):
    def reference(x):
        f32 = np.float32
        fin = x["fin"].reshape(items, 8)
        a, b = fin[:, :4], fin[:, 4:]
        r = a[:, [3, 2, 1, 0]] + b[:, [0, 0, 1, 1]]
        r[:, [0, 2]] = r[:, [2, 0]]
        r[:, 2:] = r[:, 2:] * f32(2.0)
        m = a + (b - a) * f32(t)
        c = np.clip(a * f32(2.0) - b, f32(-1.0), f32(1.0))
        w = np.concatenate([m, c], axis=1)
        e = w[:, 0::2] + w[:, 1::2]
        d = (a.astype(np.float64) * b).sum(axis=1, keepdims=True)
        fout = np.concatenate([r + e * d, np.where(a > b, c, m)], axis=1)

        i64 = np.int64
        p = x["iin"].reshape(items, 2).astype(i64)
        q = np.concatenate([p, p[:, ::-1] * 3], axis=1)
        q = np.abs(q)
        g = (a.view(np.int32).astype(i64) >> 23) & 0xFF
        m24 = p[:, 0] * p[:, 1] + q[:, 2]
        i1 = np.clip(q, 0, 500) + np.trunc(a * f32(64.0)).astype(i64) + (g - 127)
        m24_bytes = m24.astype(np.int32).view(np.uint8).reshape(items, 4)
        i2 = np.stack([q[:, 1], q[:, 3], m24, p[:, 1] * 3 - p[:, 0]], axis=1)
        i2 = i2 ^ (m24_bytes.astype(i64) + (p[:, 0:1] * 2))
        iout = np.concatenate([i1, i2], axis=1).astype(np.int32)

        u = x["bin"].reshape(items, 16).astype(i64)
        v = u[:, ::-1].copy()
        v[:, 0::2] = u[:, 1::2]
        v[:, :8] = np.minimum(v[:, :8] + u[:, 8:], 255)
        o = v ^ 0x5A
        o[:, 0] = np.clip(p[:, 0], 0, 255)
        o[:, 5] = np.clip(p[:, 1], 0, 255)
        return {"fout": fout.reshape(-1), "iout": iout.reshape(-1),
                "bout": o.astype(np.uint8).reshape(-1)}

    return Spec(
        "vectors", "vectors.cl", "CL1.2",
        [Buffer("fin", "float", 8 * items, uniform(-2.0, 2.0)),
         Buffer("iin", "int", 2 * items, randint(-1000, 1001)),
         Buffer("bin", "uchar", 16 * items, randint(0, 256)),
         Buffer("fout", "float", 8 * items, fill(0), output=True,
                rtol=1e-5, atol=1e-5),
         Buffer("iout", "int", 8 * items, fill(0), output=True),
         Buffer("bout", "uchar", 16 * items, fill(0), output=True)],
        [Launch("vector_ops", (items,), (lsize,),
                [Arg.buf("fin"), Arg.buf("iin"), Arg.buf("bin"),
                 Arg.buf("fout"), Arg.buf("iout"), Arg.buf("bout"),
                 Arg.scalar("float", t)])],
        reference, seed=108)


def all_specs():
    """The test instances (small: run on PoCL, data committed)."""
    return [
        reduce_spec(),
        scan_spec(),
        histogram_spec(),
        transpose_spec(),
        matmul_spec(),
        stencil_spec(),
        last_block_sum_spec(),
        vectors_spec(),
    ]


def bench_specs():
    """Larger instances for timing on the GPU only: the CUDA driver generates
    their inputs itself (no data files) and checks the translated kernel
    against the hand-written baseline."""
    return [
        reduce_spec(n=1 << 24, groups=1024, lsize=256),
        transpose_spec(width=4096, height=4096),
        matmul_spec(M=1024, N=1024, K=1024),
    ]
