//! Arithmetic and logic primitives: every assertion of the reference's
//! `tests.py` for them, plus Python's corner cases (bools are ints, floor
//! division, `and`/`or` returning operands, componentwise tuple operators).

use battgen_runtime::primitives::arithmetic::*;
use battgen_runtime::values::grid_of;
use battgen_runtime::{ErrorKind, Value};

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
fn ints(xs: &[i64]) -> Value {
    Value::tuple(xs.iter().map(|&x| Value::Int(x)).collect())
}
fn err(r: battgen_runtime::Result<Value>) -> ErrorKind {
    r.expect_err("expected an error").kind
}

/// `A` and `B` of tests.py.
fn grid_a() -> Value {
    grid_of(&[[1, 0], [0, 1], [1, 0]])
}
fn grid_b() -> Value {
    grid_of(&[[2, 1], [0, 1], [2, 1]])
}

// ----- tests.py ----------------------------------------------------------------

#[test]
fn test_identity() {
    assert_eq!(identity(&i(1)).unwrap(), i(1));
    assert_eq!(identity(&grid_a()).unwrap(), grid_a());
}

#[test]
fn test_add() {
    assert_eq!(add(&i(1), &i(2)).unwrap(), i(3));
    assert_eq!(add(&i(4), &i(6)).unwrap(), i(10));
}

#[test]
fn test_subtract() {
    assert_eq!(subtract(&i(1), &i(2)).unwrap(), i(-1));
    assert_eq!(subtract(&i(4), &i(6)).unwrap(), i(-2));
}

#[test]
fn test_multiply() {
    assert_eq!(multiply(&i(2), &i(3)).unwrap(), i(6));
    assert_eq!(multiply(&i(4), &i(3)).unwrap(), i(12));
}

#[test]
fn test_divide() {
    assert_eq!(divide(&i(4), &i(2)).unwrap(), i(2));
    assert_eq!(divide(&i(9), &i(2)).unwrap(), i(4));
}

#[test]
fn test_invert() {
    assert_eq!(invert(&i(1)).unwrap(), i(-1));
    assert_eq!(invert(&i(-4)).unwrap(), i(4));
}

#[test]
fn test_even() {
    assert_eq!(even(&i(1)).unwrap(), b(false));
    assert_eq!(even(&i(2)).unwrap(), b(true));
}

#[test]
fn test_double() {
    assert_eq!(double(&i(1)).unwrap(), i(2));
}

#[test]
fn test_halve() {
    assert_eq!(halve(&i(2)).unwrap(), i(1));
    assert_eq!(halve(&i(5)).unwrap(), i(2));
}

#[test]
fn test_flip() {
    assert_eq!(flip(&b(false)).unwrap(), b(true));
    assert_eq!(flip(&b(true)).unwrap(), b(false));
}

#[test]
fn test_equality() {
    assert_eq!(equality(&grid_a(), &grid_a()).unwrap(), b(true));
    assert_eq!(equality(&grid_a(), &grid_b()).unwrap(), b(false));
}

#[test]
fn test_greater() {
    assert_eq!(greater(&i(2), &i(1)).unwrap(), b(true));
    assert_eq!(greater(&i(4), &i(10)).unwrap(), b(false));
}

#[test]
fn test_both() {
    assert_eq!(both(&b(true), &b(false)).unwrap(), b(false));
    assert_eq!(both(&b(true), &b(true)).unwrap(), b(true));
    assert_eq!(both(&b(false), &b(false)).unwrap(), b(false));
}

#[test]
fn test_either() {
    assert_eq!(either(&b(true), &b(false)).unwrap(), b(true));
    assert_eq!(either(&b(true), &b(true)).unwrap(), b(true));
    assert_eq!(either(&b(false), &b(false)).unwrap(), b(false));
}

#[test]
fn test_increment() {
    assert_eq!(increment(&i(1)).unwrap(), i(2));
}

#[test]
fn test_decrement() {
    assert_eq!(decrement(&i(1)).unwrap(), i(0));
}

#[test]
fn test_crement() {
    assert_eq!(crement(&i(1)).unwrap(), i(2));
    assert_eq!(crement(&i(-2)).unwrap(), i(-3));
}

