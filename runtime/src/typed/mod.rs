//! Typed code: how emitted programs hold and compute values whose type the
//! plan knows.
//!
//! # Representations
//!
//! A plan node whose inferred type ([`Ty`]) is a precise scalar, grid or
//! patch is held in a Rust representation ([`Repr`]) instead of a [`Value`]:
//!
//! | type | held as | passed to kernels as |
//! |---|---|---|
//! | bool | `bool` | `bool` |
//! | int | `i64` | `i64` |
//! | pair | `(i64, i64)` | `(i64, i64)` |
//! | grid | [`G`] = [`Grid`] (shared, one block) | `&G` |
//! | indices | [`Locs`] = `Arc<[Loc]>` | `&Locs` |
//! | object | [`Cells`] = `Arc<[Cell]>` | `&Cells` |
//! | objects | `Value`, a frozenset of objects | `&Value` |
//! | cell | [`Cell`] (colour, location) | the same |
//! | cellpair | [`CellPair`] = `(Cell, Cell)` | the same |
//! | cellpairs | [`CellPairs`] = `Arc<[(Cell, Cell)]>` | `&CellPairs` |
//! | objectpair | [`ObjectPair`] = `(Cells, Cells)` | `&ObjectPair` |
//! | objectpairs | [`ObjectPairs`] = `Arc<[ObjectPair]>` | `&ObjectPairs` |
//! | locpair | `((i64, i64), (i64, i64))` | the same |
//! | locpairs | [`LocPairs`] = `Arc<[(Loc, Loc)]>` | `&LocPairs` |
//! | tuple of pairs | [`LocSeq`]: locations in order, repeats kept | `&LocSeq` |
//! | tuple of cells | [`CellSeq`]: cells in order, repeats kept | `&CellSeq` |
//! | anything else | `Value` | `&Value` |
//!
//! The containers are the very `Arc`s that their `Value`s hold, so a typed
//! value becomes a `Value` (and back) without copying, and a kernel that
//! returns an argument unchanged shares it.
//!
//! # Kernels
//!
//! A kernel is a primitive at concrete representations (`fill` on a grid,
//! an int and indices). Kernels live next to their primitive in
//! `primitives/`, and the `Value` primitive calls the same kernel when its
//! arguments have those representations: one implementation, reached from
//! the interpreter and from typed code alike. Each family lists its kernels
//! in a table ([`kernel_table!`]) that the emitter reads ([`kernel`]); the
//! table's signatures are checked against the functions at compile time.
//!
//! # Guards and deoptimisation
//!
//! Inferred types are claims about the values a program will meet, not
//! proofs: a type that comes from a reference signature can be wrong for
//! odd arguments (`astuple` of two pairs is not a pair), and a kernel's
//! result representation cannot hold every result (`vconcat` of grids of
//! two widths is a ragged tuple). So typed code checks where it reads a
//! `Value` as a representation (the guards below), and a kernel that meets
//! a case its representation cannot hold says so; both return an error of
//! kind [`ErrorKind::Deopt`]. That error is never a result: the battery then
//! runs the program on that input with the interpreter
//! ([`crate::battery::Emitted`]), so typed code can make a program faster
//! but never change what it returns. [`deopts`] counts such fallbacks.

pub mod functional;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

use crate::error::{Error, ErrorKind, Result};
use crate::signatures::Prim;
use crate::types::Ty;
use crate::values::{Cell, Grid, Loc, Value};

/// A grid as typed code holds it.
pub type G = Grid;
/// Indices (a frozenset of locations, sorted) as typed code holds them.
pub type Locs = Arc<[Loc]>;
/// An object (a frozenset of cells, sorted) as typed code holds it.
pub type Cells = Arc<[Cell]>;
/// Two pairs (a 2-tuple of locations) as typed code holds them.
pub type PairPair = ((i64, i64), (i64, i64));
/// A frozenset of 2-tuples of locations (`product` of two indices),
/// sorted, as typed code holds it. The `Value` it stands for is a set of
/// 2x2 grids (or of tuples of two pairs where a number is beyond a colour:
/// see [`Value::tuple2`]), built only where a `Value` is wanted.
pub type LocPairs = Arc<[(Loc, Loc)]>;
/// Two cells (a 2-tuple of an object's cells) as typed code holds them.
pub type CellPair = (Cell, Cell);
/// A frozenset of 2-tuples of cells (`product` of two objects), sorted
/// (pairs of cells compare as their two cells), as typed code holds it.
pub type CellPairs = Arc<[CellPair]>;
/// Two objects (a 2-tuple of objects) as typed code holds them.
pub type ObjectPair = (Cells, Cells);
/// A frozenset of 2-tuples of objects (`product` of two sets of objects),
/// in the set's order, as typed code holds it.
pub type ObjectPairs = Arc<[ObjectPair]>;

/// A tuple of locations or of cells (`merge` of a tuple of indices or
/// objects: `mapply` of a patch function over a tuple, such as shifted
/// copies of one object), in order and with its repeats, as typed code
/// holds it. Its `Value` and its set of locations are each built once,
/// where first wanted, and shared by its clones: a function called per
/// element may want them on every call.
#[derive(Debug)]
pub struct Seq<T: SeqItem>(Arc<SeqData<T>>);

