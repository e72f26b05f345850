//! Typed forms of the higher-order primitives over indices, sets of
//! objects and a grid's rows: the function is Rust code on held values (a
//! location as `(i64, i64)`, an object as `&Cells`, a colour as `i64`),
//! and the results are built in the representation they have. Each gives
//! exactly what its primitive gives on the same values
//! (`primitives::functional` and `containers`): it visits the elements in
//! the same order, calls the function on each once, checks the time budget
//! where the primitive does, and stops at the same first error.

use std::sync::Arc;

use crate::budget;
use crate::crew;
use crate::error::{Error, Result};
use crate::typed::{
    loc_of, objects_iter, objects_value, CellPair, CellPairs, CellSeq, Cells, IntoValue, LocPairs,
    LocSeq, Locs, ObjectPair, ObjectPairs, PairPair, SeqItem, G,
};
use crate::values::{
    sorted_unique_cells, sorted_unique_locs, union_locs, Cell, Color, Grid, Loc, Ragged, Value,
};

/// A frozenset of results, in canonical form.
pub fn set_of<R: IntoValue>(items: Vec<R>) -> Value {
    Value::set(items.into_iter().map(IntoValue::into_value).collect())
}

/// A frozenset of pairs as indices; a pair beyond `i32` cannot be a
/// location, and its set is not indices: deopt.
pub fn locs_of(items: Vec<(i64, i64)>) -> Result<Locs> {
    let locs = items
        .into_iter()
        .map(loc_of)
        .collect::<Result<Vec<Loc>>>()?;
    Ok(Arc::from(sorted_unique_locs(locs)))
}

/// What `apply` over a frozenset builds from results of one type.
pub trait SetOf: Sized {
    type Set;
    fn set_of(items: Vec<Self>) -> Result<Self::Set>;
}

impl SetOf for (i64, i64) {
    type Set = Locs;
    fn set_of(items: Vec<Self>) -> Result<Locs> {
        locs_of(items)
    }
}

impl SetOf for Cell {
    type Set = Cells;
    fn set_of(items: Vec<Cell>) -> Result<Cells> {
        Ok(Arc::from(sorted_unique_cells(items)))
    }
}

impl SetOf for Cells {
    type Set = Value;
    fn set_of(mut items: Vec<Cells>) -> Result<Value> {
        items.sort_unstable();
        items.dedup();
        Ok(objects_value(items))
    }
}

macro_rules! set_of_values {
    ($($t:ty),*) => { $(
        impl SetOf for $t {
            type Set = Value;
            fn set_of(items: Vec<$t>) -> Result<Value> {
                Ok(set_of(items))
            }
        }
    )* };
}

set_of_values!(bool, i64, Locs, crate::typed::G, Value);

/// What `mapply` over a frozenset makes of results of one type: their
/// union (`merge` of the set of results).
pub trait Union: Sized {
    fn union(items: Vec<Self>) -> Result<Self>;
}

/// The items' elements in one list, allocated once at its final size
/// (collecting a flat map grew it by reallocation, a tenth of some
/// programs' time).
fn concatenated<T: Copy>(items: &[Arc<[T]>]) -> Result<Vec<T>> {
    let n = items.iter().map(|c| c.len()).sum();
    budget::check_size(n, "merge")?;
    let mut all = Vec::with_capacity(n);
    for c in items {
        all.extend_from_slice(c);
    }
    Ok(all)
}

impl Union for Cells {
    fn union(items: Vec<Cells>) -> Result<Cells> {
        if let [one] = items.as_slice() {
            return Ok(one.clone());
        }
        Ok(Arc::from(sorted_unique_cells(concatenated(&items)?)))
    }
}

impl Union for Locs {
    fn union(items: Vec<Locs>) -> Result<Locs> {
        if let [one] = items.as_slice() {
            return Ok(one.clone());
        }
        budget::check_size(items.iter().map(|s| s.len()).sum(), "merge")?;
        let sets: Vec<&[Loc]> = items.iter().map(|s| &s[..]).collect();
        Ok(Arc::from(union_locs(&sets)))
    }
}

/// A key of `argmax`/`argmin`: a number (a bool counts as 0 or 1).
pub trait Key: Copy {
    fn number(self) -> i64;
}

impl Key for i64 {
    fn number(self) -> i64 {
        self
    }
}

impl Key for bool {
    fn number(self) -> i64 {
        self as i64
    }
}

#[inline]
fn pair_of(&(i, j): &Loc) -> (i64, i64) {
    (i as i64, j as i64)
}

/// The elements of a container representation, as the closure takes them.
pub trait Elements {
    type Elem<'a>
    where
        Self: 'a;
    fn for_each<'a>(&'a self, f: impl FnMut(Self::Elem<'a>) -> Result<()>) -> Result<()>;
    /// How many elements `for_each` gives.
    fn count(&self) -> usize;
}

impl Elements for Locs {
    type Elem<'a> = (i64, i64);
    fn for_each<'a>(&'a self, mut f: impl FnMut(Self::Elem<'a>) -> Result<()>) -> Result<()> {
        self.iter().try_for_each(|l| f(pair_of(l)))
    }
    fn count(&self) -> usize {
        self.len()
    }
}

/// 2-tuples of locations: each as two pairs.
impl Elements for LocPairs {
    type Elem<'a> = PairPair;
    fn for_each<'a>(&'a self, mut f: impl FnMut(Self::Elem<'a>) -> Result<()>) -> Result<()> {
        self.iter()
            .try_for_each(|(a, b)| f((pair_of(a), pair_of(b))))
    }
    fn count(&self) -> usize {
        self.len()
    }
}

/// An object's cells, each by value.
impl Elements for Cells {
    type Elem<'a> = Cell;
    fn for_each<'a>(&'a self, f: impl FnMut(Self::Elem<'a>) -> Result<()>) -> Result<()> {
        self.iter().copied().try_for_each(f)
    }
    fn count(&self) -> usize {
        self.len()
    }
}

/// 2-tuples of cells, each by value.
impl Elements for CellPairs {
    type Elem<'a> = CellPair;
    fn for_each<'a>(&'a self, f: impl FnMut(Self::Elem<'a>) -> Result<()>) -> Result<()> {
        self.iter().copied().try_for_each(f)
    }
    fn count(&self) -> usize {
        self.len()
    }
}

/// 2-tuples of objects, each by reference.
impl Elements for ObjectPairs {
    type Elem<'a> = &'a ObjectPair;
    fn for_each<'a>(&'a self, f: impl FnMut(Self::Elem<'a>) -> Result<()>) -> Result<()> {
        self.iter().try_for_each(f)
    }
    fn count(&self) -> usize {
        self.len()
    }
}

/// A tuple of locations: each in order, repeats kept.
impl Elements for LocSeq {
    type Elem<'a> = (i64, i64);
    fn for_each<'a>(&'a self, mut f: impl FnMut(Self::Elem<'a>) -> Result<()>) -> Result<()> {
        self.as_slice().iter().try_for_each(|l| f(pair_of(l)))
    }
    fn count(&self) -> usize {
        self.as_slice().len()
    }
}

/// A set of objects (a `Value` that passed the objects guard).
impl Elements for Value {
    type Elem<'a> = &'a Cells;
    fn for_each<'a>(&'a self, mut f: impl FnMut(Self::Elem<'a>) -> Result<()>) -> Result<()> {
        objects_iter(self).try_for_each(&mut f)
    }
    fn count(&self) -> usize {
        match self {
            Value::Set(s) => s.len(),
            _ => 0,
        }
    }
}

/// `apply(f, container)` of a frozenset: the frozenset of the results.
pub fn apply_set<'a, C: Elements, R: SetOf>(
    container: &'a C,
    f: impl FnMut(C::Elem<'a>) -> Result<R>,
) -> Result<R::Set> {
    R::set_of(apply_collect(container, f)?)
}

/// `mapply(f, container)` of a frozenset: the union of the results.
pub fn mapply_set<'a, C: Elements, R: Union>(
    container: &'a C,
    f: impl FnMut(C::Elem<'a>) -> Result<R>,
) -> Result<R> {
    R::union(apply_collect(container, f)?)
}

/// [`mapply_set`] whose union only a `paint`, `fill`, `underfill` or
/// `underpaint` of `grid` reads: where any result has elements off the
/// grid, the results are cut to the grid's cells before the union, as
/// those readers skip the others. (A union of shifted
/// copies of a large patch, most of them off the grid, took 30-40 ms of one
/// thread on some cross-mode inputs: `solve_1f0c79e5`.) The function runs
/// on every element as before, so its errors are the same.
pub fn mapply_set_within<'a, C: Elements, R: Union + Within>(
    container: &'a C,
    f: impl FnMut(C::Elem<'a>) -> Result<R>,
    grid: &Grid,
) -> Result<R> {
    let (h, w) = (grid.height() as i32, grid.width() as i32);
    R::union_within(apply_collect(container, f)?, h, w)
}

/// The forms of a loop at a program's top level whose body has loops of
/// its own, which idle threads of the run may help with
/// ([`crate::crew`]): `worker` runs on each thread taking part, declares
/// that thread's tables (element columns, remembered calls) and calls
/// [`crew::Loop::run`] with the loop's function. Each gives exactly what
/// its one-thread form gives.
pub fn apply_collect_helped<'a, C, R, W>(container: &'a C, worker: W) -> Result<Vec<R>>
where
    C: Elements,
    C::Elem<'a>: Copy + Send + Sync,
    R: Send,
    W: Fn(&crew::Loop<'_, C::Elem<'a>, R>) + Sync,
{
    let mut elems = Vec::with_capacity(container.count());
    container.for_each(|e| {
        elems.push(e);
        Ok(())
    })?;
    crew::collect(&elems, worker)
}

