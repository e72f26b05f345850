//! Running a battery over ARC tasks: the work list, parallel execution,
//! scores, results JSON and the Kaggle submission. A compiled battery's
//! `main` is `battgen_runtime::driver::main(&BATTERY)`.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::{Parser, ValueEnum};
use serde_json::{json, Map, Value as Json};

use crate::backends::cuda::whole::{Given, WholeCode, WholePiece};
use crate::backends::{backend_for, is_gpu, GpuSelect};
use crate::batch::{Backend, Column, CpuBackend, PrimStats, Telemetry};
use crate::battery::{Battery, Runner};
use crate::crew;
use crate::error::Result;
use crate::task::{self, grid_to_json, Task};
use crate::values::{Grid, Value};
use std::sync::OnceLock;

/// Which programs run on which inputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Mode {
    /// Each program on the inputs of its own task.
    Own,
    /// Every program on every task's inputs (the search workload).
    Cross,
}

/// Options of a run (the flags of a compiled battery and of `gen run`).
#[derive(Clone, Debug, Parser)]
pub struct RunOptions {
    /// ARC task directory (`<id>.json` files) or a Kaggle challenges file
    /// (`gen run`: default the bundled tasks).
    #[arg(long)]
    pub data: Option<PathBuf>,
    /// Write every output to this JSON file.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Write a Kaggle ARC Prize submission to this file.
    #[arg(long)]
    pub submission: Option<PathBuf>,
    #[arg(long, value_enum, default_value_t = Mode::Own)]
    pub mode: Mode,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Time budget of one evaluation in milliseconds.
    #[arg(long, default_value_t = 10_000)]
    pub timeout_ms: u64,
    /// Reject the whole run if any task file is malformed (default: skip it).
    #[arg(long)]
    pub strict: bool,
    /// How programs run: each alone per input, the merged battery per input,
    /// the merged battery column-wise over all inputs, or (device) the
    /// programs with device code whole on the GPUs and the others per input
    /// on the CPU at the same time. Default: per-input in own mode; in
    /// cross mode device with `--gpus`, batched with `--stats` alone (batch
    /// telemetry is column-wise), else the battery.
    #[arg(long, value_enum)]
    pub exec: Option<Exec>,
    /// Print per-primitive telemetry (rows per device, time).
    #[arg(long)]
    pub stats: bool,
    /// Print no summary.
    #[arg(long)]
    pub quiet: bool,
    /// Benchmark: cross mode with every execution kind, on one thread and
    /// on all cores, checking that all give identical outputs.
    #[arg(long)]
    pub bench: bool,
    /// Runs of the execution; the median time is reported. `--bench`:
    /// runs of each configuration (default 3). Otherwise (default 1) the
    /// outputs are the first run's and the summary's wall time the median:
    /// later runs find the allocator's memory already mapped, a steady
    /// state that a single short run never reaches.
    #[arg(long)]
    pub repeat: Option<usize>,
    /// Batched execution on the CPU only (no GPU).
    #[arg(long, conflicts_with = "gpus")]
    pub cpu: bool,
    /// GPUs for batched execution: `all`, a count `N`, or a list `0,2`
    /// (after CUDA_VISIBLE_DEVICES). Default: all GPUs if any, else the CPU.
    #[arg(long, value_name = "all|N|LIST")]
    pub gpus: Option<GpuSelect>,
    /// Device check: every GPU primitive on the grids of `--data`, GPU
    /// against CPU row by row; nonzero exit on any difference.
    #[arg(long)]
    pub gpu_selftest: bool,
    /// Run only the program with this name (repeatable; default: all).
    #[arg(long = "program", id = "program", value_name = "NAME")]
    pub programs: Vec<String>,
}

/// How the programs of a battery are executed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Exec {
    /// Each program alone on each input.
    PerInput,
    /// The merged battery (shared subexpressions once) on each input.
    Battery,
    /// The merged battery column-wise over all inputs at once.
    Batched,
    /// Programs with device code whole on the GPUs, every input at once;
    /// the others per input on the CPU at the same time.
    Device,
}

impl Exec {
    /// The default execution. With `--gpus`, the programs with device
    /// code run whole on the GPUs beside the others per input (device):
    /// on the H200 host it was level with per input on the 16 threads and
    /// 1.8x faster than batched on the GPU, the former default. Batched
    /// with `--stats` alone (batch telemetry is column-wise). Otherwise
    /// cross mode runs a compiled battery per input, unless its programs
    /// share enough work for the merged battery to pay
    /// ([`Exec::merged_pays`]).
    pub fn default_for(mode: Mode, gpus: bool, stats: bool, battery: &dyn Battery) -> Exec {
        match mode {
            Mode::Own => Exec::PerInput,
            Mode::Cross if gpus => Exec::Device,
            Mode::Cross if stats => Exec::Batched,
            Mode::Cross if battery.compiled() && !Exec::merged_pays(battery) => Exec::PerInput,
            Mode::Cross => Exec::Battery,
        }
    }

    /// Whether running `battery` merged (each shared node once, the plan
    /// interpreted) does less work than its compiled programs one by one.
    /// Interpreted, a node costs 2.3x a compiled statement (callgrind, one
    /// thread, the bundled corpus in cross mode over the first 40 training
    /// tasks: 866 M instructions merged against 478 M per input at 0.775
    /// nodes per statement, 2026-11-29, batteries built with thin LTO; it
    /// was 1.65x on 2026-11-27, 935 M against 733 M); so the merged
    /// battery pays below about 0.43 nodes per statement (batteries of
    /// variants of a few programs). A view of some programs (`--program`)
    /// has no plan of its own: merged, it would run all the others too.
    fn merged_pays(battery: &dyn Battery) -> bool {
        const NODES_PER_STATEMENT: f64 = 0.43;
        battery
            .plan()
            .is_some_and(|p| p.node_share() < NODES_PER_STATEMENT)
    }
}

/// What one evaluation gave, kept compact.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    Grid(Grid),
    NonGrid(String),
    Error(&'static str),
}

impl Outcome {
    /// A result as an outcome: a grid is a non-empty rectangle of colours
    /// (what ARC accepts); anything else is shown by its first 80
    /// characters of Python repr.
    #[inline]
    pub fn from_result(r: Result<Value>) -> Outcome {
        match r {
            // The common case, taken without a reference count round trip
            // (and inlined into the evaluation loops).
            Ok(Value::Grid(g)) if g.height() > 0 && g.width() > 0 => Outcome::Grid(g),
            r => Outcome::from_other(r),
        }
    }
    /// [`Outcome::from_result`] of anything but a grid with cells (not
    /// rare in cross runs: errors; kept out of line all the same).
    #[inline(never)]
    fn from_other(r: Result<Value>) -> Outcome {
        match r {
            // Rows of two lengths are no grid: said without converting
            // every row's cells first, as `as_grid` would (cross runs end
            // in many such ragged tuples).
            Ok(v) if is_ragged(&v) => Outcome::NonGrid(repr_prefix(&v, 80)),
            Ok(v) => match v.as_grid("output") {
                Ok(g) if v.is_tuple() && g.height() > 0 && g.width() > 0 => {
                    Outcome::Grid(match v {
                        Value::Grid(g) => g,
                        _ => g.into_owned(),
                    })
                }
                _ => Outcome::NonGrid(repr_prefix(&v, 80)),
            },
            Err(e) => Outcome::Error(e.kind.as_str()),
        }
    }
    /// What the device gave, as the CPU would show it (a grid of no
    /// cells is no ARC grid).
    pub fn from_given(given: Given) -> Outcome {
        match given {
            Given::Grid(g) => Outcome::from_result(Ok(Value::Grid(g))),
            Given::Raised(kind) => Outcome::Error(kind.as_str()),
        }
    }
    pub fn grid(&self) -> Option<&Grid> {
        match self {
            Outcome::Grid(g) => Some(g),
            _ => None,
        }
    }
    pub fn to_json(&self) -> Json {
        match self {
            Outcome::Grid(g) => grid_to_json(g),
            Outcome::NonGrid(s) => json!({ "nongrid": s }),
            Outcome::Error(k) => json!({ "error": k }),
        }
    }
}

/// The results of a run: outcomes per program, task and sample.
#[derive(Debug)]
pub struct RunResults {
    pub tasks: Vec<Task>,
    pub names: Vec<String>,
    pub task_ids: Vec<String>,
    /// `outcomes[program]`: (task index, sample index, outcome), in task order.
    pub outcomes: Vec<Vec<(usize, usize, Outcome)>>,
    pub wall: Duration,
}

/// Which (program, task) pairs run in this mode.
fn pairs(battery: &dyn Battery, tasks: &[Task], mode: Mode) -> Vec<Vec<usize>> {
    (0..battery.num_programs())
        .map(|k| {
            (0..tasks.len())
                .filter(|&t| mode == Mode::Cross || tasks[t].id == battery.task_id(k))
                .collect()
        })
        .collect()
}

/// An input of a run: its task's index, its sample's index in that task,
/// and the grid (lent by the task).
type Sample<'a> = (usize, usize, &'a Value);

/// Run `battery` on `tasks`. Batched execution evaluates every program on
/// every input of the batch (in own mode, the rows of other tasks are then
/// discarded); the other two run only the pairs the mode asks for.
pub fn execute(
    battery: &dyn Battery,
    tasks: Vec<Task>,
    mode: Mode,
    exec: Exec,
    backend: &dyn Backend,
    progress: &Progress,
) -> RunResults {
    let start = Instant::now();
    // Cross mode runs every pair: no list of them to build.
    let wanted = match mode {
        Mode::Cross => Vec::new(),
        Mode::Own => pairs(battery, &tasks, mode),
    };
    let mut samples: Vec<Sample> = Vec::with_capacity(tasks.iter().map(Task::num_samples).sum());
    for (t, task) in tasks.iter().enumerate() {
        for (s, ex) in task.samples().enumerate() {
            samples.push((t, s, ex.input_value()));
        }
    }
    let programs = battery.num_programs();
    let mut outcomes: Vec<Vec<(usize, usize, Outcome)>> = vec![Vec::new(); programs];
    let want = |k: usize, t: usize| mode == Mode::Cross || wanted[k].contains(&t);
    match exec {
        Exec::Batched => {
            progress.set_total(samples.len() * programs);
            // The backend chooses the batch size: the CPU cuts the rows into
            // a few chunks per thread, which run in parallel (no barrier per
            // node across all rows); the GPU backend, for now, the same
            // (see its `batch_rows`).
            let chunk = backend.batch_rows(samples.len()).max(1);
            let chunks: Vec<&[Sample]> = samples.chunks(chunk).collect();
            // The chunks with the most input cells start first (see
            // `largest_inputs_first`). Each chunk's columns become compact
            // outcomes at once, so the values of only the chunks in flight
            // are held at a time.
            let order = largest_inputs_first(chunks.len(), |c| {
                chunks[c].iter().map(|(_, _, v)| cells(v)).sum()
            });
            let results: Vec<Vec<Vec<Outcome>>> = in_order_given(
                order.len(),
                |p| order[p],
                1,
                None,
                |c| {
                    let rows = chunks[c];
                    let inputs =
                        Column::Rows(rows.iter().map(|(_, _, v)| Ok((*v).clone())).collect());
                    battery
                        .run_batch(&inputs, rows.len(), backend)
                        .into_iter()
                        .enumerate()
                        .map(|(k, column)| {
                            rows.iter()
                                .enumerate()
                                .filter(|(_, (t, _, _))| want(k, *t))
                                .map(|(row, _)| Outcome::from_result(column.row(row).clone()))
                                .collect()
                        })
                        .collect()
                },
            );
            for (rows, per_program) in chunks.iter().zip(results) {
                for (k, outs) in per_program.into_iter().enumerate() {
                    let wanted_rows = rows.iter().filter(|(t, _, _)| want(k, *t));
                    for ((t, s, _), o) in wanted_rows.zip(outs) {
                        outcomes[k].push((*t, *s, o));
                    }
                }
            }
            progress.inc(samples.len() * programs);
        }
        Exec::Battery => {
            progress.set_total(samples.len());
            let order = largest_inputs_first(samples.len(), |i| cells(samples[i].2));
            if mode == Mode::Cross {
                // Every program on every sample: program k's outcome on
                // sample i goes to place i of its list, from the thread
                // that ran it.
                let places = Placed::new(&mut outcomes, &vec![samples.len(); programs]);
                let put = in_order_each(
                    order.len(),
                    |p| order[p],
                    1,
                    Some(progress),
                    |i| {
                        let (t, s, input) = &samples[i];
                        let row = battery.run_all(input);
                        let put = row.len();
                        for (k, r) in row.into_iter().enumerate() {
                            // SAFETY: sample i is run once, and only here is
                            // place i of any list written.
                            unsafe { places.put(k, i, (*t, *s, Outcome::from_result(r))) };
                        }
                        put
                    },
                );
                places.finish(&mut outcomes, put);
            } else {
                let rows: Vec<Vec<Outcome>> = in_order_given(
                    order.len(),
                    |p| order[p],
                    1,
                    Some(progress),
                    |i| {
                        battery
                            .run_all(samples[i].2)
                            .into_iter()
                            .map(Outcome::from_result)
                            .collect()
                    },
                );
                for ((t, s, _), row) in samples.iter().zip(rows) {
                    for (k, o) in row.into_iter().enumerate() {
                        if want(k, *t) {
                            outcomes[k].push((*t, *s, o));
                        }
                    }
                }
            }
        }
        Exec::PerInput => {
            let all: Vec<usize> = (0..programs).collect();
            per_input(
                battery,
                &samples,
                mode,
                &want,
                &all,
                &mut outcomes,
                progress,
            );
        }
        Exec::Device => whole_on_device(
            battery,
            &samples,
            mode,
            &want,
            backend,
            &mut outcomes,
            progress,
        ),
    }
    progress.finish();
    if threads_trace_on() {
        eprintln!(
            "threads trace: the run took {:.2} ms",
            start.elapsed().as_secs_f64() * 1e3
        );
    }
    RunResults {
        names: (0..programs).map(|k| battery.name(k).to_owned()).collect(),
        task_ids: (0..programs)
            .map(|k| battery.task_id(k).to_owned())
            .collect(),
        tasks,
        outcomes,
        wall: start.elapsed(),
    }
}

