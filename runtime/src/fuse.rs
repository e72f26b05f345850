//! Fused operations: calls that stand for several primitives of a plan.
//!
//! Two passes make them. The generator's rewrite fuses `apply` chains
//! ([`Fused::ApplyChain`]) before emission. [`fuse`] below runs on a whole
//! battery before it is *interpreted* (`gen search`, `--interpret`, the
//! battery and batched modes of a compiled battery): it fuses the union
//! idioms whose intermediate sets cost more than the work itself,
//!
//! - `merge(apply(f, X))` and `mfilter(apply(f, X), g)`: the frozenset of
//!   results exists only to be unioned, so it is never sorted or deduped
//!   (the apply *collects* its results, the union reads the collection);
//! - the same over `prapply(f, a, b)`;
//! - `apply(f, product(a, b))`: the pairs are enumerated, never built as a
//!   set (and `f = fork(g, first, last)` is called on the pair's two
//!   locations without the pair).
//!
//! A node is fused only where *every* reader of it in the battery reads it
//! that way (so many mutants of one program, which share the apply but not
//! the filter, all fuse), and never where it is a program's output. Node
//! numbers, statements and program orders are unchanged: a fused node sits
//! where its statement was and fails where it failed, with the same error,
//! so every program's result and error are those of the plain plan. The
//! emitter lowers the plain plan per program (its typed code has its own
//! collectors); this pass is the interpreter's counterpart, battery-wide.

use std::sync::Arc;

use crate::budget::{self, MAX_ELEMENTS};
use crate::error::{Error, Result};
use crate::functions::Callable;
use crate::plan::{Node, Operand, Plan};
use crate::primitives::containers::{merge, mfilter, product, product_checks, union_of};
use crate::primitives::functional::{apply, apply_chain, apply_results, prapply_results};
use crate::signatures::Prim;
use crate::values::Value;

/// Operations made by fusing primitives of a plan (callees only).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Fused {
    /// `apply(fn, ... apply(f2, apply(f1, X)))`, merged at the end when
    /// `merge` (then the last stage was a `mapply`). Arguments: the stage
    /// functions in order, then the container. Each stage builds its
    /// container exactly as `apply` does, so results and errors are those
    /// of the original chain; what is saved is the intermediate nodes.
    ApplyChain { merge: bool },
    /// `apply(f, X)` that only unions read: for a frozenset `X`, the
    /// results in `X`'s order, unsorted, duplicates kept (a *collection*, a
    /// `Value::Tuple` no primitive sees); for any other `X`, `apply`'s own
    /// result. Arguments `[f, X]`; `f` is called as `apply` calls it.
    Collect,
    /// `prapply(f, a, b)` that only unions read: its results, collected.
    /// Arguments `[f, a, b]`.
    CollectPrapply,
    /// `apply(f, product(a, b))` that only unions read, the product
    /// enumerated in its frozenset order: the results, collected.
    /// Arguments `[f, a, b]`.
    CollectProduct,
    /// `apply(f, product(a, b))`, the product enumerated, not built: the
    /// apply's frozenset of results. Arguments `[f, a, b]`.
    ApplyProduct,
    /// `product(a, b)` whose readers enumerate its pairs themselves: only
    /// what can make it fail (a non-container, the size limit), checked
    /// as `product` checks it; its value is `None`, which nothing reads.
    /// Arguments `[a, b]`.
    ProductChecks,
    /// `merge` (or, with `filter`, `mfilter` by `g`) of a collection.
    /// Arguments `[collection, X, g]`: `X`, the collected apply's
    /// container, is there when `container` (it says whether the
    /// collection is a frozenset's results); `g` when `filter`.
    Union { filter: bool, container: bool },
}

impl Fused {
    /// Every fused operation, for per-operation counters.
    pub const ALL: [Fused; 11] = [
        Fused::ApplyChain { merge: false },
        Fused::ApplyChain { merge: true },
        Fused::Collect,
        Fused::CollectPrapply,
        Fused::CollectProduct,
        Fused::ApplyProduct,
        Fused::ProductChecks,
        Fused::Union {
            filter: false,
            container: false,
        },
        Fused::Union {
            filter: false,
            container: true,
        },
        Fused::Union {
            filter: true,
            container: false,
        },
        Fused::Union {
            filter: true,
            container: true,
        },
    ];

    /// The position of this operation in [`Fused::ALL`].
    pub fn index(self) -> usize {
        Fused::ALL
            .iter()
            .position(|&f| f == self)
            .expect("every fused operation is listed")
    }

