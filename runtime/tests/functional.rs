//! Higher-order primitives and function values: every assertion of the
//! reference's `tests.py` for compose, chain, matcher, rbind, lbind, power,
//! fork, apply, rapply, mapply, papply, mpapply and prapply (its lambdas
//! rebuilt from primitives), the reference's arity rules for calls and binds,
//! `power`'s recursion, container types kept by `apply`, the iteration order
//! of `prapply`, errors propagated as values, structural equality of function
//! values, and a few programs on real ARC tasks.

use battgen_runtime::constants::{F, T};
use battgen_runtime::functions::arity;
use battgen_runtime::primitives::functional::*;
use battgen_runtime::primitives::{containers as ct, grids as gr, patches as pt};
use battgen_runtime::task::{self, Task};
use battgen_runtime::values::grid_of;
use battgen_runtime::{call, Cell, ErrorKind, Func, Prim, Result, Value};

fn i(n: i64) -> Value {
    Value::Int(n)
}
fn b(x: bool) -> Value {
    Value::Bool(x)
}
fn p(a: i64, c: i64) -> Value {
    Value::Pair(a, c)
}
fn t(items: Vec<Value>) -> Value {
    Value::tuple(items)
}
fn s(items: Vec<Value>) -> Value {
    Value::set(items)
}
fn ints(xs: &[i64]) -> Value {
    t(xs.iter().map(|&x| i(x)).collect())
}
fn iset(xs: &[i64]) -> Value {
    s(xs.iter().map(|&x| i(x)).collect())
}
/// The Python tuple `(color, (i, j))`.
fn cell(c: i64, r: i64, col: i64) -> Value {
    t(vec![i(c), p(r, col)])
}
fn obj(cells: &[(i8, i32, i32)]) -> Value {
    Value::object(cells.iter().map(|&(c, r, k)| Cell::new(c, r, k)).collect())
}
fn locs(ls: &[(i32, i32)]) -> Value {
    Value::indices(ls.to_vec())
}
/// A primitive as a function value.
fn f(prim: Prim) -> Value {
    Value::func(Func::Prim(prim))
}
fn err(r: Result<Value>) -> ErrorKind {
    r.expect_err("expected an error").kind
}
fn call1(g: &Value, x: Value) -> Result<Value> {
    call(g, &[x])
}
fn call2(g: &Value, x: Value, y: Value) -> Result<Value> {
    call(g, &[x, y])
}
fn len(v: &Value) -> usize {
    v.len().unwrap()
}

// The lambdas of tests.py, built from primitives.

/// `lambda x: x ** 2`
fn square() -> Value {
    fork(&f(Prim::multiply), &f(Prim::identity), &f(Prim::identity)).unwrap()
}
/// `lambda x: x + n`
fn plus(n: i64) -> Value {
    rbind(&f(Prim::add), &i(n)).unwrap()
}
/// `lambda x: x % 2`, as `x - 2 * (x // 2)` (Python's floor semantics).
fn mod2() -> Value {
    let twice_half = compose(&f(Prim::double), &f(Prim::halve)).unwrap();
    fork(&f(Prim::subtract), &f(Prim::identity), &twice_half).unwrap()
}

// ----- tests.py ----------------------------------------------------------------

#[test]
fn test_compose() {
    let sq_after_inc = compose(&square(), &f(Prim::increment)).unwrap();
    assert_eq!(call1(&sq_after_inc, i(2)).unwrap(), i(9));
    let inc_after_sq = compose(&f(Prim::increment), &square()).unwrap();
    assert_eq!(call1(&inc_after_sq, i(2)).unwrap(), i(5));
}

#[test]
fn test_chain() {
    let h = chain(&plus(3), &square(), &f(Prim::increment)).unwrap();
    assert_eq!(call1(&h, i(2)).unwrap(), i(12));
}

#[test]
fn test_matcher() {
    let m = matcher(&f(Prim::increment), &i(3)).unwrap();
    assert_eq!(call1(&m, i(2)).unwrap(), b(true));
    let m = matcher(&f(Prim::decrement), &i(3)).unwrap();
    assert_eq!(call1(&m, i(2)).unwrap(), b(false));
}

#[test]
fn test_rbind() {
    let g = rbind(&f(Prim::add), &i(2)).unwrap();
    assert_eq!(call1(&g, i(3)).unwrap(), i(5));
    let g = rbind(&f(Prim::equality), &i(2)).unwrap();
    assert_eq!(call1(&g, i(2)).unwrap(), b(true));
}

#[test]
fn test_lbind() {
    let g = lbind(&f(Prim::add), &i(2)).unwrap();
    assert_eq!(call1(&g, i(3)).unwrap(), i(5));
    let g = lbind(&f(Prim::equality), &i(2)).unwrap();
    assert_eq!(call1(&g, i(2)).unwrap(), b(true));
}

#[test]
fn test_power() {
    let g = power(&f(Prim::increment), &i(3)).unwrap();
    assert_eq!(call1(&g, i(4)).unwrap(), i(7));
}

#[test]
fn test_fork() {
    let g = fork(&f(Prim::multiply), &f(Prim::increment), &plus(2)).unwrap();
    assert_eq!(call1(&g, i(2)).unwrap(), i(12));
}

#[test]
fn test_apply() {
    assert_eq!(
        apply(&square(), &ints(&[1, 2, 3])).unwrap(),
        ints(&[1, 4, 9])
    );
    assert_eq!(apply(&mod2(), &iset(&[1, 2])).unwrap(), iset(&[0, 1]));
}

#[test]
fn test_rapply() {
    let fs = s(vec![f(Prim::increment), f(Prim::decrement)]);
    assert_eq!(rapply(&fs, &i(1)).unwrap(), iset(&[0, 2]));
}

#[test]
fn test_mapply() {
    // lambda x: frozenset({(v + 1, (i, j)) for v, (i, j) in x}), i.e. apply
    // (v, loc) -> (v + 1, loc) to every cell.
    let bump = fork(
        &f(Prim::astuple),
        &compose(&f(Prim::increment), &f(Prim::first)).unwrap(),
        &f(Prim::last),
    )
    .unwrap();
    let per_object = lbind(&f(Prim::apply), &bump).unwrap();
    let objs = s(vec![obj(&[(1, 0, 0)]), obj(&[(1, 1, 1), (1, 0, 1)])]);
    assert_eq!(
        mapply(&per_object, &objs).unwrap(),
        obj(&[(2, 0, 0), (2, 1, 1), (2, 0, 1)])
    );
}

#[test]
fn test_papply() {
    assert_eq!(
        papply(&f(Prim::add), &ints(&[1, 2]), &ints(&[3, 4])).unwrap(),
        ints(&[4, 6])
    );
}

