//! battgen runtime: the values and primitives of Michael Hodel's arc-dsl in
//! Rust, with the reference's results, and the machinery that runs batteries
//! of programs over batches of ARC inputs.
//!
//! Layers, in the order of execution:
//! - [`values`]: what a variable holds (grids, objects, sets, tuples, functions);
//! - [`signatures`] and [`primitives`]: the 160 primitives and their table;
//! - [`functions`]: function values and calling them;
//! - [`constants`]: the reference's named constants;
//! - [`plan`] and [`battery`]: merged programs, interpreted or emitted;
//! - [`fuse`]: fused operations, and the pass that fuses a battery's
//!   union idioms before it is interpreted;
//! - [`types`]: the representation type of every plan node, inferred;
//! - [`typed`]: how emitted code holds typed values, and the kernels it calls;
//! - [`task`] and [`driver`]: ARC tasks in, results, scores and submissions out;
//! - [`crew`]: a parallel run's idle threads helping with a long evaluation.
//!
//! See `values` for the frozenset iteration order we follow.

pub mod backends;
pub mod batch;
pub mod battery;
pub mod budget;
pub mod constants;
pub mod crew;
pub mod driver;
pub mod error;
pub mod functions;
pub mod fuse;
pub mod memo;
pub mod plan;
pub mod plan_text;
pub mod primitives;
pub mod search;
pub mod signatures;
pub mod task;
pub mod typed;
pub mod types;
pub mod values;

pub use battery::Battery;
pub use error::{Error, ErrorKind, Result};
pub use functions::{call, Func};
/// The allocator compiled batteries use: mimalloc (glibc's malloc contends
/// between many threads that allocate small values all the time).
///
/// As the `mimalloc` crate's allocator, except that a request whose
/// alignment every mimalloc block of its size already has goes to the
/// plain `mi_malloc` family rather than `mi_malloc_aligned`: that is
/// nearly every request (grids, vectors, `Arc`s: alignment 8 or less, or
/// 16 with a size of at least 16, like std's `System` allocator decides
/// with malloc), and the aligned entry points cost about 20 instructions
/// more per call, a tenth of the cheapest programs' evaluation.
pub struct MiMalloc;

/// mimalloc's blocks are aligned to 8 bytes, and those of 16 bytes or more
/// to 16 (`MI_MAX_ALIGN_SIZE`): a layout of alignment `align` and size
/// `size` needs nothing more when this holds.
#[inline(always)]
const fn plain_alignment(align: usize, size: usize) -> bool {
    align <= 8 || (align <= 16 && align <= size)
}

// SAFETY: every block comes from mimalloc and goes back to it (`mi_free`
// frees blocks of both families); the plain family is used only where its
// blocks have the alignment asked for (`plain_alignment`); a reallocated
// block keeps its address (so its alignment) or is a new block of the
// same family choice for the new size.
unsafe impl std::alloc::GlobalAlloc for MiMalloc {
    #[inline]
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        use libmimalloc_sys::{mi_malloc, mi_malloc_aligned};
        let (size, align) = (layout.size(), layout.align());
        // SAFETY: plain mimalloc calls; a null result is the allocation failure.
        unsafe {
            if plain_alignment(align, size) {
                mi_malloc(size) as *mut u8
            } else {
                mi_malloc_aligned(size, align) as *mut u8
            }
        }
    }
    #[inline]
    unsafe fn alloc_zeroed(&self, layout: std::alloc::Layout) -> *mut u8 {
        use libmimalloc_sys::{mi_zalloc, mi_zalloc_aligned};
        let (size, align) = (layout.size(), layout.align());
        // SAFETY: as `alloc`.
        unsafe {
            if plain_alignment(align, size) {
                mi_zalloc(size) as *mut u8
            } else {
                mi_zalloc_aligned(size, align) as *mut u8
            }
        }
    }
    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: std::alloc::Layout) {
        // SAFETY: `ptr` came from this allocator, so from mimalloc.
        unsafe { libmimalloc_sys::mi_free(ptr as *mut std::ffi::c_void) }
    }
    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, new_size: usize) -> *mut u8 {
        use libmimalloc_sys::{mi_realloc, mi_realloc_aligned};
        let p = ptr as *mut std::ffi::c_void;
        let align = layout.align();
        // SAFETY: `ptr` came from mimalloc; `mi_realloc` keeps the block
        // or moves it to a plain block, aligned enough for the new size.
        unsafe {
            if plain_alignment(align, new_size) {
                mi_realloc(p, new_size) as *mut u8
            } else {
                mi_realloc_aligned(p, new_size, align) as *mut u8
            }
        }
    }
}

