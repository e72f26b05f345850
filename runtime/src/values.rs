//! The value model: what a DSL variable can hold.
//!
//! Python's values map onto a few logical kinds: `None`, numbers (`bool` is an
//! `int`), tuples, frozensets and functions. Each kind has compact
//! representations for the shapes that programs use all the time (a pair of
//! ints, a grid, a set of locations, an object), and a generic one for the
//! rest. **Semantics are by value, never by representation**: a `Grid` and a
//! `Tuple` of equal-length int tuples with the same cells are equal, compare
//! equal and hash equal, as they would in Python.
//!
//! # Frozenset order
//!
//! Every frozenset is kept in ascending order of one total order and is
//! iterated in that order (CPython iterates in hash-table order, which no
//! program should rely on). The order is:
//!
//! 1. `None` first, then numbers (bools count as 0 and 1), then tuples, then
//!    frozensets, then functions;
//! 2. numbers by value; tuples element by element with this same order, a
//!    prefix before its extensions (Python's tuple comparison); frozensets as
//!    their sorted element lists, compared the same way; functions by their
//!    structure.
//!
//! So `max`/`min`-style primitives that return the first best element pick the
//! smallest one in this order among ties. Over two public corpora of 400
//! programs this changes the output of one program per corpus compared with
//! CPython 3.11.

use std::borrow::Cow;
use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use smallvec::SmallVec;

use crate::error::{Error, Result};
use crate::functions::Func;

mod grid;
mod ragged;
pub use grid::Grid;
pub use ragged::Ragged;

/// A grid location `(row, column)`. Ordered like the Python tuple `(i, j)`.
pub type Loc = (i32, i32);

/// Colour of a grid cell. ARC colours are 0..=9; anything in i8 is kept.
pub type Color = i8;

/// One cell of an object, the Python tuple `(color, (i, j))`; the derived
/// order (colour, then row, then column) is that tuple's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell {
    pub color: Color,
    pub loc: Loc,
}

impl Cell {
    pub const fn new(color: Color, i: i32, j: i32) -> Cell {
        Cell { color, loc: (i, j) }
    }
}

/// A value of the DSL.
#[derive(Clone)]
pub enum Value {
    /// Python `None` (what `index` returns outside the grid).
    None,
    Bool(bool),
    Int(i64),
    /// A tuple of two numbers: locations, offsets, dimensions.
    Pair(i64, i64),
    /// A grid: a tuple of equal-length tuples of colours.
    Grid(Grid),
    /// Any other tuple.
    Tuple(Arc<[Value]>),
    /// The tuple `(color, (i, j))` of an object's cell, unboxed: iterating
    /// an object (`apply`, `sfilter`, `first`, `merge` of a tuple of
    /// objects) makes one per cell, and a boxed tuple cost an allocation
    /// each. Otherwise it is the tuple it stands for: same kind, order,
    /// equality, hash and repr.
    Cell(Cell),
    /// A tuple of ints that all fit a colour (`i8`), of one item or of
    /// three or more (two numbers are a `Pair`): a grid's row met alone
    /// (`last(grid)`, `apply` over rows), the rows of a ragged tuple (a
    /// `vconcat` of grids of two widths), `interval` of small bounds. Held
    /// as bytes as a grid's cells are, where a `Tuple` took a boxed
    /// `Value` per item (24 bytes, and a pass over them to drop it).
    /// Otherwise it is the tuple it stands for: same kind, order,
    /// equality, hash and repr. `Value::tuple` makes one of any such list
    /// of ints.
    Row(Arc<[Color]>),
    /// A tuple of rows of colours of two widths or more (the rows as
    /// `Row`s, `Pair`s and empty tuples: see [`Ragged`]), held as one
    /// buffer of cells. Otherwise it is the tuple it stands for: same
    /// kind, order, equality, hash and repr. `Value::tuple` makes one of
    /// any such list of rows.
    Ragged(Arc<Ragged>),
    /// A frozenset of locations, sorted, no duplicates.
    Indices(Arc<[Loc]>),
    /// A frozenset of `(color, (i, j))` cells, sorted, no duplicates.
    Object(Arc<[Cell]>),
    /// Any other frozenset, sorted in the total order, no duplicates.
    Set(Arc<[Value]>),
    /// A primitive or a function built by lbind, compose, fork, ...
    Func(Arc<Func>),
}

/// The bounding box of some locations: top-left corner, height, width,
/// and the `u64` words of each row of its bitmap.
pub struct Bounds {
    pub(crate) i0: i32,
    pub(crate) j0: i32,
    pub(crate) h: usize,
    pub(crate) w: usize,
    per_row: usize,
}

impl Bounds {
    /// The box of rows `i0..=i1` and columns `j0..=j1`.
    pub(crate) fn new(i0: i32, i1: i32, j0: i32, j1: i32) -> Bounds {
        let w = (j1 as i64 - j0 as i64 + 1) as usize;
        Bounds {
            i0,
            j0,
            h: (i1 as i64 - i0 as i64 + 1) as usize,
            w,
            per_row: w.div_ceil(64),
        }
    }
    pub(crate) fn of(locs: impl Iterator<Item = Loc>) -> Bounds {
        let (mut i0, mut i1, mut j0, mut j1) = (i32::MAX, i32::MIN, i32::MAX, i32::MIN);
        for (i, j) in locs {
            i0 = i0.min(i);
            i1 = i1.max(i);
            j0 = j0.min(j);
            j1 = j1.max(j);
        }
        Bounds::new(i0, i1, j0, j1)
    }
    pub(crate) fn bit_words(&self) -> usize {
        self.h.saturating_mul(self.per_row)
    }
    /// Mark a location of the box in its bitmap.
    #[inline]
    pub(crate) fn mark(&self, bits: &mut [u64], (i, j): Loc) {
        let (r, c) = ((i - self.i0) as usize, (j - self.j0) as usize);
        bits[r * self.per_row + c / 64] |= 1 << (c % 64);
    }
    /// Whether a location is marked in a bitmap of the box (one outside
    /// the box is not).
    #[inline]
    fn holds(&self, bits: &[u64], (i, j): Loc) -> bool {
        let (r, c) = (i as i64 - self.i0 as i64, j as i64 - self.j0 as i64);
        if r < 0 || c < 0 || r as u64 >= self.h as u64 || c as u64 >= self.w as u64 {
            return false;
        }
        let (r, c) = (r as usize, c as usize);
        bits[r * self.per_row + c / 64] & (1 << (c % 64)) != 0
    }
    /// OR the bitmap `src` of box `from` into this box's `bits`, each
    /// mark `dr` rows and `dc` columns from this box's corner further than
    /// from `from`'s (they must land inside): a row of words per row, not
    /// a bit per mark.
    pub(crate) fn or_moved(
        &self,
        bits: &mut [u64],
        from: &Bounds,
        src: &[u64],
        dr: usize,
        dc: usize,
    ) {
        let (q, b) = (dc / 64, dc % 64);
        for (r, src) in src.chunks_exact(from.per_row).enumerate() {
            let dst = &mut bits[(r + dr) * self.per_row..][..self.per_row];
            for (k, &word) in src.iter().enumerate() {
                dst[k + q] |= word << b;
                if b > 0 && k + q + 1 < self.per_row {
                    dst[k + q + 1] |= word >> (64 - b);
                }
            }
        }
    }
    /// The locations marked in a bitmap of the box, in order (row by row,
    /// a word at a time: the scan costs the box's words, not its cells).
    pub(crate) fn marked(&self, bits: &[u64], mut f: impl FnMut(Loc)) {
        for (r, row) in bits.chunks_exact(self.per_row).enumerate() {
            let i = self.i0 + r as i32;
            for (k, &word) in row.iter().enumerate() {
                let mut w = word;
                while w != 0 {
                    let c = w.trailing_zeros() as i32;
                    f((i, self.j0 + 64 * k as i32 + c));
                    w &= w - 1;
                }
            }
        }
    }
}

