//! Grid primitives: colour statistics, conversions between grids, objects and
//! indices, rotations, painting, scaling, concatenation, splitting, and the
//! connected components of a grid (`objects`).
//!
//! Every function gives the reference's result, also on degenerate input:
//! - `()` (a grid without rows) and grids whose rows are empty (`((), ())`,
//!   what `crop` beyond the edge or `trim` of a 2x2 grid make) are grids;
//!   wherever the reference reads `grid[0]` the empty grid is an index error,
//!   and `max`/`min` over no colours is a value error;
//! - Python evaluates lazily in places (a generator's inner `range`, a loop
//!   body that never runs): an argument that the reference never reads is
//!   not checked here either;
//! - a value that would have to go into a grid cell but is not a colour
//!   (`fill` with `None`, `canvas` with 300) makes a grid we do not
//!   represent: `Unsupported`, but only when a cell actually receives it.
//!
//! The reference followed is the latest `dsl.py` of arc-dsl, where `shift` and
//! `normalize` return an empty patch unchanged (this matters for `move` and
//! `occurrences` with an empty object).
//!
//! Work is done on the flat row-major buffer of [`Grid`]; sets of cells and
//! locations are built in their sorted order directly.
//!
//! Kernels (see `typed`): each primitive's work on grids, indices and
//! objects is one function on that typed data (a kernel, or a helper on
//! `&Grid` and slices that its kernel calls); the `Value` primitive reads its
//! arguments (converting tuples to grids and sets to patches where it must,
//! in the reference's order of checks) and calls that same function. A
//! colour argument that is not a colour is `None` there (`color_of`).

use smallvec::SmallVec;
use std::borrow::Cow;
use std::mem::MaybeUninit;
use std::ops::Range;
use std::ptr::NonNull;
use std::sync::Arc;

use crate::budget;
use crate::error::{Error, Result};
use crate::primitives::{buffers, ragged};
use crate::typed::{CellSeq, Cells, LocSeq, Locs, G};
use crate::values::{Cell, Color, Grid, Loc, Patch, Ragged, Value};

// ----- small helpers ---------------------------------------------------------

/// The slot of a colour in a 256-entry table; slots ascend with colours.
#[inline]
fn slot(c: Color) -> usize {
    (c as i16 + 128) as usize
}

#[inline]
fn slot_color(s: usize) -> Color {
    (s as i16 - 128) as Color
}

/// A grid location. Grid sides stay far below `i32::MAX` (results are
/// bounded by [`budget::MAX_ELEMENTS`]).
#[inline]
fn loc(i: usize, j: usize) -> Loc {
    (i as i32, j as i32)
}

fn empty_grid() -> Grid {
    Grid::new(0, 0, Vec::new())
}

fn grid_value(g: Grid) -> Value {
    Value::grid(g)
}

/// A grid argument as the handle typed code holds: shared when it is a
/// `Grid`, converted (a tuple of equal rows of colours) otherwise, with the
/// error of [`Value::as_grid`].
fn grid_handle(v: &Value, ctx: &'static str) -> Result<G> {
    match v {
        Value::Grid(g) => Ok(g.clone()),
        _ => Ok(v.as_grid(ctx)?.into_owned()),
    }
}

/// An int that fits a grid cell; `None` for any other (which never equals
/// a cell).
#[inline]
fn color_of(n: i64) -> Option<Color> {
    Color::try_from(n).ok()
}

/// A number that fits a grid cell; `None` for anything else (which never
/// equals a cell).
fn opt_color(v: &Value) -> Option<Color> {
    v.number().and_then(color_of)
}

/// A colour about to be stored in a grid cell (`None`: not a colour).
#[inline]
fn store(c: Option<Color>, ctx: &'static str) -> Result<Color> {
    c.ok_or(Error::unsupported(ctx))
}

/// The flat index of a signed location, if inside the grid.
#[inline]
fn flat_index(g: &Grid, i: i64, j: i64) -> Option<usize> {
    let (i, j) = (usize::try_from(i).ok()?, usize::try_from(j).ok()?);
    (i < g.height() && j < g.width()).then(|| i * g.width() + j)
}

/// The flat index of a location, if inside a grid of `h` x `w`.
#[inline]
fn flat_loc(h: usize, w: usize, (i, j): Loc) -> Option<usize> {
    (i >= 0 && j >= 0 && (i as usize) < h && (j as usize) < w).then(|| i as usize * w + j as usize)
}

/// Python's `x[k]` where a number is expected: a type error for anything
/// that is not a tuple (or holds no number there), an index error past the
/// end.
fn item_num(v: &Value, k: usize, ctx: &'static str) -> Result<i64> {
    if !v.is_tuple() {
        return Err(Error::type_error(ctx));
    }
    let x = v.tuple_get(k).ok_or(Error::index_error(ctx))?;
    x.number().ok_or(Error::type_error(ctx))
}

/// Python's `a, b = v`: any iterable of exactly two elements (a frozenset
/// unpacks in its iteration order).
fn unpack2(v: &Value, ctx: &'static str) -> Result<(Value, Value)> {
    if let Value::Pair(a, b) = v {
        return Ok((Value::Int(*a), Value::Int(*b)));
    }
    if !(v.is_tuple() || v.is_set()) {
        return Err(Error::type_error(ctx));
    }
    match <[Value; 2]>::try_from(v.elems()?) {
        Ok([a, b]) => Ok((a, b)),
        Err(_) => Err(Error::value_error(ctx)),
    }
}

/// Python's `len(x)` for a container argument.
fn py_len(v: &Value, ctx: &'static str) -> Result<usize> {
    v.len().map_err(|_| Error::type_error(ctx))
}

/// The rows or columns `[start:stop]` of a sequence of length `n`, with
/// Python's slice rules (negative bounds count from the end, then clamp).
fn py_slice(n: usize, start: i128, stop: i128) -> Range<usize> {
    let n = n as i128;
    let clamp = |x: i128| if x < 0 { (x + n).max(0) } else { x.min(n) };
    let (a, b) = (clamp(start), clamp(stop));
    a as usize..b.max(a) as usize
}

/// The sub-grid of `rows` x `cols` (an empty row range is the grid `()`).
fn sub_grid(g: &Grid, rows: Range<usize>, cols: Range<usize>) -> Grid {
    if rows.is_empty() {
        return empty_grid();
    }
    buffers::block(g, rows, cols)
}

/// `crop`: rows `[s0, s0 + d0)`, then, only if some row is left, columns
/// from `cols()` (Python reads `start[1]` inside the generator).
fn cropped(
    g: &Grid,
    s0: i128,
    d0: i128,
    cols: impl FnOnce() -> Result<(i128, i128)>,
) -> Result<Grid> {
    let rows = py_slice(g.height(), s0, s0 + d0);
    if rows.is_empty() {
        return Ok(empty_grid());
    }
    let (s1, d1) = cols()?;
    Ok(sub_grid(g, rows, py_slice(g.width(), s1, s1 + d1)))
}

/// A checked product for result sizes.
fn size_of(a: usize, b: usize, ctx: &'static str) -> Result<usize> {
    let n = a.checked_mul(b).ok_or(Error::unsupported(ctx))?;
    budget::check_size(n, ctx)?;
    Ok(n)
}

/// A count from an i64 argument that a result will have.
fn count_of(n: i64, ctx: &'static str) -> Result<usize> {
    let n = usize::try_from(n).map_err(|_| Error::unsupported(ctx))?;
    budget::check_size(n, ctx)?;
    Ok(n)
}

/// A frozenset of objects, sorted in the frozenset order.
fn objects_set(mut objs: Vec<Arc<[Cell]>>) -> Value {
    objs.sort_unstable();
    objs.dedup();
    Value::Set(objs.into_iter().map(Value::Object).collect())
}

// ----- colour statistics -------------------------------------------------------

/// The values an element lists: `[v for r in grid for v in r]` for a
/// tuple, `[v for v, _ in element]` for a frozenset.
enum Colors<'a> {
    Grid(Cow<'a, Grid>),
    Cells(&'a [Cell]),
    /// Anything else the reference iterates (indices give their rows, rows
    /// that are not colours, ...).
    Other(Vec<Value>),
}

fn colors_of<'a>(element: &'a Value, ctx: &'static str) -> Result<Colors<'a>> {
    match element {
        Value::Grid(g) => Ok(Colors::Grid(Cow::Borrowed(g))),
        Value::Object(s) => Ok(Colors::Cells(s)),
        Value::Indices(s) => Ok(Colors::Other(
            s.iter().map(|&(i, _)| Value::Int(i as i64)).collect(),
        )),
        v if v.is_set() => {
            let mut out = Vec::new();
            for e in v.elems()? {
                out.push(unpack2(&e, ctx)?.0);
            }
            Ok(Colors::Other(out))
        }
        v if v.is_tuple() => match v.as_grid(ctx) {
            Ok(g) => Ok(Colors::Grid(g)),
            Err(_) => {
                let mut out = Vec::new();
                for r in v.elems()? {
                    out.extend(r.elems()?);
                }
                Ok(Colors::Other(out))
            }
        },
        _ => Err(Error::type_error(ctx)),
    }
}

fn color_counts(colors: impl Iterator<Item = Color>) -> [u32; 256] {
    let mut counts = [0u32; 256];
    for c in colors {
        counts[slot(c)] += 1;
    }
    counts
}

/// The colours as bits of a word (bit c: colour c), where all are below
/// 32 (ARC's are 0..=9): one OR per colour, in a loop the compiler
/// vectorises.
fn low_colors(colors: impl Iterator<Item = Color>) -> Option<u32> {
    let (mut low, mut other) = (0u32, false);
    for c in colors {
        let u = c as u8;
        other |= u >= 32;
        low |= 1 << (u & 31);
    }
    (!other).then_some(low)
}

/// [`color_counts`] of a grid's cells. A histogram adds to one counter per
/// cell, and along a run of one colour (a grid's background) each add
/// waits for the last; so a grid of 64 cells or more is counted 16 cells at
/// a time instead: all ten ARC colours in one pass (`buffers::counts10`),
/// or, where some cell is another colour below 32, each colour present
/// (found by one OR over the cells) in a pass of its own. More
/// instructions, less time: `mostcolor` and `partition` programs 10-45%
/// faster.
fn grid_color_counts(g: &Grid) -> [u32; 256] {
    let cells = g.cells();
    // (A small grid's histogram is short, and cheaper than the passes.)
    if cells.len() < 64 {
        return color_counts(cells.iter().copied());
    }
    if let Some(ten) = buffers::counts10(cells) {
        let mut counts = [0u32; 256];
        counts[slot(0)..slot(10)].copy_from_slice(&ten);
        return counts;
    }
    counts_beyond_ten(cells)
}

/// [`grid_color_counts`] of 64 cells or more where some cell is not in
/// 0..=9: a pass per colour present where all are below 32, else the
/// histogram.
fn counts_beyond_ten(cells: &[Color]) -> [u32; 256] {
    let Some(mut low) = low_colors(cells.iter().copied()) else {
        return color_counts(cells.iter().copied());
    };
    let mut counts = [0u32; 256];
    while low != 0 {
        let c = low.trailing_zeros() as Color;
        counts[slot(c)] = buffers::count_eq(cells, c) as u32;
        low &= low - 1;
    }
    counts
}

/// `max`/`min(set(values), key=values.count)`: the first best in ascending
/// order, so the smallest colour among ties.
fn pick_by_count<T>(
    items: impl Iterator<Item = (T, u32)>,
    most: bool,
    ctx: &'static str,
) -> Result<T> {
    let mut best: Option<(T, u32)> = None;
    for (x, n) in items {
        let better = match &best {
            None => true,
            Some((_, m)) => {
                if most {
                    n > *m
                } else {
                    n < *m
                }
            }
        };
        if better {
            best = Some((x, n));
        }
    }
    best.map(|(x, _)| x).ok_or(Error::value_error(ctx))
}

fn pick_color(counts: &[u32; 256], most: bool, ctx: &'static str) -> Result<Color> {
    let present = present_slots(counts).map(|(s, n)| (slot_color(s), n));
    pick_by_count(present, most, ctx)
}

/// Each present colour slot's first place in a list ordered by colour,
/// from the slots' counts (a counting sort's starts; absent slots are
/// left 0 and never read).
fn first_places(counts: &[u32; 256]) -> [u32; 256] {
    let mut at = [0u32; 256];
    let mut sum = 0;
    for (s, n) in present_slots(counts) {
        (at[s], sum) = (sum, sum + n);
    }
    at
}

/// The slots and counts of the colours counted in `counts`, in ascending
/// order. ARC's colours are 0..=9: where no other is counted (one OR over
/// the other slots, which vectorises) only their ten slots are visited,
/// instead of a test per slot of the 256 (some 500 instructions per
/// `mostcolor`, as much as counting the colours of a small grid).
fn present_slots(counts: &[u32; 256]) -> impl Iterator<Item = (usize, u32)> + '_ {
    const ARC: std::ops::Range<usize> = 128..138;
    let any = |slots: &[u32]| slots.iter().fold(0, |a, &n| a | n) != 0;
    let slots = if any(&counts[..ARC.start]) || any(&counts[ARC.end..]) {
        0..256
    } else {
        ARC
    };
    slots.map(|s| (s, counts[s])).filter(|&(_, n)| n > 0)
}

fn pick_value(mut values: Vec<Value>, most: bool, ctx: &'static str) -> Result<Value> {
    // Stable: the first of equal values stands for them, as in `set(values)`.
    values.sort();
    let mut runs: Vec<(Value, u32)> = Vec::new();
    for v in values {
        match runs.last_mut() {
            Some((u, n)) if *u == v => *n += 1,
            _ => runs.push((v, 1)),
        }
    }
    pick_by_count(runs.into_iter(), most, ctx)
}

/// The colours of a grid's cells, row by row.
fn grid_colors(g: &Grid) -> impl Iterator<Item = Color> + Clone + '_ {
    g.cells().iter().copied()
}