/// Programs `list` of the battery, each alone on each input it runs
/// (per-input execution), their outcomes into their lists of `outcomes`.
fn per_input(
    battery: &dyn Battery,
    samples: &[Sample],
    mode: Mode,
    want: &(dyn Fn(usize, usize) -> bool + Sync),
    list: &[usize],
    outcomes: &mut [Vec<Entry>],
    progress: &Progress,
) {
    let programs = outcomes.len();
    // The samples program k runs (indices into `samples`), and how many.
    let runs = |k: usize| {
        samples
            .iter()
            .enumerate()
            .filter(move |(_, (t, _, _))| want(k, *t))
            .map(|(i, _)| i)
    };
    let mut lens = vec![0usize; programs];
    for &k in list {
        lens[k] = match mode {
            Mode::Cross => samples.len(),
            Mode::Own => runs(k).count(),
        };
    }
    let total: usize = lens.iter().sum();
    progress.set_total(total);
    // `BATTGEN_QUEUE_ALWAYS`: the threads' path on one thread too, to
    // measure what it costs against the one-thread loop below.
    let queue_always = std::env::var_os("BATTGEN_QUEUE_ALWAYS").is_some();
    if rayon::current_num_threads() == 1 && !queue_always {
        // One thread: each outcome goes straight to its program's list (no
        // work list, no results to move afterwards), the progress counted
        // every 64 evaluations.
        const STEP: usize = 64;
        let mut uncounted = 0;
        for &k in list {
            let out = &mut outcomes[k];
            out.reserve_exact(lens[k]);
            let program = battery.runner(k);
            // Cross mode runs every sample: no call of `want` per sample
            // (a cheap program's evaluation is a few hundred instructions).
            let cross = mode == Mode::Cross;
            for (t, s, input) in samples.iter().filter(|(t, _, _)| cross || want(k, *t)) {
                out.push((*t, *s, Outcome::from_result(program.run(input))));
                uncounted += 1;
                if uncounted == STEP {
                    progress.inc(STEP);
                    uncounted = 0;
                }
            }
        }
        progress.inc(uncounted);
        return;
    }
    // The jobs, (program, sample), program by program. Cross mode runs
    // every pair: job `w` is the program at `w / n` of the list on sample
    // `w % n`, computed rather than read from a list (a list read in the
    // inputs-first order below missed the cache on every job).
    let n = samples.len();
    let m = list.len();
    let work: Vec<(usize, usize)> = match mode {
        Mode::Cross => Vec::new(),
        Mode::Own => list
            .iter()
            .flat_map(|&k| runs(k).map(move |i| (k, i)))
            .collect(),
    };
    let job = |w: usize| match mode {
        Mode::Cross => (list[w / n], w % n),
        Mode::Own => work[w],
    };
    // Cross mode's order, in two phases. First every program on each of
    // the HEAD largest inputs, input by input, each job timed; then the
    // rest program by program, the programs that took longest on those
    // inputs first, each program's inputs largest first.
    // - Program by program: every program on one input and then the next
    //   (the order of the first phase) switches programs every second job,
    //   and a battery of 373 programs' code does not stay in the caches:
    //   its jobs took 1.3x as long on one thread as program by program,
    //   and 16 threads lost 5-15% to it (H200 host, 2026-11-29).
    // - The costliest first: the long evaluations must start early, so
    //   that the last to finish are short. Taken program by program in the
    //   list's order (in bands of 128 inputs), one costly program's
    //   evaluations of seconds started late and ended a run of the 399
    //   public solvers 3.9 s after most threads (5.6 s against 3.0-3.6 s).
    // The order is computed, not listed (sorting the 250,000 jobs
    // themselves was serial work of a tenth of a 16-thread run; listing
    // them, of 2%).
    const HEAD: usize = 96;
    let (inputs, order) = match mode {
        Mode::Cross => (largest_inputs_first(n, |i| cells(samples[i].2)), Vec::new()),
        Mode::Own => (
            Vec::new(),
            largest_inputs_first(work.len(), |w| cells(samples[work[w].1].2)),
        ),
    };
    let head = HEAD.min(n);
    let mut in_head = vec![false; if mode == Mode::Cross { n } else { 0 }];
    for &i in inputs.iter().take(head) {
        in_head[i] = true;
    }
    // Nanoseconds each program (by its place in `list`) took on the head.
    let head_ns: Vec<AtomicU64> = (0..m).map(|_| AtomicU64::new(0)).collect();
    let costliest_first: OnceLock<Vec<usize>> = OnceLock::new();
    let job_at = |p: usize| match mode {
        Mode::Cross if p < m * head => (p % m) * n + inputs[p / m],
        Mode::Cross => {
            // Made by the first thread past the head, from the times of
            // the head's jobs that have ended (nearly all).
            let by_cost = costliest_first.get_or_init(|| {
                let mut at: Vec<usize> = (0..m).collect();
                at.sort_by_key(|&x| std::cmp::Reverse(head_ns[x].load(Ordering::Relaxed)));
                at
            });
            let (q, rest) = (p - m * head, n - head);
            by_cost[q / rest] * n + inputs[head + q % rest]
        }
        Mode::Own => order[p],
    };
    let runners: Vec<Option<Runner>> = (0..programs)
        .map(|k| (lens[k] > 0).then(|| battery.runner(k)))
        .collect();
    // Jobs are numbered program by program (in list order), so a job's
    // place in its program's list is its number less the program's first
    // job's; each outcome goes there from the thread that ran it.
    let mut first = vec![0usize; programs];
    let mut next = 0;
    for &k in list {
        first[k] = next;
        next += lens[k];
    }
    let places = Placed::new(outcomes, &lens);
    // Small chunks: 16 evaluations of one program on the big inputs of
    // neighbouring tasks made a tail that kept per-input runs at 52%
    // parallel efficiency on the 16-core host; chunks of up to 64 (256 per
    // thread) made the same tail with `solvers.py`, whose one costly
    // program is 90% of the work (80-90 s instead of 78 s, H100 host). And
    // the evaluations on the largest inputs go first, so that the last to
    // finish are short.
    // Each thread runs on its own copies of the input grids. In the head
    // all threads work on one input at a time (then on neighbouring inputs
    // of one program), and a shared grid's reference count (which programs
    // count up and down as they pass the input on) sat on the line of its
    // first cells.
    let shared = std::env::var_os("BATTGEN_SHARED_INPUTS").is_some();
    let own_inputs = || -> Vec<Value> {
        if shared {
            return Vec::new();
        }
        samples
            .iter()
            .map(|(_, _, v)| match v {
                Value::Grid(g) => Value::Grid(g.copied()),
                v => (*v).clone(),
            })
            .collect()
    };
    let promotions = HeadPromotions::new(if mode == Mode::Cross { m } else { 0 }, head);
    // `BATTGEN_THREADS_TRACE`: the jobs over 10 ms (start and length from
    // the call, program, sample, place), to tell which end a run's tail.
    let traced = threads_trace_on();
    let called = Instant::now();
    let long_jobs = std::sync::Mutex::new(Vec::new());
    let put = in_order_each_with(
        total,
        |p| p,
        2,
        Some(progress),
        own_inputs,
        |own, p, queue| {
            if !promotions.claim(p) {
                return None;
            }
            let w = job_at(p);
            let (k, i) = job(w);
            let (t, s, input) = &samples[i];
            let input = own.get(i).unwrap_or(input);
            let runner = runners[k].as_ref().expect("a runner of a listed program");
            let head_job = in_head.get(i) == Some(&true);
            let started = (traced || head_job).then(Instant::now);
            let o = Outcome::from_result(runner.run(input));
            if let Some(started) = started {
                let took = started.elapsed();
                if head_job {
                    head_ns[w / n].fetch_add(took.as_nanos() as u64, Ordering::Relaxed);
                    promotions.after(p, took, queue);
                }
                if traced && took > Duration::from_millis(10) {
                    let at = started - called;
                    if let Ok(mut long) = long_jobs.lock() {
                        long.push((at, took, k, i, p));
                    }
                }
            }
            // SAFETY: job w is run once (its place's claim), and it is the only
            // job of program k at place w - first[k].
            unsafe { places.put(k, w - first[k], (*t, *s, o)) };
            Some(1)
        },
    );
    places.finish(outcomes, put);
    let mut long = long_jobs.into_inner().unwrap_or_else(|e| e.into_inner());
    if !long.is_empty() {
        long.sort_by_key(|&(at, took, ..)| std::cmp::Reverse(at + took));
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        let last: Vec<String> = long
            .iter()
            .take(12)
            .map(|&(at, took, k, i, p)| {
                format!(
                    "{} sample {i} (place {p}{}) {:.0}+{:.0}",
                    battery.name(k),
                    if mode == Mode::Cross && p < m * head {
                        ", head"
                    } else {
                        ""
                    },
                    ms(at),
                    ms(took)
                )
            })
            .collect();
        eprintln!(
            "threads trace: {} jobs over 10 ms ({:.0} ms in all); those that ended last, started+took ms: [{}]",
            long.len(),
            ms(long.iter().map(|j| j.1).sum()),
            last.join(", ")
        );
    }
}

/// Cross mode's head (every program on the largest inputs, input by
/// input, places `0..programs * head`): a program whose head job ran past
/// [`HeadPromotions::AFTER`] has its later head jobs run next, all threads
/// taking them, largest input first. Its evaluations on the other large
/// inputs would otherwise wait for every other program's turn on each
/// input, and the last of them end the run: `solve_d22278a0`'s evaluations
/// of a second on the largest inputs, taken input by input among 399
/// programs, kept a few threads busy long after the others were out of
/// jobs. Longest first keeps such a tail short: 712 -> 464 ms, training
/// 2.07 -> 1.92 s on 16 threads (one H200 host, BENCHMARKS.md).
struct HeadPromotions {
    programs: usize,
    head: usize,
    /// Per program (place in the list): whether its later head jobs were
    /// given to the queue.
    promoted: Vec<AtomicBool>,
    /// Per head place: whether its job was taken. A promoted job comes
    /// twice, from the queue's given places and at its own place.
    claimed: Vec<AtomicBool>,
}

impl HeadPromotions {
    /// A head job longer than this promotes its program: far above a
    /// typical evaluation (microseconds), so that only the few programs
    /// that make a run's tail are moved.
    const AFTER: Duration = Duration::from_millis(5);

    fn new(programs: usize, head: usize) -> HeadPromotions {
        let flags = |n: usize| (0..n).map(|_| AtomicBool::new(false)).collect();
        HeadPromotions {
            programs,
            head,
            promoted: flags(programs),
            claimed: flags(programs * head),
        }
    }

    /// Whether the job at place `p` is to run now (false: it ran).
    fn claim(&self, p: usize) -> bool {
        self.claimed
            .get(p)
            .is_none_or(|c| !c.swap(true, Ordering::Relaxed))
    }

    /// After the head job at place `p` took `took`: where it ran long, its
    /// program's later head places go to the front of `queue` (once).
    fn after(&self, p: usize, took: Duration, queue: &JobQueue) {
        if took <= Self::AFTER || p >= self.claimed.len() {
            return;
        }
        let (program, m) = (p % self.programs, self.programs);
        if self.promoted[program].swap(true, Ordering::Relaxed) {
            return;
        }
        let later = (p / m + 1..self.head).map(|r| r * m + program);
        queue.spill(later.filter(|&q| !self.claimed[q].load(Ordering::Relaxed)));
    }
}

/// `--exec device`: the programs with device code (`whole.rs`) run whole on
/// the GPUs, every input at once, while the CPU threads run the others per
/// input; the evaluations the device left (its rare cases) run on the CPU
/// threads as each module's results arrive. Without a device, or in own
/// mode, this is per-input execution.
fn whole_on_device(
    battery: &dyn Battery,
    samples: &[Sample],
    mode: Mode,
    want: &(dyn Fn(usize, usize) -> bool + Sync),
    backend: &dyn Backend,
    outcomes: &mut [Vec<Entry>],
    progress: &Progress,
) {
    let programs = outcomes.len();
    let all: Vec<usize> = (0..programs).collect();
    let made = Instant::now();
    let code = match (mode, battery.whole_code()) {
        (Mode::Cross, Some(code)) => code,
        _ => std::borrow::Cow::Owned(WholeCode::default()),
    };
    if crate::backends::cuda::launch::trace_on() {
        eprintln!(
            "gpu trace: device code of {} programs made in {} us",
            code.programs.len(),
            made.elapsed().as_micros()
        );
    }
    let counters = &backend.telemetry().whole;
    counters
        .programs
        .store(code.programs.len() as u64, Ordering::Relaxed);
    counters
        .of_programs
        .store(programs as u64, Ordering::Relaxed);
    let grids: Option<Vec<&Grid>> = samples
        .iter()
        .map(|(_, _, v)| match v {
            Value::Grid(g) => Some(g),
            _ => None,
        })
        .collect();
    let (Some(grids), false) = (grids, code.programs.is_empty()) else {
        return per_input(battery, samples, mode, want, &all, outcomes, progress);
    };
    let mut on_device = vec![false; programs];
    for &k in &code.programs {
        on_device[k] = true;
    }
    let on_cpu: Vec<usize> = (0..programs).filter(|&k| !on_device[k]).collect();
    let n = samples.len();
    let run = device_programs(battery, &code, &grids, samples, backend, || {
        crew::barred(|| per_input(battery, samples, mode, want, &on_cpu, outcomes, progress))
    });
    counters
        .device_nanos
        .store(run.device.as_nanos() as u64, Ordering::Relaxed);
    counters
        .on_device
        .store(run.given as u64, Ordering::Relaxed);
    counters.raised.store(run.raised as u64, Ordering::Relaxed);
    counters
        .second_pass
        .store(run.second as u64, Ordering::Relaxed);
    counters
        .deopts
        .store((run.outcomes.len() - run.given) as u64, Ordering::Relaxed);
    counters
        .told_early
        .store(run.early as u64, Ordering::Relaxed);
    let mut decided = run.outcomes.into_iter();
    for &k in &code.programs {
        let list = &mut outcomes[k];
        list.reserve_exact(n);
        for (t, s, _) in samples {
            let o = decided.next().unwrap_or(Outcome::Error("internal"));
            list.push((*t, *s, o));
        }
    }
    progress.inc(code.programs.len() * n);
}