#[test]
fn test_sign() {
    assert_eq!(sign(&i(2)).unwrap(), i(1));
    assert_eq!(sign(&i(0)).unwrap(), i(0));
    assert_eq!(sign(&i(-1)).unwrap(), i(-1));
}

#[test]
fn test_positive() {
    assert_eq!(positive(&i(1)).unwrap(), b(true));
    assert_eq!(positive(&i(-2)).unwrap(), b(false));
}

#[test]
fn test_toivec() {
    assert_eq!(toivec(&i(2)).unwrap(), p(2, 0));
}

#[test]
fn test_tojvec() {
    assert_eq!(tojvec(&i(3)).unwrap(), p(0, 3));
}

#[test]
fn test_astuple() {
    assert_eq!(astuple(&i(3), &i(4)).unwrap(), p(3, 4));
}

#[test]
fn test_branch() {
    assert_eq!(branch(&b(true), &i(1), &i(3)).unwrap(), i(1));
    assert_eq!(branch(&b(false), &i(4), &i(2)).unwrap(), i(2));
}

// ----- pairs -------------------------------------------------------------------

#[test]
fn pairs_componentwise_and_broadcast() {
    assert_eq!(add(&p(1, 2), &p(10, 20)).unwrap(), p(11, 22));
    assert_eq!(add(&i(1), &p(10, 20)).unwrap(), p(11, 21));
    assert_eq!(add(&p(10, 20), &i(1)).unwrap(), p(11, 21));
    assert_eq!(subtract(&i(0), &p(3, -4)).unwrap(), p(-3, 4));
    assert_eq!(subtract(&p(3, 4), &i(1)).unwrap(), p(2, 3));
    assert_eq!(multiply(&p(3, 4), &p(2, -1)).unwrap(), p(6, -4));
    assert_eq!(multiply(&i(3), &p(1, 2)).unwrap(), p(3, 6));
    assert_eq!(divide(&p(7, -7), &i(2)).unwrap(), p(3, -4));
    assert_eq!(divide(&i(7), &p(2, -2)).unwrap(), p(3, -4));
    assert_eq!(invert(&p(1, -2)).unwrap(), p(-1, 2));
    assert_eq!(double(&p(1, -2)).unwrap(), p(2, -4));
    assert_eq!(halve(&p(5, -5)).unwrap(), p(2, -3));
    assert_eq!(increment(&p(0, 9)).unwrap(), p(1, 10));
    assert_eq!(decrement(&p(0, 9)).unwrap(), p(-1, 8));
    assert_eq!(crement(&p(0, -3)).unwrap(), p(0, -4));
    assert_eq!(crement(&p(5, 0)).unwrap(), p(6, 0));
    assert_eq!(sign(&p(-7, 0)).unwrap(), p(-1, 0));
    assert_eq!(sign(&p(0, 7)).unwrap(), p(0, 1));
}

#[test]
fn generic_tuples_use_the_first_two_components() {
    // Only a[0] and a[1] are read.
    assert_eq!(add(&ints(&[1, 2, 3]), &i(1)).unwrap(), p(2, 3));
    assert_eq!(
        add(&ints(&[1, 2, 3]), &ints(&[1, 1, 1, 1])).unwrap(),
        p(2, 3)
    );
    assert_eq!(sign(&ints(&[-5, 5, 0])).unwrap(), p(-1, 1));
    // Components that are tuples use tuple operators: + concatenates,
    // * repeats (so double of a grid repeats each row).
    let g = grid_of(&[[1, 2], [3, 4]]);
    assert_eq!(
        add(&g, &g).unwrap(),
        t(vec![ints(&[1, 2, 1, 2]), ints(&[3, 4, 3, 4])])
    );
    assert_eq!(
        double(&g).unwrap(),
        t(vec![ints(&[1, 2, 1, 2]), ints(&[3, 4, 3, 4])])
    );
    assert_eq!(multiply(&g, &i(0)).unwrap(), t(vec![t(vec![]), t(vec![])]));
}

