//! Function values: primitives used as values and the closures that
//! `lbind`, `rbind`, `compose`, `chain`, `matcher`, `fork` and `power` build.
//!
//! A closure is data (which builder, which operands), so function values
//! compare, order and hash structurally, print readably and cost one `Arc`.
//! Arity follows the reference: it is the `co_argcount` of the Python lambda
//! the builder would return, and a call with another number of arguments is
//! a `TypeError`, as in Python.

use std::cell::OnceCell;
use std::fmt;

use crate::error::{Error, Result};
use crate::signatures::Prim;
use crate::values::Value;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Side {
    Left,
    Right,
}

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Func {
    /// A primitive used as a value.
    Prim(Prim),
    /// `lbind(f, fixed)` / `rbind(f, fixed)`; `arity` is what the lambda takes.
    Bind {
        side: Side,
        f: Value,
        fixed: Value,
        arity: usize,
    },
    /// `compose(outer, inner)`: `x -> outer(inner(x))`.
    Compose(Value, Value),
    /// `chain(h, g, f)`: `x -> h(g(f(x)))`.
    Chain(Value, Value, Value),
    /// `matcher(f, target)`: `x -> f(x) == target`.
    Matcher(Value, Value),
    /// `fork(outer, a, b)`: `x -> outer(a(x), b(x))`.
    Fork(Value, Value, Value),
    /// `power(f, n)` for n >= 2: `f` applied n times.
    Power(Value, i64),
}

impl Func {
    /// The number of arguments the function takes (Python's `co_argcount`).
    pub fn arity(&self) -> usize {
        match self {
            Func::Prim(p) => p.signature().params.len(),
            Func::Bind { arity, .. } => *arity,
            _ => 1,
        }
    }
}

/// The arity of a callable value (a type error for non-functions).
pub fn arity(f: &Value) -> Result<usize> {
    Ok(f.as_func("call")?.arity())
}

/// The arguments of a bound function's call: the fixed value before or
/// after the caller's.
fn bound<'a>(
    side: Side,
    fixed: &'a Value,
    args: &[&'a Value],
) -> smallvec::SmallVec<[&'a Value; 4]> {
    let mut full = smallvec::SmallVec::new();
    match side {
        Side::Left => {
            full.push(fixed);
            full.extend_from_slice(args);
        }
        Side::Right => {
            full.extend_from_slice(args);
            full.push(fixed);
        }
    }
    full
}

/// Call a function value: Python's `f(*args)`.
pub fn call(f: &Value, args: &[Value]) -> Result<Value> {
    let refs: smallvec::SmallVec<[&Value; 4]> = args.iter().collect();
    call_refs(f, &refs)
}

/// [`call`] on borrowed arguments. Closures pass their operands by
/// reference all the way down to the primitive, so calling one (once per
/// element in `apply`, `sfilter`, `argmax`, ...) allocates nothing but the
/// results.
pub fn call_refs(f: &Value, args: &[&Value]) -> Result<Value> {
    let func = f.as_func("call")?;
    if args.len() != func.arity() {
        return Err(Error::type_error("call: wrong number of arguments"));
    }
    match func {
        Func::Prim(p) => crate::signatures::dispatch_refs(*p, args),
        Func::Bind { side, f, fixed, .. } => call_refs(f, &bound(*side, fixed, args)),
        Func::Compose(outer, inner) => call1(outer, &call1(inner, args[0])?),
        Func::Chain(h, g, f) => call1(h, &call1(g, &call1(f, args[0])?)?),
        Func::Matcher(f, target) => Ok(Value::Bool(call1(f, args[0])? == *target)),
        Func::Fork(outer, a, b) => {
            let x = call1(a, args[0])?;
            let y = call1(b, args[0])?;
            call_refs(outer, &[&x, &y])
        }
        Func::Power(f, n) => {
            let mut x = args[0].clone();
            for _ in 0..*n {
                crate::budget::check()?;
                x = call1(f, &x)?;
            }
            Ok(x)
        }
    }
}

/// A function value prepared for many calls of one arity (a higher-order
/// primitive calls it once per element): its closures unfolded into a
/// tree and every arity checked once, so that a call runs the tree's
/// primitives directly. A part that a call could not run as it stands (a
/// wrong arity, not a function) stays a value and is called as one, so it
/// fails where and as `call_refs` would. Heavy function values inside it
/// that the plan built are called through the evaluation's memo
/// ([`crate::memo`]).
pub struct Callable<'f> {
    node: Node<'f>,
    _prepared: crate::memo::Prepared,
}

