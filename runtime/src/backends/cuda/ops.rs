//! Which primitives run on the GPU, which rows of a call are eligible, and
//! the host-side shape of every row's result.
//!
//! A row is eligible only where the CPU result is certain and its shape is
//! known without looking at the cells: every grid argument a non-empty
//! `Value::Grid`, every integer argument an `Int`/`Bool` in the range where
//! the reference gives a non-empty grid (factor >= 1, colours that fit a
//! cell, windows inside the grid). Every other row (errors, other values,
//! degenerate shapes) runs on the CPU in the same call. Nothing here
//! touches CUDA: it is tested on machines without a GPU.

use std::sync::Arc;

use rayon::prelude::*;

use crate::batch::{Column, DeviceBuffer, DeviceGrid};
use crate::signatures::Prim;
use crate::values::{Cell, Color, Grid, Loc, Value};

/// Ints per row descriptor (see `kernels/common.cuh`).
pub const DESC: usize = 12;
/// Ints per row of a reduction's output (see `kernels/reduce.cu`).
pub const REDUCE_STRIDE: usize = 8;
/// Largest output of one row sent to the GPU (cells); larger ones go to the
/// CPU, which decides what such a size means (budget, errors).
pub const MAX_ROW_CELLS: usize = 1 << 22;

/// A kernel family: one CUDA source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    Transform,
    Reduce,
    Patches,
}

impl Family {
    pub const ALL: [Family; 3] = [Family::Transform, Family::Reduce, Family::Patches];
    pub fn source(self) -> &'static str {
        match self {
            Family::Transform => include_str!("../../../../kernels/transform.cu"),
            Family::Reduce => include_str!("../../../../kernels/reduce.cu"),
            Family::Patches => include_str!("../../../../kernels/patches.cu"),
        }
    }
    pub fn file(self) -> &'static str {
        match self {
            Family::Transform => "transform.cu",
            Family::Reduce => "reduce.cu",
            Family::Patches => "patches.cu",
        }
    }
    /// The kernels the file defines.
    pub fn kernels(self) -> &'static [&'static str] {
        match self {
            Family::Transform => &[
                "rot90",
                "rot180",
                "rot270",
                "hmirror",
                "vmirror",
                "dmirror",
                "cmirror",
                "window",
                "upscale",
                "downscale",
                "replace",
                "switch_colors",
                "canvas",
                "cellwise",
                "hconcat",
                "vconcat",
            ],
            Family::Reduce => &[
                "mostcolor",
                "leastcolor",
                "numcolors",
                "colorcount",
                "palette",
            ],
            Family::Patches => &["components", "paint_cells"],
        }
    }
    /// The full source handed to NVRTC: `common.cuh` then the family.
    pub fn program(self) -> String {
        format!("{}\n{}", COMMON, self.source())
    }
}

pub const COMMON: &str = include_str!("../../../../kernels/common.cuh");

/// What a reduction's output words mean.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reduced {
    /// A colour (mostcolor, leastcolor).
    Color,
    /// A count (numcolors, colorcount).
    Count,
    /// A 256-bit mask of colours (palette).
    Palette,
}

/// What a components row's keys make (see `kernels/patches.cu`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sets {
    /// A frozenset of objects (objects, partition, fgpartition).
    Objects,
    /// A frozenset of locations (ofcolor).
    Indices,
}

/// How a primitive runs on the GPU.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Grid(s) in, one grid out: one thread per output cell.
    Gather,
    /// Grid in, a colour statistic out: one block per grid.
    Reduce(Reduced),
    /// Grid in, cells out in the frozenset order: one thread per grid.
    Components(Sets),
    /// Grid and a patch in, the painted grid out: one block per grid.
    Paint,
}

/// Largest grid of a components row (cells; `MAX_CELLS` in patches.cu).
pub const MAX_COMPONENT_CELLS: usize = 4096;
/// Largest patch of a paint row (cells).
pub const MAX_PATCH_CELLS: usize = 1 << 20;

