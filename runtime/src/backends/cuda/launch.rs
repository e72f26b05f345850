//! Running the eligible rows of one call on one device: inputs resident or
//! uploaded, descriptors uploaded, one launch, results downloaded and cut
//! back into values. Outputs stay registered as resident for later calls.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use cudarc::driver::{CudaSlice, LaunchConfig, PushKernelArg};
use rayon::prelude::*;

use cudarc::driver::CudaStream;

use super::cache::Cache;
use super::device::{guard, Device, GpuError, GpuResult};
use super::ops::{self, Buffers, DeviceRef, GridSrc, Kind, Op, RowPlan, Sets, DESC, REDUCE_STRIDE};
use super::pack;
use crate::batch::{Crossings, DeviceBuffer, Slot};
use crate::error::{Error, ErrorKind, Result};
use crate::values::{Cell, Grid, Loc, Value};
use std::any::Any;

pub type DeviceCache = Cache<CudaSlice<i8>>;

/// What one device returned for its rows.
pub struct ChunkOut {
    /// Each row's value; `None` where the kernel left the row to the CPU.
    pub values: Vec<Option<Value>>,
    pub bytes_to_device: u64,
    pub bytes_from_device: u64,
    /// Microseconds in: inputs (lookup or upload), launch and download,
    /// cutting into values, registering the outputs.
    pub phases: [u64; 4],
    /// Grid outputs left on the device (`values` is then empty): the
    /// buffer, each row's offset and shape.
    pub on_device: Option<DeviceOut>,
}

pub struct DeviceOut {
    pub buf: Arc<CudaSlice<i8>>,
    pub offsets: Vec<u32>,
    pub shapes: Vec<(usize, usize)>,
}

/// The cells of device grids, by buffer: each distinct buffer copied down
/// once. `None` for a buffer of another type (not this backend's).
fn download_buffers(
    stream: &Arc<CudaStream>,
    buffers: &[&Arc<dyn Any + Send + Sync>],
    bytes: &mut u64,
) -> GpuResult<Vec<(usize, Vec<i8>)>> {
    let mut seen: Vec<(usize, Vec<i8>)> = Vec::new();
    for b in buffers {
        let key = Arc::as_ptr(b) as *const () as usize;
        if seen.iter().any(|(k, _)| *k == key) {
            continue;
        }
        let buf = b.downcast_ref::<CudaSlice<i8>>().ok_or(GpuError::Driver(
            "a device column of another backend".into(),
        ))?;
        let cells = stream.clone_dtoh(buf)?;
        stream.synchronize()?;
        *bytes += cells.len() as u64;
        seen.push((key, cells));
    }
    Ok(seen)
}

fn cut(cells: &[(usize, Vec<i8>)], key: usize, g: (u32, u32, u32)) -> Grid {
    let (off, h, w) = (g.0 as usize, g.1 as usize, g.2 as usize);
    let host = cells
        .iter()
        .find(|(k, _)| *k == key)
        .map_or(&[][..], |(_, c)| &c[..]);
    Grid::from_cells(h, w, &host[off..off + h * w])
}

/// The host values of a resident column (its device rows copied down):
/// what `Column::row` reads when a CPU node or the output needs them.
/// Counts the copy as a host crossing.
pub fn fetch_column(
    stream: &Arc<CudaStream>,
    buffers: &[DeviceBuffer],
    slots: &[Slot],
    crossings: &Crossings,
) -> Vec<Result<Value>> {
    let used: Vec<&DeviceBuffer> = buffers.iter().collect();
    let mut bytes = 0u64;
    let cells = match guard(|| download_buffers(stream, &used, &mut bytes)) {
        Ok(c) => c,
        Err(e) => {
            // The device lost its column: its rows cannot be recovered
            // here. Say so and fail those rows, never the process.
            eprintln!("gpu: {e} while copying a column to the host; its device rows fail");
            let err = Error::new(ErrorKind::Unsupported, "gpu: device column lost");
            return slots
                .iter()
                .map(|s| match s {
                    Slot::Host(v) => v.clone(),
                    Slot::Device(_) => Err(err),
                })
                .collect();
        }
    };
    crossings.record(bytes);
    // Sequential on purpose: this runs inside the column's `OnceLock`
    // initialisation, and a rayon loop here lets this thread steal a task
    // that reads the same column, re-entering the initialisation (a
    // deadlock: the corpus with every eligible row on the GPU hung).
    slots
        .iter()
        .map(|s| match s {
            Slot::Host(v) => v.clone(),
            Slot::Device(g) => {
                let key = buffers
                    .get(g.buffer as usize)
                    .map_or(0, |b| Arc::as_ptr(b) as *const () as usize);
                Ok(Value::Grid(cut(&cells, key, (g.offset, g.h, g.w))))
            }
        })
        .collect()
}

/// The device buffer holding `grids` and each one's offset: found resident,
/// or packed, uploaded and registered.
#[allow(clippy::too_many_arguments)]
fn inputs(
    dev: &Device,
    slot: usize,
    srcs: &[&GridSrc],
    buffers: &Buffers,
    cache: &Mutex<DeviceCache>,
    uploaded: &mut u64,
    downloaded: &mut u64,
) -> GpuResult<(Arc<CudaSlice<i8>>, Vec<u32>)> {
    // All in one buffer of this device (one earlier call's output): read
    // there.
    let device: Vec<&DeviceRef> = srcs
        .iter()
        .filter_map(|s| match s {
            GridSrc::Device(d) => Some(d),
            GridSrc::Host(_) => None,
        })
        .collect();
    let buffer = |d: &DeviceRef| {
        buffers
            .get(d.buffer as usize)
            .ok_or(GpuError::Driver("no such device buffer".into()))
    };
    if let Some(first) = device.first() {
        let same = device.len() == srcs.len()
            && device
                .iter()
                .all(|d| d.device == slot && d.buffer == first.buffer);
        if same {
            if let Ok(buf) = buffer(first)?.clone().downcast::<CudaSlice<i8>>() {
                return Ok((buf, device.iter().map(|d| d.offset).collect()));
            }
        }
    }
    // Otherwise on the host: device grids copied down, then packed.
    let used: Vec<&Arc<dyn Any + Send + Sync>> =
        device.iter().map(|d| buffer(d)).collect::<GpuResult<_>>()?;
    let cells = download_buffers(&dev.stream, &used, downloaded)?;
    let owned: Vec<Grid> = srcs
        .iter()
        .map(|s| match s {
            GridSrc::Host(g) => Ok(g.clone()),
            GridSrc::Device(d) => {
                let key = Arc::as_ptr(buffer(d)?) as *const () as usize;
                Ok(cut(&cells, key, (d.offset, d.h, d.w)))
            }
        })
        .collect::<GpuResult<_>>()?;
    let grids: Vec<&Grid> = owned.iter().collect();
    let grids = &grids[..];
    if let Some(found) = cache
        .lock()
        .map_err(|_| GpuError::Panic("cache lock".into()))?
        .find(slot, grids)
    {
        return Ok(found);
    }
    let layout = pack::layout(grids).ok_or(GpuError::OutOfMemory)?;
    let buf = Arc::new(dev.upload(layout.total, |cells| pack::fill(&layout, cells))?);
    *uploaded += layout.total as u64;
    if let Ok(mut c) = cache.lock() {
        c.insert(
            slot,
            buf.clone(),
            layout.total,
            layout.grids,
            &layout.offsets,
        );
    }
    Ok((buf, layout.rows))
}