#[test]
fn test_mpapply() {
    // lambda x, y: tuple((x, (i, j)) for _, (i, j) in y): no primitive takes
    // `x` and `y` that way, so each x of the input tuple first becomes
    // `y -> apply(compose(lbind(astuple, x), last), y)`, and mpapply calls
    // `apply` on the pairs: the same calls, in the same order.
    let input_tuple = ints(&[3, 4]);
    let input_data = t(vec![
        t(vec![cell(1, 0, 0)]),
        t(vec![cell(1, 1, 1), cell(1, 0, 1)]),
    ]);
    let expected = t(vec![cell(3, 0, 0), cell(4, 1, 1), cell(4, 0, 1)]);
    // x -> compose(lbind(astuple, x), last)
    let make = compose(
        &rbind(&f(Prim::compose), &f(Prim::last)).unwrap(),
        &lbind(&f(Prim::lbind), &f(Prim::astuple)).unwrap(),
    )
    .unwrap();
    let per_x = apply(&make, &input_tuple).unwrap();
    assert_eq!(len(&per_x), 2);
    let computed = mpapply(&f(Prim::apply), &per_x, &input_data).unwrap();
    assert_eq!(computed, expected);
}

#[test]
fn test_prapply() {
    assert_eq!(
        prapply(&f(Prim::add), &iset(&[1, 2]), &iset(&[2, 3])).unwrap(),
        iset(&[3, 4, 5])
    );
}

// ----- calling function values: arity ------------------------------------------

#[test]
fn primitives_and_builders_have_the_reference_arity() {
    assert_eq!(arity(&f(Prim::identity)).unwrap(), 1);
    assert_eq!(arity(&f(Prim::add)).unwrap(), 2);
    assert_eq!(arity(&f(Prim::fill)).unwrap(), 3);
    assert_eq!(arity(&f(Prim::objects)).unwrap(), 4);
    // Every built closure is a one-argument lambda.
    let inc = f(Prim::increment);
    assert_eq!(arity(&compose(&inc, &inc).unwrap()).unwrap(), 1);
    assert_eq!(arity(&chain(&inc, &inc, &inc).unwrap()).unwrap(), 1);
    assert_eq!(arity(&matcher(&inc, &i(1)).unwrap()).unwrap(), 1);
    assert_eq!(arity(&fork(&f(Prim::add), &inc, &inc).unwrap()).unwrap(), 1);
    assert_eq!(arity(&power(&inc, &i(2)).unwrap()).unwrap(), 1);
    // power(f, 1) is f, whatever its arity.
    assert_eq!(arity(&power(&f(Prim::fill), &i(1)).unwrap()).unwrap(), 3);
    // Not a function.
    assert_eq!(arity(&i(1)).unwrap_err().kind, ErrorKind::Type);
}

#[test]
fn binds_follow_co_argcount() {
    for bind in [lbind, rbind] {
        // Two parameters: a one-argument lambda.
        assert_eq!(arity(&bind(&f(Prim::add), &i(1)).unwrap()).unwrap(), 1);
        // Three: two.
        assert_eq!(arity(&bind(&f(Prim::fill), &i(1)).unwrap()).unwrap(), 2);
        // Four: three.
        assert_eq!(arity(&bind(&f(Prim::objects), &T).unwrap()).unwrap(), 3);
        // One: the `else` branch, a three-argument lambda.
        assert_eq!(
            arity(&bind(&f(Prim::increment), &i(1)).unwrap()).unwrap(),
            3
        );
        // Binds of binds read the lambda's own count.
        let two = bind(&f(Prim::fill), &i(1)).unwrap();
        assert_eq!(arity(&bind(&two, &i(1)).unwrap()).unwrap(), 1);
        let three = bind(&f(Prim::increment), &i(1)).unwrap();
        assert_eq!(arity(&bind(&three, &i(1)).unwrap()).unwrap(), 2);
        // One-argument closures bind like one-argument primitives.
        let c = compose(&f(Prim::increment), &f(Prim::increment)).unwrap();
        assert_eq!(arity(&bind(&c, &i(1)).unwrap()).unwrap(), 3);
    }
}

#[test]
fn binds_fix_the_left_or_right_argument() {
    let minus = f(Prim::subtract);
    // lbind: fixed - y; rbind: x - fixed.
    assert_eq!(call1(&lbind(&minus, &i(10)).unwrap(), i(3)).unwrap(), i(7));
    assert_eq!(call1(&rbind(&minus, &i(10)).unwrap(), i(3)).unwrap(), i(-7));

    // Three-argument primitive: interval(start, stop, step).
    let from_zero = lbind(&f(Prim::interval), &i(0)).unwrap();
    assert_eq!(call2(&from_zero, i(6), i(2)).unwrap(), ints(&[0, 2, 4]));
    let step_three = rbind(&f(Prim::interval), &i(3)).unwrap();
    assert_eq!(call2(&step_three, i(1), i(8)).unwrap(), ints(&[1, 4, 7]));
    // Bound twice: one argument left (rbind fixes the step).
    let step_six = rbind(&from_zero, &i(6)).unwrap();
    assert_eq!(call1(&step_six, i(13)).unwrap(), ints(&[0, 6, 12]));
    let fill_5 = lbind(
        &lbind(&f(Prim::fill), &grid_of(&[[0, 0], [0, 0]])).unwrap(),
        &i(5),
    )
    .unwrap();
    assert_eq!(
        call1(&fill_5, locs(&[(0, 1), (1, 0)])).unwrap(),
        grid_of(&[[0, 5], [5, 0]])
    );

    // Four-argument primitive: lbind(objects, g) takes the three flags.
    let g = grid_of(&[[1, 0, 0], [0, 1, 0]]);
    let objects_of_g = lbind(&f(Prim::objects), &g).unwrap();
    let o = call(&objects_of_g, &[T, F, T]).unwrap();
    assert_eq!(o, gr::objects(&g, &T, &F, &T).unwrap());
    assert_eq!(len(&o), 2);
    let diagonal = call(&objects_of_g, &[T, T, T]).unwrap();
    assert_eq!(len(&diagonal), 1);
    // rbind(objects, T) takes grid, univalued, diagonal.
    let fg_objects = rbind(&f(Prim::objects), &T).unwrap();
    assert_eq!(call(&fg_objects, &[g.clone(), T, F]).unwrap(), o);
}

#[test]
fn binding_a_one_argument_function_gives_a_lambda_that_always_fails() {
    for bind in [lbind, rbind] {
        let g = bind(&f(Prim::increment), &i(1)).unwrap();
        // One argument: the lambda takes three.
        assert_eq!(err(call1(&g, i(1))), ErrorKind::Type);
        // Three: increment gets four.
        assert_eq!(err(call(&g, &[i(1), i(2), i(3)])), ErrorKind::Type);
        // Bound again, still four arguments in the end.
        let g2 = bind(&g, &i(2)).unwrap();
        assert_eq!(err(call2(&g2, i(1), i(2))), ErrorKind::Type);
    }
}

