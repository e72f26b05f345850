//! Patch primitives: the geometry of grids, sets of locations and objects.
//!
//! A *patch* is a frozenset of locations (`Value::Indices`) or of cells
//! (`Value::Object`); a *piece* is a patch or a grid (a tuple of rows). The
//! reference tells the two patch shapes apart by looking at the first element
//! of the set, and most primitives here keep the shape they were given
//! (shifting an object gives an object).
//!
//! The hot paths work on the sorted slices directly: an `Indices` slice is
//! ordered by row then column, so its top and bottom rows are its ends, and a
//! shift preserves the order of both shapes. Generic containers of locations
//! or cells go through [`Value::as_patch`]; what it cannot read goes through
//! the reference's own steps (`toindices`, unpacking, `zip`) on generic
//! values, for the same results and errors. Tuples given as pieces (grids,
//! tuples of grids, ...) follow the reference's tuple branches.
//!
//! Typed code calls the kernels here (see `typed`): the primitives on
//! indices, objects, grids and pairs, unboxed. Each `Value` primitive
//! calls its kernels first when its arguments have their representations,
//! so there is one implementation; the table at the bottom lists them.

use std::borrow::Cow;
use std::sync::Arc;

use crate::budget;
use crate::error::{Error, Result};
use crate::primitives::buffers;
use crate::typed::{objects_iter, objects_value, CellSeq, Cells, LocSeq, Locs, SeqItem, G};
use crate::values::{
    cell_value, map_arc, row_value, sorted_unique_cells, Cell, Color, Grid, Kind, Loc, Patch, Value,
};

/// `vfrontier` / `hfrontier` cover rows (columns) `0..30`.
const FRONTIER_LEN: i32 = 30;
/// `shoot` draws to `start + 42 * direction`.
const SHOOT_REACH: i64 = 42;
/// `gravitate` gives up after this many steps.
const GRAVITATE_STEPS: i64 = 42;

// ----- kernels: how the `Value` primitives reach them --------------------------
//
// Each kernel (see `typed`) sits next to its primitive, and the primitive
// calls it when its arguments have the kernel's representations; a kernel
// that declines (a deopt: its result representation cannot hold the
// result) leaves the primitive to its generic path. Kernels on indices and
// on objects that only need a patch's locations or bounding box share one
// body on a borrowed [`Patch`] ([`AsPatch`]).

/// Return what a kernel gives (wrapped as a `Value`), unless it declined.
macro_rules! try_kernel {
    ($call:expr, $wrap:expr) => {
        match $call {
            Err(e) if crate::typed::is_deopt(&e) => {}
            r => return r.map($wrap),
        }
    };
}

/// A one-patch primitive's kernels on indices and on objects, tried first.
macro_rules! patch_kernels {
    ($patch:expr, $locs:expr, $cells:expr, $wrap:expr) => {
        patch_kernels!($patch, $locs, $cells, $wrap, $wrap)
    };
    ($patch:expr, $locs:expr, $cells:expr, $wrap_locs:expr, $wrap_cells:expr) => {
        match $patch {
            Value::Indices(p) => try_kernel!($locs(p), $wrap_locs),
            Value::Object(p) => try_kernel!($cells(p), $wrap_cells),
            _ => {}
        }
    };
}

/// A two-patch primitive's kernels on each pair of patch shapes.
macro_rules! patch_pair_kernels {
    ($a:expr, $b:expr, $ll:ident, $lc:ident, $cl:ident, $cc:ident, $wrap:expr) => {
        match ($a, $b) {
            (Value::Indices(a), Value::Indices(b)) => try_kernel!($ll(a, b), $wrap),
            (Value::Indices(a), Value::Object(b)) => try_kernel!($lc(a, b), $wrap),
            (Value::Object(a), Value::Indices(b)) => try_kernel!($cl(a, b), $wrap),
            (Value::Object(a), Value::Object(b)) => try_kernel!($cc(a, b), $wrap),
            _ => {}
        }
    };
}

/// Kernels on indices and on objects from one body on a [`Patch`].
macro_rules! on_patch {
    ($body:ident -> $t:ty: $locs:ident, $cells:ident) => {
        pub fn $locs(p: &Locs) -> Result<$t> {
            $body(&p.patch())
        }
        pub fn $cells(p: &Cells) -> Result<$t> {
            $body(&p.patch())
        }
    };
}

/// Kernels on the four pairs of patch shapes from one body on two
/// [`Patch`]es.
macro_rules! on_patches {
    ($body:ident -> $t:ty: $ll:ident, $lc:ident, $cl:ident, $cc:ident) => {
        pub fn $ll(a: &Locs, b: &Locs) -> Result<$t> {
            $body(&a.patch(), &b.patch())
        }
        pub fn $lc(a: &Locs, b: &Cells) -> Result<$t> {
            $body(&a.patch(), &b.patch())
        }
        pub fn $cl(a: &Cells, b: &Locs) -> Result<$t> {
            $body(&a.patch(), &b.patch())
        }
        pub fn $cc(a: &Cells, b: &Cells) -> Result<$t> {
            $body(&a.patch(), &b.patch())
        }
    };
}

/// A kernel's patch argument as a borrowed [`Patch`] (no copy).
trait AsPatch {
    fn patch(&self) -> Patch<'_>;
}

impl AsPatch for [Loc] {
    fn patch(&self) -> Patch<'_> {
        Patch::Indices(Cow::Borrowed(self))
    }
}

impl AsPatch for [Cell] {
    fn patch(&self) -> Patch<'_> {
        Patch::Object(Cow::Borrowed(self))
    }
}

fn pair_value((a, b): (i64, i64)) -> Value {
    Value::Pair(a, b)
}

// ----- helpers: Python's iteration, subscripts and unpacking -----------------

/// A coordinate computed in i64 as a location component (Python ints are
/// unbounded; beyond i32 we cannot represent the result).
fn coord(x: i64, context: &'static str) -> Result<i32> {
    i32::try_from(x).map_err(|_| Error::unsupported(context))
}

/// `a + b` as a location component.
fn add_coord(a: i64, b: i64, context: &'static str) -> Result<i32> {
    coord(
        a.checked_add(b).ok_or(Error::unsupported(context))?,
        context,
    )
}

/// Python `next(iter(v))`.
fn first_elem(v: &Value, context: &'static str) -> Result<Value> {
    let empty = Error::stop_iteration(context);
    match v {
        Value::Pair(a, _) => Ok(Value::Int(*a)),
        Value::Grid(g) => {
            if g.height() == 0 {
                Err(empty)
            } else {
                Ok(row_value(g.row(0)))
            }
        }
        Value::Tuple(t) => t.first().cloned().ok_or(empty),
        Value::Row(r) => r.first().map(|&c| Value::Int(c as i64)).ok_or(empty),
        Value::Ragged(r) => Ok(row_value(r.row(0))),
        Value::Cell(c) => Ok(Value::Int(c.color as i64)),
        Value::Indices(s) => s
            .first()
            .map(|&(i, j)| Value::Pair(i as i64, j as i64))
            .ok_or(empty),
        Value::Object(s) => s.first().map(cell_value).ok_or(empty),
        Value::Set(s) => s.first().cloned().ok_or(empty),
        _ => Err(Error::type_error(context)),
    }
}

/// Python `v[k]` for a non-negative `k`.
fn subscript(v: &Value, k: usize, context: &'static str) -> Result<Value> {
    if v.is_tuple() {
        v.tuple_get(k).ok_or(Error::index_error(context))
    } else {
        Err(Error::type_error(context))
    }
}

/// `v[0]` and `v[1]` as numbers (`loc[0] - 1` in the reference raises a
/// TypeError for anything but a number).
fn subscript_pair(v: &Value, context: &'static str) -> Result<(i64, i64)> {
    if let Value::Pair(a, b) = v {
        return Ok((*a, *b));
    }
    let num = |x: Value| x.number().ok_or(Error::type_error(context));
    let a = num(subscript(v, 0, context)?)?;
    let b = num(subscript(v, 1, context)?)?;
    Ok((a, b))
}

/// Python's `a, b = v`: exactly two elements, else a ValueError (a
/// TypeError for what cannot be iterated).
fn unpack2(v: &Value, context: &'static str) -> Result<(Value, Value)> {
    if let Value::Pair(a, b) = v {
        return Ok((Value::Int(*a), Value::Int(*b)));
    }
    if !(v.is_tuple() || v.is_set()) {
        return Err(Error::type_error(context));
    }
    if v.len()? != 2 {
        return Err(Error::value_error(context));
    }
    let mut items = v.elems()?.into_iter();
    match (items.next(), items.next()) {
        (Some(a), Some(b)) => Ok((a, b)),
        _ => Err(Error::value_error(context)),
    }
}

/// `a, b = v` followed by arithmetic on `a` and `b`.
fn unpack2_num(v: &Value, context: &'static str) -> Result<(i64, i64)> {
    if let Value::Pair(a, b) = v {
        return Ok((*a, *b));
    }
    let (a, b) = unpack2(v, context)?;
    match (a.number(), b.number()) {
        (Some(a), Some(b)) => Ok((a, b)),
        _ => Err(Error::type_error(context)),
    }
}

/// Python `len(v[0])`.
fn len_of_first(v: &Value, context: &'static str) -> Result<i64> {
    match v {
        Value::Grid(g) => {
            g.require_rows(context)?;
            Ok(g.width() as i64)
        }
        _ => Ok(subscript(v, 0, context)?.len()? as i64),
    }
}

/// Python `len(v)`.
fn py_len(v: &Value, context: &'static str) -> Result<i64> {
    v.len()
        .map(|n| n as i64)
        .map_err(|_| Error::type_error(context))
}

/// A patch view of a value, as the reference reads it with `toindices`
/// and `for i, j in ...`: `Indices` and `Object` as they are, containers of
/// locations or cells converted, and anything else through `toindices`
/// (which may return odd containers as they are) and the unpacking of each
/// element into two numbers, with the errors that raises.
fn patch_of<'a>(v: &'a Value, context: &'static str) -> Result<Patch<'a>> {
    match v {
        Value::Indices(s) => Ok(Patch::Indices(Cow::Borrowed(s))),
        Value::Object(s) => Ok(Patch::Object(Cow::Borrowed(s))),
        _ => v.as_patch(context).or_else(|e| {
            let mut locs = Vec::new();
            for item in toindices_items(v, context)? {
                let (i, j) = unpack2(&item, context)?;
                match (i.number(), j.number()) {
                    (Some(i), Some(j)) => locs.push((coord(i, context)?, coord(j, context)?)),
                    _ => return Err(e),
                }
            }
            Ok(Patch::Indices(Cow::Owned(
                crate::values::sorted_unique_locs(locs),
            )))
        }),
    }
}

/// The elements of `toindices(v)`, in iteration order.
fn toindices_items(v: &Value, context: &'static str) -> Result<Vec<Value>> {
    match v {
        Value::Indices(_) | Value::Object(_) => Ok(v
            .as_patch(context)?
            .locs()
            .iter()
            .map(|&(i, j)| Value::Pair(i as i64, j as i64))
            .collect()),
        _ => toindices(v)?.elems(),
    }
}

/// Whether a value is a container that `Value::as_patch` cannot read, so
/// that the reference's generic behaviour has to be followed.
fn is_odd(v: &Value, context: &'static str) -> bool {
    !matches!(v, Value::Indices(_) | Value::Object(_)) && v.as_patch(context).is_err()
}

/// Python `zip(*toindices(patch))` as columns of numbers (zip stops at the
/// shortest element).
fn zip_columns(patch: &Value, context: &'static str) -> Result<Vec<Vec<i64>>> {
    let rows = toindices_items(patch, context)?
        .iter()
        .map(|r| {
            if r.is_tuple() || r.is_set() {
                r.elems()
            } else {
                Err(Error::type_error(context))
            }
        })
        .collect::<Result<Vec<_>>>()?;
    let m = rows.iter().map(Vec::len).min().unwrap_or(0);
    (0..m)
        .map(|k| {
            rows.iter()
                .map(|r| r[k].number().ok_or(Error::type_error(context)))
                .collect()
        })
        .collect()
}

/// Python `tuple(map(pick, zip(*toindices(patch))))` for the corner
/// primitives: `pick(k)` says whether column `k` takes its minimum (`Some(true)`),
/// its maximum (`Some(false)`), or has no entry in the reference's lookup
/// table (`None`, a KeyError there).
fn zip_corner(
    patch: &Value,
    context: &'static str,
    pick: fn(usize) -> Option<bool>,
) -> Result<Value> {
    let mut out = Vec::new();
    for (k, col) in zip_columns(patch, context)?.iter().enumerate() {
        // KeyError in the reference: the nearest kind we have.
        let min = pick(k).ok_or(Error::index_error(context))?;
        let best = if min {
            col.iter().min()
        } else {
            col.iter().max()
        };
        out.push(Value::Int(best.copied().unwrap_or(0)));
    }
    Ok(Value::tuple(out))
}

