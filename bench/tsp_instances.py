"""tsp_instances.py - writes the generated TSPLIB instances kperm-tsp's pruned
benchmarks use beside TSPLIB's files: lattices with odd sides (many tours of
one length, so the bound proves little) and uniform and clustered random
cities in a 1000 x 1000 square (EUC_2D). Each file is a function of its
name, so a run anywhere writes the same bytes.
    python3 bench/tsp_instances.py DIR [NAME ...]
NAME: gridRxC (R x C lattice, spacing 100), unifN_sS (N uniform cities,
seed S), clustN_sS (N cities in 8 Gaussian clusters, seed S); with no NAME
the default set below."""
import os
import random
import re
import sys

DEFAULT = ["grid7x9", "grid5x11", "unif64_s12", "unif64_s7", "clust64_s3", "clust64_s5"]


def cities(name):
    """the (x, y) of each city of `name`"""
    m = re.fullmatch(r"grid(\d+)x(\d+)", name)
    if m:
        rows, cols = int(m.group(1)), int(m.group(2))
        return [(100 * c, 100 * r) for r in range(rows) for c in range(cols)]
    m = re.fullmatch(r"(unif|clust)(\d+)_s(\d+)", name)
    if not m:
        raise SystemExit("tsp_instances.py: %s: not gridRxC, unifN_sS or clustN_sS" % name)
    rng = random.Random(int(m.group(3)))
    n = int(m.group(2))
    if m.group(1) == "unif":
        return [(rng.randrange(1000), rng.randrange(1000)) for _ in range(n)]
    centres = [(rng.uniform(100, 900), rng.uniform(100, 900)) for _ in range(8)]
    out = []
    for i in range(n):
        cx, cy = centres[i % 8]
        out.append((min(999, max(0, round(rng.gauss(cx, 40)))), min(999, max(0, round(rng.gauss(cy, 40))))))
    return out


def write(directory, name):
    points = cities(name)
    path = os.path.join(directory, name + ".tsp")
    with open(path, "w") as f:
        f.write("NAME : %s\nTYPE : TSP\nCOMMENT : bench/tsp_instances.py %s\nDIMENSION : %d\n"
                "EDGE_WEIGHT_TYPE : EUC_2D\nNODE_COORD_SECTION\n" % (name, name, len(points)))
        for i, (x, y) in enumerate(points):
            f.write("%d %d %d\n" % (i + 1, x, y))
        f.write("EOF\n")
    return path


if __name__ == "__main__":
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    os.makedirs(sys.argv[1], exist_ok=True)
    for name in sys.argv[2:] or DEFAULT:
        print(write(sys.argv[1], name))
