//! Container primitives: tuples and frozensets.
//!
//! `type(container)(...)` in the reference keeps the container's Python type:
//! a tuple (grids included: a grid is a tuple of rows) stays a tuple and a
//! frozenset stays a frozenset. Frozensets iterate in ascending order of our
//! total order (see `values`), so "the first best element" of a frozenset is
//! the smallest one among ties.
//!
//! Fast paths work on the compact representations directly (`Indices`,
//! `Object` as sorted slices, `Grid` row by row); everything else goes
//! through `elems()`.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use crate::budget::check_size;
use crate::error::{Error, Result};
use crate::functions::Callable;
use crate::primitives::arithmetic::{concat_tuples, py_gt, py_lt};
use crate::primitives::buffers;
use crate::values::{
    cell_value, row_value, union_locs, with_membership, Cell, Color, Grid, Kind, Loc, Value,
};

// ----- helpers -------------------------------------------------------------------

/// The rows `rows` of `g`, in that order, as a grid.
fn grid_rows(g: &Grid, rows: &[usize]) -> Value {
    Value::Grid(buffers::rows_at(g, rows.iter().copied()))
}

fn loc_value(&(i, j): &Loc) -> Value {
    Value::Pair(i as i64, j as i64)
}

/// Union of two sorted, duplicate-free slices.
fn union_sorted<T: Ord + Copy>(a: &[T], b: &[T]) -> Vec<T> {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => {
                out.push(a[i]);
                i += 1;
            }
            std::cmp::Ordering::Greater => {
                out.push(b[j]);
                j += 1;
            }
            std::cmp::Ordering::Equal => {
                out.push(a[i]);
                i += 1;
                j += 1;
            }
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
    out
}

/// Elements of sorted `a` that are (`keep == true`) or are not in sorted `b`.
/// A merge walk costs O(|a| + |b|); where one side is much smaller (the four
/// neighbours of a cell against all cells of a colour, once per cell in
/// `sfilter`) the small side is walked and the large one searched from
/// where the last search ended ([`lower_bound_from_start`]), as Python's
/// frozenset operations walk the smaller set. An intersection
/// is symmetric, so it always walks the smaller side.
pub fn filter_sorted<T: Ord + Copy>(a: &[T], b: &[T], keep: bool) -> Vec<T> {
    if keep && b.len() < a.len() {
        return filter_sorted(b, a, true);
    }
    let mut out = Vec::with_capacity(if keep { a.len().min(b.len()) } else { a.len() });
    walk_membership(a, b, |&x, found| {
        if found == keep {
            out.push(x);
        }
    });
    out
}

/// Each element of sorted `a`, in order, with whether sorted `b` holds it:
/// [`filter_sorted`]'s walk (the large side searched from where the last
/// search ended).
fn walk_membership<T: Ord>(a: &[T], b: &[T], mut visit: impl FnMut(&T, bool)) {
    let gallop = b.len() > 8 * a.len();
    let mut rest = b;
    for x in a {
        let j = if gallop {
            lower_bound_from_start(rest, x)
        } else {
            rest.iter().position(|y| y >= x).unwrap_or(rest.len())
        };
        rest = &rest[j..];
        visit(x, rest.first() == Some(x));
    }
}

/// The first position of sorted `s` whose element is not less than `x`:
/// steps that double from the start, then a binary search within the last
/// step. Its cost grows with the position found, not with `s`: the small
/// side's elements usually lie close together in the large side (the
/// cells of a shifted 3x3 block among all cells of a colour), so each
/// search starts where the last one ended and goes a short way.
fn lower_bound_from_start<T: Ord>(s: &[T], x: &T) -> usize {
    let (mut lo, mut step) = (0, 1);
    // Everything before `lo` is less than `x`.
    while lo + step <= s.len() && s[lo + step - 1] < *x {
        lo += step;
        step *= 2;
    }
    let hi = (lo + step).min(s.len());
    lo + s[lo..hi].partition_point(|y| y < x)
}

/// Python `type(container)(e for e in container if pred(e))`, with the
/// compact representations kept.
fn filter_container(
    container: &Value,
    context: &'static str,
    mut pred: impl FnMut(&Value) -> Result<bool>,
) -> Result<Value> {
    match container {
        Value::Grid(g) => {
            let mut kept = Vec::with_capacity(g.height());
            for i in 0..g.height() {
                if pred(&row_value(g.row(i)))? {
                    kept.push(i);
                }
            }
            Ok(grid_rows(g, &kept))
        }
        Value::Indices(s) => {
            let mut kept = Vec::with_capacity(s.len());
            for l in s.iter() {
                if pred(&loc_value(l))? {
                    kept.push(*l);
                }
            }
            Ok(Value::Indices(kept.into()))
        }
        Value::Object(s) => {
            let mut kept = Vec::with_capacity(s.len());
            for c in s.iter() {
                if pred(&cell_value(c))? {
                    kept.push(*c);
                }
            }
            Ok(Value::Object(kept.into()))
        }
        v if v.is_tuple() || v.is_set() => {
            let mut kept = Vec::new();
            for e in v.elems_cow()?.iter() {
                if pred(e)? {
                    kept.push(e.clone());
                }
            }
            match v {
                // A subset of a canonical set is still in canonical order.
                Value::Set(_) => Ok(Value::set_in_order(kept)),
                _ => v.same_container(kept),
            }
        }
        _ => Err(Error::type_error(context)),
    }
}

/// Python's `max(items, key=...)` / `min(...)` over precomputed keys: the
/// index of the first best item (a later item replaces it only when strictly
/// better), or `None` when there are no items.
fn best_index(keys: &[Value], better: fn(&Value, &Value) -> Result<bool>) -> Result<Option<usize>> {
    let mut best: Option<usize> = None;
    for (k, key) in keys.iter().enumerate() {
        best = match best {
            Some(b) if !better(key, &keys[b])? => Some(b),
            _ => Some(k),
        };
    }
    Ok(best)
}

/// The keys `f(e)` of the elements, in iteration order.
fn keys_of(items: &[Value], mut f: impl FnMut(&Value) -> Result<Value>) -> Result<Vec<Value>> {
    let keys = items.iter().map(|e| {
        crate::budget::check()?;
        f(e)
    });
    crate::primitives::collect_results(items.len(), keys)
}

/// Which extreme `max`/`min` with a key looks for.
#[derive(Clone, Copy)]
enum Extreme {
    Max,
    Min,
}

