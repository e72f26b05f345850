//! Parse and check DSL files, print the diagnostics and a summary:
//! `cargo run --release --example frontend_check -- FILE_OR_DIR...`
use std::path::PathBuf;
use std::time::Instant;

fn main() {
    let paths: Vec<PathBuf> = std::env::args().skip(1).map(PathBuf::from).collect();
    let (files, mut diagnostics) = battgen::diagnostics::load_files(&paths);
    let t = Instant::now();
    let (programs, more) = battgen::diagnostics::parse_and_check_all(&files);
    let elapsed = t.elapsed();
    diagnostics.extend(more);
    eprint!("{}", battgen::diagnostics::render_all(&diagnostics, &files));
    println!(
        "{} files, {} programs, {} diagnostics, {:.2} ms",
        files.len(),
        programs.len(),
        diagnostics.len(),
        elapsed.as_secs_f64() * 1e3
    );
    if !diagnostics.is_empty() {
        std::process::exit(1);
    }
}