/// `src.iter().map(f).collect::<Arc<[U]>>()` for plain values, written
/// by a plain loop into the new slice. std's collection into an `Arc`
/// counts every element it writes (to drop them if `f` panics), which
/// keeps the loop from being vectorised; shifts written this way take 9%
/// fewer instructions. For many short slices its fixed costs (the new
/// `Arc`'s uniqueness check) outweigh that: `recolor` of short lines took
/// more.
#[inline]
pub fn map_arc<T: Copy, U: Copy>(src: &[T], mut f: impl FnMut(T) -> U) -> Arc<[U]> {
    let mut out = Arc::<[U]>::new_uninit_slice(src.len());
    let slots = Arc::get_mut(&mut out).expect("a new Arc is not shared");
    for (slot, &x) in slots.iter_mut().zip(src) {
        slot.write(f(x));
    }
    // SAFETY: the loop wrote every slot (the slices have one length); a
    // panic in `f` drops the uninitialised slice, which drops nothing.
    unsafe { out.assume_init() }
}

/// Sets this long or longer are unioned in a bitmap of their box where
/// the box's bitmap has at most [`BITMAP_WORDS_PER_ITEM`] words per item.
const BITMAP_MIN_ITEMS: usize = 32;
const BITMAP_WORDS_PER_ITEM: usize = 2;

/// Locations sorted, without duplicates. The union of many overlapping
/// patches (`mapply`, `mfilter`, `merge`: lines, neighbourhoods, shifted
/// copies) is dense in its bounding box, and marking a bitmap of the box
/// then reading it row by row is linear; sparse lists are sorted instead,
/// stably, since they are concatenated sorted runs.
pub fn sorted_unique_locs(mut locs: Vec<Loc>) -> Vec<Loc> {
    if locs.len() >= BITMAP_MIN_ITEMS {
        let b = Bounds::of(locs.iter().copied());
        if b.bit_words() <= BITMAP_WORDS_PER_ITEM * locs.len() {
            let mut bits = vec![0u64; b.bit_words()];
            for &l in &locs {
                b.mark(&mut bits, l);
            }
            locs.clear();
            b.marked(&bits, |l| locs.push(l));
            return locs;
        }
    }
    locs.sort();
    locs.dedup();
    locs
}

/// A set of locations as a bitmap of its box: membership in a few
/// instructions, for a set tested against again and again.
pub struct LocBitmap {
    bounds: Bounds,
    bits: Vec<u64>,
}

impl LocBitmap {
    /// The bitmap of `locs`, or `None` where they have no box or one too
    /// large for a bitmap.
    pub fn of(locs: &[Loc]) -> Option<LocBitmap> {
        if locs.is_empty() {
            return None;
        }
        let bounds = Bounds::of(locs.iter().copied());
        if bounds.bit_words() > BOX_BITMAP_MAX_WORDS {
            return None;
        }
        let mut bits = vec![0u64; bounds.bit_words()];
        for &l in locs {
            bounds.mark(&mut bits, l);
        }
        Some(LocBitmap { bounds, bits })
    }
    #[inline]
    pub fn contains(&self, l: Loc) -> bool {
        self.bounds.holds(&self.bits, l)
    }
}

/// The set tested against last on this thread, and its bitmap once it
/// has been tested against twice in a row. The sets are held (not only
/// their addresses), so an address seen again is the same set.
#[derive(Default)]
struct Membership {
    last: Option<Arc<[Loc]>>,
    bitmap: Option<(Arc<[Loc]>, Option<LocBitmap>)>,
}

thread_local! {
    static MEMBERSHIP: std::cell::RefCell<Membership> = Default::default();
}

/// Sets at least this large are worth a bitmap when tested against again.
const MEMBERSHIP_MIN_ITEMS: usize = 64;

/// `f` with a bitmap of `set` where `set` is large and was also the set of
/// this thread's previous call: a filter tests each element of one set
/// against the same other set (`sfilter(cells, size(difference(shift(block,
/// cell), zeros)) == 0)`), and each test then costs its small side, not a
/// search of the large one. `None`: search the sorted set instead.
pub fn with_membership<R>(set: &Arc<[Loc]>, f: impl FnOnce(Option<&LocBitmap>) -> R) -> R {
    if set.len() < MEMBERSHIP_MIN_ITEMS {
        return f(None);
    }
    MEMBERSHIP.with(|m| {
        let mut m = m.borrow_mut();
        let cached = matches!(&m.bitmap, Some((s, _)) if Arc::ptr_eq(s, set));
        if !cached {
            if !m.last.as_ref().is_some_and(|s| Arc::ptr_eq(s, set)) {
                m.last = Some(set.clone());
                return f(None);
            }
            m.bitmap = Some((set.clone(), LocBitmap::of(set)));
        }
        f(m.bitmap.as_ref().and_then(|(_, b)| b.as_ref()))
    })
}

/// Where [`union_in_box`] marks locations: a bitmap of the box, or a
/// list where the box is too large for one.
pub enum Marks {
    Bits { bounds: Bounds, bits: Vec<u64> },
    List(Vec<Loc>),
}

impl Marks {
    /// Mark a location (of the box the marks were made for).
    #[inline]
    pub fn mark(&mut self, l: Loc) {
        match self {
            Marks::Bits { bounds, bits } => bounds.mark(bits, l),
            Marks::List(list) => list.push(l),
        }
    }
}

/// A box of at most this many bitmap words (4 M locations) is marked in
/// a bitmap by [`union_in_box`]; a larger one (far beyond ARC grids) in a
/// list that is then sorted.
const BOX_BITMAP_MAX_WORDS: usize = 1 << 16;

/// The locations `visit` marks, sorted and without duplicates, where each
/// of them lies in the box of the sets `within`: a union built without
/// the sets it is the union of (the lines of `connect` between two sets
/// of locations lie in the box of their ends).
pub fn union_in_box(
    within: &[&[Loc]],
    visit: impl FnOnce(&mut Marks) -> Result<()>,
) -> Result<Vec<Loc>> {
    let mut marks = Marks::List(Vec::new());
    // (No box for no locations: then nothing is marked.)
    if within.iter().any(|s| !s.is_empty()) {
        let bounds = Bounds::of(within.iter().flat_map(|s| s.iter().copied()));
        if bounds.bit_words() <= BOX_BITMAP_MAX_WORDS {
            marks = Marks::Bits {
                bits: vec![0u64; bounds.bit_words()],
                bounds,
            };
        }
    }
    visit(&mut marks)?;
    Ok(match marks {
        Marks::Bits { bounds, bits } => {
            let mut out = Vec::new();
            bounds.marked(&bits, |l| out.push(l));
            out
        }
        Marks::List(list) => sorted_unique_locs(list),
    })
}

/// The union of sets of locations (each sorted), sorted and without
/// duplicates: [`sorted_unique_locs`] of their concatenation, where a
/// bitmap is marked from the sets themselves and the concatenation never
/// built (a union of many lines can hold millions of locations, most of
/// them repeated).
pub fn union_locs(sets: &[&[Loc]]) -> Vec<Loc> {
    let total: usize = sets.iter().map(|s| s.len()).sum();
    if let [one] = sets {
        return one.to_vec();
    }
    if total >= BITMAP_MIN_ITEMS {
        // The box: each set is sorted, so its rows run from its first
        // location's to its last's; columns need a scan.
        let (mut i0, mut i1, mut j0, mut j1) = (i32::MAX, i32::MIN, i32::MAX, i32::MIN);
        for s in sets {
            if let (Some(first), Some(last)) = (s.first(), s.last()) {
                i0 = i0.min(first.0);
                i1 = i1.max(last.0);
                for &(_, j) in s.iter() {
                    j0 = j0.min(j);
                    j1 = j1.max(j);
                }
            }
        }
        let b = Bounds::new(i0, i1, j0, j1);
        if b.bit_words() <= BITMAP_WORDS_PER_ITEM * total {
            let mut bits = vec![0u64; b.bit_words()];
            for s in sets {
                for &l in s.iter() {
                    b.mark(&mut bits, l);
                }
            }
            let mut locs = Vec::with_capacity(total.min(b.h.saturating_mul(b.w)));
            b.marked(&bits, |l| locs.push(l));
            return locs;
        }
    }
    let mut locs = Vec::with_capacity(total);
    for s in sets {
        locs.extend_from_slice(s);
    }
    // Concatenated sorted runs: the stable sort merges them.
    locs.sort();
    locs.dedup();
    locs
}

