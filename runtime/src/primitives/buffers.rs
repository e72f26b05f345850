//! The cell buffers of new grids, built in one allocation of the exact
//! size and written in one pass: no capacity check or length update per
//! row or cell, no bounds check in the inner loops, and rows of up to 32
//! cells (every ARC grid's) copied by a few word moves instead of a call
//! to `memcpy` each. The cheapest programs (`vconcat(hmirror(I), I)`) are
//! little more than these copies, so their cost per row decides how they
//! compare with CPython.
//!
//! Every function here is safe to call: the raw pointer work stays inside,
//! each loop's bounds derived from the grid it reads and the buffer it
//! writes.

use std::mem::MaybeUninit;
use std::ptr;

use crate::values::{Color, Grid};

/// A grid of `h` x `w` cells, every one written by `fill` through a
/// pointer to the `h * w` uninitialised cells of the grid's own block (no
/// buffer to copy from).
///
/// # Safety
/// `fill` must write each of the cells `0..h*w` of the pointer it is given
/// (and nothing outside them). If it panics, the grid is freed unread.
#[inline(always)]
unsafe fn build(h: usize, w: usize, fill: impl FnOnce(*mut Color)) -> Grid {
    // SAFETY: the caller's.
    unsafe { Grid::build(h, w, fill) }
}

/// `g` with every cell `c` replaced by `f(c)` (`replace`, `switch`):
/// written straight into the new grid, a loop that vectorises.
#[inline(always)]
pub(crate) fn map_cells(g: &Grid, f: impl Fn(Color) -> Color) -> Grid {
    let src = g.cells();
    // SAFETY: writes each of the `h * w` = `src.len()` cells once.
    unsafe {
        build(g.height(), g.width(), |dst| {
            let out = std::slice::from_raw_parts_mut(dst.cast::<MaybeUninit<Color>>(), src.len());
            for (o, &c) in out.iter_mut().zip(src) {
                o.write(f(c));
            }
        })
    }
}

/// How many of `cells` are `c`: sixteen byte counters, one per lane of
/// a 128-bit compare, summed every 255 blocks (before they can wrap), so
/// that the loop compiles to a compare and a subtract per 16 cells.
/// (`iter().filter().count()` widened each match to 64 bits and took 4
/// instructions per cell.)
pub(crate) fn count_eq(cells: &[Color], c: Color) -> usize {
    const LANES: usize = 16;
    const STEPS: usize = u8::MAX as usize;
    let mut total = 0;
    let mut blocks = cells.chunks_exact(LANES);
    loop {
        let mut lanes = [0u8; LANES];
        let mut steps = 0;
        for block in blocks.by_ref() {
            for (lane, &x) in lanes.iter_mut().zip(block) {
                *lane = lane.wrapping_add(u8::from(x == c));
            }
            steps += 1;
            if steps == STEPS {
                break;
            }
        }
        total += lanes.iter().map(|&n| usize::from(n)).sum::<usize>();
        if steps < STEPS {
            break;
        }
    }
    total + tail_mask(cells, cells.len() - blocks.remainder().len(), c).count_ones() as usize
}