/// An object's colours, ascending, each with how many cells it has: an
/// object's cells are sorted by colour first, so each colour is one run
/// ([`run_len`]; a histogram added to a counter per cell).
fn object_colors(s: &[Cell]) -> impl Iterator<Item = (Color, u32)> + '_ {
    debug_assert!(s.is_sorted());
    let mut rest = s;
    std::iter::from_fn(move || {
        let c = rest.first()?.color;
        let n = run_len(rest, |x| x.color == c);
        rest = &rest[n..];
        Some((c, n as u32))
    })
}

/// How many of the first cells hold `first` (true for a prefix, false
/// after): counted on a short slice, a binary search on a long one (most
/// objects have a few cells; a background's has hundreds).
#[inline]
fn run_len(cells: &[Cell], first: impl Fn(&Cell) -> bool) -> usize {
    if cells.len() <= 32 {
        cells.iter().take_while(|x| first(x)).count()
    } else {
        cells.partition_point(first)
    }
}

/// `mostcolor`/`leastcolor` of a grid (a value error for no cells).
fn grid_extreme(g: &Grid, most: bool, ctx: &'static str) -> Result<i64> {
    grid_pick_color(g, most, ctx).map(i64::from)
}

/// The most (`most`) or least common colour of a grid's cells, the
/// smallest of those tied (a value error for no cells). Where every cell
/// is an ARC colour, counted without the table of 256 slots: a grid under
/// 64 cells by a histogram of 16 slots (all cells below 16), a larger one
/// by [`buffers::counts10`] (all in 0..=9). Zeroing that table and finding
/// its present slots were half of a small grid's `mostcolor`, which
/// `objects`, `fgpartition` and the `cover`s call too.
fn grid_pick_color(g: &Grid, most: bool, ctx: &'static str) -> Result<Color> {
    let cells = g.cells();
    let pick = |counts: &[u32]| {
        let present = (0..counts.len())
            .filter(|&c| counts[c] > 0)
            .map(|c| (c as Color, counts[c]));
        pick_by_count(present, most, ctx)
    };
    // Where a cell is not an ARC colour, the table, without counting the
    // cells the same way a second time.
    let table = if cells.len() < 64 {
        let (mut counts, mut bits) = ([0u32; 16], 0u8);
        for &c in cells {
            bits |= c as u8;
            counts[usize::from(c as u8 & 15)] += 1;
        }
        if bits < 16 {
            return pick(&counts);
        }
        color_counts(cells.iter().copied())
    } else {
        match buffers::counts10(cells) {
            Some(ten) => return pick(&ten),
            None => counts_beyond_ten(cells),
        }
    };
    pick_color(&table, most, ctx)
}

/// `mostcolor`/`leastcolor` of an object (a value error for no cells).
fn object_extreme(s: &[Cell], most: bool, ctx: &'static str) -> Result<i64> {
    pick_by_count(object_colors(s), most, ctx).map(i64::from)
}

/// `colorcount` of an object: the length of its colour's run.
fn object_color_count(s: &[Cell], c: Option<Color>) -> i64 {
    c.map_or(0, |c| {
        let from = run_len(s, |x| x.color < c);
        run_len(&s[from..], |x| x.color == c)
    }) as i64
}

/// `palette` of an object: its colours.
fn object_palette(s: &[Cell]) -> Value {
    Value::Set(
        object_colors(s)
            .map(|(c, _)| Value::Int(c.into()))
            .collect(),
    )
}

/// `colorcount` of a grid: its cells of colour `c` (none for a non-colour).
fn grid_color_count(g: &Grid, c: Option<Color>) -> i64 {
    c.map_or(0, |c| buffers::count_eq(g.cells(), c)) as i64
}

fn palette_of(colors: impl Iterator<Item = Color>) -> Value {
    palette_value(&color_counts(colors))
}

fn numcolors_of(colors: impl Iterator<Item = Color> + Clone) -> i64 {
    // Counts only where some colour is not below 32.
    match low_colors(colors.clone()) {
        Some(low) => i64::from(low.count_ones()),
        None => present_slots(&color_counts(colors)).count() as i64,
    }
}

fn extreme_color(element: &Value, most: bool, ctx: &'static str) -> Result<Value> {
    let c = match colors_of(element, ctx)? {
        Colors::Grid(g) => grid_extreme(&g, most, ctx)?,
        Colors::Cells(s) => object_extreme(s, most, ctx)?,
        Colors::Other(vals) => return pick_value(vals, most, ctx),
    };
    Ok(Value::Int(c))
}

/// The most common colour of a grid (a value error when it has no cells).
fn grid_mostcolor(g: &Grid, ctx: &'static str) -> Result<Color> {
    grid_pick_color(g, true, ctx)
}

pub fn mostcolor(element: &Value) -> Result<Value> {
    extreme_color(element, true, "mostcolor")
}

pub fn leastcolor(element: &Value) -> Result<Value> {
    extreme_color(element, false, "leastcolor")
}

pub fn colorcount(element: &Value, value: &Value) -> Result<Value> {
    let n = match colors_of(element, "colorcount")? {
        Colors::Grid(g) => grid_color_count(&g, opt_color(value)),
        Colors::Cells(s) => object_color_count(s, opt_color(value)),
        Colors::Other(vals) => vals.iter().filter(|&v| v == value).count() as i64,
    };
    Ok(Value::Int(n))
}

fn palette_value(counts: &[u32; 256]) -> Value {
    Value::Set(
        present_slots(counts)
            .map(|(s, _)| Value::Int(slot_color(s) as i64))
            .collect(),
    )
}

/// `palette` of a grid: its colours, ascending (from [`low_colors`] where
/// all are below 32, without counting them).
fn grid_palette(g: &Grid) -> Value {
    match low_colors(grid_colors(g)) {
        Some(low) => Value::Set(
            (0..32)
                .filter(|c| low & (1 << c) != 0)
                .map(Value::Int)
                .collect(),
        ),
        None => palette_of(grid_colors(g)),
    }
}

pub fn palette(element: &Value) -> Result<Value> {
    Ok(match colors_of(element, "palette")? {
        Colors::Grid(g) => grid_palette(&g),
        Colors::Cells(s) => object_palette(s),
        Colors::Other(vals) => Value::set(vals),
    })
}

pub fn numcolors(element: &Value) -> Result<Value> {
    let n = match colors_of(element, "numcolors")? {
        Colors::Grid(g) => numcolors_of(grid_colors(&g)),
        Colors::Cells(s) => object_colors(s).count() as i64,
        Colors::Other(vals) => Value::set(vals).len()? as i64,
    };
    Ok(Value::Int(n))
}

pub fn mostcolor_grid(grid: &G) -> Result<i64> {
    grid_extreme(grid, true, "mostcolor")
}

pub fn mostcolor_cells(obj: &Cells) -> Result<i64> {
    object_extreme(obj, true, "mostcolor")
}

pub fn leastcolor_grid(grid: &G) -> Result<i64> {
    grid_extreme(grid, false, "leastcolor")
}

pub fn leastcolor_cells(obj: &Cells) -> Result<i64> {
    object_extreme(obj, false, "leastcolor")
}

pub fn colorcount_grid(grid: &G, value: i64) -> Result<i64> {
    Ok(grid_color_count(grid, color_of(value)))
}

pub fn colorcount_cells(obj: &Cells, value: i64) -> Result<i64> {
    Ok(object_color_count(obj, color_of(value)))
}

pub fn palette_grid(grid: &G) -> Result<Value> {
    Ok(grid_palette(grid))
}

pub fn palette_cells(obj: &Cells) -> Result<Value> {
    Ok(object_palette(obj))
}

pub fn numcolors_grid(grid: &G) -> Result<i64> {
    Ok(numcolors_of(grid_colors(grid)))
}

pub fn numcolors_cells(obj: &Cells) -> Result<i64> {
    Ok(object_colors(obj).count() as i64)
}

// ----- grids as indices and objects ----------------------------------------------

pub fn asindices(grid: &Value) -> Result<Value> {
    asindices_grid(&grid_handle(grid, "asindices")?).map(Value::Indices)
}

pub fn asindices_grid(grid: &G) -> Result<Locs> {
    let mut out = Vec::with_capacity(grid.cells().len());
    for i in 0..grid.height() {
        out.extend((0..grid.width()).map(|j| loc(i, j)));
    }
    Ok(out.into())
}

/// The locations of colour `c` (none for a value that is not a colour),
/// row-major (sorted): counted first (16 cells per step), then written
/// straight into an `Arc` of that size, instead of a vector grown by
/// doubling and then copied into the `Arc` (most of `ofcolor` where the
/// colour is common: `solve_9ecd008a` 1.11 M -> 0.80 M instructions). The
/// matches are found 16 cells at a time (one compare gives their bits),
/// also where most cells match: a test per cell was fewer instructions
/// there, but its branch went either way on mixed rows (dev machine,
/// cross mode over training: `size(ofcolor(I, mostcolor(I)))` took 0.81
/// of the time by masks, `size(ofcolor(I, ZERO))` 0.79).
fn ofcolor_in(g: &Grid, c: Option<Color>) -> Locs {
    let Some(c) = c else {
        return Vec::new().into();
    };
    let n = buffers::count_eq(g.cells(), c);
    let mut out = Arc::<[Loc]>::new_uninit_slice(n);
    let slots = Arc::get_mut(&mut out).expect("a new Arc is unique");
    let mut k = 0;
    // The row of each match advances with the matches (they come in
    // order), so no division.
    let w = g.width();
    let (mut i, mut row_end) = (0, w);
    buffers::for_each_eq(g.cells(), c, |at| {
        while at >= row_end {
            i += 1;
            row_end += w;
        }
        slots[k].write(loc(i, at + w - row_end));
        k += 1;
    });
    // Both passes test the same cells; a mismatch would be a bug (caught
    // as a panic of the primitive), never uninitialised locations.
    assert_eq!(k, n);
    // SAFETY: the loop wrote slots 0..k, and k == n, the slice's length.
    unsafe { out.assume_init() }
}

pub fn ofcolor(grid: &Value, value: &Value) -> Result<Value> {
    let g = grid.as_grid("ofcolor")?;
    Ok(Value::Indices(ofcolor_in(&g, opt_color(value))))
}

pub fn ofcolor_grid(grid: &G, value: i64) -> Result<Locs> {
    Ok(ofcolor_in(grid, color_of(value)))
}

/// Each present colour with the range of its cells, colours ascending.
type ColorRuns = SmallVec<[(Color, Range<usize>); 10]>;

/// All cells of a grid sorted as a frozenset of cells (colour, row, column),
/// with each present colour's run of them, in ascending colour order: a
/// counting sort over the row-major order. (Only present colours get a
/// start: tables of starts for all 256 colour slots, zeroed and copied,
/// were most of `asobject` of a small grid.) Tried and slower (+25-30%
/// on `partition` programs): each colour's cells found 16 at a time, one
/// pass per colour (the background's pass stops at nearly every cell); a
/// cursor moved once per run of one colour in a row.
fn cells_by_color(g: &Grid) -> (Vec<Cell>, ColorRuns) {
    let counts = grid_color_counts(g);
    let mut runs = SmallVec::new();
    // Each present colour's next place (absent colours are never read).
    let mut next = [0u32; 256];
    let mut sum = 0usize;
    for (s, n) in present_slots(&counts) {
        next[s] = sum as u32;
        runs.push((slot_color(s), sum..sum + n as usize));
        sum += n as usize;
    }
    if let [(color, _)] = runs[..] {
        // One colour (a canvas): the cells in row-major order.
        let mut out = Vec::with_capacity(g.cells().len());
        for i in 0..g.height() {
            out.extend((0..g.width()).map(|j| Cell {
                color,
                loc: loc(i, j),
            }));
        }
        return (out, runs);
    }
    let mut out = vec![Cell::new(0, 0, 0); g.cells().len()];
    for (i, row) in g.rows().enumerate() {
        for (j, &c) in row.iter().enumerate() {
            let k = &mut next[slot(c)];
            out[*k as usize] = Cell {
                color: c,
                loc: loc(i, j),
            };
            *k += 1;
        }
    }
    (out, runs)
}

pub fn asobject(grid: &Value) -> Result<Value> {
    asobject_grid(&grid_handle(grid, "asobject")?).map(Value::Object)
}

pub fn asobject_grid(grid: &G) -> Result<Cells> {
    Ok(cells_by_color(grid).0.into())
}

/// `toobject` of the locations of a patch (ascending, distinct) on a grid
/// (an index error when it has no rows): the cells at those inside it, in
/// the frozenset order (a stable sort by colour keeps the locations
/// ascending).
fn toobject_in(g: &Grid, locs: &[Loc]) -> Result<Cells> {
    g.require_rows("toobject")?;
    let (h, w) = (g.height(), g.width());
    let mut cells: Vec<Cell> = locs
        .iter()
        .filter_map(|&l| {
            let k = flat_loc(h, w, l)?;
            Some(Cell {
                color: g.cells()[k],
                loc: l,
            })
        })
        .collect();
    cells.sort_by_key(|c| c.color);
    Ok(cells.into())
}

pub fn toobject(patch: &Value, grid: &Value) -> Result<Value> {
    const CTX: &str = "toobject";
    let g = grid.as_grid(CTX)?;
    g.require_rows(CTX)?;
    let p = patch.as_patch(CTX)?;
    toobject_in(&g, &p.locs()).map(Value::Object)
}

pub fn toobject_locs(patch: &Locs, grid: &G) -> Result<Cells> {
    toobject_in(grid, patch)
}

pub fn toobject_cells(patch: &Cells, grid: &G) -> Result<Cells> {
    grid.require_rows("toobject")?;
    toobject_in(grid, &Patch::Object(Cow::Borrowed(patch)).locs())
}

/// One object per colour (`skip` left out), in ascending colour order,
/// which is also their frozenset order.
fn partition_by_color(g: &Grid, skip: Option<Color>) -> Value {
    let (cells, runs) = cells_by_color(g);
    let objs = runs
        .into_iter()
        .filter(|(colour, _)| skip != Some(*colour))
        .map(|(_, run)| Value::Object(cells[run].into()));
    Value::Set(objs.collect())
}

