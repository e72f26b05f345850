//! `gen search`: mutate the programs of a corpus into one large battery and
//! find the mutants that reproduce each task's train outputs.
//!
//! Pipeline: parents (checked programs) -> [`mutate::candidates`] ->
//! mutants written back as source and checked again (every mutant
//! type-checks) -> duplicates removed by their merged plan -> one battery
//! through [`crate::merge`] (shared prefixes computed once) -> the runtime's
//! early-exit search ([`battgen_runtime::search`]), run as a plan: no Rust
//! is compiled at this size. Results: solutions (JSON and arc-dsl source),
//! a Kaggle submission, and shards that `gen merge` combines.

pub mod mutate;

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use battgen_runtime::search::{peak_memory, search, TaskResult};
use battgen_runtime::task::{grid_to_json, parse_grid};
use battgen_runtime::values::Grid;
use clap::Args;
use rayon::prelude::*;
use serde_json::{json, Value as Json};

use crate::ast::{Program, SourceFile};
use crate::cli::{exit, SelectArgs};
use crate::merge;

/// A shard `K/N`: the tasks whose index is K-1 modulo N.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub k: usize,
    pub n: usize,
}

impl std::str::FromStr for Shard {
    type Err = String;
    fn from_str(s: &str) -> Result<Shard, String> {
        let (k, n) = s
            .split_once('/')
            .ok_or_else(|| format!("{s:?}: a shard is K/N, e.g. 3/8"))?;
        let k: usize = k
            .trim()
            .parse()
            .map_err(|_| format!("{s:?}: K is not a number"))?;
        let n: usize = n
            .trim()
            .parse()
            .map_err(|_| format!("{s:?}: N is not a number"))?;
        if n == 0 || k == 0 || k > n {
            return Err(format!("{s:?}: a shard K/N needs 1 <= K <= N"));
        }
        Ok(Shard { k, n })
    }
}

#[derive(Args, Debug, Clone)]
pub struct SearchArgs {
    #[command(flatten)]
    pub select: SelectArgs,
    /// ARC task directory or Kaggle challenges file (default: the bundled
    /// tasks).
    #[arg(long)]
    pub data: Option<PathBuf>,
    /// How many mutants to make (besides the unmutated programs).
    #[arg(long, default_value_t = 10_000)]
    pub mutants: usize,
    /// Search only this shard of the tasks, `K/N` (1-based): with N jobs
    /// of K = 1..N the whole search is done once; `gen merge` combines.
    #[arg(long)]
    pub shard: Option<Shard>,
    /// Stop starting new tasks after this many seconds (then the summary
    /// says how many were left).
    #[arg(long, value_name = "SECONDS")]
    pub time_budget: Option<f64>,
    /// Time budget of one node's evaluation in milliseconds.
    #[arg(long, default_value_t = 1_000)]
    pub timeout_ms: u64,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Write the results (solutions, solved tasks, stats) as JSON.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Write the solving mutants as arc-dsl source.
    #[arg(long, value_name = "FILE")]
    pub emit: Option<PathBuf>,
    /// Write a Kaggle submission (two attempts per test input).
    #[arg(long)]
    pub submission: Option<PathBuf>,
    /// Run on the CPU (the search always does today; see --gpus).
    #[arg(long, conflicts_with = "gpus")]
    pub cpu: bool,
    /// GPUs to use. The search has no GPU path yet: it runs on the CPU and
    /// says so.
    #[arg(long, value_name = "all|N|LIST")]
    pub gpus: Option<String>,
    /// Print no progress bar or summary.
    #[arg(long)]
    pub quiet: bool,
}

#[derive(Args, Debug, Clone)]
pub struct MergeArgs {
    /// Results files of `gen search --shard K/N --out F`.
    #[arg(required = true)]
    pub shards: Vec<PathBuf>,
    /// The combined results.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// A Kaggle submission from the combined results.
    #[arg(long)]
    pub submission: Option<PathBuf>,
}

/// A program of the search battery: a parent or a checked mutant.
struct Entry {
    program: Program,
    parent: usize,
    /// How it differs from its parent (empty for a parent).
    mutation: String,
}

/// The canonical form of a checked program: its merged plan without names
/// or places. Two programs with the same form compute the same thing.
fn canonical(p: &Program) -> String {
    let mut plan = merge::merge(std::slice::from_ref(p));
    for n in &mut plan.nodes {
        n.sources.clear();
    }
    for q in &mut plan.programs {
        q.name.clear();
        q.task_id.clear();
        q.file.clear();
        q.line = 0;
    }
    plan.to_text()
}

