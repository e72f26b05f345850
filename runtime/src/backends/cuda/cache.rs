//! Device residency: which grids already have their cells on a device.
//!
//! Every buffer of grids on a device (an upload, or the output of a GPU
//! call) is registered with the `Grid`s it holds. A later call whose
//! argument grids are all in one buffer of its device (same `Arc`s: the
//! column was produced or uploaded before) reads that buffer instead of
//! uploading again. The cache holds a clone of each `Arc`, so a pointer can
//! never be reused by another grid while its entry lives, and the cells
//! behind a shared `Arc` never change: a pointer match is an exact match.
//! Entries are evicted least recently used first, past a byte budget per
//! device. Generic over the buffer type so that it is tested without CUDA.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;

use crate::values::Grid;

struct Entry<B> {
    device: usize,
    buf: Arc<B>,
    bytes: usize,
    last_use: u64,
    grids: Vec<Grid>,
}

/// Keys are pointers and ids: a multiplicative hash is enough and fast.
#[derive(Default)]
pub struct PtrHasher(u64);

impl Hasher for PtrHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ b as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(29) ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
}

type Fast<K, V> = HashMap<K, V, BuildHasherDefault<PtrHasher>>;

pub struct Cache<B> {
    entries: Fast<u64, Entry<B>>,
    /// (grid pointer, device) -> (entry, offset of its cells in the entry's
    /// buffer): the latest buffer holding that grid on that device.
    index: Fast<(usize, usize), (u64, u32)>,
    next_id: u64,
    clock: u64,
    budget: usize,
    used: Vec<usize>,
}

fn key(g: &Grid) -> usize {
    g.as_ptr() as usize
}

impl<B> Cache<B> {
    /// A cache of at most `budget` bytes per device.
    pub fn new(devices: usize, budget: usize) -> Cache<B> {
        Cache {
            entries: Fast::default(),
            index: Fast::default(),
            next_id: 0,
            clock: 0,
            budget,
            used: vec![0; devices],
        }
    }

    /// The buffer on `device` holding all of `grids`, and each one's offset.
    pub fn find(&mut self, device: usize, grids: &[&Grid]) -> Option<(Arc<B>, Vec<u32>)> {
        let (id, _) = *self.index.get(&(key(grids.first()?), device))?;
        let offs: Option<Vec<u32>> = grids
            .iter()
            .map(|g| match self.index.get(&(key(g), device)) {
                Some(&(e, off)) if e == id => Some(off),
                _ => None,
            })
            .collect();
        let offs = offs?;
        self.clock += 1;
        let e = self.entries.get_mut(&id)?;
        e.last_use = self.clock;
        Some((e.buf.clone(), offs))
    }

    /// The first device where `g` is resident.
    pub fn home(&self, g: &Grid) -> Option<usize> {
        (0..self.used.len()).find(|&d| self.index.contains_key(&(key(g), d)))
    }

    /// Register a buffer on `device` holding `grids` at `offsets`.
    pub fn insert(
        &mut self,
        device: usize,
        buf: Arc<B>,
        bytes: usize,
        grids: Vec<Grid>,
        offsets: &[u32],
    ) {
        if bytes > self.budget || device >= self.used.len() {
            return;
        }
        while self.used[device] + bytes > self.budget {
            let oldest = self
                .entries
                .iter()
                .filter(|(_, e)| e.device == device)
                .min_by_key(|(_, e)| e.last_use)
                .map(|(id, _)| *id);
            match oldest {
                Some(id) => self.remove(id),
                None => break,
            }
        }
        let id = self.next_id;
        self.next_id += 1;
        self.clock += 1;
        for (g, &off) in grids.iter().zip(offsets) {
            self.index.insert((key(g), device), (id, off));
        }
        self.used[device] += bytes;
        self.entries.insert(
            id,
            Entry {
                device,
                buf,
                bytes,
                last_use: self.clock,
                grids,
            },
        );
    }

    fn remove(&mut self, id: u64) {
        if let Some(e) = self.entries.remove(&id) {
            self.used[e.device] -= e.bytes;
            for g in &e.grids {
                let k = (key(g), e.device);
                if self.index.get(&k).is_some_and(|(x, _)| *x == id) {
                    self.index.remove(&k);
                }
            }
        }
    }

    /// Drop everything (after an out-of-memory error).
    pub fn clear(&mut self) {
        self.entries.clear();
        self.index.clear();
        self.used.iter_mut().for_each(|u| *u = 0);
    }

    pub fn bytes(&self, device: usize) -> usize {
        self.used.get(device).copied().unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(n: usize) -> Grid {
        Grid::new(1, n, vec![0; n])
    }

    #[test]
    fn finds_all_or_nothing_on_the_right_device() {
        let (a, b, c) = (g(2), g(3), g(4));
        let mut cache: Cache<&str> = Cache::new(2, 100);
        cache.insert(0, Arc::new("buf0"), 5, vec![a.clone(), b.clone()], &[0, 2]);
        let (buf, offs) = cache.find(0, &[&b, &a, &b]).unwrap();
        assert_eq!(*buf, "buf0");
        assert_eq!(offs, vec![2, 0, 2]);
        assert!(cache.find(1, &[&a]).is_none());
        assert_eq!(cache.home(&a), Some(0));
        assert_eq!(cache.home(&c), None);
        cache.insert(1, Arc::new("buf1"), 4, vec![c.clone()], &[0]);
        assert_eq!(cache.home(&c), Some(1));
        assert!(cache.find(0, &[&a, &c]).is_none());
        // An equal grid in another block is not resident.
        let a2 = a.copied();
        assert!(cache.find(0, &[&a2]).is_none());
    }

    #[test]
    fn evicts_least_recently_used_past_budget() {
        let (a, b, c) = (g(1), g(1), g(1));
        let mut cache: Cache<u8> = Cache::new(1, 10);
        cache.insert(0, Arc::new(1), 4, vec![a.clone()], &[0]);
        cache.insert(0, Arc::new(2), 4, vec![b.clone()], &[0]);
        assert!(cache.find(0, &[&a]).is_some()); // a is now more recent than b
        cache.insert(0, Arc::new(3), 4, vec![c.clone()], &[0]);
        assert!(cache.find(0, &[&b]).is_none());
        assert!(cache.find(0, &[&a]).is_some());
        assert!(cache.find(0, &[&c]).is_some());
        assert_eq!(cache.bytes(0), 8);
        cache.clear();
        assert!(cache.find(0, &[&a]).is_none());
        assert_eq!(cache.bytes(0), 0);
    }
}