impl Extreme {
    /// Whether `key` beats the best key so far (strictly: ties keep the
    /// first). Integers, the common key, compare directly.
    #[inline]
    fn beats(self, key: &Value, best: &Value) -> Result<bool> {
        match (self, key, best) {
            (Extreme::Max, Value::Int(a), Value::Int(b)) => Ok(a > b),
            (Extreme::Min, Value::Int(a), Value::Int(b)) => Ok(a < b),
            (Extreme::Max, _, _) => py_gt(key, best),
            (Extreme::Min, _, _) => py_lt(key, best),
        }
    }
}

/// The first element with the best key, and that key: CPython's
/// `max`/`min` with a key, which compares each key with the best so far as
/// it goes (a comparison that raises stops it before later keys are
/// computed).
fn best_by_key(
    items: &[Value],
    mut f: impl FnMut(&Value) -> Result<Value>,
    extreme: Extreme,
) -> Result<Option<(usize, Value)>> {
    let mut best: Option<(usize, Value)> = None;
    for (k, e) in items.iter().enumerate() {
        crate::budget::check()?;
        let key = f(e)?;
        match &best {
            Some((_, b)) if !extreme.beats(&key, b)? => {}
            _ => best = Some((k, key)),
        }
    }
    Ok(best)
}

/// `max`/`min` with a key and no default: a value error when empty.
fn arg_best(
    container: &Value,
    f: impl FnMut(&Value) -> Result<Value>,
    extreme: Extreme,
    context: &'static str,
) -> Result<Value> {
    let items = container.elems_cow()?;
    match best_by_key(&items, f, extreme)? {
        Some((b, _)) => Ok(items[b].clone()),
        None => Err(Error::value_error(context)),
    }
}

/// `f(max(container, key=f, default=0))`: `f(0)` when empty.
fn val_best(
    container: &Value,
    mut f: impl FnMut(&Value) -> Result<Value>,
    extreme: Extreme,
) -> Result<Value> {
    let items = container.elems_cow()?;
    match best_by_key(&items, &mut f, extreme)? {
        // `f` is a pure function: calling it again on the winner gives its key.
        Some((_, key)) => Ok(key),
        None => f(&Value::Int(0)),
    }
}

/// `max(container, default=0)` / `min(...)`.
fn plain_best(
    container: &Value,
    better: fn(&Value, &Value) -> Result<bool>,
    set_pick_last: bool,
) -> Result<Value> {
    // Sorted frozensets of locations or cells: Python's tuple order is ours,
    // and the elements are distinct, so the extreme is at one end.
    let end = |n: usize| if set_pick_last { n - 1 } else { 0 };
    match container {
        Value::Indices(s) if !s.is_empty() => Ok(loc_value(&s[end(s.len())])),
        Value::Object(s) if !s.is_empty() => Ok(cell_value(&s[end(s.len())])),
        _ => {
            let items = container.elems_cow()?;
            match best_index(&items, better)? {
                Some(b) => Ok(items[b].clone()),
                None => Ok(Value::Int(0)),
            }
        }
    }
}

/// How often each colour occurs in a tuple of plain ints that are all
/// colours (a grid's row); `None` for anything else.
fn colour_counts(container: &Value) -> Option<[u32; 10]> {
    // The counts stay in place (an accumulator of `Option<[u32; 10]>`
    // was copied per element: most of `mostcommon` of a row).
    let mut counts = [0u32; 10];
    let mut colours = true;
    container.fold_ints((), |(), x| match usize::try_from(x) {
        Ok(c) if c < counts.len() => counts[c] += 1,
        _ => colours = false,
    })?;
    colours.then_some(counts)
}

/// The largest (or smallest) item of a non-empty tuple of plain ints:
/// equal ints are the same value, so which of them Python's `max` keeps
/// does not matter. `None` for anything else.
fn int_extreme(container: &Value, largest: bool) -> Option<i64> {
    container
        .fold_ints(None, |best: Option<i64>, x| {
            Some(best.map_or(x, |b| if largest { b.max(x) } else { b.min(x) }))
        })
        .flatten()
}

/// `max(set(container), key=container.count)` / `min(...)`: tuples only
/// (a frozenset has no `count`). Distinct elements are visited in our order,
/// so ties go to the smallest.
fn by_count(container: &Value, most: bool, context: &'static str) -> Result<Value> {
    if !container.is_tuple() {
        return Err(Error::type_error(context));
    }
    if let Some(counts) = colour_counts(container) {
        // The same visit in ascending order, over an array of counts.
        let colours = (0i64..).zip(counts).filter(|&(_, n)| n > 0);
        return by_count_pick(colours, most)
            .map(Value::Int)
            .ok_or(Error::value_error(context));
    }
    let mut counts: BTreeMap<Value, usize> = BTreeMap::new();
    for e in container.elems()? {
        *counts.entry(e).or_insert(0) += 1;
    }
    by_count_pick(counts, most).ok_or(Error::value_error(context))
}

/// The first element of `counts` (distinct elements in order, with their
/// counts) whose count no later one beats: Python's `max`/`min` with a
/// key, which replaces its pick only on a strictly better key.
fn by_count_pick<T, N: Ord>(counts: impl IntoIterator<Item = (T, N)>, most: bool) -> Option<T> {
    let mut best: Option<(T, N)> = None;
    for (v, n) in counts {
        if best
            .as_ref()
            .is_none_or(|(_, b)| if most { n > *b } else { n < *b })
        {
            best = Some((v, n));
        }
    }
    best.map(|(v, _)| v)
}

// ----- primitives ------------------------------------------------------------------

/// Python `value in container`.
pub fn contained(value: &Value, container: &Value) -> Result<Value> {
    if let Value::Grid(g) = container {
        let found =
            row_numbers(value, g.width())?.is_some_and(|row| g.rows().any(|r| is_row(r, &row)));
        return Ok(Value::Bool(found));
    }
    container.contains(value).map(Value::Bool)
}

/// `type(a)((*a, *b))`: tuple concatenation or frozenset union.
pub fn combine(a: &Value, b: &Value) -> Result<Value> {
    match (a, b) {
        (Value::Indices(x), Value::Indices(y)) => combine_locs(x, y).map(Value::Indices),
        (Value::Object(x), Value::Object(y)) => combine_cells(x, y).map(Value::Object),
        _ => match a.kind() {
            Kind::Tuple => {
                if b.is_tuple() {
                    concat_tuples(a, b)
                } else {
                    let mut items = a.elems()?;
                    items.extend(b.elems()?);
                    Ok(Value::tuple(items))
                }
            }
            Kind::Set => {
                if b.len()? == 0 {
                    return Ok(a.clone());
                }
                if a.len()? == 0 && b.is_set() {
                    return Ok(b.clone());
                }
                let mut items = a.elems()?;
                items.extend(b.elems()?);
                Ok(Value::set(items))
            }
            _ => Err(Error::type_error("combine")),
        },
    }
}