/// The parents and up to `wanted` distinct mutants, every one checked.
fn checked_mutants(parents: Vec<Program>, wanted: usize, seed: u64) -> (Vec<Entry>, usize) {
    let alts = mutate::Alternatives::new();
    // Some candidates fail the check or duplicate others (a mutation of a
    // dead statement, two orders of the same pair): draw twice as many and
    // keep the first `wanted` distinct ones.
    let candidates = mutate::candidates(&parents, &alts, wanted.saturating_mul(2), seed);
    let generated = candidates.len();
    // Checked again as the functions their sources parse to, in parallel
    // chunks.
    let file = SourceFile {
        path: "<mutants>".into(),
        text: String::new(),
    };
    let checked: Vec<Option<Program>> = candidates
        .par_chunks(512)
        .flat_map_iter(|chunk| {
            let functions: Vec<_> = chunk
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let p = mutate::apply(&parents[c.parent], &c.mutations);
                    // The task id is the part after the last `_`.
                    mutate::to_function(&p, &format!("mutant_{i}_{}", parents[c.parent].task_id))
                })
                .collect();
            let (good, _) = crate::check::check(&file, &functions);
            let mut by_index: Vec<Option<Program>> = vec![None; chunk.len()];
            for p in good {
                let i: Option<usize> = p
                    .name
                    .strip_prefix("mutant_")
                    .and_then(|r| r.split('_').next())
                    .and_then(|i| i.parse().ok());
                if let Some(i) = i.filter(|&i| i < chunk.len()) {
                    by_index[i] = Some(p);
                }
            }
            by_index
        })
        .collect();
    let keys: Vec<Option<String>> = checked
        .par_iter()
        .map(|p| p.as_ref().map(canonical))
        .collect();
    let mut seen: HashSet<String> = parents.iter().map(canonical).collect();
    let mut entries: Vec<Entry> = Vec::with_capacity(parents.len() + checked.len());
    for (k, p) in parents.iter().enumerate() {
        entries.push(Entry {
            program: p.clone(),
            parent: k,
            mutation: String::new(),
        });
    }
    for ((c, p), key) in candidates.iter().zip(checked).zip(keys) {
        let (Some(mut p), Some(key)) = (p, key) else {
            continue;
        };
        if entries.len() - parents.len() >= wanted {
            break;
        }
        if !seen.insert(key) {
            continue;
        }
        let parent = &parents[c.parent];
        p.name = format!("{}_m{}", parent.name, entries.len() - parents.len());
        p.task_id = parent.task_id.clone();
        let mutation = c
            .mutations
            .iter()
            .map(|m| m.describe(parent))
            .collect::<Vec<_>>()
            .join("; ");
        entries.push(Entry {
            program: p,
            parent: c.parent,
            mutation,
        });
    }
    // Each parent's mutants next to it: the nodes a family shares are then
    // read by neighbouring nodes of the plan, so the search drops their
    // values soon instead of holding them across the whole plan.
    entries.sort_by_key(|e| (e.parent, !e.mutation.is_empty()));
    (entries, generated)
}

/// One solution: a program that reproduces every train output of a task.
#[derive(Clone, Debug)]
struct Solution {
    task: String,
    program: String,
    parent: String,
    mutation: String,
    source: String,
    test_outputs: Vec<Option<Grid>>,
}

fn grid_json(g: &Option<Grid>) -> Json {
    g.as_ref().map_or(Json::Null, grid_to_json)
}

/// Per task id, its test inputs (for the fallback attempt).
type TestInputs = BTreeMap<String, Vec<Grid>>;

/// The Kaggle submission: per task, per test input, the first two distinct
/// grids among its solutions' outputs (unmutated programs first), else the
/// test input itself.
fn submission(tests: &TestInputs, solutions: &[Solution]) -> Json {
    let mut root = serde_json::Map::new();
    for (id, inputs) in tests {
        let mine: Vec<&Solution> = solutions.iter().filter(|s| &s.task == id).collect();
        let entries: Vec<Json> = inputs
            .iter()
            .enumerate()
            .map(|(i, input)| {
                let mut attempts: Vec<&Grid> = Vec::new();
                for s in &mine {
                    if let Some(Some(g)) = s.test_outputs.get(i) {
                        if !attempts.contains(&g) {
                            attempts.push(g);
                        }
                    }
                }
                let first = attempts.first().copied().unwrap_or(input);
                let second = attempts.get(1).copied().unwrap_or(first);
                json!({ "attempt_1": grid_to_json(first), "attempt_2": grid_to_json(second) })
            })
            .collect();
        root.insert(id.clone(), Json::Array(entries));
    }
    Json::Object(root)
}

