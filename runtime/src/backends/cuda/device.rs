//! CUDA devices: probing for the libraries, contexts and streams, compiling
//! the kernels with NVRTC and loading them, and errors.
//!
//! cudarc loads `libcuda` and `libnvrtc` at run time and panics on first
//! use where they are absent, so [`probe`] checks for both before any other
//! call, and every entry point here also runs under `catch_unwind`: a
//! missing symbol or a driver surprise becomes a [`GpuError`], never a crash.

use std::collections::HashMap;
use std::fmt;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use cudarc::driver::{
    sys, CudaContext, CudaFunction, CudaSlice, CudaStream, DriverError, PinnedHostSlice,
};
use cudarc::nvrtc::{compile_ptx_with_opts, CompileOptions, Ptx};

use super::ops::Family;

/// Why the GPU cannot be used (or stopped being used).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GpuError {
    /// No `libcuda.so`: no NVIDIA driver on this machine.
    NoDriver,
    /// No `libnvrtc.so`: the kernels cannot be compiled.
    NoNvrtc,
    /// The driver sees no device (or `CUDA_VISIBLE_DEVICES` hides them all).
    NoDevice,
    /// `--gpus` names a device that does not exist.
    Selection(String),
    /// NVRTC rejected a kernel source.
    Compile { file: &'static str, log: String },
    /// The device ran out of memory.
    OutOfMemory,
    /// Any other driver error.
    Driver(String),
    /// A kernel the backend needs is not loaded.
    MissingKernel(&'static str),
    /// cudarc panicked (a missing library symbol, an unexpected state).
    Panic(String),
}

impl fmt::Display for GpuError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GpuError::NoDriver => write!(f, "no CUDA driver (libcuda.so not found)"),
            GpuError::NoNvrtc => write!(
                f,
                "no NVRTC (libnvrtc.so not found), kernels cannot be compiled"
            ),
            GpuError::NoDevice => write!(f, "no CUDA device visible"),
            GpuError::Selection(s) => write!(f, "bad GPU selection: {s}"),
            GpuError::Compile { file, log } => {
                let first = log.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
                write!(f, "NVRTC failed on kernels/{file}: {first}")
            }
            GpuError::OutOfMemory => write!(f, "out of GPU memory"),
            GpuError::Driver(s) => write!(f, "CUDA driver error: {s}"),
            GpuError::MissingKernel(k) => write!(f, "kernel {k} not loaded"),
            GpuError::Panic(s) => write!(f, "CUDA library failure: {s}"),
        }
    }
}

impl std::error::Error for GpuError {}

impl From<DriverError> for GpuError {
    fn from(e: DriverError) -> GpuError {
        match e.0 {
            sys::CUresult::CUDA_ERROR_OUT_OF_MEMORY => GpuError::OutOfMemory,
            sys::CUresult::CUDA_ERROR_NO_DEVICE => GpuError::NoDevice,
            _ => GpuError::Driver(e.to_string()),
        }
    }
}

pub type GpuResult<T> = std::result::Result<T, GpuError>;

/// Run `f`, turning a panic inside cudarc into an error.
pub fn guard<T>(f: impl FnOnce() -> GpuResult<T>) -> GpuResult<T> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(p) => {
            let msg = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "panic".to_owned());
            Err(GpuError::Panic(msg.lines().next().unwrap_or("").to_owned()))
        }
    }
}

/// Are the CUDA driver and NVRTC libraries loadable? Call before any other
/// CUDA function.
pub fn probe() -> GpuResult<()> {
    // SAFETY: these only try to dlopen the libraries.
    if !unsafe { cudarc::driver::sys::is_culib_present() } {
        return Err(GpuError::NoDriver);
    }
    if !unsafe { cudarc::nvrtc::sys::is_culib_present() } {
        return Err(GpuError::NoNvrtc);
    }
    Ok(())
}

/// Is NVRTC loadable (kernels can be compiled)? Safe to call anywhere.
pub fn nvrtc_present() -> bool {
    // SAFETY: only tries to dlopen the library.
    unsafe { cudarc::nvrtc::sys::is_culib_present() }
}

/// Number of visible devices (after `CUDA_VISIBLE_DEVICES`).
pub fn device_count() -> GpuResult<usize> {
    probe()?;
    guard(|| Ok(CudaContext::device_count()?.max(0) as usize))
}