/// Python `a & b`: frozenset intersection (bitwise and on numbers).
pub fn intersection(a: &Value, b: &Value) -> Result<Value> {
    match (a, b) {
        (Value::Bool(x), Value::Bool(y)) => return Ok(Value::Bool(*x & *y)),
        (Value::Indices(x), Value::Indices(y)) => {
            return intersection_locs(x, y).map(Value::Indices)
        }
        (Value::Object(x), Value::Object(y)) => return intersection_cells(x, y).map(Value::Object),
        _ => {}
    }
    if let (Some(x), Some(y)) = (a.number(), b.number()) {
        return Ok(Value::Int(x & y));
    }
    if !(a.is_set() && b.is_set()) {
        return Err(Error::type_error("intersection"));
    }
    filter_container(a, "intersection", |e| b.contains(e))
}

/// Python `a - b`: frozenset difference (subtraction on numbers).
pub fn difference(a: &Value, b: &Value) -> Result<Value> {
    match (a, b) {
        (Value::Indices(x), Value::Indices(y)) => return difference_locs(x, y).map(Value::Indices),
        (Value::Object(x), Value::Object(y)) => return difference_cells(x, y).map(Value::Object),
        _ => {}
    }
    if let (Some(x), Some(y)) = (a.number(), b.number()) {
        return x
            .checked_sub(y)
            .map(Value::Int)
            .ok_or(Error::unsupported("difference"));
    }
    if !(a.is_set() && b.is_set()) {
        return Err(Error::type_error("difference"));
    }
    if b.len()? == 0 {
        return Ok(a.clone());
    }
    filter_container(a, "difference", |e| Ok(!b.contains(e)?))
}

/// The rows of `g` that no row above repeats (`dedupe` of a grid).
fn first_rows(g: &Grid) -> Vec<usize> {
    // Rows known by a hash of their colours, compared in full only where
    // two hashes agree (a grid has at most a few dozen rows: a list beats a
    // tree of slices). The hash takes eight cells a step, the last word
    // the remaining cells zero-padded (rows of one grid have one width):
    // a multiply per cell made a chain of dependent multiplies, and this
    // took 7% off `solve_eb5a1d5d`, a third of which is `first_rows`.
    // The last word is gathered by shifts: copied into a buffer of eight
    // bytes (a `memcpy` call) and read back as one word, it stalled on the
    // store, half of `first_rows`' time in `solve_eb5a1d5d`.
    let hash = |row: &[Color]| {
        let word = |cells: &[Color]| {
            let mut w = [0u8; 8];
            for (b, &c) in w.iter_mut().zip(cells) {
                *b = c as u8;
            }
            u64::from_le_bytes(w)
        };
        let tail = |cells: &[Color]| {
            cells
                .iter()
                .rev()
                .fold(0u64, |w, &c| (w << 8) | u64::from(c as u8))
        };
        let mix = |h: u64, w: u64| (h ^ w).wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(29);
        let words = row.chunks_exact(8);
        let last = tail(words.remainder());
        mix(
            words.fold(0xcbf2_9ce4_8422_2325u64, |h, c| mix(h, word(c))),
            last,
        )
    };
    let mut seen: Vec<(u64, usize)> = Vec::with_capacity(g.height());
    let mut kept = Vec::with_capacity(g.height());
    for i in 0..g.height() {
        let (h, row) = (hash(g.row(i)), g.row(i));
        if !seen.iter().any(|&(sh, k)| sh == h && g.row(k) == row) {
            seen.push((h, i));
            kept.push(i);
        }
    }
    kept
}

/// Keep the first occurrence of each element (`tuple.index(e) == i`).
/// A frozenset has no `index`: an error unless it is empty.
pub fn dedupe(tup: &Value) -> Result<Value> {
    match tup {
        Value::Pair(a, b) if a == b => Ok(Value::tuple(vec![Value::Int(*a)])),
        Value::Pair(..) => Ok(tup.clone()),
        Value::Grid(g) => Ok(grid_rows(g, &first_rows(g))),
        Value::Row(r) => {
            let mut kept = Vec::with_capacity(r.len());
            push_distinct_colours(r, &mut kept);
            Ok(row_value(&kept))
        }
        v if v.is_tuple() => {
            // Small non-negative ints (colours, sizes): seen as bits.
            let mut seen_ints = 0u64;
            let mut kept_ints = Vec::new();
            let small = v.fold_ints(true, |small, x| {
                let fits = small && (0..64).contains(&x);
                if fits && seen_ints & (1 << x) == 0 {
                    seen_ints |= 1 << x;
                    kept_ints.push(Value::Int(x));
                }
                fits
            });
            if small == Some(true) {
                return Ok(Value::tuple(kept_ints));
            }
            let items = v.elems_cow()?;
            let mut seen: BTreeSet<&Value> = BTreeSet::new();
            let kept: Vec<Value> = items.iter().filter(|e| seen.insert(*e)).cloned().collect();
            Ok(Value::tuple(kept))
        }
        v if v.is_set() => {
            if v.len()? == 0 {
                Ok(Value::empty_tuple())
            } else {
                Err(Error::type_error("dedupe: frozenset has no index"))
            }
        }
        _ => Err(Error::type_error("dedupe")),
    }
}

/// `tuple(sorted(container, key=compfunc))`: a stable sort on the keys,
/// compared in our total order.
pub fn order(container: &Value, compfunc: &Value) -> Result<Value> {
    let f = Callable::new(compfunc, 1);
    order_with(container, |x| f.call1(x))
}

/// [`order`] with the key function as Rust code (emitted batteries inline
/// statically known functions this way).
pub fn order_with(container: &Value, key: impl FnMut(&Value) -> Result<Value>) -> Result<Value> {
    let items = container.elems_cow()?;
    let idx = stable_order(&keys_of(&items, key)?);
    match container {
        Value::Grid(g) => Ok(grid_rows(g, &idx)),
        _ => Ok(Value::tuple(
            idx.into_iter().map(|k| items[k].clone()).collect(),
        )),
    }
}

