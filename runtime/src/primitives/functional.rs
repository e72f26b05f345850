//! Higher-order primitives: builders of function values and the primitives
//! that call functions over containers.

use crate::error::{Error, Result};
use crate::functions::{arity, call1, Callable, Func, Side};
use crate::primitives::collect_results;
use crate::values::{row_value, Value};

pub fn compose(outer: &Value, inner: &Value) -> Result<Value> {
    Ok(Value::func(Func::Compose(outer.clone(), inner.clone())))
}

pub fn chain(h: &Value, g: &Value, f: &Value) -> Result<Value> {
    Ok(Value::func(Func::Chain(h.clone(), g.clone(), f.clone())))
}

pub fn matcher(function: &Value, target: &Value) -> Result<Value> {
    Ok(Value::func(Func::Matcher(function.clone(), target.clone())))
}

/// The reference reads `co_argcount` of the bound function: 2 gives a
/// one-argument lambda, 3 a two-argument one, anything else three.
fn bind(side: Side, function: &Value, fixed: &Value) -> Result<Value> {
    let arity = match arity(function)? {
        2 => 1,
        3 => 2,
        _ => 3,
    };
    Ok(Value::func(Func::Bind {
        side,
        f: function.clone(),
        fixed: fixed.clone(),
        arity,
    }))
}

pub fn rbind(function: &Value, fixed: &Value) -> Result<Value> {
    bind(Side::Right, function, fixed)
}

pub fn lbind(function: &Value, fixed: &Value) -> Result<Value> {
    bind(Side::Left, function, fixed)
}

/// Python's default recursion limit (`sys.getrecursionlimit()`).
const PYTHON_RECURSION_LIMIT: i64 = 1000;

/// `power(f, 1)` is `f` itself. The reference builds `power(f, n)` as
/// `compose(f, power(f, n - 1))`, one nested call per step, before anything
/// is applied: `power(f, n < 1)` recurses without end, and `power(f, n)` for
/// `n >= 1000` needs more than the 1000 frames Python allows (its caller's
/// frame is on the stack too), so both are a RecursionError there and an
/// error here. (Counts just below 1000 may also fail in the reference,
/// depending on how deep its caller is; we accept them.)
pub fn power(function: &Value, n: &Value) -> Result<Value> {
    let n = n.as_int("power")?;
    if !(1..PYTHON_RECURSION_LIMIT).contains(&n) {
        return Err(Error::new(crate::error::ErrorKind::Recursion, "power"));
    }
    if n == 1 {
        return Ok(function.clone());
    }
    // `compose` only calls its operands with one argument.
    Ok(Value::func(Func::Power(function.clone(), n)))
}

pub fn fork(outer: &Value, a: &Value, b: &Value) -> Result<Value> {
    Ok(Value::func(Func::Fork(outer.clone(), a.clone(), b.clone())))
}

pub fn apply(function: &Value, container: &Value) -> Result<Value> {
    let f = Callable::new(function, 1);
    apply_with(|e| f.call1(e), container)
}

/// [`apply`] with the function as Rust code (emitted batteries inline
/// statically known functions this way; the `_with` forms of the other
/// higher-order primitives likewise).
pub fn apply_with(
    function: impl FnMut(&Value) -> Result<Value>,
    container: &Value,
) -> Result<Value> {
    if let Value::Pair(a, b) = container {
        // Offsets and locations: two calls, no element or result lists.
        let mut f = function;
        let (x, y) = (f(&Value::Int(*a))?, f(&Value::Int(*b))?);
        return Ok(match (x.number(), y.number()) {
            (Some(x), Some(y)) => Value::Pair(x, y),
            _ => Value::tuple(vec![x, y]),
        });
    }
    container.same_container(apply_results(function, container)?)
}

/// The function's results over the container's elements, in their order:
/// what `apply` makes its container of.
pub(crate) fn apply_results(
    function: impl FnMut(&Value) -> Result<Value>,
    container: &Value,
) -> Result<Vec<Value>> {
    // A grid's rows one at a time: each row's value is made and dropped
    // around its call, without a list of them all.
    if let Value::Grid(g) = container {
        let mut f = function;
        return collect_results(g.height(), g.rows().map(|r| f(&row_value(r))));
    }
    let items = container.elems_cow()?;
    collect_results(items.len(), items.iter().map(function))
}

