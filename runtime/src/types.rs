//! The representation types of plan nodes: what a value is known to be
//! before the program runs.
//!
//! # The lattice
//!
//! [`Ty::Dynamic`] is the top: any [`Value`](crate::values::Value), known
//! only at run time. Below it the concrete representations the runtime has
//! fast forms for:
//!
//! - scalars: [`Ty::Bool`], [`Ty::Int`], [`Ty::Pair`] (the reference's
//!   `Boolean`, `Integer`, `IntegerTuple`);
//! - [`Ty::Grid`]; patches [`Ty::Indices`] and [`Ty::Object`];
//! - sets of patches [`Ty::IndicesSet`] and [`Ty::Objects`];
//! - [`Ty::Cell`], an object's cell `(colour, (i, j))` (an element of
//!   [`Ty::Object`]), [`Ty::CellPair`], a 2-tuple of cells, and
//!   [`Ty::CellPairs`], a frozenset of them (`product` of two objects);
//! - [`Ty::ObjectPair`], a 2-tuple of objects, and [`Ty::ObjectPairs`], a
//!   frozenset of them (`product` of two sets of objects);
//! - [`Ty::LocPair`], a 2-tuple of pairs (`astuple` of two locations, an
//!   element of `product` of two sets of locations), and [`Ty::LocPairs`],
//!   a frozenset of them (what `product` of two indices gives);
//! - containers of a known element type [`Ty::TupleOf`], [`Ty::SetOf`]
//!   (kept in a canonical form: a set of pairs is `Indices`, a set of
//!   objects is `Objects`, ...);
//! - [`Ty::Tuple2`], a 2-tuple of items of two different known types (an
//!   object and a tuple of objects), held as a `Value`: `first` and `last`
//!   of it are typed, and so is `power` of a step that keeps it;
//! - [`Ty::Func`]: a function value of known arity whose result type is
//!   known (`Dynamic` where it depends on arguments not known statically).
//!
//! Two types join to themselves if equal, else to `Dynamic`: the lattice is
//! flat below the containers. The reference's type names (the signatures'
//! [`Type`]) map onto it with [`Ty::from_reference`]; the primitives whose
//! reference type is generic (`Any`, `Numerical`, `Container`, `Piece`, ...)
//! get their result type from their arguments' types ([`result_type`]).
//!
//! Inference ([`infer`]) walks a plan once, in node order: every node's
//! type from its callee and its operands' types. Nothing executes.

use std::fmt;

use crate::constants::constant;
use crate::plan::{Fused, Operand, Plan};
use crate::signatures::{Prim, Type};
use crate::values::Value;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ty {
    Dynamic,
    Bool,
    Int,
    Pair,
    Grid,
    Indices,
    Object,
    IndicesSet,
    Objects,
    /// An object's cell: the tuple `(colour, (i, j))`.
    Cell,
    /// A tuple of exactly two cells.
    CellPair,
    /// A frozenset of [`Ty::CellPair`]s.
    CellPairs,
    /// A tuple of exactly two objects.
    ObjectPair,
    /// A frozenset of [`Ty::ObjectPair`]s.
    ObjectPairs,
    /// A tuple of exactly two pairs.
    LocPair,
    /// A frozenset of [`Ty::LocPair`]s.
    LocPairs,
    TupleOf(Box<Ty>),
    /// A tuple of exactly two items of different types (`astuple` of an
    /// object and a tuple of objects: the state that `power` of a made
    /// function carries in `solve_234bbc79`; `pair` of a tuple of grids
    /// and a tuple of bools). Held as a `Value`; `first` and `last` read
    /// their items' types.
    Tuple2(Box<Ty>, Box<Ty>),
    SetOf(Box<Ty>),
    /// A function value; where its closure is known statically, its
    /// result type is computed at each call from the argument types.
    Func(Box<FnTy>),
}

/// What a function value is known to be.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum FnTy {
    /// A primitive used as a value.
    Prim(Prim),
    /// `rbind`/`lbind` of a known function and a value of type `fixed`.
    Bind {
        right: bool,
        f: Ty,
        fixed: Ty,
        arity: usize,
    },
    Compose(Ty, Ty),
    Chain(Ty, Ty, Ty),
    Fork(Ty, Ty, Ty),
    Matcher(Ty),
    Power(Ty),
    /// `branch(condition, a, b)` of two functions of one arity: either,
    /// chosen when the program runs; a call has the type both calls share.
    Either(Ty, Ty),
    /// A function known only by its arity and result type.
    Opaque {
        arity: usize,
        ret: Ty,
    },
}

impl FnTy {
    pub fn arity(&self) -> usize {
        match self {
            FnTy::Prim(p) => p.arity(),
            FnTy::Bind { arity, .. } | FnTy::Opaque { arity, .. } => *arity,
            FnTy::Either(Ty::Func(f), _) => f.arity(),
            _ => 1,
        }
    }
    fn is_precise(&self) -> bool {
        match self {
            FnTy::Prim(_) => true,
            FnTy::Bind { f, fixed, .. } => f.is_precise() && fixed.is_precise(),
            FnTy::Compose(a, b) | FnTy::Either(a, b) => a.is_precise() && b.is_precise(),
            FnTy::Chain(a, b, c) | FnTy::Fork(a, b, c) => {
                a.is_precise() && b.is_precise() && c.is_precise()
            }
            FnTy::Matcher(f) | FnTy::Power(f) => f.is_precise(),
            FnTy::Opaque { .. } => false,
        }
    }
}

