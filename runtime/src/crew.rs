//! Idle threads of a parallel run help with a long evaluation's loop.
//!
//! A run's last job can be one evaluation of seconds: the 399 public
//! solvers' run on 16 threads ended on one 2-s evaluation of
//! `solve_d22278a0` (a `mapply` over 586 objects, each filtering every cell
//! of the grid) while the other 15 threads had been out of jobs for 0.6 s.
//! Such a loop, at the top level of a program and with loops in its body,
//! is emitted as a `*_helped` form ([`crate::typed::functional`]); it
//! offers the elements not yet taken to the run's idle threads. Each
//! helper takes elements one at a time and runs them with its own copies
//! of the loop's tables; the results go back in element order, and the
//! first error in that order is the loop's, so the loop gives exactly what
//! it gives on one thread (elements after an error may run, and are
//! dropped). Helpers keep to the evaluation's deadline.
//!
//! A run makes a [`Crew`] of its threads, and each runs its jobs in
//! [`Crew::take_part`], which then helps until every thread is out of
//! jobs. Without a crew (one thread, or the other
//! ways programs run) a `*_helped` loop runs on its own thread alone.

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::thread::LocalKey;
use std::time::{Duration, Instant};

use crate::budget;
use crate::error::Result;

/// The threads of one parallel run, and the loops they are offered.
pub struct Crew {
    /// Threads of the run still taking jobs: only they can offer loops.
    working: AtomicUsize,
    /// Threads out of jobs (read by every offering loop's turn).
    idle: AtomicUsize,
    offers: Mutex<Vec<Arc<Offer>>>,
    wake: Condvar,
    /// Elements run by helpers, and the nanoseconds they helped, for
    /// tests and traces.
    helped: AtomicUsize,
    helping_ns: AtomicU64,
}

/// A loop's elements offered to helpers.
struct Offer {
    /// Runs the loop's worker on the helper's thread (a closure on the
    /// offering thread's stack: see [`collect`]).
    help: ErasedHelp,
    /// The offering evaluation's deadline.
    deadline: budget::Deadline,
    /// No element is left to take.
    taken: AtomicBool,
    /// Helpers in `help` now (changed under the offers' lock when going
    /// up, so a withdrawn offer gets no new helper).
    helpers: AtomicUsize,
}

/// `&dyn Fn()` with its lifetime erased.
struct ErasedHelp(*const (dyn Fn() + Sync));

// SAFETY: the closure is `Sync`, and it is called only between an offer
// and its withdrawal, which waits for every helper to leave it
// (`Loop::withdraw`), so the closure outlives every call.
unsafe impl Send for ErasedHelp {}
unsafe impl Sync for ErasedHelp {}

thread_local! {
    /// The crew of the run this thread works in, while it takes jobs.
    static CREW: Cell<Option<*const Crew>> = const { Cell::new(None) };
    /// Runs started on this thread form no crew ([`barred`]).
    static BARRED: Cell<bool> = const { Cell::new(false) };
}

/// `f`, where the parallel runs it starts on this thread form no crew:
/// their threads go back to the pool as soon as they are out of jobs. A
/// device run starts the CPU's programs while the pool's threads also
/// decode what the device sends; threads waiting to help would hold that
/// work up.
pub fn barred<T>(f: impl FnOnce() -> T) -> T {
    with_set(&BARRED, true, f)
}

/// `f` with the thread-local `key` set to `value`, set back after (also
/// on a panic).
fn with_set<V: Copy + 'static, T>(
    key: &'static LocalKey<Cell<V>>,
    value: V,
    f: impl FnOnce() -> T,
) -> T {
    struct Restore<V: Copy + 'static>(&'static LocalKey<Cell<V>>, V);
    impl<V: Copy + 'static> Drop for Restore<V> {
        fn drop(&mut self) {
            self.0.with(|c| c.set(self.1));
        }
    }
    let _restore = Restore(key, key.with(|c| c.replace(value)));
    f()
}