/// `mi_option_purge_delay` in the mimalloc v2 that libmimalloc-sys 0.1.49
/// builds with its `v2` feature (its index in `mimalloc.h`, the same in
/// v3; the crate exports no constant for it). A test checks it against
/// the environment variable of that option.
const PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// Tune the allocator for runs: freed memory stays with the process
/// instead of going back to the OS after a delay (mimalloc purges it).
/// Evaluations free and reallocate all the time; on the 16-core host the
/// purges cost 334,000 page faults per corpus bench, whose kernel locks
/// serialised the threads: per-input parallel efficiency went from 36% to
/// 55% without them (BENCHMARKS.md). An explicit `MIMALLOC_PURGE_DELAY` in
/// the environment is left alone.
pub fn tune_allocator() {
    if std::env::var_os("MIMALLOC_PURGE_DELAY").is_none() {
        // Safety: sets a plain option value; called once, at start-up.
        unsafe { libmimalloc_sys::mi_option_set(PURGE_DELAY, -1) }
    }
}

pub use signatures::{Prim, PRIMITIVES};
pub use values::{Cell, Color, Grid, Loc, Patch, Value};

/// Everything emitted code refers to, under one short path:
/// `use battgen_runtime::rt;` then `rt::p::objects(..)`, `rt::c::T`, ...
pub mod rt {
    pub use crate::batch::{Backend, Callee, Column};
    pub use crate::battery::{arg, Emitted, EmittedProgram};
    // (`budget::check` in loops the emitted code writes itself: `power`.)
    pub use crate::budget;
    pub use crate::constants as c;
    pub use crate::error::Result;
    pub use crate::functions::{call, call_refs};
    pub use crate::plan::{guarded, ErrorLog, Fused};
    pub use crate::signatures::Prim;
    pub use crate::values::{Cell, Grid, Loc, Value};

    /// Typed code's representations, guards and higher-order forms.
    pub mod t {
        pub use crate::typed::functional::*;
        pub use crate::typed::{
            bool, cell, cell_pair, cell_pairs, cell_seq, grid, indices, int, loc_of, loc_pair,
            loc_pairs, loc_seq, object, object_pair, object_pairs, objects, objects_iter, pair,
            resumable, value, CellPair, CellPairs, CellSeq, Cells, IntoValue, LocPairs, LocSeq,
            Locs, ObjectPair, ObjectPairs, PairPair, Truthy, G,
        };
    }

    /// The primitives, by their DSL names.
    pub mod p {
        pub use crate::primitives::arithmetic::*;
        pub use crate::primitives::containers::*;
        pub use crate::primitives::functional::*;
        pub use crate::primitives::grids::*;
        pub use crate::primitives::patches::*;
        pub use crate::primitives::stamp::*;
    }

    /// A constant or primitive value as a uniform column.
    pub fn uniform(v: Value) -> Column {
        Column::Uniform(Ok(v))
    }

    /// A primitive as a function value.
    pub fn prim(p: Prim) -> Value {
        Value::func(crate::functions::Func::Prim(p))
    }

    /// A primitive as a shared function value (made once per process).
    pub fn prim_ref(p: Prim) -> &'static Value {
        static TABLE: std::sync::OnceLock<Vec<Value>> = std::sync::OnceLock::new();
        &TABLE.get_or_init(|| {
            crate::signatures::PRIMITIVES
                .iter()
                .map(|s| prim(s.prim))
                .collect()
        })[p as usize]
    }
}

#[cfg(test)]
mod tests {
    /// mimalloc reads `MIMALLOC_PURGE_DELAY` into the purge-delay option: in
    /// a child process started with it, our index must read that value.
    #[test]
    fn purge_delay_is_the_option_we_set() {
        if std::env::var_os("BATTGEN_PURGE_CHILD").is_some() {
            let got = unsafe { libmimalloc_sys::mi_option_get(super::PURGE_DELAY) };
            assert_eq!(
                got,
                4321,
                "option {} is not the purge delay",
                super::PURGE_DELAY
            );
            return;
        }
        let status = std::process::Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "tests::purge_delay_is_the_option_we_set",
                "--test-threads=1",
            ])
            .env("BATTGEN_PURGE_CHILD", "1")
            .env("MIMALLOC_PURGE_DELAY", "4321")
            .status()
            .unwrap();
        assert!(status.success());
    }
}
