"""kperm inside Numba CUDA kernels: the C library's device functions, called
from @numba.cuda.jit code.

    import numpy
    from numba import cuda
    import kperm.numba as kn
    from kperm.numba import STATE_WORDS  # a global: Numba needs a constant shape

    @cuda.jit
    def derangements(n, total, found):
        t = cuda.grid(1)
        part = cuda.local.array(2, numpy.uint64)  # outputs are arrays, as C's pointers are
        c = cuda.local.array(STATE_WORDS, numpy.uint64)  # a cursor's state
        kn.split(0, total, cuda.gridsize(1), t, part)
        kn.cursor_init(c, n, part[0], part[1])
        mine = 0
        while kn.cursor_next(c):
            ...

Every function is kperm's own CUDA code (cu/kperm_cuda_device.h, compiled
by NVRTC when a kernel first uses one, with its tables built in: nothing to
upload), wrapped by a one-line C function in Numba's calling convention and
declared with numba.cuda.declare_device. Numba links it with link-time
optimisation where nvJitLink is present (numba-cuda's default), so the calls
inline into the kernel as they do in CUDA C.

Arguments follow the C calls one for one (FUNCTIONS lists them): ranks are
uint64, sizes int32, an arrangement is a uint8 array (a local or device
array), a C output pointer is an array whose first element (or two, for
split) receives the value, and a cursor (kperm_cursor, kperm_walk,
kperm_comb_cursor, kperm_gray_cursor, kperm_revdoor_cursor) is a uint64
array of STATE_WORDS that only these functions read or write. Every call
returns what the C call returns: a status (kperm.E_N and the others; 0 is
KPERM_OK), a pivot, or a value. Fields C users read from a cursor's struct
are functions here (cursor_get, walk_first, comb_cursor_mask, ...).

Importing this module needs numba-cuda (pip install numba-cuda); it does
not need a GPU until a kernel runs.
"""
try:
    import numpy
    from numba import cuda
except ImportError as e:  # pragma: no cover - depends on the installation
    raise ImportError("kperm.numba needs numba-cuda (pip install numba-cuda[cu13] or numba-cuda[cu12]): %s" % e)
try:
    from numba.cuda import types
    from numba.cuda.extending import intrinsic
except ImportError:  # numba-cuda before its own copy of Numba's core
    from numba import types
    from numba.core.extending import intrinsic
if not hasattr(cuda, "declare_device") or not hasattr(cuda, "CUSource"):
    raise ImportError("kperm.numba needs numba-cuda, with numba.cuda.CUSource (numba-cuda 0.4 or later; "
                      "Numba's own older CUDA target is not enough): pip install numba-cuda")

from . import cuda_source

# the uint64 words of a cursor's state: each C struct fits (the source asserts it)
STATE_WORDS = 8
_STATES = ("kperm_cursor", "kperm_walk", "kperm_comb_cursor", "kperm_gray_cursor", "kperm_revdoor_cursor")