/// Whether a parallel run started on this thread may form a crew.
pub fn allowed() -> bool {
    !BARRED.with(|b| b.get())
}

impl Crew {
    /// A crew of `threads` threads, all taking jobs.
    pub fn new(threads: usize) -> Crew {
        Crew {
            working: AtomicUsize::new(threads),
            idle: AtomicUsize::new(0),
            offers: Mutex::new(Vec::new()),
            wake: Condvar::new(),
            helped: AtomicUsize::new(0),
            helping_ns: AtomicU64::new(0),
        }
    }

    /// `jobs` with this thread in the crew (the loops they run may be
    /// offered), then help with offered loops until no thread has jobs
    /// left.
    pub fn take_part<T>(&self, jobs: impl FnOnce() -> T) -> T {
        // Out of jobs, by a return or a panic (the others then stop
        // waiting, and the panic reaches the run).
        struct OutOfJobs<'c>(&'c Crew);
        impl Drop for OutOfJobs<'_> {
            fn drop(&mut self) {
                let _offers = self.0.offers.lock().unwrap_or_else(|e| e.into_inner());
                self.0.working.fetch_sub(1, Ordering::SeqCst);
                self.0.wake.notify_all();
            }
        }
        let done = {
            let _out = OutOfJobs(self);
            with_set(&CREW, Some(self as *const Crew), jobs)
        };
        self.help_until_done();
        done
    }

    /// Help with offered loops until no thread has jobs left.
    fn help_until_done(&self) {
        self.idle.fetch_add(1, Ordering::SeqCst);
        let mut offers = self.offers.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            // The open offer with the fewest helpers.
            let open = offers
                .iter()
                .filter(|o| !o.taken.load(Ordering::Acquire))
                .min_by_key(|o| o.helpers.load(Ordering::Relaxed))
                .cloned();
            match open {
                Some(offer) => {
                    offer.helpers.fetch_add(1, Ordering::AcqRel);
                    drop(offers);
                    self.idle.fetch_sub(1, Ordering::SeqCst);
                    self.help_with(&offer);
                    self.idle.fetch_add(1, Ordering::SeqCst);
                    offers = self.offers.lock().unwrap_or_else(|e| e.into_inner());
                }
                // The offering thread is working, so no offer is left
                // once none is.
                None if self.working.load(Ordering::SeqCst) == 0 => return,
                None => {
                    offers = self
                        .wake
                        .wait_timeout(offers, Duration::from_millis(1))
                        .unwrap_or_else(|e| e.into_inner())
                        .0;
                }
            }
        }
    }

    /// Run `offer`'s worker on this thread under its deadline; the
    /// helper counted in leaves it however the worker ends.
    fn help_with(&self, offer: &Offer) {
        struct Leave<'o>(&'o Offer);
        impl Drop for Leave<'_> {
            fn drop(&mut self) {
                self.0.helpers.fetch_sub(1, Ordering::Release);
            }
        }
        let _leave = Leave(offer);
        let started = Instant::now();
        crate::memo::begin();
        budget::adopt(offer.deadline);
        // SAFETY: `offer.helpers` counts this thread in, so the offering
        // thread waits before its closure goes (`ErasedHelp`).
        let help = unsafe { &*offer.help.0 };
        help();
        crate::memo::begin();
        self.helping_ns
            .fetch_add(started.elapsed().as_nanos() as u64, Ordering::Relaxed);
    }

    /// How many elements helpers ran so far, and for how long they helped.
    pub fn helped(&self) -> (usize, Duration) {
        (
            self.helped.load(Ordering::Relaxed),
            Duration::from_nanos(self.helping_ns.load(Ordering::Relaxed)),
        )
    }
}

/// The crew of this thread's run while it runs its jobs; `None` while it
/// helps (a helper's own loops are not offered again) or outside a run.
fn current() -> Option<&'static Crew> {
    // SAFETY: the pointer is set only within `Crew::take_part`,
    // whose crew outlives the call, and every loop that reads it ends
    // within that call.
    CREW.with(|c| c.get()).map(|p| unsafe { &*p })
}

