//! The `gen` command line: generate, run, build, bench.

use std::path::{Path, PathBuf};
use std::process::Command;

use battgen_runtime::driver::{self, Exec, Mode, RunOptions};
use battgen_runtime::plan::Plan;
use clap::{Args, Parser, Subcommand};

use crate::ast::{Program, SourceFile};
use crate::diagnostics::{load_files, parse_and_check};
use crate::{compile, corpus, emit, merge, rewrite, select};

/// Exit codes of `gen`.
pub mod exit {
    pub const OK: i32 = 0;
    /// The programs have errors (diagnostics printed).
    pub const BAD_PROGRAMS: i32 = 1;
    /// I/O failure: a file could not be read or written.
    pub const IO: i32 = 1;
    /// Bad task data (from the driver).
    pub const BAD_DATA: i32 = 3;
    /// Bad command-line arguments.
    pub const USAGE: i32 = 2;
    /// A bug of ours: emitted code that does not parse or compile.
    pub const INTERNAL: i32 = 4;
}

#[derive(Parser, Debug)]
#[command(
    name = "gen",
    version,
    about = "Generate, compile and run batteries of arc-dsl solver programs",
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command_>,
    #[command(flatten)]
    pub generate: GenerateArgs,
}

#[derive(Subcommand, Debug)]
pub enum Command_ {
    /// Compile the battery (cached) and run it on ARC tasks.
    Run(RunArgs),
    /// Write the compiled battery as a standalone binary.
    Build(BuildArgs),
    /// Benchmark the battery in cross mode: per-input vs battery vs batched
    /// execution, one thread vs all cores (default data: the 400 ARC
    /// training tasks of ../shared/arc-agi).
    Bench(RunArgs),
}

/// Which programs go into the battery.
#[derive(Args, Debug, Clone)]
pub struct SelectArgs {
    /// A program file, or a directory of `*.py` files (repeatable).
    /// Default: the bundled corpus.
    #[arg(long = "programs", value_name = "PATH")]
    pub programs: Vec<PathBuf>,
    /// Pick this many programs (0: all).
    #[arg(short = 'c', long = "count", default_value_t = 0)]
    pub count: usize,
    /// Seed of the pick.
    #[arg(long, default_value_t = select::DEFAULT_SEED)]
    pub seed: u64,
    /// Keep the programs of this task id (repeatable).
    #[arg(long = "task", value_name = "ID")]
    pub tasks: Vec<String>,
    /// Generate the programs that check cleanly even if others have errors.
    #[arg(long)]
    pub keep_going: bool,
}

#[derive(Args, Debug)]
pub struct GenerateArgs {
    #[command(flatten)]
    pub select: SelectArgs,
    /// Write the Rust source here (default: standard output).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
}

#[derive(Args, Debug, Clone)]
pub struct RunArgs {
    #[command(flatten)]
    pub select: SelectArgs,
    /// ARC task directory or Kaggle challenges file (default: the bundled tasks).
    #[arg(long)]
    pub data: Option<PathBuf>,
    #[arg(long)]
    pub out: Option<PathBuf>,
    #[arg(long)]
    pub submission: Option<PathBuf>,
    #[arg(long, value_enum, default_value_t = Mode::Own)]
    pub mode: Mode,
    #[arg(long)]
    pub jobs: Option<usize>,
    #[arg(long, default_value_t = 10_000)]
    pub timeout_ms: u64,
    #[arg(long)]
    pub strict: bool,
    /// per-input, battery or batched (default: per-input in own mode,
    /// batched in cross mode).
    #[arg(long, value_enum)]
    pub exec: Option<Exec>,
    /// Print per-primitive telemetry.
    #[arg(long)]
    pub stats: bool,
    /// `gen bench`: runs of each configuration (the median is reported).
    #[arg(long, default_value_t = 3)]
    pub repeat: usize,
    /// Batched execution on the CPU only.
    #[arg(long, conflicts_with = "gpus")]
    pub cpu: bool,
    /// GPUs for batched execution: all, a count N, or a list 0,2.
    #[arg(long, value_name = "all|N|LIST")]
    pub gpus: Option<String>,
    /// Interpret the merged plan in-process instead of compiling it.
    #[arg(long)]
    pub interpret: bool,
    #[arg(long)]
    pub quiet: bool,
    #[arg(skip)]
    pub bench: bool,
}