/// How many of `cells` are each of the colours 0..=9, or `None` where some
/// cell is another value: one pass, each block of 16 cells compared with
/// all ten colours into ten registers of byte counters (summed every 255
/// blocks, before they can wrap). Independent adds, unlike a histogram's,
/// whose adds along a run of one colour each wait for the last.
#[cfg(target_arch = "x86_64")]
pub(crate) fn counts10(cells: &[Color]) -> Option<[u32; 10]> {
    use std::arch::x86_64::{
        _mm_add_epi64, _mm_cmpeq_epi8, _mm_cvtsi128_si64, _mm_loadu_si128, _mm_sad_epu8,
        _mm_set1_epi8, _mm_setzero_si128, _mm_srli_si128, _mm_sub_epi8,
    };
    let mut counts = [0u32; 10];
    let mut blocks = cells.chunks_exact(16);
    // SAFETY: SSE2 is part of every x86_64 target; each load reads the 16
    // cells of its block (unaligned loads allowed).
    unsafe {
        let zero = _mm_setzero_si128();
        let colours: [_; 10] = std::array::from_fn(|c| _mm_set1_epi8(c as i8));
        loop {
            let mut lanes = [zero; 10];
            let mut steps = 0;
            for block in blocks.by_ref() {
                let v = _mm_loadu_si128(block.as_ptr().cast());
                for (lane, &colour) in lanes.iter_mut().zip(&colours) {
                    // A match is -1: subtracting it counts it.
                    *lane = _mm_sub_epi8(*lane, _mm_cmpeq_epi8(v, colour));
                }
                steps += 1;
                if steps == u8::MAX {
                    break;
                }
            }
            for (count, &lane) in counts.iter_mut().zip(&lanes) {
                // The sixteen byte counters summed in two halves.
                let halves = _mm_sad_epu8(lane, zero);
                let sum = _mm_add_epi64(halves, _mm_srli_si128::<8>(halves));
                *count += _mm_cvtsi128_si64(sum) as u32;
            }
            if steps < u8::MAX {
                break;
            }
        }
    }
    for &x in blocks.remainder() {
        counts[usize::try_from(x).ok().filter(|&c| c < 10)?] += 1;
    }
    (counts.iter().sum::<u32>() as usize == cells.len()).then_some(counts)
}

/// [`counts10`] where there is no SSE2: `None`, so the caller counts by a
/// histogram.
#[cfg(not(target_arch = "x86_64"))]
pub(crate) fn counts10(_cells: &[Color]) -> Option<[u32; 10]> {
    None
}

/// One bit per cell of a block of 16 that is `c` (bit k: cell k).
#[inline(always)]
fn eq_mask16(block: &[Color; 16], c: Color) -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{
            _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8,
        };
        // SAFETY: SSE2 is part of every x86_64 target; the load reads the
        // block's 16 bytes (unaligned loads allowed).
        unsafe {
            let v = _mm_loadu_si128(block.as_ptr().cast());
            _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(c))) as u32
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        block
            .iter()
            .enumerate()
            .fold(0, |m, (k, &x)| m | (u32::from(x == c) << k))
    }
}

/// [`eq_mask16`] of the cells from `from` to the end (fewer than 16):
/// the last 16 cells read again and the bits of those before `from`
/// shifted out, or, where there are not 16, a copy padded with a colour
/// that is not `c`.
#[inline(always)]
fn tail_mask(cells: &[Color], from: usize, c: Color) -> u32 {
    let n = cells.len();
    let rest = n - from;
    debug_assert!(rest < 16);
    if rest == 0 {
        0
    } else if n >= 16 {
        let last: &[Color; 16] = cells[n - 16..].try_into().expect("16 cells");
        eq_mask16(last, c) >> (16 - rest)
    } else {
        let mut padded = [!c; 16];
        padded[..rest].copy_from_slice(&cells[from..]);
        eq_mask16(&padded, c)
    }
}

/// One bit per cell of a row of at most 64 that is `c` (bit j: cell j),
/// 16 cells per compare.
pub(crate) fn eq_mask64(row: &[Color], c: Color) -> u64 {
    debug_assert!(row.len() <= 64);
    let mut blocks = row.chunks_exact(16);
    let mut mask = 0u64;
    for (k, block) in blocks.by_ref().enumerate() {
        let block: &[Color; 16] = block.try_into().expect("16 cells");
        mask |= u64::from(eq_mask16(block, c)) << (16 * k);
    }
    match blocks.remainder().len() {
        0 => mask,
        rest => {
            let from = row.len() - rest;
            mask | u64::from(tail_mask(row, from, c)) << from
        }
    }
}