/// Run `op` over `plans` on device `dev` (slot `slot` of the backend).
/// With `keep_on_device`, grid outputs stay on the device
/// ([`ChunkOut::on_device`]).
pub fn run_chunk(
    dev: &Device,
    slot: usize,
    op: &Op,
    plans: &[&RowPlan],
    buffers: &Buffers,
    cache: &Mutex<DeviceCache>,
    keep_on_device: bool,
) -> GpuResult<ChunkOut> {
    let mut up = 0u64;
    let mut down = 0u64;
    let t0 = Instant::now();
    let mut clock = Instant::now();
    let mut phases = [0u64; 4];
    let mut lap = |k: usize| {
        phases[k] += clock.elapsed().as_micros() as u64;
        clock = Instant::now();
    };
    let grids_a: Vec<&GridSrc> = plans.iter().filter_map(|p| p.a.as_ref()).collect();
    let grids_b: Vec<&GridSrc> = plans.iter().filter_map(|p| p.b.as_ref()).collect();
    // Every row of one call has the same arguments present.
    let a = if grids_a.len() == plans.len() {
        Some(inputs(
            dev, slot, &grids_a, buffers, cache, &mut up, &mut down,
        )?)
    } else {
        None
    };
    let b = if grids_b.len() == plans.len() {
        Some(inputs(
            dev, slot, &grids_b, buffers, cache, &mut up, &mut down,
        )?)
    } else {
        None
    };
    let offs = |x: &Option<(Arc<CudaSlice<i8>>, Vec<u32>)>| {
        x.as_ref().map(|(_, o)| o.clone()).unwrap_or_default()
    };
    let (a_offs, b_offs) = (offs(&a), offs(&b));
    let a_buf: &CudaSlice<i8> = a.as_ref().map_or(&dev.dummy, |(buf, _)| buf);
    let b_buf: &CudaSlice<i8> = b.as_ref().map_or(&dev.dummy, |(buf, _)| buf);
    lap(0);
    let nrows = i32::try_from(plans.len()).map_err(|_| GpuError::OutOfMemory)?;
    let stream = &dev.stream;
    let f = dev.function(op.kernel)?;

    // Gathers and paints write grids; the other kinds return here.
    let grids = match op.kind {
        Kind::Gather => {
            let shapes: Vec<(usize, usize)> = plans.iter().map(|p| p.out).collect();
            let (out_offs, total) = pack::out_offsets(&shapes).ok_or(GpuError::OutOfMemory)?;
            let desc = ops::descriptors(plans, &a_offs, &b_offs, &out_offs);
            if trace_on() {
                eprintln!(
                    "gpu trace:   descriptors built at {} us",
                    t0.elapsed().as_micros()
                );
            }
            let desc_dev = stream.clone_htod(&desc)?;
            if trace_on() {
                eprintln!(
                    "gpu trace:   descriptors up at {} us",
                    t0.elapsed().as_micros()
                );
            }
            up += (desc.len() * 4) as u64;
            let mut out = stream.alloc_zeros::<i8>(total.max(1))?;
            let total_i = total as i32;
            let threads = 256u32;
            let blocks = (total as u32).div_ceil(threads).clamp(1, 1 << 20);
            let cfg = LaunchConfig {
                grid_dim: (blocks, 1, 1),
                block_dim: (threads, 1, 1),
                shared_mem_bytes: 0,
            };
            let mut launch = stream.launch_builder(f);
            launch
                .arg(a_buf)
                .arg(b_buf)
                .arg(&mut out)
                .arg(&desc_dev)
                .arg(&nrows)
                .arg(&total_i);
            // SAFETY: the kernel reads A/B inside each row's grid (shapes and
            // offsets built from the packed grids) and writes `total` cells.
            unsafe { launch.launch(cfg) }?;
            GridsOut {
                buf: out,
                offsets: out_offs,
                shapes,
                total,
            }
        }
        Kind::Reduce(reduced) => {
            let desc = ops::descriptors(plans, &a_offs, &b_offs, &[]);
            let desc_dev = stream.clone_htod(&desc)?;
            up += (desc.len() * 4) as u64;
            let mut out = stream.alloc_zeros::<i32>(plans.len() * REDUCE_STRIDE)?;
            let cfg = LaunchConfig {
                grid_dim: (plans.len() as u32, 1, 1),
                block_dim: (128, 1, 1),
                shared_mem_bytes: 0,
            };
            let mut launch = stream.launch_builder(f);
            launch.arg(a_buf).arg(&desc_dev).arg(&nrows).arg(&mut out);
            // SAFETY: one block per row reads that row's grid and writes its
            // REDUCE_STRIDE output words.
            unsafe { launch.launch(cfg) }?;
            let words = stream.clone_dtoh(&out)?;
            stream.synchronize()?;
            lap(1);
            let values = words
                .chunks(REDUCE_STRIDE)
                .map(|w| Some(ops::reduced_value(reduced, w)))
                .collect();
            lap(2);
            return Ok(ChunkOut {
                values,
                bytes_to_device: up,
                bytes_from_device: down + (words.len() * 4) as u64,
                phases,
                on_device: None,
            });
        }
        Kind::Components(sets) => {
            // Each row's keys at the prefix sum of h * w, its component
            // starts at the prefix sum of h * w + 1, its scratch at 5x keys.
            let mut key_offs = Vec::with_capacity(plans.len());
            let mut start_offs = Vec::with_capacity(plans.len());
            let (mut keys_total, mut starts_total) = (0usize, 0usize);
            for p in plans {
                key_offs.push(keys_total as u32);
                start_offs.push(starts_total as i32);
                keys_total += p.out.0 * p.out.1;
                starts_total += p.out.0 * p.out.1 + 1;
            }
            let mut desc = ops::descriptors(plans, &a_offs, &[], &key_offs);
            for (r, &s) in start_offs.iter().enumerate() {
                desc[r * DESC + 11] = s;
            }
            let desc_dev = stream.clone_htod(&desc)?;
            up += (desc.len() * 4) as u64;
            let mut keys = stream.alloc_zeros::<u32>(keys_total.max(1))?;
            let mut starts = stream.alloc_zeros::<i32>(starts_total.max(1))?;
            let mut scratch = stream.alloc_zeros::<i32>((5 * keys_total).max(1))?;
            let mut counts = stream.alloc_zeros::<i32>(plans.len().max(1))?;
            let threads = 64u32;
            let cfg = LaunchConfig {
                grid_dim: ((plans.len() as u32).div_ceil(threads).max(1), 1, 1),
                block_dim: (threads, 1, 1),
                shared_mem_bytes: 0,
            };
            let mut launch = stream.launch_builder(f);
            launch
                .arg(a_buf)
                .arg(&desc_dev)
                .arg(&nrows)
                .arg(&mut keys)
                .arg(&mut starts)
                .arg(&mut scratch)
                .arg(&mut counts);
            // SAFETY: row r reads its grid and writes its h * w keys, its
            // h * w + 1 starts, its 5 * h * w scratch ints and counts[r].
            unsafe { launch.launch(cfg) }?;
            let counts_h = stream.clone_dtoh(&counts)?;
            let starts_h = stream.clone_dtoh(&starts)?;
            let keys_h = stream.clone_dtoh(&keys)?;
            stream.synchronize()?;
            lap(1);
            // Building the values is host work per row: on every core.
            let values = (0..plans.len())
                .into_par_iter()
                .with_min_len(64)
                .map(|r| {
                    let n = usize::try_from(counts_h[r]).ok()?;
                    let keys = &keys_h[key_offs[r] as usize..];
                    Some(match sets {
                        Sets::Indices => {
                            Value::Indices(keys[..n].iter().map(|&k| key_loc(k)).collect())
                        }
                        Sets::Objects => {
                            let st = &starts_h[start_offs[r] as usize..][..n + 1];
                            Value::Set(
                                st.windows(2)
                                    .map(|s| {
                                        let cells = &keys[s[0] as usize..s[1] as usize];
                                        Value::Object(cells.iter().map(|&k| key_cell(k)).collect())
                                    })
                                    .collect(),
                            )
                        }
                    })
                })
                .collect();
            lap(2);
            return Ok(ChunkOut {
                values,
                bytes_to_device: up,
                bytes_from_device: down
                    + ((counts_h.len() + starts_h.len() + keys_h.len()) * 4) as u64,
                phases,
                on_device: None,
            });
        }
        Kind::Paint => {
            let shapes: Vec<(usize, usize)> = plans.iter().map(|p| p.out).collect();
            let (out_offs, total) = pack::out_offsets(&shapes).ok_or(GpuError::OutOfMemory)?;
            let mut patch_offs = Vec::with_capacity(plans.len());
            let mut at = 0usize;
            for p in plans {
                patch_offs.push(at as u32);
                at += p.patch.as_ref().map_or(0, |c| c.len());
            }
            if at > i32::MAX as usize / 3 {
                return Err(GpuError::OutOfMemory);
            }
            let parts: Vec<Vec<i32>> = plans
                .par_iter()
                .with_min_len(64)
                .map(|p| {
                    let mut v = Vec::new();
                    if let Some(cells) = &p.patch {
                        cells.pack_into(&mut v);
                    }
                    v
                })
                .collect();
            let mut patch = parts.concat();
            let desc = ops::descriptors(plans, &a_offs, &patch_offs, &out_offs);
            let desc_dev = stream.clone_htod(&desc)?;
            if patch.is_empty() {
                patch.push(0);
            }
            let patch_dev = stream.clone_htod(&patch)?;
            up += ((desc.len() + patch.len()) * 4) as u64;
            let mut out = stream.alloc_zeros::<i8>(total.max(1))?;
            let cfg = LaunchConfig {
                grid_dim: (plans.len() as u32, 1, 1),
                block_dim: (128, 1, 1),
                shared_mem_bytes: 0,
            };
            let mut launch = stream.launch_builder(f);
            launch
                .arg(a_buf)
                .arg(&patch_dev)
                .arg(&mut out)
                .arg(&desc_dev)
                .arg(&nrows);
            // SAFETY: block r copies its grid into its output cells and
            // writes only inside them; it reads its own patch cells.
            unsafe { launch.launch(cfg) }?;
            GridsOut {
                buf: out,
                offsets: out_offs,
                shapes,
                total,
            }
        }
    };
    let (values, on_device, bytes) =
        grid_outputs(dev, slot, grids, cache, keep_on_device, &mut lap)?;
    Ok(ChunkOut {
        values,
        bytes_to_device: up,
        bytes_from_device: down + bytes,
        phases,
        on_device,
    })
}