/// Components rows: `params[0]` is the mode of `kernels/patches.cu`.
pub const MODE_OBJECTS: i32 = 0;
pub const MODE_PARTITION: i32 = 1;
pub const MODE_FGPARTITION: i32 = 2;
pub const MODE_OFCOLOR: i32 = 3;
/// Paint rows: `params[1]` bits.
pub const PAINT_UNDER: i32 = 1;
pub const PAINT_OWN_COLORS: i32 = 2;

/// A GPU operation: the kernel that implements a primitive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Op {
    pub prim: Prim,
    pub kernel: &'static str,
    pub kind: Kind,
}

impl Op {
    pub fn family(&self) -> Family {
        match self.kind {
            Kind::Gather => Family::Transform,
            Kind::Reduce(_) => Family::Reduce,
            Kind::Components(_) | Kind::Paint => Family::Patches,
        }
    }
}

/// The GPU operation of `prim`, if there is one (else the call runs on the CPU).
pub fn op_for(prim: Prim) -> Option<Op> {
    use Kind::*;
    let (kernel, kind) = match prim {
        Prim::rot90 => ("rot90", Gather),
        Prim::rot180 => ("rot180", Gather),
        Prim::rot270 => ("rot270", Gather),
        Prim::hmirror => ("hmirror", Gather),
        Prim::vmirror => ("vmirror", Gather),
        Prim::dmirror => ("dmirror", Gather),
        Prim::cmirror => ("cmirror", Gather),
        Prim::crop
        | Prim::tophalf
        | Prim::bottomhalf
        | Prim::lefthalf
        | Prim::righthalf
        | Prim::trim => ("window", Gather),
        Prim::upscale | Prim::hupscale | Prim::vupscale => ("upscale", Gather),
        Prim::downscale => ("downscale", Gather),
        Prim::replace => ("replace", Gather),
        Prim::switch => ("switch_colors", Gather),
        Prim::canvas => ("canvas", Gather),
        Prim::cellwise => ("cellwise", Gather),
        Prim::hconcat => ("hconcat", Gather),
        Prim::vconcat => ("vconcat", Gather),
        Prim::mostcolor => ("mostcolor", Reduce(Reduced::Color)),
        Prim::leastcolor => ("leastcolor", Reduce(Reduced::Color)),
        Prim::numcolors => ("numcolors", Reduce(Reduced::Count)),
        Prim::colorcount => ("colorcount", Reduce(Reduced::Count)),
        Prim::palette => ("palette", Reduce(Reduced::Palette)),
        Prim::objects | Prim::partition | Prim::fgpartition => {
            ("components", Components(Sets::Objects))
        }
        Prim::ofcolor => ("components", Components(Sets::Indices)),
        Prim::fill | Prim::underfill | Prim::paint | Prim::underpaint => ("paint_cells", Paint),
        _ => return None,
    };
    Some(Op { prim, kernel, kind })
}

/// Every primitive with a GPU operation.
pub fn supported() -> Vec<Prim> {
    crate::signatures::PRIMITIVES
        .iter()
        .map(|s| s.prim)
        .filter(|p| op_for(*p).is_some())
        .collect()
}

/// The patch argument of a paint row, shared with its value.
#[derive(Clone, Debug)]
pub enum PatchRef {
    Locs(Arc<[Loc]>),
    Cells(Arc<[Cell]>),
}