/// Two masks of the row of `w <= 64` cells that starts at `cells[start]`:
/// bit j of the first is set where cell j is `c`, bit j of the second
/// where cell j is the same as cell j - 1 (never bit 0). Each block of 16
/// is read once, straight from the buffer where 16 cells remain in it
/// (cells past the row's end give bits that are cleared), else from a
/// padded copy; both masks come from the same load.
#[inline]
pub(crate) fn row_masks(cells: &[Color], start: usize, w: usize, c: Color) -> (u64, u64) {
    debug_assert!(w <= 64 && start + w <= cells.len());
    let (mut eq, mut same) = (0u64, 0u64);
    let mut k = 0;
    while k < w {
        let p = start + k;
        let padded: [Color; 16];
        let block: &[Color; 16] = match cells.get(p..p + 16) {
            Some(b) => b.try_into().expect("16 cells"),
            None => {
                let rest = &cells[p..];
                let mut b = [0; 16];
                b[..rest.len()].copy_from_slice(rest);
                padded = b;
                &padded
            }
        };
        let (e, s) = eq_and_same_mask16(block, c);
        eq |= u64::from(e) << k;
        same |= u64::from(s) << k;
        if k > 0 && cells[p] == cells[p - 1] {
            same |= 1 << k;
        }
        k += 16;
    }
    let keep = if w == 64 { u64::MAX } else { (1 << w) - 1 };
    (eq & keep, same & keep)
}

/// [`eq_mask16`] of a block, and the bits of its cells that equal the cell
/// before them in the block (bit 0 never).
#[inline(always)]
fn eq_and_same_mask16(block: &[Color; 16], c: Color) -> (u32, u32) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{
            _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8, _mm_slli_si128,
        };
        // SAFETY: SSE2 is part of every x86_64 target; the load reads the
        // block's 16 bytes (unaligned loads allowed).
        unsafe {
            let v = _mm_loadu_si128(block.as_ptr().cast());
            let eq = _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(c))) as u32;
            // Byte k of the shifted block is byte k - 1 of the block.
            let before = _mm_slli_si128::<1>(v);
            let same = _mm_movemask_epi8(_mm_cmpeq_epi8(v, before)) as u32 & !1;
            (eq, same)
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let eq = block
            .iter()
            .enumerate()
            .fold(0, |m, (k, &x)| m | (u32::from(x == c) << k));
        let same = (1..16).fold(0, |m, k| m | (u32::from(block[k] == block[k - 1]) << k));
        (eq, same)
    }
}

/// `f` of the index of every cell of `cells` that is `c`, in order: 16
/// cells at a time, one 128-bit compare giving a bit per matching cell
/// (about 0.3 instructions per cell where the colour is sparse; eight at a
/// time by word tricks took 1.5), the last cells by re-reading the final
/// 16 rather than one by one.
pub(crate) fn for_each_eq(cells: &[Color], c: Color, mut f: impl FnMut(usize)) {
    let mut hits_from = |base: usize, mut hits: u32| {
        while hits != 0 {
            f(base + hits.trailing_zeros() as usize);
            hits &= hits - 1;
        }
    };
    let mut blocks = cells.chunks_exact(16);
    let mut base = 0;
    for block in blocks.by_ref() {
        hits_from(base, eq_mask16(block.try_into().expect("16 cells"), c));
        base += 16;
    }
    hits_from(base, tail_mask(cells, base, c));
}

/// Copy `n` cells from `src` to `dst`, in order (`REVERSED` false) or in
/// reverse order (`dst[j] = src[n - 1 - j]`): up to 32 by two
/// (overlapping) word moves of the largest size that fits, more by
/// `memcpy` or one by one. Reversed, each word's bytes are swapped (which
/// reverses its cells in memory on any byte order) and the two words
/// trade places.
///
/// # Safety
/// `src..src + n` readable, `dst..dst + n` writable, the two disjoint.
#[inline(always)]
unsafe fn move_cells<const REVERSED: bool>(src: *const Color, dst: *mut Color, n: usize) {
    use ptr::{read_unaligned as rd, write_unaligned as wr};
    // SAFETY (each arm): the two moves cover `0..n` exactly, each within
    // `0..n` of both pointers (the second starts at `n - size >= 0`);
    // reversed, the last `size` source cells become the first `size`
    // output cells and the first ones the last.
    unsafe {
        macro_rules! two_moves {
            ($t:ty, $size:expr) => {{
                let (a, b) = (rd(src as *const $t), rd(src.add(n - $size) as *const $t));
                if REVERSED {
                    wr(dst as *mut $t, b.swap_bytes());
                    wr(dst.add(n - $size) as *mut $t, a.swap_bytes());
                } else {
                    wr(dst as *mut $t, a);
                    wr(dst.add(n - $size) as *mut $t, b);
                }
            }};
        }
        if n > 32 {
            if REVERSED {
                for j in 0..n {
                    *dst.add(j) = *src.add(n - 1 - j);
                }
            } else {
                ptr::copy_nonoverlapping(src, dst, n);
            }
        } else if n >= 16 {
            two_moves!(u128, 16)
        } else if n >= 8 {
            two_moves!(u64, 8)
        } else if n >= 4 {
            two_moves!(u32, 4)
        } else if n >= 2 {
            two_moves!(u16, 2)
        } else if n == 1 {
            *dst = *src;
        }
    }
}

