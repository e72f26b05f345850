//! Backends beside the CPU one (`batch::CpuBackend`): where a call over a
//! column runs. `cuda` runs supported grid primitives on NVIDIA GPUs and
//! falls back to the CPU for everything else.

pub mod cuda;

pub use cuda::{backend_for, is_gpu, GpuBackend, GpuError, GpuSelect};
