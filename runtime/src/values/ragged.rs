//! Rows of colours of more than one width: the tuple that `vconcat` of a
//! 3-wide and a 2-wide grid is in the reference (`((1, 2, 3), (4, 5))`),
//! common in cross runs. Held as one buffer of cells and where each row
//! ends, as a grid holds its cells; a tuple of row values took an
//! allocation per row to make, another per row for each map over it, and a
//! pass over them all to drop it.

use super::{Color, Value};

/// At least two rows, not all of one width; each row's items are ints in
/// `i8` (no bools: `True` prints as `True`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ragged {
    cells: Box<[Color]>,
    /// Row `i` is `cells[ends[i - 1]..ends[i]]` (from 0 for the first).
    ends: Box<[u32]>,
}

impl Ragged {
    /// The rows, if they are ragged: at least two widths among them.
    pub fn from_rows(rows: &[&[Color]]) -> Option<Ragged> {
        let width = rows.first()?.len();
        if rows.iter().all(|r| r.len() == width) {
            return None;
        }
        let mut cells = Vec::with_capacity(rows.iter().map(|r| r.len()).sum());
        let mut ends = Vec::with_capacity(rows.len());
        for row in rows {
            cells.extend_from_slice(row);
            ends.push(u32::try_from(cells.len()).ok()?);
        }
        Some(Ragged {
            cells: cells.into(),
            ends: ends.into(),
        })
    }

    /// The rows of a list of values, if each is a tuple of colours (a
    /// `Row`, a `Pair` of numbers that fit a colour, an empty tuple) and
    /// they are of two widths at least: what [`Value::tuple`] holds as a
    /// `Ragged`.
    pub(crate) fn of_items(items: &[Value]) -> Option<Ragged> {
        let colour = |x: &i64| Color::try_from(*x).is_ok();
        let row_like = |v: &Value| match v {
            Value::Row(_) => true,
            Value::Pair(a, b) => colour(a) && colour(b),
            Value::Tuple(t) => t.is_empty(),
            Value::Grid(g) => g.height() == 0,
            _ => false,
        };
        // Checked before anything is allocated: most tuples that reach
        // here (of objects, of functions, ...) are no rows.
        if items.len() < 2 || !items.iter().all(row_like) {
            return None;
        }
        // The pairs' colours are gathered first: the rows borrow them.
        let pairs: Vec<[Color; 2]> = items
            .iter()
            .filter_map(|item| match item {
                Value::Pair(a, b) => Some([*a as Color, *b as Color]),
                _ => None,
            })
            .collect();
        let mut next_pair = pairs.iter();
        let rows: Vec<&[Color]> = items
            .iter()
            .map(|item| match item {
                Value::Row(r) => &r[..],
                Value::Pair(..) => next_pair.next().expect("one per pair"),
                _ => &[],
            })
            .collect();
        Ragged::from_rows(&rows)
    }

    pub fn height(&self) -> usize {
        self.ends.len()
    }

    pub fn row(&self, i: usize) -> &[Color] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        &self.cells[start..self.ends[i] as usize]
    }

    pub fn rows(&self) -> impl DoubleEndedIterator<Item = &[Color]> + ExactSizeIterator + '_ {
        (0..self.height()).map(|i| self.row(i))
    }

    /// Every cell through `f`, the rows as they are.
    pub fn map_cells(&self, f: impl Fn(Color) -> Color) -> Ragged {
        Ragged {
            cells: self.cells.iter().map(|&c| f(c)).collect(),
            ends: self.ends.clone(),
        }
    }

    /// Python's `t[::-1]`: the rows in reverse order.
    pub fn reversed(&self) -> Ragged {
        let rows: Vec<&[Color]> = self.rows().rev().collect();
        Ragged::from_rows(&rows).expect("the same widths")
    }
}
