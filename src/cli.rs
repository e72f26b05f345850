//! The `gen` command line: generate, run, build, bench.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use battgen_runtime::driver::{self, Mode, RunOptions};
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
    /// Mutate the programs into a battery of many (constants and
    /// primitives replaced by others of the same type) and find the
    /// mutants that reproduce each task's train outputs.
    Search(crate::search::SearchArgs),
    /// Combine the results of `gen search --shard K/N` runs.
    Merge(crate::search::MergeArgs),
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
    /// Seed of the pick (and of `gen search`'s mutations): same seed, same
    /// result on every machine.
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
    /// Explain the battery instead of emitting it: `types` prints how many
    /// plan nodes have a precise type and lists those that do not; `whole`
    /// lists the programs that run whole on a GPU (`--exec device`) and
    /// what keeps the others on the CPU, and with `-o` writes their CUDA
    /// source.
    #[arg(long, value_enum, value_name = "WHAT")]
    pub explain: Option<Explain>,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Explain {
    Types,
    Whole,
}

/// `gen --explain whole`: the programs with device code (generated from
/// the merged plan before fusion, as the runtime does), and their CUDA
/// source to `output`.
fn explain_whole(plan: &Plan, output: Option<&PathBuf>) -> i32 {
    use battgen_runtime::backends::cuda::whole::WholeCode;
    let code = WholeCode::of(plan);
    let mut out = code.summary(plan.programs.len());
    out.push('\n');
    for &k in &code.programs {
        out.push_str(&plan.programs[k].name);
        out.push('\n');
    }
    for (k, why) in &code.blocked {
        out.push_str(&format!(
            "# on the CPU: {}: {why}\n",
            plan.programs[*k].name
        ));
    }
    if let Some(path) = output {
        if let Err(e) = std::fs::write(path, code.source()) {
            eprintln!("error: cannot write {}: {e}", path.display());
            return battgen_runtime::driver::exit::IO;
        }
    }
    print_stdout(&out)
}

/// `gen --explain types`: the inferred types of the merged plan.
fn explain_types(plan: &Plan) -> String {
    use battgen_runtime::plan::Operand;
    let report = battgen_runtime::types::TypeReport::of(plan);
    let total = plan.nodes.len();
    let mut out = format!(
        "types: {} of {total} plan nodes have a precise type ({:.1}%)\n",
        report.precise,
        100.0 * report.precise as f64 / total.max(1) as f64
    );
    let cov = emit::typed_coverage(plan);
    out.push_str(&format!(
        "emitted: {} of {} computed statements are typed code ({:.1}%)\n",
        cov.typed,
        cov.total,
        100.0 * cov.typed as f64 / cov.total.max(1) as f64
    ));
    if !cov.untyped_by_callee.is_empty() {
        let top: Vec<String> = cov
            .untyped_by_callee
            .iter()
            .take(16)
            .map(|(c, k)| format!("{c} {k}"))
            .collect();
        out.push_str(&format!("Value calls by callee: {}\n", top.join(", ")));
    }
    let name = |op: &Operand| match op {
        Operand::Input => "I".to_owned(),
        Operand::Node(m) => format!("n{m}"),
        Operand::Const(c) => (*c).to_owned(),
        Operand::Prim(p) => p.name().to_owned(),
        Operand::Fused(f) => format!("{f:?}"),
    };
    let mut by_callee: std::collections::BTreeMap<String, usize> = Default::default();
    let mut lines = Vec::new();
    for n in report.untyped() {
        let node = &plan.nodes[n];
        *by_callee.entry(name(&node.callee)).or_default() += 1;
        // Each operand with its type where it has one: what a typed form of
        // the callee would be written for.
        let args: Vec<String> = node
            .args
            .iter()
            .map(|a| match a {
                Operand::Node(m) => format!("n{m}: {}", report.types[*m]),
                Operand::Input => "I: grid".to_owned(),
                _ => name(a),
            })
            .collect();
        let at = node.sources.first().map_or(String::new(), |s| {
            let p = &plan.programs[s.program];
            format!("{} {} ({}:{})", p.name, s.var, p.file, s.line)
        });
        lines.push(format!(
            "  n{n} = {}({}) : {}    {at}\n",
            name(&node.callee),
            args.join(", "),
            report.types[n]
        ));
    }
    let mut callees: Vec<(String, usize)> = by_callee.into_iter().collect();
    callees.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    if !callees.is_empty() {
        let top: Vec<String> = callees
            .iter()
            .take(12)
            .map(|(c, k)| format!("{c} {k}"))
            .collect();
        out.push_str(&format!("untyped by callee: {}\n", top.join(", ")));
        out.push_str("untyped nodes:\n");
        out.extend(lines);
    }
    out
}