/// The positions of `keys` in the order a stable sort puts them in, keys
/// compared in our total order. Numbers (bools included) compare by their
/// value, so keys that are all numbers sort as `(number, position)` pairs:
/// the stable order, without a comparison of `Value`s (the keys of rows
/// and of sizes).
fn stable_order(keys: &[Value]) -> Vec<usize> {
    let mut numbered = Vec::with_capacity(keys.len());
    for (k, key) in keys.iter().enumerate() {
        match key.number() {
            Some(n) => numbered.push((n, k)),
            None => break,
        }
    }
    if numbered.len() == keys.len() {
        // Positions are distinct: no two pairs tie, so any sort is stable.
        numbered.sort_unstable();
        return numbered.into_iter().map(|(_, k)| k).collect();
    }
    let mut idx: Vec<usize> = (0..keys.len()).collect();
    idx.sort_by(|&x, &y| keys[x].cmp(&keys[y]));
    idx
}

/// `num` copies of `item` (none when `num <= 0`).
pub fn repeat(item: &Value, num: &Value) -> Result<Value> {
    let n = num.as_int("repeat")?.max(0);
    let n = usize::try_from(n).map_err(|_| Error::unsupported("repeat"))?;
    check_size(n, "repeat")?;
    Ok(Value::tuple(vec![item.clone(); n]))
}

pub fn size(container: &Value) -> Result<Value> {
    count(container.len()?).map(Value::Int)
}

/// A length as a DSL int.
fn count(n: usize) -> Result<i64> {
    i64::try_from(n).map_err(|_| Error::unsupported("size"))
}

/// `type(containers)(e for c in containers for e in c)`: concatenation of a
/// tuple of containers, union of a frozenset of containers.
pub fn merge(containers: &Value) -> Result<Value> {
    match containers {
        Value::Set(items) => return union_of(items),
        Value::Tuple(items) => {
            let mut width = None;
            let mut all_grids = true;
            for c in items.iter() {
                match c {
                    Value::Grid(g) if g.height() == 0 => {}
                    Value::Grid(g) if width.is_none_or(|w| w == g.width()) => {
                        width = Some(g.width())
                    }
                    _ => {
                        all_grids = false;
                        break;
                    }
                }
            }
            // Indices (`mapply` of a patch function over a tuple): their
            // locations in order, without a `Value` per location.
            let locs_only = items.iter().all(|c| match c {
                Value::Indices(_) => true,
                Value::Set(s) => s.is_empty(),
                _ => false,
            });
            if locs_only && !all_grids {
                let mut locs = Vec::with_capacity(items.iter().map(|c| c.len().unwrap_or(0)).sum());
                for c in items.iter() {
                    if let Value::Indices(s) = c {
                        locs.extend_from_slice(s);
                    }
                }
                check_size(locs.len(), "merge")?;
                return Ok(crate::values::tuple_of_locs(&locs));
            }
            if all_grids {
                let w = width.unwrap_or(0);
                // One allocation of the exact size: the grids merged in
                // cross runs reach millions of cells, where growing the
                // buffer copied them again at every doubling.
                // No size check: Python only gathers the rows here, so a
                // result beyond the budget would be a difference from it.
                let grids: Vec<&Grid> = items
                    .iter()
                    .filter_map(|c| match c {
                        Value::Grid(g) => Some(g),
                        _ => None,
                    })
                    .collect();
                if grids.iter().all(|g| g.height() == 0) {
                    return Ok(Value::empty_tuple());
                }
                return Ok(Value::Grid(buffers::stacked(&grids, w)));
            }
        }
        _ => {}
    }
    containers.same_container(concatenated(&containers.elems_cow()?)?)
}

/// The elements of all the containers `items`, in order (within the size
/// budget).
fn concatenated(items: &[Value]) -> Result<Vec<Value>> {
    // Sized once (no reallocation and copy as it grows): the lengths are
    // only a hint, any error still comes from `elems` or the size check.
    let hint: usize = items.iter().map(|c| c.len().unwrap_or(0)).sum();
    let mut out = Vec::with_capacity(hint.min(crate::budget::MAX_ELEMENTS));
    for c in items {
        out.extend(c.elems()?);
        check_size(out.len(), "merge")?;
    }
    Ok(out)
}

/// The union of the elements of the containers `items`: `merge` of a
/// frozenset holding them. The items need be neither distinct nor in order
/// (so `mapply` over a frozenset need not build the set of its results).
pub(crate) fn union_of(items: &[Value]) -> Result<Value> {
    // Objects or index sets (possibly with empty sets among them): unioned
    // as cells or locations, not as values.
    let (mut n_cells, mut n_locs) = (0, 0);
    for c in items {
        match c {
            Value::Object(s) => n_cells += s.len(),
            Value::Indices(s) => n_locs += s.len(),
            Value::Set(s) if s.is_empty() => {}
            _ => return Ok(Value::set(concatenated(items)?)),
        }
    }
    if n_cells > 0 && n_locs > 0 {
        return Ok(Value::set(concatenated(items)?));
    }
    check_size(n_cells + n_locs, "merge")?;
    if n_cells == 0 {
        let sets: Vec<&std::sync::Arc<[Loc]>> = items
            .iter()
            .filter_map(|c| match c {
                Value::Indices(s) if !s.is_empty() => Some(s),
                _ => None,
            })
            .collect();
        return Ok(Value::Indices(match sets.as_slice() {
            // A union of one set is that set, shared.
            [one] => (*one).clone(),
            _ => union_locs(&sets.iter().map(|s| &s[..]).collect::<Vec<_>>()).into(),
        }));
    }
    // One list allocated once (growing it copied the cells at every
    // doubling); concatenated sorted runs, which the stable sort merges.
    let mut cells: Vec<Cell> = Vec::with_capacity(n_cells);
    for c in items {
        if let Value::Object(s) = c {
            cells.extend_from_slice(s);
        }
    }
    Ok(Value::object(cells))
}

pub fn maximum(container: &Value) -> Result<Value> {
    if let Some(m) = int_extreme(container, true) {
        return Ok(Value::Int(m));
    }
    plain_best(container, py_gt, true)
}

pub fn minimum(container: &Value) -> Result<Value> {
    if let Some(m) = int_extreme(container, false) {
        return Ok(Value::Int(m));
    }
    plain_best(container, py_lt, false)
}

pub fn valmax(container: &Value, compfunc: &Value) -> Result<Value> {
    let f = Callable::new(compfunc, 1);
    valmax_with(container, |x| f.call1(x))
}

pub fn valmax_with(container: &Value, key: impl FnMut(&Value) -> Result<Value>) -> Result<Value> {
    val_best(container, key, Extreme::Max)
}

pub fn valmin(container: &Value, compfunc: &Value) -> Result<Value> {
    let f = Callable::new(compfunc, 1);
    valmin_with(container, |x| f.call1(x))
}

