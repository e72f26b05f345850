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

use std::borrow::Cow;
use std::ops::Range;
use std::sync::Arc;

use crate::budget;
use crate::error::{Error, Result};
use crate::primitives::ragged;
use crate::values::{Cell, Color, Grid, Loc, Patch, Value};

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

/// The input grid as a result: the same `Arc` when it already is a `Grid`.
fn unchanged(orig: &Value, g: Cow<'_, Grid>) -> Value {
    match orig {
        Value::Grid(_) => orig.clone(),
        _ => Value::grid(g.into_owned()),
    }
}

/// A number that fits a grid cell; `None` for anything else (which never
/// equals a cell).
fn opt_color(v: &Value) -> Option<Color> {
    v.number().and_then(|n| Color::try_from(n).ok())
}

/// A value about to be stored in a grid cell.
fn cell_color(v: &Value, ctx: &'static str) -> Result<Color> {
    opt_color(v).ok_or(Error::unsupported(ctx))
}

/// The flat index of a signed location, if inside the grid.
#[inline]
fn flat_index(g: &Grid, i: i64, j: i64) -> Option<usize> {
    let (i, j) = (usize::try_from(i).ok()?, usize::try_from(j).ok()?);
    (i < g.height() && j < g.width()).then(|| i * g.width() + j)
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
    let mut out = Vec::with_capacity(rows.len() * cols.len());
    for i in rows.clone() {
        out.extend_from_slice(&g.row(i)[cols.clone()]);
    }
    Grid::new(rows.len(), cols.len(), out)
}

