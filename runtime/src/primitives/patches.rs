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

use std::borrow::Cow;
use std::sync::Arc;

use crate::budget;
use crate::error::{Error, Result};
use crate::primitives::grids::permuted_cells;
use crate::values::{cell_value, row_value, Cell, Color, Grid, Kind, Loc, Patch, Value};

/// `vfrontier` / `hfrontier` cover rows (columns) `0..30`.
const FRONTIER_LEN: i32 = 30;
/// `shoot` draws to `start + 42 * direction`.
const SHOOT_REACH: i64 = 42;
/// `gravitate` gives up after this many steps.
const GRAVITATE_STEPS: i64 = 42;

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

/// Build an `Indices` value from locations already sorted and distinct.
fn sorted_indices(locs: Vec<Loc>) -> Value {
    debug_assert!(locs.windows(2).all(|w| w[0] < w[1]));
    Value::Indices(locs.into())
}

/// Build an `Object` value from cells already sorted and distinct.
fn sorted_object(cells: Vec<Cell>) -> Value {
    debug_assert!(cells.windows(2).all(|w| w[0] < w[1]));
    Value::Object(cells.into())
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
            locs.sort_unstable();
            locs.dedup();
            Ok(Patch::Indices(Cow::Owned(locs)))
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
    fn height(&self) -> i64 {
        self.bottom as i64 - self.top as i64 + 1
    }
    fn width(&self) -> i64 {
        self.right as i64 - self.left as i64 + 1
    }
}