/// The result type of calling a function of type `f` on `args`.
pub fn call_type(f: &Ty, args: &[Ty]) -> Ty {
    let Ty::Func(f) = f else {
        return Ty::Dynamic;
    };
    if args.len() != f.arity() {
        return Ty::Dynamic;
    }
    let one = |g: &Ty, x: Ty| call_type(g, &[x]);
    match &**f {
        FnTy::Prim(p) => result_type(*p, args),
        FnTy::Bind {
            right, f, fixed, ..
        } => {
            let mut all = args.to_vec();
            if *right {
                all.push(fixed.clone());
            } else {
                all.insert(0, fixed.clone());
            }
            call_type(f, &all)
        }
        FnTy::Compose(outer, inner) => one(outer, one(inner, args[0].clone())),
        FnTy::Chain(h, g, f) => one(h, one(g, one(f, args[0].clone()))),
        FnTy::Fork(outer, a, b) => {
            call_type(outer, &[one(a, args[0].clone()), one(b, args[0].clone())])
        }
        FnTy::Matcher(_) => Ty::Bool,
        // f applied n times: known where one step keeps the type.
        FnTy::Power(g) => {
            let t = one(g, args[0].clone());
            if t == args[0] {
                t
            } else {
                Ty::Dynamic
            }
        }
        FnTy::Either(a, b) => Ty::join(&call_type(a, args), &call_type(b, args)),
        FnTy::Opaque { ret, .. } => ret.clone(),
    }
}

impl Ty {
    /// The type of a reference type name, where it names one.
    pub fn from_reference(t: Type) -> Ty {
        match t {
            Type::Integer => Ty::Int,
            Type::Boolean => Ty::Bool,
            Type::IntegerTuple => Ty::Pair,
            Type::Grid => Ty::Grid,
            Type::Indices => Ty::Indices,
            Type::Object => Ty::Object,
            Type::Objects => Ty::Objects,
            Type::IntegerSet => Ty::SetOf(Box::new(Ty::Int)),
            Type::Callable => Ty::Func(Box::new(FnTy::Opaque {
                arity: 1,
                ret: Ty::Dynamic,
            })),
            _ => Ty::Dynamic,
        }
    }

    /// The type of a value (constants).
    pub fn of_value(v: &Value) -> Ty {
        match v {
            Value::Bool(_) => Ty::Bool,
            Value::Int(_) => Ty::Int,
            Value::Pair(..) => Ty::Pair,
            Value::Grid(_) => Ty::Grid,
            Value::Indices(_) => Ty::Indices,
            Value::Object(_) => Ty::Object,
            _ => Ty::Dynamic,
        }
    }

    /// Known all the way down (no `Dynamic` inside).
    pub fn is_precise(&self) -> bool {
        match self {
            Ty::Dynamic => false,
            Ty::TupleOf(t) | Ty::SetOf(t) => t.is_precise(),
            Ty::Tuple2(a, b) => a.is_precise() && b.is_precise(),
            Ty::Func(f) => f.is_precise(),
            _ => true,
        }
    }

    /// A value that is one of two functions of one arity (`branch` of
    /// two functions, an element of a tuple of functions): a call has the
    /// type both calls share.
    fn either(a: Ty, b: Ty) -> Ty {
        match (&a, &b) {
            _ if a == b => a,
            (Ty::Func(f), Ty::Func(g)) if f.arity() == g.arity() => Ty::func(FnTy::Either(a, b)),
            _ => Ty::Dynamic,
        }
    }

    fn join(a: &Ty, b: &Ty) -> Ty {
        if a == b {
            a.clone()
        } else {
            Ty::Dynamic
        }
    }

    /// A set of `elem`, in canonical form.
    fn set_of(elem: Ty) -> Ty {
        match elem {
            Ty::Pair => Ty::Indices,
            Ty::Object => Ty::Objects,
            Ty::Indices => Ty::IndicesSet,
            Ty::LocPair => Ty::LocPairs,
            Ty::Cell => Ty::Object,
            Ty::CellPair => Ty::CellPairs,
            Ty::ObjectPair => Ty::ObjectPairs,
            Ty::Dynamic => Ty::Dynamic,
            e => Ty::SetOf(Box::new(e)),
        }
    }

    /// The element type of a container type (`Dynamic` if unknown).
    pub fn element(&self) -> Ty {
        match self {
            Ty::Grid => Ty::TupleOf(Box::new(Ty::Int)),
            Ty::Indices => Ty::Pair,
            Ty::IndicesSet => Ty::Indices,
            Ty::Objects => Ty::Object,
            Ty::Object => Ty::Cell,
            Ty::CellPair => Ty::Cell,
            Ty::CellPairs => Ty::CellPair,
            Ty::ObjectPair => Ty::Object,
            Ty::ObjectPairs => Ty::ObjectPair,
            Ty::LocPair => Ty::Pair,
            Ty::LocPairs => Ty::LocPair,
            Ty::Pair => Ty::Int,
            Ty::TupleOf(t) | Ty::SetOf(t) => (**t).clone(),
            _ => Ty::Dynamic,
        }
    }

    /// The same kind of container holding `elem` (what `apply` builds).
    fn with_element(&self, elem: Ty) -> Ty {
        match self {
            Ty::Indices
            | Ty::IndicesSet
            | Ty::Objects
            | Ty::Object
            | Ty::LocPairs
            | Ty::CellPairs
            | Ty::ObjectPairs
            | Ty::SetOf(_) => Ty::set_of(elem),
            // A function over a pair's two numbers: a pair again, or two
            // locations (`apply(tojvec, (4, 8))`).
            Ty::Pair => match elem {
                Ty::Int => Ty::Pair,
                Ty::Pair => Ty::LocPair,
                _ => Ty::Dynamic,
            },
            Ty::TupleOf(_) | Ty::Grid | Ty::LocPair | Ty::CellPair | Ty::ObjectPair => match elem {
                Ty::Dynamic => Ty::Dynamic,
                Ty::TupleOf(ref t) if **t == Ty::Int => Ty::Grid,
                e => Ty::TupleOf(Box::new(e)),
            },
            _ => Ty::Dynamic,
        }
    }

