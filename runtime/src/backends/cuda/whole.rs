//! Whole programs on the device: which programs of a plan can run from
//! input to output on the GPU, and their CUDA source.
//!
//! A program qualifies when every node it runs has a device form
//! ([`form`]): its values are then grids, numbers, pairs, sets of locations
//! and sets of colours that one warp holds (grids and sets in slots of the
//! warp's shared memory, numbers in registers), and the program runs as one
//! warp per input with nothing crossing to the host between nodes: the
//! inputs go up once and the outputs come down once. The device kinds of
//! the values follow from the forms, bottom up from the input grid; they
//! agree with [`crate::types::infer`] (tested).
//!
//! An evaluation whose case the device functions do not cover (a raise, an
//! empty or oversized grid, a colour outside 0..9; see `kernels/whole.cuh`)
//! reports DEOPT and runs on the CPU, so results are the CPU's exactly.
//! Nothing here touches CUDA: it is tested on machines without a GPU, and
//! the generated source is compiled as C++ there (`tests/whole.rs`).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::plan::{Operand, Plan};
use crate::signatures::Prim;
use crate::values::Value;

/// The device functions every generated source starts with.
pub const PRELUDE: &str = include_str!("../../../../kernels/whole.cuh");
/// Cells of one grid value, and of one program output, on the device
/// (`WHOLE_CAP`, `WHOLE_OUT_CAP`). With 2048 and 1024, a third of the
/// evaluations the device left to the CPU on the public solvers' cross run
/// were larger outputs, and they were two thirds of those evaluations' CPU
/// time.
pub const GRID_CAP: usize = 4096;
pub const OUT_CAP: usize = 4096;
/// Name of the kernel in the generated source.
pub const KERNEL: &str = "whole_programs";
/// Most grids and sets one program may hold at once (each slot takes 4 KB
/// of the warp's shared memory); programs that need more stay on the CPU.
pub const MAX_SLOTS: usize = 8;
/// Bytes of one slot on the device (`union V`: a grid, or a set of locations).
pub const GRID_BYTES: usize = 8 + GRID_CAP;
/// Ints of a warp's scratch (`aux`).
pub const AUX_INTS: usize = 128;

/// The kind of a value on the device. Booleans are numbers, as in Python.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DevTy {
    Grid,
    Int,
    Pair,
    /// A set of locations (`Indices`), ascending.
    Indices,
    /// A set of colours (a `palette`), as a bit mask.
    Colors,
}

/// How a node runs on the device: the device function and its result kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Form {
    pub function: &'static str,
    pub result: DevTy,
}

/// The device form of `prim` on arguments of kinds `args`, if any.
pub fn form(prim: Prim, args: &[DevTy]) -> Option<Form> {
    use DevTy::*;
    use Prim as P;
    let f = |function, result| Some(Form { function, result });
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
        (P::add, [Pair, Pair]) => f("d_add_pair", Pair),
        (P::subtract, [Pair, Pair]) => f("d_subtract_pair", Pair),
        (P::double, [Pair]) => f("d_double_pair", Pair),
        (P::halve, [Pair]) => f("d_halve_pair", Pair),
        (P::increment, [Pair]) => f("d_increment_pair", Pair),
        (P::decrement, [Pair]) => f("d_decrement_pair", Pair),
        (P::invert, [Pair]) => f("d_invert_pair", Pair),
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
        // Written inline by the generator (a choice or a copy, never fails).
        (P::branch, [Int, a, b]) if a == b => f("branch", *a),
        (P::identity, [a]) => f("identity", *a),
        _ => None,
    }
}