impl PatchRef {
    pub fn len(&self) -> usize {
        match self {
            PatchRef::Locs(l) => l.len(),
            PatchRef::Cells(c) => c.len(),
        }
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Append the kernel's 3 ints per cell: colour (0 for a location), i, j.
    pub fn pack_into(&self, out: &mut Vec<i32>) {
        match self {
            PatchRef::Locs(l) => out.extend(l.iter().flat_map(|&(i, j)| [0, i, j])),
            PatchRef::Cells(c) => {
                out.extend(c.iter().flat_map(|c| [c.color as i32, c.loc.0, c.loc.1]))
            }
        }
    }
}

/// A grid a device holds, as a call plans it: its buffer is the call's
/// `buffer`-th device buffer (see [`device_buffers`]; an index, not an
/// `Arc`: thousands of rows cloning one `Arc` from every core cost more
/// than the kernel).
#[derive(Clone, Copy, Debug)]
pub struct DeviceRef {
    pub buffer: u32,
    pub device: usize,
    pub offset: u32,
    pub h: u32,
    pub w: u32,
}

/// The device buffers a call's resident arguments live in, each once.
pub type Buffers = Vec<DeviceBuffer>;

/// The distinct device buffers of the resident columns among `args`, and
/// for each argument, where each of its buffers is in that list.
pub fn device_buffers(args: &[&Column]) -> (Buffers, Vec<Vec<u32>>) {
    let mut all: Buffers = Vec::new();
    let maps = args
        .iter()
        .map(|c| {
            c.device_buffers()
                .iter()
                .map(|b| {
                    let p = Arc::as_ptr(b) as *const ();
                    match all.iter().position(|x| Arc::as_ptr(x) as *const () == p) {
                        Some(k) => k as u32,
                        None => {
                            all.push(b.clone());
                            (all.len() - 1) as u32
                        }
                    }
                })
                .collect()
        })
        .collect();
    (all, maps)
}

fn device_ref(d: &DeviceGrid, map: &[u32]) -> Option<DeviceRef> {
    Some(DeviceRef {
        buffer: *map.get(d.buffer as usize)?,
        device: d.device,
        offset: d.offset,
        h: d.h,
        w: d.w,
    })
}

/// A grid argument: a host value, or a grid a device already holds (the
/// output of an earlier GPU call, not copied to the host).
#[derive(Clone)]
pub enum GridSrc {
    Host(Grid),
    Device(DeviceRef),
}

impl std::fmt::Debug for GridSrc {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GridSrc::Host(g) => write!(f, "Host({}x{})", g.height(), g.width()),
            GridSrc::Device(d) => {
                write!(f, "Device({}: {}x{} at {})", d.device, d.h, d.w, d.offset)
            }
        }
    }
}

impl GridSrc {
    pub fn height(&self) -> usize {
        match self {
            GridSrc::Host(g) => g.height(),
            GridSrc::Device(d) => d.h as usize,
        }
    }
    pub fn width(&self) -> usize {
        match self {
            GridSrc::Host(g) => g.width(),
            GridSrc::Device(d) => d.w as usize,
        }
    }
}

/// A row's argument as the planner sees it.
#[derive(Clone, Copy)]
pub enum Arg<'a> {
    Value(&'a Value),
    /// A grid held by a device (never empty).
    Device(DeviceRef),
}

/// One eligible row: its input grids, parameters and output shape.
#[derive(Clone, Debug)]
pub struct RowPlan {
    /// The first input grid (none for `canvas`).
    pub a: Option<GridSrc>,
    /// The second input grid (binary operations).
    pub b: Option<GridSrc>,
    /// The patch painted (paint rows).
    pub patch: Option<PatchRef>,
    pub params: [i32; 3],
    /// Output grid shape (gathers, paints); the key capacity h x w of a
    /// components row; (0, 0) for reductions.
    pub out: (usize, usize),
}

impl RowPlan {
    /// Cells read and written: the work measure of the cost model.
    pub fn cells(&self) -> usize {
        let n = |g: &Option<GridSrc>| g.as_ref().map_or(0, |g| g.height() * g.width());
        n(&self.a)
            + n(&self.b)
            + self.out.0 * self.out.1
            + self.patch.as_ref().map_or(0, |p| p.len())
    }
}

fn grid(v: &Arg) -> Option<GridSrc> {
    match v {
        Arg::Value(Value::Grid(g)) if g.height() > 0 && g.width() > 0 => {
            Some(GridSrc::Host(g.clone()))
        }
        Arg::Device(d) => Some(GridSrc::Device(*d)),
        _ => None,
    }
}

fn int(v: &Arg) -> Option<i64> {
    match v {
        Arg::Value(Value::Int(i)) => Some(*i),
        Arg::Value(Value::Bool(b)) => Some(*b as i64),
        _ => None,
    }
}