    /// Its name in plan text, `--stats` and reports.
    pub fn name(self) -> &'static str {
        match self {
            Fused::ApplyChain { merge: false } => "apply_chain",
            Fused::ApplyChain { merge: true } => "apply_chain+merge",
            Fused::Collect => "collect",
            Fused::CollectPrapply => "collect_prapply",
            Fused::CollectProduct => "collect_product",
            Fused::ApplyProduct => "apply_product",
            Fused::ProductChecks => "product_checks",
            Fused::Union {
                filter: false,
                container: false,
            } => "union",
            Fused::Union {
                filter: false,
                container: true,
            } => "union+container",
            Fused::Union {
                filter: true,
                container: false,
            } => "union_where",
            Fused::Union {
                filter: true,
                container: true,
            } => "union_where+container",
        }
    }

    /// The operation of a name (see [`Fused::name`]).
    pub fn from_name(name: &str) -> Option<Fused> {
        Fused::ALL.iter().copied().find(|f| f.name() == name)
    }

    /// Evaluate on argument values.
    pub fn eval(self, args: &[&Value]) -> Result<Value> {
        let arity = || Error::type_error("fused call: arguments");
        match (self, args) {
            (Fused::ApplyChain { merge }, _) => {
                let (container, stages) = args.split_last().ok_or_else(arity)?;
                apply_chain(stages, container, merge)
            }
            (Fused::Collect, [f, x]) => collect(f, x),
            (Fused::CollectPrapply, [f, a, b]) => {
                let f = Callable::new(f, 2);
                prapply_results(|x, y| f.call2(x, y), a, b).map(collection)
            }
            (Fused::CollectProduct, [f, a, b]) => collect_product(f, a, b),
            (Fused::ApplyProduct, [f, a, b]) => match collect_product(f, a, b)? {
                // The pairs' results as `apply` makes its frozenset.
                Value::Tuple(items) => Ok(Value::set(items.to_vec())),
                other => Ok(other),
            },
            (Fused::ProductChecks, [a, b]) => product_checks(a, b).map(|()| Value::None),
            (Fused::Union { filter, container }, _) => {
                let (collected, rest) = args.split_first().ok_or_else(arity)?;
                let (of_set, rest) = match (container, rest) {
                    (true, [x, rest @ ..]) => (x.is_set(), rest),
                    (false, rest) => (true, rest),
                    _ => return Err(arity()),
                };
                match (filter, rest) {
                    (false, []) if of_set => union(collected),
                    (false, []) => merge(collected),
                    (true, [g]) if of_set => union_where(collected, g),
                    (true, [g]) => mfilter(collected, g),
                    _ => Err(arity()),
                }
            }
            _ => Err(arity()),
        }
    }
}

// ----- evaluation ----------------------------------------------------------------

/// A collection: results in the order they were made, duplicates kept.
/// Deliberately not `Value::tuple` (which would canonicalise two numbers
/// into a pair, rows into a grid): only [`Fused::Union`] reads it.
fn collection(items: Vec<Value>) -> Value {
    Value::Tuple(Arc::from(items))
}

/// [`Fused::Collect`]: `apply` without its frozenset.
fn collect(f: &Value, x: &Value) -> Result<Value> {
    if !x.is_set() {
        return apply(f, x);
    }
    let f = Callable::new(f, 1);
    Ok(collection(apply_results(|e| f.call1(e), x)?))
}

/// `apply(f, product(a, b))`'s results, collected. Two index sets (the
/// idiom, `product(x, x)` of locations) are enumerated in the product's
/// frozenset order (distinct locations in order, `a` outermost, give
/// distinct pairs in order); anything else builds the product and
/// collects over it, as [`Fused::Collect`] does.
fn collect_product(f: &Value, a: &Value, b: &Value) -> Result<Value> {
    let (Value::Indices(xs), Value::Indices(ys)) = (a, b) else {
        return collect(f, &product(a, b)?);
    };
    product_checks(a, b)?;
    let f = Callable::new(f, 1);
    let mut out = Vec::with_capacity(xs.len().saturating_mul(ys.len()).min(1 << 16));
    for &(i, j) in xs.iter() {
        let x = Value::Pair(i as i64, j as i64);
        for &(k, l) in ys.iter() {
            budget::check()?;
            out.push(f.call_on_pair(&x, &Value::Pair(k as i64, l as i64))?);
        }
    }
    Ok(collection(out))
}

/// The elements of a collection made by the operations above.
fn collected(c: &Value) -> Result<&[Value]> {
    match c {
        Value::Tuple(items) => Ok(items),
        _ => Err(Error::type_error("union: not a collection")),
    }
}

/// `merge` of the frozenset of the collected results: their union. The
/// union does not need the results distinct; only the size limit sees
/// the duplicates (it counts concatenated elements), so a collection
/// whose duplicates would pass the limit is made a frozenset first,
/// exactly as the plain plan has it.
fn union(c: &Value) -> Result<Value> {
    let items = collected(c)?;
    let total: usize = items.iter().map(|r| r.len().unwrap_or(0)).sum();
    if total <= MAX_ELEMENTS {
        union_of(items)
    } else {
        merge(&Value::set(items.to_vec()))
    }
}

