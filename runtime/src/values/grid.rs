//! [`Grid`]: a shared, immutable rectangle of colours in one allocation.
//!
//! A grid used to be an `Grid` around a `Vec` of cells: two
//! allocations and two frees per grid. A cheap program (`hmirror(I)`,
//! `crop(I, ORIGIN, TWO_BY_TWO)`) makes one or two grids in a few hundred
//! instructions, of which the second allocation took about 30. Here the
//! reference count, the dimensions and the cells share one block, and the
//! handle is one pointer: cloning counts a reference, as `Arc` does.
//!
//! Cells are written while a grid is being built ([`Grid::build`]) or
//! through [`Grid::cells_mut`], which copies the cells first when the grid
//! is shared (copy on write), so a grid seen by two owners never changes.

use std::alloc::{self, Layout};
use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;
use std::ptr::{self, NonNull};
use std::sync::atomic::{self, AtomicUsize};

use super::Color;
use crate::error::{Error, Result};

/// The start of a grid's block; `h * w` cells follow it.
#[repr(C)]
struct Header {
    refs: AtomicUsize,
    h: usize,
    w: usize,
}

const CELLS_AT: usize = std::mem::size_of::<Header>();

/// A rectangular grid in one row-major buffer.
///
/// A grid of height 0 is Python's `()`, so its width is 0 too.
pub struct Grid {
    header: NonNull<Header>,
    _owns: PhantomData<Header>,
}

// SAFETY: the block is only written while one handle owns it (`build`,
// `cells_mut` after the uniqueness check); the count is atomic.
unsafe impl Send for Grid {}
unsafe impl Sync for Grid {}

/// Frees a block whose cells were not all written (a panicking `fill`).
struct Unfinished(NonNull<Header>, Layout);

impl Drop for Unfinished {
    fn drop(&mut self) {
        // SAFETY: allocated with this layout, and no handle was made.
        unsafe { alloc::dealloc(self.0.as_ptr().cast(), self.1) }
    }
}

impl Grid {
    fn layout(n: usize) -> Layout {
        let size = CELLS_AT.checked_add(n).expect("grid size overflows");
        Layout::from_size_align(size, std::mem::align_of::<Header>()).expect("grid layout")
    }

    /// A grid of `h` x `w` cells, every one written by `fill` through a
    /// pointer to the `h * w` uninitialised cells (a height of 0 makes the
    /// width 0, as in [`Grid::new`]).
    ///
    /// # Safety
    /// `fill` must write each of the cells `0..h*w` of the pointer it is
    /// given, and nothing outside them. If it panics, the block is freed.
    #[inline]
    pub unsafe fn build(h: usize, w: usize, fill: impl FnOnce(*mut Color)) -> Grid {
        // SAFETY: the caller's.
        unsafe { Grid::allocate(h, w, false, fill) }
    }

    /// [`Grid::build`] from a zeroed block when `zeroed` (`fill` may then
    /// leave cells as 0): a large block comes zeroed from the system, so
    /// a big canvas of colour 0 costs no pass over its cells.
    #[inline]
    unsafe fn allocate(h: usize, w: usize, zeroed: bool, fill: impl FnOnce(*mut Color)) -> Grid {
        let w = if h == 0 { 0 } else { w };
        let n = h.checked_mul(w).expect("grid size overflows");
        let layout = Grid::layout(n);
        // SAFETY: the layout's size is at least that of the header.
        let block = unsafe {
            if zeroed {
                alloc::alloc_zeroed(layout)
            } else {
                alloc::alloc(layout)
            }
        };
        let Some(header) = NonNull::new(block.cast::<Header>()) else {
            alloc::handle_alloc_error(layout)
        };
        let guard = Unfinished(header, layout);
        // SAFETY: the block holds the header, then `n` cells.
        unsafe {
            header.as_ptr().write(Header {
                refs: AtomicUsize::new(1),
                h,
                w,
            });
            fill(block.add(CELLS_AT).cast::<Color>());
        }
        std::mem::forget(guard);
        Grid {
            header,
            _owns: PhantomData,
        }
    }

    /// A grid from its dimensions and row-major cells (copied into the
    /// grid's block: builders on a hot path write into [`Grid::build`] or
    /// [`Grid::filled`]'s cells instead).
    pub fn new(h: usize, w: usize, cells: Vec<Color>) -> Grid {
        Grid::from_cells(h, w, &cells)
    }