/// The grids a gather or paint call wrote on the device.
struct GridsOut {
    buf: CudaSlice<i8>,
    offsets: Vec<u32>,
    shapes: Vec<(usize, usize)>,
    total: usize,
}

/// A grid call's outputs: left on the device (`keep`), or copied down, cut
/// into values and registered as resident for later calls. Returns the
/// values, the device outputs and the bytes copied down.
type GridResult = (Vec<Option<Value>>, Option<DeviceOut>, u64);

fn grid_outputs(
    dev: &Device,
    slot: usize,
    out: GridsOut,
    cache: &Mutex<DeviceCache>,
    keep: bool,
    lap: &mut dyn FnMut(usize),
) -> GpuResult<GridResult> {
    if keep {
        lap(1);
        let on_device = DeviceOut {
            buf: Arc::new(out.buf),
            offsets: out.offsets,
            shapes: out.shapes,
        };
        return Ok((Vec::new(), Some(on_device), 0));
    }
    let grids = dev.download(&out.buf, |cells| {
        lap(1);
        pack::unpack(&cells[..out.total], &out.shapes)
    })?;
    let values = grids.iter().map(|g| Some(Value::Grid(g.clone()))).collect();
    lap(2);
    if let Ok(mut c) = cache.lock() {
        c.insert(slot, Arc::new(out.buf), out.total, grids, &out.offsets);
    }
    lap(3);
    Ok((values, None, out.total as u64))
}

/// Whether `BATTGEN_GPU_TRACE` asks for the GPU trace lines (read once).
pub fn trace_on() -> bool {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ON.get_or_init(|| std::env::var_os("BATTGEN_GPU_TRACE").is_some_and(|v| v != "0"))
}

/// The location of a key (see `kernels/patches.cu`).
pub fn key_loc(k: u32) -> Loc {
    (((k >> 12) & 0xfff) as i32, (k & 0xfff) as i32)
}

/// The cell of a key (see `kernels/patches.cu`).
pub fn key_cell(k: u32) -> Cell {
    let (i, j) = key_loc(k);
    Cell::new(((k >> 24) as i32 - 128) as i8, i, j)
}