/// A tuple of locations (its `Value`: the tuple of the pairs, a grid of
/// two columns where every number is a colour).
pub type LocSeq = Seq<Loc>;
/// A tuple of cells (its `Value`: the tuple of the cells).
pub type CellSeq = Seq<Cell>;

#[derive(Debug)]
struct SeqData<T> {
    items: Box<[T]>,
    value: OnceLock<Value>,
    set: OnceLock<Locs>,
}

/// What a [`Seq`] holds: an item with a location, and the `Value` of a
/// tuple of such items.
pub trait SeqItem: Copy + PartialEq + std::fmt::Debug {
    fn loc(&self) -> Loc;
    /// The same element at another location (a cell keeps its colour).
    fn with_loc(self, loc: Loc) -> Self;
    fn tuple_value(items: &[Self]) -> Value;
}

impl SeqItem for Loc {
    fn loc(&self) -> Loc {
        *self
    }
    fn with_loc(self, loc: Loc) -> Loc {
        loc
    }
    fn tuple_value(items: &[Loc]) -> Value {
        crate::values::tuple_of_locs(items)
    }
}

impl SeqItem for Cell {
    fn loc(&self) -> Loc {
        self.loc
    }
    fn with_loc(self, loc: Loc) -> Cell {
        Cell { loc, ..self }
    }
    fn tuple_value(items: &[Cell]) -> Value {
        Value::tuple(items.iter().map(|&c| Value::Cell(c)).collect())
    }
}

impl<T: SeqItem> Seq<T> {
    pub fn new(items: Vec<T>) -> Seq<T> {
        Seq(Arc::new(SeqData {
            items: items.into(),
            value: OnceLock::new(),
            set: OnceLock::new(),
        }))
    }
    /// The items in the tuple's order, repeats kept.
    pub fn as_slice(&self) -> &[T] {
        &self.0.items
    }
    /// Its distinct locations, sorted: what `shift` and `recolor` see of
    /// the tuple (`toindices` of a tuple of locations gives the tuple
    /// itself back; of a tuple of cells, the set of their locations).
    pub fn locs(&self) -> Locs {
        self.0
            .set
            .get_or_init(|| {
                let locs = self.0.items.iter().map(SeqItem::loc).collect();
                crate::values::sorted_unique_locs(locs).into()
            })
            .clone()
    }
}

// (By hand: a derived `Clone` would ask `T: Clone` of the `Arc`'s item.)
impl<T: SeqItem> Clone for Seq<T> {
    fn clone(&self) -> Seq<T> {
        Seq(self.0.clone())
    }
}

impl<T: SeqItem> PartialEq for Seq<T> {
    fn eq(&self, other: &Seq<T>) -> bool {
        self.as_slice() == other.as_slice()
    }
}

/// How typed code holds a value of a known type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Repr {
    Bool,
    Int,
    Pair,
    Grid,
    Indices,
    Object,
    /// A frozenset of objects: a `Value::Set` whose elements are all
    /// `Value::Object` (or the empty set), checked by its guard.
    Objects,
    Cell,
    CellPair,
    CellPairs,
    ObjectPair,
    ObjectPairs,
    LocPair,
    LocPairs,
    LocSeq,
    CellSeq,
    Value,
}