    /// What `merge` makes of a container of containers.
    fn merged(&self) -> Ty {
        match self {
            Ty::Objects => Ty::Object,
            Ty::IndicesSet => Ty::Indices,
            Ty::LocPairs => Ty::Indices,
            Ty::CellPairs => Ty::Object,
            Ty::ObjectPairs => Ty::Objects,
            Ty::SetOf(inner) => match &**inner {
                // (A frozenset of tuples merges into a frozenset of their
                // elements.)
                Ty::SetOf(e) | Ty::TupleOf(e) => Ty::set_of((**e).clone()),
                // Frozensets of sets in their canonical forms: their union.
                t @ (Ty::Indices
                | Ty::Object
                | Ty::Objects
                | Ty::IndicesSet
                | Ty::LocPairs
                | Ty::CellPairs
                | Ty::ObjectPairs) => t.clone(),
                _ => Ty::Dynamic,
            },
            // A tuple of frozensets merges into a tuple of their elements.
            Ty::TupleOf(inner) => match &**inner {
                Ty::TupleOf(e) => Ty::TupleOf(e.clone()),
                // (Grids' rows one after the other are a grid only where
                // their widths agree: in cross mode, `merge(hsplit(...))`
                // is often ragged, and typed code would give up on it.)
                Ty::Indices => Ty::TupleOf(Box::new(Ty::Pair)),
                Ty::Object => Ty::TupleOf(Box::new(Ty::Cell)),
                _ => Ty::Dynamic,
            },
            _ => Ty::Dynamic,
        }
    }

    fn func(f: FnTy) -> Ty {
        Ty::Func(Box::new(f))
    }
}

impl fmt::Display for Ty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ty::Dynamic => write!(f, "?"),
            Ty::Bool => write!(f, "bool"),
            Ty::Int => write!(f, "int"),
            Ty::Pair => write!(f, "pair"),
            Ty::Grid => write!(f, "grid"),
            Ty::Indices => write!(f, "indices"),
            Ty::Object => write!(f, "object"),
            Ty::IndicesSet => write!(f, "set<indices>"),
            Ty::Objects => write!(f, "objects"),
            Ty::Cell => write!(f, "cell"),
            Ty::CellPair => write!(f, "cellpair"),
            Ty::CellPairs => write!(f, "cellpairs"),
            Ty::ObjectPair => write!(f, "objectpair"),
            Ty::ObjectPairs => write!(f, "objectpairs"),
            Ty::LocPair => write!(f, "locpair"),
            Ty::LocPairs => write!(f, "locpairs"),
            Ty::TupleOf(t) => write!(f, "tuple<{t}>"),
            Ty::Tuple2(a, b) => write!(f, "tuple<{a}, {b}>"),
            Ty::SetOf(t) => write!(f, "set<{t}>"),
            Ty::Func(g) => write!(f, "{g}"),
        }
    }
}

impl fmt::Display for FnTy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FnTy::Prim(p) => write!(f, "{}", p.name()),
            FnTy::Bind {
                right: true,
                f: g,
                fixed,
                ..
            } => write!(f, "rbind({g}, {fixed})"),
            FnTy::Bind { f: g, fixed, .. } => write!(f, "lbind({g}, {fixed})"),
            FnTy::Compose(a, b) => write!(f, "compose({a}, {b})"),
            FnTy::Chain(a, b, c) => write!(f, "chain({a}, {b}, {c})"),
            FnTy::Fork(a, b, c) => write!(f, "fork({a}, {b}, {c})"),
            FnTy::Matcher(g) => write!(f, "matcher({g})"),
            FnTy::Power(g) => write!(f, "power({g})"),
            FnTy::Either(a, b) => write!(f, "either({a}, {b})"),
            FnTy::Opaque { arity, ret } => write!(f, "fn/{arity} -> {ret}"),
        }
    }
}

fn prim_value_type(p: Prim) -> Ty {
    Ty::func(FnTy::Prim(p))
}

