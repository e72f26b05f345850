//! Compiling an emitted battery into a binary, with a cache keyed by
//! content: each module of programs is its own crate named by its hash, so
//! the same module is compiled once whatever battery it is in, and every
//! battery shares one target directory, so the runtime is compiled once too.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::emit::EmittedCrate;

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
    /// Modules of programs compiled now, and in all.
    pub modules_built: usize,
    pub modules: usize,
}

#[derive(Debug)]
pub enum CompileError {
    NoRuntime(PathBuf),
    Io(String),
    /// cargo failed, was killed or ran out of time; its log is at `log`.
    Cargo {
        status: String,
        log: PathBuf,
    },
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
                write!(
                    f,
                    "compiling the battery failed ({status}); log: {}",
                    log.display()
                )
            }
        }
    }
}

/// How a build goes, for a progress display.
pub trait Progress {
    /// `ready` of `total` modules of programs are compiled (or were cached).
    fn modules(&self, ready: usize, total: usize);
}

impl Progress for () {
    fn modules(&self, _: usize, _: usize) {}
}

/// The cache's layout: one crate per module of programs, keyed by its
/// content (so an edit recompiles only the module it falls in, and two
/// batteries that share a module share its build), one crate per battery
/// (the root: program table and plan), and one target directory for all
/// (so the runtime is compiled once).
struct Layout {
    runtime: PathBuf,
    cache: PathBuf,
}

impl Layout {
    fn module_dir(&self, package: &str) -> PathBuf {
        self.cache.join("modules").join(package)
    }
    fn battery_dir(&self, package: &str) -> PathBuf {
        self.cache.join("batteries").join(package)
    }
    fn target(&self) -> PathBuf {
        self.cache.join("target")
    }
    fn runtime_dep(&self) -> String {
        format!(
            "battgen-runtime = {{ path = {:?} }}",
            self.runtime.display().to_string()
        )
    }
}

fn io_error(dir: &Path) -> impl Fn(std::io::Error) -> CompileError + '_ {
    move |e| {
        CompileError::Io(format!(
            "cannot write the battery crate in {}: {e}",
            dir.display()
        ))
    }
}

/// Write the crates of `krate` into the cache; the battery's package name
/// and the module packages.
fn write_crates(
    layout: &Layout,
    krate: &EmittedCrate,
) -> Result<(String, Vec<String>), CompileError> {
    let salt = format!("{}{}", env!("CARGO_PKG_VERSION"), layout.runtime.display());
    let mut deps = String::new();
    let mut overrides = String::new();
    let mut packages = Vec::new();
    for m in &krate.modules {
        let package = format!("m_{:016x}", content_hash(&[&m.code, &salt]));
        let dir = layout.module_dir(&package);
        let io = io_error(&dir);
        std::fs::create_dir_all(dir.join("src")).map_err(&io)?;
        let manifest = format!(
            "[package]\nname = \"{package}\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
             [lib]\npath = \"src/lib.rs\"\n\n[dependencies]\n{}\n",
            layout.runtime_dep()
        );
        write_if_changed(&dir.join("Cargo.toml"), &manifest).map_err(&io)?;
        write_if_changed(&dir.join("src/lib.rs"), &m.code).map_err(&io)?;
        deps.push_str(&format!(
            "{} = {{ package = \"{package}\", path = {:?} }}\n",
            m.name,
            dir.display().to_string()
        ));
        // Program functions only sequence calls into the runtime (which
        // keeps opt-level 3): optimising them harder buys little and
        // costs compile time.
        overrides.push_str(&format!(
            "[profile.release.package.{package}]\nopt-level = {MODULE_OPT_LEVEL}\ncodegen-units = 4\n\n"
        ));
        packages.push(package);
    }
    let root = format!(
        "{}\n#[global_allocator]\nstatic ALLOCATOR: battgen_runtime::MiMalloc = battgen_runtime::MiMalloc;\n\n\
         fn main() {{\n    battgen_runtime::driver::main(&BATTERY);\n}}\n",
        krate.root
    );
    let name = format!("battery_{:016x}", content_hash(&[&root, &deps, &salt]));
    let dir = layout.battery_dir(&name);
    let io = io_error(&dir);
    std::fs::create_dir_all(dir.join("src")).map_err(&io)?;
    let manifest = format!(
        "[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
         [dependencies]\n{}\n{deps}\n\
         {BATTERY_PROFILE}\n{overrides}\
         # Its own workspace: the cache may sit inside another one.\n[workspace]\n",
        layout.runtime_dep()
    );
    write_if_changed(&dir.join("Cargo.toml"), &manifest).map_err(&io)?;
    write_if_changed(&dir.join("src/main.rs"), &root).map_err(&io)?;
    // Reuse the lock file of the source tree: same dependency versions, no
    // registry look-up.
    let lock = layout.runtime.join("../Cargo.lock");
    if lock.exists() && !dir.join("Cargo.lock").exists() {
        let _ = std::fs::copy(&lock, dir.join("Cargo.lock"));
    }
    Ok((name, packages))
}

/// Set by Ctrl-C while cargo runs: the build stops and counts as failed
/// (so `gen run` goes on with the interpreter); outside a build, Ctrl-C
/// ends gen as usual.
static COMPILING: AtomicBool = AtomicBool::new(false);
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Route Ctrl-C as described at [`COMPILING`] (once per process).
fn handle_interrupts() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let _ = ctrlc::set_handler(|| {
            if COMPILING.load(Ordering::SeqCst) {
                INTERRUPTED.store(true, Ordering::SeqCst);
            } else {
                std::process::exit(130);
            }
        });
    });
}

