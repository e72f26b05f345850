//! Arithmetic and logic primitives.
//!
//! The reference's `Numerical` is an int or a 2-tuple, and each operation
//! dispatches on `isinstance(x, int)` / `isinstance(x, tuple)`. What the
//! pairs hold is not checked there: the component operations are Python's
//! own operators, so `add((a, b), (c, d))` concatenates when the components
//! are tuples. [`binop`] follows Python's operators on every kind we model,
//! and the fast paths cover ints and pairs of ints.

use std::cmp::Ordering;

use crate::error::{Error, Result};
use crate::values::{Kind, Value};

// ----- Python operators on single values -------------------------------------

/// A Python binary operator used by the lifted arithmetic primitives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Op {
    Add,
    Sub,
    Mul,
    FloorDiv,
}

#[inline]
fn overflow(context: &'static str) -> Error {
    Error::unsupported(context)
}

/// Python `a // b` on ints (rounds toward negative infinity).
#[inline]
pub(crate) fn floor_div(a: i64, b: i64, context: &'static str) -> Result<i64> {
    if b == 0 {
        return Err(Error::zero_division(context));
    }
    let q = a.checked_div(b).ok_or(overflow(context))?;
    let r = a.checked_rem(b).ok_or(overflow(context))?;
    Ok(if r != 0 && ((r < 0) != (b < 0)) {
        q - 1
    } else {
        q
    })
}

/// Python `a % b` on ints (the sign follows `b`).
#[inline]
pub(crate) fn floor_mod(a: i64, b: i64, context: &'static str) -> Result<i64> {
    if b == 0 {
        return Err(Error::zero_division(context));
    }
    let r = a.checked_rem(b).ok_or(overflow(context))?;
    Ok(if r != 0 && ((r < 0) != (b < 0)) {
        r + b
    } else {
        r
    })
}

#[inline]
fn int_op(op: Op, a: i64, b: i64, context: &'static str) -> Result<i64> {
    match op {
        Op::Add => a.checked_add(b).ok_or(overflow(context)),
        Op::Sub => a.checked_sub(b).ok_or(overflow(context)),
        Op::Mul => a.checked_mul(b).ok_or(overflow(context)),
        Op::FloorDiv => floor_div(a, b, context),
    }
}

/// Python tuple concatenation `a + b`; two grids of one width stay a grid.
pub(crate) fn concat_tuples(a: &Value, b: &Value) -> Result<Value> {
    match (a, b) {
        (Value::Grid(x), _) if b.len()? == 0 => Ok(Value::Grid(x.clone())),
        (_, Value::Grid(y)) if a.len()? == 0 => Ok(Value::Grid(y.clone())),
        (Value::Grid(x), Value::Grid(y)) if x.width() == y.width() => {
            Ok(Value::Grid(super::buffers::concatenated(x, y)))
        }
        _ => {
            let mut items = a.elems()?;
            items.extend(b.elems()?);
            Ok(Value::tuple(items))
        }
    }
}

/// Python `seq * n` for a tuple: `n` copies, none when `n <= 0`.
fn repeat_tuple(t: &Value, n: i64, context: &'static str) -> Result<Value> {
    let items = t.elems_cow()?;
    let n = usize::try_from(n.max(0)).map_err(|_| overflow(context))?;
    let total = items.len().checked_mul(n).ok_or(overflow(context))?;
    crate::budget::check_size(total, context)?;
    let mut out = Vec::with_capacity(total);
    for _ in 0..n {
        out.extend(items.iter().cloned());
    }
    Ok(Value::tuple(out))
}