/// The result type of primitive `p` called on operands of types `args`.
pub fn result_type(p: Prim, args: &[Ty]) -> Ty {
    use Prim as P;
    let arg = |k: usize| args.get(k).cloned().unwrap_or(Ty::Dynamic);
    let numeric = || {
        if args.iter().all(|t| matches!(t, Ty::Int | Ty::Bool)) {
            Ty::Int
        } else if args
            .iter()
            .all(|t| matches!(t, Ty::Int | Ty::Bool | Ty::Pair))
        {
            Ty::Pair
        } else {
            Ty::Dynamic
        }
    };
    // The reference's lambda: two parameters bound to one, three to two,
    // anything else to three.
    let bind_arity = |f: &Ty| match f {
        Ty::Func(g) => Some(match g.arity() {
            2 => 1,
            3 => 2,
            _ => 3,
        }),
        _ => None,
    };
    // The result of calling argument `k` (a function) on one element of
    // argument `c` (a container), or on a pair of elements.
    let on_element = |k: usize, c: usize| call_type(&arg(k), &[arg(c).element()]);
    match p {
        P::identity => arg(0),
        P::add | P::subtract | P::multiply | P::divide => numeric(),
        P::invert | P::double | P::halve | P::increment | P::decrement | P::crement | P::sign => {
            numeric()
        }
        P::branch => match (arg(1), arg(2)) {
            (a @ Ty::Func(_), b @ Ty::Func(_)) => Ty::either(a, b),
            (a, b) => Ty::join(&a, &b),
        },
        P::first | P::last => match arg(0) {
            // A cell's two items are of two types.
            Ty::Cell if p == P::first => Ty::Int,
            Ty::Cell => Ty::Pair,
            // A pair's two items are numbers.
            Ty::Pair => Ty::Int,
            // A tuple of two types: each item its own.
            Ty::Tuple2(a, _) if p == P::first => *a,
            Ty::Tuple2(_, b) => *b,
            t => t.element(),
        },
        P::argmax | P::argmin | P::extract | P::mostcommon | P::leastcommon => arg(0).element(),
        P::other => arg(0).element(),
        // A filtered tuple of two pairs may have fewer.
        // A grid's rows filtered are a grid, or `()`, which the grid guard
        // also takes.
        P::sfilter | P::sizefilter => match arg(0) {
            Ty::Cell | Ty::Tuple2(..) => Ty::Dynamic,
            Ty::LocPair => Ty::TupleOf(Box::new(Ty::Pair)),
            Ty::CellPair => Ty::TupleOf(Box::new(Ty::Cell)),
            Ty::ObjectPair => Ty::TupleOf(Box::new(Ty::Object)),
            t => t,
        },
        // `remove(value, container)` keeps the container's type.
        P::remove => match arg(1) {
            Ty::Cell | Ty::Tuple2(..) => Ty::Dynamic,
            Ty::LocPair => Ty::TupleOf(Box::new(Ty::Pair)),
            Ty::CellPair => Ty::TupleOf(Box::new(Ty::Cell)),
            Ty::ObjectPair => Ty::TupleOf(Box::new(Ty::Object)),
            t => t,
        },
        // Two pairs concatenate to a 4-tuple, two 2-tuples of pairs to a
        // 4-tuple of pairs.
        P::combine => match (arg(0), arg(1)) {
            // Tuples of functions (the symmetries of a shape, ...): one
            // tuple of either.
            (Ty::TupleOf(a), Ty::TupleOf(b)) if a != b => match Ty::either(*a, *b) {
                Ty::Dynamic => Ty::Dynamic,
                e => Ty::TupleOf(Box::new(e)),
            },
            (a, b) => match Ty::join(&a, &b) {
                Ty::Pair => Ty::TupleOf(Box::new(Ty::Int)),
                Ty::LocPair => Ty::TupleOf(Box::new(Ty::Pair)),
                Ty::CellPair => Ty::TupleOf(Box::new(Ty::Cell)),
                Ty::ObjectPair => Ty::TupleOf(Box::new(Ty::Object)),
                Ty::Cell | Ty::Tuple2(..) => Ty::Dynamic,
                t => t,
            },
        },
        // A pair only of two numbers; two pairs make a tuple of pairs
        // (`astuple((1, 2), (3, 4))` is also a 2x2 grid: the same value).
        P::astuple => match (arg(0), arg(1)) {
            (Ty::Int | Ty::Bool, Ty::Int | Ty::Bool) => Ty::Pair,
            // A number and a location: a cell (the interpreter holds the
            // tuples whose number is not a colour).
            (Ty::Int, Ty::Pair) => Ty::Cell,
            (Ty::Pair, Ty::Pair) => Ty::LocPair,
            (Ty::Cell, Ty::Cell) => Ty::CellPair,
            (Ty::Object, Ty::Object) => Ty::ObjectPair,
            // Two grids: a tuple of grids (not a grid: its items are
            // tuples of rows); two containers of one type: a tuple of
            // them.
            (a @ (Ty::Grid | Ty::Indices | Ty::TupleOf(_)), b) if a == b => {
                Ty::TupleOf(Box::new(a))
            }
            (a @ Ty::Func(_), b @ Ty::Func(_)) => match Ty::either(a, b) {
                Ty::Dynamic => Ty::Dynamic,
                e => Ty::TupleOf(Box::new(e)),
            },
            // Two items of known types (functions aside: their tuples are
            // read as tuples of either): a tuple of that type where they
            // agree (two sets of objects, two pairs of locations), else a
            // tuple of two types.
            (a, b)
                if a.is_precise()
                    && b.is_precise()
                    && !matches!(a, Ty::Func(_))
                    && !matches!(b, Ty::Func(_)) =>
            {
                if a == b {
                    Ty::TupleOf(Box::new(a))
                } else {
                    Ty::Tuple2(Box::new(a), Box::new(b))
                }
            }
            _ => Ty::Dynamic,
        },
        // `tuple(zip(a, b))`: 2-tuples of the two containers' elements.
        P::pair => match result_type(P::astuple, &[arg(0).element(), arg(1).element()]) {
            Ty::Dynamic => Ty::Dynamic,
            t => Ty::TupleOf(Box::new(t)),
        },
        // A tuple of locations is its own `toindices` (its first item's
        // second item is a number, not a location).
        P::toindices if arg(0) == Ty::TupleOf(Box::new(Ty::Pair)) => arg(0),
        P::toivec | P::tojvec => match arg(0) {
            Ty::Int | Ty::Bool => Ty::Pair,
            _ => Ty::Dynamic,
        },
        // `max`/`min` of the elements: their type.
        P::maximum | P::minimum => match arg(0).element() {
            Ty::Dynamic => Ty::Int,
            e => e,
        },
        P::intersection | P::difference => match Ty::join(&arg(0), &arg(1)) {
            // Tuples have no `&` or `-`: the reference raises.
            Ty::LocPair | Ty::Cell | Ty::CellPair | Ty::ObjectPair | Ty::Tuple2(..) => Ty::Dynamic,
            t => t,
        },
        P::insert => Ty::join(&Ty::set_of(arg(0)), &arg(1)),
        P::initset => Ty::set_of(arg(0)),
        P::merge => arg(0).merged(),
        P::mfilter => arg(0).merged(),
        // A grid's rows without repeats: a grid (typed kernel
        // `dedupe_grid`; without it, typed code ran `solve_90c28cc7` 1.74x
        // slower).
        P::dedupe if arg(0) == Ty::Grid => Ty::Grid,
        P::order | P::dedupe | P::totuple => match arg(0).element() {
            Ty::Dynamic => Ty::Dynamic,
            e => Ty::TupleOf(Box::new(e)),
        },
        P::repeat => match arg(0) {
            Ty::Dynamic => Ty::Dynamic,
            e => Ty::TupleOf(Box::new(e)),
        },
        P::interval => Ty::TupleOf(Box::new(Ty::Int)),
        P::hsplit | P::vsplit => Ty::TupleOf(Box::new(Ty::Grid)),
        P::product => match (arg(0).element(), arg(1).element()) {
            (Ty::Int, Ty::Int) => Ty::Indices,
            (Ty::Pair, Ty::Pair) => Ty::LocPairs,
            (Ty::Cell, Ty::Cell) => Ty::CellPairs,
            (Ty::Object, Ty::Object) => Ty::ObjectPairs,
            // Pairs of functions: 2-tuples of either.
            (a @ Ty::Func(_), b @ Ty::Func(_)) => match Ty::either(a, b) {
                Ty::Dynamic => Ty::Dynamic,
                e => Ty::SetOf(Box::new(Ty::TupleOf(Box::new(e)))),
            },
            _ => Ty::Dynamic,
        },
        P::valmax | P::valmin => on_element(1, 0),
        P::apply => arg(1).with_element(on_element(0, 1)),
        P::mapply => arg(1).with_element(on_element(0, 1)).merged(),
        // Each function of the container called on the value, collected
        // in the container's kind.
        P::rapply => arg(0).with_element(call_type(&arg(0).element(), &[arg(1)])),
        P::papply => match call_type(&arg(0), &[arg(1).element(), arg(2).element()]) {
            Ty::Dynamic => Ty::Dynamic,
            r => Ty::TupleOf(Box::new(r)),
        },
        P::mpapply => Ty::TupleOf(Box::new(call_type(
            &arg(0),
            &[arg(1).element(), arg(2).element()],
        )))
        .merged(),
        P::prapply => Ty::set_of(call_type(&arg(0), &[arg(1).element(), arg(2).element()])),
        P::rbind | P::lbind => match bind_arity(&arg(0)) {
            Some(arity) => Ty::func(FnTy::Bind {
                right: p == P::rbind,
                f: arg(0),
                fixed: arg(1),
                arity,
            }),
            None => Ty::Dynamic,
        },
        P::compose => Ty::func(FnTy::Compose(arg(0), arg(1))),
        P::chain => Ty::func(FnTy::Chain(arg(0), arg(1), arg(2))),
        P::fork => Ty::func(FnTy::Fork(arg(0), arg(1), arg(2))),
        P::matcher => Ty::func(FnTy::Matcher(arg(0))),
        P::power => Ty::func(FnTy::Power(arg(0))),
        _ => {
            let sig = p.signature();
            match sig.ret {
                // Patch, Piece and Element results have the kind of the
                // patch, piece or element they are given.
                Type::Patch | Type::Piece | Type::Element => sig
                    .params
                    .iter()
                    .zip(args)
                    .find(|(q, _)| matches!(q.ty, Type::Patch | Type::Piece | Type::Element))
                    .map_or(Ty::Dynamic, |(_, t)| match t {
                        Ty::Grid | Ty::Indices | Ty::Object => t.clone(),
                        _ => Ty::Dynamic,
                    }),
                r => Ty::from_reference(r),
            }
        }
    }
}

