//! When a call goes to the GPU: a size threshold, then measured speed.
//!
//! Below `min_cells` (cells read and written by the eligible rows; env
//! `BATTGEN_GPU_MIN_CELLS`) a call runs on the CPU: transfers and launches
//! cost more than the work. Above it, each primitive learns its time per
//! cell on each side (moving averages of measured calls): the first large
//! call runs on the GPU, the next on the CPU, then the faster side wins,
//! and the slower side is measured again every `REPROBE` calls so that an
//! estimate cannot go stale. So a primitive that the GPU does slower than
//! the CPU stays on the CPU after two calls.

use crate::signatures::PRIMITIVES;

pub const DEFAULT_MIN_CELLS: usize = 20_000;
const REPROBE: u64 = 64;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Cpu,
    Gpu,
}

#[derive(Clone, Copy, Debug, Default)]
struct PrimCost {
    /// Nanoseconds per cell, 0 while unmeasured.
    cpu: f64,
    gpu: f64,
    decisions: u64,
}

pub struct CostModel {
    pub min_cells: usize,
    prims: Vec<PrimCost>,
}

impl CostModel {
    pub fn new(min_cells: usize) -> CostModel {
        CostModel {
            min_cells,
            prims: vec![PrimCost::default(); PRIMITIVES.len()],
        }
    }

    /// `BATTGEN_GPU_MIN_CELLS` or the default.
    pub fn from_env() -> CostModel {
        let min = std::env::var("BATTGEN_GPU_MIN_CELLS")
            .ok()
            .and_then(|s| s.trim().parse().ok());
        CostModel::new(min.unwrap_or(DEFAULT_MIN_CELLS))
    }

    pub fn choose(&mut self, prim: usize, cells: usize) -> Side {
        if cells < self.min_cells || cells == 0 {
            return Side::Cpu;
        }
        let p = &mut self.prims[prim];
        p.decisions += 1;
        if p.gpu == 0.0 {
            return Side::Gpu;
        }
        if p.cpu == 0.0 {
            return Side::Cpu;
        }
        let best = if p.gpu <= p.cpu { Side::Gpu } else { Side::Cpu };
        if p.decisions.is_multiple_of(REPROBE) {
            return match best {
                Side::Gpu => Side::Cpu,
                Side::Cpu => Side::Gpu,
            };
        }
        best
    }

    /// Record a measured call of `cells` cells that took `nanos`.
    pub fn observe(&mut self, prim: usize, side: Side, cells: usize, nanos: u64) {
        if cells < self.min_cells || cells == 0 {
            return;
        }
        let rate = (nanos as f64 / cells as f64).max(1e-6);
        let p = &mut self.prims[prim];
        let slot = match side {
            Side::Cpu => &mut p.cpu,
            Side::Gpu => &mut p.gpu,
        };
        *slot = if *slot == 0.0 {
            rate
        } else {
            0.7 * *slot + 0.3 * rate
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_calls_stay_on_the_cpu() {
        let mut m = CostModel::new(1000);
        assert_eq!(m.choose(0, 999), Side::Cpu);
    }

    #[test]
    fn measures_both_then_keeps_the_faster() {
        let mut m = CostModel::new(10);
        assert_eq!(m.choose(3, 100), Side::Gpu);
        m.observe(3, Side::Gpu, 100, 5_000); // 50 ns/cell
        assert_eq!(m.choose(3, 100), Side::Cpu);
        m.observe(3, Side::Cpu, 100, 1_000); // 10 ns/cell: the CPU is faster
        let picks: Vec<Side> = (0..REPROBE).map(|_| m.choose(3, 100)).collect();
        assert_eq!(
            picks.iter().filter(|s| **s == Side::Gpu).count(),
            1,
            "one re-probe per period"
        );
        // The GPU becomes faster: after re-measuring it wins.
        for _ in 0..5 {
            m.observe(3, Side::Gpu, 100, 100);
        }
        assert_eq!(m.choose(3, 100), Side::Gpu);
    }
}