impl Repr {
    /// The representation of values of type `ty`: its own for precise
    /// scalars, grids and patches, `Value` for everything else.
    pub fn of(ty: &Ty) -> Repr {
        match ty {
            Ty::Bool => Repr::Bool,
            Ty::Int => Repr::Int,
            Ty::Pair => Repr::Pair,
            Ty::Grid => Repr::Grid,
            Ty::Indices => Repr::Indices,
            Ty::Object => Repr::Object,
            Ty::Objects => Repr::Objects,
            Ty::Cell => Repr::Cell,
            Ty::CellPair => Repr::CellPair,
            Ty::CellPairs => Repr::CellPairs,
            Ty::ObjectPair => Repr::ObjectPair,
            Ty::ObjectPairs => Repr::ObjectPairs,
            Ty::LocPair => Repr::LocPair,
            Ty::LocPairs => Repr::LocPairs,
            Ty::TupleOf(e) if **e == Ty::Pair => Repr::LocSeq,
            Ty::TupleOf(e) if **e == Ty::Cell => Repr::CellSeq,
            _ => Repr::Value,
        }
    }
    /// The Rust type of a value held in this representation, as emitted
    /// code names it (with `rt` the runtime's `rt` module).
    pub fn held(self) -> &'static str {
        match self {
            Repr::Bool => "bool",
            Repr::Int => "i64",
            Repr::Pair => "(i64, i64)",
            Repr::Grid => "rt::t::G",
            Repr::Indices => "rt::t::Locs",
            Repr::Object => "rt::t::Cells",
            Repr::Cell => "rt::Cell",
            Repr::CellPair => "rt::t::CellPair",
            Repr::CellPairs => "rt::t::CellPairs",
            Repr::ObjectPair => "rt::t::ObjectPair",
            Repr::ObjectPairs => "rt::t::ObjectPairs",
            Repr::LocPair => "rt::t::PairPair",
            Repr::LocPairs => "rt::t::LocPairs",
            Repr::LocSeq => "rt::t::LocSeq",
            Repr::CellSeq => "rt::t::CellSeq",
            Repr::Objects | Repr::Value => "rt::Value",
        }
    }
    /// Held by value and `Copy` (scalars), rather than behind an `Arc`.
    pub fn is_scalar(self) -> bool {
        matches!(
            self,
            Repr::Bool | Repr::Int | Repr::Pair | Repr::Cell | Repr::CellPair | Repr::LocPair
        )
    }
    /// Whether this representation's guard returns a reference into the
    /// `Value` (grids, patches, sets of objects) rather than a value it
    /// builds (scalars, and the sets of pairs, copied into their form).
    pub fn guard_borrows(self) -> bool {
        matches!(
            self,
            Repr::Grid | Repr::Indices | Repr::Object | Repr::Objects
        )
    }
    /// The guard that reads a `Value` in this representation (a function
    /// of this module).
    pub fn guard(self) -> Option<&'static str> {
        match self {
            Repr::Bool => Some("bool"),
            Repr::Int => Some("int"),
            Repr::Pair => Some("pair"),
            Repr::Grid => Some("grid"),
            Repr::Indices => Some("indices"),
            Repr::Object => Some("object"),
            Repr::Objects => Some("objects"),
            Repr::Cell => Some("cell"),
            Repr::CellPair => Some("cell_pair"),
            Repr::CellPairs => Some("cell_pairs"),
            Repr::ObjectPair => Some("object_pair"),
            Repr::ObjectPairs => Some("object_pairs"),
            Repr::LocPair => Some("loc_pair"),
            Repr::LocPairs => Some("loc_pairs"),
            Repr::LocSeq => Some("loc_seq"),
            Repr::CellSeq => Some("cell_seq"),
            Repr::Value => None,
        }
    }
}

// ----- guards: a `Value` read in a representation --------------------------

fn mismatch(context: &'static str) -> Error {
    Error::deopt(context)
}

/// A `Value::Bool`. An int where a bool was inferred is a deopt, not a
/// conversion: `1` and `True` print differently.
#[inline]
pub fn bool(v: &Value) -> Result<bool> {
    match v {
        Value::Bool(b) => Ok(*b),
        _ => Err(mismatch("bool guard")),
    }
}

/// A `Value::Int` (a bool stays a deopt, for the same reason).
#[inline]
pub fn int(v: &Value) -> Result<i64> {
    match v {
        Value::Int(i) => Ok(*i),
        _ => Err(mismatch("int guard")),
    }
}

#[inline]
pub fn pair(v: &Value) -> Result<(i64, i64)> {
    match v {
        Value::Pair(a, b) => Ok((*a, *b)),
        _ => Err(mismatch("pair guard")),
    }
}

#[inline]
pub fn grid(v: &Value) -> Result<&G> {
    match v {
        Value::Grid(g) => Ok(g),
        // `()` is also the grid of no rows (`merge` of no grids, ...).
        Value::Tuple(t) if t.is_empty() => Ok(no_rows()),
        _ => Err(mismatch("grid guard")),
    }
}

/// The grid of no rows, shared.
#[cold]
fn no_rows() -> &'static G {
    static NO_ROWS: OnceLock<G> = OnceLock::new();
    NO_ROWS.get_or_init(|| Grid::new(0, 0, Vec::new()))
}

/// The empty frozenset as indices and as an object: an empty set may have
/// any of the set representations.
fn empty_locs() -> &'static Locs {
    static EMPTY: OnceLock<Locs> = OnceLock::new();
    EMPTY.get_or_init(|| Arc::from(Vec::new()))
}

fn empty_cells() -> &'static Cells {
    static EMPTY: OnceLock<Cells> = OnceLock::new();
    EMPTY.get_or_init(|| Arc::from(Vec::new()))
}

fn is_empty_set(v: &Value) -> bool {
    match v {
        Value::Indices(s) => s.is_empty(),
        Value::Object(s) => s.is_empty(),
        Value::Set(s) => s.is_empty(),
        _ => false,
    }
}

#[inline]
pub fn indices(v: &Value) -> Result<&Locs> {
    match v {
        Value::Indices(s) => Ok(s),
        v if is_empty_set(v) => Ok(empty_locs()),
        _ => Err(mismatch("indices guard")),
    }
}

#[inline]
pub fn object(v: &Value) -> Result<&Cells> {
    match v {
        Value::Object(s) => Ok(s),
        v if is_empty_set(v) => Ok(empty_cells()),
        _ => Err(mismatch("object guard")),
    }
}

/// A frozenset of objects, as the `Value` it is: its elements are all
/// objects ([`objects_iter`] reads them).
#[inline]
pub fn objects(v: &Value) -> Result<&Value> {
    match v {
        Value::Set(s) if s.iter().all(|e| matches!(e, Value::Object(_))) => Ok(v),
        v if is_empty_set(v) => Ok(v),
        _ => Err(mismatch("objects guard")),
    }
}

