//! Golden files for emitted Rust: each `tests/golden/emit/<case>.py` is
//! parsed, checked, merged, rewritten and emitted, and compared with
//! `<case>.rs`; the rewrites made are listed, before and after, in
//! `<case>.rewrites`. `BLESS=1` rewrites the golden files.

mod common;

use std::path::{Path, PathBuf};

use battgen::ast::SourceFile;
use battgen::diagnostics::parse_and_check;
use battgen::{emit, merge, rewrite, select};

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/emit")
}

/// Emit a file's programs as `gen` would, with its path relative to the repo.
fn generate(files: &[SourceFile]) -> (String, String) {
    let mut programs = Vec::new();
    for f in files {
        let (good, diags) = parse_and_check(f);
        assert!(diags.is_empty(), "{}: {diags:?}", f.path);
        programs.extend(good);
    }
    let merged = merge::merge(&programs);
    let stats = merge::stats(&programs, &merged);
    let (plan, rewrites) = rewrite::rewrite(&merged);
    let names: Vec<String> = files.iter().map(|f| f.path.clone()).collect();
    let info = emit::EmitInfo {
        files: &names,
        statements: stats.statements,
        dead: stats.dead,
    };
    let code = emit::emit(&plan, &info).expect("emits");
    let listing: String = rewrites
        .iter()
        .map(|r| format!("{}:\n  before: {}\n  after:  {}\n", r.at, r.before, r.after))
        .collect();
    (
        code,
        if listing.is_empty() {
            "no rewrites\n".to_owned()
        } else {
            listing
        },
    )
}

fn source(path: &Path) -> SourceFile {
    let rel = path
        .strip_prefix(env!("CARGO_MANIFEST_DIR"))
        .unwrap_or(path);
    SourceFile {
        path: rel.display().to_string(),
        text: std::fs::read_to_string(path).unwrap(),
    }
}

#[test]
fn emitted_code_matches_golden_files() {
    let mut cases: Vec<PathBuf> = std::fs::read_dir(golden_dir())
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "py"))
        .collect();
    cases.sort();
    assert!(cases.len() >= 4);
    for case in cases {
        let (code, rewrites) = generate(&[source(&case)]);
        common::assert_golden(&case.with_extension("rs"), &code);
        common::assert_golden(&case.with_extension("rewrites"), &rewrites);
    }
}

#[test]
fn ten_corpus_programs_with_the_default_seed() {
    let file = SourceFile {
        path: "corpus/solvers.py".into(),
        text: battgen::corpus::SOLVERS.into(),
    };
    let (programs, diags) = parse_and_check(&file);
    assert!(diags.is_empty());
    let picked = select::select(programs, &[], 10, select::DEFAULT_SEED);
    let names: Vec<&str> = picked.iter().map(|p| p.name.as_str()).collect();
    common::assert_golden(
        &golden_dir().join("corpus_c10.names"),
        &(names.join("\n") + "\n"),
    );
}

#[test]
fn cse_computes_shared_statements_once() {
    let (code, _) = generate(&[source(&golden_dir().join("cse_across_programs.py"))]);
    // The merged plan is data: one node per shared call.
    let plan = code.split("pub static PLAN").nth(1).unwrap();
    assert_eq!(plan.matches("node p:objects ").count(), 1);
    assert_eq!(plan.matches("node p:argmax ").count(), 1);
    assert_eq!(plan.matches("node p:subgrid ").count(), 1);
    // Each program still calls what it needs in its own function (the
    // typed kernel of objects on a grid).
    let programs = code.split("pub static PROGRAMS").next().unwrap();
    assert!(programs.matches("rt::p::objects_grid(").count() >= 2);
}