#[derive(Args, Debug, Clone)]
pub struct RunArgs {
    #[command(flatten)]
    pub select: SelectArgs,
    /// The run's options: the same flags as a compiled battery's (one
    /// definition, in the runtime's driver). Without `--data`, the bundled
    /// tasks.
    #[command(flatten)]
    pub run: RunOptions,
    /// Interpret the merged plan in-process instead of compiling it.
    #[arg(long)]
    pub interpret: bool,
    /// Make a failed compile an error (exit 4) instead of running the same
    /// plan on the interpreter.
    #[arg(long)]
    pub no_fallback: bool,
    /// Give up compiling after this many seconds (then as a failed compile).
    #[arg(long, value_name = "SECONDS")]
    pub compile_timeout: Option<u64>,
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

/// A battery merged and rewritten, ready to emit.
pub struct Generated {
    pub plan: Plan,
    pub statements: usize,
    pub dead: usize,
    pub files: Vec<String>,
}

impl Generated {
    fn info(&self) -> emit::EmitInfo<'_> {
        emit::EmitInfo {
            files: &self.files,
            statements: self.statements,
            dead: self.dead,
        }
    }
    /// The battery as one Rust file.
    pub fn source(&self) -> Result<String, i32> {
        emit::emit(&self.plan, &self.info()).map_err(|e| {
            eprintln!("{e}");
            exit::INTERNAL
        })
    }
    /// The plan as the interpreter runs it: its union idioms fused
    /// battery-wide (`battgen_runtime::fuse`; same results).
    pub fn interpreted(&self) -> Plan {
        battgen_runtime::fuse::fuse(self.plan.clone()).0
    }
    /// The battery as a crate of modules (what `gen run` compiles).
    pub fn krate(&self) -> Result<emit::EmittedCrate, i32> {
        emit::emit_crate(&self.plan, &self.info()).map_err(|e| {
            eprintln!("{e}");
            exit::INTERNAL
        })
    }
}

/// Merge and rewrite the loaded programs.
pub fn generate(loaded: &Loaded) -> Generated {
    let merged = merge::merge(&loaded.programs);
    let stats = merge::stats(&loaded.programs, &merged);
    let (plan, _rewrites) = rewrite::rewrite(&merged);
    Generated {
        plan,
        statements: stats.statements,
        dead: stats.dead,
        files: loaded.files.clone(),
    }
}

/// Load, check, pick, merge: the battery, or the exit code after
/// diagnostics.
fn load_and_generate(select: &SelectArgs) -> Result<Generated, i32> {
    Ok(generate(&load(select)?))
}

fn cmd_generate(args: &GenerateArgs) -> i32 {
    if args.explain == Some(Explain::Types) {
        return match load_and_generate(&args.select) {
            Ok(g) => print_stdout(&explain_types(&g.plan)),
            Err(c) => c,
        };
    }
    if args.explain == Some(Explain::Whole) {
        return match load_and_generate(&args.select) {
            Ok(g) => explain_whole(&g.plan, args.output.as_ref()),
            Err(c) => c,
        };
    }
    let code = match load_and_generate(&args.select).and_then(|g| g.source()) {
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
        None => print_stdout(&code),
    }
}

/// Write to standard output; a closed pipe (`gen ... | head`) is no error.
fn print_stdout(text: &str) -> i32 {
    use std::io::Write;
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Ok(()) => exit::OK,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => exit::OK,
        Err(e) => {
            eprintln!("error: cannot write to standard output: {e}");
            exit::IO
        }
    }
}

