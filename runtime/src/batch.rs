//! Column-wise execution: each statement of the battery is evaluated over
//! the whole batch of inputs at once, giving a column of values.
//!
//! A column is either uniform (the node depends on constants only, so it is
//! computed once) or one result per row; a row that failed carries its
//! error and only that row. A [`Backend`] decides how a call runs over a
//! column (all CPU cores, or a GPU), and counts what ran where.

use std::any::Any;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::error::{Error, Result};
use crate::functions::call_refs;
use crate::plan::{guarded, Fused};
use crate::signatures::{dispatch_refs, Prim, PRIMITIVES};
use crate::values::Value;

/// The values of one node over a batch.
#[derive(Clone, Debug)]
pub enum Column {
    /// The same value for every row (computed once).
    Uniform(Result<Value>),
    /// One result per row.
    Rows(Vec<Result<Value>>),
    /// One result per row, some of them held by a device (a backend's
    /// output that later calls on that device read where it is). Read on
    /// the host, the device's rows are copied down once, on first use.
    Resident(Arc<Resident>),
}

/// A device buffer of a backend (it downcasts it; the batch layer only
/// passes it on).
pub type DeviceBuffer = Arc<dyn Any + Send + Sync>;

/// A grid held by a device: in which of its column's buffers, where, and
/// its shape (an index, not an `Arc` per row: thousands of rows cloning one
/// `Arc` cost more than the kernel).
#[derive(Clone, Copy, Debug)]
pub struct DeviceGrid {
    pub device: usize,
    pub buffer: u32,
    pub offset: u32,
    pub h: u32,
    pub w: u32,
}

/// A row of a resident column.
#[derive(Clone)]
pub enum Slot {
    /// A value on the host (a row the device left to the CPU).
    Host(Result<Value>),
    /// A grid on a device (never an error).
    Device(DeviceGrid),
}

/// Copies the device rows of a column to the host, counting the bytes.
pub type Fetch = Box<dyn Fn(&[DeviceBuffer], &[Slot]) -> Vec<Result<Value>> + Send + Sync>;

pub struct Resident {
    /// The device buffers the slots point into.
    pub buffers: Vec<DeviceBuffer>,
    pub slots: Vec<Slot>,
    host: OnceLock<Vec<Result<Value>>>,
    fetch: Fetch,
}

impl std::fmt::Debug for Resident {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let on_device = self
            .slots
            .iter()
            .filter(|s| matches!(s, Slot::Device(_)))
            .count();
        write!(
            f,
            "Resident({} rows, {on_device} on a device, fetched: {})",
            self.slots.len(),
            self.host.get().is_some()
        )
    }
}

impl Resident {
    pub fn new(buffers: Vec<DeviceBuffer>, slots: Vec<Slot>, fetch: Fetch) -> Resident {
        Resident {
            buffers,
            slots,
            host: OnceLock::new(),
            fetch,
        }
    }
    /// Every row on the host (the device's copied down on the first call).
    /// `fetch` must not wait on rayon work: a stolen task reading this
    /// column would re-enter the initialisation.
    pub fn host(&self) -> &[Result<Value>] {
        self.host
            .get_or_init(|| (self.fetch)(&self.buffers, &self.slots))
    }
    /// Have the device's rows been copied down?
    pub fn fetched(&self) -> bool {
        self.host.get().is_some()
    }
    fn row(&self, r: usize) -> &Result<Value> {
        match &self.slots[r] {
            Slot::Host(v) => v,
            Slot::Device(_) => &self.host()[r],
        }
    }
}

impl Column {
    /// The value at `row`.
    pub fn row(&self, row: usize) -> &Result<Value> {
        match self {
            Column::Uniform(v) => v,
            Column::Rows(r) => &r[row],
            Column::Resident(c) => c.row(row),
        }
    }
    /// The error at `row`, if any (a device's row is never one: no copy).
    pub fn error(&self, row: usize) -> Option<Error> {
        match self {
            Column::Resident(c) => match &c.slots[row] {
                Slot::Host(v) => v.as_ref().err().copied(),
                Slot::Device(_) => None,
            },
            other => other.row(row).as_ref().err().copied(),
        }
    }
    /// The device buffers of a resident column (none for another).
    pub fn device_buffers(&self) -> &[DeviceBuffer] {
        match self {
            Column::Resident(c) => &c.buffers,
            _ => &[],
        }
    }
    /// The device grid at `row`, if the row is held by a device.
    pub fn device_grid(&self, row: usize) -> Option<&DeviceGrid> {
        match self {
            Column::Resident(c) => match &c.slots[row] {
                Slot::Device(g) => Some(g),
                Slot::Host(_) => None,
            },
            _ => None,
        }
    }
    pub fn is_uniform(&self) -> bool {
        matches!(self, Column::Uniform(_))
    }
    /// Expand to one result per row.
    pub fn into_rows(self, n: usize) -> Vec<Result<Value>> {
        match self {
            Column::Uniform(v) => vec![v; n],
            Column::Rows(r) => r,
            Column::Resident(c) => c.host().to_vec(),
        }
    }
}