#[derive(Args, Debug)]
pub struct BuildArgs {
    #[command(flatten)]
    pub select: SelectArgs,
    /// Where to write the binary.
    #[arg(short = 'o', long = "output", value_name = "BIN")]
    pub output: PathBuf,
}

/// Programs checked and picked, or the exit code after diagnostics.
pub struct Loaded {
    pub programs: Vec<Program>,
    pub files: Vec<String>,
}

/// The source files named on the command line, or the bundled corpus.
fn source_files(paths: &[PathBuf]) -> (Vec<SourceFile>, Vec<crate::diagnostics::Diagnostic>) {
    if paths.is_empty() {
        let bundled = SourceFile {
            path: corpus::SOLVERS_PATH.to_owned(),
            text: corpus::SOLVERS.to_owned(),
        };
        return (vec![bundled], Vec::new());
    }
    load_files(paths)
}

/// Read, parse, check and pick the programs; print diagnostics.
pub fn load(args: &SelectArgs) -> Result<Loaded, i32> {
    let (files, io_errors) = source_files(&args.programs);
    for d in &io_errors {
        eprint!("{}", d.render(None));
    }
    if !io_errors.is_empty() && files.is_empty() {
        return Err(exit::IO);
    }
    let mut programs = Vec::new();
    let mut errors = io_errors.len();
    let mut skipped = Vec::new();
    for file in &files {
        let (good, diags) = parse_and_check(file);
        for d in &diags {
            eprint!("{}", d.render(Some(&file.text)));
        }
        if !diags.is_empty() {
            // The functions that parsed but did not check cleanly.
            let (all, _) = crate::parse::parse_recovering(file);
            for f in all {
                if !good.iter().any(|p| p.name == f.name.text) {
                    skipped.push(format!("{} ({}:{})", f.name.text, file.path, f.line));
                }
            }
        }
        errors += diags.len();
        programs.extend(good);
    }
    if errors > 0 {
        if !args.keep_going {
            eprintln!("error: {errors} problem(s) found; nothing generated (use --keep-going to skip bad programs)");
            return Err(exit::BAD_PROGRAMS);
        }
        eprintln!("warning: {errors} problem(s) found; going on with the {} program(s) that checked cleanly", programs.len());
        for name in &skipped {
            eprintln!("  skipped: {name}");
        }
    }
    let programs = select::select(programs, &args.tasks, args.count, args.seed);
    if programs.is_empty() {
        eprintln!("error: no program selected");
        return Err(exit::BAD_PROGRAMS);
    }
    Ok(Loaded {
        programs,
        files: files.into_iter().map(|f| f.path).collect(),
    })
}

/// Merge and emit; the plan and the Rust source.
pub fn generate(loaded: &Loaded) -> Result<(Plan, String), i32> {
    let merged = merge::merge(&loaded.programs);
    let stats = merge::stats(&loaded.programs, &merged);
    let (plan, _rewrites) = rewrite::rewrite(&merged);
    let info = emit::EmitInfo {
        files: &loaded.files,
        statements: stats.statements,
        dead: stats.dead,
    };
    match emit::emit(&plan, &info) {
        Ok(code) => Ok((plan, code)),
        Err(e) => {
            eprintln!("{e}");
            Err(exit::INTERNAL)
        }
    }
}

fn cmd_generate(args: &GenerateArgs) -> i32 {
    let loaded = match load(&args.select) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let (_, code) = match generate(&loaded) {
        Ok(x) => x,
        Err(c) => return c,
    };
    match &args.output {
        Some(path) => match std::fs::write(path, code) {
            Ok(()) => exit::OK,
            Err(e) => {
                eprintln!("error: cannot write {}: {e}", path.display());
                exit::IO
            }
        },
        None => {
            print!("{code}");
            exit::OK
        }
    }
}

fn compile_or_report(code: &str, programs: usize, nodes: usize) -> Result<PathBuf, i32> {
    eprintln!("battery: {programs} program(s), {nodes} node(s); compiling (cached)...");
    match compile::build(code) {
        Ok(b) => {
            if b.reused {
                eprintln!(
                    "battery: reused the cached build ({:.1} s)",
                    b.compile_time.as_secs_f64()
                );
            } else {
                eprintln!("battery: compiled in {:.1} s", b.compile_time.as_secs_f64());
            }
            Ok(b.binary)
        }
        Err(e) => {
            eprintln!("error: {e}");
            Err(exit::INTERNAL)
        }
    }
}

