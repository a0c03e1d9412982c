"""The full route run: a deterministic, stratified sample of the
enumerator's space (xfmodel/shapes.py).

The space has about 45 million tests (`python3 -m xfmodel enumerate
--count`), far beyond what 2 cores check in 30 minutes, so the full run is
a covering sample: for every family of the enumerator (shape x placement x
spaces x data mode), tests i = 0 .. k-1, where k is the longest token list
of the family's threads, and thread t of test i takes token
(i + t * stride) mod len(tokens of t), stride = 7 (so that threads do not
move in lock step). Each token names the synchronization of one thread
(its kind: plain, fence, acquire/release, seq_cst, read-modify-write or
barrier; its order; its scope; for barriers the execution scope and the
spaces), so every shape x placement x spaces x data mode x thread position
x token, hence every shape x scope x order x space x placement, is in the
sample at least once, and every route runs the whole sample. The order is
fixed: no randomness.
"""

from .. import shapes


def covering_specs(part=0, parts=1):
    """The spec strings of the covering sample; with `parts` > 1, every
    parts-th one starting at `part` (a deterministic shard)."""
    n = 0
    for shape, placement, spaces, data, toks in shapes._families():
        k = max(len(t) for t in toks)
        for i in range(k):
            combo = tuple(t[(i + j * 7) % len(t)] for j, t in enumerate(toks))
            if n % parts == part:
                yield ":".join((shape, placement, spaces, data) + combo)
            n += 1


def covering_tests(part=0, parts=1):
    for spec in covering_specs(part, parts):
        yield shapes.build(spec)