/// What is called: a primitive, or the function values of a column.
#[derive(Clone, Copy)]
pub enum Callee<'a> {
    Prim(Prim),
    Fused(Fused),
    Column(&'a Column),
}

/// Columns a device held that the host had to read (a CPU node or the
/// output needed them), and the bytes copied down for them.
#[derive(Default, Debug)]
pub struct Crossings {
    pub columns: AtomicU64,
    pub bytes: AtomicU64,
}

impl Crossings {
    pub fn record(&self, bytes: u64) {
        self.columns.fetch_add(1, Ordering::Relaxed);
        self.bytes.fetch_add(bytes, Ordering::Relaxed);
    }
}

/// Rows and time per primitive and device, for `--stats` and results JSON.
pub struct Telemetry {
    pub crossings: Arc<Crossings>,
    /// Index: primitive id, then calls of function values, then each fused
    /// operation (`Fused::ALL`).
    cpu_rows: Vec<AtomicU64>,
    gpu_rows: Vec<AtomicU64>,
    nanos: Vec<AtomicU64>,
    /// Bytes copied host -> device and back.
    pub bytes_to_device: AtomicU64,
    pub bytes_from_device: AtomicU64,
    /// Whole programs on the device (`--exec device`).
    pub whole: WholeCounters,
}

/// What whole programs on the device did in a run.
#[derive(Debug, Default)]
pub struct WholeCounters {
    /// Programs with device code, and all programs of the battery.
    pub programs: AtomicU64,
    pub of_programs: AtomicU64,
    /// Evaluations the device gave (of them, those it found to raise), and
    /// those it left to the CPU.
    pub on_device: AtomicU64,
    pub raised: AtomicU64,
    pub deopts: AtomicU64,
    /// Of those given, the evaluations the device's second pass gave
    /// (the first left them at its deadline).
    pub second_pass: AtomicU64,
    /// Of those left to the CPU, the evaluations it took as soon as the
    /// device told it, while their module's kernel ran.
    pub told_early: AtomicU64,
    /// Wall time of the device's share (compile, copies, kernel, results).
    pub device_nanos: AtomicU64,
    /// NVRTC's time for the generated source.
    pub compile_nanos: AtomicU64,
}

impl Default for Telemetry {
    fn default() -> Telemetry {
        let n = PRIMITIVES.len() + 1 + Fused::ALL.len();
        let zeros = || (0..n).map(|_| AtomicU64::new(0)).collect();
        Telemetry {
            crossings: Arc::default(),
            cpu_rows: zeros(),
            gpu_rows: zeros(),
            nanos: zeros(),
            bytes_to_device: AtomicU64::new(0),
            bytes_from_device: AtomicU64::new(0),
            whole: WholeCounters::default(),
        }
    }
}

/// Counters of one primitive.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PrimStats {
    pub name: &'static str,
    pub cpu_rows: u64,
    pub gpu_rows: u64,
    pub micros: u64,
}