/// The reference's `shift` on a container that is neither `Indices` nor
/// `Object`: the first element says whether it holds `(value, (i, j))`
/// cells or `(i, j)` locations, and every element is unpacked that way.
fn shift_generic(patch: &Value, di: &Value, dj: &Value, context: &'static str) -> Result<Value> {
    let items = patch.elems_cow()?;
    let first = items.first().ok_or(Error::stop_iteration(context))?;
    let cells = subscript(first, 1, context)?.is_tuple();
    let moved = |loc: &Value| -> Result<Value> {
        let (i, j) = unpack2(loc, context)?;
        let add = |a: &Value, b: &Value| match (a.number(), b.number()) {
            (Some(a), Some(b)) => a.checked_add(b).ok_or(Error::unsupported(context)),
            _ => Err(Error::type_error(context)),
        };
        Ok(Value::Pair(add(&i, di)?, add(&j, dj)?))
    };
    let out = items
        .iter()
        .map(|e| {
            if cells {
                let (value, loc) = unpack2(e, context)?;
                Ok(Value::Tuple(Arc::from(vec![value, moved(&loc)?])))
            } else {
                moved(e)
            }
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(Value::set(out))
}

// ----- helpers: bounding boxes --------------------------------------------------

/// The bounding box of a non-empty patch, inclusive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Bounds {
    top: i32,
    left: i32,
    bottom: i32,
    right: i32,
}

impl Bounds {
    #[inline]
    fn height(&self) -> i64 {
        self.bottom as i64 - self.top as i64 + 1
    }
    #[inline]
    fn width(&self) -> i64 {
        self.right as i64 - self.left as i64 + 1
    }
}

/// The bounding box of sorted locations: the first and last hold the top
/// and bottom rows.
#[inline]
fn locs_bounds(s: &[Loc]) -> Option<Bounds> {
    let (&(top, j0), &(bottom, _)) = (s.first()?, s.last()?);
    let (mut left, mut right) = (j0, j0);
    for &(_, j) in s {
        left = left.min(j);
        right = right.max(j);
    }
    Some(Bounds {
        top,
        left,
        bottom,
        right,
    })
}

#[inline]
fn cells_bounds(s: &[Cell]) -> Option<Bounds> {
    let (i0, j0) = s.first()?.loc;
    let mut b = Bounds {
        top: i0,
        left: j0,
        bottom: i0,
        right: j0,
    };
    for c in s {
        let (i, j) = c.loc;
        b.top = b.top.min(i);
        b.bottom = b.bottom.max(i);
        b.left = b.left.min(j);
        b.right = b.right.max(j);
    }
    Some(b)
}

fn bounds(p: &Patch) -> Option<Bounds> {
    match p {
        Patch::Indices(s) => locs_bounds(s),
        Patch::Object(s) => cells_bounds(s),
    }
}

/// The bounding box of a patch value; `min()` of an empty patch is a
/// ValueError in the reference.
fn patch_bounds(v: &Value, context: &'static str) -> Result<Bounds> {
    bounds(&patch_of(v, context)?).ok_or(Error::value_error(context))
}

/// The bounding box of a non-empty patch (a ValueError for the empty one).
fn some_bounds(p: &Patch, context: &'static str) -> Result<Bounds> {
    bounds(p).ok_or(Error::value_error(context))
}

/// Whether all cells of an object have one colour: its cells (ordered by
/// colour first) then list their locations in order.
fn one_color(s: &[Cell]) -> bool {
    s.first().map(|c| c.color) == s.last().map(|c| c.color)
}

/// The locations of an object's cells (Python's `toindices`), sorted and
/// distinct, in a `Vec` or straight into an `Arc`.
fn cells_locs<B: FromIterator<Loc> + From<Vec<Loc>>>(s: &[Cell]) -> B {
    if one_color(s) {
        return s.iter().map(|c| c.loc).collect();
    }
    let mut v: Vec<Loc> = s.iter().map(|c| c.loc).collect();
    v.sort_unstable();
    v.dedup();
    B::from(v)
}

/// The locations of a patch, sorted and distinct (borrowed for `Indices`).
fn sorted_locs<'a>(p: &'a Patch<'a>) -> Cow<'a, [Loc]> {
    match p {
        Patch::Indices(s) => Cow::Borrowed(s),
        Patch::Object(s) => Cow::Owned(cells_locs(s)),
    }
}

// ----- height, width, shape --------------------------------------------------------

fn height_of(piece: &Value, context: &'static str) -> Result<i64> {
    match piece.kind() {
        Kind::Tuple => py_len(piece, context),
        Kind::Set => {
            if piece.len()? == 0 {
                Ok(0)
            } else {
                Ok(patch_bounds(piece, context)?.height())
            }
        }
        _ => Err(Error::type_error(context)),
    }
}

fn width_of(piece: &Value, context: &'static str) -> Result<i64> {
    match piece.kind() {
        Kind::Tuple => {
            if piece.len()? == 0 {
                Ok(0)
            } else {
                len_of_first(piece, context)
            }
        }
        Kind::Set => {
            if piece.len()? == 0 {
                Ok(0)
            } else {
                Ok(patch_bounds(piece, context)?.width())
            }
        }
        _ => Err(Error::type_error(context)),
    }
}

/// A piece's kernels on grids, indices and objects, tried first.
macro_rules! piece_kernels {
    ($piece:expr, $grid:expr, $locs:expr, $cells:expr, $wrap:expr) => {
        match $piece {
            Value::Grid(g) => try_kernel!($grid(g), $wrap),
            _ => patch_kernels!($piece, $locs, $cells, $wrap),
        }
    };
}

/// A patch's height and width, 0 by 0 when it is empty.
fn patch_dims(p: &Patch) -> (i64, i64) {
    bounds(p).map_or((0, 0), |b| (b.height(), b.width()))
}

/// A grid's height and width (Python's `len(g)` and `len(g[0])`, 0 for
/// `()`).
fn grid_dims(g: &Grid) -> (i64, i64) {
    if g.height() == 0 {
        (0, 0)
    } else {
        (g.height() as i64, g.width() as i64)
    }
}

pub fn height_grid(g: &G) -> Result<i64> {
    Ok(grid_dims(g).0)
}

/// The first and last locations hold the top and bottom rows.
pub fn height_locs(p: &Locs) -> Result<i64> {
    Ok(match (p.first(), p.last()) {
        (Some(a), Some(b)) => b.0 as i64 - a.0 as i64 + 1,
        _ => 0,
    })
}

pub fn height_cells(p: &Cells) -> Result<i64> {
    Ok(patch_dims(&p.patch()).0)
}

pub fn width_grid(g: &G) -> Result<i64> {
    Ok(grid_dims(g).1)
}

fn patch_width(p: &Patch) -> Result<i64> {
    Ok(patch_dims(p).1)
}

on_patch!(patch_width -> i64: width_locs, width_cells);

pub fn shape_grid(g: &G) -> Result<(i64, i64)> {
    Ok(grid_dims(g))
}

fn patch_shape(p: &Patch) -> Result<(i64, i64)> {
    Ok(patch_dims(p))
}

on_patch!(patch_shape -> (i64, i64): shape_locs, shape_cells);

pub fn portrait_grid(g: &G) -> Result<bool> {
    let (h, w) = grid_dims(g);
    Ok(h > w)
}

fn patch_portrait(p: &Patch) -> Result<bool> {
    let (h, w) = patch_dims(p);
    Ok(h > w)
}

on_patch!(patch_portrait -> bool: portrait_locs, portrait_cells);

pub fn height(piece: &Value) -> Result<Value> {
    piece_kernels!(piece, height_grid, height_locs, height_cells, Value::Int);
    height_of(piece, "height").map(Value::Int)
}

pub fn width(piece: &Value) -> Result<Value> {
    piece_kernels!(piece, width_grid, width_locs, width_cells, Value::Int);
    width_of(piece, "width").map(Value::Int)
}

pub fn shape(piece: &Value) -> Result<Value> {
    piece_kernels!(piece, shape_grid, shape_locs, shape_cells, pair_value);
    if piece.is_set() && piece.len()? > 0 {
        let b = patch_bounds(piece, "shape")?;
        return Ok(Value::Pair(b.height(), b.width()));
    }
    Ok(Value::Pair(
        height_of(piece, "shape")?,
        width_of(piece, "shape")?,
    ))
}

pub fn portrait(piece: &Value) -> Result<Value> {
    piece_kernels!(
        piece,
        portrait_grid,
        portrait_locs,
        portrait_cells,
        Value::Bool
    );
    let h = height_of(piece, "portrait")?;
    let w = width_of(piece, "portrait")?;
    Ok(Value::Bool(h > w))
}

// ----- objects by colour ---------------------------------------------------------------

/// `next(iter(obj))[0] == value` for one element of `colorfilter`'s input.
/// (A StopIteration inside the reference's generator surfaces as a
/// RuntimeError there; we report it as StopIteration.)
fn first_color_is(obj: &Value, value: &Value) -> Result<bool> {
    const CTX: &str = "colorfilter";
    if let Value::Object(s) = obj {
        let c = s.first().ok_or(Error::stop_iteration(CTX))?;
        return Ok(value.number() == Some(c.color as i64));
    }
    let head = subscript(&first_elem(obj, CTX)?, 0, CTX)?;
    Ok(head == *value)
}

/// The objects whose first cell has colour `value`, in their order (a
/// filtered canonical set stays canonical).
pub fn colorfilter_objects(objs: &Value, value: i64) -> Result<Value> {
    let mut kept = Vec::new();
    for obj in objects_iter(objs) {
        if color_cells(obj)? == value {
            kept.push(obj.clone());
        }
    }
    Ok(objects_value(kept))
}

pub fn colorfilter(objs: &Value, value: &Value) -> Result<Value> {
    if let (Value::Set(_), Value::Int(v)) = (objs, value) {
        if let Ok(objs) = crate::typed::objects(objs) {
            return colorfilter_objects(objs, *v);
        }
    }
    if let Value::Set(s) = objs {
        // A filtered canonical set stays canonical: what passes the test is
        // neither a location nor a cell (both fail the subscript).
        let mut kept = Vec::new();
        for obj in s.iter() {
            if first_color_is(obj, value)? {
                kept.push(obj.clone());
            }
        }
        return Ok(Value::Set(kept.into()));
    }
    if !(objs.is_tuple() || objs.is_set()) {
        return Err(Error::type_error("colorfilter"));
    }
    let mut kept = Vec::new();
    for obj in objs.elems()? {
        if first_color_is(&obj, value)? {
            kept.push(obj);
        }
    }
    Ok(Value::set(kept))
}

/// The colour of an object's first cell (a StopIteration for no cell).
pub fn color_cells(obj: &Cells) -> Result<i64> {
    obj.first()
        .map(|c| c.color as i64)
        .ok_or(Error::stop_iteration("color"))
}

pub fn color(obj: &Value) -> Result<Value> {
    const CTX: &str = "color";
    match obj {
        Value::Object(s) => color_cells(s).map(Value::Int),
        Value::Indices(s) => s
            .first()
            .map(|&(i, _)| Value::Int(i as i64))
            .ok_or(Error::stop_iteration(CTX)),
        _ => subscript(&first_elem(obj, CTX)?, 0, CTX),
    }
}

// ----- corners and extremes -------------------------------------------------------------

/// A corner of a patch's bounding box. The reference zips the locations:
/// an empty patch gives the empty tuple, which is not a pair (a deopt).
fn patch_corner(p: &Patch, pick: fn(&Bounds) -> (i32, i32)) -> Result<(i64, i64)> {
    let b = bounds(p).ok_or(Error::deopt("corner of an empty patch"))?;
    let (i, j) = pick(&b);
    Ok((i as i64, j as i64))
}

/// A corner primitive's kernels on indices and objects.
macro_rules! corner_kernels {
    ($locs:ident, $cells:ident, $pick:expr) => {
        pub fn $locs(p: &Locs) -> Result<(i64, i64)> {
            patch_corner(&p.patch(), $pick)
        }
        pub fn $cells(p: &Cells) -> Result<(i64, i64)> {
            patch_corner(&p.patch(), $pick)
        }
    };
}

corner_kernels!(ulcorner_locs, ulcorner_cells, |b| (b.top, b.left));
corner_kernels!(urcorner_locs, urcorner_cells, |b| (b.top, b.right));
corner_kernels!(llcorner_locs, llcorner_cells, |b| (b.bottom, b.left));
corner_kernels!(lrcorner_locs, lrcorner_cells, |b| (b.bottom, b.right));

/// The generic path of the corner primitives (after their kernels).
fn corner(
    patch: &Value,
    context: &'static str,
    pick: fn(&Bounds) -> (i32, i32),
    columns: fn(usize) -> Option<bool>,
) -> Result<Value> {
    let p = match patch {
        Value::Indices(_) | Value::Object(_) => patch_of(patch, context)?,
        _ => match patch.as_patch(context) {
            Ok(p) => p,
            Err(_) => return zip_corner(patch, context, columns),
        },
    };
    match bounds(&p) {
        Some(b) => {
            let (i, j) = pick(&b);
            Ok(Value::Pair(i as i64, j as i64))
        }
        None => Ok(Value::empty_tuple()),
    }
}

pub fn ulcorner(patch: &Value) -> Result<Value> {
    patch_kernels!(patch, ulcorner_locs, ulcorner_cells, pair_value);
    corner(patch, "ulcorner", |b| (b.top, b.left), |_| Some(true))
}

pub fn urcorner(patch: &Value) -> Result<Value> {
    patch_kernels!(patch, urcorner_locs, urcorner_cells, pair_value);
    corner(
        patch,
        "urcorner",
        |b| (b.top, b.right),
        |k| [true, false].get(k).copied(),
    )
}

pub fn llcorner(patch: &Value) -> Result<Value> {
    patch_kernels!(patch, llcorner_locs, llcorner_cells, pair_value);
    corner(
        patch,
        "llcorner",
        |b| (b.bottom, b.left),
        |k| [false, true].get(k).copied(),
    )
}

pub fn lrcorner(patch: &Value) -> Result<Value> {
    patch_kernels!(patch, lrcorner_locs, lrcorner_cells, pair_value);
    corner(patch, "lrcorner", |b| (b.bottom, b.right), |_| Some(false))
}

/// The top row of sorted locations is the first one's.
pub fn uppermost_locs(p: &Locs) -> Result<i64> {
    let &(i, _) = p.first().ok_or(Error::value_error("uppermost"))?;
    Ok(i as i64)
}

pub fn uppermost_cells(p: &Cells) -> Result<i64> {
    Ok(some_bounds(&p.patch(), "uppermost")?.top as i64)
}

/// The bottom row of sorted locations is the last one's.
pub fn lowermost_locs(p: &Locs) -> Result<i64> {
    let &(i, _) = p.last().ok_or(Error::value_error("lowermost"))?;
    Ok(i as i64)
}

pub fn lowermost_cells(p: &Cells) -> Result<i64> {
    Ok(some_bounds(&p.patch(), "lowermost")?.bottom as i64)
}

fn patch_leftmost(p: &Patch) -> Result<i64> {
    Ok(some_bounds(p, "leftmost")?.left as i64)
}

on_patch!(patch_leftmost -> i64: leftmost_locs, leftmost_cells);

fn patch_rightmost(p: &Patch) -> Result<i64> {
    Ok(some_bounds(p, "rightmost")?.right as i64)
}

on_patch!(patch_rightmost -> i64: rightmost_locs, rightmost_cells);

pub fn uppermost(patch: &Value) -> Result<Value> {
    patch_kernels!(patch, uppermost_locs, uppermost_cells, Value::Int);
    Ok(Value::Int(patch_bounds(patch, "uppermost")?.top as i64))
}

pub fn lowermost(patch: &Value) -> Result<Value> {
    patch_kernels!(patch, lowermost_locs, lowermost_cells, Value::Int);
    Ok(Value::Int(patch_bounds(patch, "lowermost")?.bottom as i64))
}

pub fn leftmost(patch: &Value) -> Result<Value> {
    patch_kernels!(patch, leftmost_locs, leftmost_cells, Value::Int);
    Ok(Value::Int(patch_bounds(patch, "leftmost")?.left as i64))
}

pub fn rightmost(patch: &Value) -> Result<Value> {
    patch_kernels!(patch, rightmost_locs, rightmost_cells, Value::Int);
    Ok(Value::Int(patch_bounds(patch, "rightmost")?.right as i64))
}

/// The four corners of a patch's bounding box (fewer when they coincide);
/// for an empty patch the reference's four empty tuples collapse into
/// `{()}`, which is not a set of locations (a deopt).
fn patch_corners(p: &Patch) -> Result<Locs> {
    let b = bounds(p).ok_or(Error::deopt("corners of an empty patch"))?;
    Ok(box_corners(&b))
}

fn box_corners(b: &Bounds) -> Locs {
    let mut v = vec![
        (b.top, b.left),
        (b.top, b.right),
        (b.bottom, b.left),
        (b.bottom, b.right),
    ];
    // A box of one row or column has fewer distinct corners.
    v.sort_unstable();
    v.dedup();
    v.into()
}

on_patch!(patch_corners -> Locs: corners_locs, corners_cells);

pub fn corners(patch: &Value) -> Result<Value> {
    patch_kernels!(patch, corners_locs, corners_cells, Value::Indices);
    if !matches!(patch, Value::Indices(_) | Value::Object(_)) && patch.as_patch("corners").is_err()
    {
        // Odd containers: the four corners as the reference computes them.
        let all = [ulcorner, urcorner, llcorner, lrcorner]
            .iter()
            .map(|f| f(patch))
            .collect::<Result<Vec<_>>>()?;
        return Ok(Value::set(all));
    }
    match bounds(&patch_of(patch, "corners")?) {
        Some(b) => Ok(Value::Indices(box_corners(&b))),
        // Four empty tuples collapse into one.
        None => Ok(Value::set(vec![Value::empty_tuple()])),
    }
}

// ----- indices, recolouring, shifting --------------------------------------------------------

pub fn toindices_locs(p: &Locs) -> Result<Locs> {
    Ok(p.clone())
}

pub fn toindices_cells(p: &Cells) -> Result<Locs> {
    Ok(cells_locs(p))
}

pub fn toindices(patch: &Value) -> Result<Value> {
    const CTX: &str = "toindices";
    match patch {
        Value::Indices(p) => toindices_locs(p).map(Value::Indices),
        Value::Object(p) => toindices_cells(p).map(Value::Indices),
        v if v.is_tuple() || v.is_set() => {
            if v.len()? == 0 {
                return Ok(Value::indices(Vec::new()));
            }
            // Cells have a tuple in second place; anything else is returned
            // as it is (a tuple of locations stays that tuple).
            if !subscript(&first_elem(v, CTX)?, 1, CTX)?.is_tuple() {
                return Ok(v.clone());
            }
            let items = v
                .elems_cow()?
                .iter()
                .map(|e| unpack2(e, CTX).map(|(_, index)| index))
                .collect::<Result<Vec<_>>>()?;
            Ok(Value::set(items))
        }
        _ => Err(Error::type_error(CTX)),
    }
}

/// A colour for `recolor`: one beyond what a cell holds is unsupported.
fn recolor_color(value: i64) -> Result<Color> {
    Color::try_from(value).map_err(|_| Error::unsupported("recolor"))
}

/// Sorted, distinct locations in one colour: the empty patch stays empty
/// (whatever the value).
fn recolored(value: i64, locs: &[Loc]) -> Result<Cells> {
    if locs.is_empty() {
        return Ok(Arc::from([]));
    }
    let color = recolor_color(value)?;
    Ok(locs.iter().map(|&loc| Cell { color, loc }).collect())
}

pub fn recolor_locs(value: i64, p: &Locs) -> Result<Cells> {
    recolored(value, p)
}

/// `recolor` of a tuple of locations: the object over its distinct ones.
pub fn recolor_loc_seq(value: i64, p: &LocSeq) -> Result<Cells> {
    recolored(value, &p.locs())
}

/// `recolor` of a tuple of cells: the object over its distinct locations
/// (`toindices` of a tuple of cells is the set of their locations).
pub fn recolor_cell_seq(value: i64, p: &CellSeq) -> Result<Cells> {
    // (Not through the tuple's kept set: a tuple of cells is recoloured
    // once, and keeping the set cost more than it saved.)
    let locs = p.as_slice().iter().map(|c| c.loc).collect();
    recolored(value, &crate::values::sorted_unique_locs(locs))
}

/// `size` of a tuple of cells: its length, repeats counted.
pub fn size_cell_seq(p: &CellSeq) -> Result<i64> {
    Ok(p.as_slice().len() as i64)
}

/// `shift` of a tuple of locations: the frozenset of the shifted ones; the
/// empty tuple is returned as itself (`shift` returns an empty patch
/// unchanged), which no indices hold.
pub fn shift_loc_seq(p: &LocSeq, d: (i64, i64)) -> Result<Locs> {
    if p.as_slice().is_empty() {
        return Err(Error::deopt("shift of the empty tuple"));
    }
    shift_locs(&p.locs(), d)
}

/// `adjacent` of indices and a tuple of locations (a made function's
/// bound tuple, tested per element): against its set of locations, which
/// the tuple keeps once built.
pub fn adjacent_locs_loc_seq(a: &Locs, b: &LocSeq) -> Result<bool> {
    adjacent_locs(a, &b.locs())
}

/// `size` of a tuple of locations: its length, repeats counted.
pub fn size_loc_seq(p: &LocSeq) -> Result<i64> {
    Ok(p.as_slice().len() as i64)
}

/// An object of one colour lists its locations in order already: no copy
/// of them is needed (and none at all for its own colour).
pub fn recolor_cells(value: i64, p: &Cells) -> Result<Cells> {
    if !one_color(p) {
        return recolored(value, &cells_locs::<Vec<Loc>>(p));
    }
    match p.first() {
        None => Ok(p.clone()),
        Some(c) if c.color as i64 == value => Ok(p.clone()),
        Some(_) => {
            let color = recolor_color(value)?;
            Ok(p.iter().map(|c| Cell { color, loc: c.loc }).collect())
        }
    }
}

pub fn recolor(value: &Value, patch: &Value) -> Result<Value> {
    const CTX: &str = "recolor";
    if let Value::Int(v) = value {
        patch_kernels!(
            patch,
            (|p| recolor_locs(*v, p)),
            (|p| recolor_cells(*v, p)),
            Value::Object
        );
    }
    if is_odd(patch, CTX) {
        // No unpacking here: whatever `toindices` holds is paired up.
        let items = toindices_items(patch, CTX)?
            .into_iter()
            .map(|index| Value::Tuple(Arc::from(vec![value.clone(), index])))
            .collect();
        return Ok(Value::set(items));
    }
    let p = patch_of(patch, CTX)?;
    let locs = sorted_locs(&p);
    if locs.is_empty() {
        return Ok(Value::empty_set());
    }
    match value.number() {
        Some(v) => recolored(v, &locs).map(Value::Object),
        None => Ok(Value::set(
            locs.iter()
                .map(|&(i, j)| {
                    Value::Tuple(Arc::from(vec![
                        value.clone(),
                        Value::Pair(i as i64, j as i64),
                    ]))
                })
                .collect(),
        )),
    }
}

/// Whether an offset may keep some i32 coordinate within i32: beyond
/// 2^32 every shifted coordinate is out of range, and within it the sum
/// of an i32 and the offset cannot overflow i64.
fn offset_in_reach(d: i64) -> bool {
    d.unsigned_abs() <= 1 << 32
}

/// Whether the wrapping sum `sum` of `x` and `d` overflowed i32: both
/// terms of one sign and the sum of the other. Branch-free, so that the
/// loops that shift every location vectorise.
#[inline(always)]
fn overflowed(x: i32, d: i32, sum: i32) -> bool {
    ((x ^ sum) & (d ^ sum)) < 0
}

/// Every location (of indices or an object's cells) moved by `(di, dj)`:
/// the order stays (sorted locations stay sorted; cells ordered by colour,
/// then location, too), so the result is built straight into its `Arc`. A
/// location moved beyond i32 is unsupported (as [`add_coord`] says).
fn shifted<T: SeqItem>(s: &[T], (di, dj): (i64, i64), context: &'static str) -> Result<Arc<[T]>> {
    if s.is_empty() {
        return Ok(Arc::from([]));
    }
    let mut out_of_range = false;
    let out = match (i32::try_from(di), i32::try_from(dj)) {
        // Offsets within i32 (all but absurd ones): i32 sums, their
        // overflow read off the signs, in a loop that vectorises.
        (Ok(di), Ok(dj)) => map_arc(s, |x| {
            let (i, j) = x.loc();
            let (a, b) = (i.wrapping_add(di), j.wrapping_add(dj));
            out_of_range |= overflowed(i, di, a) | overflowed(j, dj, b);
            x.with_loc((a, b))
        }),
        _ if !(offset_in_reach(di) && offset_in_reach(dj)) => {
            return Err(Error::unsupported(context))
        }
        _ => map_arc(s, |x| {
            let (i, j) = x.loc();
            let (a, b) = (i as i64 + di, j as i64 + dj);
            out_of_range |= i32::try_from(a).is_err() | i32::try_from(b).is_err();
            x.with_loc((a as i32, b as i32))
        }),
    };
    if out_of_range {
        return Err(Error::unsupported(context));
    }
    Ok(out)
}

/// Shift every location of `p` by `(di, dj)`, keeping its shape. Both
/// shapes stay sorted under a shift.
fn shift_patch(p: &Patch, di: i64, dj: i64, context: &'static str) -> Result<Value> {
    match p {
        Patch::Indices(s) => shifted(s, (di, dj), context).map(Value::Indices),
        Patch::Object(s) => shifted(s, (di, dj), context).map(Value::Object),
    }
}

/// Current arc-dsl returns an empty patch as it is (older versions
/// raised), and a zero shift changes nothing.
pub fn shift_locs(p: &Locs, d: (i64, i64)) -> Result<Locs> {
    if p.is_empty() || d == (0, 0) {
        return Ok(p.clone());
    }
    shifted(p, d, "shift")
}

pub fn shift_cells(p: &Cells, d: (i64, i64)) -> Result<Cells> {
    if p.is_empty() || d == (0, 0) {
        return Ok(p.clone());
    }
    shifted(p, d, "shift")
}

pub fn shift(patch: &Value, directions: &Value) -> Result<Value> {
    const CTX: &str = "shift";
    if let Value::Pair(di, dj) = directions {
        let d = (*di, *dj);
        patch_kernels!(
            patch,
            (|p| shift_locs(p, d)),
            (|p| shift_cells(p, d)),
            Value::Indices,
            Value::Object
        );
    }
    // Current arc-dsl returns early on an empty patch (older versions raised).
    if patch.len()? == 0 {
        return Ok(patch.clone());
    }
    let (di, dj) = unpack2(directions, CTX)?;
    if is_odd(patch, CTX) {
        return shift_generic(patch, &di, &dj, CTX);
    }
    let p = patch_of(patch, CTX)?;
    if p.is_empty() {
        return Err(Error::stop_iteration(CTX));
    }
    let (Some(di), Some(dj)) = (di.number(), dj.number()) else {
        return Err(Error::type_error(CTX));
    };
    if (di, dj) == (0, 0) && matches!(patch, Value::Indices(_) | Value::Object(_)) {
        return Ok(patch.clone());
    }
    shift_patch(&p, di, dj, CTX)
}

/// Moved so that the bounding box starts at `(0, 0)`; an empty patch, or
/// one there already, stays as it is.
pub fn normalize_locs(p: &Locs) -> Result<Locs> {
    match locs_bounds(p) {
        Some(b) if (b.top, b.left) != (0, 0) => {
            shifted(p, (-(b.top as i64), -(b.left as i64)), "normalize")
        }
        _ => Ok(p.clone()),
    }
}

pub fn normalize_cells(p: &Cells) -> Result<Cells> {
    match cells_bounds(p) {
        Some(b) if (b.top, b.left) != (0, 0) => {
            shifted(p, (-(b.top as i64), -(b.left as i64)), "normalize")
        }
        _ => Ok(p.clone()),
    }
}

pub fn normalize(patch: &Value) -> Result<Value> {
    const CTX: &str = "normalize";
    patch_kernels!(
        patch,
        normalize_locs,
        normalize_cells,
        Value::Indices,
        Value::Object
    );
    // Current arc-dsl returns early on an empty patch (older versions raised).
    if patch.len()? == 0 {
        return Ok(patch.clone());
    }
    let p = patch_of(patch, CTX)?;
    let b = bounds(&p).ok_or(Error::value_error(CTX))?;
    if is_odd(patch, CTX) {
        let (di, dj) = (Value::Int(-(b.top as i64)), Value::Int(-(b.left as i64)));
        return shift_generic(patch, &di, &dj, CTX);
    }
    shift_patch(&p, -(b.top as i64), -(b.left as i64), CTX)
}

// ----- neighbourhoods ---------------------------------------------------------------------

/// A location plus each offset (listed in ascending order, so the result
/// is sorted).
fn around<const N: usize>(
    (i, j): (i64, i64),
    context: &'static str,
    offsets: &[(i64, i64); N],
) -> Result<Locs> {
    let mut out = [(0, 0); N];
    for (o, &(di, dj)) in out.iter_mut().zip(offsets) {
        *o = (add_coord(i, di, context)?, add_coord(j, dj, context)?);
    }
    Ok(Arc::new(out))
}

pub fn dneighbors_pair(loc: (i64, i64)) -> Result<Locs> {
    around(loc, "dneighbors", &[(-1, 0), (0, -1), (0, 1), (1, 0)])
}

pub fn ineighbors_pair(loc: (i64, i64)) -> Result<Locs> {
    around(loc, "ineighbors", &[(-1, -1), (-1, 1), (1, -1), (1, 1)])
}

pub fn neighbors_pair(loc: (i64, i64)) -> Result<Locs> {
    around(
        loc,
        "neighbors",
        &[
            (-1, -1),
            (-1, 0),
            (-1, 1),
            (0, -1),
            (0, 1),
            (1, -1),
            (1, 0),
            (1, 1),
        ],
    )
}

pub fn dneighbors(loc: &Value) -> Result<Value> {
    dneighbors_pair(subscript_pair(loc, "dneighbors")?).map(Value::Indices)
}

pub fn ineighbors(loc: &Value) -> Result<Value> {
    ineighbors_pair(subscript_pair(loc, "ineighbors")?).map(Value::Indices)
}

pub fn neighbors(loc: &Value) -> Result<Value> {
    neighbors_pair(subscript_pair(loc, "neighbors")?).map(Value::Indices)
}

// ----- shape predicates -----------------------------------------------------------------------

/// `len(g) == len(g[0])`: `g[0]` of `()` is an IndexError.
pub fn square_grid(g: &G) -> Result<bool> {
    g.require_rows("square")?;
    Ok(g.height() == g.width())
}

/// A patch fills a square box: as many elements (cells, for an object) as
/// the box has locations, and as high as wide. The empty patch is one
/// (`0 * 0 == 0`).
fn patch_square(p: &Patch) -> Result<bool> {
    Ok(match bounds(p) {
        None => true,
        Some(b) => {
            b.height() as i128 * b.width() as i128 == p.len() as i128 && b.height() == b.width()
        }
    })
}

on_patch!(patch_square -> bool: square_locs, square_cells);

pub fn square(piece: &Value) -> Result<Value> {
    const CTX: &str = "square";
    piece_kernels!(piece, square_grid, square_locs, square_cells, Value::Bool);
    if piece.is_tuple() {
        let n = py_len(piece, CTX)?;
        return Ok(Value::Bool(n == len_of_first(piece, CTX)?));
    }
    let n = py_len(piece, CTX)?;
    if n == 0 {
        // 0 * 0 == 0 and 0 == 0.
        return Ok(Value::Bool(true));
    }
    let b = patch_bounds(piece, CTX)?;
    Ok(Value::Bool(
        b.height() as i128 * b.width() as i128 == n as i128 && b.height() == b.width(),
    ))
}

/// `height(patch) == len(patch) and width(patch) == 1` (the empty patch
/// is no line: its width is 0).
fn patch_vline(p: &Patch) -> Result<bool> {
    let (h, w) = patch_dims(p);
    Ok(h == p.len() as i64 && w == 1)
}

on_patch!(patch_vline -> bool: vline_locs, vline_cells);

fn patch_hline(p: &Patch) -> Result<bool> {
    let (h, w) = patch_dims(p);
    Ok(w == p.len() as i64 && h == 1)
}

on_patch!(patch_hline -> bool: hline_locs, hline_cells);

pub fn vline(patch: &Value) -> Result<Value> {
    const CTX: &str = "vline";
    patch_kernels!(patch, vline_locs, vline_cells, Value::Bool);
    if height_of(patch, CTX)? != py_len(patch, CTX)? {
        return Ok(Value::Bool(false));
    }
    Ok(Value::Bool(width_of(patch, CTX)? == 1))
}

pub fn hline(patch: &Value) -> Result<Value> {
    const CTX: &str = "hline";
    patch_kernels!(patch, hline_locs, hline_cells, Value::Bool);
    if width_of(patch, CTX)? != py_len(patch, CTX)? {
        return Ok(Value::Bool(false));
    }
    Ok(Value::Bool(height_of(patch, CTX)? == 1))
}

// ----- relations between patches -----------------------------------------------------------------

/// Whether some row (`axis == 0`) or column (`axis == 1`) holds cells of
/// both patches.
fn matching(a: &Value, b: &Value, axis: usize, context: &'static str) -> Result<bool> {
    let pa = patch_of(a, context)?;
    let pb = patch_of(b, context)?;
    Ok(patches_matching(&pa, &pb, axis))
}

/// [`matching`] of two patches.
fn patches_matching(pa: &Patch, pb: &Patch, axis: usize) -> bool {
    let key = move |l: Loc| if axis == 0 { l.0 } else { l.1 };
    let (of_loc, of_cell) = (move |l: &Loc| key(*l), move |c: &Cell| key(c.loc));
    match (pa, pb) {
        (Patch::Indices(a), Patch::Indices(b)) => {
            keys_meet(a.iter().map(of_loc), b.iter().map(of_loc))
        }
        (Patch::Indices(a), Patch::Object(b)) => {
            keys_meet(a.iter().map(of_loc), b.iter().map(of_cell))
        }
        (Patch::Object(a), Patch::Indices(b)) => {
            keys_meet(a.iter().map(of_cell), b.iter().map(of_loc))
        }
        (Patch::Object(a), Patch::Object(b)) => {
            keys_meet(a.iter().map(of_cell), b.iter().map(of_cell))
        }
    }
}

/// Whether the two lists of keys share one. No allocation where `a` has
/// one key or all its keys are in 0..128 (pairs of small objects, as a
/// filter over a product's pairs asks millions of times); sorted lists
/// otherwise.
fn keys_meet(
    a: impl Iterator<Item = i32> + Clone,
    mut b: impl Iterator<Item = i32> + Clone,
) -> bool {
    let mut head = a.clone();
    let Some(first) = head.next() else {
        return false;
    };
    if head.next().is_none() {
        return b.any(|k| k == first);
    }
    let bit = |k: i32| (0..128).contains(&k).then(|| 1u128 << k);
    if let Some(mask) = a.clone().try_fold(0, |m, k| Some(m | bit(k)?)) {
        return b.any(|k| bit(k).is_some_and(|x| mask & x != 0));
    }
    let mut ka: Vec<i32> = a.collect();
    let mut kb: Vec<i32> = b.collect();
    ka.sort_unstable();
    kb.sort_unstable();
    // Merge-walk the two sorted lists.
    let (mut x, mut y) = (0, 0);
    while x < ka.len() && y < kb.len() {
        match ka[x].cmp(&kb[y]) {
            std::cmp::Ordering::Less => x += 1,
            std::cmp::Ordering::Greater => y += 1,
            std::cmp::Ordering::Equal => return true,
        }
    }
    false
}

fn patches_hmatching(a: &Patch, b: &Patch) -> Result<bool> {
    Ok(patches_matching(a, b, 0))
}

fn patches_vmatching(a: &Patch, b: &Patch) -> Result<bool> {
    Ok(patches_matching(a, b, 1))
}

on_patches!(patches_hmatching -> bool: hmatching_locs, hmatching_locs_cells, hmatching_cells_locs, hmatching_cells);
on_patches!(patches_vmatching -> bool: vmatching_locs, vmatching_locs_cells, vmatching_cells_locs, vmatching_cells);

pub fn hmatching(a: &Value, b: &Value) -> Result<Value> {
    patch_pair_kernels!(
        a,
        b,
        hmatching_locs,
        hmatching_locs_cells,
        hmatching_cells_locs,
        hmatching_cells,
        Value::Bool
    );
    matching(a, b, 0, "hmatching").map(Value::Bool)
}

pub fn vmatching(a: &Value, b: &Value) -> Result<Value> {
    patch_pair_kernels!(
        a,
        b,
        vmatching_locs,
        vmatching_locs_cells,
        vmatching_cells_locs,
        vmatching_cells,
        Value::Bool
    );
    matching(a, b, 1, "vmatching").map(Value::Bool)
}

/// The closest column of one row (a sorted run of locations) to `qj`.
fn row_distance(row: &[Loc], qj: i64) -> i64 {
    let k = row.partition_point(|&(_, c)| (c as i64) < qj);
    let mut best = i64::MAX;
    if let Some(&(_, c)) = row.get(k) {
        best = c as i64 - qj;
    }
    if k > 0 {
        best = best.min(qj - row[k - 1].1 as i64);
    }
    best
}

/// The smallest Manhattan distance from `(qi, qj)` to the sorted,
/// distinct locations `s`, or `best` if none is closer. Rows are visited
/// outwards from `qi` and the search stops once a row is too far.
fn nearest(s: &[Loc], qi: i64, qj: i64, mut best: i64) -> i64 {
    let start = s.partition_point(|&(r, _)| (r as i64) < qi);
    let mut p = start;
    while p < s.len() {
        let r = s[p].0;
        let dr = r as i64 - qi;
        if dr >= best {
            break;
        }
        let end = p + s[p..].partition_point(|&(rr, _)| rr == r);
        best = best.min(dr + row_distance(&s[p..end], qj));
        p = end;
    }
    let mut e = start;
    while e > 0 {
        let r = s[e - 1].0;
        let dr = qi - r as i64;
        if dr >= best {
            break;
        }
        let begin = s[..e].partition_point(|&(rr, _)| rr < r);
        best = best.min(dr + row_distance(&s[begin..e], qj));
        e = begin;
    }
    best
}

/// Pairs of locations up to which [`min_distance`] compares every pair.
const SMALL_PAIRS: usize = 16;

/// `f` on every location of a patch, in order.
#[inline]
fn each_loc(p: &Patch, mut f: impl FnMut(Loc)) {
    match p {
        Patch::Indices(s) => s.iter().for_each(|&l| f(l)),
        Patch::Object(s) => s.iter().for_each(|c| f(c.loc)),
    }
}

/// The smallest Manhattan distance between `a` shifted by `(di, dj)` and
/// `b`, with the reference's ValueError when either is empty. The search
/// stops early at 0, the smallest possible distance.
fn min_distance(a: &Patch, b: &Patch, (di, dj): (i64, i64), context: &'static str) -> Result<i64> {
    if a.is_empty() || b.is_empty() {
        return Err(Error::value_error(context));
    }
    if a.len().saturating_mul(b.len()) <= SMALL_PAIRS {
        // Every pair: no index for a point against a few points (the
        // `manhattan` of `initset`s, called per cell and object).
        let mut best = i64::MAX;
        each_loc(a, |(ai, aj)| {
            each_loc(b, |(bi, bj)| {
                let d = (ai as i64 + di - bi as i64).abs() + (aj as i64 + dj - bj as i64).abs();
                best = best.min(d);
            })
        });
        return Ok(best);
    }
    // Index the side that is already a sorted set of locations.
    let (queries, index, sign) = match (a, b) {
        (_, Patch::Indices(_)) => (a, b, 1),
        (Patch::Indices(_), _) => (b, a, -1),
        _ => (a, b, 1),
    };
    let locs = sorted_locs(index);
    // Distances are symmetric: querying from `b` against `a + d` is
    // querying from `b - d` against `a`.
    let (oi, oj) = (sign * di, sign * dj);
    let mut best = i64::MAX;
    let mut visit = |(i, j): Loc| {
        best = nearest(&locs, i as i64 + oi, j as i64 + oj, best);
        best == 0
    };
    match queries {
        Patch::Indices(s) => {
            for &l in s.iter() {
                if visit(l) {
                    break;
                }
            }
        }
        Patch::Object(s) => {
            for c in s.iter() {
                if visit(c.loc) {
                    break;
                }
            }
        }
    }
    Ok(best)
}

/// The reference's `manhattan` of two patches: `min()` over the pairs of
/// their locations (a ValueError where either is empty).
fn patches_manhattan(a: &Patch, b: &Patch) -> Result<i64> {
    min_distance(a, b, (0, 0), "manhattan")
}

fn patches_adjacent(a: &Patch, b: &Patch) -> Result<bool> {
    Ok(min_distance(a, b, (0, 0), "adjacent")? == 1)
}

on_patches!(patches_manhattan -> i64: manhattan_locs, manhattan_locs_cells, manhattan_cells_locs, manhattan_cells);
on_patches!(patches_adjacent -> bool: adjacent_locs, adjacent_locs_cells, adjacent_cells_locs, adjacent_cells);

/// `manhattan` of two patches of one location each (typed code's
/// `initset` of a location or a cell on both sides, the distance from
/// point to point of `solve_49d1d64f`'s argmin per border cell): the
/// distance itself, with no set built for either point.
#[inline]
pub fn manhattan_points(a: Loc, b: Loc) -> i64 {
    (a.0 as i64 - b.0 as i64).abs() + (a.1 as i64 - b.1 as i64).abs()
}

/// `adjacent` of two patches of one location each.
#[inline]
pub fn adjacent_points(a: Loc, b: Loc) -> bool {
    manhattan_points(a, b) == 1
}

pub fn manhattan(a: &Value, b: &Value) -> Result<Value> {
    const CTX: &str = "manhattan";
    patch_pair_kernels!(
        a,
        b,
        manhattan_locs,
        manhattan_locs_cells,
        manhattan_cells_locs,
        manhattan_cells,
        Value::Int
    );
    let pa = patch_of(a, CTX)?;
    if pa.is_empty() {
        // `toindices(b)` is never reached.
        return Err(Error::value_error(CTX));
    }
    let pb = patch_of(b, CTX)?;
    patches_manhattan(&pa, &pb).map(Value::Int)
}

pub fn adjacent(a: &Value, b: &Value) -> Result<Value> {
    const CTX: &str = "adjacent";
    patch_pair_kernels!(
        a,
        b,
        adjacent_locs,
        adjacent_locs_cells,
        adjacent_cells_locs,
        adjacent_cells,
        Value::Bool
    );
    let pa = patch_of(a, CTX)?;
    if pa.is_empty() {
        return Err(Error::value_error(CTX));
    }
    let pb = patch_of(b, CTX)?;
    patches_adjacent(&pa, &pb).map(Value::Bool)
}

/// The reference's `or` chain, short-circuited, on a patch's box and a
/// grid whose height and then width are asked for only when needed
/// (`len(grid)` and `grid[0]` may raise).
fn box_bordering(
    b: &Bounds,
    height: impl FnOnce() -> Result<i64>,
    width: impl FnOnce() -> Result<i64>,
) -> Result<bool> {
    if b.top == 0 || b.left == 0 {
        return Ok(true);
    }
    if b.bottom as i64 == height()? - 1 {
        return Ok(true);
    }
    Ok(b.right as i64 == width()? - 1)
}

fn patch_bordering(p: &Patch, g: &Grid) -> Result<bool> {
    const CTX: &str = "bordering";
    let b = some_bounds(p, CTX)?;
    box_bordering(
        &b,
        || Ok(g.height() as i64),
        || {
            g.require_rows(CTX)?;
            Ok(g.width() as i64)
        },
    )
}

pub fn bordering_locs(p: &Locs, g: &G) -> Result<bool> {
    patch_bordering(&p.patch(), g)
}

pub fn bordering_cells(p: &Cells, g: &G) -> Result<bool> {
    patch_bordering(&p.patch(), g)
}

pub fn bordering(patch: &Value, grid: &Value) -> Result<Value> {
    const CTX: &str = "bordering";
    if let Value::Grid(g) = grid {
        patch_kernels!(
            patch,
            (|p| bordering_locs(p, g)),
            (|p| bordering_cells(p, g)),
            Value::Bool
        );
    }
    let b = patch_bounds(patch, CTX)?;
    box_bordering(&b, || py_len(grid, CTX), || len_of_first(grid, CTX)).map(Value::Bool)
}

/// The sums of distinct locations divided by the number of elements `n`
/// (at least 1; an object's cells may share locations).
fn mass_center(locs: impl Iterator<Item = Loc>, n: usize) -> (i64, i64) {
    let (si, sj) = locs.fold((0i64, 0i64), |(a, b), (i, j)| (a + i as i64, b + j as i64));
    let n = n as i64;
    (si.div_euclid(n), sj.div_euclid(n))
}

/// `zip()` of an empty patch gives the empty tuple, not a pair (a deopt).
fn no_mass() -> Error {
    Error::deopt("centerofmass of an empty patch")
}

pub fn centerofmass_locs(p: &Locs) -> Result<(i64, i64)> {
    if p.is_empty() {
        return Err(no_mass());
    }
    Ok(mass_center(p.iter().copied(), p.len()))
}

pub fn centerofmass_cells(p: &Cells) -> Result<(i64, i64)> {
    if p.is_empty() {
        return Err(no_mass());
    }
    if one_color(p) {
        return Ok(mass_center(p.iter().map(|c| c.loc), p.len()));
    }
    Ok(mass_center(cells_locs::<Vec<Loc>>(p).into_iter(), p.len()))
}

pub fn centerofmass(patch: &Value) -> Result<Value> {
    const CTX: &str = "centerofmass";
    patch_kernels!(patch, centerofmass_locs, centerofmass_cells, pair_value);
    if is_odd(patch, CTX) {
        let n = py_len(patch, CTX)?;
        let out = zip_columns(patch, CTX)?
            .iter()
            .map(|col| Value::Int(col.iter().sum::<i64>().div_euclid(n)))
            .collect();
        return Ok(Value::tuple(out));
    }
    let p = patch_of(patch, CTX)?;
    if p.is_empty() {
        // `zip()` of nothing: the division never happens.
        return Ok(Value::empty_tuple());
    }
    // Sums over `toindices(patch)` (distinct locations, except for a tuple
    // of locations, which is kept as it is), divided by `len(patch)`.
    let n = py_len(patch, CTX)? as usize;
    if patch.is_tuple() && toindices(patch)?.is_tuple() {
        let mut sums = (0i64, 0i64);
        for item in patch.elems()? {
            let (i, j) = unpack2_num(&item, CTX)?;
            sums = (sums.0 + i, sums.1 + j);
        }
        let n = n as i64;
        return Ok(Value::Pair(sums.0.div_euclid(n), sums.1.div_euclid(n)));
    }
    Ok(pair_value(mass_center(sorted_locs(&p).iter().copied(), n)))
}

/// The top-left of a patch's bounding box plus half its size (a
/// ValueError for the empty patch).
fn patch_center(p: &Patch, context: &'static str) -> Result<(i64, i64)> {
    center_in(bounds(p), context)
}

/// `center` of a piece: the top-left of the bounding box plus half its size
/// (a tuple's height and width are its length and its first item's length).
fn center_of(piece: &Value, context: &'static str) -> Result<(i64, i64)> {
    let p = patch_of(piece, context)?;
    if !piece.is_tuple() {
        return patch_center(&p, context);
    }
    let b = some_bounds(&p, context)?;
    let (h, w) = (height_of(piece, context)?, width_of(piece, context)?);
    Ok((
        b.top as i64 + h.div_euclid(2),
        b.left as i64 + w.div_euclid(2),
    ))
}

/// The top-left of a patch's bounds plus half its size (a ValueError,
/// named by `context`, for the empty patch).
#[inline]
fn center_in(b: Option<Bounds>, context: &'static str) -> Result<(i64, i64)> {
    let b = b.ok_or(Error::value_error(context))?;
    Ok((
        b.top as i64 + b.height().div_euclid(2),
        b.left as i64 + b.width().div_euclid(2),
    ))
}

// Inlined into the closures that call them: `solve_d22278a0` takes the
// centre of every object once per cell and object.
#[inline]
pub fn center_locs(p: &Locs) -> Result<(i64, i64)> {
    center_in(locs_bounds(p), "center")
}

#[inline]
pub fn center_cells(p: &Cells) -> Result<(i64, i64)> {
    center_in(cells_bounds(p), "center")
}

pub fn center(patch: &Value) -> Result<Value> {
    patch_kernels!(patch, center_locs, center_cells, pair_value);
    let (i, j) = center_of(patch, "center")?;
    Ok(Value::Pair(i, j))
}

/// Where `b` lies from `a`, by their centres: one step per axis.
fn relative_position((ia, ja): (i64, i64), (ib, jb): (i64, i64)) -> (i64, i64) {
    let side = |x: i64, y: i64| if x < y { 1 } else { -1 };
    if ia == ib {
        (0, side(ja, jb))
    } else if ja == jb {
        (side(ia, ib), 0)
    } else {
        (side(ia, ib), side(ja, jb))
    }
}

fn patches_position(a: &Patch, b: &Patch) -> Result<(i64, i64)> {
    const CTX: &str = "position";
    let ca = patch_center(a, CTX)?;
    let cb = patch_center(b, CTX)?;
    Ok(relative_position(ca, cb))
}

on_patches!(patches_position -> (i64, i64): position_locs, position_locs_cells, position_cells_locs, position_cells);

pub fn position(a: &Value, b: &Value) -> Result<Value> {
    const CTX: &str = "position";
    patch_pair_kernels!(
        a,
        b,
        position_locs,
        position_locs_cells,
        position_cells_locs,
        position_cells,
        pair_value
    );
    let ca = center_of(indices_for_center(a)?.as_ref(), CTX)?;
    let cb = center_of(indices_for_center(b)?.as_ref(), CTX)?;
    Ok(pair_value(relative_position(ca, cb)))
}

/// `toindices` where only the bounding box matters next: frozensets keep
/// their box, so only tuples need the real conversion.
fn indices_for_center(v: &Value) -> Result<Cow<'_, Value>> {
    if v.is_tuple() {
        Ok(Cow::Owned(toindices(v)?))
    } else {
        Ok(Cow::Borrowed(v))
    }
}