pub fn partition(grid: &Value) -> Result<Value> {
    partition_grid(&grid_handle(grid, "partition")?)
}

pub fn partition_grid(grid: &G) -> Result<Value> {
    Ok(partition_by_color(grid, None))
}

pub fn fgpartition(grid: &Value) -> Result<Value> {
    fgpartition_grid(&grid_handle(grid, "fgpartition")?)
}

pub fn fgpartition_grid(grid: &G) -> Result<Value> {
    let bg = grid_mostcolor(grid, "fgpartition")?;
    Ok(partition_by_color(grid, Some(bg)))
}

// ----- connected components ----------------------------------------------------

/// A run: cells `start..end` of row `row` that belong to one component
/// (of one colour where objects are univalued).
#[derive(Clone, Copy)]
struct Run {
    row: u32,
    start: u32,
    end: u32,
    colour: Color,
}

impl Run {
    fn len(&self) -> u32 {
        self.end - self.start
    }
}

/// The working lists of `objects`, kept per thread and reused: allocating
/// them anew was about a tenth of a call on ARC grids, and `objects` is
/// about a fifth of the typical public solver's time.
#[derive(Default)]
struct ComponentScratch {
    runs: Vec<Run>,
    /// The union-find forest over runs, then each run's component.
    label: Vec<u32>,
    /// Each component's number of cells.
    size: Vec<u32>,
    /// Each component's first colour; with objects of any colours,
    /// `MIXED` once it has two.
    colour: Vec<i16>,
    /// Each component's object, being written.
    objects: Vec<ObjectSlot>,
    /// An object of several colours, copied to be sorted.
    sorted: Vec<Cell>,
    /// The components in the frozenset order (univalued objects).
    order: Vec<u32>,
    /// Each component's frozenset key and number (objects of any colours).
    keyed: Vec<(u64, u32)>,
}

/// The most cells (runs) whose lists a thread keeps between calls.
const SCRATCH_KEPT: usize = 1 << 16;

/// In [`ComponentScratch::colour`]: a component of more than one colour.
const MIXED: i16 = i16::MAX;

thread_local! {
    static COMPONENT_SCRATCH: std::cell::RefCell<ComponentScratch> =
        std::cell::RefCell::default();
}

/// One object of `objects`, allocated at its final size and written in
/// place, run by run: copying the cells of all objects from one list into
/// an `Arc` each (a `memcpy` call per object, most of which have one to
/// three cells) was a tenth of a call. Owns its allocation until
/// [`ObjectSlot::finish`] hands it over (a slot dropped unfinished frees
/// it).
struct ObjectSlot {
    cells: NonNull<MaybeUninit<Cell>>,
    size: u32,
    written: u32,
    finished: bool,
}

impl ObjectSlot {
    fn new(size: u32) -> ObjectSlot {
        let cells = Arc::<[Cell]>::new_uninit_slice(size as usize);
        // The allocation is held as a raw pointer while it is written
        // (no `Arc` of it exists until `finish`).
        let cells = Arc::into_raw(cells).cast::<MaybeUninit<Cell>>().cast_mut();
        ObjectSlot {
            cells: NonNull::new(cells).expect("an Arc's pointer is not null"),
            size,
            written: 0,
            finished: false,
        }
    }

    /// Write the next `n` cells, `cell(x)` for x in `0..n`.
    #[inline(always)]
    fn write(&mut self, n: u32, cell: impl Fn(u32) -> Cell) {
        let at = self.written;
        assert!(
            !self.finished && n <= self.size - at,
            "an object's runs overflow it"
        );
        for x in 0..n {
            // SAFETY: `at + x < size` (checked above); the allocation holds
            // `size` cells and nothing else refers to it before `finish`.
            unsafe {
                self.cells
                    .add((at + x) as usize)
                    .write(MaybeUninit::new(cell(x)))
            };
        }
        self.written = at + n;
    }

    /// The cells, all written.
    fn cells_mut(&mut self) -> &mut [Cell] {
        assert!(
            !self.finished && self.written == self.size,
            "an object is not whole"
        );
        // SAFETY: all `size` cells are initialised and the slot alone owns
        // them.
        unsafe { std::slice::from_raw_parts_mut(self.cells.as_ptr().cast(), self.size as usize) }
    }

    /// The object, all written, as the `Arc` it was allocated as.
    fn finish(&mut self) -> Arc<[Cell]> {
        assert!(
            !self.finished && self.written == self.size,
            "an object is not whole"
        );
        self.finished = true;
        let cells =
            std::ptr::slice_from_raw_parts(self.cells.as_ptr().cast_const(), self.size as usize);
        // SAFETY: the pointer came from `Arc::into_raw` of a slice of
        // `size` cells, is taken back once (`finished`), and every cell
        // has been written.
        unsafe { Arc::from_raw(cells).assume_init() }
    }
}

impl Drop for ObjectSlot {
    fn drop(&mut self) {
        if !self.finished {
            let cells = std::ptr::slice_from_raw_parts(
                self.cells.as_ptr().cast_const(),
                self.size as usize,
            );
            // SAFETY: as in `finish`; the cells stay uninitialised to the
            // `Arc` (`MaybeUninit` has nothing to drop).
            drop(unsafe { Arc::from_raw(cells) });
        }
    }
}

/// The reference's flood fill gives the connected components of the graph
/// whose vertices are the cells not of colour `bg` and whose edges join
/// neighbours (4 or 8) that are of the same colour (`univalued`) or any.
///
/// Labelled by runs, not cells: each row is cut into maximal runs of cells
/// that join (one colour, or any colour but `bg`), a run joins the runs of
/// the row above that it touches (overlapping columns, or columns one apart
/// with diagonals), and a union-find over runs gives the components. A cell
/// is then read about twice, against some 40 instructions per cell for a
/// flood fill over a padded label grid (the eight neighbour tests); which
/// cells make a component does not depend on how they are found.
///
/// Leaves the runs in row-major order in `runs`, each run's component in
/// `label` (components numbered by their first run in that order), each
/// component's size and first colour in `size` and `colour`, and returns
/// the number of components.
fn component_runs(
    g: &Grid,
    univalued: bool,
    diagonal: bool,
    bg: Option<Color>,
    s: &mut ComponentScratch,
) -> Result<usize> {
    let reach = u32::from(diagonal);
    let ComponentScratch {
        runs,
        label: parent,
        size,
        colour,
        ..
    } = s;
    runs.clear();
    parent.clear();
    size.clear();
    colour.clear();
    // The union-find forest: a root is its tree's first run, and every
    // run's parent comes before it or is itself (unions point the later
    // root at the earlier; path halving keeps that).
    fn root(parent: &mut [u32], mut r: u32) -> u32 {
        while parent[r as usize] != r {
            let up = parent[parent[r as usize] as usize];
            parent[r as usize] = up;
            r = up;
        }
        r
    }
    let mut above = 0..0;
    for i in 0..g.height() {
        budget::check()?;
        let first = runs.len();
        if g.width() <= 64 {
            masked_row_runs(g, i, univalued, bg, runs, parent);
        } else {
            row_runs(g, i, univalued, bg, runs, parent);
        }
        // Both rows' runs are sorted and disjoint: one sweep finds every
        // pair that touches.
        let (upper, row) = (&runs[above.clone()], &runs[first..]);
        let mut q0 = 0;
        for (r, run) in (first as u32..).zip(row) {
            while q0 < upper.len() && upper[q0].end + reach <= run.start {
                q0 += 1;
            }
            for (q, up) in (above.start as u32 + q0 as u32..).zip(&upper[q0..]) {
                if up.start >= run.end + reach {
                    break;
                }
                if !univalued || up.colour == run.colour {
                    let (a, b) = (root(parent, q), root(parent, r));
                    parent[a.max(b) as usize] = a.min(b);
                }
            }
        }
        above = first..runs.len();
    }
    // One pass in order numbers the roots and gives every other run its
    // parent's number (the parent comes before it, so it already holds
    // its root's number), counting each component's cells.
    for r in 0..runs.len() {
        let up = parent[r] as usize;
        let run = runs[r];
        let k = if up == r {
            size.push(0);
            colour.push(i16::from(run.colour));
            size.len() - 1
        } else {
            parent[up] as usize
        };
        parent[r] = k as u32;
        size[k] += run.len();
    }
    Ok(size.len())
}

/// The runs of row `i` of a grid at most 64 wide, from two masks of the
/// row ([`buffers::row_masks`]): its background cells and the cells equal
/// to the one before them. A cell continues the run before it where it is
/// not background and (univalued) of that cell's colour; runs start and end
/// at the bits where that changes, so a row costs a few instructions plus a
/// few per run, without a branch per cell. About as many instructions as
/// the cell-by-cell scan, whose branch at each run's start and end went
/// either way: `objects` took 0.78-0.81 of its time with the masks (dev
/// machine, all five flag combinations over training). Each run is its
/// own tree in `parent`.
#[inline]
fn masked_row_runs(
    g: &Grid,
    i: usize,
    univalued: bool,
    bg: Option<Color>,
    runs: &mut Vec<Run>,
    parent: &mut Vec<u32>,
) {
    let w = g.width();
    let (is_bg, same) = buffers::row_masks(g.cells(), i * w, w, bg.unwrap_or(0));
    let row_bits = if w == 64 { u64::MAX } else { (1 << w) - 1 };
    let fg = match bg {
        Some(_) => row_bits & !is_bg,
        None => row_bits,
    };
    let continues = if univalued { fg & same } else { fg & (fg << 1) };
    let (mut starts, mut ends) = (fg & !continues, fg & !(continues >> 1));
    let row = g.row(i);
    while starts != 0 {
        let start = starts.trailing_zeros();
        let end = ends.trailing_zeros() + 1;
        starts &= starts - 1;
        ends &= ends - 1;
        parent.push(runs.len() as u32);
        runs.push(Run {
            row: i as u32,
            start,
            end,
            colour: row[start as usize],
        });
    }
}

/// The runs of row `i` (any width), cell by cell, each its own tree in
/// `parent`.
fn row_runs(
    g: &Grid,
    i: usize,
    univalued: bool,
    bg: Option<Color>,
    runs: &mut Vec<Run>,
    parent: &mut Vec<u32>,
) {
    let row = g.row(i);
    let w = row.len();
    // The background as a plain compare (no colour is 256).
    let bg = bg.map_or(256, i16::from);
    let mut j = 0;
    while j < w {
        let c = row[j];
        if i16::from(c) == bg {
            j += 1;
            continue;
        }
        let start = j;
        j += 1;
        if univalued {
            while j < w && row[j] == c {
                j += 1;
            }
        } else {
            while j < w && i16::from(row[j]) != bg {
                j += 1;
            }
        }
        parent.push(runs.len() as u32);
        runs.push(Run {
            row: i as u32,
            start: start as u32,
            end: j as u32,
            colour: c,
        });
    }
}

pub fn objects(
    grid: &Value,
    univalued: &Value,
    diagonal: &Value,
    without_bg: &Value,
) -> Result<Value> {
    let g = grid.as_grid("objects")?;
    objects_in(
        &g,
        univalued.truthy(),
        diagonal.truthy(),
        without_bg.truthy(),
    )
}

pub fn objects_grid(grid: &G, univalued: bool, diagonal: bool, without_bg: bool) -> Result<Value> {
    objects_in(grid, univalued, diagonal, without_bg)
}

fn objects_in(g: &Grid, univalued: bool, diagonal: bool, without_bg: bool) -> Result<Value> {
    const CTX: &str = "objects";
    let bg = if without_bg {
        Some(grid_mostcolor(g, CTX)?)
    } else {
        None
    };
    g.require_rows(CTX)?;
    COMPONENT_SCRATCH.with(|s| match s.try_borrow_mut() {
        Ok(mut s) => {
            let objects = components(g, univalued, diagonal, bg, &mut s);
            // The lists of a moderate grid are kept for the next call, not
            // those of a huge one (every thread would hold them).
            if s.runs.capacity() > SCRATCH_KEPT || s.sorted.capacity() > SCRATCH_KEPT {
                *s = ComponentScratch::default();
            }
            objects
        }
        // Not reached (`objects` calls nothing that calls it), but a
        // borrowed scratch only costs fresh lists.
        Err(_) => components(g, univalued, diagonal, bg, &mut ComponentScratch::default()),
    })
}

/// The objects of `g` as a frozenset: each object's cells sorted by
/// (colour, row, column), the objects in the frozenset order.
fn components(
    g: &Grid,
    univalued: bool,
    diagonal: bool,
    bg: Option<Color>,
    s: &mut ComponentScratch,
) -> Result<Value> {
    let n = component_runs(g, univalued, diagonal, bg, s)?;
    s.objects.clear();
    s.objects
        .extend(s.size.iter().map(|&size| ObjectSlot::new(size)));
    Ok(if univalued {
        univalued_objects(n, s)
    } else {
        multicolour_objects(g, s)
    })
}

/// Objects of one colour each. The frozenset order is by their first cell,
/// (colour, row, column), and they are numbered in row-major order of that
/// cell, so a stable counting sort by colour orders them (a comparison
/// sort of the objects was 8% of a call). Runs in row-major order, each
/// written whole after the runs before it of its object: every object's
/// cells in row-major order, which is the (colour, row, column) order of
/// an object of one colour.
fn univalued_objects(n: usize, s: &mut ComponentScratch) -> Value {
    let ComponentScratch {
        runs,
        label,
        colour,
        objects,
        order,
        ..
    } = s;
    for (run, &k) in runs.iter().zip(label.iter()) {
        let (color, i) = (run.colour, run.row as i32);
        let j0 = run.start as i32;
        objects[k as usize].write(run.len(), |x| Cell {
            color,
            loc: (i, j0 + x as i32),
        });
    }
    let slot_of = |c: i16| slot(c as Color);
    let mut counts = [0u32; 256];
    for &c in colour.iter() {
        counts[slot_of(c)] += 1;
    }
    let mut at = first_places(&counts);
    order.clear();
    order.resize(n, 0);
    for (k, &c) in colour.iter().enumerate() {
        let a = &mut at[slot_of(c)];
        order[*a as usize] = k as u32;
        *a += 1;
    }
    Value::Set(
        order
            .iter()
            .map(|&k| Value::Object(objects[k as usize].finish()))
            .collect(),
    )
}

