// Whole programs on the device: the primitives as device functions over one
// warp's values. `runtime/src/backends/cuda/whole.rs` generates one device
// function per program from the typed plan and the kernel that runs every
// (program, input) pair, one warp per evaluation; this file is prepended to
// that source. Grids live in the warp's memory (global, cached) and its 32 lanes share
// each grid's cells (lane k takes cells k, k + 32, ...); numbers and pairs
// are computed by every lane alike (registers), so every branch is taken by
// the whole warp. Each function ends with the warp synchronised, its result
// visible to every lane.
//
// Every function returns false where the reference would raise, where its
// result is not a non-empty grid of colours 0..9, or where a value does not
// fit the thread's storage: the evaluation then reports DEOPT and the host
// runs it on the CPU, which decides what such a case gives. So only the
// ordinary case is written here, and it matches `dsl.py` exactly.
//
// Compiled by NVRTC for the GPU and, with BATTGEN_HOST_TEST, as C++ on the
// host with a warp of one lane (the tests check it against the CPU runtime on
// machines without a GPU).

#ifdef BATTGEN_HOST_TEST
#define WARP 1
#define LANE 0
#define SYNC() ((void)0)
__device__ __forceinline__ int warp_sum(int v) { return v; }
__device__ __forceinline__ int warp_exclusive_sum(int v) { (void)v; return 0; }
__device__ __forceinline__ int warp_min(int v) { return v; }
__device__ __forceinline__ long long warp_min_i64(long long v) { return v; }
__device__ __forceinline__ void warp_best(int& at, long long& best, bool most) { (void)at; (void)best; (void)most; }
__device__ __forceinline__ int warp_max(int v) { return v; }
__device__ __forceinline__ unsigned warp_or(unsigned v) { return v; }
__device__ __forceinline__ bool warp_all(bool v) { return v; }
__device__ __forceinline__ unsigned warp_ballot(bool v) { return v ? 1u : 0u; }
__device__ __forceinline__ unsigned lanes_below() { return 0u; }
__device__ __forceinline__ int popc(unsigned m) { return __builtin_popcount(m); }
__device__ __forceinline__ int popcll(unsigned long long m) { return __builtin_popcountll(m); }
__device__ __forceinline__ unsigned long long warp_first(unsigned long long v) { return v; }
__device__ __forceinline__ int warp_lane(int v, int lane) { (void)lane; return v; }
__device__ __forceinline__ bool warp_any(bool v) { return v; }
__device__ __forceinline__ unsigned warp_peers(int v) { (void)v; return 1u; }
__device__ __forceinline__ void shared_add(int* p, int v) { *p += v; }
__device__ __forceinline__ void shared_or(unsigned* p, unsigned v) { *p |= v; }
__device__ __forceinline__ int lowest_bit(unsigned m) { return __builtin_ctz(m); }
__device__ __forceinline__ int lowest_bit64(unsigned long long m) { return __builtin_ctzll(m); }
#else
#define WARP 32
#define LANE ((int)(threadIdx.x & 31))
#define SYNC() __syncwarp()
__device__ __forceinline__ int warp_sum(int v) {
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}
// The sum of v over the lanes below this one.
__device__ __forceinline__ int warp_exclusive_sum(int v) {
    int x = v;
    for (int d = 1; d < 32; d <<= 1) {
        const int y = __shfl_up_sync(0xffffffffu, x, d);
        if (LANE >= d) x += y;
    }
    return x - v;
}
__device__ __forceinline__ int warp_min(int v) {
    for (int o = 16; o > 0; o >>= 1) v = min(v, __shfl_xor_sync(0xffffffffu, v, o));
    return v;
}
__device__ __forceinline__ long long warp_min_i64(long long v) {
    for (int o = 16; o > 0; o >>= 1) {
        const long long w = __shfl_xor_sync(0xffffffffu, v, o);
        v = w < v ? w : v;
    }
    return v;
}
// Each lane's best (place `at`, -1 for none; its key `best`) made the
// warp's: the greatest key (most) or the least, and of equal keys the
// first place, as Python's max and min give the first best element.
__device__ __forceinline__ void warp_best(int& at, long long& best, bool most) {
    for (int o = 16; o > 0; o >>= 1) {
        const int at2 = __shfl_xor_sync(0xffffffffu, at, o);
        const long long best2 = __shfl_xor_sync(0xffffffffu, best, o);
        const bool beats = at2 >= 0 &&
            (at < 0 || (most ? best2 > best : best2 < best) || (best2 == best && at2 < at));
        if (beats) {
            at = at2;
            best = best2;
        }
    }
}
__device__ __forceinline__ int warp_max(int v) {
    for (int o = 16; o > 0; o >>= 1) v = max(v, __shfl_xor_sync(0xffffffffu, v, o));
    return v;
}
__device__ __forceinline__ unsigned warp_or(unsigned v) {
    for (int o = 16; o > 0; o >>= 1) v |= __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}
__device__ __forceinline__ bool warp_all(bool v) { return __all_sync(0xffffffffu, v); }
__device__ __forceinline__ unsigned warp_ballot(bool v) { return __ballot_sync(0xffffffffu, v); }
__device__ __forceinline__ unsigned lanes_below() { return (1u << (threadIdx.x & 31)) - 1u; }
__device__ __forceinline__ int popc(unsigned m) { return __popc(m); }
__device__ __forceinline__ int popcll(unsigned long long m) { return __popcll(m); }
__device__ __forceinline__ unsigned long long warp_first(unsigned long long v) {
    return __shfl_sync(0xffffffffu, v, 0);
}
// Lane `lane`'s v, in every lane.
__device__ __forceinline__ int warp_lane(int v, int lane) { return __shfl_sync(0xffffffffu, v, lane); }
__device__ __forceinline__ bool warp_any(bool v) { return __any_sync(0xffffffffu, v); }
// The lanes holding the same value as this one (this one included).
__device__ __forceinline__ unsigned warp_peers(int v) { return __match_any_sync(0xffffffffu, v); }
__device__ __forceinline__ void shared_add(int* p, int v) { atomicAdd(p, v); }
__device__ __forceinline__ void shared_or(unsigned* p, unsigned v) { atomicOr(p, v); }
__device__ __forceinline__ int lowest_bit(unsigned m) { return __ffs(m) - 1; }
__device__ __forceinline__ int lowest_bit64(unsigned long long m) { return __ffsll(m) - 1; }
#endif

// With 4096 cells, upscaled grids of cross runs (a 30 x 30 grid upscaled 5
// times) were a sixth of the CPU time the device left on the public solvers.
#define WHOLE_CAP 16384     // cells of one grid value (128 x 128, 30 x 540, ...)
#define WHOLE_OUT_CAP 16384 // cells of one program output sent back
// An evaluation's status: its output is given, it is left to the CPU
// (DEOPT), or it raises the reference's error of this class (the host's
// `ErrorKind`, `raised_status` in whole.rs).
#define WHOLE_OK 0
#define WHOLE_DEOPT 1
#define WHOLE_OVERTIME 2       // left to the CPU at the launch's deadline (launch.rs's second pass)
#define WHOLE_RAISE_VALUE 3    // ValueError: max() or min() of nothing
#define WHOLE_RAISE_INDEX 4    // IndexError: start[0] of the empty tuple
#define WHOLE_RAISE_ZERODIV 5  // ZeroDivisionError
#define WHOLE_RAISE_STOP 6     // StopIteration: next() of an empty iterator
#define WHOLE_RAISE_TYPE 7     // TypeError: len() or iter() of a number
#define WHOLE_AUX 4096     // ints of a warp's scratch
// The most turns of a union chain's loop (whole.rs's `union_loop`: the
// values of a prapply, or of a function over a product's pairs, unioned
// one at a time); an evaluation with more is left to the CPU at once. A
// turn (a line between two cells, tested, unioned) costs a warp about as
// much as 30 of a CPU thread's: with 4096 turns the 373 public solvers
// with device code ran slower than with none (one H200, 0.22-0.24 s
// against 0.21-0.22), with 1024 faster (0.19-0.21 s), with 65536 much
// slower (0.30-0.32 s; BENCHMARKS.md, turns19.sh).
#ifndef WHOLE_UNION_TURNS
#define WHOLE_UNION_TURNS 1024
#endif
// A union of lines between two locations runs one turn per lane, each
// line held as its first cell, step and length (`LN`) and set into a bit
// map: a turn costs a lane a few dozen instructions, so far more turns
// stay on the device (whole.rs, `Emitter::lane_union`).
#ifndef WHOLE_LANE_TURNS
#define WHOLE_LANE_TURNS (1 << 18)
#endif

typedef long long I64;

// A function that returns false because the reference raises there (not
// because a value does not fit) names the error first, with `raises`: the
// evaluation then reports it, and the CPU need not run it again. Nothing
// calls a function that raises and goes on, so the last error named is the
// one that ended the evaluation. One per warp of the block.
#ifdef BATTGEN_HOST_TEST
static int whole_raised[1];
#define WARP_INDEX 0
#else
__shared__ int whole_raised[32];
#define WARP_INDEX ((int)(threadIdx.x >> 5))
#endif
__device__ __forceinline__ bool raises(int status) {
    if (LANE == 0) whole_raised[WARP_INDEX] = status;
    return false;
}
// Leave the evaluation to the CPU, dropping any raise named so far (a
// statement whose raise need not be the program's first, whole.rs's
// `raises_late`).
__device__ __forceinline__ int whole_left() {
    if (LANE == 0) whole_raised[WARP_INDEX] = 0;
    return WHOLE_DEOPT;
}

// Nanoseconds on the device's global timer (0 in the host build): each
// evaluation's time goes back in its descriptor.
__device__ __forceinline__ unsigned long long whole_now() {
#ifdef BATTGEN_HOST_TEST
    return 0;
#else
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
#endif
}

// When each warp's evaluation began (lane 0 writes and reads it).
#ifdef BATTGEN_HOST_TEST
static unsigned long long whole_started[1];
#else
__shared__ unsigned long long whole_started[32];
#endif

// The launch's deadline of an evaluation in nanoseconds (0: none), a
// kernel argument (launch.rs: short on the first pass over all
// evaluations, long on the second over those that ran past it).
#ifdef BATTGEN_HOST_TEST
static unsigned long long whole_limit[1];
#else
__shared__ unsigned long long whole_limit[32];
#endif

// Whether the evaluation has run past the launch's deadline, checked at
// the head of the programs' loops (lane 0 asks): a late evaluation is left
// with status WHOLE_OVERTIME (whole_overtime[] says so), so that one long
// evaluation does not hold its module's kernel.
#ifdef BATTGEN_HOST_TEST
static int whole_overtime[1];
#else
__shared__ int whole_overtime[32];
#endif
__device__ __forceinline__ bool whole_past_deadline() {
    if (whole_limit[WARP_INDEX] == 0 || whole_now() - whole_started[WARP_INDEX] <= whole_limit[WARP_INDEX])
        return false;
    whole_overtime[WARP_INDEX] = 1;
    return true;
}
#define WHOLE_LATE() (warp_first(LANE == 0 && whole_past_deadline() ? 1ull : 0ull) != 0)

