//! Per-evaluation time budget, so that runaway programs (a `prapply` over a
//! huge product, deep `objects` loops) end with a `timeout` error instead of hanging a run.
//!
//! The limit is set once per run ([`set_limit`]); the deadline is
//! thread-local and restarts ([`begin`]) for each guarded evaluation (a whole
//! program in per-input execution, one node of the battery otherwise).

use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The per-evaluation limit in milliseconds; 0 means none.
static LIMIT_MS: AtomicU64 = AtomicU64::new(0);

/// Set the per-evaluation limit for this process (`None`: no limit).
pub fn set_limit(limit: Option<Duration>) {
    LIMIT_MS.store(
        limit.map_or(0, |l| l.as_millis().max(1) as u64),
        Ordering::Relaxed,
    );
}

/// Start the budget for the evaluation that follows on this thread.
///
/// It reads no clock: evaluations start by the hundred thousand per second
/// and most end within a few checks, so the deadline is set by the first
/// check that looks at the clock (the 256th). A runaway evaluation thus
/// gets its limit plus the time of 256 checks, a few microseconds.
pub fn begin() {
    TICKS.with(|t| t.set(0));
    DEADLINE.with(|d| d.set(Deadline::Unset));
}

use crate::error::{Error, ErrorKind, Result};

/// An evaluation's deadline, as [`deadline`] gives it and [`adopt`] takes
/// it.
#[derive(Clone, Copy, Debug)]
pub enum Deadline {
    /// No clock read yet in this evaluation.
    Unset,
    None,
    At(Instant),
}

thread_local! {
    static DEADLINE: Cell<Deadline> = const { Cell::new(Deadline::None) };
    static TICKS: Cell<u32> = const { Cell::new(0) };
}

/// Fail with `timeout` once the deadline has passed. Cheap: it reads the
/// clock only every 256 calls, and the counting is inlined into the loops
/// that check (a call per row or element was 1-2% of typical programs).
#[inline]
pub fn check() -> Result<()> {
    let tick = TICKS.with(|t| {
        let n = t.get().wrapping_add(1);
        t.set(n);
        n
    });
    if !tick.is_multiple_of(256) {
        return Ok(());
    }
    check_clock()
}

/// The clock part of [`check`], every 256th call.
#[inline(never)]
fn check_clock() -> Result<()> {
    match DEADLINE.with(|d| d.get()) {
        Deadline::Unset => {
            let ms = LIMIT_MS.load(Ordering::Relaxed);
            let deadline = if ms > 0 {
                Deadline::At(Instant::now() + Duration::from_millis(ms))
            } else {
                Deadline::None
            };
            DEADLINE.with(|d| d.set(deadline));
            Ok(())
        }
        Deadline::At(deadline) if Instant::now() >= deadline => {
            Err(Error::new(ErrorKind::Timeout, "time budget"))
        }
        _ => Ok(()),
    }
}

/// This thread's deadline, read from the clock now if no check has yet:
/// what threads helping with this evaluation's loop keep to
/// ([`crate::crew`]).
pub fn deadline() -> Deadline {
    if let Deadline::Unset = DEADLINE.with(|d| d.get()) {
        TICKS.with(|t| t.set(0));
        let _ = check_clock();
    }
    DEADLINE.with(|d| d.get())
}

/// Take `deadline` as this thread's (a thread helping another's
/// evaluation); [`begin`] starts the next evaluation afresh.
pub fn adopt(deadline: Deadline) {
    TICKS.with(|t| t.set(0));
    DEADLINE.with(|d| d.set(deadline));
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