/// How whole programs' modules are launched (`BATTGEN_WHOLE_WARPS`,
/// `BATTGEN_WHOLE_BLOCKS`, `BATTGEN_WHOLE_STREAMS`,
/// `BATTGEN_WHOLE_LATE_BLOCKS`, `BATTGEN_WHOLE_LATE_STREAMS`: knobs for
/// measuring).
/// A warp keeps its values in global memory, its own part of a scratch
/// buffer of blocks x warps parts: a warp's slots reserve 30-100 KB, of
/// which a program touches only the cells its values use, and the caches
/// hold those. (In shared memory, which reserves all of it, an SM ran 4-10
/// warps; the kernels took 34.0-34.2 ms for the 205 solvers against
/// 32.0-32.4 ms in global memory with 8 warps x 1024 blocks on four
/// streams, one H200; one stream or four made no difference otherwise.)
struct Launches {
    /// Warps per block and the most blocks per launch.
    warps: usize,
    max_blocks: usize,
    /// Streams the modules' launches take in turn.
    streams: usize,
    /// The most blocks of a second pass's launch, and the streams its
    /// launches take in turn (each with warp memory of its own, as large
    /// as its largest launch needs).
    second_blocks: usize,
    second_streams: usize,
    /// Whether the second passes' results are collected while the first
    /// pass runs (`BATTGEN_WHOLE_LATE_EARLY=0`: after its last module, for
    /// A/B).
    second_early: bool,
}

/// A positive number from the environment, else `default`.
fn env_count(key: &str, default: usize) -> usize {
    std::env::var(key)
        .ok()
        .and_then(|v| v.parse().ok())
        .filter(|&n: &usize| n > 0)
        .unwrap_or(default)
}

/// Whether the whole programs' modules are launched last first (the
/// default; `BATTGEN_WHOLE_MODULE_ORDER=given` launches them in order).
/// The programs come in their file's order, and the later modules hold the
/// longer programs (arc-dsl's `solvers.py` grows from one line to forty):
/// their evaluations left to the CPU take the CPU longest, so their results
/// come first, and the CPU reruns them while the shorter programs run
/// (measured level with the 2 ms deadline: 59.6-63.2 ms against 60.9-63.2
/// for the 226 public solvers with device code, one H200).
pub fn whole_last_module_first() -> bool {
    std::env::var("BATTGEN_WHOLE_MODULE_ORDER").map_or(true, |v| v != "given")
}

/// The order in which `len` modules are launched: positions, the last
/// first unless [`whole_last_module_first`] says otherwise.
pub fn module_order(len: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..len).collect();
    if whole_last_module_first() {
        order.reverse();
    }
    order
}

impl Launches {
    fn from_env() -> Launches {
        Launches {
            warps: env_count("BATTGEN_WHOLE_WARPS", 8).min(32),
            max_blocks: env_count("BATTGEN_WHOLE_BLOCKS", 1024),
            streams: env_count("BATTGEN_WHOLE_STREAMS", 1),
            second_blocks: env_count("BATTGEN_WHOLE_LATE_BLOCKS", 1024),
            second_streams: env_count("BATTGEN_WHOLE_LATE_STREAMS", 4),
            second_early: std::env::var("BATTGEN_WHOLE_LATE_EARLY").map_or(true, |v| v != "0"),
        }
    }
}

/// The modules (positions in [`run_whole`]'s list) a device takes, in
/// turn: a list of its own, all launched at once, or one list shared by
/// every device, each taking its next module only when `ahead` of its own
/// are launched and not yet collected. Shared, the modules go to whichever
/// device is free, so that no device waits for another's longest module
/// (split by inputs, every device runs every module, and each module's
/// kernel lasts at least as long as its longest evaluation, on half the
/// inputs too).
pub struct ModuleQueue {
    order: Vec<usize>,
    next: std::sync::atomic::AtomicUsize,
    ahead: usize,
}

impl ModuleQueue {
    /// A device's own queue of `order`, launched at once.
    pub fn own(order: Vec<usize>) -> ModuleQueue {
        ModuleQueue {
            order,
            next: Default::default(),
            ahead: usize::MAX,
        }
    }
    /// A queue of `order` shared by devices, each keeping two modules
    /// launched: one running, the next waiting behind it on its stream
    /// (`BATTGEN_WHOLE_AHEAD=N`: N, for measuring).
    pub fn shared(order: Vec<usize>) -> ModuleQueue {
        ModuleQueue {
            order,
            next: Default::default(),
            ahead: env_count("BATTGEN_WHOLE_AHEAD", 2),
        }
    }
    /// The next module, if any is left.
    pub fn take(&self) -> Option<usize> {
        let k = self.next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.order.get(k).copied()
    }
}

/// The buffers a device kept from its last run of whole programs, a list
/// or one buffer (the slot is left empty until this run puts its own
/// back).
fn take_kept<T: Default>(slot: &Mutex<T>, what: &str) -> GpuResult<T> {
    let mut held = slot
        .lock()
        .map_err(|_| GpuError::Panic(format!("{what} lock")))?;
    Ok(std::mem::take(&mut *held))
}

/// Whether the first pass tells the evaluations it leaves beyond the
/// device's limits as they end ([`super::device::EarlyLeft`]; the default;
/// `BATTGEN_WHOLE_EARLY=0`: only with the module's results, for A/B).
pub fn early_left_on() -> bool {
    std::env::var("BATTGEN_WHOLE_EARLY").map_or(true, |v| v != "0")
}

/// One module's output buffers on a device. Each module has its own, so
/// that the copy of its results waits for its kernel only (cudarc orders
/// a copy after the buffer's last writer, and a buffer that every launch
/// writes made the first copy wait for the last kernel).
struct ModuleOut {
    cells: CudaSlice<i8>,
    desc: CudaSlice<i32>,
    used: CudaSlice<u64>,
    cap: usize,
}