/// The type of every node of `plan`, in node order.
pub fn infer(plan: &Plan) -> Vec<Ty> {
    let mut types: Vec<Ty> = Vec::with_capacity(plan.nodes.len());
    for node in &plan.nodes {
        let of = |op: &Operand, types: &[Ty]| -> Ty {
            match op {
                Operand::Input => Ty::Grid,
                Operand::Node(m) => types[*m].clone(),
                Operand::Const(c) => constant(c).map_or(Ty::Dynamic, |v| Ty::of_value(&v)),
                Operand::Prim(p) => prim_value_type(*p),
                Operand::Fused(_) => Ty::Dynamic,
            }
        };
        let args: Vec<Ty> = node.args.iter().map(|a| of(a, &types)).collect();
        let t = match &node.callee {
            Operand::Prim(p) => result_type(*p, &args),
            Operand::Fused(Fused::ApplyChain { merge }) => match args.split_last() {
                Some((container, stages)) => {
                    let mut c = container.clone();
                    for f in stages {
                        c = c.with_element(call_type(f, &[c.element()]));
                    }
                    if *merge {
                        c.merged()
                    } else {
                        c
                    }
                }
                None => Ty::Dynamic,
            },
            // The interpreter's fused calls (`fuse`): plans are typed for
            // emission, before them.
            Operand::Fused(_) => Ty::Dynamic,
            callee => call_type(&of(callee, &types), &args),
        };
        types.push(t);
    }
    types
}

/// How many nodes have a precise type, and which do not.
pub struct TypeReport {
    pub types: Vec<Ty>,
    pub precise: usize,
}