fn color(v: &Arg) -> Option<i32> {
    int(v).and_then(|i| Color::try_from(i).ok()).map(i32::from)
}

/// A factor for scaling: 1..=30 (larger ones go to the CPU).
fn factor(v: &Arg) -> Option<usize> {
    int(v).filter(|f| (1..=30).contains(f)).map(|f| f as usize)
}

fn pair(v: &Arg) -> Option<(i64, i64)> {
    match v {
        Arg::Value(Value::Pair(a, b)) => Some((*a, *b)),
        _ => None,
    }
}

fn unary(a: &GridSrc, params: [i32; 3], out: (usize, usize)) -> Option<RowPlan> {
    let ok = out.0 > 0 && out.1 > 0 && out.0 * out.1 <= MAX_ROW_CELLS;
    ok.then(|| RowPlan {
        a: Some(a.clone()),
        b: None,
        patch: None,
        params,
        out,
    })
}

/// The plan of one row of `op` with arguments `args`, or `None` when the row
/// must run on the CPU.
pub fn plan_row(op: &Op, args: &[&Value]) -> Option<RowPlan> {
    let args: Vec<Arg> = args.iter().map(|v| Arg::Value(v)).collect();
    plan_row_args(op, &args)
}

/// [`plan_row`] of arguments some of which a device holds.
pub fn plan_row_args(op: &Op, args: &[Arg]) -> Option<RowPlan> {
    let hw = |g: &GridSrc| (g.height(), g.width());
    match op.prim {
        Prim::rot90 | Prim::rot270 | Prim::dmirror | Prim::cmirror => {
            let [a] = args else { return None };
            let a = &grid(a)?;
            unary(a, [0; 3], (a.width(), a.height()))
        }
        Prim::rot180 | Prim::hmirror | Prim::vmirror => {
            let [a] = args else { return None };
            let a = &grid(a)?;
            unary(a, [0; 3], hw(a))
        }
        Prim::tophalf | Prim::bottomhalf => {
            let [a] = args else { return None };
            let a = &grid(a)?;
            let (h, w) = hw(a);
            let top = if op.prim == Prim::tophalf {
                0
            } else {
                h / 2 + h % 2
            };
            unary(a, [top as i32, 0, 0], (h / 2, w))
        }
        Prim::lefthalf | Prim::righthalf => {
            let [a] = args else { return None };
            let a = &grid(a)?;
            let (h, w) = hw(a);
            let left = if op.prim == Prim::lefthalf {
                0
            } else {
                w / 2 + w % 2
            };
            unary(a, [0, left as i32, 0], (h, w / 2))
        }
        Prim::trim => {
            let [a] = args else { return None };
            let a = &grid(a)?;
            let (h, w) = hw(a);
            unary(a, [1, 1, 0], (h.saturating_sub(2), w.saturating_sub(2)))
        }
        Prim::crop => {
            let [a, start, dims] = args else { return None };
            let a = &grid(a)?;
            let (h, w) = hw(a);
            let (i0, j0) = pair(start)?;
            let (dh, dw) = pair(dims)?;
            let lim = 1 << 20;
            if !(0..h as i64).contains(&i0)
                || !(0..w as i64).contains(&j0)
                || !(1..lim).contains(&dh)
                || !(1..lim).contains(&dw)
            {
                return None;
            }
            let rows = (h as i64).min(i0 + dh) - i0;
            let cols = (w as i64).min(j0 + dw) - j0;
            unary(a, [i0 as i32, j0 as i32, 0], (rows as usize, cols as usize))
        }
        Prim::upscale | Prim::hupscale | Prim::vupscale => {
            let [a, f] = args else { return None };
            let a = &grid(a)?;
            let f = factor(f)?;
            let (fi, fj) = match op.prim {
                Prim::upscale => (f, f),
                Prim::hupscale => (1, f),
                _ => (f, 1),
            };
            let (h, w) = hw(a);
            unary(a, [fi as i32, fj as i32, 0], (h * fi, w * fj))
        }
        Prim::downscale => {
            let [a, f] = args else { return None };
            let a = &grid(a)?;
            let f = factor(f)?;
            let (h, w) = hw(a);
            unary(a, [f as i32, 0, 0], (h.div_ceil(f), w.div_ceil(f)))
        }
        Prim::replace | Prim::switch => {
            let [a, x, y] = args else { return None };
            let a = &grid(a)?;
            unary(a, [color(x)?, color(y)?, 0], hw(a))
        }
        Prim::canvas => {
            let [value, dims] = args else { return None };
            let c = color(value)?;
            let (h, w) = pair(dims)?;
            let lim = 1 << 12;
            if !(1..lim).contains(&h) || !(1..lim).contains(&w) {
                return None;
            }
            let out = (h as usize, w as usize);
            (out.0 * out.1 <= MAX_ROW_CELLS).then_some(RowPlan {
                a: None,
                b: None,
                patch: None,
                params: [c, 0, 0],
                out,
            })
        }
        Prim::cellwise | Prim::hconcat | Prim::vconcat => {
            let (a, b, p0) = match (op.prim, args) {
                (Prim::cellwise, [a, b, fallback]) => (a, b, color(fallback)?),
                (Prim::hconcat | Prim::vconcat, [a, b]) => (a, b, 0),
                _ => return None,
            };
            let (a, b) = (&grid(a)?, &grid(b)?);
            let ((ha, wa), (hb, wb)) = (hw(a), hw(b));
            let out = match op.prim {
                // The reference reads b[i][j] for every cell of a.
                Prim::cellwise if hb >= ha && wb >= wa => (ha, wa),
                // zip(a, b): as many rows as the shorter grid.
                Prim::hconcat => (ha.min(hb), wa + wb),
                // a + b is a grid only when the widths agree.
                Prim::vconcat if wa == wb => (ha + hb, wa),
                _ => return None,
            };
            let mut plan = unary(a, [p0, 0, 0], out)?;
            plan.b = Some(b.clone());
            Some(plan)
        }
        Prim::mostcolor | Prim::leastcolor | Prim::numcolors | Prim::palette => {
            let [a] = args else { return None };
            Some(RowPlan {
                a: Some(grid(a)?),
                b: None,
                patch: None,
                params: [0; 3],
                out: (0, 0),
            })
        }
        Prim::colorcount => {
            let [a, c] = args else { return None };
            let p0 = color(c)?;
            Some(RowPlan {
                a: Some(grid(a)?),
                b: None,
                patch: None,
                params: [p0, 0, 0],
                out: (0, 0),
            })
        }
        Prim::objects | Prim::partition | Prim::fgpartition | Prim::ofcolor => {
            let (a, mode, flags) = match (op.prim, args) {
                (Prim::objects, [a, u, d, b]) => {
                    let flag = |v: &Arg, bit: i32| int(v).map(|x| if x != 0 { bit } else { 0 });
                    (a, MODE_OBJECTS, flag(u, 1)? | flag(d, 2)? | flag(b, 4)?)
                }
                (Prim::partition, [a]) => (a, MODE_PARTITION, 0),
                (Prim::fgpartition, [a]) => (a, MODE_FGPARTITION, 0),
                (Prim::ofcolor, [a, c]) => (a, MODE_OFCOLOR, color(c)?),
                _ => return None,
            };
            let a = &grid(a)?;
            let (h, w) = hw(a);
            (h * w <= MAX_COMPONENT_CELLS).then(|| RowPlan {
                a: Some(a.clone()),
                b: None,
                patch: None,
                params: [mode, flags, 0],
                out: (h, w),
            })
        }
        Prim::fill | Prim::underfill | Prim::paint | Prim::underpaint => {
            let under = matches!(op.prim, Prim::underfill | Prim::underpaint);
            let (a, colour, patch, mode) = match (args, op.prim) {
                ([a, c, p], Prim::fill | Prim::underfill) => {
                    let patch = match p {
                        Arg::Value(Value::Indices(l)) => PatchRef::Locs(l.clone()),
                        Arg::Value(Value::Object(c)) => PatchRef::Cells(c.clone()),
                        _ => return None,
                    };
                    (a, color(c)?, patch, 0)
                }
                // A tuple of cells paints in its own order, duplicates and
                // all: the CPU's.
                ([a, Arg::Value(Value::Object(c))], Prim::paint | Prim::underpaint) => {
                    (a, 0, PatchRef::Cells(c.clone()), PAINT_OWN_COLORS)
                }
                _ => return None,
            };
            let a = &grid(a)?;
            let mode = mode | if under { PAINT_UNDER } else { 0 };
            (patch.len() <= MAX_PATCH_CELLS).then(|| RowPlan {
                a: Some(a.clone()),
                b: None,
                patch: Some(patch),
                params: [colour, mode, 0],
                out: hw(a),
            })
        }
        _ => None,
    }
}

