//! Picking the programs of a battery: all of them, those of given tasks,
//! or `count` of them drawn with a seeded generator (same seed, same pick,
//! on every machine and version: the generator is ours, not a crate's).

use crate::ast::Program;

/// The seed used when the user gives none.
pub const DEFAULT_SEED: u64 = 0x00BA_77E4;

/// SplitMix64: small, well-mixed, and fixed forever.
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in 0..n (n > 0), without modulo bias.
    pub fn below(&mut self, n: u64) -> u64 {
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next_u64();
            if x < zone {
                return x % n;
            }
        }
    }
}

/// Keep the programs of `tasks` (if any are given), then draw `count` of
/// them (0: all). The result keeps the input order.
pub fn select(programs: Vec<Program>, tasks: &[String], count: usize, seed: u64) -> Vec<Program> {
    let mut pool: Vec<Program> = if tasks.is_empty() {
        programs
    } else {
        programs
            .into_iter()
            .filter(|p| tasks.contains(&p.task_id))
            .collect()
    };
    if count == 0 || count >= pool.len() {
        return pool;
    }
    // Partial Fisher-Yates over indices, then restore the input order.
    let mut idx: Vec<usize> = (0..pool.len()).collect();
    let mut rng = SplitMix64(seed);
    for i in 0..count {
        let j = i + rng.below((idx.len() - i) as u64) as usize;
        idx.swap(i, j);
    }
    let mut keep: Vec<usize> = idx[..count].to_vec();
    keep.sort_unstable();
    let mut slots: Vec<Option<Program>> = pool.drain(..).map(Some).collect();
    keep.into_iter().filter_map(|i| slots[i].take()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_is_stable() {
        // Reference values of SplitMix64 seeded with 0.
        let mut r = SplitMix64(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }
}
