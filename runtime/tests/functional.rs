//! Higher-order primitives and function values: the reference's tests.py
//! assertions for compose .. prapply, ported. The reference writes its
//! functions as Python lambdas; here the same functions are built from
//! primitives (`x + 1` is `increment`, `x ** 2` is
//! `fork(multiply, identity, identity)`, `x + 2` is `rbind(add, 2)`), which
//! is how DSL programs build them too.

use battgen_runtime::functions::{call, call1};
use battgen_runtime::rt::{p, prim};
use battgen_runtime::{ErrorKind, Prim, Value};

fn int(i: i64) -> Value {
    Value::Int(i)
}

fn ints(v: &[i64]) -> Value {
    Value::tuple(v.iter().map(|&i| int(i)).collect())
}

fn set(v: &[i64]) -> Value {
    Value::set(v.iter().map(|&i| int(i)).collect())
}

fn f(p: Prim) -> Value {
    prim(p)
}

/// `x ** 2`
fn square() -> Value {
    p::fork(&f(Prim::multiply), &f(Prim::identity), &f(Prim::identity)).unwrap()
}

/// `x + n`
fn plus(n: i64) -> Value {
    p::rbind(&f(Prim::add), &int(n)).unwrap()
}

fn kind(r: battgen_runtime::Result<Value>) -> ErrorKind {
    r.expect_err("an error").kind
}

#[test]
fn compose_applies_inner_then_outer() {
    let sq_after_inc = p::compose(&square(), &f(Prim::increment)).unwrap();
    assert_eq!(call1(&sq_after_inc, &int(2)).unwrap(), int(9));
    let inc_after_sq = p::compose(&f(Prim::increment), &square()).unwrap();
    assert_eq!(call1(&inc_after_sq, &int(2)).unwrap(), int(5));
}

#[test]
fn chain_applies_right_to_left() {
    let c = p::chain(&plus(3), &square(), &f(Prim::increment)).unwrap();
    assert_eq!(call1(&c, &int(2)).unwrap(), int(12));
}

#[test]
fn matcher_compares_with_the_target() {
    let m = p::matcher(&f(Prim::increment), &int(3)).unwrap();
    assert_eq!(call1(&m, &int(2)).unwrap(), Value::Bool(true));
    let m = p::matcher(&f(Prim::decrement), &int(3)).unwrap();
    assert_eq!(call1(&m, &int(2)).unwrap(), Value::Bool(false));
}

#[test]
fn rbind_and_lbind_fix_one_side() {
    assert_eq!(call1(&plus(2), &int(3)).unwrap(), int(5));
    let eq2 = p::rbind(&f(Prim::equality), &int(2)).unwrap();
    assert_eq!(call1(&eq2, &int(2)).unwrap(), Value::Bool(true));
    let add2 = p::lbind(&f(Prim::add), &int(2)).unwrap();
    assert_eq!(call1(&add2, &int(3)).unwrap(), int(5));
    let eq2 = p::lbind(&f(Prim::equality), &int(2)).unwrap();
    assert_eq!(call1(&eq2, &int(2)).unwrap(), Value::Bool(true));
    // Left and right differ for non-commutative primitives.
    let sub_from_10 = p::lbind(&f(Prim::subtract), &int(10)).unwrap();
    let minus_10 = p::rbind(&f(Prim::subtract), &int(10)).unwrap();
    assert_eq!(call1(&sub_from_10, &int(3)).unwrap(), int(7));
    assert_eq!(call1(&minus_10, &int(3)).unwrap(), int(-7));
}

#[test]
fn bind_arity_follows_co_argcount() {
    // A 3-argument primitive bound once takes two arguments.
    let fill_with_1 = p::rbind(&f(Prim::fill), &Value::indices(vec![(0, 0)])).unwrap();
    let g = battgen_runtime::values::grid_of(&[[0, 0], [0, 0]]);
    let out = call(&fill_with_1, &[g.clone(), int(1)]).unwrap();
    assert_eq!(out, battgen_runtime::values::grid_of(&[[1, 0], [0, 0]]));
    assert_eq!(kind(call1(&fill_with_1, &g)), ErrorKind::Type);
    // rbind of a one-argument function is a three-argument lambda in the
    // reference: calling it with one argument is a TypeError.
    let odd = p::rbind(&f(Prim::increment), &int(1)).unwrap();
    assert_eq!(kind(call1(&odd, &int(1))), ErrorKind::Type);
    // A built one-argument function (compose) bound again: `n == 1` gives
    // the three-argument lambda too.
    let c = p::compose(&f(Prim::increment), &f(Prim::increment)).unwrap();
    let cb = p::lbind(&c, &int(1)).unwrap();
    assert_eq!(kind(call1(&cb, &int(1))), ErrorKind::Type);
    // Calling a non-function is a TypeError.
    assert_eq!(kind(call1(&int(3), &int(1))), ErrorKind::Type);
}

#[test]
fn power_repeats_and_rejects_nonpositive_counts() {
    let p3 = p::power(&f(Prim::increment), &int(3)).unwrap();
    assert_eq!(call1(&p3, &int(4)).unwrap(), int(7));
    // power(f, 1) is f itself.
    assert_eq!(
        p::power(&f(Prim::increment), &int(1)).unwrap(),
        f(Prim::increment)
    );
    // The reference recurses without end for n < 1.
    assert_eq!(
        kind(p::power(&f(Prim::increment), &int(0))),
        ErrorKind::Recursion
    );
    assert_eq!(
        kind(p::power(&f(Prim::increment), &int(-3))),
        ErrorKind::Recursion
    );
}