pub fn valmin_with(container: &Value, key: impl FnMut(&Value) -> Result<Value>) -> Result<Value> {
    val_best(container, key, Extreme::Min)
}

pub fn argmax(container: &Value, compfunc: &Value) -> Result<Value> {
    let f = Callable::new(compfunc, 1);
    argmax_with(container, |x| f.call1(x))
}

pub fn argmax_with(container: &Value, key: impl FnMut(&Value) -> Result<Value>) -> Result<Value> {
    arg_best(container, key, Extreme::Max, "argmax")
}

pub fn argmin(container: &Value, compfunc: &Value) -> Result<Value> {
    let f = Callable::new(compfunc, 1);
    argmin_with(container, |x| f.call1(x))
}

pub fn argmin_with(container: &Value, key: impl FnMut(&Value) -> Result<Value>) -> Result<Value> {
    arg_best(container, key, Extreme::Min, "argmin")
}

pub fn mostcommon(container: &Value) -> Result<Value> {
    by_count(container, true, "mostcommon")
}

pub fn leastcommon(container: &Value) -> Result<Value> {
    by_count(container, false, "leastcommon")
}

pub fn initset(value: &Value) -> Result<Value> {
    Ok(Value::singleton(value.clone()))
}

pub fn sfilter(container: &Value, condition: &Value) -> Result<Value> {
    let f = Callable::new(condition, 1);
    sfilter_with(container, |e| f.call1(e))
}

pub fn sfilter_with(
    container: &Value,
    mut condition: impl FnMut(&Value) -> Result<Value>,
) -> Result<Value> {
    filter_container(container, "sfilter", |e| {
        crate::budget::check()?;
        Ok(condition(e)?.truthy())
    })
}

pub fn mfilter(container: &Value, function: &Value) -> Result<Value> {
    merge(&sfilter(container, function)?)
}

pub fn mfilter_with(
    container: &Value,
    condition: impl FnMut(&Value) -> Result<Value>,
) -> Result<Value> {
    merge(&sfilter_with(container, condition)?)
}

/// The first element that satisfies `condition` (StopIteration if none).
pub fn extract(container: &Value, condition: &Value) -> Result<Value> {
    let f = Callable::new(condition, 1);
    extract_with(container, |e| f.call1(e))
}

pub fn extract_with(
    container: &Value,
    mut condition: impl FnMut(&Value) -> Result<Value>,
) -> Result<Value> {
    for e in container.elems()? {
        crate::budget::check()?;
        if condition(&e)?.truthy() {
            return Ok(e);
        }
    }
    Err(Error::stop_iteration("extract"))
}

pub fn totuple(container: &Value) -> Result<Value> {
    if container.is_tuple() {
        return Ok(container.clone());
    }
    Ok(Value::tuple(container.elems()?))
}

/// `next(iter(container))`.
pub fn first(container: &Value) -> Result<Value> {
    let found = match container {
        Value::Indices(s) => s.first().map(loc_value),
        Value::Object(s) => s.first().map(cell_value),
        Value::Set(s) => s.first().cloned(),
        v if v.is_tuple() => v.tuple_get(0),
        _ => return Err(Error::type_error("first")),
    };
    found.ok_or(Error::stop_iteration("first"))
}

/// `max(enumerate(container))[1]`: the indices decide, so this is the last
/// element in iteration order (for a frozenset, the greatest in our order).
/// A value error when empty.
pub fn last(container: &Value) -> Result<Value> {
    let found = match container {
        Value::Indices(s) => s.last().map(loc_value),
        Value::Object(s) => s.last().map(cell_value),
        Value::Set(s) => s.last().cloned(),
        v if v.is_tuple() => match v.len()? {
            0 => None,
            n => v.tuple_get(n - 1),
        },
        _ => return Err(Error::type_error("last")),
    };
    found.ok_or(Error::value_error("last"))
}

/// `container.union(frozenset({value}))`: frozensets only.
pub fn insert(value: &Value, container: &Value) -> Result<Value> {
    if let (Value::Pair(i, j), Value::Indices(s)) = (value, container) {
        match insert_pair_locs((*i, *j), s) {
            Err(e) if crate::typed::is_deopt(&e) => {}
            r => return r.map(Value::Indices),
        }
    }
    match container {
        Value::Indices(s) => {
            if let Some(l) = value.loc() {
                return Ok(match s.binary_search(&l) {
                    Ok(_) => container.clone(),
                    Err(k) => {
                        let mut v = s.to_vec();
                        v.insert(k, l);
                        Value::Indices(v.into())
                    }
                });
            }
        }
        Value::Object(s) => {
            if let Some(c) = value.cell() {
                return Ok(match s.binary_search(&c) {
                    Ok(_) => container.clone(),
                    Err(k) => {
                        let mut v = s.to_vec();
                        v.insert(k, c);
                        Value::Object(v.into())
                    }
                });
            }
        }
        v if v.is_set() => {}
        _ => return Err(Error::type_error("insert: not a frozenset")),
    }
    let mut items = container.elems()?;
    items.push(value.clone());
    Ok(Value::set(items))
}

/// `type(container)(e for e in container if e != value)`.
pub fn remove(value: &Value, container: &Value) -> Result<Value> {
    match container {
        Value::Indices(s) => Ok(match value.loc().map(|l| s.binary_search(&l)) {
            Some(Ok(k)) => {
                let mut v = s.to_vec();
                v.remove(k);
                Value::Indices(v.into())
            }
            _ => container.clone(),
        }),
        Value::Object(s) => Ok(match value.cell().map(|c| s.binary_search(&c)) {
            Some(Ok(k)) => {
                let mut v = s.to_vec();
                v.remove(k);
                Value::Object(v.into())
            }
            _ => container.clone(),
        }),
        Value::Grid(g) => Ok(match value {
            // A row of colours against the grid's rows: bytes against bytes.
            Value::Row(r) if r.len() == g.width() => {
                let kept: Vec<usize> = (0..g.height()).filter(|&i| g.row(i) != &r[..]).collect();
                grid_rows(g, &kept)
            }
            Value::Row(_) => container.clone(),
            // Rows compared as colours, not as tuples built per row.
            _ => match row_numbers(value, g.width())? {
                Some(row) => {
                    let kept: Vec<usize> = (0..g.height())
                        .filter(|&i| !is_row(g.row(i), &row))
                        .collect();
                    grid_rows(g, &kept)
                }
                None => container.clone(),
            },
        }),
        _ => filter_container(container, "remove", |e| Ok(e != value)),
    }
}