/// Most programs one generated module holds: each module is its own
/// compile unit and kernel, so neither grows with the battery (as for the
/// emitted Rust, `gen`'s `MAX_PROGRAMS_PER_MODULE`).
pub const MAX_PROGRAMS_PER_MODULE: usize = 48;

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
        format!("{PRELUDE}\n{}", self.part)
    }
    /// Shared memory of one warp: the input and the slots, and scratch.
    pub fn warp_bytes(&self) -> usize {
        (self.slots.max(1) + 1) * GRID_BYTES + AUX_INTS * 4
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
    /// For the other programs, the first thing that kept each on the CPU
    /// (`objects(Grid, Int, Int, Int)`, `a function value`), counted.
    pub missing: BTreeMap<String, usize>,
}

impl WholeCode {
    /// Select the programs of `plan` that run whole on the device and write
    /// their source.
    pub fn of(plan: &Plan) -> WholeCode {
        let mut code = WholeCode::default();
        let (mut bodies, mut slots) = (String::new(), 0usize);
        for k in 0..plan.programs.len() {
            match program_body(plan, k, code.programs.len()) {
                Ok((body, s)) => {
                    slots = slots.max(s);
                    code.programs.push(k);
                    bodies.push_str(&body);
                    if code.programs.len() % MAX_PROGRAMS_PER_MODULE == 0 {
                        code.close_module(std::mem::take(&mut bodies), slots);
                        slots = 0;
                    }
                }
                Err(why) => *code.missing.entry(why).or_default() += 1,
            }
        }
        if code.programs.len() % MAX_PROGRAMS_PER_MODULE != 0 {
            code.close_module(bodies, slots);
        }
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
        let mut s = format!("{PRELUDE}\n");
        for m in &self.modules {
            s.push_str(&m.part);
        }
        let slots = self.modules.iter().map(|m| m.slots).max().unwrap_or(1);
        let _ = writeln!(
            s,
            "#ifdef BATTGEN_HOST_TEST\n#define WHOLE_SLOTS {slots}\n\
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
whole_eval_{i}(t - off, n_in, in_cells, in_desc, out_cells, out_desc + 4 * off, used, cap, mem, aux);\n        \
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
        let mut reasons: Vec<(&String, &usize)> = self.missing.iter().collect();
        reasons.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
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
    }
}

/// The device function of program `k` (kernel index `index`) and the grid
/// slots it uses, or what keeps it on the CPU.
fn program_body(plan: &Plan, k: usize, index: usize) -> Result<(String, usize), String> {
    let nodes = plan.program_nodes(k);
    // Each grid node's slot, each number or pair node's local; the input is `I`.
    let mut kinds: BTreeMap<usize, DevTy> = BTreeMap::new();
    let mut names: BTreeMap<usize, String> = BTreeMap::new();
    let mut last_use: BTreeMap<usize, usize> = BTreeMap::new();
    for &n in &nodes {
        for op in &plan.nodes[n].args {
            if let Operand::Node(m) = op {
                last_use.insert(*m, n);
            }
        }
    }
    let output = &plan.programs[k].output;
    let out_node = match output {
        Operand::Node(m) => Some(*m),
        Operand::Input => None,
        _ => return Err("a constant output".to_owned()),
    };
    let mut free: Vec<usize> = Vec::new();
    let mut slot_of: BTreeMap<usize, usize> = BTreeMap::new();
    let mut slots = 0usize;
    let mut locals = String::new();
    let mut body = String::new();
    for &n in &nodes {
        let node = &plan.nodes[n];
        let Operand::Prim(prim) = node.callee else {
            return Err(match node.callee {
                Operand::Fused(_) => "a fused call".to_owned(),
                _ => "a call of a function value".to_owned(),
            });
        };
        let mut args: Vec<(String, DevTy)> = Vec::with_capacity(node.args.len());
        for op in &node.args {
            args.push(match op {
                Operand::Input => ("I".to_owned(), DevTy::Grid),
                Operand::Node(m) => match (names.get(m), kinds.get(m)) {
                    (Some(name), Some(t)) => (name.clone(), *t),
                    _ => return Err("a node of another program".to_owned()),
                },
                Operand::Const(c) => crate::constants::constant(c)
                    .as_ref()
                    .and_then(literal)
                    .ok_or_else(|| format!("the constant {c}"))?,
                Operand::Prim(_) | Operand::Fused(_) => {
                    return Err(format!("{} of a function", prim.name()))
                }
            });
        }
        let tys: Vec<DevTy> = args.iter().map(|a| a.1).collect();
        let Some(fm) = form(prim, &tys) else {
            let shown: Vec<&str> = tys.iter().map(|t| ty_name(*t)).collect();
            return Err(format!("{}({})", prim.name(), shown.join(", ")));
        };
        let name = match fm.result {
            DevTy::Grid | DevTy::Indices => {
                let s = free.pop().unwrap_or_else(|| {
                    slots += 1;
                    slots - 1
                });
                if slots > MAX_SLOTS {
                    return Err(format!("more than {MAX_SLOTS} grids or sets at once"));
                }
                slot_of.insert(n, s);
                match fm.result {
                    DevTy::Grid => format!("s[{s}].g"),
                    _ => format!("s[{s}].x"),
                }
            }
            DevTy::Int => {
                let _ = writeln!(locals, "    I64 v{n} = 0;");
                format!("v{n}")
            }
            DevTy::Pair => {
                let _ = writeln!(locals, "    P v{n} = {{0, 0}};");
                format!("v{n}")
            }
            DevTy::Colors => {
                let _ = writeln!(locals, "    unsigned v{n} = 0;");
                format!("v{n}")
            }
        };
        let mut a: Vec<&str> = args.iter().map(|a| a.0.as_str()).collect();
        if fm.function == "d_compress" {
            a.push("aux");
        }
        match fm.function {
            "branch" if fm.result == DevTy::Indices => {
                let _ = writeln!(
                    body,
                    "    d_toindices({name}, {} ? {} : {});",
                    a[0], a[1], a[2]
                );
            }
            "identity" if fm.result == DevTy::Indices => {
                let _ = writeln!(body, "    d_toindices({name}, {});", a[0]);
            }
            "branch" => match fm.result {
                DevTy::Grid => {
                    let _ = writeln!(body, "    d_copy({name}, {} ? {} : {});", a[0], a[1], a[2]);
                }
                _ => {
                    let _ = writeln!(body, "    {name} = {} ? {} : {};", a[0], a[1], a[2]);
                }
            },
            "identity" => match fm.result {
                DevTy::Grid => {
                    let _ = writeln!(body, "    d_copy({name}, {});", a[0]);
                }
                _ => {
                    let _ = writeln!(body, "    {name} = {};", a[0]);
                }
            },
            function => {
                let _ = writeln!(
                    body,
                    "    if (!{function}({name}{}{})) return WHOLE_DEOPT;",
                    if a.is_empty() { "" } else { ", " },
                    a.join(", ")
                );
            }
        }
        kinds.insert(n, fm.result);
        names.insert(n, name.clone());
        // Slots whose last reader is this node (or nobody) are free again.
        let mut done: Vec<usize> = node
            .args
            .iter()
            .filter_map(|op| match op {
                Operand::Node(m) if last_use.get(m) == Some(&n) && Some(*m) != out_node => Some(*m),
                _ => None,
            })
            .collect();
        if !last_use.contains_key(&n) && Some(n) != out_node {
            done.push(n);
        }
        done.sort_unstable();
        done.dedup();
        for m in done {
            if let Some(s) = slot_of.get(&m) {
                free.push(*s);
            }
        }
    }
    let out = match out_node {
        None => "&I".to_owned(),
        Some(m) => match kinds.get(&m) {
            Some(DevTy::Grid) => format!("&{}", names[&m]),
            Some(t) => return Err(format!("an output of kind {}", ty_name(*t))),
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
    f.push_str(&locals);
    f.push_str(&body);
    let _ = writeln!(f, "    *out = {out};\n    return WHOLE_OK;\n}}\n");
    Ok((f, slots))
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
    if (LANE == 0) out_desc[4 * t] = st;\n\
    SYNC();\n}}\n\n\
#ifndef BATTGEN_HOST_TEST\n\
// One warp per evaluation, each warp taking evaluations in turn; the\n\
// block's dynamic shared memory holds the warp's bytes per warp.\n\
extern \"C\" __global__ void {KERNEL}_{index}(const signed char* in_cells, const int* in_desc, int n_in,\n\
                                     int n_prog, signed char* out_cells, int* out_desc,\n\
                                     unsigned long long* used, unsigned long long cap) {{\n\
    extern __shared__ int whole_shared[];\n\
    const int warps = blockDim.x / 32, wid = threadIdx.x / 32;\n\
    unsigned char* base = (unsigned char*)whole_shared + wid * (({slots} + 1) * sizeof(V) + {AUX_INTS} * sizeof(int));\n\
    V* mem = (V*)base;\n\
    int* aux = (int*)(base + ({slots} + 1) * sizeof(V));\n\
    const I64 total = (I64)n_in * n_prog;\n\
    for (I64 t = (I64)blockIdx.x * warps + wid; t < total; t += (I64)gridDim.x * warps)\n\
        whole_eval_{index}(t, n_in, in_cells, in_desc, out_cells, out_desc, used, cap, mem, aux);\n\
}}\n#endif"
    );
    s
}