/// One run of a `*_helped` loop: its elements, the next to take, and the
/// results by element.
pub struct Loop<'s, E, R> {
    elems: &'s [E],
    next: AtomicUsize,
    /// The first element that raised so far (`usize::MAX`: none); later
    /// ones need not run.
    stop: AtomicUsize,
    results: Mutex<Vec<(usize, Result<R>)>>,
    crew: Option<&'s Crew>,
    /// The closure helpers run (set where there is a crew).
    help: OnceLock<ErasedHelp>,
    /// The offer, once made.
    offer: OnceLock<Arc<Offer>>,
}

impl<'s, E: Copy + Send + Sync, R: Send> Loop<'s, E, R> {
    /// `f` of each element this thread takes, until none is left (or an
    /// element after one that raised would come next).
    pub fn run(&self, mut f: impl FnMut(E) -> Result<R>) {
        let offering = self.crew.is_some() && current().is_some();
        let mut mine = Vec::new();
        loop {
            let k = self.next.fetch_add(1, Ordering::Relaxed);
            if k >= self.elems.len() || k > self.stop.load(Ordering::Relaxed) {
                self.mark_taken();
                break;
            }
            if offering && k + 1 < self.elems.len() {
                self.offer_if_idle();
            }
            let r = f(self.elems[k]);
            if r.is_err() {
                self.stop.fetch_min(k, Ordering::Relaxed);
            }
            mine.push((k, r));
        }
        if !offering {
            if let Some(crew) = self.crew {
                crew.helped.fetch_add(mine.len(), Ordering::Relaxed);
            }
        }
        self.results
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .append(&mut mine);
    }

    fn mark_taken(&self) {
        if let Some(o) = self.offer.get() {
            o.taken.store(true, Ordering::Release);
        }
    }

    /// Offer the loop to the crew once some thread of it is idle.
    #[inline]
    fn offer_if_idle(&self) {
        let (Some(crew), Some(help)) = (self.crew, self.help.get()) else {
            return;
        };
        if crew.idle.load(Ordering::Relaxed) == 0 || self.offer.get().is_some() {
            return;
        }
        // Only the offering thread offers, so this is the one offer.
        let offer = Arc::new(Offer {
            help: ErasedHelp(help.0),
            deadline: budget::deadline(),
            taken: AtomicBool::new(false),
            helpers: AtomicUsize::new(0),
        });
        crew.offers
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(offer.clone());
        crew.wake.notify_all();
        let _ = self.offer.set(offer);
    }

    /// Take the offer back and wait for its helpers to leave.
    fn withdraw(&self) {
        let (Some(crew), Some(offer)) = (self.crew, self.offer.get()) else {
            return;
        };
        offer.taken.store(true, Ordering::Release);
        crew.offers
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .retain(|o| !Arc::ptr_eq(o, offer));
        // Helpers finish the element they run; none can come in now.
        while offer.helpers.load(Ordering::Acquire) > 0 {
            std::thread::yield_now();
        }
    }
}