/// `mfilter` of the frozenset of the collected results by `g`. The
/// reference calls `g` once per distinct result, in the set's order, so
/// where `g` fails (which error comes first could differ), the frozenset
/// is built and filtered exactly as the plain plan does.
fn union_where(c: &Value, g: &Value) -> Result<Value> {
    let items = collected(c)?;
    let test = Callable::new(g, 1);
    let mut kept = Vec::with_capacity(items.len());
    for r in items {
        budget::check()?;
        match test.call1(r) {
            Ok(v) if v.truthy() => kept.push(r.clone()),
            Ok(_) => {}
            Err(e) if e.kind == crate::error::ErrorKind::Timeout => return Err(e),
            Err(_) => return mfilter(&Value::set(items.to_vec()), g),
        }
    }
    union(&collection(kept))
}

// ----- the pass ------------------------------------------------------------------

/// How many nodes [`fuse`] changed, by what they became.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Fusions {
    pub collected: usize,
    pub unions: usize,
    pub products: usize,
}

/// The plan with its union idioms fused (see the module docs): same
/// nodes, programs and orders, some callees and arguments changed.
/// Linear in the plan's size.
pub fn fuse(plan: Plan) -> (Plan, Fusions) {
    let n = plan.nodes.len();
    // Per node: how often it is read, and whether every read is a union's
    // (`merge(m)`, `mfilter(m, g)`) or an apply's container (`apply(f, m)`).
    let mut reads = vec![0usize; n];
    let mut by_unions = vec![true; n];
    let mut by_applies = vec![true; n];
    for node in &plan.nodes {
        let callee = match node.callee {
            Operand::Prim(p) => Some(p),
            _ => None,
        };
        for (k, op) in std::iter::once(&node.callee).chain(&node.args).enumerate() {
            let Operand::Node(m) = *op else { continue };
            reads[m] += 1;
            let arg = k.checked_sub(1);
            let union = matches!(
                (callee, arg, node.args.len()),
                (Some(Prim::merge), Some(0), 1) | (Some(Prim::mfilter), Some(0), 2)
            ) && !(node.args.len() == 2 && node.args[1] == Operand::Node(m));
            let container = callee == Some(Prim::apply)
                && arg == Some(1)
                && node.args.len() == 2
                && node.args[0] != Operand::Node(m);
            by_unions[m] &= union;
            by_applies[m] &= container;
        }
    }
    let mut output = vec![false; n];
    for p in &plan.programs {
        if let Operand::Node(m) = p.output {
            output[m] = true;
        }
    }
    let read_only = |m: usize, by: &[bool]| reads[m] > 0 && by[m] && !output[m];
    let is = |m: usize, p: Prim, arity: usize| {
        plan.nodes[m].callee == Operand::Prim(p) && plan.nodes[m].args.len() == arity
    };
    let lazy_product = |m: usize| is(m, Prim::product, 2) && read_only(m, &by_applies);

    let mut changed: Vec<(usize, Node)> = Vec::new();
    let mut stats = Fusions::default();
    // What each collected node is, for its readers: Some(true) when the
    // union must look at the apply's container.
    let mut collected: Vec<Option<bool>> = vec![None; n];
    for m in 0..n {
        let node = &plan.nodes[m];
        let set = |callee: Fused, args: Vec<Operand>, changed: &mut Vec<(usize, Node)>| {
            changed.push((
                m,
                Node {
                    callee: Operand::Fused(callee),
                    args,
                    sources: node.sources.clone(),
                },
            ));
        };
        let product_of = |op: &Operand| match *op {
            Operand::Node(p) if lazy_product(p) => Some(plan.nodes[p].args.clone()),
            _ => None,
        };
        let unioned = read_only(m, &by_unions);
        if lazy_product(m) {
            set(Fused::ProductChecks, node.args.clone(), &mut changed);
            stats.products += 1;
        } else if is(m, Prim::apply, 2) {
            let f = node.args[0].clone();
            match (product_of(&node.args[1]), unioned) {
                (Some(ab), true) => {
                    set(Fused::CollectProduct, [vec![f], ab].concat(), &mut changed);
                    collected[m] = Some(false);
                }
                (Some(ab), false) => set(Fused::ApplyProduct, [vec![f], ab].concat(), &mut changed),
                (None, true) => {
                    set(Fused::Collect, node.args.clone(), &mut changed);
                    collected[m] = Some(true);
                }
                (None, false) => {}
            }
        } else if is(m, Prim::prapply, 3) && unioned {
            set(Fused::CollectPrapply, node.args.clone(), &mut changed);
            collected[m] = Some(false);
        } else if let Some(Operand::Node(c)) = node.args.first() {
            // A union of a collected node (the pass above reached it first).
            let Some(container) = collected[*c] else {
                continue;
            };
            let filter = is(m, Prim::mfilter, 2);
            let mut args = vec![Operand::Node(*c)];
            if container {
                args.push(plan.nodes[*c].args[1].clone());
            }
            if filter {
                args.push(node.args[1].clone());
            }
            set(Fused::Union { filter, container }, args, &mut changed);
            stats.unions += 1;
        }
        if collected[m].is_some() {
            stats.collected += 1;
        }
    }
    let mut plan = plan;
    for (m, node) in changed {
        plan.nodes[m] = node;
    }
    // Derived data of the plain plan (resolved nodes, orders) must not
    // survive: the nodes changed.
    plan.resolved = Default::default();
    (plan, stats)
}
