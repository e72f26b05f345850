//! `mapply(lbind(shift, patch), offsets)`: a patch stamped at every offset
//! of a set, the union of its moved copies.
//!
//! The reference moves one copy per offset and merges them; so did we, and
//! where the offsets are many (`occurrences` of a pattern that matches
//! everywhere, `solve_6aa20dc0`: hundreds of offsets for each of 15
//! patterns) the copies and their union were a fifth of the 399 public
//! solvers' one-thread run over the training set. Here the union is marked
//! in a bitmap of its box, one layer per colour, without the copies: where
//! the offsets are dense, each cell of the patch ORs the offsets' own
//! bitmap into its layer, one word per row, instead of marking each offset.
//!
//! Every case this does not cover (an empty patch or set, a tuple of
//! offsets, a sum past i32, a sparse box) goes the reference's way, through
//! `shift` and the union of its results, so the results and errors are
//! those of the unfused calls.

use crate::budget;
use crate::error::Result;
use crate::primitives::{functional, patches};
use crate::typed::functional::{mapply_set, mapply_set_within};
use crate::typed::{Cells, Locs, SeqItem};
use crate::values::{Cell, Color, Grid, Loc, Value};

/// The most bitmap words of a box (2 MB): more, and the moved copies are
/// unioned as before.
const MAX_WORDS: usize = 1 << 18;

/// `mapply(lbind(shift, patch), offsets)` on values.
pub fn stamp(patch: &Value, offsets: &Value) -> Result<Value> {
    match (patch, offsets) {
        (Value::Indices(p), Value::Indices(o)) => {
            if let Some(locs) = stamped_locs(p, o, None, true)? {
                return Ok(Value::Indices(locs.into()));
            }
        }
        (Value::Object(p), Value::Indices(o)) => {
            if let Some(cells) = stamped_cells(p, o, None, true)? {
                return Ok(Value::Object(cells.into()));
            }
        }
        _ => {}
    }
    functional::mapply_with(|o| patches::shift(patch, o), offsets)
}

/// [`stamp`] of indices at a set of offsets.
pub fn stamp_locs(p: &Locs, offsets: &Locs) -> Result<Locs> {
    match stamped_locs(p, offsets, None, false)? {
        Some(locs) => Ok(locs.into()),
        None => mapply_set(offsets, |o| patches::shift_locs(p, o)),
    }
}

/// [`stamp`] of an object at a set of offsets.
pub fn stamp_cells(p: &Cells, offsets: &Locs) -> Result<Cells> {
    match stamped_cells(p, offsets, None, false)? {
        Some(cells) => Ok(cells.into()),
        None => mapply_set(offsets, |o| patches::shift_cells(p, o)),
    }
}

/// [`stamp_locs`] whose union only a `fill` or `underfill` of `grid`
/// reads: cut to the grid's cells (`mapply_set_within`).
pub fn stamp_locs_within(p: &Locs, offsets: &Locs, grid: &Grid) -> Result<Locs> {
    match stamped_locs(p, offsets, Some(grid_box(grid)), true)? {
        Some(locs) => Ok(locs.into()),
        None => mapply_set_within(offsets, |o| patches::shift_locs(p, o), grid),
    }
}

/// [`stamp_cells`] whose union only a `paint` or `underpaint` of `grid`
/// reads: cut to the grid's cells.
pub fn stamp_cells_within(p: &Cells, offsets: &Locs, grid: &Grid) -> Result<Cells> {
    match stamped_cells(p, offsets, Some(grid_box(grid)), true)? {
        Some(cells) => Ok(cells.into()),
        None => mapply_set_within(offsets, |o| patches::shift_cells(p, o), grid),
    }
}

fn grid_box(grid: &Grid) -> (i32, i32) {
    (grid.height() as i32, grid.width() as i32)
}

fn stamped_locs(
    p: &[Loc],
    offsets: &[Loc],
    clip: Option<(i32, i32)>,
    limit_one: bool,
) -> Result<Option<Vec<Loc>>> {
    let mut out = Vec::new();
    let done = stamped(
        p,
        offsets,
        clip,
        limit_one,
        1,
        |_| 0,
        |_, loc| out.push(loc),
    )?;
    Ok(done.then_some(out))
}