// ----- mirrors ----------------------------------------------------------------------------------

/// Every location of a patch moved by `f` and sorted again, keeping its
/// shape; a location beyond i32 is unsupported.
fn mapped_locs(s: &[Loc], context: &'static str, f: impl Fn(Loc) -> (i64, i64)) -> Result<Locs> {
    let mut v = s
        .iter()
        .map(|&l| {
            let (i, j) = f(l);
            Ok((coord(i, context)?, coord(j, context)?))
        })
        .collect::<Result<Vec<_>>>()?;
    v.sort_unstable();
    Ok(v.into())
}

fn mapped_cells(s: &[Cell], context: &'static str, f: impl Fn(Loc) -> (i64, i64)) -> Result<Cells> {
    let mut v = s
        .iter()
        .map(|c| {
            let (i, j) = f(c.loc);
            Ok(Cell {
                color: c.color,
                loc: (coord(i, context)?, coord(j, context)?),
            })
        })
        .collect::<Result<Vec<_>>>()?;
    v.sort_unstable();
    Ok(v.into())
}

/// Sorted locations (or cells of one colour) mirrored upside down about
/// row `d / 2`: the rows come in reverse order, each row as it was.
fn rows_flipped<T: Copy>(s: &[T], row: impl Fn(&T) -> i32, mv: impl Fn(T) -> T, out: &mut Vec<T>) {
    for run in s.chunk_by(|a, b| row(a) == row(b)).rev() {
        out.extend(run.iter().map(|&x| mv(x)));
    }
}

