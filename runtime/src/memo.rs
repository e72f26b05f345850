//! Memoised calls of the function values a plan built.
//!
//! Higher-order primitives nest, and the nested calls repeat. In
//! `solve_d22278a0`, `mapply` runs a function per object that runs
//! `sfilter` over every cell of the grid with a function that runs
//! `argmin` and `valmin` over all objects: objects x cells x objects
//! distance computations, where only cells x objects are distinct. The
//! reference recomputes every one of them (this program alone was 94% of
//! `solvers.py`'s cross run over every 10th training task). Primitives are pure, so a function value's
//! result for an argument can be kept and reused within one evaluation.
//!
//! What is memoised: a one-argument function value that
//! - is reachable from the function a higher-order primitive received
//!   while no other prepared function ([`Callable`]) was alive, so the
//!   plan, not a call, built it (the next call meets the same value again);
//! - is not that function itself (a primitive calls it on distinct
//!   elements);
//! - unfolds to enough primitive calls (a [`weight`] of [`MEMO_WEIGHT`]),
//!   or loops over a container, so that a lookup costs less than a call;
//! - is being prepared for the second time or later in the evaluation
//!   (a higher-order call that runs inside a loop): a function prepared
//!   once is called on the distinct elements of one container, where a
//!   memo only costs (the bundled corpus has no hit at all).
//!
//! Keys compare numbers by value and shared data (grids, sets, functions)
//! by identity; the table holds a clone of every key, so an address cannot
//! be reused while it is a key, and a hit is exactly what the call would
//! return. Only successes are kept: an error (a timeout above all) is
//! recomputed. The table lives for one guarded evaluation
//! ([`crate::plan::guarded`] calls [`begin`]) and is emptied when it grows
//! past [`MAX_ENTRIES`].
//!
//! [`Callable`]: crate::functions::Callable

use std::cell::{Cell, RefCell};
use std::hash::{BuildHasher, Hash, Hasher};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

use hashbrown::{DefaultHashBuilder, Equivalent, HashMap, HashTable};
use smallvec::{smallvec, SmallVec};

use crate::functions::Func;
use crate::signatures::{Prim, Type, PRIMITIVES};
use crate::values::Value;

/// The weight from which a function value is memoised: about as many
/// primitive calls as a lookup and an insertion cost.
pub const MEMO_WEIGHT: u32 = 8;
/// The weight of a primitive that loops over a container with a function.
const LOOP_WEIGHT: u32 = 8;
/// Entries beyond which the table starts over (each holds two values).
pub const MAX_ENTRIES: usize = 1 << 18;
/// Tuples up to this length are keyed by their elements; longer ones by
/// identity.
const SHORT_TUPLE: usize = 8;

/// A function value's identity: the address of its shared closure.
fn identity(f: &Value) -> Option<usize> {
    match f {
        Value::Func(func) => Some(Arc::as_ptr(func) as usize),
        _ => None,
    }
}

/// Whether a primitive calls a function over the elements of a container
/// (`apply`, `sfilter`, `argmin`, ...; not the closure builders): read
/// off the signature table once, as every prepared function asks.
fn loops(p: Prim) -> bool {
    static LOOPS: OnceLock<Vec<bool>> = OnceLock::new();
    LOOPS.get_or_init(|| {
        PRIMITIVES
            .iter()
            .map(|s| {
                s.params.iter().any(|q| q.ty == Type::Callable)
                    && s.params.iter().any(|q| {
                        matches!(
                            q.ty,
                            Type::Container
                                | Type::ContainerContainer
                                | Type::Tuple
                                | Type::FrozenSet
                        )
                    })
            })
            .collect()
    })[p as usize]
}

/// An estimate of what one call of `f` costs, in primitive calls.
pub fn weight(f: &Value) -> u32 {
    weight_up_to(f, u32::MAX)
}

/// Whether one call of `f` costs more than `limit` primitive calls
/// (`weight(f) > limit`), walking `f` only until its weight passes the
/// limit: a full walk without the chooser's table of weighed parts goes
/// down every shared closure again, and it ran on every preparation (a
/// fifth of `solve_b775ac94`, whose functions share deep closures).
fn heavier_than(f: &Value, limit: u32) -> bool {
    weight_up_to(f, limit + 1) > limit
}