/// [`apply_set`], helped ([`apply_collect_helped`]).
pub fn apply_set_helped<'a, C, R, W>(container: &'a C, worker: W) -> Result<R::Set>
where
    C: Elements,
    C::Elem<'a>: Copy + Send + Sync,
    R: SetOf + Send,
    W: Fn(&crew::Loop<'_, C::Elem<'a>, R>) + Sync,
{
    R::set_of(apply_collect_helped(container, worker)?)
}

/// [`mapply_set`], helped ([`apply_collect_helped`]).
pub fn mapply_set_helped<'a, C, R, W>(container: &'a C, worker: W) -> Result<R>
where
    C: Elements,
    C::Elem<'a>: Copy + Send + Sync,
    R: Union + Send,
    W: Fn(&crew::Loop<'_, C::Elem<'a>, R>) + Sync,
{
    R::union(apply_collect_helped(container, worker)?)
}

/// [`mapply_set_within`], helped ([`apply_collect_helped`]).
pub fn mapply_set_within_helped<'a, C, R, W>(container: &'a C, worker: W, grid: &Grid) -> Result<R>
where
    C: Elements,
    C::Elem<'a>: Copy + Send + Sync,
    R: Union + Within + Send,
    W: Fn(&crew::Loop<'_, C::Elem<'a>, R>) + Sync,
{
    let (h, w) = (grid.height() as i32, grid.width() as i32);
    R::union_within(apply_collect_helped(container, worker)?, h, w)
}

/// The union of patches' parts on a grid of `h` rows and `w` columns.
pub trait Within: Sized {
    fn union_within(items: Vec<Self>, h: i32, w: i32) -> Result<Self>;
}

fn inside(l: Loc, h: i32, w: i32) -> bool {
    (0..h).contains(&l.0) && (0..w).contains(&l.1)
}

/// The items' elements inside the grid in one list, and where each item's
/// part ends in it; `None` where every element is inside (the union of the
/// whole items is then the same). Cutting each item apart cost an
/// allocation per item: 1.5x the instructions of some programs whose
/// lines run off the grid.
fn cut_to_grid<T: SeqItem>(
    items: &[Arc<[T]>],
    h: i32,
    w: i32,
) -> Result<Option<(Vec<T>, Vec<usize>)>> {
    // The reference's union is of the whole items.
    budget::check_size(items.iter().map(|c| c.len()).sum(), "merge")?;
    if items
        .iter()
        .all(|c| c.iter().all(|x| inside(x.loc(), h, w)))
    {
        return Ok(None);
    }
    let mut ends = Vec::with_capacity(items.len());
    let mut all = Vec::new();
    for c in items {
        all.extend(c.iter().filter(|x| inside(x.loc(), h, w)).copied());
        ends.push(all.len());
    }
    Ok(Some((all, ends)))
}

impl Within for Cells {
    fn union_within(items: Vec<Cells>, h: i32, w: i32) -> Result<Cells> {
        match cut_to_grid(&items, h, w)? {
            None => Cells::union(items),
            Some((cells, _)) => Ok(Arc::from(sorted_unique_cells(cells))),
        }
    }
}

impl Within for Locs {
    fn union_within(items: Vec<Locs>, h: i32, w: i32) -> Result<Locs> {
        let Some((locs, ends)) = cut_to_grid(&items, h, w)? else {
            return Locs::union(items);
        };
        // Each item's part stays sorted: the parts are unioned as the
        // items are (`union_locs`).
        let mut start = 0;
        let parts: Vec<&[Loc]> = ends
            .iter()
            .map(|&end| {
                let part = &locs[start..end];
                start = end;
                part
            })
            .collect();
        Ok(Arc::from(union_locs(&parts)))
    }
}

/// `mapply(f, tuple)` where `f` gives indices: Python merges the tuple of
/// results into a tuple, so their locations concatenated in order.
pub fn mapply_seq<'a, C: Elements>(
    container: &'a C,
    f: impl FnMut(C::Elem<'a>) -> Result<Locs>,
) -> Result<LocSeq> {
    Ok(LocSeq::new(concatenated(&apply_collect(container, f)?)?))
}

/// [`mapply_seq`] over a tuple held as a `Value` (elements as values); a
/// frozenset there (its type was a claim) gives up.
pub fn mapply_tuple_locs(
    container: &Value,
    f: impl FnMut(&Value) -> Result<Locs>,
) -> Result<LocSeq> {
    Ok(LocSeq::new(concatenated_over_tuple(container, f)?))
}

/// The parts `f` gives for the elements of a tuple held as a `Value`,
/// concatenated in order (a frozenset there gives up: `mapply` over it
/// unions instead).
fn concatenated_over_tuple<T: Copy>(
    container: &Value,
    mut f: impl FnMut(&Value) -> Result<Arc<[T]>>,
) -> Result<Vec<T>> {
    if !container.is_tuple() {
        return Err(Error::deopt("mapply over a tuple"));
    }
    let items = container.elems_cow()?;
    let mut parts = Vec::with_capacity(items.len());
    for x in items.iter() {
        parts.push(f(x)?);
    }
    concatenated(&parts)
}