/// Whole programs (`whole.rs`) on one device over `inputs`: the programs
/// of every module it takes from `queue` (positions in `modules`) on every
/// input, one launch per module and one warp per evaluation; the inputs go
/// up once. Each module's outputs come down as
/// soon as its kernel ends, packed (descriptors, then only the cells
/// written), and go to `sink` with the module's position in `modules`,
/// while the later modules still run. The evaluations a module left at
/// the first pass's deadline run again at once on a stream of their own,
/// with the second pass's deadline (`whole::deadlines_ns`), while the CPU
/// threads rerun what the device left for other reasons; their results go
/// to `sink` with their list as their kernels end (the host looks between
/// waiting for the first pass's modules), unless `wanted` says the CPU has
/// decided all of a list by then (its kernel is not waited for). While a
/// module's kernel runs, the evaluations it leaves beyond the device's
/// limits go to `early` (module, places) as they end. Returns the bytes
/// moved up and down.
#[allow(clippy::too_many_arguments)]
pub fn run_whole(
    device: &Device,
    modules: &[(&cudarc::driver::CudaFunction, &super::whole::WholeModule)],
    queue: &ModuleQueue,
    inputs: &[&Grid],
    sink: &mut dyn FnMut(usize, super::whole::WholeOut, Option<Vec<u32>>, bool),
    wanted: &dyn Fn(usize, &[u32]) -> bool,
    early: &mut dyn FnMut(usize, Vec<u32>),
) -> GpuResult<(u64, u64)> {
    use super::whole::{pack_inputs, WholeOut, OUT_DESC, OVERTIME_STATUS};
    if modules.is_empty() || inputs.is_empty() {
        return Ok((0, 0));
    }
    let t0 = Instant::now();
    let made_before = device.results_made.so_far();
    let stream = &device.stream;
    let (cells, desc) = pack_inputs(inputs);
    let cells_dev = device.upload(cells.len(), |h| h.copy_from_slice(&cells))?;
    let desc_dev = stream.clone_htod(&desc)?;
    let n = inputs.len();
    // Room for 512 cells per evaluation (the public solvers' outputs average
    // 160), less where that would pass 2 GB for all modules together (so
    // that device memory does not grow with the battery); once a module's
    // room is full, its later outputs are left to the CPU (counted as
    // such), never lost. The cell buffers of the last run are kept where
    // they are large enough: only the cells a run reserves (below `used`)
    // are written and read.
    let evaluations_all: usize = modules.iter().map(|(_, m)| m.len * n).sum();
    let per_evaluation = ((1usize << 31) / evaluations_all.max(1)).min(512);
    let mut kept: Vec<Option<CudaSlice<i8>>> = take_kept(&device.whole_out, "whole output")?
        .into_iter()
        .map(Some)
        .collect();
    let mut outs = Vec::with_capacity(modules.len());
    for (j, (_, m)) in modules.iter().enumerate() {
        let evaluations = m.len * n;
        let cap = (evaluations * per_evaluation).clamp(1, 1 << 30);
        let cells = match kept.get_mut(j).and_then(Option::take) {
            Some(b) if b.len() >= cap => b,
            // SAFETY: read only below `used`, which the kernel writes first.
            _ => unsafe { stream.alloc::<i8>(cap) }?,
        };
        outs.push(ModuleOut {
            cells,
            desc: stream.alloc_zeros::<i32>(OUT_DESC * evaluations.max(1))?,
            // The output cells written, the evaluations taken, and those
            // told early (`EarlyLeft`).
            used: stream.alloc_zeros::<u64>(3)?,
            cap,
        });
    }
    // The page-locked buffers the descriptors and counts come down into,
    // each module's and one pair for the second passes (reused: their
    // descriptors are copied out at once), kept from the last run or made
    // now, before any kernel runs: freeing page-locked memory waits for
    // the device's work, and a buffer made or freed while the kernels ran
    // held the host's copies up until the kernels ended.
    let most = modules.iter().map(|(_, m)| m.len * n).max().unwrap_or(0);
    let mut kept_host = take_kept(&device.whole_host, "whole host")?.into_iter();
    let mut module_host = Vec::with_capacity(modules.len());
    for (_, m) in modules {
        let (d, u) = kept_host
            .next()
            .map_or((None, None), |(d, u)| (Some(d), Some(u)));
        module_host.push(Some((
            device.pinned_for_reading(d, OUT_DESC * m.len * n)?,
            device.pinned_for_reading(u, 1)?,
        )));
    }
    let second_host = {
        let (d, u) = take_kept(&device.whole_second_host, "second pass host")?
            .pop()
            .map_or((None, None), |(d, u)| (Some(d), Some(u)));
        (
            device.pinned_for_reading(d, OUT_DESC * most)?,
            device.pinned_for_reading(u, 1)?,
        )
    };
    drop(kept_host);
    let n_in = n as i32;
    stream.synchronize()?;
    let t_up = t0.elapsed();
    // One launch per module; the modules on `launches.streams` streams in
    // turn, each stream with warp memory of its own (one buffer written by
    // launches on several streams would order them one after the other).
    let launches = Launches::from_env();
    let streams = launches.streams.clamp(1, modules.len());
    let warp_bytes = modules
        .iter()
        .map(|(_, m)| m.warp_bytes())
        .max()
        .unwrap_or(0);
    // Warp memory: a warp's bytes for every warp of a launch, per stream;
    // kept for the next run.
    let region = launches.max_blocks * launches.warps * warp_bytes;
    let mut kept_scratch: Vec<CudaSlice<u8>> = take_kept(&device.whole_scratch, "whole scratch")?
        .into_iter()
        .filter(|b| b.len() >= region)
        .collect();
    let mut scratch = Vec::with_capacity(streams);
    for _ in 0..streams {
        scratch.push(match kept_scratch.pop() {
            Some(b) => b,
            // SAFETY: warp memory is written before it is read.
            None => unsafe { stream.alloc::<u8>(region) }?,
        });
    }
    // Forked after every buffer is made: they wait for the copies up.
    let forked: Vec<Arc<CudaStream>> = (0..streams)
        .map(|_| stream.fork())
        .collect::<std::result::Result<_, _>>()?;
    let timed = trace_on();
    // Where each module's first pass tells the evaluations it leaves
    // beyond the device's limits (kept for the next run, made before any
    // kernel runs, as the page-locked buffers above).
    let mut early_at = Vec::with_capacity(modules.len());
    let mut early_len = 0;
    for (_, m) in modules {
        early_at.push(early_len);
        early_len += m.len * n;
    }
    // Without mapped memory, the module's results tell them, as before.
    let mut early_left = if early_left_on() {
        match take_kept(&device.whole_early, "early left")? {
            Some(e) if e.len() >= early_len => Some(e),
            _ => super::device::EarlyLeft::new(stream.context(), early_len).ok(),
        }
    } else {
        None
    };
    let mut early_seen = vec![0usize; modules.len()];
    let mut told = Vec::new();
    let (first_ns, second_ns) = super::whole::deadlines_ns();
    // The first pass has no list (a buffer of one for the argument).
    let no_list = stream.alloc_zeros::<i32>(1)?;
    let unlisted = 0i32;
    let mut events = Vec::new();
    // The modules launched (positions, in launch order) and each kernel's
    // end, which the host polls (below).
    let mut launched: Vec<usize> = Vec::with_capacity(modules.len());
    let mut ended = Vec::with_capacity(modules.len());
    // Each module's results in launch order, on the device's own stream
    // (no kernel runs on it): each copy waits for its module's kernel only. The
    // descriptors and the count come down into page-locked buffers (a copy
    // into pageable memory made the first module's results wait for every
    // kernel: 34.7 ms, when its own kernel took 0.7).
    let mut down = 0u64;
    let mut arrived = Vec::with_capacity(outs.len());
    // With the trace: each module's host steps (waiting for its count and
    // descriptors, copying its cells, launching its second pass, handing
    // it on), for finding what holds the later results up.
    let mut steps: Vec<[Duration; 4]> = Vec::new();
    let mut warp_time: Vec<(u64, u64)> = Vec::new();
    let mut left_by: Vec<(usize, usize, u64, usize)> = Vec::new();
    // The second pass: a stream, warp memory and outputs of its own, so
    // that it runs beside the first pass's later modules.
    let second: Vec<Arc<CudaStream>> = if second_ns > 0 {
        (0..launches.second_streams)
            .map(|_| stream.fork())
            .collect::<std::result::Result<_, _>>()?
    } else {
        Vec::new()
    };
    let mut second_scratch: Vec<Option<CudaSlice<u8>>> = second.iter().map(|_| None).collect();
    // Each input's place in the first pass's order (`pack_inputs`).
    let mut rank = vec![0usize; n];
    for (k, &i) in desc[3 * n..].iter().enumerate() {
        rank[i as usize] = k;
    }
    let mut seconds = SecondPasses {
        running: Vec::new(),
        host: second_host,
        arrived: Vec::new(),
    };
    let mut collected = 0;
    loop {
        // Modules from the queue until `queue.ahead` are launched and not
        // yet collected (all of an own queue at once): a device that takes
        // from a shared queue takes its next module only when it is about
        // to run out of work.
        while launched.len() - collected < queue.ahead {
            let Some(j) = queue.take() else { break };
            let (function, m) = modules[j];
            let out = &mut outs[j];
            let s = &forked[launched.len() % streams];
            let evaluations = m.len * n;
            let blocks = evaluations
                .div_ceil(launches.warps)
                .min(launches.max_blocks);
            let cfg = LaunchConfig {
                grid_dim: (blocks as u32, 1, 1),
                block_dim: (32 * launches.warps as u32, 1, 1),
                shared_mem_bytes: 0,
            };
            if timed {
                events.push(
                    s.record_event(Some(cudarc::driver::sys::CUevent_flags::CU_EVENT_DEFAULT))?,
                );
            }
            if let Some(e) = &mut early_left {
                e.clear(early_at[j], evaluations);
            }
            let inputs = (&cells_dev, &desc_dev, n_in);
            let list = (&no_list, unlisted);
            // SAFETY: thread t < m.len * inputs reads input t % n_in inside the
            // packed cells (offsets from `pack_inputs`), writes its own OUT_DESC
            // ints of the module's descriptors and reserves its output's cells
            // below the module's `cap` with an atomic add; warp w of the launch
            // uses bytes w * warp_bytes.. of its stream's warp memory (blocks *
            // warps warps), which no other launch uses at the same time.
            unsafe {
                launch_module(
                    s,
                    function,
                    cfg,
                    inputs,
                    m.len,
                    out,
                    &mut scratch[launched.len() % streams],
                    list,
                    first_ns,
                    early_left.as_ref().map_or(0, |e| e.device_at(early_at[j])),
                )
            }?;
            if timed {
                events.push(
                    s.record_event(Some(cudarc::driver::sys::CUevent_flags::CU_EVENT_DEFAULT))?,
                );
            }
            ended.push(s.record_event(None)?);
            launched.push(j);
        }
        let Some(&j) = launched.get(collected) else {
            break;
        };
        let at = collected;
        collected += 1;
        let out = &outs[j];
        let step0 = Instant::now();
        // While module j's kernel runs, the second passes that have ended
        // hand their results on: what they left reaches the CPU threads
        // then, not after the first pass's last module (collected only
        // after it, the second pass's results came at 70-88 ms on two
        // H200s, launched at 8-60 ms with a 16 ms deadline).
        // The evaluations the running modules left beyond the device's
        // limits go to the CPU threads as they come, too.
        while (launches.second_early || early_left.is_some()) && !ended[at].try_is_complete()? {
            let handed = launches.second_early
                && seconds.hand_on(device, false, sink, wanted, &mut down, t0)?;
            let mut any = false;
            if let Some(e) = &early_left {
                for &k in &launched[at..] {
                    let len = modules[k].1.len * n;
                    e.read(early_at[k], len, &mut early_seen[k], &mut told);
                    if !told.is_empty() {
                        any = true;
                        early(k, std::mem::take(&mut told));
                    }
                }
            }
            if !handed && !any {
                std::thread::sleep(Duration::from_micros(20));
            }
        }
        let evaluations = modules[j].1.len * n;
        let (mut desc_host, mut used_host) = module_host[j]
            .take()
            .ok_or_else(|| GpuError::Panic("a module's host buffers taken twice".into()))?;
        let (used, desc) = copy_down(stream, out, &mut desc_host, &mut used_host)?;
        let waited = step0.elapsed();
        if timed {
            // The warps' time: its sum and the longest evaluation's.
            let ns = (0..evaluations).map(|t| super::whole::desc_nanos(&desc, t) as u64);
            warp_time.push((ns.clone().sum::<u64>(), ns.max().unwrap_or(0)));
            // What the first pass left, and whether the outputs filled
            // the module's room (outputs past it are left as well).
            let status = |s: i32| {
                (0..evaluations)
                    .filter(|&t| desc[OUT_DESC * t] == s)
                    .count()
            };
            left_by.push((status(1), status(OVERTIME_STATUS), used, out.cap));
        }
        let written = (used as usize).min(out.cap);
        // Into a page-locked buffer of the pool, decoded from there
        // (through the staging buffer and a copy out of it, or straight
        // into a fresh vector, the 17 MB of 76 programs' outputs took 4-6
        // ms).
        let cells_out: super::whole::HostCells = if written == 0 {
            Box::new(Vec::<i8>::new())
        } else {
            Box::new(device.download_pinned(&out.cells.slice(0..written))?)
        };
        let copied = step0.elapsed();
        module_host[j] = Some((desc_host, used_host));
        down += (written + 4 * desc.len()) as u64;
        arrived.push(t0.elapsed());
        // In the first pass's order: program by program, each program's
        // inputs largest first.
        let mut overtime: Vec<u32> = if second.is_empty() {
            Vec::new()
        } else {
            (0..evaluations)
                .filter(|&t| desc[OUT_DESC * t] == OVERTIME_STATUS)
                .map(|t| t as u32)
                .collect()
        };
        overtime.sort_by_key(|&t| (t as usize / n, rank[t as usize % n]));
        let again = !second.is_empty() && !overtime.is_empty();
        if again {
            let k = seconds.launched() % second.len();
            let blocks = overtime
                .len()
                .div_ceil(launches.warps)
                .min(launches.second_blocks);
            let region = blocks * launches.warps * warp_bytes;
            let scratch = match &mut second_scratch[k] {
                Some(b) if b.len() >= region => b,
                // SAFETY: warp memory is written before it is read.
                b => b.insert(unsafe { second[k].alloc::<u8>(region) }?),
            };
            seconds.running.push(launch_second(
                (&second[k], stream),
                j,
                modules[j],
                &cells_dev,
                &desc_dev,
                n,
                overtime,
                scratch,
                launches.warps,
                blocks,
                second_ns,
            )?);
        }
        let launched = step0.elapsed();
        sink(
            j,
            WholeOut {
                desc,
                cells: cells_out,
            },
            None,
            again,
        );
        if timed {
            steps.push([
                waited,
                copied - waited,
                launched - copied,
                step0.elapsed() - launched,
            ]);
        }
    }
    // The second passes still running, in launch order.
    seconds.hand_on(device, true, sink, wanted, &mut down, t0)?;
    let SecondPasses {
        host: second_host,
        arrived: second_arrived,
        ..
    } = seconds;
    if let Ok(mut slot) = device.whole_host.lock() {
        // By position, the modules this device did not take too.
        *slot = module_host.into_iter().flatten().collect();
    }
    if let Ok(mut slot) = device.whole_second_host.lock() {
        *slot = vec![second_host];
    }
    if let Ok(mut slot) = device.whole_early.lock() {
        *slot = early_left;
    }
    // The first pass's streams only: a second pass no longer wanted may
    // still run (what it reads and writes is freed after it, in stream
    // order).
    for s in &forked {
        stream.join(s)?;
    }
    stream.synchronize()?;
    if let Ok(mut slot) = device.whole_scratch.lock() {
        *slot = scratch;
    }
    if let Ok(mut slot) = device.whole_out.lock() {
        *slot = outs.into_iter().map(|o| o.cells).collect();
    }
    if timed {
        // Each module's kernel: its time and programs, the slowest first.
        let mut times: Vec<(f32, usize, usize)> = Vec::new();
        for (k, pair) in events.chunks(2).enumerate() {
            times.push((
                pair[0].elapsed_ms(&pair[1])?,
                modules[launched[k]].1.index,
                modules[launched[k]].1.len,
            ));
        }
        let ends: Vec<String> = events
            .chunks(2)
            .map(|pair| {
                events[0]
                    .elapsed_ms(&pair[1])
                    .map_or("?".to_owned(), |ms| format!("{ms:.1}"))
            })
            .collect();
        times.sort_by(|a, b| b.0.total_cmp(&a.0));
        let list: Vec<String> = times
            .iter()
            .map(|(ms, i, n)| format!("module {i} ({n} programs) {ms:.2} ms"))
            .collect();
        eprintln!(
            "gpu trace: whole programs' kernels ({} warps x {} blocks, {} stream(s)): {}",
            launches.warps,
            launches.max_blocks,
            streams,
            list.join(", ")
        );
        // What bounds the warps an SM holds: each kernel's registers per
        // thread, local memory per thread, and blocks per SM.
        let fit: Vec<String> = launched
            .iter()
            .map(|&j| {
                let f = modules[j].0;
                let blocks = f
                    .occupancy_max_active_blocks_per_multiprocessor(
                        32 * launches.warps as u32,
                        0,
                        None,
                    )
                    .unwrap_or(0);
                format!(
                    "{}/{}/{}",
                    f.num_regs().unwrap_or(-1),
                    f.local_size_bytes().unwrap_or(-1),
                    blocks
                )
            })
            .collect();
        eprintln!(
            "gpu trace: whole programs' kernels in launch order, registers per thread / local bytes per thread / blocks per SM: [{}]",
            fit.join(", ")
        );
        let warps: Vec<String> = warp_time
            .iter()
            .map(|(sum, max)| format!("{:.1}/{:.2}", *sum as f64 / 1e6, *max as f64 / 1e6))
            .collect();
        eprintln!(
            "gpu trace: whole programs' warp time per kernel in launch order, all evaluations / the longest, ms: [{}]",
            warps.join(", ")
        );
        let left: Vec<String> = left_by
            .iter()
            .map(|&(deopt, late, used, cap)| {
                format!(
                    "{deopt}/{late}/{:.1} of {:.1}",
                    used as f64 / 1e6,
                    cap as f64 / 1e6
                )
            })
            .collect();
        eprintln!(
            "gpu trace: whole programs' first pass per kernel in launch order, evaluations left (beyond the device's limits / at the deadline) / output MB written of the room: [{}]",
            left.join(", ")
        );
        let at: Vec<String> = arrived
            .iter()
            .map(|d| format!("{}", d.as_micros()))
            .collect();
        eprintln!(
            "gpu trace: whole programs, {} modules x {n} inputs: up {} us; in launch order (modules [{}]), each kernel ends [{}] ms after the first starts, its results on the host at [{}] us",
            launched.len(),
            t_up.as_micros(),
            launched
                .iter()
                .map(|&j| modules[j].1.index.to_string())
                .collect::<Vec<_>>()
                .join(", "),
            ends.join(", "),
            at.join(", ")
        );
    }
    if timed {
        let list: Vec<String> = steps
            .iter()
            .map(|s| {
                s.iter()
                    .map(|d| format!("{:.1}", d.as_secs_f64() * 1e3))
                    .collect::<Vec<_>>()
                    .join("/")
            })
            .collect();
        eprintln!(
            "gpu trace: whole programs' host steps per module in launch order (waiting for its results / copying its cells / launching its second pass / handing it on), ms: [{}]",
            list.join(", ")
        );
        let made = device.results_made.so_far();
        let [demand, ns] = [0, 1].map(|k| made[k] - made_before[k]);
        eprintln!(
            "gpu trace: page-locked result buffers made in this run while cells waited for one: {demand} ({:.1} ms)",
            ns as f64 / 1e6
        );
    }
    if timed && !second_arrived.is_empty() {
        let at: Vec<String> = second_arrived
            .iter()
            .map(|(k, d)| match d {
                Some(d) => format!("{k}: {}", d.as_micros()),
                None => format!("{k}: decided on the CPU"),
            })
            .collect();
        eprintln!(
            "gpu trace: whole programs' second pass ({} us a evaluation): evaluations again and their results on the host, us: [{}]",
            second_ns / 1000,
            at.join(", ")
        );
    }
    let up = (cells.len() + 4 * desc.len()) as u64;
    Ok((up, down))
}