fn results_json(tests: &TestInputs, solutions: &[Solution], stats: Json) -> Json {
    let sols: Vec<Json> = solutions
        .iter()
        .map(|s| {
            json!({
                "task": s.task, "program": s.program, "parent": s.parent,
                "mutation": s.mutation, "source": s.source,
                "test_outputs": s.test_outputs.iter().map(grid_json).collect::<Vec<_>>(),
            })
        })
        .collect();
    let tasks: serde_json::Map<String, Json> = tests
        .iter()
        .map(|(id, inputs)| {
            (
                id.clone(),
                Json::Array(inputs.iter().map(grid_to_json).collect()),
            )
        })
        .collect();
    json!({ "solutions": sols, "test_inputs": tasks, "stats": stats })
}

fn write(path: &PathBuf, text: &str) -> Result<(), i32> {
    std::fs::write(path, text).map_err(|e| {
        eprintln!("error: cannot write {}: {e}", path.display());
        exit::IO
    })
}

/// The solving mutants as arc-dsl source: `def solve_<task>_<n>(I):`, with
/// the parent and the mutation in comments.
fn solutions_source(solutions: &[Solution]) -> String {
    let mut out = String::from(
        "# Solutions found by `gen search`: programs that reproduce every train\n\
         # output of their task. Runs with arc-dsl's dsl.py and constants.py.\n\
         from dsl import *\nfrom constants import *\n",
    );
    for s in solutions {
        out.push('\n');
        out.push('\n');
        out.push_str(&s.source);
    }
    out
}