/// The numbers of `value` where it is a tuple of `width` numbers, which a
/// grid row of that width may equal; `None` where no row can.
fn row_numbers(value: &Value, width: usize) -> Result<Option<Vec<i64>>> {
    if !value.is_tuple() || value.len()? != width {
        return Ok(None);
    }
    Ok((0..width)
        .map(|k| value.tuple_get(k).and_then(|v| v.number()))
        .collect())
}

/// Whether a grid row equals a tuple of numbers of its width.
fn is_row(row: &[Color], numbers: &[i64]) -> bool {
    row.iter().zip(numbers).all(|(&c, &x)| i64::from(c) == x)
}

/// `first(remove(value, container))`.
pub fn other(container: &Value, value: &Value) -> Result<Value> {
    first(&remove(value, container)?)
}

/// `tuple(range(start, stop, step))`.
pub fn interval(start: &Value, stop: &Value, step: &Value) -> Result<Value> {
    let a = start.as_int("interval")?;
    let b = stop.as_int("interval")?;
    let s = step.as_int("interval")?;
    interval_ints(a, b, s)
}

pub fn interval_ints(a: i64, b: i64, s: i64) -> Result<Value> {
    if s == 0 {
        return Err(Error::value_error("interval: step 0"));
    }
    let (a, b, s) = (a as i128, b as i128, s as i128);
    let n = if s > 0 && a < b {
        (b - a - 1) / s + 1
    } else if s < 0 && a > b {
        (a - b - 1) / (-s) + 1
    } else {
        0
    };
    let n = usize::try_from(n).map_err(|_| Error::unsupported("interval"))?;
    check_size(n, "interval")?;
    // Every element lies between start and stop, so it fits an i64.
    let items = (0..n as i128)
        .map(|k| Value::Int((a + k * s) as i64))
        .collect();
    Ok(Value::tuple(items))
}

/// What can make `product(a, b)` fail, in the order it fails there: `b`
/// not a container; then, when `b` has elements, `a` not a container;
/// then the size limit. (The interpreter's fused products check only
/// this, and enumerate the pairs themselves.)
pub(crate) fn product_checks(a: &Value, b: &Value) -> Result<()> {
    let nb = b.len()?;
    if nb == 0 {
        return Ok(());
    }
    let n = a
        .len()?
        .checked_mul(nb)
        .ok_or(Error::unsupported("product"))?;
    check_size(n, "product")
}

/// `frozenset((i, j) for j in b for i in a)`. The generator reads `a` only
/// once `b` has an element, so `product(5, ())` is the empty set.
pub fn product(a: &Value, b: &Value) -> Result<Value> {
    product_checks(a, b)?;
    let ys = b.elems_cow()?;
    if ys.is_empty() {
        return Ok(Value::empty_set());
    }
    let xs = a.elems_cow()?;
    let n = xs.len() * ys.len();
    let small = |v: &Value| v.number().and_then(|x| i32::try_from(x).ok());
    if let (Some(is), Some(js)) = (
        xs.iter().map(small).collect::<Option<Vec<_>>>(),
        ys.iter().map(small).collect::<Option<Vec<_>>>(),
    ) {
        let mut locs = Vec::with_capacity(n);
        for &i in &is {
            for &j in &js {
                locs.push((i, j));
            }
        }
        return Ok(Value::indices(locs));
    }
    let mut out = Vec::with_capacity(n);
    if a.is_set() && b.is_set() {
        // Two frozensets hold distinct elements in the canonical order, so
        // their pairs, first element outermost, are distinct and in order
        // too: no sort (which took a fifth of `gen search`'s time).
        for i in xs.iter() {
            for j in ys.iter() {
                out.push(Value::tuple2(i.clone(), j.clone()));
            }
        }
        return Ok(Value::set_in_order(out));
    }
    for j in ys.iter() {
        for i in xs.iter() {
            out.push(Value::tuple2(i.clone(), j.clone()));
        }
    }
    Ok(Value::set(out))
}

/// `tuple(zip(a, b))`.
pub fn pair(a: &Value, b: &Value) -> Result<Value> {
    let (xs, ys) = (a.elems_cow()?, b.elems_cow()?);
    Ok(Value::tuple(
        xs.iter()
            .zip(ys.iter())
            .map(|(x, y)| Value::tuple2(x.clone(), y.clone()))
            .collect(),
    ))
}

/// `frozenset(item for item in container if len(item) == n)`.
pub fn sizefilter(container: &Value, n: &Value) -> Result<Value> {
    let mut kept = Vec::new();
    for item in container.elems()? {
        let len = i64::try_from(item.len()?).map_err(|_| Error::unsupported("sizefilter"))?;
        if Value::Int(len) == *n {
            kept.push(item);
        }
    }
    Ok(Value::set(kept))
}

// ----- kernels (see `typed`) ---------------------------------------------------

use crate::typed::functional::Union;
use crate::typed::{
    loc_of, objects_iter, CellPair, CellPairs, Cells, LocPairs, Locs, ObjectPair, ObjectPairs,
    PairPair,
};

pub fn combine_locs(a: &Locs, b: &Locs) -> Result<Locs> {
    Ok(union_sorted(a, b).into())
}

pub fn combine_cells(a: &Cells, b: &Cells) -> Result<Cells> {
    Ok(union_sorted(a, b).into())
}

pub fn intersection_locs(a: &Locs, b: &Locs) -> Result<Locs> {
    Ok(filter_sorted(a, b, true).into())
}

pub fn intersection_cells(a: &Cells, b: &Cells) -> Result<Cells> {
    Ok(filter_sorted(a, b, true).into())
}

pub fn difference_locs(a: &Locs, b: &Locs) -> Result<Locs> {
    Ok(filter_sorted(a, b, false).into())
}

/// `size(difference(a, b))`: the locations of `a` not in `b`, counted as
/// [`filter_sorted`] finds them, without building the difference.
pub fn difference_size_locs(a: &Locs, b: &Locs) -> Result<i64> {
    Ok(with_membership(b, |bits| match bits {
        Some(bits) => a.iter().filter(|&&l| !bits.contains(l)).count() as i64,
        None => {
            let mut missing = 0;
            walk_membership(a, b, |_, found| missing += i64::from(!found));
            missing
        }
    }))
}

/// `size(intersection(a, b))`: the locations in both, counted as
/// [`filter_sorted`] finds them (the smaller side walked), without
/// building the intersection.
pub fn intersection_size_locs(a: &Locs, b: &Locs) -> Result<i64> {
    let (small, large) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    let mut found = 0;
    walk_membership(small, large, |_, hit| found += i64::from(hit));
    Ok(found)
}

