//! Whole programs on the device: which programs of a plan can run from
//! input to output on the GPU, and their CUDA source.
//!
//! A program qualifies when every node it runs has a device form
//! ([`form`]): its values are then grids, numbers, pairs, sets of locations
//! and sets of colours that one warp holds (grids and sets in slots of the
//! warp's own memory, numbers and an object's cells in registers), and the
//! program runs as one warp per input with nothing crossing to the host
//! between nodes: the inputs go up once and the outputs come down once. The
//! device kinds of the values follow from the forms, bottom up from the
//! input grid; they agree with [`crate::types::infer`] (tested).
//!
//! Functions are known when the program is generated (`DevFn`), also
//! those a call makes (`lbind(rbind, f)` called on `x`), and so are tuples
//! of functions and tuples the device has no kind for (`Arg::Items`):
//! their calls and items are written inline, and only a choice among them
//! (`branch`, `extract`, `argmax`) is made when the program runs.
//!
//! An evaluation whose case the device functions do not cover (a raise, an
//! empty or oversized grid, a colour outside 0..9; see `kernels/whole.cuh`)
//! reports DEOPT and runs on the CPU, so results are the CPU's exactly.
//! Nothing here touches CUDA: it is tested on machines without a GPU, and
//! the generated source is compiled as C++ there (`tests/whole.rs`).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::error::ErrorKind;
use crate::fuse::Fused;
use crate::plan::{Operand, Plan};
use crate::signatures::Prim;
use crate::types::Ty;
use crate::values::Value;

/// The device functions every generated source starts with.
pub const PRELUDE: &str = concat!(
    include_str!("../../../../kernels/whole.cuh"),
    include_str!("../../../../kernels/whole_objects.cuh")
);
/// Cells of one grid value, and of one program output, on the device
/// (`WHOLE_CAP`, `WHOLE_OUT_CAP`). With 2048 and 1024, a third of the
/// evaluations the device left to the CPU on the public solvers' cross run
/// were larger outputs, and they were two thirds of those evaluations' CPU
/// time; with 4096, upscaled grids were a sixth of the CPU time left
/// (16384 since).
pub const GRID_CAP: usize = 16384;
pub const OUT_CAP: usize = 16384;
/// Name of the kernel in the generated source.
pub const KERNEL: &str = "whole_programs";
/// Most grids and sets one program may hold at once; programs that need
/// more stay on the CPU. With 10, seven of arc-dsl's solvers stayed on the
/// CPU for this alone; 14 takes six of them (16 no more). A warp's memory
/// is the most slots of its module's programs; every warp of a launch has
/// room for it in global memory (2.2 GB at 14 for 8 x 1024 warps), of
/// which a program touches only what its values use.
pub const MAX_SLOTS: usize = 14;
/// Bytes of one slot on the device (`union V`: a grid of 16384 cells, a
/// set of 8192 locations and an object of 4096 cells each fill it).
pub const SLOT_BYTES: usize = 8 + 16384;
/// Ints of a warp's scratch (`aux`): `objects` keeps three per object.
pub const AUX_INTS: usize = 4096;

/// The kind of a value on the device. Booleans are numbers, as in Python.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DevTy {
    Grid,
    Int,
    Pair,
    /// A set of locations (`Indices`), ascending.
    Indices,
    /// A set of small numbers (a `palette`, colour counts, distances), as
    /// a bit mask of 0..63 (`CM`).
    Colors,
    /// An object: its cells' keys, ascending.
    Object,
    /// A set of objects, in ascending order.
    Objects,
    /// A set of sets of locations, as a set of objects of colour 0.
    Patches,
    /// One cell of an object, `(colour, (i, j))`, as its key (`colour << 16
    /// | loc_key(i, j)`, as objects hold it).
    Cell,
    /// A tuple of grids of one shape (`hsplit`, `vsplit`), in order.
    Grids,
    /// A tuple of numbers (`interval`), in order, repeats kept.
    Ints,
    /// A tuple of objects (`totuple`, `order`), in order, repeats kept:
    /// held as a set of objects is.
    ObjectTuple,
    /// A tuple of locations (`apply(tojvec, interval(...))`), in order,
    /// repeats kept: held as a set of locations is.
    Locs,
    /// A tuple of cells (`mapply` and `mpapply` giving objects over
    /// tuples), in order, repeats kept: held as an object is.
    Cells,
    /// A set of pairs of locations (`product` of two sets of locations),
    /// ascending: held as an object is, a pair as one key (the first
    /// location's key << 16 | the second's).
    LocPairs,
    /// One pair of locations, as its key.
    LocPair,
    /// A set of pairs of objects (`product` of two sets of objects),
    /// ascending: held as a set of objects is, pair e as objects 2e and
    /// 2e + 1.
    ObjectPairs,
    /// One pair of objects of such a set (`SP`: the set and the pair's
    /// place), read within a loop's turn only.
    ObjectPair,
    /// A tuple of tuples of locations (`papply(pair, grid, grid)`: rows
    /// zipped), each in order, repeats kept: held as a set of patches is.
    LocsTuple,
    /// A tuple of sets of locations (apply over a tuple of a function
    /// giving them), in order, repeats kept: held as a set of patches is.
    PatchTuple,
    /// `initset` of a location within a function's call: held as the
    /// location (a `P`) until something with no form for it reads it
    /// (then made a set, `Emitter::concrete`). Never a node's value.
    Loc1,
    /// `initset` of a cell within a function's call: held as the cell's
    /// key, as `Loc1` is.
    Cell1,
    /// `connect` of two locations in a union's turn run by one lane
    /// (`Emitter::lane_union`): the line as its first cell, step and
    /// length (`LN`). Read only by size, vline, hline, difference and the
    /// union.
    Line,
    /// `difference` of a `Line` and a set of locations in such a turn:
    /// the line and the set (`LD`). Read only by size.
    LineLess,
}

/// How a node runs on the device: the device function and its result kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Form {
    pub function: &'static str,
    pub result: DevTy,
    /// Scratch the function takes after its arguments.
    pub extra: Extra,
}

/// Scratch a device function needs besides its arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Extra {
    None,
    /// The warp's ints (`aux`).
    Aux,
    /// A slot for the node alone, and the warp's ints.
    SlotAux,
}

/// The form of `prim` within a union's turn run by one lane
/// (`Emitter::lane_union`), where it differs from [`form`]: `connect` of
/// two locations is held as the line between them (`LN`).
fn lane_form(prim: Prim, args: &[DevTy]) -> Option<Form> {
    match (prim, args) {
        (Prim::connect, [DevTy::Pair, DevTy::Pair]) => Some(Form {
            function: "d_connect_ln",
            result: DevTy::Line,
            extra: Extra::None,
        }),
        _ => None,
    }
}