/// The weight rule of one function: its own cost, the functions it calls
/// (in the order they are weighed), and how many times it calls them (a
/// power calls its function `n` times). Its weight is `times x (own + the
/// parts' weights)`.
fn rule(func: &Func) -> (u32, SmallVec<[&Value; 3]>, u32) {
    match func {
        Func::Prim(p) => (1 + if loops(*p) { LOOP_WEIGHT } else { 0 }, smallvec![], 1),
        // A fixed function is called by `f` (`lbind(apply, g)`); a fixed
        // value is data.
        Func::Bind { f, fixed, .. } => match fixed {
            Value::Func(_) => (0, smallvec![fixed, f], 1),
            _ => (0, smallvec![f], 1),
        },
        Func::Compose(a, b) => (0, smallvec![a, b], 1),
        Func::Chain(a, b, c) | Func::Fork(a, b, c) => (0, smallvec![a, b, c], 1),
        Func::Matcher(g, _) => (1, smallvec![g], 1),
        Func::Power(g, n) => (0, smallvec![g], (*n).clamp(1, 64) as u32),
    }
}

/// `min(weight(f), cap)`, stopping as soon as the parts reach `cap`
/// (weights only add up, and a power multiplies by at least one).
fn weight_up_to(f: &Value, cap: u32) -> u32 {
    let Value::Func(func) = f else {
        return 1.min(cap);
    };
    let (own, parts, times) = rule(func);
    let mut w = own.min(cap);
    for g in parts {
        if w >= cap {
            break;
        }
        w = w.saturating_add(weight_up_to(g, cap - w)).min(cap);
    }
    w.saturating_mul(times).min(cap)
}

/// The functions chosen while weighing, and the weights of those weighed.
struct Chooser<'a> {
    chosen: &'a mut HashMap<usize, (Value, u32)>,
    weighed: HashMap<usize, u32>,
}

/// [`weight`], bottom-up, every heavy one-argument function inside `f`
/// (not `f`) chosen on the way; a closure shared by several parts is
/// weighed once.
fn weigh(f: &Value, chooser: &mut Chooser) -> u32 {
    let Value::Func(func) = f else { return 1 };
    let id = Arc::as_ptr(func) as usize;
    if let Some(&w) = chooser.weighed.get(&id) {
        return w;
    }
    let (own, parts, times) = rule(func);
    let mut w = own;
    for g in parts {
        let part = weigh(g, chooser);
        if let Some(gid) = identity(g) {
            if part >= MEMO_WEIGHT && takes_one(g) && !chooser.chosen.contains_key(&gid) {
                chooser.chosen.insert(gid, (g.clone(), 0));
            }
        }
        w = w.saturating_add(part);
    }
    let w = w.saturating_mul(times);
    chooser.weighed.insert(id, w);
    w
}

/// Hash `v` as [`same`] compares it.
fn hash_shallow<H: Hasher>(v: &Value, h: &mut H) {
    std::mem::discriminant(v).hash(h);
    match v {
        Value::None => {}
        Value::Bool(b) => b.hash(h),
        Value::Int(n) => n.hash(h),
        Value::Pair(a, b) => (a, b).hash(h),
        Value::Cell(c) => c.hash(h),
        Value::Tuple(t) if t.len() <= SHORT_TUPLE => {
            t.len().hash(h);
            t.iter().for_each(|e| hash_shallow(e, h));
        }
        Value::Tuple(t) => (Arc::as_ptr(t) as *const u8 as usize).hash(h),
        Value::Row(r) => r.hash(h),
        Value::Ragged(r) => r.hash(h),
        Value::Grid(g) => (g.as_ptr() as usize).hash(h),
        Value::Indices(s) => (Arc::as_ptr(s) as *const u8 as usize).hash(h),
        Value::Object(s) => (Arc::as_ptr(s) as *const u8 as usize).hash(h),
        Value::Set(s) => (Arc::as_ptr(s) as *const u8 as usize).hash(h),
        Value::Func(f) => (Arc::as_ptr(f) as usize).hash(h),
    }
}

