//! The bundled corpus: every program checks cleanly and reproduces every
//! train and test output of its own task, interpreted from the merged plan,
//! both one program at a time and as one battery.

use std::path::Path;

use battgen::ast::SourceFile;
use battgen::diagnostics::parse_and_check;
use battgen::{corpus, merge, rewrite};
use battgen_runtime::battery::Battery;
use battgen_runtime::task;
use battgen_runtime::Value;

fn corpus_programs() -> Vec<battgen::ast::Program> {
    let file = SourceFile {
        path: corpus::SOLVERS_PATH.to_owned(),
        text: corpus::SOLVERS.to_owned(),
    };
    let (programs, diags) = parse_and_check(&file);
    assert!(diags.is_empty(), "the corpus has diagnostics: {diags:?}");
    programs
}

#[test]
fn corpus_has_at_least_fifty_distinct_training_tasks() {
    let programs = corpus_programs();
    let mut ids: Vec<&str> = programs.iter().map(|p| p.task_id.as_str()).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), programs.len(), "one program per task");
    assert!(ids.len() >= 50, "only {} programs", ids.len());
    for id in ids {
        let bundled = corpus::TASKS.iter().any(|(t, _)| *t == id);
        let training =
            Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("corpus/tasks/{id}.json"));
        assert!(bundled && training.exists(), "task {id} is not bundled");
    }
}

#[test]
fn every_corpus_program_solves_its_task() {
    let programs = corpus_programs();
    let plan = rewrite::rewrite(&merge::merge(&programs)).0;
    let mut failures = Vec::new();
    for (k, p) in plan.programs.iter().enumerate() {
        let text = corpus::TASKS
            .iter()
            .find(|(id, _)| *id == p.task_id)
            .expect("bundled")
            .1;
        let t = task::parse_str("corpus", &p.task_id, text).expect("valid task");
        for (s, ex) in t.samples().enumerate() {
            let input = ex.input_value().clone();
            let want = ex.output.clone().map(Value::grid);
            let alone = plan.run_program(k, &input);
            let together = plan.run_all(&input).swap_remove(k);
            if alone.as_ref().ok() != want.as_ref() {
                failures.push(format!("{} on {}:{s}: {:?}", p.name, p.task_id, alone));
            }
            assert_eq!(alone, together, "{}: per-input and battery differ", p.name);
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