/// `mapply(f, tuple)` where `f` gives objects: Python merges the tuple of
/// results into a tuple, so their cells concatenated in order.
pub fn mapply_seq_cells<'a, C: Elements>(
    container: &'a C,
    f: impl FnMut(C::Elem<'a>) -> Result<Cells>,
) -> Result<CellSeq> {
    Ok(CellSeq::new(concatenated(&apply_collect(container, f)?)?))
}

/// [`mapply_seq_cells`] over a tuple held as a `Value` (elements as
/// values); a frozenset there (its type was a claim) gives up.
pub fn mapply_tuple_cells(
    container: &Value,
    f: impl FnMut(&Value) -> Result<Cells>,
) -> Result<CellSeq> {
    Ok(CellSeq::new(concatenated_over_tuple(container, f)?))
}

/// `mpapply(f, a, b)` where `f` gives indices: Python zips `a` and `b`,
/// then merges the tuple of results, so their locations concatenated in
/// order (whatever containers `a` and `b` are: `papply` always makes a
/// tuple).
pub fn mpapply_tuple_locs(
    a: &Value,
    b: &Value,
    f: impl FnMut(&Value, &Value) -> Result<Locs>,
) -> Result<LocSeq> {
    Ok(LocSeq::new(concatenated_over_zip(a, b, f)?))
}

/// [`mpapply_tuple_locs`] where `f` gives objects: their cells
/// concatenated in order.
pub fn mpapply_tuple_cells(
    a: &Value,
    b: &Value,
    f: impl FnMut(&Value, &Value) -> Result<Cells>,
) -> Result<CellSeq> {
    Ok(CellSeq::new(concatenated_over_zip(a, b, f)?))
}

/// The parts `f` gives for the pairs of `zip(a, b)`, concatenated in
/// order: every call before the merge's size check, as in the reference.
fn concatenated_over_zip<T: Copy>(
    a: &Value,
    b: &Value,
    mut f: impl FnMut(&Value, &Value) -> Result<Arc<[T]>>,
) -> Result<Vec<T>> {
    let (xs, ys) = (a.elems_cow()?, b.elems_cow()?);
    let mut parts = Vec::with_capacity(xs.len().min(ys.len()));
    for (x, y) in xs.iter().zip(ys.iter()) {
        parts.push(f(x, y)?);
    }
    concatenated(&parts)
}

/// `sfilter` of indices: the locations whose condition holds, in order.
pub fn sfilter_locs(
    container: &Locs,
    condition: impl FnMut((i64, i64)) -> Result<bool>,
) -> Result<Locs> {
    kept_in_order(container, pair_of, condition)
}

/// `sfilter` of 2-tuples of locations: those whose condition holds, in
/// order.
pub fn sfilter_loc_pairs(
    container: &LocPairs,
    condition: impl FnMut(PairPair) -> Result<bool>,
) -> Result<LocPairs> {
    kept_in_order(container, |(a, b)| (pair_of(a), pair_of(b)), condition)
}

/// `sfilter` of an object: the cells whose condition holds, in order.
pub fn sfilter_cells(
    container: &Cells,
    condition: impl FnMut(Cell) -> Result<bool>,
) -> Result<Cells> {
    kept_in_order(container, |c| *c, condition)
}

/// `sfilter` of 2-tuples of cells: those whose condition holds, in order.
pub fn sfilter_cell_pairs(
    container: &CellPairs,
    condition: impl FnMut(CellPair) -> Result<bool>,
) -> Result<CellPairs> {
    kept_in_order(container, |p| *p, condition)
}

/// `sfilter` of 2-tuples of objects: those whose condition holds, in
/// order (the budget checked before each, as `sfilter` does).
pub fn sfilter_object_pairs(
    container: &ObjectPairs,
    mut condition: impl FnMut(&ObjectPair) -> Result<bool>,
) -> Result<ObjectPairs> {
    let mut out = Vec::with_capacity(container.len());
    for p in container.iter() {
        budget::check()?;
        if condition(p)? {
            out.push(p.clone());
        }
    }
    Ok(Arc::from(out))
}

// ----- `sfilter` of a `product` read by nothing else ----------------------------
//
// The pairs of `product(a, b)` in its order (every item of `a` with every
// item of `b`, both sets sorted and distinct, so the pairs are too), the
// filter's condition on each as it comes, and only the kept pairs built.
// The product's checks come first as they would: its size against the
// budget, then `sfilter`'s budget check before each pair. The emitter uses
// these only where nothing but statically known functions stands between
// the two (`Lower::lazy_product`). `solve_cbded52d` on a grid of 583
// one-cell objects built and dropped 340,000 pairs of objects (two
// reference counts each) to keep a few hundred: one such evaluation was
// the last CPU task of runs on two GPUs.

/// The pairs of `a` and `b` whose condition holds, on each pair as `elem`
/// gives it to the closure.
fn product_kept<T: Clone, E>(
    a: &[T],
    b: &[T],
    elem: impl Fn(&T, &T) -> E,
    mut condition: impl FnMut(E) -> Result<bool>,
) -> Result<Arc<[(T, T)]>> {
    crate::primitives::containers::product_len(a.len(), b.len())?;
    let mut out = Vec::new();
    for x in a {
        for y in b {
            budget::check()?;
            if condition(elem(x, y))? {
                out.push((x.clone(), y.clone()));
            }
        }
    }
    Ok(Arc::from(out))
}

/// `sfilter(product(a, b), condition)` of two indices.
pub fn sfilter_product_locs(
    a: &Locs,
    b: &Locs,
    condition: impl FnMut(PairPair) -> Result<bool>,
) -> Result<LocPairs> {
    product_kept(a, b, |x, y| (pair_of(x), pair_of(y)), condition)
}

/// `sfilter(product(a, b), condition)` of two objects.
pub fn sfilter_product_cells(
    a: &Cells,
    b: &Cells,
    condition: impl FnMut(CellPair) -> Result<bool>,
) -> Result<CellPairs> {
    product_kept(a, b, |x, y| (*x, *y), condition)
}

/// `sfilter(product(a, b), condition)` of two sets of objects. The
/// closure takes the pair by reference, as `sfilter_object_pairs` does;
/// the pair it sees shares the two objects without counting them.
pub fn sfilter_product_objects(
    a: &Value,
    b: &Value,
    mut condition: impl FnMut(&ObjectPair) -> Result<bool>,
) -> Result<ObjectPairs> {
    let a: Vec<Cells> = objects_iter(a).cloned().collect();
    let b: Vec<Cells> = objects_iter(b).cloned().collect();
    product_kept(
        &a,
        &b,
        |x, y| {
            // SAFETY: bitwise copies of two `Arc`s that `a` and `b` keep
            // alive past the call, never dropped (`ManuallyDrop`): the
            // closure sees the pair it would see in the product, and a
            // clone it takes counts a reference as any clone does.
            std::mem::ManuallyDrop::new(unsafe { (std::ptr::read(x), std::ptr::read(y)) })
        },
        |pair| condition(&pair),
    )
}