/// Copy `n` cells from `src` to `dst` ([`move_cells`] in order).
///
/// # Safety
/// As [`move_cells`].
#[inline(always)]
unsafe fn copy_cells(src: *const Color, dst: *mut Color, n: usize) {
    // SAFETY: the caller's.
    unsafe { move_cells::<false>(src, dst, n) }
}

/// Copy `n` cells from `src` to `dst` reversed ([`move_cells`]).
///
/// # Safety
/// As [`move_cells`].
#[inline(always)]
unsafe fn copy_cells_reversed(src: *const Color, dst: *mut Color, n: usize) {
    // SAFETY: the caller's.
    unsafe { move_cells::<true>(src, dst, n) }
}

/// The grid of `g`'s rows in reverse order (`hmirror`).
pub(crate) fn rows_reversed(g: &Grid) -> Grid {
    rows_at(g, (0..g.height()).rev())
}

/// The grid of `g` with each row reversed (`vmirror`).
pub(crate) fn each_row_reversed(g: &Grid) -> Grid {
    let (h, w) = (g.height(), g.width());
    let src = g.cells();
    debug_assert_eq!(src.len(), h * w);
    // SAFETY: output cell i*w+j is source cell i*w+w-1-j, both < h*w.
    unsafe {
        build(h, w, |dst| {
            let src = src.as_ptr();
            for i in 0..h {
                copy_cells_reversed(src.add(i * w), dst.add(i * w), w);
            }
        })
    }
}

/// The grid of `g` in reverse order (`rot180`).
pub(crate) fn all_reversed(g: &Grid) -> Grid {
    let src = g.cells();
    let n = src.len();
    // SAFETY: output cell k is source cell n-1-k, both < n.
    unsafe {
        build(g.height(), g.width(), |dst| {
            let src = src.as_ptr();
            // Rows of 32 cells from the end, each reversed by words.
            let mut k = 0;
            while k < n {
                let m = (n - k).min(32);
                copy_cells_reversed(src.add(n - k - m), dst.add(k), m);
                k += m;
            }
        })
    }
}

/// The grid of `g`'s transpose (a `w` by `h` grid), with the source's
/// rows read bottom to top when `REV_ROWS` and its columns right to left
/// when `REV_COLS`: output cell (r, c) is source cell
/// (`REV_ROWS ? h-1-c : c`, `REV_COLS ? w-1-r : r`). `dmirror` is
/// (false, false), `rot90` (true, false), `rot270` (false, true),
/// `cmirror` (true, true).
///
/// Whole 8x8 blocks are transposed in registers ([`transpose8`]: eight
/// rows loaded as words, eight columns stored as words, about one
/// instruction a cell where a cell at a time took six or seven); the
/// rows and columns past the last whole block a cell at a time.
pub(crate) fn transposed<const REV_ROWS: bool, const REV_COLS: bool>(g: &Grid) -> Grid {
    let (h, w) = (g.height(), g.width());
    let src = g.cells();
    debug_assert_eq!(src.len(), h * w);
    let (h8, w8) = (h - h % 8, w - w % 8);
    // SAFETY: every output cell r*h+c (r < w, c < h) is written once: the
    // blocks write rows r of source columns < w8 at positions of source
    // rows < h8 (eight whole cells each, inside row r), the loops below
    // the rest; every read is inside the source (blocks read eight whole
    // cells of rows < h8 at columns < w8).
    unsafe {
        build(w, h, |dst| {
            let src = src.as_ptr();
            // Output row of source column j, output position of source row i.
            let out_row = |j: usize| if REV_COLS { w - 1 - j } else { j };
            let out_col = |i: usize| if REV_ROWS { h - 1 - i } else { i };
            for i0 in (0..h8).step_by(8) {
                for j0 in (0..w8).step_by(8) {
                    let mut x = [0u64; 8];
                    for (k, x) in x.iter_mut().enumerate() {
                        *x =
                            u64::from_le(src.add((i0 + k) * w + j0).cast::<u64>().read_unaligned());
                    }
                    transpose8(&mut x);
                    for (k, &y) in x.iter().enumerate() {
                        // Column j0+k, source rows i0.. in order (reversed
                        // where the output reads them bottom to top).
                        let (y, c) = if REV_ROWS {
                            (y.swap_bytes(), out_col(i0 + 7))
                        } else {
                            (y, out_col(i0))
                        };
                        let d = dst.add(out_row(j0 + k) * h + c).cast::<u64>();
                        d.write_unaligned(y.to_le());
                    }
                }
            }
            // The rest, one output row (source column) at a time: all of
            // its cells past the whole blocks' rows, and the rows above
            // them too for the columns past the last whole block.
            for j in 0..w {
                let d = dst.add(out_row(j) * h);
                let from = if j < w8 { h8 } else { 0 };
                let mut s = src.add(from * w + j);
                for i in from..h {
                    *d.add(out_col(i)) = *s;
                    s = s.add(w);
                }
            }
        })
    }
}