/// Sorted locations (or cells of one colour) mirrored left to right: the
/// rows keep their order, each row reversed.
fn rows_reversed<T: Copy>(s: &[T], row: impl Fn(&T) -> i32, mv: impl Fn(T) -> T, out: &mut Vec<T>) {
    for run in s.chunk_by(|a, b| row(a) == row(b)) {
        out.extend(run.iter().rev().map(|&x| mv(x)));
    }
}

/// `i -> d - i` (or `j -> d - j`) for a coordinate of the box whose ends
/// add up to `d`: the result is in the box too.
fn reflect(d: i64, x: i32) -> i32 {
    (d - x as i64) as i32
}

/// The reference's `hmirror` of a patch: `ulcorner(empty)[0]` is an
/// IndexError.
fn hmirrored_locs(s: &[Loc]) -> Result<Locs> {
    let b = locs_bounds(s).ok_or(Error::index_error("hmirror"))?;
    let d = b.top as i64 + b.bottom as i64;
    let mut out = Vec::with_capacity(s.len());
    rows_flipped(s, |l| l.0, |(i, j)| (reflect(d, i), j), &mut out);
    Ok(out.into())
}

fn hmirrored_cells(s: &[Cell]) -> Result<Cells> {
    let b = cells_bounds(s).ok_or(Error::index_error("hmirror"))?;
    let d = b.top as i64 + b.bottom as i64;
    let mut out = Vec::with_capacity(s.len());
    for run in s.chunk_by(|a, b| a.color == b.color) {
        let mv = |c: Cell| Cell {
            color: c.color,
            loc: (reflect(d, c.loc.0), c.loc.1),
        };
        rows_flipped(run, |c| c.loc.0, mv, &mut out);
    }
    Ok(out.into())
}