#[test]
fn wrong_argument_counts_are_type_errors() {
    let add = f(Prim::add);
    assert_eq!(call2(&add, i(1), i(2)).unwrap(), i(3));
    assert_eq!(err(call1(&add, i(1))), ErrorKind::Type);
    assert_eq!(err(call(&add, &[i(1), i(2), i(3)])), ErrorKind::Type);
    assert_eq!(err(call(&add, &[])), ErrorKind::Type);
    let inc = f(Prim::increment);
    for g in [
        compose(&inc, &inc).unwrap(),
        chain(&inc, &inc, &inc).unwrap(),
        matcher(&inc, &i(1)).unwrap(),
        fork(&add, &inc, &inc).unwrap(),
        power(&inc, &i(2)).unwrap(),
        rbind(&add, &i(1)).unwrap(),
    ] {
        assert!(call1(&g, i(1)).unwrap().is_number(), "{g}");
        assert_eq!(err(call2(&g, i(1), i(1))), ErrorKind::Type, "{g}");
        assert_eq!(err(call(&g, &[])), ErrorKind::Type, "{g}");
    }
    // A two-argument lambda called with one.
    assert_eq!(
        err(call1(&lbind(&f(Prim::fill), &i(0)).unwrap(), i(1))),
        ErrorKind::Type
    );
    // Calling what is not a function.
    assert_eq!(err(call(&i(1), &[])), ErrorKind::Type);
    assert_eq!(err(call1(&ints(&[1]), i(0))), ErrorKind::Type);
    // Binding what is not a function (`__code__` of an int: AttributeError).
    assert_eq!(err(rbind(&i(1), &i(2))), ErrorKind::Type);
    assert_eq!(err(lbind(&ints(&[1]), &i(2))), ErrorKind::Type);
}

#[test]
fn closures_check_their_operands_when_called() {
    // The builders take anything; the lambda fails when it calls.
    let add = f(Prim::add);
    let inc = f(Prim::increment);
    let c = compose(&add, &inc).unwrap();
    assert_eq!(err(call1(&c, i(1))), ErrorKind::Type);
    let c = compose(&i(5), &inc).unwrap();
    assert_eq!(err(call1(&c, i(1))), ErrorKind::Type);
    let ch = chain(&inc, &add, &inc).unwrap();
    assert_eq!(err(call1(&ch, i(1))), ErrorKind::Type);
    // fork's outer gets two arguments.
    let fk = fork(&inc, &inc, &inc).unwrap();
    assert_eq!(err(call1(&fk, i(1))), ErrorKind::Type);
    let fk = fork(&add, &f(Prim::identity), &f(Prim::identity)).unwrap();
    assert_eq!(call1(&fk, i(3)).unwrap(), i(6));
    // matcher compares with Python ==: bools are ints, kinds differ.
    let m = matcher(&f(Prim::even), &i(1)).unwrap();
    assert_eq!(call1(&m, i(4)).unwrap(), b(true));
    let m = matcher(&f(Prim::identity), &ints(&[1, 2])).unwrap();
    assert_eq!(call1(&m, p(1, 2)).unwrap(), b(true));
    assert_eq!(call1(&m, iset(&[1, 2])).unwrap(), b(false));
    let m = matcher(&f(Prim::identity), &Value::None).unwrap();
    assert_eq!(call1(&m, i(0)).unwrap(), b(false));
}

#[test]
fn chain_applies_f_then_g_then_h() {
    // h(g(f(x))) with non-commuting steps: ((x + 1) * 2) - 3.
    let h = chain(&plus(-3), &f(Prim::double), &f(Prim::increment)).unwrap();
    assert_eq!(call1(&h, i(5)).unwrap(), i(9));
    let other = chain(&f(Prim::increment), &f(Prim::double), &plus(-3)).unwrap();
    assert_eq!(call1(&other, i(5)).unwrap(), i(5));
    // chain(h, g, f) is compose(h, compose(g, f)).
    let nested = compose(
        &plus(-3),
        &compose(&f(Prim::double), &f(Prim::increment)).unwrap(),
    )
    .unwrap();
    for x in -4..5 {
        assert_eq!(call1(&h, i(x)).unwrap(), call1(&nested, i(x)).unwrap());
    }
}

// ----- power ------------------------------------------------------------------

#[test]
fn power_one_is_the_function_itself() {
    for g in [f(Prim::increment), f(Prim::add), plus(3), f(Prim::objects)] {
        assert_eq!(power(&g, &i(1)).unwrap(), g);
    }
    // True == 1.
    assert_eq!(power(&f(Prim::add), &T).unwrap(), f(Prim::add));
    // Not checked: power(x, 1) is x even when x is no function.
    assert_eq!(power(&i(7), &i(1)).unwrap(), i(7));
    let add = power(&f(Prim::add), &i(1)).unwrap();
    assert_eq!(call2(&add, i(1), i(2)).unwrap(), i(3));
}

#[test]
fn power_zero_or_less_or_a_thousand_is_a_recursion_error() {
    for n in [0, -1, -5] {
        assert_eq!(err(power(&f(Prim::increment), &i(n))), ErrorKind::Recursion);
        assert_eq!(err(power(&i(1), &i(n))), ErrorKind::Recursion);
    }
    assert_eq!(err(power(&f(Prim::increment), &F)), ErrorKind::Recursion);
    // power(f, n) recurses n times before returning: from 1000 on, past
    // Python's default recursion limit whatever the caller.
    for n in [1000, 1001, 5000, i64::MAX] {
        assert_eq!(err(power(&f(Prim::increment), &i(n))), ErrorKind::Recursion);
    }
    let deep = power(&f(Prim::increment), &i(900)).unwrap();
    assert_eq!(call1(&deep, i(0)).unwrap(), i(900));
    // A count that is no number fails in `n - 1`.
    assert_eq!(err(power(&f(Prim::increment), &p(1, 2))), ErrorKind::Type);
    assert_eq!(
        err(power(&f(Prim::increment), &Value::None)),
        ErrorKind::Type
    );
}