/// The outcomes of the programs with device code (`code`), program-major
/// over `samples`, and what the device decided of them.
struct DeviceRun {
    outcomes: Vec<Outcome>,
    /// Evaluations the device decided (an output or a raise), and how many
    /// of those raise.
    given: usize,
    raised: usize,
    /// Of those given, how many the device's second pass gave.
    second: usize,
    /// Evaluations the device left beyond its limits that the CPU took
    /// as soon as the device told them, before their module's results.
    early: usize,
    /// From the start until the device's last results were on the host.
    device: Duration,
    /// Whether the device ran them all (else the CPU ran what it did not
    /// return).
    served: bool,
}

/// The outcomes of device programs as [`device_programs`] fills them in.
struct Decoding<'a> {
    /// Each evaluation's outcome (program-major over `samples`), and
    /// whether the device gave it.
    slots: &'a [OnceLock<(Outcome, bool)>],
    battery: &'a dyn Battery,
    /// The plan's index of each program of the device's order.
    programs: &'a [usize],
    samples: &'a [Sample<'a>],
    /// Each evaluation's time on the device, in nanoseconds (its warp's),
    /// where a profile is asked for (`BATTGEN_WHOLE_PROFILE`); else empty.
    device_ns: &'a [AtomicU32],
    /// Nanoseconds the CPU threads spent decoding pieces and rerunning
    /// what the device left, counted where the GPU trace is on (`timed`).
    timed: bool,
    decoding_ns: AtomicU64,
    rerun_ns: AtomicU64,
    /// Evaluations the device left at its first pass's deadline and may
    /// give in its second: the CPU takes them when it has nothing else to
    /// do ([`Decoding::take_deferred`]).
    /// The list, and whether it is in order (smallest inputs last) since
    /// the last arrivals.
    deferred: std::sync::Mutex<(Vec<usize>, bool)>,
    /// Deferred evaluations the CPU has taken, by an idle thread or as
    /// left by the second pass, whichever came first: the other way then
    /// skips them. (Both ran them: one evaluation of `solve_feca6190`, 11-16
    /// ms on one thread, ran twice at the end of a two-GPU run, the second
    /// run starting just before the first one ended.)
    taken: std::sync::Mutex<std::collections::HashSet<usize>>,
    /// Tasks spawned and not ended.
    busy: AtomicUsize,
    /// Evaluations the second pass gave (the CPU had not decided them).
    second_given: AtomicUsize,
    /// Evaluations taken from the device's early word ([`WholePiece::early`]).
    early_taken: AtomicUsize,
    /// With the trace: the run's start, and each rerun of over 0.5 ms as
    /// (start and length in us, evaluation, why the CPU ran it: left by
    /// the first or the second pass, deferred, or after the device), for
    /// finding what the run's last outcomes wait for.
    start: Instant,
    long_reruns: std::sync::Mutex<Vec<(u64, u64, usize, &'static str)>>,
    /// With the trace: every task's start and end in us, for the CPU
    /// threads' busy profile over the run ([`Decoding::trace_busy`]).
    spans: std::sync::Mutex<Vec<(u32, u32)>>,
}

impl<'a> Decoding<'a> {
    /// Evaluation `t` on the CPU (`why` it is: for the trace).
    fn rerun(&self, t: usize, why: &'static str) -> Outcome {
        let n = self.samples.len();
        let start = self.timed.then(Instant::now);
        let o = Outcome::from_result(
            self.battery
                .runner(self.programs[t / n])
                .run(self.samples[t % n].2),
        );
        if let Some(start) = start {
            let took = start.elapsed();
            self.rerun_ns
                .fetch_add(took.as_nanos() as u64, Ordering::Relaxed);
            if took > Duration::from_micros(500) {
                if let Ok(mut long) = self.long_reruns.lock() {
                    let at = start.duration_since(self.start).as_micros() as u64;
                    long.push((at, took.as_micros() as u64, t, why));
                }
            }
        }
        o
    }

    /// The trace's line of the reruns that ended last.
    fn trace_last_reruns(&self) {
        let Ok(mut long) = self.long_reruns.lock() else {
            return;
        };
        long.sort_by_key(|&(at, took, _, _)| std::cmp::Reverse(at + took));
        let n = self.samples.len();
        let list: Vec<String> = long
            .iter()
            .take(12)
            .map(|&(at, took, t, why)| {
                format!(
                    "{} input {} ({why}) {at}+{took}",
                    self.battery.name(self.programs[t / n]),
                    t % n
                )
            })
            .collect();
        eprintln!(
            "gpu trace: whole programs' reruns of over 0.5 ms: {} ({} ms in all); those that ended last, started+took us: [{}]",
            long.len(),
            long.iter().map(|r| r.1).sum::<u64>() / 1000,
            list.join(", ")
        );
    }

    /// The trace's line of the CPU threads' tasks over the run: how many
    /// threads were busy on average in each 4 ms, and when the last ended.
    fn trace_busy(&self) {
        const STEP: u32 = 4000;
        let Ok(spans) = self.spans.lock() else {
            return;
        };
        let end = spans.iter().map(|s| s.1).max().unwrap_or(0);
        let mut busy = vec![0u64; (end / STEP + 1) as usize];
        for &(a, b) in spans.iter() {
            for (k, slot) in busy.iter_mut().enumerate() {
                let (lo, hi) = (k as u32 * STEP, (k as u32 + 1) * STEP);
                *slot += u64::from(b.min(hi).saturating_sub(a.max(lo)));
            }
        }
        let list: Vec<String> = busy
            .iter()
            .map(|&b| format!("{:.1}", b as f64 / f64::from(STEP)))
            .collect();
        eprintln!(
            "gpu trace: whole programs' CPU tasks: {} (the last ended at {end} us); threads busy on average in each {} ms: [{}]",
            spans.len(),
            STEP / 1000,
            list.join(", ")
        );
    }

    /// Whether the CPU still waits for any result of `piece`.
    fn wanted(&self, piece: &WholePiece) -> bool {
        let n = self.samples.len();
        (0..piece.results()).any(|r| {
            let (p, i) = piece.at(piece.place_of(r));
            self.slots[p * n + i].get().is_none()
        })
    }

