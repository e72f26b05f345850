//! Counters that every thread of a parallel run adds to, per evaluation.
//!
//! One atomic that sixteen threads add to on every evaluation keeps its
//! cache line moving between cores; a [`Tally`] gives each thread a line
//! of its own (threads are spread over the stripes as they first count),
//! and reading it sums the stripes: exact, and only `--stats` reads it.

use std::cell::Cell;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

const STRIPES: usize = 32;

#[repr(align(64))]
struct Stripe(AtomicU64);

pub struct Tally {
    stripes: [Stripe; STRIPES],
}

/// The next stripe a thread that counts for the first time takes.
static NEXT_STRIPE: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    static STRIPE: Cell<usize> = const { Cell::new(usize::MAX) };
}

fn my_stripe() -> usize {
    STRIPE.with(|s| {
        if s.get() == usize::MAX {
            s.set(NEXT_STRIPE.fetch_add(1, Ordering::Relaxed) % STRIPES);
        }
        s.get()
    })
}

impl Tally {
    pub const fn new() -> Tally {
        Tally {
            stripes: [const { Stripe(AtomicU64::new(0)) }; STRIPES],
        }
    }
    #[inline]
    pub fn add(&self, n: u64) {
        self.stripes[my_stripe()].0.fetch_add(n, Ordering::Relaxed);
    }
    pub fn get(&self) -> u64 {
        self.stripes
            .iter()
            .map(|s| s.0.load(Ordering::Relaxed))
            .sum()
    }
}

impl Default for Tally {
    fn default() -> Tally {
        Tally::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_what_every_thread_added() {
        let t = Tally::new();
        std::thread::scope(|s| {
            for _ in 0..40 {
                s.spawn(|| (0..1000).for_each(|_| t.add(1)));
            }
        });
        assert_eq!(t.get(), 40_000);
    }
}