pub fn difference_cells(a: &Cells, b: &Cells) -> Result<Cells> {
    Ok(filter_sorted(a, b, false).into())
}

/// Sets of objects: the generic operations, typed as sets of objects (a
/// subset or union of sets of objects is one).
pub fn combine_objects(a: &Value, b: &Value) -> Result<Value> {
    combine(a, b)
}

pub fn intersection_objects(a: &Value, b: &Value) -> Result<Value> {
    intersection(a, b)
}

pub fn difference_objects(a: &Value, b: &Value) -> Result<Value> {
    difference(a, b)
}

pub fn size_locs(s: &Locs) -> Result<i64> {
    count(s.len())
}

pub fn size_cells(s: &Cells) -> Result<i64> {
    count(s.len())
}

pub fn size_objects(s: &Value) -> Result<i64> {
    count(s.len()?)
}

pub fn size_grid(g: &crate::typed::G) -> Result<i64> {
    count(g.height())
}

/// `dedupe` of a grid: its rows, each once where it first occurs (the
/// grid itself, shared, where no row repeats).
pub fn dedupe_grid(g: &crate::typed::G) -> Result<crate::typed::G> {
    let kept = first_rows(g);
    if kept.len() == g.height() {
        return Ok(g.clone());
    }
    Ok(buffers::rows_at(g, kept.iter().copied()))
}

pub fn initset_pair(p: (i64, i64)) -> Result<Locs> {
    Ok(std::sync::Arc::new([loc_of(p)?]))
}

/// A sorted set with `x` in its place (the set itself where it holds it).
fn with_item<T: Ord + Copy>(s: &Arc<[T]>, x: T) -> Arc<[T]> {
    match s.binary_search(&x) {
        Ok(_) => s.clone(),
        Err(k) => {
            let mut v = Vec::with_capacity(s.len() + 1);
            v.extend_from_slice(&s[..k]);
            v.push(x);
            v.extend_from_slice(&s[k..]);
            v.into()
        }
    }
}

/// `insert` of a cell into an object: the object, sorted, with it.
pub fn insert_cell_cells(c: Cell, s: &Cells) -> Result<Cells> {
    Ok(with_item(s, c))
}

/// `insert` of an object into a set of objects (the set's own rule).
pub fn insert_object_objects(o: &Cells, objs: &Value) -> Result<Value> {
    insert(&Value::Object(o.clone()), objs)
}

pub fn insert_pair_locs(p: (i64, i64), s: &Locs) -> Result<Locs> {
    Ok(with_item(s, loc_of(p)?))
}

pub fn contained_pair_locs(p: (i64, i64), s: &Locs) -> Result<bool> {
    Ok(match (i32::try_from(p.0), i32::try_from(p.1)) {
        (Ok(i), Ok(j)) => s.binary_search(&(i, j)).is_ok(),
        _ => false,
    })
}

/// `x in (a, b)`: a number among a pair's two (`contained(first(cell),
/// astuple(TWO, FOUR))`, a colour among two).
pub fn contained_int_pair(x: i64, p: (i64, i64)) -> Result<bool> {
    Ok(x == p.0 || x == p.1)
}

/// The union of a set of objects: one object.
pub fn merge_objects(objs: &Value) -> Result<Cells> {
    Cells::union(objects_iter(objs).cloned().collect())
}

pub fn first_objects(objs: &Value) -> Result<Cells> {
    objects_iter(objs)
        .next()
        .cloned()
        .ok_or(Error::stop_iteration("first"))
}

pub fn last_objects(objs: &Value) -> Result<Cells> {
    objects_iter(objs)
        .last()
        .cloned()
        .ok_or(Error::value_error("last"))
}

pub fn first_locs(s: &Locs) -> Result<(i64, i64)> {
    s.first()
        .map(|&(i, j)| (i as i64, j as i64))
        .ok_or(Error::stop_iteration("first"))
}

pub fn last_locs(s: &Locs) -> Result<(i64, i64)> {
    s.last()
        .map(|&(i, j)| (i as i64, j as i64))
        .ok_or(Error::value_error("last"))
}

pub fn first_cells(s: &Cells) -> Result<Cell> {
    s.first().copied().ok_or(Error::stop_iteration("first"))
}

pub fn last_cells(s: &Cells) -> Result<Cell> {
    s.last().copied().ok_or(Error::value_error("last"))
}

/// `first` of a cell: its colour.
#[inline]
pub fn first_cell(c: Cell) -> Result<i64> {
    Ok(i64::from(c.color))
}

/// `last` of a cell: its location.
#[inline]
pub fn last_cell(c: Cell) -> Result<(i64, i64)> {
    Ok((i64::from(c.loc.0), i64::from(c.loc.1)))
}

/// `initset` of a cell: the object of that one cell.
pub fn initset_cell(c: Cell) -> Result<Cells> {
    Ok(std::sync::Arc::new([c]))
}

/// `product` of two sorted sets: every 2-tuple of an item of `a` and one
/// of `b`, in the set's order (`a`'s outermost: both are sorted and
/// distinct, so their pairs are too), with the primitive's size checks.
fn pairs_in_order<T: Clone>(a: &[T], b: &[T]) -> Result<Arc<[(T, T)]>> {
    let n = product_len(a.len(), b.len())?;
    let mut out = Vec::with_capacity(n);
    for x in a.iter() {
        out.extend(b.iter().map(|y| (x.clone(), y.clone())));
    }
    Ok(Arc::from(out))
}

/// The colours of `row` in order, each at its first place only (`dedupe`
/// of a row), pushed onto `out`: the colours seen are marked among the 256
/// values a colour can take.
pub(crate) fn push_distinct_colours(row: &[Color], out: &mut Vec<Color>) {
    let mut seen = [0u64; 4];
    for &c in row {
        let (word, bit) = ((c as u8 / 64) as usize, 1u64 << (c as u8 % 64));
        if seen[word] & bit == 0 {
            seen[word] |= bit;
            out.push(c);
        }
    }
}

/// How many pairs `product` of `a` and `b` items makes, checked against
/// the size budget as building them would be.
pub(crate) fn product_len(a: usize, b: usize) -> Result<usize> {
    let n = a.checked_mul(b).ok_or(Error::unsupported("product"))?;
    check_size(n, "product")?;
    Ok(n)
}

/// `product` of two indices: the 2-tuples of their locations.
pub fn product_locs(a: &Locs, b: &Locs) -> Result<LocPairs> {
    pairs_in_order(a, b)
}