/// Launches a module's kernel (`module_part` in whole.rs) on `s`: its
/// `programs` on the packed inputs (cells, descriptors, how many), into
/// `out`, with warp memory `scratch`, over the listed evaluations (a list
/// of `listed` on the device; 0: all) with a deadline of `deadline_ns`.
///
/// # Safety
/// The kernel's evaluations read and write only their own parts (see the
/// callers): `scratch` holds the launch's warps, and no other launch uses
/// it or `out` at the same time; listed evaluations are below `programs`
/// times the inputs.
#[allow(clippy::too_many_arguments)]
unsafe fn launch_module(
    s: &Arc<CudaStream>,
    function: &cudarc::driver::CudaFunction,
    cfg: LaunchConfig,
    (cells, desc, n_in): (&CudaSlice<i8>, &CudaSlice<i32>, i32),
    programs: usize,
    out: &mut ModuleOut,
    scratch: &mut CudaSlice<u8>,
    (list, listed): (&CudaSlice<i32>, i32),
    deadline_ns: u64,
    early: u64,
) -> GpuResult<()> {
    let (n_prog, cap) = (programs as i32, out.cap as u64);
    let mut launch = s.launch_builder(function);
    launch
        .arg(cells)
        .arg(desc)
        .arg(&n_in)
        .arg(&n_prog)
        .arg(&mut out.cells)
        .arg(&mut out.desc)
        .arg(&mut out.used)
        .arg(&cap)
        .arg(scratch)
        .arg(list)
        .arg(&listed)
        .arg(&deadline_ns)
        .arg(&early);
    // SAFETY: the caller's promise.
    unsafe { launch.launch(cfg) }?;
    Ok(())
}