fn vmirrored_locs(s: &[Loc]) -> Result<Locs> {
    let b = locs_bounds(s).ok_or(Error::index_error("vmirror"))?;
    let d = b.left as i64 + b.right as i64;
    let mut out = Vec::with_capacity(s.len());
    rows_reversed(s, |l| l.0, |(i, j)| (i, reflect(d, j)), &mut out);
    Ok(out.into())
}

fn vmirrored_cells(s: &[Cell]) -> Result<Cells> {
    let b = cells_bounds(s).ok_or(Error::index_error("vmirror"))?;
    let d = b.left as i64 + b.right as i64;
    let mut out = Vec::with_capacity(s.len());
    for run in s.chunk_by(|a, b| a.color == b.color) {
        let mv = |c: Cell| Cell {
            color: c.color,
            loc: (c.loc.0, reflect(d, c.loc.1)),
        };
        rows_reversed(run, |c| c.loc.0, mv, &mut out);
    }
    Ok(out.into())
}

/// The transpose about the box's main diagonal: unpacking
/// `ulcorner(empty)` is a ValueError.
fn dmirror_map(b: &Bounds) -> impl Fn(Loc) -> (i64, i64) {
    let (t, l) = (b.top as i64, b.left as i64);
    move |(i, j)| (j as i64 - l + t, i as i64 - t + l)
}

fn dmirrored_locs(s: &[Loc]) -> Result<Locs> {
    const CTX: &str = "dmirror";
    let b = locs_bounds(s).ok_or(Error::value_error(CTX))?;
    mapped_locs(s, CTX, dmirror_map(&b))
}

fn dmirrored_cells(s: &[Cell]) -> Result<Cells> {
    const CTX: &str = "dmirror";
    let b = cells_bounds(s).ok_or(Error::value_error(CTX))?;
    mapped_cells(s, CTX, dmirror_map(&b))
}

/// vmirror, then dmirror, then vmirror again, in one step:
/// `ulcorner(empty)[0]` is an IndexError.
fn cmirror_map(b: &Bounds) -> impl Fn(Loc) -> (i64, i64) {
    let (t, l, bo, r) = (b.top as i64, b.left as i64, b.bottom as i64, b.right as i64);
    move |(i, j)| (t + r - j as i64, l + bo - i as i64)
}

fn cmirrored_locs(s: &[Loc]) -> Result<Locs> {
    const CTX: &str = "cmirror";
    let b = locs_bounds(s).ok_or(Error::index_error(CTX))?;
    mapped_locs(s, CTX, cmirror_map(&b))
}

fn cmirrored_cells(s: &[Cell]) -> Result<Cells> {
    const CTX: &str = "cmirror";
    let b = cells_bounds(s).ok_or(Error::index_error(CTX))?;
    mapped_cells(s, CTX, cmirror_map(&b))
}

/// A mirror of a patch in its own shape.
fn mirror_patch(
    p: &Patch,
    locs: fn(&[Loc]) -> Result<Locs>,
    cells: fn(&[Cell]) -> Result<Cells>,
) -> Result<Value> {
    match p {
        Patch::Indices(s) => locs(s).map(Value::Indices),
        Patch::Object(s) => cells(s).map(Value::Object),
    }
}

/// Rows in reverse order.
fn hmirrored(g: &Grid) -> Grid {
    buffers::rows_reversed(g)
}

/// Every row reversed.
fn vmirrored(g: &Grid) -> Grid {
    buffers::each_row_reversed(g)
}

/// Row i of the grid becomes column i.
fn dmirrored(g: &Grid) -> Grid {
    buffers::transposed::<false, false>(g)
}

/// The transpose about the other diagonal.
fn cmirrored(g: &Grid) -> Grid {
    buffers::transposed::<true, true>(g)
}

pub fn hmirror_grid(g: &G) -> Result<G> {
    Ok(hmirrored(g))
}

/// Cells from which a mirror of a grid no later statement reads is made
/// in place: below, a mirrored copy is fewer instructions than swapping
/// short rows (`solve_8d5021e8` 1.19x, `solve_d406998b` 1.25x more in
/// place, callgrind), and the copy's pages are no cost.
const MIRROR_IN_PLACE: usize = 1 << 14;

/// [`hmirror_grid`] of a grid no later statement reads: its rows swapped
/// in place where it is large.
pub fn hmirror_grid_owned(g: G) -> Result<G> {
    if g.cells().len() < MIRROR_IN_PLACE {
        return hmirror_grid(&g);
    }
    let mut out = g;
    let (h, w) = (out.height(), out.width());
    let cells = out.cells_mut();
    for i in 0..h / 2 {
        let (top, bottom) = cells.split_at_mut((h - 1 - i) * w);
        top[i * w..(i + 1) * w].swap_with_slice(&mut bottom[..w]);
    }
    Ok(out)
}

/// [`vmirror_grid`] of a grid no later statement reads: each row reversed
/// in place where it is large.
pub fn vmirror_grid_owned(g: G) -> Result<G> {
    if g.cells().len() < MIRROR_IN_PLACE {
        return vmirror_grid(&g);
    }
    let mut out = g;
    let w = out.width();
    if w > 0 {
        out.cells_mut().chunks_mut(w).for_each(<[Color]>::reverse);
    }
    Ok(out)
}

pub fn vmirror_grid(g: &G) -> Result<G> {
    Ok(vmirrored(g))
}

pub fn dmirror_grid(g: &G) -> Result<G> {
    Ok(dmirrored(g))
}

pub fn cmirror_grid(g: &G) -> Result<G> {
    Ok(cmirrored(g))
}

/// `equality(mirror(g), g)` (`fork(equality, identity, mirror)`) compared
/// in place, without building the mirrored grid; grids with no cells (of
/// no rows or rows of no cells) compare as the values would.
fn symmetric(g: &G, mirror: fn(&Grid) -> Grid, in_place: impl Fn(&Grid) -> bool) -> Result<bool> {
    if g.height() == 0 || g.width() == 0 {
        return Ok(Value::grid(mirror(g)) == Value::Grid(g.clone()));
    }
    Ok(in_place(g))
}

/// Whether a grid equals its `dmirror` (its transpose).
pub fn dsymmetric_grid(g: &G) -> Result<bool> {
    symmetric(g, dmirrored, |g| {
        g.height() == g.width()
            && (0..g.height()).all(|i| (0..i).all(|j| g.row(i)[j] == g.row(j)[i]))
    })
}

/// Whether a grid equals its `hmirror` (its rows reversed).
pub fn hsymmetric_grid(g: &G) -> Result<bool> {
    symmetric(g, hmirrored, |g| {
        let h = g.height();
        (0..h / 2).all(|i| g.row(i) == g.row(h - 1 - i))
    })
}

/// Whether a grid equals its `vmirror` (each row reversed).
pub fn vsymmetric_grid(g: &G) -> Result<bool> {
    symmetric(g, vmirrored, |g| {
        g.rows().all(|r| r.iter().eq(r.iter().rev()))
    })
}

pub fn hmirror_locs(p: &Locs) -> Result<Locs> {
    hmirrored_locs(p)
}

pub fn hmirror_cells(p: &Cells) -> Result<Cells> {
    hmirrored_cells(p)
}

pub fn vmirror_locs(p: &Locs) -> Result<Locs> {
    vmirrored_locs(p)
}

pub fn vmirror_cells(p: &Cells) -> Result<Cells> {
    vmirrored_cells(p)
}

pub fn dmirror_locs(p: &Locs) -> Result<Locs> {
    dmirrored_locs(p)
}

pub fn dmirror_cells(p: &Cells) -> Result<Cells> {
    dmirrored_cells(p)
}

pub fn cmirror_locs(p: &Locs) -> Result<Locs> {
    cmirrored_locs(p)
}

pub fn cmirror_cells(p: &Cells) -> Result<Cells> {
    cmirrored_cells(p)
}

/// A mirror primitive's kernels on grids, indices and objects, tried
/// first.
macro_rules! mirror_kernels {
    ($piece:expr, $grid:ident, $locs:ident, $cells:ident) => {
        match $piece {
            Value::Grid(g) => try_kernel!($grid(g), Value::Grid),
            _ => patch_kernels!($piece, $locs, $cells, Value::Indices, Value::Object),
        }
    };
}

/// A generic tuple reversed (Python `t[::-1]`); a type error for sets and
/// numbers.
fn reversed_tuple(v: &Value, context: &'static str) -> Result<Value> {
    match v {
        Value::Pair(a, b) => Ok(Value::Pair(*b, *a)),
        Value::Grid(g) => Ok(Value::grid(hmirrored(g))),
        Value::Tuple(t) => Ok(Value::tuple(t.iter().rev().cloned().collect())),
        Value::Row(r) => Ok(Value::Row(r.iter().rev().copied().collect())),
        Value::Ragged(r) => Ok(Value::Ragged(Arc::new(r.reversed()))),
        v @ Value::Cell(_) => Ok(Value::tuple(v.elems()?.into_iter().rev().collect())),
        _ => Err(Error::type_error(context)),
    }
}

/// Python `tuple(zip(*rows))`: transpose, truncating to the shortest row.
fn zip_rows(rows: &[Value], context: &'static str) -> Result<Value> {
    let cols = rows
        .iter()
        .map(|r| {
            if r.is_tuple() || r.is_set() {
                r.elems()
            } else {
                Err(Error::type_error(context))
            }
        })
        .collect::<Result<Vec<_>>>()?;
    let m = cols.iter().map(Vec::len).min().unwrap_or(0);
    let out = (0..m)
        .map(|k| Value::tuple(cols.iter().map(|c| c[k].clone()).collect()))
        .collect();
    Ok(Value::tuple(out))
}

