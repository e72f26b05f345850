//! Bundles the default corpus (programs and task files under `corpus/`)
//! into the `gen` binary, so that it runs from anywhere with no arguments.

use std::fmt::Write;
use std::path::Path;

fn main() {
    let root = std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo");
    let corpus = Path::new(&root).join("corpus");
    println!("cargo:rerun-if-changed=corpus");
    let mut out = String::new();
    let solvers = corpus.join("solvers.py");
    if solvers.exists() {
        writeln!(
            out,
            "pub const SOLVERS: &str = include_str!({:?});",
            solvers.display().to_string()
        )
        .unwrap();
    } else {
        out.push_str("pub const SOLVERS: &str = \"\";\n");
    }
    let mut tasks: Vec<_> = std::fs::read_dir(corpus.join("tasks"))
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    tasks.retain(|p: &std::path::PathBuf| p.extension().is_some_and(|x| x == "json"));
    tasks.sort();
    out.push_str("pub static TASKS: &[(&str, &str)] = &[\n");
    for t in &tasks {
        let id = t.file_stem().unwrap().to_string_lossy();
        writeln!(
            out,
            "    ({id:?}, include_str!({:?})),",
            t.display().to_string()
        )
        .unwrap();
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").expect("set by cargo")).join("corpus.rs");
    std::fs::write(dest, out).expect("write corpus.rs");
}