static NONE: Value = Value::None;

/// Plans of every row of a call (`None`: CPU). A row whose argument is an
/// error is never eligible.
pub fn plan_rows(op: &Op, args: &[&Column], rows: usize) -> Vec<Option<RowPlan>> {
    plan_rows_with(op, args, rows, &device_buffers(args).1)
}

/// [`plan_rows`] with where each argument's device buffers are in the
/// call's list ([`device_buffers`]).
pub fn plan_rows_with(
    op: &Op,
    args: &[&Column],
    rows: usize,
    maps: &[Vec<u32>],
) -> Vec<Option<RowPlan>> {
    if args.len() > 4 {
        return vec![None; rows];
    }
    (0..rows)
        .into_par_iter()
        .with_min_len(512)
        .map(|r| {
            let mut vals: [Arg; 4] = [Arg::Value(&NONE); 4];
            for (k, c) in args.iter().enumerate() {
                // A device's grid is planned where it is (no copy down).
                vals[k] = match c.device_grid(r) {
                    Some(d) => Arg::Device(device_ref(d, &maps[k])?),
                    None => Arg::Value(c.row(r).as_ref().ok()?),
                };
            }
            plan_row_args(op, &vals[..args.len()])
        })
        .collect()
}

/// The value a reduction row's output words stand for.
pub fn reduced_value(kind: Reduced, words: &[i32]) -> Value {
    match kind {
        Reduced::Color | Reduced::Count => Value::Int(words[0] as i64),
        Reduced::Palette => {
            let colors = (0..256usize)
                .filter(|&c| (words[c / 32] as u32 >> (c % 32)) & 1 == 1)
                .map(|c| Value::Int(c as i64 - 128))
                .collect();
            Value::set(colors)
        }
    }
}