impl TypeReport {
    pub fn of(plan: &Plan) -> TypeReport {
        let types = infer(plan);
        let precise = types.iter().filter(|t| t.is_precise()).count();
        TypeReport { types, precise }
    }
    /// The nodes without a precise type, in node order.
    pub fn untyped(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.types.len()).filter(|&n| !self.types[n].is_precise())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_objects_cells_have_their_own_type() {
        assert_eq!(Ty::Object.element(), Ty::Cell);
        assert_eq!(result_type(Prim::first, &[Ty::Object]), Ty::Cell);
        assert_eq!(
            result_type(Prim::argmax, &[Ty::Object, Ty::Dynamic]),
            Ty::Cell
        );
        assert_eq!(result_type(Prim::first, &[Ty::Cell]), Ty::Int);
        assert_eq!(result_type(Prim::last, &[Ty::Cell]), Ty::Pair);
        assert_eq!(result_type(Prim::initset, &[Ty::Cell]), Ty::Object);
        assert_eq!(
            result_type(Prim::insert, &[Ty::Cell, Ty::Object]),
            Ty::Object
        );
        assert_eq!(
            result_type(Prim::sfilter, &[Ty::Object, Ty::Dynamic]),
            Ty::Object
        );
        // A cell is a tuple of an int and a pair: no container of one type.
        for p in [Prim::sfilter, Prim::remove] {
            let args = if p == Prim::remove {
                vec![Ty::Int, Ty::Cell]
            } else {
                vec![Ty::Cell, Ty::Dynamic]
            };
            assert_eq!(result_type(p, &args), Ty::Dynamic, "{p:?}");
        }
        for p in [Prim::combine, Prim::intersection, Prim::difference] {
            assert_eq!(result_type(p, &[Ty::Cell, Ty::Cell]), Ty::Dynamic, "{p:?}");
        }
        assert_eq!(result_type(Prim::mostcommon, &[Ty::Cell]), Ty::Dynamic);
        // Pairs of cells, as pairs of locations.
        let pairs = result_type(Prim::product, &[Ty::Object, Ty::Object]);
        assert_eq!(pairs, Ty::CellPairs);
        assert_eq!(result_type(Prim::first, &[Ty::CellPairs]), Ty::CellPair);
        assert_eq!(result_type(Prim::last, &[Ty::CellPair]), Ty::Cell);
        assert_eq!(
            result_type(Prim::astuple, &[Ty::Cell, Ty::Cell]),
            Ty::CellPair
        );
        assert_eq!(
            result_type(Prim::sfilter, &[Ty::CellPairs, Ty::Dynamic]),
            Ty::CellPairs
        );
        assert_eq!(result_type(Prim::merge, &[Ty::CellPairs]), Ty::Object);
        // Pairs of objects, the same way.
        let pairs = result_type(Prim::product, &[Ty::Objects, Ty::Objects]);
        assert_eq!(pairs, Ty::ObjectPairs);
        assert_eq!(result_type(Prim::last, &[Ty::ObjectPairs]), Ty::ObjectPair);
        assert_eq!(result_type(Prim::first, &[Ty::ObjectPair]), Ty::Object);
        assert_eq!(
            result_type(Prim::astuple, &[Ty::Object, Ty::Object]),
            Ty::ObjectPair
        );
        assert_eq!(result_type(Prim::merge, &[Ty::ObjectPairs]), Ty::Objects);
        assert_eq!(
            result_type(Prim::difference, &[Ty::ObjectPair, Ty::ObjectPair]),
            Ty::Dynamic
        );
        let tuple = Ty::TupleOf(Box::new(Ty::Cell));
        assert_eq!(
            result_type(Prim::sfilter, &[Ty::CellPair, Ty::Dynamic]),
            tuple
        );
        assert_eq!(
            result_type(Prim::combine, &[Ty::CellPair, Ty::CellPair]),
            tuple
        );
        assert_eq!(
            result_type(Prim::intersection, &[Ty::CellPair, Ty::CellPair]),
            Ty::Dynamic
        );
    }

    #[test]
    fn pairs_of_locations_have_their_own_types() {
        let locpairs = result_type(Prim::product, &[Ty::Indices, Ty::Indices]);
        assert_eq!(locpairs, Ty::LocPairs);
        assert_eq!(result_type(Prim::first, &[Ty::LocPairs]), Ty::LocPair);
        assert_eq!(result_type(Prim::last, &[Ty::LocPair]), Ty::Pair);
        assert_eq!(
            result_type(Prim::astuple, &[Ty::Pair, Ty::Pair]),
            Ty::LocPair
        );
        assert_eq!(
            result_type(Prim::sfilter, &[Ty::LocPairs, Ty::Dynamic]),
            Ty::LocPairs
        );
        assert_eq!(result_type(Prim::merge, &[Ty::LocPairs]), Ty::Indices);
        assert_eq!(result_type(Prim::initset, &[Ty::LocPair]), Ty::LocPairs);
        // A tuple of two pairs is a tuple: filtered, extended or concatenated
        // it may have any length.
        let pairs = Ty::TupleOf(Box::new(Ty::Pair));
        assert_eq!(
            result_type(Prim::combine, &[Ty::LocPair, Ty::LocPair]),
            pairs
        );
        assert_eq!(
            result_type(Prim::sfilter, &[Ty::LocPair, Ty::Dynamic]),
            pairs
        );
        assert_eq!(result_type(Prim::remove, &[Ty::Pair, Ty::LocPair]), pairs);
        assert_eq!(
            result_type(Prim::difference, &[Ty::LocPair, Ty::LocPair]),
            Ty::Dynamic
        );
    }