/// `crop`: rows `[s0, s0 + d0)`, then, only if some row is left, columns
/// from `cols()` (Python reads `start[1]` inside the generator).
fn crop_grid(
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
    let present = counts
        .iter()
        .enumerate()
        .filter(|(_, &n)| n > 0)
        .map(|(s, &n)| (slot_color(s), n));
    pick_by_count(present, most, ctx)
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

fn extreme_color(element: &Value, most: bool, ctx: &'static str) -> Result<Value> {
    let c = match colors_of(element, ctx)? {
        Colors::Grid(g) => pick_color(&color_counts(g.cells().iter().copied()), most, ctx)?,
        Colors::Cells(s) => pick_color(&color_counts(s.iter().map(|c| c.color)), most, ctx)?,
        Colors::Other(vals) => return pick_value(vals, most, ctx),
    };
    Ok(Value::Int(c as i64))
}

/// The most common colour of a grid (a value error when it has no cells).
fn grid_mostcolor(g: &Grid, ctx: &'static str) -> Result<Color> {
    pick_color(&color_counts(g.cells().iter().copied()), true, ctx)
}

pub fn mostcolor(element: &Value) -> Result<Value> {
    extreme_color(element, true, "mostcolor")
}

pub fn leastcolor(element: &Value) -> Result<Value> {
    extreme_color(element, false, "leastcolor")
}

pub fn colorcount(element: &Value, value: &Value) -> Result<Value> {
    let n = match colors_of(element, "colorcount")? {
        Colors::Grid(g) => {
            opt_color(value).map_or(0, |c| g.cells().iter().filter(|&&x| x == c).count())
        }
        Colors::Cells(s) => {
            opt_color(value).map_or(0, |c| s.iter().filter(|x| x.color == c).count())
        }
        Colors::Other(vals) => vals.iter().filter(|&v| v == value).count(),
    };
    Ok(Value::Int(n as i64))
}

fn palette_value(counts: &[u32; 256]) -> Value {
    Value::Set(
        counts
            .iter()
            .enumerate()
            .filter(|(_, &n)| n > 0)
            .map(|(s, _)| Value::Int(slot_color(s) as i64))
            .collect(),
    )
}

pub fn palette(element: &Value) -> Result<Value> {
    Ok(match colors_of(element, "palette")? {
        Colors::Grid(g) => palette_value(&color_counts(g.cells().iter().copied())),
        Colors::Cells(s) => palette_value(&color_counts(s.iter().map(|c| c.color))),
        Colors::Other(vals) => Value::set(vals),
    })
}

pub fn numcolors(element: &Value) -> Result<Value> {
    let distinct = |counts: [u32; 256]| counts.iter().filter(|&&n| n > 0).count();
    let n = match colors_of(element, "numcolors")? {
        Colors::Grid(g) => distinct(color_counts(g.cells().iter().copied())),
        Colors::Cells(s) => distinct(color_counts(s.iter().map(|c| c.color))),
        Colors::Other(vals) => Value::set(vals).len()?,
    };
    Ok(Value::Int(n as i64))
}

// ----- grids as indices and objects ----------------------------------------------

pub fn asindices(grid: &Value) -> Result<Value> {
    let g = grid.as_grid("asindices")?;
    let mut out = Vec::with_capacity(g.cells().len());
    for i in 0..g.height() {
        out.extend((0..g.width()).map(|j| loc(i, j)));
    }
    Ok(Value::Indices(out.into()))
}

pub fn ofcolor(grid: &Value, value: &Value) -> Result<Value> {
    let g = grid.as_grid("ofcolor")?;
    let mut out = Vec::new();
    if let Some(c) = opt_color(value) {
        for (i, row) in g.rows().enumerate() {
            out.extend(
                row.iter()
                    .enumerate()
                    .filter(|(_, &x)| x == c)
                    .map(|(j, _)| loc(i, j)),
            );
        }
    }
    Ok(Value::Indices(out.into()))
}

/// All cells of a grid sorted as a frozenset of cells (colour, row, column),
/// with the start of each colour's run: a counting sort over the row-major
/// order.
fn cells_by_color(g: &Grid) -> (Vec<Cell>, [usize; 257]) {
    let counts = color_counts(g.cells().iter().copied());
    let mut starts = [0usize; 257];
    for s in 0..256 {
        starts[s + 1] = starts[s] + counts[s] as usize;
    }
    let mut next = starts;
    let mut out = vec![Cell::new(0, 0, 0); g.cells().len()];
    for (i, row) in g.rows().enumerate() {
        for (j, &c) in row.iter().enumerate() {
            let k = &mut next[slot(c)];
            out[*k] = Cell {
                color: c,
                loc: loc(i, j),
            };
            *k += 1;
        }
    }
    (out, starts)
}

/// Cells listed in ascending location order, re-sorted into the frozenset
/// order (a stable sort by colour keeps the locations ascending).
fn cells_from_loc_order(mut cells: Vec<Cell>) -> Value {
    cells.sort_by_key(|c| c.color);
    Value::Object(cells.into())
}

pub fn asobject(grid: &Value) -> Result<Value> {
    let g = grid.as_grid("asobject")?;
    Ok(Value::Object(cells_by_color(&g).0.into()))
}

pub fn toobject(patch: &Value, grid: &Value) -> Result<Value> {
    const CTX: &str = "toobject";
    let g = grid.as_grid(CTX)?;
    g.require_rows(CTX)?;
    let p = patch.as_patch(CTX)?;
    let cells = p
        .locs()
        .iter()
        .filter_map(|&(i, j)| {
            let k = flat_index(&g, i as i64, j as i64)?;
            Some(Cell {
                color: g.cells()[k],
                loc: (i, j),
            })
        })
        .collect();
    Ok(cells_from_loc_order(cells))
}

/// One object per colour (`skip` left out), in ascending colour order,
/// which is also their frozenset order.
fn partition_by_color(g: &Grid, skip: Option<Color>) -> Value {
    let (cells, starts) = cells_by_color(g);
    let mut objs = Vec::new();
    for s in 0..256 {
        let run = &cells[starts[s]..starts[s + 1]];
        if !run.is_empty() && skip != Some(slot_color(s)) {
            objs.push(Value::Object(run.into()));
        }
    }
    Value::Set(objs.into())
}

pub fn partition(grid: &Value) -> Result<Value> {
    let g = grid.as_grid("partition")?;
    Ok(partition_by_color(&g, None))
}

pub fn fgpartition(grid: &Value) -> Result<Value> {
    let g = grid.as_grid("fgpartition")?;
    let bg = grid_mostcolor(&g, "fgpartition")?;
    Ok(partition_by_color(&g, Some(bg)))
}

// ----- connected components ----------------------------------------------------

/// The component of a cell that belongs to none.
const UNLABELLED: u32 = u32::MAX;

const DIRECT: [(isize, isize); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];
const ALL_NEIGHBOURS: [(isize, isize); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// The reference's flood fill gives the connected components of the graph
/// whose vertices are the cells not of colour `bg` and whose edges join
/// neighbours (4 or 8) that are of the same colour (`univalued`) or any.
/// Returns each cell's component ([`UNLABELLED`] for none) and their number.
fn label_components(
    g: &Grid,
    univalued: bool,
    diagonal: bool,
    bg: Option<Color>,
) -> Result<(Vec<u32>, usize)> {
    let (h, w) = (g.height(), g.width());
    let cells = g.cells();
    let offsets: &[(isize, isize)] = if diagonal { &ALL_NEIGHBOURS } else { &DIRECT };
    let mut label = vec![UNLABELLED; cells.len()];
    let mut stack = Vec::new();
    let mut n = 0u32;
    for start in 0..cells.len() {
        let val = cells[start];
        if label[start] != UNLABELLED || bg == Some(val) {
            continue;
        }
        budget::check()?;
        label[start] = n;
        stack.push(start);
        while let Some(p) = stack.pop() {
            let (i, j) = ((p / w) as isize, (p % w) as isize);
            for &(di, dj) in offsets {
                let (ni, nj) = (i + di, j + dj);
                if ni < 0 || nj < 0 || ni as usize >= h || nj as usize >= w {
                    continue;
                }
                let q = ni as usize * w + nj as usize;
                if label[q] != UNLABELLED {
                    continue;
                }
                let v = cells[q];
                let joins = if univalued { v == val } else { bg != Some(v) };
                if joins {
                    label[q] = n;
                    stack.push(q);
                }
            }
        }
        n += 1;
    }
    Ok((label, n as usize))
}

pub fn objects(
    grid: &Value,
    univalued: &Value,
    diagonal: &Value,
    without_bg: &Value,
) -> Result<Value> {
    const CTX: &str = "objects";
    let g = grid.as_grid(CTX)?;
    let bg = if without_bg.truthy() {
        Some(grid_mostcolor(&g, CTX)?)
    } else {
        None
    };
    g.require_rows(CTX)?;
    let univalued = univalued.truthy();
    let (label, n) = label_components(&g, univalued, diagonal.truthy(), bg)?;
    // Counting sort of the cells by component keeps each one's cells in
    // row-major order, which is sorted when it has one colour.
    let mut starts = vec![0usize; n + 1];
    for &l in label.iter().filter(|&&l| l != UNLABELLED) {
        starts[l as usize + 1] += 1;
    }
    for k in 0..n {
        starts[k + 1] += starts[k];
    }
    let mut next = starts.clone();
    let mut buf = vec![Cell::new(0, 0, 0); starts[n]];
    for (p, (&l, &c)) in label.iter().zip(g.cells()).enumerate() {
        if l != UNLABELLED {
            let k = &mut next[l as usize];
            buf[*k] = Cell {
                color: c,
                loc: loc(p / g.width(), p % g.width()),
            };
            *k += 1;
        }
    }
    let objs = (0..n)
        .map(|k| {
            let obj = &mut buf[starts[k]..starts[k + 1]];
            if !univalued {
                obj.sort_unstable();
            }
            Arc::from(&*obj)
        })
        .collect();
    Ok(objects_set(objs))
}

// ----- rotations, halves, crops ---------------------------------------------------

/// The cells of a grid moved to new flat positions (`to(i, j)`: where cell
/// `(i, j)` goes), walked in square tiles so that the rows read and the
/// rows written stay in cache: transposes and quarter turns walked a
/// column per output row, a cache miss per cell on the grids of millions
/// of cells that cross runs meet.
pub(crate) fn permuted_cells(g: &Grid, to: impl Fn(usize, usize) -> usize) -> Vec<Color> {
    const TILE: usize = 32;
    let (h, w) = (g.height(), g.width());
    let src = g.cells();
    let mut out = vec![0 as Color; h * w];
    for i0 in (0..h).step_by(TILE) {
        for j0 in (0..w).step_by(TILE) {
            for i in i0..(i0 + TILE).min(h) {
                let row = &src[i * w..(i + 1) * w];
                for j in j0..(j0 + TILE).min(w) {
                    out[to(i, j)] = row[j];
                }
            }
        }
    }
    out
}

fn rot90_grid(g: &Grid) -> Grid {
    let (h, w) = (g.height(), g.width());
    if h == 0 || w == 0 {
        return empty_grid();
    }
    // Column j, bottom to top, becomes row j.
    Grid::new(w, h, permuted_cells(g, |i, j| j * h + (h - 1 - i)))
}

fn rot270_grid(g: &Grid) -> Grid {
    let (h, w) = (g.height(), g.width());
    if h == 0 || w == 0 {
        return empty_grid();
    }
    // Column j, top to bottom, becomes row w - 1 - j.
    Grid::new(w, h, permuted_cells(g, |i, j| (w - 1 - j) * h + i))
}

pub fn rot90(grid: &Value) -> Result<Value> {
    match grid.as_grid("rot90") {
        Ok(g) => Ok(grid_value(rot90_grid(&g))),
        Err(_) if grid.is_tuple() => ragged::rot90(grid),
        Err(e) => Err(e),
    }
}

pub fn rot180(grid: &Value) -> Result<Value> {
    let g = match grid.as_grid("rot180") {
        Ok(g) => g,
        Err(_) if grid.is_tuple() => return ragged::rot180(grid),
        Err(e) => return Err(e),
    };
    let cells = g.cells().iter().rev().copied().collect();
    Ok(grid_value(Grid::new(g.height(), g.width(), cells)))
}

pub fn rot270(grid: &Value) -> Result<Value> {
    match grid.as_grid("rot270") {
        Ok(g) => Ok(grid_value(rot270_grid(&g))),
        Err(_) if grid.is_tuple() => ragged::rot270(grid),
        Err(e) => Err(e),
    }
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
    Ok(grid_value(crop_grid(&g, s0 as i128, d0 as i128, cols)?))
}

pub fn tophalf(grid: &Value) -> Result<Value> {
    let g = match grid.as_grid("tophalf") {
        Ok(g) => g,
        Err(_) if grid.is_tuple() => return ragged::slice_rows(grid, |h| 0..h / 2),
        Err(e) => return Err(e),
    };
    let h = g.height();
    Ok(grid_value(sub_grid(&g, 0..h / 2, 0..g.width())))
}

pub fn bottomhalf(grid: &Value) -> Result<Value> {
    let g = match grid.as_grid("bottomhalf") {
        Ok(g) => g,
        Err(_) if grid.is_tuple() => return ragged::slice_rows(grid, |h| h / 2 + h % 2..h),
        Err(e) => return Err(e),
    };
    let h = g.height();
    Ok(grid_value(sub_grid(&g, h / 2 + h % 2..h, 0..g.width())))
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
    let g = grid.as_grid("lefthalf")?;
    let w = g.width();
    Ok(grid_value(columns_half(&g, 0..w / 2)))
}

pub fn righthalf(grid: &Value) -> Result<Value> {
    let g = grid.as_grid("righthalf")?;
    let w = g.width();
    Ok(grid_value(columns_half(&g, w / 2 + w % 2..w)))
}

pub fn trim(grid: &Value) -> Result<Value> {
    let g = grid.as_grid("trim")?;
    let (h, w) = (g.height(), g.width());
    let rows = py_slice(h, 1, -1);
    let cols = py_slice(w, 1, -1);
    Ok(grid_value(sub_grid(&g, rows, cols)))
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
    let (lo, hi) = bounds(locs).ok_or(Error::value_error(ctx))?;
    Ok((hi.0 as i64 - lo.0 as i64 + 1, hi.1 as i64 - lo.1 as i64 + 1))
}

/// The corners `((min i, min j), (max i, max j))` of some locations.
fn bounds(locs: &[Loc]) -> Option<(Loc, Loc)> {
    let first = *locs.first()?;
    Some(locs.iter().fold((first, first), |(lo, hi), &(i, j)| {
        ((lo.0.min(i), lo.1.min(j)), (hi.0.max(i), hi.1.max(j)))
    }))
}

pub fn subgrid(patch: &Value, grid: &Value) -> Result<Value> {
    const CTX: &str = "subgrid";
    let p = patch.as_patch(CTX)?;
    let locs = p.locs();
    // `ulcorner` of an empty patch is `()`, and `crop` reads `start[0]`.
    let (lo, _) = bounds(&locs).ok_or(Error::index_error(CTX))?;
    let (ph, pw) = piece_shape(patch, &locs, CTX)?;
    let g = grid.as_grid(CTX)?;
    let cols = || Ok((lo.1 as i128, pw as i128));
    Ok(grid_value(crop_grid(&g, lo.0 as i128, ph as i128, cols)?))
}

// ----- painting ------------------------------------------------------------------

/// `fill` on a grid that has rows: `value` goes to every location of the
/// patch inside the grid (only where `under` is the cell's colour, if given).
fn fill_grid(
    g: &mut Grid,
    value: &Value,
    p: &Patch<'_>,
    under: Option<Color>,
    ctx: &'static str,
) -> Result<()> {
    let mut color = None;
    let mut put = |(i, j): Loc| -> Result<()> {
        if let Some(k) = flat_index(g, i as i64, j as i64) {
            let cell = &mut g.cells_mut()[k];
            if under.is_none_or(|bg| *cell == bg) {
                let c = match color {
                    Some(c) => c,
                    None => *color.insert(cell_color(value, ctx)?),
                };
                *cell = c;
            }
        }
        Ok(())
    };
    match p {
        Patch::Indices(locs) => locs.iter().try_for_each(|&l| put(l)),
        Patch::Object(cells) => cells.iter().try_for_each(|c| put(c.loc)),
    }
}

/// The cells of an object to paint: a non-empty set of locations is a type
/// error (the reference unpacks `value, (i, j)` from each element).
fn paint_cells<'a>(p: &'a Patch<'_>, ctx: &'static str) -> Result<&'a [Cell]> {
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
fn ordered_cells<'a>(obj: &'a Value, ctx: &'static str) -> Result<std::borrow::Cow<'a, [Cell]>> {
    if let Value::Tuple(items) = obj {
        return items
            .iter()
            .map(|v| v.cell().ok_or(Error::type_error(ctx)))
            .collect::<Result<Vec<_>>>()
            .map(std::borrow::Cow::Owned);
    }
    let p = obj.as_patch(ctx)?;
    let cells = paint_cells(&p, ctx)?.to_vec();
    Ok(std::borrow::Cow::Owned(cells))
}

/// Paint cells shifted by `(di, dj)`, in the object's order (later cells
/// win), where the cell is `under` if given; cells outside are ignored.
fn paint_grid(g: &mut Grid, cells: &[Cell], (di, dj): (i64, i64), under: Option<Color>) {
    for c in cells {
        let (Some(i), Some(j)) = (
            (c.loc.0 as i64).checked_add(di),
            (c.loc.1 as i64).checked_add(dj),
        ) else {
            continue;
        };
        if let Some(k) = flat_index(g, i, j) {
            let cell = &mut g.cells_mut()[k];
            if under.is_none_or(|bg| *cell == bg) {
                *cell = c.color;
            }
        }
    }
}

pub fn fill(grid: &Value, value: &Value, patch: &Value) -> Result<Value> {
    const CTX: &str = "fill";
    let g = grid.as_grid(CTX)?;
    g.require_rows(CTX)?;
    let p = patch.as_patch(CTX)?;
    let mut out = g.into_owned();
    fill_grid(&mut out, value, &p, None, CTX)?;
    Ok(grid_value(out))
}

pub fn paint(grid: &Value, obj: &Value) -> Result<Value> {
    const CTX: &str = "paint";
    let g = grid.as_grid(CTX)?;
    g.require_rows(CTX)?;
    let cells = ordered_cells(obj, CTX)?;
    let mut out = g.into_owned();
    paint_grid(&mut out, &cells, (0, 0), None);
    Ok(grid_value(out))
}

pub fn underfill(grid: &Value, value: &Value, patch: &Value) -> Result<Value> {
    const CTX: &str = "underfill";
    let g = grid.as_grid(CTX)?;
    g.require_rows(CTX)?;
    let bg = grid_mostcolor(&g, CTX)?;
    let p = patch.as_patch(CTX)?;
    let mut out = g.into_owned();
    fill_grid(&mut out, value, &p, Some(bg), CTX)?;
    Ok(grid_value(out))
}

pub fn underpaint(grid: &Value, obj: &Value) -> Result<Value> {
    const CTX: &str = "underpaint";
    let g = grid.as_grid(CTX)?;
    g.require_rows(CTX)?;
    let bg = grid_mostcolor(&g, CTX)?;
    let cells = ordered_cells(obj, CTX)?;
    let mut out = g.into_owned();
    paint_grid(&mut out, &cells, (0, 0), Some(bg));
    Ok(grid_value(out))
}

/// `fill(grid, mostcolor(grid), toindices(patch))`.
fn cover_grid(grid: &Value, patch: &Value, ctx: &'static str) -> Result<Grid> {
    let g = grid.as_grid(ctx)?;
    let bg = grid_mostcolor(&g, ctx)?;
    let p = patch.as_patch(ctx)?;
    let mut out = g.into_owned();
    fill_grid(&mut out, &Value::Int(bg as i64), &p, None, ctx)?;
    Ok(out)
}

pub fn cover(grid: &Value, patch: &Value) -> Result<Value> {
    Ok(grid_value(cover_grid(grid, patch, "cover")?))
}

pub fn r#move(grid: &Value, obj: &Value, offset: &Value) -> Result<Value> {
    const CTX: &str = "move";
    let mut out = cover_grid(grid, obj, CTX)?;
    let p = obj.as_patch(CTX)?;
    if p.is_empty() {
        // `shift` returns an empty patch as it is, without reading `offset`.
        return Ok(grid_value(out));
    }
    let (di, dj) = unpack2(offset, CTX)?;
    let (di, dj) = (di.as_int(CTX)?, dj.as_int(CTX)?);
    let cells = paint_cells(&p, CTX)?;
    paint_grid(&mut out, cells, (di, dj), None);
    Ok(grid_value(out))
}