/// Python's `a <op> b` on any two values we model.
pub(crate) fn binop(op: Op, a: &Value, b: &Value, context: &'static str) -> Result<Value> {
    if let (Some(x), Some(y)) = (a.number(), b.number()) {
        return int_op(op, x, y, context).map(Value::Int);
    }
    match (op, a.kind(), b.kind()) {
        (Op::Add, Kind::Tuple, Kind::Tuple) => concat_tuples(a, b),
        (Op::Sub, Kind::Set, Kind::Set) => crate::primitives::containers::difference(a, b),
        (Op::Mul, Kind::Tuple, Kind::Number) => repeat_tuple(a, b.number().unwrap_or(0), context),
        (Op::Mul, Kind::Number, Kind::Tuple) => repeat_tuple(b, a.number().unwrap_or(0), context),
        _ => Err(Error::type_error(context)),
    }
}

/// Python `t[k]` for `k` in 0..2: an index error on a short tuple, a type
/// error on anything that is not a tuple.
fn component(t: &Value, k: usize, context: &'static str) -> Result<Value> {
    if !t.is_tuple() {
        return Err(Error::type_error(context));
    }
    t.tuple_get(k).ok_or(Error::index_error(context))
}

/// The reference's four-way dispatch of `add`, `subtract`, `multiply`,
/// `divide`: int with int, tuple with tuple (componentwise), int with tuple
/// (broadcast), and anything else as `(a[0] op b, a[1] op b)`.
fn lifted(op: Op, a: &Value, b: &Value, context: &'static str) -> Result<Value> {
    // Fast paths: ints and pairs of ints.
    match (a, b) {
        (Value::Pair(a0, a1), Value::Pair(b0, b1)) => {
            return Ok(Value::Pair(
                int_op(op, *a0, *b0, context)?,
                int_op(op, *a1, *b1, context)?,
            ))
        }
        (Value::Pair(a0, a1), _) if b.is_number() => {
            let y = b.number().unwrap_or(0);
            return Ok(Value::Pair(
                int_op(op, *a0, y, context)?,
                int_op(op, *a1, y, context)?,
            ));
        }
        (_, Value::Pair(b0, b1)) if a.is_number() => {
            let x = a.number().unwrap_or(0);
            return Ok(Value::Pair(
                int_op(op, x, *b0, context)?,
                int_op(op, x, *b1, context)?,
            ));
        }
        _ => {}
    }
    if a.is_number() && b.is_number() {
        return binop(op, a, b, context);
    }
    let (x, y) = if a.is_tuple() && b.is_tuple() {
        let x = binop(
            op,
            &component(a, 0, context)?,
            &component(b, 0, context)?,
            context,
        )?;
        let y = binop(
            op,
            &component(a, 1, context)?,
            &component(b, 1, context)?,
            context,
        )?;
        (x, y)
    } else if a.is_number() && b.is_tuple() {
        let x = binop(op, a, &component(b, 0, context)?, context)?;
        let y = binop(op, a, &component(b, 1, context)?, context)?;
        (x, y)
    } else {
        let x = binop(op, &component(a, 0, context)?, b, context)?;
        let y = binop(op, &component(a, 1, context)?, b, context)?;
        (x, y)
    };
    Ok(Value::tuple(vec![x, y]))
}

/// Apply a number-only map to an int, or to both components of a tuple
/// (`(f(x[0]), f(x[1]))`), as `invert`, `crement` and `sign` do. Components
/// that are not numbers are a type error, as their Python operators are.
fn map_numerical(
    x: &Value,
    context: &'static str,
    f: impl Fn(i64) -> Result<i64>,
) -> Result<Value> {
    match x {
        Value::Bool(_) | Value::Int(_) => f(x.number().unwrap_or(0)).map(Value::Int),
        Value::Pair(a, b) => Ok(Value::Pair(f(*a)?, f(*b)?)),
        _ => {
            let a = component(x, 0, context)?.as_int(context)?;
            let a = f(a)?;
            let b = component(x, 1, context)?.as_int(context)?;
            Ok(Value::tuple(vec![Value::Int(a), Value::Int(f(b)?)]))
        }
    }
}