/// Objects of any colours: written in row-major order (run by run, as in
/// [`univalued_objects`]) and, where an object has several colours, sorted
/// by colour. The objects are disjoint, so their first cells alone give the
/// frozenset order (sorted as packed keys): the comparison sort of whole
/// objects was a quarter of a program that finds many small objects
/// (`solve_1fad071e`).
fn multicolour_objects(g: &Grid, s: &mut ComponentScratch) -> Value {
    let ComponentScratch {
        runs,
        label,
        colour,
        objects,
        sorted,
        keyed,
        ..
    } = s;
    for (run, &k) in runs.iter().zip(label.iter()) {
        let row = &g.row(run.row as usize)[run.start as usize..run.end as usize];
        let i = run.row as i32;
        let j0 = run.start as i32;
        let k = k as usize;
        objects[k].write(run.len(), |x| Cell {
            color: row[x as usize],
            loc: (i, j0 + x as i32),
        });
        let first = &mut colour[k];
        if *first != MIXED && row.iter().any(|&c| i16::from(c) != *first) {
            *first = MIXED;
        }
    }
    let key = |c: Cell| {
        let colour = u64::from((c.color as u8) ^ 0x80);
        (colour << 56) | (c.loc.0 as u64) << 28 | c.loc.1 as u64
    };
    keyed.clear();
    for (k, object) in objects.iter_mut().enumerate() {
        let cells = object.cells_mut();
        if colour[k] == MIXED {
            sorted.clear();
            sorted.extend_from_slice(cells);
            by_colour(sorted, cells);
        }
        keyed.push((key(cells[0]), k as u32));
    }
    keyed.sort_unstable_by_key(|&(key, _)| key);
    Value::Set(
        keyed
            .iter()
            .map(|&(_, k)| Value::Object(objects[k as usize].finish()))
            .collect(),
    )
}

/// The cells of an object of several colours, in row-major order, into
/// `out` by colour, then row, then column: a stable counting sort by
/// colour (a comparison sort of the large objects of `objects(g, F, _,
/// _)` took 15% of the calls).
fn by_colour(object: &[Cell], out: &mut [Cell]) {
    let mut counts = [0u32; 256];
    for cell in object {
        counts[slot(cell.color)] += 1;
    }
    let mut at = first_places(&counts);
    for &cell in object {
        let a = &mut at[slot(cell.color)];
        out[*a as usize] = cell;
        *a += 1;
    }
}

// ----- rotations, halves, crops ---------------------------------------------------

pub fn rot90_grid(grid: &G) -> Result<G> {
    let (h, w) = (grid.height(), grid.width());
    if h == 0 || w == 0 {
        return Ok(empty_grid());
    }
    // Column j, bottom to top, becomes row j.
    Ok(buffers::transposed::<true, false>(grid))
}

pub fn rot180_grid(grid: &G) -> Result<G> {
    Ok(buffers::all_reversed(grid))
}

pub fn rot270_grid(grid: &G) -> Result<G> {
    let (h, w) = (grid.height(), grid.width());
    if h == 0 || w == 0 {
        return Ok(empty_grid());
    }
    // Column j, top to bottom, becomes row w - 1 - j.
    Ok(buffers::transposed::<false, true>(grid))
}

/// A grid primitive that also takes ragged tuples of rows: `kernel` on a
/// grid, `ragged` on a tuple that is not one.
fn or_ragged(
    grid: &Value,
    ctx: &'static str,
    kernel: impl FnOnce(&G) -> Result<G>,
    ragged: impl FnOnce(&Value) -> Result<Value>,
) -> Result<Value> {
    match grid_handle(grid, ctx) {
        Ok(g) => kernel(&g).map(Value::Grid),
        Err(_) if grid.is_tuple() => ragged(grid),
        Err(e) => Err(e),
    }
}

pub fn rot90(grid: &Value) -> Result<Value> {
    or_ragged(grid, "rot90", rot90_grid, ragged::rot90)
}

pub fn rot180(grid: &Value) -> Result<Value> {
    or_ragged(grid, "rot180", rot180_grid, ragged::rot180)
}

pub fn rot270(grid: &Value) -> Result<Value> {
    or_ragged(grid, "rot270", rot270_grid, ragged::rot270)
}

pub fn crop(grid: &Value, start: &Value, dims: &Value) -> Result<Value> {
    const CTX: &str = "crop";
    let g = match grid.as_grid(CTX) {
        Ok(g) => g,
        Err(_) if grid.is_tuple() => {
            let (s0, d0) = (
                item_num(start, 0, CTX)? as i128,
                item_num(dims, 0, CTX)? as i128,
            );
            return ragged::crop(
                grid,
                |n| py_slice(n, s0, s0 + d0),
                |n| {
                    let (s1, d1) = (
                        item_num(start, 1, CTX)? as i128,
                        item_num(dims, 1, CTX)? as i128,
                    );
                    Ok(py_slice(n, s1, s1 + d1))
                },
            );
        }
        Err(e) => return Err(e),
    };
    let s0 = item_num(start, 0, CTX)?;
    let d0 = item_num(dims, 0, CTX)?;
    let cols = || {
        Ok((
            item_num(start, 1, CTX)? as i128,
            item_num(dims, 1, CTX)? as i128,
        ))
    };
    Ok(grid_value(cropped(&g, s0 as i128, d0 as i128, cols)?))
}

pub fn crop_grid(grid: &G, start: (i64, i64), dims: (i64, i64)) -> Result<G> {
    let cols = || Ok((start.1 as i128, dims.1 as i128));
    cropped(grid, start.0 as i128, dims.0 as i128, cols)
}

pub fn tophalf(grid: &Value) -> Result<Value> {
    or_ragged(grid, "tophalf", tophalf_grid, |t| {
        ragged::slice_rows(t, |h| 0..h / 2)
    })
}

pub fn tophalf_grid(grid: &G) -> Result<G> {
    let h = grid.height();
    Ok(sub_grid(grid, 0..h / 2, 0..grid.width()))
}

pub fn bottomhalf(grid: &Value) -> Result<Value> {
    or_ragged(grid, "bottomhalf", bottomhalf_grid, |t| {
        ragged::slice_rows(t, |h| h / 2 + h % 2..h)
    })
}

pub fn bottomhalf_grid(grid: &G) -> Result<G> {
    let h = grid.height();
    Ok(sub_grid(grid, h / 2 + h % 2..h, 0..grid.width()))
}

/// `rot270(half(rot90(grid)))`: the rotation through `()` makes the result
/// `()` as soon as no column is kept.
fn columns_half(g: &Grid, cols: Range<usize>) -> Grid {
    if cols.is_empty() {
        return empty_grid();
    }
    sub_grid(g, 0..g.height(), cols)
}

pub fn lefthalf(grid: &Value) -> Result<Value> {
    lefthalf_grid(&grid_handle(grid, "lefthalf")?).map(Value::Grid)
}

pub fn lefthalf_grid(grid: &G) -> Result<G> {
    let w = grid.width();
    Ok(columns_half(grid, 0..w / 2))
}

pub fn righthalf(grid: &Value) -> Result<Value> {
    righthalf_grid(&grid_handle(grid, "righthalf")?).map(Value::Grid)
}

pub fn righthalf_grid(grid: &G) -> Result<G> {
    let w = grid.width();
    Ok(columns_half(grid, w / 2 + w % 2..w))
}

pub fn trim(grid: &Value) -> Result<Value> {
    trim_grid(&grid_handle(grid, "trim")?).map(Value::Grid)
}

pub fn trim_grid(grid: &G) -> Result<G> {
    let rows = py_slice(grid.height(), 1, -1);
    let cols = py_slice(grid.width(), 1, -1);
    Ok(sub_grid(grid, rows, cols))
}

/// `height`/`width` of a piece as the reference computes them: a tuple
/// counts its elements (and those of its first one), a frozenset spans its
/// locations.
fn piece_shape(piece: &Value, locs: &[Loc], ctx: &'static str) -> Result<(i64, i64)> {
    if py_len(piece, ctx)? == 0 {
        return Ok((0, 0));
    }
    if piece.is_tuple() {
        let first = piece.tuple_get(0).ok_or(Error::index_error(ctx))?;
        return Ok((py_len(piece, ctx)? as i64, py_len(&first, ctx)? as i64));
    }
    let b = bounds(locs.iter().copied()).ok_or(Error::value_error(ctx))?;
    Ok(span(b))
}

/// The corners `((min i, min j), (max i, max j))` of some locations.
fn bounds(locs: impl IntoIterator<Item = Loc>) -> Option<(Loc, Loc)> {
    let mut locs = locs.into_iter();
    let first = locs.next()?;
    Some(locs.fold((first, first), |(lo, hi), (i, j)| {
        ((lo.0.min(i), lo.1.min(j)), (hi.0.max(i), hi.1.max(j)))
    }))
}

/// The height and width of a frozenset patch with these corners.
fn span((lo, hi): (Loc, Loc)) -> (i64, i64) {
    (hi.0 as i64 - lo.0 as i64 + 1, hi.1 as i64 - lo.1 as i64 + 1)
}

/// `crop(grid, lo, shape)`.
fn subgrid_in(g: &Grid, lo: Loc, (ph, pw): (i64, i64)) -> Result<Grid> {
    let cols = || Ok((lo.1 as i128, pw as i128));
    cropped(g, lo.0 as i128, ph as i128, cols)
}

/// `subgrid` of a frozenset patch with these corners (`None`: empty, whose
/// `ulcorner` is `()`, and `crop` reads `start[0]`).
fn subgrid_of_bounds(g: &Grid, b: Option<(Loc, Loc)>) -> Result<G> {
    let b = b.ok_or(Error::index_error("subgrid"))?;
    subgrid_in(g, b.0, span(b))
}

pub fn subgrid(patch: &Value, grid: &Value) -> Result<Value> {
    const CTX: &str = "subgrid";
    let p = patch.as_patch(CTX)?;
    let locs = p.locs();
    let (lo, _) = bounds(locs.iter().copied()).ok_or(Error::index_error(CTX))?;
    let shape = piece_shape(patch, &locs, CTX)?;
    let g = grid.as_grid(CTX)?;
    Ok(grid_value(subgrid_in(&g, lo, shape)?))
}

pub fn subgrid_locs(patch: &Locs, grid: &G) -> Result<G> {
    subgrid_of_bounds(grid, bounds(patch.iter().copied()))
}

pub fn subgrid_cells(patch: &Cells, grid: &G) -> Result<G> {
    subgrid_of_bounds(grid, bounds(patch.iter().map(|c| c.loc)))
}

// ----- painting ------------------------------------------------------------------

/// `color` into every location inside the grid (only where the cell is
/// `under`, if given); `None`, a value that is not a colour, is
/// `Unsupported` as soon as a cell would receive it.
fn fill_grid(
    g: &mut Grid,
    color: Option<Color>,
    locs: impl IntoIterator<Item = Loc>,
    under: Option<Color>,
    ctx: &'static str,
) -> Result<()> {
    let (h, w) = (g.height(), g.width());
    let cells = g.cells_mut();
    for l in locs {
        if let Some(k) = flat_loc(h, w, l) {
            let cell = &mut cells[k];
            if under.is_none_or(|bg| *cell == bg) {
                *cell = store(color, ctx)?;
            }
        }
    }
    Ok(())
}

/// A copy of the grid with [`fill_grid`] done (the checks of its primitive
/// done before).
fn filled(
    g: &Grid,
    color: Option<Color>,
    locs: impl IntoIterator<Item = Loc>,
    under: Option<Color>,
    ctx: &'static str,
) -> Result<G> {
    let mut out = g.clone();
    fill_grid(&mut out, color, locs, under, ctx)?;
    Ok(out)
}

/// The cells of an object to paint: a non-empty set of locations is a type
/// error (the reference unpacks `value, (i, j)` from each element).
fn object_cells<'a>(p: &'a Patch<'_>, ctx: &'static str) -> Result<&'a [Cell]> {
    match p {
        Patch::Object(cells) => Ok(cells),
        Patch::Indices(locs) if locs.is_empty() => Ok(&[]),
        Patch::Indices(_) => Err(Error::type_error(ctx)),
    }
}

/// The cells to paint in the reference's order: a tuple of cells (what
/// `merge` of a tuple of objects gives) is painted in its own order,
/// duplicates and all, so a later cell at the same place wins as in
/// Python; a frozenset in its iteration order.
fn ordered_cells<'a>(obj: &'a Value, ctx: &'static str) -> Result<Cow<'a, [Cell]>> {
    match obj {
        Value::Object(cells) => Ok(Cow::Borrowed(cells)),
        Value::Tuple(items) => items
            .iter()
            .map(|v| v.cell().ok_or(Error::type_error(ctx)))
            .collect::<Result<Vec<_>>>()
            .map(Cow::Owned),
        _ => {
            let p = obj.as_patch(ctx)?;
            Ok(Cow::Owned(object_cells(&p, ctx)?.to_vec()))
        }
    }
}

/// Paint cells shifted by `(di, dj)`, in the object's order (later cells
/// win), where the cell is `under` if given; cells outside are ignored.
fn paint_grid(g: &mut Grid, cells: &[Cell], (di, dj): (i64, i64), under: Option<Color>) {
    let (h, w) = (g.height(), g.width());
    // (A shared grid is copied here, painted or not.)
    let out = g.cells_mut();
    for c in cells {
        let (Some(i), Some(j)) = (
            (c.loc.0 as i64).checked_add(di),
            (c.loc.1 as i64).checked_add(dj),
        ) else {
            continue;
        };
        let (Ok(i), Ok(j)) = (usize::try_from(i), usize::try_from(j)) else {
            continue;
        };
        if i < h && j < w {
            let cell = &mut out[i * w + j];
            if under.is_none_or(|bg| *cell == bg) {
                *cell = c.color;
            }
        }
    }
}