// ----- cell-wise recolouring -------------------------------------------------------

/// Map every cell through `f`, which may fail (a replacement that is not a
/// colour); the input comes back unchanged when nothing changed.
fn map_cells(
    orig: &Value,
    g: Cow<'_, Grid>,
    mut f: impl FnMut(Color) -> Result<Option<Color>>,
) -> Result<Value> {
    let mut out: Option<Vec<Color>> = None;
    for (k, &c) in g.cells().iter().enumerate() {
        if let Some(new) = f(c)? {
            let cells = out.get_or_insert_with(|| g.cells().to_vec());
            cells[k] = new;
        }
    }
    Ok(match out {
        Some(cells) => grid_value(Grid::new(g.height(), g.width(), cells)),
        None => unchanged(orig, g),
    })
}

pub fn replace(grid: &Value, replacee: &Value, replacer: &Value) -> Result<Value> {
    const CTX: &str = "replace";
    let g = match grid.as_grid(CTX) {
        Ok(g) => g,
        Err(_) if grid.is_tuple() => return ragged::replace(grid, replacee, replacer),
        Err(e) => return Err(e),
    };
    let Some(from) = opt_color(replacee) else {
        return Ok(unchanged(grid, g));
    };
    map_cells(grid, g, |c| {
        if c == from {
            cell_color(replacer, CTX).map(Some)
        } else {
            Ok(None)
        }
    })
}

