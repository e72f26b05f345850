//! Per-input, battery and batched (column-wise) execution give identical
//! outputs, in cross mode, on a sample of real training and evaluation
//! tasks (25 of each, in tests/data/sample). The whole sets are compared by
//! `gen bench`, which fails on any difference.

mod common;
use common::{cross, plan_of, sample};

use battgen::ast::{Program, SourceFile};
use battgen::diagnostics::parse_and_check;
use battgen::{corpus, merge, rewrite};
use battgen_runtime::driver::{Exec, Outcome};

/// The bundled corpus, parsed and checked.
fn bundled_corpus() -> Vec<Program> {
    let file = SourceFile {
        path: "corpus/solvers.py".into(),
        text: corpus::SOLVERS.into(),
    };
    let (programs, diags) = parse_and_check(&file);
    assert!(diags.is_empty());
    programs
}

#[test]
fn executions_agree_on_sampled_training_and_evaluation_tasks() {
    let programs = bundled_corpus();
    let plan = rewrite::rewrite(&merge::merge(&programs)).0;
    for split in ["training", "evaluation"] {
        let tasks = sample(split);
        assert_eq!(tasks.len(), 25);
        let run = |exec| cross(&plan, &tasks, exec);
        let per_input = run(Exec::PerInput);
        let battery = run(Exec::Battery);
        let batched = run(Exec::Batched);
        assert!(per_input.evaluations() > 10_000);
        assert!(
            per_input.outcomes == battery.outcomes,
            "{split}: battery differs from per-input"
        );
        assert!(
            per_input.outcomes == batched.outcomes,
            "{split}: batched differs from per-input"
        );
    }
}

/// Per-input execution on one thread (the loop, program by program) and on
/// four (the shared queue: every program on the largest inputs, then the
/// rest program by program, the costliest first) gives every outcome in
/// its place. The sample has more inputs than the queue's head, so both
/// of its phases run.
#[test]
fn per_input_outcomes_are_the_same_on_one_thread_and_on_four() {
    let programs = bundled_corpus();
    let plan = rewrite::rewrite(&merge::merge(&programs)).0;
    let tasks = sample("training");
    let inputs: usize = tasks.iter().map(|t| t.num_samples()).sum();
    assert!(inputs > 96, "{inputs} inputs: the head alone");
    let on = |threads| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a pool")
            .install(|| cross(&plan, &tasks, Exec::PerInput))
    };
    let (one, four) = (on(1), on(4));
    assert!(one.evaluations() > 10_000);
    assert!(
        one.outcomes == four.outcomes,
        "four threads differ from one"
    );
}

/// The orders of all programs, computed in one linear pass, are each
/// program's order computed alone, on the merged and rewritten corpus.
#[test]
fn program_orders_of_the_whole_battery_match_each_program_alone() {
    let programs = bundled_corpus();
    let merged = merge::merge(&programs);
    let (rewritten, _) = rewrite::rewrite(&merged);
    for plan in [&merged, &rewritten] {
        let all = plan.program_orders();
        assert_eq!(all.len(), plan.programs.len());
        for (k, order) in all.iter().enumerate() {
            assert_eq!(*order, plan.program_order(k), "{}", plan.programs[k].name);
        }
    }
}

/// Python runs every statement: one whose value no output needs still ends
/// the program when it raises (`first` of an empty set: StopIteration),
/// in every execution, while a program sharing its other nodes is unharmed.
#[test]
fn a_failing_statement_that_no_output_needs_fails_the_program() {
    let text = "\
def solve_aaaaaaaa(I):
    x1 = palette(I)
    x2 = difference(x1, x1)
    x3 = first(x2)
    O = hmirror(I)
    return O

def solve_bbbbbbbb(I):
    x1 = palette(I)
    O = hmirror(I)
    return O
";
    let plan = plan_of("dead.py", text);
    let tasks = sample("training");
    for exec in [Exec::PerInput, Exec::Battery, Exec::Batched] {
        let r = cross(&plan, &tasks, exec);
        assert!(r.outcomes[0].len() > 50);
        for (_, _, o) in &r.outcomes[0] {
            assert_eq!(*o, Outcome::Error("stopiteration"), "{exec:?}");
        }
        for (_, _, o) in &r.outcomes[1] {
            assert!(o.grid().is_some(), "{exec:?}: {o:?}");
        }
    }
}