/// The PTX target for a compute capability (NVRTC wants a static string).
fn arch(cc: (i32, i32)) -> Option<&'static str> {
    Some(match cc {
        (7, 5) => "compute_75",
        (8, 0) => "compute_80",
        (8, 6) => "compute_86",
        (8, 7) => "compute_87",
        (8, 9) => "compute_89",
        (9, 0) => "compute_90",
        (10, 0) => "compute_100",
        (10, 3) => "compute_103",
        (11, 0) => "compute_110",
        (12, 0) => "compute_120",
        (12, 1) => "compute_121",
        _ => return None,
    })
}

/// Compile one kernel family to PTX for `arch` (the NVRTC default if none).
pub fn compile(family: Family, arch: Option<&'static str>) -> GpuResult<Ptx> {
    compile_source(family.program(), family.file(), arch)
}

/// Compile CUDA source `src` (named `file` in errors) to PTX.
pub fn compile_source(
    src: String,
    file: &'static str,
    arch: Option<&'static str>,
) -> GpuResult<Ptx> {
    guard(|| {
        let opts = CompileOptions {
            arch,
            name: Some(file.to_owned()),
            ..Default::default()
        };
        compile_ptx_with_opts(src, opts).map_err(|e| {
            let log = match &e {
                cudarc::nvrtc::CompileError::CompileError { log, .. } => {
                    log.to_string_lossy().into_owned()
                }
                other => other.to_string(),
            };
            GpuError::Compile { file, log }
        })
    })
}

/// The real architecture of a virtual one: `compute_90` -> `sm_90`.
pub fn real_arch(arch: Option<&'static str>) -> Option<String> {
    Some(format!("sm_{}", arch?.strip_prefix("compute_")?))
}

/// Compile CUDA source `src` to machine code for the real architecture of
/// the virtual one `arch` (`compute_90` -> `sm_90`): NVRTC emits the SASS
/// itself, so loading needs no JIT by the driver, which serialises its
/// work (178 whole programs took 13-16 s to load as PTX on an H200).
/// `None` where NVRTC cannot (the caller loads PTX instead).
pub fn compile_cubin(src: &str, arch: Option<&'static str>) -> Option<Vec<u8>> {
    use cudarc::nvrtc::{result, sys};
    let real = real_arch(arch)?;
    let src = std::ffi::CString::new(src).ok()?;
    guard(|| {
        let prog = result::create_program(&src, None).map_err(|e| GpuError::Compile {
            file: "whole programs",
            log: e.to_string(),
        })?;
        let options = [format!("--gpu-architecture={real}")];
        // SAFETY: prog was created above and is destroyed once, below.
        let cubin = unsafe {
            let compiled = result::compile_program(prog, &options).is_ok();
            let mut size = 0usize;
            let got = compiled && sys::nvrtcGetCUBINSize(prog, &mut size).result().is_ok();
            let mut image = vec![0u8; size];
            let got = got
                && size > 0
                && sys::nvrtcGetCUBIN(prog, image.as_mut_ptr().cast())
                    .result()
                    .is_ok();
            let _ = result::destroy_program(prog);
            got.then_some(image)
        };
        cubin.ok_or(GpuError::Compile {
            file: "whole programs",
            log: "no CUBIN".to_owned(),
        })
    })
    .ok()
}

/// One GPU: its context, a stream, and the loaded kernels.
pub struct Device {
    /// Index among the visible devices.
    pub ordinal: usize,
    pub name: String,
    /// The PTX target of its compute capability (NVRTC's default if unknown).
    pub arch: Option<&'static str>,
    pub stream: Arc<CudaStream>,
    functions: HashMap<&'static str, CudaFunction>,
    /// A one-byte buffer passed where a kernel has no such input.
    pub dummy: CudaSlice<i8>,
    /// Page-locked host buffers for copies up and down (grown on demand):
    /// copies from pageable memory run at a fraction of the bus speed.
    staging_up: Mutex<Option<PinnedHostSlice<i8>>>,
    staging_down: Mutex<Option<PinnedHostSlice<i8>>>,
    /// Page-locked buffers that whole programs' outputs come down into,
    /// kept for the next run (fresh pages made the copy 4x slower). One
    /// pool for all the devices: with modules from a shared queue, each
    /// device decodes a different set of modules on each run, and a pool
    /// of its own still lacked a buffer on warm runs (one made while a
    /// module's cells waited, 8 ms on a two-GPU host, the thirty-sixth
    /// session's trace). Page-locked memory is every context's under
    /// unified addressing (and asked `PORTABLE` besides).
    results_pool: Arc<Mutex<Vec<PinnedHostSlice<i8>>>>,
    /// The pool's buffers made while a module's cells waited for one, and
    /// the time that took, for the trace.
    pub results_made: PoolCounts,
    /// The device buffers whole programs write their outputs into, one per
    /// module, kept for the next run (allocating 60 MB took a good part of
    /// a millisecond).
    pub whole_out: Mutex<Vec<CudaSlice<i8>>>,
    /// Whole programs' warp memory (global memory), one buffer per stream,
    /// kept for the next run.
    pub whole_scratch: Mutex<Vec<CudaSlice<u8>>>,
    /// Page-locked buffers each module's descriptors and output count come
    /// down into, kept for the next run.
    pub whole_host: Mutex<Vec<(PinnedHostSlice<i32>, PinnedHostSlice<u64>)>>,
    /// The same for the second passes (one pair, as large as the largest
    /// module's), kept for the next run.
    pub whole_second_host: Mutex<Vec<(PinnedHostSlice<i32>, PinnedHostSlice<u64>)>>,
    /// Mapped page-locked memory the first pass's kernels tell the host
    /// through which evaluations they leave beyond the device's limits,
    /// kept for the next run ([`EarlyLeft`]).
    pub whole_early: Mutex<Option<EarlyLeft>>,
}