/// Equal as keys: the same variant with the same numbers, the same shared
/// data, or short tuples of such. It implies equality of values (and of
/// kinds: `True` and `1` are different keys, as their reprs differ).
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::None, Value::None) => true,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::Int(x), Value::Int(y)) => x == y,
        (Value::Pair(a0, a1), Value::Pair(b0, b1)) => a0 == b0 && a1 == b1,
        (Value::Cell(x), Value::Cell(y)) => x == y,
        (Value::Tuple(x), Value::Tuple(y)) if x.len() <= SHORT_TUPLE => {
            x.len() == y.len() && x.iter().zip(y.iter()).all(|(p, q)| same(p, q))
        }
        (Value::Tuple(x), Value::Tuple(y)) => Arc::ptr_eq(x, y),
        // Colours: compared in full, as cheaply as numbers (rows of two
        // widths too: a few hundred bytes at most).
        (Value::Row(x), Value::Row(y)) => x == y,
        (Value::Ragged(x), Value::Ragged(y)) => x == y,
        (Value::Grid(x), Value::Grid(y)) => crate::Grid::ptr_eq(x, y),
        (Value::Indices(x), Value::Indices(y)) => Arc::ptr_eq(x, y),
        (Value::Object(x), Value::Object(y)) => Arc::ptr_eq(x, y),
        (Value::Set(x), Value::Set(y)) => Arc::ptr_eq(x, y),
        (Value::Func(x), Value::Func(y)) => Arc::ptr_eq(x, y),
        _ => false,
    }
}

/// A value compared as a memo key ([`same`]).
struct Shallow(Value);

/// A borrowed value to look up as a [`Shallow`] key.
struct ShallowRef<'a>(&'a Value);

impl Hash for Shallow {
    fn hash<H: Hasher>(&self, h: &mut H) {
        hash_shallow(&self.0, h);
    }
}

impl Hash for ShallowRef<'_> {
    fn hash<H: Hasher>(&self, h: &mut H) {
        hash_shallow(self.0, h);
    }
}

impl PartialEq for Shallow {
    fn eq(&self, other: &Shallow) -> bool {
        same(&self.0, &other.0)
    }
}

impl Eq for Shallow {}

impl Equivalent<Shallow> for ShallowRef<'_> {
    fn equivalent(&self, key: &Shallow) -> bool {
        same(self.0, &key.0)
    }
}

/// A memo key: a function's identity and its argument.
#[derive(Hash, PartialEq, Eq)]
struct Key {
    func: usize,
    arg: Shallow,
}

/// A key to look up without cloning the argument (hashed as [`Key`]).
#[derive(Hash)]
struct KeyRef<'a> {
    func: usize,
    arg: ShallowRef<'a>,
}

impl<'a> KeyRef<'a> {
    fn new(func: usize, arg: &'a Value) -> KeyRef<'a> {
        KeyRef {
            func,
            arg: ShallowRef(arg),
        }
    }
}

impl Equivalent<Key> for KeyRef<'_> {
    fn equivalent(&self, key: &Key) -> bool {
        self.func == key.func && self.arg.equivalent(&key.arg)
    }
}

impl Key {
    fn new(func: usize, arg: &Value) -> Key {
        Key {
            func,
            arg: Shallow(arg.clone()),
        }
    }
}

/// The results of one function for the pairs `(a, b)` that share `a`.
/// A function of a pair is mostly called with one element fixed and the
/// other running over a container (`valmin(objects, compose(f,
/// lbind(astuple, cell)))`): calls that follow each other then find their
/// results together, where one large table would scatter them over memory
/// (its lookups were cache misses, 40% of the time of `solve_d22278a0`).
/// The results are kept in the order they were first computed, and the
/// next run over the container asks for them in that order again (less
/// the element a `remove` left out): the entry after the last one found
/// is tried first, so that a run reads its group front to back, as the
/// processor prefetches it, and compares one key per lookup.
#[derive(Default)]
struct Group {
    entries: Vec<(Shallow, Value)>,
    /// The entry after the last one found or kept.
    next: usize,
    /// The entries by key, once there are more than [`SMALL_GROUP`].
    index: Option<HashTable<usize>>,
}

/// Groups up to this size are searched front to back when the expected
/// entry is not the one asked for.
const SMALL_GROUP: usize = 16;

fn hash_of(v: &Value) -> u64 {
    static STATE: OnceLock<DefaultHashBuilder> = OnceLock::new();
    STATE
        .get_or_init(DefaultHashBuilder::default)
        .hash_one(ShallowRef(v))
}

impl Group {
    fn get(&mut self, b: &Value) -> Option<&Value> {
        let entries = &self.entries;
        // The expected entry, or the one after it (a run that skips one).
        let expected =
            (self.next..entries.len().min(self.next + 2)).find(|&k| same(&entries[k].0 .0, b));
        let found = expected.or_else(|| match &self.index {
            Some(index) => index
                .find(hash_of(b), |&k| same(&entries[k].0 .0, b))
                .copied(),
            None => entries.iter().position(|(key, _)| same(&key.0, b)),
        })?;
        self.next = found + 1;
        Some(&self.entries[found].1)
    }

