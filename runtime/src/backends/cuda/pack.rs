//! Packing columns of grids into flat buffers and back (pure Rust).
//!
//! A packed batch is one `i8` buffer holding every grid's cells row-major,
//! one after the other; a grid is found by its offset and shape. A grid
//! shared by several rows (same `Arc`) is packed once.

use std::collections::HashMap;

use rayon::prelude::*;

use crate::values::Grid;

/// Grids packed into one buffer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Packed {
    pub cells: Vec<i8>,
    /// The distinct grids packed, in buffer order.
    pub grids: Vec<Grid>,
    /// Offset of each of `grids` in `cells`.
    pub offsets: Vec<u32>,
}

/// Where each grid goes in a packed buffer (distinct grids once).
pub struct Layout {
    /// The distinct grids, in buffer order, and their offsets.
    pub grids: Vec<Grid>,
    pub offsets: Vec<u32>,
    /// For each input grid, its offset.
    pub rows: Vec<u32>,
    /// Cells in the buffer.
    pub total: usize,
}

/// Pack `grids`; returns the buffer and, for each input grid, its offset.
/// `None` if the batch does not fit 32-bit offsets.
pub fn pack(grids: &[&Grid]) -> Option<(Packed, Vec<u32>)> {
    let l = layout(grids)?;
    let mut cells = vec![0i8; l.total];
    fill(&l, &mut cells);
    Some((
        Packed {
            cells,
            grids: l.grids,
            offsets: l.offsets,
        },
        l.rows,
    ))
}

/// The layout of `grids` in one buffer; `None` past 32-bit offsets.
pub fn layout(grids: &[&Grid]) -> Option<Layout> {
    let mut seen: HashMap<*const u8, u32> = HashMap::with_capacity(grids.len());
    let mut unique: Vec<Grid> = Vec::new();
    let mut offsets = Vec::new();
    let mut at: u64 = 0;
    let row_offs: Vec<u32> = grids
        .iter()
        .map(|g| {
            *seen.entry(g.as_ptr()).or_insert_with(|| {
                let off = at as u32;
                unique.push((*g).clone());
                offsets.push(off);
                at += g.cells().len() as u64;
                off
            })
        })
        .collect();
    if at > i32::MAX as u64 {
        return None;
    }
    Some(Layout {
        grids: unique,
        offsets,
        rows: row_offs,
        total: at as usize,
    })
}

/// Copy the grids of `l` into `cells` (at least `l.total` long).
pub fn fill(l: &Layout, cells: &mut [i8]) {
    // Copy in parallel: split the buffer at the grids' boundaries.
    let mut parts: Vec<(&Grid, &mut [i8])> = Vec::with_capacity(l.grids.len());
    let mut rest: &mut [i8] = cells;
    for g in &l.grids {
        let (head, tail) = rest.split_at_mut(g.cells().len());
        parts.push((g, head));
        rest = tail;
    }
    parts
        .into_par_iter()
        .with_min_len(64)
        .for_each(|(g, dst)| dst.copy_from_slice(g.cells()));
}

/// Offsets of consecutive outputs of the given shapes, and the total cells.
/// `None` if the total does not fit 32-bit offsets.
pub fn out_offsets(shapes: &[(usize, usize)]) -> Option<(Vec<u32>, usize)> {
    let mut offs = Vec::with_capacity(shapes.len());
    let mut at: u64 = 0;
    for &(h, w) in shapes {
        offs.push(at as u32);
        at += (h * w) as u64;
    }
    (at <= i32::MAX as u64).then_some((offs, at as usize))
}

/// Cut a buffer of consecutive grids of the given shapes back into grids.
pub fn unpack(cells: &[i8], shapes: &[(usize, usize)]) -> Vec<Grid> {
    let mut starts = Vec::with_capacity(shapes.len());
    let mut at = 0;
    for &(h, w) in shapes {
        starts.push(at);
        at += h * w;
    }
    shapes
        .par_iter()
        .zip(starts)
        .with_min_len(64)
        .map(|(&(h, w), s)| Grid::from_cells(h, w, &cells[s..s + h * w]))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(h: usize, w: usize, seed: i8) -> Grid {
        Grid::new(
            h,
            w,
            (0..h * w)
                .map(|k| (k as i8).wrapping_mul(7).wrapping_add(seed))
                .collect(),
        )
    }

    #[test]
    fn pack_unpack_round_trip_and_dedupe() {
        let (a, b) = (g(2, 3, 1), g(4, 1, 5));
        let (p, offs) = pack(&[&a, &b, &a]).unwrap();
        assert_eq!(p.cells.len(), 6 + 4);
        assert_eq!(offs, vec![0, 6, 0]);
        assert_eq!(p.grids.len(), 2);
        let back = unpack(&p.cells, &[(2, 3), (4, 1)]);
        assert_eq!(back[0], a);
        assert_eq!(back[1], b);
    }

    #[test]
    fn out_offsets_are_prefix_sums() {
        assert_eq!(
            out_offsets(&[(2, 2), (1, 3), (5, 1)]),
            Some((vec![0, 4, 7], 12))
        );
        assert_eq!(out_offsets(&[]), Some((vec![], 0)));
    }
}
