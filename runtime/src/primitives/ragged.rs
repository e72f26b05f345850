//! Tuples of rows that are not grids: rows of different lengths (`vconcat`
//! of a 3-wide and a 2-wide grid is `((1, 2, 3), (4, 5))` in the
//! reference), or rows holding values that are not colours.
//!
//! Where the reference only slices the outer tuple or maps each row, it goes
//! on with such tuples, and so do these functions: each is the reference's
//! expression on generic values, used by the grid primitives when their
//! argument is a tuple that [`Value::as_grid`] refuses. (Primitives built on
//! `zip(*grid)`, such as `dmirror`, already follow Python's truncation in
//! `patches.rs`; colour counting in `grids.rs` flattens any rows.)

use std::ops::Range;
use std::sync::Arc;

use crate::error::Result;
use crate::values::{map_arc, Color, Value};

/// The rows of a tuple as element lists (a type error where a row is not a
/// container, as iterating it raises in Python).
fn rows(grid: &Value) -> Result<Vec<Vec<Value>>> {
    grid.elems_cow()?.iter().map(|r| r.elems()).collect()
}

fn tuple_of_rows(rows: Vec<Vec<Value>>) -> Value {
    Value::tuple(rows.into_iter().map(Value::tuple).collect())
}

/// `tuple(tuple(replacer if v == replacee else v for v in r) for r in grid)`.
/// Each row is read in place and made once at its length (through lists
/// of rows, growing and copied into tuples, the ragged rows of
/// `solve_017c7c7b` spent most of its time here).
pub fn replace(grid: &Value, replacee: &Value, replacer: &Value) -> Result<Value> {
    let swap = colour_swap(replacee, replacer);
    // Rows of colours, a colour for a colour: bytes for bytes, in one buffer.
    if let (Value::Ragged(rows), Some(swap)) = (grid, swap) {
        return Ok(Value::Ragged(Arc::new(rows.map_cells(swap))));
    }
    let rows = grid.elems_cow()?;
    let mut out = Vec::with_capacity(rows.len());
    for r in rows.iter() {
        // A row of colours and a colour for a colour: bytes for bytes.
        if let (Value::Row(row), Some(swap)) = (r, swap) {
            out.push(Value::Row(map_arc(row, swap)));
            continue;
        }
        let row = r.elems_cow()?;
        let cells: Vec<Value> = match (replacee, replacer) {
            // Plain ints (no bools, which print differently): compared as
            // ints, without the generic equality of values.
            (Value::Int(a), Value::Int(b)) if row.iter().all(|v| matches!(v, Value::Int(_))) => row
                .iter()
                .map(|v| match v {
                    Value::Int(x) if x == a => Value::Int(*b),
                    other => other.clone(),
                })
                .collect(),
            _ => row
                .iter()
                .map(|v| {
                    if v == replacee {
                        replacer.clone()
                    } else {
                        v.clone()
                    }
                })
                .collect(),
        };
        out.push(Value::tuple(cells));
    }
    Ok(Value::tuple(out))
}

/// `replace`'s map of one cell, as bytes, where the replacer is an int that
/// fits a colour (`None` otherwise: the generic path). Compared as bytes,
/// not widened to `i64`: a replacee beyond a colour equals no cell.
fn colour_swap(replacee: &Value, replacer: &Value) -> Option<impl Fn(Color) -> Color + Copy> {
    let (Value::Int(a), Value::Int(b)) = (replacee, replacer) else {
        return None;
    };
    let b = Color::try_from(*b).ok()?;
    let (a, any) = match Color::try_from(*a) {
        Ok(a) => (a, true),
        Err(_) => (0, false),
    };
    Some(move |c: Color| if any && c == a { b } else { c })
}

/// `v if (v != a and v != b) else {a: b, b: a}[v]` for every cell: with
/// `a == b` the dict is `{a: a}`.
pub fn switch(grid: &Value, a: &Value, b: &Value) -> Result<Value> {
    let out = rows(grid)?
        .into_iter()
        .map(|r| {
            r.into_iter()
                .map(|v| {
                    if v == *a {
                        if a == b {
                            a.clone()
                        } else {
                            b.clone()
                        }
                    } else if v == *b {
                        a.clone()
                    } else {
                        v
                    }
                })
                .collect()
        })
        .collect();
    Ok(tuple_of_rows(out))
}

/// `tuple(r[c0:c1] for r in grid[r0:r1])` with Python's slice bounds.
/// As in the generator, only the picked rows are iterated, and the column
/// bounds are read only when there is a row to slice.
pub fn crop(
    grid: &Value,
    rows_range: impl Fn(usize) -> Range<usize>,
    cols_range: impl Fn(usize) -> Result<Range<usize>>,
) -> Result<Value> {
    let all = grid.elems_cow()?;
    let mut out = Vec::new();
    for r in &all[rows_range(all.len())] {
        let r = r.elems()?;
        out.push(r[cols_range(r.len())?].to_vec());
    }
    Ok(tuple_of_rows(out))
}

/// `grid[r0:r1]`: the rows themselves, as they are.
pub fn slice_rows(grid: &Value, range: impl Fn(usize) -> Range<usize>) -> Result<Value> {
    let all = grid.elems_cow()?;
    let picked = range(all.len());
    Ok(Value::tuple(all[picked].to_vec()))
}

/// Python's `zip(*rows)`: as many rows as the shortest row has cells.
fn zip(rows: &[Vec<Value>]) -> Vec<Vec<Value>> {
    let n = rows.iter().map(Vec::len).min().unwrap_or(0);
    (0..n)
        .map(|j| rows.iter().map(|r| r[j].clone()).collect())
        .collect()
}

fn reversed_rows(grid: &Value) -> Result<Vec<Vec<Value>>> {
    let mut all = rows(grid)?;
    all.reverse();
    Ok(all)
}

/// `tuple(row for row in zip(*grid[::-1]))`.
pub fn rot90(grid: &Value) -> Result<Value> {
    Ok(tuple_of_rows(zip(&reversed_rows(grid)?)))
}

/// `tuple(tuple(row[::-1]) for row in grid[::-1])`.
pub fn rot180(grid: &Value) -> Result<Value> {
    let mut all = reversed_rows(grid)?;
    all.iter_mut().for_each(|r| r.reverse());
    Ok(tuple_of_rows(all))
}

/// `tuple(tuple(row[::-1]) for row in zip(*grid[::-1]))[::-1]`.
pub fn rot270(grid: &Value) -> Result<Value> {
    let mut out = zip(&reversed_rows(grid)?);
    out.iter_mut().for_each(|r| r.reverse());
    out.reverse();
    Ok(tuple_of_rows(out))
}
