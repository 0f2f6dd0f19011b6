"""test_numba.py - kperm.numba: every device function it declares, called from
@numba.cuda.jit kernels and compared with the host helpers (kperm.unrank,
kperm.comb_unrank, ... and Python walks of the same orders), all ranks of
small spaces; the derangements of 13 by the documented block walk. Without
numba-cuda, `import kperm.numba` must raise an ImportError that names
numba-cuda; without a GPU the kernels print SKIP.   python test_numba.py"""
import itertools
import sys

import numpy as np

import kperm

failed = 0


def check(ok, what):
    global failed
    print("%s numba: %s" % ("PASS" if ok else "FAIL", what))
    failed += not ok


try:
    import numba  # noqa: F401
except ImportError:
    try:
        import kperm.numba  # noqa: F401
        check(False, "import kperm.numba without numba-cuda raised nothing")
    except ImportError as e:
        check("numba-cuda" in str(e), "import kperm.numba without numba-cuda: ImportError naming it (%s)" % e)
    print("SKIP numba: kernels: no numba-cuda")
    sys.exit(failed != 0)

if not hasattr(np, "row_stack"):  # numba-cuda 0.30 reads np.row_stack, which numpy 2.5 removed
    np.row_stack = np.vstack
from numba import cuda  # noqa: E402

if not cuda.is_available():
    print("SKIP numba: kernels: no GPU")
    sys.exit(0)

import kperm.numba as kn  # noqa: E402
from kperm.numba import STATE_WORDS  # noqa: E402

u8, u64, i32 = np.uint8, np.uint64, np.int32
called = set()


def uses(*names):
    called.update(names)


# ---- permutations of 7: unrank, rank_of, next, skip, count, one thread a rank
N = 7
TOTAL = 5040


@cuda.jit
def perm_calls(n, perms, after_next, next_rc, skipped, skip_rc, ranks, status):
    r = cuda.grid(1)
    if r >= TOTAL:
        return
    p = cuda.local.array(20, u8)
    out = cuda.local.array(1, u64)
    st = kn.unrank(r, n, p)
    for i in range(n):
        perms[r, i] = p[i]
    st |= kn.rank_of(p, n, out)
    ranks[r] = out[0]
    if r == 0:
        status[1] = kn.count(n, out)
        status[2] = out[0]
    next_rc[r] = kn.next(p, n)
    for i in range(n):
        after_next[r, i] = p[i]
    kn.unrank(r, n, p)
    skip_rc[r] = kn.skip(p, n, 2)
    for i in range(n):
        skipped[r, i] = p[i]
    if st:
        status[0] = st