#[test]
fn power_applies_the_function_n_times() {
    let dbl = f(Prim::double);
    assert_eq!(call1(&power(&dbl, &i(3)).unwrap(), i(1)).unwrap(), i(8));
    assert_eq!(call1(&power(&dbl, &i(10)).unwrap(), i(1)).unwrap(), i(1024));
    // Three times is compose(f, compose(f, f)), also on grids.
    let rot = f(Prim::rot90);
    let g = grid_of(&[[1, 2, 3], [4, 5, 6]]);
    let thrice = compose(&rot, &compose(&rot, &rot).unwrap()).unwrap();
    let p3 = power(&rot, &i(3)).unwrap();
    assert_eq!(
        call1(&p3, g.clone()).unwrap(),
        call1(&thrice, g.clone()).unwrap()
    );
    assert_eq!(call1(&p3, g.clone()).unwrap(), gr::rot270(&g).unwrap());
    assert_eq!(call1(&power(&rot, &i(4)).unwrap(), g.clone()).unwrap(), g);
    // Each step sees the previous result: 6 // 4 = 1, 6 // 1 = 6, 6 // 6 = 1.
    let six_over = lbind(&f(Prim::divide), &i(6)).unwrap();
    assert_eq!(
        call1(&power(&six_over, &i(3)).unwrap(), i(4)).unwrap(),
        i(1)
    );
    assert_eq!(
        call1(&power(&six_over, &i(2)).unwrap(), i(4)).unwrap(),
        i(6)
    );
    // power of a two-argument function fails when called with one argument.
    let pa = power(&f(Prim::add), &i(2)).unwrap();
    assert_eq!(err(call1(&pa, i(1))), ErrorKind::Type);
    // power of what is no function fails only when called.
    let pn = power(&i(7), &i(2)).unwrap();
    assert_eq!(err(call1(&pn, i(1))), ErrorKind::Type);
}

// ----- apply and rapply keep the container type ---------------------------------

#[test]
fn apply_keeps_the_container_type() {
    let even = f(Prim::even);
    // A tuple stays a tuple, duplicates and order kept.
    let r = apply(&even, &ints(&[1, 2, 3, 4])).unwrap();
    assert!(r.is_tuple());
    assert_eq!(r, t(vec![b(false), b(true), b(false), b(true)]));
    // A frozenset stays a frozenset: equal results collapse.
    let r = apply(&even, &iset(&[1, 2, 3, 4])).unwrap();
    assert!(r.is_set());
    assert_eq!(len(&r), 2);
    assert_eq!(r, s(vec![b(false), b(true)]));
    // Bools are ints: {False, True} == {0, 1}.
    assert_eq!(r, iset(&[0, 1]));
    let r = apply(&f(Prim::halve), &iset(&[0, 1, 2, 3, 4, 5])).unwrap();
    assert_eq!(r, iset(&[0, 1, 2]));
    // A pair stays a tuple.
    assert_eq!(apply(&f(Prim::increment), &p(1, 2)).unwrap(), p(2, 3));
    // Empty containers stay empty, of their type; the function is not called.
    let e = apply(&f(Prim::increment), &Value::empty_tuple()).unwrap();
    assert!(e.is_tuple() && len(&e) == 0);
    let e = apply(&f(Prim::increment), &Value::empty_set()).unwrap();
    assert!(e.is_set() && len(&e) == 0);
    assert_eq!(
        apply(&i(5), &Value::empty_tuple()).unwrap(),
        Value::empty_tuple()
    );
    // A grid is a tuple of rows: rows in, a tuple of results out.
    let g = grid_of(&[[1, 1, 2], [3, 4, 4]]);
    assert_eq!(apply(&f(Prim::identity), &g).unwrap(), g);
    let deduped = apply(&f(Prim::dedupe), &g).unwrap();
    assert_eq!(deduped, t(vec![ints(&[1, 2]), ints(&[3, 4])]));
    assert_eq!(deduped, grid_of(&[[1, 2], [3, 4]]));
    let ragged = apply(&f(Prim::dedupe), &grid_of(&[[1, 1], [1, 2]])).unwrap();
    assert_eq!(ragged, t(vec![ints(&[1]), ints(&[1, 2])]));
    assert_eq!(apply(&f(Prim::size), &g).unwrap(), ints(&[3, 3]));
    // Objects and indices are frozensets.
    let o = obj(&[(1, 0, 0), (1, 0, 1), (2, 5, 5)]);
    assert_eq!(apply(&f(Prim::first), &o).unwrap(), iset(&[1, 2]));
    assert_eq!(
        apply(&f(Prim::last), &o).unwrap(),
        locs(&[(0, 0), (0, 1), (5, 5)])
    );
    let l = locs(&[(0, 0), (1, 2), (2, 1)]);
    assert_eq!(
        apply(&rbind(&f(Prim::add), &p(1, 1)).unwrap(), &l).unwrap(),
        locs(&[(1, 1), (2, 3), (3, 2)])
    );
    // Locations summing alike collapse.
    let sums = apply(
        &fork(&f(Prim::add), &f(Prim::first), &f(Prim::last)).unwrap(),
        &l,
    )
    .unwrap();
    assert_eq!(sums, iset(&[0, 3]));
    // Not a container.
    assert_eq!(err(apply(&f(Prim::increment), &i(5))), ErrorKind::Type);
    assert_eq!(
        err(apply(&f(Prim::increment), &Value::None)),
        ErrorKind::Type
    );
    assert_eq!(
        err(apply(&f(Prim::increment), &f(Prim::add))),
        ErrorKind::Type
    );
    // Not a function, with something to call it on.
    assert_eq!(err(apply(&i(5), &ints(&[1]))), ErrorKind::Type);
}

#[test]
fn rapply_keeps_the_type_of_the_functions_container() {
    let fs = t(vec![
        f(Prim::increment),
        f(Prim::decrement),
        f(Prim::double),
    ]);
    let r = rapply(&fs, &i(5)).unwrap();
    assert!(r.is_tuple());
    assert_eq!(r, ints(&[6, 4, 10]));
    // Equal results collapse in a frozenset of functions.
    let fs = s(vec![f(Prim::even), f(Prim::positive), f(Prim::identity)]);
    assert_eq!(len(&fs), 3);
    assert_eq!(rapply(&fs, &i(2)).unwrap(), s(vec![b(true), i(2)]));
    assert_eq!(rapply(&fs, &i(1)).unwrap(), s(vec![b(false), b(true)]));
    // In a tuple they stay.
    let fs = t(vec![f(Prim::even), f(Prim::positive), f(Prim::identity)]);
    assert_eq!(rapply(&fs, &i(2)).unwrap(), t(vec![b(true), b(true), i(2)]));
    // Mirrors of a grid.
    let g = grid_of(&[[1, 2], [3, 4]]);
    let mirrors = t(vec![f(Prim::hmirror), f(Prim::vmirror), f(Prim::dmirror)]);
    assert_eq!(
        rapply(&mirrors, &g).unwrap(),
        t(vec![
            grid_of(&[[3, 4], [1, 2]]),
            grid_of(&[[2, 1], [4, 3]]),
            grid_of(&[[1, 3], [2, 4]]),
        ])
    );
    // Empty: nothing called.
    assert_eq!(
        rapply(&Value::empty_tuple(), &i(1)).unwrap(),
        Value::empty_tuple()
    );
    assert_eq!(
        rapply(&Value::empty_set(), &i(1)).unwrap(),
        Value::empty_set()
    );
    // An element that is no function, a container that is no container.
    assert_eq!(err(rapply(&ints(&[1, 2]), &i(1))), ErrorKind::Type);
    assert_eq!(err(rapply(&f(Prim::increment), &i(1))), ErrorKind::Type);
    // A two-argument function in the container.
    let fs = t(vec![f(Prim::increment), f(Prim::add)]);
    assert_eq!(err(rapply(&fs, &i(1))), ErrorKind::Type);
}