/// A copy of the grid with the cells painted in place (`under` only).
fn painted(g: &Grid, cells: &[Cell], under: Option<Color>) -> G {
    let mut out = g.clone();
    paint_grid(&mut out, cells, (0, 0), under);
    out
}

pub fn fill(grid: &Value, value: &Value, patch: &Value) -> Result<Value> {
    const CTX: &str = "fill";
    let g = grid.as_grid(CTX)?;
    g.require_rows(CTX)?;
    let p = patch.as_patch(CTX)?;
    filled(&g, opt_color(value), p.iter_locs(), None, CTX).map(Value::Grid)
}

pub fn fill_locs(grid: &G, value: i64, patch: &Locs) -> Result<G> {
    grid.require_rows("fill")?;
    filled(grid, color_of(value), patch.iter().copied(), None, "fill")
}

pub fn fill_cells(grid: &G, value: i64, patch: &Cells) -> Result<G> {
    grid.require_rows("fill")?;
    let locs = patch.iter().map(|c| c.loc);
    filled(grid, color_of(value), locs, None, "fill")
}

// The `*_owned` kernels take the grid of a typed local that no later
// statement reads and write into it: its own block where no other value
// holds it (`cells_mut` copies a shared one). A canvas painted and
// mirrored is then one buffer, not three (`solve_feca6190`'s 8.5 million
// cells on its largest input: 14-17 ms of a two-GPU run's last CPU task).

/// [`fill_locs`] of a grid no later statement reads.
pub fn fill_locs_owned(grid: G, value: i64, patch: &Locs) -> Result<G> {
    grid.require_rows("fill")?;
    let mut out = grid;
    fill_grid(
        &mut out,
        color_of(value),
        patch.iter().copied(),
        None,
        "fill",
    )?;
    Ok(out)
}

/// [`fill_cells`] of a grid no later statement reads.
pub fn fill_cells_owned(grid: G, value: i64, patch: &Cells) -> Result<G> {
    grid.require_rows("fill")?;
    let mut out = grid;
    let locs = patch.iter().map(|c| c.loc);
    fill_grid(&mut out, color_of(value), locs, None, "fill")?;
    Ok(out)
}

/// [`paint_cells`] of a grid no later statement reads.
pub fn paint_cells_owned(grid: G, obj: &Cells) -> Result<G> {
    grid.require_rows("paint")?;
    let mut out = grid;
    paint_grid(&mut out, obj, (0, 0), None);
    Ok(out)
}

pub fn paint(grid: &Value, obj: &Value) -> Result<Value> {
    const CTX: &str = "paint";
    let g = grid.as_grid(CTX)?;
    g.require_rows(CTX)?;
    let cells = ordered_cells(obj, CTX)?;
    Ok(Value::Grid(painted(&g, &cells, None)))
}

pub fn paint_cells(grid: &G, obj: &Cells) -> Result<G> {
    grid.require_rows("paint")?;
    Ok(painted(grid, obj, None))
}

/// `paint` of a tuple of cells: painted in the tuple's order, so where two
/// cells share a location the later one's colour stays.
pub fn paint_cell_seq(grid: &G, obj: &CellSeq) -> Result<G> {
    grid.require_rows("paint")?;
    Ok(painted(grid, obj.as_slice(), None))
}

pub fn underfill(grid: &Value, value: &Value, patch: &Value) -> Result<Value> {
    const CTX: &str = "underfill";
    let g = grid.as_grid(CTX)?;
    g.require_rows(CTX)?;
    let bg = grid_mostcolor(&g, CTX)?;
    let p = patch.as_patch(CTX)?;
    filled(&g, opt_color(value), p.iter_locs(), Some(bg), CTX).map(Value::Grid)
}

/// `underfill` of some locations (the grid read first, as the reference).
fn underfill_in(g: &Grid, value: i64, locs: impl IntoIterator<Item = Loc>) -> Result<G> {
    const CTX: &str = "underfill";
    g.require_rows(CTX)?;
    let bg = grid_mostcolor(g, CTX)?;
    filled(g, color_of(value), locs, Some(bg), CTX)
}

pub fn underfill_locs(grid: &G, value: i64, patch: &Locs) -> Result<G> {
    underfill_in(grid, value, patch.iter().copied())
}

/// `fill` of a tuple of locations: a location met twice is filled twice,
/// to the same colour.
pub fn fill_loc_seq(grid: &G, value: i64, patch: &LocSeq) -> Result<G> {
    grid.require_rows("fill")?;
    filled(
        grid,
        color_of(value),
        patch.as_slice().iter().copied(),
        None,
        "fill",
    )
}

pub fn underfill_loc_seq(grid: &G, value: i64, patch: &LocSeq) -> Result<G> {
    underfill_in(grid, value, patch.as_slice().iter().copied())
}

pub fn underfill_cells(grid: &G, value: i64, patch: &Cells) -> Result<G> {
    underfill_in(grid, value, patch.iter().map(|c| c.loc))
}

pub fn underpaint(grid: &Value, obj: &Value) -> Result<Value> {
    const CTX: &str = "underpaint";
    let g = grid.as_grid(CTX)?;
    g.require_rows(CTX)?;
    let bg = grid_mostcolor(&g, CTX)?;
    let cells = ordered_cells(obj, CTX)?;
    Ok(Value::Grid(painted(&g, &cells, Some(bg))))
}

pub fn underpaint_cells(grid: &G, obj: &Cells) -> Result<G> {
    const CTX: &str = "underpaint";
    grid.require_rows(CTX)?;
    let bg = grid_mostcolor(grid, CTX)?;
    Ok(painted(grid, obj, Some(bg)))
}

/// `fill(grid, mostcolor(grid), toindices(patch))`: the grid's background
/// (a value error when it has no cells) into the locations.
fn covered(g: &Grid, locs: impl IntoIterator<Item = Loc>, ctx: &'static str) -> Result<G> {
    let bg = grid_mostcolor(g, ctx)?;
    filled(g, Some(bg), locs, None, ctx)
}

/// [`covered`] of a `Value` patch, read after the grid's background.
fn cover_grid(grid: &Value, patch: &Value, ctx: &'static str) -> Result<G> {
    let g = grid.as_grid(ctx)?;
    let bg = grid_mostcolor(&g, ctx)?;
    let p = patch.as_patch(ctx)?;
    filled(&g, Some(bg), p.iter_locs(), None, ctx)
}

pub fn cover(grid: &Value, patch: &Value) -> Result<Value> {
    cover_grid(grid, patch, "cover").map(Value::Grid)
}

pub fn cover_locs(grid: &G, patch: &Locs) -> Result<G> {
    covered(grid, patch.iter().copied(), "cover")
}

pub fn cover_cells(grid: &G, patch: &Cells) -> Result<G> {
    covered(grid, patch.iter().map(|c| c.loc), "cover")
}

/// Paint the cells shifted by `offset` onto a covered grid (its own block,
/// so painted in place).
fn moved(mut out: G, cells: &[Cell], offset: (i64, i64)) -> G {
    paint_grid(&mut out, cells, offset, None);
    out
}

pub fn r#move(grid: &Value, obj: &Value, offset: &Value) -> Result<Value> {
    const CTX: &str = "move";
    let out = cover_grid(grid, obj, CTX)?;
    let p = obj.as_patch(CTX)?;
    if p.is_empty() {
        // `shift` returns an empty patch as it is, without reading `offset`.
        return Ok(Value::Grid(out));
    }
    let (di, dj) = unpack2(offset, CTX)?;
    let (di, dj) = (di.as_int(CTX)?, dj.as_int(CTX)?);
    let cells = object_cells(&p, CTX)?;
    Ok(Value::Grid(moved(out, cells, (di, dj))))
}

pub fn move_cells(grid: &G, obj: &Cells, offset: (i64, i64)) -> Result<G> {
    let out = covered(grid, obj.iter().map(|c| c.loc), "move")?;
    Ok(moved(out, obj, offset))
}

// ----- cell-wise recolouring -------------------------------------------------------

/// The recoloured grid, or the input itself (shared) where nothing changed.
fn mapped(grid: &G, changed: Option<Grid>) -> G {
    changed.unwrap_or_else(|| grid.clone())
}

/// `replace` of colours `from` by `to` (either `None`: not a colour).
/// One test whether `from` occurs, then one select per cell (both
/// vectorise), rather than a fallible call per cell.
fn replace_in(g: &Grid, from: Option<Color>, to: Option<Color>) -> Result<Option<Grid>> {
    let Some(from) = from.filter(|c| g.cells().contains(c)) else {
        return Ok(None);
    };
    let to = store(to, "replace")?;
    Ok(Some(buffers::map_cells(
        g,
        |c| if c == from { to } else { c },
    )))
}

pub fn replace(grid: &Value, replacee: &Value, replacer: &Value) -> Result<Value> {
    let (from, to) = (opt_color(replacee), opt_color(replacer));
    or_ragged(
        grid,
        "replace",
        |g| Ok(mapped(g, replace_in(g, from, to)?)),
        |t| ragged::replace(t, replacee, replacer),
    )
}

pub fn replace_grid(grid: &G, replacee: i64, replacer: i64) -> Result<G> {
    let changed = replace_in(grid, color_of(replacee), color_of(replacer))?;
    Ok(mapped(grid, changed))
}

/// `switch` of colours `a` and `b` (either `None`: not a colour).
fn switch_in(g: &Grid, a: Option<Color>, b: Option<Color>) -> Result<Option<Grid>> {
    const CTX: &str = "switch";
    let present = |x: Option<Color>| x.filter(|c| g.cells().contains(c));
    let (in_a, in_b) = (present(a), present(b));
    if in_a.is_none() && in_b.is_none() {
        return Ok(None);
    }
    // `{a: b, b: a}[a]` is `b`, or `a` again when `a == b`; a colour that
    // does not occur needs no replacement (so cannot fail).
    let for_a_cells = match in_a {
        Some(_) => store(if a == b { a } else { b }, CTX)?,
        None => 0,
    };
    let for_b_cells = match in_b {
        Some(_) => store(a, CTX)?,
        None => 0,
    };
    // Plain compares against colours that cannot match where absent.
    let (a, b) = (in_a.map_or(256, i16::from), in_b.map_or(256, i16::from));
    Ok(Some(buffers::map_cells(g, |c| {
        let x = i16::from(c);
        if x == a {
            for_a_cells
        } else if x == b {
            for_b_cells
        } else {
            c
        }
    })))
}

pub fn switch(grid: &Value, a: &Value, b: &Value) -> Result<Value> {
    let (ca, cb) = (opt_color(a), opt_color(b));
    or_ragged(
        grid,
        "switch",
        |g| Ok(mapped(g, switch_in(g, ca, cb)?)),
        |t| ragged::switch(t, a, b),
    )
}

pub fn switch_grid(grid: &G, a: i64, b: i64) -> Result<G> {
    let changed = switch_in(grid, color_of(a), color_of(b))?;
    Ok(mapped(grid, changed))
}

/// `cellwise` once `a` is known to have rows: `b` is read (`grid_b`) only
/// if some cell is.
fn cellwise_in(
    ga: &Grid,
    grid_b: impl FnOnce() -> Result<G>,
    fallback: Option<Color>,
) -> Result<G> {
    const CTX: &str = "cellwise";
    let (h, w) = (ga.height(), ga.width());
    if w == 0 {
        // The inner loop never runs: `b` is never read.
        return Ok(Grid::new(h, 0, Vec::new()));
    }
    let gb = grid_b()?;
    if gb.height() < h || gb.width() < w {
        return Err(Error::index_error(CTX));
    }
    let mut out = Grid::filled(h, w, 0);
    for (i, dst) in out.cells_mut().chunks_exact_mut(w).enumerate() {
        for (o, (&x, &y)) in dst.iter_mut().zip(ga.row(i).iter().zip(gb.row(i))) {
            *o = if x == y { x } else { store(fallback, CTX)? };
        }
    }
    Ok(out)
}

pub fn cellwise(a: &Value, b: &Value, fallback: &Value) -> Result<Value> {
    const CTX: &str = "cellwise";
    let ga = a.as_grid(CTX)?;
    ga.require_rows(CTX)?;
    cellwise_in(&ga, || grid_handle(b, CTX), opt_color(fallback)).map(Value::Grid)
}

pub fn cellwise_grids(a: &G, b: &G, fallback: i64) -> Result<G> {
    a.require_rows("cellwise")?;
    cellwise_in(a, || Ok(b.clone()), color_of(fallback))
}

pub fn index(grid: &Value, loc: &Value) -> Result<Value> {
    const CTX: &str = "index";
    let (i, j) = unpack2(loc, CTX)?;
    let g = grid.as_grid(CTX)?;
    g.require_rows(CTX)?;
    let (i, j) = (i.as_int(CTX)?, j.as_int(CTX)?);
    if !loc.is_tuple() && flat_index(&g, i, j).is_some() {
        // `grid[loc[0]][loc[1]]` cannot subscript a frozenset.
        return Err(Error::type_error(CTX));
    }
    index_in(&g, (i, j))
}

/// `index` on a grid with rows: the colour, or `None` outside.
fn index_in(g: &Grid, (i, j): (i64, i64)) -> Result<Value> {
    g.require_rows("index")?;
    Ok(flat_index(g, i, j).map_or(Value::None, |k| Value::Int(g.cells()[k] as i64)))
}

pub fn index_grid(grid: &G, loc: (i64, i64)) -> Result<Value> {
    index_in(grid, loc)
}

