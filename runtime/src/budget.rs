//! Per-evaluation time budget, so that runaway programs (`power` with a large
//! count, huge `interval`s) end with a `timeout` error instead of hanging a run.
//!
//! The deadline is thread-local: each worker evaluates one program on one
//! input at a time, and sets the deadline before it starts.

use std::cell::Cell;
use std::time::{Duration, Instant};

use crate::error::{Error, ErrorKind, Result};

thread_local! {
    static DEADLINE: Cell<Option<Instant>> = const { Cell::new(None) };
    static TICKS: Cell<u32> = const { Cell::new(0) };
}

/// Start a budget of `limit` for the evaluation that follows on this thread.
pub fn start(limit: Option<Duration>) {
    DEADLINE.with(|d| d.set(limit.map(|l| Instant::now() + l)));
}

/// Clear the budget on this thread.
pub fn clear() {
    DEADLINE.with(|d| d.set(None));
}

/// Fail with `timeout` once the deadline has passed. Cheap: it reads the
/// clock only every 256 calls.
pub fn check() -> Result<()> {
    let tick = TICKS.with(|t| {
        let n = t.get().wrapping_add(1);
        t.set(n);
        n
    });
    if tick % 256 != 0 {
        return Ok(());
    }
    match DEADLINE.with(|d| d.get()) {
        Some(deadline) if Instant::now() >= deadline => {
            Err(Error::new(ErrorKind::Timeout, "time budget"))
        }
        _ => Ok(()),
    }
}

/// Largest container a primitive may build (cells, elements). Beyond this
/// the reference would exhaust memory long before finishing.
pub const MAX_ELEMENTS: usize = 1 << 24;

/// Fail with `unsupported` when a result would exceed [`MAX_ELEMENTS`].
pub fn check_size(n: usize, context: &'static str) -> Result<()> {
    if n > MAX_ELEMENTS {
        Err(Error::unsupported(context))
    } else {
        Ok(())
    }
}