// ----- mapply, papply, mpapply, prapply -----------------------------------------

#[test]
fn mapply_merges_the_results() {
    let dn = f(Prim::dneighbors);
    // A frozenset: the union.
    let pts = locs(&[(1, 1), (1, 3)]);
    let r = mapply(&dn, &pts).unwrap();
    assert_eq!(
        r,
        locs(&[(0, 1), (2, 1), (1, 0), (1, 2), (0, 3), (2, 3), (1, 4)])
    );
    assert_eq!(r, ct::merge(&apply(&dn, &pts).unwrap()).unwrap());
    // A tuple: the concatenation, duplicates kept, in order.
    let pts = t(vec![p(1, 1), p(1, 3)]);
    let r = mapply(&dn, &pts).unwrap();
    assert!(r.is_tuple());
    assert_eq!(len(&r), 8);
    assert_eq!(ct::dedupe(&r).unwrap().len().unwrap(), 7);
    let r = mapply(&f(Prim::identity), &t(vec![ints(&[1, 2]), ints(&[2, 3])])).unwrap();
    assert_eq!(r, ints(&[1, 2, 2, 3]));
    let r = mapply(&f(Prim::identity), &s(vec![iset(&[1, 2]), iset(&[2, 3])])).unwrap();
    assert_eq!(r, iset(&[1, 2, 3]));
    // apply has deduplicated before the merge: same union.
    let objs = s(vec![obj(&[(1, 0, 0)]), obj(&[(1, 5, 5)])]);
    assert_eq!(
        mapply(&f(Prim::normalize), &objs).unwrap(),
        obj(&[(1, 0, 0)])
    );
    let objs = t(vec![obj(&[(1, 0, 0)]), obj(&[(1, 5, 5)])]);
    let r = mapply(&f(Prim::normalize), &objs).unwrap();
    assert_eq!(r, t(vec![cell(1, 0, 0), cell(1, 0, 0)]));
    // Results that are not containers cannot be merged.
    let r = mapply(&f(Prim::size), &t(vec![ints(&[1]), ints(&[2])]));
    assert_eq!(err(r), ErrorKind::Type);
    assert_eq!(
        mapply(&f(Prim::size), &Value::empty_set()).unwrap(),
        Value::empty_set()
    );
}

#[test]
fn papply_zips_to_the_shorter() {
    let add = f(Prim::add);
    assert_eq!(
        papply(&add, &ints(&[1, 2, 3]), &ints(&[10, 20])).unwrap(),
        ints(&[11, 22])
    );
    assert_eq!(
        papply(&add, &ints(&[1]), &ints(&[10, 20])).unwrap(),
        ints(&[11])
    );
    assert_eq!(
        papply(&add, &Value::empty_tuple(), &ints(&[1])).unwrap(),
        Value::empty_tuple()
    );
    // Always a tuple, frozensets read in iteration order.
    let r = papply(&add, &iset(&[1, 2]), &iset(&[10, 20])).unwrap();
    assert!(r.is_tuple());
    assert_eq!(r, ints(&[11, 22]));
    // papply(astuple, a, b) is pair(a, b).
    let (a, c) = (ints(&[1, 2]), ints(&[3, 4]));
    assert_eq!(
        papply(&f(Prim::astuple), &a, &c).unwrap(),
        ct::pair(&a, &c).unwrap()
    );
    assert_eq!(
        papply(&f(Prim::astuple), &a, &c).unwrap(),
        t(vec![p(1, 3), p(2, 4)])
    );
    // Rows of two grids.
    let g = grid_of(&[[1, 2], [3, 4]]);
    let h = grid_of(&[[1, 0], [3, 4]]);
    assert_eq!(
        papply(&f(Prim::equality), &g, &h).unwrap(),
        t(vec![b(false), b(true)])
    );
    // zip() of something that is no container fails, even against ().
    assert_eq!(
        err(papply(&add, &Value::empty_tuple(), &i(5))),
        ErrorKind::Type
    );
    assert_eq!(
        err(papply(&add, &i(5), &Value::empty_tuple())),
        ErrorKind::Type
    );
    // The function gets two arguments.
    assert_eq!(
        err(papply(&f(Prim::increment), &ints(&[1]), &ints(&[1]))),
        ErrorKind::Type
    );
    assert_eq!(
        papply(&f(Prim::increment), &Value::empty_tuple(), &ints(&[1])).unwrap(),
        Value::empty_tuple()
    );
}

#[test]
fn mpapply_merges_into_a_tuple() {
    // The merge of papply's tuple is a tuple, duplicates kept.
    let r = mpapply(
        &f(Prim::combine),
        &t(vec![ints(&[1]), ints(&[2])]),
        &t(vec![ints(&[1]), ints(&[2])]),
    )
    .unwrap();
    assert_eq!(r, ints(&[1, 1, 2, 2]));
    // Frozensets returned by the function are read in iteration order:
    // recolor gives frozensets, so the cells of the second come sorted.
    let data = t(vec![
        t(vec![cell(1, 0, 0)]),
        t(vec![cell(1, 1, 1), cell(1, 0, 1)]),
    ]);
    let r = mpapply(&f(Prim::recolor), &ints(&[3, 4]), &data).unwrap();
    assert!(r.is_tuple());
    assert_eq!(r, t(vec![cell(3, 0, 0), cell(4, 0, 1), cell(4, 1, 1)]));
    // Grids stacked.
    let g = grid_of(&[[1, 2], [3, 4]]);
    let r = mpapply(&f(Prim::vconcat), &t(vec![g.clone()]), &t(vec![g.clone()])).unwrap();
    assert_eq!(
        r,
        t(vec![
            ints(&[1, 2]),
            ints(&[3, 4]),
            ints(&[1, 2]),
            ints(&[3, 4])
        ])
    );
    assert_eq!(
        mpapply(&f(Prim::add), &Value::empty_tuple(), &Value::empty_tuple()).unwrap(),
        Value::empty_tuple()
    );
    // Numbers cannot be merged.
    assert_eq!(
        err(mpapply(&f(Prim::add), &ints(&[1]), &ints(&[2]))),
        ErrorKind::Type
    );
}