// Ints per evaluation in a module's output descriptors: status, height,
// width, offset of the output's cells, nanoseconds the evaluation took.
#define WHOLE_DESC 5

// Primitives with loops are compiled once, not inlined into every program:
// inlined, the driver's JIT took 21 s for 73 programs' source on an H200.
#define WHOLE_FN __device__ __noinline__

struct G {
    int h, w;
    signed char c[WHOLE_CAP];
};
// A grid of no cells is held as Python has it: the empty tuple `()` is h =
// 0, w = 0, and h rows of width 0 (`((),) * h`) are h, w = 0. Makers give
// it where Python does (`g_flat`); the primitives written for it read it
// (vconcat, hconcat, trim, crop, palette, height, ...), every other refuses
// it (`ok_grid`) and leaves the evaluation to the CPU.

struct P {
    I64 a, b;
};

// A set of locations (Python's Indices): n keys in ascending order, which
// is the order of their (i, j) tuples; i and j in -128..127 (a location
// beyond is left to the CPU). Room for 8192 (the accumulators of mapply
// over a 30 x 30 grid's objects overflowed 2048 with their repeats, and
// the shoots of every cell of an upscaled grid 4096); WHOLE_LOCS, the
// most a program keeps, may be set lower (whole.rs).
#define WHOLE_LOCS_ROOM 8192
#ifndef WHOLE_LOCS
#define WHOLE_LOCS WHOLE_LOCS_ROOM
#endif
struct X {
    int n;
    // Accumulators only (acc_x): 1 while the set is a bit map (whole_objects.cuh).
    int bitmap;
    unsigned short k[WHOLE_LOCS_ROOM];
};

// An object (a set of (colour, (i, j)) cells): n keys colour << 16 |
// loc_key(i, j), ascending, which is the order of the cells' tuples (the
// CPU's order, values.rs); colours 0..9. 4096 cells: as large as a set of
// 8192 locations (objects upscaled or accumulated overflowed 1024, then
// 2048: mapply of recoloured shoots over a grid's objects).
#define WHOLE_CELLS 4096
struct O {
    int n, pad;
    unsigned k[WHOLE_CELLS];
};

// A set of objects: object e's keys are k[off[e]..off[e + 1]), ascending,
// and the objects ascend in the order of their key sequences (the order of
// the CPU's sets of objects). At most WHOLE_OBJS objects of WHOLE_SCELLS
// cells in all; more is left to the CPU. A slot has room for a 30 x 30
// grid's objects, one per cell if need be, and a program keeps as many
// (WHOLE_OBJS, BATTGEN_WHOLE_OBJS in whole.rs sets fewer): with the work
// per object linear (objects numbered in one scan of the cells, sets put in
// order by rank, differences in one walk) and the deadline, all 1022 are
// faster than 128 (the 226 solvers alone: 56-58 ms against 63-68, one
// H200), where before an evaluation over 900 singletons took 50-78 ms.
#define WHOLE_OBJS_ROOM 1022
#ifndef WHOLE_OBJS
#define WHOLE_OBJS WHOLE_OBJS_ROOM
#endif
// 3584 cells: the rest of the slot after the offsets.
#define WHOLE_SCELLS 3584
struct S {
    int n, m;
    unsigned short off[WHOLE_OBJS_ROOM + 2];
    unsigned k[WHOLE_SCELLS];
};

// A tuple of grids of one shape (what hsplit and vsplit give, and what
// filters, removals and merges of such tuples keep): n pieces of h x w
// cells, piece e at c[e * h * w]. Tuples of pieces of two shapes are left
// to the CPU.
#define WHOLE_TCELLS (WHOLE_CAP - 8)
struct T {
    int n, h, w, pad;
    signed char c[WHOLE_TCELLS];
};

// A tuple of numbers (what interval gives, and apply of a number over a
// tuple): n numbers in order, repeats kept (a Python tuple, not a set).
// Longer tuples are left to the CPU.
#define WHOLE_INTS 2047
struct N {
    int n, pad;
    I64 a[WHOLE_INTS];
};

// A slot of the warp's memory holds one grid, one set of locations, one
// object, one set of objects, one tuple of grids or one tuple of numbers
// (16 KB: each of them fills it).
union V {
    G g;
    X x;
    O o;
    S s;
    T t;
    N v;
};

__device__ __forceinline__ bool loc_ok(I64 i, I64 j) { return i >= -128 && i <= 127 && j >= -128 && j <= 127; }
__device__ __forceinline__ unsigned short loc_key(I64 i, I64 j) {
    return (unsigned short)(((i + 128) << 8) | (j + 128));
}
__device__ __forceinline__ int key_i(unsigned short k) { return (int)(k >> 8) - 128; }
__device__ __forceinline__ int key_j(unsigned short k) { return (int)(k & 255) - 128; }

// Integers stay far from overflow: anything larger is left to the CPU.
#define WHOLE_INT_LIMIT (1LL << 40)
__device__ __forceinline__ bool int_ok(I64 v) {
    return v > -WHOLE_INT_LIMIT && v < WHOLE_INT_LIMIT;
}
__device__ __forceinline__ bool is_color(I64 v) { return v >= 0 && v <= 9; }
__device__ __forceinline__ bool fits(I64 h, I64 w) {
    return h >= 1 && w >= 1 && h * w <= WHOLE_CAP;
}
__device__ __forceinline__ bool ok_grid(const G& a) { return a.h >= 1 && a.w >= 1; }
// A grid of no cells: `rows` rows of width 0, the empty tuple for rows < 1.
WHOLE_FN bool g_flat(G& o, I64 rows) {
    if (rows > WHOLE_CAP) return false;
    if (LANE == 0) {
        o.h = rows > 0 ? (int)rows : 0;
        o.w = 0;
    }
    SYNC();
    return true;
}
// Python's slice [a:b] of n items starts at this index.
__device__ __forceinline__ I64 slice_lo(I64 n, I64 a) {
    return a < 0 ? (a + n < 0 ? 0 : a + n) : (a < n ? a : n);
}
// The length of Python's slice [a:b] of n items.
__device__ __forceinline__ I64 slice_len(I64 n, I64 a, I64 b) {
    const I64 lo = slice_lo(n, a), hi = slice_lo(n, b);
    return hi > lo ? hi - lo : 0;
}

// Python's floor division (`a // b`), b != 0.
__device__ __forceinline__ I64 floor_div(I64 a, I64 b) {
    I64 q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) q -= 1;
    return q;
}

// ----- grid -> grid ---------------------------------------------------------

// Output cell (i, j) of an H x W result read by `at(i, j)`, the cells
// shared by the lanes: no rows is the empty tuple, no columns H rows of
// width 0 (the shape Python's slices and zips give).
#define GATHER_SHAPE(o, H, W, AT)                                               \
    do {                                                                        \
        if ((H) < 1 || (W) < 1) return g_flat((o), (H));                        \
        if (!fits((H), (W))) return false;                                      \
        const int oh = (int)(H), ow = (int)(W);                                 \
        for (int cell_ = LANE; cell_ < oh * ow; cell_ += WARP) {                \
            const int i = cell_ / ow, j = cell_ - i * ow;                       \
            (void)i;                                                            \
            (void)j;                                                            \
            (o).c[cell_] = (AT);                                                \
        }                                                                       \
        if (LANE == 0) {                                                        \
            (o).h = oh;                                                         \
            (o).w = ow;                                                         \
        }                                                                       \
        SYNC();                                                                 \
        return true;                                                            \
    } while (0)
// The same of a grid `a` with cells (a grid of none is refused).
#define GATHER_INTO(o, a, H, W, AT)                                             \
    do {                                                                        \
        if (!ok_grid(a)) return false;                                          \
        GATHER_SHAPE(o, H, W, AT);                                              \
    } while (0)

WHOLE_FN bool d_rot90(G& o, const G& a) { GATHER_INTO(o, a, a.w, a.h, a.c[(a.h - 1 - j) * a.w + i]); }
WHOLE_FN bool d_rot180(G& o, const G& a) { GATHER_INTO(o, a, a.h, a.w, a.c[(a.h - 1 - i) * a.w + (a.w - 1 - j)]); }
WHOLE_FN bool d_rot270(G& o, const G& a) { GATHER_INTO(o, a, a.w, a.h, a.c[j * a.w + (a.w - 1 - i)]); }
WHOLE_FN bool d_hmirror(G& o, const G& a) { GATHER_INTO(o, a, a.h, a.w, a.c[(a.h - 1 - i) * a.w + j]); }
WHOLE_FN bool d_vmirror(G& o, const G& a) { GATHER_INTO(o, a, a.h, a.w, a.c[i * a.w + (a.w - 1 - j)]); }
WHOLE_FN bool d_dmirror(G& o, const G& a) { GATHER_INTO(o, a, a.w, a.h, a.c[j * a.w + i]); }
WHOLE_FN bool d_cmirror(G& o, const G& a) { GATHER_INTO(o, a, a.w, a.h, a.c[(a.h - 1 - j) * a.w + (a.w - 1 - i)]); }

// grid[:h // 2] and grid[h // 2 + h % 2:], of any grid.
WHOLE_FN bool d_tophalf(G& o, const G& a) { GATHER_SHAPE(o, a.h / 2, a.w, a.c[i * a.w + j]); }
WHOLE_FN bool d_bottomhalf(G& o, const G& a) {
    const int top = a.h / 2 + a.h % 2;
    GATHER_SHAPE(o, a.h / 2, a.w, a.c[(i + top) * a.w + j]);
}
// rot270(tophalf(rot90(grid))): of a grid of one column, the empty tuple.
WHOLE_FN bool d_lefthalf(G& o, const G& a) { GATHER_INTO(o, a, a.w / 2 > 0 ? a.h : 0, a.w / 2, a.c[i * a.w + j]); }
WHOLE_FN bool d_righthalf(G& o, const G& a) {
    const int left = a.w / 2 + a.w % 2;
    GATHER_INTO(o, a, a.w / 2 > 0 ? a.h : 0, a.w / 2, a.c[i * a.w + (j + left)]);
}
// The slices [1:-1] of the rows and of each row, of any grid.
WHOLE_FN bool d_trim(G& o, const G& a) {
    GATHER_SHAPE(o, slice_len(a.h, 1, -1), slice_len(a.w, 1, -1), a.c[(i + 1) * a.w + (j + 1)]);
}

// crop(grid, start, dims): the slices [s:s + d] of the rows and of each
// row, of any grid (negative starts count from the end).
WHOLE_FN bool d_crop(G& o, const G& a, P start, P dims) {
    if (!int_ok(start.a) || !int_ok(start.b) || !int_ok(dims.a) || !int_ok(dims.b)) return false;
    const I64 rows = slice_len(a.h, start.a, start.a + dims.a);
    const I64 cols = slice_len(a.w, start.b, start.b + dims.b);
    const int i0 = (int)slice_lo(a.h, start.a), j0 = (int)slice_lo(a.w, start.b);
    GATHER_SHAPE(o, rows, cols, a.c[(i + i0) * a.w + (j + j0)]);
}