/// An object's cell: `(colour, (i, j))` with a colour that fits a
/// [`Color`](crate::values::Color) and a location (what every cell of an
/// object is; a tuple of other numbers is not one).
#[inline]
pub fn cell(v: &Value) -> Result<Cell> {
    v.cell().ok_or_else(|| mismatch("cell guard"))
}

/// A 2-tuple of cells.
#[inline]
pub fn cell_pair(v: &Value) -> Result<CellPair> {
    match v {
        Value::Tuple(t) => match &t[..] {
            [a, b] => Ok((cell(a)?, cell(b)?)),
            _ => Err(mismatch("cellpair guard")),
        },
        _ => Err(mismatch("cellpair guard")),
    }
}

/// A frozenset of 2-tuples of cells, copied into its held form.
pub fn cell_pairs(v: &Value) -> Result<CellPairs> {
    set_read_as(v, cell_pair, "cellpairs guard")
}

/// A frozenset whose every element `elem` reads, copied into a held set
/// (in the set's order); anything else is a mismatch named `context`.
fn set_read_as<T>(
    v: &Value,
    elem: impl FnMut(&Value) -> Result<T>,
    context: &'static str,
) -> Result<Arc<[T]>> {
    match v {
        Value::Set(s) => s
            .iter()
            .map(elem)
            .collect::<Result<Vec<_>>>()
            .map(Arc::from),
        v if is_empty_set(v) => Ok(Arc::from(Vec::new())),
        _ => Err(mismatch(context)),
    }
}

/// A 2-tuple of objects.
pub fn object_pair(v: &Value) -> Result<ObjectPair> {
    match v {
        Value::Tuple(t) => match &t[..] {
            [a, b] => Ok((object(a)?.clone(), object(b)?.clone())),
            _ => Err(mismatch("objectpair guard")),
        },
        _ => Err(mismatch("objectpair guard")),
    }
}

/// A frozenset of 2-tuples of objects, copied into its held form.
pub fn object_pairs(v: &Value) -> Result<ObjectPairs> {
    set_read_as(v, object_pair, "objectpairs guard")
}

/// A 2-tuple of pairs: a 2x2 grid, or a tuple of two `Value::Pair`s (where
/// a number is beyond a colour), as [`Value::tuple2`] makes them.
#[inline]
pub fn loc_pair(v: &Value) -> Result<PairPair> {
    match v {
        Value::Grid(g) if g.height() == 2 && g.width() == 2 => {
            let c = |i, j| i64::from(g.get(i, j));
            Ok(((c(0, 0), c(0, 1)), (c(1, 0), c(1, 1))))
        }
        Value::Tuple(t) => match &t[..] {
            [Value::Pair(a, b), Value::Pair(c, d)] => Ok(((*a, *b), (*c, *d))),
            _ => Err(mismatch("locpair guard")),
        },
        _ => Err(mismatch("locpair guard")),
    }
}

/// A frozenset of 2-tuples of locations (each as [`loc_pair`] reads it,
/// with numbers that fit a location), copied into its held form.
pub fn loc_pairs(v: &Value) -> Result<LocPairs> {
    let locs = |e: &Value| {
        let (a, b) = loc_pair(e)?;
        Ok((loc_of(a)?, loc_of(b)?))
    };
    set_read_as(v, locs, "locpairs guard")
}

/// A tuple of locations: a grid of two columns (the numbers colours), a
/// tuple of pairs, or the empty tuple (which a grid of no rows also is:
/// `sfilter` of a grid that keeps none of its rows).
pub fn loc_seq(v: &Value) -> Result<LocSeq> {
    let locs: Vec<Loc> = match v {
        Value::Grid(g) if g.height() == 0 => Vec::new(),
        Value::Grid(g) if g.width() == 2 && g.height() > 0 => crate::values::rows_as_locs(g),
        Value::Tuple(t) => t.iter().map(|e| loc_of(pair(e)?)).collect::<Result<_>>()?,
        _ => return Err(mismatch("tuple of pairs guard")),
    };
    Ok(LocSeq::new(locs))
}

/// A tuple of cells: a tuple whose elements are cells, or the empty tuple
/// (which a grid of no rows also is).
pub fn cell_seq(v: &Value) -> Result<CellSeq> {
    let cells: Vec<Cell> = match v {
        Value::Grid(g) if g.height() == 0 => Vec::new(),
        Value::Tuple(t) => t
            .iter()
            .map(|e| e.cell().ok_or_else(|| mismatch("tuple of cells guard")))
            .collect::<Result<_>>()?,
        _ => return Err(mismatch("tuple of cells guard")),
    };
    Ok(CellSeq::new(cells))
}

/// The objects of a value that passed [`objects`] (or that a kernel of
/// `Objects` result made), in order.
pub fn objects_iter(v: &Value) -> impl Iterator<Item = &Cells> {
    let items: &[Value] = match v {
        Value::Set(s) => s,
        _ => &[],
    };
    items.iter().filter_map(|e| match e {
        Value::Object(o) => Some(o),
        _ => None,
    })
}