#[test]
fn prapply_iterates_b_outside_a() {
    let add = f(Prim::add);
    // `for j in b for i in a`: with b empty, a is never read.
    assert_eq!(
        prapply(&add, &i(5), &Value::empty_tuple()).unwrap(),
        Value::empty_set()
    );
    assert_eq!(
        prapply(&add, &Value::None, &Value::empty_set()).unwrap(),
        Value::empty_set()
    );
    // b is read first, and a as soon as b has an element.
    assert_eq!(
        err(prapply(&add, &Value::empty_tuple(), &i(5))),
        ErrorKind::Type
    );
    assert_eq!(err(prapply(&add, &i(5), &ints(&[1]))), ErrorKind::Type);
    assert_eq!(
        prapply(&add, &Value::empty_tuple(), &ints(&[1])).unwrap(),
        Value::empty_set()
    );
    // Nothing is called when one side is empty.
    assert_eq!(
        prapply(&i(0), &ints(&[1]), &Value::empty_tuple()).unwrap(),
        Value::empty_set()
    );
    // Always a frozenset.
    let r = prapply(&add, &ints(&[1, 1]), &ints(&[0, 0])).unwrap();
    assert_eq!(r, iset(&[1]));
    // prapply(astuple, a, b) is product(a, b); arguments are (i from a, j from b).
    let (a, c) = (iset(&[1, 2, 3]), ints(&[7, 8]));
    let r = prapply(&f(Prim::astuple), &a, &c).unwrap();
    assert_eq!(r, ct::product(&a, &c).unwrap());
    assert_eq!(len(&r), 6);
    assert!(ct::contained(&p(3, 7), &r).unwrap().truthy());
    assert!(!ct::contained(&p(7, 3), &r).unwrap().truthy());
    let r = prapply(&f(Prim::subtract), &iset(&[10]), &iset(&[1, 2])).unwrap();
    assert_eq!(r, iset(&[8, 9]));
    // The function gets two arguments.
    assert_eq!(
        err(prapply(&f(Prim::increment), &ints(&[1]), &ints(&[1]))),
        ErrorKind::Type
    );
}

// ----- errors propagate as values -------------------------------------------------

#[test]
fn errors_inside_called_functions_propagate() {
    let one_over = lbind(&f(Prim::divide), &i(1)).unwrap();
    assert_eq!(call1(&one_over, i(1)).unwrap(), i(1));
    assert_eq!(err(call1(&one_over, i(0))), ErrorKind::ZeroDivision);
    let first = f(Prim::first);
    let empty = Value::empty_tuple();
    let z = ErrorKind::ZeroDivision;
    assert_eq!(err(apply(&one_over, &ints(&[1, 0]))), z);
    assert_eq!(err(apply(&one_over, &iset(&[0, 1]))), z);
    assert_eq!(
        err(rapply(&t(vec![f(Prim::identity), one_over.clone()]), &i(0))),
        z
    );
    assert_eq!(
        err(mapply(&first, &t(vec![empty.clone()]))),
        ErrorKind::StopIteration
    );
    assert_eq!(
        err(papply(&f(Prim::divide), &ints(&[1, 1]), &ints(&[1, 0]))),
        z
    );
    assert_eq!(err(mpapply(&f(Prim::divide), &ints(&[1]), &ints(&[0]))), z);
    assert_eq!(
        err(prapply(&f(Prim::divide), &ints(&[1, 2]), &ints(&[3, 0]))),
        z
    );
    // Through every closure.
    let inc = f(Prim::increment);
    assert_eq!(err(call1(&compose(&inc, &one_over).unwrap(), i(0))), z);
    assert_eq!(
        err(call1(
            &compose(&one_over, &f(Prim::decrement)).unwrap(),
            i(1)
        )),
        z
    );
    assert_eq!(err(call1(&chain(&inc, &inc, &one_over).unwrap(), i(0))), z);
    assert_eq!(err(call1(&matcher(&one_over, &i(1)).unwrap(), i(0))), z);
    assert_eq!(
        err(call1(&fork(&f(Prim::add), &inc, &one_over).unwrap(), i(0))),
        z
    );
    assert_eq!(
        err(call1(&fork(&f(Prim::add), &one_over, &inc).unwrap(), i(0))),
        z
    );
    assert_eq!(
        err(call1(&rbind(&f(Prim::divide), &i(0)).unwrap(), i(1))),
        z
    );
    // 1 // 2 = 0, then 1 // 0.
    assert_eq!(err(call1(&power(&one_over, &i(2)).unwrap(), i(2))), z);
    let m = matcher(&first, &i(1)).unwrap();
    assert_eq!(err(call1(&m, empty.clone())), ErrorKind::StopIteration);
    // Used by other primitives.
    assert_eq!(err(ct::sfilter(&ints(&[1, 0]), &one_over)), z);
    assert_eq!(err(ct::argmax(&ints(&[0]), &one_over)), z);
    // Arguments are evaluated before the outer call: the inner error wins
    // over the outer's type error.
    assert_eq!(
        err(call1(&compose(&f(Prim::add), &one_over).unwrap(), i(0))),
        z
    );
    assert_eq!(err(call1(&fork(&inc, &inc, &one_over).unwrap(), i(0))), z);
}

// ----- structural equality of function values -------------------------------------