impl Telemetry {
    fn slot(callee: &Callee) -> usize {
        match callee {
            Callee::Prim(p) => *p as usize,
            Callee::Column(_) => PRIMITIVES.len(),
            Callee::Fused(f) => PRIMITIVES.len() + 1 + f.index(),
        }
    }
    pub fn record(&self, callee: &Callee, rows: u64, on_gpu: bool, start: Instant) {
        let s = Self::slot(callee);
        let counter = if on_gpu {
            &self.gpu_rows[s]
        } else {
            &self.cpu_rows[s]
        };
        counter.fetch_add(rows, Ordering::Relaxed);
        self.nanos[s].fetch_add(start.elapsed().as_nanos() as u64, Ordering::Relaxed);
    }
    /// Primitives that ran at least once, most time first.
    pub fn report(&self) -> Vec<PrimStats> {
        let mut v: Vec<PrimStats> = (0..self.cpu_rows.len())
            .map(|s| PrimStats {
                name: match s.checked_sub(PRIMITIVES.len()) {
                    None => PRIMITIVES[s].name,
                    Some(0) => "<call of a value>",
                    Some(f) => Fused::ALL[f - 1].name(),
                },
                cpu_rows: self.cpu_rows[s].load(Ordering::Relaxed),
                gpu_rows: self.gpu_rows[s].load(Ordering::Relaxed),
                micros: self.nanos[s].load(Ordering::Relaxed) / 1000,
            })
            .filter(|p| p.cpu_rows + p.gpu_rows > 0)
            .collect();
        v.sort_by(|a, b| b.micros.cmp(&a.micros).then(a.name.cmp(b.name)));
        v
    }
    /// Bytes copied device -> host: by calls, and by reads of resident
    /// columns.
    pub fn bytes_copied_down(&self) -> u64 {
        self.bytes_from_device.load(Ordering::Relaxed)
            + self.crossings.bytes.load(Ordering::Relaxed)
    }
    pub fn total_rows(&self) -> (u64, u64) {
        let sum = |v: &Vec<AtomicU64>| v.iter().map(|a| a.load(Ordering::Relaxed)).sum();
        (sum(&self.cpu_rows), sum(&self.gpu_rows))
    }
}

/// How calls over columns run.
pub trait Backend: Sync {
    fn name(&self) -> String;
    fn telemetry(&self) -> &Telemetry;
    /// `callee(args...)` for every row of a batch of `rows` inputs.
    fn call(&self, callee: Callee, args: &[&Column], rows: usize) -> Column;
    /// How many of `total` rows one batch should hold (default: all).
    fn batch_rows(&self, total: usize) -> usize {
        total
    }
    /// Run the whole programs of `code` on every input on the device,
    /// handing `sink` each piece of results (a module's programs on a
    /// device's inputs) as soon as it is on the host; the device leaves its
    /// rare cases to the CPU. Before it waits for a second pass's piece, it
    /// asks `wanted` (given the piece without results) whether the CPU
    /// still needs any of it. `None` where this backend has no device; an
    /// error may come after some pieces were handed over.
    fn run_whole(
        &self,
        _code: &crate::backends::cuda::whole::WholeCode,
        _inputs: &[&crate::values::Grid],
        _sink: &(dyn Fn(crate::backends::cuda::whole::WholePiece) + Sync),
        _wanted: &(dyn Fn(&crate::backends::cuda::whole::WholePiece) -> bool + Sync),
    ) -> Option<std::result::Result<(), String>> {
        None
    }
}

/// Evaluate one row of a call.
/// Arguments are borrowed from their columns, as in the interpreter.
pub fn eval_row(callee: Callee, args: &[&Column], row: usize) -> Result<Value> {
    let mut vals: smallvec::SmallVec<[&Value; 4]> = smallvec::SmallVec::new();
    for c in args {
        vals.push(c.row(row).as_ref().map_err(|e| *e)?);
    }
    match callee {
        Callee::Prim(p) => guarded(|| dispatch_refs(p, &vals)),
        Callee::Fused(f) => guarded(|| f.eval(&vals)),
        Callee::Column(f) => {
            let f = f.row(row).as_ref().map_err(|e| *e)?;
            guarded(|| call_refs(f, &vals))
        }
    }
}

/// A call whose operands are all uniform is computed once.
pub fn all_uniform(callee: &Callee, args: &[&Column]) -> bool {
    args.iter().all(|c| c.is_uniform()) && !matches!(callee, Callee::Column(c) if !c.is_uniform())
}

/// Batches up to this many rows are evaluated on the calling thread.
const SEQUENTIAL_ROWS: usize = 64;

/// Once a call's rows have taken this long on the calling thread, its
/// remaining rows are offered to idle threads one by one. Chunks of rows
/// run in parallel, but a node whose rows take seconds each (nested
/// higher-order calls on large grids: `solve_d22278a0`) held its chunk,
/// and with it the end of the run, behind one thread: the public solvers'
/// batched run took 2.5x the battery's wall time for less CPU time.
const SLOW_ROWS: Duration = Duration::from_millis(2);

/// The CPU backend: rows in parallel on the current rayon pool.
#[derive(Default)]
pub struct CpuBackend {
    telemetry: Telemetry,
}