/// Objects in the frozenset order, as the `Value` of `Objects`
/// representation (`objs` sorted and distinct).
pub fn objects_value(objs: Vec<Cells>) -> Value {
    debug_assert!(objs.windows(2).all(|w| w[0] < w[1]), "not in order");
    Value::Set(objs.into_iter().map(Value::Object).collect())
}

/// A pair as a location; a pair beyond `i32` is no location, and the set
/// that would hold it is no indices: a deopt.
#[inline]
pub fn loc_of((i, j): (i64, i64)) -> Result<Loc> {
    match (i32::try_from(i), i32::try_from(j)) {
        (Ok(i), Ok(j)) => Ok((i, j)),
        _ => Err(Error::deopt("location beyond i32")),
    }
}

// ----- typed values as `Value`s ------------------------------------------------

/// A held value as the `Value` it stands for (no copy: containers share
/// their `Arc`).
pub trait IntoValue {
    fn into_value(self) -> Value;
}

impl IntoValue for bool {
    #[inline]
    fn into_value(self) -> Value {
        Value::Bool(self)
    }
}

impl IntoValue for i64 {
    #[inline]
    fn into_value(self) -> Value {
        Value::Int(self)
    }
}

impl IntoValue for (i64, i64) {
    #[inline]
    fn into_value(self) -> Value {
        Value::Pair(self.0, self.1)
    }
}

impl IntoValue for G {
    #[inline]
    fn into_value(self) -> Value {
        Value::Grid(self)
    }
}

impl IntoValue for Locs {
    #[inline]
    fn into_value(self) -> Value {
        Value::Indices(self)
    }
}

impl IntoValue for Cells {
    #[inline]
    fn into_value(self) -> Value {
        Value::Object(self)
    }
}

impl IntoValue for Cell {
    #[inline]
    fn into_value(self) -> Value {
        Value::Cell(self)
    }
}

impl IntoValue for CellPair {
    #[inline]
    fn into_value(self) -> Value {
        Value::tuple2(Value::Cell(self.0), Value::Cell(self.1))
    }
}

impl IntoValue for CellPairs {
    /// Each element as [`Value::tuple2`] makes it, in the held order (the
    /// set's).
    fn into_value(self) -> Value {
        Value::set_in_order(self.iter().map(|&p| p.into_value()).collect())
    }
}

impl IntoValue for ObjectPair {
    fn into_value(self) -> Value {
        Value::tuple2(Value::Object(self.0), Value::Object(self.1))
    }
}

impl IntoValue for ObjectPairs {
    /// Each element as [`Value::tuple2`] makes it, in the held order (the
    /// set's).
    fn into_value(self) -> Value {
        Value::set_in_order(self.iter().map(|p| p.clone().into_value()).collect())
    }
}

impl IntoValue for PairPair {
    #[inline]
    fn into_value(self) -> Value {
        let ((a, b), (c, d)) = self;
        Value::tuple2(Value::Pair(a, b), Value::Pair(c, d))
    }
}

impl IntoValue for LocPairs {
    /// Each element as [`Value::tuple2`] makes it; the held order is the
    /// set's (pairs of pairs compare as their four numbers).
    fn into_value(self) -> Value {
        let pair = |(i, j): Loc| Value::Pair(i64::from(i), i64::from(j));
        Value::set_in_order(
            self.iter()
                .map(|&(a, b)| Value::tuple2(pair(a), pair(b)))
                .collect(),
        )
    }
}

impl<T: SeqItem> IntoValue for Seq<T> {
    fn into_value(self) -> Value {
        self.0
            .value
            .get_or_init(|| T::tuple_value(&self.0.items))
            .clone()
    }
}

impl IntoValue for Value {
    #[inline]
    fn into_value(self) -> Value {
        self
    }
}

/// A borrowed held value as a `Value` (an `Arc` clone for containers).
#[inline]
pub fn value<T: Clone + IntoValue>(x: &T) -> Value {
    x.clone().into_value()
}

/// Python truthiness of a held value (`if x:` in `sfilter`, `extract`, ...).
pub trait Truthy {
    fn truthy(&self) -> bool;
}

impl Truthy for bool {
    #[inline]
    fn truthy(&self) -> bool {
        *self
    }
}

impl Truthy for i64 {
    #[inline]
    fn truthy(&self) -> bool {
        *self != 0
    }
}

/// Tuples of two items (pairs, cells, pairs of them) are never empty.
macro_rules! truthy_two_tuples {
    ($($t:ty),*) => {$(
        impl Truthy for $t {
            #[inline]
            fn truthy(&self) -> bool {
                true
            }
        }
    )*};
}
truthy_two_tuples!((i64, i64), Cell, CellPair, ObjectPair, PairPair);

impl Truthy for G {
    #[inline]
    fn truthy(&self) -> bool {
        self.height() > 0
    }
}

/// The held sets (indices, objects, sets of pairs): true when not empty.
impl<T> Truthy for Arc<[T]> {
    #[inline]
    fn truthy(&self) -> bool {
        !self.is_empty()
    }
}

impl<T: SeqItem> Truthy for Seq<T> {
    #[inline]
    fn truthy(&self) -> bool {
        !self.as_slice().is_empty()
    }
}

