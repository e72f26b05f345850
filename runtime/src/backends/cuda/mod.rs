//! The CUDA backend: supported primitives run on one or more GPUs, every
//! other call and every ineligible row on the CPU, with identical results.
//!
//! - `device`: libraries, contexts, NVRTC, errors (the only place that
//!   opens devices);
//! - `ops`: which primitives have a kernel, per-row eligibility and output
//!   shapes (pure, tested without a GPU);
//! - `pack`: grids to flat buffers and back (pure);
//! - `cache`: device residency of grids between calls (pure);
//! - `cost`: when a call is worth the GPU (pure);
//! - `launch`: one call's rows on one device;
//! - `selftest`: the device check (`--gpu-selftest`);
//! - `whole`: programs that run from input to output on the device, and
//!   their generated CUDA source (pure).

pub mod cache;
pub mod cost;
pub mod device;
pub mod image_cache;
pub mod launch;
pub mod ops;
pub mod pack;
pub mod selftest;
pub mod whole;

use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use rayon::prelude::*;

use crate::batch::{
    all_uniform, cpu_batch_rows, eval_row, Backend, Callee, Column, CpuBackend, DeviceBuffer,
    DeviceGrid, Resident, Slot, Telemetry,
};
use crate::error::Result;
use crate::values::Value;

pub use device::{GpuError, GpuResult, GpuSelect};

use cost::{CostModel, Side};
use device::{guard, Device};
use launch::{run_chunk, DeviceCache};
use ops::{op_for, plan_rows_with, GridSrc, Kind, Op, RowPlan};

/// Bytes of grids kept resident per device (env `BATTGEN_GPU_CACHE_MB`).
fn cache_budget() -> usize {
    let mb = std::env::var("BATTGEN_GPU_CACHE_MB")
        .ok()
        .and_then(|s| s.trim().parse::<usize>().ok());
    mb.unwrap_or(1024) << 20
}

pub struct GpuBackend {
    devices: Vec<Device>,
    telemetry: Telemetry,
    cache: Mutex<DeviceCache>,
    cost: Mutex<CostModel>,
    /// Measured throughput of each device (cells per ns), for splitting rows.
    speed: Mutex<Vec<f64>>,
    /// Set after a GPU failure: everything runs on the CPU from then on.
    disabled: AtomicBool,
    oom_warned: AtomicBool,
    /// Send every eligible row to the GPU, whatever the cost model says.
    force: bool,
    /// `BATTGEN_GPU_TRACE`: one line on stderr per GPU call with its phases.
    trace: bool,
    /// Tests: calls of this primitive fail as a launch would.
    fault: Option<crate::signatures::Prim>,
    /// Grid outputs stay on the device until the host reads them (one
    /// device; `BATTGEN_GPU_RESIDENT=0` copies every output down at once,
    /// as before).
    resident: bool,
    /// The whole-programs kernels of the last source compiled, per device
    /// and module.
    whole: Mutex<Option<(u64, Vec<Vec<cudarc::driver::CudaFunction>>)>>,
}

impl GpuBackend {
    /// Open the selected devices and compile the kernels.
    pub fn new(select: &GpuSelect) -> GpuResult<GpuBackend> {
        let count = device::device_count()?;
        if count == 0 {
            return Err(GpuError::NoDevice);
        }
        let ordinals = select.ordinals(count)?;
        let mut ptx = std::collections::HashMap::new();
        // One pool of page-locked result buffers for all the devices (see
        // `Device::open`).
        let results_pool = std::sync::Arc::new(Mutex::new(Vec::new()));
        let devices = ordinals
            .iter()
            .map(|&o| Device::open(o, &mut ptx, results_pool.clone()))
            .collect::<GpuResult<Vec<_>>>()?;
        let n = devices.len();
        Ok(GpuBackend {
            devices,
            telemetry: Telemetry::default(),
            cache: Mutex::new(DeviceCache::new(n, cache_budget())),
            cost: Mutex::new(CostModel::from_env()),
            speed: Mutex::new(vec![1.0; n]),
            disabled: AtomicBool::new(false),
            oom_warned: AtomicBool::new(false),
            force: false,
            trace: launch::trace_on(),
            fault: None,
            resident: std::env::var("BATTGEN_GPU_RESIDENT").map_or(true, |v| v != "0"),
            whole: Mutex::new(None),
        })
    }

    /// Every eligible row on the GPU (the device check; benchmarks of the GPU alone).
    pub fn forced(mut self) -> GpuBackend {
        self.force = true;
        self
    }

