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
use crate::values::{Bounds, Cell, ColourLayers, Grid, Loc, Value};

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
    let layers = ColourLayers::of(p);
    let mut out = Vec::new();
    let done = stamped(
        p,
        offsets,
        clip,
        limit_one,
        layers.palette.len(),
        |c| layers.of_colour(c.color),
        |l, loc| {
            out.push(Cell {
                color: layers.palette[l],
                loc,
            })
        },
    )?;
    Ok(done.then_some(out))
}

/// The union of `p` moved by each offset, handed to `emit` layer by layer,
/// each in sorted order, cut to `0..h x 0..w` where `clip` is `(h, w)`.
/// `limit_one`: `merge`'s size limit holds for a single offset too, as in
/// the unions of values and of cut copies. `Ok(false)` (nothing emitted)
/// where the unfused calls should decide: an empty patch or set of
/// offsets, a location past i32 (the reference's `shift` of such is
/// `unsupported` here), a box too large or too sparse for a bitmap.
fn stamped<T: SeqItem>(
    p: &[T],
    offsets: &[Loc],
    clip: Option<(i32, i32)>,
    limit_one: bool,
    layers: usize,
    layer_of: impl Fn(&T) -> usize,
    mut emit: impl FnMut(usize, Loc),
) -> Result<bool> {
    if p.is_empty() || offsets.is_empty() {
        return Ok(false);
    }
    let (pb, ob) = (
        Bounds::of(p.iter().map(|x| x.loc())),
        Bounds::of(offsets.iter().copied()),
    );
    // The result's box: corners summed, in i64 (a sum past i32 is the
    // unfused path's error).
    let (i0, j0) = (pb.i0 as i64 + ob.i0 as i64, pb.j0 as i64 + ob.j0 as i64);
    let (i1, j1) = (i0 + (pb.h + ob.h) as i64 - 2, j0 + (pb.w + ob.w) as i64 - 2);
    let fits = |x: i64| i32::try_from(x).ok();
    let (Some(i0), Some(i1), Some(j0), Some(j1)) = (fits(i0), fits(i1), fits(j0), fits(j1)) else {
        return Ok(false);
    };
    let b = Bounds::new(i0, i1, j0, j1);
    let marks = p.len().saturating_mul(offsets.len());
    let words = b.bit_words();
    let all_words = layers.saturating_mul(words);
    if all_words > MAX_WORDS || all_words > marks.saturating_mul(4).saturating_add(64) {
        return Ok(false);
    }
    // The reference merges the moved copies whole (`merge`'s limit, which
    // the unions of typed code skip for a single copy).
    if offsets.len() > 1 || limit_one {
        budget::check_size(marks, "merge")?;
    }
    let mut bits = vec![0u64; all_words];
    let layer = |l: usize| l * words..(l + 1) * words;
    if ob.h.saturating_mul(ob.w.div_ceil(64) + 1) < offsets.len() {
        // Dense offsets: their bitmap ORed in once per cell of `p`.
        let mut obits = vec![0u64; ob.bit_words()];
        for &o in offsets {
            ob.mark(&mut obits, o);
        }
        for x in p {
            let (pi, pj) = x.loc();
            let (dr, dc) = ((pi - pb.i0) as usize, (pj - pb.j0) as usize);
            let range = layer(layer_of(x));
            b.or_moved(&mut bits[range], &ob, &obits, dr, dc);
        }
    } else {
        // Sums inside the box, so within i32.
        for x in p {
            let (pi, pj) = x.loc();
            let range = layer(layer_of(x));
            for &(oi, oj) in offsets {
                b.mark(&mut bits[range.clone()], (pi + oi, pj + oj));
            }
        }
    }
    let inside = |(i, j): Loc| clip.is_none_or(|(h, w)| (0..h).contains(&i) && (0..w).contains(&j));
    for (l, layer) in bits.chunks_exact(words).enumerate() {
        b.marked(layer, |loc| {
            if inside(loc) {
                emit(l, loc)
            }
        });
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