impl Truthy for Value {
    #[inline]
    fn truthy(&self) -> bool {
        Value::truthy(self)
    }
}

// ----- the kernel table --------------------------------------------------------

/// A primitive at concrete representations: what typed code calls.
pub struct Kernel {
    pub prim: Prim,
    pub params: &'static [Repr],
    pub ret: Repr,
    /// The function's name; emitted code calls `rt::p::{name}`.
    pub name: &'static str,
    /// The kernel on `Value` arguments read through the guards (a deopt
    /// where one does not hold), its result as a `Value`: how tests call
    /// every kernel alike.
    pub call: fn(&[&Value]) -> Result<Value>,
}

impl std::fmt::Debug for Kernel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}{:?} -> {:?} ({})",
            self.prim.name(),
            self.params,
            self.ret,
            self.name
        )
    }
}

/// The Rust parameter type of a representation in a kernel's signature.
#[macro_export]
#[doc(hidden)]
macro_rules! kernel_param {
    (Bool) => {
        bool
    };
    (Int) => {
        i64
    };
    (Pair) => {
        (i64, i64)
    };
    (Grid) => {
        &$crate::typed::G
    };
    (Indices) => {
        &$crate::typed::Locs
    };
    (Object) => {
        &$crate::typed::Cells
    };
    (Objects) => {
        &$crate::values::Value
    };
    (Cell) => {
        $crate::values::Cell
    };
    (CellPair) => {
        $crate::typed::CellPair
    };
    (CellPairs) => {
        &$crate::typed::CellPairs
    };
    (ObjectPair) => {
        &$crate::typed::ObjectPair
    };
    (ObjectPairs) => {
        &$crate::typed::ObjectPairs
    };
    (LocPair) => {
        $crate::typed::PairPair
    };
    (LocPairs) => {
        &$crate::typed::LocPairs
    };
    (LocSeq) => {
        &$crate::typed::LocSeq
    };
    (CellSeq) => {
        &$crate::typed::CellSeq
    };
    (Value) => {
        &$crate::values::Value
    };
}

/// The Rust result type of a representation in a kernel's signature.
#[macro_export]
#[doc(hidden)]
macro_rules! kernel_ret {
    (Bool) => {
        bool
    };
    (Int) => {
        i64
    };
    (Pair) => {
        (i64, i64)
    };
    (Grid) => {
        $crate::typed::G
    };
    (Indices) => {
        $crate::typed::Locs
    };
    (Object) => {
        $crate::typed::Cells
    };
    (Objects) => {
        $crate::values::Value
    };
    (Cell) => {
        $crate::values::Cell
    };
    (CellPair) => {
        $crate::typed::CellPair
    };
    (CellPairs) => {
        $crate::typed::CellPairs
    };
    (ObjectPair) => {
        $crate::typed::ObjectPair
    };
    (ObjectPairs) => {
        $crate::typed::ObjectPairs
    };
    (LocPair) => {
        $crate::typed::PairPair
    };
    (LocPairs) => {
        $crate::typed::LocPairs
    };
    (LocSeq) => {
        $crate::typed::LocSeq
    };
    (CellSeq) => {
        $crate::typed::CellSeq
    };
    (Value) => {
        $crate::values::Value
    };
}

/// A `Value` argument read as a kernel parameter (through its guard).
#[macro_export]
#[doc(hidden)]
macro_rules! kernel_arg {
    (Bool, $v:expr) => {
        $crate::typed::bool($v)?
    };
    (Int, $v:expr) => {
        $crate::typed::int($v)?
    };
    (Pair, $v:expr) => {
        $crate::typed::pair($v)?
    };
    (Grid, $v:expr) => {
        $crate::typed::grid($v)?
    };
    (Indices, $v:expr) => {
        $crate::typed::indices($v)?
    };
    (Object, $v:expr) => {
        $crate::typed::object($v)?
    };
    (Objects, $v:expr) => {
        $crate::typed::objects($v)?
    };
    (Cell, $v:expr) => {
        $crate::typed::cell($v)?
    };
    (CellPair, $v:expr) => {
        $crate::typed::cell_pair($v)?
    };
    (CellPairs, $v:expr) => {
        &$crate::typed::cell_pairs($v)?
    };
    (ObjectPair, $v:expr) => {
        &$crate::typed::object_pair($v)?
    };
    (ObjectPairs, $v:expr) => {
        &$crate::typed::object_pairs($v)?
    };
    (LocPair, $v:expr) => {
        $crate::typed::loc_pair($v)?
    };
    (LocPairs, $v:expr) => {
        &$crate::typed::loc_pairs($v)?
    };
    (LocSeq, $v:expr) => {
        &$crate::typed::loc_seq($v)?
    };
    (CellSeq, $v:expr) => {
        &$crate::typed::cell_seq($v)?
    };
    (Value, $v:expr) => {
        $v
    };
}