// A factor under 1 repeats nothing: the empty tuple (hupscale: each row
// empty).
WHOLE_FN bool d_upscale(G& o, const G& a, I64 f) {
    if (f < 1) return g_flat(o, 0);
    if (f > WHOLE_CAP) return false;
    const int k = (int)f;
    GATHER_INTO(o, a, (I64)a.h * f, (I64)a.w * f, a.c[(i / k) * a.w + (j / k)]);
}
WHOLE_FN bool d_hupscale(G& o, const G& a, I64 f) {
    if (f < 1) return g_flat(o, a.h);
    if (f > WHOLE_CAP) return false;
    const int k = (int)f;
    GATHER_INTO(o, a, a.h, (I64)a.w * f, a.c[i * a.w + (j / k)]);
}
WHOLE_FN bool d_vupscale(G& o, const G& a, I64 f) {
    if (f < 1) return g_flat(o, 0);
    if (f > WHOLE_CAP) return false;
    const int k = (int)f;
    GATHER_INTO(o, a, (I64)a.h * f, a.w, a.c[(i / k) * a.w + j]);
}
// Keeps rows and columns whose index is a multiple of the factor.
WHOLE_FN bool d_downscale(G& o, const G& a, I64 f) {
    if (f == 0) return raises(WHOLE_RAISE_ZERODIV);  // j % factor
    if (f < 1 || f > WHOLE_CAP) return false;
    const int k = (int)f;
    GATHER_INTO(o, a, (a.h + k - 1) / k, (a.w + k - 1) / k, a.c[(i * k) * a.w + (j * k)]);
}

WHOLE_FN bool d_replace(G& o, const G& a, I64 x, I64 y) {
    if (!is_color(y)) return false;
    const signed char to = (signed char)y;
    GATHER_INTO(o, a, a.h, a.w, a.c[i * a.w + j] == x ? to : a.c[i * a.w + j]);
}
WHOLE_FN bool d_switch(G& o, const G& a, I64 x, I64 y) {
    if (!is_color(x) || !is_color(y)) return false;
    const signed char cx = (signed char)x, cy = (signed char)y;
    GATHER_INTO(o, a, a.h, a.w,
                a.c[i * a.w + j] == cx ? cy : (a.c[i * a.w + j] == cy ? cx : a.c[i * a.w + j]));
}

// A height under 1 is the empty tuple, a width under 1 rows of width 0.
WHOLE_FN bool d_canvas(G& o, I64 color, P dims) {
    if (dims.a < 1 || dims.b < 1) return g_flat(o, dims.a);
    if (!is_color(color) || dims.a > WHOLE_CAP || dims.b > WHOLE_CAP) return false;
    if (!fits(dims.a, dims.b)) return false;
    const int n = (int)(dims.a * dims.b);
    for (int k = LANE; k < n; k += WARP) o.c[k] = (signed char)color;
    if (LANE == 0) {
        o.h = (int)dims.a;
        o.w = (int)dims.b;
    }
    SYNC();
    return true;
}

// zip(a, b): as many rows as the shorter grid, of any grids.
WHOLE_FN bool d_hconcat(G& o, const G& a, const G& b) {
    const int h = a.h < b.h ? a.h : b.h;
    GATHER_SHAPE(o, h, a.w + b.w, j < a.w ? a.c[i * a.w + j] : b.c[i * b.w + (j - a.w)]);
}
// a + b: the other where either is the empty tuple; else a grid only when
// the widths agree (rows of two widths are left to the CPU).
WHOLE_FN bool d_vconcat(G& o, const G& a, const G& b) {
    if (a.h == 0) GATHER_SHAPE(o, b.h, b.w, b.c[i * b.w + j]);
    if (b.h == 0) GATHER_SHAPE(o, a.h, a.w, a.c[i * a.w + j]);
    if (a.w != b.w) return false;
    GATHER_SHAPE(o, a.h + b.h, a.w, i < a.h ? a.c[i * a.w + j] : b.c[(i - a.h) * b.w + j]);
}
// ----- tuples of grids of one shape ------------------------------------------

// hsplit (columns: true) and vsplit of a grid in n pieces: piece e starts
// at (size + offset) * e, the offset 1 where the division leaves a
// remainder. A last piece cut short by the grid's edge (pieces of two
// shapes), pieces of no cells and n < 1 (the empty tuple) are left to the
// CPU; n == 0 raises.
// `parts` pieces of `size` columns (rows) each, piece e from column (row)
// step * e: the tuple of their grids.
WHOLE_FN bool t_pieces(T& o, const G& a, int parts, int size, int step, bool columns) {
    const int ph = columns ? a.h : size, pw = columns ? size : a.w, per = ph * pw;
    if (per * parts > WHOLE_TCELLS) return false;
    for (int x = LANE; x < per * parts; x += WARP) {
        const int e = x / per, q = x - e * per, i = q / pw, j = q - i * pw;
        const int start = step * e;
        o.c[x] = columns ? a.c[i * a.w + start + j] : a.c[(start + i) * a.w + j];
    }
    if (LANE == 0) {
        o.n = parts;
        o.h = ph;
        o.w = pw;
    }
    SYNC();
    return true;
}
WHOLE_FN bool t_split(T& o, const G& a, I64 n, bool columns) {
    if (!ok_grid(a)) return false;
    if (n == 0) return raises(WHOLE_RAISE_ZERODIV);
    const int full = columns ? a.w : a.h;
    if (n < 1 || n > full) return false;
    const int parts = (int)n, size = full / parts, offset = full % parts != 0 ? 1 : 0;
    if ((size + offset) * (parts - 1) + size > full) return false;
    return t_pieces(o, a, parts, size, size + offset, columns);
}
// The first piece alone of a split whose pieces differ in shape (the
// last ones narrower or of no cells, where the width is not n pieces and
// their gaps): a tuple of that one piece, read only by `first`
// (whole.rs's `Absent`). False where it has no cells.
WHOLE_FN bool d_split_first(T& o, const G& a, I64 n, bool columns) {
    if (!ok_grid(a) || n < 1) return false;
    const I64 size = (columns ? a.w : a.h) / n;
    if (size < 1) return false;
    return t_pieces(o, a, 1, (int)size, 0, columns);
}
WHOLE_FN bool d_hsplit(T& o, const G& a, I64 n) { return t_split(o, a, n, true); }
WHOLE_FN bool d_vsplit(T& o, const G& a, I64 n) { return t_split(o, a, n, false); }
// Piece e of a tuple of grids.
WHOLE_FN bool d_grid_at(G& o, const T& a, int e) {
    const int per = a.h * a.w;
    for (int x = LANE; x < per; x += WARP) o.c[x] = a.c[e * per + x];
    if (LANE == 0) {
        o.h = a.h;
        o.w = a.w;
    }
    SYNC();
    return true;
}
WHOLE_FN bool d_first_t(G& o, const T& a) { return a.n > 0 ? d_grid_at(o, a, 0) : raises(WHOLE_RAISE_STOP); }
WHOLE_FN bool d_last_t(G& o, const T& a) { return a.n > 0 ? d_grid_at(o, a, a.n - 1) : raises(WHOLE_RAISE_VALUE); }
WHOLE_FN bool d_size_t(I64& o, const T& a) { o = a.n; return true; }
// merge: the pieces' rows one after the other, a grid of n * h rows (the
// empty tuple is left to the CPU).
WHOLE_FN bool d_merge_t(G& o, const T& a) {
    const int cells = a.n * a.h * a.w;
    if (a.n == 0 || cells > WHOLE_CAP) return false;
    for (int x = LANE; x < cells; x += WARP) o.c[x] = a.c[x];
    if (LANE == 0) {
        o.h = a.n * a.h;
        o.w = a.w;
    }
    SYNC();
    return true;
}
WHOLE_FN bool d_copy_t(T& o, const T& a) {
    const int cells = a.n * a.h * a.w;
    for (int x = LANE; x < cells; x += WARP) o.c[x] = a.c[x];
    if (LANE == 0) {
        o.n = a.n;
        o.h = a.h;
        o.w = a.w;
    }
    SYNC();
    return true;
}
// An empty tuple of pieces shaped like `like`'s (h = w = 0 where like is
// null: the first pieces appended set the shape).
WHOLE_FN void t_clear(T& o, const T* like) {
    if (LANE == 0) {
        o.n = 0;
        o.h = like ? like->h : 0;
        o.w = like ? like->w : 0;
    }
    SYNC();
}
// Appends n pieces of h x w cells; false where their shape is not the
// tuple's (once it has one) or they do not fit.
WHOLE_FN bool t_add(T& o, const signed char* c, int n, int h, int w) {
    if (n == 0) return true;
    if (o.n > 0 && (o.h != h || o.w != w)) return false;
    const int per = h * w, at = o.n;
    if ((at + n) * per > WHOLE_TCELLS) return false;
    SYNC();  // every lane has read the count before lane 0 moves it
    for (int x = LANE; x < n * per; x += WARP) o.c[at * per + x] = c[x];
    if (LANE == 0) {
        o.n = at + n;
        o.h = h;
        o.w = w;
    }
    SYNC();
    return true;
}
WHOLE_FN bool t_push(T& o, const G& g) { return ok_grid(g) && t_add(o, g.c, 1, g.h, g.w); }
// merge of a tuple of grids, one at a time (mapply over a tuple of a
// function giving grids): g_no_rows, then each grid's rows below the
// others'; false where the widths differ (no grid) or the rows do not fit.
WHOLE_FN void g_no_rows(G& o) {
    if (LANE == 0) o.h = o.w = 0;
    SYNC();
}
WHOLE_FN bool g_rows(G& o, const G& a) {
    if (!ok_grid(a) || (o.h > 0 && a.w != o.w)) return false;
    const int base = o.h * a.w, cells = a.h * a.w;
    if (base + cells > WHOLE_CAP) return false;
    for (int x = LANE; x < cells; x += WARP) o.c[base + x] = a.c[x];
    SYNC();
    if (LANE == 0) {
        o.w = a.w;
        o.h += a.h;
    }
    SYNC();
    return true;
}
WHOLE_FN bool t_extend(T& o, const T& a) { return t_add(o, a.c, a.n, a.h, a.w); }
// astuple of two grids, combine of two tuples of grids (of one shape).
WHOLE_FN bool d_astuple_t(T& o, const G& a, const G& b) {
    t_clear(o, nullptr);
    return t_push(o, a) && t_push(o, b);
}
WHOLE_FN bool d_combine_t(T& o, const T& a, const T& b) {
    t_clear(o, nullptr);
    return t_extend(o, a) && t_extend(o, b);
}
// mostcommon and leastcommon of a tuple of grids (of one shape, so the
// CPU's order of them is their cells'): as of numbers (n_by_count).
WHOLE_FN bool t_by_count(G& o, const T& a, bool most) {
    if (a.n == 0) return raises(WHOLE_RAISE_VALUE);
    const int per = a.h * a.w;
    int best = -1, best_n = 0;
    for (int e = 0; e < a.n; ++e) {
        int c = 0;
        for (int f = 0; f < a.n; ++f) {
            bool same = true;
            for (int x = LANE; same && x < per; x += WARP) same = a.c[f * per + x] == a.c[e * per + x];
            c += warp_all(same);
        }
        bool better = best < 0 || (most ? c > best_n : c < best_n);
        if (!better && c == best_n) {
            int x = 0;
            while (x < per && a.c[e * per + x] == a.c[best * per + x]) ++x;
            better = x < per && a.c[e * per + x] < a.c[best * per + x];
        }
        if (better) {
            best = e;
            best_n = c;
        }
    }
    return d_grid_at(o, a, best);
}
WHOLE_FN bool d_mostcommon_t(G& o, const T& a) { return t_by_count(o, a, true); }
WHOLE_FN bool d_leastcommon_t(G& o, const T& a) { return t_by_count(o, a, false); }
// remove(grid, tuple): the pieces not equal to the grid, in their order.
WHOLE_FN bool d_remove_t(T& o, const G& v, const T& a) {
    t_clear(o, &a);
    const int per = a.h * a.w;
    for (int e = 0; e < a.n; ++e) {
        bool same = v.h == a.h && v.w == a.w;
        for (int x = LANE; x < per && same; x += WARP) same = v.c[x] == a.c[e * per + x];
        if (!warp_all(same) && !t_add(o, a.c + e * per, 1, a.h, a.w)) return false;
    }
    return true;
}

