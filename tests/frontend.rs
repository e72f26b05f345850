//! Front end tests: golden diagnostics, golden dumps of checked programs,
//! file loading, speed, and (when present on the machine) the public files.
//!
//! - `tests/golden/diagnostics/<case>.py`: an input with errors; its rendered
//!   diagnostics are compared with `<case>.stderr`.
//! - `tests/golden/parse/<case>.py`: a clean input; it must give no
//!   diagnostic, and the dump of its programs is compared with `<case>.dump`.
//!
//! `BLESS=1 cargo test -p battgen --test frontend` rewrites the golden files.

mod common;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use battgen::ast::SourceFile;
use battgen::check;
use battgen::diagnostics::{load_files, parse_and_check, render_all};

use common::assert_golden;

fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A file of the repository, with its path relative to the crate (so that
/// renders do not depend on where the checkout is).
fn source(relative: &str) -> SourceFile {
    let text = std::fs::read_to_string(manifest_dir().join(relative))
        .unwrap_or_else(|e| panic!("cannot read {relative}: {e}"));
    SourceFile {
        path: relative.to_string(),
        text,
    }
}

fn diagnostics_case(name: &str) {
    let file = source(&format!("tests/golden/diagnostics/{name}.py"));
    let (_, diagnostics) = parse_and_check(&file);
    assert!(!diagnostics.is_empty(), "{name}.py should give diagnostics");
    let rendered = render_all(&diagnostics, std::slice::from_ref(&file));
    assert_golden(
        &manifest_dir().join(format!("tests/golden/diagnostics/{name}.stderr")),
        &rendered,
    );
}

fn parse_case(name: &str) {
    let file = source(&format!("tests/golden/parse/{name}.py"));
    let (programs, diagnostics) = parse_and_check(&file);
    assert!(
        diagnostics.is_empty(),
        "{name}.py should be clean, got:\n{}",
        render_all(&diagnostics, std::slice::from_ref(&file))
    );
    assert_golden(
        &manifest_dir().join(format!("tests/golden/parse/{name}.dump")),
        &check::dump(&programs),
    );
}

macro_rules! golden_cases {
    ($list:ident, $runner:ident: $($name:ident),* $(,)?) => {
        const $list: &[&str] = &[$(stringify!($name)),*];
        $( #[test] fn $name() { $runner(stringify!($name)); } )*
    };
}

mod diagnostics {
    use super::*;
    golden_cases!(CASES, diagnostics_case:
        syntax_missing_paren,
        syntax_argument_list,
        syntax_missing_equals,
        syntax_def_lines,
        syntax_unclosed_call,
        syntax_literals,
        syntax_header,
        syntax_unindented,
        syntax_line_ends,
        unknown_primitive,
        unknown_constant,
        unknown_name,
        wrong_arity,
        use_before_assignment,
        reassignment,
        call_non_function,
        return_problems,
        duplicate_function,
        many_errors,
        mixed_good_bad,
    );

    #[test]
    fn every_case_is_listed() {
        assert_listed("tests/golden/diagnostics", CASES, "stderr");
    }
}

mod parse {
    use super::*;
    golden_cases!(CASES, parse_case:
        comments_and_blank_lines,
        annotations_and_imports,
        multiline_calls,
        nested_calls_and_pairs,
        function_values,
    );

    #[test]
    fn every_case_is_listed() {
        assert_listed("tests/golden/parse", CASES, "dump");
    }
}

/// Every `<case>.py` of `dir` is in `cases`, and every case has its golden.
fn assert_listed(dir: &str, cases: &[&str], golden_ext: &str) {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(manifest_dir().join(dir)).expect("golden dir") {
        let path = entry.expect("dir entry").path();
        if path.extension().is_some_and(|e| e == "py") {
            found.push(path.file_stem().unwrap().to_string_lossy().into_owned());
        }
    }
    found.sort();
    let mut listed: Vec<String> = cases.iter().map(|c| c.to_string()).collect();
    listed.sort();
    assert_eq!(
        found, listed,
        "the .py files of {dir} and the cases of tests/frontend.rs differ"
    );
    if std::env::var("BLESS").is_err() {
        for case in cases {
            let golden = manifest_dir()
                .join(dir)
                .join(format!("{case}.{golden_ext}"));
            assert!(golden.exists(), "{} is missing", golden.display());
        }
    }
}

#[test]
fn good_functions_survive_bad_ones() {
    let file = source("tests/golden/diagnostics/mixed_good_bad.py");
    let (programs, diagnostics) = parse_and_check(&file);
    let names: Vec<&str> = programs.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        names,
        ["solve_ff000001", "solve_ff000003", "solve_ff000005"]
    );
    assert_eq!(diagnostics.len(), 2);
    assert_eq!(programs[0].task_id, "ff000001");
    assert!(battgen::parse::parse(&file).is_err());
}

#[test]
fn parse_returns_functions_of_a_clean_file() {
    let file = source("tests/golden/parse/nested_calls_and_pairs.py");
    let functions = battgen::parse::parse(&file).expect("clean file");
    assert_eq!(functions.len(), 2);
    // `x1 = compose(lbind(greater, FIVE), size)`: the nested call comes first,
    // assigned to a synthetic variable.
    let body = &functions[0].body;
    assert_eq!(body[0].target.text, "x1.1");
    assert_eq!(body[0].callee.text, "lbind");
    assert_eq!(body[1].target.text, "x1");
    assert_eq!(body[1].args[0].text, "x1.1");
    assert_eq!(body[1].line, 2);
    // `(ONE, TWO)` is `astuple(ONE, TWO)`.
    let pair = body.iter().find(|a| a.target.text == "x4").unwrap();
    assert_eq!(pair.callee.text, "astuple");
    assert_eq!(functions[0].line, 1);
}

#[test]
fn line_and_column_are_one_based_characters() {
    let file = SourceFile {
        path: "mem.py".into(),
        text: "def f(I):\n    x1 = rôt90(I)\n    return x1\n".into(),
    };
    let (_, diagnostics) = parse_and_check(&file);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert_eq!(diagnostics[0].line_col(&file.text), Some((2, 10)));
}

#[test]
fn load_files_reads_directories_sorted_and_reports_io_errors() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("load_files_test");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("sub.py")).unwrap();
    std::fs::write(dir.join("b.py"), "def solve_b(I):\n    return I\n").unwrap();
    std::fs::write(dir.join("a.py"), "def solve_a(I):\n    return I\n").unwrap();
    std::fs::write(dir.join("notes.txt"), "not a program").unwrap();
    std::fs::write(dir.join("bad.py"), [0xff, 0xfe, 0x00]).unwrap();
    let missing = dir.join("missing.py");
    let (files, diagnostics) = load_files(&[dir.clone(), missing.clone()]);
    let names: Vec<String> = files
        .iter()
        .map(|f| {
            Path::new(&f.path)
                .file_name()
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    assert_eq!(names, ["a.py", "b.py"]);
    assert_eq!(diagnostics.len(), 2, "{diagnostics:?}");
    assert!(
        diagnostics[0].message.contains("bad.py"),
        "{}",
        diagnostics[0].message
    );
    assert!(
        diagnostics[1].message.contains("missing.py"),
        "{}",
        diagnostics[1].message
    );
    let rendered = render_all(&diagnostics[1..], &files);
    assert!(rendered.starts_with("error: cannot read `"), "{rendered}");
    assert!(
        rendered.contains(&format!(" --> {}\n", missing.display())),
        "{rendered}"
    );
}

/// 400 functions of my own making, in the DSL's style: parsing and checking
/// them takes well under 100 ms with optimisations.
#[test]
fn four_hundred_functions_are_fast() {
    const BODIES: [&str; 4] = [
        "    x1 = objects(I, T, F, T)\n    x2 = argmax(x1, size)\n    x3 = subgrid(x2, I)\n    x4 = vmirror(x3)\n    x5 = hconcat(x3, x4)\n    x6 = rbind(colorcount, ONE)\n    x7 = argmin(x1, x6)\n    x8 = recolor(TWO, x7)\n    x9 = paint(I, x8)\n    return x9\n",
        "    x0 = palette(I)\n    x1 = mostcolor(I)\n    x2 = remove(x1, x0)\n    x3 = lbind(ofcolor, I)\n    x4 = compose(backdrop, x3)\n    x5 = mapply(x4, x2)\n    x6 = fill(I, x1, x5)\n    x7 = fork(recolor, identity, x3)\n    x8 = mapply(x7, x2)\n    x9 = paint(x6, x8)\n    x10 = compose(size, x3)\n    x11 = valmax(x2, x10)\n    x12 = astuple(x11, ONE)\n    x13 = canvas(x1, x12)\n    x14 = hconcat(x9, x13)\n    return x14\n",
        "    x1 = portrait(I)\n    x2 = branch(x1, dmirror, identity)\n    x3 = x2(I)\n    x4 = fgpartition(x3)\n    x5 = compose(lbind(greater, THREE), size)\n    x6 = sfilter(x4, x5)\n    x7 = merge(x6)\n    x8 = cover(x3, x7)\n    x9 = x2(x8)\n    return x9\n",
        "    x1 = shape(I)\n    x2 = (ONE, TWO)\n    x3 = multiply(x1, x2)\n    x4 = canvas(ZERO, x3)\n    x5 = asobject(I)\n    x6 = lbind(shift, x5)\n    x7 = interval(ZERO, TWO, ONE)\n    x8 = apply(tojvec, x7)\n    x9 = mapply(x6, x8)\n    x10 = paint(x4, x9)\n    return x10\n",
    ];
    let mut text = String::from("from dsl import *\n\n");
    for k in 0..400 {
        text.push_str(&format!(
            "\n\ndef solve_{k:08x}(I):\n{}",
            BODIES[k % BODIES.len()]
        ));
    }
    let file = SourceFile {
        path: "generated.py".into(),
        text,
    };
    let t = Instant::now();
    let (programs, diagnostics) = parse_and_check(&file);
    let elapsed = t.elapsed();
    assert!(
        diagnostics.is_empty(),
        "{}",
        render_all(&diagnostics, std::slice::from_ref(&file))
    );
    assert_eq!(programs.len(), 400);
    let limit = if cfg!(debug_assertions) {
        Duration::from_secs(3)
    } else {
        Duration::from_millis(100)
    };
    assert!(
        elapsed < limit,
        "parse+check of 400 functions took {elapsed:?} (limit {limit:?})"
    );
    eprintln!("parse+check of 400 functions: {elapsed:?}");
}

/// The public `solvers.py` (arc-dsl) and `verifiers.py` (re-arc) must parse
/// and check without a diagnostic. They are not part of this repository: put
/// them in a directory and name it in `BATTGEN_PUBLIC_DSL` to run this test.
#[test]
fn public_files_when_available() {
    let Some(dir) = std::env::var_os("BATTGEN_PUBLIC_DSL") else {
        eprintln!("BATTGEN_PUBLIC_DSL is not set: public files not checked");
        return;
    };
    for name in ["solvers.py", "verifiers.py"] {
        let path = PathBuf::from(&dir).join(name);
        let (files, io) = load_files(std::slice::from_ref(&path));
        assert!(io.is_empty(), "{}", render_all(&io, &files));
        let (programs, diagnostics) = parse_and_check(&files[0]);
        assert!(
            diagnostics.is_empty(),
            "{}",
            render_all(&diagnostics, &files)
        );
        assert_eq!(programs.len(), 400, "{name}");
        eprintln!("{name}: {} programs, no diagnostic", programs.len());
    }
}