    fn insert(&mut self, b: &Value, result: &Value) {
        let k = self.entries.len();
        self.entries.push((Shallow(b.clone()), result.clone()));
        self.next = k + 1;
        if k + 1 > SMALL_GROUP {
            let entries = &self.entries;
            let index = self.index.get_or_insert_with(|| {
                let mut index = HashTable::with_capacity(2 * SMALL_GROUP);
                for (i, (key, _)) in entries[..k].iter().enumerate() {
                    index.insert_unique(hash_of(&key.0), i, |&j| hash_of(&entries[j].0 .0));
                }
                index
            });
            index.insert_unique(hash_of(b), k, |&j| hash_of(&entries[j].0 .0));
        }
    }
}

#[derive(Default)]
struct Memo {
    /// The function values to memoise, by identity, each held so that its
    /// address stays its own, with the times it was prepared.
    chosen: HashMap<usize, (Value, u32)>,
    /// Results for arguments that are not 2-tuples.
    results: HashMap<Key, Value>,
    /// Results for 2-tuples: the group of each function and first element.
    group_of: HashMap<Key, usize>,
    groups: Vec<Group>,
    /// The group found last: its function, first element and index.
    last: Option<(usize, Value, usize)>,
    /// Results kept, in all tables.
    entries: usize,
}

impl Memo {
    fn clear(&mut self) {
        self.results.clear();
        self.group_of.clear();
        self.groups.clear();
        self.last = None;
        self.entries = 0;
    }

    /// The group of `func` and first element `a`, if there is one.
    fn find_group(&mut self, func: usize, a: &Value) -> Option<usize> {
        if let Some((f, first, g)) = &self.last {
            if *f == func && same(first, a) {
                return Some(*g);
            }
        }
        let g = *self.group_of.get(&KeyRef::new(func, a))?;
        self.last = Some((func, a.clone(), g));
        Some(g)
    }

    /// The group of `func` and first element `a`, made if there is none.
    fn group(&mut self, func: usize, a: &Value) -> usize {
        if let Some(g) = self.find_group(func, a) {
            return g;
        }
        let g = self.groups.len();
        self.groups.push(Group::default());
        self.group_of.insert(Key::new(func, a), g);
        self.last = Some((func, a.clone(), g));
        g
    }

    fn get(&mut self, func: usize, arg: &Value) -> Option<Value> {
        match arg {
            Value::Tuple(t) if t.len() == 2 => {
                let g = self.find_group(func, &t[0])?;
                self.groups[g].get(&t[1]).cloned()
            }
            _ => self.results.get(&KeyRef::new(func, arg)).cloned(),
        }
    }

    fn put(&mut self, func: usize, arg: &Value, result: &Value) {
        if self.entries >= MAX_ENTRIES {
            self.clear();
        }
        self.entries += 1;
        match arg {
            Value::Tuple(t) if t.len() == 2 => {
                let g = self.group(func, &t[0]);
                self.groups[g].insert(&t[1], result);
            }
            _ => {
                self.results.insert(Key::new(func, arg), result.clone());
            }
        }
    }
}

/// Whether the memo is used at all (on unless a run or test turns it off).
static ENABLED: AtomicBool = AtomicBool::new(true);

/// Turn the memo on or off for the whole process (to compare results and
/// times with and without it).
pub fn set_enabled(on: bool) {
    ENABLED.store(on, Ordering::Relaxed);
}

/// The calls this thread's memo answered since the thread started.
pub fn hits() -> u64 {
    HITS.get()
}

/// Calls answered by the memo and results kept in it, over all threads
/// and evaluations so far (`--stats`): each thread adds its counts when
/// an evaluation that used the memo ends.
static ANSWERED: AtomicU64 = AtomicU64::new(0);
static KEPT: AtomicU64 = AtomicU64::new(0);

/// (calls answered, results kept) over the process so far.
pub fn totals() -> (u64, u64) {
    (
        ANSWERED.load(Ordering::Relaxed),
        KEPT.load(Ordering::Relaxed),
    )
}

thread_local! {
    static HITS: Cell<u64> = const { Cell::new(0) };
    /// This evaluation's (hits, results kept), not yet in the totals.
    static PENDING: Cell<(u64, u64)> = const { Cell::new((0, 0)) };
    static MEMO: RefCell<Memo> = RefCell::new(Memo::default());
    /// Prepared functions alive on this thread.
    static PREPARED: Cell<u32> = const { Cell::new(0) };
    /// Whether `MEMO` holds anything (most evaluations choose nothing).
    static USED: Cell<bool> = const { Cell::new(false) };
}

