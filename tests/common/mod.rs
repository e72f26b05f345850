//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use battgen::ast::SourceFile;
use battgen::diagnostics::parse_and_check;
use battgen::{merge, rewrite};
use battgen_runtime::batch::CpuBackend;
use battgen_runtime::driver::{execute, Exec, Mode, Progress, RunResults};
use battgen_runtime::plan::Plan;
use battgen_runtime::task::{self, Task};

/// Every program of `plan` on every input of `tasks` (cross mode), on the
/// CPU, in execution `exec`.
pub fn cross(plan: &Plan, tasks: &[Task], exec: Exec) -> RunResults {
    execute(
        plan,
        tasks.to_vec(),
        Mode::Cross,
        exec,
        &CpuBackend::new(),
        &Progress::new(true),
    )
}

/// The sampled ARC tasks of `split` (`training` or `evaluation`) in
/// tests/data/sample, loaded without error.
pub fn sample(split: &str) -> Vec<Task> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/sample")
        .join(split);
    let loaded = task::load(&dir);
    assert!(loaded.errors.is_empty(), "{:?}", loaded.errors);
    loaded.tasks
}

/// The programs of a DSL text, checked without a diagnostic, merged and
/// rewritten into one plan.
pub fn plan_of(path: &str, text: &str) -> Plan {
    let file = SourceFile {
        path: path.into(),
        text: text.into(),
    };
    let (programs, diags) = parse_and_check(&file);
    assert!(diags.is_empty(), "{diags:?}");
    rewrite::rewrite(&merge::merge(&programs)).0
}

/// Compare `actual` with the golden file at `path`. On a mismatch the test
/// fails with a unified diff (expected -> actual). With `BLESS=1` in the
/// environment the golden file is (re)written instead.
pub fn assert_golden(path: &Path, actual: &str) {
    if std::env::var("BLESS").is_ok_and(|v| v == "1") {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)
                .unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
        }
        std::fs::write(path, actual)
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
        return;
    }
    let expected = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) => panic!(
            "golden file {} cannot be read ({e}); run with BLESS=1 to create it",
            path.display()
        ),
    };
    if expected != actual {
        let diff = similar::TextDiff::from_lines(&expected, actual)
            .unified_diff()
            .context_radius(3)
            .header(&format!("{} (expected)", path.display()), "actual")
            .to_string();
        panic!(
            "output differs from the golden file {}:\n{diff}\n(run with BLESS=1 to accept the new output)",
            path.display()
        );
    }
}

/// A fresh, empty scratch directory `<group>/<name>` under cargo's
/// per-target temporary directory (`CARGO_TARGET_TMPDIR`, given by the
/// calling test crate).
pub fn fresh_dir(target_tmp: &str, group: &str, name: &str) -> PathBuf {
    let dir = Path::new(target_tmp).join(group).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir)
        .unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
    dir
}