/// Python's `a > b` on the kinds we model: numbers by value, tuples
/// lexicographically (the first unequal components decide, then the
/// length), frozensets as proper supersets. Anything else is a type error.
pub(crate) fn py_gt(a: &Value, b: &Value) -> Result<bool> {
    match (a, b) {
        (Value::Pair(a0, a1), Value::Pair(b0, b1)) => return Ok((a0, a1) > (b0, b1)),
        (Value::Tuple(x), Value::Tuple(y)) => {
            return match x.iter().zip(y.iter()).find(|(p, q)| p != q) {
                Some((p, q)) => py_gt(p, q),
                None => Ok(x.len() > y.len()),
            };
        }
        _ => {}
    }
    match (a.kind(), b.kind()) {
        (Kind::Number, Kind::Number) => Ok(a.number() > b.number()),
        (Kind::Tuple, Kind::Tuple) => {
            let (la, lb) = (a.len()?, b.len()?);
            for k in 0..la.min(lb) {
                let (p, q) = (a.tuple_get(k), b.tuple_get(k));
                if let (Some(p), Some(q)) = (p, q) {
                    if p != q {
                        return py_gt(&p, &q);
                    }
                }
            }
            Ok(la > lb)
        }
        (Kind::Set, Kind::Set) => {
            if a.len()? <= b.len()? {
                return Ok(false);
            }
            for e in b.elems()? {
                if !a.contains(&e)? {
                    return Ok(false);
                }
            }
            Ok(true)
        }
        _ => Err(Error::type_error("comparison")),
    }
}

/// Python's `a < b`.
pub(crate) fn py_lt(a: &Value, b: &Value) -> Result<bool> {
    py_gt(b, a)
}

// ----- primitives --------------------------------------------------------------

pub fn identity(x: &Value) -> Result<Value> {
    Ok(x.clone())
}

pub fn add(a: &Value, b: &Value) -> Result<Value> {
    lifted(Op::Add, a, b, "add")
}

pub fn subtract(a: &Value, b: &Value) -> Result<Value> {
    lifted(Op::Sub, a, b, "subtract")
}

pub fn multiply(a: &Value, b: &Value) -> Result<Value> {
    lifted(Op::Mul, a, b, "multiply")
}

/// Floor division, as Python's `//`.
pub fn divide(a: &Value, b: &Value) -> Result<Value> {
    lifted(Op::FloorDiv, a, b, "divide")
}

pub fn invert(n: &Value) -> Result<Value> {
    map_numerical(n, "invert", |x| x.checked_neg().ok_or(overflow("invert")))
}

/// `n % 2 == 0`; only numbers support `%` here.
pub fn even(n: &Value) -> Result<Value> {
    let n = n.as_int("even")?;
    Ok(Value::Bool(floor_mod(n, 2, "even")? == 0))
}

pub fn double(n: &Value) -> Result<Value> {
    lifted(Op::Mul, n, &Value::Int(2), "double")
}

pub fn halve(n: &Value) -> Result<Value> {
    lifted(Op::FloorDiv, n, &Value::Int(2), "halve")
}

pub fn flip(b: &Value) -> Result<Value> {
    Ok(Value::Bool(!b.truthy()))
}

pub fn equality(a: &Value, b: &Value) -> Result<Value> {
    Ok(Value::Bool(a == b))
}

pub fn greater(a: &Value, b: &Value) -> Result<Value> {
    py_gt(a, b).map(Value::Bool)
}

/// Python's `a and b`: `a` when it is falsy, else `b` (not always a bool).
pub fn both(a: &Value, b: &Value) -> Result<Value> {
    Ok(if a.truthy() { b.clone() } else { a.clone() })
}

/// Python's `a or b`: `a` when it is truthy, else `b` (not always a bool).
pub fn either(a: &Value, b: &Value) -> Result<Value> {
    Ok(if a.truthy() { a.clone() } else { b.clone() })
}

pub fn increment(x: &Value) -> Result<Value> {
    lifted(Op::Add, x, &Value::Int(1), "increment")
}