    /// Keep grid outputs on the device (or copy each down at once).
    pub fn with_resident(mut self, on: bool) -> GpuBackend {
        self.resident = on;
        self
    }

    /// Make every GPU call of `prim` fail like a failed launch (tests of
    /// the fallback).
    pub fn inject_fault(mut self, prim: crate::signatures::Prim) -> GpuBackend {
        self.fault = Some(prim);
        self
    }

    pub fn num_devices(&self) -> usize {
        self.devices.len()
    }

    /// "2x NVIDIA H100 80GB HBM3 (0,1)".
    pub fn describe(&self) -> String {
        let ords: Vec<String> = self.devices.iter().map(|d| d.ordinal.to_string()).collect();
        let name = self.devices.first().map_or("", |d| d.name.as_str());
        format!("{}x {} (GPU {})", self.devices.len(), name, ords.join(","))
    }

    /// Is the GPU still in use (no failure so far)?
    pub fn healthy(&self) -> bool {
        !self.disabled.load(Ordering::Relaxed)
    }

    fn fail(&self, op: &Op, e: &GpuError) {
        if *e == GpuError::OutOfMemory {
            if let Ok(mut c) = self.cache.lock() {
                c.clear();
            }
            if !self.oom_warned.swap(true, Ordering::Relaxed) {
                eprintln!("gpu: out of GPU memory in {}; that call ran on the CPU (resident grids dropped)", op.prim.name());
            }
            return;
        }
        if !self.disabled.swap(true, Ordering::Relaxed) {
            eprintln!(
                "gpu: {e} (in {}); falling back to the CPU for the rest of the run",
                op.prim.name()
            );
        }
    }

    /// Which rows each device runs: a row whose first grid is already on a
    /// device stays there (so columns made on a device are consumed there);
    /// the other rows are split by measured device speed.
    fn assign(&self, plans: &[&RowPlan], cells: &[usize]) -> Vec<Vec<usize>> {
        let n = self.devices.len();
        if n == 1 {
            return vec![(0..plans.len()).collect()];
        }
        let homes: Vec<Option<usize>> = match self.cache.lock() {
            Ok(c) => plans
                .iter()
                .map(|p| match p.a.as_ref() {
                    Some(GridSrc::Host(g)) => c.home(g),
                    Some(GridSrc::Device(d)) => Some(d.device),
                    None => None,
                })
                .collect(),
            Err(_) => vec![None; plans.len()],
        };
        let weights = self
            .speed
            .lock()
            .map(|s| s.clone())
            .unwrap_or_else(|_| vec![1.0; n]);
        let homeless: Vec<usize> = (0..plans.len()).filter(|&i| homes[i].is_none()).collect();
        let homeless_cells: Vec<usize> = homeless.iter().map(|&i| cells[i]).collect();
        let mut per: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (i, h) in homes.iter().enumerate() {
            if let Some(d) = h {
                per[*d].push(i);
            }
        }
        for (d, r) in split(&weights, &homeless_cells).into_iter().enumerate() {
            per[d].extend(r.map(|k| homeless[k]));
        }
        for rows in &mut per {
            rows.sort_unstable();
        }
        per
    }

