//! Large batteries stay compilable: a battery of over 1,000 programs (the
//! bundled corpus seven times, renamed, plus one program of 600 statements)
//! is emitted in functions and modules of bounded size, its long program
//! gives the right answer through the segmented code, and `gen run`
//! compiles and runs it (or falls back to the interpreter, saying so).

mod common;

use std::path::PathBuf;
use std::process::Command;

use battgen::ast::SourceFile;
use battgen::diagnostics::parse_and_check;
use battgen::emit::{self, MAX_STMTS_PER_FN};
use battgen::{corpus, merge, rewrite};
use battgen_runtime::battery::Battery;
use battgen_runtime::task;

const COPIES: usize = 7;
const LONG: usize = 600;

/// The bundled corpus, `COPIES` times under new names (the task id, the
/// part after the last `_`, stays), and a program of `LONG` statements
/// that turns its input a quarter `LONG` times (so returns it unchanged).
fn big_source() -> String {
    let mut text = String::new();
    for copy in 0..COPIES {
        let renamed = corpus::SOLVERS.replace("def solve_", &format!("def solve_c{copy}_"));
        // Imports only at the top of the file.
        for line in renamed.lines() {
            if copy == 0 || !(line.starts_with("from ") || line.starts_with("import ")) {
                text.push_str(line);
                text.push('\n');
            }
        }
    }
    text.push_str("def solve_long_67a3c6ac(I):\n    x1 = rot90(I)\n");
    for k in 2..LONG {
        text.push_str(&format!("    x{k} = rot90(x{})\n", k - 1));
    }
    text.push_str(&format!("    O = rot90(x{})\n    return O\n", LONG - 1));
    text
}

fn tmp(name: &str) -> PathBuf {
    common::fresh_dir(env!("CARGO_TARGET_TMPDIR"), "scale-tests", name)
}

/// The most statements in any function of `code` (nested modules too).
fn largest_function(code: &str) -> (String, usize) {
    fn walk(items: &[syn::Item], best: &mut (String, usize)) {
        for item in items {
            match item {
                syn::Item::Fn(f) => {
                    let n = f.block.stmts.len();
                    if n > best.1 {
                        *best = (f.sig.ident.to_string(), n);
                    }
                }
                syn::Item::Mod(m) => {
                    if let Some((_, items)) = &m.content {
                        walk(items, best);
                    }
                }
                _ => {}
            }
        }
    }
    let file = syn::parse_file(code).expect("emitted code parses");
    let mut best = (String::new(), 0);
    walk(&file.items, &mut best);
    best
}

#[test]
fn a_thousand_programs_emit_in_bounded_functions_and_modules() {
    let file = SourceFile {
        path: "big.py".into(),
        text: big_source(),
    };
    let (programs, diags) = parse_and_check(&file);
    assert!(diags.is_empty(), "{diags:?}");
    assert!(programs.len() > 1000, "{} programs", programs.len());
    let merged = merge::merge(&programs);
    let stats = merge::stats(&programs, &merged);
    let (plan, _) = rewrite::rewrite(&merged);
    let info = emit::EmitInfo {
        files: &["big.py".to_owned()],
        statements: stats.statements,
        dead: stats.dead,
    };
    let krate = emit::emit_crate(&plan, &info).expect("emits");
    assert!(krate.modules.len() > 20, "{} modules", krate.modules.len());
    // A function holds at most MAX_STMTS_PER_FN statements of the program,
    // a push of each onto the segment's stack, and its primitive values.
    let bound = 2 * MAX_STMTS_PER_FN + 16;
    for m in &krate.modules {
        let (name, n) = largest_function(&m.code);
        assert!(n <= bound, "{}: {name} has {n} statements", m.name);
        assert!(m.code.lines().count() < 12_000, "{} is too long", m.name);
    }
    let (name, n) = largest_function(&krate.root);
    assert!(n <= bound, "root: {name} has {n} statements");
    // The single-file form holds the same bounded functions.
    let single = emit::emit(&plan, &info).expect("emits");
    let (name, n) = largest_function(&single);
    assert!(n <= bound, "single file: {name} has {n} statements");
    assert!(single.contains("fn solve_long_67a3c6ac__5("));
}