pub fn switch(grid: &Value, a: &Value, b: &Value) -> Result<Value> {
    const CTX: &str = "switch";
    let g = match grid.as_grid(CTX) {
        Ok(g) => g,
        Err(_) if grid.is_tuple() => return ragged::switch(grid, a, b),
        Err(e) => return Err(e),
    };
    let (ca, cb) = (opt_color(a), opt_color(b));
    map_cells(grid, g, |c| {
        if Some(c) == ca {
            // `{a: b, b: a}[a]` is `b`, or `a` again when `a == b`.
            cell_color(if ca == cb { a } else { b }, CTX).map(Some)
        } else if Some(c) == cb {
            cell_color(a, CTX).map(Some)
        } else {
            Ok(None)
        }
    })
}

pub fn cellwise(a: &Value, b: &Value, fallback: &Value) -> Result<Value> {
    const CTX: &str = "cellwise";
    let ga = a.as_grid(CTX)?;
    ga.require_rows(CTX)?;
    let (h, w) = (ga.height(), ga.width());
    if w == 0 {
        // The inner loop never runs: `b` is never read.
        return Ok(grid_value(Grid::new(h, 0, Vec::new())));
    }
    let gb = b.as_grid(CTX)?;
    if gb.height() < h || gb.width() < w {
        return Err(Error::index_error(CTX));
    }
    let mut fb = None;
    let mut out = Vec::with_capacity(h * w);
    for i in 0..h {
        for (&x, &y) in ga.row(i).iter().zip(gb.row(i)) {
            if x == y {
                out.push(x);
            } else {
                out.push(match fb {
                    Some(c) => c,
                    None => *fb.insert(cell_color(fallback, CTX)?),
                });
            }
        }
    }
    Ok(grid_value(Grid::new(h, w, out)))
}