pub fn decrement(x: &Value) -> Result<Value> {
    lifted(Op::Sub, x, &Value::Int(1), "decrement")
}

/// Away from zero by one: 0 stays 0.
pub fn crement(x: &Value) -> Result<Value> {
    map_numerical(x, "crement", |v| match v.cmp(&0) {
        Ordering::Equal => Ok(0),
        Ordering::Greater => v.checked_add(1).ok_or(overflow("crement")),
        Ordering::Less => v.checked_sub(1).ok_or(overflow("crement")),
    })
}

pub fn sign(x: &Value) -> Result<Value> {
    map_numerical(x, "sign", |v| Ok(v.signum()))
}

pub fn positive(x: &Value) -> Result<Value> {
    py_gt(x, &Value::Int(0)).map(Value::Bool)
}

pub fn toivec(i: &Value) -> Result<Value> {
    Ok(Value::tuple(vec![i.clone(), Value::Int(0)]))
}

pub fn tojvec(j: &Value) -> Result<Value> {
    Ok(Value::tuple(vec![Value::Int(0), j.clone()]))
}

pub fn astuple(a: &Value, b: &Value) -> Result<Value> {
    Ok(Value::tuple(vec![a.clone(), b.clone()]))
}

/// `a if condition else b`, with Python truthiness.
pub fn branch(condition: &Value, a: &Value, b: &Value) -> Result<Value> {
    Ok(if condition.truthy() {
        a.clone()
    } else {
        b.clone()
    })
}

// ----- kernels (see `typed`) ---------------------------------------------------
//
// On ints and pairs of ints the primitives above are `int_op` per
// component; these are the same operations on unboxed numbers (the
// `Value` forms take the fast paths of `lifted`, which compute the same).

macro_rules! lifted_kernels {
    ($op:expr, $ctx:literal, $ii:ident, $pp:ident, $pi:ident, $ip:ident) => {
        #[inline]
        pub fn $ii(a: i64, b: i64) -> Result<i64> {
            int_op($op, a, b, $ctx)
        }
        #[inline]
        pub fn $pp(a: (i64, i64), b: (i64, i64)) -> Result<(i64, i64)> {
            Ok((int_op($op, a.0, b.0, $ctx)?, int_op($op, a.1, b.1, $ctx)?))
        }
        #[inline]
        pub fn $pi(a: (i64, i64), b: i64) -> Result<(i64, i64)> {
            Ok((int_op($op, a.0, b, $ctx)?, int_op($op, a.1, b, $ctx)?))
        }
        #[inline]
        pub fn $ip(a: i64, b: (i64, i64)) -> Result<(i64, i64)> {
            Ok((int_op($op, a, b.0, $ctx)?, int_op($op, a, b.1, $ctx)?))
        }
    };
}

lifted_kernels!(
    Op::Add,
    "add",
    add_ints,
    add_pairs,
    add_pair_int,
    add_int_pair
);
lifted_kernels!(
    Op::Sub,
    "subtract",
    subtract_ints,
    subtract_pairs,
    subtract_pair_int,
    subtract_int_pair
);
lifted_kernels!(
    Op::Mul,
    "multiply",
    multiply_ints,
    multiply_pairs,
    multiply_pair_int,
    multiply_int_pair
);
lifted_kernels!(
    Op::FloorDiv,
    "divide",
    divide_ints,
    divide_pairs,
    divide_pair_int,
    divide_int_pair
);

/// A one-number map (`increment`, `invert`, ...) on an int and on a pair.
macro_rules! unary_kernels {
    ($int:ident, $pair:ident, $f:expr) => {
        #[inline]
        pub fn $int(x: i64) -> Result<i64> {
            $f(x)
        }
        #[inline]
        pub fn $pair(x: (i64, i64)) -> Result<(i64, i64)> {
            Ok(($f(x.0)?, $f(x.1)?))
        }
    };
}

unary_kernels!(invert_int, invert_pair, |x: i64| x
    .checked_neg()
    .ok_or(overflow("invert")));