/// A tuple as a grid when it is one; `None` for other tuples.
fn tuple_grid(piece: &Value) -> Option<Cow<'_, Grid>> {
    match piece {
        Value::Grid(g) => Some(Cow::Borrowed(g)),
        Value::Tuple(_) => piece.as_grid("grid").ok(),
        _ => None,
    }
}

pub fn hmirror(piece: &Value) -> Result<Value> {
    const CTX: &str = "hmirror";
    mirror_kernels!(piece, hmirror_grid, hmirror_locs, hmirror_cells);
    if piece.is_tuple() {
        return reversed_tuple(piece, CTX);
    }
    mirror_patch(&patch_of(piece, CTX)?, hmirrored_locs, hmirrored_cells)
}

pub fn vmirror(piece: &Value) -> Result<Value> {
    const CTX: &str = "vmirror";
    mirror_kernels!(piece, vmirror_grid, vmirror_locs, vmirror_cells);
    if piece.is_tuple() {
        if let Some(g) = tuple_grid(piece) {
            return Ok(Value::grid(vmirrored(&g)));
        }
        let rows = piece.elems_cow()?;
        let out = rows
            .iter()
            .map(|r| reversed_tuple(r, CTX))
            .collect::<Result<Vec<_>>>()?;
        return Ok(Value::tuple(out));
    }
    mirror_patch(&patch_of(piece, CTX)?, vmirrored_locs, vmirrored_cells)
}

pub fn dmirror(piece: &Value) -> Result<Value> {
    const CTX: &str = "dmirror";
    mirror_kernels!(piece, dmirror_grid, dmirror_locs, dmirror_cells);
    if piece.is_tuple() {
        if let Some(g) = tuple_grid(piece) {
            return Ok(Value::grid(dmirrored(&g)));
        }
        return zip_rows(&piece.elems_cow()?, CTX);
    }
    mirror_patch(&patch_of(piece, CTX)?, dmirrored_locs, dmirrored_cells)
}

pub fn cmirror(piece: &Value) -> Result<Value> {
    const CTX: &str = "cmirror";
    mirror_kernels!(piece, cmirror_grid, cmirror_locs, cmirror_cells);
    if piece.is_tuple() {
        if let Some(g) = tuple_grid(piece) {
            return Ok(Value::grid(cmirrored(&g)));
        }
        let rows = piece
            .elems_cow()?
            .iter()
            .rev()
            .map(|r| reversed_tuple(r, CTX))
            .collect::<Result<Vec<_>>>()?;
        return zip_rows(&rows, CTX);
    }
    mirror_patch(&patch_of(piece, CTX)?, cmirrored_locs, cmirrored_cells)
}

// ----- upscaling --------------------------------------------------------------------------------

/// Every cell of a grid as an `f` by `f` block (`f >= 1`).
fn upscaled(g: &Grid, f: usize, context: &'static str) -> Result<Grid> {
    let (h, w) = (g.height(), g.width());
    let (nh, nw) = match (h.checked_mul(f), w.checked_mul(f)) {
        (Some(nh), Some(nw)) => (nh, nw),
        _ => return Err(Error::unsupported(context)),
    };
    budget::check_size(
        nh.checked_mul(nw).ok_or(Error::unsupported(context))?,
        context,
    )?;
    let mut out = Grid::filled(nh, nw, 0);
    if nw > 0 {
        // Each source row fills an `f`-row band: its first row cell by
        // cell, the others as copies of the first.
        for (row, band) in g.rows().zip(out.cells_mut().chunks_exact_mut(f * nw)) {
            let (first, rest) = band.split_at_mut(nw);
            for (dst, &c) in first.chunks_exact_mut(f).zip(row) {
                dst.fill(c);
            }
            for copy in rest.chunks_exact_mut(nw) {
                copy.copy_from_slice(first);
            }
        }
    }
    Ok(out)
}

/// `()` stays `()`, and a factor of 0 or less makes it (no rows are
/// added); otherwise [`upscaled`].
pub fn upscale_grid(g: &G, factor: i64) -> Result<G> {
    if g.height() == 0 {
        return Ok(g.clone());
    }
    if factor <= 0 {
        return Ok(Grid::new(0, 0, Vec::new()));
    }
    let f = usize::try_from(factor).map_err(|_| Error::unsupported("upscale"))?;
    upscaled(g, f, "upscale")
}

/// An empty object stays as it is.
pub fn upscale_cells(obj: &Cells, f: i64) -> Result<Cells> {
    if obj.is_empty() {
        return Ok(obj.clone());
    }
    upscaled_cells(obj, f)
}

/// Every cell of an object as an `f` by `f` block from the top-left of
/// its bounding box. An empty object, or a factor of 0 or less, gives the
/// empty object.
fn upscaled_cells(obj: &[Cell], f: i64) -> Result<Cells> {
    const CTX: &str = "upscale";
    let Some(b) = cells_bounds(obj) else {
        return Ok(Arc::from([]));
    };
    if f <= 0 {
        // Nothing is added, and shifting the empty set returns it.
        return Ok(Arc::from([]));
    }
    let n = i64::try_from(obj.len())
        .ok()
        .and_then(|n| n.checked_mul(f)?.checked_mul(f))
        .ok_or(Error::unsupported(CTX))?;
    budget::check_size(
        usize::try_from(n).map_err(|_| Error::unsupported(CTX))?,
        CTX,
    )?;
    let (t, l) = (b.top as i64, b.left as i64);
    let mut out = Vec::with_capacity(n as usize);
    for c in obj.iter() {
        let i0 = (c.loc.0 as i64 - t)
            .checked_mul(f)
            .and_then(|x| x.checked_add(t))
            .ok_or(Error::unsupported(CTX))?;
        let j0 = (c.loc.1 as i64 - l)
            .checked_mul(f)
            .and_then(|x| x.checked_add(l))
            .ok_or(Error::unsupported(CTX))?;
        // The block's far corner fits, so every cell in it does.
        coord(i0 + f - 1, CTX)?;
        coord(j0 + f - 1, CTX)?;
        for io in 0..f {
            for jo in 0..f {
                out.push(Cell {
                    color: c.color,
                    loc: ((i0 + io) as i32, (j0 + jo) as i32),
                });
            }
        }
    }
    Ok(sorted_unique_cells(out).into())
}

/// The reference's tuple branch for tuples that are not grids.
fn upscale_tuple(element: &Value, f: usize, context: &'static str) -> Result<Value> {
    let mut out = Vec::new();
    for row in element.elems()? {
        if !(row.is_tuple() || row.is_set()) {
            return Err(Error::type_error(context));
        }
        let values = row.elems_cow()?;
        budget::check_size(values.len().saturating_mul(f).saturating_mul(f), context)?;
        let scaled: Vec<Value> = values
            .iter()
            .flat_map(|v| std::iter::repeat_n(v.clone(), f))
            .collect();
        let scaled = Value::tuple(scaled);
        out.extend(std::iter::repeat_n(scaled, f));
        budget::check_size(out.len(), context)?;
    }
    Ok(Value::tuple(out))
}

pub fn upscale(element: &Value, factor: &Value) -> Result<Value> {
    const CTX: &str = "upscale";
    match (element, factor) {
        (Value::Grid(g), Value::Int(f)) => try_kernel!(upscale_grid(g, *f), Value::Grid),
        (Value::Object(o), Value::Int(f)) => try_kernel!(upscale_cells(o, *f), Value::Object),
        _ => {}
    }
    if element.is_tuple() {
        if element.len()? == 0 {
            return Ok(Value::empty_tuple());
        }
        let f = factor.as_int(CTX)?;
        let f = usize::try_from(f.max(0)).map_err(|_| Error::unsupported(CTX))?;
        if let Some(g) = tuple_grid(element) {
            if f == 0 {
                return Ok(Value::empty_tuple());
            }
            return upscaled(&g, f, CTX).map(Value::grid);
        }
        return upscale_tuple(element, f, CTX);
    }
    let p = patch_of(element, CTX)?;
    if p.is_empty() {
        return Ok(Value::empty_set());
    }
    let Patch::Object(cells) = &p else {
        // `for value, (i, j) in normed_obj` cannot unpack a location.
        return Err(Error::type_error(CTX));
    };
    let f = factor.as_int(CTX)?;
    upscaled_cells(cells, f).map(Value::Object)
}

// ----- lines and boxes ---------------------------------------------------------------------------

/// The number of integers in `from..=to_inclusive`, within the size budget.
fn line_len(from: i64, to_inclusive: i64, context: &'static str) -> Result<usize> {
    let n = (to_inclusive as i128 - from as i128 + 1).max(0);
    let n = usize::try_from(n).map_err(|_| Error::unsupported(context))?;
    budget::check_size(n, context)?;
    Ok(n)
}

/// A line of `connect`: its first location, the step to the next and how
/// many there are (none where the two ends are not in a row, a column or
/// a diagonal). Its locations ascend, so a line is already a frozenset
/// in order.
struct Line {
    start: Loc,
    step: (i32, i32),
    len: usize,
}

impl Line {
    /// The reference's `connect` on numbers: a horizontal, vertical or
    /// diagonal line, else nothing.
    #[inline]
    fn between((ai, aj): (i64, i64), (bi, bj): (i64, i64), context: &'static str) -> Result<Line> {
        let (si, ei) = (ai.min(bi), ai.max(bi));
        let (sj, ej) = (aj.min(bj), aj.max(bj));
        // Differences of arbitrary i64 inputs, without overflow.
        let (di, dj) = (bi as i128 - ai as i128, bj as i128 - aj as i128);
        let line = |start, step, len| Line { start, step, len };
        Ok(if ai == bi {
            let len = line_len(sj, ej, context)?;
            let i = coord(ai, context)?;
            let j = coord(sj, context)?;
            coord(ej, context)?;
            line((i, j), (0, 1), len)
        } else if aj == bj {
            let len = line_len(si, ei, context)?;
            let j = coord(aj, context)?;
            let i = coord(si, context)?;
            coord(ei, context)?;
            line((i, j), (1, 0), len)
        } else if di == dj || di == -dj {
            let len = line_len(si, ei, context)?;
            for x in [si, ei, sj, ej] {
                coord(x, context)?;
            }
            if di == dj {
                line((si as i32, sj as i32), (1, 1), len)
            } else {
                line((si as i32, ej as i32), (1, -1), len)
            }
        } else {
            line((0, 0), (0, 0), 0)
        })
    }

    /// The line's locations in ascending order (an exact-size iterator:
    /// collected straight into an `Arc`).
    #[inline]
    fn locs(&self) -> impl ExactSizeIterator<Item = Loc> {
        let ((i, j), (di, dj)) = (self.start, self.step);
        // `len` is at most `budget::MAX_ELEMENTS`, far inside `i32`.
        (0..self.len as i32).map(move |k| (i + k * di, j + k * dj))
    }
}

/// The reference's `connect` on numbers, as a frozenset of locations (one
/// allocation: `connect` runs once per pair of a `product`).
fn connect_nums(a: (i64, i64), b: (i64, i64), context: &'static str) -> Result<Locs> {
    let line = Line::between(a, b, context)?;
    // Most pairs of a product are in no line: their empty set is shared
    // (this thread's), not allocated and freed per pair.
    if line.len == 0 {
        return Ok(no_line());
    }
    let locs: Locs = line.locs().collect();
    debug_assert!(locs.windows(2).all(|w| w[0] < w[1]));
    Ok(locs)
}

/// The empty set of locations, one per thread (a static one would have
/// every thread's count on one cache line).
fn no_line() -> Locs {
    thread_local! {
        static NO_LINE: Locs = Arc::from(Vec::new());
    }
    NO_LINE.with(Locs::clone)
}

/// The directions of [`lines_union`]: rows (what `hline` keeps), columns
/// (`vline`), diagonals (`i - j` constant) and antidiagonals (`i + j`).
pub const LINE_ROWS: u8 = 1;
pub const LINE_COLUMNS: u8 = 2;
pub const LINE_DIAGONALS: u8 = 4;
pub const LINE_ANTIDIAGONALS: u8 = 8;
pub const LINE_ALL: u8 = LINE_ROWS | LINE_COLUMNS | LINE_DIAGONALS | LINE_ANTIDIAGONALS;
/// With the directions: only lines of two cells or more (an `sfilter` by
/// `size > 1` before the union), so no line of one location with itself.
pub const LINE_LONG: u8 = 16;

/// The union of `connect(x, y)` over every `x` of `a` and `y` of `b` whose
/// line runs in one of `directions`:
/// - `merge(prapply(connect, a, b))` is all four;
/// - `mfilter` of those lines by `hline` is the rows, by `vline` the
///   columns, by `either` of the two both (a line of one cell, `x == y`,
///   passes either test and lies in its row and its column).
///
/// On one row (column, diagonal), each line joins a location of `a` and
/// one of `b`, so their union is the whole span from the first location of
/// either set on it to the last, where both sets have one; where only one
/// does, there is no line. So the union takes a pass over each set per
/// direction, not one line per pair (a product of a colour's 450 cells
/// with themselves is 202,500 pairs: 7-17 ms of one thread before).
/// With [`LINE_LONG`], a span of one location is left out: its only line
/// is the location with itself; a span of more has a pair of distinct
/// ends at its first or last place, whose lines still cover it.
pub fn lines_union(a: &Locs, b: &Locs, directions: u8) -> Result<Locs> {
    // Each direction as (the line a location is on, its place along it).
    type OnLine = fn(Loc) -> (i64, i64);
    let ways: [(u8, OnLine); 4] = [
        (LINE_ROWS, |(i, j)| (i64::from(i), i64::from(j))),
        (LINE_COLUMNS, |(i, j)| (i64::from(j), i64::from(i))),
        (LINE_DIAGONALS, |(i, j)| {
            (i64::from(i) - i64::from(j), i64::from(i))
        }),
        (LINE_ANTIDIAGONALS, |(i, j)| {
            (i64::from(i) + i64::from(j), i64::from(i))
        }),
    ];
    // The location at a place of a line, the inverse of the above.
    let at = |way: u8, line: i64, place: i64| -> Loc {
        let (i, j) = match way {
            LINE_ROWS => (line, place),
            LINE_COLUMNS => (place, line),
            LINE_DIAGONALS => (place, place - line),
            _ => (place, line - place),
        };
        // Inside the box of the sets' locations, so inside `i32`.
        (i as i32, j as i32)
    };
    // Per line, the first and last place of a set's locations on it.
    let spans = |s: &Locs, on: OnLine| -> Vec<(i64, i64, i64)> {
        let mut keyed: Vec<(i64, i64)> = s.iter().map(|&l| on(l)).collect();
        keyed.sort_unstable();
        let mut out: Vec<(i64, i64, i64)> = Vec::new();
        for (line, place) in keyed {
            match out.last_mut() {
                Some(last) if last.0 == line => last.2 = place,
                _ => out.push((line, place, place)),
            }
        }
        out
    };
    let locs = crate::values::union_in_box(&[a, b], |marks| {
        for (way, on) in ways {
            if directions & way == 0 {
                continue;
            }
            // One set with itself (the common case) is scanned once.
            let sa = spans(a, on);
            let sb_own;
            let sb: &[(i64, i64, i64)] = if Arc::ptr_eq(a, b) {
                &sa
            } else {
                sb_own = spans(b, on);
                &sb_own
            };
            // The lines both sets are on (both lists sorted by line).
            let mut k = 0;
            for &(line, lo, hi) in &sa {
                while k < sb.len() && sb[k].0 < line {
                    k += 1;
                }
                if k == sb.len() {
                    break;
                }
                let (from, to) = (lo.min(sb[k].1), hi.max(sb[k].2));
                if sb[k].0 == line && (from < to || directions & LINE_LONG == 0) {
                    for place in from..=to {
                        marks.mark(at(way, line, place));
                    }
                }
            }
        }
        Ok(())
    })?;
    Ok(Arc::from(locs))
}