/// The runtime's documented choice (`functions.rs`): a closure is data and
/// compares by structure, where Python compares lambdas by identity.
#[test]
fn function_values_compare_structurally() {
    use std::collections::hash_map::DefaultHasher;
    use std::hash::{Hash, Hasher};
    let hash = |v: &Value| {
        let mut h = DefaultHasher::new();
        v.hash(&mut h);
        h.finish()
    };
    let add = f(Prim::add);
    let inc = f(Prim::increment);
    let r1 = rbind(&add, &i(1)).unwrap();
    assert_eq!(r1, rbind(&add, &i(1)).unwrap());
    assert_eq!(hash(&r1), hash(&rbind(&add, &i(1)).unwrap()));
    assert_ne!(r1, rbind(&add, &i(2)).unwrap());
    assert_ne!(r1, lbind(&add, &i(1)).unwrap());
    assert_ne!(r1, rbind(&f(Prim::subtract), &i(1)).unwrap());
    assert_eq!(add, f(Prim::add));
    assert_ne!(add, inc);
    let c = compose(&inc, &f(Prim::double)).unwrap();
    assert_eq!(c, compose(&inc, &f(Prim::double)).unwrap());
    assert_ne!(c, compose(&f(Prim::double), &inc).unwrap());
    assert_eq!(power(&inc, &i(3)).unwrap(), power(&inc, &i(3)).unwrap());
    assert_ne!(power(&inc, &i(3)).unwrap(), power(&inc, &i(2)).unwrap());
    assert_eq!(
        fork(&add, &inc, &inc).unwrap(),
        fork(&add, &inc, &inc).unwrap()
    );
    // Operands compare by value, whatever their representation: a grid and
    // the same rows held as a plain tuple.
    let as_grid = grid_of(&[[1, 2]]);
    let as_tuple = Value::Tuple(vec![p(1, 2)].into());
    assert!(matches!(as_grid, Value::Grid(_)) && matches!(as_tuple, Value::Tuple(_)));
    let (m1, m2) = (
        matcher(&inc, &as_grid).unwrap(),
        matcher(&inc, &as_tuple).unwrap(),
    );
    assert_eq!(m1, m2);
    assert_eq!(hash(&m1), hash(&m2));
    // Different builders never compare equal, even when they compute the same.
    assert_ne!(
        chain(&inc, &inc, &inc).unwrap(),
        compose(&inc, &compose(&inc, &inc).unwrap()).unwrap()
    );
    // A function is none of the other kinds.
    assert_ne!(inc, i(0));
    assert_ne!(inc, Value::None);
    // So a frozenset holds one of equal functions, and the results collapse.
    let fs = s(vec![r1.clone(), rbind(&add, &i(1)).unwrap(), plus(2)]);
    assert_eq!(len(&fs), 2);
    assert_eq!(rapply(&fs, &i(0)).unwrap(), iset(&[1, 2]));
    let made = apply(&lbind(&f(Prim::rbind), &add).unwrap(), &iset(&[1, 2])).unwrap();
    assert_eq!(made, s(vec![plus(1), plus(2)]));
    assert!(ct::contained(&plus(1), &made).unwrap().truthy());
    // Readable.
    assert_eq!(r1.to_string(), "rbind(add, 1)");
    assert_eq!(
        compose(&inc, &lbind(&add, &p(1, 2)).unwrap())
            .unwrap()
            .to_string(),
        "compose(increment, lbind(add, (1, 2)))"
    );
    assert_eq!(
        power(&inc, &i(3)).unwrap().to_string(),
        "power(increment, 3)"
    );
}

// ----- the table and the fused form ---------------------------------------------

#[test]
fn functional_primitives_called_as_values() {
    // Builders are primitives too: called through the table.
    let c = call2(&f(Prim::compose), f(Prim::increment), f(Prim::double)).unwrap();
    assert_eq!(call1(&c, i(5)).unwrap(), i(11));
    let pw = call2(&f(Prim::power), f(Prim::double), i(4)).unwrap();
    assert_eq!(call1(&pw, i(1)).unwrap(), i(16));
    let r = call(
        &f(Prim::prapply),
        &[f(Prim::add), iset(&[1]), iset(&[1, 2])],
    )
    .unwrap();
    assert_eq!(r, iset(&[2, 3]));
    // lbind(apply, f) maps f over any container; rbind(rapply, x) applies
    // each function of a container to x.
    let inc_all = lbind(&f(Prim::apply), &f(Prim::increment)).unwrap();
    assert_eq!(call1(&inc_all, ints(&[1, 2])).unwrap(), ints(&[2, 3]));
    let at_three = rbind(&f(Prim::rapply), &i(3)).unwrap();
    assert_eq!(
        call1(&at_three, t(vec![f(Prim::double), f(Prim::invert)])).unwrap(),
        ints(&[6, -3])
    );
    assert_eq!(
        err(call(&f(Prim::apply), &[f(Prim::increment)])),
        ErrorKind::Type
    );
}

#[test]
fn apply_chain_is_apply_stage_by_stage() {
    let stages = [f(Prim::increment), f(Prim::double)];
    let xs = iset(&[1, 2, 3]);
    let staged = apply(&stages[1], &apply(&stages[0], &xs).unwrap()).unwrap();
    assert_eq!(
        apply_chain(&[&stages[0], &stages[1]], &xs, false).unwrap(),
        staged
    );
    assert_eq!(staged, iset(&[4, 6, 8]));
    let stages = [f(Prim::normalize), f(Prim::toindices)];
    let objs = s(vec![obj(&[(1, 2, 2), (1, 2, 3)]), obj(&[(2, 7, 7)])]);
    assert_eq!(
        apply_chain(&[&stages[0], &stages[1]], &objs, true).unwrap(),
        mapply(&compose(&stages[1], &stages[0]).unwrap(), &objs).unwrap()
    );
    assert_eq!(
        apply_chain(&[&stages[0], &stages[1]], &objs, true).unwrap(),
        locs(&[(0, 0), (0, 1)])
    );
    assert_eq!(
        err(apply_chain(
            &[&f(Prim::first)],
            &t(vec![Value::empty_tuple()]),
            false
        )),
        ErrorKind::StopIteration
    );
}

// ----- real ARC grids ---------------------------------------------------------------

fn arc(id: &str) -> Task {
    let path = format!(
        concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/arc/{}.json"),
        id
    );
    let text = std::fs::read_to_string(&path).expect("task file");
    task::parse_str(&path, id, &text).expect("valid task")
}

#[test]
fn arc_5117e062_object_sizes() {
    // First train input, checked by hand: a 3-shape of 6 cells, four lone
    // 4s around an 8, a 2-shape of 5 cells and a 6-shape of 7 cells.
    let g = Value::Grid(arc("5117e062").train[0].input().clone());
    let size = f(Prim::size);

    let objs = gr::objects(&g, &T, &F, &T).unwrap();
    assert_eq!(len(&objs), 8);
    // The frozenset of sizes collapses the five singletons.
    assert_eq!(apply(&size, &objs).unwrap(), iset(&[1, 5, 6, 7]));
    let sizes = apply(&size, &ct::totuple(&objs).unwrap()).unwrap();
    assert_eq!(len(&sizes), 8);
    assert_eq!(
        ct::sfilter(&sizes, &matcher(&f(Prim::identity), &i(1)).unwrap())
            .unwrap()
            .len()
            .unwrap(),
        5
    );
    // The sizes add up to the non-background cells.
    let cells = 23;
    let total = ct::merge(&objs).unwrap();
    assert_eq!(len(&total), cells);
    assert_eq!(
        mapply(&f(Prim::toindices), &objs).unwrap().len().unwrap(),
        cells
    );

    // Diagonally, the four 4s are one object.
    let diag = gr::objects(&g, &T, &T, &T).unwrap();
    assert_eq!(apply(&size, &diag).unwrap(), iset(&[1, 4, 5, 6, 7]));
    // Multicoloured and diagonal: the 4s and the 8 together.
    let multi = gr::objects(&g, &F, &T, &T).unwrap();
    assert_eq!(len(&multi), 4);
    assert_eq!(apply(&size, &multi).unwrap(), iset(&[5, 6, 7]));
    assert_eq!(
        apply(&size, &ct::totuple(&multi).unwrap())
            .unwrap()
            .len()
            .unwrap(),
        4
    );
    // Colours per object: one object has two.
    assert_eq!(apply(&f(Prim::numcolors), &multi).unwrap(), iset(&[1, 2]));
}