/// The optimisation level of the modules of program functions.
pub const MODULE_OPT_LEVEL: u8 = 1;

/// The battery's release profile. Thin LTO inlines the runtime's small
/// functions (thread-local accessors, reference counts, argument
/// conversions) into the programs, and one codegen unit for the runtime
/// lets its kernels inline one another: callgrind over the 397 public
/// solvers that finish (first 40 training tasks, cross mode, per input)
/// counted 1.113x fewer instructions (geometric mean; none more than
/// 1.2% more) than 16 units without LTO. Fat LTO gave 1.08x, with some
/// programs 1.2-1.5x worse; the modules at opt-level 3 0.1% more.
const BATTERY_PROFILE: &str =
    "[profile.release]\nopt-level = 3\ncodegen-units = 16\nlto = \"thin\"\n\n\
     [profile.release.package.battgen-runtime]\ncodegen-units = 1\n";

/// Build an emitted battery crate into a release binary. `timeout` bounds
/// cargo's time (then it is killed and the build has failed).
pub fn build(
    krate: &EmittedCrate,
    timeout: Option<Duration>,
    progress: &dyn Progress,
) -> Result<Built, CompileError> {
    let runtime = runtime_dir();
    if !runtime.join("Cargo.toml").exists() {
        return Err(CompileError::NoRuntime(runtime));
    }
    let layout = Layout {
        runtime,
        cache: cache_dir(),
    };
    let (name, modules) = write_crates(&layout, krate)?;
    let dir = layout.battery_dir(&name);
    let binary = layout.target().join("release").join(&name);
    let log_path = dir.join("build.log");
    // Reused: the binary was there and cargo left it untouched (a change
    // of the runtime makes cargo rebuild even an unchanged battery).
    let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    let before = modified(&binary);
    let start = Instant::now();
    let log = std::fs::File::create(&log_path).map_err(io_error(&dir))?;
    handle_interrupts();
    INTERRUPTED.store(false, Ordering::SeqCst);
    COMPILING.store(true, Ordering::SeqCst);
    let result = run_cargo(&dir, &layout, log, &modules, timeout, progress, start);
    COMPILING.store(false, Ordering::SeqCst);
    let built = match result {
        Ok(built) => built,
        Err(status) => {
            return Err(CompileError::Cargo {
                status,
                log: log_path,
            })
        }
    };
    let reused = before.is_some() && before == modified(&binary);
    Ok(Built {
        binary,
        compile_time: start.elapsed(),
        reused,
        modules_built: built,
        modules: modules.len(),
    })
}

/// Run cargo on the battery crate; how many modules it compiled, or why
/// it did not finish.
fn run_cargo(
    dir: &Path,
    layout: &Layout,
    log: std::fs::File,
    modules: &[String],
    timeout: Option<Duration>,
    progress: &dyn Progress,
    start: Instant,
) -> Result<usize, String> {
    let mut child = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .args([
            "build",
            "--release",
            "--message-format=json-render-diagnostics",
            "--manifest-path",
        ])
        .arg(dir.join("Cargo.toml"))
        .arg("--target-dir")
        .arg(layout.target())
        .stdout(Stdio::piped())
        .stderr(log)
        .spawn()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    // cargo reports each compiled (or fresh) crate on stdout as JSON.
    let stdout = child.stdout.take().expect("piped");
    let (tx, rx) = std::sync::mpsc::channel::<(String, bool)>();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(|l| l.ok()) {
            let Ok(msg) = serde_json::from_str::<serde_json::Value>(&line) else {
                continue;
            };
            if msg["reason"] == "compiler-artifact" {
                let package = msg["target"]["name"].as_str().unwrap_or("").to_owned();
                let fresh = msg["fresh"].as_bool().unwrap_or(false);
                let _ = tx.send((package, fresh));
            }
        }
    });
    let mut ready = 0;
    let mut built = 0;
    let mut count = |package: String, fresh: bool, ready: &mut usize| {
        if modules.contains(&package) {
            *ready += 1;
            built += usize::from(!fresh);
            progress.modules(*ready, modules.len());
        }
    };
    progress.modules(0, modules.len());
    let stopped = |child: &mut std::process::Child, why: String| {
        let _ = child.kill();
        let _ = child.wait();
        why
    };
    let status = loop {
        while let Ok((package, fresh)) = rx.try_recv() {
            count(package, fresh, &mut ready);
        }
        if INTERRUPTED.load(Ordering::SeqCst) {
            break Err(stopped(&mut child, "interrupted (Ctrl-C)".into()));
        }
        match child.try_wait() {
            Ok(Some(status)) => break Ok(status),
            Ok(None) => {}
            Err(e) => break Err(stopped(&mut child, format!("cannot wait for cargo: {e}"))),
        }
        if timeout.is_some_and(|t| start.elapsed() > t) {
            let why = format!(
                "stopped after {:.0} s (--compile-timeout)",
                start.elapsed().as_secs_f64()
            );
            break Err(stopped(&mut child, why));
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let _ = reader.join();
    while let Ok((package, fresh)) = rx.try_recv() {
        count(package, fresh, &mut ready);
    }
    match status {
        // Ctrl-C on a terminal reaches cargo too, which then dies of it.
        _ if INTERRUPTED.load(Ordering::SeqCst) => Err("interrupted (Ctrl-C)".into()),
        Ok(s) if s.success() => Ok(built),
        Ok(s) => Err(s.to_string()),
        Err(why) => Err(why),
    }
}

fn write_if_changed(path: &Path, text: &str) -> std::io::Result<()> {
    if std::fs::read_to_string(path).is_ok_and(|t| t == text) {
        return Ok(());
    }
    std::fs::write(path, text)
}