unary_kernels!(double_int, double_pair, |x: i64| int_op(
    Op::Mul,
    x,
    2,
    "double"
));
unary_kernels!(halve_int, halve_pair, |x: i64| int_op(
    Op::FloorDiv,
    x,
    2,
    "halve"
));
unary_kernels!(increment_int, increment_pair, |x: i64| int_op(
    Op::Add,
    x,
    1,
    "increment"
));
unary_kernels!(decrement_int, decrement_pair, |x: i64| int_op(
    Op::Sub,
    x,
    1,
    "decrement"
));
unary_kernels!(crement_int, crement_pair, |v: i64| match v.cmp(&0) {
    Ordering::Equal => Ok(0),
    Ordering::Greater => v.checked_add(1).ok_or(overflow("crement")),
    Ordering::Less => v.checked_sub(1).ok_or(overflow("crement")),
});
unary_kernels!(sign_int, sign_pair, |v: i64| -> Result<i64> {
    Ok(v.signum())
});

#[inline]
pub fn even_int(n: i64) -> Result<bool> {
    Ok(floor_mod(n, 2, "even")? == 0)
}

#[inline]
pub fn flip_bool(b: bool) -> Result<bool> {
    Ok(!b)
}

#[inline]
pub fn positive_int(x: i64) -> Result<bool> {
    Ok(x > 0)
}

#[inline]
pub fn greater_ints(a: i64, b: i64) -> Result<bool> {
    Ok(a > b)
}

#[inline]
pub fn greater_pairs(a: (i64, i64), b: (i64, i64)) -> Result<bool> {
    Ok(a > b)
}

/// `a and b` of two bools is a bool.
#[inline]
pub fn both_bools(a: bool, b: bool) -> Result<bool> {
    Ok(a && b)
}

#[inline]
pub fn either_bools(a: bool, b: bool) -> Result<bool> {
    Ok(a || b)
}

/// `astuple` of two pairs: the 2-tuple of them.
pub fn astuple_pairs(a: (i64, i64), b: (i64, i64)) -> Result<crate::typed::PairPair> {
    Ok((a, b))
}

/// `astuple` of two cells: the 2-tuple of them.
pub fn astuple_cells(a: crate::Cell, b: crate::Cell) -> Result<crate::typed::CellPair> {
    Ok((a, b))
}

/// `astuple` of a number and a location: a cell `(colour, (i, j))` (a
/// placeholder cell added to an object, ...), where the number is a colour
/// and the location fits a cell's; other values make a tuple that only
/// the interpreter holds.
pub fn astuple_int_pair(c: i64, p: (i64, i64)) -> Result<crate::Cell> {
    let color = crate::values::Color::try_from(c)
        .map_err(|_| crate::error::Error::deopt("astuple of a number beyond a colour"))?;
    let (i, j) = crate::typed::loc_of(p)?;
    Ok(crate::Cell::new(color, i, j))
}

/// `astuple` of two objects: the 2-tuple of them.
pub fn astuple_objects(
    a: &crate::typed::Cells,
    b: &crate::typed::Cells,
) -> Result<crate::typed::ObjectPair> {
    Ok((a.clone(), b.clone()))
}

/// `equality` of two cells (of an object, not two objects).
pub fn equality_cell(a: crate::Cell, b: crate::Cell) -> Result<bool> {
    Ok(a == b)
}

#[inline]
pub fn toivec_int(i: i64) -> Result<(i64, i64)> {
    Ok((i, 0))
}

#[inline]
pub fn tojvec_int(j: i64) -> Result<(i64, i64)> {
    Ok((0, j))
}

#[inline]
pub fn astuple_ints(a: i64, b: i64) -> Result<(i64, i64)> {
    Ok((a, b))
}