/// Transpose an 8x8 block of bytes held as eight little-endian rows:
/// afterwards word k holds what was byte k of each word, in order. Three
/// rounds swap the off-diagonal halves of 2x2, 4x4 and 8x8 blocks.
#[inline(always)]
fn transpose8(x: &mut [u64; 8]) {
    // Byte (r, c + d) and byte (r + d, c) change places, for the rows r
    // and columns c whose bit d is clear (d = 1, 2, 4).
    #[inline(always)]
    fn swap(x: &mut [u64; 8], r: usize, d: usize, shift: u32, mask: u64) {
        let t = ((x[r] >> shift) ^ x[r + d]) & mask;
        x[r + d] ^= t;
        x[r] ^= t << shift;
    }
    // (Written out: as a loop over the rows with a test of bit d, the
    // tests stayed in the code, about 2.5 instructions a cell.)
    const M1: u64 = 0x00FF_00FF_00FF_00FF;
    const M2: u64 = 0x0000_FFFF_0000_FFFF;
    const M4: u64 = 0x0000_0000_FFFF_FFFF;
    swap(x, 0, 1, 8, M1);
    swap(x, 2, 1, 8, M1);
    swap(x, 4, 1, 8, M1);
    swap(x, 6, 1, 8, M1);
    swap(x, 0, 2, 16, M2);
    swap(x, 1, 2, 16, M2);
    swap(x, 4, 2, 16, M2);
    swap(x, 5, 2, 16, M2);
    swap(x, 0, 4, 32, M4);
    swap(x, 1, 4, 32, M4);
    swap(x, 2, 4, 32, M4);
    swap(x, 3, 4, 32, M4);
}

/// The grid of `a` and `b` side by side, row by row, over the first `h`
/// rows of each (`hconcat`).
pub(crate) fn side_by_side(a: &Grid, b: &Grid, h: usize) -> Grid {
    side_by_side_flipped(a, (false, false), b, (false, false), h)
}

/// Write the first `h` rows of `g` mirrored by `flips` (rows in reverse
/// order, cells of each row in reverse order) to `dst`, row k at
/// `dst + k * stride`. The flips are dispatched once, outside the loop:
/// tested per row, they tripled the cost of a row.
///
/// # Safety
/// `h <= g.height()`, and `dst` must have `g.width()` writable cells at
/// each of those rows' places.
#[inline(always)]
unsafe fn write_flipped(g: &Grid, flips: (bool, bool), h: usize, dst: *mut Color, stride: usize) {
    // SAFETY: the caller's.
    unsafe {
        match flips {
            (false, false) => write_rows::<false, false>(g, h, dst, stride),
            (true, false) => write_rows::<true, false>(g, h, dst, stride),
            (false, true) => write_rows::<false, true>(g, h, dst, stride),
            (true, true) => write_rows::<true, true>(g, h, dst, stride),
        }
    }
}