fn stamped_cells(
    p: &[Cell],
    offsets: &[Loc],
    clip: Option<(i32, i32)>,
    limit_one: bool,
) -> Result<Option<Vec<Cell>>> {
    // One layer per colour present, in ascending order (cells sort by
    // colour first).
    let mut palette: Vec<Color> = p.iter().map(|c| c.color).collect();
    palette.sort_unstable();
    palette.dedup();
    let mut layer = [0u8; 256];
    for (l, &c) in palette.iter().enumerate() {
        layer[(c as i16 + 128) as usize] = l as u8;
    }
    let mut out = Vec::new();
    let done = stamped(
        p,
        offsets,
        clip,
        limit_one,
        palette.len(),
        |c| layer[(c.color as i16 + 128) as usize] as usize,
        |l, loc| {
            out.push(Cell {
                color: palette[l],
                loc,
            })
        },
    )?;
    Ok(done.then_some(out))
}

/// Rows and columns spanned by some locations (`None`: there are none).
fn span(locs: impl Iterator<Item = Loc>) -> Option<(i64, i64, i64, i64)> {
    locs.fold(None, |b, (i, j)| {
        let (i, j) = (i as i64, j as i64);
        Some(match b {
            None => (i, i, j, j),
            Some((i0, i1, j0, j1)) => (i0.min(i), i1.max(i), j0.min(j), j1.max(j)),
        })
    })
}