// repeat(grid, n): n copies (none for n < 1).
WHOLE_FN bool d_repeat_t(T& o, const G& g, I64 n) {
    t_clear(o, nullptr);
    if (n > WHOLE_TCELLS) return false;
    for (I64 e = 0; e < n; ++e)
        if (!t_push(o, g)) return false;
    return true;
}

// ----- tuples of numbers -----------------------------------------------------

WHOLE_FN void n_clear(N& o) {
    if (LANE == 0) o.n = 0;
    SYNC();
}
// Appends a number; false where the tuple is full or the number large.
WHOLE_FN bool n_push(N& o, I64 v) {
    if (o.n >= WHOLE_INTS || !int_ok(v)) return false;
    SYNC();
    if (LANE == 0) {
        o.a[o.n] = v;
        o.n += 1;
    }
    SYNC();
    return true;
}
// Appends a pair as one number that orders as its tuple does (a * 2^21 +
// b); pairs of larger numbers are left to the CPU.
WHOLE_FN bool n_push_pair(N& o, P v) {
    const I64 lim = 1LL << 20;
    if (v.a <= -lim || v.a >= lim || v.b <= -lim || v.b >= lim) return false;
    return n_push(o, v.a * (2 * lim) + v.b);
}
WHOLE_FN void d_copy_n(N& o, const N& a) {
    for (int k = LANE; k < a.n; k += WARP) o.a[k] = a.a[k];
    if (LANE == 0) o.n = a.n;
    SYNC();
}
// tuple(range(start, stop, step)); step 0 raises ValueError.
WHOLE_FN bool d_interval(N& o, I64 a, I64 b, I64 step) {
    if (step == 0) return raises(WHOLE_RAISE_VALUE);
    if (!int_ok(a) || !int_ok(b) || !int_ok(step)) return false;
    I64 n = 0;
    if (step > 0 && a < b) n = (b - a - 1) / step + 1;
    if (step < 0 && a > b) n = (a - b - 1) / (-step) + 1;
    if (n > WHOLE_INTS) return false;
    for (int k = LANE; k < n; k += WARP) o.a[k] = a + (I64)k * step;
    if (LANE == 0) o.n = (int)n;
    SYNC();
    return true;
}
__device__ bool d_size_n(I64& o, const N& a) { o = a.n; return true; }
__device__ bool d_first_n(I64& o, const N& a) { if (a.n == 0) return raises(WHOLE_RAISE_STOP); o = a.a[0]; return true; }
__device__ bool d_last_n(I64& o, const N& a) { if (a.n == 0) return raises(WHOLE_RAISE_VALUE); o = a.a[a.n - 1]; return true; }
WHOLE_FN bool d_contained_n(I64& o, I64 v, const N& a) {
    bool has = false;
    for (int k = LANE; k < a.n; k += WARP) has = has || a.a[k] == v;
    o = warp_any(has);
    return true;
}
// combine of two tuples of numbers: a's, then b's.
WHOLE_FN bool d_combine_n(N& o, const N& a, const N& b) {
    if (a.n + b.n > WHOLE_INTS) return false;
    for (int k = LANE; k < a.n; k += WARP) o.a[k] = a.a[k];
    for (int k = LANE; k < b.n; k += WARP) o.a[a.n + k] = b.a[k];
    if (LANE == 0) o.n = a.n + b.n;
    SYNC();
    return true;
}
WHOLE_FN bool d_equality_n(I64& o, const N& a, const N& b) {
    bool same = a.n == b.n;
    for (int k = LANE; same && k < a.n; k += WARP) same = a.a[k] == b.a[k];
    o = warp_all(same);
    return true;
}
WHOLE_FN bool d_equality_np(I64& o, const N& a, P b) {
    o = a.n == 2 && a.a[0] == b.a && a.a[1] == b.b;
    return true;
}
// repeat(number, n): n copies (none for n < 1).
WHOLE_FN bool d_repeat_n(N& o, I64 v, I64 n) {
    if (n > WHOLE_INTS || !int_ok(v)) return false;
    const int m = n < 1 ? 0 : (int)n;
    for (int k = LANE; k < m; k += WARP) o.a[k] = v;
    if (LANE == 0) o.n = m;
    SYNC();
    return true;
}
// dedupe: each number's first place kept, in order.
WHOLE_FN bool d_dedupe_n(N& o, const N& a) {
    n_clear(o);
    for (int e = 0; e < a.n; ++e) {
        bool seen = false;
        for (int k = LANE; k < e; k += WARP) seen = seen || a.a[k] == a.a[e];
        if (!warp_any(seen) && !n_push(o, a.a[e])) return false;
    }
    return true;
}
// ----- a grid's rows (a grid is a tuple of rows) -------------------------------

// Row e of a grid as a tuple of numbers (a row wider than a tuple's room is
// left to the CPU).
WHOLE_FN bool d_row_at(N& o, const G& a, int e) {
    if (a.w > WHOLE_INTS) return false;
    for (int k = LANE; k < a.w; k += WARP) o.a[k] = a.c[e * a.w + k];
    if (LANE == 0) o.n = a.w;
    SYNC();
    return true;
}
// A grid's first and last rows (`chain(size, dedupe, first)` asks whether a
// grid's first row is of one colour): a grid of no rows is StopIteration
// for first, ValueError (max of nothing) for last.
WHOLE_FN bool d_first_row(N& o, const G& a) { return a.h > 0 ? d_row_at(o, a, 0) : raises(WHOLE_RAISE_STOP); }
WHOLE_FN bool d_last_row(N& o, const G& a) { return a.h > 0 ? d_row_at(o, a, a.h - 1) : raises(WHOLE_RAISE_VALUE); }
// A grid built row by row (apply and sfilter over a grid's rows): no rows
// yet, then each row appended; rows of another length than the first's,
// numbers that are not colours, and no rows at the end (the empty tuple)
// are left to the CPU.
WHOLE_FN void g_clear(G& o) {
    if (LANE == 0) {
        o.h = 0;
        o.w = 0;
    }
    SYNC();
}
WHOLE_FN bool g_push_row(G& o, const N& r) {
    if (r.n < 1 || (o.h > 0 && r.n != o.w) || (I64)(o.h + 1) * r.n > WHOLE_CAP) return false;
    bool colours = true;
    for (int k = LANE; k < r.n; k += WARP) {
        colours = colours && is_color(r.a[k]);
        o.c[o.h * r.n + k] = (signed char)r.a[k];
    }
    if (!warp_all(colours)) return false;
    SYNC();
    if (LANE == 0) {
        o.h += 1;
        o.w = r.n;
    }
    SYNC();
    return true;
}
// repeat(row, n): n copies of the row, a grid (none, the empty tuple: left
// to the CPU).
WHOLE_FN bool d_repeat_g(G& o, const N& r, I64 n) {
    if (n < 1 || n > WHOLE_CAP) return false;
    g_clear(o);
    for (I64 e = 0; e < n; ++e)
        if (!g_push_row(o, r)) return false;
    return true;
}
// remove(row, grid): the rows not equal to it, in order (none left: the
// empty tuple, left to the CPU).
// Row e of a appended to o as its row h (a's width).
__device__ __forceinline__ void g_copy_row(G& o, int h, const G& a, int e) {
    for (int k = LANE; k < a.w; k += WARP) o.c[h * a.w + k] = a.c[e * a.w + k];
}
// o's shape once its rows are written.
__device__ __forceinline__ void g_set_shape(G& o, int h, int w) {
    if (LANE == 0) {
        o.h = h;
        o.w = w;
    }
    SYNC();
}
WHOLE_FN bool d_remove_row(G& o, const N& r, const G& a) {
    if (!ok_grid(a)) return false;
    int h = 0;
    for (int e = 0; e < a.h; ++e) {
        bool same = r.n == a.w;
        for (int k = LANE; same && k < a.w; k += WARP) same = r.a[k] == a.c[e * a.w + k];
        if (warp_all(same)) continue;
        g_copy_row(o, h++, a, e);
    }
    g_set_shape(o, h, a.w);
    return h > 0;
}
// dedupe of a grid: each row's first place kept, in order.
WHOLE_FN bool d_dedupe_g(G& o, const G& a) {
    if (!ok_grid(a)) return false;
    int h = 0;
    for (int e = 0; e < a.h; ++e) {
        bool seen = false;
        for (int f = 0; f < e && !seen; ++f) {
            bool same = true;
            for (int k = LANE; k < a.w; k += WARP) same = same && a.c[f * a.w + k] == a.c[e * a.w + k];
            seen = warp_all(same);
        }
        if (seen) continue;
        g_copy_row(o, h++, a, e);
    }
    g_set_shape(o, h, a.w);
    return true;
}
// mostcommon and leastcommon: of the distinct numbers in ascending order,
// the first whose count no later one beats (the CPU's order; Python's
// max(set(...), key=count)); of nothing, ValueError.
WHOLE_FN bool n_by_count(I64& o, const N& a, bool most) {
    if (a.n == 0) return raises(WHOLE_RAISE_VALUE);
    I64 best = 0;
    int best_n = -1;
    for (int e = 0; e < a.n; ++e) {
        const I64 v = a.a[e];
        int c = 0;
        for (int k = LANE; k < a.n; k += WARP) c += a.a[k] == v;
        c = warp_sum(c);
        const bool better = best_n < 0 || (most ? c > best_n : c < best_n) || (c == best_n && v < best);
        if (better) {
            best = v;
            best_n = c;
        }
    }
    o = best;
    return true;
}
WHOLE_FN bool d_mostcommon_n(I64& o, const N& a) { return n_by_count(o, a, true); }
WHOLE_FN bool d_leastcommon_n(I64& o, const N& a) { return n_by_count(o, a, false); }
// max and min of the numbers, 0 for none.
WHOLE_FN bool d_maximum_n(I64& o, const N& a) {
    I64 m = 0;
    for (int e = 0; e < a.n; ++e) m = (e == 0 || a.a[e] > m) ? a.a[e] : m;
    o = m;
    return true;
}
WHOLE_FN bool d_minimum_n(I64& o, const N& a) {
    I64 m = 0;
    for (int e = 0; e < a.n; ++e) m = (e == 0 || a.a[e] < m) ? a.a[e] : m;
    o = m;
    return true;
}