/// `merge(prapply(connect, a, b))`: the union of the lines between each
/// location of `a` and each of `b` ([`lines_union`] in every direction),
/// where the lines and their frozenset are never built.
pub fn connect_union(a: &Locs, b: &Locs) -> Result<Locs> {
    lines_union(a, b, LINE_ALL)
}

pub fn connect_pairs(a: (i64, i64), b: (i64, i64)) -> Result<Locs> {
    connect_nums(a, b, "connect")
}

pub fn connect(a: &Value, b: &Value) -> Result<Value> {
    const CTX: &str = "connect";
    if let (Value::Pair(ai, aj), Value::Pair(bi, bj)) = (a, b) {
        return connect_pairs((*ai, *aj), (*bi, *bj)).map(Value::Indices);
    }
    let (ai, aj) = unpack2(a, CTX)?;
    let (bi, bj) = unpack2(b, CTX)?;
    let num = |x: &Value| x.number().ok_or(Error::type_error(CTX));
    connect_nums((num(&ai)?, num(&aj)?), (num(&bi)?, num(&bj)?), CTX).map(Value::Indices)
}

/// `start[k] + 42 * direction[k]`, where the reference's `shoot` ends.
fn shoot_end(s: i64, d: i64) -> Result<i64> {
    d.checked_mul(SHOOT_REACH)
        .and_then(|x| x.checked_add(s))
        .ok_or(Error::unsupported("shoot"))
}

pub fn shoot_pairs(start: (i64, i64), direction: (i64, i64)) -> Result<Locs> {
    let end = (
        shoot_end(start.0, direction.0)?,
        shoot_end(start.1, direction.1)?,
    );
    connect_nums(start, end, "shoot")
}

pub fn shoot(start: &Value, direction: &Value) -> Result<Value> {
    const CTX: &str = "shoot";
    if let (Value::Pair(si, sj), Value::Pair(di, dj)) = (start, direction) {
        return shoot_pairs((*si, *sj), (*di, *dj)).map(Value::Indices);
    }
    // `start[k] + 42 * direction[k]`, subscripts first.
    let end = |k: usize| -> Result<i64> {
        let s = subscript(start, k, CTX)?;
        let d = subscript(direction, k, CTX)?;
        match (s.number(), d.number()) {
            (Some(s), Some(d)) => shoot_end(s, d),
            _ => Err(Error::type_error(CTX)),
        }
    };
    let (e0, e1) = (end(0)?, end(1)?);
    let a = unpack2_num(start, CTX)?;
    connect_nums(a, (e0, e1), CTX).map(Value::Indices)
}

/// The 30 locations of column `x` (`vertical`) or of row `x`.
fn frontier_line(x: i32, vertical: bool) -> Locs {
    (0..FRONTIER_LEN)
        .map(|k| if vertical { (k, x) } else { (x, k) })
        .collect()
}

/// The 30 locations of a column (`vertical`) or row through `location`.
fn frontier(location: &Value, vertical: bool, context: &'static str) -> Result<Value> {
    let x = subscript(location, if vertical { 1 } else { 0 }, context)?;
    if let Some(x) = x.number().and_then(|n| i32::try_from(n).ok()) {
        return Ok(Value::Indices(frontier_line(x, vertical)));
    }
    // Python builds the tuples whatever the coordinate is.
    let items = (0..FRONTIER_LEN)
        .map(|k| {
            let k = Value::Int(k as i64);
            if vertical {
                Value::tuple(vec![k, x.clone()])
            } else {
                Value::tuple(vec![x.clone(), k])
            }
        })
        .collect();
    Ok(Value::set(items))
}

/// A coordinate beyond i32 makes tuples that are no locations (a deopt).
pub fn vfrontier_pair((_, j): (i64, i64)) -> Result<Locs> {
    let j = i32::try_from(j).map_err(|_| Error::deopt("vfrontier beyond i32"))?;
    Ok(frontier_line(j, true))
}

pub fn hfrontier_pair((i, _): (i64, i64)) -> Result<Locs> {
    let i = i32::try_from(i).map_err(|_| Error::deopt("hfrontier beyond i32"))?;
    Ok(frontier_line(i, false))
}

pub fn vfrontier(location: &Value) -> Result<Value> {
    if let Value::Pair(i, j) = location {
        try_kernel!(vfrontier_pair((*i, *j)), Value::Indices);
    }
    frontier(location, true, "vfrontier")
}

pub fn hfrontier(location: &Value) -> Result<Value> {
    if let Value::Pair(i, j) = location {
        try_kernel!(hfrontier_pair((*i, *j)), Value::Indices);
    }
    frontier(location, false, "hfrontier")
}

/// All locations of the rectangle `top..=bottom` x `left..=right`, with
/// `skip` (sorted) left out.
fn rectangle(b: &Bounds, skip: &[Loc], context: &'static str) -> Result<Locs> {
    let n = (b.height() as u64).saturating_mul(b.width() as u64);
    budget::check_size(usize::try_from(n).unwrap_or(usize::MAX), context)?;
    let mut out = Vec::with_capacity((n as usize).saturating_sub(skip.len()));
    let mut k = 0;
    for i in b.top..=b.bottom {
        for j in b.left..=b.right {
            if k < skip.len() && skip[k] == (i, j) {
                k += 1;
            } else {
                out.push((i, j));
            }
        }
    }
    Ok(out.into())
}

/// Current arc-dsl returns early on an empty patch (older versions
/// raised).
fn patch_backdrop(p: &Patch) -> Result<Locs> {
    match bounds(p) {
        Some(b) => rectangle(&b, &[], "backdrop"),
        None => Ok(Arc::from([])),
    }
}

fn patch_delta(p: &Patch) -> Result<Locs> {
    match bounds(p) {
        Some(b) => rectangle(&b, &sorted_locs(p), "delta"),
        None => Ok(Arc::from([])),
    }
}

on_patch!(patch_backdrop -> Locs: backdrop_locs, backdrop_cells);
on_patch!(patch_delta -> Locs: delta_locs, delta_cells);

pub fn backdrop(patch: &Value) -> Result<Value> {
    const CTX: &str = "backdrop";
    patch_kernels!(patch, backdrop_locs, backdrop_cells, Value::Indices);
    // Current arc-dsl returns early on an empty patch (older versions raised).
    if patch.len()? == 0 {
        return Ok(Value::empty_set());
    }
    rectangle(&patch_bounds(patch, CTX)?, &[], CTX).map(Value::Indices)
}

pub fn delta(patch: &Value) -> Result<Value> {
    const CTX: &str = "delta";
    patch_kernels!(patch, delta_locs, delta_cells, Value::Indices);
    // Current arc-dsl returns early on an empty patch (older versions raised).
    if patch.len()? == 0 {
        return Ok(Value::empty_set());
    }
    let p = patch_of(patch, CTX)?;
    let b = bounds(&p).ok_or(Error::value_error(CTX))?;
    // `toindices` returns a tuple of locations as it is, and a frozenset
    // minus a tuple is a TypeError.
    if patch.is_tuple() && toindices(patch)?.is_tuple() {
        return Err(Error::type_error(CTX));
    }
    rectangle(&b, &sorted_locs(&p), CTX).map(Value::Indices)
}

/// The outline of the rectangle spanned by two corners given in any order.
fn outline(a: (i64, i64), b: (i64, i64), context: &'static str) -> Result<Locs> {
    let (si, ei) = (a.0.min(b.0), a.0.max(b.0));
    let (sj, ej) = (a.1.min(b.1), a.1.max(b.1));
    for x in [si, ei, sj, ej] {
        coord(x, context)?;
    }
    let (si, ei, sj, ej) = (si as i32, ei as i32, sj as i32, ej as i32);
    let h = line_len(si as i64, ei as i64, context)?;
    let w = line_len(sj as i64, ej as i64, context)?;
    budget::check_size(h.saturating_add(w).saturating_mul(2), context)?;
    let mut out = Vec::with_capacity(2 * (h + w));
    out.extend((sj..=ej).map(|j| (si, j)));
    for i in si.saturating_add(1)..ei {
        out.push((i, sj));
        if ej != sj {
            out.push((i, ej));
        }
    }
    if ei != si {
        out.extend((sj..=ej).map(|j| (ei, j)));
    }
    debug_assert!(out.windows(2).all(|w| w[0] < w[1]));
    Ok(out.into())
}

/// The outline of a patch's box grown by `grow` on every side (-1: the
/// inbox, 1: the outbox); a ValueError for the empty patch.
fn grown_outline(p: &Patch, grow: i64, context: &'static str) -> Result<Locs> {
    let b = some_bounds(p, context)?;
    let (t, l, bo, r) = (b.top as i64, b.left as i64, b.bottom as i64, b.right as i64);
    outline((t - grow, l - grow), (bo + grow, r + grow), context)
}

fn patch_inbox(p: &Patch) -> Result<Locs> {
    grown_outline(p, -1, "inbox")
}

fn patch_outbox(p: &Patch) -> Result<Locs> {
    grown_outline(p, 1, "outbox")
}

/// Current arc-dsl returns early on an empty patch (older versions
/// raised).
fn patch_box(p: &Patch) -> Result<Locs> {
    if p.is_empty() {
        return Ok(Arc::from([]));
    }
    grown_outline(p, 0, "box")
}

on_patch!(patch_inbox -> Locs: inbox_locs, inbox_cells);
on_patch!(patch_outbox -> Locs: outbox_locs, outbox_cells);
on_patch!(patch_box -> Locs: box_locs, box_cells);

pub fn inbox(patch: &Value) -> Result<Value> {
    const CTX: &str = "inbox";
    patch_kernels!(patch, inbox_locs, inbox_cells, Value::Indices);
    grown_outline(&patch_of(patch, CTX)?, -1, CTX).map(Value::Indices)
}

pub fn outbox(patch: &Value) -> Result<Value> {
    const CTX: &str = "outbox";
    patch_kernels!(patch, outbox_locs, outbox_cells, Value::Indices);
    grown_outline(&patch_of(patch, CTX)?, 1, CTX).map(Value::Indices)
}

pub fn r#box(patch: &Value) -> Result<Value> {
    const CTX: &str = "box";
    patch_kernels!(patch, box_locs, box_cells, Value::Indices);
    // Current arc-dsl returns early on an empty patch (older versions raised).
    if patch.len()? == 0 {
        return Ok(patch.clone());
    }
    grown_outline(&patch_of(patch, CTX)?, 0, CTX).map(Value::Indices)
}

// ----- gravitate ---------------------------------------------------------------------------------

/// The reference's `gravitate` once the centres are known: step towards
/// the destination (along columns when some column holds both) until the
/// distance is 1, at most 42 steps.
fn gravitate_steps(
    ps: &Patch,
    pd: &Patch,
    (si, sj): (i64, i64),
    (di, dj): (i64, i64),
) -> Result<(i64, i64)> {
    const CTX: &str = "gravitate";
    let step = |a: i64, b: i64| if a < b { 1 } else { -1 };
    let (i, j) = if patches_matching(ps, pd, 1) {
        (step(si, di), 0)
    } else {
        (0, step(sj, dj))
    };
    let b = bounds(ps);
    let mut c = 0;
    while c < GRAVITATE_STEPS && min_distance(ps, pd, (c * i, c * j), CTX)? != 1 {
        c += 1;
        // The reference shifts the source each step: it must stay
        // representable.
        if let Some(b) = b {
            coord(b.top as i64 + c * i, CTX)?;
            coord(b.bottom as i64 + c * i, CTX)?;
            coord(b.left as i64 + c * j, CTX)?;
            coord(b.right as i64 + c * j, CTX)?;
        }
    }
    Ok((c * i, c * j))
}

fn patches_gravitate(source: &Patch, destination: &Patch) -> Result<(i64, i64)> {
    const CTX: &str = "gravitate";
    let cs = patch_center(source, CTX)?;
    let cd = patch_center(destination, CTX)?;
    gravitate_steps(source, destination, cs, cd)
}

on_patches!(patches_gravitate -> (i64, i64): gravitate_locs, gravitate_locs_cells, gravitate_cells_locs, gravitate_cells);

pub fn gravitate(source: &Value, destination: &Value) -> Result<Value> {
    const CTX: &str = "gravitate";
    patch_pair_kernels!(
        source,
        destination,
        gravitate_locs,
        gravitate_locs_cells,
        gravitate_cells_locs,
        gravitate_cells,
        pair_value
    );
    let cs = center_of(source, CTX)?;
    let cd = center_of(destination, CTX)?;
    let ps = patch_of(source, CTX)?;
    let pd = patch_of(destination, CTX)?;
    gravitate_steps(&ps, &pd, cs, cd).map(pair_value)
}

// ----- periodicity ---------------------------------------------------------------------------------

/// The smallest period `p` in `1..extent` such that every cell at least `p`
/// past the start, moved back by `p`, is a cell of the object; else the
/// extent. `horizontal` works on columns.
fn period(obj: &Value, horizontal: bool, context: &'static str) -> Result<Value> {
    // `normalize` returns an empty patch as it is; its width/height is 0.
    if obj.len()? == 0 {
        return Ok(Value::Int(0));
    }
    let p = patch_of(obj, context)?;
    let b = bounds(&p).ok_or(Error::value_error(context))?;
    let extent = if horizontal { b.width() } else { b.height() };
    if extent <= 1 {
        return Ok(Value::Int(extent));
    }
    if is_odd(obj, context) {
        return period_generic(obj, &b, horizontal, extent, context);
    }
    let Patch::Object(cells) = &p else {
        // `for c, (i, j) in offsetted` cannot unpack a location.
        return Err(Error::type_error(context));
    };
    cells_period(cells, horizontal).map(Value::Int)
}

/// The period of an object's cells (see [`period`]): 0 for no cell.
fn cells_period(cells: &[Cell], horizontal: bool) -> Result<i64> {
    let Some(b) = cells_bounds(cells) else {
        return Ok(0);
    };
    let extent = if horizontal { b.width() } else { b.height() };
    let start = if horizontal { b.left } else { b.top } as i64;
    for k in 1..extent {
        budget::check()?;
        let ok = cells.iter().all(|c| {
            let (i, j) = c.loc;
            let x = if horizontal { j } else { i } as i64;
            if x - start < k {
                return true;
            }
            let back = (x - k) as i32;
            let loc = if horizontal { (i, back) } else { (back, j) };
            cells
                .binary_search(&Cell {
                    color: c.color,
                    loc,
                })
                .is_ok()
        });
        if ok {
            return Ok(k);
        }
    }
    Ok(extent)
}