pub fn index(grid: &Value, loc: &Value) -> Result<Value> {
    const CTX: &str = "index";
    let (i, j) = unpack2(loc, CTX)?;
    let g = grid.as_grid(CTX)?;
    g.require_rows(CTX)?;
    let (i, j) = (i.as_int(CTX)?, j.as_int(CTX)?);
    match flat_index(&g, i, j) {
        None => Ok(Value::None),
        // `grid[loc[0]][loc[1]]` cannot subscript a frozenset.
        Some(_) if !loc.is_tuple() => Err(Error::type_error(CTX)),
        Some(k) => Ok(Value::Int(g.cells()[k] as i64)),
    }
}

pub fn canvas(value: &Value, dimensions: &Value) -> Result<Value> {
    const CTX: &str = "canvas";
    let h = item_num(dimensions, 0, CTX)?;
    if h <= 0 {
        return Ok(grid_value(empty_grid()));
    }
    let h = count_of(h, CTX)?;
    let w = item_num(dimensions, 1, CTX)?.max(0);
    let w = count_of(w, CTX)?;
    let n = size_of(h, w, CTX)?;
    let c = if n > 0 { cell_color(value, CTX)? } else { 0 };
    Ok(grid_value(Grid::filled(h, w, c)))
}

// ----- scaling ---------------------------------------------------------------------