// The reference reads b[i][j] for every cell of a.
WHOLE_FN bool d_cellwise(G& o, const G& a, const G& b, I64 fallback) {
    if (!ok_grid(b) || b.h < a.h || b.w < a.w || !is_color(fallback)) return false;
    GATHER_INTO(o, a, a.h, a.w,
                a.c[i * a.w + j] == b.c[i * b.w + j] ? a.c[i * a.w + j] : (signed char)fallback);
}

// Drops every row and every column of one colour. `aux` (the warp's 128
// ints) lists the kept rows, then the kept columns.
WHOLE_FN bool d_compress(G& o, const G& a, int* aux) {
    if (!ok_grid(a) || a.h > 64 || a.w > 64) return false;
    if (LANE == 0) {
        int kr = 0, kc = 0;
        for (int i = 0; i < a.h; ++i) {
            bool one = true;
            for (int j = 1; j < a.w && one; ++j) one = a.c[i * a.w + j] == a.c[i * a.w];
            if (!one) aux[kr++] = i;
        }
        for (int j = 0; j < a.w; ++j) {
            bool one = true;
            for (int i = 1; i < a.h && one; ++i) one = a.c[i * a.w + j] == a.c[j];
            if (!one) aux[64 + kc++] = j;
        }
        o.h = kr;
        o.w = kc;
    }
    SYNC();
    const int oh = o.h, ow = o.w;
    if (oh == 0 || ow == 0) return false;
    for (int k = LANE; k < oh * ow; k += WARP) o.c[k] = a.c[aux[k / ow] * a.w + aux[64 + k % ow]];
    SYNC();
    return true;
}

// ----- grid -> number -------------------------------------------------------

// Each colour's count, summed over the lanes (every lane gets them all).
__device__ void counts_of(const G& a, int* counts) {
    for (int c = 0; c < 10; ++c) counts[c] = 0;
    for (int k = LANE; k < a.h * a.w; k += WARP) counts[a.c[k]] += 1;
    for (int c = 0; c < 10; ++c) counts[c] = warp_sum(counts[c]);
}
// Ties go to the smallest colour: sets iterate in ascending order (values.rs).
// Of a grid of no cells, max() (min()) of nothing.
WHOLE_FN bool d_mostcolor(I64& o, const G& a) {
    if (!ok_grid(a)) return raises(WHOLE_RAISE_VALUE);
    int counts[10];
    counts_of(a, counts);
    int best = 0;
    for (int c = 1; c < 10; ++c) if (counts[c] > counts[best]) best = c;
    o = best;
    return true;
}
WHOLE_FN bool d_leastcolor(I64& o, const G& a) {
    if (!ok_grid(a)) return raises(WHOLE_RAISE_VALUE);
    int counts[10];
    counts_of(a, counts);
    int best = -1;
    for (int c = 0; c < 10; ++c)
        if (counts[c] > 0 && (best < 0 || counts[c] < counts[best])) best = c;
    o = best;
    return true;
}
WHOLE_FN bool d_numcolors(I64& o, const G& a) {
    int counts[10];
    counts_of(a, counts);
    int n = 0;
    for (int c = 0; c < 10; ++c) n += counts[c] > 0;
    o = n;
    return true;
}
WHOLE_FN bool d_colorcount(I64& o, const G& a, I64 color) {
    int n = 0;
    for (int k = LANE; k < a.h * a.w; k += WARP) n += a.c[k] == color;
    o = warp_sum(n);
    return true;
}
// Of a grid of no cells as of any: its rows, the length of its first row.
WHOLE_FN bool d_height(I64& o, const G& a) { o = a.h; return true; }
WHOLE_FN bool d_width(I64& o, const G& a) { o = a.w; return true; }
WHOLE_FN bool d_shape(P& o, const G& a) {
    o.a = a.h;
    o.b = a.w;
    return true;
}
WHOLE_FN bool d_equality_grid(I64& o, const G& a, const G& b) {
    bool same = a.h == b.h && a.w == b.w;
    if (same)
        for (int k = LANE; same && k < a.h * a.w; k += WARP) same = a.c[k] == b.c[k];
    o = warp_all(same);
    return true;
}

// ----- numbers and pairs ----------------------------------------------------

#define INT_RESULT(o, expr)                                                     \
    do {                                                                        \
        const I64 v = (expr);                                                   \
        if (!int_ok(v)) return false;                                           \
        (o) = v;                                                                \
        return true;                                                            \
    } while (0)

__device__ bool d_add(I64& o, I64 a, I64 b) { INT_RESULT(o, a + b); }
__device__ bool d_subtract(I64& o, I64 a, I64 b) { INT_RESULT(o, a - b); }
__device__ bool d_multiply(I64& o, I64 a, I64 b) {
    if (a > (1LL << 20) || a < -(1LL << 20) || b > (1LL << 20) || b < -(1LL << 20)) return false;
    INT_RESULT(o, a * b);
}
// multiply(pair, number): both coordinates times the number.
__device__ bool d_multiply_pair_int(P& o, P a, I64 b) {
    I64 x = 0, y = 0;
    if (!d_multiply(x, a.a, b) || !d_multiply(y, a.b, b)) return false;
    o.a = x;
    o.b = y;
    return true;
}
__device__ bool d_divide(I64& o, I64 a, I64 b) {
    if (b == 0) return false;
    INT_RESULT(o, floor_div(a, b));
}
__device__ bool d_double(I64& o, I64 a) { INT_RESULT(o, 2 * a); }
__device__ bool d_halve(I64& o, I64 a) { INT_RESULT(o, floor_div(a, 2)); }
__device__ bool d_increment(I64& o, I64 a) { INT_RESULT(o, a + 1); }
__device__ bool d_decrement(I64& o, I64 a) { INT_RESULT(o, a - 1); }
__device__ bool d_invert(I64& o, I64 a) { INT_RESULT(o, -a); }
__device__ bool d_equality(I64& o, I64 a, I64 b) { o = a == b; return true; }
__device__ bool d_greater(I64& o, I64 a, I64 b) { o = a > b; return true; }
__device__ bool d_flip(I64& o, I64 a) { o = !a; return true; }
__device__ bool d_positive(I64& o, I64 a) { o = a > 0; return true; }
__device__ bool d_even(I64& o, I64 a) { o = a % 2 == 0; return true; }
// Python's `and` and `or` give an operand, not a bool.
__device__ bool d_both(I64& o, I64 a, I64 b) { o = a ? b : a; return true; }
__device__ bool d_either(I64& o, I64 a, I64 b) { o = a ? a : b; return true; }
__device__ __forceinline__ I64 sign_of(I64 a) { return a == 0 ? 0 : (a > 0 ? 1 : -1); }
__device__ __forceinline__ I64 crement_of(I64 a) { return a == 0 ? 0 : (a > 0 ? a + 1 : a - 1); }
__device__ bool d_sign(I64& o, I64 a) { o = sign_of(a); return true; }
__device__ bool d_crement(I64& o, I64 a) { INT_RESULT(o, crement_of(a)); }
__device__ bool d_sign_pair(P& o, P a) { o.a = sign_of(a.a); o.b = sign_of(a.b); return true; }
__device__ bool d_maximum_pair(I64& o, P a) { o = a.a > a.b ? a.a : a.b; return true; }
__device__ bool d_minimum_pair(I64& o, P a) { o = a.a < a.b ? a.a : a.b; return true; }
__device__ bool d_astuple(P& o, I64 a, I64 b) {
    o.a = a;
    o.b = b;
    return true;
}

#define PAIR_RESULT(o, x, y)                                                    \
    do {                                                                        \
        const I64 vx = (x), vy = (y);                                           \
        if (!int_ok(vx) || !int_ok(vy)) return false;                           \
        (o).a = vx;                                                             \
        (o).b = vy;                                                             \
        return true;                                                            \
    } while (0)

__device__ bool d_add_pair(P& o, P a, P b) { PAIR_RESULT(o, a.a + b.a, a.b + b.b); }
__device__ bool d_subtract_pair(P& o, P a, P b) { PAIR_RESULT(o, a.a - b.a, a.b - b.b); }
__device__ bool d_double_pair(P& o, P a) { PAIR_RESULT(o, 2 * a.a, 2 * a.b); }
__device__ bool d_halve_pair(P& o, P a) { PAIR_RESULT(o, floor_div(a.a, 2), floor_div(a.b, 2)); }
__device__ bool d_increment_pair(P& o, P a) { PAIR_RESULT(o, a.a + 1, a.b + 1); }
__device__ bool d_decrement_pair(P& o, P a) { PAIR_RESULT(o, a.a - 1, a.b - 1); }
__device__ bool d_invert_pair(P& o, P a) { PAIR_RESULT(o, -a.a, -a.b); }
__device__ bool d_crement_pair(P& o, P a) { PAIR_RESULT(o, crement_of(a.a), crement_of(a.b)); }
// A number with a pair: the number with each coordinate, in the order given.
__device__ bool d_add_pair_int(P& o, P a, I64 b) { PAIR_RESULT(o, a.a + b, a.b + b); }
__device__ bool d_add_int_pair(P& o, I64 a, P b) { PAIR_RESULT(o, a + b.a, a + b.b); }
__device__ bool d_subtract_pair_int(P& o, P a, I64 b) { PAIR_RESULT(o, a.a - b, a.b - b); }
__device__ bool d_subtract_int_pair(P& o, I64 a, P b) { PAIR_RESULT(o, a - b.a, a - b.b); }
__device__ bool d_multiply_int_pair(P& o, I64 a, P b) { return d_multiply_pair_int(o, b, a); }
__device__ bool d_multiply_pairs(P& o, P a, P b) {
    I64 x = 0, y = 0;
    if (!d_multiply(x, a.a, b.a) || !d_multiply(y, a.b, b.b)) return false;
    o.a = x;
    o.b = y;
    return true;
}
// `value in (a, b)`.
__device__ bool d_contained_pair(I64& o, I64 v, P a) { o = v == a.a || v == a.b; return true; }
// divide of pairs, a pair by a number: floor division of each coordinate
// (a zero divisor left to the CPU, as for numbers).
__device__ bool d_divide_pairs(P& o, P a, P b) {
    I64 x = 0, y = 0;
    if (!d_divide(x, a.a, b.a) || !d_divide(y, a.b, b.b)) return false;
    o.a = x;
    o.b = y;
    return true;
}
__device__ bool d_divide_pair_int(P& o, P a, I64 b) {
    P d = {b, b};
    return d_divide_pairs(o, a, d);
}

__device__ void d_copy(G& o, const G& a) {
    for (int k = LANE; k < a.h * a.w; k += WARP) o.c[k] = a.c[k];
    if (LANE == 0) {
        o.h = a.h;
        o.w = a.w;
    }
    SYNC();
}

// ----- sets of colours ----------------------------------------------------------