/// A spinner while cargo works: modules ready and the time so far.
struct CompileSpinner(indicatif::ProgressBar);

impl CompileSpinner {
    fn new() -> CompileSpinner {
        let bar = indicatif::ProgressBar::new_spinner();
        bar.set_style(
            indicatif::ProgressStyle::with_template("{spinner} compiling: {msg} [{elapsed}]")
                .expect("valid template"),
        );
        bar.enable_steady_tick(Duration::from_millis(120));
        CompileSpinner(bar)
    }
}

impl compile::Progress for CompileSpinner {
    fn modules(&self, ready: usize, total: usize) {
        self.0
            .set_message(format!("{ready}/{total} modules of programs ready"));
    }
}

/// How the compile step ended.
enum Compiled {
    Binary(PathBuf),
    /// It failed and the caller may interpret the plan instead.
    Failed,
}

fn compile_or_report(g: &Generated, timeout: Option<Duration>) -> Result<Compiled, i32> {
    let krate = g.krate()?;
    eprintln!(
        "battery: {} program(s), {} node(s), {} module(s); compiling (cached)...",
        g.plan.programs.len(),
        g.plan.nodes.len(),
        krate.modules.len()
    );
    let spinner = CompileSpinner::new();
    let result = compile::build(&krate, timeout, &spinner);
    spinner.0.finish_and_clear();
    match result {
        Ok(b) => {
            if b.reused {
                eprintln!(
                    "battery: reused the cached build ({:.1} s)",
                    b.compile_time.as_secs_f64()
                );
            } else {
                eprintln!(
                    "battery: compiled in {:.1} s ({} of {} module(s) rebuilt, the rest cached)",
                    b.compile_time.as_secs_f64(),
                    b.modules_built,
                    b.modules
                );
            }
            Ok(Compiled::Binary(b.binary))
        }
        Err(e) => {
            eprintln!("error: {e}");
            Ok(Compiled::Failed)
        }
    }
}

/// The bundled tasks, written out once to the cache.
pub fn bundled_tasks() -> Result<PathBuf, i32> {
    data_path(&None)
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
    let g = match load_and_generate(&args.select) {
        Ok(x) => x,
        Err(c) => return c,
    };
    let mut opts = args.run.clone();
    if opts.data.is_none() {
        match data_path(&None) {
            Ok(d) => opts.data = Some(d),
            Err(c) => return c,
        }
    }
    if args.interpret {
        return driver::dispatch(&g.interpreted(), &opts);
    }
    let timeout = args.compile_timeout.map(Duration::from_secs);
    let binary = match compile_or_report(&g, timeout) {
        Ok(Compiled::Binary(b)) => b,
        Ok(Compiled::Failed) if !args.no_fallback => {
            // The same plan, interpreted: identical outputs, only slower
            // in per-input execution.
            eprintln!("battery: running the same plan on the interpreter instead (--no-fallback makes this an error)");
            return driver::dispatch(&g.interpreted(), &opts);
        }
        Ok(Compiled::Failed) => return exit::INTERNAL,
        Err(c) => return c,
    };
    match Command::new(&binary).args(opts.to_args()).status() {
        Ok(s) => s.code().unwrap_or(exit::INTERNAL),
        Err(e) => {
            eprintln!("error: cannot run {}: {e}", binary.display());
            exit::IO
        }
    }
}

fn cmd_build(args: &BuildArgs) -> i32 {
    let g = match load_and_generate(&args.select) {
        Ok(x) => x,
        Err(c) => return c,
    };
    let binary = match compile_or_report(&g, None) {
        Ok(Compiled::Binary(b)) => b,
        Ok(Compiled::Failed) => return exit::INTERNAL,
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
        Some(Command_::Search(a)) => crate::search::cmd_search(a),
        Some(Command_::Merge(a)) => crate::search::cmd_merge(a),
        Some(Command_::Bench(a)) => {
            let mut a = a.clone();
            a.run.bench = true;
            a.run.mode = Mode::Cross;
            if a.run.data.is_none() {
                a.run.data =
                    Some(Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/arc-agi/training"));
            }
            cmd_run(&a)
        }
    }
}