/// `==` of two values of one representation: ints, bools, pairs compare
/// as numbers; grids, indices and objects as what they hold (their `Arc`s
/// hold canonical forms, so equal values hold equal data).
#[inline]
pub fn equality_ints(a: i64, b: i64) -> Result<bool> {
    Ok(a == b)
}

#[inline]
pub fn equality_bools(a: bool, b: bool) -> Result<bool> {
    Ok(a == b)
}

#[inline]
pub fn equality_pairs(a: (i64, i64), b: (i64, i64)) -> Result<bool> {
    Ok(a == b)
}

pub fn equality_grids(a: &crate::typed::G, b: &crate::typed::G) -> Result<bool> {
    Ok(a == b)
}

pub fn equality_locs(a: &crate::typed::Locs, b: &crate::typed::Locs) -> Result<bool> {
    Ok(a == b)
}

pub fn equality_cells(a: &crate::typed::Cells, b: &crate::typed::Cells) -> Result<bool> {
    Ok(a == b)
}

crate::kernel_table! {
    ARITHMETIC_KERNELS:
    add(Int, Int) -> Int = add_ints;
    add(Pair, Pair) -> Pair = add_pairs;
    add(Pair, Int) -> Pair = add_pair_int;
    add(Int, Pair) -> Pair = add_int_pair;
    subtract(Int, Int) -> Int = subtract_ints;
    subtract(Pair, Pair) -> Pair = subtract_pairs;
    subtract(Pair, Int) -> Pair = subtract_pair_int;
    subtract(Int, Pair) -> Pair = subtract_int_pair;
    multiply(Int, Int) -> Int = multiply_ints;
    multiply(Pair, Pair) -> Pair = multiply_pairs;
    multiply(Pair, Int) -> Pair = multiply_pair_int;
    multiply(Int, Pair) -> Pair = multiply_int_pair;
    divide(Int, Int) -> Int = divide_ints;
    divide(Pair, Pair) -> Pair = divide_pairs;
    divide(Pair, Int) -> Pair = divide_pair_int;
    divide(Int, Pair) -> Pair = divide_int_pair;
    invert(Int) -> Int = invert_int;
    invert(Pair) -> Pair = invert_pair;
    double(Int) -> Int = double_int;
    double(Pair) -> Pair = double_pair;
    halve(Int) -> Int = halve_int;
    halve(Pair) -> Pair = halve_pair;
    increment(Int) -> Int = increment_int;
    increment(Pair) -> Pair = increment_pair;
    decrement(Int) -> Int = decrement_int;
    decrement(Pair) -> Pair = decrement_pair;
    crement(Int) -> Int = crement_int;
    crement(Pair) -> Pair = crement_pair;
    sign(Int) -> Int = sign_int;
    sign(Pair) -> Pair = sign_pair;
    even(Int) -> Bool = even_int;
    flip(Bool) -> Bool = flip_bool;
    positive(Int) -> Bool = positive_int;
    greater(Int, Int) -> Bool = greater_ints;
    greater(Pair, Pair) -> Bool = greater_pairs;
    both(Bool, Bool) -> Bool = both_bools;
    either(Bool, Bool) -> Bool = either_bools;
    toivec(Int) -> Pair = toivec_int;
    tojvec(Int) -> Pair = tojvec_int;
    astuple(Int, Int) -> Pair = astuple_ints;
    astuple(Pair, Pair) -> LocPair = astuple_pairs;
    astuple(Cell, Cell) -> CellPair = astuple_cells;
    astuple(Int, Pair) -> Cell = astuple_int_pair;
    astuple(Object, Object) -> ObjectPair = astuple_objects;
    equality(Cell, Cell) -> Bool = equality_cell;
    equality(Int, Int) -> Bool = equality_ints;
    equality(Bool, Bool) -> Bool = equality_bools;
    equality(Pair, Pair) -> Bool = equality_pairs;
    equality(Grid, Grid) -> Bool = equality_grids;
    equality(Indices, Indices) -> Bool = equality_locs;
    equality(Object, Object) -> Bool = equality_cells;
}