/// `canvas(color, (h, w()))`: `w` read only when there is a row, the colour
/// checked only when there is a cell.
fn canvas_in(color: Option<Color>, h: i64, w: impl FnOnce() -> Result<i64>) -> Result<G> {
    const CTX: &str = "canvas";
    if h <= 0 {
        return Ok(empty_grid());
    }
    let h = count_of(h, CTX)?;
    let w = count_of(w()?.max(0), CTX)?;
    let n = size_of(h, w, CTX)?;
    let c = if n > 0 { store(color, CTX)? } else { 0 };
    Ok(Grid::filled(h, w, c))
}

pub fn canvas(value: &Value, dimensions: &Value) -> Result<Value> {
    const CTX: &str = "canvas";
    let h = item_num(dimensions, 0, CTX)?;
    canvas_in(opt_color(value), h, || item_num(dimensions, 1, CTX)).map(Value::Grid)
}

pub fn canvas_int_pair(value: i64, dimensions: (i64, i64)) -> Result<G> {
    canvas_in(color_of(value), dimensions.0, || Ok(dimensions.1))
}

// ----- scaling ---------------------------------------------------------------------

/// `hupscale`: `factor` read only when the grid has a cell.
fn hupscale_in(grid: &G, factor: impl FnOnce() -> Result<i64>) -> Result<G> {
    const CTX: &str = "hupscale";
    let (h, w) = (grid.height(), grid.width());
    if h == 0 || w == 0 {
        // No cell: `range(factor)` is never evaluated.
        return Ok(grid.clone());
    }
    let f = count_of(factor()?.max(0), CTX)?;
    let nw = w.checked_mul(f).ok_or(Error::unsupported(CTX))?;
    size_of(h, nw, CTX)?;
    let mut out = Grid::filled(h, nw, 0);
    if f > 0 {
        for (dst, &c) in out.cells_mut().chunks_exact_mut(f).zip(grid.cells()) {
            dst.fill(c);
        }
    }
    Ok(out)
}

pub fn hupscale(grid: &Value, factor: &Value) -> Result<Value> {
    const CTX: &str = "hupscale";
    hupscale_in(&grid_handle(grid, CTX)?, || factor.as_int(CTX)).map(Value::Grid)
}

pub fn hupscale_grid(grid: &G, factor: i64) -> Result<G> {
    hupscale_in(grid, || Ok(factor))
}

/// `vupscale`: `factor` read only when the grid has a row.
fn vupscale_in(grid: &G, factor: impl FnOnce() -> Result<i64>) -> Result<G> {
    const CTX: &str = "vupscale";
    let (h, w) = (grid.height(), grid.width());
    if h == 0 {
        return Ok(grid.clone());
    }
    let f = count_of(factor()?.max(0), CTX)?;
    let nh = size_of(h, f, CTX)?;
    size_of(nh, w, CTX)?;
    let mut out = Grid::filled(nh, w, 0);
    if w > 0 {
        // Output row k is source row k / f.
        for (k, dst) in out.cells_mut().chunks_exact_mut(w).enumerate() {
            dst.copy_from_slice(grid.row(k / f));
        }
    }
    Ok(out)
}

pub fn vupscale(grid: &Value, factor: &Value) -> Result<Value> {
    const CTX: &str = "vupscale";
    vupscale_in(&grid_handle(grid, CTX)?, || factor.as_int(CTX)).map(Value::Grid)
}

pub fn vupscale_grid(grid: &G, factor: i64) -> Result<G> {
    vupscale_in(grid, || Ok(factor))
}

/// `downscale` of a grid with rows.
fn downscale_in(g: &Grid, f: i64) -> Result<G> {
    const CTX: &str = "downscale";
    if f == 0 {
        return Err(Error::zero_division(CTX));
    }
    // `k % f == 0` holds for the multiples of |f|, whatever f's sign.
    let f = usize::try_from(f.unsigned_abs()).unwrap_or(usize::MAX);
    let (h, w) = (g.height(), g.width());
    let (nh, nw) = (h.div_ceil(f), w.div_ceil(f));
    let mut out = Grid::filled(nh, nw, 0);
    if nw > 0 {
        for (dst, i) in out.cells_mut().chunks_exact_mut(nw).zip((0..h).step_by(f)) {
            for (o, &c) in dst.iter_mut().zip(g.row(i).iter().step_by(f)) {
                *o = c;
            }
        }
    }
    Ok(out)
}

pub fn downscale(grid: &Value, factor: &Value) -> Result<Value> {
    const CTX: &str = "downscale";
    let g = grid.as_grid(CTX)?;
    g.require_rows(CTX)?;
    downscale_in(&g, factor.as_int(CTX)?).map(Value::Grid)
}

pub fn downscale_grid(grid: &G, factor: i64) -> Result<G> {
    grid.require_rows("downscale")?;
    downscale_in(grid, factor)
}

// ----- concatenation and splitting ---------------------------------------------------

/// Python's `a + b` for two elements of the generic fallback.
fn py_add(a: &Value, b: &Value, ctx: &'static str) -> Result<Value> {
    if let (Some(x), Some(y)) = (a.number(), b.number()) {
        return x
            .checked_add(y)
            .map(Value::Int)
            .ok_or(Error::unsupported(ctx));
    }
    // Rows of colours of two widths: their cells, without a value per row.
    if let (Some(mut x), Some(y)) = (a.colour_rows(), b.colour_rows()) {
        x.extend(y);
        if let Some(rows) = Ragged::from_rows(&x) {
            return Ok(Value::Ragged(std::sync::Arc::new(rows)));
        }
    }
    if a.is_tuple() && b.is_tuple() {
        let mut items = a.elems()?;
        items.extend(b.elems()?);
        return Ok(Value::tuple(items));
    }
    Err(Error::type_error(ctx))
}

/// `hconcat` of two grids: the rows of both, side by side, as many as the
/// shorter has.
fn hconcat_in(ga: &Grid, gb: &Grid) -> G {
    let h = ga.height().min(gb.height());
    buffers::side_by_side(ga, gb, h)
}

pub fn hconcat(a: &Value, b: &Value) -> Result<Value> {
    const CTX: &str = "hconcat";
    match (a.as_grid(CTX), b.as_grid(CTX)) {
        (Ok(ga), Ok(gb)) => Ok(Value::Grid(hconcat_in(&ga, &gb))),
        // Not two grids: `tuple(i + j for i, j in zip(a, b))` on whatever
        // they hold.
        _ if a.is_tuple() && b.is_tuple() => {
            let rows = a
                .elems_cow()?
                .iter()
                .zip(b.elems_cow()?.iter())
                .map(|(x, y)| py_add(x, y, CTX))
                .collect::<Result<Vec<_>>>()?;
            Ok(Value::tuple(rows))
        }
        _ => Err(Error::type_error(CTX)),
    }
}

pub fn hconcat_grids(a: &G, b: &G) -> Result<G> {
    Ok(hconcat_in(a, b))
}

pub fn vconcat(a: &Value, b: &Value) -> Result<Value> {
    const CTX: &str = "vconcat";
    if let (Ok(ga), Ok(gb)) = (grid_handle(a, CTX), grid_handle(b, CTX)) {
        match vconcat_grids(&ga, &gb) {
            // Rows of two lengths: a ragged tuple, as in the reference.
            Err(e) if crate::typed::is_deopt(&e) => {}
            r => return r.map(Value::Grid),
        }
    }
    py_add(a, b, CTX)
}

/// `a + b` of two grids: a grid when one has no rows or both are as wide
/// (a deopt otherwise: the rows of two lengths make no grid).
pub fn vconcat_grids(a: &G, b: &G) -> Result<G> {
    if a.height() == 0 {
        return Ok(b.clone());
    }
    if b.height() == 0 {
        return Ok(a.clone());
    }
    if a.width() != b.width() {
        return Err(Error::deopt("vconcat of grids of two widths"));
    }
    Ok(buffers::concatenated(a, b))
}

/// A mirror that keeps a grid's shape, applied where a concatenation
/// writes the grid (`vconcat(I, hmirror(I))`): the mirrored grid is never
/// built, which saves its two allocations and one of the two copies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flip {
    None,
    /// `hmirror`: rows in reverse order.
    Rows,
    /// `vmirror`: each row's cells in reverse order.
    Cells,
    /// `rot180`: both.
    Both,
}

impl Flip {
    fn flips(self) -> (bool, bool) {
        match self {
            Flip::None => (false, false),
            Flip::Rows => (true, false),
            Flip::Cells => (false, true),
            Flip::Both => (true, true),
        }
    }

    /// The mirrored grid, built (the kernels').
    fn apply(self, g: &G) -> Result<G> {
        match self {
            Flip::None => Ok(g.clone()),
            Flip::Rows => super::patches::hmirror_grid(g),
            Flip::Cells => super::patches::vmirror_grid(g),
            Flip::Both => rot180_grid(g),
        }
    }
}

/// `vconcat(fa(a), fb(b))` for two shape-keeping mirrors, written in one
/// pass. Grids with no cells go the kernels' way.
pub fn vconcat_flipped(a: &G, fa: Flip, b: &G, fb: Flip) -> Result<G> {
    if a.height() == 0 || b.height() == 0 || a.width() == 0 || a.width() != b.width() {
        return vconcat_grids(&fa.apply(a)?, &fb.apply(b)?);
    }
    Ok(buffers::stacked_flipped(a, fa.flips(), b, fb.flips()))
}

/// `hconcat(fa(a), fb(b))` for two shape-keeping mirrors, written in one
/// pass.
pub fn hconcat_flipped(a: &G, fa: Flip, b: &G, fb: Flip) -> Result<G> {
    let h = a.height().min(b.height());
    if h == 0 || a.width() + b.width() == 0 {
        return hconcat_grids(&fa.apply(a)?, &fb.apply(b)?);
    }
    Ok(buffers::side_by_side_flipped(
        a,
        fa.flips(),
        b,
        fb.flips(),
        h,
    ))
}

/// `hsplit` of a grid: `n` read once it is known to have rows.
fn hsplit_in(g: &Grid, n: impl FnOnce() -> Result<i64>) -> Result<Value> {
    const CTX: &str = "hsplit";
    g.require_rows(CTX)?;
    let n = n()?;
    if n == 0 {
        return Err(Error::zero_division(CTX));
    }
    if n < 0 {
        return Ok(Value::empty_tuple());
    }
    let parts = count_of(n, CTX)?;
    let (h, full) = (g.height(), g.width());
    let (w, offset) = (full / parts, usize::from(full % parts != 0));
    let mut out = Vec::with_capacity(parts);
    for i in 0..parts {
        budget::check()?;
        let start = (w + offset) as i128 * i as i128;
        let cols = py_slice(full, start, start + w as i128);
        out.push(grid_value(sub_grid(g, 0..h, cols)));
    }
    Ok(Value::tuple(out))
}

pub fn hsplit(grid: &Value, n: &Value) -> Result<Value> {
    const CTX: &str = "hsplit";
    let g = grid.as_grid(CTX)?;
    hsplit_in(&g, || n.as_int(CTX))
}

pub fn hsplit_grid(grid: &G, n: i64) -> Result<Value> {
    hsplit_in(grid, || Ok(n))
}

/// `vsplit` of a grid in `n` parts (`len(grid) // n` comes before
/// `len(grid[0])`).
fn vsplit_in(g: &Grid, n: i64) -> Result<Value> {
    const CTX: &str = "vsplit";
    if n == 0 {
        return Err(Error::zero_division(CTX));
    }
    g.require_rows(CTX)?;
    if n < 0 {
        return Ok(Value::empty_tuple());
    }
    let parts = count_of(n, CTX)?;
    let (full, w) = (g.height(), g.width());
    let (h, offset) = (full / parts, usize::from(full % parts != 0));
    let mut out = Vec::with_capacity(parts);
    for i in 0..parts {
        budget::check()?;
        let start = (h + offset) as i128 * i as i128;
        let rows = py_slice(full, start, start + h as i128);
        out.push(grid_value(sub_grid(g, rows, 0..w)));
    }
    Ok(Value::tuple(out))
}

pub fn vsplit(grid: &Value, n: &Value) -> Result<Value> {
    const CTX: &str = "vsplit";
    let g = grid.as_grid(CTX)?;
    vsplit_in(&g, n.as_int(CTX)?)
}

pub fn vsplit_grid(grid: &G, n: i64) -> Result<Value> {
    vsplit_in(grid, n)
}

// ----- searching and frontiers --------------------------------------------------------

/// The rows and columns of places an object of shape `(oh, ow)` has in
/// `g`, where it fits at all.
fn places(g: &Grid, (oh, ow): (i64, i64)) -> Option<(i64, i64)> {
    let (h2, w2) = (g.height() as i64 - oh + 1, g.width() as i64 - ow + 1);
    (h2 > 0 && w2 > 0).then_some((h2, w2))
}

/// `occurrences` on a grid with rows of an object of shape `(oh, ow)`
/// whose upper left corner is `origin`; its cells are read (`cells`) only
/// when the object fits in the grid.
fn occurrences_in<'a>(
    g: &Grid,
    (oh, ow): (i64, i64),
    origin: Loc,
    cells: impl FnOnce() -> Result<&'a [Cell]>,
) -> Result<Locs> {
    const CTX: &str = "occurrences";
    let Some((h2, w2)) = places(g, (oh, ow)) else {
        return Ok(Vec::new().into());
    };
    let normed: Vec<(Color, i64, i64)> = cells()?
        .iter()
        .map(|c| {
            let (i, j) = (
                c.loc.0 as i64 - origin.0 as i64,
                c.loc.1 as i64 - origin.1 as i64,
            );
            (c.color, i, j)
        })
        .collect();
    size_of(h2 as usize, w2 as usize, CTX)?;
    scanned_occurrences(g, &normed, (h2, w2)).map(Into::into)
}