/// `period` for containers that are neither `Indices` nor `Object`,
/// through generic values as the reference does it.
fn period_generic(
    obj: &Value,
    b: &Bounds,
    horizontal: bool,
    extent: i64,
    context: &'static str,
) -> Result<Value> {
    let (di, dj) = (Value::Int(-(b.top as i64)), Value::Int(-(b.left as i64)));
    let normalized = shift_generic(obj, &di, &dj, context)?;
    for k in 1..extent {
        budget::check()?;
        let (di, dj) = if horizontal { (0, -k) } else { (-k, 0) };
        let (di, dj) = (Value::Int(di), Value::Int(dj));
        let mut ok = true;
        for e in shift_generic(&normalized, &di, &dj, context)?.elems()? {
            let (_, loc) = unpack2(&e, context)?;
            let (i, j) = unpack2_num(&loc, context)?;
            if (if horizontal { j } else { i }) >= 0 && !normalized.contains(&e)? {
                ok = false;
            }
        }
        if ok {
            return Ok(Value::Int(k));
        }
    }
    Ok(Value::Int(extent))
}

pub fn hperiod_cells(obj: &Cells) -> Result<i64> {
    cells_period(obj, true)
}

pub fn vperiod_cells(obj: &Cells) -> Result<i64> {
    cells_period(obj, false)
}

pub fn hperiod(obj: &Value) -> Result<Value> {
    if let Value::Object(o) = obj {
        return hperiod_cells(o).map(Value::Int);
    }
    period(obj, true, "hperiod")
}

pub fn vperiod(obj: &Value) -> Result<Value> {
    if let Value::Object(o) = obj {
        return vperiod_cells(o).map(Value::Int);
    }
    period(obj, false, "vperiod")
}

// ----- kernels (see `typed`) ---------------------------------------------------

crate::kernel_table! {
    PATCH_KERNELS:
    shift(Object, Pair) -> Object = shift_cells;
    shift(Indices, Pair) -> Indices = shift_locs;
    color(Object) -> Int = color_cells;
    normalize(Object) -> Object = normalize_cells;
    normalize(Indices) -> Indices = normalize_locs;
    toindices(Object) -> Indices = toindices_cells;
    toindices(Indices) -> Indices = toindices_locs;
    recolor(Int, Indices) -> Object = recolor_locs;
    recolor(Int, Object) -> Object = recolor_cells;
    recolor(Int, LocSeq) -> Object = recolor_loc_seq;
    recolor(Int, CellSeq) -> Object = recolor_cell_seq;
    shift(LocSeq, Pair) -> Indices = shift_loc_seq;
    size(LocSeq) -> Int = size_loc_seq;
    size(CellSeq) -> Int = size_cell_seq;
    shoot(Pair, Pair) -> Indices = shoot_pairs;
    connect(Pair, Pair) -> Indices = connect_pairs;
    ulcorner(Indices) -> Pair = ulcorner_locs;
    ulcorner(Object) -> Pair = ulcorner_cells;
    urcorner(Indices) -> Pair = urcorner_locs;
    urcorner(Object) -> Pair = urcorner_cells;
    llcorner(Indices) -> Pair = llcorner_locs;
    llcorner(Object) -> Pair = llcorner_cells;
    lrcorner(Indices) -> Pair = lrcorner_locs;
    lrcorner(Object) -> Pair = lrcorner_cells;
    uppermost(Indices) -> Int = uppermost_locs;
    uppermost(Object) -> Int = uppermost_cells;
    lowermost(Indices) -> Int = lowermost_locs;
    lowermost(Object) -> Int = lowermost_cells;
    leftmost(Indices) -> Int = leftmost_locs;
    leftmost(Object) -> Int = leftmost_cells;
    rightmost(Indices) -> Int = rightmost_locs;
    rightmost(Object) -> Int = rightmost_cells;
    height(Grid) -> Int = height_grid;
    height(Indices) -> Int = height_locs;
    height(Object) -> Int = height_cells;
    width(Grid) -> Int = width_grid;
    width(Indices) -> Int = width_locs;
    width(Object) -> Int = width_cells;
    shape(Grid) -> Pair = shape_grid;
    shape(Indices) -> Pair = shape_locs;
    shape(Object) -> Pair = shape_cells;
    portrait(Grid) -> Bool = portrait_grid;
    portrait(Indices) -> Bool = portrait_locs;
    portrait(Object) -> Bool = portrait_cells;
    square(Grid) -> Bool = square_grid;
    square(Indices) -> Bool = square_locs;
    square(Object) -> Bool = square_cells;
    center(Indices) -> Pair = center_locs;
    center(Object) -> Pair = center_cells;
    centerofmass(Indices) -> Pair = centerofmass_locs;
    centerofmass(Object) -> Pair = centerofmass_cells;
    dneighbors(Pair) -> Indices = dneighbors_pair;
    ineighbors(Pair) -> Indices = ineighbors_pair;
    neighbors(Pair) -> Indices = neighbors_pair;
    vfrontier(Pair) -> Indices = vfrontier_pair;
    hfrontier(Pair) -> Indices = hfrontier_pair;
    backdrop(Indices) -> Indices = backdrop_locs;
    backdrop(Object) -> Indices = backdrop_cells;
    delta(Indices) -> Indices = delta_locs;
    delta(Object) -> Indices = delta_cells;
    r#box(Indices) -> Indices = box_locs;
    r#box(Object) -> Indices = box_cells;
    inbox(Indices) -> Indices = inbox_locs;
    inbox(Object) -> Indices = inbox_cells;
    outbox(Indices) -> Indices = outbox_locs;
    outbox(Object) -> Indices = outbox_cells;
    corners(Indices) -> Indices = corners_locs;
    corners(Object) -> Indices = corners_cells;
    hmirror(Grid) -> Grid = hmirror_grid;
    hmirror(Indices) -> Indices = hmirror_locs;
    hmirror(Object) -> Object = hmirror_cells;
    vmirror(Grid) -> Grid = vmirror_grid;
    vmirror(Indices) -> Indices = vmirror_locs;
    vmirror(Object) -> Object = vmirror_cells;
    dmirror(Grid) -> Grid = dmirror_grid;
    dmirror(Indices) -> Indices = dmirror_locs;
    dmirror(Object) -> Object = dmirror_cells;
    cmirror(Grid) -> Grid = cmirror_grid;
    cmirror(Indices) -> Indices = cmirror_locs;
    cmirror(Object) -> Object = cmirror_cells;
    vline(Indices) -> Bool = vline_locs;
    vline(Object) -> Bool = vline_cells;
    hline(Indices) -> Bool = hline_locs;
    hline(Object) -> Bool = hline_cells;
    hmatching(Indices, Indices) -> Bool = hmatching_locs;
    hmatching(Indices, Object) -> Bool = hmatching_locs_cells;
    hmatching(Object, Indices) -> Bool = hmatching_cells_locs;
    hmatching(Object, Object) -> Bool = hmatching_cells;
    vmatching(Indices, Indices) -> Bool = vmatching_locs;
    vmatching(Indices, Object) -> Bool = vmatching_locs_cells;
    vmatching(Object, Indices) -> Bool = vmatching_cells_locs;
    vmatching(Object, Object) -> Bool = vmatching_cells;
    manhattan(Indices, Indices) -> Int = manhattan_locs;
    manhattan(Indices, Object) -> Int = manhattan_locs_cells;
    manhattan(Object, Indices) -> Int = manhattan_cells_locs;
    manhattan(Object, Object) -> Int = manhattan_cells;
    adjacent(Indices, Indices) -> Bool = adjacent_locs;
    adjacent(Indices, LocSeq) -> Bool = adjacent_locs_loc_seq;
    adjacent(Indices, Object) -> Bool = adjacent_locs_cells;
    adjacent(Object, Indices) -> Bool = adjacent_cells_locs;
    adjacent(Object, Object) -> Bool = adjacent_cells;
    position(Indices, Indices) -> Pair = position_locs;
    position(Indices, Object) -> Pair = position_locs_cells;
    position(Object, Indices) -> Pair = position_cells_locs;
    position(Object, Object) -> Pair = position_cells;
    gravitate(Indices, Indices) -> Pair = gravitate_locs;
    gravitate(Indices, Object) -> Pair = gravitate_locs_cells;
    gravitate(Object, Indices) -> Pair = gravitate_cells_locs;
    gravitate(Object, Object) -> Pair = gravitate_cells;
    bordering(Indices, Grid) -> Bool = bordering_locs;
    bordering(Object, Grid) -> Bool = bordering_cells;
    upscale(Grid, Int) -> Grid = upscale_grid;
    upscale(Object, Int) -> Object = upscale_cells;
    hperiod(Object) -> Int = hperiod_cells;
    vperiod(Object) -> Int = vperiod_cells;
    colorfilter(Objects, Int) -> Objects = colorfilter_objects;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A shift keeps every location within i32 or is unsupported, both
    /// where the offsets fit i32 (the vectorised sums) and where they do
    /// not (up to 2^32 an offset can still bring a negative coordinate
    /// back into range).
    #[test]
    fn shifts_stay_within_i32() {
        let max = i64::from(i32::MAX);
        let locs = [(5, 0), (-7, 3)];
        let cells = [Cell::new(2, 5, 0), Cell::new(3, -7, 3)];
        let ok = |d: (i64, i64)| {
            let l = shifted(&locs, d, "t").ok().map(|s| s.to_vec());
            let c = shifted(&cells, d, "t").ok();
            // Cells move as their locations do, colours kept.
            let c = c.map(|c| c.iter().map(|c| c.loc).collect::<Vec<_>>());
            assert_eq!(l, c, "{d:?}");
            l
        };
        assert_eq!(ok((1, -2)), Some(vec![(6, -2), (-6, 1)]));
        assert_eq!(
            ok((max - 5, 0)),
            Some(vec![(i32::MAX, 0), (i32::MAX - 12, 3)])
        );
        assert_eq!(ok((max - 4, 0)), None);
        assert_eq!(
            ok((0, -max - 1)),
            Some(vec![(5, i32::MIN), (-7, i32::MIN + 3)])
        );
        assert_eq!(ok((0, -max - 2)), None);
        // Offsets beyond i32.
        let locs2 = [(-10, 0)];
        assert_eq!(
            shifted(&locs2, (1 << 31, 0), "t").unwrap().to_vec(),
            vec![(i32::MAX - 9, 0)]
        );
        assert!(shifted(&locs2, (1 << 31, 1 << 32), "t").is_err());
        assert!(shifted(&locs, ((1 << 32) + 1, 0), "t").is_err());
    }

    /// The spans of [`lines_union`] against the reference's way, every
    /// pair's `connect` kept by `hline`, `vline`, `either` of them or
    /// nothing (and by `size > 1`, or not) and merged, on the inputs of the bundled ARC tasks: each
    /// colour's cells with themselves, with the next colour's (two
    /// different sets) and with a set shifted off the grid, and the
    /// empty set.
    #[test]
    fn lines_union_is_the_union_of_every_pairs_line() {
        let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/arc");
        let tasks = crate::task::load(&data).tasks;
        assert!(tasks.len() >= 20);
        let keep = |line: &Value, directions: u8| -> bool {
            let test = |f: fn(&Value) -> Result<Value>| f(line).unwrap() == Value::Bool(true);
            if directions & LINE_LONG != 0
                && crate::primitives::containers::size(line).unwrap() == Value::Int(1)
            {
                return false;
            }
            let straight = directions & !LINE_LONG;
            match straight {
                LINE_ROWS => test(hline),
                LINE_COLUMNS => test(vline),
                _ if straight == LINE_ROWS | LINE_COLUMNS => test(hline) || test(vline),
                _ => true,
            }
        };
        let mut lines = 0;
        for task in tasks.iter().take(24) {
            for example in task.samples().take(2) {
                let g = example.input();
                let mut colors: Vec<Color> = g.cells().to_vec();
                colors.sort_unstable();
                colors.dedup();
                let of = |c: Color| -> Locs {
                    (0..g.height() as i32)
                        .flat_map(|i| (0..g.width() as i32).map(move |j| (i, j)))
                        .filter(|&(i, j)| g.cells()[i as usize * g.width() + j as usize] == c)
                        .collect()
                };
                for (k, &c) in colors.iter().enumerate() {
                    let a = of(c);
                    let next = of(colors[(k + 1) % colors.len()]);
                    let shifted: Locs = next.iter().map(|&(i, j)| (i - 7, j + 40)).collect();
                    let empty: Locs = Arc::from(Vec::new());
                    for b in [&a, &next, &shifted, &empty] {
                        for directions in [
                            LINE_ROWS,
                            LINE_COLUMNS,
                            LINE_ROWS | LINE_COLUMNS,
                            LINE_ALL,
                            LINE_ROWS | LINE_COLUMNS | LINE_LONG,
                            LINE_ALL | LINE_LONG,
                        ] {
                            let mut want: Vec<Loc> = Vec::new();
                            for y in b.iter() {
                                for x in a.iter() {
                                    let line = connect(
                                        &Value::pair(x.0 as i64, x.1 as i64),
                                        &Value::pair(y.0 as i64, y.1 as i64),
                                    )
                                    .unwrap();
                                    if keep(&line, directions) {
                                        let Value::Indices(s) = line else {
                                            panic!("{line}")
                                        };
                                        want.extend(s.iter().copied());
                                    }
                                }
                            }
                            want.sort_unstable();
                            want.dedup();
                            lines += want.len();
                            let got = lines_union(&a, b, directions).unwrap();
                            assert_eq!(&got[..], &want[..], "{} colour {c} {directions}", task.id);
                        }
                    }
                }
            }
        }
        assert!(lines > 10_000, "{lines}");
    }

    /// Rows or columns held by both patches, by bits where every key of the
    /// first is in 0..128 and by sorted keys otherwise, against the keys
    /// compared pair by pair: keys at the mask's ends and past them, patches
    /// of locations and of cells, empty ones.
    #[test]
    fn matching_is_a_shared_key() {
        let keys = [-129, -1, 0, 1, 63, 64, 127, 128, 300];
        let mut sets: Vec<Vec<i32>> = vec![vec![]];
        for (x, &a) in keys.iter().enumerate() {
            sets.push(vec![a]);
            sets.extend(keys[x + 1..].iter().map(|&b| vec![a, b]));
        }
        for axis in 0..2 {
            let locs = |ks: &[i32]| -> Vec<Loc> {
                ks.iter()
                    .map(|&k| {
                        if axis == 0 {
                            (k, 2 * k + 1)
                        } else {
                            (3 - k, k)
                        }
                    })
                    .collect()
            };
            for a in &sets {
                for b in &sets {
                    let shared = a.iter().any(|k| b.contains(k));
                    let (la, lb) = (locs(a), locs(b));
                    let cells: Vec<Cell> = lb.iter().map(|&loc| Cell { color: 4, loc }).collect();
                    let pa = Patch::Indices(Cow::Borrowed(&la[..]));
                    let pb = Patch::Indices(Cow::Borrowed(&lb[..]));
                    let pc = Patch::Object(Cow::Borrowed(&cells[..]));
                    for (x, y) in [(&pa, &pb), (&pb, &pa), (&pc, &pa), (&pa, &pc)] {
                        assert_eq!(patches_matching(x, y, axis), shared, "{a:?} {b:?} {axis}");
                    }
                }
            }
        }
    }
}