# name: (Numba signature, the C call on arguments a0, a1, ...). A cursor is
# passed as uint64 * and cast to its struct in the call.
FUNCTIONS = {
    # permutations in lexicographic order (kperm/lex.h, range.h, skip.h)
    "count": ("int32(int32, CPointer(uint64))", "kperm_count(a0, a1)"),
    "split": ("int32(uint64, uint64, uint64, uint64, CPointer(uint64))", "kperm_split(a0, a1, a2, a3, a4, a4 + 1)"),
    "unrank": ("int32(uint64, int32, CPointer(uint8))", "kperm_unrank(a0, a1, a2)"),
    "rank_of": ("int32(CPointer(uint8), int32, CPointer(uint64))", "kperm_rank_of(a0, a1, a2)"),
    "next": ("int32(CPointer(uint8), int32)", "kperm_next(a0, a1)"),
    "skip": ("int32(CPointer(uint8), int32, int32)", "kperm_skip(a0, a1, a2)"),
    # the permutation cursor (kperm/cursor.h)
    "cursor_init": ("int32(CPointer(uint64), int32, uint64, uint64)",
                    "kperm_cursor_init((kperm_cursor *)a0, a1, a2, a3)"),
    "cursor_next": ("int32(CPointer(uint64))", "kperm_cursor_next((kperm_cursor *)a0)"),
    "cursor_get": ("int32(CPointer(uint64), int32)", "kperm_cursor_get((const kperm_cursor *)a0, a1)"),
    "cursor_perm": ("int32(CPointer(uint64), CPointer(uint8))",
                    "(kperm_cursor_perm((const kperm_cursor *)a0, a1), KPERM_OK)"),
    "cursor_rank": ("uint64(CPointer(uint64))", "((const kperm_cursor *)a0)->rank"),
    "cursor_pivot": ("int32(CPointer(uint64))", "((const kperm_cursor *)a0)->pivot"),
    "cursor_skip": ("int32(CPointer(uint64), int32)", "kperm_cursor_skip((kperm_cursor *)a0, a1)"),
    # the block walk, n <= 16 (kperm/walk.h)
    "walk_init": ("int32(CPointer(uint64), int32, uint64, uint64)", "kperm_walk_init((kperm_walk *)a0, a1, a2, a3)"),
    "walk_block": ("int32(CPointer(uint64))", "kperm_walk_block((kperm_walk *)a0)"),
    "walk_first": ("uint32(CPointer(uint64))", "((const kperm_walk *)a0)->first"),
    "walk_last": ("uint32(CPointer(uint64))", "((const kperm_walk *)a0)->last"),
    "walk_word": ("uint64(CPointer(uint64), uint32)", "kperm_walk_word((const kperm_walk *)a0, a1)"),
    "walk_pivot": ("int32(CPointer(uint64), uint32)", "kperm_walk_pivot((const kperm_walk *)a0, a1)"),
    "walk_skip": ("int32(CPointer(uint64), int32)", "kperm_walk_skip((kperm_walk *)a0, a1)"),
    "packed_get": ("int32(uint64, int32)", "kperm_packed_get(a0, a1)"),
    # combinations in lexicographic order, as masks (kperm/comb.h)
    "comb_count": ("int32(int32, int32, CPointer(uint64))", "kperm_comb_count(a0, a1, a2)"),
    "comb_unrank_mask": ("int32(uint64, int32, int32, CPointer(uint64))", "kperm_comb_unrank_mask(a0, a1, a2, a3)"),
    "comb_rank_of_mask": ("int32(uint64, int32, CPointer(uint64))", "kperm_comb_rank_of_mask(a0, a1, a2)"),
    "comb_next_mask": ("int32(CPointer(uint64), int32)", "kperm_comb_next_mask(a0, a1)"),
    "comb_skip": ("int32(CPointer(uint8), int32, int32, int32)", "kperm_comb_skip(a0, a1, a2, a3)"),
    "comb_cursor_init": ("int32(CPointer(uint64), int32, int32, uint64, uint64)",
                         "kperm_comb_cursor_init((kperm_comb_cursor *)a0, a1, a2, a3, a4)"),
    "comb_cursor_next": ("int32(CPointer(uint64))", "kperm_comb_cursor_next((kperm_comb_cursor *)a0)"),
    "comb_cursor_mask": ("uint64(CPointer(uint64))", "((const kperm_comb_cursor *)a0)->mask"),
    "comb_cursor_skip": ("int32(CPointer(uint64), int32)", "kperm_comb_cursor_skip((kperm_comb_cursor *)a0, a1)"),
    # subsets in Gray code order (kperm/gray.h)
    "gray_cursor_init": ("int32(CPointer(uint64), int32, uint64, uint64)",
                         "kperm_gray_cursor_init((kperm_gray_cursor *)a0, a1, a2, a3)"),
    "gray_cursor_next": ("int32(CPointer(uint64))", "kperm_gray_cursor_next((kperm_gray_cursor *)a0)"),
    "gray_cursor_mask": ("uint64(CPointer(uint64))", "((const kperm_gray_cursor *)a0)->mask"),
    "gray_cursor_bit": ("int32(CPointer(uint64))", "((const kperm_gray_cursor *)a0)->bit"),
    "gray_cursor_skip": ("int32(CPointer(uint64), uint64)", "kperm_gray_cursor_skip((kperm_gray_cursor *)a0, a1)"),
    # k-subsets in revolving-door order (kperm/revdoor.h)
    "revdoor_cursor_init": ("int32(CPointer(uint64), int32, int32, uint64, uint64)",
                            "kperm_revdoor_cursor_init((kperm_revdoor_cursor *)a0, a1, a2, a3, a4)"),
    "revdoor_cursor_next": ("int32(CPointer(uint64))", "kperm_revdoor_cursor_next((kperm_revdoor_cursor *)a0)"),
    "revdoor_cursor_mask": ("uint64(CPointer(uint64))", "((const kperm_revdoor_cursor *)a0)->mask"),
    "revdoor_cursor_out": ("int32(CPointer(uint64))", "((const kperm_revdoor_cursor *)a0)->out"),
    "revdoor_cursor_in": ("int32(CPointer(uint64))", "((const kperm_revdoor_cursor *)a0)->in"),
}