/// The items of a sorted set whose condition holds (on the item as the
/// closure takes it), in order, the budget checked before each as
/// `sfilter` does.
fn kept_in_order<T: Copy, E>(
    items: &[T],
    elem: impl Fn(&T) -> E,
    mut condition: impl FnMut(E) -> Result<bool>,
) -> Result<Arc<[T]>> {
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        budget::check()?;
        if condition(elem(item))? {
            out.push(*item);
        }
    }
    Ok(Arc::from(out))
}

/// The objects of a set whose condition holds, in order (the budget
/// checked before each, as `sfilter` does).
fn kept_objects(
    container: &Value,
    mut condition: impl FnMut(&Cells) -> Result<bool>,
) -> Result<Vec<Cells>> {
    let mut kept = Vec::new();
    for o in objects_iter(container) {
        budget::check()?;
        if condition(o)? {
            kept.push(o.clone());
        }
    }
    Ok(kept)
}

/// `sfilter` of a set of objects: a set of objects, in order.
pub fn sfilter_objects(
    container: &Value,
    condition: impl FnMut(&Cells) -> Result<bool>,
) -> Result<Value> {
    Ok(objects_value(kept_objects(container, condition)?))
}

/// `mfilter` of a set of objects: the union of those that pass.
pub fn mfilter_objects(
    container: &Value,
    condition: impl FnMut(&Cells) -> Result<bool>,
) -> Result<Cells> {
    Cells::union(kept_objects(container, condition)?)
}

/// `extract`: the first element whose condition holds (StopIteration if
/// none).
pub fn extract_locs(
    container: &Locs,
    mut condition: impl FnMut((i64, i64)) -> Result<bool>,
) -> Result<(i64, i64)> {
    for l in container.iter() {
        budget::check()?;
        if condition(pair_of(l))? {
            return Ok(pair_of(l));
        }
    }
    Err(Error::stop_iteration("extract"))
}

pub fn extract_cells(
    container: &Cells,
    mut condition: impl FnMut(Cell) -> Result<bool>,
) -> Result<Cell> {
    for &c in container.iter() {
        budget::check()?;
        if condition(c)? {
            return Ok(c);
        }
    }
    Err(Error::stop_iteration("extract"))
}

pub fn extract_objects(
    container: &Value,
    mut condition: impl FnMut(&Cells) -> Result<bool>,
) -> Result<Cells> {
    for o in objects_iter(container) {
        budget::check()?;
        if condition(o)? {
            return Ok(o.clone());
        }
    }
    Err(Error::stop_iteration("extract"))
}