/// [`write_flipped`] for known flips.
///
/// # Safety
/// As [`write_flipped`].
#[inline(always)]
unsafe fn write_rows<const ROWS: bool, const CELLS: bool>(
    g: &Grid,
    h: usize,
    dst: *mut Color,
    stride: usize,
) {
    let (gh, w) = (g.height(), g.width());
    debug_assert!(h <= gh);
    let src = g.cells().as_ptr();
    // SAFETY: source row i < gh has w cells at i*w; the caller's for dst.
    unsafe {
        if !ROWS && !CELLS && stride == w {
            // Whole rows, in order, into rows of the same width: one copy.
            ptr::copy_nonoverlapping(src, dst, h * w);
            return;
        }
        for k in 0..h {
            let i = if ROWS { gh - 1 - k } else { k };
            let (s, d) = (src.add(i * w), dst.add(k * stride));
            if CELLS {
                copy_cells_reversed(s, d, w);
            } else {
                copy_cells(s, d, w);
            }
        }
    }
}

/// `vconcat` of `a` and `b`, each mirrored by its `flips` (see
/// [`write_flipped`]): both of one width.
pub(crate) fn stacked_flipped(a: &Grid, fa: (bool, bool), b: &Grid, fb: (bool, bool)) -> Grid {
    let w = a.width();
    assert_eq!(w, b.width());
    let (ha, hb) = (a.height(), b.height());
    // SAFETY: rows 0..ha of the output are `a`'s, ha..ha+hb `b`'s, each of
    // w cells.
    unsafe {
        build(ha + hb, w, |dst| {
            write_flipped(a, fa, ha, dst, w);
            write_flipped(b, fb, hb, dst.add(ha * w), w);
        })
    }
}

/// `hconcat` of `a` and `b`, each mirrored by its `flips`, over the first
/// `h` rows of each.
pub(crate) fn side_by_side_flipped(
    a: &Grid,
    fa: (bool, bool),
    b: &Grid,
    fb: (bool, bool),
    h: usize,
) -> Grid {
    let (wa, wb) = (a.width(), b.width());
    assert!(h <= a.height() && h <= b.height());
    // SAFETY: output row k (k < h) is a's row then b's, at k*(wa+wb).
    unsafe {
        build(h, wa + wb, |dst| {
            write_flipped(a, fa, h, dst, wa + wb);
            write_flipped(b, fb, h, dst.add(wa), wa + wb);
        })
    }
}

/// The grid of `a`'s rows then `b`'s (`vconcat` of two grids of one
/// width, tuple `+`).
pub(crate) fn concatenated(a: &Grid, b: &Grid) -> Grid {
    assert_eq!(a.width(), b.width());
    let (a, b, w, h) = (a.cells(), b.cells(), a.width(), a.height() + b.height());
    // SAFETY: `a` fills cells 0..a.len(), `b` the rest: h * w in all.
    unsafe {
        build(h, w, |dst| {
            ptr::copy_nonoverlapping(a.as_ptr(), dst, a.len());
            ptr::copy_nonoverlapping(b.as_ptr(), dst.add(a.len()), b.len());
        })
    }
}

/// The grid of rows `rows` and columns `cols` of `g`, both ranges within
/// the grid (`crop`, the halves, `trim`): one copy of the whole block when
/// every column is kept.
pub(crate) fn block(g: &Grid, rows: std::ops::Range<usize>, cols: std::ops::Range<usize>) -> Grid {
    let w = g.width();
    assert!(rows.start <= rows.end && rows.end <= g.height());
    assert!(cols.start <= cols.end && cols.end <= w);
    let (nh, nw) = (rows.len(), cols.len());
    if nh == 0 || nw == 0 {
        // (No pointer into the grid at all: an empty block may start past its end.)
        return Grid::filled(nh, nw, 0);
    }
    if nw == w {
        return Grid::from_cells(nh, nw, &g.cells()[rows.start * w..rows.end * w]);
    }
    // SAFETY: output row k (k < nh) is cells cols of source row
    // rows.start + k < height, written at k*nw.
    unsafe {
        build(nh, nw, |dst| {
            let src = g.cells().as_ptr().add(rows.start * w + cols.start);
            for k in 0..nh {
                copy_cells(src.add(k * w), dst.add(k * nw), nw);
            }
        })
    }
}