#[test]
fn arc_5117e062_mapply_normalize() {
    let g = Value::Grid(arc("5117e062").train[0].input().clone());
    let objs = gr::objects(&g, &T, &F, &T).unwrap();
    let merged = mapply(&f(Prim::normalize), &objs).unwrap();
    // 6 + 5 + 7 cells of the shapes, the four 4s on one cell, the 8 on one.
    assert_eq!(len(&merged), 20);
    assert!(ct::contained(&cell(4, 0, 0), &merged).unwrap().truthy());
    assert!(ct::contained(&cell(8, 0, 0), &merged).unwrap().truthy());
    assert_eq!(gr::palette(&merged).unwrap(), iset(&[2, 3, 4, 6, 8]));
    // Every normalized object touches the origin's row and column.
    assert_eq!(
        apply(
            &f(Prim::ulcorner),
            &apply(&f(Prim::normalize), &objs).unwrap()
        )
        .unwrap(),
        s(vec![p(0, 0)])
    );
    // The 2-shape, normalized by hand.
    let two = ct::extract(&objs, &matcher(&f(Prim::color), &i(2)).unwrap()).unwrap();
    assert_eq!(
        pt::normalize(&two).unwrap(),
        obj(&[(2, 0, 0), (2, 1, 0), (2, 1, 1), (2, 1, 2), (2, 2, 1)])
    );
}

#[test]
fn arc_5117e062_solved_with_higher_order_primitives() {
    // The object holding the 8, cut out, the 8 in the object's colour.
    let task = arc("5117e062");
    for (k, e) in task.samples().enumerate() {
        let g = e.input_value().clone();
        let objs = gr::objects(&g, &F, &T, &T).unwrap();
        let has_8 = compose(
            &lbind(&f(Prim::contained), &i(8)).unwrap(),
            &f(Prim::palette),
        )
        .unwrap();
        let o = ct::extract(&objs, &has_8).unwrap();
        // o -> replace(subgrid(o, g), 8, mostcolor(o))
        let recolor_8 = lbind(
            &lbind(&f(Prim::replace), &gr::subgrid(&o, &g).unwrap()).unwrap(),
            &i(8),
        )
        .unwrap();
        let solve = compose(&recolor_8, &f(Prim::mostcolor)).unwrap();
        let out = call1(&solve, o.clone()).unwrap();
        assert_eq!(out, Value::grid(e.output.clone().unwrap()), "sample {k}");
        assert_eq!(gr::numcolors(&o).unwrap(), i(2));
    }
}

#[test]
fn arc_d631b094_mapply_normalize() {
    // First train input, by hand: 1s at (1, 0) and (2, 1).
    let g = Value::Grid(arc("d631b094").train[0].input().clone());
    let apart = gr::objects(&g, &T, &F, &T).unwrap();
    assert_eq!(len(&apart), 2);
    assert_eq!(
        mapply(&f(Prim::normalize), &apart).unwrap(),
        obj(&[(1, 0, 0)])
    );
    let joined = gr::objects(&g, &T, &T, &T).unwrap();
    assert_eq!(len(&joined), 1);
    assert_eq!(
        mapply(&f(Prim::normalize), &joined).unwrap(),
        obj(&[(1, 0, 0), (1, 1, 1)])
    );
    // The whole task: a 1-row grid of the colour, as long as the count of
    // non-zero cells. Not `objects(g, T, T, T)`: in the last sample the 4s
    // outnumber the 0s, so 4 is the background there.
    let positive_colour = compose(&f(Prim::positive), &f(Prim::color)).unwrap();
    for (k, e) in arc("d631b094").samples().enumerate() {
        let g = e.input_value().clone();
        let objs = gr::objects(&g, &T, &T, &F).unwrap();
        let coloured = ct::sfilter(&objs, &positive_colour).unwrap();
        // Over a frozenset, mapply unions; over a tuple it concatenates, and
        // the objects are disjoint: the same count.
        let cells = mapply(&f(Prim::toindices), &coloured).unwrap();
        let listed = mapply(&f(Prim::toindices), &ct::totuple(&coloured).unwrap()).unwrap();
        assert_eq!(len(&cells), len(&listed));
        let out = e.output.as_ref().unwrap();
        assert_eq!((out.height(), out.width()), (1, len(&cells)), "sample {k}");
        assert_eq!(
            gr::palette(&Value::grid(out.clone())).unwrap(),
            apply(&f(Prim::color), &coloured).unwrap()
        );
    }
    let last = Value::Grid(arc("d631b094").test[0].input().clone());
    assert_eq!(gr::mostcolor(&last).unwrap(), i(4));
}

#[test]
fn arc_mirror_tasks_found_by_rapply() {
    // Which of four transformations solves each sample: rapply them all,
    // papply equality against the expected output.
    let fs = t(vec![
        f(Prim::hmirror),
        f(Prim::vmirror),
        f(Prim::dmirror),
        power(&f(Prim::rot90), &i(2)).unwrap(),
    ]);
    for (id, k) in [
        ("68b16354", 0),
        ("67a3c6ac", 1),
        ("74dd1130", 2),
        ("3c9b0459", 3),
    ] {
        for e in arc(id).samples() {
            let g = e.input_value().clone();
            let out = Value::grid(e.output.clone().unwrap());
            let results = rapply(&fs, &g).unwrap();
            let hits = papply(
                &f(Prim::equality),
                &results,
                &ct::repeat(&out, &i(4)).unwrap(),
            )
            .unwrap();
            assert_eq!(hits.tuple_get(k).unwrap(), b(true), "{id}");
            let found = ct::extract(&results, &matcher(&f(Prim::identity), &out).unwrap()).unwrap();
            assert_eq!(found, out);
        }
    }
}

#[test]
fn arc_prapply_over_objects() {
    let g = Value::Grid(arc("5117e062").train[0].input().clone());
    let objs = gr::objects(&g, &T, &F, &T).unwrap();
    // Distances between every two objects: 0 to itself, 1 for the 4s
    // touching the 8.
    let d = prapply(&f(Prim::manhattan), &objs, &objs).unwrap();
    assert_eq!(ct::minimum(&d).unwrap(), i(0));
    assert!(ct::contained(&i(1), &d).unwrap().truthy());
    let adj = prapply(&f(Prim::adjacent), &objs, &objs).unwrap();
    assert_eq!(adj, s(vec![b(false), b(true)]));
    // prapply(astuple, p, p) is the product of the palette with itself.
    let pal = gr::palette(&g).unwrap();
    let pp = prapply(&f(Prim::astuple), &pal, &pal).unwrap();
    assert_eq!(pp, ct::product(&pal, &pal).unwrap());
    assert_eq!(len(&pp), len(&pal) * len(&pal));
}