/// [`occurrences_in`] tested at each of the `h2` x `w2` places, cell by
/// cell (`normed`: the object's cells from its box's corner).
fn scanned_occurrences(
    g: &Grid,
    normed: &[(Color, i64, i64)],
    (h2, w2): (i64, i64),
) -> Result<Vec<Loc>> {
    let mut out = Vec::new();
    for i in 0..h2 {
        budget::check()?;
        for j in 0..w2 {
            let found = normed
                .iter()
                .all(|&(c, a, b)| flat_index(g, a + i, b + j).is_some_and(|k| g.cells()[k] == c));
            if found {
                out.push((i as i32, j as i32));
            }
        }
    }
    Ok(out)
}

/// The colour and shape of an object that fills its whole box with one
/// colour (`asobject(canvas(c, dims))`), found in one pass. (Distinct
/// cells of one colour have distinct locations: as many as the box has,
/// they are all of it.)
fn one_colour_box(cells: &[Cell]) -> Option<(Color, (i64, i64))> {
    let first = cells.first()?;
    let (mut lo, mut hi) = (first.loc, first.loc);
    for c in cells {
        if c.color != first.color {
            return None;
        }
        lo = (lo.0.min(c.loc.0), lo.1.min(c.loc.1));
        hi = (hi.0.max(c.loc.0), hi.1.max(c.loc.1));
    }
    let shape = span((lo, hi));
    (cells.len() as i64 == shape.0 * shape.1).then_some((first.color, shape))
}

/// `occurrences` of a box of one colour on a grid with rows.
fn box_occurrences(g: &Grid, color: Color, (oh, ow): (i64, i64)) -> Result<Locs> {
    let Some((h2, w2)) = places(g, (oh, ow)) else {
        return Ok(Vec::new().into());
    };
    size_of(h2 as usize, w2 as usize, "occurrences")?;
    rectangle_occurrences(g, color, (oh as usize, ow as usize)).map(Into::into)
}

/// [`occurrences_in`] of a box of one colour: the places where `oh` rows
/// in a row each have `ow` cells of `c` in a row from the same column. One
/// pass over the grid (the general test reads the box at every place; an
/// argmax over box sizes called it a hundred times per grid). Places in
/// row-major order, as the general test finds them.
fn rectangle_occurrences(g: &Grid, c: Color, shape: (usize, usize)) -> Result<Vec<Loc>> {
    if g.width() <= 64 {
        rectangle_occurrences_by_bits(g, c, shape)
    } else {
        rectangle_occurrences_by_runs(g, c, shape)
    }
}

/// [`rectangle_occurrences`] of a grid of any width, by the length of the
/// run of `c` from each cell.
fn rectangle_occurrences_by_runs(g: &Grid, c: Color, (oh, ow): (usize, usize)) -> Result<Vec<Loc>> {
    let (h, w) = (g.height(), g.width());
    let (h2, w2) = (h + 1 - oh, w + 1 - ow);
    // `rows[j]`: how many rows in a row, ending at the current one, have
    // `ow` cells of `c` from column `j`.
    let mut rows = vec![0usize; w2];
    let mut run = vec![0usize; w];
    let mut out = Vec::new();
    for (i, row) in g.rows().enumerate() {
        budget::check()?;
        let mut n = 0;
        for j in (0..w).rev() {
            n = if row[j] == c { n + 1 } else { 0 };
            run[j] = n;
        }
        for j in 0..w2 {
            rows[j] = if run[j] >= ow { rows[j] + 1 } else { 0 };
        }
        if i + 1 >= oh {
            let top = (i + 1 - oh) as i32;
            out.extend((0..w2).filter(|&j| rows[j] >= oh).map(|j| (top, j as i32)));
        }
    }
    debug_assert!(out.iter().all(|&(i, _)| (i as usize) < h2));
    Ok(out)
}

/// [`rectangle_occurrences`] of a grid at most 64 wide, a row a word: bit
/// `j` of `starts[i]` says row `i` has `ow` cells of `c` from column `j`
/// (the row's bits ANDed with themselves shifted, by doubling), and a box
/// is at `(i, j)` where `starts[i..i + oh]` all have bit `j`.
fn rectangle_occurrences_by_bits(g: &Grid, c: Color, (oh, ow): (usize, usize)) -> Result<Vec<Loc>> {
    let (h, w) = (g.height(), g.width());
    debug_assert!(w <= 64 && (1..=h).contains(&oh) && (1..=w).contains(&ow));
    let starts: SmallVec<[u64; 32]> = g
        .rows()
        .map(|row| {
            let mut bits = buffers::eq_mask64(row, c);
            let mut run = 1;
            while run < ow {
                let step = run.min(ow - run);
                bits &= bits >> step;
                run += step;
            }
            bits
        })
        .collect();
    let mut out = Vec::new();
    for i in 0..=h - oh {
        budget::check()?;
        let mut both = starts[i..i + oh].iter().fold(u64::MAX, |m, &b| m & b);
        while both != 0 {
            out.push((i as i32, both.trailing_zeros() as i32));
            both &= both - 1;
        }
    }
    Ok(out)
}

pub fn occurrences(grid: &Value, obj: &Value) -> Result<Value> {
    const CTX: &str = "occurrences";
    let g = grid.as_grid(CTX)?;
    if let Some((color, shape)) = match obj {
        Value::Object(cells) => one_colour_box(cells),
        _ => None,
    } {
        g.require_rows(CTX)?;
        return box_occurrences(&g, color, shape).map(Value::Indices);
    }
    let p = obj.as_patch(CTX)?;
    let locs = p.locs();
    // `normalize` leaves an empty patch as it is.
    let origin = bounds(locs.iter().copied()).map_or((0, 0), |(lo, _)| lo);
    g.require_rows(CTX)?;
    let shape = piece_shape(obj, &locs, CTX)?;
    // Unpacking `v, (a, b)` from a location fails.
    occurrences_in(&g, shape, origin, || object_cells(&p, CTX)).map(Value::Indices)
}

pub fn occurrences_cells(grid: &G, obj: &Cells) -> Result<Locs> {
    grid.require_rows("occurrences")?;
    if let Some((color, shape)) = one_colour_box(obj) {
        return box_occurrences(grid, color, shape);
    }
    let (origin, shape) =
        bounds(obj.iter().map(|c| c.loc)).map_or(((0, 0), (0, 0)), |b| (b.0, span(b)));
    occurrences_in(grid, shape, origin, || Ok(&obj[..]))
}

fn uniform(cells: impl Iterator<Item = Color>) -> bool {
    let mut cells = cells;
    match cells.next() {
        Some(first) => cells.all(|c| c == first),
        None => false,
    }
}

fn uniform_rows(g: &Grid) -> Vec<bool> {
    g.rows().map(|r| uniform(r.iter().copied())).collect()
}

fn uniform_cols(g: &Grid) -> Vec<bool> {
    (0..g.width())
        .map(|j| uniform((0..g.height()).map(|i| g.get(i, j))))
        .collect()
}

pub fn frontiers(grid: &Value) -> Result<Value> {
    frontiers_grid(&grid_handle(grid, "frontiers")?)
}

pub fn frontiers_grid(grid: &G) -> Result<Value> {
    grid.require_rows("frontiers")?;
    let (h, w) = (grid.height(), grid.width());
    let mut objs: Vec<Arc<[Cell]>> = Vec::new();
    for (i, _) in uniform_rows(grid).iter().enumerate().filter(|(_, &u)| u) {
        objs.push(
            (0..w)
                .map(|j| Cell {
                    color: grid.get(i, j),
                    loc: loc(i, j),
                })
                .collect(),
        );
    }
    for (j, _) in uniform_cols(grid).iter().enumerate().filter(|(_, &u)| u) {
        objs.push(
            (0..h)
                .map(|i| Cell {
                    color: grid.get(i, j),
                    loc: loc(i, j),
                })
                .collect(),
        );
    }
    Ok(objects_set(objs))
}

pub fn compress(grid: &Value) -> Result<Value> {
    compress_grid(&grid_handle(grid, "compress")?).map(Value::Grid)
}

pub fn compress_grid(grid: &G) -> Result<G> {
    let rows = uniform_rows(grid);
    let cols = uniform_cols(grid);
    let kept_cols: Vec<usize> = (0..grid.width()).filter(|&j| !cols[j]).collect();
    let kept_rows = (0..grid.height()).filter(|&i| !rows[i]);
    let nh = kept_rows.clone().count();
    let mut out = Grid::filled(nh, kept_cols.len(), 0);
    if !kept_cols.is_empty() {
        let dst_rows = out.cells_mut().chunks_exact_mut(kept_cols.len());
        for (dst, i) in dst_rows.zip(kept_rows) {
            let row = grid.row(i);
            for (o, &j) in dst.iter_mut().zip(&kept_cols) {
                *o = row[j];
            }
        }
    }
    Ok(out)
}

// ----- kernels (see `typed`) ---------------------------------------------------