/// A family's kernels: `prim(Repr, ...) -> Repr = function;` per line.
/// Every function is checked at compile time to have the signature its
/// line gives (parameters as [`kernel_param!`], `Result` of
/// [`kernel_ret!`]), so the table cannot drift from the code.
#[macro_export]
macro_rules! kernel_table {
    ($table:ident: $( $prim:ident ( $($param:ident),* ) -> $ret:ident = $func:ident ; )*) => {
        /// This family's kernels (see `typed`).
        pub static $table: &[$crate::typed::Kernel] = &[ $(
            $crate::typed::Kernel {
                prim: $crate::signatures::Prim::$prim,
                params: &[ $( $crate::typed::Repr::$param ),* ],
                ret: $crate::typed::Repr::$ret,
                name: stringify!($func),
                call: |args: &[&$crate::values::Value]| {
                    let mut next = args.iter();
                    let result = $func( $( $crate::kernel_arg!(
                        $param,
                        next.next().copied().ok_or($crate::error::Error::type_error("kernel arity"))?
                    ) ),* )?;
                    Ok($crate::typed::IntoValue::into_value(result))
                },
            }
        ),* ];
        $(
            const _: fn( $( $crate::kernel_param!($param) ),* )
                -> $crate::error::Result<$crate::kernel_ret!($ret)> = $func;
        )*
    };
}

/// Every family's table.
fn tables() -> [&'static [Kernel]; 5] {
    use crate::primitives::*;
    [
        arithmetic::ARITHMETIC_KERNELS,
        containers::CONTAINER_KERNELS,
        functional::FUNCTIONAL_KERNELS,
        grids::GRID_KERNELS,
        patches::PATCH_KERNELS,
    ]
}

/// All kernels, every family's in turn.
pub fn kernels() -> impl Iterator<Item = &'static Kernel> {
    tables().into_iter().flatten()
}

// ----- deoptimisation ---------------------------------------------------------------

static DEOPTS: AtomicU64 = AtomicU64::new(0);

/// Program runs that went straight to the interpreter because the
/// program's typed code had given up on most inputs (see
/// `battery::DeoptRate`).
static INTERPRETED: AtomicU64 = AtomicU64::new(0);

pub fn note_interpreted() {
    INTERPRETED.fetch_add(1, Ordering::Relaxed);
}

/// How many program runs [`note_interpreted`] counted.
pub fn interpreted() -> u64 {
    INTERPRETED.load(Ordering::Relaxed)
}