pub fn hupscale(grid: &Value, factor: &Value) -> Result<Value> {
    const CTX: &str = "hupscale";
    let g = grid.as_grid(CTX)?;
    let (h, w) = (g.height(), g.width());
    if h == 0 || w == 0 {
        // No cell: `range(factor)` is never evaluated.
        return Ok(unchanged(grid, g));
    }
    let f = factor.as_int(CTX)?.max(0);
    let f = count_of(f, CTX)?;
    let nw = w.checked_mul(f).ok_or(Error::unsupported(CTX))?;
    let mut out = Vec::with_capacity(size_of(h, nw, CTX)?);
    for &c in g.cells() {
        out.extend(std::iter::repeat_n(c, f));
    }
    Ok(grid_value(Grid::new(h, nw, out)))
}

pub fn vupscale(grid: &Value, factor: &Value) -> Result<Value> {
    const CTX: &str = "vupscale";
    let g = grid.as_grid(CTX)?;
    let (h, w) = (g.height(), g.width());
    if h == 0 {
        return Ok(unchanged(grid, g));
    }
    let f = factor.as_int(CTX)?.max(0);
    let f = count_of(f, CTX)?;
    let nh = size_of(h, f, CTX)?;
    let mut out = Vec::with_capacity(size_of(nh, w, CTX)?);
    for row in g.rows() {
        for _ in 0..f {
            out.extend_from_slice(row);
        }
    }
    Ok(grid_value(Grid::new(nh, w, out)))
}