    #[test]
    fn generic_primitives_take_their_arguments_types() {
        assert_eq!(result_type(Prim::add, &[Ty::Int, Ty::Int]), Ty::Int);
        assert_eq!(result_type(Prim::add, &[Ty::Pair, Ty::Int]), Ty::Pair);
        assert_eq!(result_type(Prim::vmirror, &[Ty::Grid]), Ty::Grid);
        assert_eq!(result_type(Prim::vmirror, &[Ty::Object]), Ty::Object);
        assert_eq!(
            result_type(Prim::shift, &[Ty::Indices, Ty::Pair]),
            Ty::Indices
        );
        assert_eq!(result_type(Prim::first, &[Ty::Objects]), Ty::Object);
        assert_eq!(result_type(Prim::merge, &[Ty::Objects]), Ty::Object);
        let size = prim_value_type(Prim::size);
        assert_eq!(
            result_type(Prim::apply, &[size.clone(), Ty::Objects]),
            Ty::SetOf(Box::new(Ty::Int))
        );
        assert_eq!(result_type(Prim::valmax, &[Ty::Objects, size]), Ty::Int);
        // normalize keeps the kind of its argument, so over objects it
        // gives objects, merged into one object.
        let normalize = prim_value_type(Prim::normalize);
        assert_eq!(
            result_type(Prim::mapply, &[normalize, Ty::Objects]),
            Ty::Object
        );
        // apply(rbind(order, identity), grid): rows sorted, a grid again.
        let sort = result_type(
            Prim::rbind,
            &[
                prim_value_type(Prim::order),
                prim_value_type(Prim::identity),
            ],
        );
        assert_eq!(result_type(Prim::apply, &[sort, Ty::Grid]), Ty::Grid);
        assert_eq!(
            result_type(Prim::branch, &[Ty::Bool, Ty::Grid, Ty::Grid]),
            Ty::Grid
        );
        assert_eq!(
            result_type(Prim::branch, &[Ty::Bool, Ty::Grid, Ty::Int]),
            Ty::Dynamic
        );
    }

    #[test]
    fn branches_of_functions_and_zips_of_tuples_are_typed() {
        // `branch(c, identity, dmirror)(grid)` is a grid either way.
        let either = result_type(
            Prim::branch,
            &[
                Ty::Bool,
                prim_value_type(Prim::identity),
                prim_value_type(Prim::dmirror),
            ],
        );
        assert!(either.is_precise());
        assert_eq!(call_type(&either, &[Ty::Grid]), Ty::Grid);
        // ... but `branch(c, height, tophalf)` of a grid is an int or a grid.
        let mixed = result_type(
            Prim::branch,
            &[
                Ty::Bool,
                prim_value_type(Prim::height),
                prim_value_type(Prim::tophalf),
            ],
        );
        assert_eq!(call_type(&mixed, &[Ty::Grid]), Ty::Dynamic);
        // Functions of two arities make no function of one.
        let arities = result_type(
            Prim::branch,
            &[
                Ty::Bool,
                prim_value_type(Prim::identity),
                prim_value_type(Prim::add),
            ],
        );
        assert_eq!(call_type(&arities, &[Ty::Int]), Ty::Dynamic);
        // The numbers of a pair; `pair` zips two tuples into 2-tuples.
        assert_eq!(result_type(Prim::first, &[Ty::Pair]), Ty::Int);
        assert_eq!(result_type(Prim::last, &[Ty::Pair]), Ty::Int);
        let ints = Ty::TupleOf(Box::new(Ty::Int));
        assert_eq!(
            result_type(Prim::pair, &[ints.clone(), ints.clone()]),
            Ty::TupleOf(Box::new(Ty::Pair))
        );
        // Zips of two kinds: 2-tuples of the two types.
        assert_eq!(
            result_type(Prim::pair, &[ints, Ty::TupleOf(Box::new(Ty::Grid))]),
            Ty::TupleOf(Box::new(Ty::Tuple2(Box::new(Ty::Int), Box::new(Ty::Grid))))
        );
    }

    /// A tuple of two items of two types (`solve_234bbc79`'s state: an
    /// object and a tuple of objects): `first` and `last` give the items'
    /// types, `power` of a step that keeps it is typed, and what would
    /// change its length (filters, `remove`, `combine`) is not.
    #[test]
    fn tuples_of_two_types_are_typed() {
        let objects = Ty::TupleOf(Box::new(Ty::Object));
        let state = result_type(Prim::astuple, &[Ty::Object, objects.clone()]);
        assert_eq!(
            state,
            Ty::Tuple2(Box::new(Ty::Object), Box::new(objects.clone()))
        );
        assert!(state.is_precise());
        assert_eq!(
            result_type(Prim::first, std::slice::from_ref(&state)),
            Ty::Object
        );
        assert_eq!(
            result_type(Prim::last, std::slice::from_ref(&state)),
            objects
        );
        // No element type: the items differ.
        assert_eq!(state.element(), Ty::Dynamic);
        assert_eq!(
            result_type(Prim::argmax, &[state.clone(), Ty::Dynamic]),
            Ty::Dynamic
        );
        let f = prim_value_type;
        for p in [Prim::sfilter, Prim::sizefilter] {
            assert_eq!(result_type(p, &[state.clone(), f(Prim::size)]), Ty::Dynamic);
        }
        assert_eq!(
            result_type(Prim::remove, &[Ty::Object, state.clone()]),
            Ty::Dynamic
        );
        assert_eq!(
            result_type(Prim::combine, &[state.clone(), state.clone()]),
            Ty::Dynamic
        );
        assert_eq!(
            result_type(Prim::difference, &[state.clone(), state.clone()]),
            Ty::Dynamic
        );
        // `fork(astuple, fork(combine, first, compose(first, last)),
        // fork(remove, compose(first, last), last))`: one step keeps the
        // type, so `power` of it is typed.
        let next = result_type(Prim::compose, &[f(Prim::first), f(Prim::last)]);
        let grown = result_type(
            Prim::fork,
            &[f(Prim::combine), f(Prim::first), next.clone()],
        );
        let rest = result_type(Prim::fork, &[f(Prim::remove), next, f(Prim::last)]);
        let step = result_type(Prim::fork, &[f(Prim::astuple), grown, rest]);
        assert_eq!(call_type(&step, std::slice::from_ref(&state)), state);
        let stepped = result_type(Prim::power, &[step, Ty::Int]);
        assert_eq!(call_type(&stepped, std::slice::from_ref(&state)), state);
        // Two items of one type with no pair type of its own: a tuple of
        // it (`astuple` of two sets of objects, `solve_1190e5a7`).
        assert_eq!(
            result_type(Prim::astuple, &[Ty::Objects, Ty::Objects]),
            Ty::TupleOf(Box::new(Ty::Objects))
        );
        assert_eq!(
            result_type(Prim::astuple, &[Ty::LocPair, Ty::LocPair]),
            Ty::TupleOf(Box::new(Ty::LocPair))
        );
        // Items of one type stay the tuples they were; functions, tuples
        // of either; an unknown item, no type.
        assert_eq!(
            result_type(Prim::astuple, &[Ty::Object, Ty::Object]),
            Ty::ObjectPair
        );
        assert_eq!(
            result_type(Prim::astuple, &[Ty::Object, Ty::Dynamic]),
            Ty::Dynamic
        );
        assert_eq!(
            result_type(Prim::astuple, &[f(Prim::size), Ty::Object]),
            Ty::Dynamic
        );
    }