uses("unrank", "rank_of", "count", "next", "skip")
perms = np.zeros((TOTAL, N), u8)
after, skipped = np.zeros_like(perms), np.zeros_like(perms)
next_rc, skip_rc, status = np.zeros(TOTAL, i32), np.zeros(TOTAL, i32), np.zeros(3, u64)
ranks = np.zeros(TOTAL, u64)
perm_calls[(TOTAL + 127) // 128, 128](N, perms, after, next_rc, skipped, skip_rc, ranks, status)
want = kperm.permutations(N)
check(status[0] == 0 and (perms == want).all() and (ranks == np.arange(TOTAL)).all(),
      "unrank and rank_of over all 5040 permutations of 7 equal kperm.permutations")
check(status[1] == 0 and status[2] == TOTAL, "count(7) = 5040")
check((after[:-1] == want[1:]).all() and (after[-1] == want[0]).all() and next_rc[-1] == -1
      and (next_rc[:-1] >= 0).all(), "next steps every permutation to the next rank, the last to the first (KPERM_END)")
block = 24  # 4!: the ranks sharing positions 0..2
want_skip = np.array([kperm.unrank(((r // block + 1) * block) % TOTAL, N) for r in range(TOTAL)], u8)
check((skipped == want_skip).all() and (skip_rc[-block:] == -1).all() and (skip_rc[:-block] >= 0).all(),
      "skip(perm, 7, 2) lands on the next prefix of 3, KPERM_END past the last")


# ---- the cursor and the block walk over split ranges, one visit log a rank
@cuda.jit
def cursor_walk(n, total, cur_perm, cur_get_ok, cur_pivot, walk_perm, walk_pivot, status):
    t = cuda.grid(1)
    part = cuda.local.array(2, u64)
    c = cuda.local.array(STATE_WORDS, u64)
    w = cuda.local.array(STATE_WORDS, u64)
    p = cuda.local.array(20, u8)
    st = kn.split(0, total, cuda.gridsize(1), t, part)
    st |= kn.cursor_init(c, n, part[0], part[1])
    while kn.cursor_next(c):
        r = kn.cursor_rank(c)
        kn.cursor_perm(c, p)
        ok = 1
        for i in range(n):
            cur_perm[r, i] = p[i]
            ok &= kn.cursor_get(c, i) == p[i]
        cur_get_ok[r] = ok
        cur_pivot[r] = kn.cursor_pivot(c)
    st |= kn.walk_init(w, n, part[0], part[1])
    r = part[0]
    while kn.walk_block(w):
        for k in range(kn.walk_first(w), kn.walk_last(w)):
            word = kn.walk_word(w, k)
            for i in range(n):
                walk_perm[r, i] = kn.packed_get(word, i)
            walk_pivot[r] = kn.walk_pivot(w, k)
            r += u64(1)  # uint64 + int64 would be a float64 in Numba
    if st:
        status[0] = st


uses("split", "cursor_init", "cursor_next", "cursor_rank", "cursor_perm", "cursor_get", "cursor_pivot",
     "walk_init", "walk_block", "walk_first", "walk_last", "walk_word", "packed_get", "walk_pivot")
cur_perm, walk_perm = np.zeros_like(perms), np.zeros_like(perms)
cur_get_ok, cur_pivot, walk_pivot = np.zeros(TOTAL, i32), np.full(TOTAL, 99, i32), np.full(TOTAL, 99, i32)
status = np.zeros(1, u64)
cursor_walk[3, 32](N, TOTAL, cur_perm, cur_get_ok, cur_pivot, walk_perm, walk_pivot, status)  # 96 uneven parts
# the pivot: the first position that differs from the permutation before it
# (0 at each part's first rank)
parts = np.array_split(np.arange(TOTAL), 96)  # kperm_split's parts: the first ones one longer
pivot = np.array([0 if r == 0 else int(np.argmax(want[r] != want[r - 1])) for r in range(TOTAL)], i32)
for part in parts:
    if len(part):
        pivot[part[0]] = 0
check(status[0] == 0 and (cur_perm == want).all() and cur_get_ok.all() and (cur_pivot == pivot).all(),
      "the cursor over 96 parts from split: every permutation once, cursor_get = cursor_perm, pivots")
check((walk_perm == want).all() and (walk_pivot == pivot).all(),
      "the block walk over the same parts: every word, its pivot")


# ---- the skips of the cursor and the walk: visit the permutations of 7
# whose first element is not 3, skipping the rest of a prefix at position 0
@cuda.jit
def skips(n, total, log, count):
    c = cuda.local.array(STATE_WORDS, u64)
    w = cuda.local.array(STATE_WORDS, u64)
    kn.cursor_init(c, n, 0, total)
    m = 0
    while kn.cursor_next(c):
        if kn.cursor_get(c, 0) == 3:
            kn.cursor_skip(c, 0)
            continue
        log[0, m] = kn.cursor_rank(c)
        m += 1
    count[0] = m
    kn.walk_init(w, n, 0, total)
    m = 0
    while kn.walk_block(w):
        for k in range(kn.walk_first(w), kn.walk_last(w)):
            if kn.packed_get(kn.walk_word(w, k), 0) == 3:
                count[2] = kn.walk_skip(w, 0)
                break
            log[1, m] = kn.walk_word(w, k)
            m += 1
    count[1] = m


uses("cursor_skip", "walk_skip")
log, count = np.zeros((2, TOTAL), u64), np.zeros(3, u64)
skips[1, 1](N, TOTAL, log, count)
kept = [r for r in range(TOTAL) if want[r][0] != 3]
words = [sum(int(v) << (4 * i) for i, v in enumerate(want[r])) for r in kept]
check(count[0] == len(kept) and log[0, :len(kept)].tolist() == kept,
      "cursor_skip(c, 0) on element 3 first: the cursor visits the %d others, in order" % len(kept))
check(count[1] == len(kept) and log[1, :len(kept)].tolist() == words,
      "walk_skip(w, 0) on element 3 first: the walk visits the same, as packed words")


# ---- combinations (8, 3): masks, lists and the cursor
CN, CK = 8, 3
COMBS = [c for c in itertools.combinations(range(CN), CK)]
CT = len(COMBS)


@cuda.jit
def comb_calls(masks, next_masks, next_rc, ranks, lists, skip_rc, cur_masks, status):
    r = cuda.grid(1)
    one = cuda.local.array(1, u64)
    lst = cuda.local.array(3, u8)
    c = cuda.local.array(STATE_WORDS, u64)
    if r < CT:
        st = kn.comb_unrank_mask(r, CN, CK, one)
        masks[r] = one[0]
        st |= kn.comb_rank_of_mask(one[0], CN, ranks[r:])
        next_rc[r] = kn.comb_next_mask(one, CN)
        next_masks[r] = one[0]
        m = masks[r]
        for i in range(CK):  # the subset as a list, ascending
            v = u64(0)
            while not (m >> v) & u64(1):
                v += u64(1)
            lst[i] = v
            m &= m - u64(1)
        skip_rc[r] = kn.comb_skip(lst, CN, CK, 0)
        for i in range(CK):
            lists[r, i] = lst[i]
        if r == 0:
            st |= kn.comb_count(CN, CK, one)
            status[1] = one[0]
            kn.comb_cursor_init(c, CN, CK, 0, CT)
            m = 0
            while kn.comb_cursor_next(c):
                if kn.comb_cursor_mask(c) & u64(1):  # a subset holding 0: skip past every one with its first value
                    kn.comb_cursor_skip(c, 0)
                    continue
                cur_masks[m] = kn.comb_cursor_mask(c)
                m += 1
            status[2] = m
        if st:
            status[0] = st


uses("comb_unrank_mask", "comb_rank_of_mask", "comb_next_mask", "comb_skip", "comb_count", "comb_cursor_init",
     "comb_cursor_next", "comb_cursor_mask", "comb_cursor_skip")
mask_of = [sum(1 << v for v in c) for c in COMBS]
masks, next_masks, ranks, cur_masks = np.zeros(CT, u64), np.zeros(CT, u64), np.zeros(CT, u64), np.zeros(CT, u64)
next_rc, skip_rc, lists, status = np.zeros(CT, i32), np.zeros(CT, i32), np.zeros((CT, CK), u8), np.zeros(3, u64)
comb_calls[1, 64](masks, next_masks, next_rc, ranks, lists, skip_rc, cur_masks, status)
check(status[0] == 0 and masks.tolist() == mask_of and (ranks == np.arange(CT)).all() and status[1] == CT,
      "comb_unrank_mask and comb_rank_of_mask over C(8, 3), comb_count = 56")
check(next_masks.tolist() == mask_of[1:] + mask_of[:1] and next_rc[-1] == -1,
      "comb_next_mask steps each mask to the next rank, the last to the first")
skip_want = [COMBS[next((j for j in range(r, CT) if COMBS[j][0] != COMBS[r][0]), 0)] for r in range(CT)]
check(lists.tolist() == [list(c) for c in skip_want] and skip_rc[-1] == -1,
      "comb_skip(list, 8, 3, 0): the next subset with another first value")
visited = [m for m in mask_of if not m & 1]  # the first subset holds 0: the skip passes every one that does
check(status[2] == len(visited) and cur_masks[:len(visited)].tolist() == visited,
      "the combination cursor with comb_cursor_skip past the subsets holding 0")


# ---- Gray code (6) and revolving door (7, 3) cursors
@cuda.jit
def subsets(gray_mask, gray_bit, rd_mask, rd_out, rd_in, skipped):
    t = cuda.grid(1)
    part = cuda.local.array(2, u64)
    c = cuda.local.array(STATE_WORDS, u64)
    kn.split(0, 64, cuda.gridsize(1), t, part)
    kn.gray_cursor_init(c, 6, part[0], part[1])
    r = part[0]
    while kn.gray_cursor_next(c):
        gray_mask[r] = kn.gray_cursor_mask(c)
        gray_bit[r] = kn.gray_cursor_bit(c)
        r += u64(1)
    kn.split(0, 35, cuda.gridsize(1), t, part)
    kn.revdoor_cursor_init(c, 7, 3, part[0], part[1])
    r = part[0]
    while kn.revdoor_cursor_next(c):
        rd_mask[r] = kn.revdoor_cursor_mask(c)
        rd_out[r] = kn.revdoor_cursor_out(c)
        rd_in[r] = kn.revdoor_cursor_in(c)
        r += u64(1)
    if t == 0:
        kn.gray_cursor_init(c, 6, 0, 64)
        kn.gray_cursor_next(c)
        kn.gray_cursor_skip(c, 9)  # after rank 0: the next visit is rank 1 + 9
        kn.gray_cursor_next(c)
        skipped[0] = kn.gray_cursor_mask(c)


uses("gray_cursor_init", "gray_cursor_next", "gray_cursor_mask", "gray_cursor_bit", "gray_cursor_skip",
     "revdoor_cursor_init", "revdoor_cursor_next", "revdoor_cursor_mask", "revdoor_cursor_out", "revdoor_cursor_in")
gray_mask, gray_bit = np.zeros(64, u64), np.full(64, 99, i32)
rd_mask, rd_out, rd_in, skipped = np.zeros(35, u64), np.full(35, 99, i32), np.full(35, 99, i32), np.zeros(1, u64)
subsets[1, 8](gray_mask, gray_bit, rd_mask, rd_out, rd_in, skipped)
gstarts = {int(p[0]) for p in np.array_split(np.arange(64), 8)}
check(gray_mask.tolist() == [kperm.gray_unrank(r, 6) for r in range(64)]
      and all(gray_bit[r] == (0 if r in gstarts else (r & -r).bit_length() - 1) for r in range(64)),
      "the Gray code cursor over 8 parts of 2^6: masks and flipped bits")
check(skipped[0] == kperm.gray_unrank(10, 6), "gray_cursor_skip(c, 9) after rank 0: the next visit is rank 10")
rmasks = [kperm.revdoor_unrank(r, 7, 3) for r in range(35)]
rstarts = {int(p[0]) for p in np.array_split(np.arange(35), 8)}
ok = rd_mask.tolist() == rmasks
for r in range(35):
    gone, came = rmasks[r - 1] & ~rmasks[r], rmasks[r] & ~rmasks[r - 1]
    want_io = (0, 0) if r in rstarts else (gone.bit_length() - 1, came.bit_length() - 1)
    ok &= (rd_out[r], rd_in[r]) == want_io
check(ok, "the revolving-door cursor over 8 parts of C(7, 3): masks, the element out and the element in")



@cuda.jit
def strided(rows, out):
    out[0] = kn.rank_of(rows[0, ::2], 3, out)  # every other element: not one arrangement in memory


try:
    strided[1, 1](np.zeros((1, 6), u8), np.zeros(1, u64))
    check(False, "a strided view passed to kperm.numba compiled")
except Exception as e:
    check("C-contiguous" in str(e), "a strided view is refused when the kernel compiles (%s)"
          % str(e).strip().splitlines()[-1][:100])

missing = sorted(set(kn.FUNCTIONS) - called)
check(not missing, "every function of kperm.numba called (%d)%s" % (len(kn.FUNCTIONS),
                                                                    ": missing " + ", ".join(missing) if missing else ""))

# ---- the documented walk: the derangements of 13
IDENT = sum(i << (4 * i) for i in range(13))
ONES = sum(1 << (4 * i) for i in range(13))


@cuda.jit
def derangements(n, total, out):
    t = cuda.grid(1)
    part = cuda.local.array(2, u64)
    w = cuda.local.array(STATE_WORDS, u64)
    kn.split(0, total, cuda.gridsize(1), t, part)
    kn.walk_init(w, n, part[0], part[1])
    found = 0
    while kn.walk_block(w):
        for k in range(kn.walk_first(w), kn.walk_last(w)):
            x = kn.walk_word(w, k) ^ u64(IDENT)  # a 0 nibble: a fixed point
            found += ((x - u64(ONES)) & ~x & u64(8 * ONES)) == 0
    out[t] = found


out = cuda.device_array(132 * 4 * 256, u64)
derangements[132 * 4, 256](13, kperm.count(13), out)
check(int(out.copy_to_host().sum()) == 2290792932, "the derangements of 13 by the block walk: 2290792932")
sys.exit(failed != 0)
