//! The bundled default corpus: our own solver programs and the ARC training
//! tasks they solve (Apache-2.0), compiled into the binary.

use std::path::{Path, PathBuf};

include!(concat!(env!("OUT_DIR"), "/corpus.rs"));

/// The name under which the bundled programs appear in diagnostics.
pub const SOLVERS_PATH: &str = "<bundled>/corpus/solvers.py";

/// Write the bundled task files into `dir` (once) and return the directory.
pub fn write_tasks(dir: &Path) -> std::io::Result<PathBuf> {
    std::fs::create_dir_all(dir)?;
    for (id, text) in TASKS {
        let path = dir.join(format!("{id}.json"));
        let same = std::fs::read_to_string(&path).is_ok_and(|t| t == *text);
        if !same {
            std::fs::write(&path, text)?;
        }
    }
    Ok(dir.to_path_buf())
}