fn bounds(p: &Patch) -> Option<Bounds> {
    match p {
        Patch::Indices(s) => {
            let (&(top, j0), &(bottom, _)) = (s.first()?, s.last()?);
            let (mut left, mut right) = (j0, j0);
            for &(_, j) in s.iter() {
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
        Patch::Object(s) => {
            let (i0, j0) = s.first()?.loc;
            let mut b = Bounds {
                top: i0,
                left: j0,
                bottom: i0,
                right: j0,
            };
            for c in s.iter() {
                let (i, j) = c.loc;
                b.top = b.top.min(i);
                b.bottom = b.bottom.max(i);
                b.left = b.left.min(j);
                b.right = b.right.max(j);
            }
            Some(b)
        }
    }
}

/// The bounding box of a patch value; `min()` of an empty patch is a
/// ValueError in the reference.
fn patch_bounds(v: &Value, context: &'static str) -> Result<Bounds> {
    bounds(&patch_of(v, context)?).ok_or(Error::value_error(context))
}

/// The locations of a patch, sorted and distinct (borrowed for `Indices`).
fn sorted_locs<'a>(p: &'a Patch<'a>) -> Cow<'a, [Loc]> {
    p.locs()
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

pub fn height(piece: &Value) -> Result<Value> {
    height_of(piece, "height").map(Value::Int)
}

pub fn width(piece: &Value) -> Result<Value> {
    width_of(piece, "width").map(Value::Int)
}

pub fn shape(piece: &Value) -> Result<Value> {
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

pub fn colorfilter(objs: &Value, value: &Value) -> Result<Value> {
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

pub fn color(obj: &Value) -> Result<Value> {
    const CTX: &str = "color";
    match obj {
        Value::Object(s) => s
            .first()
            .map(|c| Value::Int(c.color as i64))
            .ok_or(Error::stop_iteration(CTX)),
        Value::Indices(s) => s
            .first()
            .map(|&(i, _)| Value::Int(i as i64))
            .ok_or(Error::stop_iteration(CTX)),
        _ => subscript(&first_elem(obj, CTX)?, 0, CTX),
    }
}

// ----- corners and extremes -------------------------------------------------------------

/// The reference zips the locations: an empty patch gives the empty tuple.
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
    corner(patch, "ulcorner", |b| (b.top, b.left), |_| Some(true))
}

pub fn urcorner(patch: &Value) -> Result<Value> {
    corner(
        patch,
        "urcorner",
        |b| (b.top, b.right),
        |k| [true, false].get(k).copied(),
    )
}

pub fn llcorner(patch: &Value) -> Result<Value> {
    corner(
        patch,
        "llcorner",
        |b| (b.bottom, b.left),
        |k| [false, true].get(k).copied(),
    )
}

pub fn lrcorner(patch: &Value) -> Result<Value> {
    corner(patch, "lrcorner", |b| (b.bottom, b.right), |_| Some(false))
}

pub fn uppermost(patch: &Value) -> Result<Value> {
    if let Value::Indices(s) = patch {
        let &(i, _) = s.first().ok_or(Error::value_error("uppermost"))?;
        return Ok(Value::Int(i as i64));
    }
    Ok(Value::Int(patch_bounds(patch, "uppermost")?.top as i64))
}

pub fn lowermost(patch: &Value) -> Result<Value> {
    if let Value::Indices(s) = patch {
        let &(i, _) = s.last().ok_or(Error::value_error("lowermost"))?;
        return Ok(Value::Int(i as i64));
    }
    Ok(Value::Int(patch_bounds(patch, "lowermost")?.bottom as i64))
}

pub fn leftmost(patch: &Value) -> Result<Value> {
    Ok(Value::Int(patch_bounds(patch, "leftmost")?.left as i64))
}

pub fn rightmost(patch: &Value) -> Result<Value> {
    Ok(Value::Int(patch_bounds(patch, "rightmost")?.right as i64))
}

pub fn corners(patch: &Value) -> Result<Value> {
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
        Some(b) => Ok(Value::indices(vec![
            (b.top, b.left),
            (b.top, b.right),
            (b.bottom, b.left),
            (b.bottom, b.right),
        ])),
        // Four empty tuples collapse into one.
        None => Ok(Value::set(vec![Value::empty_tuple()])),
    }
}

// ----- indices, recolouring, shifting --------------------------------------------------------

pub fn toindices(patch: &Value) -> Result<Value> {
    const CTX: &str = "toindices";
    match patch {
        Value::Indices(_) => Ok(patch.clone()),
        Value::Object(s) => Ok(Value::Indices(
            Patch::Object(Cow::Borrowed(s)).locs().into(),
        )),
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

pub fn recolor(value: &Value, patch: &Value) -> Result<Value> {
    const CTX: &str = "recolor";
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
    match value.number().map(Color::try_from) {
        Some(Ok(color)) => Ok(sorted_object(
            locs.iter().map(|&loc| Cell { color, loc }).collect(),
        )),
        Some(Err(_)) => Err(Error::unsupported(CTX)),
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

/// Shift every location of `p` by `(di, dj)`, keeping its shape. Both
/// shapes stay sorted under a shift.
fn shift_patch(p: &Patch, di: i64, dj: i64, context: &'static str) -> Result<Value> {
    let mv = |(i, j): Loc| -> Result<Loc> {
        Ok((
            add_coord(i as i64, di, context)?,
            add_coord(j as i64, dj, context)?,
        ))
    };
    match p {
        Patch::Indices(s) => Ok(sorted_indices(
            s.iter().map(|&l| mv(l)).collect::<Result<_>>()?,
        )),
        Patch::Object(s) => Ok(sorted_object(
            s.iter()
                .map(|c| {
                    Ok(Cell {
                        color: c.color,
                        loc: mv(c.loc)?,
                    })
                })
                .collect::<Result<_>>()?,
        )),
    }
}

pub fn shift(patch: &Value, directions: &Value) -> Result<Value> {
    const CTX: &str = "shift";
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

pub fn normalize(patch: &Value) -> Result<Value> {
    const CTX: &str = "normalize";
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
    if (b.top, b.left) == (0, 0) && matches!(patch, Value::Indices(_) | Value::Object(_)) {
        return Ok(patch.clone());
    }
    shift_patch(&p, -(b.top as i64), -(b.left as i64), CTX)
}

// ----- neighbourhoods ---------------------------------------------------------------------

fn around(loc: &Value, context: &'static str, offsets: &[(i64, i64)]) -> Result<Value> {
    let (i, j) = subscript_pair(loc, context)?;
    let locs = offsets
        .iter()
        .map(|&(di, dj)| Ok((add_coord(i, di, context)?, add_coord(j, dj, context)?)))
        .collect::<Result<Vec<_>>>()?;
    // Offsets are listed in ascending order.
    Ok(sorted_indices(locs))
}

pub fn dneighbors(loc: &Value) -> Result<Value> {
    around(loc, "dneighbors", &[(-1, 0), (0, -1), (0, 1), (1, 0)])
}

pub fn ineighbors(loc: &Value) -> Result<Value> {
    around(loc, "ineighbors", &[(-1, -1), (-1, 1), (1, -1), (1, 1)])
}

pub fn neighbors(loc: &Value) -> Result<Value> {
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

// ----- shape predicates -----------------------------------------------------------------------

pub fn square(piece: &Value) -> Result<Value> {
    const CTX: &str = "square";
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
        b.height() * b.width() == n && b.height() == b.width(),
    ))
}

pub fn vline(patch: &Value) -> Result<Value> {
    const CTX: &str = "vline";
    if height_of(patch, CTX)? != py_len(patch, CTX)? {
        return Ok(Value::Bool(false));
    }
    Ok(Value::Bool(width_of(patch, CTX)? == 1))
}

pub fn hline(patch: &Value) -> Result<Value> {
    const CTX: &str = "hline";
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
    let key = |l: Loc| if axis == 0 { l.0 } else { l.1 };
    let mut ka: Vec<i32> = collect_keys(&pa, key);
    let mut kb: Vec<i32> = collect_keys(&pb, key);
    if ka.is_empty() || kb.is_empty() {
        return Ok(false);
    }
    ka.sort_unstable();
    kb.sort_unstable();
    // Merge-walk the two sorted lists.
    let (mut x, mut y) = (0, 0);
    while x < ka.len() && y < kb.len() {
        match ka[x].cmp(&kb[y]) {
            std::cmp::Ordering::Less => x += 1,
            std::cmp::Ordering::Greater => y += 1,
            std::cmp::Ordering::Equal => return Ok(true),
        }
    }
    Ok(false)
}

fn collect_keys(p: &Patch, key: impl Fn(Loc) -> i32) -> Vec<i32> {
    match p {
        Patch::Indices(s) => s.iter().map(|&l| key(l)).collect(),
        Patch::Object(s) => s.iter().map(|c| key(c.loc)).collect(),
    }
}

pub fn hmatching(a: &Value, b: &Value) -> Result<Value> {
    matching(a, b, 0, "hmatching").map(Value::Bool)
}

pub fn vmatching(a: &Value, b: &Value) -> Result<Value> {
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

/// The smallest Manhattan distance between `a` shifted by `(di, dj)` and
/// `b`, with the reference's ValueError when either is empty. The search
/// stops early at 0, the smallest possible distance.
fn min_distance(a: &Patch, b: &Patch, (di, dj): (i64, i64), context: &'static str) -> Result<i64> {
    if a.is_empty() || b.is_empty() {
        return Err(Error::value_error(context));
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

pub fn manhattan(a: &Value, b: &Value) -> Result<Value> {
    const CTX: &str = "manhattan";
    let pa = patch_of(a, CTX)?;
    if pa.is_empty() {
        // `toindices(b)` is never reached.
        return Err(Error::value_error(CTX));
    }
    let pb = patch_of(b, CTX)?;
    min_distance(&pa, &pb, (0, 0), CTX).map(Value::Int)
}

pub fn adjacent(a: &Value, b: &Value) -> Result<Value> {
    const CTX: &str = "adjacent";
    let pa = patch_of(a, CTX)?;
    if pa.is_empty() {
        return Err(Error::value_error(CTX));
    }
    let pb = patch_of(b, CTX)?;
    Ok(Value::Bool(min_distance(&pa, &pb, (0, 0), CTX)? == 1))
}

pub fn bordering(patch: &Value, grid: &Value) -> Result<Value> {
    const CTX: &str = "bordering";
    let b = patch_bounds(patch, CTX)?;
    // Short-circuits as the reference's `or` chain does.
    if b.top == 0 || b.left == 0 {
        return Ok(Value::Bool(true));
    }
    if b.bottom as i64 == py_len(grid, CTX)? - 1 {
        return Ok(Value::Bool(true));
    }
    Ok(Value::Bool(b.right as i64 == len_of_first(grid, CTX)? - 1))
}

pub fn centerofmass(patch: &Value) -> Result<Value> {
    const CTX: &str = "centerofmass";
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
    let n = py_len(patch, CTX)?;
    let (si, sj) = if patch.is_tuple() && toindices(patch)?.is_tuple() {
        let mut sums = (0i64, 0i64);
        for item in patch.elems()? {
            let (i, j) = unpack2_num(&item, CTX)?;
            sums = (sums.0 + i, sums.1 + j);
        }
        sums
    } else {
        sorted_locs(&p)
            .iter()
            .fold((0, 0), |(a, b), &(i, j)| (a + i as i64, b + j as i64))
    };
    Ok(Value::Pair(si.div_euclid(n), sj.div_euclid(n)))
}

/// `center` of a piece: the top-left of the bounding box plus half its size
/// (a tuple's height and width are its length and its first item's length).
fn center_of(piece: &Value, context: &'static str) -> Result<(i64, i64)> {
    let b = patch_bounds(piece, context)?;
    let (h, w) = if piece.is_tuple() {
        (height_of(piece, context)?, width_of(piece, context)?)
    } else {
        (b.height(), b.width())
    };
    Ok((
        b.top as i64 + h.div_euclid(2),
        b.left as i64 + w.div_euclid(2),
    ))
}

pub fn center(patch: &Value) -> Result<Value> {
    let (i, j) = center_of(patch, "center")?;
    Ok(Value::Pair(i, j))
}

pub fn position(a: &Value, b: &Value) -> Result<Value> {
    const CTX: &str = "position";
    let (ia, ja) = center_of(indices_for_center(a)?.as_ref(), CTX)?;
    let (ib, jb) = center_of(indices_for_center(b)?.as_ref(), CTX)?;
    let side = |x: i64, y: i64| if x < y { 1 } else { -1 };
    Ok(if ia == ib {
        Value::Pair(0, side(ja, jb))
    } else if ja == jb {
        Value::Pair(side(ia, ib), 0)
    } else {
        Value::Pair(side(ia, ib), side(ja, jb))
    })
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

/// Mirror every location of a non-empty patch with `f`, keeping its shape.
fn map_patch(p: &Patch, context: &'static str, f: impl Fn(Loc) -> (i64, i64)) -> Result<Value> {
    let mv = |l: Loc| -> Result<Loc> {
        let (i, j) = f(l);
        Ok((coord(i, context)?, coord(j, context)?))
    };
    match p {
        Patch::Indices(s) => {
            let mut v = s.iter().map(|&l| mv(l)).collect::<Result<Vec<_>>>()?;
            v.sort_unstable();
            Ok(sorted_indices(v))
        }
        Patch::Object(s) => {
            let mut v = s
                .iter()
                .map(|c| {
                    Ok(Cell {
                        color: c.color,
                        loc: mv(c.loc)?,
                    })
                })
                .collect::<Result<Vec<_>>>()?;
            v.sort_unstable();
            Ok(sorted_object(v))
        }
    }
}

/// The bounding box of a patch to mirror; `ulcorner(empty)[0]` is an
/// IndexError, unpacking it a ValueError (`empty_error`).
fn mirror_bounds<'a>(
    piece: &'a Value,
    context: &'static str,
    empty_error: Error,
) -> Result<(Patch<'a>, Bounds)> {
    let p = patch_of(piece, context)?;
    let b = bounds(&p).ok_or(empty_error)?;
    Ok((p, b))
}

/// A generic tuple reversed (Python `t[::-1]`); a type error for sets and
/// numbers.
fn reversed_tuple(v: &Value, context: &'static str) -> Result<Value> {
    match v {
        Value::Pair(a, b) => Ok(Value::Pair(*b, *a)),
        Value::Grid(g) => {
            let (h, w) = (g.height(), g.width());
            let mut cells = Vec::with_capacity(h * w);
            for i in (0..h).rev() {
                cells.extend_from_slice(g.row(i));
            }
            Ok(Value::grid(Grid::new(h, w, cells)))
        }
        Value::Tuple(t) => Ok(Value::tuple(t.iter().rev().cloned().collect())),
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

/// A grid whose cell `(a, b)` is `f(a, b)` for the given output dimensions.
fn grid_from_fn(h: usize, w: usize, f: impl Fn(usize, usize) -> Color) -> Value {
    let mut cells = Vec::with_capacity(h * w);
    for a in 0..h {
        for b in 0..w {
            cells.push(f(a, b));
        }
    }
    Value::grid(Grid::new(h, w, cells))
}

pub fn hmirror(piece: &Value) -> Result<Value> {
    const CTX: &str = "hmirror";
    if piece.is_tuple() {
        return reversed_tuple(piece, CTX);
    }
    let (p, b) = mirror_bounds(piece, CTX, Error::index_error(CTX))?;
    let d = b.top as i64 + b.bottom as i64;
    map_patch(&p, CTX, |(i, j)| (d - i as i64, j as i64))
}

pub fn vmirror(piece: &Value) -> Result<Value> {
    const CTX: &str = "vmirror";
    if piece.is_tuple() {
        if let Some(g) = tuple_grid(piece) {
            let w = g.width();
            return Ok(grid_from_fn(g.height(), w, |a, b| g.get(a, w - 1 - b)));
        }
        let rows = piece.elems_cow()?;
        let out = rows
            .iter()
            .map(|r| reversed_tuple(r, CTX))
            .collect::<Result<Vec<_>>>()?;
        return Ok(Value::tuple(out));
    }
    let (p, b) = mirror_bounds(piece, CTX, Error::index_error(CTX))?;
    let d = b.left as i64 + b.right as i64;
    map_patch(&p, CTX, |(i, j)| (i as i64, d - j as i64))
}

pub fn dmirror(piece: &Value) -> Result<Value> {
    const CTX: &str = "dmirror";
    if piece.is_tuple() {
        if let Some(g) = tuple_grid(piece) {
            // Row i of the grid becomes column i.
            let h = g.height();
            let cells = permuted_cells(&g, |i, j| j * h + i);
            return Ok(Value::grid(Grid::new(g.width(), h, cells)));
        }
        return zip_rows(&piece.elems_cow()?, CTX);
    }
    let (p, b) = mirror_bounds(piece, CTX, Error::value_error(CTX))?;
    let (t, l) = (b.top as i64, b.left as i64);
    map_patch(&p, CTX, |(i, j)| (j as i64 - l + t, i as i64 - t + l))
}

pub fn cmirror(piece: &Value) -> Result<Value> {
    const CTX: &str = "cmirror";
    if piece.is_tuple() {
        if let Some(g) = tuple_grid(piece) {
            // The transpose about the other diagonal.
            let (h, w) = (g.height(), g.width());
            let cells = permuted_cells(&g, |i, j| (w - 1 - j) * h + (h - 1 - i));
            return Ok(Value::grid(Grid::new(w, h, cells)));
        }
        let rows = piece
            .elems_cow()?
            .iter()
            .rev()
            .map(|r| reversed_tuple(r, CTX))
            .collect::<Result<Vec<_>>>()?;
        return zip_rows(&rows, CTX);
    }
    // vmirror, then dmirror, then vmirror again, in one step.
    let (p, b) = mirror_bounds(piece, CTX, Error::index_error(CTX))?;
    let (t, l, bo, r) = (b.top as i64, b.left as i64, b.bottom as i64, b.right as i64);
    map_patch(&p, CTX, |(i, j)| (t + r - j as i64, l + bo - i as i64))
}

// ----- upscaling --------------------------------------------------------------------------------

fn upscale_grid(g: &Grid, f: usize, context: &'static str) -> Result<Value> {
    let (h, w) = (g.height(), g.width());
    let (nh, nw) = match (h.checked_mul(f), w.checked_mul(f)) {
        (Some(nh), Some(nw)) => (nh, nw),
        _ => return Err(Error::unsupported(context)),
    };
    budget::check_size(
        nh.checked_mul(nw).ok_or(Error::unsupported(context))?,
        context,
    )?;
    let mut cells = Vec::with_capacity(nh * nw);
    for row in g.rows() {
        let start = cells.len();
        for &c in row {
            cells.extend(std::iter::repeat_n(c, f));
        }
        for _ in 1..f {
            cells.extend_from_within(start..start + nw);
        }
    }
    Ok(Value::grid(Grid::new(nh, nw, cells)))
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
            return upscale_grid(&g, f, CTX);
        }
        return upscale_tuple(element, f, CTX);
    }
    let p = patch_of(element, CTX)?;
    let Some(b) = bounds(&p) else {
        return Ok(Value::empty_set());
    };
    let Patch::Object(cells) = &p else {
        // `for value, (i, j) in normed_obj` cannot unpack a location.
        return Err(Error::type_error(CTX));
    };
    let f = factor.as_int(CTX)?;
    if f <= 0 {
        // Nothing is added, and shifting the empty set returns it.
        return Ok(Value::empty_set());
    }
    let n = i64::try_from(cells.len())
        .ok()
        .and_then(|n| n.checked_mul(f)?.checked_mul(f))
        .ok_or(Error::unsupported(CTX))?;
    budget::check_size(
        usize::try_from(n).map_err(|_| Error::unsupported(CTX))?,
        CTX,
    )?;
    let (t, l) = (b.top as i64, b.left as i64);
    let mut out = Vec::with_capacity(n as usize);
    for c in cells.iter() {
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
    Ok(Value::object(out))
}

// ----- lines and boxes ---------------------------------------------------------------------------

/// The number of integers in `from..=to_inclusive`, within the size budget.
fn line_len(from: i64, to_inclusive: i64, context: &'static str) -> Result<usize> {
    let n = (to_inclusive as i128 - from as i128 + 1).max(0);
    let n = usize::try_from(n).map_err(|_| Error::unsupported(context))?;
    budget::check_size(n, context)?;
    Ok(n)
}

/// The reference's `connect` on numbers.
fn connect_nums(
    (ai, aj): (i64, i64),
    (bi, bj): (i64, i64),
    context: &'static str,
) -> Result<Value> {
    let (si, ei) = (ai.min(bi), ai.max(bi));
    let (sj, ej) = (aj.min(bj), aj.max(bj));
    // Differences of arbitrary i64 inputs, without overflow.
    let (di, dj) = (bi as i128 - ai as i128, bj as i128 - aj as i128);
    // Every line is built in ascending order, straight into its `Arc` (one
    // allocation; `connect` runs once per pair of a `product`).
    let locs: Arc<[Loc]> = if ai == bi {
        line_len(sj, ej, context)?;
        let i = coord(ai, context)?;
        coord(sj, context)?;
        coord(ej, context)?;
        (sj..=ej).map(|j| (i, j as i32)).collect()
    } else if aj == bj {
        line_len(si, ei, context)?;
        let j = coord(aj, context)?;
        coord(si, context)?;
        coord(ei, context)?;
        (si..=ei).map(|i| (i as i32, j)).collect()
    } else if di == dj || di == -dj {
        let n = line_len(si, ei, context)?;
        for x in [si, ei, sj, ej] {
            coord(x, context)?;
        }
        if di == dj {
            (0..n as i64)
                .map(|k| ((si + k) as i32, (sj + k) as i32))
                .collect()
        } else {
            (0..n as i64)
                .map(|k| ((si + k) as i32, (ej - k) as i32))
                .collect()
        }
    } else {
        Arc::from([])
    };
    debug_assert!(locs.windows(2).all(|w| w[0] < w[1]));
    Ok(Value::Indices(locs))
}

pub fn connect(a: &Value, b: &Value) -> Result<Value> {
    const CTX: &str = "connect";
    if let (Value::Pair(ai, aj), Value::Pair(bi, bj)) = (a, b) {
        return connect_nums((*ai, *aj), (*bi, *bj), CTX);
    }
    let (ai, aj) = unpack2(a, CTX)?;
    let (bi, bj) = unpack2(b, CTX)?;
    let num = |x: &Value| x.number().ok_or(Error::type_error(CTX));
    connect_nums((num(&ai)?, num(&aj)?), (num(&bi)?, num(&bj)?), CTX)
}

pub fn shoot(start: &Value, direction: &Value) -> Result<Value> {
    const CTX: &str = "shoot";
    let far = |s: i64, d: i64| {
        d.checked_mul(SHOOT_REACH)
            .and_then(|x| x.checked_add(s))
            .ok_or(Error::unsupported(CTX))
    };
    // `start[k] + 42 * direction[k]`, subscripts first.
    let end = |k: usize| -> Result<i64> {
        let s = subscript(start, k, CTX)?;
        let d = subscript(direction, k, CTX)?;
        match (s.number(), d.number()) {
            (Some(s), Some(d)) => far(s, d),
            _ => Err(Error::type_error(CTX)),
        }
    };
    let (e0, e1) = (end(0)?, end(1)?);
    let a = unpack2_num(start, CTX)?;
    connect_nums(a, (e0, e1), CTX)
}

/// The 30 locations of a column (`vertical`) or row through `location`.
fn frontier(location: &Value, vertical: bool, context: &'static str) -> Result<Value> {
    let x = subscript(location, if vertical { 1 } else { 0 }, context)?;
    if let Some(x) = x.number().and_then(|n| i32::try_from(n).ok()) {
        let locs = (0..FRONTIER_LEN)
            .map(|k| if vertical { (k, x) } else { (x, k) })
            .collect();
        return Ok(sorted_indices(locs));
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

pub fn vfrontier(location: &Value) -> Result<Value> {
    frontier(location, true, "vfrontier")
}

pub fn hfrontier(location: &Value) -> Result<Value> {
    frontier(location, false, "hfrontier")
}

/// All locations of the rectangle `top..=bottom` x `left..=right`, with
/// `skip` (sorted) left out.
fn rectangle(b: &Bounds, skip: &[Loc], context: &'static str) -> Result<Value> {
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
    Ok(sorted_indices(out))
}

pub fn backdrop(patch: &Value) -> Result<Value> {
    const CTX: &str = "backdrop";
    // Current arc-dsl returns early on an empty patch (older versions raised).
    if patch.len()? == 0 {
        return Ok(Value::empty_set());
    }
    rectangle(&patch_bounds(patch, CTX)?, &[], CTX)
}

pub fn delta(patch: &Value) -> Result<Value> {
    const CTX: &str = "delta";
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
    rectangle(&b, &sorted_locs(&p), CTX)
}

/// The outline of the rectangle spanned by two corners given in any order.
fn outline(a: (i64, i64), b: (i64, i64), context: &'static str) -> Result<Value> {
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
    Ok(sorted_indices(out))
}

pub fn inbox(patch: &Value) -> Result<Value> {
    const CTX: &str = "inbox";
    let b = patch_bounds(patch, CTX)?;
    let (t, l, bo, r) = (b.top as i64, b.left as i64, b.bottom as i64, b.right as i64);
    outline((t + 1, l + 1), (bo - 1, r - 1), CTX)
}

pub fn outbox(patch: &Value) -> Result<Value> {
    const CTX: &str = "outbox";
    let b = patch_bounds(patch, CTX)?;
    let (t, l, bo, r) = (b.top as i64, b.left as i64, b.bottom as i64, b.right as i64);
    outline((t - 1, l - 1), (bo + 1, r + 1), CTX)
}

pub fn r#box(patch: &Value) -> Result<Value> {
    const CTX: &str = "box";
    // Current arc-dsl returns early on an empty patch (older versions raised).
    if patch.len()? == 0 {
        return Ok(patch.clone());
    }
    let b = patch_bounds(patch, CTX)?;
    outline(
        (b.top as i64, b.left as i64),
        (b.bottom as i64, b.right as i64),
        CTX,
    )
}

// ----- gravitate ---------------------------------------------------------------------------------

pub fn gravitate(source: &Value, destination: &Value) -> Result<Value> {
    const CTX: &str = "gravitate";
    let (si, sj) = center_of(source, CTX)?;
    let (di, dj) = center_of(destination, CTX)?;
    let ps = patch_of(source, CTX)?;
    let pd = patch_of(destination, CTX)?;
    let step = |a: i64, b: i64| if a < b { 1 } else { -1 };
    let (i, j) = if matching(source, destination, 1, CTX)? {
        (step(si, di), 0)
    } else {
        (0, step(sj, dj))
    };
    let mut c = 0;
    while c < GRAVITATE_STEPS && min_distance(&ps, &pd, (c * i, c * j), CTX)? != 1 {
        c += 1;
        // The reference shifts the source each step: it must stay
        // representable.
        if let Some(b) = bounds(&ps) {
            coord(b.top as i64 + c * i, CTX)?;
            coord(b.bottom as i64 + c * i, CTX)?;
            coord(b.left as i64 + c * j, CTX)?;
            coord(b.right as i64 + c * j, CTX)?;
        }
    }
    Ok(Value::Pair(c * i, c * j))
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
            return Ok(Value::Int(k));
        }
    }
    Ok(Value::Int(extent))
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

pub fn hperiod(obj: &Value) -> Result<Value> {
    period(obj, true, "hperiod")
}

pub fn vperiod(obj: &Value) -> Result<Value> {
    period(obj, false, "vperiod")
}

// ----- kernels (see `typed`) ---------------------------------------------------

crate::kernel_table! {
    PATCH_KERNELS:
}