// A set of small numbers (Python's palette, and what is made from it or
// from numbers: colour counts, distances): bit v for number v in 0..63;
// numbers iterate ascending, so the first is the lowest bit. A set that
// would hold any other number is left to the CPU. (Held in 10 bits, sets
// of colour counts and distances past 9 were left: `solve_57aa92db`,
// `solve_4290ef0e`.)
typedef unsigned long long CM;
__device__ __forceinline__ bool is_small(I64 v) { return v >= 0 && v < 64; }
// (m is never empty here: every caller tests it first.)
__device__ __forceinline__ int lowest(CM m) { return lowest_bit64(m); }
__device__ __forceinline__ int highest(CM m) {
    int c = -1;
    while (m) { m >>= 1; ++c; }
    return c;
}
WHOLE_FN bool d_palette(CM& o, const G& a) {
    unsigned m = 0;
    for (int k = LANE; k < a.h * a.w; k += WARP) m |= 1u << a.c[k];
    for (int c = 0; c < 10; ++c) {
        const bool has = (m >> c) & 1u;
        if (!warp_all(!has)) m |= 1u << c;
    }
    o = m;
    return true;
}
__device__ bool d_remove_c(CM& o, I64 v, CM a) { o = is_small(v) ? a & ~(1ull << v) : a; return true; }
__device__ bool d_insert_c(CM& o, I64 v, CM a) { if (!is_small(v)) return false; o = a | (1ull << v); return true; }
__device__ bool d_initset_c(CM& o, I64 v) { if (!is_small(v)) return false; o = 1ull << v; return true; }
__device__ bool d_other_c(I64& o, CM a, I64 v) {
    const CM m = is_small(v) ? a & ~(1ull << v) : a;
    if (!m) return raises(WHOLE_RAISE_STOP);  // first(remove(value, container))
    o = lowest(m);
    return true;
}
__device__ bool d_contained_c(I64& o, I64 v, CM a) { o = is_small(v) && ((a >> v) & 1ull); return true; }
__device__ bool d_intersection_c(CM& o, CM a, CM b) { o = a & b; return true; }
__device__ bool d_difference_c(CM& o, CM a, CM b) { o = a & ~b; return true; }
__device__ bool d_combine_c(CM& o, CM a, CM b) { o = a | b; return true; }
__device__ bool d_first_c(I64& o, CM a) { if (!a) return raises(WHOLE_RAISE_STOP); o = lowest(a); return true; }
__device__ bool d_last_c(I64& o, CM a) { if (!a) return raises(WHOLE_RAISE_VALUE); o = highest(a); return true; }
__device__ bool d_size_c(I64& o, CM a) { o = popcll(a); return true; }
// max and min with default 0 for no number.
__device__ bool d_maximum_c(I64& o, CM a) { o = a ? highest(a) : 0; return true; }
__device__ bool d_minimum_c(I64& o, CM a) { o = a ? lowest(a) : 0; return true; }
__device__ bool d_equality_c(I64& o, CM a, CM b) { o = a == b; return true; }

// ----- sets of locations -----------------------------------------------------

// The bounds of a non-empty set: rows from its first and last keys, columns
// reduced over the lanes.
WHOLE_FN void bounds(const X& a, int& top, int& left, int& bottom, int& right) {
    top = key_i(a.k[0]);
    bottom = key_i(a.k[a.n - 1]);
    int lo = 1 << 20, hi = -(1 << 20);
    for (int k = LANE; k < a.n; k += WARP) {
        const int j = key_j(a.k[k]);
        lo = j < lo ? j : lo;
        hi = j > hi ? j : hi;
    }
    left = warp_min(lo);
    right = warp_max(hi);
}

// Writes `count` on lane 0 and makes the set visible; false (on every lane)
// where it did not fit.
__device__ bool set_done(X& o, int count) {
    if (LANE == 0) o.n = count;
    SYNC();
    return o.n >= 0;
}
__device__ bool obj_done(O& o, int n) {
    if (LANE == 0) o.n = n;
    SYNC();
    return true;
}
// The count made visible, for sets of locations and objects alike (also
// mirror_keys's and keys_filter's).
__device__ __forceinline__ bool keys_done(X& o, int n) { return set_done(o, n); }
__device__ __forceinline__ bool keys_done(O& o, int n) { return obj_done(o, n); }

WHOLE_FN bool d_ofcolor(X& o, const G& a, I64 value) {
    if (!ok_grid(a) || a.h > 127 || a.w > 127) return false;
    const int n = a.h * a.w;
    int base = 0;
    for (int k0 = 0; k0 < n; k0 += WARP) {
        const int k = k0 + LANE;
        const bool hit = k < n && a.c[k] == value;
        const unsigned m = warp_ballot(hit);
        if (base + popc(m) > WHOLE_LOCS) return false;
        if (hit) o.k[base + popc(m & lanes_below())] = loc_key(k / a.w, k % a.w);
        base += popc(m);
    }
    return set_done(o, base);
}

WHOLE_FN bool d_asindices(X& o, const G& a) {
    if (a.h > 127 || a.w > 127 || a.h * a.w > WHOLE_LOCS) return false;
    for (int k = LANE; k < a.h * a.w; k += WARP) o.k[k] = loc_key(k / a.w, k % a.w);
    return set_done(o, a.h * a.w);
}

// The cells of `a` with those of `p` inside it set to `value` (`only`:
// only cells of that colour; -1: all).
WHOLE_FN bool fill_where(G& o, const G& a, I64 value, const X& p, int only) {
    if (!ok_grid(a) || !is_color(value)) return false;
    for (int k = LANE; k < a.h * a.w; k += WARP) o.c[k] = a.c[k];
    SYNC();
    for (int k = LANE; k < p.n; k += WARP) {
        const int i = key_i(p.k[k]), j = key_j(p.k[k]);
        if (i >= 0 && i < a.h && j >= 0 && j < a.w && (only < 0 || a.c[i * a.w + j] == only))
            o.c[i * a.w + j] = (signed char)value;
    }
    if (LANE == 0) {
        o.h = a.h;
        o.w = a.w;
    }
    SYNC();
    return true;
}
WHOLE_FN bool d_fill(G& o, const G& a, I64 value, const X& p) { return fill_where(o, a, value, p, -1); }
// underfill reads grid[0] before its mostcolor: a grid of no cells is left
// to the CPU (fill_where), as by cover, underpaint and move.
WHOLE_FN bool d_underfill(G& o, const G& a, I64 value, const X& p) {
    I64 bg = 0;
    if (!ok_grid(a) || !d_mostcolor(bg, a)) return false;
    return fill_where(o, a, value, p, (int)bg);
}
WHOLE_FN bool d_cover(G& o, const G& a, const X& p) {
    I64 bg = 0;
    if (!ok_grid(a) || !d_mostcolor(bg, a)) return false;
    return fill_where(o, a, bg, p, -1);
}

// A translation keeps the order of the keys.
WHOLE_FN bool d_shift(X& o, const X& a, P d) {
    bool ok = true;
    for (int k = LANE; k < a.n; k += WARP) {
        const I64 i = key_i(a.k[k]) + d.a, j = key_j(a.k[k]) + d.b;
        ok = ok && loc_ok(i, j);
        if (ok) o.k[k] = loc_key(i, j);
    }
    if (!warp_all(ok)) return false;
    return set_done(o, a.n);
}
WHOLE_FN bool d_normalize(X& o, const X& a) {
    if (a.n == 0) return set_done(o, 0);
    int top, left, bottom, right;
    bounds(a, top, left, bottom, right);
    P d = {-top, -left};
    return d_shift(o, a, d);
}
WHOLE_FN bool d_toindices(X& o, const X& a) {
    for (int k = LANE; k < a.n; k += WARP) o.k[k] = a.k[k];
    return set_done(o, a.n);
}

// Merges of two ascending sets, each lane placing its own keys: a key's
// place in the result is its index plus the count of the other set's keys
// below it (a binary search), less the keys both sets hold before it (a
// running count over the warp's ballots). The result is a slot of its own
// (never an argument), so no lane reads what another writes.