    /// A grid from its dimensions and a copy of row-major cells.
    pub fn from_cells(h: usize, w: usize, cells: &[Color]) -> Grid {
        let n = cells.len();
        assert_eq!(
            h.checked_mul(w),
            Some(n),
            "a grid's cells are its height x width"
        );
        // SAFETY: `build` asks for `h * w` = `n` cells (0 when h is 0).
        unsafe { Grid::build(h, w, |dst| ptr::copy_nonoverlapping(cells.as_ptr(), dst, n)) }
    }

    /// A grid filled with one colour.
    pub fn filled(h: usize, w: usize, color: Color) -> Grid {
        let n = if h == 0 { 0 } else { h * w };
        // SAFETY: zeroed cells, or all `n` cells written.
        unsafe {
            Grid::allocate(h, w, color == 0, |dst| {
                if color != 0 {
                    ptr::write_bytes(dst, color as u8, n)
                }
            })
        }
    }

    /// A grid from rows; `None` if the rows are ragged.
    pub fn from_rows(rows: &[Vec<Color>]) -> Option<Grid> {
        let w = rows.first().map_or(0, |r| r.len());
        if rows.iter().any(|r| r.len() != w) {
            return None;
        }
        // SAFETY: row i's `w` cells go to `i * w`.
        Some(unsafe {
            Grid::build(rows.len(), w, |dst| {
                for (i, r) in rows.iter().enumerate() {
                    ptr::copy_nonoverlapping(r.as_ptr(), dst.add(i * w), w);
                }
            })
        })
    }

    #[inline(always)]
    fn head(&self) -> &Header {
        // SAFETY: the block lives while any handle does.
        unsafe { self.header.as_ref() }
    }

    #[inline(always)]
    pub fn height(&self) -> usize {
        self.head().h
    }

    #[inline(always)]
    pub fn width(&self) -> usize {
        self.head().w
    }

    /// The first cell's address (the cells follow the header).
    #[inline(always)]
    fn cells_ptr(&self) -> *mut Color {
        // SAFETY: the block holds the header, then the cells.
        unsafe { self.header.as_ptr().cast::<u8>().add(CELLS_AT).cast() }
    }

    #[inline(always)]
    pub fn cells(&self) -> &[Color] {
        let h = self.head();
        // SAFETY: the block's `h * w` cells were written by `build`.
        unsafe { std::slice::from_raw_parts(self.cells_ptr(), h.h * h.w) }
    }

    /// A copy of the grid in a block of its own (`clone` shares the block).
    pub fn copied(&self) -> Grid {
        Grid::from_cells(self.height(), self.width(), self.cells())
    }

    /// Whether this handle is the grid's only one.
    fn is_unique(&self) -> bool {
        // Acquire: writes through another handle that was dropped are seen.
        self.head().refs.load(atomic::Ordering::Acquire) == 1
    }

    /// The cells to write: this handle's own copy of them when the grid is
    /// shared (copy on write).
    pub fn cells_mut(&mut self) -> &mut [Color] {
        if !self.is_unique() {
            *self = self.copied();
        }
        let n = self.cells().len();
        // SAFETY: this handle is the only one, and `&mut self` is held.
        unsafe { std::slice::from_raw_parts_mut(self.cells_ptr(), n) }
    }

    /// Whether two handles share one block (the same grid, not only equal).
    #[inline]
    pub fn ptr_eq(a: &Grid, b: &Grid) -> bool {
        a.header == b.header
    }

    /// The block's address: a key for caches of grids (the GPU's).
    pub fn as_ptr(&self) -> *const u8 {
        self.header.as_ptr().cast()
    }

    pub fn get(&self, i: usize, j: usize) -> Color {
        self.cells()[i * self.width() + j]
    }

    pub fn set(&mut self, i: usize, j: usize, c: Color) {
        let w = self.width();
        self.cells_mut()[i * w + j] = c;
    }

    /// The value at a signed location, or `None` when outside the grid.
    pub fn at(&self, i: i64, j: i64) -> Option<Color> {
        if i >= 0 && j >= 0 && (i as usize) < self.height() && (j as usize) < self.width() {
            Some(self.get(i as usize, j as usize))
        } else {
            None
        }
    }

    pub fn row(&self, i: usize) -> &[Color] {
        let w = self.width();
        &self.cells()[i * w..(i + 1) * w]
    }

    pub fn rows(&self) -> impl Iterator<Item = &[Color]> {
        (0..self.height()).map(move |i| self.row(i))
    }