#[test]
fn fork_combines_two_results() {
    let fk = p::fork(&f(Prim::multiply), &f(Prim::increment), &plus(2)).unwrap();
    assert_eq!(call1(&fk, &int(2)).unwrap(), int(12));
}

#[test]
fn apply_keeps_the_container_type() {
    assert_eq!(
        p::apply(&square(), &ints(&[1, 2, 3])).unwrap(),
        ints(&[1, 4, 9])
    );
    // `x % 2` over {1, 2} is {1, 0}; `even` gives the same set as bools.
    let parity = p::apply(&f(Prim::even), &set(&[1, 2])).unwrap();
    assert_eq!(parity, set(&[0, 1]));
    // A frozenset result is deduplicated.
    assert_eq!(
        p::apply(&f(Prim::even), &set(&[2, 4, 6]))
            .unwrap()
            .len()
            .unwrap(),
        1
    );
    // An error inside the function is the result, not a panic.
    assert_eq!(
        kind(p::apply(&f(Prim::first), &ints(&[1, 2]))),
        ErrorKind::Type
    );
}

#[test]
fn rapply_calls_each_function() {
    let fs = Value::set(vec![f(Prim::increment), f(Prim::decrement)]);
    assert_eq!(p::rapply(&fs, &int(1)).unwrap(), set(&[0, 2]));
    let ft = Value::tuple(vec![f(Prim::increment), f(Prim::decrement)]);
    assert_eq!(p::rapply(&ft, &int(1)).unwrap(), ints(&[2, 0]));
}

#[test]
fn mapply_applies_and_merges() {
    let objs = Value::set(vec![
        Value::object(vec![battgen_runtime::Cell::new(1, 0, 0)]),
        Value::object(vec![
            battgen_runtime::Cell::new(1, 1, 1),
            battgen_runtime::Cell::new(1, 0, 1),
        ]),
    ]);
    let to_2 = p::lbind(&f(Prim::recolor), &int(2)).unwrap();
    let merged = p::mapply(&to_2, &objs).unwrap();
    let want = Value::object(vec![
        battgen_runtime::Cell::new(2, 0, 0),
        battgen_runtime::Cell::new(2, 1, 1),
        battgen_runtime::Cell::new(2, 0, 1),
    ]);
    assert_eq!(merged, want);
}

#[test]
fn papply_and_mpapply_zip() {
    assert_eq!(
        p::papply(&f(Prim::add), &ints(&[1, 2]), &ints(&[3, 4])).unwrap(),
        ints(&[4, 6])
    );
    // zip stops at the shorter tuple.
    assert_eq!(
        p::papply(&f(Prim::add), &ints(&[1, 2, 9]), &ints(&[3, 4])).unwrap(),
        ints(&[4, 6])
    );
    // The reference's test recolors by position and merges a tuple of
    // tuples; with `recolor` (which builds frozensets) the merged tuple
    // holds each object's cells in ascending order.
    let data = Value::tuple(vec![
        Value::object(vec![battgen_runtime::Cell::new(1, 0, 0)]),
        Value::object(vec![
            battgen_runtime::Cell::new(1, 1, 1),
            battgen_runtime::Cell::new(1, 0, 1),
        ]),
    ]);
    let merged = p::mpapply(&f(Prim::recolor), &ints(&[3, 4]), &data).unwrap();
    let cell = |c, i, j| battgen_runtime::values::cell_value(&battgen_runtime::Cell::new(c, i, j));
    assert_eq!(
        merged,
        Value::tuple(vec![cell(3, 0, 0), cell(4, 0, 1), cell(4, 1, 1)])
    );
}

#[test]
fn prapply_over_the_product() {
    assert_eq!(
        p::prapply(&f(Prim::add), &set(&[1, 2]), &set(&[2, 3])).unwrap(),
        set(&[3, 4, 5])
    );
    // `b` is iterated outside `a`: with `b` empty, `a` is never read.
    assert_eq!(
        p::prapply(&f(Prim::add), &int(5), &Value::empty_tuple()).unwrap(),
        Value::empty_set()
    );
}

#[test]
fn function_values_compare_structurally() {
    assert_eq!(plus(1), plus(1));
    assert_ne!(plus(1), plus(2));
    assert_eq!(
        p::compose(&square(), &plus(1)).unwrap(),
        p::compose(&square(), &plus(1)).unwrap()
    );
}

#[test]
fn function_values_on_real_grids() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/arc/d631b094.json"
    ))
    .unwrap();
    let t = battgen_runtime::task::parse_str("d631b094", "d631b094", &text).unwrap();
    for ex in t.samples() {
        let g = Value::grid(ex.input.clone());
        // Objects of one colour, 8-connected, without background: the sizes
        // add up to the number of non-background cells.
        let objs = p::objects(
            &g,
            &Value::Bool(true),
            &Value::Bool(true),
            &Value::Bool(true),
        )
        .unwrap();
        let sizes = p::apply(&f(Prim::size), &p::totuple(&objs).unwrap()).unwrap();
        let total: i64 = sizes
            .elems()
            .unwrap()
            .iter()
            .map(|v| v.number().unwrap())
            .sum();
        let bg = p::mostcolor(&g).unwrap();
        let cells = (ex.input.height() * ex.input.width()) as i64;
        let bg_cells = p::colorcount(&g, &bg).unwrap().number().unwrap();
        assert_eq!(total, cells - bg_cells);
        // mapply(normalize, objects) puts every object at the origin.
        let normed = p::mapply(&f(Prim::normalize), &objs).unwrap();
        assert_eq!(p::ulcorner(&normed).unwrap(), Value::pair(0, 0));
    }
}