/// The inputs as the kernel reads them: cells back to back, and per input
/// its offset, height and width.
pub fn pack_inputs(inputs: &[&crate::values::Grid]) -> (Vec<i8>, Vec<i32>) {
    let cells: usize = inputs.iter().map(|g| g.cells().len()).sum();
    let mut flat = Vec::with_capacity(cells);
    let mut desc = Vec::with_capacity(3 * inputs.len());
    for g in inputs {
        desc.extend([flat.len() as i32, g.height() as i32, g.width() as i32]);
        flat.extend_from_slice(g.cells());
    }
    (flat, desc)
}

/// Ints per evaluation in the kernel's output descriptors: status,
/// height, width, offset of the output's cells.
pub const OUT_DESC: usize = 4;

/// The result of evaluation `t` from the kernel's packed output: a grid,
/// or `None` where the device left it to the CPU.
pub fn unpack_output(cells: &[i8], desc: &[i32], t: usize) -> Option<crate::values::Grid> {
    let d = desc.get(OUT_DESC * t..OUT_DESC * (t + 1))?;
    let (st, h, w, at) = (d[0], d[1] as usize, d[2] as usize, d[3] as usize);
    (st == 0 && h > 0 && w > 0 && h * w <= OUT_CAP && at + h * w <= cells.len())
        .then(|| crate::values::Grid::new(h, w, cells[at..at + h * w].to_vec()))
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
    pub fn get(&self, t: usize) -> Option<crate::values::Grid> {
        unpack_output((*self.cells).as_ref(), &self.desc, t)
    }
}

/// Every device's results: device d ran every program on inputs `range`.
#[derive(Debug, Default)]
pub struct WholeResults {
    pub parts: Vec<(std::ops::Range<usize>, WholeOut)>,
}

impl WholeResults {
    /// The device's result of program `p` (kernel order) on input `i`.
    pub fn get(&self, p: usize, i: usize) -> Option<crate::values::Grid> {
        let (r, out) = self.parts.iter().find(|(r, _)| r.contains(&i))?;
        out.get(p * r.len() + (i - r.start))
    }
    /// Did the device give program `p`'s result on input `i`?
    pub fn given(&self, p: usize, i: usize) -> bool {
        self.parts
            .iter()
            .find(|(r, _)| r.contains(&i))
            .is_some_and(|(r, out)| {
                let t = p * r.len() + (i - r.start);
                out.desc.get(OUT_DESC * t) == Some(&0)
            })
    }
    /// Evaluations in all.
    pub fn len(&self) -> usize {
        self.parts.iter().map(|(_, o)| o.len()).sum()
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