    /// Python's `grid[0]` succeeds only on a non-empty grid.
    pub fn require_rows(&self, context: &'static str) -> Result<()> {
        if self.height() == 0 {
            Err(Error::index_error(context))
        } else {
            Ok(())
        }
    }

    /// Python tuple comparison of two grids (rows compared as int tuples).
    pub fn python_cmp(&self, other: &Grid) -> Ordering {
        for i in 0..self.height().min(other.height()) {
            match self.row(i).cmp(other.row(i)) {
                Ordering::Equal => {}
                o => return o,
            }
        }
        self.height().cmp(&other.height())
    }
}

impl Clone for Grid {
    #[inline]
    fn clone(&self) -> Grid {
        // Relaxed, as `Arc`: the new handle comes from an existing one.
        let old = self.head().refs.fetch_add(1, atomic::Ordering::Relaxed);
        if old > isize::MAX as usize {
            std::process::abort();
        }
        Grid {
            header: self.header,
            _owns: PhantomData,
        }
    }
}

impl Drop for Grid {
    #[inline]
    fn drop(&mut self) {
        if self.head().refs.fetch_sub(1, atomic::Ordering::Release) != 1 {
            return;
        }
        // The last handle: every other handle's use happened before this.
        atomic::fence(atomic::Ordering::Acquire);
        let layout = Grid::layout(self.cells().len());
        // SAFETY: allocated with this layout; no handle is left.
        unsafe { alloc::dealloc(self.header.as_ptr().cast(), layout) }
    }
}

impl PartialEq for Grid {
    fn eq(&self, other: &Grid) -> bool {
        Grid::ptr_eq(self, other)
            || (self.height() == other.height()
                && self.width() == other.width()
                && self.cells() == other.cells())
    }
}

impl Eq for Grid {}

/// Hashes as the former derived `Hash` of `{h, w, cells: Vec}` did.
impl Hash for Grid {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.height().hash(state);
        self.width().hash(state);
        self.cells().hash(state);
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid{}x{}", self.height(), self.width())?;
        f.debug_list().entries(self.rows()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn task_grid() -> Grid {
        // The first training input of 007bbfb7 (3 x 3).
        Grid::from_rows(&[vec![0, 7, 7], vec![7, 7, 7], vec![0, 7, 7]]).unwrap()
    }

    #[test]
    fn clones_share_and_writes_copy() {
        let a = task_grid();
        let mut b = a.clone();
        assert!(Grid::ptr_eq(&a, &b));
        b.set(0, 0, 5);
        assert!(!Grid::ptr_eq(&a, &b));
        assert_eq!(a.get(0, 0), 0);
        assert_eq!(b.get(0, 0), 5);
        // A unique grid is written in place.
        let before = b.as_ptr();
        b.set(2, 2, 1);
        assert_eq!(b.as_ptr(), before);
        assert_eq!(b.row(2), &[0, 7, 1]);
    }

    #[test]
    fn degenerate_shapes() {
        let empty = Grid::new(0, 5, Vec::new());
        assert_eq!((empty.height(), empty.width()), (0, 0));
        let no_columns = Grid::filled(3, 0, 4);
        assert_eq!((no_columns.height(), no_columns.width()), (3, 0));
        assert_eq!(no_columns.rows().count(), 3);
        assert!(no_columns.cells().is_empty());
        assert_eq!(Grid::from_rows(&[vec![1, 2], vec![3]]), None);
    }

    #[test]
    fn equality_and_hash_are_by_value() {
        use std::collections::hash_map::DefaultHasher;
        let hash = |g: &Grid| {
            let mut s = DefaultHasher::new();
            g.hash(&mut s);
            s.finish()
        };
        let a = task_grid();
        let b = Grid::from_cells(3, 3, a.cells());
        assert!(!Grid::ptr_eq(&a, &b));
        assert_eq!(a, b);
        assert_eq!(hash(&a), hash(&b));
        // The derived hash of the former `{h, w, cells: Vec}`.
        let mut s = DefaultHasher::new();
        3usize.hash(&mut s);
        3usize.hash(&mut s);
        a.cells().to_vec().hash(&mut s);
        assert_eq!(hash(&a), s.finish());
    }

    #[test]
    fn a_panicking_fill_frees_the_block() {
        let r = std::panic::catch_unwind(|| unsafe { Grid::build(2, 2, |_| panic!("fill")) });
        assert!(r.is_err());
    }
}
