//! Typed code over a grid's rows against the `Value` primitives it stands
//! for, on the grids of the bundled ARC tasks: `rt::t::apply_rows_order`
//! (what emitted code makes of `apply(rbind(order, key), grid)`) and
//! `rt::t::cellwise_best` (of `apply(lbind(apply, maximum), papply(pair, a,
//! b))`) must give what the primitives give, or the same kind of error.

use battgen_runtime::primitives::arithmetic::{divide, greater, invert, subtract};
use battgen_runtime::primitives::functional::{apply, compose, lbind, papply, rbind};
use battgen_runtime::rt::t::{apply_rows_order, cellwise_best};
use battgen_runtime::task;
use battgen_runtime::typed::is_deopt;
use battgen_runtime::{Func, Grid, Prim, Result, Value};

/// The inputs and outputs of every bundled task, and the grids without
/// cells that the typed form declines.
fn grids() -> Vec<Grid> {
    let dir = format!("{}/../tests/data/arc", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/data/arc")
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let mut out = vec![Grid::new(0, 0, Vec::new()), Grid::new(2, 0, Vec::new())];
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let t = task::parse_str(&path.display().to_string(), "t", &text).unwrap();
        for ex in t.samples() {
            out.push(ex.input().clone());
            out.extend(ex.output.clone());
        }
    }
    out
}

fn prim(p: Prim) -> Value {
    Value::func(Func::Prim(p))
}

/// The typed form with `key` against `apply(rbind(order, key_value), g)`:
/// the same grid, or errors of the same kind. Returns how many grids the
/// typed form declined (deopts).
fn agree<K: battgen_runtime::rt::t::Key>(
    name: &str,
    key_value: &Value,
    mut key: impl FnMut(i64) -> Result<K>,
) -> usize {
    let sort_rows = rbind(&prim(Prim::order), key_value).unwrap();
    let mut declined = 0;
    for g in grids() {
        let typed = apply_rows_order(&g.clone(), &mut key);
        let generic = apply(&sort_rows, &Value::grid(g.clone()));
        match (typed, generic) {
            (Err(e), _) if is_deopt(&e) => declined += 1,
            (Ok(t), Ok(v)) => assert_eq!(Value::Grid(t), v, "{name} on {g:?}"),
            (Err(a), Err(b)) => assert_eq!(a.kind, b.kind, "{name} on {g:?}"),
            (a, b) => panic!("{name} on {g:?}: typed {a:?}, generic {b:?}"),
        }
    }
    declined
}

#[test]
fn sorted_rows_agree_with_apply_of_order_on_real_grids() {
    // Only the two grids without cells are declined.
    assert_eq!(agree("identity", &prim(Prim::identity), Ok), 2);
    assert_eq!(
        agree("invert", &prim(Prim::invert), |x| invert(&Value::Int(x))?
            .as_int("k")),
        2
    );
    // Bool keys: False before True, stably.
    let above_two = rbind(&prim(Prim::greater), &Value::Int(2)).unwrap();
    let typed_above_two = |x: i64| match greater(&Value::Int(x), &Value::Int(2))? {
        Value::Bool(b) => Ok(b),
        _ => unreachable!("greater gives a bool"),
    };
    assert_eq!(agree("x > 2", &above_two, typed_above_two), 2);
}

/// A key that raises on colour 5 (`10 // (5 - x)`): grids holding a 5 fail
/// with the reference's ZeroDivisionError, the others sort.
#[test]
fn a_failing_key_fails_as_apply_fails() {
    let five_minus = lbind(&prim(Prim::subtract), &Value::Int(5)).unwrap();
    let ten_over = lbind(&prim(Prim::divide), &Value::Int(10)).unwrap();
    let key_value = compose(&ten_over, &five_minus).unwrap();
    let key = |x: i64| {
        let d = subtract(&Value::Int(5), &Value::Int(x))?;
        divide(&Value::Int(10), &d)?.as_int("k")
    };
    assert_eq!(agree("10 // (5 - x)", &key_value, key), 2);
    let with_five = grids().iter().filter(|g| g.cells().contains(&5)).count();
    assert!(
        with_five > 10,
        "the test grids hold colour 5 in {with_five}"
    );
}

/// The cellwise maximum and minimum of every pair of neighbouring test
/// grids (of equal and of different shapes: `zip` stops at the shorter
/// rows and columns) against the primitives' own composition.
#[test]
fn cellwise_extremes_agree_with_apply_of_papply_of_pair() {
    let grids = grids();
    let mut compared = 0;
    for (best, largest) in [(Prim::maximum, true), (Prim::minimum, false)] {
        let per_row = lbind(&prim(Prim::apply), &prim(best)).unwrap();
        for w in grids.windows(2) {
            let (a, b) = (w[0].clone(), w[1].clone());
            let typed = cellwise_best(&a, &b, largest);
            let zipped = papply(&prim(Prim::pair), &Value::Grid(a), &Value::Grid(b)).unwrap();
            let generic = apply(&per_row, &zipped);
            match (typed, generic) {
                (Err(e), _) if is_deopt(&e) => {
                    // Only where the grids share no cell.
                    let shared = w[0].height().min(w[1].height()) * w[0].width().min(w[1].width());
                    assert_eq!(shared, 0, "{best:?} declined {:?} and {:?}", w[0], w[1]);
                }
                (Ok(t), Ok(v)) => {
                    assert_eq!(Value::Grid(t), v, "{best:?} of {:?} and {:?}", w[0], w[1]);
                    compared += 1;
                }
                (t, g) => panic!(
                    "{best:?} of {:?} and {:?}: typed {t:?}, generic {g:?}",
                    w[0], w[1]
                ),
            }
        }
    }
    assert!(compared > 200, "compared {compared}");
}