pub fn downscale(grid: &Value, factor: &Value) -> Result<Value> {
    const CTX: &str = "downscale";
    let g = grid.as_grid(CTX)?;
    g.require_rows(CTX)?;
    let f = factor.as_int(CTX)?;
    if f == 0 {
        return Err(Error::zero_division(CTX));
    }
    // `k % f == 0` holds for the multiples of |f|, whatever f's sign.
    let f = usize::try_from(f.unsigned_abs()).unwrap_or(usize::MAX);
    let (h, w) = (g.height(), g.width());
    let (nh, nw) = (h.div_ceil(f), w.div_ceil(f));
    let mut out = Vec::with_capacity(nh * nw);
    for i in (0..h).step_by(f) {
        out.extend(g.row(i).iter().step_by(f).copied());
    }
    Ok(grid_value(Grid::new(nh, nw, out)))
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
    if a.is_tuple() && b.is_tuple() {
        let mut items = a.elems()?;
        items.extend(b.elems()?);
        return Ok(Value::tuple(items));
    }
    Err(Error::type_error(ctx))
}

pub fn hconcat(a: &Value, b: &Value) -> Result<Value> {
    const CTX: &str = "hconcat";
    match (a.as_grid(CTX), b.as_grid(CTX)) {
        (Ok(ga), Ok(gb)) => {
            let h = ga.height().min(gb.height());
            let w = ga.width() + gb.width();
            let mut out = Vec::with_capacity(h * w);
            for i in 0..h {
                out.extend_from_slice(ga.row(i));
                out.extend_from_slice(gb.row(i));
            }
            Ok(grid_value(Grid::new(h, w, out)))
        }
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

pub fn vconcat(a: &Value, b: &Value) -> Result<Value> {
    const CTX: &str = "vconcat";
    match (a.as_grid(CTX), b.as_grid(CTX)) {
        (Ok(ga), Ok(gb)) => {
            if ga.height() == 0 {
                return Ok(unchanged(b, gb));
            }
            if gb.height() == 0 {
                return Ok(unchanged(a, ga));
            }
            if ga.width() != gb.width() {
                // Rows of two lengths: a ragged tuple, as in the reference.
                return py_add(a, b, CTX);
            }
            let mut out = Vec::with_capacity(ga.cells().len() + gb.cells().len());
            out.extend_from_slice(ga.cells());
            out.extend_from_slice(gb.cells());
            Ok(grid_value(Grid::new(
                ga.height() + gb.height(),
                ga.width(),
                out,
            )))
        }
        _ => py_add(a, b, CTX),
    }
}

pub fn hsplit(grid: &Value, n: &Value) -> Result<Value> {
    const CTX: &str = "hsplit";
    let g = grid.as_grid(CTX)?;
    g.require_rows(CTX)?;
    let n = n.as_int(CTX)?;
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
        out.push(grid_value(sub_grid(&g, 0..h, cols)));
    }
    Ok(Value::tuple(out))
}

pub fn vsplit(grid: &Value, n: &Value) -> Result<Value> {
    const CTX: &str = "vsplit";
    let g = grid.as_grid(CTX)?;
    // `len(grid) // n` comes before `len(grid[0])`.
    let n = n.as_int(CTX)?;
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
        out.push(grid_value(sub_grid(&g, rows, 0..w)));
    }
    Ok(Value::tuple(out))
}