/// Page-locked host memory mapped into the device's address space: a
/// kernel writes each evaluation it leaves beyond the device's limits
/// (DEOPT) there as soon as the evaluation ends, as its place + 1 (0: not
/// yet written), and the host reads them while the kernel runs, so that
/// the CPU threads rerun them at once rather than when the module's
/// results come down (on two H200s the CPU threads were idle for the first
/// 12 ms of a run and saturated after it, the last reruns ending some 10
/// ms after the device's last results).
pub struct EarlyLeft {
    buf: PinnedHostSlice<u32>,
    host: *mut u32,
    device: u64,
}

// SAFETY: the pointers are into `buf`, which lives as long as they do; the
// host only reads the memory while kernels write it (`read`), and writes it
// (`clear`) only before the launch that writes that part.
unsafe impl Send for EarlyLeft {}
unsafe impl Sync for EarlyLeft {}

impl EarlyLeft {
    /// Mapped memory for `n` evaluations on `ctx`'s device.
    pub fn new(ctx: &Arc<CudaContext>, n: usize) -> GpuResult<EarlyLeft> {
        let n = n.next_power_of_two().max(1 << 16);
        // SAFETY: cleared (`clear`) before a kernel may write it, and read
        // only where it was cleared.
        let mut buf =
            unsafe { ctx.alloc_pinned_with_flags::<u32>(n, sys::CU_MEMHOSTALLOC_DEVICEMAP) }?;
        let host = buf.as_mut_ptr()?;
        let mut device: sys::CUdeviceptr = 0;
        ctx.bind_to_thread()?;
        // SAFETY: `host` is page-locked memory allocated with DEVICEMAP in
        // this context.
        unsafe { sys::cuMemHostGetDevicePointer_v2(&mut device, host.cast(), 0) }.result()?;
        Ok(EarlyLeft { buf, host, device })
    }
    /// Evaluations it has room for.
    pub fn len(&self) -> usize {
        self.buf.len()
    }
    pub fn is_empty(&self) -> bool {
        self.buf.is_empty()
    }
    /// The device address of entry `at`, for a kernel's argument.
    pub fn device_at(&self, at: usize) -> u64 {
        self.device + (at * std::mem::size_of::<u32>()) as u64
    }
    /// Entries `at..at + n` zeroed, before the launch that writes them.
    pub fn clear(&mut self, at: usize, n: usize) {
        assert!(at + n <= self.len());
        // SAFETY: inside the buffer (asserted); no kernel writes this part
        // before the launch that follows.
        unsafe { std::ptr::write_bytes(self.host.add(at), 0, n) };
    }
    /// The places written from entry `at + *seen` on, up to the first
    /// entry not yet written, appended to `out`; `*seen` moves past them.
    pub fn read(&self, at: usize, n: usize, seen: &mut usize, out: &mut Vec<u32>) {
        while *seen < n {
            // SAFETY: inside the buffer (at + n <= len, as `clear` asserted);
            // a kernel may be writing it, so each entry is read once, whole
            // (a u32 write is not torn), through a volatile read.
            let v = unsafe { std::ptr::read_volatile(self.host.add(at + *seen)) };
            if v == 0 {
                break;
            }
            out.push(v - 1);
            *seen += 1;
        }
    }
}