/// The keys of all elements first, in order (as the primitive computes
/// them, with the budget checked before each), then the first best one.
fn best<'a, C: Elements, K: Key>(
    container: &'a C,
    mut key: impl FnMut(C::Elem<'a>) -> Result<K>,
    most: bool,
) -> Result<Option<(C::Elem<'a>, i64)>>
where
    C::Elem<'a>: Copy,
{
    let mut best: Option<(C::Elem<'a>, i64)> = None;
    container.for_each(|e| {
        budget::check()?;
        let k = key(e)?.number();
        if beats(k, best.map(|(_, b)| b), most) {
            best = Some((e, k));
        }
        Ok(())
    })?;
    Ok(best)
}

/// Whether key `k` replaces the best so far: strictly more (or less), so
/// that the first best element stays, as Python's `max`/`min` keep it.
#[inline(always)]
fn beats(k: i64, best: Option<i64>, most: bool) -> bool {
    best.is_none_or(|b| if most { k > b } else { k < b })
}

/// `argmax`/`argmin` with numeric keys: the first best element; a value
/// error when empty.
pub fn argmax_locs<K: Key>(
    container: &Locs,
    key: impl FnMut((i64, i64)) -> Result<K>,
) -> Result<(i64, i64)> {
    best(container, key, true)?
        .map(|(e, _)| e)
        .ok_or(Error::value_error("argmax"))
}

pub fn argmin_locs<K: Key>(
    container: &Locs,
    key: impl FnMut((i64, i64)) -> Result<K>,
) -> Result<(i64, i64)> {
    best(container, key, false)?
        .map(|(e, _)| e)
        .ok_or(Error::value_error("argmin"))
}

pub fn argmax_cells<K: Key>(container: &Cells, key: impl FnMut(Cell) -> Result<K>) -> Result<Cell> {
    best(container, key, true)?
        .map(|(e, _)| e)
        .ok_or(Error::value_error("argmax"))
}

pub fn argmin_cells<K: Key>(container: &Cells, key: impl FnMut(Cell) -> Result<K>) -> Result<Cell> {
    best(container, key, false)?
        .map(|(e, _)| e)
        .ok_or(Error::value_error("argmin"))
}

pub fn argmax_objects<K: Key>(
    container: &Value,
    key: impl FnMut(&Cells) -> Result<K>,
) -> Result<Cells> {
    best(container, key, true)?
        .map(|(e, _)| e.clone())
        .ok_or(Error::value_error("argmax"))
}

pub fn argmin_objects<K: Key>(
    container: &Value,
    key: impl FnMut(&Cells) -> Result<K>,
) -> Result<Cells> {
    best(container, key, false)?
        .map(|(e, _)| e.clone())
        .ok_or(Error::value_error("argmin"))
}

/// `valmax`/`valmin` with int keys: the best key. Empty, the reference
/// calls the function on `0`, which typed code cannot: deopt.
pub fn valmax_objects(container: &Value, key: impl FnMut(&Cells) -> Result<i64>) -> Result<i64> {
    best(container, key, true)?
        .map(|(_, k)| k)
        .ok_or(Error::deopt("valmax of nothing"))
}

pub fn valmin_objects(container: &Value, key: impl FnMut(&Cells) -> Result<i64>) -> Result<i64> {
    best(container, key, false)?
        .map(|(_, k)| k)
        .ok_or(Error::deopt("valmin of nothing"))
}

pub fn valmax_cells(container: &Cells, key: impl FnMut(Cell) -> Result<i64>) -> Result<i64> {
    best(container, key, true)?
        .map(|(_, k)| k)
        .ok_or(Error::deopt("valmax of nothing"))
}

pub fn valmin_cells(container: &Cells, key: impl FnMut(Cell) -> Result<i64>) -> Result<i64> {
    best(container, key, false)?
        .map(|(_, k)| k)
        .ok_or(Error::deopt("valmin of nothing"))
}

pub fn valmax_locs(container: &Locs, key: impl FnMut((i64, i64)) -> Result<i64>) -> Result<i64> {
    best(container, key, true)?
        .map(|(_, k)| k)
        .ok_or(Error::deopt("valmax of nothing"))
}

pub fn valmin_locs(container: &Locs, key: impl FnMut((i64, i64)) -> Result<i64>) -> Result<i64> {
    best(container, key, false)?
        .map(|(_, k)| k)
        .ok_or(Error::deopt("valmin of nothing"))
}

/// `order` of a set of objects by a numeric key: a tuple, stably sorted.
pub fn order_objects<K: Key>(
    container: &Value,
    mut key: impl FnMut(&Cells) -> Result<K>,
) -> Result<Value> {
    let mut keyed: Vec<(i64, &Cells)> = Vec::new();
    for o in objects_iter(container) {
        budget::check()?;
        keyed.push((key(o)?.number(), o));
    }
    keyed.sort_by_key(|(k, _)| *k);
    Ok(Value::tuple(
        keyed
            .into_iter()
            .map(|(_, o)| Value::Object(o.clone()))
            .collect(),
    ))
}

// ----- a grid's rows ------------------------------------------------------------

/// `apply(mostcommon, grid)` (`most`) or `apply(leastcommon, grid)`: each
/// row's most (least) common colour, as a tuple of ints, counted in place
/// instead of through a tuple of boxed ints per row; ties go to the
/// smallest colour, as `by_count` picks. A row holding a number that is
/// not a colour goes through the primitive itself.
pub fn apply_rows_by_count(g: &G, most: bool) -> Result<Value> {
    let mut picks = Vec::with_capacity(g.height());
    for row in g.rows() {
        budget::check()?;
        let mut counts = [0u32; 10];
        let mut colours = !row.is_empty();
        for &c in row {
            // (A negative colour reads as 128 or more: no colour.)
            let k = c as u8 as usize;
            if k < counts.len() {
                counts[k] += 1;
            } else {
                colours = false;
            }
        }
        let pick = if colours {
            // Ascending colours; a later colour replaces the pick only on
            // a strictly better count.
            let mut best: Option<(i64, u32)> = None;
            for (c, &n) in counts.iter().enumerate().filter(|(_, &n)| n > 0) {
                if best.is_none_or(|(_, b)| if most { n > b } else { n < b }) {
                    best = Some((c as i64, n));
                }
            }
            Value::Int(best.expect("a row with cells").0)
        } else {
            let row = crate::values::row_value(row);
            if most {
                crate::primitives::containers::mostcommon(&row)?
            } else {
                crate::primitives::containers::leastcommon(&row)?
            }
        };
        picks.push(pick);
    }
    Value::Grid(g.clone()).same_container(picks)
}

/// `apply(dedupe, grid)`: each row's colours in order without repeats,
/// marked among the 256 values a colour can take instead of through a row
/// value and `dedupe` per row. Rows that all keep one width (one row, as
/// `solve_4be741c5` crops, or rows without repeats) are the grid
/// `Value::tuple` makes of them, rows of two widths the `Ragged` it makes,
/// each written from the marked cells at once.
pub fn apply_rows_dedupe(g: &G) -> Result<Value> {
    let mut cells = Vec::with_capacity(g.height() * g.width());
    let mut ends = Vec::with_capacity(g.height());
    for row in g.rows() {
        crate::primitives::containers::push_distinct_colours(row, &mut cells);
        ends.push(cells.len());
    }
    let width = ends.first().copied().unwrap_or(0);
    if width > 0 && ends.iter().enumerate().all(|(i, &e)| e == width * (i + 1)) {
        return Ok(Value::Grid(Grid::from_cells(ends.len(), width, &cells)));
    }
    let mut start = 0;
    let rows: Vec<&[Color]> = ends
        .iter()
        .map(|&end| {
            let row = &cells[start..end];
            start = end;
            row
        })
        .collect();
    if let Some(ragged) = Ragged::from_rows(&rows) {
        return Ok(Value::Ragged(Arc::new(ragged)));
    }
    // No rows, or rows of width 0 only: the tuple of empty tuples.
    Ok(Value::tuple(
        rows.iter().map(|r| crate::values::row_value(r)).collect(),
    ))
}

/// `apply(rbind(order, key), grid)`: every row sorted by `key` of its
/// colours, as `sorted(row, key=key)` sorts it (stable; keys computed for
/// the row's colours in order, before its sort), the rows in order. They
/// keep the grid's width, so they are a grid again: sorting slices of
/// cells instead of tuples of boxed ints. A grid without cells (no rows,
/// or rows of width 0, which the reference keeps as empty tuples) is a
/// deopt.
pub fn apply_rows_order<K: Key>(g: &G, mut key: impl FnMut(i64) -> Result<K>) -> Result<G> {
    if g.height() == 0 || g.width() == 0 {
        return Err(Error::deopt("apply over the rows of a grid without cells"));
    }
    // The key is a known function of a colour: computed once per colour,
    // at the colour's first cell in row order (where the reference would
    // first call it, so a key that fails fails at the same cell). Cells of
    // one colour have one key; the stable sort of a row is then a counting
    // sort by the rank of its key among the grid's keys.
    let slot = |c: Color| (c as i16 + 128) as usize;
    // Per colour slot: 0 unseen, else 1 + its index in `seen`.
    let mut index = [0u8; 256];
    let mut seen: Vec<(i64, Color)> = Vec::with_capacity(10);
    for row in g.rows() {
        budget::check()?;
        for &c in row {
            if index[slot(c)] == 0 {
                seen.push((key(c as i64)?.number(), c));
                index[slot(c)] = seen.len() as u8;
            }
        }
    }
    // Rank of each colour's key among the distinct keys, ascending.
    let mut by_key: Vec<i64> = seen.iter().map(|&(k, _)| k).collect();
    by_key.sort_unstable();
    by_key.dedup();
    let mut rank = [0u8; 256];
    for &(k, c) in &seen {
        rank[slot(c)] = by_key.partition_point(|&x| x < k) as u8;
    }
    let w = g.width();
    let mut sorted = Grid::filled(g.height(), w, 0);
    let cells = sorted.cells_mut();
    // Counts per rank, for the rows too long for an insertion.
    let mut at = if w > 16 {
        vec![0usize; by_key.len() + 1]
    } else {
        Vec::new()
    };
    for (row, out) in g.rows().zip(cells.chunks_exact_mut(w)) {
        budget::check()?;
        if by_key.len() == 1 {
            out.copy_from_slice(row);
            continue;
        }
        if w <= 16 {
            // Short rows: a stable insertion by rank, no counts.
            for (n, &c) in row.iter().enumerate() {
                let r = rank[slot(c)];
                let mut j = n;
                while j > 0 && rank[slot(out[j - 1])] > r {
                    out[j] = out[j - 1];
                    j -= 1;
                }
                out[j] = c;
            }
            continue;
        }
        at.fill(0);
        for &c in row {
            at[rank[slot(c)] as usize + 1] += 1;
        }
        for r in 1..at.len() {
            at[r] += at[r - 1];
        }
        for &c in row {
            let place = &mut at[rank[slot(c)] as usize];
            out[*place] = c;
            *place += 1;
        }
    }
    Ok(sorted)
}

/// `apply(lbind(apply, maximum), papply(pair, a, b))` (`minimum` with
/// `largest` false): the larger (smaller) colour of each pair of cells,
/// over the rows and columns the grids share (`zip` stops at the shorter),
/// a grid: what the reference builds as rows of pairs of ints and then
/// reduces. Equal ints are the same value, so which one `max` keeps does
/// not matter. No shared cells (the empty tuple, or rows of width 0, in
/// the reference) is a deopt.
pub fn cellwise_best(a: &G, b: &G, largest: bool) -> Result<G> {
    let (h, w) = (a.height().min(b.height()), a.width().min(b.width()));
    if h == 0 || w == 0 {
        return Err(Error::deopt(
            "cellwise extreme of grids without shared cells",
        ));
    }
    let mut out = Grid::filled(h, w, 0);
    for (i, dst) in out.cells_mut().chunks_exact_mut(w).enumerate() {
        let pairs = a.row(i)[..w].iter().zip(&b.row(i)[..w]);
        for (o, (&x, &y)) in dst.iter_mut().zip(pairs) {
            *o = if largest { x.max(y) } else { x.min(y) };
        }
    }
    Ok(out)
}

// ----- a set of results consumed by one union --------------------------------
//
// `mfilter(apply(f, C), g)` and `merge(apply(f, C))`, where nothing else
// reads the apply: the frozenset of results exists only to be unioned, and
// a union needs neither their order nor their distinctness. The producer
// collects the results (calling `f` exactly as the primitive does, so its
// errors come in the same order, at the same statement); the consumer
// unions those that pass. Python calls `g` on the distinct results in
// their sorted order, so where `g` fails, which error comes first could
// differ: any such error is a deopt, and the interpreter gives the exact one.

/// `apply(f, container)`'s results, unsorted, with duplicates.
pub fn apply_collect<'a, C: Elements, R>(
    container: &'a C,
    mut f: impl FnMut(C::Elem<'a>) -> Result<R>,
) -> Result<Vec<R>> {
    let mut out = Vec::with_capacity(container.count());
    container.for_each(|e| {
        out.push(f(e)?);
        Ok(())
    })?;
    Ok(out)
}

/// `prapply(f, a, b)`'s results, unsorted, with duplicates: `b` outside,
/// `a` inside, the budget checked per pair, `a` unread when `b` is empty.
pub fn prapply_collect<R>(
    a: &Locs,
    b: &Locs,
    mut f: impl FnMut((i64, i64), (i64, i64)) -> Result<R>,
) -> Result<Vec<R>> {
    let mut out = Vec::with_capacity(a.len().saturating_mul(b.len()).min(1 << 16));
    for y in b.iter() {
        for x in a.iter() {
            budget::check()?;
            out.push(f(pair_of(x), pair_of(y))?);
        }
    }
    Ok(out)
}

/// [`prapply_collect`] of any two containers (a set of patches and a
/// tuple of offsets, ...), their elements as values in the reference's
/// order; the results stay typed for the union that reads them.
pub fn prapply_collect_values<R>(
    a: &Value,
    b: &Value,
    f: impl FnMut(&Value, &Value) -> Result<R>,
) -> Result<Vec<R>> {
    crate::primitives::functional::prapply_results(f, a, b)
}

/// `prapply(f, a, b)` of two sets of locations: the frozenset of the
/// results, the pairs given to `f` as two pairs of ints (no `Value` per
/// location and call).
pub fn prapply_set<R: SetOf>(
    a: &Locs,
    b: &Locs,
    f: impl FnMut((i64, i64), (i64, i64)) -> Result<R>,
) -> Result<R::Set> {
    R::set_of(prapply_collect(a, b, f)?)
}

/// `apply(f, product(a, b))`'s results, unsorted, with duplicates, where
/// nothing else reads the product: its pairs are never built. `f` takes
/// the pair's two locations. The order is the product's (`a` outside, `b`
/// inside: the frozenset order of its pairs), the size limit the
/// product's, and a failing `f` a deopt (the interpreter then gives the
/// exact error).
pub fn product_collect<R>(
    a: &Locs,
    b: &Locs,
    mut f: impl FnMut((i64, i64), (i64, i64)) -> Result<R>,
) -> Result<Vec<R>> {
    if b.is_empty() {
        return Ok(Vec::new());
    }
    let n = a
        .len()
        .checked_mul(b.len())
        .ok_or(Error::unsupported("product"))?;
    budget::check_size(n, "product")?;
    let mut out = Vec::with_capacity(n.min(1 << 16));
    for x in a.iter() {
        for y in b.iter() {
            budget::check()?;
            let r = f(pair_of(x), pair_of(y)).map_err(|e| match e.kind {
                crate::error::ErrorKind::Timeout | crate::error::ErrorKind::Deopt => e,
                _ => Error::deopt("function over a product failed"),
            })?;
            out.push(r);
        }
    }
    Ok(out)
}

/// The collected results that pass `keep` (`sfilter` of them, read only
/// by a union: duplicates and order do not matter there). A failing `keep`
/// is a deopt: the interpreter then gives the exact error.
pub fn kept_where<R>(items: Vec<R>, mut keep: impl FnMut(&R) -> Result<bool>) -> Result<Vec<R>> {
    let mut kept = Vec::with_capacity(items.len());
    for r in items {
        budget::check()?;
        let pass = keep(&r).map_err(|e| match e.kind {
            crate::error::ErrorKind::Timeout => e,
            _ => Error::deopt("filter of collected results failed"),
        })?;
        if pass {
            kept.push(r);
        }
    }
    Ok(kept)
}

/// The union of the collected results that pass `keep` (`mfilter`).
pub fn union_where<R: Union>(items: Vec<R>, keep: impl FnMut(&R) -> Result<bool>) -> Result<R> {
    R::union(kept_where(items, keep)?)
}

/// The union of all collected results (`merge`).
pub fn union_all<R: Union>(items: Vec<R>) -> Result<R> {
    R::union(items)
}

/// The results of one statically known function within one statement of
/// typed code, by argument: the emitter gives one to a function that loops
/// over a value of the program (`lbind(argmin, objects)` composed with a
/// key) where it is called on a location or a number inside two nested
/// loops, so that calls repeat (`solve_d22278a0`: the nearest object of
/// every cell, asked again for every object). Functions are pure, so a
/// kept result is what the call would give; errors are not kept (a call
/// that raised raises again when called again, a timeout above all).
pub struct Remembered<K, V> {
    results: std::cell::RefCell<hashbrown::HashMap<K, V>>,
}

impl<K: std::hash::Hash + Eq + Copy, V: Clone> Remembered<K, V> {
    #[allow(clippy::new_without_default)]
    pub fn new() -> Self {
        Remembered {
            results: std::cell::RefCell::new(hashbrown::HashMap::new()),
        }
    }

    /// `f(key)`, computed once per key.
    #[inline]
    pub fn get_or(&self, key: K, f: impl FnOnce(K) -> Result<V>) -> Result<V> {
        if let Some(v) = self.results.borrow().get(&key) {
            return Ok(v.clone());
        }
        // No borrow is held while `f` runs.
        let v = f(key)?;
        self.results.borrow_mut().insert(key, v.clone());
        Ok(v)
    }
}

/// What an element column keys on: a container by identity. The column
/// holds a clone of it, so its address cannot be reused while it is kept.
pub trait SameContainer: Clone {
    fn same(&self, other: &Self) -> bool;
}

impl<E> SameContainer for Arc<[E]> {
    fn same(&self, other: &Self) -> bool {
        Arc::ptr_eq(self, other)
    }
}

impl SameContainer for Value {
    fn same(&self, other: &Self) -> bool {
        matches!((self, other), (Value::Set(a), Value::Set(b)) if Arc::ptr_eq(a, b))
    }
}

/// The parts of a reduction's key that depend on the element alone, per
/// element of one container, kept within one statement of typed code.
///
/// The emitter gives one to `argmin`/`argmax`/`valmin`/`valmax` over a
/// named container inside another loop, where the key reads the element
/// only through such parts (`valmin(others, lambda o: distance(loc,
/// center(o)))` for every cell `loc` in `solve_d22278a0`: the centres of
/// the same objects, computed again for every cell). The parts are
/// computed once per container, in its order; every later reduction over
/// the same container reads them, in a loop over the parts alone.
///
/// Exactness: the parts are pure, so a kept part is what the key would
/// compute. Where a part raised for an element, the column ends there, and
/// from that element on the key runs whole (`whole`), raising the
/// reference's error at the same element.
pub struct ElementColumn<C, T> {
    held: std::cell::RefCell<Option<(C, std::rc::Rc<[T]>)>>,
}

impl<C: Elements + SameContainer, T: Copy> ElementColumn<C, T> {
    #[allow(clippy::new_without_default)]
    pub fn new() -> Self {
        ElementColumn {
            held: std::cell::RefCell::new(None),
        }
    }

    /// The parts of `container`'s elements, up to the first that raised.
    fn of<'a>(
        &self,
        container: &'a C,
        mut part: impl FnMut(C::Elem<'a>) -> Result<T>,
    ) -> std::rc::Rc<[T]> {
        if let Some((held, column)) = &*self.held.borrow() {
            if held.same(container) {
                return column.clone();
            }
        }
        let mut parts = Vec::with_capacity(container.count());
        // The error, if any, is raised again by `whole` at its element.
        let _ = container.for_each(|e| {
            budget::check()?;
            parts.push(part(e)?);
            Ok(())
        });
        let column: std::rc::Rc<[T]> = parts.into();
        *self.held.borrow_mut() = Some((container.clone(), column.clone()));
        column
    }

    /// [`best`] of `container` with the key `on_parts` of each element's
    /// parts, and `whole` of the elements past them; the best element's
    /// place and key.
    fn best_place<'a, K: Key>(
        &self,
        container: &'a C,
        part: impl FnMut(C::Elem<'a>) -> Result<T>,
        mut on_parts: impl FnMut(T) -> Result<K>,
        mut whole: impl FnMut(C::Elem<'a>) -> Result<K>,
        most: bool,
    ) -> Result<Option<(usize, i64)>> {
        let column = self.of(container, part);
        let mut best: Option<(usize, i64)> = None;
        let mut consider = |at: usize, k: i64| {
            if beats(k, best.map(|(_, b)| b), most) {
                best = Some((at, k));
            }
        };
        for (at, &t) in column.iter().enumerate() {
            budget::check()?;
            consider(at, on_parts(t)?.number());
        }
        if column.len() < container.count() {
            let mut at = 0;
            container.for_each(|e| {
                if at >= column.len() {
                    budget::check()?;
                    consider(at, whole(e)?.number());
                }
                at += 1;
                Ok(())
            })?;
        }
        Ok(best)
    }
}

/// The element at place `at` of `container` (an argmin's answer, found
/// after its keys were computed from the parts).
fn element_at<'a, C: Elements>(container: &'a C, at: usize) -> Option<C::Elem<'a>> {
    let mut k = 0;
    let mut found = None;
    let _ = container.for_each(|e| {
        if k == at {
            found = Some(e);
            // Stops the walk (not an error anyone sees).
            return Err(Error::deopt("found"));
        }
        k += 1;
        Ok(())
    });
    found
}

/// An element of a container as a reduction gives it back (an object's
/// `Arc` cloned; locations and cells are values).
pub trait OwnedElement {
    type Owned;
    fn owned(self) -> Self::Owned;
}

impl OwnedElement for &Cells {
    type Owned = Cells;
    fn owned(self) -> Cells {
        self.clone()
    }
}

impl OwnedElement for (i64, i64) {
    type Owned = (i64, i64);
    fn owned(self) -> (i64, i64) {
        self
    }
}

impl OwnedElement for Cell {
    type Owned = Cell;
    fn owned(self) -> Cell {
        self
    }
}

/// `valmin`/`valmax` (`most`) with an element column: as `valmin_objects`
/// and its kin, the best key.
pub fn valbest_column<'a, C: Elements + SameContainer, T: Copy>(
    container: &'a C,
    column: &ElementColumn<C, T>,
    most: bool,
    part: impl FnMut(C::Elem<'a>) -> Result<T>,
    on_parts: impl FnMut(T) -> Result<i64>,
    whole: impl FnMut(C::Elem<'a>) -> Result<i64>,
) -> Result<i64> {
    column
        .best_place(container, part, on_parts, whole, most)?
        .map(|(_, k)| k)
        .ok_or(Error::deopt(if most {
            "valmax of nothing"
        } else {
            "valmin of nothing"
        }))
}

/// What [`valbest_except_column`] keeps per query: the best key over the
/// whole set, the element it is first found at, and the best key over the
/// other elements (`None`: there are none). `None` as a whole: some key of
/// the set raised or was not computed from parts, and each call takes the
/// plain path.
pub type BestAndSecond = Option<(i64, Cells, Option<i64>)>;

/// `valmin`/`valmax` (`most`) over `container`, which is `remove(except,
/// set)`, with keys that read one query value `query` besides the
/// element: the best and second best over the whole `set` are computed
/// once per query (`memo`, kept for the statement), and the answer is the
/// second where `except` is the best's element, else the best (a key's
/// value does not depend on the other elements, and `remove` keeps the
/// others as they are). Where the set's keys do not all come from parts
/// or one raises, the call is [`valbest_column`] on `container`: the
/// reference's error, at its element, comes from there.
#[allow(clippy::too_many_arguments)]
pub fn valbest_except_column<'a, T: Copy, Q: std::hash::Hash + Eq + Copy>(
    container: &'a Value,
    set: &'a Value,
    except: &Cells,
    memo: &Remembered<Q, BestAndSecond>,
    query: Q,
    column: &ElementColumn<Value, T>,
    most: bool,
    mut part: impl FnMut(&'a Cells) -> Result<T>,
    mut on_parts: impl FnMut(T) -> Result<i64>,
    whole: impl FnMut(&'a Cells) -> Result<i64>,
) -> Result<i64> {
    let kept =
        memo.get_or(query, |_| {
            let parts = column.of(set, &mut part);
            if parts.len() < set.count() {
                return Ok(None);
            }
            // (place, key) of the best, and the best key elsewhere.
            let mut best: Option<(usize, i64)> = None;
            let mut second: Option<i64> = None;
            for (at, &t) in parts.iter().enumerate() {
                budget::check()?;
                let Ok(k) = on_parts(t) else {
                    return Ok(None);
                };
                match best {
                    Some((_, b)) if !beats(k, Some(b), most) => {
                        if beats(k, second, most) {
                            second = Some(k);
                        }
                    }
                    _ => {
                        second = best.map(|(_, b)| b).or(second);
                        best = Some((at, k));
                    }
                }
            }
            Ok(best.and_then(|(at, k)| {
                element_at(set, at).map(|element| (k, element.clone(), second))
            }))
        })?;
    match kept {
        Some((best, element, second)) => {
            if element[..] != except[..] {
                Ok(best)
            } else {
                second.ok_or(Error::deopt(if most {
                    "valmax of nothing"
                } else {
                    "valmin of nothing"
                }))
            }
        }
        None => valbest_column(container, column, most, part, on_parts, whole),
    }
}

/// `argmin`/`argmax` (`most`) with an element column: as `argmin_objects`
/// and its kin, the first best element.
pub fn argbest_column<'a, C: Elements + SameContainer, T: Copy, K: Key>(
    container: &'a C,
    column: &ElementColumn<C, T>,
    most: bool,
    part: impl FnMut(C::Elem<'a>) -> Result<T>,
    on_parts: impl FnMut(T) -> Result<K>,
    whole: impl FnMut(C::Elem<'a>) -> Result<K>,
) -> Result<<C::Elem<'a> as OwnedElement>::Owned>
where
    C::Elem<'a>: OwnedElement,
{
    let name = if most { "argmax" } else { "argmin" };
    let (at, _) = column
        .best_place(container, part, on_parts, whole, most)?
        .ok_or(Error::value_error(name))?;
    element_at(container, at)
        .map(OwnedElement::owned)
        .ok_or(Error::value_error(name))
}

#[cfg(test)]
mod tests {
    use super::Remembered;
    use crate::error::Error;
    use std::cell::Cell;

    /// `valmin`/`valmax` over `remove(x, objects)` from the whole set's
    /// best and second best gives what the reduction over the smaller set
    /// gives, for every object `x` of the bundled ARC tasks' inputs and
    /// locations of the grid as queries: the nearest other object's
    /// distance (ties and all), and a key that raises on some objects (the
    /// plain path's error at its element). A set of one object leaves
    /// nothing: both give up alike.
    #[test]
    fn best_but_one_from_the_whole_sets_best_and_second() {
        use super::{valbest_column, valbest_except_column, ElementColumn};
        use crate::primitives::{containers::remove_object_objects, grids::objects, patches};
        use crate::typed::{objects_iter, Cells};
        use crate::values::Value;
        let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/arc");
        let tasks = crate::task::load(&data).tasks;
        let (t, f) = (Value::Bool(true), Value::Bool(false));
        let mut compared = 0;
        for task in tasks.iter().take(30) {
            let Some(example) = task.samples().next() else {
                continue;
            };
            let grid = Value::Grid(example.input().clone());
            let set = objects(&grid, &t, &f, &t).unwrap();
            let all: Vec<Cells> = objects_iter(&set).cloned().collect();
            let (h, w) = (
                example.input().height() as i64,
                example.input().width() as i64,
            );
            let part = |o: &Cells| -> crate::error::Result<((i64, i64), i64)> {
                Ok((patches::center_cells(o)?, o.len() as i64))
            };
            for most in [false, true] {
                for raising in [false, true] {
                    let memo = Remembered::new();
                    let (whole_column, plain_column) = (ElementColumn::new(), ElementColumn::new());
                    for q in (0..h).flat_map(|i| (0..w).map(move |j| (i, j))).step_by(3) {
                        let on_parts = |(c, n): ((i64, i64), i64)| -> crate::error::Result<i64> {
                            if raising && n == 1 && (q.0 + c.1) % 3 == 0 {
                                return Err(Error::value_error("a key that raises"));
                            }
                            Ok((q.0 - c.0).abs() + (q.1 - c.1).abs())
                        };
                        let whole = |o: &Cells| on_parts(part(o)?);
                        for x in &all {
                            let others = remove_object_objects(x, &set).unwrap();
                            let want =
                                valbest_column(&others, &plain_column, most, part, on_parts, whole);
                            let got = valbest_except_column(
                                &others,
                                &set,
                                x,
                                &memo,
                                q,
                                &whole_column,
                                most,
                                part,
                                on_parts,
                                whole,
                            );
                            assert_eq!(
                                got, want,
                                "{} {q:?} most {most} raising {raising}",
                                task.id
                            );
                            compared += 1;
                        }
                    }
                }
            }
        }
        assert!(compared > 10_000, "{compared}");
        let one = objects_iter(
            &objects(
                &Value::Grid(tasks[0].samples().next().unwrap().input().clone()),
                &t,
                &f,
                &t,
            )
            .unwrap(),
        )
        .next()
        .cloned()
        .unwrap();
        let single = crate::typed::objects_value(vec![one.clone()]);
        let none = remove_object_objects(&one, &single).unwrap();
        let key = |o: &Cells| Ok(o.len() as i64);
        let want = valbest_column(&none, &ElementColumn::new(), false, key, Ok, key);
        let got = valbest_except_column(
            &none,
            &single,
            &one,
            &Remembered::new(),
            0i64,
            &ElementColumn::new(),
            false,
            key,
            Ok,
            key,
        );
        assert_eq!(got, want);
        assert!(got.is_err());
    }

    /// A key's result is computed once; an error is not kept, so the next
    /// call with that key computes again (and may succeed, as a timeout's
    /// evaluation does with more budget).
    /// A column's parts are computed once per container; a part that
    /// raised ends the column, and the whole key runs from that element
    /// on, so the reduction raises what the key alone raises there.
    #[test]
    fn element_columns_keep_parts_per_container_and_end_at_an_error() {
        use super::{argbest_column, valbest_column, ElementColumn};
        use crate::typed::Locs;
        let locs: Locs = vec![(0, 5), (2, 1), (4, 3)].into();
        let column = ElementColumn::<Locs, i64>::new();
        let parts = Cell::new(0);
        let part = |(i, _): (i64, i64)| {
            parts.set(parts.get() + 1);
            Ok(i * 10)
        };
        let never = |_| -> crate::error::Result<i64> { unreachable!() };
        for probe in [1, 30] {
            let on = |t: i64| Ok((t - probe).abs());
            let best = valbest_column(&locs, &column, false, part, on, never).unwrap();
            assert_eq!(best, if probe == 1 { 1 } else { 10 });
            let at = argbest_column(&locs, &column, false, part, on, never).unwrap();
            assert_eq!(at, if probe == 1 { (0, 5) } else { (2, 1) });
        }
        assert_eq!(parts.get(), 3, "parts computed once for one container");
        let other: Locs = vec![(0, 5), (2, 1), (4, 3)].into();
        let failing = |(i, _): (i64, i64)| {
            if i == 2 {
                Err(Error::value_error("part"))
            } else {
                Ok(i)
            }
        };
        let column = ElementColumn::<Locs, i64>::new();
        let wholes = Cell::new(0);
        let whole = |(i, _): (i64, i64)| {
            wholes.set(wholes.get() + 1);
            if i == 2 {
                Err(Error::value_error("whole"))
            } else {
                Ok(i)
            }
        };
        let err = valbest_column(&other, &column, true, failing, Ok, whole).unwrap_err();
        assert_eq!(
            wholes.get(),
            1,
            "the whole key runs from the failed part on"
        );
        assert!(format!("{err:?}").contains("whole"));
    }

    #[test]
    fn remembered_keeps_results_not_errors() {
        let memo = Remembered::<(i64, i64), i64>::new();
        let calls = Cell::new(0);
        let f = |(i, j): (i64, i64)| {
            calls.set(calls.get() + 1);
            Ok(i * 10 + j)
        };
        assert_eq!(memo.get_or((1, 2), f).unwrap(), 12);
        assert_eq!(memo.get_or((1, 2), f).unwrap(), 12);
        assert_eq!(memo.get_or((2, 1), f).unwrap(), 21);
        assert_eq!(calls.get(), 2);
        let failing = |_| {
            calls.set(calls.get() + 1);
            Err(Error::value_error("test"))
        };
        assert!(memo.get_or((3, 3), failing).is_err());
        assert!(memo.get_or((3, 3), failing).is_err());
        assert_eq!(calls.get(), 4);
        assert_eq!(memo.get_or((3, 3), f).unwrap(), 33);
        assert_eq!(memo.get_or((1, 2), failing).unwrap(), 12);
        assert_eq!(calls.get(), 5);
    }
}