    /// Run `plans` over the devices; values in row order.
    /// Run `plans` over the devices; values in row order (`None`: a row
    /// the kernel left to the CPU), or with `keep` and one device, grid
    /// outputs left on it.
    fn run_on_gpus(
        &self,
        op: &Op,
        plans: &[&RowPlan],
        buffers: &ops::Buffers,
        keep: bool,
    ) -> GpuResult<(GpuOut, [u64; 4])> {
        let keep = keep && self.devices.len() == 1;
        if self.fault == Some(op.prim) {
            return Err(GpuError::Driver("injected fault".into()));
        }
        let cells: Vec<usize> = plans.iter().map(|p| p.cells()).collect();
        let assignment = self.assign(plans, &cells);
        let run = |d: usize, rows: &[usize]| -> GpuResult<(launch::ChunkOut, f64)> {
            let t = Instant::now();
            let mine: Vec<&RowPlan> = rows.iter().map(|&i| plans[i]).collect();
            let out =
                guard(|| run_chunk(&self.devices[d], d, op, &mine, buffers, &self.cache, keep))?;
            let work: usize = rows.iter().map(|&i| cells[i]).sum();
            Ok((out, work as f64 / (t.elapsed().as_nanos() as f64).max(1.0)))
        };
        let results: Vec<(usize, GpuResult<(launch::ChunkOut, f64)>)> = if self.devices.len() == 1 {
            vec![(0, run(0, &assignment[0]))]
        } else {
            std::thread::scope(|s| {
                let handles: Vec<_> = assignment
                    .iter()
                    .enumerate()
                    .filter(|(_, rows)| !rows.is_empty())
                    .map(|(d, rows)| (d, s.spawn(move || run(d, rows))))
                    .collect();
                handles
                    .into_iter()
                    .map(|(d, h)| {
                        (
                            d,
                            h.join()
                                .unwrap_or_else(|_| Err(GpuError::Panic("device thread".into()))),
                        )
                    })
                    .collect()
            })
        };
        let mut values: Vec<Option<Option<Value>>> = vec![None; plans.len()];
        let mut phases = [0u64; 4];
        for (d, r) in results {
            let (out, speed) = r?;
            for (p, q) in phases.iter_mut().zip(out.phases) {
                *p = (*p).max(q);
            }
            self.telemetry
                .bytes_to_device
                .fetch_add(out.bytes_to_device, Ordering::Relaxed);
            self.telemetry
                .bytes_from_device
                .fetch_add(out.bytes_from_device, Ordering::Relaxed);
            if let Ok(mut s) = self.speed.lock() {
                s[d] = 0.8 * s[d] + 0.2 * speed;
            }
            if let Some(dev_out) = out.on_device {
                return Ok((GpuOut::Device(dev_out), phases));
            }
            if out.values.len() != assignment[d].len() {
                return Err(GpuError::Driver("wrong number of results".into()));
            }
            for (&i, v) in assignment[d].iter().zip(out.values) {
                values[i] = Some(v);
            }
        }
        let values = values
            .into_iter()
            .collect::<Option<Vec<Option<Value>>>>()
            .ok_or(GpuError::Driver("a row got no result".into()))?;
        Ok((GpuOut::Values(values), phases))
    }
}

/// What the devices returned for a call's eligible rows.
enum GpuOut {
    /// Values in row order (`None`: a row the kernel left to the CPU).
    Values(Vec<Option<Value>>),
    /// Grids left on the (one) device.
    Device(launch::DeviceOut),
}

/// Split rows into contiguous ranges, one per device, with work (cells)
/// proportional to each device's weight.
pub fn split(weights: &[f64], cells: &[usize]) -> Vec<Range<usize>> {
    let n = weights.len().max(1);
    let total_w: f64 = weights.iter().sum::<f64>().max(1e-12);
    let total: f64 = cells.iter().sum::<usize>() as f64;
    let mut ranges = Vec::with_capacity(n);
    let (mut start, mut acc, mut target) = (0usize, 0f64, 0f64);
    for (d, w) in weights.iter().enumerate() {
        target += total * w / total_w;
        let mut end = start;
        if d + 1 == n {
            end = cells.len();
        } else {
            while end < cells.len() && acc + cells[end] as f64 / 2.0 <= target {
                acc += cells[end] as f64;
                end += 1;
            }
        }
        ranges.push(start..end);
        start = end;
    }
    ranges
}

/// How the whole programs' work is split over several devices: by the
/// queue (each device all inputs of the modules it takes from one shared
/// queue as it runs out of work; the default), or, with
/// `BATTGEN_WHOLE_SPLIT=inputs` or `modules` for measuring, by inputs
/// (each device every module on its range of the inputs) or by modules
/// (each device all inputs of the modules [`whole_shares`] deals it).
/// Split by inputs, every device waits for every module's longest
/// evaluation; by the queue, the kernels of two H200s ended at 52-53 ms
/// each, against 67 ms split by inputs (the 373 public solvers with device
/// code over the training set).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WholeSplit {
    Inputs,
    Modules,
    Queue,
}

impl WholeSplit {
    fn from_env() -> WholeSplit {
        match std::env::var("BATTGEN_WHOLE_SPLIT").as_deref() {
            Ok("modules") => WholeSplit::Modules,
            Ok("inputs") => WholeSplit::Inputs,
            _ => WholeSplit::Queue,
        }
    }
}

/// One device's share of the whole programs: positions in the code's
/// modules, and its range of the inputs.
#[derive(Clone, Debug, PartialEq)]
pub struct WholeShare {
    pub modules: Vec<usize>,
    pub inputs: Range<usize>,
}