/// Start a new evaluation: forget every function and result.
#[inline]
pub fn begin() {
    if USED.get() {
        forget();
    }
}

/// End an evaluation: add its counts to the totals.
#[inline]
pub fn end() {
    if USED.get() {
        flush();
    }
}

#[cold]
fn flush() {
    let (answered, kept) = PENDING.take();
    ANSWERED.fetch_add(answered, Ordering::Relaxed);
    KEPT.fetch_add(kept, Ordering::Relaxed);
}

#[cold]
fn forget() {
    USED.set(false);
    MEMO.with(|m| {
        let mut m = m.borrow_mut();
        m.chosen.clear();
        // Keep a moderate table's allocation for the next evaluation.
        if m.results.capacity() > 1 << 16 || m.group_of.capacity() > 1 << 16 {
            *m = Memo::default();
        } else {
            m.clear();
        }
    });
}

/// Note that a function is being prepared for a higher-order primitive;
/// the returned guard marks it alive. If no other is alive, the plan built
/// `f`: choose the heavy functions it holds (not `f` itself).
pub fn prepare(f: &Value) -> Prepared {
    let outermost = PREPARED.with(|p| {
        let n = p.get();
        p.set(n + 1);
        n == 0
    });
    if outermost && heavier_than(f, MEMO_WEIGHT) && ENABLED.load(Ordering::Relaxed) {
        MEMO.with(|m| {
            let chosen = &mut m.borrow_mut().chosen;
            let mut chooser = Chooser {
                chosen,
                weighed: HashMap::new(),
            };
            weigh(f, &mut chooser);
            if !chooser.chosen.is_empty() {
                USED.set(true);
            }
        });
    }
    Prepared
}

/// Alive while a prepared function is.
pub struct Prepared;

impl Drop for Prepared {
    fn drop(&mut self) {
        PREPARED.with(|p| p.set(p.get().saturating_sub(1)));
    }
}

fn takes_one(f: &Value) -> bool {
    matches!(f, Value::Func(func) if func.arity() == 1)
}

/// Note that `f` is being prepared (as part of a function a higher-order
/// primitive received); whether its calls go through the memo.
#[inline]
pub fn chosen(f: &Value) -> bool {
    if !USED.get() {
        return false;
    }
    let Some(id) = identity(f) else { return false };
    MEMO.with(|m| match m.borrow_mut().chosen.get_mut(&id) {
        Some((_, prepared)) => {
            *prepared += 1;
            *prepared >= 2
        }
        None => false,
    })
}

fn count_hit() {
    HITS.set(HITS.get() + 1);
    let (answered, kept) = PENDING.get();
    PENDING.set((answered + 1, kept));
}

/// The kept result of `f(arg)`, if any.
pub fn get(f: &Value, arg: &Value) -> Option<Value> {
    let func = identity(f)?;
    let hit = MEMO.with(|m| m.borrow_mut().get(func, arg));
    if hit.is_some() {
        count_hit();
    }
    hit
}

/// The kept result of `f((a, b))` for a pair that is a plain 2-tuple,
/// found without the tuple.
pub fn get_pair(f: &Value, a: &Value, b: &Value) -> Option<Value> {
    let func = identity(f)?;
    let hit = MEMO.with(|m| {
        let mut m = m.borrow_mut();
        let g = m.find_group(func, a)?;
        m.groups[g].get(b).cloned()
    });
    if hit.is_some() {
        count_hit();
    }
    hit
}