/// The union of `p` moved by each offset, handed to `emit` layer by layer,
/// each in sorted order, cut to `0..h x 0..w` where `clip` is `(h, w)`.
/// `limit_one`: `merge`'s size limit holds for a single offset too, as in
/// the unions of values and of cut copies. `Ok(false)` (nothing emitted) where the unfused calls should decide:
/// an empty patch or set of offsets, a location past i32 (the reference's
/// `shift` of such is `unsupported` here), a box too large or too sparse
/// for a bitmap.
fn stamped<T: SeqItem>(
    p: &[T],
    offsets: &[Loc],
    clip: Option<(i32, i32)>,
    limit_one: bool,
    layers: usize,
    layer_of: impl Fn(&T) -> usize,
    mut emit: impl FnMut(usize, Loc),
) -> Result<bool> {
    let (Some(pb), Some(ob)) = (
        span(p.iter().map(|x| x.loc())),
        span(offsets.iter().copied()),
    ) else {
        return Ok(false);
    };
    let (i0, i1, j0, j1) = (pb.0 + ob.0, pb.1 + ob.1, pb.2 + ob.2, pb.3 + ob.3);
    let in_i32 = |x: i64| i32::try_from(x).is_ok();
    if ![i0, i1, j0, j1].into_iter().all(in_i32) {
        return Ok(false);
    }
    let (h, w) = ((i1 - i0 + 1) as usize, (j1 - j0 + 1) as usize);
    let per_row = w.div_ceil(64);
    let marks = p.len().saturating_mul(offsets.len());
    let words = layers.saturating_mul(h).saturating_mul(per_row);
    if words > MAX_WORDS || words > marks.saturating_mul(4).saturating_add(64) {
        return Ok(false);
    }
    // The reference merges the moved copies whole (`merge`'s limit, which
    // the unions of typed code skip for a single copy).
    if offsets.len() > 1 || limit_one {
        budget::check_size(marks, "merge")?;
    }
    let mut bits = vec![0u64; words];
    let layer_words = h * per_row;
    // The offsets' own bitmap, over their box.
    let (oh, ow) = ((ob.1 - ob.0 + 1) as usize, (ob.3 - ob.2 + 1) as usize);
    let o_row = ow.div_ceil(64);
    if oh.saturating_mul(o_row + 1) < offsets.len() {
        let mut obits = vec![0u64; oh * o_row];
        for &(i, j) in offsets {
            let (r, c) = ((i as i64 - ob.0) as usize, (j as i64 - ob.2) as usize);
            obits[r * o_row + c / 64] |= 1 << (c % 64);
        }
        for x in p {
            let (pi, pj) = x.loc();
            let (dr, s) = ((pi as i64 - pb.0) as usize, (pj as i64 - pb.2) as usize);
            let (q, b) = (s / 64, s % 64);
            let base = layer_of(x) * layer_words;
            for (r, src) in obits.chunks_exact(o_row).enumerate() {
                let dst = &mut bits[base + (dr + r) * per_row..][..per_row];
                for (k, &word) in src.iter().enumerate() {
                    dst[k + q] |= word << b;
                    if b > 0 && k + q + 1 < per_row {
                        dst[k + q + 1] |= word >> (64 - b);
                    }
                }
            }
        }
    } else {
        for x in p {
            let (pi, pj) = x.loc();
            let base = layer_of(x) * layer_words;
            for &(oi, oj) in offsets {
                let r = (pi as i64 + oi as i64 - i0) as usize;
                let c = (pj as i64 + oj as i64 - j0) as usize;
                bits[base + r * per_row + c / 64] |= 1 << (c % 64);
            }
        }
    }
    let inside = |i: i64, j: i64| match clip {
        Some((h, w)) => (0..h as i64).contains(&i) && (0..w as i64).contains(&j),
        None => true,
    };
    for (l, layer) in bits.chunks_exact(layer_words.max(1)).enumerate() {
        for (r, row) in layer.chunks_exact(per_row).enumerate() {
            let i = i0 + r as i64;
            for (k, &word) in row.iter().enumerate() {
                let mut m = word;
                while m != 0 {
                    let j = j0 + 64 * k as i64 + m.trailing_zeros() as i64;
                    if inside(i, j) {
                        emit(l, (i as i32, j as i32));
                    }
                    m &= m - 1;
                }
            }
        }
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::primitives::{containers, grids};
    use std::sync::Arc;

    /// The reference's way: each moved copy, then their union.
    fn unfused(patch: &Value, offsets: &Value) -> Result<Value> {
        functional::mapply_with(|o| patches::shift(patch, o), offsets)
    }

    fn locs(v: &Value) -> Locs {
        match v {
            Value::Indices(l) => l.clone(),
            other => panic!("not indices: {other:?}"),
        }
    }

    /// On the inputs of the bundled ARC tasks: every object (as cells and
    /// as indices) of each grid stamped at each colour's cells (dense
    /// offsets: the offsets' bitmap is ORed), at the cells of the grid's
    /// objects' corners (sparse: each offset marked), at the whole grid
    /// moved half off it (cut to the grid by the `_within` forms), and at
    /// one offset: the same values as the moved copies' union, through
    /// the `Value` primitive, `mapply` of `lbind(shift, patch)` and the
    /// typed forms.
    #[test]
    fn stamps_are_the_union_of_the_moved_copies() {
        let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/arc");
        let tasks = crate::task::load(&data).tasks;
        assert!(tasks.len() >= 20);
        let (mut dense, mut sparse, mut cut) = (0, 0, 0);
        for task in tasks.iter().take(20) {
            let example = task.samples().next().unwrap();
            let (g, grid) = (example.input(), example.input_value());
            let objects = grids::objects(
                grid,
                &Value::Bool(true),
                &Value::Bool(false),
                &Value::Bool(true),
            )
            .unwrap();
            let mut offsets: Vec<Value> = Vec::new();
            for c in 0..10 {
                let o = grids::ofcolor(grid, &Value::Int(c)).unwrap();
                if containers::size(&o).unwrap() != Value::Int(0) {
                    offsets.push(o);
                }
            }
            let corners =
                functional::apply(&crate::rt::prim(crate::Prim::ulcorner), &objects).unwrap();
            offsets.push(corners);
            let all = locs(&grids::asindices(grid).unwrap());
            let half_off: Locs = all
                .iter()
                .map(|&(i, j)| (i - g.height() as i32 / 2, j + 3))
                .collect();
            offsets.push(Value::Indices(half_off));
            offsets.push(Value::Indices(Arc::from([(1, -2)])));
            for object in objects.elems_cow().unwrap().iter().take(6) {
                let indices = patches::toindices(object).unwrap();
                for o in &offsets {
                    let ol = locs(o);
                    for patch in [object, &indices] {
                        let want = unfused(patch, o).unwrap();
                        assert_eq!(stamp(patch, o).unwrap(), want, "{patch:?} at {o:?}");
                        let lbind =
                            functional::lbind(crate::rt::prim_ref(crate::Prim::shift), patch)
                                .unwrap();
                        assert_eq!(functional::mapply(&lbind, o).unwrap(), want);
                        let (within, cut_want) = match patch {
                            Value::Object(p) => (
                                Value::Object(stamp_cells_within(p, &ol, g).unwrap()),
                                Value::Object(
                                    mapply_set_within(&ol, |d| patches::shift_cells(p, d), g)
                                        .unwrap(),
                                ),
                            ),
                            Value::Indices(p) => (
                                Value::Indices(stamp_locs_within(p, &ol, g).unwrap()),
                                Value::Indices(
                                    mapply_set_within(&ol, |d| patches::shift_locs(p, d), g)
                                        .unwrap(),
                                ),
                            ),
                            _ => unreachable!(),
                        };
                        assert_eq!(within, cut_want);
                        cut += (within != want) as usize;
                        match patch {
                            Value::Object(p) => {
                                assert_eq!(Value::Object(stamp_cells(p, &ol).unwrap()), want)
                            }
                            Value::Indices(p) => {
                                assert_eq!(Value::Indices(stamp_locs(p, &ol).unwrap()), want)
                            }
                            _ => unreachable!(),
                        }
                        let span = |l: &Locs| {
                            let rows = l.last().unwrap().0 - l[0].0 + 1;
                            let w = l.iter().map(|x| x.1).max().unwrap()
                                - l.iter().map(|x| x.1).min().unwrap()
                                + 1;
                            rows as usize * (w as usize).div_ceil(64)
                        };
                        if span(&ol) * 2 < ol.len() {
                            dense += 1;
                        } else {
                            sparse += 1;
                        }
                    }
                }
            }
        }
        // Both ways of marking ran, and the cut forms cut something.
        assert!(
            dense > 100 && sparse > 100 && cut > 100,
            "{dense} {sparse} {cut}"
        );
    }

    /// What the bitmap leaves to the moved copies gives their results and
    /// errors: an empty patch or set of offsets, offsets as a tuple, sums
    /// past i32 (`unsupported`), offsets too far apart for a bitmap.
    #[test]
    fn the_unfused_cases_give_the_unfused_results() {
        let object = Value::object(vec![Cell::new(3, 0, 0), Cell::new(5, 1, 2)]);
        let indices = patches::toindices(&object).unwrap();
        let empty_object = Value::Object(Arc::from([]));
        let empty_set = Value::Indices(Arc::from([]));
        let tuple = Value::tuple(vec![
            Value::Pair(1, 1),
            Value::Pair(1, 1),
            Value::Pair(0, 2),
        ]);
        let far = Value::Indices(Arc::from([(0, 0), (1 << 20, 1 << 20)]));
        let past = Value::Indices(Arc::from([(0, 0), (i32::MAX, 0)]));
        for patch in [&object, &indices, &empty_object, &empty_set] {
            for o in [&empty_set, &tuple, &far, &past, &indices] {
                let want = unfused(patch, o);
                assert_eq!(stamp(patch, o), want, "{patch:?} at {o:?}");
            }
        }
        assert!(stamp(&object, &past).is_err());
    }

    /// Boxes wider than a word (the ARC grids' are not): dense offsets
    /// over 150 columns, a patch 70 wide, so that moved bitmap rows cross
    /// words at every bit offset.
    #[test]
    fn wide_stamps_cross_words() {
        let offsets: Locs = (0..3)
            .flat_map(|i| {
                (0..150)
                    .filter(move |j| (i + j) % 3 != 0)
                    .map(move |j| (i - 1, j - 40))
            })
            .collect();
        let cells: Vec<Cell> = (0..70)
            .map(|j| Cell::new((j % 4) as i8, j % 5, j))
            .collect();
        let object = Value::object(cells);
        let indices = patches::toindices(&object).unwrap();
        let o = Value::Indices(offsets);
        for patch in [&object, &indices] {
            assert_eq!(stamp(patch, &o).unwrap(), unfused(patch, &o).unwrap());
        }
    }
}