/// The results of `worker` on each element of `elems`, in order, or the
/// first error in that order: `worker` runs once on this thread and once
/// on each thread that helps, each calling [`Loop::run`] with its own
/// tables.
pub fn collect<E, R, W>(elems: &[E], worker: W) -> Result<Vec<R>>
where
    E: Copy + Send + Sync,
    R: Send,
    W: Fn(&Loop<'_, E, R>) + Sync,
{
    let crew = current();
    let each = Loop {
        elems,
        next: AtomicUsize::new(0),
        stop: AtomicUsize::new(usize::MAX),
        results: Mutex::new(Vec::new()),
        crew,
        help: OnceLock::new(),
        offer: OnceLock::new(),
    };
    let help = || worker(&each);
    if crew.is_some() {
        let help: &(dyn Fn() + Sync + '_) = &help;
        // SAFETY (of the lifetime's erasure): see `ErasedHelp`.
        let help: *const (dyn Fn() + Sync) = unsafe { std::mem::transmute(help) };
        let _ = each.help.set(ErasedHelp(help));
    }
    // Withdrawn however the worker ends (a panic too), before `help` goes.
    struct Withdraw<'w, 's, E: Copy + Send + Sync, R: Send>(&'w Loop<'s, E, R>);
    impl<E: Copy + Send + Sync, R: Send> Drop for Withdraw<'_, '_, E, R> {
        fn drop(&mut self) {
            self.0.withdraw();
        }
    }
    {
        let _withdraw = Withdraw(&each);
        worker(&each);
    }
    let mut results = std::mem::take(&mut *each.results.lock().unwrap_or_else(|e| e.into_inner()));
    results.sort_unstable_by_key(|&(k, _)| k);
    let mut out = Vec::with_capacity(results.len());
    for (k, r) in results {
        debug_assert_eq!(k, out.len(), "elements before the first error all ran");
        out.push(r?);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::{Error, ErrorKind};

    /// `collect` on a crew of `threads`: the first thread offers the loop,
    /// the others are out of jobs and help; the results and how many
    /// elements helpers ran.
    fn on_crew(threads: usize, len: usize, raise: &[usize]) -> (Result<Vec<usize>>, usize) {
        let elems: Vec<usize> = (0..len).collect();
        let crew = Crew::new(threads);
        let worker = |each: &Loop<'_, usize, usize>| {
            // A table of the worker's own, as emitted loops have.
            let calls = std::cell::Cell::new(0);
            each.run(|x| {
                calls.set(calls.get() + 1);
                // The first to raise is slow, so helpers pass it by.
                let long = if raise.first() == Some(&x) {
                    20_000
                } else {
                    300
                };
                let start = Instant::now();
                while start.elapsed() < Duration::from_micros(long) {
                    std::hint::spin_loop();
                }
                if raise.first() == Some(&x) {
                    return Err(Error::new(ErrorKind::Value, "the first to raise"));
                }
                if raise.contains(&x) {
                    return Err(Error::new(ErrorKind::Index, "a later one"));
                }
                Ok(x * x)
            })
        };
        let result = std::thread::scope(|s| {
            for _ in 1..threads {
                s.spawn(|| crew.take_part(|| ()));
            }
            crew.take_part(|| collect(&elems, worker))
        });
        (result, crew.helped().0)
    }

    #[test]
    fn idle_threads_help_and_the_results_keep_their_order() {
        let (alone, none) = on_crew(1, 200, &[]);
        let (helped, by_helpers) = on_crew(4, 200, &[]);
        assert_eq!(none, 0);
        assert!(by_helpers > 0, "no element ran on a helper");
        let want: Vec<usize> = (0..200).map(|x| x * x).collect();
        assert_eq!(alone.unwrap(), want);
        assert_eq!(helped.unwrap(), want);
    }

    #[test]
    fn the_first_error_in_element_order_is_the_loops() {
        // Element 150 raises too, and may run on a helper before 120 does.
        for threads in [1, 4] {
            let (r, _) = on_crew(threads, 200, &[120, 150]);
            let e = r.unwrap_err();
            assert_eq!(e.kind, ErrorKind::Value, "{threads} threads: {e}");
        }
    }

    #[test]
    fn a_barred_thread_forms_no_crew_until_it_leaves_the_bar() {
        assert!(allowed());
        assert!(barred(|| !allowed() && barred(|| !allowed()) && !allowed()));
        assert!(allowed());
    }

    #[test]
    fn outside_a_crew_a_loop_runs_alone() {
        let elems = [3usize, 1, 2];
        let r = collect(&elems, |each: &Loop<'_, usize, usize>| {
            each.run(|x| Ok(x + 1))
        });
        assert_eq!(r.unwrap(), vec![4, 2, 3]);
    }
}