/// How the whole programs' work is shared among `devices`: by inputs
/// (each device every module on its range of the inputs, by cells) or,
/// with `by_modules` and at least as many modules as devices, by modules
/// (each device all inputs of its modules, dealt the largest first to the
/// device with the least so far; a module's cost is taken as its source's
/// length). Split by inputs, each device still runs every module, and a
/// module's kernel lasts at least as long as its slowest evaluation
/// whatever its share of the inputs (both for measuring: the default is
/// the shared queue, [`WholeSplit`]).
pub fn whole_shares(
    module_costs: &[usize],
    cells: &[usize],
    devices: usize,
    by_modules: bool,
) -> Vec<WholeShare> {
    let devices = devices.max(1);
    if !by_modules || module_costs.len() < devices {
        let all: Vec<usize> = (0..module_costs.len()).collect();
        return split(&vec![1.0; devices], cells)
            .into_iter()
            .map(|inputs| WholeShare {
                modules: all.clone(),
                inputs,
            })
            .collect();
    }
    let mut order: Vec<usize> = (0..module_costs.len()).collect();
    order.sort_by_key(|&j| std::cmp::Reverse(module_costs[j]));
    let mut load = vec![0usize; devices];
    let mut shares = vec![
        WholeShare {
            modules: Vec::new(),
            inputs: 0..cells.len(),
        };
        devices
    ];
    for j in order {
        let d = (0..devices).min_by_key(|&d| (load[d], d)).unwrap_or(0);
        load[d] += module_costs[j];
        shares[d].modules.push(j);
    }
    for share in &mut shares {
        share.modules.sort_unstable();
    }
    shares
}

impl GpuBackend {
    /// The rows `rest` of a call that the GPU left (ineligible, or left by
    /// the kernel), on all cores, counted as CPU rows.
    fn cpu_rows(&self, callee: Callee, args: &[&Column], rest: &[usize]) -> Vec<Result<Value>> {
        let start = Instant::now();
        let values: Vec<Result<Value>> = rest
            .par_iter()
            .with_min_len(8)
            .map(|&r| eval_row(callee, args, r))
            .collect();
        if !rest.is_empty() {
            self.telemetry
                .record(&callee, rest.len() as u64, false, start);
        }
        values
    }

    /// The column of a call whose grids stay on the device: eligible rows
    /// there, the others computed on the CPU now.
    fn resident_column(
        &self,
        callee: Callee,
        args: &[&Column],
        plans: &[Option<RowPlan>],
        out: launch::DeviceOut,
        start: Instant,
    ) -> Column {
        self.telemetry
            .record(&callee, out.offsets.len() as u64, true, start);
        let rest: Vec<usize> = (0..plans.len()).filter(|&r| plans[r].is_none()).collect();
        let rest_values = self.cpu_rows(callee, args, &rest);
        let buffer: DeviceBuffer = out.buf;
        let mut k = 0usize;
        let mut rest_values = rest_values.into_iter();
        let slots: Vec<Slot> = plans
            .iter()
            .map(|p| match p {
                Some(_) => {
                    let (h, w) = out.shapes[k];
                    // Residency runs with one device (`run_on_gpus`).
                    let g = DeviceGrid {
                        device: 0,
                        buffer: 0,
                        offset: out.offsets[k],
                        h: h as u32,
                        w: w as u32,
                    };
                    k += 1;
                    Slot::Device(g)
                }
                None => Slot::Host(rest_values.next().unwrap_or(Ok(Value::None))),
            })
            .collect();
        let stream = self.devices[0].stream.clone();
        let crossings = self.telemetry.crossings.clone();
        Column::Resident(Arc::new(Resident::new(
            vec![buffer],
            slots,
            Box::new(move |buffers, slots| {
                launch::fetch_column(&stream, buffers, slots, &crossings)
            }),
        )))
    }
}