/// Keep `result` as `f(arg)`.
pub fn put(f: &Value, arg: &Value, result: &Value) {
    let Some(func) = identity(f) else { return };
    MEMO.with(|m| m.borrow_mut().put(func, arg, result));
    let (answered, kept) = PENDING.get();
    PENDING.set((answered, kept + 1));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::values::Cell as ObjCell;

    fn hash(v: &Value) -> u64 {
        let mut h = std::hash::DefaultHasher::new();
        hash_shallow(v, &mut h);
        h.finish()
    }

    #[test]
    fn keys_keep_python_kinds_apart() {
        // `True == 1` in Python, but a function may return its argument,
        // whose repr differs: they are different keys.
        assert!(!same(&Value::Bool(true), &Value::Int(1)));
        assert!(same(&Value::Int(1), &Value::Int(1)));
        assert!(!same(&Value::Pair(1, 2), &Value::Pair(2, 1)));
    }

    #[test]
    fn shared_data_is_keyed_by_identity_and_short_tuples_by_elements() {
        let cells: Arc<[ObjCell]> = Arc::from(vec![ObjCell::new(3, 0, 1)]);
        let a = Value::Object(cells.clone());
        let b = Value::Object(cells);
        let c = Value::Object(Arc::from(vec![ObjCell::new(3, 0, 1)]));
        assert!(same(&a, &b) && hash(&a) == hash(&b));
        // Equal but not shared: a miss, never a wrong hit.
        assert!(!same(&a, &c));
        let t1 = Value::Tuple(Arc::from(vec![Value::Pair(4, 5), a.clone()]));
        let t2 = Value::Tuple(Arc::from(vec![Value::Pair(4, 5), b.clone()]));
        let t3 = Value::Tuple(Arc::from(vec![Value::Pair(4, 6), b]));
        assert!(same(&t1, &t2) && hash(&t1) == hash(&t2));
        assert!(!same(&t1, &t3));
    }

    #[test]
    fn pairs_and_other_arguments_find_their_own_results() {
        let mut m = Memo::default();
        let obj = Value::Object(Arc::from(vec![ObjCell::new(3, 0, 1)]));
        let pair = |i| Value::Tuple(Arc::from(vec![Value::Pair(i, 0), obj.clone()]));
        m.put(1, &pair(0), &Value::Int(10));
        m.put(1, &pair(1), &Value::Int(11));
        m.put(2, &pair(0), &Value::Int(20));
        m.put(1, &Value::Pair(0, 0), &Value::Int(30));
        assert_eq!(m.get(1, &pair(0)), Some(Value::Int(10)));
        assert_eq!(m.get(2, &pair(0)), Some(Value::Int(20)));
        assert_eq!(m.get(1, &pair(1)), Some(Value::Int(11)));
        assert_eq!(m.get(1, &Value::Pair(0, 0)), Some(Value::Int(30)));
        assert_eq!(m.get(2, &pair(1)), None);
        assert_eq!(m.get(1, &Value::Pair(1, 0)), None);
        assert_eq!(m.entries, 4);
        m.clear();
        assert_eq!(m.get(1, &pair(0)), None);
    }

    #[test]
    fn a_group_finds_its_results_in_any_order() {
        // Below and above the size from which a group is indexed: runs in
        // the order kept, one that skips an element, one backwards.
        for n in [3, SMALL_GROUP, 3 * SMALL_GROUP] {
            let keys: Vec<Value> = (0..n)
                .map(|i| Value::Object(Arc::from(vec![ObjCell::new(1, i as i32, 0)])))
                .collect();
            let mut g = Group::default();
            for (i, k) in keys.iter().enumerate() {
                assert_eq!(g.get(k), None);
                g.insert(k, &Value::Int(i as i64));
            }
            let skipping = (0..n).filter(|&i| i != 1);
            for i in (0..n).chain(skipping).chain((0..n).rev()) {
                assert_eq!(
                    g.get(&keys[i]),
                    Some(&Value::Int(i as i64)),
                    "{n} entries, key {i}"
                );
            }
            // An equal object that is not the same one is not found.
            let equal = Value::Object(Arc::from(vec![ObjCell::new(1, 0, 0)]));
            assert_eq!(g.get(&equal), None);
        }
    }

    #[test]
    fn weights_count_primitive_calls_and_loops() {
        use crate::signatures::Prim;
        let prim = |p| Value::Func(Arc::new(Func::Prim(p)));
        assert_eq!(weight(&prim(Prim::first)), 1);
        assert_eq!(weight(&prim(Prim::argmin)), 1 + LOOP_WEIGHT);
        let fork = Value::Func(Arc::new(Func::Fork(
            prim(Prim::add),
            prim(Prim::first),
            prim(Prim::last),
        )));
        assert_eq!(weight(&fork), 3);
        // The capped walk agrees with the full weight on either side of
        // the limit.
        let apply = Value::Func(Arc::new(Func::Bind {
            f: prim(Prim::apply),
            fixed: fork.clone(),
            side: crate::functions::Side::Left,
            arity: 1,
        }));
        for (g, w) in [(&fork, 3), (&apply, weight(&apply))] {
            for limit in 0..(w + 3) {
                assert_eq!(
                    heavier_than(g, limit),
                    w > limit,
                    "weight {w}, limit {limit}"
                );
            }
        }
    }
}