#[test]
fn arithmetic_type_and_index_errors() {
    assert_eq!(err(add(&i(1), &Value::None)), ErrorKind::Type);
    assert_eq!(err(add(&Value::None, &i(1))), ErrorKind::Type);
    assert_eq!(err(add(&Value::empty_set(), &i(1))), ErrorKind::Type);
    assert_eq!(err(add(&i(1), &Value::empty_set())), ErrorKind::Type);
    assert_eq!(err(add(&t(vec![i(1)]), &i(1))), ErrorKind::Index);
    assert_eq!(err(add(&p(1, 2), &t(vec![i(1)]))), ErrorKind::Index);
    // int + tuple component
    assert_eq!(err(add(&i(1), &grid_a())), ErrorKind::Type);
    assert_eq!(err(halve(&grid_a())), ErrorKind::Type);
    assert_eq!(err(invert(&grid_a())), ErrorKind::Type);
    assert_eq!(err(crement(&grid_a())), ErrorKind::Type);
    assert_eq!(err(sign(&Value::None)), ErrorKind::Type);
    assert_eq!(err(even(&p(2, 2))), ErrorKind::Type);
    assert_eq!(err(positive(&p(2, 2))), ErrorKind::Type);
    assert_eq!(err(greater(&i(1), &p(2, 2))), ErrorKind::Type);
    assert_eq!(err(greater(&Value::None, &Value::None)), ErrorKind::Type);
}

#[test]
fn floor_division_and_zero() {
    assert_eq!(divide(&i(-7), &i(2)).unwrap(), i(-4));
    assert_eq!(divide(&i(7), &i(-2)).unwrap(), i(-4));
    assert_eq!(divide(&i(-7), &i(-2)).unwrap(), i(3));
    assert_eq!(divide(&i(-8), &i(2)).unwrap(), i(-4));
    assert_eq!(halve(&i(-1)).unwrap(), i(-1));
    assert_eq!(err(divide(&i(1), &i(0))), ErrorKind::ZeroDivision);
    assert_eq!(err(divide(&p(1, 1), &p(1, 0))), ErrorKind::ZeroDivision);
    assert_eq!(err(divide(&i(1), &b(false))), ErrorKind::ZeroDivision);
    assert_eq!(even(&i(-3)).unwrap(), b(false));
    assert_eq!(even(&i(-4)).unwrap(), b(true));
    assert_eq!(even(&i(0)).unwrap(), b(true));
}

#[test]
fn overflow_is_unsupported_not_a_panic() {
    let max = i(i64::MAX);
    let min = i(i64::MIN);
    assert_eq!(err(increment(&max)), ErrorKind::Unsupported);
    assert_eq!(err(decrement(&min)), ErrorKind::Unsupported);
    assert_eq!(err(invert(&min)), ErrorKind::Unsupported);
    assert_eq!(err(double(&max)), ErrorKind::Unsupported);
    assert_eq!(err(divide(&min, &i(-1))), ErrorKind::Unsupported);
    assert_eq!(err(crement(&max)), ErrorKind::Unsupported);
    assert_eq!(err(add(&p(0, i64::MAX), &p(0, 1))), ErrorKind::Unsupported);
    assert_eq!(err(multiply(&grid_a(), &max)), ErrorKind::Unsupported);
    assert_eq!(halve(&min).unwrap(), i(i64::MIN / 2));
}

#[test]
fn bools_are_ints() {
    assert_eq!(add(&b(true), &b(true)).unwrap(), i(2));
    assert!(matches!(add(&b(true), &i(0)).unwrap(), Value::Int(1)));
    assert!(matches!(invert(&b(true)).unwrap(), Value::Int(-1)));
    assert_eq!(increment(&b(true)).unwrap(), i(2));
    assert_eq!(crement(&b(true)).unwrap(), i(2));
    assert!(matches!(sign(&b(true)).unwrap(), Value::Int(1)));
    assert_eq!(multiply(&b(true), &p(3, 4)).unwrap(), p(3, 4));
    assert_eq!(even(&b(false)).unwrap(), b(true));
    assert_eq!(positive(&b(true)).unwrap(), b(true));
    assert_eq!(greater(&b(true), &i(0)).unwrap(), b(true));
    assert_eq!(greater(&i(1), &b(true)).unwrap(), b(false));
    assert_eq!(equality(&b(true), &i(1)).unwrap(), b(true));
    assert_eq!(equality(&b(false), &i(0)).unwrap(), b(true));
    assert_eq!(toivec(&b(true)).unwrap(), p(1, 0));
}

