//! Backends beside the CPU one (`batch::CpuBackend`): where a call over a
//! column runs. `cuda` runs supported grid primitives on NVIDIA GPUs and
//! falls back to the CPU for everything else, with identical results.
//!
//! Selection (flags of a compiled battery, batched execution only):
//! `--cpu` (no GPU), `--gpus all|N|0,2` (default: all visible GPUs, after
//! `CUDA_VISIBLE_DEVICES`; the CPU with one line on stderr where none can be
//! used). `--gpu-selftest` is the device check.
//!
//! Environment:
//! - `BATTGEN_GPU_MIN_CELLS`: below this many cells (read + written by the
//!   eligible rows) a call stays on the CPU (default 20000);
//! - `BATTGEN_GPU_CACHE_MB`: grids kept resident per device (default 1024);
//! - `BATTGEN_GPU_TRACE=1`: one line per GPU call with its phase times.

pub mod cuda;

pub use cuda::{backend_for, is_gpu, GpuBackend, GpuError, GpuSelect};