impl GpuBackend {
    /// The kernels of `code`'s modules on every device (`[device][module]`),
    /// compiled on first use: the modules in parallel, once per distinct
    /// target.
    fn whole_functions(
        &self,
        code: &whole::WholeCode,
    ) -> GpuResult<Vec<Vec<cudarc::driver::CudaFunction>>> {
        let key = code.fingerprint;
        let mut cached = self
            .whole
            .lock()
            .map_err(|_| GpuError::Panic("whole-programs lock".into()))?;
        if let Some((s, f)) = cached.as_ref() {
            if *s == key {
                return Ok(f.clone());
            }
        }
        let start = Instant::now();
        // Each module is compiled to machine code and loaded in a thread of
        // its own (as PTX, the driver's JIT took 13-16 s for 178 programs on
        // an H200, one module after the other).
        let devices = &self.devices;
        type Loaded = (
            GpuResult<Vec<cudarc::driver::CudaFunction>>,
            std::time::Duration,
        );
        let per_module: Vec<Loaded> = std::thread::scope(|s| {
            let handles: Vec<_> = code
                .modules
                .iter()
                .map(|m| {
                    s.spawn(move || {
                        let began = Instant::now();
                        (load_whole_module(devices, m), began.elapsed())
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| {
                    h.join().unwrap_or_else(|_| {
                        (
                            Err(GpuError::Panic("NVRTC thread".into())),
                            Default::default(),
                        )
                    })
                })
                .collect()
        });
        if self.trace {
            // The slowest modules first: the first run waits for the slowest.
            let mut took: Vec<(usize, &whole::WholeModule)> = per_module
                .iter()
                .zip(&code.modules)
                .map(|((_, t), m)| (t.as_millis() as usize, m))
                .collect();
            took.sort_by_key(|&(ms, _)| std::cmp::Reverse(ms));
            let list: Vec<String> = took
                .iter()
                .take(12)
                .map(|(ms, m)| format!("{} ({} programs from {}) {ms}", m.index, m.len, m.first))
                .collect();
            eprintln!(
                "gpu trace: whole programs' modules compiled and loaded, the slowest first, ms: [{}]",
                list.join(", ")
            );
        }
        let per_module = per_module
            .into_iter()
            .map(|(r, _)| r)
            .collect::<GpuResult<Vec<_>>>()?;
        // Device-major: functions[device][module].
        let functions: Vec<Vec<cudarc::driver::CudaFunction>> = (0..devices.len())
            .map(|d| per_module.iter().map(|fs| fs[d].clone()).collect())
            .collect();
        self.telemetry
            .whole
            .compile_nanos
            .fetch_add(start.elapsed().as_nanos() as u64, Ordering::Relaxed);
        *cached = Some((key, functions.clone()));
        Ok(functions)
    }

    /// [`Backend::run_whole`]: the work split over the devices
    /// ([`WholeSplit`]: by the shared queue; by inputs or by modules with
    /// [`whole_shares`]), each device handing each module's results to
    /// `sink` as they come.
    fn whole_on_devices(
        &self,
        code: &whole::WholeCode,
        inputs: &[&crate::values::Grid],
        sink: &(dyn Fn(whole::WholePiece) + Sync),
        wanted: &(dyn Fn(&whole::WholePiece) -> bool + Sync),
    ) -> GpuResult<()> {
        let looked_up = Instant::now();
        let functions = self.whole_functions(code)?;
        if self.trace {
            eprintln!(
                "gpu trace: whole programs' kernels found in {} us",
                looked_up.elapsed().as_micros()
            );
        }
        let cells: Vec<usize> = inputs.iter().map(|g| g.cells().len()).collect();
        let costs: Vec<usize> = code.modules.iter().map(|m| m.part.len()).collect();
        let split = WholeSplit::from_env();
        let devices = self.devices.len();
        // Shared: every device all modules on all inputs, each taking the
        // next module from one queue.
        let shared = (split == WholeSplit::Queue && devices > 1)
            .then(|| launch::ModuleQueue::shared(launch::module_order(code.modules.len())));
        let shares = match &shared {
            Some(_) => vec![
                WholeShare {
                    modules: (0..code.modules.len()).collect(),
                    inputs: 0..inputs.len(),
                };
                devices
            ],
            None => whole_shares(&costs, &cells, devices, split == WholeSplit::Modules),
        };
        let parts: Vec<GpuResult<(u64, u64)>> = std::thread::scope(|s| {
            let handles: Vec<_> = shares
                .iter()
                .enumerate()
                .filter(|(_, share)| !share.modules.is_empty())
                .map(|(d, share)| {
                    let dev = &self.devices[d];
                    let modules: Vec<_> = share
                        .modules
                        .iter()
                        .map(|&j| (&functions[d][j], &code.modules[j]))
                        .collect();
                    let own = shared
                        .is_none()
                        .then(|| launch::ModuleQueue::own(launch::module_order(modules.len())));
                    let shared = shared.as_ref();
                    let r = share.inputs.clone();
                    let mine = &inputs[r.clone()];
                    s.spawn(move || {
                        guard(|| {
                            launch::run_whole(
                                dev,
                                &modules,
                                own.as_ref().or(shared).expect("a queue"),
                                mine,
                                &mut |j, out, only, second_pass| {
                                    let m = modules[j].1;
                                    sink(whole::WholePiece {
                                        programs: m.first..m.first + m.len,
                                        inputs: r.clone(),
                                        out,
                                        only,
                                        second_pass,
                                        early: false,
                                    })
                                },
                                &|j, list| {
                                    let m = modules[j].1;
                                    wanted(&whole::WholePiece {
                                        programs: m.first..m.first + m.len,
                                        inputs: r.clone(),
                                        out: whole::WholeOut::default(),
                                        only: Some(list.to_vec()),
                                        second_pass: false,
                                        early: false,
                                    })
                                },
                                &mut |j, list| {
                                    let m = modules[j].1;
                                    sink(whole::WholePiece {
                                        programs: m.first..m.first + m.len,
                                        inputs: r.clone(),
                                        out: whole::WholeOut::default(),
                                        only: Some(list),
                                        second_pass: false,
                                        early: true,
                                    })
                                },
                            )
                        })
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| {
                    h.join()
                        .unwrap_or_else(|_| Err(GpuError::Panic("device thread".into())))
                })
                .collect()
        });
        for part in parts {
            let (up, down) = part?;
            self.telemetry
                .bytes_to_device
                .fetch_add(up, Ordering::Relaxed);
            self.telemetry
                .bytes_from_device
                .fetch_add(down, Ordering::Relaxed);
        }
        Ok(())
    }
}

impl Backend for GpuBackend {
    fn name(&self) -> String {
        format!(
            "cuda {} + cpu ({} threads)",
            self.describe(),
            rayon::current_num_threads()
        )
    }
    fn telemetry(&self) -> &Telemetry {
        &self.telemetry
    }
    /// The CPU's batches by default (`BATTGEN_GPU_BATCH_ROWS` overrides).
    /// Every call the GPU takes costs more than it saves: on the H100 host
    /// (corpus, training, cross) the run took 0.29-0.31 s with batches of 7
    /// rows (220 rows on the GPU), 0.32 s with 32, 0.34 s with 64, 0.60 s
    /// with 215 (the former default, eighths: 146k rows on the GPU) and
    /// 1.0 s with all 1718, against 0.28-0.30 s on the CPU alone. Until
    /// values stay on the device between nodes, small batches keep the
    /// CPU share of a node from waiting at a barrier for a large batch and
    /// leave the GPU only the calls that the cost model finds worth it.
    fn batch_rows(&self, total: usize) -> usize {
        std::env::var("BATTGEN_GPU_BATCH_ROWS")
            .ok()
            .and_then(|v| v.parse::<usize>().ok())
            .filter(|&n| n > 0)
            .unwrap_or_else(|| cpu_batch_rows(total))
    }
    fn run_whole(
        &self,
        code: &whole::WholeCode,
        inputs: &[&crate::values::Grid],
        sink: &(dyn Fn(whole::WholePiece) + Sync),
        wanted: &(dyn Fn(&whole::WholePiece) -> bool + Sync),
    ) -> Option<std::result::Result<(), String>> {
        if !self.healthy() {
            return None;
        }
        Some(
            self.whole_on_devices(code, inputs, sink, wanted)
                .map_err(|e| e.to_string()),
        )
    }
    fn call(&self, callee: Callee, args: &[&Column], rows: usize) -> Column {
        let cpu = || CpuBackend::run(callee, args, rows, &self.telemetry);
        let op = match callee {
            Callee::Prim(p) => op_for(p),
            Callee::Column(_) | Callee::Fused(_) => None,
        };
        let Some(op) = op else { return cpu() };
        let loaded = self.devices.iter().all(|d| d.has(op.kernel));
        if !loaded || !self.healthy() || all_uniform(&callee, args) {
            return cpu();
        }
        let t_plan = Instant::now();
        let (buffers, maps) = ops::device_buffers(args);
        let plans = plan_rows_with(&op, args, rows, &maps);
        let eligible: Vec<&RowPlan> = plans.iter().flatten().collect();
        let cells: usize = eligible.iter().map(|p| p.cells()).sum();
        if eligible.is_empty() {
            return cpu();
        }
        let slot = op.prim as usize;
        let side = if self.force {
            Side::Gpu
        } else {
            self.cost
                .lock()
                .map_or(Side::Cpu, |mut c| c.choose(slot, cells))
        };
        let start = Instant::now();
        if side == Side::Cpu {
            let col = cpu();
            if let Ok(mut c) = self.cost.lock() {
                c.observe(slot, Side::Cpu, cells, start.elapsed().as_nanos() as u64);
            }
            return col;
        }
        let plan_us = t_plan.elapsed().as_micros();
        let keep = self.resident && matches!(op.kind, Kind::Gather | Kind::Paint);
        let (gpu_values, phases) = match self.run_on_gpus(&op, &eligible, &buffers, keep) {
            Ok((GpuOut::Device(out), phases)) if out.offsets.len() == eligible.len() => {
                if let Ok(mut c) = self.cost.lock() {
                    c.observe(slot, Side::Gpu, cells, start.elapsed().as_nanos() as u64);
                }
                let launched_us = t_plan.elapsed().as_micros();
                let col = self.resident_column(callee, args, &plans, out, start);
                if self.trace {
                    eprintln!(
                        "gpu trace: {:<10} rows {:>7} gpu, {:>9} cells, kept on the device | us: plan {plan_us}, inputs {}, launch {}, then slots and cpu rows {}, total {}",
                        op.prim.name(),
                        eligible.len(),
                        cells,
                        phases[0],
                        phases[1],
                        t_plan.elapsed().as_micros() - launched_us,
                        t_plan.elapsed().as_micros()
                    );
                }
                return col;
            }
            Ok((GpuOut::Values(v), p)) if v.len() == eligible.len() => (v, p),
            Ok(_) => {
                self.fail(&op, &GpuError::Driver("wrong number of results".into()));
                return cpu();
            }
            Err(e) => {
                self.fail(&op, &e);
                return cpu();
            }
        };
        if let Ok(mut c) = self.cost.lock() {
            c.observe(slot, Side::Gpu, cells, start.elapsed().as_nanos() as u64);
        }
        let on_gpu = gpu_values.iter().filter(|v| v.is_some()).count();
        self.telemetry.record(&callee, on_gpu as u64, true, start);
        // The other rows (ineligible, or left by the kernel) on the CPU,
        // then stitched back in row order.
        let cpu_start = Instant::now();
        let mut gpu = gpu_values.into_iter();
        let from_gpu: Vec<Option<Value>> = plans
            .iter()
            .map(|p| p.as_ref().and_then(|_| gpu.next().flatten()))
            .collect();
        let rest: Vec<usize> = (0..rows).filter(|&r| from_gpu[r].is_none()).collect();
        let rest_values = self.cpu_rows(callee, args, &rest);
        let rest_us = cpu_start.elapsed().as_micros();
        let mut other = rest_values.into_iter();
        let out = from_gpu
            .into_iter()
            .map(|v| match v {
                Some(v) => Ok(v),
                None => other.next().unwrap_or(Ok(Value::None)),
            })
            .collect();
        if self.trace {
            eprintln!(
                "gpu trace: {:<10} rows {:>7} gpu / {:>6} cpu, {:>9} cells | us: plan {plan_us}, inputs {}, kernel+copy {}, unpack {}, register {}, cpu rows {rest_us}, total {}",
                op.prim.name(),
                on_gpu,
                rest.len(),
                cells,
                phases[0],
                phases[1],
                phases[2],
                phases[3],
                t_plan.elapsed().as_micros()
            );
        }
        Column::Rows(out)
    }
}

/// Pick the backend of a batched run: the CPU when asked (`--cpu`), else
/// the selected GPUs; where none can be used, the CPU with one line on
/// stderr saying why (unless `quiet` and no GPU was asked for explicitly).
pub fn backend_for(cpu_only: bool, gpus: Option<&GpuSelect>, quiet: bool) -> Box<dyn Backend> {
    if cpu_only {
        return Box::new(CpuBackend::new());
    }
    let explicit = gpus.is_some();
    let select = gpus.cloned().unwrap_or(GpuSelect::All);
    match GpuBackend::new(&select) {
        Ok(b) => Box::new(b),
        Err(e) => {
            if explicit || !quiet {
                eprintln!("gpu: not used: {e}; everything runs on the CPU");
            }
            Box::new(CpuBackend::new())
        }
    }
}

/// A GPU backend is in use and reports how much ran on it.
pub fn is_gpu(backend: &dyn Backend) -> bool {
    backend.name().starts_with("cuda ")
}

/// One whole-programs module loaded on every device (compiled once per
/// architecture): its kernel on each.
fn load_whole_module(
    devices: &[device::Device],
    m: &whole::WholeModule,
) -> GpuResult<Vec<cudarc::driver::CudaFunction>> {
    let mut images: Vec<(Option<&'static str>, cudarc::nvrtc::Ptx)> = Vec::new();
    let mut loaded = Vec::with_capacity(devices.len());
    for d in devices {
        let image = match images.iter().find(|(a, _)| *a == d.arch) {
            Some((_, p)) => p.clone(),
            None => {
                let p = whole_image(&m.source(), d.arch)?;
                images.push((d.arch, p.clone()));
                p
            }
        };
        loaded.push(d.load(image, &m.kernel())?);
    }
    Ok(loaded)
}

/// A whole-programs module's image for a device of architecture `arch`:
/// machine code (from the disk cache, else from NVRTC, then kept) where
/// NVRTC can make it, else PTX (for that architecture, else NVRTC's
/// default).
fn whole_image(source: &str, arch: Option<&'static str>) -> GpuResult<cudarc::nvrtc::Ptx> {
    if let Some(real) = device::real_arch(arch) {
        let cache = image_cache::ImageCache::from_env();
        if let Some(image) = cache.as_ref().and_then(|c| c.get(source, &real)) {
            return Ok(cudarc::nvrtc::Ptx::from_binary(image));
        }
        if let Some(image) = device::compile_cubin(source, arch) {
            if let Some(c) = &cache {
                c.put(source, &real, &image);
            }
            return Ok(cudarc::nvrtc::Ptx::from_binary(image));
        }
    }
    device::compile_source(source.to_owned(), "whole programs", arch)
        .or_else(|_| device::compile_source(source.to_owned(), "whole programs", None))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A shared queue hands every module to exactly one of the devices
    /// taking from it at once, in its order; an own queue all of its list.
    #[test]
    fn module_queue_hands_each_module_once() {
        let queue = launch::ModuleQueue::shared((0..64).rev().collect());
        let taken: Vec<Vec<usize>> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..4)
                .map(|_| s.spawn(|| std::iter::from_fn(|| queue.take()).collect::<Vec<_>>()))
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        for mine in &taken {
            assert!(mine.windows(2).all(|w| w[0] > w[1]), "{mine:?}");
        }
        let mut all: Vec<usize> = taken.concat();
        all.sort_unstable();
        assert_eq!(all, (0..64).collect::<Vec<_>>());
        assert_eq!(queue.take(), None);
        let own = launch::ModuleQueue::own(vec![2, 0, 1]);
        let mine: Vec<usize> = std::iter::from_fn(|| own.take()).collect();
        assert_eq!(mine, [2, 0, 1]);
    }

    /// Split by modules, every module goes to one device with all inputs,
    /// the costliest first to the least loaded; by inputs (or with fewer
    /// modules than devices), every device runs every module.
    #[test]
    fn whole_shares_deal_modules_or_inputs() {
        let cells = vec![10; 6];
        let by_modules = whole_shares(&[5, 30, 20, 10, 15], &cells, 2, true);
        assert_eq!(
            by_modules,
            vec![
                WholeShare {
                    modules: vec![1, 3],
                    inputs: 0..6
                },
                WholeShare {
                    modules: vec![0, 2, 4],
                    inputs: 0..6
                },
            ]
        );
        let by_inputs = whole_shares(&[5, 30, 20], &cells, 2, false);
        assert_eq!(by_inputs.len(), 2);
        assert!(by_inputs.iter().all(|s| s.modules == vec![0, 1, 2]));
        assert_eq!(by_inputs[0].inputs, 0..3);
        assert_eq!(by_inputs[1].inputs, 3..6);
        // One module, two devices: by inputs.
        let one = whole_shares(&[7], &cells, 2, true);
        assert!(one.iter().all(|s| s.modules == vec![0]) && one[1].inputs == (3..6));
    }

    #[test]
    fn split_follows_weights_and_keeps_order() {
        let cells = vec![10; 10];
        assert_eq!(split(&[1.0], &cells), vec![0..10]);
        assert_eq!(split(&[1.0, 1.0], &cells), vec![0..5, 5..10]);
        assert_eq!(split(&[3.0, 1.0], &cells), vec![0..8, 8..10]);
        let r = split(&[1.0, 1.0, 1.0, 1.0], &[100, 1, 1, 1, 1, 1]);
        assert_eq!(r.first().map(|r| r.start), Some(0));
        assert_eq!(r.last().map(|r| r.end), Some(6));
        for w in r.windows(2) {
            assert_eq!(w[0].end, w[1].start);
        }
        assert_eq!(split(&[1.0, 1.0], &[]), vec![0..0, 0..0]);
    }
}