/// The rows of all `grids` (each of width `w` or without rows), in order,
/// as one grid (`merge` of grids).
pub(crate) fn stacked(grids: &[&Grid], w: usize) -> Grid {
    assert!(grids.iter().all(|g| g.height() == 0 || g.width() == w));
    let h = grids.iter().map(|g| g.height()).sum();
    // SAFETY: grid k's cells go after those of the grids before it; they
    // are `h * w` in all (each grid's height times `w`).
    unsafe {
        build(h, w, |dst| {
            let mut at = 0;
            for g in grids {
                let cells = g.cells();
                ptr::copy_nonoverlapping(cells.as_ptr(), dst.add(at), cells.len());
                at += cells.len();
            }
        })
    }
}

/// The grid of the rows `rows` of `g`, in that order (each `< height`).
pub(crate) fn rows_at(g: &Grid, rows: impl ExactSizeIterator<Item = usize> + Clone) -> Grid {
    let w = g.width();
    assert!(rows.clone().all(|i| i < g.height()));
    // SAFETY: each source row is inside the grid (checked above), output
    // row k written at k*w, every output cell once.
    unsafe {
        build(rows.len(), w, |dst| {
            let src = g.cells().as_ptr();
            for (k, i) in rows.enumerate() {
                copy_cells(src.add(i * w), dst.add(k * w), w);
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bits of rows of every length up to 64 against the cells one by
    /// one, the colour at the row's ends and absent.
    #[test]
    fn eq_mask64_has_a_bit_per_matching_cell() {
        for n in 0..=64usize {
            let row: Vec<Color> = (0..n).map(|k| (k * 7 % 5) as Color).collect();
            for c in [0, 3, 4, 9] {
                let want = (0..n).fold(0u64, |m, j| m | (u64::from(row[j] == c) << j));
                assert_eq!(eq_mask64(&row, c), want, "{n} {c}");
            }
        }
    }

    fn grid(h: usize, w: usize) -> Grid {
        Grid::new(h, w, (0..h * w).map(|k| (k % 127) as Color).collect())
    }

    fn at(g: &Grid, i: usize, j: usize) -> Color {
        g.get(i, j)
    }

    /// All ten colours counted at once against a count of each, over
    /// lengths around the 16-cell blocks and the 255-block flush, and
    /// `None` as soon as one cell is not a colour 0..=9 (in a block or in
    /// the tail).
    #[test]
    fn counts10_counts_the_ten_colours() {
        for n in [
            0usize,
            1,
            15,
            16,
            17,
            64,
            255 * 16 - 1,
            255 * 16,
            255 * 16 + 1,
            9000,
        ] {
            let cells: Vec<Color> = (0..n).map(|k| ((k * 7 + k / 13) % 10) as Color).collect();
            let want: [u32; 10] =
                std::array::from_fn(|c| cells.iter().filter(|&&x| x == c as Color).count() as u32);
            assert_eq!(counts10(&cells), Some(want), "{n} cells");
            for at in [0, n / 2, n.saturating_sub(1)] {
                for bad in [10 as Color, -1, 127] {
                    if n > 0 {
                        let mut odd = cells.clone();
                        odd[at] = bad;
                        assert_eq!(counts10(&odd), None, "{n} cells, {bad} at {at}");
                    }
                }
            }
        }
    }

    #[test]
    fn count_eq_counts_every_length_and_colour() {
        // Lengths around the 16-cell blocks and the 255-block flush of the
        // byte counters (a counter that wrapped would lose 256).
        let lengths = [
            0,
            1,
            15,
            16,
            17,
            31,
            33,
            255 * 16 - 1,
            255 * 16,
            255 * 16 + 1,
            9000,
        ];
        for n in lengths {
            for period in [1usize, 3, 10] {
                let cells: Vec<Color> = (0..n).map(|k| (k % period) as Color).collect();
                for c in [-1 as Color, 0, 2, 9, 127] {
                    let plain = cells.iter().filter(|&&x| x == c).count();
                    assert_eq!(
                        count_eq(&cells, c),
                        plain,
                        "n {n} period {period} colour {c}"
                    );
                }
            }
        }
    }

    #[test]
    fn for_each_eq_finds_every_match_in_order() {
        for n in [0, 1, 7, 8, 9, 15, 16, 17, 63, 64, 65, 900] {
            for period in [1usize, 2, 3, 10, 129] {
                let cells: Vec<Color> = (0..n).map(|k| ((k * 7) % period) as Color).collect();
                for c in [-1 as Color, 0, 1, 9, 127] {
                    let plain: Vec<usize> = (0..n).filter(|&k| cells[k] == c).collect();
                    let mut found = Vec::new();
                    for_each_eq(&cells, c, |k| found.push(k));
                    assert_eq!(found, plain, "n {n} period {period} colour {c}");
                }
            }
        }
        // Every byte value against every other (the carries of the zero test).
        let all: Vec<Color> = (0..=255u8).map(|b| b as Color).collect();
        for c in all.iter().copied() {
            let mut found = Vec::new();
            for_each_eq(&all, c, |k| found.push(k));
            assert_eq!(found, vec![(c as u8) as usize]);
        }
    }

    #[test]
    fn every_shape_as_the_plain_definitions() {
        for h in 0..70 {
            for w in [
                0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 16, 17, 20, 24, 30, 31, 32, 33, 40, 65,
                70,
            ] {
                if h == 0 && w > 0 {
                    continue;
                }
                let g = grid(h, w);
                // The cells, and the shape (a grid without rows has width 0).
                let same = |got: Grid, (sh, sw): (usize, usize), want: &[Color]| {
                    assert_eq!(got.cells(), want);
                    let sw = if sh == 0 { 0 } else { sw };
                    assert_eq!((got.height(), got.width()), (sh, sw));
                };
                let hm: Vec<Color> = (0..h)
                    .flat_map(|i| (0..w).map(move |j| (i, j)))
                    .map(|(i, j)| at(&g, h - 1 - i, j))
                    .collect();
                same(rows_reversed(&g), (h, w), &hm);
                let vm: Vec<Color> = (0..h)
                    .flat_map(|i| (0..w).map(move |j| (i, j)))
                    .map(|(i, j)| at(&g, i, w - 1 - j))
                    .collect();
                same(each_row_reversed(&g), (h, w), &vm);
                let r180: Vec<Color> = g.cells().iter().rev().copied().collect();
                same(all_reversed(&g), (h, w), &r180);
                let t = |rr: bool, rc: bool| -> Vec<Color> {
                    (0..w)
                        .flat_map(|r| (0..h).map(move |c| (r, c)))
                        .map(|(r, c)| {
                            let i = if rr { h - 1 - c } else { c };
                            let j = if rc { w - 1 - r } else { r };
                            at(&g, i, j)
                        })
                        .collect()
                };
                same(transposed::<false, false>(&g), (w, h), &t(false, false));
                same(transposed::<true, false>(&g), (w, h), &t(true, false));
                same(transposed::<false, true>(&g), (w, h), &t(false, true));
                same(transposed::<true, true>(&g), (w, h), &t(true, true));
                let b = grid(h, w / 2 + 1);
                let side: Vec<Color> = (0..h)
                    .flat_map(|i| g.row(i).iter().chain(b.row(i)).copied().collect::<Vec<_>>())
                    .collect();
                if h > 0 {
                    same(side_by_side(&g, &b, h), (h, w + b.width()), &side);
                }
                for (r0, r1, c0, c1) in
                    [(0, h, 0, w), (h / 3, h, w / 4, w), (0, h / 2, 1.min(w), w)]
                {
                    let blk: Vec<Color> =
                        (r0..r1).flat_map(|i| g.row(i)[c0..c1].to_vec()).collect();
                    same(block(&g, r0..r1, c0..c1), (r1 - r0, c1 - c0), &blk);
                }
                let picks: Vec<usize> = (0..h).rev().step_by(2).collect();
                let picked: Vec<Color> = picks.iter().flat_map(|&i| g.row(i).to_vec()).collect();
                same(
                    rows_at(&g, picks.iter().copied()),
                    (picks.len(), w),
                    &picked,
                );
            }
        }
    }
}