impl<'f> Callable<'f> {
    /// `f` as it will be called with `arity` arguments.
    pub fn new(f: &'f Value, arity: usize) -> Callable<'f> {
        let prepared = crate::memo::prepare(f);
        Callable {
            node: Node::new(f, arity),
            _prepared: prepared,
        }
    }

    /// Call with the arity it was prepared for.
    #[inline]
    pub fn call(&self, args: &[&Value]) -> Result<Value> {
        self.node.call(args)
    }

    pub fn call1(&self, x: &Value) -> Result<Value> {
        self.node.call(&[x])
    }

    pub fn call2(&self, x: &Value, y: &Value) -> Result<Value> {
        self.node.call(&[x, y])
    }

    /// `f((x, y))` where the pair is an element of a product: a function
    /// that reads the pair only through `first` and `last` (`fork(connect,
    /// first, last)`, `compose(g, first)`, ...) gets `x` and `y` without
    /// the pair being built; any other gets the pair `product` would have
    /// made.
    pub fn call_on_pair(&self, x: &Value, y: &Value) -> Result<Value> {
        self.node.call_on_pair(x, y)
    }
}

/// A part of a prepared function.
enum Node<'f> {
    Prim(Prim),
    Bind {
        side: Side,
        f: Box<Node<'f>>,
        fixed: &'f Value,
    },
    Compose(Box<Node<'f>>, Box<Node<'f>>),
    Chain(Box<Node<'f>>, Box<Node<'f>>, Box<Node<'f>>),
    Matcher(Box<Node<'f>>, &'f Value),
    Fork(Box<Node<'f>>, Box<Node<'f>>, Box<Node<'f>>),
    Power(Box<Node<'f>>, i64),
    /// A one-argument function called through the memo; unfolded at its
    /// first call that the memo does not answer.
    Memo(&'f Value, OnceCell<Box<Node<'f>>>),
    /// `compose(f, lbind(astuple, fixed))` (or `rbind`) with `f` called
    /// through the memo: the pair is looked up without being built.
    MemoPair {
        f: &'f Value,
        unfolded: OnceCell<Box<Node<'f>>>,
        side: Side,
        fixed: &'f Value,
    },
    Value(&'f Value),
}

impl<'f> Node<'f> {
    #[inline]
    fn new(f: &'f Value, arity: usize) -> Node<'f> {
        if arity == 1 && crate::memo::chosen(f) {
            return Node::Memo(f, OnceCell::new());
        }
        Node::unfold(f, arity)
    }

    fn unfold(f: &'f Value, arity: usize) -> Node<'f> {
        let func = match f {
            Value::Func(func) if func.arity() == arity => &**func,
            _ => return Node::Value(f),
        };
        let one = |g: &'f Value| Box::new(Node::new(g, 1));
        match func {
            Func::Prim(p) => Node::Prim(*p),
            Func::Bind {
                side, f: g, fixed, ..
            } => Node::Bind {
                side: *side,
                f: Box::new(Node::new(g, arity + 1)),
                fixed,
            },
            Func::Compose(outer, inner) => match (Node::new(outer, 1), pair_builder(inner)) {
                (Node::Memo(f, unfolded), Some((side, fixed))) => Node::MemoPair {
                    f,
                    unfolded,
                    side,
                    fixed,
                },
                (outer, _) => Node::Compose(Box::new(outer), one(inner)),
            },
            Func::Chain(h, g, i) => Node::Chain(one(h), one(g), one(i)),
            Func::Matcher(g, target) => Node::Matcher(one(g), target),
            Func::Fork(outer, a, b) => Node::Fork(Box::new(Node::new(outer, 2)), one(a), one(b)),
            Func::Power(g, n) => Node::Power(one(g), *n),
        }
    }

    fn call(&self, args: &[&Value]) -> Result<Value> {
        match self {
            Node::Prim(p) => crate::signatures::dispatch_refs(*p, args),
            Node::Bind { side, f, fixed } => f.call(&bound(*side, fixed, args)),
            Node::Compose(outer, inner) => outer.call1(&inner.call(args)?),
            Node::Chain(h, g, f) => h.call1(&g.call1(&f.call(args)?)?),
            Node::Matcher(f, target) => Ok(Value::Bool(f.call(args)? == **target)),
            Node::Fork(outer, a, b) => {
                let x = a.call(args)?;
                let y = b.call(args)?;
                outer.call(&[&x, &y])
            }
            Node::Power(f, n) => {
                let [x] = args else {
                    return Err(Error::type_error("call: wrong number of arguments"));
                };
                let mut x = (*x).clone();
                for _ in 0..*n {
                    crate::budget::check()?;
                    x = f.call1(&x)?;
                }
                Ok(x)
            }
            Node::Memo(f, unfolded) => call_memo(f, unfolded, args),
            Node::MemoPair {
                f,
                unfolded,
                side,
                fixed,
            } => call_memo_pair(f, unfolded, *side, fixed, args),
            Node::Value(f) => call_refs(f, args),
        }
    }

    fn call1(&self, x: &Value) -> Result<Value> {
        self.call(&[x])
    }

    fn call_on_pair(&self, x: &Value, y: &Value) -> Result<Value> {
        match self {
            Node::Prim(Prim::first) => Ok(x.clone()),
            Node::Prim(Prim::last) => Ok(y.clone()),
            // The closures' own order of calls, as `call` makes them.
            Node::Fork(outer, g, h) => {
                let u = g.call_on_pair(x, y)?;
                let v = h.call_on_pair(x, y)?;
                outer.call(&[&u, &v])
            }
            Node::Compose(outer, inner) => outer.call1(&inner.call_on_pair(x, y)?),
            Node::Chain(h, g, inner) => h.call1(&g.call1(&inner.call_on_pair(x, y)?)?),
            _ => self.call1(&Value::tuple2(x.clone(), y.clone())),
        }
    }
}

/// A call of a [`Node::Memo`] (out of line: the interpreter's recursion
/// stays small).
#[inline(never)]
fn call_memo<'f>(
    f: &'f Value,
    unfolded: &OnceCell<Box<Node<'f>>>,
    args: &[&Value],
) -> Result<Value> {
    let unfolded = || unfolded.get_or_init(|| Box::new(Node::unfold(f, 1)));
    // A function argument is built per call: it is never found again.
    let [x] = args else {
        return unfolded().call(args);
    };
    if matches!(x, Value::Func(_)) {
        return unfolded().call(args);
    }
    if let Some(hit) = crate::memo::get(f, x) {
        return Ok(hit);
    }
    let result = unfolded().call(args)?;
    crate::memo::put(f, x, &result);
    Ok(result)
}

/// `lbind(astuple, fixed)` or `rbind(astuple, fixed)`: the side and the
/// fixed element of the pairs it builds.
fn pair_builder(f: &Value) -> Option<(Side, &Value)> {
    match f {
        Value::Func(func) => match &**func {
            Func::Bind {
                side,
                f: Value::Func(g),
                fixed,
                arity: 1,
            } if **g == Func::Prim(Prim::astuple) => Some((*side, fixed)),
            _ => None,
        },
        _ => None,
    }
}

/// A call of a [`Node::MemoPair`]: `f(astuple(a, b))` with `a` or `b` the
/// fixed element. Where the pair would be a plain 2-tuple (one element is
/// shared data: a grid, set or function, which is no number, cell part or
/// row of a grid), the memo is asked for `(a, b)` as it would be for the
/// tuple, and the tuple is built only to call `f`; any other pair takes
/// the path of the composition.
#[inline(never)]
fn call_memo_pair<'f>(
    f: &'f Value,
    unfolded: &OnceCell<Box<Node<'f>>>,
    side: Side,
    fixed: &Value,
    args: &[&Value],
) -> Result<Value> {
    let [x] = args else {
        return Err(Error::type_error("call: wrong number of arguments"));
    };
    let (a, b) = match side {
        Side::Left => (fixed, *x),
        Side::Right => (*x, fixed),
    };
    let shared = |v: &Value| {
        matches!(
            v,
            Value::Grid(_) | Value::Indices(_) | Value::Object(_) | Value::Set(_) | Value::Func(_)
        )
    };
    if !(shared(a) || shared(b)) {
        let pair = crate::primitives::arithmetic::astuple(a, b)?;
        return call_memo(f, unfolded, &[&pair]);
    }
    if let Some(hit) = crate::memo::get_pair(f, a, b) {
        return Ok(hit);
    }
    let pair = Value::Tuple(std::sync::Arc::new([a.clone(), b.clone()]));
    let result = unfolded
        .get_or_init(|| Box::new(Node::unfold(f, 1)))
        .call1(&pair)?;
    crate::memo::put(f, &pair, &result);
    Ok(result)
}

/// Call a one-argument function value.
pub fn call1(f: &Value, x: &Value) -> Result<Value> {
    call_refs(f, &[x])
}

/// Call a two-argument function value.
pub fn call2(f: &Value, x: &Value, y: &Value) -> Result<Value> {
    call_refs(f, &[x, y])
}

impl fmt::Display for Func {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Func::Prim(p) => write!(f, "{}", p.name()),
            Func::Bind {
                side: Side::Left,
                f: g,
                fixed,
                ..
            } => write!(f, "lbind({g}, {fixed})"),
            Func::Bind {
                side: Side::Right,
                f: g,
                fixed,
                ..
            } => write!(f, "rbind({g}, {fixed})"),
            Func::Compose(a, b) => write!(f, "compose({a}, {b})"),
            Func::Chain(a, b, c) => write!(f, "chain({a}, {b}, {c})"),
            Func::Matcher(a, b) => write!(f, "matcher({a}, {b})"),
            Func::Fork(a, b, c) => write!(f, "fork({a}, {b}, {c})"),
            Func::Power(a, n) => write!(f, "power({a}, {n})"),
        }
    }
}