    /// The symmetries of a shape as a tuple of functions: two tuples of
    /// mirrors, their combination, the compositions of the product's
    /// pairs, and `rapply` of them all to an object, a tuple of objects.
    #[test]
    fn tuples_of_functions_and_their_rapply_are_typed() {
        let f = prim_value_type;
        let hv = result_type(Prim::astuple, &[f(Prim::hmirror), f(Prim::vmirror)]);
        let dc = result_type(Prim::astuple, &[f(Prim::dmirror), f(Prim::cmirror)]);
        let mirrors = result_type(Prim::combine, &[hv, dc]);
        assert!(matches!(&mirrors, Ty::TupleOf(e) if matches!(**e, Ty::Func(_))));
        let pairs = result_type(Prim::product, &[mirrors.clone(), mirrors.clone()]);
        let composed = result_type(
            Prim::apply,
            &[
                result_type(
                    Prim::fork,
                    &[f(Prim::compose), f(Prim::first), f(Prim::last)],
                ),
                pairs,
            ],
        );
        let all = result_type(
            Prim::combine,
            &[mirrors, result_type(Prim::totuple, &[composed])],
        );
        assert!(all.is_precise());
        assert_eq!(
            result_type(Prim::rapply, &[all.clone(), Ty::Object]),
            Ty::TupleOf(Box::new(Ty::Object))
        );
        // A grid's mirrors are grids, but a tuple of a mirror and a size
        // gives values of two types.
        assert_eq!(
            result_type(Prim::rapply, &[all, Ty::Grid]),
            Ty::TupleOf(Box::new(Ty::Grid))
        );
        let mixed = result_type(Prim::astuple, &[f(Prim::hmirror), f(Prim::size)]);
        assert_eq!(result_type(Prim::rapply, &[mixed, Ty::Object]), Ty::Dynamic);
        // `mapply(lbind(rapply, set of functions), objects)`: the union of
        // sets of objects is a set of objects.
        let set_of_objects = Ty::SetOf(Box::new(Ty::Objects));
        assert_eq!(result_type(Prim::merge, &[set_of_objects]), Ty::Objects);
        // A number and a location make a cell; two grids a tuple of grids
        // (whose merge stays a value: often ragged in cross mode).
        assert_eq!(result_type(Prim::astuple, &[Ty::Int, Ty::Pair]), Ty::Cell);
        let grids = result_type(Prim::astuple, &[Ty::Grid, Ty::Grid]);
        assert_eq!(grids, Ty::TupleOf(Box::new(Ty::Grid)));
        assert_eq!(result_type(Prim::merge, &[grids]), Ty::Dynamic);
        assert_eq!(
            result_type(Prim::astuple, &[Ty::Indices, Ty::Indices]),
            Ty::TupleOf(Box::new(Ty::Indices))
        );
        // A grid's rows filtered are a grid (or `()`, the grid of no rows).
        let rows_kept = result_type(Prim::sfilter, &[Ty::Grid, f(Prim::identity)]);
        assert_eq!(rows_kept, Ty::Grid);
        // Two tuples of locations make a tuple of them, whose merge is a
        // tuple of locations (`solve_2bee17df`); a function of ints over a
        // pair's numbers that gives locations makes two locations
        // (`apply(tojvec, (4, 8))`, `solve_8e5a5113`).
        let locs = Ty::TupleOf(Box::new(Ty::Pair));
        let both = result_type(Prim::astuple, &[locs.clone(), locs.clone()]);
        assert_eq!(both, Ty::TupleOf(Box::new(locs.clone())));
        assert_eq!(result_type(Prim::merge, &[both]), locs);
        assert_eq!(
            result_type(
                Prim::astuple,
                &[locs.clone(), Ty::TupleOf(Box::new(Ty::Int))]
            ),
            Ty::Tuple2(Box::new(locs), Box::new(Ty::TupleOf(Box::new(Ty::Int))))
        );
        assert_eq!(
            result_type(Prim::apply, &[f(Prim::tojvec), Ty::Pair]),
            Ty::LocPair
        );
        // A grid's rows without repeats are a grid; sorted, a tuple of
        // rows still (no typed kernel).
        assert_eq!(result_type(Prim::dedupe, &[Ty::Grid]), Ty::Grid);
        assert_eq!(
            result_type(Prim::totuple, &[Ty::Grid]),
            Ty::TupleOf(Box::new(Ty::TupleOf(Box::new(Ty::Int))))
        );
    }
}