/// Cells sorted (colour, then row, then column), without duplicates: the
/// bitmap of [`sorted_unique_locs`] with one layer per colour present,
/// where the cells are dense in it (the union of objects that `mapply`
/// shifts or recolours), else a stable sort of the sorted runs.
pub fn sorted_unique_cells(mut cells: Vec<Cell>) -> Vec<Cell> {
    if cells.len() >= BITMAP_MIN_ITEMS {
        let b = Bounds::of(cells.iter().map(|c| c.loc));
        let layers = ColourLayers::of(&cells);
        let colors = layers.palette.len();
        let words = b.bit_words();
        if words.saturating_mul(colors) <= BITMAP_WORDS_PER_ITEM * cells.len() {
            let mut bits = vec![0u64; words * colors];
            for c in &cells {
                let l = layers.of_colour(c.color);
                b.mark(&mut bits[l * words..(l + 1) * words], c.loc);
            }
            cells.clear();
            for (l, layer) in bits.chunks_exact(words).enumerate() {
                let color = layers.palette[l];
                b.marked(layer, |loc| cells.push(Cell { color, loc }));
            }
            return cells;
        }
    }
    cells.sort();
    cells.dedup();
    cells
}

/// The colours present among some cells, ascending (the cells' order
/// puts colour first), and each colour's place among them: one bitmap
/// layer per colour present.
pub(crate) struct ColourLayers {
    pub palette: SmallVec<[Color; 10]>,
    layer: [u8; 256],
}

impl ColourLayers {
    pub fn of(cells: &[Cell]) -> ColourLayers {
        // The colours present, as bits of a 256-bit mask over i8; the
        // present bits are walked, not the 256 slots.
        let mut present = [0u64; 4];
        for c in cells {
            let slot = colour_slot(c.color);
            present[slot / 64] |= 1 << (slot % 64);
        }
        let mut layers = ColourLayers {
            palette: SmallVec::new(),
            layer: [0; 256],
        };
        for (k, &word) in present.iter().enumerate() {
            let mut w = word;
            while w != 0 {
                let slot = k * 64 + w.trailing_zeros() as usize;
                layers.layer[slot] = layers.palette.len() as u8;
                layers.palette.push((slot as i16 - 128) as Color);
                w &= w - 1;
            }
        }
        layers
    }
    /// The layer of a colour present.
    #[inline]
    pub fn of_colour(&self, c: Color) -> usize {
        self.layer[colour_slot(c)] as usize
    }
}

#[inline]
fn colour_slot(c: Color) -> usize {
    (c as i16 + 128) as usize
}

/// The values in the canonical (total) order, without duplicates. Sets of
/// patches, the common case (`apply` of a patch function over objects),
/// compare their sorted elements directly instead of through
/// [`Value::cmp`]'s dispatch, and their empty ones (the first in the order)
/// are set aside before the sort: `prapply(connect, x, x)` gives an empty
/// line for most pairs of cells, and sorting them all was 85% of
/// `solve_22168020`. Equal values are interchangeable; patches sort stably
/// all the same, as the stable sort merges the sorted runs that unions of
/// sets of patches concatenate (`mapply` of sets of moved copies,
/// `solve_3eda0437`: 7% faster; the 399 public solvers 3% on one thread).
fn sorted_canonical(mut items: Vec<Value>) -> Vec<Value> {
    // Numbers (sizes, distances, colours: `apply` and `prapply` of int
    // functions) sort as plain ints, not through `Value::cmp`.
    if items.iter().all(|v| matches!(v, Value::Int(_))) {
        let int = |v: &Value| match v {
            Value::Int(i) => *i,
            _ => 0,
        };
        // A few in place; many (every pair's distance) as bare ints,
        // where moving 24-byte values would cost more than the copy.
        if items.len() <= 32 {
            items.sort_unstable_by_key(int);
            items.dedup_by_key(|v| int(v));
        } else {
            let mut ints: Vec<i64> = items.iter().map(int).collect();
            ints.sort_unstable();
            ints.dedup();
            items.clear();
            items.extend(ints.into_iter().map(Value::Int));
        }
        return items;
    }
    let all_indices = items.iter().all(|v| matches!(v, Value::Indices(_)));
    if all_indices || items.iter().all(|v| matches!(v, Value::Object(_))) {
        let is_empty = |v: &Value| match v {
            Value::Indices(a) => a.is_empty(),
            Value::Object(a) => a.is_empty(),
            _ => false,
        };
        let empty = items.iter().position(is_empty).map(|k| items[k].clone());
        if empty.is_some() {
            items.retain(|v| !is_empty(v));
        }
        items.sort_by(|a, b| match (a, b) {
            (Value::Indices(a), Value::Indices(b)) => a[..].cmp(&b[..]),
            (Value::Object(a), Value::Object(b)) => a[..].cmp(&b[..]),
            (a, b) => a.cmp(b),
        });
        items.dedup_by(|a, b| match (a, b) {
            (Value::Indices(a), Value::Indices(b)) => a[..] == b[..],
            (Value::Object(a), Value::Object(b)) => a[..] == b[..],
            (a, b) => a == b,
        });
        if let Some(empty) = empty {
            items.insert(0, empty);
        }
    } else {
        items.sort_unstable();
        items.dedup();
    }
    items
}

/// The logical kind of a value, ranked in the frozenset total order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    None,
    Number,
    Tuple,
    Set,
    Func,
}

/// A borrowed view of a patch: the two frozenset shapes a patch may have.
#[derive(Clone, Debug)]
pub enum Patch<'a> {
    Indices(Cow<'a, [Loc]>),
    Object(Cow<'a, [Cell]>),
}

impl Patch<'_> {
    pub fn len(&self) -> usize {
        match self {
            Patch::Indices(s) => s.len(),
            Patch::Object(s) => s.len(),
        }
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The locations of the patch (Python's `toindices`), in ascending order.
    pub fn locs(&self) -> Cow<'_, [Loc]> {
        match self {
            Patch::Indices(s) => Cow::Borrowed(&s[..]),
            Patch::Object(s) => {
                let mut v: Vec<Loc> = s.iter().map(|c| c.loc).collect();
                v.sort_unstable();
                v.dedup();
                Cow::Owned(v)
            }
        }
    }
    /// Iterate the locations in the patch's own order (duplicates possible
    /// for objects holding one location in two colours).
    pub fn iter_locs(&self) -> Box<dyn Iterator<Item = Loc> + '_> {
        match self {
            Patch::Indices(s) => Box::new(s.iter().copied()),
            Patch::Object(s) => Box::new(s.iter().map(|c| c.loc)),
        }
    }
}

impl Value {
    // ----- constructors -------------------------------------------------