// The count of ascending keys k[0..n) below `key` (a binary search):
// sets of locations and objects alike.
template <typename K>
__device__ __forceinline__ int keys_below(const K* k, int n, K key) {
    int lo = 0, hi = n;
    while (lo < hi) {
        const int mid = (lo + hi) >> 1;
        if (k[mid] < key) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}
__device__ __forceinline__ int x_below(const X& a, unsigned short key) { return keys_below(a.k, a.n, key); }
__device__ __forceinline__ bool x_has(const X& a, unsigned short key) {
    const int at = x_below(a, key);
    return at < a.n && a.k[at] == key;
}
WHOLE_FN bool d_combine(X& o, const X& a, const X& b) {
    // a's keys: index + b's keys below - keys both hold below.
    int both = 0;
    for (int x0 = 0; x0 < a.n; x0 += WARP) {
        const int x = x0 + LANE;
        unsigned short key = 0;
        int below = 0;
        bool shared = false;
        if (x < a.n) {
            key = a.k[x];
            below = x_below(b, key);
            shared = below < b.n && b.k[below] == key;
        }
        const unsigned m = warp_ballot(shared);
        const int at = x + below - (both + popc(m & lanes_below()));
        if (x < a.n && at < WHOLE_LOCS) o.k[at] = key;
        both += popc(m);
    }
    const int n = a.n + b.n - both;
    if (n > WHOLE_LOCS) return false;
    // b's keys a does not hold: a's keys below + b's own such keys before.
    int shared_before = 0;
    for (int y0 = 0; y0 < b.n; y0 += WARP) {
        const int y = y0 + LANE;
        unsigned short key = 0;
        int below = 0;
        bool shared = false;
        if (y < b.n) {
            key = b.k[y];
            below = x_below(a, key);
            shared = below < a.n && a.k[below] == key;
        }
        const unsigned m = warp_ballot(shared);
        if (y < b.n && !shared) o.k[below + y - (shared_before + popc(m & lanes_below()))] = key;
        shared_before += popc(m);
    }
    return set_done(o, n);
}
// The keys of a that b holds (keep: true) or does not: sets of locations
// and objects alike.
template <typename Set>
WHOLE_FN bool keys_filter(Set& o, const Set& a, const Set& b, bool keep) {
    int n = 0;
    for (int x0 = 0; x0 < a.n; x0 += WARP) {
        const int x = x0 + LANE;
        bool kept = false;
        if (x < a.n) {
            const int at = keys_below(b.k, b.n, a.k[x]);
            kept = (at < b.n && b.k[at] == a.k[x]) == keep;
        }
        const unsigned m = warp_ballot(kept);
        if (kept) o.k[n + popc(m & lanes_below())] = a.k[x];
        n += popc(m);
    }
    return keys_done(o, n);
}
WHOLE_FN bool d_intersection(X& o, const X& a, const X& b) { return keys_filter(o, a, b, true); }
WHOLE_FN bool d_difference(X& o, const X& a, const X& b) { return keys_filter(o, a, b, false); }
WHOLE_FN bool d_intersection_o(O& o, const O& a, const O& b) { return keys_filter(o, a, b, true); }
WHOLE_FN bool d_difference_o(O& o, const O& a, const O& b) { return keys_filter(o, a, b, false); }

WHOLE_FN bool d_ulcorner(P& o, const X& a) { if (a.n == 0) return false; int t, l, b, r; bounds(a, t, l, b, r); o.a = t; o.b = l; return true; }
WHOLE_FN bool d_urcorner(P& o, const X& a) { if (a.n == 0) return false; int t, l, b, r; bounds(a, t, l, b, r); o.a = t; o.b = r; return true; }
WHOLE_FN bool d_llcorner(P& o, const X& a) { if (a.n == 0) return false; int t, l, b, r; bounds(a, t, l, b, r); o.a = b; o.b = l; return true; }
WHOLE_FN bool d_lrcorner(P& o, const X& a) { if (a.n == 0) return false; int t, l, b, r; bounds(a, t, l, b, r); o.a = b; o.b = r; return true; }
WHOLE_FN bool d_uppermost(I64& o, const X& a) { if (a.n == 0) return raises(WHOLE_RAISE_VALUE); o = key_i(a.k[0]); return true; }
WHOLE_FN bool d_lowermost(I64& o, const X& a) { if (a.n == 0) return raises(WHOLE_RAISE_VALUE); o = key_i(a.k[a.n - 1]); return true; }
WHOLE_FN bool d_leftmost(I64& o, const X& a) { if (a.n == 0) return raises(WHOLE_RAISE_VALUE); int t, l, b, r; bounds(a, t, l, b, r); o = l; return true; }
WHOLE_FN bool d_rightmost(I64& o, const X& a) { if (a.n == 0) return raises(WHOLE_RAISE_VALUE); int t, l, b, r; bounds(a, t, l, b, r); o = r; return true; }
WHOLE_FN bool d_height_x(I64& o, const X& a) {
    if (a.n == 0) { o = 0; return true; }
    o = key_i(a.k[a.n - 1]) - key_i(a.k[0]) + 1;
    return true;
}
WHOLE_FN bool d_width_x(I64& o, const X& a) {
    if (a.n == 0) { o = 0; return true; }
    int t, l, b, r;
    bounds(a, t, l, b, r);
    o = r - l + 1;
    return true;
}
WHOLE_FN bool d_shape_x(P& o, const X& a) {
    if (a.n == 0) { o.a = 0; o.b = 0; return true; }
    int t, l, b, r;
    bounds(a, t, l, b, r);
    o.a = b - t + 1;
    o.b = r - l + 1;
    return true;
}
WHOLE_FN bool d_center(P& o, const X& a) {
    if (a.n == 0) return raises(WHOLE_RAISE_VALUE);  // uppermost
    int t, l, b, r;
    bounds(a, t, l, b, r);
    o.a = t + (b - t + 1) / 2;
    o.b = l + (r - l + 1) / 2;
    return true;
}
// ----- two patches: distance, matching rows or columns, position -------------
// (An object's locations come in through d_toindices_o: these are
// `locations_only` in whole.rs.) An empty patch raises where the reference
// takes min() of nothing (its distance, its center).

// The least |di| + |dj| over the pairs of a's locations moved by (si, sj)
// and b's: the reference's `manhattan` of `shift(a, (si, sj))` and b. Both
// sets are non-empty.
WHOLE_FN int x_distance(const X& a, const X& b, int si, int sj) {
    int best = 1 << 30;
    const int pairs = a.n * b.n;
    for (int q = LANE; q < pairs; q += WARP) {
        const unsigned short ka = a.k[q / b.n], kb = b.k[q % b.n];
        const int di = key_i(ka) + si - key_i(kb), dj = key_j(ka) + sj - key_j(kb);
        const int d = (di < 0 ? -di : di) + (dj < 0 ? -dj : dj);
        best = d < best ? d : best;
    }
    return warp_min(best);
}
WHOLE_FN bool d_manhattan(I64& o, const X& a, const X& b) {
    if (a.n == 0 || b.n == 0) return raises(WHOLE_RAISE_VALUE);
    o = x_distance(a, b, 0, 0);
    return true;
}
WHOLE_FN bool d_adjacent(I64& o, const X& a, const X& b) {
    if (a.n == 0 || b.n == 0) return raises(WHOLE_RAISE_VALUE);
    o = x_distance(a, b, 0, 0) == 1;
    return true;
}
// Whether a row (rows: true) or a column holds locations of both sets: the
// 256 possible rows or columns of a key as a bit mask, one word per 32.
WHOLE_FN bool x_lines_meet(const X& a, const X& b, bool rows) {
    unsigned mask[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    for (int k = LANE; k < a.n; k += WARP) {
        const int line = rows ? (a.k[k] >> 8) : (a.k[k] & 255);
        mask[line >> 5] |= 1u << (line & 31);
    }
    for (int w = 0; w < 8; ++w) mask[w] = warp_or(mask[w]);
    bool hit = false;
    for (int k = LANE; k < b.n; k += WARP) {
        const int line = rows ? (b.k[k] >> 8) : (b.k[k] & 255);
        hit = hit || ((mask[line >> 5] >> (line & 31)) & 1u);
    }
    return warp_any(hit);
}
WHOLE_FN bool d_hmatching(I64& o, const X& a, const X& b) { o = x_lines_meet(a, b, true); return true; }
WHOLE_FN bool d_vmatching(I64& o, const X& a, const X& b) { o = x_lines_meet(a, b, false); return true; }
// The mean row and column, each floored (Python's `sum(x) // len(patch)`).
WHOLE_FN bool d_centerofmass(P& o, const X& a) {
    if (a.n == 0) return false;  // the empty tuple
    int si = 0, sj = 0;
    for (int k = LANE; k < a.n; k += WARP) {
        si += key_i(a.k[k]);
        sj += key_j(a.k[k]);
    }
    o.a = floor_div(warp_sum(si), a.n);
    o.b = floor_div(warp_sum(sj), a.n);
    return true;
}
// The direction from a's center to b's, each coordinate -1, 0 or 1 (0 only
// where the centers share a row or a column).
WHOLE_FN bool d_position(P& o, const X& a, const X& b) {
    if (a.n == 0 || b.n == 0) return raises(WHOLE_RAISE_VALUE);
    P ca, cb;
    d_center(ca, a);
    d_center(cb, b);
    const I64 dj = ca.b < cb.b ? 1 : -1;
    if (ca.a == cb.a) { o.a = 0; o.b = dj; }
    else if (ca.b == cb.b) { o.a = ca.a < cb.a ? 1 : -1; o.b = 0; }
    else { o.a = ca.a < cb.a ? 1 : -1; o.b = dj; }
    return true;
}
// How far to move `src` (one step at a time along a row, or along a column
// where a column holds both) until it is adjacent to `dst`: at most 42
// steps, as in the reference.
WHOLE_FN bool d_gravitate(P& o, const X& src, const X& dst) {
    if (src.n == 0 || dst.n == 0) return raises(WHOLE_RAISE_VALUE);
    P cs, cd;
    d_center(cs, src);
    d_center(cd, dst);
    int i = 0, j = 0;
    if (x_lines_meet(src, dst, false)) i = cs.a < cd.a ? 1 : -1;
    else j = cs.b < cd.b ? 1 : -1;
    int c = 0;
    while (x_distance(src, dst, c * i, c * j) != 1 && c < 42) ++c;
    o.a = c * i;
    o.b = c * j;
    return true;
}
WHOLE_FN bool d_size_x(I64& o, const X& a) { o = a.n; return true; }
WHOLE_FN bool d_size_grid(I64& o, const G& a) { o = a.h; return true; }
WHOLE_FN bool d_first_x(P& o, const X& a) { if (a.n == 0) return raises(WHOLE_RAISE_STOP); o.a = key_i(a.k[0]); o.b = key_j(a.k[0]); return true; }
WHOLE_FN bool d_last_x(P& o, const X& a) {
    if (a.n == 0) return raises(WHOLE_RAISE_VALUE);  // max(enumerate(()))
    o.a = key_i(a.k[a.n - 1]);
    o.b = key_j(a.k[a.n - 1]);
    return true;
}
WHOLE_FN bool d_first_pair(I64& o, P a) { o = a.a; return true; }
WHOLE_FN bool d_last_pair(I64& o, P a) { o = a.b; return true; }
WHOLE_FN bool d_contained(I64& o, P v, const X& a) {
    if (!loc_ok(v.a, v.b)) { o = 0; return true; }
    const unsigned short key = loc_key(v.a, v.b);
    bool found = false;
    for (int k = LANE; k < a.n; k += WARP) found = found || a.k[k] == key;
    o = !warp_all(!found);
    return true;
}
WHOLE_FN bool d_initset(X& o, P v) {
    if (!loc_ok(v.a, v.b)) return false;
    if (LANE == 0) o.k[0] = loc_key(v.a, v.b);
    return set_done(o, 1);
}
WHOLE_FN bool d_insert(X& o, P v, const X& a) {
    if (!loc_ok(v.a, v.b)) return false;
    const unsigned short key = loc_key(v.a, v.b);
    const int at = x_below(a, key);
    const int put = at < a.n && a.k[at] == key ? 0 : 1;
    if (a.n + put > WHOLE_LOCS) return false;
    for (int x = LANE; x < a.n; x += WARP) o.k[x < at ? x : x + put] = a.k[x];
    if (LANE == 0 && put) o.k[at] = key;
    return set_done(o, a.n + put);
}
WHOLE_FN bool d_remove(X& o, P v, const X& a) {
    const bool in_range = loc_ok(v.a, v.b);
    const unsigned short key = in_range ? loc_key(v.a, v.b) : 0;
    int n = 0;
    for (int x0 = 0; x0 < a.n; x0 += WARP) {
        const int x = x0 + LANE;
        const bool kept = x < a.n && (!in_range || a.k[x] != key);
        const unsigned m = warp_ballot(kept);
        if (kept) o.k[n + popc(m & lanes_below())] = a.k[x];
        n += popc(m);
    }
    return set_done(o, n);
}
WHOLE_FN bool d_equality_x(I64& o, const X& a, const X& b) {
    bool same = a.n == b.n;
    if (same)
        for (int k = LANE; same && k < a.n; k += WARP) same = a.k[k] == b.k[k];
    o = warp_all(same);
    return true;
}
WHOLE_FN bool d_equality_pair(I64& o, P a, P b) { o = a.a == b.a && a.b == b.b; return true; }

// The outline of rows si..ei and columns sj..ej (si <= ei, sj <= ej), in order.
WHOLE_FN bool box_of(X& o, I64 si, I64 sj, I64 ei, I64 ej) {
    if (!loc_ok(si, sj) || !loc_ok(ei, ej)) return false;
    if (LANE == 0) {
        int n = 0;
        for (I64 i = si; i <= ei && n >= 0; ++i) {
            const bool edge = i == si || i == ei;
            for (I64 j = sj; j <= ej; ++j) {
                if (!edge && j != sj && j != ej) continue;
                if (n == WHOLE_LOCS) { n = -1; break; }
                o.k[n++] = loc_key(i, j);
            }
        }
        o.n = n;
    }
    SYNC();
    return o.n >= 0;
}
WHOLE_FN bool d_box(X& o, const X& a) {
    if (a.n == 0) return set_done(o, 0);
    int t, l, b, r;
    bounds(a, t, l, b, r);
    return box_of(o, t, l, b, r);
}
// Of an empty patch, uppermost raises (min of nothing).
WHOLE_FN bool d_inbox(X& o, const X& a) {
    if (a.n == 0) return raises(WHOLE_RAISE_VALUE);
    int t, l, b, r;
    bounds(a, t, l, b, r);
    const I64 ai = t + 1, aj = l + 1, bi = b - 1, bj = r - 1;
    return box_of(o, ai < bi ? ai : bi, aj < bj ? aj : bj, ai > bi ? ai : bi, aj > bj ? aj : bj);
}
WHOLE_FN bool d_outbox(X& o, const X& a) {
    if (a.n == 0) return raises(WHOLE_RAISE_VALUE);
    int t, l, b, r;
    bounds(a, t, l, b, r);
    return box_of(o, t - 1, l - 1, b + 1, r + 1);
}
// The rectangle of the set's bounds, less the set itself (`minus`): its
// cells in row-major order (the keys' order), each lane testing its own.
WHOLE_FN bool rectangle_of(X& o, const X& a, bool minus) {
    if (a.n == 0) return set_done(o, 0);
    int t, l, b, r;
    bounds(a, t, l, b, r);
    const int w = r - l + 1, h = b - t + 1;
    if (!minus && h * w > WHOLE_LOCS) return false;
    int n = 0;
    for (int k0 = 0; k0 < h * w; k0 += WARP) {
        const int k = k0 + LANE;
        const unsigned short key = k < h * w ? loc_key(t + k / w, l + k % w) : 0;
        const bool kept = k < h * w && !(minus && x_has(a, key));
        const unsigned m = warp_ballot(kept);
        if (n + popc(m) > WHOLE_LOCS) return false;
        if (kept) o.k[n + popc(m & lanes_below())] = key;
        n += popc(m);
    }
    return set_done(o, n);
}
WHOLE_FN bool d_backdrop(X& o, const X& a) { return rectangle_of(o, a, false); }
WHOLE_FN bool d_delta(X& o, const X& a) { return rectangle_of(o, a, true); }

// Python's connect: a row, a column or a diagonal from a to b, else empty.
WHOLE_FN bool d_connect(X& o, P a, P b) {
    const I64 si = a.a < b.a ? a.a : b.a, ei = a.a < b.a ? b.a : a.a;
    const I64 sj = a.b < b.b ? a.b : b.b, ej = a.b < b.b ? b.b : a.b;
    int kind;
    if (a.a == b.a) kind = 0;
    else if (a.b == b.b) kind = 1;
    else if (b.a - a.a == b.b - a.b) kind = 2;
    else if (b.a - a.a == a.b - b.b) kind = 3;
    else return set_done(o, 0);
    const I64 n = kind == 0 ? ej - sj + 1 : ei - si + 1;
    if (n > WHOLE_LOCS) return false;
    bool ok = true;
    for (int k = LANE; k < n; k += WARP) {
        I64 i, j;
        if (kind == 0) { i = a.a; j = sj + k; }
        else if (kind == 1) { i = si + k; j = a.b; }
        else if (kind == 2) { i = si + k; j = sj + k; }
        else { i = si + k; j = ej - k; }
        ok = ok && loc_ok(i, j);
        if (ok) o.k[k] = loc_key(i, j);
    }
    if (!warp_all(ok)) return false;
    // Rows and columns ascend; a diagonal has one cell per row, so its
    // cells ascend with i whichever way j runs.
    return set_done(o, (int)n);
}
// connect held as a line within one lane: cells (i + k di, j + k dj) for
// k < n, n = 0 where the ends share no row, column or diagonal. It fails
// where d_connect does: the line has a cell beyond -128..127, which is
// where one of its ends has (the cells lie between them).
struct LN {
    int i, j, di, dj, n;
};
__device__ bool d_connect_ln(LN& o, P a, P b) {
    const I64 si = a.a < b.a ? a.a : b.a, ei = a.a < b.a ? b.a : a.a;
    const I64 sj = a.b < b.b ? a.b : b.b, ej = a.b < b.b ? b.b : a.b;
    o.n = 0;
    if (a.a == b.a) {
        o.i = (int)a.a, o.j = (int)sj, o.di = 0, o.dj = 1, o.n = (int)(ej - sj + 1);
    } else if (a.b == b.b) {
        o.i = (int)si, o.j = (int)a.b, o.di = 1, o.dj = 0, o.n = (int)(ei - si + 1);
    } else if (b.a - a.a == b.b - a.b) {
        o.i = (int)si, o.j = (int)sj, o.di = 1, o.dj = 1, o.n = (int)(ei - si + 1);
    } else if (b.a - a.a == a.b - b.b) {
        o.i = (int)si, o.j = (int)ej, o.di = 1, o.dj = -1, o.n = (int)(ei - si + 1);
    } else {
        return true;
    }
    return loc_ok(a.a, a.b) && loc_ok(b.a, b.b);
}
// size, vline and hline of a line: as of its set of cells (one cell is
// both a vline and an hline; no cells neither, its width being 0).
__device__ bool d_size_ln(I64& o, const LN& l) {
    o = l.n;
    return true;
}
__device__ bool d_vline_ln(I64& o, const LN& l) {
    o = l.n == 1 || (l.n > 1 && l.dj == 0);
    return true;
}
__device__ bool d_hline_ln(I64& o, const LN& l) {
    o = l.n == 1 || (l.n > 1 && l.di == 0);
    return true;
}
// difference of a line and a set of locations in a lane's turn, read only
// by size: the line and the set, its size the line's cells the set lacks.
struct LD {
    LN l;
    const X* b;
};
__device__ bool d_difference_ln(LD& o, const LN& l, const X& b) {
    o.l = l;
    o.b = &b;
    return true;
}
__device__ bool d_size_ld(I64& o, const LD& d) {
    int c = 0;
    for (int k = 0; k < d.l.n; ++k) c += !x_has(*d.b, loc_key(d.l.i + k * d.l.di, d.l.j + k * d.l.dj));
    o = c;
    return true;
}
WHOLE_FN bool d_shoot(X& o, P start, P dir) {
    if (dir.a > WHOLE_INT_LIMIT / 64 || dir.a < -WHOLE_INT_LIMIT / 64 || dir.b > WHOLE_INT_LIMIT / 64 ||
        dir.b < -WHOLE_INT_LIMIT / 64)
        return false;
    P end = {start.a + 42 * dir.a, start.b + 42 * dir.b};
    return d_connect(o, start, end);
}
// Small fixed sets around a location, listed in ascending order.
__device__ bool offsets_of(X& o, P v, const int* di, const int* dj, int n) {
    bool ok = true;
    for (int k = 0; k < n; ++k) ok = ok && loc_ok(v.a + di[k], v.b + dj[k]);
    if (!ok) return false;
    if (LANE == 0)
        for (int k = 0; k < n; ++k) o.k[k] = loc_key(v.a + di[k], v.b + dj[k]);
    return set_done(o, n);
}
WHOLE_FN bool d_dneighbors(X& o, P v) {
    const int di[4] = {-1, 0, 0, 1}, dj[4] = {0, -1, 1, 0};
    return offsets_of(o, v, di, dj, 4);
}
WHOLE_FN bool d_ineighbors(X& o, P v) {
    const int di[4] = {-1, -1, 1, 1}, dj[4] = {-1, 1, -1, 1};
    return offsets_of(o, v, di, dj, 4);
}
WHOLE_FN bool d_neighbors(X& o, P v) {
    const int di[8] = {-1, -1, -1, 0, 0, 1, 1, 1}, dj[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
    return offsets_of(o, v, di, dj, 8);
}
WHOLE_FN bool d_hfrontier(X& o, P v) {
    if (!loc_ok(v.a, 0)) return false;
    for (int k = LANE; k < 30; k += WARP) o.k[k] = loc_key(v.a, k);
    return set_done(o, 30);
}
WHOLE_FN bool d_vfrontier(X& o, P v) {
    if (!loc_ok(0, v.b)) return false;
    for (int k = LANE; k < 30; k += WARP) o.k[k] = loc_key(k, v.b);
    return set_done(o, 30);
}
WHOLE_FN bool d_subgrid(G& o, const X& p, const G& a) {
    if (p.n == 0) return raises(WHOLE_RAISE_INDEX);  // crop reads ulcorner(p)[0] of ()
    int t, l, b, r;
    bounds(p, t, l, b, r);
    P start = {t, l}, dims = {b - t + 1, r - l + 1};
    return d_crop(o, a, start, dims);
}
WHOLE_FN bool d_index(I64& o, const G& a, P loc) {
    if (!ok_grid(a) || loc.a < 0 || loc.a >= a.h || loc.b < 0 || loc.b >= a.w) return false;
    o = a.c[loc.a * a.w + loc.b];
    return true;
}
WHOLE_FN bool d_tojvec(P& o, I64 j) { o.a = 0; o.b = j; return true; }
WHOLE_FN bool d_toivec(P& o, I64 i) { o.a = i; o.b = 0; return true; }

// ----- one evaluation -------------------------------------------------------

// Reads input `i` of the batch into `g`; false if it does not fit.
__device__ bool whole_load(G& g, const signed char* cells, const int* desc, int i) {
    const int off = desc[3 * i], h = desc[3 * i + 1], w = desc[3 * i + 2];
    if (!fits(h, w)) return false;
    bool colours = true;
    for (int k = LANE; k < h * w; k += WARP) {
        g.c[k] = cells[off + k];
        colours = colours && is_color(g.c[k]);
    }
    if (LANE == 0) {
        g.h = h;
        g.w = w;
    }
    SYNC();
    return warp_all(colours);
}

// Writes a program's output grid after the outputs written so far (`used`
// counts their cells: the outputs come back packed, in any order, each
// found by its offset); false if it does not fit. desc of t: status,
// height, width, offset (WHOLE_DESC).
__device__ bool whole_store(const G& g, signed char* cells, int* desc, I64 t, unsigned long long* used,
                            unsigned long long cap) {
    if (g.w == 0) {
        // A grid of no cells: its rows, of width 0.
        if (LANE == 0) {
            desc[WHOLE_DESC * t + 1] = g.h;
            desc[WHOLE_DESC * t + 2] = 0;
            desc[WHOLE_DESC * t + 3] = 0;
        }
        return true;
    }
    if (!ok_grid(g) || g.h * g.w > WHOLE_OUT_CAP) return false;
    const unsigned long long n = (unsigned long long)(g.h * g.w);
    unsigned long long at = 0;
#ifdef BATTGEN_HOST_TEST
    at = *used;
    *used += n;
#else
    if (LANE == 0) at = atomicAdd(used, n);
    at = warp_first(at);
#endif
    if (at + n > cap) return false;
    for (int k = LANE; k < (int)n; k += WARP) cells[at + k] = g.c[k];
    if (LANE == 0) {
        desc[WHOLE_DESC * t + 1] = g.h;
        desc[WHOLE_DESC * t + 2] = g.w;
        desc[WHOLE_DESC * t + 3] = (int)at;
    }
    return true;
}