/// The fused form of `apply(fn, ... apply(f1, container))` (then `merge`):
/// stage by stage, each stage exactly `apply`, so results and errors are
/// the chain's. Built by the generator's rewrite pass.
pub fn apply_chain(stages: &[&Value], container: &Value, merge: bool) -> Result<Value> {
    let Some((last, first)) = stages.split_last() else {
        return if merge {
            crate::primitives::containers::merge(container)
        } else {
            Ok(container.clone())
        };
    };
    let mut current = container.clone();
    for f in first {
        current = apply(f, &current)?;
    }
    if merge {
        mapply(last, &current)
    } else {
        apply(last, &current)
    }
}

pub fn rapply(functions: &Value, value: &Value) -> Result<Value> {
    let fs = functions.elems_cow()?;
    let out = collect_results(fs.len(), fs.iter().map(|f| call1(f, value)))?;
    functions.same_container(out)
}

pub fn mapply(function: &Value, container: &Value) -> Result<Value> {
    if let Some(patch) = shift_of(function) {
        return crate::primitives::stamp::stamp(patch, container);
    }
    let f = Callable::new(function, 1);
    mapply_with(|e| f.call1(e), container)
}

/// The patch of `lbind(shift, patch)`, whose `mapply` stamps it
/// ([`crate::primitives::stamp`]).
fn shift_of(function: &Value) -> Option<&Value> {
    let Value::Func(f) = function else {
        return None;
    };
    match &**f {
        Func::Bind {
            side: Side::Left,
            f: Value::Func(g),
            fixed,
            arity: 1,
        } if matches!(**g, Func::Prim(crate::Prim::shift)) => Some(fixed),
        _ => None,
    }
}

pub fn mapply_with(
    function: impl FnMut(&Value) -> Result<Value>,
    container: &Value,
) -> Result<Value> {
    if container.is_set() {
        // The union of the results: their own frozenset (sorted, distinct)
        // would change nothing in it.
        let out = apply_results(function, container)?;
        return crate::primitives::containers::union_of(&out);
    }
    crate::primitives::containers::merge(&apply_with(function, container)?)
}

pub fn papply(function: &Value, a: &Value, b: &Value) -> Result<Value> {
    let f = Callable::new(function, 2);
    papply_with(|x, y| f.call2(x, y), a, b)
}

pub fn papply_with(
    mut function: impl FnMut(&Value, &Value) -> Result<Value>,
    a: &Value,
    b: &Value,
) -> Result<Value> {
    // Python's `zip(a, b)`: pairs up to the shorter length, read in place.
    let (xs, ys) = (a.elems_cow()?, b.elems_cow()?);
    let pairs = xs.iter().zip(ys.iter());
    Ok(Value::tuple(collect_results(
        pairs.len(),
        pairs.map(|(x, y)| function(x, y)),
    )?))
}

pub fn mpapply(function: &Value, a: &Value, b: &Value) -> Result<Value> {
    crate::primitives::containers::merge(&papply(function, a, b)?)
}

pub fn mpapply_with(
    function: impl FnMut(&Value, &Value) -> Result<Value>,
    a: &Value,
    b: &Value,
) -> Result<Value> {
    crate::primitives::containers::merge(&papply_with(function, a, b)?)
}

pub fn prapply(function: &Value, a: &Value, b: &Value) -> Result<Value> {
    let f = Callable::new(function, 2);
    prapply_with(|x, y| f.call2(x, y), a, b)
}

pub fn prapply_with(
    function: impl FnMut(&Value, &Value) -> Result<Value>,
    a: &Value,
    b: &Value,
) -> Result<Value> {
    Ok(Value::set(prapply_results(function, a, b)?))
}

/// `prapply`'s results before its frozenset, in the reference's order:
/// `b` outside, `a` inside (with `b` empty, `a` is never read), the time
/// budget checked per pair.
pub(crate) fn prapply_results<R>(
    mut function: impl FnMut(&Value, &Value) -> Result<R>,
    a: &Value,
    b: &Value,
) -> Result<Vec<R>> {
    let ys = b.elems_cow()?;
    if ys.is_empty() {
        return Ok(Vec::new());
    }
    let xs = a.elems_cow()?;
    // Reserved up to a bound: a runaway product stops at its time budget.
    let mut out = Vec::with_capacity(xs.len().saturating_mul(ys.len()).min(1 << 16));
    for y in ys.iter() {
        for x in xs.iter() {
            crate::budget::check()?;
            out.push(function(x, y)?);
        }
    }
    Ok(out)
}

// ----- kernels (see `typed`) ---------------------------------------------------

crate::kernel_table! {
    FUNCTIONAL_KERNELS:
}