    pub fn int(i: i64) -> Value {
        Value::Int(i)
    }
    pub fn bool(b: bool) -> Value {
        Value::Bool(b)
    }
    pub fn pair(a: i64, b: i64) -> Value {
        Value::Pair(a, b)
    }
    pub fn grid(g: Grid) -> Value {
        Value::Grid(g)
    }
    /// A tuple; two numbers become a `Pair`, and equal-length tuples of
    /// colours a `Grid` (same value either way; the compact forms are what
    /// the fast paths of the primitives expect).
    pub fn tuple(items: Vec<Value>) -> Value {
        if items.len() == 2 {
            if let (Some(a), Some(b)) = (items[0].number(), items[1].number()) {
                return Value::Pair(a, b);
            }
            if let Some(c) = unboxed_cell(&items[0], &items[1]) {
                return Value::Cell(c);
            }
        }
        if let Some(g) = grid_from_rows(&items) {
            return Value::grid(g);
        }
        if let Some(row) = row_of_ints(&items) {
            return Value::Row(row);
        }
        if let Some(rows) = Ragged::of_items(&items) {
            return Value::Ragged(Arc::new(rows));
        }
        Value::Tuple(items.into())
    }
    /// [`Value::tuple`] of two items without the list: two numbers are a
    /// `Pair`, two pairs of colours a 2x2 `Grid`, and two values that
    /// cannot be rows of a grid a plain tuple in one allocation.
    pub fn tuple2(a: Value, b: Value) -> Value {
        match (&a, &b) {
            (Value::Pair(a0, a1), Value::Pair(b0, b1)) => {
                let cells = [*a0, *a1, *b0, *b1].map(|x| Color::try_from(x).ok());
                match cells {
                    [Some(c0), Some(c1), Some(c2), Some(c3)] => {
                        Value::grid(Grid::from_cells(2, 2, &[c0, c1, c2, c3]))
                    }
                    _ => Value::Tuple(Arc::new([a, b])),
                }
            }
            // Rows of another width, numbers: the general rules.
            (Value::Pair(..) | Value::Tuple(_) | Value::Row(_), _) => Value::tuple(vec![a, b]),
            // Two numbers: a `Pair`, as `Value::tuple` makes it, without
            // the list (`pair` of two rows zips them into these).
            _ if a.number().is_some() => match (a.number(), b.number()) {
                (Some(x), Some(y)) => Value::Pair(x, y),
                _ => Value::tuple(vec![a, b]),
            },
            _ => Value::Tuple(Arc::new([a, b])),
        }
    }
    /// A frozenset of locations (sorts and removes duplicates).
    pub fn indices(locs: Vec<Loc>) -> Value {
        Value::Indices(sorted_unique_locs(locs).into())
    }
    /// A frozenset of cells (sorts and removes duplicates).
    pub fn object(cells: Vec<Cell>) -> Value {
        Value::Object(sorted_unique_cells(cells).into())
    }
    /// A frozenset of arbitrary values, in the canonical order and shape:
    /// all-location sets become `Indices`, all-cell sets become `Object`.
    pub fn set(items: Vec<Value>) -> Value {
        if !items.is_empty() {
            if let Some(locs) = items.iter().map(Value::loc).collect::<Option<Vec<_>>>() {
                return Value::indices(locs);
            }
            if let Some(cells) = items.iter().map(Value::cell).collect::<Option<Vec<_>>>() {
                return Value::object(cells);
            }
        }
        Value::Set(sorted_canonical(items).into())
    }
    /// `frozenset({item})`, in the shape [`Value::set`] gives, without a
    /// list to sort (closures build one per element through `initset`).
    pub fn singleton(item: Value) -> Value {
        if let Some(l) = item.loc() {
            Value::Indices(Arc::new([l]))
        } else if let Some(c) = item.cell() {
            Value::Object(Arc::new([c]))
        } else {
            Value::Set(Arc::new([item]))
        }
    }
    /// [`Value::set`] of elements already distinct and in the canonical
    /// order (checked in debug builds), in the same canonical shape.
    pub fn set_in_order(items: Vec<Value>) -> Value {
        debug_assert!(items.windows(2).all(|w| w[0] < w[1]), "not in order");
        if !items.is_empty() {
            // Locations and cells order as their tuples do.
            if let Some(locs) = items.iter().map(Value::loc).collect::<Option<Vec<_>>>() {
                return Value::Indices(locs.into());
            }
            if let Some(cells) = items.iter().map(Value::cell).collect::<Option<Vec<_>>>() {
                return Value::Object(cells.into());
            }
        }
        Value::Set(items.into())
    }
    pub fn empty_set() -> Value {
        Value::Set(Arc::from(Vec::new()))
    }
    pub fn empty_tuple() -> Value {
        Value::Tuple(Arc::from(Vec::new()))
    }
    pub fn func(f: Func) -> Value {
        Value::Func(Arc::new(f))
    }

    // ----- kind and shape ------------------------------------------------

    pub fn kind(&self) -> Kind {
        match self {
            Value::None => Kind::None,
            Value::Bool(_) | Value::Int(_) => Kind::Number,
            Value::Pair(..)
            | Value::Grid(_)
            | Value::Tuple(_)
            | Value::Cell(_)
            | Value::Row(_)
            | Value::Ragged(_) => Kind::Tuple,
            Value::Indices(_) | Value::Object(_) | Value::Set(_) => Kind::Set,
            Value::Func(_) => Kind::Func,
        }
    }
    /// Python `isinstance(x, tuple)`.
    pub fn is_tuple(&self) -> bool {
        self.kind() == Kind::Tuple
    }
    /// Python `isinstance(x, frozenset)`.
    pub fn is_set(&self) -> bool {
        self.kind() == Kind::Set
    }
    /// Python `isinstance(x, int)` (bools included).
    pub fn is_number(&self) -> bool {
        self.kind() == Kind::Number
    }

    /// The number in a `Bool` or `Int`.
    pub fn number(&self) -> Option<i64> {
        match self {
            Value::Bool(b) => Some(*b as i64),
            Value::Int(i) => Some(*i),
            _ => None,
        }
    }
    /// The number, or a type error naming `context`.
    pub fn as_int(&self, context: &'static str) -> Result<i64> {
        self.number().ok_or(Error::type_error(context))
    }
    /// A number that fits a colour.
    pub fn as_color(&self, context: &'static str) -> Result<Color> {
        let n = self.as_int(context)?;
        Color::try_from(n).map_err(|_| Error::unsupported(context))
    }
    /// A 2-tuple of numbers (any representation).
    /// Python's `a, b = x` followed by use as numbers: any container of two
    /// numbers (a frozenset unpacks in its iteration order).
    pub fn as_pair(&self, context: &'static str) -> Result<(i64, i64)> {
        match self {
            Value::Pair(a, b) => Ok((*a, *b)),
            v if v.is_tuple() || v.is_set() => {
                if v.len()? != 2 {
                    return Err(Error::value_error(context));
                }
                let e = v.elems_cow()?;
                match (e[0].number(), e[1].number()) {
                    (Some(a), Some(b)) => Ok((a, b)),
                    _ => Err(Error::type_error(context)),
                }
            }
            _ => Err(Error::type_error(context)),
        }
    }
    /// Python truthiness (`if x:`).
    pub fn truthy(&self) -> bool {
        match self {
            Value::None => false,
            Value::Bool(b) => *b,
            Value::Int(i) => *i != 0,
            Value::Func(_) => true,
            v => v.len().map_or(true, |n| n > 0),
        }
    }
    /// Python `len(x)`: the number of elements of a tuple or frozenset.
    pub fn len(&self) -> Result<usize> {
        Ok(match self {
            Value::Pair(..) | Value::Cell(_) => 2,
            Value::Grid(g) => g.height(),
            Value::Tuple(t) => t.len(),
            Value::Row(r) => r.len(),
            Value::Ragged(r) => r.height(),
            Value::Indices(s) => s.len(),
            Value::Object(s) => s.len(),
            Value::Set(s) => s.len(),
            _ => return Err(Error::type_error("len")),
        })
    }
    pub fn is_empty(&self) -> Result<bool> {
        Ok(self.len()? == 0)
    }

    /// A location as `Loc`, if this is a pair of numbers that fits.
    pub fn loc(&self) -> Option<Loc> {
        let (a, b) = self.as_pair("loc").ok()?;
        Some((i32::try_from(a).ok()?, i32::try_from(b).ok()?))
    }
    /// An object cell, if this is `(number, (number, number))` that fits.
    pub fn cell(&self) -> Option<Cell> {
        match self {
            Value::Cell(c) => Some(*c),
            Value::Tuple(t) if t.len() == 2 => {
                let color = Color::try_from(t[0].number()?).ok()?;
                Some(Cell {
                    color,
                    loc: t[1].loc()?,
                })
            }
            _ => None,
        }
    }

    // ----- element access ---------------------------------------------------

    /// Element `i` of a tuple (Python `t[i]`, non-negative `i`).
    pub fn tuple_get(&self, i: usize) -> Option<Value> {
        match self {
            Value::Pair(a, b) => match i {
                0 => Some(Value::Int(*a)),
                1 => Some(Value::Int(*b)),
                _ => None,
            },
            Value::Grid(g) => (i < g.height()).then(|| row_value(g.row(i))),
            Value::Tuple(t) => t.get(i).cloned(),
            Value::Row(r) => r.get(i).map(|&c| Value::Int(c as i64)),
            Value::Ragged(r) => (i < r.height()).then(|| row_value(r.row(i))),
            // The item itself, without the pair of items `cell_items` makes.
            Value::Cell(c) => match i {
                0 => Some(Value::Int(c.color as i64)),
                1 => Some(Value::Pair(c.loc.0 as i64, c.loc.1 as i64)),
                _ => None,
            },
            _ => None,
        }
    }

    /// The elements in Python iteration order (tuples in sequence, frozensets
    /// ascending). A type error for numbers, `None` and functions.
    pub fn elems(&self) -> Result<Vec<Value>> {
        Ok(match self {
            Value::Pair(a, b) => vec![Value::Int(*a), Value::Int(*b)],
            Value::Grid(g) => g.rows().map(row_value).collect(),
            Value::Tuple(t) => t.to_vec(),
            Value::Row(r) => r.iter().map(|&c| Value::Int(c as i64)).collect(),
            Value::Ragged(r) => r.rows().map(row_value).collect(),
            Value::Cell(c) => cell_items(c).to_vec(),
            Value::Indices(s) => s
                .iter()
                .map(|&(i, j)| Value::Pair(i as i64, j as i64))
                .collect(),
            Value::Object(s) => s.iter().map(cell_value).collect(),
            Value::Set(s) => s.to_vec(),
            _ => return Err(Error::type_error("iterate")),
        })
    }