/// A second pass's launch: the module, the evaluations it runs again, and
/// its outputs (the list stays alive on the device until they are read).
struct SecondPass {
    module: usize,
    list: Vec<u32>,
    out: ModuleOut,
    _list_dev: CudaSlice<i32>,
    /// Recorded after its kernel.
    ended: cudarc::driver::CudaEvent,
}

/// A module's output count and descriptors, copied down through the
/// page-locked buffers (as long as the module's or longer: the copies go
/// into their first part, a copy into the whole buffer would read past the
/// module's).
fn copy_down(
    stream: &Arc<CudaStream>,
    out: &ModuleOut,
    desc_host: &mut cudarc::driver::PinnedHostSlice<i32>,
    used_host: &mut cudarc::driver::PinnedHostSlice<u64>,
) -> GpuResult<(u64, Vec<i32>)> {
    let used = &mut used_host.as_mut_slice()?[..1];
    stream.memcpy_dtoh(&out.used.slice(0..1), used)?;
    let desc = &mut desc_host.as_mut_slice()?[..out.desc.len()];
    stream.memcpy_dtoh(&out.desc, desc)?;
    stream.synchronize()?;
    Ok((used[0], desc.to_vec()))
}

/// The second passes launched and not yet handed on, the page-locked
/// buffers their descriptors come down through, and for the trace how
/// many each ran again and when its results were on the host.
struct SecondPasses {
    running: Vec<SecondPass>,
    host: (
        cudarc::driver::PinnedHostSlice<i32>,
        cudarc::driver::PinnedHostSlice<u64>,
    ),
    arrived: Vec<(usize, Option<Duration>)>,
}