    /// Spawns `job`, counted in `busy` until it ends.
    fn spawn(&'a self, scope: &rayon::Scope<'a>, job: impl FnOnce(&rayon::Scope<'a>) + Send + 'a) {
        self.busy.fetch_add(1, Ordering::AcqRel);
        scope.spawn(move |scope| {
            let from = self.timed.then(|| self.start.elapsed().as_micros() as u32);
            job(scope);
            if let Some(from) = from {
                let to = self.start.elapsed().as_micros() as u32;
                if let Ok(mut spans) = self.spans.lock() {
                    spans.push((from, to));
                }
            }
            self.busy.fetch_sub(1, Ordering::AcqRel);
        });
    }

    /// Evaluations `ts` rerun on the CPU, a task each, those on the
    /// largest inputs first (the costly ones).
    fn rerun_all(&'a self, scope: &rayon::Scope<'a>, ts: Vec<usize>, why: &'static str) {
        let n = self.samples.len();
        for k in largest_inputs_first(ts.len(), |k| cells(self.samples[ts[k] % n].2)) {
            let t = ts[k];
            self.spawn(scope, move |_| {
                let _ = self.slots[t].set((self.rerun(t, why), false));
            });
        }
    }

    /// Those of the deferred evaluations `ts` that the CPU has not taken
    /// ([`Decoding::taken`]), taken now.
    fn unclaimed(&self, ts: Vec<usize>) -> Vec<usize> {
        match self.taken.lock() {
            Ok(mut taken) => ts.into_iter().filter(|&t| taken.insert(t)).collect(),
            Err(_) => ts,
        }
    }

    /// Deferred evaluations ([`Decoding::deferred`]) as tasks, as many as
    /// threads are idle, those on the smallest inputs first (the second
    /// pass takes the largest first), each run unless the device has given
    /// it by then. Called when this thread finds no task: a second pass
    /// may be slower than the CPU that has nothing else to do, and the
    /// device's run ends without waiting for a second pass whose
    /// evaluations the CPU has decided. Whether it took any.
    fn take_deferred(&'a self, scope: &rayon::Scope<'a>) -> bool {
        let idle = rayon::current_num_threads().saturating_sub(self.busy.load(Ordering::Acquire));
        if idle == 0 {
            return false;
        }
        let n = self.samples.len();
        let taken = match self.deferred.lock() {
            Ok(mut d) if !d.0.is_empty() => {
                let (list, sorted) = &mut *d;
                if !*sorted {
                    // Taken from the end: the smallest inputs first, or
                    // with `BATTGEN_WHOLE_DEFERRED=largest` the largest.
                    if deferred_largest_first() {
                        list.sort_by_cached_key(|&t| cells(self.samples[t % n].2));
                    } else {
                        list.sort_by_cached_key(|&t| {
                            std::cmp::Reverse(cells(self.samples[t % n].2))
                        });
                    }
                    *sorted = true;
                }
                let from = list.len().saturating_sub(idle);
                list.split_off(from)
            }
            _ => return false,
        };
        let taken = self.unclaimed(taken);
        for t in taken {
            self.spawn(scope, move |_| {
                if self.slots[t].get().is_none() {
                    let _ = self.slots[t].set((self.rerun(t, "deferred"), false));
                }
            });
        }
        true
    }

    /// A piece of the device's results: tasks of [`DECODE_CHUNK`]
    /// evaluations, each spawning a task per evaluation the device left,
    /// those on the largest inputs first (the costly ones: objects beyond
    /// the device's limits, large outputs). Those it left at the deadline
    /// are deferred where the device's second pass takes them again.
    fn piece(&'a self, scope: &rayon::Scope<'a>, piece: WholePiece) {
        let n = self.samples.len();
        if piece.early {
            // Told while the module's kernel runs: rerun now, unless taken
            // already (the module's piece leaves them again, and skips those
            // taken here).
            let told: Vec<usize> = (0..piece.results())
                .map(|r| {
                    let (p, i) = piece.at(piece.place_of(r));
                    p * n + i
                })
                .collect();
            let told = self.unclaimed(told);
            self.early_taken.fetch_add(told.len(), Ordering::Relaxed);
            self.rerun_all(scope, told, "left, told early");
            return;
        }
        let piece = Arc::new(piece);
        for from in (0..piece.results()).step_by(DECODE_CHUNK) {
            let piece = piece.clone();
            self.spawn(scope, move |scope| {
                let start = self.timed.then(Instant::now);
                let (mut left, mut deferred) = (Vec::new(), Vec::new());
                for r in from..(from + DECODE_CHUNK).min(piece.results()) {
                    let (p, i) = piece.at(piece.place_of(r));
                    let t = p * n + i;
                    if let Some(ns) = self.device_ns.get(t) {
                        ns.store(piece.nanos(p, i), Ordering::Relaxed);
                    }
                    let o = match piece.get(p, i) {
                        Some(given) => (Outcome::from_given(given), true),
                        None if piece.second_pass && piece.overtime(p, i) => {
                            deferred.push(t);
                            continue;
                        }
                        None => {
                            left.push(t);
                            continue;
                        }
                    };
                    if self.slots[t].set(o).is_ok() && piece.only.is_some() {
                        self.second_given.fetch_add(1, Ordering::Relaxed);
                    }
                }
                if let Some(start) = start {
                    self.decoding_ns
                        .fetch_add(start.elapsed().as_nanos() as u64, Ordering::Relaxed);
                }
                if !deferred.is_empty() {
                    if let Ok(mut d) = self.deferred.lock() {
                        d.0.extend(deferred);
                        d.1 = false;
                    }
                }
                // Deferred evaluations, which an idle thread may have
                // taken already, or evaluations told early.
                left = self.unclaimed(left);
                let why = match piece.only {
                    Some(_) => "left by the second pass",
                    None => "left",
                };
                self.rerun_all(scope, left, why);
            });
        }
    }
}

/// Whether idle CPU threads take the deferred evaluations on the largest
/// inputs first (`BATTGEN_WHOLE_DEFERRED=largest`, for A/B).
fn deferred_largest_first() -> bool {
    static LARGEST: OnceLock<bool> = OnceLock::new();
    *LARGEST.get_or_init(|| std::env::var("BATTGEN_WHOLE_DEFERRED").is_ok_and(|v| v == "largest"))
}

/// Evaluations a task of [`device_programs`] decodes.
const DECODE_CHUNK: usize = 2048;

/// The programs of `code` on every input: on the device (a thread of its
/// own) while `meanwhile` runs on this one (the other programs, on the CPU
/// threads). Each piece of results the device hands over is decoded, and
/// the evaluations it left (its rare cases) rerun, by tasks on the CPU
/// threads as soon as it arrives, while the later modules still run on the
/// device (after all of them, the reruns took as long as the device's run,
/// 37 against 38 ms for the 205 device-code solvers on one H200). What the
/// device did not hand over (it failed, or has none) runs on the CPU.
fn device_programs(
    battery: &dyn Battery,
    code: &WholeCode,
    grids: &[&Grid],
    samples: &[Sample],
    backend: &dyn Backend,
    meanwhile: impl FnOnce(),
) -> DeviceRun {
    use rayon::prelude::*;
    let n = samples.len();
    let total = code.programs.len() * n;
    let start = Instant::now();
    let slots: Vec<OnceLock<(Outcome, bool)>> = (0..total).map(|_| OnceLock::new()).collect();
    let profile = std::env::var_os("BATTGEN_WHOLE_PROFILE");
    let profiled = if profile.is_some() { total } else { 0 };
    let device_ns: Vec<AtomicU32> = (0..profiled).map(|_| AtomicU32::new(0)).collect();
    let timed = crate::backends::cuda::launch::trace_on();
    let work = Decoding {
        slots: &slots,
        battery,
        programs: &code.programs,
        samples,
        device_ns: &device_ns,
        timed,
        decoding_ns: AtomicU64::new(0),
        rerun_ns: AtomicU64::new(0),
        deferred: std::sync::Mutex::new((Vec::new(), true)),
        taken: std::sync::Mutex::new(std::collections::HashSet::new()),
        busy: AtomicUsize::new(0),
        second_given: AtomicUsize::new(0),
        early_taken: AtomicUsize::new(0),
        start,
        long_reruns: std::sync::Mutex::new(Vec::new()),
        spans: std::sync::Mutex::new(Vec::new()),
    };
    let work = &work;
    let mut device = Duration::ZERO;
    let result = rayon::in_place_scope(|scope| {
        std::thread::scope(|s| {
            let handle = s.spawn(|| {
                let r =
                    backend.run_whole(code, grids, &|piece| work.piece(scope, piece), &|piece| {
                        work.wanted(piece)
                    });
                (r, start.elapsed())
            });
            meanwhile();
            // This thread works off the pieces' tasks while the device
            // runs; when there are none, the CPU takes the evaluations
            // deferred to the device's second pass.
            while !handle.is_finished() {
                if rayon::yield_now() != Some(rayon::Yield::Executed) && !work.take_deferred(scope)
                {
                    std::thread::sleep(Duration::from_micros(50));
                }
            }
            let (r, took) = handle.join().unwrap_or((
                Some(Err("the device thread panicked".to_owned())),
                start.elapsed(),
            ));
            device = took;
            r
        })
    });
    let scope_at = start.elapsed();
    if let Some(Err(e)) = &result {
        eprintln!("gpu: whole programs failed ({e}); what they did not return runs on the CPU");
    }
    // What no piece brought, on the CPU. The scans of the slots here and
    // below are parallel: one thread took 10 ms over the 640,814 slots of
    // 373 programs, a tenth of a two-GPU run, the other threads idle.
    let missing: Vec<usize> = (0..total)
        .into_par_iter()
        .filter(|&t| slots[t].get().is_none())
        .collect();
    let order = largest_inputs_first(missing.len(), |k| cells(samples[missing[k] % n].2));
    let redone = in_order_given(
        missing.len(),
        |p| order[p],
        1,
        None,
        |k| work.rerun(missing[k], "after the device"),
    );
    for (&t, o) in missing.iter().zip(redone) {
        let _ = slots[t].set((o, false));
    }
    let cpu_side = (
        work.decoding_ns.load(Ordering::Relaxed) / 1000,
        work.rerun_ns.load(Ordering::Relaxed) / 1000,
    );
    let redone_at = start.elapsed();
    if timed {
        work.trace_last_reruns();
        work.trace_busy();
    }
    if let Some(path) = profile {
        if let Err(e) = write_whole_profile(&path, work, &slots) {
            eprintln!("warning: the device profile was not written: {e}");
        }
    }
    let second = work.second_given.load(Ordering::Relaxed);
    let early = work.early_taken.load(Ordering::Relaxed);
    let (given, raised) = slots
        .par_iter()
        .map(|d| match d.get() {
            Some((o, true)) => (1, matches!(o, Outcome::Error(_)) as usize),
            _ => (0, 0),
        })
        .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    let outcomes: Vec<Outcome> = slots
        .into_par_iter()
        .map(|d| {
            d.into_inner()
                .map_or(Outcome::Error("internal"), |(o, _)| o)
        })
        .collect();
    if timed {
        eprintln!(
            "gpu trace: whole programs' outcomes: {given} given by the device, {} evaluations left to the CPU; device done at {} us, the CPU's tasks at {} us, what no piece brought at {} us, all at {} us; CPU threads' time decoding {} us, rerunning {} us",
            total - given,
            device.as_micros(),
            scope_at.as_micros(),
            redone_at.as_micros(),
            start.elapsed().as_micros(),
            cpu_side.0,
            cpu_side.1,
        );
    }
    DeviceRun {
        outcomes,
        given,
        raised,
        second,
        early,
        device,
        served: matches!(result, Some(Ok(()))),
    }
}

/// `BATTGEN_WHOLE_PROFILE=FILE` (for measuring): every device evaluation
/// as a line of `program input outcome device_ns cpu_ns`, the outcome
/// `given`, `raised` or `left` (to the CPU), the device's time the warp's
/// and the CPU's that of the evaluation run again alone on one thread
/// (every one, after the run: the profile costs a CPU run of the device
/// programs). What each program costs where is the ground for choosing
/// where it runs.
fn write_whole_profile(
    path: &std::ffi::OsStr,
    work: &Decoding<'_>,
    slots: &[OnceLock<(Outcome, bool)>],
) -> std::io::Result<()> {
    use rayon::prelude::*;
    use std::io::Write;
    let n = work.samples.len();
    let cpu_ns: Vec<u64> = (0..slots.len())
        .into_par_iter()
        .map(|t| {
            let start = Instant::now();
            let _ = work.rerun(t, "profile");
            start.elapsed().as_nanos() as u64
        })
        .collect();
    let mut f = std::io::BufWriter::new(std::fs::File::create(path)?);
    writeln!(f, "program\tinput\toutcome\tdevice_ns\tcpu_ns")?;
    for (t, slot) in slots.iter().enumerate() {
        let outcome = match slot.get() {
            Some((Outcome::Error(_), true)) => "raised",
            Some((_, true)) => "given",
            _ => "left",
        };
        writeln!(
            f,
            "{}\t{}\t{outcome}\t{}\t{}",
            work.battery.name(work.programs[t / n]),
            t % n,
            work.device_ns[t].load(Ordering::Relaxed),
            cpu_ns[t]
        )?;
    }
    f.flush()
}

/// Indices `0..n`, those whose input grid has the most cells first
/// (ties in their order): the longest jobs first, as a scheduler that does
/// not know their costs can best guess them (the cost of an evaluation
/// grows with its input, and the costliest ones, run last, made the tail
/// of parallel runs).
pub(crate) fn largest_inputs_first(n: usize, input: impl Fn(usize) -> usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    // Each key once (a per-input run sorts ~250,000 jobs before any runs,
    // and a key per comparison was serial work on every run's clock).
    order.sort_by_cached_key(|&k| std::cmp::Reverse(input(k)));
    order
}

/// The cells of an input grid.
fn cells(v: &Value) -> usize {
    match v {
        Value::Grid(g) => g.height() * g.width(),
        _ => 0,
    }
}

/// One outcome of a run: (task, sample, outcome).
type Entry = (usize, usize, Outcome);

/// Per-program outcome lists that the threads of a parallel run fill in
/// place, each place once: the outcomes land where they are read, with no
/// serial pass to gather them (moving 250,000 outcomes from job order into
/// per-program lists after the jobs was serial work of several percent of
/// a 16-thread per-input run of the bundled corpus, 0.11 s).
struct Placed {
    /// Each list's buffer (reserved for its length) and that length.
    lists: Vec<(*mut Entry, usize)>,
}

// SAFETY: `Placed` hands out only writes to distinct places (the callers
// of `put` promise it), of values that are `Send`.
unsafe impl Sync for Placed {}

impl Placed {
    /// Room for `lens[k]` outcomes in the (empty) list of program k.
    fn new(outcomes: &mut [Vec<Entry>], lens: &[usize]) -> Placed {
        let lists = outcomes
            .iter_mut()
            .zip(lens)
            .map(|(list, &len)| {
                assert!(list.is_empty());
                list.reserve_exact(len);
                (list.as_mut_ptr(), len)
            })
            .collect();
        Placed { lists }
    }
    /// Write place `p` of program `k`'s list.
    ///
    /// # Safety
    /// Each place is written at most once, and only while the lists are
    /// not otherwise used (between `new` and `finish`).
    unsafe fn put(&self, k: usize, p: usize, outcome: Entry) {
        let (list, len) = self.lists[k];
        assert!(p < len);
        // SAFETY: inside the reserved buffer, and no one else writes or
        // reads this place (the caller's promise).
        unsafe { list.add(p).write(outcome) };
    }
    /// The lists at their full lengths, once `put` places were written:
    /// every place (else this panics, and what was written is leaked, not
    /// read).
    fn finish(self, outcomes: &mut [Vec<Entry>], put: usize) {
        let total: usize = self.lists.iter().map(|&(_, len)| len).sum();
        assert_eq!(
            put, total,
            "every place of the outcome lists is written once"
        );
        for (list, &(_, len)) in outcomes.iter_mut().zip(&self.lists) {
            // SAFETY: its `len` places were written (each at most once,
            // all `total` of them), and the buffer was reserved for them.
            unsafe { list.set_len(len) };
        }
    }
}

/// `f` of every job of an order (`order(p)`, the job at place `p < len`),
/// on every thread of the current pool, as [`in_order_given`] runs them,
/// for what `f` does rather than what it returns; the sum of what it
/// returns.
fn in_order_each(
    len: usize,
    order: impl Fn(usize) -> usize + Sync,
    chunk: usize,
    progress: Option<&Progress>,
    f: impl Fn(usize) -> usize + Sync,
) -> usize {
    in_order_each_with(len, order, chunk, progress, || (), |_, k, _| Some(f(k)))
}

/// [`in_order_each`] with a state of each thread's own, made by `init` on
/// the thread before its first job, and the queue, to which a job may give
/// places to run next ([`JobQueue::spill`]). A place given so may come
/// twice: `f` answers `None` where it finds the job done already.
fn in_order_each_with<S>(
    len: usize,
    order: impl Fn(usize) -> usize + Sync,
    chunk: usize,
    progress: Option<&Progress>,
    init: impl Fn() -> S + Sync,
    f: impl Fn(&S, usize, &JobQueue) -> Option<usize> + Sync,
) -> usize {
    let queue = JobQueue::new();
    // `BATTGEN_THREADS_TRACE`: when each thread started and ran out of
    // jobs, to tell a tail (threads that end early and wait) from jobs that
    // run slower on many threads than on one (issue 10's efficiency).
    let traced = threads_trace_on();
    let called = Instant::now();
    // Threads out of jobs help with the long evaluations still running
    // (`crew`); `BATTGEN_NO_HELP=1` turns that off, to measure it.
    let crew =
        (!no_help() && crew::allowed()).then(|| crew::Crew::new(rayon::current_num_threads()));
    let spans: Vec<(usize, (Duration, Duration, usize))> = rayon::broadcast(|_| {
        let start = called.elapsed();
        let state = init();
        let mut sum = 0;
        let mut jobs = 0;
        // A thread's span ends when it is out of jobs, helping aside.
        let mut jobs_out = || {
            take_in_order(&queue, len, chunk, progress, |p| {
                let Some(done) = f(&state, order(p), &queue) else {
                    return false;
                };
                sum += done;
                jobs += 1;
                true
            });
            called.elapsed()
        };
        let end = match &crew {
            Some(crew) => crew.take_part(jobs_out),
            None => jobs_out(),
        };
        (sum, (start, end, jobs))
    });
    if traced {
        print_thread_spans(&spans.iter().map(|(_, s)| *s).collect::<Vec<_>>());
        if let Some(crew) = &crew {
            let (elements, busy) = crew.helped();
            eprintln!(
                "threads trace: helpers ran {elements} loop elements in {:.1} ms; the run ended at {:.2} ms",
                busy.as_secs_f64() * 1e3,
                called.elapsed().as_secs_f64() * 1e3
            );
        }
    }
    spans.into_iter().map(|(sum, _)| sum).sum()
}

/// Whether `BATTGEN_NO_HELP` turns helping off (read once).
fn no_help() -> bool {
    static OFF: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *OFF.get_or_init(|| std::env::var_os("BATTGEN_NO_HELP").is_some_and(|v| v != "0"))
}

/// Whether `BATTGEN_THREADS_TRACE` asks for the threads' spans (read once).
fn threads_trace_on() -> bool {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ON.get_or_init(|| std::env::var_os("BATTGEN_THREADS_TRACE").is_some_and(|v| v != "0"))
}

/// One line per parallel run: the threads' start and end (from the call),
/// the sum of their spans, and the tail (the first thread out of jobs to
/// the last).
fn print_thread_spans(spans: &[(Duration, Duration, usize)]) {
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let first_end = spans.iter().map(|s| s.1).min().unwrap_or_default();
    let last_end = spans.iter().map(|s| s.1).max().unwrap_or_default();
    let last_start = spans.iter().map(|s| s.0).max().unwrap_or_default();
    let busy: f64 = spans.iter().map(|s| ms(s.1.saturating_sub(s.0))).sum();
    let jobs: Vec<String> = spans.iter().map(|s| s.2.to_string()).collect();
    eprintln!(
        "threads trace: {} threads, last start {:.2} ms, ends {:.2}..{:.2} ms (tail {:.2} ms), spans sum {:.1} ms; jobs {}",
        spans.len(),
        ms(last_start),
        ms(first_end),
        ms(last_end),
        ms(last_end - first_end),
        busy,
        jobs.join(" ")
    );
}

/// `f` of every job of an order (`order(p)`, the job at place `p < len`,
/// each of `0..len` once), on every thread of the current pool: each takes
/// the next `chunk` places from a shared counter, so the jobs start in that
/// order (rayon's splitting of a range would give one thread all the
/// first, largest ones). The results come back by job.
fn in_order_given<R: Send>(
    len: usize,
    order: impl Fn(usize) -> usize + Sync,
    chunk: usize,
    progress: Option<&Progress>,
    f: impl Fn(usize) -> R + Sync,
) -> Vec<R> {
    let queue = JobQueue::new();
    let per_thread: Vec<Vec<(usize, R)>> = rayon::broadcast(|_| {
        let mut done = Vec::new();
        take_in_order(&queue, len, chunk, progress, |p| {
            let k = order(p);
            done.push((k, f(k)));
            true
        });
        done
    });
    let mut results: Vec<Option<R>> = (0..len).map(|_| None).collect();
    for (k, r) in per_thread.into_iter().flatten() {
        results[k] = Some(r);
    }
    results
        .into_iter()
        .map(|r| r.expect("every index is run once"))
        .collect()
}

/// The places of an in-order run not yet taken: a counter that threads
/// take `chunk` places at a time from, and the places of chunks given back
/// ("spilled") by a thread whose first job of the chunk ran long.
struct JobQueue {
    next: AtomicUsize,
    spilled: std::sync::Mutex<Vec<usize>>,
    /// How many places `spilled` holds: read on every chunk (a line no
    /// thread writes while nothing spills), the lock taken only when not 0.
    spilled_len: AtomicUsize,
}

impl JobQueue {
    /// A job that takes longer than this gives the rest of its chunk back.
    /// Chunks of two halve the threads' adds on the shared counter for
    /// cheap jobs, but two costly neighbours (a program's largest inputs
    /// sit side by side, some at the evaluation budget) ran back to back on
    /// one thread and doubled a run's tail (`solvers.py`: 20.5 s against
    /// 11.6 s, seventeenth session).
    const SPILL_AFTER: Duration = Duration::from_millis(1);