/// Row descriptors (see `kernels/common.cuh`): offsets of each row's inputs
/// in their buffers and of its output, shapes and parameters.
pub fn descriptors(
    plans: &[&RowPlan],
    a_offs: &[u32],
    b_offs: &[u32],
    out_offs: &[u32],
) -> Vec<i32> {
    let mut d = vec![0i32; plans.len() * DESC];
    let hw = |g: &Option<GridSrc>| {
        g.as_ref()
            .map_or((0, 0), |g| (g.height() as i32, g.width() as i32))
    };
    // Host work per row of every call: on all cores.
    d.par_chunks_mut(DESC)
        .zip(plans.par_iter())
        .enumerate()
        .with_min_len(512)
        .for_each(|(r, (words, p))| {
            let (ah, aw) = hw(&p.a);
            let (bh, bw) = match &p.patch {
                // Paint rows: words 3 and 4 are the patch's offset and length.
                Some(patch) => (patch.len() as i32, 0),
                None => hw(&p.b),
            };
            let at = |v: &[u32]| v.get(r).copied().unwrap_or(0) as i32;
            words.copy_from_slice(&[
                at(a_offs),
                ah,
                aw,
                at(b_offs),
                bh,
                bw,
                at(out_offs),
                p.out.0 as i32,
                p.out.1 as i32,
                p.params[0],
                p.params[1],
                p.params[2],
            ]);
        });
    d
}