impl SecondPasses {
    /// How many have been launched.
    fn launched(&self) -> usize {
        self.running.len() + self.arrived.len()
    }

    /// Hands on (`collect_second`) those whose kernels have ended, or with
    /// `all` every one, waiting for each; in launch order. Whether any was.
    fn hand_on(
        &mut self,
        device: &Device,
        all: bool,
        sink: &mut dyn FnMut(usize, super::whole::WholeOut, Option<Vec<u32>>, bool),
        wanted: &dyn Fn(usize, &[u32]) -> bool,
        down: &mut u64,
        t0: Instant,
    ) -> GpuResult<bool> {
        let mut any = false;
        let mut k = 0;
        while k < self.running.len() {
            if all || self.running[k].ended.try_is_complete()? {
                let pass = self.running.remove(k);
                let got = collect_second(device, pass, &mut self.host, sink, wanted, down, t0)?;
                self.arrived.push(got);
                any = true;
            } else {
                k += 1;
            }
        }
        Ok(any)
    }
}

/// A second pass's results to `sink` (its descriptors, then the cells
/// written), unless `wanted` says the CPU has decided all of its list by
/// now. Returns how many it ran again and when its results were on the
/// host (none where they were not wanted); adds the bytes to `down`.
#[allow(clippy::too_many_arguments)]
fn collect_second(
    device: &Device,
    pass: SecondPass,
    (desc_host, used_host): &mut (
        cudarc::driver::PinnedHostSlice<i32>,
        cudarc::driver::PinnedHostSlice<u64>,
    ),
    sink: &mut dyn FnMut(usize, super::whole::WholeOut, Option<Vec<u32>>, bool),
    wanted: &dyn Fn(usize, &[u32]) -> bool,
    down: &mut u64,
    t0: Instant,
) -> GpuResult<(usize, Option<Duration>)> {
    use super::whole::{WholeOut, OUT_DESC};
    if !wanted(pass.module, &pass.list) {
        return Ok((pass.list.len(), None));
    }
    let stream = &device.stream;
    let (used, desc) = copy_down(stream, &pass.out, desc_host, used_host)?;
    let written = (used as usize).min(pass.out.cap);
    let cells_out: super::whole::HostCells = if written == 0 {
        Box::new(Vec::<i8>::new())
    } else {
        Box::new(device.download_pinned(&pass.out.cells.slice(0..written))?)
    };
    *down += (written + 4 * OUT_DESC * pass.list.len()) as u64;
    let at = t0.elapsed();
    let count = pass.list.len();
    sink(
        pass.module,
        WholeOut {
            desc,
            cells: cells_out,
        },
        Some(pass.list),
        false,
    );
    Ok((count, Some(at)))
}

/// Launches the second pass of a module over the evaluations `list` (the
/// first pass left them at its deadline) on stream `s`, `blocks` blocks of
/// `warps` warps, with deadline `deadline_ns`; the list goes up on `up`.
#[allow(clippy::too_many_arguments)]
fn launch_second(
    (s, up): (&Arc<CudaStream>, &Arc<CudaStream>),
    module: usize,
    (function, m): (&cudarc::driver::CudaFunction, &super::whole::WholeModule),
    cells_dev: &CudaSlice<i8>,
    desc_dev: &CudaSlice<i32>,
    n: usize,
    list: Vec<u32>,
    scratch: &mut CudaSlice<u8>,
    warps: usize,
    blocks: usize,
    deadline_ns: u64,
) -> GpuResult<SecondPass> {
    use super::whole::{OUT_CAP, OUT_DESC};
    let listed: Vec<i32> = list.iter().map(|&t| t as i32).collect();
    // Copied up on the device's own stream, which holds no kernel, and
    // `s` waits for it: a copy from pageable memory may wait for the work
    // already on its stream, and on `s` that can be an earlier second
    // pass (its launch then held the host for up to 12 ms, two H200s).
    let list_dev = up.clone_htod(&listed)?;
    s.join(up)?;
    // Room for 512 cells an evaluation, and for one output of any size.
    let cap = list.len() * 512 + OUT_CAP;
    let mut out = ModuleOut {
        // SAFETY: read only below `used`, which the kernel writes first.
        cells: unsafe { s.alloc::<i8>(cap) }?,
        desc: s.alloc_zeros::<i32>(OUT_DESC * m.len * n)?,
        used: s.alloc_zeros::<u64>(2)?,
        cap,
    };
    let cfg = LaunchConfig {
        grid_dim: (blocks as u32, 1, 1),
        block_dim: (32 * warps as u32, 1, 1),
        shared_mem_bytes: 0,
    };
    let inputs = (cells_dev, desc_dev, n as i32);
    let listed = (&list_dev, list.len() as i32);
    // SAFETY: as the first pass's launch, over the listed evaluations
    // (each below m.len * n) only; the warp memory is this stream's own,
    // blocks * warps warps of it.
    unsafe {
        launch_module(
            s,
            function,
            cfg,
            inputs,
            m.len,
            &mut out,
            scratch,
            listed,
            deadline_ns,
            0,
        )
    }?;
    Ok(SecondPass {
        module,
        list,
        out,
        _list_dev: list_dev,
        ended: s.record_event(None)?,
    })
}