    fn new() -> JobQueue {
        JobQueue {
            next: AtomicUsize::new(0),
            spilled: std::sync::Mutex::new(Vec::new()),
            spilled_len: AtomicUsize::new(0),
        }
    }

    fn take_spilled(&self) -> Option<usize> {
        if self.spilled_len.load(Ordering::Acquire) == 0 {
            return None;
        }
        let mut spilled = self.spilled.lock().unwrap_or_else(|e| e.into_inner());
        let p = spilled.pop()?;
        self.spilled_len.store(spilled.len(), Ordering::Release);
        Some(p)
    }

    /// Places to run before the counter's next, in their order.
    fn spill(&self, places: impl DoubleEndedIterator<Item = usize>) {
        let mut spilled = self.spilled.lock().unwrap_or_else(|e| e.into_inner());
        spilled.extend(places.rev());
        self.spilled_len.store(spilled.len(), Ordering::Release);
    }
}

/// One thread's share of an in-order run: `run` of the next `chunk`
/// places of the order (of `len`) from `queue`, until none is left. The
/// places given back by threads go first; a thread that gives some back
/// goes on taking, and drains them before it ends, so none is left behind.
/// `run` answers whether it ran a job (not one done already), which the
/// progress counts.
fn take_in_order(
    queue: &JobQueue,
    len: usize,
    chunk: usize,
    progress: Option<&Progress>,
    mut run: impl FnMut(usize) -> bool,
) {
    // Each thread tells the progress every PROGRESS_STEP jobs, not every
    // chunk: an atomic add per chunk of two cheap evaluations from sixteen
    // threads (on the line the bar's other fields share) was 3% of a
    // per-input run's CPU time on the 16-core host (perf).
    const PROGRESS_STEP: usize = 64;
    let mut untold = 0;
    loop {
        if let Some(p) = queue.take_spilled() {
            untold += run(p) as usize;
            continue;
        }
        let from = queue.next.fetch_add(chunk, Ordering::Relaxed);
        if from >= len {
            while let Some(p) = queue.take_spilled() {
                untold += run(p) as usize;
            }
            if let Some(p) = progress {
                p.inc(untold);
            }
            return;
        }
        let end = (from + chunk).min(len);
        if end - from == 1 {
            untold += run(from) as usize;
        } else {
            let started = Instant::now();
            untold += run(from) as usize;
            if started.elapsed() > JobQueue::SPILL_AFTER {
                queue.spill(from + 1..end);
                continue;
            }
            for p in from + 1..end {
                untold += run(p) as usize;
            }
        }
        if untold >= PROGRESS_STEP {
            if let Some(p) = progress {
                p.inc(untold);
            }
            untold = 0;
        }
    }
}

/// A tuple whose items are not all of one length (rows of two widths).
fn is_ragged(v: &Value) -> bool {
    match v {
        Value::Tuple(t) => t.windows(2).any(|w| w[0].len().ok() != w[1].len().ok()),
        Value::Ragged(_) => true,
        _ => false,
    }
}

/// The first `limit` characters of a value's repr, formatting no more of
/// it than that (a cross run may return sets of thousands of elements).
fn repr_prefix(v: &Value, limit: usize) -> String {
    struct Bounded {
        text: String,
        left: usize,
    }
    impl std::fmt::Write for Bounded {
        fn write_str(&mut self, s: &str) -> std::fmt::Result {
            // Reprs are ASCII but for names: those pieces go in whole.
            if s.is_ascii() && s.len() <= self.left {
                self.text.push_str(s);
                self.left -= s.len();
                return Ok(());
            }
            for c in s.chars() {
                if self.left == 0 {
                    return Err(std::fmt::Error);
                }
                self.text.push(c);
                self.left -= 1;
            }
            Ok(())
        }
    }
    /// The repr into `out`: tuples and small numbers (the rows of ragged
    /// outputs, common in cross runs) written directly, anything else
    /// through `Display` (the same text: through `Display` alone, the
    /// repr was 37% of `solve_017c7c7b`'s instructions).
    fn write_repr(v: &Value, out: &mut Bounded) -> std::fmt::Result {
        use std::fmt::Write;
        match v {
            Value::Int(i) if (0..10).contains(i) => {
                out.write_str(&"0123456789"[*i as usize..*i as usize + 1])
            }
            Value::Tuple(t) => write_tuple(out, t.len(), |k, out| write_repr(&t[k], out)),
            Value::Row(r) => write_colours(out, r),
            Value::Ragged(r) => write_tuple(out, r.height(), |i, out| write_colours(out, r.row(i))),
            // A grid's rows from its cells (`Display` makes a tuple value
            // per row): cross runs end in many grids of no cells, such as
            // the rows of width 0 of a crop past the edge, whose repr was a
            // third of `solve_5bd6f4ac`'s instructions.
            Value::Grid(g) => write_tuple(out, g.height(), |i, out| write_colours(out, g.row(i))),
            other => std::fmt::write(out, format_args!("{other}")),
        }
    }
    /// A tuple of colours (a grid's row, a `Value::Row`), its text made
    /// in a buffer on the stack and written a buffer at a time: written a
    /// number and a comma at a time, the repr was a quarter of
    /// `solve_017c7c7b`'s time once its ragged rows were held as bytes.
    fn write_colours(out: &mut Bounded, row: &[crate::values::Color]) -> std::fmt::Result {
        use std::fmt::Write;
        // Room for the longest item, `, -128`, and the closing `,)`.
        const ITEM: usize = 8;
        let mut buf = [0u8; 64];
        let mut n = 0;
        let flush =
            |buf: &[u8], out: &mut Bounded| out.write_str(std::str::from_utf8(buf).expect("ASCII"));
        buf[n] = b'(';
        n += 1;
        for (k, &c) in row.iter().enumerate() {
            if n + ITEM > buf.len() {
                // Past the limit: the writer refuses, and nothing more
                // of the row is made.
                flush(&buf[..n], out)?;
                n = 0;
            }
            if k > 0 {
                buf[n..n + 2].copy_from_slice(b", ");
                n += 2;
            }
            if c < 0 {
                buf[n] = b'-';
                n += 1;
            }
            let x = c.unsigned_abs();
            if x >= 100 {
                buf[n] = b'0' + x / 100;
                n += 1;
            }
            if x >= 10 {
                buf[n] = b'0' + x / 10 % 10;
                n += 1;
            }
            buf[n] = b'0' + x % 10;
            n += 1;
        }
        if row.len() == 1 {
            buf[n] = b',';
            n += 1;
        }
        buf[n] = b')';
        n += 1;
        flush(&buf[..n], out)
    }
    /// A tuple of `len` items as Python shows it (`(a, b)`, `(a,)`, `()`),
    /// item `k` written by `item`.
    fn write_tuple(
        out: &mut Bounded,
        len: usize,
        mut item: impl FnMut(usize, &mut Bounded) -> std::fmt::Result,
    ) -> std::fmt::Result {
        use std::fmt::Write;
        out.write_str("(")?;
        for k in 0..len {
            if k > 0 {
                out.write_str(", ")?;
            }
            item(k, out)?;
        }
        if len == 1 {
            out.write_str(",")?;
        }
        out.write_str(")")
    }
    let mut out = Bounded {
        text: String::with_capacity(limit),
        left: limit,
    };
    // An error here only means the limit was reached.
    let _ = write_repr(v, &mut out);
    out.text
}

/// How a program did on a task.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Score {
    /// Outputs equal to the known expected outputs.
    pub correct: usize,
    /// Samples with a known expected output.
    pub known: usize,
}

impl Score {
    /// Solved: every known output right (and at least one known).
    pub fn solved(&self) -> bool {
        self.known > 0 && self.correct == self.known
    }
}

impl RunResults {
    pub fn evaluations(&self) -> usize {
        self.outcomes.iter().map(Vec::len).sum()
    }
    /// Per program, per task index: its score.
    pub fn scores(&self) -> Vec<BTreeMap<usize, Score>> {
        self.outcomes
            .iter()
            .map(|outs| {
                let mut m: BTreeMap<usize, Score> = BTreeMap::new();
                for (t, s, o) in outs {
                    let e = m.entry(*t).or_default();
                    let expected = self.tasks[*t]
                        .samples()
                        .nth(*s)
                        .and_then(|ex| ex.output.as_ref());
                    if let Some(exp) = expected {
                        e.known += 1;
                        if o.grid() == Some(exp) {
                            e.correct += 1;
                        }
                    }
                }
                m
            })
            .collect()
    }
    /// Error counts by kind.
    pub fn errors(&self) -> BTreeMap<&'static str, usize> {
        let mut m = BTreeMap::new();
        for (_, _, o) in self.outcomes.iter().flatten() {
            if let Outcome::Error(k) = o {
                *m.entry(*k).or_insert(0) += 1;
            }
        }
        m
    }
    /// The results JSON: program -> "<task>:<k>" -> output.
    pub fn to_json(&self) -> Json {
        let mut root = Map::new();
        for (k, outs) in self.outcomes.iter().enumerate() {
            let mut m = Map::new();
            for (t, s, o) in outs {
                m.insert(format!("{}:{}", self.tasks[*t].id, s), o.to_json());
            }
            root.insert(self.names[k].clone(), Json::Object(m));
        }
        Json::Object(root)
    }
    /// Write the results JSON (as [`RunResults::to_json`], then `extra`
    /// entries) straight to `w`, without building it in memory: a JSON tree
    /// of every output grid took 16 KB per evaluation.
    pub fn write_json(
        &self,
        w: &mut impl std::io::Write,
        extra: &[(&str, Json)],
    ) -> std::io::Result<()> {
        let key = |w: &mut dyn std::io::Write, k: &str| -> std::io::Result<()> {
            serde_json::to_writer(&mut *w, k)?;
            w.write_all(b":")
        };
        w.write_all(b"{")?;
        let mut first = true;
        for (k, outs) in self.outcomes.iter().enumerate() {
            if !std::mem::take(&mut first) {
                w.write_all(b",")?;
            }
            key(w, &self.names[k])?;
            w.write_all(b"{")?;
            for (i, (t, s, o)) in outs.iter().enumerate() {
                if i > 0 {
                    w.write_all(b",")?;
                }
                key(w, &format!("{}:{}", self.tasks[*t].id, s))?;
                match o {
                    Outcome::Grid(g) => write_grid(w, g)?,
                    other => serde_json::to_writer(&mut *w, &other.to_json())?,
                }
            }
            w.write_all(b"}")?;
        }
        for (k, v) in extra {
            if !std::mem::take(&mut first) {
                w.write_all(b",")?;
            }
            key(w, k)?;
            serde_json::to_writer(&mut *w, v)?;
        }
        w.write_all(b"}")
    }
    /// The Kaggle submission: per task, per test input, two attempts from
    /// the best programs on that task (most train outputs right first; ties
    /// in program order), falling back to the test input itself.
    pub fn submission(&self) -> Json {
        let scores = self.scores();
        let mut root = Map::new();
        for (t, task) in self.tasks.iter().enumerate() {
            let mut ranked: Vec<(usize, usize)> = scores
                .iter()
                .enumerate()
                .filter_map(|(k, m)| m.get(&t).map(|sc| (k, train_correct(self, k, t, sc))))
                .collect();
            ranked.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
            let mut entries = Vec::new();
            for (ti, ex) in task.test.iter().enumerate() {
                let s = task.train.len() + ti;
                let mut attempts: Vec<&Grid> = Vec::new();
                for &(k, _) in &ranked {
                    let found = self.outcomes[k]
                        .iter()
                        .find(|(tt, ss, _)| *tt == t && *ss == s);
                    if let Some(g) = found.and_then(|(_, _, o)| o.grid()) {
                        if !attempts.contains(&g) {
                            attempts.push(g);
                        }
                    }
                    if attempts.len() == 2 {
                        break;
                    }
                }
                let first = attempts.first().copied().unwrap_or(ex.input());
                let second = attempts.get(1).copied().unwrap_or(first);
                entries.push(
                    json!({ "attempt_1": grid_to_json(first), "attempt_2": grid_to_json(second) }),
                );
            }
            root.insert(task.id.clone(), Json::Array(entries));
        }
        Json::Object(root)
    }
}

/// A grid as JSON rows of numbers.
fn write_grid(w: &mut impl std::io::Write, g: &Grid) -> std::io::Result<()> {
    w.write_all(b"[")?;
    for (i, row) in g.rows().enumerate() {
        w.write_all(if i > 0 { b",[" } else { b"[" })?;
        for (j, c) in row.iter().enumerate() {
            if j > 0 {
                w.write_all(b",")?;
            }
            write!(w, "{c}")?;
        }
        w.write_all(b"]")?;
    }
    w.write_all(b"]")
}

/// Train outputs program `k` got right on task `t`.
fn train_correct(r: &RunResults, k: usize, t: usize, _score: &Score) -> usize {
    let task = &r.tasks[t];
    r.outcomes[k]
        .iter()
        .filter(|(tt, s, o)| {
            *tt == t && *s < task.train.len() && o.grid() == task.train[*s].output.as_ref()
        })
        .count()
}

/// A progress bar that appears only once a run has taken over a second,
/// and only on a terminal.
pub struct Progress {
    bar: indicatif::ProgressBar,
    start: Instant,
    shown: std::sync::atomic::AtomicBool,
    done: AtomicUsize,
    quiet: bool,
}