// ----- searching and frontiers --------------------------------------------------------

pub fn occurrences(grid: &Value, obj: &Value) -> Result<Value> {
    const CTX: &str = "occurrences";
    let g = grid.as_grid(CTX)?;
    let p = obj.as_patch(CTX)?;
    let locs = p.locs();
    // `normalize` leaves an empty patch as it is.
    let origin = bounds(&locs).map_or((0, 0), |(lo, _)| lo);
    g.require_rows(CTX)?;
    let (oh, ow) = piece_shape(obj, &locs, CTX)?;
    let (h, w) = (g.height() as i64, g.width() as i64);
    let (h2, w2) = (h - oh + 1, w - ow + 1);
    if h2 <= 0 || w2 <= 0 {
        return Ok(Value::Indices(Vec::new().into()));
    }
    let normed: Vec<(Color, i64, i64)> = match &p {
        Patch::Object(cells) => cells
            .iter()
            .map(|c| {
                let (i, j) = (
                    c.loc.0 as i64 - origin.0 as i64,
                    c.loc.1 as i64 - origin.1 as i64,
                );
                (c.color, i, j)
            })
            .collect(),
        // Unpacking `v, (a, b)` from a location fails.
        Patch::Indices(l) if !l.is_empty() => return Err(Error::type_error(CTX)),
        Patch::Indices(_) => Vec::new(),
    };
    size_of(h2 as usize, w2 as usize, CTX)?;
    let mut out = Vec::new();
    for i in 0..h2 {
        budget::check()?;
        for j in 0..w2 {
            let found = normed
                .iter()
                .all(|&(c, a, b)| flat_index(&g, a + i, b + j).is_some_and(|k| g.cells()[k] == c));
            if found {
                out.push((i as i32, j as i32));
            }
        }
    }
    Ok(Value::Indices(out.into()))
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
    const CTX: &str = "frontiers";
    let g = grid.as_grid(CTX)?;
    g.require_rows(CTX)?;
    let (h, w) = (g.height(), g.width());
    let mut objs: Vec<Arc<[Cell]>> = Vec::new();
    for (i, _) in uniform_rows(&g).iter().enumerate().filter(|(_, &u)| u) {
        objs.push(
            (0..w)
                .map(|j| Cell {
                    color: g.get(i, j),
                    loc: loc(i, j),
                })
                .collect(),
        );
    }
    for (j, _) in uniform_cols(&g).iter().enumerate().filter(|(_, &u)| u) {
        objs.push(
            (0..h)
                .map(|i| Cell {
                    color: g.get(i, j),
                    loc: loc(i, j),
                })
                .collect(),
        );
    }
    Ok(objects_set(objs))
}

pub fn compress(grid: &Value) -> Result<Value> {
    let g = grid.as_grid("compress")?;
    let rows = uniform_rows(&g);
    let cols = uniform_cols(&g);
    let kept_cols: Vec<usize> = (0..g.width()).filter(|&j| !cols[j]).collect();
    let mut out = Vec::new();
    let mut nh = 0;
    for (i, _) in rows.iter().enumerate().filter(|(_, &u)| !u) {
        let row = g.row(i);
        out.extend(kept_cols.iter().map(|&j| row[j]));
        nh += 1;
    }
    Ok(grid_value(Grid::new(nh, kept_cols.len(), out)))
}

// ----- kernels (see `typed`) ---------------------------------------------------

crate::kernel_table! {
    GRID_KERNELS:
}