    /// `f` folded over the items of a tuple of plain ints, in order: a
    /// `Pair`, or a `Tuple` whose items are all `Value::Int`. `None` for
    /// any other value, bools among the items included (`True` prints as
    /// `True`, so those keep the generic paths). A grid's rows, met one at
    /// a time where `apply` or `papply` iterates a grid, are such tuples;
    /// this is their path without a list of boxed items.
    pub fn fold_ints<A>(&self, init: A, mut f: impl FnMut(A, i64) -> A) -> Option<A> {
        match self {
            Value::Pair(a, b) => {
                let acc = f(init, *a);
                Some(f(acc, *b))
            }
            Value::Tuple(t) => {
                let mut acc = init;
                for e in t.iter() {
                    match e {
                        Value::Int(x) => acc = f(acc, *x),
                        _ => return None,
                    }
                }
                Some(acc)
            }
            Value::Row(r) => Some(r.iter().fold(init, |acc, &c| f(acc, c as i64))),
            _ => None,
        }
    }

    /// The elements of [`Value::elems`], made one at a time (none for a
    /// value that is no container): for readers that may stop early.
    fn each_elem(&self) -> Box<dyn Iterator<Item = Value> + '_> {
        match self {
            Value::Pair(a, b) => Box::new([Value::Int(*a), Value::Int(*b)].into_iter()),
            Value::Grid(g) => Box::new(g.rows().map(row_value)),
            Value::Tuple(t) => Box::new(t.iter().cloned()),
            Value::Row(r) => Box::new(r.iter().map(|&c| Value::Int(c as i64))),
            Value::Ragged(r) => Box::new(r.rows().map(row_value)),
            Value::Cell(c) => Box::new(cell_items(c).into_iter()),
            Value::Indices(s) => Box::new(s.iter().map(|&(i, j)| Value::Pair(i as i64, j as i64))),
            Value::Object(s) => Box::new(s.iter().map(cell_value)),
            Value::Set(s) => Box::new(s.iter().cloned()),
            _ => Box::new(std::iter::empty()),
        }
    }

    /// [`Value::elems`], borrowed where the value already holds its
    /// elements as values (tuples and generic frozensets): iterating
    /// those then costs no copies.
    pub fn elems_cow(&self) -> Result<Cow<'_, [Value]>> {
        match self {
            Value::Tuple(t) => Ok(Cow::Borrowed(&t[..])),
            Value::Set(s) => Ok(Cow::Borrowed(&s[..])),
            other => other.elems().map(Cow::Owned),
        }
    }

    /// Python `x in container`.
    pub fn contains(&self, x: &Value) -> Result<bool> {
        Ok(match self {
            Value::Indices(s) => match x.loc() {
                Some(l) => s.binary_search(&l).is_ok(),
                None => false,
            },
            Value::Object(s) => match x.cell() {
                Some(c) => s.binary_search(&c).is_ok(),
                None => false,
            },
            Value::Set(s) => s.binary_search(x).is_ok(),
            // A number among numbers (`x in interval(...)`, tested per
            // element by `sfilter`): compared as numbers (a bool is its
            // int; a number equals nothing else), without the generic
            // comparison of values.
            Value::Tuple(t) => match x.number() {
                Some(n) => t.iter().any(|e| e.number() == Some(n)),
                None => t.iter().any(|e| e == x),
            },
            // Only a number can equal an int.
            Value::Row(r) => x.number().is_some_and(|n| r.iter().any(|&c| c as i64 == n)),
            _ => self.elems()?.iter().any(|e| e == x),
        })
    }

    /// A grid view: a `Grid`, or a tuple of equal-length tuples of colours.
    pub fn as_grid(&self, context: &'static str) -> Result<Cow<'_, Grid>> {
        match self {
            Value::Grid(g) => Ok(Cow::Borrowed(g)),
            // Every cell a colour, the rows of two widths: what the ragged
            // tuple below ends in.
            Value::Ragged(_) => Err(Error::unsupported(context)),
            Value::Tuple(t) if t.windows(2).any(|w| w[0].len().ok() != w[1].len().ok()) => {
                // Rows of two lengths are no grid: the same errors, row by
                // row, as below, without copying any row (cross runs make
                // many such tuples, and every grid primitive asks first).
                for r in t.iter() {
                    match r {
                        Value::Grid(g) if g.height() > 0 => return Err(Error::type_error(context)),
                        r if r.is_tuple() => {
                            for v in r.elems_cow()?.iter() {
                                v.as_color(context)?;
                            }
                        }
                        _ => return Err(Error::type_error(context)),
                    }
                }
                Err(Error::unsupported(context))
            }
            Value::Tuple(t) => {
                let mut rows = Vec::with_capacity(t.len());
                for r in t.iter() {
                    let row = match r {
                        // A grid's elements are rows, not colours: a type
                        // error at its first row, found without copying it.
                        Value::Grid(g) if g.height() > 0 => return Err(Error::type_error(context)),
                        r if r.is_tuple() => r
                            .elems_cow()?
                            .iter()
                            .map(|v| v.as_color(context))
                            .collect::<Result<Vec<_>>>()?,
                        _ => return Err(Error::type_error(context)),
                    };
                    rows.push(row);
                }
                Grid::from_rows(&rows)
                    .map(Cow::Owned)
                    .ok_or(Error::unsupported(context))
            }
            _ => Err(Error::type_error(context)),
        }
    }

    /// The rows of a grid or of a ragged tuple of rows, as slices of
    /// colours (`None` for any other value).
    pub fn colour_rows(&self) -> Option<Vec<&[Color]>> {
        match self {
            Value::Grid(g) => Some(g.rows().collect()),
            Value::Ragged(r) => Some(r.rows().collect()),
            _ => None,
        }
    }

    /// A patch view: `Indices`, `Object`, or any container of locations or
    /// cells (converted to the set it denotes). An empty container is the
    /// empty patch.
    pub fn as_patch(&self, context: &'static str) -> Result<Patch<'_>> {
        match self {
            Value::Indices(s) => Ok(Patch::Indices(Cow::Borrowed(&s[..]))),
            Value::Object(s) => Ok(Patch::Object(Cow::Borrowed(&s[..]))),
            // A tuple of locations whose numbers are colours is a grid of
            // two columns: its rows are the locations, read in place.
            Value::Grid(g) if g.width() == 2 && g.height() > 0 => Ok(Patch::Indices(Cow::Owned(
                sorted_unique_locs(rows_as_locs(g)),
            ))),
            v if v.is_set() || v.is_tuple() => {
                let items = v.elems()?;
                if items.is_empty() {
                    return Ok(Patch::Indices(Cow::Owned(Vec::new())));
                }
                // A tuple may repeat locations many times (`mapply` of
                // boxes or lines over a tuple): the bitmap where dense.
                if let Some(l) = items.iter().map(Value::loc).collect::<Option<Vec<_>>>() {
                    return Ok(Patch::Indices(Cow::Owned(sorted_unique_locs(l))));
                }
                if let Some(c) = items.iter().map(Value::cell).collect::<Option<Vec<_>>>() {
                    return Ok(Patch::Object(Cow::Owned(sorted_unique_cells(c))));
                }
                Err(Error::type_error(context))
            }
            _ => Err(Error::type_error(context)),
        }
    }

    pub fn as_func(&self, context: &'static str) -> Result<&Func> {
        match self {
            Value::Func(f) => Ok(f),
            _ => Err(Error::type_error(context)),
        }
    }

    /// Build a container of the same Python type as `self` (tuple or
    /// frozenset) from `items`: Python's `type(container)(...)`.
    pub fn same_container(&self, items: Vec<Value>) -> Result<Value> {
        match self.kind() {
            Kind::Tuple => Ok(Value::tuple(items)),
            Kind::Set => Ok(Value::set(items)),
            _ => Err(Error::type_error("container")),
        }
    }
}

/// The cell that the tuple `(a, b)` is, if it is `(int colour, (i, j))`.
/// A `bool` colour stays a boxed tuple: it prints as `True`.
fn unboxed_cell(a: &Value, b: &Value) -> Option<Cell> {
    match (a, b) {
        (Value::Int(c), Value::Pair(i, j)) => Some(Cell {
            color: Color::try_from(*c).ok()?,
            loc: (i32::try_from(*i).ok()?, i32::try_from(*j).ok()?),
        }),
        _ => None,
    }
}

/// The grid that a non-empty tuple of equal-length, non-empty tuples of
/// colours denotes, if it is one.
fn grid_from_rows(items: &[Value]) -> Option<Grid> {
    let width = match items.first()? {
        Value::Pair(..) => 2,
        Value::Tuple(t) => t.len(),
        Value::Row(r) => r.len(),
        _ => return None,
    };
    if width == 0 {
        return None;
    }
    // Rows of two lengths (ragged tuples, common in cross runs) are found
    // before any cell is converted.
    let row_width = |row: &Value| match row {
        Value::Pair(..) => Some(2),
        Value::Tuple(t) => Some(t.len()),
        Value::Row(r) => Some(r.len()),
        _ => None,
    };
    if items.iter().any(|row| row_width(row) != Some(width)) {
        return None;
    }
    // Written into the grid itself (dropped if a cell is no colour).
    let mut grid = Grid::filled(items.len(), width, 0);
    for (row, out) in items.iter().zip(grid.cells_mut().chunks_exact_mut(width)) {
        match row {
            Value::Pair(a, b) => {
                out[0] = Color::try_from(*a).ok()?;
                out[1] = Color::try_from(*b).ok()?;
            }
            Value::Tuple(t) => {
                for (o, v) in out.iter_mut().zip(t.iter()) {
                    *o = Color::try_from(v.number()?).ok()?;
                }
            }
            Value::Row(r) => out.copy_from_slice(r),
            _ => return None,
        }
    }
    Some(grid)
}

/// The rows of a grid of two columns as locations, in order: the tuple of
/// locations that the grid is.
pub fn rows_as_locs(g: &Grid) -> Vec<Loc> {
    debug_assert_eq!(g.width(), 2);
    g.cells()
        .chunks_exact(2)
        .map(|r| (i32::from(r[0]), i32::from(r[1])))
        .collect()
}

/// The tuple of `locs` in order, as [`Value::tuple`] of their pairs makes
/// it (a grid of two columns where every number is a colour), without a
/// `Value` per location: what `merge` of a tuple of indices gives.
pub fn tuple_of_locs(locs: &[Loc]) -> Value {
    if locs.len() <= 2 {
        let pairs = locs
            .iter()
            .map(|&(i, j)| Value::Pair(i as i64, j as i64))
            .collect();
        return Value::tuple(pairs);
    }
    let colour = |x: i32| Color::try_from(x).is_ok();
    if locs.iter().all(|&(i, j)| colour(i) && colour(j)) {
        let mut grid = Grid::filled(locs.len(), 2, 0);
        for (out, &(i, j)) in grid.cells_mut().chunks_exact_mut(2).zip(locs) {
            out.copy_from_slice(&[i as Color, j as Color]);
        }
        Value::grid(grid)
    } else {
        Value::Tuple(
            locs.iter()
                .map(|&(i, j)| Value::Pair(i as i64, j as i64))
                .collect(),
        )
    }
}

/// A grid row as a value (a tuple of ints; two of them are a `Pair`), in
/// one allocation at most.
pub fn row_value(row: &[Color]) -> Value {
    match row {
        [a, b] => Value::Pair(*a as i64, *b as i64),
        [] => Value::empty_tuple(),
        // Not two numbers, and no row of numbers is a grid.
        _ => Value::Row(row.into()),
    }
}

/// The colours of a list of ints that [`Value::Row`] holds: one item, or
/// three or more, every one a `Value::Int` (a bool prints as `True`) that
/// fits a colour.
fn row_of_ints(items: &[Value]) -> Option<Arc<[Color]>> {
    if items.is_empty() || items.len() == 2 {
        return None;
    }
    items
        .iter()
        .map(|v| match v {
            Value::Int(i) => Color::try_from(*i).ok(),
            _ => None,
        })
        .collect()
}

/// The items of the tuple `(color, (i, j))` that a cell is.
fn cell_items(c: &Cell) -> [Value; 2] {
    [
        Value::Int(c.color as i64),
        Value::Pair(c.loc.0 as i64, c.loc.1 as i64),
    ]
}

/// An object cell as a value, the tuple `(color, (i, j))`, unboxed.
pub fn cell_value(c: &Cell) -> Value {
    Value::Cell(*c)
}

// ----- equality, order, hashing: by value --------------------------------

fn cmp_seq(a: &Value, b: &Value) -> Ordering {
    let (la, lb) = (a.len().unwrap_or(0), b.len().unwrap_or(0));
    for i in 0..la.min(lb) {
        match (a.tuple_get(i), b.tuple_get(i)) {
            (Some(x), Some(y)) => match x.cmp(&y) {
                Ordering::Equal => {}
                o => return o,
            },
            _ => break,
        }
    }
    la.cmp(&lb)
}

fn cmp_sets(a: &Value, b: &Value) -> Ordering {
    let (ea, eb) = (a.elems().unwrap_or_default(), b.elems().unwrap_or_default());
    ea.cmp(&eb)
}

impl Ord for Value {
    fn cmp(&self, other: &Value) -> Ordering {
        use Value::*;
        let (ka, kb) = (self.kind(), other.kind());
        if ka != kb {
            return ka.cmp(&kb);
        }
        match (self, other) {
            (None, None) => Ordering::Equal,
            (Pair(a, b), Pair(c, d)) => (a, b).cmp(&(c, d)),
            (Grid(a), Grid(b)) => a.python_cmp(b),
            (Tuple(a), Tuple(b)) => a.iter().cmp(b.iter()),
            // Colours order as the ints they are.
            (Row(a), Row(b)) => a.cmp(b),
            // Row by row, each as its tuple of ints; then the row counts.
            (Ragged(a), Ragged(b)) => a.rows().cmp(b.rows()),
            // The derived order of cells is their tuples' order.
            (Cell(a), Cell(b)) => a.cmp(b),
            (Indices(a), Indices(b)) => a.cmp(b),
            (Object(a), Object(b)) => a.cmp(b),
            (Set(a), Set(b)) => a.iter().cmp(b.iter()),
            (Func(a), Func(b)) => a.cmp(b),
            _ => match ka {
                Kind::Number => self.number().cmp(&other.number()),
                Kind::Tuple => cmp_seq(self, other),
                _ => cmp_sets(self, other),
            },
        }
    }
}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Value) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Value {}

