"""check_names.py PAIRS COLUMN DIR[:DIR...] [ABSENT,...]: checks that every
name of column COLUMN (1 or 2) of a `cuda hip` pair list is declared
somewhere in the headers under the DIRs (as a whole word), except the names
ABSENT."""
import os
import re
import sys

pairs, column, root = sys.argv[1], int(sys.argv[2]), sys.argv[3]
absent = set(sys.argv[4].split(",")) if len(sys.argv) > 4 else set()
names = [line.split()[column - 1] for line in open(pairs) if line.strip()]
names = [n for n in names if n not in absent]
text = []
for dirpath, subdirs, files in (w for r in root.split(":") for w in os.walk(r)):
    # HIP's headers for NVIDIA's platform name HIP functions that the AMD
    # platform may lack (hipDeviceSetLimit in HIP 5.2): not searched.
    subdirs[:] = [d for d in subdirs if d not in ("nvidia_detail", "nvcc_detail")]
    for f in files:
        if f.endswith((".h", ".hpp", ".inl")) or "." not in f:
            try:
                text.append(open(os.path.join(dirpath, f), errors="replace").read())
            except OSError:
                pass
corpus = "\n".join(text)
missing = [n for n in names if not re.search(r"\b%s\b" % re.escape(n), corpus)]
if missing:
    print("not declared under %s: %s" % (root, " ".join(missing)))
    sys.exit(1)
print("%d names found under %s" % (len(names), root))