impl Progress {
    pub fn new(quiet: bool) -> Progress {
        let bar = indicatif::ProgressBar::hidden();
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:40} {pos}/{len} evaluations, {per_sec}, eta {eta}",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        Progress {
            bar,
            start: Instant::now(),
            shown: false.into(),
            done: AtomicUsize::new(0),
            quiet,
        }
    }
    fn set_total(&self, n: usize) {
        self.bar.set_length(n as u64);
    }
    /// Called by every worker: an atomic add, and the clock and the bar
    /// only when the count crosses a multiple of 1024.
    fn inc(&self, n: usize) {
        if self.quiet {
            return;
        }
        let before = self.done.fetch_add(n, Ordering::Relaxed);
        let done = before + n;
        if before / 1024 == done / 1024 {
            return;
        }
        if !self.shown.load(Ordering::Relaxed) && self.start.elapsed() > Duration::from_secs(1) {
            self.shown.store(true, Ordering::Relaxed);
            self.bar
                .set_draw_target(indicatif::ProgressDrawTarget::stderr());
        }
        if self.shown.load(Ordering::Relaxed) {
            self.bar.set_position(done as u64);
        }
    }
    fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// The end-of-run summary table.
pub fn summary(r: &RunResults, mode: Mode) -> String {
    let scores = r.scores();
    let solved_tasks: std::collections::BTreeSet<usize> = scores
        .iter()
        .flat_map(|m| m.iter().filter(|(_, s)| s.solved()).map(|(t, _)| *t))
        .collect();
    let solving_programs = scores
        .iter()
        .filter(|m| m.values().any(Score::solved))
        .count();
    let evals = r.evaluations();
    let errors = r.errors();
    let error_total: usize = errors.values().sum();
    let error_text = if errors.is_empty() {
        "0".to_owned()
    } else {
        let parts: Vec<String> = errors.iter().map(|(k, n)| format!("{k} {n}")).collect();
        format!("{error_total} ({})", parts.join(", "))
    };
    let secs = r.wall.as_secs_f64();
    let rows = [
        ("mode", format!("{mode:?}").to_lowercase()),
        (
            "tasks solved",
            format!("{} of {}", solved_tasks.len(), r.tasks.len()),
        ),
        (
            "programs",
            format!("{} ({solving_programs} solve a task)", r.names.len()),
        ),
        ("evaluations", evals.to_string()),
        ("errors", error_text),
        // Nanoseconds under a millisecond: a cheap program's pass over
        // a few tasks takes microseconds, which six places round by 5%.
        (
            "wall time",
            if secs < 1e-3 {
                format!("{secs:.9} s")
            } else {
                format!("{secs:.6} s")
            },
        ),
        (
            "evaluations/s",
            format!("{:.0}", evals as f64 / secs.max(1e-9)),
        ),
    ];
    rows.iter()
        .map(|(k, v)| format!("{k:>14}  {v}\n"))
        .collect()
}

/// Exit codes of a run.
pub mod exit {
    pub const OK: i32 = 0;
    pub const IO: i32 = 1;
    pub const USAGE: i32 = 2;
    pub const BAD_DATA: i32 = 3;
}

/// Load tasks, reporting problems; `Err(exit code)` when the run must stop.
pub fn load_tasks(opts: &RunOptions) -> std::result::Result<Vec<Task>, i32> {
    let Some(data) = &opts.data else {
        eprintln!("error: no task data: give --data DIR_OR_FILE");
        return Err(exit::USAGE);
    };
    let loaded = task::load(data);
    for e in &loaded.errors {
        let what = if opts.strict {
            "error"
        } else {
            "warning: skipped"
        };
        eprintln!("{what}: {e}");
    }
    if opts.strict && !loaded.errors.is_empty() {
        eprintln!(
            "error: {} malformed task file(s); nothing was run (--strict)",
            loaded.errors.len()
        );
        return Err(exit::BAD_DATA);
    }
    if loaded.tasks.is_empty() {
        eprintln!("error: no task found in {}", data.display());
        return Err(exit::BAD_DATA);
    }
    Ok(loaded.tasks)
}

fn write_json(path: &PathBuf, j: &Json) -> std::result::Result<(), i32> {
    let text = serde_json::to_string(j).map_err(|_| exit::IO)?;
    std::fs::write(path, text).map_err(|e| {
        eprintln!("error: cannot write {}: {e}", path.display());
        exit::IO
    })
}

/// A pool of `threads` workers (0: one per core), or the exit code after
/// saying why none could be started.
fn worker_pool(threads: usize) -> std::result::Result<rayon::ThreadPool, i32> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| {
            eprintln!("error: cannot start worker threads: {e}");
            exit::IO
        })
}

/// Run with options; returns the exit code.
pub fn run(battery: &dyn Battery, opts: &RunOptions) -> i32 {
    let subset;
    let battery: &dyn Battery = if opts.programs.is_empty() {
        battery
    } else {
        match crate::battery::Subset::of(battery, &opts.programs) {
            Ok(s) => {
                subset = s;
                &subset
            }
            Err(name) => {
                eprintln!("error: the battery has no program called {name}");
                return exit::USAGE;
            }
        }
    };
    crate::budget::set_limit(Some(Duration::from_millis(opts.timeout_ms)));
    let tasks = match load_tasks(opts) {
        Ok(t) => t,
        Err(code) => return code,
    };
    let pool = match worker_pool(opts.jobs.unwrap_or(0)) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let progress = Progress::new(opts.quiet);
    let exec = opts
        .exec
        .unwrap_or_else(|| Exec::default_for(opts.mode, opts.gpus.is_some(), opts.stats, battery));
    // Only batched and device execution go through a backend: no GPU is
    // opened otherwise.
    let backend: Box<dyn Backend> = if matches!(exec, Exec::Batched | Exec::Device) {
        backend_for(opts.cpu, opts.gpus.as_ref(), opts.quiet)
    } else {
        Box::new(CpuBackend::new())
    };
    let backend = backend.as_ref();
    let runs = opts.repeat.unwrap_or(1).max(1);
    // The repeats run on the worker that times them, and it drops their
    // results: results dropped on another thread made the next repeat's
    // allocations take the allocator's cross-thread paths (24-72 us
    // against 12 us for a cheap program's pass, varying run to run).
    let (mut results, median) = pool.install(|| {
        median_run(runs, || {
            execute(battery, tasks.clone(), opts.mode, exec, backend, &progress)
        })
    });
    results.wall = Duration::from_secs_f64(median);
    let telemetry = backend.telemetry().report();
    if let Some(out) = &opts.out {
        let stats = stats_json(&backend.name(), exec, &telemetry, backend.telemetry());
        let written = std::fs::File::create(out).and_then(|f| {
            let mut w = std::io::BufWriter::new(f);
            results.write_json(&mut w, &[(STATS_KEY, stats)])?;
            std::io::Write::flush(&mut w)
        });
        if let Err(e) = written {
            eprintln!("error: cannot write {}: {e}", out.display());
            return exit::IO;
        }
    }
    if let Some(sub) = &opts.submission {
        if let Err(code) = write_json(sub, &results.submission()) {
            return code;
        }
    }
    if opts.stats {
        eprint!("{}", stats_table(&backend.name(), exec, &telemetry));
        eprint!("{}", device_bytes(backend.telemetry()));
        if exec == Exec::Device {
            eprintln!("{}", whole_line(backend.telemetry()));
        } else if opts.mode == Mode::Cross {
            // What `--exec device` would run whole on a GPU, known from the
            // plan alone (so on a machine without one too).
            if let Some(code) = battery.whole_code() {
                eprintln!(
                    "{} [with --exec device]",
                    code.summary(battery.num_programs())
                );
            }
        }
    }
    // Whole programs' evaluations ran on the GPU too (`--exec device`):
    // the warning is for a GPU that did nothing at all.
    let counters = backend.telemetry();
    if is_gpu(backend)
        && counters.total_rows().1 == 0
        && counters.whole.on_device.load(Ordering::Relaxed) == 0
    {
        eprintln!("warning: a GPU was in use but NOTHING ran on it (no call was large or fast enough on the GPU, and no whole program ran there); see --stats");
    }
    if !opts.quiet {
        eprint!("{}", summary(&results, opts.mode));
        let deopts = crate::typed::deopts();
        if deopts > 0 {
            let causes: Vec<String> = crate::typed::deopt_causes()
                .iter()
                .take(4)
                .map(|(c, n)| format!("{c} {n}"))
                .collect();
            eprintln!(
                "{:>14}  {deopts} program run(s) left typed code for the interpreter ({})",
                "deopts",
                causes.join(", ")
            );
        }
        let interpreted = crate::typed::interpreted();
        if interpreted > 0 {
            eprintln!(
                "{:>14}  {interpreted} run(s) of programs whose typed code gave up on most inputs went straight to the interpreter",
                ""
            );
        }
    }
    exit::OK
}

/// `whole programs on the device: ...`: what `--exec device` ran where.
fn whole_line(t: &Telemetry) -> String {
    let w = &t.whole;
    let get = |a: &std::sync::atomic::AtomicU64| a.load(Ordering::Relaxed);
    let (on, left) = (get(&w.on_device), get(&w.deopts));
    format!(
        "whole programs: {} of {} programs have device code; {} evaluations on the GPU ({} raise, {} from a second pass), {} left to the CPU ({:.1}%, {} of them told early); device share {:.3} s (NVRTC {:.3} s)",
        get(&w.programs),
        get(&w.of_programs),
        on,
        get(&w.raised),
        get(&w.second_pass),
        left,
        100.0 * left as f64 / (on + left).max(1) as f64,
        get(&w.told_early),
        get(&w.device_nanos) as f64 * 1e-9,
        get(&w.compile_nanos) as f64 * 1e-9,
    )
}

/// The key of the telemetry entry in results JSON (not a program name:
/// program names are identifiers and never start with `_`).
pub const STATS_KEY: &str = "__stats__";

fn stats_json(backend: &str, exec: Exec, t: &[PrimStats], tel: &Telemetry) -> Json {
    let load = |a: &std::sync::atomic::AtomicU64| a.load(Ordering::Relaxed);
    json!({ "backend": backend, "exec": format!("{exec:?}"), "primitives": t,
            "gpu_coverage": GpuCoverage::of(t),
            "bytes_to_device": load(&tel.bytes_to_device),
            "bytes_from_device": load(&tel.bytes_from_device),
            "host_crossings": { "columns": load(&tel.crossings.columns),
                                "bytes": load(&tel.crossings.bytes) },
            "whole_programs": { "programs": load(&tel.whole.programs),
                                "of_programs": load(&tel.whole.of_programs),
                                "on_device": load(&tel.whole.on_device),
                                "raised_on_device": load(&tel.whole.raised),
                                "second_pass": load(&tel.whole.second_pass),
                                "left_to_cpu": load(&tel.whole.deopts) },
            "memo": memo_json() })
}

/// The memo's counts over the run (all repeats): calls it answered and
/// results it kept.
fn memo_json() -> Json {
    let (answered, kept) = crate::memo::totals();
    json!({ "calls_answered": answered, "results_kept": kept })
}

/// `--stats`: rows per device and time, per primitive.
pub fn stats_table(backend: &str, exec: Exec, t: &[PrimStats]) -> String {
    let mut s = format!(
        "execution: {exec:?} on {backend}\n{:>16} {:>10} {:>10} {:>10}\n",
        "primitive", "cpu rows", "gpu rows", "ms"
    );
    for p in t {
        s.push_str(&format!(
            "{:>16} {:>10} {:>10} {:>10.1}\n",
            p.name,
            p.cpu_rows,
            p.gpu_rows,
            p.micros as f64 / 1000.0
        ));
    }
    let (cpu, gpu): (u64, u64) = t
        .iter()
        .fold((0, 0), |(c, g), p| (c + p.cpu_rows, g + p.gpu_rows));
    s.push_str(&format!(
        "batch ops: {gpu} rows on the GPU, {cpu} rows on the CPU\n"
    ));
    let c = GpuCoverage::of(t);
    s.push_str(&format!(
        "gpu coverage: {:.1}% of batch rows have a device kernel ({:.1}% of batch time)\n",
        100.0 * c.rows,
        100.0 * c.time
    ));
    let (answered, kept) = crate::memo::totals();
    s.push_str(&format!(
        "memo: {answered} calls of function values answered, {kept} results kept\n"
    ));
    s
}

/// The share of batch rows, and of batch time, spent in primitives that
/// have a device kernel: what a GPU could take at most, known on any
/// machine (the telemetry of a CPU run says it as well as a GPU run).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct GpuCoverage {
    pub rows: f64,
    pub time: f64,
}

impl GpuCoverage {
    pub fn of(t: &[PrimStats]) -> GpuCoverage {
        let has_kernel = |p: &PrimStats| {
            crate::signatures::Prim::from_name(p.name)
                .is_some_and(|prim| crate::backends::cuda::ops::op_for(prim).is_some())
        };
        let share = |f: &dyn Fn(&PrimStats) -> u64| {
            let all: u64 = t.iter().map(f).sum();
            let covered: u64 = t.iter().filter(|p| has_kernel(p)).map(f).sum();
            if all == 0 {
                0.0
            } else {
                covered as f64 / all as f64
            }
        };
        GpuCoverage {
            rows: share(&|p| p.cpu_rows + p.gpu_rows),
            time: share(&|p| p.micros),
        }
    }
}

/// `--stats`: bytes copied between host and GPU.
fn device_bytes(t: &Telemetry) -> String {
    let to = t.bytes_to_device.load(Ordering::Relaxed);
    let from = t.bytes_from_device.load(Ordering::Relaxed);
    if to + from == 0 {
        return String::new();
    }
    let columns = t.crossings.columns.load(Ordering::Relaxed);
    let fetched = t.crossings.bytes.load(Ordering::Relaxed);
    format!(
        "bytes to device {to}, from device {from} in calls; host crossings: {columns} resident columns read by the host ({fetched} bytes)\n"
    )
}

/// `--gpu-selftest`: the device check on the grids of `--data`.
pub fn gpu_selftest(opts: &RunOptions) -> i32 {
    let tasks = match load_tasks(opts) {
        Ok(t) => t,
        Err(code) => return code,
    };
    let select = opts.gpus.clone().unwrap_or(GpuSelect::All);
    crate::backends::cuda::selftest::run(&tasks, &select, &CpuBackend::run)
}

/// Run, benchmark or self-test as the options say; the exit code.
pub fn dispatch(battery: &dyn Battery, opts: &RunOptions) -> i32 {
    if opts.gpu_selftest {
        gpu_selftest(opts)
    } else if opts.bench {
        bench(battery, opts)
    } else {
        run(battery, opts)
    }
}