#[test]
fn a_long_program_runs_through_its_segments() {
    let file = SourceFile {
        path: "big.py".into(),
        text: big_source(),
    };
    let (programs, diags) = parse_and_check(&file);
    assert!(diags.is_empty());
    let long: Vec<_> = programs
        .into_iter()
        .filter(|p| p.name == "solve_long_67a3c6ac")
        .collect();
    let plan = rewrite::rewrite(&merge::merge(&long)).0;
    assert_eq!(plan.nodes.len(), LONG);
    let text = corpus::TASKS
        .iter()
        .find(|(id, _)| *id == "67a3c6ac")
        .unwrap()
        .1;
    let t = task::parse_str("corpus", "67a3c6ac", text).unwrap();
    for ex in t.samples() {
        let input = ex.input_value().clone();
        assert_eq!(plan.run_program(0, &input), Ok(input.clone()));
    }
}

/// Compiles a battery of over 1,000 programs (the runtime is usually in
/// the build cache already: the run tests compile it first) and runs it;
/// every copy of every corpus program solves its task.
#[test]
fn gen_run_compiles_a_thousand_program_battery() {
    let dir = tmp("thousand");
    let programs = dir.join("big.py");
    std::fs::write(&programs, big_source()).unwrap();
    let out_path = dir.join("results.json");
    let out = Command::new(env!("CARGO_BIN_EXE_gen"))
        .args(["run", "--no-fallback", "--programs"])
        .arg(&programs)
        .arg("--out")
        .arg(&out_path)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "gen failed ({}):\n{err}", out.status);
    assert!(err.contains("module(s)"), "{err}");
    let corpus_programs = corpus::SOLVERS.matches("def solve_").count();
    let solved = format!(
        "programs  {} ({} solve a task)",
        COPIES * corpus_programs + 1,
        COPIES * corpus_programs
    );
    assert!(err.contains(&solved), "expected {solved:?} in:\n{err}");
}

/// A compile that fails (here: cargo is not there) is reported in one line
/// and the same plan runs on the interpreter; `--no-fallback` makes it an
/// error with exit code 4.
#[test]
fn a_failed_compile_falls_back_to_the_interpreter() {
    let dir = tmp("fallback");
    let out_path = dir.join("results.json");
    let run = |extra: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_gen"))
            .env("CARGO", dir.join("no-such-cargo"))
            .env("BATTGEN_CACHE", dir.join("cache"))
            .args(["run", "--quiet", "--task", "67a3c6ac", "--out"])
            .arg(&out_path)
            .args(extra)
            .output()
            .unwrap()
    };
    let out = run(&[]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains("running the same plan on the interpreter"),
        "{err}"
    );
    let results: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out_path).unwrap()).unwrap();
    assert!(results["solve_67a3c6ac"]["67a3c6ac:0"].is_array());
    let out = run(&["--no-fallback"]);
    assert_eq!(out.status.code(), Some(4));
}

/// A compile that runs out of time is killed, reported with its log, and
/// the plan runs on the interpreter.
#[test]
fn a_compile_out_of_time_is_stopped_and_falls_back() {
    let dir = tmp("timeout");
    let out = Command::new(env!("CARGO_BIN_EXE_gen"))
        .env("BATTGEN_CACHE", dir.join("cache"))
        .args([
            "run",
            "--quiet",
            "--task",
            "67a3c6ac",
            "--compile-timeout",
            "0",
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains("--compile-timeout") && err.contains("build.log"),
        "{err}"
    );
    assert!(
        err.contains("running the same plan on the interpreter"),
        "{err}"
    );
}

/// Ctrl-C while cargo works stops the compile, not the run: the plan runs
/// on the interpreter. (A fresh cache, so that the compile takes long.)
#[test]
fn an_interrupted_compile_falls_back_to_the_interpreter() {
    let dir = tmp("interrupt");
    let child = Command::new(env!("CARGO_BIN_EXE_gen"))
        .env("BATTGEN_CACHE", dir.join("cache"))
        .args(["run", "--quiet", "--task", "67a3c6ac"])
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Wait until cargo runs (its log exists), then interrupt gen alone.
    let started = std::time::Instant::now();
    while !dir.join("cache/batteries").exists() && started.elapsed().as_secs() < 60 {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    std::thread::sleep(std::time::Duration::from_millis(500));
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("interrupted (Ctrl-C)"), "{err}");
    assert!(
        err.contains("running the same plan on the interpreter"),
        "{err}"
    );
}