fn data_path(data: &Option<PathBuf>) -> Result<PathBuf, i32> {
    match data {
        Some(d) => Ok(d.clone()),
        None => corpus::write_tasks(&compile::cache_dir().join("corpus-tasks")).map_err(|e| {
            eprintln!("error: cannot write the bundled tasks: {e}");
            exit::IO
        }),
    }
}

fn cmd_run(args: &RunArgs) -> i32 {
    let loaded = match load(&args.select) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let (plan, code) = match generate(&loaded) {
        Ok(x) => x,
        Err(c) => return c,
    };
    let data = match data_path(&args.data) {
        Ok(d) => d,
        Err(c) => return c,
    };
    let opts = RunOptions {
        data,
        out: args.out.clone(),
        submission: args.submission.clone(),
        mode: args.mode,
        jobs: args.jobs,
        timeout_ms: args.timeout_ms,
        strict: args.strict,
        exec: args.exec,
        stats: args.stats,
        quiet: args.quiet,
        bench: args.bench,
        repeat: args.repeat,
        cpu: args.cpu,
        gpus: match args.gpus.as_deref().map(str::parse).transpose() {
            Ok(g) => g,
            Err(e) => {
                eprintln!("error: --gpus {e}");
                return exit::USAGE;
            }
        },
        gpu_selftest: false,
    };
    if args.interpret {
        return if opts.bench {
            driver::bench(&plan, &opts)
        } else {
            driver::run(&plan, &opts)
        };
    }
    let binary = match compile_or_report(&code, plan.programs.len(), plan.nodes.len()) {
        Ok(b) => b,
        Err(c) => return c,
    };
    run_binary(&binary, &opts, args.gpus.as_deref())
}

/// Run a compiled battery with the same options.
fn run_binary(binary: &Path, opts: &RunOptions, raw_gpus: Option<&str>) -> i32 {
    let mut cmd = Command::new(binary);
    cmd.arg("--data").arg(&opts.data);
    if let Some(o) = &opts.out {
        cmd.arg("--out").arg(o);
    }
    if let Some(s) = &opts.submission {
        cmd.arg("--submission").arg(s);
    }
    cmd.arg("--mode").arg(if opts.mode == Mode::Own {
        "own"
    } else {
        "cross"
    });
    if let Some(j) = opts.jobs {
        cmd.arg("--jobs").arg(j.to_string());
    }
    cmd.arg("--timeout-ms").arg(opts.timeout_ms.to_string());
    if let Some(e) = opts.exec {
        cmd.arg("--exec").arg(match e {
            Exec::PerInput => "per-input",
            Exec::Battery => "battery",
            Exec::Batched => "batched",
        });
    }
    if let Some(g) = raw_gpus {
        cmd.arg("--gpus").arg(g);
    }
    cmd.arg("--repeat").arg(opts.repeat.to_string());
    for (flag, on) in [
        ("--strict", opts.strict),
        ("--stats", opts.stats),
        ("--quiet", opts.quiet),
        ("--bench", opts.bench),
    ] {
        if on {
            cmd.arg(flag);
        }
    }
    match cmd.status() {
        Ok(s) => s.code().unwrap_or(exit::INTERNAL),
        Err(e) => {
            eprintln!("error: cannot run {}: {e}", binary.display());
            exit::IO
        }
    }
}

fn cmd_build(args: &BuildArgs) -> i32 {
    let loaded = match load(&args.select) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let (plan, code) = match generate(&loaded) {
        Ok(x) => x,
        Err(c) => return c,
    };
    let binary = match compile_or_report(&code, plan.programs.len(), plan.nodes.len()) {
        Ok(b) => b,
        Err(c) => return c,
    };
    match std::fs::copy(&binary, &args.output) {
        Ok(_) => {
            eprintln!(
                "wrote {} (run it with --data PATH [--mode own|cross] [--out F] [--submission F])",
                args.output.display()
            );
            exit::OK
        }
        Err(e) => {
            eprintln!("error: cannot write {}: {e}", args.output.display());
            exit::IO
        }
    }
}

/// Run the command line; returns the exit code.
pub fn main(cli: Cli) -> i32 {
    match &cli.command {
        None => cmd_generate(&cli.generate),
        Some(Command_::Run(a)) => cmd_run(a),
        Some(Command_::Build(a)) => cmd_build(a),
        Some(Command_::Bench(a)) => {
            let mut a = a.clone();
            a.bench = true;
            a.mode = Mode::Cross;
            if a.data.is_none() {
                a.data =
                    Some(Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/arc-agi/training"));
            }
            cmd_run(&a)
        }
    }
}