/// The device form of `prim` on arguments of kinds `args`, if any.
pub fn form(prim: Prim, args: &[DevTy]) -> Option<Form> {
    use DevTy::*;
    use Prim as P;
    let f = |function, result| {
        Some(Form {
            function,
            result,
            extra: match function {
                "d_compress" => Extra::Aux,
                "d_objects" | "d_frontiers" => Extra::SlotAux,
                _ => Extra::None,
            },
        })
    };
    match (prim, args) {
        (P::rot90, [Grid]) => f("d_rot90", Grid),
        (P::rot180, [Grid]) => f("d_rot180", Grid),
        (P::rot270, [Grid]) => f("d_rot270", Grid),
        (P::hmirror, [Grid]) => f("d_hmirror", Grid),
        (P::vmirror, [Grid]) => f("d_vmirror", Grid),
        (P::dmirror, [Grid]) => f("d_dmirror", Grid),
        (P::cmirror, [Grid]) => f("d_cmirror", Grid),
        (P::tophalf, [Grid]) => f("d_tophalf", Grid),
        (P::bottomhalf, [Grid]) => f("d_bottomhalf", Grid),
        (P::lefthalf, [Grid]) => f("d_lefthalf", Grid),
        (P::righthalf, [Grid]) => f("d_righthalf", Grid),
        (P::trim, [Grid]) => f("d_trim", Grid),
        (P::compress, [Grid]) => f("d_compress", Grid),
        (P::crop, [Grid, Pair, Pair]) => f("d_crop", Grid),
        (P::upscale, [Grid, Int]) => f("d_upscale", Grid),
        (P::hupscale, [Grid, Int]) => f("d_hupscale", Grid),
        (P::vupscale, [Grid, Int]) => f("d_vupscale", Grid),
        (P::downscale, [Grid, Int]) => f("d_downscale", Grid),
        (P::replace, [Grid, Int, Int]) => f("d_replace", Grid),
        (P::switch, [Grid, Int, Int]) => f("d_switch", Grid),
        (P::canvas, [Int, Pair]) => f("d_canvas", Grid),
        (P::hconcat, [Grid, Grid]) => f("d_hconcat", Grid),
        (P::vconcat, [Grid, Grid]) => f("d_vconcat", Grid),
        (P::cellwise, [Grid, Grid, Int]) => f("d_cellwise", Grid),
        (P::mostcolor, [Grid]) => f("d_mostcolor", Int),
        (P::leastcolor, [Grid]) => f("d_leastcolor", Int),
        (P::numcolors, [Grid]) => f("d_numcolors", Int),
        (P::colorcount, [Grid, Int]) => f("d_colorcount", Int),
        (P::height, [Grid]) => f("d_height", Int),
        (P::width, [Grid]) => f("d_width", Int),
        (P::shape, [Grid]) => f("d_shape", Pair),
        (P::equality, [Grid, Grid]) => f("d_equality_grid", Int),
        (P::equality, [Int, Int]) => f("d_equality", Int),
        (P::greater, [Int, Int]) => f("d_greater", Int),
        (P::add, [Int, Int]) => f("d_add", Int),
        (P::subtract, [Int, Int]) => f("d_subtract", Int),
        (P::multiply, [Int, Int]) => f("d_multiply", Int),
        (P::divide, [Int, Int]) => f("d_divide", Int),
        (P::double, [Int]) => f("d_double", Int),
        (P::halve, [Int]) => f("d_halve", Int),
        (P::increment, [Int]) => f("d_increment", Int),
        (P::decrement, [Int]) => f("d_decrement", Int),
        (P::invert, [Int]) => f("d_invert", Int),
        (P::astuple, [Int, Int]) => f("d_astuple", Pair),
        (P::flip, [Int]) => f("d_flip", Int),
        (P::positive, [Int]) => f("d_positive", Int),
        (P::even, [Int]) => f("d_even", Int),
        (P::both, [Int, Int]) => f("d_both", Int),
        (P::either, [Int, Int]) => f("d_either", Int),
        (P::sign, [Int]) => f("d_sign", Int),
        (P::sign, [Pair]) => f("d_sign_pair", Pair),
        (P::crement, [Int]) => f("d_crement", Int),
        (P::maximum, [Pair]) => f("d_maximum_pair", Int),
        (P::minimum, [Pair]) => f("d_minimum_pair", Int),
        (P::maximum, [Colors]) => f("d_maximum_c", Int),
        (P::minimum, [Colors]) => f("d_minimum_c", Int),
        (P::add, [Pair, Pair]) => f("d_add_pair", Pair),
        (P::subtract, [Pair, Pair]) => f("d_subtract_pair", Pair),
        (P::double, [Pair]) => f("d_double_pair", Pair),
        (P::halve, [Pair]) => f("d_halve_pair", Pair),
        (P::increment, [Pair]) => f("d_increment_pair", Pair),
        (P::decrement, [Pair]) => f("d_decrement_pair", Pair),
        (P::invert, [Pair]) => f("d_invert_pair", Pair),
        (P::crement, [Pair]) => f("d_crement_pair", Pair),
        (P::add, [Pair, Int]) => f("d_add_pair_int", Pair),
        (P::add, [Int, Pair]) => f("d_add_int_pair", Pair),
        (P::subtract, [Pair, Int]) => f("d_subtract_pair_int", Pair),
        (P::subtract, [Int, Pair]) => f("d_subtract_int_pair", Pair),
        (P::multiply, [Int, Pair]) => f("d_multiply_int_pair", Pair),
        (P::multiply, [Pair, Pair]) => f("d_multiply_pairs", Pair),
        (P::contained, [Int, Pair]) => f("d_contained_pair", Int),
        (P::ofcolor, [Grid, Int]) => f("d_ofcolor", Indices),
        (P::asindices, [Grid]) => f("d_asindices", Indices),
        (P::fill, [Grid, Int, Indices]) => f("d_fill", Grid),
        (P::underfill, [Grid, Int, Indices]) => f("d_underfill", Grid),
        (P::cover, [Grid, Indices]) => f("d_cover", Grid),
        (P::shift, [Indices, Pair]) => f("d_shift", Indices),
        (P::normalize, [Indices]) => f("d_normalize", Indices),
        (P::toindices, [Indices]) => f("d_toindices", Indices),
        (P::combine, [Indices, Indices]) => f("d_combine", Indices),
        (P::intersection, [Indices, Indices]) => f("d_intersection", Indices),
        (P::difference, [Indices, Indices]) => f("d_difference", Indices),
        (P::ulcorner, [Indices]) => f("d_ulcorner", Pair),
        (P::urcorner, [Indices]) => f("d_urcorner", Pair),
        (P::llcorner, [Indices]) => f("d_llcorner", Pair),
        (P::lrcorner, [Indices]) => f("d_lrcorner", Pair),
        (P::uppermost, [Indices]) => f("d_uppermost", Int),
        (P::lowermost, [Indices]) => f("d_lowermost", Int),
        (P::leftmost, [Indices]) => f("d_leftmost", Int),
        (P::rightmost, [Indices]) => f("d_rightmost", Int),
        (P::height, [Indices]) => f("d_height_x", Int),
        (P::width, [Indices]) => f("d_width_x", Int),
        (P::shape, [Indices]) => f("d_shape_x", Pair),
        (P::center, [Indices]) => f("d_center", Pair),
        (P::size, [Indices]) => f("d_size_x", Int),
        (P::size, [Grid]) => f("d_size_grid", Int),
        (P::first, [Indices]) => f("d_first_x", Pair),
        (P::last, [Indices]) => f("d_last_x", Pair),
        (P::first, [Pair]) => f("d_first_pair", Int),
        (P::last, [Pair]) => f("d_last_pair", Int),
        (P::contained, [Pair, Indices]) => f("d_contained", Int),
        (P::initset, [Pair]) => f("d_initset", Indices),
        (P::insert, [Pair, Indices]) => f("d_insert", Indices),
        (P::remove, [Pair, Indices]) => f("d_remove", Indices),
        (P::equality, [Indices, Indices]) => f("d_equality_x", Int),
        (P::equality, [Pair, Pair]) => f("d_equality_pair", Int),
        (P::r#box, [Indices]) => f("d_box", Indices),
        (P::inbox, [Indices]) => f("d_inbox", Indices),
        (P::outbox, [Indices]) => f("d_outbox", Indices),
        (P::backdrop, [Indices]) => f("d_backdrop", Indices),
        (P::delta, [Indices]) => f("d_delta", Indices),
        (P::connect, [Pair, Pair]) => f("d_connect", Indices),
        (P::shoot, [Pair, Pair]) => f("d_shoot", Indices),
        (P::dneighbors, [Pair]) => f("d_dneighbors", Indices),
        (P::ineighbors, [Pair]) => f("d_ineighbors", Indices),
        (P::neighbors, [Pair]) => f("d_neighbors", Indices),
        (P::hfrontier, [Pair]) => f("d_hfrontier", Indices),
        (P::vfrontier, [Pair]) => f("d_vfrontier", Indices),
        (P::subgrid, [Indices, Grid]) => f("d_subgrid", Grid),
        (P::index, [Grid, Pair]) => f("d_index", Int),
        (P::tojvec, [Int]) => f("d_tojvec", Pair),
        (P::toivec, [Int]) => f("d_toivec", Pair),
        (P::palette, [Grid]) => f("d_palette", Colors),
        (P::remove, [Int, Colors]) => f("d_remove_c", Colors),
        (P::insert, [Int, Colors]) => f("d_insert_c", Colors),
        (P::initset, [Int]) => f("d_initset_c", Colors),
        (P::other, [Colors, Int]) => f("d_other_c", Int),
        (P::contained, [Int, Colors]) => f("d_contained_c", Int),
        (P::intersection, [Colors, Colors]) => f("d_intersection_c", Colors),
        (P::difference, [Colors, Colors]) => f("d_difference_c", Colors),
        (P::combine, [Colors, Colors]) => f("d_combine_c", Colors),
        (P::first, [Colors]) => f("d_first_c", Int),
        (P::last, [Colors]) => f("d_last_c", Int),
        (P::size, [Colors]) => f("d_size_c", Int),
        (P::equality, [Colors, Colors]) => f("d_equality_c", Int),
        (P::corners, [Indices]) => f("d_corners", Indices),
        (P::portrait, [Indices]) => f("d_portrait", Int),
        (P::portrait, [Grid]) => f("d_portrait_grid", Int),
        (P::square, [Grid]) => f("d_square_grid", Int),
        (P::frontiers, [Grid]) => f("d_frontiers", Objects),
        (P::bordering, [Indices, Grid]) => f("d_bordering", Int),
        (P::manhattan, [Indices, Indices]) => f("d_manhattan", Int),
        // One location (Loc1: a cell's reads as its location).
        (P::manhattan, [Loc1, Loc1]) => f("d_manhattan_ll", Int),
        (P::manhattan, [Indices, Loc1]) => f("d_manhattan_xl", Int),
        (P::manhattan, [Loc1, Indices]) => f("d_manhattan_lx", Int),
        (P::adjacent, [Loc1, Loc1]) => f("d_adjacent_ll", Int),
        (P::adjacent, [Indices, Loc1]) => f("d_adjacent_xl", Int),
        (P::adjacent, [Loc1, Indices]) => f("d_adjacent_lx", Int),
        (P::hmatching, [Loc1, Loc1]) => f("d_hmatching_ll", Int),
        (P::hmatching, [Indices, Loc1]) => f("d_hmatching_xl", Int),
        (P::hmatching, [Loc1, Indices]) => f("d_hmatching_lx", Int),
        (P::vmatching, [Loc1, Loc1]) => f("d_vmatching_ll", Int),
        (P::vmatching, [Indices, Loc1]) => f("d_vmatching_xl", Int),
        (P::vmatching, [Loc1, Indices]) => f("d_vmatching_lx", Int),
        (P::bordering, [Loc1, Grid]) => f("d_bordering_l", Int),
        (P::adjacent, [Indices, Indices]) => f("d_adjacent", Int),
        (P::hmatching, [Indices, Indices]) => f("d_hmatching", Int),
        (P::vmatching, [Indices, Indices]) => f("d_vmatching", Int),
        (P::centerofmass, [Indices]) => f("d_centerofmass", Pair),
        (P::position, [Indices, Indices]) => f("d_position", Pair),
        (P::gravitate, [Indices, Indices]) => f("d_gravitate", Pair),
        (P::size, [Patches]) => f("d_size_s", Int),
        (P::first, [Patches]) => f("d_first_p", Indices),
        (P::last, [Patches]) => f("d_last_p", Indices),
        (P::merge, [Patches]) => f("d_merge_p", Indices),
        (P::sizefilter, [Patches, Int]) => f("d_sizefilter", Patches),
        (P::difference, [Patches, Patches]) => f("d_difference_s", Patches),
        // Objects and sets of objects (kernels/whole_objects.cuh).
        (P::objects, [Grid, Int, Int, Int]) => f("d_objects", Objects),
        (P::partition, [Grid]) => f("d_partition", Objects),
        (P::fgpartition, [Grid]) => f("d_fgpartition", Objects),
        (P::size, [Objects]) => f("d_size_s", Int),
        (P::first, [Objects]) => f("d_first_s", Object),
        (P::last, [Objects]) => f("d_last_s", Object),
        (P::merge, [Objects]) => f("d_merge_s", Object),
        (P::colorfilter, [Objects, Int]) => f("d_colorfilter", Objects),
        (P::sizefilter, [Objects, Int]) => f("d_sizefilter", Objects),
        (P::difference, [Objects, Objects]) => f("d_difference_s", Objects),
        (P::remove, [Object, Objects]) => f("d_remove_s", Objects),
        (P::initset, [Object]) => f("d_initset_s", Objects),
        (P::insert, [Object, Objects]) => f("d_insert_s", Objects),
        (P::other, [Objects, Object]) => f("d_other_s", Object),
        (P::color, [Object]) => f("d_color", Int),
        (P::size, [Object]) => f("d_size_o", Int),
        (P::toindices, [Object]) => f("d_toindices_o", Indices),
        (P::shift, [Object, Pair]) => f("d_shift_o", Object),
        (P::normalize, [Object]) => f("d_normalize_o", Object),
        (P::recolor, [Int, Indices]) => f("d_recolor_x", Object),
        (P::recolor, [Int, Object]) => f("d_recolor_o", Object),
        (P::mostcolor, [Object]) => f("d_mostcolor_o", Int),
        (P::leastcolor, [Object]) => f("d_leastcolor_o", Int),
        (P::palette, [Object]) => f("d_palette_o", Colors),
        (P::numcolors, [Object]) => f("d_numcolors_o", Int),
        (P::colorcount, [Object, Int]) => f("d_colorcount_o", Int),
        (P::square, [Object]) => f("d_square_o", Int),
        (P::hline, [Object]) => f("d_hline_o", Int),
        (P::vline, [Object]) => f("d_vline_o", Int),
        (P::equality, [Object, Object]) => f("d_equality_o", Int),
        (P::combine, [Object, Object]) => f("d_combine_o", Object),
        (P::toobject, [Indices, Grid]) => f("d_toobject", Object),
        (P::asobject, [Grid]) => f("d_asobject", Object),
        (P::paint, [Grid, Object]) => f("d_paint", Grid),
        (P::underpaint, [Grid, Object]) => f("d_underpaint", Grid),
        (P::r#move, [Grid, Object, Pair]) => f("d_move", Grid),
        // One cell of an object, held as its key (kernels/whole_objects.cuh).
        (P::first, [Object]) => f("d_first_o", Cell),
        (P::last, [Object]) => f("d_last_o", Cell),
        (P::first, [Cell]) => f("d_first_cell", Int),
        (P::last, [Cell]) => f("d_last_cell", Pair),
        (P::equality, [Cell, Cell]) => f("d_equality_cell", Int),
        (P::contained, [Cell, Object]) => f("d_contained_o", Int),
        (P::initset, [Cell]) => f("d_initset_o", Object),
        (P::insert, [Cell, Object]) => f("d_insert_o", Object),
        (P::remove, [Cell, Object]) => f("d_remove_o", Object),
        // Shapes and mirrors of patches, an object upscaled
        // (kernels/whole_objects.cuh), a pair times a number.
        (P::vline, [Indices]) => f("d_vline_x", Int),
        (P::vline, [Line]) => f("d_vline_ln", Int),
        (P::hline, [Line]) => f("d_hline_ln", Int),
        (P::size, [Line]) => f("d_size_ln", Int),
        (P::difference, [Line, Indices]) => f("d_difference_ln", LineLess),
        (P::size, [LineLess]) => f("d_size_ld", Int),
        (P::hline, [Indices]) => f("d_hline_x", Int),
        (P::square, [Indices]) => f("d_square_x", Int),
        (P::multiply, [Pair, Int]) => f("d_multiply_pair_int", Pair),
        (P::vmirror, [Indices]) => f("d_vmirror_x", Indices),
        (P::hmirror, [Indices]) => f("d_hmirror_x", Indices),
        (P::dmirror, [Indices]) => f("d_dmirror_x", Indices),
        (P::cmirror, [Indices]) => f("d_cmirror_x", Indices),
        (P::vmirror, [Object]) => f("d_vmirror_o", Object),
        (P::hmirror, [Object]) => f("d_hmirror_o", Object),
        (P::dmirror, [Object]) => f("d_dmirror_o", Object),
        (P::cmirror, [Object]) => f("d_cmirror_o", Object),
        (P::upscale, [Object, Int]) => f("d_upscale_o", Object),
        // Tuples of grids of one shape (kernels/whole.cuh).
        (P::hsplit, [Grid, Int]) => f("d_hsplit", Grids),
        (P::vsplit, [Grid, Int]) => f("d_vsplit", Grids),
        (P::first, [Grids]) => f("d_first_t", Grid),
        (P::last, [Grids]) => f("d_last_t", Grid),
        (P::size, [Grids]) => f("d_size_t", Int),
        (P::merge, [Grids]) => f("d_merge_t", Grid),
        (P::remove, [Grid, Grids]) => f("d_remove_t", Grids),
        (P::hperiod, [Object]) => f("d_hperiod_o", Int),
        // Tuples of numbers (kernels/whole.cuh).
        (P::interval, [Int, Int, Int]) => f("d_interval", Ints),
        (P::repeat, [Int, Int]) => f("d_repeat_n", Ints),
        (P::repeat, [Grid, Int]) => f("d_repeat_t", Grids),
        (P::repeat, [Object, Int]) => f("d_repeat_s", ObjectTuple),
        (P::size, [Ints]) => f("d_size_n", Int),
        (P::first, [Grid]) => f("d_first_row", Ints),
        (P::last, [Grid]) => f("d_last_row", Ints),
        (P::dedupe, [Ints]) => f("d_dedupe_n", Ints),
        (P::first, [Ints]) => f("d_first_n", Int),
        (P::last, [Ints]) => f("d_last_n", Int),
        (P::contained, [Int, Ints]) => f("d_contained_n", Int),
        (P::mostcommon, [Ints]) => f("d_mostcommon_n", Int),
        (P::leastcommon, [Ints]) => f("d_leastcommon_n", Int),
        (P::maximum, [Ints]) => f("d_maximum_n", Int),
        (P::minimum, [Ints]) => f("d_minimum_n", Int),
        (P::totuple, [Colors]) => f("d_totuple_c", Ints),
        (P::product, [Ints, Ints]) => f("d_product_n", Indices),
        // Tuples of objects (kernels/whole_objects.cuh).
        (P::totuple, [Objects]) => f("d_totuple_s", ObjectTuple),
        (P::size, [ObjectTuple]) => f("d_size_s", Int),
        (P::first, [ObjectTuple]) => f("d_first_s", Object),
        (P::last, [ObjectTuple]) => f("d_last_s", Object),
        (P::remove, [Object, ObjectTuple]) => f("d_remove_s", ObjectTuple),
        // Tuples of locations (kernels/whole_objects.cuh); where only
        // their set is read, `Emitter::call` reads it.
        (P::shift, [Locs, Pair]) => f("d_shift_l", Indices),
        (P::toindices, [Locs]) => f("d_toindices", Locs),
        (P::paint, [Grid, Cells]) => f("d_paint_cells", Grid),
        (P::size, [Locs]) => f("d_size_x", Int),
        (P::first, [Locs]) => f("d_first_x", Pair),
        (P::last, [Locs]) => f("d_last_x", Pair),
        (P::vperiod, [Object]) => f("d_vperiod_o", Int),
        // Where a normalized object lies in a grid; two objects' cells
        // (kernels/whole_objects.cuh).
        (P::occurrences, [Grid, Object]) => f("d_occurrences", Indices),
        (P::intersection, [Object, Object]) => f("d_intersection_o", Object),
        (P::difference, [Object, Object]) => f("d_difference_o", Object),
        // A grid's rows without repeats (kernels/whole.cuh).
        (P::dedupe, [Grid]) => f("d_dedupe_g", Grid),
        // Products: sets of pairs (kernels/whole_objects.cuh).
        (P::product, [Colors, Colors]) => f("d_product_c", Indices),
        (P::product, [Indices, Indices]) => f("d_product_x", LocPairs),
        (P::product, [Objects, Objects]) => f("d_product_s", ObjectPairs),
        (P::size, [LocPairs]) => f("d_size_o", Int),
        (P::size, [ObjectPairs]) => f("d_size_sp", Int),
        (P::first, [LocPair]) => f("d_first_lp", Pair),
        (P::last, [LocPair]) => f("d_last_lp", Pair),
        (P::first, [ObjectPair]) => f("d_first_op", Object),
        (P::last, [ObjectPair]) => f("d_last_op", Object),
        (P::merge, [ObjectPair]) => f("d_merge_op", Object),
        (P::totuple, [ObjectTuple]) => f("d_copy_s", ObjectTuple),
        (P::merge, [ObjectTuple]) => f("d_merge_st", Cells),
        (P::toindices, [Cells]) => f("d_toindices_o", Indices),
        // Tuples of tuples of locations: read as sets of patches are,
        // their order kept.
        (P::size, [LocsTuple]) => f("d_size_s", Int),
        (P::first, [LocsTuple]) => f("d_first_p", Locs),
        (P::last, [LocsTuple]) => f("d_last_p", Locs),
        (P::size, [PatchTuple]) => f("d_size_s", Int),
        (P::first, [PatchTuple]) => f("d_first_p", Indices),
        (P::last, [PatchTuple]) => f("d_last_p", Indices),
        (P::mostcommon, [PatchTuple]) => f("d_mostcommon_p", Indices),
        (P::leastcommon, [PatchTuple]) => f("d_leastcommon_p", Indices),
        (P::astuple, [Indices, Indices]) => f("d_astuple_p", PatchTuple),
        (P::combine, [PatchTuple, PatchTuple]) => f("d_combine_st", PatchTuple),
        (P::remove, [Indices, Patches]) => f("d_remove_p", Patches),
        (P::remove, [Ints, Grid]) => f("d_remove_row", Grid),
        (P::other, [Indices, Pair]) => f("d_other_x", Pair),
        // A set's locations in its (the CPU's, ascending) order.
        (P::totuple, [Indices]) => f("d_toindices", Locs),
        (P::mostcommon, [ObjectTuple]) => f("d_mostcommon_st", Object),
        (P::leastcommon, [ObjectTuple]) => f("d_leastcommon_st", Object),
        (P::mostcommon, [Grids]) => f("d_mostcommon_t", Grid),
        (P::leastcommon, [Grids]) => f("d_leastcommon_t", Grid),
        (P::repeat, [Ints, Int]) => f("d_repeat_g", Grid),
        // Tuples of two values, and tuples joined: a colour and a location
        // are a cell (kernels/whole_objects.cuh); numbers zipped are
        // locations.
        (P::astuple, [Int, Pair]) => f("d_astuple_cell", Cell),
        (P::astuple, [Pair, Pair]) => f("d_astuple_l", Locs),
        (P::astuple, [Grid, Grid]) => f("d_astuple_t", Grids),
        (P::combine, [Ints, Ints]) => f("d_combine_n", Ints),
        (P::combine, [Locs, Locs]) => f("d_combine_l", Locs),
        (P::combine, [Grids, Grids]) => f("d_combine_t", Grids),
        (P::combine, [ObjectTuple, ObjectTuple]) => f("d_combine_st", ObjectTuple),
        (P::equality, [Ints, Ints]) => f("d_equality_n", Int),
        (P::pair, [Ints, Ints]) => f("d_pair_n", Locs),
        (P::astuple, [Object, Object]) => f("d_astuple_st", ObjectTuple),
        (P::combine, [Pair, Pair]) => f("d_combine_pp", Ints),
        (P::repeat, [Pair, Int]) => f("d_repeat_l", Locs),
        (P::r#box, [Locs]) => f("d_box_l", Indices),
        (P::divide, [Pair, Pair]) => f("d_divide_pairs", Pair),
        (P::divide, [Pair, Int]) => f("d_divide_pair_int", Pair),
        (P::equality, [Ints, Pair]) => f("d_equality_np", Int),
        (P::totuple, [Object]) => f("d_copy_o", Cells),
        (P::initset, [Indices]) => f("d_initset_p", Patches),
        (P::difference, [Indices, Object]) => f("d_difference_xo", Indices),
        // Written inline by the generator (a choice or a copy, never fails).
        (P::branch, [Int, a, b]) if a == b => f("branch", *a),
        (P::identity, [a]) => f("identity", *a),
        _ => None,
    }
}

/// Most programs one generated module holds: each module is its own
/// compile unit and kernel, so neither grows with the battery (as for the
/// emitted Rust, `gen`'s `MAX_PROGRAMS_PER_MODULE`).
pub const MAX_PROGRAMS_PER_MODULE: usize = 24;

/// Programs per module: [`MAX_PROGRAMS_PER_MODULE`], or
/// `BATTGEN_WHOLE_MODULE_PROGRAMS` (for measuring: with 1, the traced
/// kernel times, `BATTGEN_GPU_TRACE`, are each program's own).
fn programs_per_module() -> usize {
    std::env::var("BATTGEN_WHOLE_MODULE_PROGRAMS")
        .ok()
        .and_then(|v| v.parse().ok())
        .filter(|&n: &usize| n > 0)
        .unwrap_or(MAX_PROGRAMS_PER_MODULE)
}

/// One compile unit of whole programs: programs `first..first + len` of
/// [`WholeCode::programs`], their functions and their kernel.
#[derive(Clone, Debug)]
pub struct WholeModule {
    pub index: usize,
    pub first: usize,
    pub len: usize,
    /// The most grid and set slots one of its programs uses.
    pub slots: usize,
    /// Its program functions and kernel (the prelude goes before).
    pub part: String,
}

impl WholeModule {
    /// The name of its kernel.
    pub fn kernel(&self) -> String {
        format!("{KERNEL}_{}", self.index)
    }
    /// Its CUDA source: the prelude and its part.
    pub fn source(&self) -> String {
        format!("{}{PRELUDE}\n{}", limits(), self.part)
    }
    /// Shared memory of one warp: the input and the slots, and scratch.
    pub fn warp_bytes(&self) -> usize {
        (self.slots.max(1) + 1) * SLOT_BYTES + AUX_INTS * 4
    }
}

/// The programs of a plan that run whole on the device, and their source.
#[derive(Clone, Debug, Default)]
pub struct WholeCode {
    /// Plan program indices, in the kernels' program order.
    pub programs: Vec<usize>,
    /// The compile units, [`MAX_PROGRAMS_PER_MODULE`] programs each (the
    /// last fewer).
    pub modules: Vec<WholeModule>,
    /// Each of the other programs (plan index) and the first thing that
    /// kept it on the CPU (`objects(Grid, Int, Int, Int)`, `a function
    /// value`).
    pub blocked: Vec<(usize, String)>,
    /// The device kind of every value node of the selected programs (the
    /// nodes that make functions have none: their calls are inlined).
    pub kinds: BTreeMap<usize, DevTy>,
    /// The nodes of the selected programs known when the program is
    /// generated, not held on the device: functions, and tuples known item
    /// by item (`Arg::Items`).
    pub statics: std::collections::BTreeSet<usize>,
    /// The nodes of the selected programs written inside a union chain's
    /// loop (`union_chains`): values made and unioned one at a time, with
    /// no kind of their own.
    pub unioned: std::collections::BTreeSet<usize>,
    /// A hash of the source (the limits, the prelude and every module),
    /// made once: the key of the compiled kernels (the key was the source
    /// itself, megabytes made and compared on every run; with the hash the
    /// kernels are found in 17 us, one H200).
    pub fingerprint: u64,
}

impl WholeCode {
    /// Select the programs of `plan` that run whole on the device and write
    /// their source.
    pub fn of(plan: &Plan) -> WholeCode {
        let mut code = WholeCode::default();
        let per_module = programs_per_module();
        let (mut bodies, mut slots) = (String::new(), 0usize);
        let types = crate::types::infer(plan);
        for k in 0..plan.programs.len() {
            // Union chains written as one loop where the program has any
            // and that can be written; else every node as itself.
            let index = code.programs.len();
            match program_body(plan, &types, k, index, true)
                .or_else(|_| program_body(plan, &types, k, index, false))
            {
                Ok(body) => {
                    slots = slots.max(body.slots);
                    code.kinds.extend(body.kinds);
                    code.statics.extend(body.statics);
                    code.unioned.extend(body.unioned);
                    code.programs.push(k);
                    bodies.push_str(&body.function);
                    if code.programs.len() % per_module == 0 {
                        code.close_module(std::mem::take(&mut bodies), slots);
                        slots = 0;
                    }
                }
                Err(why) => code.blocked.push((k, why)),
            }
        }
        if code.programs.len() % per_module != 0 {
            code.close_module(bodies, slots);
        }
        let mut h = std::hash::DefaultHasher::new();
        std::hash::Hash::hash(&limits(), &mut h);
        std::hash::Hash::hash(PRELUDE, &mut h);
        for m in &code.modules {
            std::hash::Hash::hash(&m.part, &mut h);
        }
        code.fingerprint = std::hash::Hasher::finish(&h);
        code
    }

    /// The module of the programs selected since the last one.
    fn close_module(&mut self, bodies: String, slots: usize) {
        let first = self.modules.last().map_or(0, |m| m.first + m.len);
        let index = self.modules.len();
        let len = self.programs.len() - first;
        let part = module_part(&bodies, index, first, len, slots.max(1));
        self.modules.push(WholeModule {
            index,
            first,
            len,
            slots: slots.max(1),
            part,
        });
    }

    /// All modules as one source (`gen --explain whole -o`, and the host
    /// tests): the prelude once, every module's part, and, for a host
    /// build, `whole_eval` over all programs.
    pub fn source(&self) -> String {
        let mut s = format!("{}{PRELUDE}\n", limits());
        for m in &self.modules {
            s.push_str(&m.part);
        }
        let slots = self.modules.iter().map(|m| m.slots).max().unwrap_or(1);
        let _ = writeln!(
            s,
            "#ifdef BATTGEN_HOST_TEST\n#define WHOLE_SLOTS {slots}\n\
static_assert(sizeof(V) == {SLOT_BYTES}, \"SLOT_BYTES in whole.rs is sizeof(V)\");\n\
// Evaluation t of every program on every input: its module's, at its place.\n\
__device__ void whole_eval(I64 t, int n_in, const signed char* in_cells, const int* in_desc,\n\
                           signed char* out_cells, int* out_desc, unsigned long long* used,\n\
                           unsigned long long cap, V* mem, int* aux) {{\n\
    const I64 p = t / n_in;"
        );
        for m in &self.modules {
            let _ = writeln!(
                s,
                "    if (p < {end}) {{\n        const I64 off = (I64){first} * n_in;\n        \
whole_eval_{i}(t - off, n_in, in_cells, in_desc, out_cells, out_desc + WHOLE_DESC * off, used, cap, mem, aux);\n        \
return;\n    }}",
                end = m.first + m.len,
                first = m.first,
                i = m.index
            );
        }
        s.push_str("}\n#endif\n");
        s
    }

    /// `N of M programs run whole on the device` and the commonest reasons
    /// for the others.
    pub fn summary(&self, total: usize) -> String {
        let mut counts: BTreeMap<&String, usize> = BTreeMap::new();
        for (_, why) in &self.blocked {
            *counts.entry(why).or_default() += 1;
        }
        let mut reasons: Vec<(&String, usize)> = counts.into_iter().collect();
        reasons.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        let top: Vec<String> = reasons
            .iter()
            .take(5)
            .map(|(r, n)| format!("{r} {n}"))
            .collect();
        format!(
            "whole programs: {} of {} programs have device code (the others first need: {})",
            self.programs.len(),
            total,
            if top.is_empty() {
                "nothing".to_owned()
            } else {
                top.join(", ")
            }
        )
    }
}

/// A literal of a constant the device holds, and its kind.
fn literal(v: &Value) -> Option<(String, DevTy)> {
    match v {
        Value::Int(i) => Some((format!("{i}LL"), DevTy::Int)),
        Value::Bool(b) => Some((format!("{}LL", *b as i64), DevTy::Int)),
        Value::Pair(a, b) => Some((format!("P{{{a}LL, {b}LL}}"), DevTy::Pair)),
        _ => None,
    }
}

fn ty_name(t: DevTy) -> &'static str {
    match t {
        DevTy::Grid => "Grid",
        DevTy::Int => "Int",
        DevTy::Pair => "Pair",
        DevTy::Indices => "Indices",
        DevTy::Colors => "Colors",
        DevTy::Object => "Object",
        DevTy::Objects => "Objects",
        DevTy::Patches => "Patches",
        DevTy::Cell => "Cell",
        DevTy::Grids => "Grids",
        DevTy::Ints => "Ints",
        DevTy::ObjectTuple => "ObjectTuple",
        DevTy::Locs => "Locs",
        DevTy::Cells => "Cells",
        DevTy::LocPairs => "LocPairs",
        DevTy::LocPair => "LocPair",
        DevTy::ObjectPairs => "ObjectPairs",
        DevTy::ObjectPair => "ObjectPair",
        DevTy::LocsTuple => "LocsTuple",
        DevTy::PatchTuple => "PatchTuple",
        DevTy::Loc1 => "Loc1",
        DevTy::Cell1 => "Cell1",
        DevTy::Line => "Line",
        DevTy::LineLess => "LineLess",
    }
}

/// A function value known when the program is generated: its calls are
/// written inline (a closure's captured values are the nodes it names).
#[derive(Clone, Debug)]
enum DevFn {
    Prim(Prim),
    /// `rbind` (`right`) or `lbind` of `f` and a fixed argument.
    Bind {
        right: bool,
        f: Box<DevFn>,
        fixed: Box<Arg>,
    },
    /// `compose(outer, inner)`, `chain(h, g, f)`: the last runs first.
    Compose(Vec<DevFn>),
    /// `fork(outer, a, b)`.
    Fork(Box<DevFn>, Box<DevFn>, Box<DevFn>),
    /// `matcher(f, target)`.
    Matcher(Box<DevFn>, Box<Arg>),
    /// `branch(condition, a, b)` of two functions: one of them, chosen
    /// when the program runs.
    Either(String, Box<DevFn>, Box<DevFn>),
    /// `power(f, n)` of a count known when the program runs: `f` called
    /// `n` times in a loop (`n` in 1..1000, checked where it is made).
    Power(Box<DevFn>, String),
    /// One of these functions (of one arity), chosen when the program runs
    /// by the index the expression gives (`extract` or `argmax` over a
    /// tuple of functions).
    Pick(String, Vec<DevFn>),
}

impl DevFn {
    /// The functions a call of it calls on its own arguments, itself
    /// included: through compositions (the last runs first) and a fork's
    /// first branch; with `all`, its second branch and a matcher's
    /// function too (not through a bound function, whose arguments
    /// differ, or a choice, which calls one side only).
    fn applied(&self, all: bool) -> Vec<&DevFn> {
        let mut out = vec![self];
        match self {
            DevFn::Compose(fs) => {
                if let Some(inner) = fs.last() {
                    out.extend(inner.applied(all));
                }
            }
            DevFn::Fork(_, a, b) => {
                out.extend(a.applied(all));
                if all {
                    out.extend(b.applied(all));
                }
            }
            DevFn::Matcher(g, _) if all => out.extend(g.applied(all)),
            _ => {}
        }
        out
    }

    /// Whether it is the same function as `other`: the same structure,
    /// primitives and bound values (their device expressions), as printed.
    fn same(&self, other: &DevFn) -> bool {
        format!("{self:?}") == format!("{other:?}")
    }

    fn arity(&self) -> usize {
        match self {
            DevFn::Prim(p) => p.arity(),
            DevFn::Bind { f, .. } => f.arity().saturating_sub(1),
            // compose and chain are `lambda x: ...` whatever they compose.
            DevFn::Either(_, a, _) => a.arity(),
            DevFn::Pick(_, fs) => fs.first().map_or(1, DevFn::arity),
            _ => 1,
        }
    }
}

/// An argument as the generator holds it: a device value (its expression
/// and kind) or a function known statically.
#[derive(Clone, Debug)]
enum Arg {
    Val(String, DevTy),
    Fn(DevFn),
    /// A tuple known item by item when the program is generated, holding
    /// functions (`astuple(cmirror, dmirror)`, `rapply` of it), or a set
    /// of one such item (`initset(f)`, `set` true).
    Items(Vec<Arg>, bool),
    /// One of these items (tuples of one length), chosen when the program
    /// runs by the index the expression gives.
    Pick(String, Vec<Arg>),
}

/// Primitives whose result depends only on a patch's locations: on an
/// object they run on its locations (`d_toindices_o` into a scratch slot).
fn locations_only(p: Prim) -> bool {
    use Prim as P;
    matches!(
        p,
        P::ulcorner
            | P::urcorner
            | P::llcorner
            | P::lrcorner
            | P::uppermost
            | P::lowermost
            | P::leftmost
            | P::rightmost
            | P::height
            | P::width
            | P::shape
            | P::center
            | P::r#box
            | P::inbox
            | P::outbox
            | P::backdrop
            | P::delta
            | P::corners
            | P::fill
            | P::underfill
            | P::cover
            | P::subgrid
            | P::toobject
            | P::portrait
            | P::bordering
            | P::manhattan
            | P::adjacent
            | P::hmatching
            | P::vmatching
            | P::centerofmass
            | P::position
            | P::gravitate
            | P::recolor
    )
}

/// Primitives that read only the set of a patch's locations, also of a
/// tuple of locations (`toindices` of a tuple is the tuple; `height`,
/// `width` and what reads them take a tuple's length instead).
fn set_only(p: Prim) -> bool {
    use Prim as P;
    matches!(
        p,
        P::fill
            | P::underfill
            | P::cover
            | P::ulcorner
            | P::urcorner
            | P::llcorner
            | P::lrcorner
            | P::uppermost
            | P::lowermost
            | P::leftmost
            | P::rightmost
            | P::bordering
            | P::manhattan
            | P::adjacent
            | P::hmatching
            | P::vmatching
            | P::contained
            | P::recolor
    )
}

/// The values among `args` (expression and kind).
fn values_of(args: &[Arg]) -> Vec<(String, DevTy)> {
    args.iter()
        .filter_map(|a| match a {
            Arg::Val(e, t) => Some((e.clone(), *t)),
            _ => None,
        })
        .collect()
}

/// Device functions of numbers, pairs and cells alone: no lane works with
/// another, and nothing but the result (the first argument) is written.
/// A loop's turn of these calls only may run one element per lane
/// (`scalar_turn`). tests/whole.rs checks each definition.
pub const SCALAR_FNS: &[&str] = &[
    "d_manhattan_ll",
    "d_adjacent_ll",
    "d_hmatching_ll",
    "d_vmatching_ll",
    "d_bordering_l",
    "d_first_cell",
    "d_last_cell",
    "d_first_pair",
    "d_last_pair",
    "d_add",
    "d_subtract",
    "d_multiply",
    "d_divide",
    "d_double",
    "d_halve",
    "d_increment",
    "d_decrement",
    "d_invert",
    "d_greater",
    "d_flip",
    "d_positive",
    "d_even",
    "d_both",
    "d_either",
    "d_sign",
    "d_add_pair",
    "d_subtract_pair",
    "d_multiply_pair_int",
    "d_first_lp",
    "d_last_lp",
    "d_connect_ln",
    "d_size_ln",
    "d_vline_ln",
    "d_hline_ln",
    "d_difference_ln",
    "d_size_ld",
];

/// Whether a loop's turn (its written statements) is only element reads
/// into locals and calls of [`SCALAR_FNS`] into locals.
fn scalar_turn(code: &str) -> bool {
    let calls_ok = |text: &str, allowed: &[&str]| {
        let mut rest = text;
        while let Some(i) = rest.find('(') {
            let head = &rest[..i];
            let name = head
                .rsplit(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .next()
                .unwrap_or("");
            if !name.is_empty() && !allowed.contains(&name) {
                return false;
            }
            rest = &rest[i + 1..];
        }
        true
    };
    code.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .all(|l| {
            if let Some(call) = l
                .strip_prefix("if (!")
                .and_then(|c| c.strip_suffix(")) return WHOLE_DEOPT;"))
            {
                let name = &call[..call.find('(').unwrap_or(0)];
                let out_local = call[name.len()..]
                    .trim_start_matches('(')
                    .split(',')
                    .next()
                    .is_some_and(|a| {
                        a.starts_with('v') && a[1..].chars().all(|c| c.is_ascii_digit())
                    });
                SCALAR_FNS.contains(&name)
                    && out_local
                    && calls_ok(&call[name.len() + 1..], &["cell_p", "P"])
            } else {
                let local = l.split(" = ").next().unwrap_or("");
                l.ends_with(';')
                    && local.starts_with('v')
                    && local[1..].chars().all(|c| c.is_ascii_digit())
                    && calls_ok(l, &["loc_at", "cell_p"])
            }
        })
}

/// Whether `f` of the number 0 raises TypeError in the reference (what
/// `valmax` and `valmin` of nothing call, `compfunc(max(c, key=compfunc,
/// default=0))`): the primitives that first take the length of, or
/// iterate, their argument (`len(piece)`, `next(iter(obj))`,
/// `toindices`), and the functions that call one of those on it first.
fn type_error_on_zero(f: &DevFn) -> bool {
    use Prim as P;
    match f {
        DevFn::Prim(p) => matches!(
            p,
            P::width
                | P::height
                | P::size
                | P::first
                | P::last
                | P::center
                | P::uppermost
                | P::lowermost
                | P::leftmost
                | P::rightmost
                | P::color
                | P::numcolors
                | P::palette
                | P::shape
                | P::ulcorner
                | P::urcorner
                | P::llcorner
                | P::lrcorner
                | P::toindices
                | P::centerofmass
        ),
        // The last of a composition runs first; a fork's first branch.
        DevFn::Compose(fs) => fs.last().is_some_and(type_error_on_zero),
        DevFn::Fork(_, a, _) => type_error_on_zero(a),
        DevFn::Matcher(g, _) => type_error_on_zero(g),
        DevFn::Either(_, a, b) => type_error_on_zero(a) && type_error_on_zero(b),
        _ => false,
    }
}

/// Primitives with forms for one location held as it is (`DevTy::Loc1`):
/// a cell's and an object's locations are read there.
fn singleton_forms(p: Prim) -> bool {
    use Prim as P;
    matches!(
        p,
        P::manhattan | P::adjacent | P::hmatching | P::vmatching | P::bordering
    )
}

/// Writes one program's device function: its statements, the locals and
/// slots they use.
#[derive(Clone)]
struct Emitter {
    locals: String,
    body: String,
    depth: usize,
    free: Vec<usize>,
    slots: usize,
    names: usize,
    /// Slots taken while the current node is written, released after it.
    scratch: Vec<usize>,
    /// The slot of the current node's result, if it has one.
    kept: Option<usize>,
    /// Scratch slots a function the current node gives holds fixed: kept
    /// with the node.
    held: Vec<usize>,
    /// Every slot taken, in order: a loop keeps those its turn took.
    taken: Vec<usize>,
    /// Set for one call of a function value: the error the primitive that
    /// reads its value raises on the empty tuple, nothing running between
    /// (a fork's outer primitive reading its last argument, through
    /// compositions and binds). A corner of an empty patch made there
    /// raises it (`Emitter::call_fn_in`), as `Absent` does between
    /// statements.
    empty_read: Option<&'static str>,
    /// Set while a union's turn is written for one lane
    /// (`Emitter::lane_union`): forms come from `lane_form` first.
    lines: bool,
    /// Calls a fork being written computed once for both its branches.
    shared: Vec<Shared>,
}

/// A call computed once for a fork's two branches: the function and
/// arguments (as printed), its value, and how often it was read.
#[derive(Clone)]
struct Shared {
    f: String,
    args: String,
    value: Arg,
    hits: usize,
}

impl Emitter {
    fn new() -> Emitter {
        Emitter {
            locals: String::new(),
            body: String::new(),
            depth: 1,
            free: Vec::new(),
            slots: 0,
            names: 0,
            scratch: Vec::new(),
            kept: None,
            held: Vec::new(),
            taken: Vec::new(),
            empty_read: None,
            lines: false,
            shared: Vec::new(),
        }
    }

    fn line(&mut self, text: &str) {
        for _ in 0..self.depth {
            self.body.push_str("    ");
        }
        self.body.push_str(text);
        self.body.push('\n');
    }

    /// `if (!call) return WHOLE_DEOPT;`
    fn check(&mut self, call: &str) {
        self.line(&format!("if (!{call}) return WHOLE_DEOPT;"));
    }

    fn slot(&mut self) -> Result<usize, String> {
        let s = self.free.pop().unwrap_or_else(|| {
            self.slots += 1;
            self.slots - 1
        });
        if self.slots > MAX_SLOTS {
            return Err(format!("more than {MAX_SLOTS} grids or sets at once"));
        }
        self.taken.push(s);
        Ok(s)
    }

    /// A slot for the current node only.
    fn scratch_slot(&mut self) -> Result<usize, String> {
        let s = self.slot()?;
        self.scratch.push(s);
        Ok(s)
    }

    /// Keeps the scratch slots that `a`, the current node's result (a
    /// function or items), holds: they live as long as the node.
    fn hold_captured(&mut self, a: &Arg) {
        let mut vals = Vec::new();
        captured_arg(a, &mut vals);
        for s in vals.iter().filter_map(|e| slot_named(e)) {
            if let Some(i) = self.scratch.iter().position(|&t| t == s) {
                self.held.push(self.scratch.swap_remove(i));
            }
        }
    }

    fn end_node(&mut self) {
        let done = std::mem::take(&mut self.scratch);
        self.free.extend(done);
    }

    /// A new value of kind `t`: a slot's member or a local.
    fn value(&mut self, t: DevTy, scratch: bool) -> Result<String, String> {
        let member = match t {
            DevTy::Grid => "g",
            DevTy::Indices | DevTy::Locs => "x",
            DevTy::Object | DevTy::Cells | DevTy::LocPairs => "o",
            DevTy::Objects
            | DevTy::Patches
            | DevTy::ObjectTuple
            | DevTy::ObjectPairs
            | DevTy::LocsTuple
            | DevTy::PatchTuple => "s",
            DevTy::Grids => "t",
            DevTy::Ints => "v",
            // A pair of objects points into its set's slot: only a loop's
            // element, never a node's value (the slot may go first).
            DevTy::ObjectPair if !scratch => {
                return Err("a pair of objects as a value".to_owned());
            }
            _ => "",
        };
        if !member.is_empty() {
            let s = if scratch {
                self.scratch_slot()?
            } else {
                let s = self.slot()?;
                self.kept = Some(s);
                s
            };
            return Ok(format!("s[{s}].{member}"));
        }
        self.names += 1;
        let name = format!("v{}", self.names);
        let decl = match t {
            DevTy::Int => format!("    I64 {name} = 0;"),
            DevTy::Pair | DevTy::Loc1 => format!("    P {name} = {{0, 0}};"),
            DevTy::ObjectPair => format!("    SP {name} = {{nullptr, 0, nullptr, 0}};"),
            DevTy::Colors => format!("    CM {name} = 0;"),
            DevTy::Line => format!("    LN {name} = {{0, 0, 0, 0, 0}};"),
            DevTy::LineLess => format!("    LD {name} = {{{{0, 0, 0, 0, 0}}, nullptr}};"),
            _ => format!("    unsigned {name} = 0;"),
        };
        self.locals.push_str(&decl);
        self.locals.push('\n');
        Ok(name)
    }

    /// The value of `prim` on `args`; a node's result (`scratch` false)
    /// keeps its slot after the node.
    fn call(&mut self, prim: Prim, args: &[Arg], scratch: bool) -> Result<(String, DevTy), String> {
        if args.iter().any(|a| matches!(a, Arg::Items(..))) {
            let mut held = Vec::with_capacity(args.len());
            for a in args {
                held.push(match a {
                    Arg::Items(items, false) => match self.device_tuple(items)? {
                        Some((e, t)) => Arg::Val(e, t),
                        None => return Err(format!("{} of a tuple of functions", prim.name())),
                    },
                    a => a.clone(),
                });
            }
            if held.iter().any(|a| matches!(a, Arg::Items(..))) {
                return Err(format!("{} of a set of functions", prim.name()));
            }
            return self.call(prim, &held, scratch);
        }
        if args
            .iter()
            .any(|a| matches!(a, Arg::Val(_, DevTy::Loc1 | DevTy::Cell1)))
        {
            let args = self.singletons_for(prim, args)?;
            let vals = values_of(&args);
            let tys: Vec<DevTy> = vals.iter().map(|v| v.1).collect();
            if !tys.contains(&DevTy::Loc1) {
                return self.call(prim, &args, scratch);
            }
            // A form for one location (`singletons_for` found it).
            let fm = form(prim, &tys).ok_or_else(|| format!("{} of one location", prim.name()))?;
            let name = self.value(fm.result, scratch)?;
            let a: Vec<String> = vals.into_iter().map(|v| v.0).collect();
            self.check(&format!("{}({name}, {})", fm.function, a.join(", ")));
            return Ok((name, fm.result));
        }
        if args.iter().any(|a| !matches!(a, Arg::Val(..))) {
            return self.higher(prim, args, scratch);
        }
        let mut vals = values_of(args);
        let tys: Vec<DevTy> = vals.iter().map(|a| a.1).collect();
        // A tuple of locations where only its set is read: the set.
        if tys.contains(&DevTy::Locs) && form(prim, &tys).is_none() && set_only(prim) {
            // `value in container`: only the container is a set.
            let from = usize::from(prim == Prim::contained);
            for v in vals.iter_mut().skip(from) {
                if v.1 == DevTy::Locs {
                    let t = self.scratch_slot()?;
                    self.check(&format!("d_locs_set(s[{t}].x, {})", v.0));
                    *v = (format!("s[{t}].x"), DevTy::Indices);
                }
            }
        }
        // A branch between a tuple of cells and an object: the object read
        // as the tuple of its cells in their (ascending) order, as every
        // form taking cells reads them (paint: the later cell wins, as it
        // does over an object; the set of their locations). Loops over
        // cells would read a tuple where the object is a set: there are
        // none.
        if prim == Prim::branch && tys[1..].contains(&DevTy::Cells) {
            for v in vals.iter_mut().skip(1) {
                if v.1 == DevTy::Object {
                    v.1 = DevTy::Cells;
                }
            }
        }
        let tys: Vec<DevTy> = vals.iter().map(|a| a.1).collect();
        let lane = if self.lines {
            lane_form(prim, &tys)
        } else {
            None
        };
        let fm = match lane.or_else(|| form(prim, &tys)) {
            Some(fm) => fm,
            None => {
                // An object where a patch's locations are read: its
                // locations; so too a tuple of cells where only their set
                // is read (the reference's toindices of it).
                let cells = locations_only(prim) && set_only(prim) && prim != Prim::contained;
                let as_locs: Vec<DevTy> = tys
                    .iter()
                    .map(|t| match t {
                        DevTy::Object => DevTy::Indices,
                        DevTy::Cells if cells => DevTy::Indices,
                        _ => *t,
                    })
                    .collect();
                match form(prim, &as_locs) {
                    Some(fm) if locations_only(prim) && as_locs != tys => {
                        for v in vals.iter_mut() {
                            if v.1 == DevTy::Object || v.1 == DevTy::Cells {
                                let t = self.scratch_slot()?;
                                self.check(&format!("d_toindices_o(s[{t}].x, {})", v.0));
                                *v = (format!("s[{t}].x"), DevTy::Indices);
                            }
                        }
                        fm
                    }
                    _ => {
                        let shown: Vec<&str> = tys.iter().map(|t| ty_name(*t)).collect();
                        return Err(format!("{}({})", prim.name(), shown.join(", ")));
                    }
                }
            }
        };
        let name = self.value(fm.result, scratch)?;
        let mut a: Vec<String> = vals.iter().map(|a| a.0.clone()).collect();
        match fm.extra {
            Extra::None => {}
            Extra::Aux => a.push("aux".to_owned()),
            Extra::SlotAux => {
                let t = self.scratch_slot()?;
                a.push(format!("s[{t}]"));
                a.push("aux".to_owned());
            }
        }
        match fm.function {
            "branch" => {
                let pick = format!("{} ? {} : {}", a[0], a[1], a[2]);
                self.copy(&name, fm.result, &pick);
            }
            "identity" => self.copy(&name, fm.result, &a[0]),
            function => {
                let sep = if a.is_empty() { "" } else { ", " };
                self.check(&format!("{function}({name}{sep}{})", a.join(", ")));
            }
        }
        Ok((name, fm.result))
    }

    /// A tuple known item by item, of values of one kind, as the device
    /// tuple of that kind (grids of one shape, objects, numbers,
    /// locations; others give none).
    fn device_tuple(&mut self, items: &[Arg]) -> Result<Option<(String, DevTy)>, String> {
        let kind = match items.first() {
            Some(Arg::Val(_, t)) => *t,
            _ => return Ok(None),
        };
        let (t, push) = match kind {
            DevTy::Grid => (DevTy::Grids, "t_push"),
            DevTy::Object => (DevTy::ObjectTuple, "s_append_o"),
            DevTy::Int => (DevTy::Ints, "n_push"),
            DevTy::Pair => (DevTy::Locs, "push_loc"),
            _ => return Ok(None),
        };
        let mut vals = Vec::with_capacity(items.len());
        for a in items {
            match a {
                Arg::Val(e, k) if *k == kind => vals.push(e.clone()),
                _ => return Ok(None),
            }
        }
        let out = self.value(t, true)?;
        self.line(&emptied(t, &out));
        for e in vals {
            self.check(&format!("{push}({out}, {e})"));
        }
        Ok(Some((out, t)))
    }

    /// `name = from` for a value of kind `t`.
    fn copy(&mut self, name: &str, t: DevTy, from: &str) {
        match t {
            DevTy::Grid => self.line(&format!("d_copy({name}, {from});")),
            DevTy::Indices | DevTy::Locs => self.line(&format!("d_toindices({name}, {from});")),
            DevTy::Object | DevTy::Cells | DevTy::LocPairs => {
                self.line(&format!("d_copy_o({name}, {from});"))
            }
            DevTy::Objects
            | DevTy::Patches
            | DevTy::ObjectTuple
            | DevTy::ObjectPairs
            | DevTy::LocsTuple
            | DevTy::PatchTuple => self.line(&format!("d_copy_s({name}, {from});")),
            DevTy::Grids => self.line(&format!("d_copy_t({name}, {from});")),
            DevTy::Ints => self.line(&format!("d_copy_n({name}, {from});")),
            _ => self.line(&format!("{name} = {from};")),
        }
    }

    /// A call of a known function ([`Emitter::call_fn_in`]); where it gives a
    /// value, the scratch slots it took for anything else are free again:
    /// nothing else it wrote is read after it (a loop around it keeps
    /// them, see [`Emitter::higher`]). Unrolled choices among several
    /// functions took 15 and more slots without this.
    fn call_fn(&mut self, f: &DevFn, args: &[Arg]) -> Result<Arg, String> {
        let r = self.call_fn_lazy(f, args)?;
        self.concrete(r)
    }

    /// [`Emitter::call_fn`], where the value may be one location or cell
    /// not yet made a set (`Loc1`, `Cell1`): for the calls within a
    /// function's call, which read it as such.
    fn call_fn_lazy(&mut self, f: &DevFn, args: &[Arg]) -> Result<Arg, String> {
        let mark = self.scratch.len();
        let r = self.call_fn_in(f, args)?;
        if let Arg::Val(e, _) = &r {
            let keep = slot_named(e);
            for s in self.scratch.split_off(mark) {
                if Some(s) == keep {
                    self.scratch.push(s);
                } else {
                    self.free.push(s);
                }
            }
        }
        Ok(r)
    }

    /// A call of a function known statically: a value, or a function where
    /// the primitive at its head makes functions (`lbind(rbind, f)` called
    /// on `x` is `rbind(f, x)`), whose fixed arguments are values in scope
    /// here.
    fn call_fn_in(&mut self, f: &DevFn, args: &[Arg]) -> Result<Arg, String> {
        let empty_read = self.empty_read.take();
        // A read of an empty value checked at this call is written with
        // the call: not shared.
        if empty_read.is_none() {
            if let Some(v) = self.shared_value(f, args) {
                return Ok(v);
            }
        }
        match f {
            DevFn::Prim(p) => {
                if args.len() != p.arity() {
                    return Err(format!("{} called with {} arguments", p.name(), args.len()));
                }
                // initset of a location or a cell: held as it is, for the
                // calls that read one location (the set is made where
                // anything else reads it).
                match (p, args) {
                    (Prim::initset, [Arg::Val(e, DevTy::Pair)]) => {
                        return Ok(Arg::Val(e.clone(), DevTy::Loc1))
                    }
                    (Prim::initset, [Arg::Val(e, DevTy::Cell)]) => {
                        return Ok(Arg::Val(e.clone(), DevTy::Cell1))
                    }
                    _ => {}
                }
                // A function made of one for a primitive with forms for one
                // (`lbind(manhattan, initset(c))`) holds it as it is, and
                // those primitives read it (`call`); anything else reads
                // the set, made here once (not at each call of a function
                // made of it).
                let holds = singleton_forms(*p)
                    || matches!(
                        (p, args.first()),
                        (Prim::lbind | Prim::rbind, Some(Arg::Fn(DevFn::Prim(q)))) if singleton_forms(*q)
                    );
                let made;
                let args = if holds {
                    args
                } else {
                    made = self.concrete_all(args)?;
                    &made[..]
                };
                if let Some(r) = self.static_call(*p, args)? {
                    return Ok(r);
                }
                if makes_function(*p, args) {
                    return Ok(Arg::Fn(self.make_fn(*p, args.to_vec())?));
                }
                if let (Some(kind), [Arg::Val(e, DevTy::Indices | DevTy::Object | DevTy::Locs)]) =
                    (empty_read, args)
                {
                    if makes_empty_tuple(*p) {
                        self.line(&format!(
                            "if ({e}.n == 0) {{ raises({kind}); return WHOLE_DEOPT; }}"
                        ));
                    }
                }
                let (e, t) = self.call(*p, args, true)?;
                Ok(Arg::Val(e, t))
            }
            DevFn::Bind { right, f, fixed } => {
                let mut all = args.to_vec();
                if *right {
                    all.push((**fixed).clone());
                } else {
                    all.insert(0, (**fixed).clone());
                }
                self.empty_read = empty_read;
                self.call_fn_lazy(f, &all)
            }
            // merge of what the rest gives: where that is a prapply's
            // results, unioned as they are made.
            DevFn::Compose(fs) if fs.len() >= 2 && matches!(fs[0], DevFn::Prim(Prim::merge)) => {
                let rest = if fs.len() == 2 {
                    fs[1].clone()
                } else {
                    DevFn::Compose(fs[1..].to_vec())
                };
                self.merged_call(&rest, args)
            }
            DevFn::Compose(fs) => {
                let mut v = args.to_vec();
                for (at, g) in fs.iter().enumerate().rev() {
                    if at == 0 {
                        self.empty_read = empty_read;
                    }
                    v = vec![self.call_fn_lazy(g, &v)?];
                }
                v.pop().ok_or_else(|| "an empty composition".to_owned())
            }
            DevFn::Fork(outer, a, b) => match self.fork_sharing(outer, a, b, args, empty_read) {
                Some(r) => Ok(r),
                None => self.fork_call(outer, a, b, args, empty_read),
            },
            DevFn::Matcher(g, target) => {
                let (e, t) = self.call_val(g, args)?;
                self.call(Prim::equality, &[Arg::Val(e, t), (**target).clone()], true)
                    .map(|(e, t)| Arg::Val(e, t))
            }
            DevFn::Either(cond, a, b) => {
                // Each branch is written apart; both must give one kind,
                // copied into one value.
                let outer = std::mem::take(&mut self.body);
                self.depth += 1;
                let ra = self.call_fn(a, args)?;
                let then = std::mem::take(&mut self.body);
                let rb = self.call_fn(b, args)?;
                let other = std::mem::replace(&mut self.body, outer);
                self.depth -= 1;
                let ((ea, ta), (eb, tb)) = match (ra, rb) {
                    (Arg::Val(ea, ta), Arg::Val(eb, tb)) => ((ea, ta), (eb, tb)),
                    // Two functions made (`branch(c, rbind, lbind)` called):
                    // each branch's making written apart, the choice kept.
                    (Arg::Fn(fa), Arg::Fn(fb)) if fa.arity() == fb.arity() => {
                        if !then.trim().is_empty() || !other.trim().is_empty() {
                            self.line(&format!("if ({cond}) {{"));
                            self.body.push_str(&then);
                            self.line("} else {");
                            self.body.push_str(&other);
                            self.line("}");
                        }
                        return Ok(Arg::Fn(DevFn::Either(
                            cond.clone(),
                            Box::new(fa),
                            Box::new(fb),
                        )));
                    }
                    _ => return Err("branch of functions giving a function and a value".to_owned()),
                };
                if ta != tb {
                    return Err("branch of functions giving different kinds".to_owned());
                }
                let out = self.value(ta, true)?;
                self.line(&format!("if ({cond}) {{"));
                self.body.push_str(&then);
                self.depth += 1;
                self.copy(&out, ta, &ea);
                self.depth -= 1;
                self.line("} else {");
                self.body.push_str(&other);
                self.depth += 1;
                self.copy(&out, ta, &eb);
                self.depth -= 1;
                self.line("}");
                Ok(Arg::Val(out, ta))
            }
            DevFn::Pick(at, fs) => {
                // As branch's: each function written apart, giving one kind.
                let mut turns = Vec::with_capacity(fs.len());
                for g in fs {
                    let outer = std::mem::take(&mut self.body);
                    self.depth += 1;
                    let r = self.call_fn(g, args)?;
                    let turn = std::mem::replace(&mut self.body, outer);
                    self.depth -= 1;
                    turns.push((turn, r));
                }
                // Functions made (`branch(c, rbind, lbind)` called): each
                // making written apart, the choice kept.
                if turns.iter().all(|(_, r)| matches!(r, Arg::Fn(_))) {
                    let code = turns.iter().any(|(turn, _)| !turn.trim().is_empty());
                    let mut made = Vec::with_capacity(turns.len());
                    for (i, (turn, r)) in turns.into_iter().enumerate() {
                        if code {
                            let head = if i == 0 { "if" } else { "} else if" };
                            self.line(&format!("{head} ({at} == {i}) {{"));
                            self.body.push_str(&turn);
                        }
                        if let Arg::Fn(f) = r {
                            made.push(f);
                        }
                    }
                    if code {
                        self.line("}");
                    }
                    if made.iter().any(|f| f.arity() != made[0].arity()) {
                        return Err("a choice of functions of different arities".to_owned());
                    }
                    return Ok(Arg::Fn(DevFn::Pick(at.clone(), made)));
                }
                let mut kind = None;
                let mut vals = Vec::with_capacity(turns.len());
                for (turn, r) in turns {
                    let Arg::Val(e, t) = r else {
                        return Err("a choice of functions giving functions and values".to_owned());
                    };
                    if kind.is_some_and(|k| k != t) {
                        return Err("a choice of functions giving different kinds".to_owned());
                    }
                    kind = Some(t);
                    vals.push((turn, e));
                }
                let turns = vals;
                let t = kind.ok_or_else(|| "a choice of no functions".to_owned())?;
                let out = self.value(t, true)?;
                for (i, (turn, e)) in turns.iter().enumerate() {
                    let head = if i == 0 { "if" } else { "} else if" };
                    self.line(&format!("{head} ({at} == {i}) {{"));
                    self.body.push_str(turn);
                    self.depth += 1;
                    self.copy(&out, t, e);
                    self.depth -= 1;
                }
                self.line("}");
                Ok(Arg::Val(out, t))
            }
            DevFn::Power(g, n) => {
                if !matches!(args, [Arg::Val(..)]) {
                    return Err("power of a function called on a function".to_owned());
                }
                // The first call apart (`power(outbox, n)` of an object
                // gives locations), the others in a loop: `acc = g(acc)`,
                // of one kind throughout.
                let (first, t) = self.call_val(g, args)?;
                let acc = self.value(t, true)?;
                self.copy(&acc, t, &first);
                let outer = std::mem::take(&mut self.body);
                self.depth += 1;
                let (r, rt) = self.call_val(g, &[Arg::Val(acc.clone(), t)])?;
                if rt != t {
                    return Err(format!(
                        "power of a function from {} to {}",
                        ty_name(t),
                        ty_name(rt)
                    ));
                }
                if r != acc {
                    self.copy(&acc, t, &r);
                }
                self.line("if (WHOLE_LATE()) return WHOLE_DEOPT;");
                let turn = std::mem::replace(&mut self.body, outer);
                self.depth -= 1;
                self.names += 1;
                let k = format!("k{}", self.names);
                self.line(&format!("for (I64 {k} = 1; {k} < {n}; ++{k}) {{"));
                self.body.push_str(&turn);
                self.line("}");
                Ok(Arg::Val(acc, t))
            }
        }
    }

    /// `outer(a(args), b(args))`, in that order.
    fn fork_call(
        &mut self,
        outer: &DevFn,
        a: &DevFn,
        b: &DevFn,
        args: &[Arg],
        empty_read: Option<&'static str>,
    ) -> Result<Arg, String> {
        let ra = self.call_fn_lazy(a, args)?;
        if let DevFn::Prim(q) = *outer {
            self.empty_read = raise_on_empty_tuple(q, 1);
        }
        let rb = self.call_fn_lazy(b, args)?;
        self.empty_read = empty_read;
        self.call_fn_lazy(outer, &[ra, rb])
    }

    /// `fork(outer, a, b)` where `a` begins with a function `c` (through
    /// compositions and first branches) that `b` also calls on the same
    /// arguments: `c(args)` written once, before the branches, and both
    /// calls read it (`Emitter::shared_value`). The reference computes it
    /// twice with one result; as `a` begins with it, the order of work and
    /// of errors is the reference's. Not for primitives (cheap), nor where
    /// the two calls are not both found (a fused loop writes its own
    /// calls): then the fork is written as before, the emitter restored.
    fn fork_sharing(
        &mut self,
        outer: &DevFn,
        a: &DevFn,
        b: &DevFn,
        args: &[Arg],
        empty_read: Option<&'static str>,
    ) -> Option<Arg> {
        // Values (and tuples of values known item by item): the same
        // expression is the same value while the fork is written.
        fn value(a: &Arg) -> bool {
            match a {
                Arg::Val(..) => true,
                Arg::Items(items, _) => items.iter().all(value),
                _ => false,
            }
        }
        if !args.iter().all(value) {
            return None;
        }
        let by_b = b.applied(true);
        let common = a
            .applied(false)
            .into_iter()
            .filter(|c| !matches!(c, DevFn::Prim(_)))
            .find(|c| by_b.iter().any(|d| c.same(d)))?
            .clone();
        let before = self.clone();
        let value = match self.call_fn_lazy(&common, args) {
            Ok(v @ Arg::Val(..)) => v,
            _ => {
                *self = before;
                return None;
            }
        };
        self.shared.push(Shared {
            f: format!("{common:?}"),
            args: format!("{args:?}"),
            value,
            hits: 0,
        });
        let r = self.fork_call(outer, a, b, args, empty_read);
        let hits = self.shared.pop().map_or(0, |s| s.hits);
        match r {
            Ok(r) if hits >= 2 => Some(r),
            _ => {
                *self = before;
                None
            }
        }
    }

    /// The value a fork being written computed once for `f(args)`
    /// ([`Emitter::fork_sharing`]), if this is that call.
    fn shared_value(&mut self, f: &DevFn, args: &[Arg]) -> Option<Arg> {
        if self.shared.is_empty() {
            return None;
        }
        let (f, args) = (format!("{f:?}"), format!("{args:?}"));
        let hit = self
            .shared
            .iter_mut()
            .rev()
            .find(|s| s.f == f && s.args == args)?;
        hit.hits += 1;
        Some(hit.value.clone())
    }

    /// `a`, with one location or cell held as it is (`Loc1`, `Cell1`)
    /// made the set it stands for, in a scratch slot.
    fn concrete(&mut self, a: Arg) -> Result<Arg, String> {
        Ok(match a {
            Arg::Val(e, DevTy::Loc1) => {
                let t = self.scratch_slot()?;
                self.check(&format!("d_initset(s[{t}].x, {e})"));
                Arg::Val(format!("s[{t}].x"), DevTy::Indices)
            }
            Arg::Val(e, DevTy::Cell1) => {
                let t = self.scratch_slot()?;
                self.check(&format!("d_initset_o(s[{t}].o, {e})"));
                Arg::Val(format!("s[{t}].o"), DevTy::Object)
            }
            a => a,
        })
    }

    fn concrete_all(&mut self, args: &[Arg]) -> Result<Vec<Arg>, String> {
        args.iter().map(|a| self.concrete(a.clone())).collect()
    }

    /// The arguments of `prim` where some are one location or cell held
    /// as it is: read so where `prim` has a form for one location (a cell
    /// as its location), else made sets.
    fn singletons_for(&mut self, prim: Prim, args: &[Arg]) -> Result<Vec<Arg>, String> {
        if singleton_forms(prim) {
            let read: Vec<Arg> = args
                .iter()
                .map(|a| match a {
                    Arg::Val(e, DevTy::Cell1) => Arg::Val(format!("cell_p({e})"), DevTy::Loc1),
                    a => a.clone(),
                })
                .collect();
            let tys: Option<Vec<DevTy>> = read
                .iter()
                .map(|a| match a {
                    Arg::Val(_, t) => Some(match t {
                        DevTy::Object => DevTy::Indices,
                        t => *t,
                    }),
                    _ => None,
                })
                .collect();
            if tys.is_some_and(|t| form(prim, &t).is_some()) {
                // An object beside it is read as its locations: made so.
                let mut out = Vec::with_capacity(read.len());
                for a in read {
                    out.push(match a {
                        Arg::Val(e, DevTy::Object) => {
                            let t = self.scratch_slot()?;
                            self.check(&format!("d_toindices_o(s[{t}].x, {e})"));
                            Arg::Val(format!("s[{t}].x"), DevTy::Indices)
                        }
                        a => a,
                    });
                }
                return Ok(out);
            }
        }
        self.concrete_all(args)
    }

    /// The function `p` makes of `args` ([`function_of`]), and the checks
    /// the reference makes where it is made: `power(f, n)` for `n` outside
    /// 1..1000 is a RecursionError there, left to the CPU.
    fn make_fn(&mut self, p: Prim, args: Vec<Arg>) -> Result<DevFn, String> {
        let f = function_of(p, args)?;
        if let DevFn::Power(_, n) = &f {
            self.line(&format!("if ({n} < 1 || {n} >= 1000) return WHOLE_DEOPT;"));
        }
        Ok(f)
    }

    /// A call of a known function that must give a value.
    fn call_val(&mut self, f: &DevFn, args: &[Arg]) -> Result<(String, DevTy), String> {
        match self.call_fn(f, args)? {
            Arg::Val(e, t) => Ok((e, t)),
            _ => Err("a function giving a function where a value is read".to_owned()),
        }
    }

    /// `prim` on tuples of functions known item by item ([`Arg::Items`],
    /// [`Arg::Pick`]): the items are known when the program is generated,
    /// and only a choice among them (`extract`, `argmax`, `branch`) is
    /// made when it runs. `None` where `prim` on `args` is no such call.
    fn static_call(&mut self, prim: Prim, args: &[Arg]) -> Result<Option<Arg>, String> {
        use Prim as P;
        let held = |a: &Arg| !matches!(a, Arg::Val(..));
        // A tuple of two values the device holds no pair of (two grids,
        // two sets): known item by item too, a device tuple where read
        // as one (`call`). A number and a location, a cell, is not.
        if let (P::astuple, [Arg::Val(_, ta), Arg::Val(_, tb)]) = (prim, args) {
            let cell = matches!((ta, tb), (DevTy::Int, DevTy::Pair));
            if !cell && form(prim, &[*ta, *tb]).is_none() {
                return Ok(Some(Arg::Items(args.to_vec(), false)));
            }
        }
        if !args.iter().any(held) {
            return Ok(None);
        }
        let small = |n: &str| small_literal(n);
        Ok(Some(match (prim, args) {
            (P::astuple, [a, b]) => Arg::Items(vec![a.clone(), b.clone()], false),
            (P::initset, [a]) => Arg::Items(vec![a.clone()], true),
            (P::repeat, [a, Arg::Val(n, DevTy::Int)]) if held(a) => match small(n) {
                Some(n) => Arg::Items(vec![a.clone(); n], false),
                None => return Err("repeat of a function by a computed count".to_owned()),
            },
            (P::combine, [Arg::Items(a, false), Arg::Items(b, false)]) => {
                Arg::Items(a.iter().chain(b).cloned().collect(), false)
            }
            (P::totuple, [Arg::Items(a, false)]) => Arg::Items(a.clone(), false),
            (P::pair, [Arg::Items(a, false), Arg::Items(b, false)]) => Arg::Items(
                a.iter()
                    .zip(b)
                    .map(|(x, y)| Arg::Items(vec![x.clone(), y.clone()], false))
                    .collect(),
                false,
            ),
            (P::size, [Arg::Items(a, _)]) => Arg::Val(format!("{}LL", a.len()), DevTy::Int),
            (P::first | P::last, [Arg::Items(a, _)]) => {
                let item = if prim == P::first {
                    a.first()
                } else {
                    a.last()
                };
                item.cloned()
                    .ok_or_else(|| format!("{} of an empty tuple", prim.name()))?
            }
            (P::first | P::last, [Arg::Pick(at, items)]) => {
                let mut picked = Vec::with_capacity(items.len());
                for item in items {
                    match self.static_call(prim, std::slice::from_ref(item))? {
                        Some(r) => picked.push(r),
                        None => return Err(format!("{} of a choice of values", prim.name())),
                    }
                }
                self.pick(at, picked)?
            }
            // Each function called on the value, in order (a set's one).
            (P::rapply, [Arg::Items(fs, set), x]) => {
                let mut results = Vec::with_capacity(fs.len());
                for f in fs {
                    let Arg::Fn(f) = f else {
                        return Err("rapply of a tuple of values".to_owned());
                    };
                    results.push(self.call_fn(f, std::slice::from_ref(x))?);
                }
                Arg::Items(results, *set)
            }
            (P::apply, [Arg::Fn(f), Arg::Items(items, false)]) => {
                let mut results = Vec::with_capacity(items.len());
                for item in items {
                    results.push(self.call_fn(f, std::slice::from_ref(item))?);
                }
                Arg::Items(results, false)
            }
            (P::branch, [Arg::Val(cond, DevTy::Int), a, b]) if held(a) && held(b) => {
                self.pick(&format!("({cond} ? 0 : 1)"), vec![a.clone(), b.clone()])?
            }
            // The first item whose condition holds, the conditions called
            // in order until one does (those after it never run).
            (P::extract, [Arg::Items(items, _), Arg::Fn(cond)]) if !items.is_empty() => {
                self.names += 1;
                let at = format!("at{}", self.names);
                self.locals.push_str(&format!("    int {at} = -1;\n"));
                self.line(&format!("{at} = -1;"));
                for (i, item) in items.iter().enumerate() {
                    let outer = std::mem::take(&mut self.body);
                    self.depth += 1;
                    let (c, t) = self.call_val(cond, std::slice::from_ref(item))?;
                    if t != DevTy::Int {
                        return Err(format!("extract of a condition giving {}", ty_name(t)));
                    }
                    self.line(&format!("if ({c}) {at} = {i};"));
                    let turn = std::mem::replace(&mut self.body, outer);
                    self.depth -= 1;
                    self.line(&format!("if ({at} < 0) {{"));
                    self.body.push_str(&turn);
                    self.line("}");
                }
                self.line(&format!(
                    "if ({at} < 0) {{ raises(WHOLE_RAISE_STOP); return WHOLE_DEOPT; }}"
                ));
                self.pick(&at, items.clone())?
            }
            // Every key, then the first item of the largest (smallest).
            (P::argmax | P::argmin, [Arg::Items(items, _), Arg::Fn(key)]) if !items.is_empty() => {
                self.names += 1;
                let (at, best) = (format!("at{}", self.names), format!("best{}", self.names));
                self.locals
                    .push_str(&format!("    int {at} = -1;\n    I64 {best} = 0;\n"));
                self.line(&format!("{at} = -1;"));
                let op = if prim == P::argmax { ">" } else { "<" };
                for (i, item) in items.iter().enumerate() {
                    let (k, t) = self.call_val(key, std::slice::from_ref(item))?;
                    if t != DevTy::Int {
                        return Err(format!("{} of a key giving {}", prim.name(), ty_name(t)));
                    }
                    self.line(&format!(
                        "if ({at} < 0 || {k} {op} {best}) {{ {at} = {i}; {best} = {k}; }}"
                    ));
                }
                self.pick(&at, items.clone())?
            }
            _ => return Ok(None),
        }))
    }

    /// The item at index `at` of `items`: a function chosen when the
    /// program runs where all are functions, a value copied into one
    /// where all are values of one kind, else the choice itself.
    fn pick(&mut self, at: &str, items: Vec<Arg>) -> Result<Arg, String> {
        if items.iter().all(|a| matches!(a, Arg::Fn(_))) {
            let fs: Vec<DevFn> = items
                .into_iter()
                .filter_map(|a| match a {
                    Arg::Fn(f) => Some(f),
                    _ => None,
                })
                .collect();
            if fs.iter().any(|f| f.arity() != fs[0].arity()) {
                return Err("a choice of functions of different arities".to_owned());
            }
            return Ok(Arg::Fn(DevFn::Pick(at.to_owned(), fs)));
        }
        let kinds: Vec<Option<DevTy>> = items
            .iter()
            .map(|a| match a {
                Arg::Val(_, t) => Some(*t),
                _ => None,
            })
            .collect();
        match kinds.first() {
            Some(Some(t)) if kinds.iter().all(|k| *k == Some(*t)) => {
                let t = *t;
                let out = self.value(t, true)?;
                for (i, item) in items.iter().enumerate() {
                    if let Arg::Val(e, _) = item {
                        let head = if i == 0 { "if" } else { "} else if" };
                        self.line(&format!("{head} ({at} == {i}) {{"));
                        self.depth += 1;
                        self.copy(&out, t, e);
                        self.depth -= 1;
                    }
                }
                self.line("}");
                Ok(Arg::Val(out, t))
            }
            _ if items.iter().all(|a| matches!(a, Arg::Items(..))) => {
                Ok(Arg::Pick(at.to_owned(), items))
            }
            _ => Err("a choice of functions and values".to_owned()),
        }
    }

    /// Element `e` of container `c` of kind `ct`: its storage and kind,
    /// and the statement that sets it.
    fn element_of(
        &mut self,
        prim: Prim,
        ct: DevTy,
        c: &str,
        e: &str,
    ) -> Result<((String, DevTy), String), String> {
        let check = |call: String| format!("if (!{call}) return WHOLE_DEOPT;");
        Ok(match ct {
            DevTy::Objects | DevTy::ObjectTuple => {
                let v = format!("s[{}].o", self.scratch_slot()?);
                let fetch = check(format!("d_obj_at({v}, {c}, {e})"));
                ((v, DevTy::Object), fetch)
            }
            DevTy::Indices | DevTy::Locs => {
                let v = self.value(DevTy::Pair, true)?;
                let fetch = format!("{v} = loc_at({c}, {e});");
                ((v, DevTy::Pair), fetch)
            }
            DevTy::Patches | DevTy::PatchTuple => {
                let v = format!("s[{}].x", self.scratch_slot()?);
                let fetch = check(format!("d_locs_at({v}, {c}, {e})"));
                ((v, DevTy::Indices), fetch)
            }
            DevTy::LocsTuple => {
                let v = format!("s[{}].x", self.scratch_slot()?);
                let fetch = check(format!("d_locs_at({v}, {c}, {e})"));
                ((v, DevTy::Locs), fetch)
            }
            DevTy::Object => {
                let v = self.value(DevTy::Cell, true)?;
                let fetch = format!("{v} = {c}.k[{e}];");
                ((v, DevTy::Cell), fetch)
            }
            DevTy::LocPairs => {
                let v = self.value(DevTy::LocPair, true)?;
                let fetch = format!("{v} = {c}.k[{e}];");
                ((v, DevTy::LocPair), fetch)
            }
            DevTy::ObjectPairs => {
                let v = self.value(DevTy::ObjectPair, true)?;
                let fetch = format!("{v} = SP{{&{c}, 2 * ({e}), &{c}, 2 * ({e}) + 1}};");
                ((v, DevTy::ObjectPair), fetch)
            }
            DevTy::Grids => {
                let v = format!("s[{}].g", self.scratch_slot()?);
                let fetch = check(format!("d_grid_at({v}, {c}, {e})"));
                ((v, DevTy::Grid), fetch)
            }
            DevTy::Ints => {
                let v = self.value(DevTy::Int, true)?;
                let fetch = format!("{v} = {c}.a[{e}];");
                ((v, DevTy::Int), fetch)
            }
            // A grid is the tuple of its rows.
            DevTy::Grid => {
                let v = format!("s[{}].v", self.scratch_slot()?);
                let fetch = check(format!("d_row_at({v}, {c}, {e})"));
                ((v, DevTy::Ints), fetch)
            }
            DevTy::Colors => {
                let v = self.value(DevTy::Int, true)?;
                let fetch = format!("{v} = {e};");
                ((v, DevTy::Int), fetch)
            }
            _ => return Err(format!("{} over {}", prim.name(), ty_name(ct))),
        })
    }

    /// apply, mapply, sfilter, mfilter, argmax, argmin, valmax, valmin and
    /// extract of a known function over objects, locations or an object's
    /// cells: a loop.
    fn higher(
        &mut self,
        prim: Prim,
        args: &[Arg],
        scratch: bool,
    ) -> Result<(String, DevTy), String> {
        use Prim as P;
        let fail = || format!("{} of a function", prim.name());
        let (f, container, second) = match (prim, args) {
            (P::apply | P::mapply, [Arg::Fn(f), Arg::Val(c, t)]) => (f, (c.clone(), *t), None),
            (
                P::sfilter
                | P::mfilter
                | P::argmax
                | P::argmin
                | P::valmax
                | P::valmin
                | P::extract
                | P::order,
                [Arg::Val(c, t), Arg::Fn(f)],
            ) => (f, (c.clone(), *t), None),
            // Two containers zipped (as long as the shorter); prapply: every
            // pair of their elements.
            (
                P::papply | P::mpapply | P::prapply,
                [Arg::Fn(f), Arg::Val(a, ta), Arg::Val(b, tb)],
            ) if *ta != DevTy::Colors && *tb != DevTy::Colors => {
                (f, (a.clone(), *ta), Some((b.clone(), *tb)))
            }
            _ => return Err(fail()),
        };
        if f.arity() != if second.is_some() { 2 } else { 1 } {
            return Err(fail());
        }
        let (c, ct) = container;
        // apply over a pair (a tuple of two numbers): the function on each,
        // the tuple of the two results (astuple's forms).
        if ct == DevTy::Pair {
            if prim != P::apply || second.is_some() {
                return Err(format!("{} over Pair", prim.name()));
            }
            let (ra, ta) = self.call_val(f, &[Arg::Val(format!("{c}.a"), DevTy::Int)])?;
            let (rb, tb) = self.call_val(f, &[Arg::Val(format!("{c}.b"), DevTy::Int)])?;
            if ta != tb {
                return Err("apply over Pair giving two kinds".to_owned());
            }
            return self.call(P::astuple, &[Arg::Val(ra, ta), Arg::Val(rb, tb)], scratch);
        }
        let e = format!("e{}", self.names + 1);
        self.names += 1;
        // The elements' storage, set at the top of each turn.
        // prapply's turn e is the pair (a[e % a.n], b[e / a.n]): b's
        // elements outside, a's inside, the reference's order of calls.
        let product = prim == P::prapply;
        let at = if product {
            format!("({e} % {})", len_of(ct, &c))
        } else {
            e.clone()
        };
        let (element, fetch) = self.element_of(prim, ct, &c, &at)?;
        let mut elements = vec![Arg::Val(element.0.clone(), element.1)];
        let mut fetches = vec![fetch];
        let mut bound = len_of(ct, &c);
        if let Some((c2, ct2)) = &second {
            let at2 = if product {
                format!("({e} / {})", len_of(ct, &c))
            } else {
                e.clone()
            };
            let (element2, fetch2) = self.element_of(prim, *ct2, c2, &at2)?;
            elements.push(Arg::Val(element2.0, element2.1));
            fetches.push(fetch2);
            let (n1, n2) = (len_of(ct, &c), len_of(*ct2, c2));
            bound = if product {
                format!("{n1} * {n2}")
            } else {
                format!("({n1} < {n2} ? {n1} : {n2})")
            };
        }
        // The loop's turn first: the function's result kind decides the rest.
        let outer_body = std::mem::take(&mut self.body);
        self.depth += 1;
        let took = self.taken.len();
        for l in &fetches {
            self.line(l);
        }
        let (r, rt) = match self.call_fn(f, &elements)? {
            Arg::Val(r, rt) => (r, rt),
            _ => return Err(format!("{} of a function giving a function", prim.name())),
        };
        let turn_calls = std::mem::replace(&mut self.body, outer_body);
        self.depth -= 1;
        // What the turn writes, it writes again every turn: the slots it
        // took and gave back stay taken for the loop's own values (its
        // result, accumulated over the turns), until the node's end.
        self.keep_turn_slots(took);
        let mut kind = ct;
        let out: String;
        // Lanes over elements (an argmax's place and key per lane, made
        // the warp's after the loop), where the turn is scalar.
        let mut lanes: Option<(String, String, bool)> = None;
        let mut start: Vec<String> = Vec::new();
        let mut turn: Vec<String> = Vec::new();
        let mut end: Vec<String> = Vec::new();
        let truthy = |rt: DevTy| -> Result<(), String> {
            if rt == DevTy::Int {
                Ok(())
            } else {
                Err(format!(
                    "{} of a condition giving {}",
                    prim.name(),
                    ty_name(rt)
                ))
            }
        };
        // apply and mapply over a tuple give tuples (in order, repeats kept),
        // never sets: the device holds tuples of grids of one shape and
        // tuples of numbers; mfilter merges the kept elements (of a tuple
        // of numbers, the reference raises).
        // prapply gives a frozenset whatever its containers: its results
        // go through apply's set arms, of the kinds those make.
        let tuple = !product
            && matches!(
                ct,
                DevTy::Grids
                    | DevTy::Ints
                    | DevTy::ObjectTuple
                    | DevTy::Locs
                    | DevTy::Grid
                    | DevTy::LocsTuple
                    | DevTy::PatchTuple
            );
        if product
            && !matches!(
                rt,
                DevTy::Int | DevTy::Pair | DevTy::Indices | DevTy::Object
            )
        {
            return Err(format!("prapply of a function giving {}", ty_name(rt)));
        }
        if tuple
            && (prim == P::mfilter
                || matches!(prim, P::apply | P::mapply)
                    && !matches!(
                        (prim, ct, rt),
                        (
                            P::apply,
                            _,
                            DevTy::Grid | DevTy::Int | DevTy::Object | DevTy::Pair
                        ) | (P::apply, _, DevTy::Ints | DevTy::Indices)
                            | (P::mapply, DevTy::Grids, DevTy::Grids)
                            | (P::mapply, _, DevTy::Indices | DevTy::Object | DevTy::Grid)
                    ))
        {
            return Err(format!(
                "{} over {} of a function giving {}",
                prim.name(),
                ty_name(ct),
                ty_name(rt)
            ));
        }
        match prim {
            P::sfilter => {
                truthy(rt)?;
                out = self.value(ct, scratch)?;
                match ct {
                    DevTy::Locs => {
                        start.push(emptied(kind, &out));
                        turn.push(format!(
                            "if ({r} && !push_loc({out}, {})) return WHOLE_DEOPT;",
                            element.0
                        ));
                    }
                    DevTy::Colors => {
                        start.push(emptied(kind, &out));
                        turn.push(format!("if ({r}) {out} |= 1ull << {e};"));
                    }
                    DevTy::Ints => {
                        start.push(emptied(kind, &out));
                        turn.push(format!(
                            "if ({r} && !n_push({out}, {})) return WHOLE_DEOPT;",
                            element.0
                        ));
                    }
                    // A grid's rows kept: a grid (none: the empty tuple,
                    // left to the CPU).
                    DevTy::Grid => {
                        start.push(emptied(kind, &out));
                        turn.push(format!(
                            "if ({r} && !g_push_row({out}, {})) return WHOLE_DEOPT;",
                            element.0
                        ));
                        end.push(format!("if (!ok_grid({out})) return WHOLE_DEOPT;"));
                    }
                    DevTy::Grids => {
                        start.push(format!("t_clear({out}, &{c});"));
                        turn.push(format!(
                            "if ({r} && !t_push({out}, {})) return WHOLE_DEOPT;",
                            element.0
                        ));
                    }
                    DevTy::Objects
                    | DevTy::Patches
                    | DevTy::ObjectTuple
                    | DevTy::LocsTuple
                    | DevTy::PatchTuple => {
                        start.push(emptied(kind, &out));
                        turn.push(format!(
                            "if ({r} && !s_append({out}, {c}, {e})) return WHOLE_DEOPT;"
                        ));
                    }
                    // A kept pair: its two objects.
                    DevTy::ObjectPairs => {
                        start.push(emptied(kind, &out));
                        turn.push(format!(
                            "if ({r} && !(s_append({out}, {c}, 2 * {e}) && s_append({out}, {c}, 2 * {e} + 1))) return WHOLE_DEOPT;"
                        ));
                    }
                    // The kept cells (pairs of locations) ascend as the
                    // object's (the set's) do: no sort.
                    DevTy::Object | DevTy::LocPairs => {
                        start.push(emptied(kind, &out));
                        turn.push(format!(
                            "if ({r} && !acc_cell({out}, {})) return WHOLE_DEOPT;",
                            element.0
                        ));
                    }
                    _ => {
                        start.push(emptied(kind, &out));
                        turn.push(format!(
                            "if ({r} && !acc_loc({out}, {})) return WHOLE_DEOPT;",
                            element.0
                        ));
                    }
                }
            }
            P::mfilter if ct == DevTy::Objects => {
                truthy(rt)?;
                kind = DevTy::Object;
                out = self.value(kind, scratch)?;
                start.push(emptied(kind, &out));
                turn.push(format!(
                    "if ({r} && !acc_o({out}, {})) return WHOLE_DEOPT;",
                    element.0
                ));
                end.push(format!("if (!end_o({out})) return WHOLE_DEOPT;"));
            }
            P::mfilter if ct == DevTy::Patches => {
                truthy(rt)?;
                kind = DevTy::Indices;
                out = self.value(kind, scratch)?;
                start.push(emptied(kind, &out));
                turn.push(format!(
                    "if ({r} && !acc_x({out}, {})) return WHOLE_DEOPT;",
                    element.0
                ));
                end.push(format!("if (!end_x({out})) return WHOLE_DEOPT;"));
            }
            P::mapply | P::mpapply => match rt {
                // Over a tuple, the grids' rows one after the other: one
                // grid of one width (of none, the empty tuple, left to the
                // CPU, as rows of two widths are).
                DevTy::Grid if tuple && prim == P::mapply => {
                    kind = DevTy::Grid;
                    out = self.value(kind, scratch)?;
                    start.push(format!("g_no_rows({out});"));
                    turn.push(format!("if (!g_rows({out}, {r})) return WHOLE_DEOPT;"));
                    end.push(format!("if ({out}.h == 0) return WHOLE_DEOPT;"));
                }
                // Over a tuple, the objects' cells one after the other.
                DevTy::Object if tuple || prim == P::mpapply => {
                    kind = DevTy::Cells;
                    out = self.value(kind, scratch)?;
                    start.push(emptied(kind, &out));
                    turn.push(format!("if (!push_o({out}, {r})) return WHOLE_DEOPT;"));
                }
                // Over a tuple, the sets' locations one after the other.
                DevTy::Indices if tuple || prim == P::mpapply => {
                    kind = DevTy::Locs;
                    out = self.value(kind, scratch)?;
                    start.push(emptied(kind, &out));
                    turn.push(format!("if (!push_x({out}, {r})) return WHOLE_DEOPT;"));
                }
                DevTy::Indices => {
                    kind = DevTy::Indices;
                    out = self.value(kind, scratch)?;
                    start.push(emptied(kind, &out));
                    turn.push(format!("if (!acc_x({out}, {r})) return WHOLE_DEOPT;"));
                    end.push(format!("if (!end_x({out})) return WHOLE_DEOPT;"));
                }
                DevTy::Object => {
                    kind = DevTy::Object;
                    out = self.value(kind, scratch)?;
                    start.push(emptied(kind, &out));
                    turn.push(format!("if (!acc_o({out}, {r})) return WHOLE_DEOPT;"));
                    end.push(format!("if (!end_o({out})) return WHOLE_DEOPT;"));
                }
                DevTy::Grids if ct == DevTy::Grids && prim == P::mapply => {
                    kind = DevTy::Grids;
                    out = self.value(kind, scratch)?;
                    start.push(emptied(kind, &out));
                    turn.push(format!("if (!t_extend({out}, {r})) return WHOLE_DEOPT;"));
                }
                _ => {
                    return Err(format!(
                        "{} of a function giving {}",
                        prim.name(),
                        ty_name(rt)
                    ))
                }
            },
            // papply: a tuple of the results.
            P::papply => {
                let (k, push) = match rt {
                    DevTy::Int => (DevTy::Ints, "n_push"),
                    DevTy::Pair => (DevTy::Locs, "push_loc"),
                    DevTy::Object => (DevTy::ObjectTuple, "s_append_o"),
                    DevTy::Grid => (DevTy::Grids, "t_push"),
                    DevTy::Locs => (DevTy::LocsTuple, "s_append_x"),
                    _ => return Err(format!("papply of a function giving {}", ty_name(rt))),
                };
                kind = k;
                out = self.value(kind, scratch)?;
                start.push(emptied(kind, &out));
                turn.push(format!("if (!{push}({out}, {r})) return WHOLE_DEOPT;"));
            }
            P::apply | P::prapply => match rt {
                // Over a set, a set of grids (not held on the device).
                DevTy::Grid if tuple => {
                    kind = DevTy::Grids;
                    out = self.value(kind, scratch)?;
                    start.push(emptied(kind, &out));
                    turn.push(format!("if (!t_push({out}, {r})) return WHOLE_DEOPT;"));
                }
                // Over a tuple (a grid's rows, ...), rows: a grid (of rows
                // of one length and colours, as the CPU makes a tuple of
                // them; else left to the CPU).
                DevTy::Ints if tuple => {
                    kind = DevTy::Grid;
                    out = self.value(kind, scratch)?;
                    start.push(emptied(kind, &out));
                    turn.push(format!("if (!g_push_row({out}, {r})) return WHOLE_DEOPT;"));
                    end.push(format!("if (!ok_grid({out})) return WHOLE_DEOPT;"));
                }
                // Over a tuple, a tuple of numbers; over a set, a set.
                DevTy::Int if tuple => {
                    kind = DevTy::Ints;
                    out = self.value(kind, scratch)?;
                    start.push(emptied(kind, &out));
                    turn.push(format!("if (!n_push({out}, {r})) return WHOLE_DEOPT;"));
                }
                DevTy::Int => {
                    kind = DevTy::Colors;
                    out = self.value(kind, scratch)?;
                    start.push(emptied(kind, &out));
                    turn.push(format!("if (!is_small({r})) return WHOLE_DEOPT;"));
                    turn.push(format!("{out} |= 1ull << {r};"));
                }
                DevTy::Pair if tuple => {
                    kind = DevTy::Locs;
                    out = self.value(kind, scratch)?;
                    start.push(emptied(kind, &out));
                    turn.push(format!("if (!push_loc({out}, {r})) return WHOLE_DEOPT;"));
                }
                DevTy::Pair => {
                    kind = DevTy::Indices;
                    out = self.value(kind, scratch)?;
                    start.push(emptied(kind, &out));
                    turn.push(format!("if (!acc_loc({out}, {r})) return WHOLE_DEOPT;"));
                    end.push(format!("if (!end_x({out})) return WHOLE_DEOPT;"));
                }
                // Over a tuple, a tuple of sets (in order, repeats kept).
                DevTy::Indices if tuple => {
                    kind = DevTy::PatchTuple;
                    out = self.value(kind, scratch)?;
                    start.push(emptied(kind, &out));
                    turn.push(format!("if (!s_append_x({out}, {r})) return WHOLE_DEOPT;"));
                }
                DevTy::Indices => {
                    kind = DevTy::Patches;
                    out = self.value(kind, scratch)?;
                    let t = self.scratch_slot()?;
                    start.push(emptied(kind, &out));
                    turn.push(format!("if (!s_append_x({out}, {r})) return WHOLE_DEOPT;"));
                    end.push(format!(
                        "if (!s_canon({out}, s[{t}], aux)) return WHOLE_DEOPT;"
                    ));
                }
                DevTy::Object if tuple => {
                    kind = DevTy::ObjectTuple;
                    out = self.value(kind, scratch)?;
                    start.push(emptied(kind, &out));
                    turn.push(format!("if (!s_append_o({out}, {r})) return WHOLE_DEOPT;"));
                }
                DevTy::Object => {
                    kind = DevTy::Objects;
                    out = self.value(kind, scratch)?;
                    let t = self.scratch_slot()?;
                    start.push(emptied(kind, &out));
                    turn.push(format!("if (!s_append_o({out}, {r})) return WHOLE_DEOPT;"));
                    end.push(format!(
                        "if (!s_canon({out}, s[{t}], aux)) return WHOLE_DEOPT;"
                    ));
                }
                DevTy::Cell => {
                    kind = DevTy::Object;
                    out = self.value(kind, scratch)?;
                    start.push(emptied(kind, &out));
                    turn.push(format!("if (!acc_cell({out}, {r})) return WHOLE_DEOPT;"));
                    end.push(format!("if (!end_o({out})) return WHOLE_DEOPT;"));
                }
                _ => return Err(format!("apply of a function giving {}", ty_name(rt))),
            },
            P::argmax | P::argmin | P::valmax | P::valmin | P::extract => {
                // Keys that are pairs compare as Python's tuples do: by
                // their first numbers, then their second.
                let pair_key = rt == DevTy::Pair && prim != P::extract;
                if !pair_key {
                    truthy(rt)?;
                }
                self.names += 1;
                let (at, val) = (format!("at{}", self.names), format!("best{}", self.names));
                let key_decl = if pair_key {
                    format!("P {val} = {{0, 0}}")
                } else {
                    format!("I64 {val} = 0")
                };
                self.locals
                    .push_str(&format!("    int {at} = -1;\n    {key_decl};\n"));
                start.push(format!("{at} = -1;"));
                match prim {
                    P::extract => turn.push(format!("if ({r}) {{ {at} = {e}; break; }}")),
                    _ => {
                        let op = if matches!(prim, P::argmax | P::valmax) {
                            ">"
                        } else {
                            "<"
                        };
                        let beats = if pair_key {
                            format!(
                                "{r}.a {op} {val}.a || ({r}.a == {val}.a && {r}.b {op} {val}.b)"
                            )
                        } else {
                            format!("{r} {op} {val}")
                        };
                        turn.push(format!(
                            "if ({at} < 0 || {beats}) {{ {at} = {e}; {val} = {r}; }}"
                        ));
                        // A turn of scalar calls over elements held in
                        // registers: each lane takes every 32nd element.
                        let registers = matches!(
                            ct,
                            DevTy::Object
                                | DevTy::Indices
                                | DevTy::Locs
                                | DevTy::Ints
                                | DevTy::LocPairs
                        );
                        if !pair_key && registers && scalar_turn(&turn_calls) {
                            lanes = Some((at.clone(), val.clone(), op == ">"));
                        }
                    }
                }
                // Nothing found: `max`/`min` of nothing raise ValueError,
                // `next` of nothing StopIteration; `valmax`/`valmin` call
                // their function on the default 0: TypeError where it
                // first takes the length of or iterates its argument, else
                // left to the CPU.
                end.push(match prim {
                    P::argmax | P::argmin => format!(
                        "if ({at} < 0) {{ raises(WHOLE_RAISE_VALUE); return WHOLE_DEOPT; }}"
                    ),
                    P::extract => {
                        format!("if ({at} < 0) {{ raises(WHOLE_RAISE_STOP); return WHOLE_DEOPT; }}")
                    }
                    P::valmax | P::valmin if type_error_on_zero(f) => {
                        format!("if ({at} < 0) {{ raises(WHOLE_RAISE_TYPE); return WHOLE_DEOPT; }}")
                    }
                    _ => format!("if ({at} < 0) return WHOLE_DEOPT;"),
                });
                if matches!(prim, P::valmax | P::valmin) {
                    kind = rt;
                    out = self.value(kind, scratch)?;
                    end.push(format!("{out} = {val};"));
                } else {
                    // A pair of objects found is kept as a tuple of the two.
                    kind = match element.1 {
                        DevTy::ObjectPair => DevTy::ObjectTuple,
                        k => k,
                    };
                    out = self.value(kind, scratch)?;
                    match ct {
                        DevTy::Objects | DevTy::ObjectTuple => end.push(format!(
                            "if (!d_obj_at({out}, {c}, {at})) return WHOLE_DEOPT;"
                        )),
                        DevTy::Patches | DevTy::LocsTuple | DevTy::PatchTuple => end.push(format!(
                            "if (!d_locs_at({out}, {c}, {at})) return WHOLE_DEOPT;"
                        )),
                        DevTy::Object | DevTy::LocPairs => {
                            end.push(format!("{out} = {c}.k[{at}];"))
                        }
                        DevTy::ObjectPairs => end.push(format!(
                            "if (!d_pair_at({out}, {c}, {at})) return WHOLE_DEOPT;"
                        )),
                        DevTy::Grids => end.push(format!(
                            "if (!d_grid_at({out}, {c}, {at})) return WHOLE_DEOPT;"
                        )),
                        DevTy::Ints => end.push(format!("{out} = {c}.a[{at}];")),
                        DevTy::Grid => end.push(format!(
                            "if (!d_row_at({out}, {c}, {at})) return WHOLE_DEOPT;"
                        )),
                        DevTy::Colors => end.push(format!("{out} = {at};")),
                        _ => end.push(format!("{out} = loc_at({c}, {at});")),
                    }
                }
            }
            // A stable sort on the keys, held in a scratch tuple.
            P::order => {
                // Pair keys go in as one number each, in their tuples' order.
                let push = if rt == DevTy::Pair {
                    "n_push_pair"
                } else {
                    truthy(rt)?;
                    "n_push"
                };
                let (kind_of, function) = match ct {
                    DevTy::Objects | DevTy::ObjectTuple => (DevTy::ObjectTuple, "d_order_s"),
                    DevTy::Ints => (DevTy::Ints, "d_order_n"),
                    DevTy::Grids => (DevTy::Grids, "d_order_t"),
                    DevTy::Colors => (DevTy::Ints, "d_order_c"),
                    DevTy::Indices | DevTy::Locs => (DevTy::Locs, "d_order_x"),
                    _ => return Err(format!("order over {}", ty_name(ct))),
                };
                kind = kind_of;
                let keys = format!("s[{}].v", self.scratch_slot()?);
                out = self.value(kind, scratch)?;
                start.push(format!("n_clear({keys});"));
                turn.push(format!("if (!{push}({keys}, {r})) return WHOLE_DEOPT;"));
                end.push(format!(
                    "if (!{function}({out}, {c}, {keys}, aux)) return WHOLE_DEOPT;"
                ));
            }
            _ => return Err(fail()),
        }
        for l in &start {
            self.line(l);
        }
        if let Some((at, val, most)) = lanes {
            self.names += 1;
            let tag = self.names;
            self.lane_loop(
                tag,
                &e,
                &bound,
                &turn_calls,
                &turn,
                "WHOLE_DEOPT",
                "whole_left()",
            );
            self.line(&format!("warp_best({at}, {val}, {most});"));
            for l in &end {
                self.line(l);
            }
            return Ok((out, kind));
        }
        if ct == DevTy::Colors {
            // The numbers of a set of small numbers, ascending (its bits).
            self.line(&format!("for (int {e} = 0; {e} < 64; ++{e}) {{"));
            self.depth += 1;
            self.line(&format!("if (!(({c} >> {e}) & 1ull)) continue;"));
            self.depth -= 1;
        } else {
            self.line(&format!("for (int {e} = 0; {e} < {bound}; ++{e}) {{"));
        }
        self.body.push_str(&turn_calls);
        self.depth += 1;
        self.line("if (WHOLE_LATE()) return WHOLE_DEOPT;");
        for l in &turn {
            self.line(l);
        }
        self.depth -= 1;
        self.line("}");
        for l in &end {
            self.line(l);
        }
        Ok((out, kind))
    }

    /// Keeps the slots a loop's turn took since `took` (the turn writes
    /// them again every turn) out of the free list until the node's end.
    fn keep_turn_slots(&mut self, took: usize) {
        let turn_slots: Vec<usize> = self.taken[took..].to_vec();
        for s in turn_slots {
            if let Some(i) = self.free.iter().position(|&f| f == s) {
                self.free.swap_remove(i);
                self.scratch.push(s);
            }
        }
    }

    /// The union of what `source` gives through `stages` ([`UnionChain`]):
    /// one loop whose turns make one element, map and filter it, and add
    /// it to the union, so the set of elements is never made. With stages,
    /// the functions are called in another order than the nodes' (each
    /// element through all stages, not each stage over all elements), so a
    /// raise is left to the CPU to name.
    fn union_loop(
        &mut self,
        source: &Source,
        stages: &[Stage],
        scratch: bool,
    ) -> Result<(String, DevTy), String> {
        // The spans of straight lines between two sets where the chain is
        // one; else lines one per lane where the turn allows; else the
        // warp's loop, from the emitter as it was.
        if let Some(r) = self.span_union(source, stages, scratch) {
            return r;
        }
        let before = self.clone();
        match self.lane_union(source, stages, scratch) {
            Ok(r) => return Ok(r),
            Err(_) => *self = before,
        }
        let from = self.body.len();
        let e = format!("e{}", self.names + 1);
        self.names += 1;
        let (n1, n2) = match source {
            Source::Prapply(_, (a, ta), (b, tb)) | Source::Pairs((a, ta), (b, tb)) => {
                (len_of(*ta, a), len_of(*tb, b))
            }
        };
        // A warp makes the union of a few thousand values well within the
        // deadline; more go to the CPU at once (WHOLE_UNION_TURNS).
        self.line(&format!(
            "if ((I64){n1} * {n2} > WHOLE_UNION_TURNS) return WHOLE_DEOPT;"
        ));
        let outer_body = std::mem::take(&mut self.body);
        self.depth += 1;
        let took = self.taken.len();
        let (r, rt) = self.chain_turn(source, stages, &e, (&n1, &n2))?;
        let (kind, add, end) = match rt {
            DevTy::Indices => (DevTy::Indices, "acc_x", "end_x"),
            DevTy::Object => (DevTy::Object, "acc_o", "end_o"),
            _ => return Err(format!("a union of {}", ty_name(rt))),
        };
        let turn = std::mem::replace(&mut self.body, outer_body);
        self.depth -= 1;
        self.keep_turn_slots(took);
        let out = self.value(kind, scratch)?;
        self.line(&emptied(kind, &out));
        self.line(&format!("for (int {e} = 0; {e} < {n1} * {n2}; ++{e}) {{"));
        self.depth += 1;
        self.line("if (WHOLE_LATE()) return WHOLE_DEOPT;");
        self.depth -= 1;
        self.body.push_str(&turn);
        self.depth += 1;
        self.line(&format!("if (!{add}({out}, {r})) return WHOLE_DEOPT;"));
        self.depth -= 1;
        self.line("}");
        self.line(&format!("if (!{end}({out})) return WHOLE_DEOPT;"));
        if !stages.is_empty() {
            let code = self.body.split_off(from);
            self.body
                .push_str(&code.replace("return WHOLE_DEOPT;", "return whole_left();"));
        }
        Ok((out, kind))
    }

    /// [`Emitter::union_loop`] of the lines between every location of one
    /// set and every one of another (`prapply(connect, a, b)`, or
    /// `fork(connect, first, last)` over their `product`), merged or kept
    /// by `hline`, `vline` or `either` of them, after a filter by `size >
    /// 1` or not: on each row (column, diagonal) both sets are on, the span
    /// from the first location of either to the last (`lines_or`; the
    /// CPU's `lines_union`), where a turn per pair was 202,500 turns for a
    /// colour's 450 cells. `None` for any other chain.
    fn span_union(
        &mut self,
        source: &Source,
        stages: &[Stage],
        scratch: bool,
    ) -> Option<Result<(String, DevTy), String>> {
        let prim = |f: &DevFn, p: Prim| matches!(f, DevFn::Prim(q) if *q == p);
        let (a, b, rest) = match source {
            Source::Prapply(f, (a, DevTy::Indices), (b, DevTy::Indices))
                if prim(f, Prim::connect) =>
            {
                (a, b, stages)
            }
            Source::Pairs((a, DevTy::Indices), (b, DevTy::Indices)) => match stages.split_first() {
                Some((Stage::Map(DevFn::Fork(outer, x, y)), rest))
                    if prim(outer, Prim::connect)
                        && prim(x, Prim::first)
                        && prim(y, Prim::last) =>
                {
                    (a, b, rest)
                }
                _ => return None,
            },
            _ => return None,
        };
        let straight = |f: &DevFn| match f {
            DevFn::Prim(Prim::hline) => Some(1),
            DevFn::Prim(Prim::vline) => Some(2),
            _ => None,
        };
        // A filter by `size > 1` first: lines of two cells or more.
        let longer = |f: &DevFn| match f {
            DevFn::Compose(fs) => match fs.as_slice() {
                [DevFn::Bind {
                    right: true,
                    f,
                    fixed,
                }, size] => {
                    prim(f, Prim::greater)
                        && matches!(&**fixed, Arg::Val(v, DevTy::Int) if v == "1LL")
                        && prim(size, Prim::size)
                }
                [DevFn::Compose(inner), size] => {
                    matches!(inner.as_slice(), [p, d] if prim(p, Prim::positive) && prim(d, Prim::decrement))
                        && prim(size, Prim::size)
                }
                [p, d, size] => {
                    prim(p, Prim::positive) && prim(d, Prim::decrement) && prim(size, Prim::size)
                }
                _ => false,
            },
            _ => false,
        };
        let (long, rest) = match rest.split_first() {
            Some((Stage::Keep(g), after)) if longer(g) => (16, after),
            _ => (0, rest),
        };
        let directions = long
            | match rest {
                [] => 15,
                [Stage::Keep(DevFn::Fork(outer, x, y))] if prim(outer, Prim::either) => {
                    match (straight(x)?, straight(y)?) {
                        (1, 2) | (2, 1) => 3,
                        _ => return None,
                    }
                }
                [Stage::Keep(g)] => straight(g)?,
                _ => return None,
            };
        let leave = if stages.is_empty() {
            "WHOLE_DEOPT"
        } else {
            "whole_left()"
        };
        let (a, b) = (a.clone(), b.clone());
        Some(self.value(DevTy::Indices, scratch).map(|out| {
            self.line(&format!("acc_lines_start({out});"));
            self.line(&format!("lines_or({out}, {a}, {b}, {directions});"));
            self.line(&format!("if (!end_x({out})) return {leave};"));
            (out, DevTy::Indices)
        }))
    }

    /// [`Emitter::union_loop`] with one turn per lane, where each turn's
    /// value is the line between two locations (`connect`, held as a
    /// `Line`) and its tests are functions of numbers of the line's size
    /// and shape ([`SCALAR_FNS`]): each lane makes its line, tests it and
    /// sets its cells in the union's bit map. A warp's turn costs about as
    /// much as 30 of a CPU thread's (`WHOLE_UNION_TURNS`); a lane's costs
    /// a few dozen instructions. None of these functions raises, so the
    /// turns' order is free. Anything else in the turn (a line read as a
    /// set, a call the lanes share) is an error, and the caller writes
    /// the warp's loop instead.
    fn lane_union(
        &mut self,
        source: &Source,
        stages: &[Stage],
        scratch: bool,
    ) -> Result<(String, DevTy), String> {
        let (n1, n2) = match source {
            Source::Prapply(_, (a, ta), (b, tb)) | Source::Pairs((a, ta), (b, tb)) => {
                (len_of(*ta, a), len_of(*tb, b))
            }
        };
        let leave = if stages.is_empty() {
            "WHOLE_DEOPT"
        } else {
            "whole_left()"
        };
        self.names += 1;
        let tag = self.names;
        let e = format!("e{tag}");
        self.line(&format!(
            "if ((I64){n1} * {n2} > WHOLE_LANE_TURNS) return {leave};"
        ));
        let outer_body = std::mem::take(&mut self.body);
        let took = self.taken.len();
        self.lines = true;
        self.depth += 2;
        let made = self.chain_turn(source, stages, &e, (&n1, &n2));
        self.depth -= 2;
        self.lines = false;
        let line = match made? {
            (line, DevTy::Line) => line,
            (_, t) => return Err(format!("a union of {} per lane", ty_name(t))),
        };
        let turn = std::mem::replace(&mut self.body, outer_body);
        if self.taken.len() != took {
            return Err("a lane's turn that takes a slot".to_owned());
        }
        // Filters skip the lane's line; everything else must be scalar.
        let filter = |l: &str| {
            l.strip_prefix("if (!")
                .and_then(|c| c.strip_suffix(") continue;"))
                .is_some_and(|v| v.starts_with('v') && v[1..].chars().all(|c| c.is_ascii_digit()))
        };
        let calls: String = turn
            .lines()
            .filter(|l| !filter(l.trim()))
            .map(|l| format!("{l}\n"))
            .collect();
        if !scalar_turn(&calls) {
            return Err("a lane's turn with a call the lanes share".to_owned());
        }
        let out = self.value(DevTy::Indices, scratch)?;
        self.line(&format!("acc_lines_start({out});"));
        let total = format!("{n1} * {n2}");
        let add = [format!("ln_or({out}, {line});")];
        self.lane_loop(tag, &e, &total, &turn, &add, leave, leave);
        self.line("SYNC();");
        self.line(&format!("if (!end_x({out})) return {leave};"));
        Ok((out, DevTy::Indices))
    }

    /// A loop of one element per lane, WARP elements a round: for element
    /// `e` below `bound`, the turn's written `calls` (whose failures
    /// `return WHOLE_DEOPT;`), then the lines `after`. A lane whose call
    /// fails leaves the evaluation after the loop (`leave`: a raise named
    /// by one lane would not be the warp's); the deadline, checked each
    /// round, returns `late`. `tag` names the loop's locals.
    #[allow(clippy::too_many_arguments)]
    fn lane_loop(
        &mut self,
        tag: usize,
        e: &str,
        bound: &str,
        calls: &str,
        after: &[String],
        late: &str,
        leave: &str,
    ) {
        let (base, failed) = (format!("base{tag}"), format!("failed{tag}"));
        self.locals.push_str(&format!("    int {failed} = 0;\n"));
        self.line(&format!("{failed} = 0;"));
        self.line(&format!(
            "for (int {base} = 0; {base} < {bound}; {base} += WARP) {{"
        ));
        self.depth += 1;
        self.line(&format!("if (WHOLE_LATE()) return {late};"));
        self.line(&format!("const int {e} = {base} + LANE;"));
        self.line(&format!("if ({e} < {bound}) do {{"));
        self.body.push_str(&calls.replace(
            "return WHOLE_DEOPT;",
            &format!("{{ {failed} = 1; break; }}"),
        ));
        self.depth += 1;
        for l in after {
            self.line(l);
        }
        self.depth -= 1;
        self.line("} while (0);");
        self.depth -= 1;
        self.line("}");
        self.line(&format!("if (warp_any({failed})) return {leave};"));
    }

    /// A union chain's turn for element `e` of `n1 * n2` (written at the
    /// caller's depth): the source's pair, its value through the stages,
    /// filters as `continue`. For one lane (`lane_union`) the caller checks
    /// that what it wrote is scalar.
    fn chain_turn(
        &mut self,
        source: &Source,
        stages: &[Stage],
        e: &str,
        (n1, n2): (&str, &str),
    ) -> Result<(String, DevTy), String> {
        let (mut r, mut rt) = match source {
            // prapply's order: b's elements outside, a's inside.
            Source::Prapply(f, (a, ta), (b, tb)) => {
                let (x, fetch_x) =
                    self.element_of(Prim::prapply, *ta, a, &format!("({e} % {n1})"))?;
                let (y, fetch_y) =
                    self.element_of(Prim::prapply, *tb, b, &format!("({e} / {n1})"))?;
                self.line(&fetch_x);
                self.line(&fetch_y);
                self.call_val(f, &[Arg::Val(x.0, x.1), Arg::Val(y.0, y.1)])?
            }
            // product's order: a's elements outside, b's inside.
            Source::Pairs((a, ta), (b, tb)) => match (ta, tb) {
                (DevTy::Indices, DevTy::Indices) => {
                    let v = self.value(DevTy::LocPair, true)?;
                    self.line(&format!(
                        "{v} = ((unsigned){a}.k[{e} / {n2}] << 16) | {b}.k[{e} % {n2}];"
                    ));
                    (v, DevTy::LocPair)
                }
                (DevTy::Objects, DevTy::Objects) => {
                    let v = self.value(DevTy::ObjectPair, true)?;
                    self.line(&format!("{v} = SP{{&{a}, {e} / {n2}, &{b}, {e} % {n2}}};"));
                    (v, DevTy::ObjectPair)
                }
                _ => return Err(format!("product of {} and {}", ty_name(*ta), ty_name(*tb))),
            },
        };
        for stage in stages {
            match stage {
                Stage::Map(f) => (r, rt) = self.call_val(f, &[Arg::Val(r, rt)])?,
                Stage::Keep(g) => {
                    let (c, ct) = self.call_val(g, &[Arg::Val(r.clone(), rt)])?;
                    if ct != DevTy::Int {
                        return Err(format!("a filter giving {}", ty_name(ct)));
                    }
                    self.line(&format!("if (!{c}) continue;"));
                }
            }
        }
        Ok((r, rt))
    }

    /// `merge` of what `f` gives on `args` (`compose(merge, f)` called):
    /// where `f` ends in a `prapply` (through binds and forks), one loop
    /// that unions its results ([`Emitter::union_loop`]); else the call,
    /// then the merge.
    fn merged_call(&mut self, f: &DevFn, args: &[Arg]) -> Result<Arg, String> {
        match (f, args) {
            (DevFn::Prim(Prim::prapply), [Arg::Fn(g), Arg::Val(a, ta), Arg::Val(b, tb)])
                if *ta != DevTy::Colors && *tb != DevTy::Colors && g.arity() == 2 =>
            {
                let source = Source::Prapply(g.clone(), (a.clone(), *ta), (b.clone(), *tb));
                let (e, t) = self.union_loop(&source, &[], true)?;
                Ok(Arg::Val(e, t))
            }
            (DevFn::Compose(gs), _) if !gs.is_empty() => {
                let mut v = args.to_vec();
                for g in gs[1..].iter().rev() {
                    v = vec![self.call_fn(g, &v)?];
                }
                self.merged_call(&gs[0], &v)
            }
            (DevFn::Bind { right, f, fixed }, _) => {
                let mut all = args.to_vec();
                if *right {
                    all.push((**fixed).clone());
                } else {
                    all.insert(0, (**fixed).clone());
                }
                self.merged_call(f, &all)
            }
            (DevFn::Fork(outer, a, b), _) => {
                let ra = self.call_fn(a, args)?;
                let rb = self.call_fn(b, args)?;
                self.merged_call(outer, &[ra, rb])
            }
            _ => {
                let r = self.call_fn(f, args)?;
                self.call_fn(&DevFn::Prim(Prim::merge), &[r])
            }
        }
    }
}

/// Where a union chain's elements come from.
enum Source {
    /// `prapply(f, a, b)`: f of every pair of their elements.
    Prapply(DevFn, (String, DevTy), (String, DevTy)),
    /// The pairs of `product(a, b)`.
    Pairs((String, DevTy), (String, DevTy)),
}

/// What a union chain does to each element on its way to the union.
enum Stage {
    /// `apply(f, ...)` (and `mapply`'s function): the element becomes f's value.
    Map(DevFn),
    /// `sfilter(..., g)` (and `mfilter`'s condition): only elements g holds
    /// go on.
    Keep(DevFn),
}

/// The statement that makes `out`, a loop's result of kind `kind`, empty
/// before the loop's first turn.
fn emptied(kind: DevTy, out: &str) -> String {
    match kind {
        DevTy::Indices => format!("acc_x_start({out});"),
        DevTy::Locs => format!("set_done({out}, 0);"),
        DevTy::Ints => format!("n_clear({out});"),
        DevTy::Object | DevTy::Cells | DevTy::LocPairs => format!("obj_done({out}, 0);"),
        DevTy::Objects
        | DevTy::Patches
        | DevTy::ObjectTuple
        | DevTy::ObjectPairs
        | DevTy::LocsTuple
        | DevTy::PatchTuple => format!("s_clear({out});"),
        DevTy::Grids => format!("t_clear({out}, nullptr);"),
        DevTy::Grid => format!("g_clear({out});"),
        _ => format!("{out} = 0;"),
    }
}

/// The count of a container's elements: a grid's rows, else its `n`.
fn len_of(kind: DevTy, c: &str) -> String {
    match kind {
        DevTy::Grid => format!("{c}.h"),
        DevTy::ObjectPairs => format!("({c}.n / 2)"),
        _ => format!("{c}.n"),
    }
}

/// The device function of program `k` (kernel index `index`) and the grid
/// slots it uses, or what keeps it on the CPU.
struct Body {
    function: String,
    slots: usize,
    /// The device kind of each value node.
    kinds: BTreeMap<usize, DevTy>,
    /// The nodes known when the program is generated.
    statics: std::collections::BTreeSet<usize>,
    /// The nodes written inside a union chain's loop.
    unioned: std::collections::BTreeSet<usize>,
}

fn program_body(
    plan: &Plan,
    types: &[Ty],
    k: usize,
    index: usize,
    fuse: bool,
) -> Result<Body, String> {
    // The program's nodes in evaluation order (ascending), from the orders
    // made for all programs at once (asking `program_nodes` per program
    // scanned the whole plan each time: 38% of making the device code of
    // the 226 public solvers).
    let mut nodes = plan.program_orders()[k].clone();
    nodes.sort_unstable();
    // Python stops at the first statement that raises in the program's own
    // order. Ascending, a node merged from an earlier program can run before
    // statements that precede it here: a raise of such a node need not be
    // the one Python gives, so it is left to the CPU (`raises_late`), unless
    // none of those statements can raise (`never_raises`).
    let mut raises_late: std::collections::BTreeSet<usize> = {
        let order = &plan.program_orders()[k];
        let position: BTreeMap<usize, usize> =
            order.iter().enumerate().map(|(p, &n)| (n, p)).collect();
        let mut first_later = usize::MAX;
        let mut late = std::collections::BTreeSet::new();
        for &n in nodes.iter().rev() {
            if first_later < position[&n] {
                late.insert(n);
            }
            if !matches!(plan.nodes[n].callee, Operand::Prim(p) if never_raises(p)) {
                first_later = first_later.min(position[&n]);
            }
        }
        late
    };
    let mut vals: BTreeMap<usize, Arg> = BTreeMap::new();
    // The last node reading each node; the nodes a function or items hold
    // live as long as those are read (`holds` below).
    let mut last_use: BTreeMap<usize, usize> = BTreeMap::new();
    for &n in &nodes {
        for op in &plan.nodes[n].args {
            if let Operand::Node(m) = op {
                last_use.insert(*m, n);
            }
        }
        if let Operand::Node(m) = plan.nodes[n].callee {
            last_use.insert(m, n);
        }
    }
    // The nodes that make functions (their type says so: `rbind`, ...,
    // and a branch of two functions).
    let fn_nodes: std::collections::BTreeSet<usize> = nodes
        .iter()
        .copied()
        .filter(|&n| {
            matches!(plan.nodes[n].callee, Operand::Prim(_)) && matches!(types[n], Ty::Func(_))
        })
        .collect();
    // The nodes each node known when the program is generated (a function,
    // items) holds: its arguments and callee, which live as long as it is
    // read (set as the nodes are written: its type need not say so, as
    // for a tuple of the grids functions gave).
    let mut holds: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    let output = &plan.programs[k].output;
    let out_node = match output {
        Operand::Node(m) => Some(*m),
        Operand::Input => None,
        _ => return Err("a constant output".to_owned()),
    };
    // Union chains: their nodes are written where their union is, as one
    // loop. What their nodes read lives until then; the nodes between
    // leave their raises to the CPU, since the chain's own would have come
    // first in the program.
    let chains = if fuse {
        union_chains(plan, &nodes, &fn_nodes, out_node)
    } else {
        BTreeMap::new()
    };
    let in_chain: std::collections::BTreeSet<usize> = chains.values().flatten().copied().collect();
    for (&sink, members) in &chains {
        for &m in members {
            let node = &plan.nodes[m];
            for op in node.args.iter().chain(std::iter::once(&node.callee)) {
                if let Operand::Node(x) = op {
                    if !in_chain.contains(x) {
                        let l = last_use.entry(*x).or_insert(sink);
                        *l = (*l).max(sink);
                    }
                }
            }
        }
        if members.iter().any(|m| raises_late.contains(m)) {
            raises_late.insert(sink);
        }
        let between: Vec<usize> = nodes
            .iter()
            .copied()
            .filter(|&q| {
                q > members[0] && q < sink && !in_chain.contains(&q) && !fn_nodes.contains(&q)
            })
            .collect();
        raises_late.extend(between);
    }
    let mut absent = Absent::find(plan, &nodes, &in_chain, &fn_nodes, out_node);
    let mut em = Emitter::new();
    let mut slot_of: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for &n in &nodes {
        if in_chain.contains(&n) {
            continue;
        }
        let body_from = em.body.len();
        let node = &plan.nodes[n];
        absent.guard_reader(&mut em, n);
        let mut args: Vec<Arg> = Vec::with_capacity(node.args.len());
        // (A chain's union reads its chain's operands, not its own.)
        for op in node.args.iter().filter(|_| !chains.contains_key(&n)) {
            args.push(arg_of(op, &vals)?);
        }
        let stat = match node.callee {
            Operand::Prim(p) if !chains.contains_key(&n) => em.static_call(p, &args)?,
            _ => None,
        };
        let stat_made = stat.is_some();
        let absent_args = absent.involves(n).then(|| args.clone());
        let call_from = em.body.len();
        let result = match node.callee {
            _ if chains.contains_key(&n) => {
                let (e, t) = chain_call(&mut em, plan, &vals, &chains[&n], n)?;
                Arg::Val(e, t)
            }
            // A value read from items is copied: what it names may be
            // another node's, freed before this one's last reader.
            _ if stat.is_some() => match stat.unwrap() {
                Arg::Val(e, t) => {
                    let name = em.value(t, false)?;
                    em.copy(&name, t, &e);
                    Arg::Val(name, t)
                }
                r => {
                    em.hold_captured(&r);
                    r
                }
            },
            Operand::Prim(p) if fn_nodes.contains(&n) => Arg::Fn(em.make_fn(p, args)?),
            Operand::Prim(p) => {
                let (e, t) = em.call(p, &args, false)?;
                Arg::Val(e, t)
            }
            Operand::Node(m) => match vals.get(&m) {
                Some(Arg::Fn(f)) => {
                    let f = f.clone();
                    // The call's temporaries are scratch; its result is kept,
                    // and so are the temporaries a function it gives holds.
                    match em.call_fn(&f, &args)? {
                        Arg::Val(e, t) => {
                            let name = em.value(t, false)?;
                            em.copy(&name, t, &e);
                            Arg::Val(name, t)
                        }
                        r => {
                            em.hold_captured(&r);
                            r
                        }
                    }
                }
                _ => return Err("a call of a function value".to_owned()),
            },
            Operand::Fused(fused) => {
                let (e, t) = fused_call(&mut em, fused, &args)?;
                Arg::Val(e, t)
            }
            _ => return Err("a call of a function value".to_owned()),
        };
        if let Some(args) = &absent_args {
            absent.wrap_reader(&mut em, n, call_from, args, &result);
            absent.wrap_maker(&mut em, n, call_from, args, stat_made, &result);
        }
        if !matches!(result, Arg::Val(..)) {
            let held: Vec<usize> = node
                .args
                .iter()
                .chain(std::iter::once(&node.callee))
                .filter_map(|op| match op {
                    Operand::Node(m) => Some(*m),
                    _ => None,
                })
                .collect();
            // What it holds, and what that holds in turn, is read until
            // its last reader (none of it is freed before this node's end).
            if let Some(&until) = last_use.get(&n) {
                let mut seen = std::collections::BTreeSet::new();
                let mut stack = held.clone();
                while let Some(m) = stack.pop() {
                    if !seen.insert(m) {
                        continue;
                    }
                    let l = last_use.entry(m).or_insert(until);
                    *l = (*l).max(until);
                    stack.extend(holds.get(&m).into_iter().flatten());
                }
            }
            holds.insert(n, held);
        }
        if raises_late.contains(&n) {
            // This node's raises become the CPU's to name (see `raises_late`).
            let code = em.body.split_off(body_from);
            em.body
                .push_str(&code.replace("return WHOLE_DEOPT;", "return whole_left();"));
        }
        em.end_node();
        let mut kept: Vec<usize> = std::mem::take(&mut em.held);
        kept.extend(em.kept.take());
        if !kept.is_empty() {
            slot_of.insert(n, kept);
        }
        vals.insert(n, result);
        // Slots whose last reader is this node (or nobody) are free again.
        let mut done: Vec<usize> = node
            .args
            .iter()
            .chain(std::iter::once(&node.callee))
            .filter_map(|op| match op {
                Operand::Node(m) if last_use.get(m) == Some(&n) && Some(*m) != out_node => Some(*m),
                _ => None,
            })
            .collect();
        // Captured nodes whose function was last read here.
        let captured: Vec<usize> = last_use
            .iter()
            .filter(|&(m, &l)| l == n && Some(*m) != out_node)
            .map(|(m, _)| *m)
            .collect();
        done.extend(captured);
        if !last_use.contains_key(&n) && Some(n) != out_node {
            done.push(n);
        }
        done.sort_unstable();
        done.dedup();
        for m in done {
            if let Some(s) = slot_of.remove(&m) {
                em.free.extend(s);
            }
        }
    }
    let out = match out_node {
        None => "&I".to_owned(),
        Some(m) => match vals.get(&m) {
            Some(Arg::Val(e, DevTy::Grid)) => format!("&{e}"),
            Some(Arg::Val(_, t)) => return Err(format!("an output of kind {}", ty_name(*t))),
            Some(_) => return Err("a function as output".to_owned()),
            None => return Err("an output of another program".to_owned()),
        },
    };
    let mut f = String::new();
    let _ = writeln!(
        f,
        "// {} ({})\n__device__ __noinline__ int whole_p{index}(const G& I, V* s, int* aux, const G** out) {{",
        plan.programs[k].name, plan.programs[k].task_id
    );
    f.push_str("    (void)aux;\n");
    f.push_str(&em.locals);
    f.push_str(&em.body);
    let _ = writeln!(f, "    *out = {out};\n    return WHOLE_OK;\n}}\n");
    let kinds = vals
        .iter()
        .filter_map(|(n, a)| match a {
            Arg::Val(_, t) => Some((*n, *t)),
            _ => None,
        })
        .collect();
    let statics = vals
        .iter()
        .filter(|(_, a)| !matches!(a, Arg::Val(..)))
        .map(|(n, _)| *n)
        .collect();
    Ok(Body {
        function: f,
        slots: em.slots,
        kinds,
        statics,
        unioned: in_chain,
    })
}

/// The error the reference raises where a primitive reads the empty tuple
/// at argument `at`, as the numbers of a location: `a[0]` of `()` is an
/// IndexError, `i, j = ()` a ValueError, `max(())` a ValueError and
/// `next(iter(()))` StopIteration. `None` where it may go on with it
/// (`astuple`, `initset`, `equality`, `toivec`, `canvas`'s colour, `shift`
/// of an empty patch, ...).
fn raise_on_empty_tuple(p: Prim, at: usize) -> Option<&'static str> {
    use Prim as P;
    match p {
        P::add
        | P::subtract
        | P::multiply
        | P::divide
        | P::increment
        | P::decrement
        | P::double
        | P::halve
        | P::invert
        | P::crement
        | P::sign
        | P::shoot
        | P::crop
        | P::dneighbors
        | P::ineighbors
        | P::neighbors
        | P::vfrontier
        | P::hfrontier => Some("WHOLE_RAISE_INDEX"),
        P::canvas if at == 1 => Some("WHOLE_RAISE_INDEX"),
        P::connect | P::index | P::last | P::maximum | P::minimum => Some("WHOLE_RAISE_VALUE"),
        P::first => Some("WHOLE_RAISE_STOP"),
        _ => None,
    }
}

/// Primitives that raise on no arguments a checked program can give them:
/// the makers of functions (lambdas, and `rbind`/`lbind` reading their
/// function's arity), `vline`/`hline` (`height(p) == len(p) and width(p)
/// == 1`, 0 for an empty patch), and a few of plain Python operators.
fn never_raises(p: Prim) -> bool {
    use Prim as P;
    matches!(
        p,
        P::rbind
            | P::lbind
            | P::compose
            | P::chain
            | P::fork
            | P::matcher
            | P::vline
            | P::hline
            | P::identity
            | P::astuple
            | P::initset
            | P::equality
            | P::toivec
            | P::tojvec
            | P::flip
            | P::both
            | P::either
            | P::branch
    )
}

/// The primitives that give the empty tuple for an empty patch: its
/// corners and its centre of mass (`tuple(map(min, zip()))`).
fn makes_empty_tuple(p: Prim) -> bool {
    use Prim as P;
    matches!(
        p,
        P::ulcorner | P::urcorner | P::llcorner | P::lrcorner | P::centerofmass
    )
}

/// A value the device holds no representation of, made by a statement
/// that the CPU would otherwise have to run from there.
#[derive(Clone, Copy, Debug, PartialEq)]
enum AbsentKind {
    /// The empty tuple: a corner or the centre of mass of an empty patch
    /// (`tuple(map(min, zip()))`).
    EmptyTuple,
    /// `None`: `index` of a location outside the grid.
    NoneValue,
    /// `hsplit` or `vsplit` into pieces of two shapes (where the width is
    /// not n pieces and their gaps).
    RaggedSplit,
}

/// What the first reader of an absent value does with it.
#[derive(Clone, Copy, Debug, PartialEq)]
enum OnAbsent {
    /// It raises this error (`raise_on_empty_tuple`).
    Raise(&'static str),
    /// It gives its argument `keep` as it is: `remove((), container)`
    /// (no element equals the empty tuple), and `shift(patch, ())` of an
    /// empty patch, which raises (ValueError, `di, dj = ()`) for any other
    /// (`raise_unless_empty`).
    Keep {
        keep: usize,
        raise_unless_empty: bool,
    },
    /// It gives this number: `equality(None, n)` is False.
    Give(&'static str),
    /// It reads the first piece only (`first` of a ragged split), which
    /// the maker keeps alone.
    FirstPiece,
}

/// How a primitive reads an absent value at argument `at`, where the
/// device can follow it.
fn on_absent(kind: AbsentKind, p: Prim, at: usize) -> Option<OnAbsent> {
    match (kind, p, at) {
        (AbsentKind::EmptyTuple, Prim::remove, 0) => Some(OnAbsent::Keep {
            keep: 1,
            raise_unless_empty: false,
        }),
        (AbsentKind::EmptyTuple, Prim::shift, 1) => Some(OnAbsent::Keep {
            keep: 0,
            raise_unless_empty: true,
        }),
        (AbsentKind::EmptyTuple, _, _) => raise_on_empty_tuple(p, at).map(OnAbsent::Raise),
        (AbsentKind::NoneValue, Prim::equality, _) => Some(OnAbsent::Give("0")),
        (AbsentKind::NoneValue, _, _) => None,
        (AbsentKind::RaggedSplit, Prim::first, 0) => Some(OnAbsent::FirstPiece),
        (AbsentKind::RaggedSplit, _, _) => None,
    }
}

/// Statements whose value may be absent (`AbsentKind`) and whose first
/// reader (as written: the nodes ascend) is a call of a primitive that
/// raises on it, or whose only reader goes on without it (`on_absent`),
/// so that no other reader ever sees it. A flag per such node (`none{n}`)
/// stands for the absent value from the statement that makes it to that
/// reader. Any other absent value is left to the CPU where it is made, as
/// before.
struct Absent {
    /// By node: its first reader and what that does.
    makers: BTreeMap<usize, (usize, OnAbsent)>,
    /// By node: the primitive that makes it.
    prims: BTreeMap<usize, Prim>,
}

impl Absent {
    fn find(
        plan: &Plan,
        nodes: &[usize],
        in_chain: &std::collections::BTreeSet<usize>,
        fn_nodes: &std::collections::BTreeSet<usize>,
        out_node: Option<usize>,
    ) -> Absent {
        use Prim as P;
        // Each node's readers, in the order they run (one pass, not one
        // per maker).
        let mut readers_of: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
        for &r in nodes {
            let node = &plan.nodes[r];
            let mut read: Vec<usize> = std::iter::once(&node.callee)
                .chain(&node.args)
                .filter_map(|op| match op {
                    Operand::Node(m) => Some(*m),
                    _ => None,
                })
                .collect();
            read.sort_unstable();
            read.dedup();
            for m in read {
                readers_of.entry(m).or_default().push(r);
            }
        }
        let mut makers = BTreeMap::new();
        for &n in nodes {
            let kind = match plan.nodes[n].callee {
                Operand::Prim(p) if makes_empty_tuple(p) => AbsentKind::EmptyTuple,
                Operand::Prim(P::index) => AbsentKind::NoneValue,
                Operand::Prim(P::hsplit | P::vsplit) => AbsentKind::RaggedSplit,
                _ => continue,
            };
            if in_chain.contains(&n) {
                continue;
            }
            let readers = readers_of.get(&n).map_or(&[][..], Vec::as_slice);
            if Some(n) == out_node {
                continue;
            }
            let Some(&r) = readers.first() else { continue };
            if in_chain.contains(&r) || fn_nodes.contains(&r) {
                continue;
            }
            let Operand::Prim(q) = plan.nodes[r].callee else {
                continue;
            };
            let read: Vec<Option<OnAbsent>> = plan.nodes[r]
                .args
                .iter()
                .enumerate()
                .filter(|(_, a)| **a == Operand::Node(n))
                .map(|(at, _)| on_absent(kind, q, at))
                .collect();
            // Read once, or raising the same error wherever it is read.
            let how = match read[..] {
                [Some(how @ OnAbsent::Raise(_)), ..] if read.iter().all(|k| *k == Some(how)) => how,
                // A reader that goes on must be the only one: a later
                // reader would see the value that is not there.
                [Some(how)] if readers.len() == 1 => how,
                _ => continue,
            };
            makers.insert(n, (r, how));
        }
        // A reader follows one value that goes on.
        let going_on = |r: usize, makers: &BTreeMap<usize, (usize, OnAbsent)>| {
            makers
                .values()
                .filter(|(q, how)| *q == r && !matches!(how, OnAbsent::Raise(_)))
                .count()
                > 1
        };
        let shared: Vec<usize> = makers
            .iter()
            .filter(|(_, (r, _))| going_on(*r, &makers))
            .map(|(m, _)| *m)
            .collect();
        for m in shared {
            makers.remove(&m);
        }
        let prims = makers
            .keys()
            .filter_map(|&n| match plan.nodes[n].callee {
                Operand::Prim(p) => Some((n, p)),
                _ => None,
            })
            .collect();
        Absent { makers, prims }
    }

    /// Whether node `n` makes an absent value or is the first reader of one.
    fn involves(&self, n: usize) -> bool {
        self.makers.contains_key(&n) || self.makers.values().any(|(r, _)| *r == n)
    }

    /// Before reader `n`'s call: the errors it raises for absent values.
    fn guard_reader(&self, em: &mut Emitter, n: usize) {
        let raised: Vec<(usize, &str)> = self
            .makers
            .iter()
            .filter_map(|(m, (r, how))| match how {
                OnAbsent::Raise(kind) if *r == n => Some((*m, *kind)),
                _ => None,
            })
            .collect();
        if let Some((_, kind)) = raised.first() {
            let any: Vec<String> = raised.iter().map(|(m, _)| format!("none{m}")).collect();
            em.line(&format!(
                "if ({}) {{ raises({kind}); return WHOLE_DEOPT; }}",
                any.join(" || ")
            ));
        }
    }

    /// After reader `n`'s call (its code from `call_from`): the value it
    /// gives for an absent one, in place of the call.
    fn wrap_reader(
        &self,
        em: &mut Emitter,
        n: usize,
        call_from: usize,
        args: &[Arg],
        result: &Arg,
    ) {
        // `Absent::find` keeps one value that goes on per reader.
        let Some((m, how)) = self.makers.iter().find_map(|(m, (r, how))| {
            (*r == n && !matches!(how, OnAbsent::Raise(_) | OnAbsent::FirstPiece))
                .then_some((*m, *how))
        }) else {
            return;
        };
        let instead = Self::instead(how, args, result, em);
        let code = em.body.split_off(call_from);
        let Some(lines) = instead else {
            em.line(&format!("if (none{m}) return WHOLE_DEOPT;"));
            em.body.push_str(&code);
            return;
        };
        em.line(&format!("if (none{m}) {{"));
        for l in lines {
            em.line(&format!("    {l}"));
        }
        em.line("} else {");
        em.body.push_str(&code);
        em.line("}");
    }

    /// The lines a reader runs in place of its call where the value it
    /// reads is absent (`None` where it cannot follow it).
    fn instead(how: OnAbsent, args: &[Arg], result: &Arg, em: &mut Emitter) -> Option<Vec<String>> {
        let Arg::Val(r, t) = result else {
            return None;
        };
        let arg = |at: usize| match args.get(at) {
            Some(Arg::Val(e, te)) if te == t => Some(e.clone()),
            _ => None,
        };
        // A copy's lines, written apart (the emitter writes them at its body's end).
        let copy = |em: &mut Emitter, from: &str| {
            let at = em.body.len();
            let depth = std::mem::replace(&mut em.depth, 0);
            em.copy(r, *t, from);
            em.depth = depth;
            em.body
                .split_off(at)
                .lines()
                .map(str::to_owned)
                .collect::<Vec<String>>()
        };
        match how {
            OnAbsent::Keep {
                keep,
                raise_unless_empty,
            } if matches!(t, DevTy::Indices | DevTy::Object) => {
                let e = arg(keep)?;
                let mut lines = Vec::new();
                if raise_unless_empty {
                    lines.push(format!(
                        "if ({e}.n != 0) {{ raises(WHOLE_RAISE_VALUE); return WHOLE_DEOPT; }}"
                    ));
                }
                lines.extend(copy(em, &e));
                Some(lines)
            }
            OnAbsent::Give(value) if *t == DevTy::Int => Some(copy(em, value)),
            _ => None,
        }
    }

    /// After maker `n`'s call (its code from `from`): the flag, and the
    /// call only where the value is there. A maker whose arguments are
    /// not as expected is left as it was (its reader then never sees the
    /// flag).
    fn wrap_maker(
        &mut self,
        em: &mut Emitter,
        n: usize,
        from: usize,
        args: &[Arg],
        stat: bool,
        result: &Arg,
    ) {
        if !self.makers.contains_key(&n) {
            return;
        }
        let prim = self.prims.get(&n).copied();
        let absent = match args {
            _ if stat => None,
            // A split into pieces of two shapes keeps its first piece alone.
            [Arg::Val(g, DevTy::Grid), Arg::Val(k, DevTy::Int)]
                if matches!(prim, Some(Prim::hsplit | Prim::vsplit)) =>
            {
                let columns = prim == Some(Prim::hsplit);
                let full = format!("{g}.{}", if columns { "w" } else { "h" });
                let Arg::Val(out, DevTy::Grids) = result else {
                    self.makers.remove(&n);
                    return;
                };
                let code = em.body.split_off(from);
                em.line(&format!(
                    "if ({k} >= 1 && ({k} > {full} || ({full} / {k} + ({full} % {k} != 0)) * ({k} - 1) + {full} / {k} > {full})) {{"
                ));
                em.line(&format!(
                    "    if (!d_split_first({out}, {g}, {k}, {columns})) return WHOLE_DEOPT;"
                ));
                em.line("} else {");
                em.body.push_str(&code);
                em.line("}");
                return;
            }
            [Arg::Val(e, DevTy::Indices | DevTy::Object | DevTy::Locs)] => {
                Some(format!("{e}.n == 0"))
            }
            [Arg::Val(g, DevTy::Grid), Arg::Val(l, DevTy::Pair)] => Some(format!(
                "ok_grid({g}) && ({l}.a < 0 || {l}.a >= {g}.h || {l}.b < 0 || {l}.b >= {g}.w)"
            )),
            _ => None,
        };
        let Some(absent) = absent else {
            self.makers.remove(&n);
            return;
        };
        let code = em.body.split_off(from);
        em.locals.push_str(&format!("    bool none{n} = false;\n"));
        em.line(&format!("none{n} = {absent};"));
        em.line(&format!("if (!none{n}) {{"));
        em.body.push_str(&code);
        em.line("}");
    }
}

/// A node's operand as the generator holds it.
fn arg_of(op: &Operand, vals: &BTreeMap<usize, Arg>) -> Result<Arg, String> {
    Ok(match op {
        Operand::Input => Arg::Val("I".to_owned(), DevTy::Grid),
        Operand::Node(m) => vals
            .get(m)
            .cloned()
            .ok_or_else(|| "a node of another program".to_owned())?,
        Operand::Const(c) => crate::constants::constant(c)
            .as_ref()
            .and_then(literal)
            .map(|(e, t)| Arg::Val(e, t))
            .ok_or_else(|| format!("the constant {c}"))?,
        Operand::Prim(p) => Arg::Fn(DevFn::Prim(*p)),
        Operand::Fused(_) => return Err("a fused call".to_owned()),
    })
}

/// A program's union chains, by the node that ends each (`merge`,
/// `mfilter` or `mapply`): its other nodes, source first. A chain's
/// source is a `prapply` or a `product`, and between them and the union
/// only `apply`s and `sfilter`s; each node but the union is read once, by
/// the next, and is not the output. The union of what the source gives
/// through the stages needs no set of those values (a product of a grid's
/// cells with themselves holds more pairs than a slot, where the union of
/// the lines between them fits: `solve_dbc1a6ce`).
fn union_chains(
    plan: &Plan,
    nodes: &[usize],
    fn_nodes: &std::collections::BTreeSet<usize>,
    out_node: Option<usize>,
) -> BTreeMap<usize, Vec<usize>> {
    use Prim as P;
    let mut readers: BTreeMap<usize, usize> = BTreeMap::new();
    for &n in nodes {
        let node = &plan.nodes[n];
        for op in node.args.iter().chain(std::iter::once(&node.callee)) {
            if let Operand::Node(m) = op {
                *readers.entry(*m).or_default() += 1;
            }
        }
    }
    let once =
        |m: usize| readers.get(&m) == Some(&1) && Some(m) != out_node && !fn_nodes.contains(&m);
    let mut chains = BTreeMap::new();
    for &n in nodes {
        let node = &plan.nodes[n];
        let mut at = match (&node.callee, &node.args[..]) {
            (Operand::Prim(P::merge), [Operand::Node(m)])
            | (Operand::Prim(P::mfilter), [Operand::Node(m), _])
            | (Operand::Prim(P::mapply), [_, Operand::Node(m)]) => *m,
            _ => continue,
        };
        let mut members = Vec::new();
        let found = loop {
            if !once(at) {
                break false;
            }
            members.push(at);
            let node = &plan.nodes[at];
            match (&node.callee, &node.args[..]) {
                (Operand::Prim(P::apply), [_, Operand::Node(m)])
                | (Operand::Prim(P::sfilter), [Operand::Node(m), _]) => at = *m,
                (Operand::Prim(P::prapply), [_, _, _]) | (Operand::Prim(P::product), [_, _]) => {
                    break true
                }
                _ => break false,
            }
        };
        if found {
            members.reverse();
            chains.insert(n, members);
        }
    }
    chains
}

/// The union chain ending in node `sink` ([`union_chains`]) as one loop.
fn chain_call(
    em: &mut Emitter,
    plan: &Plan,
    vals: &BTreeMap<usize, Arg>,
    members: &[usize],
    sink: usize,
) -> Result<(String, DevTy), String> {
    use Prim as P;
    let function = |op: &Operand, arity: usize| match arg_of(op, vals)? {
        Arg::Fn(f) if f.arity() == arity => Ok(f),
        _ => Err("a union chain of a function value".to_owned()),
    };
    let value = |op: &Operand| match arg_of(op, vals)? {
        Arg::Val(e, t) if t != DevTy::Colors => Ok((e, t)),
        _ => Err("a union chain over a function or colours".to_owned()),
    };
    let first = &plan.nodes[members[0]];
    let source = match (&first.callee, &first.args[..]) {
        (Operand::Prim(P::prapply), [f, a, b]) => {
            Source::Prapply(function(f, 2)?, value(a)?, value(b)?)
        }
        (Operand::Prim(P::product), [a, b]) => Source::Pairs(value(a)?, value(b)?),
        _ => return Err("a union chain's source".to_owned()),
    };
    let mut stages = Vec::with_capacity(members.len());
    for &m in members[1..].iter().chain(std::iter::once(&sink)) {
        let node = &plan.nodes[m];
        match (&node.callee, &node.args[..]) {
            (Operand::Prim(P::apply | P::mapply), [f, _]) => {
                stages.push(Stage::Map(function(f, 1)?))
            }
            (Operand::Prim(P::sfilter | P::mfilter), [_, g]) => {
                stages.push(Stage::Keep(function(g, 1)?))
            }
            (Operand::Prim(P::merge), [_]) => {}
            _ => return Err("a union chain's stage".to_owned()),
        }
    }
    em.union_loop(&source, &stages, false)
}

/// A fused call (`crate::fuse`) written as the calls it stands for, whose
/// results and errors it gives: a chain of applies as its stages; a
/// collected apply as the apply (a set's results made a set, which a union
/// reads as it reads the collection); a union or a filtered union of a
/// collection as `merge` or `mfilter` of the apply's value.
fn fused_call(em: &mut Emitter, fused: Fused, args: &[Arg]) -> Result<(String, DevTy), String> {
    use Prim as P;
    let value = |a: Arg| match a {
        Arg::Val(e, t) => Ok((e, t)),
        _ => Err("a fused call giving a function".to_owned()),
    };
    match (fused, args) {
        (Fused::ApplyChain { merge }, [stages @ .., container]) if !stages.is_empty() => {
            let mut current = container.clone();
            for (i, f) in stages.iter().enumerate() {
                let last = i + 1 == stages.len();
                let prim = if last && merge { P::mapply } else { P::apply };
                // Every stage but the last is the node's scratch.
                let (e, t) = em.call(prim, &[f.clone(), current], !last)?;
                current = Arg::Val(e, t);
            }
            value(current)
        }
        (Fused::Collect, [f, x]) => em.call(P::apply, &[f.clone(), x.clone()], false),
        (Fused::Union { filter: false, .. }, [collected, ..]) => {
            em.call(P::merge, std::slice::from_ref(collected), false)
        }
        (Fused::Union { filter: true, .. }, [collected, .., g]) => {
            em.call(P::mfilter, &[collected.clone(), g.clone()], false)
        }
        _ => Err("a fused call".to_owned()),
    }
}

/// Whether `p` called on `args` makes a function ([`function_of`]):
/// `branch` does when it chooses between functions.
fn makes_function(p: Prim, args: &[Arg]) -> bool {
    use Prim as P;
    match p {
        P::rbind | P::lbind | P::compose | P::chain | P::fork | P::matcher | P::power => true,
        P::branch => args.iter().skip(1).any(|a| matches!(a, Arg::Fn(_))),
        _ => false,
    }
}

/// The values an argument holds: its own, or those its functions and
/// items hold fixed.
fn captured_arg(a: &Arg, out: &mut Vec<String>) {
    match a {
        Arg::Val(e, _) => out.push(e.clone()),
        Arg::Fn(g) => captured(g, out),
        Arg::Items(items, _) => items.iter().for_each(|i| captured_arg(i, out)),
        Arg::Pick(at, items) => {
            out.push(at.clone());
            items.iter().for_each(|i| captured_arg(i, out));
        }
    }
}

/// The values a known function holds fixed (its captured values).
fn captured(f: &DevFn, out: &mut Vec<String>) {
    let arg = captured_arg;
    match f {
        DevFn::Prim(_) => {}
        DevFn::Bind { f, fixed, .. } => {
            captured(f, out);
            arg(fixed, out);
        }
        DevFn::Compose(fs) => fs.iter().for_each(|g| captured(g, out)),
        DevFn::Fork(o, a, b) => [o, a, b].iter().for_each(|g| captured(g, out)),
        DevFn::Matcher(g, target) => {
            captured(g, out);
            arg(target, out);
        }
        DevFn::Either(cond, a, b) => {
            out.push(cond.clone());
            captured(a, out);
            captured(b, out);
        }
        DevFn::Power(g, n) => {
            captured(g, out);
            out.push(n.clone());
        }
        DevFn::Pick(at, fs) => {
            out.push(at.clone());
            fs.iter().for_each(|g| captured(g, out));
        }
    }
}

/// The slot a value's expression names (`s[3].x`), if any.
fn slot_named(e: &str) -> Option<usize> {
    let rest = e.strip_prefix("s[")?;
    rest[..rest.find(']')?].parse().ok()
}

/// A count written as a literal (`4LL`) from 1 to 16: `power` of it is the
/// function composed that many times, `repeat` of a function that many
/// items (anything else is known only when the program runs).
fn small_literal(n: &str) -> Option<usize> {
    n.strip_suffix("LL")
        .and_then(|n| n.parse::<usize>().ok())
        .filter(|n| (1..=16).contains(n))
}

/// The function a function-making node builds, from its arguments.
fn function_of(p: Prim, args: Vec<Arg>) -> Result<DevFn, String> {
    use Prim as P;
    let func = |a: &Arg| match a {
        Arg::Fn(f) => Ok(f.clone()),
        _ => Err(format!("{} of a value", p.name())),
    };
    Ok(match (p, args.as_slice()) {
        (P::rbind | P::lbind, [f, fixed]) => {
            let f = func(f)?;
            if f.arity() < 2 {
                return Err(format!("{} of a function of one argument", p.name()));
            }
            DevFn::Bind {
                right: p == P::rbind,
                f: Box::new(f),
                fixed: Box::new(fixed.clone()),
            }
        }
        (P::compose, [outer, inner]) => DevFn::Compose(vec![func(outer)?, func(inner)?]),
        (P::chain, [h, g, f]) => DevFn::Compose(vec![func(h)?, func(g)?, func(f)?]),
        (P::fork, [outer, a, b]) => DevFn::Fork(
            Box::new(func(outer)?),
            Box::new(func(a)?),
            Box::new(func(b)?),
        ),
        (P::matcher, [f, target]) => DevFn::Matcher(Box::new(func(f)?), Box::new(target.clone())),
        (P::branch, [Arg::Val(cond, DevTy::Int), a, b]) => {
            let (a, b) = (func(a)?, func(b)?);
            if a.arity() != b.arity() {
                return Err("branch of functions of different arities".to_owned());
            }
            DevFn::Either(cond.clone(), Box::new(a), Box::new(b))
        }
        // power(f, n) of a literal n in 1..=16: f composed n times; of
        // another count, a loop (the reference recurses without end for
        // n < 1). `power(f, 1)` is `f` of any arity: only functions of one
        // argument here.
        (P::power, [f, Arg::Val(n, DevTy::Int)]) => {
            let f = func(f)?;
            if f.arity() != 1 {
                return Err("power of a function of more than one argument".to_owned());
            }
            match small_literal(n) {
                Some(k) => DevFn::Compose(vec![f; k]),
                None => DevFn::Power(Box::new(f), n.clone()),
            }
        }
        _ => return Err(format!("{} of these arguments", p.name())),
    })
}

/// How long one evaluation may run on the device's first pass before it
/// is left (status `WHOLE_OVERTIME`), in microseconds
/// (`BATTGEN_WHOLE_DEADLINE_US`; 0: no limit). A warp is some 40 times
/// slower than a CPU thread on the same evaluation, and a module's kernel
/// lasts as long as its slowest evaluation: without a limit, single
/// evaluations of 20-50 ms held their modules (one H200, the 226 public
/// solvers with device code: 74-75 ms in all, against 60-63 ms with 2 ms
/// and 66-67 ms with 1 ms, where the CPU reran more).
pub const DEADLINE_US: u64 = 2000;

/// The deadline of the second pass, over the evaluations the first left
/// at its deadline, in microseconds (`BATTGEN_WHOLE_LATE_US`; 0: no second
/// pass). The CPU reran those evaluations, and it was the longer side: the
/// 373 public solvers with device code alone on one H200 took 0.38-0.39 s
/// against 0.60-0.63 s on its 16 threads, the CPU rerunning for 0.27 s
/// after the device's last results. With the second pass on four streams,
/// 0.25-0.26 s (16 ms: 0.28-0.29 s, 32 ms: 0.25-0.27 s). A single pass
/// with a longer deadline holds each module for its slowest evaluation
/// instead (16 ms: 0.27-0.29 s; 64 ms: 0.35 s). That was 64 ms; since
/// then the device runs most evaluations within the first deadline and the
/// CPU takes those still deferred when it idles, and on two H200s (32
/// threads) the second pass's slowest evaluations ended the device's run:
/// 64 ms 0.145-0.148 s, 32 ms 0.122-0.127 s, 16 ms 0.113-0.123 s (one GPU
/// 0.178-0.199, 0.174-0.178 and 0.164-0.169 s). Where one GPU has 32 CPU
/// threads, none is faster (0.090-0.093 s against 0.110-0.111 s at 16 ms:
/// the threads rerun what the first pass leaves sooner); with 16 threads
/// per GPU it wins (one H200 on 16 cores: 0.110-0.111 s against
/// 0.132-0.140 s without; thirty-seventh session's BENCHMARKS.md).
pub const LATE_US: u64 = 16_000;

/// A knob in microseconds from the environment, else `default`.
fn micros(key: &str, default: u64) -> u64 {
    std::env::var(key)
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
        .unwrap_or(default)
}

/// The deadlines of the first and the second pass, in nanoseconds (0:
/// none; no second pass).
pub fn deadlines_ns() -> (u64, u64) {
    (
        micros("BATTGEN_WHOLE_DEADLINE_US", DEADLINE_US) * 1000,
        micros("BATTGEN_WHOLE_LATE_US", LATE_US) * 1000,
    )
}

/// The most objects in a set and locations in a set a program keeps on
/// the device (1022 and 8192, `WHOLE_OBJS` and `WHOLE_LOCS` in whole.cuh:
/// all a slot has room for), where `BATTGEN_WHOLE_OBJS` or
/// `BATTGEN_WHOLE_LOCS` set them lower, as `#define`s before the prelude;
/// and the other knobs for measuring:
/// `BATTGEN_WHOLE_ACC_LIST=N` (location accumulators become bit maps past
/// N keys, 1024; over 4096 they stay lists, as before the bit maps);
/// `BATTGEN_WHOLE_SCHEDULE=static` (warps take evaluations in a fixed
/// turn, not from a counter) or `given` (from the counter, each program's
/// inputs in their given order, not largest first).
fn limits() -> String {
    let mut s = String::new();
    for (var, name, room) in [
        ("BATTGEN_WHOLE_OBJS", "WHOLE_OBJS", 1022),
        ("BATTGEN_WHOLE_LOCS", "WHOLE_LOCS", 8192),
        ("BATTGEN_WHOLE_ACC_LIST", "WHOLE_ACC_LIST", 8192),
        // Never past the CPU's own limit on a product (it fails there).
        (
            "BATTGEN_WHOLE_UNION_TURNS",
            "WHOLE_UNION_TURNS",
            crate::budget::MAX_ELEMENTS,
        ),
    ] {
        if let Some(n) = std::env::var(var)
            .ok()
            .and_then(|v| v.parse::<usize>().ok())
        {
            let _ = writeln!(s, "#define {name} {}", n.clamp(1, room));
        }
    }
    match std::env::var("BATTGEN_WHOLE_SCHEDULE").as_deref() {
        Ok("static") => s.push_str("#define WHOLE_STATIC\n"),
        Ok("given") => s.push_str("#define WHOLE_GIVEN_ORDER\n"),
        _ => {}
    }
    s
}

/// Module `index`'s part of the source: the functions of programs
/// `first..first + len` and the module's evaluation and kernel.
fn module_part(bodies: &str, index: usize, first: usize, len: usize, slots: usize) -> String {
    let mut s = String::with_capacity(bodies.len() + 4096);
    let _ = writeln!(
        s,
        "// ----- generated: module {index}, one function per program -------------\n"
    );
    s.push_str(bodies);
    let _ = writeln!(
        s,
        "\
// Evaluation t: program t / n_in on input t % n_in (neighbouring warps run\n\
// one program on neighbouring inputs), in the warp's memory `mem` (the input,\n\
// then the slots) and scratch `aux`. Writes status, height, width and offset\n\
// of t's output (`whole_store`).\n\
__device__ void whole_eval_{index}(I64 t, int n_in, const signed char* in_cells, const int* in_desc,\n\
                           signed char* out_cells, int* out_desc, unsigned long long* used,\n\
                           unsigned long long cap, V* mem, int* aux) {{\n\
    const int p = (int)(t / n_in), i = (int)(t % n_in);\n\
    G& I = mem[0].g;\n\
    V* s = mem + 1;\n\
    const G* out = 0;\n\
    int st = WHOLE_DEOPT;\n\
    if (LANE == 0) {{\n\
        whole_raised[WARP_INDEX] = 0;\n\
        whole_overtime[WARP_INDEX] = 0;\n\
        whole_started[WARP_INDEX] = whole_now();\n\
    }}\n\
    if (whole_load(I, in_cells, in_desc, i)) {{\n\
        switch (p) {{"
    );
    for p in 0..len {
        let _ = writeln!(
            s,
            "        case {p}: st = whole_p{g}(I, s, aux, &out); break;",
            g = first + p
        );
    }
    let _ = writeln!(
        s,
        "        default: break;\n        }}\n    }}\n\
    if (st == WHOLE_OK && !whole_store(*out, out_cells, out_desc, t, used, cap)) st = WHOLE_DEOPT;\n\
    if (LANE == 0) {{\n\
        if (st == WHOLE_DEOPT && whole_raised[WARP_INDEX]) st = whole_raised[WARP_INDEX];\n\
        else if (st == WHOLE_DEOPT && whole_overtime[WARP_INDEX]) st = WHOLE_OVERTIME;\n\
        out_desc[WHOLE_DESC * t] = st;\n\
        const unsigned long long ns = whole_now() - whole_started[WARP_INDEX];\n\
        out_desc[WHOLE_DESC * t + 4] = ns > 0x7fffffffull ? 0x7fffffff : (int)ns;\n\
    }}\n\
    SYNC();\n}}\n\n\
#ifndef BATTGEN_HOST_TEST\n\
// One warp per evaluation; warp w of the launch keeps its values at w times\n\
// its bytes in `scratch` (global memory: the caches hold the cells a value\n\
// uses, where shared memory would reserve every slot's whole capacity).\n\
// Each warp takes the next evaluation no warp has taken (`used[1]` counts\n\
// them): program by program, each program's inputs largest first (their\n\
// order follows the inputs' descriptors), so that the kernel ends on cheap\n\
// evaluations; with WHOLE_STATIC, warp w takes evaluations w, w + warps,\n\
// ... in turn. With a list (the second pass), the evaluations listed, in\n\
// their order. Evaluations past `deadline_ns` (0: none) are left. Where\n\
// `early` is given (mapped host memory), each evaluation left beyond the\n\
// device's limits is written there as it ends (its place + 1, in the order\n\
// `used[2]` counts them), for the host to rerun it while the kernel runs\n\
// (not with WHOLE_STATIC, a knob for measuring).\n\
extern \"C\" __global__ void {KERNEL}_{index}(const signed char* in_cells, const int* in_desc, int n_in,\n\
                                     int n_prog, signed char* out_cells, int* out_desc,\n\
                                     unsigned long long* used, unsigned long long cap,\n\
                                     unsigned char* scratch, const int* list, int listed,\n\
                                     unsigned long long deadline_ns, unsigned int* early) {{\n\
    const int warps = blockDim.x / 32, wid = threadIdx.x / 32;\n\
    const size_t bytes = ({slots} + 1) * sizeof(V) + {AUX_INTS} * sizeof(int);\n\
    unsigned char* base = scratch + ((size_t)blockIdx.x * warps + wid) * bytes;\n\
    V* mem = (V*)base;\n\
    int* aux = (int*)(base + ({slots} + 1) * sizeof(V));\n\
    if (LANE == 0) whole_limit[WARP_INDEX] = deadline_ns;\n\
    const I64 total = listed > 0 ? (I64)listed : (I64)n_in * n_prog;\n\
#ifdef WHOLE_STATIC\n\
    for (I64 t = (I64)blockIdx.x * warps + wid; t < total; t += (I64)gridDim.x * warps)\n\
        whole_eval_{index}(listed > 0 ? (I64)list[t] : t, n_in, in_cells, in_desc, out_cells, out_desc, used, cap, mem, aux);\n\
#else\n\
    for (;;) {{\n\
        unsigned long long t = 0;\n\
        if (LANE == 0) t = atomicAdd(used + 1, 1ull);\n\
        t = warp_first(t);\n\
        if ((I64)t >= total) break;\n\
        if (listed > 0) {{\n\
            whole_eval_{index}((I64)list[t], n_in, in_cells, in_desc, out_cells, out_desc, used, cap, mem, aux);\n\
            continue;\n\
        }}\n\
        const I64 p = (I64)t / n_in;\n\
#ifdef WHOLE_GIVEN_ORDER\n\
        const int i = (int)((I64)t % n_in);\n\
#else\n\
        const int i = in_desc[3 * n_in + (int)((I64)t % n_in)];\n\
#endif\n\
        const I64 e = p * n_in + i;\n\
        whole_eval_{index}(e, n_in, in_cells, in_desc, out_cells, out_desc, used, cap, mem, aux);\n\
        if (early && LANE == 0 && out_desc[WHOLE_DESC * e] == WHOLE_DEOPT)\n\
            early[atomicAdd(used + 2, 1ull)] = (unsigned int)e + 1u;\n\
    }}\n\
#endif\n\
}}\n#endif"
    );
    s
}

/// The inputs as the kernel reads them: cells back to back; per input its
/// offset, height and width; then the inputs' indices, those of the most
/// cells first (ties in their order: the order in which the warps take
/// each program's evaluations).
pub fn pack_inputs(inputs: &[&crate::values::Grid]) -> (Vec<i8>, Vec<i32>) {
    let cells: usize = inputs.iter().map(|g| g.cells().len()).sum();
    let mut flat = Vec::with_capacity(cells);
    let mut desc = Vec::with_capacity(4 * inputs.len());
    for g in inputs {
        desc.extend([flat.len() as i32, g.height() as i32, g.width() as i32]);
        flat.extend_from_slice(g.cells());
    }
    let order = crate::driver::largest_inputs_first(inputs.len(), |i| inputs[i].cells().len());
    desc.extend(order.into_iter().map(|i| i as i32));
    (flat, desc)
}

/// Ints per evaluation in the kernel's output descriptors: status,
/// height, width, offset of the output's cells, nanoseconds the
/// evaluation took (`WHOLE_DESC` in whole.cuh).
pub const OUT_DESC: usize = 5;

/// Nanoseconds evaluation `t` took on the device (its warp's time, from
/// its start to its output written), from the kernel's descriptors.
pub fn desc_nanos(desc: &[i32], t: usize) -> u32 {
    desc.get(OUT_DESC * t + 4).map_or(0, |&ns| ns.max(0) as u32)
}

/// What the device decided for one evaluation.
#[derive(Debug, Clone, PartialEq)]
pub enum Given {
    /// The program's output grid.
    Grid(crate::values::Grid),
    /// The reference raises an error of this class (`first` of an empty
    /// set, `argmax` of nothing, ...).
    Raised(ErrorKind),
}

/// The error class of an evaluation's status (the kernels' `WHOLE_RAISE_*`;
/// 0 is an output, 1 left to the CPU).
pub fn raised_status(status: i32) -> Option<ErrorKind> {
    match status {
        3 => Some(ErrorKind::Value),
        4 => Some(ErrorKind::Index),
        5 => Some(ErrorKind::ZeroDivision),
        6 => Some(ErrorKind::StopIteration),
        7 => Some(ErrorKind::Type),
        _ => None,
    }
}

/// The result of evaluation `t` from the kernel's packed output: a grid or
/// the error raised, or `None` where the device left it to the CPU.
pub fn unpack_output(cells: &[i8], desc: &[i32], t: usize) -> Option<Given> {
    let d = desc.get(OUT_DESC * t..OUT_DESC * (t + 1))?;
    let (st, h, w, at) = (d[0], d[1] as usize, d[2] as usize, d[3] as usize);
    if st != 0 {
        return raised_status(st).map(Given::Raised);
    }
    // No cells: the empty tuple or rows of width 0 (whole.cuh's `g_flat`).
    if w == 0 {
        return Some(Given::Grid(crate::values::Grid::new(h, 0, Vec::new())));
    }
    (h > 0 && w > 0 && h * w <= OUT_CAP && at + h * w <= cells.len()).then(|| {
        Given::Grid(crate::values::Grid::from_cells(
            h,
            w,
            &cells[at..at + h * w],
        ))
    })
}

/// The packed output cells as the host holds them (a vector, or the
/// page-locked buffer they were copied into, returned to its pool on drop).
pub type HostCells = Box<dyn AsRef<[i8]> + Send + Sync>;

/// What one device returned for its evaluations (program-major over its
/// inputs): descriptors and packed cells, decoded by [`unpack_output`].
pub struct WholeOut {
    pub desc: Vec<i32>,
    pub cells: HostCells,
}

impl Default for WholeOut {
    fn default() -> WholeOut {
        WholeOut {
            desc: Vec::new(),
            cells: Box::new(Vec::<i8>::new()),
        }
    }
}

impl std::fmt::Debug for WholeOut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "WholeOut({} evaluations, {} cells)",
            self.len(),
            (*self.cells).as_ref().len()
        )
    }
}

impl WholeOut {
    pub fn len(&self) -> usize {
        self.desc.len() / OUT_DESC
    }
    pub fn is_empty(&self) -> bool {
        self.desc.is_empty()
    }
    pub fn get(&self, t: usize) -> Option<Given> {
        unpack_output((*self.cells).as_ref(), &self.desc, t)
    }
    /// Nanoseconds evaluation `t` took on the device.
    pub fn nanos(&self, t: usize) -> u32 {
        desc_nanos(&self.desc, t)
    }
}

/// One module's results on one device, handed over as soon as its kernel
/// ends (so that the CPU decodes them, and reruns what the device left,
/// while the later modules run): programs `programs` (kernel order) on
/// inputs `inputs`, program-major.
#[derive(Debug)]
pub struct WholePiece {
    pub programs: std::ops::Range<usize>,
    pub inputs: std::ops::Range<usize>,
    pub out: WholeOut,
    /// The second pass's piece: only these evaluations (places in the
    /// piece, program-major) are its results.
    pub only: Option<Vec<u32>>,
    /// Whether the evaluations this piece left at the deadline
    /// ([`WholePiece::overtime`]) come again, in a piece of the second pass.
    pub second_pass: bool,
    /// A piece with no results: `only`'s evaluations, which the first
    /// pass left beyond the device's limits, told while its kernel runs
    /// (the module's own piece, later, leaves them too).
    pub early: bool,
}

/// The status of an evaluation left at its launch's deadline
/// (`WHOLE_OVERTIME` in whole.cuh).
pub const OVERTIME_STATUS: i32 = 2;

impl WholePiece {
    /// Whether the device left program `p` on input `i` at the deadline.
    pub fn overtime(&self, p: usize, i: usize) -> bool {
        self.place(p, i)
            .is_some_and(|t| self.out.desc.get(OUT_DESC * t) == Some(&OVERTIME_STATUS))
    }
    /// How many results the piece holds: all of its evaluations, or the
    /// second pass's list.
    pub fn results(&self) -> usize {
        self.only.as_ref().map_or(self.len(), Vec::len)
    }
    /// The place (program-major) of the piece's result `r`.
    pub fn place_of(&self, r: usize) -> usize {
        self.only.as_ref().map_or(r, |list| list[r] as usize)
    }
    /// Program (kernel order) and input of place `t`.
    pub fn at(&self, t: usize) -> (usize, usize) {
        let per = self.inputs.len().max(1);
        (self.programs.start + t / per, self.inputs.start + t % per)
    }
    /// The device's result of program `p` (kernel order) on input `i`,
    /// both within the piece's ranges.
    pub fn get(&self, p: usize, i: usize) -> Option<Given> {
        self.place(p, i).and_then(|t| self.out.get(t))
    }
    /// Nanoseconds the device took for program `p` on input `i` (as
    /// [`WholePiece::get`]; 0 outside the piece).
    pub fn nanos(&self, p: usize, i: usize) -> u32 {
        self.place(p, i).map_or(0, |t| self.out.nanos(t))
    }
    /// The piece's evaluation of program `p` on input `i`, if it has it.
    fn place(&self, p: usize, i: usize) -> Option<usize> {
        (self.programs.contains(&p) && self.inputs.contains(&i))
            .then(|| (p - self.programs.start) * self.inputs.len() + (i - self.inputs.start))
    }
    /// Evaluations in the piece.
    pub fn len(&self) -> usize {
        self.programs.len() * self.inputs.len()
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