impl CpuBackend {
    pub fn new() -> CpuBackend {
        CpuBackend::default()
    }
    /// Evaluate on the CPU (also the fallback of other backends).
    pub fn run(callee: Callee, args: &[&Column], rows: usize, telemetry: &Telemetry) -> Column {
        let start = Instant::now();
        if all_uniform(&callee, args) {
            let v = eval_row(callee, args, 0);
            telemetry.record(&callee, 1, false, start);
            return Column::Uniform(v);
        }
        // A chunk of a batch (see `batch_rows`) already runs in parallel
        // with the others: its rows go one after the other, until they
        // prove slow (see `SLOW_ROWS`).
        let out: Vec<Result<Value>> = if rows <= SEQUENTIAL_ROWS {
            let mut out = Vec::with_capacity(rows);
            for r in 0..rows {
                out.push(eval_row(callee, args, r));
                if r + 1 < rows && start.elapsed() > SLOW_ROWS {
                    out.par_extend(
                        (r + 1..rows)
                            .into_par_iter()
                            .with_max_len(1)
                            .map(|r| eval_row(callee, args, r)),
                    );
                    break;
                }
            }
            out
        } else {
            (0..rows)
                .into_par_iter()
                .with_min_len(8)
                .map(|r| eval_row(callee, args, r))
                .collect()
        };
        telemetry.record(&callee, rows as u64, false, start);
        Column::Rows(out)
    }
}

/// Rows per batch for the CPU: sixteen batches per thread (see
/// [`CpuBackend`]'s `batch_rows`).
pub fn cpu_batch_rows(total: usize) -> usize {
    total
        .div_ceil(16 * rayon::current_num_threads())
        .clamp(4, SEQUENTIAL_ROWS)
}

impl Backend for CpuBackend {
    fn name(&self) -> String {
        format!("cpu ({} threads)", rayon::current_num_threads())
    }
    fn telemetry(&self) -> &Telemetry {
        &self.telemetry
    }
    fn call(&self, callee: Callee, args: &[&Column], rows: usize) -> Column {
        CpuBackend::run(callee, args, rows, &self.telemetry)
    }
    /// Sixteen chunks per thread: a node then waits only for the rows of
    /// its own chunk, and the slow rows of one node (a big `objects`, a
    /// long `product`) no longer hold every thread at a barrier. With four
    /// per thread, the last chunks left threads idle: 51% parallel
    /// efficiency on the 16-core host (corpus, training, cross).
    fn batch_rows(&self, total: usize) -> usize {
        cpu_batch_rows(total)
    }
}

#[cfg(test)]
mod resident_tests {
    use super::*;
    use crate::values::Grid;

    /// A resident column copies its device rows down once, on the first
    /// read of one of them; errors and host rows are read without a copy.
    #[test]
    fn a_resident_column_is_fetched_once_and_only_when_a_device_row_is_read() {
        let fetches = Arc::new(AtomicU64::new(0));
        let counter = fetches.clone();
        let device = DeviceGrid {
            device: 0,
            buffer: 0,
            offset: 0,
            h: 1,
            w: 2,
        };
        let slots = vec![
            Slot::Host(Err(Error::type_error("test"))),
            Slot::Device(device),
            Slot::Host(Ok(Value::Int(3))),
        ];
        let col = Column::Resident(Arc::new(Resident::new(
            vec![Arc::new(())],
            slots,
            Box::new(move |_, slots| {
                counter.fetch_add(1, Ordering::Relaxed);
                slots
                    .iter()
                    .map(|s| match s {
                        Slot::Host(v) => v.clone(),
                        Slot::Device(g) => Ok(Value::grid(Grid::new(
                            g.h as usize,
                            g.w as usize,
                            vec![5; (g.h * g.w) as usize],
                        ))),
                    })
                    .collect()
            }),
        )));
        assert!(col.error(0).is_some());
        assert!(col.error(1).is_none());
        assert_eq!(col.row(2), &Ok(Value::Int(3)));
        assert!(col.device_grid(1).is_some() && col.device_grid(2).is_none());
        assert_eq!(fetches.load(Ordering::Relaxed), 0);
        let want = Ok(Value::grid(Grid::new(1, 2, vec![5, 5])));
        assert_eq!(col.row(1), &want);
        assert_eq!(col.row(1), &want);
        assert_eq!(col.clone().into_rows(3)[1], want);
        assert_eq!(fetches.load(Ordering::Relaxed), 1);
    }
}
