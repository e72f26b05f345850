//! Compiling an emitted battery into a binary, with a cache keyed by the
//! battery's content: the same battery is built once, and every battery
//! shares one target directory, so the runtime is compiled once too.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// The runtime crate's source, as known when `gen` was built.
pub fn runtime_dir() -> PathBuf {
    match std::env::var_os("BATTGEN_RUNTIME") {
        Some(p) => PathBuf::from(p),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("runtime"),
    }
}

/// Where builds are cached: `$BATTGEN_CACHE`, else `target/battgen` of the
/// source tree `gen` was built from.
pub fn cache_dir() -> PathBuf {
    match std::env::var_os("BATTGEN_CACHE") {
        Some(p) => PathBuf::from(p),
        None => Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("target")
            .join("battgen"),
    }
}

/// FNV-1a, 64 bit: a stable content hash for cache keys.
pub fn content_hash(parts: &[&str]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for b in part.bytes().chain(std::iter::once(0xff)) {
            h ^= b as u64;
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

/// A compiled battery.
pub struct Built {
    pub binary: PathBuf,
    /// Time spent in cargo (near zero when the build was reused).
    pub compile_time: Duration,
    pub reused: bool,
}

#[derive(Debug)]
pub enum CompileError {
    NoRuntime(PathBuf),
    Io(String),
    Cargo { status: String, log: String },
}

impl std::fmt::Display for CompileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CompileError::NoRuntime(p) => write!(
                f,
                "the runtime crate is not at {} (set BATTGEN_RUNTIME to its directory)",
                p.display()
            ),
            CompileError::Io(m) => write!(f, "{m}"),
            CompileError::Cargo { status, log } => {
                write!(f, "cargo build of the battery failed ({status}):\n{log}")
            }
        }
    }
}

/// Build `source` (an emitted battery) into a release binary.
pub fn build(source: &str) -> Result<Built, CompileError> {
    let runtime = runtime_dir();
    if !runtime.join("Cargo.toml").exists() {
        return Err(CompileError::NoRuntime(runtime));
    }
    let cache = cache_dir();
    let key = format!(
        "{:016x}",
        content_hash(&[source, env!("CARGO_PKG_VERSION")])
    );
    let name = format!("battery_{key}");
    let dir = cache.join(&name);
    let io = |e: std::io::Error| {
        CompileError::Io(format!(
            "cannot write the battery crate in {}: {e}",
            dir.display()
        ))
    };
    std::fs::create_dir_all(dir.join("src")).map_err(io)?;
    let manifest = format!(
        "[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
         [dependencies]\nbattgen-runtime = {{ path = {:?} }}\n\n\
         [profile.release]\nopt-level = 3\ncodegen-units = 16\n\n\
         # Its own workspace: the cache may sit inside another one.\n[workspace]\n",
        runtime.display().to_string()
    );
    write_if_changed(&dir.join("Cargo.toml"), &manifest).map_err(io)?;
    let main = format!(
        "{source}\n#[global_allocator]\nstatic ALLOCATOR: battgen_runtime::MiMalloc = battgen_runtime::MiMalloc;\n\n\
         fn main() {{\n    battgen_runtime::driver::main(&BATTERY);\n}}\n"
    );
    write_if_changed(&dir.join("src/main.rs"), &main).map_err(io)?;
    // Reuse the lock file of the source tree: same dependency versions, no
    // registry look-up.
    let lock = runtime.join("../Cargo.lock");
    if lock.exists() && !dir.join("Cargo.lock").exists() {
        let _ = std::fs::copy(&lock, dir.join("Cargo.lock"));
    }
    let target = cache.join("target");
    let binary = target.join("release").join(&name);
    // Reused: the binary was there and cargo left it untouched (a change
    // of the runtime makes cargo rebuild even an unchanged battery).
    let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    let before = modified(&binary);
    let start = Instant::now();
    let out = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .args(["build", "--release", "--quiet", "--manifest-path"])
        .arg(dir.join("Cargo.toml"))
        .arg("--target-dir")
        .arg(&target)
        .output()
        .map_err(|e| CompileError::Io(format!("cannot run cargo: {e}")))?;
    if !out.status.success() {
        return Err(CompileError::Cargo {
            status: out.status.to_string(),
            log: String::from_utf8_lossy(&out.stderr).into_owned(),
        });
    }
    let reused = before.is_some() && before == modified(&binary);
    Ok(Built {
        binary,
        compile_time: start.elapsed(),
        reused,
    })
}

fn write_if_changed(path: &Path, text: &str) -> std::io::Result<()> {
    if std::fs::read_to_string(path).is_ok_and(|t| t == text) {
        return Ok(());
    }
    std::fs::write(path, text)
}