/// Deopts by the context of their error (rare: a lock is cheap enough).
static CAUSES: std::sync::Mutex<Vec<(&'static str, u64)>> = std::sync::Mutex::new(Vec::new());

/// Note one program run handed from typed code to the interpreter, and why.
pub fn note_deopt(cause: &Error) {
    DEOPTS.fetch_add(1, Ordering::Relaxed);
    if let Ok(mut causes) = CAUSES.lock() {
        match causes.iter_mut().find(|(c, _)| *c == cause.context) {
            Some((_, n)) => *n += 1,
            None => causes.push((cause.context, 1)),
        }
    }
}

/// How many program runs typed code handed to the interpreter so far.
pub fn deopts() -> u64 {
    DEOPTS.load(Ordering::Relaxed)
}

/// The deopts by cause, most frequent first.
pub fn deopt_causes() -> Vec<(&'static str, u64)> {
    let mut causes = CAUSES.lock().map(|c| c.clone()).unwrap_or_default();
    causes.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    causes
}

/// Whether an error means "run this again on the interpreter".
#[inline]
pub fn is_deopt(e: &Error) -> bool {
    e.kind == ErrorKind::Deopt
}

// ----- resuming in the interpreter ----------------------------------------------

/// The kernels and typed forms that give up on ordinary data (not only on
/// values no program makes): a corner of an empty patch is the empty
/// tuple, `vconcat` of grids of two widths a ragged tuple, `valmax` of
/// nothing calls its function on `0`, ... In cross mode most inputs of
/// some programs meet these. A statement that calls one is emitted with
/// [`resumable`], so that the interpreter goes on from that statement
/// with the values typed code computed before it, instead of running the
/// whole program again.
pub const GIVE_UP_ON_DATA: &[&str] = &[
    "shift_loc_seq",
    "ulcorner_locs",
    "ulcorner_cells",
    "urcorner_locs",
    "urcorner_cells",
    "llcorner_locs",
    "llcorner_cells",
    "lrcorner_locs",
    "lrcorner_cells",
    "corners_locs",
    "corners_cells",
    "centerofmass_locs",
    "centerofmass_cells",
    "vconcat_grids",
    "vconcat_flipped",
    "hfrontier_pair",
    "vfrontier_pair",
    "valmax_locs",
    "valmin_locs",
    "valmax_objects",
    "valmin_objects",
    "valmax_cells",
    "valmin_cells",
    "valbest_column",
    "valbest_except_column",
    "apply_rows_order",
    "cellwise_best",
    "product_collect",
    "union_where",
    "kept_where",
];

/// Node values of a program run that typed code gave up on, by node: what
/// the interpreter needs not compute again (see [`resumable`]).
pub type Known = Vec<(usize, Value)>;

thread_local! {
    static RESUME: std::cell::RefCell<Option<Known>> = const { std::cell::RefCell::new(None) };
}

/// A statement's result; where typed code gave up in it (a deopt), the
/// values of the statements before it are kept for [`take_resume`] (built
/// only then: `known` is never called on the fast path).
#[inline]
pub fn resumable<T>(result: Result<T>, known: impl FnOnce() -> Known) -> Result<T> {
    if let Err(e) = &result {
        if is_deopt(e) {
            let values = known();
            RESUME.with(|r| *r.borrow_mut() = Some(values));
        }
    }
    result
}

/// The values [`resumable`] kept for the run that just gave up, if its
/// deopt came from such a statement (and none otherwise: taking clears).
pub fn take_resume() -> Option<Known> {
    RESUME.with(|r| r.borrow_mut().take())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kernel_is_listed_once() {
        let mut seen = std::collections::HashSet::new();
        for k in kernels() {
            assert_eq!(k.params.len(), k.prim.arity(), "{k:?}");
            assert!(seen.insert((k.prim, k.params)), "listed twice: {k:?}");
        }
    }

    #[test]
    fn guards_take_only_their_representation() {
        assert_eq!(int(&Value::Int(3)), Ok(3));
        assert!(is_deopt(&int(&Value::Bool(true)).unwrap_err()));
        assert!(is_deopt(&bool(&Value::Int(1)).unwrap_err()));
        assert_eq!(pair(&Value::Pair(1, 2)), Ok((1, 2)));
        // `()` is the grid of no rows as well as the empty tuple.
        assert_eq!(grid(&Value::empty_tuple()).unwrap().height(), 0);
        assert!(is_deopt(&grid(&Value::Pair(1, 2)).unwrap_err()));
        assert!(indices(&Value::empty_set()).unwrap().is_empty());
        assert!(object(&Value::Indices(Arc::from(Vec::new())))
            .unwrap()
            .is_empty());
        assert!(is_deopt(
            &indices(&Value::object(vec![Cell::new(1, 0, 0)])).unwrap_err()
        ));
    }

    /// The emitter finds the statements to make resumable by these names
    /// in the code it writes: each must still name a kernel or a typed
    /// form, or a rename would silently lose resumption.
    #[test]
    fn every_name_that_gives_up_on_data_is_a_kernel_or_a_typed_form() {
        let functional = include_str!("functional.rs");
        for name in GIVE_UP_ON_DATA {
            let kernel = kernels().any(|k| k.name == *name)
                || include_str!("../primitives/grids.rs").contains(&format!("pub fn {name}("));
            let typed_form = functional.contains(&format!("pub fn {name}("))
                || functional.contains(&format!("pub fn {name}<"));
            assert!(
                kernel || typed_form,
                "{name}: neither a kernel nor a typed form"
            );
        }
    }

    /// The other way round: a typed form whose own body gives up (returns
    /// a deopt) is listed, so that its statements are resumable. A form
    /// left out still gives the right results, but its deopts rerun the
    /// whole program and count against the typed code: in a device run's
    /// reruns (most of them such inputs) that sent `solve_d22278a0` to the
    /// interpreter for good, and its largest inputs past the time budget.
    #[test]
    fn every_typed_form_that_gives_up_is_listed() {
        let functional = include_str!("functional.rs");
        for chunk in functional.split("\npub fn ").skip(1) {
            let name_end = chunk.find(['<', '(']).unwrap_or(chunk.len());
            let name = &chunk[..name_end];
            let body = &chunk[..chunk.find("\n}\n").unwrap_or(chunk.len())];
            if body.contains("Error::deopt(") {
                assert!(
                    GIVE_UP_ON_DATA.contains(&name),
                    "{name} gives up but is not in GIVE_UP_ON_DATA"
                );
            }
        }
    }

    /// A 2-tuple of pairs is a 2x2 grid where its numbers are colours and
    /// a tuple of two pairs elsewhere; both read back, and a set of them
    /// held typed becomes the very value `product` makes.
    #[test]
    fn pairs_of_locations_read_and_become_values_as_the_primitives_make_them() {
        let small = ((1, 2), (3, 4));
        let wide = ((0, 300), (-200, 1));
        for p in [small, wide] {
            let v = p.into_value();
            assert_eq!(loc_pair(&v), Ok(p));
        }
        assert!(matches!(small.into_value(), Value::Grid(_)));
        assert!(matches!(wide.into_value(), Value::Tuple(_)));
        assert!(is_deopt(&loc_pair(&Value::Pair(1, 2)).unwrap_err()));
        let a: Locs = Arc::from(vec![(0, 1), (2, 0), (2, 5)]);
        let b: Locs = Arc::from(vec![(1, 1), (4, 3)]);
        let held = crate::primitives::containers::product_locs(&a, &b).unwrap();
        let made = crate::primitives::containers::product(
            &Value::Indices(a.clone()),
            &Value::Indices(b.clone()),
        )
        .unwrap();
        let v = held.clone().into_value();
        assert_eq!(v, made);
        assert_eq!(v.to_string(), made.to_string());
        assert_eq!(loc_pairs(&made).unwrap(), held);
        assert!(loc_pairs(&Value::empty_set()).unwrap().is_empty());
    }
}