/// `main` of a compiled battery.
pub fn main(battery: &dyn Battery) {
    crate::tune_allocator();
    std::process::exit(dispatch(battery, &RunOptions::parse()));
}

impl RunOptions {
    /// The command-line flags that give these options back (to run a
    /// compiled battery with the options `gen run` was given).
    pub fn to_args(&self) -> Vec<std::ffi::OsString> {
        use clap::ValueEnum;
        let mut a: Vec<std::ffi::OsString> = Vec::new();
        let mut flag = |name: &str, value: Option<std::ffi::OsString>| {
            a.push(name.into());
            a.extend(value);
        };
        let name = |v: &dyn Fn() -> Option<clap::builder::PossibleValue>| {
            v().map(|p| std::ffi::OsString::from(p.get_name()))
        };
        if let Some(d) = &self.data {
            flag("--data", Some(d.into()));
        }
        if let Some(o) = &self.out {
            flag("--out", Some(o.into()));
        }
        if let Some(s) = &self.submission {
            flag("--submission", Some(s.into()));
        }
        flag("--mode", name(&|| self.mode.to_possible_value()));
        if let Some(j) = self.jobs {
            flag("--jobs", Some(j.to_string().into()));
        }
        flag("--timeout-ms", Some(self.timeout_ms.to_string().into()));
        if let Some(e) = self.exec {
            flag("--exec", name(&|| e.to_possible_value()));
        }
        if let Some(r) = self.repeat {
            flag("--repeat", Some(r.to_string().into()));
        }
        if let Some(g) = &self.gpus {
            flag("--gpus", Some(g.to_string().into()));
        }
        for p in &self.programs {
            flag("--program", Some(p.into()));
        }
        for (on, name) in [
            (self.strict, "--strict"),
            (self.stats, "--stats"),
            (self.quiet, "--quiet"),
            (self.bench, "--bench"),
            (self.cpu, "--cpu"),
            (self.gpu_selftest, "--gpu-selftest"),
        ] {
            if on {
                flag(name, None);
            }
        }
        a
    }
}

/// One measured configuration of the benchmark.
#[derive(Clone, Debug, serde::Serialize)]
pub struct BenchRow {
    pub exec: String,
    pub threads: usize,
    /// GPUs used (0: CPU only).
    pub gpus: usize,
    pub evaluations: usize,
    pub seconds: f64,
    pub evals_per_sec: f64,
}

impl BenchRow {
    fn new(exec: String, threads: usize, gpus: usize, r: &RunResults, seconds: f64) -> BenchRow {
        BenchRow {
            exec,
            threads,
            gpus,
            evaluations: r.evaluations(),
            seconds,
            evals_per_sec: r.evaluations() as f64 / seconds.max(1e-9),
        }
    }
}

/// The benchmark: cross mode over the tasks of `--data`, per-input versus
/// battery versus batched execution, one thread versus all cores. Outputs
/// of every configuration must be identical; a difference is an error.
pub fn bench(battery: &dyn Battery, opts: &RunOptions) -> i32 {
    crate::budget::set_limit(Some(Duration::from_millis(opts.timeout_ms)));
    let tasks = match load_tasks(opts) {
        Ok(t) => t,
        Err(code) => return code,
    };
    let cores = opts
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let samples: usize = tasks.iter().map(Task::num_samples).sum();
    eprintln!(
        "bench: {} programs x {} inputs ({} tasks), cross mode; 1 thread and {cores} threads; median of {} runs",
        battery.num_programs(),
        samples,
        tasks.len(),
        bench_runs(opts)
    );
    let mut rows = Vec::new();
    let mut reference: Option<Vec<Vec<(usize, usize, Outcome)>>> = None;
    let mut identical = true;
    // `BATTGEN_BENCH_WHOLE_ONLY=1`: only the device-code programs alone
    // against the CPU threads (A/B runs of device settings, which need
    // nothing else and pay for device time).
    let whole_only = std::env::var_os("BATTGEN_BENCH_WHOLE_ONLY").is_some_and(|v| v != "0");
    let execs = if whole_only {
        &[][..]
    } else {
        &[Exec::PerInput, Exec::Battery, Exec::Batched][..]
    };
    for &exec in execs {
        for threads in [1, cores] {
            let pool = match worker_pool(threads) {
                Ok(p) => p,
                Err(code) => return code,
            };
            let (r, secs) = pool.install(|| {
                median_run(bench_runs(opts), || {
                    let backend = CpuBackend::new();
                    let progress = Progress::new(true);
                    execute(
                        battery,
                        tasks.clone(),
                        Mode::Cross,
                        exec,
                        &backend,
                        &progress,
                    )
                })
            });
            let row = BenchRow::new(format!("{exec:?}"), threads, 0, &r, secs);
            eprintln!(
                "  {:>9} {:>3} threads: {:>9.0} evaluations/s ({:.3} s)",
                row.exec, threads, row.evals_per_sec, secs
            );
            rows.push(row);
            match &reference {
                None => reference = Some(r.outcomes),
                Some(first) => {
                    if *first != r.outcomes {
                        identical = false;
                        eprintln!("error: outputs of {exec:?} with {threads} threads differ from per-input execution:");
                        for line in differences(first, &r, 5) {
                            eprintln!("  {line}");
                        }
                    }
                }
            }
        }
    }
    // Batched on GPU(s): one GPU, then all of them, CPU fallback on all cores.
    let gpu_count = if opts.cpu {
        0
    } else {
        crate::backends::cuda::device::device_count().unwrap_or(0)
    };
    let mut gpu_configs = vec![1];
    if gpu_count > 1 {
        gpu_configs.push(gpu_count);
    }
    if gpu_count == 0 {
        eprintln!("  (no GPU: the Batched on GPU configurations are skipped)");
        gpu_configs.clear();
    }
    for n in gpu_configs {
        let backend = match crate::backends::GpuBackend::new(&GpuSelect::Count(n)) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("  gpu: not used: {e}; the Batched on GPU configurations are skipped");
                break;
            }
        };
        let pool = match worker_pool(cores) {
            Ok(p) => p,
            Err(code) => return code,
        };
        if whole_only {
            bench_whole_alone(battery, &tasks, &backend, &pool, cores, n, opts);
            continue;
        }
        let (r, secs) = pool.install(|| {
            median_run(bench_runs(opts), || {
                let progress = Progress::new(true);
                execute(
                    battery,
                    tasks.clone(),
                    Mode::Cross,
                    Exec::Batched,
                    &backend,
                    &progress,
                )
            })
        });
        let runs = bench_runs(opts) as u64;
        let (cpu_rows, gpu_rows) = backend.telemetry().total_rows();
        let (cpu_rows, gpu_rows) = (cpu_rows / runs, gpu_rows / runs);
        let plural = if n > 1 { "s" } else { "" };
        let row = BenchRow::new(format!("Batched on {n} GPU{plural}"), cores, n, &r, secs);
        eprintln!(
            "  {} + {cores} threads: {:>9.0} evaluations/s ({:.3} s; batch rows {gpu_rows} on GPU, {cpu_rows} on CPU)",
            row.exec, row.evals_per_sec, secs
        );
        if gpu_rows == 0 {
            eprintln!("  warning: NOTHING ran on the GPU in this configuration");
        }
        rows.push(row);
        if reference.as_ref().is_some_and(|first| *first != r.outcomes) {
            identical = false;
            eprintln!(
                "error: outputs of batched execution on {n} GPU(s) differ from per-input execution"
            );
        }
        // Whole programs on the device, the others per input on the CPU.
        let (r, secs) = pool.install(|| {
            median_run(bench_runs(opts), || {
                let progress = Progress::new(true);
                execute(
                    battery,
                    tasks.clone(),
                    Mode::Cross,
                    Exec::Device,
                    &backend,
                    &progress,
                )
            })
        });
        let row = BenchRow::new(format!("Device on {n} GPU{plural}"), cores, n, &r, secs);
        eprintln!(
            "  {} + {cores} threads: {:>9.0} evaluations/s ({:.3} s)",
            row.exec, row.evals_per_sec, secs
        );
        eprintln!("    {}", whole_line(backend.telemetry()));
        rows.push(row);
        if reference.as_ref().is_some_and(|first| *first != r.outcomes) {
            identical = false;
            eprintln!(
                "error: outputs of device execution on {n} GPU(s) differ from per-input execution"
            );
        }
        // The programs with device code alone: the device's share (copies
        // and results included) against the same programs on the CPU threads.
        bench_whole_alone(battery, &tasks, &backend, &pool, cores, n, opts);
    }
    print!("{}", bench_table(&rows, cores));
    println!("outputs identical across all configurations: {identical}");
    if let Some(out) = &opts.out {
        if let Err(code) = write_json(
            out,
            &json!({ "cores": cores, "rows": rows, "identical": identical }),
        ) {
            return code;
        }
    }
    if identical {
        exit::OK
    } else {
        exit::IO
    }
}

/// Runs of each benchmark configuration.
/// `gen bench`: the programs with device code alone, the GPU's side
/// (the device's run, its results as outcomes, and the evaluations it left
/// run on the CPU threads, as `--exec device` does) against the same
/// programs per input on the CPU threads.
fn bench_whole_alone(
    battery: &dyn Battery,
    tasks: &[Task],
    backend: &crate::backends::GpuBackend,
    pool: &rayon::ThreadPool,
    cores: usize,
    n: usize,
    opts: &RunOptions,
) {
    let Some(code) = battery.whole_code() else {
        return;
    };
    let (grids, samples) = inputs_of(tasks);
    // The device's run, its results as outcomes and the evaluations it
    // left rerun on the CPU threads as they come: what `--exec device`
    // does for these programs.
    let (mut gpu_secs, mut device_secs) = (Vec::new(), Vec::new());
    for _ in 0..bench_runs(opts) {
        let start = Instant::now();
        let run =
            pool.install(|| device_programs(battery, &code, &grids, &samples, backend, || {}));
        // Timed before the outcomes are dropped, as the CPU's runs are
        // (dropping 100,000 grids on this one thread took 5-10 ms); a run
        // the device did not serve is no GPU time.
        if run.served {
            gpu_secs.push(start.elapsed().as_secs_f64());
            device_secs.push(run.device.as_secs_f64());
        }
        drop(run);
    }
    let (_, cpu_secs) = pool.install(|| {
        median_run(bench_runs(opts), || {
            let start = Instant::now();
            let mut outcomes = vec![Vec::new(); battery.num_programs()];
            let want = |_: usize, _: usize| true;
            per_input(
                battery,
                &samples,
                Mode::Cross,
                &want,
                &code.programs,
                &mut outcomes,
                &Progress::new(true),
            );
            RunResults {
                names: Vec::new(),
                task_ids: Vec::new(),
                tasks: Vec::new(),
                outcomes,
                wall: start.elapsed(),
            }
        })
    });
    device_secs.sort_by(f64::total_cmp);
    gpu_secs.sort_by(f64::total_cmp);
    if let Some(g) = gpu_secs.get(gpu_secs.len() / 2) {
        let d = device_secs[device_secs.len() / 2];
        eprintln!(
                "    the {} programs with device code alone: {n} GPU {:.4} s (the device's last results on the host at {:.4} s, the last outcome {:.4} s later), {cores} CPU threads {:.4} s ({:.2}x)",
                code.programs.len(),
                g,
                d,
                g - d,
                cpu_secs,
                cpu_secs / g.max(1e-12)
            );
    }
}

/// Every sample's input grid of `tasks`, and the same as (task, sample,
/// input) for the device programs' runs.
fn inputs_of(tasks: &[Task]) -> (Vec<&Grid>, Vec<Sample<'_>>) {
    let grids = tasks
        .iter()
        .flat_map(|t| t.samples().map(|e| e.input()))
        .collect();
    let samples = tasks
        .iter()
        .enumerate()
        .flat_map(|(t, task)| {
            task.samples()
                .enumerate()
                .map(move |(s, e)| (t, s, e.input_value()))
        })
        .collect();
    (grids, samples)
}

fn bench_runs(opts: &RunOptions) -> usize {
    opts.repeat.unwrap_or(3).max(1)
}

/// Run `f` `n` times (at least once): the first run's results (or those
/// of the first run whose outputs differ from it, which ends the runs, so
/// that the caller's comparison reports it) and the median wall time.
fn median_run(n: usize, mut f: impl FnMut() -> RunResults) -> (RunResults, f64) {
    let mut times = Vec::new();
    let mut first: Option<RunResults> = None;
    for _ in 0..n.max(1) {
        let r = f();
        times.push(r.wall.as_secs_f64());
        match &first {
            Some(a) if a.outcomes != r.outcomes => {
                // Keep the odd one: the caller's comparison will flag it.
                first = Some(r);
                break;
            }
            Some(_) => {}
            None => first = Some(r),
        }
    }
    times.sort_by(f64::total_cmp);
    let median = times[times.len() / 2];
    (first.expect("at least one run"), median)
}

/// The first `limit` differences between two runs' outcomes, readable.
fn differences(
    first: &[Vec<(usize, usize, Outcome)>],
    other: &RunResults,
    limit: usize,
) -> Vec<String> {
    let mut out = Vec::new();
    for (k, (a, b)) in first.iter().zip(&other.outcomes).enumerate() {
        for (x, y) in a.iter().zip(b) {
            if x != y && out.len() < limit {
                let task = &other.tasks[x.0].id;
                out.push(format!(
                    "{} on {task}:{}: {:?} vs {:?}",
                    other.names[k], x.1, x.2, y.2
                ));
            }
        }
    }
    out
}