pub fn cmd_search(args: &SearchArgs) -> i32 {
    let start = Instant::now();
    if let Some(g) = &args.gpus {
        eprintln!("note: --gpus {g}: the search has no GPU path yet; it runs on the CPU");
    }
    let loaded = match crate::cli::load(&args.select) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let data = match &args.data {
        Some(d) => d.clone(),
        None => match crate::cli::bundled_tasks() {
            Ok(d) => d,
            Err(code) => return code,
        },
    };
    let mut opts = <battgen_runtime::driver::RunOptions as clap::Parser>::parse_from(["gen"]);
    opts.data = Some(data);
    let tasks = match battgen_runtime::driver::load_tasks(&opts) {
        Ok(t) => t,
        Err(code) => return code,
    };
    let threads = args.jobs.unwrap_or(0);
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: cannot start worker threads: {e}");
            return exit::IO;
        }
    };
    battgen_runtime::budget::set_limit(Some(Duration::from_millis(args.timeout_ms)));
    let parents = loaded.programs;
    let (entries, generated) =
        pool.install(|| checked_mutants(parents.clone(), args.mutants, args.select.seed));
    let programs: Vec<Program> = entries.iter().map(|e| e.program.clone()).collect();
    let (plan, fusions) = battgen_runtime::fuse::fuse(merge::merge(&programs));
    let prepared = start.elapsed();
    let indices: Vec<usize> = (0..tasks.len())
        .filter(|t| args.shard.is_none_or(|s| t % s.n == s.k - 1))
        .collect();
    let statements: usize = programs.iter().map(|p| p.stmts.len()).sum();
    if !args.quiet {
        eprintln!(
            "search: {} parents, {} candidate mutants, {} distinct kept after checking and dedup; \
             {} statements -> {} plan nodes, {} unions fused ({:.1} s); {} task(s){}",
            parents.len(),
            generated,
            entries.len() - parents.len(),
            statements,
            plan.nodes.len(),
            fusions.unions,
            prepared.as_secs_f64(),
            indices.len(),
            args.shard
                .map_or(String::new(), |s| format!(" (shard {}/{})", s.k, s.n)),
        );
    }
    let bar = if args.quiet {
        indicatif::ProgressBar::hidden()
    } else {
        indicatif::ProgressBar::new(indices.len() as u64)
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} tasks, {msg} [{elapsed}, eta {eta}]",
        )
        .expect("valid template"),
    );
    let pairs = AtomicU64::new(0);
    let solved_count = AtomicUsize::new(0);
    let search_start = Instant::now();
    let deadline = args
        .time_budget
        .map(|s| start + Duration::from_secs_f64(s.max(0.0)));
    let mutants_total = plan.programs.len() as f64;
    let report = pool.install(|| {
        search(&plan, &tasks, &indices, deadline, &|r: &TaskResult| {
            pairs.fetch_add(r.pair_evaluations, Ordering::Relaxed);
            if !r.solvers.is_empty() {
                solved_count.fetch_add(1, Ordering::Relaxed);
            }
            bar.inc(1);
            let secs = search_start.elapsed().as_secs_f64().max(1e-9);
            bar.set_message(format!(
                "{:.0} mutant-tasks/s, {} solved",
                bar.position() as f64 * mutants_total / secs,
                solved_count.load(Ordering::Relaxed)
            ));
        })
    });
    bar.finish_and_clear();
    let search_time = search_start.elapsed();
    let mut solutions = Vec::new();
    let mut counters: BTreeMap<String, usize> = BTreeMap::new();
    let mut solved_by_parent = BTreeSet::new();
    let mut solved = BTreeSet::new();
    let mut results = report.results;
    results.sort_by_key(|r| r.task);
    for r in &results {
        let id = &tasks[r.task].id;
        // Unmutated programs first (they lead the submission's attempts),
        // then mutants in battery order.
        let mut found: Vec<(&usize, &Vec<Option<Grid>>)> =
            r.solvers.iter().zip(&r.test_outputs).collect();
        found.sort_by_key(|(k, _)| (!entries[**k].mutation.is_empty(), **k));
        for (k, outs) in found {
            let e = &entries[*k];
            let parent = &parents[e.parent];
            solved.insert(id.clone());
            if e.mutation.is_empty() {
                solved_by_parent.insert(id.clone());
            }
            let n = counters.entry(id.clone()).or_insert(0);
            *n += 1;
            let name = format!("solve_{id}_{n}");
            let mut comments = vec![format!(
                "parent: {} ({}:{})",
                parent.name, parent.file, parent.line
            )];
            comments.push(if e.mutation.is_empty() {
                "mutation: none (the parent itself)".to_owned()
            } else {
                format!("mutation: {}", e.mutation)
            });
            solutions.push(Solution {
                task: id.clone(),
                program: e.program.name.clone(),
                parent: parent.name.clone(),
                mutation: e.mutation.clone(),
                source: mutate::to_source(&e.program, &name, &comments),
                test_outputs: outs.clone(),
            });
        }
    }
    let new_tasks: Vec<&String> = solved.difference(&solved_by_parent).collect();
    let pair_evals = pairs.load(Ordering::Relaxed);
    // The tail of the parallel search: its slowest tasks, and their share
    // of all the tasks' time.
    let mut by_time: Vec<(&str, f64)> = results
        .iter()
        .map(|r| (tasks[r.task].id.as_str(), r.seconds))
        .collect();
    by_time.sort_by(|a, b| b.1.total_cmp(&a.1));
    let task_seconds: f64 = by_time.iter().map(|t| t.1).sum();
    let slowest: Vec<(&str, f64)> = by_time.iter().take(5).copied().collect();
    let peak = peak_memory();
    let searched = results.len();
    let stats = json!({
        "parents": parents.len(), "mutants_generated": generated,
        "mutants": entries.len() - parents.len(), "plan_nodes": plan.nodes.len(),
        "fused": {"collected": fusions.collected, "unions": fusions.unions,
                  "products": fusions.products},
        "tasks_searched": searched, "tasks_skipped": report.skipped.len(),
        "tasks_solved": solved.len(), "tasks_solved_by_parents": solved_by_parent.len(),
        "new_tasks": new_tasks, "pair_evaluations": pair_evals,
        "prepare_seconds": prepared.as_secs_f64(), "search_seconds": search_time.as_secs_f64(),
        "peak_memory_bytes": peak, "device": "cpu",
        "task_seconds": task_seconds, "slowest_tasks": slowest,
        "shard": args.shard.map(|s| format!("{}/{}", s.k, s.n)),
    });
    let tests: TestInputs = indices
        .iter()
        .filter(|t| results.iter().any(|r| r.task == **t))
        .map(|&t| {
            (
                tasks[t].id.clone(),
                tasks[t].test.iter().map(|e| e.input().clone()).collect(),
            )
        })
        .collect();
    if let Some(out) = &args.out {
        let j = results_json(&tests, &solutions, stats.clone());
        if let Err(c) = write(out, &j.to_string()) {
            return c;
        }
    }
    if let Some(path) = &args.emit {
        if let Err(c) = write(path, &solutions_source(&solutions)) {
            return c;
        }
    }
    if let Some(path) = &args.submission {
        if let Err(c) = write(path, &submission(&tests, &solutions).to_string()) {
            return c;
        }
    }
    if !args.quiet {
        let secs = search_time.as_secs_f64().max(1e-9);
        let rows = [
            (
                "programs",
                format!(
                    "{} ({} parents + {} mutants)",
                    entries.len(),
                    parents.len(),
                    entries.len() - parents.len()
                ),
            ),
            (
                "tasks",
                format!(
                    "{searched} searched, {} left by --time-budget",
                    report.skipped.len()
                ),
            ),
            (
                "tasks solved",
                format!(
                    "{} ({} by unmutated parents, {} new)",
                    solved.len(),
                    solved_by_parent.len(),
                    new_tasks.len()
                ),
            ),
            ("solutions", solutions.len().to_string()),
            (
                "search time",
                format!(
                    "{secs:.2} s on the CPU ({} threads)",
                    pool.current_num_threads()
                ),
            ),
            (
                "mutant-tasks/s",
                format!("{:.0}", entries.len() as f64 * searched as f64 / secs),
            ),
            (
                "pair evals",
                format!("{pair_evals} (program x train pair, after early exit)"),
            ),
            (
                "peak memory",
                peak.map_or("unknown".into(), |b| format!("{:.0} MB", b as f64 / 1e6)),
            ),
            (
                "slowest tasks",
                format!(
                    "{} (of {task_seconds:.1} s in all tasks)",
                    slowest
                        .iter()
                        .map(|(id, s)| format!("{id} {s:.2} s"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ),
        ];
        for (k, v) in rows {
            eprintln!("{k:>15}  {v}");
        }
        if !new_tasks.is_empty() {
            let shown: Vec<&str> = new_tasks.iter().take(20).map(|s| s.as_str()).collect();
            eprintln!("      new tasks  {}", shown.join(" "));
        }
    }
    exit::OK
}

/// Read a shard's results file.
fn read_shard(path: &PathBuf) -> Result<(TestInputs, Vec<Solution>, Json), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read: {e}"))?;
    let j: Json = serde_json::from_str(&text).map_err(|e| format!("not JSON: {e}"))?;
    let bad = |what: &str| format!("not a `gen search --out` file ({what})");
    let mut tests = TestInputs::new();
    for (id, inputs) in j["test_inputs"]
        .as_object()
        .ok_or_else(|| bad("test_inputs"))?
    {
        let grids = inputs
            .as_array()
            .ok_or_else(|| bad("test_inputs"))?
            .iter()
            .map(parse_grid)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| format!("task {id}: {e}"))?;
        tests.insert(id.clone(), grids);
    }
    let mut solutions = Vec::new();
    for s in j["solutions"].as_array().ok_or_else(|| bad("solutions"))? {
        let field = |k: &str| s[k].as_str().map(str::to_owned).ok_or_else(|| bad(k));
        let test_outputs = s["test_outputs"]
            .as_array()
            .ok_or_else(|| bad("test_outputs"))?
            .iter()
            .map(|g| {
                if g.is_null() {
                    Ok(None)
                } else {
                    parse_grid(g).map(Some)
                }
            })
            .collect::<Result<Vec<_>, _>>()?;
        solutions.push(Solution {
            task: field("task")?,
            program: field("program")?,
            parent: field("parent")?,
            mutation: field("mutation")?,
            source: field("source")?,
            test_outputs,
        });
    }
    Ok((tests, solutions, j["stats"].clone()))
}