/// How many page-locked result buffers a device made where a copy waited
/// for one, and what that took: with all CPU threads busy, a buffer made
/// there held the host thread 6-20 ms on some runs (making them ahead,
/// while the host thread waited for a kernel, was level over three rounds
/// on two H200s, and was removed; BENCHMARKS.md).
#[derive(Default)]
pub struct PoolCounts {
    pub on_demand: AtomicU64,
    pub on_demand_ns: AtomicU64,
}

impl PoolCounts {
    /// Buffers made on demand and the nanoseconds that took, so far.
    pub fn so_far(&self) -> [u64; 2] {
        [
            self.on_demand.load(Ordering::Relaxed),
            self.on_demand_ns.load(Ordering::Relaxed),
        ]
    }
}

/// Cells copied down into a page-locked buffer of a device's pool; the
/// buffer goes back to the pool when they are dropped.
pub struct PinnedCells {
    buf: Option<PinnedHostSlice<i8>>,
    ptr: *const i8,
    len: usize,
    pool: Arc<Mutex<Vec<PinnedHostSlice<i8>>>>,
}

// SAFETY: `ptr` points into `buf`, which this value owns and never writes
// after construction; the buffer itself is Send and Sync.
unsafe impl Send for PinnedCells {}
unsafe impl Sync for PinnedCells {}

impl AsRef<[i8]> for PinnedCells {
    fn as_ref(&self) -> &[i8] {
        if self.len == 0 {
            return &[];
        }
        // SAFETY: `len` cells at `ptr` were copied into `buf` (and the
        // stream synchronised) before this value was made; `buf` lives as
        // long as `self` and is not written again.
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }
}

impl Drop for PinnedCells {
    fn drop(&mut self) {
        if let (Some(b), Ok(mut pool)) = (self.buf.take(), self.pool.lock()) {
            pool.push(b);
        }
    }
}

/// A page-locked buffer of at least `n` cells in `slot`: write-combined
/// for copies up (the host only writes it), cached for copies down (the
/// host reads it: reads of write-combined memory bypass the caches, and
/// turning 17 MB of whole programs' outputs into grids took 21 ms instead
/// of about 1).
fn staged<'a>(
    ctx: &Arc<CudaContext>,
    slot: &'a mut Option<PinnedHostSlice<i8>>,
    n: usize,
    read_back: bool,
) -> GpuResult<&'a mut PinnedHostSlice<i8>> {
    if slot.as_ref().is_none_or(|p| p.len() < n) {
        *slot = None;
        *slot = Some(pinned(ctx, n, read_back)?);
    }
    slot.as_mut().ok_or(GpuError::OutOfMemory)
}

/// A new page-locked buffer of at least `n` cells (see [`staged`]).
fn pinned(ctx: &Arc<CudaContext>, n: usize, read_back: bool) -> GpuResult<PinnedHostSlice<i8>> {
    let cap = n.next_power_of_two().max(1 << 20);
    let flags = if read_back {
        sys::CU_MEMHOSTALLOC_PORTABLE
    } else {
        sys::CU_MEMHOSTALLOC_WRITECOMBINED
    };
    // SAFETY: the contents are written before they are read.
    Ok(unsafe { ctx.alloc_pinned_with_flags::<i8>(cap, flags) }?)
}