/// The benchmark's table, with ratios to per-input on one thread and the
/// parallel efficiency of each execution kind.
pub fn bench_table(rows: &[BenchRow], cores: usize) -> String {
    let base = rows.first().map_or(1.0, |r| r.evals_per_sec);
    let mut s = String::from("| execution | threads | evaluations/s | vs per-input 1 thread | parallel efficiency |\n|---|---|---|---|---|\n");
    for r in rows {
        let single = rows
            .iter()
            .find(|x| x.exec == r.exec && x.threads == 1)
            .map_or(r.evals_per_sec, |x| x.evals_per_sec);
        let eff = if r.threads > 1 && r.gpus == 0 {
            format!("{:.0}%", 100.0 * r.evals_per_sec / single / cores as f64)
        } else {
            "-".to_owned()
        };
        s.push_str(&format!(
            "| {} | {} | {:.0} | {:.2}x | {} |\n",
            r.exec,
            r.threads,
            r.evals_per_sec,
            r.evals_per_sec / base,
            eff
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A device that gives what the CPU gives, through the pieces of the
    /// two passes of `launch::run_whole`: the first pass leaves every third
    /// evaluation at the deadline (and says a second pass comes), the
    /// second gives half of those and leaves the rest.
    struct TwoPasses<'a> {
        plan: &'a crate::plan::Plan,
        telemetry: Telemetry,
    }

    impl Backend for TwoPasses<'_> {
        fn name(&self) -> String {
            "two passes".into()
        }
        fn telemetry(&self) -> &Telemetry {
            &self.telemetry
        }
        fn call(&self, _: crate::batch::Callee, _: &[&Column], _: usize) -> Column {
            unreachable!("whole programs only")
        }
        fn run_whole(
            &self,
            code: &WholeCode,
            inputs: &[&Grid],
            sink: &(dyn Fn(WholePiece) + Sync),
            wanted: &(dyn Fn(&WholePiece) -> bool + Sync),
        ) -> Option<std::result::Result<(), String>> {
            use crate::backends::cuda::whole::{WholeOut, OUT_DESC, OVERTIME_STATUS};
            let n = inputs.len();
            // Evaluation t of a module: its descriptor (status, h, w, at,
            // ns) and cells as the kernel writes them.
            let out = |first: usize, len: usize, status: &dyn Fn(usize) -> Option<i32>| {
                let (mut desc, mut cells) = (vec![0i32; OUT_DESC * len * n], Vec::new());
                for t in 0..len * n {
                    let input = Value::Grid(inputs[t % n].clone());
                    let cpu = self.plan.run_program(code.programs[first + t / n], &input);
                    let d = &mut desc[OUT_DESC * t..OUT_DESC * (t + 1)];
                    match (status(t), cpu) {
                        (Some(st), _) => d[0] = st,
                        (None, Ok(Value::Grid(g))) => {
                            d.copy_from_slice(&[
                                0,
                                g.height() as i32,
                                g.width() as i32,
                                cells.len() as i32,
                                0,
                            ]);
                            cells.extend_from_slice(g.cells());
                        }
                        (None, _) => d[0] = 1,
                    }
                }
                WholeOut {
                    desc,
                    cells: Box::new(cells),
                }
            };
            for m in &code.modules {
                let piece = |out, only, second_pass, early| WholePiece {
                    programs: m.first..m.first + m.len,
                    inputs: 0..n,
                    out,
                    only,
                    second_pass,
                    early,
                };
                let late = |t: usize| t.is_multiple_of(3);
                // Left beyond the device's limits, and told early.
                let deopt = |t: usize| !late(t) && t % 5 == 1;
                let told: Vec<u32> = (0..m.len * n)
                    .filter(|&t| deopt(t))
                    .map(|t| t as u32)
                    .collect();
                sink(piece(WholeOut::default(), Some(told), false, true));
                let status = |t| {
                    if late(t) {
                        Some(OVERTIME_STATUS)
                    } else {
                        deopt(t).then_some(1)
                    }
                };
                sink(piece(out(m.first, m.len, &status), None, true, false));
                let again: Vec<u32> = (0..m.len * n)
                    .filter(|&t| late(t))
                    .map(|t| t as u32)
                    .collect();
                if wanted(&piece(
                    WholeOut::default(),
                    Some(again.clone()),
                    false,
                    false,
                )) {
                    let second = out(m.first, m.len, &|t| (t % 2 == 1).then_some(OVERTIME_STATUS));
                    sink(piece(second, Some(again), false, false));
                }
            }
            Some(Ok(()))
        }
    }

    /// Evaluations the device's first pass left at its deadline wait for
    /// its second pass, or for CPU threads with nothing else to do; what
    /// the second pass leaves is rerun. Those it left beyond its limits,
    /// told early and left again in the module's results, run once. Every
    /// outcome is the CPU's, on real tasks' inputs.
    #[test]
    fn evaluations_left_at_the_deadline_wait_for_the_second_pass() {
        use crate::plan::{Node, Operand, Plan, PlanProgram, Source};
        use crate::signatures::Prim;
        let node = |p, program| Node {
            callee: Operand::Prim(p),
            args: vec![Operand::Input],
            sources: vec![Source {
                program,
                var: "O".into(),
                line: 2,
            }],
        };
        let program = |name: &str, k| PlanProgram {
            name: name.into(),
            task_id: name.into(),
            file: "two.py".into(),
            line: 1,
            output: Operand::Node(k),
        };
        let plan = Plan {
            nodes: vec![node(Prim::hmirror, 0), node(Prim::rot90, 1)],
            programs: vec![program("solve_h", 0), program("solve_r", 1)],
            ..Plan::default()
        };
        let code = WholeCode::of(&plan);
        assert_eq!(code.programs.len(), 2, "{}", code.summary(2));
        let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/arc");
        let tasks = task::load(&data).tasks;
        let (grids, samples) = inputs_of(&tasks);
        let device = TwoPasses {
            plan: &plan,
            telemetry: Telemetry::default(),
        };
        let run = device_programs(&plan, &code, &grids, &samples, &device, || {});
        let n = samples.len();
        let (mut first, mut both) = (0, 0);
        for (t, o) in run.outcomes.iter().enumerate() {
            let cpu =
                Outcome::from_result(plan.run_program(code.programs[t / n], samples[t % n].2));
            assert_eq!(o, &cpu, "evaluation {t}");
            // Given by the first pass, or by the second (every other of
            // those left at the deadline) unless the CPU took it first.
            let local = t % (code.modules[0].len * n);
            let late = local.is_multiple_of(3);
            let given_first = !late && local % 5 != 1;
            first += usize::from(given_first);
            both += usize::from(given_first || (late && local.is_multiple_of(2)));
        }
        let told: usize = code
            .modules
            .iter()
            .map(|m| (0..m.len * n).filter(|&t| t % 3 != 0 && t % 5 == 1).count())
            .sum();
        assert!(told > 0);
        assert_eq!(run.early, told);
        assert!(
            (first..=both).contains(&run.given),
            "{} given, {first}..={both} expected",
            run.given
        );
        assert_eq!(run.second, run.given - first);
        assert!(run.served);
    }

    /// A non-grid output is shown by the first 80 characters of its repr,
    /// however large the value (here 900 locations: ~9,000 characters).
    #[test]
    fn non_grid_outputs_keep_the_first_80_characters_of_their_repr() {
        let locs = (0..30).flat_map(|i| (0..30).map(move |j| (i, j))).collect();
        let big = Value::indices(locs);
        let full = big.to_string();
        assert!(full.len() > 5000);
        let expected: String = full.chars().take(80).collect();
        assert_eq!(Outcome::from_result(Ok(big)), Outcome::NonGrid(expected));
        let short = Value::pair(3, -1);
        assert_eq!(repr_prefix(&short, 80), short.to_string());
    }

    /// The written repr (tuples, grids and digits directly) is `Display`'s
    /// text, cut at every limit: numbers past 9 and below 0, bools, tuples
    /// of one, empty tuples, grids (rows of width 0, of one cell, one row),
    /// pairs and sets inside tuples.
    #[test]
    fn written_reprs_are_display_cut_at_the_limit() {
        let ints = |xs: &[i64]| Value::tuple(xs.iter().map(|&x| Value::Int(x)).collect());
        let grid = Value::Grid(Grid::new(2, 2, vec![1, 2, 3, 4]));
        let values = [
            Value::Tuple(vec![ints(&[0, 9, 10, -1]), ints(&[7]), ints(&[])].into()),
            Value::Tuple(vec![Value::Bool(true), Value::Int(1), grid.clone()].into()),
            Value::Tuple(vec![Value::pair(3, -1), Value::indices(vec![(0, 1), (2, 3)])].into()),
            Value::Tuple(vec![ints(&[5])].into()),
            Value::Tuple(Vec::new().into()),
            // Rows held as bytes: alone, and of two widths (`Ragged`).
            ints(&[-128, 127, 100, -10, 99, 0]),
            ints(&(0..40).map(|x| x * 7 % 256 - 128).collect::<Vec<_>>()),
            Value::tuple(vec![
                ints(&[-128, 127, 100]),
                ints(&[7]),
                ints(&[]),
                ints(&[1, -2]),
            ]),
            grid,
            // Rows of width 0, one row, one column, colours past 9 or
            // below 0, no rows.
            Value::Grid(Grid::new(3, 0, Vec::new())),
            Value::Grid(Grid::new(1, 3, vec![0, 12, -3])),
            Value::Grid(Grid::new(3, 1, vec![4, 5, 6])),
            Value::Grid(Grid::new(1, 1, vec![9])),
            Value::Grid(Grid::new(0, 0, Vec::new())),
        ];
        for v in &values {
            let full = v.to_string();
            for limit in 0..=full.len() + 1 {
                let expected: String = full.chars().take(limit).collect();
                assert_eq!(repr_prefix(v, limit), expected, "{full} at {limit}");
            }
        }
    }

    /// The device's grids of no cells (whole.rs's flat outputs) show as
    /// the CPU's do: the empty tuple and rows of width 0 are no ARC grids.
    #[test]
    fn device_outputs_of_no_cells_show_as_the_cpus() {
        let flat = |h| Outcome::from_given(Given::Grid(Grid::new(h, 0, Vec::new())));
        assert_eq!(flat(0), Outcome::NonGrid("()".into()));
        assert_eq!(flat(2), Outcome::NonGrid("((), ())".into()));
        let cpu = crate::primitives::grids::canvas_int_pair(3, (2, 0)).unwrap();
        assert_eq!(flat(2), Outcome::from_result(Ok(Value::Grid(cpu))));
    }

    /// Rows of two widths (what `vconcat` of grids of two widths gives in
    /// the reference) are a non-grid output, shown as Python shows the
    /// tuple; rows of one width are the grid.
    #[test]
    fn ragged_rows_are_non_grid_outputs_and_even_rows_a_grid() {
        let row = |xs: &[i64]| Value::tuple(xs.iter().map(|&x| Value::Int(x)).collect());
        let ragged = Value::Tuple(vec![row(&[1, 2, 3]), row(&[4, 5]), row(&[6])].into());
        assert_eq!(
            Outcome::from_result(Ok(ragged)),
            Outcome::NonGrid("((1, 2, 3), (4, 5), (6,))".into())
        );
        let held = Value::tuple(vec![row(&[1, 2, 3]), row(&[4, 5]), row(&[6])]);
        assert!(matches!(held, Value::Ragged(_)));
        assert_eq!(
            Outcome::from_result(Ok(held)),
            Outcome::NonGrid("((1, 2, 3), (4, 5), (6,))".into())
        );
        let even = Value::Tuple(vec![row(&[1, 2, 3]), row(&[4, 5, 6])].into());
        let grid = Outcome::from_result(Ok(even));
        assert_eq!(grid.grid().map(|g| (g.height(), g.width())), Some((2, 3)));
    }

    /// Chunks whose first job runs long give the rest back, and every job
    /// still runs exactly once: jobs that sleep past the spill time on
    /// four threads, next to cheap ones.
    #[test]
    fn jobs_given_back_by_a_slow_chunk_run_once() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(4)
            .build()
            .expect("a pool");
        let len = 200;
        let runs: Vec<AtomicUsize> = (0..len).map(|_| AtomicUsize::new(0)).collect();
        let slow = |j: usize| j.is_multiple_of(7) || (40..48).contains(&j);
        let done = pool.install(|| {
            in_order_each(
                len,
                |p| len - 1 - p,
                2,
                None,
                |j| {
                    if slow(j) {
                        std::thread::sleep(JobQueue::SPILL_AFTER * 2);
                    }
                    runs[j].fetch_add(1, Ordering::Relaxed);
                    1
                },
            )
        });
        assert_eq!(done, len);
        for (j, r) in runs.iter().enumerate() {
            assert_eq!(r.load(Ordering::Relaxed), 1, "job {j}");
        }
    }

    /// A program whose first head job runs long has its later head jobs
    /// started before the other programs' jobs on the later head inputs,
    /// and every job still runs once (a promoted place comes twice).
    #[test]
    fn a_costly_programs_head_jobs_run_next_and_once() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(4)
            .build()
            .expect("a pool");
        let (programs, head, costly) = (20, 10, 7);
        let len = programs * head;
        let promotions = HeadPromotions::new(programs, head);
        let started = AtomicUsize::new(0);
        let at: Vec<AtomicUsize> = (0..len).map(|_| AtomicUsize::new(usize::MAX)).collect();
        let runs: Vec<AtomicUsize> = (0..len).map(|_| AtomicUsize::new(0)).collect();
        let done = pool.install(|| {
            in_order_each_with(
                len,
                |p| p,
                2,
                None,
                || (),
                |_, p, queue| {
                    if !promotions.claim(p) {
                        return None;
                    }
                    at[p].store(started.fetch_add(1, Ordering::Relaxed), Ordering::Relaxed);
                    let took = Instant::now();
                    std::thread::sleep(if p % programs == costly {
                        HeadPromotions::AFTER + Duration::from_millis(1)
                    } else {
                        Duration::from_micros(500)
                    });
                    runs[p].fetch_add(1, Ordering::Relaxed);
                    promotions.after(p, took.elapsed(), queue);
                    Some(1)
                },
            )
        });
        assert_eq!(done, len);
        for (p, r) in runs.iter().enumerate() {
            assert_eq!(r.load(Ordering::Relaxed), 1, "place {p}");
        }
        // The costly program's last head job started before the first job
        // on the last head input, which it comes after in the given order.
        let last_costly = at[(head - 1) * programs + costly].load(Ordering::Relaxed);
        let last_input = at[(head - 1) * programs].load(Ordering::Relaxed);
        assert!(
            last_costly < last_input,
            "promoted job started {last_costly}th, the last input's first {last_input}th"
        );
    }
}