/// `gen merge`: the shards' results as one (tasks and solutions united).
pub fn cmd_merge(args: &MergeArgs) -> i32 {
    let mut tests = TestInputs::new();
    let mut solutions: Vec<Solution> = Vec::new();
    let mut stats = Vec::new();
    for path in &args.shards {
        match read_shard(path) {
            Ok((t, s, st)) => {
                tests.extend(t);
                solutions.extend(s);
                stats.push(st);
            }
            Err(e) => {
                eprintln!("error: {}: {e}", path.display());
                return exit::BAD_DATA;
            }
        }
    }
    // Shards cover disjoint tasks; keep the tasks' order stable.
    solutions.sort_by(|a, b| a.task.cmp(&b.task));
    let solved: BTreeSet<&String> = solutions.iter().map(|s| &s.task).collect();
    eprintln!(
        "merged {} shard(s): {} task(s), {} solved, {} solution(s)",
        args.shards.len(),
        tests.len(),
        solved.len(),
        solutions.len()
    );
    if let Some(out) = &args.out {
        let j = results_json(&tests, &solutions, json!({ "shards": stats }));
        if let Err(c) = write(out, &j.to_string()) {
            return c;
        }
    }
    if let Some(path) = &args.submission {
        if let Err(c) = write(path, &submission(&tests, &solutions).to_string()) {
            return c;
        }
    }
    exit::OK
}