_C_TYPES = {"int32": "int", "uint32": "unsigned int", "uint64": "unsigned long long",
            "CPointer(uint8)": "unsigned char *", "CPointer(uint64)": "unsigned long long *"}


def _split_signature(signature):
    """'int32(uint64, CPointer(uint8))' -> ('int32', ['uint64', 'CPointer(uint8)'])"""
    result, args = signature.split("(", 1)
    return result, [a.strip() for a in args[:-1].split(",")]


def source():
    """The CUDA source every kernel using kperm.numba links: kperm's device
    code with its tables built in, and one wrapper per FUNCTIONS entry in
    Numba's calling convention (status 0, the result through the pointer)."""
    # 177: a static function never referenced, which NVRTC reports for every
    # kperm call a kernel does not use
    lines = ["#pragma nv_diag_suppress 177", "#define KPERM_CUDA_TABLES_IN_SOURCE 1", cuda_source()]
    lines += ["static_assert(sizeof(%s) <= %d, \"kperm.numba.STATE_WORDS holds a %s\");" % (s, 8 * STATE_WORDS, s)
              for s in _STATES]
    for name, (signature, call) in sorted(FUNCTIONS.items()):
        result, args = _split_signature(signature)
        params = "".join(", %s a%d" % (_C_TYPES[t], i) for i, t in enumerate(args))
        lines.append('extern "C" __device__ int kperm_numba_%s(%s *result%s) { *result = %s; return 0; }'
                     % (name, _C_TYPES[result], params, call))
    return "\n".join(lines) + "\n"


@intrinsic
def _arg(typingctx, x):
    """An array becomes the pointer to its data (what C's pointer argument
    takes); any other value passes as it is."""
    if isinstance(x, types.Array):
        if x.layout != "C":  # a strided view: C would read the wrong elements
            raise TypeError("kperm.numba takes C-contiguous arrays (a local array, or a row of a C-ordered "
                            "device array), not an array of layout %r: copy a strided view first" % x.layout)

        def codegen(context, builder, signature, args):
            return context.make_array(signature.args[0])(context, builder, args[0]).data
        return types.CPointer(x.dtype)(x), codegen

    def codegen(context, builder, signature, args):
        return args[0]
    return x(x), codegen


def _wrapper(foreign, arity):
    """A device function of `arity` arguments that hands them, arrays as
    pointers, to the declared foreign function."""
    if arity == 1:
        def call(a0):
            return foreign(_arg(a0))
    elif arity == 2:
        def call(a0, a1):
            return foreign(_arg(a0), _arg(a1))
    elif arity == 3:
        def call(a0, a1, a2):
            return foreign(_arg(a0), _arg(a1), _arg(a2))
    elif arity == 4:
        def call(a0, a1, a2, a3):
            return foreign(_arg(a0), _arg(a1), _arg(a2), _arg(a3))
    else:
        def call(a0, a1, a2, a3, a4):
            return foreign(_arg(a0), _arg(a1), _arg(a2), _arg(a3), _arg(a4))
    try:
        return cuda.jit(device=True, forceinline=True)(call)
    except TypeError:  # numba-cuda before forceinline: LTO inlines it anyway
        return cuda.jit(device=True)(call)


_LINK = cuda.CUSource(source())
for _name, (_signature, _call) in FUNCTIONS.items():
    _foreign = cuda.declare_device("kperm_numba_" + _name, _signature, link=_LINK)
    globals()[_name] = _wrapper(_foreign, len(_split_signature(_signature)[1]))

__all__ = ["STATE_WORDS", "FUNCTIONS", "source"] + sorted(FUNCTIONS)