impl Device {
    /// Open device `ordinal` and load every kernel family.
    pub fn open(
        ordinal: usize,
        ptx_cache: &mut HashMap<(Family, Option<&'static str>), Ptx>,
        results_pool: Arc<Mutex<Vec<PinnedHostSlice<i8>>>>,
    ) -> GpuResult<Device> {
        guard(|| {
            let ctx = CudaContext::new(ordinal)?;
            let name = ctx.name().unwrap_or_else(|_| "CUDA device".to_owned());
            let target = ctx.compute_capability().ok().and_then(arch);
            let stream = ctx.new_stream()?;
            let mut functions = HashMap::new();
            for family in Family::ALL {
                let ptx = match ptx_cache.get(&(family, target)) {
                    Some(p) => p.clone(),
                    None => {
                        // An unknown capability or an NVRTC without that target:
                        // fall back to NVRTC's default target (PTX is JIT-compiled
                        // by the driver for newer devices).
                        match compile(family, target).or_else(|_| compile(family, None)) {
                            Ok(p) => {
                                ptx_cache.insert((family, target), p.clone());
                                p
                            }
                            // One family that does not compile leaves its
                            // primitives to the CPU, not the others.
                            Err(e) => {
                                eprintln!("gpu: {e}; its primitives run on the CPU");
                                if let GpuError::Compile { log, .. } = &e {
                                    eprintln!("{log}");
                                }
                                continue;
                            }
                        }
                    }
                };
                let module = ctx.load_module(ptx)?;
                for &k in family.kernels() {
                    functions.insert(k, module.load_function(k)?);
                }
            }
            let dummy = stream.alloc_zeros::<i8>(1)?;
            Ok(Device {
                ordinal,
                name,
                arch: target,
                stream,
                functions,
                dummy,
                staging_up: Mutex::new(None),
                staging_down: Mutex::new(None),
                results_pool,
                results_made: PoolCounts::default(),
                whole_out: Mutex::new(Vec::new()),
                whole_scratch: Mutex::new(Vec::new()),
                whole_host: Mutex::new(Vec::new()),
                whole_second_host: Mutex::new(Vec::new()),
                whole_early: Mutex::new(None),
            })
        })
    }

    /// A new device buffer of `n` cells that `fill` writes (through the
    /// page-locked staging buffer).
    pub fn upload(&self, n: usize, fill: impl FnOnce(&mut [i8])) -> GpuResult<CudaSlice<i8>> {
        let mut guard = self
            .staging_up
            .lock()
            .map_err(|_| GpuError::Panic("staging lock".into()))?;
        let pinned = staged(self.stream.context(), &mut guard, n, false)?;
        let host = &mut pinned.as_mut_slice()?[..n];
        fill(host);
        let mut dst = self.stream.alloc_zeros::<i8>(n.max(1))?;
        self.stream.memcpy_htod(&*host, &mut dst)?;
        // The staging buffer is reused by the next upload: wait for this one.
        self.stream.synchronize()?;
        Ok(dst)
    }

    /// Copy `src` down (through the page-locked staging buffer) and hand
    /// the cells to `f`.
    pub fn download<R, S: cudarc::driver::DevicePtr<i8>>(
        &self,
        src: &S,
        f: impl FnOnce(&[i8]) -> R,
    ) -> GpuResult<R> {
        let n = src.len();
        let mut guard = self
            .staging_down
            .lock()
            .map_err(|_| GpuError::Panic("staging lock".into()))?;
        let pinned = staged(self.stream.context(), &mut guard, n, true)?;
        let host = &mut pinned.as_mut_slice()?[..n];
        self.stream.memcpy_dtoh(src, host)?;
        self.stream.synchronize()?;
        Ok(f(host))
    }

    /// Copy `n` cells of `src` down into a page-locked buffer of the pool
    /// (the smallest that holds them: several are in use at once while
    /// whole programs' modules are decoded, and a buffer freed or made
    /// anew on every run cost milliseconds).
    pub fn download_pinned<S: cudarc::driver::DevicePtr<i8>>(
        &self,
        src: &S,
    ) -> GpuResult<PinnedCells> {
        let n = src.len();
        let taken = {
            let mut pool = self
                .results_pool
                .lock()
                .map_err(|_| GpuError::Panic("results pool lock".into()))?;
            let fit = (0..pool.len())
                .filter(|&k| pool[k].len() >= n)
                .min_by_key(|&k| pool[k].len());
            fit.map(|k| pool.swap_remove(k))
        };
        let mut buf = match taken {
            Some(b) => b,
            None => {
                let start = std::time::Instant::now();
                let b = pinned(self.stream.context(), n, true)?;
                let counts = &self.results_made;
                counts.on_demand.fetch_add(1, Ordering::Relaxed);
                counts
                    .on_demand_ns
                    .fetch_add(start.elapsed().as_nanos() as u64, Ordering::Relaxed);
                b
            }
        };
        let ptr = {
            let host = &mut buf.as_mut_slice()?[..n];
            self.stream.memcpy_dtoh(src, host)?;
            self.stream.synchronize()?;
            host.as_ptr()
        };
        Ok(PinnedCells {
            buf: Some(buf),
            ptr,
            len: n,
            pool: self.results_pool.clone(),
        })
    }

    /// A page-locked buffer of at least `n` values for reading back, of
    /// `kept` where one is large enough (else a new one of exactly `n`:
    /// each module keeps its own, so [`pinned`]'s rounding up to 1 MB for
    /// reuse across sizes would only waste page-locked memory).
    pub fn pinned_for_reading<T: cudarc::driver::DeviceRepr>(
        &self,
        kept: Option<PinnedHostSlice<T>>,
        n: usize,
    ) -> GpuResult<PinnedHostSlice<T>> {
        match kept {
            Some(b) if b.len() >= n => Ok(b),
            // SAFETY: read only after a copy into it has completed.
            _ => Ok(unsafe {
                self.stream
                    .context()
                    .alloc_pinned_with_flags::<T>(n.max(1), 0)
            }?),
        }
    }

    /// Load `function` of compiled PTX (generated code: whole programs).
    pub fn load(&self, ptx: Ptx, function: &str) -> GpuResult<CudaFunction> {
        guard(|| {
            let module = self.stream.context().load_module(ptx)?;
            Ok(module.load_function(function)?)
        })
    }

    /// Is kernel `name` loaded (its family compiled)?
    pub fn has(&self, name: &str) -> bool {
        self.functions.contains_key(name)
    }

    pub fn function(&self, name: &'static str) -> GpuResult<&CudaFunction> {
        self.functions
            .get(name)
            .ok_or(GpuError::MissingKernel(name))
    }
}

/// Which devices to use: `all`, a count `N` (the first N), or a list `0,2`.
/// A device listed twice gets two streams that share its rows (this tests
/// the multi-GPU split and gather on a machine with one GPU).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GpuSelect {
    All,
    Count(usize),
    List(Vec<usize>),
}