/// `product` of two objects: the 2-tuples of their cells.
pub fn product_cells(a: &Cells, b: &Cells) -> Result<CellPairs> {
    pairs_in_order(a, b)
}

/// `product` of two sets of objects: the 2-tuples of their objects, in
/// the set's order (both sets hold distinct objects in order).
pub fn product_objects(a: &Value, b: &Value) -> Result<ObjectPairs> {
    let a: Vec<Cells> = objects_iter(a).cloned().collect();
    let b: Vec<Cells> = objects_iter(b).cloned().collect();
    pairs_in_order(&a, &b)
}

pub fn first_object_pair(p: &ObjectPair) -> Result<Cells> {
    Ok(p.0.clone())
}

pub fn last_object_pair(p: &ObjectPair) -> Result<Cells> {
    Ok(p.1.clone())
}

pub fn size_object_pairs(s: &ObjectPairs) -> Result<i64> {
    Ok(s.len() as i64)
}

#[inline]
pub fn first_cell_pair(p: CellPair) -> Result<Cell> {
    Ok(p.0)
}

#[inline]
pub fn last_cell_pair(p: CellPair) -> Result<Cell> {
    Ok(p.1)
}

/// `color` of a 2-tuple of cells: its first item's first item, the first
/// cell's colour.
#[inline]
pub fn color_cell_pair(p: CellPair) -> Result<i64> {
    Ok(i64::from(p.0.color))
}

pub fn size_cell_pairs(s: &CellPairs) -> Result<i64> {
    Ok(s.len() as i64)
}

/// `first` of a 2-tuple of pairs.
#[inline]
pub fn first_pair_pair(p: PairPair) -> Result<(i64, i64)> {
    Ok(p.0)
}

/// `last` of a 2-tuple of pairs.
#[inline]
pub fn last_pair_pair(p: PairPair) -> Result<(i64, i64)> {
    Ok(p.1)
}

pub fn size_loc_pairs(s: &LocPairs) -> Result<i64> {
    Ok(s.len() as i64)
}

/// `first` of a pair (a 2-tuple): its first number.
pub fn first_pair(p: (i64, i64)) -> Result<i64> {
    Ok(p.0)
}

/// `last` of a pair: its second number.
pub fn last_pair(p: (i64, i64)) -> Result<i64> {
    Ok(p.1)
}

/// `maximum` of a pair: the larger number (equal numbers are one value).
pub fn maximum_pair(p: (i64, i64)) -> Result<i64> {
    Ok(p.0.max(p.1))
}

/// `minimum` of a pair: the smaller number.
pub fn minimum_pair(p: (i64, i64)) -> Result<i64> {
    Ok(p.0.min(p.1))
}

pub fn remove_object_objects(o: &Cells, objs: &Value) -> Result<Value> {
    remove(&Value::Object(o.clone()), objs)
}

pub fn remove_pair_locs(p: (i64, i64), s: &Locs) -> Result<Locs> {
    Ok(match contained_pair_locs(p, s)? {
        true => {
            let l = loc_of(p)?;
            s.iter()
                .copied()
                .filter(|&x| x != l)
                .collect::<Vec<_>>()
                .into()
        }
        false => s.clone(),
    })
}

/// Objects of `n` cells.
pub fn sizefilter_objects(objs: &Value, n: i64) -> Result<Value> {
    let kept: Vec<Cells> = objects_iter(objs)
        .filter(|o| i64::try_from(o.len()).is_ok_and(|len| len == n))
        .cloned()
        .collect();
    Ok(crate::typed::objects_value(kept))
}

crate::kernel_table! {
    CONTAINER_KERNELS:
    dedupe(Grid) -> Grid = dedupe_grid;
    combine(Indices, Indices) -> Indices = combine_locs;
    combine(Object, Object) -> Object = combine_cells;
    combine(Objects, Objects) -> Objects = combine_objects;
    intersection(Indices, Indices) -> Indices = intersection_locs;
    intersection(Object, Object) -> Object = intersection_cells;
    intersection(Objects, Objects) -> Objects = intersection_objects;
    difference(Indices, Indices) -> Indices = difference_locs;
    difference(Object, Object) -> Object = difference_cells;
    difference(Objects, Objects) -> Objects = difference_objects;
    size(Indices) -> Int = size_locs;
    size(Object) -> Int = size_cells;
    size(Objects) -> Int = size_objects;
    size(Grid) -> Int = size_grid;
    initset(Pair) -> Indices = initset_pair;
    insert(Pair, Indices) -> Indices = insert_pair_locs;
    insert(Cell, Object) -> Object = insert_cell_cells;
    insert(Object, Objects) -> Objects = insert_object_objects;
    contained(Pair, Indices) -> Bool = contained_pair_locs;
    contained(Int, Pair) -> Bool = contained_int_pair;
    merge(Objects) -> Object = merge_objects;
    first(Objects) -> Object = first_objects;
    last(Objects) -> Object = last_objects;
    first(Indices) -> Pair = first_locs;
    last(Indices) -> Pair = last_locs;
    first(Pair) -> Int = first_pair;
    last(Pair) -> Int = last_pair;
    maximum(Pair) -> Int = maximum_pair;
    minimum(Pair) -> Int = minimum_pair;
    product(Indices, Indices) -> LocPairs = product_locs;
    first(Object) -> Cell = first_cells;
    last(Object) -> Cell = last_cells;
    first(Cell) -> Int = first_cell;
    last(Cell) -> Pair = last_cell;
    initset(Cell) -> Object = initset_cell;
    product(Object, Object) -> CellPairs = product_cells;
    first(CellPair) -> Cell = first_cell_pair;
    last(CellPair) -> Cell = last_cell_pair;
    size(CellPairs) -> Int = size_cell_pairs;
    color(CellPair) -> Int = color_cell_pair;
    product(Objects, Objects) -> ObjectPairs = product_objects;
    first(ObjectPair) -> Object = first_object_pair;
    last(ObjectPair) -> Object = last_object_pair;
    size(ObjectPairs) -> Int = size_object_pairs;
    first(LocPair) -> Pair = first_pair_pair;
    last(LocPair) -> Pair = last_pair_pair;
    size(LocPairs) -> Int = size_loc_pairs;
    remove(Object, Objects) -> Objects = remove_object_objects;
    remove(Pair, Indices) -> Indices = remove_pair_locs;
    sizefilter(Objects, Int) -> Objects = sizefilter_objects;
    interval(Int, Int, Int) -> Value = interval_ints;
}