crate::kernel_table! {
    GRID_KERNELS:
    fill(Grid, Int, Indices) -> Grid = fill_locs;
    fill(Grid, Int, Object) -> Grid = fill_cells;
    paint(Grid, Object) -> Grid = paint_cells;
    paint(Grid, CellSeq) -> Grid = paint_cell_seq;
    canvas(Int, Pair) -> Grid = canvas_int_pair;
    ofcolor(Grid, Int) -> Indices = ofcolor_grid;
    replace(Grid, Int, Int) -> Grid = replace_grid;
    objects(Grid, Bool, Bool, Bool) -> Objects = objects_grid;
    subgrid(Object, Grid) -> Grid = subgrid_cells;
    subgrid(Indices, Grid) -> Grid = subgrid_locs;
    hconcat(Grid, Grid) -> Grid = hconcat_grids;
    vconcat(Grid, Grid) -> Grid = vconcat_grids;
    underfill(Grid, Int, Indices) -> Grid = underfill_locs;
    fill(Grid, Int, LocSeq) -> Grid = fill_loc_seq;
    underfill(Grid, Int, LocSeq) -> Grid = underfill_loc_seq;
    underfill(Grid, Int, Object) -> Grid = underfill_cells;
    crop(Grid, Pair, Pair) -> Grid = crop_grid;
    toobject(Indices, Grid) -> Object = toobject_locs;
    toobject(Object, Grid) -> Object = toobject_cells;
    asobject(Grid) -> Object = asobject_grid;
    asindices(Grid) -> Indices = asindices_grid;
    cover(Grid, Object) -> Grid = cover_cells;
    cover(Grid, Indices) -> Grid = cover_locs;
    r#move(Grid, Object, Pair) -> Grid = move_cells;
    switch(Grid, Int, Int) -> Grid = switch_grid;
    mostcolor(Grid) -> Int = mostcolor_grid;
    leastcolor(Grid) -> Int = leastcolor_grid;
    mostcolor(Object) -> Int = mostcolor_cells;
    leastcolor(Object) -> Int = leastcolor_cells;
    colorcount(Grid, Int) -> Int = colorcount_grid;
    colorcount(Object, Int) -> Int = colorcount_cells;
    palette(Grid) -> Value = palette_grid;
    palette(Object) -> Value = palette_cells;
    numcolors(Grid) -> Int = numcolors_grid;
    numcolors(Object) -> Int = numcolors_cells;
    partition(Grid) -> Objects = partition_grid;
    fgpartition(Grid) -> Objects = fgpartition_grid;
    rot90(Grid) -> Grid = rot90_grid;
    rot180(Grid) -> Grid = rot180_grid;
    rot270(Grid) -> Grid = rot270_grid;
    trim(Grid) -> Grid = trim_grid;
    compress(Grid) -> Grid = compress_grid;
    tophalf(Grid) -> Grid = tophalf_grid;
    bottomhalf(Grid) -> Grid = bottomhalf_grid;
    lefthalf(Grid) -> Grid = lefthalf_grid;
    righthalf(Grid) -> Grid = righthalf_grid;
    hupscale(Grid, Int) -> Grid = hupscale_grid;
    vupscale(Grid, Int) -> Grid = vupscale_grid;
    downscale(Grid, Int) -> Grid = downscale_grid;
    cellwise(Grid, Grid, Int) -> Grid = cellwise_grids;
    underpaint(Grid, Object) -> Grid = underpaint_cells;
    index(Grid, Pair) -> Value = index_grid;
    occurrences(Grid, Object) -> Indices = occurrences_cells;
    hsplit(Grid, Int) -> Value = hsplit_grid;
    vsplit(Grid, Int) -> Value = vsplit_grid;
    frontiers(Grid) -> Objects = frontiers_grid;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The input grids of the bundled tasks (`tests/data/arc`).
    fn bundled_inputs() -> Vec<G> {
        let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/arc");
        let grids: Vec<G> = crate::task::load(&data).inputs().cloned().collect();
        assert!(grids.len() >= 40);
        grids
    }

    /// `objects` as the reference computes it: a flood fill from each
    /// unvisited cell in row-major order, over the 4 or 8 neighbours of
    /// the same colour (univalued) or not of the background; each object
    /// its sorted cells, the set in the frozenset order.
    fn objects_by_flood_fill(g: &Grid, univalued: bool, diagonal: bool, without_bg: bool) -> Value {
        let (h, w) = (g.height() as i32, g.width() as i32);
        let bg = without_bg.then(|| grid_mostcolor(g, "test").unwrap());
        let at = |(i, j): Loc| g.row(i as usize)[j as usize];
        let mut seen = vec![false; g.cells().len()];
        let mut objs = Vec::new();
        for i in 0..h {
            for j in 0..w {
                let val = at((i, j));
                if seen[(i * w + j) as usize] || Some(val) == bg {
                    continue;
                }
                seen[(i * w + j) as usize] = true;
                let mut obj = Vec::new();
                let mut todo = vec![(i, j)];
                while let Some((a, b)) = todo.pop() {
                    obj.push(Cell::new(at((a, b)), a, b));
                    let offsets = (-1..=1).flat_map(|da| (-1..=1).map(move |db| (da, db)));
                    for (da, db) in offsets.filter(|&d| d != (0, 0)) {
                        let (x, y) = (a + da, b + db);
                        if (!diagonal && da != 0 && db != 0) || x < 0 || y < 0 || x >= h || y >= w {
                            continue;
                        }
                        let v = at((x, y));
                        let joins = if univalued { v == val } else { Some(v) != bg };
                        if joins && !seen[(x * w + y) as usize] {
                            seen[(x * w + y) as usize] = true;
                            todo.push((x, y));
                        }
                    }
                }
                obj.sort();
                objs.push(Arc::from(obj));
            }
        }
        objects_set(objs)
    }

    /// `objects` (runs and a union-find, a counting sort by colour, the
    /// set ordered by counting) is the reference's flood fill on every
    /// input of the bundled tasks and their rotations by 90 and 180, for all
    /// eight flag combinations, twice in a row (the scratch lists are
    /// reused), on tiles of an input at widths around the masks' blocks of
    /// 16 and their limit of 64 (rows read past their end, the last row
    /// from a padded copy), with colours outside ARC's, and on a grid
    /// larger than the lists a thread keeps.
    #[test]
    fn objects_are_the_reference_flood_fill() {
        let mut grids = bundled_inputs();
        let more: Vec<G> = grids
            .iter()
            .flat_map(|g| [rot90_grid(g).unwrap(), rot180_grid(g).unwrap()])
            .collect();
        grids.extend(more);
        let tiled = |g: &Grid, h: usize, w: usize, recolour: fn(Color) -> Color| {
            let cells = (0..h * w)
                .map(|k| recolour(g.row(k / w % g.height())[k % w % g.width()]))
                .collect();
            Grid::new(h, w, cells)
        };
        let odd: G = grids[1].clone();
        for w in [1, 2, 15, 16, 17, 31, 32, 33, 47, 48, 63, 64, 65] {
            for h in [1, 3, 7] {
                grids.push(tiled(&odd, h, w, |c| c));
                grids.push(tiled(&odd, h, w, |c| if c == 0 { -1 } else { 127 - c }));
            }
        }
        // A grid past the scratch lists a thread keeps (the lists are
        // dropped after it): a test input tiled to 300 x 300.
        grids.push(tiled(&grids[0].clone(), 300, 300, |c| c));
        const { assert!(300 * 300 > SCRATCH_KEPT) };
        for g in &grids {
            for flags in 0..8 {
                let (u, d, b) = (flags & 1 != 0, flags & 2 != 0, flags & 4 != 0);
                let want = objects_by_flood_fill(g, u, d, b);
                for _ in 0..2 {
                    assert_eq!(objects_grid(g, u, d, b).unwrap(), want, "flags {u} {d} {b}");
                }
            }
        }
    }

    /// The kernels that write a grid in place give the kernels' results,
    /// whether the grid is theirs alone (written in place) or also held
    /// elsewhere (copied: the other holder's grid is unchanged), on the
    /// bundled tasks' inputs and on grids of no rows, of empty rows and of
    /// one cell, with patches that reach past the grid.
    #[test]
    fn grids_written_in_place_are_the_kernels() {
        use crate::primitives::patches::{
            hmirror_grid, hmirror_grid_owned, vmirror_grid, vmirror_grid_owned,
        };
        let mut grids = bundled_inputs();
        grids.push(Grid::new(0, 0, Vec::new()));
        grids.push(Grid::new(3, 0, Vec::new()));
        grids.push(Grid::new(1, 1, vec![7]));
        // Large enough to be mirrored in place, with an odd height.
        grids.push(Grid::new(
            129,
            131,
            (0..129 * 131).map(|k| (k % 10) as Color).collect(),
        ));
        let locs: Locs = (-1..12).flat_map(|i| [(i, i), (i, 2), (3, i)]).collect();
        let cells: Cells = (0..12)
            .map(|i| Cell {
                color: (i % 10) as Color,
                loc: (i - 1, 2 * i - 3),
            })
            .collect();
        let same = |x: Result<G>, y: Result<G>| match (x, y) {
            (Ok(x), Ok(y)) => {
                x.height() == y.height() && x.width() == y.width() && x.cells() == y.cells()
            }
            (Err(e), Err(f)) => e.kind == f.kind,
            _ => false,
        };
        for g in &grids {
            let copy = || g.copied();
            for shared in [false, true] {
                let own = |x: G| if shared { g.clone() } else { x };
                let before = g.cells().to_vec();
                assert!(same(
                    fill_locs_owned(own(copy()), 4, &locs),
                    fill_locs(g, 4, &locs)
                ));
                assert!(same(
                    fill_cells_owned(own(copy()), 4, &cells),
                    fill_cells(g, 4, &cells)
                ));
                assert!(same(
                    paint_cells_owned(own(copy()), &cells),
                    paint_cells(g, &cells)
                ));
                assert!(same(hmirror_grid_owned(own(copy())), hmirror_grid(g)));
                assert!(same(vmirror_grid_owned(own(copy())), vmirror_grid(g)));
                assert_eq!(
                    g.cells(),
                    &before[..],
                    "a grid held elsewhere is not written"
                );
            }
        }
    }

    /// Concatenations of mirrored grids written in one pass against the
    /// kernels (mirror, then concatenate), for every pair of flips, on the
    /// bundled tasks' inputs paired with the next input (other shapes) and
    /// with grids of no rows, of empty rows and of one cell.
    #[test]
    fn flipped_concatenations_are_the_kernels() {
        let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/arc");
        let mut grids: Vec<G> = crate::task::load(&data)
            .tasks
            .iter()
            .flat_map(|t| {
                t.samples()
                    .take(2)
                    .map(|s| s.input().clone())
                    .collect::<Vec<_>>()
            })
            .collect();
        assert!(grids.len() >= 40);
        grids.push(Grid::new(0, 0, Vec::new()));
        grids.push(Grid::new(3, 0, Vec::new()));
        grids.push(Grid::new(1, 1, vec![7]));
        let flips = [Flip::None, Flip::Rows, Flip::Cells, Flip::Both];
        let same = |x: &Result<G>, y: &Result<G>| match (x, y) {
            (Ok(x), Ok(y)) => {
                x.height() == y.height() && x.width() == y.width() && x.cells() == y.cells()
            }
            (Err(e), Err(f)) => e.kind == f.kind,
            _ => false,
        };
        let mut stacked = 0;
        for (k, a) in grids.iter().enumerate() {
            for b in [a, &grids[(k + 1) % grids.len()]] {
                for fa in flips {
                    for fb in flips {
                        let (ma, mb) = (fa.apply(a).unwrap(), fb.apply(b).unwrap());
                        let want = vconcat_grids(&ma, &mb);
                        stacked += usize::from(want.is_ok());
                        assert!(
                            same(&vconcat_flipped(a, fa, b, fb), &want),
                            "vconcat {fa:?} {fb:?}"
                        );
                        let want = hconcat_grids(&ma, &mb);
                        assert!(
                            same(&hconcat_flipped(a, fa, b, fb), &want),
                            "hconcat {fa:?} {fb:?}"
                        );
                    }
                }
            }
        }
        assert!(stacked > 100, "{stacked}");
    }

    /// The one-pass test of boxes of one colour against the test cell by
    /// cell, on every input of the bundled ARC tasks: each colour of the
    /// grid and one it lacks, boxes from 1 x 1 to 5 x 5 and the grid's own
    /// size.
    #[test]
    fn rectangle_occurrences_are_the_scanned_ones() {
        let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/arc");
        let tasks = crate::task::load(&data).tasks;
        assert!(tasks.len() >= 20);
        let mut found = 0;
        for task in &tasks {
            for example in task.samples() {
                let g = example.input();
                let (h, w) = (g.height(), g.width());
                let mut colors: Vec<Color> = g.cells().to_vec();
                colors.sort_unstable();
                colors.dedup();
                colors.push(10);
                let mut boxes: Vec<(usize, usize)> =
                    (1..=5).flat_map(|a| (1..=5).map(move |b| (a, b))).collect();
                boxes.push((h, w));
                for &c in &colors {
                    for &(oh, ow) in boxes.iter().filter(|&&(a, b)| a <= h && b <= w) {
                        let normed: Vec<(Color, i64, i64)> = (0..oh as i64)
                            .flat_map(|a| (0..ow as i64).map(move |b| (c, a, b)))
                            .collect();
                        let cells: Vec<Cell> = normed
                            .iter()
                            .map(|&(c, a, b)| Cell {
                                color: c,
                                loc: (a as i32 + 3, b as i32 - 2),
                            })
                            .collect();
                        assert_eq!(one_colour_box(&cells), Some((c, (oh as i64, ow as i64))));
                        let places = ((h - oh + 1) as i64, (w - ow + 1) as i64);
                        let fast = rectangle_occurrences(g, c, (oh, ow)).unwrap();
                        assert_eq!(fast, rectangle_occurrences_by_runs(g, c, (oh, ow)).unwrap());
                        assert_eq!(
                            fast,
                            scanned_occurrences(g, &normed, places).unwrap(),
                            "{} {c} {oh}x{ow}",
                            task.id
                        );
                        found += fast.len();
                    }
                }
            }
        }
        assert!(found > 10_000, "{found}");
    }

    /// An object with a hole, or of two colours, is no box of one colour.
    #[test]
    fn one_colour_box_needs_the_whole_box_in_one_colour() {
        let cell = |color, i, j| Cell { color, loc: (i, j) };
        let full = [cell(3, 5, -1), cell(3, 5, 0), cell(3, 6, -1), cell(3, 6, 0)];
        assert_eq!(one_colour_box(&full), Some((3, (2, 2))));
        assert_eq!(one_colour_box(&full[..3]), None);
        let two = [cell(3, 0, 0), cell(3, 0, 1), cell(4, 1, 0), cell(3, 1, 1)];
        assert_eq!(one_colour_box(&two), None);
        let line = [cell(7, 2, 2), cell(7, 2, 3), cell(7, 2, 4)];
        assert_eq!(one_colour_box(&line), Some((7, (1, 3))));
        assert_eq!(one_colour_box(&[]), None);
    }

    /// Grid sizes around the 16- and 64-cell boundaries of the colour
    /// counts.
    const COUNTED_SIZES: [(usize, usize); 9] = [
        (1, 1),
        (2, 1),
        (3, 3),
        (7, 9),
        (8, 8),
        (9, 7),
        (10, 10),
        (30, 30),
        (1, 65),
    ];

    /// The cells of an `h` x `w` grid in `palette[0]`, with every
    /// `every`-th cell (from the third) of the palette's colours in turn:
    /// runs of one colour with others scattered, as in ARC grids.
    fn scattered(palette: &[Color], h: usize, w: usize, every: usize) -> Vec<Color> {
        (0..h * w)
            .map(|k| {
                palette[if k % every == 3 % every {
                    (k / every) % palette.len()
                } else {
                    0
                }]
            })
            .collect()
    }

    /// The counts by passes over the colours present (64 cells or more,
    /// all below 32) against the histogram, on grids of every size around
    /// the 64-cell and 16-cell boundaries, with colours at the ends of the
    /// bit word (0, 31), just past it (32) and outside the colours (-1, 127,
    /// -128), where the histogram must take over.
    #[test]
    fn grid_color_counts_are_the_histogram() {
        let palettes: [&[Color]; 5] = [
            &[0],
            &[0, 9, 3],
            &[0, 31, 5],
            &[0, 32, 1],
            &[-1, 127, -128, 0],
        ];
        for palette in palettes {
            for (h, w) in COUNTED_SIZES {
                let cells = scattered(palette, h, w, 7);
                let g = Grid::new(h, w, cells.clone());
                assert_eq!(
                    grid_color_counts(&g),
                    color_counts(cells.iter().copied()),
                    "{h}x{w} over {palette:?}"
                );
            }
        }
    }

    /// The most and least common colours without the 256-slot table (ARC
    /// colours) against those of the table, with ties (every second cell
    /// scattered), on the same grids as above.
    #[test]
    fn grid_pick_color_is_the_tables() {
        let palettes: [&[Color]; 6] = [
            &[0],
            &[0, 9, 3],
            &[5, 15, 2],
            &[0, 16, 1],
            &[-1, 127, -128, 0],
            &[9, 0],
        ];
        for palette in palettes {
            for (h, w) in COUNTED_SIZES {
                for every in [2, 7] {
                    let g = Grid::new(h, w, scattered(palette, h, w, every));
                    for most in [true, false] {
                        assert_eq!(
                            grid_pick_color(&g, most, "test").unwrap(),
                            pick_color(&grid_color_counts(&g), most, "test").unwrap(),
                            "{h}x{w} over {palette:?}, every {every}, most {most}"
                        );
                    }
                }
            }
        }
        let empty = Grid::new(0, 0, Vec::new());
        assert!(grid_pick_color(&empty, true, "test").is_err());
    }

    /// An object's colour runs against a histogram of its cells, on objects
    /// of every size around the 32-cell switch to binary search, with
    /// colours outside ARC's (negative, 127).
    #[test]
    fn object_colors_are_the_histogram() {
        for palette in [&[3 as Color][..], &[0, 9, 3], &[-1, 127, 4, -128]] {
            for n in [1usize, 2, 31, 32, 33, 64, 200] {
                let mut cells: Vec<Cell> = (0..n)
                    .map(|k| {
                        Cell::new(
                            palette[(k * k) % palette.len()],
                            (k / 7) as i32,
                            (k % 7) as i32,
                        )
                    })
                    .collect();
                cells.sort();
                let counts = color_counts(cells.iter().map(|c| c.color));
                let runs: Vec<(Color, u32)> = object_colors(&cells).collect();
                let want: Vec<(Color, u32)> = present_slots(&counts)
                    .map(|(s, k)| (slot_color(s), k))
                    .collect();
                assert_eq!(runs, want, "{n} cells over {palette:?}");
                for c in [-128, -1, 0, 3, 4, 9, 127] {
                    assert_eq!(object_color_count(&cells, Some(c)), counts[slot(c)] as i64);
                }
                for most in [true, false] {
                    assert_eq!(
                        object_extreme(&cells, most, "t").ok(),
                        pick_color(&counts, most, "t").ok().map(i64::from)
                    );
                }
            }
        }
    }
}
