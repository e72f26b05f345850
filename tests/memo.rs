//! The memo of function calls (`battgen_runtime::memo`) changes no result:
//! programs whose nested higher-order calls repeat (a function per object
//! that filters every cell by the object nearest to it) give the same
//! outputs and errors with and without it, in every execution, on real
//! tasks; and the memo does answer their repeated calls.
//!
//! One test per file: the memo is switched off process-wide for the
//! comparison.

mod common;
use common::{cross, plan_of, sample};

use battgen_runtime::driver::{Exec, Outcome};
use battgen_runtime::memo;
use battgen_runtime::task;

/// Each cell takes the colour of the object whose centre is nearest
/// (Manhattan distance; ties go to the first object in set order), and
/// variants: cells nearer to their object than to every other one, and a
/// failing one (the nearest of no objects). The per-cell function that
/// finds the nearest object is the same value for every object, so its
/// calls repeat once per object.
const NEAREST: &str = "\
def solve_00000101(I):
    x1 = objects(I, T, F, T)
    x2 = asindices(I)
    x3 = compose(center, last)
    x4 = fork(subtract, first, x3)
    x5 = fork(multiply, sign, identity)
    x6 = lbind(apply, x5)
    x7 = fork(add, first, last)
    x8 = chain(x7, x6, x4)
    x9 = lbind(lbind, astuple)
    x10 = lbind(compose, x8)
    x11 = compose(x10, x9)
    x12 = lbind(argmin, x1)
    x13 = compose(x12, x11)
    x14 = lbind(rbind, equality)
    x15 = rbind(compose, x13)
    x16 = compose(x15, x14)
    x17 = lbind(sfilter, x2)
    x18 = compose(x17, x16)
    x19 = fork(recolor, color, x18)
    x20 = mapply(x19, x1)
    O = paint(I, x20)
    return O

def solve_00000102(I):
    x1 = objects(I, T, F, T)
    x2 = asindices(I)
    x3 = compose(center, last)
    x4 = fork(subtract, first, x3)
    x5 = fork(multiply, sign, identity)
    x6 = lbind(apply, x5)
    x7 = fork(add, first, last)
    x8 = chain(x7, x6, x4)
    x9 = lbind(lbind, astuple)
    x10 = lbind(compose, x8)
    x11 = compose(x10, x9)
    x12 = rbind(remove, x1)
    x13 = lbind(lbind, valmin)
    x14 = rbind(compose, x11)
    x15 = chain(x14, x13, x12)
    x16 = lbind(rbind, astuple)
    x17 = lbind(compose, x8)
    x18 = compose(x17, x16)
    x19 = lbind(fork, greater)
    x20 = fork(x19, x15, x18)
    x21 = lbind(sfilter, x2)
    x22 = compose(x21, x20)
    x23 = fork(recolor, color, x22)
    x24 = mapply(x23, x1)
    O = paint(I, x24)
    return O

def solve_00000103(I):
    x1 = objects(I, T, F, T)
    x2 = colorfilter(x1, NEG_ONE)
    x3 = asindices(I)
    x4 = compose(center, last)
    x5 = fork(subtract, first, x4)
    x6 = fork(multiply, sign, identity)
    x7 = lbind(apply, x6)
    x8 = fork(add, first, last)
    x9 = chain(x8, x7, x5)
    x10 = lbind(lbind, astuple)
    x11 = lbind(compose, x9)
    x12 = compose(x11, x10)
    x13 = lbind(argmin, x2)
    x14 = compose(x13, x12)
    x15 = lbind(rbind, equality)
    x16 = rbind(compose, x14)
    x17 = compose(x16, x15)
    x18 = lbind(sfilter, x3)
    x19 = compose(x18, x17)
    x20 = fork(recolor, color, x19)
    x21 = mapply(x20, x1)
    O = paint(I, x21)
    return O
";

#[test]
fn memoised_calls_give_the_results_of_plain_calls() {
    let plan = plan_of("nearest.py", NEAREST);
    // Tasks with a handful of objects keep the objects x cells x objects
    // work of the plain calls small.
    let tasks: Vec<task::Task> = sample("training")
        .into_iter()
        .filter(|t| ["25d487eb", "444801d8", "d06dbe63", "f35d900a"].contains(&t.id.as_str()))
        .collect();
    assert_eq!(tasks.len(), 4);

    memo::set_enabled(false);
    let plain = cross(&plan, &tasks, Exec::PerInput);
    memo::set_enabled(true);

    // On this thread, one program on one input: the repeated calls are
    // answered by the memo.
    let before = memo::hits();
    let input = tasks[0].train[0].input_value().clone();
    let out = battgen_runtime::plan::guarded(|| plan.eval_program(0, &input));
    assert!(out.is_ok(), "{out:?}");
    assert!(memo::hits() > before, "no call was answered by the memo");

    for exec in [Exec::PerInput, Exec::Battery, Exec::Batched] {
        let memoised = cross(&plan, &tasks, exec);
        for (k, (want, have)) in plain.outcomes.iter().zip(&memoised.outcomes).enumerate() {
            assert!(
                want == have,
                "{exec:?}: {} differs with the memo",
                plan.programs[k].name
            );
        }
    }
    // The failing variant fails (argmin of no objects), with or without.
    assert!(plain.outcomes[2]
        .iter()
        .any(|(_, _, o)| matches!(o, Outcome::Error(_))));
}