impl Hash for Value {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // Hash the logical structure so that equal values of different
        // representations hash alike.
        let kind = self.kind();
        kind.hash(state);
        match self {
            Value::None => {}
            Value::Func(f) => f.hash(state),
            v => match kind {
                Kind::Number => v.number().hash(state),
                _ => {
                    let items = v.elems().unwrap_or_default();
                    items.len().hash(state);
                    for e in &items {
                        e.hash(state);
                    }
                }
            },
        }
    }
}

// ----- printing: Python's repr ----------------------------------------------

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::None => write!(f, "None"),
            Value::Bool(true) => write!(f, "True"),
            Value::Bool(false) => write!(f, "False"),
            Value::Int(i) => fmt::Display::fmt(i, f),
            Value::Func(func) => write!(f, "{func}"),
            // Elements are made one at a time: a writer that takes only a
            // prefix (the driver's repr of a non-grid output) stops the
            // formatting, and the rest is never built (the rows of a
            // ragged 30x30 tuple were 27,000 instructions per output).
            v if v.is_tuple() => {
                write!(f, "(")?;
                let mut n = 0;
                for e in v.each_elem() {
                    if n > 0 {
                        f.write_str(", ")?;
                    }
                    fmt::Display::fmt(&e, f)?;
                    n += 1;
                }
                if n == 1 {
                    write!(f, ",")?;
                }
                write!(f, ")")
            }
            v => {
                let mut items = v.each_elem().peekable();
                if items.peek().is_none() {
                    return write!(f, "frozenset()");
                }
                write!(f, "frozenset({{")?;
                for (k, e) in items.enumerate() {
                    if k > 0 {
                        f.write_str(", ")?;
                    }
                    fmt::Display::fmt(&e, f)?;
                }
                write!(f, "}})")
            }
        }
    }
}

impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

// ----- conversions used by tests and the driver -------------------------------

impl From<i64> for Value {
    fn from(i: i64) -> Value {
        Value::Int(i)
    }
}

impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::Bool(b)
    }
}

impl From<Grid> for Value {
    fn from(g: Grid) -> Value {
        Value::grid(g)
    }
}

/// Build a grid value from nested arrays: `grid(&[[0, 1], [1, 0]])`.
pub fn grid_of<const W: usize>(rows: &[[Color; W]]) -> Value {
    let rows: Vec<Vec<Color>> = rows.iter().map(|r| r.to_vec()).collect();
    Value::grid(Grid::from_rows(&rows).expect("rectangular"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Value::set(items)` is the items sorted and deduplicated in the
    /// plain value order (the empty set where there are none).
    fn assert_set_orders_as_values_do(items: Vec<Value>) {
        let mut want = items.clone();
        want.sort();
        want.dedup();
        match Value::set(items) {
            Value::Set(got) => assert_eq!(&got[..], &want[..]),
            other => assert!(want.is_empty() && other == Value::empty_set()),
        }
    }

    /// A small deterministic generator: `next(m)` is in `0..m`.
    fn lcg(mut seed: u64) -> impl FnMut(u64) -> u64 {
        move |m| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % m
        }
    }

    /// Sets of patches with empty ones and duplicates among them (what
    /// `prapply(connect, x, x)` gives) come out in the order and with the
    /// dedupe of the plain comparison of values.
    #[test]
    fn sets_of_patches_sort_as_values_do() {
        let mut next = lcg(99);
        for case in 0..300 {
            let n = next(40) as usize;
            let items: Vec<Value> = (0..n)
                .map(|_| {
                    let len = if next(3) == 0 { 0 } else { next(4) as usize };
                    let locs: Vec<Loc> =
                        (0..len).map(|_| (next(3) as i32, next(3) as i32)).collect();
                    if case % 2 == 0 {
                        Value::indices(locs)
                    } else {
                        let cells = locs.iter().map(|&(i, j)| Cell::new(1, i, j)).collect();
                        Value::object(cells)
                    }
                })
                .collect();
            assert_set_orders_as_values_do(items);
        }
    }

    /// Sets of ints (sorted as bare ints, in place or copied out) order
    /// as `Value::cmp` orders them; a bool among them takes the general way.
    #[test]
    fn sets_of_ints_sort_as_values_do() {
        let mut next = lcg(7);
        for case in 0..200 {
            let n = next(80) as usize;
            let mut items: Vec<Value> = (0..n)
                .map(|_| Value::Int(next(50) as i64 - 25 + i64::from(case % 7 == 0) * i64::MAX / 2))
                .collect();
            if case % 5 == 0 && n > 0 {
                items[0] = Value::Bool(true);
            }
            assert_set_orders_as_values_do(items);
        }
    }

    /// A tuple of locations built without a `Value` per location is the
    /// value `Value::tuple` makes of their pairs, and reads back as the
    /// same patch (a grid of two columns where the numbers are colours).
    #[test]
    fn tuples_of_locations_are_the_tuples_of_their_pairs() {
        let mut next = lcg(3);
        for case in 0..200 {
            let n = next(12) as usize;
            let far = if case % 4 == 0 { 300 } else { 0 };
            let locs: Vec<Loc> = (0..n)
                .map(|_| (next(9) as i32 - 2 + far, next(9) as i32 - 2))
                .collect();
            let pairs = locs
                .iter()
                .map(|&(i, j)| Value::Pair(i as i64, j as i64))
                .collect();
            let want = Value::tuple(pairs);
            let got = tuple_of_locs(&locs);
            assert_eq!(got, want);
            assert_eq!(format!("{got:?}"), format!("{want:?}"));
            if n > 0 {
                let read = |v: &Value| v.as_patch("test").map(|p| p.locs().into_owned());
                assert_eq!(read(&got).ok(), Some(sorted_unique_locs(locs.clone())));
            }
        }
    }

    /// The bitmap unions give exactly the sorted, deduplicated lists, on
    /// dense and sparse inputs, boxes wider than a word and negative
    /// locations (shoot lines leave the grid).
    #[test]
    fn bitmap_unions_equal_sorting() {
        let mut seed = 12345u64;
        let mut next = move |m: i32| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((seed >> 33) % m as u64) as i32
        };
        for case in 0..400 {
            let n = 1 + next(300) as usize;
            let (h, w) = (1 + next(90), 1 + next(if case % 2 == 0 { 20 } else { 200 }));
            let locs: Vec<Loc> = (0..n).map(|_| (next(h) - 42, next(w) - 42)).collect();
            let mut want = locs.clone();
            want.sort();
            want.dedup();
            assert_eq!(sorted_unique_locs(locs.clone()), want);
            // The same locations as sorted sets of random sizes, unioned.
            let mut sets: Vec<Vec<Loc>> = Vec::new();
            let mut rest = &locs[..];
            while !rest.is_empty() {
                let k = 1 + next(rest.len() as i32) as usize;
                let mut set = rest[..k].to_vec();
                set.sort();
                set.dedup();
                sets.push(set);
                rest = &rest[k..];
            }
            let slices: Vec<&[Loc]> = sets.iter().map(|s| &s[..]).collect();
            assert_eq!(union_locs(&slices), want);
            let cells: Vec<Cell> = locs
                .iter()
                .map(|&(i, j)| Cell::new(next(3) as Color - 1, i, j))
                .collect();
            let mut want = cells.clone();
            want.sort();
            want.dedup();
            assert_eq!(sorted_unique_cells(cells), want);
        }
    }

    #[test]
    fn bool_is_int() {
        assert_eq!(Value::Bool(true), Value::Int(1));
        let s = Value::set(vec![Value::Bool(true), Value::Int(1)]);
        assert_eq!(s.len().unwrap(), 1);
    }

    fn hash_of(v: &Value) -> u64 {
        let mut s = std::collections::hash_map::DefaultHasher::new();
        v.hash(&mut s);
        s.finish()
    }

    #[test]
    fn grid_equals_tuple_of_tuples() {
        let g = grid_of(&[[1, 2], [3, 4]]);
        let t = Value::tuple(vec![
            Value::tuple(vec![1.into(), 2.into()]),
            Value::tuple(vec![3.into(), 4.into()]),
        ]);
        assert_eq!(g, t);
        assert_eq!(hash_of(&g), hash_of(&t));
    }

    #[test]
    fn set_order_numbers_tuples_sets() {
        let s = Value::set(vec![
            Value::empty_set(),
            Value::pair(0, 0),
            Value::Int(5),
            Value::Int(-1),
        ]);
        let e = s.elems().unwrap();
        assert_eq!(e[0], Value::Int(-1));
        assert_eq!(e[1], Value::Int(5));
        assert_eq!(e[2], Value::pair(0, 0));
        assert_eq!(e[3], Value::empty_set());
    }

    #[test]
    fn object_and_generic_set_agree() {
        let o = Value::object(vec![Cell::new(2, 0, 1), Cell::new(1, 5, 5)]);
        let g = Value::Set(Arc::from(vec![
            cell_value(&Cell::new(1, 5, 5)),
            cell_value(&Cell::new(2, 0, 1)),
        ]));
        assert_eq!(o, g);
        assert_eq!(o.to_string(), "frozenset({(1, (5, 5)), (2, (0, 1))})");
    }

    /// An unboxed cell is the tuple `(color, (i, j))` in every respect:
    /// equality, order against other tuples, hash, repr, length and items;
    /// a `bool` colour stays boxed, since it prints as `True`.
    #[test]
    fn unboxed_cells_are_their_tuples() {
        let cell = cell_value(&Cell::new(3, -1, 7));
        let boxed = Value::Tuple(Arc::new([Value::Int(3), Value::pair(-1, 7)]));
        assert!(matches!(cell, Value::Cell(_)));
        assert_eq!(Value::tuple(vec![Value::Int(3), Value::pair(-1, 7)]), cell);
        assert!(matches!(
            Value::tuple2(Value::Int(3), Value::pair(-1, 7)),
            Value::Cell(_)
        ));
        assert_eq!(cell, boxed);
        assert_eq!(hash_of(&cell), hash_of(&boxed));
        assert_eq!(cell.to_string(), "(3, (-1, 7))");
        assert_eq!(cell.len().unwrap(), 2);
        assert_eq!(cell.elems().unwrap(), boxed.elems().unwrap());
        let others = [
            Value::Tuple(Arc::new([Value::Int(3), Value::pair(-1, 8)])),
            Value::Tuple(Arc::new([Value::Int(2), Value::pair(9, 9)])),
            Value::Tuple(Arc::new([Value::Int(3)])),
            Value::pair(3, 0),
            cell_value(&Cell::new(3, -1, 6)),
        ];
        for o in &others {
            assert_eq!(cell.cmp(o), boxed.cmp(o), "{o}");
            assert_eq!(o.cmp(&cell), o.cmp(&boxed), "{o}");
        }
        let flag = Value::tuple(vec![Value::Bool(true), Value::pair(0, 0)]);
        assert!(matches!(flag, Value::Tuple(_)));
        assert_eq!(flag.to_string(), "(True, (0, 0))");
        assert_eq!(flag, cell_value(&Cell::new(1, 0, 0)));
    }

    /// A row of colours held as bytes is the tuple of ints it stands for:
    /// equality, order against other tuples, hash, repr, length, items and
    /// membership; bools, ints beyond a colour and two numbers keep their
    /// own forms, and rows of one width still make a grid.
    #[test]
    fn rows_of_colours_are_their_tuples() {
        let ints = |xs: &[i64]| xs.iter().map(|&x| Value::Int(x)).collect::<Vec<_>>();
        let row = Value::tuple(ints(&[3, -1, 127]));
        let boxed = Value::Tuple(Arc::from(ints(&[3, -1, 127])));
        assert!(matches!(row, Value::Row(_)));
        assert!(matches!(row_value(&[3, -1, 127]), Value::Row(_)));
        assert!(matches!(Value::tuple(ints(&[7])), Value::Row(_)));
        assert_eq!(row, boxed);
        assert_eq!(hash_of(&row), hash_of(&boxed));
        assert_eq!(row.to_string(), "(3, -1, 127)");
        assert_eq!(Value::tuple(ints(&[7])).to_string(), "(7,)");
        assert_eq!(row.len().unwrap(), 3);
        assert_eq!(row.elems().unwrap(), boxed.elems().unwrap());
        assert_eq!(row.tuple_get(1), Some(Value::Int(-1)));
        assert!(row.contains(&Value::Int(127)).unwrap());
        assert!(!row.contains(&Value::pair(3, -1)).unwrap());
        let others = [
            Value::Tuple(Arc::from(ints(&[3, -1, 128]))),
            Value::tuple(ints(&[3, -1])),
            Value::tuple(ints(&[3, -1, 127, 0])),
            Value::tuple(ints(&[3, 0, 0])),
            Value::tuple(ints(&[2, 9, 9, 9])),
            Value::tuple(ints(&[3])),
            Value::tuple(vec![Value::Bool(true), Value::Int(2), Value::Int(3)]),
            grid_of(&[[3, 4], [5, 6]]),
        ];
        for o in &others {
            assert_eq!(row.cmp(o), boxed.cmp(o), "{o}");
            assert_eq!(o.cmp(&row), o.cmp(&boxed), "{o}");
        }
        let flag = Value::tuple(vec![Value::Bool(true), Value::Int(2), Value::Int(3)]);
        assert!(matches!(flag, Value::Tuple(_)));
        assert_eq!(flag.to_string(), "(True, 2, 3)");
        assert!(matches!(Value::tuple(ints(&[1, 200, 3])), Value::Tuple(_)));
        assert!(matches!(Value::tuple(ints(&[1, 2])), Value::Pair(1, 2)));
        let rows = Value::tuple(vec![row.clone(), Value::tuple(ints(&[0, 1, 2]))]);
        assert!(matches!(rows, Value::Grid(_)));
        assert_eq!(rows.to_string(), "((3, -1, 127), (0, 1, 2))");
        let ragged = Value::tuple(vec![row.clone(), Value::tuple(ints(&[0]))]);
        assert!(matches!(ragged, Value::Ragged(_)));
        assert_eq!(ragged.to_string(), "((3, -1, 127), (0,))");
    }

    /// Rows of colours of two widths held as one buffer are the tuple of
    /// rows they stand for: equality and order against other tuples, hash,
    /// repr, length, items, membership; rows of one width still make a
    /// grid, and a row of a bool or of a number beyond a colour keeps the
    /// boxed tuple.
    #[test]
    fn ragged_rows_are_their_tuples() {
        let ints = |xs: &[i64]| Value::Tuple(xs.iter().map(|&x| Value::Int(x)).collect());
        let rows = [ints(&[3, -1, 127]), ints(&[0, 1]), ints(&[]), ints(&[9])];
        let boxed = Value::Tuple(Arc::from(rows.to_vec()));
        let ragged = Value::tuple(
            rows.iter()
                .map(|r| Value::tuple(r.elems().unwrap()))
                .collect(),
        );
        assert!(matches!(ragged, Value::Ragged(_)));
        assert_eq!(ragged, boxed);
        assert_eq!(hash_of(&ragged), hash_of(&boxed));
        assert_eq!(ragged.to_string(), "((3, -1, 127), (0, 1), (), (9,))");
        assert_eq!(ragged.to_string(), boxed.to_string());
        assert_eq!(ragged.len().unwrap(), 4);
        assert_eq!(ragged.elems().unwrap(), boxed.elems().unwrap());
        assert_eq!(ragged.tuple_get(1), Some(Value::pair(0, 1)));
        assert_eq!(ragged.tuple_get(4), None);
        assert!(ragged.contains(&ints(&[9])).unwrap());
        assert!(!ragged.contains(&Value::Int(9)).unwrap());
        let others = [
            Value::tuple(vec![ints(&[3, -1, 127]), ints(&[0, 2])]),
            Value::tuple(vec![ints(&[3, -1, 127]), ints(&[0, 1]), ints(&[])]),
            Value::tuple(vec![
                ints(&[3, -1, 127]),
                ints(&[0, 1]),
                ints(&[]),
                ints(&[9, 0]),
            ]),
            Value::tuple(vec![ints(&[3, -1, 126]), ints(&[0, 1, 5])]),
            Value::tuple(vec![
                ints(&[3, -1, 127]),
                ints(&[0, 1]),
                ints(&[]),
                ints(&[9]),
            ]),
            ints(&[3, -1, 127]),
            grid_of(&[[3, 4], [5, 6]]),
        ];
        for o in &others {
            assert_eq!(ragged.cmp(o), boxed.cmp(o), "{o}");
            assert_eq!(o.cmp(&ragged), o.cmp(&boxed), "{o}");
        }
        // Order among ragged tuples: row by row, each row as its ints.
        let mut sorted = others.to_vec();
        sorted.sort();
        let mut boxed_sorted: Vec<Value> = others
            .iter()
            .map(|o| match o {
                Value::Ragged(_) => Value::Tuple(Arc::from(o.elems().unwrap())),
                o => o.clone(),
            })
            .collect();
        boxed_sorted.sort();
        let reprs = |v: &[Value]| v.iter().map(Value::to_string).collect::<Vec<_>>();
        assert_eq!(reprs(&sorted), reprs(&boxed_sorted));
        let even = Value::tuple(vec![ints(&[1, 2, 3]), ints(&[4, 5, 6])]);
        assert!(matches!(even, Value::Grid(_)));
        let flag = Value::tuple(vec![
            ints(&[1, 2, 3]),
            Value::Tuple(Arc::new([Value::Bool(true)])),
        ]);
        assert!(matches!(flag, Value::Tuple(_)));
        assert_eq!(flag.to_string(), "((1, 2, 3), (True,))");
        let wide = Value::tuple(vec![ints(&[1, 2, 3]), ints(&[200])]);
        assert!(matches!(wide, Value::Tuple(_)));
        assert_eq!(wide.to_string(), "((1, 2, 3), (200,))");
    }

    #[test]
    fn repr() {
        assert_eq!(Value::tuple(vec![Value::Int(3)]).to_string(), "(3,)");
        assert_eq!(Value::empty_set().to_string(), "frozenset()");
        assert_eq!(Value::Bool(false).to_string(), "False");
    }
}