#[test]
fn results_are_bools_where_python_gives_bools() {
    assert!(matches!(even(&i(2)).unwrap(), Value::Bool(true)));
    assert!(matches!(flip(&i(0)).unwrap(), Value::Bool(true)));
    assert!(matches!(
        equality(&i(2), &i(3)).unwrap(),
        Value::Bool(false)
    ));
    assert!(matches!(greater(&i(3), &i(2)).unwrap(), Value::Bool(true)));
    assert!(matches!(positive(&i(0)).unwrap(), Value::Bool(false)));
}

#[test]
fn and_or_return_an_operand() {
    // Python: `1 and 2` is 2, `0 and 2` is 0, `1 or 2` is 1, `0 or 2` is 2.
    assert!(matches!(both(&i(1), &i(2)).unwrap(), Value::Int(2)));
    assert!(matches!(both(&i(0), &i(2)).unwrap(), Value::Int(0)));
    assert!(matches!(both(&b(true), &i(5)).unwrap(), Value::Int(5)));
    assert!(matches!(either(&i(1), &i(2)).unwrap(), Value::Int(1)));
    assert!(matches!(either(&i(0), &i(2)).unwrap(), Value::Int(2)));
    assert!(matches!(either(&b(false), &i(0)).unwrap(), Value::Int(0)));
    assert_eq!(
        both(&Value::empty_set(), &i(1)).unwrap(),
        Value::empty_set()
    );
    assert_eq!(either(&Value::empty_tuple(), &grid_a()).unwrap(), grid_a());
}

#[test]
fn flip_and_branch_use_truthiness() {
    assert_eq!(flip(&Value::empty_tuple()).unwrap(), b(true));
    assert_eq!(flip(&grid_a()).unwrap(), b(false));
    assert_eq!(flip(&Value::None).unwrap(), b(true));
    assert_eq!(flip(&i(-3)).unwrap(), b(false));
    assert_eq!(branch(&i(0), &i(1), &i(2)).unwrap(), i(2));
    assert_eq!(branch(&i(7), &i(1), &i(2)).unwrap(), i(1));
    assert_eq!(branch(&Value::empty_set(), &i(1), &i(2)).unwrap(), i(2));
    assert_eq!(branch(&p(0, 0), &i(1), &i(2)).unwrap(), i(1));
}

#[test]
fn equality_is_by_value() {
    let as_tuple = t(vec![ints(&[1, 0]), ints(&[0, 1]), ints(&[1, 0])]);
    assert_eq!(equality(&grid_a(), &as_tuple).unwrap(), b(true));
    assert_eq!(equality(&p(1, 2), &ints(&[1, 2])).unwrap(), b(true));
    assert_eq!(
        equality(&Value::empty_set(), &Value::empty_tuple()).unwrap(),
        b(false)
    );
    assert_eq!(
        equality(&Value::indices(vec![(0, 1)]), &Value::set(vec![p(0, 1)])).unwrap(),
        b(true)
    );
}

#[test]
fn greater_on_tuples_and_sets() {
    assert_eq!(greater(&p(1, 2), &p(1, 1)).unwrap(), b(true));
    assert_eq!(greater(&p(1, 2), &ints(&[1, 2, 0])).unwrap(), b(false));
    assert_eq!(greater(&ints(&[1, 2, 0]), &p(1, 2)).unwrap(), b(true));
    assert_eq!(greater(&grid_b(), &grid_a()).unwrap(), b(true));
    // frozenset > frozenset is "proper superset".
    let big = Value::set(vec![i(1), i(2)]);
    let small = Value::set(vec![i(1)]);
    let other = Value::set(vec![i(3)]);
    assert_eq!(greater(&big, &small).unwrap(), b(true));
    assert_eq!(greater(&small, &big).unwrap(), b(false));
    assert_eq!(greater(&big, &big).unwrap(), b(false));
    assert_eq!(greater(&big, &other).unwrap(), b(false));
    assert_eq!(err(greater(&big, &p(1, 2))), ErrorKind::Type);
}

#[test]
fn vectors_hold_any_value() {
    assert_eq!(toivec(&i(-1)).unwrap(), p(-1, 0));
    assert_eq!(tojvec(&i(-1)).unwrap(), p(0, -1));
    assert_eq!(astuple(&i(2), &grid_a()).unwrap(), t(vec![i(2), grid_a()]));
    assert!(matches!(astuple(&i(2), &i(3)).unwrap(), Value::Pair(2, 3)));
}