impl std::str::FromStr for GpuSelect {
    type Err = String;
    fn from_str(s: &str) -> Result<GpuSelect, String> {
        let s = s.trim();
        if s.eq_ignore_ascii_case("all") {
            return Ok(GpuSelect::All);
        }
        if s.contains(',') {
            let v: Result<Vec<usize>, _> =
                s.split(',').map(|x| x.trim().parse::<usize>()).collect();
            return v
                .map(GpuSelect::List)
                .map_err(|_| format!("`{s}`: expected all, N or a list like 0,2"));
        }
        match s.parse::<usize>() {
            Ok(n) => Ok(GpuSelect::Count(n)),
            Err(_) => Err(format!("`{s}`: expected all, N or a list like 0,2")),
        }
    }
}

impl std::fmt::Display for GpuSelect {
    /// The form `--gpus` takes back.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GpuSelect::All => write!(f, "all"),
            GpuSelect::Count(n) => write!(f, "{n}"),
            GpuSelect::List(v) => {
                let parts: Vec<String> = v.iter().map(usize::to_string).collect();
                write!(f, "{}", parts.join(","))
            }
        }
    }
}

impl GpuSelect {
    /// The ordinals selected among `count` visible devices.
    pub fn ordinals(&self, count: usize) -> GpuResult<Vec<usize>> {
        let v: Vec<usize> = match self {
            GpuSelect::All => (0..count).collect(),
            GpuSelect::Count(n) if *n > count => {
                return Err(GpuError::Selection(format!(
                    "{n} GPUs asked, {count} visible"
                )))
            }
            GpuSelect::Count(n) => (0..*n).collect(),
            GpuSelect::List(l) => {
                if let Some(bad) = l.iter().find(|&&d| d >= count) {
                    return Err(GpuError::Selection(format!(
                        "GPU {bad} asked, {count} visible"
                    )));
                }
                l.clone()
            }
        };
        if v.is_empty() {
            return Err(GpuError::NoDevice);
        }
        Ok(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_selection() {
        assert_eq!("all".parse::<GpuSelect>(), Ok(GpuSelect::All));
        assert_eq!("2".parse::<GpuSelect>(), Ok(GpuSelect::Count(2)));
        assert_eq!("0,2".parse::<GpuSelect>(), Ok(GpuSelect::List(vec![0, 2])));
        assert!("x".parse::<GpuSelect>().is_err());
        assert_eq!(GpuSelect::All.ordinals(3), Ok(vec![0, 1, 2]));
        assert_eq!(GpuSelect::List(vec![0, 2]).ordinals(3), Ok(vec![0, 2]));
        assert!(GpuSelect::List(vec![3]).ordinals(3).is_err());
        assert!(GpuSelect::Count(4).ordinals(2).is_err());
        assert_eq!(GpuSelect::All.ordinals(0), Err(GpuError::NoDevice));
    }

    #[test]
    fn probe_never_panics() {
        // On a machine without CUDA this is an error; with CUDA, Ok.
        let _ = probe();
        let _ = device_count();
    }
}
